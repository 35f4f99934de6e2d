/* timing.mem.hier.* : the full hierarchy behind simt_memstage.h, driven like the SM's LD/ST
 * unit drives it: hit latency, miss round trip, DIV/BANK/MSHR/COMQ/RSV from one push each,
 * hazard prediction with the credit tracker, determinism. */
#include <string.h>

#include "mem_test.h"
#include "simt_mem.h"

#define G   0x200000000000ull /* global window */
#define LOC 0x020000000000ull /* local window (SIMT_WIN_LOCAL_BASE): thread-relative offsets */

struct done {
    uint64_t token, cycle;
    uint32_t n;
};
static struct done log_[4096];
static uint32_t nlog;

static void on_complete(void *ctx, uint64_t token, uint32_t n, uint64_t cycle)
{
    (void)ctx;
    if (nlog < 4096)
        log_[nlog++] = (struct done){token, cycle, n};
}

struct rig {
    simt_config *cfg;
    simt_stats *st;
    void *shared;
    void *sm[2];
    uint64_t cycle;
};

static void rig_open(struct rig *r, const char *const *sets)
{
    memset(r, 0, sizeof *r);
    nlog = 0;
    CHECK_OK(simt_config_create(&r->cfg));
    CHECK_OK(simt_config_set(r->cfg, "memstage.model=hierarchy"));
    CHECK_OK(simt_config_set(r->cfg, "gpu.mem_channels=2"));
    for (; sets && *sets; sets++)
        CHECK_OK(simt_config_set(r->cfg, *sets));
    CHECK_OK(simt_stats_create(&r->st));
    const struct simt_memstage_ops *ops = &simt_memstage_hierarchy_ops;
    CHECK(simt_memstage_find("hierarchy") == ops);
    CHECK_OK(ops->shared_create(r->cfg, 2, r->st, &r->shared));
    struct simt_memstage_client cl = {.ctx = NULL, .complete = on_complete};
    for (int i = 0; i < 2; i++)
        CHECK_OK(ops->create(r->cfg, (uint32_t)i, r->shared, r->st, &cl, &r->sm[i]));
}

static void rig_step(struct rig *r)
{
    const struct simt_memstage_ops *ops = &simt_memstage_hierarchy_ops;
    for (int i = 0; i < 2; i++)
        ops->tick(r->sm[i], r->cycle);
    ops->shared_tick(r->shared, r->cycle);
    r->cycle++;
}

/* Runs until SM 0 and 1 have nothing pending (or a bound); returns cycles run. */
static uint64_t rig_drain(struct rig *r)
{
    const struct simt_memstage_ops *ops = &simt_memstage_hierarchy_ops;
    uint64_t start = r->cycle;
    while ((ops->pending(r->sm[0]) || ops->pending(r->sm[1])) && r->cycle - start < 100000)
        rig_step(r);
    return r->cycle - start;
}

static void rig_close(struct rig *r)
{
    const struct simt_memstage_ops *ops = &simt_memstage_hierarchy_ops;
    for (int i = 0; i < 2; i++)
        ops->destroy(r->sm[i]);
    ops->shared_destroy(r->shared);
    simt_stats_free(r->st);
    simt_config_free(r->cfg);
}

static uint64_t stat(struct rig *r, const char *name)
{
    uint64_t *p = simt_stats_find(r->st, name, NULL);
    return p ? *p : ~0ull;
}

static struct simt_mem_access acc[64];
static uint32_t rej[64];

static struct simt_mem_req mkreq(int kind, uint64_t base, uint64_t stride, uint32_t n,
                                 uint64_t token)
{
    for (uint32_t t = 0; t < n; t++)
        acc[t] = (struct simt_mem_access){.addr = base + stride * t, .size = 4, .thread = t};
    struct simt_mem_req q = {.pc = 7,
                             .kind = (uint8_t)kind,
                             .space = SIMT_MS_GENERIC,
                             .token = token,
                             .naccess = n,
                             .acc = acc};
    return q;
}

static struct simt_mem_outcome push(struct rig *r, int sm, struct simt_mem_req *q)
{
    struct simt_mem_outcome o = {.rejected = rej};
    CHECK_OK(simt_memstage_hierarchy_ops.push(r->sm[sm], r->cycle, q, &o));
    return o;
}

