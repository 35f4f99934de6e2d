/*
 * test_libdevice.c - unit tests of tracer/libdevice (native CUDA libdevice functions).
 *
 * Usage: test_libdevice <group>, group one of: table invoke int round conv half math fast
 * erf special.  Every function is reached through simt_libdevice_find(), so the tests also
 * check that the names the interpreter looks up are present.  Expected values are exact
 * where CUDA guarantees exactness (integer helpers, IEEE-rounded operations, conversions)
 * and within the CUDA Math API ulp bound, measured against a long double reference,
 * otherwise.
 */
#include <fenv.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_libdevice.h"

static int g_fail;
static int g_checks;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        g_checks++;                                                                                \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);                                  \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            g_fail++;                                                                              \
        }                                                                                          \
    } while (0)

static void (*req(const char *name))(void)
{
    const struct simt_nv_fn *f = simt_libdevice_find(name);
    if (f == NULL || f->fn == NULL) {
        fprintf(stderr, "FAIL: %s is not in the libdevice table\n", name);
        exit(1);
    }
    return f->fn;
}

typedef float (*f_f)(float);
typedef float (*f_ff)(float, float);
typedef float (*f_fff)(float, float, float);
typedef float (*f_ffff)(float, float, float, float);
typedef double (*d_d)(double);
typedef double (*d_dd)(double, double);
typedef double (*d_ddd)(double, double, double);
typedef double (*d_dddd)(double, double, double, double);
typedef int32_t (*i_i)(int32_t);
typedef int32_t (*i_ii)(int32_t, int32_t);
typedef int32_t (*i_iii)(int32_t, int32_t, int32_t);
typedef int32_t (*i_uu)(uint32_t, uint32_t);
typedef uint32_t (*u_uu)(uint32_t, uint32_t);
typedef uint32_t (*u_uuu)(uint32_t, uint32_t, uint32_t);
typedef int64_t (*l_l)(int64_t);
typedef int64_t (*l_ll)(int64_t, int64_t);
typedef uint64_t (*L_LL)(uint64_t, uint64_t);
typedef int32_t (*i_l)(int64_t);
typedef int32_t (*i_f)(float);
typedef int32_t (*i_d)(double);
typedef uint32_t (*u_f)(float);
typedef uint32_t (*u_d)(double);
typedef int64_t (*l_f)(float);
typedef int64_t (*l_d)(double);
typedef uint64_t (*L_f)(float);
typedef uint64_t (*L_d)(double);
typedef float (*f_i)(int32_t);
typedef float (*f_u)(uint32_t);
typedef float (*f_l)(int64_t);
typedef float (*f_L)(uint64_t);
typedef float (*f_d)(double);
typedef double (*d_i)(int32_t);
typedef double (*d_u)(uint32_t);
typedef double (*d_l)(int64_t);
typedef double (*d_L)(uint64_t);
typedef double (*d_ii)(int32_t, int32_t);
typedef uint64_t (*L_d)(double);
typedef uint16_t (*h_f)(float);
typedef float (*f_h)(uint16_t);
typedef float (*f_fi)(float, int32_t);
typedef double (*d_di)(double, int32_t);
typedef float (*f_if)(int32_t, float);
typedef double (*d_id)(int32_t, double);
typedef float (*f_fI)(float, int32_t *);
typedef float (*f_fp)(float, float *);
typedef float (*f_ffI)(float, float, int32_t *);
typedef void (*v_fpp)(float, float *, float *);
typedef void (*v_dPP)(double, double *, double *);

#define FN(type, name) ((type)req("__nv_" #name))

