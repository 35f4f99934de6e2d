/* trace_testlib.c - program builder and reference executor for the trace tests. */
#include "trace_testlib.h"

#include <stdlib.h>
#include <string.h>

int tb_failures;
int64_t tb_count_adjust;

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "out of memory\n");
        abort();
    }
    return q;
}

static uint32_t add_string(struct tb_prog *b, const char *s)
{
    uint32_t n = (uint32_t)strlen(s) + 1;
    if (b->p.strings_size + n > b->cap_str) {
        b->cap_str = (b->p.strings_size + n) * 2;
        b->strings = xrealloc(b->strings, b->cap_str);
    }
    uint32_t off = b->p.strings_size;
    memcpy(b->strings + off, s, n);
    b->p.strings_size += n;
    return off;
}

void tb_init(struct tb_prog *b, const char *kernel_name)
{
    memset(b, 0, sizeof *b);
    b->p.kernel_name = kernel_name;
    b->p.source_file = "synthetic.cu";
    add_string(b, "");
}

uint32_t tb_func(struct tb_prog *b, const char *name)
{
    if (b->p.nfuncs == b->cap_f) {
        b->cap_f = b->cap_f ? 2 * b->cap_f : 8;
        b->funcs = xrealloc(b->funcs, b->cap_f * sizeof *b->funcs);
    }
    struct simt_sfunc *f = &b->funcs[b->p.nfuncs];
    f->name = add_string(b, name);
    f->first_block = b->p.nblocks;
    f->nblocks = 0;
    return b->p.nfuncs++;
}

uint32_t tb_block(struct tb_prog *b)
{
    if (b->p.nblocks == b->cap_b) {
        b->cap_b = b->cap_b ? 2 * b->cap_b : 16;
        b->blocks = xrealloc(b->blocks, b->cap_b * sizeof *b->blocks);
        b->bsucc = xrealloc(b->bsucc, b->cap_b * sizeof *b->bsucc);
        b->bnsucc = xrealloc(b->bnsucc, b->cap_b * sizeof *b->bnsucc);
    }
    uint32_t i = b->p.nblocks++;
    struct simt_sblock *bl = &b->blocks[i];
    memset(bl, 0, sizeof *bl);
    bl->func = b->p.nfuncs - 1;
    bl->first_pc = b->p.ninsts;
    bl->ipdom = SIMT_NO_BLOCK;
    b->bnsucc[i] = 0;
    b->funcs[b->p.nfuncs - 1].nblocks++;
    return i;
}

uint32_t tb_inst(struct tb_prog *b, unsigned iclass, unsigned mspace, unsigned flags,
                 uint32_t bytes, const char *text)
{
    if (b->p.ninsts == b->cap_i) {
        b->cap_i = b->cap_i ? 2 * b->cap_i : 64;
        b->insts = xrealloc(b->insts, b->cap_i * sizeof *b->insts);
    }
    uint32_t pc = b->p.ninsts++;
    struct simt_sinst *in = &b->insts[pc];
    memset(in, 0, sizeof *in);
    in->block = b->p.nblocks - 1;
    in->iclass = (uint8_t)iclass;
    in->mspace = (uint8_t)mspace;
    in->flags = (uint8_t)flags;
    in->access_bytes = bytes;
    in->callee = SIMT_NO_FUNC;
    in->reconv_pc = SIMT_PC_EXIT;
    in->line = pc + 1;
    /* a register chain: each instruction reads the previous one's result */
    in->dst = pc + 1;
    if (pc > 0) {
        in->nsrc = 1;
        in->srcs[0] = pc;
    }
    in->text = add_string(b, text);
    b->blocks[b->p.nblocks - 1].ninst++;
    b->p.nregs = b->p.ninsts;
    return pc;
}

uint32_t tb_call(struct tb_prog *b, uint32_t callee, int indirect, const char *text)
{
    uint32_t pc = tb_inst(b, SIMT_IC_CALL, SIMT_MS_NONE, indirect ? SIMT_IF_INDIRECT : 0, 0, text);
    b->insts[pc].callee = indirect ? SIMT_NO_FUNC : callee;
    return pc;
}

void tb_succ(struct tb_prog *b, uint32_t block, uint32_t target)
{
    if (b->bnsucc[block] < TB_MAX_SUCC)
        b->bsucc[block][b->bnsucc[block]++] = target;
}

