/* trace_fuzz.c - libFuzzer harness for the trace reader: any byte string must give either a
 * clean error or a fully decodable trace; never a crash, hang, leak or undefined behaviour.
 * Built by tests/traceformat/CMakeLists.txt with ${SIMT_CLANG} -fsanitize=fuzzer,address,
 * undefined into bin/trace-fuzz (with -DTRACE_FUZZING: checksums are not verified, so that
 * mutations reach the parsers); ctest trace.fuzz.reader runs it for 20 s on seeds from real
 * traces (run_fuzz.sh).
 *
 * Two modes, by the first input byte:
 *   'P' : CTA payload mode. Byte 1 picks one of the real CTA payloads written at start-up
 *         (synthetic kernels of trace_programs.c); the rest of the input is XORed onto it
 *         (and appended past its end). The result goes straight to the CTA parser and the
 *         cursors, so mutations explore near-valid decompressed payloads.
 *   else: the input is a whole trace file. */
#include "../../traceformat/trace_reader.c" /* the parser's internals (parse_cta) */

#include <sys/mman.h>

#include "trace_programs.h"
#include "trace_testlib.h"

static void walk_cta(const simt_cta *cta, const struct simt_program *p)
{
    struct simt_event ev[128];
    simt_cursor *cur = NULL;
    for (uint32_t t = 0; t < cta->nthreads; t++) {
        if ((cur ? simt_cursor_reset(cur, cta, t) : simt_cursor_create(cta, t, &cur)) !=
            SIMT_ERR_OK)
            break;
        int n;
        while ((n = simt_cursor_next_batch(cur, ev, 128)) > 0)
            for (int i = 0; i < n; i++)
                if (ev[i].pc >= p->ninsts)
                    __builtin_trap(); /* the cursor must stay inside the program */
    }
    simt_cursor_free(cur);
}

static void walk_file(const char *path)
{
    simt_trace_reader *r = NULL;
    if (simt_trace_reader_open(path, &r) != SIMT_ERR_OK)
        return;
    uint64_t nrec;
    (void)simt_trace_reader_check_records(r, &nrec);
    for (uint32_t l = 0; l < simt_trace_reader_nlaunches(r); l++) {
        const struct simt_launch *ln = simt_trace_reader_launch(r, l);
        const struct simt_program *p = simt_trace_reader_program(r, ln->kernel);
        for (uint64_t c = 0; c < ln->ncta && c < 64; c++) {
            simt_cta *cta;
            if (simt_cta_load(r, l, c, &cta) != SIMT_ERR_OK)
                break;
            walk_cta(cta, p);
            simt_cta_free(cta);
        }
    }
    simt_trace_reader_close(r);
}

static int memfd_path(const uint8_t *data, size_t size, char *path, size_t cap)
{
    int fd = memfd_create("trace-fuzz", 0);
    if (fd < 0)
        return -1;
    size_t done = 0;
    while (done < size) {
        ssize_t k = write(fd, data + done, size - done);
        if (k <= 0)
            break;
        done += (size_t)k;
    }
    if (done != size) {
        close(fd);
        return -1;
    }
    snprintf(path, cap, "/proc/self/fd/%d", fd);
    return fd;
}

/* ---- payload mode ---------------------------------------------------------------------- */

#define NBASE 5
static simt_trace_reader *base_reader; /* kept open: owns the programs */
static struct tbuf base_payload[NBASE];
static uint32_t base_launch[NBASE];
static int nbase;

static void make_bases(void)
{
    const char *kernels[NBASE] = {"loop", "calls", "switch", "empty", "lookup"};
    simt_trace_writer *w;
    /* the writer renames its temporary file: it needs a real path */
    char tmpl[] = "/tmp/trace-fuzz-seed-XXXXXX";
    int tfd = mkstemp(tmpl);
    if (tfd < 0)
        return;
    close(tfd);
    if (simt_trace_writer_open(tmpl, NULL, &w) != SIMT_ERR_OK)
        return;
    for (int i = 0; i < NBASE; i++) {
        struct tb_prog b;
        const struct tb_exec_ops *ops = tp_build(&b, kernels[i]);
        uint32_t k;
        struct tp_params P = {.trip = 3,
                              .stride = 64,
                              .base = SIMT_WIN_GLOBAL_BASE,
                              .nthreads = 8,
                              .depth = 2,
                              .seed = (uint32_t)i};
        struct simt_launch l = {.grid = {1, 1, 1}, .block = {8, 1, 1}, .ncta = 1};
        if (simt_trace_writer_add_kernel(w, &b.p, &k) == SIMT_ERR_OK) {
            l.kernel = k;
            if (simt_trace_writer_begin_launch(w, &l) == SIMT_ERR_OK)
                tb_exec_cta(w, &b.p, (uint32_t)i, 0, 8, ops, &P, 1, NULL);
            simt_trace_writer_end_launch(w);
        }
        tb_free(&b);
    }
    if (simt_trace_writer_close(w) != SIMT_ERR_OK ||
        simt_trace_reader_open(tmpl, &base_reader) != SIMT_ERR_OK) {
        unlink(tmpl);
        return;
    }
    unlink(tmpl); /* the reader keeps its descriptor */
    for (int i = 0; i < NBASE; i++) {
        simt_cta *c;
        if (simt_cta_load(base_reader, (uint32_t)i, 0, &c) != SIMT_ERR_OK)
            continue;
        base_payload[nbase] = c->data; /* take the buffer */
        memset(&c->data, 0, sizeof c->data);
        base_launch[nbase++] = (uint32_t)i;
        simt_cta_free(c);
    }
}

static void fuzz_payload(const uint8_t *data, size_t size)
{
    if (!nbase || size < 2)
        return;
    int which = data[1] % nbase;
    const struct tbuf *bp = &base_payload[which];
    data += 2;
    size -= 2;
    simt_cta *c = calloc(1, sizeof *c);
    if (!c)
        return;
    size_t n = bp->n > size ? bp->n : size;
    /* + the zero padding simt_cta_load() leaves after a payload (64-bit bit-stream reads) */
    if (tbuf_reserve(&c->data, n + TRACE_PAYLOAD_PAD) != SIMT_ERR_OK) {
        simt_cta_free(c);
        return;
    }
    for (size_t i = 0; i < n; i++)
        c->data.p[i] = (uint8_t)((i < bp->n ? bp->p[i] : 0) ^ (i < size ? data[i] : 0));
    memset(c->data.p + n, 0, TRACE_PAYLOAD_PAD);
    c->data.n = n;
    c->version = base_reader->version;
    c->launch = base_launch[which];
    c->cta = 0;
    c->kp = base_reader->kernels[base_reader->launches[c->launch].l.kernel];
    if (parse_cta(base_reader, c, 0) == SIMT_ERR_OK)
        walk_cta(c, &c->kp->p);
    simt_cta_free(c);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    make_bases();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size >= 1 && data[0] == 'P') {
        fuzz_payload(data, size);
        return 0;
    }
    char path[64];
    int fd = memfd_path(data, size, path, sizeof path);
    if (fd < 0)
        return 0;
    walk_file(path);
    close(fd);
    return 0;
}
