/*
 * cuda_fp16.h - IEEE 754 binary16 ("half") for host and device code (C++): the types __half
 * and __half2 and the toolkit's functions on them (conversions, arithmetic, comparisons, math,
 * shuffles, atomicAdd). Written for this project from the documented interface.
 *
 * A half is its 16-bit pattern; the tracer interprets no 16-bit float instructions, so every
 * operation converts to float, computes there and rounds back to the nearest half (ties to
 * even). For +, -, *, / and sqrt that is the correctly rounded half result (float's 24-bit
 * significand is at least 2 * 11 + 2 bits, so the double rounding is innocuous); fma is done
 * in double. Kernels using halves trace as float and integer instructions, not as the GPU's
 * packed half instructions: their instruction counts and mix differ from a real GPU's.
 */
#ifndef SIMT_CUDA_FP16_H
#define SIMT_CUDA_FP16_H

#include "cuda_runtime.h"

#if defined(__cplusplus)

#define SIMT_H_ static __inline__ __host__ __device__

/* --- the bit-level conversions ------------------------------------------------------------- */
SIMT_H_ unsigned short __simt_f2h(float f, int toward_zero)
{
    unsigned int x = __builtin_bit_cast(unsigned int, f);
    unsigned int sign = (x >> 16) & 0x8000u, e = (x >> 23) & 0xffu, m = x & 0x7fffffu;
    if (e == 0xffu) /* infinity, or NaN (kept quiet, its top payload bits kept) */
        return (unsigned short)(sign | 0x7c00u | (m ? 0x200u | (m >> 13) : 0u));
    int ee = (int)e - 127 + 15;
    unsigned int r, rem, halfway;
    if (ee >= 31) /* beyond the largest half: infinity (or the largest finite toward zero) */
        return (unsigned short)(sign | (toward_zero ? 0x7bffu : 0x7c00u));
    if (ee <= 0) { /* a subnormal half, or zero */
        if (ee < -10)
            return (unsigned short)sign;
        m |= 0x800000u;
        unsigned int shift = (unsigned int)(14 - ee);
        r = m >> shift;
        rem = m & ((1u << shift) - 1u);
        halfway = 1u << (shift - 1u);
    } else {
        r = ((unsigned int)ee << 10) | (m >> 13);
        rem = m & 0x1fffu;
        halfway = 0x1000u;
    }
    if (!toward_zero && (rem > halfway || (rem == halfway && (r & 1u))))
        r++; /* may carry into the exponent: the next binade, or infinity */
    return (unsigned short)(sign | r);
}
SIMT_H_ float __simt_h2f(unsigned short h)
{
    unsigned int sign = (unsigned int)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    unsigned int x;
    if (e == 0x1fu)
        x = sign | 0x7f800000u | (m << 13);
    else if (e == 0 && m == 0)
        x = sign;
    else if (e == 0) { /* subnormal: normalise */
        e = 1;
        while (!(m & 0x400u)) {
            m <<= 1;
            e--;
        }
        x = sign | ((e + 112u) << 23) | ((m & 0x3ffu) << 13);
    } else
        x = sign | ((e + 112u) << 23) | (m << 13);
    return __builtin_bit_cast(float, x);
}

/* --- the types ----------------------------------------------------------------------------- */
struct __half_raw {
    unsigned short x;
};
struct __half2_raw {
    unsigned short x, y;
};

struct __align__(2) __half
{
    unsigned short __x;
    __half() = default;
    __host__ __device__ __half(const __half_raw &r) : __x(r.x) {}
    __host__ __device__ __half(float f) : __x(__simt_f2h(f, 0)) {}
    __host__ __device__ __half(double d) : __x(__simt_f2h((float)d, 0)) {}
    __host__ __device__ __half(int i) : __x(__simt_f2h((float)i, 0)) {}
    __host__ __device__ __half(unsigned int i) : __x(__simt_f2h((float)i, 0)) {}
    __host__ __device__ __half(short i) : __x(__simt_f2h((float)i, 0)) {}
    __host__ __device__ __half(unsigned short i) : __x(__simt_f2h((float)i, 0)) {}
    __host__ __device__ __half(long long i) : __x(__simt_f2h((float)i, 0)) {}
    __host__ __device__ operator float() const
    {
        return __simt_h2f(__x);
    }
    __host__ __device__ operator __half_raw() const
    {
        return __half_raw{__x};
    }
};
typedef struct __half half;

