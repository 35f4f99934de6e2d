/*
 * simt_cuda_device.h - device-side part of cuda_runtime.h (clang CUDA mode, C++ only):
 * built-in variables, math, intrinsics, atomics, warp functions, printf/assert/malloc and
 * legacy texture fetches. Included by cuda_runtime.h; do not include directly.
 *
 * What the tracer must implement for code built with these headers (docs/CUDA_SUPPORT.md):
 *   - the libdevice functions __nv_* (declared in clang's __clang_cuda_libdevice_declares.h)
 *     that a program reaches (math, integer intrinsics, conversions with rounding modes);
 *   - NVVM intrinsics: special registers (llvm.nvvm.read.ptx.sreg.*), barriers
 *     (llvm.nvvm.barrier0[.popc/.and/.or]), fences (llvm.nvvm.membar.*), warp shuffles and
 *     votes (llvm.nvvm.shfl.sync.*, llvm.nvvm.vote.*), __ldg (llvm.nvvm.ldg.global.*),
 *     atomic inc/dec (llvm.nvvm.atomic.load.inc/dec.32);
 *   - extern device functions: vprintf, malloc, free, operator new/delete, __assertfail and
 *     __simt_tex_fetch.
 */
#ifndef SIMT_CUDA_DEVICE_H
#define SIMT_CUDA_DEVICE_H

#include "host_defines.h"
#include "vector_types.h"

/* --- built-in variables (clang's __declspec(property) scheme) ----------------------------- */
#include <__clang_cuda_builtin_vars.h>

