/* cache.c - set-associative cache with MSHRs and a miss queue (contract in cache.h).
 * Hazard order and line reservation: seed 003 1.1.7, Fig 1.6. */
#include "cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_ring.h"

enum { LN_INVALID = 0, LN_VALID = 1, LN_RESERVED = 2 };

struct line {
    uint64_t tag;      /* line address */
    uint64_t last_use; /* LRU stamp */
    uint32_t mshr;     /* RESERVED: index of its MSHR */
    uint8_t state;
    uint8_t dirty;
};

struct mshr {
    uint64_t line_addr;
    uint32_t nreq;
    uint32_t line_idx; /* reserved line, or UINT32_MAX (allocate on fill) */
    uint8_t valid;
    uint8_t dirty_on_fill;
    struct simt_mpkt *reqs; /* [mshr_merge] */
};

struct simt_cache {
    struct simt_cache_cfg cfg;
    struct simt_cache_stats st, sink;
    struct {
        SIMT_CACHE_STATS(SIMT_MEM_STAT_PTR)
    } m;
    struct line *lines; /* [sets * assoc] */
    uint64_t *tags;     /* [sets * assoc]: lines[i].tag, contiguous for the lookup */
    /* [sets * assoc]: each way's replacement key, contiguous for the victim search (line_key):
     * an invalid way 0, a valid one its LRU stamp (>= 1, unique), a reserved one UINT64_MAX;
     * the victim is the way with the smallest key, the first of equals */
    uint64_t *vkey;
    struct mshr *mshr; /* [mshrs] */
    struct simt_mpkt *mshr_reqs;
    uint32_t *free_mshr; /* stack of free MSHR indices */
    uint32_t nfree;
    uint32_t line_shift;
    uint64_t set_mask; /* sets - 1 when sets is a power of two (> 1) and the index is not
                          hashed (the lookup's fast path), else 0 */
    uint64_t stamp;
    struct mem_ring missq;
};

#define INC(f)    (c->st.f++, (*c->m.f)++)
#define ADD(f, v) (c->st.f += (v), (*c->m.f) += (v))

static int is_pow2(uint32_t x)
{
    return x && !(x & (x - 1));
}

