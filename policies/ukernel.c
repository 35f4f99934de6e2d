/*
 * ukernel.c - "ukernel": dynamic micro-kernels (seed 004, chapter 6). PDOM is the base
 * (a reconvergence stack per warp, reconv.c); at a divergent conditional branch (the
 * "diverge" instruction, 6.2.1) the threads may instead be spawned into new warps formed from
 * spawned threads waiting at the same target.
 *
 *  - Delay (6.2.1): a warp whose threads diverged at a branch is marked and withheld (lowest
 *    priority) until the SM would otherwise idle: ops.idle releases the oldest such warp
 *    (ukernel.max_delay > 0 also releases it after that many cycles). The seed says both
 *    "delaying ... is done by changing the warp schedule priority to a lower value" and "if
 *    the SM is about to stall due to a lack of available warps, a warp is released"; the
 *    default (ukernel.release=idle) honours both: at the first cycle nothing issues, the
 *    oldest delayed warp is released and may issue in that same cycle. ukernel.release=
 *    schedule reads the first sentence alone: the delayed warps are offered to the core at
 *    a priority below every other group (UK_PRIO_DELAYED, the oldest highest) with the path
 *    PDOM runs first, and a warp is released only when the scheduler picks it; a cycle in
 *    which it could not issue either (a busy unit, its own operands) keeps it delayed. The
 *    model then decides with the warp's paths as they were at the branch; spawning sends
 *    every thread, including those that just issued, to the pool (uk_release_scheduled).
 *    docs/POLICIES.md has the measured consequences of both readings.
 *  - Look-up table (6.2.2, Fig. 6.2): per SM, a fully associative LUT of ukernel.lut_entries
 *    branch PCs; each entry holds the branch's targets with their static data, the estimated
 *    length L of each path (non-FREE instructions from the target to the post-dominator, 0 for
 *    a target that is the post-dominator itself), and the running count of threads at the
 *    branch per path. The running count is read from the delayed warps themselves (the
 *    diverge instruction adds a warp's threads, its release removes them: exactly the
 *    delayed warps at that branch). When the LUT is full, a new branch uses PDOM (the seed:
 *    "the compiler should ... use PDOM branching").
 *  - Performance model (6.2.1: "evaluates the performance of each branching method"; one
 *    result per LUT entry, Fig. 6.2): with T_k the running count on path k, P_k the threads
 *    already spawned to target k and not yet formed into warps, and W the delayed warps at the
 *    branch, PDOM costs every delayed warp each of its paths, sum over warps of sum of L_k
 *    over the paths it holds, while spawning costs sum over k of
 *    (ceil((T_k + P_k)/ws) - ceil(P_k/ws)) * (L_k + ukernel.spawn_overhead) warp issues (the
 *    new warps the delayed threads fill, each running the path plus the spawn / exit /
 *    register-restore instructions of Algorithm 3). A released warp spawns when that is
 *    strictly smaller, so spawning pays where several warps wait at a branch with long paths
 *    (ray tracing's loops, 5.x), and a lone warp, or short paths, use PDOM.
 *    ukernel.decide=spawn|pdom forces one method.
 *  - Spawning: the warp's threads leave it (Algorithm 3: spawn, then exit) and wait
 *    ukernel.spawn_latency cycles in a per-SM pool; full warps are formed as soon as
 *    warp_size threads wait at the same (pc, call depth, context), partial ones when the SM
 *    idles. Spawned threads restore their registers (Algorithm 3), so a spawned warp places
 *    them on lanes 0..n-1. Threads of different CTAs share spawned warps unless the kernel
 *    has a CTA barrier (barriers release per CTA, and a warp whose threads a barrier
 *    released only in part could not issue as one group).
 *    ukernel.max_spawn_warps bounds the spawned warps alive (PDOM beyond it).
 *  - Call depth: branches at any call depth spawn. A spawned thread carries its call depth
 *    (a thread's return address lives in its own state, as its registers do) and its context:
 *    the (pc, depth) of the post-dominator of the branch it was spawned at, or, for a thread
 *    that is already there, the innermost enclosing reconvergence point it has not reached.
 *    A spawned warp reconverges at its context like a PDOM entry; when its threads return
 *    from a function to different call sites they are spawned to their return sites.
 *  - Reconverge (Fig. 6.1): just before a PDOM location, a warp that lost threads to spawning
 *    (or a spawned warp that is not full) spawns all its threads to that location, where they
 *    join threads from other warps (ukernel.reconverge=false disables it, for comparison).
 *    A spawned warp remembers one enclosing reconvergence point (its context); outer ones are
 *    not tracked (documented simplification).
 */
#include <stdlib.h>
#include <string.h>

#include "reconv.h"
#include "simt_config.h"
#include "simt_stats.h"

static const struct simt_param_desc uk_params[] = {
    {.key = "ukernel.spawn_latency",
     .type = SIMT_PT_INT,
     .def = "8",
     .min = 0,
     .max = 1e6,
     .help = "cycles from spawning a thread until it can join a new warp"},
    {.key = "ukernel.spawn_overhead",
     .type = SIMT_PT_INT,
     .def = "4",
     .min = 0,
     .max = 1e6,
     .help = "instructions per spawned warp assumed by the performance model (spawn, exit, "
             "register restore; seed 004 Algorithm 3)"},
    {.key = "ukernel.lut_entries",
     .type = SIMT_PT_INT,
     .def = "16",
     .min = 0,
     .max = 4096,
     .help = "branch entries of the per-SM look-up table; branches beyond use PDOM"},
    {.key = "ukernel.max_spawn_warps",
     .type = SIMT_PT_INT,
     .def = "64",
     .min = 0,
     .max = 1e6,
     .help = "spawned warps alive per SM (live + waiting); beyond it branches use PDOM"},
    {.key = "ukernel.max_delay",
     .type = SIMT_PT_INT,
     .def = "0",
     .min = 0,
     .max = 1e9,
     .help = "cycles a diverged warp or a partial spawned warp may wait (0 = until the SM "
             "idles)"},
    {.key = "ukernel.release",
     .type = SIMT_PT_ENUM,
     .def = "idle",
     .choices = "idle|schedule",
     .help = "when a delayed warp is released: at the first cycle the SM issues nothing (seed "
             "004 6.2.1), or only when the scheduler picks it at its lowered priority"},
    {.key = "ukernel.decide",
     .type = SIMT_PT_ENUM,
     .def = "model",
     .choices = "model|spawn|pdom",
     .help = "branching method: the run-time performance model, or always spawn / PDOM"},
    {.key = "ukernel.reconverge",
     .type = SIMT_PT_BOOL,
     .def = "true",
     .help = "reconverge instructions before PDOM locations (seed 004 Fig. 6.1)"},
    {.key = "ukernel.delay",
     .type = SIMT_PT_BOOL,
     .def = "true",
     .help = "delay diverged warps until the SM would idle (seed 004 6.2.1)"},
    {.key = NULL},
};

#define NONE       0xffffffffu
#define UK_PATHS   4
#define UK_LEN_CAP 100000u

enum uk_decide { UD_MODEL, UD_SPAWN, UD_PDOM };

/* the lowered scheduling priority of delayed warps (the oldest highest among them) */
#define UK_PRIO_DELAYED (-(1 << 24))

/* The scalars first, the per-thread arrays last: ready() and ready_group() read the flags, the
 * stack and the group's scalars of every warp, which then share a cache line or two instead of
 * lying on both sides of members[]. */
struct uk_warp {
    bool used, spawned_warp, spawned_any, pending, dirty;
    bool cstale;   /* issued since ready()'s answer cache (struct ukernel) was right for it */
    bool gwhole;   /* formed from the stack: the group is every member of the top entry */
    uint32_t cpos; /* its entry in that cache, if offered */
    uint32_t nmem;
    struct rstack rs;
    uint32_t gn, gpc, gdepth;
    uint32_t gnw;   /* the group's static warps (simt_group.warps; 0: the core derives them) */
    uint64_t gmask; /* members of the group offered (pending warps: the path PDOM runs first) */
    uint32_t bpc, bdepth; /* pending: the branch */
    uint64_t pend_cycle, pend_seq;
    uint32_t members[RECONV_MAX_WARP];
    uint32_t gslots[RECONV_MAX_WARP];
    uint8_t glanes[RECONV_MAX_WARP];
    uint32_t gwarps[RECONV_MAX_WARP];
};

