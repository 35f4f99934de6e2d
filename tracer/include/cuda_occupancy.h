/*
 * cuda_occupancy.h - the standalone occupancy calculator (cudaOcc* types and functions) that
 * CUDA's header provides for host code and that thrust includes. Written for this project from
 * the documented interface. The rules are those of the runtime's cudaOccupancy* calls (see
 * rt_occupancy in tracer/runtime/simt_cudart.c): the least of the block limit, the warp slots,
 * the registers (allocated per warp in units of 256) and the shared memory (per block in units
 * of 256 bytes). Cache configuration and the L1/shared carve-out are accepted and ignored.
 */
#ifndef SIMT_CUDA_OCCUPANCY_H
#define SIMT_CUDA_OCCUPANCY_H

#include <stddef.h>
#include "cuda_runtime_api.h"

typedef enum cudaOccError_enum {
    CUDA_OCC_SUCCESS = 0,
    CUDA_OCC_ERROR_INVALID_INPUT = 1,
    CUDA_OCC_ERROR_UNKNOWN_DEVICE = 2
} cudaOccError;

typedef enum cudaOccLimitingFactor_enum {
    OCC_LIMIT_WARPS = 0x01,
    OCC_LIMIT_REGISTERS = 0x02,
    OCC_LIMIT_SHARED_MEMORY = 0x04,
    OCC_LIMIT_BLOCKS = 0x08
} cudaOccLimitingFactor;

typedef enum cudaOccCacheConfig_enum {
    CACHE_PREFER_NONE = 0x00,
    CACHE_PREFER_SHARED = 0x01,
    CACHE_PREFER_L1 = 0x02,
    CACHE_PREFER_EQUAL = 0x03
} cudaOccCacheConfig;

typedef struct cudaOccResult {
    int activeBlocksPerMultiprocessor;
    unsigned int limitingFactors; /* cudaOccLimitingFactor bits */
    int blockLimitRegs;
    int blockLimitSharedMem;
    int blockLimitWarps;
    int blockLimitBlocks;
    int allocatedRegistersPerBlock;
    size_t allocatedSharedMemPerBlock;
} cudaOccResult;

typedef struct cudaOccDeviceProp {
    int computeMajor, computeMinor;
    int maxThreadsPerBlock, maxThreadsPerMultiprocessor;
    int regsPerBlock, regsPerMultiprocessor;
    int warpSize;
    size_t sharedMemPerBlock, sharedMemPerMultiprocessor;
    int numSms;
    size_t sharedMemPerBlockOptin;
    int maxBlocksPerMultiprocessor;
#ifdef __cplusplus
    cudaOccDeviceProp() = default;
    cudaOccDeviceProp(const cudaDeviceProp &p)
        : computeMajor(p.major), computeMinor(p.minor), maxThreadsPerBlock(p.maxThreadsPerBlock),
          maxThreadsPerMultiprocessor(p.maxThreadsPerMultiProcessor), regsPerBlock(p.regsPerBlock),
          regsPerMultiprocessor(p.regsPerMultiprocessor), warpSize(p.warpSize),
          sharedMemPerBlock(p.sharedMemPerBlock),
          sharedMemPerMultiprocessor(p.sharedMemPerMultiprocessor), numSms(p.multiProcessorCount),
          sharedMemPerBlockOptin(p.sharedMemPerBlockOptin),
          maxBlocksPerMultiprocessor(p.maxBlocksPerMultiProcessor)
    {
    }
#endif
} cudaOccDeviceProp;

typedef struct cudaOccFuncAttributes {
    int maxThreadsPerBlock;
    int numRegs;
    size_t sharedSizeBytes;
    int maxDynamicSharedSizeBytes;
#ifdef __cplusplus
    cudaOccFuncAttributes() = default;
    cudaOccFuncAttributes(const cudaFuncAttributes &a)
        : maxThreadsPerBlock(a.maxThreadsPerBlock), numRegs(a.numRegs),
          sharedSizeBytes(a.sharedSizeBytes), maxDynamicSharedSizeBytes(a.maxDynamicSharedSizeBytes)
    {
    }
#endif
} cudaOccFuncAttributes;

typedef struct cudaOccDeviceState {
    cudaOccCacheConfig cacheConfig;
    int carveoutConfig;
} cudaOccDeviceState;

