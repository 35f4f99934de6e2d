/* trace_roundtrip.c - round trips of synthetic streams through the writer and reader.
 * Usage: trace_roundtrip <case> <scratch-dir>; cases are listed in main(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trace_programs.h"
#include "trace_testlib.h"

static char dir[1024];

struct kspec {
    const char *kernel;
    uint32_t grid, block; /* 1-D */
    struct tp_params P;
};

/* Writes one trace with the given launches (kernels added on first use) and checks every
 * CTA of it back. Returns the number of thread-instructions. */
static uint64_t roundtrip(const char *name, const struct kspec *ks, int nk, int interleave,
                          int check)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s.simtrace", dir, name);
    const char *argv[] = {"synthetic", "--case", "roundtrip"};
    struct simt_trace_meta meta = {"trace_roundtrip 1", "synthetic", 3, argv};
    simt_trace_writer *w = NULL;
    TB_OK(simt_trace_writer_open(path, &meta, &w));
    if (!w)
        return 0;
    struct tb_prog *progs = calloc((size_t)nk, sizeof *progs);
    const struct tb_exec_ops **ops = calloc((size_t)nk, sizeof *ops);
    uint32_t *kidx = calloc((size_t)nk, sizeof *kidx);
    struct tb_cta_events **exp = calloc((size_t)nk, sizeof *exp);
    uint64_t total = 0;
    for (int i = 0; i < nk; i++) {
        int found = -1;
        for (int j = 0; j < i && found < 0; j++)
            if (!strcmp(ks[j].kernel, ks[i].kernel))
                found = j;
        if (found >= 0) {
            kidx[i] = kidx[found];
            ops[i] = ops[found];
        } else {
            ops[i] = tp_build(&progs[i], ks[i].kernel);
            TB_OK(simt_trace_writer_add_kernel(w, &progs[i].p, &kidx[i]));
        }
        int src = found >= 0 ? found : i;
        struct simt_launch l = {.kernel = kidx[i],
                                .grid = {ks[i].grid, 1, 1},
                                .block = {ks[i].block, 1, 1},
                                .static_shared_bytes = 4 * ks[i].block,
                                .regs_per_thread = 32,
                                .ncta = ks[i].grid};
        TB_OK(simt_trace_writer_begin_launch(w, &l));
        exp[i] = calloc(ks[i].grid, sizeof **exp);
        struct tp_params P = ks[i].P;
        P.nthreads = ks[i].block;
        for (uint32_t c = 0; c < ks[i].grid; c++) {
            TB_CHECK(tb_exec_cta(w, &progs[src].p, (uint32_t)i, c, ks[i].block, ops[i], &P,
                                 interleave, check ? &exp[i][c] : NULL) == 0);
            total += check ? exp[i][c].total : 0;
        }
        TB_OK(simt_trace_writer_end_launch(w));
    }
    TB_OK(simt_trace_writer_close(w));
    char tmp[1300];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    TB_CHECK(access(tmp, F_OK) != 0);
    if (check) {
        simt_trace_reader *r = NULL;
        TB_OK(simt_trace_reader_open(path, &r));
        if (r) {
            const struct simt_trace_meta *m = simt_trace_reader_meta(r);
            TB_CHECK(!strcmp(m->producer, "trace_roundtrip 1") && m->argc == 3 &&
                     !strcmp(m->argv[2], "roundtrip"));
            TB_CHECK(simt_trace_reader_nlaunches(r) == (uint32_t)nk);
            /* CTAs in a scrambled order: the index allows any */
            for (int i = nk - 1; i >= 0; i--) {
                const struct simt_launch *l = simt_trace_reader_launch(r, (uint32_t)i);
                uint64_t sum = 0;
                for (uint32_t c = 0; c < ks[i].grid; c++)
                    sum += exp[i][c].total;
                TB_CHECK(l && l->thread_instructions == sum && l->kernel == kidx[i] &&
                         l->block.x == ks[i].block && l->static_shared_bytes == 4 * ks[i].block);
                const struct simt_program *p = simt_trace_reader_program(r, kidx[i]);
                int src = i;
                for (int j = 0; j < i; j++)
                    if (!strcmp(ks[j].kernel, ks[i].kernel)) {
                        src = j;
                        break;
                    }
                TB_CHECK(p && p->ninsts == progs[src].p.ninsts &&
                         !memcmp(p->insts, progs[src].p.insts, p->ninsts * sizeof *p->insts) &&
                         !memcmp(p->blocks, progs[src].p.blocks, p->nblocks * sizeof *p->blocks) &&
                         !strcmp(p->kernel_name, progs[src].p.kernel_name) &&
                         p->strings_size == progs[src].p.strings_size);
                for (uint32_t c = ks[i].grid; c-- > 0;)
                    TB_CHECK(tb_check_cta(r, (uint32_t)i, c, &exp[i][c]) == 0);
            }
            simt_trace_reader_close(r);
        }
    }
    for (int i = 0; i < nk; i++) {
        if (exp[i])
            for (uint32_t c = 0; c < ks[i].grid; c++)
                tb_cta_events_free(&exp[i][c]);
        free(exp[i]);
        tb_free(&progs[i]);
    }
    free(exp);
    free(progs);
    free(ops);
    free(kidx);
    return total;
}

