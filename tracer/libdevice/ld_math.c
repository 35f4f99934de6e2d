/*
 * ld_math.c - libdevice math functions (CUDA Math API "Single/Double Precision Mathematical
 * Functions" and the fast intrinsics __expf, __sinf, __fdividef, __powf, ...).
 *
 * Precision policy (docs/LIBDEVICE.md):
 *   - float functions use the host's float libm function (glibc: < 1 ulp), or are computed
 *     in double / long double and rounded once to float where no float libm function exists
 *     (erfinvf, normcdff, sinpif, ...): the result is then correctly rounded apart from
 *     rare double-rounding ties, well inside CUDA's ulp bounds.
 *   - double functions use libm, or long double (x86 80-bit) where more range or
 *     precision is needed than double gives (rsqrt, rhypot, norm, erfcx, normcdf, ...).
 *   - Every float NaN result is the GPU's canonical NaN 0x7fffffff (ld_cnanf).
 *   - __nv_fast_* follow the hardware structure of the approximate PTX instructions they
 *     stand for (ex2.approx, lg2.approx, sin.approx, div.approx): e.g. __expf(x) is
 *     ex2(x * log2(e)) with the product rounded to float, so its error grows with |x| as
 *     the CUDA Math API documents (2 + floor(|1.173 x|) ulp).
 */
#include <float.h>
#include <limits.h>
#include <math.h>

#include "ld_internal.h"

#define LD_F1(name, expr)                                                                          \
    float simt_nv_##name(float x)                                                                  \
    {                                                                                              \
        return ld_cnanf(expr);                                                                     \
    }
#define LD_F2(name, expr)                                                                          \
    float simt_nv_##name(float x, float y)                                                         \
    {                                                                                              \
        return ld_cnanf(expr);                                                                     \
    }
#define LD_D1(name, expr)                                                                          \
    double simt_nv_##name(double x)                                                                \
    {                                                                                              \
        return expr;                                                                               \
    }
#define LD_D2(name, expr)                                                                          \
    double simt_nv_##name(double x, double y)                                                      \
    {                                                                                              \
        return expr;                                                                               \
    }

/* ---- plain libm wrappers ---------------------------------------------------------------- */

LD_F1(acosf, acosf(x))
LD_F1(acoshf, acoshf(x))
LD_F1(asinf, asinf(x))
LD_F1(asinhf, asinhf(x))
LD_F1(atanf, atanf(x))
LD_F1(atanhf, atanhf(x))
LD_F1(cbrtf, cbrtf(x))
LD_F1(ceilf, ceilf(x))
LD_F1(cosf, cosf(x))
LD_F1(coshf, coshf(x))
LD_F1(erfcf, erfcf(x))
LD_F1(erff, erff(x))
LD_F1(exp10f, exp10f(x))
LD_F1(exp2f, exp2f(x))
LD_F1(expf, expf(x))
LD_F1(expm1f, expm1f(x))
LD_F1(floorf, floorf(x))
LD_F1(j0f, j0f(x))
LD_F1(j1f, j1f(x))
LD_F1(log10f, log10f(x))
LD_F1(log1pf, log1pf(x))
LD_F1(log2f, log2f(x))
LD_F1(logbf, logbf(x))
LD_F1(logf, logf(x))
LD_F1(nearbyintf, nearbyintf(x))
LD_F1(rintf, rintf(x))
LD_F1(roundf, roundf(x))
LD_F1(sinf, sinf(x))
LD_F1(sinhf, sinhf(x))
LD_F1(sqrtf, sqrtf(x))
LD_F1(tanf, tanf(x))
LD_F1(tanhf, tanhf(x))
LD_F1(tgammaf, tgammaf(x))
LD_F1(truncf, truncf(x))
LD_F1(y0f, y0f(x))
LD_F1(y1f, y1f(x))
LD_F1(rsqrtf, (float)(1.0 / sqrt((double)x)))
LD_F1(frsqrt_rn, (float)(1.0 / sqrt((double)x)))
LD_F1(rcbrtf, (float)(1.0 / cbrt((double)x)))

LD_F2(atan2f, atan2f(x, y))
LD_F2(fmodf, fmodf(x, y))
LD_F2(hypotf, hypotf(x, y))
LD_F2(nextafterf, nextafterf(x, y))
LD_F2(powf, powf(x, y))
LD_F2(remainderf, remainderf(x, y))

