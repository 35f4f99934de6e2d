/*
 * trace_testlib.h - test helpers for the trace container: a static-program builder and a
 * reference "executor" that walks a program for each thread (branch outcomes, indirect-call
 * targets and addresses chosen by callbacks), feeds the writer, and records the events the
 * reader must give back. Used by the unit tests, the golden generator and the benchmark.
 */
#ifndef TRACE_TESTLIB_H
#define TRACE_TESTLIB_H

#include <stdint.h>
#include <stdio.h>

#include "simt_trace.h"

#define TB_MAX_SUCC 16

/* ---- program builder ---- */
struct tb_prog {
    struct simt_program p;
    struct simt_sfunc *funcs;
    struct simt_sblock *blocks;
    struct simt_sinst *insts;
    uint32_t *succs;
    char *strings;
    uint32_t cap_f, cap_b, cap_i, cap_s, cap_str;
    uint32_t (*bsucc)[TB_MAX_SUCC]; /* successors per block until tb_finish */
    uint32_t *bnsucc;
};

void tb_init(struct tb_prog *b, const char *kernel_name);
uint32_t tb_func(struct tb_prog *b, const char *name); /* starts a function */
uint32_t tb_block(struct tb_prog *b);                  /* starts a block in it */
/* appends an instruction to the current block; returns its pc */
uint32_t tb_inst(struct tb_prog *b, unsigned iclass, unsigned mspace, unsigned flags,
                 uint32_t bytes, const char *text);
uint32_t tb_call(struct tb_prog *b, uint32_t callee, int indirect, const char *text);
void tb_succ(struct tb_prog *b, uint32_t block, uint32_t target); /* appends a successor */
void tb_ipdom(struct tb_prog *b, uint32_t block, uint32_t ipdom);
/* fills b->p (COND flags on multi-successor terminators, reconv_pc from ipdom) */
const struct simt_program *tb_finish(struct tb_prog *b);
void tb_free(struct tb_prog *b);

/* ---- reference executor ---- */
struct tb_exec_ops {
    /* successor index at a multi-successor terminator; `visit` counts this thread's
     * previous visits of `pc` */
    uint32_t (*branch)(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                       uint32_t nsucc, uint64_t visit);
    uint32_t (*icall)(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                      uint64_t visit);
    /* address(es) and size of a memory instruction */
    void (*mem)(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc, uint64_t visit,
                uint64_t *addr, uint64_t *addr2, uint32_t *size);
};

/* Expected events of one CTA: per thread arrays. */
struct tb_cta_events {
    uint32_t nthreads;
    struct simt_event **ev; /* [nthreads] */
    uint64_t *nev;          /* [nthreads] */
    uint64_t total;
};

/* Runs every thread of one CTA through the program, writes begin_cta..end_cta into `w`
 * (threads interleaved round-robin, one instruction at a time, when `interleave`), and fills
 * `out` (when not NULL) with the expected events. Returns 0 or -1 (message on stderr). */
int tb_exec_cta(simt_trace_writer *w, const struct simt_program *p, uint32_t launch, uint64_t cta,
                uint32_t nthreads, const struct tb_exec_ops *ops, void *ctx, int interleave,
                struct tb_cta_events *out);
void tb_cta_events_free(struct tb_cta_events *e);
/* added to the thread_instructions passed to end_cta (negative tests); normally 0 */
extern int64_t tb_count_adjust;

/* Reads CTA `cta` of `launch` back with single-event and batch cursors and compares with
 * `exp`; returns 0 if equal, else prints the first difference and returns -1. */
int tb_check_cta(simt_trace_reader *r, uint32_t launch, uint64_t cta,
                 const struct tb_cta_events *exp);

/* Recording instead of writing: while tb_log_target is set, tb_exec_cta appends the writer
 * calls it would make (begin_cta .. end_cta) to it; tb_replay() makes them later (benchmarks
 * time the writer alone that way). */
enum { TB_BEGIN, TB_END, TB_MEM, TB_BRANCH, TB_ICALL };
struct tb_rec {
    uint64_t a, a2; /* address(es); successor / callee; end: thread count */
    uint32_t tid, pc, size;
    uint8_t kind;
};
struct tb_log {
    struct tb_rec *rec;
    size_t n, cap;
};
extern struct tb_log *tb_log_target;
simt_err tb_replay(simt_trace_writer *w, const struct tb_log *lg);

/* ---- tiny test harness ---- */
extern int tb_failures;
#define TB_CHECK(cond)                                                                             \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__, __LINE__,      \
                    #cond, simt_errmsg());                                                         \
            tb_failures++;                                                                         \
        }                                                                                          \
    } while (0)
#define TB_OK(expr)                                                                                \
    do {                                                                                           \
        simt_err tb_e_ = (expr);                                                                   \
        if (tb_e_ != SIMT_ERR_OK) {                                                                \
            fprintf(stderr, "%s:%d: %s failed: %s: %s\n", __FILE__, __LINE__, #expr,               \
                    simt_err_name(tb_e_), simt_errmsg());                                          \
            tb_failures++;                                                                         \
        }                                                                                          \
    } while (0)

/* splitmix64: deterministic pseudo-random numbers */
static inline uint64_t tb_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

#endif