simt_err simt_cache_create(const struct simt_cache_cfg *cfg, simt_cache **out)
{
    *out = NULL;
    const char *n = cfg->name ? cfg->name : "cache";
    SIMT_RETURN_IF(cfg->sets < 1 || cfg->sets > (1u << 20), SIMT_ERR_CONFIG,
                   "%s.sets = %u: must be 1..1048576", n, cfg->sets);
    SIMT_RETURN_IF(cfg->assoc < 1 || cfg->assoc > 1024, SIMT_ERR_CONFIG,
                   "%s.assoc = %u: must be 1..1024", n, cfg->assoc);
    SIMT_RETURN_IF(!is_pow2(cfg->line_bytes) || cfg->line_bytes < 4, SIMT_ERR_CONFIG,
                   "%s.line_bytes = %u: must be a power of two >= 4", n, cfg->line_bytes);
    SIMT_RETURN_IF(cfg->mshrs < 1 || cfg->mshrs > 65536, SIMT_ERR_CONFIG,
                   "%s.mshrs = %u: must be 1..65536", n, cfg->mshrs);
    SIMT_RETURN_IF(cfg->mshr_merge < 1 || cfg->mshr_merge > 1024, SIMT_ERR_CONFIG,
                   "%s.mshr_merge = %u: must be 1..1024", n, cfg->mshr_merge);
    SIMT_RETURN_IF(cfg->miss_queue < 2 || cfg->miss_queue > 65536, SIMT_ERR_CONFIG,
                   "%s.miss_queue = %u: must be 2..65536", n, cfg->miss_queue);
    SIMT_RETURN_IF(cfg->write_back && !cfg->reserve_on_miss, SIMT_ERR_CONFIG,
                   "%s: a write-back cache must reserve lines on miss", n);
    simt_cache *c = calloc(1, sizeof *c);
    if (!c)
        return simt_seterr(SIMT_ERR_NOMEM, "%s: out of memory", n);
    c->cfg = *cfg;
    /* one set: nothing to hash (and the fold in simt_cache_set_of, dividing by 1, would never
     * end - l1d.sets=1 with l1d.set_hash hung the replay until the twenty-ninth session) */
    c->cfg.set_hash = cfg->set_hash && cfg->sets > 1;
    c->cfg.name = n;
#define BIND_SINK(f, d) c->m.f = &c->sink.f;
    SIMT_CACHE_STATS(BIND_SINK)
#undef BIND_SINK
    c->line_shift = (uint32_t)__builtin_ctz(cfg->line_bytes);
    c->set_mask = is_pow2(cfg->sets) && !c->cfg.set_hash ? cfg->sets - 1 : 0;
    c->lines = calloc((size_t)cfg->sets * cfg->assoc, sizeof *c->lines);
    c->tags = calloc((size_t)cfg->sets * cfg->assoc, sizeof *c->tags);
    c->vkey = calloc((size_t)cfg->sets * cfg->assoc, sizeof *c->vkey); /* all invalid: 0 */
    c->mshr = calloc(cfg->mshrs, sizeof *c->mshr);
    c->mshr_reqs = calloc((size_t)cfg->mshrs * cfg->mshr_merge, sizeof *c->mshr_reqs);
    c->free_mshr = calloc(cfg->mshrs, sizeof *c->free_mshr);
    if (!c->lines || !c->tags || !c->vkey || !c->mshr || !c->mshr_reqs || !c->free_mshr ||
        mem_ring_init(&c->missq, cfg->miss_queue)) {
        simt_cache_free(c);
        return simt_seterr(SIMT_ERR_NOMEM, "%s: out of memory", n);
    }
    /* an invalid way holds a tag no line address equals (lines are aligned to >= 4 bytes), so
     * the lookup compares tags only */
    for (size_t i = 0; i < (size_t)cfg->sets * cfg->assoc; i++)
        c->lines[i].tag = c->tags[i] = ~(uint64_t)0;
    for (uint32_t i = 0; i < cfg->mshrs; i++) {
        c->mshr[i].reqs = c->mshr_reqs + (size_t)i * cfg->mshr_merge;
        c->free_mshr[i] = cfg->mshrs - 1 - i; /* pop order 0, 1, 2, ... */
    }
    c->nfree = cfg->mshrs;
    *out = c;
    return SIMT_ERR_OK;
}

void simt_cache_free(simt_cache *c)
{
    if (!c)
        return;
    free(c->lines);
    free(c->tags);
    free(c->vkey);
    free(c->mshr);
    free(c->mshr_reqs);
    free(c->free_mshr);
    mem_ring_fini(&c->missq);
    free(c);
}

uint32_t simt_cache_set_of(const simt_cache *c, uint64_t addr)
{
    uint64_t idx = addr >> c->line_shift;
    if (c->set_mask)
        return (uint32_t)(idx & c->set_mask);
    if (c->cfg.set_hash) {
        uint64_t h = idx, up = idx / c->cfg.sets;
        while (up) { /* fold the upper index bits in, a set-index hash as in real L1s */
            h ^= up;
            up /= c->cfg.sets;
        }
        idx = h;
    }
    return (uint32_t)(idx % c->cfg.sets);
}

static inline size_t set_first(const simt_cache *c, uint64_t line_addr)
{
    const uint32_t set = c->set_mask ? (uint32_t)((line_addr >> c->line_shift) & c->set_mask)
                                     : simt_cache_set_of(c, line_addr);
    return (size_t)set * c->cfg.assoc;
}

static struct line *find_line(const simt_cache *c, uint64_t line_addr)
{
    const size_t base = set_first(c, line_addr);
    const uint64_t *t = c->tags + base;
    for (uint32_t w = 0; w < c->cfg.assoc; w++)
        if (t[w] == line_addr) /* invalid ways never match (simt_cache_create) */
            return &c->lines[base + w];
    return NULL;
}