static void test_hit_miss(void)
{
    struct rig r;
    rig_open(&r, NULL);
    struct simt_mem_req q = mkreq(SIMT_MK_LOAD, G + 0x1000, 4, 32, 1);
    struct simt_mem_outcome o = push(&r, 0, &q);
    CHECK_EQ(o.hazards, 0);
    CHECK_EQ(o.nserved, 32);
    CHECK_EQ(o.nrejected, 0);
    CHECK_EQ(simt_memstage_hierarchy_ops.pending(r.sm[0]), 32);
    const uint64_t miss_cycles = rig_drain(&r);
    CHECK_EQ(nlog, 1);
    CHECK_EQ(log_[0].n, 32);
    CHECK(miss_cycles > 20); /* an L1 miss takes longer than an L1 hit */
    /* 128-byte line -> four 32-byte L2 lines, all DRAM reads */
    CHECK_EQ(stat(&r, "mem.l1d.misses"), 1);
    CHECK_EQ(stat(&r, "mem.l2.misses"), 4);
    CHECK_EQ(stat(&r, "mem.dram.reads"), 4);
    CHECK_EQ(stat(&r, "mem.icnt.req.packets"), 1);
    CHECK_EQ(stat(&r, "mem.icnt.rep.packets"), 1);
    /* the same line again: a hit, data after exactly l1d.hit_latency = 20 cycles */
    const uint64_t t0 = r.cycle;
    q = mkreq(SIMT_MK_LOAD, G + 0x1000, 4, 32, 2);
    o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 32);
    rig_drain(&r);
    CHECK_EQ(nlog, 2);
    CHECK_EQ(log_[1].cycle, t0 + 20);
    CHECK_EQ(stat(&r, "mem.l1d.read_hits"), 1);
    /* SM 1 reads the same line: L1 miss, L2 hit (no new DRAM read), faster than DRAM */
    q = mkreq(SIMT_MK_LOAD, G + 0x1000, 4, 32, 3);
    o = push(&r, 1, &q);
    const uint64_t l2hit_cycles = rig_drain(&r);
    CHECK_EQ(stat(&r, "mem.dram.reads"), 4);
    CHECK_EQ(stat(&r, "mem.l2.read_hits"), 4);
    CHECK(l2hit_cycles < miss_cycles);
    CHECK(l2hit_cycles > 20);
    /* a store: write-through, completes after the hit latency, reaches the L2 */
    q = mkreq(SIMT_MK_STORE, G + 0x1000, 4, 32, 4);
    const uint64_t t1 = r.cycle;
    o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 32);
    rig_drain(&r);
    CHECK_EQ(log_[nlog - 1].cycle, t1 + 20);
    for (int i = 0; i < 200; i++)
        rig_step(&r);
    CHECK_EQ(stat(&r, "mem.l2.writes"), 4);
    CHECK(stat(&r, "mem.latency.groups") >= 3);
    /* derived figures: L1D reads = 3 (miss, hit, miss on SM 1), 1 hit; the 4 DRAM reads
     * are 4 consecutive 32-byte lines of one 256-byte chunk -> one partition, one row: one
     * activate then 3 row hits */
    struct simt_mem_derived dv;
    CHECK_OK(simt_mem_derive(r.st, 2, 2, &dv));
    CHECK(dv.l1d_hit_rate > 0.333 && dv.l1d_hit_rate < 0.334);
    CHECK(dv.dram_row_hit_rate == 0.75);
    CHECK(dv.mem_latency_avg > 20);
    CHECK(dv.dram_util > 0 && dv.dram_util < 1);
    CHECK(dv.icnt_req_util > 0 && dv.icnt_req_util < 1);
    /* 4 threads x 4 bytes touch one 32-byte sector: the write carries one sector, which is
     * one 32-byte L2 line */
    q = mkreq(SIMT_MK_STORE, G + 0x2000, 4, 4, 5);
    o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 4);
    for (int i = 0; i < 200; i++)
        rig_step(&r);
    CHECK_EQ(stat(&r, "mem.l2.writes"), 5);
    rig_close(&r);
}

