/* trace_badinput.c - hostile and broken inputs: the reader must report a clear error (or,
 * for a change that does not alter the content, give back the same content), never crash
 * or hang. Usage: trace_badinput <case> <scratch-dir>. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trace_programs.h"
#include "trace_testlib.h"

static char dir[1024];

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 0x100000001b3ull;
    return h;
}

/* Opens and decodes everything; returns the error (or OK) and a hash of the content. */
static simt_err walk_all(const char *path, uint64_t *hash)
{
    simt_trace_reader *r = NULL;
    uint64_t h = 0xcbf29ce484222325ull;
    simt_err e = simt_trace_reader_open(path, &r);
    if (e != SIMT_ERR_OK)
        return e;
    if ((e = simt_trace_reader_check_records(r, NULL)) != SIMT_ERR_OK) {
        simt_trace_reader_close(r);
        return e;
    }
    const struct simt_trace_meta *m = simt_trace_reader_meta(r);
    h = fnv(h, m->producer, strlen(m->producer));
    h = fnv(h, m->program, strlen(m->program));
    for (int i = 0; i < m->argc; i++)
        h = fnv(h, m->argv[i], strlen(m->argv[i]) + 1);
    for (uint32_t k = 0; k < simt_trace_reader_nkernels(r); k++) {
        const struct simt_program *p = simt_trace_reader_program(r, k);
        h = fnv(h, p->insts, p->ninsts * sizeof *p->insts);
        h = fnv(h, p->blocks, p->nblocks * sizeof *p->blocks);
        h = fnv(h, p->funcs, p->nfuncs * sizeof *p->funcs);
        h = fnv(h, p->succs, p->nsuccs * sizeof *p->succs);
        h = fnv(h, p->strings, p->strings_size);
        h = fnv(h, p->kernel_name, strlen(p->kernel_name));
        h = fnv(h, &p->nregs, sizeof p->nregs);
    }
    for (uint32_t l = 0; l < simt_trace_reader_nlaunches(r) && e == SIMT_ERR_OK; l++) {
        const struct simt_launch *ln = simt_trace_reader_launch(r, l);
        h = fnv(h, ln, sizeof *ln);
        for (uint64_t c = 0; c < ln->ncta && e == SIMT_ERR_OK; c++) {
            simt_cta *cta;
            if ((e = simt_cta_load(r, l, c, &cta)) != SIMT_ERR_OK)
                break;
            uint64_t ti = simt_cta_thread_instructions(cta);
            h = fnv(h, &ti, sizeof ti);
            for (uint32_t t = 0; t < simt_cta_nthreads(cta) && e == SIMT_ERR_OK; t++) {
                simt_cursor *cur;
                if ((e = simt_cursor_create(cta, t, &cur)) != SIMT_ERR_OK)
                    break;
                struct simt_event ev[64];
                int n;
                while ((n = simt_cursor_next_batch(cur, ev, 64)) > 0)
                    h = fnv(h, ev, (size_t)n * sizeof *ev);
                if (n < 0)
                    e = (simt_err)-n;
                simt_cursor_free(cur);
            }
            simt_cta_free(cta);
        }
    }
    simt_trace_reader_close(r);
    *hash = h;
    return e;
}

static const struct tp_params DEF = {
    .trip = 3, .stride = 256, .base = SIMT_WIN_GLOBAL_BASE, .depth = 2, .seed = 3};

/* a small trace: loop kernel 2 CTAs x 8 threads, calls kernel 1 CTA x 4, switch 1 x 4 */
static void make_small(const char *path)
{
    const char *argv[] = {"small"};
    struct simt_trace_meta meta = {"trace_badinput", "small", 1, argv};
    simt_trace_writer *w = NULL;
    TB_OK(simt_trace_writer_open(path, &meta, &w));
    const char *names[] = {"loop", "calls", "switch"};
    uint32_t grid[] = {2, 1, 1}, block[] = {8, 4, 4};
    for (int i = 0; i < 3; i++) {
        struct tb_prog b;
        const struct tb_exec_ops *ops = tp_build(&b, names[i]);
        uint32_t k;
        TB_OK(simt_trace_writer_add_kernel(w, &b.p, &k));
        struct simt_launch l = {
            .kernel = k, .grid = {grid[i], 1, 1}, .block = {block[i], 1, 1}, .ncta = grid[i]};
        TB_OK(simt_trace_writer_begin_launch(w, &l));
        struct tp_params P = DEF;
        P.nthreads = block[i];
        for (uint32_t c = 0; c < grid[i]; c++)
            TB_CHECK(tb_exec_cta(w, &b.p, (uint32_t)i, c, block[i], ops, &P, 1, NULL) == 0);
        TB_OK(simt_trace_writer_end_launch(w));
        tb_free(&b);
    }
    TB_OK(simt_trace_writer_close(w));
}

