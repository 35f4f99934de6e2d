/*
 * params.c - the timing core's parameter tables, one per component (simt_config.h). These are
 * the single source for parsing, validation, --list-params and docs/CONFIG_REFERENCE.md.
 * Sources of the defaults: seed 003 section 1.1.6 and Table 4.2 (Fermi-like core), seed 000
 * Table 5.1 (GT200-like core); the presets in timing/configs/ override them per GPU.
 */
#include <stddef.h>

#include "simt_config.h"

#define END                                                                                        \
    {                                                                                              \
        NULL, 0, NULL, 0, 0, NULL, NULL                                                            \
    }
#define I(k, d, lo, hi, h)                                                                         \
    {                                                                                              \
        k, SIMT_PT_INT, d, lo, hi, NULL, h                                                         \
    }
#define R(k, d, lo, hi, h)                                                                         \
    {                                                                                              \
        k, SIMT_PT_REAL, d, lo, hi, NULL, h                                                        \
    }
#define B(k, d, h)                                                                                 \
    {                                                                                              \
        k, SIMT_PT_BOOL, d, 0, 0, NULL, h                                                          \
    }
#define E(k, d, ch, h)                                                                             \
    {                                                                                              \
        k, SIMT_PT_ENUM, d, 0, 0, ch, h                                                            \
    }
#define S(k, d, h)                                                                                 \
    {                                                                                              \
        k, SIMT_PT_STR, d, 0, 0, NULL, h                                                           \
    }

static const struct simt_param_desc gpu_params[] = {
    S("gpu.name", "generic", "name of the modelled GPU (reported in the statistics)"),
    I("gpu.nsms", "28", 1, 1024, "streaming multiprocessors (cores)"),
    R("gpu.core_clock_mhz", "1300", 1, 1e5, "core clock in MHz (cycles are core cycles)"),
    R("gpu.icnt_clock_mhz", "1300", 1, 1e5,
      "interconnect + L2 clock in MHz (read by the memory hierarchy; unused by perfect/fixed)"),
    R("gpu.mem_clock_mhz", "1300", 1, 1e5,
      "DRAM clock in MHz (read by the memory hierarchy; unused by perfect/fixed)"),
    I("gpu.mem_channels", "8", 1, 256,
      "memory modules / controllers (read by the memory hierarchy; unused by perfect/fixed)"),
    I("gpu.mem_channel_bytes_per_cycle", "8", 1, 4096,
      "bandwidth per memory module in bytes per cycle (memory hierarchy only)"),
    E("gpu.interconnect", "crossbar", "crossbar|mesh",
      "interconnect topology (memory hierarchy only)"),
    END,
};

static const struct simt_param_desc core_params[] = {
    I("core.warp_size", "32", 1, 64, "threads per static warp"),
    I("core.simd_width", "32", 1, 64,
      "SIMD lanes per unit; a warp occupies a unit warp_size/simd_width cycles (seed 000 4.3)"),
    I("core.max_threads", "1536", 1, 16384, "thread slots per SM"),
    I("core.max_ctas", "8", 1, 1024, "resident CTAs per SM"),
    I("core.registers", "32768", 1, 1 << 24, "32-bit registers per SM (occupancy limit)"),
    I("core.shared_bytes", "49152", 0, 1 << 30, "shared memory bytes per SM (occupancy limit)"),
    I("core.min_regs_per_thread", "0", 0, 1024,
      "registers per thread assumed when the trace records fewer (0: use the trace's figure)"),
    I("core.wb_ports", "2", 1, 64, "results written back to the register file per cycle"),
    END,
};

static const struct simt_param_desc hazard_params[] = {
    E("hazard.mode", "stall", "stall|replay",
      "memory hazards: stall in the LD/ST unit, or replay the unserved threads (seed 003 ch. 5)"),
    END,
};

static const struct simt_param_desc frontend_params[] = {
    E("frontend.model", "ideal", "ideal|buffered",
      "ideal: every instruction is in the warp buffer; buffered: fetch + i-cache + decode"),
    I("frontend.ibuffer_depth", "2", 1, 64, "instructions per static warp in the warp buffer"),
    I("frontend.fetch_width", "2", 1, 64, "instructions fetched per fetch (one warp per cycle)"),
    I("frontend.decode_latency", "1", 0, 1000, "cycles from fetch to a valid buffer entry"),
    I("frontend.inst_bytes", "8", 1, 64, "bytes per instruction (pc * inst_bytes = address)"),
    I("frontend.icache_bytes", "16384", 64, 1 << 24, "instruction cache size in bytes"),
    I("frontend.icache_line_bytes", "128", 8, 4096, "instruction cache line size in bytes"),
    I("frontend.icache_assoc", "4", 1, 64, "instruction cache associativity"),
    I("frontend.icache_miss_latency", "20", 0, 100000, "cycles to fill an instruction cache miss"),
    END,
};

static const struct simt_param_desc sched_params[] = {
    I("sched.count", "1", 1, 16,
      "warp schedulers per SM; each owns the groups the policy assigns it (seed 003 1.1.6.1)"),
    E("sched.policy", "lrr", "lrr|gto|two-level",
      "loose round-robin, greedy-then-oldest, or two-level (Narasiman et al.)"),
    I("sched.active_groups", "8", 1, 4096, "two-level: groups in the active set of each scheduler"),
    E("sched.two_level_promote", "ready", "ready|oldest",
      "two-level: free active places go to the oldest pending groups whose next instruction "
      "does not wait on a load (ready), or to the oldest pending groups (oldest, the model "
      "before 2026-11-21: a group still waiting is promoted and demoted again)"),
    B("sched.issue_blocking", "false",
      "a scheduler stays busy for the issue_cycles of the group it issued (one SIMD pipeline "
      "fed warp_size/simd_width cycles per warp, seed 000 4.3); false: only the unit is held"),
    B("sched.dual_issue", "false",
      "issue a second instruction of the same group in the same cycle if possible"),
    END,
};

