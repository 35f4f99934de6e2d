/* trace_common.c - helpers shared by the trace writer and reader: names, program
 * validation and deep copy, decoder tables, LZ4 frames, CRC-32. */
#include <lz4frame.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_internal.h"

static const char *const iclass_names[SIMT_IC_NUM_] = {
    [SIMT_IC_FREE] = "free",     [SIMT_IC_INT] = "int",       [SIMT_IC_FP32] = "fp32",
    [SIMT_IC_FP64] = "fp64",     [SIMT_IC_SFU] = "sfu",       [SIMT_IC_LOAD] = "load",
    [SIMT_IC_STORE] = "store",   [SIMT_IC_ATOMIC] = "atomic", [SIMT_IC_BRANCH] = "branch",
    [SIMT_IC_CALL] = "call",     [SIMT_IC_RET] = "ret",       [SIMT_IC_BARRIER] = "barrier",
    [SIMT_IC_WARP] = "warp",     [SIMT_IC_EXIT] = "exit",     [SIMT_IC_FP16] = "fp16",
    [SIMT_IC_MEMBAR] = "membar", [SIMT_IC_COPY] = "copy",
};

const char *simt_iclass_name(unsigned iclass)
{
    return iclass < SIMT_IC_NUM_ ? iclass_names[iclass] : "?";
}

const char *simt_mspace_name(unsigned mspace)
{
    static const char *const names[] = {"none",  "global", "shared",  "local",
                                        "const", "param",  "generic", "texture"};
    return mspace < sizeof names / sizeof names[0] ? names[mspace] : "?";
}

simt_err tbuf_reserve(struct tbuf *b, size_t extra)
{
    if (b->cap - b->n >= extra)
        return SIMT_ERR_OK;
    size_t need = b->n + extra;
    if (need < b->n)
        return simt_seterr(SIMT_ERR_NOMEM, "buffer size overflow");
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need)
        cap = cap * 2 > cap ? cap * 2 : need;
    uint8_t *p = realloc(b->p, cap);
    if (!p)
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory growing a buffer to %zu bytes", cap);
    b->p = p;
    b->cap = cap;
    return SIMT_ERR_OK;
}

uint32_t trace_crc32(const uint8_t *p, size_t n)
{
    /* bitwise CRC-32 (reflected, polynomial 0xedb88320): only the 20-byte footer uses it */
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xffffffffu;
}

simt_err trace_lz4_compress(const uint8_t *src, size_t n, struct tbuf *dst)
{
    LZ4F_preferences_t prefs;
    memset(&prefs, 0, sizeof prefs);
    prefs.frameInfo.blockSizeID = LZ4F_max256KB;
    prefs.frameInfo.blockMode = LZ4F_blockLinked;
    prefs.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled;
    prefs.frameInfo.blockChecksumFlag = LZ4F_blockChecksumEnabled;
    prefs.frameInfo.contentSize = n;
    prefs.compressionLevel =
        4; /* LZ4HC level 4: ~20% smaller than the fast mode, still >40 M thread-instructions/s */
    size_t bound = LZ4F_compressFrameBound(n, &prefs);
    dst->n = 0;
    SIMT_TRY(tbuf_reserve(dst, bound));
    size_t r = LZ4F_compressFrame(dst->p, dst->cap, src, n, &prefs);
    if (LZ4F_isError(r))
        return simt_seterr(SIMT_ERR_INVARIANT, "LZ4 compression of %zu bytes failed: %s", n,
                           LZ4F_getErrorName(r));
    dst->n = r;
    return SIMT_ERR_OK;
}

simt_err trace_lz4_decompress(const uint8_t *src, size_t n, uint64_t max_out, struct tbuf *dst,
                              const char *what, uint64_t offset)
{
    LZ4F_dctx *dctx = NULL;
    size_t r = LZ4F_createDecompressionContext(&dctx, LZ4F_VERSION);
    if (LZ4F_isError(r))
        return simt_seterr(SIMT_ERR_NOMEM, "cannot create an LZ4 decompression context");
    simt_err e = trace_lz4_decompress_ctx(dctx, src, n, max_out, 0, dst, what, offset);
    LZ4F_freeDecompressionContext(dctx);
    return e;
}

