/*
 * dwf.c - dynamic warp formation and its hybrid-warp-size variants:
 *   dwf         Fung et al., MICRO 2007; seed 000 (Jin) section 3.6
 *   en-dwf      enhanced DWF, seed 000 section 4.4, Fig. 4.5, appendix B
 *   dwf-hws     DWF with the squeeze before merging and warp scaling, seed 000 section 6.2
 *   en-dwf-hws  en-DWF with squeeze and scaling, seed 000 section 4.4, Fig. 4.6
 *
 * The warp pool. Per SM the policy keeps a pool of dynamic warps; every warp holds threads at
 * one (pc, call depth), each at a position of the warp (position p = lane p % simd_width of
 * quarter p / simd_width; the lane is the register bank). After a warp issues, its threads are
 * split by their next (pc, depth) into fragments (a non-divergent warp is one fragment); each
 * fragment ("male" warp, seed 000 4.4) tries to merge into a pool warp at the same (pc, depth)
 * ("female"), oldest first, and otherwise enters the pool as a new warp:
 *   - dwf: merge only if no position is taken in both (lane-aware: a thread keeps its home
 *     lane, so its register bank; seed 000 3.6 "no warp conflict");
 *   - en-dwf: conflicting male threads move to a position of the same lane free in both warps
 *     (appendix B); merge only if every conflict is resolved. A lane holds up to
 *     warp_size / simd_width threads of a warp;
 *   - *-hws: the male is squeezed first (appendix A) and every warp issues for its number of
 *     non-empty quarter-warps (issue_cycles, appendix C); hws.sync_sms as in pdom-hws.
 * The fragment search over the whole pool at that pc is an idealised PC-warp look-up (Fung's
 * hardware table holds one forming warp per PC); docs/POLICIES.md says so.
 *
 * Threads of different CTAs of the kernel may merge (dwf.merge_ctas, on by default, as in
 * Fung's DWF where the warp pool is per SM); threads reaching a barrier leave the pool and
 * come back, at their home lanes, through ops.released. Groups only hold READY threads.
 *
 * Scheduling (dwf.schedule, Fung MICRO 2007 section 4.3), expressed as simt_group.priority:
 *   majority  the pc with the most threads in the pool; its warps keep issuing until none is
 *             left there, then the next majority is chosen (default; equal priorities are
 *             left to the core's round-robin);
 *   minority  the pc with the fewest threads first;
 *   pc        the lowest pc first (Fung's DPC);
 *   pdom      warps waiting at a reconvergence point (a branch's post-dominator) last, so the
 *             threads still inside the divergent region catch up (Fung's post-dominator
 *             priority, as we read it);
 *   oldest    the warp formed earliest first.
 */
#include <stdlib.h>
#include <string.h>

#include "reconv.h"
#include "simt_config.h"
#include "simt_stats.h"
#include "squeeze.h"

static const struct simt_param_desc dwf_params[] = {
    {.key = "dwf.schedule",
     .type = SIMT_PT_ENUM,
     .def = "majority",
     .choices = "majority|minority|pc|pdom|oldest",
     .help = "warp pool issue priority (Fung MICRO 2007; seed 000 3.6)"},
    {.key = "dwf.merge_ctas",
     .type = SIMT_PT_BOOL,
     .def = "true",
     .help = "threads of different CTAs of the kernel may share a dynamic warp"},
    {.key = NULL},
};

/* the *-hws variants also read the hws.* keys; declared identically here (merged by config) */
static const struct simt_param_desc dwf_hws_params[] = {
    {.key = "dwf.schedule",
     .type = SIMT_PT_ENUM,
     .def = "majority",
     .choices = "majority|minority|pc|pdom|oldest",
     .help = "warp pool issue priority (Fung MICRO 2007; seed 000 3.6)"},
    {.key = "dwf.merge_ctas",
     .type = SIMT_PT_BOOL,
     .def = "true",
     .help = "threads of different CTAs of the kernel may share a dynamic warp"},
    {.key = "hws.sync_sms",
     .type = SIMT_PT_BOOL,
     .def = "false",
     .help = "synchronise the scaled warp size across all SMs (seed 000 4.2 step 3; a limit of "
             "the seed's simulator, off by default)"},
    {.key = "hws.squeeze",
     .type = SIMT_PT_BOOL,
     .def = "true",
     .help = "squeeze active threads into fewer quarter-warps before scaling (seed 000 4.1)"},
    {.key = NULL},
};

enum dwf_sched { DS_MAJORITY, DS_MINORITY, DS_PC, DS_PDOM, DS_OLDEST };

#define NONE 0xffffffffu

#define DWF_SQMEMO_BITS 9

/* A pool warp in two parts. The hot part is what ready(), the merge search and issued() read
 * for every warp (two cache lines); the per-position arrays (~900 bytes) sit in a parallel
 * array that only merges, group formation and issues of that warp touch. Interleaved, a
 * pool of 30-50 warps filled the L1 cache on every ready() call (dwf-hws on mum: 117 L1
 * misses per call, a third of the run's time). */
struct dwarp {
    bool used, gvalid;
    uint16_t cta;
    uint32_t pc, depth, n;
    uint32_t gn, gq;
    uint32_t prev, next; /* pool list of this pc, oldest first */
    uint64_t seq;
    uint64_t om;           /* bit p set <=> occ[p] >= 0 */
    struct simt_group grp; /* ready()'s entry but its priority (valid with gvalid) */
};

struct dwcold {
    int32_t occ[RECONV_MAX_WARP]; /* position -> thread slot, -1 = hole */
    uint32_t gslots[RECONV_MAX_WARP];
    uint32_t gwarps[RECONV_MAX_WARP]; /* grp.warps: the static warps of gslots[] */
    uint8_t glanes[RECONV_MAX_WARP];
};

