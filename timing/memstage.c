/*
 * memstage.c - the memory models the timing core ships behind simt_memstage.h:
 *   perfect : every access is served at once and completes in the same cycle (zero latency,
 *             no cache misses: the "perfect memory mode" of seed 000 section 5.2);
 *   fixed   : a fixed latency per space (shared vs the rest) and one coalesced segment per
 *             cycle (DIV), one conflict-free set of shared-memory words per cycle (BANK), as
 *             in the memory stage of seed 003 section 1.1.7 / Fig. 1.6 without caches
 *             (so no MSHR, COMQ or RSV hazards).
 * Both serve "one pass" per push: the accesses not served are returned in outcome.rejected,
 * and the core pushes them again (stalling) or replays them (seed 003 chapter 5).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_memstage.h"

extern const struct simt_memstage_ops simt_memstage_hierarchy_ops __attribute__((weak));

const struct simt_memstage_ops *simt_memstage_find(const char *name)
{
    if (!name)
        return NULL;
    if (strcmp(name, simt_memstage_perfect_ops.name) == 0)
        return &simt_memstage_perfect_ops;
    if (strcmp(name, simt_memstage_fixed_ops.name) == 0)
        return &simt_memstage_fixed_ops;
    if (&simt_memstage_hierarchy_ops && simt_memstage_hierarchy_ops.name &&
        strcmp(name, simt_memstage_hierarchy_ops.name) == 0)
        return &simt_memstage_hierarchy_ops;
    return NULL;
}

static int is_shared(const struct simt_mem_req *req, uint64_t addr)
{
    if (req->space == SIMT_MS_SHARED)
        return 1;
    if (req->space == SIMT_MS_GENERIC)
        return simt_addr_space(addr) == SIMT_MS_SHARED;
    return 0;
}

/* Small open-addressing set of 64-bit keys (at most 2 * 64 accesses per request). */
static uint32_t count_distinct(const uint64_t *keys, uint32_t n)
{
    uint64_t tab[256];
    uint8_t used[256];
    memset(used, 0, sizeof used);
    uint32_t distinct = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t h = (uint32_t)((keys[i] * 0x9e3779b97f4a7c15ull) >> 56);
        while (used[h] && tab[h] != keys[i])
            h = (h + 1) & 255;
        if (!used[h]) {
            used[h] = 1;
            tab[h] = keys[i];
            distinct++;
        }
    }
    return distinct;
}

uint32_t simt_mem_coalesce(const struct simt_mem_req *req, uint32_t seg_bytes)
{
    if (!req || req->naccess == 0)
        return 0;
    uint64_t keys[128];
    uint32_t n = 0;
    uint32_t total = 0;
    for (uint32_t i = 0; i < req->naccess; i++) {
        const struct simt_mem_access *a = &req->acc[i];
        if (is_shared(req, a->addr))
            continue;
        uint64_t addrs[2] = {a->addr, a->addr2};
        int na = (req->kind == SIMT_MK_COPY && a->addr2) ? 2 : 1;
        for (int k = 0; k < na; k++) {
            uint64_t key = seg_bytes ? addrs[k] / seg_bytes : 0;
            /* an access straddling a segment boundary touches the next one too */
            uint64_t last = seg_bytes && a->size ? (addrs[k] + a->size - 1) / seg_bytes : key;
            for (uint64_t s = key; s <= last && s <= key + 1; s++) {
                keys[n++] = s * 2 + (uint64_t)k;
                if (n == 128) {
                    total += count_distinct(keys, n);
                    n = 0;
                }
            }
        }
    }
    return total + count_distinct(keys, n);
}