void tb_ipdom(struct tb_prog *b, uint32_t block, uint32_t ipdom)
{
    b->blocks[block].ipdom = ipdom;
}

const struct simt_program *tb_finish(struct tb_prog *b)
{
    uint32_t ns = 0;
    for (uint32_t i = 0; i < b->p.nblocks; i++)
        ns += b->bnsucc[i];
    b->succs = xrealloc(b->succs, (ns + 1) * sizeof *b->succs);
    ns = 0;
    for (uint32_t i = 0; i < b->p.nblocks; i++) {
        struct simt_sblock *bl = &b->blocks[i];
        bl->nsucc = b->bnsucc[i];
        bl->succ_first = ns;
        memcpy(&b->succs[ns], b->bsucc[i], bl->nsucc * sizeof *b->succs);
        ns += bl->nsucc;
        struct simt_sinst *t = &b->insts[bl->first_pc + bl->ninst - 1];
        if (bl->nsucc > 1)
            t->flags |= SIMT_IF_COND;
        if (t->iclass == SIMT_IC_BRANCH)
            t->reconv_pc =
                bl->ipdom == SIMT_NO_BLOCK ? SIMT_PC_EXIT : b->blocks[bl->ipdom].first_pc;
    }
    b->p.nsuccs = ns;
    b->p.funcs = b->funcs;
    b->p.blocks = b->blocks;
    b->p.insts = b->insts;
    b->p.succs = b->succs;
    b->p.strings = b->strings;
    return &b->p;
}

void tb_free(struct tb_prog *b)
{
    free(b->funcs);
    free(b->blocks);
    free(b->insts);
    free(b->succs);
    free(b->strings);
    free(b->bsucc);
    free(b->bnsucc);
    memset(b, 0, sizeof *b);
}

/* ---- executor ---- */

struct tb_log *tb_log_target;

static simt_err log_or_write(simt_trace_writer *w, uint8_t kind, uint32_t tid, uint32_t pc,
                             uint64_t a, uint64_t a2, uint32_t size)
{
    struct tb_log *lg = tb_log_target;
    if (lg) {
        if (lg->n == lg->cap) {
            lg->cap = lg->cap ? 2 * lg->cap : 1024;
            lg->rec = xrealloc(lg->rec, lg->cap * sizeof *lg->rec);
        }
        lg->rec[lg->n++] = (struct tb_rec){a, a2, tid, pc, size, kind};
        return SIMT_ERR_OK;
    }
    switch (kind) {
    case TB_MEM:
        return simt_trace_writer_mem(w, tid, pc, a, a2, size);
    case TB_ICALL:
        return simt_trace_writer_icall(w, tid, pc, (uint32_t)a);
    case TB_BRANCH:
        return simt_trace_writer_branch(w, tid, pc, (uint32_t)a);
    case TB_BEGIN:
        return simt_trace_writer_begin_cta(w, tid);
    default:
        return simt_trace_writer_end_cta(w, a);
    }
}

simt_err tb_replay(simt_trace_writer *w, const struct tb_log *lg)
{
    simt_err e = SIMT_ERR_OK;
    for (size_t i = 0; i < lg->n && e == SIMT_ERR_OK; i++) {
        const struct tb_rec *r = &lg->rec[i];
        switch (r->kind) {
        case TB_MEM:
            e = simt_trace_writer_mem(w, r->tid, r->pc, r->a, r->a2, r->size);
            break;
        case TB_ICALL:
            e = simt_trace_writer_icall(w, r->tid, r->pc, (uint32_t)r->a);
            break;
        case TB_BRANCH:
            e = simt_trace_writer_branch(w, r->tid, r->pc, (uint32_t)r->a);
            break;
        case TB_BEGIN:
            e = simt_trace_writer_begin_cta(w, r->tid);
            break;
        default:
            e = simt_trace_writer_end_cta(w, r->a);
        }
    }
    return e;
}

struct tb_thread {
    uint32_t pc, depth, done;
    uint32_t stack[2 * SIMT_MAX_DEPTH]; /* deeper than readers accept: negative tests */
    uint64_t *visits;                   /* [ninsts] */
    struct simt_event *ev;
    uint64_t nev, cap;
};

