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
 *   - extern device functions: vprintf, malloc, free, operator new/delete, __assertfail,
 *     __simt_tex_fetch, __simt_tex_sample, __simt_tex_sample_n, __simt_surf_read and
 *     __simt_surf_write.
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
/* clang implements the SIMD video intrinsics (__vadd2, __vabsdiffu4, __vseteq4, ...) with inline
 * PTX assembly, which the tracer does not interpret: rename clang's away and define them below
 * on the libdevice functions (__nv_v*), which the tracer implements */
// clang-format off
#define __vabs2 __simt_clang_vabs2_unused
#define __vabs4 __simt_clang_vabs4_unused
#define __vabsdiffs2 __simt_clang_vabsdiffs2_unused
#define __vabsdiffs4 __simt_clang_vabsdiffs4_unused
#define __vabsdiffu2 __simt_clang_vabsdiffu2_unused
#define __vabsdiffu4 __simt_clang_vabsdiffu4_unused
#define __vabsss2 __simt_clang_vabsss2_unused
#define __vabsss4 __simt_clang_vabsss4_unused
#define __vadd2 __simt_clang_vadd2_unused
#define __vadd4 __simt_clang_vadd4_unused
#define __vaddss2 __simt_clang_vaddss2_unused
#define __vaddss4 __simt_clang_vaddss4_unused
#define __vaddus2 __simt_clang_vaddus2_unused
#define __vaddus4 __simt_clang_vaddus4_unused
#define __vavgs2 __simt_clang_vavgs2_unused
#define __vavgs4 __simt_clang_vavgs4_unused
#define __vavgu2 __simt_clang_vavgu2_unused
#define __vavgu4 __simt_clang_vavgu4_unused
#define __vcmpeq2 __simt_clang_vcmpeq2_unused
#define __vcmpeq4 __simt_clang_vcmpeq4_unused
#define __vcmpges2 __simt_clang_vcmpges2_unused
#define __vcmpges4 __simt_clang_vcmpges4_unused
#define __vcmpgeu2 __simt_clang_vcmpgeu2_unused
#define __vcmpgeu4 __simt_clang_vcmpgeu4_unused
#define __vcmpgts2 __simt_clang_vcmpgts2_unused
#define __vcmpgts4 __simt_clang_vcmpgts4_unused
#define __vcmpgtu2 __simt_clang_vcmpgtu2_unused
#define __vcmpgtu4 __simt_clang_vcmpgtu4_unused
#define __vcmples2 __simt_clang_vcmples2_unused
#define __vcmples4 __simt_clang_vcmples4_unused
#define __vcmpleu2 __simt_clang_vcmpleu2_unused
#define __vcmpleu4 __simt_clang_vcmpleu4_unused
#define __vcmplts2 __simt_clang_vcmplts2_unused
#define __vcmplts4 __simt_clang_vcmplts4_unused
#define __vcmpltu2 __simt_clang_vcmpltu2_unused
#define __vcmpltu4 __simt_clang_vcmpltu4_unused
#define __vcmpne2 __simt_clang_vcmpne2_unused
#define __vcmpne4 __simt_clang_vcmpne4_unused
#define __vhaddu2 __simt_clang_vhaddu2_unused
#define __vhaddu4 __simt_clang_vhaddu4_unused
#define __vmaxs2 __simt_clang_vmaxs2_unused
#define __vmaxs4 __simt_clang_vmaxs4_unused
#define __vmaxu2 __simt_clang_vmaxu2_unused
#define __vmaxu4 __simt_clang_vmaxu4_unused
#define __vmins2 __simt_clang_vmins2_unused
#define __vmins4 __simt_clang_vmins4_unused
#define __vminu2 __simt_clang_vminu2_unused
#define __vminu4 __simt_clang_vminu4_unused
#define __vneg2 __simt_clang_vneg2_unused
#define __vneg4 __simt_clang_vneg4_unused
#define __vnegss2 __simt_clang_vnegss2_unused
#define __vnegss4 __simt_clang_vnegss4_unused
#define __vsads2 __simt_clang_vsads2_unused
#define __vsads4 __simt_clang_vsads4_unused
#define __vsadu2 __simt_clang_vsadu2_unused
#define __vsadu4 __simt_clang_vsadu4_unused
#define __vseteq2 __simt_clang_vseteq2_unused
#define __vseteq4 __simt_clang_vseteq4_unused
#define __vsetges2 __simt_clang_vsetges2_unused
#define __vsetges4 __simt_clang_vsetges4_unused
#define __vsetgeu2 __simt_clang_vsetgeu2_unused
#define __vsetgeu4 __simt_clang_vsetgeu4_unused
#define __vsetgts2 __simt_clang_vsetgts2_unused
#define __vsetgts4 __simt_clang_vsetgts4_unused
#define __vsetgtu2 __simt_clang_vsetgtu2_unused
#define __vsetgtu4 __simt_clang_vsetgtu4_unused
#define __vsetles2 __simt_clang_vsetles2_unused
#define __vsetles4 __simt_clang_vsetles4_unused
#define __vsetleu2 __simt_clang_vsetleu2_unused
#define __vsetleu4 __simt_clang_vsetleu4_unused
#define __vsetlts2 __simt_clang_vsetlts2_unused
#define __vsetlts4 __simt_clang_vsetlts4_unused
#define __vsetltu2 __simt_clang_vsetltu2_unused
#define __vsetltu4 __simt_clang_vsetltu4_unused
#define __vsetne2 __simt_clang_vsetne2_unused
#define __vsetne4 __simt_clang_vsetne4_unused
#define __vsub2 __simt_clang_vsub2_unused
#define __vsub4 __simt_clang_vsub4_unused
#define __vsubss2 __simt_clang_vsubss2_unused
#define __vsubss4 __simt_clang_vsubss4_unused
#define __vsubus2 __simt_clang_vsubus2_unused
#define __vsubus4 __simt_clang_vsubus4_unused
// clang-format on
#include <__clang_cuda_device_functions.h>
// clang-format off
#undef __vabs2
#undef __vabs4
#undef __vabsdiffs2
#undef __vabsdiffs4
#undef __vabsdiffu2
#undef __vabsdiffu4
#undef __vabsss2
#undef __vabsss4
#undef __vadd2
#undef __vadd4
#undef __vaddss2
#undef __vaddss4
#undef __vaddus2
#undef __vaddus4
#undef __vavgs2
#undef __vavgs4
#undef __vavgu2
#undef __vavgu4
#undef __vcmpeq2
#undef __vcmpeq4
#undef __vcmpges2
#undef __vcmpges4
#undef __vcmpgeu2
#undef __vcmpgeu4
#undef __vcmpgts2
#undef __vcmpgts4
#undef __vcmpgtu2
#undef __vcmpgtu4
#undef __vcmples2
#undef __vcmples4
#undef __vcmpleu2
#undef __vcmpleu4
#undef __vcmplts2
#undef __vcmplts4
#undef __vcmpltu2
#undef __vcmpltu4
#undef __vcmpne2
#undef __vcmpne4
#undef __vhaddu2
#undef __vhaddu4
#undef __vmaxs2
#undef __vmaxs4
#undef __vmaxu2
#undef __vmaxu4
#undef __vmins2
#undef __vmins4
#undef __vminu2
#undef __vminu4
#undef __vneg2
#undef __vneg4
#undef __vnegss2
#undef __vnegss4
#undef __vsads2
#undef __vsads4
#undef __vsadu2
#undef __vsadu4
#undef __vseteq2
#undef __vseteq4
#undef __vsetges2
#undef __vsetges4
#undef __vsetgeu2
#undef __vsetgeu4
#undef __vsetgts2
#undef __vsetgts4
#undef __vsetgtu2
#undef __vsetgtu4
#undef __vsetles2
#undef __vsetles4
#undef __vsetleu2
#undef __vsetleu4
#undef __vsetlts2
#undef __vsetlts4
#undef __vsetltu2
#undef __vsetltu4
#undef __vsetne2
#undef __vsetne4
#undef __vsub2
#undef __vsub4
#undef __vsubss2
#undef __vsubss4
#undef __vsubus2
#undef __vsubus4
// clang-format on
/* (clang declares the __nv_v* functions only for CUDA 9.0/9.1: declared here) */
#define SIMT_VSIMD1_(v)                                                                            \
    extern "C" __device__ int __nv_##v(int);                                                       \
    __device__ static inline unsigned int __##v(unsigned int a)                                    \
    {                                                                                              \
        return (unsigned int)__nv_##v((int)a);                                                     \
    }
