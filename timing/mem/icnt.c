/* icnt.c - crossbar and mesh interconnect with bounded queues (contract in icnt.h). */
#include "icnt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER_BYTES 8

struct pkt {
    struct simt_mpkt req;
    uint64_t t; /* input queue: push time; output buffer: ready time */
    uint64_t pushed;
    uint32_t port;
};

struct pq { /* a bounded ring of packets */
    struct pkt *p;
    uint32_t cap, head, count;
};

struct simt_icnt {
    struct simt_icnt_cfg cfg;
    struct simt_icnt_stats st, sink;
    struct {
        SIMT_ICNT_STATS(SIMT_MEM_STAT_PTR)
    } m;
    struct pq *in, *out;
    uint64_t *in_busy, *out_busy; /* port busy until */
    uint32_t *out_reserved;       /* packets delivered or in flight to each output */
    uint64_t *link_free;          /* mesh: [nodes * 4] */
    uint32_t width;               /* mesh grid width */
    uint32_t rr;
    uint32_t queued; /* packets in input queues */
    uint32_t inflight;
    uint64_t now;
    /* Speed-ups that change no result: */
    uint64_t *in_nonempty;  /* bit i: input queue i holds packets (arbitration visits only these) */
    uint64_t *in_full;      /* bit i: input queue i is full (simt_icnt_full_inputs) */
    uint64_t *out_nonempty; /* bit o: output buffer o holds packets (simt_icnt_busy_outputs) */
    uint32_t nwords;        /* words of in_nonempty and in_full */
    uint32_t flit_shift;    /* log2(flit_bytes) when it is a power of two, else UINT32_MAX */
    uint64_t ready_min;     /* earliest ready time over the output heads (UINT64_MAX: none) */
    uint8_t ready_stale;    /* a head was popped: ready_min is a lower bound, recompute */
    /* A tick that granted nothing changed nothing but the counters: until a push, a pop, or
     * the first cycle a busy input or output it met frees (stall_until), every tick does the
     * same (back-pressure from full output buffers), so it only adds stall_blocked. */
    uint8_t stall_valid;
    uint32_t stall_blocked;
    uint64_t stall_until;
};

#define INC(f)    (n->st.f++, (*n->m.f)++)
#define ADD(f, v) (n->st.f += (v), (*n->m.f) += (v))

static int pq_init(struct pq *q, uint32_t cap)
{
    q->cap = cap;
    q->head = q->count = 0;
    q->p = calloc(cap, sizeof *q->p);
    return q->p ? 0 : -1;
}

/* i < cap */
static struct pkt *pq_at(const struct pq *q, uint32_t i)
{
    uint32_t k = q->head + i;
    if (k >= q->cap)
        k -= q->cap;
    return &q->p[k];
}

static void pq_drop_head(struct pq *q)
{
    if (++q->head == q->cap)
        q->head = 0;
    q->count--;
}

