/*
 * template.c - a divergence policy to copy (after SQLite's ext/misc/templatevtab.c).
 *
 * It builds, registers as "template" and passes the policy smoke tests unchanged. The scheme
 * it implements is the simplest correct one that still reconverges: per static warp, issue
 * the READY threads that share the deepest call depth and, among those, the lowest pc - the
 * stack-less min(SP:PC) arbitration of seed 002 section 3 (Collange), which needs no state
 * beyond the core's thread table. Threads at a barrier simply wait; the others go on.
 *
 * To write a policy of your own:
 *   (1) Make a copy of this file, e.g. policies/mypolicy.c.
 *   (2) Rename every "template" / "tpl_" to your policy's name, including the ops table
 *       `template_ops` at the bottom and its .name (the --policy NAME).
 *   (3) Add your parameters to tpl_params[] (section = your policy's name; see
 *       timing/simt_config.h) and read them in tpl_create() with simt_config_*(env->config, ..).
 *   (4) Register counters in tpl_create() with simt_stats_counter(env->stats, "policy.NAME.x",
 *       "what it counts") and update them through the returned pointers.
 *   (5) Replace the grouping in tpl_ready() and keep your state current in tpl_issued(),
 *       tpl_released() and tpl_cta_start()/tpl_cta_end(). Read the rules for the core in
 *       policies/simt_policy.h (the core zeroes out[], may issue several groups of one
 *       ready() answer, checks that every thread issues its own next instruction once).
 *       If your groups span warps or issuing one group can change another, delete
 *       tpl_ready_group() and .local_issue (the core then asks ready() after every issue);
 *       a pool of tens of groups of which few have the top priority may answer in tiers
 *       (.ready_first / .ready_rest, as policies/dwf.c does).
 *   (6) Add SIMT_POLICY(mypolicy_ops) to policies/extra_policies.def and the source to
 *       policies/extra_policies.cmake (list(APPEND SIMT_POLICY_SOURCES ...)).
 *   (7) Rebuild and run `ctest -R policy.smoke`: the smoke tests iterate over every
 *       registered policy, so yours is tested at once.
 */
#include <stdlib.h>

#include "simt_config.h"
#include "simt_policy.h"
#include "simt_stats.h"

#define TPL_NONE 0xffffffffu

/* (3) Parameters: one entry per key, the table ends with a NULL key. */
static const struct simt_param_desc tpl_params[] = {
    {"template.max_group", SIMT_PT_INT, "0", 0, 64, NULL,
     "template policy: issue at most this many threads per group (0 = no limit)"},
    {NULL, 0, NULL, 0, 0, NULL, NULL},
};

struct tpl {
    const struct simt_policy_env *env;
    uint32_t max_group;
    uint8_t *warp_live;  /* static warps with a resident CTA */
    uint32_t *groups;    /* per warp: warp_size thread slots (the arrays handed to the core) */
    uint64_t *st_groups; /* (4) a counter */
};

static simt_err tpl_create(const struct simt_policy_env *env, void **state)
{
    struct tpl *t = calloc(1, sizeof *t);
    if (!t)
        return simt_seterr(SIMT_ERR_NOMEM, "template: out of memory");
    t->env = env;
    t->max_group = (uint32_t)simt_config_int(env->config, "template.max_group");
    t->warp_live = calloc(env->max_warps ? env->max_warps : 1, 1);
    t->groups = calloc((size_t)env->max_warps * env->warp_size + 1, sizeof *t->groups);
    t->st_groups = simt_stats_counter(env->stats, "policy.template.groups",
                                      "groups built (by ready() or ready_group())");
    if (!t->warp_live || !t->groups || !t->st_groups) {
        free(t->warp_live);
        free(t->groups);
        free(t);
        return simt_seterr(SIMT_ERR_NOMEM, "template: out of memory");
    }
    *state = t;
    return SIMT_ERR_OK;
}

static void tpl_destroy(void *state)
{
    struct tpl *t = state;
    if (!t)
        return;
    free(t->warp_live);
    free(t->groups);
    free(t);
}

static simt_err tpl_cta_start(void *state, uint32_t cta, uint32_t first_thread, uint32_t nthreads,
                              uint32_t first_warp, uint32_t nwarps)
{
    struct tpl *t = state;
    for (uint32_t w = first_warp; w < first_warp + nwarps; w++)
        t->warp_live[w] = 1;
    return SIMT_ERR_OK;
}

static void tpl_cta_end(void *state, uint32_t cta)
{
    struct tpl *t = state;
    for (uint32_t w = 0; w < t->env->max_warps; w++)
        if (t->warp_live[w] && t->env->threads[w * t->env->warp_size].cta == cta)
            t->warp_live[w] = 0;
}

/* (5) The grouping (see (5) above): per warp, the READY threads at min(SP:PC) = deepest depth,
 * lowest pc. Fills *out with warp w's group and returns 1, or 0 if none of its threads is READY. */
static int tpl_warp_group(struct tpl *t, uint32_t w, struct simt_group *out)
{
    const struct simt_policy_env *env = t->env;
    if (!t->warp_live[w])
        return 0;
    const struct simt_thread *th = &env->threads[w * env->warp_size];
    uint32_t pc = TPL_NONE, depth = 0;
    for (uint32_t i = 0; i < env->warp_size; i++)
        if (th[i].state == SIMT_TS_READY &&
            (pc == TPL_NONE || th[i].depth > depth || (th[i].depth == depth && th[i].pc < pc)))
            pc = th[i].pc, depth = th[i].depth;
    if (pc == TPL_NONE)
        return 0;
    uint32_t *g = &t->groups[(size_t)w * env->warp_size], gn = 0;
    for (uint32_t i = 0; i < env->warp_size; i++)
        if (th[i].state == SIMT_TS_READY && th[i].pc == pc && th[i].depth == depth &&
            (t->max_group == 0 || gn < t->max_group))
            g[gn++] = w * env->warp_size + i;
    *out = (struct simt_group){.id = w,
                               .pc = pc,
                               .depth = depth,
                               .nthreads = gn,
                               .threads = g,
                               .sched = w % env->nschedulers,
                               .one_warp = true};
    (*t->st_groups)++;
    return 1;
}

static int tpl_ready(void *state, uint64_t cycle, struct simt_group *out, int cap)
{
    struct tpl *t = state;
    int n = 0;
    for (uint32_t w = 0; w < t->env->max_warps && n < cap; w++)
        n += tpl_warp_group(t, w, &out[n]);
    return n;
}

/* Optional, for speed: the same answer for one group. Issuing warp w moves only w's
 * threads, so only w's group changes (.local_issue below): the core then asks this instead
 * of ready() after each issue. A policy whose groups span warps must not promise that. */
static int tpl_ready_group(void *state, uint64_t cycle, uint32_t id, struct simt_group *out)
{
    struct tpl *t = state;
    return id < t->env->max_warps && tpl_warp_group(t, id, out);
}

static simt_err tpl_issued(void *state, const struct simt_group *g)
{
    return SIMT_ERR_OK; /* stateless: the next ready() reads the threads' new pcs */
}

const struct simt_policy_ops template_ops = {
    .name = "template",
    .description = "copy-me example: per warp, min(SP:PC) grouping (seed 002 section 3)",
    .params = tpl_params,
    .create = tpl_create,
    .destroy = tpl_destroy,
    .cta_start = tpl_cta_start,
    .cta_end = tpl_cta_end,
    .ready = tpl_ready,
    .issued = tpl_issued,
    .ready_group = tpl_ready_group,
    .local_issue = true,
};
