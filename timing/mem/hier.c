/*
 * hier.c - the full memory hierarchy behind simt_memstage.h (contract in simt_mem.h).
 *
 * Request path (seed 003 Fig 1.3(a), 1.5, 1.6): LD/ST push -> coalescer -> L1 (hit: data
 * after the hit latency; miss: MSHR + reserved way + miss queue) -> request interconnect ->
 * memory partition (L2 slice; its misses go to the DRAM channel) -> reply interconnect ->
 * L1 fill -> every request merged in the MSHR completes.
 * Clocking: the core calls tick(sm) and then shared_tick(cycle) once per core cycle; the
 * shared part then runs every interconnect/L2 and DRAM edge that falls before the next core
 * edge (clock.h), and jumps over idle time.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "clock.h"
#include "coalesce.h"
#include "dram.h"
#include "hazard.h"
#include "icnt.h"
#include "mem_ring.h"
#include "simt_mem.h"

/* ---------------------------------------------------------------------------------------------
 * Parameters. Clocks, channel count, channel bandwidth and topology are the gpu.* keys the
 * core declares (read here, not redeclared). Defaults: seed 003 Table 4.2 (Fermi-like); DRAM
 * timings are GDDR5-like values of the kind GPGPU-Sim's Fermi configurations use (the seed
 * gives none), in DRAM cycles.
 * ------------------------------------------------------------------------------------------- */
#define END                                                                                        \
    {                                                                                              \
        NULL, 0, NULL, 0, 0, NULL, NULL                                                            \
    }
#define I(k, d, lo, hi, h)                                                                         \
    {                                                                                              \
        k, SIMT_PT_INT, d, lo, hi, NULL, h                                                         \
    }
#define B(k, d, h)                                                                                 \
    {                                                                                              \
        k, SIMT_PT_BOOL, d, 0, 0, NULL, h                                                          \
    }
#define E(k, d, ch, h)                                                                             \
    {                                                                                              \
        k, SIMT_PT_ENUM, d, 0, 0, ch, h                                                            \
    }

const struct simt_param_desc simt_mem_params[] = {
    I("l1d.sets", "64", 1, 1 << 20, "L1 data cache sets (seed 003 Table 4.2: 64)"),
    I("l1d.assoc", "6", 1, 1024, "L1 data cache ways (Table 4.2: 6)"),
    I("l1d.line_bytes", "128", 4, 4096,
      "L1 data cache line size, bytes, a power of two (Table 4.2: 128)"),
    I("l1d.sector_bytes", "32", 4, 4096,
      "coalescer sector size, bytes, a power of two up to l1d.line_bytes: stores and atomics "
      "carry only the touched sectors"),
    I("l1d.mshrs", "32", 1, 65536, "L1 data cache MSHRs (Table 4.2: 32)"),
    I("l1d.mshr_merge", "8", 1, 1024, "requests one L1 MSHR holds, the first included"),
    I("l1d.miss_queue", "8", 2, 65536,
      "L1 miss-queue entries towards the interconnect (full: COMQ hazard)"),
    I("l1d.hit_latency", "20", 0, 100000, "L1 data hit latency, core cycles"),
    E("l1d.write_policy", "write-through", "write-through|write-back",
      "write-through no-allocate (Fermi L1, global stores) or write-back write-allocate"),
    B("l1d.set_hash", "false", "hash the L1 set index with the upper line-index bits"),
    I("l1c.sets", "64", 1, 1 << 20, "L1 constant cache sets (Table 4.2: 64)"),
    I("l1c.assoc", "2", 1, 1024, "L1 constant cache ways (Table 4.2: 2)"),
    I("l1c.line_bytes", "64", 4, 4096,
      "L1 constant cache line size, bytes, a power of two (Table 4.2: 64)"),
    I("l1c.mshrs", "32", 1, 65536, "L1 constant cache MSHRs (Table 4.2: 32)"),
    I("l1c.hit_latency", "8", 0, 100000,
      "constant cache hit latency, core cycles (one distinct address per cycle)"),
    I("l1t.sets", "8", 1, 1 << 20, "L1 texture cache sets (Table 4.2: 8)"),
    I("l1t.assoc", "20", 1, 1024, "L1 texture cache ways (Table 4.2: 20)"),
    I("l1t.line_bytes", "32", 4, 4096,
      "L1 texture cache line size, bytes, a power of two (Table 4.2: 32)"),
    I("l1t.mshrs", "32", 1, 65536, "L1 texture cache MSHRs"),
    I("l1t.hit_latency", "20", 0, 100000, "texture cache hit latency, core cycles"),
    I("smem.banks", "32", 1, 64, "shared-memory banks"),
    I("smem.bank_bytes", "4", 1, 16, "shared-memory bank width, bytes, a power of two"),
    B("smem.broadcast", "true", "one word may be delivered to many threads in one cycle"),
    I("smem.latency", "20", 0, 100000, "shared-memory latency, core cycles"),
    B("smem.fast_ranks", "true",
      "rank the words of an access whose every thread's words fall in distinct banks in one "
      "short pass; results are identical to false, only faster"),
    I("l2.sets", "64", 1, 1 << 20, "L2 sets per memory partition (Table 4.2: 64)"),
    I("l2.assoc", "8", 1, 1024, "L2 ways (Table 4.2: 8)"),
    I("l2.line_bytes", "32", 4, 4096, "L2 line size, bytes, a power of two (Table 4.2: 32)"),
    I("l2.mshrs", "64", 1, 65536, "L2 MSHRs per partition"),
    I("l2.mshr_merge", "8", 1, 1024, "requests one L2 MSHR holds"),
    I("l2.miss_queue", "8", 2, 65536, "L2 miss-queue entries towards DRAM"),
    I("l2.hit_latency", "20", 0, 100000, "L2 hit latency, interconnect/L2 cycles"),
    I("l2.pending", "32", 1, 65536,
      "requests a partition holds from the interconnect until their reply leaves"),
    I("icnt.flit_bytes", "32", 1, 4096, "interconnect flit size, bytes (one flit per cycle/port)"),
    I("icnt.latency", "4", 0, 100000,
      "crossbar: cycles after the last flit; mesh: cycles per hop (interconnect cycles)"),
    I("icnt.in_queue", "8", 1, 65536, "packets per interconnect input queue"),
    I("icnt.out_queue", "8", 1, 65536, "packets per interconnect output buffer"),
    I("mem.interleave_bytes", "256", 32, 1 << 30,
      "address interleaving granularity over the memory partitions, bytes, a power of two"),
    B("mem.partition_hash", "false", "XOR-hash the partition index with upper address bits"),
    I("dram.banks", "8", 1, 256, "banks per DRAM channel"),
    I("dram.row_bytes", "2048", 32, 1 << 24,
      "DRAM row (page) size per channel, bytes, a power of two"),
    I("dram.queue", "16", 1, 4096, "DRAM request-queue entries per channel"),
    E("dram.scheduler", "frfcfs", "frfcfs|fifo",
      "FR-FCFS (row hits first, seed 000 5.2 'out of order') or FIFO"),
    I("dram.tRCD", "12", 0, 10000, "activate to column command, DRAM cycles"),
    I("dram.tRP", "12", 0, 10000, "precharge to activate, DRAM cycles"),
    I("dram.tCAS", "12", 0, 10000, "column command to data, DRAM cycles"),
    I("dram.tRAS", "28", 0, 10000, "activate to precharge, DRAM cycles"),
    I("dram.tCCD", "2", 1, 10000, "column command to column command, DRAM cycles"),
    I("dram.tWR", "12", 0, 10000, "end of write data to precharge, DRAM cycles"),
    E("hazard.tracker", "none", "none|naive|credit",
      "MSHR tracker used by predict() (seed 003 6.0.1)"),
    E("hazard.predictor", "hit", "hit|miss|saturating|oracle",
      "L1 miss predictor used by predict() (seed 003 6.1)"),
    I("hazard.predictor_entries", "1024", 1, 1 << 24,
      "saturating predictor: counters (power of two), shared by all SMs"),
    I("hazard.predictor_bits", "2", 1, 8, "saturating predictor: bits per counter"),
    END,
};

/* ---------------------------------------------------------------------------------------------
 * Small growable rings of (ready time, id): hit/latency completions (fixed latency per ring, so
 * the ready times are ordered). The capacity is a power of two.
 * ------------------------------------------------------------------------------------------- */
struct tring {
    uint64_t *t;
    uint32_t *id;
    uint32_t cap, head, n;
};

static int tring_push(struct tring *r, uint64_t t, uint32_t id)
{
    if (r->n == r->cap) {
        uint32_t nc = r->cap ? r->cap * 2 : 64;
        uint64_t *nt = malloc(nc * sizeof *nt);
        uint32_t *ni = malloc(nc * sizeof *ni);
        if (!nt || !ni) {
            free(nt);
            free(ni);
            return -1;
        }
        for (uint32_t i = 0; i < r->n; i++) {
            nt[i] = r->t[(r->head + i) & (r->cap - 1)];
            ni[i] = r->id[(r->head + i) & (r->cap - 1)];
        }
        free(r->t);
        free(r->id);
        r->t = nt;
        r->id = ni;
        r->cap = nc;
        r->head = 0;
    }
    const uint32_t k = (r->head + r->n) & (r->cap - 1);
    r->t[k] = t;
    r->id[k] = id;
    r->n++;
    return 0;
}

static inline void tring_drop(struct tring *r)
{
    r->head = (r->head + 1) & (r->cap - 1);
    r->n--;
}

static void tring_free(struct tring *r)
{
    free(r->t);
    free(r->id);
}

/* ---------------------------------------------------------------------------------------------
 * Token map: per in-flight instruction, the credits it holds and whether it is known to miss
 * (it met MSHR/COMQ/RSV: seed 003 6.1). Open addressing, linear probing, tombstones.
 * ------------------------------------------------------------------------------------------- */
#define TOK_EMPTY 0
#define TOK_DEAD  UINT64_MAX

struct tokent {
    uint64_t key; /* token + 1 */
    uint32_t credits;
    uint8_t known_miss, predicted, has_pred;
};

struct tokmap {
    struct tokent *e;
    uint32_t cap, used; /* used counts live + dead */
};

static int tok_rehash(struct tokmap *m, uint32_t ncap)
{
    struct tokent *ne = calloc(ncap, sizeof *ne);
    if (!ne)
        return -1;
    uint32_t used = 0;
    for (uint32_t i = 0; i < m->cap; i++) {
        const struct tokent *o = &m->e[i];
        if (o->key == TOK_EMPTY || o->key == TOK_DEAD)
            continue;
        uint32_t h = (uint32_t)((o->key * 0x9e3779b97f4a7c15ull) >> 32) & (ncap - 1);
        while (ne[h].key != TOK_EMPTY)
            h = (h + 1) & (ncap - 1);
        ne[h] = *o;
        used++;
    }
    free(m->e);
    m->e = ne;
    m->cap = ncap;
    m->used = used;
    return 0;
}