/* One L1 miss, every step counted by hand. All three clocks at 1000 MHz, so each core cycle c
 * runs the core edge, then the interconnect/L2 edge c, then the DRAM edge c.
 *   c=0   push: L1 miss, MSHR, miss queue; icnt edge 0 injects it; the request (1 flit) is
 *         granted at once: deliverable 0 + 1 + icnt.latency 4 = 5, i.e. seen at edge 4
 *         (the network's clock reads 5 after its tick of edge 4)
 *   c=4   the partition takes it: four 32-byte L2 lines (l2.line_bytes = 32)
 *   c=5..8  one L2 access per cycle, all miss, each sent to DRAM in the same cycle
 *   DRAM: c=5 ACT (bank closed); sub-requests 2-4 hit the open row;
 *         RD at 5 + tRCD 12 = 17, then every max(tCCD 2, burst 32/8 = 4) = 4 cycles: 17, 21,
 *         25, 29; data 29..33, 33..37, 37..41, 41..45 (tCAS 12, burst 4): done at DRAM edges
 *         33, 37, 41, 45, filled into the L2 at the next L2 edges 34, 38, 42, 46
 *   c=46  last piece: the reply (8 + 128 bytes = 5 flits) enters the reply network after its
 *         tick of edge 46; granted at edge 47: deliverable 47 + 5 + 4 = 56, seen at edge 55
 *   c=55  the SM takes the reply, fills the L1 line, and the 32 threads complete. */
static void test_miss_round_trip(void)
{
    struct rig r;
    const char *m[] = {"gpu.core_clock_mhz=1000",
                       "gpu.icnt_clock_mhz=1000",
                       "gpu.mem_clock_mhz=1000",
                       "gpu.mem_channel_bytes_per_cycle=8",
                       "icnt.latency=4",
                       "icnt.flit_bytes=32",
                       "dram.tRCD=12",
                       "dram.tCAS=12",
                       "dram.tCCD=2",
                       "l2.line_bytes=32",
                       NULL};
    rig_open(&r, m);
    struct simt_mem_req q = mkreq(SIMT_MK_LOAD, G + 0x1000, 4, 32, 1);
    struct simt_mem_outcome o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 32);
    rig_drain(&r);
    CHECK_EQ(nlog, 1);
    CHECK_EQ(log_[0].cycle, 55);
    CHECK_EQ(stat(&r, "mem.dram.acts"), 1);
    CHECK_EQ(stat(&r, "mem.dram.row_hits"), 3);
    rig_close(&r);
}

/* The rejected list of a push that serves one line: the accesses outside the line, in their
 * order - whether the served ones are the leading accesses (a prefix) or interleaved with the
 * others. */
static void test_rejected_order(void)
{
    struct rig r;
    rig_open(&r, NULL);
    /* threads 0-15 in line 0, 16-31 in line 1: the served group is a prefix */
    struct simt_mem_req q = mkreq(SIMT_MK_LOAD, G, 4, 32, 1);
    for (uint32_t t = 0; t < 32; t++)
        acc[t].addr = G + (t < 16 ? 0 : 128) + 4 * (t % 16);
    struct simt_mem_outcome o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 16);
    CHECK_EQ(o.nrejected, 16);
    CHECK(o.hazards & SIMT_HZ_BIT(SIMT_HZ_DIV));
    for (uint32_t i = 0; i < o.nrejected; i++)
        CHECK_EQ(o.rejected[i], 16 + i);
    rig_drain(&r);
    /* even threads in line 2, odd threads in line 3: the served group is interleaved */
    q = mkreq(SIMT_MK_LOAD, G, 4, 32, 2);
    for (uint32_t t = 0; t < 32; t++)
        acc[t].addr = G + 256 + (t % 2) * 128 + 4 * (t / 2);
    o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 16);
    CHECK_EQ(o.nrejected, 16);
    for (uint32_t i = 0; i < o.nrejected; i++)
        CHECK_EQ(o.rejected[i], 2 * i + 1);
    /* the rest, pushed again, is served whole */
    struct simt_mem_access left[32];
    for (uint32_t i = 0; i < o.nrejected; i++)
        left[i] = acc[o.rejected[i]];
    memcpy(acc, left, 16 * sizeof *acc);
    q.naccess = 16;
    rig_step(&r);
    o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 16);
    CHECK_EQ(o.nrejected, 0);
    rig_close(&r);
}