struct dwf {
    struct simt_policy_env env;
    const char *name;
    bool en, hws, sync, do_squeeze, merge_ctas;
    enum dwf_sched sched;
    uint32_t ws, simd, nq, ninsts;
    uint64_t lane0;    /* the positions of lane 0 (bit q * simd of every quarter q) */
    uint64_t qfull;    /* the lanes of one quarter */
    struct dwarp *w;   /* wcap entries, grown on demand up to cap (a full-size zeroed pool per SM
                          and launch cost more than the simulation of short kernels) */
    struct dwcold *wc; /* wcap entries: the per-position part of w[i] */
    uint32_t wcap;
    uint32_t cap, hiwater, *freelist, nfree;
    uint32_t nused;              /* pool warps in use */
    uint32_t *head, *tail, *cnt; /* per pc */
    uint8_t *rtarget;            /* per pc: some branch reconverges here */
    uint64_t seq;
    uint32_t major;
    bool rest;         /* ready_first() left warps to ready_rest() */
    uint32_t tier_cnt; /* ready_rest(): the pc count of the last tier given */
    /* the pcs by thread count (cnt[pc] > 0 <=> pc listed in bucket cnt[pc]), for the tiers:
     * bucket heads (cmax + 1 of them), per-pc links, a bitmap of the non-empty buckets and
     * one of its non-zero words (so that a search skips the empty ones in one step) */
    uint32_t cmax, *bhead, *bnext, *bprev;
    uint64_t *bbm, *bsum;
    struct hws_sync *sh;
    uint32_t *scratch; /* max_threads */
    uint64_t *usedbm;  /* cap bits: pool slot in use (ready() walks only these) */
    uint32_t *mark;    /* max_threads: == stamp when the thread is in the group being issued */
    uint32_t stamp;
    uint32_t *wmark; /* max_warps: == wstamp when the static warp is listed (dwf_form) */
    uint32_t wstamp;
    uint64_t sqmemo[1u << DWF_SQMEMO_BITS]; /* frag_squeeze: position masks it leaves as they
                                               are, by hash (0: none yet; it moves nothing) */
    uint64_t *st_groups, *st_formed, *st_merges, *st_conflicts, *st_moves, *st_squeezes,
        *st_sqmoves, *st_saved;
};

static void dwf_destroy(void *state)
{
    struct dwf *d = state;
    if (!d)
        return;
    free(d->w);
    free(d->wc);
    free(d->freelist);
    free(d->head);
    free(d->tail);
    free(d->cnt);
    free(d->rtarget);
    free(d->scratch);
    free(d->usedbm);
    free(d->mark);
    free(d->wmark);
    free(d->bhead);
    free(d->bnext);
    free(d->bprev);
    free(d->bbm);
    free(d->bsum);
    free(d);
}

static uint64_t *ctr(struct dwf *d, const char *what, const char *desc)
{
    char name[96];
    snprintf(name, sizeof name, "policy.%s.%s", d->name, what);
    return simt_stats_counter(d->env.stats, name, desc);
}

static simt_err dwf_create_common(const struct simt_policy_env *env, void **state, const char *name,
                                  bool en, bool hws)
{
    SIMT_TRY(policy_check_geometry(env, name));
    struct dwf *d = calloc(1, sizeof *d);
    if (!d)
        return simt_seterr(SIMT_ERR_NOMEM, "policy %s: state", name);
    d->env = *env;
    d->name = name;
    d->en = en;
    d->hws = hws;
    d->ws = env->warp_size;
    d->simd = env->simd_width;
    d->nq = d->ws / d->simd;
    d->qfull = d->simd >= 64 ? ~0ull : (1ull << d->simd) - 1;
    for (uint32_t q = 0; q < d->nq; q++)
        d->lane0 |= 1ull << (q * d->simd);
    d->ninsts = env->prog->ninsts;
    d->merge_ctas = simt_config_bool(env->config, "dwf.merge_ctas") != 0;
    d->sync = hws && simt_config_bool(env->config, "hws.sync_sms") != 0;
    d->do_squeeze = hws && simt_config_bool(env->config, "hws.squeeze") != 0;
    d->sh = env->shared;
    const char *s = simt_config_str(env->config, "dwf.schedule");
    static const char *const names[] = {"majority", "minority", "pc", "pdom", "oldest"};
    d->sched = DS_MAJORITY;
    for (int i = 0; s && i < 5; i++)
        if (strcmp(s, names[i]) == 0)
            d->sched = (enum dwf_sched)i;
    d->cap = env->max_threads;
    d->major = NONE;
    size_t np = d->ninsts ? d->ninsts : 1;
    d->wcap = d->cap < 64 ? d->cap : 64;
    d->w = calloc(d->wcap ? d->wcap : 1, sizeof *d->w);
    d->wc = calloc(d->wcap ? d->wcap : 1, sizeof *d->wc);
    d->freelist = calloc(d->cap, sizeof *d->freelist);
    d->head = malloc(np * sizeof *d->head);
    d->tail = malloc(np * sizeof *d->tail);
    d->cnt = calloc(np, sizeof *d->cnt);
    d->rtarget = calloc(np, 1);
    d->scratch = calloc(env->max_threads, sizeof *d->scratch);
    d->usedbm = calloc(d->cap / 64 + 1, sizeof *d->usedbm);
    d->mark = calloc(env->max_threads ? env->max_threads : 1, sizeof *d->mark);
    d->wmark = calloc(env->max_warps ? env->max_warps : 1, sizeof *d->wmark);
    d->cmax = env->max_threads;
    d->bhead = malloc(((size_t)d->cmax + 1) * sizeof *d->bhead);
    d->bnext = malloc(np * sizeof *d->bnext);
    d->bprev = malloc(np * sizeof *d->bprev);
    d->bbm = calloc(d->cmax / 64 + 1, sizeof *d->bbm);
    d->bsum = calloc(d->cmax / 64 / 64 + 1, sizeof *d->bsum);
    if (!d->w || !d->wc || !d->freelist || !d->head || !d->tail || !d->cnt || !d->rtarget ||
        !d->scratch || !d->usedbm || !d->mark || !d->wmark || !d->bhead || !d->bnext || !d->bprev ||
        !d->bbm || !d->bsum) {
        dwf_destroy(d);
        return simt_seterr(SIMT_ERR_NOMEM, "policy %s: pool of %u warps", name, d->cap);
    }
    for (size_t i = 0; i < np; i++)
        d->head[i] = d->tail[i] = NONE;
    for (uint32_t c = 0; c <= d->cmax; c++)
        d->bhead[c] = NONE;
    for (uint32_t i = 0; i < d->cap; i++)
        d->freelist[i] = d->cap - 1 - i; /* pop gives the lowest id first */
    d->nfree = d->cap;
    for (uint32_t pc = 0; pc < d->ninsts; pc++) {
        const struct simt_sinst *in = &env->prog->insts[pc];
        if (in->iclass == SIMT_IC_BRANCH && (in->flags & SIMT_IF_COND)) {
            uint32_t r = reconv_eff_pc(env->prog, in->reconv_pc);
            if (r < d->ninsts)
                d->rtarget[r] = 1;
        }
    }
    d->st_groups = ctr(d, "groups", "groups issued");
    d->st_formed = ctr(d, "warps_formed", "dynamic warps entered into the pool");
    d->st_merges = ctr(d, "merges", "fragments merged into a pool warp");
    d->st_conflicts = ctr(d, "merge_conflicts",
                          "fragments that found pool warps at their pc but could merge with none");
    d->st_moves = ctr(d, "moves", "threads moved to another quarter by en-DWF");
    d->st_squeezes = ctr(d, "squeezes", "fragments whose threads the squeeze moved");
    d->st_sqmoves = ctr(d, "squeeze_moves", "threads moved by squeezes");
    d->st_saved = ctr(d, "cycles_saved", "issue cycles saved by warp scaling");
    simt_err e = simt_stats_check(env->stats);
    if (e) {
        dwf_destroy(d);
        return e;
    }
    *state = d;
    return SIMT_ERR_OK;
}

