/*
 * serial.c - "serial": divergence without reconvergence, the lower bound (seed 000, Jin,
 * section 3.5, Fig. 3.7(a)): once a warp's threads take different paths, each fragment runs
 * to the end of the kernel on its own, even where the paths meet again. A fragment is the set
 * of threads of one static warp with the same path history; it splits at every divergence and
 * never merges. Threads at a barrier stay in their fragment and come back READY.
 * A fragment's group id is the slot of its lowest thread (stable until it splits).
 *
 * Cost: every fragment caches its group (the READY members at the pc/depth of its first READY
 * member), recomputed only when the fragment's threads change (issued, released, cta_start);
 * ready() walks a bitmap of fragments with a group, so it costs O(groups offered), not
 * O(threads) per call. An issue that leaves its fragment whole (no split, no exit: most of
 * them) skips the partition and only recomputes the group, whose slot list is rebuilt only
 * when its members change.
 */
#include <stdlib.h>

#include "reconv.h"
#include "simt_stats.h"

struct serial {
    struct simt_policy_env env;
    uint64_t *mask;  /* max_threads: fragment members by lane, indexed by head slot; 0 = none */
    uint64_t *heads; /* max_warps: bit i = slot warp * warp_size + i heads a fragment */
    uint64_t *rmask; /* max_threads, by head: READY members at gpc/gdepth (0 = no group) */
    uint32_t *gpc, *gdepth; /* max_threads, by head: the cached group's instruction */
    uint32_t *head;         /* max_threads: head slot of each thread's fragment */
    uint64_t *rheads;       /* max_warps: bit i = head warp * warp_size + i has a group */
    uint64_t *rwarps;       /* bit w: rheads[w] != 0 */
    uint32_t *gslots;      /* max_threads * warp_size: the cached group's slots, at head * warp_size
                              (written before read: left uninitialised) */
    uint32_t *gn, *gsched; /* max_threads, by head: the cached group's size and scheduler */
    uint64_t *st_groups, *st_splits;
    int nonlocal; /* an issue since the last ready() split or re-headed a fragment */
};

static void serial_free(struct serial *s)
{
    free(s->mask);
    free(s->heads);
    free(s->rmask);
    free(s->gpc);
    free(s->gdepth);
    free(s->head);
    free(s->rheads);
    free(s->rwarps);
    free(s->gslots);
    free(s->gn);
    free(s->gsched);
    free(s);
}

static simt_err serial_create(const struct simt_policy_env *env, void **state)
{
    SIMT_TRY(policy_check_geometry(env, "serial"));
    struct serial *s = calloc(1, sizeof *s);
    if (!s)
        return simt_seterr(SIMT_ERR_NOMEM, "policy serial: state");
    s->env = *env;
    s->mask = calloc(env->max_threads, sizeof *s->mask);
    s->heads = calloc(env->max_warps ? env->max_warps : 1, sizeof *s->heads);
    s->rmask = calloc(env->max_threads, sizeof *s->rmask);
    s->gpc = calloc(env->max_threads, sizeof *s->gpc);
    s->gdepth = calloc(env->max_threads, sizeof *s->gdepth);
    s->head = calloc(env->max_threads, sizeof *s->head);
    s->rheads = calloc(env->max_warps ? env->max_warps : 1, sizeof *s->rheads);
    s->rwarps = calloc(env->max_warps / 64 + 1, sizeof *s->rwarps);
    s->gslots = malloc(((size_t)env->max_threads * env->warp_size + 1) * sizeof *s->gslots);
    s->gn = calloc(env->max_threads, sizeof *s->gn);
    s->gsched = calloc(env->max_threads, sizeof *s->gsched);
    if (!s->mask || !s->heads || !s->rmask || !s->gpc || !s->gdepth || !s->head || !s->rheads ||
        !s->rwarps || !s->gslots || !s->gn || !s->gsched)
        goto out_nomem;
    s->st_groups = simt_stats_counter(env->stats, "policy.serial.groups", "groups issued");
    s->st_splits = simt_stats_counter(env->stats, "policy.serial.splits",
                                      "fragments split by divergence (never merged again)");
    simt_err e = simt_stats_check(env->stats);
    if (e) {
        serial_free(s);
        return e;
    }
    *state = s;
    return SIMT_ERR_OK;
out_nomem:
    serial_free(s);
    return simt_seterr(SIMT_ERR_NOMEM, "policy serial: %u threads", env->max_threads);
}

