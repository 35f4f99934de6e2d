/*
 * pdriver.c - the functional stand-in for the timing core (pdriver.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdriver.h"
#include "simt_config.h"
#include "simt_stats.h"

#define NOLABEL 0xffffffffu

/* --- program builder ---------------------------------------------------------------------- */

void pb_init(struct pb *b)
{
    memset(b, 0, sizeof *b);
    b->cur_block = NOLABEL;
}

uint32_t pb_label(struct pb *b)
{
    b->label_block[b->nlabels] = NOLABEL;
    return b->nlabels++;
}

void pb_func(struct pb *b)
{
    b->funcs[b->nfuncs++] = (struct simt_sfunc){.name = 0, .first_block = b->nblocks};
}

void pb_block(struct pb *b, uint32_t label)
{
    uint32_t id = b->nblocks++;
    b->blocks[id] = (struct simt_sblock){
        .func = b->nfuncs - 1, .first_pc = b->ninsts, .ninst = 0, .ipdom = SIMT_NO_BLOCK};
    b->succ_label[id][0] = b->succ_label[id][1] = NOLABEL;
    b->reconv_label[id] = NOLABEL;
    b->funcs[b->nfuncs - 1].nblocks++;
    if (label != NOLABEL)
        b->label_block[label] = id;
    b->cur_block = id;
}

uint32_t pb_op(struct pb *b, uint8_t iclass)
{
    uint32_t pc = b->ninsts++;
    b->insts[pc] = (struct simt_sinst){
        .block = b->cur_block, .iclass = iclass, .callee = SIMT_NO_FUNC, .reconv_pc = SIMT_PC_EXIT};
    b->blocks[b->cur_block].ninst++;
    return pc;
}

uint32_t pb_br(struct pb *b, uint32_t target)
{
    uint32_t pc = pb_op(b, SIMT_IC_BRANCH);
    b->succ_label[b->cur_block][0] = target;
    b->blocks[b->cur_block].nsucc = 1;
    return pc;
}

uint32_t pb_cbr(struct pb *b, uint32_t t, uint32_t f, uint32_t reconv)
{
    uint32_t pc = pb_op(b, SIMT_IC_BRANCH);
    b->insts[pc].flags |= SIMT_IF_COND;
    b->succ_label[b->cur_block][0] = t;
    b->succ_label[b->cur_block][1] = f;
    b->reconv_label[b->cur_block] = reconv;
    b->blocks[b->cur_block].nsucc = 2;
    return pc;
}

uint32_t pb_call(struct pb *b, uint32_t func)
{
    uint32_t pc = pb_op(b, SIMT_IC_CALL);
    b->insts[pc].callee = func;
    return pc;
}

uint32_t pb_label_pc(const struct pb *b, uint32_t label)
{
    return b->blocks[b->label_block[label]].first_pc;
}

const struct simt_program *pb_finish(struct pb *b)
{
    b->nsuccs = 0;
    for (uint32_t i = 0; i < b->nblocks; i++) {
        struct simt_sblock *bl = &b->blocks[i];
        bl->succ_first = b->nsuccs;
        for (uint32_t s = 0; s < bl->nsucc; s++)
            b->succs[b->nsuccs++] = b->label_block[b->succ_label[i][s]];
        if (b->reconv_label[i] != NOLABEL) {
            uint32_t rb = b->label_block[b->reconv_label[i]];
            bl->ipdom = rb;
            b->insts[bl->first_pc + bl->ninst - 1].reconv_pc = b->blocks[rb].first_pc;
        }
    }
    b->prog = (struct simt_program){.kernel_name = "k",
                                    .source_file = "",
                                    .nfuncs = b->nfuncs,
                                    .nblocks = b->nblocks,
                                    .ninsts = b->ninsts,
                                    .nsuccs = b->nsuccs,
                                    .strings_size = 1,
                                    .funcs = b->funcs,
                                    .blocks = b->blocks,
                                    .insts = b->insts,
                                    .succs = b->succs,
                                    .strings = b->strings,
                                    .nregs = 0};
    return &b->prog;
}

/* --- scripts ------------------------------------------------------------------------------- */

#define MAX_STEPS 200000
#define MAX_CALLS 256

