/*
 * trace_internal.h - shared by the trace writer, reader and tools (not a public contract).
 * The byte layout these helpers produce is documented in docs/TRACE_FORMAT.md.
 */
#ifndef SIMT_TRACE_INTERNAL_H
#define SIMT_TRACE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "simt_trace.h"

/* File header: magic[8], u32 version, u32 reserved (0). */
#define TRACE_MAGIC       "SIMTTRC\0"
#define TRACE_HEADER_SIZE 16
/* Footer: u64 index_offset, u64 file_size, u32 version, u32 crc32(previous 20 bytes),
 * magic[8]. */
#define TRACE_FOOTER_MAGIC "SIMTEND\0"
#define TRACE_FOOTER_SIZE  32
/* Record header: tag[4], u32 reserved (0), u64 body_bytes; the body is one LZ4 frame. */
#define TRACE_REC_HEADER_SIZE 16
#define TRACE_TAG_META        "META"
#define TRACE_TAG_KERNEL      "KERN"
#define TRACE_TAG_LAUNCH      "LNCH"
#define TRACE_TAG_CTA         "CTA_"
#define TRACE_TAG_CTA_TABLE   "CTAT"
#define TRACE_TAG_INDEX       "INDX"

/* LZ4 never expands data more than 255:1; a frame claiming more is rejected before any
 * allocation (plus a small constant for tiny frames). */
#define TRACE_LZ4_MAX_RATIO 256
/* Hard limit on one decompressed record (1 GiB). */
#define TRACE_MAX_RECORD_BYTES (1ull << 30)
/* CUDA's limit on threads per CTA. */
#define TRACE_MAX_CTA_THREADS 1024

/* Decode ops, one per pc (trace_prog.op). */
enum trace_op {
    OP_FREE = 0,  /* not yielded */
    OP_PLAIN = 1, /* yielded, nothing in the stream */
    OP_MEM = 2,   /* one address (LOAD/STORE/ATOMIC) */
    OP_COPY = 3,  /* two addresses (COPY: dst, src; src 0 for memset) */
    OP_CALL = 4,  /* direct call into a defined function */
    OP_ICALL = 5, /* indirect call: callee from the control stream */
    OP_RET = 6,
    OP_EXIT = 7,
    OP_ENDLESS = 8, /* pseudo item: entering a block on a loop with no exit */
};
#define OP_VARSIZE 0x80 /* or'ed into OP_MEM/OP_COPY: size follows the addresses */

/* Item kinds with a fast path in the cursor (everything else takes the general path). */
enum trace_ikind {
    IK_SLOW = 0,    /* general path (indirect calls, copies, VARSIZE, errors, ...) */
    IK_MEM = 1,     /* OP_MEM, not a terminator */
    IK_JUMP = 2,    /* yielded terminator with one successor (not on an endless loop) */
    IK_FJUMP = 3,   /* FREE terminator with one successor (not on an endless loop) */
    IK_BRANCH = 4,  /* yielded terminator with a successor index in the control stream, no
                       successor on an endless loop */
    IK_CALL = 5,    /* direct call; next[0] = the callee's entry item (not an endless loop) */
    IK_RET = 6,     /* return */
    IK_RUN = 7,     /* PLAIN non-terminator: `run` of them from here on */
    IK_BRANCH2 = 8, /* IK_BRANCH with two successors (one control bit): next[0], next[1] */
    IK_EXIT = 9,    /* kernel exit */
    IK_COPY = 10,   /* OP_COPY or OP_MEM | OP_VARSIZE, not a terminator */
    IK_NUM_ = 11
};

/* Address column predictors (format version 2; the mode byte of a seed-table column holds
 * the predictor in bits 1-2, bit 0 says whether a presence bitmap follows). */
enum trace_pred {
    PRED_STRIDE = 0, /* varint zigzag(addr - (prev + (prev - prevprev))) in the address stream */
    PRED_FOR = 1,    /* `width` bits v in the bit stream: addr = base + v * unit */
    PRED_REF = 2,    /* varint zigzag(addr - (last[ref] + off)), off = previous addr - last[ref] */
};
#define TRACE_FOR_MAX_WIDTH 56 /* widest FOR value (bits) */
#define TRACE_PAYLOAD_PAD   8  /* zero bytes after a decompressed CTA payload (64-bit reads) */

/* A program owned by the library (deep copy), with the decoder's tables. */
struct trace_prog {
    struct simt_program p; /* points into the arrays below */
    char *kernel_name, *source_file;
    struct simt_sfunc *funcs;
    struct simt_sblock *blocks;
    struct simt_sinst *insts;
    uint32_t *succs;
    char *strings;
    /* decoder tables */
    uint8_t *op;         /* [ninsts] enum trace_op (| OP_VARSIZE) */
    uint8_t *term_bits;  /* [nblocks] control bits read at the block's end */
    uint8_t icall_bits;  /* bits of an indirect call's function index */
    uint32_t *block_end; /* [nblocks] pc of the terminator */
    uint8_t *endless;    /* [nblocks] 1: on a cycle of single-successor blocks (no way out) */
    /* The cursor walks "items": each block's non-FREE instructions in order, plus its
     * terminator when that is FREE (yielding nothing); `run` counts the PLAIN non-terminator
     * items from this one on, which the cursor emits in a tight loop. */
    struct trace_item *items; /* [nitems + 1]: the last one is OP_ENDLESS */
    uint32_t nitems;
    uint32_t *block_item; /* [nblocks] first item of each block (the OP_ENDLESS item for a
                             block on an endless loop) */
    uint32_t *succ_item;  /* [nsuccs] block_item of each successor */
    /* Address slots: key = 2 * pc + slot; each (pc, slot) that carries an address has a
     * dense index ("mslot") for the cursor's per-thread column states. */
    uint32_t *key_mslot; /* [2 * ninsts] mslot or UINT32_MAX */
    uint32_t nmslots;
    uint32_t entry_item; /* block_item of the kernel's entry block (a cursor's first item) */
};

