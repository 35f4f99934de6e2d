/*
 * exec.c - runs translated kernels: CTAs in launch order, the warps of a CTA interleaved
 * (time slices, and at barriers), each warp's 32 threads in lockstep.
 *
 * Divergence: a per-warp reconvergence stack of (pc, reconvergence pc, mask) entries; a
 * divergent branch sets the current entry's pc to the immediate post-dominator and pushes
 * one entry per distinct target (the PDOM baseline of /work/shared/seeds/
 * 000_59533a9d6fd130a9.txt section 3.5). Entries carry the call depth, so calls and returns
 * inside divergent code (and divergent indirect calls, serialised per target) work.
 *
 * Lanes: pure register operations compute all 32 lanes (inactive lanes recompute their
 * last value from unchanged operands, which SSA dominance makes harmless); memory, warp
 * intrinsics, phi moves and trace events use the active mask only.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include <llvm-c/Core.h> /* opcode numbers only (LLVMAdd, ...): no LLVM calls here */

#define SLICE_WARP_INSTS 4096
/* Deadlock watchdog: branches without progress before DEADLOCK is reported (~10 s). */
#define SPIN_LIMIT (c->d->watchdog_branches)

struct rent {
    uint32_t pc, rpc, mask, depth;
};

struct frame {
    const struct xfunc *fn;
    size_t regoff;
    uint32_t ret_dst, ret_words;
    uint32_t saved_lsp;
    uint32_t pcbase;
};

enum { W_RUN = 0, W_BAR = 1, W_DONE = 2 };
/* bar_id of a warp waiting at the grid-wide barrier (CTA barriers are 0-15) */
#define GRID_BAR 16

struct warp {
    uint32_t id, alive;
    struct rent *stk;
    uint32_t nstk, capstk;
    struct frame *fr;
    uint32_t nfr, capfr;
    uint64_t *arena;
    size_t used, cap;
    uint32_t lsp;
    int state;
    uint32_t bar_dst; /* barrier reduction result slot */
    uint32_t bar_kind;
    uint32_t bar_id, bar_cnt; /* barrier waited at (0-15), threads expected (0: all live) */
    uint64_t bar_seq;         /* arrival order (counted barriers release the first arrivals) */
    uint64_t clock;
};

/* Cooperative launches run their CTAs side by side, but the trace writer takes one CTA at a
 * time: their events are recorded per CTA and written when the launch ends. */
struct trec {
    uint32_t kind; /* 0 mem, 1 branch, 2 icall */
    uint32_t tid, pc, x;
    uint64_t a, a2;
};
struct tbuf {
    struct trec *v;
    size_t n, cap;
    int failed;
};

struct cta {
    simt_device *d;
    simt_module *m;
    struct kprog *kp;
    simt_trace_writer *tw;
    const struct xfunc *kfn;
    struct simt_dim3 grid, block, ctaid;
    uint32_t nthreads, nwarps;
    uint8_t *shared;
    uint64_t shared_bytes;
    uint8_t *local;
    uint32_t stack_bytes;
    uint8_t *param;
    uint64_t param_bytes;
    struct warp *warps;
    uint64_t ti;
    uint64_t cta_linear;
    const struct xinst *cur;
    const struct xfunc *curfn;
    uint64_t glo, ghi; /* last global allocation hit */
    int64_t bar_red[3];
    uint64_t bar_seq;
    struct tbuf *rec; /* cooperative launches: events recorded here instead of written */
    int grid_wait;    /* every live warp waits at the grid barrier */
    int done;
    uint64_t spin;
    uint64_t timer;
};

/* ------------------------------------------------------------------------------------------ */
/* errors                                                                                        */

