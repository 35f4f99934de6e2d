/*
 * timing_bench.c - speed of the timing model: writes a synthetic kernel (a loop of
 * dependent and independent ALU ops and loads, per-thread trip counts), then times its
 * simulation and prints warp-instructions per second. Figures only, no assertions.
 *
 *   timing_bench [--ctas N] [--threads T] [--trip K] [--policy P] [--config PRESET]
 *                [--set k=v]... --out TRACE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simt_config.h"
#include "simt_stats.h"
#include "simt_timing.h"
#include "synth.h"

static uint32_t trip;

static uint32_t br_loop(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return v + 1 < trip + tid % 4 ? 0 : 1;
}

static uint64_t addr(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return SIMT_WIN_GLOBAL_BASE + ((cta * 1024 + tid) * 4 + v * 65536) % (1u << 26);
}

static double now_s(clockid_t clk)
{
    struct timespec ts;
    clock_gettime(clk, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    uint32_t ctas = 256, threads = 256;
    const char *policy = "pdom", *preset = "gt200-jin", *out = NULL;
    const char *sets[32];
    int nsets = 0;
    trip = 16;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--ctas"))
            ctas = (uint32_t)atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--threads"))
            threads = (uint32_t)atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--trip"))
            trip = (uint32_t)atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--policy"))
            policy = argv[i + 1];
        else if (!strcmp(argv[i], "--config"))
            preset = argv[i + 1];
        else if (!strcmp(argv[i], "--set") && nsets < 32)
            sets[nsets++] = argv[i + 1];
        else if (!strcmp(argv[i], "--out"))
            out = argv[i + 1];
        else {
            fprintf(stderr, "timing_bench: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (!out || !ctas || !threads || !trip) {
        fprintf(stderr, "usage: timing_bench [--ctas N] [--threads T] [--trip K] [--policy P] "
                        "[--config PRESET] [--set k=v]... --out TRACE\n");
        return 2;
    }
    static struct syn s;
    syn_init(&s);
    syn_func(&s);
    uint32_t b = syn_block(&s);
    syn_ops(&s, 4);
    syn_jmp(&s, b + 1);
    syn_block(&s);
    uint32_t acc = syn_reg(&s), x = syn_reg(&s);
    syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, x, 0);
    for (int k = 0; k < 4; k++) {
        uint32_t t = syn_reg(&s);
        syn_op(&s, SIMT_IC_FP32, t, x, 0);
        syn_op(&s, SIMT_IC_INT, syn_reg(&s), 0, 0);
        syn_op(&s, SIMT_IC_FP32, acc, acc, t);
    }
    syn_br(&s, b + 1, b + 2, b + 2);
    syn_block(&s);
    syn_ops(&s, 2);
    syn_exit(&s);
    struct syn_launch l = {{ctas, 1, 1}, {threads, 1, 1}, 16, 0};
    uint64_t tinst;
    simt_err e = syn_write(out, &s, &l, 1, br_loop, addr, NULL, &tinst);
    if (e) {
        fprintf(stderr, "timing_bench: %s\n", simt_errmsg());
        return 1;
    }
    simt_config *cfg = NULL;
    simt_stats *st = NULL;
    simt_gpu *g = NULL;
    simt_trace_reader *rd = NULL;
    e = simt_config_create(&cfg);
    if (!e)
        e = simt_config_load(cfg, preset);
    for (int i = 0; !e && i < nsets; i++)
        e = simt_config_set(cfg, sets[i]);
    const struct simt_policy_ops *ops = simt_policy_find(policy);
    if (!e && !ops)
        e = simt_seterr(SIMT_ERR_NOT_FOUND, "no policy %s", policy);
    if (!e)
        e = simt_stats_create(&st);
    if (!e)
        e = simt_gpu_create(cfg, ops, st, &g);
    if (!e)
        e = simt_trace_reader_open(out, &rd);
    struct simt_launch_result res = {0};
    double t0 = now_s(CLOCK_MONOTONIC), c0 = now_s(CLOCK_PROCESS_CPUTIME_ID);
    if (!e)
        e = simt_gpu_run_launch(g, rd, 0, &res);
    double dt = now_s(CLOCK_MONOTONIC) - t0, dc = now_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
    if (e) {
        fprintf(stderr, "timing_bench: %s\n", simt_errmsg());
    } else {
        printf("timing_bench: %s, policy %s, %u CTAs x %u threads: %llu cycles, %llu warp "
               "instructions, %llu thread instructions\n",
               preset, policy, ctas, threads, (unsigned long long)res.cycles,
               (unsigned long long)res.warp_instructions,
               (unsigned long long)res.thread_instructions);
        uint64_t *steps = simt_stats_find(st, "sim.sm_steps", NULL);
        printf("timing_bench: %llu SM steps (%.2f per warp instruction)\n",
               (unsigned long long)(steps ? *steps : 0),
               steps ? (double)*steps / (double)res.warp_instructions : 0.0);
        /* the rate uses CPU time: the figure is for one core, whatever else the machine runs */
        printf("timing_bench: %.3f s CPU (%.3f s wall): %.2f M warp-instructions/s, %.2f M "
               "thread-instructions/s\n",
               dc, dt, res.warp_instructions / dc / 1e6, res.thread_instructions / dc / 1e6);
    }
    simt_trace_reader_close(rd);
    simt_gpu_free(g);
    simt_stats_free(st);
    simt_config_free(cfg);
    return e ? 1 : 0;
}