/* Entry of `token`; created when `create` (NULL if absent or out of memory). */
static struct tokent *tok_get(struct tokmap *m, uint64_t token, int create)
{
    const uint64_t key = token + 1 == TOK_DEAD ? token : token + 1;
    if (!m->cap) {
        if (!create || tok_rehash(m, 256))
            return NULL;
    }
    uint32_t h = (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & (m->cap - 1);
    struct tokent *dead = NULL;
    for (uint32_t probes = 0; probes < m->cap; probes++, h = (h + 1) & (m->cap - 1)) {
        struct tokent *e = &m->e[h];
        if (e->key == key)
            return e;
        if (e->key == TOK_DEAD && !dead)
            dead = e;
        if (e->key == TOK_EMPTY) {
            if (!create)
                return NULL;
            if (!dead && (m->used + 1) * 2 > m->cap) {
                if (tok_rehash(m, m->cap * 2))
                    return NULL;
                return tok_get(m, token, create);
            }
            struct tokent *slot = dead ? dead : e;
            if (!dead)
                m->used++;
            memset(slot, 0, sizeof *slot);
            slot->key = key;
            return slot;
        }
    }
    if (!create || tok_rehash(m, m->cap * 2)) /* full of tombstones */
        return NULL;
    return tok_get(m, token, create);
}

static void tok_erase(struct tokmap *m, uint64_t token)
{
    struct tokent *e = tok_get(m, token, 0);
    if (e)
        e->key = TOK_DEAD;
    if (m->cap && m->used * 4 > m->cap * 3)
        tok_rehash(m, m->cap); /* purge tombstones */
}

/* ---------------------------------------------------------------------------------------------
 * State.
 * ------------------------------------------------------------------------------------------- */
enum { C_L1D = 0, C_L1C = 1, C_L1T = 2, C_SMEM = 3, C_STORE = 4, NRING = 5 };

#define MAX_ACC 64 /* accesses considered per push (more are rejected for the next push) */
#define MAX_OPS 16

struct waiter {
    uint64_t token, start;
    uint32_t nthreads, remaining;
    uint8_t in_use, cancelled, is_load;
};

struct hier_shared;

struct hsm {
    /* what hier_tick() reads in every SM step, in one line */
    struct hier_shared *sh;
    uint64_t cycle;
    uint64_t ring_next; /* earliest ready time over ring[] (UINT64_MAX if all empty) */
    uint8_t ticked;     /* hier_tick ran at least once (cycle is the last tick's) */
    uint8_t tracking;   /* a hazard tracker is on (tracker.kind, fixed at creation) */
    uint32_t id;
    struct simt_memstage_client client;
    simt_cache *cache[3];   /* C_L1D, C_L1C, C_L1T */
    uint32_t lb[3], sec[3]; /* their line bytes and sector_of() */
    simt_smem *smem;
    uint64_t lat[NRING];
    struct tring ring[NRING];
    struct waiter *w;
    uint32_t nw, capw, *wfree, nwfree;
    uint64_t pending;
    uint32_t inj_rr;
    uint8_t inj_maybe; /* bit c: the miss queue of L1 cache c (C_L1D..C_L1T) may hold requests */
    uint8_t l1d_wb;    /* l1d.write_policy = write-back */
    struct simt_tracker tracker;
    struct simt_tracker_stats trk_pub; /* tracker stats already added to the registry */
    struct tokmap tok;
    /* per L1 (C_L1D..C_L1T): the first cycle whose tick (cycles, MSHR occupancy) the cache
     * has not counted yet; cycles l1_next[k]..cycle are owed to it (l1_flush) */
    uint64_t l1_next[3];
    simt_err err; /* first error met in a callback (reported by the next push) */
    /* Stall fast path: a push whose first line operation failed changes no state, so the
     * same push offered again before any of this SM's caches changes (epoch) fails the same
     * way. The core re-offers a stalled instruction every cycle; this answers in O(n). */
    uint64_t epoch;
    struct {
        uint64_t token, epoch, a0, alast;
        uint32_t naccess, hazards, nops_failed_cache;
        enum simt_hazard hz;
        uint8_t valid;
        /* what can end that failure besides a push (the sleeping unit's wake, changed_*):
         * COMQ ends only when a pop leaves `need` free miss-queue entries; MSHR and RSV only
         * by a fill (the order of simt_cache_access); a write-through store's or an atomic's
         * COMQ (pops_only) not by a fill */
        uint32_t need;
        uint8_t pops_only;
    } last_fail;
    /* The core's LD/ST unit sleeps on last_fail (hier_sleep) until a change that can end
     * that failure (changed_fill, changed_pop) wakes it. */
    uint8_t sleeping;
};

struct preq { /* a request held by a partition until its reply leaves */
    struct simt_mpkt pkt;
    uint32_t remaining;
    uint8_t in_use, done;
};

struct part {
    uint32_t id;
    struct hier_shared *sh;
    simt_cache *l2;
    simt_dram *dram;
    struct preq *pool;
    uint32_t *pfree, npfree;
    struct mem_ring l2in;     /* sub-requests waiting for the L2 (id = pool index) */
    struct tring l2hit;       /* (ready L2 cycle, pool index) */
    struct mem_ring dram_ret; /* lines back from DRAM, to fill the L2 */
    struct tring reply;       /* pool indices whose reply waits for the interconnect */
    /* Speed-ups that change no result (docs/MEMORY.md, "Simulation speed"): */
    uint64_t l2_epoch;      /* changes to the L2 slice (fills, served accesses, queue pops) */
    uint64_t l2_pops;       /* miss-queue pops and served accesses only */
    uint64_t l2_fail_epoch; /* l2_epoch (l2_pops if l2_fail_qfull) when l2in's head failed */
    enum simt_hazard l2_fail_hz;
    uint8_t l2_fail_valid;
    uint8_t l2_fail_qfull; /* it failed on a full miss queue (COMQ whatever the victim) */
    uint8_t l2_missq;      /* the L2 miss queue holds requests (only part_tick changes it) */
    uint64_t l2_at;        /* L2 cycles counted (simt_cache_ticks at constant occupancy) */
    uint64_t dram_at;      /* DRAM cycles counted by the channel (ticked or skipped) */
    uint64_t dram_wake;    /* simt_dram_next_event() after the last tick (0: tick) */
};

struct hier_shared {
    uint32_t nsms, npart;
    struct hsm **sms;
    struct part *part;
    simt_icnt *req, *rep;
    struct simt_clocks clk;
    struct simt_addrmap map;
    simt_predictor *pred;
    enum simt_tracker_kind tracker_kind;
    enum simt_pred_kind pred_kind;
    uint32_t l1d_line, l1d_sector, l2_line, max_threads;
    uint64_t l2_lat;
    uint64_t l2_now;        /* interconnect/L2 cycles ticked (the partitions' clock) */
    uint64_t dram_vnow;     /* DRAM cycles of the channels, ticked or skipped */
    uint64_t dram_wake_min; /* the least part.dram_wake */
    uint64_t *inj;          /* bit i: SM i's L1 miss queues may hold requests (inj_maybe) */
    uint32_t npend;
    uint32_t nsleep; /* SMs whose LD/ST unit sleeps (hier_sleep) */
    uint64_t cycle;
    simt_err err;
    /* statistics (registry storage) */
    uint64_t *st_pushes, *st_served, *st_hz[SIMT_HZ_NUM_];
    uint64_t *st_core_cycles, *st_icnt_cycles, *st_dram_cycles;
    uint64_t *st_lat_sum, *st_lat_n, *st_l2_stall, *st_pred[4];
    uint64_t *st_trk[4];
};

static const char *const hz_names[SIMT_HZ_NUM_] = {"div", "bank", "mshr", "comq", "rsv"};

/* ---------------------------------------------------------------------------------------------
 * Waiters: one per served group; completes its threads when all its line operations are back.
 * ------------------------------------------------------------------------------------------- */
static int waiter_new(struct hsm *s, uint64_t token, uint64_t cycle, uint32_t *out)
{
    if (!s->nwfree) {
        const uint32_t nc = s->capw ? s->capw * 2 : 256;
        struct waiter *nw = realloc(s->w, nc * sizeof *nw);
        if (!nw)
            return -1;
        s->w = nw;
        uint32_t *nf = realloc(s->wfree, nc * sizeof *nf);
        if (!nf)
            return -1;
        s->wfree = nf;
        for (uint32_t i = nc; i > s->capw; i--)
            s->wfree[s->nwfree++] = i - 1;
        s->capw = nc;
    }
    const uint32_t id = s->wfree[--s->nwfree];
    s->w[id] = (struct waiter){.token = token, .start = cycle, .in_use = 1};
    *out = id;
    return 0;
}

static void waiter_release(struct hsm *s, uint32_t id)
{
    s->w[id].in_use = 0;
    s->wfree[s->nwfree++] = id;
}

/* The L1s' per-cycle counts (cycles, MSHR occupancy sum) are counted lazily. The core steps
 * an SM only in cycles where something can happen, and every cycle up to s->cycle is owed to
 * L1 k from l1_next[k] on, at the occupancy the cache has now: that occupancy changes only by
 * an access of the SM's own push or by a fill, and each first counts what it owes to that
 * cache (l1_flush); launch_end counts the rest. The sums are those of counting every cycle at
 * its occupancy, as every tick did until the twenty-fifth session (it touched the three cache
 * structures in every SM step: 7 % of the host's first-level data-cache misses on the
 * 16K-vertex BFS). */
static inline void l1_flush(struct hsm *s, int k)
{
    if (s->ticked && s->cycle >= s->l1_next[k]) {
        simt_cache_ticks(s->cache[k], s->cycle + 1 - s->l1_next[k]);
        s->l1_next[k] = s->cycle + 1;
    }
}

/* The cycles up to `cycle` (inclusive) pass at the L1s' present occupancy: owed to them (a
 * fill or a wake-up in shared_tick, before the SM's next tick). */
static void l1_ticks_to(struct hsm *s, uint64_t cycle)
{
    if (s->ticked && cycle > s->cycle)
        s->cycle = cycle;
}

static void wake_sm(struct hsm *s);

/* One operation of waiter `id` is back at `cycle`. */
static void waiter_done(struct hsm *s, uint32_t id, uint64_t cycle)
{
    if (id >= s->capw || !s->w[id].in_use) {
        if (!s->err)
            s->err = simt_seterr(SIMT_ERR_INVARIANT,
                                 "memory hierarchy: SM %u: completion for unknown request %u",
                                 s->id, id);
        s->epoch++; /* the next push reports the error: a sleeping unit must push again */
        if (s->sleeping)
            wake_sm(s);
        return;
    }
    struct waiter *w = &s->w[id];
    if (--w->remaining)
        return;
    if (!w->cancelled) {
        s->pending -= w->nthreads;
        if (w->is_load) {
            (*s->sh->st_lat_sum) += cycle - w->start;
            (*s->sh->st_lat_n)++;
        }
        s->client.complete(s->client.ctx, w->token, w->nthreads, cycle);
    }
    waiter_release(s, id);
}

static void on_l1_fill(void *ctx, const struct simt_mpkt *r)
{
    struct hsm *s = ctx;
    waiter_done(s, r->id, s->sh->cycle);
}

/* Wakes the sleeping LD/ST unit of SM s (hier_sleep) at the shared tick of sh->cycle: its
 * next push, at the next cycle, may have another outcome. The core did not step the SM in
 * the cycles it slept, but without the sleep it would have, and hier_tick would have counted
 * each of them at the MSHR occupancy of that cycle; that occupancy changes only by a push
 * (none while asleep) or a fill (which calls this first), so the cycles up to this one are
 * counted now, at the occupancy they had. */
static void wake_sm(struct hsm *s)
{
    struct hier_shared *sh = s->sh;
    s->sleeping = 0;
    sh->nsleep--;
    l1_ticks_to(s, sh->cycle);
    s->client.wake(s->client.ctx, sh->cycle);
}

/* A fill is about to change SM s's caches (from shared_tick; the caller has counted the
 * cycles before it, l1_ticks_to): the stall fast path must look again, and so must a
 * sleeping unit unless its failure depends on the miss queue only. */
static inline void changed_fill(struct hsm *s)
{
    s->epoch++;
    if (s->sleeping && !s->last_fail.pops_only)
        wake_sm(s);
}

/* Cache ci of SM s popped its miss queue (from shared_tick): only a COMQ failure on that
 * queue can end, once `need` entries are free (the MSHR occupancy is unchanged). */
static inline void changed_pop(struct hsm *s, uint32_t ci)
{
    s->epoch++;
    if (s->sleeping && s->last_fail.hz == SIMT_HZ_COMQ && s->last_fail.nops_failed_cache == ci &&
        simt_cache_miss_space(s->cache[ci]) >= s->last_fail.need)
        wake_sm(s);
}

/* ---------------------------------------------------------------------------------------------
 * Address classification.
 * ------------------------------------------------------------------------------------------- */
static inline int path_of(unsigned space)
{
    switch (space) {
    case SIMT_MS_SHARED:
        return C_SMEM;
    case SIMT_MS_CONST:
    case SIMT_MS_PARAM:
        return C_L1C;
    case SIMT_MS_TEXTURE:
        return C_L1T;
    default:
        return C_L1D; /* global, local, and addresses outside every window */
    }
}

static inline unsigned space_of(const struct simt_mem_req *req, uint64_t addr)
{
    if (req->space == SIMT_MS_GENERIC || req->space == SIMT_MS_NONE) {
        const unsigned s = simt_addr_space(addr);
        return s == SIMT_MS_NONE ? SIMT_MS_GLOBAL : s;
    }
    return req->space;
}

/* Local memory is thread-relative in the trace; spread it as hardware does, so the same
 * offset of consecutive threads is contiguous (4-byte interleave) and SMs do not alias. */
static uint64_t local_addr(const struct hsm *s, uint64_t addr, uint32_t thread)
{
    const uint64_t off = addr - SIMT_WIN_LOCAL_BASE;
    const uint64_t mt = s->sh->max_threads;
    return SIMT_WIN_LOCAL_BASE + ((uint64_t)s->id << 34) + ((off / 4) * mt + thread) * 4 + off % 4;
}

/* ---------------------------------------------------------------------------------------------
 * Per-SM part.
 * ------------------------------------------------------------------------------------------- */
static simt_err cfg_cache(const simt_config *cfg, const char *sec, const char *name, uint32_t merge,
                          uint32_t missq, int wb, int reserve, struct simt_cache_cfg *cc)
{
    char k[64];
    memset(cc, 0, sizeof *cc);
    cc->name = name;
#define GETI(field, key)                                                                           \
    snprintf(k, sizeof k, "%s." key, sec);                                                         \
    cc->field = (uint32_t)simt_config_int(cfg, k);
    GETI(sets, "sets");
    GETI(assoc, "assoc");
    GETI(line_bytes, "line_bytes");
    GETI(mshrs, "mshrs");
#undef GETI
    cc->mshr_merge = merge;
    cc->miss_queue = missq;
    cc->write_back = wb;
    cc->reserve_on_miss = reserve;
    return SIMT_ERR_OK;
}

static void hier_destroy(void *state);
static uint32_t sector_of(const struct hier_shared *sh, uint32_t lb);

static simt_err hier_create(const simt_config *cfg, uint32_t sm, void *shared, simt_stats *stats,
                            const struct simt_memstage_client *client, void **state)
{
    struct hier_shared *sh = shared;
    *state = NULL;
    SIMT_RETURN_IF(!sh, SIMT_ERR_INVALID_ARG,
                   "memory hierarchy: create() without shared_create() (SM %u)", sm);
    SIMT_RETURN_IF(sm >= sh->nsms, SIMT_ERR_INVALID_ARG,
                   "memory hierarchy: SM %u out of range (gpu.nsms = %u)", sm, sh->nsms);
    struct hsm *s = calloc(1, sizeof *s);
    if (!s)
        return simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
    s->sh = sh;
    s->id = sm;
    s->client = *client;
    s->ring_next = UINT64_MAX;
    simt_err e;
    struct simt_cache_cfg cc;
    const uint32_t l1_merge = (uint32_t)simt_config_int(cfg, "l1d.mshr_merge");
    const uint32_t l1_missq = (uint32_t)simt_config_int(cfg, "l1d.miss_queue");
    const int wb = strcmp(simt_config_str(cfg, "l1d.write_policy"), "write-back") == 0;
    cfg_cache(cfg, "l1d", "l1d", l1_merge, l1_missq, wb, 1, &cc);
    cc.set_hash = simt_config_bool(cfg, "l1d.set_hash");
    if ((e = simt_cache_create(&cc, &s->cache[C_L1D])))
        goto fail;
    cfg_cache(cfg, "l1c", "l1c", l1_merge, l1_missq, 0, 0, &cc);
    if ((e = simt_cache_create(&cc, &s->cache[C_L1C])))
        goto fail;
    cfg_cache(cfg, "l1t", "l1t", l1_merge, l1_missq, 0, 0, &cc);
    if ((e = simt_cache_create(&cc, &s->cache[C_L1T])))
        goto fail;
    struct simt_smem_cfg smc = {.nbanks = (uint32_t)simt_config_int(cfg, "smem.banks"),
                                .bank_bytes = (uint32_t)simt_config_int(cfg, "smem.bank_bytes"),
                                .broadcast = simt_config_bool(cfg, "smem.broadcast"),
                                .reference = !simt_config_bool(cfg, "smem.fast_ranks")};
    if ((e = simt_smem_create(&smc, &s->smem)))
        goto fail;
    if ((e = simt_cache_bind_stats(s->cache[C_L1D], stats, "mem.l1d")) ||
        (e = simt_cache_bind_stats(s->cache[C_L1C], stats, "mem.l1c")) ||
        (e = simt_cache_bind_stats(s->cache[C_L1T], stats, "mem.l1t")) ||
        (e = simt_smem_bind_stats(s->smem, stats, "mem.smem")))
        goto fail;
    for (int k = 0; k < 3; k++) {
        s->lb[k] = simt_cache_line_bytes(s->cache[k]);
        s->sec[k] = sector_of(sh, s->lb[k]);
    }
    s->lat[C_L1D] = (uint64_t)simt_config_int(cfg, "l1d.hit_latency");
    s->lat[C_L1C] = (uint64_t)simt_config_int(cfg, "l1c.hit_latency");
    s->lat[C_L1T] = (uint64_t)simt_config_int(cfg, "l1t.hit_latency");
    s->lat[C_SMEM] = (uint64_t)simt_config_int(cfg, "smem.latency");
    s->lat[C_STORE] = s->lat[C_L1D];
    s->l1d_wb = (uint8_t)wb;
    simt_tracker_init(&s->tracker, sh->tracker_kind, (uint32_t)simt_config_int(cfg, "l1d.mshrs"));
    s->tracking = s->tracker.kind != SIMT_TRACKER_NONE;
    sh->sms[sm] = s;
    *state = s;
    return SIMT_ERR_OK;
fail:
    hier_destroy(s);
    return e;
}

static void hier_destroy(void *state)
{
    struct hsm *s = state;
    if (!s)
        return;
    if (s->sh && s->id < s->sh->nsms && s->sh->sms[s->id] == s) {
        s->sh->sms[s->id] = NULL;
        s->sh->nsleep -= s->sleeping;
    }
    for (int c = 0; c < 3; c++)
        simt_cache_free(s->cache[c]);
    simt_smem_free(s->smem);
    for (int r = 0; r < NRING; r++)
        tring_free(&s->ring[r]);
    free(s->w);
    free(s->wfree);
    free(s->tok.e);
    free(s);
}

/* Completes the fixed-latency operations due at `cycle`. */
static void rings_due(struct hsm *s, uint64_t cycle)
{
    uint64_t nx = UINT64_MAX;
    for (int r = 0; r < NRING; r++) {
        struct tring *q = &s->ring[r];
        while (q->n && q->t[q->head] <= cycle) {
            const uint32_t id = q->id[q->head];
            tring_drop(q);
            waiter_done(s, id, cycle);
        }
        if (q->n && q->t[q->head] < nx)
            nx = q->t[q->head];
    }
    s->ring_next = nx;
}

/* Publishes the tracker's counters (plain fields) as deltas. */
static void tracker_publish(struct hsm *s)
{
    const struct simt_tracker_stats *t = &s->tracker.st;
    const uint64_t now[4] = {t->restricted, t->credits_taken, t->credits_returned,
                             t->virtual_credits};
    uint64_t *pub[4] = {&s->trk_pub.restricted, &s->trk_pub.credits_taken,
                        &s->trk_pub.credits_returned, &s->trk_pub.virtual_credits};
    for (int k = 0; k < 4; k++)
        if (now[k] != *pub[k]) {
            if (s->sh)
                *s->sh->st_trk[k] += now[k] - *pub[k];
            *pub[k] = now[k];
        }
}

static void shared_catch_up(struct hier_shared *sh, uint64_t cycle);

static void hier_tick(void *state, uint64_t cycle)
{
    struct hsm *s = state;
    if (s->sh->clk.edges[0] < cycle) /* the first SM of the cycle after an idle stretch */
        shared_catch_up(s->sh, cycle);
    /* the core steps an SM only in cycles where something can happen (a completion wakes it
     * the next cycle): account the skipped cycles at the occupancy they had (this cycle and
     * the skipped ones: cycle - last; 1 on the first tick) */
    if (!s->ticked) { /* the launch's first tick counts its own cycle */
        s->ticked = 1;
        s->cycle = cycle;
        for (int k = 0; k < 3; k++)
            s->l1_next[k] = cycle;
    } else if (cycle > s->cycle) {
        s->cycle = cycle; /* the cycles since the last tick are owed (l1_flush) */
    } else {
        /* not after the last counted cycle (not met in practice): as the eager count did,
         * one cycle more now, and the count goes on after `cycle` */
        for (int k = 0; k < 3; k++)
            l1_flush(s, k);
        simt_cache_ticks_each(s->cache, 3, 1);
        s->cycle = cycle;
        for (int k = 0; k < 3; k++)
            s->l1_next[k] = cycle + 1;
    }
    if (s->ring_next <= cycle)
        rings_due(s, cycle);
    /* without a tracker its counters never change */
    if (s->tracking)
        tracker_publish(s);
}

static void hier_launch_end(void *state, uint64_t end)
{
    struct hsm *s = state;
    if (end > 0)
        l1_ticks_to(s, end - 1);
    for (int k = 0; k < 3; k++)
        l1_flush(s, k);
    s->ticked = 0; /* the next launch's first tick counts one cycle */
}

static bool hier_can_accept(void *state, uint64_t cycle)
{
    return true; /* one push per cycle; hazards are reported by push() */
}

static void count_hazards(struct hier_shared *sh, uint32_t hz)
{
    hz &= SIMT_HZ_BIT(SIMT_HZ_NUM_) - 1;
    while (hz) {
        (*sh->st_hz[__builtin_ctz(hz)])++;
        hz &= hz - 1;
    }
}

/* 0, 1, 2, ... : the rejected list of a push that served nothing */
static const uint32_t identity[MAX_ACC] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
    22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
    44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};

