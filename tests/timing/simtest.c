/*
 * simtest.c - helpers shared by the timing and policy tests (simtest.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "simt_config.h"
#include "simt_timing.h"
#include "simtest.h"

const char *const simtest_baseline[] = {"gpu.nsms=1",
                                        "core.warp_size=32",
                                        "core.simd_width=32",
                                        "core.max_threads=1024",
                                        "core.max_ctas=8",
                                        "core.wb_ports=2",
                                        "sched.count=1",
                                        "sched.policy=lrr",
                                        "sched.dual_issue=false",
                                        "sched.issue_blocking=false",
                                        "frontend.model=ideal",
                                        "collector.model=generic",
                                        "collector.slots=8",
                                        "collector.banks=8",
                                        "units.alu=2",
                                        "units.alu_latency=4",
                                        "units.alu_ii=1",
                                        "units.sfu=1",
                                        "units.sfu_latency=16",
                                        "units.mem=1",
                                        "units.mem_latency=1",
                                        "units.branch=1",
                                        "units.branch_latency=1",
                                        "units.issue_cycles=0",
                                        "memstage.model=perfect",
                                        "sim.watchdog_cycles=10000",
                                        NULL};

static simt_err run(const char *path, const char *policy, const char *const *sets,
                    const char *const *want, int pc_profile, struct simres *r)
{
    memset(r, 0, sizeof *r);
    const struct simt_policy_ops *ops = simt_policy_find(policy);
    if (!ops)
        return simt_seterr(SIMT_ERR_NOT_FOUND, "no policy %s", policy);
    simt_config *cfg = NULL;
    simt_stats *st = NULL;
    simt_gpu *g = NULL;
    simt_trace_reader *rd = NULL;
    simt_err e = simt_config_create(&cfg);
    for (int i = 0; !e && simtest_baseline[i]; i++)
        e = simt_config_set(cfg, simtest_baseline[i]);
    for (int i = 0; !e && sets && sets[i]; i++)
        e = simt_config_set(cfg, sets[i]);
    if (!e)
        e = simt_stats_create(&st);
    if (!e)
        e = simt_gpu_create(cfg, ops, st, &g);
    if (!e && pc_profile)
        e = simt_gpu_set_pc_profile(g, 1);
    if (!e)
        e = simt_trace_reader_open(path, &rd);
    for (uint32_t l = 0; !e && l < simt_trace_reader_nlaunches(rd); l++) {
        struct simt_launch_result res;
        e = simt_gpu_run_launch(g, rd, l, &res);
        if (!e) {
            r->cycles += res.cycles;
            r->winst += res.warp_instructions;
            r->tinst += res.thread_instructions;
        }
        const uint64_t *c;
        const size_t n = !e && pc_profile ? simt_gpu_pc_profile(g, &c) : 0;
        if (n && !r->pc) {
            r->pc = calloc(3 * n, sizeof *r->pc);
            r->npc = (uint32_t)n;
            if (!r->pc)
                e = simt_seterr(SIMT_ERR_NOMEM, "out of memory");
        }
        for (size_t i = 0; r->pc && i < 3 * n && i < 3 * (size_t)r->npc; i++)
            r->pc[i] += c[i];
    }
    if (!e) {
        uint32_t ws = (uint32_t)simt_config_int(cfg, "core.warp_size");
        r->simd_eff = r->winst ? (double)r->tinst / ((double)r->winst * ws) : 0;
        cJSON *j = simt_stats_to_cjson(st, NULL, 0);
        r->json = j ? cJSON_PrintUnformatted(j) : NULL;
        cJSON_Delete(j);
        for (int i = 0; want && want[i] && i < 8; i++) {
            uint64_t *v = simt_stats_find(st, want[i], NULL);
            r->stat[i] = v ? *v : UINT64_MAX;
        }
    }
    simt_trace_reader_close(rd);
    simt_gpu_free(g);
    simt_stats_free(st);
    simt_config_free(cfg);
    return e;
}

simt_err run_trace(const char *path, const char *policy, const char *const *sets,
                   const char *const *want, struct simres *r)
{
    return run(path, policy, sets, want, 0, r);
}

simt_err run_trace_pc(const char *path, const char *policy, const char *const *sets,
                      struct simres *r)
{
    return run(path, policy, sets, NULL, 1, r);
}