static void push_event(struct tb_thread *t, const struct simt_event *e)
{
    if (t->nev == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->ev = xrealloc(t->ev, t->cap * sizeof *t->ev);
    }
    t->ev[t->nev++] = *e;
}

/* executes one non-FREE instruction of thread t (skipping FREE ones first); 0 ok, -1 error */
static int step(simt_trace_writer *w, const struct simt_program *p, uint32_t launch, uint64_t cta,
                uint32_t tid, struct tb_thread *t, const struct tb_exec_ops *ops, void *ctx)
{
    for (;;) {
        uint32_t pc = t->pc;
        const struct simt_sinst *in = &p->insts[pc];
        const struct simt_sblock *bl = &p->blocks[in->block];
        int last = pc == bl->first_pc + bl->ninst - 1;
        uint64_t visit = t->visits[pc]++;
        struct simt_event e = {.pc = pc, .depth = t->depth};
        simt_err err = SIMT_ERR_OK;
        switch (in->iclass) {
        case SIMT_IC_LOAD:
        case SIMT_IC_STORE:
        case SIMT_IC_ATOMIC:
        case SIMT_IC_COPY: {
            uint64_t a = 0, a2 = 0;
            uint32_t size = in->access_bytes;
            ops->mem(ctx, launch, cta, tid, pc, visit, &a, &a2, &size);
            if (in->iclass != SIMT_IC_COPY)
                a2 = 0;
            if (!(in->flags & SIMT_IF_VARSIZE))
                size = in->access_bytes;
            e.addr = a;
            e.addr2 = a2;
            e.size = size;
            err = log_or_write(w, TB_MEM, tid, pc, a, a2, size);
            break;
        }
        case SIMT_IC_CALL: {
            uint32_t f = in->callee;
            if (t->depth + 1 >= 2 * SIMT_MAX_DEPTH) {
                fprintf(stderr, "executor: call depth %u\n", t->depth + 1);
                return -1;
            }
            if (in->flags & SIMT_IF_INDIRECT) {
                f = ops->icall(ctx, launch, cta, tid, pc, visit);
                err = log_or_write(w, TB_ICALL, tid, pc, f, 0, 0);
            }
            if (err != SIMT_ERR_OK)
                break;
            e.succ = f;
            push_event(t, &e);
            t->stack[t->depth++] = pc + 1;
            t->pc = p->blocks[p->funcs[f].first_block].first_pc;
            return 0;
        }
        case SIMT_IC_RET:
            push_event(t, &e);
            t->pc = t->stack[--t->depth];
            return 0;
        case SIMT_IC_EXIT:
            push_event(t, &e);
            t->done = 1;
            return 0;
        default:
            break;
        }
        if (err != SIMT_ERR_OK) {
            fprintf(stderr, "writer: %s\n", simt_errmsg());
            return -1;
        }
        if (last) {
            uint32_t s = 0;
            if (bl->nsucc > 1) {
                s = ops->branch(ctx, launch, cta, tid, pc, bl->nsucc, visit);
                if (log_or_write(w, TB_BRANCH, tid, pc, s, 0, 0) != SIMT_ERR_OK) {
                    fprintf(stderr, "writer: %s\n", simt_errmsg());
                    return -1;
                }
            }
            e.succ = s;
            t->pc = p->blocks[p->succs[bl->succ_first + s]].first_pc;
        } else {
            t->pc = pc + 1;
        }
        if (in->iclass != SIMT_IC_FREE) {
            push_event(t, &e);
            return 0;
        }
    }
}