struct __align__(4) __half2
{
    __half x, y;
    __half2() = default;
    __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
    __host__ __device__ __half2(const __half2_raw &r)
    {
        x.__x = r.x;
        y.__x = r.y;
    }
    __host__ __device__ operator __half2_raw() const
    {
        return __half2_raw{x.__x, y.__x};
    }
};
typedef struct __half2 half2;

/* --- conversions --------------------------------------------------------------------------- */
SIMT_H_ __half __simt_hraw(unsigned short b)
{
    return __half(__half_raw{b});
}
SIMT_H_ __half __float2half(float f)
{
    return __simt_hraw(__simt_f2h(f, 0));
}
SIMT_H_ __half __float2half_rn(float f)
{
    return __simt_hraw(__simt_f2h(f, 0));
}
SIMT_H_ __half __float2half_rz(float f)
{
    return __simt_hraw(__simt_f2h(f, 1));
}
SIMT_H_ float __half2float(__half h)
{
    return __simt_h2f(h.__x);
}
SIMT_H_ __half __double2half(double d)
{
    return __float2half((float)d);
}
SIMT_H_ __half __int2half_rn(int i)
{
    return __float2half((float)i);
}
SIMT_H_ __half __uint2half_rn(unsigned int i)
{
    return __float2half((float)i);
}
SIMT_H_ __half __short2half_rn(short i)
{
    return __float2half((float)i);
}
SIMT_H_ __half __ushort2half_rn(unsigned short i)
{
    return __float2half((float)i);
}
SIMT_H_ int __half2int_rz(__half h)
{
    return (int)__half2float(h);
}
SIMT_H_ int __half2int_rn(__half h)
{
    return (int)rintf(__half2float(h));
}
SIMT_H_ int __half2int_rd(__half h)
{
    return (int)floorf(__half2float(h));
}
SIMT_H_ int __half2int_ru(__half h)
{
    return (int)ceilf(__half2float(h));
}
SIMT_H_ unsigned int __half2uint_rz(__half h)
{
    return (unsigned int)__half2float(h);
}
SIMT_H_ short __half_as_short(__half h)
{
    return (short)h.__x;
}
SIMT_H_ unsigned short __half_as_ushort(__half h)
{
    return h.__x;
}
SIMT_H_ __half __short_as_half(short s)
{
    return __simt_hraw((unsigned short)s);
}
SIMT_H_ __half __ushort_as_half(unsigned short s)
{
    return __simt_hraw(s);
}

SIMT_H_ __half2 __halves2half2(__half a, __half b)
{
    return __half2(a, b);
}
SIMT_H_ __half2 __half2half2(__half a)
{
    return __half2(a, a);
}
SIMT_H_ __half2 __float2half2_rn(float f)
{
    return __half2half2(__float2half(f));
}
SIMT_H_ __half2 __floats2half2_rn(float a, float b)
{
    return __half2(__float2half(a), __float2half(b));
}
SIMT_H_ __half2 __float22half2_rn(float2 f)
{
    return __floats2half2_rn(f.x, f.y);
}
SIMT_H_ float2 __half22float2(__half2 h)
{
    return make_float2(__half2float(h.x), __half2float(h.y));
}
SIMT_H_ __half __low2half(__half2 h)
{
    return h.x;
}
SIMT_H_ __half __high2half(__half2 h)
{
    return h.y;
}
SIMT_H_ float __low2float(__half2 h)
{
    return __half2float(h.x);
}
SIMT_H_ float __high2float(__half2 h)
{
    return __half2float(h.y);
}
SIMT_H_ __half2 __lows2half2(__half2 a, __half2 b)
{
    return __half2(a.x, b.x);
}
SIMT_H_ __half2 __highs2half2(__half2 a, __half2 b)
{
    return __half2(a.y, b.y);
}
SIMT_H_ __half2 __low2half2(__half2 h)
{
    return __half2(h.x, h.x);
}
SIMT_H_ __half2 __high2half2(__half2 h)
{
    return __half2(h.y, h.y);
}
SIMT_H_ __half2 __lowhigh2highlow(__half2 h)
{
    return __half2(h.y, h.x);
}

