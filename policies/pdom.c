/*
 * pdom.c - immediate post-dominator reconvergence (PDOM): one reconvergence stack per static
 * warp (seed 000 section 3.5, the baseline of Jin's thesis; seed 002 Table 1, "stack-based
 * reconvergence at the immediate post-dominator"; Fung et al., MICRO 2007).
 *
 * Each stack entry holds a set of the warp's lanes and the point where they reconverge,
 * (rpc, rdepth): the first non-FREE instruction of the branch's immediate post-dominator
 * block (sinst.reconv_pc; the trace never yields FREE instructions such as phis) at the call
 * depth of the branch. The top entry issues. A thread has "arrived" at an entry when it
 * exited, when it is at (rpc, rdepth), or when it left the function (depth < rdepth);
 * SIMT_PC_EXIT means "only at exit", i.e. on leaving the function (or the kernel).
 *
 * After the top entry E issues:
 *   1. threads that arrived at E leave E; an empty E is popped (repeatedly);
 *   2. if E's threads now sit at several (pc, depth): the warp diverged on the instruction
 *      just issued. Its reconvergence point R is the branch's post-dominator, or for an
 *      indirect call the instruction after the call (same depth), else "function exit".
 *      If R is E's own point (a loop's back edge, say), E is replaced by one entry per
 *      target; otherwise E stays (its threads gather at R) and one entry per target that is
 *      not already at R is pushed with point R. The lowest pc is pushed last (runs first).
 * Threads of the top entry that wait at a barrier make the warp not ready until released.
 * If the top entry's threads ever disagree on (pc, depth) without a divergence (which a
 * well-formed trace never causes), the deepest, lowest-pc subset issues, so progress and the
 * issue-exactly-once property hold regardless.
 */
#include <stdlib.h>
#include <string.h>

#include "reconv.h"
#include "simt_stats.h"

#define PDOM_NONE 0xffffffffu

struct pent {
    uint64_t mask; /* lanes (bit i = thread slot first_thread + i) */
    uint32_t rpc, rdepth;
};

struct pwarp {
    struct pent *st;
    uint32_t n, cap;
    uint32_t first_thread;
    uint32_t live_pos;       /* index in the live list, or PDOM_NONE */
    uint8_t dirty, ok, full; /* full: the cached group is every live thread of the top entry */
    uint32_t gpc, gdepth, gn;
    uint32_t self; /* this warp's index: the group's one static warp (simt_group.warps) */
    uint32_t gthreads[64];
};

struct pdom {
    const struct simt_policy_env *env;
    struct pwarp *w;
    uint32_t *live, nlive;
    uint32_t *eff; /* first non-FREE pc at or after pc in its block */
    uint64_t *st_div, *st_pops, *st_maxdepth;
};

static uint32_t eff_pc(const struct pdom *p, uint32_t pc)
{
    return pc < p->env->prog->ninsts ? p->eff[pc] : pc;
}

static simt_err pdom_create(const struct simt_policy_env *env, void **state)
{
    if (env->warp_size > 64)
        return simt_seterr(SIMT_ERR_UNSUPPORTED,
                           "not supported: pdom with core.warp_size %u (at most 64)",
                           env->warp_size);
    struct pdom *p = calloc(1, sizeof *p);
    if (!p)
        return simt_seterr(SIMT_ERR_NOMEM, "pdom: out of memory");
    p->env = env;
    const struct simt_program *prog = env->prog;
    p->w = calloc(env->max_warps ? env->max_warps : 1, sizeof *p->w);
    p->live = calloc(env->max_warps ? env->max_warps : 1, sizeof *p->live);
    p->eff = calloc(prog->ninsts ? prog->ninsts : 1, sizeof *p->eff);
    if (!p->w || !p->live || !p->eff) {
        free(p->w);
        free(p->live);
        free(p->eff);
        free(p);
        return simt_seterr(SIMT_ERR_NOMEM, "pdom: out of memory");
    }
    for (uint32_t i = 0; i < env->max_warps; i++)
        p->w[i].live_pos = PDOM_NONE;
    /* effective reconvergence pcs: skip FREE instructions within the block */
    for (uint32_t b = 0; b < prog->nblocks; b++) {
        const struct simt_sblock *bl = &prog->blocks[b];
        uint32_t next = bl->first_pc + bl->ninst - 1; /* the terminator is never FREE */
        for (uint32_t k = bl->ninst; k-- > 0;) {
            uint32_t pc = bl->first_pc + k;
            if (pc >= prog->ninsts)
                continue;
            if (prog->insts[pc].iclass != SIMT_IC_FREE)
                next = pc;
            p->eff[pc] = next;
        }
    }
    p->st_div = simt_stats_counter(env->stats, "policy.pdom.divergences",
                                   "divergent instructions (stack pushes or splits)");
    p->st_pops = simt_stats_counter(env->stats, "policy.pdom.reconvergences",
                                    "stack entries popped at their reconvergence point");
    p->st_maxdepth =
        simt_stats_counter(env->stats, "policy.pdom.max_stack_depth", "deepest stack seen");
    simt_err e = simt_stats_check(env->stats);
    if (e) {
        free(p->w);
        free(p->live);
        free(p->eff);
        free(p);
        return e;
    }
    *state = p;
    return SIMT_ERR_OK;
}

