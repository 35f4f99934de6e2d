/*
 * cublas.h - cuBLAS's legacy API (cublasInit, cublasAlloc, handle-less cublasSgemm) is not
 * part of this project's cuBLAS subset; the v2 API of cublas_v2.h is (docs/CUDA_SUPPORT.md).
 */
#ifndef SIMT_CUBLAS_LEGACY_H
#define SIMT_CUBLAS_LEGACY_H
#error                                                                                             \
    "simt: the legacy cuBLAS API (cublas.h) is not supported; include cublas_v2.h and use the handle-based v2 API"
#endif
