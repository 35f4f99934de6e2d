/*
 * stackless.c - "stackless": stack-less SIMT reconvergence (seed 002, Collange 2011,
 * section 3). Every thread keeps its own PC and stack pointer (here: the core's per-thread pc
 * and call depth; a deeper call has a lower SP since the stack grows downwards). Per static
 * warp an arbiter computes min(SP:PC) over the warp's READY threads: the deepest call nesting
 * level first, then the lowest PC in layout order; every thread whose (depth, pc) equals the
 * minimum issues. Threads reconverge wherever their PCs coincide; no stack, no reconvergence
 * annotations. The SP term is what makes a callee placed after its caller reconverge
 * (Listing 1); stackless.sp=false gives the plain min(PC) arbiter for comparison.
 * Threads at a barrier are not READY and do not take part in the arbitration.
 */
#include <stdlib.h>

#include "reconv.h"
#include "simt_config.h"
#include "simt_stats.h"

static const struct simt_param_desc stackless_params[] = {
    {.key = "stackless.sp",
     .type = SIMT_PT_BOOL,
     .def = "true",
     .help = "arbitrate on min(SP:PC) (deepest call first); false = min(PC) only (seed 002 "
             "section 3, Listing 1)"},
    {.key = NULL},
};

struct sl_warp {
    uint32_t first, n; /* thread slots [first, first + n) */
    bool dirty, live;
    uint32_t gn, gpc, gdepth, nready;
    uint32_t gslots[RECONV_MAX_WARP];
};

struct stackless {
    struct simt_policy_env env;
    bool use_sp;
    uint32_t *rank; /* rank[pc]: the pc's position in the layout the arbiter compares */
    struct sl_warp *w;
    uint64_t *st_groups, *st_partial;
};

/*
 * The "PC order" the min(PC) arbiter compares. Seed 002 section 3 relies on the compiler laying
 * code out so that a reconvergence point comes after the paths that meet there; the IR's block
 * order (what the trace's pcs follow) does not promise that. We rank blocks per function in
 * reverse post-order of the CFG (a topological order up to back edges, the layout compilers
 * start from), functions in program order, instructions in order within a block; blocks
 * unreachable from the entry keep their relative order at the end of their function.
 */
static simt_err sl_layout_rank(const struct simt_program *p, uint32_t **out)
{
    uint32_t *rank = malloc((p->ninsts ? p->ninsts : 1) * sizeof *rank);
    uint32_t *order = malloc((p->nblocks ? p->nblocks : 1) * sizeof *order);
    uint32_t *stack = malloc((p->nblocks ? p->nblocks : 1) * sizeof *stack);
    uint8_t *seen = calloc(p->nblocks ? p->nblocks : 1, 1);
    if (!rank || !order || !stack || !seen) {
        free(rank), free(order), free(stack), free(seen);
        return simt_seterr(SIMT_ERR_NOMEM, "policy stackless: layout of %u blocks", p->nblocks);
    }
    uint32_t r = 0;
    for (uint32_t f = 0; f < p->nfuncs; f++) {
        const struct simt_sfunc *fn = &p->funcs[f];
        uint32_t lo = fn->first_block, hi = fn->first_block + fn->nblocks, npost = 0, sp = 0;
        if (fn->nblocks == 0)
            continue;
        /* iterative DFS from the entry; post-order into order[] */
        stack[sp++] = lo;
        seen[lo] = 1;
        while (sp) {
            uint32_t b = stack[sp - 1];
            const struct simt_sblock *bl = &p->blocks[b];
            /* Visit the unseen successor with the highest block index first: the last one
             * visited comes first in reverse post-order, so where the IR order already is
             * topological it is kept (e.g. then-block before else-block). */
            uint32_t pick = UINT32_MAX;
            for (uint32_t k = 0; k < bl->nsucc; k++) {
                uint32_t c = p->succs[bl->succ_first + k];
                if (c >= lo && c < hi && !seen[c] && (pick == UINT32_MAX || c > pick))
                    pick = c;
            }
            if (pick != UINT32_MAX) {
                seen[pick] = 1;
                stack[sp++] = pick;
                continue;
            }
            order[npost++] = b;
            sp--;
        }
        for (uint32_t i = npost; i-- > 0;) {
            const struct simt_sblock *bl = &p->blocks[order[i]];
            for (uint32_t k = 0; k < bl->ninst; k++)
                rank[bl->first_pc + k] = r++;
        }
        for (uint32_t b = lo; b < hi; b++)
            if (!seen[b])
                for (uint32_t k = 0; k < p->blocks[b].ninst; k++)
                    rank[p->blocks[b].first_pc + k] = r++;
    }
    free(order), free(stack), free(seen);
    *out = rank;
    return SIMT_ERR_OK;
}

static simt_err sl_create(const struct simt_policy_env *env, void **state)
{
    SIMT_TRY(policy_check_geometry(env, "stackless"));
    struct stackless *s = calloc(1, sizeof *s);
    if (!s)
        return simt_seterr(SIMT_ERR_NOMEM, "policy stackless: state");
    s->env = *env;
    s->use_sp = simt_config_bool(env->config, "stackless.sp") != 0;
    simt_err re = sl_layout_rank(env->prog, &s->rank);
    if (re) {
        free(s);
        return re;
    }
    s->w = calloc(env->max_warps ? env->max_warps : 1, sizeof *s->w);
    if (!s->w) {
        free(s->rank);
        free(s);
        return simt_seterr(SIMT_ERR_NOMEM, "policy stackless: %u warps", env->max_warps);
    }
    s->st_groups = simt_stats_counter(env->stats, "policy.stackless.groups", "groups issued");
    s->st_partial = simt_stats_counter(env->stats, "policy.stackless.partial_groups",
                                       "groups issued with fewer threads than the warp had READY");
    simt_err e = simt_stats_check(env->stats);
    if (e) {
        free(s->w);
        free(s->rank);
        free(s);
        return e;
    }
    *state = s;
    return SIMT_ERR_OK;
}