static simt_err dwf_create(const struct simt_policy_env *env, void **state)
{
    return dwf_create_common(env, state, "dwf", false, false);
}
static simt_err endwf_create(const struct simt_policy_env *env, void **state)
{
    return dwf_create_common(env, state, "en-dwf", true, false);
}
static simt_err dwfhws_create(const struct simt_policy_env *env, void **state)
{
    return dwf_create_common(env, state, "dwf-hws", false, true);
}
static simt_err endwfhws_create(const struct simt_policy_env *env, void **state)
{
    return dwf_create_common(env, state, "en-dwf-hws", true, true);
}

/* Every change of a pc's thread count: cnt[pc] += delta, and the pc moves to its bucket. */
static void cnt_add(struct dwf *d, uint32_t pc, int32_t delta)
{
    const uint32_t old = d->cnt[pc], c = old + (uint32_t)delta;
    if (!delta)
        return;
    d->cnt[pc] = c;
    if (old && old <= d->cmax) { /* out of bucket old */
        const uint32_t p = d->bprev[pc], n = d->bnext[pc];
        if (p != NONE)
            d->bnext[p] = n;
        else if ((d->bhead[old] = n) == NONE && (d->bbm[old / 64] &= ~(1ull << (old % 64))) == 0)
            d->bsum[old / 4096] &= ~(1ull << (old / 64 % 64));
        if (n != NONE)
            d->bprev[n] = p;
    }
    if (c && c <= d->cmax) { /* into bucket c, at its head */
        const uint32_t h = d->bhead[c];
        d->bprev[pc] = NONE;
        d->bnext[pc] = h;
        if (h != NONE)
            d->bprev[h] = pc;
        else {
            d->bbm[c / 64] |= 1ull << (c % 64);
            d->bsum[c / 4096] |= 1ull << (c / 64 % 64);
        }
        d->bhead[c] = pc;
    }
}

/* The largest thread count below lim that some pc has, or 0. */
static uint32_t count_below(const struct dwf *d, uint32_t lim)
{
    if (lim <= 1)
        return 0;
    uint32_t c = lim - 1 < d->cmax ? lim - 1 : d->cmax;
    const uint32_t wi = c / 64;
    const uint64_t m = d->bbm[wi] & (~0ull >> (63 - c % 64)); /* buckets wi * 64 .. c */
    if (m)
        return wi * 64 + 63 - (uint32_t)__builtin_clzll(m);
    /* the highest non-empty word below wi, through the summary */
    uint32_t si = wi / 64;
    uint64_t sm = d->bsum[si] & ((1ull << (wi % 64)) - 1);
    while (!sm) {
        if (si == 0)
            return 0;
        sm = d->bsum[--si];
    }
    const uint32_t w = si * 64 + 63 - (uint32_t)__builtin_clzll(sm);
    return w * 64 + 63 - (uint32_t)__builtin_clzll(d->bbm[w]);
}

/* Pool warp id leaves the list of its pc (its threads leave that pc's count). */
static void list_remove(struct dwf *d, uint32_t id)
{
    struct dwarp *w = &d->w[id];
    if (w->prev != NONE)
        d->w[w->prev].next = w->next;
    else
        d->head[w->pc] = w->next;
    if (w->next != NONE)
        d->w[w->next].prev = w->prev;
    else
        d->tail[w->pc] = w->prev;
    cnt_add(d, w->pc, -(int32_t)w->n);
}