static void test_div_and_bank(void)
{
    struct rig r;
    rig_open(&r, NULL);
    /* 128-byte stride: one line per push (DIV), the core pushes the rest again */
    struct simt_mem_req q = mkreq(SIMT_MK_LOAD, G, 128, 32, 1);
    uint32_t pushes = 0, served = 0;
    struct simt_mem_access left[64];
    while (q.naccess && pushes < 100) {
        struct simt_mem_outcome o = push(&r, 0, &q);
        pushes++;
        served += o.nserved;
        if (o.nrejected)
            CHECK(o.hazards & SIMT_HZ_BIT(SIMT_HZ_DIV));
        for (uint32_t i = 0; i < o.nrejected; i++)
            left[i] = q.acc[o.rejected[i]];
        memcpy(acc, left, o.nrejected * sizeof *acc);
        q.naccess = o.nrejected;
        rig_step(&r);
    }
    CHECK_EQ(pushes, 32);
    CHECK_EQ(served, 32);
    CHECK_EQ(stat(&r, "memstage.hazards.div"), 31);
    rig_drain(&r);
    uint32_t total = 0;
    for (uint32_t i = 0; i < nlog; i++)
        total += log_[i].n;
    CHECK_EQ(total, 32);
    /* shared memory, stride 2 words over 32 banks: 2-way conflict, threads 0-15 first */
    q = mkreq(SIMT_MK_LOAD, 0x010000000000ull, 8, 32, 2);
    struct simt_mem_outcome o = push(&r, 0, &q);
    CHECK_EQ(o.hazards, SIMT_HZ_BIT(SIMT_HZ_BANK));
    CHECK_EQ(o.nserved, 16);
    CHECK_EQ(o.rejected[0], 16);
    const uint64_t t0 = r.cycle;
    nlog = 0;
    rig_drain(&r);
    CHECK_EQ(nlog, 1);
    CHECK_EQ(log_[0].cycle, t0 + 20); /* smem.latency */
    rig_close(&r);
}

static void test_resource_hazards(void)
{
    struct rig r;
    /* MSHR: one MSHR */
    const char *m1[] = {"l1d.mshrs=1", NULL};
    rig_open(&r, m1);
    struct simt_mem_req q = mkreq(SIMT_MK_LOAD, G, 4, 32, 1);
    struct simt_mem_outcome o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 32);
    rig_step(&r);
    q = mkreq(SIMT_MK_LOAD, G + 0x10000, 4, 32, 2);
    o = push(&r, 0, &q);
    CHECK_EQ(o.hazards, SIMT_HZ_BIT(SIMT_HZ_MSHR));
    CHECK_EQ(o.nserved, 0);
    CHECK_EQ(o.nrejected, 32);
    /* same line as the pending miss merges: no MSHR needed */
    q = mkreq(SIMT_MK_LOAD, G + 64, 4, 16, 3);
    o = push(&r, 0, &q);
    CHECK_EQ(o.hazards, 0);
    CHECK_EQ(o.nserved, 16);
    rig_drain(&r);
    CHECK_EQ(nlog, 2); /* tokens 1 and 3 */
    q = mkreq(SIMT_MK_LOAD, G + 0x10000, 4, 32, 2);
    o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 32);
    CHECK_EQ(stat(&r, "memstage.hazards.mshr"), 1);
    CHECK_EQ(stat(&r, "mem.l1d.fail_mshr"), 1);
    rig_drain(&r);
    rig_close(&r);
    /* RSV: one set of one way; the second line cannot reserve it while the first pends */
    const char *m2[] = {"l1d.sets=1", "l1d.assoc=1", NULL};
    rig_open(&r, m2);
    q = mkreq(SIMT_MK_LOAD, G, 4, 32, 1);
    o = push(&r, 0, &q);
    rig_step(&r);
    q = mkreq(SIMT_MK_LOAD, G + 128, 4, 32, 2);
    o = push(&r, 0, &q);
    CHECK_EQ(o.hazards, SIMT_HZ_BIT(SIMT_HZ_RSV));
    CHECK_EQ(o.nserved, 0);
    rig_drain(&r);
    o = push(&r, 0, &q);
    CHECK_EQ(o.hazards, 0);
    rig_drain(&r);
    rig_close(&r);
    /* COMQ: a slow interconnect (10 MHz vs 700 MHz core: one interconnect edge at time 0,
     * the next 70 core cycles later) drains the 2-entry miss queue once, during cycle 0; the
     * stores of cycles 1 and 2 fill it, the fourth store (cycle 3) finds it full */
    const char *m3[] = {"l1d.miss_queue=2", "gpu.icnt_clock_mhz=10", "gpu.core_clock_mhz=700",
                        NULL};
    rig_open(&r, m3);
    for (int i = 0; i < 3; i++) {
        q = mkreq(SIMT_MK_STORE, G + 0x100000 * (uint64_t)(i + 1), 4, 32, 10 + (uint64_t)i);
        o = push(&r, 0, &q);
        CHECK_EQ(o.hazards, 0);
        rig_step(&r);
    }
    q = mkreq(SIMT_MK_STORE, G + 0x400000, 4, 32, 12);
    o = push(&r, 0, &q);
    CHECK_EQ(o.hazards, SIMT_HZ_BIT(SIMT_HZ_COMQ));
    CHECK_EQ(o.nserved, 0);
    rig_drain(&r);
    rig_close(&r);
}