/* Victim way: an invalid way first, else the least recently used valid (not reserved) way;
 * NULL when every way is reserved. One pass over the set's keys (struct simt_cache.vkey):
 * the smallest key is the first invalid way if there is one, else the oldest valid way. */
static struct line *find_victim(const simt_cache *c, uint64_t line_addr)
{
    const size_t base = set_first(c, line_addr);
    const uint64_t *k = c->vkey + base;
    uint64_t best = k[0];
    uint32_t v = 0;
    for (uint32_t w = 1; w < c->cfg.assoc; w++)
        if (k[w] < best) {
            best = k[w];
            v = w;
        }
    return best == UINT64_MAX ? NULL : &c->lines[base + v];
}

/* A line's state or LRU stamp changed: its replacement key follows (struct simt_cache.vkey). */
static inline void line_key(simt_cache *c, const struct line *l)
{
    c->vkey[l - c->lines] = l->state == LN_VALID      ? l->last_use
                            : l->state == LN_RESERVED ? UINT64_MAX
                                                      : 0;
}

static struct mshr *find_mshr_nores(const simt_cache *c, uint64_t line_addr)
{
    /* Only allocate-on-fill caches search: their MSHRs are not linked from a line. The
     * table is small (read-only L1s hold tens of entries). */
    for (uint32_t i = 0; i < c->cfg.mshrs; i++)
        if (c->mshr[i].valid && c->mshr[i].line_addr == line_addr)
            return &c->mshr[i];
    return NULL;
}

static enum simt_cache_outcome fail(simt_cache *c, enum simt_hazard h, enum simt_hazard *hazard)
{
    if (h == SIMT_HZ_MSHR)
        INC(fail_mshr);
    else if (h == SIMT_HZ_COMQ)
        INC(fail_comq);
    else
        INC(fail_rsv);
    *hazard = h;
    return SIMT_CACHE_FAIL;
}

enum simt_cache_outcome simt_cache_access(simt_cache *c, const struct simt_mpkt *req,
                                          enum simt_hazard *hazard)
{
    const uint64_t la = req->addr & ~(uint64_t)(c->cfg.line_bytes - 1);
    *hazard = SIMT_MEM_NO_HAZARD;
    struct line *l = find_line(c, la);

    if (req->is_write && !c->cfg.write_back) {
        /* write-through, no write-allocate: every write goes down; a hit updates the line */
        if (mem_ring_full(&c->missq))
            return fail(c, SIMT_HZ_COMQ, hazard);
        struct simt_mpkt w = *req;
        w.addr = req->addr;
        mem_ring_push(&c->missq, &w, 0);
        INC(writes);
        if (l && l->state == LN_VALID) {
            l->last_use = ++c->stamp;
            line_key(c, l);
            INC(write_hits);
            return SIMT_CACHE_HIT;
        }
        INC(misses);
        return SIMT_CACHE_WRITE;
    }

    if (l && l->state == LN_VALID) {
        l->last_use = ++c->stamp;
        line_key(c, l);
        if (req->is_write) {
            l->dirty = 1;
            INC(writes);
            INC(write_hits);
        } else {
            INC(reads);
            INC(read_hits);
        }
        return SIMT_CACHE_HIT;
    }
    struct mshr *m = NULL;
    if (l && l->state == LN_RESERVED)
        m = &c->mshr[l->mshr];
    else if (!c->cfg.reserve_on_miss)
        m = find_mshr_nores(c, la);
    if (m) { /* pending miss to the same line: merge */
        if (m->nreq >= c->cfg.mshr_merge)
            return fail(c, SIMT_HZ_MSHR, hazard);
        m->reqs[m->nreq++] = *req;
        if (req->is_write)
            m->dirty_on_fill = 1;
        if (l) { /* reserved: its key stays UINT64_MAX until the fill */
            l->last_use = ++c->stamp;
            line_key(c, l);
        }
        INC(merges);
        if (req->is_write)
            INC(writes);
        else
            INC(reads);
        return SIMT_CACHE_MERGED;
    }