struct trace_item { /* 32 bytes */
    uint32_t pc;
    uint8_t op;   /* enum trace_op | OP_VARSIZE */
    uint8_t last; /* the block's terminator */
    uint8_t bits; /* terminator: control bits of the successor index */
    uint8_t kind; /* enum trace_ikind: the cursor's fast paths */
    union {
        uint32_t size; /* memory: access_bytes (0 with OP_VARSIZE) */
        uint32_t run;  /* IK_RUN: PLAIN non-terminator items starting here (>= 1) */
    };
    uint32_t mslot;      /* memory: mslot of slot 0 (slot 1 = mslot + 1) */
    uint32_t next[2];    /* terminator: succ_item of successors 0 and 1 (when they exist) */
    uint32_t succ_first; /* terminator: its block's first entry in succ_item */
    uint32_t nsucc;      /* terminator: its block's successor count */
};

/* growable byte buffer */
struct tbuf {
    uint8_t *p;
    size_t n, cap;
};
simt_err tbuf_reserve(struct tbuf *b, size_t extra);
static inline void tbuf_free(struct tbuf *b)
{
    free(b->p);
    b->p = NULL;
    b->n = b->cap = 0;
}

/* varints (LEB128, at most 10 bytes for 64 bits); the caller reserved 10 bytes. */
static inline size_t put_varint(uint8_t *p, uint64_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        p[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    p[n++] = (uint8_t)v;
    return n;
}
static inline simt_err tbuf_varint(struct tbuf *b, uint64_t v)
{
    if (b->cap - b->n < 10)
        SIMT_TRY(tbuf_reserve(b, 10));
    b->n += put_varint(b->p + b->n, v);
    return SIMT_ERR_OK;
}
/* Returns bytes consumed, 0 on truncation or overlong encoding. */
static inline size_t get_varint(const uint8_t *p, const uint8_t *end, uint64_t *v)
{
    if (__builtin_expect(p < end && *p < 0x80, 1)) { /* one byte: the common case */
        *v = *p;
        return 1;
    }
    uint64_t r = 0;
    for (size_t i = 0; i < 10; i++) {
        if (p + i >= end)
            return 0;
        uint8_t c = p[i];
        if (i == 9 && c > 1)
            return 0;
        r |= (uint64_t)(c & 0x7f) << (7 * i);
        if (!(c & 0x80)) {
            *v = r;
            return i + 1;
        }
    }
    return 0;
}
static inline uint64_t zigzag(uint64_t d)
{
    return (d << 1) ^ (uint64_t)((int64_t)d >> 63);
}
static inline uint64_t unzigzag(uint64_t z)
{
    return (z >> 1) ^ (0 - (z & 1));
}
static inline void put_u32le(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static inline void put_u64le(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static inline uint32_t get_u32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t get_u64le(const uint8_t *p)
{
    return (uint64_t)get_u32le(p) | (uint64_t)get_u32le(p + 4) << 32;
}
static inline unsigned bits_for(uint32_t n) /* ceil(log2(n)), 0 for n <= 1 */
{
    unsigned b = 0;
    while (b < 32 && ((uint64_t)1 << b) < n)
        b++;
    return b;
}

uint32_t trace_crc32(const uint8_t *p, size_t n);

/* LZ4 frame (content size + content checksum + block checksums) of src into dst. */
simt_err trace_lz4_compress(const uint8_t *src, size_t n, struct tbuf *dst);
/* Decompresses one whole frame of `n` bytes; `what`/`offset` name it in errors. The frame
 * must declare its content size, within TRACE_LZ4_MAX_RATIO * n and `max_out`. */
simt_err trace_lz4_decompress(const uint8_t *src, size_t n, uint64_t max_out, struct tbuf *dst,
                              const char *what, uint64_t offset);
/* The same with a caller-owned decompression context (lz4frame.h's LZ4F_dctx), reused from
 * record to record so that its block buffers are allocated once; `pad` more bytes are
 * reserved after the content (not zeroed). */
struct LZ4F_dctx_s;
simt_err trace_lz4_dctx_new(struct LZ4F_dctx_s **out);
void trace_lz4_dctx_free(struct LZ4F_dctx_s *dctx);
simt_err trace_lz4_decompress_ctx(struct LZ4F_dctx_s *dctx, const uint8_t *src, size_t n,
                                  uint64_t max_out, size_t pad, struct tbuf *dst, const char *what,
                                  uint64_t offset);

/* Deep copy of a program (validated first) with decoder tables. */
simt_err trace_prog_copy(const struct simt_program *src, struct trace_prog **out);
/* Builds decoder tables of an already filled + validated program. */
simt_err trace_prog_tables(struct trace_prog *tp);
void trace_prog_free(struct trace_prog *tp);

/* Protobuf conversion (trace_pb.c). */
simt_err trace_pb_pack_program(const struct simt_program *p, struct tbuf *out);
simt_err trace_pb_unpack_program(const uint8_t *p, size_t n, struct trace_prog **out);
simt_err trace_pb_pack_meta(const struct simt_trace_meta *m, struct tbuf *out);
/* Fills *m (strings malloc'ed, owned by *store to free with trace_meta_free). */
struct trace_meta_store {
    struct simt_trace_meta meta;
    char *producer, *program;
    char **argv;
    int argc;
};
simt_err trace_pb_unpack_meta(const uint8_t *p, size_t n, struct trace_meta_store *m,
                              uint32_t *format_version);
void trace_meta_free(struct trace_meta_store *m);

#endif