simt_err simt_icnt_create(const struct simt_icnt_cfg *cfg, simt_icnt **out)
{
    *out = NULL;
    SIMT_RETURN_IF(cfg->ninputs < 1 || cfg->ninputs > 4096 || cfg->noutputs < 1 ||
                       cfg->noutputs > 4096,
                   SIMT_ERR_CONFIG, "icnt: %u inputs, %u outputs: each must be 1..4096",
                   cfg->ninputs, cfg->noutputs);
    SIMT_RETURN_IF(cfg->flit_bytes < 1 || cfg->flit_bytes > 4096, SIMT_ERR_CONFIG,
                   "icnt.flit_bytes = %u: must be 1..4096", cfg->flit_bytes);
    SIMT_RETURN_IF(cfg->in_queue < 1 || cfg->in_queue > 65536, SIMT_ERR_CONFIG,
                   "icnt.in_queue = %u: must be 1..65536", cfg->in_queue);
    SIMT_RETURN_IF(cfg->out_queue < 1 || cfg->out_queue > 65536, SIMT_ERR_CONFIG,
                   "icnt.out_queue = %u: must be 1..65536", cfg->out_queue);
    simt_icnt *n = calloc(1, sizeof *n);
    if (!n)
        return simt_seterr(SIMT_ERR_NOMEM, "icnt: out of memory");
    n->cfg = *cfg;
#define BIND_SINK(f, d_) n->m.f = &n->sink.f;
    SIMT_ICNT_STATS(BIND_SINK)
#undef BIND_SINK
    const uint32_t nodes = cfg->ninputs + cfg->noutputs;
    n->width = 1;
    while (n->width * n->width < nodes)
        n->width++;
    n->in = calloc(cfg->ninputs, sizeof *n->in);
    n->out = calloc(cfg->noutputs, sizeof *n->out);
    n->in_busy = calloc(cfg->ninputs, sizeof *n->in_busy);
    n->out_busy = calloc(cfg->noutputs, sizeof *n->out_busy);
    n->out_reserved = calloc(cfg->noutputs, sizeof *n->out_reserved);
    n->link_free = calloc((size_t)n->width * n->width * 4, sizeof *n->link_free);
    n->nwords = (cfg->ninputs + 63) / 64;
    n->in_nonempty = calloc(n->nwords, sizeof *n->in_nonempty);
    n->in_full = calloc(n->nwords, sizeof *n->in_full);
    n->out_nonempty = calloc((cfg->noutputs + 63) / 64, sizeof *n->out_nonempty);
    n->flit_shift = (cfg->flit_bytes & (cfg->flit_bytes - 1))
                        ? UINT32_MAX
                        : (uint32_t)__builtin_ctz(cfg->flit_bytes);
    n->ready_min = UINT64_MAX;
    int bad = !n->in || !n->out || !n->in_busy || !n->out_busy || !n->out_reserved ||
              !n->link_free || !n->in_nonempty || !n->in_full || !n->out_nonempty;
    for (uint32_t i = 0; !bad && i < cfg->ninputs; i++)
        bad = pq_init(&n->in[i], cfg->in_queue);
    for (uint32_t o = 0; !bad && o < cfg->noutputs; o++)
        bad = pq_init(&n->out[o], cfg->out_queue);
    if (bad) {
        simt_icnt_free(n);
        return simt_seterr(SIMT_ERR_NOMEM, "icnt: out of memory");
    }
    *out = n;
    return SIMT_ERR_OK;
}

void simt_icnt_free(simt_icnt *n)
{
    if (!n)
        return;
    for (uint32_t i = 0; n->in && i < n->cfg.ninputs; i++)
        free(n->in[i].p);
    for (uint32_t o = 0; n->out && o < n->cfg.noutputs; o++)
        free(n->out[o].p);
    free(n->in);
    free(n->out);
    free(n->in_busy);
    free(n->out_busy);
    free(n->out_reserved);
    free(n->link_free);
    free(n->in_nonempty);
    free(n->in_full);
    free(n->out_nonempty);
    free(n);
}

uint32_t simt_icnt_flits(const simt_icnt *n, const struct simt_mpkt *req)
{
    const uint32_t bytes = HEADER_BYTES + ((req->is_write || req->is_reply) ? req->bytes : 0);
    if (n->flit_shift != UINT32_MAX)
        return (bytes + n->cfg.flit_bytes - 1) >> n->flit_shift;
    return (bytes + n->cfg.flit_bytes - 1) / n->cfg.flit_bytes;
}

int simt_icnt_can_accept(const simt_icnt *n, uint32_t in)
{
    return in < n->cfg.ninputs && n->in[in].count < n->in[in].cap;
}

const uint64_t *simt_icnt_full_inputs(const simt_icnt *n)
{
    return n->in_full;
}

const uint64_t *simt_icnt_busy_outputs(const simt_icnt *n)
{
    return n->out_nonempty;
}

simt_err simt_icnt_push(simt_icnt *n, uint32_t in, uint32_t out_port, const struct simt_mpkt *req)
{
    SIMT_RETURN_IF(in >= n->cfg.ninputs || out_port >= n->cfg.noutputs, SIMT_ERR_INVALID_ARG,
                   "icnt: push from input %u to output %u (have %u inputs, %u outputs)", in,
                   out_port, n->cfg.ninputs, n->cfg.noutputs);
    struct pq *q = &n->in[in];
    SIMT_RETURN_IF(q->count >= q->cap, SIMT_ERR_LIMIT, "icnt: input %u queue full", in);
    struct pkt *p = pq_at(q, q->count);
    p->req = *req;
    p->t = p->pushed = n->now;
    p->port = out_port;
    q->count++;
    n->queued++;
    n->in_nonempty[in >> 6] |= 1ull << (in & 63);
    if (q->count == q->cap)
        n->in_full[in >> 6] |= 1ull << (in & 63);
    n->stall_valid = 0;
    return SIMT_ERR_OK;
}

