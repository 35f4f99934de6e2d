/*
 * synth.c - synthetic kernels for the timing and policy tests (synth.h).
 */
#include <stdlib.h>
#include <string.h>

#include "synth.h"

void syn_init(struct syn *s)
{
    memset(s, 0, sizeof *s);
    /* string table: "" then the kernel and function names */
    static const char names[] = "\0synthetic_kernel\0synthetic_func";
    memcpy(s->strings, names, sizeof names);
    s->nregs = 0;
}

uint32_t syn_func(struct syn *s)
{
    uint32_t f = s->nfuncs++;
    s->funcs[f].name = f == 0 ? 1 : 18;
    s->funcs[f].first_block = s->nblocks;
    s->funcs[f].nblocks = 0;
    return f;
}

uint32_t syn_block(struct syn *s)
{
    uint32_t b = s->nblocks++;
    s->blocks[b].func = s->nfuncs - 1;
    s->blocks[b].first_pc = s->ninsts;
    s->blocks[b].ninst = 0;
    s->blocks[b].ipdom = SIMT_NO_BLOCK;
    s->ipdom[b] = SIMT_NO_BLOCK;
    s->funcs[s->nfuncs - 1].nblocks++;
    return b;
}

uint32_t syn_reg(struct syn *s)
{
    return ++s->nregs;
}

static struct simt_sinst *add(struct syn *s, uint8_t iclass)
{
    uint32_t pc = s->ninsts++;
    struct simt_sinst *i = &s->insts[pc];
    memset(i, 0, sizeof *i);
    i->block = s->nblocks - 1;
    i->iclass = iclass;
    i->callee = SIMT_NO_FUNC;
    i->reconv_pc = SIMT_PC_EXIT;
    s->blocks[s->nblocks - 1].ninst++;
    return i;
}

uint32_t syn_op(struct syn *s, uint8_t iclass, uint32_t dst, uint32_t src0, uint32_t src1)
{
    struct simt_sinst *i = add(s, iclass);
    i->dst = dst;
    if (src0)
        i->srcs[i->nsrc++] = src0;
    if (src1)
        i->srcs[i->nsrc++] = src1;
    return s->ninsts - 1;
}

void syn_ops(struct syn *s, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++)
        syn_op(s, SIMT_IC_INT, syn_reg(s), 0, 0);
}

uint32_t syn_mem(struct syn *s, uint8_t iclass, uint8_t space, uint32_t bytes, uint32_t dst,
                 uint32_t src)
{
    uint32_t pc = syn_op(s, iclass, dst, src, 0);
    s->insts[pc].mspace = space;
    s->insts[pc].access_bytes = bytes;
    return pc;
}

static void succ(struct syn *s, uint32_t b)
{
    struct simt_sblock *bl = &s->blocks[s->nblocks - 1];
    if (bl->nsucc == 0)
        bl->succ_first = s->nsuccs;
    s->succs[s->nsuccs++] = b;
    bl->nsucc++;
}

void syn_br(struct syn *s, uint32_t t, uint32_t f, uint32_t ipdom)
{
    struct simt_sinst *i = add(s, SIMT_IC_BRANCH);
    i->flags = SIMT_IF_COND;
    succ(s, t);
    succ(s, f);
    s->ipdom[s->nblocks - 1] = ipdom;
}

void syn_jmp(struct syn *s, uint32_t target)
{
    add(s, SIMT_IC_BRANCH);
    succ(s, target);
}

void syn_exit(struct syn *s)
{
    add(s, SIMT_IC_EXIT);
}

void syn_ret(struct syn *s)
{
    add(s, SIMT_IC_RET);
}

uint32_t syn_call(struct syn *s, uint32_t func)
{
    struct simt_sinst *i = add(s, SIMT_IC_CALL);
    i->callee = func;
    return s->ninsts - 1;
}

uint32_t syn_bar(struct syn *s)
{
    add(s, SIMT_IC_BARRIER);
    return s->ninsts - 1;
}

const struct simt_program *syn_finish(struct syn *s)
{
    for (uint32_t b = 0; b < s->nblocks; b++) {
        s->blocks[b].ipdom = s->ipdom[b];
        struct simt_sinst *t = &s->insts[s->blocks[b].first_pc + s->blocks[b].ninst - 1];
        if (t->iclass == SIMT_IC_BRANCH && s->blocks[b].nsucc > 1)
            t->reconv_pc =
                s->ipdom[b] == SIMT_NO_BLOCK ? SIMT_PC_EXIT : s->blocks[s->ipdom[b]].first_pc;
    }
    struct simt_program *p = &s->prog;
    p->kernel_name = "synthetic_kernel";
    p->source_file = "";
    p->nfuncs = s->nfuncs;
    p->nblocks = s->nblocks;
    p->ninsts = s->ninsts;
    p->nsuccs = s->nsuccs;
    p->strings_size = 33;
    p->funcs = s->funcs;
    p->blocks = s->blocks;
    p->insts = s->insts;
    p->succs = s->succs;
    p->strings = s->strings;
    p->nregs = s->nregs;
    return p;
}