struct uk_lut {
    bool used;
    uint32_t pc, depth, ntargets;
    uint32_t tpc[UK_PATHS], len[UK_PATHS]; /* targets and their static path lengths */
};

struct uk_pooled {
    uint32_t slot, pc, depth, ctx_rpc, ctx_rdepth, cta; /* cta: 0 unless cta_key */
    uint64_t ready_cycle;
};

struct ukernel {
    struct simt_policy_env env;
    uint32_t ws, nstatic, cap;
    struct uk_warp *w; /* wcap entries (grown on demand up to cap: a full-size zeroed array per
                          SM and launch cost more than the simulation of short kernels) */
    uint32_t wcap;
    uint32_t *freelist, nfree;
    struct uk_lut *lut;
    uint32_t nlut;
    struct uk_pooled *pool;
    uint32_t npool;
    bool *taken;     /* scratch, max_threads */
    uint32_t *visit; /* scratch for path lengths, nblocks */
    uint64_t now, pend_seq;
    uint32_t live_spawned;
    uint32_t npending;   /* warps in use that are delayed (used && pending; set_pending) */
    uint32_t hiwater;    /* warp ids in use are below it */
    bool pool_dirty;     /* threads joined the pool since the last full-warp scan */
    uint64_t pool_next;  /* the next cycle a pooled thread becomes available */
    uint64_t busy_until; /* the SIMD unit is fed by the last issued group until this cycle */
    int last_ready;      /* groups the last ready() call offered */
    /* local_issue (see uk_ready_group): */
    bool dual;         /* sched.dual_issue: ready_group() always answers -1 (see there) */
    bool nonlocal;     /* an issue since the last ready() touched more than its own entry */
    bool reused;       /* the last call was ready_group() answering 1: the core may reuse its
                          answer at a later step, whose cycle issued() is not told */
    uint32_t npost;    /* issues postponed until their cycle is known (uk_drain) */
    uint64_t rg_cycle; /* cycle of the last ready_group() call */
    simt_err post_err; /* the first error of a postponed issue */
    struct simt_group post[16];
    /* pool_first_full's hash table of pool keys (hmask + 1 entries, allocated on first use) */
    uint32_t *hstamp, *hidx, *hcnt, hmask, hcur;
    /* ready()'s last answer as the core holds it (the core asks ready() again after every
     * idle(), which mostly changes nothing): valid while cache_ok, no nonlocal issue and no
     * issued warp's entry is stale (nstale; ready_group() patches them) */
    struct simt_group *cache;
    uint32_t ncache, ccap, nstale;
    bool cache_ok;
    /* parameters */
    uint64_t latency, overhead, max_spawn_warps, max_delay;
    enum uk_decide decide;
    bool reconverge, delay;
    bool release_idle; /* ukernel.release=idle */
    bool cta_key;      /* the kernel has CTA barriers: spawned warps hold one CTA */
    uint64_t *st_groups, *st_delayed, *st_spawns, *st_respawns, *st_spawn_warps, *st_lut_pdom,
        *st_lut_spawn, *st_lut_full, *st_limited, *st_idle_rel, *st_diverge, *st_in_func,
        *st_sched_rel, *st_delay_cycles, *st_model_warps;
};

static void uk_drain(struct ukernel *u, uint64_t cycle);
static void set_pending(struct ukernel *u, struct uk_warp *w, bool p);

static void uk_destroy(void *state)
{
    struct ukernel *u = state;
    if (!u)
        return;
    if (u->w) /* entries above hiwater were never touched (calloc'd pages stay unmapped) */
        for (uint32_t i = 0; i < u->hiwater; i++)
            rs_free(&u->w[i].rs);
    free(u->w);
    free(u->freelist);
    free(u->lut);
    free(u->pool);
    free(u->taken);
    free(u->visit);
    free(u->cache);
    free(u->hstamp);
    free(u->hidx);
    free(u->hcnt);
    free(u);
}

static simt_err uk_create(const struct simt_policy_env *env, void **state)
{
    SIMT_TRY(policy_check_geometry(env, "ukernel"));
    struct ukernel *u = calloc(1, sizeof *u);
    if (!u)
        return simt_seterr(SIMT_ERR_NOMEM, "policy ukernel: state");
    u->env = *env;
    u->ws = env->warp_size;
    u->nstatic = env->max_warps;
    u->cap = env->max_warps + env->max_threads;
    const simt_config *c = env->config;
    u->latency = (uint64_t)simt_config_int(c, "ukernel.spawn_latency");
    u->overhead = (uint64_t)simt_config_int(c, "ukernel.spawn_overhead");
    u->nlut = (uint32_t)simt_config_int(c, "ukernel.lut_entries");
    u->max_spawn_warps = (uint64_t)simt_config_int(c, "ukernel.max_spawn_warps");
    u->max_delay = (uint64_t)simt_config_int(c, "ukernel.max_delay");
    u->reconverge = simt_config_bool(c, "ukernel.reconverge") != 0;
    u->delay = simt_config_bool(c, "ukernel.delay") != 0;
    const char *rel = simt_config_str(c, "ukernel.release");
    u->release_idle = rel && strcmp(rel, "idle") == 0;
    const char *d = simt_config_str(c, "ukernel.decide");
    u->dual = simt_config_bool(c, "sched.dual_issue") > 0;
    u->decide = d && strcmp(d, "spawn") == 0  ? UD_SPAWN
                : d && strcmp(d, "pdom") == 0 ? UD_PDOM
                                              : UD_MODEL;
    u->wcap = u->nstatic + 32 < u->cap ? u->nstatic + 32 : u->cap;
    u->w = calloc(u->wcap ? u->wcap : 1, sizeof *u->w);
    u->freelist = calloc(env->max_threads, sizeof *u->freelist);
    u->lut = calloc(u->nlut ? u->nlut : 1, sizeof *u->lut);
    u->pool = calloc(env->max_threads, sizeof *u->pool);
    u->taken = calloc(env->max_threads, sizeof *u->taken);
    u->visit = calloc(env->prog->nblocks ? env->prog->nblocks : 1, sizeof *u->visit);
    for (uint32_t pc = 0; pc < env->prog->ninsts; pc++)
        u->cta_key |= env->prog->insts[pc].iclass == SIMT_IC_BARRIER;
    if (!u->w || !u->freelist || !u->lut || !u->pool || !u->taken || !u->visit) {
        uk_destroy(u);
        return simt_seterr(SIMT_ERR_NOMEM, "policy ukernel: %u warps", u->cap);
    }
    for (uint32_t i = 0; i < env->max_threads; i++)
        u->freelist[i] = u->cap - 1 - i; /* spawned warp ids: [max_warps, cap) */
    u->nfree = env->max_threads;
    simt_stats *s = env->stats;
    u->st_groups = simt_stats_counter(s, "policy.ukernel.groups", "groups issued");
    u->st_diverge = simt_stats_counter(s, "policy.ukernel.divergences",
                                       "divergent conditional branches (diverge instructions)");
    u->st_in_func = simt_stats_counter(s, "policy.ukernel.divergences_in_function",
                                       "divergent conditional branches inside device functions "
                                       "(call depth > 0)");
    u->st_delayed =
        simt_stats_counter(s, "policy.ukernel.delayed", "warps delayed at a divergent branch");
    u->st_idle_rel = simt_stats_counter(s, "policy.ukernel.idle_releases",
                                        "delayed warps or partial warps released at SM idle");
    u->st_sched_rel =
        simt_stats_counter(s, "policy.ukernel.scheduled_releases",
                           "delayed warps released by being scheduled at their lowered priority");
    u->st_delay_cycles = simt_stats_counter(s, "policy.ukernel.delay_cycles",
                                            "cycles delayed warps waited, summed over warps");
    u->st_model_warps =
        simt_stats_counter(s, "policy.ukernel.model_warps",
                           "delayed warps at the branch seen by the model, summed over decisions");
    u->st_spawns = simt_stats_counter(s, "policy.ukernel.spawns", "threads spawned at branches");
    u->st_respawns = simt_stats_counter(s, "policy.ukernel.respawns",
                                        "threads spawned at reconverge instructions (Fig. 6.1)");
    u->st_spawn_warps =
        simt_stats_counter(s, "policy.ukernel.spawn_warps", "warps formed from spawned threads");
    u->st_lut_pdom =
        simt_stats_counter(s, "policy.ukernel.lut_pdom", "look-up-table decisions for PDOM");
    u->st_lut_spawn =
        simt_stats_counter(s, "policy.ukernel.lut_spawn", "look-up-table decisions for spawning");
    u->st_lut_full = simt_stats_counter(s, "policy.ukernel.lut_full",
                                        "divergences at branches the full table could not hold");
    u->st_limited = simt_stats_counter(s, "policy.ukernel.spawn_limited",
                                       "spawn decisions turned to PDOM by max_spawn_warps");
    simt_err e = simt_stats_check(s);
    if (e) {
        uk_destroy(u);
        return e;
    }
    *state = u;
    return SIMT_ERR_OK;
}