__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const
{
    return dim3(x, y, z);
}
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const
{
    return uint3{x, y, z};
}
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const
{
    return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const
{
    return uint3{x, y, z};
}
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const
{
    return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const
{
    return uint3{x, y, z};
}
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const
{
    return dim3(x, y, z);
}
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const
{
    return uint3{x, y, z};
}

/* --- libdevice declarations, device functions, math, intrinsics (clang's headers) ---------- */
#include <limits.h>
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>
#include <__clang_cuda_cmath.h>
/* The float overloads of C99's <cmath> functions. clang's forward declarations
 * (__clang_cuda_math_forward_declares.h) announce them and expect the CUDA headers to define
 * them; without these, fmax(x, 1.5f) or std::round(x) on floats in device code would call an
 * undefined function. Each is the C function of the same name with the f suffix. */
#define SIMT_DEVICE_MATH_ static __inline__ __attribute__((always_inline)) __attribute__((device))
/* R name(float [, float]) { return namef(...); }: the one- and two-argument forms */
#define SIMT_FLOAT1_(R, name)                                                                      \
    SIMT_DEVICE_MATH_ R name(float x)                                                              \
    {                                                                                              \
        return name##f(x);                                                                         \
    }
#define SIMT_FLOAT2_(name)                                                                         \
    SIMT_DEVICE_MATH_ float name(float x, float y)                                                 \
    {                                                                                              \
        return name##f(x, y);                                                                      \
    }
SIMT_FLOAT1_(float, acosh)
SIMT_FLOAT1_(float, asinh)
SIMT_FLOAT1_(float, atanh)
SIMT_FLOAT1_(float, cbrt)
SIMT_FLOAT1_(float, erf)
SIMT_FLOAT1_(float, erfc)
SIMT_FLOAT1_(float, exp2)
SIMT_FLOAT1_(float, expm1)
SIMT_FLOAT1_(float, lgamma)
SIMT_FLOAT1_(float, log1p)
SIMT_FLOAT1_(float, log2)
SIMT_FLOAT1_(float, logb)
SIMT_FLOAT1_(float, nearbyint)
SIMT_FLOAT1_(float, rint)
SIMT_FLOAT1_(float, round)
SIMT_FLOAT1_(float, tgamma)
SIMT_FLOAT1_(float, trunc)
SIMT_FLOAT1_(int, ilogb)
SIMT_FLOAT1_(long long, llrint)
SIMT_FLOAT1_(long long, llround)
SIMT_FLOAT1_(long, lrint)
SIMT_FLOAT1_(long, lround)
SIMT_FLOAT2_(copysign)
SIMT_FLOAT2_(fdim)
SIMT_FLOAT2_(fmax)
SIMT_FLOAT2_(fmin)
SIMT_FLOAT2_(hypot)
SIMT_FLOAT2_(nextafter)
SIMT_FLOAT2_(remainder)
#undef SIMT_FLOAT1_
#undef SIMT_FLOAT2_
SIMT_DEVICE_MATH_ float fma(float x, float y, float z)
{
    return fmaf(x, y, z);
}
SIMT_DEVICE_MATH_ float remquo(float x, float y, int *q)
{
    return remquof(x, y, q);
}
SIMT_DEVICE_MATH_ float scalbln(float x, long n)
{
    return scalblnf(x, n);
}
SIMT_DEVICE_MATH_ float scalbn(float x, int n)
{
    return scalbnf(x, n);
}
/* nan(tag), nanf(tag): a quiet NaN; the tag (whose payload meaning is implementation-defined)
 * is not read */
SIMT_DEVICE_MATH_ double nan(const char *tag)
{
    (void)tag;
    return __builtin_nan("");
}
SIMT_DEVICE_MATH_ float nanf(const char *tag)
{
    (void)tag;
    return __builtin_nanf("");
}
#undef SIMT_DEVICE_MATH_
/* clang's __activemask() and __funnelshift_*() are inline PTX assembly; rename them away and
 * define them without assembly (the active mask is a ballot of true by the active threads),
 * so the tracer needs no inline-asm support for them. */
#define __activemask     __simt_clang_activemask_unused
#define __funnelshift_l  __simt_clang_funnelshift_l_unused
#define __funnelshift_lc __simt_clang_funnelshift_lc_unused
#define __funnelshift_r  __simt_clang_funnelshift_r_unused
#define __funnelshift_rc __simt_clang_funnelshift_rc_unused
#include <__clang_cuda_intrinsics.h>
#undef __activemask
#undef __funnelshift_l
#undef __funnelshift_lc
#undef __funnelshift_r
#undef __funnelshift_rc
__device__ static inline unsigned int __activemask(void)
{
    return __nvvm_vote_ballot(1);
}
/* Funnel shifts (clang's are "shf" inline assembly): the 64-bit value hi:lo shifted, the
 * high (left) or low (right) word kept; _c clamps the shift to 32, the others wrap it. */
__device__ static inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                                      unsigned int shift)
{
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)((v << (shift & 31u)) >> 32);
}
__device__ static inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                                       unsigned int shift)
{
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)((v << (shift < 32u ? shift : 32u)) >> 32);
}
__device__ static inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                                      unsigned int shift)
{
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)(v >> (shift & 31u));
}
__device__ static inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                                       unsigned int shift)
{
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)(v >> (shift < 32u ? shift : 32u));
}

/* --- device runtime: printf, malloc/free, assert ------------------------------------------- */
extern "C" {
__device__ int vprintf(const char *format, const char *args);
__device__ int printf(const char *format, ...);
__device__ void *malloc(size_t size) __attribute__((nothrow)) __attribute__((malloc));
__device__ void free(void *ptr) __attribute__((nothrow));
__device__ void __assertfail(const char *message, const char *file, unsigned line,
                             const char *function, size_t char_size);
__device__ static inline void __assert_fail(const char *message, const char *file, unsigned line,
                                            const char *function)
{
    __assertfail(message, file, line, function, sizeof(char));
}
}
namespace std
{
__device__ static inline void free(void *p)
{
    ::free(p);
}
__device__ static inline void *malloc(size_t n)
{
    return ::malloc(n);
}
} // namespace std