static int same_file(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb;
    while (same) {
        int ca = fgetc(fa), cb = fgetc(fb);
        if (ca != cb)
            same = 0;
        if (ca == EOF || cb == EOF)
            break;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

static const struct tp_params DEF = {
    .trip = 6, .stride = 4096, .base = SIMT_WIN_GLOBAL_BASE, .depth = 3, .seed = 1};

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: trace_roundtrip <case> <scratch-dir>\n");
        return 2;
    }
    const char *cs = argv[1];
    snprintf(dir, sizeof dir, "%s", argv[2]);
    mkdir(dir, 0777);
    if (!strcmp(cs, "basic")) {
        struct kspec ks[] = {{"loop", 3, 64, DEF},
                             {"switch", 2, 32, DEF},
                             {"loop", 2, 96, DEF},
                             {"calls", 2, 16, DEF},
                             {"empty", 2, 8, DEF}};
        ks[2].P.seed = 7;
        TB_CHECK(roundtrip("basic", ks, 5, 1, 1) > 0);
    } else if (!strcmp(cs, "cta1")) {
        struct kspec ks[] = {{"loop", 4, 1, DEF}, {"switch", 3, 1, DEF}, {"calls", 1, 1, DEF}};
        TB_CHECK(roundtrip("cta1", ks, 3, 0, 1) > 0);
    } else if (!strcmp(cs, "cta1024")) {
        struct kspec ks[] = {{"loop", 2, 1024, DEF}, {"switch", 1, 1024, DEF}};
        ks[0].P.trip = 3;
        ks[1].P.trip = 2;
        TB_CHECK(roundtrip("cta1024", ks, 2, 1, 1) > 0);
    } else if (!strcmp(cs, "empty")) {
        struct kspec ks[] = {{"empty", 5, 33, DEF}};
        TB_CHECK(roundtrip("empty", ks, 1, 0, 1) == 5 * 33);
    } else if (!strcmp(cs, "deep_calls")) {
        struct kspec ks[] = {{"calls", 2, 8, DEF}};
        ks[0].P.depth = SIMT_MAX_DEPTH - 8; /* up to depth 4091 */
        TB_CHECK(roundtrip("deep_calls", ks, 1, 0, 1) > 0);
    } else if (!strcmp(cs, "addresses")) {
        /* 64-bit addresses, huge strides, memcpy/memset with variable sizes */
        struct kspec ks[] = {{"switch", 3, 64, DEF}, {"loop", 2, 64, DEF}};
        ks[0].P.trip = 40;
        ks[0].P.base = 0x2f0000000000ull;
        ks[1].P.stride = 0x7ffffff0000ull;
        ks[1].P.base = SIMT_WIN_GLOBAL_BASE + 0xfff0000000ull;
        TB_CHECK(roundtrip("addresses", ks, 2, 1, 1) > 0);
    } else if (!strcmp(cs, "many_launches")) {
        enum { N = 300 };
        struct kspec *ks = calloc(N, sizeof *ks);
        const char *names[] = {"loop", "switch", "calls", "empty", "lookup"};
        for (int i = 0; i < N; i++) {
            ks[i] = (struct kspec){names[i % 5], 1 + i % 3, 1 + (uint32_t)(i * 7) % 40, DEF};
            ks[i].P.seed = (uint32_t)i;
            ks[i].P.trip = 1 + i % 3;
        }
        TB_CHECK(roundtrip("many_launches", ks, N, 1, 1) > 0);
        free(ks);
    } else if (!strcmp(cs, "lookup")) {
        /* near-random addresses: the version 2 predictors (bit-packed table indices, a field
         * predicted from its node's address) must round-trip and beat the stride coding,
         * which needs about 1.35 bytes per thread-instruction here (0.58 with them) */
        struct kspec ks[] = {{"lookup", 3, 128, DEF}, {"lookup", 1, 1, DEF}};
        ks[0].P.trip = 40;
        ks[1].P.seed = 5;
        uint64_t n = roundtrip("lookup", ks, 2, 1, 1);
        char path[1200];
        snprintf(path, sizeof path, "%s/lookup.simtrace", dir);
        struct stat st;
        TB_CHECK(n > 0 && stat(path, &st) == 0);
        double bpi = n ? (double)st.st_size / (double)n : 0;
        printf("lookup: %llu thread-instructions, %lld bytes = %.3f bytes/thread-instruction\n",
               (unsigned long long)n, (long long)st.st_size, bpi);
        TB_CHECK(bpi > 0.3 && bpi < 0.8);
    } else if (!strcmp(cs, "determinism")) {
        /* the same events, once with threads interleaved and once thread by thread, give
         * byte-identical files; and writing twice gives the same file again */
        struct kspec ks[] = {{"loop", 3, 64, DEF},
                             {"switch", 2, 32, DEF},
                             {"calls", 1, 16, DEF},
                             {"lookup", 2, 64, DEF}};
        roundtrip("det_a", ks, 4, 1, 0);
        roundtrip("det_b", ks, 4, 0, 0);
        roundtrip("det_c", ks, 4, 1, 0);
        char a[1200], b[1200], c[1200];
        snprintf(a, sizeof a, "%s/det_a.simtrace", dir);
        snprintf(b, sizeof b, "%s/det_b.simtrace", dir);
        snprintf(c, sizeof c, "%s/det_c.simtrace", dir);
        TB_CHECK(same_file(a, b));
        TB_CHECK(same_file(a, c));
    } else {
        fprintf(stderr, "unknown case %s\n", cs);
        return 2;
    }
    if (tb_failures)
        fprintf(stderr, "%d check(s) failed\n", tb_failures);
    return tb_failures ? 1 : 0;
}