uint32_t simt_mem_bank_degree(const struct simt_mem_req *req, uint32_t nbanks)
{
    if (!req || nbanks == 0)
        return 1;
    uint32_t best = 0;
    /* degree of bank b = distinct words mapping to b; O(n^2) over <= 64 accesses */
    for (uint32_t i = 0; i < req->naccess; i++) {
        if (!is_shared(req, req->acc[i].addr))
            continue;
        uint64_t wi = req->acc[i].addr / 4;
        uint32_t bi = (uint32_t)(wi % nbanks), deg = 1;
        int first = 1;
        for (uint32_t j = 0; j < i; j++)
            if (is_shared(req, req->acc[j].addr) && req->acc[j].addr / 4 == wi)
                first = 0;
        if (!first)
            continue;
        for (uint32_t j = i + 1; j < req->naccess; j++) {
            if (!is_shared(req, req->acc[j].addr))
                continue;
            uint64_t wj = req->acc[j].addr / 4;
            if (wj != wi && wj % nbanks == bi) {
                int seen = 0;
                for (uint32_t k = i + 1; k < j; k++)
                    if (is_shared(req, req->acc[k].addr) && req->acc[k].addr / 4 == wj)
                        seen = 1;
                deg += !seen;
            }
        }
        if (deg > best)
            best = deg;
    }
    return best ? best : 1;
}

/* --- completion FIFOs (one per latency class, so each stays in cycle order) ---------------- */

struct done {
    uint64_t cycle, token;
    uint32_t nthreads;
};

struct fifo {
    struct done *q;
    size_t head, n, cap; /* cap: 0 or a power of two */
};

static int fifo_push(struct fifo *f, struct done d)
{
    if (f->n == f->cap) {
        size_t nc = f->cap ? f->cap * 2 : 64;
        struct done *nq = malloc(nc * sizeof *nq);
        if (!nq)
            return -1;
        for (size_t i = 0; i < f->n; i++)
            nq[i] = f->q[(f->head + i) & (f->cap - 1)];
        free(f->q);
        f->q = nq;
        f->cap = nc;
        f->head = 0;
    }
    f->q[(f->head + f->n) & (f->cap - 1)] = d;
    f->n++;
    return 0;
}

struct mstage {
    struct simt_memstage_client client;
    int perfect;
    uint64_t latency, shared_latency;
    uint32_t seg_bytes, nbanks;
    struct fifo fifo[2]; /* 0: shared, 1: the rest */
    uint64_t next;       /* earliest completion cycle over both FIFOs (UINT64_MAX: none) */
    uint64_t pending;
    uint64_t *bankword; /* nbanks entries, per push */
    uint32_t *bankused; /* == bankgen: bankword holds this push's word */
    uint32_t bankgen;
    uint32_t seg_shift; /* log2(seg_bytes) when a power of two, else UINT32_MAX */
    uint32_t bank_mask; /* nbanks - 1 when a power of two, else 0 */
    uint64_t *st_pushes, *st_served, *st_hz[SIMT_HZ_NUM_];
};

static const char *const hz_names[SIMT_HZ_NUM_] = {"div", "bank", "mshr", "comq", "rsv"};

static simt_err create_common(const simt_config *cfg, simt_stats *stats,
                              const struct simt_memstage_client *client, int perfect, void **state)
{
    struct mstage *m = calloc(1, sizeof *m);
    if (!m)
        return simt_seterr(SIMT_ERR_NOMEM, "memstage: out of memory");
    m->client = *client;
    m->next = UINT64_MAX;
    m->perfect = perfect;
    if (!perfect) {
        m->latency = (uint64_t)simt_config_int(cfg, "memstage.latency");
        m->shared_latency = (uint64_t)simt_config_int(cfg, "memstage.shared_latency");
        m->seg_bytes = (uint32_t)simt_config_int(cfg, "memstage.segment_bytes");
        m->nbanks = (uint32_t)simt_config_int(cfg, "memstage.shared_banks");
        m->seg_shift = m->seg_bytes && !(m->seg_bytes & (m->seg_bytes - 1))
                           ? (uint32_t)__builtin_ctz(m->seg_bytes)
                           : UINT32_MAX;
        m->bank_mask = m->nbanks && !(m->nbanks & (m->nbanks - 1)) ? m->nbanks - 1 : 0;
        if (m->nbanks) {
            m->bankword = calloc(m->nbanks, sizeof *m->bankword);
            m->bankused = calloc(m->nbanks, sizeof *m->bankused);
            if (!m->bankword || !m->bankused) {
                free(m->bankword);
                free(m->bankused);
                free(m);
                return simt_seterr(SIMT_ERR_NOMEM, "memstage: out of memory");
            }
        }
    }
    m->st_pushes = simt_stats_counter(stats, "memstage.pushes", "warp memory pushes offered");
    m->st_served =
        simt_stats_counter(stats, "memstage.accesses", "thread accesses served by the stage");
    for (int h = 0; h < SIMT_HZ_NUM_; h++) {
        char name[64], desc[96];
        snprintf(name, sizeof name, "memstage.hazards.%s", hz_names[h]);
        snprintf(desc, sizeof desc, "pushes that met a %s hazard (seed 003 1.1.7)", hz_names[h]);
        m->st_hz[h] = simt_stats_counter(stats, name, desc);
    }
    simt_err e = simt_stats_check(stats);
    if (e) {
        free(m->bankword);
        free(m->bankused);
        free(m);
        return e;
    }
    *state = m;
    return SIMT_ERR_OK;
}

