/*
 * simt_trace.h - the per-thread trace container: the contract between the
 * tracer (which writes) and the timing model and tools (which read).
 *
 * A trace file holds, for one traced program run:
 *   - a header (format version, producer, program name, command line);
 *   - for every traced kernel its static program (struct simt_program):
 *     functions, basic blocks in layout order, one PC per IR instruction, the
 *     instruction class, registers, branch successors and immediate
 *     post-dominators, source lines;
 *   - launch records, each followed by its CTAs; every CTA carries the dynamic
 *     stream of each of its threads: branch outcomes (the "predicates"),
 *     indirect-call targets and memory addresses. With the static program the
 *     reader rebuilds each thread's exact instruction sequence;
 *   - an index so a reader can seek to any launch and CTA.
 * The byte layout is documented in docs/TRACE_FORMAT.md.
 *
 * Serialised numbers (enum values below, protobuf field numbers) never move:
 * retired values stay as comments and are never reused.
 *
 * Errors: every action returns simt_err (simt_error.h); the message is read
 * with simt_errmsg(). Handles are opaque; every *_open/_create has a *_free
 * or *_close, and passing NULL to those is a no-op.
 */
#ifndef SIMT_TRACE_H
#define SIMT_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "simt_error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The format version this library writes; readers accept exactly the versions
 * listed in SIMT_TRACE_READS (and reject others, saying which they read). */
#define SIMT_TRACE_VERSION 2
#define SIMT_TRACE_READS   "1, 2"

/* ---------------------------------------------------------------------------------------------
 * Device address windows. Every address in a trace is a 64-bit "generic" address
 * whose window tells its memory space, so generic pointers need no extra tag.
 * Global memory is host-mapped at these very addresses by the CUDA runtime
 * replacement, so device pointers are deterministic across runs.
 * ------------------------------------------------------------------------------------------- */
#define SIMT_WIN_SHARED_BASE 0x010000000000ull /* + CTA-relative shared offset */
#define SIMT_WIN_LOCAL_BASE  0x020000000000ull /* + thread-relative local (stack) offset */
#define SIMT_WIN_CONST_BASE  0x030000000000ull /* + offset in the constant bank */
#define SIMT_WIN_PARAM_BASE  0x040000000000ull /* + offset in the kernel parameter buffer */
#define SIMT_WIN_SIZE        0x010000000000ull /* each of the windows above: 1 TiB */
#define SIMT_WIN_GLOBAL_BASE 0x200000000000ull /* global memory: [BASE, END) */
#define SIMT_WIN_GLOBAL_END  0x300000000000ull

/* Memory spaces. Serialised: never renumber. */
enum simt_mspace {
    SIMT_MS_NONE = 0,
    SIMT_MS_GLOBAL = 1,
    SIMT_MS_SHARED = 2,
    SIMT_MS_LOCAL = 3,
    SIMT_MS_CONST = 4,
    SIMT_MS_PARAM = 5,
    SIMT_MS_GENERIC = 6, /* static space unknown; resolve each address with simt_addr_space() */
    SIMT_MS_TEXTURE = 7, /* texture fetch; the address is the texel's global address */
};

/*! simt_addr_space() : the memory space an address falls in (SIMT_MS_NONE if none). */
static inline enum simt_mspace simt_addr_space(uint64_t a)
{
    if (a >= SIMT_WIN_GLOBAL_BASE && a < SIMT_WIN_GLOBAL_END)
        return SIMT_MS_GLOBAL;
    if (a >= SIMT_WIN_SHARED_BASE && a < SIMT_WIN_SHARED_BASE + SIMT_WIN_SIZE)
        return SIMT_MS_SHARED;
    if (a >= SIMT_WIN_LOCAL_BASE && a < SIMT_WIN_LOCAL_BASE + SIMT_WIN_SIZE)
        return SIMT_MS_LOCAL;
    if (a >= SIMT_WIN_CONST_BASE && a < SIMT_WIN_CONST_BASE + SIMT_WIN_SIZE)
        return SIMT_MS_CONST;
    if (a >= SIMT_WIN_PARAM_BASE && a < SIMT_WIN_PARAM_BASE + SIMT_WIN_SIZE)
        return SIMT_MS_PARAM;
    return SIMT_MS_NONE;
}

