/* dram.c - partition address mapping and a DRAM channel with FIFO / FR-FCFS scheduling
 * (contract in dram.h). */
#include "dram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_ring.h"
#include "simt_fastdiv.h"

#define INC(f)    (d->st.f++, (*d->m.f)++)
#define ADD(f, v) (d->st.f += (v), (*d->m.f) += (v))

static int is_pow2(uint32_t x)
{
    return x && !(x & (x - 1));
}

simt_err simt_addrmap_check(const struct simt_addrmap *m)
{
    SIMT_RETURN_IF(m->npart < 1 || m->npart > 1024, SIMT_ERR_CONFIG,
                   "gpu.mem_channels = %u: must be 1..1024", m->npart);
    SIMT_RETURN_IF(!is_pow2(m->interleave_bytes) || m->interleave_bytes < 32, SIMT_ERR_CONFIG,
                   "mem.interleave_bytes = %u: must be a power of two >= 32", m->interleave_bytes);
    SIMT_RETURN_IF(m->banks < 1 || m->banks > 256, SIMT_ERR_CONFIG,
                   "dram.banks = %u: must be 1..256", m->banks);
    SIMT_RETURN_IF(!is_pow2(m->row_bytes) || m->row_bytes < 32, SIMT_ERR_CONFIG,
                   "dram.row_bytes = %u: must be a power of two >= 32", m->row_bytes);
    return SIMT_ERR_OK;
}

/* (simt_udiv / simt_umod: the map runs for every request twice, at injection and at the DRAM
 * queue, and 64-bit divisions by run-time values were a few percent of memory-bound replays) */
void simt_addrmap_map(const struct simt_addrmap *m, uint64_t addr, struct simt_dram_loc *loc)
{
    const uint64_t chunk = simt_udiv(addr, m->interleave_bytes);
    const uint64_t above = chunk / m->npart; /* the chunk's index within its partition */
    uint64_t p = chunk;
    if (m->xor_hash && m->npart > 1) { /* spread power-of-two strides over the partitions (one
                                          partition: nothing to spread; dividing by 1, the fold
                                          would never end) */
        uint64_t up = above, h = chunk;
        while (up) {
            h ^= up;
            up /= m->npart;
        }
        p = h;
    }
    loc->part = (uint32_t)(p == chunk ? chunk - above * m->npart : p % m->npart);
    loc->local = above * m->interleave_bytes + simt_umod(addr, m->interleave_bytes);
    loc->col = (uint32_t)simt_umod(loc->local, m->row_bytes);
    const uint64_t r = simt_udiv(loc->local, m->row_bytes);
    loc->bank = (uint32_t)simt_umod(r, m->banks);
    loc->row = simt_udiv(r, m->banks);
}

#define NIL UINT32_MAX

/* A queued request lives in a slot of d->q that does not move while it waits; d->ord lists the
 * slots oldest first, and each bank chains its own requests oldest first (prev/next), so that
 * issuing one moves a few indices instead of the entries behind it, and the row-command scan
 * visits each bank's oldest request directly. */
struct dreq {
    struct simt_mpkt req;
    uint64_t row, enq;
    uint64_t seq; /* push order: age */
    uint32_t bank;
    uint32_t prev, next; /* the bank's chain, oldest first (NIL at the ends) */
    uint8_t opened;      /* an ACT was issued on this request's behalf */
};

struct bank {
    uint64_t row;         /* open row */
    uint64_t t_act_ok;    /* earliest ACT */
    uint64_t t_col_ok;    /* earliest column command */
    uint64_t t_pre_ok;    /* earliest PRE */
    uint32_t hits;        /* queued requests for the open row */
    uint32_t first, last; /* its chain of queued requests (slots), oldest first */
    uint8_t open;
};

struct simt_dram {
    struct simt_dram_cfg cfg;
    struct simt_dram_stats st, sink;
    struct {
        SIMT_DRAM_STATS(SIMT_MEM_STAT_PTR)
    } m;
    simt_mem_done_fn done;
    void *ctx;
    struct bank *bank;
    uint64_t *busym; /* bit b: bank b has a queued request */
    struct dreq *q;  /* request slots */
    uint32_t *ord;   /* the queued slots, oldest first (nq) */
    uint32_t *freeq; /* free slots (queue - nq) */
    uint32_t nq, nfreeq;
    uint64_t seq;
    uint64_t now;
    uint64_t t_col_bus; /* earliest next column command (tCCD / data bus) */
    uint64_t bus_free;  /* data bus busy until */
    uint64_t sleep_until;
    uint32_t hits;       /* queued requests for open rows, all banks */
    struct mem_ring ret; /* completions in flight, by ready time */
    uint64_t *ret_enq;   /* parallel to ret: enqueue time, for latency */
};