/* --- atomics for every CUDA type (atomicrmw/cmpxchg in the IR) ----------------------------- */
#define SIMT_ATOMIC_ static __device__ __forceinline__
SIMT_ATOMIC_ int atomicAdd(int *p, int v)
{
    return __iAtomicAdd(p, v);
}
SIMT_ATOMIC_ unsigned int atomicAdd(unsigned int *p, unsigned int v)
{
    return __uAtomicAdd(p, v);
}
SIMT_ATOMIC_ unsigned long long atomicAdd(unsigned long long *p, unsigned long long v)
{
    return __ullAtomicAdd(p, v);
}
SIMT_ATOMIC_ float atomicAdd(float *p, float v)
{
    return __fAtomicAdd(p, v);
}
SIMT_ATOMIC_ double atomicAdd(double *p, double v)
{
    return __dAtomicAdd(p, v);
}
SIMT_ATOMIC_ int atomicAdd_block(int *p, int v)
{
    return __iAtomicAdd_block(p, v);
}
SIMT_ATOMIC_ unsigned int atomicAdd_block(unsigned int *p, unsigned int v)
{
    return __uAtomicAdd_block(p, v);
}
SIMT_ATOMIC_ float atomicAdd_block(float *p, float v)
{
    return __fAtomicAdd_block(p, v);
}
SIMT_ATOMIC_ int atomicAdd_system(int *p, int v)
{
    return __iAtomicAdd_system(p, v);
}
SIMT_ATOMIC_ float atomicAdd_system(float *p, float v)
{
    return __fAtomicAdd_system(p, v);
}
SIMT_ATOMIC_ int atomicSub(int *p, int v)
{
    return __iAtomicAdd(p, -v);
}
SIMT_ATOMIC_ unsigned int atomicSub(unsigned int *p, unsigned int v)
{
    return __uAtomicAdd(p, (unsigned int)-v);
}
SIMT_ATOMIC_ int atomicExch(int *p, int v)
{
    return __iAtomicExch(p, v);
}
SIMT_ATOMIC_ unsigned int atomicExch(unsigned int *p, unsigned int v)
{
    return __uAtomicExch(p, v);
}
SIMT_ATOMIC_ unsigned long long atomicExch(unsigned long long *p, unsigned long long v)
{
    return __ullAtomicExch(p, v);
}
SIMT_ATOMIC_ float atomicExch(float *p, float v)
{
    return __fAtomicExch(p, v);
}
SIMT_ATOMIC_ int atomicMin(int *p, int v)
{
    return __iAtomicMin(p, v);
}
SIMT_ATOMIC_ unsigned int atomicMin(unsigned int *p, unsigned int v)
{
    return __uAtomicMin(p, v);
}
SIMT_ATOMIC_ long long atomicMin(long long *p, long long v)
{
    return __illAtomicMin(p, v);
}
SIMT_ATOMIC_ unsigned long long atomicMin(unsigned long long *p, unsigned long long v)
{
    return __ullAtomicMin(p, v);
}
SIMT_ATOMIC_ int atomicMax(int *p, int v)
{
    return __iAtomicMax(p, v);
}
SIMT_ATOMIC_ unsigned int atomicMax(unsigned int *p, unsigned int v)
{
    return __uAtomicMax(p, v);
}
SIMT_ATOMIC_ long long atomicMax(long long *p, long long v)
{
    return __illAtomicMax(p, v);
}
SIMT_ATOMIC_ unsigned long long atomicMax(unsigned long long *p, unsigned long long v)
{
    return __ullAtomicMax(p, v);
}
SIMT_ATOMIC_ unsigned int atomicInc(unsigned int *p, unsigned int v)
{
    return __uAtomicInc(p, v);
}
SIMT_ATOMIC_ unsigned int atomicDec(unsigned int *p, unsigned int v)
{
    return __uAtomicDec(p, v);
}
SIMT_ATOMIC_ int atomicCAS(int *p, int cmp, int v)
{
    return __iAtomicCAS(p, cmp, v);
}
SIMT_ATOMIC_ unsigned int atomicCAS(unsigned int *p, unsigned int cmp, unsigned int v)
{
    return __uAtomicCAS(p, cmp, v);
}
SIMT_ATOMIC_ unsigned long long atomicCAS(unsigned long long *p, unsigned long long cmp,
                                          unsigned long long v)
{
    return __ullAtomicCAS(p, cmp, v);
}
SIMT_ATOMIC_ unsigned short atomicCAS(unsigned short *p, unsigned short cmp, unsigned short v)
{
    /* on failure the builtin stores the current value into cmp: cmp is the old value */
    __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return cmp;
}
SIMT_ATOMIC_ int atomicAnd(int *p, int v)
{
    return __iAtomicAnd(p, v);
}
SIMT_ATOMIC_ unsigned int atomicAnd(unsigned int *p, unsigned int v)
{
    return __uAtomicAnd(p, v);
}
SIMT_ATOMIC_ unsigned long long atomicAnd(unsigned long long *p, unsigned long long v)
{
    return __ullAtomicAnd(p, v);
}
SIMT_ATOMIC_ int atomicOr(int *p, int v)
{
    return __iAtomicOr(p, v);
}
SIMT_ATOMIC_ unsigned int atomicOr(unsigned int *p, unsigned int v)
{
    return __uAtomicOr(p, v);
}
SIMT_ATOMIC_ unsigned long long atomicOr(unsigned long long *p, unsigned long long v)
{
    return __ullAtomicOr(p, v);
}
SIMT_ATOMIC_ int atomicXor(int *p, int v)
{
    return __iAtomicXor(p, v);
}
SIMT_ATOMIC_ unsigned int atomicXor(unsigned int *p, unsigned int v)
{
    return __uAtomicXor(p, v);
}
SIMT_ATOMIC_ unsigned long long atomicXor(unsigned long long *p, unsigned long long v)
{
    return __ullAtomicXor(p, v);
}
#undef SIMT_ATOMIC_
/* The _block and _system scopes of every atomic (those not defined above): one device and
 * one interpreter, so every scope is the device-wide atomic. */
