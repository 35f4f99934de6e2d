/* trace_writer.c - the trace writer (simt_trace.h; layout in docs/TRACE_FORMAT.md).
 *
 * Each thread's events are buffered per CTA: control values bit-packed at once, memory
 * events raw. end_cta() encodes the CTA columnar (seed table, lengths, control streams,
 * address streams), compresses it as one LZ4 frame and appends it, so memory is bounded by
 * one CTA (plus one varint per CTA of the current launch for its offset table). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simt_trace.pb-c.h"
#include "trace_internal.h"

struct wmem {
    uint64_t addr, addr2;
    uint32_t pc, size;
};

struct wthread {
    uint8_t *ctl;
    uint64_t ctl_bits;
    size_t ctl_cap; /* bytes */
    struct wmem *mem;
    size_t nmem, mem_cap;
};

struct wlaunch {
    struct simt_launch l;
    uint64_t launch_off, table_off;
};

struct seed {
    uint32_t key, tid;
    uint64_t addr;
};

/* Predictor choice (format version 2): candidates for PRED_REF are the columns a thread
 * accessed just before the column's first access in the CTA. */
#define WC_NCAND 3
struct wcol {
    uint64_t astamp;                /* == writer's cta_stamp: analysed in this CTA */
    uint64_t cnt;                   /* accesses after the first (per thread) */
    uint64_t cost[1 + WC_NCAND];    /* estimated bytes x 100: stride, then each candidate */
    uint64_t fmin, fmax, g, anchor; /* PRED_FOR: range and gcd of (addr - anchor) */
    uint64_t coff[WC_NCAND];        /* per thread: offset to each candidate */
    uint32_t cand[WC_NCAND];        /* keys, UINT32_MAX = none */
    /* the choice */
    uint8_t pred, width;
    uint32_t ref;
    uint64_t base, unit;
};

struct simt_trace_writer {
    char *path, *tmp;
    FILE *f;
    uint64_t off;
    int broken; /* an error happened: close() fails and removes the file */
    uint64_t meta_off;
    struct trace_prog **kernels;
    uint64_t *kernel_offs;
    uint32_t nkernels, kcap;
    struct wlaunch *launches;
    uint32_t nlaunches, lcap;
    /* current launch */
    int in_launch;
    const struct trace_prog *kp;
    uint64_t ctas_done, last_cta_off;
    struct tbuf cta_table; /* varint deltas of CTA offsets */
    /* current CTA */
    int in_cta;
    uint32_t nthreads;
    struct wthread *th;
    uint32_t th_cap;
    /* end_cta scratch */
    uint64_t stamp;
    uint64_t *col_stamp, *col_prev, *col_stride;
    struct wcol *wc; /* [2 * ninsts] per-CTA analysis and choice of each column's predictor */
    uint64_t cta_stamp;
    size_t col_cap;
    struct seed *seeds;
    size_t nseeds, seeds_cap;
    struct tbuf seedtab, lens, addrs, payload, comp, comp2, msg;
    uint32_t *addr_len;
    uint64_t *fbit_len;
    struct tbuf fbits; /* the threads' FOR bit streams, each starting on a byte */
    uint64_t fb_acc, fb_nbits;
    unsigned fb_nacc;
    uint32_t *akeys; /* columns analysed in this CTA */
    size_t nakeys, akeys_cap;
};

static simt_err wfail(simt_trace_writer *w, simt_err e)
{
    w->broken = 1;
    return e;
}

static simt_err write_bytes(simt_trace_writer *w, const void *p, size_t n)
{
    if (n && fwrite(p, 1, n, w->f) != n)
        return wfail(w, simt_seterr(SIMT_ERR_IO, "%s: write failed at offset %llu: %s", w->tmp,
                                    (unsigned long long)w->off, strerror(errno)));
    w->off += n;
    return SIMT_ERR_OK;
}

/* Appends a record: header + LZ4 frame of body. *rec_off receives its offset. */
/* Writes a record whose body (one LZ4 frame) is in w->comp. */
static simt_err write_comp_record(simt_trace_writer *w, const char tag[4], uint64_t *rec_off)
{
    uint8_t h[TRACE_REC_HEADER_SIZE];
    memcpy(h, tag, 4);
    put_u32le(h + 4, 0);
    put_u64le(h + 8, w->comp.n);
    if (rec_off)
        *rec_off = w->off;
    SIMT_TRY(write_bytes(w, h, sizeof h));
    return write_bytes(w, w->comp.p, w->comp.n);
}

static simt_err write_record(simt_trace_writer *w, const char tag[4], const uint8_t *body, size_t n,
                             uint64_t *rec_off)
{
    simt_err e = trace_lz4_compress(body, n, &w->comp);
    if (e != SIMT_ERR_OK)
        return wfail(w, e);
    return write_comp_record(w, tag, rec_off);
}

