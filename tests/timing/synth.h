/*
 * synth.h - synthetic kernels for the timing and policy tests: build a static program by
 * hand, walk every thread through it with callbacks that decide branch outcomes and
 * addresses, and write a trace through the writer API (traceformat/simt_trace.h).
 */
#ifndef SIMT_TEST_SYNTH_H
#define SIMT_TEST_SYNTH_H

#include <stdint.h>

#include "simt_trace.h"

#define SYN_MAX_FUNCS  16
#define SYN_MAX_BLOCKS 256
#define SYN_MAX_INSTS  4096
#define SYN_MAX_SUCCS  512

struct syn {
    struct simt_sfunc funcs[SYN_MAX_FUNCS];
    struct simt_sblock blocks[SYN_MAX_BLOCKS];
    struct simt_sinst insts[SYN_MAX_INSTS];
    uint32_t succs[SYN_MAX_SUCCS];
    uint32_t nfuncs, nblocks, ninsts, nsuccs;
    uint32_t ipdom[SYN_MAX_BLOCKS]; /* set by syn_br (SIMT_NO_BLOCK = exit) */
    char strings[256];
    uint32_t nregs;
    struct simt_program prog;
};

void syn_init(struct syn *s);
/* Starts a function; its blocks follow. Function 0 is the kernel. */
uint32_t syn_func(struct syn *s);
/* Starts a block in the current function; returns its index. */
uint32_t syn_block(struct syn *s);
/* A plain instruction (INT, FP32, SFU, FP64, ...); src 0 = none; dst 0 = none. */
uint32_t syn_op(struct syn *s, uint8_t iclass, uint32_t dst, uint32_t src0, uint32_t src1);
/* n independent INT ops with fresh destination registers. */
void syn_ops(struct syn *s, uint32_t n);
/* A memory instruction. */
uint32_t syn_mem(struct syn *s, uint8_t iclass, uint8_t space, uint32_t bytes, uint32_t dst,
                 uint32_t src);
/* Terminators. syn_br: conditional (successor 0 = t, 1 = f) reconverging at block ipdom
 * (SIMT_NO_BLOCK = exit). */
void syn_br(struct syn *s, uint32_t t, uint32_t f, uint32_t ipdom);
void syn_jmp(struct syn *s, uint32_t target);
void syn_exit(struct syn *s);
void syn_ret(struct syn *s);
uint32_t syn_call(struct syn *s, uint32_t func);
uint32_t syn_bar(struct syn *s);
uint32_t syn_reg(struct syn *s); /* a fresh register */
/* Fills s->prog (reconvergence pcs from ipdom blocks) and validates it. */
const struct simt_program *syn_finish(struct syn *s);

/* Per-thread behaviour: the successor taken at a conditional branch, the address of a memory
 * access; `visit` counts this thread's earlier executions of pc. */
typedef uint32_t (*syn_branch_fn)(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc,
                                  uint32_t visit);
typedef uint64_t (*syn_addr_fn)(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t visit);

struct syn_launch {
    struct simt_dim3 grid, block;
    uint32_t regs_per_thread, shared_bytes;
};

/*! syn_write() : writes `nlaunches` launches of the program to `path`; returns the total
 *  thread-instructions walked in *tinst. */
simt_err syn_write(const char *path, struct syn *s, const struct syn_launch *l, int nlaunches,
                   syn_branch_fn br, syn_addr_fn ad, void *ctx, uint64_t *tinst);

#endif
