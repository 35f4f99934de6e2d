/*
 * cuda_bf16.h - bfloat16 for host and device code (C++): the types __nv_bfloat16 and
 * __nv_bfloat162 and the toolkit's usual functions on them (conversions with each rounding,
 * arithmetic and comparison operators and intrinsics, a few math functions, shuffles, __ldg,
 * atomicAdd). Written for this project from the documented interface; CUB (thrust) includes it.
 *
 * A bfloat16 is the upper half of a float's bit pattern (8 exponent bits, 8 significant bits).
 * As in cuda_fp16.h every operation converts to float, computes there and rounds back to the
 * nearest bfloat16 (ties to even): for +, -, *, / and sqrt that is the correctly rounded result
 * (float's 24-bit significand exceeds 2 * 8 + 2 bits); fma is done in double. Kernels trace as
 * float and integer instructions, not as the GPU's bfloat16 instructions.
 */
#ifndef SIMT_CUDA_BF16_H
#define SIMT_CUDA_BF16_H

#include "cuda_fp16.h"

#if defined(__cplusplus)

#define SIMT_B_ static __inline__ __host__ __device__

/* --- bit-level conversions (rounding: 0 nearest even, 1 toward zero, 2 down, 3 up) ---------- */
SIMT_B_ unsigned short __simt_f2bf(float f, int mode)
{
    unsigned int x = __builtin_bit_cast(unsigned int, f);
    if ((x & 0x7fffffffu) > 0x7f800000u) /* NaN: quiet, sign kept */
        return (unsigned short)((x >> 16) | 0x40u);
    unsigned int hi = x >> 16, rem = x & 0xffffu, neg = x >> 31;
    if (mode == 0)
        hi += (rem > 0x8000u || (rem == 0x8000u && (hi & 1u))) ? 1u : 0u;
    else if ((mode == 2 && neg && rem) || (mode == 3 && !neg && rem))
        hi += 1u; /* away from zero: toward -inf for negatives, +inf for positives */
    return (unsigned short)hi;
}
SIMT_B_ float __simt_bf2f(unsigned short b)
{
    return __builtin_bit_cast(float, (unsigned int)b << 16);
}

/* --- the types ----------------------------------------------------------------------------- */
struct __nv_bfloat16_raw {
    unsigned short x;
};
struct __nv_bfloat162_raw {
    unsigned short x, y;
};

struct __align__(2) __nv_bfloat16
{
    unsigned short __x;
    __nv_bfloat16() = default;
    __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
    __host__ __device__ __nv_bfloat16(float f) : __x(__simt_f2bf(f, 0)) {}
    __host__ __device__ __nv_bfloat16(double d) : __x(__simt_f2bf((float)d, 0)) {}
    __host__ __device__ __nv_bfloat16(int i) : __x(__simt_f2bf((float)i, 0)) {}
    __host__ __device__ __nv_bfloat16(unsigned int i) : __x(__simt_f2bf((float)i, 0)) {}
    __host__ __device__ __nv_bfloat16(long long i) : __x(__simt_f2bf((float)i, 0)) {}
    __host__ __device__ __nv_bfloat16(unsigned long long i) : __x(__simt_f2bf((float)i, 0)) {}
    __host__ __device__ operator float() const
    {
        return __simt_bf2f(__x);
    }
    __host__ __device__ operator __nv_bfloat16_raw() const
    {
        return __nv_bfloat16_raw{__x};
    }
};
typedef struct __nv_bfloat16 nv_bfloat16;

struct __align__(4) __nv_bfloat162
{
    __nv_bfloat16 x, y;
    __nv_bfloat162() = default;
    __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b)
    {
    }
    __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r)
    {
        x.__x = r.x;
        y.__x = r.y;
    }
    __host__ __device__ operator __nv_bfloat162_raw() const
    {
        return __nv_bfloat162_raw{x.__x, y.__x};
    }
};
typedef struct __nv_bfloat162 nv_bfloat162;

