/*
 * cufft.h - a subset of cuFFT: plans of rank 1-3 (basic and advanced data layouts, batches),
 * complex-to-complex, real-to-complex and complex-to-real transforms in single and double
 * precision. Written for this project from cuFFT's documented interface; implemented as CUDA
 * kernels in tracer/cufft/simt_cufft.cu, which simt-cc links when a program is built with
 * -lcufft. The kernels are ours: power-of-two lengths by radix-2 Stockham passes, other lengths
 * by a direct DFT per output element; the trace shows them (names start with simt_cufft_).
 * docs/CUDA_SUPPORT.md, "cuFFT".
 */
#ifndef SIMT_CUFFT_H
#define SIMT_CUFFT_H

#include <stddef.h>

#include "cuComplex.h"
#include "cuda_runtime_api.h"

#define CUFFT_VER_MAJOR 10
#define CUFFT_VER_MINOR 9
#define CUFFT_VER_PATCH 0
#define CUFFT_VER_BUILD 58
#define CUFFT_VERSION   10900

#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cufftResult_t {
    CUFFT_SUCCESS = 0x0,
    CUFFT_INVALID_PLAN = 0x1,
    CUFFT_ALLOC_FAILED = 0x2,
    CUFFT_INVALID_TYPE = 0x3,
    CUFFT_INVALID_VALUE = 0x4,
    CUFFT_INTERNAL_ERROR = 0x5,
    CUFFT_EXEC_FAILED = 0x6,
    CUFFT_SETUP_FAILED = 0x7,
    CUFFT_INVALID_SIZE = 0x8,
    CUFFT_UNALIGNED_DATA = 0x9,
    CUFFT_INCOMPLETE_PARAMETER_LIST = 0xA,
    CUFFT_INVALID_DEVICE = 0xB,
    CUFFT_PARSE_ERROR = 0xC,
    CUFFT_NO_WORKSPACE = 0xD,
    CUFFT_NOT_IMPLEMENTED = 0xE,
    CUFFT_LICENSE_ERROR = 0x0F,
    CUFFT_NOT_SUPPORTED = 0x10
} cufftResult;

typedef enum cufftType_t {
    CUFFT_R2C = 0x2a,
    CUFFT_C2R = 0x2c,
    CUFFT_C2C = 0x29,
    CUFFT_D2Z = 0x6a,
    CUFFT_Z2D = 0x6c,
    CUFFT_Z2Z = 0x69
} cufftType;

typedef int cufftHandle;
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

cufftResult cufftCreate(cufftHandle *plan);
cufftResult cufftDestroy(cufftHandle plan);
cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type);
cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist,
                          int *onembed, int ostride, int odist, cufftType type, int batch);
cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize);
cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize);
cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                            size_t *workSize);
cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride,
                              int idist, int *onembed, int ostride, int odist, cufftType type,
                              int batch, size_t *workSize);
cufftResult cufftGetSize(cufftHandle plan, size_t *workSize);
cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);
cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea);
cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream);
cufftResult cufftGetVersion(int *version);

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction);
cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata);
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata);
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata,
                         int direction);
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata);
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata);

#ifdef __cplusplus
}
/* the status's name for helper_cuda.h's checkCudaErrors (C++) */
static inline const char *simt_status_name(cufftResult r)
{
    static const char *const names[] = {"CUFFT_SUCCESS",
                                        "CUFFT_INVALID_PLAN",
                                        "CUFFT_ALLOC_FAILED",
                                        "CUFFT_INVALID_TYPE",
                                        "CUFFT_INVALID_VALUE",
                                        "CUFFT_INTERNAL_ERROR",
                                        "CUFFT_EXEC_FAILED",
                                        "CUFFT_SETUP_FAILED",
                                        "CUFFT_INVALID_SIZE",
                                        "CUFFT_UNALIGNED_DATA",
                                        "CUFFT_INCOMPLETE_PARAMETER_LIST",
                                        "CUFFT_INVALID_DEVICE",
                                        "CUFFT_PARSE_ERROR",
                                        "CUFFT_NO_WORKSPACE",
                                        "CUFFT_NOT_IMPLEMENTED",
                                        "CUFFT_LICENSE_ERROR",
                                        "CUFFT_NOT_SUPPORTED"};
    return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "CUFFT_UNKNOWN";
}
#endif

#endif