/* Pool warp id, at w->pc now, joins the tail of that pc's list (the youngest there). */
static void list_append(struct dwf *d, uint32_t id)
{
    struct dwarp *w = &d->w[id];
    const uint32_t pc = w->pc;
    w->next = NONE;
    w->prev = d->tail[pc];
    if (w->prev != NONE)
        d->w[w->prev].next = id;
    else
        d->head[pc] = id;
    d->tail[pc] = id;
    cnt_add(d, pc, (int32_t)w->n);
}

/* Pool warp id, out of its pc's list, is no longer in use: its id goes back to the free list. */
static void pool_free(struct dwf *d, uint32_t id)
{
    d->w[id].used = false;
    d->nused--;
    d->usedbm[id / 64] &= ~(1ull << (id % 64));
    d->freelist[d->nfree++] = id;
}

static void pool_unlink(struct dwf *d, uint32_t id)
{
    list_remove(d, id);
    pool_free(d, id);
}

static uint64_t occ_mask(const int32_t *occ, uint32_t ws)
{
    uint64_t m = 0;
    for (uint32_t p = 0; p < ws; p++)
        m |= (uint64_t)(occ[p] >= 0) << p;
    return m;
}

/* the lanes (bit l) held in at least one quarter of position mask m */
static uint64_t mask_lanes(const struct dwf *d, uint64_t m)
{
    uint64_t l = 0;
    for (uint32_t q = 0; q < d->nq; q++)
        l |= m >> (q * d->simd);
    return l & d->qfull;
}

/* en-DWF (appendix B, endwf_resolve) resolves every conflict of male positions `m` with
 * female positions `f` iff each lane that has a conflict holds at most nq threads of the two
 * warps together: each conflict of a lane takes one position free in both, and the moves only
 * turn free positions into taken ones. A cheap test before the full resolution. */
static bool endwf_possible(const struct dwf *d, uint64_t m, uint64_t f)
{
    for (uint64_t ls = mask_lanes(d, m & f); ls; ls &= ls - 1) {
        uint64_t lm = d->lane0 << __builtin_ctzll(ls);
        if ((uint32_t)(popcount64(m & lm) + popcount64(f & lm)) > d->nq)
            return false;
    }
    return true;
}

/* Makes pool ids [0, need) addressable (need <= cap). Moves d->w: take no pointer across it. */
static simt_err pool_grow(struct dwf *d, uint32_t need)
{
    if (need <= d->wcap)
        return SIMT_ERR_OK;
    uint32_t nc = d->wcap * 2 > need ? d->wcap * 2 : need;
    if (nc > d->cap)
        nc = d->cap;
    struct dwarp *nw = realloc(d->w, (size_t)nc * sizeof *nw);
    if (!nw)
        return simt_seterr(SIMT_ERR_NOMEM, "policy %s: pool of %u warps", d->name, nc);
    d->w = nw;
    struct dwcold *nwc = realloc(d->wc, (size_t)nc * sizeof *nwc);
    if (!nwc)
        return simt_seterr(SIMT_ERR_NOMEM, "policy %s: pool of %u warps", d->name, nc);
    d->wc = nwc;
    memset(nw + d->wcap, 0, (size_t)(nc - d->wcap) * sizeof *nw);
    memset(nwc + d->wcap, 0, (size_t)(nc - d->wcap) * sizeof *nwc);
    for (uint32_t i = 0; i < d->wcap; i++)
        nw[i].gvalid = false; /* grp points into the old array */
    d->wcap = nc;
    return SIMT_ERR_OK;
}

/* squeeze() moves a thread only into a hole of its lane in one non-empty quarter from another
 * quarter that holds that lane (appendix A). If every non-empty quarter holds the same lanes
 * (a fragment that did not diverge: all quarters full) there is no such pair and it would
 * return 0 with occ unchanged: skip its scan of occ[]. */
static bool squeeze_noop(const struct dwf *d, uint64_t mm)
{
    uint64_t first = 0;
    for (uint32_t q = 0; q < d->nq; q++) {
        uint64_t m = (mm >> (q * d->simd)) & d->qfull;
        if (!m)
            continue;
        if (!first)
            first = m;
        else if (m != first)
            return false;
    }
    return true;
}

/* The *-hws variants squeeze a fragment before it merges (appendix A): occ and *mm in place.
 * Returns whether a thread moved. */
static bool frag_squeeze(struct dwf *d, int32_t *occ, uint64_t *mm)
{
    if (!d->do_squeeze || squeeze_noop(d, *mm))
        return false;
    /* the moves depend on the mask alone and are rare (mum: a few thousand squeezes in
     * millions): masks known to move nothing are remembered */
    uint64_t *memo = &d->sqmemo[(*mm * 0x9e3779b97f4a7c15ull) >> (64 - DWF_SQMEMO_BITS)];
    if (*memo == *mm)
        return false;
    uint32_t mv = squeeze_m(occ, *mm, d->ws, d->simd);
    if (!mv)
        *memo = *mm;
    *d->st_squeezes += mv > 0;
    *d->st_sqmoves += mv;
    if (mv)
        *mm = occ_mask(occ, d->ws);
    return mv > 0;
}

/* The fragment (the male warp: positions mm of occ, n threads, squeezed already) at (pc,
 * depth) of CTA cta merges into the oldest pool warp at pc that takes it. Returns whether it
 * merged; if not, counts a merge conflict where some warp had room for it. */
