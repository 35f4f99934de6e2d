/*
 * cuda_fp8.h - 8-bit floating point (CUDA 11.8) for host and device code (C++): the storage
 * types, the conversions __nv_cvt_* and the classes __nv_fp8_e4m3 / __nv_fp8_e5m2 with their
 * x2 and x4 forms. Written for this project from the documented interface and the OCP 8-bit
 * floating point formats:
 *   E4M3: bias 7, 3 mantissa bits, no infinities, NaN = S.1111.111, largest 448, smallest
 *         subnormal 2^-9;
 *   E5M2: bias 15, 2 mantissa bits, IEEE-like (infinities S.11111.00, NaNs), largest 57344,
 *         smallest subnormal 2^-16.
 * Conversions to fp8 round to nearest, ties to even; a value whose rounded magnitude exceeds
 * the largest finite one becomes that largest value with __NV_SATFINITE, and NaN (E4M3) or
 * infinity (E5M2) with __NV_NOSAT; NaN becomes 0x7f. The classes' constructors saturate.
 * Conversions from fp8 are exact in half and float. Arithmetic on fp8 values goes through float
 * (the classes convert), so kernels trace float instructions.
 */
#ifndef SIMT_CUDA_FP8_H
#define SIMT_CUDA_FP8_H

#include <type_traits>

#include "cuda_bf16.h"
#include "cuda_fp16.h"

#if defined(__cplusplus)

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

#define SIMT_F8_ static __inline__ __host__ __device__

/* --- the two formats ---------------------------------------------------------------------- */
SIMT_F8_ __nv_fp8_storage_t __simt_to_fp8(double x, __nv_saturation_t sat,
                                          __nv_fp8_interpretation_t fmt)
{
    const int e4 = fmt == __NV_E4M3, mbits = e4 ? 3 : 2, bias = e4 ? 7 : 15;
    const double maxv = e4 ? 448.0 : 57344.0;
    const unsigned char maxb = e4 ? 0x7e : 0x7b, over = e4 ? 0x7f : 0x7c;
    if (x != x)
        return 0x7f;
    const unsigned char sign = __builtin_signbit(x) ? 0x80 : 0;
    double d = x < 0 ? -x : x;
    if (d == 0.0)
        return sign;
    if (d == __builtin_inf())
        return (unsigned char)(sign | (sat == __NV_SATFINITE ? maxb : over));
    int e;
    (void)frexp(d, &e);
    int el = e - 1; /* the exponent of the leading bit */
    const int emin = 1 - bias;
    if (el < emin)
        el = emin;
    const double q = ldexp(1.0, el - mbits); /* the spacing of the values there */
    const double r = rint(d / q) * q;        /* ties to even */
    if (r > maxv)
        return (unsigned char)(sign | (sat == __NV_SATFINITE ? maxb : over));
    if (r < ldexp(1.0, emin)) /* subnormal (or zero) */
        return (unsigned char)(sign | (unsigned)(r / ldexp(1.0, emin - mbits)));
    (void)frexp(r, &e);
    const int er = e - 1;
    const unsigned mant = (unsigned)(r / ldexp(1.0, er - mbits)) - (1u << mbits);
    return (unsigned char)(sign | (unsigned)(er + bias) << mbits | mant);
}
SIMT_F8_ float __simt_from_fp8(__nv_fp8_storage_t b, __nv_fp8_interpretation_t fmt)
{
    const int e4 = fmt == __NV_E4M3, mbits = e4 ? 3 : 2, bias = e4 ? 7 : 15;
    const unsigned emask = e4 ? 0xf : 0x1f, ex = (unsigned)(b >> mbits) & emask,
                   m = b & ((1u << mbits) - 1);
    const float s = (b & 0x80) ? -1.0f : 1.0f;
    if (e4 && ex == 0xf && m == 7)
        return __builtin_nanf("");
    if (!e4 && ex == 0x1f)
        return m ? __builtin_nanf("") : s * __builtin_inff();
    if (ex == 0)
        return s * ldexpf((float)m, 1 - bias - mbits);
    return s * ldexpf((float)(m | 1u << mbits), (int)ex - bias - mbits);
}