/* Rejects accesses from .. n-1 (the tail after a served prefix, or all of them). */
static void reject_from(struct simt_mem_outcome *out, uint32_t from, uint32_t n)
{
    const uint32_t k = n < MAX_ACC ? n : MAX_ACC;
    if (from < k)
        memcpy(out->rejected, identity + from, (k - from) * sizeof *identity);
    for (uint32_t i = k > from ? k : from; i < n; i++)
        out->rejected[i - from] = i;
    out->nrejected = n - from;
}

static void reject_all(struct simt_mem_outcome *out, uint32_t n)
{
    reject_from(out, 0, n);
}

/* Schedules a fixed-latency completion of waiter `wid` on ring `r`. */
static int later(struct hsm *s, int r, uint64_t cycle, uint32_t wid)
{
    s->w[wid].remaining++;
    const uint64_t t = cycle + s->lat[r];
    if (t < s->ring_next)
        s->ring_next = t;
    return tring_push(&s->ring[r], t, wid);
}

struct op {
    uint64_t line;
    uint32_t smask; /* sectors touched */
    uint8_t write, atomic;
};

static void add_op(struct op *ops, uint32_t *nops, uint64_t line, uint32_t smask, int write,
                   int atomic)
{
    for (uint32_t i = 0; i < *nops; i++)
        if (ops[i].line == line && ops[i].write == write && ops[i].atomic == atomic) {
            ops[i].smask |= smask;
            return;
        }
    if (*nops < MAX_OPS)
        ops[(*nops)++] = (struct op){line, smask, (uint8_t)write, (uint8_t)atomic};
}