static void serial_destroy(void *state)
{
    if (state)
        serial_free(state);
}

/* The cached group of the fragment headed by h becomes members r (relative to h) at pc/depth. */
static void serial_set_group(struct serial *s, uint32_t h, uint64_t r, uint32_t pc, uint32_t depth)
{
    uint32_t ws = s->env.warp_size;
    if (r != s->rmask[h]) { /* the slot list is a function of (h, r): rebuilt when r changes */
        uint32_t n = 0, *g = s->gslots + (size_t)h * ws;
        for (uint64_t m = r; m; m &= m - 1)
            g[n++] = h + (uint32_t)__builtin_ctzll(m);
        s->gn[h] = n;
        s->rmask[h] = r;
    }
    s->gpc[h] = pc;
    s->gdepth[h] = depth;
    s->gsched[h] = s->env.threads[h].warp % s->env.nschedulers;
    uint32_t w = h / ws;
    if (r)
        s->rheads[w] |= 1ull << (h % ws);
    else
        s->rheads[w] &= ~(1ull << (h % ws));
    if (s->rheads[w])
        s->rwarps[w / 64] |= 1ull << (w % 64);
    else
        s->rwarps[w / 64] &= ~(1ull << (w % 64));
}

/* Recomputes the cached group of the fragment headed by h: its READY members at the pc/depth
 * of its first READY member (in slot order). */
static void serial_refresh(struct serial *s, uint32_t h)
{
    const struct simt_thread *th = s->env.threads;
    uint64_t r = 0;
    uint32_t pc = 0, depth = 0;
    for (uint64_t m = s->mask[h]; m; m &= m - 1) {
        uint32_t b = (uint32_t)__builtin_ctzll(m);
        const struct simt_thread *t = &th[h + b];
        if (t->state != SIMT_TS_READY)
            continue;
        if (!r) {
            pc = t->pc;
            depth = t->depth;
        } else if (t->pc != pc || t->depth != depth) {
            continue;
        }
        r |= 1ull << b;
    }
    serial_set_group(s, h, r, pc, depth);
}

/* A new fragment headed by h with members `mask` (relative to h). */
static void serial_set_fragment(struct serial *s, uint32_t h, uint64_t mask)
{
    s->mask[h] = mask;
    s->heads[h / s->env.warp_size] |= 1ull << (h % s->env.warp_size);
    for (uint64_t m = mask; m; m &= m - 1)
        s->head[h + (uint32_t)__builtin_ctzll(m)] = h;
    serial_refresh(s, h);
}

static simt_err serial_cta_start(void *state, uint32_t cta, uint32_t first_thread,
                                 uint32_t nthreads, uint32_t first_warp, uint32_t nwarps)
{
    struct serial *s = state;
    uint32_t ws = s->env.warp_size;
    SIMT_RETURN_IF(first_thread + nthreads > s->env.max_threads, SIMT_ERR_INVALID_ARG,
                   "policy serial: CTA %u outside the SM's slots", cta);
    for (uint32_t k = 0; k < nwarps; k++) {
        uint32_t base = first_thread + k * ws;
        uint32_t n = nthreads - k * ws < ws ? nthreads - k * ws : ws;
        serial_set_fragment(s, base, n == 64 ? ~0ull : (1ull << n) - 1); /* bits from head */
    }
    return SIMT_ERR_OK;
}

/* The cached group of the fragment headed by h (rmask[h] != 0) into *o, every field (the
 * policy is ready_whole). Field by field: a compound literal was built on the stack and
 * copied, and the copy's wide loads over its narrow stores stalled store forwarding (a sixth
 * of serial's time in ready()). */
static void serial_group(const struct serial *s, uint32_t h, struct simt_group *o)
{
    o->id = h;
    o->pc = s->gpc[h];
    o->depth = s->gdepth[h];
    o->nthreads = s->gn[h];
    o->threads = s->gslots + (size_t)h * s->env.warp_size;
    o->lanes = NULL;
    o->issue_cycles = 0;
    o->priority = 0;
    o->sched = s->gsched[h];
    o->mixed = false;
    o->one_warp = true;
    o->warps = NULL;
    o->nwarps = 0;
}