#define SIMT_VSIMD2_(v)                                                                            \
    extern "C" __device__ int __nv_##v(int, int);                                                  \
    __device__ static inline unsigned int __##v(unsigned int a, unsigned int b)                    \
    {                                                                                              \
        return (unsigned int)__nv_##v((int)a, (int)b);                                             \
    }
// clang-format off
SIMT_VSIMD1_(vabs2)
SIMT_VSIMD1_(vabs4)
SIMT_VSIMD2_(vabsdiffs2)
SIMT_VSIMD2_(vabsdiffs4)
SIMT_VSIMD2_(vabsdiffu2)
SIMT_VSIMD2_(vabsdiffu4)
SIMT_VSIMD1_(vabsss2)
SIMT_VSIMD1_(vabsss4)
SIMT_VSIMD2_(vadd2)
SIMT_VSIMD2_(vadd4)
SIMT_VSIMD2_(vaddss2)
SIMT_VSIMD2_(vaddss4)
SIMT_VSIMD2_(vaddus2)
SIMT_VSIMD2_(vaddus4)
SIMT_VSIMD2_(vavgs2)
SIMT_VSIMD2_(vavgs4)
SIMT_VSIMD2_(vavgu2)
SIMT_VSIMD2_(vavgu4)
SIMT_VSIMD2_(vcmpeq2)
SIMT_VSIMD2_(vcmpeq4)
SIMT_VSIMD2_(vcmpges2)
SIMT_VSIMD2_(vcmpges4)
SIMT_VSIMD2_(vcmpgeu2)
SIMT_VSIMD2_(vcmpgeu4)
SIMT_VSIMD2_(vcmpgts2)
SIMT_VSIMD2_(vcmpgts4)
SIMT_VSIMD2_(vcmpgtu2)
SIMT_VSIMD2_(vcmpgtu4)
SIMT_VSIMD2_(vcmples2)
SIMT_VSIMD2_(vcmples4)
SIMT_VSIMD2_(vcmpleu2)
SIMT_VSIMD2_(vcmpleu4)
SIMT_VSIMD2_(vcmplts2)
SIMT_VSIMD2_(vcmplts4)
SIMT_VSIMD2_(vcmpltu2)
SIMT_VSIMD2_(vcmpltu4)
SIMT_VSIMD2_(vcmpne2)
SIMT_VSIMD2_(vcmpne4)
SIMT_VSIMD2_(vhaddu2)
SIMT_VSIMD2_(vhaddu4)
SIMT_VSIMD2_(vmaxs2)
SIMT_VSIMD2_(vmaxs4)
SIMT_VSIMD2_(vmaxu2)
SIMT_VSIMD2_(vmaxu4)
SIMT_VSIMD2_(vmins2)
SIMT_VSIMD2_(vmins4)
SIMT_VSIMD2_(vminu2)
SIMT_VSIMD2_(vminu4)
SIMT_VSIMD1_(vneg2)
SIMT_VSIMD1_(vneg4)
SIMT_VSIMD1_(vnegss2)
SIMT_VSIMD1_(vnegss4)
SIMT_VSIMD2_(vsads2)
SIMT_VSIMD2_(vsads4)
SIMT_VSIMD2_(vsadu2)
SIMT_VSIMD2_(vsadu4)
SIMT_VSIMD2_(vseteq2)
SIMT_VSIMD2_(vseteq4)
SIMT_VSIMD2_(vsetges2)
SIMT_VSIMD2_(vsetges4)
SIMT_VSIMD2_(vsetgeu2)
SIMT_VSIMD2_(vsetgeu4)
SIMT_VSIMD2_(vsetgts2)
SIMT_VSIMD2_(vsetgts4)
SIMT_VSIMD2_(vsetgtu2)
SIMT_VSIMD2_(vsetgtu4)
SIMT_VSIMD2_(vsetles2)
SIMT_VSIMD2_(vsetles4)
SIMT_VSIMD2_(vsetleu2)
SIMT_VSIMD2_(vsetleu4)
SIMT_VSIMD2_(vsetlts2)
SIMT_VSIMD2_(vsetlts4)
SIMT_VSIMD2_(vsetltu2)
SIMT_VSIMD2_(vsetltu4)
SIMT_VSIMD2_(vsetne2)
SIMT_VSIMD2_(vsetne4)
SIMT_VSIMD2_(vsub2)
SIMT_VSIMD2_(vsub4)
SIMT_VSIMD2_(vsubss2)
SIMT_VSIMD2_(vsubss4)
SIMT_VSIMD2_(vsubus2)
SIMT_VSIMD2_(vsubus4)
// clang-format on
#undef SIMT_VSIMD1_
#undef SIMT_VSIMD2_
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
/* Dynamic parallelism (launches from device code) needs relocatable device code, which simt-cc
 * refuses; these are declared so that libraries which guard such launches at run time (thrust's
 * triple_chevron_launch) compile. A kernel that calls them stops the tracer with "not
 * supported" naming the function. */
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                                        dim3 blockDimension, unsigned int sharedMemSize,
                                        cudaStream_t stream);
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
/* Address-space conversions and tests (CUDA's sm_20_intrinsics.h names over clang's own
 * implementations): the numbers inline PTX takes for ld.shared, cp.async, ... */