LD_D1(acos, (double)acosl((long double)x))
LD_D1(acosh, (double)acoshl((long double)x))
LD_D1(asin, (double)asinl((long double)x))
LD_D1(asinh, (double)asinhl((long double)x))
LD_D1(atan, (double)atanl((long double)x))
LD_D1(atanh, (double)atanhl((long double)x))
LD_D1(cbrt, (double)cbrtl((long double)x))
LD_D1(ceil, ceil(x))
LD_D1(cos, (double)cosl((long double)x))
LD_D1(cosh, (double)coshl((long double)x))
LD_D1(erf, (double)erfl((long double)x))
LD_D1(erfc, (double)erfcl((long double)x))
LD_D1(exp, (double)expl((long double)x))
LD_D1(exp10, (double)exp10l((long double)x))
LD_D1(exp2, (double)exp2l((long double)x))
LD_D1(expm1, (double)expm1l((long double)x))
LD_D1(floor, floor(x))
LD_D1(j0, (double)j0l((long double)x))
LD_D1(j1, (double)j1l((long double)x))
LD_D1(log, (double)logl((long double)x))
LD_D1(log10, (double)log10l((long double)x))
LD_D1(log1p, (double)log1pl((long double)x))
LD_D1(log2, (double)log2l((long double)x))
LD_D1(logb, logb(x))
LD_D1(nearbyint, nearbyint(x))
LD_D1(rint, rint(x))
LD_D1(round, round(x))
LD_D1(sin, (double)sinl((long double)x))
LD_D1(sinh, (double)sinhl((long double)x))
LD_D1(sqrt, sqrt(x))
LD_D1(tan, (double)tanl((long double)x))
LD_D1(tanh, (double)tanhl((long double)x))
LD_D1(tgamma, (double)tgammal((long double)x))
LD_D1(trunc, trunc(x))
LD_D1(y0, (double)y0l((long double)x))
LD_D1(y1, (double)y1l((long double)x))
LD_D1(rsqrt, (double)(1.0L / sqrtl((long double)x)))
LD_D1(rcbrt, (double)(1.0L / cbrtl((long double)x)))

LD_D2(atan2, (double)atan2l((long double)x, (long double)y))
LD_D2(fmod, fmod(x, y))
LD_D2(hypot, (double)hypotl((long double)x, (long double)y))
LD_D2(nextafter, nextafter(x, y))
LD_D2(pow, (double)powl((long double)x, (long double)y))
LD_D2(remainder, remainder(x, y))

/* lgamma without the global signgam (thread-safe). */
float simt_nv_lgammaf(float x)
{
    int sg;
    return ld_cnanf(lgammaf_r(x, &sg));
}
double simt_nv_lgamma(double x)
{
    int sg;
    return (double)lgammal_r((long double)x, &sg);
}

float simt_nv_jnf(int32_t n, float x)
{
    return ld_cnanf(jnf(n, x));
}
float simt_nv_ynf(int32_t n, float x)
{
    return ld_cnanf(ynf(n, x));
}
double simt_nv_jn(int32_t n, double x)
{
    return (double)jnl(n, (long double)x);
}
double simt_nv_yn(int32_t n, double x)
{
    return (double)ynl(n, (long double)x);
}

/* ---- exact simple operations ------------------------------------------------------------ */

float simt_nv_fabsf(float x)
{
    return ld_bitsf(ld_fbits(x) & 0x7fffffffu);
}
double simt_nv_fabs(double x)
{
    return ld_bitsd(ld_dbits(x) & 0x7fffffffffffffffull);
}
float simt_nv_copysignf(float x, float y)
{
    return ld_bitsf((ld_fbits(x) & 0x7fffffffu) | (ld_fbits(y) & 0x80000000u));
}
double simt_nv_copysign(double x, double y)
{
    const uint64_t s = 0x8000000000000000ull;
    return ld_bitsd((ld_dbits(x) & ~s) | (ld_dbits(y) & s));
}

/* min/max: a NaN operand yields the other operand (both NaN: NaN); -0 < +0
 * (PTX ISA min/max.f32/f64). */