static bool pool_merge(struct dwf *d, const int32_t *occ, uint64_t mm, uint32_t n, uint32_t pc,
                       uint32_t depth, uint16_t cta)
{
    /* A merge conflict (seed 000 3.6, 4.4) is a merge that lane conflicts prevent: only pool
     * warps that the fragment could fill at all count, i.e. n + f->n <= warp_size (which also
     * leaves out a fragment that did not diverge, n = warp_size, and full pool warps: their
     * merge is impossible whatever the lanes, and neither DWF nor en-DWF could merge them). */
    bool tried = false;
    for (uint32_t id = n < d->ws ? d->head[pc] : NONE; id != NONE; id = d->w[id].next) {
        struct dwarp *f = &d->w[id];
        if (f->depth != depth || (!d->merge_ctas && f->cta != cta) || f->n + n > d->ws)
            continue;
        tried = true;
        /* the same outcome as dwf_conflicts() / endwf_resolve() on the whole warps, the
         * positions taken as masks */
        const int32_t *src = occ;
        uint64_t sm = mm;
        int32_t m[RECONV_MAX_WARP];
        uint32_t moves = 0;
        if (mm & f->om) {
            if (!d->en || !endwf_possible(d, mm, f->om))
                continue;
            memcpy(m, occ, d->ws * sizeof m[0]);
            if (!endwf_resolve(m, d->wc[id].occ, d->ws, d->simd, &moves))
                continue;
            src = m;
            sm = occ_mask(m, d->ws);
        }
        for (uint64_t b = sm; b; b &= b - 1) {
            uint32_t p = (uint32_t)__builtin_ctzll(b);
            d->wc[id].occ[p] = src[p];
        }
        f->om |= sm;
        f->n += n;
        f->gvalid = false;
        cnt_add(d, pc, (int32_t)n);
        (*d->st_merges)++;
        *d->st_moves += moves;
        return true;
    }
    *d->st_conflicts += tried;
    return false;
}

/* A fragment (the male warp) enters the pool: merge or new entry. */
static simt_err pool_insert(struct dwf *d, int32_t *occ, uint64_t mm, uint32_t pc, uint32_t depth,
                            uint16_t cta)
{
    uint32_t n = (uint32_t)popcount64(mm);
    if (!n)
        return SIMT_ERR_OK;
    SIMT_RETURN_IF(pc >= d->ninsts, SIMT_ERR_INVARIANT,
                   "policy %s: thread at pc %u outside the program (%u instructions)", d->name, pc,
                   d->ninsts);
    (void)frag_squeeze(d, occ, &mm);
    if (pool_merge(d, occ, mm, n, pc, depth, cta))
        return SIMT_ERR_OK;
    SIMT_RETURN_IF(d->nfree == 0, SIMT_ERR_INVARIANT, "policy %s: warp pool full (%u)", d->name,
                   d->cap);
    uint32_t id = d->freelist[d->nfree - 1];
    SIMT_TRY(pool_grow(d, id + 1));
    d->nfree--;
    struct dwarp *w = &d->w[id];
    w->used = true;
    d->nused++;
    d->usedbm[id / 64] |= 1ull << (id % 64);
    w->gvalid = false;
    w->cta = cta;
    w->pc = pc;
    w->depth = depth;
    w->n = n;
    w->seq = d->seq++;
    memcpy(d->wc[id].occ, occ, d->ws * sizeof occ[0]);
    w->om = mm;
    list_append(d, id);
    if (id + 1 > d->hiwater)
        d->hiwater = id + 1;
    (*d->st_formed)++;
    return SIMT_ERR_OK;
}

/* Inserts threads slots[0..n) (READY) as fragments: one per (pc, depth, [cta], static warp)
 * when `home` (at their home lanes), else as given by pos[] (positions in their old warp). */
static simt_err insert_threads(struct dwf *d, const uint32_t *slots, const uint8_t *pos, uint32_t n,
                               bool by_warp)
{
    const struct simt_thread *th = d->env.threads;
    bool keyed = !d->merge_ctas || by_warp;
    if (n && n <= RECONV_MAX_WARP) {
        /* the common case: every thread at the same (pc, depth[, cta][, warp]) at distinct
         * positions - one fragment, exactly what the general loop below would form */
        const struct simt_thread *a = &th[slots[0]];
        int32_t occ[RECONV_MAX_WARP];
        uint64_t mm = 0;
        uint32_t j = 0;
        /* one pass: occ[] is written as the positions are checked, over holes set at once
         * beforehand (an issue per warp instruction comes through here: the cost matters) */
        memset(occ, 0xff, sizeof occ);
        for (; j < n; j++) {
            const struct simt_thread *b = &th[slots[j]];
            if (b->pc != a->pc || b->depth != a->depth || (keyed && b->cta != a->cta) ||
                (by_warp && b->warp != a->warp))
                break;
            uint32_t p = pos ? pos[j] : home_pos(b->lane, d->ws);
            if (mm >> p & 1)
                break;
            mm |= 1ull << p;
            occ[p] = (int32_t)slots[j];
        }
        if (j == n)
            return pool_insert(d, occ, mm, a->pc, a->depth, a->cta);
    }
    bool taken[RECONV_MAX_WARP * 4] = {false};
    bool *tk = taken;
    bool *heap = NULL;
    if (n > sizeof taken / sizeof taken[0]) {
        heap = calloc(n, 1);
        if (!heap)
            return simt_seterr(SIMT_ERR_NOMEM, "policy %s: %u released threads", d->name, n);
        tk = heap;
    }
    simt_err e = SIMT_ERR_OK;
    for (uint32_t i = 0; i < n && !e; i++) {
        if (tk[i])
            continue;
        const struct simt_thread *a = &th[slots[i]];
        int32_t occ[RECONV_MAX_WARP];
        uint64_t mm = 0;
        for (uint32_t p = 0; p < d->ws; p++)
            occ[p] = -1;
        for (uint32_t j = i; j < n; j++) {
            const struct simt_thread *b = &th[slots[j]];
            if (tk[j] || b->pc != a->pc || b->depth != a->depth)
                continue;
            if (keyed && b->cta != a->cta)
                continue;
            if (by_warp && b->warp != a->warp)
                continue;
            uint32_t p = pos ? pos[j] : home_pos(b->lane, d->ws);
            if (occ[p] >= 0)
                continue; /* cannot happen: positions are unique within a warp */
            occ[p] = (int32_t)slots[j];
            mm |= 1ull << p;
            tk[j] = true;
        }
        e = pool_insert(d, occ, mm, a->pc, a->depth, a->cta);
    }
    free(heap);
    return e;
}

