/*
 * test_tracer.c - tests of the tracer engine (tracer/simt_tracer.h).
 * Usage: test_tracer <case> <bitcode-or-ir> [more files...]
 * Each case loads the kernel image, runs it through the public API and checks results
 * computed independently on the host. Trace cases also read the trace back.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simt_tracer.h"

static int failures;
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);               \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)
#define TRY(expr)                                                                                  \
    do {                                                                                           \
        simt_err e_ = (expr);                                                                      \
        if (e_) {                                                                                  \
            fprintf(stderr, "%s:%d: %s -> %s: %s\n", __FILE__, __LINE__, #expr, simt_err_name(e_), \
                    simt_errmsg());                                                                \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static void *load_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *p = malloc((size_t)n + 1);
    if (!p || fread(p, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "%s: read error\n", path);
        exit(1);
    }
    fclose(f);
    *size = (size_t)n;
    return p;
}

static simt_module *load_module(simt_device *d, const char *path)
{
    size_t n;
    void *img = load_file(path, &n);
    simt_module *m;
    TRY(simt_module_load(d, img, n, path, &m));
    free(img);
    return m;
}

static simt_device *new_device(const char *trace, enum simt_fma_mode fma)
{
    struct simt_device_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.trace_path = trace;
    cfg.launch_last = UINT64_MAX;
    cfg.fma = fma;
    simt_device *d;
    TRY(simt_device_create(&cfg, &d));
    return d;
}

static uint64_t dalloc(simt_device *d, uint64_t bytes, void **host)
{
    uint64_t a;
    TRY(simt_dev_malloc(d, bytes, &a));
    *host = simt_dev_host_ptr(d, a);
    return a;
}

static struct simt_dim3 dim(uint32_t x, uint32_t y, uint32_t z)
{
    struct simt_dim3 r = {x, y, z};
    return r;
}

/* Reads trace `path`; returns total thread-instructions walked by cursors (and checks the
 * per-CTA counts agree with the walk). */
static uint64_t walk_trace(const char *path, uint32_t *nlaunches)
{
    simt_trace_reader *r;
    TRY(simt_trace_reader_open(path, &r));
    uint64_t total = 0;
    *nlaunches = simt_trace_reader_nlaunches(r);
    for (uint32_t l = 0; l < *nlaunches; l++) {
        const struct simt_launch *la = simt_trace_reader_launch(r, l);
        for (uint64_t c = 0; c < la->ncta; c++) {
            simt_cta *cta;
            TRY(simt_cta_load(r, l, c, &cta));
            uint64_t sum = 0;
            for (uint32_t t = 0; t < simt_cta_nthreads(cta); t++) {
                simt_cursor *cur;
                TRY(simt_cursor_create(cta, t, &cur));
                struct simt_event ev;
                int k;
                while ((k = simt_cursor_next(cur, &ev)) > 0)
                    sum++;
                CHECK(k == 0, "cursor error %d: %s", k, simt_errmsg());
                simt_cursor_free(cur);
            }
            CHECK(sum == simt_cta_thread_instructions(cta), "CTA %llu: walked %llu, recorded %llu",
                  (unsigned long long)c, (unsigned long long)sum,
                  (unsigned long long)simt_cta_thread_instructions(cta));
            total += sum;
            simt_cta_free(cta);
        }
    }
    simt_trace_reader_close(r);
    return total;
}

/* Runs body(d, m) untraced and traced; checks both count the same thread-instructions and
 * that the reader's walk of the trace reproduces the count. */
typedef void (*body_fn)(simt_device *d, simt_module *m);
static uint64_t run_body(const char *img, body_fn body, const char *trace, enum simt_fma_mode fma)
{
    simt_device *d = new_device(trace, fma);
    simt_module *m = load_module(d, img);
    body(d, m);
    TRY(simt_device_finish(d));
    struct simt_device_stats st;
    simt_device_stats(d, &st);
    simt_device_free(d);
    return st.thread_instructions;
}

static uint64_t run_checked(const char *img, body_fn body)
{
    uint64_t ti = run_body(img, body, NULL, SIMT_FMA_FUSE);
    CHECK(ti > 0, "no instructions counted");
    char path[256];
    snprintf(path, sizeof(path), "t_%d.trace", (int)getpid());
    uint64_t ti2 = run_body(img, body, path, SIMT_FMA_FUSE);
    CHECK(ti2 == ti, "traced run counted %llu, untraced %llu", (unsigned long long)ti2,
          (unsigned long long)ti);
    uint32_t nl = 0;
    uint64_t walked = walk_trace(path, &nl);
    CHECK(walked == ti, "reader walked %llu thread-instructions, tracer executed %llu",
          (unsigned long long)walked, (unsigned long long)ti);
    remove(path);
    return ti;
}

/* --- skeleton: vector add ---------------------------------------------------------------- */

static void b_vecadd(simt_device *d, simt_module *m)
{
    CHECK(simt_module_has_kernel(m, "vecadd"), "kernel vecadd not found");
    struct simt_kernel_attrs at;
    TRY(simt_module_kernel_attrs(m, "vecadd", &at));
    CHECK(at.num_params == 4 && at.param_bytes == 28 && at.regs_per_thread >= 6 &&
              at.regs_per_thread <= 16 && at.static_shared_bytes == 0,
          "vecadd attrs: %u params %u bytes %u regs %u shared", at.num_params, at.param_bytes,
          at.regs_per_thread, at.static_shared_bytes);
    const int n = 1000;
    float *a, *b, *c;
    uint64_t da = dalloc(d, n * 4, (void **)&a), db = dalloc(d, n * 4, (void **)&b),
             dc = dalloc(d, n * 4, (void **)&c);
    for (int i = 0; i < n; i++) {
        a[i] = (float)i * 0.5f;
        b[i] = 1000.0f - (float)i;
        c[i] = -1;
    }
    int nn = n;
    void *args[] = {&da, &db, &dc, &nn};
    TRY(simt_launch(d, m, "vecadd", dim(8, 1, 1), dim(128, 1, 1), 0, args));
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += c[i] != a[i] + b[i];
    CHECK(bad == 0, "%d wrong results", bad);
}

static int t_vecadd(int argc, char **argv)
{
    uint64_t ti = run_checked(argv[2], b_vecadd);
    if (strstr(argv[2], "vecadd_O2.bc")) {
        /* entry: 3 sreg + mul + add + icmp + br = 7; body: sext + 3 gep + 2 ld + fadd + st + br
         * = 9; exit: ret = 1 -> 1000 * 17 + 24 * 8 */
        CHECK(ti == 1000 * 17 + 24 * 8, "thread instructions %llu", (unsigned long long)ti);
    }
    (void)argc;
    return 0;
}

/* --- control flow: reconvergence observed through activemask ------------------------------ */

static void check_diverge(simt_device *d, simt_module *m, uint32_t nthreads)
{
    uint32_t *out;
    uint64_t dout = dalloc(d, nthreads * 8 * 4, (void **)&out);
    void *args[] = {&dout};
    TRY(simt_launch(d, m, "diverge", dim(1, 1, 1), dim(nthreads, 1, 1), 0, args));
    for (uint32_t t = 0; t < nthreads; t++) {
        uint32_t w = t / 32, n = nthreads - w * 32;
        uint32_t L = n >= 32 ? 0xffffffffu : (1u << n) - 1;
        uint32_t e[7];
        e[0] = (t & 1) ? (L & 0xAAAAAAAAu) : ((L & 0x55555555u) ^ 1u);
        e[1] = L;
        e[2] = 0;
        for (uint32_t i = 0; i < t % 7; i++)
            e[2] += i * t;
        e[3] = L;
        e[4] = t % 4 == 0 ? 10 : t % 4 == 1 ? (L & 0x22222222u) : t % 4 == 2 ? t + 30 : 7;
        uint32_t lt10 = 0;
        for (uint32_t j = w * 32; j < w * 32 + 32 && j < nthreads; j++)
            if (j < 10)
                lt10 |= 1u << (j % 32);
        e[5] = t < 10 ? lt10 : 2 * t;
        e[6] = L;
        for (int k = 0; k < 7; k++)
            CHECK(out[t * 8 + k] == e[k],
                  "diverge(%u threads): thread %u value %d: got 0x%x want 0x%x", nthreads, t, k,
                  out[t * 8 + k], e[k]);
    }
}

static void b_control(simt_device *d, simt_module *m)
{
    check_diverge(d, m, 64);
    check_diverge(d, m, 48);
    uint32_t *out;
    uint64_t dout = dalloc(d, 64 * 4, (void **)&out);
    int n = 40;
    void *args[] = {&dout, &n};
    TRY(simt_launch(d, m, "early_exit", dim(1, 1, 1), dim(64, 1, 1), 0, args));
    for (int t = 0; t < 64; t++)
        CHECK(out[t] == (t < 32   ? 0xffffffffu
                         : t < 40 ? 0xffu
                                  : 0u),
              "early_exit thread %d: 0x%x", t, out[t]);
    int k = 0;
    void *args2[] = {&dout, &k};
    TRY(simt_launch(d, m, "noexit_static", dim(1, 1, 1), dim(32, 1, 1), 0, args2));
    CHECK(out[0] == 1, "noexit_static: %u", out[0]);
}

static int t_control(int argc, char **argv)
{
    run_checked(argv[2], b_control);
    (void)argc;
    return 0;
}

/* --- calls: recursion, function pointers (divergent targets), struct returns, locals ------ */

static uint32_t fib_ref(uint32_t n)
{
    return n < 2 ? n : fib_ref(n - 1) + fib_ref(n - 2);
}

