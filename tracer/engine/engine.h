/*
 * engine.h - internal contract of the tracer engine (not public; see tracer/simt_tracer.h).
 *
 * translate.c turns each LLVM function once into an array of `struct xinst` whose operands
 * are register-slot references (constants pooled per function, phi moves placed on CFG
 * edges); exec.c runs those arrays warp by warp; device.c owns memory, modules, launches
 * and the trace writer. Nothing here touches LLVM objects after simt_module_load().
 */
#ifndef SIMT_ENGINE_H
#define SIMT_ENGINE_H

#include <stdint.h>
#include <stdio.h>

#include "simt_tracer.h"
#if defined(SIMT_HAVE_LIBDEVICE)
#include "simt_libdevice.h"

/* population count, inline: the build does not assume a POPCNT instruction, and without one
 * __builtin_popcount is a call into libgcc (the interpreter counts a mask per instruction) */
static inline uint32_t eng_popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (uint32_t)((x * 0x0101010101010101ull) >> 56);
}
#endif

#define WARP 32
/* An operand reference: a register slot of the current frame, or (bit 31) a slot of the
 * function's constant pool. A slot holds one 64-bit word per lane (32 lanes contiguous). */
#define REF_CONST 0x80000000u
#define REF_NONE  0xffffffffu
/* Reconvergence point "function exit" (ipdom is the virtual exit node). */
#define RPC_EXIT 0xffffffffu
/* Function pointers are encoded in their own window (not dereferenceable). */
#define SIMT_WIN_FUNC_BASE 0x050000000000ull
/* Block addresses (blockaddress constants, targets of indirectbr), in the same window. */
#define SIMT_WIN_BLOCKADDR (SIMT_WIN_FUNC_BASE + (1ull << 39))

/* Scalar kinds of a register word (and of vector elements). */
enum xk { XK_I = 0, XK_F16 = 1, XK_F32 = 2, XK_F64 = 3 };

enum xop {
    OP_NOP = 0,
    /* integer binary: ty = width */
    OP_ADD,
    OP_SUB,
    OP_MUL,
    OP_UDIV,
    OP_SDIV,
    OP_UREM,
    OP_SREM,
    OP_SHL,
    OP_LSHR,
    OP_ASHR,
    OP_AND,
    OP_OR,
    OP_XOR,
    /* float binary: ty = enum xk */
    OP_FADD,
    OP_FSUB,
    OP_FMUL,
    OP_FDIV,
    OP_FREM,
    OP_FNEG,
    OP_FMA, /* fma: a*b+c */
    OP_ICMP,
    OP_FCMP,   /* sub = predicate; ty = width / kind */
    OP_SELECT, /* a = cond (scalar or vector), b, c; nel words */
    OP_MOV,    /* copy nel words from a */
    OP_TRUNC,  /* ty = dst width */
    OP_SEXT,   /* sub = src width, ty = dst width */
    OP_FPCONV, /* sub = src kind, ty = dst kind */
    OP_FPTOUI,
    OP_FPTOSI, /* sub = src kind, ty = dst width */
    OP_UITOFP,
    OP_SITOFP, /* sub = src width, ty = dst kind */
    OP_EXTRACTELT,
    OP_INSERTELT,
    OP_SHUFFLE,
    OP_INSERTVAL, /* aux: see translate.c */
    OP_GEP,       /* dst = a + imm + sum(idx_i * scale_i) over aux terms */
    OP_LOAD,      /* a = address; aux = layout; nel words */
    OP_STORE,     /* a = value, b = address */
    OP_ALLOCA,    /* imm = bytes, sub = log2 align, a = count ref (or NONE) */
    OP_ATOMIC,    /* sub = rmw op (LLVM numbering; 15: PTX add.f32, flushing subnormals),
                     a = addr, b = value, ty = kind/width, imm = bytes */
    OP_CMPXCHG,   /* a = addr, b = expected, c = new; dst = {old, success} */
    OP_FENCE,
    OP_BR,
    OP_CONDBR,
    OP_SWITCH,
    OP_RET,
    OP_UNREACHABLE,
    OP_CALL, /* aux: call record */
    OP_ICALL,
    OP_INTRIN,  /* sub = enum xin; aux: args */
    OP_NATIVE,  /* native function call (libdevice); aux: args */
    OP_UNKNOWN, /* reaching it is an error */
    OP_WIDE,    /* integers of 65..128 bits: sub = LLVM opcode / icmp predicate */
    OP_BITCAST, /* repack through memory layout; aux: src leaves, dst leaves */
    OP_NUM_
};

