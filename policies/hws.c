/*
 * hws.c - "pdom-hws": the hybrid warp size mechanism on the PDOM stack (seed 000, Jin,
 * chapter 4). Grouping is PDOM's (a reconvergence stack per static warp, section 3.5); what
 * HWS changes is the shape of each issued group:
 *   - squeeze (4.1, Fig. 4.2/4.3, appendix A): the active threads are moved, lane-preserving,
 *     into as few quarter-warps (simd_width lanes each) as possible (squeeze.c);
 *   - warp scaling (4.2, appendix C): the group's size is its number of non-empty quarters;
 *   - flexible issue (4.3, Fig. 4.4): a group with k active quarters occupies the SIMD unit k
 *     cycles (simt_group.issue_cycles = k; lanes[] = positions after the squeeze).
 * The squeeze is recomputed per issue from the home lanes: at reconvergence the converged warp
 * has consecutive thread ids again (4.2, last paragraph).
 *
 * Cross-SM synchronisation (4.2, step 3, appendix C "force a synchronization to all the SMs")
 * was a limit of the seed's simulator, not part of the mechanism; it is available as the
 * option hws.sync_sms (off by default): every SM publishes the largest scaled size among its
 * standby groups in an object shared by all SMs (ops.shared_create), and every group then
 * issues for the largest size published by any SM.
 */
#include <stdlib.h>
#include <string.h>

#include "reconv.h"
#include "simt_config.h"
#include "simt_stats.h"
#include "squeeze.h"