    /* a true miss: MSHR, then COMQ, then RSV (seed 003 1.1.7). The victim (which decides
     * whether a write-back needs a second queue slot) is searched only when it matters. */
    if (c->nfree == 0)
        return fail(c, SIMT_HZ_MSHR, hazard);
    const uint32_t space = mem_ring_space(&c->missq);
    if (space == 0)
        return fail(c, SIMT_HZ_COMQ, hazard);
    struct line *v = c->cfg.reserve_on_miss ? find_victim(c, la) : NULL;
    const uint32_t need_q = (v && v->state == LN_VALID && v->dirty) ? 2 : 1;
    if (space < need_q)
        return fail(c, SIMT_HZ_COMQ, hazard);
    if (c->cfg.reserve_on_miss && !v)
        return fail(c, SIMT_HZ_RSV, hazard);

    const uint32_t mi = c->free_mshr[--c->nfree];
    m = &c->mshr[mi];
    m->valid = 1;
    m->line_addr = la;
    m->nreq = 1;
    m->reqs[0] = *req;
    m->dirty_on_fill = req->is_write;
    m->line_idx = UINT32_MAX;
    if (v) {
        if (v->state == LN_VALID) {
            INC(evictions);
            if (v->dirty) {
                struct simt_mpkt wb = *req;
                wb.addr = v->tag;
                wb.bytes = c->cfg.line_bytes;
                wb.is_write = 1;
                mem_ring_push(&c->missq, &wb, 0);
                INC(writebacks);
            }
        }
        v->tag = c->tags[v - c->lines] = la;
        v->state = LN_RESERVED;
        v->dirty = 0;
        v->mshr = mi;
        v->last_use = ++c->stamp;
        line_key(c, v);
        m->line_idx = (uint32_t)(v - c->lines);
    }
    struct simt_mpkt f = *req;
    f.addr = la;
    f.bytes = c->cfg.line_bytes;
    f.is_write = 0;
    mem_ring_push(&c->missq, &f, 0);
    const uint64_t used = c->cfg.mshrs - c->nfree;
    if (used > c->st.mshr_max)
        c->st.mshr_max = used;
    INC(misses);
    if (req->is_write)
        INC(writes);
    else
        INC(reads);
    return SIMT_CACHE_MISS;
}

void simt_cache_count_fail(simt_cache *c, enum simt_hazard h)
{
    enum simt_hazard dummy;
    fail(c, h, &dummy);
}

void simt_cache_count_fails(simt_cache *c, enum simt_hazard h, uint64_t n)
{
    if (h == SIMT_HZ_MSHR)
        ADD(fail_mshr, n);
    else if (h == SIMT_HZ_COMQ)
        ADD(fail_comq, n);
    else
        ADD(fail_rsv, n);
}

enum simt_cache_outcome simt_cache_bypass(simt_cache *c, const struct simt_mpkt *pkt,
                                          enum simt_hazard *hazard)
{
    *hazard = SIMT_MEM_NO_HAZARD;
    if (mem_ring_full(&c->missq))
        return fail(c, SIMT_HZ_COMQ, hazard);
    mem_ring_push(&c->missq, pkt, 0);
    return SIMT_CACHE_WRITE;
}

int simt_cache_can_accept(const simt_cache *c)
{
    return c->nfree > 0 && mem_ring_space(&c->missq) >= 2;
}

enum simt_cache_line simt_cache_probe(const simt_cache *c, uint64_t addr)
{
    const uint64_t la = addr & ~(uint64_t)(c->cfg.line_bytes - 1);
    const struct line *l = find_line(c, la);
    if (l)
        return l->state == LN_VALID ? SIMT_LINE_VALID : SIMT_LINE_PENDING;
    if (!c->cfg.reserve_on_miss && find_mshr_nores(c, la))
        return SIMT_LINE_PENDING;
    return SIMT_LINE_ABSENT;
}

