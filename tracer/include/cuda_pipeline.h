/*
 * cuda_pipeline.h - CUDA 11's pipeline primitives for the simt toolchain (written for this
 * project): __pipeline_memcpy_async, __pipeline_commit, __pipeline_wait_prior. The copy is
 * made at once, global to shared, as plain loads and stores in the trace (a 16- or 8-byte copy
 * as one access of that width); commit and wait then have nothing left to do. The asynchrony
 * itself (a copy that bypasses the registers and overlaps later work) is not modelled.
 */
#ifndef SIMT_CUDA_PIPELINE_H
#define SIMT_CUDA_PIPELINE_H

#include "cuda_runtime.h"

#ifdef __cplusplus
/* size_and_align: 4, 8 or 16 bytes, both pointers aligned to it; the last zfill bytes of the
 * destination are written with zeros instead of copied */
__device__ static inline void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                                      const void *__restrict__ src_global,
                                                      size_t size_and_align, size_t zfill = 0)
{
    if (zfill == 0 && size_and_align == 16) {
        *(int4 *)dst_shared = *(const int4 *)src_global;
    } else if (zfill == 0 && size_and_align == 8) {
        *(int2 *)dst_shared = *(const int2 *)src_global;
    } else if (zfill == 0 && size_and_align == 4) {
        *(int *)dst_shared = *(const int *)src_global;
    } else {
        unsigned char *d = (unsigned char *)dst_shared;
        const unsigned char *s = (const unsigned char *)src_global;
        const size_t copied = zfill < size_and_align ? size_and_align - zfill : 0;
        for (size_t i = 0; i < size_and_align; i++)
            d[i] = i < copied ? s[i] : 0;
    }
}
__device__ static inline void __pipeline_commit(void) {}
__device__ static inline void __pipeline_wait_prior(size_t prior)
{
    (void)prior;
}
#endif

#endif
