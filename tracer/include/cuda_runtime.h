/*
 * cuda_runtime.h - the CUDA runtime header of the simt toolchain. simt-cc includes it
 * implicitly in every .cu file (as nvcc does). It gathers:
 *   - the runtime API (cuda_runtime_api.h) and its C++ conveniences (templates);
 *   - vector types, make_*() and dim3;
 *   - under clang's CUDA mode: built-in variables, device math, intrinsics, atomics, warp
 *     functions, printf/assert/malloc on the device, texture references.
 * Device functions compile to LLVM IR that the tracer interprets: calls to __nv_* (libdevice
 * functions, implemented natively by the tracer), NVVM intrinsics, and the __simt_* extern
 * device functions listed in docs/CUDA_SUPPORT.md.
 *
 * clang's own CUDA resource headers (__clang_cuda_*.h, Apache-2.0 WITH LLVM-exception, part
 * of the compiler) are used where they work without NVIDIA's headers. No NVIDIA text.
 */
#ifndef SIMT_CUDA_RUNTIME_H
#define SIMT_CUDA_RUNTIME_H

#if defined(__CUDA__) && defined(__cplusplus)
/* Device declarations of the math functions must precede <cmath> (clang's scheme). */
#include <__clang_cuda_math_forward_declares.h>
#endif

#include "host_defines.h"
#include "cuda_runtime_api.h"
#include "vector_types.h"
#include "vector_functions.h"

#ifdef __cplusplus
#include <cmath>
/* As with nvcc, the C names (isfinite, isnan, signbit, ...) are visible at global scope in
 * host code too: libstdc++'s <math.h> brings std's overloads into the global namespace. */
#include <math.h>
#include <cstdlib>
#include <cstring>
#include <ctime>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
#include "simt_cuda_host.h"
#endif

#if defined(__CUDA__) && defined(__cplusplus)
#ifndef __CUDACC__
#define __CUDACC__
#endif
#include "simt_cuda_device.h"
#endif

#endif
