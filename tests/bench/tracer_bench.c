/*
 * tracer_bench.c - thread-instructions per second of the tracer engine with tracing on,
 * on compute-bound kernels (tests/bench/tracer_bench.cu). Prints figures; asserts nothing
 * about time. Usage: tracer_bench <kernels.bc> [--notrace] [--ctas N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "simt_tracer.h"

static double now(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int die(simt_err e)
{
    fprintf(stderr, "tracer_bench: %s: %s\n", simt_err_name(e), simt_errmsg());
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: tracer_bench <kernels.bc> [--notrace] [--ctas N]\n");
        return 2;
    }
    int trace = 1;
    uint32_t ctas = 64;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--notrace") == 0)
            trace = 0;
        else if (strcmp(argv[i], "--ctas") == 0 && i + 1 < argc)
            ctas = (uint32_t)atoi(argv[++i]);
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *img = malloc((size_t)n);
    if (!img || fread(img, 1, (size_t)n, f) != (size_t)n)
        return 1;
    fclose(f);
    char path[128];
    snprintf(path, sizeof(path), "/tmp/tracer_bench_%d.trace", (int)getpid());
    const char *kernels[] = {"arith", "mandel"};
    for (int k = 0; k < 2; k++) {
        struct simt_device_config cfg;
        memset(&cfg, 0, sizeof(cfg));
        cfg.trace_path = trace ? path : NULL;
        cfg.launch_last = UINT64_MAX;
        simt_device *d;
        simt_err e = simt_device_create(&cfg, &d);
        if (e)
            return die(e);
        simt_module *m;
        if ((e = simt_module_load(d, img, (size_t)n, argv[1], &m)))
            return die(e);
        uint32_t threads = 256, total = ctas * threads;
        uint64_t out;
        if ((e = simt_dev_malloc(d, (uint64_t)total * 4, &out)))
            return die(e);
        int p1 = k == 0 ? 200 : 128, p2 = 400;
        void *args[] = {&out, &p1, &p2};
        double t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
        if ((e = simt_launch(d, m, kernels[k], (struct simt_dim3){ctas, 1, 1},
                             (struct simt_dim3){threads, 1, 1}, 0, args)))
            return die(e);
        if ((e = simt_device_finish(d)))
            return die(e);
        double dt = now(CLOCK_MONOTONIC) - t0, dc = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
        struct simt_device_stats st;
        simt_device_stats(d, &st);
        printf("%-7s %s: %llu thread-instructions, %.3f s wall, %.3f s CPU: %.1f M "
               "thread-instructions per CPU-second (%.1f M/s wall)\n",
               kernels[k], trace ? "traced  " : "untraced",
               (unsigned long long)st.thread_instructions, dt, dc,
               (double)st.thread_instructions / dc / 1e6,
               (double)st.thread_instructions / dt / 1e6);
        if (trace)
            printf("        trace %llu bytes (%.3f bytes per thread-instruction)\n",
                   (unsigned long long)st.trace_bytes,
                   (double)st.trace_bytes / (double)st.thread_instructions);
        simt_device_free(d);
        remove(path);
    }
    free(img);
    return 0;
}
