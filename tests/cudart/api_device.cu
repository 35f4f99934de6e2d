/* cudart.api.device: device queries, attributes, versions, error names/strings, function
 * attributes, cache configuration, profiler calls, synchronisation and reset. */
#include <cstring>
#include <cuda_profiler_api.h>
#include "cudart_check.h"

__global__ void uses_shared(int *out)
{
    __shared__ int buf[256];
    buf[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = buf[255 - threadIdx.x];
}

int main()
{
    int count = 0, dev = -1;
    CHECK(cudaGetDeviceCount(&count));
    EXPECT(count == 1);
    CHECK(cudaSetDevice(0));
    CHECK(cudaGetDevice(&dev));
    EXPECT(dev == 0);
    EXPECT_ERR(cudaSetDevice(1), cudaErrorInvalidDevice);
    EXPECT(cudaGetLastError() == cudaErrorInvalidDevice);

    cudaDeviceProp p;
    memset(&p, 0, sizeof p);
    CHECK(cudaGetDeviceProperties(&p, 0));
    EXPECT(strlen(p.name) > 0);
    EXPECT(p.warpSize == 32);
    EXPECT(p.maxThreadsPerBlock == 1024);
    EXPECT(p.maxThreadsDim[0] == 1024 && p.maxThreadsDim[2] == 64);
    EXPECT(p.maxGridSize[1] == 65535);
    EXPECT(p.multiProcessorCount > 0);
    EXPECT(p.sharedMemPerBlock == 48 * 1024);
    EXPECT(p.totalGlobalMem > 0 && p.totalConstMem == 65536);
    EXPECT((p.major == 7 && p.minor == 0) || !ON_SIMT); /* this runtime's default device */
    EXPECT_ERR(cudaGetDeviceProperties(&p, 3), cudaErrorInvalidDevice);

    int v = 0;
    CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0));
    EXPECT(v == 32);
    CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0));
    EXPECT(v == p.multiProcessorCount);
    CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxBlockDimZ, 0));
    EXPECT(v == 64);
    CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, 0));
    EXPECT(v == p.major);
    CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrCooperativeLaunch, 0));
    EXPECT(v == 1 && p.cooperativeLaunch == 1);
    CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrStreamPrioritiesSupported, 0));
    EXPECT(v == 0 || !ON_SIMT); /* none here */
    CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxTexture2DHeight, 0));
    EXPECT(v == p.maxTexture2D[1]);
    CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrConcurrentManagedAccess, 0));
    EXPECT(v == p.concurrentManagedAccess);

    int rv = 0, dv = 0;
    CHECK(cudaRuntimeGetVersion(&rv));
    CHECK(cudaDriverGetVersion(&dv));
    EXPECT(rv == CUDART_VERSION && dv >= rv);

    EXPECT(strcmp(cudaGetErrorName(cudaSuccess), "cudaSuccess") == 0);
    EXPECT(strcmp(cudaGetErrorName(cudaErrorInvalidConfiguration),
                  "cudaErrorInvalidConfiguration") == 0);
    EXPECT(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
    EXPECT(strlen(cudaGetErrorString(cudaErrorIllegalAddress)) > 0);
    EXPECT(strlen(cudaGetErrorString((cudaError_t)12345)) > 0);

    cudaFuncAttributes fa;
    memset(&fa, 0, sizeof fa);
    CHECK(cudaFuncGetAttributes(&fa, uses_shared));
    EXPECT(fa.sharedSizeBytes >= 256 * sizeof(int));
    EXPECT(fa.maxThreadsPerBlock > 0);
    CHECK(cudaFuncSetCacheConfig(uses_shared, cudaFuncCachePreferShared));
    CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));
    /* not a kernel: CUDA 11's error here; CUDA 13 on an H200 said InvalidResourceHandle */
    EXPECT_ERR(cudaFuncGetAttributes(&fa, (const void *)&main),
               ON_SIMT ? cudaErrorInvalidDeviceFunction : cudaErrorInvalidResourceHandle);
    cudaGetLastError();

    int *out;
    CHECK(cudaMalloc(&out, 256 * sizeof(int)));
    CHECK(cudaProfilerStart());
    uses_shared<<<1, 256>>>(out);
    CHECK(cudaProfilerStop());
    CHECK(cudaGetLastError());
#if CUDART_VERSION < 13000 || ON_SIMT /* removed in CUDA 13 */
    CHECK(cudaThreadSynchronize());
#endif
    int h[256];
    CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 256; i++)
        EXPECT(h[i] == 255 - i);
    CHECK(cudaFree(out));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaDeviceReset());
    return cudart_finish("cudart.api.device");
}