simt_err simt_trace_writer_open(const char *path, const struct simt_trace_meta *meta,
                                simt_trace_writer **out)
{
    SIMT_RETURN_IF(!out, SIMT_ERR_INVALID_ARG, "simt_trace_writer_open: out is NULL");
    *out = NULL;
    SIMT_RETURN_IF(!path || !*path, SIMT_ERR_INVALID_ARG, "simt_trace_writer_open: no path");
    simt_trace_writer *w = calloc(1, sizeof *w);
    simt_err e = SIMT_ERR_OK;
    if (!w)
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory opening a trace writer");
    w->path = strdup(path);
    w->tmp = malloc(strlen(path) + 5);
    if (!w->path || !w->tmp) {
        e = simt_seterr(SIMT_ERR_NOMEM, "out of memory opening a trace writer");
        goto out_free_w;
    }
    sprintf(w->tmp, "%s.tmp", path);
    w->f = fopen(w->tmp, "wb");
    if (!w->f) {
        e = simt_seterr(SIMT_ERR_IO, "%s: cannot create: %s", w->tmp, strerror(errno));
        goto out_free_w;
    }
    uint8_t h[TRACE_HEADER_SIZE];
    memcpy(h, TRACE_MAGIC, 8);
    put_u32le(h + 8, SIMT_TRACE_VERSION);
    put_u32le(h + 12, 0);
    if ((e = write_bytes(w, h, sizeof h)) != SIMT_ERR_OK)
        goto out_abort;
    if ((e = trace_pb_pack_meta(meta, &w->msg)) != SIMT_ERR_OK)
        goto out_abort;
    if ((e = write_record(w, TRACE_TAG_META, w->msg.p, w->msg.n, &w->meta_off)) != SIMT_ERR_OK)
        goto out_abort;
    *out = w;
    return SIMT_ERR_OK;
out_abort:
    simt_trace_writer_abort(w);
    return e;
out_free_w:
    free(w->path);
    free(w->tmp);
    free(w);
    return e;
}

simt_err simt_trace_writer_add_kernel(simt_trace_writer *w, const struct simt_program *prog,
                                      uint32_t *kernel_index)
{
    SIMT_RETURN_IF(!w || !prog, SIMT_ERR_INVALID_ARG, "add_kernel: NULL writer or program");
    SIMT_RETURN_IF(w->broken, SIMT_ERR_INVALID_ARG, "%s: the writer failed earlier", w->tmp);
    SIMT_RETURN_IF(w->in_launch, SIMT_ERR_INVALID_ARG,
                   "add_kernel: called inside a launch (call it before begin_launch)");
    SIMT_RETURN_IF(w->nkernels >= UINT32_MAX / 2, SIMT_ERR_LIMIT, "add_kernel: too many kernels");
    if (w->nkernels == w->kcap) {
        uint32_t cap = w->kcap ? w->kcap * 2 : 8;
        struct trace_prog **k = realloc(w->kernels, cap * sizeof *k);
        if (k)
            w->kernels = k;
        uint64_t *o = realloc(w->kernel_offs, cap * sizeof *o);
        if (o)
            w->kernel_offs = o;
        if (!k || !o)
            return simt_seterr(SIMT_ERR_NOMEM, "out of memory adding a kernel");
        w->kcap = cap;
    }
    struct trace_prog *tp;
    simt_err e = trace_prog_copy(prog, &tp);
    if (e != SIMT_ERR_OK) {
        simt_errprefix("add_kernel");
        return e;
    }
    if ((e = trace_pb_pack_program(&tp->p, &w->msg)) != SIMT_ERR_OK) {
        trace_prog_free(tp);
        return wfail(w, e);
    }
    uint64_t off;
    if ((e = write_record(w, TRACE_TAG_KERNEL, w->msg.p, w->msg.n, &off)) != SIMT_ERR_OK) {
        trace_prog_free(tp);
        return e;
    }
    w->kernels[w->nkernels] = tp;
    w->kernel_offs[w->nkernels] = off;
    if (kernel_index)
        *kernel_index = w->nkernels;
    w->nkernels++;
    return SIMT_ERR_OK;
}

static void launch_to_pb(const struct simt_launch *l, SimtPb__Launch *pl, SimtPb__Dim3 *g,
                         SimtPb__Dim3 *b)
{
    SimtPb__Launch li = SIMT_PB__LAUNCH__INIT;
    SimtPb__Dim3 di = SIMT_PB__DIM3__INIT;
    *pl = li;
    *g = di;
    *b = di;
    g->x = l->grid.x;
    g->y = l->grid.y;
    g->z = l->grid.z;
    b->x = l->block.x;
    b->y = l->block.y;
    b->z = l->block.z;
    pl->kernel = l->kernel;
    pl->grid = g;
    pl->block = b;
    pl->dynamic_shared_bytes = l->dynamic_shared_bytes;
    pl->static_shared_bytes = l->static_shared_bytes;
    pl->regs_per_thread = l->regs_per_thread;
    pl->local_bytes_per_thread = l->local_bytes_per_thread;
    pl->ncta = l->ncta;
    pl->thread_instructions = l->thread_instructions;
}