/* Bits set in x (without a popcount instruction the builtin is a library call). */
static inline uint32_t popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

/* Sector size used on a cache of `lb`-byte lines: l1d.sector_bytes, at most the line, and at
 * least lb / 32 so a line's sectors fit a 32-bit mask. */
static uint32_t sector_of(const struct hier_shared *sh, uint32_t lb)
{
    uint32_t sec = sh->l1d_sector < lb ? sh->l1d_sector : lb;
    return sec < lb / 32 ? lb / 32 : sec;
}

/* Adds the line operations (with their touched sectors) for [a, a + n) on a cache of
 * `lb`-byte lines with `sec`-byte sectors. */
static void add_range(struct op *ops, uint32_t *nops, uint64_t a, uint32_t n, uint32_t lb,
                      uint32_t sec, int write, int atomic)
{
    if (!n)
        n = 1;
    const uint64_t first = a & ~(uint64_t)(lb - 1), last = (a + n - 1) & ~(uint64_t)(lb - 1);
    for (uint64_t l = first; l <= last && *nops < MAX_OPS; l += lb) {
        const uint64_t lo = a > l ? a : l;
        const uint64_t hi = a + n < l + lb ? a + n : l + lb; /* exclusive */
        const uint32_t s0 = (uint32_t)((lo - l) / sec), s1 = (uint32_t)((hi - 1 - l) / sec);
        const uint32_t w = s1 - s0 + 1;
        add_op(ops, nops, l, (w >= 32 ? 0xffffffffu : ((1u << w) - 1)) << s0, write, atomic);
    }
}

/* Bytes [addr, addr + n) of thread `thread`'s local memory as line operations: each 4-byte
 * word at its own interleaved place (local_addr). Word k of a thread lies a row (max_threads
 * words) after word k - 1 - "consecutive 32-bit words are accessed by consecutive thread IDs"
 * (CUDA C Programming Guide, Device Memory Accesses, Local Memory) - so a warp's 8-byte local
 * access reads two rows, two lines, and a 16-byte one four. Until the thirty-first session a
 * wider access was taken as contiguous from its first word's place: a warp's 8-byte access
 * read one row and 4 bytes of the next warp's part of it (docs/MEMORY.md). */
static void add_local(const struct hsm *s, struct op *ops, uint32_t *nops, uint64_t addr,
                      uint32_t n, uint32_t thread, uint32_t lb, uint32_t sec, int write, int atomic)
{
    if (!n)
        n = 1;
    if (s->sh->max_threads == 1) { /* rows of one word: the words are contiguous */
        add_range(ops, nops, local_addr(s, addr, thread), n, lb, sec, write, atomic);
        return;
    }
    for (uint64_t a = addr, end = addr + n; a < end && *nops < MAX_OPS;) {
        const uint64_t wend = (a | 3) + 1, hi = end < wend ? end : wend;
        add_range(ops, nops, local_addr(s, a, thread), (uint32_t)(hi - a), lb, sec, write, atomic);
        a = hi;
    }
}

/* whether a local access of n bytes at addr spans more than one 4-byte word */
static inline int local_wide(uint64_t addr, uint32_t n)
{
    return (addr & 3) + (n ? n : 1) > 4;
}

static simt_err push_shared(struct hsm *s, uint64_t cycle, const struct simt_mem_req *req,
                            int generic, int copy, uint32_t n, struct simt_mem_outcome *out)
{
    uint64_t addr[32];
    uint32_t bytes[32], idx[32], m = 0;
    /* the accesses on the shared-memory path (of a generic request: by each one's primary
     * address, the shared window tested first - space_of() tests the global window before it) */
    for (uint32_t i = 0; i < n && m < 32; i++) {
        const struct simt_mem_access *a = &req->acc[i];
        const uint64_t p = (copy && a->addr2) ? a->addr2 : a->addr;
        if (generic && p - SIMT_WIN_SHARED_BASE >= SIMT_WIN_SIZE &&
            path_of(space_of(req, p)) != C_SMEM)
            continue;
        addr[m] = a->addr;
        bytes[m] = a->size;
        idx[m++] = i;
    }
    uint32_t first = 0, pass = 1;
    const uint32_t mask = m == 32 ? 0xffffffffu : ((1u << m) - 1);
    const uint32_t degree = simt_smem_access(s->smem, mask, addr, bytes, 0, &first, &pass);
    if (degree > 1)
        out->hazards |= SIMT_HZ_BIT(SIMT_HZ_BANK);
    if (m)
        out->busy_cycles = pass; /* (> 1 only for an access wider than the banks) */
    uint32_t k = 0;
    const int all = m == req->naccess && first == mask; /* the usual case: all served */
    if (all)
        out->nserved = m;
    for (uint32_t i = 0; i < req->naccess && !all; i++) {
        const int mine = k < m && idx[k] == i;
        const int served = mine && (first >> k & 1);
        if (mine)
            k++;
        if (served)
            out->nserved++;
        else {
            out->rejected[out->nrejected++] = i;
            if (!mine)
                out->hazards |= SIMT_HZ_BIT(SIMT_HZ_DIV); /* another space: another pass */
        }
    }
    if (!out->nserved)
        return SIMT_ERR_OK;
    uint32_t wid;
    if (waiter_new(s, req->token, cycle, &wid))
        return simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
    s->w[wid].nthreads = out->nserved;
    s->pending += out->nserved;
    if (s->lat[C_SMEM] == 0) {
        s->w[wid].remaining = 1;
        waiter_done(s, wid, cycle);
    } else if (later(s, C_SMEM, cycle, wid))
        return simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
    return SIMT_ERR_OK;
}

static int oracle_miss(struct hsm *s, const struct simt_mem_req *req);

static simt_err hier_push(void *state, uint64_t cycle, const struct simt_mem_req *req,
                          struct simt_mem_outcome *out)
{
    struct hsm *s = state;
    struct hier_shared *sh = s->sh;
    out->hazards = 0;
    out->nserved = 0;
    out->nrejected = 0;
    out->busy_cycles = 1;
    if (s->err || sh->err) {
        /* the message recorded with the error, prefixed in place (formatting the message
         * buffer into itself garbled it) */
        simt_errprefix("%sSM %u, cycle %llu",
                       strncmp(simt_errmsg(), "memory hierarchy", 16) ? "memory hierarchy: " : "",
                       s->id, (unsigned long long)cycle);
        return s->err ? s->err : sh->err;
    }
    (*sh->st_pushes)++;
    if (s->sleeping) { /* the core pushes: it is awake (it should not sleep and push) */
        s->sleeping = 0;
        sh->nsleep--;
    }
    if (!req->naccess)
        return SIMT_ERR_OK;
    if (s->last_fail.valid && s->last_fail.epoch == s->epoch && s->last_fail.token == req->token &&
        s->last_fail.naccess == req->naccess && s->last_fail.a0 == req->acc[0].addr &&
        s->last_fail.alast == req->acc[req->naccess - 1].addr) {
        reject_all(out, req->naccess);
        out->hazards = s->last_fail.hazards;
        simt_cache_count_fail(s->cache[s->last_fail.nops_failed_cache], s->last_fail.hz);
        count_hazards(sh, out->hazards);
        return SIMT_ERR_OK;
    }
    s->last_fail.valid = 0;
    const uint32_t n = req->naccess < MAX_ACC ? req->naccess : MAX_ACC;
    const int generic = req->space == SIMT_MS_GENERIC || req->space == SIMT_MS_NONE;
    const int copy = req->kind == SIMT_MK_COPY;
    simt_err e = SIMT_ERR_OK;
    /* the first access decides the path and the group */
    const struct simt_mem_access *a0 = &req->acc[0];
    const uint64_t p0 = (copy && a0->addr2) ? a0->addr2 : a0->addr;
    const uint8_t sp0 = generic ? (uint8_t)space_of(req, p0) : (uint8_t)req->space;
    const int cp = path_of(sp0);
    if (cp == C_SMEM) {
        e = push_shared(s, cycle, req, generic, copy, n, out); /* rejects those beyond n too */
        (*sh->st_served) += out->nserved;
        count_hazards(sh, out->hazards);
        return e;
    }