__device__ static inline size_t __cvta_generic_to_global(const void *p)
{
    return __nv_cvta_generic_to_global_impl(p);
}
__device__ static inline size_t __cvta_generic_to_shared(const void *p)
{
    return __nv_cvta_generic_to_shared_impl(p);
}
__device__ static inline size_t __cvta_generic_to_constant(const void *p)
{
    return __nv_cvta_generic_to_constant_impl(p);
}
__device__ static inline size_t __cvta_generic_to_local(const void *p)
{
    return __nv_cvta_generic_to_local_impl(p);
}
__device__ static inline void *__cvta_global_to_generic(size_t a)
{
    return __nv_cvta_global_to_generic_impl(a);
}
__device__ static inline void *__cvta_shared_to_generic(size_t a)
{
    return __nv_cvta_shared_to_generic_impl(a);
}
__device__ static inline void *__cvta_constant_to_generic(size_t a)
{
    return __nv_cvta_constant_to_generic_impl(a);
}
__device__ static inline void *__cvta_local_to_generic(size_t a)
{
    return __nv_cvta_local_to_generic_impl(a);
}
__device__ static inline unsigned int __isGlobal(const void *p)
{
    return __nvvm_isspacep_global(p);
}
__device__ static inline unsigned int __isShared(const void *p)
{
    return __nvvm_isspacep_shared(p);
}
__device__ static inline unsigned int __isConstant(const void *p)
{
    return __nvvm_isspacep_const(p);
}
__device__ static inline unsigned int __isLocal(const void *p)
{
    return __nvvm_isspacep_local(p);
}

