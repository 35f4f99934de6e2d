/* simt-trace - inspect, check and compare trace files (docs/TRACE_FORMAT.md, "Tool").
 *
 *   simt-trace info [--json] FILE
 *   simt-trace dump [--launch L] [--cta C] [--thread T] [--limit N] FILE
 *   simt-trace verify FILE
 *   simt-trace diff [--ignore-producer] A B
 *   simt-trace convert IN OUT
 *
 * Exit status: 0 success (diff: equivalent; verify: valid), 1 diff found differences or
 * verify found a problem, 2 usage or read error (info/dump/diff). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_trace.h"

#define BATCH 256

static const char *usage_text =
    "usage:\n"
    "  simt-trace info [--json] FILE\n"
    "      kernels, launches, CTAs, threads, thread- and warp-instructions, instruction mix,\n"
    "      bytes on disk and bytes per thread-instruction\n"
    "  simt-trace dump [--launch L] [--cta C] [--thread T] [--limit N] FILE\n"
    "      readable events with the static instruction's IR text\n"
    "  simt-trace verify FILE\n"
    "      checksums and structural invariants; exit 1 if any fails\n"
    "  simt-trace diff [--ignore-producer] A B\n"
    "      semantic comparison: exit 0 if equivalent, 1 if not, 2 on error\n"
    "  simt-trace convert IN OUT\n"
    "      rewrites a trace (any version this tool reads) in the current format version\n";

static int usage(const char *msg)
{
    if (msg)
        fprintf(stderr, "simt-trace: %s\n", msg);
    fputs(usage_text, stderr);
    return 2;
}

static int open_trace(const char *path, simt_trace_reader **r)
{
    simt_err e = simt_trace_reader_open(path, r);
    if (e != SIMT_ERR_OK) {
        fprintf(stderr, "simt-trace: %s: %s\n", simt_err_name(e), simt_errmsg());
        return -1;
    }
    return 0;
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* one cursor per walk, reset from thread to thread */
static simt_err cursor_for(simt_cursor **cur, const simt_cta *cta, uint32_t tid)
{
    return *cur ? simt_cursor_reset(*cur, cta, tid) : simt_cursor_create(cta, tid, cur);
}

/* ---- info -------------------------------------------------------------------------------- */

struct info_totals {
    uint64_t ctas, threads, tinst, winst, warps;
    uint64_t mix[SIMT_IC_NUM_];
};

/* Decodes one CTA: per-thread counts, class mix; warp-instructions as the sum over warps
 * (32 consecutive linear thread ids) of the max per-thread instruction count. */
static int scan_cta(simt_trace_reader *r, uint32_t l, uint64_t c, const struct simt_program *p,
                    struct info_totals *t)
{
    simt_cta *cta = NULL;
    simt_err e = simt_cta_load(r, l, c, &cta);
    if (e != SIMT_ERR_OK) {
        fprintf(stderr, "simt-trace: %s: %s\n", simt_err_name(e), simt_errmsg());
        return -1;
    }
    struct simt_event ev[BATCH];
    uint32_t n = simt_cta_nthreads(cta);
    uint64_t warp_max = 0;
    int rc = 0;
    simt_cursor *cur = NULL;
    for (uint32_t tid = 0; tid < n && rc == 0; tid++) {
        if (cursor_for(&cur, cta, tid) != SIMT_ERR_OK) {
            fprintf(stderr, "simt-trace: %s\n", simt_errmsg());
            rc = -1;
            break;
        }
        uint64_t cnt = 0;
        int k;
        while ((k = simt_cursor_next_batch(cur, ev, BATCH)) > 0) {
            cnt += (uint64_t)k;
            for (int i = 0; i < k; i++)
                t->mix[p->insts[ev[i].pc].iclass]++;
        }
        if (k < 0) {
            fprintf(stderr, "simt-trace: %s\n", simt_errmsg());
            rc = -1;
        }
        t->tinst += cnt;
        if (cnt > warp_max)
            warp_max = cnt;
        if (tid % 32 == 31 || tid + 1 == n) {
            t->winst += warp_max;
            t->warps++;
            warp_max = 0;
        }
    }
    simt_cursor_free(cur);
    t->threads += n;
    t->ctas++;
    simt_cta_free(cta);
    return rc;
}