float simt_nv_fminf(float x, float y)
{
    if (x != x)
        return ld_cnanf(y);
    if (y != y)
        return x;
    if (x == y)
        return signbit(x) ? x : y;
    return x < y ? x : y;
}
float simt_nv_fmaxf(float x, float y)
{
    if (x != x)
        return ld_cnanf(y);
    if (y != y)
        return x;
    if (x == y)
        return signbit(x) ? y : x;
    return x > y ? x : y;
}
double simt_nv_fmin(double x, double y)
{
    if (x != x)
        return y;
    if (y != y)
        return x;
    if (x == y)
        return signbit(x) ? x : y;
    return x < y ? x : y;
}
double simt_nv_fmax(double x, double y)
{
    if (x != x)
        return y;
    if (y != y)
        return x;
    if (x == y)
        return signbit(x) ? y : x;
    return x > y ? x : y;
}

float simt_nv_fdimf(float x, float y)
{
    return ld_cnanf(fdimf(x, y));
}
double simt_nv_fdim(double x, double y)
{
    return fdim(x, y);
}

/* __saturatef: clamp to [0, 1]; NaN -> 0 (CUDA Math API). */
float simt_nv_saturatef(float x)
{
    if (!(x > 0.0f)) /* NaN, -0, negative */
        return 0.0f;
    return x > 1.0f ? 1.0f : x;
}

int32_t simt_nv_isinff(float x)
{
    return isinf(x) ? 1 : 0;
}
int32_t simt_nv_isnanf(float x)
{
    return x != x;
}
int32_t simt_nv_finitef(float x)
{
    return isfinite(x) ? 1 : 0;
}
int32_t simt_nv_signbitf(float x)
{
    return (int32_t)(ld_fbits(x) >> 31);
}
int32_t simt_nv_isinfd(double x)
{
    return isinf(x) ? 1 : 0;
}
int32_t simt_nv_isnand(double x)
{
    return x != x;
}
int32_t simt_nv_isfinited(double x)
{
    return isfinite(x) ? 1 : 0;
}
int32_t simt_nv_signbitd(double x)
{
    return (int32_t)(ld_dbits(x) >> 63);
}

/* ilogb: 0 and NaN -> INT_MIN, +-inf -> INT_MAX (CUDA Math API). */
int32_t simt_nv_ilogbf(float x)
{
    if (x == 0.0f || x != x)
        return INT32_MIN;
    if (isinf(x))
        return INT32_MAX;
    return ilogbf(x);
}
int32_t simt_nv_ilogb(double x)
{
    if (x == 0.0 || x != x)
        return INT32_MIN;
    if (isinf(x))
        return INT32_MAX;
    return ilogb(x);
}

float simt_nv_frexpf(float x, int32_t *e)
{
    int ee = 0;
    float r = frexpf(x, &ee);
    *e = ee;
    return ld_cnanf(r);
}
double simt_nv_frexp(double x, int32_t *e)
{
    int ee = 0;
    double r = frexp(x, &ee);
    *e = ee;
    return r;
}
float simt_nv_ldexpf(float x, int32_t e)
{
    return ld_cnanf(ldexpf(x, e));
}
double simt_nv_ldexp(double x, int32_t e)
{
    return ldexp(x, e);
}
float simt_nv_scalbnf(float x, int32_t e)
{
    return ld_cnanf(scalbnf(x, e));
}
double simt_nv_scalbn(double x, int32_t e)
{
    return scalbn(x, e);
}
float simt_nv_modff(float x, float *ip)
{
    float r = modff(x, ip);
    *ip = ld_cnanf(*ip);
    return ld_cnanf(r);
}
double simt_nv_modf(double x, double *ip)
{
    return modf(x, ip);
}
float simt_nv_remquof(float x, float y, int32_t *q)
{
    int qq = 0;
    float r = remquof(x, y, &qq);
    *q = qq;
    return ld_cnanf(r);
}
double simt_nv_remquo(double x, double y, int32_t *q)
{
    int qq = 0;
    double r = remquo(x, y, &qq);
    *q = qq;
    return r;
}

/* powi: x^n; computed as one correctly rounded pow in a wider type (exact n). */
float simt_nv_powif(float x, int32_t n)
{
    return ld_cnanf((float)pow((double)x, (double)n));
}
double simt_nv_powi(double x, int32_t n)
{
    return (double)powl((long double)x, (long double)n);
}

/* ---- sinpi / cospi: exact argument reduction ------------------------------------------- */