static void b_calls(simt_device *d, simt_module *m)
{
    int *out;
    uint64_t dout = dalloc(d, 64 * 5 * 4, (void **)&out);
    void *args[] = {&dout};
    TRY(simt_launch(d, m, "calls", dim(1, 1, 1), dim(64, 1, 1), 0, args));
    for (int t = 0; t < 64; t++) {
        int e[5] = {(int)fib_ref((uint32_t)t % 12),
                    t % 3 == 0   ? t + 7
                    : t % 3 == 1 ? t * 7
                                 : t - 7,
                    4 * t, 120 * t, -1};
        for (int k = 0; k < 5; k++)
            CHECK(out[t * 5 + k] == e[k], "calls thread %d value %d: got %d want %d", t, k,
                  out[t * 5 + k], e[k]);
    }
}

struct byval_s {
    int a;
    float b;
    double c;
    int arr[5];
};

static void b_byval(simt_device *d, simt_module *m)
{
    struct byval_s sv = {7, 2.5f, 100.75, {1, 2, 3, 4, 5}};
    int *out;
    uint64_t dout = dalloc(d, 64 * 4, (void **)&out);
    void *args[] = {&sv, &dout};
    TRY(simt_launch(d, m, "byval_k", dim(1, 1, 1), dim(64, 1, 1), 0, args));
    for (int t = 0; t < 64; t++)
        CHECK(out[t] == 7 + sv.arr[t % 5] + 100 + 2, "byval thread %d: %d", t, out[t]);
    struct simt_kernel_attrs at;
    TRY(simt_module_kernel_attrs(m, "byval_k", &at));
    CHECK(at.num_params == 2 && at.param_bytes == 48, "byval attrs: %u params, %u bytes",
          at.num_params, at.param_bytes);
}

static int t_calls(int argc, char **argv)
{
    run_checked(argv[2], b_byval);
    run_checked(argv[2], b_calls);
    (void)argc;
    return 0;
}

/* --- warp intrinsics ----------------------------------------------------------------------- */

static void b_warp(simt_device *d, simt_module *m)
{
    int *out;
    uint64_t dout = dalloc(d, 64 * 10 * 4, (void **)&out);
    void *args[] = {&dout};
    TRY(simt_launch(d, m, "warp_ops", dim(1, 1, 1), dim(64, 1, 1), 0, args));
    for (int t = 0; t < 64; t++) {
        int w = t / 32, l = t % 32, e[10];
#define V(lane) ((w * 32 + (lane)) * 3 + 1)
        e[0] = V((l + 5) & 31);
        e[1] = l + 3 <= 31 ? V(l + 3) : V(l);
        e[2] = l - 2 >= 0 ? V(l - 2) : V(l);
        e[3] = V(l ^ 6);
        e[4] = (l + 1) <= ((l & 24) | 7) ? V(l + 1) : V(l);
#undef V
        uint32_t bal = 0, mt = 0;
        int sum = 0;
        for (int j = 0; j < 32; j++) {
            int tj = w * 32 + j;
            bal |= (uint32_t)(tj % 3 == 0) << j;
            mt |= (uint32_t)(tj % 5 == t % 5) << j;
            sum += tj;
        }
        e[5] = (int)bal;
        e[6] = w == 1;
        e[7] = w == 0;
        e[8] = (int)mt;
        e[9] = sum;
        for (int k = 0; k < 10; k++)
            CHECK(out[t * 10 + k] == e[k], "warp_ops thread %d value %d: got %d want %d", t, k,
                  out[t * 10 + k], e[k]);
    }
}

static int t_warp(int argc, char **argv)
{
    run_checked(argv[2], b_warp);
    (void)argc;
    return 0;
}

/* --- shared memory and barriers --------------------------------------------------------------- */

static void b_shared(simt_device *d, simt_module *m)
{
    int *in, *out;
    uint64_t din = dalloc(d, 1024 * 4, (void **)&in), dout = dalloc(d, 4 * 4, (void **)&out);
    int want[4] = {0, 0, 0, 0};
    for (int i = 0; i < 1024; i++) {
        in[i] = (i * 37) % 101 - 50;
        want[i / 256] += in[i];
    }
    void *args[] = {&din, &dout};
    TRY(simt_launch(d, m, "reduce", dim(4, 1, 1), dim(256, 1, 1), 0, args));
    for (int b = 0; b < 4; b++)
        CHECK(out[b] == want[b], "reduce block %d: got %d want %d", b, out[b], want[b]);
    float *f;
    uint64_t df = dalloc(d, 128 * 4, (void **)&f);
    void *args2[] = {&df};
    TRY(simt_launch(d, m, "dynshared", dim(1, 1, 1), dim(64, 1, 1), 64 * 4, args2));
    for (int t = 0; t < 64; t++) {
        CHECK(f[t] == (float)(63 - t) * 2.0f, "dynshared %d: %f", t, f[t]);
        CHECK(f[64 + t] == 2211.0f, "barrier reductions %d: %f", t, f[64 + t]);
    }
    void *args3[] = {&dout};
    int *o3;
    dout = dalloc(d, 128 * 4, (void **)&o3);
    TRY(simt_launch(d, m, "sync_in_call", dim(2, 1, 1), dim(128, 1, 1), 0, args3));
    for (int t = 0; t < 128; t++)
        CHECK(o3[t] == ((t + 1) % 128) * 2, "sync_in_call %d: %d", t, o3[t]);
}

static int t_shared(int argc, char **argv)
{
    {
        simt_device *d = new_device(NULL, SIMT_FMA_FUSE);
        simt_module *m = load_module(d, argv[2]);
        struct simt_kernel_attrs at;
        TRY(simt_module_kernel_attrs(m, "reduce", &at));
        CHECK(at.static_shared_bytes == 1024 && at.num_params == 2 && at.param_bytes == 16,
              "reduce attrs: shared %u params %u bytes %u", at.static_shared_bytes, at.num_params,
              at.param_bytes);
        TRY(simt_module_kernel_attrs(m, "dynshared", &at));
        CHECK(at.static_shared_bytes == 0, "dynshared static shared %u", at.static_shared_bytes);
        TRY(simt_module_kernel_attrs(m, "bounded", &at));
        CHECK(at.max_threads_per_block == 64, "launch bounds %u", at.max_threads_per_block);
        uint64_t dp;
        TRY(simt_dev_malloc(d, 1024, &dp));
        void *args[] = {&dp};
        CHECK(simt_launch(d, m, "bounded", dim(1, 1, 1), dim(128, 1, 1), 0, args) ==
                  SIMT_ERR_LAUNCH,
              "launch beyond __launch_bounds__: %s", simt_errmsg());
        TRY(simt_launch(d, m, "bounded", dim(1, 1, 1), dim(64, 1, 1), 0, args));
        simt_device_free(d);
    }
    run_checked(argv[2], b_shared);
    (void)argc;
    return 0;
}

/* --- atomics -----------------------------------------------------------------------------------
 */

static void b_atomics(simt_device *d, simt_module *m)
{
    int *g, *order;
    unsigned *u;
    float *f;
    unsigned long long *ull;
    uint64_t dg = dalloc(d, 16 * 4, (void **)&g), du = dalloc(d, 8, (void **)&u),
             df = dalloc(d, 4, (void **)&f), dull = dalloc(d, 8, (void **)&ull),
             dord = dalloc(d, 64 * 4, (void **)&order);
    g[2] = 1000;
    g[5] = -1;
    void *args[] = {&dg, &du, &df, &dull, &dord};
    TRY(simt_launch(d, m, "atomics", dim(1, 1, 1), dim(64, 1, 1), 0, args));
    unsigned inc = 0, dec = 0;
    for (int i = 0; i < 64; i++) {
        inc = inc >= 9 ? 0 : inc + 1;
        dec = (dec == 0 || dec > 5) ? 5 : dec - 1;
    }
    int e[10] = {64, 49, 37, 0x7fffffff, 0, (int)0xffff0000u, 63, 64, 2016, 63};
    for (int k = 0; k < 10; k++)
        CHECK(g[k] == e[k], "atomics g[%d]: got %d want %d", k, g[k], e[k]);
    CHECK(u[0] == inc && u[1] == dec, "inc/dec: %u %u want %u %u", u[0], u[1], inc, dec);
    CHECK(f[0] == 32.0f, "fadd: %f", f[0]);
    CHECK(ull[0] == 2016ull << 33, "64-bit add: %llx", ull[0]);
    for (int t = 0; t < 64; t++)
        CHECK(order[t] == t, "ticket order %d: %d", t, order[t]);
}

static int t_atomics(int argc, char **argv)
{
    run_checked(argv[2], b_atomics);
    (void)argc;
    return 0;
}

/* --- types, conversions, math intrinsics -------------------------------------------------- */

static uint64_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static uint64_t dbits(double f)
{
    uint64_t u;
    memcpy(&u, &f, 8);
    return u;
}

/* -O0 code (optnone) is not contracted by the back end: no FMA fusion */
static int types_fused = 1;
static float fmaf_c(float a, float b, float c)
{
    if (types_fused)
        return fmaf(a, b, c);
    volatile float p = a * b;
    return p + c;
}
static double fma_c(double a, double b, double c)
{
    if (types_fused)
        return fma(a, b, c);
    volatile double p = a * b;
    return p + c;
}

