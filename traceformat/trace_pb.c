/* trace_pb.c - conversion between the C structs of simt_trace.h and the protobuf-c
 * messages of simt_trace.proto. Unpacked data is validated before it is trusted. */
#include <stdlib.h>
#include <string.h>

#include "simt_trace.pb-c.h"
#include "trace_internal.h"

simt_err trace_pb_pack_meta(const struct simt_trace_meta *m, struct tbuf *out)
{
    SimtPb__Header h = SIMT_PB__HEADER__INIT;
    h.format_version = SIMT_TRACE_VERSION;
    h.producer = (char *)(m && m->producer ? m->producer : "");
    h.program = (char *)(m && m->program ? m->program : "");
    h.n_argv = m && m->argv && m->argc > 0 ? (size_t)m->argc : 0;
    char **argv = NULL;
    if (h.n_argv) {
        argv = malloc(h.n_argv * sizeof *argv);
        if (!argv)
            return simt_seterr(SIMT_ERR_NOMEM, "out of memory packing the header");
        for (size_t i = 0; i < h.n_argv; i++)
            argv[i] = (char *)(m->argv[i] ? m->argv[i] : "");
    }
    h.argv = argv;
    size_t n = simt_pb__header__get_packed_size(&h);
    out->n = 0;
    simt_err e = tbuf_reserve(out, n + 1);
    if (e == SIMT_ERR_OK)
        out->n = simt_pb__header__pack(&h, out->p);
    free(argv);
    return e;
}

void trace_meta_free(struct trace_meta_store *m)
{
    if (!m)
        return;
    free(m->producer);
    free(m->program);
    if (m->argv)
        for (int i = 0; i < m->argc; i++)
            free(m->argv[i]);
    free(m->argv);
    memset(m, 0, sizeof *m);
}

simt_err trace_pb_unpack_meta(const uint8_t *p, size_t n, struct trace_meta_store *m,
                              uint32_t *format_version)
{
    memset(m, 0, sizeof *m);
    SimtPb__Header *h = simt_pb__header__unpack(NULL, n, p);
    if (!h)
        return simt_seterr(SIMT_ERR_FORMAT, "the header message does not parse as protobuf");
    simt_err e = SIMT_ERR_OK;
    *format_version = h->format_version;
    if (h->n_argv > (size_t)1 << 24) {
        e = simt_seterr(SIMT_ERR_LIMIT, "the header lists %zu arguments", h->n_argv);
        goto out_free_h;
    }
    m->producer = strdup(h->producer);
    m->program = strdup(h->program);
    m->argv = calloc(h->n_argv + 1, sizeof *m->argv);
    if (!m->producer || !m->program || !m->argv) {
        e = simt_seterr(SIMT_ERR_NOMEM, "out of memory reading the header");
        goto out_free_h;
    }
    for (size_t i = 0; i < h->n_argv; i++) {
        if (!(m->argv[i] = strdup(h->argv[i]))) {
            e = simt_seterr(SIMT_ERR_NOMEM, "out of memory reading the header");
            goto out_free_h;
        }
        m->argc = (int)i + 1;
    }
    m->meta.producer = m->producer;
    m->meta.program = m->program;
    m->meta.argc = m->argc;
    m->meta.argv = (const char *const *)m->argv;
out_free_h:
    simt_pb__header__free_unpacked(h, NULL);
    if (e != SIMT_ERR_OK)
        trace_meta_free(m);
    return e;
}