static void pdom_destroy(void *state)
{
    struct pdom *p = state;
    if (!p)
        return;
    for (uint32_t i = 0; i < p->env->max_warps; i++)
        free(p->w[i].st);
    free(p->w);
    free(p->live);
    free(p->eff);
    free(p);
}

static int push(struct pdom *p, struct pwarp *w, uint64_t mask, uint32_t rpc, uint32_t rdepth)
{
    if (w->n == w->cap) {
        uint32_t nc = w->cap ? w->cap * 2 : 8;
        struct pent *ns = realloc(w->st, nc * sizeof *ns);
        if (!ns)
            return -1;
        w->st = ns;
        w->cap = nc;
    }
    w->st[w->n++] = (struct pent){mask, rpc, rdepth};
    if (w->n > *p->st_maxdepth)
        *p->st_maxdepth = w->n;
    return 0;
}

static simt_err pdom_cta_start(void *state, uint32_t cta, uint32_t first_thread, uint32_t nthreads,
                               uint32_t first_warp, uint32_t nwarps)
{
    struct pdom *p = state;
    uint32_t ws = p->env->warp_size;
    for (uint32_t i = 0; i < nwarps; i++) {
        uint32_t wi = first_warp + i;
        struct pwarp *w = &p->w[wi];
        w->n = 0;
        w->first_thread = wi * ws;
        w->self = wi;
        uint32_t have = nthreads - i * ws < ws ? nthreads - i * ws : ws;
        uint64_t mask = have >= 64 ? ~0ull : ((1ull << have) - 1);
        if (push(p, w, mask, SIMT_PC_EXIT, 0) < 0)
            return simt_seterr(SIMT_ERR_NOMEM, "pdom: out of memory");
        w->dirty = 1;
        if (w->live_pos == PDOM_NONE) {
            w->live_pos = p->nlive;
            p->live[p->nlive++] = wi;
        }
    }
    return SIMT_ERR_OK;
}

static void pdom_cta_end(void *state, uint32_t cta)
{
    struct pdom *p = state;
    /* the core calls this while the CTA's thread slots still name it (all exited) */
    for (uint32_t k = 0; k < p->nlive;) {
        uint32_t wi = p->live[k];
        struct pwarp *w = &p->w[wi];
        if (p->env->threads[w->first_thread].cta != cta) {
            k++;
            continue;
        }
        w->n = 0;
        w->live_pos = PDOM_NONE;
        p->live[k] = p->live[--p->nlive];
        if (k < p->nlive)
            p->w[p->live[k]].live_pos = k;
    }
}

static int arrived(const struct simt_thread *t, const struct pent *e)
{
    if (t->state == SIMT_TS_EXITED || t->state == SIMT_TS_FREE)
        return 1;
    if (t->depth < e->rdepth)
        return 1;
    return e->rpc != SIMT_PC_EXIT && t->depth == e->rdepth && t->pc == e->rpc;
}