static void deliver(simt_icnt *n, uint32_t o, const struct pkt *src, uint64_t ready)
{
    /* sorted insert by ready time (the mesh can deliver out of order); stable */
    struct pq *q = &n->out[o];
    uint32_t i = q->count;
    while (i > 0 && pq_at(q, i - 1)->t > ready) {
        *pq_at(q, i) = *pq_at(q, i - 1);
        i--;
    }
    struct pkt *p = pq_at(q, i);
    *p = *src;
    p->t = ready;
    q->count++;
    n->inflight++;
    n->out_nonempty[o >> 6] |= 1ull << (o & 63);
    if (ready < n->ready_min)
        n->ready_min = ready; /* still a lower bound when stale */
}

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* Mesh: reserve the XY route from node a to node b starting at t; returns the arrival of
 * the head at b (before ejection). */
static uint64_t mesh_route(simt_icnt *n, uint32_t a, uint32_t b, uint64_t t, uint32_t flits)
{
    uint32_t x = a % n->width, y = a / n->width;
    const uint32_t bx = b % n->width, by = b / n->width;
    while (x != bx || y != by) {
        uint32_t dir;
        if (x != bx)
            dir = x < bx ? 0 : 1;
        else
            dir = y < by ? 2 : 3;
        uint64_t *l = &n->link_free[(size_t)(y * n->width + x) * 4 + dir];
        const uint64_t start = max64(t, *l);
        *l = start + flits;
        t = start + (n->cfg.latency ? n->cfg.latency : 1);
        if (dir == 0)
            x++;
        else if (dir == 1)
            x--;
        else if (dir == 2)
            y++;
        else
            y--;
    }
    return t;
}

/* Arbitration for input i (its queue is not empty); returns 1 if its head was granted. An input
 * that cannot send lowers *wake to the cycle its own port or its output's port frees (a full
 * output buffer frees only by a pop) and, when blocked, counts in *blocked. */
static inline __attribute__((always_inline)) int arbitrate(simt_icnt *n, uint32_t i,
                                                           uint32_t *blocked, uint64_t *wake)
{
    struct pq *q = &n->in[i];
    if (n->in_busy[i] > n->now) {
        if (n->in_busy[i] < *wake)
            *wake = n->in_busy[i];
        return 0;
    }
    struct pkt *p = pq_at(q, 0);
    const uint32_t o = p->port;
    uint64_t ready;
    if (n->out_reserved[o] >= n->out[o].cap) {
        (*blocked)++;
        return 0;
    }
    if (n->cfg.topo == SIMT_ICNT_XBAR && n->out_busy[o] > n->now) {
        (*blocked)++;
        if (n->out_busy[o] < *wake)
            *wake = n->out_busy[o];
        return 0;
    }
    const uint32_t flits = simt_icnt_flits(n, &p->req);
    if (n->cfg.topo == SIMT_ICNT_XBAR) {
        n->out_busy[o] = n->now + flits;
        ready = n->now + flits + n->cfg.latency;
    } else {
        const uint64_t head = mesh_route(n, i, n->cfg.ninputs + o, n->now, flits);
        const uint64_t start = max64(head, n->out_busy[o]);
        n->out_busy[o] = start + flits;
        ready = start + flits;
    }
    n->in_busy[i] = n->now + flits;
    n->out_reserved[o]++;
    INC(packets);
    ADD(flits, flits);
    ADD(latency_sum, ready - p->pushed);
    deliver(n, o, p, ready); /* copies *p into the output buffer (another ring) */
    pq_drop_head(q);
    n->queued--;
    n->in_full[i >> 6] &= ~(1ull << (i & 63));
    if (!q->count)
        n->in_nonempty[i >> 6] &= ~(1ull << (i & 63));
    return 1;
}