static int cmd_info(int argc, char **argv)
{
    int json = 0;
    const char *path = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--json"))
            json = 1;
        else if (argv[i][0] == '-' && argv[i][1])
            return usage("info: unknown option");
        else if (!path)
            path = argv[i];
        else
            return usage("info: one FILE expected");
    }
    if (!path)
        return usage("info: FILE missing");
    simt_trace_reader *r;
    if (open_trace(path, &r))
        return 2;
    struct info_totals t;
    memset(&t, 0, sizeof t);
    uint32_t nl = simt_trace_reader_nlaunches(r), nk = simt_trace_reader_nkernels(r);
    int rc = 0;
    for (uint32_t l = 0; l < nl && rc == 0; l++) {
        const struct simt_launch *ln = simt_trace_reader_launch(r, l);
        const struct simt_program *p = simt_trace_reader_program(r, ln->kernel);
        for (uint64_t c = 0; c < ln->ncta && rc == 0; c++)
            rc = scan_cta(r, l, c, p, &t);
    }
    if (rc) {
        simt_trace_reader_close(r);
        return 2;
    }
    uint64_t bytes = simt_trace_reader_file_bytes(r);
    double bpi = t.tinst ? (double)bytes / (double)t.tinst : 0.0;
    const struct simt_trace_meta *m = simt_trace_reader_meta(r);
    if (json) {
        printf("{\"file\": ");
        json_str(stdout, path);
        printf(", \"format_version\": %u, \"producer\": ", simt_trace_reader_version(r));
        json_str(stdout, m->producer);
        printf(", \"program\": ");
        json_str(stdout, m->program);
        printf(", \"argv\": [");
        for (int i = 0; i < m->argc; i++) {
            printf(i ? ", " : "");
            json_str(stdout, m->argv[i]);
        }
        printf("], \"kernels\": [");
        for (uint32_t k = 0; k < nk; k++) {
            const struct simt_program *p = simt_trace_reader_program(r, k);
            printf(k ? ", " : "");
            printf("{\"name\": ");
            json_str(stdout, p->kernel_name);
            printf(", \"functions\": %u, \"blocks\": %u, \"instructions\": %u}", p->nfuncs,
                   p->nblocks, p->ninsts);
        }
        printf("], \"launches\": %u, \"ctas\": %" PRIu64 ", \"threads\": %" PRIu64
               ", \"warps\": %" PRIu64 ", \"thread_instructions\": %" PRIu64
               ", \"warp_instructions\": %" PRIu64 ", \"bytes\": %" PRIu64
               ", \"bytes_per_thread_instruction\": %.6f, \"mix\": {",
               nl, t.ctas, t.threads, t.warps, t.tinst, t.winst, bytes, bpi);
        int first = 1;
        for (unsigned c = 1; c < SIMT_IC_NUM_; c++) {
            if (!t.mix[c])
                continue;
            printf("%s\"%s\": %" PRIu64, first ? "" : ", ", simt_iclass_name(c), t.mix[c]);
            first = 0;
        }
        printf("}}\n");
    } else {
        printf("file:                 %s\n", path);
        printf("format version:       %u\n", simt_trace_reader_version(r));
        printf("producer:             %s\n", m->producer);
        printf("program:              %s", m->program);
        for (int i = 0; i < m->argc; i++)
            printf("%s%s", i ? " " : " (argv: ", m->argv[i]);
        printf("%s\n", m->argc ? ")" : "");
        printf("kernels:              %u\n", nk);
        for (uint32_t k = 0; k < nk; k++) {
            const struct simt_program *p = simt_trace_reader_program(r, k);
            printf("  [%u] %s: %u functions, %u blocks, %u instructions\n", k, p->kernel_name,
                   p->nfuncs, p->nblocks, p->ninsts);
        }
        printf("launches:             %u\n", nl);
        printf("CTAs:                 %" PRIu64 "\n", t.ctas);
        printf("threads:              %" PRIu64 "\n", t.threads);
        printf("warps (32 threads):   %" PRIu64 "\n", t.warps);
        printf("thread-instructions:  %" PRIu64 "\n", t.tinst);
        printf("warp-instructions:    %" PRIu64 "  (sum over warps of the max per-thread count)\n",
               t.winst);
        printf("bytes on disk:        %" PRIu64 "\n", bytes);
        printf("bytes/thread-instr.:  %.4f\n", bpi);
        printf("instruction mix:\n");
        for (unsigned c = 1; c < SIMT_IC_NUM_; c++)
            if (t.mix[c])
                printf("  %-8s %14" PRIu64 "  %6.2f%%\n", simt_iclass_name(c), t.mix[c],
                       t.tinst ? 100.0 * (double)t.mix[c] / (double)t.tinst : 0.0);
    }
    simt_trace_reader_close(r);
    return 0;
}