simt_err simt_dram_create(const struct simt_dram_cfg *cfg, simt_mem_done_fn done, void *ctx,
                          simt_dram **out)
{
    *out = NULL;
    SIMT_TRY(simt_addrmap_check(&cfg->map));
    SIMT_RETURN_IF(cfg->queue < 1 || cfg->queue > 4096, SIMT_ERR_CONFIG,
                   "dram.queue = %u: must be 1..4096", cfg->queue);
    SIMT_RETURN_IF(cfg->bus_bytes < 1 || cfg->bus_bytes > 1024, SIMT_ERR_CONFIG,
                   "dram.bus_bytes = %u: must be 1..1024", cfg->bus_bytes);
    SIMT_RETURN_IF(cfg->tCCD < 1, SIMT_ERR_CONFIG, "dram.tCCD must be >= 1");
    simt_dram *d = calloc(1, sizeof *d);
    if (!d)
        return simt_seterr(SIMT_ERR_NOMEM, "dram: out of memory");
    d->cfg = *cfg;
#define BIND_SINK(f, d_) d->m.f = &d->sink.f;
    SIMT_DRAM_STATS(BIND_SINK)
#undef BIND_SINK
    d->done = done;
    d->ctx = ctx;
    d->bank = calloc(cfg->map.banks, sizeof *d->bank);
    d->busym = calloc((cfg->map.banks + 63) / 64, sizeof *d->busym);
    d->q = calloc(cfg->queue, sizeof *d->q);
    d->ord = calloc(cfg->queue, sizeof *d->ord);
    d->freeq = calloc(cfg->queue, sizeof *d->freeq);
    /* every queued request completes at most once: in-flight completions <= queue size */
    d->ret_enq = calloc(cfg->queue, sizeof *d->ret_enq);
    if (!d->bank || !d->busym || !d->q || !d->ord || !d->freeq || !d->ret_enq ||
        mem_ring_init(&d->ret, cfg->queue)) {
        simt_dram_free(d);
        return simt_seterr(SIMT_ERR_NOMEM, "dram: out of memory");
    }
    for (uint32_t b = 0; b < cfg->map.banks; b++)
        d->bank[b].first = d->bank[b].last = NIL;
    for (uint32_t i = 0; i < cfg->queue; i++)
        d->freeq[i] = cfg->queue - 1 - i; /* slot 0 first */
    d->nfreeq = cfg->queue;
    *out = d;
    return SIMT_ERR_OK;
}

void simt_dram_free(simt_dram *d)
{
    if (!d)
        return;
    free(d->bank);
    free(d->busym);
    free(d->q);
    free(d->ord);
    free(d->freeq);
    free(d->ret_enq);
    mem_ring_fini(&d->ret);
    free(d);
}

int simt_dram_can_accept(const simt_dram *d)
{
    /* queue entries and in-flight completions share the bound, so completions never
     * overflow the return ring */
    return d->nq + d->ret.count < d->cfg.queue;
}

simt_err simt_dram_push(simt_dram *d, const struct simt_mpkt *req)
{
    SIMT_RETURN_IF(!simt_dram_can_accept(d), SIMT_ERR_LIMIT,
                   "dram: push into a full queue (%u entries)", d->cfg.queue);
    struct simt_dram_loc loc;
    simt_addrmap_map(&d->cfg.map, req->addr, &loc);
    const uint32_t slot = d->freeq[--d->nfreeq];
    d->ord[d->nq++] = slot;
    struct dreq *e = &d->q[slot];
    e->req = *req;
    e->row = loc.row;
    e->bank = loc.bank;
    e->enq = d->now;
    e->seq = d->seq++;
    e->opened = 0;
    struct bank *b = &d->bank[loc.bank];
    if (b->open && b->row == loc.row) {
        b->hits++;
        d->hits++;
    }
    /* the youngest request: the end of its bank's chain */
    e->prev = b->last;
    e->next = NIL;
    if (b->last != NIL)
        d->q[b->last].next = slot;
    else {
        b->first = slot;
        d->busym[loc.bank >> 6] |= 1ull << (loc.bank & 63);
    }
    b->last = slot;
    d->sleep_until = 0;
    return SIMT_ERR_OK;
}