static const struct simt_param_desc collector_params[] = {
    E("collector.model", "generic", "generic|separated",
      "generic: any slot serves any unit; separated: slots per unit type (seed 003 3.4.1.2)"),
    I("collector.slots", "8", 1, 1024, "generic model: collector slots per SM"),
    I("collector.slots_per_unit", "2", 1, 1024,
      "separated model: slots per unit type (ALU, SFU, MEM, BRANCH)"),
    I("collector.banks", "8", 1, 1024,
      "register-file banks; a bank serves one operand read per cycle"),
    END,
};

static const struct simt_param_desc units_params[] = {
    I("units.alu", "2", 1, 64, "ALU/SP units (int, fp32, fp16, fp64, warp ops)"),
    I("units.alu_latency", "4", 1, 10000, "ALU result latency in cycles after dispatch"),
    I("units.alu_ii", "1", 1, 10000, "ALU initiation interval (per SIMD pass)"),
    I("units.fp64_factor", "1", 1, 64, "fp64 instructions occupy an ALU this many times longer"),
    I("units.sfu", "1", 1, 64, "special function units"),
    I("units.sfu_latency", "16", 1, 10000, "SFU result latency in cycles"),
    I("units.sfu_ii", "4", 1, 10000, "SFU initiation interval (per SIMD pass)"),
    I("units.mem", "1", 1, 64, "LD/ST units (each feeds the SM's memory stage)"),
    I("units.mem_latency", "1", 1, 10000, "address-generation cycles before the memory stage"),
    I("units.branch", "1", 1, 64, "branch units (branch, call, return, barrier, exit, membar)"),
    I("units.branch_latency", "1", 1, 10000, "branch unit latency in cycles"),
    I("units.issue_cycles", "0", 0, 64,
      "cycles a full group occupies a unit; 0 = ceil(warp_size / simd_width)"),
    END,
};

static const struct simt_param_desc memstage_params[] = {
    E("memstage.model", "perfect", "perfect|fixed|hierarchy",
      "perfect: zero latency (seed 000 5.2); fixed: fixed latency; hierarchy: timing/mem"),
    I("memstage.latency", "100", 0, 1000000, "fixed model: cycles for global/local/const/param"),
    I("memstage.shared_latency", "20", 0, 1000000, "fixed model: cycles for shared memory"),
    I("memstage.segment_bytes", "128", 0, 1 << 20,
      "fixed model: coalescing segment; one segment per cycle (DIV hazard); 0 = no limit"),
    I("memstage.shared_banks", "32", 0, 1024,
      "fixed model: shared memory banks of 4 bytes (BANK hazard); 0 = no conflicts"),
    END,
};

static const struct simt_param_desc sim_params[] = {
    I("sim.watchdog_cycles", "1000000", 100, 1ll << 40,
      "cycles without any issue or completion that count as a deadlock"),
    I("sim.max_cycles", "0", 0, 1ll << 50, "stop with an error after this many cycles (0 = no)"),
    B("sim.decoupled", "true",
      "step SMs one after another between CTA dispatches when nothing couples them (perfect or "
      "fixed memory, no grid barrier, no time series, no hws.sync_sms); results are identical "
      "to lockstep (false), only faster"),
    B("sim.fast_scan", "true",
      "one scheduler with loose round-robin and the ideal front end: scan the policy's answer "
      "in one pass instead of building candidate buckets; results are identical to false, "
      "only faster"),
    B("sim.collector_skip", "true",
      "skip the operand collector's scan while it is quiet (every instruction read, none "
      "dispatchable, nothing it reads changed); results are identical to false, only faster"),
    B("sim.skip_cycles", "true",
      "step an SM only in the cycles where something can happen in it (its next pipeline or "
      "memory event); false steps every SM in every cycle of the launch - slow, to check that "
      "the skipping changes no result (docs/TIMING.md; a policy with an idle() hook, ukernel, "
      "sees the extra cycles)"),
    I("sim.epoch_cycles", "0", 0, 1ll << 40,
      "record a time series of the counters every this many cycles (0 = off)"),
    S("sim.launches", "all",
      "launches of each trace to replay (kernel sampling): all, or a comma-separated list of "
      "launch indices N and ranges A-B (inclusive) and A- (to the last); the others are "
      "not simulated: the caches keep what the last replayed launch left (docs/TIMING.md, "
      "\"Launch sampling\")"),
    S("sim.kernels", "all",
      "kernels whose launches are replayed: all, or a comma-separated list of kernel names, "
      "each the mangled name or the function's own name (bfs_expand matches "
      "_Z10bfs_expandPKiS0_...); combined with sim.launches, a launch must pass both"),
    END,
};

static const struct simt_param_desc *const tables[] = {
    gpu_params,       core_params,  hazard_params,   frontend_params, sched_params,
    collector_params, units_params, memstage_params, sim_params,      NULL,
};
static const char *const names[] = {"gpu",       "core",  "hazard",   "frontend", "sched",
                                    "collector", "units", "memstage", "sim",      NULL};

const struct simt_param_desc *const *simt_core_param_tables(const char *const **components)
{
    if (components)
        *components = names;
    return tables;
}