static void sl_destroy(void *state)
{
    struct stackless *s = state;
    if (!s)
        return;
    free(s->w);
    free(s->rank);
    free(s);
}

static simt_err sl_cta_start(void *state, uint32_t cta, uint32_t first_thread, uint32_t nthreads,
                             uint32_t first_warp, uint32_t nwarps)
{
    struct stackless *s = state;
    uint32_t ws = s->env.warp_size;
    SIMT_RETURN_IF(first_warp + nwarps > s->env.max_warps ||
                       first_thread + nthreads > s->env.max_threads,
                   SIMT_ERR_INVALID_ARG, "policy stackless: CTA %u outside the SM's slots", cta);
    for (uint32_t k = 0; k < nwarps; k++) {
        struct sl_warp *w = &s->w[first_warp + k];
        w->first = first_thread + k * ws;
        w->n = nthreads - k * ws < ws ? nthreads - k * ws : ws;
        w->dirty = w->live = true;
    }
    return SIMT_ERR_OK;
}

/* min(SP:PC): deeper first (lower SP), then lower pc */
static bool sl_before(const struct stackless *s, const struct simt_thread *t, uint32_t pc,
                      uint32_t depth)
{
    if (s->use_sp && t->depth != depth)
        return t->depth > depth;
    return s->rank[t->pc] < s->rank[pc];
}

static void sl_form(struct stackless *s, struct sl_warp *w)
{
    const struct simt_thread *th = s->env.threads;
    w->dirty = false;
    w->gn = 0;
    w->nready = 0;
    bool any = false, live = false;
    for (uint32_t i = 0; i < w->n; i++) {
        const struct simt_thread *t = &th[w->first + i];
        if (t->state != SIMT_TS_EXITED && t->state != SIMT_TS_FREE)
            live = true;
        if (t->state != SIMT_TS_READY)
            continue;
        w->nready++;
        if (!any || sl_before(s, t, w->gpc, w->gdepth)) {
            w->gpc = t->pc;
            w->gdepth = t->depth;
            any = true;
        }
    }
    w->live = live;
    if (!any)
        return;
    for (uint32_t i = 0; i < w->n; i++) {
        const struct simt_thread *t = &th[w->first + i];
        if (t->state == SIMT_TS_READY && t->pc == w->gpc && t->depth == w->gdepth)
            w->gslots[w->gn++] = w->first + i;
    }
}

/* Warp i's group into *out; 0 if it has none. */
static int sl_group(struct stackless *s, uint32_t i, struct simt_group *out)
{
    struct sl_warp *w = &s->w[i];
    if (!w->live)
        return 0;
    if (w->dirty)
        sl_form(s, w);
    if (!w->gn)
        return 0;
    *out = (struct simt_group){.id = i,
                               .pc = w->gpc,
                               .depth = w->gdepth,
                               .nthreads = w->gn,
                               .threads = w->gslots,
                               .lanes = NULL,
                               .issue_cycles = 0,
                               .priority = 0,
                               .sched = i % s->env.nschedulers,
                               .one_warp = true};
    return 1;
}

static int sl_ready(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    struct stackless *s = state;
    int n = 0;
    for (uint32_t i = 0; i < s->env.max_warps && n < cap; i++)
        n += sl_group(s, i, &out[n]);
    return n;
}

/* One group per static warp, and issuing warp i changes only warp i's group: local_issue. */
static int sl_ready_group(void *state, uint64_t cycle, uint32_t id, struct simt_group *out)
{
    struct stackless *s = state;
    return id < s->env.max_warps && sl_group(s, id, out);
}

static simt_err sl_issued(void *state, const struct simt_group *g)
{
    struct stackless *s = state;
    SIMT_RETURN_IF(g->id >= s->env.max_warps, SIMT_ERR_INVARIANT,
                   "policy stackless: issued unknown group %u", g->id);
    struct sl_warp *w = &s->w[g->id];
    (*s->st_groups)++;
    *s->st_partial += w->gn < w->nready;
    w->dirty = true;
    return SIMT_ERR_OK;
}

static void sl_released(void *state, const uint32_t *threads, uint32_t n)
{
    struct stackless *s = state;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t wi = s->env.threads[threads[i]].warp;
        if (wi < s->env.max_warps)
            s->w[wi].dirty = true;
    }
}

const struct simt_policy_ops simt_policy_stackless = {
    .name = "stackless",
    .description = "stack-less reconvergence: per-thread PC, issue min(SP:PC) per warp "
                   "(Collange 2011)",
    .params = stackless_params,
    .create = sl_create,
    .destroy = sl_destroy,
    .cta_start = sl_cta_start,
    .ready = sl_ready,
    .issued = sl_issued,
    .released = sl_released,
    .ready_group = sl_ready_group,
    .local_issue = true,
};