/* sin(pi x) and cos(pi x) in long double for any finite x. */
static void ld_sincospi(long double x, long double *s, long double *c)
{
    long double r = fmodl(x, 2.0L);       /* exact, |r| < 2, sign of x */
    long double k = nearbyintl(r * 2.0L); /* quadrant: r = k/2 + f, |f| <= 1/4 */
    long double f = r - k * 0.5L;         /* exact */
    long double a = f * 3.14159265358979323846264338327950288L;
    long double sa = sinl(a), ca = cosl(a);
    long q = ((long)k % 4 + 4) % 4;
    switch (q) {
    case 0:
        *s = sa;
        *c = ca;
        break;
    case 1:
        *s = ca;
        *c = -sa;
        break;
    case 2:
        *s = -sa;
        *c = -ca;
        break;
    default:
        *s = -ca;
        *c = sa;
        break;
    }
    /* exact zeros: sinpi(n) = +-0 with the sign of x, cospi(n + 1/2) = +0 */
    if (f == 0.0L && (q == 0 || q == 2))
        *s = copysignl(0.0L, x);
    if (f == 0.0L && (q == 1 || q == 3))
        *c = 0.0L;
}

static double ld_sinpi_d(double x)
{
    if (isinf(x) || x != x)
        return x - x;
    long double s, c;
    ld_sincospi(x, &s, &c);
    return (double)s;
}
static double ld_cospi_d(double x)
{
    if (isinf(x) || x != x)
        return x - x;
    long double s, c;
    ld_sincospi(x, &s, &c);
    return (double)c;
}

LD_F1(sinpif, (float)ld_sinpi_d(x))
LD_F1(cospif, (float)ld_cospi_d(x))
LD_D1(sinpi, ld_sinpi_d(x))
LD_D1(cospi, ld_cospi_d(x))

void simt_nv_sincospif(float x, float *s, float *c)
{
    *s = simt_nv_sinpif(x);
    *c = simt_nv_cospif(x);
}
void simt_nv_sincospi(double x, double *s, double *c)
{
    *s = ld_sinpi_d(x);
    *c = ld_cospi_d(x);
}
void simt_nv_sincosf(float x, float *s, float *c)
{
    *s = ld_cnanf(sinf(x));
    *c = ld_cnanf(cosf(x));
}
void simt_nv_sincos(double x, double *s, double *c)
{
    *s = (double)sinl((long double)x);
    *c = (double)cosl((long double)x);
}

/* ---- hypot / norm ----------------------------------------------------------------------- */

/* sqrt of the sum of squares in long double (no overflow: 15-bit exponent); an infinite
 * component gives +inf even when another is NaN (C99 hypot rule). */
static long double ld_norm_l(int n, const double *v)
{
    long double s = 0.0L;
    int nan = 0;
    for (int i = 0; i < n; i++) {
        if (isinf(v[i]))
            return INFINITY;
        if (v[i] != v[i])
            nan = 1;
        s += (long double)v[i] * (long double)v[i];
    }
    if (nan)
        return NAN;
    return sqrtl(s);
}

float simt_nv_rhypotf(float x, float y)
{
    double v[2] = {x, y};
    return ld_cnanf((float)(1.0L / ld_norm_l(2, v)));
}
double simt_nv_rhypot(double x, double y)
{
    double v[2] = {x, y};
    return (double)(1.0L / ld_norm_l(2, v));
}
float simt_nv_norm3df(float a, float b, float c)
{
    double v[3] = {a, b, c};
    return ld_cnanf((float)ld_norm_l(3, v));
}
float simt_nv_rnorm3df(float a, float b, float c)
{
    double v[3] = {a, b, c};
    return ld_cnanf((float)(1.0L / ld_norm_l(3, v)));
}
float simt_nv_norm4df(float a, float b, float c, float d)
{
    double v[4] = {a, b, c, d};
    return ld_cnanf((float)ld_norm_l(4, v));
}
float simt_nv_rnorm4df(float a, float b, float c, float d)
{
    double v[4] = {a, b, c, d};
    return ld_cnanf((float)(1.0L / ld_norm_l(4, v)));
}
double simt_nv_norm3d(double a, double b, double c)
{
    double v[3] = {a, b, c};
    return (double)ld_norm_l(3, v);
}
double simt_nv_rnorm3d(double a, double b, double c)
{
    double v[3] = {a, b, c};
    return (double)(1.0L / ld_norm_l(3, v));
}
double simt_nv_norm4d(double a, double b, double c, double d)
{
    double v[4] = {a, b, c, d};
    return (double)ld_norm_l(4, v);
}
double simt_nv_rnorm4d(double a, double b, double c, double d)
{
    double v[4] = {a, b, c, d};
    return (double)(1.0L / ld_norm_l(4, v));
}