/* A store group spanning two lines needs two miss-queue slots. With one free it is rejected
 * whole (COMQ) and queues nothing: before, the first line went out and the push was still
 * rejected, so every retry sent that line again - duplicate writes, and a livelock (the fft
 * workload on fermi-turner never finished: the retries refilled the queue as fast as the
 * interconnect drained it). Same slow interconnect as the COMQ case above. */
static void test_straddle(void)
{
    struct rig r;
    const char *m[] = {"l1d.miss_queue=2", "gpu.icnt_clock_mhz=10", "gpu.core_clock_mhz=700", NULL};
    rig_open(&r, m);
    struct simt_mem_req q = mkreq(SIMT_MK_STORE, G + 0x100000, 4, 32, 10);
    struct simt_mem_outcome o = push(&r, 0, &q); /* cycle 0: drained at once */
    CHECK_EQ(o.hazards, 0);
    rig_step(&r);
    q = mkreq(SIMT_MK_STORE, G + 0x200000, 4, 32, 11); /* cycle 1: one slot of two taken */
    o = push(&r, 0, &q);
    CHECK_EQ(o.hazards, 0);
    rig_step(&r);
    /* cycle 2: one 8-byte store across the boundary of two 128-byte lines */
    q = mkreq(SIMT_MK_STORE, G + 0x300000 + 124, 4, 1, 12);
    acc[0].size = 8;
    for (int k = 0; k < 3; k++) { /* offered again: same answer, nothing queued */
        o = push(&r, 0, &q);
        CHECK_EQ(o.hazards, SIMT_HZ_BIT(SIMT_HZ_COMQ));
        CHECK_EQ(o.nserved, 0);
        CHECK_EQ(o.nrejected, 1);
    }
    CHECK_EQ(stat(&r, "mem.l1d.writes"), 2);
    CHECK_EQ(stat(&r, "mem.l1d.fail_comq"), 3);
    rig_step(&r);
    /* cycle 3: the slot the straddling store did not take serves a one-line store */
    struct simt_mem_req q2 = mkreq(SIMT_MK_STORE, G + 0x400000, 4, 32, 13);
    o = push(&r, 0, &q2);
    CHECK_EQ(o.hazards, 0);
    CHECK_EQ(o.nserved, 32);
    rig_drain(&r);
    /* with the queue drained, the straddling store goes in one push, using two line slots */
    q = mkreq(SIMT_MK_STORE, G + 0x300000 + 124, 4, 1, 12);
    acc[0].size = 8;
    for (int k = 0; k < 300; k++) /* 4 interconnect edges (one each 70 cycles) empty it */
        rig_step(&r);
    o = push(&r, 0, &q);
    CHECK_EQ(o.hazards, SIMT_HZ_BIT(SIMT_HZ_DIV)); /* served, holding the stage two cycles */
    CHECK_EQ(o.nserved, 1);
    CHECK_EQ(o.busy_cycles, 2);
    rig_drain(&r);
    CHECK_EQ(stat(&r, "mem.l1d.writes"), 5);
    rig_close(&r);
}

