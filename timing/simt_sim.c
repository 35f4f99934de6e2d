/*
 * simt_sim.c - the simt-sim tool: replays traces through the timing model (simt_timing.h).
 *
 *   simt-sim [--config PRESET|FILE] [--set section.key=value]... [--policy NAME]
 *            [--stats-json FILE] [--pc-profile FILE] [--quiet] TRACE...
 *   simt-sim --list-policies | --list-params [--markdown]
 *
 * Exit status: 0 success, 1 error in the input or configuration (message on stderr), 2 usage,
 * 3 the model itself failed: a deadlock (watchdog) or a violated invariant (message on stderr).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#endif

#include <cjson/cJSON.h>

#include "simt_config.h"
#include "simt_policy.h"
#include "simt_stats.h"
#include "simt_timing.h"
#include "simt_trace.h"
#ifdef SIMT_HAVE_MEM
#include "simt_mem.h"
#endif

static void usage(FILE *f)
{
    fprintf(f, "usage: simt-sim [options] TRACE...\n"
               "  --config PRESET|FILE     GPU preset (timing/configs/NAME.ini) or INI file\n"
               "  --set SECTION.KEY=VALUE  override one parameter (repeatable, after --config)\n"
               "  --policy NAME            divergence policy (default pdom; see --list-policies)\n"
               "  --stats-json FILE        write the statistics as one JSON object\n"
               "  --pc-profile FILE        write a CSV row per static instruction: groups issued,\n"
               "                           threads, SIMD efficiency, diverged branch groups\n"
               "  --quiet                  no summary, no progress line\n"
               "  --list-policies          name and description of every policy\n"
               "  --list-params [--markdown]  every configuration parameter\n"
               "  --help\n"
               "Sampling: --set sim.launches=0-9,20 and --set sim.kernels=NAME,... replay only\n"
               "those launches / kernels (docs/TIMING.md, \"Launch sampling\").\n"
               "Exit status: 0 done, 1 bad input or configuration, 2 usage, 3 the model failed\n"
               "(deadlock or internal invariant: please report it with the command line).\n");
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void progress(void *ctx, uint64_t cycle, uint64_t winst, uint64_t done, uint64_t total)
{
    fprintf(stderr, "\rsimt-sim: cycle %llu, %llu warp instructions, CTAs %llu/%llu   ",
            (unsigned long long)cycle, (unsigned long long)winst, (unsigned long long)done,
            (unsigned long long)total);
    fflush(stderr);
}

static double ratio(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : 0.0;
}

/* sim.launches: the launches of each trace that are replayed (kernel sampling). "all", or a
 * comma-separated list of items N, A-B (inclusive) and A- (from A to the last launch). */
#define SEL_MAX 256
struct launch_sel {
    int all;
    uint32_t n;
    uint64_t lo[SEL_MAX], hi[SEL_MAX]; /* hi = UINT64_MAX: to the last launch */
};

static int parse_index(const char **p, uint64_t *out)
{
    const char *q = *p;
    uint64_t v = 0;
    if (*q < '0' || *q > '9')
        return 0;
    for (; *q >= '0' && *q <= '9'; q++) {
        if (v > (UINT64_MAX - 9) / 10)
            return 0;
        v = v * 10 + (uint64_t)(*q - '0');
    }
    *p = q;
    *out = v;
    return 1;
}

static simt_err parse_launches(const char *v, struct launch_sel *sel)
{
    memset(sel, 0, sizeof *sel);
    if (!strcmp(v, "all")) {
        sel->all = 1;
        return SIMT_ERR_OK;
    }
    const char *p = v;
    for (;;) {
        const char *item = p;
        uint64_t lo, hi;
        int ok = parse_index(&p, &lo);
        hi = lo;
        if (ok && *p == '-') {
            p++;
            hi = UINT64_MAX;
            if (*p && *p != ',')
                ok = parse_index(&p, &hi) && hi >= lo;
        }
        ok = ok && (*p == ',' || *p == '\0');
        if (!ok) {
            const char *end = strchr(item, ',');
            int len = end ? (int)(end - item) : (int)strlen(item);
            return simt_seterr(SIMT_ERR_CONFIG,
                               "sim.launches = \"%s\": \"%.*s\" is not a launch index N, a range "
                               "A-B with A <= B, or A- (indices from 0; or \"all\")",
                               v, len, item);
        }
        if (sel->n == SEL_MAX)
            return simt_seterr(SIMT_ERR_CONFIG,
                               "sim.launches = \"%s\": more than %d items; merge them into ranges",
                               v, SEL_MAX);
        sel->lo[sel->n] = lo;
        sel->hi[sel->n] = hi;
        sel->n++;
        if (*p == '\0')
            return SIMT_ERR_OK;
        p++; /* the comma */
    }
}