/* __nv_rcp64h: rcp.approx.ftz.f64 - the reciprocal of x with the low 32 bits of x's
 * significand ignored and the low 32 bits of the result cleared (relative error below
 * 2^-20 as PTX documents); subnormal x is flushed to a signed zero. */
double simt_nv_rcp64h(double x)
{
    uint64_t b = ld_dbits(x);
    if (x != x)
        return x;
    if (fabs(x) < DBL_MIN)
        b &= 0x8000000000000000ull;
    double hx = ld_bitsd(b & 0xffffffff00000000ull);
    double r = 1.0 / hx;
    if (r != r || isinf(r) || r == 0.0)
        return r;
    return ld_bitsd(ld_dbits(r) & 0xffffffff00000000ull);
}

/* ---- error function family --------------------------------------------------------------- */

#define LD_SQRTPI_L 1.77245385090551602729816748334114518L

/* Winitzki's closed-form estimate of erfinv, from L = ln(1 - y^2) (relative error ~2e-3). */
static long double ld_erfinv_guess(long double l)
{
    const long double a = 0.147L;
    long double t = 2.0L / (3.14159265358979323846L * a) + l / 2.0L;
    return sqrtl(sqrtl(t * t - l / a) - t);
}

/* erfinv(y) for 0 <= y <= 0.5: Halley iteration on erf(x) - y. */
static long double ld_erfinv_core(long double y)
{
    if (y == 0.0L)
        return y;
    long double x = y < 1e-3L ? y * (LD_SQRTPI_L / 2.0L) : ld_erfinv_guess(log1pl(-y * y));
    for (int i = 0; i < 8; i++) {
        long double f = erfl(x) - y;
        long double fp = 2.0L / LD_SQRTPI_L * expl(-x * x);
        long double dx = f / (fp + x * f);
        x -= dx;
        if (fabsl(dx) <= 1e-21L * fabsl(x))
            break;
    }
    return x;
}

/* erfcinv(z) for 0 < z <= 0.5: Newton iteration on ln erfc(x) - ln z (well conditioned
 * in the tail, where erfc is far below 1). */
static long double ld_erfcinv_tail(long double z)
{
    long double lz = logl(z);
    long double x = ld_erfinv_guess(logl(z * (2.0L - z)));
    for (int i = 0; i < 40; i++) {
        long double e = erfcl(x);
        long double g = logl(e) - lz;
        long double gp = -2.0L / LD_SQRTPI_L * expl(-x * x) / e;
        long double dx = g / gp;
        x -= dx;
        if (fabsl(dx) <= 1e-21L * fabsl(x))
            break;
    }
    return x;
}

static long double ld_erfinv_l(long double y)
{
    if (y != y || fabsl(y) > 1.0L)
        return NAN;
    if (fabsl(y) == 1.0L)
        return copysignl(INFINITY, y);
    long double a = fabsl(y);
    long double r = a <= 0.5L ? ld_erfinv_core(a) : ld_erfcinv_tail(1.0L - a);
    return copysignl(r, y);
}

static long double ld_erfcinv_l(long double z)
{
    if (z != z || z < 0.0L || z > 2.0L)
        return NAN;
    if (z == 0.0L)
        return INFINITY;
    if (z == 2.0L)
        return -INFINITY;
    if (z > 1.5L)
        return -ld_erfcinv_tail(2.0L - z);
    if (z >= 0.5L)
        return z <= 1.0L ? ld_erfinv_core(1.0L - z) : -ld_erfinv_core(z - 1.0L);
    return ld_erfcinv_tail(z);
}

/* erfcx(x) = exp(x^2) erfc(x); asymptotic series for large x where exp(x^2) overflows. */
static long double ld_erfcx_l(long double x)
{
    if (x != x)
        return x;
    if (x < 50.0L)
        return expl(x * x) * erfcl(x); /* x < -106: overflows to +inf, as it should */
    if (isinf(x))
        return 0.0L;
    /* erfcx(x) ~ 1/(x sqrt(pi)) * sum_k (-1)^k (2k-1)!! / (2x^2)^k */
    long double t = 1.0L, s = 1.0L, w = 1.0L / (2.0L * x * x);
    for (int k = 1; k < 30; k++) {
        t *= -(2.0L * k - 1.0L) * w;
        s += t;
    }
    return s / (x * LD_SQRTPI_L);
}