/* Takes queued request `slot` (at position `pos` of d->ord) out of the queue and its bank's
 * chain. */
static void dequeue(simt_dram *d, uint32_t pos, uint32_t slot)
{
    struct dreq *e = &d->q[slot];
    struct bank *b = &d->bank[e->bank];
    const uint32_t nq = d->nq; /* (a local: the stores below may alias d->nq) */
    uint32_t *ord = d->ord;
    for (uint32_t i = pos + 1; i < nq; i++)
        ord[i - 1] = ord[i];
    d->nq = nq - 1;
    d->freeq[d->nfreeq++] = slot;
    if (e->prev != NIL)
        d->q[e->prev].next = e->next;
    else
        b->first = e->next;
    if (e->next != NIL)
        d->q[e->next].prev = e->prev;
    else
        b->last = e->prev;
    if (b->first == NIL)
        d->busym[e->bank >> 6] &= ~(1ull << (e->bank & 63));
}

static uint32_t burst_of(const simt_dram *d, const struct dreq *e)
{
    uint32_t b = (e->req.bytes + d->cfg.bus_bytes - 1) / d->cfg.bus_bytes;
    return b ? b : 1;
}

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* The column command of the request at position `pos` of the queue's age order. */
static void issue_column(simt_dram *d, uint32_t pos)
{
    const uint32_t qi = d->ord[pos];
    struct dreq *e = &d->q[qi];
    struct bank *b = &d->bank[e->bank];
    const uint32_t burst = burst_of(d, e);
    const uint64_t t = d->now;
    const uint64_t data_start = max64(t + d->cfg.tCAS, d->bus_free);
    const uint64_t data_end = data_start + burst;
    d->bus_free = data_end;
    ADD(bus_busy, burst);
    d->t_col_bus = t + (d->cfg.tCCD > burst ? d->cfg.tCCD : burst);
    if (e->req.is_write) {
        INC(writes);
        b->t_pre_ok = max64(b->t_pre_ok, data_end + d->cfg.tWR);
    } else {
        INC(reads);
        b->t_pre_ok = max64(b->t_pre_ok, t + burst);
    }
    ADD(row_hits, !e->opened);
    b->hits--;
    d->hits--;
    /* completions are ordered: data_end grows with every column command */
    const uint32_t slot = (d->ret.head + d->ret.count) % d->ret.cap;
    d->ret_enq[slot] = e->enq;
    mem_ring_push(&d->ret, &e->req, data_end);
    dequeue(d, pos, qi);
}

/* Can the row command (PRE or ACT) that the request in slot i needs issue now? Else lowers
 * *wake to the cycle it could (when it needs one). Changes nothing. */
static inline int row_cmd_ready(const simt_dram *d, uint32_t i, uint64_t *wake)
{
    const struct dreq *e = &d->q[i];
    const struct bank *b = &d->bank[e->bank];
    if (b->open && b->row == e->row)
        return 0; /* needs a column command, not a row command */
    if (b->open && d->cfg.sched == SIMT_DRAM_FRFCFS && b->hits)
        return 0; /* do not close a row with pending hits */
    const uint64_t t = b->open ? b->t_pre_ok : b->t_act_ok;
    if (t <= d->now)
        return 1;
    if (t < *wake)
        *wake = t;
    return 0;
}

/* Issues the row command row_cmd_ready() found for the request in slot i: PRE of the open
 * row, or ACT of the request's row. */
static void row_cmd(simt_dram *d, uint32_t i)
{
    struct dreq *e = &d->q[i];
    struct bank *b = &d->bank[e->bank];
    if (b->open) {
        b->open = 0;
        d->hits -= b->hits; /* FIFO may close a row with queued hits */
        b->hits = 0;
        b->t_act_ok = max64(b->t_act_ok, d->now + d->cfg.tRP);
        INC(pres);
        return;
    }
    b->open = 1;
    b->row = e->row;
    b->t_col_ok = d->now + d->cfg.tRCD;
    b->t_pre_ok = max64(b->t_pre_ok, d->now + d->cfg.tRAS);
    e->opened = 1;
    INC(acts);
    for (uint32_t k = b->first; k != NIL; k = d->q[k].next) /* the requests it now serves */
        if (d->q[k].row == e->row) {
            b->hits++;
            d->hits++;
        }
}