simt_err trace_pb_pack_program(const struct simt_program *p, struct tbuf *out)
{
    simt_err e = SIMT_ERR_OK;
    SimtPb__Program pr = SIMT_PB__PROGRAM__INIT;
    pr.kernel_name = (char *)p->kernel_name;
    pr.source_file = (char *)(p->source_file ? p->source_file : "");
    pr.nregs = p->nregs;
    pr.strings.data = (uint8_t *)p->strings;
    pr.strings.len = p->strings_size;
    SimtPb__Function *fs = calloc(p->nfuncs, sizeof *fs);
    SimtPb__Function **fps = calloc(p->nfuncs, sizeof *fps);
    SimtPb__Block *bs = calloc(p->nblocks, sizeof *bs);
    SimtPb__Block **bps = calloc(p->nblocks, sizeof *bps);
    SimtPb__Instruction *is = calloc(p->ninsts, sizeof *is);
    SimtPb__Instruction **ips = calloc(p->ninsts, sizeof *ips);
    if (!fs || !fps || !bs || !bps || !is || !ips) {
        e = simt_seterr(SIMT_ERR_NOMEM, "out of memory packing kernel %s", p->kernel_name);
        goto out_free;
    }
    for (uint32_t i = 0; i < p->nfuncs; i++) {
        SimtPb__Function init = SIMT_PB__FUNCTION__INIT;
        fs[i] = init;
        fs[i].name = p->funcs[i].name;
        fs[i].first_block = p->funcs[i].first_block;
        fs[i].nblocks = p->funcs[i].nblocks;
        fps[i] = &fs[i];
    }
    for (uint32_t i = 0; i < p->nblocks; i++) {
        SimtPb__Block init = SIMT_PB__BLOCK__INIT;
        const struct simt_sblock *b = &p->blocks[i];
        bs[i] = init;
        bs[i].func = b->func;
        bs[i].first_pc = b->first_pc;
        bs[i].ninst = b->ninst;
        bs[i].n_succs = b->nsucc;
        bs[i].succs = b->nsucc ? (uint32_t *)&p->succs[b->succ_first] : NULL;
        bs[i].ipdom = b->ipdom;
        bps[i] = &bs[i];
    }
    for (uint32_t i = 0; i < p->ninsts; i++) {
        SimtPb__Instruction init = SIMT_PB__INSTRUCTION__INIT;
        const struct simt_sinst *in = &p->insts[i];
        is[i] = init;
        is[i].block = in->block;
        is[i].iclass = (SimtPb__IClass)in->iclass;
        is[i].mspace = (SimtPb__MSpace)in->mspace;
        is[i].flags = in->flags;
        is[i].access_bytes = in->access_bytes;
        is[i].dst = in->dst;
        is[i].n_srcs = in->nsrc;
        is[i].srcs = in->nsrc ? (uint32_t *)in->srcs : NULL;
        is[i].callee = in->callee;
        is[i].reconv_pc = in->reconv_pc;
        is[i].line = in->line;
        is[i].text = in->text;
        is[i].bar_id = in->bar_id;
        is[i].bar_count = in->bar_count;
        ips[i] = &is[i];
    }
    pr.n_functions = p->nfuncs;
    pr.functions = fps;
    pr.n_blocks = p->nblocks;
    pr.blocks = bps;
    pr.n_instructions = p->ninsts;
    pr.instructions = ips;
    size_t n = simt_pb__program__get_packed_size(&pr);
    out->n = 0;
    if ((e = tbuf_reserve(out, n + 1)) == SIMT_ERR_OK)
        out->n = simt_pb__program__pack(&pr, out->p);
out_free:
    free(fs);
    free(fps);
    free(bs);
    free(bps);
    free(is);
    free(ips);
    return e;
}

