/*
 * cutil_inline.h - the inline-function flavour of cutil (CUDA SDK 2.x/3.x) for the simt
 * toolchain, written for this project: cutilSafeCall, cutilSafeCallNoSync, cutilCheckMsg,
 * cutilSafeThreadSync, cutilDeviceSynchronize, cutilCheckError, cutilDeviceInit,
 * cutGetMaxGflopsDeviceId, cutilExit.
 */
#ifndef SIMT_CUTIL_INLINE_H
#define SIMT_CUTIL_INLINE_H

#include "cutil.h"

static inline void simt_cutil_safe_call(cudaError_t err, const char *file, const int line)
{
    if (err != cudaSuccess) {
        fprintf(stderr, "%s(%i) : cudaSafeCall() Runtime API error %d: %s.\n", file, line, (int)err,
                cudaGetErrorString(err));
        exit(EXIT_FAILURE);
    }
}

static inline void simt_cutil_check_msg(const char *msg, const char *file, const int line)
{
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        fprintf(stderr, "%s(%i) : cutilCheckMsg() CUTIL CUDA error : %s : %s.\n", file, line, msg,
                cudaGetErrorString(err));
        exit(EXIT_FAILURE);
    }
}

static inline void simt_cutil_check_error(CUTBoolean err, const char *file, const int line)
{
    if (err != CUTTrue) {
        fprintf(stderr, "%s(%i) : CUTIL CUDA error.\n", file, line);
        exit(EXIT_FAILURE);
    }
}

#define cutilSafeCallNoSync(err) simt_cutil_safe_call((err), __FILE__, __LINE__)
#define cutilSafeCall(err)       simt_cutil_safe_call((err), __FILE__, __LINE__)
#define cutilSafeThreadSync()    simt_cutil_safe_call(cudaDeviceSynchronize(), __FILE__, __LINE__)
#define cutilDeviceSynchronize() simt_cutil_safe_call(cudaDeviceSynchronize(), __FILE__, __LINE__)
#define cutilCheckMsg(msg)       simt_cutil_check_msg((msg), __FILE__, __LINE__)
#define cutilCheckError(err)     simt_cutil_check_error((err), __FILE__, __LINE__)

static inline int cutGetMaxGflopsDeviceId(void)
{
    return 0;
}

static inline int cutilDeviceInit(int argc, char **argv)
{
    (void)argc, (void)argv;
    int count = 0;
    cutilSafeCall(cudaGetDeviceCount(&count));
    if (count == 0) {
        fprintf(stderr, "cutil error: no devices supporting CUDA.\n");
        exit(EXIT_FAILURE);
    }
    cutilSafeCall(cudaSetDevice(0));
    return 0;
}

static inline void cutilExit(int argc, char **argv)
{
    (void)argc, (void)argv;
    fflush(stdout);
    fflush(stderr);
}

#endif
