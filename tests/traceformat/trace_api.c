/* trace_api.c - API-level checks: names, simt_program_validate() on broken programs,
 * argument errors and NULL handling. Usage: trace_api <case> <scratch-dir>. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "trace_programs.h"
#include "trace_testlib.h"

static void case_names(void)
{
    TB_CHECK(!strcmp(simt_iclass_name(SIMT_IC_INT), "int"));
    TB_CHECK(!strcmp(simt_iclass_name(SIMT_IC_COPY), "copy"));
    TB_CHECK(!strcmp(simt_iclass_name(SIMT_IC_FREE), "free"));
    TB_CHECK(!strcmp(simt_iclass_name(SIMT_IC_NUM_), "?"));
    TB_CHECK(!strcmp(simt_iclass_name(1000), "?"));
    for (unsigned c = 0; c < SIMT_IC_NUM_; c++)
        TB_CHECK(strcmp(simt_iclass_name(c), "?") != 0);
    TB_CHECK(!strcmp(simt_mspace_name(SIMT_MS_GLOBAL), "global"));
    TB_CHECK(!strcmp(simt_mspace_name(SIMT_MS_TEXTURE), "texture"));
    TB_CHECK(!strcmp(simt_mspace_name(8), "?"));
    TB_CHECK(simt_addr_space(SIMT_WIN_GLOBAL_BASE) == SIMT_MS_GLOBAL);
    TB_CHECK(simt_addr_space(SIMT_WIN_GLOBAL_END) == SIMT_MS_NONE);
    TB_CHECK(simt_addr_space(SIMT_WIN_SHARED_BASE + 4) == SIMT_MS_SHARED);
}

/* each mutation of a valid program must be refused with a message */
static void case_validate(void)
{
    struct tb_prog b;
    tp_build(&b, "calls");
    TB_OK(simt_program_validate(&b.p));
    struct simt_program p0 = b.p;
    struct simt_sinst *ins = b.insts;
    struct simt_sblock *bl = b.blocks;
    struct simt_sfunc *fn = b.funcs;
    int n = 0;
#define MUTATE(what, stmt, undo)                                                                   \
    do {                                                                                           \
        stmt;                                                                                      \
        simt_err e_ = simt_program_validate(&b.p);                                                 \
        if (e_ == SIMT_ERR_OK) {                                                                   \
            fprintf(stderr, "validate accepted: %s\n", what);                                      \
            tb_failures++;                                                                         \
        } else if (n++ < 3) {                                                                      \
            printf("%s -> %s\n", what, simt_errmsg());                                             \
        }                                                                                          \
        undo;                                                                                      \
        b.p = p0;                                                                                  \
    } while (0)
    uint32_t u;
    uint8_t c;
    MUTATE("no functions", b.p.nfuncs = 0, (void)0);
    MUTATE("null insts", b.p.insts = NULL, (void)0);
    MUTATE("strings not NUL-terminated",
           (c = b.strings[b.p.strings_size - 1], b.strings[b.p.strings_size - 1] = 'x'),
           b.strings[b.p.strings_size - 1] = (char)c);
    MUTATE("function blocks overlap", (u = fn[1].first_block, fn[1].first_block = 0),
           fn[1].first_block = u);
    MUTATE("block pcs not contiguous", (u = bl[1].first_pc, bl[1].first_pc++), bl[1].first_pc = u);
    MUTATE("successor outside its function", (u = b.succs[0], b.succs[0] = 0), b.succs[0] = u);
    MUTATE("successor table overrun", (u = bl[1].nsucc, bl[1].nsucc = 100), bl[1].nsucc = u);
    MUTATE("ipdom outside its function", (u = bl[1].ipdom, bl[1].ipdom = 0), bl[1].ipdom = u);
    MUTATE("inst block wrong", (u = ins[0].block, ins[0].block = 1), ins[0].block = u);
    MUTATE("unknown class", (c = ins[0].iclass, ins[0].iclass = SIMT_IC_NUM_), ins[0].iclass = c);
    MUTATE("unknown space", (c = ins[0].mspace, ins[0].mspace = 9), ins[0].mspace = c);
    MUTATE("unknown flag", (c = ins[0].flags, ins[0].flags = 0x40), ins[0].flags = c);
    MUTATE("too many sources", (c = ins[0].nsrc, ins[0].nsrc = SIMT_MAX_SRCS + 1), ins[0].nsrc = c);
    MUTATE("register out of range", (u = ins[0].dst, ins[0].dst = b.p.nregs + 1), ins[0].dst = u);
    MUTATE("text offset out of range", (u = ins[0].text, ins[0].text = b.p.strings_size),
           ins[0].text = u);
    MUTATE("branch mid-block", (c = ins[0].iclass, ins[0].iclass = SIMT_IC_BRANCH),
           ins[0].iclass = c);
    MUTATE("direct call without callee", (u = ins[1].callee, ins[1].callee = SIMT_NO_FUNC),
           ins[1].callee = u);
    MUTATE("callee out of range", (u = ins[1].callee, ins[1].callee = 99), ins[1].callee = u);
    MUTATE("ret in kernel", (c = ins[4].iclass, ins[4].iclass = SIMT_IC_RET), ins[4].iclass = c);
    MUTATE("cond terminator missing COND", (c = ins[7].flags, ins[7].flags = 0), ins[7].flags = c);
    MUTATE("load without space", (c = ins[5].mspace, ins[5].mspace = SIMT_MS_NONE),
           ins[5].mspace = c);
    MUTATE("load of 0 bytes", (u = ins[5].access_bytes, ins[5].access_bytes = 0),
           ins[5].access_bytes = u);
    MUTATE("VARSIZE on int", (c = ins[6].flags, ins[6].flags = SIMT_IF_VARSIZE), ins[6].flags = c);
    MUTATE("INDIRECT on int", (c = ins[6].flags, ins[6].flags = SIMT_IF_INDIRECT),
           ins[6].flags = c);
    MUTATE("reconv_pc out of range", (u = ins[7].reconv_pc, ins[7].reconv_pc = 1000),
           ins[7].reconv_pc = u);
    MUTATE("GRID on int", (c = ins[6].flags, ins[6].flags = SIMT_IF_GRID), ins[6].flags = c);
    MUTATE("BARDYN on int", (c = ins[6].flags, ins[6].flags = SIMT_IF_BARDYN), ins[6].flags = c);
    MUTATE("barrier count on int", (u = ins[6].bar_count, ins[6].bar_count = 64),
           ins[6].bar_count = u);
    MUTATE("barrier id 16", (u = ins[6].bar_id, ins[6].bar_id = 16), ins[6].bar_id = u);
    TB_OK(simt_program_validate(&b.p));
    TB_CHECK(simt_program_validate(NULL) == SIMT_ERR_INVALID_ARG);
    tb_free(&b);
}