    /* the group: accesses on the same path whose primary address falls in the first one's
     * line (constant cache: the same word, serialised on distinct addresses) */
    simt_cache *c = s->cache[cp];
    const uint32_t lb = s->lb[cp];
    const uint32_t gshift = cp == C_L1C ? 2 : (uint32_t)__builtin_ctz(lb); /* lines: 2^k */
    const uint64_t prim0 = sp0 == SIMT_MS_LOCAL ? local_addr(s, p0, a0->thread) : p0;
    const uint64_t key = prim0 >> gshift;
    const uint32_t sec = s->sec[cp];
    const uint32_t secshift = (uint32_t)__builtin_ctz(sec);
    const uint64_t line0 = prim0 & ~(uint64_t)(lb - 1);
    const int is_load = req->kind == SIMT_MK_LOAD;
    const int kwrite = req->kind == SIMT_MK_STORE, katomic = req->kind == SIMT_MK_ATOMIC;
    /* bit i: access i is in the group (a word, not a byte array: byte stores may alias
     * anything, and the loop below would reload every pointer after each one) */
    uint64_t in_group = 1;
    const struct simt_mem_access *acc = req->acc;
    struct op ops[MAX_OPS];
    uint32_t nops = 0, ngroup = 0, glast = 0; /* glast: the last access in the group */
    if (!copy) {
        /* every group access starts in line0 (the group is at most one line); an access
         * inside it ORs its sectors into the line's op (what add_range would do) */
        const uint32_t sz0 = a0->size ? a0->size : 1;
        const uint64_t off0 = prim0 - line0;
        if (sp0 == SIMT_MS_LOCAL && local_wide(p0, sz0)) {
            add_local(s, ops, &nops, p0, sz0, a0->thread, lb, sec, kwrite, katomic);
        } else if (off0 + sz0 <= lb) { /* add_range's single line */
            const uint32_t s0 = (uint32_t)(off0 >> secshift);
            const uint32_t w = (uint32_t)((off0 + sz0 - 1) >> secshift) - s0 + 1;
            ops[0] = (struct op){line0, (w >= 32 ? 0xffffffffu : ((1u << w) - 1)) << s0,
                                 (uint8_t)kwrite, (uint8_t)katomic};
            nops = 1;
        } else
            add_range(ops, &nops, prim0, sz0, lb, sec, kwrite, katomic);
        ngroup = 1;
        const int local_sp = sp0 == SIMT_MS_LOCAL;
        const uint32_t nsec = lb >> secshift; /* <= 32 (sector_of) */
        const uint32_t fullmask = nsec >= 32 ? 0xffffffffu : (1u << nsec) - 1;
        const uint64_t gwin = SIMT_WIN_GLOBAL_END - SIMT_WIN_GLOBAL_BASE;
        /* the common cases first: a generic access in a window whose space takes the group's
         * path with no address transform - global memory for the L1D, the constant and
         * parameter windows (adjacent) for the L1C. An uncoalesced load scans its remaining
         * accesses once per line it pushes, a constant load of distinct words once per word. */
        _Static_assert(SIMT_WIN_PARAM_BASE == SIMT_WIN_CONST_BASE + SIMT_WIN_SIZE,
                       "the L1C's fast window spans the constant and parameter windows");
        uint64_t fast_lo = 0, fast_len = 0; /* 0: no fast case */
        if (generic && cp == C_L1D) {
            fast_lo = SIMT_WIN_GLOBAL_BASE;
            fast_len = gwin;
        } else if (generic && cp == C_L1C) {
            fast_lo = SIMT_WIN_CONST_BASE;
            fast_len = 2 * SIMT_WIN_SIZE;
        }
        const uint64_t gmask = ~(((uint64_t)1 << gshift) - 1), gkey = prim0 & gmask;
        for (uint32_t i = 1; i < n; i++) {
            const struct simt_mem_access *a = &acc[i];
            uint64_t prim = a->addr;
            int loc = 0; /* a local access (prim is its first word's place) */
            if (prim - fast_lo < fast_len) {
                /* (space_of(): global, path L1D; or constant / parameter, path L1C) */
            } else if (generic) {
                if (prim - SIMT_WIN_GLOBAL_BASE < gwin) { /* global: path L1D, not cp */
                    continue;
                } else if (prim - SIMT_WIN_LOCAL_BASE < SIMT_WIN_SIZE) { /* local: path L1D */
                    if (cp != C_L1D)
                        continue;
                    prim = local_addr(s, prim, a->thread);
                    loc = 1;
                } else {
                    const unsigned spi = space_of(req, prim);
                    if (path_of(spi) != cp)
                        continue;
                    if (spi == SIMT_MS_LOCAL) {
                        prim = local_addr(s, prim, a->thread);
                        loc = 1;
                    }
                }
            } else if (local_sp) {
                prim = local_addr(s, prim, a->thread);
                loc = 1;
            }
            if ((prim & gmask) != gkey) /* prim >> gshift != key */
                continue;
            in_group |= 1ull << i;
            ngroup++;
            glast = i;
            const uint32_t sz = a->size ? a->size : 1;
            const uint64_t off = prim - line0;
            if (loc && local_wide(a->addr, sz)) {
                add_local(s, ops, &nops, a->addr, sz, a->thread, lb, sec, kwrite, katomic);
            } else if (off + sz <= lb) {
                if (ops[0].smask == fullmask || nops >= MAX_OPS)
                    continue; /* no sector to add (add_range would add none either) */
                const uint32_t s0 = (uint32_t)(off >> secshift);
                const uint32_t w = (uint32_t)((off + sz - 1) >> secshift) - s0 + 1;
                ops[0].smask |= (w >= 32 ? 0xffffffffu : ((1u << w) - 1)) << s0;
            } else
                add_range(ops, &nops, prim, sz, lb, sec, kwrite, katomic);
        }
    } else {
        for (uint32_t i = 0; i < n; i++) {
            const struct simt_mem_access *a = &req->acc[i];
            uint64_t prim, p = p0;
            unsigned spi = sp0;
            if (i == 0)
                prim = prim0;
            else {
                p = a->addr2 ? a->addr2 : a->addr;
                spi = generic ? space_of(req, p) : sp0;
                if (generic && path_of(spi) != cp)
                    continue;
                prim = spi == SIMT_MS_LOCAL ? local_addr(s, p, a->thread) : p;
                if (prim >> gshift != key)
                    continue;
            }
            in_group |= 1ull << i;
            ngroup++;
            glast = i;
            const uint32_t sz = a->size ? a->size : 1;
            /* COPY: read the source (if any), write the destination */
            if (a->addr2 && spi == SIMT_MS_LOCAL)
                add_local(s, ops, &nops, p, sz, a->thread, lb, sec, 0, 0);
            else if (a->addr2)
                add_range(ops, &nops, prim, sz, lb, sec, 0, 0);
            const unsigned ds = space_of(req, a->addr);
            const uint32_t dlb = simt_cache_line_bytes(s->cache[C_L1D]);
            if (path_of(ds) != C_L1D)
                continue;
            if (ds == SIMT_MS_LOCAL)
                add_local(s, ops, &nops, a->addr, sz, a->thread, dlb, sector_of(sh, dlb), 1, 0);
            else
                add_range(ops, &nops, a->addr, sz, dlb, sector_of(sh, dlb), 1, 0);
        }
    }

    /* hazard prediction bookkeeping (seed 003 ch. 6): L1D loads only */
    const int tracked = is_load && cp == C_L1D && s->tracking;
    struct tokent *te = tracked ? tok_get(&s->tok, req->token, 0) : NULL;
    int predicted = 0;
    if (tracked && sh->pred)
        predicted = te && te->has_pred ? te->predicted
                                       : simt_predict_miss(sh->pred, req->pc, te && te->known_miss,
                                                           sh->pred_kind == SIMT_PRED_ORACLE &&
                                                               oracle_miss(s, req));

    uint32_t wid;
    if (waiter_new(s, req->token, cycle, &wid))
        return simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
    struct waiter *w = &s->w[wid];
    w->is_load = req->kind != SIMT_MK_STORE;
    w->remaining = 1; /* guard: released below */
    uint32_t mshrs_acq = 0;
    int failed = 0, needed_mshr = 0;
    /* Write-through stores and atomics take one miss-queue slot per line. A group of several
     * lines is rejected whole when the queue cannot take them all, before any line goes:
     * otherwise the lines queued before the one that failed would be queued again by every
     * retry (duplicate traffic, and a livelock when the retries refill the queue as fast as
     * it drains; tests/memory/test_hier.c, straddle). */
    if (nops > 1 && !s->l1d_wb) {
        uint32_t nw = 0;
        while (nw < nops && (ops[nw].write || ops[nw].atomic))
            nw++;
        if (nw == nops && simt_cache_miss_space(s->cache[C_L1D]) < nops) {
            simt_cache_count_fail(s->cache[C_L1D], SIMT_HZ_COMQ);
            out->hazards |= SIMT_HZ_BIT(SIMT_HZ_COMQ);
            failed = 1;
            if (!tracked) { /* changes nothing: a repeat fails the same way (fast path) */
                s->last_fail.hz = SIMT_HZ_COMQ;
                s->last_fail.nops_failed_cache = C_L1D;
                s->last_fail.need = nops;
                s->last_fail.pops_only = 1;
                s->last_fail.valid = 2;
            }
        }
    }
    for (uint32_t k = 0; k < nops && !failed; k++) {
        const struct op *o = &ops[k];
        simt_cache *oc = o->write ? s->cache[C_L1D] : c;
        const uint32_t touched = popcount32(o->smask) * (o->write ? s->sec[C_L1D] : sec);
        struct simt_mpkt pkt = {.addr = o->line,
                                .bytes = o->write || o->atomic ? touched : lb,
                                .id = wid,
                                .src = (uint16_t)s->id,
                                .is_write = o->write,
                                /* a write goes through the L1D (oc): with write-back its
                                 * line fill must come back there (sm_receive routes a reply
                                 * by its space), whatever window the group's address is in */
                                .space = o->write && cp != C_L1D ? SIMT_MS_GLOBAL : sp0,
                                .kind = o->atomic ? SIMT_MPKT_ATOMIC : SIMT_MPKT_LINE};
        enum simt_hazard hz;
        enum simt_cache_outcome r;
        l1_flush(s, o->write || o->atomic ? C_L1D : cp); /* before its occupancy changes */
        if (o->atomic) {
            r = simt_cache_bypass(s->cache[C_L1D], &pkt, &hz);
        } else {
            r = simt_cache_access(oc, &pkt, &hz);
        }
        if (r != SIMT_CACHE_FAIL) {
            s->epoch++;
            /* it may have queued a request towards the interconnect */
            s->inj_maybe |= (uint8_t)(1u << (o->atomic || o->write ? C_L1D : cp));
            sh->inj[s->id >> 6] |= 1ull << (s->id & 63);
        } else if (k == 0 && !tracked) {
            s->last_fail.hz = hz;
            s->last_fail.nops_failed_cache = o->atomic || o->write ? C_L1D : (uint32_t)cp;
            s->last_fail.need = 1; /* a read miss may need 2 (dirty victim): woken early */
            s->last_fail.pops_only = hz == SIMT_HZ_COMQ && (o->atomic || (o->write && !s->l1d_wb));
            s->last_fail.valid = 2; /* confirmed below once the outcome is known */
        }
        switch (r) {
        case SIMT_CACHE_HIT:
            if (later(s, o->write ? C_STORE : cp, cycle, wid))
                return simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
            break;
        case SIMT_CACHE_MERGED:
            w->remaining++;
            break;
        case SIMT_CACHE_MISS:
            w->remaining++;
            if (oc == s->cache[C_L1D]) {
                mshrs_acq++;
                needed_mshr = 1;
            }
            break;
        case SIMT_CACHE_WRITE:
            if (o->atomic)
                w->remaining++; /* the reply completes it */
            else if (later(s, C_STORE, cycle, wid))
                return simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
            break;
        case SIMT_CACHE_FAIL:
            out->hazards |= SIMT_HZ_BIT(hz);
            needed_mshr |= !o->write && !o->atomic;
            failed = 1;
            break;
        }
    }
    if (nops > 1 && !failed) {
        /* a straddling group (or a wide local access) used several line slots: more than one
         * memory-stage cycle, a DIV hazard as for the accesses rejected below */
        out->busy_cycles = nops;
        out->hazards |= SIMT_HZ_BIT(SIMT_HZ_DIV);
    }
    /* served: the group (unless it failed); rejected, in order: the rest (DIV for those
     * outside the group) */
    if (ngroup < req->naccess)
        out->hazards |= SIMT_HZ_BIT(SIMT_HZ_DIV);
    if (failed)
        reject_all(out, req->naccess);
    else {
        out->nserved = ngroup;
        if (ngroup < req->naccess && glast + 1 == ngroup)
            reject_from(out, ngroup, req->naccess); /* the group was a prefix */
        else if (ngroup < req->naccess) {
            for (uint32_t i = 0; i < n; i++)
                if (!(in_group >> i & 1))
                    out->rejected[out->nrejected++] = i;
            for (uint32_t i = n; i < req->naccess; i++)
                out->rejected[out->nrejected++] = i;
        }
    }
    if (s->last_fail.valid == 2) {
        s->last_fail.valid = 1;
        s->last_fail.epoch = s->epoch;
        s->last_fail.token = req->token;
        s->last_fail.naccess = req->naccess;
        s->last_fail.a0 = req->acc[0].addr;
        s->last_fail.alast = req->acc[req->naccess - 1].addr;
        s->last_fail.hazards = out->hazards;
    }
    if (failed)
        w->cancelled = 1;
    else {
        w->nthreads = ngroup;
        s->pending += ngroup;
    }
    waiter_done(s, wid, cycle); /* drop the guard; completes now if nothing is outstanding */

    /* every L1D MSHR taken holds a credit (real or virtual), since every fill returns one */
    simt_tracker_on_mem(&s->tracker, te ? te->credits : 0, mshrs_acq);
    if (te)
        te->credits = 0;
    if (tracked) {
        if (sh->pred) {
            simt_predictor_update(sh->pred, req->pc, predicted, needed_mshr);
            (*sh->st_pred[(predicted ? 0 : 2) + (needed_mshr ? 0 : 1)])++;
        }
        const int known =
            failed && (out->hazards & (SIMT_HZ_BIT(SIMT_HZ_MSHR) | SIMT_HZ_BIT(SIMT_HZ_COMQ) |
                                       SIMT_HZ_BIT(SIMT_HZ_RSV)));
        if (out->nrejected == 0)
            tok_erase(&s->tok, req->token);
        else if (known || te) {
            struct tokent *t2 = tok_get(&s->tok, req->token, 1);
            if (!t2)
                return simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
            t2->known_miss |= (uint8_t)known;
            t2->has_pred = 0;
        }
    }
    (*sh->st_served) += out->nserved;
    count_hazards(sh, out->hazards);
    return e;
}

