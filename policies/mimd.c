/*
 * mimd.c - "mimd": every thread is independent; the upper bound on SIMD efficiency for any
 * divergence scheme. Idealisations, on purpose (docs/POLICIES.md):
 *   - a group ("mixed") holds threads at different PCs and even call depths; the core issues
 *     it as one instruction record per issue class of its threads (each memory kind and
 *     space, fences, the rest), so every thread's memory access reaches the memory stage as
 *     what it is, while the group counts as one warp instruction;
 *   - mimd.scope=sm (default): every cycle the SM's READY threads are packed, in slot order,
 *     into groups of warp_size threads regardless of static warp, CTA or home lane, on lanes
 *     0..n-1 (an ideal crossbar: no register-bank conflicts). So every group is full while
 *     the SM has warp_size READY threads. Group ids are chunk indices (< max_warps) and change
 *     meaning every cycle;
 *   - mimd.scope=warp: each static warp issues all its READY threads at once (home lanes),
 *     the per-warp MIMD bound used in the DWF literature.
 */
#include <stdlib.h>
#include <string.h>

#include "reconv.h"
#include "simt_config.h"
#include "simt_stats.h"

static const struct simt_param_desc mimd_params[] = {
    {.key = "mimd.scope",
     .type = SIMT_PT_ENUM,
     .def = "sm",
     .choices = "sm|warp",
     .help = "pack READY threads SM-wide into full groups (sm) or per static warp (warp)"},
    {.key = NULL},
};

struct mimd {
    struct simt_policy_env env;
    bool per_warp;
    uint32_t *slots; /* max_threads: the READY slots in slot order (the groups of ready()) */
    uint32_t nslots; /* valid unless `stale` */
    bool stale;      /* a thread may have become READY or left READY since slots[] was made */
    uint8_t *lanes;  /* max_threads: i % warp_size */
    uint64_t *live;  /* max_threads bits: the thread may be READY (set by cta_start and released,
                        cleared when an issue leaves it EXITED or at a barrier): ready() visits
                        only these instead of every slot of the SM on each call */
    uint64_t *st_groups;
};

static simt_err mimd_create(const struct simt_policy_env *env, void **state)
{
    SIMT_TRY(policy_check_geometry(env, "mimd"));
    struct mimd *m = calloc(1, sizeof *m);
    if (!m)
        return simt_seterr(SIMT_ERR_NOMEM, "policy mimd: state");
    m->env = *env;
    const char *scope = simt_config_str(env->config, "mimd.scope");
    m->per_warp = scope && strcmp(scope, "warp") == 0;
    m->slots = calloc(env->max_threads, sizeof *m->slots);
    m->lanes = calloc(env->max_threads, sizeof *m->lanes);
    m->live = calloc(env->max_threads / 64 + 1, sizeof *m->live);
    if (!m->slots || !m->lanes || !m->live) {
        free(m->slots);
        free(m->lanes);
        free(m->live);
        free(m);
        return simt_seterr(SIMT_ERR_NOMEM, "policy mimd: %u threads", env->max_threads);
    }
    for (uint32_t i = 0; i < env->max_threads; i++)
        m->lanes[i] = (uint8_t)(i % env->warp_size);
    m->st_groups = simt_stats_counter(env->stats, "policy.mimd.groups", "groups issued");
    simt_err e = simt_stats_check(env->stats);
    if (e) {
        free(m->slots);
        free(m->lanes);
        free(m->live);
        free(m);
        return e;
    }
    *state = m;
    return SIMT_ERR_OK;
}

static void mimd_destroy(void *state)
{
    struct mimd *m = state;
    if (!m)
        return;
    free(m->slots);
    free(m->lanes);
    free(m->live);
    free(m);
}