simt_err simt_trace_writer_begin_launch(simt_trace_writer *w, const struct simt_launch *l)
{
    SIMT_RETURN_IF(!w || !l, SIMT_ERR_INVALID_ARG, "begin_launch: NULL writer or launch");
    SIMT_RETURN_IF(w->broken, SIMT_ERR_INVALID_ARG, "%s: the writer failed earlier", w->tmp);
    SIMT_RETURN_IF(w->in_launch, SIMT_ERR_INVALID_ARG,
                   "begin_launch: launch %u is still open (call end_launch)", w->nlaunches);
    SIMT_RETURN_IF(l->kernel >= w->nkernels, SIMT_ERR_INVALID_ARG,
                   "begin_launch: kernel %u not added (%u kernels)", l->kernel, w->nkernels);
    uint64_t ncta = (uint64_t)l->grid.x * l->grid.y * l->grid.z;
    uint64_t nthr = (uint64_t)l->block.x * l->block.y * l->block.z;
    SIMT_RETURN_IF(ncta == 0 || ncta != l->ncta, SIMT_ERR_INVALID_ARG,
                   "begin_launch: ncta %llu != grid %ux%ux%u", (unsigned long long)l->ncta,
                   l->grid.x, l->grid.y, l->grid.z);
    SIMT_RETURN_IF(nthr == 0 || nthr > TRACE_MAX_CTA_THREADS, SIMT_ERR_INVALID_ARG,
                   "begin_launch: block %ux%ux%u has %llu threads (1..%d)", l->block.x, l->block.y,
                   l->block.z, (unsigned long long)nthr, TRACE_MAX_CTA_THREADS);
    SIMT_RETURN_IF(w->nlaunches >= UINT32_MAX / 2, SIMT_ERR_LIMIT, "too many launches");
    if (w->nlaunches == w->lcap) {
        uint32_t cap = w->lcap ? w->lcap * 2 : 16;
        struct wlaunch *nl = realloc(w->launches, cap * sizeof *nl);
        if (!nl)
            return simt_seterr(SIMT_ERR_NOMEM, "out of memory starting a launch");
        w->launches = nl;
        w->lcap = cap;
    }
    struct wlaunch *wl = &w->launches[w->nlaunches];
    memset(wl, 0, sizeof *wl);
    wl->l = *l;
    wl->l.thread_instructions = 0;
    SimtPb__Launch pl;
    SimtPb__Dim3 g, b;
    launch_to_pb(&wl->l, &pl, &g, &b);
    size_t n = simt_pb__launch__get_packed_size(&pl);
    w->msg.n = 0;
    SIMT_TRY(tbuf_reserve(&w->msg, n + 1));
    w->msg.n = simt_pb__launch__pack(&pl, w->msg.p);
    SIMT_TRY(write_record(w, TRACE_TAG_LAUNCH, w->msg.p, w->msg.n, &wl->launch_off));
    w->in_launch = 1;
    w->kp = w->kernels[l->kernel];
    w->ctas_done = 0;
    w->last_cta_off = 0;
    w->cta_table.n = 0;
    /* column state for end_cta: two slots per pc */
    size_t ncol = (size_t)w->kp->p.ninsts * 2;
    if (ncol > w->col_cap) {
        free(w->col_stamp);
        free(w->col_prev);
        free(w->col_stride);
        free(w->wc);
        w->wc = calloc(ncol, sizeof *w->wc);
        w->col_stamp = calloc(ncol, sizeof *w->col_stamp);
        w->col_prev = malloc(ncol * sizeof *w->col_prev);
        w->col_stride = malloc(ncol * sizeof *w->col_stride);
        w->col_cap = ncol;
        if (!w->col_stamp || !w->col_prev || !w->col_stride || !w->wc) {
            w->col_cap = 0;
            return wfail(w, simt_seterr(SIMT_ERR_NOMEM, "out of memory starting a launch"));
        }
    } else {
        memset(w->col_stamp, 0, ncol * sizeof *w->col_stamp);
        memset(w->wc, 0, ncol * sizeof *w->wc);
    }
    w->cta_stamp = 0;
    w->stamp = 0;
    w->nlaunches++;
    return SIMT_ERR_OK;
}

simt_err simt_trace_writer_begin_cta(simt_trace_writer *w, uint32_t nthreads)
{
    SIMT_RETURN_IF(!w, SIMT_ERR_INVALID_ARG, "begin_cta: NULL writer");
    SIMT_RETURN_IF(w->broken, SIMT_ERR_INVALID_ARG, "%s: the writer failed earlier", w->tmp);
    SIMT_RETURN_IF(!w->in_launch || w->in_cta, SIMT_ERR_INVALID_ARG, "begin_cta: %s",
                   w->in_cta ? "the previous CTA is still open" : "no launch");
    const struct simt_launch *l = &w->launches[w->nlaunches - 1].l;
    SIMT_RETURN_IF(w->ctas_done >= l->ncta, SIMT_ERR_INVALID_ARG,
                   "begin_cta: launch %u announced %llu CTAs, all written", w->nlaunches - 1,
                   (unsigned long long)l->ncta);
    uint64_t nthr = (uint64_t)l->block.x * l->block.y * l->block.z;
    SIMT_RETURN_IF(nthreads != nthr, SIMT_ERR_INVALID_ARG,
                   "begin_cta: %u threads, but the launch's block %ux%ux%u has %llu", nthreads,
                   l->block.x, l->block.y, l->block.z, (unsigned long long)nthr);
    if (nthreads > w->th_cap) {
        struct wthread *t = realloc(w->th, nthreads * sizeof *t);
        if (!t)
            return wfail(w, simt_seterr(SIMT_ERR_NOMEM, "out of memory starting a CTA"));
        memset(t + w->th_cap, 0, (nthreads - w->th_cap) * sizeof *t);
        w->th = t;
        w->th_cap = nthreads;
    }
    for (uint32_t i = 0; i < nthreads; i++) {
        w->th[i].ctl_bits = 0;
        w->th[i].nmem = 0;
    }
    w->nthreads = nthreads;
    w->in_cta = 1;
    return SIMT_ERR_OK;
}

static simt_err put_bits(simt_trace_writer *w, struct wthread *t, uint32_t v, unsigned nbits)
{
    if (nbits == 0)
        return SIMT_ERR_OK;
    size_t need = (size_t)((t->ctl_bits + nbits + 7) / 8) + 8;
    if (need > t->ctl_cap) {
        size_t cap = t->ctl_cap ? t->ctl_cap * 2 : 64;
        while (cap < need)
            cap *= 2;
        uint8_t *p = realloc(t->ctl, cap);
        if (!p)
            return wfail(w, simt_seterr(SIMT_ERR_NOMEM, "out of memory recording a branch"));
        memset(p + t->ctl_cap, 0, cap - t->ctl_cap);
        t->ctl = p;
        t->ctl_cap = cap;
    }
    /* LSB-first: bit k of the stream is bit (k % 8) of byte k / 8 */
    for (unsigned i = 0; i < nbits; i++, t->ctl_bits++) {
        size_t byte = (size_t)(t->ctl_bits >> 3);
        unsigned bit = (unsigned)(t->ctl_bits & 7);
        if (bit == 0)
            t->ctl[byte] = 0;
        t->ctl[byte] |= (uint8_t)(((v >> i) & 1) << bit);
    }
    return SIMT_ERR_OK;
}