/* Local memory (docs/MEMORY.md): a thread's 4-byte words lie a row (core.max_threads words)
 * apart, the same word of consecutive threads adjacent. A warp's 8-byte local load therefore
 * reads two rows - two lines, two line slots of the memory stage - the next warp's the same
 * load two other lines, and a 4-byte load of the second word afterwards hits; a 16-byte load
 * reads four rows, and a 4-byte access across a word boundary two. */
static void test_local_wide(void)
{
    struct rig r;
    rig_open(&r, NULL);
    struct simt_mem_req q = mkreq(SIMT_MK_LOAD, LOC + 16, 0, 32, 1);
    for (int t = 0; t < 32; t++)
        acc[t].size = 8;
    struct simt_mem_outcome o = push(&r, 0, &q);
    CHECK_EQ(o.hazards, SIMT_HZ_BIT(SIMT_HZ_DIV)); /* all served, but the stage two cycles */
    CHECK_EQ(o.nserved, 32);
    CHECK_EQ(o.busy_cycles, 2);
    rig_drain(&r);
    CHECK_EQ(stat(&r, "mem.l1d.misses"), 2);
    /* the next warp (thread slots 32..63): its own two lines, none of the first warp's */
    q = mkreq(SIMT_MK_LOAD, LOC + 16, 0, 32, 2);
    for (int t = 0; t < 32; t++) {
        acc[t].size = 8;
        acc[t].thread = 32 + (uint32_t)t;
    }
    o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 32);
    CHECK_EQ(o.busy_cycles, 2);
    rig_drain(&r);
    CHECK_EQ(stat(&r, "mem.l1d.misses"), 4);
    CHECK_EQ(stat(&r, "mem.l1d.read_hits"), 0);
    /* the first warp's second words (offset 20): the line its 8-byte load brought in */
    q = mkreq(SIMT_MK_LOAD, LOC + 20, 0, 32, 3);
    o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 32);
    CHECK_EQ(o.hazards, 0);
    CHECK(o.busy_cycles <= 1);
    rig_drain(&r);
    CHECK_EQ(stat(&r, "mem.l1d.misses"), 4);
    CHECK_EQ(stat(&r, "mem.l1d.read_hits"), 1);
    /* a 16-byte load (offset 32): four rows */
    q = mkreq(SIMT_MK_LOAD, LOC + 32, 0, 32, 4);
    for (int t = 0; t < 32; t++)
        acc[t].size = 16;
    o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 32);
    CHECK_EQ(o.busy_cycles, 4);
    rig_drain(&r);
    CHECK_EQ(stat(&r, "mem.l1d.misses"), 8);
    /* one thread, 4 bytes at offset 50: the last 2 bytes of word 12 and the first 2 of word
     * 13, two rows; then both words whole hit */
    q = mkreq(SIMT_MK_LOAD, LOC + 50, 0, 1, 5);
    o = push(&r, 0, &q);
    CHECK_EQ(o.busy_cycles, 2);
    rig_drain(&r);
    CHECK_EQ(stat(&r, "mem.l1d.misses"), 10);
    q = mkreq(SIMT_MK_LOAD, LOC + 48, 0, 1, 6);
    acc[0].size = 8;
    o = push(&r, 0, &q);
    CHECK_EQ(o.busy_cycles, 2);
    rig_drain(&r);
    CHECK_EQ(stat(&r, "mem.l1d.misses"), 10);
    CHECK_EQ(stat(&r, "mem.l1d.read_hits"), 3);
    rig_close(&r);
    /* a copy (memcpy) into local memory, 8 bytes per thread, with a write-allocating L1D:
     * the destination's second words are a row further, where a 4-byte load then hits */
    const char *wb[] = {"l1d.write_policy=write-back", NULL};
    rig_open(&r, wb);
    q = mkreq(SIMT_MK_COPY, LOC + 64, 0, 32, 7);
    for (int t = 0; t < 32; t++) {
        acc[t].size = 8;
        acc[t].addr2 = G + 0x5000 + 8 * (uint64_t)t;
    }
    for (int k = 0; k < 8 && q.naccess; k++) { /* the source's two lines: two pushes */
        o = push(&r, 0, &q);
        uint32_t left = 0;
        for (uint32_t i = 0; i < o.nrejected; i++)
            acc[left++] = acc[o.rejected[i]];
        q.naccess = left;
        rig_step(&r);
    }
    CHECK_EQ(q.naccess, 0);
    rig_drain(&r);
    const uint64_t hits = stat(&r, "mem.l1d.read_hits");
    q = mkreq(SIMT_MK_LOAD, LOC + 68, 0, 32, 8);
    o = push(&r, 0, &q);
    CHECK_EQ(o.nserved, 32);
    rig_drain(&r);
    CHECK_EQ(stat(&r, "mem.l1d.read_hits"), hits + 1);
    rig_close(&r);
}