/* --- conversions (the documented __nv_cvt_* interface) ------------------------------------- */
SIMT_F8_ __nv_fp8_storage_t __nv_cvt_double_to_fp8(double x, __nv_saturation_t sat,
                                                   __nv_fp8_interpretation_t fmt)
{
    return __simt_to_fp8(x, sat, fmt);
}
SIMT_F8_ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x, __nv_saturation_t sat,
                                                  __nv_fp8_interpretation_t fmt)
{
    return __simt_to_fp8((double)x, sat, fmt);
}
SIMT_F8_ __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(double2 x, __nv_saturation_t sat,
                                                        __nv_fp8_interpretation_t fmt)
{
    return (__nv_fp8x2_storage_t)(__simt_to_fp8(x.x, sat, fmt) |
                                  (unsigned)__simt_to_fp8(x.y, sat, fmt) << 8);
}
SIMT_F8_ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t sat,
                                                       __nv_fp8_interpretation_t fmt)
{
    return (__nv_fp8x2_storage_t)(__simt_to_fp8(x.x, sat, fmt) |
                                  (unsigned)__simt_to_fp8(x.y, sat, fmt) << 8);
}
SIMT_F8_ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t sat,
                                                    __nv_fp8_interpretation_t fmt)
{
    return __simt_to_fp8((double)(float)__half(x), sat, fmt);
}
SIMT_F8_ __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(__half2_raw x, __nv_saturation_t sat,
                                                         __nv_fp8_interpretation_t fmt)
{
    return (__nv_fp8x2_storage_t)(__nv_cvt_halfraw_to_fp8(__half_raw{x.x}, sat, fmt) |
                                  (unsigned)__nv_cvt_halfraw_to_fp8(__half_raw{x.y}, sat, fmt)
                                      << 8);
}
SIMT_F8_ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw x, __nv_saturation_t sat,
                                                        __nv_fp8_interpretation_t fmt)
{
    return __simt_to_fp8((double)__simt_bf2f(x.x), sat, fmt);
}
SIMT_F8_ __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw x,
                                                             __nv_saturation_t sat,
                                                             __nv_fp8_interpretation_t fmt)
{
    return (__nv_fp8x2_storage_t)(__simt_to_fp8((double)__simt_bf2f(x.x), sat, fmt) |
                                  (unsigned)__simt_to_fp8((double)__simt_bf2f(x.y), sat, fmt) << 8);
}
SIMT_F8_ __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x, __nv_fp8_interpretation_t fmt)
{
    return (__half_raw)__half(__simt_from_fp8(x, fmt));
}
SIMT_F8_ __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t x,
                                                __nv_fp8_interpretation_t fmt)
{
    __half_raw lo = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x & 0xff), fmt),
               hi = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x >> 8), fmt);
    return __half2_raw{lo.x, hi.x};
}

/* --- the classes ---------------------------------------------------------------------------- */
#define SIMT_FP8_CLASS_(NAME, FMT)                                                                 \
    struct __align__(1) NAME                                                                       \
    {                                                                                              \
        __nv_fp8_storage_t __x;                                                                    \
        NAME() = default;                                                                          \
        __host__ __device__ explicit NAME(const __half f)                                          \
            : __x(__simt_to_fp8((double)(float)f, __NV_SATFINITE, FMT))                            \
        {                                                                                          \
        }                                                                                          \
        __host__ __device__ explicit NAME(const __nv_bfloat16 f)                                   \
            : __x(__simt_to_fp8((double)(float)f, __NV_SATFINITE, FMT))                            \
        {                                                                                          \
        }                                                                                          \
        /* float, double and the integer types: through double, saturating */                      \
        template <class T,                                                                         \
                  class = typename ::std::enable_if<::std::is_arithmetic<T>::value>::type>         \
        __host__ __device__ explicit NAME(const T v)                                               \
            : __x(__simt_to_fp8((double)v, __NV_SATFINITE, FMT))                                   \
        {                                                                                          \
        }                                                                                          \
        __host__ __device__ explicit operator float() const                                        \
        {                                                                                          \
            return __simt_from_fp8(__x, FMT);                                                      \
        }                                                                                          \
        __host__ __device__ explicit operator double() const                                       \
        {                                                                                          \
            return (double)__simt_from_fp8(__x, FMT);                                              \
        }                                                                                          \
        __host__ __device__ explicit operator __half() const                                       \
        {                                                                                          \
            return __half(__nv_cvt_fp8_to_halfraw(__x, FMT));                                      \
        }                                                                                          \
        __host__ __device__ explicit operator __nv_bfloat16() const                                \
        {                                                                                          \
            return __nv_bfloat16(__simt_from_fp8(__x, FMT));                                       \
        }                                                                                          \
        __host__ __device__ explicit operator int() const                                          \
        {                                                                                          \
            const float f = __simt_from_fp8(__x, FMT);                                             \
            return f != f ? 0 : (int)f;                                                            \
        }                                                                                          \
        __host__ __device__ explicit operator bool() const                                         \
        {                                                                                          \
            return (__x & 0x7f) != 0;                                                              \
        }                                                                                          \
    }