/* Programmatic dependent launch (sm_90, cudaLaunchAttributeProgrammaticStreamSerialization):
 * a launch here starts only after the work before it in its stream has completed, so the wait
 * for the preceding grid is already satisfied and the early trigger has nothing to release */
__device__ static inline void cudaGridDependencySynchronize(void) {}
__device__ static inline void cudaTriggerProgrammaticLaunchCompletion(void) {}

/* --- norm / rnorm of an array (normf, rnormf, norm, rnorm): libdevice functions that read
 * memory, so defined here in device code (the tracer's native libdevice functions take
 * values only). Scaled by the largest magnitude so that the squares do not overflow. */
#define SIMT_NORM_(name, T, SQRT, INV)                                                             \
    extern "C" __device__ T name(int dim, const T *t)                                              \
    {                                                                                              \
        T big = 0, sum = 0;                                                                        \
        for (int i = 0; i < dim; i++)                                                              \
            big = t[i] < 0 ? (-t[i] > big ? -t[i] : big) : (t[i] > big ? t[i] : big);              \
        if (big == 0 || big != big)                                                                \
            return INV ? 1 / big : big;                                                            \
        for (int i = 0; i < dim; i++)                                                              \
            sum += (t[i] / big) * (t[i] / big);                                                    \
        return INV ? 1 / (big * SQRT(sum)) : big * SQRT(sum);                                      \
    }