#define SIMT_SCOPED2_(op)                                                                          \
    template <class T> __device__ static inline T op##_block(T *p, T v)                            \
    {                                                                                              \
        return op(p, v);                                                                           \
    }                                                                                              \
    template <class T> __device__ static inline T op##_system(T *p, T v)                           \
    {                                                                                              \
        return op(p, v);                                                                           \
    }
SIMT_SCOPED2_(atomicAdd)
SIMT_SCOPED2_(atomicSub)
SIMT_SCOPED2_(atomicExch)
SIMT_SCOPED2_(atomicMin)
SIMT_SCOPED2_(atomicMax)
SIMT_SCOPED2_(atomicInc)
SIMT_SCOPED2_(atomicDec)
SIMT_SCOPED2_(atomicAnd)
SIMT_SCOPED2_(atomicOr)
SIMT_SCOPED2_(atomicXor)
#undef SIMT_SCOPED2_
template <class T> __device__ static inline T atomicCAS_block(T *p, T compare, T val)
{
    return atomicCAS(p, compare, val);
}
template <class T> __device__ static inline T atomicCAS_system(T *p, T compare, T val)
{
    return atomicCAS(p, compare, val);
}
/* __nanosleep: CUDA guarantees a sleep of 0 to about twice the given time; the interpreter
 * has no clock to wait for, so it sleeps 0 (clang 16 has no builtin for the instruction) */
__device__ static inline void __nanosleep(unsigned int ns)
{
    (void)ns;
}

/* --- loads and stores with cache hints (sm_32+: __ldcg, __ldca, __ldcs, __ldlu, __ldcv and
 * __stcg, __stcs, __stwb, __stwt). The hint chooses which caches keep the line; the trace
 * records an ordinary global access (no hint), so the timing model caches it as any other. */
#define SIMT_LDHINT_(name)                                                                         \
    template <class T> __device__ static inline T name(const T *p)                                 \
    {                                                                                              \
        return *p;                                                                                 \
    }
SIMT_LDHINT_(__ldcg)
SIMT_LDHINT_(__ldca)
SIMT_LDHINT_(__ldcs)
SIMT_LDHINT_(__ldlu)
SIMT_LDHINT_(__ldcv)
#undef SIMT_LDHINT_
#define SIMT_STHINT_(name)                                                                         \
    template <class T> __device__ static inline void name(T *p, T v)                               \
    {                                                                                              \
        *p = v;                                                                                    \
    }
