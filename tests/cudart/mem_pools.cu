// cudart.mem_pools: stream-ordered memory pools (CUDA 11.2) - the default pool and its
// attributes, the release threshold and trimming, high-water marks, a created pool as the
// device's current pool and through cudaMallocFromPoolAsync / the C++ cudaMallocAsync
// overload, destroying a pool with an allocation outstanding, access descriptors, the errors,
// and cudaDeviceReset. Prints "cudart.mem_pools: PASS".
#include <cuda_runtime.h>
#include <stdio.h>

#include "cudart_check.h"

#define OK(call) EXPECT((call) == cudaSuccess)
#define ERR(call, e)                                                                               \
    do {                                                                                           \
        EXPECT_ERR(call, e);                                                                       \
        cudaGetLastError();                                                                        \
    } while (0)

__global__ void fill(int *p, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v + i;
}

static unsigned long long attr(cudaMemPool_t p, cudaMemPoolAttr a)
{
    unsigned long long v = ~0ull;
    OK(cudaMemPoolGetAttribute(p, a, &v));
    return v;
}

static bool filled(const int *d, int n, int v)
{
    int h[256];
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        if (h[i] != v + i)
            return false;
    return true;
}

int main()
{
    cudaStream_t s;
    OK(cudaStreamCreate(&s));
    cudaMemPool_t def, cur;
    OK(cudaDeviceGetDefaultMemPool(&def, 0));
    OK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(def == cur && def != NULL);
    int reuse = 0;
    OK(cudaMemPoolGetAttribute(def, cudaMemPoolReuseAllowOpportunistic, &reuse));
    EXPECT(reuse == 1);
    EXPECT_EQ(attr(def, cudaMemPoolAttrReleaseThreshold), 0);

    // threshold 0: a free gives the memory back
    int *a = NULL;
    OK(cudaMallocAsync((void **)&a, 1000, s));
    EXPECT_EQ(attr(def, cudaMemPoolAttrUsedMemCurrent), 1000);
    EXPECT_EQ(attr(def, cudaMemPoolAttrUsedMemHigh), 1000);
    EXPECT(attr(def, cudaMemPoolAttrReservedMemCurrent) >= 1000);
    fill<<<1, 250, 0, s>>>(a, 250, 7);
    EXPECT(filled(a, 250, 7));
    OK(cudaFreeAsync(a, s));
    OK(cudaStreamSynchronize(s));
    EXPECT_EQ(attr(def, cudaMemPoolAttrUsedMemCurrent), 0);
    EXPECT_EQ(attr(def, cudaMemPoolAttrReservedMemCurrent), 0);
    EXPECT_EQ(attr(def, cudaMemPoolAttrUsedMemHigh), 1000);

    // a high threshold keeps the memory reserved until trimmed
    unsigned long long keep = ~0ull;
    OK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &keep));
    EXPECT_EQ(attr(def, cudaMemPoolAttrReleaseThreshold), keep);
    OK(cudaMallocAsync(&a, 4096, s)); // the C++ template form
    OK(cudaFreeAsync(a, s));
    EXPECT_EQ(attr(def, cudaMemPoolAttrUsedMemCurrent), 0);
    /* reservations are exact here; a GPU reserves in large chunks (an H200: 32 MiB, which
     * cudaMemPoolTrimTo did not give back) */
    EXPECT(attr(def, cudaMemPoolAttrReservedMemCurrent) >= 4096);
    if (ON_SIMT) {
        EXPECT_EQ(attr(def, cudaMemPoolAttrReservedMemCurrent), 4096);
        EXPECT_EQ(attr(def, cudaMemPoolAttrReservedMemHigh), 4096);
    }
    OK(cudaMemPoolTrimTo(def, 1024));
    if (ON_SIMT)
        EXPECT_EQ(attr(def, cudaMemPoolAttrReservedMemCurrent), 1024);
    OK(cudaMemPoolTrimTo(def, 0));
    if (ON_SIMT)
        EXPECT_EQ(attr(def, cudaMemPoolAttrReservedMemCurrent), 0);
    unsigned long long zero = 0, one = 1;
    OK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &zero));
    EXPECT_EQ(attr(def, cudaMemPoolAttrUsedMemHigh), 0);
    ERR(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &one), cudaErrorInvalidValue);
    ERR(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemCurrent, &zero), cudaErrorInvalidValue);
    int no = 0;
    OK(cudaMemPoolSetAttribute(def, cudaMemPoolReuseFollowEventDependencies, &no));
    OK(cudaMemPoolGetAttribute(def, cudaMemPoolReuseFollowEventDependencies, &reuse));
    EXPECT(reuse == 0);

    // a created pool: explicitly, then as the device's current pool
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    cudaMemPool_t pool;
    OK(cudaMemPoolCreate(&pool, &props));
    int *b = NULL, *c = NULL;
    OK(cudaMallocFromPoolAsync((void **)&b, 512, pool, s));
    OK(cudaMallocAsync(&c, 256, pool, s)); // C++ overload with a pool
    EXPECT_EQ(attr(pool, cudaMemPoolAttrUsedMemCurrent), 768);
    EXPECT_EQ(attr(def, cudaMemPoolAttrUsedMemCurrent), 0);
    OK(cudaDeviceSetMemPool(0, pool));
    OK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(cur == pool);
    OK(cudaMallocAsync(&a, 100, s));
    EXPECT_EQ(attr(pool, cudaMemPoolAttrUsedMemCurrent), 868);
    OK(cudaFreeAsync(a, s));
    OK(cudaFreeAsync(c, s));
    cudaMemAccessDesc acc = {};
    acc.location.type = cudaMemLocationTypeDevice;
    acc.location.id = 0;
    acc.flags = cudaMemAccessFlagsProtReadWrite;
    OK(cudaMemPoolSetAccess(pool, &acc, 1));
    acc.location.id = 1;
    ERR(cudaMemPoolSetAccess(pool, &acc, 1), cudaErrorInvalidDevice);
    cudaMemAccessFlags fl = cudaMemAccessFlagsProtNone;
    cudaMemLocation loc = {cudaMemLocationTypeDevice, 0};
    OK(cudaMemPoolGetAccess(&fl, pool, &loc));
    EXPECT(fl == cudaMemAccessFlagsProtReadWrite);
    // destroyed with b outstanding: b stays usable, the pool handle does not, the device
    // falls back to its default pool
    OK(cudaMemPoolDestroy(pool));
    fill<<<1, 128, 0, s>>>(b, 128, 3);
    EXPECT(filled(b, 128, 3));
    ERR(cudaMallocFromPoolAsync((void **)&a, 16, pool, s), cudaErrorInvalidValue);
    OK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(cur == def);
    OK(cudaFreeAsync(b, s));

    // errors
    ERR(cudaMemPoolDestroy(def), cudaErrorInvalidValue);
    ERR(cudaDeviceGetDefaultMemPool(&cur, 1), cudaErrorInvalidDevice);
    props.allocType = cudaMemAllocationTypeInvalid;
    ERR(cudaMemPoolCreate(&pool, &props), cudaErrorInvalidValue);
    props.allocType = cudaMemAllocationTypePinned;
    props.location.id = 3;
    ERR(cudaMemPoolCreate(&pool, &props), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaSuccess); // none of these is sticky

    // cudaDeviceReset: pools belong to the device, not the context: created pools stay and
    // the default pool keeps its attributes; their memory and statistics go (as an H200 with
    // CUDA 13 did)
    props.location.id = 0;
    OK(cudaMemPoolCreate(&pool, &props));
    OK(cudaStreamDestroy(s));
    OK(cudaDeviceReset());
    OK(cudaMemPoolTrimTo(pool, 0));
    EXPECT_EQ(attr(pool, cudaMemPoolAttrUsedMemCurrent), 0);
    OK(cudaMemPoolDestroy(pool));
    OK(cudaDeviceGetDefaultMemPool(&def, 0));
    EXPECT_EQ(attr(def, cudaMemPoolAttrReleaseThreshold), keep);
    EXPECT_EQ(attr(def, cudaMemPoolAttrUsedMemHigh), 0);
    OK(cudaMemPoolGetAttribute(def, cudaMemPoolReuseFollowEventDependencies, &reuse));
    EXPECT(reuse == 0);
    OK(cudaMallocAsync(&a, 64 * sizeof(int), 0));
    fill<<<1, 64>>>(a, 64, 11);
    EXPECT(filled(a, 64, 11));
    OK(cudaFree(a)); // a stream-ordered allocation may be freed by cudaFree
    if (ON_SIMT)     // at once here; an H200 still counted the 256 bytes as used
        EXPECT_EQ(attr(def, cudaMemPoolAttrUsedMemCurrent), 0);

    return cudart_finish("cudart.mem_pools");
}