/* Instruction classes, as a compiler would lower each IR instruction
 * (table in docs/INSTRUCTION_CLASSES.md). Serialised: never renumber. */
enum simt_iclass {
    SIMT_IC_FREE = 0,     /* costs no issue slot: phi, bitcast, no-op casts, constant GEPs,
                             lifetime/assume. The reader never yields these. */
    SIMT_IC_INT = 1,      /* integer / logic ALU, integer compare, select */
    SIMT_IC_FP32 = 2,     /* single-precision add/mul/fma/compare/convert */
    SIMT_IC_FP64 = 3,     /* double precision */
    SIMT_IC_SFU = 4,      /* transcendentals, divisions, square roots (special function unit) */
    SIMT_IC_LOAD = 5,     /* one address per thread */
    SIMT_IC_STORE = 6,    /* one address per thread */
    SIMT_IC_ATOMIC = 7,   /* atomicrmw, cmpxchg, atomic inc/dec; one address */
    SIMT_IC_BRANCH = 8,   /* br (conditional or not), switch, indirect br */
    SIMT_IC_CALL = 9,     /* call of a device function defined in the program */
    SIMT_IC_RET = 10,     /* return from a device function (depth > 0) */
    SIMT_IC_BARRIER = 11, /* __syncthreads and variants (CTA-wide) */
    SIMT_IC_WARP = 12,    /* shuffle, vote, ballot, match, __syncwarp, activemask */
    SIMT_IC_EXIT = 13,    /* kernel return or PTX exit (may sit inside a block): the thread ends */
    SIMT_IC_FP16 = 14,    /* half-precision arithmetic */
    SIMT_IC_MEMBAR = 15,  /* fences / __threadfence */
    SIMT_IC_COPY = 16,    /* memcpy/memmove (two addresses: dst then src) and memset (dst) */
    SIMT_IC_NUM_ = 17
};

/* Instruction flags (bit set). Serialised. */
enum simt_iflag {
    SIMT_IF_VOLATILE = 1u << 0,
    SIMT_IF_INDIRECT = 1u << 1, /* indirect call: the callee comes from the stream */
    SIMT_IF_COND = 1u << 2,     /* branch with more than one successor: outcome in the stream */
    SIMT_IF_VARSIZE = 1u << 3,  /* access size comes from the stream (memcpy/memset) */
    SIMT_IF_GRID = 1u << 4,     /* barrier: grid-wide (every CTA of the launch arrives), not
                                   the CTA's; traces before 2026-11-21 lack it (added) */
    SIMT_IF_BARDYN = 1u << 5,   /* barrier: its id or thread count is computed at run time, so
                                   bar_id / bar_count are unknown (replayed CTA-wide; added) */
};

#define SIMT_PC_EXIT   0xffffffffu /* "reconverge at thread exit" (ipdom is the virtual exit) */
#define SIMT_NO_BLOCK  0xffffffffu
#define SIMT_NO_FUNC   0xffffffffu
#define SIMT_MAX_SRCS  8    /* a static instruction lists at most this many source registers */
#define SIMT_MAX_DEPTH 4096 /* call depth readers accept */

/* One static instruction. `pc` is its index in the kernel program (layout order). */
struct simt_sinst {
    uint32_t block;               /* index of its basic block in simt_program.blocks */
    uint8_t iclass;               /* enum simt_iclass */
    uint8_t mspace;               /* enum simt_mspace for memory classes, else SIMT_MS_NONE */
    uint8_t flags;                /* enum simt_iflag bits */
    uint8_t nsrc;                 /* number of source registers in srcs[] (<= SIMT_MAX_SRCS) */
    uint32_t access_bytes;        /* bytes per thread for memory classes (0 if SIMT_IF_VARSIZE) */
    uint32_t dst;                 /* destination register (0 = none); registers are kernel-unique */
    uint32_t srcs[SIMT_MAX_SRCS]; /* issued producers' registers, looking through FREE insts */
    uint32_t callee;              /* SIMT_IC_CALL, direct: function index; else SIMT_NO_FUNC */
    uint32_t reconv_pc; /* branches: pc of the immediate post-dominator, or SIMT_PC_EXIT */
    uint32_t line;      /* source line (0 if unknown) */
    uint32_t text;      /* offset of the IR text (NUL-terminated) in simt_program.strings */
    /* BARRIER (named barriers, bar.sync id, count): the barrier id (0-15) and the thread count
     * that completes it (0: every live thread of the CTA). Constants from the program; 0 and 0
     * with SIMT_IF_BARDYN when computed at run time. Traces before 2026-11-21 lack them
     * (added, read as 0: CTA-wide). */
    uint32_t bar_id, bar_count;
};