/* Walks thread tid of a CTA through the program, recording its events. */
static simt_err walk(simt_trace_writer *w, struct syn *s, uint64_t cta, uint32_t tid,
                     syn_branch_fn br, syn_addr_fn ad, void *ctx, uint32_t *visits, uint64_t *count)
{
    const struct simt_program *p = &s->prog;
    memset(visits, 0, p->ninsts * sizeof *visits);
    uint32_t stack[64], depth = 0;
    uint32_t pc = p->blocks[p->funcs[0].first_block].first_pc;
    for (uint64_t steps = 0; steps < 10000000; steps++) {
        const struct simt_sinst *i = &p->insts[pc];
        uint32_t v = visits[pc]++;
        if (i->iclass != SIMT_IC_FREE)
            (*count)++;
        switch (i->iclass) {
        case SIMT_IC_LOAD:
        case SIMT_IC_STORE:
        case SIMT_IC_ATOMIC:
        case SIMT_IC_COPY: {
            uint64_t a = ad ? ad(ctx, cta, tid, pc, v) : SIMT_WIN_GLOBAL_BASE + 4ull * tid;
            SIMT_TRY(simt_trace_writer_mem(w, tid, pc, a, 0, i->access_bytes));
            break;
        }
        case SIMT_IC_CALL:
            if (depth == 64)
                return simt_seterr(SIMT_ERR_LIMIT, "synth: call depth");
            stack[depth++] = pc + 1;
            pc = p->blocks[p->funcs[i->callee].first_block].first_pc;
            continue;
        case SIMT_IC_RET:
            if (!depth)
                return simt_seterr(SIMT_ERR_FORMAT, "synth: ret at depth 0");
            pc = stack[--depth];
            continue;
        case SIMT_IC_EXIT:
            return SIMT_ERR_OK;
        default:
            break;
        }
        const struct simt_sblock *bl = &p->blocks[i->block];
        if (pc + 1 < bl->first_pc + bl->ninst) {
            pc++;
            continue;
        }
        uint32_t sidx = 0;
        if (bl->nsucc > 1) {
            sidx = br ? br(ctx, cta, tid, pc, v) : 0;
            SIMT_TRY(simt_trace_writer_branch(w, tid, pc, sidx));
        }
        pc = p->blocks[p->succs[bl->succ_first + sidx]].first_pc;
    }
    return simt_seterr(SIMT_ERR_LIMIT, "synth: thread %u does not exit", tid);
}

simt_err syn_write(const char *path, struct syn *s, const struct syn_launch *l, int nlaunches,
                   syn_branch_fn br, syn_addr_fn ad, void *ctx, uint64_t *tinst)
{
    const struct simt_program *p = syn_finish(s);
    SIMT_TRY(simt_program_validate(p));
    struct simt_trace_meta meta = {.producer = "synth", .program = "synth", .argc = 0};
    simt_trace_writer *w;
    SIMT_TRY(simt_trace_writer_open(path, &meta, &w));
    uint32_t k;
    simt_err e = simt_trace_writer_add_kernel(w, p, &k);
    uint32_t *visits = calloc(p->ninsts, sizeof *visits);
    if (!visits && !e)
        e = simt_seterr(SIMT_ERR_NOMEM, "synth: out of memory");
    uint64_t total = 0;
    for (int li = 0; li < nlaunches && !e; li++) {
        struct simt_launch L = {.kernel = k, .grid = l[li].grid, .block = l[li].block};
        L.regs_per_thread = l[li].regs_per_thread;
        L.static_shared_bytes = l[li].shared_bytes;
        L.ncta = (uint64_t)L.grid.x * L.grid.y * L.grid.z;
        uint32_t nt = L.block.x * L.block.y * L.block.z;
        e = simt_trace_writer_begin_launch(w, &L);
        for (uint64_t c = 0; c < L.ncta && !e; c++) {
            e = simt_trace_writer_begin_cta(w, nt);
            uint64_t count = 0;
            for (uint32_t t = 0; t < nt && !e; t++)
                e = walk(w, s, c, t, br, ad, ctx, visits, &count);
            if (!e)
                e = simt_trace_writer_end_cta(w, count);
            total += count;
        }
        if (!e)
            e = simt_trace_writer_end_launch(w);
    }
    free(visits);
    if (e) {
        simt_trace_writer_abort(w);
        return e;
    }
    if (tinst)
        *tinst = total;
    return simt_trace_writer_close(w);
}