/* ---- dump -------------------------------------------------------------------------------- */

static void print_event(FILE *f, const struct simt_program *p, const struct simt_event *e)
{
    const struct simt_sinst *in = &p->insts[e->pc];
    fprintf(f, "pc %u d%u %s", e->pc, e->depth, simt_iclass_name(in->iclass));
    switch (in->iclass) {
    case SIMT_IC_LOAD:
    case SIMT_IC_STORE:
    case SIMT_IC_ATOMIC:
    case SIMT_IC_COPY:
        fprintf(f, " %s 0x%" PRIx64, simt_mspace_name(in->mspace), e->addr);
        if (in->iclass == SIMT_IC_COPY)
            fprintf(f, " 0x%" PRIx64, e->addr2);
        fprintf(f, " size %u", e->size);
        break;
    case SIMT_IC_CALL:
        fprintf(f, " -> %s", p->strings + p->funcs[e->succ].name);
        break;
    default:
        if (p->blocks[in->block].nsucc > 1 &&
            e->pc == p->blocks[in->block].first_pc + p->blocks[in->block].ninst - 1)
            fprintf(f, " succ %u (block %u)", e->succ,
                    p->succs[p->blocks[in->block].succ_first + e->succ]);
    }
    fprintf(f, "  | %s\n", p->strings + in->text);
}

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!s || !*s || *s == '-')
        return -1;
    *v = strtoull(s, &end, 0);
    return *end ? -1 : 0;
}

static int cmd_dump(int argc, char **argv)
{
    const char *path = NULL;
    uint64_t fl = UINT64_MAX, fc = UINT64_MAX, ft = UINT64_MAX, limit = UINT64_MAX;
    for (int i = 0; i < argc; i++) {
        uint64_t *dst = !strcmp(argv[i], "--launch")   ? &fl
                        : !strcmp(argv[i], "--cta")    ? &fc
                        : !strcmp(argv[i], "--thread") ? &ft
                        : !strcmp(argv[i], "--limit")  ? &limit
                                                       : NULL;
        if (dst) {
            if (i + 1 >= argc || parse_u64(argv[i + 1], dst))
                return usage("dump: option needs a number");
            i++;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage("dump: unknown option");
        } else if (!path) {
            path = argv[i];
        } else {
            return usage("dump: one FILE expected");
        }
    }
    if (!path)
        return usage("dump: FILE missing");
    simt_trace_reader *r;
    if (open_trace(path, &r))
        return 2;
    int rc = 0;
    uint32_t nl = simt_trace_reader_nlaunches(r);
    if (fl != UINT64_MAX && fl >= nl) {
        fprintf(stderr, "simt-trace: dump: launch %" PRIu64 " of %u\n", fl, nl);
        simt_trace_reader_close(r);
        return 2;
    }
    const struct simt_trace_meta *m = simt_trace_reader_meta(r);
    printf("# trace %s: producer \"%s\", program \"%s\", %u kernels, %u launches\n", path,
           m->producer, m->program, simt_trace_reader_nkernels(r), nl);
    uint64_t printed = 0;
    struct simt_event ev[BATCH];
    for (uint32_t l = 0; l < nl && rc == 0; l++) {
        if (fl != UINT64_MAX && l != fl)
            continue;
        const struct simt_launch *ln = simt_trace_reader_launch(r, l);
        const struct simt_program *p = simt_trace_reader_program(r, ln->kernel);
        printf("launch %u: kernel %u %s grid %ux%ux%u block %ux%ux%u, %" PRIu64
               " thread-instructions\n",
               l, ln->kernel, p->kernel_name, ln->grid.x, ln->grid.y, ln->grid.z, ln->block.x,
               ln->block.y, ln->block.z, ln->thread_instructions);
        if (fc != UINT64_MAX && fc >= ln->ncta) {
            fprintf(stderr, "simt-trace: dump: CTA %" PRIu64 " of %" PRIu64 " in launch %u\n", fc,
                    ln->ncta, l);
            rc = 2;
            break;
        }
        for (uint64_t c = 0; c < ln->ncta && rc == 0; c++) {
            if (fc != UINT64_MAX && c != fc)
                continue;
            simt_cta *cta;
            simt_err e = simt_cta_load(r, l, c, &cta);
            if (e != SIMT_ERR_OK) {
                fprintf(stderr, "simt-trace: %s: %s\n", simt_err_name(e), simt_errmsg());
                rc = 2;
                break;
            }
            uint32_t n = simt_cta_nthreads(cta);
            printf(" cta %" PRIu64 ": %u threads, %" PRIu64 " thread-instructions\n", c, n,
                   simt_cta_thread_instructions(cta));
            for (uint32_t t = 0; t < n && rc == 0; t++) {
                if (ft != UINT64_MAX && t != ft)
                    continue;
                simt_cursor *cur;
                if (simt_cursor_create(cta, t, &cur) != SIMT_ERR_OK) {
                    fprintf(stderr, "simt-trace: %s\n", simt_errmsg());
                    rc = 2;
                    break;
                }
                printf("  thread %u\n", t);
                uint64_t i = 0;
                int k;
                while ((k = simt_cursor_next_batch(cur, ev, BATCH)) > 0) {
                    for (int j = 0; j < k; j++, i++) {
                        if (printed >= limit)
                            continue;
                        printf("   L%u C%" PRIu64 " T%u #%" PRIu64 " ", l, c, t, i);
                        print_event(stdout, p, &ev[j]);
                        printed++;
                    }
                }
                if (k < 0) {
                    fprintf(stderr, "simt-trace: %s\n", simt_errmsg());
                    rc = 2;
                }
                simt_cursor_free(cur);
            }
            simt_cta_free(cta);
        }
    }
    simt_trace_reader_close(r);
    return rc;
}