struct simt_sblock {
    uint32_t func;       /* index of its function */
    uint32_t first_pc;   /* first instruction (pc); the terminator is the last */
    uint32_t ninst;      /* >= 1 */
    uint32_t nsucc;      /* successors of the terminator, in IR operand order:
                            conditional br: [0] = true target, [1] = false target */
    uint32_t succ_first; /* index into simt_program.succs */
    uint32_t ipdom;      /* immediate post-dominator block, SIMT_NO_BLOCK = virtual exit */
};

struct simt_sfunc {
    uint32_t name;        /* offset of the (mangled) name in strings */
    uint32_t first_block; /* blocks of a function are contiguous; the first is the entry */
    uint32_t nblocks;
};

/* The static program of one kernel: the kernel function (functions[0]) and every
 * device function it can reach. All arrays are owned by whoever built the struct
 * (the tracer when writing, the reader after reading). */
struct simt_program {
    const char *kernel_name; /* mangled name */
    const char *source_file; /* "" if unknown */
    uint32_t nfuncs, nblocks, ninsts, nsuccs, strings_size;
    const struct simt_sfunc *funcs;
    const struct simt_sblock *blocks;
    const struct simt_sinst *insts;
    const uint32_t *succs; /* block indices */
    const char *strings;   /* string table: NUL-terminated strings back to back */
    uint32_t nregs;        /* registers are numbered 1..nregs */
};

struct simt_dim3 {
    uint32_t x, y, z;
};

/* One kernel launch. */
struct simt_launch {
    uint32_t kernel; /* index of the kernel's program in the trace */
    struct simt_dim3 grid, block;
    uint32_t dynamic_shared_bytes;
    uint32_t static_shared_bytes;
    uint32_t regs_per_thread; /* estimate recorded by the tracer */
    uint32_t local_bytes_per_thread;
    uint64_t ncta;                /* grid.x * grid.y * grid.z, CTAs in launch order (x fastest) */
    uint64_t thread_instructions; /* dynamic non-FREE instructions over all threads */
};

/* One decoded dynamic event: the next instruction a thread executes. */
struct simt_event {
    uint32_t pc;    /* static instruction (index into program->insts) */
    uint32_t depth; /* call depth: 0 in the kernel function */
    uint64_t addr;  /* memory classes: the (first) address */
    uint64_t addr2; /* SIMT_IC_COPY memcpy/memmove: the source address */
    uint32_t size;  /* memory classes: bytes accessed */
    uint32_t succ;  /* branches: index of the successor taken; indirect calls: callee */
};

/* ---------------------------------------------------------------------------------------------
 * Writing. The tracer calls, in this order:
 *   open, { add_kernel | begin_launch, { begin_cta, <thread events>, end_cta }, end_launch }*,
 *   close (or abort).
 * Each CTA's streams are compressed and written at end_cta, so the writer's memory is
 * bounded by one CTA. Nothing appears at `path` until close() succeeds: the writer works on
 * "<path>.tmp" and renames it.
 * ------------------------------------------------------------------------------------------- */
typedef struct simt_trace_writer simt_trace_writer;

struct simt_trace_meta {
    const char *producer; /* e.g. "simt-tracer 0.1" */
    const char *program;  /* program name */
    int argc;
    const char *const *argv; /* command line (copied) */
};

/*! simt_trace_writer_open() : creates "<path>.tmp" and writes the header.
 *  @return SIMT_ERR_OK and *out, or an error (nothing is left on disk). */
simt_err simt_trace_writer_open(const char *path, const struct simt_trace_meta *meta,
                                simt_trace_writer **out);

/*! simt_trace_writer_add_kernel() : records a kernel's static program (deep-copied; the
 *  caller keeps ownership of `prog`). @return its index in *kernel_index. */
simt_err simt_trace_writer_add_kernel(simt_trace_writer *w, const struct simt_program *prog,
                                      uint32_t *kernel_index);