int tb_exec_cta(simt_trace_writer *w, const struct simt_program *p, uint32_t launch, uint64_t cta,
                uint32_t nthreads, const struct tb_exec_ops *ops, void *ctx, int interleave,
                struct tb_cta_events *out)
{
    struct tb_thread *th = calloc(nthreads, sizeof *th);
    if (!th)
        abort();
    int rc = 0;
    if (log_or_write(w, TB_BEGIN, nthreads, 0, 0, 0, 0) != SIMT_ERR_OK) {
        fprintf(stderr, "begin_cta: %s\n", simt_errmsg());
        free(th);
        return -1;
    }
    for (uint32_t t = 0; t < nthreads; t++) {
        th[t].visits = calloc(p->ninsts, sizeof *th[t].visits);
        th[t].pc = p->blocks[p->funcs[0].first_block].first_pc;
    }
    uint32_t live = nthreads;
    while (live && rc == 0) {
        for (uint32_t t = 0; t < nthreads && rc == 0; t++) {
            if (th[t].done)
                continue;
            do {
                rc = step(w, p, launch, cta, t, &th[t], ops, ctx);
            } while (rc == 0 && !interleave && !th[t].done);
            if (th[t].done)
                live--;
        }
    }
    uint64_t total = 0;
    for (uint32_t t = 0; t < nthreads; t++)
        total += th[t].nev;
    if (rc == 0 &&
        log_or_write(w, TB_END, 0, 0, total + (uint64_t)tb_count_adjust, 0, 0) != SIMT_ERR_OK) {
        fprintf(stderr, "end_cta: %s\n", simt_errmsg());
        rc = -1;
    }
    if (out) {
        out->nthreads = nthreads;
        out->ev = calloc(nthreads, sizeof *out->ev);
        out->nev = calloc(nthreads, sizeof *out->nev);
        out->total = total;
    }
    for (uint32_t t = 0; t < nthreads; t++) {
        free(th[t].visits);
        if (out) {
            out->ev[t] = th[t].ev;
            out->nev[t] = th[t].nev;
        } else {
            free(th[t].ev);
        }
    }
    free(th);
    return rc;
}

void tb_cta_events_free(struct tb_cta_events *e)
{
    if (!e->ev)
        return;
    for (uint32_t t = 0; t < e->nthreads; t++)
        free(e->ev[t]);
    free(e->ev);
    free(e->nev);
    memset(e, 0, sizeof *e);
}

static int same_event(const struct simt_event *a, const struct simt_event *b)
{
    return a->pc == b->pc && a->depth == b->depth && a->addr == b->addr && a->addr2 == b->addr2 &&
           a->size == b->size && a->succ == b->succ;
}
/* simt_cursor_fill() into arrays of stride 3 (other threads' events would sit between),
 * returned as events. The fill gives no successor (the events are compared with the
 * expected ones, whose successors are copied: `want`, `nwant` of them), and memory fields only
 * for memory instructions: a slot it must leave alone keeps a marker, which must not be there
 * for an event that has an address. */
static int fill_batch(simt_cursor *cur, struct simt_event *out, int cap,
                      const struct simt_event *want, uint64_t nwant)
{
    enum { STRIDE = 3 };
    uint32_t pc[9 * STRIDE], depth[9 * STRIDE];
    struct simt_evmem mem[9 * STRIDE];
    const struct simt_evmem marker = {.addr = 0xdeadbeefULL, .addr2 = 7, .size = 99};
    for (int k = 0; k < 9 * STRIDE; k++)
        mem[k] = marker;
    int n = simt_cursor_fill(cur, pc, depth, mem, STRIDE, cap);
    for (int k = 0; k < n; k++) {
        const struct simt_evmem *m = &mem[k * STRIDE];
        int untouched =
            m->addr == marker.addr && m->addr2 == marker.addr2 && m->size == marker.size;
        out[k] = (struct simt_event){.pc = pc[k * STRIDE], .depth = depth[k * STRIDE]};
        if (!untouched) {
            out[k].addr = m->addr;
            out[k].addr2 = m->addr2;
            out[k].size = m->size;
        }
        if ((uint64_t)k < nwant)
            out[k].succ = want[k].succ;
    }
    return n;
}