static void b_types(simt_device *d, simt_module *m)
{
    const int n = 64;
    float *fin;
    double *din;
    unsigned long long *out;
    uint64_t dfi = dalloc(d, n * 4, (void **)&fin), ddi = dalloc(d, n * 8, (void **)&din),
             dout = dalloc(d, n * 24 * 8, (void **)&out);
    for (int t = 0; t < n; t++) {
        fin[t] = (float)(t - 20) * 0.37f + 0.001f * (float)t;
        din[t] = t * 0.71 - 3;
    }
    void *args[] = {&dfi, &ddi, &dout};
    TRY(simt_launch(d, m, "types", dim(1, 1, 1), dim(n, 1, 1), 0, args));
    for (int t = 0; t < n; t++) {
        float x = fin[t];
        double y = din[t];
        uint64_t e[24];
        e[0] = fbits(fmaf_c(x, 1.5f, -2.0f));
        e[1] = dbits(fma_c(y, y, y / 3.0));
        e[2] = fbits(sqrtf(fabsf(x)));
        e[3] = (uint64_t)(int64_t)(int)x;
        e[4] = (unsigned char)(signed char)(t * 37);
        e[5] = (uint64_t)(int64_t)(short)(t * 1000);
        e[6] = (uint64_t)((long long)t * -123456789LL);
        e[7] = fbits((float)y);
        e[8] = dbits((double)x);
        e[9] = fbits(floorf(x) + ceilf(x) + truncf(x) + roundf(x));
        uint32_t h = (uint32_t)t * 2654435761u;
        e[10] = (uint64_t)__builtin_popcount(h) | (uint64_t)__builtin_clz((unsigned)t + 1) << 8 |
                (uint64_t)__builtin_ctz((unsigned)t + 64) << 16;
        e[11] = __builtin_bswap32(0x01020304u * (uint32_t)(t + 1));
        e[12] = (uint32_t)(h >> 5 | h << 27);
        e[13] = (uint64_t)(t >= 16) | (uint64_t)(uint32_t)(0x7ffffff0u + (uint32_t)t) << 32;
        e[14] = fbits(fminf(x, 0.25f) + fmaxf(x, -0.25f));
        e[15] = fbits(copysignf(2.0f, x));
        float v[4] = {x, x + 1, x + 2, x + 3}, w[4];
        for (int k = 0; k < 4; k++)
            w[k] = fmaf_c(v[k], v[k], (float)(k + 1));
        e[16] = fbits(fmaf_c(w[1], w[2], w[0]) - w[3]);
        e[17] = (uint32_t)(-3 * t) ^ ((uint64_t)(uint32_t)(3 * t) << 32);
        e[18] = (uint64_t)(x < 0.5f) | (uint64_t)(y >= 2.0) << 1 | (uint64_t)(x != x) << 2 |
                (uint64_t)(t > 10 ? 7 : 9) << 3;
        e[19] = (uint64_t)((unsigned)t / 7u + (unsigned)t % 7u) |
                (uint64_t)(uint32_t)((-t) / 3 + (-t) % 3) << 32;
        e[20] = (uint32_t)(fabsf(x) * 1000.0f);
        e[21] = fbits((float)(uint32_t)((uint32_t)t * 123457u));
        e[22] = dbits((double)(long long)(t * -98765LL));
        _Float16 hf = (_Float16)(x * 3.0f);
        uint16_t hb;
        memcpy(&hb, &hf, 2);
        e[23] = hb | fbits((float)hf * 2.0f) << 16;
        for (int k = 0; k < 24; k++)
            CHECK(out[t * 24 + k] == e[k], "types thread %d value %d: got 0x%llx want 0x%llx", t, k,
                  out[t * 24 + k], (unsigned long long)e[k]);
    }
}

static int t_types(int argc, char **argv)
{
    types_fused = strstr(argv[2], "_O0") == NULL;
    run_checked(argv[2], b_types);
    (void)argc;
    return 0;
}

/* --- vector reductions (kernels/reduce.cu) --------------------------------------------------- */

static void b_reduce(simt_device *d, simt_module *m)
{
    const int n = 64;
    int *in;
    float *fin;
    unsigned long long *out;
    uint64_t di = dalloc(d, n * 16, (void **)&in), df = dalloc(d, n * 16, (void **)&fin),
             dout = dalloc(d, n * 11 * 8, (void **)&out);
    for (int i = 0; i < 4 * n; i++) {
        in[i] = (int)((unsigned)i * 2654435761u >> 20) - 2000; /* signs mixed */
        fin[i] = (float)(i % 13) * 0.75f - 4.0f;
    }
    void *args[] = {&di, &df, &dout};
    TRY(simt_launch(d, m, "reduce", dim(1, 1, 1), dim(n, 1, 1), 0, args));
    for (int t = 0; t < n; t++) {
        const int *v = in + 4 * t;
        const float *f = fin + 4 * t;
        unsigned e[11];
        e[0] = (unsigned)v[0] + (unsigned)v[1] + (unsigned)v[2] + (unsigned)v[3];
        e[1] = (unsigned)v[0] * (unsigned)v[1] * (unsigned)v[2] * (unsigned)v[3];
        e[2] = (unsigned)(v[0] & v[1] & v[2] & v[3]);
        e[3] = (unsigned)(v[0] | v[1] | v[2] | v[3]);
        e[4] = (unsigned)(v[0] ^ v[1] ^ v[2] ^ v[3]);
        int smax = v[0], smin = v[0];
        unsigned umax = (unsigned)v[0], umin = (unsigned)v[0];
        float fmx = f[0], fmn = f[0];
        for (int k = 1; k < 4; k++) {
            smax = v[k] > smax ? v[k] : smax;
            smin = v[k] < smin ? v[k] : smin;
            umax = (unsigned)v[k] > umax ? (unsigned)v[k] : umax;
            umin = (unsigned)v[k] < umin ? (unsigned)v[k] : umin;
            fmx = fmaxf(fmx, f[k]);
            fmn = fminf(fmn, f[k]);
        }
        e[5] = (unsigned)smax;
        e[6] = (unsigned)smin;
        e[7] = umax;
        e[8] = umin;
        e[9] = (unsigned)fbits(fmx);
        e[10] = (unsigned)fbits(fmn);
        for (int k = 0; k < 11; k++)
            CHECK(out[t * 11 + k] == e[k], "thread %d reduction %d: %llx want %x", t, k,
                  (unsigned long long)out[t * 11 + k], e[k]);
    }
}

static int t_reduce(int argc, char **argv)
{
    run_checked(argv[2], b_reduce);
    (void)argc;
    return 0;
}

/* --- misc IR coverage (ir/misc.ll) ------------------------------------------------------------ */

static int fcmp_ref(int p, double x, double y)
{
    if (x != x || y != y)
        return (p & 8) != 0;
    return ((p & 1) && x == y) || ((p & 2) && x > y) || ((p & 4) && x < y);
}

static void b_misc(simt_device *d, simt_module *m)
{
    uint64_t *out;
    uint32_t *g;
    uint64_t dout = dalloc(d, 32 * 40 * 8, (void **)&out), dg = dalloc(d, 64, (void **)&g);
    g[0] = 0xF0F0F0F0u;
    g[1] = 0;
    g[2] = 0xffffffffu;
    g[3] = 1000;
    float f100 = 100.0f;
    memcpy(&g[4], &f100, 4);
    g[5] = 0;
    void *args[] = {&dout, &dg};
    TRY(simt_launch(d, m, "misc", dim(1, 1, 1), dim(32, 1, 1), 0, args));
    uint32_t nand = 0xF0F0F0F0u;
    for (uint32_t t = 0; t < 32; t++)
        nand = ~(nand & t);
    CHECK(g[0] == nand && g[1] == 0xffffffffu && g[2] == 0 && g[3] == 504 && g[5] == 1000,
          "atomics: %x %x %x %u %u", g[0], g[1], g[2], g[3], g[5]);
    float f4;
    memcpy(&f4, &g[4], 4);
    CHECK(f4 == -396.0f, "atomic fsub: %f", f4);
    for (uint32_t t = 0; t < 32; t++) {
        const uint64_t *o = out + t * 40;
        uint64_t e[21];
        int skip[21] = {0};
        e[0] = t;
        e[1] = 2 * t;
        uint32_t v0[4] = {1, 2, 3, 4};
        v0[t & 3] = t;
        uint32_t v1[4] = {v0[3], 200, v0[0], 0};
        e[2] = v1[t & 3];
        skip[2] = (t & 3) == 3; /* undef lane of the shuffle mask */
        e[3] = 22;
        uint64_t pr = (uint64_t)t * 100000000ull;
        e[4] = (uint32_t)pr | (uint64_t)(pr > 0xffffffffull) << 32;
        e[5] = t >= 9;
        e[6] = (t << 5) | 31u;
        e[7] = (uint32_t)(t << 27) | (0xffffffffu >> 5);
        uint32_t br = 0;
        for (int b = 0; b < 32; b++)
            br |= ((t >> b) & 1u) << (31 - b);
        e[8] = br;
        e[9] = t;
        e[10] = (uint64_t)(int64_t)((int)-(int)t > -5 ? -(int)t : -5);
        e[11] = t == 0 ? 0 : 7;
        e[12] = t == 0 ? 16 : (uint64_t)(__builtin_clz(t) - 16);
        uint8_t t8x = (uint8_t)(t * 9);
        int ua = t8x + 200 > 255 ? 255 : t8x + 200;
        int sb = (int8_t)t8x - 100;
        sb = sb < -128 ? -128 : sb > 127 ? 127 : sb;
        e[13] = (uint64_t)ua ^ ((uint64_t)(int64_t)sb << 8);
        _Float16 h2 = (_Float16)((float)(_Float16)((float)t * 1.5f) + 0.25f);
        uint16_t hb;
        memcpy(&hb, &h2, 2);
        e[14] = hb | 0x3C00u << 16;
        e[15] = 0x0707070707070007ull | (uint64_t)(t & 0xff) << 8;
        e[16] = t == 0 ? 1 : 1000;
        e[17] = 24 + (t & 7);
        e[18] = 0xffffffffu;
        e[19] = t;
        double x = (double)t - 2.0, y = t == 3 ? NAN : 2.0;
        uint64_t bits = 0;
        for (int p = 1; p <= 14; p++)
            bits |= (uint64_t)fcmp_ref(p, x, y) << (p - 1);
        e[20] = bits;
        for (int k = 0; k < 21; k++)
            if (!skip[k])
                CHECK(o[k] == e[k], "misc thread %u value %d: got 0x%llx want 0x%llx", t, k,
                      (unsigned long long)o[k], (unsigned long long)e[k]);
    }
}