#define CHECK_EVENT(w, tid, pc, what)                                                              \
    do {                                                                                           \
        SIMT_RETURN_IF(!(w), SIMT_ERR_INVALID_ARG, what ": NULL writer");                          \
        SIMT_RETURN_IF((w)->broken, SIMT_ERR_INVALID_ARG, "%s: the writer failed earlier",         \
                       (w)->tmp);                                                                  \
        if (!(w)->in_cta)                                                                          \
            return wfail(w, simt_seterr(SIMT_ERR_INVALID_ARG, what ": no CTA is open"));           \
        if ((tid) >= (w)->nthreads || (pc) >= (w)->kp->p.ninsts)                                   \
            return wfail(w, simt_seterr(SIMT_ERR_INVALID_ARG,                                      \
                                        what ": launch %u CTA %llu: thread %u (of %u) or pc %u "   \
                                             "(of %u) out of range",                               \
                                        (w)->nlaunches - 1, (unsigned long long)(w)->ctas_done,    \
                                        (tid), (w)->nthreads, (pc), (w)->kp->p.ninsts));           \
    } while (0)

simt_err simt_trace_writer_branch(simt_trace_writer *w, uint32_t tid, uint32_t pc, uint32_t succ)
{
    CHECK_EVENT(w, tid, pc, "branch");
    const struct simt_program *p = &w->kp->p;
    const struct simt_sinst *in = &p->insts[pc];
    const struct simt_sblock *b = &p->blocks[in->block];
    if (pc != w->kp->block_end[in->block] || !(in->flags & SIMT_IF_COND) || succ >= b->nsucc)
        return wfail(w, simt_seterr(SIMT_ERR_INVALID_ARG,
                                    "branch: kernel %s pc %u: successor %u of a block with %u "
                                    "(pc must be a COND terminator)",
                                    p->kernel_name, pc, succ, b->nsucc));
    return put_bits(w, &w->th[tid], succ, w->kp->term_bits[in->block]);
}

simt_err simt_trace_writer_icall(simt_trace_writer *w, uint32_t tid, uint32_t pc, uint32_t func)
{
    CHECK_EVENT(w, tid, pc, "icall");
    const struct simt_program *p = &w->kp->p;
    if ((w->kp->op[pc] & 0x7f) != OP_ICALL || func >= p->nfuncs)
        return wfail(w, simt_seterr(SIMT_ERR_INVALID_ARG,
                                    "icall: kernel %s pc %u: function %u of %u (pc must be an "
                                    "indirect call)",
                                    p->kernel_name, pc, func, p->nfuncs));
    return put_bits(w, &w->th[tid], func, w->kp->icall_bits);
}

simt_err simt_trace_writer_mem(simt_trace_writer *w, uint32_t tid, uint32_t pc, uint64_t addr,
                               uint64_t addr2, uint32_t size)
{
    CHECK_EVENT(w, tid, pc, "mem");
    const struct simt_program *p = &w->kp->p;
    const struct simt_sinst *in = &p->insts[pc];
    uint8_t op = w->kp->op[pc];
    uint8_t kind = op & 0x7f;
    if (kind != OP_MEM && kind != OP_COPY)
        return wfail(w, simt_seterr(SIMT_ERR_INVALID_ARG,
                                    "mem: kernel %s pc %u is a %s instruction, not a memory one",
                                    p->kernel_name, pc, simt_iclass_name(in->iclass)));
    if (!(op & OP_VARSIZE) && size != in->access_bytes)
        return wfail(w, simt_seterr(SIMT_ERR_INVALID_ARG,
                                    "mem: kernel %s pc %u: size %u, but the instruction accesses "
                                    "%u bytes",
                                    p->kernel_name, pc, size, in->access_bytes));
    if (kind != OP_COPY && addr2 != 0)
        return wfail(w, simt_seterr(SIMT_ERR_INVALID_ARG,
                                    "mem: kernel %s pc %u: a second address on a %s",
                                    p->kernel_name, pc, simt_iclass_name(in->iclass)));
    struct wthread *t = &w->th[tid];
    if (t->nmem == t->mem_cap) {
        size_t cap = t->mem_cap ? t->mem_cap * 2 : 64;
        struct wmem *m = realloc(t->mem, cap * sizeof *m);
        if (!m)
            return wfail(w, simt_seterr(SIMT_ERR_NOMEM, "out of memory recording an access"));
        t->mem = m;
        t->mem_cap = cap;
    }
    struct wmem *m = &t->mem[t->nmem++];
    m->addr = addr;
    m->addr2 = addr2;
    m->pc = pc;
    m->size = size;
    return SIMT_ERR_OK;
}

static int seed_cmp(const void *a, const void *b)
{
    const struct seed *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->tid < y->tid ? -1 : x->tid > y->tid;
}

static simt_err add_seed(simt_trace_writer *w, uint32_t key, uint32_t tid, uint64_t addr)
{
    if (w->nseeds == w->seeds_cap) {
        size_t cap = w->seeds_cap ? w->seeds_cap * 2 : 256;
        struct seed *s = realloc(w->seeds, cap * sizeof *s);
        if (!s)
            return simt_seterr(SIMT_ERR_NOMEM, "out of memory encoding a CTA");
        w->seeds = s;
        w->seeds_cap = cap;
    }
    w->seeds[w->nseeds++] = (struct seed){key, tid, addr};
    return SIMT_ERR_OK;
}

static inline uint64_t wlast(const simt_trace_writer *w, uint32_t key)
{
    return w->col_stamp[key] == w->stamp ? w->col_prev[key] : 0;
}

static inline unsigned vlen(uint64_t v)
{
    unsigned n = 1;
    while (v >= 0x80) {
        v >>= 7;
        n++;
    }
    return n;
}