static simt_err mimd_cta_start(void *state, uint32_t cta, uint32_t first_thread, uint32_t nthreads,
                               uint32_t first_warp, uint32_t nwarps)
{
    struct mimd *m = state;
    SIMT_RETURN_IF(first_thread + nthreads > m->env.max_threads, SIMT_ERR_INVALID_ARG,
                   "policy mimd: CTA %u outside the SM's slots", cta);
    for (uint32_t i = first_thread; i < first_thread + nthreads; i++)
        m->live[i / 64] |= 1ull << (i % 64);
    m->stale = true;
    return SIMT_ERR_OK;
}

/* READY slots in slot order into m->slots (those of the live bitmap whose state says so). An
 * issue usually leaves every issued thread READY (at its next instruction): the list is then
 * the same, only the groups' pcs move, so it is rebuilt only when it may have changed. */
static uint32_t mimd_collect(struct mimd *m)
{
    if (!m->stale)
        return m->nslots;
    const struct simt_thread *th = m->env.threads;
    uint32_t nr = 0;
    for (uint32_t k = 0; k <= (m->env.max_threads - 1) / 64; k++)
        for (uint64_t b = m->live[k]; b; b &= b - 1) {
            uint32_t i = k * 64 + (uint32_t)__builtin_ctzll(b);
            if (th[i].state == SIMT_TS_READY)
                m->slots[nr++] = i;
        }
    m->nslots = nr;
    m->stale = false;
    return nr;
}

static int mimd_ready(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    struct mimd *m = state;
    const struct simt_thread *th = m->env.threads;
    uint32_t ws = m->env.warp_size, nr = m->env.max_threads ? mimd_collect(m) : 0;
    int n = 0;
    if (m->per_warp) {
        /* each static warp with READY threads (slots [w * ws, w * ws + ws)), in warp order */
        for (uint32_t start = 0, end; start < nr && n < cap; start = end) {
            uint32_t w = m->slots[start] / ws;
            for (end = start + 1; end < nr && m->slots[end] / ws == w;)
                end++;
            if (w >= m->env.max_warps)
                break;
            out[n++] = (struct simt_group){.id = w,
                                           .pc = th[m->slots[start]].pc,
                                           .depth = th[m->slots[start]].depth,
                                           .nthreads = end - start,
                                           .threads = m->slots + start,
                                           .lanes = NULL,
                                           .sched = w % m->env.nschedulers,
                                           .mixed = true,
                                           .one_warp = true};
        }
        return n;
    }
    for (uint32_t start = 0; start < nr && n < cap; start += ws) {
        uint32_t k = nr - start < ws ? nr - start : ws;
        out[n] = (struct simt_group){.id = (uint32_t)n,
                                     .pc = th[m->slots[start]].pc,
                                     .depth = th[m->slots[start]].depth,
                                     .nthreads = k,
                                     .threads = m->slots + start,
                                     .lanes = m->lanes, /* 0..k-1 */
                                     .sched = (uint32_t)n % m->env.nschedulers,
                                     .mixed = true};
        n++;
    }
    return n;
}

static simt_err mimd_issued(void *state, const struct simt_group *g)
{
    struct mimd *m = state;
    (*m->st_groups)++;
    for (uint32_t i = 0; i < g->nthreads; i++) {
        uint32_t t = g->threads[i];
        if (t < m->env.max_threads && m->env.threads[t].state != SIMT_TS_READY) {
            m->live[t / 64] &= ~(1ull << (t % 64));
            m->stale = true;
        }
    }
    return SIMT_ERR_OK;
}

static void mimd_released(void *state, const uint32_t *threads, uint32_t n)
{
    struct mimd *m = state;
    for (uint32_t i = 0; i < n; i++)
        if (threads[i] < m->env.max_threads)
            m->live[threads[i] / 64] |= 1ull << (threads[i] % 64);
    m->stale = true;
}

const struct simt_policy_ops simt_policy_mimd = {
    .name = "mimd",
    .description = "every thread independent (mixed-PC groups): the upper bound",
    .params = mimd_params,
    .create = mimd_create,
    .destroy = mimd_destroy,
    .cta_start = mimd_cta_start,
    .ready = mimd_ready,
    .issued = mimd_issued,
    .released = mimd_released,
    .ready_whole = true, /* compound literals */
};