static unsigned char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *p = malloc((size_t)sz + 1);
    *n = fread(p, 1, (size_t)sz, f);
    fclose(f);
    return p;
}

static void spit(const char *path, const unsigned char *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(2);
    }
    fclose(f);
}

/* An in-memory file (memfd) with these bytes; returns its /proc path. The loops over
 * thousands of variants use it: writing files would make them I/O-bound. */
static const char *mem_file(const unsigned char *p, size_t n)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("trace-badinput", 0);
        if (fd < 0) {
            perror("memfd_create");
            exit(2);
        }
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) != 0 || (n && pwrite(fd, p, n, 0) != (ssize_t)n)) {
        perror("memfd write");
        exit(2);
    }
    return path;
}

static int case_truncate(const char *good, const char *bad)
{
    size_t n;
    unsigned char *p = slurp(good, &n);
    for (size_t len = 0; len < n; len++) {
        uint64_t h;
        simt_err e = walk_all(mem_file(p, len), &h);
        if (e == SIMT_ERR_OK || !*simt_errmsg()) {
            fprintf(stderr, "truncated to %zu of %zu bytes: no error\n", len, n);
            tb_failures++;
        }
        if (len == n / 2)
            printf("truncated to %zu bytes: %s: %s\n", len, simt_err_name(e), simt_errmsg());
    }
    free(p);
    printf("%zu truncations rejected\n", n);
    return 0;
}

static int case_flip(const char *good, const char *bad)
{
    size_t n;
    unsigned char *p = slurp(good, &n);
    uint64_t h0;
    TB_OK(walk_all(good, &h0));
    unsigned masks[] = {0x01, 0x80, 0xff};
    size_t rejected = 0, same = 0;
    for (size_t off = 0; off < n; off++) {
        for (int m = 0; m < 3; m++) {
            p[off] ^= (unsigned char)masks[m];
            const char *path = mem_file(p, n);
            p[off] ^= (unsigned char)masks[m];
            uint64_t h = 0;
            simt_err e = walk_all(path, &h);
            if (e != SIMT_ERR_OK) {
                rejected++;
                if (!*simt_errmsg()) {
                    fprintf(stderr, "flip at %zu: error without a message\n", off);
                    tb_failures++;
                }
            } else if (h == h0) {
                same++; /* the change did not alter the content */
                if (getenv("TRACE_SHOW_SAME"))
                    printf("unchanged: offset %zu mask 0x%02x\n", off, masks[m]);
            } else {
                fprintf(stderr,
                        "flip 0x%02x at offset %zu of %zu: accepted with different "
                        "content\n",
                        masks[m], off, n);
                tb_failures++;
            }
        }
    }
    printf("%zu flips rejected, %zu left the content unchanged\n", rejected, same);
    free(p);
    return 0;
}

static int case_version(const char *good, const char *bad)
{
    size_t n;
    unsigned char *p = slurp(good, &n);
    p[8] = SIMT_TRACE_VERSION + 1; /* header version field (little-endian u32 at offset 8) */
    spit(bad, p, n);
    uint64_t h;
    simt_err e = walk_all(bad, &h);
    printf("version %d: %s: %s\n", SIMT_TRACE_VERSION + 1, simt_err_name(e), simt_errmsg());
    char want[32];
    snprintf(want, sizeof want, "version %d;", SIMT_TRACE_VERSION + 1);
    TB_CHECK(e == SIMT_ERR_VERSION);
    TB_CHECK(strstr(simt_errmsg(), want) && strstr(simt_errmsg(), SIMT_TRACE_READS));
    free(p);
    return 0;
}

static int case_garbage(const char *good, const char *bad)
{
    uint64_t h;
    simt_err e = walk_all("/nonexistent/trace.simtrace", &h);
    TB_CHECK(e == SIMT_ERR_NOT_FOUND);
    spit(bad, (const unsigned char *)"", 0);
    TB_CHECK(walk_all(bad, &h) == SIMT_ERR_TRUNCATED);
    spit(bad, (const unsigned char *)"hello, world, this is not a trace file at all.....", 50);
    e = walk_all(bad, &h);
    printf("text file: %s: %s\n", simt_err_name(e), simt_errmsg());
    TB_CHECK(e == SIMT_ERR_FORMAT && strstr(simt_errmsg(), "offset 0"));
    /* random bytes after a valid magic */
    unsigned char buf[4096];
    for (int trial = 0; trial < 200; trial++) {
        size_t len = 16 + tb_mix((uint64_t)trial) % (sizeof buf - 16);
        for (size_t i = 0; i < len; i++)
            buf[i] = (unsigned char)tb_mix((uint64_t)trial * 10007 + i);
        memcpy(buf, "SIMTTRC\0\1\0\0\0\0\0\0\0", 16);
        spit(bad, buf, len);
        TB_CHECK(walk_all(bad, &h) != SIMT_ERR_OK);
    }
    (void)good;
    return 0;
}