static int t_misc(int argc, char **argv)
{
    run_checked(argv[2], b_misc);
    (void)argc;
    return 0;
}

/* --- error paths: the tracer as a memory and synchronisation checker ------------------------- */

struct ecase {
    const char *kernel;
    simt_err code;
    const char *needles[4];
};
static const struct ecase ecases[] = {
    {"oob",
     SIMT_ERR_MEMORY_FAULT,
     {"kernel oob", "errors.cu:8", "thread (100,0,0)", "out-of-bounds"}},
    {"oob_inlined",
     SIMT_ERR_MEMORY_FAULT,
     {"kernel oob_inlined", "errors.cu:68", "thread (100,0,0)", "out-of-bounds"}},
    {"misaligned", SIMT_ERR_MEMORY_FAULT, {"misaligned", "thread (0,0,0)", "errors.cu:13", NULL}},
    {"shared_overflow",
     SIMT_ERR_MEMORY_FAULT,
     {"shared-memory overflow", "thread (54,0,0)", "errors.cu:18", NULL}},
    {"divergent_barrier", SIMT_ERR_BARRIER, {"divergent", "errors.cu:24", NULL, NULL}},
    {"partial_barrier",
     SIMT_ERR_BARRIER,
     {"barrier deadlock", "warp 0 at barrier 0", "warp 1 at barrier 1", "errors.cu:31"}},
    {"trapper", SIMT_ERR_TRAP, {"trap", "thread (3,0,0)", "errors.cu:37", NULL}},
    {"asserter", SIMT_ERR_TRAP, {"Assertion", "thread (5,0,0)", "out[threadIdx.x] == 0", NULL}},
    {"nullptr_write", SIMT_ERR_MEMORY_FAULT, {"null pointer", "thread (0,0,0)", NULL, NULL}},
    {"use_after_free", SIMT_ERR_MEMORY_FAULT, {"freed", NULL, NULL, NULL}},
    {"stack_overflow", SIMT_ERR_LIMIT, {"stack overflow", "kernel stack_overflow", NULL, NULL}},
    {"unknown",
     SIMT_ERR_UNSUPPORTED,
     {"mystery_function", "not supported", "thread (0,0,0)", NULL}},
    {"unreach", SIMT_ERR_TRAP, {"unreachable", "thread (7,0,0)", NULL, NULL}},
    {"spin", SIMT_ERR_DEADLOCK, {"no progress", "kernel spin", NULL, NULL}},
    {NULL, SIMT_ERR_OK, {NULL}},
};

static int t_error(int argc, char **argv)
{
    const char *kname = argc > 3 ? argv[3] : "";
    const struct ecase *ec = NULL;
    for (const struct ecase *e = ecases; e->kernel; e++)
        if (strcmp(e->kernel, kname) == 0)
            ec = e;
    if (!ec) {
        fprintf(stderr, "unknown error case %s\n", kname);
        return 1;
    }
    char path[256], tmp[300];
    snprintf(path, sizeof(path), "err_%d.trace", (int)getpid());
    snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    simt_device *d = new_device(path, SIMT_FMA_FUSE);
    simt_module *m = load_module(d, argv[2]);
    int *a;
    uint64_t da = dalloc(d, 100 * 4, (void **)&a);
    memset(a, 0, 400);
    int n = 100, k = 10;
    uint32_t threads = 64, dyn = 0;
    void *args1[] = {&da};
    void *args2[] = {&da, &n};
    void **args = args1;
    if (strcmp(kname, "oob") == 0 || strcmp(kname, "oob_inlined") == 0) {
        n = 0;
        args = args2;
        threads = 128;
    } else if (strcmp(kname, "shared_overflow") == 0) {
        n = k;
        args = args2;
        dyn = 64 * 4;
    } else if (strcmp(kname, "asserter") == 0) {
        a[5] = 1;
    } else if (strcmp(kname, "use_after_free") == 0) {
        TRY(simt_dev_free(d, da));
    } else if (strcmp(kname, "spin") == 0) {
        simt_device_set_watchdog(d, 100000);
        threads = 32;
    } else if (strcmp(kname, "stack_overflow") == 0) {
        args = args2;
        threads = 32;
    }
    simt_err e = simt_launch(d, m, kname, dim(1, 1, 1), dim(threads, 1, 1), dyn, args);
    const char *msg = simt_errmsg();
    CHECK(e == ec->code, "%s: got %s want %s (%s)", kname, simt_err_name(e),
          simt_err_name(ec->code), msg);
    for (int i = 0; i < 4 && ec->needles[i]; i++)
        CHECK(strstr(msg, ec->needles[i]) != NULL, "%s: message lacks '%s': %s", kname,
              ec->needles[i], msg);
    simt_device_finish(d);
    simt_device_free(d);
    /* no half-written trace */
    CHECK(access(path, F_OK) != 0 && access(tmp, F_OK) != 0, "a trace file was left behind");
    printf("%s: %s\n", simt_err_name(e), msg);
    return 0;
}

/* --- device runtime: printf and malloc ---------------------------------------------------- */

static void b_runtime(simt_device *d, simt_module *m)
{
    int *out;
    uint64_t keep_host;
    void *keep;
    uint64_t dout = dalloc(d, 64 * 4, (void **)&out);
    keep_host = dalloc(d, 64 * 8, &keep);
    void *args[] = {&dout, &keep_host};
    fflush(stdout);
    char cap[64];
    snprintf(cap, sizeof(cap), "printf_%d.txt", (int)getpid());
    int saved = dup(1);
    FILE *f = fopen(cap, "w+");
    dup2(fileno(f), 1);
    TRY(simt_launch(d, m, "hello", dim(1, 1, 1), dim(40, 1, 1), 0, args));
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    char got[8192];
    fseek(f, 0, SEEK_SET);
    size_t n = fread(got, 1, sizeof(got) - 1, f);
    got[n] = 0;
    fclose(f);
    remove(cap);
    char want[8192];
    size_t o = 0;
    for (int t = 0; t < 40; t++)
        o += (size_t)snprintf(want + o, sizeof(want) - o, "t=%d f=%.2f s=%s c=%c ll=%lld x=%04x\n",
                              t, 1.5 * t, "ok", 'A' + t, (long long)t << 40, t * 255);
    CHECK(strcmp(got, want) == 0, "printf output differs:\n%s\nwant:\n%s", got, want);
    uint64_t *kp = keep;
    for (int t = 0; t < 40; t++) {
        CHECK(out[t] == 4 * t, "malloc thread %d: %d", t, out[t]);
        CHECK(kp[t] != 0 && (t == 0 || kp[t] != kp[t - 1]), "malloc pointer %d: %llx", t,
              (unsigned long long)kp[t]);
    }
}

static int t_runtime(int argc, char **argv)
{
    run_checked(argv[2], b_runtime);
    (void)argc;
    return 0;
}

/* --- fma fusion modes ------------------------------------------------------------------------ */

static void fma_run(const char *img, enum simt_fma_mode mode, float *res)
{
    simt_device *d = new_device(NULL, mode);
    simt_module *m = load_module(d, img);
    float *out;
    uint64_t dout = dalloc(d, 16, (void **)&out);
    float a = 1.0f + ldexpf(1.0f, -12), c = -(1.0f + ldexpf(1.0f, -11));
    void *args[] = {&dout, &a, &c};
    TRY(simt_launch(d, m, "fma_k", dim(1, 1, 1), dim(1, 1, 1), 0, args));
    memcpy(res, out, 12);
    simt_device_free(d);
}

static int t_fma(int argc, char **argv)
{
    float r[3];
    fma_run(argv[2], SIMT_FMA_FUSE, r);
    CHECK(r[0] == ldexpf(1.0f, -24), "fused a*a+c = %a", r[0]);
    CHECK(r[1] == 0.0f, "uncontracted a*a+c = %a", r[1]);
    CHECK(r[2] == -ldexpf(1.0f, -24), "fused c-a*a = %a", r[2]);
    fma_run(argv[2], SIMT_FMA_SEPARATE, r);
    CHECK(r[0] == 0.0f && r[1] == 0.0f && r[2] == 0.0f, "separate: %a %a %a", r[0], r[1], r[2]);
    (void)argc;
    return 0;
}

/* --- determinism: two traced runs give byte-identical files ------------------------------- */

static void b_determinism(simt_device *d, simt_module *m)
{
    b_shared(d, m);
}

static int same_file(const char *a, const char *b)
{
    size_t na, nb;
    void *pa = load_file(a, &na), *pb = load_file(b, &nb);
    int same = na == nb && memcmp(pa, pb, na) == 0;
    free(pa);
    free(pb);
    return same;
}