/* Intrinsics executed inline. */
enum xin {
    XI_SREG = 1, /* imm = which */
    XI_BARRIER,
    XI_BARRIER_RED,
    XI_WARPSYNC,
    XI_SHFL,
    XI_VOTE,
    XI_ACTIVEMASK,
    XI_MATCH_ANY,
    XI_MATCH_ALL,
    XI_MEMBAR,
    XI_ATOM_INC,
    XI_ATOM_DEC,
    XI_MEMCPY,
    XI_MEMMOVE,
    XI_MEMSET,
    XI_FMA,
    XI_IMINMAX,
    XI_FMINMAX,
    XI_ABS,
    XI_CTPOP,
    XI_CTLZ,
    XI_CTTZ,
    XI_BSWAP,
    XI_BITREV,
    XI_FSHL,
    XI_FSHR,
    XI_FUNARY,
    XI_COPYSIGN,
    XI_OVF,
    XI_TRAP,
    XI_VPRINTF,
    XI_ASSERT,
    XI_MALLOC,
    XI_FREE,
    XI_TEX,
    XI_GRIDSYNC,
    XI_SATADD,
    XI_NANOSLEEP,
    XI_MULHI,
    XI_POPC_BREV,
    XI_ISSPACE,
    XI_STACKSAVE,
    XI_STACKRESTORE,
    XI_FRCP,
    XI_FPOW,
    XI_PTX,      /* an inline-PTX idiom (enum xptx in imm) */
    XI_EXIT,     /* PTX exit: the executing threads end (kernel frame only) */
    XI_SURF,     /* surface object read (imm 0) or write (imm 1) */
    XI_LDMATRIX, /* ldmatrix.sync.aligned.m8n8: imm = matrices (1, 2, 4) | 16 if .trans */
    XI_MMA,      /* mma.sync.aligned.m16n8k{8,16}: imm = enum xmma; aux = the operand refs */
    XI_PTXALU    /* straight-line inline PTX arithmetic: aux = the program (enum xpa) */
};
/* XI_PTXALU: inline PTX that is a sequence of ALU statements (add.cc/addc carry chains, mad.lo,
 * mul.wide, lop3, setp/selp, cvt, f32/f64 arithmetic ...), translated once into this program
 * and run per lane on a small register file (translate.c ptx_alu_parse, exec.c ptx_alu_run).
 * aux layout: [nout | nin << 8 | nregs << 16, ninst, nconst], per output: width | PF_FLOAT << 8
 * | (tied input + 1) << 16, per input: ref, width; per constant: reg, low word, high word; per
 * statement 3 words: op | width << 8 | flags << 16 | predicate reg << 24 (0xff: none),
 * d | a << 8 | b << 16 | c << 24, extra (by op). Registers: $k is k, then locals, constants. */
