/*
 * ld_conv.c - libdevice functions with an explicit IEEE rounding mode: the directed-rounding
 * arithmetic (__nv_fadd_rz, __nv_dmul_ru, __nv_fsqrt_rd, __nv_fma_rn, ...), conversions
 * (__nv_float2int_rn, __nv_ll2float_rz, __nv_double2float_rd, ...), half conversions and the
 * double word helpers.
 *
 * Directed rounding: the one operation runs between fesetround(mode) and the restore of the
 * caller's mode; operands go through volatile objects so the compiler can neither fold the
 * operation at compile time nor move it across the mode switch.  The result is the
 * correctly rounded IEEE result in that mode, as on the GPU (CUDA Math API, "Single/Double
 * Precision Intrinsics": __fadd_rz etc. are exact IEEE operations, 0 ulp).
 *
 * Float/double -> integer conversions follow PTX cvt.{rni,rzi,rpi,rmi}.{s,u}{32,64}:
 * round to an integer in the stated mode, then saturate to the destination range;
 * NaN converts to 0 (PTX ISA, "cvt": "saturation ... NaN results are flushed to 0").
 */
#include <fenv.h>
#include <math.h>

#include "ld_internal.h"

#if defined(__clang__)
#pragma STDC FENV_ACCESS ON
#endif

enum ld_rmode { LD_RN, LD_RZ, LD_RU, LD_RD };

static int ld_fe(enum ld_rmode m)
{
    switch (m) {
    case LD_RZ:
        return FE_TOWARDZERO;
    case LD_RU:
        return FE_UPWARD;
    case LD_RD:
        return FE_DOWNWARD;
    default:
        return FE_TONEAREST;
    }
}

/* ---- directed-rounding arithmetic ---------------------------------------------------- */

enum ld_op { LD_ADD, LD_SUB, LD_MUL, LD_DIV, LD_SQRT, LD_RCP, LD_FMA };

static float ld_fop(enum ld_op op, enum ld_rmode m, float a, float b, float c)
{
    volatile float va = a, vb = b, vc = c, vr;
    int old = fegetround();
    fesetround(ld_fe(m));
    switch (op) {
    case LD_ADD:
        vr = va + vb;
        break;
    case LD_SUB:
        vr = va - vb;
        break;
    case LD_MUL:
        vr = va * vb;
        break;
    case LD_DIV:
        vr = va / vb;
        break;
    case LD_SQRT:
        vr = sqrtf(va);
        break;
    case LD_RCP:
        vr = 1.0f / va;
        break;
    default:
        vr = fmaf(va, vb, vc);
        break;
    }
    fesetround(old);
    return ld_cnanf(vr);
}

static double ld_dop(enum ld_op op, enum ld_rmode m, double a, double b, double c)
{
    volatile double va = a, vb = b, vc = c, vr;
    int old = fegetround();
    fesetround(ld_fe(m));
    switch (op) {
    case LD_ADD:
        vr = va + vb;
        break;
    case LD_SUB:
        vr = va - vb;
        break;
    case LD_MUL:
        vr = va * vb;
        break;
    case LD_DIV:
        vr = va / vb;
        break;
    case LD_SQRT:
        vr = sqrt(va);
        break;
    case LD_RCP:
        vr = 1.0 / va;
        break;
    default:
        vr = fma(va, vb, vc);
        break;
    }
    fesetround(old);
    return vr;
}

#define LD_FOP2(name, op, m)                                                                       \
    float simt_nv_##name(float a, float b)                                                         \
    {                                                                                              \
        return ld_fop(op, m, a, b, 0.0f);                                                          \
    }
#define LD_DOP2(name, op, m)                                                                       \
    double simt_nv_##name(double a, double b)                                                      \
    {                                                                                              \
        return ld_dop(op, m, a, b, 0.0);                                                           \
    }
#define LD_FOP1(name, op, m)                                                                       \
    float simt_nv_##name(float a)                                                                  \
    {                                                                                              \
        return ld_fop(op, m, a, 0.0f, 0.0f);                                                       \
    }
#define LD_DOP1(name, op, m)                                                                       \
    double simt_nv_##name(double a)                                                                \
    {                                                                                              \
        return ld_dop(op, m, a, 0.0, 0.0);                                                         \
    }
#define LD_FOP3(name, m)                                                                           \
    float simt_nv_##name(float a, float b, float c)                                                \
    {                                                                                              \
        return ld_fop(LD_FMA, m, a, b, c);                                                         \
    }
#define LD_DOP3(name, m)                                                                           \
    double simt_nv_##name(double a, double b, double c)                                            \
    {                                                                                              \
        return ld_dop(LD_FMA, m, a, b, c);                                                         \
    }