static void test_credit(void)
{
    struct rig r;
    const char *m[] = {"hazard.tracker=credit", "hazard.predictor=miss", "l1d.mshrs=2", NULL};
    rig_open(&r, m);
    const struct simt_memstage_ops *ops = &simt_memstage_hierarchy_ops;
    struct simt_mem_req a = mkreq(SIMT_MK_LOAD, G, 4, 32, 1);
    CHECK_EQ(ops->predict(r.sm[0], r.cycle, &a), 0);
    simt_mem_hier_issued(r.sm[0], r.cycle, &a);
    struct simt_mem_req b = mkreq(SIMT_MK_LOAD, G + 0x1000, 4, 32, 2);
    CHECK_EQ(ops->predict(r.sm[0], r.cycle, &b), 0);
    simt_mem_hier_issued(r.sm[0], r.cycle, &b);
    /* both credits are out: a third predicted miss is held back (MSHR predicted) */
    struct simt_mem_req c = mkreq(SIMT_MK_LOAD, G + 0x2000, 4, 32, 3);
    CHECK_EQ(ops->predict(r.sm[0], r.cycle, &c), SIMT_HZ_BIT(SIMT_HZ_MSHR));
    /* a reaches the memory stage and takes an MSHR: the credit stays with it */
    a = mkreq(SIMT_MK_LOAD, G, 4, 32, 1);
    struct simt_mem_outcome o = push(&r, 0, &a);
    CHECK_EQ(o.nserved, 32);
    CHECK_EQ(ops->predict(r.sm[0], r.cycle, &c), SIMT_HZ_BIT(SIMT_HZ_MSHR));
    rig_step(&r);
    /* b hits? no: it misses too; after both fills return, the credits come back */
    b = mkreq(SIMT_MK_LOAD, G + 0x1000, 4, 32, 2);
    o = push(&r, 0, &b);
    CHECK_EQ(o.nserved, 32);
    rig_drain(&r);
    c = mkreq(SIMT_MK_LOAD, G + 0x2000, 4, 32, 3);
    CHECK_EQ(ops->predict(r.sm[0], r.cycle, &c), 0);
    CHECK_EQ(stat(&r, "mem.hazard.predictor.ptt"), 2);
    rig_close(&r);
}

/* A mixed workload twice: identical completion logs (determinism). */
static uint32_t mixed(struct done *out, uint32_t cap)
{
    struct rig r;
    const char *m[] = {"l1d.mshrs=4", "gpu.interconnect=mesh", NULL};
    rig_open(&r, m);
    uint64_t x = 12345;
    for (int i = 0; i < 300; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        const int sm = (int)(x >> 60) & 1;
        struct simt_mem_req q =
            mkreq((x >> 40) % 5 == 0 ? SIMT_MK_STORE : SIMT_MK_LOAD, G + ((x >> 20) % 4096) * 32,
                  ((x >> 10) % 3) * 36, 32, (uint64_t)i);
        push(&r, sm, &q);
        rig_step(&r);
    }
    rig_drain(&r);
    uint32_t n = nlog < cap ? nlog : cap;
    memcpy(out, log_, n * sizeof *out);
    CHECK_EQ(simt_memstage_hierarchy_ops.pending(r.sm[0]), 0);
    /* the stores still travel to the L2 after completing at the L1; then all goes idle */
    for (int i = 0; i < 100000 &&
                    simt_memstage_hierarchy_ops.next_event(NULL, r.shared, r.cycle) != UINT64_MAX;
         i++)
        rig_step(&r);
    CHECK_EQ(simt_memstage_hierarchy_ops.next_event(NULL, r.shared, r.cycle), UINT64_MAX);
    rig_close(&r);
    return n;
}