/* Step 1: drop arrived threads from the top entry; pop empty entries. */
static void settle(struct pdom *p, struct pwarp *w)
{
    while (w->n) {
        struct pent *e = &w->st[w->n - 1];
        uint64_t m = e->mask;
        while (m) {
            int lane = __builtin_ctzll(m);
            m &= m - 1;
            if (arrived(&p->env->threads[w->first_thread + lane], e))
                e->mask &= ~(1ull << lane);
        }
        if (e->mask)
            return;
        w->n--;
        (*p->st_pops)++;
    }
}

/* Rebuilds the cached group of warp w from its top entry in the general case, threads at a
 * barrier (called by build(), which has reset the group and checked that w has an entry). */
static void build_general(struct pdom *p, struct pwarp *w)
{
    const struct pent *e = &w->st[w->n - 1];
    uint64_t run = e->mask; /* the lanes the group is chosen from */
    uint32_t bpc = PDOM_NONE, bdepth = 0;
    uint64_t m = e->mask;
    while (m) {
        int lane = __builtin_ctzll(m);
        m &= m - 1;
        const struct simt_thread *t = &p->env->threads[w->first_thread + lane];
        if (t->state == SIMT_TS_BARRIER) {
            bpc = PDOM_NONE;
            run = 0;
            break; /* the entry waits for the barrier */
        }
        if (t->state != SIMT_TS_READY)
            continue;
        if (bpc == PDOM_NONE || t->depth > bdepth || (t->depth == bdepth && t->pc < bpc))
            bpc = t->pc, bdepth = t->depth;
    }
    if (!run && w->n >= 2) {
        /* The top entry waits at a CTA barrier. Threads of the entry below that are not in it
         * wait at its reconvergence point; if they are the warp's early exits (`if (i >= n)
         * return; ... __syncthreads()`, where clang merges the return into the exit block),
         * the barrier can complete only once they have run to their exit, since exited
         * threads count as arrived (docs/TRACER.md: the tracer accepts this only when
         * nothing but register work and the return is left for them). Let them run ahead, as
         * independent thread scheduling would; they rejoin at the next pc they share. */
        run = w->st[w->n - 2].mask & ~e->mask;
        m = run;
        while (m) {
            int lane = __builtin_ctzll(m);
            m &= m - 1;
            const struct simt_thread *t = &p->env->threads[w->first_thread + lane];
            if (t->state != SIMT_TS_READY)
                continue;
            if (bpc == PDOM_NONE || t->depth > bdepth || (t->depth == bdepth && t->pc < bpc))
                bpc = t->pc, bdepth = t->depth;
        }
    }
    if (bpc == PDOM_NONE)
        return;
    m = run;
    uint32_t live = 0;
    while (m) {
        int lane = __builtin_ctzll(m);
        m &= m - 1;
        const struct simt_thread *t = &p->env->threads[w->first_thread + lane];
        live += t->state != SIMT_TS_EXITED && t->state != SIMT_TS_FREE;
        if (t->state == SIMT_TS_READY && t->pc == bpc && t->depth == bdepth)
            w->gthreads[w->gn++] = w->first_thread + (uint32_t)lane;
    }
    w->full = live == w->gn;
    w->gpc = bpc;
    w->gdepth = bdepth;
    w->ok = 1;
}

/* Rebuilds the cached group of warp w from its top entry: the deepest, lowest-pc READY
 * threads, in lane order, in one pass (a new best restarts the list; with no thread of the
 * entry at a barrier every live thread is READY). A barrier anywhere in the entry takes
 * build_general. */
static void build(struct pdom *p, struct pwarp *w)
{
    w->dirty = 0;
    w->ok = 0;
    w->full = 0;
    w->gn = 0;
    if (!w->n)
        return;
    const struct simt_thread *th = &p->env->threads[w->first_thread];
    uint32_t bpc = PDOM_NONE, bdepth = 0, live = 0, gn = 0;
    for (uint64_t m = w->st[w->n - 1].mask; m; m &= m - 1) {
        uint32_t lane = (uint32_t)__builtin_ctzll(m);
        const struct simt_thread *t = &th[lane];
        if (t->state != SIMT_TS_READY) {
            if (t->state == SIMT_TS_BARRIER) {
                build_general(p, w);
                return;
            }
            continue; /* exited */
        }
        live++;
        if (bpc == PDOM_NONE || t->depth > bdepth || (t->depth == bdepth && t->pc < bpc)) {
            bpc = t->pc;
            bdepth = t->depth;
            gn = 0;
        } else if (t->pc != bpc || t->depth != bdepth) {
            continue;
        }
        w->gthreads[gn++] = w->first_thread + lane;
    }
    if (bpc == PDOM_NONE)
        return;
    w->gn = gn;
    w->full = live == gn;
    w->gpc = bpc;
    w->gdepth = bdepth;
    w->ok = 1;
}