SIMT_STHINT_(__stcg)
SIMT_STHINT_(__stcs)
SIMT_STHINT_(__stwb)
SIMT_STHINT_(__stwt)
#undef SIMT_STHINT_

/* --- warp reductions (sm_80's __reduce_*_sync): every thread of `mask` gets the reduction of
 * their values, read in lane order through shuffles */
#define SIMT_WREDUCE_(name, T, OP)                                                                 \
    __device__ static inline T name(unsigned int mask, T v)                                        \
    {                                                                                              \
        T acc = __shfl_sync(mask, v, __ffs((int)mask) - 1);                                        \
        for (unsigned int rest = mask & (mask - 1); rest; rest &= rest - 1) {                      \
            T o = __shfl_sync(mask, v, __ffs((int)rest) - 1);                                      \
            acc = OP;                                                                              \
        }                                                                                          \
        return acc;                                                                                \
    }
SIMT_WREDUCE_(__reduce_add_sync, unsigned int, acc + o)
SIMT_WREDUCE_(__reduce_add_sync, int, acc + o)
SIMT_WREDUCE_(__reduce_min_sync, unsigned int, o < acc ? o : acc)
SIMT_WREDUCE_(__reduce_min_sync, int, o < acc ? o : acc)
SIMT_WREDUCE_(__reduce_max_sync, unsigned int, o > acc ? o : acc)
SIMT_WREDUCE_(__reduce_max_sync, int, o > acc ? o : acc)
SIMT_WREDUCE_(__reduce_and_sync, unsigned int, acc &o)
SIMT_WREDUCE_(__reduce_or_sync, unsigned int, acc | o)
SIMT_WREDUCE_(__reduce_xor_sync, unsigned int, acc ^ o)
#undef SIMT_WREDUCE_

/* --- legacy texture references: point-sampled fetches --------------------------------------
 * One extern device function, implemented by the tracer:
 *   void __simt_tex_fetch(const void *texref, int x, int y, int z, unsigned int *texel)
 * texref is the address of the texture reference variable (a module global that the runtime
 * binds through simt_module_bind_texture); the tracer clamps x/y/z to the bound extent, reads
 * the texel and stores channel c into texel[c] (c < 4): float channels as their bit pattern,
 * integer channels sign- or zero-extended to 32 bits; absent channels are 0. The read is one
 * SIMT_MS_TEXTURE access at the texel's global address. Coordinates of tex1D/2D/3D are
 * unnormalised; point sampling takes floor(coordinate). */
extern "C" __device__ void __simt_tex_fetch(const void *texref, int x, int y, int z,
                                            unsigned int *texel);

template <class T> struct __simt_tex_conv; /* element type -> value */
#define SIMT_TEX_SCALAR_(T, EXPR)                                                                  \
    template <> struct __simt_tex_conv<T> {                                                        \
        typedef T elem_type;                                                                       \
        typedef float norm_type;                                                                   \
        __device__ static T get(const unsigned int *w)                                             \
        {                                                                                          \
            return EXPR;                                                                           \
        }                                                                                          \
    };