/* --- arithmetic (in float, rounded back) --------------------------------------------------- */
SIMT_H_ __half __hadd(__half a, __half b)
{
    return __float2half((float)a + (float)b);
}
SIMT_H_ __half __hsub(__half a, __half b)
{
    return __float2half((float)a - (float)b);
}
SIMT_H_ __half __hmul(__half a, __half b)
{
    return __float2half((float)a * (float)b);
}
SIMT_H_ __half __hdiv(__half a, __half b)
{
    return __float2half((float)a / (float)b);
}
SIMT_H_ __half __hneg(__half a)
{
    return __simt_hraw((unsigned short)(a.__x ^ 0x8000u));
}
SIMT_H_ __half __habs(__half a)
{
    return __simt_hraw((unsigned short)(a.__x & 0x7fffu));
}
SIMT_H_ __half __hfma(__half a, __half b, __half c)
{
    return __float2half((float)fma((double)(float)a, (double)(float)b, (double)(float)c));
}
SIMT_H_ __half __hadd_sat(__half a, __half b)
{
    float r = (float)a + (float)b;
    return __float2half(r < 0.0f ? 0.0f : r > 1.0f ? 1.0f : r);
}
SIMT_H_ __half __hmul_sat(__half a, __half b)
{
    float r = (float)a * (float)b;
    return __float2half(r < 0.0f ? 0.0f : r > 1.0f ? 1.0f : r);
}
SIMT_H_ __half2 __hadd2(__half2 a, __half2 b)
{
    return __half2(__hadd(a.x, b.x), __hadd(a.y, b.y));
}
SIMT_H_ __half2 __hsub2(__half2 a, __half2 b)
{
    return __half2(__hsub(a.x, b.x), __hsub(a.y, b.y));
}
SIMT_H_ __half2 __hmul2(__half2 a, __half2 b)
{
    return __half2(__hmul(a.x, b.x), __hmul(a.y, b.y));
}
SIMT_H_ __half2 __h2div(__half2 a, __half2 b)
{
    return __half2(__hdiv(a.x, b.x), __hdiv(a.y, b.y));
}
SIMT_H_ __half2 __hneg2(__half2 a)
{
    return __half2(__hneg(a.x), __hneg(a.y));
}
SIMT_H_ __half2 __habs2(__half2 a)
{
    return __half2(__habs(a.x), __habs(a.y));
}
SIMT_H_ __half2 __hfma2(__half2 a, __half2 b, __half2 c)
{
    return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}

/* --- comparisons (NaN compares unordered, as in float) ------------------------------------- */
SIMT_H_ bool __heq(__half a, __half b)
{
    return (float)a == (float)b;
}
SIMT_H_ bool __hne(__half a, __half b)
{
    float x = (float)a, y = (float)b;
    return x != y && x == x && y == y;
}
SIMT_H_ bool __hlt(__half a, __half b)
{
    return (float)a < (float)b;
}
SIMT_H_ bool __hle(__half a, __half b)
{
    return (float)a <= (float)b;
}
SIMT_H_ bool __hgt(__half a, __half b)
{
    return (float)a > (float)b;
}
SIMT_H_ bool __hge(__half a, __half b)
{
    return (float)a >= (float)b;
}
SIMT_H_ bool __hisnan(__half a)
{
    return (a.__x & 0x7fffu) > 0x7c00u;
}
SIMT_H_ int __hisinf(__half a)
{
    return (a.__x & 0x7fffu) == 0x7c00u ? (a.__x & 0x8000u ? -1 : 1) : 0;
}
SIMT_H_ __half __hmax(__half a, __half b)
{
    return __float2half(fmaxf((float)a, (float)b));
}
SIMT_H_ __half __hmin(__half a, __half b)
{
    return __float2half(fminf((float)a, (float)b));
}
SIMT_H_ __half2 __hmax2(__half2 a, __half2 b)
{
    return __half2(__hmax(a.x, b.x), __hmax(a.y, b.y));
}
SIMT_H_ __half2 __hmin2(__half2 a, __half2 b)
{
    return __half2(__hmin(a.x, b.x), __hmin(a.y, b.y));
}

