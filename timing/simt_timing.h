/*
 * simt_timing.h - the cycle-level GPU model: SMs that replay a per-thread trace through a
 * front end, warp schedulers, an operand collector, functional units and a memory stage,
 * with divergence decided by a policy (policies/simt_policy.h). See docs/TIMING.md.
 *
 * Use: simt_gpu_create(cfg, policy, stats) once; simt_gpu_run_launch() for each launch in
 * order (kernels run one after another, cycles accumulate); simt_gpu_free().
 */
#ifndef SIMT_TIMING_H
#define SIMT_TIMING_H

#include <stddef.h>
#include <stdint.h>

#include "simt_config.h"
#include "simt_error.h"
#include "simt_policy.h"
#include "simt_stats.h"
#include "simt_trace.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct simt_gpu simt_gpu;

/* Figures of one launch (also in the statistics registry). */
struct simt_launch_result {
    uint64_t cycles;              /* from the launch's first cycle to its last, inclusive */
    uint64_t warp_instructions;   /* issued groups */
    uint64_t thread_instructions; /* issued thread-instructions (= the trace's count) */
    uint64_t ctas;
};

/* Progress report, called every ~2^20 warp instructions (for a terminal progress line). */
typedef void (*simt_progress_fn)(void *ctx, uint64_t cycle, uint64_t warp_instructions,
                                 uint64_t ctas_done, uint64_t ctas_total);

/*! simt_gpu_create() : a GPU as configured by `cfg` (read now; cfg must outlive the GPU),
 *  running divergence policy `policy`, counting into `stats`. */
simt_err simt_gpu_create(const simt_config *cfg, const struct simt_policy_ops *policy,
                         simt_stats *stats, simt_gpu **out);
void simt_gpu_free(simt_gpu *g);

void simt_gpu_set_progress(simt_gpu *g, simt_progress_fn fn, void *ctx);

/*! simt_gpu_run_launch() : simulates launch `launch` of `r` to completion. CTAs are loaded
 *  from the reader when dispatched and freed when done. Errors: the trace's errors, LAUNCH
 *  (a CTA fits no SM), DEADLOCK (watchdog, with the stuck warps in the message), INVARIANT
 *  (a thread-instruction count differs from the trace's), LIMIT (sim.max_cycles). */
simt_err simt_gpu_run_launch(simt_gpu *g, simt_trace_reader *r, uint32_t launch,
                             struct simt_launch_result *res);

/*! simt_gpu_cycle() : the current cycle (sum of the launches simulated so far). */
uint64_t simt_gpu_cycle(const simt_gpu *g);

/*! simt_gpu_epochs() : the time series recorded every sim.epoch_cycles cycles: *triples
 *  points at n (cycle, warp_instructions, thread_instructions) triples (cumulative counts
 *  at that cycle), owned by the GPU. Returns n (0 when sim.epoch_cycles = 0). */
size_t simt_gpu_epochs(const simt_gpu *g, const uint64_t **triples);

/*! simt_gpu_set_pc_profile() : from the next launch on, count per static instruction (off by
 *  default; when on, each issue adds to three counters, nothing else changes). */
simt_err simt_gpu_set_pc_profile(simt_gpu *g, int on);

/*! simt_gpu_pc_profile() : the profile of the last launch simulated with it on: *counts points
 *  at 3 x n counters (owned by the GPU, valid until the next launch), for pc = 0..n-1 of the
 *  launch's kernel: groups issued at pc, their threads (thread-instructions), and the branch
 *  groups whose threads went on at different pcs (diverged). Returns n (0 if none). */
size_t simt_gpu_pc_profile(const simt_gpu *g, const uint64_t **counts);

#ifdef __cplusplus
}
#endif
#endif