/* Streams that contradict the program: the cursor names launch/CTA/thread/pc. */
static simt_err write_and_walk(const char *path, const struct simt_program *p, int variant)
{
    simt_trace_writer *w;
    TB_OK(simt_trace_writer_open(path, NULL, &w));
    uint32_t k;
    TB_OK(simt_trace_writer_add_kernel(w, p, &k));
    struct simt_launch l = {.kernel = k, .grid = {1, 1, 1}, .block = {2, 1, 1}, .ncta = 1};
    TB_OK(simt_trace_writer_begin_launch(w, &l));
    TB_OK(simt_trace_writer_begin_cta(w, 2));
    /* the program: entry: load; br cond -> A / B; A: exit; B: exit */
    if (variant == 0) { /* thread 1 gets an extra branch outcome */
        TB_OK(simt_trace_writer_mem(w, 0, 0, SIMT_WIN_GLOBAL_BASE, 0, 4));
        TB_OK(simt_trace_writer_branch(w, 0, 1, 0));
        TB_OK(simt_trace_writer_mem(w, 1, 0, SIMT_WIN_GLOBAL_BASE + 4, 0, 4));
        TB_OK(simt_trace_writer_branch(w, 1, 1, 1));
        TB_OK(simt_trace_writer_branch(w, 1, 1, 1));
    } else if (variant == 1) { /* thread 1 lacks its branch outcome */
        TB_OK(simt_trace_writer_mem(w, 0, 0, SIMT_WIN_GLOBAL_BASE, 0, 4));
        TB_OK(simt_trace_writer_branch(w, 0, 1, 0));
        TB_OK(simt_trace_writer_mem(w, 1, 0, SIMT_WIN_GLOBAL_BASE + 4, 0, 4));
    } else if (variant == 2) { /* thread 0 has two addresses for one load */
        TB_OK(simt_trace_writer_mem(w, 0, 0, SIMT_WIN_GLOBAL_BASE, 0, 4));
        TB_OK(simt_trace_writer_mem(w, 0, 0, SIMT_WIN_GLOBAL_BASE + 8, 0, 4));
        TB_OK(simt_trace_writer_branch(w, 0, 1, 0));
        TB_OK(simt_trace_writer_mem(w, 1, 0, SIMT_WIN_GLOBAL_BASE + 4, 0, 4));
        TB_OK(simt_trace_writer_branch(w, 1, 1, 1));
    } else { /* thread 1 has no address at all */
        TB_OK(simt_trace_writer_mem(w, 0, 0, SIMT_WIN_GLOBAL_BASE, 0, 4));
        TB_OK(simt_trace_writer_branch(w, 0, 1, 0));
        TB_OK(simt_trace_writer_branch(w, 1, 1, 1));
    }
    TB_OK(simt_trace_writer_end_cta(w, 6));
    TB_OK(simt_trace_writer_end_launch(w));
    TB_OK(simt_trace_writer_close(w));
    uint64_t h;
    return walk_all(path, &h);
}