SIMT_TEX_SCALAR_(float, __uint_as_float(w[0]))
SIMT_TEX_SCALAR_(int, (int)w[0])
SIMT_TEX_SCALAR_(unsigned int, w[0])
SIMT_TEX_SCALAR_(short, (short)w[0])
SIMT_TEX_SCALAR_(unsigned short, (unsigned short)w[0])
SIMT_TEX_SCALAR_(char, (char)w[0])
SIMT_TEX_SCALAR_(signed char, (signed char)w[0])
SIMT_TEX_SCALAR_(unsigned char, (unsigned char)w[0])
#undef SIMT_TEX_SCALAR_
#define SIMT_TEX_VEC_(V, S)                                                                        \
    template <> struct __simt_tex_conv<V##1> {                                                     \
        __device__ static V##1 get(const unsigned int *w)                                          \
        {                                                                                          \
            return make_##V##1(__simt_tex_conv<S>::get(w));                                        \
        }                                                                                          \
    };                                                                                             \
    template <> struct __simt_tex_conv<V##2> {                                                     \
        __device__ static V##2 get(const unsigned int *w)                                          \
        {                                                                                          \
            return make_##V##2(__simt_tex_conv<S>::get(w), __simt_tex_conv<S>::get(w + 1));        \
        }                                                                                          \
    };                                                                                             \
    template <> struct __simt_tex_conv<V##4> {                                                     \
        __device__ static V##4 get(const unsigned int *w)                                          \
        {                                                                                          \
            return make_##V##4(__simt_tex_conv<S>::get(w), __simt_tex_conv<S>::get(w + 1),         \
                               __simt_tex_conv<S>::get(w + 2), __simt_tex_conv<S>::get(w + 3));    \
        }                                                                                          \
    };
SIMT_TEX_VEC_(float, float)
SIMT_TEX_VEC_(int, int)
SIMT_TEX_VEC_(uint, unsigned int)
SIMT_TEX_VEC_(short, short)
SIMT_TEX_VEC_(ushort, unsigned short)
SIMT_TEX_VEC_(char, signed char)
SIMT_TEX_VEC_(uchar, unsigned char)
#undef SIMT_TEX_VEC_

/* cudaReadModeNormalizedFloat: 8/16-bit integers map to [0,1] (unsigned) or [-1,1] (signed). */
template <class T> struct __simt_tex_norm {
    typedef T type;
    __device__ static T get(const unsigned int *w)
    {
        return __simt_tex_conv<T>::get(w);
    }
};
__device__ static inline float __simt_tex_normv(int v, float scale)
{
    float f = (float)v / scale;
    return f < -1.0f ? -1.0f : f;
}
#define SIMT_TEX_NORM_(T, F, SCALE)                                                                \
    template <> struct __simt_tex_norm<T> {                                                        \
        typedef F type;                                                                            \
        __device__ static F get(const unsigned int *w)                                             \
        {                                                                                          \
            return __simt_tex_normv((int)__simt_tex_conv<T>::get(w), SCALE);                       \
        }                                                                                          \
    };
SIMT_TEX_NORM_(unsigned char, float, 255.0f)
SIMT_TEX_NORM_(signed char, float, 127.0f)
SIMT_TEX_NORM_(char, float, 127.0f)
SIMT_TEX_NORM_(unsigned short, float, 65535.0f)
SIMT_TEX_NORM_(short, float, 32767.0f)
#undef SIMT_TEX_NORM_
#define SIMT_TEX_NORMV_(V, S, SCALE)                                                               \
    template <> struct __simt_tex_norm<V##1> {                                                     \
        typedef float1 type;                                                                       \
        __device__ static float1 get(const unsigned int *w)                                        \
        {                                                                                          \
            return make_float1(__simt_tex_normv((int)(S)w[0], SCALE));                             \
        }                                                                                          \
    };                                                                                             \
    template <> struct __simt_tex_norm<V##2> {                                                     \
        typedef float2 type;                                                                       \
        __device__ static float2 get(const unsigned int *w)                                        \
        {                                                                                          \
            return make_float2(__simt_tex_normv((int)(S)w[0], SCALE),                              \
                               __simt_tex_normv((int)(S)w[1], SCALE));                             \
        }                                                                                          \
    };                                                                                             \
    template <> struct __simt_tex_norm<V##4> {                                                     \
        typedef float4 type;                                                                       \
        __device__ static float4 get(const unsigned int *w)                                        \
        {                                                                                          \
            return make_float4(                                                                    \
                __simt_tex_normv((int)(S)w[0], SCALE), __simt_tex_normv((int)(S)w[1], SCALE),      \
                __simt_tex_normv((int)(S)w[2], SCALE), __simt_tex_normv((int)(S)w[3], SCALE));     \
        }                                                                                          \
    };
