/* timing.mem.sleep.* : the sleeping LD/ST unit (simt_memstage.h sleep()/repeat()/wake(),
 * docs/MEMORY.md "Simulation speed") changes nothing. One SM of the memory hierarchy is
 * driven twice with the same instruction stream, as the core's stalling LD/ST unit drives it:
 *   - "every cycle": the SM's stage is ticked every cycle and a stalled instruction is pushed
 *     again every cycle (the core without the sleep);
 *   - "sleeping": after a push that served nothing and sleep() = true, the SM is neither
 *     ticked nor pushed until wake() (or a fixed-latency completion the stage's next_event()
 *     asks for, when the SM is ticked and the left-out push of that cycle is counted), and
 *     the pushes left out are counted with repeat().
 * Both must serve every push in the same cycle, complete every access in the same cycle, and
 * end with every statistic of the registry equal; and the sleeping run must actually sleep
 * (a test that cannot fail otherwise would prove nothing). Scenarios: COMQ (a 2-entry miss
 * queue of write-through stores), COMQ on straddling stores (two lines per group, the fft
 * case), MSHR (2 MSHRs, woken by fills: the MSHR occupancy statistics of the skipped cycles),
 * RSV (one set of two ways). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_config.h"
#include "simt_mem.h"
#include "simt_memstage.h"
#include "simt_stats.h"

static int failures;
#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c);                  \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)
#define OK(e)                                                                                      \
    do {                                                                                           \
        if ((e) != SIMT_ERR_OK) {                                                                  \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #e, simt_errmsg());             \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#define G      0x200000000000ull /* global window */
#define MAXLOG 8192
#define NINST  24

struct done {
    uint64_t token, cycle;
    uint32_t n;
};

struct run {
    struct done log[MAXLOG];
    uint32_t nlog;
    uint64_t served_at[NINST]; /* cycle at which each instruction's last access was served */
    uint64_t asleep_cycles;    /* cycles the sleeping run left out */
    uint64_t woken;            /* wake() calls */
    uint64_t wake_cycle;       /* the last wake()'s cycle (UINT64_MAX: none pending) */
    uint64_t *stats;
    size_t nstats;
    uint64_t hazard_count; /* the scenario's hazard_stat at the end */
};

static void on_complete(void *ctx, uint64_t token, uint32_t n, uint64_t cycle)
{
    struct run *r = ctx;
    if (r->nlog < MAXLOG)
        r->log[r->nlog++] = (struct done){token, cycle, n};
}

static void on_wake(void *ctx, uint64_t cycle)
{
    struct run *r = ctx;
    r->woken++;
    r->wake_cycle = cycle;
}

/* Instruction i of a scenario: 32 threads, `kind`, address base + i * step + t * stride. */
struct scen {
    const char *name;
    const char *sets[6];
    const char *hazard_stat; /* the failure the scenario is about (checked non-zero) */
    int kind;
    uint64_t stride, step;
    uint32_t size;
};