static simt_err dwf_cta_start(void *state, uint32_t cta, uint32_t first_thread, uint32_t nthreads,
                              uint32_t first_warp, uint32_t nwarps)
{
    struct dwf *d = state;
    SIMT_RETURN_IF(first_thread + nthreads > d->env.max_threads, SIMT_ERR_INVALID_ARG,
                   "policy %s: CTA %u outside the SM's slots", d->name, cta);
    for (uint32_t k = 0; k < nwarps; k++) {
        uint32_t base = first_thread + k * d->ws;
        uint32_t n = nthreads - k * d->ws < d->ws ? nthreads - k * d->ws : d->ws;
        for (uint32_t i = 0; i < n; i++)
            d->scratch[i] = base + i;
        SIMT_TRY(insert_threads(d, d->scratch, NULL, n, true));
    }
    return SIMT_ERR_OK;
}

static void dwf_form(struct dwf *d, struct dwarp *w)
{
    uint32_t id = (uint32_t)(w - d->w);
    struct dwcold *c = &d->wc[id];
    w->gn = 0;
    uint32_t nw = 0;
    bool bad = false;
    /* the static warps listed so far: a bit each where they fit a word (every preset), else
     * marks stamped per call */
    const bool small = d->env.max_warps <= 64;
    uint64_t seen = 0;
    if (!small && ++d->wstamp == 0) { /* wrapped: forget every old mark */
        memset(d->wmark, 0, d->env.max_warps * sizeof *d->wmark);
        d->wstamp = 1;
    }
    const struct simt_thread *th = d->env.threads;
    for (uint64_t b = w->om; b; b &= b - 1) {
        uint32_t p = (uint32_t)__builtin_ctzll(b);
        uint32_t s = (uint32_t)c->occ[p];
        c->gslots[w->gn] = s;
        c->glanes[w->gn++] = (uint8_t)p;
        uint32_t sw = th[s].warp; /* the static warps in first-appearance order */
        if (sw >= d->env.max_warps) {
            bad = true; /* cannot happen; the core then derives them itself */
        } else if (small) {
            if (!(seen >> sw & 1)) {
                seen |= 1ull << sw;
                c->gwarps[nw++] = sw;
            }
        } else if (d->wmark[sw] != d->wstamp) {
            d->wmark[sw] = d->wstamp;
            c->gwarps[nw++] = sw;
        }
    }
    if (bad)
        nw = 0;
    w->gq = 0; /* squeeze_quarters(), from the mask */
    if (d->hws)
        for (uint32_t q = 0; q < d->nq; q++)
            w->gq += ((w->om >> (q * d->simd)) & d->qfull) != 0;
    w->grp = (struct simt_group){.id = id,
                                 .pc = w->pc,
                                 .depth = w->depth,
                                 .nthreads = w->gn,
                                 .threads = c->gslots,
                                 .lanes = c->glanes,
                                 .issue_cycles = w->gq,
                                 .sched = id % d->env.nschedulers,
                                 .warps = nw ? c->gwarps : NULL,
                                 .nwarps = nw};
    w->gvalid = true;
}

/* for every pool slot in use, in slot order (`break` leaves only the inner loop: callers that
 * stop early use a condition that stays true) */
#define DWF_FOR_USED(d, i)                                                                         \
    for (uint32_t wi_ = 0, nw_ = ((d)->hiwater + 63) / 64; wi_ < nw_; wi_++)                       \
        for (uint64_t bm_ = (d)->usedbm[wi_]; bm_; bm_ &= bm_ - 1)                                 \
            for (uint32_t i = wi_ * 64 + (uint32_t)__builtin_ctzll(bm_), once_ = 1; once_;         \
                 once_ = 0)

/* majority: choose the next majority pc once the current one has no thread left - the pc
 * with the most threads in the pool, the lowest of equals (from the count buckets: cnt[pc] > 0
 * exactly for the pcs of the pool warps that hold threads) */
static void dwf_update_major(struct dwf *d)
{
    if (d->sched == DS_MAJORITY && (d->major == NONE || d->cnt[d->major] == 0)) {
        const uint32_t c = count_below(d, d->cmax + 1);
        d->major = NONE;
        for (uint32_t pc = c ? d->bhead[c] : NONE; pc != NONE; pc = d->bnext[pc])
            if (pc < d->major)
                d->major = pc;
    }
}