static int t_determinism(int argc, char **argv)
{
    char p1[128], p2[128];
    snprintf(p1, sizeof(p1), "det1_%d.trace", (int)getpid());
    snprintf(p2, sizeof(p2), "det2_%d.trace", (int)getpid());
    run_body(argv[2], b_determinism, p1, SIMT_FMA_FUSE);
    run_body(argv[2], b_determinism, p2, SIMT_FMA_FUSE);
    CHECK(same_file(p1, p2), "traces %s and %s differ", p1, p2);
    remove(p1);
    remove(p2);
    (void)argc;
    return 0;
}

/* --- textures -----------------------------------------------------------------------------------
 */

static void b_texture(simt_device *d, simt_module *m)
{
    float *tf;
    int16_t *ts;
    uint32_t *out;
    uint64_t dtf = dalloc(d, 16 * 4, (void **)&tf), dts = dalloc(d, 3 * 32, (void **)&ts),
             dout = dalloc(d, 24 * 8, (void **)&out);
    for (int i = 0; i < 16; i++)
        tf[i] = 1.5f * (float)i;
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 4; x++) {
            ts[y * 16 + x * 2] = (int16_t) - (x + 10 * y);
            ts[y * 16 + x * 2 + 1] = (int16_t)(x * y);
        }
    struct simt_texture_binding bf = {dtf, 4, 1, 1, 1, 16, 1, 1, 0, 0, 0, 0, {0, 0, 0}};
    struct simt_texture_binding bs = {dts, 4, 2, 0, 1, 4, 3, 1, 32, 0, 0, 0, {0, 0, 0}};
    TRY(simt_module_bind_texture(m, "texf", &bf));
    TRY(simt_module_bind_texture(m, "texs", &bs));
    void *args[] = {&dout};
    TRY(simt_launch(d, m, "texk", dim(1, 1, 1), dim(24, 1, 1), 0, args));
    for (int t = 0; t < 24; t++) { /* an index outside the extent reads a zero texel */
        int xf = t - 2;
        float vf = 1.5f * (float)xf;
        uint32_t ef = 0;
        if (xf >= 0 && xf <= 15)
            memcpy(&ef, &vf, 4);
        int x = t & 3, y = t / 4 - 1;
        uint32_t es = y < 0 || y > 2
                          ? 0
                          : (uint32_t)(int32_t)(int16_t) - (x + 10 * y) ^ ((uint32_t)(x * y) << 16);
        CHECK(out[2 * t] == ef, "tex1D thread %d: %x want %x", t, out[2 * t], ef);
        CHECK(out[2 * t + 1] == es, "tex2D thread %d: %x want %x", t, out[2 * t + 1], es);
    }
}

static int t_texture(int argc, char **argv)
{
    run_checked(argv[2], b_texture);
    /* a fetch through an unbound reference is an error */
    simt_device *d = new_device(NULL, SIMT_FMA_FUSE);
    simt_module *m = load_module(d, argv[2]);
    b_texture(d, m);
    TRY(simt_module_bind_texture(m, "texf", NULL));
    void *out;
    uint64_t dout = dalloc(d, 24 * 8, &out);
    void *args[] = {&dout};
    simt_err e = simt_launch(d, m, "texk", dim(1, 1, 1), dim(24, 1, 1), 0, args);
    CHECK(e == SIMT_ERR_INVALID_ARG && strstr(simt_errmsg(), "not bound"), "unbound fetch: %s",
          simt_errmsg());
    simt_device_free(d);
    (void)argc;
    return 0;
}

/* --- the static program: ipdoms, reconvergence pcs, classes, sources ----------------------------
 */

static const struct simt_program *find_prog(simt_trace_reader *r, const char *name)
{
    for (uint32_t k = 0; k < simt_trace_reader_nkernels(r); k++)
        if (strcmp(simt_trace_reader_program(r, k)->kernel_name, name) == 0)
            return simt_trace_reader_program(r, k);
    return NULL;
}

static const struct simt_sinst *term(const struct simt_program *p, uint32_t b)
{
    return &p->insts[p->blocks[b].first_pc + p->blocks[b].ninst - 1];
}

static int t_program(int argc, char **argv)
{
    char path[128];
    snprintf(path, sizeof(path), "prog_%d.trace", (int)getpid());
    run_body(argv[2], b_control, path, SIMT_FMA_FUSE);
    simt_trace_reader *r;
    TRY(simt_trace_reader_open(path, &r));
    const struct simt_program *p = find_prog(r, "diverge");
    CHECK(p != NULL, "no program for diverge");
    if (p) {
        TRY(simt_program_validate(p));
        CHECK(p->nfuncs == 2 && p->nblocks == 15, "funcs %u blocks %u", p->nfuncs, p->nblocks);
        CHECK(strcmp(p->strings + p->funcs[1].name, "helper") == 0, "second function %s",
              p->strings + p->funcs[1].name);
        /* entry then else join loop body lexit s0 s1b s2 sd sj | helper: entry a b */
        uint32_t want[15] = {3,
                             3,
                             3,
                             4,
                             6,
                             4,
                             11,
                             11,
                             11,
                             11,
                             11,
                             SIMT_NO_BLOCK,
                             SIMT_NO_BLOCK,
                             SIMT_NO_BLOCK,
                             SIMT_NO_BLOCK};
        for (uint32_t b = 0; b < 15 && b < p->nblocks; b++)
            CHECK(p->blocks[b].ipdom == want[b], "block %u ipdom %u want %u", b, p->blocks[b].ipdom,
                  want[b]);
        const struct simt_sinst *br = term(p, 0);
        CHECK(br->iclass == SIMT_IC_BRANCH && (br->flags & SIMT_IF_COND) &&
                  br->reconv_pc == p->blocks[3].first_pc,
              "entry branch: class %u flags %u reconv %u", br->iclass, br->flags, br->reconv_pc);
        CHECK(term(p, 6)->reconv_pc == p->blocks[11].first_pc, "switch reconv %u",
              term(p, 6)->reconv_pc);
        CHECK(term(p, 12)->reconv_pc == SIMT_PC_EXIT, "helper branch reconv %u",
              term(p, 12)->reconv_pc);
        CHECK(term(p, 11)->iclass == SIMT_IC_EXIT, "kernel ret class %u", term(p, 11)->iclass);
        CHECK(term(p, 13)->iclass == SIMT_IC_RET, "helper ret class %u", term(p, 13)->iclass);
        CHECK(p->insts[p->blocks[3].first_pc].iclass == SIMT_IC_FREE, "phi class");
        /* the call of helper in sj */
        int calls = 0;
        for (uint32_t pc = p->blocks[11].first_pc;
             pc < p->blocks[11].first_pc + p->blocks[11].ninst; pc++)
            if (p->insts[pc].iclass == SIMT_IC_CALL) {
                calls++;
                CHECK(p->insts[pc].callee == 1, "callee %u", p->insts[pc].callee);
            }
        CHECK(calls == 1, "calls in sj: %d", calls);
        /* body: %p = mul, %s1 = add %s, %p: sources are the mul and (through the phi %s)
         * the add itself, in operand order */
        const struct simt_sinst *mul = &p->insts[p->blocks[5].first_pc];
        const struct simt_sinst *add = mul + 1;
        CHECK(add->nsrc == 2 && add->srcs[0] == add->dst && add->srcs[1] == mul->dst,
              "add srcs %u: %u %u (dst %u, mul %u)", add->nsrc, add->srcs[0], add->srcs[1],
              add->dst, mul->dst);
        CHECK(strstr(p->strings + add->text, "add i32") != NULL, "text %s", p->strings + add->text);
        /* every block's last text is its terminator (the texts stay aligned with the pcs
         * through the switch's multi-line text too) */
        for (uint32_t b = 0; b < p->nblocks; b++) {
            const char *tt = p->strings + term(p, b)->text;
            CHECK(strncmp(tt, "br ", 3) == 0 || strncmp(tt, "switch ", 7) == 0 ||
                      strncmp(tt, "ret ", 4) == 0 || strncmp(tt, "unreachable", 11) == 0,
                  "block %u terminator text '%s'", b, tt);
        }
        CHECK(strstr(p->strings + p->insts[p->blocks[3].first_pc].text, " = phi ") != NULL,
              "join block starts with '%s'", p->strings + p->insts[p->blocks[3].first_pc].text);
    }
    const struct simt_program *q = find_prog(r, "noexit_static");
    CHECK(q != NULL, "no program for noexit_static");
    if (q) {
        TRY(simt_program_validate(q));
        /* entry spin fine dead: the spin loop never reaches the exit */
        CHECK(q->blocks[0].ipdom == 2 && q->blocks[1].ipdom == SIMT_NO_BLOCK &&
                  q->blocks[2].ipdom == SIMT_NO_BLOCK && q->blocks[3].ipdom == SIMT_NO_BLOCK,
              "noexit ipdoms %u %u %u %u", q->blocks[0].ipdom, q->blocks[1].ipdom,
              q->blocks[2].ipdom, q->blocks[3].ipdom);
    }
    simt_trace_reader_close(r);
    remove(path);
    (void)argc;
    return 0;
}

/* --- trace selection: kernel filter and launch range -------------------------------------------
 */