SIMT_FP8_CLASS_(__nv_fp8_e4m3, __NV_E4M3);
SIMT_FP8_CLASS_(__nv_fp8_e5m2, __NV_E5M2);
#undef SIMT_FP8_CLASS_

#define SIMT_FP8X2_CLASS_(NAME, FMT)                                                               \
    struct __align__(2) NAME                                                                       \
    {                                                                                              \
        __nv_fp8x2_storage_t __x;                                                                  \
        NAME() = default;                                                                          \
        __host__ __device__ explicit NAME(const float2 f)                                          \
            : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, FMT))                                \
        {                                                                                          \
        }                                                                                          \
        __host__ __device__ explicit NAME(const double2 f)                                         \
            : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, FMT))                               \
        {                                                                                          \
        }                                                                                          \
        __host__ __device__ explicit operator float2() const                                       \
        {                                                                                          \
            return make_float2(__simt_from_fp8((__nv_fp8_storage_t)(__x & 0xff), FMT),             \
                               __simt_from_fp8((__nv_fp8_storage_t)(__x >> 8), FMT));              \
        }                                                                                          \
    }
SIMT_FP8X2_CLASS_(__nv_fp8x2_e4m3, __NV_E4M3);
SIMT_FP8X2_CLASS_(__nv_fp8x2_e5m2, __NV_E5M2);
#undef SIMT_FP8X2_CLASS_

#define SIMT_FP8X4_CLASS_(NAME, FMT)                                                               \
    struct __align__(4) NAME                                                                       \
    {                                                                                              \
        __nv_fp8x4_storage_t __x;                                                                  \
        NAME() = default;                                                                          \
        __host__ __device__ explicit NAME(const float4 f)                                          \
            : __x((__nv_fp8x4_storage_t)__simt_to_fp8(f.x, __NV_SATFINITE, FMT) |                  \
                  (__nv_fp8x4_storage_t)__simt_to_fp8(f.y, __NV_SATFINITE, FMT) << 8 |             \
                  (__nv_fp8x4_storage_t)__simt_to_fp8(f.z, __NV_SATFINITE, FMT) << 16 |            \
                  (__nv_fp8x4_storage_t)__simt_to_fp8(f.w, __NV_SATFINITE, FMT) << 24)             \
        {                                                                                          \
        }                                                                                          \
        __host__ __device__ explicit operator float4() const                                       \
        {                                                                                          \
            return make_float4(__simt_from_fp8((__nv_fp8_storage_t)(__x & 0xff), FMT),             \
                               __simt_from_fp8((__nv_fp8_storage_t)(__x >> 8 & 0xff), FMT),        \
                               __simt_from_fp8((__nv_fp8_storage_t)(__x >> 16 & 0xff), FMT),       \
                               __simt_from_fp8((__nv_fp8_storage_t)(__x >> 24), FMT));             \
        }                                                                                          \
    }
SIMT_FP8X4_CLASS_(__nv_fp8x4_e4m3, __NV_E4M3);
SIMT_FP8X4_CLASS_(__nv_fp8x4_e5m2, __NV_E5M2);
#undef SIMT_FP8X4_CLASS_

#undef SIMT_F8_
#endif /* __cplusplus */

#endif
