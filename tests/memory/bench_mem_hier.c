/* bench_mem_hier.c - speed of the memory hierarchy alone: 10 SMs (fermi-turner) each offer
 * one warp memory instruction per core cycle, as a stalling LD/ST unit would (rejected
 * accesses are offered again the next cycle). Mix: 60% coalesced loads over a 4 MiB window,
 * 15% gathers, 15% stores, 10% shared-memory loads. Prints warp memory instructions per
 * second of wall-clock time.  usage: bench_mem_hier [WARP_INSTRUCTIONS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simt_mem.h"

#define NSM 10

static uint64_t completed;

static void on_complete(void *ctx, uint64_t token, uint32_t n, uint64_t cycle)
{
    (void)ctx;
    (void)token;
    (void)cycle;
    completed += n;
}

struct held {
    struct simt_mem_access acc[32];
    struct simt_mem_req req;
    int busy;
};

int main(int argc, char **argv)
{
    const uint64_t target = argc > 1 ? strtoull(argv[1], NULL, 10) : 1000000;
    simt_config *cfg;
    simt_stats *st;
    if (simt_config_create(&cfg) || simt_config_load(cfg, "fermi-turner") ||
        simt_config_set(cfg, "memstage.model=hierarchy") || simt_stats_create(&st)) {
        fprintf(stderr, "bench_mem_hier: %s\n", simt_errmsg());
        return 1;
    }
    const struct simt_memstage_ops *ops = &simt_memstage_hierarchy_ops;
    void *shared, *sm[NSM];
    struct simt_memstage_client cl = {.ctx = NULL, .complete = on_complete};
    if (ops->shared_create(cfg, NSM, st, &shared)) {
        fprintf(stderr, "bench_mem_hier: %s\n", simt_errmsg());
        return 1;
    }
    for (int i = 0; i < NSM; i++)
        if (ops->create(cfg, (uint32_t)i, shared, st, &cl, &sm[i])) {
            fprintf(stderr, "bench_mem_hier: %s\n", simt_errmsg());
            return 1;
        }
    static struct held h[NSM];
    uint32_t rej[32];
    uint64_t x = 42, issued = 0, cycle = 0, tok = 0;
    const clock_t t0 = clock();
    while (issued < target) {
        for (int i = 0; i < NSM; i++) {
            ops->tick(sm[i], cycle);
            struct held *w = &h[i];
            if (!w->busy) {
                x = x * 6364136223846793005ull + 1442695040888963407ull;
                const uint32_t kind = (uint32_t)(x >> 58) % 20;
                const uint64_t base =
                    SIMT_WIN_GLOBAL_BASE + ((x >> 20) % (4u << 20) & ~(uint64_t)127);
                for (uint32_t t = 0; t < 32; t++) {
                    uint64_t a;
                    if (kind < 12 || (kind >= 15 && kind < 18))
                        a = base + 4 * t;
                    else if (kind < 15)
                        a = SIMT_WIN_GLOBAL_BASE + ((x >> 8) * (t + 1) * 2654435761u) % (4u << 20);
                    else
                        a = SIMT_WIN_SHARED_BASE + 4 * t;
                    w->acc[t] = (struct simt_mem_access){.addr = a & ~3ull, .size = 4, .thread = t};
                }
                w->req = (struct simt_mem_req){.pc = kind,
                                               .kind = kind >= 15 && kind < 18 ? SIMT_MK_STORE
                                                                               : SIMT_MK_LOAD,
                                               .space = SIMT_MS_GENERIC,
                                               .token = tok++,
                                               .naccess = 32,
                                               .acc = w->acc};
                w->busy = 1;
            }
            struct simt_mem_outcome o = {.rejected = rej};
            if (ops->push(sm[i], cycle, &w->req, &o)) {
                fprintf(stderr, "bench_mem_hier: %s\n", simt_errmsg());
                return 1;
            }
            if (!o.nrejected) {
                w->busy = 0;
                issued++;
            } else {
                for (uint32_t k = 0; k < o.nrejected; k++)
                    w->acc[k] = w->acc[o.rejected[k]];
                w->req.naccess = o.nrejected;
            }
        }
        ops->shared_tick(shared, cycle);
        cycle++;
    }
    const double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    struct simt_mem_derived d;
    if (simt_mem_derive(st, NSM, 6, &d)) {
        fprintf(stderr, "bench_mem_hier: %s\n", simt_errmsg());
        return 1;
    }
    printf("memory hierarchy alone (fermi-turner, %d SMs): %llu warp memory instructions, "
           "%llu core cycles, %.3f s CPU: %.2f M warp memory instructions/s\n",
           NSM, (unsigned long long)issued, (unsigned long long)cycle, secs,
           secs > 0 ? issued / secs / 1e6 : 0.0);
    printf("  L1D hit rate %.3f, L2 hit rate %.3f, DRAM util %.3f, row-buffer hit rate %.3f, "
           "avg load latency %.1f cycles, MSHR avg %.1f\n",
           d.l1d_hit_rate, d.l2_hit_rate, d.dram_util, d.dram_row_hit_rate, d.mem_latency_avg,
           d.l1d_mshr_avg);
    printf("  hazard cycles / core cycle: div %.3f bank %.3f mshr %.3f comq %.3f rsv %.3f\n",
           d.hazard_frac[0], d.hazard_frac[1], d.hazard_frac[2], d.hazard_frac[3],
           d.hazard_frac[4]);
    for (int i = 0; i < NSM; i++)
        ops->destroy(sm[i]);
    ops->shared_destroy(shared);
    simt_stats_free(st);
    simt_config_free(cfg);
    return completed ? 0 : 1;
}