static int pdom_ready(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    struct pdom *p = state;
    int n = 0;
    for (uint32_t k = 0; k < p->nlive && n < cap; k++) {
        uint32_t wi = p->live[k];
        struct pwarp *w = &p->w[wi];
        if (w->dirty)
            build(p, w);
        if (!w->ok)
            continue;
        struct simt_group *g = &out[n++];
        /* every field, field by field (ready_whole: the core does not zero out[]) */
        g->id = wi;
        g->pc = w->gpc;
        g->depth = w->gdepth;
        g->nthreads = w->gn;
        g->threads = w->gthreads;
        g->lanes = NULL;
        g->issue_cycles = 0;
        g->priority = 0;
        g->sched = wi % p->env->nschedulers;
        g->mixed = false;
        g->one_warp = true;
        g->warps = &w->self;
        g->nwarps = 1;
    }
    return n;
}

static int pdom_ready_group(void *state, uint64_t cycle, uint32_t id, struct simt_group *g)
{
    struct pdom *p = state;
    if (id >= p->env->max_warps || p->w[id].live_pos == PDOM_NONE)
        return 0;
    struct pwarp *w = &p->w[id];
    if (w->dirty)
        build(p, w);
    if (!w->ok)
        return 0;
    g->id = id;
    g->pc = w->gpc;
    g->depth = w->gdepth;
    g->nthreads = w->gn;
    g->threads = w->gthreads;
    g->sched = id % p->env->nschedulers;
    g->one_warp = true;
    g->warps = &w->self;
    g->nwarps = 1;
    return 1;
}

struct target {
    uint32_t pc, depth;
    uint64_t mask;
};

static int cmp_target(const void *a, const void *b)
{
    const struct target *x = a, *y = b;
    /* sorted so that the lowest pc (deepest first) is pushed last and runs first */
    if (x->depth != y->depth)
        return x->depth < y->depth ? -1 : 1;
    return x->pc > y->pc ? -1 : x->pc < y->pc;
}

/* The cached group was the top entry's whole live set and has just issued a control transfer:
 * if every one of its threads went to the same next (pc, depth) and that is not the entry's
 * reconvergence point, nothing pops and nothing diverges - the step below (settle, group by
 * target, rebuild) would form the same group at the new pc. Keep it and move its pc (one pass
 * over the threads instead of five over the lanes; a uniform branch or call, a loop's back
 * edge). */
static int uniform_move(struct pdom *p, struct pwarp *w)
{
    const struct simt_thread *th = p->env->threads;
    const struct simt_thread *t0 = &th[w->gthreads[0]];
    const struct pent *e = &w->st[w->n - 1];
    /* (not for early exits running ahead of a barrier: their group is not the top entry's) */
    if (!((e->mask >> (w->gthreads[0] - w->first_thread)) & 1) || t0->state != SIMT_TS_READY ||
        arrived(t0, e))
        return 0;
    uint32_t pc = t0->pc, depth = t0->depth;
    for (uint32_t k = 1; k < w->gn; k++) {
        const struct simt_thread *t = &th[w->gthreads[k]];
        if (t->state != SIMT_TS_READY || t->pc != pc || t->depth != depth)
            return 0;
    }
    w->gpc = pc;
    w->gdepth = depth;
    w->dirty = 0;
    return 1;
}