static simt_err uk_cta_start(void *state, uint32_t cta, uint32_t first_thread, uint32_t nthreads,
                             uint32_t first_warp, uint32_t nwarps)
{
    struct ukernel *u = state;
    uk_drain(u, u->rg_cycle);
    u->reused = u->cache_ok = false;
    SIMT_RETURN_IF(first_warp + nwarps > u->nstatic || first_thread + nthreads > u->env.max_threads,
                   SIMT_ERR_INVALID_ARG, "policy ukernel: CTA %u outside the SM's slots", cta);
    for (uint32_t k = 0; k < nwarps; k++) {
        struct uk_warp *w = &u->w[first_warp + k];
        uint32_t base = first_thread + k * u->ws;
        uint32_t n = nthreads - k * u->ws < u->ws ? nthreads - k * u->ws : u->ws;
        w->used = true;
        if (first_warp + k + 1 > u->hiwater)
            u->hiwater = first_warp + k + 1;
        w->spawned_warp = w->spawned_any = false;
        set_pending(u, w, false);
        w->nmem = n;
        for (uint32_t i = 0; i < n; i++)
            w->members[i] = base + i;
        SIMT_TRY(rs_reset(&w->rs, n == 64 ? ~0ull : (1ull << n) - 1));
        w->dirty = true;
    }
    return SIMT_ERR_OK;
}

/* --- static path length (look-up table static data) -------------------------------------- */

static uint32_t path_length(struct ukernel *u, uint32_t target, uint32_t rpc)
{
    const struct simt_program *p = u->env.prog;
    if (target >= p->ninsts || target == rpc)
        return 0;
    uint32_t stop_block = rpc < p->ninsts ? p->insts[rpc].block : NONE;
    if (p->insts[target].block == stop_block)
        return 0; /* only FREE instructions before the post-dominator's first issued one */
    uint32_t nb = p->nblocks, len = 0;
    memset(u->visit, 0, nb * sizeof u->visit[0]);
    /* depth-first over blocks from the target's block, not entering the post-dominator */
    uint32_t *stack = malloc((nb + 1) * sizeof *stack);
    if (!stack)
        return 0;
    uint32_t sp = 0, b0 = p->insts[target].block;
    stack[sp++] = b0;
    u->visit[b0] = 1;
    while (sp && len < UK_LEN_CAP) {
        uint32_t b = stack[--sp];
        const struct simt_sblock *bl = &p->blocks[b];
        uint32_t from = b == b0 ? target : bl->first_pc;
        for (uint32_t pc = from; pc < bl->first_pc + bl->ninst; pc++)
            len += p->insts[pc].iclass != SIMT_IC_FREE;
        for (uint32_t s = 0; s < bl->nsucc; s++) {
            uint32_t nbk = p->succs[bl->succ_first + s];
            if (nbk >= nb || nbk == stop_block || u->visit[nbk])
                continue;
            u->visit[nbk] = 1;
            stack[sp++] = nbk;
        }
    }
    free(stack);
    return len < UK_LEN_CAP ? len : UK_LEN_CAP;
}

static struct uk_lut *lut_get(struct ukernel *u, uint32_t pc, uint32_t depth)
{
    struct uk_lut *free_e = NULL;
    for (uint32_t i = 0; i < u->nlut; i++) {
        if (u->lut[i].used && u->lut[i].pc == pc)
            return &u->lut[i];
        if (!u->lut[i].used && !free_e)
            free_e = &u->lut[i];
    }
    if (free_e) {
        memset(free_e, 0, sizeof *free_e);
        free_e->used = true;
        free_e->pc = pc;
        free_e->depth = depth;
    }
    return free_e;
}

static int lut_find(const struct uk_lut *e, uint32_t tpc);

static int lut_target(struct ukernel *u, struct uk_lut *e, uint32_t tpc, bool add)
{
    int k0 = lut_find(e, tpc);
    if (k0 >= 0)
        return k0;
    if (!add || e->ntargets == UK_PATHS)
        return -1;
    uint32_t rpc, rd;
    reconv_point(u->env.prog, e->pc, e->depth, &rpc, &rd);
    uint32_t k = e->ntargets++;
    e->tpc[k] = tpc;
    e->len[k] = path_length(u, tpc, rpc);
    return (int)k;
}

/* --- the pool of spawned threads ---------------------------------------------------------- */

static void pool_add(struct ukernel *u, uint32_t slot, uint32_t ctx_rpc, uint32_t ctx_rdepth)
{
    const struct simt_thread *t = &u->env.threads[slot];
    if (u->npool >= u->env.max_threads)
        return; /* impossible: a thread is pooled at most once */
    u->pool[u->npool++] = (struct uk_pooled){.slot = slot,
                                             .pc = t->pc,
                                             .depth = t->depth,
                                             .ctx_rpc = ctx_rpc,
                                             .ctx_rdepth = ctx_rdepth,
                                             .cta = u->cta_key ? t->cta : 0,
                                             .ready_cycle = u->now + u->latency};
    u->pool_dirty = true;
    u->nonlocal = true;
}

/* The context a thread at (pc, depth) spawned out of warp w carries: the innermost entry of
 * w's stack, from entry `from` down, whose reconvergence point it has not reached yet
 * (thread exit if none). */
static void ctx_below(const struct uk_warp *w, int from, uint32_t pc, uint32_t depth, uint32_t *rpc,
                      uint32_t *rdepth)
{
    const struct simt_thread t = {.pc = pc, .depth = depth, .state = SIMT_TS_READY};
    for (int i = from; i >= 0; i--)
        if (!reconv_reached(&t, w->rs.e[i].rpc, w->rs.e[i].rdepth)) {
            *rpc = w->rs.e[i].rpc;
            *rdepth = w->rs.e[i].rdepth;
            return;
        }
    *rpc = SIMT_PC_EXIT;
    *rdepth = 0;
}

static bool same_key(const struct uk_pooled *a, const struct uk_pooled *b)
{
    return a->pc == b->pc && a->depth == b->depth && a->ctx_rpc == b->ctx_rpc &&
           a->ctx_rdepth == b->ctx_rdepth && a->cta == b->cta;
}

static simt_err uk_settle(struct ukernel *u, uint32_t id);

/* Makes warp ids [0, need) addressable (need <= cap). Moves u->w: take no pointer across it. */
static simt_err uk_grow(struct ukernel *u, uint32_t need)
{
    u->cache_ok = false; /* (its entries point into u->w) */
    if (need <= u->wcap)
        return SIMT_ERR_OK;
    uint32_t nc = u->wcap * 2 > need ? u->wcap * 2 : need;
    if (nc > u->cap)
        nc = u->cap;
    struct uk_warp *nw = realloc(u->w, (size_t)nc * sizeof *nw);
    if (!nw)
        return simt_seterr(SIMT_ERR_NOMEM, "policy ukernel: %u warps", nc);
    memset(nw + u->wcap, 0, (size_t)(nc - u->wcap) * sizeof *nw);
    u->w = nw;
    u->wcap = nc;
    return SIMT_ERR_OK;
}