/* --- math ---------------------------------------------------------------------------------- */
#define SIMT_H_MATH_(name, fn)                                                                     \
    SIMT_H_ __half name(__half a)                                                                  \
    {                                                                                              \
        return __float2half(fn((float)a));                                                         \
    }                                                                                              \
    SIMT_H_ __half2 h2##name(__half2 a)                                                            \
    {                                                                                              \
        return __half2(name(a.x), name(a.y));                                                      \
    }
SIMT_H_MATH_(hsqrt, sqrtf)
SIMT_H_MATH_(hexp, expf)
SIMT_H_MATH_(hexp2, exp2f)
SIMT_H_MATH_(hexp10, exp10f)
SIMT_H_MATH_(hlog, logf)
SIMT_H_MATH_(hlog2, log2f)
SIMT_H_MATH_(hlog10, log10f)
SIMT_H_MATH_(hsin, sinf)
SIMT_H_MATH_(hcos, cosf)
SIMT_H_MATH_(hfloor, floorf)
SIMT_H_MATH_(hceil, ceilf)
SIMT_H_MATH_(htrunc, truncf)
SIMT_H_MATH_(hrint, rintf)
#undef SIMT_H_MATH_
SIMT_H_ __half hrsqrt(__half a)
{
    return __float2half(1.0f / sqrtf((float)a));
}
SIMT_H_ __half hrcp(__half a)
{
    return __float2half(1.0f / (float)a);
}

/* --- operators ----------------------------------------------------------------------------- */
SIMT_H_ __half operator+(const __half &a, const __half &b)
{
    return __hadd(a, b);
}
SIMT_H_ __half operator-(const __half &a, const __half &b)
{
    return __hsub(a, b);
}
SIMT_H_ __half operator*(const __half &a, const __half &b)
{
    return __hmul(a, b);
}
SIMT_H_ __half operator/(const __half &a, const __half &b)
{
    return __hdiv(a, b);
}
SIMT_H_ __half operator-(const __half &a)
{
    return __hneg(a);
}
SIMT_H_ __half operator+(const __half &a)
{
    return a;
}
SIMT_H_ __half &operator+=(__half &a, const __half &b)
{
    return a = __hadd(a, b);
}
SIMT_H_ __half &operator-=(__half &a, const __half &b)
{
    return a = __hsub(a, b);
}
SIMT_H_ __half &operator*=(__half &a, const __half &b)
{
    return a = __hmul(a, b);
}
SIMT_H_ __half &operator/=(__half &a, const __half &b)
{
    return a = __hdiv(a, b);
}
SIMT_H_ bool operator==(const __half &a, const __half &b)
{
    return __heq(a, b);
}
SIMT_H_ bool operator!=(const __half &a, const __half &b)
{
    return !__heq(a, b);
}
SIMT_H_ bool operator<(const __half &a, const __half &b)
{
    return __hlt(a, b);
}
SIMT_H_ bool operator<=(const __half &a, const __half &b)
{
    return __hle(a, b);
}
SIMT_H_ bool operator>(const __half &a, const __half &b)
{
    return __hgt(a, b);
}
SIMT_H_ bool operator>=(const __half &a, const __half &b)
{
    return __hge(a, b);
}
SIMT_H_ __half2 operator+(const __half2 &a, const __half2 &b)
{
    return __hadd2(a, b);
}
SIMT_H_ __half2 operator-(const __half2 &a, const __half2 &b)
{
    return __hsub2(a, b);
}
SIMT_H_ __half2 operator*(const __half2 &a, const __half2 &b)
{
    return __hmul2(a, b);
}
SIMT_H_ __half2 operator/(const __half2 &a, const __half2 &b)
{
    return __h2div(a, b);
}
SIMT_H_ __half2 operator-(const __half2 &a)
{
    return __hneg2(a);
}
SIMT_H_ __half2 &operator+=(__half2 &a, const __half2 &b)
{
    return a = __hadd2(a, b);
}
SIMT_H_ __half2 &operator-=(__half2 &a, const __half2 &b)
{
    return a = __hsub2(a, b);
}
SIMT_H_ __half2 &operator*=(__half2 &a, const __half2 &b)
{
    return a = __hmul2(a, b);
}
SIMT_H_ __half2 &operator/=(__half2 &a, const __half2 &b)
{
    return a = __h2div(a, b);
}