/*! simt_trace_writer_begin_launch() : starts a launch; `l->ncta` CTAs must follow, in
 *  launch order. thread_instructions is ignored (the writer sums the CTAs'). */
simt_err simt_trace_writer_begin_launch(simt_trace_writer *w, const struct simt_launch *l);

/*! simt_trace_writer_begin_cta() : starts the next CTA of the launch, with `nthreads`
 *  (= block.x*block.y*block.z) threads numbered in CUDA's linear order (x fastest). */
simt_err simt_trace_writer_begin_cta(simt_trace_writer *w, uint32_t nthreads);

/* Thread events, in each thread's execution order (threads may interleave freely).
 * Only what the static program cannot tell is recorded: */

/*! _branch() : thread `tid` left a multi-successor terminator (flag SIMT_IF_COND) at `pc`
 *  through successor `succ` (< nsucc of the block). */
simt_err simt_trace_writer_branch(simt_trace_writer *w, uint32_t tid, uint32_t pc, uint32_t succ);

/*! _icall() : thread `tid` executed the indirect call at `pc` into function `func`. */
simt_err simt_trace_writer_icall(simt_trace_writer *w, uint32_t tid, uint32_t pc, uint32_t func);

/*! _mem() : thread `tid` executed the memory instruction at `pc` accessing `addr`.
 *  `addr2` is the source of a memcpy/memmove (else 0); `size` matters only for
 *  SIMT_IF_VARSIZE instructions (else it must equal access_bytes). */
simt_err simt_trace_writer_mem(simt_trace_writer *w, uint32_t tid, uint32_t pc, uint64_t addr,
                               uint64_t addr2, uint32_t size);

/*! simt_trace_writer_end_cta() : compresses and writes the CTA. `thread_instructions` is the
 *  number of non-FREE instructions its threads executed (verify recomputes and checks it). */
simt_err simt_trace_writer_end_cta(simt_trace_writer *w, uint64_t thread_instructions);

/*! simt_trace_writer_end_launch() : every CTA announced must have been written. */
simt_err simt_trace_writer_end_launch(simt_trace_writer *w);

/*! simt_trace_writer_close() : writes the index and footer, fsyncs, renames to `path`,
 *  frees `w` (also on error, in which case the temporary file is removed). */
simt_err simt_trace_writer_close(simt_trace_writer *w);

/*! simt_trace_writer_abort() : removes the temporary file and frees `w`. NULL: no-op. */
void simt_trace_writer_abort(simt_trace_writer *w);

/* ---------------------------------------------------------------------------------------------
 * Reading. Memory is bounded by one CTA (plus the static programs and one launch's CTA
 * offset table), whatever the file size. Every size read from the file is checked before
 * it is used; a bad file gives SIMT_ERR_FORMAT/TRUNCATED/CHECKSUM/VERSION with the byte
 * offset in the message.
 * ------------------------------------------------------------------------------------------- */
typedef struct simt_trace_reader simt_trace_reader;
typedef struct simt_cta simt_cta;
typedef struct simt_cursor simt_cursor;

/*! simt_trace_reader_open() : opens a trace, checks magic, version, footer and index. */
simt_err simt_trace_reader_open(const char *path, simt_trace_reader **out);
void simt_trace_reader_close(simt_trace_reader *r);

/*! simt_trace_reader_meta() : header fields; strings owned by the reader. */
const struct simt_trace_meta *simt_trace_reader_meta(const simt_trace_reader *r);
uint32_t simt_trace_reader_nkernels(const simt_trace_reader *r);
uint32_t simt_trace_reader_nlaunches(const simt_trace_reader *r);
/*! simt_trace_reader_program() : kernel k's static program (owned by the reader). */
const struct simt_program *simt_trace_reader_program(const simt_trace_reader *r, uint32_t k);
/*! simt_trace_reader_launch() : launch l's record (owned by the reader). */
const struct simt_launch *simt_trace_reader_launch(const simt_trace_reader *r, uint32_t l);
/*! simt_trace_reader_version() : the file's format version (one of SIMT_TRACE_READS).
 *  (Added with version 2.) */