/* Forms one warp from the available pooled threads with the key of pool[first]. */
static simt_err pool_form(struct ukernel *u, uint32_t first, uint64_t cycle)
{
    SIMT_RETURN_IF(u->nfree == 0, SIMT_ERR_INVARIANT, "policy ukernel: no free warp id");
    uint32_t id = u->freelist[u->nfree - 1];
    SIMT_TRY(uk_grow(u, id + 1));
    u->nfree--;
    struct uk_warp *w = &u->w[id];
    struct uk_pooled key = u->pool[first];
    u->cache_ok = false;
    w->nmem = 0;
    uint32_t keep = 0;
    for (uint32_t i = 0; i < u->npool; i++) {
        struct uk_pooled *p = &u->pool[i];
        if (i >= first && w->nmem < u->ws && p->ready_cycle <= cycle && same_key(p, &key))
            w->members[w->nmem++] = p->slot;
        else
            u->pool[keep++] = *p;
    }
    u->npool = keep;
    w->used = true;
    if (id + 1 > u->hiwater)
        u->hiwater = id + 1;
    w->spawned_warp = true;
    w->spawned_any = false;
    set_pending(u, w, false);
    w->dirty = true;
    uint64_t all = w->nmem == 64 ? ~0ull : (1ull << w->nmem) - 1;
    SIMT_TRY(rs_reset(&w->rs, all));
    bool at_ctx = true;
    for (uint32_t i = 0; i < w->nmem; i++)
        at_ctx &= reconv_reached(&u->env.threads[w->members[i]], key.ctx_rpc, key.ctx_rdepth);
    if (!(key.ctx_rpc == SIMT_PC_EXIT && key.ctx_rdepth == 0) && !at_ctx)
        SIMT_TRY(rs_push(&w->rs, key.ctx_rpc, key.ctx_rdepth, all));
    u->live_spawned++;
    (*u->st_spawn_warps)++;
    return SIMT_ERR_OK;
}

/* The pool entry at which pool_scan's loop (below) forms its next full warp: the first
 * available entry whose key has warp_size available threads (an earlier entry's key has fewer,
 * else that entry would come first; the loop's count from an entry onwards is its key's total
 * at the key's first entry), or NONE. One pass with a hash table of keys instead of the loop's
 * count from every entry, which is quadratic in the pool: it often holds hundreds of threads at
 * keys that never fill a warp (most of ukernel's time on the random program). `fallback` when
 * the table cannot be had. */
static uint32_t pool_first_full(struct ukernel *u, uint64_t cycle, bool *fallback)
{
    uint32_t avail = 0;
    for (uint32_t i = 0; i < u->npool && avail < u->ws; i++)
        avail += u->pool[i].ready_cycle <= cycle;
    if (avail < u->ws)
        return NONE;
    if (!u->hstamp) {
        uint32_t size = 64;
        while (size < 2 * u->env.max_threads) /* at most half full: probing ends */
            size *= 2;
        u->hstamp = calloc(size, sizeof *u->hstamp);
        u->hidx = malloc(size * sizeof *u->hidx);
        u->hcnt = malloc(size * sizeof *u->hcnt);
        if (!u->hstamp || !u->hidx || !u->hcnt) {
            free(u->hstamp);
            free(u->hidx);
            free(u->hcnt);
            u->hstamp = u->hidx = u->hcnt = NULL;
            *fallback = true;
            return NONE;
        }
        u->hmask = size - 1;
    }
    if (++u->hcur == 0) { /* wrapped: forget every old stamp */
        memset(u->hstamp, 0, (u->hmask + 1) * sizeof *u->hstamp);
        u->hcur = 1;
    }
    uint32_t first = NONE;
    for (uint32_t i = 0; i < u->npool; i++) {
        const struct uk_pooled *p = &u->pool[i];
        if (p->ready_cycle > cycle)
            continue;
        uint64_t k = ((uint64_t)p->pc * 0x9e3779b97f4a7c15ull) ^
                     ((uint64_t)p->depth * 0xc2b2ae3d27d4eb4full) ^
                     ((uint64_t)p->ctx_rpc * 0x165667b19e3779f9ull) ^
                     ((uint64_t)p->ctx_rdepth * 0x27d4eb2f165667c5ull) ^
                     ((uint64_t)p->cta * 0x94d049bb133111ebull);
        uint32_t h = (uint32_t)(k ^ k >> 29) & u->hmask;
        while (u->hstamp[h] == u->hcur && !same_key(&u->pool[u->hidx[h]], p))
            h = (h + 1) & u->hmask;
        if (u->hstamp[h] != u->hcur) {
            u->hstamp[h] = u->hcur;
            u->hidx[h] = i; /* the key's first available entry */
            u->hcnt[h] = 0;
        }
        if (++u->hcnt[h] == u->ws && u->hidx[h] < first)
            first = u->hidx[h];
    }
    return first;
}

/* Full warps wherever warp_size threads wait at one key; with `partial`, the oldest waiting key
 * forms a (possibly partial) warp. */
static simt_err pool_scan(struct ukernel *u, uint64_t cycle, bool partial)
{
    u->pool_dirty = false;
    u->pool_next = UINT64_MAX;
    for (uint32_t i = 0; i < u->npool; i++)
        if (u->pool[i].ready_cycle > cycle && u->pool[i].ready_cycle < u->pool_next)
            u->pool_next = u->pool[i].ready_cycle;
    if (!partial && !u->max_delay) {
        /* no partial or aged warp to form: the loop below forms full ones, in this order */
        bool fallback = false;
        for (uint32_t i; (i = pool_first_full(u, cycle, &fallback)) != NONE;)
            SIMT_TRY(pool_form(u, i, cycle));
        if (!fallback)
            return SIMT_ERR_OK;
    }
    for (uint32_t i = 0; i < u->npool;) {
        struct uk_pooled *p = &u->pool[i];
        if (p->ready_cycle > cycle) {
            i++;
            continue;
        }
        uint32_t n = 0;
        for (uint32_t j = i; j < u->npool && n < u->ws; j++)
            n += u->pool[j].ready_cycle <= cycle && same_key(&u->pool[j], p);
        bool aged = u->max_delay && cycle >= p->ready_cycle + u->max_delay;
        if (n >= u->ws || partial || aged) {
            SIMT_TRY(pool_form(u, i, cycle));
            if (partial)
                return SIMT_ERR_OK;
            i = 0; /* the pool was compacted */
            continue;
        }
        i++;
    }
    return SIMT_ERR_OK;
}

/* --- warps -------------------------------------------------------------------------------- */

/* Every change of a warp's pending flag, so that npending stays exact. */
static void set_pending(struct ukernel *u, struct uk_warp *w, bool p)
{
    if (w->pending != p) {
        u->npending += p ? 1u : (uint32_t)-1;
        w->pending = p;
    }
}

static void warp_free_if_empty(struct ukernel *u, uint32_t id)
{
    struct uk_warp *w = &u->w[id];
    if (w->rs.n != 0 || !w->used)
        return;
    if (id >= u->nstatic) {
        u->nonlocal = true;
        set_pending(u, w, false);
        w->used = false;
        u->freelist[u->nfree++] = id;
        u->live_spawned -= u->live_spawned ? 1 : 0;
    }
}

static bool all_at(const struct ukernel *u, const struct uk_warp *w, uint64_t mask, uint32_t rpc,
                   uint32_t rdepth, bool need_ready)
{
    for (uint64_t m = mask; m; m &= m - 1) {
        const struct simt_thread *t = &u->env.threads[w->members[__builtin_ctzll(m)]];
        if (!reconv_reached(t, rpc, rdepth))
            return false;
        if (need_ready && t->state != SIMT_TS_READY)
            return false;
    }
    return true;
}