static simt_err perfect_create(const simt_config *cfg, uint32_t sm, void *shared, simt_stats *stats,
                               const struct simt_memstage_client *client, void **state)
{
    return create_common(cfg, stats, client, 1, state);
}

static simt_err fixed_create(const simt_config *cfg, uint32_t sm, void *shared, simt_stats *stats,
                             const struct simt_memstage_client *client, void **state)
{
    return create_common(cfg, stats, client, 0, state);
}

static void ms_destroy(void *state)
{
    struct mstage *m = state;
    if (!m)
        return;
    free(m->fifo[0].q);
    free(m->fifo[1].q);
    free(m->bankword);
    free(m->bankused);
    free(m);
}

/* The earliest completion cycle over both FIFOs. */
static uint64_t fifo_next(const struct mstage *m)
{
    uint64_t t = UINT64_MAX;
    for (int k = 0; k < 2; k++)
        if (m->fifo[k].n && m->fifo[k].q[m->fifo[k].head].cycle < t)
            t = m->fifo[k].q[m->fifo[k].head].cycle;
    return t;
}

static void ms_tick(void *state, uint64_t cycle)
{
    struct mstage *m = state;
    if (cycle < m->next)
        return; /* nothing completes yet */
    for (int k = 0; k < 2; k++) {
        struct fifo *f = &m->fifo[k];
        while (f->n && f->q[f->head].cycle <= cycle) {
            struct done d = f->q[f->head];
            f->head = (f->head + 1) & (f->cap - 1);
            f->n--;
            m->pending -= d.nthreads;
            m->client.complete(m->client.ctx, d.token, d.nthreads, cycle);
        }
    }
    m->next = fifo_next(m);
}

static bool ms_can_accept(void *state, uint64_t cycle)
{
    return true; /* one push per cycle; the core offers at most one per cycle per LD/ST unit */
}

