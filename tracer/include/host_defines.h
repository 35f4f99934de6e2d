/*
 * host_defines.h - CUDA function/variable qualifiers for the simt toolchain (clang 16).
 *
 * Under clang's CUDA mode (__CUDA__) the qualifiers map onto clang's attributes; in a plain
 * C/C++ host compile they expand to nothing, so host-only files may include the CUDA headers.
 * Written for this project (no NVIDIA text); see docs/CUDA_SUPPORT.md.
 */
#ifndef SIMT_HOST_DEFINES_H
#define SIMT_HOST_DEFINES_H
/* CUDA's own guard name: libraries test it (thrust's guarded_cuda_runtime_api.h would
 * otherwise undefine __host__/__device__ before including the runtime header again) */
#define __HOST_DEFINES_H__

#if defined(__CUDA__)
#define __host__     __attribute__((host))
#define __device__   __attribute__((device))
#define __global__   __attribute__((global))
#define __shared__   __attribute__((shared))
#define __constant__ __attribute__((constant))
/* clang 16 ignores CUDA's managed attribute: a __managed__ variable is a __device__ one whose
 * host shadow sits in section simt_managed, so that the runtime finds it and mirrors the two
 * copies at every launch (docs/CUDA_SUPPORT.md) */
#define __managed__            __attribute__((device)) __attribute__((section("simt_managed")))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __grid_constant__
#endif

#define __forceinline__ __inline__ __attribute__((always_inline))
/* __noinline__ is a keyword of clang's CUDA mode (clang >= 15), which keeps libstdc++'s own
 * __attribute__((__noinline__)) (<memory>, <functional>) valid; a macro here would turn it into
 * a nested attribute and break every .cu file that includes <memory>. Like CUDA 12's header, a
 * plain host compile gets no definition (it has no use for the qualifier). */
#if defined(__CUDA__) && defined(__clang__) && __clang_major__ < 15
#define __noinline__ __attribute__((noinline))
#endif
#define __align__(n)         __attribute__((aligned(n)))
#define __thread__           __thread
#define __builtin_align__(a) __align__(a)
#define __device_builtin__
#define __cudart_builtin__
#define __host__device__ __host__ __device__
#define CUDARTAPI
#define CUDAAPI
/* the calling convention of stream callbacks and host functions (CUDA's __stdcall on Windows,
 * nothing elsewhere): SDK samples (simpleCallback, asyncAPI) declare theirs with it */
#ifndef CUDART_CB
#define CUDART_CB
#endif
#ifndef CUDA_CB
#define CUDA_CB
#endif
#define __CUDA_DEPRECATED

#endif