static uint32_t traced_launches(const char *img, const char *filter, uint64_t first, uint64_t last,
                                uint32_t *nkernels)
{
    char path[128];
    snprintf(path, sizeof(path), "sel_%d.trace", (int)getpid());
    struct simt_device_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.trace_path = path;
    cfg.kernel_filter = filter;
    cfg.launch_first = first;
    cfg.launch_last = last;
    simt_device *d;
    TRY(simt_device_create(&cfg, &d));
    simt_module *m = load_module(d, img);
    int *p;
    uint64_t dp = dalloc(d, 64 * 10 * 4, (void **)&p);
    void *args[] = {&dp};
    for (int i = 0; i < 3; i++)
        TRY(simt_launch(d, m, "warp_ops", dim(1, 1, 1), dim(64, 1, 1), 0, args));
    TRY(simt_launch(d, m, "_Z9mangled_kPi", dim(1, 1, 1), dim(64, 1, 1), 0, args));
    TRY(simt_device_finish(d));
    struct simt_device_stats st;
    simt_device_stats(d, &st);
    simt_device_free(d);
    uint32_t n = 0;
    *nkernels = 0;
    if (access(path, F_OK) == 0) {
        simt_trace_reader *r;
        TRY(simt_trace_reader_open(path, &r));
        n = simt_trace_reader_nlaunches(r);
        *nkernels = simt_trace_reader_nkernels(r);
        simt_trace_reader_close(r);
        remove(path);
    }
    CHECK(st.traced_launches == n, "stats say %llu traced, trace has %u",
          (unsigned long long)st.traced_launches, n);
    CHECK(st.launches == 4, "launches %llu", (unsigned long long)st.launches);
    return n;
}

static int t_select(int argc, char **argv)
{
    uint32_t nk;
    CHECK(traced_launches(argv[2], NULL, 0, UINT64_MAX, &nk) == 4 && nk == 2, "all: kernels %u",
          nk);
    CHECK(traced_launches(argv[2], "warp_*", 0, UINT64_MAX, &nk) == 3 && nk == 1, "warp_*");
    CHECK(traced_launches(argv[2], "warp_*", 1, 1, &nk) == 1, "range [1,1]");
    CHECK(traced_launches(argv[2], "mangled_k", 0, UINT64_MAX, &nk) == 1, "demangled name");
    CHECK(traced_launches(argv[2], "mangled_k(int*)", 0, UINT64_MAX, &nk) == 1, "full signature");
    CHECK(traced_launches(argv[2], "_Z9*", 0, UINT64_MAX, &nk) == 1, "mangled glob");
    CHECK(traced_launches(argv[2], "nothing", 0, UINT64_MAX, &nk) == 0, "no match: no file");
    (void)argc;
    return 0;
}

/* --- NVVM intrinsics of the CUDA headers (ir/nvvm.ll) ------------------------------------------
 */

static void b_nvvm(simt_device *d, simt_module *m)
{
    uint32_t *g, *out;
    uint64_t dg = dalloc(d, 64, (void **)&g), dout = dalloc(d, 32 * 8 * 4, (void **)&out);
    void *args[] = {&dg, &dout};
    TRY(simt_launch(d, m, "nvvm", dim(1, 1, 1), dim(32, 1, 1), 0, args));
    float f3;
    memcpy(&f3, &g[3], 4);
    uint64_t g4;
    memcpy(&g4, &g[4], 8);
    CHECK(g[0] == 64 && g[1] == 31 && g[2] == 31 && f3 == 8.0f && g4 == 155 && g[6] == 32 % 5,
          "scoped atomics: %u %u %u %f %llu %u", g[0], g[1], g[2], f3, (unsigned long long)g4,
          g[6]);
    for (uint32_t t = 0; t < 32; t++) {
        const uint32_t *o = out + t * 8;
        CHECK(o[0] == 2 * t, "atomic add ticket %u: %u", t, o[0]);
        CHECK(o[1] == (t == 0 ? 0 : t - 1), "cas old %u: %u", t, o[1]);
        CHECK(o[2] == t % 5, "inc old %u: %u", t, o[2]);
        CHECK(o[3] == 7, "isspacep %u: %u", t, o[3]);
        CHECK(o[4] == (t < 31 ? (t + 1) * 10 : t * 10), "shfl.down %u: %u", t, o[4]);
        CHECK(o[5] == 1999 * 2000 / 2, "stacksave loop %u: %u", t, o[5]);
    }
}

static int t_nvvm(int argc, char **argv)
{
    run_checked(argv[2], b_nvvm);
    (void)argc;
    return 0;
}

/* --- bad input: clear errors, never a crash -------------------------------------------------- */

static int t_badinput(int argc, char **argv)
{
    size_t n;
    char *img = load_file(argv[2], &n);
    simt_device *d = new_device(NULL, SIMT_FMA_FUSE);
    simt_module *m = NULL;
    /* truncated bitcode, garbage, textual IR with a syntax error, empty */
    simt_err e = simt_module_load(d, img, n / 2, "truncated.bc", &m);
    CHECK(e == SIMT_ERR_FORMAT && strstr(simt_errmsg(), "truncated.bc"), "truncated: %s %s",
          simt_err_name(e), simt_errmsg());
    const char junk[] = "\x01\x02 this is not LLVM IR";
    e = simt_module_load(d, junk, sizeof(junk), "junk", &m);
    CHECK(e == SIMT_ERR_FORMAT, "junk: %s", simt_err_name(e));
    const char bad_ll[] = "define void @k() {\n  %x = add i32 1\n  ret void\n}\n";
    e = simt_module_load(d, bad_ll, sizeof(bad_ll) - 1, "bad.ll", &m);
    CHECK(e == SIMT_ERR_FORMAT && strstr(simt_errmsg(), "bad.ll"), "bad.ll: %s", simt_errmsg());
    e = simt_module_load(d, "", 0, "empty", &m);
    CHECK(e == SIMT_ERR_FORMAT, "empty: %s", simt_err_name(e));
    /* unsupported construct at load: integers wider than 128 bits */
    const char wide[] = "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
                        "define void @k(i64 %a) {\n"
                        "  %x = zext i64 %a to i256\n"
                        "  %y = add i256 %x, %x\n"
                        "  ret void\n}\n";
    e = simt_module_load(d, wide, sizeof(wide) - 1, "wide.ll", &m);
    CHECK(e == SIMT_ERR_UNSUPPORTED && strstr(simt_errmsg(), "wider than 128 bits") &&
              strstr(simt_errmsg(), "function k") && strstr(simt_errmsg(), "zext i64 %a to i256"),
          "i256: %s %s", simt_err_name(e), simt_errmsg());
    /* the device still works afterwards; launch errors */
    m = load_module(d, argv[2]);
    uint64_t a = 0;
    void *args[] = {&a, &a, &a, &a};
    e = simt_launch(d, m, "vecadd", dim(1, 1, 1), dim(2048, 1, 1), 0, args);
    CHECK(e == SIMT_ERR_LAUNCH, "block of 2048: %s", simt_err_name(e));
    e = simt_launch(d, m, "vecadd", dim(0, 1, 1), dim(32, 1, 1), 0, args);
    CHECK(e == SIMT_ERR_LAUNCH, "empty grid: %s", simt_err_name(e));
    e = simt_launch(d, m, "nokernel", dim(1, 1, 1), dim(32, 1, 1), 0, args);
    CHECK(e == SIMT_ERR_NOT_FOUND, "unknown kernel: %s", simt_err_name(e));
    e = simt_launch(d, m, "vecadd", dim(1, 1, 1), dim(32, 1, 1), 300000, args);
    CHECK(e == SIMT_ERR_LAUNCH, "too much shared memory: %s", simt_err_name(e));
    e = simt_dev_free(d, 0x1234);
    CHECK(e == SIMT_ERR_INVALID_ARG, "free of a bad pointer: %s", simt_err_name(e));
    uint64_t x;
    TRY(simt_dev_malloc(d, 100, &x));
    CHECK(simt_dev_check(d, x, 100) == SIMT_ERR_OK, "check inside");
    CHECK(simt_dev_check(d, x + 50, 51) == SIMT_ERR_MEMORY_FAULT, "check overrun");
    TRY(simt_dev_free(d, x));
    CHECK(simt_dev_free(d, x) == SIMT_ERR_INVALID_ARG, "double free");
    CHECK(simt_dev_check(d, x, 4) == SIMT_ERR_MEMORY_FAULT, "check freed");
    simt_device_free(d);
    free(img);
    (void)argc;
    return 0;
}

/* --- inline PTX idioms ------------------------------------------------------------------------ */

static uint32_t funnel(uint32_t a, uint32_t b, uint32_t c, int left, int clamp)
{
    uint64_t ba = (uint64_t)b << 32 | a;
    uint32_t s = clamp ? (c > 32 ? 32 : c) : (c & 31);
    return left ? (uint32_t)((ba << s) >> 32) : (uint32_t)(ba >> s);
}

static void b_asm(simt_device *d, simt_module *m)
{
    uint32_t *out;
    uint64_t dout = dalloc(d, 64 * 6 * 4, (void **)&out);
    void *args[] = {&dout};
    TRY(simt_launch(d, m, "asm_k", dim(1, 1, 1), dim(64, 1, 1), 0, args));
    for (uint32_t t = 0; t < 64; t++) {
        const uint32_t *o = out + t * 6;
        uint32_t a = 0x80000001u;
        CHECK(o[0] == t % 32, "laneid %u: %u", t, o[0]);
        CHECK(o[1] == ((t & 1) ? 0xAAAAAAAAu : 0), "activemask %u: %x", t, o[1]);
        CHECK(o[2] == funnel(a, t, t + 3, 1, 0), "shf.l.wrap %u: %x", t, o[2]);
        CHECK(o[3] == funnel(a, t, t + 3, 0, 0), "shf.r.wrap %u: %x", t, o[3]);
        CHECK(o[4] == funnel(a, t, t + 20, 1, 1), "shf.l.clamp %u: %x", t, o[4]);
        CHECK(o[5] == funnel(a, t, t + 20, 0, 1), "shf.r.clamp %u: %x", t, o[5]);
    }
}

