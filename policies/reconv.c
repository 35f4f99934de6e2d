/*
 * reconv.c - effective reconvergence PCs and the PDOM reconvergence stack (see reconv.h).
 * The stack follows the immediate post-dominator scheme of seed 000 (Jin), section 3.5:
 * at a divergent branch the current entry becomes the reconvergence entry and one entry per
 * path is pushed; an entry pops when its threads reach its post-dominator.
 */
#include <stdlib.h>
#include <string.h>

#include "reconv.h"

uint32_t reconv_eff_pc(const struct simt_program *p, uint32_t pc)
{
    if (pc == SIMT_PC_EXIT || pc >= p->ninsts)
        return pc;
    uint32_t b = p->insts[pc].block;
    while (pc + 1 < p->ninsts && p->insts[pc].iclass == SIMT_IC_FREE && p->insts[pc + 1].block == b)
        pc++;
    return pc;
}

void reconv_point(const struct simt_program *p, uint32_t pc, uint32_t depth, uint32_t *rpc,
                  uint32_t *rdepth)
{
    *rpc = SIMT_PC_EXIT;
    *rdepth = 0;
    if (pc >= p->ninsts)
        return;
    const struct simt_sinst *in = &p->insts[pc];
    if (in->iclass == SIMT_IC_BRANCH) {
        *rpc = reconv_eff_pc(p, in->reconv_pc);
        /* EXIT inside a device function: reconverge when the threads return from it */
        *rdepth = depth;
    } else if (in->iclass == SIMT_IC_CALL && pc + 1 < p->ninsts &&
               p->insts[pc + 1].block == in->block) {
        *rpc = reconv_eff_pc(p, pc + 1);
        *rdepth = depth;
    }
}

void rs_free(struct rstack *s)
{
    free(s->e);
    s->e = NULL;
    s->n = s->cap = 0;
}

simt_err rs_push(struct rstack *s, uint32_t rpc, uint32_t rdepth, uint64_t mask)
{
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? 2 * s->cap : 8;
        struct rs_entry *e = realloc(s->e, cap * sizeof *e);
        if (!e)
            return simt_seterr(SIMT_ERR_NOMEM, "policy: reconvergence stack of %u entries", cap);
        s->e = e;
        s->cap = cap;
    }
    s->e[s->n++] = (struct rs_entry){.rpc = rpc, .rdepth = rdepth, .mask = mask};
    return SIMT_ERR_OK;
}

simt_err rs_reset(struct rstack *s, uint64_t mask)
{
    s->n = 0;
    if (!mask)
        return SIMT_ERR_OK;
    return rs_push(s, SIMT_PC_EXIT, 0, mask);
}

void rs_remove(struct rstack *s, uint64_t mask)
{
    for (uint32_t i = 0; i < s->n; i++)
        s->e[i].mask &= ~mask;
}

uint64_t rs_live_mask(const struct simt_thread *th, const uint32_t *members, uint64_t mask)
{
    uint64_t live = 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        uint8_t st = th[members[i]].state;
        if (st == SIMT_TS_READY || st == SIMT_TS_BARRIER)
            live |= 1ull << i;
    }
    return live;
}

static int part_cmp(const void *a, const void *b)
{
    const struct rs_part *x = a, *y = b;
    if (x->depth != y->depth)
        return x->depth > y->depth ? -1 : 1;
    if (x->pc != y->pc)
        return x->pc < y->pc ? -1 : 1;
    return 0;
}

int rs_partition(const struct simt_thread *th, const uint32_t *members, uint64_t mask,
                 struct rs_part parts[RECONV_MAX_WARP])
{
    int n = 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        const struct simt_thread *t = &th[members[i]];
        if (t->state != SIMT_TS_READY && t->state != SIMT_TS_BARRIER)
            continue;
        int k = 0;
        while (k < n && !(parts[k].pc == t->pc && parts[k].depth == t->depth))
            k++;
        if (k == n)
            parts[n++] = (struct rs_part){.pc = t->pc, .depth = t->depth, .mask = 0};
        parts[k].mask |= 1ull << i;
    }
    if (n > 1)
        qsort(parts, (size_t)n, sizeof parts[0], part_cmp);
    return n;
}

static bool all_reached(const struct simt_thread *th, const uint32_t *members, uint64_t mask,
                        uint32_t rpc, uint32_t rdepth)
{
    for (uint64_t m = mask; m; m &= m - 1)
        if (!reconv_reached(&th[members[__builtin_ctzll(m)]], rpc, rdepth))
            return false;
    return true;
}

uint32_t rs_pop_reached(struct rstack *s, const struct simt_thread *th, const uint32_t *members,
                        uint32_t *last_rpc, uint32_t *last_rdepth)
{
    uint32_t popped = 0;
    while (s->n > 0) {
        struct rs_entry *t = &s->e[s->n - 1];
        uint64_t live = rs_live_mask(th, members, t->mask);
        if (live != t->mask) /* exited members leave every entry */
            rs_remove(s, t->mask & ~live);
        if (!live) {
            s->n--;
            continue;
        }
        if (all_reached(th, members, live, t->rpc, t->rdepth)) {
            if (last_rpc)
                *last_rpc = t->rpc;
            if (last_rdepth)
                *last_rdepth = t->rdepth;
            popped++;
            s->n--;
            continue;
        }
        break;
    }
    return popped;
}