uint32_t simt_trace_reader_version(const simt_trace_reader *r);
/*! simt_trace_reader_file_bytes() : size of the trace file on disk. */
uint64_t simt_trace_reader_file_bytes(const simt_trace_reader *r);
/*! simt_trace_reader_check_records() : reads every record of the file in file order (one at
 *  a time), checking its header and LZ4 checksums, that the records tile the data area and
 *  that their numbers match the index (1 header, one per kernel, per launch, per CTA). *nrecords
 *  (may be NULL) gets the count, index included. (Added; used by simt-trace verify.) */
simt_err simt_trace_reader_check_records(simt_trace_reader *r, uint64_t *nrecords);

/*! simt_cta_load() : reads, checks and decompresses CTA `cta` (launch order) of launch
 *  `launch`. The CTA owns its buffers; free with simt_cta_free(). */
simt_err simt_cta_load(simt_trace_reader *r, uint32_t launch, uint64_t cta, simt_cta **out);
void simt_cta_free(simt_cta *c);
uint32_t simt_cta_nthreads(const simt_cta *c);
/*! simt_cta_thread_instructions() : the count recorded by the writer for this CTA. */
uint64_t simt_cta_thread_instructions(const simt_cta *c);

/*! simt_cursor_create() : a cursor over thread `tid` of `c` (c must outlive it). */
simt_err simt_cursor_create(const simt_cta *c, uint32_t tid, simt_cursor **out);
void simt_cursor_free(simt_cursor *cur);
/*! simt_cursor_reset() : points an existing cursor at thread `tid` of `c` (any CTA),
 *  reusing its memory: cheaper than free + create when walking many threads. On error the
 *  cursor is unchanged. (Added; not in the first version of this header.) */
simt_err simt_cursor_reset(simt_cursor *cur, const simt_cta *c, uint32_t tid);

/*! simt_cursor_next() : the thread's next non-FREE instruction.
 *  @return 1 and *ev filled; 0 once the thread has exited (after its EXIT event);
 *  negative (-simt_err) on a stream that contradicts the program (message says where). */
int simt_cursor_next(simt_cursor *cur, struct simt_event *ev);

/*! simt_cursor_next_batch() : up to `cap` events into evs[]; returns the number filled
 *  (0 at exit) or -simt_err. Same stream as repeated simt_cursor_next(). A batch holds fewer
 *  than `cap` events only when it ends with the thread's exit: the next call returns 0. */
int simt_cursor_next_batch(simt_cursor *cur, struct simt_event *evs, int cap);

/* The memory fields of one event (what simt_cursor_fill() writes for memory events). */
struct simt_evmem {
    uint64_t addr, addr2; /* as in struct simt_event */
    uint32_t size;
};

/*! simt_cursor_fill() : the same events as simt_cursor_next_batch(), written field by field
 *  into the caller's arrays: event k's pc goes to pc[k * stride], its depth to
 *  depth[k * stride] and, for a memory instruction (load, store, atomic, copy) only, its
 *  address, second address and size to mem[k * stride] (left untouched otherwise). For a
 *  replayer that keeps many threads' look-ahead side by side (k * stride interleaves them)
 *  and reads the memory fields only of memory instructions; no struct simt_event is built.
 *  Returns as simt_cursor_next_batch(). (Added; not in the first version of this header.) */
int simt_cursor_fill(simt_cursor *cur, uint32_t *pc, uint32_t *depth, struct simt_evmem *mem,
                     size_t stride, int cap);

/*! simt_cursor_prefetch() : a hint that simt_cursor_next_batch() will soon be called on
 *  `cur`; changes nothing observable. Stage 0 asks for the cursor itself; stage 1 (once the
 *  cursor is in cache) for the stream bytes and column states its next batch reads. A
 *  replayer that decodes many threads in turn (a warp's 32 cursors) hides the cache misses
 *  by running these a few threads ahead. (Added; not in the first version of this header.) */
void simt_cursor_prefetch(const simt_cursor *cur, int stage);

/* --- helpers shared by writers and readers -------------------------------------------------- */

/*! simt_program_validate() : structural checks of a static program (indices in range,
 *  blocks contiguous, terminators last, successor counts, string offsets). */
simt_err simt_program_validate(const struct simt_program *p);

/*! simt_iclass_name() : "int", "fp32", ... ; "?" if out of range. */
const char *simt_iclass_name(unsigned iclass);
/*! simt_mspace_name() : "global", "shared", ... ; "?" if out of range. */
const char *simt_mspace_name(unsigned mspace);

#ifdef __cplusplus
}
#endif
#endif