static int case_contradict(const char *good, const char *bad)
{
    struct tb_prog b;
    tb_init(&b, "k");
    tb_func(&b, "k");
    uint32_t e = tb_block(&b);
    tb_inst(&b, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 0, 4, "load");
    tb_inst(&b, SIMT_IC_BRANCH, 0, 0, 0, "br");
    uint32_t a = tb_block(&b);
    tb_inst(&b, SIMT_IC_EXIT, 0, 0, 0, "ret");
    uint32_t c = tb_block(&b);
    tb_inst(&b, SIMT_IC_EXIT, 0, 0, 0, "ret");
    tb_succ(&b, e, a);
    tb_succ(&b, e, c);
    tb_finish(&b);
    const char *expect[] = {"thread 1 pc 3", "thread 1 pc 1", "thread 0 pc 2", "thread 1 pc 0"};
    for (int v = 0; v < 4; v++) {
        simt_err err = write_and_walk(bad, &b.p, v);
        printf("variant %d: %s: %s\n", v, simt_err_name(err), simt_errmsg());
        TB_CHECK(err == SIMT_ERR_FORMAT && strstr(simt_errmsg(), "launch 0 CTA 0") &&
                 strstr(simt_errmsg(), expect[v]));
    }
    tb_free(&b);
    /* a kernel whose entry loops forever without reading the stream: an error, no hang */
    tb_init(&b, "spin");
    tb_func(&b, "spin");
    uint32_t s0 = tb_block(&b);
    tb_inst(&b, SIMT_IC_INT, 0, 0, 0, "add");
    tb_inst(&b, SIMT_IC_BRANCH, 0, 0, 0, "br label %s0");
    tb_succ(&b, s0, s0);
    tb_finish(&b);
    simt_trace_writer *w;
    TB_OK(simt_trace_writer_open(bad, NULL, &w));
    uint32_t k;
    TB_OK(simt_trace_writer_add_kernel(w, &b.p, &k));
    struct simt_launch l = {.kernel = k, .grid = {1, 1, 1}, .block = {1, 1, 1}, .ncta = 1};
    TB_OK(simt_trace_writer_begin_launch(w, &l));
    TB_OK(simt_trace_writer_begin_cta(w, 1));
    TB_OK(simt_trace_writer_end_cta(w, 0));
    TB_OK(simt_trace_writer_end_launch(w));
    TB_OK(simt_trace_writer_close(w));
    uint64_t h;
    simt_err err = walk_all(bad, &h);
    printf("endless loop: %s: %s\n", simt_err_name(err), simt_errmsg());
    TB_CHECK(err == SIMT_ERR_FORMAT && strstr(simt_errmsg(), "no exit"));
    tb_free(&b);
    (void)good;
    return 0;
}

/* Recursion deeper than SIMT_MAX_DEPTH: the writer cannot know, the reader refuses. */
static int case_depth(const char *good, const char *bad)
{
    struct tb_prog b;
    const struct tb_exec_ops *ops = tp_build(&b, "calls");
    simt_trace_writer *w;
    TB_OK(simt_trace_writer_open(bad, NULL, &w));
    uint32_t k;
    TB_OK(simt_trace_writer_add_kernel(w, &b.p, &k));
    struct simt_launch l = {.kernel = k, .grid = {1, 1, 1}, .block = {1, 1, 1}, .ncta = 1};
    TB_OK(simt_trace_writer_begin_launch(w, &l));
    struct tp_params P = DEF;
    P.depth = SIMT_MAX_DEPTH + 5;
    P.nthreads = 1;
    TB_CHECK(tb_exec_cta(w, &b.p, 0, 0, 1, ops, &P, 0, NULL) == 0);
    TB_OK(simt_trace_writer_end_launch(w));
    TB_OK(simt_trace_writer_close(w));
    uint64_t h;
    simt_err e = walk_all(bad, &h);
    printf("too deep: %s: %s\n", simt_err_name(e), simt_errmsg());
    TB_CHECK(e == SIMT_ERR_FORMAT && strstr(simt_errmsg(), "call depth exceeds 4096"));
    tb_free(&b);
    (void)good;
    return 0;
}

static uint32_t crc32_ref(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xffffffffu;
}

