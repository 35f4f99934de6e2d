/*
 * helper_cuda.h - compatibility version of the CUDA samples' error-checking helpers for the
 * simt toolchain (written for this project): checkCudaErrors, getLastCudaError,
 * printLastCudaError, findCudaDevice, gpuGetMaxGflopsDeviceId, checkCudaCapabilities,
 * _ConvertSMVer2Cores, _ConvertSMVer2ArchName. Failures print the file, line, error code and
 * name and exit the program (these helpers run in the program's own code, like the originals).
 */
#ifndef SIMT_HELPER_CUDA_H
#define SIMT_HELPER_CUDA_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_runtime.h"
#include "helper_string.h"

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif
#ifndef MAX
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#endif
#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif

static inline const char *_cudaGetErrorEnum(cudaError_t error)
{
    return cudaGetErrorName(error);
}

#ifdef __cplusplus
/* C++: any status type with a simt_status_name() overload - cudaError_t here, cublasStatus_t
 * (cublas_api.h), curandStatus_t (curand.h) - in either include order (the overload is found
 * by argument-dependent lookup when the template is instantiated) */
static inline const char *simt_status_name(cudaError_t e)
{
    return cudaGetErrorName(e);
}
/* Any other status type (NVIDIA's cuBLAS, cuFFT and cuRAND headers, when this header serves a
 * program built with nvcc by scripts/device-check): the code alone. A non-template overload
 * above or in our library headers is preferred where one exists. */
template <typename T> static inline const char *simt_status_name(T)
{
    return "a library status";
}
template <typename T>
static inline void simt_helper_check(T result, const char *func, const char *file, int line)
{
    if (result) {
        fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, (int)result,
                simt_status_name(result), func);
        exit(EXIT_FAILURE);
    }
}
#else
static inline void simt_helper_check(cudaError_t result, const char *func, const char *file,
                                     int line)
{
    if (result != cudaSuccess) {
        fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\": %s\n", file, line, (int)result,
                cudaGetErrorName(result), func, cudaGetErrorString(result));
        exit(EXIT_FAILURE);
    }
}
#endif
#define checkCudaErrors(val) simt_helper_check((val), #val, __FILE__, __LINE__)

static inline void simt_helper_last_error(const char *msg, const char *file, int line, int fatal)
{
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        fprintf(stderr, "%s(%d) : getLastCudaError() CUDA error : %s : (%d) %s.\n", file, line, msg,
                (int)err, cudaGetErrorString(err));
        if (fatal)
            exit(EXIT_FAILURE);
    }
}
#define getLastCudaError(msg)   simt_helper_last_error((msg), __FILE__, __LINE__, 1)
#define printLastCudaError(msg) simt_helper_last_error((msg), __FILE__, __LINE__, 0)

static inline int _ConvertSMVer2Cores(int major, int minor)
{
    static const struct {
        int sm, cores;
    } table[] = {{0x30, 192}, {0x32, 192}, {0x35, 192}, {0x37, 192}, {0x50, 128}, {0x52, 128},
                 {0x53, 128}, {0x60, 64},  {0x61, 128}, {0x62, 128}, {0x70, 64},  {0x72, 64},
                 {0x75, 64},  {0x80, 64},  {0x86, 128}, {0x87, 128}, {0x89, 128}, {0x90, 128}};
    int sm = (major << 4) + minor;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].sm == sm)
            return table[i].cores;
    return 64;
}

static inline const char *_ConvertSMVer2ArchName(int major, int minor)
{
    switch (major) {
    case 3:
        return "Kepler";
    case 5:
        return "Maxwell";
    case 6:
        return "Pascal";
    case 7:
        return minor >= 5 ? "Turing" : "Volta";
    case 8:
        return "Ampere";
    case 9:
        return "Hopper";
    }
    return "Unknown";
}

static inline int gpuGetMaxGflopsDeviceId(void)
{
    return 0;
}

static inline int gpuDeviceInit(int devID)
{
    int count = 0;
    checkCudaErrors(cudaGetDeviceCount(&count));
    if (devID < 0 || devID >= count) {
        fprintf(stderr, "gpuDeviceInit() device %d is not a valid GPU device (%d present)\n", devID,
                count);
        return -devID;
    }
    checkCudaErrors(cudaSetDevice(devID));
    return devID;
}

static inline int findCudaDevice(int argc, const char **argv)
{
    int dev = 0;
    if (checkCmdLineFlag(argc, argv, "device")) {
        dev = getCmdLineArgumentInt(argc, argv, "device");
        if (gpuDeviceInit(dev) < 0)
            exit(EXIT_FAILURE);
    } else {
        checkCudaErrors(cudaSetDevice(dev));
    }
    struct cudaDeviceProp p;
    checkCudaErrors(cudaGetDeviceProperties(&p, dev));
    printf("GPU Device %d: \"%s\" with compute capability %d.%d\n\n", dev, p.name, p.major,
           p.minor);
    return dev;
}

static inline int checkCudaCapabilities(int major, int minor)
{
    struct cudaDeviceProp p;
    checkCudaErrors(cudaGetDeviceProperties(&p, 0));
    if (p.major > major || (p.major == major && p.minor >= minor))
        return 1;
    printf("  No GPU device was found that can support CUDA compute capability %d.%d.\n", major,
           minor);
    return 0;
}

#endif