static void case_args(const char *dir)
{
    /* NULL handles are no-ops */
    simt_trace_writer_abort(NULL);
    simt_trace_reader_close(NULL);
    simt_cta_free(NULL);
    simt_cursor_free(NULL);
    TB_CHECK(simt_trace_writer_close(NULL) != SIMT_ERR_OK);
    simt_trace_writer *w = NULL;
    TB_CHECK(simt_trace_writer_open(NULL, NULL, &w) == SIMT_ERR_INVALID_ARG && !w);
    TB_CHECK(simt_trace_writer_open("/nonexistent-dir/x.simtrace", NULL, &w) == SIMT_ERR_IO &&
             strstr(simt_errmsg(), "/nonexistent-dir/x.simtrace.tmp"));
    /* a valid trace, then out-of-range requests */
    char path[1200];
    snprintf(path, sizeof path, "%s/args.simtrace", dir);
    struct tb_prog b;
    const struct tb_exec_ops *ops = tp_build(&b, "loop");
    TB_OK(simt_trace_writer_open(path, NULL, &w));
    uint32_t k = 99;
    TB_OK(simt_trace_writer_add_kernel(w, &b.p, &k));
    TB_CHECK(k == 0);
    struct simt_launch l = {.kernel = 0, .grid = {1, 2, 1}, .block = {4, 2, 1}, .ncta = 2};
    TB_OK(simt_trace_writer_begin_launch(w, &l));
    TB_CHECK(simt_trace_writer_add_kernel(w, &b.p, &k) != SIMT_ERR_OK); /* inside a launch */
    struct tp_params P = {.trip = 2, .stride = 64, .base = SIMT_WIN_GLOBAL_BASE, .nthreads = 8};
    for (uint32_t c = 0; c < 2; c++)
        TB_CHECK(tb_exec_cta(w, &b.p, 0, c, 8, ops, &P, 1, NULL) == 0);
    TB_CHECK(simt_trace_writer_begin_cta(w, 8) != SIMT_ERR_OK); /* a third CTA */
    TB_OK(simt_trace_writer_end_launch(w));
    TB_OK(simt_trace_writer_close(w));
    simt_trace_reader *r = NULL;
    TB_OK(simt_trace_reader_open(path, &r));
    if (r) {
        TB_CHECK(simt_trace_reader_nkernels(r) == 1 && simt_trace_reader_nlaunches(r) == 1);
        TB_CHECK(simt_trace_reader_program(r, 1) == NULL && simt_trace_reader_launch(r, 1) == NULL);
        const struct simt_trace_meta *m = simt_trace_reader_meta(r);
        TB_CHECK(m->argc == 0 && !strcmp(m->producer, "") && !strcmp(m->program, ""));
        const struct simt_launch *rl = simt_trace_reader_launch(r, 0);
        TB_CHECK(rl->grid.y == 2 && rl->block.y == 2 && rl->ncta == 2);
        struct stat st;
        TB_CHECK(stat(path, &st) == 0 && simt_trace_reader_file_bytes(r) == (uint64_t)st.st_size);
        simt_cta *c = NULL;
        TB_CHECK(simt_cta_load(r, 1, 0, &c) == SIMT_ERR_INVALID_ARG && !c);
        TB_CHECK(simt_cta_load(r, 0, 2, &c) == SIMT_ERR_INVALID_ARG && !c);
        TB_OK(simt_cta_load(r, 0, 1, &c));
        if (c) {
            simt_cursor *cur = NULL;
            TB_CHECK(simt_cursor_create(c, 8, &cur) == SIMT_ERR_INVALID_ARG && !cur);
            TB_OK(simt_cursor_create(c, 7, &cur));
            struct simt_event ev;
            TB_CHECK(simt_cursor_next_batch(cur, &ev, 0) < 0);
            int n = 0, k2;
            while ((k2 = simt_cursor_next(cur, &ev)) == 1)
                n++;
            TB_CHECK(k2 == 0 && n > 0);
            TB_CHECK(simt_cursor_next(cur, &ev) == 0 && simt_cursor_next_batch(cur, &ev, 1) == 0);
            /* simt_cursor_prefetch() is only a hint: NULL, an exhausted cursor, and prefetches
             * of both stages before every event change nothing a cursor decodes */
            simt_cursor_prefetch(NULL, 0);
            simt_cursor_prefetch(NULL, 1);
            simt_cursor_prefetch(cur, 0);
            simt_cursor_prefetch(cur, 1);
            TB_OK(simt_cursor_reset(cur, c, 7));
            simt_cursor *ref = NULL;
            TB_OK(simt_cursor_create(c, 7, &ref));
            int same = 1, m = 0, ka, kb;
            struct simt_event ea, eb;
            do {
                simt_cursor_prefetch(cur, m & 1);
                simt_cursor_prefetch(cur, 0);
                ka = simt_cursor_next(cur, &ea);
                kb = simt_cursor_next(ref, &eb);
                same &= ka == kb && (ka != 1 || (ea.pc == eb.pc && ea.depth == eb.depth &&
                                                 ea.addr == eb.addr && ea.succ == eb.succ));
                m++;
            } while (ka == 1 && kb == 1);
            TB_CHECK(same && m == n + 1);
            simt_cursor_free(ref);
            simt_cursor_free(cur);
            simt_cta_free(c);
        }
        simt_trace_reader_close(r);
    }
    tb_free(&b);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: trace_api <case> <scratch-dir>\n");
        return 2;
    }
    mkdir(argv[2], 0777);
    if (!strcmp(argv[1], "names"))
        case_names();
    else if (!strcmp(argv[1], "validate"))
        case_validate();
    else if (!strcmp(argv[1], "args"))
        case_args(argv[2]);
    else {
        fprintf(stderr, "unknown case %s\n", argv[1]);
        return 2;
    }
    if (tb_failures)
        fprintf(stderr, "%d check(s) failed\n", tb_failures);
    return tb_failures ? 1 : 0;
}
