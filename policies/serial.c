/*
 * serial.c - "serial": divergence without reconvergence, the lower bound (seed 000, Jin,
 * section 3.5, Fig. 3.7(a)): once a warp's threads take different paths, each fragment runs
 * to the end of the kernel on its own, even where the paths meet again. A fragment is the set
 * of threads of one static warp with the same path history; it splits at every divergence and
 * never merges. Threads at a barrier stay in their fragment and come back READY.
 * A fragment's group id is the slot of its lowest thread (stable until it splits).
 */
#include <stdlib.h>

#include "reconv.h"
#include "simt_stats.h"

struct serial {
    struct simt_policy_env env;
    uint64_t *mask;  /* max_threads: fragment members by lane, indexed by head slot; 0 = none */
    uint64_t *heads; /* max_warps: bit i = slot warp * warp_size + i heads a fragment */
    uint32_t *slots; /* max_threads: groups of the last ready() */
    uint64_t *st_groups, *st_splits;
};

static simt_err serial_create(const struct simt_policy_env *env, void **state)
{
    SIMT_TRY(policy_check_geometry(env, "serial"));
    struct serial *s = calloc(1, sizeof *s);
    if (!s)
        return simt_seterr(SIMT_ERR_NOMEM, "policy serial: state");
    s->env = *env;
    s->mask = calloc(env->max_threads, sizeof *s->mask);
    s->slots = calloc(env->max_threads, sizeof *s->slots);
    s->heads = calloc(env->max_warps ? env->max_warps : 1, sizeof *s->heads);
    if (!s->mask || !s->slots || !s->heads)
        goto out_nomem;
    s->st_groups = simt_stats_counter(env->stats, "policy.serial.groups", "groups issued");
    s->st_splits = simt_stats_counter(env->stats, "policy.serial.splits",
                                      "fragments split by divergence (never merged again)");
    simt_err e = simt_stats_check(env->stats);
    if (e) {
        free(s->mask);
        free(s->slots);
        free(s->heads);
        free(s);
        return e;
    }
    *state = s;
    return SIMT_ERR_OK;
out_nomem:
    free(s->mask);
    free(s->slots);
    free(s->heads);
    free(s);
    return simt_seterr(SIMT_ERR_NOMEM, "policy serial: %u threads", env->max_threads);
}

static void serial_destroy(void *state)
{
    struct serial *s = state;
    if (!s)
        return;
    free(s->mask);
    free(s->slots);
    free(s->heads);
    free(s);
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
        s->mask[base] = n == 64 ? ~0ull : (1ull << n) - 1; /* bits relative to the head */
        s->heads[base / ws] |= 1ull << (base % ws);
    }
    return SIMT_ERR_OK;
}

/* members of the fragment headed by `head` are slots head + bit */
static int serial_ready(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    struct serial *s = state;
    const struct simt_thread *th = s->env.threads;
    uint32_t nr = 0;
    int n = 0;
    uint32_t ws = s->env.warp_size;
    for (uint32_t w = 0; w < s->env.max_warps && n < cap; w++)
        for (uint64_t hm = s->heads[w]; hm && n < cap; hm &= hm - 1) {
            uint32_t h = w * ws + (uint32_t)__builtin_ctzll(hm);
            if (!s->mask[h])
                continue;
            uint32_t start = nr, pc = 0, depth = 0;
            for (uint64_t m = s->mask[h]; m; m &= m - 1) {
                uint32_t slot = h + (uint32_t)__builtin_ctzll(m);
                const struct simt_thread *t = &th[slot];
                if (t->state != SIMT_TS_READY)
                    continue;
                if (nr == start) {
                    pc = t->pc;
                    depth = t->depth;
                } else if (t->pc != pc || t->depth != depth) {
                    continue;
                }
                s->slots[nr++] = slot;
            }
            if (nr == start)
                continue;
            out[n++] = (struct simt_group){.id = h,
                                           .pc = pc,
                                           .depth = depth,
                                           .nthreads = nr - start,
                                           .threads = s->slots + start,
                                           .sched = th[h].warp % s->env.nschedulers,
                                           .one_warp = true};
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
    uint32_t members[RECONV_MAX_WARP];
    for (uint32_t i = 0; i < RECONV_MAX_WARP; i++)
        members[i] = h + i < s->env.max_threads ? h + i : h;
    struct rs_part parts[RECONV_MAX_WARP];
    int np = rs_partition(s->env.threads, members, s->mask[h], parts);
    uint32_t ws = s->env.warp_size;
    s->mask[h] = 0;
    s->heads[h / ws] &= ~(1ull << (h % ws));
    *s->st_splits += np > 1;
    for (int k = 0; k < np; k++) {
        uint32_t off = (uint32_t)__builtin_ctzll(parts[k].mask);
        s->mask[h + off] = parts[k].mask >> off;
        s->heads[(h + off) / ws] |= 1ull << ((h + off) % ws);
    }
    return SIMT_ERR_OK;
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
};