SIMT_NORM_(__nv_normf, float, sqrtf, 0)
SIMT_NORM_(__nv_rnormf, float, sqrtf, 1)
SIMT_NORM_(__nv_norm, double, sqrt, 0)
SIMT_NORM_(__nv_rnorm, double, sqrt, 1)
#undef SIMT_NORM_

/* --- integer dot products (sm_61+: __dp4a, __dp2a_lo, __dp2a_hi) --------------------------
 * dp4a: the four byte products of a and b summed into c; dp2a: a's two 16-bit halves times
 * b's low (lo) or high (hi) two bytes, summed into c. Signed forms sign-extend the parts. */
__device__ static inline int __dp4a(int a, int b, int c)
{
    for (int k = 0; k < 32; k += 8)
        c += (int)(signed char)(a >> k) * (int)(signed char)(b >> k);
    return c;
}
__device__ static inline unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c)
{
    for (int k = 0; k < 32; k += 8)
        c += ((a >> k) & 0xffu) * ((b >> k) & 0xffu);
    return c;
}
__device__ static inline int __dp4a(char4 a, char4 b, int c)
{
    return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
__device__ static inline unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c)
{
    return c + (unsigned int)(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w);
}
__device__ static inline int __simt_dp2a(int a, int b, int c, int shift)
{
    return c + (int)(short)a * (int)(signed char)(b >> shift) +
           (int)(short)(a >> 16) * (int)(signed char)(b >> (shift + 8));
}
__device__ static inline unsigned int __simt_udp2a(unsigned int a, unsigned int b, unsigned int c,
                                                   int shift)
{
    return c + (a & 0xffffu) * ((b >> shift) & 0xffu) + (a >> 16) * ((b >> (shift + 8)) & 0xffu);
}
__device__ static inline int __dp2a_lo(int a, int b, int c)
{
    return __simt_dp2a(a, b, c, 0);
}
__device__ static inline int __dp2a_hi(int a, int b, int c)
{
    return __simt_dp2a(a, b, c, 16);
}
__device__ static inline unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c)
{
    return __simt_udp2a(a, b, c, 0);
}
__device__ static inline unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c)
{
    return __simt_udp2a(a, b, c, 16);
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
 * binds through simt_module_bind_texture); outside the bound extent the texel is zero (as
 * tex1Dfetch reads linear memory on a GPU, whatever the address mode); inside, the tracer reads
 * the texel and stores channel c into texel[c] (c < 4): float channels as their bit pattern,
 * integer channels sign- or zero-extended to 32 bits; absent channels are 0. The read is one
 * SIMT_MS_TEXTURE access at the texel's global address. tex1Dfetch uses it; tex1D/2D/3D
 * sample through __simt_tex_sample (below). */
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
/* tex1D/2D/3D sample at float coordinates with the reference's filter mode, normalisation and
 * address modes (cudaBindTexture* took them from the textureReference). With the
 * normalized-float read mode the tracer converts (and filters) the channels itself
 * (__simt_tex_sample_n), so the texel arrives as floats. */
extern "C" __device__ void __simt_tex_sample(const void *tex, float x, float y, float z,
                                             unsigned int *texel);
extern "C" __device__ void __simt_tex_sample_n(const void *tex, float x, float y, float z,
                                               unsigned int *texel);