static int script_build(const struct simt_program *p, pd_decide_fn decide, void *ctx, uint32_t cta,
                        uint32_t tid, struct pd_script *s, char *err, size_t errsz)
{
    uint32_t cap = 64, n = 0, depth = 0, sp = 0;
    uint32_t stack[MAX_CALLS];
    uint32_t *visits = calloc(p->ninsts, sizeof *visits);
    s->pc = malloc(cap * sizeof *s->pc);
    s->depth = malloc(cap * sizeof *s->depth);
    if (!visits || !s->pc || !s->depth)
        goto fail;
    uint32_t pc = p->blocks[p->funcs[0].first_block].first_pc;
    for (uint32_t steps = 0;; steps++) {
        if (steps > MAX_STEPS || pc >= p->ninsts) {
            snprintf(err, errsz, "script: thread %u runs away at pc %u", tid, pc);
            goto fail;
        }
        const struct simt_sinst *in = &p->insts[pc];
        if (in->iclass != SIMT_IC_FREE) {
            if (n == cap) {
                cap *= 2;
                uint32_t *a = realloc(s->pc, cap * sizeof *a);
                if (!a)
                    goto fail;
                s->pc = a;
                a = realloc(s->depth, cap * sizeof *a);
                if (!a)
                    goto fail;
                s->depth = a;
            }
            s->pc[n] = pc;
            s->depth[n++] = depth;
        }
        const struct simt_sblock *bl = &p->blocks[in->block];
        switch (in->iclass) {
        case SIMT_IC_BRANCH: {
            uint32_t succ = 0;
            if (in->flags & SIMT_IF_COND)
                succ = decide(ctx, cta, tid, pc, visits[pc]++) % bl->nsucc;
            pc = p->blocks[p->succs[bl->succ_first + succ]].first_pc;
            break;
        }
        case SIMT_IC_CALL:
            if (sp == MAX_CALLS)
                goto fail;
            stack[sp++] = pc + 1;
            depth++;
            pc = p->blocks[p->funcs[in->callee].first_block].first_pc;
            break;
        case SIMT_IC_RET:
            if (sp == 0)
                goto fail;
            pc = stack[--sp];
            depth--;
            break;
        case SIMT_IC_EXIT:
            s->n = n;
            free(visits);
            return 0;
        default:
            pc++;
        }
    }
fail:
    if (!err[0])
        snprintf(err, errsz, "script: thread %u: out of memory or bad program", tid);
    free(visits);
    free(s->pc);
    free(s->depth);
    s->pc = s->depth = NULL;
    return -1;
}

/* --- the SM loop ---------------------------------------------------------------------------- */

static uint64_t fnv(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 1099511628211ull;
    }
    return h;
}

double pd_efficiency(const struct pd_result *r, uint32_t warp_size)
{
    return r->groups ? (double)r->active_sum / ((double)r->groups * warp_size) : 0.0;
}

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        snprintf(r->error, sizeof r->error, __VA_ARGS__);                                          \
        goto out;                                                                                  \
    } while (0)