/* Oracle (seed 003 6.1): does any line of the first pass miss in the L1 data cache now? */
static int oracle_miss(struct hsm *s, const struct simt_mem_req *req)
{
    const uint32_t lb = simt_cache_line_bytes(s->cache[C_L1D]);
    const uint32_t n = req->naccess < MAX_ACC ? req->naccess : MAX_ACC;
    for (uint32_t i = 0; i < n; i++) {
        const struct simt_mem_access *a = &req->acc[i];
        const unsigned sp = space_of(req, a->addr);
        if (path_of(sp) != C_L1D)
            continue;
        if (sp == SIMT_MS_LOCAL && local_wide(a->addr, a->size)) {
            struct op ops[MAX_OPS];
            uint32_t nops = 0;
            add_local(s, ops, &nops, a->addr, a->size, a->thread, lb, lb, 0, 0);
            for (uint32_t k = 0; k < nops; k++)
                if (simt_cache_probe(s->cache[C_L1D], ops[k].line) != SIMT_LINE_VALID)
                    return 1;
            continue;
        }
        const uint64_t p = sp == SIMT_MS_LOCAL ? local_addr(s, a->addr, a->thread) : a->addr;
        if (simt_cache_probe(s->cache[C_L1D], p & ~(uint64_t)(lb - 1)) != SIMT_LINE_VALID)
            return 1;
    }
    return 0;
}

static uint32_t hier_predict(void *state, uint64_t cycle, const struct simt_mem_req *req)
{
    struct hsm *s = state;
    struct hier_shared *sh = s->sh;
    uint32_t hz = 0;
    if (!req->naccess)
        return 0;
    if (simt_mem_coalesce(req, simt_cache_line_bytes(s->cache[C_L1D])) > 1)
        hz |= SIMT_HZ_BIT(SIMT_HZ_DIV);
    if (simt_mem_bank_degree(req, simt_smem_cfg_banks(s->smem)) > 1)
        hz |= SIMT_HZ_BIT(SIMT_HZ_BANK);
    if (req->kind == SIMT_MK_LOAD && sh->pred && s->tracking &&
        path_of(space_of(req, req->acc[0].addr)) == C_L1D) {
        struct tokent *te = tok_get(&s->tok, req->token, 0);
        const int pm = simt_predict_miss(sh->pred, req->pc, te && te->known_miss,
                                         sh->pred_kind == SIMT_PRED_ORACLE && oracle_miss(s, req));
        if (!simt_tracker_may_issue(&s->tracker, pm, simt_cache_mshrs_free(s->cache[C_L1D])))
            hz |= SIMT_HZ_BIT(SIMT_HZ_MSHR);
    }
    return hz;
}

void simt_mem_hier_issued(void *state, uint64_t cycle, const struct simt_mem_req *req)
{
    struct hsm *s = state;
    struct hier_shared *sh = s->sh;
    if (!s || req->kind != SIMT_MK_LOAD || !req->naccess || !sh->pred ||
        path_of(space_of(req, req->acc[0].addr)) != C_L1D)
        return;
    struct tokent *te = tok_get(&s->tok, req->token, 1);
    if (!te)
        return; /* out of memory: the load simply holds no credit */
    const int pm = simt_predict_miss(sh->pred, req->pc, te->known_miss,
                                     sh->pred_kind == SIMT_PRED_ORACLE && oracle_miss(s, req));
    te->credits += simt_tracker_on_issue(&s->tracker, pm);
    te->predicted = (uint8_t)pm;
    te->has_pred = 1;
}

static uint64_t hier_pending(void *state)
{
    return ((struct hsm *)state)->pending;
}

/* ---------------------------------------------------------------------------------------------
 * Shared part: interconnect, partitions, clocks.
 * ------------------------------------------------------------------------------------------- */
static void on_dram_done(void *ctx, const struct simt_mpkt *r)
{
    struct part *p = ctx;
    if (r->is_write)
        return;                        /* write-backs need no answer */
    mem_ring_push(&p->dram_ret, r, 0); /* bounded: see the DRAM push gate */
}

static void part_sub_done(struct part *p, uint32_t pi)
{
    struct preq *q = &p->pool[pi];
    if (!q->in_use || !q->remaining) {
        if (!p->sh->err)
            p->sh->err = simt_seterr(SIMT_ERR_INVARIANT,
                                     "memory hierarchy: partition %u: stray completion", p->id);
        return;
    }
    if (--q->remaining)
        return;
    if (q->pkt.is_write && q->pkt.kind == SIMT_MPKT_LINE) { /* stores need no reply */
        q->in_use = 0;
        p->pfree[p->npfree++] = pi;
        return;
    }
    q->done = 1;
    if (tring_push(&p->reply, 0, pi) && !p->sh->err)
        p->sh->err = simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
}

static void on_l2_fill(void *ctx, const struct simt_mpkt *r)
{
    part_sub_done(ctx, r->id);
}

/* Counts the DRAM cycles skipped on partition p's channel (no command or completion was due
 * in them: simt_dram_next_event()). */
static void dram_sync_to(struct part *p, uint64_t t)
{
    if (p->dram_at != t) {
        simt_dram_skip(p->dram, t - p->dram_at);
        p->dram_at = t;
    }
}

static void dram_sync(struct part *p)
{
    dram_sync_to(p, p->sh->dram_vnow);
}

/* Counts the L2 cycles owed at the L2's current MSHR occupancy (which only part_tick
 * changes: call before it runs). */
static void l2_sync(struct part *p)
{
    const uint64_t now = p->sh->l2_now;
    if (p->l2_at != now) {
        simt_cache_ticks(p->l2, now - p->l2_at);
        p->l2_at = now;
    }
}

/* Would part_tick(p) do anything this L2 cycle, besides taking the request `in`? */
static int part_active(const struct hier_shared *sh, const struct part *p)
{
    return p->dram_ret.count || p->l2in.count || p->reply.n || p->l2_missq ||
           (p->l2hit.n && p->l2hit.t[p->l2hit.head] <= sh->l2_now);
}

/* One L2 cycle of partition p; `in` is simt_icnt_peek(sh->req, p->id) (steps 1-5 do not
 * change it). */
static void part_tick(struct hier_shared *sh, struct part *p, const struct simt_mpkt *in)
{
    /* 1. a line back from DRAM fills the L2 (one per cycle: the fill port) */
    const struct simt_mpkt *f = mem_ring_peek(&p->dram_ret, UINT64_MAX);
    if (f) {
        const uint64_t a = f->addr;
        mem_ring_pop(&p->dram_ret);
        p->l2_epoch++;
        simt_err e = simt_cache_fill(p->l2, a, on_l2_fill, p);
        if (e && !sh->err)
            sh->err = e;
    }
    /* 2. L2 hits whose latency elapsed */
    while (p->l2hit.n && p->l2hit.t[p->l2hit.head] <= sh->l2_now) {
        const uint32_t pi = p->l2hit.id[p->l2hit.head];
        tring_drop(&p->l2hit);
        part_sub_done(p, pi);
    }
    /* 3. one L2 access per cycle; a hazard keeps it at the head (back-pressure). A failed
     * access changes nothing, so until the L2 changes the head fails the same way again. */
    struct simt_mpkt *sub = mem_ring_peek(&p->l2in, UINT64_MAX);
    if (sub && p->l2_fail_valid &&
        p->l2_fail_epoch == (p->l2_fail_qfull ? p->l2_pops : p->l2_epoch)) {
        simt_cache_count_fail(p->l2, p->l2_fail_hz);
        (*sh->st_l2_stall)++;
    } else if (sub) {
        enum simt_hazard hz;
        const struct simt_mpkt q = *sub;
        const enum simt_cache_outcome r = simt_cache_access(p->l2, &q, &hz);
        if (r == SIMT_CACHE_FAIL) {
            (*sh->st_l2_stall)++;
            /* A head that failed for a full miss queue (it misses: only it accesses the L2,
             * and a fill never makes an absent line present) fails so until the queue moves;
             * any other failure may change with any change of the slice (a fill frees an
             * MSHR or a merge slot, or changes the victim). */
            p->l2_fail_valid = 1;
            p->l2_fail_qfull = hz == SIMT_HZ_COMQ && simt_cache_miss_space(p->l2) == 0;
            p->l2_fail_epoch = p->l2_fail_qfull ? p->l2_pops : p->l2_epoch;
            p->l2_fail_hz = hz;
        } else {
            p->l2_epoch++;
            p->l2_pops++;
            mem_ring_pop(&p->l2in);
            if (r == SIMT_CACHE_HIT && tring_push(&p->l2hit, sh->l2_now + sh->l2_lat, q.id) &&
                !sh->err)
                sh->err = simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
            /* MISS / MERGED: the fill completes it */
        }
    }
    /* 4. L2 misses and write-backs go to DRAM; the return ring bounds DRAM's in-flight work */
    const struct simt_mpkt *m = simt_cache_miss_peek(p->l2);
    if (m && simt_dram_can_accept(p->dram) &&
        simt_dram_busy(p->dram) + p->dram_ret.count < p->dram_ret.cap) {
        dram_sync(p); /* the push stamps the channel's current cycle */
        simt_err e = simt_dram_push(p->dram, m);
        if (e && !sh->err)
            sh->err = e;
        p->dram_wake = 0;
        sh->dram_wake_min = 0;
        simt_cache_miss_pop(p->l2);
        p->l2_epoch++;
        p->l2_pops++;
    }
    p->l2_missq = simt_cache_miss_peek(p->l2) != NULL;
    /* 5. a finished request's reply enters the reply network */
    if (p->reply.n && simt_icnt_can_accept(sh->rep, p->id)) {
        const uint32_t pi = p->reply.id[p->reply.head];
        struct preq *q = &p->pool[pi];
        struct simt_mpkt rp = q->pkt;
        rp.is_reply = 1;
        if (rp.kind == SIMT_MPKT_ATOMIC)
            rp.bytes = rp.bytes < 4 ? 4 : rp.bytes;
        simt_err e = simt_icnt_push(sh->rep, p->id, rp.src, &rp);
        if (e && !sh->err)
            sh->err = e;
        tring_drop(&p->reply);
        q->in_use = 0;
        p->pfree[p->npfree++] = pi;
    }
    /* 6. accept a request from the request network if it fits whole */
    if (in && p->npfree) {
        const uint64_t lb = sh->l2_line;
        const uint64_t first = in->addr & ~(lb - 1);
        const uint64_t last = (in->addr + (in->bytes ? in->bytes : 1) - 1) & ~(lb - 1);
        const uint32_t nsub = (uint32_t)((last - first) / lb + 1);
        if (nsub <= mem_ring_space(&p->l2in)) {
            const uint32_t pi = p->pfree[--p->npfree];
            struct preq *q = &p->pool[pi];
            q->pkt = *in;
            q->remaining = nsub;
            q->in_use = 1;
            q->done = 0;
            for (uint64_t a = first; a <= last; a += lb) {
                const uint64_t lo = a > in->addr ? a : in->addr;
                const uint64_t hi = in->addr + in->bytes < a + lb ? in->addr + in->bytes : a + lb;
                struct simt_mpkt sp = *in;
                sp.addr = in->is_write ? lo : a;
                sp.bytes = (uint32_t)(hi > lo ? hi - lo : 1);
                sp.id = pi;
                sp.is_write = in->is_write || in->kind == SIMT_MPKT_ATOMIC; /* RMW dirties */
                mem_ring_push(&p->l2in, &sp, 0);
            }
            simt_icnt_pop(sh->req, p->id);
        }
    }
}

/* An SM's reply arrives: fill its L1 (or complete the atomic). */
static void sm_receive(struct hier_shared *sh, struct hsm *s)
{
    const struct simt_mpkt *r = simt_icnt_peek(sh->rep, s->id);
    if (!r)
        return;
    const struct simt_mpkt q = *r;
    simt_icnt_pop(sh->rep, s->id);
    if (q.kind == SIMT_MPKT_ATOMIC) {
        waiter_done(s, q.id, sh->cycle);
        return;
    }
    /* the packet's space names the L1 that sent it (hier_push: a write's is global) */
    const int cp = path_of(q.space);
    simt_cache *c = s->cache[cp == C_SMEM ? C_L1D : cp];
    /* the cycles the SM skipped since its last tick had the occupancy before this fill (its
     * next tick counts the cycles after it) */
    l1_ticks_to(s, sh->cycle);
    l1_flush(s, cp == C_SMEM ? C_L1D : cp);
    changed_fill(s); /* before the fill changes the MSHR occupancy */
    simt_err e = simt_cache_fill(c, q.addr, on_l1_fill, s);
    if (e && !sh->err)
        sh->err = e;
    if (cp == C_L1D)
        simt_tracker_on_mshr_free(&s->tracker);
}