simt_err trace_pb_unpack_program(const uint8_t *buf, size_t n, struct trace_prog **out)
{
    *out = NULL;
    SimtPb__Program *pr = simt_pb__program__unpack(NULL, n, buf);
    if (!pr)
        return simt_seterr(SIMT_ERR_FORMAT, "the kernel message does not parse as protobuf");
    simt_err e = SIMT_ERR_OK;
    struct trace_prog *tp = calloc(1, sizeof *tp);
    if (!tp) {
        e = simt_seterr(SIMT_ERR_NOMEM, "out of memory reading a kernel");
        goto out_free_pr;
    }
    if (pr->n_functions > UINT32_MAX / 2 || pr->n_blocks > UINT32_MAX / 2 ||
        pr->n_instructions > UINT32_MAX / 2 || pr->strings.len > UINT32_MAX / 2) {
        e = simt_seterr(SIMT_ERR_LIMIT, "kernel %s: too many functions/blocks/instructions",
                        pr->kernel_name);
        goto out_free_tp;
    }
    size_t nsuccs = 0;
    for (size_t i = 0; i < pr->n_blocks; i++) {
        nsuccs += pr->blocks[i]->n_succs;
        if (nsuccs > UINT32_MAX / 2) {
            e = simt_seterr(SIMT_ERR_LIMIT, "kernel %s: too many successors", pr->kernel_name);
            goto out_free_tp;
        }
    }
    /* counts come from the parsed message, whose arrays protobuf-c allocated: bounded by n */
    tp->kernel_name = strdup(pr->kernel_name);
    tp->source_file = strdup(pr->source_file);
    tp->funcs = calloc(pr->n_functions + 1, sizeof *tp->funcs);
    tp->blocks = calloc(pr->n_blocks + 1, sizeof *tp->blocks);
    tp->insts = calloc(pr->n_instructions + 1, sizeof *tp->insts);
    tp->succs = calloc(nsuccs + 1, sizeof *tp->succs);
    tp->strings = malloc(pr->strings.len + 1);
    if (!tp->kernel_name || !tp->source_file || !tp->funcs || !tp->blocks || !tp->insts ||
        !tp->succs || !tp->strings) {
        e = simt_seterr(SIMT_ERR_NOMEM, "out of memory reading kernel %s", pr->kernel_name);
        goto out_free_tp;
    }
    if (pr->strings.len)
        memcpy(tp->strings, pr->strings.data, pr->strings.len);
    for (size_t i = 0; i < pr->n_functions; i++) {
        tp->funcs[i].name = pr->functions[i]->name;
        tp->funcs[i].first_block = pr->functions[i]->first_block;
        tp->funcs[i].nblocks = pr->functions[i]->nblocks;
    }
    uint32_t sf = 0;
    for (size_t i = 0; i < pr->n_blocks; i++) {
        const SimtPb__Block *b = pr->blocks[i];
        tp->blocks[i].func = b->func;
        tp->blocks[i].first_pc = b->first_pc;
        tp->blocks[i].ninst = b->ninst;
        tp->blocks[i].nsucc = (uint32_t)b->n_succs;
        tp->blocks[i].succ_first = sf;
        tp->blocks[i].ipdom = b->ipdom;
        if (b->n_succs)
            memcpy(&tp->succs[sf], b->succs, b->n_succs * sizeof *b->succs);
        sf += (uint32_t)b->n_succs;
    }
    for (size_t i = 0; i < pr->n_instructions; i++) {
        const SimtPb__Instruction *in = pr->instructions[i];
        struct simt_sinst *d = &tp->insts[i];
        if (in->n_srcs > SIMT_MAX_SRCS || (unsigned)in->iclass >= SIMT_IC_NUM_ ||
            (unsigned)in->mspace > SIMT_MS_TEXTURE || in->flags > 0xff) {
            e = simt_seterr(SIMT_ERR_FORMAT,
                            "kernel %s: pc %zu: class %d, space %d, flags 0x%x or %zu sources "
                            "out of range",
                            pr->kernel_name, i, (int)in->iclass, (int)in->mspace, in->flags,
                            in->n_srcs);
            goto out_free_tp;
        }
        d->block = in->block;
        d->iclass = (uint8_t)in->iclass;
        d->mspace = (uint8_t)in->mspace;
        d->flags = (uint8_t)in->flags;
        d->nsrc = (uint8_t)in->n_srcs;
        d->access_bytes = in->access_bytes;
        d->dst = in->dst;
        for (size_t s = 0; s < in->n_srcs; s++)
            d->srcs[s] = in->srcs[s];
        d->callee = in->callee;
        d->reconv_pc = in->reconv_pc;
        d->line = in->line;
        d->text = in->text;
        d->bar_id = in->bar_id;
        d->bar_count = in->bar_count;
    }
    struct simt_program *p = &tp->p;
    p->kernel_name = tp->kernel_name;
    p->source_file = tp->source_file;
    p->nfuncs = (uint32_t)pr->n_functions;
    p->nblocks = (uint32_t)pr->n_blocks;
    p->ninsts = (uint32_t)pr->n_instructions;
    p->nsuccs = sf;
    p->strings_size = (uint32_t)pr->strings.len;
    p->funcs = tp->funcs;
    p->blocks = tp->blocks;
    p->insts = tp->insts;
    p->succs = tp->succs;
    p->strings = tp->strings;
    p->nregs = pr->nregs;
    if ((e = simt_program_validate(p)) != SIMT_ERR_OK)
        goto out_free_tp;
    if ((e = trace_prog_tables(tp)) != SIMT_ERR_OK)
        goto out_free_tp;
    *out = tp;
    simt_pb__program__free_unpacked(pr, NULL);
    return SIMT_ERR_OK;
out_free_tp:
    trace_prog_free(tp);
out_free_pr:
    simt_pb__program__free_unpacked(pr, NULL);
    return e;
}