simt_err simt_cache_fill(simt_cache *c, uint64_t addr, simt_mem_done_fn done, void *ctx)
{
    const uint64_t la = addr & ~(uint64_t)(c->cfg.line_bytes - 1);
    struct mshr *m = NULL;
    struct line *l = find_line(c, la);
    if (l && l->state == LN_RESERVED)
        m = &c->mshr[l->mshr];
    else if (!c->cfg.reserve_on_miss)
        m = find_mshr_nores(c, la);
    SIMT_RETURN_IF(!m || !m->valid, SIMT_ERR_INVARIANT,
                   "%s: fill for line 0x%llx that no MSHR waits for", c->cfg.name,
                   (unsigned long long)la);
    if (!l) { /* allocate on fill: evict the LRU line (no line is ever reserved here) */
        l = find_victim(c, la);
        if (l->state == LN_VALID)
            INC(evictions);
        l->last_use = ++c->stamp;
    }
    l->tag = c->tags[l - c->lines] = la;
    l->state = LN_VALID;
    line_key(c, l);
    l->dirty = m->dirty_on_fill;
    INC(fills);
    /* Callbacks first, then the MSHR is freed: a callback may access the cache again (it
     * hits the now-valid line) without the entry being reused under the loop. */
    m->line_addr = ~(uint64_t)0;
    if (done)
        for (uint32_t i = 0; i < m->nreq; i++)
            done(ctx, &m->reqs[i]);
    m->valid = 0;
    m->nreq = 0;
    c->free_mshr[c->nfree++] = (uint32_t)(m - c->mshr);
    return SIMT_ERR_OK;
}

const struct simt_mpkt *simt_cache_miss_peek(const simt_cache *c)
{
    return mem_ring_peek(&c->missq, UINT64_MAX);
}

void simt_cache_miss_pop(simt_cache *c)
{
    mem_ring_pop(&c->missq);
}

void simt_cache_tick(simt_cache *c)
{
    INC(ticks);
    ADD(mshr_occ_sum, c->cfg.mshrs - c->nfree);
}

void simt_cache_ticks(simt_cache *c, uint64_t n)
{
    ADD(ticks, n);
    ADD(mshr_occ_sum, (uint64_t)(c->cfg.mshrs - c->nfree) * n);
}

void simt_cache_ticks_each(simt_cache *const *cs, uint32_t k, uint64_t n)
{
    for (uint32_t i = 0; i < k; i++) {
        simt_cache *c = cs[i];
        ADD(ticks, n);
        if (c->nfree != c->cfg.mshrs) /* adding 0 changes nothing */
            ADD(mshr_occ_sum, (uint64_t)(c->cfg.mshrs - c->nfree) * n);
    }
}

uint32_t simt_cache_mshrs_free(const simt_cache *c)
{
    return c->nfree;
}

uint32_t simt_cache_miss_space(const simt_cache *c)
{
    return mem_ring_space(&c->missq);
}

uint32_t simt_cache_line_bytes(const simt_cache *c)
{
    return c->cfg.line_bytes;
}

const struct simt_cache_stats *simt_cache_stats(const simt_cache *c)
{
    return &c->st;
}

simt_err simt_cache_bind_stats(simt_cache *c, simt_stats *reg, const char *prefix)
{
    char name[128];
#define BIND_REG(f, ds)                                                                            \
    snprintf(name, sizeof name, "%s." #f, prefix);                                                 \
    if (!(c->m.f = simt_stats_counter(reg, name, ds)))                                             \
        return simt_seterr(SIMT_ERR_NOMEM, "%s: cannot register statistic %s", c->cfg.name, name);
    SIMT_CACHE_STATS(BIND_REG)
#undef BIND_REG
    return SIMT_ERR_OK;
}