static int launch_selected(const struct launch_sel *sel, uint32_t l)
{
    if (sel->all)
        return 1;
    for (uint32_t i = 0; i < sel->n; i++)
        if (l >= sel->lo[i] && l <= sel->hi[i])
            return 1;
    return 0;
}

/* Every item must name a launch of the trace: a sample past the end is a mistake (a trace
 * of another size, an off-by-one), not an empty selection. */
static simt_err check_launches(const struct launch_sel *sel, const char *v, const char *trace,
                               uint32_t nl)
{
    for (uint32_t i = 0; !sel->all && i < sel->n; i++)
        if (sel->lo[i] >= nl)
            return simt_seterr(
                SIMT_ERR_CONFIG,
                "%s: sim.launches = \"%s\" selects launch %llu, but the trace has %u "
                "launches (0..%u; simt-trace info lists them)",
                trace, v, (unsigned long long)sel->lo[i], nl, nl ? nl - 1 : 0);
    return SIMT_ERR_OK;
}

/* sim.kernels: does kernel name `item` (the mangled name, or the function's identifier as
 * the Itanium mangling writes it, <length><name>, after _Z or a nested-name prefix) name the
 * kernel whose mangled name is `mangled`? */
static int kernel_matches(const char *item, size_t len, const char *mangled)
{
    if (strlen(mangled) == len && !strncmp(mangled, item, len))
        return 1;
    if (strncmp(mangled, "_Z", 2))
        return 0; /* a C (extern "C") kernel: only its exact name */
    char id[32];
    snprintf(id, sizeof id, "%zu", len);
    const size_t idl = strlen(id);
    for (const char *p = strstr(mangled, id); p; p = strstr(p + 1, id)) {
        if (p > mangled && p[-1] >= '0' && p[-1] <= '9')
            continue; /* the tail of a longer number */
        if (!strncmp(p + idl, item, len))
            return 1;
    }
    return 0;
}

/* sim.kernels (a comma-separated list, or "all") for one trace: sel[k] tells whether kernel k
 * is replayed. Every item must name a kernel of the trace (a typo is an error, not an empty
 * selection); the message lists the trace's kernels. */
static simt_err select_kernels(const char *list, const char *trace, const simt_trace_reader *rd,
                               uint8_t *sel)
{
    const uint32_t nk = simt_trace_reader_nkernels(rd);
    const int all = !strcmp(list, "all");
    memset(sel, all, nk);
    for (const char *p = list; !all && *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        int found = 0;
        for (uint32_t k = 0; k < nk && len; k++) {
            const char *name = simt_trace_reader_program(rd, k)->kernel_name;
            if (name && kernel_matches(p, len, name))
                found = sel[k] = 1;
        }
        if (!found) {
            char names[512] = "";
            for (uint32_t k = 0; k < nk; k++) {
                const char *name = simt_trace_reader_program(rd, k)->kernel_name;
                size_t used = strlen(names);
                if (used + 8 >= sizeof names) {
                    snprintf(names + used, sizeof names - used, " ...");
                    break;
                }
                snprintf(names + used, sizeof names - used, "%s%s", k ? " " : "",
                         name ? name : "?");
            }
            return simt_seterr(SIMT_ERR_CONFIG,
                               "%s: sim.kernels = \"%s\": \"%.*s\" names no kernel of the trace "
                               "(its kernels: %s)",
                               trace, list, (int)len, p, names);
        }
        p += len + (end != NULL);
    }
    return SIMT_ERR_OK;
}

/* The derived figures every "totals" and launch object carries. */
static int add_figures(cJSON *o, uint64_t cycles, uint64_t winst, uint64_t tinst,
                       uint32_t warp_size)
{
    return cJSON_AddNumberToObject(o, "cycles", (double)cycles) &&
           cJSON_AddNumberToObject(o, "warp_instructions", (double)winst) &&
           cJSON_AddNumberToObject(o, "thread_instructions", (double)tinst) &&
           cJSON_AddNumberToObject(o, "ipc", ratio(winst, cycles)) &&
           cJSON_AddNumberToObject(o, "thread_ipc", ratio(tinst, cycles)) &&
           cJSON_AddNumberToObject(o, "simd_efficiency", ratio(tinst, winst * (uint64_t)warp_size));
}