static simt_err pdom_issued(void *state, const struct simt_group *g)
{
    struct pdom *p = state;
    if (g->id >= p->env->max_warps)
        return simt_seterr(SIMT_ERR_INVARIANT, "pdom: unknown group %u", g->id);
    struct pwarp *w = &p->w[g->id];
    w->dirty = 1;
    if (!w->n)
        return SIMT_ERR_OK;
    /* Only a control transfer (branch, call, return, exit) can move threads to different
     * pcs or onto a reconvergence point (the first instruction of a block, or the instruction
     * after a call, reached by a return); a barrier only parks threads. Anything else leaves
     * the group together at pc + 1: keep the cached group and just move its pc. */
    if (reconv_straight(p->env->prog, g->pc) && w->ok && w->full && w->gn == g->nthreads) {
        const struct simt_thread *t = &p->env->threads[w->gthreads[0]];
        if (t->state == SIMT_TS_READY) {
            w->gpc = t->pc;
            w->gdepth = t->depth;
            w->dirty = 0;
        }
        return SIMT_ERR_OK;
    }
    if (w->ok && w->full && w->gn == g->nthreads && uniform_move(p, w))
        return SIMT_ERR_OK;
    uint32_t before = w->n;
    settle(p, w);
    if (w->n != before || !w->n)
        return SIMT_ERR_OK; /* reconverged: the entry below continues */
    struct pent *e = &w->st[w->n - 1];
    /* group the top entry's threads by their next (pc, depth) */
    struct target tg[64];
    uint32_t nt = 0;
    uint64_t m = e->mask;
    while (m) {
        int lane = __builtin_ctzll(m);
        m &= m - 1;
        const struct simt_thread *t = &p->env->threads[w->first_thread + lane];
        uint32_t k = 0;
        while (k < nt && (tg[k].pc != t->pc || tg[k].depth != t->depth))
            k++;
        if (k == nt)
            tg[nt++] = (struct target){t->pc, t->depth, 0};
        tg[k].mask |= 1ull << lane;
    }
    if (nt <= 1)
        return SIMT_ERR_OK;
    /* divergence on the instruction just issued: where do the paths meet again? */
    const struct simt_program *prog = p->env->prog;
    uint32_t rpc = SIMT_PC_EXIT, rdepth = g->depth;
    if (g->pc < prog->ninsts) {
        const struct simt_sinst *si = &prog->insts[g->pc];
        if (si->iclass == SIMT_IC_BRANCH && si->reconv_pc != SIMT_PC_EXIT)
            rpc = eff_pc(p, si->reconv_pc);
        else if (si->iclass == SIMT_IC_CALL && g->pc + 1 < prog->ninsts &&
                 prog->insts[g->pc + 1].block == si->block)
            rpc = eff_pc(p, g->pc + 1);
    }
    (*p->st_div)++;
    struct pent R = {0, rpc, rdepth};
    if (rpc == e->rpc && rdepth == e->rdepth) {
        w->n--; /* E is replaced by its paths (no stack growth on loop back edges) */
    }
    qsort(tg, nt, sizeof *tg, cmp_target);
    for (uint32_t k = 0; k < nt; k++) {
        /* threads already at R wait there for the others */
        const struct simt_thread *t =
            &p->env->threads[w->first_thread + (uint32_t)__builtin_ctzll(tg[k].mask)];
        if (arrived(t, &R))
            continue;
        if (push(p, w, tg[k].mask, rpc, rdepth) < 0)
            return simt_seterr(SIMT_ERR_NOMEM, "pdom: out of memory");
    }
    settle(p, w);
    return SIMT_ERR_OK;
}

static void pdom_released(void *state, const uint32_t *threads, uint32_t n)
{
    struct pdom *p = state;
    uint32_t ws = p->env->warp_size;
    for (uint32_t i = 0; i < n; i++)
        p->w[threads[i] / ws].dirty = 1;
}

const struct simt_policy_ops pdom_ops = {
    .name = "pdom",
    .description = "immediate post-dominator reconvergence stack per warp (seed 000 3.5)",
    .params = NULL,
    .create = pdom_create,
    .destroy = pdom_destroy,
    .cta_start = pdom_cta_start,
    .cta_end = pdom_cta_end,
    .ready = pdom_ready,
    .issued = pdom_issued,
    .released = pdom_released,
    .ready_group = pdom_ready_group,
    .local_issue = true, /* issuing warp w changes only w's group */
    .ready_whole = true, /* pdom_ready() sets every field of each entry */
};