SIMT_TEX_NORMV_(uchar, unsigned char, 255.0f)
SIMT_TEX_NORMV_(char, signed char, 127.0f)
SIMT_TEX_NORMV_(ushort, unsigned short, 65535.0f)
SIMT_TEX_NORMV_(short, short, 32767.0f)
#undef SIMT_TEX_NORMV_

template <class T, enum cudaTextureReadMode M>
struct __simt_tex_read {
    typedef T type;
    __device__ static T get(const unsigned int *w){return __simt_tex_conv<T>::get(w);}
}
;
template <class T> struct __simt_tex_read<T, cudaReadModeNormalizedFloat> {
    typedef typename __simt_tex_norm<T>::type type;
    __device__ static type get(const unsigned int *w)
    {
        return __simt_tex_norm<T>::get(w);
    }
};

template <class T, int D, enum cudaTextureReadMode M>
__device__ static inline typename __simt_tex_read<T, M>::type
__simt_tex_get(const texture<T, D, M> &t, int x, int y, int z)
{
    unsigned int w[4] = {0, 0, 0, 0};
    __simt_tex_fetch(&t, x, y, z, w);
    return __simt_tex_read<T, M>::get(w);
}
template <class T, enum cudaTextureReadMode M>
__device__ static inline typename __simt_tex_read<T, M>::type
tex1Dfetch(const texture<T, cudaTextureType1D, M> &t, int x)
{
    return __simt_tex_get(t, x, 0, 0);
}
template <class T, enum cudaTextureReadMode M>
__device__ static inline typename __simt_tex_read<T, M>::type
tex1D(const texture<T, cudaTextureType1D, M> &t, float x)
{
    return __simt_tex_get(t, __float2int_rd(x), 0, 0);
}
template <class T, enum cudaTextureReadMode M>
__device__ static inline typename __simt_tex_read<T, M>::type
tex2D(const texture<T, cudaTextureType2D, M> &t, float x, float y)
{
    return __simt_tex_get(t, __float2int_rd(x), __float2int_rd(y), 0);
}
template <class T, enum cudaTextureReadMode M>
__device__ static inline typename __simt_tex_read<T, M>::type
tex3D(const texture<T, cudaTextureType3D, M> &t, float x, float y, float z)
{
    return __simt_tex_get(t, __float2int_rd(x), __float2int_rd(y), __float2int_rd(z));
}

/* --- texture objects: the handle takes the reference's place in __simt_tex_fetch. The
 * object's read mode is applied by the tracer (normalized-float reads arrive as float bits),
 * so T only says how to read the texel, as the program's tex*<T> names it. */
template <class T>
__device__ static inline T __simt_texobj_get(cudaTextureObject_t t, int x, int y, int z)
{
    unsigned int w[4] = {0, 0, 0, 0};
    __simt_tex_fetch((const void *)t, x, y, z, w);
    return __simt_tex_conv<T>::get(w);
}
template <class T> __device__ static inline T tex1Dfetch(cudaTextureObject_t t, int x)
{
    return __simt_texobj_get<T>(t, x, 0, 0);
}
template <class T> __device__ static inline T tex1D(cudaTextureObject_t t, float x)
{
    return __simt_texobj_get<T>(t, __float2int_rd(x), 0, 0);
}
template <class T> __device__ static inline T tex2D(cudaTextureObject_t t, float x, float y)
{
    return __simt_texobj_get<T>(t, __float2int_rd(x), __float2int_rd(y), 0);
}
template <class T>
__device__ static inline T tex3D(cudaTextureObject_t t, float x, float y, float z)
{
    return __simt_texobj_get<T>(t, __float2int_rd(x), __float2int_rd(y), __float2int_rd(z));
}
/* the forms that return through a pointer */
template <class T> __device__ static inline void tex1Dfetch(T *r, cudaTextureObject_t t, int x)
{
    *r = tex1Dfetch<T>(t, x);
}
template <class T>
__device__ static inline void tex2D(T *r, cudaTextureObject_t t, float x, float y)
{
    *r = tex2D<T>(t, x, y);
}

#endif