static uint64_t le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void put_le(unsigned char *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* A well-formed record the index does not describe (a second header record inserted before
 * the index): opening works, simt_trace_reader_check_records() (simt-trace verify) refuses. */
static int case_extra_record(const char *good, const char *bad)
{
    size_t n;
    unsigned char *p = slurp(good, &n);
    uint64_t index_off = le64(p + n - 32);
    uint64_t meta_len = 16 + le64(p + 16 + 8);
    unsigned char *q = malloc(n + meta_len);
    memcpy(q, p, index_off);
    memcpy(q + index_off, p + 16, meta_len);
    memcpy(q + index_off + meta_len, p + index_off, n - index_off);
    size_t m = n + meta_len;
    put_le(q + m - 32, index_off + meta_len, 8);
    put_le(q + m - 24, m, 8);
    put_le(q + m - 12, crc32_ref(q + m - 32, 20), 4);
    spit(bad, q, m);
    uint64_t h0, h1;
    TB_OK(walk_all(good, &h0));
    TB_CHECK(walk_all(bad, &h1) == SIMT_ERR_FORMAT); /* walk_all checks the records too */
    simt_trace_reader *r = NULL;
    TB_OK(simt_trace_reader_open(bad, &r));
    uint64_t nrec = 0;
    simt_err e = simt_trace_reader_check_records(r, &nrec);
    printf("extra record: %s: %s\n", simt_err_name(e), simt_errmsg());
    TB_CHECK(e == SIMT_ERR_FORMAT && strstr(simt_errmsg(), "holds 2 META"));
    simt_trace_reader_close(r);
    TB_OK(simt_trace_reader_open(good, &r));
    TB_OK(simt_trace_reader_check_records(r, &nrec));
    TB_CHECK(nrec == 15); /* META, 3 KERN, 3 LNCH, 4 CTA_, 3 CTAT, INDX */
    simt_trace_reader_close(r);
    free(p);
    free(q);
    return 0;
}

/* Writer misuse: errors, and nothing at the path afterwards. */
static int case_writer(const char *good, const char *bad)
{
    struct tb_prog b;
    tp_build(&b, "loop");
    simt_trace_writer *w;
    TB_OK(simt_trace_writer_open(bad, NULL, &w));
    uint32_t k;
    TB_OK(simt_trace_writer_add_kernel(w, &b.p, &k));
    struct simt_launch l = {.kernel = k, .grid = {2, 1, 1}, .block = {4, 1, 1}, .ncta = 2};
    TB_CHECK(simt_trace_writer_begin_cta(w, 4) != SIMT_ERR_OK); /* no launch */
    struct simt_launch badl = l;
    badl.ncta = 3;
    TB_CHECK(simt_trace_writer_begin_launch(w, &badl) != SIMT_ERR_OK);
    badl = l;
    badl.kernel = 5;
    TB_CHECK(simt_trace_writer_begin_launch(w, &badl) != SIMT_ERR_OK);
    TB_OK(simt_trace_writer_begin_launch(w, &l));
    TB_CHECK(simt_trace_writer_begin_cta(w, 5) != SIMT_ERR_OK); /* wrong thread count */
    TB_OK(simt_trace_writer_begin_cta(w, 4));
    TB_CHECK(simt_trace_writer_branch(w, 0, 0, 0) != SIMT_ERR_OK); /* pc 0 is no branch */
    TB_CHECK(simt_trace_writer_close(w) != SIMT_ERR_OK);           /* broken: removed */
    struct stat st;
    TB_CHECK(stat(bad, &st) != 0);
    char tmp[1300];
    snprintf(tmp, sizeof tmp, "%s.tmp", bad);
    TB_CHECK(stat(tmp, &st) != 0);
    /* abort leaves nothing either */
    TB_OK(simt_trace_writer_open(bad, NULL, &w));
    TB_CHECK(stat(tmp, &st) == 0);
    simt_trace_writer_abort(w);
    TB_CHECK(stat(tmp, &st) != 0 && stat(bad, &st) != 0);
    /* an invalid program is refused */
    TB_OK(simt_trace_writer_open(bad, NULL, &w));
    struct simt_sinst saved = b.insts[0];
    b.insts[0].iclass = SIMT_IC_BRANCH; /* a branch in the middle of a block */
    TB_CHECK(simt_trace_writer_add_kernel(w, &b.p, &k) == SIMT_ERR_FORMAT);
    printf("invalid program: %s\n", simt_errmsg());
    b.insts[0] = saved;
    TB_OK(simt_program_validate(&b.p));
    simt_trace_writer_abort(w);
    tb_free(&b);
    (void)good;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: trace_badinput <case> <scratch-dir>\n");
        return 2;
    }
    snprintf(dir, sizeof dir, "%s", argv[2]);
    mkdir(dir, 0777);
    char good[1200], bad[1200];
    snprintf(good, sizeof good, "%s/small.simtrace", dir);
    snprintf(bad, sizeof bad, "%s/bad.simtrace", dir);
    make_small(good);
    const char *cs = argv[1];
    if (!strcmp(cs, "truncate"))
        case_truncate(good, bad);
    else if (!strcmp(cs, "flip"))
        case_flip(good, bad);
    else if (!strcmp(cs, "version"))
        case_version(good, bad);
    else if (!strcmp(cs, "garbage"))
        case_garbage(good, bad);
    else if (!strcmp(cs, "contradict"))
        case_contradict(good, bad);
    else if (!strcmp(cs, "extra_record"))
        case_extra_record(good, bad);
    else if (!strcmp(cs, "depth"))
        case_depth(good, bad);
    else if (!strcmp(cs, "writer"))
        case_writer(good, bad);
    else {
        fprintf(stderr, "unknown case %s\n", cs);
        return 2;
    }
    if (tb_failures)
        fprintf(stderr, "%d check(s) failed\n", tb_failures);
    return tb_failures ? 1 : 0;
}