static simt_err rt_err(struct cta *c, struct warp *w, int lane, simt_err code, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static simt_err rt_err(struct cta *c, struct warp *w, int lane, simt_err code, const char *fmt, ...)
{
    char detail[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof(detail), fmt, ap);
    va_end(ap);
    const struct xfunc *fn = c->curfn;
    const struct xinst *in = c->cur;
    uint32_t line = 0;
    const char *text = "?", *file = "";
    if (fn && in && in->irpc < fn->nir) {
        line = fn->sinsts[in->irpc].line;
        text = fn->strings + fn->sinsts[in->irpc].text;
        file = fn->source_file ? fn->source_file : "";
    }
    uint32_t tid = w->id * WARP + (uint32_t)(lane < 0 ? 0 : lane);
    uint32_t tx = tid % c->block.x, ty = tid / c->block.x % c->block.y,
             tz = tid / (c->block.x * c->block.y);
    char where[320] = "";
    if (line)
        snprintf(where, sizeof(where), "%s:%u", file[0] ? file : "?", line);
    else
        snprintf(where, sizeof(where), "line unknown (no debug info)");
    return simt_seterr(code,
                       "kernel %s (module %s): %s; at %s in function %s; instruction: %s; "
                       "CTA (%u,%u,%u) thread (%u,%u,%u) [warp %u lane %d]",
                       c->kfn->name, c->m->name, detail, where, fn ? fn->name : "?", text,
                       c->ctaid.x, c->ctaid.y, c->ctaid.z, tx, ty, tz, w->id, lane);
}

/* ------------------------------------------------------------------------------------------ */
/* trace events                                                                                  */

static void rec_push(struct cta *c, uint32_t kind, uint32_t tid, uint32_t pc, uint32_t x,
                     uint64_t a, uint64_t a2)
{
    struct tbuf *b = c->rec;
    if (b->n == b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 1024;
        struct trec *nv = realloc(b->v, nc * sizeof(*nv));
        if (!nv) {
            b->failed = 1;
            return;
        }
        b->v = nv;
        b->cap = nc;
    }
    struct trec *r = &b->v[b->n++];
    r->kind = kind;
    r->tid = tid;
    r->pc = pc;
    r->x = x;
    r->a = a;
    r->a2 = a2;
}

static inline void tr_mem(struct cta *c, uint32_t tid, uint32_t pc, uint64_t a, uint64_t a2,
                          uint32_t size)
{
    if (c->rec)
        rec_push(c, 0, tid, pc, size, a, a2);
    else
        simt_trace_writer_mem(c->tw, tid, pc, a, a2, size);
}

static inline void tr_branch(struct cta *c, uint32_t tid, uint32_t pc, uint32_t succ)
{
    if (c->rec)
        rec_push(c, 1, tid, pc, succ, 0, 0);
    else
        simt_trace_writer_branch(c->tw, tid, pc, succ);
}

static inline void tr_icall(struct cta *c, uint32_t tid, uint32_t pc, uint32_t func)
{
    if (c->rec)
        rec_push(c, 2, tid, pc, func, 0, 0);
    else
        simt_trace_writer_icall(c->tw, tid, pc, func);
}

/* ------------------------------------------------------------------------------------------ */
/* memory                                                                                        */

/* Translates device address `a` (n bytes) of lane `lane` to a host pointer, or reports. */
static uint8_t *xlate(struct cta *c, struct warp *w, int lane, uint64_t a, uint64_t n, int write,
                      simt_err *e)
{
    if (a >= SIMT_WIN_GLOBAL_BASE && a < SIMT_WIN_GLOBAL_END) {
        if (a >= c->glo && a + n <= c->ghi)
            return (uint8_t *)(uintptr_t)a;
        const struct galloc *g = dev_find_alloc(c->d, a);
        if (g && g->live && a + n <= g->addr + g->bytes) {
            c->glo = g->addr;
            c->ghi = g->addr + g->bytes;
            return (uint8_t *)(uintptr_t)a;
        }
        if (g && !g->live)
            *e = rt_err(c, w, lane, SIMT_ERR_MEMORY_FAULT,
                        "%s of %llu bytes at 0x%llx in freed global allocation [0x%llx, +%llu)",
                        write ? "write" : "read", (unsigned long long)n, (unsigned long long)a,
                        (unsigned long long)g->addr, (unsigned long long)g->bytes);
        else if (g)
            *e = rt_err(c, w, lane, SIMT_ERR_MEMORY_FAULT,
                        "out-of-bounds %s of %llu bytes at 0x%llx: allocation [0x%llx, +%llu) "
                        "ends %llu bytes earlier",
                        write ? "write" : "read", (unsigned long long)n, (unsigned long long)a,
                        (unsigned long long)g->addr, (unsigned long long)g->bytes,
                        (unsigned long long)(a + n - g->addr - g->bytes));
        else
            *e = rt_err(c, w, lane, SIMT_ERR_MEMORY_FAULT,
                        "%s of %llu bytes at 0x%llx: unallocated global memory",
                        write ? "write" : "read", (unsigned long long)n, (unsigned long long)a);
        return NULL;
    }
    uint64_t off = a - (a & ~(SIMT_WIN_SIZE - 1));
    switch (simt_addr_space(a)) {
    case SIMT_MS_SHARED:
        if (off + n <= c->shared_bytes)
            return c->shared + off;
        *e = rt_err(c, w, lane, SIMT_ERR_MEMORY_FAULT,
                    "shared-memory overflow: %s of %llu bytes at shared offset %llu, CTA has %llu "
                    "bytes of shared memory",
                    write ? "write" : "read", (unsigned long long)n, (unsigned long long)off,
                    (unsigned long long)c->shared_bytes);
        return NULL;
    case SIMT_MS_LOCAL:
        if (off + n <= c->stack_bytes)
            return c->local + (size_t)(w->id * WARP + (uint32_t)lane) * c->stack_bytes + off;
        *e = rt_err(c, w, lane, SIMT_ERR_MEMORY_FAULT,
                    "%s of %llu bytes at local offset %llu outside the thread's %u-byte stack",
                    write ? "write" : "read", (unsigned long long)n, (unsigned long long)off,
                    c->stack_bytes);
        return NULL;
    case SIMT_MS_CONST: {
        uint8_t *p = dev_const_ptr(c->d, a, n);
        if (p && !write)
            return p;
        *e = rt_err(c, w, lane, SIMT_ERR_MEMORY_FAULT,
                    p ? "write to constant memory at 0x%llx (%llu bytes)"
                      : "read of constant memory at 0x%llx (%llu bytes) outside any module's "
                        "constant bank",
                    (unsigned long long)a, (unsigned long long)n);
        return NULL;
    }
    case SIMT_MS_PARAM:
        if (off + n <= c->param_bytes)
            return c->param + off;
        *e = rt_err(c, w, lane, SIMT_ERR_MEMORY_FAULT,
                    "access of %llu bytes at parameter offset %llu beyond the %llu-byte parameter "
                    "buffer",
                    (unsigned long long)n, (unsigned long long)off,
                    (unsigned long long)c->param_bytes);
        return NULL;
    default:
        *e = rt_err(c, w, lane, SIMT_ERR_MEMORY_FAULT,
                    "%s of %llu bytes at 0x%llx: address in no device memory space%s",
                    write ? "write" : "read", (unsigned long long)n, (unsigned long long)a,
                    a == 0 ? " (null pointer)" : "");
        return NULL;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* scalar helpers                                                                                */

static inline float F(uint64_t x)
{
    uint32_t u = (uint32_t)x;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint64_t UF(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline double D(uint64_t x)
{
    double d;
    memcpy(&d, &x, 8);
    return d;
}
static inline uint64_t UD(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}
static inline float H(uint64_t x)
{
    uint16_t u = (uint16_t)x;
    _Float16 h;
    memcpy(&h, &u, 2);
    return (float)h;
}
static inline uint64_t UH(float f)
{
    _Float16 h = (_Float16)f;
    uint16_t u;
    memcpy(&u, &h, 2);
    return u;
}
static inline double tod(int k, uint64_t x)
{
    return k == XK_F32 ? (double)F(x) : k == XK_F64 ? D(x) : (double)H(x);
}
static inline uint64_t fromd(int k, double d)
{
    return k == XK_F32 ? UF((float)d) : k == XK_F64 ? UD(d) : UH((float)d);
}
static inline uint64_t MK(uint32_t w)
{
    return w >= 64 ? ~0ull : ((1ull << w) - 1);
}
static inline int64_t SX(uint64_t x, uint32_t w)
{
    return w >= 64 ? (int64_t)x : (int64_t)(x << (64 - w)) >> (64 - w);
}

static uint64_t f2i(double v, uint32_t w, int sgn)
{
    if (v != v)
        return 0;
    v = trunc(v);
    if (sgn) {
        double lo = -ldexp(1.0, (int)w - 1), hi = ldexp(1.0, (int)w - 1);
        if (v <= lo)
            return (uint64_t)(int64_t)lo & MK(w);
        if (v >= hi)
            return (uint64_t)(hi - 1 < 9.2e18 ? (int64_t)(hi - 1) : INT64_MAX) & MK(w);
        return (uint64_t)(int64_t)v & MK(w);
    }
    if (v <= 0)
        return 0;
    if (v >= ldexp(1.0, (int)w))
        return MK(w);
    return (uint64_t)v & MK(w);
}

static int icmp(int pred, uint64_t x, uint64_t y, uint32_t w)
{
    switch (pred) {
    case 32:
        return x == y;
    case 33:
        return x != y;
    case 34:
        return x > y;
    case 35:
        return x >= y;
    case 36:
        return x < y;
    case 37:
        return x <= y;
    case 38:
        return SX(x, w) > SX(y, w);
    case 39:
        return SX(x, w) >= SX(y, w);
    case 40:
        return SX(x, w) < SX(y, w);
    default:
        return SX(x, w) <= SX(y, w);
    }
}

static inline int fcmp(int p, double x, double y)
{
    if (x != x || y != y)
        return (p & 8) != 0;
    return ((p & 1) && x == y) || ((p & 2) && x > y) || ((p & 4) && x < y);
}

static uint64_t atomic_op(int op, int ty, uint64_t old, uint64_t v, uint32_t bytes)
{
    uint32_t w = bytes * 8;
    if (ty & 0x80) {
        int k = ty & 0x7f;
        double a = tod(k, old), b = tod(k, v);
        switch (op) {
        case 0:
            return v;
        case 11: /* fadd */
            return fromd(k, k == XK_F32 ? (double)((float)a + (float)b) : a + b);
        case 15: { /* PTX atom/red.add.f32: subnormal inputs and results flushed to zero */
            float x = F(old), y = F(v);
            x = fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
            y = fpclassify(y) == FP_SUBNORMAL ? copysignf(0.0f, y) : y;
            float r = x + y;
            return UF(fpclassify(r) == FP_SUBNORMAL ? copysignf(0.0f, r) : r);
        }
        case 12:
            return fromd(k, k == XK_F32 ? (double)((float)a - (float)b) : a - b);
        case 13:
            return fromd(k, fmax(a, b));
        case 14:
            return fromd(k, fmin(a, b));
        default:
            return old;
        }
    }
    switch (op) {
    case 0: /* xchg */
        return v;
    case 1:
        return (old + v) & MK(w);
    case 2:
        return (old - v) & MK(w);
    case 3:
        return old & v;
    case 4:
        return ~(old & v) & MK(w);
    case 5:
        return old | v;
    case 6:
        return old ^ v;
    case 7:
        return SX(old, w) > SX(v, w) ? old : v;
    case 8:
        return SX(old, w) < SX(v, w) ? old : v;
    case 9:
        return old > v ? old : v;
    case 10:
        return old < v ? old : v;
    default:
        return old;
    }
}

/* 32 single-precision FMAs; with an FMA-capable host CPU the fused instruction (chosen at
 * load time), else libm's fmaf: the same correctly rounded result either way. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) &&                             \
    !defined(__SANITIZE_ADDRESS__)
__attribute__((target_clones("fma", "default")))
#endif
static void
fma64_lanes(uint64_t *Dd, const uint64_t *A, const uint64_t *B, const uint64_t *C, int na, int nc)
{
    for (int l = 0; l < WARP; l++) {
        double x = D(A[l]), y = D(B[l]), z = D(C[l]);
        if (na)
            x = -x;
        if (nc)
            z = -z;
        Dd[l] = UD(fma(x, y, z));
    }
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) &&                             \
    !defined(__SANITIZE_ADDRESS__)
__attribute__((target_clones("fma", "default")))
#endif
static void
fma32_lanes(uint64_t *D, const uint64_t *A, const uint64_t *B, const uint64_t *C, int na, int nc)
{
    for (int l = 0; l < WARP; l++) {
        float x = F(A[l]), y = F(B[l]), z = F(C[l]);
        if (na)
            x = -x;
        if (nc)
            z = -z;
        D[l] = UF(fmaf(x, y, z));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* frames                                                                                        */

static simt_err push_frame(struct cta *c, struct warp *w, const struct xfunc *fn)
{
    if (w->nfr >= SIMT_MAX_DEPTH)
        return rt_err(c, w, -1, SIMT_ERR_LIMIT, "call depth exceeds %d (stack overflow)",
                      SIMT_MAX_DEPTH);
    if (w->nfr == w->capfr) {
        w->capfr = w->capfr ? w->capfr * 2 : 8;
        w->fr = realloc(w->fr, w->capfr * sizeof(*w->fr));
        if (!w->fr)
            return SIMT_ERR_NOMEM;
    }
    size_t need = (size_t)(fn->nslots ? fn->nslots : 1) * WARP;
    size_t off =
        w->nfr
            ? w->fr[w->nfr - 1].regoff +
                  (size_t)(w->fr[w->nfr - 1].fn->nslots ? w->fr[w->nfr - 1].fn->nslots : 1) * WARP
            : 0;
    if (off + need > w->cap) {
        size_t nc = w->cap ? w->cap * 2 : 4096;
        while (nc < off + need)
            nc *= 2;
        uint64_t *na = realloc(w->arena, nc * 8);
        if (!na)
            return simt_seterr(SIMT_ERR_NOMEM, "out of memory for warp registers");
        w->arena = na;
        w->cap = nc;
    }
    struct frame *f = &w->fr[w->nfr++];
    f->fn = fn;
    f->regoff = off;
    f->saved_lsp = w->lsp;
    f->pcbase = c->kp ? c->kp->pcbase[fn->index] : 0;
    f->ret_dst = REF_NONE;
    f->ret_words = 0;
    return SIMT_ERR_OK;
}

static simt_err push_ent(struct warp *w, uint32_t pc, uint32_t rpc, uint32_t mask)
{
    if (w->nstk == w->capstk) {
        w->capstk = w->capstk ? w->capstk * 2 : 32;
        w->stk = realloc(w->stk, w->capstk * sizeof(*w->stk));
        if (!w->stk)
            return SIMT_ERR_NOMEM;
    }
    w->stk[w->nstk++] = (struct rent){pc, rpc, mask, w->nfr - 1};
    return SIMT_ERR_OK;
}

/* Lockstep execution cannot run threads of one warp that wait for each other from different
 * sides of a divergent branch: an intra-warp spin lock, for one, whose critical section clang
 * -O2 moves after the acquiring loop (`while (!done) if (atomicCAS(l, 0, 1) == 0) { ...;
 * atomicExch(l, 0); done = true; }` becomes a CAS loop followed by the critical section), so
 * the lane that acquired waits at the loop's reconvergence point while the others spin on its
 * lock. Compute capability 7.0's independent thread scheduling lets the waiting lanes run on,
 * and so does this: when the CTA has made no progress for a while, lanes of the warp that
 * already reached the reconvergence point of the top entry (and its sibling entries) run ahead
 * to the enclosing entry's reconvergence point, where the spinning lanes now reconverge with
 * them. Each thread's own path is unchanged (the trace is per thread); only the order in
 * which the interpreter runs the lanes changes. */
#define YIELD_BRANCHES (1u << 12) /* no progress for this long: try to yield */
#define YIELD_EVERY    256u       /* then every this many branches (each warp gets a try) */

static simt_err spin_yield(struct warp *w)
{
    uint32_t t = w->nstk - 1, rpc = w->stk[t].rpc, depth = w->stk[t].depth;
    uint32_t above = w->stk[t].mask, p = t;
    if (rpc == RPC_EXIT)
        return SIMT_ERR_OK;
    for (;;) {
        if (p == 0)
            return SIMT_ERR_OK;
        p--;
        const struct rent *en = &w->stk[p];
        if (en->depth != depth)
            return SIMT_ERR_OK;
        if (en->pc == rpc && en->rpc != rpc)
            break; /* the entry the top one reconverges into */
        if (en->rpc != rpc)
            return SIMT_ERR_OK;
        /* a sibling path not yet run; an entry whose pc is already rpc (the loop diverged
         * again inside its own entry) holds lanes waiting at rpc, like the parent */
        if (en->pc != rpc)
            above |= en->mask;
    }
    struct rent *par = &w->stk[p];
    /* a husk left by an earlier yield (pc at its reconvergence point) has no waiting lanes */
    if (par->pc == par->rpc)
        return SIMT_ERR_OK;
    uint32_t waiting = par->mask & w->alive & ~above, outer = par->rpc;
    if (!waiting)
        return SIMT_ERR_OK;
    for (uint32_t j = p + 1; j <= t; j++) {
        if (w->stk[j].pc == rpc)
            w->stk[j].pc = outer; /* stays a husk, popped with the rest */
        w->stk[j].rpc = outer;
    }
    par->pc = outer; /* popped when the entries above it are */
    return push_ent(w, rpc, outer, waiting);
}

/* ------------------------------------------------------------------------------------------ */
/* vprintf                                                                                       */

static simt_err do_vprintf(struct cta *c, struct warp *w, int lane, uint64_t fmt, uint64_t args,
                           int *written)
{
    simt_err e = SIMT_ERR_OK;
    char out[4096];
    size_t o = 0;
    uint64_t ap = 0;
    for (int guard = 0; guard < 4096; guard++) {
        uint8_t *p = xlate(c, w, lane, fmt++, 1, 0, &e);
        if (!p)
            return e;
        char ch = (char)*p;
        if (!ch)
            break;
        if (ch != '%') {
            if (o < sizeof(out) - 1)
                out[o++] = ch;
            continue;
        }
        char spec[32];
        size_t sn = 0;
        spec[sn++] = '%';
        int lng = 0;
        char conv = 0;
        for (;;) {
            p = xlate(c, w, lane, fmt++, 1, 0, &e);
            if (!p)
                return e;
            ch = (char)*p;
            if (!ch) {
                fmt--;
                break;
            }
            if (ch == 'l' || ch == 'z' || ch == 'j' || ch == 't') {
                lng++;
                continue;
            }
            if (ch == 'h')
                continue;
            if (sn < sizeof(spec) - 4)
                spec[sn++] = ch;
            if (strchr("diouxXcsfFeEgGaAp%", ch)) {
                conv = ch;
                break;
            }
        }
        spec[sn] = 0;
        char tmp[512];
        int n = 0;
        if (conv == '%') {
            n = snprintf(tmp, sizeof(tmp), "%%");
        } else if (conv) {
            uint32_t sz =
                (conv == 'f' || conv == 'F' || conv == 'e' || conv == 'E' || conv == 'g' ||
                 conv == 'G' || conv == 'a' || conv == 'A' || conv == 's' || conv == 'p' || lng)
                    ? 8
                    : 4;
            ap = (ap + sz - 1) / sz * sz;
            uint8_t *q = xlate(c, w, lane, args + ap, sz, 0, &e);
            if (!q)
                return e;
            uint64_t v = 0;
            memcpy(&v, q, sz);
            ap += sz;
            if (strchr("fFeEgGaA", conv)) {
                n = snprintf(tmp, sizeof(tmp), spec, D(v));
            } else if (conv == 's') {
                char sbuf[256];
                size_t k = 0;
                for (; k < sizeof(sbuf) - 1; k++) {
                    uint8_t *sp = xlate(c, w, lane, v + k, 1, 0, &e);
                    if (!sp)
                        return e;
                    if (!(sbuf[k] = (char)*sp))
                        break;
                }
                sbuf[k] = 0;
                n = snprintf(tmp, sizeof(tmp), spec, sbuf);
            } else if (conv == 'p') {
                n = snprintf(tmp, sizeof(tmp), "%p", (void *)(uintptr_t)v);
            } else {
                /* integer: rebuild spec with ll */
                char s2[40];
                memcpy(s2, spec, sn - 1);
                s2[sn - 1] = 'l';
                s2[sn] = 'l';
                s2[sn + 1] = conv;
                s2[sn + 2] = 0;
                if (conv == 'c')
                    n = snprintf(tmp, sizeof(tmp), "%c", (char)v);
                else if (conv == 'd' || conv == 'i')
                    n = snprintf(tmp, sizeof(tmp), s2,
                                 sz == 4 ? (long long)(int32_t)v : (long long)v);
                else
                    n = snprintf(tmp, sizeof(tmp), s2,
                                 sz == 4 ? (unsigned long long)(uint32_t)v : (unsigned long long)v);
            }
        }
        if (n > (int)sizeof(tmp) - 1)
            n = (int)sizeof(tmp) - 1;
        for (int i = 0; i < n && o < sizeof(out) - 1; i++)
            out[o++] = tmp[i];
    }
    out[o] = 0;
    fputs(out, stdout);
    *written = (int)o;
    return SIMT_ERR_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* the warp interpreter                                                                         */

#define OPD(r) ((r)&REF_CONST ? cp + (size_t)((r) & ~REF_CONST) * WARP : R + (size_t)(r)*WARP)
#define LANES  for (int l = 0; l < WARP; l++)
#define ACTIVE(m)                                                                                  \
    for (uint32_t mm_ = (m), l; mm_ && (l = (uint32_t)__builtin_ctz(mm_), 1); mm_ &= mm_ - 1)

/* One thread's result of an inline-PTX idiom (enum xptx; PTX ISA: bfe, bfi, prmt, the video
 * instructions' secondary add). */
static uint64_t ptx_op(int px, uint64_t a, uint64_t b, uint64_t c, uint64_t e)
{
    switch (px) {
    case PX_BFE_U32:
    case PX_BFE_S32:
    case PX_BFE_U64:
    case PX_BFE_S64: {
        const int w64 = px == PX_BFE_U64 || px == PX_BFE_S64;
        const int sgn = px == PX_BFE_S32 || px == PX_BFE_S64;
        const uint32_t msb = w64 ? 63 : 31, pos = (uint32_t)b & 0xff, len = (uint32_t)c & 0xff;
        const uint64_t wmask = w64 ? ~0ull : 0xffffffffull;
        a &= wmask;
        const uint32_t top = pos + len - 1 < msb ? pos + len - 1 : msb;
        const uint64_t sbit = !sgn || len == 0 ? 0 : (a >> top) & 1;
        const uint32_t nb = pos > msb ? 0 : (len < msb + 1 - pos ? len : msb + 1 - pos);
        const uint64_t keep = nb >= 64 ? ~0ull : (1ull << nb) - 1;
        uint64_t d = nb ? (a >> pos) & keep : 0;
        if (sbit)
            d |= ~keep;
        return d & wmask;
    }
    case PX_BFI_B32: { /* a inserted into b at bit c, e bits */
        const uint32_t pos = (uint32_t)c & 0xff, len = (uint32_t)e & 0xff;
        uint32_t f = (uint32_t)b;
        for (uint32_t i = 0; i < len && pos + i <= 31; i++)
            f = (f & ~(1u << (pos + i))) | ((uint32_t)(a >> i & 1) << (pos + i));
        return f;
    }
    case PX_PRMT_B32: { /* bytes of {b, a} picked by the four selector nibbles of c */
        const uint64_t t = ((b & 0xffffffffull) << 32) | (a & 0xffffffffull);
        uint32_t d = 0;
        for (int n = 0; n < 4; n++) {
            const uint32_t sel = (uint32_t)(c >> (4 * n)) & 0xf;
            uint32_t by = (uint32_t)(t >> ((sel & 7) * 8)) & 0xff;
            if (sel & 8)
                by = (by & 0x80) ? 0xff : 0; /* replicate the sign */
            d |= by << (8 * n);
        }
        return d;
    }
    case PX_VSHL_ADD:
        return (uint32_t)(((b & 0xffffffffu) >= 32 ? 0 : (uint32_t)a << (b & 31)) + (uint32_t)c);
    case PX_VSHR_ADD:
        return (uint32_t)(((b & 0xffffffffu) >= 32 ? 0 : (uint32_t)a >> (b & 31)) + (uint32_t)c);
    default: /* PX_VADD_ADD */
        return (uint32_t)((uint32_t)a + (uint32_t)b + (uint32_t)c);
    }
}

/* One lane of an XI_PTXALU program (engine.h; PTX ISA "Integer Arithmetic", "Extended-Precision
 * Integer Arithmetic", "Logic and Shift", "Comparison and Selection", "cvt", "Floating-Point"):
 * reg holds the lane's registers, loaded by the caller; ax points at the statements. Values are
 * kept zero-extended to their width. Float arithmetic rounds to nearest even; the .approx
 * functions are computed correctly rounded, as the tracer does for the NVVM intrinsics. */
static void ptx_alu_run(const uint32_t *ax, uint32_t ninst, uint64_t *reg)
{
    uint64_t cc = 0; /* the carry flag (CC.CF) */
    for (uint32_t i = 0; i < ninst; i++, ax += 3) {
        const uint32_t op = ax[0] & 0xff, w = (ax[0] >> 8) & 0xff, fl = (ax[0] >> 16) & 0xff,
                       pr = ax[0] >> 24;
        if (pr != 0xff && !((reg[pr] & 1) ^ ((fl & PF_PNEG) != 0)))
            continue;
        const uint32_t d = ax[1] & 0xff;
        const uint64_t a = reg[(ax[1] >> 8) & 0xff], b = reg[(ax[1] >> 16) & 0xff],
                       c = reg[ax[1] >> 24], m = MK(w);
        const int sg = (fl & PF_SIGNED) != 0, f64 = w == 64;
        const uint64_t cin = (fl & PF_CIN) ? cc : 0;
        uint64_t r = 0;
#define PA_F(x)  (f64 ? D(x) : (double)F(x))
#define PA_UF(v) (f64 ? UD(v) : UF((float)(v)))
        switch (op) {
        case PA_MOV:
            r = a;
            break;
        case PA_PACK:
            r = (a & MK(w / 2)) | (b & MK(w / 2)) << (w / 2);
            break;
        case PA_UNPACK:
            reg[ax[2]] = (a >> (w / 2)) & MK(w / 2);
            r = a & MK(w / 2);
            break;
        case PA_ADD:
        case PA_SUB: {
            /* sub is a + ~b + 1 (subc: + ~b + CF... PTX: a - (b + CF)), carry out of w bits */
            unsigned __int128 s;
            if (op == PA_ADD)
                s = (unsigned __int128)(a & m) + (b & m) + cin;
            else
                s = (unsigned __int128)(a & m) + (~b & m) + ((fl & PF_CIN) ? !cin : 1);
            r = (uint64_t)s;
            if (fl & PF_CC) /* (sub: CF = borrow, i.e. no carry out) */
                cc = op == PA_ADD ? (uint64_t)(s >> w) & 1 : !((uint64_t)(s >> w) & 1);
            break;
        }
        case PA_MULLO:
            r = a * b;
            break;
        case PA_MULHI:
        case PA_MADHI:
            if (sg) {
                __int128 p = (__int128)SX(a, w) * SX(b, w);
                r = (uint64_t)(p >> w);
            } else {
                unsigned __int128 p = (unsigned __int128)(a & m) * (b & m);
                r = (uint64_t)(p >> w);
            }
            if (op == PA_MADHI)
                goto madd;
            break;
        case PA_MULWIDE:
        case PA_MADWIDE:
            r = sg ? (uint64_t)(SX(a, w) * SX(b, w)) : (a & m) * (b & m);
            if (op == PA_MADWIDE)
                r += c;
            reg[d] = w >= 32 ? r : r & MK(2 * w);
            continue;
        case PA_MUL24LO:
        case PA_MAD24LO:
            r = sg ? (uint64_t)(SX(a, 24) * SX(b, 24)) : (a & 0xffffff) * (b & 0xffffff);
            if (op == PA_MAD24LO)
                r += c;
            break;
        case PA_MADLO:
            r = a * b;
        madd : {
            unsigned __int128 s = (unsigned __int128)(r & m) + (c & m) + cin;
            r = (uint64_t)s;
            if (fl & PF_CC)
                cc = (uint64_t)(s >> w) & 1;
            break;
        }
        case PA_DIV:
        case PA_REM:
            if ((b & m) == 0) /* PTX leaves it unspecified: all ones, as the tracer's udiv */
                r = op == PA_DIV ? m : a;
            else if (sg && SX(b, w) == -1)
                r = op == PA_DIV ? (uint64_t)(-(uint64_t)SX(a, w)) : 0;
            else if (sg)
                r = (uint64_t)(op == PA_DIV ? SX(a, w) / SX(b, w) : SX(a, w) % SX(b, w));
            else
                r = op == PA_DIV ? (a & m) / (b & m) : (a & m) % (b & m);
            break;
        case PA_AND:
            r = a & b;
            break;
        case PA_OR:
            r = a | b;
            break;
        case PA_XOR:
            r = a ^ b;
            break;
        case PA_NOT:
            r = w == 1 ? !(a & 1) : ~a;
            break;
        case PA_CNOT:
            r = (a & m) == 0;
            break;
        case PA_NEG:
            r = -a;
            break;
        case PA_ABS:
            r = SX(a, w) < 0 ? -a : a;
            break;
        case PA_MIN:
        case PA_MAX: {
            int lt = sg ? SX(a, w) < SX(b, w) : (a & m) < (b & m);
            r = (op == PA_MIN) == lt ? a : b;
            break;
        }
        case PA_SHL:
            r = (b & 0xffffffff) >= w ? 0 : a << (b & 63);
            break;
        case PA_SHR: {
            const uint64_t s = (b & 0xffffffff) >= w ? w - 1 : (b & 63);
            if (sg)
                r = (uint64_t)(SX(a, w) >> s);
            else
                r = (b & 0xffffffff) >= w ? 0 : (a & m) >> s;
            break;
        }
        case PA_POPC:
            r = (uint64_t)__builtin_popcountll(a & m);
            break;
        case PA_CLZ:
            r = (a & m) ? (uint64_t)(__builtin_clzll(a & m) - (64 - (int)w)) : w;
            break;
        case PA_BREV:
            for (uint32_t k = 0; k < w; k++)
                r |= ((a >> k) & 1) << (w - 1 - k);
            break;
        case PA_BFIND: { /* the most significant non-sign bit, 0xffffffff if none */
            uint64_t x = sg && SX(a, w) < 0 ? ~a & m : a & m;
            r = x ? (uint64_t)(63 - __builtin_clzll(x)) : 0xffffffffu;
            reg[d] = r & 0xffffffffu;
            continue;
        }
        case PA_LOP3:
            for (uint32_t k = 0; k < w; k++) {
                const uint32_t idx =
                    (uint32_t)((a >> k & 1) << 2 | (b >> k & 1) << 1 | (c >> k & 1));
                r |= (uint64_t)((ax[2] >> idx) & 1) << k;
            }
            break;
        case PA_SETP: {
            int t;
            if (fl & PF_FLOAT) {
                const double x = PA_F(a), y = PA_F(b);
                const int cmp[PC_NUM_] = {x == y, x != y && x == x && y == y, x<y, x <= y, x> y,
                                          x >= y};
                t = cmp[ax[2]];
            } else {
                const int lt = sg ? SX(a, w) < SX(b, w) : (a & m) < (b & m);
                const int eq = (a & m) == (b & m);
                const int cmp[PC_NUM_] = {eq, !eq, lt, lt || eq, !lt && !eq, !lt};
                t = cmp[ax[2]];
            }
            reg[d] = (uint64_t)t;
            continue;
        }
        case PA_SELP:
            r = (c & 1) ? a : b;
            break;
        case PA_CVT: {
            const uint32_t sw = ax[2] & 0xff, sfl = (ax[2] >> 8) & 0xff, rnd = ax[2] >> 16;
            if (sfl & PF_FLOAT) {
                const double v = sw == 64 ? D(a) : (double)F(a);
                const double t = rnd == PR_RNI   ? nearbyint(v)
                                 : rnd == PR_RMI ? floor(v)
                                 : rnd == PR_RPI ? ceil(v)
                                 : rnd == PR_RZI ? trunc(v)
                                                 : v;
                if (fl & PF_FLOAT)
                    r = PA_UF(t);
                else
                    r = f2i(t, w, sg);
            } else {
                const uint64_t x = (sfl & PF_SIGNED) ? (uint64_t)SX(a, sw) : a & MK(sw);
                if (fl & PF_FLOAT)
                    r = (sfl & PF_SIGNED) ? (f64 ? UD((double)(int64_t)x) : UF((float)(int64_t)x))
                                          : (f64 ? UD((double)x) : UF((float)x));
                else
                    r = x;
            }
            break;
        }
        case PA_BFE:
            r = ptx_op(w == 64 ? (sg ? PX_BFE_S64 : PX_BFE_U64) : (sg ? PX_BFE_S32 : PX_BFE_U32), a,
                       b, c, 0);
            break;
        case PA_BFI:
            r = ptx_op(PX_BFI_B32, a, b, c, reg[ax[2]]);
            break;
        case PA_PRMT:
            r = ptx_op(PX_PRMT_B32, a, b, c, 0);
            break;
        case PA_FADD:
            r = f64 ? UD(D(a) + D(b)) : UF(F(a) + F(b));
            break;
        case PA_FSUB:
            r = f64 ? UD(D(a) - D(b)) : UF(F(a) - F(b));
            break;
        case PA_FMUL:
            r = f64 ? UD(D(a) * D(b)) : UF(F(a) * F(b));
            break;
        case PA_FFMA:
            r = f64 ? UD(fma(D(a), D(b), D(c))) : UF(fmaf(F(a), F(b), F(c)));
            break;
        case PA_FDIV:
            r = f64 ? UD(D(a) / D(b)) : UF(F(a) / F(b));
            break;
        case PA_FNEG:
            r = a ^ (1ull << (w - 1));
            break;
        case PA_FABS:
            r = a & ~(1ull << (w - 1));
            break;
        case PA_FMIN:
            r = f64 ? UD(fmin(D(a), D(b))) : UF(fminf(F(a), F(b)));
            break;
        case PA_FMAX:
            r = f64 ? UD(fmax(D(a), D(b))) : UF(fmaxf(F(a), F(b)));
            break;
        case PA_FSQRT:
            r = f64 ? UD(sqrt(D(a))) : UF(sqrtf(F(a)));
            break;
        case PA_FRCP:
            r = f64 ? UD(1.0 / D(a)) : UF(1.0f / F(a));
            break;
        case PA_FRSQRT:
            r = PA_UF(1.0 / sqrt(PA_F(a)));
            break;
        case PA_FEX2:
            r = PA_UF(exp2(PA_F(a)));
            break;
        case PA_FLG2:
            r = PA_UF(log2(PA_F(a)));
            break;
        case PA_FSIN:
            r = PA_UF(sin(PA_F(a)));
            break;
        default: /* PA_FCOS */
            r = PA_UF(cos(PA_F(a)));
            break;
        }
#undef PA_F
#undef PA_UF
        reg[d] = r & m;
    }
}

static inline uint32_t tid_of(const struct warp *w, uint32_t l)
{
    return w->id * WARP + l;
}

static void edge_moves(const struct xfunc *fn, uint64_t *R, const uint64_t *cp, uint32_t mv,
                       uint32_t mask)
{
    const uint32_t *ax = fn->aux + mv;
    uint32_t n = ax[0], tmp = ax[1];
    const uint32_t *t = ax + 2;
    if (!tmp) {
        for (uint32_t i = 0; i < n; i++, t += 3) {
            for (uint32_t k = 0; k < t[2]; k++) {
                uint64_t *d = R + (size_t)(t[0] + k) * WARP;
                const uint64_t *s = OPD(t[1]) + (size_t)k * WARP;
                if (mask == 0xffffffffu)
                    memcpy(d, s, WARP * 8);
                else
                    ACTIVE(mask) d[l] = s[l];
            }
        }
        return;
    }
    uint32_t base = tmp - 1, o = 0;
    for (uint32_t i = 0; i < n; i++, t += 3)
        for (uint32_t k = 0; k < t[2]; k++, o++)
            memcpy(R + (size_t)(base + o) * WARP, OPD(t[1]) + (size_t)k * WARP, WARP * 8);
    t = ax + 2;
    o = 0;
    for (uint32_t i = 0; i < n; i++, t += 3)
        for (uint32_t k = 0; k < t[2]; k++, o++) {
            uint64_t *d = R + (size_t)(t[0] + k) * WARP;
            const uint64_t *s = R + (size_t)(base + o) * WARP;
            ACTIVE(mask) d[l] = s[l];
        }
}

static uint64_t rd_bytes(const uint8_t *p, uint32_t n)
{
    uint64_t v = 0;
    memcpy(&v, p, n > 8 ? 8 : n);
    return v;
}

/* Alive lanes of w outside `mask` (the lanes at a barrier) that are not parked on an
 * exit-bound point of the kernel (translate.c: compute_exit_bound): those could still reach
 * this or another barrier, or act on memory, so the barrier is divergent. Parked lanes are
 * found in the warp's lower reconvergence-stack entries; the top entry holding a lane says
 * where it resumes. Exit-bound lanes count as arrived, as exited threads do. */
static uint32_t stray_lanes(const struct cta *c, const struct warp *w, uint32_t mask)
{
    const struct xfunc *k = c->kfn;
    uint32_t left = w->alive & ~mask;
    for (uint32_t i = w->nstk - 1; i-- > 0 && left;) {
        const struct rent *en = &w->stk[i];
        uint32_t m = en->mask & left;
        if (!m)
            continue;
        int ok = en->depth == 0 && (en->pc == RPC_EXIT ||
                                    (k->exit_bound && en->pc < k->ncode && k->exit_bound[en->pc]));
        if (!ok)
            return left;
        left &= ~m;
    }
    return left;
}

/* Runs warp w until it exits, waits at a barrier, or its slice ends. */
/* --- texture sampling (CUDA C Programming Guide, "Texture Fetching") -------------------- */

/* Texel index i of an extent n under address mode m (normalised coordinates allow wrap and
 * mirror; unnormalised ones clamp or use the border): -1 for a border texel. */
static int64_t tex_index(int64_t i, uint64_t n, uint32_t m, int normc)
{
    const int64_t N = (int64_t)n;
    if (m == SIMT_TEX_BORDER)
        return i < 0 || i >= N ? -1 : i;
    if (normc && m == SIMT_TEX_WRAP)
        return ((i % N) + N) % N;
    if (normc && m == SIMT_TEX_MIRROR) {
        const int64_t k = ((i % (2 * N)) + 2 * N) % (2 * N);
        return k < N ? k : 2 * N - 1 - k;
    }
    return i < 0 ? 0 : i >= N ? N - 1 : i;
}

/* floor(v) as a texel index: NaN reads texel 0, and magnitudes beyond any extent stay
 * beyond it without overflowing */
static int64_t tex_floor(float v)
{
    if (!(v == v))
        return 0;
    const float lim = 1099511627776.0f; /* 2^40 */
    return v < -lim ? -(int64_t)lim : v > lim ? (int64_t)lim : (int64_t)floorf(v);
}

/* Device address of texel (x, y, z) of binding b after its address modes; 0 for a border
 * texel. */
static uint64_t tex_addr(const struct simt_texture_binding *b, int64_t x, int64_t y, int64_t z,
                         int normc)
{
    x = tex_index(x, b->width, b->address[0], normc);
    y = tex_index(y, b->height ? b->height : 1, b->address[1], normc);
    z = tex_index(z, b->depth ? b->depth : 1, b->address[2], normc);
    if (x < 0 || y < 0 || z < 0)
        return 0;
    const uint64_t pitch = b->pitch_bytes ? b->pitch_bytes : b->width * b->elem_bytes;
    const uint64_t h = b->height ? b->height : 1;
    return b->base + ((uint64_t)z * h + (uint64_t)y) * pitch + (uint64_t)x * b->elem_bytes;
}

/* The texel at ta (0: the border, all channels 0) as 32-bit words: float channels as their
 * bits, integers sign- or zero-extended, or as floats in the normalized-float read mode. */
static int tex_read(struct cta *c, struct warp *w, uint32_t l, const struct simt_texture_binding *b,
                    uint64_t ta, uint32_t texel[4], simt_err *e)
{
    memset(texel, 0, 4 * sizeof *texel);
    if (!ta)
        return 1;
    uint8_t *hp = xlate(c, w, (int)l, ta, b->elem_bytes, 0, e);
    if (!hp)
        return 0;
    uint32_t ch = b->channels ? b->channels : 1, cb = b->elem_bytes / ch;
    for (uint32_t k = 0; k < ch && k < 4; k++) {
        uint64_t v = rd_bytes(hp + k * cb, cb);
        if (!b->is_float && b->is_signed && cb < 4)
            v = (uint64_t)SX(v, cb * 8);
        texel[k] = (uint32_t)v;
        if (b->normalized_float && !b->is_float && cb < 4) {
            /* [0,1] or [-1,1] by the channel's largest magnitude */
            float scale =
                b->is_signed ? (float)((1u << (cb * 8 - 1)) - 1) : (float)((1u << (cb * 8)) - 1);
            float f = (b->is_signed ? (float)(int32_t)v : (float)(uint32_t)v) / scale;
            f = f < -1.0f ? -1.0f : f;
            memcpy(&texel[k], &f, 4);
        }
    }
    return 1;
}

/* tex1D/2D/3D at float coordinates: normalised coordinates scaled by the extent, then point
 * sampling (the texel holding the coordinate) or linear filtering between the 2/4/8 nearest
 * texel centres with weights in 9-bit fixed point (8 fractional bits), as the hardware does.
 * *ta = the first texel's address (the one traced). */
static int tex_sample(struct cta *c, struct warp *w, uint32_t l,
                      const struct simt_texture_binding *b, float x, float y, float z,
                      uint32_t texel[4], uint64_t *ta, simt_err *e)
{
    const int nc = b->normalized_coords != 0;
    const int dims = b->depth > 1 ? 3 : b->height > 1 ? 2 : 1;
    float co[3] = {x, y, z};
    const uint64_t ext[3] = {b->width, b->height ? b->height : 1, b->depth ? b->depth : 1};
    for (int d = 0; d < 3; d++)
        if (nc)
            co[d] *= (float)ext[d];
    if (!b->filter_linear) {
        *ta = tex_addr(b, tex_floor(co[0]), dims > 1 ? tex_floor(co[1]) : 0,
                       dims > 2 ? tex_floor(co[2]) : 0, nc);
        return tex_read(c, w, l, b, *ta, texel, e);
    }
    int64_t i0[3] = {0, 0, 0};
    float fr[3] = {0, 0, 0};
    for (int d = 0; d < dims; d++) {
        const float t = co[d] - 0.5f, f = floorf(t);
        i0[d] = tex_floor(t);
        fr[d] =
            t == t && fabsf(t) < 1099511627776.0f ? floorf((t - f) * 256.0f + 0.5f) / 256.0f : 0.0f;
    }
    float acc[4] = {0, 0, 0, 0};
    *ta = 0;
    for (int corner = 0; corner < (1 << dims); corner++) {
        float wgt = 1.0f;
        int64_t idx[3] = {0, 0, 0};
        for (int d = 0; d < dims; d++) {
            const int hi = corner >> d & 1;
            idx[d] = i0[d] + hi;
            wgt *= hi ? fr[d] : 1.0f - fr[d];
        }
        const uint64_t a = tex_addr(b, idx[0], idx[1], idx[2], nc);
        if (corner == 0)
            *ta = a;
        uint32_t t4[4];
        if (!tex_read(c, w, l, b, a, t4, e))
            return 0;
        for (int k = 0; k < 4; k++)
            acc[k] += wgt * F(t4[k]);
    }
    for (int k = 0; k < 4; k++)
        texel[k] = (uint32_t)UF(acc[k]);
    return 1;
}

static simt_err run_warp(struct cta *c, struct warp *w)
{
    simt_err e = SIMT_ERR_OK;
    struct frame *f = &w->fr[w->nfr - 1];
    const struct xfunc *fn = f->fn;
    const struct xinst *code = fn->code;
    const uint64_t *cp = fn->cpool;
    uint64_t *R = w->arena + f->regoff;
    struct rent *top = &w->stk[w->nstk - 1];
    uint32_t pc = top->pc, mask = top->mask & w->alive;
    uint64_t ti = 0;
    simt_trace_writer *tw = c->tw;
    uint32_t budget = SLICE_WARP_INSTS;

#define RELOAD()                                                                                   \
    do {                                                                                           \
        f = &w->fr[w->nfr - 1];                                                                    \
        fn = f->fn;                                                                                \
        code = fn->code;                                                                           \
        cp = fn->cpool;                                                                            \
        R = w->arena + f->regoff;                                                                  \
        top = &w->stk[w->nstk - 1];                                                                \
        pc = top->pc;                                                                              \
        mask = top->mask & w->alive;                                                               \
    } while (0)
#define TPC (f->pcbase + in->irpc)
#define FAIL(...)                                                                                  \
    do {                                                                                           \
        e = rt_err(c, w, (int)__builtin_ctz(mask ? mask : 1), __VA_ARGS__);                        \
        goto out;                                                                                  \
    } while (0)

    for (;;) {
        const struct xinst *in = &code[pc];
        ti += (uint64_t)in->cost * (uint32_t)eng_popcount(mask);
        switch (in->op) {
        case OP_NOP:
            pc++;
            break;

#define IBIN(expr)                                                                                 \
    {                                                                                              \
        const uint64_t mk = MK(in->ty);                                                            \
        const uint32_t wd = in->ty;                                                                \
        (void)wd;                                                                                  \
        for (uint32_t el = 0; el < in->nel; el++) {                                                \
            const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP;               \
            uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;                                      \
            LANES                                                                                  \
            {                                                                                      \
                uint64_t x = A[l], y = B[l];                                                       \
                Dd[l] = (expr)&mk;                                                                 \
            }                                                                                      \
        }                                                                                          \
        pc++;                                                                                      \
        break;                                                                                     \
    }
        case OP_ADD:
            IBIN(x + y)
        case OP_SUB:
            IBIN(x - y)
        case OP_MUL:
            IBIN(x * y)
        case OP_AND:
            IBIN(x & y)
        case OP_OR:
            IBIN(x | y)
        case OP_XOR:
            IBIN(x ^ y)
        case OP_SHL:
            IBIN(y >= wd ? 0 : x << y)
        case OP_LSHR:
            IBIN(y >= wd ? 0 : x >> y)
        case OP_ASHR:
            IBIN(y >= wd ? (uint64_t)(SX(x, wd) >> 63) : (uint64_t)(SX(x, wd) >> y))
        case OP_UDIV:
            IBIN(y ? x / y : mk)
        case OP_UREM:
            IBIN(y ? x % y : x)
        case OP_SDIV:
            IBIN(y == 0            ? mk
                 : SX(y, wd) == -1 ? (uint64_t)0 - x
                                   : (uint64_t)(SX(x, wd) / SX(y, wd)))
        case OP_SREM:
            IBIN(y == 0 ? x : SX(y, wd) == -1 ? 0 : (uint64_t)(SX(x, wd) % SX(y, wd)))

#define FLOOP(expr)                                                                                \
    for (uint32_t el = 0; el < in->nel; el++) {                                                    \
        const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP;                   \
        uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;                                          \
        (void)B;                                                                                   \
        switch (in->ty) {                                                                          \
        case XK_F32:                                                                               \
            LANES                                                                                  \
            {                                                                                      \
                float x = F(A[l]), y = F(B[l]);                                                    \
                (void)y;                                                                           \
                Dd[l] = UF((float)(expr));                                                         \
            }                                                                                      \
            break;                                                                                 \
        case XK_F64:                                                                               \
            LANES                                                                                  \
            {                                                                                      \
                double x = D(A[l]), y = D(B[l]);                                                   \
                (void)y;                                                                           \
                Dd[l] = UD((double)(expr));                                                        \
            }                                                                                      \
            break;                                                                                 \
        default:                                                                                   \
            LANES                                                                                  \
            {                                                                                      \
                float x = H(A[l]), y = H(B[l]);                                                    \
                (void)y;                                                                           \
                Dd[l] = UH((float)(expr));                                                         \
            }                                                                                      \
            break;                                                                                 \
        }                                                                                          \
    }                                                                                              \
    pc++;                                                                                          \
    break;
        case OP_FADD:
            FLOOP(x + y)
        case OP_FSUB:
            FLOOP(x - y)
        case OP_FMUL:
            FLOOP(x * y)
        case OP_FDIV:
            FLOOP(x / y)
        case OP_FREM:
            FLOOP(fmod(x, y))
        case OP_FNEG:
            FLOOP(-x)
        case OP_FMA: {
            for (uint32_t el = 0; el < in->nel; el++) {
                const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP,
                               *C = OPD(in->c) + el * WARP;
                uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                int na = in->sub & 1, nc = (in->sub & 2) != 0, sep = (in->sub & 8) != 0;
                switch (in->ty) {
                case XK_F32:
                    if (sep)
                        LANES
                        {
                            float x = F(A[l]), y = F(B[l]), z = F(C[l]);
                            if (na)
                                x = -x;
                            if (nc)
                                z = -z;
                            Dd[l] = UF((float)(x * y) + z);
                        }
                    else
                        fma32_lanes(Dd, A, B, C, na, nc);
                    break;
                case XK_F64:
                    if (sep)
                        LANES
                        {
                            double x = D(A[l]), y = D(B[l]), z = D(C[l]);
                            if (na)
                                x = -x;
                            if (nc)
                                z = -z;
                            Dd[l] = UD((double)(x * y) + z);
                        }
                    else
                        fma64_lanes(Dd, A, B, C, na, nc);
                    break;
                default:
                    LANES
                    {
                        float x = H(A[l]), y = H(B[l]), z = H(C[l]);
                        if (na)
                            x = -x;
                        if (nc)
                            z = -z;
                        Dd[l] = UH(sep ? H(UH(x * y)) + z : (float)fma((double)x, y, z));
                    }
                    break;
                }
            }
            pc++;
            break;
        }
        case OP_ICMP: {
            for (uint32_t el = 0; el < in->nel; el++) {
                const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP;
                uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                const uint32_t wd = in->ty;
                switch (in->sub) {
                case 32:
                    LANES Dd[l] = A[l] == B[l];
                    break;
                case 33:
                    LANES Dd[l] = A[l] != B[l];
                    break;
                case 36:
                    LANES Dd[l] = A[l] < B[l];
                    break;
                case 40:
                    LANES Dd[l] = SX(A[l], wd) < SX(B[l], wd);
                    break;
                default:
                    LANES Dd[l] = (uint64_t)icmp(in->sub, A[l], B[l], wd);
                    break;
                }
            }
            pc++;
            break;
        }
        case OP_FCMP: {
            for (uint32_t el = 0; el < in->nel; el++) {
                const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP;
                uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                int k = in->ty, p = in->sub;
                if (k == XK_F32 && p == 4) /* olt */
                    LANES Dd[l] = F(A[l]) < F(B[l]);
                else if (k == XK_F32 && p == 2) /* ogt */
                    LANES Dd[l] = F(A[l]) > F(B[l]);
                else if (k == XK_F32)
                    LANES Dd[l] = (uint64_t)fcmp(p, F(A[l]), F(B[l]));
                else
                    LANES Dd[l] = (uint64_t)fcmp(p, tod(k, A[l]), tod(k, B[l]));
            }
            pc++;
            break;
        }
        case OP_SELECT: {
            const uint64_t *Cn = OPD(in->a);
            for (uint32_t el = 0; el < in->nel; el++) {
                const uint64_t *B = OPD(in->b) + el * WARP, *C = OPD(in->c) + el * WARP;
                const uint64_t *CC = in->sub ? Cn + el * WARP : Cn;
                uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                LANES Dd[l] = (CC[l] & 1) ? B[l] : C[l];
            }
            pc++;
            break;
        }
        case OP_MOV: {
            const uint64_t *A = OPD(in->a);
            uint64_t *Dd = R + (size_t)in->dst * WARP;
            if (in->dst != REF_NONE && A != Dd)
                memmove(Dd, A, (size_t)in->nel * WARP * 8);
            pc++;
            break;
        }
        case OP_TRUNC: {
            const uint64_t mk = MK(in->ty);
            for (uint32_t el = 0; el < in->nel; el++) {
                const uint64_t *A = OPD(in->a) + el * WARP;
                uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                LANES Dd[l] = A[l] & mk;
            }
            pc++;
            break;
        }
        case OP_SEXT: {
            const uint64_t mk = MK(in->ty);
            for (uint32_t el = 0; el < in->nel; el++) {
                const uint64_t *A = OPD(in->a) + el * WARP;
                uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                LANES Dd[l] = (uint64_t)SX(A[l], in->sub) & mk;
            }
            pc++;
            break;
        }
        case OP_FPCONV:
        case OP_FPTOUI:
        case OP_FPTOSI:
        case OP_UITOFP:
        case OP_SITOFP: {
            for (uint32_t el = 0; el < in->nel; el++) {
                const uint64_t *A = OPD(in->a) + el * WARP;
                uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                int sk = in->sub, dk = in->ty;
                switch (in->op) {
                case OP_FPCONV:
                    if (sk == XK_F64 && dk == XK_F16)
                        LANES
                        {
                            _Float16 h = (_Float16)D(A[l]);
                            uint16_t u;
                            memcpy(&u, &h, 2);
                            Dd[l] = u;
                        }
                    else
                        LANES Dd[l] = fromd(dk, tod(sk, A[l]));
                    break;
                case OP_FPTOUI:
                    LANES Dd[l] = f2i(tod(sk, A[l]), (uint32_t)dk, 0);
                    break;
                case OP_FPTOSI:
                    LANES Dd[l] = f2i(tod(sk, A[l]), (uint32_t)dk, 1);
                    break;
                case OP_UITOFP:
                    if (dk == XK_F32)
                        LANES Dd[l] = UF((float)(A[l] & MK((uint32_t)sk)));
                    else if (dk == XK_F64)
                        LANES Dd[l] = UD((double)(A[l] & MK((uint32_t)sk)));
                    else
                        LANES
                        {
                            _Float16 h = (_Float16)(A[l] & MK((uint32_t)sk));
                            uint16_t u;
                            memcpy(&u, &h, 2);
                            Dd[l] = u;
                        }
                    break;
                default:
                    if (dk == XK_F32)
                        LANES Dd[l] = UF((float)SX(A[l], (uint32_t)sk));
                    else if (dk == XK_F64)
                        LANES Dd[l] = UD((double)SX(A[l], (uint32_t)sk));
                    else
                        LANES
                        {
                            _Float16 h = (_Float16)SX(A[l], (uint32_t)sk);
                            uint16_t u;
                            memcpy(&u, &h, 2);
                            Dd[l] = u;
                        }
                    break;
                }
            }
            pc++;
            break;
        }
        case OP_EXTRACTELT: {
            const uint64_t *V = OPD(in->a), *I = OPD(in->c);
            uint64_t *Dd = R + (size_t)in->dst * WARP;
            LANES
            {
                uint64_t k = I[l] < in->nel ? I[l] : 0;
                Dd[l] = V[k * WARP + (uint32_t)l];
            }
            pc++;
            break;
        }
        case OP_INSERTELT: {
            const uint64_t *V = OPD(in->a), *X = OPD(in->b), *I = OPD(in->c);
            uint64_t *Dd = R + (size_t)in->dst * WARP;
            memmove(Dd, V, (size_t)in->nel * WARP * 8);
            LANES
            {
                if (I[l] < in->nel)
                    Dd[I[l] * WARP + (uint32_t)l] = X[l];
            }
            pc++;
            break;
        }
        case OP_INSERTVAL: {
            const uint64_t *V = OPD(in->a), *X = OPD(in->b);
            uint64_t *Dd = R + (size_t)in->dst * WARP;
            if (Dd != V)
                memmove(Dd, V, (size_t)in->nel * WARP * 8);
            memmove(Dd + (size_t)in->imm * WARP, X, (size_t)in->aux * WARP * 8);
            pc++;
            break;
        }
        case OP_SHUFFLE: {
            const uint64_t *A = OPD(in->a), *B = OPD(in->b);
            uint64_t *Dd = R + (size_t)in->dst * WARP;
            uint64_t tmp[64 * WARP];
            uint64_t *T = in->nel <= 64 ? tmp : Dd;
            for (uint32_t el = 0; el < in->nel; el++) {
                uint32_t m = fn->aux[in->aux + el];
                if (m == UINT32_MAX)
                    memset(T + el * WARP, 0, WARP * 8);
                else if (m < (uint32_t)in->imm)
                    memcpy(T + el * WARP, A + (size_t)m * WARP, WARP * 8);
                else
                    memcpy(T + el * WARP, B + (size_t)(m - in->imm) * WARP, WARP * 8);
            }
            if (T != Dd)
                memcpy(Dd, T, (size_t)in->nel * WARP * 8);
            pc++;
            break;
        }
        case OP_BITCAST: {
            const uint32_t *ax = fn->aux + in->aux;
            uint32_t n1 = ax[0];
            const uint32_t *l1 = ax + 1;
            uint32_t n2 = ax[1 + 2 * n1];
            const uint32_t *l2 = ax + 2 + 2 * n1;
            const uint64_t *A = OPD(in->a);
            uint64_t *Dd = R + (size_t)in->dst * WARP;
            uint64_t tmp[64 * WARP];
            LANES
            {
                uint8_t buf[72];
                memset(buf, 0, sizeof(buf));
                for (uint32_t k = 0; k < n1; k++)
                    memcpy(buf + l1[2 * k], &A[(size_t)k * WARP + (uint32_t)l],
                           l1[2 * k + 1] > 8 ? 8 : l1[2 * k + 1]);
                for (uint32_t k = 0; k < n2 && k < 64; k++)
                    tmp[(size_t)k * WARP + (uint32_t)l] = rd_bytes(buf + l2[2 * k], l2[2 * k + 1]);
            }
            memcpy(Dd, tmp, (size_t)(n2 < 64 ? n2 : 64) * WARP * 8);
            pc++;
            break;
        }
        case OP_WIDE: {
            const uint64_t *A = OPD(in->a), *B = in->b != REF_NONE ? OPD(in->b) : NULL;
            uint64_t *Dd = R + (size_t)in->dst * WARP;
            uint32_t sw = (uint32_t)in->imm, dw = in->ty, aw = in->aux;
            uint64_t r0[WARP], r1[WARP];
            LANES
            {
                unsigned __int128 x = A[l], y = 0, r = 0;
                if (aw > 1)
                    x |= (unsigned __int128)A[WARP + l] << 64;
                if (B) {
                    y = B[l];
                    if (aw > 1)
                        y |= (unsigned __int128)B[WARP + l] << 64;
                }
                unsigned __int128 mk =
                    sw >= 128 ? ~(unsigned __int128)0 : (((unsigned __int128)1 << sw) - 1);
                x &= mk;
                y &= mk;
                __int128 sx = sw >= 128 ? (__int128)x : (__int128)(x << (128 - sw)) >> (128 - sw);
                __int128 sy = sw >= 128 ? (__int128)y : (__int128)(y << (128 - sw)) >> (128 - sw);
                switch (in->sub) {
                case LLVMAdd:
                    r = x + y;
                    break;
                case LLVMSub:
                    r = x - y;
                    break;
                case LLVMMul:
                    r = x * y;
                    break;
                case LLVMAnd:
                    r = x & y;
                    break;
                case LLVMOr:
                    r = x | y;
                    break;
                case LLVMXor:
                    r = x ^ y;
                    break;
                case LLVMShl:
                    r = y >= sw ? 0 : x << (unsigned)y;
                    break;
                case LLVMLShr:
                    r = y >= sw ? 0 : x >> (unsigned)y;
                    break;
                case LLVMAShr:
                    r = (unsigned __int128)(sx >> (y >= sw ? sw - 1 : (unsigned)y));
                    break;
                case LLVMZExt:
                case LLVMTrunc:
                    r = x;
                    break;
                case LLVMSExt:
                    r = (unsigned __int128)sx;
                    break;
                /* divisions by zero give all ones / the dividend, as div.u64 and rem.u64 do
                 * (undefined in LLVM); the signed overflow MIN / -1 wraps */
                case LLVMUDiv:
                    r = y ? x / y : mk;
                    break;
                case LLVMURem:
                    r = y ? x % y : x;
                    break;
                case LLVMSDiv:
                    r = y == 0 ? mk : sy == -1 ? 0 - x : (unsigned __int128)(sx / sy);
                    break;
                case LLVMSRem:
                    r = y == 0 ? x : sy == -1 ? 0 : (unsigned __int128)(sx % sy);
                    break;
                default: /* icmp: 64 + predicate */
                    switch (in->sub - 64) {
                    case 32:
                        r = x == y;
                        break;
                    case 33:
                        r = x != y;
                        break;
                    case 34:
                        r = x > y;
                        break;
                    case 35:
                        r = x >= y;
                        break;
                    case 36:
                        r = x < y;
                        break;
                    case 37:
                        r = x <= y;
                        break;
                    case 38:
                        r = sx > sy;
                        break;
                    case 39:
                        r = sx >= sy;
                        break;
                    case 40:
                        r = sx < sy;
                        break;
                    default:
                        r = sx <= sy;
                        break;
                    }
                }
                if (dw < 128)
                    r &= ((unsigned __int128)1 << dw) - 1;
                r0[l] = (uint64_t)r;
                r1[l] = (uint64_t)(r >> 64);
            }
            memcpy(Dd, r0, sizeof(r0));
            if (in->nel > 1)
                memcpy(Dd + WARP, r1, sizeof(r1));
            pc++;
            break;
        }
        case OP_GEP: {
            const uint64_t *A = OPD(in->a);
            uint64_t *Dd = R + (size_t)in->dst * WARP;
            const uint32_t *ax = fn->aux + in->aux;
            uint32_t nt = ax[0];
            uint64_t tmp[WARP];
            LANES tmp[l] = A[l] + (uint64_t)in->imm;
            for (uint32_t k = 0; k < nt; k++) {
                const uint64_t *Ix = OPD(ax[1 + 4 * k]);
                uint32_t wd = ax[2 + 4 * k];
                uint64_t sc = ax[3 + 4 * k] | (uint64_t)ax[4 + 4 * k] << 32;
                LANES tmp[l] += (uint64_t)SX(Ix[l], wd) * sc;
            }
            memcpy(Dd, tmp, sizeof(tmp));
            pc++;
            break;
        }
        case OP_ALLOCA: {
            uint64_t bytes = (uint64_t)in->imm;
            if (in->a != REF_NONE) {
                const uint64_t *Cn = OPD(in->a);
                uint64_t mx = 0;
                ACTIVE(mask) if ((Cn[l] & MK(in->ty)) > mx) mx = Cn[l] & MK(in->ty);
                bytes *= mx;
            }
            uint64_t al = 1ull << in->sub;
            uint64_t p = (w->lsp + al - 1) & ~(al - 1);
            if (p + bytes > c->stack_bytes)
                FAIL(SIMT_ERR_LIMIT,
                     "stack overflow: alloca of %llu bytes exceeds the %u-byte per-thread stack "
                     "(raise stack_bytes_per_thread / cudaLimitStackSize)",
                     (unsigned long long)bytes, c->stack_bytes);
            w->lsp = (uint32_t)(p + bytes);
            uint64_t *Dd = R + (size_t)in->dst * WARP;
            LANES Dd[l] = SIMT_WIN_LOCAL_BASE + p;
            pc++;
            break;
        }
        case OP_LOAD:
        case OP_STORE: {
            int st = in->op == OP_STORE;
            if (st)
                c->spin = 0;
            const uint64_t *P = OPD(st ? in->b : in->a);
            const uint64_t *V = st ? OPD(in->a) : NULL;
            const uint32_t *ax = fn->aux + in->aux;
            uint32_t nl = ax[0];
            uint64_t bytes = (uint64_t)in->imm;
            uint32_t al = in->ty;
            c->cur = in;
            c->curfn = fn;
            if (nl == 1 && !st) {
                uint32_t sz = ax[2];
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                ACTIVE(mask)
                {
                    uint64_t a = P[l];
                    if (al > 1 && (a & (al - 1)))
                        FAIL(SIMT_ERR_MEMORY_FAULT,
                             "misaligned read of %u bytes at 0x%llx (alignment %u)", sz,
                             (unsigned long long)a, al);
                    uint8_t *hp = xlate(c, w, (int)l, a, bytes, 0, &e);
                    if (!hp)
                        goto out;
                    Dd[l] = rd_bytes(hp, sz);
                    if (tw)
                        tr_mem(c, tid_of(w, l), TPC, a, 0, (uint32_t)bytes);
                }
            } else {
                ACTIVE(mask)
                {
                    uint64_t a = P[l];
                    if (al > 1 && (a & (al - 1)))
                        FAIL(SIMT_ERR_MEMORY_FAULT,
                             "misaligned %s of %llu bytes at 0x%llx (alignment %u)",
                             st ? "write" : "read", (unsigned long long)bytes,
                             (unsigned long long)a, al);
                    uint8_t *hp = xlate(c, w, (int)l, a, bytes, st, &e);
                    if (!hp)
                        goto out;
                    for (uint32_t k = 0; k < nl; k++) {
                        uint32_t off = ax[1 + 2 * k], sz = ax[2 + 2 * k];
                        if (st) {
                            uint64_t v = V[(size_t)k * WARP + l];
                            memcpy(hp + off, &v, sz > 8 ? 8 : sz);
                        } else {
                            R[(size_t)(in->dst + k) * WARP + l] = rd_bytes(hp + off, sz);
                        }
                    }
                    if (tw)
                        tr_mem(c, tid_of(w, l), TPC, a, 0, (uint32_t)bytes);
                }
            }
            pc++;
            break;
        }
        case OP_ATOMIC:
        case OP_CMPXCHG: {
            const uint64_t *P = OPD(in->a), *V = OPD(in->b);
            const uint64_t *N = in->op == OP_CMPXCHG ? OPD(in->c) : NULL;
            uint32_t bytes = (uint32_t)in->imm;
            c->cur = in;
            c->curfn = fn;
            uint64_t res[WARP], ok[WARP];
            ACTIVE(mask)
            {
                uint64_t a = P[l];
                if (a & (bytes - 1))
                    FAIL(SIMT_ERR_MEMORY_FAULT, "misaligned atomic of %u bytes at 0x%llx", bytes,
                         (unsigned long long)a);
                uint8_t *hp = xlate(c, w, (int)l, a, bytes, 1, &e);
                if (!hp)
                    goto out;
                uint64_t old = rd_bytes(hp, bytes), nv;
                if (in->op == OP_CMPXCHG) {
                    ok[l] = old == (V[l] & MK(bytes * 8));
                    nv = ok[l] ? N[l] : old;
                } else {
                    nv = atomic_op(in->sub, in->ty, old, V[l], bytes);
                }
                if (nv != old) {
                    memcpy(hp, &nv, bytes);
                    c->spin = 0;
                }
                res[l] = old;
                if (tw)
                    tr_mem(c, tid_of(w, l), TPC, a, 0, bytes);
            }
            if (in->dst != REF_NONE) {
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                ACTIVE(mask) Dd[l] = res[l];
                if (in->op == OP_CMPXCHG && !in->sub)
                    ACTIVE(mask) Dd[WARP + l] = ok[l];
            }
            pc++;
            break;
        }
        case OP_FENCE:
            pc++;
            break;

        /* --- control flow --------------------------------------------------------------- */
        case OP_BR: {
            const struct xedge *ed = &fn->edges[in->aux];
            if (ed->moves)
                edge_moves(fn, R, cp, ed->moves, mask);
            pc = ed->target;
            goto check_reconv;
        }
        case OP_CONDBR: {
            const uint64_t *Cn = OPD(in->a);
            uint32_t t = 0;
            ACTIVE(mask) t |= (uint32_t)(Cn[l] & 1) << l;
            uint32_t fm = mask & ~t;
            const struct xedge *et = &fn->edges[in->aux], *ef = et + 1;
            if (tw)
                ACTIVE(mask)
            tr_branch(c, tid_of(w, l), TPC, (t >> l & 1) ? 0 : 1);
            if (t && et->moves)
                edge_moves(fn, R, cp, et->moves, t);
            if (fm && ef->moves)
                edge_moves(fn, R, cp, ef->moves, fm);
            if (!fm) {
                pc = et->target;
            } else if (!t) {
                pc = ef->target;
            } else {
                uint32_t rpc = in->c;
                top->pc = rpc;
                if (ef->target != rpc)
                    if ((e = push_ent(w, ef->target, rpc, fm)))
                        goto out;
                if (et->target != rpc)
                    if ((e = push_ent(w, et->target, rpc, t)))
                        goto out;
                top = &w->stk[w->nstk - 1];
                pc = top->pc;
                mask = top->mask & w->alive;
            }
            goto check_reconv;
        }
        case OP_SWITCH: {
            const uint64_t *Cn = OPD(in->a);
            const uint32_t *ax = fn->aux + in->aux;
            uint32_t nc = ax[0];
            uint32_t emask[64];
            uint32_t eidx[64];
            uint32_t ne = 0;
            ACTIVE(mask)
            {
                uint64_t v = Cn[l];
                uint32_t ei = ax[1];
                for (uint32_t k = 0; k < nc; k++) {
                    uint64_t cv = ax[2 + 3 * k] | (uint64_t)ax[3 + 3 * k] << 32;
                    if (cv == v) {
                        ei = ax[4 + 3 * k];
                        break;
                    }
                }
                if (ei == UINT32_MAX) /* indirectbr: no default destination */
                    FAIL(SIMT_ERR_TRAP,
                         "indirectbr to address 0x%llx, which is none of its %u destinations "
                         "(undefined behaviour)",
                         (unsigned long long)v, nc);
                uint32_t j = 0;
                while (j < ne && eidx[j] != ei)
                    j++;
                if (j == ne) {
                    if (ne == 64)
                        FAIL(SIMT_ERR_UNSUPPORTED, "switch with more than 64 distinct targets");
                    eidx[ne] = ei;
                    emask[ne++] = 0;
                }
                emask[j] |= 1u << l;
                if (tw)
                    tr_branch(c, tid_of(w, l), TPC, fn->edges[ei].succ);
            }
            for (uint32_t j = 0; j < ne; j++)
                if (fn->edges[eidx[j]].moves)
                    edge_moves(fn, R, cp, fn->edges[eidx[j]].moves, emask[j]);
            /* edges to the same block (a case and the default, say) form one group */
            uint32_t ng = 0;
            for (uint32_t j = 0; j < ne; j++) {
                uint32_t tg = fn->edges[eidx[j]].target, k = 0;
                while (k < ng && fn->edges[eidx[k]].target != tg)
                    k++;
                if (k == ng) {
                    eidx[ng] = eidx[j];
                    emask[ng++] = emask[j];
                } else {
                    emask[k] |= emask[j];
                }
            }
            if (ng == 1) {
                pc = fn->edges[eidx[0]].target;
            } else {
                uint32_t rpc = in->c;
                top->pc = rpc;
                for (uint32_t j = ng; j-- > 0;) {
                    uint32_t tg = fn->edges[eidx[j]].target;
                    if (tg != rpc)
                        if ((e = push_ent(w, tg, rpc, emask[j])))
                            goto out;
                }
                top = &w->stk[w->nstk - 1];
                pc = top->pc;
                mask = top->mask & w->alive;
            }
            goto check_reconv;
        }
        case OP_RET: {
            if (w->nfr == 1) {
                w->alive &= ~mask;
                c->spin = 0;
            } else {
                struct frame *cf = &w->fr[w->nfr - 2];
                if (f->ret_dst != REF_NONE && in->nel) {
                    uint64_t *CR = w->arena + cf->regoff;
                    for (uint32_t k = 0; k < in->nel; k++) {
                        const uint64_t *S = OPD(in->a) + (size_t)k * WARP;
                        uint64_t *Dd = CR + (size_t)(f->ret_dst + k) * WARP;
                        ACTIVE(mask) Dd[l] = S[l];
                    }
                }
            }
            pc = RPC_EXIT;
            goto check_reconv;
        }
        case OP_UNREACHABLE:
            c->cur = in;
            c->curfn = fn;
            FAIL(SIMT_ERR_TRAP, "reached 'unreachable' (undefined behaviour in the program)");
        case OP_CALL:
        case OP_ICALL: {
            const uint32_t *ax = fn->aux + in->aux;
            uint32_t callee = ax[0];
            if (in->op == OP_ICALL) {
                const uint64_t *T = OPD(in->a);
                uint64_t t0 = T[__builtin_ctz(mask)];
                uint32_t same = 0;
                ACTIVE(mask) same |= (uint32_t)(T[l] == t0) << l;
                uint64_t base = SIMT_WIN_FUNC_BASE + ((uint64_t)c->m->id << 24);
                c->cur = in;
                c->curfn = fn;
                if (t0 < base || t0 >= base + (uint64_t)c->m->nfuncs * 16 || (t0 - base) % 16 ||
                    !c->m->funcs[(t0 - base) / 16].defined)
                    FAIL(SIMT_ERR_MEMORY_FAULT,
                         "indirect call through 0x%llx, which is not a device function of this "
                         "module",
                         (unsigned long long)t0);
                if (same != mask) {
                    /* serialise: lanes calling t0 first, the rest later (reconverge after) */
                    top->pc = pc + 1;
                    /* the deferred lanes count when they re-execute the call */
                    ti -= (uint64_t)eng_popcount(mask & ~same);
                    if ((e = push_ent(w, pc, pc + 1, mask & ~same)) ||
                        (e = push_ent(w, pc, pc + 1, same)))
                        goto out;
                    top = &w->stk[w->nstk - 1];
                    mask = same;
                }
                callee = (uint32_t)((t0 - base) / 16);
                if (tw)
                    ACTIVE(mask)
                tr_icall(c, tid_of(w, l), TPC, c->kp->funcidx[callee]);
            }
            const struct xfunc *cf = &c->m->funcs[callee];
            uint32_t na = ax[1];
            top->pc = pc + 1;
            if ((e = push_frame(c, w, cf)))
                goto out;
            /* push_frame may move the arena */
            uint64_t *CR = w->arena + w->fr[w->nfr - 2].regoff;
            uint64_t *NR = w->arena + w->fr[w->nfr - 1].regoff;
            for (uint32_t i = 0; i < na && i < cf->nparams; i++) {
                uint32_t r = ax[2 + 2 * i], nw = ax[3 + 2 * i];
                const uint64_t *S =
                    (r & REF_CONST) ? cp + (size_t)(r & ~REF_CONST) * WARP : CR + (size_t)r * WARP;
                memcpy(NR + (size_t)cf->param_slot[i] * WARP, S, (size_t)nw * WARP * 8);
            }
            w->fr[w->nfr - 1].ret_dst = in->dst;
            w->fr[w->nfr - 1].ret_words = in->nel;
            if ((e = push_ent(w, 0, RPC_EXIT, mask)))
                goto out;
            RELOAD();
            break;
        }
        case OP_INTRIN:
            c->cur = in;
            c->curfn = fn;
            switch (in->sub) {
            case XI_SREG: {
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                uint32_t v = 0;
                switch (in->imm) {
                case SR_TID_X:
                case SR_TID_Y:
                case SR_TID_Z:
                    LANES
                    {
                        uint32_t t = w->id * WARP + (uint32_t)l;
                        Dd[l] = in->imm == SR_TID_X   ? t % c->block.x
                                : in->imm == SR_TID_Y ? t / c->block.x % c->block.y
                                                      : t / (c->block.x * c->block.y);
                    }
                    pc++;
                    continue;
                case SR_LANEID:
                    LANES Dd[l] = (uint64_t)l;
                    pc++;
                    continue;
                case SR_LANEMASK_EQ:
                    LANES Dd[l] = 1ull << l;
                    pc++;
                    continue;
                case SR_LANEMASK_LE:
                    LANES Dd[l] = (uint32_t)(((uint64_t)2 << l) - 1);
                    pc++;
                    continue;
                case SR_LANEMASK_LT:
                    LANES Dd[l] = (uint32_t)((1ull << l) - 1);
                    pc++;
                    continue;
                case SR_LANEMASK_GE:
                    LANES Dd[l] = (uint32_t)(~((1ull << l) - 1));
                    pc++;
                    continue;
                case SR_LANEMASK_GT:
                    LANES Dd[l] = (uint32_t)(~(((uint64_t)2 << l) - 1));
                    pc++;
                    continue;
                case SR_NTID_X:
                    v = c->block.x;
                    break;
                case SR_NTID_Y:
                    v = c->block.y;
                    break;
                case SR_NTID_Z:
                    v = c->block.z;
                    break;
                case SR_CTAID_X:
                    v = c->ctaid.x;
                    break;
                case SR_CTAID_Y:
                    v = c->ctaid.y;
                    break;
                case SR_CTAID_Z:
                    v = c->ctaid.z;
                    break;
                case SR_NCTAID_X:
                    v = c->grid.x;
                    break;
                case SR_NCTAID_Y:
                    v = c->grid.y;
                    break;
                case SR_NCTAID_Z:
                    v = c->grid.z;
                    break;
                case SR_WARPSIZE:
                    v = WARP;
                    break;
                case SR_WARPID:
                    v = w->id;
                    break;
                case SR_NWARPID:
                    v = c->nwarps;
                    break;
                case SR_NSMID:
                    v = 1;
                    break;
                case SR_CLOCK:
                case SR_CLOCK64: {
                    /* deterministic: the warp's issued instructions so far */
                    uint64_t ck = w->clock + ti;
                    LANES Dd[l] = in->imm == SR_CLOCK ? (uint32_t)ck : ck;
                    pc++;
                    continue;
                }
                case SR_GLOBALTIMER: {
                    uint64_t ck = (c->timer + w->clock + ti) * 1000;
                    LANES Dd[l] = ck;
                    pc++;
                    continue;
                }
                default:
                    v = 0;
                    break;
                }
                LANES Dd[l] = v;
                pc++;
                break;
            }
            case XI_GRIDSYNC:
            case XI_BARRIER:
            case XI_BARRIER_RED: {
                uint32_t bid = in->sub == XI_GRIDSYNC ? GRID_BAR : 0, bcnt = 0,
                         l0 = (uint32_t)__builtin_ctz(mask);
                if (in->sub == XI_BARRIER && in->a != REF_NONE) {
                    const uint64_t *A = OPD(in->a);
                    bid = (uint32_t)A[l0];
                    uint32_t odd = 0;
                    ACTIVE(mask) odd |= (uint32_t)A[l] != bid;
                    if (in->imm) {
                        const uint64_t *B = OPD(in->b);
                        bcnt = (uint32_t)B[l0];
                        ACTIVE(mask) odd |= (uint32_t)B[l] != bcnt;
                    }
                    if (odd)
                        FAIL(SIMT_ERR_BARRIER,
                             "barrier id or thread count differs between the threads of a warp");
                    if (bid >= 16)
                        FAIL(SIMT_ERR_BARRIER, "barrier id %u: a CTA has 16 barriers (0-15)", bid);
                    if (in->imm && (bcnt == 0 || bcnt % WARP || bcnt > c->nwarps * WARP))
                        FAIL(SIMT_ERR_BARRIER,
                             "barrier %u with a thread count of %u: the count must be a non-zero "
                             "multiple of the warp size (32) and at most the CTA's %u warps x 32",
                             bid, bcnt, c->nwarps);
                }
                if (mask != w->alive) {
                    /* alive threads outside the active mask count as arrived only when they
                     * are parked where nothing but the kernel's exit is left to do */
                    uint32_t stray = stray_lanes(c, w, mask);
                    if (stray)
                        FAIL(SIMT_ERR_BARRIER,
                             "__syncthreads() inside divergent code: %d of the warp's %d live "
                             "threads reached it (active mask 0x%08x, live 0x%08x); threads "
                             "0x%08x have not exited and can still execute other code",
                             eng_popcount(mask), eng_popcount(w->alive), mask, w->alive, stray);
                }
                w->bar_id = bid;
                w->bar_cnt = bcnt;
                w->bar_seq = c->bar_seq++;
                if (in->sub == XI_BARRIER_RED) {
                    const uint64_t *P = OPD(in->a);
                    uint32_t k = (uint32_t)in->imm;
                    ACTIVE(mask)
                    {
                        int p = (P[l] & 0xffffffffu) != 0;
                        if (k == 0)
                            c->bar_red[0] += p;
                        else if (k == 1)
                            c->bar_red[1] &= p;
                        else
                            c->bar_red[2] |= p;
                    }
                    w->bar_dst = in->dst;
                    w->bar_kind = k;
                } else {
                    w->bar_dst = REF_NONE;
                }
                top->pc = pc + 1;
                w->state = W_BAR;
                c->spin = 0;
                goto out;
            }
            case XI_WARPSYNC: {
                const uint64_t *Mk = OPD(in->a);
                /* lanes named in a member mask that are alive but not active here cannot
                 * arrive under lockstep execution: they would wait forever */
                uint32_t missing = 0;
                ACTIVE(mask) missing |= (uint32_t)Mk[l] & w->alive & ~mask;
                if (missing)
                    FAIL(SIMT_ERR_BARRIER,
                         "__syncwarp with member mask 0x%08x: threads 0x%08x of the mask are not "
                         "converged here (active 0x%08x)",
                         (uint32_t)Mk[__builtin_ctz(mask)], missing, mask);
                pc++;
                break;
            }
            case XI_SHFL: {
                const uint64_t *V = OPD(in->b), *B = OPD(in->c);
                const uint32_t cref = fn->aux[in->aux];
                const uint64_t *Cc = OPD(cref);
                int mode = (int)(in->imm & 3);
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                uint64_t res[WARP], pr[WARP];
                ACTIVE(mask)
                {
                    uint32_t bval = (uint32_t)B[l] & 31, cv = (uint32_t)Cc[l];
                    uint32_t cval = cv & 0x1f, seg = (cv >> 8) & 0x1f;
                    uint32_t maxl = (l & seg) | (cval & ~seg), minl = l & seg;
                    int32_t j;
                    int ok;
                    bval = (uint32_t)B[l];
                    switch (mode) {
                    case 1:
                        j = (int32_t)l - (int32_t)bval;
                        ok = j >= (int32_t)maxl;
                        break;
                    case 2:
                        j = (int32_t)l + (int32_t)bval;
                        ok = j <= (int32_t)maxl;
                        break;
                    case 3:
                        j = (int32_t)(l ^ bval);
                        ok = j <= (int32_t)maxl;
                        break;
                    default:
                        j = (int32_t)(minl | (bval & ~seg));
                        ok = j <= (int32_t)maxl;
                        break;
                    }
                    if (!ok || j < 0 || j > 31)
                        j = (int32_t)l;
                    res[l] = V[j];
                    pr[l] = (uint64_t)ok;
                }
                if (in->imm & 0x100) { /* CUB's shuffle-and-add steps: add when the lane is valid */
                    const uint64_t *Ad = OPD(fn->aux[in->aux + 1]);
                    const int kind = (int)(in->imm >> 12) & 3;
                    ACTIVE(mask)
                    {
                        if (!pr[l])
                            continue;
                        res[l] = kind == 0   ? (uint64_t)(uint32_t)(res[l] + Ad[l])
                                 : kind == 1 ? UF(F(res[l]) + F(Ad[l]))
                                 : kind == 2 ? res[l] + Ad[l]
                                             : UD(D(res[l]) + D(Ad[l]));
                    }
                }
                ACTIVE(mask) Dd[l] = res[l];
                if (in->imm & 4)
                    ACTIVE(mask) Dd[WARP + l] = pr[l];
                pc++;
                break;
            }
            case XI_VOTE: {
                int sync = (in->imm & 4) != 0, mode = (int)(in->imm & 3);
                const uint64_t *Mk = sync ? OPD(in->a) : NULL;
                const uint64_t *P = OPD(sync ? in->b : in->a);
                /* each thread votes over its own member mask (tiles pass different masks) */
                uint32_t all = 0;
                ACTIVE(mask) all |= (uint32_t)(P[l] & 1) << l;
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                ACTIVE(mask)
                {
                    uint32_t mem = sync ? (uint32_t)Mk[l] & mask : mask;
                    uint32_t bal = all & mem;
                    Dd[l] = mode == 3   ? bal
                            : mode == 0 ? (bal == mem)
                            : mode == 1 ? (bal != 0)
                                        : (bal == 0 || bal == mem);
                }
                pc++;
                break;
            }
            case XI_ACTIVEMASK: {
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                ACTIVE(mask) Dd[l] = mask;
                pc++;
                break;
            }
            case XI_MATCH_ANY:
            case XI_MATCH_ALL: {
                const uint64_t *Mk = OPD(in->a), *V = OPD(in->b);
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                uint64_t res[WARP], pr[WARP];
                ACTIVE(mask)
                {
                    uint32_t mem = (uint32_t)Mk[l] & mask;
                    uint32_t mm = 0;
                    for (uint32_t j = 0; j < WARP; j++)
                        if ((mem >> j & 1) && V[j] == V[l])
                            mm |= 1u << j;
                    if (in->sub == XI_MATCH_ANY) {
                        res[l] = mm;
                    } else {
                        res[l] = mm == mem ? mem : 0;
                        pr[l] = mm == mem;
                    }
                }
                ACTIVE(mask) Dd[l] = res[l];
                if (in->sub == XI_MATCH_ALL)
                    ACTIVE(mask) Dd[WARP + l] = pr[l];
                pc++;
                break;
            }
            case XI_MEMBAR:
            case XI_NANOSLEEP:
                pc++;
                break;
            case XI_ATOM_INC:
            case XI_ATOM_DEC: {
                const uint64_t *P = OPD(in->a), *V = OPD(in->b);
                uint32_t bytes = in->ty / 8;
                uint64_t res[WARP];
                ACTIVE(mask)
                {
                    if (P[l] & (bytes - 1))
                        FAIL(SIMT_ERR_MEMORY_FAULT, "misaligned atomic of %u bytes at 0x%llx",
                             bytes, (unsigned long long)P[l]);
                    uint8_t *hp = xlate(c, w, (int)l, P[l], bytes, 1, &e);
                    if (!hp)
                        goto out;
                    uint64_t old = rd_bytes(hp, bytes), lim = V[l] & MK(in->ty), nv;
                    if (in->sub == XI_ATOM_INC)
                        nv = old >= lim ? 0 : old + 1;
                    else
                        nv = (old == 0 || old > lim) ? lim : old - 1;
                    memcpy(hp, &nv, bytes);
                    c->spin = 0;
                    res[l] = old;
                    if (tw)
                        tr_mem(c, tid_of(w, l), TPC, P[l], 0, bytes);
                }
                if (in->dst != REF_NONE) /* PTX red.inc / red.dec return nothing */
                    ACTIVE(mask) R[(size_t)in->dst * WARP + l] = res[l];
                pc++;
                break;
            }
            case XI_MEMCPY:
            case XI_MEMMOVE:
            case XI_MEMSET: {
                const uint64_t *Dp = OPD(in->a), *S = OPD(in->b), *N = OPD(in->c);
                /* imm: a copy that fills a destination of imm bytes, the rest with zeros
                 * (cp.async with a source size) */
                const uint64_t fill = in->sub == XI_MEMCPY ? (uint64_t)in->imm : 0;
                ACTIVE(mask)
                {
                    uint64_t n = N[l] & MK(in->ty);
                    if (!n && !fill) {
                        if (tw)
                            tr_mem(c, tid_of(w, l), TPC, Dp[l], in->sub == XI_MEMSET ? 0 : S[l], 0);
                        continue;
                    }
                    uint8_t *dp = xlate(c, w, (int)l, Dp[l], n > fill ? n : fill, 1, &e);
                    if (!dp)
                        goto out;
                    if (in->sub == XI_MEMSET) {
                        memset(dp, (int)(S[l] & 0xff), n);
                    } else {
                        uint8_t *sp = n ? xlate(c, w, (int)l, S[l], n, 0, &e) : dp;
                        if (!sp)
                            goto out;
                        memmove(dp, sp, n);
                        if (fill > n)
                            memset(dp + n, 0, fill - n);
                    }
                    if (tw)
                        tr_mem(c, tid_of(w, l), TPC, Dp[l], in->sub == XI_MEMSET ? 0 : S[l],
                               (uint32_t)(n > UINT32_MAX ? UINT32_MAX : n));
                }
                pc++;
                break;
            }
            case XI_IMINMAX: {
                for (uint32_t el = 0; el < in->nel; el++) {
                    const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP;
                    uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                    uint32_t wd = in->ty;
                    switch (in->imm) {
                    case 0:
                        LANES Dd[l] = SX(A[l], wd) > SX(B[l], wd) ? A[l] : B[l];
                        break;
                    case 1:
                        LANES Dd[l] = SX(A[l], wd) < SX(B[l], wd) ? A[l] : B[l];
                        break;
                    case 2:
                        LANES Dd[l] = A[l] > B[l] ? A[l] : B[l];
                        break;
                    default:
                        LANES Dd[l] = A[l] < B[l] ? A[l] : B[l];
                        break;
                    }
                }
                pc++;
                break;
            }
            case XI_FMINMAX: {
                int mx = (int)(in->imm & 1), prop = (in->imm & 2) != 0;
                for (uint32_t el = 0; el < in->nel; el++) {
                    const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP;
                    uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                    int k = in->ty;
                    LANES
                    {
                        double x = tod(k, A[l]), y = tod(k, B[l]), r;
                        if (prop && (x != x || y != y))
                            r = NAN;
                        else if (x == 0 && y == 0)
                            r = mx ? (signbit(x) ? y : x) : (signbit(x) ? x : y);
                        else
                            r = mx ? fmax(x, y) : fmin(x, y);
                        Dd[l] = fromd(k, r);
                    }
                }
                pc++;
                break;
            }
            case XI_ABS: {
                for (uint32_t el = 0; el < in->nel; el++) {
                    const uint64_t *A = OPD(in->a) + el * WARP;
                    uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                    uint32_t wd = in->ty;
                    LANES Dd[l] = (SX(A[l], wd) < 0 ? (uint64_t)0 - A[l] : A[l]) & MK(wd);
                }
                pc++;
                break;
            }
            case XI_CTPOP:
            case XI_CTLZ:
            case XI_CTTZ:
            case XI_BSWAP:
            case XI_BITREV: {
                for (uint32_t el = 0; el < in->nel; el++) {
                    const uint64_t *A = OPD(in->a) + el * WARP;
                    uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                    uint32_t wd = in->ty;
                    LANES
                    {
                        uint64_t x = A[l] & MK(wd), r = 0;
                        switch (in->sub) {
                        case XI_CTPOP:
                            r = (uint64_t)eng_popcount(x);
                            break;
                        case XI_CTLZ:
                            r = x ? (uint64_t)(__builtin_clzll(x) - (64 - (int)wd)) : wd;
                            break;
                        case XI_CTTZ:
                            r = x ? (uint64_t)__builtin_ctzll(x) : wd;
                            break;
                        case XI_BSWAP:
                            r = __builtin_bswap64(x) >> (64 - wd);
                            break;
                        default:
                            for (uint32_t b = 0; b < wd; b++)
                                r |= ((x >> b) & 1) << (wd - 1 - b);
                            break;
                        }
                        Dd[l] = r;
                    }
                }
                pc++;
                break;
            }
            case XI_MULHI: {
                const uint64_t *A = OPD(in->a), *B = OPD(in->b);
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                uint32_t wd = in->ty;
                LANES
                {
                    if (in->imm) {
                        __int128 p = (__int128)SX(A[l], wd) * SX(B[l], wd);
                        Dd[l] = (uint64_t)(p >> wd) & MK(wd);
                    } else {
                        unsigned __int128 p = (unsigned __int128)A[l] * B[l];
                        Dd[l] = (uint64_t)(p >> wd) & MK(wd);
                    }
                }
                pc++;
                break;
            }
            case XI_PTX: {
                const uint64_t *A = OPD(in->a), *B = OPD(in->b), *C = OPD(in->c);
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                const int px = (int)in->imm;
                if (px == PX_BALLOT_EQ) {
                    uint32_t bal = 0;
                    ACTIVE(mask)
                    bal |= (uint32_t)(((A[l] & B[l]) & 0xffffffffu) == (B[l] & 0xffffffffu)) << l;
                    ACTIVE(mask) Dd[l] = (bal >> l & 1) ? bal : (uint32_t)~bal;
                    pc++;
                    break;
                }
                const uint64_t *E = px == PX_BFI_B32 ? OPD(fn->aux[in->aux]) : NULL;
                ACTIVE(mask) Dd[l] = ptx_op(px, A[l], B[l], C[l], E ? E[l] : 0);
                pc++;
                break;
            }
            case XI_PTXALU: {
                /* inline PTX arithmetic (engine.h): load the lane's operands, run, store */
                const uint32_t *ax = fn->aux + in->aux;
                const uint32_t nout = ax[0] & 0xff, nin = (ax[0] >> 8) & 0xff, nreg = ax[0] >> 16,
                               ninst = ax[1], ncon = ax[2];
                const uint32_t *ow = ax + 3, *iw = ow + nout, *cs = iw + 2 * nin,
                               *prog = cs + 3 * ncon;
                uint64_t reg[256];
                ACTIVE(mask)
                {
                    memset(reg, 0, nreg * sizeof reg[0]);
                    for (uint32_t j = 0; j < nin; j++)
                        reg[nout + j] = OPD(iw[2 * j])[l] & MK(iw[2 * j + 1] & 0xff);
                    for (uint32_t k = 0; k < nout; k++)
                        if (ow[k] >> 16)
                            reg[k] = reg[nout + (ow[k] >> 16) - 1] & MK(ow[k] & 0xff);
                    for (uint32_t k = 0; k < ncon; k++)
                        reg[cs[3 * k]] = cs[3 * k + 1] | (uint64_t)cs[3 * k + 2] << 32;
                    ptx_alu_run(prog, ninst, reg);
                    for (uint32_t k = 0; k < nout; k++)
                        R[(size_t)(in->dst + k) * WARP + l] = reg[k] & MK(ow[k] & 0xff);
                }
                pc++;
                break;
            }
            case XI_FSHL:
            case XI_FSHR: {
                for (uint32_t el = 0; el < in->nel; el++) {
                    const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP,
                                   *C = OPD(in->c) + el * WARP;
                    uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                    uint32_t wd = in->ty;
                    LANES
                    {
                        uint32_t s = (uint32_t)(C[l] % wd);
                        uint64_t hi = A[l], lo = B[l], r;
                        if (in->imm && C[l] >= wd) { /* PTX shf clamp */
                            Dd[l] = in->sub == XI_FSHL ? lo : hi;
                            continue;
                        }
                        if (!s)
                            r = in->sub == XI_FSHL ? hi : lo;
                        else if (in->sub == XI_FSHL)
                            r = (hi << s) | (lo >> (wd - s));
                        else
                            r = (hi << (wd - s)) | (lo >> s);
                        Dd[l] = r & MK(wd);
                    }
                }
                pc++;
                break;
            }
            case XI_FUNARY: {
                for (uint32_t el = 0; el < in->nel; el++) {
                    const uint64_t *A = OPD(in->a) + el * WARP;
                    uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                    int k = in->ty;
                    int fu = (int)in->imm;
                    if (k == XK_F32) {
                        LANES
                        {
                            float x = F(A[l]), r;
                            switch (fu) {
                            case FU_SQRT:
                                r = sqrtf(x);
                                break;
                            case FU_FABS:
                                r = fabsf(x);
                                break;
                            case FU_FLOOR:
                                r = floorf(x);
                                break;
                            case FU_CEIL:
                                r = ceilf(x);
                                break;
                            case FU_TRUNC:
                                r = truncf(x);
                                break;
                            case FU_RINT:
                                r = rintf(x);
                                break;
                            case FU_ROUND:
                                r = roundf(x);
                                break;
                            case FU_SIN:
                                r = sinf(x);
                                break;
                            case FU_COS:
                                r = cosf(x);
                                break;
                            case FU_EXP2:
                                r = exp2f(x);
                                break;
                            case FU_LOG2:
                                r = log2f(x);
                                break;
                            case FU_EXP:
                                r = expf(x);
                                break;
                            case FU_LOG:
                                r = logf(x);
                                break;
                            case FU_LOG10:
                                r = log10f(x);
                                break;
                            case FU_RSQRT:
                                r = 1.0f / sqrtf(x);
                                break;
                            case FU_RCP:
                                r = 1.0f / x;
                                break;
                            case FU_SATURATE:
                                r = x != x ? 0.0f : x < 0 ? 0.0f : x > 1 ? 1.0f : x;
                                break;
                            default:
                                r = x;
                                break;
                            }
                            Dd[l] = UF(r);
                        }
                    } else {
                        LANES
                        {
                            double x = tod(k, A[l]), r;
                            switch (fu) {
                            case FU_SQRT:
                                r = sqrt(x);
                                break;
                            case FU_FABS:
                                r = fabs(x);
                                break;
                            case FU_FLOOR:
                                r = floor(x);
                                break;
                            case FU_CEIL:
                                r = ceil(x);
                                break;
                            case FU_TRUNC:
                                r = trunc(x);
                                break;
                            case FU_RINT:
                                r = rint(x);
                                break;
                            case FU_ROUND:
                                r = round(x);
                                break;
                            case FU_SIN:
                                r = sin(x);
                                break;
                            case FU_COS:
                                r = cos(x);
                                break;
                            case FU_EXP2:
                                r = exp2(x);
                                break;
                            case FU_LOG2:
                                r = log2(x);
                                break;
                            case FU_EXP:
                                r = exp(x);
                                break;
                            case FU_LOG:
                                r = log(x);
                                break;
                            case FU_LOG10:
                                r = log10(x);
                                break;
                            case FU_RSQRT:
                                r = 1.0 / sqrt(x);
                                break;
                            case FU_RCP:
                                r = 1.0 / x;
                                break;
                            case FU_SATURATE:
                                r = x != x ? 0.0 : x < 0 ? 0.0 : x > 1 ? 1.0 : x;
                                break;
                            default:
                                r = x;
                                break;
                            }
                            Dd[l] = fromd(k, r);
                        }
                    }
                }
                pc++;
                break;
            }
            case XI_COPYSIGN:
                for (uint32_t el = 0; el < in->nel; el++) {
                    const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP;
                    uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                    uint64_t sb = in->ty == XK_F32   ? 1ull << 31
                                  : in->ty == XK_F64 ? 1ull << 63
                                                     : 1ull << 15;
                    LANES Dd[l] = (A[l] & ~sb) | (B[l] & sb);
                }
                pc++;
                break;
            case XI_FPOW:
                for (uint32_t el = 0; el < in->nel; el++) {
                    const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP;
                    uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                    int k = in->ty;
                    if (in->sub)
                        LANES Dd[l] = fromd(k, pow(tod(k, A[l]), (double)(int32_t)B[l]));
                    else if (k == XK_F32)
                        LANES Dd[l] = UF(powf(F(A[l]), F(B[l])));
                    else
                        LANES Dd[l] = fromd(k, pow(tod(k, A[l]), tod(k, B[l])));
                }
                pc++;
                break;
            case XI_OVF: {
                const uint64_t *A = OPD(in->a), *B = OPD(in->b);
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                uint32_t wd = in->ty;
                LANES
                {
                    uint64_t x = A[l] & MK(wd), y = B[l] & MK(wd), r = 0;
                    int o = 0;
                    int64_t sx = SX(x, wd), sy = SX(y, wd);
                    switch (in->imm) {
                    case 0: /* sadd */
                        r = (x + y) & MK(wd);
                        o = wd == 64 ? __builtin_add_overflow(sx, sy, &(int64_t){0})
                                     : (SX(r, wd) != sx + sy);
                        break;
                    case 1:
                        r = (x + y) & MK(wd);
                        o = wd == 64 ? r < x : ((x + y) >> wd) != 0;
                        break;
                    case 2:
                        r = (x - y) & MK(wd);
                        o = wd == 64 ? __builtin_sub_overflow(sx, sy, &(int64_t){0})
                                     : (SX(r, wd) != sx - sy);
                        break;
                    case 3:
                        r = (x - y) & MK(wd);
                        o = y > x;
                        break;
                    case 4: {
                        __int128 p = (__int128)sx * sy;
                        r = (uint64_t)p & MK(wd);
                        o = (__int128)SX(r, wd) != p;
                        break;
                    }
                    default: {
                        unsigned __int128 p = (unsigned __int128)x * y;
                        r = (uint64_t)p & MK(wd);
                        o = (p >> wd) != 0;
                        break;
                    }
                    }
                    Dd[l] = r;
                    Dd[WARP + l] = (uint64_t)o;
                }
                pc++;
                break;
            }
            case XI_SATADD:
                for (uint32_t el = 0; el < in->nel; el++) {
                    const uint64_t *A = OPD(in->a) + el * WARP, *B = OPD(in->b) + el * WARP;
                    uint64_t *Dd = R + (size_t)(in->dst + el) * WARP;
                    uint32_t wd = in->ty;
                    int sg = (int)(in->imm & 1), sub = (in->imm & 2) != 0;
                    LANES
                    {
                        if (sg) {
                            __int128 r = sub ? (__int128)SX(A[l], wd) - SX(B[l], wd)
                                             : (__int128)SX(A[l], wd) + SX(B[l], wd);
                            __int128 hi = ((__int128)1 << (wd - 1)) - 1, lo = -hi - 1;
                            r = r > hi ? hi : r < lo ? lo : r;
                            Dd[l] = (uint64_t)r & MK(wd);
                        } else {
                            unsigned __int128 x = A[l] & MK(wd), y = B[l] & MK(wd), r;
                            r = sub ? (x < y ? 0 : x - y) : x + y;
                            if (r > MK(wd))
                                r = MK(wd);
                            Dd[l] = (uint64_t)r;
                        }
                    }
                }
                pc++;
                break;
            case XI_TRAP:
                FAIL(SIMT_ERR_TRAP, "trap instruction executed (__trap() or asm(\"trap;\"))");
            case XI_EXIT:
                /* asm("exit;") ends the threads as the kernel's return does (OP_RET) */
                if (w->nfr != 1)
                    FAIL(SIMT_ERR_UNSUPPORTED, "not supported: asm(\"exit;\") inside a called "
                                               "(not inlined) device function");
                w->alive &= ~mask;
                c->spin = 0;
                pc = RPC_EXIT;
                goto check_reconv;
            case XI_ASSERT: {
                const uint64_t *Ms = OPD(in->a), *Fl = OPD(in->b), *Ln = OPD(in->c);
                uint32_t l0 = (uint32_t)__builtin_ctz(mask);
                char msg[256] = "?", file[256] = "?";
                for (int which = 0; which < 2; which++) {
                    char *dst = which ? file : msg;
                    uint64_t a = which ? Fl[l0] : Ms[l0];
                    simt_err e2 = SIMT_ERR_OK;
                    for (size_t k = 0; k < 255; k++) {
                        uint8_t *p = xlate(c, w, (int)l0, a + k, 1, 0, &e2);
                        if (!p) {
                            dst[k] = 0;
                            break;
                        }
                        if (!(dst[k] = (char)*p))
                            break;
                        dst[k + 1] = 0;
                    }
                }
                FAIL(SIMT_ERR_TRAP, "device assertion failed: %s:%u: Assertion `%s' failed", file,
                     (unsigned)Ln[l0], msg);
            }
            case XI_VPRINTF: {
                const uint64_t *Fm = OPD(in->a), *Ar = OPD(in->b);
                uint64_t *Dd = in->dst != REF_NONE ? R + (size_t)in->dst * WARP : NULL;
                ACTIVE(mask)
                {
                    int n = 0;
                    if ((e = do_vprintf(c, w, (int)l, Fm[l], Ar[l], &n)))
                        goto out;
                    if (Dd)
                        Dd[l] = (uint32_t)n;
                }
                pc++;
                break;
            }
            case XI_MALLOC: {
                const uint64_t *N = OPD(in->a);
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                simt_device *d = c->d;
                ACTIVE(mask)
                {
                    uint64_t n = (N[l] + 15) & ~15ull, p = 0;
                    if (!d->heap_base) {
                        if ((e = dev_map_global(d, d->heap_bytes, &d->heap_base)))
                            goto out;
                        d->heap_next = 0;
                    }
                    if (n && d->heap_next + n <= d->heap_bytes) {
                        p = d->heap_base + d->heap_next;
                        d->heap_next += n;
                    }
                    Dd[l] = p;
                }
                pc++;
                break;
            }
            case XI_FREE: {
                const uint64_t *P = OPD(in->a);
                simt_device *d = c->d;
                ACTIVE(mask)
                {
                    uint64_t p = P[l];
                    if (p &&
                        (!d->heap_base || p < d->heap_base || p >= d->heap_base + d->heap_next))
                        FAIL(SIMT_ERR_MEMORY_FAULT,
                             "free(0x%llx): pointer not returned by device malloc",
                             (unsigned long long)p);
                }
                pc++;
                break;
            }
            case XI_STACKSAVE: {
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                LANES Dd[l] = SIMT_WIN_LOCAL_BASE + w->lsp;
                pc++;
                break;
            }
            case XI_STACKRESTORE: {
                const uint64_t *P = OPD(in->a);
                uint64_t v = P[__builtin_ctz(mask)] - SIMT_WIN_LOCAL_BASE;
                if (v <= w->lsp)
                    w->lsp = (uint32_t)v;
                pc++;
                break;
            }
            case XI_LDMATRIX: {
                /* the whole warp (.aligned); matrix j's row r is at the address of lane 8j + r */
                if (mask != 0xffffffffu)
                    FAIL(SIMT_ERR_UNSUPPORTED,
                         "ldmatrix.sync.aligned with inactive lanes (mask 0x%08x): it needs the "
                         "whole warp",
                         mask);
                const uint64_t *Ad = OPD(in->a);
                const int nm = (int)(in->imm & 7), trans = (in->imm & 16) != 0;
                uint16_t mat[4][8][8];
                for (int j = 0; j < nm; j++)
                    for (int r = 0; r < 8; r++) {
                        const int src = 8 * j + r;
                        const uint8_t *hp = xlate(c, w, src, Ad[src], 16, 0, &e);
                        if (!hp)
                            goto out;
                        memcpy(mat[j][r], hp, 16);
                    }
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                LANES
                {
                    const int row = l / 4, col = 2 * (l % 4);
                    for (int j = 0; j < nm; j++) {
                        const uint16_t lo = trans ? mat[j][col][row] : mat[j][row][col],
                                       hi = trans ? mat[j][col + 1][row] : mat[j][row][col + 1];
                        Dd[(size_t)j * WARP + l] = (uint64_t)lo | (uint64_t)hi << 16;
                    }
                    if (tw)
                        tr_mem(c, tid_of(w, l), TPC, Ad[l < 8 * nm ? l : l % (8 * nm)], 0, 16);
                }
                pc++;
                break;
            }
            case XI_MMA: {
                /* D = A B + C on the warp's fragments (PTX ISA, "Matrix Fragments for mma"):
                 * lane l holds, with g = l / 4 and q = l % 4, A's rows g / g + 8 and columns
                 * 2q, 2q + 1 (+ 8 for k16), B's columns g and rows 2q, 2q + 1 (+ 8), C/D's rows
                 * g / g + 8 and columns 2q, 2q + 1 */
                if (mask != 0xffffffffu)
                    FAIL(SIMT_ERR_UNSUPPORTED,
                         "mma.sync.aligned with inactive lanes (mask 0x%08x): it needs the whole "
                         "warp",
                         mask);
                const uint32_t *ax = fn->aux + in->aux;
                const int k16 =
                    in->imm == MMA_K16_F16 || in->imm == MMA_K16_BF16 || in->imm == MMA_K16_F16ACC;
                const int bf = in->imm == MMA_K16_BF16 || in->imm == MMA_K8_BF16;
                /* half accumulators: C and D as two .f16x2 (row g: c0 c1, row g + 8: c2 c3),
                 * summed in float and rounded to half once */
                const int hacc = in->imm == MMA_K16_F16ACC || in->imm == MMA_K8_F16ACC;
                const int K = k16 ? 16 : 8, na = k16 ? 4 : 2, nb = k16 ? 2 : 1;
                float Am[16][16], Bm[16][8], Cm[16][8];
                LANES
                {
                    const int g = l / 4, q = l % 4;
                    for (int i = 0; i < 2 * na; i++) {
                        const uint32_t v = (uint32_t)OPD(ax[i / 2])[l];
                        const uint16_t h = (uint16_t)(i & 1 ? v >> 16 : v);
                        const int row = (i % 4) < 2 ? g : g + 8,
                                  col = 2 * q + (i & 1) + (i >= 4 ? 8 : 0);
                        Am[row][col] = bf ? F((uint64_t)h << 16) : H(h);
                    }
                    for (int i = 0; i < 2 * nb; i++) {
                        const uint32_t v = (uint32_t)OPD(ax[na + i / 2])[l];
                        const uint16_t h = (uint16_t)(i & 1 ? v >> 16 : v);
                        Bm[2 * q + (i & 1) + (i >= 2 ? 8 : 0)][g] =
                            bf ? F((uint64_t)h << 16) : H(h);
                    }
                    for (int i = 0; i < 4; i++) {
                        const uint64_t v = OPD(ax[na + nb + (hacc ? i / 2 : i)])[l];
                        Cm[i < 2 ? g : g + 8][2 * q + (i & 1)] =
                            hacc ? H((uint16_t)(i & 1 ? v >> 16 : v)) : F(v);
                    }
                }
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                LANES
                {
                    const int g = l / 4, q = l % 4;
                    for (int i = 0; i < 4; i++) {
                        const int row = i < 2 ? g : g + 8, col = 2 * q + (i & 1);
                        float acc = Cm[row][col];
                        for (int k = 0; k < K; k++)
                            acc = fmaf(Am[row][k], Bm[k][col], acc);
                        if (!hacc)
                            Dd[(size_t)i * WARP + l] = UF(acc);
                        else if (i & 1)
                            Dd[(size_t)(i / 2) * WARP + l] |= (UH(acc) & 0xffff) << 16;
                        else
                            Dd[(size_t)(i / 2) * WARP + l] = UH(acc) & 0xffff;
                    }
                }
                pc++;
                break;
            }
            case XI_SURF: {
                /* __simt_surf_read/write(surface, x bytes, y, z, data*, size, boundary mode)
                 * (tracer/include/simt_cuda_device.h) */
                const uint64_t *Sf = OPD(in->a), *X = OPD(in->b), *Y = OPD(in->c);
                const uint32_t *ax = fn->aux + in->aux;
                const uint64_t *Z = OPD(ax[0]), *Dp = OPD(ax[1]), *Sz = OPD(ax[2]),
                               *Md = OPD(ax[3]);
                const int wr = in->imm != 0;
                ACTIVE(mask)
                {
                    const uint64_t h = Sf[l];
                    const struct simt_texture_binding *b =
                        h && h <= c->d->ntexobj && c->d->texobj[h - 1].width ? &c->d->texobj[h - 1]
                                                                             : NULL;
                    if (!b)
                        FAIL(SIMT_ERR_INVALID_ARG,
                             "surface access through 0x%llx, which is not a live surface object "
                             "(cudaCreateSurfaceObject)",
                             (unsigned long long)h);
                    const uint32_t size = (uint32_t)Sz[l];
                    const int64_t rowb = (int64_t)(b->width * b->elem_bytes);
                    const int64_t H = (int64_t)(b->height ? b->height : 1);
                    const int64_t D = (int64_t)(b->depth ? b->depth : 1);
                    int64_t xb = (int32_t)X[l], y = (int32_t)Y[l], z = (int32_t)Z[l];
                    const int out =
                        xb < 0 || xb + size > rowb || y < 0 || y >= H || z < 0 || z >= D;
                    int skip = 0;
                    if (out && Md[l] == 2) /* cudaBoundaryModeTrap */
                        FAIL(SIMT_ERR_MEMORY_FAULT,
                             "surface %s out of bounds: byte x %lld, y %lld, z %lld of a "
                             "%llu x %llu x %llu surface of %u-byte elements "
                             "(cudaBoundaryModeTrap)",
                             wr ? "write" : "read", (long long)xb, (long long)y, (long long)z,
                             (unsigned long long)b->width, (unsigned long long)H,
                             (unsigned long long)D, b->elem_bytes);
                    if (out && Md[l] == 1) { /* clamp */
                        xb = xb < 0 ? 0 : xb + size > rowb ? rowb - size : xb;
                        y = y < 0 ? 0 : y >= H ? H - 1 : y;
                        z = z < 0 ? 0 : z >= D ? D - 1 : z;
                    } else if (out) { /* zero: reads give 0, writes are dropped */
                        skip = 1;
                    }
                    const uint64_t pitch =
                        b->pitch_bytes ? b->pitch_bytes : b->width * b->elem_bytes;
                    const uint64_t a =
                        skip ? b->base
                             : b->base + ((uint64_t)z * (uint64_t)H + (uint64_t)y) * pitch +
                                   (uint64_t)xb;
                    uint8_t *dp = xlate(c, w, (int)l, Dp[l], size, !wr, &e);
                    if (!dp)
                        goto out;
                    if (skip && !wr) {
                        memset(dp, 0, size);
                    } else if (!skip) {
                        uint8_t *mp = xlate(c, w, (int)l, a, size, wr, &e);
                        if (!mp)
                            goto out;
                        if (wr)
                            memcpy(mp, dp, size);
                        else
                            memcpy(dp, mp, size);
                    }
                    if (tw)
                        tr_mem(c, tid_of(w, l), TPC, a, 0, size);
                }
                pc++;
                break;
            }
            case XI_ISSPACE: {
                const uint64_t *P = OPD(in->a);
                uint64_t *Dd = R + (size_t)in->dst * WARP;
                LANES Dd[l] = simt_addr_space(P[l]) == (enum simt_mspace)in->imm;
                pc++;
                break;
            }
            case XI_TEX: {
                /* __simt_tex_fetch(texref, x, y, z, texel*) (tracer/include/simt_cuda_device.h) */
                const uint64_t *Tr = OPD(in->a), *X = OPD(in->b), *Y = OPD(in->c);
                const uint64_t *Z = OPD(fn->aux[in->aux]), *Tx = OPD(fn->aux[in->aux + 1]);
                ACTIVE(mask)
                {
                    const struct xglobal *g = NULL;
                    for (uint32_t i = 0; i < c->m->nglobals; i++)
                        if (c->m->globals[i].addr == Tr[l] &&
                            c->m->globals[i].space != SIMT_MS_SHARED)
                            g = &c->m->globals[i];
                    const struct simt_texture_binding *b = g && g->tex_bound ? &g->tex : NULL;
                    /* not a reference: a texture object's handle (small numbers, where no
                     * global lives) */
                    if (!g && Tr[l] && Tr[l] <= c->d->ntexobj && c->d->texobj[Tr[l] - 1].width)
                        b = &c->d->texobj[Tr[l] - 1];
                    if (!b && !g)
                        FAIL(SIMT_ERR_INVALID_ARG,
                             "texture fetch through 0x%llx, neither a texture reference nor a "
                             "live texture object (cudaCreateTextureObject)",
                             (unsigned long long)Tr[l]);
                    if (!b)
                        FAIL(SIMT_ERR_INVALID_ARG,
                             "texture fetch through texture reference '%s', which is not bound "
                             "to memory (cudaBindTexture*)",
                             g->name);
                    uint32_t texel[4] = {0, 0, 0, 0};
                    uint64_t ta = 0; /* the traced address: the (first) texel read */
                    if (!in->imm) {  /* integer texel indices (tex1Dfetch) */
                        /* outside the memory a fetch reads zero, whatever the address mode
                         * says (as an H200 does: docs/DEVICE_CHECK.md) */
                        const int32_t xi = (int32_t)X[l], yi = (int32_t)Y[l], zi = (int32_t)Z[l];
                        const uint64_t hb = b->height ? b->height : 1, db = b->depth ? b->depth : 1;
                        ta = xi >= 0 && (uint64_t)xi < b->width && yi >= 0 && (uint64_t)yi < hb &&
                                     zi >= 0 && (uint64_t)zi < db
                                 ? tex_addr(b, xi, yi, zi, 0)
                                 : 0;
                        if (!tex_read(c, w, l, b, ta, texel, &e))
                            goto out;
                    } else {
                        struct simt_texture_binding bn = *b;
                        float zc = F(Z[l]);
                        if (in->imm == 2)
                            bn.normalized_float = 1;
                        if (in->imm >= 3) {
                            /* a layered array (or a cubemap's faces) is a 3D array whose depth
                             * counts the layers: sample the 1D/2D layer z alone - filtering
                             * and address modes apply within it, never across layers (as the
                             * CUDA programming guide describes layered textures). The layer
                             * index is clamped to the array. Cubemap coordinates are always
                             * normalised; a face's edge clamps rather than filtering into the
                             * neighbouring face (not modelled). */
                            const uint64_t nl = b->depth ? b->depth : 1;
                            const int64_t li = tex_floor(zc);
                            const uint64_t layer = li < 0               ? 0
                                                   : (uint64_t)li >= nl ? nl - 1
                                                                        : (uint64_t)li;
                            const uint64_t pitch =
                                b->pitch_bytes ? b->pitch_bytes : b->width * b->elem_bytes;
                            bn.base += layer * (b->height ? b->height : 1) * pitch;
                            bn.depth = 1;
                            zc = 0.0f;
                            if (in->imm == 4) {
                                bn.normalized_coords = 1;
                                bn.address[0] = bn.address[1] = SIMT_TEX_CLAMP;
                            }
                        }
                        if (!tex_sample(c, w, l, &bn, F(X[l]), F(Y[l]), zc, texel, &ta, &e))
                            goto out;
                    }
                    uint8_t *tp = xlate(c, w, (int)l, Tx[l], 16, 1, &e);
                    if (!tp)
                        goto out;
                    memcpy(tp, texel, 16);
                    if (tw) /* a border texel reads no memory: the texture's base stands in */
                        tr_mem(c, tid_of(w, l), TPC, ta ? ta : b->base, 0, b->elem_bytes);
                }
                pc++;
                break;
            }
            default:
                FAIL(SIMT_ERR_UNSUPPORTED, "not supported: intrinsic kind %d", in->sub);
            }
            break;
#if defined(SIMT_HAVE_LIBDEVICE)
        case OP_NATIVE: {
            const struct simt_nv_fn *nv = (const struct simt_nv_fn *)(uintptr_t)in->imm;
            const uint32_t *ax = fn->aux + in->aux;
            uint32_t na = ax[0];
            const char *sig = strchr(nv->sig, ':') + 1;
            const uint64_t *A[8];
            for (uint32_t k = 0; k < na; k++)
                A[k] = OPD(ax[1 + k]);
            uint64_t *Dd = in->dst != REF_NONE ? R + (size_t)in->dst * WARP : NULL;
            c->cur = in;
            c->curfn = fn;
            if (!strpbrk(sig, "pPI")) {
                ACTIVE(mask)
                {
                    uint64_t av[8], r = 0;
                    for (uint32_t k = 0; k < na; k++)
                        av[k] = A[k][l];
                    simt_libdevice_invoke(nv, av, &r);
                    if (Dd)
                        Dd[l] = r;
                }
            } else {
                ACTIVE(mask)
                {
                    uint64_t av[8], tmp[8], r = 0;
                    for (uint32_t k = 0; k < na; k++) {
                        tmp[k] = 0;
                        av[k] = strchr("pPI", sig[k]) ? (uint64_t)(uintptr_t)&tmp[k] : A[k][l];
                    }
                    simt_libdevice_invoke(nv, av, &r);
                    for (uint32_t k = 0; k < na; k++) {
                        if (!strchr("pPI", sig[k]))
                            continue;
                        uint32_t sz = sig[k] == 'P' ? 8 : 4;
                        uint8_t *hp = xlate(c, w, (int)l, A[k][l], sz, 1, &e);
                        if (!hp)
                            goto out;
                        memcpy(hp, &tmp[k], sz);
                    }
                    if (Dd)
                        Dd[l] = r;
                }
            }
            pc++;
            break;
        }
#endif
        case OP_UNKNOWN:
        default:
            c->cur = in;
            c->curfn = fn;
            if (in->op == OP_UNKNOWN && in->sub == 1)
                FAIL(SIMT_ERR_UNSUPPORTED,
                     "not supported: call of a device function that this .cu file declares but "
                     "does not define (one defined in another .cu file needs relocatable device "
                     "code, -rdc, which simt-cc does not support: define or #include it in this "
                     "file)");
            FAIL(SIMT_ERR_UNSUPPORTED,
                 "not supported: unknown instruction, intrinsic or external function");
        }
        continue;

    check_reconv:
        /* watchdog: branches executed by the CTA since memory last changed (a store, an
         * atomic that changed its word, a barrier, an exit); see SPIN_LIMIT */
        if (++c->spin > SPIN_LIMIT) {
            c->cur = in;
            c->curfn = fn;
            FAIL(SIMT_ERR_DEADLOCK,
                 "no progress: the CTA executed %llu branches without changing memory, reaching a "
                 "barrier or exiting (a spin loop waiting for a thread that cannot run, e.g. a "
                 "lock never released; a kernel that legitimately loops longer in registers "
                 "runs with SIMT_WATCHDOG_BRANCHES set higher)",
                 (unsigned long long)SPIN_LIMIT);
        }
        /* reconvergence: pop entries that reached their reconvergence point */
        top->pc = pc;
        while (top->pc == top->rpc) {
            uint32_t depth = top->depth;
            w->nstk--;
            if (!w->nstk) {
                w->state = W_DONE;
                goto out;
            }
            top = &w->stk[w->nstk - 1];
            if (top->depth < depth) {
                /* left the function: pop its frame */
                w->lsp = w->fr[w->nfr - 1].saved_lsp;
                w->nfr--;
            }
        }
        RELOAD();
        if (!mask) {
            /* every lane of this entry has exited: skip it */
            pc = top->rpc;
            goto check_reconv;
        }
        if (c->spin >= YIELD_BRANCHES && !(c->spin & (YIELD_EVERY - 1)) && w->nstk >= 2) {
            uint32_t n0 = w->nstk;
            if ((e = spin_yield(w)))
                goto out;
            if (w->nstk != n0)
                RELOAD();
        }
        if (--budget == 0) {
            top->pc = pc;
            goto out;
        }
    }
out:
    if (w->state == W_RUN && w->nstk)
        w->stk[w->nstk - 1].pc = (e == SIMT_ERR_OK) ? w->stk[w->nstk - 1].pc : pc;
    w->clock += ti;
    c->ti += ti;
    return e;
#undef RELOAD
#undef FAIL
#undef TPC
}

/* ------------------------------------------------------------------------------------------ */
/* launches                                                                                      */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void warps_free(struct cta *c)
{
    for (uint32_t i = 0; i < c->nwarps; i++) {
        free(c->warps[i].stk);
        free(c->warps[i].fr);
        free(c->warps[i].arena);
    }
}

static void bar_wake(struct cta *c, struct warp *w)
{
    w->state = W_RUN;
    if (w->bar_dst != REF_NONE) {
        uint64_t v = (uint64_t)c->bar_red[w->bar_kind];
        uint64_t *R = w->arena + w->fr[w->nfr - 1].regoff;
        for (int l = 0; l < WARP; l++)
            R[(size_t)w->bar_dst * WARP + l] = v;
    }
}

/* Points the error location at the barrier warp w waits at. */
static void bar_locate(struct cta *c, struct warp *w)
{
    const struct frame *f = &w->fr[w->nfr - 1];
    c->curfn = f->fn;
    c->cur = &f->fn->code[w->stk[w->nstk - 1].pc - 1];
}

/* Releases the complete barriers. A barrier without a thread count completes when every warp
 * that has not exited waits at it: threads that exited (or are parked on the way to the
 * exit, see stray_lanes) count as arrived, as on NVIDIA GPUs since Volta and in GPGPU-Sim.
 * A barrier with a thread count (bar.sync id, count) completes when count / 32 warps wait at
 * it; the earliest arrivals are released, later ones wait for the next completion (PTX ISA,
 * "bar.sync": barriers are executed per warp, the count is a multiple of the warp size). */
static simt_err bar_release(struct cta *c)
{
    for (uint32_t id = 0; id < 16; id++) {
        uint32_t nwait = 0, nlive = 0, cnt = 0;
        struct warp *first = NULL;
        for (uint32_t i = 0; i < c->nwarps; i++) {
            struct warp *w = &c->warps[i];
            if (w->state == W_DONE)
                continue;
            nlive++;
            if (w->state != W_BAR || w->bar_id != id)
                continue;
            if (!first) {
                first = w;
                cnt = w->bar_cnt;
            } else if (w->bar_cnt != cnt) {
                bar_locate(c, w);
                return rt_err(c, w, 0, SIMT_ERR_BARRIER,
                              "barrier %u is waited at with different thread counts (%u by warp "
                              "%u, %u by warp %u)",
                              id, cnt, first->id, w->bar_cnt, w->id);
            }
            nwait++;
        }
        if (!nwait)
            continue;
        if (cnt == 0) {
            if (nwait < nlive)
                continue;
            for (uint32_t i = 0; i < c->nwarps; i++)
                if (c->warps[i].state == W_BAR && c->warps[i].bar_id == id)
                    bar_wake(c, &c->warps[i]);
            if (id == 0) {
                c->bar_red[0] = 0;
                c->bar_red[1] = 1;
                c->bar_red[2] = 0;
            }
            continue;
        }
        for (uint32_t need = cnt / WARP; nwait >= need; nwait -= need) {
            /* the `need` earliest arrivals */
            for (uint32_t r = 0; r < need; r++) {
                struct warp *best = NULL;
                for (uint32_t i = 0; i < c->nwarps; i++) {
                    struct warp *w = &c->warps[i];
                    if (w->state == W_BAR && w->bar_id == id &&
                        (!best || w->bar_seq < best->bar_seq))
                        best = w;
                }
                bar_wake(c, best);
            }
        }
    }
    return SIMT_ERR_OK;
}

/* Every warp that has not exited waits at a barrier that cannot complete. */
static simt_err bar_deadlock(struct cta *c)
{
    char list[256] = "";
    size_t n = 0;
    struct warp *wb = NULL;
    uint32_t live = 0;
    for (uint32_t i = 0; i < c->nwarps; i++) {
        struct warp *w = &c->warps[i];
        if (w->state == W_DONE)
            continue;
        live++;
        if (w->state != W_BAR)
            continue;
        if (!wb)
            wb = w;
        if (n < sizeof(list) - 48) {
            int k = w->bar_id == GRID_BAR
                        ? snprintf(list + n, sizeof(list) - n, "%swarp %u at the grid barrier",
                                   n ? ", " : "", w->id)
                        : snprintf(list + n, sizeof(list) - n, "%swarp %u at barrier %u",
                                   n ? ", " : "", w->id, w->bar_id);
            n += k > 0 ? (size_t)k : 0;
            if (w->bar_cnt && n < sizeof(list) - 24) {
                k = snprintf(list + n, sizeof(list) - n, " (count %u)", w->bar_cnt);
                n += k > 0 ? (size_t)k : 0;
            }
        } else if (n < sizeof(list) - 4) {
            strcpy(list + n, ", ...");
            n = sizeof(list);
        }
    }
    if (!wb)
        return simt_seterr(SIMT_ERR_INVARIANT, "kernel %s: no warp can run", c->kfn->name);
    bar_locate(c, wb);
    return rt_err(c, wb, 0, SIMT_ERR_BARRIER,
                  "barrier deadlock: the CTA's %u live warps all wait at barriers that cannot "
                  "complete: %s",
                  live, list);
}

static simt_err cta_start(struct cta *c, const uint64_t *param_words, uint32_t nparam_words)
{
    simt_err e = SIMT_ERR_OK;
    const struct xfunc *k = c->kfn;
    for (uint32_t i = 0; i < c->nwarps; i++) {
        struct warp *w = &c->warps[i];
        w->id = i;
        uint32_t n = c->nthreads - i * WARP;
        w->alive = n >= WARP ? 0xffffffffu : (1u << n) - 1;
        w->nstk = 0;
        w->nfr = 0;
        w->lsp = 0;
        w->state = W_RUN;
        w->clock = 0;
        if ((e = push_frame(c, w, k)))
            return e;
        uint64_t *R = w->arena;
        uint32_t pw = 0;
        for (uint32_t p = 0; p < k->nparams; p++)
            for (uint32_t q = 0; q < k->param_words[p]; q++, pw++)
                for (int l = 0; l < WARP; l++)
                    R[(size_t)(k->param_slot[p] + q) * WARP + l] =
                        pw < nparam_words ? param_words[pw] : 0;
        if ((e = push_ent(w, 0, RPC_EXIT, w->alive)))
            return e;
    }
    c->bar_red[0] = 0;
    c->bar_red[1] = 1;
    c->bar_red[2] = 0;
    c->bar_seq = 0;
    c->grid_wait = 0;
    c->done = 0;
    return SIMT_ERR_OK;
}

/* Runs the CTA until its warps have exited (c->done) or all wait at the grid barrier
 * (c->grid_wait). */
static simt_err cta_loop(struct cta *c)
{
    simt_err e = SIMT_ERR_OK;
    for (;;) {
        uint32_t ndone = 0, nrun = 0, ngrid = 0;
        for (uint32_t i = 0; i < c->nwarps; i++) {
            struct warp *w = &c->warps[i];
            if (w->state == W_RUN && (e = run_warp(c, w)))
                return e;
        }
        /* at the end of each round: release the barriers that are complete */
        if ((e = bar_release(c)))
            return e;
        for (uint32_t i = 0; i < c->nwarps; i++) {
            ndone += c->warps[i].state == W_DONE;
            nrun += c->warps[i].state == W_RUN;
            ngrid += c->warps[i].state == W_BAR && c->warps[i].bar_id == GRID_BAR;
        }
        if (ndone == c->nwarps) {
            c->done = 1;
            break;
        }
        if (nrun == 0 && ndone + ngrid == c->nwarps) {
            c->grid_wait = 1;
            break;
        }
        if (nrun == 0)
            return bar_deadlock(c);
    }
    return SIMT_ERR_OK;
}

static simt_err run_cta(struct cta *c, const uint64_t *param_words, uint32_t nparam_words)
{
    simt_err e = cta_start(c, param_words, nparam_words);
    if (!e)
        e = cta_loop(c);
    if (!e && !c->done)
        e = simt_seterr(SIMT_ERR_INVARIANT,
                        "kernel %s: CTA stopped at a grid barrier outside a "
                        "cooperative launch",
                        c->kfn->name);
    return e;
}

/* The GPU all CTAs of a cooperative launch must fit at once: the CUDA runtime's virtual GPU
 * (tracer/runtime: sm_70 limits, 28 SMs as in seed 000 Table 5.1). */
#define COOP_SMS            28
#define COOP_THREADS_PER_SM 2048
#define COOP_CTAS_PER_SM    32
#define COOP_REGS_PER_SM    65536
#define COOP_SHARED_PER_SM  (96 * 1024)

/* A launch whose kernel may execute a grid-wide barrier (__simt_grid_sync, cooperative
 * groups' this_grid().sync()): every CTA is resident at once, as cudaLaunchCooperativeKernel
 * requires. The CTAs run one after another, in launch order, until each has exited or waits
 * at the grid barrier with all its live warps; once every CTA waits there, all resume. A CTA
 * that exits while others wait is an error (the others would wait forever). Trace events
 * are recorded per CTA and written in launch order when the launch ends. */
static simt_err coop_launch(struct cta *tmpl, simt_module *m, uint32_t kfunc, uint64_t ncta,
                            uint32_t dyn_shared, const uint64_t *pw, uint32_t nw)
{
    const struct xfunc *k = tmpl->kfn;
    /* residency, as the occupancy calculator computes it: registers are allocated per warp
     * in units of 256, shared memory per CTA */
    uint32_t regs = dev_regs_per_thread(k);
    uint64_t warp_regs = ((uint64_t)regs * WARP + 255) / 256 * 256;
    uint64_t cta_regs = warp_regs * tmpl->nwarps;
    uint64_t cta_shared = xl_kernel_shared_bytes(m, kfunc) + dyn_shared;
    uint64_t per_sm = COOP_CTAS_PER_SM;
    const char *lim = "CTAs per SM (32)";
    if (COOP_THREADS_PER_SM / ((uint64_t)tmpl->nwarps * WARP) < per_sm) {
        per_sm = COOP_THREADS_PER_SM / ((uint64_t)tmpl->nwarps * WARP);
        lim = "threads per SM (2048)";
    }
    if (cta_regs && COOP_REGS_PER_SM / cta_regs < per_sm) {
        per_sm = COOP_REGS_PER_SM / cta_regs;
        lim = "registers per SM (65536)";
    }
    if (cta_shared && COOP_SHARED_PER_SM / cta_shared < per_sm) {
        per_sm = COOP_SHARED_PER_SM / cta_shared;
        lim = "shared memory per SM (96 KiB)";
    }
    if (ncta > per_sm * COOP_SMS)
        return simt_seterr(SIMT_ERR_LAUNCH,
                           "kernel %s (module %s): a grid-wide barrier needs every CTA resident at "
                           "once, but %llu CTAs of %u threads exceed the %llu that fit (%u SMs x "
                           "%llu CTAs per SM, limited by the %s; %u registers per thread, %llu "
                           "shared bytes per CTA)",
                           k->name, m->name, (unsigned long long)ncta, tmpl->nthreads,
                           (unsigned long long)(per_sm * COOP_SMS), COOP_SMS,
                           (unsigned long long)per_sm, lim, regs, (unsigned long long)cta_shared);
    simt_err e = SIMT_ERR_OK;
    struct cta *cs = calloc(ncta, sizeof(*cs));
    struct tbuf *bufs = tmpl->tw ? calloc(ncta, sizeof(*bufs)) : NULL;
    if (!cs || (tmpl->tw && !bufs)) {
        free(cs);
        free(bufs);
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory for a cooperative launch of %llu CTAs",
                           (unsigned long long)ncta);
    }
    uint64_t i;
    for (i = 0; i < ncta && !e; i++) {
        struct cta *c = &cs[i];
        *c = *tmpl;
        c->cta_linear = i;
        c->ctaid.x = (uint32_t)(i % c->grid.x);
        c->ctaid.y = (uint32_t)(i / c->grid.x % c->grid.y);
        c->ctaid.z = (uint32_t)(i / ((uint64_t)c->grid.x * c->grid.y));
        c->timer = i;
        c->ti = 0;
        c->spin = 0;
        c->rec = bufs ? &bufs[i] : NULL;
        c->shared = calloc(c->shared_bytes ? c->shared_bytes : 1, 1);
        c->local = malloc((size_t)c->nwarps * WARP * c->stack_bytes);
        c->warps = calloc(c->nwarps, sizeof(*c->warps));
        if (!c->shared || !c->local || !c->warps)
            e = simt_seterr(SIMT_ERR_NOMEM,
                            "out of memory for CTA %llu of a cooperative launch (%llu CTAs of %u "
                            "threads, all resident at once)",
                            (unsigned long long)i, (unsigned long long)ncta, c->nthreads);
        else
            e = cta_start(c, pw, nw);
    }
    uint64_t nalloc = i;
    while (!e) {
        uint64_t ndone = 0, nwait = 0, first_done = ncta, first_wait = ncta;
        for (i = 0; i < ncta && !e; i++)
            if (!cs[i].done && !cs[i].grid_wait)
                e = cta_loop(&cs[i]);
        if (e)
            break;
        for (i = 0; i < ncta; i++) {
            if (cs[i].done && ndone++ == 0)
                first_done = i;
            if (cs[i].grid_wait && nwait++ == 0)
                first_wait = i;
        }
        if (ndone == ncta)
            break;
        if (ndone) {
            struct cta *c = &cs[first_wait], *x = &cs[first_done];
            struct warp *wb = NULL;
            for (uint32_t w = 0; w < c->nwarps && !wb; w++)
                if (c->warps[w].state == W_BAR)
                    wb = &c->warps[w];
            bar_locate(c, wb);
            e = rt_err(c, wb, 0, SIMT_ERR_BARRIER,
                       "grid barrier: %llu of %llu CTAs wait at it, but CTA (%u,%u,%u) and %llu "
                       "other(s) exited without reaching it (every thread of the grid must reach "
                       "grid.sync())",
                       (unsigned long long)nwait, (unsigned long long)ncta, x->ctaid.x, x->ctaid.y,
                       x->ctaid.z, (unsigned long long)(ndone - 1));
            break;
        }
        /* every CTA waits at the grid barrier: release them all */
        for (i = 0; i < ncta; i++) {
            struct cta *c = &cs[i];
            c->grid_wait = 0;
            c->spin = 0;
            for (uint32_t w = 0; w < c->nwarps; w++)
                if (c->warps[w].state == W_BAR && c->warps[w].bar_id == GRID_BAR)
                    c->warps[w].state = W_RUN;
        }
    }
    tmpl->ti = 0;
    for (i = 0; i < nalloc; i++)
        tmpl->ti += cs[i].ti;
    /* the trace, CTA by CTA in launch order */
    for (i = 0; i < ncta && !e && bufs; i++) {
        const struct tbuf *b = &bufs[i];
        if (b->failed) {
            e = simt_seterr(SIMT_ERR_NOMEM, "out of memory recording the trace of a cooperative "
                                            "launch");
            break;
        }
        if ((e = simt_trace_writer_begin_cta(tmpl->tw, tmpl->nthreads)))
            break;
        for (size_t j = 0; j < b->n && !e; j++) {
            const struct trec *r = &b->v[j];
            e = r->kind == 0   ? simt_trace_writer_mem(tmpl->tw, r->tid, r->pc, r->a, r->a2, r->x)
                : r->kind == 1 ? simt_trace_writer_branch(tmpl->tw, r->tid, r->pc, r->x)
                               : simt_trace_writer_icall(tmpl->tw, r->tid, r->pc, r->x);
        }
        if (!e)
            e = simt_trace_writer_end_cta(tmpl->tw, cs[i].ti);
    }
    for (i = 0; i < nalloc; i++) {
        if (cs[i].warps)
            warps_free(&cs[i]);
        free(cs[i].warps);
        free(cs[i].shared);
        free(cs[i].local);
    }
    for (i = 0; bufs && i < ncta; i++)
        free(bufs[i].v);
    free(bufs);
    free(cs);
    return e;
}

simt_err exec_launch(simt_device *d, simt_module *m, uint32_t kfunc, struct simt_dim3 grid,
                     struct simt_dim3 block, uint32_t dyn_shared, void **args, int traced,
                     struct kprog *kp, uint64_t *thread_insts)
{
    simt_err e = SIMT_ERR_OK;
    struct cta c;
    memset(&c, 0, sizeof(c));
    c.d = d;
    c.m = m;
    c.kp = kp;
    c.tw = traced ? d->tw : NULL;
    c.kfn = &m->funcs[kfunc];
    c.grid = grid;
    c.block = block;
    c.nthreads = block.x * block.y * block.z;
    c.nwarps = (c.nthreads + WARP - 1) / WARP;
    c.stack_bytes = d->cfg.stack_bytes_per_thread ? d->cfg.stack_bytes_per_thread : 16384;
    c.shared_bytes = ((m->shared_static_bytes + 15) & ~15ull) + dyn_shared;
    c.shared = calloc(c.shared_bytes ? c.shared_bytes : 1, 1);
    c.local = malloc((size_t)c.nwarps * WARP * c.stack_bytes);
    c.warps = calloc(c.nwarps, sizeof(*c.warps));
    const struct xfunc *k = c.kfn;
    /* parameters: scalar values into registers; byval aggregates into the parameter buffer */
    uint32_t nw = 0;
    for (uint32_t p = 0; p < k->nparams; p++)
        nw += k->param_words[p];
    uint64_t *pw = calloc(nw + 1, 8);

    if (!c.shared || !c.local || !c.warps || !pw) {
        e = simt_seterr(SIMT_ERR_NOMEM, "out of memory for a CTA of %u threads", c.nthreads);
        goto out;
    }
    e = dev_kernel_params(m, kfunc, args, pw, &c.param, &c.param_bytes);
    if (e)
        goto out;
    uint64_t ncta = (uint64_t)grid.x * grid.y * grid.z;
    if (k->may_gridsync) {
        e = coop_launch(&c, m, kfunc, ncta, dyn_shared, pw, nw);
        goto out;
    }
    double last = d->cfg.progress ? now_s() : 0;
    int printed = 0;
    for (uint64_t i = 0; i < ncta; i++) {
        c.cta_linear = i;
        c.ctaid.x = (uint32_t)(i % grid.x);
        c.ctaid.y = (uint32_t)(i / grid.x % grid.y);
        c.ctaid.z = (uint32_t)(i / ((uint64_t)grid.x * grid.y));
        memset(c.shared, 0, c.shared_bytes);
        c.spin = 0;
        uint64_t ti0 = c.ti;
        if (c.tw && (e = simt_trace_writer_begin_cta(c.tw, c.nthreads)))
            goto out;
        if ((e = run_cta(&c, pw, nw)))
            goto out;
        if (c.tw && (e = simt_trace_writer_end_cta(c.tw, c.ti - ti0)))
            goto out;
        c.timer += 1;
        if (d->cfg.progress && (i + 1 == ncta ? printed : now_s() - last >= 1.0)) {
            /* at most one line a second; the last one when the launch ends */
            fprintf(stderr, "\rsimt-tracer: %s: CTA %llu/%llu, %llu thread-instructions", k->name,
                    (unsigned long long)(i + 1), (unsigned long long)ncta,
                    (unsigned long long)c.ti);
            last = now_s();
            printed = 1;
        }
    }
    if (printed)
        fprintf(stderr, "\n");
out:
    fflush(stdout);
    *thread_insts = c.ti;
    warps_free(&c);
    free(c.warps);
    free(c.shared);
    free(c.local);
    free(c.param);
    free(pw);
    return e;
}