/* Spawned threads wait in the pool at (pc, depth) (of CTA cta where spawned warps hold one). */
static bool pool_waiting(const struct ukernel *u, uint32_t pc, uint32_t depth, uint32_t cta)
{
    for (uint32_t i = 0; i < u->npool; i++)
        if (u->pool[i].pc == pc && u->pool[i].depth == depth &&
            (!u->cta_key || u->pool[i].cta == cta))
            return true;
    return false;
}

/* Spawns the live members `mask` of warp `id` (all at their next instruction) to the pool,
 * each with the context below stack entry `from`. */
static void spawn_members(struct ukernel *u, struct uk_warp *w, uint64_t mask, int from)
{
    for (uint64_t m = mask; m; m &= m - 1) {
        uint32_t slot = w->members[__builtin_ctzll(m)], cr, cd;
        const struct simt_thread *t = &u->env.threads[slot];
        ctx_below(w, from, t->pc, t->depth, &cr, &cd);
        pool_add(u, slot, cr, cd);
    }
    rs_remove(&w->rs, mask);
    w->spawned_any = true;
}

/* Pops reconverged or empty entries; applies the reconverge instruction (Fig. 6.1). */
static simt_err uk_settle(struct ukernel *u, uint32_t id)
{
    struct uk_warp *w = &u->w[id];
    const struct simt_thread *th = u->env.threads;
    while (w->rs.n > 0) {
        struct rs_entry *top = &w->rs.e[w->rs.n - 1];
        uint64_t live = rs_live_mask(th, w->members, top->mask);
        if (live != top->mask)
            rs_remove(&w->rs, top->mask & ~live);
        if (live && !all_at(u, w, live, top->rpc, top->rdepth, false))
            break;
        uint32_t R = top->rpc, Rd = top->rdepth;
        w->rs.n--;
        /* (EXIT, 0): the threads ended; (EXIT, d > 0): they returned from a function */
        if (!u->reconverge || w->rs.n == 0 || (R == SIMT_PC_EXIT && Rd == 0))
            continue;
        struct rs_entry *t = &w->rs.e[w->rs.n - 1];
        uint64_t tl = rs_live_mask(th, w->members, t->mask);
        uint32_t nlive = popcount64(tl);
        if (!tl || !all_at(u, w, tl, R, Rd, true))
            continue;
        /* a warp that lost threads (seed 004: "if any of the threads in the warp have
         * exited") always respawns; a spawned warp that is not full respawns only where
         * spawned threads already wait to be joined (else it would just wait to re-form) */
        const struct simt_thread *t0 = &th[w->members[__builtin_ctzll(tl)]];
        bool lost = w->spawned_any || (w->spawned_warp && nlive < u->ws &&
                                       pool_waiting(u, t0->pc, t0->depth, t0->cta));
        if (!lost)
            continue;
        /* reconverge instruction: spawn everyone to the PDOM location */
        spawn_members(u, w, tl, (int)w->rs.n - 1);
        *u->st_respawns += nlive;
    }
    w->dirty = true;
    warp_free_if_empty(u, id);
    return SIMT_ERR_OK;
}

static int lut_find(const struct uk_lut *e, uint32_t tpc)
{
    for (uint32_t k = 0; k < e->ntargets; k++)
        if (e->tpc[k] == tpc)
            return (int)k;
    return -1;
}

/* The performance model of the LUT entry e for the branch at (bpc, bdepth) of CTA `cta`
 * (see the file comment): true when spawning the delayed warps' threads is predicted to
 * issue fewer warp instructions than PDOM. The delayed warp `self` counts with its paths
 * `sparts` (its threads as they were at the branch: after a scheduled release, the threads
 * of the path that issued have moved on). */
static bool model_spawn(struct ukernel *u, const struct uk_lut *e, uint32_t bpc, uint32_t bdepth,
                        uint32_t cta, uint32_t self, const struct rs_part *sparts, int snp)
{
    const struct simt_thread *th = u->env.threads;
    uint64_t T[UK_PATHS] = {0}, P[UK_PATHS] = {0}, pdom = 0, spawn = 0;
    struct rs_part parts[RECONV_MAX_WARP];
    for (uint32_t i = 0; i < u->hiwater; i++) {
        const struct uk_warp *w = &u->w[i];
        if (!w->used || !w->pending || w->bpc != bpc || w->bdepth != bdepth || w->rs.n == 0 ||
            (u->cta_key && th[w->members[0]].cta != cta))
            continue;
        const struct rs_part *pp = parts;
        int np;
        if (i == self) {
            pp = sparts;
            np = snp;
        } else {
            np = rs_partition(th, w->members, w->rs.e[w->rs.n - 1].mask, parts);
        }
        (*u->st_model_warps)++;
        for (int k = 0; k < np; k++) {
            int t = lut_find(e, pp[k].pc);
            if (t < 0)
                return false; /* a path the entry has no static data for */
            T[t] += popcount64(pp[k].mask);
            pdom += e->len[t];
        }
    }
    for (uint32_t i = 0; i < u->npool; i++) {
        const struct uk_pooled *q = &u->pool[i];
        int t = q->depth == bdepth && (!u->cta_key || q->cta == cta) ? lut_find(e, q->pc) : -1;
        if (t >= 0)
            P[t]++;
    }
    for (uint32_t t = 0; t < e->ntargets; t++) {
        uint64_t extra = (T[t] + P[t] + u->ws - 1) / u->ws - (P[t] + u->ws - 1) / u->ws;
        spawn += extra * (e->len[t] + u->overhead);
    }
    return spawn < pdom;
}

/* The branching method for the delayed warp `id` whose threads sit on the paths `parts` of
 * its branch: the LUT's model (or the forced method) and the spawned-warp bound. Ends the
 * delay. */
static bool uk_choose(struct ukernel *u, uint32_t id, const struct rs_part *parts, int np)
{
    struct uk_warp *w = &u->w[id];
    struct uk_lut *e = NULL;
    for (uint32_t i = 0; i < u->nlut; i++)
        if (u->lut[i].used && u->lut[i].pc == w->bpc)
            e = &u->lut[i];
    bool spawn = false;
    if (e) {
        /* the model runs while this warp still counts among the delayed ones */
        spawn = u->decide == UD_SPAWN ||
                (u->decide == UD_MODEL &&
                 model_spawn(u, e, w->bpc, w->bdepth, u->env.threads[w->members[0]].cta, id, parts,
                             np));
        if (spawn && u->max_spawn_warps) {
            uint64_t want = u->live_spawned + (u->npool + u->ws - 1) / u->ws + (uint64_t)np;
            if (want > u->max_spawn_warps) {
                spawn = false;
                (*u->st_limited)++;
            }
        }
        if (spawn)
            (*u->st_lut_spawn)++;
        else
            (*u->st_lut_pdom)++;
    }
    set_pending(u, w, false);
    w->dirty = true;
    *u->st_delay_cycles += u->now - w->pend_cycle;
    return spawn;
}

/* Spawns the live members of warp `id` on the paths `parts` of its branch (Algorithm 3: spawn,
 * then exit): threads not at the branch's post-dominator carry it as their context, those
 * there (also those that reached it with the instruction of a scheduled release) the
 * innermost enclosing point they have not reached. */
static void uk_spawn_parts(struct ukernel *u, uint32_t id, const struct rs_part *parts, int np)
{
    struct uk_warp *w = &u->w[id];
    uint32_t rpc, rd;
    reconv_point(u->env.prog, w->bpc, w->bdepth, &rpc, &rd);
    uint64_t all = 0;
    for (int k = 0; k < np; k++) { /* pool order: path by path */
        uint64_t live = rs_live_mask(u->env.threads, w->members, parts[k].mask & ~all);
        for (uint64_t m = live; m; m &= m - 1) {
            uint32_t slot = w->members[__builtin_ctzll(m)], cr = rpc, cd = rd;
            const struct simt_thread *t = &u->env.threads[slot];
            if (reconv_reached(t, rpc, rd))
                ctx_below(w, (int)w->rs.n - 1, t->pc, t->depth, &cr, &cd);
            pool_add(u, slot, cr, cd);
        }
        all |= live;
    }
    rs_remove(&w->rs, all);
    *u->st_spawns += popcount64(all);
    w->spawned_any = true;
}