LD_F1(erfinvf, (float)ld_erfinv_l(x))
LD_F1(erfcinvf, (float)ld_erfcinv_l(x))
LD_F1(erfcxf, (float)ld_erfcx_l(x))
LD_D1(erfinv, (double)ld_erfinv_l(x))
LD_D1(erfcinv, (double)ld_erfcinv_l(x))
LD_D1(erfcx, (double)ld_erfcx_l(x))

/* normcdf(x) = erfc(-x / sqrt 2) / 2, normcdfinv(p) = -sqrt 2 erfcinv(2p). */
#define LD_SQRT1_2_L 0.707106781186547524400844362104849039L
#define LD_SQRT2_L   1.41421356237309504880168872420969808L
LD_F1(normcdff, (float)(0.5L * erfcl(-(long double)x * LD_SQRT1_2_L)))
LD_D1(normcdf, (double)(0.5L * erfcl(-(long double)x * LD_SQRT1_2_L)))
LD_F1(normcdfinvf, (float)(-LD_SQRT2_L *ld_erfcinv_l(2.0L * x)))
LD_D1(normcdfinv, (double)(-LD_SQRT2_L *ld_erfcinv_l(2.0L * x)))

/* ---- modified Bessel functions of the first kind, orders 0 and 1 ------------------------- */

/* I_nu(x) = (x/2)^nu sum_k (x^2/4)^k / (k! (k+nu)!), all terms positive: summed in long
 * double, relative error a few 1e-17 up to the double overflow threshold (|x| ~ 713). */
static long double ld_bessel_i(int nu, long double x)
{
    long double ax = fabsl(x);
    if (ax != ax)
        return ax;
    if (isinf(ax))
        return nu == 0 ? INFINITY : copysignl(INFINITY, x);
    long double q = ax * ax / 4.0L, t = 1.0L, s = 1.0L;
    for (int k = 1; k < 4000; k++) {
        t *= q / ((long double)k * (long double)(k + nu));
        s += t;
        if (t <= s * 1e-21L)
            break;
    }
    if (nu == 1)
        s *= x / 2.0L;
    return s;
}

LD_F1(cyl_bessel_i0f, (float)ld_bessel_i(0, x))
LD_F1(cyl_bessel_i1f, (float)ld_bessel_i(1, x))
LD_D1(cyl_bessel_i0, (double)ld_bessel_i(0, x))
LD_D1(cyl_bessel_i1, (double)ld_bessel_i(1, x))

/* ---- fast intrinsics ------------------------------------------------------------------- */

/* __fdividef(x, y): x * (1/y); for 2^126 < |y| < 2^128 the result is 0 (inf/y: NaN) as
 * the CUDA Math API documents; otherwise x / y (within the documented 2 ulp). */
float simt_nv_fast_fdividef(float x, float y)
{
    float ay = fabsf(y);
    if (ay > 0x1p126f && !isinf(ay))
        return ld_cnanf(x * 0.0f);
    return ld_cnanf(x / y);
}

/* ex2.approx(x * log2 e): the product is rounded to float first. */
float simt_nv_fast_expf(float x)
{
    volatile float p = x * 1.44269504088896341f;
    return ld_cnanf(exp2f(p));
}
float simt_nv_fast_exp10f(float x)
{
    volatile float p = x * 3.32192809488736235f;
    return ld_cnanf(exp2f(p));
}
/* lg2.approx(x) scaled by a float constant. */
float simt_nv_fast_log2f(float x)
{
    return ld_cnanf(log2f(x));
}
float simt_nv_fast_logf(float x)
{
    return ld_cnanf(log2f(x) * 0.693147180559945309f);
}
float simt_nv_fast_log10f(float x)
{
    return ld_cnanf(log2f(x) * 0.301029995663981195f);
}
/* __powf(x, y) = ex2.approx(y * lg2.approx(x)). */
float simt_nv_fast_powf(float x, float y)
{
    volatile float p = y * log2f(x);
    return ld_cnanf(exp2f(p));
}
float simt_nv_fast_sinf(float x)
{
    return ld_cnanf(sinf(x));
}
float simt_nv_fast_cosf(float x)
{
    return ld_cnanf(cosf(x));
}
/* __tanf = __sinf(x) / __cosf(x) with the fast division. */
float simt_nv_fast_tanf(float x)
{
    return simt_nv_fast_fdividef(sinf(x), cosf(x));
}
void simt_nv_fast_sincosf(float x, float *s, float *c)
{
    *s = ld_cnanf(sinf(x));
    *c = ld_cnanf(cosf(x));
}