/* --- conversions --------------------------------------------------------------------------- */
SIMT_B_ __nv_bfloat16 __simt_bfraw(unsigned short b)
{
    return __nv_bfloat16(__nv_bfloat16_raw{b});
}
SIMT_B_ __nv_bfloat16 __float2bfloat16(float f)
{
    return __simt_bfraw(__simt_f2bf(f, 0));
}
SIMT_B_ __nv_bfloat16 __float2bfloat16_rn(float f)
{
    return __simt_bfraw(__simt_f2bf(f, 0));
}
SIMT_B_ __nv_bfloat16 __float2bfloat16_rz(float f)
{
    return __simt_bfraw(__simt_f2bf(f, 1));
}
SIMT_B_ __nv_bfloat16 __float2bfloat16_rd(float f)
{
    return __simt_bfraw(__simt_f2bf(f, 2));
}
SIMT_B_ __nv_bfloat16 __float2bfloat16_ru(float f)
{
    return __simt_bfraw(__simt_f2bf(f, 3));
}
SIMT_B_ __nv_bfloat16 __double2bfloat16(double d)
{
    /* through float: the double rounding can differ from a direct rounding only for values
     * within 2^-24 relative of a bfloat16 tie */
    return __float2bfloat16((float)d);
}
SIMT_B_ float __bfloat162float(__nv_bfloat16 b)
{
    return __simt_bf2f(b.__x);
}
SIMT_B_ __nv_bfloat16 __int2bfloat16_rn(int i)
{
    return __float2bfloat16((float)i);
}
SIMT_B_ __nv_bfloat16 __uint2bfloat16_rn(unsigned int i)
{
    return __float2bfloat16((float)i);
}
SIMT_B_ int __bfloat162int_rz(__nv_bfloat16 b)
{
    return (int)__bfloat162float(b);
}
SIMT_B_ int __bfloat162int_rn(__nv_bfloat16 b)
{
    return (int)rintf(__bfloat162float(b));
}
SIMT_B_ unsigned int __bfloat162uint_rz(__nv_bfloat16 b)
{
    return (unsigned int)__bfloat162float(b);
}
SIMT_B_ short __bfloat16_as_short(__nv_bfloat16 b)
{
    return (short)b.__x;
}
SIMT_B_ unsigned short __bfloat16_as_ushort(__nv_bfloat16 b)
{
    return b.__x;
}
SIMT_B_ __nv_bfloat16 __short_as_bfloat16(short s)
{
    return __simt_bfraw((unsigned short)s);
}
SIMT_B_ __nv_bfloat16 __ushort_as_bfloat16(unsigned short s)
{
    return __simt_bfraw(s);
}
SIMT_B_ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b)
{
    return __nv_bfloat162(a, b);
}
SIMT_B_ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a)
{
    return __nv_bfloat162(a, a);
}
SIMT_B_ __nv_bfloat162 __floats2bfloat162_rn(float a, float b)
{
    return __nv_bfloat162(__float2bfloat16(a), __float2bfloat16(b));
}
SIMT_B_ __nv_bfloat162 __float2bfloat162_rn(float a)
{
    return __floats2bfloat162_rn(a, a);
}
SIMT_B_ __nv_bfloat162 __float22bfloat162_rn(float2 f)
{
    return __floats2bfloat162_rn(f.x, f.y);
}
SIMT_B_ float2 __bfloat1622float2(__nv_bfloat162 b)
{
    return make_float2(__bfloat162float(b.x), __bfloat162float(b.y));
}
SIMT_B_ __nv_bfloat16 __low2bfloat16(__nv_bfloat162 b)
{
    return b.x;
}
SIMT_B_ __nv_bfloat16 __high2bfloat16(__nv_bfloat162 b)
{
    return b.y;
}
SIMT_B_ float __low2float(__nv_bfloat162 b)
{
    return __bfloat162float(b.x);
}
SIMT_B_ float __high2float(__nv_bfloat162 b)
{
    return __bfloat162float(b.y);
}

/* --- arithmetic and comparisons: computed in float, rounded once ---------------------------- */
#define SIMT_B_BIN_(name, op)                                                                      \
    SIMT_B_ __nv_bfloat16 name(__nv_bfloat16 a, __nv_bfloat16 b)                                   \
    {                                                                                              \
        return __float2bfloat16(__bfloat162float(a) op __bfloat162float(b));                       \
    }                                                                                              \
    SIMT_B_ __nv_bfloat162 name##2(__nv_bfloat162 a, __nv_bfloat162 b)                             \
    {                                                                                              \
        return __nv_bfloat162(name(a.x, b.x), name(a.y, b.y));                                     \
    }
SIMT_B_BIN_(__hadd, +)
SIMT_B_BIN_(__hsub, -)
SIMT_B_BIN_(__hmul, *)
SIMT_B_BIN_(__hdiv, /)
#undef SIMT_B_BIN_
#define SIMT_B_CMP_(name, op)                                                                      \
    SIMT_B_ bool name(__nv_bfloat16 a, __nv_bfloat16 b)                                            \
    {                                                                                              \
        return __bfloat162float(a) op __bfloat162float(b);                                         \
    }
SIMT_B_CMP_(__heq, ==)
SIMT_B_CMP_(__hne, !=)
SIMT_B_CMP_(__hlt, <)
SIMT_B_CMP_(__hle, <=)
SIMT_B_CMP_(__hgt, >)
SIMT_B_CMP_(__hge, >=)
#undef SIMT_B_CMP_
SIMT_B_ __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c)
{
    return __double2bfloat16((double)__bfloat162float(a) * (double)__bfloat162float(b) +
                             (double)__bfloat162float(c));
}
SIMT_B_ __nv_bfloat16 __hneg(__nv_bfloat16 a)
{
    return __simt_bfraw((unsigned short)(a.__x ^ 0x8000u));
}
SIMT_B_ __nv_bfloat16 __habs(__nv_bfloat16 a)
{
    return __simt_bfraw((unsigned short)(a.__x & 0x7fffu));
}
SIMT_B_ bool __hisnan(__nv_bfloat16 a)
{
    return (a.__x & 0x7fffu) > 0x7f80u;
}
SIMT_B_ __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b)
{
    return __hisnan(a) ? b : __hisnan(b) ? a : __hgt(a, b) ? a : b;
}
SIMT_B_ __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b)
{
    return __hisnan(a) ? b : __hisnan(b) ? a : __hlt(a, b) ? a : b;
}

