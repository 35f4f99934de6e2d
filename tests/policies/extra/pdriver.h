/*
 * pdriver.h - a standalone functional stand-in for the timing core, to test divergence
 * policies without the pipeline: a tiny in-memory program builder (struct simt_program),
 * per-thread scripted instruction sequences interpreted from it, and an SM loop that plays
 * the core's side of simt_policy.h (thread table, cta_start / ready / issued / released /
 * idle), checking every issued group and counting issue cycles and active threads.
 */
#ifndef PDRIVER_H
#define PDRIVER_H

#include <stdbool.h>
#include <stdint.h>

#include "simt_policy.h"

/* --- program builder ---------------------------------------------------------------------- */

#define PB_MAX 4096

struct pb {
    struct simt_sinst insts[PB_MAX];
    struct simt_sblock blocks[PB_MAX];
    struct simt_sfunc funcs[64];
    uint32_t succs[2 * PB_MAX];
    uint32_t ninsts, nblocks, nfuncs, nsuccs;
    uint32_t label_block[PB_MAX]; /* label -> block */
    uint32_t nlabels;
    /* pending successor labels per block (resolved by pb_finish) */
    uint32_t succ_label[PB_MAX][2];
    uint32_t reconv_label[PB_MAX];
    uint32_t cur_block;
    struct simt_program prog;
    char strings[8];
};

void pb_init(struct pb *b);
uint32_t pb_label(struct pb *b);              /* a new label, bound later */
void pb_func(struct pb *b);                   /* starts a function (the first is the kernel) */
void pb_block(struct pb *b, uint32_t label);  /* starts a block bound to label (or ~0u) */
uint32_t pb_op(struct pb *b, uint8_t iclass); /* appends an instruction; returns its pc */
uint32_t pb_br(struct pb *b, uint32_t target);
uint32_t pb_cbr(struct pb *b, uint32_t t, uint32_t f, uint32_t reconv);
uint32_t pb_call(struct pb *b, uint32_t func);
const struct simt_program *pb_finish(struct pb *b);
uint32_t pb_label_pc(const struct pb *b, uint32_t label); /* first pc of a label's block */

/* --- per-thread scripts ------------------------------------------------------------------- */

/* The successor a thread takes at a conditional branch (visit: how often it got there). */
typedef uint32_t (*pd_decide_fn)(void *ctx, uint32_t cta, uint32_t tid, uint32_t pc,
                                 uint32_t visit);

struct pd_script {
    uint32_t n;
    uint32_t *pc, *depth;
};

/* --- the functional SM --------------------------------------------------------------------- */

struct pd_cfg {
    const char *policy;
    uint32_t warp_size, simd_width, nschedulers;
    uint32_t cta_threads, nctas; /* CTAs resident together on the one SM */
    uint32_t width;              /* groups issued per cycle; 0 = every group ready() returns */
    const char *const *sets;     /* "key=value" overrides, NULL-terminated (or NULL) */
    pd_decide_fn decide;
    void *ctx;
    uint64_t max_cycles;
    bool check_banks; /* lanes[i] % simd == home lane % simd (lane-aware policies) */
    /* optional: called for every issued group, before issued() */
    void (*on_issue)(void *octx, const struct simt_group *g, const struct simt_thread *th);
    void *octx;
    const char *stat_names[4]; /* statistics to read back into pd_result.stat_values */
    /* call idle_quiet() instead of idle() where the policy has it, and whenever it reports
     * nothing changed, check that ready() at that cycle returns the answer held (every field
     * and thread); counted in pd_result.quiet */
    bool check_quiet;
    uint32_t issue_every; /* if > 0: issue only every that many cycles, nothing in between (as
                             a core whose offered groups wait on operands) */
};

struct pd_result {
    uint64_t thread_insts, groups, active_sum, issue_cycles, cycles, hash;
    uint64_t expected_insts;
    uint32_t max_active;
    uint64_t stat_values[4];
    uint64_t quiet; /* idle_quiet() calls that reported no change (check_quiet) */
    char error[256];
};

/*! pd_run() : interprets the program per thread, runs the policy on one SM to completion.
 *  @return 0 on success; -1 with r->error set (conservation, deadlock, policy error). */
int pd_run(const struct simt_program *prog, const struct pd_cfg *cfg, struct pd_result *r);

/*! pd_efficiency() : average active threads per issued group / warp size. */
double pd_efficiency(const struct pd_result *r, uint32_t warp_size);

#endif