simt_err rs_diverge(struct rstack *s, const struct simt_program *prog, uint32_t pc, uint32_t depth,
                    const struct rs_part *parts, int nparts)
{
    uint32_t rpc, rdepth;
    reconv_point(prog, pc, depth, &rpc, &rdepth);
    /* push the part to run last first, so that parts[0] ends on top */
    for (int k = nparts - 1; k >= 0; k--) {
        bool at_rpc = rpc != SIMT_PC_EXIT && parts[k].pc == rpc && parts[k].depth == rdepth;
        bool returned = rpc == SIMT_PC_EXIT && rdepth > 0 && parts[k].depth < rdepth;
        if (at_rpc || returned)
            continue; /* these wait in the reconvergence entry below */
        SIMT_TRY(rs_push(s, rpc, rdepth, parts[k].mask));
    }
    return SIMT_ERR_OK;
}

uint32_t rs_ready(const struct rstack *s, const struct simt_thread *th, const uint32_t *members,
                  uint32_t *slots, uint8_t *member_idx, uint32_t *pc, uint32_t *depth)
{
    if (s->n == 0)
        return 0;
    uint32_t n = 0;
    for (uint64_t m = s->e[s->n - 1].mask; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        const struct simt_thread *t = &th[members[i]];
        if (t->state != SIMT_TS_READY)
            continue;
        if (n == 0) {
            *pc = t->pc;
            *depth = t->depth;
        } else if (t->pc != *pc || t->depth != *depth) {
            continue; /* cannot happen on a consistent stack; never mix pcs */
        }
        if (member_idx)
            member_idx[n] = (uint8_t)i;
        slots[n++] = members[i];
    }
    if (n == 0 && s->n >= 2) {
        /* The top entry waits at a CTA barrier: the threads of the entry below that are not
         * in it (the warp's early exits, waiting at its reconvergence point) run ahead to
         * their exit, deepest then lowest pc first, so that the barrier can complete (see
         * policies/pdom.c build() for why this is the only legal case). */
        uint64_t top = s->e[s->n - 1].mask, below = s->e[s->n - 2].mask & ~top;
        int waiting = 0;
        for (uint64_t m = top; m; m &= m - 1)
            waiting |= th[members[__builtin_ctzll(m)]].state == SIMT_TS_BARRIER;
        if (!waiting)
            return 0;
        int found = 0;
        for (uint64_t m = below; m; m &= m - 1) {
            const struct simt_thread *t = &th[members[__builtin_ctzll(m)]];
            if (t->state != SIMT_TS_READY)
                continue;
            if (!found || t->depth > *depth || (t->depth == *depth && t->pc < *pc)) {
                *pc = t->pc;
                *depth = t->depth;
                found = 1;
            }
        }
        for (uint64_t m = below; found && m; m &= m - 1) {
            int i = __builtin_ctzll(m);
            const struct simt_thread *t = &th[members[i]];
            if (t->state != SIMT_TS_READY || t->pc != *pc || t->depth != *depth)
                continue;
            if (member_idx)
                member_idx[n] = (uint8_t)i;
            slots[n++] = members[i];
        }
    }
    return n;
}

simt_err rs_after_issue(struct rstack *s, const struct simt_program *prog,
                        const struct simt_thread *th, const uint32_t *members, uint32_t pc,
                        uint32_t depth, uint32_t *ndiverge)
{
    if (s->n == 0)
        return SIMT_ERR_OK;
    struct rs_part parts[RECONV_MAX_WARP];
    int np = rs_partition(th, members, s->e[s->n - 1].mask, parts);
    if (np > 1) {
        SIMT_TRY(rs_diverge(s, prog, pc, depth, parts, np));
        if (ndiverge)
            (*ndiverge)++;
    }
    rs_pop_reached(s, th, members, NULL, NULL);
    return SIMT_ERR_OK;
}

simt_err policy_check_geometry(const struct simt_policy_env *env, const char *policy)
{
    SIMT_RETURN_IF(env->warp_size == 0 || env->warp_size > RECONV_MAX_WARP, SIMT_ERR_UNSUPPORTED,
                   "policy %s: not supported: core.warp_size %u (1..%u)", policy, env->warp_size,
                   RECONV_MAX_WARP);
    SIMT_RETURN_IF(env->simd_width == 0 || env->warp_size % env->simd_width != 0,
                   SIMT_ERR_UNSUPPORTED,
                   "policy %s: not supported: core.warp_size %u is not a multiple of "
                   "core.simd_width %u (set core.simd_width to a divisor of the warp size)",
                   policy, env->warp_size, env->simd_width);
    SIMT_RETURN_IF(env->max_threads == 0 || env->nschedulers == 0 || !env->prog || !env->threads,
                   SIMT_ERR_INVALID_ARG, "policy %s: incomplete environment", policy);
    return SIMT_ERR_OK;
}