enum xpa {
    PA_MOV,
    PA_PACK,   /* d = {a (low half), b (high half)} */
    PA_UNPACK, /* {d, extra} = a */
    PA_ADD,
    PA_SUB,
    PA_MULLO,
    PA_MULHI,
    PA_MULWIDE, /* d (2w bits) = a * b */
    PA_MADLO,
    PA_MADHI,
    PA_MADWIDE,
    PA_MUL24LO,
    PA_MAD24LO,
    PA_DIV,
    PA_REM,
    PA_AND,
    PA_OR,
    PA_XOR,
    PA_NOT,
    PA_CNOT,
    PA_NEG,
    PA_ABS,
    PA_MIN,
    PA_MAX,
    PA_SHL,
    PA_SHR,
    PA_POPC,
    PA_CLZ,
    PA_BREV,
    PA_BFIND,
    PA_LOP3, /* extra = lut */
    PA_SETP, /* extra = enum xpcmp */
    PA_SELP, /* d = c ? a : b */
    PA_CVT,  /* extra = source width | source flags << 8 | rounding << 16 */
    PA_BFE,  /* d = bfe(a, b, c) */
    PA_BFI,  /* d = bfi(a, b, c, extra reg) */
    PA_PRMT,
    PA_FADD,
    PA_FSUB,
    PA_FMUL,
    PA_FFMA,
    PA_FDIV,
    PA_FNEG,
    PA_FABS,
    PA_FMIN,
    PA_FMAX,
    PA_FSQRT,
    PA_FRCP,
    PA_FRSQRT,
    PA_FEX2,
    PA_FLG2,
    PA_FSIN,
    PA_FCOS
};
enum { PF_SIGNED = 1, PF_FLOAT = 2, PF_CC = 4, PF_CIN = 8, PF_PNEG = 16, PF_SAT = 32 };
enum xpcmp { PC_EQ, PC_NE, PC_LT, PC_LE, PC_GT, PC_GE, PC_NUM_ };
enum xpround { PR_NONE, PR_RNI, PR_RZI, PR_RMI, PR_RPI, PR_RN };
enum xmma {              /* XI_MMA shapes and types (f32 accumulators) */
            MMA_K16_F16, /* m16n8k16.row.col.f32.f16.f16.f32 */
            MMA_K16_BF16,
            MMA_K8_F16, /* m16n8k8.row.col.f32.f16.f16.f32 */
            MMA_K8_BF16,
            MMA_K16_F16ACC, /* m16n8k16.row.col.f16.f16.f16.f16: C and D two .f16x2 each */
            MMA_K8_F16ACC
};
enum xptx { /* XI_PTX sub-ops (imm): inline-PTX idioms of CUDA libraries (CUB, thrust) */
            PX_BFE_U32,  /* bfe.u32 d, a, pos, len */
            PX_BFE_S32,  /* bfe.s32 */
            PX_BFE_U64,  /* bfe.u64 */
            PX_BFE_S64,  /* bfe.s64 */
            PX_BFI_B32,  /* bfi.b32 d, a (inserted), b (base), pos (c), len (aux) */
            PX_PRMT_B32, /* prmt.b32 d, a, b, selector (default mode) */
            PX_VSHL_ADD, /* vshl.u32.u32.u32.clamp.add d, a, b, c: (a << min(b, 32)) + c */
            PX_VSHR_ADD, /* vshr.u32.u32.u32.clamp.add d, a, b, c: (a >> min(b, 32)) + c */
            PX_VADD_ADD, /* vadd.u32.u32.u32.add d, a, b, c: a + b + c */
            PX_BALLOT_EQ /* CUB's match of radix digits: p = (a & b) == b; d = p ? ballot(p) :
                            ~ballot(p) */
};
enum xsreg {
    SR_TID_X,
    SR_TID_Y,
    SR_TID_Z,
    SR_NTID_X,
    SR_NTID_Y,
    SR_NTID_Z,
    SR_CTAID_X,
    SR_CTAID_Y,
    SR_CTAID_Z,
    SR_NCTAID_X,
    SR_NCTAID_Y,
    SR_NCTAID_Z,
    SR_LANEID,
    SR_WARPSIZE,
    SR_LANEMASK_EQ,
    SR_LANEMASK_LE,
    SR_LANEMASK_LT,
    SR_LANEMASK_GE,
    SR_LANEMASK_GT,
    SR_CLOCK,
    SR_CLOCK64,
    SR_GLOBALTIMER,
    SR_WARPID,
    SR_NWARPID,
    SR_SMID,
    SR_NSMID,
    SR_GRIDID
};
enum xfun { /* XI_FUNARY sub-ops; imm */
            FU_SQRT,
            FU_FABS,
            FU_FLOOR,
            FU_CEIL,
            FU_TRUNC,
            FU_RINT,
            FU_ROUND,
            FU_SIN,
            FU_COS,
            FU_EXP2,
            FU_LOG2,
            FU_EXP,
            FU_LOG,
            FU_RSQRT,
            FU_RCP,
            FU_SATURATE,
            FU_LOG10,
            FU_EXP10
};

struct xinst {
    uint16_t op;
    uint8_t ty, sub;
    uint16_t nel;  /* words / vector elements */
    uint8_t cost;  /* 1 if the IR instruction issues (not SIMT_IC_FREE) */
    uint8_t flags; /* XF_* */
    uint32_t dst, a, b, c;
    uint32_t irpc; /* function-relative static pc */
    uint32_t aux;  /* index into xfunc.aux */
    int64_t imm;
};
#define XF_VOLATILE 1
#define XF_TRACEMEM 2 /* emits a memory event */
#define XF_TRACEBR  4 /* emits a branch event */

/* An edge: target internal pc plus phi moves (aux: n, then (dst, src, nwords) triples). */
struct xedge {
    uint32_t target; /* internal pc of the block's first instruction */
    uint32_t moves;  /* index into aux (count first), or 0 if none */
    uint32_t succ;   /* successor index (for the trace) */
    uint32_t pad;
};