/* An SM's miss queues inject one packet per interconnect cycle (rotating over D, C, T). */
static void sm_inject(struct hier_shared *sh, struct hsm *s)
{
    if (!s->inj_maybe) /* (the caller skips SMs whose network input is full) */
        return;
    for (uint32_t k = 0, ci = s->inj_rr; k < 3; k++, ci = ci == 2 ? 0 : ci + 1) {
        if (!(s->inj_maybe >> ci & 1))
            continue; /* that queue is empty */
        const struct simt_mpkt *m = simt_cache_miss_peek(s->cache[ci]);
        if (!m) {
            s->inj_maybe &= (uint8_t) ~(1u << ci);
            continue;
        }
        struct simt_mpkt pkt = *m;
        struct simt_dram_loc loc;
        simt_addrmap_map(&sh->map, pkt.addr, &loc);
        pkt.dst = (uint16_t)loc.part;
        pkt.src = (uint16_t)s->id;
        pkt.issue_cycle = sh->cycle;
        simt_err e = simt_icnt_push(sh->req, s->id, loc.part, &pkt);
        if (e && !sh->err)
            sh->err = e;
        simt_cache_miss_pop(s->cache[ci]);
        changed_pop(s, ci);
        s->inj_rr = ci == 2 ? 0 : ci + 1;
        return;
    }
    /* all three queues are empty (inj_maybe is 0) */
    sh->inj[s->id >> 6] &= ~(1ull << (s->id & 63));
}

static void icnt_domain_tick(struct hier_shared *sh)
{
    (*sh->st_icnt_cycles)++;
    /* the SMs whose miss queues may hold requests and whose network input has room, in SM
     * order (each injects into its own input only; a full input is skipped as sm_inject()
     * would return at once - under DRAM back-pressure most of them) */
    const uint64_t *full = simt_icnt_full_inputs(sh->req);
    for (uint32_t w = 0; w < (sh->nsms + 63) / 64; w++)
        for (uint64_t m = sh->inj[w] & ~full[w]; m; m &= m - 1) {
            struct hsm *s = sh->sms[w * 64 + (uint32_t)__builtin_ctzll(m)];
            if (s)
                sm_inject(sh, s);
        }
    simt_icnt_tick(sh->req);
    simt_icnt_tick(sh->rep);
    const int req_ready = simt_icnt_next_ready(sh->req) <= simt_icnt_now(sh->req);
    const uint64_t *reqbusy = simt_icnt_busy_outputs(sh->req);
    for (uint32_t i = 0; i < sh->npart; i++) {
        struct part *p = &sh->part[i];
        const struct simt_mpkt *in = req_ready && (reqbusy[p->id >> 6] >> (p->id & 63) & 1)
                                         ? simt_icnt_peek(sh->req, p->id)
                                         : NULL;
        if (in || part_active(sh, p)) {
            l2_sync(p); /* the L2 cycles before this one, at the occupancy they had */
            part_tick(sh, p, in);
        }
        /* this cycle's simt_cache_tick(p->l2) is counted later, at this occupancy */
    }
    if (simt_icnt_next_ready(sh->rep) <= simt_icnt_now(sh->rep)) {
        /* the SMs with replies in flight or delivered, in SM order (the others have none) */
        const uint64_t *busy = simt_icnt_busy_outputs(sh->rep);
        for (uint32_t w = 0; w < (sh->nsms + 63) / 64; w++)
            for (uint64_t m = busy[w]; m; m &= m - 1) {
                struct hsm *s = sh->sms[w * 64 + (uint32_t)__builtin_ctzll(m)];
                if (s)
                    sm_receive(sh, s);
            }
    }
    sh->l2_now++;
}

static void dram_domain_tick(struct hier_shared *sh)
{
    (*sh->st_dram_cycles)++;
    const uint64_t now = sh->dram_vnow++;
    if (now < sh->dram_wake_min)
        return; /* nothing due on any channel: simt_dram_tick() would only count the cycle */
    uint64_t wmin = UINT64_MAX;
    for (uint32_t i = 0; i < sh->npart; i++) {
        struct part *p = &sh->part[i];
        if (now >= p->dram_wake) {
            dram_sync_to(p, now);
            simt_dram_tick(p->dram);
            p->dram_at = now + 1;
            p->dram_wake = simt_dram_next_event(p->dram);
        }
        if (p->dram_wake < wmin)
            wmin = p->dram_wake;
    }
    sh->dram_wake_min = wmin;
}

static int shared_idle(const struct hier_shared *sh)
{
    if (simt_icnt_busy(sh->req) || simt_icnt_busy(sh->rep))
        return 0;
    for (uint32_t p = 0; p < sh->npart; p++) {
        const struct part *q = &sh->part[p];
        if (q->npfree != sh->npend || q->l2in.count || q->l2hit.n || q->dram_ret.count ||
            q->reply.n || simt_dram_busy(q->dram) || simt_cache_miss_peek(q->l2))
            return 0;
    }
    /* an SM whose injection bit is clear has empty miss queues */
    for (uint32_t w = 0; w < (sh->nsms + 63) / 64; w++)
        for (uint64_t m = sh->inj[w]; m; m &= m - 1) {
            const struct hsm *s = sh->sms[w * 64 + (uint32_t)__builtin_ctzll(m)];
            for (int c = 0; s && c < 3; c++)
                if (simt_cache_miss_peek(s->cache[c]))
                    return 0;
        }
    return 1;
}

/* The shared part was idle since its clocks last moved (shared_tick is called in every
 * cycle while it is not): jump them to core cycle `cycle`, before anything of this cycle
 * (an SM's push) gives it work - what the edges jumped over would have done to an idle
 * shared part is counted (core, interconnect and its networks, L2 and DRAM cycles) and the
 * domains' own time moves on, so that every counter and every later edge is the same as when
 * shared_tick() is called in every cycle (sim.skip_cycles = false). Called from the first SM
 * tick of a cycle and from shared_tick(); a no-op once the clocks are at `cycle`. Until the
 * eighteenth session only shared_tick() jumped, after the SMs' pushes of the cycle: a push
 * that ended an idle stretch then met the interconnect and DRAM edges of the cycles before
 * it, and its request went that much earlier. */
static void shared_catch_up(struct hier_shared *sh, uint64_t cycle)
{
    if (sh->clk.edges[0] >= cycle || !shared_idle(sh))
        return;
    const uint64_t e0 = sh->clk.edges[0], e1 = sh->clk.edges[1], e2 = sh->clk.edges[2];
    simt_clocks_jump(&sh->clk, cycle);
    const uint64_t d1 = sh->clk.edges[1] - e1, d2 = sh->clk.edges[2] - e2;
    (*sh->st_core_cycles) += sh->clk.edges[0] - e0;
    (*sh->st_icnt_cycles) += d1;
    (*sh->st_dram_cycles) += d2;
    simt_icnt_idle(sh->req, d1);
    simt_icnt_idle(sh->rep, d1);
    sh->l2_now += d1;
    sh->dram_vnow += d2;
}

static void hier_shared_tick(void *shared, uint64_t cycle)
{
    struct hier_shared *sh = shared;
    sh->cycle = cycle;
    shared_catch_up(sh, cycle);
    for (;;) {
        const uint32_t d = simt_clocks_peek_inline(&sh->clk);
        if (d == 0) {
            if (sh->clk.edges[0] > cycle)
                break;
            simt_clocks_consume(&sh->clk, 0);
            (*sh->st_core_cycles)++;
            continue;
        }
        simt_clocks_consume(&sh->clk, d);
        if (d == 1)
            icnt_domain_tick(sh);
        else
            dram_domain_tick(sh);
    }
    /* the statistics are complete whenever the core looks at them */
    for (uint32_t i = 0; i < sh->npart; i++) {
        dram_sync(&sh->part[i]);
        l2_sync(&sh->part[i]);
    }
    /* an error is reported by the next push: sleeping units must push again */
    for (uint32_t i = 0; sh->err && sh->nsleep && i < sh->nsms; i++)
        if (sh->sms[i] && sh->sms[i]->sleeping)
            wake_sm(sh->sms[i]);
}

/* The push just made served nothing. If its first line operation failed (last_fail
 * confirmed for the current epoch), the same push fails the same way, with the same
 * statistics, until the epoch changes; every change outside this SM's own push comes through
 * changed_fill / changed_pop, which wake the unit when the change can end that failure
 * (last_fail.need, .pops_only), or is an error, which wakes it too. Not with a hazard
 * tracker: the core's issue stage then consults predict() and the tracker every cycle, and
 * its stepping must stay as it is. */
static bool hier_sleep(void *state, uint64_t cycle)
{
    struct hsm *s = state;
    (void)cycle;
    if (!s->client.wake || s->tracking || s->last_fail.valid != 1 ||
        s->last_fail.epoch != s->epoch || s->err || s->sh->err)
        return false;
    if (!s->sleeping) {
        s->sleeping = 1;
        s->sh->nsleep++;
    }
    return true;
}

/* `n` pushes left out by the sleeping unit: what the stall fast path of hier_push counts for
 * each (last_fail is unchanged, since no push was made since it was recorded). */
static void hier_repeat(void *state, uint64_t n)
{
    struct hsm *s = state;
    struct hier_shared *sh = s->sh;
    if (!n)
        return;
    (*sh->st_pushes) += n;
    simt_cache_count_fails(s->cache[s->last_fail.nops_failed_cache], s->last_fail.hz, n);
    for (uint32_t hz = s->last_fail.hazards & (SIMT_HZ_BIT(SIMT_HZ_NUM_) - 1); hz; hz &= hz - 1)
        (*sh->st_hz[__builtin_ctz(hz)]) += n;
}

static uint64_t hier_next_event(void *state, void *shared, uint64_t cycle)
{
    if (state) {
        const struct hsm *s = state;
        const uint64_t t = s->ring_next;
        /* fills complete from shared_tick(); the core's complete() callback then wakes the
         * SM for the next cycle, so in-flight accesses need no per-cycle stepping here */
        return t <= cycle ? cycle + 1 : t;
    }
    return shared && !shared_idle(shared) ? cycle + 1 : UINT64_MAX;
}

static void hier_shared_destroy(void *shared);

/* The most L2-line pieces one request of an L1 line of `line` bytes splits into at a
 * partition (+1 if it is not aligned to the L2 line). */
static uint32_t l2_pieces(const struct hier_shared *sh, uint32_t line)
{
    return (line > sh->l2_line ? line / sh->l2_line : 1) + 1;
}

static uint32_t kint(const simt_config *cfg, const char *k)
{
    return (uint32_t)simt_config_int(cfg, k);
}