#define SIMT_B_OP_(op, fn)                                                                         \
    SIMT_B_ __nv_bfloat16 operator op(const __nv_bfloat16 &a, const __nv_bfloat16 &b)              \
    {                                                                                              \
        return fn(a, b);                                                                           \
    }                                                                                              \
    SIMT_B_ __nv_bfloat16 &operator op##=(__nv_bfloat16 &a, const __nv_bfloat16 &b)                \
    {                                                                                              \
        a = fn(a, b);                                                                              \
        return a;                                                                                  \
    }
SIMT_B_OP_(+, __hadd)
SIMT_B_OP_(-, __hsub)
SIMT_B_OP_(*, __hmul)
SIMT_B_OP_(/, __hdiv)
#undef SIMT_B_OP_
SIMT_B_ __nv_bfloat16 operator-(const __nv_bfloat16 &a)
{
    return __hneg(a);
}
SIMT_B_ __nv_bfloat16 operator+(const __nv_bfloat16 &a)
{
    return a;
}
#define SIMT_B_REL_(op, fn)                                                                        \
    SIMT_B_ bool operator op(const __nv_bfloat16 &a, const __nv_bfloat16 &b)                       \
    {                                                                                              \
        return fn(a, b);                                                                           \
    }
SIMT_B_REL_(==, __heq)
SIMT_B_REL_(!=, __hne)
SIMT_B_REL_(<, __hlt)
SIMT_B_REL_(<=, __hle)
SIMT_B_REL_(>, __hgt)
SIMT_B_REL_(>=, __hge)
#undef SIMT_B_REL_

/* --- math ---------------------------------------------------------------------------------- */
#define SIMT_B_MATH_(name, fn)                                                                     \
    SIMT_B_ __nv_bfloat16 name(__nv_bfloat16 a)                                                    \
    {                                                                                              \
        return __float2bfloat16(fn(__bfloat162float(a)));                                          \
    }
SIMT_B_MATH_(hsqrt, sqrtf)
SIMT_B_MATH_(hrsqrt, rsqrtf)
SIMT_B_MATH_(hexp, expf)
SIMT_B_MATH_(hexp2, exp2f)
SIMT_B_MATH_(hlog, logf)
SIMT_B_MATH_(hlog2, log2f)
SIMT_B_MATH_(hsin, sinf)
SIMT_B_MATH_(hcos, cosf)
SIMT_B_MATH_(hfloor, floorf)
SIMT_B_MATH_(hceil, ceilf)
SIMT_B_MATH_(htrunc, truncf)
SIMT_B_MATH_(hrint, rintf)
#undef SIMT_B_MATH_

/* --- device-only: shuffles, read-only loads, atomicAdd --------------------------------------- */
#if defined(__CUDA__)
#define SIMT_B_SHFL_(name, arg)                                                                    \
    __device__ static __inline__ __nv_bfloat16 name(unsigned int m, __nv_bfloat16 v, arg,          \
                                                    int w = 32)                                    \
    {                                                                                              \
        return __ushort_as_bfloat16((unsigned short)name(m, (unsigned int)v.__x, s, w));           \
    }
SIMT_B_SHFL_(__shfl_sync, int s)
SIMT_B_SHFL_(__shfl_up_sync, unsigned int s)
SIMT_B_SHFL_(__shfl_down_sync, unsigned int s)
SIMT_B_SHFL_(__shfl_xor_sync, int s)
#undef SIMT_B_SHFL_
__device__ static __inline__ __nv_bfloat16 __ldg(const __nv_bfloat16 *p)
{
    return __ushort_as_bfloat16(__ldg((const unsigned short *)p));
}
/* a compare-and-swap loop on the aligned 32-bit word holding the value */
__device__ static __inline__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *p, __nv_bfloat16 v)
{
    unsigned int *w = (unsigned int *)((unsigned long long)p & ~3ull);
    const unsigned int sh = ((unsigned long long)p & 2ull) ? 16u : 0u;
    unsigned int old = *w, assumed;
    do {
        assumed = old;
        const __nv_bfloat16 cur = __ushort_as_bfloat16((unsigned short)(assumed >> sh));
        const unsigned int nv = __bfloat16_as_ushort(__hadd(cur, v));
        old = atomicCAS(w, assumed, (assumed & ~(0xffffu << sh)) | (nv << sh));
    } while (old != assumed);
    return __ushort_as_bfloat16((unsigned short)(old >> sh));
}
#endif

#undef SIMT_B_
#endif /* __cplusplus */
#endif