static simt_err ms_push(void *state, uint64_t cycle, const struct simt_mem_req *req,
                        struct simt_mem_outcome *out)
{
    struct mstage *m = state;
    out->hazards = 0;
    out->nserved = 0;
    out->nrejected = 0;
    out->busy_cycles = 1;
    (*m->st_pushes)++;
    if (m->perfect) {
        out->nserved = req->naccess;
        (*m->st_served) += req->naccess;
        m->client.complete(m->client.ctx, req->token, req->naccess, cycle);
        return SIMT_ERR_OK;
    }
    /* one pass: the segment of the first non-shared access, and a conflict-free set of shared
     * words (a bank may broadcast one word to many threads, seed 003 1.1.7) */
    uint32_t nshared = 0, nglobal = 0;
    uint64_t seg = 0;
    int have_seg = 0;
    if (m->nbanks && ++m->bankgen == 0) { /* a new generation marks every bank unused */
        memset(m->bankused, 0, m->nbanks * sizeof *m->bankused);
        m->bankgen = 1;
    }
    for (uint32_t i = 0; i < req->naccess; i++) {
        const struct simt_mem_access *a = &req->acc[i];
        int ok;
        if (is_shared(req, a->addr)) {
            ok = 1;
            if (m->nbanks) {
                uint64_t w = a->addr / 4;
                uint32_t b = (uint32_t)(m->bank_mask ? (w & m->bank_mask) : w % m->nbanks);
                if (m->bankused[b] == m->bankgen && m->bankword[b] != w)
                    ok = 0, out->hazards |= SIMT_HZ_BIT(SIMT_HZ_BANK);
                else
                    m->bankused[b] = m->bankgen, m->bankword[b] = w;
            }
            nshared += ok;
        } else {
            ok = 1;
            if (m->seg_bytes) {
                uint64_t s =
                    m->seg_shift != UINT32_MAX ? a->addr >> m->seg_shift : a->addr / m->seg_bytes;
                if (!have_seg)
                    have_seg = 1, seg = s;
                else if (s != seg)
                    ok = 0, out->hazards |= SIMT_HZ_BIT(SIMT_HZ_DIV);
            }
            nglobal += ok;
        }
        if (!ok)
            out->rejected[out->nrejected++] = i;
    }
    out->nserved = nshared + nglobal;
    (*m->st_served) += out->nserved;
    for (uint32_t hz = out->hazards; hz; hz &= hz - 1)
        (*m->st_hz[__builtin_ctz(hz)])++;
    /* each latency class completes as a unit; zero latency completes now */
    uint32_t parts[2] = {nshared, nglobal};
    uint64_t lat[2] = {m->shared_latency, m->latency};
    for (int k = 0; k < 2; k++) {
        if (!parts[k])
            continue;
        if (lat[k] == 0) {
            m->client.complete(m->client.ctx, req->token, parts[k], cycle);
            continue;
        }
        struct done d = {cycle + lat[k], req->token, parts[k]};
        if (fifo_push(&m->fifo[k], d))
            return simt_seterr(SIMT_ERR_NOMEM, "memstage: out of memory");
        m->pending += parts[k];
        if (d.cycle < m->next)
            m->next = d.cycle;
    }
    return SIMT_ERR_OK;
}

static uint32_t ms_predict(void *state, uint64_t cycle, const struct simt_mem_req *req)
{
    struct mstage *m = state;
    uint32_t hz = 0;
    if (m->perfect)
        return 0;
    if (m->seg_bytes && simt_mem_coalesce(req, m->seg_bytes) > 1)
        hz |= SIMT_HZ_BIT(SIMT_HZ_DIV);
    if (m->nbanks && simt_mem_bank_degree(req, m->nbanks) > 1)
        hz |= SIMT_HZ_BIT(SIMT_HZ_BANK);
    return hz;
}

static uint64_t ms_next_event(void *state, void *shared, uint64_t cycle)
{
    const struct mstage *m = state;
    return m ? m->next : UINT64_MAX;
}

static uint64_t ms_pending(void *state)
{
    return ((struct mstage *)state)->pending;
}

const struct simt_memstage_ops simt_memstage_perfect_ops = {
    .name = "perfect",
    .description = "zero latency, no hazards (seed 000 5.2 perfect memory mode)",
    .create = perfect_create,
    .destroy = ms_destroy,
    .tick = ms_tick,
    .can_accept = ms_can_accept,
    .push = ms_push,
    .predict = ms_predict,
    .next_event = ms_next_event,
    .pending = ms_pending,
};

const struct simt_memstage_ops simt_memstage_fixed_ops = {
    .name = "fixed",
    .description = "fixed latency per space; one coalesced segment / conflict-free bank set "
                   "per cycle (DIV, BANK hazards)",
    .create = fixed_create,
    .destroy = ms_destroy,
    .tick = ms_tick,
    .can_accept = ms_can_accept,
    .push = ms_push,
    .predict = ms_predict,
    .next_event = ms_next_event,
    .pending = ms_pending,
};