/* The delayed warp `id` is released before it issued (ukernel.release=idle, max_delay, or
 * ukernel.delay=false): choose PDOM or spawning for its branch. */
static simt_err uk_decide(struct ukernel *u, uint32_t id)
{
    struct uk_warp *w = &u->w[id];
    u->cache_ok = false;
    w->dirty = true;
    if (w->rs.n == 0) {
        set_pending(u, w, false);
        return uk_settle(u, id);
    }
    struct rs_part parts[RECONV_MAX_WARP];
    struct rs_entry *top = &w->rs.e[w->rs.n - 1];
    int np = rs_partition(u->env.threads, w->members, top->mask, parts);
    if (np < 2) { /* threads exited meanwhile: nothing diverges any more */
        set_pending(u, w, false);
        return uk_settle(u, id);
    }
    if (!uk_choose(u, id, parts, np)) {
        SIMT_TRY(rs_diverge(&w->rs, u->env.prog, w->bpc, w->bdepth, parts, np));
        return uk_settle(u, id);
    }
    uk_spawn_parts(u, id, parts, np);
    return uk_settle(u, id);
}

/* The distinct static warps of the group's threads in the order of their first appearance
 * (simt_group.warps), once per formation: the core would otherwise derive them from the thread
 * table on every check of a spawned warp's group (mum: the largest cost after the core's own
 * steps). A static warp's group lies in one static warp, the first thread's. */
static void uk_form_warps(const struct ukernel *u, struct uk_warp *w)
{
    const struct simt_thread *th = u->env.threads;
    w->gnw = 0;
    if (!w->gn)
        return;
    if (!w->spawned_warp) {
        w->gwarps[w->gnw++] = th[w->gslots[0]].warp;
        return;
    }
    uint64_t seen = 0;
    for (uint32_t i = 0; i < w->gn; i++) {
        uint32_t sw = th[w->gslots[i]].warp;
        if (sw >= 64) { /* (more static warps than a mask holds: the core derives them) */
            w->gnw = 0;
            return;
        }
        if (!(seen >> sw & 1)) {
            seen |= 1ull << sw;
            w->gwarps[w->gnw++] = sw;
        }
    }
}

/* The group a delayed warp is offered with at its lowered priority: the path PDOM would run
 * first (rs_diverge's top: the first part, in rs_partition's order, that is not at the
 * post-dominator). Scheduling it releases the warp (uk_issued). */
static void uk_form_pending(struct ukernel *u, struct uk_warp *w)
{
    struct rs_part parts[RECONV_MAX_WARP];
    w->dirty = false;
    w->gn = 0;
    w->gmask = 0;
    w->gwhole = false;
    int np = rs_partition(u->env.threads, w->members, w->rs.e[w->rs.n - 1].mask, parts);
    uint32_t rpc, rd;
    reconv_point(u->env.prog, w->bpc, w->bdepth, &rpc, &rd);
    for (int k = 0; k < np; k++) {
        const struct simt_thread at = {
            .pc = parts[k].pc, .depth = parts[k].depth, .state = SIMT_TS_READY};
        if (reconv_reached(&at, rpc, rd))
            continue;
        for (uint64_t m = parts[k].mask; m; m &= m - 1) {
            int i = __builtin_ctzll(m);
            if (u->env.threads[w->members[i]].state != SIMT_TS_READY)
                continue;
            w->gslots[w->gn] = w->members[i];
            w->glanes[w->gn] = w->spawned_warp
                                   ? (uint8_t)i
                                   : (uint8_t)home_pos(u->env.threads[w->members[i]].lane, u->ws);
            w->gn++;
            w->gmask |= 1ull << i;
        }
        w->gpc = parts[k].pc;
        w->gdepth = parts[k].depth;
        break;
    }
    uk_form_warps(u, w);
}

/* The scheduler picked the delayed warp `id` at its lowered priority (seed 004 6.2.1: "when
 * there are no eligible warps to be issued, the oldest diverging warp is allowed to be
 * scheduled. Once released the warp checks the performance model"). The group g (the path
 * PDOM runs first) has issued and its threads moved on. Sets *done when the warp spawned
 * (nothing of g is left to account); else the warp continues as PDOM with g on top. */
static simt_err uk_release_scheduled(struct ukernel *u, uint32_t id, const struct simt_group *g,
                                     bool *done)
{
    struct uk_warp *w = &u->w[id];
    const struct simt_thread *th = u->env.threads;
    *done = false;
    (*u->st_sched_rel)++;
    uint64_t top = w->rs.e[w->rs.n - 1].mask, gm = w->gmask & top;
    /* the paths as they were at the branch: g's threads at g's pc, then the others */
    struct rs_part parts[RECONV_MAX_WARP], rest[RECONV_MAX_WARP];
    int nr = rs_partition(th, w->members, top & ~gm, rest), np = 0;
    parts[np++] = (struct rs_part){.pc = g->pc, .depth = g->depth, .mask = gm};
    for (int k = 0; k < nr && np < RECONV_MAX_WARP; k++)
        parts[np++] = rest[k];
    bool barrier = false;
    for (uint64_t m = gm; m; m &= m - 1)
        barrier |= th[w->members[__builtin_ctzll(m)]].state == SIMT_TS_BARRIER;
    bool spawn = uk_choose(u, id, parts, np);
    if (spawn && barrier) { /* a thread g took into a barrier cannot be spawned: PDOM */
        spawn = false;
        (*u->st_lut_spawn)--;
        (*u->st_lut_pdom)++;
    }
    if (!spawn)
        return rs_diverge(&w->rs, u->env.prog, w->bpc, w->bdepth, parts, np);
    uk_spawn_parts(u, id, parts, np);
    *done = true;
    return uk_settle(u, id);
}

static void uk_form_group(struct ukernel *u, struct uk_warp *w)
{
    uint8_t idx[RECONV_MAX_WARP];
    w->dirty = false;
    w->gn = rs_ready(&w->rs, u->env.threads, w->members, w->gslots, idx, &w->gpc, &w->gdepth);
    /* (for uk_issue, which would otherwise reach into the stack for it after every issue; the
     * stack stays as it is while the group stays formed) */
    w->gwhole = w->rs.n && popcount64(w->rs.e[w->rs.n - 1].mask) == w->gn;
    for (uint32_t i = 0; i < w->gn; i++)
        w->glanes[i] =
            w->spawned_warp ? idx[i] : (uint8_t)home_pos(u->env.threads[w->gslots[i]].lane, u->ws);
    uk_form_warps(u, w);
}

/* Writes *o, whole, as the group ready() and ready_group() offer for warp id. Field by field
 * into *o after zeroing it, not a compound literal copied in: GCC builds such a literal on the
 * stack with narrow stores and copies it with wide loads, which stall on store forwarding (a
 * sixth of ukernel's time in ready_group on mum). */
static void uk_group(const struct ukernel *u, const struct uk_warp *w, uint32_t id, int32_t prio,
                     struct simt_group *o)
{
    *o = (struct simt_group){0};
    o->id = id;
    o->pc = w->gpc;
    o->depth = w->gdepth;
    o->nthreads = w->gn;
    o->threads = w->gslots;
    o->lanes = w->glanes;
    o->priority = prio;
    o->sched = u->env.nschedulers > 1 ? id % u->env.nschedulers : 0;
    o->one_warp = !w->spawned_warp;
    o->warps = w->gnw ? w->gwarps : NULL;
    o->nwarps = w->gnw;
}

static simt_err uk_release_oldest(struct ukernel *u)
{
    uint32_t best = NONE;
    if (!u->npending) /* (most idle cycles: no warp to look for) */
        return SIMT_ERR_NOT_FOUND;
    for (uint32_t i = 0; i < u->hiwater; i++)
        if (u->w[i].used && u->w[i].pending &&
            (best == NONE || u->w[i].pend_seq < u->w[best].pend_seq))
            best = i;
    if (best == NONE)
        return SIMT_ERR_NOT_FOUND;
    return uk_decide(u, best);
}