static double counter(const simt_stats *stats, const char *name)
{
    const uint64_t *v = simt_stats_find(stats, name, NULL);
    return v ? (double)*v : 0.0;
}

/* totals.hazards (SM-cycles in which each hazard occurred, seed 003 Fig. 6.1), totals.
 * issue_cycles (scheduler-cycles by class, Fig. 6.2), the replay counts, and totals.memory:
 * the inputs and result of the predicted maximum speedup (seed 003 3.5) and, with the memory
 * hierarchy, its derived figures (docs/MEMORY.md). Whole run: no summing over launches. */
static simt_err add_memory_totals(cJSON *tot, const simt_stats *stats, const simt_config *cfg,
                                  uint64_t cycles)
{
    static const char *const hz[] = {"div", "bank", "mshr", "comq", "rsv"};
    static const char *const cls[] = {"idle", "raw", "stall", "predicted", "issue1", "issue2"};
    char key[96];
    cJSON *h = cJSON_AddObjectToObject(tot, "hazards");
    for (int i = 0; h && i < 5; i++) {
        snprintf(key, sizeof key, "ldst.hazards.%s", hz[i]);
        cJSON_AddNumberToObject(h, hz[i], counter(stats, key));
    }
    cJSON *ic = cJSON_AddObjectToObject(tot, "issue_cycles");
    for (int i = 0; ic && i < 6; i++) {
        snprintf(key, sizeof key, "sched.%s", cls[i]);
        cJSON_AddNumberToObject(ic, cls[i], counter(stats, key));
    }
    cJSON_AddNumberToObject(tot, "replays", counter(stats, "ldst.replays"));
    cJSON_AddNumberToObject(tot, "replays_issued", counter(stats, "ldst.replays_issued"));
    cJSON *m = cJSON_AddObjectToObject(tot, "memory");
    if (!h || !ic || !m)
        return simt_seterr(SIMT_ERR_NOMEM, "--stats-json: out of memory");
    const double nsms = (double)simt_config_int(cfg, "gpu.nsms");
    const double blocked = counter(stats, "collector.mem_blocked");
    const double alu = counter(stats, "units.alu.insts");
    cJSON_AddNumberToObject(m, "collector_blocked_cycles", blocked);
    cJSON_AddNumberToObject(m, "alu_instructions", alu);
#ifdef SIMT_HAVE_MEM
    /* seed 003 3.5 per SM: blocked SM-cycles and ALU instructions averaged over the SMs, at
     * units.alu ALU warp instructions per cycle */
    cJSON_AddNumberToObject(
        m, "predicted_max_speedup",
        simt_mem_predicted_max_speedup(cycles, (uint64_t)(blocked / nsms + 0.5),
                                       (uint64_t)(alu / nsms + 0.5),
                                       (double)simt_config_int(cfg, "units.alu")));
    if (strcmp(simt_config_str(cfg, "memstage.model"), "hierarchy") == 0) {
        struct simt_mem_derived d;
        simt_err e = simt_mem_derive(stats, (uint32_t)nsms,
                                     (uint32_t)simt_config_int(cfg, "gpu.mem_channels"), &d);
        if (e)
            return e;
        cJSON_AddNumberToObject(m, "l1d_hit_rate", d.l1d_hit_rate);
        cJSON_AddNumberToObject(m, "l1d_miss_rate", 1.0 - d.l1d_hit_rate);
        cJSON_AddNumberToObject(m, "l1d_merge_rate", d.l1d_merge_rate);
        cJSON_AddNumberToObject(m, "l1d_rsv_fail_rate", d.l1d_rsv_fail_rate);
        cJSON_AddNumberToObject(m, "l1d_mshr_occupancy", d.l1d_mshr_avg);
        cJSON_AddNumberToObject(m, "l2_hit_rate", d.l2_hit_rate);
        cJSON_AddNumberToObject(m, "l2_miss_rate", 1.0 - d.l2_hit_rate);
        cJSON_AddNumberToObject(m, "icnt_req_utilisation", d.icnt_req_util);
        cJSON_AddNumberToObject(m, "icnt_rep_utilisation", d.icnt_rep_util);
        cJSON_AddNumberToObject(m, "dram_utilisation", d.dram_util);
        cJSON_AddNumberToObject(m, "dram_row_hit_rate", d.dram_row_hit_rate);
        cJSON_AddNumberToObject(m, "latency_avg", d.mem_latency_avg);
    }
#else
    (void)cycles;
    (void)nsms;
#endif
    return SIMT_ERR_OK;
}

