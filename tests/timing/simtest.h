/*
 * simtest.h - helpers shared by the timing and policy tests: run a trace through the timing
 * model with a policy and overrides, and collect the figures.
 */
#ifndef SIMT_TEST_SIMTEST_H
#define SIMT_TEST_SIMTEST_H

#include <stdint.h>

#include "simt_policy.h"
#include "simt_stats.h"
#include "synth.h"

struct simres {
    uint64_t cycles, winst, tinst;
    double simd_eff;
    char *json;       /* the statistics tree (cJSON text, owned; free()) */
    uint64_t stat[8]; /* values of the names asked for in run_trace's `want` */
    /* run_trace_pc only: the per-instruction profile summed over the launches (3 counters per
     * pc: groups, threads, diverged; simt_gpu_pc_profile), npc pcs (owned; free()) */
    uint64_t *pc;
    uint32_t npc;
};

/*! run_trace() : runs every launch of `path` under `policy` with the NULL-terminated
 *  overrides `sets` (applied after the test baseline below); fills *r. `want` lists up to 8
 *  statistics names whose values go to r->stat[]. */
simt_err run_trace(const char *path, const char *policy, const char *const *sets,
                   const char *const *want, struct simres *r);

/*! run_trace_pc() : run_trace with the per-instruction profile on (r->pc, r->npc). */
simt_err run_trace_pc(const char *path, const char *policy, const char *const *sets,
                      struct simres *r);

/* The baseline the hand-counted tests assume (see docs/TIMING.md): 1 SM, warp 32, SIMD 32,
 * 1 scheduler (lrr), ideal front end, generic collector with 8 slots and 8 banks, 2 ALUs
 * (latency 4), perfect memory. */
extern const char *const simtest_baseline[];

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);               \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

#endif