simt_err trace_lz4_dctx_new(struct LZ4F_dctx_s **out)
{
    *out = NULL;
    size_t r = LZ4F_createDecompressionContext(out, LZ4F_VERSION);
    if (LZ4F_isError(r)) {
        *out = NULL;
        return simt_seterr(SIMT_ERR_NOMEM, "cannot create an LZ4 decompression context");
    }
    return SIMT_ERR_OK;
}

void trace_lz4_dctx_free(struct LZ4F_dctx_s *dctx)
{
    if (dctx)
        LZ4F_freeDecompressionContext(dctx);
}

simt_err trace_lz4_decompress_ctx(struct LZ4F_dctx_s *dctx, const uint8_t *src, size_t n,
                                  uint64_t max_out, size_t pad, struct tbuf *dst, const char *what,
                                  uint64_t offset)
{
    simt_err e = SIMT_ERR_OK;
    size_t r;
    /* a context left mid-frame by an earlier error starts clean (its buffers are kept) */
    LZ4F_resetDecompressionContext(dctx);
    LZ4F_frameInfo_t info;
    size_t consumed = n;
    r = LZ4F_getFrameInfo(dctx, &info, src, &consumed);
    if (LZ4F_isError(r)) {
        e = simt_seterr(SIMT_ERR_FORMAT, "%s at offset %llu: bad LZ4 frame header (%s)", what,
                        (unsigned long long)offset, LZ4F_getErrorName(r));
        goto out;
    }
    uint64_t size = info.contentSize;
    if (size == 0 || size > max_out || size > TRACE_MAX_RECORD_BYTES ||
        size > (uint64_t)n * TRACE_LZ4_MAX_RATIO + 1024) {
        e = simt_seterr(SIMT_ERR_FORMAT,
                        "%s at offset %llu: LZ4 frame declares %llu content bytes, expected 1.."
                        "%llu for a %zu-byte frame",
                        what, (unsigned long long)offset, (unsigned long long)size,
                        (unsigned long long)(max_out < (uint64_t)n * TRACE_LZ4_MAX_RATIO + 1024
                                                 ? max_out
                                                 : (uint64_t)n * TRACE_LZ4_MAX_RATIO + 1024),
                        n);
        goto out;
    }
    if (info.contentChecksumFlag != LZ4F_contentChecksumEnabled ||
        info.blockChecksumFlag != LZ4F_blockChecksumEnabled) {
        e = simt_seterr(SIMT_ERR_FORMAT,
                        "%s at offset %llu: LZ4 frame without content and block checksums", what,
                        (unsigned long long)offset);
        goto out;
    }
    dst->n = 0;
    if ((e = tbuf_reserve(dst, (size_t)size + pad)) != SIMT_ERR_OK)
        goto out;
    size_t in_pos = consumed, out_pos = 0;
    while (1) {
        size_t in_sz = n - in_pos, out_sz = (size_t)size - out_pos;
        LZ4F_decompressOptions_t opts;
        memset(&opts, 0, sizeof opts);
#ifdef TRACE_FUZZING
        opts.skipChecksums = 1; /* the fuzz harness: let mutations reach the parsers */
#endif
        r = LZ4F_decompress(dctx, dst->p + out_pos, &out_sz, src + in_pos, &in_sz, &opts);
        if (LZ4F_isError(r)) {
            const char *name = LZ4F_getErrorName(r);
            e = simt_seterr(strstr(name, "hecksum") ? SIMT_ERR_CHECKSUM : SIMT_ERR_FORMAT,
                            "%s at offset %llu: LZ4 frame corrupt near frame byte %zu (%s)", what,
                            (unsigned long long)offset, in_pos, name);
            goto out;
        }
        in_pos += in_sz;
        out_pos += out_sz;
        if (r == 0)
            break;
        if (in_sz == 0 && out_sz == 0) {
            e = simt_seterr(SIMT_ERR_TRUNCATED,
                            "%s at offset %llu: LZ4 frame ends early (%zu of %llu bytes decoded)",
                            what, (unsigned long long)offset, out_pos, (unsigned long long)size);
            goto out;
        }
    }
    if (in_pos != n || out_pos != size) {
        e = simt_seterr(SIMT_ERR_FORMAT,
                        "%s at offset %llu: LZ4 frame has %zu of %zu bytes used, %zu of %llu "
                        "bytes decoded",
                        what, (unsigned long long)offset, in_pos, n, out_pos,
                        (unsigned long long)size);
        goto out;
    }
    dst->n = (size_t)size;
out: /* the caller owns the context */
    return e;
}