static int dwf_ready(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    struct dwf *d = state;
    int n = 0;
    uint64_t minseq = UINT64_MAX;
    uint32_t qmax = 0;
    dwf_update_major(d);
    if (d->sched == DS_OLDEST) {
        DWF_FOR_USED(d, i)
        {
            if (d->w[i].seq < minseq)
                minseq = d->w[i].seq;
        }
    }
    const uint32_t *cnt = d->cnt;
    if (d->sched == DS_MAJORITY && d->nused <= (uint32_t)cap) {
        /* the default schedule, every warp fits: the loop below without its branches */
        const uint32_t major = d->major;
        DWF_FOR_USED(d, i)
        {
            struct dwarp *w = &d->w[i];
            if (!w->gvalid)
                dwf_form(d, w);
            struct simt_group *o = &out[n++];
            *o = w->grp;
            o->priority = w->pc == major ? (1 << 24) : (int32_t)cnt[w->pc];
            qmax = w->gq > qmax ? w->gq : qmax;
        }
    } else {
        DWF_FOR_USED(d, i)
        {
            if (n >= cap)
                break;
            struct dwarp *w = &d->w[i];
            if (!w->gvalid)
                dwf_form(d, w);
            int32_t prio = 0;
            switch (d->sched) {
            case DS_MAJORITY:
                prio = w->pc == d->major ? (1 << 24) : (int32_t)cnt[w->pc];
                break;
            case DS_MINORITY:
                prio = -(int32_t)cnt[w->pc];
                break;
            case DS_PC:
                prio = -(int32_t)(w->pc & 0x7fffffff);
                break;
            case DS_PDOM:
                prio = d->rtarget[w->pc] ? 0 : 1;
                break;
            case DS_OLDEST: {
                uint64_t age = w->seq - minseq;
                prio = age > 0x7fffffff ? -0x7fffffff : -(int32_t)age;
                break;
            }
            }
            if (w->gq > qmax)
                qmax = w->gq;
            struct simt_group *o = &out[n++];
            *o = w->grp;
            o->priority = prio;
        }
    }
    if (d->sync && d->sh && d->env.sm_id < d->sh->nsms) {
        uint32_t all = hws_sync_publish(d->sh, d->env.sm_id, qmax);
        for (int k = 0; k < n; k++)
            out[k].issue_cycles = all;
    }
    return n;
}

/* The answer in tiers (simt_policy.h ready_first): under the majority schedule the warps at
 * the majority pc, the only ones of priority 1 << 24, come first - a few of a pool of tens
 * (mum: 2-3 of 15-30) - then the warps of the pcs of the next largest thread count, and so
 * on: usually the first or second tier has a warp that issues. Other schedules, and
 * hws.sync_sms (whose published warp size needs every warp), answer in full at once. */
static int dwf_ready_first(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    struct dwf *d = state;
    d->rest = false;
    if (d->sched != DS_MAJORITY || d->sync || d->nused > (uint32_t)cap)
        return dwf_ready(state, cycle, out, cap);
    dwf_update_major(d);
    int n = 0;
    for (uint32_t id = d->major != NONE ? d->head[d->major] : NONE; id != NONE;
         id = d->w[id].next) {
        struct dwarp *w = &d->w[id];
        if (!w->gvalid)
            dwf_form(d, w);
        struct simt_group *o = &out[n++];
        *o = w->grp;
        o->priority = 1 << 24;
    }
    d->rest = true;
    d->tier_cnt = UINT32_MAX;
    return n;
}

static int dwf_ready_rest(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    struct dwf *d = state;
    (void)cycle;
    if (!d->rest)
        return 0;
    /* the next tier: the pcs (but the majority pc) of the largest count below the last tier's */
    const uint32_t major = d->major;
    uint32_t c;
    int n = 0;
    while (n == 0 && (c = count_below(d, d->tier_cnt)) > 0) {
        d->tier_cnt = c;
        for (uint32_t pc = d->bhead[c]; pc != NONE; pc = d->bnext[pc]) {
            if (pc == major)
                continue;
            for (uint32_t id = d->head[pc]; id != NONE && n < cap; id = d->w[id].next) {
                struct dwarp *w = &d->w[id];
                if (!w->gvalid)
                    dwf_form(d, w);
                struct simt_group *o = &out[n++];
                *o = w->grp;
                o->priority = (int32_t)c;
            }
        }
    }
    d->rest = n > 0;
    return n;
}

/* The whole pool warp `id` issued and all its threads are READY at one (pc, depth) (of one CTA
 * unless dwf.merge_ctas): the single fragment that dwf_issued's general path (unlink the warp,
 * insert_threads) would form is the warp itself, at its positions, and that path's new pool
 * entry would take the id the unlink freed (the top of the free list). So it is done in place:
 * the warp leaves its pc's list, is squeezed and offered to the pool warps at the new pc like
 * any fragment (pool_insert), and if none takes it, it comes back under its id at the tail of
 * the new pc's list, with a new age, counted as a warp formed. Unless the squeeze moved a
 * thread, its positions and so its group stay and only the pc moves (no re-formation: most
 * issues of a warp pool end here, e.g. mum, where fragments seldom merge). */
static simt_err pool_requeue(struct dwf *d, uint32_t id)
{
    struct dwarp *w = &d->w[id];
    struct dwcold *c = &d->wc[id];
    const struct simt_thread *t0 = &d->env.threads[c->gslots[0]];
    const uint32_t pc = t0->pc, depth = t0->depth;
    SIMT_RETURN_IF(pc >= d->ninsts, SIMT_ERR_INVARIANT,
                   "policy %s: thread at pc %u outside the program (%u instructions)", d->name, pc,
                   d->ninsts);
    list_remove(d, id);
    uint64_t mm = w->om;
    if (frag_squeeze(d, c->occ, &mm)) {
        w->om = mm;
        w->gvalid = false;
    }
    if (pool_merge(d, c->occ, mm, w->n, pc, depth, t0->cta)) {
        w->n = 0;
        w->om = 0;
        w->gvalid = false;
        pool_free(d, id);
        return SIMT_ERR_OK;
    }
    w->cta = t0->cta;
    w->pc = pc;
    w->depth = depth;
    w->seq = d->seq++;
    list_append(d, id);
    w->grp.pc = pc;
    w->grp.depth = depth;
    (*d->st_formed)++;
    return SIMT_ERR_OK;
}

