/* derived.c - figures derived from the hierarchy's counters (contract in simt_mem.h). */
#include <string.h>

#include "simt_mem.h"
#include "simt_stats.h"

static double ratio(double a, double b)
{
    return b > 0 ? a / b : 0;
}

simt_err simt_mem_derive(const simt_stats *stats, uint32_t nsms, uint32_t npart,
                         struct simt_mem_derived *out)
{
    static const char *const names[] = {
        "mem.l1d.reads",          "mem.l1d.read_hits",     "mem.l1d.merges",
        "mem.l1d.fail_rsv",       "mem.l1d.writes",        "mem.l1d.fail_mshr",
        "mem.l1d.fail_comq",      "mem.l1d.mshr_occ_sum",  "mem.l1d.ticks",
        "mem.l2.reads",           "mem.l2.writes",         "mem.l2.read_hits",
        "mem.l2.write_hits",      "mem.icnt.req.flits",    "mem.icnt.rep.flits",
        "mem.clock.icnt_cycles",  "mem.dram.bus_busy",     "mem.clock.dram_cycles",
        "mem.dram.row_hits",      "mem.dram.reads",        "mem.dram.writes",
        "mem.latency.sum_cycles", "mem.latency.groups",    "mem.clock.core_cycles",
        "memstage.hazards.div",   "memstage.hazards.bank", "memstage.hazards.mshr",
        "memstage.hazards.comq",  "memstage.hazards.rsv",
    };
    enum { N = sizeof names / sizeof names[0] };
    double v[N];
    for (int i = 0; i < N; i++) {
        const uint64_t *p = simt_stats_find(stats, names[i], NULL);
        SIMT_RETURN_IF(!p, SIMT_ERR_NOT_FOUND,
                       "memory statistics: counter '%s' missing (memstage.model is not "
                       "'hierarchy'?)",
                       names[i]);
        v[i] = (double)*p;
    }
    memset(out, 0, sizeof *out);
    out->l1d_hit_rate = ratio(v[1], v[0]);
    out->l1d_merge_rate = ratio(v[2], v[0]);
    out->l1d_rsv_fail_rate = ratio(v[3], v[0] + v[4] + v[3] + v[5] + v[6]);
    out->l1d_mshr_avg = ratio(v[7], v[8]); /* ticks are summed over SMs too */
    out->l2_hit_rate = ratio(v[11] + v[12], v[9] + v[10]);
    out->icnt_req_util = ratio(v[13], v[15] * npart);
    out->icnt_rep_util = ratio(v[14], v[15] * nsms);
    out->dram_util = ratio(v[16], v[17] * npart);
    out->dram_row_hit_rate = ratio(v[18], v[19] + v[20]);
    out->mem_latency_avg = ratio(v[21], v[22]);
    for (int h = 0; h < SIMT_HZ_NUM_; h++)
        out->hazard_frac[h] = ratio(v[24 + h], v[23] * nsms); /* per SM-cycle */
    return SIMT_ERR_OK;
}

double simt_mem_predicted_max_speedup(uint64_t old_cycles, uint64_t blocked_cycles,
                                      uint64_t alu_insts, double alu_rate)
{
    if (!old_cycles || alu_rate <= 0)
        return 0;
    const double alu_cycles = (double)alu_insts / alu_rate;
    const double saved = (double)blocked_cycles < alu_cycles ? (double)blocked_cycles : alu_cycles;
    const double new_cycles = (double)old_cycles - saved;
    return new_cycles > 0 ? (double)old_cycles / new_cycles - 1.0 : 0;
}