/* ---- verify ------------------------------------------------------------------------------ */

static uint64_t verify_problems, verify_notes;

static void problem(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void problem(const char *fmt, ...)
{
    if (verify_problems < 20) {
        va_list ap;
        va_start(ap, fmt);
        fputs("verify: ", stdout);
        vprintf(fmt, ap);
        fputc('\n', stdout);
        va_end(ap);
    }
    verify_problems++;
}

static int space_ok(unsigned declared, uint64_t a)
{
    enum simt_mspace s = simt_addr_space(a);
    if (declared == SIMT_MS_GENERIC)
        return s != SIMT_MS_NONE;
    if (declared == SIMT_MS_TEXTURE)
        return s == SIMT_MS_GLOBAL;
    return s == (enum simt_mspace)declared;
}

static void verify_cta(simt_trace_reader *r, uint32_t l, uint64_t c, const struct simt_program *p,
                       uint64_t *launch_sum)
{
    simt_cta *cta;
    simt_err e = simt_cta_load(r, l, c, &cta);
    if (e != SIMT_ERR_OK) {
        problem("%s: %s", simt_err_name(e), simt_errmsg());
        return;
    }
    struct simt_event ev[BATCH];
    uint32_t n = simt_cta_nthreads(cta);
    uint64_t sum = 0, bar_min = UINT64_MAX, bar_max = 0;
    uint32_t t_min = 0, t_max = 0;
    simt_cursor *cur = NULL;
    for (uint32_t t = 0; t < n; t++) {
        if (cursor_for(&cur, cta, t) != SIMT_ERR_OK) {
            problem("%s", simt_errmsg());
            continue;
        }
        uint64_t cnt = 0, bars = 0;
        int k;
        while ((k = simt_cursor_next_batch(cur, ev, BATCH)) > 0) {
            for (int i = 0; i < k; i++) {
                const struct simt_sinst *in = &p->insts[ev[i].pc];
                /* every thread of the CTA meets each CTA-wide (or grid-wide) barrier; a
                 * barrier with a thread count (bar.sync id, n) or one computed at run time
                 * waits for some threads only, and libcu++'s waits use one per warp */
                if (in->iclass == SIMT_IC_BARRIER && in->bar_count == 0 &&
                    !(in->flags & SIMT_IF_BARDYN))
                    bars++;
                if (in->iclass == SIMT_IC_LOAD || in->iclass == SIMT_IC_STORE ||
                    in->iclass == SIMT_IC_ATOMIC || in->iclass == SIMT_IC_COPY) {
                    if (!space_ok(in->mspace, ev[i].addr))
                        problem("launch %u CTA %" PRIu64 " thread %u event %" PRIu64
                                " pc %u: address 0x%" PRIx64 " is in %s memory, the "
                                "instruction declares %s",
                                l, c, t, cnt + (uint64_t)i, ev[i].pc, ev[i].addr,
                                simt_mspace_name(simt_addr_space(ev[i].addr)),
                                simt_mspace_name(in->mspace));
                    if (ev[i].addr2 && simt_addr_space(ev[i].addr2) == SIMT_MS_NONE)
                        problem("launch %u CTA %" PRIu64 " thread %u event %" PRIu64
                                " pc %u: source address 0x%" PRIx64 " is in no memory space",
                                l, c, t, cnt + (uint64_t)i, ev[i].pc, ev[i].addr2);
                }
            }
            cnt += (uint64_t)k;
        }
        if (k < 0)
            problem("%s", simt_errmsg());
        sum += cnt;
        if (bars < bar_min)
            bar_min = bars, t_min = t;
        if (bars > bar_max)
            bar_max = bars, t_max = t;
    }
    simt_cursor_free(cur);
    /* Threads that pass fewer CTA-wide barriers than others exited before the rest (`if (i >=
     * n) return;` ahead of a __syncthreads()): the Programming Guide leaves it undefined, but
     * GPUs count only live threads at a barrier, real programs rely on it, and the tracer and
     * the timing model do the same. A note, not a problem. */
    if (bar_min != bar_max && verify_notes++ < 20)
        printf("verify: note: launch %u CTA %" PRIu64 ": thread %u passes %" PRIu64
               " CTA-wide barriers, thread %u %" PRIu64
               " (threads that exit early leave the later barriers to the others)\n",
               l, c, t_min, bar_min, t_max, bar_max);
    if (sum != simt_cta_thread_instructions(cta))
        problem("launch %u CTA %" PRIu64 ": the threads execute %" PRIu64
                " instructions, the CTA record says %" PRIu64,
                l, c, sum, simt_cta_thread_instructions(cta));
    *launch_sum += simt_cta_thread_instructions(cta);
    simt_cta_free(cta);
}

static int cmd_verify(int argc, char **argv)
{
    if (argc != 1 || argv[0][0] == '-')
        return usage("verify: one FILE expected");
    simt_trace_reader *r;
    simt_err e = simt_trace_reader_open(argv[0], &r);
    if (e != SIMT_ERR_OK) {
        printf("verify: %s: %s\n", simt_err_name(e), simt_errmsg());
        printf("verify: %s: INVALID\n", argv[0]);
        return 1;
    }
    uint32_t nl = simt_trace_reader_nlaunches(r);
    uint64_t ctas = 0, tinst = 0, nrec = 0;
    e = simt_trace_reader_check_records(r, &nrec);
    if (e != SIMT_ERR_OK)
        problem("%s: %s", simt_err_name(e), simt_errmsg());
    for (uint32_t l = 0; l < nl; l++) {
        const struct simt_launch *ln = simt_trace_reader_launch(r, l);
        const struct simt_program *p = simt_trace_reader_program(r, ln->kernel);
        uint64_t sum = 0;
        for (uint64_t c = 0; c < ln->ncta; c++, ctas++)
            verify_cta(r, l, c, p, &sum);
        if (sum != ln->thread_instructions)
            problem("launch %u: its CTAs record %" PRIu64
                    " thread-instructions, the launch record says %" PRIu64,
                    l, sum, ln->thread_instructions);
        tinst += sum;
    }
    simt_trace_reader_close(r);
    if (verify_problems) {
        printf("verify: %s: INVALID (%" PRIu64 " problem%s)\n", argv[0], verify_problems,
               verify_problems == 1 ? "" : "s");
        return 1;
    }
    printf("verify: %s: OK (%" PRIu64 " records, %u launches, %" PRIu64 " CTAs, %" PRIu64
           " thread-instructions)\n",
           argv[0], nrec, nl, ctas, tinst);
    return 0;
}

/* ---- diff -------------------------------------------------------------------------------- */

static uint64_t ndiff;
static int shown_event_diff;

static void diff_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void diff_note(const char *fmt, ...)
{
    if (ndiff < 10) {
        va_list ap;
        va_start(ap, fmt);
        fputs("diff: ", stdout);
        vprintf(fmt, ap);
        fputc('\n', stdout);
        va_end(ap);
    }
    ndiff++;
}

static int same_str(const char *a, const char *b)
{
    return !strcmp(a ? a : "", b ? b : "");
}

static int same_program(const struct simt_program *a, const struct simt_program *b)
{
    return same_str(a->kernel_name, b->kernel_name) && same_str(a->source_file, b->source_file) &&
           a->nfuncs == b->nfuncs && a->nblocks == b->nblocks && a->ninsts == b->ninsts &&
           a->nsuccs == b->nsuccs && a->strings_size == b->strings_size && a->nregs == b->nregs &&
           !memcmp(a->funcs, b->funcs, a->nfuncs * sizeof *a->funcs) &&
           !memcmp(a->blocks, b->blocks, a->nblocks * sizeof *a->blocks) &&
           !memcmp(a->insts, b->insts, a->ninsts * sizeof *a->insts) &&
           !memcmp(a->succs, b->succs, a->nsuccs * sizeof *a->succs) &&
           !memcmp(a->strings, b->strings, a->strings_size);
}

static int same_event(const struct simt_event *a, const struct simt_event *b)
{
    return a->pc == b->pc && a->depth == b->depth && a->addr == b->addr && a->addr2 == b->addr2 &&
           a->size == b->size && a->succ == b->succ;
}

#define CTX 3

/* Compares one thread's streams; returns 0 same, 1 different, -1 error. */
static int diff_thread(const simt_cta *ca, const simt_cta *cb, const struct simt_program *p,
                       uint32_t l, uint64_t c, uint32_t t)
{
    simt_cursor *xa = NULL, *xb = NULL;
    if (simt_cursor_create(ca, t, &xa) != SIMT_ERR_OK ||
        simt_cursor_create(cb, t, &xb) != SIMT_ERR_OK) {
        fprintf(stderr, "simt-trace: %s\n", simt_errmsg());
        simt_cursor_free(xa);
        return -1;
    }
    struct simt_event hist[CTX];
    uint64_t i = 0;
    int rc = 0;
    for (;;) {
        struct simt_event ea, eb;
        int ka = simt_cursor_next(xa, &ea), kb = simt_cursor_next(xb, &eb);
        if (ka < 0 || kb < 0) {
            fprintf(stderr, "simt-trace: %s: %s\n", ka < 0 ? "A" : "B", simt_errmsg());
            rc = -1;
            break;
        }
        if (ka == 0 && kb == 0)
            break;
        if (ka != kb || !same_event(&ea, &eb)) {
            if (!shown_event_diff) {
                shown_event_diff = 1;
                printf("diff: first difference: launch %u CTA %" PRIu64 " thread %u event %" PRIu64
                       "\n",
                       l, c, t, i);
                uint64_t from = i > CTX ? i - CTX : 0;
                for (uint64_t j = from; j < i; j++) {
                    printf("    #%" PRIu64 "   ", j);
                    print_event(stdout, p, &hist[j % CTX]);
                }
                printf("  A #%" PRIu64 "   ", i);
                if (ka)
                    print_event(stdout, p, &ea);
                else
                    printf("(thread exited)\n");
                printf("  B #%" PRIu64 "   ", i);
                if (kb)
                    print_event(stdout, p, &eb);
                else
                    printf("(thread exited)\n");
            } else {
                diff_note("launch %u CTA %" PRIu64 " thread %u differs from event %" PRIu64, l, c,
                          t, i);
                ndiff--; /* counted below */
            }
            ndiff++;
            rc = 1;
            break;
        }
        hist[i % CTX] = ea;
        i++;
    }
    simt_cursor_free(xa);
    simt_cursor_free(xb);
    return rc;
}

static int cmd_diff(int argc, char **argv)
{
    int ignore_producer = 0;
    const char *pa = NULL, *pb = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--ignore-producer"))
            ignore_producer = 1;
        else if (argv[i][0] == '-' && argv[i][1])
            return usage("diff: unknown option");
        else if (!pa)
            pa = argv[i];
        else if (!pb)
            pb = argv[i];
        else
            return usage("diff: two FILEs expected");
    }
    if (!pa || !pb)
        return usage("diff: two FILEs expected");
    simt_trace_reader *ra, *rb;
    if (open_trace(pa, &ra))
        return 2;
    if (open_trace(pb, &rb)) {
        simt_trace_reader_close(ra);
        return 2;
    }
    int rc = 0;
    if (!ignore_producer) {
        const struct simt_trace_meta *ma = simt_trace_reader_meta(ra),
                                     *mb = simt_trace_reader_meta(rb);
        if (!same_str(ma->producer, mb->producer))
            diff_note("producer: \"%s\" vs \"%s\"", ma->producer, mb->producer);
        if (!same_str(ma->program, mb->program))
            diff_note("program: \"%s\" vs \"%s\"", ma->program, mb->program);
        int same_argv = ma->argc == mb->argc;
        for (int i = 0; same_argv && i < ma->argc; i++)
            same_argv = same_str(ma->argv[i], mb->argv[i]);
        if (!same_argv)
            diff_note("argv differs (%d vs %d arguments)", ma->argc, mb->argc);
    }
    uint32_t nk = simt_trace_reader_nkernels(ra);
    if (nk != simt_trace_reader_nkernels(rb))
        diff_note("kernels: %u vs %u", nk, simt_trace_reader_nkernels(rb));
    for (uint32_t k = 0; k < nk && k < simt_trace_reader_nkernels(rb); k++)
        if (!same_program(simt_trace_reader_program(ra, k), simt_trace_reader_program(rb, k)))
            diff_note("kernel %u (%s): static programs differ", k,
                      simt_trace_reader_program(ra, k)->kernel_name);
    uint32_t nl = simt_trace_reader_nlaunches(ra);
    if (nl != simt_trace_reader_nlaunches(rb))
        diff_note("launches: %u vs %u", nl, simt_trace_reader_nlaunches(rb));
    for (uint32_t l = 0; l < nl && l < simt_trace_reader_nlaunches(rb) && rc >= 0; l++) {
        const struct simt_launch *la = simt_trace_reader_launch(ra, l),
                                 *lb = simt_trace_reader_launch(rb, l);
        if (memcmp(la, lb, sizeof *la) != 0) {
            diff_note("launch %u: records differ (kernel %u/%u, grid %ux%ux%u/%ux%ux%u, block "
                      "%ux%ux%u/%ux%ux%u, %" PRIu64 "/%" PRIu64 " thread-instructions)",
                      l, la->kernel, lb->kernel, la->grid.x, la->grid.y, la->grid.z, lb->grid.x,
                      lb->grid.y, lb->grid.z, la->block.x, la->block.y, la->block.z, lb->block.x,
                      lb->block.y, lb->block.z, la->thread_instructions, lb->thread_instructions);
            if (la->ncta != lb->ncta || la->kernel != lb->kernel || la->block.x != lb->block.x ||
                la->block.y != lb->block.y || la->block.z != lb->block.z)
                continue; /* streams not comparable */
        }
        const struct simt_program *p = simt_trace_reader_program(ra, la->kernel);
        if (la->kernel >= nk || la->kernel >= simt_trace_reader_nkernels(rb) ||
            !same_program(p, simt_trace_reader_program(rb, lb->kernel)))
            continue;
        for (uint64_t c = 0; c < la->ncta && rc >= 0; c++) {
            simt_cta *ca = NULL, *cb = NULL;
            if (simt_cta_load(ra, l, c, &ca) != SIMT_ERR_OK ||
                simt_cta_load(rb, l, c, &cb) != SIMT_ERR_OK) {
                fprintf(stderr, "simt-trace: %s\n", simt_errmsg());
                simt_cta_free(ca);
                rc = -1;
                break;
            }
            for (uint32_t t = 0; t < simt_cta_nthreads(ca) && rc >= 0; t++)
                if (diff_thread(ca, cb, p, l, c, t) < 0)
                    rc = -1;
            simt_cta_free(ca);
            simt_cta_free(cb);
        }
    }
    simt_trace_reader_close(ra);
    simt_trace_reader_close(rb);
    if (rc < 0)
        return 2;
    if (ndiff) {
        printf("diff: %s and %s differ: %" PRIu64 " difference%s (metadata items, launches and "
               "threads)\n",
               pa, pb, ndiff, ndiff == 1 ? "" : "s");
        return 1;
    }
    printf("diff: %s and %s are equivalent\n", pa, pb);
    return 0;
}