/* ready()'s answer when the cache is right but for the stale entries of warps issued since
 * (ukernel.release=idle, no max_delay): each such warp, in id order, gets its entry rebuilt in
 * place - what the loop of uk_ready() would write at that position (a non-delayed warp has
 * priority 0). False, with the cache left for that loop to rebuild, if a stale warp would
 * leave the answer or was not in it (the other entries would move). */
static bool uk_patch_cache(struct ukernel *u)
{
    for (uint32_t i = 0; i < u->hiwater && u->nstale; i++) {
        struct uk_warp *w = &u->w[i];
        if (!w->cstale)
            continue;
        if (w->cpos >= u->ncache || u->cache[w->cpos].id != i || !w->used || w->rs.n == 0 ||
            w->pending)
            return false;
        if (w->dirty)
            uk_form_group(u, w);
        if (!w->gn)
            return false;
        uk_group(u, w, i, 0, &u->cache[w->cpos]);
        w->cstale = false;
        u->nstale--;
    }
    return u->nstale == 0;
}

static int uk_ready(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    struct ukernel *u = state;
    uk_drain(u, u->rg_cycle);
    if (u->post_err)
        return -1; /* (the core reports it; issued() returns it with its message) */
    bool cached = u->cache_ok && !u->nonlocal && !u->nstale;
    /* only the issued warps' entries are stale (the dual-issue presets, whose core asks
     * ready() after every issue): patched in place below, as ready_group() would */
    bool patch = u->cache_ok && !u->nonlocal && u->nstale && u->release_idle && !u->max_delay;
    u->reused = u->nonlocal = false;
    u->now = cycle;
    if (u->max_delay)
        for (uint32_t i = 0; i < u->hiwater; i++)
            if (u->w[i].used && u->w[i].pending && cycle >= u->w[i].pend_cycle + u->max_delay)
                (void)uk_decide(u, i);
    if (u->npool && (u->pool_dirty || u->max_delay || cycle >= u->pool_next))
        (void)pool_scan(u, cycle, false);
    if (cached && u->cache_ok && u->ncache <= (uint32_t)cap) {
        /* nothing changed since the answer the core holds (typically: an idle() that did
         * nothing); the loop below would rebuild it entry for entry */
        if (u->ncache)
            memcpy(out, u->cache, u->ncache * sizeof *out);
        u->last_ready = (int)u->ncache;
        return (int)u->ncache;
    }
    if (patch && u->cache_ok && u->ncache <= (uint32_t)cap && uk_patch_cache(u)) {
        if (u->ncache)
            memcpy(out, u->cache, u->ncache * sizeof *out);
        u->last_ready = (int)u->ncache;
        return (int)u->ncache;
    }
    uint64_t oldest = UINT64_MAX;
    if (!u->release_idle)
        for (uint32_t i = 0; i < u->hiwater; i++)
            if (u->w[i].used && u->w[i].pending && u->w[i].pend_seq < oldest)
                oldest = u->w[i].pend_seq;
    int n = 0;
    for (uint32_t i = 0; i < u->hiwater; i++) { /* no warp's entry is stale after this */
        u->w[i].cstale = false;
        u->w[i].cpos = NONE;
    }
    u->nstale = 0;
    for (uint32_t i = 0; i < u->hiwater && n < cap; i++) {
        struct uk_warp *w = &u->w[i];
        if (!w->used || w->rs.n == 0 || (w->pending && u->release_idle))
            continue;
        if (w->dirty) {
            if (w->pending)
                uk_form_pending(u, w);
            else
                uk_form_group(u, w);
        }
        if (!w->gn)
            continue;
        /* a delayed warp issues only when no other group can (seed 004 6.2.1: "changing the
         * warp schedule priority to a lower value"); the oldest first */
        int32_t prio = 0;
        if (w->pending) {
            uint64_t age = w->pend_seq - oldest;
            prio = UK_PRIO_DELAYED - (int32_t)(age < (1u << 24) ? age : (1u << 24));
        }
        uk_group(u, w, i, prio, &out[n++]);
        w->cpos = (uint32_t)n - 1;
    }
    u->last_ready = n;
    u->cache_ok = false;
    if ((uint32_t)n > u->ccap) {
        struct simt_group *c = realloc(u->cache, u->wcap * sizeof *c);
        if (!c)
            return n; /* (the cache is only a shortcut) */
        u->cache = c;
        u->ccap = u->wcap;
    }
    if (n)
        memcpy(u->cache, out, (size_t)n * sizeof *out);
    u->ncache = (uint32_t)n;
    u->cache_ok = true;
    return n;
}

/* The issue of g at cycle u->now (uk_issued, or uk_drain for a postponed one). Any change
 * beyond g's own stack and group sets u->nonlocal (see uk_ready_group). */
static simt_err uk_issue(struct ukernel *u, const struct simt_group *g)
{
    struct uk_warp *w = &u->w[g->id];
    (*u->st_groups)++;
    /* w->gslots are g's threads, formed from the stack as it is (not a delayed warp's path) */
    const bool formed = !w->dirty && !w->pending;
    w->dirty = true;
    if (!w->cstale) {
        w->cstale = true;
        u->nstale++;
    }
    uint64_t ic = g->issue_cycles ? g->issue_cycles : u->ws / u->env.simd_width;
    if (u->now + ic > u->busy_until)
        u->busy_until = u->now + ic;
    if (w->pending) {
        u->nonlocal = true; /* a scheduled release: the delayed set and priorities change */
        bool done;
        SIMT_TRY(uk_release_scheduled(u, g->id, g, &done));
        if (done)
            return SIMT_ERR_OK;
        w = &u->w[g->id];
    }
    /* A straight-line instruction (reconv_straight) issued by the whole top entry, every
     * thread of it READY: they are all at its next instruction now, still READY, one part (the
     * partition below would find nothing to do), and none can have reached a reconvergence
     * point (uk_settle would pop nothing, remove nothing). The group is the same threads at
     * the new pc, in the same order: what rs_ready() would rebuild (pdom.c keeps its group
     * the same way). */
    if (formed && w->gwhole && w->gn == g->nthreads && reconv_straight(u->env.prog, g->pc)) {
        const struct simt_thread *t0 = &u->env.threads[w->gslots[0]];
        w->gpc = t0->pc;
        w->gdepth = t0->depth;
        w->dirty = t0->state != SIMT_TS_READY; /* (cannot happen: then form it anew) */
        return SIMT_ERR_OK;
    }
    const uint64_t topm = w->rs.e[w->rs.n - 1].mask;
    struct rs_part parts[RECONV_MAX_WARP];
    int np = rs_partition(u->env.threads, w->members, topm, parts);
    const struct simt_sinst *in = g->pc < u->env.prog->ninsts ? &u->env.prog->insts[g->pc] : NULL;
    bool cond = in && in->iclass == SIMT_IC_BRANCH && (in->flags & SIMT_IF_COND);
    bool ret = in && in->iclass == SIMT_IC_RET;
    if (np > 1 && (cond || (ret && w->spawned_warp)))
        u->nonlocal = true; /* delay, spawn, LUT: beyond this warp's entry */
    if (np > 1 && ret && w->spawned_warp) {
        /* threads of a spawned warp returned to different call sites: each is spawned to its
         * return site, with its context (see the file comment) */
        uint64_t all = 0;
        for (int k = 0; k < np; k++)
            all |= parts[k].mask;
        spawn_members(u, w, all, (int)w->rs.n - 1);
        *u->st_respawns += popcount64(all);
        return uk_settle(u, g->id);
    }
    if (np > 1 && cond && g->depth > 0)
        (*u->st_in_func)++;
    if (np > 1 && cond) {
        (*u->st_diverge)++;
        struct uk_lut *e = lut_get(u, g->pc, g->depth);
        if (!e) {
            (*u->st_lut_full)++;
            SIMT_TRY(rs_diverge(&w->rs, u->env.prog, g->pc, g->depth, parts, np));
            return uk_settle(u, g->id);
        }
        for (int k = 0; k < np; k++)
            (void)lut_target(u, e, parts[k].pc, true); /* static data of new targets */
        set_pending(u, w, true);
        w->bpc = g->pc;
        w->bdepth = g->depth;
        w->pend_cycle = u->now;
        w->pend_seq = u->pend_seq++;
        if (!u->delay)
            return uk_decide(u, g->id);
        (*u->st_delayed)++;
        return SIMT_ERR_OK;
    }
    if (np > 1)
        SIMT_TRY(rs_diverge(&w->rs, u->env.prog, g->pc, g->depth, parts, np));
    /* The whole top entry (the group was formed from it: its first member leads it) issued and
     * moved on together, every thread READY (live, and no barrier parked it): if the settle
     * below pops nothing and changes no mask, rs_ready() would give the same threads in the
     * same order at their new pc, so the group stays formed (as in the straight-line case
     * above; mostly uniform branches, calls and returns). */
    const bool keep = formed && np == 1 && w->gwhole && w->gn == g->nthreads &&
                      parts[0].mask == topm && w->gslots[0] == w->members[__builtin_ctzll(topm)] &&
                      in && in->iclass != SIMT_IC_BARRIER;
    const uint32_t n0 = w->rs.n;
    SIMT_TRY(uk_settle(u, g->id));
    if (keep && w->rs.n == n0 && w->rs.e[n0 - 1].mask == topm) {
        w->gpc = parts[0].pc;
        w->gdepth = parts[0].depth;
        w->dirty = false;
    }
    return SIMT_ERR_OK;
}

