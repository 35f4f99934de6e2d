/* trace_golden_gen.c - writes the small deterministic trace checked in as
 * tests/traceformat/golden/small.simtrace (and variants for the negative tests).
 *
 *   trace_golden_gen OUT [--producer P] [--variant normal|modified|bad-space|exit-barrier|
 *                                                  bad-count|warps|v1-launches]
 * Regenerate the golden file (only after an intended change of the trace content):
 *   build/bin/trace_golden_gen tests/traceformat/golden/small.simtrace */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_programs.h"
#include "trace_testlib.h"

/* a kernel whose odd threads execute one barrier more than the even ones */
static uint32_t bar_branch(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                           uint32_t nsucc, uint64_t visit)
{
    return tid & 1;
}
static const struct tb_exec_ops bar_ops = {.branch = bar_branch};

static void build_bar(struct tb_prog *b)
{
    tb_init(b, "_Z3barv");
    tb_func(b, "_Z3barv");
    uint32_t e = tb_block(b);
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%odd = and i32 %tid, 1");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br i1 %odd, label %x, label %bar");
    uint32_t x = tb_block(b);
    tb_inst(b, SIMT_IC_EXIT, 0, 0, 0, "ret void");
    uint32_t bar = tb_block(b);
    tb_inst(b, SIMT_IC_BARRIER, 0, 0, 0, "call void @llvm.nvvm.barrier0()");
    tb_inst(b, SIMT_IC_EXIT, 0, 0, 0, "ret void");
    tb_succ(b, e, x);
    tb_succ(b, e, bar);
    tb_finish(b);
}

int main(int argc, char **argv)
{
    const char *out = NULL, *producer = "trace_golden_gen 1", *variant = "normal";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--producer") && i + 1 < argc)
            producer = argv[++i];
        else if (!strcmp(argv[i], "--variant") && i + 1 < argc)
            variant = argv[++i];
        else if (argv[i][0] != '-' && !out)
            out = argv[i];
        else {
            fprintf(stderr, "usage: trace_golden_gen OUT [--producer P] [--variant V]\n");
            return 2;
        }
    }
    if (!out) {
        fprintf(stderr, "usage: trace_golden_gen OUT [--producer P] [--variant V]\n");
        return 2;
    }
    int modified = !strcmp(variant, "modified"), bad_space = !strcmp(variant, "bad-space");
    int exit_barrier = !strcmp(variant, "exit-barrier");
    int warps = !strcmp(variant, "warps"); /* only the barrier kernel, 1 CTA of 40 threads */
    int bad_count = !strcmp(variant, "bad-count");
    /* the launches of the format version 1 golden file (golden/small_v1.simtrace) */
    int v1set = !strcmp(variant, "v1-launches");
    if (!modified && !bad_space && !exit_barrier && !bad_count && !warps && !v1set &&
        strcmp(variant, "normal")) {
        fprintf(stderr, "trace_golden_gen: unknown variant %s\n", variant);
        return 2;
    }
    const char *targv[] = {"golden", "--small"};
    struct simt_trace_meta meta = {producer, "golden", 2, targv};
    simt_trace_writer *w;
    if (simt_trace_writer_open(out, &meta, &w) != SIMT_ERR_OK) {
        fprintf(stderr, "trace_golden_gen: %s\n", simt_errmsg());
        return 2;
    }
    struct {
        const char *kernel;
        uint32_t grid, block;
    } ls[] = {{"loop", 2, 40}, {"calls", 1, 8}, {"switch", 2, 16},
              {"loop", 1, 33}, {"empty", 1, 4}, {"lookup", 2, 32}};
    int nl = warps ? 0 : v1set ? 5 : 6;
    struct tb_prog progs[6];
    const struct tb_exec_ops *ops[6];
    uint32_t kidx[6];
    int rc = 0;
    for (int i = 0; i < nl && rc == 0; i++) {
        int src = i;
        for (int j = 0; j < i; j++)
            if (!strcmp(ls[j].kernel, ls[i].kernel)) {
                src = j;
                break;
            }
        if (src == i) {
            ops[i] = tp_build(&progs[i], ls[i].kernel);
            if (simt_trace_writer_add_kernel(w, &progs[i].p, &kidx[i]) != SIMT_ERR_OK)
                rc = -1;
        } else {
            ops[i] = ops[src];
            kidx[i] = kidx[src];
            memset(&progs[i], 0, sizeof progs[i]);
        }
        struct tp_params P = {.trip = 4,
                              .stride = 1024,
                              .base = bad_space ? SIMT_WIN_SHARED_BASE : SIMT_WIN_GLOBAL_BASE,
                              .nthreads = ls[i].block,
                              .depth = 2,
                              .seed = (uint32_t)i + (modified && i == 3 ? 100 : 0)};
        struct simt_launch l = {.kernel = kidx[i],
                                .grid = {ls[i].grid, 1, 1},
                                .block = {ls[i].block, 1, 1},
                                .static_shared_bytes = 4 * ls[i].block,
                                .regs_per_thread = 24,
                                .ncta = ls[i].grid};
        if (rc == 0 && simt_trace_writer_begin_launch(w, &l) != SIMT_ERR_OK)
            rc = -1;
        for (uint32_t c = 0; c < ls[i].grid && rc == 0; c++) {
            tb_count_adjust = bad_count && i == 1 ? 1 : 0; /* a CTA count one too many */
            rc = tb_exec_cta(w, &progs[src].p, (uint32_t)i, c, ls[i].block, ops[i], &P, 1, NULL);
        }
        if (rc == 0 && simt_trace_writer_end_launch(w) != SIMT_ERR_OK)
            rc = -1;
    }
    if (rc == 0 && (exit_barrier || warps)) {
        /* odd threads execute 4 instructions, even ones 3 */
        uint32_t nt = warps ? 40 : 4;
        struct tb_prog b;
        build_bar(&b);
        uint32_t k;
        struct simt_launch l = {.grid = {1, 1, 1}, .block = {nt, 1, 1}, .ncta = 1};
        if (simt_trace_writer_add_kernel(w, &b.p, &k) != SIMT_ERR_OK)
            rc = -1;
        l.kernel = k;
        if (rc == 0 && (simt_trace_writer_begin_launch(w, &l) != SIMT_ERR_OK ||
                        tb_exec_cta(w, &b.p, (uint32_t)nl, 0, nt, &bar_ops, NULL, 1, NULL) ||
                        simt_trace_writer_end_launch(w) != SIMT_ERR_OK))
            rc = -1;
        tb_free(&b);
    }
    for (int i = 0; i < nl; i++)
        tb_free(&progs[i]);
    if (rc != 0) {
        fprintf(stderr, "trace_golden_gen: %s\n", simt_errmsg());
        simt_trace_writer_abort(w);
        return 2;
    }
    if (simt_trace_writer_close(w) != SIMT_ERR_OK) {
        fprintf(stderr, "trace_golden_gen: %s\n", simt_errmsg());
        return 2;
    }
    return 0;
}