static inline cudaOccError
cudaOccMaxActiveBlocksPerMultiprocessor(cudaOccResult *r, const cudaOccDeviceProp *p,
                                        const cudaOccFuncAttributes *f, const cudaOccDeviceState *s,
                                        int blockSize, size_t dynamicSmemSize)
{
    (void)s;
    if (!r || !p || !f || blockSize <= 0 || p->warpSize <= 0)
        return CUDA_OCC_ERROR_INVALID_INPUT;
    const int warps = (blockSize + p->warpSize - 1) / p->warpSize;
    const size_t smem = f->sharedSizeBytes + dynamicSmemSize;
    r->blockLimitBlocks = p->maxBlocksPerMultiprocessor > 0 ? p->maxBlocksPerMultiprocessor : 32;
    r->blockLimitWarps = p->maxThreadsPerMultiprocessor / p->warpSize / warps;
    const int per_warp = (f->numRegs * p->warpSize + 255) / 256 * 256;
    r->allocatedRegistersPerBlock = per_warp * warps;
    r->blockLimitRegs =
        per_warp ? p->regsPerMultiprocessor / r->allocatedRegistersPerBlock : r->blockLimitBlocks;
    r->allocatedSharedMemPerBlock = (smem + 255) / 256 * 256;
    r->blockLimitSharedMem =
        r->allocatedSharedMemPerBlock
            ? (int)(p->sharedMemPerMultiprocessor / r->allocatedSharedMemPerBlock)
            : r->blockLimitBlocks;
    if (blockSize > p->maxThreadsPerBlock || blockSize > f->maxThreadsPerBlock ||
        smem > (p->sharedMemPerBlockOptin > p->sharedMemPerBlock ? p->sharedMemPerBlockOptin
                                                                 : p->sharedMemPerBlock)) {
        r->activeBlocksPerMultiprocessor = 0;
        r->limitingFactors = 0;
        return CUDA_OCC_SUCCESS;
    }
    int n = r->blockLimitBlocks;
    n = r->blockLimitWarps < n ? r->blockLimitWarps : n;
    n = r->blockLimitRegs < n ? r->blockLimitRegs : n;
    n = r->blockLimitSharedMem < n ? r->blockLimitSharedMem : n;
    r->activeBlocksPerMultiprocessor = n;
    r->limitingFactors = (r->blockLimitWarps == n ? OCC_LIMIT_WARPS : 0u) |
                         (r->blockLimitRegs == n ? OCC_LIMIT_REGISTERS : 0u) |
                         (r->blockLimitSharedMem == n ? OCC_LIMIT_SHARED_MEMORY : 0u) |
                         (r->blockLimitBlocks == n ? OCC_LIMIT_BLOCKS : 0u);
    return CUDA_OCC_SUCCESS;
}

/* The block size (a multiple of the warp size) that keeps the most threads resident, and the
 * grid that fills every SM with it. blockSizeToDynamicSMemSize may be NULL (then
 * dynamicSMemSize is used for every block size). */
static inline cudaOccError cudaOccMaxPotentialOccupancyBlockSize(
    int *minGridSize, int *blockSize, const cudaOccDeviceProp *p, const cudaOccFuncAttributes *f,
    const cudaOccDeviceState *s, size_t (*blockSizeToDynamicSMemSize)(int), size_t dynamicSMemSize)
{
    if (!minGridSize || !blockSize || !p || !f || p->warpSize <= 0)
        return CUDA_OCC_ERROR_INVALID_INPUT;
    int limit = p->maxThreadsPerBlock < f->maxThreadsPerBlock ? p->maxThreadsPerBlock
                                                              : f->maxThreadsPerBlock;
    int best = 0, best_blocks = 0;
    for (int b = limit / p->warpSize * p->warpSize; b > 0; b -= p->warpSize) {
        cudaOccResult r;
        size_t dyn = blockSizeToDynamicSMemSize ? blockSizeToDynamicSMemSize(b) : dynamicSMemSize;
        cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(&r, p, f, s, b, dyn);
        if (e != CUDA_OCC_SUCCESS)
            return e;
        if (r.activeBlocksPerMultiprocessor * b > best * best_blocks || best == 0) {
            if (r.activeBlocksPerMultiprocessor == 0)
                continue;
            best = b;
            best_blocks = r.activeBlocksPerMultiprocessor;
        }
    }
    *blockSize = best;
    *minGridSize = best_blocks * p->numSms;
    return CUDA_OCC_SUCCESS;
}

#endif