/* estimated cost (bytes x 100) of a residual: LZ4 removes most runs of zero residuals */
static inline uint64_t rcost(uint64_t d)
{
    return d == 0 ? 5 : 100 * (uint64_t)vlen(zigzag(d));
}

static uint64_t gcd64(uint64_t a, uint64_t b) /* binary gcd: no divisions */
{
    if (a == 0 || b == 0)
        return a | b;
    int sh = __builtin_ctzll(a | b);
    a >>= __builtin_ctzll(a);
    while (b) {
        b >>= __builtin_ctzll(b);
        if (a > b) {
            uint64_t t = a;
            a = b;
            b = t;
        }
        b -= a;
    }
    return a << sh;
}

/* Pass 1 over one address of one thread: the cost of each predictor. `recent` holds the
 * thread's last distinct keys (most recent first). */
static simt_err an_addr(simt_trace_writer *w, uint32_t key, uint64_t a, const uint32_t *recent)
{
    struct wcol *c = &w->wc[key];
    if (c->astamp != w->cta_stamp) {
        if (w->nakeys == w->akeys_cap) {
            size_t cap = w->akeys_cap ? 2 * w->akeys_cap : 64;
            uint32_t *k = realloc(w->akeys, cap * sizeof *k);
            if (!k)
                return simt_seterr(SIMT_ERR_NOMEM, "out of memory encoding a CTA");
            w->akeys = k;
            w->akeys_cap = cap;
        }
        w->akeys[w->nakeys++] = key;
        memset(c, 0, sizeof *c);
        c->astamp = w->cta_stamp;
        int nc = 0;
        for (int k = 0; k < WC_NCAND + 1 && nc < WC_NCAND; k++)
            if (recent[k] != UINT32_MAX && recent[k] != key)
                c->cand[nc++] = recent[k];
        for (; nc < WC_NCAND; nc++)
            c->cand[nc] = UINT32_MAX;
        c->fmin = UINT64_MAX;
    }
    if (w->col_stamp[key] != w->stamp) { /* first of this thread: the seed table has it */
        for (int k = 0; k < WC_NCAND; k++)
            if (c->cand[k] != UINT32_MAX)
                c->coff[k] = a - wlast(w, c->cand[k]);
        w->col_stamp[key] = w->stamp;
        w->col_prev[key] = a;
        w->col_stride[key] = 0;
        return SIMT_ERR_OK;
    }
    if (c->cnt++ == 0)
        c->anchor = a;
    if (c->g != 1)
        c->g = gcd64(c->g, a > c->anchor ? a - c->anchor : c->anchor - a);
    if (a < c->fmin)
        c->fmin = a;
    if (a > c->fmax)
        c->fmax = a;
    uint64_t prev = w->col_prev[key];
    c->cost[0] += rcost(a - (prev + w->col_stride[key]));
    w->col_stride[key] = a - prev;
    w->col_prev[key] = a;
    for (int k = 0; k < WC_NCAND; k++)
        if (c->cand[k] != UINT32_MAX) {
            uint64_t l = wlast(w, c->cand[k]);
            c->cost[1 + k] += rcost(a - (l + c->coff[k]));
            c->coff[k] = a - l;
        }
    return SIMT_ERR_OK;
}

/* After pass 1: the cheapest predictor of a column (ties keep PRED_STRIDE). */
static void choose_pred(struct wcol *c)
{
    c->pred = PRED_STRIDE;
    c->width = 0;
    c->ref = 0;
    c->base = 0;
    c->unit = 1;
    if (!c->cnt)
        return;
    uint64_t best = c->cost[0];
    for (int k = 0; k < WC_NCAND; k++)
        if (c->cand[k] != UINT32_MAX && c->cost[1 + k] + 200 < best) {
            best = c->cost[1 + k] + 200;
            c->pred = PRED_REF;
            c->ref = c->cand[k];
        }
    uint64_t unit = c->g ? c->g : 1;
    uint64_t vmax = (c->fmax - c->fmin) / unit;
    unsigned width = 0;
    while (width < 64 && (vmax >> width) != 0)
        width++;
    /* every address differs from the anchor, hence from fmin, by a multiple of g */
    if (width <= TRACE_FOR_MAX_WIDTH && c->cnt * width * 100 / 8 + 300 < best) {
        c->pred = PRED_FOR;
        c->width = (uint8_t)width;
        c->base = c->fmin;
        c->unit = unit;
    }
}

/* Pass 2: one address of one thread: the seed table takes the first per (pc, slot), the
 * column's predictor codes the later ones (docs/TRACE_FORMAT.md, section 3). */
static simt_err enc_addr(simt_trace_writer *w, uint32_t key, uint32_t tid, uint64_t a)
{
    const struct wcol *c = &w->wc[key];
    if (w->col_stamp[key] != w->stamp) {
        /* the reference's last address is taken before this column is marked seen */
        w->col_stride[key] = c->pred == PRED_REF ? a - wlast(w, c->ref) : 0;
        w->col_stamp[key] = w->stamp;
        w->col_prev[key] = a;
        return add_seed(w, key, tid, a);
    }
    if (c->pred == PRED_FOR) {
        uint64_t v = (a - c->base) / c->unit;
        w->fb_acc |= v << w->fb_nacc;
        w->fb_nacc += c->width;
        w->fb_nbits += c->width;
        if (w->fb_nacc >= 8) {
            SIMT_TRY(tbuf_reserve(&w->fbits, 8));
            while (w->fb_nacc >= 8) {
                w->fbits.p[w->fbits.n++] = (uint8_t)w->fb_acc;
                w->fb_acc >>= 8;
                w->fb_nacc -= 8;
            }
        }
        w->col_prev[key] = a;
        return SIMT_ERR_OK;
    }
    uint64_t last = c->pred == PRED_STRIDE ? w->col_prev[key] : wlast(w, c->ref);
    uint64_t pred = last + w->col_stride[key];
    w->col_stride[key] = a - last;
    w->col_prev[key] = a;
    return tbuf_varint(&w->addrs, zigzag(a - pred));
}

