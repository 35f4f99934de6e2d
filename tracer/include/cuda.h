/*
 * cuda.h - driver-API header of the simt toolchain: version macros and the basic driver types
 * some runtime programs include. The driver API functions themselves (cuInit, cuModuleLoad,
 * ...) are not provided: programs calling them fail to compile (docs/CUDA_SUPPORT.md).
 */
#ifndef SIMT_CUDA_H
#define SIMT_CUDA_H

#include <stddef.h>
#include <stdint.h>

#ifndef CUDA_VERSION
#define CUDA_VERSION 11080
#endif

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef uint32_t cuuint32_t;
typedef uint64_t cuuint64_t;

typedef enum cudaError_enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NOT_INITIALIZED = 3,
    CUDA_ERROR_NO_DEVICE = 100,
    CUDA_ERROR_INVALID_DEVICE = 101,
    CUDA_ERROR_NOT_FOUND = 500,
    CUDA_ERROR_ILLEGAL_ADDRESS = 700,
    CUDA_ERROR_LAUNCH_FAILED = 719,
    CUDA_ERROR_NOT_SUPPORTED = 801,
    CUDA_ERROR_UNKNOWN = 999
} CUresult;

#endif