static void run_one(const struct scen *sc, int sleeping, struct run *r)
{
    const struct simt_memstage_ops *ops = &simt_memstage_hierarchy_ops;
    simt_config *cfg;
    simt_stats *st;
    void *shared, *sm;
    memset(r, 0, sizeof *r);
    r->wake_cycle = UINT64_MAX;
    OK(simt_config_create(&cfg));
    OK(simt_config_set(cfg, "memstage.model=hierarchy"));
    OK(simt_config_set(cfg, "gpu.mem_channels=2"));
    for (const char *const *s = sc->sets; *s; s++)
        OK(simt_config_set(cfg, *s));
    OK(simt_stats_create(&st));
    OK(ops->shared_create(cfg, 1, st, &shared));
    struct simt_memstage_client cl = {.ctx = r, .complete = on_complete, .wake = on_wake};
    OK(ops->create(cfg, 0, shared, st, &cl, &sm));

    struct simt_mem_access acc[32];
    uint32_t rej[32], nacc = 0, inst = 0;
    int asleep = 0;
    uint64_t counted = 0; /* the last cycle whose push is counted (asleep) */
    uint64_t cycle = 0;
    for (; cycle < 200000 && (inst < NINST || ops->pending(sm)); cycle++) {
        int step = 1;
        if (asleep) {
            /* the core steps the SM when woken or when the stage's next_event() says so */
            const int woken = r->wake_cycle != UINT64_MAX && r->wake_cycle + 1 <= cycle;
            const uint64_t ne = cycle ? ops->next_event(sm, shared, cycle - 1) : 0;
            step = woken || ne <= cycle;
            if (step) {
                ops->repeat(sm, cycle - counted - 1 + (woken ? 0 : 1));
                r->asleep_cycles += cycle - counted - 1;
                counted = cycle;
                if (woken) {
                    asleep = 0;
                    r->wake_cycle = UINT64_MAX;
                }
            }
        }
        if (step)
            ops->tick(sm, cycle);
        if (step && !asleep && inst < NINST) {
            if (!nacc) { /* the next instruction enters the unit */
                for (uint32_t t = 0; t < 32; t++)
                    acc[t] = (struct simt_mem_access){.addr = G + inst * sc->step + t * sc->stride,
                                                      .size = sc->size,
                                                      .thread = t};
                nacc = 32;
            }
            struct simt_mem_req q = {.pc = 9,
                                     .kind = (uint8_t)sc->kind,
                                     .space = SIMT_MS_GENERIC,
                                     .token = 100 + inst,
                                     .naccess = nacc,
                                     .acc = acc};
            struct simt_mem_outcome o = {.rejected = rej};
            OK(ops->push(sm, cycle, &q, &o));
            CHECK(o.nserved + o.nrejected == nacc);
            for (uint32_t i = 0; i < o.nrejected; i++)
                acc[i] = acc[rej[i]];
            nacc = o.nrejected;
            if (!nacc)
                r->served_at[inst++] = cycle;
            else if (sleeping && o.nserved == 0 && o.busy_cycles <= 1 && ops->sleep(sm, cycle)) {
                asleep = 1;
                counted = cycle;
            }
        }
        ops->shared_tick(shared, cycle);
    }
    CHECK(inst == NINST);
    CHECK(!asleep);
    const uint64_t *hc = simt_stats_find(st, sc->hazard_stat, NULL);
    CHECK(hc != NULL);
    r->hazard_count = hc ? *hc : 0;
    r->nstats = simt_stats_nvalues(st);
    r->stats = calloc(r->nstats ? r->nstats : 1, sizeof *r->stats);
    simt_stats_snapshot(st, r->stats, r->nstats);
    ops->destroy(sm);
    ops->shared_destroy(shared);
    simt_stats_free(st);
    simt_config_free(cfg);
}

static int scenario(const struct scen *sc)
{
    static struct run a, b;
    const int f0 = failures;
    run_one(sc, 0, &a);
    run_one(sc, 1, &b);
    CHECK(b.asleep_cycles > 0); /* the scenario exercises the sleep */
    CHECK(b.woken > 0);
    CHECK(a.woken == 0);
    CHECK(a.hazard_count > 0);
    CHECK(memcmp(a.served_at, b.served_at, sizeof a.served_at) == 0);
    CHECK(a.nlog == b.nlog && memcmp(a.log, b.log, a.nlog * sizeof *a.log) == 0);
    CHECK(a.nstats == b.nstats && memcmp(a.stats, b.stats, a.nstats * sizeof *a.stats) == 0);
    printf("%s: %s %llu, %llu cycles left out, %llu wakes, last served at cycle %llu\n", sc->name,
           sc->hazard_stat, (unsigned long long)a.hazard_count, (unsigned long long)b.asleep_cycles,
           (unsigned long long)b.woken, (unsigned long long)b.served_at[NINST - 1]);
    free(a.stats);
    free(b.stats);
    return failures == f0;
}

static const struct scen scens[] = {
    /* write-through stores to 32 lines each: one line per push (DIV), a 2-entry miss queue */
    {"comq", {"l1d.miss_queue=2", NULL}, "mem.l1d.fail_comq", SIMT_MK_STORE, 128, 4096, 4},
    /* 8-byte stores straddling two lines: both lines or none (the whole-group COMQ check) */
    {"straddle",
     {"l1d.miss_queue=2", NULL},
     "mem.l1d.fail_comq",
     SIMT_MK_STORE,
     128 * 33,
     4096 + 124,
     8},
    /* loads of 32 lines with 2 MSHRs: woken by fills */
    {"mshr", {"l1d.mshrs=2", NULL}, "mem.l1d.fail_mshr", SIMT_MK_LOAD, 128, 4096, 4},
    /* loads into one set of two ways: RSV until a fill */
    {"rsv", {"l1d.sets=1", "l1d.assoc=2", NULL}, "mem.l1d.fail_rsv", SIMT_MK_LOAD, 128, 4096, 4},
};

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: mem_sleep_tests comq|straddle|mshr|rsv\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof scens / sizeof *scens; i++)
        if (!strcmp(argv[1], scens[i].name)) {
            if (!scenario(&scens[i])) {
                fprintf(stderr, "%d check(s) failed\n", failures);
                return 1;
            }
            printf("ok\n");
            return 0;
        }
    fprintf(stderr, "mem_sleep_tests: unknown case %s\n", argv[1]);
    return 2;
}