struct xfunc {
    char *name;
    uint32_t index; /* in module */
    int is_kernel;
    uint32_t maxntid;      /* __launch_bounds__ threads per block (0 = none) */
    uint32_t minctasm;     /* __launch_bounds__ minimum CTAs per SM (0 = none) */
    uint32_t reg_estimate; /* 32-bit registers the function needs, its callees included */
    uint32_t reg_own;      /* ... without its calls (translate.c: estimate_registers) */
    uint32_t *reg_calls;   /* per call site: (callee index or UINT32_MAX, live across) */
    uint32_t nreg_calls;
    uint8_t *exit_bound; /* kernels, per internal pc: only pure code until `ret` */
    int has_gridsync;    /* calls __simt_grid_sync */
    int may_gridsync;    /* ... or calls a function that may */
    int defined;
    uint32_t nparams;
    uint32_t *param_slot; /* first slot of each parameter */
    uint32_t *param_words;
    uint32_t *param_bytes; /* size of the argument value (byval: the pointee) */
    uint32_t *param_align;
    uint32_t *param_leaves; /* aux index: count, then (offset, bytes) pairs */
    uint8_t *param_byval;
    uint32_t ret_words;
    uint32_t nslots; /* register slots (frame size / 32 lanes) */
    uint32_t nconst;
    uint64_t *cpool; /* nconst * WARP words (replicated) */
    struct xinst *code;
    uint32_t ncode;
    uint32_t *aux;
    uint32_t naux;
    struct xedge *edges;
    uint32_t nedges;
    /* static program pieces (function-relative) */
    uint32_t nir; /* IR instructions = static pcs */
    uint32_t nblocks;
    struct simt_sblock *sblocks; /* func field = 0; first_pc relative; succ_first relative */
    uint32_t *ssuccs;            /* relative block indices */
    uint32_t nssuccs;
    struct simt_sinst *sinsts; /* block/regs/reconv/callee relative; callee = module func idx */
    uint32_t nregs;            /* registers used (1..nregs, relative) */
    char *strings;             /* IR text table */
    uint32_t strings_size;
    uint32_t *block_start; /* internal pc of each block */
    uint32_t *callees;     /* module function indices of direct calls (deduped) */
    uint32_t ncallees;
    int has_icall;
    int addr_taken;
    uint32_t frame_local_bytes; /* static allocas (estimate for attrs) */
    uint32_t *used_globals;     /* __shared__ globals referenced (module global indices) */
    uint32_t nused;
    const char *source_file;
};

struct xglobal {
    char *name;
    uint64_t addr, bytes;
    int space; /* enum simt_mspace */
    int is_texref;
    struct simt_texture_binding tex;
    int tex_bound;
};

struct simt_module {
    simt_device *dev;
    char *name;
    uint32_t id;
    struct xfunc *funcs;
    uint32_t nfuncs;
    struct xglobal *globals;
    uint32_t nglobals;
    uint8_t *cbank; /* constant bank */
    uint64_t cbank_base, cbank_bytes;
    uint64_t shared_static_bytes;
    /* per kernel: trace program, built lazily */
    struct kprog **kprogs;        /* indexed by function */
    uint32_t *trace_kernel_index; /* per function, UINT32_MAX = not yet in trace */
    struct simt_module *next;
    int nprintf;
};

/* The static program of one kernel, as written to the trace. */
struct kprog {
    struct simt_program p;
    uint32_t *pcbase;  /* per module function: kernel pc of its first inst, or UINT32_MAX */
    uint32_t *funcidx; /* per module function: index in p.funcs or SIMT_NO_FUNC */
    uint32_t *order;   /* p.funcs order -> module function */
    uint32_t *blockbase;
};

struct galloc {
    uint64_t addr, bytes, mapped;
    int live;
};

struct simt_device {
    struct simt_device_config cfg;
    char *trace_path, *kernel_filter;
    struct simt_trace_meta meta;
    simt_trace_writer *tw;
    int trace_failed;
    struct galloc *allocs;
    uint32_t nallocs, cap_allocs;
    uint64_t next_global;
    uint64_t global_total;
    uint64_t next_const;
    struct simt_module *modules;
    uint32_t nmodules;
    struct simt_device_stats stats;
    uint64_t launch_count;
    /* device heap (malloc in kernels) */
    uint64_t heap_base, heap_bytes, heap_next;
    uint64_t watchdog_branches;
    int finished;
    /* texture objects: handle h is texobj[h - 1]; a destroyed one has width 0 */
    struct simt_texture_binding *texobj;
    uint32_t ntexobj, cap_texobj;
};

/* translate.c */
simt_err xl_module(simt_module *m, const void *image, size_t size);
void xl_free_module(simt_module *m);
simt_err xl_kprog(simt_module *m, uint32_t kfunc, struct kprog **out);
void xl_free_kprog(struct kprog *k);
uint64_t xl_kernel_shared_bytes(const simt_module *m, uint32_t kfunc);

/* device.c */
uint32_t dev_regs_per_thread(const struct xfunc *kernel);
const struct galloc *dev_find_alloc(const simt_device *d, uint64_t addr);
simt_err dev_map_global(simt_device *d, uint64_t bytes, uint64_t *addr);
uint8_t *dev_const_ptr(const simt_device *d, uint64_t addr, uint64_t bytes);
/* Converts cudaLaunchKernel-style arguments into the kernel's parameter register words and
 * the parameter buffer (byval aggregates; freed by the caller). */
simt_err dev_kernel_params(simt_module *m, uint32_t kfunc, void **args, uint64_t *words,
                           uint8_t **pbuf, uint64_t *pbytes);

/* exec.c */
simt_err exec_launch(simt_device *d, simt_module *m, uint32_t kfunc, struct simt_dim3 grid,
                     struct simt_dim3 block, uint32_t dyn_shared, void **args, int traced,
                     struct kprog *kp, uint64_t *thread_insts);

#endif