void simt_icnt_tick(simt_icnt *n)
{
    INC(ticks);
    const uint32_t ni = n->cfg.ninputs;
    if (n->queued && n->stall_valid && n->now < n->stall_until) {
        /* the same tick as the last: nothing can be granted (see struct simt_icnt) */
        ADD(blocked, n->stall_blocked);
        n->rr = n->rr + 1 == ni ? 0 : n->rr + 1;
    } else if (n->queued) {
        /* inputs rr, rr+1, ..., ni-1, 0, ..., rr-1, visiting only non-empty queues (the
         * others do nothing); arbitrating input i changes no other input's queue */
        const uint32_t w0 = n->rr >> 6;
        const uint64_t lowbits = (1ull << (n->rr & 63)) - 1;
        uint64_t m = n->in_nonempty[w0] & ~lowbits, wake = UINT64_MAX;
        uint32_t blocked = 0;
        int granted = 0;
        for (uint32_t w = w0;;) {
            while (m) {
                granted |= arbitrate(n, (w << 6) + (uint32_t)__builtin_ctzll(m), &blocked, &wake);
                m &= m - 1;
            }
            if (++w == n->nwords)
                w = 0;
            if (w == w0)
                break;
            m = n->in_nonempty[w];
        }
        for (m = n->in_nonempty[w0] & lowbits; m; m &= m - 1)
            granted |= arbitrate(n, (w0 << 6) + (uint32_t)__builtin_ctzll(m), &blocked, &wake);
        ADD(blocked, blocked);
        n->rr = n->rr + 1 == ni ? 0 : n->rr + 1;
        /* a grant changes the ports and queues: the next tick must look again */
        n->stall_valid = !granted;
        n->stall_blocked = blocked;
        n->stall_until = wake;
    }
    n->now++;
}

void simt_icnt_idle(simt_icnt *n, uint64_t cycles)
{
    ADD(ticks, cycles);
    n->now += cycles;
}

uint64_t simt_icnt_next_ready(simt_icnt *n)
{
    if (!n->inflight)
        return UINT64_MAX;
    if (n->ready_stale) {
        uint64_t t = UINT64_MAX;
        for (uint32_t o = 0; o < n->cfg.noutputs; o++)
            if (n->out[o].count && pq_at(&n->out[o], 0)->t < t)
                t = pq_at(&n->out[o], 0)->t;
        n->ready_min = t;
        n->ready_stale = 0;
    }
    return n->ready_min;
}

uint64_t simt_icnt_now(const simt_icnt *n)
{
    return n->now;
}

const struct simt_mpkt *simt_icnt_peek(const simt_icnt *n, uint32_t o)
{
    if (o >= n->cfg.noutputs)
        return NULL;
    const struct pq *q = &n->out[o];
    if (!q->count || pq_at(q, 0)->t > n->now)
        return NULL;
    return &pq_at(q, 0)->req;
}

void simt_icnt_pop(simt_icnt *n, uint32_t o)
{
    if (o >= n->cfg.noutputs || !simt_icnt_peek(n, o))
        return;
    struct pq *q = &n->out[o];
    pq_drop_head(q);
    if (!q->count)
        n->out_nonempty[o >> 6] &= ~(1ull << (o & 63));
    n->out_reserved[o]--;
    n->inflight--;
    n->ready_stale = 1;
    n->stall_valid = 0; /* an output buffer has room again */
}

uint32_t simt_icnt_busy(const simt_icnt *n)
{
    return n->queued + n->inflight;
}

uint32_t simt_icnt_inflight(const simt_icnt *n)
{
    return n->inflight;
}

const struct simt_icnt_stats *simt_icnt_stats(const simt_icnt *n)
{
    return &n->st;
}

simt_err simt_icnt_bind_stats(simt_icnt *n, simt_stats *reg, const char *prefix)
{
    char name[128];
#define BIND_REG(f, ds)                                                                            \
    snprintf(name, sizeof name, "%s." #f, prefix);                                                 \
    if (!(n->m.f = simt_stats_counter(reg, name, ds)))                                             \
        return simt_seterr(SIMT_ERR_NOMEM, "cannot register statistic %s", name);
    SIMT_ICNT_STATS(BIND_REG)
#undef BIND_REG
    return SIMT_ERR_OK;
}