static const struct simt_param_desc hws_params[] = {
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

struct hws_warp {
    struct rstack rs;
    uint32_t members[RECONV_MAX_WARP];
    uint32_t nmem;
    bool dirty;
    bool whole; /* the cached group is every member of the top stack entry */
    /* the group cached since the last change */
    uint32_t gn, gpc, gdepth, gq, gmoves;
    uint32_t gslots[RECONV_MAX_WARP];
    uint8_t glanes[RECONV_MAX_WARP];
};

struct hws {
    struct simt_policy_env env;
    uint32_t ws, simd, nq;
    bool sync, do_squeeze;
    struct hws_sync *sh;
    struct hws_warp *w;
    uint64_t *st_groups, *st_squeezes, *st_moves, *st_saved, *st_diverge, *st_qhist;
};

static simt_err hws_create(const struct simt_policy_env *env, void **state)
{
    SIMT_TRY(policy_check_geometry(env, "pdom-hws"));
    struct hws *h = calloc(1, sizeof *h);
    if (!h)
        return simt_seterr(SIMT_ERR_NOMEM, "policy pdom-hws: state");
    h->env = *env;
    h->ws = env->warp_size;
    h->simd = env->simd_width;
    h->nq = h->ws / h->simd;
    h->sync = simt_config_bool(env->config, "hws.sync_sms") != 0;
    h->do_squeeze = simt_config_bool(env->config, "hws.squeeze") != 0;
    h->sh = env->shared;
    h->w = calloc(env->max_warps ? env->max_warps : 1, sizeof *h->w);
    if (!h->w) {
        free(h);
        return simt_seterr(SIMT_ERR_NOMEM, "policy pdom-hws: %u warps", env->max_warps);
    }
    simt_stats *s = env->stats;
    h->st_groups = simt_stats_counter(s, "policy.pdom-hws.groups", "groups issued");
    h->st_squeezes = simt_stats_counter(s, "policy.pdom-hws.squeezes",
                                        "issued groups whose threads the squeeze moved");
    h->st_moves = simt_stats_counter(s, "policy.pdom-hws.moves", "threads moved by squeezes");
    h->st_saved = simt_stats_counter(s, "policy.pdom-hws.cycles_saved",
                                     "issue cycles saved by warp scaling (vs full warps)");
    h->st_diverge = simt_stats_counter(s, "policy.pdom-hws.divergences", "divergent issues");
    h->st_qhist =
        simt_stats_histogram(s, "policy.pdom-hws.issue_cycles",
                             "issued groups by issue cycles (active quarter-warps)", h->nq + 1);
    simt_err e = simt_stats_check(s);
    if (e) {
        free(h->w);
        free(h);
        return e;
    }
    *state = h;
    return SIMT_ERR_OK;
}

static void hws_destroy(void *state)
{
    struct hws *h = state;
    if (!h)
        return;
    for (uint32_t i = 0; i < h->env.max_warps; i++)
        rs_free(&h->w[i].rs);
    free(h->w);
    free(h);
}

static simt_err hws_cta_start(void *state, uint32_t cta, uint32_t first_thread, uint32_t nthreads,
                              uint32_t first_warp, uint32_t nwarps)
{
    struct hws *h = state;
    SIMT_RETURN_IF(first_warp + nwarps > h->env.max_warps ||
                       first_thread + nthreads > h->env.max_threads,
                   SIMT_ERR_INVALID_ARG, "policy pdom-hws: CTA %u outside the SM's slots", cta);
    for (uint32_t k = 0; k < nwarps; k++) {
        struct hws_warp *w = &h->w[first_warp + k];
        uint32_t base = first_thread + k * h->ws;
        uint32_t n = nthreads - k * h->ws < h->ws ? nthreads - k * h->ws : h->ws;
        w->nmem = n;
        for (uint32_t i = 0; i < n; i++)
            w->members[i] = base + i;
        SIMT_TRY(rs_reset(&w->rs, n == 64 ? ~0ull : (1ull << n) - 1));
        w->dirty = true;
    }
    return SIMT_ERR_OK;
}

static void hws_form(struct hws *h, struct hws_warp *w)
{
    uint8_t idx[RECONV_MAX_WARP];
    w->dirty = false;
    w->gn = rs_ready(&w->rs, h->env.threads, w->members, w->gslots, idx, &w->gpc, &w->gdepth);
    w->whole = false;
    if (!w->gn)
        return;
    uint64_t top = w->rs.e[w->rs.n - 1].mask;
    w->whole = (top >> idx[0] & 1) && w->gn == popcount64(top);
    int32_t occ[RECONV_MAX_WARP];
    for (uint32_t p = 0; p < h->ws; p++)
        occ[p] = -1;
    for (uint32_t i = 0; i < w->gn; i++)
        occ[home_pos(h->env.threads[w->gslots[i]].lane, h->ws)] = (int32_t)i;
    w->gmoves = h->do_squeeze ? squeeze(occ, h->ws, h->simd) : 0;
    for (uint32_t p = 0; p < h->ws; p++)
        if (occ[p] >= 0)
            w->glanes[occ[p]] = (uint8_t)p;
    w->gq = squeeze_quarters(occ, h->ws, h->simd);
}

/* Warp i's group into *out (issue cycles before any cross-SM synchronisation); 0 if none. */
static int hws_group(struct hws *h, uint32_t i, struct simt_group *out)
{
    struct hws_warp *w = &h->w[i];
    if (w->rs.n == 0)
        return 0;
    if (w->dirty)
        hws_form(h, w);
    if (!w->gn)
        return 0;
    *out = (struct simt_group){
        .id = i,
        .pc = w->gpc,
        .depth = w->gdepth,
        .nthreads = w->gn,
        .threads = w->gslots,
        .lanes = w->glanes,
        .issue_cycles = w->gq,
        .priority = 0,
        .sched = i % h->env.nschedulers,
        .one_warp = true,
    };
    return 1;
}

static int hws_ready(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    struct hws *h = state;
    int n = 0;
    uint32_t qmax = 0;
    for (uint32_t i = 0; i < h->env.max_warps && n < cap; i++)
        if (hws_group(h, i, &out[n])) {
            if (out[n].issue_cycles > qmax)
                qmax = out[n].issue_cycles;
            n++;
        }
    if (h->sync && h->sh && h->env.sm_id < h->sh->nsms) {
        uint32_t all = hws_sync_publish(h->sh, h->env.sm_id, qmax);
        for (int k = 0; k < n; k++)
            out[k].issue_cycles = all;
    }
    return n;
}

/* One group per static warp, and issuing warp i changes only warp i's group (local_issue),
 * except under hws.sync_sms, where every group's issue cycles depend on all groups: -1 then
 * makes the core ask ready(). */
static int hws_ready_group(void *state, uint64_t cycle, uint32_t id, struct simt_group *out)
{
    struct hws *h = state;
    if (h->sync)
        return -1;
    return id < h->env.max_warps && hws_group(h, id, out);
}

static simt_err hws_issued(void *state, const struct simt_group *g)
{
    struct hws *h = state;
    SIMT_RETURN_IF(g->id >= h->env.max_warps || h->w[g->id].rs.n == 0, SIMT_ERR_INVARIANT,
                   "policy pdom-hws: issued unknown group %u", g->id);
    struct hws_warp *w = &h->w[g->id];
    uint32_t cyc = g->issue_cycles ? g->issue_cycles : h->nq;
    (*h->st_groups)++;
    *h->st_squeezes += w->gmoves > 0;
    *h->st_moves += w->gmoves;
    *h->st_saved += cyc < h->nq ? h->nq - cyc : 0;
    h->st_qhist[cyc < h->nq ? cyc : h->nq]++;
    if (!w->dirty && w->whole && g->nthreads == w->gn && reconv_straight(h->env.prog, g->pc)) {
        /* the whole top entry issued a straight-line instruction: the stack, the threads, their
         * lanes and quarters stay; the group just moves to the next instruction (what
         * rs_after_issue and hws_form would find, without their scans and the squeeze) */
        const struct simt_thread *t = &h->env.threads[w->gslots[0]];
        if (t->state == SIMT_TS_READY) {
            w->gpc = t->pc;
            w->gdepth = t->depth;
            return SIMT_ERR_OK;
        }
    }
    uint32_t nd = 0;
    SIMT_TRY(rs_after_issue(&w->rs, h->env.prog, h->env.threads, w->members, g->pc, g->depth, &nd));
    *h->st_diverge += nd;
    w->dirty = true;
    return SIMT_ERR_OK;
}

static void hws_released(void *state, const uint32_t *threads, uint32_t n)
{
    struct hws *h = state;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t wi = h->env.threads[threads[i]].warp;
        if (wi < h->env.max_warps)
            h->w[wi].dirty = true;
    }
}

const struct simt_policy_ops simt_policy_pdom_hws = {
    .name = "pdom-hws",
    .description = "PDOM stack + hybrid warp size: lane-aware squeeze, quarter-warp scaling, "
                   "flexible issue (Jin 2012, ch. 4)",
    .params = hws_params,
    .shared_create = hws_sync_create,
    .shared_destroy = hws_sync_destroy,
    .create = hws_create,
    .destroy = hws_destroy,
    .cta_start = hws_cta_start,
    .ready = hws_ready,
    .issued = hws_issued,
    .released = hws_released,
    .ready_group = hws_ready_group,
    .local_issue = true,
};