/* Encodes the current CTA into w->payload; all_stride: PRED_STRIDE for every column (the
 * version 1 coding). *chosen (may be NULL) gets the number of other predictors used. */
static simt_err encode_cta(simt_trace_writer *w, uint64_t thread_instructions, int all_stride,
                           size_t *chosen)
{
    uint32_t n = w->nthreads;
    w->nseeds = 0;
    w->addrs.n = 0;
    w->fbits.n = 0;
    uint32_t *alen = realloc(w->addr_len, (size_t)n * sizeof *alen);
    if (!alen)
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory encoding a CTA");
    w->addr_len = alen;
    uint64_t *flen = realloc(w->fbit_len, (size_t)n * sizeof *flen);
    if (!flen)
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory encoding a CTA");
    w->fbit_len = flen;
    /* pass 1: the cost of each column's predictors */
    w->cta_stamp++;
    w->nakeys = 0;
    for (uint32_t tid = 0; tid < n; tid++) {
        struct wthread *t = &w->th[tid];
        uint32_t recent[WC_NCAND + 1];
        for (int k = 0; k <= WC_NCAND; k++)
            recent[k] = UINT32_MAX;
        w->stamp++;
        for (size_t i = 0; i < t->nmem; i++) {
            const struct wmem *m = &t->mem[i];
            uint32_t nslot = (w->kp->op[m->pc] & 0x7f) == OP_COPY ? 2 : 1;
            for (uint32_t slot = 0; slot < nslot; slot++) {
                uint32_t key = m->pc * 2 + slot;
                SIMT_TRY(an_addr(w, key, slot ? m->addr2 : m->addr, recent));
                if (recent[0] != key) {
                    int k = 0;
                    while (k < WC_NCAND && recent[k] != key)
                        k++;
                    memmove(recent + 1, recent, (size_t)k * sizeof *recent);
                    recent[0] = key;
                }
            }
        }
    }
    size_t nchosen = 0;
    for (size_t k = 0; k < w->nakeys; k++) {
        struct wcol *c = &w->wc[w->akeys[k]];
        choose_pred(c);
        if (all_stride)
            c->pred = PRED_STRIDE;
        nchosen += c->pred != PRED_STRIDE;
    }
    if (chosen)
        *chosen = nchosen;
    /* pass 2: encode */
    for (uint32_t tid = 0; tid < n; tid++) {
        struct wthread *t = &w->th[tid];
        size_t start = w->addrs.n;
        w->stamp++;
        w->fb_acc = 0;
        w->fb_nacc = 0;
        w->fb_nbits = 0;
        for (size_t i = 0; i < t->nmem; i++) {
            const struct wmem *m = &t->mem[i];
            uint8_t op = w->kp->op[m->pc];
            SIMT_TRY(enc_addr(w, m->pc * 2, tid, m->addr));
            if ((op & 0x7f) == OP_COPY)
                SIMT_TRY(enc_addr(w, m->pc * 2 + 1, tid, m->addr2));
            if (op & OP_VARSIZE)
                SIMT_TRY(tbuf_varint(&w->addrs, m->size));
        }
        if (w->fb_nacc) { /* each thread's bit stream starts on a byte */
            SIMT_TRY(tbuf_reserve(&w->fbits, 1));
            w->fbits.p[w->fbits.n++] = (uint8_t)w->fb_acc;
        }
        flen[tid] = w->fb_nbits;
        if (w->addrs.n - start > UINT32_MAX)
            return simt_seterr(SIMT_ERR_LIMIT, "a thread's address stream exceeds 4 GiB");
        alen[tid] = (uint32_t)(w->addrs.n - start);
    }
    /* seed table, columns in ascending (pc, slot) order */
    if (w->nseeds)
        qsort(w->seeds, w->nseeds, sizeof *w->seeds, seed_cmp);
    struct tbuf *st = &w->seedtab;
    st->n = 0;
    size_t ncols = 0;
    for (size_t i = 0; i < w->nseeds; i++)
        ncols += i == 0 || w->seeds[i].key != w->seeds[i - 1].key;
    SIMT_TRY(tbuf_varint(st, ncols));
    uint32_t prev_key = 0;
    for (size_t i = 0, j; i < w->nseeds; i = j) {
        uint32_t key = w->seeds[i].key;
        for (j = i; j < w->nseeds && w->seeds[j].key == key; j++)
            ;
        SIMT_TRY(tbuf_varint(st, i == 0 ? key : key - prev_key - 1));
        prev_key = key;
        size_t present = j - i;
        const struct wcol *c = &w->wc[key];
        SIMT_TRY(tbuf_reserve(st, 1));
        st->p[st->n++] = (uint8_t)(c->pred << 1 | (present != n));
        if (c->pred == PRED_FOR) {
            SIMT_TRY(tbuf_varint(st, c->base));
            SIMT_TRY(tbuf_varint(st, c->unit));
            SIMT_TRY(tbuf_reserve(st, 1));
            st->p[st->n++] = c->width;
        } else if (c->pred == PRED_REF) {
            SIMT_TRY(tbuf_varint(st, c->ref));
        }
        SIMT_TRY(tbuf_reserve(st, (n + 7) / 8));
        if (present != n) {
            uint8_t *bm = st->p + st->n;
            memset(bm, 0, (n + 7) / 8);
            for (size_t k = i; k < j; k++)
                bm[w->seeds[k].tid >> 3] |= (uint8_t)(1u << (w->seeds[k].tid & 7));
            st->n += (n + 7) / 8;
        }
        uint64_t p1 = 0, p2 = 0;
        for (size_t k = i; k < j; k++) {
            uint64_t pred = k == i ? 0 : k == i + 1 ? p1 : p1 + (p1 - p2);
            uint64_t a = w->seeds[k].addr;
            SIMT_TRY(tbuf_varint(st, zigzag(a - pred)));
            p2 = p1;
            p1 = a;
        }
    }
    /* lengths */
    struct tbuf *ln = &w->lens;
    ln->n = 0;
    for (uint32_t tid = 0; tid < n; tid++)
        SIMT_TRY(tbuf_varint(ln, w->th[tid].ctl_bits));
    for (uint32_t tid = 0; tid < n; tid++)
        SIMT_TRY(tbuf_varint(ln, alen[tid]));
    for (uint32_t tid = 0; tid < n; tid++)
        SIMT_TRY(tbuf_varint(ln, flen[tid]));
    /* assemble */
    struct tbuf *pl = &w->payload;
    pl->n = 0;
    SIMT_TRY(tbuf_varint(pl, w->nlaunches - 1));
    SIMT_TRY(tbuf_varint(pl, w->ctas_done));
    SIMT_TRY(tbuf_varint(pl, n));
    SIMT_TRY(tbuf_varint(pl, thread_instructions));
    size_t ctl_bytes = 0;
    for (uint32_t tid = 0; tid < n; tid++)
        ctl_bytes += (size_t)((w->th[tid].ctl_bits + 7) / 8);
    SIMT_TRY(tbuf_reserve(pl, st->n + ln->n + ctl_bytes + w->addrs.n + w->fbits.n));
    memcpy(pl->p + pl->n, st->p, st->n);
    pl->n += st->n;
    memcpy(pl->p + pl->n, ln->p, ln->n);
    pl->n += ln->n;
    for (uint32_t tid = 0; tid < n; tid++) {
        size_t b = (size_t)((w->th[tid].ctl_bits + 7) / 8);
        if (b) {
            memcpy(pl->p + pl->n, w->th[tid].ctl, b);
            /* clear the unused high bits of the last byte: output depends only on events */
            if (w->th[tid].ctl_bits & 7)
                pl->p[pl->n + b - 1] &= (uint8_t)((1u << (w->th[tid].ctl_bits & 7)) - 1);
        }
        pl->n += b;
    }
    if (w->addrs.n)
        memcpy(pl->p + pl->n, w->addrs.p, w->addrs.n);
    pl->n += w->addrs.n;
    if (w->fbits.n)
        memcpy(pl->p + pl->n, w->fbits.p, w->fbits.n);
    pl->n += w->fbits.n;
    return SIMT_ERR_OK;
}