/* Seed 000 (Jin), section 6.1, eq. 6.1: the Amdahl estimate of the hybrid-warp-size speedup
 * from the run's own active-thread histogram (stats "active_threads", bin a = warp
 * instructions issued with a active threads):
 *   Speedup_overall = 1 / ((1 - sum_i F_i) + sum_i F_i / S_i)
 * where F_i is the fraction of warp instructions whose active threads fit, once squeezed
 * (threads "distributed optimally", 6.1), in i of the q = warp_size / simd_width quarter-warps
 * (i = ceil(a / simd_width) < q), and S_i = q / i their ideal speedup (the seed's 4, 2, 1.33
 * for q = 4). Equivalently sum_a n_a * q / sum_a n_a * ceil(a / simd_width). 0 when nothing
 * issued; 1 when q == 1. Memory effects and lane conflicts are ignored, as in the seed. */
static double hws_estimated_speedup(const simt_stats *stats, uint32_t warp_size,
                                    uint32_t simd_width)
{
    uint32_t nbins = 0;
    const uint64_t *h = simt_stats_find(stats, "active_threads", &nbins);
    if (!h || simd_width == 0 || warp_size < simd_width)
        return 0.0;
    const uint32_t q = (warp_size + simd_width - 1) / simd_width;
    double total = 0.0, rest = 0.0; /* rest = (1 - sum F_i) + sum F_i / S_i, unnormalised */
    for (uint32_t a = 1; a < nbins; a++) {
        uint32_t i = (a + simd_width - 1) / simd_width;
        if (i > q)
            i = q;
        total += (double)h[a];
        rest += (double)h[a] * (double)i / (double)q;
    }
    return rest > 0.0 ? total / rest : 0.0;
}

static simt_err write_json(const char *path, cJSON *root)
{
    char *text = cJSON_Print(root);
    if (!text)
        return simt_seterr(SIMT_ERR_NOMEM, "--stats-json: out of memory");
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        free(text);
        return simt_seterr(SIMT_ERR_IO, "--stats-json %s: cannot create %s", path, tmp);
    }
    int bad = fputs(text, f) < 0 || fputc('\n', f) == EOF;
    bad |= fclose(f) != 0;
    free(text);
    if (bad || rename(tmp, path) != 0) {
        remove(tmp);
        return simt_seterr(SIMT_ERR_IO, "--stats-json %s: write failed", path);
    }
    return SIMT_ERR_OK;
}

/* --pc-profile: where divergence costs, instruction by instruction. The counts of the
 * launches replayed are summed per kernel of each trace (simt_gpu_pc_profile) and written as
 * CSV rows, one per static instruction that issued, with the source line and the IR text from
 * the trace, to PATH.tmp, renamed to PATH when complete. */
struct pc_profile {
    const char *path;
    char tmp[4096];
    FILE *f;
    uint64_t **acc; /* per kernel of the current trace: 3 counters per pc, or NULL */
    uint32_t *n;    /* their pc counts */
    uint32_t nk;
};

/* s as one CSV field: quoted, inner quotes doubled, line breaks as spaces. */
static void csv_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    }
    fputc('"', f);
}

static simt_err pcp_open(struct pc_profile *p)
{
    snprintf(p->tmp, sizeof p->tmp, "%s.tmp", p->path);
    p->f = fopen(p->tmp, "w");
    if (!p->f)
        return simt_seterr(SIMT_ERR_IO, "--pc-profile %s: cannot create %s", p->path, p->tmp);
    fputs("trace,kernel,pc,source_file,line,class,groups,thread_instructions,simd_efficiency,"
          "diverged,instruction\n",
          p->f);
    return SIMT_ERR_OK;
}