template <class T, int D, enum cudaTextureReadMode M>
__device__ static inline typename __simt_tex_read<T, M>::type
__simt_tex_sampled(const texture<T, D, M> &t, float x, float y, float z)
{
    unsigned int w[4] = {0, 0, 0, 0};
    if (M == cudaReadModeNormalizedFloat) {
        __simt_tex_sample_n(&t, x, y, z, w);
        return __simt_tex_conv<typename __simt_tex_read<T, M>::type>::get(w);
    }
    __simt_tex_sample(&t, x, y, z, w);
    return __simt_tex_read<T, M>::get(w);
}
template <class T, enum cudaTextureReadMode M>
__device__ static inline typename __simt_tex_read<T, M>::type
tex1D(const texture<T, cudaTextureType1D, M> &t, float x)
{
    return __simt_tex_sampled(t, x, 0.0f, 0.0f);
}
template <class T, enum cudaTextureReadMode M>
__device__ static inline typename __simt_tex_read<T, M>::type
tex2D(const texture<T, cudaTextureType2D, M> &t, float x, float y)
{
    return __simt_tex_sampled(t, x, y, 0.0f);
}
template <class T, enum cudaTextureReadMode M>
__device__ static inline typename __simt_tex_read<T, M>::type
tex3D(const texture<T, cudaTextureType3D, M> &t, float x, float y, float z)
{
    return __simt_tex_sampled(t, x, y, z);
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
/* tex1D/2D/3D of an object sample at float coordinates with the object's filter mode,
 * coordinate normalisation, address modes and read mode (the tracer, __simt_tex_sample) */
template <class T>
__device__ static inline T __simt_texobj_sample(cudaTextureObject_t t, float x, float y, float z)
{
    unsigned int w[4] = {0, 0, 0, 0};
    __simt_tex_sample((const void *)t, x, y, z, w);
    return __simt_tex_conv<T>::get(w);
}
template <class T> __device__ static inline T tex1D(cudaTextureObject_t t, float x)
{
    return __simt_texobj_sample<T>(t, x, 0.0f, 0.0f);
}
template <class T> __device__ static inline T tex2D(cudaTextureObject_t t, float x, float y)
{
    return __simt_texobj_sample<T>(t, x, y, 0.0f);
}
template <class T>
__device__ static inline T tex3D(cudaTextureObject_t t, float x, float y, float z)
{
    return __simt_texobj_sample<T>(t, x, y, z);
}
/* Layered textures and cubemaps (objects on arrays made by cudaMalloc3DArray with
 * cudaArrayLayered / cudaArrayCubemap, whose depth counts the layers or faces): the tracer
 * samples layer z alone, filtering and addressing within it (__simt_tex_sample_layer), or a
 * cubemap face at normalised face coordinates (__simt_tex_sample_cube, face = z). */
extern "C" __device__ void __simt_tex_sample_layer(const void *tex, float x, float y, float layer,
                                                   unsigned int *texel);
extern "C" __device__ void __simt_tex_sample_cube(const void *tex, float s, float t, float face,
                                                  unsigned int *texel);
template <class T>
__device__ static inline T tex1DLayered(cudaTextureObject_t t, float x, int layer)
{
    unsigned int w[4] = {0, 0, 0, 0};
    __simt_tex_sample_layer((const void *)t, x, 0.0f, (float)layer, w);
    return __simt_tex_conv<T>::get(w);
}
template <class T>
__device__ static inline T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer)
{
    unsigned int w[4] = {0, 0, 0, 0};
    __simt_tex_sample_layer((const void *)t, x, y, (float)layer, w);
    return __simt_tex_conv<T>::get(w);
}
/* The face and its coordinates follow the CUDA programming guide's cubemap table: the
 * direction's largest component picks the face (+x, -x, +y, -y, +z, -z = 0..5) and the other
 * two, divided by its magnitude, give (s, t) in [-1, 1], mapped to [0, 1]. */