static simt_err dwf_issued(void *state, const struct simt_group *g)
{
    struct dwf *d = state;
    SIMT_RETURN_IF(g->id >= d->wcap || !d->w[g->id].used, SIMT_ERR_INVARIANT,
                   "policy %s: issued unknown group %u", d->name, g->id);
    struct dwarp *w = &d->w[g->id];
    struct dwcold *c = &d->wc[g->id];
    (*d->st_groups)++;
    if (d->hws) {
        uint32_t cyc = g->issue_cycles ? g->issue_cycles : d->nq;
        *d->st_saved += cyc < d->nq ? d->nq - cyc : 0;
    }
    /* the issued threads leave the warp and come back as fragments; threads merged into it
     * after ready() (another group's fragment) were not issued and stay */
    uint32_t slots[RECONV_MAX_WARP];
    uint8_t pos[RECONV_MAX_WARP];
    uint32_t n = 0;
    const struct simt_thread *th = d->env.threads;
    if (w->gvalid && g->nthreads == w->gn &&
        memcmp(g->threads, c->gslots, w->gn * sizeof *c->gslots) == 0) {
        /* the warp is unchanged since ready() formed this group: every thread issued and the
         * warp leaves the pool (the loop below in short; a freed warp's occ[] is rewritten
         * when its id is reused). Mostly its threads all went on together: pool_requeue. */
        const struct simt_thread *t0 = &th[c->gslots[0]];
        bool one = t0->state == SIMT_TS_READY;
        if (one && !reconv_straight(d->env.prog, g->pc)) {
            /* (after a straight-line instruction every thread is where t0 is, as in pdom.c) */
            uint32_t diff = 0;
            for (uint32_t k = 1; k < w->gn; k++) {
                const struct simt_thread *t = &th[c->gslots[k]];
                diff |= (t->state ^ SIMT_TS_READY) | (t->pc ^ t0->pc) | (t->depth ^ t0->depth) |
                        (d->merge_ctas ? 0u : t->cta ^ t0->cta);
            }
            one = diff == 0;
        }
        if (one)
            return pool_requeue(d, g->id);
        for (uint32_t k = 0; k < w->gn; k++) {
            uint32_t s = c->gslots[k];
            slots[n] = s;
            pos[n] = c->glanes[k];
            n += th[s].state == SIMT_TS_READY;
        }
        cnt_add(d, w->pc, -(int32_t)w->n);
        w->n = 0;
        w->om = 0;
        w->gvalid = false;
        pool_unlink(d, g->id);
        return insert_threads(d, slots, pos, n, false);
    }
    if (++d->stamp == 0) { /* wrapped: forget every old mark */
        memset(d->mark, 0, d->env.max_threads * sizeof *d->mark);
        d->stamp = 1;
    }
    for (uint32_t k = 0; k < g->nthreads; k++)
        if (g->threads[k] < d->env.max_threads)
            d->mark[g->threads[k]] = d->stamp;
    const uint32_t n0 = w->n;
    for (uint64_t b = w->om; b; b &= b - 1) {
        uint32_t p = (uint32_t)__builtin_ctzll(b);
        uint32_t s = (uint32_t)c->occ[p];
        if (d->mark[s] != d->stamp)
            continue;
        c->occ[p] = -1;
        w->om &= ~(1ull << p);
        w->n--;
        if (th[s].state != SIMT_TS_READY)
            continue; /* exited, or parked at a barrier until released */
        slots[n] = s;
        pos[n++] = (uint8_t)p;
    }
    cnt_add(d, w->pc, -(int32_t)(n0 - w->n));
    w->gvalid = false;
    if (w->n == 0)
        pool_unlink(d, g->id);
    return insert_threads(d, slots, pos, n, false);
}

static void dwf_released(void *state, const uint32_t *threads, uint32_t n)
{
    struct dwf *d = state;
    uint32_t k = 0;
    for (uint32_t i = 0; i < n && k < d->env.max_threads; i++)
        if (threads[i] < d->env.max_threads && d->env.threads[threads[i]].state == SIMT_TS_READY)
            d->scratch[k++] = threads[i];
    /* in slot order, so that static warps come back whole and in order */
    for (uint32_t i = 1; i < k; i++) {
        uint32_t v = d->scratch[i], j = i;
        while (j > 0 && d->scratch[j - 1] > v) {
            d->scratch[j] = d->scratch[j - 1];
            j--;
        }
        d->scratch[j] = v;
    }
    /* released() cannot fail; a full pool is impossible (one warp per thread at most) */
    (void)insert_threads(d, d->scratch, NULL, k, true);
}

#define DWF_OPS(sym, nm, desc, prm, cr, shared)                                                    \
    const struct simt_policy_ops sym = {                                                           \
        .name = nm,                                                                                \
        .description = desc,                                                                       \
        .params = prm,                                                                             \
        .shared_create = shared ? hws_sync_create : NULL,                                          \
        .shared_destroy = shared ? hws_sync_destroy : NULL,                                        \
        .create = cr,                                                                              \
        .destroy = dwf_destroy,                                                                    \
        .cta_start = dwf_cta_start,                                                                \
        .ready = dwf_ready,                                                                        \
        .issued = dwf_issued,                                                                      \
        .released = dwf_released,                                                                  \
        .ready_whole = true, /* entries are copies of dwf_form's compound literal */               \
        .ready_first = dwf_ready_first,                                                            \
        .ready_rest = dwf_ready_rest,                                                              \
    }

DWF_OPS(simt_policy_dwf, "dwf",
        "dynamic warp formation: per-SM warp pool by pc, lane-aware merging (Fung MICRO 2007)",
        dwf_params, dwf_create, false);
DWF_OPS(simt_policy_en_dwf, "en-dwf",
        "enhanced DWF: conflicting threads move to a free quarter of their lane (Jin 2012, 4.4)",
        dwf_params, endwf_create, false);
DWF_OPS(simt_policy_dwf_hws, "dwf-hws",
        "DWF with squeeze before merging and quarter-warp scaling (Jin 2012, 6.2)", dwf_hws_params,
        dwfhws_create, true);
DWF_OPS(simt_policy_en_dwf_hws, "en-dwf-hws",
        "en-DWF with squeeze and quarter-warp scaling (Jin 2012, 4.4, Fig. 4.6)", dwf_hws_params,
        endwfhws_create, true);