/* A new trace with nk kernels: empty sums. */
static simt_err pcp_trace(struct pc_profile *p, uint32_t nk)
{
    p->acc = calloc(nk ? nk : 1, sizeof *p->acc);
    p->n = calloc(nk ? nk : 1, sizeof *p->n);
    p->nk = nk;
    return p->acc && p->n ? SIMT_ERR_OK : simt_seterr(SIMT_ERR_NOMEM, "out of memory");
}

/* Adds the launch just simulated (of kernel k) to its kernel's sums. */
static simt_err pcp_add(struct pc_profile *p, const simt_gpu *gpu, uint32_t k)
{
    const uint64_t *c;
    const size_t n = simt_gpu_pc_profile(gpu, &c);
    if (k >= p->nk || !n)
        return SIMT_ERR_OK;
    if (!p->acc[k]) {
        p->acc[k] = calloc(3 * n, sizeof **p->acc);
        if (!p->acc[k])
            return simt_seterr(SIMT_ERR_NOMEM, "out of memory");
        p->n[k] = (uint32_t)n;
    }
    for (size_t i = 0; i < 3 * n && i < 3 * (size_t)p->n[k]; i++)
        p->acc[k][i] += c[i];
    return SIMT_ERR_OK;
}

/* Drops the current trace's sums. */
static void pcp_drop(struct pc_profile *p)
{
    for (uint32_t k = 0; k < p->nk; k++)
        free(p->acc[k]);
    free(p->acc);
    free(p->n);
    p->acc = NULL;
    p->n = NULL;
    p->nk = 0;
}

/* Writes the rows of the trace just replayed and drops its sums. */
static void pcp_rows(struct pc_profile *p, const char *trace, const simt_trace_reader *rd,
                     uint32_t warp_size)
{
    for (uint32_t k = 0; k < p->nk; k++) {
        const struct simt_program *P = simt_trace_reader_program(rd, k);
        for (uint32_t pc = 0; P && p->acc[k] && pc < p->n[k] && pc < P->ninsts; pc++) {
            const uint64_t *c = &p->acc[k][3 * (size_t)pc];
            if (!c[0])
                continue;
            const struct simt_sinst *si = &P->insts[pc];
            csv_str(p->f, trace);
            fputc(',', p->f);
            csv_str(p->f, P->kernel_name);
            fprintf(p->f, ",%u,", pc);
            csv_str(p->f, P->source_file);
            fprintf(p->f, ",%u,%s,%llu,%llu,%.4f,%llu,", si->line, simt_iclass_name(si->iclass),
                    (unsigned long long)c[0], (unsigned long long)c[1],
                    (double)c[1] / ((double)c[0] * warp_size), (unsigned long long)c[2]);
            csv_str(p->f, si->text < P->strings_size ? P->strings + si->text : "");
            fputc('\n', p->f);
        }
    }
    pcp_drop(p);
}

/* Closes the file: renamed into place when ok, removed otherwise. */
static simt_err pcp_close(struct pc_profile *p, int ok)
{
    if (!p->f)
        return SIMT_ERR_OK;
    int bad = ferror(p->f) != 0;
    bad |= fclose(p->f) != 0;
    p->f = NULL;
    pcp_drop(p);
    if (!ok || bad || rename(p->tmp, p->path) != 0) {
        remove(p->tmp);
        return ok ? simt_seterr(SIMT_ERR_IO, "--pc-profile %s: write failed", p->path)
                  : SIMT_ERR_OK;
    }
    return SIMT_ERR_OK;
}