__device__ static inline float __simt_cube_face(float x, float y, float z, float *u, float *v)
{
    const float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
    float m, s, t, f;
    if (ax >= ay && ax >= az) {
        m = ax, f = x >= 0.0f ? 0.0f : 1.0f, s = x >= 0.0f ? -z : z, t = -y;
    } else if (ay >= az) {
        m = ay, f = y >= 0.0f ? 2.0f : 3.0f, s = x, t = y >= 0.0f ? z : -z;
    } else {
        m = az, f = z >= 0.0f ? 4.0f : 5.0f, s = z >= 0.0f ? x : -x, t = -y;
    }
    *u = (s / m + 1.0f) * 0.5f;
    *v = (t / m + 1.0f) * 0.5f;
    return f;
}
template <class T>
__device__ static inline T texCubemap(cudaTextureObject_t t, float x, float y, float z)
{
    unsigned int w[4] = {0, 0, 0, 0};
    float u, v, f = __simt_cube_face(x, y, z, &u, &v);
    __simt_tex_sample_cube((const void *)t, u, v, f, w);
    return __simt_tex_conv<T>::get(w);
}
template <class T>
__device__ static inline T texCubemapLayered(cudaTextureObject_t t, float x, float y, float z,
                                             int layer)
{
    unsigned int w[4] = {0, 0, 0, 0};
    float u, v, f = __simt_cube_face(x, y, z, &u, &v);
    __simt_tex_sample_cube((const void *)t, u, v, f + 6.0f * (float)layer, w);
    return __simt_tex_conv<T>::get(w);
}
template <class T>
__device__ static inline void tex2DLayered(T *r, cudaTextureObject_t t, float x, float y, int l)
{
    *r = tex2DLayered<T>(t, x, y, l);
}
template <class T>
__device__ static inline void texCubemap(T *r, cudaTextureObject_t t, float x, float y, float z)
{
    *r = texCubemap<T>(t, x, y, z);
}
/* --- surface objects: x is in bytes; the boundary mode says what an access outside does
 * (trap: an error naming it; clamp: the nearest element; zero: reads 0, writes nothing) ---- */
extern "C" __device__ void __simt_surf_read(unsigned long long surf, int x, int y, int z,
                                            void *data, unsigned int size, int mode);
extern "C" __device__ void __simt_surf_write(unsigned long long surf, int x, int y, int z,
                                             const void *data, unsigned int size, int mode);
#define SIMT_SURF_BM_ enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap
template <class T>
__device__ static inline T surf1Dread(cudaSurfaceObject_t s, int x, SIMT_SURF_BM_)
{
    T v;
    __simt_surf_read(s, x, 0, 0, &v, sizeof(T), (int)m);
    return v;
}
template <class T>
__device__ static inline T surf2Dread(cudaSurfaceObject_t s, int x, int y, SIMT_SURF_BM_)
{
    T v;
    __simt_surf_read(s, x, y, 0, &v, sizeof(T), (int)m);
    return v;
}
template <class T>
__device__ static inline T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z, SIMT_SURF_BM_)
{
    T v;
    __simt_surf_read(s, x, y, z, &v, sizeof(T), (int)m);
    return v;
}
template <class T>
__device__ static inline void surf1Dread(T *r, cudaSurfaceObject_t s, int x, SIMT_SURF_BM_)
{
    __simt_surf_read(s, x, 0, 0, r, sizeof(T), (int)m);
}
template <class T>
__device__ static inline void surf2Dread(T *r, cudaSurfaceObject_t s, int x, int y, SIMT_SURF_BM_)
{
    __simt_surf_read(s, x, y, 0, r, sizeof(T), (int)m);
}
template <class T>
__device__ static inline void surf3Dread(T *r, cudaSurfaceObject_t s, int x, int y, int z,
                                         SIMT_SURF_BM_)
{
    __simt_surf_read(s, x, y, z, r, sizeof(T), (int)m);
}
template <class T>
__device__ static inline void surf1Dwrite(T v, cudaSurfaceObject_t s, int x, SIMT_SURF_BM_)
{
    __simt_surf_write(s, x, 0, 0, &v, sizeof(T), (int)m);
}
template <class T>
__device__ static inline void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y, SIMT_SURF_BM_)
{
    __simt_surf_write(s, x, y, 0, &v, sizeof(T), (int)m);
}
template <class T>
__device__ static inline void surf3Dwrite(T v, cudaSurfaceObject_t s, int x, int y, int z,
                                          SIMT_SURF_BM_)
{
    __simt_surf_write(s, x, y, z, &v, sizeof(T), (int)m);
}
#undef SIMT_SURF_BM_

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