int pd_run(const struct simt_program *prog, const struct pd_cfg *cfg, struct pd_result *r)
{
    memset(r, 0, sizeof *r);
    r->hash = 1469598103934665603ull;
    const struct simt_policy_ops *ops = simt_policy_find(cfg->policy);
    if (!ops) {
        snprintf(r->error, sizeof r->error, "no policy '%s'", cfg->policy);
        return -1;
    }
    uint32_t ws = cfg->warp_size, wpc = (cfg->cta_threads + ws - 1) / ws;
    uint32_t max_warps = wpc * cfg->nctas, max_threads = max_warps * ws;
    simt_config *conf = NULL;
    simt_stats *stats = NULL;
    void *shared = NULL, *st = NULL;
    struct simt_thread *th = calloc(max_threads, sizeof *th);
    struct pd_script *sc = calloc(max_threads, sizeof *sc);
    uint32_t *idx = calloc(max_threads, sizeof *idx);
    uint64_t *issued_at = calloc(max_threads, sizeof *issued_at);
    uint32_t *rel = calloc(max_threads, sizeof *rel);
    int cap = (int)max_threads + 8;
    struct simt_group *gs = calloc((size_t)cap, sizeof *gs);
    uint32_t *gcopy = calloc((size_t)max_threads * 2 + 64, sizeof *gcopy);
    uint8_t *lcopy = calloc((size_t)max_threads * 2 + 64, 1);
    int *order = calloc((size_t)cap, sizeof *order);
    if (!th || !sc || !idx || !issued_at || !rel || !gs || !gcopy || !lcopy || !order)
        FAIL("out of memory");
    if (simt_config_create(&conf) || simt_stats_create(&stats))
        FAIL("config/stats: %s", simt_errmsg());
    for (const char *const *s = cfg->sets; s && *s; s++)
        if (simt_config_set(conf, *s))
            FAIL("--set %s: %s", *s, simt_errmsg());
    for (uint32_t c = 0; c < cfg->nctas; c++)
        for (uint32_t t = 0; t < cfg->cta_threads; t++) {
            uint32_t slot = c * wpc * ws + t;
            if (script_build(prog, cfg->decide, cfg->ctx, c, t, &sc[slot], r->error,
                             sizeof r->error))
                goto out;
            r->expected_insts += sc[slot].n;
            th[slot] = (struct simt_thread){.pc = sc[slot].pc[0],
                                            .depth = sc[slot].depth[0],
                                            .state = SIMT_TS_READY,
                                            .lane = (uint8_t)(t % ws),
                                            .cta = (uint16_t)c,
                                            .warp = c * wpc + t / ws,
                                            .tid = t};
        }
    if (ops->shared_create && ops->shared_create(conf, 1, &shared))
        FAIL("shared_create: %s", simt_errmsg());
    struct simt_policy_env env = {.sm_id = 0,
                                  .nsms = 1,
                                  .warp_size = ws,
                                  .simd_width = cfg->simd_width,
                                  .max_threads = max_threads,
                                  .max_warps = max_warps,
                                  .nschedulers = cfg->nschedulers ? cfg->nschedulers : 1,
                                  .prog = prog,
                                  .threads = th,
                                  .config = conf,
                                  .stats = stats,
                                  .shared = shared};
    if (ops->create(&env, &st))
        FAIL("create: %s", simt_errmsg());
    for (uint32_t c = 0; c < cfg->nctas; c++)
        if (ops->cta_start(st, c, c * wpc * ws, cfg->cta_threads, c * wpc, wpc))
            FAIL("cta_start: %s", simt_errmsg());
    uint64_t live = (uint64_t)cfg->nctas * cfg->cta_threads, idle_run = 0;
    uint64_t maxc = cfg->max_cycles ? cfg->max_cycles : 2000000;
    uint32_t rr = 0;
    uint32_t nq = ws / cfg->simd_width;
    bool reuse = false;
    int held = 0;
    for (uint64_t cycle = 1; live > 0; cycle++) {
        if (cycle > maxc)
            FAIL("no completion after %llu cycles (%llu threads live)", (unsigned long long)cycle,
                 (unsigned long long)live);
        /* check_quiet: like the core, keep the last answer while no call into the policy
         * happened since (after an idle_quiet() that reported no change) */
        int n = reuse ? held : ops->ready(st, cycle, gs, cap);
        if (n < 0 || n > cap)
            FAIL("ready returned %d", n);
        /* copy: the policy's arrays are valid only until the next call into it */
        uint32_t off = 0;
        for (int i = 0; i < n && reuse; i++)
            order[i] = i;
        for (int i = 0; i < n && !reuse; i++) {
            if (gs[i].nthreads == 0 || gs[i].nthreads > ws ||
                off + gs[i].nthreads > max_threads * 2)
                FAIL("cycle %llu: group %u has %u threads", (unsigned long long)cycle, gs[i].id,
                     gs[i].nthreads);
            memcpy(gcopy + off, gs[i].threads, gs[i].nthreads * sizeof *gcopy);
            if (gs[i].lanes)
                memcpy(lcopy + off, gs[i].lanes, gs[i].nthreads);
            gs[i].threads = gcopy + off;
            gs[i].lanes = gs[i].lanes ? lcopy + off : NULL;
            off += gs[i].nthreads;
            order[i] = i;
        }
        reuse = false;
        /* pick: priority, then round-robin on ids from rr */
        for (int i = 1; i < n; i++) {
            int v = order[i], j = i;
            while (j > 0) {
                const struct simt_group *a = &gs[order[j - 1]], *b = &gs[v];
                uint32_t ka = a->id - rr, kb = b->id - rr; /* unsigned rotation */
                bool before = b->priority > a->priority || (b->priority == a->priority && kb < ka);
                if (!before)
                    break;
                order[j] = order[j - 1];
                j--;
            }
            order[j] = v;
        }
        uint32_t width = cfg->width ? cfg->width : (uint32_t)n;
        if (cfg->issue_every && cycle % cfg->issue_every != 0)
            width = 0;
        uint32_t done = 0;
        for (int oi = 0; oi < n && done < width; oi++) {
            struct simt_group *g = &gs[order[oi]];
            bool clash = false;
            for (uint32_t k = 0; k < g->nthreads; k++)
                if (g->threads[k] >= max_threads || issued_at[g->threads[k]] == cycle)
                    clash = true;
            if (clash)
                continue;
            /* check the group */
            uint8_t seen[64] = {0};
            for (uint32_t k = 0; k < g->nthreads; k++) {
                uint32_t s = g->threads[k];
                struct simt_thread *t = &th[s];
                if (t->state != SIMT_TS_READY)
                    FAIL("%s: cycle %llu: group %u holds thread %u in state %u", cfg->policy,
                         (unsigned long long)cycle, g->id, s, t->state);
                if (!g->mixed && (t->pc != g->pc || t->depth != g->depth))
                    FAIL("%s: cycle %llu: group %u at pc %u/%u holds thread %u at pc %u/%u",
                         cfg->policy, (unsigned long long)cycle, g->id, g->pc, g->depth, s, t->pc,
                         t->depth);
                if (g->lanes) {
                    if (g->lanes[k] >= ws || seen[g->lanes[k]]++)
                        FAIL("%s: group %u: lane %u repeated or out of range", cfg->policy, g->id,
                             g->lanes[k]);
                    if (cfg->check_banks &&
                        g->lanes[k] % cfg->simd_width != t->lane % cfg->simd_width)
                        FAIL("%s: group %u: thread %u (home lane %u) on lane %u: bank conflict",
                             cfg->policy, g->id, s, t->lane, g->lanes[k]);
                }
                issued_at[s] = cycle;
            }
            if (cfg->on_issue)
                cfg->on_issue(cfg->octx, g, th);
            r->hash = fnv(r->hash, cycle);
            r->hash = fnv(r->hash, g->id);
            r->hash = fnv(r->hash, g->pc);
            r->hash = fnv(r->hash, g->issue_cycles);
            for (uint32_t k = 0; k < g->nthreads; k++) {
                r->hash = fnv(r->hash, g->threads[k]);
                r->hash = fnv(r->hash, g->lanes ? g->lanes[k] : 255);
            }
            r->groups++;
            r->active_sum += g->nthreads;
            r->issue_cycles += g->issue_cycles ? g->issue_cycles : nq;
            if (g->nthreads > r->max_active)
                r->max_active = g->nthreads;
            /* advance the threads (the core's job) */
            for (uint32_t k = 0; k < g->nthreads; k++) {
                uint32_t s = g->threads[k];
                struct simt_thread *t = &th[s];
                uint32_t ipc = t->pc;
                r->thread_insts++;
                idx[s]++;
                if (idx[s] >= sc[s].n) {
                    t->state = SIMT_TS_EXITED;
                    live--;
                    continue;
                }
                t->pc = sc[s].pc[idx[s]];
                t->depth = sc[s].depth[idx[s]];
                if (prog->insts[ipc].iclass == SIMT_IC_BARRIER)
                    t->state = SIMT_TS_BARRIER;
            }
            if (ops->issued(st, g))
                FAIL("%s: issued: %s", cfg->policy, simt_errmsg());
            rr = g->id + 1;
            done++;
        }
        /* barriers: a CTA whose live threads all wait is released */
        for (uint32_t c = 0; c < cfg->nctas; c++) {
            uint32_t nb = 0, nl = 0;
            for (uint32_t t = 0; t < cfg->cta_threads; t++) {
                struct simt_thread *x = &th[c * wpc * ws + t];
                nl += x->state == SIMT_TS_READY || x->state == SIMT_TS_BARRIER;
                nb += x->state == SIMT_TS_BARRIER;
            }
            if (nb && nb == nl) {
                uint32_t k = 0;
                for (uint32_t t = 0; t < cfg->cta_threads; t++) {
                    struct simt_thread *x = &th[c * wpc * ws + t];
                    if (x->state == SIMT_TS_BARRIER) {
                        x->state = SIMT_TS_READY;
                        rel[k++] = c * wpc * ws + t;
                    }
                }
                if (ops->released)
                    ops->released(st, rel, k);
            }
        }
        if (done == 0) {
            if (cfg->check_quiet && ops->idle_quiet) {
                /* nothing issued, so nothing was released: gs[0..n) (threads and lanes in
                 * gcopy/lcopy) is still the policy's last answer */
                if (ops->idle_quiet(st, cycle)) {
                    r->quiet++;
                    reuse = n > 0; /* (the core asks ready() every cycle it offers nothing) */
                    held = n;
                    struct simt_group *g2 = gs + n; /* (cap leaves room: n <= cap / 2 here) */
                    int m = n <= cap / 2 ? ops->ready(st, cycle, g2, cap - n) : -1;
                    if (m != n)
                        FAIL("cycle %llu: idle_quiet said unchanged, ready gave %d groups, "
                             "not %d",
                             (unsigned long long)cycle, m, n);
                    for (int i = 0; i < n; i++) {
                        const struct simt_group *a = &gs[i], *b = &g2[i];
                        bool same =
                            a->id == b->id && a->pc == b->pc && a->depth == b->depth &&
                            a->nthreads == b->nthreads && a->issue_cycles == b->issue_cycles &&
                            a->priority == b->priority && a->sched == b->sched &&
                            a->mixed == b->mixed && a->one_warp == b->one_warp &&
                            !a->lanes == !b->lanes &&
                            !memcmp(a->threads, b->threads, a->nthreads * sizeof *a->threads) &&
                            (!a->lanes || !memcmp(a->lanes, b->lanes, a->nthreads));
                        if (!same)
                            FAIL("cycle %llu: idle_quiet said unchanged, ready changed group "
                                 "%d (id %u)",
                                 (unsigned long long)cycle, i, a->id);
                    }
                }
            } else if (ops->idle) {
                ops->idle(st, cycle);
            }
            if (++idle_run > 10000 && getenv("PD_DEBUG"))
                for (uint32_t s = 0; s < max_threads; s++)
                    if (sc[s].pc)
                        fprintf(stderr, "thread %u: state %u pc %u depth %u (%u/%u)\n", s,
                                th[s].state, th[s].pc, th[s].depth, idx[s], sc[s].n);
            if (idle_run > 10000)
                FAIL("%s: deadlock: nothing issued for 10000 cycles at cycle %llu, %llu threads "
                     "live",
                     cfg->policy, (unsigned long long)cycle, (unsigned long long)live);
        } else {
            idle_run = 0;
        }
        r->cycles = cycle;
    }
    for (uint32_t s = 0; s < max_threads; s++)
        if (sc[s].pc && idx[s] != sc[s].n)
            FAIL("thread %u issued %u of %u instructions", s, idx[s], sc[s].n);
    if (r->thread_insts != r->expected_insts)
        FAIL("issued %llu thread-instructions, expected %llu", (unsigned long long)r->thread_insts,
             (unsigned long long)r->expected_insts);
    for (int k = 0; k < 4; k++)
        if (cfg->stat_names[k]) {
            uint64_t *v = simt_stats_find(stats, cfg->stat_names[k], NULL);
            if (!v)
                FAIL("no statistic %s", cfg->stat_names[k]);
            r->stat_values[k] = *v;
        }
out:
    if (st)
        ops->destroy(st);
    if (shared && ops->shared_destroy)
        ops->shared_destroy(shared);
    if (sc)
        for (uint32_t s = 0; s < max_threads; s++) {
            free(sc[s].pc);
            free(sc[s].depth);
        }
    free(sc);
    free(th);
    free(idx);
    free(issued_at);
    free(rel);
    free(gs);
    free(gcopy);
    free(lcopy);
    free(order);
    simt_stats_free(stats);
    simt_config_free(conf);
    return r->error[0] ? -1 : 0;
}