simt_err simt_trace_writer_end_cta(simt_trace_writer *w, uint64_t thread_instructions)
{
    SIMT_RETURN_IF(!w, SIMT_ERR_INVALID_ARG, "end_cta: NULL writer");
    SIMT_RETURN_IF(w->broken, SIMT_ERR_INVALID_ARG, "%s: the writer failed earlier", w->tmp);
    SIMT_RETURN_IF(!w->in_cta, SIMT_ERR_INVALID_ARG, "end_cta: no CTA is open");
    /* The predictors are chosen on estimated costs; where any differs from the stride
     * predictor, the CTA is also coded with strides only and the smaller frame is kept. */
    size_t chosen;
    simt_err e = encode_cta(w, thread_instructions, 0, &chosen);
    if (e == SIMT_ERR_OK)
        e = trace_lz4_compress(w->payload.p, w->payload.n, &w->comp);
    if (e == SIMT_ERR_OK && chosen) {
        struct tbuf t = w->comp;
        w->comp = w->comp2;
        w->comp2 = t;
        if ((e = encode_cta(w, thread_instructions, 1, NULL)) == SIMT_ERR_OK)
            e = trace_lz4_compress(w->payload.p, w->payload.n, &w->comp);
        if (e == SIMT_ERR_OK && w->comp2.n <= w->comp.n) {
            t = w->comp;
            w->comp = w->comp2;
            w->comp2 = t;
        }
    }
    if (e != SIMT_ERR_OK)
        return wfail(w, e);
    uint64_t off;
    SIMT_TRY(write_comp_record(w, TRACE_TAG_CTA, &off));
    if ((e = tbuf_varint(&w->cta_table, off - w->last_cta_off)) != SIMT_ERR_OK)
        return wfail(w, e);
    w->last_cta_off = off;
    w->launches[w->nlaunches - 1].l.thread_instructions += thread_instructions;
    w->ctas_done++;
    w->in_cta = 0;
    return SIMT_ERR_OK;
}

simt_err simt_trace_writer_end_launch(simt_trace_writer *w)
{
    SIMT_RETURN_IF(!w, SIMT_ERR_INVALID_ARG, "end_launch: NULL writer");
    SIMT_RETURN_IF(w->broken, SIMT_ERR_INVALID_ARG, "%s: the writer failed earlier", w->tmp);
    SIMT_RETURN_IF(!w->in_launch || w->in_cta, SIMT_ERR_INVALID_ARG, "end_launch: %s",
                   w->in_cta ? "a CTA is still open" : "no launch is open");
    struct wlaunch *wl = &w->launches[w->nlaunches - 1];
    if (w->ctas_done != wl->l.ncta)
        return wfail(w, simt_seterr(SIMT_ERR_INVALID_ARG,
                                    "end_launch: launch %u announced %llu CTAs, %llu written",
                                    w->nlaunches - 1, (unsigned long long)wl->l.ncta,
                                    (unsigned long long)w->ctas_done));
    struct tbuf *m = &w->msg;
    m->n = 0;
    SIMT_TRY(tbuf_varint(m, w->nlaunches - 1));
    SIMT_TRY(tbuf_varint(m, wl->l.ncta));
    SIMT_TRY(tbuf_reserve(m, w->cta_table.n));
    memcpy(m->p + m->n, w->cta_table.p, w->cta_table.n);
    m->n += w->cta_table.n;
    SIMT_TRY(write_record(w, TRACE_TAG_CTA_TABLE, m->p, m->n, &wl->table_off));
    w->in_launch = 0;
    return SIMT_ERR_OK;
}