#define LD_ALL4(X, name, op)                                                                       \
    X(name##_rn, op, LD_RN)                                                                        \
    X(name##_rz, op, LD_RZ) X(name##_ru, op, LD_RU) X(name##_rd, op, LD_RD)

LD_ALL4(LD_FOP2, fadd, LD_ADD)
LD_ALL4(LD_FOP2, fsub, LD_SUB)
LD_ALL4(LD_FOP2, fmul, LD_MUL)
LD_ALL4(LD_FOP2, fdiv, LD_DIV)
LD_ALL4(LD_FOP1, fsqrt, LD_SQRT)
LD_ALL4(LD_FOP1, frcp, LD_RCP)
LD_ALL4(LD_DOP2, dadd, LD_ADD)
LD_ALL4(LD_DOP2, dsub, LD_SUB)
LD_ALL4(LD_DOP2, dmul, LD_MUL)
LD_ALL4(LD_DOP2, ddiv, LD_DIV)
LD_ALL4(LD_DOP1, dsqrt, LD_SQRT)
LD_ALL4(LD_DOP1, drcp, LD_RCP)

LD_FOP3(fmaf_rn, LD_RN)
LD_FOP3(fmaf_rz, LD_RZ)
LD_FOP3(fmaf_ru, LD_RU)
LD_FOP3(fmaf_rd, LD_RD)
LD_FOP3(fmaf_ieee_rn, LD_RN)
LD_FOP3(fmaf_ieee_rz, LD_RZ)
LD_FOP3(fmaf_ieee_ru, LD_RU)
LD_FOP3(fmaf_ieee_rd, LD_RD)
LD_DOP3(fma_rn, LD_RN)
LD_DOP3(fma_rz, LD_RZ)
LD_DOP3(fma_ru, LD_RU)
LD_DOP3(fma_rd, LD_RD)

/* fmaf / fma: single rounding, round to nearest (CUDA: 0 ulp). */
float simt_nv_fmaf(float a, float b, float c)
{
    return ld_fop(LD_FMA, LD_RN, a, b, c);
}
double simt_nv_fma(double a, double b, double c)
{
    return ld_dop(LD_FMA, LD_RN, a, b, c);
}

/* ---- float/double -> integer with saturation ------------------------------------------ */

/* Round v to an integral double in mode m, independent of the host rounding mode. */
static double ld_round_int(double v, enum ld_rmode m)
{
    if (!(fabs(v) < 4503599627370496.0)) /* >= 2^52, inf or NaN: already integral */
        return v;
    switch (m) {
    case LD_RZ:
        return trunc(v);
    case LD_RU:
        return ceil(v);
    case LD_RD:
        return floor(v);
    default: {
        double f = floor(v), d = v - f; /* exact for |v| < 2^52 */
        if (d > 0.5 || (d == 0.5 && fmod(f, 2.0) != 0.0))
            f += 1.0;
        return f;
    }
    }
}

/* Saturating conversions; lo/hi are the range limits as exact doubles, hi exclusive. */
static int64_t ld_to_s64(double v, enum ld_rmode m, double lo, double hi_excl, int64_t imin,
                         int64_t imax)
{
    if (v != v)
        return 0;
    double r = ld_round_int(v, m);
    if (r < lo)
        return imin;
    if (r >= hi_excl)
        return imax;
    return (int64_t)r;
}

static uint64_t ld_to_u64(double v, enum ld_rmode m, double hi_excl, uint64_t umax)
{
    if (v != v)
        return 0;
    double r = ld_round_int(v, m);
    if (r <= 0.0)
        return 0;
    if (r >= hi_excl)
        return umax;
    return (uint64_t)r;
}

#define LD_TWO31 2147483648.0
#define LD_TWO32 4294967296.0
#define LD_TWO63 9223372036854775808.0
#define LD_TWO64 18446744073709551616.0

#define LD_CVT_I(src, srct, sfx, m)                                                                \
    int32_t simt_nv_##src##2int_##sfx(srct x)                                                      \
    {                                                                                              \
        return (int32_t)ld_to_s64(x, m, -LD_TWO31, LD_TWO31, INT32_MIN, INT32_MAX);                \
    }                                                                                              \
    uint32_t simt_nv_##src##2uint_##sfx(srct x)                                                    \
    {                                                                                              \
        return (uint32_t)ld_to_u64(x, m, LD_TWO32, UINT32_MAX);                                    \
    }                                                                                              \
    int64_t simt_nv_##src##2ll_##sfx(srct x)                                                       \
    {                                                                                              \
        return ld_to_s64(x, m, -LD_TWO63, LD_TWO63, INT64_MIN, INT64_MAX);                         \
    }                                                                                              \
    uint64_t simt_nv_##src##2ull_##sfx(srct x)                                                     \
    {                                                                                              \
        return ld_to_u64(x, m, LD_TWO64, UINT64_MAX);                                              \
    }

LD_CVT_I(float, float, rn, LD_RN)
LD_CVT_I(float, float, rz, LD_RZ)
LD_CVT_I(float, float, ru, LD_RU)
LD_CVT_I(float, float, rd, LD_RD)
LD_CVT_I(double, double, rn, LD_RN)
LD_CVT_I(double, double, rz, LD_RZ)
LD_CVT_I(double, double, ru, LD_RU)
LD_CVT_I(double, double, rd, LD_RD)

/* llrint/llround family (cvt.rni.s64 saturating; round: half away from zero). */
int64_t simt_nv_llrintf(float x)
{
    return simt_nv_float2ll_rn(x);
}
int64_t simt_nv_llrint(double x)
{
    return simt_nv_double2ll_rn(x);
}
int64_t simt_nv_llroundf(float x)
{
    return simt_nv_double2ll_rz(round((double)x));
}
int64_t simt_nv_llround(double x)
{
    return simt_nv_double2ll_rz(round(x));
}

/* ---- integer -> float/double and double -> float in a rounding mode ------------------- */

#define LD_CVT_TO(name, dstt, srct, m)                                                             \
    dstt simt_nv_##name(srct x)                                                                    \
    {                                                                                              \
        volatile srct vx = x;                                                                      \
        volatile dstt vr;                                                                          \
        int old = fegetround();                                                                    \
        fesetround(ld_fe(m));                                                                      \
        vr = (dstt)vx;                                                                             \
        fesetround(old);                                                                           \
        return vr;                                                                                 \
    }
#define LD_CVT_TO4(pfx, dstt, srct)                                                                \
    LD_CVT_TO(pfx##_rn, dstt, srct, LD_RN)                                                         \
    LD_CVT_TO(pfx##_rz, dstt, srct, LD_RZ)                                                         \
    LD_CVT_TO(pfx##_ru, dstt, srct, LD_RU) LD_CVT_TO(pfx##_rd, dstt, srct, LD_RD)

LD_CVT_TO4(int2float, float, int32_t)
LD_CVT_TO4(uint2float, float, uint32_t)
LD_CVT_TO4(ll2float, float, int64_t)
LD_CVT_TO4(ull2float, float, uint64_t)
LD_CVT_TO4(ll2double, double, int64_t)
LD_CVT_TO4(ull2double, double, uint64_t)
LD_CVT_TO(int2double_rn, double, int32_t, LD_RN)
LD_CVT_TO(uint2double_rn, double, uint32_t, LD_RN)

/* double -> float: the rounding applies to the precision narrowing; NaN -> canonical. */
#define LD_D2F(sfx, m)                                                                             \
    float simt_nv_double2float_##sfx(double x)                                                     \
    {                                                                                              \
        volatile double vx = x;                                                                    \
        volatile float vr;                                                                         \
        int old = fegetround();                                                                    \
        fesetround(ld_fe(m));                                                                      \
        vr = (float)vx;                                                                            \
        fesetround(old);                                                                           \
        return ld_cnanf(vr);                                                                       \
    }
LD_D2F(rn, LD_RN)
LD_D2F(rz, LD_RZ)
LD_D2F(ru, LD_RU)
LD_D2F(rd, LD_RD)

/* ---- double words --------------------------------------------------------------------- */

int32_t simt_nv_double2hiint(double x)
{
    return (int32_t)(uint32_t)(ld_dbits(x) >> 32);
}
int32_t simt_nv_double2loint(double x)
{
    return (int32_t)(uint32_t)ld_dbits(x);
}
double simt_nv_hiloint2double(int32_t hi, int32_t lo)
{
    return ld_bitsd(((uint64_t)(uint32_t)hi << 32) | (uint32_t)lo);
}
uint64_t simt_nv_double_as_longlong(double x)
{
    return ld_dbits(x);
}
double simt_nv_longlong_as_double(int64_t x)
{
    return ld_bitsd((uint64_t)x);
}

/* ---- half ----------------------------------------------------------------------------- */

/* float -> binary16, round to nearest even; NaN -> 0x7fff (the canonical half NaN CUDA's
 * cvt.rn.f16.f32 produces), overflow -> inf, subnormal halves produced exactly. */
uint16_t simt_nv_float2half_rn(float f)
{
    uint32_t x = ld_fbits(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u)
        return 0x7fffu;
    if (ax >= 0x477ff000u) /* >= 65520: rounds to inf (also inf itself) */
        return (uint16_t)(sign | 0x7c00u);
    if (ax < 0x33000001u) /* <= 2^-25: rounds to zero (2^-25 is a tie, even is 0) */
        return (uint16_t)sign;
    int e = (int)(ax >> 23) - 127;
    uint32_t mant = (ax & 0x7fffffu) | 0x800000u; /* 24 significant bits */
    int shift;                                    /* bits to drop from mant */
    uint32_t base;
    if (e >= -14) { /* normal half: keep 11 bits */
        shift = 13;
        base = (uint32_t)(e + 15) << 10;
        mant &= 0x7fffffu; /* implicit bit re-added by carrying into the exponent field */
    } else {               /* subnormal half: value = m * 2^-24 */
        shift = 13 + (-14 - e);
        base = 0;
    }
    uint32_t q = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1u);
    uint32_t halfway = 1u << (shift - 1);
    if (rem > halfway || (rem == halfway && (q & 1u)))
        q++;
    return (uint16_t)(sign | (base + q)); /* a carry out of q bumps the exponent, correctly */
}

float simt_nv_half2float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0x1f)
        return ld_bitsf(sign | 0x7f800000u | (m << 13));
    if (e == 0) {
        float v = (float)m * 0x1p-24f; /* exact */
        return sign ? -v : v;
    }
    return ld_bitsf(sign | ((e + 112u) << 23) | (m << 13));
}
