/* trace_bench.c - figures for the trace container (printed, not asserted): bytes per dynamic
 * thread-instruction, writer throughput and decoder throughput on synthetic but realistic
 * streams (tests/traceformat/trace_programs.c: a loop with a data-dependent branch and
 * strided loads; a switch with memcpy/atomics; direct, indirect and recursive calls).
 *
 *   trace_bench [--kernel loop|switch|calls] [--ctas N] [--threads T] [--trip K] [--out FILE]
 *   trace_bench --read TRACE [--repeat R]     (decode figures of an existing trace)
 *   trace_bench --read TRACE --profile batch|next|sim   (one decoding mode, for profilers)
 *
 * Decoding modes: "batch" walks each thread to its end in batches of 512 with one cursor
 * reset from thread to thread; "next" the same with one simt_cursor_next() per event; "sim"
 * reads as the timing model does (a cursor per thread, batches of 8, warps round-robin).
 *
 * The events of each CTA are generated first (untimed) and then replayed into the writer
 * (timed), so the write figure is the writer's own cost. */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trace_programs.h"
#include "trace_testlib.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* CPU time: robust to a busy machine */
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void die(const char *what)
{
    fprintf(stderr, "trace_bench: %s: %s\n", what, simt_errmsg());
    exit(2);
}

struct dec_fig {
    double read, cursor, load; /* best CPU seconds: end to end, in cursors, open + loading */
    uint64_t decoded, bytes;
};

static uint64_t sink;

/* One pass over `path`: open, load every CTA of every launch and (decode) walk every thread
 * with one cursor reset from thread to thread, in batches of 512 (single = 0) or one
 * simt_cursor_next() per event. Returns the CPU seconds; no timer inside the pass (a
 * thread-CPU-time read is a system call of about a microsecond here, as long as decoding a
 * small CTA's thread). */
static double decode_pass(const char *path, int decode, int single, uint64_t *decoded_out,
                          uint64_t *bytes_out)
{
    static struct simt_event evs[512];
    double t0 = now();
    simt_trace_reader *r = NULL;
    if (simt_trace_reader_open(path, &r) != SIMT_ERR_OK)
        die("reader_open");
    simt_cursor *cur = NULL;
    uint64_t decoded = 0;
    for (uint32_t l = 0; l < simt_trace_reader_nlaunches(r); l++) {
        const struct simt_launch *ln = simt_trace_reader_launch(r, l);
        for (uint64_t c = 0; c < ln->ncta; c++) {
            simt_cta *cta;
            if (simt_cta_load(r, l, c, &cta) != SIMT_ERR_OK)
                die("cta_load");
            uint32_t nthreads = decode ? simt_cta_nthreads(cta) : 0;
            for (uint32_t t = 0; t < nthreads; t++) {
                if ((cur ? simt_cursor_reset(cur, cta, t) : simt_cursor_create(cta, t, &cur)) !=
                    SIMT_ERR_OK)
                    die("cursor");
                int n;
                if (single) {
                    while ((n = simt_cursor_next(cur, evs)) > 0) {
                        decoded++;
                        sink += evs[0].addr;
                    }
                } else {
                    while ((n = simt_cursor_next_batch(cur, evs, 512)) > 0) {
                        decoded += (uint64_t)n;
                        sink += evs[n - 1].addr;
                    }
                }
                if (n < 0)
                    die("decode");
            }
            simt_cta_free(cta);
        }
    }
    simt_cursor_free(cur);
    *bytes_out = simt_trace_reader_file_bytes(r);
    simt_trace_reader_close(r);
    *decoded_out = decoded;
    return now() - t0;
}

/* Decode figures of `path`: best of `repeat` end-to-end passes and of `repeat` passes that
 * only open and load (the cursors' time is the difference of the two). */