static void writer_free(simt_trace_writer *w)
{
    if (w->f)
        fclose(w->f);
    for (uint32_t i = 0; i < w->nkernels; i++)
        trace_prog_free(w->kernels[i]);
    free(w->kernels);
    free(w->kernel_offs);
    free(w->launches);
    for (uint32_t i = 0; i < w->th_cap; i++) {
        free(w->th[i].ctl);
        free(w->th[i].mem);
    }
    free(w->th);
    free(w->col_stamp);
    free(w->col_prev);
    free(w->col_stride);
    free(w->wc);
    free(w->seeds);
    free(w->addr_len);
    free(w->fbit_len);
    free(w->akeys);
    tbuf_free(&w->fbits);
    tbuf_free(&w->cta_table);
    tbuf_free(&w->seedtab);
    tbuf_free(&w->lens);
    tbuf_free(&w->addrs);
    tbuf_free(&w->payload);
    tbuf_free(&w->comp);
    tbuf_free(&w->comp2);
    tbuf_free(&w->msg);
    free(w->path);
    free(w->tmp);
    free(w);
}

void simt_trace_writer_abort(simt_trace_writer *w)
{
    if (!w)
        return;
    if (w->f) {
        fclose(w->f);
        w->f = NULL;
    }
    unlink(w->tmp);
    writer_free(w);
}

static simt_err write_index(simt_trace_writer *w, uint64_t *index_off)
{
    simt_err e = SIMT_ERR_OK;
    SimtPb__Index ix = SIMT_PB__INDEX__INIT;
    ix.header_offset = w->meta_off;
    ix.n_kernel_offsets = w->nkernels;
    ix.kernel_offsets = w->kernel_offs;
    SimtPb__LaunchEntry *le = calloc(w->nlaunches + 1, sizeof *le);
    SimtPb__LaunchEntry **lp = calloc(w->nlaunches + 1, sizeof *lp);
    SimtPb__Launch *pl = calloc(w->nlaunches + 1, sizeof *pl);
    SimtPb__Dim3 *dims = calloc(2 * (size_t)w->nlaunches + 1, sizeof *dims);
    if (!le || !lp || !pl || !dims) {
        e = simt_seterr(SIMT_ERR_NOMEM, "out of memory writing the index");
        goto out_free;
    }
    for (uint32_t i = 0; i < w->nlaunches; i++) {
        SimtPb__LaunchEntry init = SIMT_PB__LAUNCH_ENTRY__INIT;
        le[i] = init;
        launch_to_pb(&w->launches[i].l, &pl[i], &dims[2 * i], &dims[2 * i + 1]);
        le[i].launch = &pl[i];
        le[i].launch_offset = w->launches[i].launch_off;
        le[i].cta_table_offset = w->launches[i].table_off;
        lp[i] = &le[i];
    }
    ix.n_launches = w->nlaunches;
    ix.launches = lp;
    size_t n = simt_pb__index__get_packed_size(&ix);
    w->msg.n = 0;
    if ((e = tbuf_reserve(&w->msg, n + 1)) != SIMT_ERR_OK)
        goto out_free;
    w->msg.n = simt_pb__index__pack(&ix, w->msg.p);
    e = write_record(w, TRACE_TAG_INDEX, w->msg.p, w->msg.n, index_off);
out_free:
    free(le);
    free(lp);
    free(pl);
    free(dims);
    return e;
}

simt_err simt_trace_writer_close(simt_trace_writer *w)
{
    if (!w)
        return simt_seterr(SIMT_ERR_INVALID_ARG, "close: NULL writer");
    simt_err e = SIMT_ERR_OK;
    if (w->broken) {
        e = simt_seterr(SIMT_ERR_INVALID_ARG,
                        "%s: not written: the writer failed earlier (see the first error)",
                        w->path);
        goto out_abort;
    }
    if (w->in_launch) {
        e = simt_seterr(SIMT_ERR_INVALID_ARG,
                        "%s: not written: launch %u was not ended (end_cta/end_launch missing)",
                        w->path, w->nlaunches - 1);
        goto out_abort;
    }
    uint64_t index_off;
    if ((e = write_index(w, &index_off)) != SIMT_ERR_OK)
        goto out_abort;
    uint8_t f[TRACE_FOOTER_SIZE];
    put_u64le(f, index_off);
    put_u64le(f + 8, w->off + TRACE_FOOTER_SIZE);
    put_u32le(f + 16, SIMT_TRACE_VERSION);
    put_u32le(f + 20, trace_crc32(f, 20));
    memcpy(f + 24, TRACE_FOOTER_MAGIC, 8);
    if ((e = write_bytes(w, f, sizeof f)) != SIMT_ERR_OK)
        goto out_abort;
    if (fflush(w->f) != 0 || fsync(fileno(w->f)) != 0) {
        e = simt_seterr(SIMT_ERR_IO, "%s: flush failed: %s", w->tmp, strerror(errno));
        goto out_abort;
    }
    int rc = fclose(w->f);
    w->f = NULL;
    if (rc != 0) {
        e = simt_seterr(SIMT_ERR_IO, "%s: close failed: %s", w->tmp, strerror(errno));
        goto out_abort;
    }
    if (rename(w->tmp, w->path) != 0) {
        e = simt_seterr(SIMT_ERR_IO, "cannot rename %s to %s: %s", w->tmp, w->path,
                        strerror(errno));
        goto out_abort;
    }
    writer_free(w);
    return SIMT_ERR_OK;
out_abort:
    simt_trace_writer_abort(w);
    return e;
}