static uint32_t fbits(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}
static uint64_t dbits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}
static float bitsf(uint32_t u)
{
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* Same value and same sign of zero; any two NaNs are equal. */
static int feq(float a, float b)
{
    if (a != a || b != b)
        return a != a && b != b;
    return fbits(a) == fbits(b);
}
static int deq(double a, double b)
{
    if (a != a || b != b)
        return a != a && b != b;
    return dbits(a) == dbits(b);
}

/* Error of a float result r against a long double reference, in float ulps of ref. */
static double ulp_err_f(float r, long double ref)
{
    if (ref != ref)
        return r != r ? 0.0 : 1e30;
    if (isinf(ref) || isinf(r))
        return (long double)r == ref ? 0.0 : 1e30;
    long double a = fabsl(ref);
    int e = a < (long double)FLT_MIN ? -126 : ilogbl(a);
    long double ulp = ldexpl(1.0L, e - 23);
    return (double)(fabsl((long double)r - ref) / ulp);
}
static double ulp_err_d(double r, long double ref)
{
    if (ref != ref)
        return r != r ? 0.0 : 1e30;
    if (isinf(ref) || isinf(r))
        return (long double)r == ref ? 0.0 : 1e30;
    long double a = fabsl(ref);
    int e = a < (long double)DBL_MIN ? -1022 : ilogbl(a);
    long double ulp = ldexpl(1.0L, e - 52);
    return (double)(fabsl((long double)r - ref) / ulp);
}

/* Sweep n points over [lo, hi] (both included) of a one-argument function. */
typedef long double (*ref1)(long double);
static void sweep_f(const char *name, ref1 ref, double bound, float lo, float hi, int n)
{
    f_f f = (f_f)req(name);
    double worst = 0.0;
    float at = lo;
    for (int i = 0; i <= n; i++) {
        float x = lo + (hi - lo) * ((float)i / (float)n);
        double e = ulp_err_f(f(x), ref((long double)x));
        if (e > worst) {
            worst = e;
            at = x;
        }
    }
    CHECK(worst <= bound, "%s: %.2f ulp at x=%a (bound %.1f)", name, worst, (double)at, bound);
}
static void sweep_d(const char *name, ref1 ref, double bound, double lo, double hi, int n)
{
    d_d f = (d_d)req(name);
    double worst = 0.0, at = lo;
    for (int i = 0; i <= n; i++) {
        double x = lo + (hi - lo) * ((double)i / (double)n);
        double e = ulp_err_d(f(x), ref((long double)x));
        if (e > worst) {
            worst = e;
            at = x;
        }
    }
    CHECK(worst <= bound, "%s: %.2f ulp at x=%a (bound %.1f)", name, worst, at, bound);
}

/* ---- table ------------------------------------------------------------------------------ */

static const char *const required[] = {
    "mul24",
    "umul24",
    "mulhi",
    "umulhi",
    "mul64hi",
    "umul64hi",
    "exp",
    "expf",
    "fast_expf",
    "exp2f",
    "exp10f",
    "expm1f",
    "powif",
    "powi",
    "powf",
    "pow",
    "fast_powf",
    "sqrtf",
    "sqrt",
    "rsqrtf",
    "rsqrt",
    "cbrtf",
    "cbrt",
    "logf",
    "log",
    "log10f",
    "log2f",
    "log1pf",
    "log10",
    "log2",
    "fast_logf",
    "fast_log2f",
    "fast_log10f",
    "fast_fdividef",
    "fdiv_rn",
    "fdiv_rz",
    "fdiv_ru",
    "fdiv_rd",
    "fabsf",
    "fabs",
    "atanf",
    "atan2f",
    "asinf",
    "acosf",
    "atan",
    "atan2",
    "sinhf",
    "coshf",
    "tanhf",
    "tanh",
    "sinf",
    "cosf",
    "tanf",
    "sin",
    "cos",
    "tan",
    "sincosf",
    "sincos",
    "fast_sinf",
    "fast_cosf",
    "fast_tanf",
    "fast_sincosf",
    "sinpif",
    "cospif",
    "fmodf",
    "fmod",
    "remainderf",
    "isinff",
    "isnanf",
    "isinfd",
    "isnand",
    "isfinited",
    "finitef",
    "signbitf",
    "signbitd",
    "ceilf",
    "ceil",
    "floorf",
    "floor",
    "truncf",
    "trunc",
    "roundf",
    "round",
    "rintf",
    "rint",
    "nearbyintf",
    "llrintf",
    "llroundf",
    "erff",
    "erf",
    "erfcf",
    "erfc",
    "erfinvf",
    "erfcinvf",
    "normcdff",
    "normcdf",
    "normcdfinvf",
    "lgammaf",
    "tgammaf",
    "fminf",
    "fmaxf",
    "fmin",
    "fmax",
    "fmaf",
    "fma",
    "fmaf_rn",
    "fmaf_rz",
    "fmaf_ru",
    "fmaf_rd",
    "fma_rn",
    "fma_rz",
    "fma_ru",
    "fma_rd",
    "saturatef",
    "max",
    "min",
    "umax",
    "umin",
    "llmax",
    "llmin",
    "ullmax",
    "ullmin",
    "abs",
    "llabs",
    "popc",
    "popcll",
    "clz",
    "clzll",
    "ffs",
    "ffsll",
    "brev",
    "brevll",
    "byte_perm",
    "sad",
    "usad",
    "hadd",
    "rhadd",
    "uhadd",
    "urhadd",
    "frexpf",
    "ldexpf",
    "ldexp",
    "scalbnf",
    "modff",
    "copysignf",
    "copysign",
    "hypotf",
    "hypot",
    "nextafterf",
    "fdimf",
    "ilogbf",
    "logbf",
    "fadd_rz",
    "dadd_rn",
    "dmul_ru",
    "ddiv_rd",
    "fmul_rn",
    "frcp_rn",
    "fsqrt_rn",
    "dsqrt_rn",
    "drcp_rn",
    "float2int_rn",
    "float2int_rz",
    "float2int_ru",
    "float2int_rd",
    "float2uint_rn",
    "float2ll_rz",
    "float2ull_rd",
    "double2int_rn",
    "double2uint_rz",
    "double2ll_ru",
    "double2ull_rd",
    "double2float_rn",
    "double2float_rz",
    "double2float_ru",
    "double2float_rd",
    "int2float_rn",
    "int2float_rz",
    "int2float_ru",
    "int2float_rd",
    "uint2float_rn",
    "ll2float_rz",
    "ull2float_ru",
    "ll2double_rd",
    "int2double_rn",
    "float_as_int",
    "int_as_float",
    "double_as_longlong",
    "longlong_as_double",
    "double2hiint",
    "double2loint",
    "hiloint2double",
    "float2half_rn",
    "half2float",
};

static void test_table(void)
{
    unsigned n = simt_libdevice_count();
    CHECK(n >= 330, "only %u functions", n);
    for (unsigned i = 0; i < n; i++) {
        const struct simt_nv_fn *f = simt_libdevice_at(i);
        CHECK(f != NULL && f->name && f->sig && f->fn, "entry %u incomplete", i);
        if (f == NULL || f->name == NULL || f->sig == NULL)
            continue;
        CHECK(strncmp(f->name, "__nv_", 5) == 0, "%s: not an __nv_ name", f->name);
        CHECK(simt_libdevice_sig_valid(f->sig), "%s: bad signature '%s'", f->name, f->sig);
        CHECK(f->iclass < SIMT_IC_NUM_, "%s: iclass %u", f->name, f->iclass);
        CHECK(simt_libdevice_find(f->name) == f, "%s: find does not return it", f->name);
        if (i > 0) {
            const struct simt_nv_fn *p = simt_libdevice_at(i - 1);
            CHECK(strcmp(p->name, f->name) < 0, "not sorted/unique: %s, %s", p->name, f->name);
        }
    }
    CHECK(simt_libdevice_at(n) == NULL, "at(count) not NULL");
    CHECK(simt_libdevice_find(NULL) == NULL, "find(NULL)");
    CHECK(simt_libdevice_find("__nv_no_such_function") == NULL, "unknown name found");
    CHECK(simt_libdevice_find("__nv_") == NULL, "prefix found");
    CHECK(simt_libdevice_find("expf") == NULL, "name without prefix found");
    CHECK(simt_libdevice_find("__nv_abs") != NULL && simt_libdevice_find("__nv_ynf") != NULL,
          "first/last entries");
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        char name[64];
        snprintf(name, sizeof name, "__nv_%s", required[i]);
        CHECK(simt_libdevice_find(name) != NULL, "required %s missing", name);
    }
    static const char *const bad[] = {"", "f", "f;f", "x:f", "p:f", "f:v", "f:fx", "ff"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(!simt_libdevice_sig_valid(bad[i]), "'%s' accepted", bad[i]);
    CHECK(!simt_libdevice_sig_valid(NULL), "NULL accepted");
    CHECK(simt_libdevice_sig_valid("f:") && simt_libdevice_sig_valid("v:fpp") &&
              simt_libdevice_sig_valid("d:ddI"),
          "good signatures rejected");
    /* a few classes the timing model depends on */
    CHECK(simt_libdevice_find("__nv_expf")->iclass == SIMT_IC_SFU, "expf class");
    CHECK(simt_libdevice_find("__nv_popc")->iclass == SIMT_IC_INT, "popc class");
    CHECK(simt_libdevice_find("__nv_fabsf")->iclass == SIMT_IC_FP32, "fabsf class");
    CHECK(simt_libdevice_find("__nv_fmax")->iclass == SIMT_IC_FP64, "fmax class");
    CHECK(strcmp(simt_libdevice_find("__nv_sincosf")->sig, "v:fpp") == 0, "sincosf sig");
    CHECK(strcmp(simt_libdevice_find("__nv_frexpf")->sig, "f:fI") == 0, "frexpf sig");
    CHECK(strcmp(simt_libdevice_find("__nv_pow")->sig, "d:dd") == 0, "pow sig");
}

/* ---- invoke ----------------------------------------------------------------------------- */

static void test_invoke(void)
{
    unsigned n = simt_libdevice_count();
    /* every entry has a caller shape; call each once with zero/one arguments */
    for (unsigned i = 0; i < n; i++) {
        const struct simt_nv_fn *f = simt_libdevice_at(i);
        float pf[2] = {0, 0};
        double pd[2] = {0, 0};
        int32_t pi = 0;
        uint64_t args[4] = {0, 0, 0, 0}, ret = 0xdeadbeef;
        int nf = 0, nd = 0;
        for (int k = 0; f->sig[2 + k]; k++) {
            switch (f->sig[2 + k]) {
            case 'p':
                args[k] = (uint64_t)(uintptr_t)&pf[nf++];
                break;
            case 'P':
                args[k] = (uint64_t)(uintptr_t)&pd[nd++];
                break;
            case 'I':
                args[k] = (uint64_t)(uintptr_t)&pi;
                break;
            case 'f':
                args[k] = fbits(1.0f);
                break;
            case 'd':
                args[k] = dbits(1.0);
                break;
            default:
                args[k] = 1;
                break;
            }
        }
        CHECK(simt_libdevice_invoke(f, args, &ret) == 0, "%s (%s): invoke failed", f->name, f->sig);
        if (f->sig[0] == 'v')
            CHECK(ret == 0, "%s: void result not 0", f->name);
        else if (strchr("fiuh", f->sig[0]))
            CHECK(ret >> 32 == 0, "%s: 32-bit result not zero-extended", f->name);
    }
    CHECK(simt_libdevice_invoke(NULL, NULL, NULL) == -1, "invoke(NULL)");
    struct simt_nv_fn bogus = {"__nv_bogus", "f:ffffff", SIMT_IC_SFU,
                               simt_libdevice_find("__nv_expf")->fn};
    uint64_t a6[6] = {0};
    CHECK(simt_libdevice_invoke(&bogus, a6, NULL) == -1, "unknown shape accepted");

    uint64_t args[3], ret;
    args[0] = fbits(2.0f);
    CHECK(simt_libdevice_invoke(simt_libdevice_find("__nv_sqrtf"), args, &ret) == 0 &&
              ret == fbits(sqrtf(2.0f)),
          "invoke sqrtf");
    args[0] = (uint32_t)-7;
    args[1] = 3;
    CHECK(simt_libdevice_invoke(simt_libdevice_find("__nv_mul24"), args, &ret) == 0 &&
              ret == (uint32_t)-21,
          "invoke mul24: %llx", (unsigned long long)ret);
    args[0] = dbits(2.0);
    args[1] = dbits(10.0);
    CHECK(simt_libdevice_invoke(simt_libdevice_find("__nv_pow"), args, &ret) == 0 &&
              ret == dbits(1024.0),
          "invoke pow");
    float s = -1, c = -1;
    args[0] = fbits(0.0f);
    args[1] = (uint64_t)(uintptr_t)&s;
    args[2] = (uint64_t)(uintptr_t)&c;
    CHECK(simt_libdevice_invoke(simt_libdevice_find("__nv_sincosf"), args, NULL) == 0 &&
              s == 0.0f && c == 1.0f,
          "invoke sincosf");
    int32_t e = 0;
    args[0] = fbits(8.0f);
    args[1] = (uint64_t)(uintptr_t)&e;
    CHECK(simt_libdevice_invoke(simt_libdevice_find("__nv_frexpf"), args, &ret) == 0 &&
              ret == fbits(0.5f) && e == 4,
          "invoke frexpf");
    args[0] = fbits(1.0f);
    CHECK(simt_libdevice_invoke(simt_libdevice_find("__nv_float2half_rn"), args, &ret) == 0 &&
              ret == 0x3c00,
          "invoke float2half_rn");
    args[0] = 0xffffffff; /* int -1 */
    CHECK(simt_libdevice_invoke(simt_libdevice_find("__nv_int2double_rn"), args, &ret) == 0 &&
              ret == dbits(-1.0),
          "invoke int2double_rn");
    args[0] = (uint64_t)-5;
    CHECK(simt_libdevice_invoke(simt_libdevice_find("__nv_llabs"), args, &ret) == 0 && ret == 5,
          "invoke llabs");
}

/* ---- integer ---------------------------------------------------------------------------- */

static void test_int(void)
{
    CHECK(FN(i_ii, mul24)(-1, 5) == -5, "mul24(-1,5)");
    CHECK(FN(i_ii, mul24)(0x01000001, 3) == 3, "mul24 ignores the high byte");
    CHECK(FN(i_ii, mul24)(0x800000, 2) == -0x1000000, "mul24 sign-extends bit 23");
    CHECK(FN(i_ii, mul24)(0x7fffff, 0x7fffff) == (int32_t)0xff000001u, "mul24 low 32 bits");
    CHECK(FN(u_uu, umul24)(0xff000002u, 3) == 6, "umul24");
    CHECK(FN(u_uu, umul24)(0xffffff, 0xffffff) == 0xfe000001u, "umul24 wrap");
    CHECK(FN(i_ii, mulhi)(INT32_MIN, INT32_MIN) == 0x40000000, "mulhi");
    CHECK(FN(i_ii, mulhi)(-1, 1) == -1, "mulhi(-1,1)");
    CHECK(FN(u_uu, umulhi)(0xffffffffu, 0xffffffffu) == 0xfffffffeu, "umulhi");
    CHECK(FN(l_ll, mul64hi)(-1, 1) == -1, "mul64hi");
    CHECK(FN(l_ll, mul64hi)(INT64_MIN, INT64_MIN) == INT64_C(0x4000000000000000), "mul64hi");
    CHECK(FN(L_LL, umul64hi)(UINT64_MAX, UINT64_MAX) == UINT64_MAX - 1, "umul64hi");
    CHECK(FN(i_i, popc)(-1) == 32 && FN(i_i, popc)(0x10101) == 3, "popc");
    CHECK(FN(i_l, popcll)(-1) == 64 && FN(i_l, popcll)(0) == 0, "popcll");
    CHECK(FN(i_i, clz)(0) == 32 && FN(i_i, clz)(1) == 31 && FN(i_i, clz)(-1) == 0, "clz");
    CHECK(FN(i_l, clzll)(0) == 64 && FN(i_l, clzll)(1) == 63, "clzll");
    CHECK(FN(i_i, ffs)(0) == 0 && FN(i_i, ffs)(8) == 4 && FN(i_i, ffs)(INT32_MIN) == 32, "ffs");
    CHECK(FN(i_l, ffsll)(INT64_C(1) << 40) == 41 && FN(i_l, ffsll)(0) == 0, "ffsll");
    CHECK(FN(i_i, brev)(1) == INT32_MIN && FN(i_i, brev)(0x12345678) == 0x1e6a2c48, "brev");
    CHECK(FN(l_l, brevll)(1) == INT64_MIN && FN(l_l, brevll)(INT64_MIN) == 1, "brevll");
    CHECK(FN(i_iii, byte_perm)(0x33221100, 0x77665544, 0x5410) == 0x55441100, "byte_perm");
    CHECK(FN(i_iii, byte_perm)(0x33221100, 0x77665544, 0x0123) == 0x00112233, "byte_perm rev");
    CHECK(FN(i_iii, byte_perm)(0x33221100, 0x77665544, 0x7777) == 0x77777777, "byte_perm y");
    CHECK(FN(i_iii, byte_perm)(0x33221100, 0x77665544, 0x89ab) == 0x00112233,
          "byte_perm uses 3 bits per selector");
    CHECK(FN(i_iii, sad)(1, 5, 10) == 14 && FN(i_iii, sad)(5, 1, -10) == -6, "sad");
    CHECK(FN(i_iii, sad)(INT32_MIN, INT32_MAX, 0) == -1, "sad wide difference");
    CHECK(FN(u_uuu, usad)(3, 10, 1) == 8 && FN(u_uuu, usad)(10, 3, 1) == 8, "usad");
    CHECK(FN(i_ii, hadd)(INT32_MAX, INT32_MAX) == INT32_MAX && FN(i_ii, hadd)(-3, 0) == -2, "hadd");
    CHECK(FN(i_ii, rhadd)(1, 2) == 2 && FN(i_ii, rhadd)(-3, 0) == -1, "rhadd");
    CHECK(FN(i_uu, uhadd)(UINT32_MAX, UINT32_MAX) == -1 && FN(i_uu, uhadd)(1, 2) == 1, "uhadd");
    CHECK(FN(u_uu, urhadd)(UINT32_MAX, 0) == 0x80000000u && FN(u_uu, urhadd)(1, 2) == 2, "urhadd");
    CHECK(FN(i_i, abs)(-5) == 5 && FN(i_i, abs)(INT32_MIN) == INT32_MIN, "abs");
    CHECK(FN(l_l, llabs)(-5) == 5 && FN(l_l, llabs)(INT64_MIN) == INT64_MIN, "llabs");
    CHECK(FN(i_ii, max)(-1, 1) == 1 && FN(i_ii, min)(-1, 1) == -1, "max/min");
    CHECK(FN(u_uu, umax)(0xffffffffu, 1) == 0xffffffffu && FN(u_uu, umin)(0xffffffffu, 1) == 1,
          "umax/umin");
    CHECK(FN(l_ll, llmax)(-1, INT64_MIN) == -1 && FN(l_ll, llmin)(-1, INT64_MIN) == INT64_MIN,
          "llmax/llmin");
    CHECK(FN(L_LL, ullmax)(UINT64_MAX, 1) == UINT64_MAX && FN(L_LL, ullmin)(UINT64_MAX, 1) == 1,
          "ullmax/ullmin");
    CHECK(FN(i_f, float_as_int)(1.0f) == 0x3f800000, "float_as_int");
    CHECK(FN(u_f, float_as_uint)(-0.0f) == 0x80000000u, "float_as_uint");
    CHECK(FN(f_i, int_as_float)(0x40490fdb) == 3.14159274f, "int_as_float");
    CHECK(FN(f_u, uint_as_float)(0xbf800000u) == -1.0f, "uint_as_float");
    CHECK(FN(L_d, double_as_longlong)(1.0) == UINT64_C(0x3ff0000000000000), "double_as_ll");
    CHECK(FN(d_l, longlong_as_double)(INT64_C(0x4000000000000000)) == 2.0, "ll_as_double");
    CHECK(FN(i_d, double2hiint)(-2.0) == (int32_t)0xc0000000u, "double2hiint");
    CHECK(FN(i_d, double2loint)(1.0 + 0x1p-52) == 1, "double2loint");
    CHECK(FN(d_ii, hiloint2double)(0x3ff00000, 1) == 1.0 + 0x1p-52, "hiloint2double");
}

/* ---- directed rounding ------------------------------------------------------------------ */

static void test_round(void)
{
    const float one_up = nextafterf(1.0f, 2.0f), one_dn = nextafterf(1.0f, 0.0f);
    CHECK(FN(f_ff, fadd_rz)(1.0f, 1e-8f) == 1.0f, "fadd_rz");
    CHECK(FN(f_ff, fadd_ru)(1.0f, 1e-8f) == one_up, "fadd_ru");
    CHECK(FN(f_ff, fadd_rd)(1.0f, 1e-8f) == 1.0f, "fadd_rd");
    CHECK(FN(f_ff, fadd_rn)(1.0f, 1e-8f) == 1.0f, "fadd_rn");
    CHECK(FN(f_ff, fadd_rd)(1.0f, -1e-8f) == one_dn, "fadd_rd down");
    CHECK(FN(f_ff, fadd_rz)(-1.0f, -1e-8f) == -1.0f, "fadd_rz negative");
    CHECK(FN(f_ff, fadd_rd)(-1.0f, -1e-8f) == -one_up, "fadd_rd negative");
    CHECK(FN(f_ff, fadd_rn)(0x1p24f, 1.0f) == 0x1p24f, "fadd_rn tie to even");
    CHECK(FN(f_ff, fadd_rn)(0x1p24f, 3.0f) == 0x1p24f + 4.0f, "fadd_rn tie to even up");
    CHECK(FN(f_ff, fadd_rd)(1.0f, -1.0f) == 0.0f && signbit(FN(f_ff, fadd_rd)(1.0f, -1.0f)),
          "x - x is -0 when rounding down");
    CHECK(FN(f_ff, fsub_ru)(1.0f, 1e-8f) == 1.0f && FN(f_ff, fsub_rd)(1.0f, 1e-8f) == one_dn,
          "fsub");
    CHECK(FN(f_ff, fsub_rn)(3.0f, 1.0f) == 2.0f && FN(f_ff, fsub_rz)(1.0f, 1e-8f) == one_dn,
          "fsub rn/rz");
    CHECK(FN(f_ff, fmul_rz)(one_up, one_up) == 1.0f + 0x1p-22f, "fmul_rz");
    CHECK(FN(f_ff, fmul_ru)(one_up, one_up) == 1.0f + 0x3p-23f, "fmul_ru");
    CHECK(FN(f_ff, fmul_rn)(one_up, one_up) == 1.0f + 0x1p-22f, "fmul_rn");
    CHECK(FN(f_ff, fmul_rd)(-one_up, one_up) == -(1.0f + 0x3p-23f), "fmul_rd");
    const float third = 1.0f / 3.0f;
    CHECK(FN(f_ff, fdiv_rn)(1.0f, 3.0f) == third, "fdiv_rn");
    CHECK(FN(f_ff, fdiv_ru)(1.0f, 3.0f) == third, "fdiv_ru");
    CHECK(FN(f_ff, fdiv_rz)(1.0f, 3.0f) == nextafterf(third, 0.0f), "fdiv_rz");
    CHECK(FN(f_ff, fdiv_rd)(1.0f, 3.0f) == nextafterf(third, 0.0f), "fdiv_rd");
    CHECK(FN(f_ff, fdiv_rn)(1.0f, 0.0f) == INFINITY, "fdiv_rn by zero");
    CHECK(FN(f_f, frcp_rz)(3.0f) == nextafterf(third, 0.0f) && FN(f_f, frcp_rn)(3.0f) == third,
          "frcp");
    CHECK(FN(f_f, frcp_ru)(3.0f) == third && FN(f_f, frcp_rd)(-3.0f) == -third, "frcp ru/rd");
    float s2z = FN(f_f, fsqrt_rz)(2.0f), s2u = FN(f_f, fsqrt_ru)(2.0f);
    CHECK((double)s2z < sqrt(2.0) && (double)s2u > sqrt(2.0) && nextafterf(s2z, 2) == s2u,
          "fsqrt_rz/ru bracket sqrt 2");
    CHECK(FN(f_f, fsqrt_rn)(2.0f) == sqrtf(2.0f) && FN(f_f, fsqrt_rd)(2.0f) == s2z, "fsqrt");
    CHECK(FN(f_f, fsqrt_rn)(-0.0f) == 0.0f && signbit(FN(f_f, fsqrt_rn)(-0.0f)), "fsqrt(-0)");
    CHECK(FN(d_dd, dadd_rz)(1.0, 1e-20) == 1.0, "dadd_rz");
    CHECK(FN(d_dd, dadd_ru)(1.0, 1e-20) == nextafter(1.0, 2.0), "dadd_ru");
    CHECK(FN(d_dd, dadd_rn)(1.0, 1e-20) == 1.0 && FN(d_dd, dadd_rd)(1.0, -1e-20) < 1.0,
          "dadd rn/rd");
    CHECK(FN(d_dd, dsub_rd)(1.0, 1e-20) == nextafter(1.0, 0.0) &&
              FN(d_dd, dsub_ru)(1.0, 1e-20) == 1.0 && FN(d_dd, dsub_rz)(1.0, 1e-20) < 1.0 &&
              FN(d_dd, dsub_rn)(1.0, 1e-20) == 1.0,
          "dsub");
    double d3 = 1.0 / 3.0;
    CHECK(FN(d_dd, ddiv_rn)(1.0, 3.0) == d3, "ddiv_rn");
    CHECK(FN(d_dd, ddiv_rd)(1.0, 3.0) == d3 && FN(d_dd, ddiv_rz)(1.0, 3.0) == d3, "ddiv rd/rz");
    CHECK(FN(d_dd, ddiv_ru)(1.0, 3.0) == nextafter(d3, 1.0), "ddiv_ru");
    double up = nextafter(1.0, 2.0);
    CHECK(FN(d_dd, dmul_ru)(up, up) == 1.0 + 0x3p-52 && FN(d_dd, dmul_rz)(up, up) == 1.0 + 0x1p-51,
          "dmul ru/rz");
    CHECK(FN(d_dd, dmul_rn)(up, up) == 1.0 + 0x1p-51 && FN(d_dd, dmul_rd)(up, up) == 1.0 + 0x1p-51,
          "dmul rn/rd");
    CHECK(FN(d_d, dsqrt_rn)(4.0) == 2.0 && FN(d_d, dsqrt_rz)(4.0) == 2.0 &&
              FN(d_d, dsqrt_ru)(4.0) == 2.0 && FN(d_d, dsqrt_rd)(4.0) == 2.0,
          "dsqrt exact");
    CHECK(FN(d_d, dsqrt_ru)(2.0) == nextafter(FN(d_d, dsqrt_rd)(2.0), 2.0), "dsqrt ru/rd");
    CHECK(FN(d_d, drcp_rn)(4.0) == 0.25 && FN(d_d, drcp_rz)(3.0) == d3 &&
              FN(d_d, drcp_ru)(3.0) == nextafter(d3, 1.0) && FN(d_d, drcp_rd)(3.0) == d3,
          "drcp");
    /* fma: one rounding */
    float a = 1.0f + 0x1p-12f;
    CHECK(FN(f_fff, fmaf)(a, a, -1.0f) == 0x1p-11f + 0x1p-24f, "fmaf single rounding");
    CHECK(FN(f_fff, fmaf_rn)(a, a, -1.0f) == 0x1p-11f + 0x1p-24f, "fmaf_rn");
    CHECK(FN(f_fff, fmaf_rz)(1.0f, 1.0f, 1e-8f) == 1.0f, "fmaf_rz");
    CHECK(FN(f_fff, fmaf_ru)(1.0f, 1.0f, 1e-8f) == one_up, "fmaf_ru");
    CHECK(FN(f_fff, fmaf_rd)(1.0f, 1.0f, -1e-8f) == one_dn, "fmaf_rd");
    CHECK(FN(f_fff, fmaf_ieee_ru)(1.0f, 1.0f, 1e-8f) == one_up &&
              FN(f_fff, fmaf_ieee_rd)(1.0f, 1.0f, -1e-8f) == one_dn &&
              FN(f_fff, fmaf_ieee_rz)(1.0f, 1.0f, 1e-8f) == 1.0f &&
              FN(f_fff, fmaf_ieee_rn)(a, a, -1.0f) == 0x1p-11f + 0x1p-24f,
          "fmaf_ieee");
    double b = 1.0 + 0x1p-27;
    CHECK(FN(d_ddd, fma)(b, b, -1.0) == 0x1p-26 + 0x1p-54, "fma single rounding");
    CHECK(FN(d_ddd, fma_rn)(b, b, -1.0) == 0x1p-26 + 0x1p-54, "fma_rn");
    CHECK(FN(d_ddd, fma_ru)(1.0, 1.0, 1e-30) == nextafter(1.0, 2.0), "fma_ru");
    CHECK(FN(d_ddd, fma_rz)(1.0, 1.0, 1e-30) == 1.0, "fma_rz");
    CHECK(FN(d_ddd, fma_rd)(1.0, 1.0, -1e-30) == nextafter(1.0, 0.0), "fma_rd");
    /* the caller's rounding mode is restored, and does not leak into the operation */
    CHECK(fegetround() == FE_TONEAREST, "rounding mode not restored");
    fesetround(FE_UPWARD);
    float r1 = FN(f_ff, fadd_rn)(1.0f, 1e-8f);
    double r2 = FN(d_dd, dadd_rz)(1.0, 1e-20);
    float r3 = FN(f_i, int2float_rn)(16777217);
    int mode = fegetround();
    fesetround(FE_TONEAREST);
    CHECK(r1 == 1.0f && r2 == 1.0 && r3 == 16777216.0f, "host mode leaked into rn/rz");
    CHECK(mode == FE_UPWARD, "caller's mode (upward) not restored");
}

/* ---- conversions ------------------------------------------------------------------------ */

static void test_conv(void)
{
    const float nanf_ = NAN;
    CHECK(FN(i_f, float2int_rn)(2.5f) == 2 && FN(i_f, float2int_rn)(3.5f) == 4 &&
              FN(i_f, float2int_rn)(-2.5f) == -2 && FN(i_f, float2int_rn)(2.5000002f) == 3,
          "float2int_rn ties to even");
    CHECK(FN(i_f, float2int_rz)(-2.7f) == -2 && FN(i_f, float2int_ru)(2.1f) == 3 &&
              FN(i_f, float2int_rd)(-2.1f) == -3 && FN(i_f, float2int_ru)(-2.9f) == -2,
          "float2int directed");
    CHECK(FN(i_f, float2int_rn)(nanf_) == 0 && FN(i_f, float2int_rz)(nanf_) == 0, "NaN -> 0");
    CHECK(FN(i_f, float2int_rz)(3e9f) == INT32_MAX && FN(i_f, float2int_rz)(-3e9f) == INT32_MIN,
          "float2int saturates");
    CHECK(FN(i_f, float2int_rn)(INFINITY) == INT32_MAX &&
              FN(i_f, float2int_rd)(-INFINITY) == INT32_MIN,
          "float2int inf");
    CHECK(FN(i_f, float2int_rz)(-0x1p31f) == INT32_MIN &&
              FN(i_f, float2int_rz)(0x1p31f) == INT32_MAX,
          "float2int 2^31 edges");
    CHECK(FN(u_f, float2uint_rz)(-1.0f) == 0 && FN(u_f, float2uint_ru)(-0.5f) == 0 &&
              FN(u_f, float2uint_rz)(5e9f) == UINT32_MAX && FN(u_f, float2uint_rn)(nanf_) == 0,
          "float2uint saturates");
    CHECK(FN(u_f, float2uint_rn)(3e9f) == 3000000000u && FN(u_f, float2uint_rd)(1.9f) == 1 &&
              FN(u_f, float2uint_ru)(1.1f) == 2,
          "float2uint");
    CHECK(FN(l_f, float2ll_rz)(1e19f) == INT64_MAX && FN(l_f, float2ll_rz)(-1e19f) == INT64_MIN &&
              FN(l_f, float2ll_rz)(-0x1p63f) == INT64_MIN && FN(l_f, float2ll_rn)(nanf_) == 0,
          "float2ll saturates");
    CHECK(FN(l_f, float2ll_rd)(-0.5f) == -1 && FN(l_f, float2ll_ru)(0x1p40f) == INT64_C(1) << 40,
          "float2ll");
    CHECK(FN(L_f, float2ull_rz)(2e19f) == UINT64_MAX && FN(L_f, float2ull_rn)(-3.0f) == 0 &&
              FN(L_f, float2ull_rn)(1e19f) == (uint64_t)1e19f && FN(L_f, float2ull_rd)(nanf_) == 0,
          "float2ull");
    CHECK(FN(i_d, double2int_rn)(2147483647.4) == INT32_MAX &&
              FN(i_d, double2int_rn)(2147483647.6) == INT32_MAX &&
              FN(i_d, double2int_rd)(-2147483648.5) == INT32_MIN &&
              FN(i_d, double2int_ru)(-2147483648.5) == INT32_MIN &&
              FN(i_d, double2int_rz)(-2147483648.9) == INT32_MIN &&
              FN(i_d, double2int_rn)(-1.5) == -2 && FN(i_d, double2int_rn)(NAN) == 0,
          "double2int");
    CHECK(FN(u_d, double2uint_ru)(4294967294.5) == 4294967295u &&
              FN(u_d, double2uint_rn)(4294967295.5) == UINT32_MAX &&
              FN(u_d, double2uint_rz)(-0.9) == 0 && FN(u_d, double2uint_rd)(7.9) == 7,
          "double2uint");
    CHECK(FN(l_d, double2ll_rn)(0x1p62) == INT64_C(1) << 62 &&
              FN(l_d, double2ll_ru)(0x1p63) == INT64_MAX &&
              FN(l_d, double2ll_rd)(-0x1p63) == INT64_MIN && FN(l_d, double2ll_rz)(-2.5) == -2 &&
              FN(l_d, double2ll_rn)(4503599627370497.0) == INT64_C(4503599627370497),
          "double2ll");
    CHECK(FN(L_d, double2ull_rz)(-5.0) == 0 && FN(L_d, double2ull_rz)(0x1p64) == UINT64_MAX &&
              FN(L_d, double2ull_rn)(NAN) == 0 &&
              FN(L_d, double2ull_rd)(0x1p63) == UINT64_C(1) << 63,
          "double2ull");
    CHECK(FN(l_f, llrintf)(2.5f) == 2 && FN(l_f, llroundf)(2.5f) == 3 &&
              FN(l_f, llroundf)(-2.5f) == -3 && FN(l_f, llrintf)(nanf_) == 0,
          "llrintf/llroundf");
    CHECK(FN(l_d, llround)(1e300) == INT64_MAX && FN(l_d, llrint)(-1e300) == INT64_MIN &&
              FN(l_d, llround)(-0.5) == -1 && FN(l_d, llrint)(0.5) == 0,
          "llrint/llround");
    CHECK(FN(f_i, int2float_rn)(16777217) == 16777216.0f &&
              FN(f_i, int2float_rz)(16777217) == 16777216.0f &&
              FN(f_i, int2float_ru)(16777217) == 16777218.0f &&
              FN(f_i, int2float_rd)(16777217) == 16777216.0f &&
              FN(f_i, int2float_rd)(-16777217) == -16777218.0f &&
              FN(f_i, int2float_rn)(16777219) == 16777220.0f,
          "int2float");
    CHECK(FN(f_u, uint2float_ru)(0xffffffffu) == 0x1p32f &&
              FN(f_u, uint2float_rz)(0xffffffffu) == 4294967040.0f &&
              FN(f_u, uint2float_rn)(0xffffffffu) == 0x1p32f &&
              FN(f_u, uint2float_rd)(0xffffffffu) == 4294967040.0f,
          "uint2float");
    CHECK(FN(f_l, ll2float_rz)(INT64_MAX) == 0x1p63f - 0x1p39f &&
              FN(f_l, ll2float_rn)(INT64_MAX) == 0x1p63f &&
              FN(f_l, ll2float_ru)(INT64_MIN + 1) == -(0x1p63f - 0x1p39f) &&
              FN(f_l, ll2float_rd)(INT64_MIN + 1) == -0x1p63f,
          "ll2float");
    CHECK(FN(f_L, ull2float_rz)(UINT64_MAX) == 0x1p64f - 0x1p40f &&
              FN(f_L, ull2float_rn)(UINT64_MAX) == 0x1p64f &&
              FN(f_L, ull2float_ru)((UINT64_C(1) << 63) + 1) == 0x1p63f + 0x1p40f &&
              FN(f_L, ull2float_rd)((UINT64_C(1) << 63) + 1) == 0x1p63f,
          "ull2float");
    CHECK(FN(d_l, ll2double_rz)((INT64_C(1) << 53) + 1) == 0x1p53 &&
              FN(d_l, ll2double_ru)((INT64_C(1) << 53) + 1) == 0x1p53 + 2 &&
              FN(d_l, ll2double_rn)((INT64_C(1) << 53) + 1) == 0x1p53 &&
              FN(d_l, ll2double_rd)(-(INT64_C(1) << 53) - 1) == -0x1p53 - 2,
          "ll2double");
    CHECK(FN(d_L, ull2double_ru)(UINT64_MAX) == 0x1p64 &&
              FN(d_L, ull2double_rz)(UINT64_MAX) == 0x1p64 - 2048 &&
              FN(d_L, ull2double_rd)(UINT64_MAX) == 0x1p64 - 2048 &&
              FN(d_L, ull2double_rn)(UINT64_MAX) == 0x1p64,
          "ull2double");
    CHECK(FN(d_i, int2double_rn)(INT32_MIN) == -0x1p31 &&
              FN(d_u, uint2double_rn)(UINT32_MAX) == 4294967295.0,
          "int2double/uint2double");
    CHECK(FN(f_d, double2float_rz)(1.0 + 0x1p-30) == 1.0f &&
              FN(f_d, double2float_ru)(1.0 + 0x1p-30) == nextafterf(1.0f, 2.0f) &&
              FN(f_d, double2float_rd)(-1.0 - 0x1p-30) == -nextafterf(1.0f, 2.0f) &&
              FN(f_d, double2float_rn)(1.0 + 0x1p-30) == 1.0f,
          "double2float directed");
    CHECK(FN(f_d, double2float_rn)(1e300) == INFINITY &&
              FN(f_d, double2float_rz)(1e300) == FLT_MAX &&
              FN(f_d, double2float_rd)(1e300) == FLT_MAX &&
              FN(f_d, double2float_ru)(-1e300) == -FLT_MAX &&
              FN(f_d, double2float_ru)(1e-300) == 0x1p-149f &&
              FN(f_d, double2float_rn)(1e-300) == 0.0f,
          "double2float overflow/underflow");
    CHECK(fbits(FN(f_d, double2float_rn)(NAN)) == 0x7fffffffu, "double2float NaN canonical");
}

/* ---- half ------------------------------------------------------------------------------- */

static void test_half(void)
{
    h_f f2h = FN(h_f, float2half_rn);
    f_h h2f = FN(f_h, half2float);
    CHECK(f2h(1.0f) == 0x3c00 && f2h(-2.0f) == 0xc000 && f2h(0.0f) == 0 && f2h(-0.0f) == 0x8000,
          "float2half simple");
    CHECK(f2h(65504.0f) == 0x7bff && f2h(65519.99f) == 0x7bff && f2h(65520.0f) == 0x7c00 &&
              f2h(1e10f) == 0x7c00 && f2h(-INFINITY) == 0xfc00,
          "float2half overflow");
    CHECK(f2h(NAN) == 0x7fff && f2h(-NAN) == 0x7fff, "float2half NaN");
    CHECK(f2h(0x1p-24f) == 0x0001 && f2h(0x1p-25f) == 0 && f2h(0x1.000002p-25f) == 1 &&
              f2h(0x1.8p-24f) == 2 && f2h(0x1.4p-23f) == 2 && f2h(-0x1p-26f) == 0x8000,
          "float2half subnormal rounding");
    CHECK(f2h(0x1p-14f) == 0x0400 && f2h(0x1.ffep-15f) == 0x0400 && f2h(0x1.ff8p-15f) == 0x3ff,
          "float2half normal/subnormal boundary %x %x", f2h(0x1.ffep-15f), f2h(0x1.ff8p-15f));
    CHECK(f2h(1.0f + 0x1p-11f) == 0x3c00 && f2h(1.0f + 0x3p-11f) == 0x3c02 &&
              f2h(1.0f + 0x1.02p-11f) == 0x3c01,
          "float2half ties to even");
    CHECK(h2f(0x3c00) == 1.0f && h2f(0x7bff) == 65504.0f && h2f(0x0001) == 0x1p-24f &&
              h2f(0x8000) == 0.0f && signbit(h2f(0x8000)) && h2f(0xfc00) == -INFINITY &&
              isnan(h2f(0x7e00)) && h2f(0x03ff) == 0x1.ff8p-15f,
          "half2float");
    int bad = 0;
    for (uint32_t h = 0; h < 0x10000u; h++) {
        float v = h2f((uint16_t)h);
        int isnanh = (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) != 0;
        if (isnanh ? !isnan(v) : f2h(v) != h)
            bad++;
    }
    CHECK(bad == 0, "half round trip: %d failures", bad);
    /* nearest: for a sweep of floats, no neighbour of the result is closer */
    bad = 0;
    for (uint32_t u = 0x33000000u; u < 0x477fe000u; u += 4099u) {
        float x = bitsf(u);
        uint16_t h = f2h(x);
        double e = fabs((double)h2f(h) - x);
        if (h > 0 && fabs((double)h2f((uint16_t)(h - 1)) - x) < e)
            bad++;
        if (h < 0x7bff && fabs((double)h2f((uint16_t)(h + 1)) - x) < e)
            bad++;
    }
    CHECK(bad == 0, "float2half not nearest: %d", bad);
}

/* ---- accurate math ---------------------------------------------------------------------- */

static long double r_exp10(long double x)
{
    return powl(10.0L, x);
}
static long double r_rsqrt(long double x)
{
    return 1.0L / sqrtl(x);
}
static long double r_rcbrt(long double x)
{
    return 1.0L / cbrtl(x);
}
static long double r_lgamma(long double x)
{
    int s;
    return lgammal_r(x, &s);
}
static long double r_normcdf(long double x)
{
    return 0.5L * erfcl(-x / sqrtl(2.0L));
}
/* sin(pi x), cos(pi x): reduce x exactly to r in [-1/2, 1/2] first (sin(pi x) = +-sin(pi r),
 * cos(pi x) = sin(pi (1/2 - x)) reduced the same way) so the product with pi stays accurate. */
static long double r_sinpi(long double x)
{
    long double r = x - 2.0L * nearbyintl(x / 2.0L); /* exact, |r| <= 1 */
    if (r > 0.5L)
        r = 1.0L - r;
    else if (r < -0.5L)
        r = -1.0L - r;
    return sinl(r * 3.14159265358979323846264338327950288L);
}
static long double r_cospi(long double x)
{
    return r_sinpi(0.5L - x); /* exact for the |x| < 4 swept here */
}
static long double r_erfcx(long double x)
{
    return expl(x * x) * erfcl(x);
}
/* I0/I1 reference: power series summed from the smallest term (independent of the order
 * the implementation uses), valid for the moderate arguments swept here. */
static long double r_bessel(int nu, long double x)
{
    long double t[200];
    long double q = x * x / 4.0L, term = 1.0L;
    int n = 0;
    for (int k = 0; k < 200; k++) {
        if (k > 0)
            term *= q / ((long double)k * (k + nu));
        t[n++] = term;
    }
    long double s = 0.0L;
    for (int k = n - 1; k >= 0; k--)
        s += t[k];
    return nu ? s * x / 2.0L : s;
}
static long double r_i0(long double x)
{
    return r_bessel(0, x);
}
static long double r_i1(long double x)
{
    return r_bessel(1, x);
}

static void test_math(void)
{
    /* ulp bounds: CUDA Math API, "Mathematical Functions" accuracy tables */
    sweep_f("__nv_expf", expl, 2, -87.0f, 88.0f, 997);
    sweep_f("__nv_exp2f", exp2l, 2, -125.0f, 127.0f, 997);
    sweep_f("__nv_exp10f", r_exp10, 2, -37.0f, 38.0f, 997);
    sweep_f("__nv_expm1f", expm1l, 1, -10.0f, 10.0f, 997);
    sweep_f("__nv_logf", logl, 1, 1e-30f, 1e30f, 997);
    sweep_f("__nv_log2f", log2l, 1, 1e-3f, 1e3f, 997);
    sweep_f("__nv_log10f", log10l, 2, 1e-3f, 1e3f, 997);
    sweep_f("__nv_log1pf", log1pl, 1, -0.9f, 100.0f, 997);
    sweep_f("__nv_sinf", sinl, 2, -100.0f, 100.0f, 997);
    sweep_f("__nv_cosf", cosl, 2, -100.0f, 100.0f, 997);
    sweep_f("__nv_tanf", tanl, 4, -10.0f, 10.0f, 997);
    sweep_f("__nv_sinhf", sinhl, 3, -80.0f, 80.0f, 997);
    sweep_f("__nv_coshf", coshl, 2, -80.0f, 80.0f, 997);
    sweep_f("__nv_tanhf", tanhl, 2, -10.0f, 10.0f, 997);
    sweep_f("__nv_asinf", asinl, 2, -1.0f, 1.0f, 997);
    sweep_f("__nv_acosf", acosl, 2, -1.0f, 1.0f, 997);
    sweep_f("__nv_atanf", atanl, 2, -100.0f, 100.0f, 997);
    sweep_f("__nv_asinhf", asinhl, 3, -100.0f, 100.0f, 997);
    sweep_f("__nv_acoshf", acoshl, 4, 1.0f, 100.0f, 997);
    sweep_f("__nv_atanhf", atanhl, 3, -0.99f, 0.99f, 997);
    sweep_f("__nv_sqrtf", sqrtl, 0.5, 0.0f, 1e6f, 997);
    sweep_f("__nv_rsqrtf", r_rsqrt, 2, 1e-6f, 1e6f, 997);
    sweep_f("__nv_frsqrt_rn", r_rsqrt, 0.501, 1e-6f, 1e6f, 997);
    sweep_f("__nv_cbrtf", cbrtl, 1, -1e6f, 1e6f, 997);
    sweep_f("__nv_rcbrtf", r_rcbrt, 1, 1e-6f, 1e6f, 997);
    sweep_f("__nv_erff", erfl, 2, -4.0f, 4.0f, 997);
    sweep_f("__nv_erfcf", erfcl, 4, -4.0f, 10.0f, 997);
    sweep_f("__nv_erfcxf", r_erfcx, 4, -9.0f, 30.0f, 997);
    sweep_f("__nv_normcdff", r_normcdf, 5, -14.0f, 8.0f, 997);
    sweep_f("__nv_lgammaf", r_lgamma, 6, 0.01f, 100.0f, 997);
    sweep_f("__nv_tgammaf", tgammal, 5, 0.01f, 30.0f, 997);
    sweep_f("__nv_sinpif", r_sinpi, 2, -3.9f, 3.9f, 997);
    sweep_f("__nv_cospif", r_cospi, 2, -3.9f, 3.9f, 997);
    sweep_f("__nv_cyl_bessel_i0f", r_i0, 6, -30.0f, 30.0f, 997);
    sweep_f("__nv_cyl_bessel_i1f", r_i1, 6, -30.0f, 30.0f, 997);
    sweep_d("__nv_exp", expl, 1, -700.0, 700.0, 997);
    sweep_d("__nv_exp2", exp2l, 1, -1000.0, 1000.0, 997);
    sweep_d("__nv_exp10", r_exp10, 1, -300.0, 300.0, 997);
    sweep_d("__nv_expm1", expm1l, 1, -10.0, 10.0, 997);
    sweep_d("__nv_log", logl, 1, 1e-300, 1e300, 997);
    sweep_d("__nv_log2", log2l, 1, 1e-3, 1e3, 997);
    sweep_d("__nv_log10", log10l, 1, 1e-3, 1e3, 997);
    sweep_d("__nv_log1p", log1pl, 1, -0.9, 100.0, 997);
    sweep_d("__nv_sin", sinl, 2, -100.0, 100.0, 997);
    sweep_d("__nv_cos", cosl, 2, -100.0, 100.0, 997);
    sweep_d("__nv_tan", tanl, 2, -10.0, 10.0, 997);
    sweep_d("__nv_sinh", sinhl, 2, -700.0, 700.0, 997);
    sweep_d("__nv_cosh", coshl, 1, -700.0, 700.0, 997);
    sweep_d("__nv_tanh", tanhl, 1, -20.0, 20.0, 997);
    sweep_d("__nv_asin", asinl, 2, -1.0, 1.0, 997);
    sweep_d("__nv_acos", acosl, 2, -1.0, 1.0, 997);
    sweep_d("__nv_atan", atanl, 2, -100.0, 100.0, 997);
    sweep_d("__nv_asinh", asinhl, 2, -100.0, 100.0, 997);
    sweep_d("__nv_acosh", acoshl, 2, 1.0, 100.0, 997);
    sweep_d("__nv_atanh", atanhl, 2, -0.99, 0.99, 997);
    sweep_d("__nv_sqrt", sqrtl, 0.5, 0.0, 1e300, 997);
    sweep_d("__nv_rsqrt", r_rsqrt, 1, 1e-300, 1e300, 997);
    sweep_d("__nv_cbrt", cbrtl, 1, -1e300, 1e300, 997);
    sweep_d("__nv_rcbrt", r_rcbrt, 1, 1e-300, 1e300, 997);
    sweep_d("__nv_erf", erfl, 2, -6.0, 6.0, 997);
    sweep_d("__nv_erfc", erfcl, 5, -6.0, 26.0, 997);
    sweep_d("__nv_erfcx", r_erfcx, 4, -26.0, 40.0, 997);
    sweep_d("__nv_normcdf", r_normcdf, 5, -38.0, 8.0, 997);
    sweep_d("__nv_lgamma", r_lgamma, 4, 0.01, 1000.0, 997);
    sweep_d("__nv_tgamma", tgammal, 8, 0.01, 170.0, 997);
    sweep_d("__nv_sinpi", r_sinpi, 2, -3.9, 3.9, 997);
    sweep_d("__nv_cospi", r_cospi, 2, -3.9, 3.9, 997);
    sweep_d("__nv_cyl_bessel_i0", r_i0, 6, -40.0, 40.0, 997);
    sweep_d("__nv_cyl_bessel_i1", r_i1, 6, -40.0, 40.0, 997);

    /* known values and documented special cases */
    CHECK(FN(f_f, expf)(-INFINITY) == 0.0f && FN(f_f, expf)(INFINITY) == INFINITY &&
              FN(f_f, expf)(0.0f) == 1.0f,
          "expf specials");
    CHECK(FN(f_f, logf)(0.0f) == -INFINITY && isnan(FN(f_f, logf)(-1.0f)) &&
              FN(f_f, logf)(1.0f) == 0.0f,
          "logf specials");
    CHECK(feq(FN(f_f, sqrtf)(-0.0f), -0.0f) && isnan(FN(f_f, sqrtf)(-1.0f)), "sqrtf specials");
    CHECK(FN(f_f, rsqrtf)(0.0f) == INFINITY && FN(f_f, rsqrtf)(-0.0f) == -INFINITY &&
              FN(f_f, rsqrtf)(INFINITY) == 0.0f && FN(f_f, rsqrtf)(4.0f) == 0.5f,
          "rsqrtf specials");
    CHECK(FN(d_d, rsqrt)(0.25) == 2.0 && FN(d_d, rcbrt)(8.0) == 0.5 &&
              FN(f_f, rcbrtf)(-0.0f) == -INFINITY,
          "rsqrt/rcbrt");
    CHECK(feq(FN(f_f, sinpif)(1.0f), 0.0f) && feq(FN(f_f, sinpif)(-1.0f), -0.0f) &&
              FN(f_f, sinpif)(0.5f) == 1.0f && FN(f_f, sinpif)(-0.5f) == -1.0f &&
              feq(FN(f_f, cospif)(0.5f), 0.0f) && feq(FN(f_f, cospif)(-1.5f), 0.0f) &&
              FN(f_f, cospif)(1.0f) == -1.0f && isnan(FN(f_f, sinpif)(INFINITY)),
          "sinpif/cospif exact points");
    CHECK(feq((float)FN(d_d, sinpi)(1e300), 0.0f) && FN(d_d, cospi)(0x1p52 + 1) == -1.0 &&
              FN(d_d, sinpi)(0x1p51 + 0.5) == 1.0 && FN(d_d, cospi)(2.5) == 0.0 &&
              fabs(FN(d_d, sinpi)(1.0 / 6.0) - 0.5) < 1e-16,
          "sinpi/cospi");
    float s = 0, c = 0;
    FN(v_fpp, sincospif)(0.25f, &s, &c);
    CHECK(ulp_err_f(s, sqrtl(0.5L)) <= 1 && ulp_err_f(c, sqrtl(0.5L)) <= 1, "sincospif");
    FN(v_fpp, sincosf)(1.0f, &s, &c);
    CHECK(ulp_err_f(s, sinl(1.0L)) <= 2 && ulp_err_f(c, cosl(1.0L)) <= 2, "sincosf");
    double sd = 0, cd = 0;
    FN(v_dPP, sincos)(1.0, &sd, &cd);
    CHECK(ulp_err_d(sd, sinl(1.0L)) <= 1 && ulp_err_d(cd, cosl(1.0L)) <= 1, "sincos");
    FN(v_dPP, sincospi)(-0.5, &sd, &cd);
    CHECK(sd == -1.0 && deq(cd, 0.0), "sincospi(-0.5)");
    CHECK(FN(f_ff, powf)(2.0f, 10.0f) == 1024.0f && isnan(FN(f_ff, powf)(-8.0f, 1.0f / 3.0f)) &&
              FN(f_ff, powf)(0.0f, -1.0f) == INFINITY && FN(f_ff, powf)(-1.0f, INFINITY) == 1.0f,
          "powf");
    CHECK(ulp_err_d(FN(d_dd, pow)(2.0, 0.5), sqrtl(2.0L)) <= 1 && FN(d_dd, pow)(NAN, 0.0) == 1.0,
          "pow");
    CHECK(FN(f_fi, powif)(2.0f, 10) == 1024.0f && FN(f_fi, powif)(2.0f, -2) == 0.25f &&
              FN(f_fi, powif)(0.0f, 0) == 1.0f && FN(f_fi, powif)(-2.0f, 3) == -8.0f,
          "powif");
    CHECK(ulp_err_d(FN(d_di, powi)(3.0, 40), powl(3.0L, 40.0L)) <= 1 &&
              FN(d_di, powi)(2.0, -1074) == 0x1p-1074,
          "powi");
    CHECK(FN(f_ff, fmodf)(5.5f, 2.0f) == 1.5f && FN(f_ff, remainderf)(5.5f, 2.0f) == -0.5f &&
              FN(d_dd, fmod)(-5.5, 2.0) == -1.5 && FN(d_dd, remainder)(7.0, 2.0) == -1.0,
          "fmod/remainder");
    int32_t q = 0;
    float rq = FN(f_ffI, remquof)(7.0f, 2.0f, &q);
    CHECK(rq == -1.0f && (q & 7) == 4, "remquof %g %d", (double)rq, q);
    double rqd = ((double (*)(double, double, int32_t *))req("__nv_remquo"))(-7.0, 2.0, &q);
    CHECK(rqd == 1.0 && q < 0 && (-q & 7) == 4, "remquo %g %d", rqd, q);
    CHECK(FN(f_ff, hypotf)(3.0f, 4.0f) == 5.0f && FN(d_dd, hypot)(INFINITY, NAN) == INFINITY &&
              FN(f_ff, rhypotf)(3.0f, 4.0f) == 0.2f && FN(d_dd, rhypot)(INFINITY, 1.0) == 0.0,
          "hypot/rhypot");
    CHECK(FN(d_dd, hypot)(1e300, 1e300) == 1e300 * sqrt(2.0), "hypot no overflow");
    CHECK(FN(f_fff, norm3df)(2.0f, 3.0f, 6.0f) == 7.0f &&
              FN(d_ddd, norm3d)(1e300, 1e300, 1e300) == (double)(1e300L * sqrtl(3.0L)) &&
              FN(f_ffff, norm4df)(INFINITY, NAN, 0, 0) == INFINITY &&
              FN(d_dddd, rnorm4d)(1.0, 1.0, 1.0, 1.0) == 0.5 &&
              isnan(FN(f_fff, rnorm3df)(NAN, 1, 1)) &&
              FN(f_ffff, rnorm4df)(0.5f, 0.5f, 0.5f, 0.5f) == 1.0f &&
              FN(d_dddd, norm4d)(1, 1, 1, 1) == 2.0 && FN(d_ddd, rnorm3d)(0, 0, 0) == INFINITY,
          "norm family");
    CHECK(FN(f_f, roundf)(2.5f) == 3.0f && FN(f_f, roundf)(-2.5f) == -3.0f &&
              FN(f_f, rintf)(2.5f) == 2.0f && FN(f_f, nearbyintf)(-2.5f) == -2.0f &&
              FN(f_f, truncf)(-2.7f) == -2.0f && feq(FN(f_f, ceilf)(-0.5f), -0.0f) &&
              FN(f_f, floorf)(-0.5f) == -1.0f,
          "float rounding");
    CHECK(FN(d_d, round)(0.5) == 1.0 && FN(d_d, rint)(0.5) == 0.0 &&
              FN(d_d, nearbyint)(1.5) == 2.0 && FN(d_d, trunc)(-1.5) == -1.0 &&
              FN(d_d, ceil)(1.2) == 2.0 && FN(d_d, floor)(-1.2) == -2.0,
          "double rounding");
    CHECK(FN(f_f, lgammaf)(1.0f) == 0.0f && FN(f_f, tgammaf)(5.0f) == 24.0f &&
              ulp_err_d(FN(d_d, tgamma)(0.5), sqrtl(3.14159265358979323846264338327950288L)) <= 2 &&
              FN(d_d, lgamma)(2.0) == 0.0 && FN(f_f, lgammaf)(0.0f) == INFINITY,
          "gamma");
    CHECK(FN(f_f, j0f)(0.0f) == 1.0f && FN(f_f, y0f)(0.0f) == -INFINITY &&
              FN(f_f, j1f)(0.0f) == 0.0f && FN(d_d, j0)(0.0) == 1.0 &&
              FN(d_d, y1)(0.0) == -INFINITY,
          "bessel j/y at 0");
    CHECK(fabs(FN(f_if, jnf)(2, 1.0f) - 0.11490348493190048) < 2e-7 &&
              fabs(FN(d_id, jn)(2, 1.0) - 0.11490348493190048047) < 1e-15 &&
              fabs(FN(d_id, yn)(1, 1.0) + 0.78121282130028871655) < 1e-15 &&
              fabs(FN(f_if, ynf)(1, 1.0f) + 0.78121282130028871655) < 2e-7 &&
              fabs(FN(d_d, j1)(1.0) - 0.44005058574493351596) < 1e-15 &&
              fabs(FN(d_d, y0)(1.0) - 0.08825696421567695798) < 1e-15 &&
              fabs(FN(f_f, y1f)(1.0f) + 0.78121282130028871655) < 2e-7,
          "bessel j/y known values");
    CHECK(FN(d_d, cyl_bessel_i0)(0.0) == 1.0 && FN(d_d, cyl_bessel_i1)(0.0) == 0.0 &&
              ulp_err_d(FN(d_d, cyl_bessel_i0)(1.0), 1.26606587775200833559824462521L) <= 2 &&
              ulp_err_d(FN(d_d, cyl_bessel_i1)(1.0), 0.56515910399248502720769602760986L) <= 2,
          "bessel i known values");
}

/* ---- erfinv family: residual of the inverse, in ulps of the result ---------------------- */

#define LD_2_SQRTPI 1.12837916709551257389615890312154517L

/* ulps by which x misses the root of erf(x) = y (|y| <= 0.5) or erfc(|x|) = z. */
static double inv_err(long double x, int use_erfc, long double target, int is_float)
{
    if (isinf(x) || x != x)
        return 1e30;
    long double d = LD_2_SQRTPI * expl(-x * x); /* |erf'(x)| = |erfc'(x)| */
    long double res = use_erfc ? erfcl(fabsl(x)) - target : erfl(x) - target;
    long double dx = fabsl(res) / d;
    long double ax = fabsl(x);
    int e = ax == 0.0L ? (is_float ? -126 : -1022) : ilogbl(ax);
    long double ulp = ldexpl(1.0L, e - (is_float ? 23 : 52));
    return (double)(dx / ulp);
}

static void test_erf(void)
{
    d_d erfinv = FN(d_d, erfinv), erfcinv = FN(d_d, erfcinv), ncinv = FN(d_d, normcdfinv);
    f_f erfinvf = FN(f_f, erfinvf), erfcinvf = FN(f_f, erfcinvf), ncinvf = FN(f_f, normcdfinvf);
    double w_d = 0, w_f = 0, w_cd = 0, w_cf = 0, w_nd = 0, w_nf = 0;
    for (int i = -1000; i <= 1000; i++) {
        double y = i / 1000.5;
        double x = erfinv(y);
        float yf = (float)y, xf = erfinvf(yf);
        double ay = fabs(y);
        double e = ay <= 0.5 ? inv_err(x, 0, y, 0) : inv_err(x, 1, 1.0L - ay, 0);
        double ef = fabsf(yf) <= 0.5f ? inv_err(xf, 0, yf, 1) : inv_err(xf, 1, 1.0L - fabsf(yf), 1);
        if (i != 0) {
            w_d = e > w_d ? e : w_d;
            w_f = ef > w_f ? ef : w_f;
        }
    }
    for (int k = 1; k <= 1074; k += 7) { /* erfcinv tails down to the subnormal range */
        double z = ldexp(1.0, -k);
        double e = inv_err(erfcinv(z), 1, z, 0);
        w_cd = e > w_cd ? e : w_cd;
        double n = ncinv(z / 2.0); /* normcdfinv(p) = -sqrt2 erfcinv(2p) */
        double en = inv_err(-n / sqrtl(2.0L), 1, z, 0);
        w_nd = en > w_nd ? en : w_nd;
        if (k <= 149) {
            float zf = ldexpf(1.0f, -k);
            double ef = inv_err(erfcinvf(zf), 1, zf, 1);
            w_cf = ef > w_cf ? ef : w_cf;
            if (k < 149) {
                double enf = inv_err(-(long double)ncinvf(zf / 2.0f) / sqrtl(2.0L), 1, zf, 1);
                w_nf = enf > w_nf ? enf : w_nf;
            }
        }
    }
    /* the float results carry the rounding of the ulp itself; an extra 0.5 for the
     * conversion of the target in normcdfinv, whose scale by sqrt 2 is not exact */
    printf("worst ulp: erfinv %.2f erfinvf %.2f erfcinv %.2f erfcinvf %.2f normcdfinv %.2f "
           "normcdfinvf %.2f\n",
           w_d, w_f, w_cd, w_cf, w_nd, w_nf);
    CHECK(w_d <= 2.0, "erfinv: %.2f ulp (bound 5)", w_d);
    CHECK(w_f <= 1.0, "erfinvf: %.2f ulp (bound 2)", w_f);
    CHECK(w_cd <= 2.0, "erfcinv: %.2f ulp (bound 6)", w_cd);
    CHECK(w_cf <= 1.0, "erfcinvf: %.2f ulp (bound 4)", w_cf);
    CHECK(w_nd <= 3.0, "normcdfinv: %.2f ulp (bound 8)", w_nd);
    CHECK(w_nf <= 2.0, "normcdfinvf: %.2f ulp (bound 5)", w_nf);
    double wz = 0; /* erfcinv over (0.5, 2): the upper half maps to negative results */
    for (int i = 1; i < 1000; i++) {
        double z = 0.5 + 1.5 * i / 1000.0;
        double x = erfcinv(z);
        double e = z <= 1.5 ? inv_err(x, 0, 1.0L - z, 0) : inv_err(x, 1, 2.0L - z, 0);
        CHECK(z < 1.0 ? x > 0 : z > 1.0 ? x < 0 : x == 0, "erfcinv(%g) sign", z);
        wz = e > wz ? e : wz;
    }
    CHECK(wz <= 2.0, "erfcinv mid range: %.2f ulp", wz);
    CHECK(erfinv(0.0) == 0.0 && deq(erfinv(-0.0), -0.0) && erfinv(1.0) == INFINITY &&
              erfinv(-1.0) == -INFINITY && isnan(erfinv(1.5)) && isnan(erfinv(NAN)),
          "erfinv specials");
    CHECK(erfinvf(1.0f) == INFINITY && isnan(erfinvf(-2.0f)) && erfinvf(0.0f) == 0.0f,
          "erfinvf specials");
    CHECK(erfcinv(0.0) == INFINITY && erfcinv(2.0) == -INFINITY && erfcinv(1.0) == 0.0 &&
              isnan(erfcinv(-0.1)) && isnan(erfcinv(2.1)),
          "erfcinv specials");
    CHECK(erfcinvf(0.0f) == INFINITY && erfcinvf(2.0f) == -INFINITY && erfcinvf(1.0f) == 0.0f,
          "erfcinvf specials");
    CHECK(ncinv(0.5) == 0.0 && ncinv(0.0) == -INFINITY && ncinv(1.0) == INFINITY &&
              isnan(ncinv(1.5)) && ncinvf(0.5f) == 0.0f,
          "normcdfinv specials");
    CHECK(ulp_err_d(ncinv(0.975), 1.95996398454005423552459443052055152L) <= 2,
          "normcdfinv(0.975)");
    CHECK(FN(f_f, normcdff)(0.0f) == 0.5f && FN(d_d, normcdf)(-INFINITY) == 0.0 &&
              FN(d_d, normcdf)(INFINITY) == 1.0,
          "normcdf specials");
    CHECK(
        FN(d_d, erfcx)(0.0) == 1.0 && FN(f_f, erfcxf)(INFINITY) == 0.0f &&
            FN(d_d, erfcx)(-30.0) == INFINITY &&
            ulp_err_d(FN(d_d, erfcx)(1e10), 1.0L / (1e10L * 1.77245385090551602729816748L)) <= 2 &&
            ulp_err_d(FN(d_d, erfcx)(1e200), 1.0L / (1e200L * 1.77245385090551602729816748L)) <= 2,
        "erfcx large arguments");
}

/* ---- fast intrinsics -------------------------------------------------------------------- */

static void test_fast(void)
{
    f_f fexp = FN(f_f, fast_expf), fexp10 = FN(f_f, fast_exp10f);
    f_f flog = FN(f_f, fast_logf), flog2 = FN(f_f, fast_log2f), flog10 = FN(f_f, fast_log10f);
    f_f fsin = FN(f_f, fast_sinf), fcos = FN(f_f, fast_cosf), ftan = FN(f_f, fast_tanf);
    f_ff fdiv = FN(f_ff, fast_fdividef), fpow = FN(f_ff, fast_powf);
    int bad = 0;
    for (int i = 0; i <= 2000; i++) {
        float x = -80.0f + 0.08f * (float)i;
        /* CUDA Math API: __expf 2 + floor(|1.173 x|) ulp; __exp10f 2 + floor(|2.97 x|) */
        if (ulp_err_f(fexp(x), expl(x)) > 2.0 + floor(fabs(1.173 * x)))
            bad++;
        float x10 = x / 3.0f;
        if (ulp_err_f(fexp10(x10), powl(10.0L, x10)) > 2.0 + floor(fabs(2.97 * x10)))
            bad++;
    }
    CHECK(bad == 0, "__expf/__exp10f exceed the documented bound %d times", bad);
    bad = 0;
    for (int i = 0; i <= 2000; i++) {
        float x = 0.5f + 1.5f * (float)i / 2000.0f; /* [0.5, 2]: absolute error bounds */
        if (fabsl(flog(x) - logl(x)) > exp2l(-21.41L) || fabsl(flog2(x) - log2l(x)) > 0x1p-22L ||
            fabsl(flog10(x) - log10l(x)) > 0x1p-24L)
            bad++;
        float y = ldexpf(x, i % 200 - 100); /* elsewhere: ulp bounds 3 / 2 / 3 */
        if (fabsf(y - 1.0f) > 0.5f &&
            (ulp_err_f(flog(y), logl(y)) > 3 || ulp_err_f(flog2(y), log2l(y)) > 2 ||
             ulp_err_f(flog10(y), log10l(y)) > 3))
            bad++;
        float a = -3.14159265f + 6.2831853f * (float)i / 2000.0f;
        if (fabsl(fsin(a) - sinl(a)) > exp2l(-21.41L) || fabsl(fcos(a) - cosl(a)) > exp2l(-21.19L))
            bad++;
    }
    CHECK(bad == 0, "__logf/__log2f/__log10f/__sinf/__cosf exceed bounds %d times", bad);
    CHECK(fexp(-INFINITY) == 0.0f && fexp(INFINITY) == INFINITY && fexp(0.0f) == 1.0f,
          "__expf specials");
    CHECK(flog(0.0f) == -INFINITY && isnan(flog(-1.0f)) && flog2(8.0f) == 3.0f &&
              flog2(INFINITY) == INFINITY,
          "__logf specials");
    CHECK(fabsl(ftan(0.5f) - tanl(0.5L)) / tanl(0.5L) < 4e-6L, "__tanf");
    CHECK(fabsl(fpow(2.0f, 10.0f) - 1024.0L) / 1024.0L < 1e-5L &&
              fabsl(fpow(3.0f, 2.5f) - powl(3.0L, 2.5L)) / powl(3.0L, 2.5L) < 1e-5L,
          "__powf");
    CHECK(fpow(0.0f, 2.0f) == 0.0f && fpow(1.0f, 1e30f) == 1.0f, "__powf via ex2(y lg2 x)");
    /* __fdividef: 2 ulp for |y| in [2^-126, 2^126]; 0 for 2^126 < |y| < 2^128 */
    bad = 0;
    for (int i = 1; i <= 1000; i++) {
        float x = (float)i * 1.37f, y = 1.0f / (float)(i + 3) * 7.1f;
        if (ulp_err_f(fdiv(x, y), (long double)x / y) > 2)
            bad++;
    }
    CHECK(bad == 0, "__fdividef exceeds 2 ulp %d times", bad);
    CHECK(fdiv(1.0f, 0x1.8p126f) == 0.0f && isnan(fdiv(INFINITY, 0x1.8p126f)) &&
              fdiv(-1.0f, 0x1.8p127f) == 0.0f && signbit(fdiv(-1.0f, 0x1.8p127f)),
          "__fdividef large divisor");
    CHECK(fdiv(6.0f, 3.0f) == 2.0f && fdiv(1.0f, 0.0f) == INFINITY && fdiv(1.0f, INFINITY) == 0.0f,
          "__fdividef ordinary");
    float s = 0, c = 0;
    FN(v_fpp, fast_sincosf)(0.5f, &s, &c);
    CHECK(fabsl(s - sinl(0.5L)) <= exp2l(-21.41L) && fabsl(c - cosl(0.5L)) <= exp2l(-21.19L),
          "__sincosf");
    f_f sat = FN(f_f, saturatef);
    CHECK(sat(NAN) == 0.0f && sat(2.0f) == 1.0f && sat(-1.0f) == 0.0f && sat(0.5f) == 0.5f &&
              sat(INFINITY) == 1.0f && feq(sat(-0.0f), 0.0f) && sat(1.0f) == 1.0f,
          "__saturatef");
}

/* ---- special values, classification, exact helpers -------------------------------------- */

static void test_special(void)
{
    const uint32_t cn = 0x7fffffffu; /* the GPU's canonical single NaN */
    CHECK(fbits(FN(f_f, logf)(-1.0f)) == cn && fbits(FN(f_f, sqrtf)(-1.0f)) == cn &&
              fbits(FN(f_ff, fadd_rn)(INFINITY, -INFINITY)) == cn &&
              fbits(FN(f_ff, fminf)(NAN, NAN)) == cn && fbits(FN(f_f, erfinvf)(2.0f)) == cn &&
              fbits(FN(f_f, sinf)(INFINITY)) == cn && fbits(FN(f_ff, powf)(-1.0f, 0.5f)) == cn,
          "float NaN results are canonical 0x7fffffff");
    f_ff fminf_ = FN(f_ff, fminf), fmaxf_ = FN(f_ff, fmaxf);
    CHECK(fminf_(NAN, 1.0f) == 1.0f && fminf_(1.0f, NAN) == 1.0f && fmaxf_(NAN, -1.0f) == -1.0f &&
              feq(fminf_(-0.0f, 0.0f), -0.0f) && feq(fminf_(0.0f, -0.0f), -0.0f) &&
              feq(fmaxf_(-0.0f, 0.0f), 0.0f) && feq(fmaxf_(0.0f, -0.0f), 0.0f) &&
              fminf_(-1.0f, 2.0f) == -1.0f && fmaxf_(-1.0f, 2.0f) == 2.0f,
          "fminf/fmaxf");
    d_dd fmin_ = FN(d_dd, fmin), fmax_ = FN(d_dd, fmax);
    CHECK(fmin_(NAN, 1.0) == 1.0 && fmax_(2.0, NAN) == 2.0 && deq(fmin_(0.0, -0.0), -0.0) &&
              deq(fmax_(-0.0, 0.0), 0.0) && isnan(fmax_(NAN, NAN)),
          "fmin/fmax");
    CHECK(FN(f_ff, fdimf)(3.0f, 1.0f) == 2.0f && FN(f_ff, fdimf)(1.0f, 3.0f) == 0.0f &&
              isnan(FN(f_ff, fdimf)(NAN, 1.0f)) && FN(d_dd, fdim)(5.0, 1.5) == 3.5,
          "fdim");
    CHECK(FN(i_f, ilogbf)(0.0f) == INT32_MIN && FN(i_f, ilogbf)(NAN) == INT32_MIN &&
              FN(i_f, ilogbf)(INFINITY) == INT32_MAX && FN(i_f, ilogbf)(8.0f) == 3 &&
              FN(i_f, ilogbf)(0x1p-149f) == -149 && FN(i_d, ilogb)(0.0) == INT32_MIN &&
              FN(i_d, ilogb)(-INFINITY) == INT32_MAX && FN(i_d, ilogb)(0x1p-1074) == -1074,
          "ilogb");
    CHECK(FN(f_f, logbf)(8.0f) == 3.0f && FN(f_f, logbf)(0.0f) == -INFINITY &&
              FN(d_d, logb)(-0.25) == -2.0 && FN(d_d, logb)(INFINITY) == INFINITY,
          "logb");
    int32_t e = 0;
    CHECK(FN(f_fI, frexpf)(8.0f, &e) == 0.5f && e == 4, "frexpf");
    CHECK(FN(f_fI, frexpf)(0x1p-149f, &e) == 0.5f && e == -148, "frexpf subnormal");
    double (*frexp_)(double, int32_t *) = (double (*)(double, int32_t *))req("__nv_frexp");
    CHECK(frexp_(-3.0, &e) == -0.75 && e == 2, "frexp");
    CHECK(FN(f_fi, ldexpf)(1.0f, -149) == 0x1p-149f && FN(f_fi, ldexpf)(1.0f, 128) == INFINITY &&
              FN(d_di, ldexp)(1.0, 1023) == 0x1p1023 && FN(f_fi, scalbnf)(3.0f, 2) == 12.0f &&
              FN(d_di, scalbn)(1.0, -1075) == 0.0,
          "ldexp/scalbn");
    float ip = 0;
    CHECK(FN(f_fp, modff)(3.75f, &ip) == 0.75f && ip == 3.0f, "modff");
    CHECK(feq(FN(f_fp, modff)(-INFINITY, &ip), -0.0f) && ip == -INFINITY, "modff inf");
    double dip = 0;
    double (*modf_)(double, double *) = (double (*)(double, double *))req("__nv_modf");
    CHECK(modf_(-2.5, &dip) == -0.5 && dip == -2.0, "modf");
    CHECK(FN(f_ff, copysignf)(1.0f, -0.0f) == -1.0f && FN(d_dd, copysign)(-2.0, 1.0) == 2.0 &&
              signbit(FN(f_ff, copysignf)(NAN, -1.0f)),
          "copysign");
    CHECK(fbits(FN(f_f, fabsf)(bitsf(0xffc00001u))) == 0x7fc00001u && FN(d_d, fabs)(-3.0) == 3.0 &&
              feq(FN(f_f, fabsf)(-0.0f), 0.0f),
          "fabs clears only the sign bit");
    CHECK(FN(i_f, isinff)(-INFINITY) && !FN(i_f, isinff)(FLT_MAX) && FN(i_f, isnanf)(NAN) &&
              !FN(i_f, isnanf)(INFINITY) && FN(i_f, finitef)(FLT_MAX) &&
              !FN(i_f, finitef)(INFINITY) && !FN(i_f, finitef)(NAN) && FN(i_f, signbitf)(-0.0f) &&
              !FN(i_f, signbitf)(0.0f),
          "float classification");
    CHECK(FN(i_d, isinfd)(INFINITY) && !FN(i_d, isinfd)(DBL_MAX) && FN(i_d, isnand)(NAN) &&
              !FN(i_d, isnand)(1.0) && FN(i_d, isfinited)(DBL_MAX) &&
              !FN(i_d, isfinited)(-INFINITY) && FN(i_d, signbitd)(-0.0) && !FN(i_d, signbitd)(1.0),
          "double classification");
    CHECK(FN(f_ff, nextafterf)(1.0f, 2.0f) == 1.0f + 0x1p-23f &&
              FN(f_ff, nextafterf)(0.0f, -1.0f) == -0x1p-149f &&
              FN(d_dd, nextafter)(1.0, 0.0) == 1.0 - 0x1p-53,
          "nextafter");
    double r = FN(d_d, rcp64h)(3.0);
    CHECK(fabs(r - 1.0 / 3.0) < 1e-6 && (dbits(r) & 0xffffffffu) == 0 &&
              FN(d_d, rcp64h)(2.0) == 0.5 && FN(d_d, rcp64h)(0.0) == INFINITY,
          "rcp64h");
    CHECK(fabs(FN(d_d, cyl_bessel_i0)(-2.0) - 2.2795853023360672674) < 1e-15 &&
              fabs(FN(d_d, cyl_bessel_i1)(-2.0) + 1.5906368546373290634) < 1e-15 &&
              FN(d_d, cyl_bessel_i0)(INFINITY) == INFINITY &&
              FN(d_d, cyl_bessel_i1)(-INFINITY) == -INFINITY &&
              FN(f_f, cyl_bessel_i0f)(100.0f) == INFINITY &&
              isfinite(FN(d_d, cyl_bessel_i0)(700.0)),
          "cyl_bessel_i specials");
}

/* ---- SIMD-within-a-word ----------------------------------------------------------------- */

#define V1(name, a)    ((uint32_t)FN(i_i, name)((int32_t)(a)))
#define V2(name, a, b) ((uint32_t)FN(i_ii, name)((int32_t)(a), (int32_t)(b)))

static void test_simd(void)
{
    CHECK(V2(vadd2, 0x0001ffffu, 0x00010001u) == 0x00020000u, "vadd2 wraps per lane");
    CHECK(V2(vaddss2, 0x7fff8000u, 0x0001ffffu) == 0x7fff8000u, "vaddss2 saturates");
    CHECK(V2(vaddus4, 0xff01fe00u, 0x01010203u) == 0xff02ff03u, "vaddus4 saturates");
    CHECK(V2(vadd4, 0xff01fe00u, 0x01010203u) == 0x00020003u, "vadd4 wraps");
    CHECK(V2(vaddss4, 0x7f80017fu, 0x01ff0101u) == 0x7f80027fu, "vaddss4");
    CHECK(V2(vaddus2, 0xffff0001u, 0x00010001u) == 0xffff0002u, "vaddus2");
    CHECK(V2(vsub4, 0u, 0x01010101u) == 0xffffffffu, "vsub4");
    CHECK(V2(vsub2, 0x00000000u, 0x00010001u) == 0xffffffffu, "vsub2");
    CHECK(V2(vsubus4, 0x05050505u, 0x06040506u) == 0x00010000u, "vsubus4");
    CHECK(V2(vsubus2, 0x00050005u, 0x00060004u) == 0x00000001u, "vsubus2");
    CHECK(V2(vsubss2, 0x80000000u, 0x00010000u) == 0x80000000u, "vsubss2");
    CHECK(V2(vsubss4, 0x7f000000u, 0xff000000u) == 0x7f000000u, "vsubss4");
    CHECK(V1(vabs4, 0x80ff7f01u) == 0x80017f01u && V1(vabsss4, 0x80ff7f01u) == 0x7f017f01u,
          "vabs4/vabsss4");
    CHECK(V1(vabs2, 0x8000ffffu) == 0x80000001u && V1(vabsss2, 0x8000ffffu) == 0x7fff0001u,
          "vabs2/vabsss2");
    CHECK(V1(vneg2, 0x00018000u) == 0xffff8000u && V1(vnegss2, 0x00018000u) == 0xffff7fffu,
          "vneg2/vnegss2");
    CHECK(V1(vneg4, 0x80010000u) == 0x80ff0000u && V1(vnegss4, 0x80010000u) == 0x7fff0000u,
          "vneg4/vnegss4");
    CHECK(V2(vcmpgtu4, 0x80000102u, 0x7f000201u) == 0xff0000ffu &&
              V2(vcmpgts4, 0x80000102u, 0x7f000201u) == 0x000000ffu,
          "vcmpgt4");
    CHECK(V2(vsetgtu4, 0x80000102u, 0x7f000201u) == 0x01000001u &&
              V2(vsetgts4, 0x80000102u, 0x7f000201u) == 0x00000001u,
          "vsetgt4");
    CHECK(V2(vseteq2, 0x12341234u, 0x12340000u) == 0x00010000u &&
              V2(vcmpne2, 0x12341234u, 0x12340000u) == 0x0000ffffu &&
              V2(vcmpeq4, 0x12341234u, 0x12340000u) == 0xffff0000u &&
              V2(vsetne4, 0x12341234u, 0x12340000u) == 0x00000101u,
          "eq/ne");
    CHECK(V2(vcmpges2, 0x8000ffffu, 0x0000ffffu) == 0x0000ffffu &&
              V2(vcmpgeu2, 0x8000ffffu, 0x0000ffffu) == 0xffffffffu &&
              V2(vcmples2, 0x8000ffffu, 0x0000ffffu) == 0xffffffffu &&
              V2(vcmpleu2, 0x8000ffffu, 0x0000ffffu) == 0x0000ffffu &&
              V2(vcmplts2, 0x8000ffffu, 0x0000ffffu) == 0xffff0000u &&
              V2(vcmpltu2, 0x8000ffffu, 0x0000ffffu) == 0u &&
              V2(vcmpgts2, 0x8000ffffu, 0x0000ffffu) == 0u &&
              V2(vcmpgtu2, 0x8000ffffu, 0x0000ffffu) == 0xffff0000u,
          "vcmp 2-lane");
    CHECK(V2(vsetges2, 0x8000ffffu, 0x0000ffffu) == 0x00000001u &&
              V2(vsetgeu2, 0x8000ffffu, 0x0000ffffu) == 0x00010001u &&
              V2(vsetles2, 0x8000ffffu, 0x0000ffffu) == 0x00010001u &&
              V2(vsetleu2, 0x8000ffffu, 0x0000ffffu) == 0x00000001u &&
              V2(vsetlts2, 0x8000ffffu, 0x0000ffffu) == 0x00010000u &&
              V2(vsetltu2, 0x8000ffffu, 0x0000ffffu) == 0u &&
              V2(vsetgts2, 0x8000ffffu, 0x0000ffffu) == 0u &&
              V2(vsetgtu2, 0x8000ffffu, 0x0000ffffu) == 0x00010000u &&
              V2(vseteq4, 0x01020304u, 0x01000300u) == 0x01000100u,
          "vset 2-lane");
    CHECK(V2(vcmpges4, 0x80u, 0x7fu) == 0xffffff00u && V2(vcmpgeu4, 0x80u, 0x7fu) == 0xffffffffu &&
              V2(vcmples4, 0x80u, 0x7fu) == 0xffffffffu &&
              V2(vcmpleu4, 0x80u, 0x7fu) == 0xffffff00u &&
              V2(vcmplts4, 0x80u, 0x7fu) == 0x000000ffu && V2(vcmpltu4, 0x80u, 0x7fu) == 0u &&
              V2(vsetges4, 0x80u, 0x7fu) == 0x01010100u &&
              V2(vsetgeu4, 0x80u, 0x7fu) == 0x01010101u &&
              V2(vsetles4, 0x80u, 0x7fu) == 0x01010101u &&
              V2(vsetleu4, 0x80u, 0x7fu) == 0x01010100u &&
              V2(vsetlts4, 0x80u, 0x7fu) == 0x00000001u && V2(vsetltu4, 0x80u, 0x7fu) == 0u,
          "vcmp/vset 4-lane");
    CHECK(V2(vmaxs2, 0x8000ffffu, 0x00000001u) == 0x00000001u &&
              V2(vmaxu2, 0x8000ffffu, 0x00000001u) == 0x8000ffffu &&
              V2(vmins2, 0x8000ffffu, 0x00000001u) == 0x8000ffffu &&
              V2(vminu2, 0x8000ffffu, 0x00000001u) == 0x00000001u,
          "vmax/vmin 2-lane");
    CHECK(V2(vminu4, 0x01020304u, 0x04030201u) == 0x01020201u &&
              V2(vmaxu4, 0x01020304u, 0x04030201u) == 0x04030304u &&
              V2(vmaxs4, 0x80ff0001u, 0x7f0000ffu) == 0x7f000001u &&
              V2(vmins4, 0x80ff0001u, 0x7f0000ffu) == 0x80ff00ffu,
          "vmax/vmin 4-lane");
    CHECK(V2(vavgu4, 0x01ff0000u, 0x02ff0001u) == 0x02ff0001u, "vavgu4");
    CHECK(V2(vavgu2, 0xffff0000u, 0xffff0001u) == 0xffff0001u, "vavgu2");
    CHECK(V2(vavgs2, 0xffff0001u, 0xfffe0002u) == 0xfffe0002u, "vavgs2 rounds away from 0");
    CHECK(V2(vavgs4, 0xff01807fu, 0xfe02807fu) == 0xfe02807fu, "vavgs4");
    CHECK(V2(vhaddu2, 0xffff0003u, 0xffff0000u) == 0xffff0001u &&
              V2(vhaddu4, 0xff030000u, 0xff000001u) == 0xff010000u,
          "vhaddu");
    CHECK(V2(vabsdiffu4, 0x00ff1020u, 0xff001020u) == 0xffff0000u &&
              V2(vabsdiffs4, 0x00ff1020u, 0xff001020u) == 0x01010000u &&
              V2(vabsdiffs2, 0x80000000u, 0x7fff0000u) == 0xffff0000u &&
              V2(vabsdiffu2, 0x00010005u, 0x00030001u) == 0x00020004u,
          "vabsdiff");
    CHECK(V2(vsadu4, 0x00ff1020u, 0xff001030u) == 526 &&
              V2(vsads4, 0x00ff1020u, 0xff001030u) == 18 &&
              V2(vsads2, 0x80000000u, 0x7fff0000u) == 65535 &&
              V2(vsadu2, 0x80000000u, 0x7fff0001u) == 2,
          "vsad");
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        void (*fn)(void);
    } groups[] = {
        {"table", test_table},     {"invoke", test_invoke}, {"int", test_int},
        {"round", test_round},     {"conv", test_conv},     {"half", test_half},
        {"math", test_math},       {"fast", test_fast},     {"erf", test_erf},
        {"special", test_special}, {"simd", test_simd},
    };
    if (argc != 2) {
        fprintf(stderr, "usage: %s <group>\n", argv[0]);
        return 2;
    }
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        if (strcmp(argv[1], groups[i].name) == 0) {
            groups[i].fn();
            printf("%s: %d checks, %d failed\n", argv[1], g_checks, g_fail);
            return g_fail ? 1 : 0;
        }
    }
    fprintf(stderr, "unknown group '%s'\n", argv[1]);
    return 2;
}