int tb_check_cta(simt_trace_reader *r, uint32_t launch, uint64_t cta,
                 const struct tb_cta_events *exp)
{
    simt_cta *c = NULL;
    if (simt_cta_load(r, launch, cta, &c) != SIMT_ERR_OK) {
        fprintf(stderr, "cta_load(%u, %llu): %s\n", launch, (unsigned long long)cta, simt_errmsg());
        return -1;
    }
    int rc = 0;
    if (simt_cta_nthreads(c) != exp->nthreads || simt_cta_thread_instructions(c) != exp->total) {
        fprintf(stderr, "launch %u CTA %llu: %u threads / %llu instructions, expected %u / %llu\n",
                launch, (unsigned long long)cta, simt_cta_nthreads(c),
                (unsigned long long)simt_cta_thread_instructions(c), exp->nthreads,
                (unsigned long long)exp->total);
        rc = -1;
    }
    struct simt_event batch[37];
    simt_cursor *shared = NULL;
    for (uint32_t t = 0; t < exp->nthreads && rc == 0; t++) {
        for (int mode = 0; mode < 4 && rc == 0; mode++) {
            simt_cursor *cur = NULL;
            /* mode 0: a fresh cursor, one event at a time; mode 1: one cursor reset from
             * thread to thread, batches; mode 2: a fresh cursor, batches of 1 to 9 events
             * (the timing model takes 8), so that batches end inside runs and blocks; mode 3:
             * the same through simt_cursor_fill() into strided arrays (what the timing model
             * uses) */
            simt_err ce = mode != 1 || !shared
                              ? simt_cursor_create(c, t, mode == 1 ? &shared : &cur)
                              : simt_cursor_reset(shared, c, t);
            if (mode == 1)
                cur = shared;
            int ncall = 0;
            if (ce != SIMT_ERR_OK) {
                fprintf(stderr, "cursor_create/reset: %s\n", simt_errmsg());
                rc = -1;
                break;
            }
            uint64_t i = 0;
            for (;;) {
                const int cap = mode == 0 ? 1 : mode == 1 ? 37 : 1 + (int)((t + ncall++) % 9);
                int n = mode == 0   ? simt_cursor_next(cur, batch)
                        : mode == 1 ? simt_cursor_next_batch(cur, batch, cap)
                        : mode == 2
                            ? simt_cursor_next_batch(cur, batch, cap)
                            : fill_batch(cur, batch, cap, &exp->ev[t][i < exp->nev[t] ? i : 0],
                                         i < exp->nev[t] ? exp->nev[t] - i : 0);
                if (n < 0) {
                    fprintf(stderr, "launch %u CTA %llu thread %u: cursor error %d: %s\n", launch,
                            (unsigned long long)cta, t, n, simt_errmsg());
                    rc = -1;
                    break;
                }
                if (n == 0)
                    break;
                for (int k = 0; k < n; k++, i++) {
                    if (i >= exp->nev[t] || !same_event(&batch[k], &exp->ev[t][i])) {
                        const struct simt_event *a = &batch[k];
                        fprintf(stderr,
                                "launch %u CTA %llu thread %u event %llu (mode %d): got pc %u "
                                "depth %u addr %llx addr2 %llx size %u succ %u",
                                launch, (unsigned long long)cta, t, (unsigned long long)i, mode,
                                a->pc, a->depth, (unsigned long long)a->addr,
                                (unsigned long long)a->addr2, a->size, a->succ);
                        if (i < exp->nev[t]) {
                            const struct simt_event *b = &exp->ev[t][i];
                            fprintf(stderr,
                                    "; expected pc %u depth %u addr %llx addr2 %llx size %u "
                                    "succ %u",
                                    b->pc, b->depth, (unsigned long long)b->addr,
                                    (unsigned long long)b->addr2, b->size, b->succ);
                        }
                        fprintf(stderr, "\n");
                        rc = -1;
                        break;
                    }
                }
                if (rc)
                    break;
                if (n < cap && i != exp->nev[t]) {
                    /* a short batch must end the stream: the timing model then asks no more */
                    fprintf(stderr,
                            "launch %u CTA %llu thread %u (mode %d): a batch of %d events (cap "
                            "%d) ended at event %llu of %llu\n",
                            launch, (unsigned long long)cta, t, mode, n, cap, (unsigned long long)i,
                            (unsigned long long)exp->nev[t]);
                    rc = -1;
                    break;
                }
            }
            if (rc == 0 && i != exp->nev[t]) {
                fprintf(stderr, "launch %u CTA %llu thread %u: %llu events, expected %llu\n",
                        launch, (unsigned long long)cta, t, (unsigned long long)i,
                        (unsigned long long)exp->nev[t]);
                rc = -1;
            }
            if (rc == 0 && simt_cursor_next(cur, batch) != 0) {
                fprintf(stderr, "thread %u: cursor_next after exit is not 0\n", t);
                rc = -1;
            }
            if (mode != 1)
                simt_cursor_free(cur);
        }
    }
    simt_cursor_free(shared);
    simt_cta_free(c);
    return rc;
}