static simt_err hier_shared_create(const simt_config *cfg, uint32_t nsms, simt_stats *stats,
                                   void **out)
{
    *out = NULL;
    SIMT_RETURN_IF(nsms < 1 || nsms > 65535, SIMT_ERR_CONFIG, "memory hierarchy: %u SMs (1..65535)",
                   nsms);
    struct hier_shared *sh = calloc(1, sizeof *sh);
    if (!sh)
        return simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
    simt_err e = SIMT_ERR_OK;
    sh->nsms = nsms;
    sh->npart = kint(cfg, "gpu.mem_channels");
    sh->l2_line = kint(cfg, "l2.line_bytes");
    sh->l2_lat = kint(cfg, "l2.hit_latency");
    sh->max_threads = kint(cfg, "core.max_threads");
    sh->l1d_line = kint(cfg, "l1d.line_bytes");
    sh->l1d_sector = kint(cfg, "l1d.sector_bytes");
    sh->sms = calloc(nsms, sizeof *sh->sms);
    sh->part = calloc(sh->npart, sizeof *sh->part);
    sh->inj = calloc((nsms + 63) / 64, sizeof *sh->inj);
    if (!sh->sms || !sh->part || !sh->inj) {
        e = simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
        goto fail;
    }
    const uint32_t mhz[3] = {(uint32_t)llround(simt_config_real(cfg, "gpu.core_clock_mhz") * 1000),
                             (uint32_t)llround(simt_config_real(cfg, "gpu.icnt_clock_mhz") * 1000),
                             (uint32_t)llround(simt_config_real(cfg, "gpu.mem_clock_mhz") * 1000)};
    if ((e = simt_clocks_init(&sh->clk, 3, mhz))) /* kHz: exact for fractional MHz */
        goto fail;
    sh->map = (struct simt_addrmap){.npart = sh->npart,
                                    .interleave_bytes = kint(cfg, "mem.interleave_bytes"),
                                    .banks = kint(cfg, "dram.banks"),
                                    .row_bytes = kint(cfg, "dram.row_bytes"),
                                    .xor_hash = simt_config_bool(cfg, "mem.partition_hash")};
    if ((e = simt_addrmap_check(&sh->map)))
        goto fail;
    if (sh->l1d_sector & (sh->l1d_sector - 1)) {
        e = simt_seterr(SIMT_ERR_CONFIG, "l1d.sector_bytes = %u: must be a power of two",
                        sh->l1d_sector);
        goto fail;
    }
    if (sh->l1d_sector > sh->l1d_line) {
        e = simt_seterr(SIMT_ERR_CONFIG,
                        "l1d.sector_bytes = %u exceeds l1d.line_bytes = %u: a sector is part of a "
                        "line",
                        sh->l1d_sector, sh->l1d_line);
        goto fail;
    }
    const char *tr = simt_config_str(cfg, "hazard.tracker");
    sh->tracker_kind = !strcmp(tr, "naive")    ? SIMT_TRACKER_NAIVE
                       : !strcmp(tr, "credit") ? SIMT_TRACKER_CREDIT
                                               : SIMT_TRACKER_NONE;
    const char *pr = simt_config_str(cfg, "hazard.predictor");
    const enum simt_pred_kind pk = !strcmp(pr, "miss")         ? SIMT_PRED_MISS
                                   : !strcmp(pr, "saturating") ? SIMT_PRED_SATURATING
                                   : !strcmp(pr, "oracle")     ? SIMT_PRED_ORACLE
                                                               : SIMT_PRED_HIT;
    sh->pred_kind = pk;
    if ((e = simt_predictor_create(pk, kint(cfg, "hazard.predictor_entries"),
                                   kint(cfg, "hazard.predictor_bits"), &sh->pred)))
        goto fail;
    const uint32_t inq = kint(cfg, "icnt.in_queue"), outq = kint(cfg, "icnt.out_queue");
    const enum simt_icnt_topo topo =
        strcmp(simt_config_str(cfg, "gpu.interconnect"), "mesh") ? SIMT_ICNT_XBAR : SIMT_ICNT_MESH;
    struct simt_icnt_cfg ic = {.ninputs = nsms,
                               .noutputs = sh->npart,
                               .flit_bytes = kint(cfg, "icnt.flit_bytes"),
                               .latency = kint(cfg, "icnt.latency"),
                               .in_queue = inq,
                               .out_queue = outq,
                               .topo = topo};
    if ((e = simt_icnt_create(&ic, &sh->req)))
        goto fail;
    ic.ninputs = sh->npart;
    ic.noutputs = nsms;
    if ((e = simt_icnt_create(&ic, &sh->rep)))
        goto fail;
    if ((e = simt_icnt_bind_stats(sh->req, stats, "mem.icnt.req")) ||
        (e = simt_icnt_bind_stats(sh->rep, stats, "mem.icnt.rep")))
        goto fail;
    struct simt_cache_cfg l2 = {.name = "l2",
                                .sets = kint(cfg, "l2.sets"),
                                .assoc = kint(cfg, "l2.assoc"),
                                .line_bytes = sh->l2_line,
                                .mshrs = kint(cfg, "l2.mshrs"),
                                .mshr_merge = kint(cfg, "l2.mshr_merge"),
                                .miss_queue = kint(cfg, "l2.miss_queue"),
                                .write_back = 1,
                                .reserve_on_miss = 1};
    struct simt_dram_cfg dc = {.map = sh->map,
                               .queue = kint(cfg, "dram.queue"),
                               .tRCD = kint(cfg, "dram.tRCD"),
                               .tRP = kint(cfg, "dram.tRP"),
                               .tCAS = kint(cfg, "dram.tCAS"),
                               .tRAS = kint(cfg, "dram.tRAS"),
                               .tCCD = kint(cfg, "dram.tCCD"),
                               .tWR = kint(cfg, "dram.tWR"),
                               .bus_bytes = kint(cfg, "gpu.mem_channel_bytes_per_cycle"),
                               .sched = strcmp(simt_config_str(cfg, "dram.scheduler"), "fifo")
                                            ? SIMT_DRAM_FRFCFS
                                            : SIMT_DRAM_FIFO};
    const uint32_t npend = kint(cfg, "l2.pending");
    sh->npend = npend;
    uint32_t l1_widest = sh->l1d_line;
    if (kint(cfg, "l1c.line_bytes") > l1_widest)
        l1_widest = kint(cfg, "l1c.line_bytes");
    if (kint(cfg, "l1t.line_bytes") > l1_widest)
        l1_widest = kint(cfg, "l1t.line_bytes");
    for (uint32_t i = 0; i < sh->npart; i++) {
        struct part *p = &sh->part[i];
        p->id = i;
        p->sh = sh;
        if ((e = simt_cache_create(&l2, &p->l2)) ||
            (e = simt_dram_create(&dc, on_dram_done, p, &p->dram)) ||
            (e = simt_cache_bind_stats(p->l2, stats, "mem.l2")) ||
            (e = simt_dram_bind_stats(p->dram, stats, "mem.dram")))
            goto fail;
        p->pool = calloc(npend, sizeof *p->pool);
        p->pfree = calloc(npend, sizeof *p->pfree);
        /* an L1 request splits into at most l1-line / l2-line sub-requests (+1 if unaligned):
         * room for four L1D lines' worth, and at least for one request of the widest L1 line
         * (a constant or texture line wider than that never fitted and its request waited at
         * the partition forever, until the twenty-ninth session) */
        const uint32_t subs = l2_pieces(sh, sh->l1d_line) * 4, widest = l2_pieces(sh, l1_widest);
        if (!p->pool || !p->pfree || mem_ring_init(&p->l2in, subs > widest ? subs : widest) ||
            mem_ring_init(&p->dram_ret, dc.queue)) {
            e = simt_seterr(SIMT_ERR_NOMEM, "memory hierarchy: out of memory");
            goto fail;
        }
        for (uint32_t k = 0; k < npend; k++)
            p->pfree[p->npfree++] = npend - 1 - k;
    }
    /* statistics of the memory stage (same names as the core's perfect/fixed models) */
    sh->st_pushes = simt_stats_counter(stats, "memstage.pushes", "warp memory pushes offered");
    sh->st_served =
        simt_stats_counter(stats, "memstage.accesses", "thread accesses served by the stage");
    for (int h = 0; h < SIMT_HZ_NUM_; h++) {
        char name[64], desc[96];
        snprintf(name, sizeof name, "memstage.hazards.%s", hz_names[h]);
        snprintf(desc, sizeof desc, "pushes that met a %s hazard (seed 003 1.1.7)", hz_names[h]);
        sh->st_hz[h] = simt_stats_counter(stats, name, desc);
    }
    sh->st_core_cycles = simt_stats_counter(stats, "mem.clock.core_cycles",
                                            "core cycles seen by the memory hierarchy");
    sh->st_icnt_cycles = simt_stats_counter(stats, "mem.clock.icnt_cycles",
                                            "interconnect + L2 clock cycles (idle ones included)");
    sh->st_dram_cycles =
        simt_stats_counter(stats, "mem.clock.dram_cycles", "DRAM clock cycles (idle included)");
    sh->st_lat_sum = simt_stats_counter(stats, "mem.latency.sum_cycles",
                                        "sum over served load groups of push-to-data core cycles");
    sh->st_lat_n = simt_stats_counter(stats, "mem.latency.groups", "load groups completed");
    sh->st_l2_stall = simt_stats_counter(
        stats, "mem.l2.input_stalls", "L2 cycles whose head request met an MSHR/COMQ/RSV hazard");
    static const char *const pn[4] = {"ptt", "ptf", "pft", "pff"};
    for (int k = 0; k < 4; k++) {
        char name[64];
        snprintf(name, sizeof name, "mem.hazard.predictor.%s", pn[k]);
        sh->st_pred[k] = simt_stats_counter(
            stats, name, "L1D loads by (predicted miss?, needed an MSHR?) (seed 003 Table 7.1)");
    }
    static const char *const tn[4][2] = {
        {"restricted", "issue attempts refused by the MSHR tracker (seed 003 6.0.1)"},
        {"credits_taken", "credits handed to predicted-miss loads at issue"},
        {"credits_returned", "credits returned unused by the memory stage"},
        {"virtual_credits", "MSHRs taken without a credit (virtual credits)"}};
    for (int k = 0; k < 4; k++) {
        char name[64];
        snprintf(name, sizeof name, "mem.hazard.tracker.%s", tn[k][0]);
        sh->st_trk[k] = simt_stats_counter(stats, name, tn[k][1]);
    }
    if ((e = simt_stats_check(stats)))
        goto fail;
    *out = sh;
    return SIMT_ERR_OK;
fail:
    hier_shared_destroy(sh);
    return e;
}

static void hier_shared_destroy(void *shared)
{
    struct hier_shared *sh = shared;
    if (!sh)
        return;
    for (uint32_t i = 0; sh->part && i < sh->npart; i++) {
        struct part *p = &sh->part[i];
        simt_cache_free(p->l2);
        simt_dram_free(p->dram);
        free(p->pool);
        free(p->pfree);
        mem_ring_fini(&p->l2in);
        mem_ring_fini(&p->dram_ret);
        tring_free(&p->l2hit);
        tring_free(&p->reply);
    }
    for (uint32_t i = 0; sh->sms && i < sh->nsms; i++)
        if (sh->sms[i])
            sh->sms[i]->sh = NULL; /* SM states freed later must not touch us */
    free(sh->part);
    free(sh->sms);
    free(sh->inj);
    simt_icnt_free(sh->req);
    simt_icnt_free(sh->rep);
    simt_predictor_free(sh->pred);
    free(sh);
}

const struct simt_memstage_ops simt_memstage_hierarchy_ops = {
    .name = "hierarchy",
    .description = "L1 D/C/T caches with MSHRs, crossbar or mesh, L2 + DRAM partitions, clock "
                   "domains (seed 003 1.1.6-1.1.7, Table 4.2)",
    .params = simt_mem_params,
    .shared_create = hier_shared_create,
    .shared_destroy = hier_shared_destroy,
    .shared_tick = hier_shared_tick,
    .create = hier_create,
    .destroy = hier_destroy,
    .tick = hier_tick,
    .launch_end = hier_launch_end,
    .can_accept = hier_can_accept,
    .push = hier_push,
    .predict = hier_predict,
    .issued = simt_mem_hier_issued,
    .next_event = hier_next_event,
    .pending = hier_pending,
    .sleep = hier_sleep,
    .repeat = hier_repeat,
};