static int t_asm(int argc, char **argv)
{
    run_checked(argv[2], b_asm);
    (void)argc;
    return 0;
}

/* --- IR once refused: i128 division, vector GEPs, indirectbr (ir/extended.ll) -------------- */

typedef unsigned __int128 u128;
typedef __int128 s128;

static void wide_inputs(int t, u128 *x, u128 *y)
{
    s128 a = (s128)((u128)((uint64_t)t * 0x9E3779B97F4A7C15ull) << 64 | (uint64_t)(t * 12345 + 7));
    s128 b = t % 4 == 0 ? (s128)((u128)(uint64_t)(t + 1) << 64) + 99 : (s128)(t * 7 + 3);
    if (t & 1)
        a = -a;
    if (t % 3 == 0)
        b = -b;
    if (t == 5)
        b = 0;
    if (t == 6) {
        a = (s128)((u128)1 << 127);
        b = -1;
    }
    if (t == 7)
        b = a;
    *x = (u128)a;
    *y = (u128)b;
}

static void b_extended(simt_device *d, simt_module *m)
{
    uint64_t *in, *out;
    uint64_t din = dalloc(d, 32 * 32, (void **)&in), dout = dalloc(d, 32 * 64, (void **)&out);
    for (int t = 0; t < 32; t++) {
        u128 x, y;
        wide_inputs(t, &x, &y);
        memcpy(&in[4 * t], &x, 16);
        memcpy(&in[4 * t + 2], &y, 16);
    }
    void *args[] = {&dout, &din};
    TRY(simt_launch(d, m, "wide_div", dim(1, 1, 1), dim(32, 1, 1), 0, args));
    for (int t = 0; t < 32; t++) {
        u128 x, y, ones = ~(u128)0;
        wide_inputs(t, &x, &y);
        s128 sx = (s128)x, sy = (s128)y;
        u128 ud = y ? x / y : ones, ur = y ? x % y : x;
        u128 sd = y == 0 ? ones : sy == -1 ? 0 - x : (u128)(sx / sy);
        u128 sr = y == 0 ? x : sy == -1 ? 0 : (u128)(sx % sy);
        u128 uc = x / (((u128)1 << 64) + 13);
        uint64_t e[8] = {(uint64_t)ud, (uint64_t)(ud >> 64), (uint64_t)sd, (uint64_t)ur,
                         (uint64_t)sr, (uint64_t)uc,         x == y,       sx > sy};
        for (int k = 0; k < 8; k++)
            CHECK(out[t * 8 + k] == e[k], "wide_div thread %d value %d: 0x%llx want 0x%llx", t, k,
                  (unsigned long long)out[t * 8 + k], (unsigned long long)e[k]);
    }
    int32_t *b, *o;
    uint64_t db = dalloc(d, 128 * 4, (void **)&b), dob = dalloc(d, 96 * 4, (void **)&o);
    for (int i = 0; i < 128; i++)
        b[i] = i * i + 3;
    void *args2[] = {&dob, &db};
    TRY(simt_launch(d, m, "vgep", dim(1, 1, 1), dim(32, 1, 1), 0, args2));
    for (int t = 0; t < 32; t++) {
        CHECK(o[t] == b[t] + b[t + 2] + b[t + 5] + b[t + 7], "vgep %d: %d", t, o[t]);
        CHECK(o[32 + t] == b[t + 1] + b[t + 3], "vgep vector base %d: %d", t, o[32 + t]);
        CHECK(o[64 + t] == b[2 * t + 1] + b[2 * t + 3], "vgep struct %d: %d", t, o[64 + t]);
    }
    void *args3[] = {&dob};
    TRY(simt_launch(d, m, "ibr", dim(1, 1, 1), dim(64, 1, 1), 0, args3));
    for (int t = 0; t < 64; t++)
        CHECK(o[t] == 100 + t % 3 * 10 + t, "indirectbr %d: %d", t, o[t]);
}

static int t_extended(int argc, char **argv)
{
    run_checked(argv[2], b_extended);
    simt_device *d = new_device(NULL, SIMT_FMA_FUSE);
    simt_module *m = load_module(d, argv[2]);
    void *o;
    uint64_t dout = dalloc(d, 64, &o);
    void *args[] = {&dout};
    simt_err e = simt_launch(d, m, "ibr_bad", dim(1, 1, 1), dim(32, 1, 1), 0, args);
    CHECK(e == SIMT_ERR_TRAP && strstr(simt_errmsg(), "indirectbr to address") &&
              strstr(simt_errmsg(), "kernel ibr_bad"),
          "ibr_bad: %s %s", simt_err_name(e), simt_errmsg());
    simt_device_free(d);
    (void)argc;
    return 0;
}

/* --- barriers: exited threads count as arrived; named barriers with a thread count ------- */

static void b_barrier(simt_device *d, simt_module *m)
{
    int *out;
    uint64_t dout = dalloc(d, 160 * 4, (void **)&out);
    void *args[] = {&dout, NULL};
    static const int ns[] = {40, 20, 64, 1};
    for (int k = 0; k < 4; k++) {
        int n = ns[k];
        args[1] = &n;
        for (int i = 0; i < 64; i++)
            out[i] = -7;
        TRY(simt_launch(d, m, "early_exit_sync", dim(2, 1, 1), dim(64, 1, 1), 0, args));
        for (int i = 0; i < 64; i++)
            CHECK(out[i] == (i < n ? (n - 1 - i) * 3 + 1 : -7),
                  "early_exit_sync n=%d: out[%d] = %d", n, i, out[i]);
        TRY(simt_launch(d, m, "early_exit_loop", dim(1, 1, 1), dim(64, 1, 1), 0, args));
        for (int i = 0; i < 64; i++)
            CHECK(out[i] == (i < n ? i + 1 : -7), "early_exit_loop n=%d: out[%d] = %d", n, i,
                  out[i]);
    }
    for (int i = 0; i < 160; i++)
        out[i] = -7;
    TRY(simt_launch(d, m, "named_pairs", dim(1, 1, 1), dim(160, 1, 1), 0, args));
    for (int i = 0; i < 160; i++) {
        int w = i / 32, e = w == 1 || w == 3 ? (i - 32) * 7 : w == 4 ? -1 : -7;
        CHECK(out[i] == e, "named_pairs: out[%d] = %d, want %d", i, out[i], e);
    }
    TRY(simt_launch(d, m, "named_generations", dim(1, 1, 1), dim(128, 1, 1), 0, args));
    for (int i = 0; i < 128; i++)
        CHECK(out[i] == (i ^ 32), "named_generations: out[%d] = %d", i, out[i]);
    TRY(simt_launch(d, m, "named_all", dim(1, 1, 1), dim(64, 1, 1), 0, args));
    for (int i = 0; i < 64; i++)
        CHECK(out[i] == 163 - i, "named_all: out[%d] = %d", i, out[i]);
}

static int t_barrier(int argc, char **argv)
{
    run_checked(argv[2], b_barrier);
    /* the trace has one barrier instruction per arriving thread, none for exited threads */
    char path[128];
    snprintf(path, sizeof(path), "bar_%d.trace", (int)getpid());
    simt_device *d = new_device(path, SIMT_FMA_FUSE);
    simt_module *m = load_module(d, argv[2]);
    int *out, n = 40;
    uint64_t dout = dalloc(d, 64 * 4, (void **)&out);
    void *args[] = {&dout, &n};
    TRY(simt_launch(d, m, "early_exit_sync", dim(1, 1, 1), dim(64, 1, 1), 0, args));
    TRY(simt_device_finish(d));
    simt_device_free(d);
    simt_trace_reader *r;
    TRY(simt_trace_reader_open(path, &r));
    const struct simt_program *p = simt_trace_reader_program(r, 0);
    simt_cta *cta;
    TRY(simt_cta_load(r, 0, 0, &cta));
    for (uint32_t t = 0; t < simt_cta_nthreads(cta); t++) {
        simt_cursor *cur;
        TRY(simt_cursor_create(cta, t, &cur));
        struct simt_event ev;
        uint32_t nbar = 0, nexit = 0;
        while (simt_cursor_next(cur, &ev) > 0) {
            nbar += p->insts[ev.pc].iclass == SIMT_IC_BARRIER;
            nexit += p->insts[ev.pc].iclass == SIMT_IC_EXIT;
        }
        CHECK(nbar == (t < (uint32_t)n) && nexit == 1, "thread %u: %u barriers, %u exits", t, nbar,
              nexit);
        simt_cursor_free(cur);
    }
    simt_cta_free(cta);
    simt_trace_reader_close(r);
    remove(path);
    /* errors: barriers that cannot complete, bad counts */
    d = new_device(NULL, SIMT_FMA_FUSE);
    m = load_module(d, argv[2]);
    dout = dalloc(d, 64 * 4, (void **)&out);
    simt_err e = simt_launch(d, m, "named_deadlock", dim(1, 1, 1), dim(64, 1, 1), 0, args);
    CHECK(e == SIMT_ERR_BARRIER && strstr(simt_errmsg(), "barrier deadlock") &&
              strstr(simt_errmsg(), "warp 1 at barrier 2 (count 64)"),
          "named_deadlock: %s %s", simt_err_name(e), simt_errmsg());
    e = simt_launch(d, m, "named_badcount", dim(1, 1, 1), dim(64, 1, 1), 0, args);
    CHECK(e == SIMT_ERR_BARRIER && strstr(simt_errmsg(), "multiple of the warp size"),
          "named_badcount: %s %s", simt_err_name(e), simt_errmsg());
    simt_device_free(d);
    (void)argc;
    return 0;
}