/* ---- convert ----------------------------------------------------------------------------- */

/* Replays every thread's decoded events into a writer: what the static program cannot tell
 * (branch outcomes, indirect callees, addresses) is exactly what the events carry. */
static simt_err convert_cta(simt_trace_reader *r, simt_trace_writer *w, uint32_t l, uint64_t c,
                            const struct simt_program *p, simt_cursor **cur)
{
    simt_cta *cta;
    SIMT_TRY(simt_cta_load(r, l, c, &cta));
    uint32_t nt = simt_cta_nthreads(cta);
    simt_err e = simt_trace_writer_begin_cta(w, nt);
    struct simt_event evs[BATCH];
    for (uint32_t t = 0; t < nt && e == SIMT_ERR_OK; t++) {
        if ((e = cursor_for(cur, cta, t)) != SIMT_ERR_OK)
            break;
        int n;
        while (e == SIMT_ERR_OK && (n = simt_cursor_next_batch(*cur, evs, BATCH)) != 0) {
            if (n < 0) {
                e = (simt_err)-n;
                break;
            }
            for (int i = 0; i < n && e == SIMT_ERR_OK; i++) {
                const struct simt_event *ev = &evs[i];
                const struct simt_sinst *in = &p->insts[ev->pc];
                switch (in->iclass) {
                case SIMT_IC_LOAD:
                case SIMT_IC_STORE:
                case SIMT_IC_ATOMIC:
                case SIMT_IC_COPY:
                    e = simt_trace_writer_mem(w, t, ev->pc, ev->addr, ev->addr2, ev->size);
                    break;
                case SIMT_IC_CALL:
                    if (in->flags & SIMT_IF_INDIRECT)
                        e = simt_trace_writer_icall(w, t, ev->pc, ev->succ);
                    break;
                default:
                    break;
                }
                if (e == SIMT_ERR_OK && (in->flags & SIMT_IF_COND))
                    e = simt_trace_writer_branch(w, t, ev->pc, ev->succ);
            }
        }
    }
    if (e == SIMT_ERR_OK)
        e = simt_trace_writer_end_cta(w, simt_cta_thread_instructions(cta));
    simt_cta_free(cta);
    return e;
}

