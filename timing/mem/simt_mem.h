/*
 * simt_mem.h - the full memory hierarchy behind the memory stage (simt_memstage.h):
 *   per SM : coalescer, shared-memory banks, L1 data cache (write-through, MSHRs, miss queue,
 *            line reservation), L1 constant and texture caches (read-only), MSHR hazard
 *            tracker; latencies per path;
 *   shared : request and reply interconnects (crossbar or mesh), memory partitions (an L2
 *            slice, write-back, plus a DRAM channel each), the shared saturating-counter
 *            hit predictor, and three clock domains (core; interconnect + L2; DRAM) stepped
 *            by a deterministic fractional clock (seed 003 Table 4.2: 700/1400/1800 MHz).
 * Select it with memstage.model = hierarchy; its ops table is simt_memstage_hierarchy_ops
 * (.name "hierarchy", .params = simt_mem_params). docs/MEMORY.md describes the model, the
 * statistics and the parameter keys.
 *
 * One push is one memory-stage cycle (seed 003 1.1.7, Fig 1.6): it serves one group of
 * accesses (one L1 line for global/local/texture, one distinct word for constant, one
 * conflict-free set for shared memory) and rejects the rest, raising DIV/BANK, or MSHR/COMQ/RSV
 * when the group's cache access fails (then the whole group is rejected). The core then
 * stalls (pushes the rest again) or replays them (seed 003 chapter 5).
 */
#ifndef SIMT_MEM_H
#define SIMT_MEM_H

#include <stdint.h>

#include "simt_config.h"
#include "simt_memstage.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The hierarchy's parameter table (also its ops.params). NULL-terminated. */
extern const struct simt_param_desc simt_mem_params[];

/* The ops table; simt_memstage_find("hierarchy") returns it when simt_mem is linked. */
extern const struct simt_memstage_ops simt_memstage_hierarchy_ops;

/*! simt_mem_hier_issued() : (addition to the memstage contract, for the credit tracker of
 *  seed 003 6.0.1) the core calls this when it issues `req` (a load it asked predict()
 *  about). The load takes a credit if it is predicted to miss. Safe to omit: the credit
 *  tracker then degenerates to the naive one (credits track free MSHRs). `state` is the
 *  per-SM state create() returned. */
void simt_mem_hier_issued(void *state, uint64_t cycle, const struct simt_mem_req *req);

/*! simt_mem_predicted_max_speedup() : seed 003 section 3.5, from the stalling baseline:
 *  new_cycles = old_cycles - min(blocked_cycles, alu_insts / alu_rate);
 *  returns old_cycles / new_cycles - 1 (the seed prints new/old - 1, whose sign is inverted;
 *  docs/MEMORY.md). blocked_cycles: cycles the operand collector was blocked by a memory-
 *  stage stall; alu_rate: ALU warp instructions per cycle (2 ALUs + 1 SFU -> 3 in Table 4.2,
 *  or 2 counting ALUs only). Returns 0 when old_cycles is 0. */
double simt_mem_predicted_max_speedup(uint64_t old_cycles, uint64_t blocked_cycles,
                                      uint64_t alu_insts, double alu_rate);

/* Derived figures of a run, computed from the registry counters the hierarchy registers
 * (docs/MEMORY.md gives every formula). A rate whose denominator is 0 is 0. */
struct simt_mem_derived {
    double l1d_hit_rate;              /* read_hits / reads (merges count as misses) */
    double l1d_merge_rate;            /* merges / reads */
    double l1d_rsv_fail_rate;         /* fail_rsv / (reads + writes + failed attempts) */
    double l1d_mshr_avg;              /* average MSHRs in use per SM per core cycle */
    double l2_hit_rate;               /* (read_hits + write_hits) / (reads + writes) */
    double icnt_req_util;             /* request flits / (interconnect cycles x partitions) */
    double icnt_rep_util;             /* reply flits / (interconnect cycles x SMs) */
    double dram_util;                 /* data-bus busy cycles / DRAM cycles, over all channels */
    double dram_row_hit_rate;         /* row_hits / (reads + writes) */
    double mem_latency_avg;           /* core cycles from push to data, per served load group */
    double hazard_frac[SIMT_HZ_NUM_]; /* memstage.hazards.X / (core cycles x SMs): the fraction
                                         of SM-cycles with that hazard (seed 003 Fig 3.3) */
};

/*! simt_mem_derive() : fills `out` from `stats` for a run of `nsms` SMs and `npart`
 *  partitions. SIMT_ERR_NOT_FOUND naming the counter if the hierarchy did not run. */
simt_err simt_mem_derive(const simt_stats *stats, uint32_t nsms, uint32_t npart,
                         struct simt_mem_derived *out);

#ifdef __cplusplus
}
#endif
#endif