/* --- grid-wide barriers (cooperative launches) ------------------------------------------------ */

static void b_gridsync(simt_device *d, simt_module *m)
{
    int *a, *b, *out, *acc;
    int n = 8 * 64 - 5;
    uint64_t da = dalloc(d, 512 * 4, (void **)&a), db = dalloc(d, 512 * 4, (void **)&b),
             dout = dalloc(d, 512 * 4, (void **)&out), dacc = dalloc(d, 16 * 4, (void **)&acc);
    void *args[] = {&da, &db, &dout, &n};
    TRY(simt_launch(d, m, "grid_phases", dim(8, 1, 1), dim(64, 1, 1), 0, args));
    for (int g = 0; g < n; g++) {
        int j = (g + n - 53) % n;
        CHECK(out[g] == ((j + 37) % n + 1) * 2, "grid_phases: out[%d] = %d", g, out[g]);
    }
    int rounds = 3;
    void *args2[] = {&dacc, &dout, &rounds};
    TRY(simt_launch(d, m, "grid_sum", dim(6, 1, 1), dim(32, 1, 1), 0, args2));
    int want = 0;
    for (int r = 0; r < rounds; r++)
        want += 191 * 192 / 2 + 192 * r;
    for (int g = 0; g < 192; g++)
        CHECK(out[g] == want, "grid_sum: out[%d] = %d, want %d", g, out[g], want);
}

static int t_gridsync(int argc, char **argv)
{
    run_checked(argv[2], b_gridsync);
    /* deterministic traces; each thread executes the two grid barriers */
    char p1[128], p2[128];
    snprintf(p1, sizeof(p1), "grid1_%d.trace", (int)getpid());
    snprintf(p2, sizeof(p2), "grid2_%d.trace", (int)getpid());
    run_body(argv[2], b_gridsync, p1, SIMT_FMA_FUSE);
    run_body(argv[2], b_gridsync, p2, SIMT_FMA_FUSE);
    CHECK(same_file(p1, p2), "traces %s and %s differ", p1, p2);
    simt_trace_reader *r;
    TRY(simt_trace_reader_open(p1, &r));
    const struct simt_launch *la = simt_trace_reader_launch(r, 0);
    const struct simt_program *p = simt_trace_reader_program(r, la->kernel);
    CHECK(la->ncta == 8, "grid_phases CTAs %llu", (unsigned long long)la->ncta);
    for (uint64_t c = 0; c < la->ncta; c++) {
        simt_cta *cta;
        TRY(simt_cta_load(r, 0, c, &cta));
        for (uint32_t t = 0; t < simt_cta_nthreads(cta); t++) {
            simt_cursor *cur;
            TRY(simt_cursor_create(cta, t, &cur));
            struct simt_event ev;
            uint32_t nbar = 0, ngrid = 0;
            while (simt_cursor_next(cur, &ev) > 0) {
                nbar += p->insts[ev.pc].iclass == SIMT_IC_BARRIER;
                ngrid += (p->insts[ev.pc].flags & SIMT_IF_GRID) != 0; /* replayed grid-wide */
            }
            CHECK(nbar == 2 && ngrid == 2, "CTA %llu thread %u: %u barriers, %u marked grid-wide",
                  (unsigned long long)c, t, nbar, ngrid);
            simt_cursor_free(cur);
        }
        simt_cta_free(cta);
    }
    simt_trace_reader_close(r);
    remove(p1);
    remove(p2);
    /* errors: a grid larger than what fits at once; a CTA that exits before the barrier */
    simt_device *d = new_device(NULL, SIMT_FMA_FUSE);
    simt_module *m = load_module(d, argv[2]);
    int *o, n = 100;
    uint64_t dout = dalloc(d, 4096 * 4, (void **)&o);
    void *args[] = {&dout, &dout, &dout, &n};
    simt_err e = simt_launch(d, m, "grid_phases", dim(28 * 32 + 1, 1, 1), dim(32, 1, 1), 0, args);
    CHECK(e == SIMT_ERR_LAUNCH && strstr(simt_errmsg(), "the 896 that fit") &&
              strstr(simt_errmsg(), "CTAs per SM (32)"),
          "897 CTAs: %s %s", simt_err_name(e), simt_errmsg());
    e = simt_launch(d, m, "grid_phases", dim(28 * 8 + 1, 1, 1), dim(256, 1, 1), 0, args);
    CHECK(e == SIMT_ERR_LAUNCH && strstr(simt_errmsg(), "the 224 that fit") &&
              strstr(simt_errmsg(), "threads per SM (2048)"),
          "225 CTAs of 256: %s %s", simt_err_name(e), simt_errmsg());
    TRY(simt_launch(d, m, "grid_phases", dim(28 * 8, 1, 1), dim(256, 1, 1), 0, args));
    e = simt_launch(d, m, "grid_early", dim(4, 1, 1), dim(64, 1, 1), 0, args);
    CHECK(e == SIMT_ERR_BARRIER && strstr(simt_errmsg(), "CTA (1,0,0)") &&
              strstr(simt_errmsg(), "3 of 4 CTAs wait"),
          "grid_early: %s %s", simt_err_name(e), simt_errmsg());
    simt_device_free(d);
    (void)argc;
    return 0;
}

/* --- register estimate (ir/regs.ll: known by hand; kernels/regs.cu: real kernel shapes) ---- */

static int t_regs(int argc, char **argv)
{
    simt_device *d = new_device(NULL, SIMT_FMA_FUSE);
    simt_module *m = load_module(d, argv[2]);
    static const struct {
        const char *k;
        uint32_t regs;
    } want[] = {{"r_ten", 14},  {"r_offsets", 8}, {"r_vec", 8},          {"r_loop", 8},
                {"r_call", 10}, {"r_many", 74},   {"r_many_lb1024", 64}, {"r_many_lb256x2", 74}};
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        struct simt_kernel_attrs at;
        TRY(simt_module_kernel_attrs(m, want[i].k, &at));
        CHECK(at.regs_per_thread == want[i].regs, "%s: %u registers per thread, want %u", want[i].k,
              at.regs_per_thread, want[i].regs);
    }
    /* the launch record carries the same figure */
    char path[128];
    snprintf(path, sizeof(path), "regs_%d.trace", (int)getpid());
    simt_device_free(d);
    d = new_device(path, SIMT_FMA_FUSE);
    m = load_module(d, argv[2]);
    float *p;
    uint64_t dp = dalloc(d, 64 * 16, (void **)&p);
    memset(p, 0, 64 * 16);
    void *args[] = {&dp};
    TRY(simt_launch(d, m, "r_vec", dim(1, 1, 1), dim(32, 1, 1), 0, args));
    TRY(simt_device_finish(d));
    simt_device_free(d);
    simt_trace_reader *r;
    TRY(simt_trace_reader_open(path, &r));
    CHECK(simt_trace_reader_nlaunches(r) == 1 &&
              simt_trace_reader_launch(r, 0)->regs_per_thread == 8,
          "launch record: %u registers", simt_trace_reader_launch(r, 0)->regs_per_thread);
    simt_trace_reader_close(r);
    remove(path);
    if (argc > 3) {
        /* 256-thread CTAs of a tiled matrix multiply and an order-8 stencil fit the 16384
         * registers of a GT200 SM (nvcc: 20-40 registers per thread) */
        d = new_device(NULL, SIMT_FMA_FUSE);
        m = load_module(d, argv[3]);
        const char *ks[] = {"_Z8tiled_mmPfPKfS1_ii", "_Z8stencil8PfPKfiii"};
        for (int i = 0; i < 2; i++) {
            struct simt_kernel_attrs at;
            TRY(simt_module_kernel_attrs(m, ks[i], &at));
            CHECK(at.regs_per_thread >= 8 && at.regs_per_thread * 256 <= 16384,
                  "%s: %u registers per thread (a 256-thread CTA needs %u)", ks[i],
                  at.regs_per_thread, at.regs_per_thread * 256);
            printf("%s: %u registers per thread\n", ks[i], at.regs_per_thread);
        }
        simt_device_free(d);
    }
    return 0;
}

struct tcase {
    const char *name;
    int (*fn)(int, char **);
};
static const struct tcase cases[] = {
    {"vecadd", t_vecadd},     {"control", t_control},   {"calls", t_calls},
    {"warp", t_warp},         {"shared", t_shared},     {"atomics", t_atomics},
    {"types", t_types},       {"misc", t_misc},         {"error", t_error},
    {"runtime", t_runtime},   {"fma", t_fma},           {"determinism", t_determinism},
    {"texture", t_texture},   {"reduce", t_reduce},     {"program", t_program},
    {"select", t_select},     {"nvvm", t_nvvm},         {"badinput", t_badinput},
    {"asm", t_asm},           {"regs", t_regs},         {"barrier", t_barrier},
    {"extended", t_extended}, {"gridsync", t_gridsync}, {NULL, NULL},
};

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_tracer <case> <kernel image> [...]\n");
        return 2;
    }
    for (const struct tcase *t = cases; t->name; t++)
        if (strcmp(t->name, argv[1]) == 0) {
            t->fn(argc, argv);
            if (failures)
                fprintf(stderr, "%s: %d failure(s)\n", argv[1], failures);
            return failures ? 1 : 0;
        }
    fprintf(stderr, "test_tracer: unknown case '%s'\n", argv[1]);
    return 2;
}