static int cmd_convert(int argc, char **argv)
{
    if (argc != 2)
        return usage("convert: IN and OUT expected");
    simt_trace_reader *r;
    if (open_trace(argv[0], &r))
        return 2;
    simt_trace_writer *w = NULL;
    simt_cursor *cur = NULL;
    simt_err e = simt_trace_writer_open(argv[1], simt_trace_reader_meta(r), &w);
    uint32_t nk = simt_trace_reader_nkernels(r), nl = simt_trace_reader_nlaunches(r);
    /* kernels first (the reader does not tell where between launches they were added) */
    for (uint32_t k = 0; k < nk && e == SIMT_ERR_OK; k++) {
        uint32_t idx;
        e = simt_trace_writer_add_kernel(w, simt_trace_reader_program(r, k), &idx);
    }
    for (uint32_t l = 0; l < nl && e == SIMT_ERR_OK; l++) {
        const struct simt_launch *ln = simt_trace_reader_launch(r, l);
        const struct simt_program *p = simt_trace_reader_program(r, ln->kernel);
        e = simt_trace_writer_begin_launch(w, ln);
        for (uint64_t c = 0; c < ln->ncta && e == SIMT_ERR_OK; c++)
            e = convert_cta(r, w, l, c, p, &cur);
        if (e == SIMT_ERR_OK)
            e = simt_trace_writer_end_launch(w);
    }
    simt_cursor_free(cur);
    simt_trace_reader_close(r);
    if (e == SIMT_ERR_OK) {
        e = simt_trace_writer_close(w);
    } else {
        const char *msg = simt_errmsg();
        fprintf(stderr, "simt-trace: convert: %s: %s\n", simt_err_name(e), msg);
        simt_trace_writer_abort(w);
        return 2;
    }
    if (e != SIMT_ERR_OK) {
        fprintf(stderr, "simt-trace: convert: %s: %s\n", simt_err_name(e), simt_errmsg());
        return 2;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(NULL);
    const char *cmd = argv[1];
    if (!strcmp(cmd, "info"))
        return cmd_info(argc - 2, argv + 2);
    if (!strcmp(cmd, "dump"))
        return cmd_dump(argc - 2, argv + 2);
    if (!strcmp(cmd, "verify"))
        return cmd_verify(argc - 2, argv + 2);
    if (!strcmp(cmd, "diff"))
        return cmd_diff(argc - 2, argv + 2);
    if (!strcmp(cmd, "convert"))
        return cmd_convert(argc - 2, argv + 2);
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        fputs(usage_text, stdout);
        return 0;
    }
    return usage("unknown command");
}