/* ---- validation ------------------------------------------------------------------------- */

static int is_mem_class(unsigned c)
{
    return c == SIMT_IC_LOAD || c == SIMT_IC_STORE || c == SIMT_IC_ATOMIC || c == SIMT_IC_COPY;
}

simt_err simt_program_validate(const struct simt_program *p)
{
    SIMT_RETURN_IF(!p, SIMT_ERR_INVALID_ARG, "program is NULL");
    const char *kn = p->kernel_name ? p->kernel_name : "?";
    SIMT_RETURN_IF(!p->kernel_name, SIMT_ERR_FORMAT, "program: kernel_name is NULL");
    SIMT_RETURN_IF(p->nfuncs == 0 || p->nblocks == 0 || p->ninsts == 0, SIMT_ERR_FORMAT,
                   "kernel %s: needs at least one function, block and instruction (has %u, %u, "
                   "%u)",
                   kn, p->nfuncs, p->nblocks, p->ninsts);
    SIMT_RETURN_IF(!p->funcs || !p->blocks || !p->insts || (p->nsuccs && !p->succs) ||
                       (p->strings_size && !p->strings),
                   SIMT_ERR_FORMAT, "kernel %s: an array with a non-zero count is NULL", kn);
    SIMT_RETURN_IF(p->strings_size == 0 || p->strings[p->strings_size - 1] != '\0', SIMT_ERR_FORMAT,
                   "kernel %s: the string table (%u bytes) must be non-empty and end with NUL", kn,
                   p->strings_size);
    SIMT_RETURN_IF(p->nfuncs > p->nblocks || p->nblocks > p->ninsts, SIMT_ERR_FORMAT,
                   "kernel %s: %u functions, %u blocks, %u instructions: each function needs a "
                   "block and each block an instruction",
                   kn, p->nfuncs, p->nblocks, p->ninsts);
    uint32_t nb = 0;
    for (uint32_t f = 0; f < p->nfuncs; f++) {
        const struct simt_sfunc *fn = &p->funcs[f];
        SIMT_RETURN_IF(fn->first_block != nb || fn->nblocks == 0 || fn->nblocks > p->nblocks - nb,
                       SIMT_ERR_FORMAT,
                       "kernel %s: function %u: blocks [%u, +%u) are not contiguous after the "
                       "previous function's (expected first block %u, %u blocks in all)",
                       kn, f, fn->first_block, fn->nblocks, nb, p->nblocks);
        SIMT_RETURN_IF(fn->name >= p->strings_size, SIMT_ERR_FORMAT,
                       "kernel %s: function %u: name offset %u outside the %u-byte string table",
                       kn, f, fn->name, p->strings_size);
        nb += fn->nblocks;
    }
    SIMT_RETURN_IF(nb != p->nblocks, SIMT_ERR_FORMAT, "kernel %s: functions cover %u blocks of %u",
                   kn, nb, p->nblocks);
    uint32_t pc = 0;
    for (uint32_t b = 0; b < p->nblocks; b++) {
        const struct simt_sblock *bl = &p->blocks[b];
        SIMT_RETURN_IF(bl->func >= p->nfuncs || b < p->funcs[bl->func].first_block ||
                           b - p->funcs[bl->func].first_block >= p->funcs[bl->func].nblocks,
                       SIMT_ERR_FORMAT, "kernel %s: block %u: func %u does not contain it", kn, b,
                       bl->func);
        SIMT_RETURN_IF(bl->first_pc != pc || bl->ninst == 0 || bl->ninst > p->ninsts - pc,
                       SIMT_ERR_FORMAT,
                       "kernel %s: block %u: instructions [%u, +%u) are not contiguous after "
                       "the previous block's (expected first pc %u of %u)",
                       kn, b, bl->first_pc, bl->ninst, pc, p->ninsts);
        SIMT_RETURN_IF(bl->succ_first > p->nsuccs || bl->nsucc > p->nsuccs - bl->succ_first,
                       SIMT_ERR_FORMAT,
                       "kernel %s: block %u: successors [%u, +%u) outside the %u-entry table", kn,
                       b, bl->succ_first, bl->nsucc, p->nsuccs);
        const struct simt_sfunc *fn = &p->funcs[bl->func];
        for (uint32_t s = 0; s < bl->nsucc; s++) {
            uint32_t t = p->succs[bl->succ_first + s];
            SIMT_RETURN_IF(t < fn->first_block || t - fn->first_block >= fn->nblocks,
                           SIMT_ERR_FORMAT,
                           "kernel %s: block %u: successor %u is block %u, not a block of its "
                           "function %u",
                           kn, b, s, t, bl->func);
        }
        SIMT_RETURN_IF(bl->ipdom != SIMT_NO_BLOCK && (bl->ipdom < fn->first_block ||
                                                      bl->ipdom - fn->first_block >= fn->nblocks),
                       SIMT_ERR_FORMAT,
                       "kernel %s: block %u: ipdom %u is not a block of its function %u", kn, b,
                       bl->ipdom, bl->func);
        for (uint32_t i = 0; i < bl->ninst; i++, pc++) {
            const struct simt_sinst *in = &p->insts[pc];
            int last = i + 1 == bl->ninst;
            SIMT_RETURN_IF(in->block != b, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: block %u, but it lies in block %u", kn, pc, in->block,
                           b);
            SIMT_RETURN_IF(in->iclass >= SIMT_IC_NUM_, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: unknown instruction class %u", kn, pc, in->iclass);
            SIMT_RETURN_IF(in->mspace > SIMT_MS_TEXTURE, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: unknown memory space %u", kn, pc, in->mspace);
            SIMT_RETURN_IF(in->flags & ~0x3fu, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: unknown flag bits 0x%x", kn, pc, in->flags & ~0x3fu);
            SIMT_RETURN_IF(
                (in->flags & (SIMT_IF_GRID | SIMT_IF_BARDYN)) && in->iclass != SIMT_IC_BARRIER,
                SIMT_ERR_FORMAT, "kernel %s: pc %u: barrier flag 0x%x on a %s instruction", kn, pc,
                in->flags & (SIMT_IF_GRID | SIMT_IF_BARDYN), simt_iclass_name(in->iclass));
            SIMT_RETURN_IF((in->bar_id || in->bar_count) &&
                               (in->iclass != SIMT_IC_BARRIER || (in->flags & SIMT_IF_BARDYN)),
                           SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: barrier id %u / count %u on a %s%s instruction", kn,
                           pc, in->bar_id, in->bar_count, simt_iclass_name(in->iclass),
                           in->flags & SIMT_IF_BARDYN ? " (run-time id/count)" : "");
            SIMT_RETURN_IF(in->bar_id > 15 || in->bar_count > 65536, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: barrier id %u (0-15) / thread count %u out of range",
                           kn, pc, in->bar_id, in->bar_count);
            SIMT_RETURN_IF(in->nsrc > SIMT_MAX_SRCS, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: %u source registers (at most %d)", kn, pc, in->nsrc,
                           SIMT_MAX_SRCS);
            SIMT_RETURN_IF(in->dst > p->nregs, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: dst register %u > nregs %u", kn, pc, in->dst,
                           p->nregs);
            for (uint32_t s = 0; s < in->nsrc; s++)
                SIMT_RETURN_IF(in->srcs[s] > p->nregs, SIMT_ERR_FORMAT,
                               "kernel %s: pc %u: source register %u > nregs %u", kn, pc,
                               in->srcs[s], p->nregs);
            SIMT_RETURN_IF(in->text >= p->strings_size, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: text offset %u outside the %u-byte string table", kn,
                           pc, in->text, p->strings_size);
            SIMT_RETURN_IF(in->reconv_pc != SIMT_PC_EXIT && in->reconv_pc >= p->ninsts,
                           SIMT_ERR_FORMAT, "kernel %s: pc %u: reconv_pc %u out of range", kn, pc,
                           in->reconv_pc);
            SIMT_RETURN_IF(in->callee != SIMT_NO_FUNC && in->callee >= p->nfuncs, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: callee %u out of range (%u "
                           "functions)",
                           kn, pc, in->callee, p->nfuncs);
            unsigned c = in->iclass;
            /* an EXIT may sit inside a block (PTX `exit`, e.g. CUB's ThreadExit): the threads
             * that reach it end there, the rest of the block is for no one of them */
            SIMT_RETURN_IF(
                !last && (c == SIMT_IC_BRANCH || c == SIMT_IC_RET || (in->flags & SIMT_IF_COND)),
                SIMT_ERR_FORMAT, "kernel %s: pc %u: a %s%s instruction must end its block %u", kn,
                pc, simt_iclass_name(c), in->flags & SIMT_IF_COND ? " (cond)" : "", b);
            SIMT_RETURN_IF(last && c == SIMT_IC_CALL, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: a call cannot end block %u", kn, pc, b);
            if (c == SIMT_IC_CALL) {
                SIMT_RETURN_IF(!(in->flags & SIMT_IF_INDIRECT) && in->callee == SIMT_NO_FUNC,
                               SIMT_ERR_FORMAT, "kernel %s: pc %u: direct call without a callee",
                               kn, pc);
            } else {
                SIMT_RETURN_IF(in->flags & SIMT_IF_INDIRECT, SIMT_ERR_FORMAT,
                               "kernel %s: pc %u: INDIRECT flag on a %s instruction", kn, pc,
                               simt_iclass_name(c));
            }
            if (is_mem_class(c)) {
                SIMT_RETURN_IF(in->mspace == SIMT_MS_NONE, SIMT_ERR_FORMAT,
                               "kernel %s: pc %u: %s without a memory space", kn, pc,
                               simt_iclass_name(c));
                SIMT_RETURN_IF(!(in->flags & SIMT_IF_VARSIZE) && in->access_bytes == 0,
                               SIMT_ERR_FORMAT,
                               "kernel %s: pc %u: %s of 0 bytes without the VARSIZE flag", kn, pc,
                               simt_iclass_name(c));
            } else {
                SIMT_RETURN_IF(in->flags & SIMT_IF_VARSIZE, SIMT_ERR_FORMAT,
                               "kernel %s: pc %u: VARSIZE flag on a %s instruction", kn, pc,
                               simt_iclass_name(c));
            }
            SIMT_RETURN_IF(c == SIMT_IC_RET && bl->func == 0, SIMT_ERR_FORMAT,
                           "kernel %s: pc %u: ret in the kernel function (a kernel ends with "
                           "exit)",
                           kn, pc);
            if (last) {
                SIMT_RETURN_IF((c == SIMT_IC_RET || c == SIMT_IC_EXIT) && bl->nsucc != 0,
                               SIMT_ERR_FORMAT, "kernel %s: block %u: %s with %u successors", kn, b,
                               simt_iclass_name(c), bl->nsucc);
                SIMT_RETURN_IF(bl->nsucc > 1 && !(in->flags & SIMT_IF_COND), SIMT_ERR_FORMAT,
                               "kernel %s: block %u: %u successors but its terminator (pc %u) "
                               "lacks the COND flag",
                               kn, b, bl->nsucc, pc);
            }
        }
    }
    return SIMT_ERR_OK;
}

/* ---- owned programs ------------------------------------------------------------------- */

void trace_prog_free(struct trace_prog *tp)
{
    if (!tp)
        return;
    free(tp->kernel_name);
    free(tp->source_file);
    free(tp->funcs);
    free(tp->blocks);
    free(tp->insts);
    free(tp->succs);
    free(tp->strings);
    free(tp->op);
    free(tp->term_bits);
    free(tp->block_end);
    free(tp->endless);
    free(tp->items);
    free(tp->block_item);
    free(tp->succ_item);
    free(tp->key_mslot);
    free(tp);
}

_Static_assert(sizeof(struct trace_item) == 32, "the cursor indexes items with a shift");

simt_err trace_prog_tables(struct trace_prog *tp)
{
    const struct simt_program *p = &tp->p;
    tp->op = malloc(p->ninsts);
    tp->term_bits = malloc(p->nblocks);
    tp->block_end = malloc((size_t)p->nblocks * sizeof *tp->block_end);
    if (!tp->op || !tp->term_bits || !tp->block_end)
        return simt_seterr(SIMT_ERR_NOMEM, "kernel %s: out of memory for decoder tables",
                           p->kernel_name);
    for (uint32_t pc = 0; pc < p->ninsts; pc++) {
        const struct simt_sinst *in = &p->insts[pc];
        uint8_t op;
        switch (in->iclass) {
        case SIMT_IC_FREE:
            op = OP_FREE;
            break;
        case SIMT_IC_LOAD:
        case SIMT_IC_STORE:
        case SIMT_IC_ATOMIC:
            op = OP_MEM;
            break;
        case SIMT_IC_COPY:
            op = OP_COPY;
            break;
        case SIMT_IC_CALL:
            op = in->flags & SIMT_IF_INDIRECT ? OP_ICALL : OP_CALL;
            break;
        case SIMT_IC_RET:
            op = OP_RET;
            break;
        case SIMT_IC_EXIT:
            op = OP_EXIT;
            break;
        default:
            op = OP_PLAIN;
        }
        if (in->flags & SIMT_IF_VARSIZE)
            op |= OP_VARSIZE;
        tp->op[pc] = op;
    }
    for (uint32_t b = 0; b < p->nblocks; b++) {
        tp->block_end[b] = p->blocks[b].first_pc + p->blocks[b].ninst - 1;
        tp->term_bits[b] = (uint8_t)bits_for(p->blocks[b].nsucc);
    }
    tp->icall_bits = (uint8_t)bits_for(p->nfuncs);
    /* Blocks on a cycle of single-successor edges: a thread that enters one never leaves
     * without reading the stream, so the reader refuses them instead of looping forever.
     * Colours: 0 unvisited, 1 on the current walk, 2 done. */
    tp->endless = calloc(p->nblocks, 1);
    uint8_t *colour = calloc(p->nblocks, 1);
    if (!tp->endless || !colour) {
        free(colour);
        return simt_seterr(SIMT_ERR_NOMEM, "kernel %s: out of memory for decoder tables",
                           p->kernel_name);
    }
    for (uint32_t b0 = 0; b0 < p->nblocks; b0++) {
        uint32_t b = b0;
        while (colour[b] == 0) {
            colour[b] = 1;
            if (p->blocks[b].nsucc != 1)
                break;
            b = p->succs[p->blocks[b].succ_first];
        }
        if (colour[b] == 1 && p->blocks[b].nsucc == 1) { /* closed a new cycle at b */
            uint32_t c = b;
            do {
                tp->endless[c] = 1;
                c = p->succs[p->blocks[c].succ_first];
            } while (c != b);
        }
        for (b = b0; colour[b] == 1;) {
            colour[b] = 2;
            if (p->blocks[b].nsucc != 1)
                break;
            b = p->succs[p->blocks[b].succ_first];
        }
    }
    free(colour);
    tp->items = calloc((size_t)p->ninsts + 1, sizeof *tp->items);
    tp->block_item = malloc((size_t)p->nblocks * sizeof *tp->block_item);
    tp->succ_item = malloc(((size_t)p->nsuccs + 1) * sizeof *tp->succ_item);
    if (!tp->items || !tp->block_item || !tp->succ_item)
        return simt_seterr(SIMT_ERR_NOMEM, "kernel %s: out of memory for decoder tables",
                           p->kernel_name);
    tp->key_mslot = malloc((size_t)p->ninsts * 2 * sizeof *tp->key_mslot + 1);
    if (!tp->key_mslot)
        return simt_seterr(SIMT_ERR_NOMEM, "kernel %s: out of memory for decoder tables",
                           p->kernel_name);
    tp->nmslots = 0;
    for (uint32_t pc = 0; pc < p->ninsts; pc++) {
        uint8_t kind = tp->op[pc] & 0x7f;
        tp->key_mslot[2 * (size_t)pc] =
            kind == OP_MEM || kind == OP_COPY ? tp->nmslots++ : UINT32_MAX;
        tp->key_mslot[2 * (size_t)pc + 1] = kind == OP_COPY ? tp->nmslots++ : UINT32_MAX;
    }
    uint32_t ni = 0;
    for (uint32_t b = 0; b < p->nblocks; b++) {
        tp->block_item[b] = ni;
        uint32_t end = tp->block_end[b];
        for (uint32_t pc = p->blocks[b].first_pc; pc <= end; pc++) {
            if (tp->op[pc] == OP_FREE && pc != end)
                continue;
            struct trace_item *it = &tp->items[ni++];
            it->pc = pc;
            it->op = tp->op[pc];
            it->last = pc == end;
            uint8_t kind = tp->op[pc] & 0x7f;
            if (kind == OP_MEM || kind == OP_COPY) {
                it->size = p->insts[pc].access_bytes;
                it->mslot = tp->key_mslot[2 * (size_t)pc];
            }
            if (it->last) {
                it->succ_first = p->blocks[b].succ_first;
                it->nsucc = p->blocks[b].nsucc;
                it->bits = tp->term_bits[b];
            }
        }
    }
    /* the pseudo item for blocks on endless loops */
    tp->items[ni] = (struct trace_item){.op = OP_ENDLESS, .last = 1};
    for (uint32_t b = 0; b < p->nblocks; b++)
        if (tp->endless[b]) {
            tp->items[ni].pc = p->blocks[b].first_pc;
            tp->block_item[b] = ni;
        }
    for (uint32_t k = 0; k < p->nsuccs; k++)
        tp->succ_item[k] = tp->block_item[p->succs[k]];
    for (uint32_t i = 0; i < ni; i++) {
        struct trace_item *it = &tp->items[i];
        for (uint32_t k = 0; k < 2; k++)
            it->next[k] = it->last && k < it->nsucc ? tp->succ_item[it->succ_first + k] : ni;
    }
    tp->nitems = ni;
    tp->entry_item = tp->block_item[p->funcs[0].first_block];
    for (uint32_t i = 0; i < ni; i++) {
        struct trace_item *it = &tp->items[i];
        it->kind = IK_SLOW;
        int endless_succ = 0; /* a successor on an endless loop: the general path reports it */
        for (uint32_t k = 0; it->last && k < it->nsucc; k++)
            endless_succ |= tp->succ_item[it->succ_first + k] == ni;
        if (!it->last && it->op == OP_PLAIN)
            it->kind = IK_RUN;
        else if (!it->last && it->op == OP_MEM)
            it->kind = IK_MEM;
        else if (!it->last && ((it->op & 0x7f) == OP_COPY || it->op == (OP_MEM | OP_VARSIZE)))
            it->kind = IK_COPY;
        else if (it->last && it->bits == 0 && it->nsucc == 1 && it->next[0] != ni &&
                 (it->op == OP_PLAIN || it->op == OP_FREE))
            it->kind = it->op == OP_PLAIN ? IK_JUMP : IK_FJUMP;
        else if (it->last && it->bits && it->op == OP_PLAIN && !endless_succ)
            it->kind = it->nsucc == 2 && it->bits == 1 ? IK_BRANCH2 : IK_BRANCH;
        else if (it->last && it->op == OP_EXIT && it->nsucc == 0)
            it->kind = IK_EXIT;
        else if (it->op == OP_RET)
            it->kind = IK_RET;
        else if (it->op == OP_CALL && !it->last) {
            uint32_t entry = tp->block_item[p->funcs[p->insts[it->pc].callee].first_block];
            if (entry != ni) {
                it->kind = IK_CALL;
                it->next[0] = entry;
            }
        }
    }
    for (uint32_t i = ni; i-- > 0;) {
        struct trace_item *it = &tp->items[i];
        if (it->kind == IK_RUN)
            it->run = i + 1 < ni && tp->items[i + 1].kind == IK_RUN ? tp->items[i + 1].run + 1 : 1;
    }
    return SIMT_ERR_OK;
}

static void *dup_array(const void *src, size_t n, size_t size, simt_err *e)
{
    if (n == 0)
        n = 1; /* always a valid pointer */
    void *d = malloc(n * size);
    if (!d) {
        *e = simt_seterr(SIMT_ERR_NOMEM, "out of memory copying a program array");
        return NULL;
    }
    if (src)
        memcpy(d, src, n * size);
    else
        memset(d, 0, n * size);
    return d;
}

simt_err trace_prog_copy(const struct simt_program *src, struct trace_prog **out)
{
    *out = NULL;
    SIMT_TRY(simt_program_validate(src));
    struct trace_prog *tp = calloc(1, sizeof *tp);
    if (!tp)
        return simt_seterr(SIMT_ERR_NOMEM, "out of memory copying a program");
    simt_err e = SIMT_ERR_OK;
    tp->kernel_name = strdup(src->kernel_name);
    tp->source_file = strdup(src->source_file ? src->source_file : "");
    if (!tp->kernel_name || !tp->source_file) {
        e = simt_seterr(SIMT_ERR_NOMEM, "out of memory copying a program");
        goto out_free_tp;
    }
    if (!(tp->funcs = dup_array(src->funcs, src->nfuncs, sizeof *tp->funcs, &e)) ||
        !(tp->blocks = dup_array(src->blocks, src->nblocks, sizeof *tp->blocks, &e)) ||
        !(tp->insts = dup_array(src->insts, src->ninsts, sizeof *tp->insts, &e)) ||
        !(tp->succs =
              dup_array(src->nsuccs ? src->succs : NULL, src->nsuccs, sizeof *tp->succs, &e)) ||
        !(tp->strings = dup_array(src->strings, src->strings_size, 1, &e)))
        goto out_free_tp;
    tp->p = *src;
    tp->p.kernel_name = tp->kernel_name;
    tp->p.source_file = tp->source_file;
    tp->p.funcs = tp->funcs;
    tp->p.blocks = tp->blocks;
    tp->p.insts = tp->insts;
    tp->p.succs = tp->succs;
    tp->p.strings = tp->strings;
    /* unused source slots are zeroed so that equal programs serialise identically */
    for (uint32_t i = 0; i < tp->p.ninsts; i++)
        for (uint32_t s = tp->insts[i].nsrc; s < SIMT_MAX_SRCS; s++)
            tp->insts[i].srcs[s] = 0;
    if ((e = trace_prog_tables(tp)) != SIMT_ERR_OK)
        goto out_free_tp;
    *out = tp;
    return SIMT_ERR_OK;
out_free_tp:
    trace_prog_free(tp);
    return e;
}