/* Can the request in slot i issue its column command now? else lower *wake. */
static inline __attribute__((always_inline)) int col_ready(const simt_dram *d, uint32_t i,
                                                           uint64_t *wake)
{
    const struct dreq *e = &d->q[i];
    const struct bank *b = &d->bank[e->bank];
    if (!b->open || b->row != e->row)
        return 0;
    const uint64_t t = max64(b->t_col_ok, d->t_col_bus);
    if (t <= d->now)
        return 1;
    if (t < *wake)
        *wake = t;
    return 0;
}

static void schedule(simt_dram *d)
{
    if (!d->nq || d->now < d->sleep_until)
        return;
    uint64_t wake = UINT64_MAX;
    if (d->cfg.sched == SIMT_DRAM_FIFO) {
        if (col_ready(d, d->ord[0], &wake)) {
            issue_column(d, 0);
            return;
        }
        if (row_cmd_ready(d, d->ord[0], &wake)) {
            row_cmd(d, d->ord[0]);
            return;
        }
    } else {
        /* first ready: the oldest row hit that can issue (none while the column bus is
         * still busy: then only the wake time matters) */
        if (d->hits && d->t_col_bus > d->now && d->t_col_bus < wake)
            wake = d->t_col_bus;
        for (uint32_t i = 0; d->hits && d->t_col_bus <= d->now && i < d->nq; i++)
            if (col_ready(d, d->ord[i], &wake)) {
                issue_column(d, i);
                return;
            }
        /* then first come: the oldest request's row command among those that can issue. Only
         * the oldest request of each bank can need one: a younger request to the same bank
         * meets the same open row, the same pending hits and the same timing, so its answer
         * (and wake time) is the same. So each bank's oldest is tested (the test changes
         * nothing), and the oldest of those ready issues: the one a scan of the whole queue in
         * age order would have met first. */
        uint32_t best = NIL;
        uint64_t best_seq = UINT64_MAX;
        for (uint32_t w = 0; w < (d->cfg.map.banks + 63) / 64; w++)
            for (uint64_t m = d->busym[w]; m; m &= m - 1) {
                const uint32_t slot = d->bank[(w << 6) + (uint32_t)__builtin_ctzll(m)].first;
                if (row_cmd_ready(d, slot, &wake) && d->q[slot].seq < best_seq) {
                    best = slot;
                    best_seq = d->q[slot].seq;
                }
            }
        if (best != NIL) {
            row_cmd(d, best);
            return;
        }
    }
    if (!d->cfg.no_sleep)
        d->sleep_until = wake; /* nothing can issue before `wake` unless a request arrives */
}

void simt_dram_tick(simt_dram *d)
{
    INC(ticks);
    ADD(queue_occ_sum, d->nq);
    schedule(d);
    for (;;) {
        const struct simt_mpkt *r = mem_ring_peek(&d->ret, d->now);
        if (!r)
            break;
        ADD(latency_sum, d->now - d->ret_enq[d->ret.head]);
        struct simt_mpkt c = *r;
        mem_ring_pop(&d->ret);
        if (d->done)
            d->done(d->ctx, &c);
    }
    d->now++;
}

uint32_t simt_dram_busy(const simt_dram *d)
{
    return d->nq + d->ret.count;
}

uint64_t simt_dram_now(const simt_dram *d)
{
    return d->now;
}

uint64_t simt_dram_next_event(const simt_dram *d)
{
    uint64_t t = UINT64_MAX;
    if (d->nq) /* schedule() does nothing before sleep_until (0 when it must look now) */
        t = d->sleep_until > d->now ? d->sleep_until : d->now;
    if (d->ret.count && d->ret.ready[d->ret.head] < t)
        t = d->ret.ready[d->ret.head];
    return t;
}

void simt_dram_skip(simt_dram *d, uint64_t n)
{
    ADD(ticks, n);
    ADD(queue_occ_sum, (uint64_t)d->nq * n);
    d->now += n;
}

const struct simt_dram_stats *simt_dram_stats(const simt_dram *d)
{
    return &d->st;
}

simt_err simt_dram_bind_stats(simt_dram *d, simt_stats *reg, const char *prefix)
{
    char name[128];
#define BIND_REG(f, ds)                                                                            \
    snprintf(name, sizeof name, "%s." #f, prefix);                                                 \
    if (!(d->m.f = simt_stats_counter(reg, name, ds)))                                             \
        return simt_seterr(SIMT_ERR_NOMEM, "cannot register statistic %s", name);
    SIMT_DRAM_STATS(BIND_REG)
#undef BIND_REG
    return SIMT_ERR_OK;
}