/* Issues whose cycle was unknown (uk_issued) are applied at the next call into the policy,
 * before anything else: the core's thread table has not changed since (the issue round
 * calls only issued() and then ready_group()). */
static void uk_drain(struct ukernel *u, uint64_t cycle)
{
    if (!u->npost)
        return;
    u->now = cycle;
    for (uint32_t i = 0; i < u->npost && !u->post_err; i++)
        u->post_err = uk_issue(u, &u->post[i]);
    u->npost = 0;
}

static simt_err uk_issued(void *state, const struct simt_group *g)
{
    struct ukernel *u = state;
    if (u->post_err)
        return u->post_err;
    SIMT_RETURN_IF(g->id >= u->wcap || !u->w[g->id].used || u->w[g->id].rs.n == 0,
                   SIMT_ERR_INVARIANT, "policy ukernel: issued unknown group %u", g->id);
    /* After ready_group() answered 1 the core may issue from the refreshed answer at a later
     * step without calling ready() (local_issue); ready(cycle) would have set u->now to that
     * step's cycle first. The cycle is learnt from the ready_group() call that follows the
     * issues of the step, so the issue waits for it (uk_drain). */
    if (u->reused && u->npost < sizeof u->post / sizeof u->post[0]) {
        u->post[u->npost++] = *g;
        return SIMT_ERR_OK;
    }
    return uk_issue(u, g);
}

/* local_issue: the group of warp `id` as ready() would offer it, valid as long as issues
 * change only their own warp's entry. -1 (ask ready()) after an issue that changed more
 * (u->nonlocal: delays, spawns, a freed warp), while ready() would change its answer with
 * time alone (spawned threads that become available, ukernel.max_delay), for a delayed warp
 * offered at a priority that depends on the others (ukernel.release=schedule), and with dual
 * issue (there the core reuses an answer within a step in ways that would change which cycle
 * the policy sees, so it keeps asking ready() as before). */
static int uk_ready_group(void *state, uint64_t cycle, uint32_t id, struct simt_group *out)
{
    struct ukernel *u = state;
    uk_drain(u, cycle);
    u->rg_cycle = cycle;
    u->reused = false;
    if (u->dual || u->max_delay || u->post_err || u->nonlocal ||
        (u->npool && (u->pool_dirty || u->pool_next != UINT64_MAX)))
        return -1;
    if (id >= u->hiwater)
        return 0;
    struct uk_warp *w = &u->w[id];
    if (!w->used || w->rs.n == 0 || (w->pending && u->release_idle))
        return 0;
    if (w->pending)
        return -1;
    if (w->dirty)
        uk_form_group(u, w);
    if (!w->gn)
        return 0;
    uk_group(u, w, id, 0, out);
    if (w->cstale) { /* the core patches its answer in place: so does the cache */
        if (w->cpos < u->ncache && u->cache[w->cpos].id == id)
            uk_group(u, w, id, 0, &u->cache[w->cpos]); /* (not a copy of *out: see uk_group) */
        else
            u->cache_ok = false;
        w->cstale = false;
        u->nstale--;
    }
    u->reused = true;
    return 1;
}

static void uk_released(void *state, const uint32_t *threads, uint32_t n)
{
    struct ukernel *u = state;
    uk_drain(u, u->rg_cycle);
    u->reused = u->cache_ok = false;
    /* a released thread's warp is not known from the slot (spawned warps): refresh all */
    for (uint32_t i = 0; i < u->hiwater; i++)
        if (u->w[i].used)
            u->w[i].dirty = true;
}

/* idle() once the SM would idle (uk_idle_act): release the oldest delayed warp, else form a
 * partial warp from the pool. Returns whether it did either. Kept out of line: most idle()
 * calls end before it, and inlined it would make every call pay for its registers. */
static __attribute__((noinline)) bool uk_idle_release(struct ukernel *u, uint64_t cycle)
{
    /* ukernel.release=schedule: the delayed warps were offered at their lowered priority and
     * could not issue either, so they stay delayed (the seed releases a warp by scheduling
     * it); the fallback below only runs if none of them had a group to offer */
    if ((u->release_idle || u->last_ready == 0) && uk_release_oldest(u) == SIMT_ERR_OK) {
        (*u->st_idle_rel)++;
        return true;
    }
    if (u->npool) {
        uint32_t before = u->npool;
        (void)pool_scan(u, cycle, true);
        *u->st_idle_rel += u->npool != before;
        return true;
    }
    return false;
}

/* idle() itself; returns whether it did anything beyond noting the cycle */
static inline bool uk_idle_act(struct ukernel *u, uint64_t cycle)
{
    bool drained = u->npost != 0;
    if (drained)
        uk_drain(u, u->rg_cycle);
    u->reused = false;
    u->now = cycle;
    /* The core calls idle() whenever nothing issued, also while the SIMD unit is still fed
     * by the last group (warp_size / simd_width cycles per warp, seed 000 4.3). The SM would
     * idle (seed 004 6.2.1: "no eligible warps") only once that is over, or when no group is
     * offered at all. */
    if (u->last_ready > 0 && cycle <= u->busy_until)
        return drained;
    return uk_idle_release(u, cycle) || drained;
}

static void uk_idle(void *state, uint64_t cycle)
{
    (void)uk_idle_act(state, cycle);
}

/* idle_quiet (simt_policy.h): most idle() calls fall while the SIMD unit is still busy and
 * change nothing; then uk_ready() would return its cache (the core's answer) as it is. true
 * only when idle() did nothing and uk_ready(cycle) would take that shortcut with no
 * time-driven work before it (ukernel.max_delay decisions, a pool scan that is due); the
 * state uk_ready() would leave is set here. */
static bool uk_idle_quiet(void *state, uint64_t cycle)
{
    struct ukernel *u = state;
    if (uk_idle_act(u, cycle) || u->post_err || !u->cache_ok || u->nonlocal || u->nstale ||
        u->max_delay || (u->npool && (u->pool_dirty || cycle >= u->pool_next)))
        return false;
    u->last_ready = (int)u->ncache; /* (what uk_ready sets; now and reused are set above) */
    return true;
}

const struct simt_policy_ops simt_policy_ukernel = {
    .name = "ukernel",
    .description = "dynamic micro-kernels: spawn diverged threads into new warps, per-SM LUT "
                   "performance model, PDOM fallback (seed 004 ch. 6)",
    .params = uk_params,
    .create = uk_create,
    .destroy = uk_destroy,
    .cta_start = uk_cta_start,
    .ready = uk_ready,
    .issued = uk_issued,
    .released = uk_released,
    .idle = uk_idle,
    .ready_group = uk_ready_group,
    .local_issue = true, /* see uk_ready_group */
    .idle_quiet = uk_idle_quiet,
    .ready_whole = true, /* zeroed whole by uk_group, or the cache's copies */
};