static int sim_main(int argc, char **argv, const char **sets, const char **traces)
{
    struct pc_profile pcp = {0};
    const char *config = NULL, *policy_name = "pdom", *json_path = NULL;
    int nsets = 0, ntraces = 0, quiet = 0, list_pol = 0, list_params = 0, markdown = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (!strcmp(a, "--config") && more)
            config = argv[++i];
        else if (!strcmp(a, "--set") && more)
            sets[nsets++] = argv[++i];
        else if (!strcmp(a, "--policy") && more)
            policy_name = argv[++i];
        else if (!strcmp(a, "--stats-json") && more)
            json_path = argv[++i];
        else if (!strcmp(a, "--pc-profile") && more)
            pcp.path = argv[++i];
        else if (!strcmp(a, "--quiet"))
            quiet = 1;
        else if (!strcmp(a, "--list-policies"))
            list_pol = 1;
        else if (!strcmp(a, "--list-params"))
            list_params = 1;
        else if (!strcmp(a, "--markdown"))
            markdown = 1;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "simt-sim: unknown option or missing value: %s\n", a);
            usage(stderr);
            return 2;
        } else
            traces[ntraces++] = a;
    }
    if (list_pol) {
        for (unsigned i = 0; i < simt_policy_count(); i++) {
            const struct simt_policy_ops *p = simt_policy_at(i);
            printf("%-12s %s\n", p->name, p->description ? p->description : "");
        }
        return 0;
    }
    simt_config *cfg = NULL;
    simt_stats *stats = NULL;
    simt_gpu *gpu = NULL;
    cJSON *root = NULL;
    uint8_t *ksel = NULL;  /* sim.kernels of the current trace, by kernel index */
    uint64_t *base = NULL; /* the statistics before the current launch (its deltas) */
    int rc = 1;
    simt_err e = simt_config_create(&cfg);
    if (e)
        goto fail;
    if (list_params) {
        e = simt_config_print_params(cfg, stdout, markdown);
        if (e)
            goto fail;
        rc = 0;
        goto out;
    }
    if (ntraces == 0) {
        fprintf(stderr, "simt-sim: no trace given\n");
        usage(stderr);
        rc = 2;
        goto out;
    }
    if (config && (e = simt_config_load(cfg, config)))
        goto fail;
    for (int i = 0; i < nsets; i++)
        if ((e = simt_config_set(cfg, sets[i])))
            goto fail;
    const char *launches = simt_config_str(cfg, "sim.launches");
    const char *kernels = simt_config_str(cfg, "sim.kernels");
    struct launch_sel sel;
    if ((e = parse_launches(launches, &sel)))
        goto fail;
    const struct simt_policy_ops *pol = simt_policy_find(policy_name);
    if (!pol) {
        fprintf(stderr, "simt-sim: unknown policy '%s'; --list-policies lists them\n", policy_name);
        rc = 2;
        goto out;
    }
    if ((e = simt_stats_create(&stats)) || (e = simt_gpu_create(cfg, pol, stats, &gpu)))
        goto fail;
    if (pcp.path && ((e = simt_gpu_set_pc_profile(gpu, 1)) || (e = pcp_open(&pcp))))
        goto fail;
    int tty = !quiet && isatty(2);
    if (tty)
        simt_gpu_set_progress(gpu, progress, NULL);
    uint32_t warp_size = (uint32_t)simt_config_int(cfg, "core.warp_size");
    root = cJSON_CreateObject();
    cJSON *jtraces = root ? cJSON_AddArrayToObject(root, "traces") : NULL;
    if (!jtraces) {
        e = simt_seterr(SIMT_ERR_NOMEM, "out of memory");
        goto fail;
    }
    cJSON_AddStringToObject(root, "policy", pol->name);
    cJSON_AddStringToObject(root, "gpu", simt_config_str(cfg, "gpu.name"));
    double t0 = now_s(), c0 = cpu_s();
    size_t nv = 0;
    uint64_t tc = 0, tw = 0, tt = 0, nrun_all = 0, nl_all = 0;
    for (int ti = 0; ti < ntraces; ti++) {
        simt_trace_reader *rd = NULL;
        if ((e = simt_trace_reader_open(traces[ti], &rd)))
            goto fail;
        cJSON *jt = cJSON_CreateObject();
        cJSON_AddItemToArray(jtraces, jt);
        cJSON_AddStringToObject(jt, "path", traces[ti]);
        cJSON *jl = cJSON_AddArrayToObject(jt, "launches");
        uint32_t nl = simt_trace_reader_nlaunches(rd), nrun = 0;
        uint8_t *ks = realloc(ksel, simt_trace_reader_nkernels(rd) + 1);
        if (ks)
            ksel = ks;
        else
            e = simt_seterr(SIMT_ERR_NOMEM, "out of memory");
        if (e || (e = check_launches(&sel, launches, traces[ti], nl)) ||
            (e = select_kernels(kernels, traces[ti], rd, ksel)) ||
            (pcp.f && (e = pcp_trace(&pcp, simt_trace_reader_nkernels(rd))))) {
            simt_trace_reader_close(rd);
            goto fail;
        }
        for (uint32_t l = 0; l < nl; l++) {
            if (!launch_selected(&sel, l) || !ksel[simt_trace_reader_launch(rd, l)->kernel])
                continue;
            nrun++;
            nv = simt_stats_nvalues(stats);
            free(base);
            base = calloc(nv ? nv : 1, sizeof *base);
            if (!base) {
                simt_trace_reader_close(rd);
                e = simt_seterr(SIMT_ERR_NOMEM, "out of memory");
                goto fail;
            }
            simt_stats_snapshot(stats, base, nv);
            struct simt_launch_result res;
            e = simt_gpu_run_launch(gpu, rd, l, &res);
            if (e) {
                simt_errprefix("%s", traces[ti]);
                simt_trace_reader_close(rd);
                goto fail;
            }
            const struct simt_launch *L = simt_trace_reader_launch(rd, l);
            const struct simt_program *P = simt_trace_reader_program(rd, L->kernel);
            if (pcp.f && (e = pcp_add(&pcp, gpu, L->kernel))) {
                simt_trace_reader_close(rd);
                goto fail;
            }
            cJSON *o = cJSON_CreateObject();
            cJSON_AddItemToArray(jl, o);
            cJSON_AddNumberToObject(o, "launch", l);
            cJSON_AddStringToObject(o, "kernel", P->kernel_name ? P->kernel_name : "");
            cJSON_AddNumberToObject(o, "ctas", (double)res.ctas);
            add_figures(o, res.cycles, res.warp_instructions, res.thread_instructions, warp_size);
            cJSON *d = simt_stats_to_cjson(stats, base, nv);
            if (d)
                cJSON_AddItemToObject(o, "stats", d);
            tc += res.cycles;
            tw += res.warp_instructions;
            tt += res.thread_instructions;
        }
        cJSON_AddNumberToObject(jt, "launches_in_trace", nl);
        cJSON_AddNumberToObject(jt, "launches_replayed", nrun);
        nrun_all += nrun;
        nl_all += nl;
        if (pcp.f)
            pcp_rows(&pcp, traces[ti], rd, warp_size);
        simt_trace_reader_close(rd);
    }
    double wall = now_s() - t0, cpu = cpu_s() - c0;
    if (tty)
        fprintf(stderr, "\r%70s\r", "");
    cJSON *tot = cJSON_AddObjectToObject(root, "totals");
    add_figures(tot, tc, tw, tt, warp_size);
    /* unit utilisation: occupied unit-cycles / (cycles x units x SMs) */
    cJSON *util = cJSON_AddObjectToObject(tot, "unit_utilisation");
    static const char *const units[] = {"alu", "sfu", "mem", "branch"};
    for (int u = 0; util && u < 4; u++) {
        char key[64];
        snprintf(key, sizeof key, "units.%s.busy", units[u]);
        uint64_t *busy = simt_stats_find(stats, key, NULL);
        snprintf(key, sizeof key, "units.%s", units[u]);
        double cap = (double)tc * (double)simt_config_int(cfg, key) *
                     (double)simt_config_int(cfg, "gpu.nsms");
        cJSON_AddNumberToObject(util, units[u], busy && cap > 0 ? (double)*busy / cap : 0.0);
    }
    const uint32_t simd_width = (uint32_t)simt_config_int(cfg, "core.simd_width");
    const double hws_est = hws_estimated_speedup(stats, warp_size, simd_width);
    cJSON_AddNumberToObject(tot, "hws_estimated_speedup", hws_est);
    e = add_memory_totals(tot, stats, cfg, tc);
    if (e)
        goto fail;
    if (counter(stats, "barriers_runtime_named") > 0)
        fprintf(stderr,
                "simt-sim: warning: %.0f warp-instructions at named barriers whose id or thread "
                "count the program computes at run time; the trace does not record them, so "
                "they were replayed as CTA-wide barriers (docs/TIMING.md, \"CTAs, barriers, "
                "exit\")\n",
                counter(stats, "barriers_runtime_named"));
    cJSON_AddItemToObject(root, "stats", simt_stats_to_cjson(stats, NULL, 0));
    cJSON_AddItemToObject(root, "stat_descriptions", simt_stats_desc_cjson(stats));
    cJSON_AddItemToObject(root, "config", simt_config_to_cjson(cfg));
    const uint64_t *ep;
    size_t nep = simt_gpu_epochs(gpu, &ep);
    if (nep) {
        cJSON *ja = cJSON_AddArrayToObject(root, "epochs");
        for (size_t i = 0; ja && i < nep; i++) {
            cJSON *row = cJSON_CreateObject();
            cJSON_AddNumberToObject(row, "cycle", (double)ep[3 * i]);
            cJSON_AddNumberToObject(row, "warp_instructions", (double)ep[3 * i + 1]);
            cJSON_AddNumberToObject(row, "thread_instructions", (double)ep[3 * i + 2]);
            cJSON_AddItemToArray(ja, row);
        }
    }
    if (json_path && (e = write_json(json_path, root)))
        goto fail;
    if ((e = pcp_close(&pcp, 1)))
        goto fail;
    if (!quiet) {
        printf("simt-sim: %s, policy %s, %d trace(s)\n", simt_config_str(cfg, "gpu.name"),
               pol->name, ntraces);
        if (!sel.all || strcmp(kernels, "all"))
            printf("  launches replayed    %llu of %llu (sim.launches = %s, sim.kernels = %s)\n",
                   (unsigned long long)nrun_all, (unsigned long long)nl_all, launches, kernels);
        printf("  cycles               %llu\n", (unsigned long long)tc);
        printf("  warp instructions    %llu\n", (unsigned long long)tw);
        printf("  thread instructions  %llu\n", (unsigned long long)tt);
        printf("  IPC (warp instr.)    %.4f\n", ratio(tw, tc));
        printf("  SIMD efficiency      %.4f\n", ratio(tt, tw * (uint64_t)warp_size));
        printf("  HWS est. speedup     %.4f (seed 000 eq. 6.1, from the active-thread "
               "histogram)\n",
               hws_est);
        printf("  wall clock           %.3f s, CPU %.3f s (%.2f M warp instructions/s of CPU)\n",
               wall, cpu, cpu > 0 ? tw / cpu / 1e6 : 0.0);
    }
    rc = 0;
    goto out;