static struct dec_fig decode_file(const char *path, int repeat, int single)
{
    struct dec_fig f = {1e30, 1e30, 1e30, 0, 0};
    uint64_t n0;
    for (int rep = 0; rep < (repeat > 0 ? repeat : 1); rep++) {
        double t = decode_pass(path, 1, single, &f.decoded, &f.bytes);
        if (t < f.read)
            f.read = t;
        t = decode_pass(path, 0, single, &n0, &f.bytes);
        if (t < f.load)
            f.load = t;
    }
    f.cursor = f.read > f.load ? f.read - f.load : 1e-9;
    return f;
}

/* Decodes like the timing model (timing/sm.c): every thread of a CTA gets its own cursor
 * (simt_cursor_create) when the CTA starts, and batches of `batch` events are taken warp by
 * warp (32 threads in turn), round-robin over the warps until every thread has exited, so
 * that many cursors are live at once. Best CPU seconds in cursors (creation included; the
 * best open + load pass subtracted) of `repeat` runs. */
static double decode_sim(const char *path, int repeat, int batch, uint64_t *decoded_out)
{
    double best = 1e30, best_load = 1e30;
    struct simt_event evs[64];
    if (batch < 1 || batch > 64)
        batch = 8;
    for (int rep = 0; rep < (repeat > 0 ? repeat : 1); rep++) {
        double t0 = now();
        simt_trace_reader *r = NULL;
        if (simt_trace_reader_open(path, &r) != SIMT_ERR_OK)
            die("reader_open");
        uint64_t decoded = 0;
        simt_cursor **curs = NULL;
        uint32_t cap = 0;
        for (uint32_t l = 0; l < simt_trace_reader_nlaunches(r); l++) {
            const struct simt_launch *ln = simt_trace_reader_launch(r, l);
            for (uint64_t c = 0; c < ln->ncta; c++) {
                simt_cta *cta;
                if (simt_cta_load(r, l, c, &cta) != SIMT_ERR_OK)
                    die("cta_load");
                uint32_t nthreads = simt_cta_nthreads(cta);
                if (nthreads > cap) {
                    simt_cursor **nc = realloc(curs, nthreads * sizeof *nc);
                    if (!nc)
                        die("out of memory");
                    curs = nc;
                    cap = nthreads;
                }
                for (uint32_t t = 0; t < nthreads; t++)
                    if (simt_cursor_create(cta, t, &curs[t]) != SIMT_ERR_OK)
                        die("cursor");
                uint32_t live = nthreads;
                while (live) {
                    for (uint32_t t = 0; t < nthreads; t++) {
                        if (!curs[t])
                            continue;
                        int n = simt_cursor_next_batch(curs[t], evs, batch);
                        if (n < 0)
                            die("decode");
                        if (n == 0) {
                            simt_cursor_free(curs[t]);
                            curs[t] = NULL;
                            live--;
                            continue;
                        }
                        decoded += (uint64_t)n;
                        sink += evs[n - 1].addr + evs[0].pc;
                    }
                }
                simt_cta_free(cta);
            }
        }
        free(curs);
        simt_trace_reader_close(r);
        double t = now() - t0;
        *decoded_out = decoded;
        if (t < best)
            best = t;
        uint64_t n0, b0;
        t = decode_pass(path, 0, 0, &n0, &b0);
        if (t < best_load)
            best_load = t;
    }
    return best > best_load ? best - best_load : 1e-9;
}