static struct done first[4096], second[4096];

static void test_determinism(void)
{
    const uint32_t a = mixed(first, 4096);
    const uint32_t b = mixed(second, 4096);
    CHECK_EQ(a, b);
    CHECK(a > 0);
    CHECK(memcmp(first, second, a * sizeof *first) == 0);
}

/* Bad values: clear errors naming the key, no crash, nothing leaked (ASan). */
static void test_bad_config(void)
{
    const struct simt_memstage_ops *ops = &simt_memstage_hierarchy_ops;
    simt_config *cfg;
    simt_stats *st;
    void *shared = NULL, *sm = NULL;
    struct simt_memstage_client cl = {.ctx = NULL, .complete = on_complete};
    CHECK_OK(simt_stats_create(&st));
    CHECK_OK(simt_config_create(&cfg));
    CHECK_OK(simt_config_set(cfg, "l1d.line_bytes=100"));
    CHECK_OK(ops->shared_create(cfg, 1, st, &shared));
    CHECK(ops->create(cfg, 0, shared, st, &cl, &sm) == SIMT_ERR_CONFIG);
    CHECK(strstr(simt_errmsg(), "l1d.line_bytes") != NULL);
    CHECK(sm == NULL);
    ops->shared_destroy(shared);
    simt_config_free(cfg);
    CHECK_OK(simt_config_create(&cfg));
    CHECK_OK(simt_config_set(cfg, "l1d.sector_bytes=48"));
    CHECK(ops->shared_create(cfg, 1, st, &shared) == SIMT_ERR_CONFIG);
    CHECK(strstr(simt_errmsg(), "l1d.sector_bytes") != NULL);
    simt_config_free(cfg);
    CHECK_OK(simt_config_create(&cfg));
    CHECK_OK(simt_config_set(cfg, "l2.line_bytes=48"));
    CHECK(ops->shared_create(cfg, 1, st, &shared) == SIMT_ERR_CONFIG);
    CHECK(strstr(simt_errmsg(), "l2.line_bytes") != NULL);
    simt_config_free(cfg);
    CHECK_OK(simt_config_create(&cfg));
    CHECK(simt_config_set(cfg, "dram.scheduler=lifo") != SIMT_ERR_OK);
    simt_config_free(cfg);
    simt_stats_free(st);
}

static void test_speedup(void)
{
    /* seed 003 3.5: 1000 cycles, 300 blocked, 400 ALU instructions at 2 per cycle -> at most
     * 200 cycles saved -> 800 cycles -> 1000/800 - 1 = 0.25; with 100 blocked: 1000/900 - 1 */
    const double a = simt_mem_predicted_max_speedup(1000, 300, 400, 2);
    const double b = simt_mem_predicted_max_speedup(1000, 100, 400, 2);
    CHECK(a > 0.2499 && a < 0.2501);
    CHECK(b > 0.1110 && b < 0.1112);
    CHECK(simt_mem_predicted_max_speedup(0, 1, 1, 1) == 0);
    simt_stats *st;
    CHECK_OK(simt_stats_create(&st));
    struct simt_mem_derived dv;
    CHECK(simt_mem_derive(st, 1, 1, &dv) == SIMT_ERR_NOT_FOUND);
    simt_stats_free(st);
}

int main(int argc, char **argv)
{
    const char *w = argc > 1 ? argv[1] : "all";
    int all = !strcmp(w, "all");
    if (all || !strcmp(w, "hit_miss"))
        test_hit_miss();
    if (all || !strcmp(w, "round_trip"))
        test_miss_round_trip();
    if (all || !strcmp(w, "div_bank"))
        test_div_and_bank();
    if (all || !strcmp(w, "rejected_order"))
        test_rejected_order();
    if (all || !strcmp(w, "resources"))
        test_resource_hazards();
    if (all || !strcmp(w, "straddle"))
        test_straddle();
    if (all || !strcmp(w, "local_wide"))
        test_local_wide();
    if (all || !strcmp(w, "credit"))
        test_credit();
    if (all || !strcmp(w, "bad_config"))
        test_bad_config();
    if (all || !strcmp(w, "speedup"))
        test_speedup();
    if (all || !strcmp(w, "determinism"))
        test_determinism();
    TEST_DONE();
}