/* members of the fragment headed by `head` are slots head + bit; groups in head-slot order */
static int serial_ready(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    (void)cycle;
    struct serial *s = state;
    int n = 0;
    uint32_t ws = s->env.warp_size;
    s->nonlocal = 0;
    for (uint32_t k = 0; k <= s->env.max_warps / 64 && n < cap; k++)
        for (uint64_t wm = s->rwarps[k]; wm && n < cap; wm &= wm - 1) {
            uint32_t w = k * 64 + (uint32_t)__builtin_ctzll(wm);
            for (uint64_t hm = s->rheads[w]; hm && n < cap; hm &= hm - 1) {
                serial_group(s, w * ws + (uint32_t)__builtin_ctzll(hm), &out[n++]);
            }
        }
    return n;
}

static simt_err serial_issued(void *state, const struct simt_group *g)
{
    struct serial *s = state;
    SIMT_RETURN_IF(g->id >= s->env.max_threads || !s->mask[g->id], SIMT_ERR_INVARIANT,
                   "policy serial: issued unknown group %u", g->id);
    (*s->st_groups)++;
    uint32_t h = g->id;
    /* the usual case: every member still runs (READY or at a barrier) and all went on to one
     * (pc, depth) - what the partition below would find as one part holding the whole
     * fragment, which then comes back unchanged: only its cached group is recomputed */
    const struct simt_thread *th = s->env.threads, *t0 = &th[h];
    int whole = 1;
    uint64_t r = 0; /* then the group: the READY members, all at t0's pc/depth */
    for (uint64_t m = s->mask[h]; m && whole; m &= m - 1) {
        uint32_t b = (uint32_t)__builtin_ctzll(m);
        const struct simt_thread *t = &th[h + b];
        whole = (t->state == SIMT_TS_READY || t->state == SIMT_TS_BARRIER) && t->pc == t0->pc &&
                t->depth == t0->depth;
        r |= (uint64_t)(t->state == SIMT_TS_READY) << b;
    }
    if (whole) {
        serial_set_group(s, h, r, r ? t0->pc : 0, r ? t0->depth : 0);
        return SIMT_ERR_OK;
    }
    uint32_t members[RECONV_MAX_WARP];
    for (uint32_t i = 0; i < RECONV_MAX_WARP; i++)
        members[i] = h + i < s->env.max_threads ? h + i : h;
    struct rs_part parts[RECONV_MAX_WARP];
    int np = rs_partition(th, members, s->mask[h], parts);
    uint32_t ws = s->env.warp_size;
    s->mask[h] = 0;
    s->heads[h / ws] &= ~(1ull << (h % ws));
    s->rmask[h] = 0;
    s->rheads[h / ws] &= ~(1ull << (h % ws));
    if (!s->rheads[h / ws])
        s->rwarps[h / ws / 64] &= ~(1ull << (h / ws % 64));
    *s->st_splits += np > 1;
    if (np != 1 || (parts[0].mask & 1) == 0)
        s->nonlocal = 1; /* fragments appear or the head moves: not a local change */
    for (int k = 0; k < np; k++) {
        uint32_t off = (uint32_t)__builtin_ctzll(parts[k].mask);
        serial_set_fragment(s, h + off, parts[k].mask >> off);
    }
    return SIMT_ERR_OK;
}

/* The group of fragment `id` as ready() would offer it. Issuing a fragment that neither
 * splits nor loses its head changes only its own entry (local_issue); after any other issue
 * the answer is -1 until the next ready(). */
static int serial_ready_group(void *state, uint64_t cycle, uint32_t id, struct simt_group *out)
{
    (void)cycle;
    struct serial *s = state;
    if (s->nonlocal)
        return -1;
    if (id >= s->env.max_threads || !s->rmask[id])
        return 0;
    serial_group(s, id, out);
    return 1;
}

static void serial_released(void *state, const uint32_t *threads, uint32_t n)
{
    struct serial *s = state;
    for (uint32_t i = 0; i < n; i++)
        if (threads[i] < s->env.max_threads && s->mask[s->head[threads[i]]])
            serial_refresh(s, s->head[threads[i]]);
}

const struct simt_policy_ops simt_policy_serial = {
    .name = "serial",
    .description = "no reconvergence: diverged paths run to the end separately (lower bound)",
    .params = NULL,
    .create = serial_create,
    .destroy = serial_destroy,
    .cta_start = serial_cta_start,
    .ready = serial_ready,
    .issued = serial_issued,
    .released = serial_released,
    .ready_group = serial_ready_group,
    .local_issue = true,
    .ready_whole = true, /* serial_group() sets every field */
};