int main(int argc, char **argv)
{
    const char *kernel = "loop", *out = "trace_bench.simtrace", *readfile = NULL, *profile = NULL;
    int repeat = 3;
    uint32_t nctas = 128, nthreads = 256, trip = 16;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "--kernel"))
            kernel = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--ctas"))
            nctas = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (i + 1 < argc && !strcmp(argv[i], "--threads"))
            nthreads = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (i + 1 < argc && !strcmp(argv[i], "--trip"))
            trip = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (i + 1 < argc && !strcmp(argv[i], "--repeat"))
            repeat = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--out"))
            out = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--read"))
            readfile = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--profile"))
            profile = argv[++i];
        else {
            fprintf(stderr, "usage: trace_bench [--kernel loop|switch|calls] [--ctas N] "
                            "[--threads T] [--trip K] [--repeat R] [--out FILE]\n"
                            "       trace_bench --read TRACE [--repeat R] [--profile "
                            "batch|next|sim]\n");
            return 2;
        }
    }
    if (readfile && profile) { /* one decoding mode only, for profilers; prints its rate */
        uint64_t n = 0;
        double t;
        if (!strcmp(profile, "sim")) {
            t = decode_sim(readfile, repeat, 8, &n);
        } else if (!strcmp(profile, "batch") || !strcmp(profile, "next")) {
            struct dec_fig d = decode_file(readfile, repeat, !strcmp(profile, "next"));
            n = d.decoded;
            t = d.cursor;
        } else {
            fprintf(stderr, "trace_bench: --profile batch|next|sim\n");
            return 2;
        }
        printf("%s: %.1f M thread-instructions/s in cursors\n", profile, (double)n / t / 1e6);
        return sink == 42;
    }
    if (readfile) { /* decode figures of an existing trace */
        struct dec_fig d = decode_file(readfile, repeat, 0), d1 = decode_file(readfile, repeat, 1);
        simt_trace_reader *r;
        if (simt_trace_reader_open(readfile, &r) != SIMT_ERR_OK)
            die("reader_open");
        uint64_t want = 0;
        for (uint32_t l = 0; l < simt_trace_reader_nlaunches(r); l++)
            want += simt_trace_reader_launch(r, l)->thread_instructions;
        simt_trace_reader_close(r);
        if (d.decoded != want || d1.decoded != want) {
            fprintf(stderr,
                    "trace_bench: decoded %" PRIu64 " (batches) and %" PRIu64 " (next) of %" PRIu64
                    " thread-instructions\n",
                    d.decoded, d1.decoded, want);
            return 1;
        }
        printf("%s: %" PRIu64 " thread-instructions, %" PRIu64
               " bytes = %.4f bytes/thread-instruction\n",
               readfile, d.decoded, d.bytes, d.decoded ? (double)d.bytes / (double)d.decoded : 0);
        uint64_t ds = 0;
        double ts = decode_sim(readfile, repeat, 8, &ds);
        if (ds != want) {
            fprintf(stderr,
                    "trace_bench: decoded %" PRIu64 " (timing-model order) of %" PRIu64
                    " thread-instructions\n",
                    ds, want);
            return 1;
        }
        printf("  decode:  %.1f M thread-instructions/s in cursors (batches of 512), %.1f M/s "
               "with simt_cursor_next(); %.1f M/s end to end (open + load + decode)\n",
               (double)d.decoded / d.cursor / 1e6, (double)d1.decoded / d1.cursor / 1e6,
               (double)d.decoded / d.read / 1e6);
        printf("  sim:     %.1f M thread-instructions/s in cursors as the timing model reads "
               "(a cursor per thread, batches of 8, warps round-robin)\n",
               (double)ds / ts / 1e6);
        return sink == 42;
    }
    if (!nctas || !nthreads || nthreads > 1024) {
        fprintf(stderr, "trace_bench: need 1..1024 threads and at least one CTA\n");
        return 2;
    }
    struct tb_prog b;
    const struct tb_exec_ops *ops = tp_build(&b, kernel);
    if (!ops) {
        fprintf(stderr, "trace_bench: unknown kernel %s\n", kernel);
        return 2;
    }
    struct tp_params P = {.trip = trip,
                          .stride = 4 * (uint64_t)nthreads * nctas,
                          .base = SIMT_WIN_GLOBAL_BASE,
                          .nthreads = nthreads,
                          .depth = trip,
                          .seed = 1};
    const char *targv[] = {"trace_bench", "--kernel", kernel};
    struct simt_trace_meta meta = {"trace_bench", "trace_bench", 3, targv};
    simt_trace_writer *w;
    double t_write = 0;
    double t0 = now();
    if (simt_trace_writer_open(out, &meta, &w) != SIMT_ERR_OK)
        die("open");
    uint32_t k;
    if (simt_trace_writer_add_kernel(w, &b.p, &k) != SIMT_ERR_OK)
        die("add_kernel");
    struct simt_launch l = {
        .kernel = k, .grid = {nctas, 1, 1}, .block = {nthreads, 1, 1}, .ncta = nctas};
    if (simt_trace_writer_begin_launch(w, &l) != SIMT_ERR_OK)
        die("begin_launch");
    t_write += now() - t0;
    struct tb_log lg = {0};
    uint64_t tinst = 0, events = 0;
    for (uint32_t c = 0; c < nctas; c++) {
        lg.n = 0;
        tb_log_target = &lg;
        struct tb_cta_events ev;
        if (tb_exec_cta(NULL, &b.p, 0, c, nthreads, ops, &P, 0, &ev))
            die("exec");
        tb_log_target = NULL;
        tinst += ev.total;
        events += lg.n;
        tb_cta_events_free(&ev);
        t0 = now();
        if (tb_replay(w, &lg) != SIMT_ERR_OK)
            die("replay");
        t_write += now() - t0;
    }
    t0 = now();
    if (simt_trace_writer_end_launch(w) != SIMT_ERR_OK)
        die("end_launch");
    if (simt_trace_writer_close(w) != SIMT_ERR_OK)
        die("close");
    t_write += now() - t0;
    free(lg.rec);

    struct dec_fig d = decode_file(out, repeat, 0), d1 = decode_file(out, repeat, 1);
    uint64_t decoded = d.decoded, bytes = d.bytes;
    double t_read = d.read, t_cursor = d.cursor, t_load = d.load;
    if (decoded != tinst) {
        fprintf(stderr, "trace_bench: decoded %" PRIu64 " of %" PRIu64 " instructions\n", decoded,
                tinst);
        return 1;
    }
    printf("kernel %-6s %u CTAs x %u threads, trip %u: %" PRIu64 " thread-instructions, %" PRIu64
           " writer events\n",
           kernel, nctas, nthreads, trip, tinst, events);
    printf("  file:    %" PRIu64 " bytes = %.4f bytes/thread-instruction (%.2f bits)\n", bytes,
           (double)bytes / (double)tinst, 8.0 * (double)bytes / (double)tinst);
    printf("  write:   %.3f s = %.1f M thread-instructions/s (%.1f M events/s)\n", t_write,
           (double)tinst / t_write / 1e6, (double)events / t_write / 1e6);
    printf("  read:    %.3f s = %.1f M thread-instructions/s end to end (open + load + "
           "decode, best of %d)\n",
           t_read, (double)tinst / t_read / 1e6, repeat);
    printf("  decode:  %.1f M thread-instructions/s in cursors (batches of 512); open + CTA "
           "load+decompress %.3f s\n",
           (double)tinst / t_cursor / 1e6, t_load);
    printf("  next:    %.1f M thread-instructions/s in cursors, one simt_cursor_next() per "
           "event\n",
           (double)tinst / d1.cursor / 1e6);
    uint64_t ds = 0;
    double ts = decode_sim(out, repeat, 8, &ds);
    if (ds != tinst) {
        fprintf(stderr, "trace_bench: decoded %" PRIu64 " (timing-model order) of %" PRIu64 "\n",
                ds, tinst);
        return 1;
    }
    printf("  sim:     %.1f M thread-instructions/s in cursors as the timing model reads (a "
           "cursor per thread, batches of 8, warps round-robin)\n",
           (double)ds / ts / 1e6);
    tb_free(&b);
    return sink == 42;
}