fail:
    fprintf(stderr, "simt-sim: %s\n", simt_errmsg()[0] ? simt_errmsg() : simt_err_text(e));
    /* a failure of the model, not of what it was given: scripts (scripts/config-sweep) tell
     * them apart by the status */
    if (e == SIMT_ERR_DEADLOCK || e == SIMT_ERR_INVARIANT)
        rc = 3;
out:
    pcp_close(&pcp, 0); /* (after an error: nothing half-written is left) */
    free(base);
    free(ksel);
    cJSON_Delete(root);
    simt_gpu_free(gpu);
    simt_stats_free(stats);
    simt_config_free(cfg);
    return rc;
}

/* A replay's memory is many small per-thread records (trace cursors, look-ahead rows) touched
 * once each at start-up: on a short run, faulting them in 4 KB pages was a fifth of the CPU
 * time (dwthaar1d: 8.5 K page faults, 0.03 s of 0.13 s). Keep the allocations in the heap
 * (no separate mmap per large array), reserve it in large steps, and ask for transparent huge
 * pages there, so that it faults in 2 MB pages where the kernel allows (THP "madvise" or
 * "always"). Only a hint: nothing depends on it, and other systems skip it. */
static void heap_hugepages(void)
{
#if defined(__linux__) && defined(__GLIBC__) && defined(MADV_HUGEPAGE)
    const size_t step = (size_t)64 << 20, huge = (size_t)2 << 20;
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20); /* freed CTA payloads are reused, not faulted again */
    mallopt(M_TOP_PAD, (int)step);
    void *first = malloc(1); /* grows the heap by the pad */
    char *top = sbrk(0);
    /* only a range inside the brk heap just grown (not, say, a sanitizer's own allocator) */
    if (first && top != (char *)-1 && (char *)first < top &&
        (size_t)(top - (char *)first) <= 2 * step) {
        uintptr_t a = ((uintptr_t)first + huge - 1) & ~(uintptr_t)(huge - 1);
        uintptr_t b = (uintptr_t)top & ~(uintptr_t)(huge - 1);
        if (b > a)
            (void)madvise((void *)a, b - a, MADV_HUGEPAGE);
    }
    free(first);
#endif
}

int main(int argc, char **argv)
{
    heap_hugepages();
    const char **sets = calloc((size_t)argc + 1, sizeof *sets);
    const char **traces = calloc((size_t)argc + 1, sizeof *traces);
    int rc = 1;
    if (sets && traces)
        rc = sim_main(argc, argv, sets, traces);
    else
        fprintf(stderr, "simt-sim: out of memory\n");
    free(sets);
    free(traces);
    return rc;
}