#if defined(__CUDA__)
/* --- warp shuffles and atomics (device) ---------------------------------------------------- */
__device__ static __inline__ __half __shfl_sync(unsigned int m, __half v, int src, int w = 32)
{
    return __ushort_as_half((unsigned short)__shfl_sync(m, (unsigned int)v.__x, src, w));
}
__device__ static __inline__ __half __shfl_up_sync(unsigned int m, __half v, unsigned int d,
                                                   int w = 32)
{
    return __ushort_as_half((unsigned short)__shfl_up_sync(m, (unsigned int)v.__x, d, w));
}
__device__ static __inline__ __half __shfl_down_sync(unsigned int m, __half v, unsigned int d,
                                                     int w = 32)
{
    return __ushort_as_half((unsigned short)__shfl_down_sync(m, (unsigned int)v.__x, d, w));
}
__device__ static __inline__ __half __shfl_xor_sync(unsigned int m, __half v, int lm, int w = 32)
{
    return __ushort_as_half((unsigned short)__shfl_xor_sync(m, (unsigned int)v.__x, lm, w));
}
__device__ static __inline__ unsigned int __simt_h2bits(__half2 v)
{
    return (unsigned int)v.x.__x | ((unsigned int)v.y.__x << 16);
}
__device__ static __inline__ __half2 __simt_bits2h2(unsigned int b)
{
    return __half2(__ushort_as_half((unsigned short)b),
                   __ushort_as_half((unsigned short)(b >> 16)));
}
__device__ static __inline__ __half2 __shfl_sync(unsigned int m, __half2 v, int src, int w = 32)
{
    return __simt_bits2h2(__shfl_sync(m, __simt_h2bits(v), src, w));
}
__device__ static __inline__ __half2 __shfl_xor_sync(unsigned int m, __half2 v, int lm, int w = 32)
{
    return __simt_bits2h2(__shfl_xor_sync(m, __simt_h2bits(v), lm, w));
}
__device__ static __inline__ __half2 __shfl_down_sync(unsigned int m, __half2 v, unsigned int d,
                                                      int w = 32)
{
    return __simt_bits2h2(__shfl_down_sync(m, __simt_h2bits(v), d, w));
}
__device__ static __inline__ __half2 __shfl_up_sync(unsigned int m, __half2 v, unsigned int d,
                                                    int w = 32)
{
    return __simt_bits2h2(__shfl_up_sync(m, __simt_h2bits(v), d, w));
}
/* atomicAdd on halves: a compare-and-swap loop on the aligned 32-bit word holding them */
__device__ static __inline__ __half2 atomicAdd(__half2 *p, __half2 v)
{
    unsigned int *w = (unsigned int *)p, old = *w, seen;
    do {
        seen = old;
        old = atomicCAS(w, seen, __simt_h2bits(__hadd2(__simt_bits2h2(seen), v)));
    } while (old != seen);
    return __simt_bits2h2(old);
}
__device__ static __inline__ __half atomicAdd(__half *p, __half v)
{
    unsigned int *w = (unsigned int *)((size_t)p & ~(size_t)3);
    const unsigned int sh = ((size_t)p & 2) ? 16u : 0u;
    unsigned int old = *w, seen;
    do {
        seen = old;
        __half cur = __ushort_as_half((unsigned short)(seen >> sh));
        unsigned int nb = (seen & ~(0xffffu << sh)) | ((unsigned int)__hadd(cur, v).__x << sh);
        old = atomicCAS(w, seen, nb);
    } while (old != seen);
    return __ushort_as_half((unsigned short)(old >> sh));
}
#endif

#undef SIMT_H_
#endif /* __cplusplus */
#endif
