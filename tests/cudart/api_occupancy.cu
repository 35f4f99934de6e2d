/* cudart.api.occupancy: the occupancy calculator (cudaOccupancy*), function attributes
 * (cudaFuncSetAttribute), stream priorities and flags, host work in stream order
 * (cudaLaunchHostFunc, cudaStreamAddCallback), stream-ordered allocation, memory advice,
 * registered host memory, the peer calls of a one-device system and device flags. Expected
 * occupancies are worked out by hand from the reported limits (compute capability 7.0: 2048
 * threads, 32 blocks, 64 K registers and 96 KiB shared memory per SM, 48 KiB per block). */
#include <cstring>
#include "cudart_check.h"

__global__ void big_static(int *out)
{
    __shared__ int buf[10240]; /* 40 KiB */
    buf[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = buf[(threadIdx.x + 1) % blockDim.x];
}

__global__ void dyn_shared(int *out)
{
    extern __shared__ int dbuf[];
    dbuf[threadIdx.x] = 2 * threadIdx.x;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = dbuf[threadIdx.x];
}

__global__ void __launch_bounds__(128) bounded(int *out)
{
    out[threadIdx.x] = threadIdx.x;
}

static int host_calls = 0;
static void host_fn(void *p)
{
    int *v = (int *)p; /* managed memory written by the kernel launched before */
    host_calls += *v == 7 ? 1 : 100;
}
static void callback(cudaStream_t s, cudaError_t status, void *p)
{
    (void)s;
    if (status == cudaSuccess && p == (void *)&host_calls)
        host_calls += 10;
}

__global__ void write7(int *p)
{
    *p = 7;
}

/* blocks per SM for a block of b threads and no dynamic shared memory */
template <class T> static int occ(T k, int b, size_t dyn = 0)
{
    int n = -1;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, b, dyn));
    return n;
}

int main()
{
    /* The numbers below are this runtime's default device's (96 KiB of shared memory per SM,
     * 48 KiB per block, 2048 threads, 32 blocks); a real GPU has its own (ON_SIMT). */
    /* shared memory bound: 96 KiB / 40 KiB = 2 blocks; the warp and register limits allow
     * more for 64 threads (2 warps: at most 255 registers each still leaves 4 blocks) */
    EXPECT(occ(big_static, 64) == 2 || !ON_SIMT);
    EXPECT(occ(big_static, 64, 8192) == 2 || !ON_SIMT); /* 48 KiB per block: 96 / 48 */
    EXPECT(occ(big_static, 64, 8193) == 0);             /* over the 48 KiB per block */
    /* dynamic shared memory: 20000 B rounds up to 20224 (units of 256): 96 KiB / 20224 = 4 */
    EXPECT(occ(dyn_shared, 64, 20000) == 4 || !ON_SIMT);
    /* warp bound: 2048 threads per SM, 1024-thread blocks: at most 2 */
    int n1024 = occ(dyn_shared, 1024);
    EXPECT(n1024 >= 1 && n1024 <= 2);
    /* block bound: 32 blocks of one warp each if the registers allow (at most 64 per thread) */
    cudaFuncAttributes fa;
    CHECK(cudaFuncGetAttributes(&fa, dyn_shared));
    if (fa.numRegs <= 64)
        EXPECT(occ(dyn_shared, 32) == 32);
    /* beyond the kernel's launch bound or the device's block limit: none, not an error */
    EXPECT(occ(bounded, 128) >= 1);
    EXPECT(occ(bounded, 256) == 0 || !ON_SIMT); /* an H200 says 1 (CUDA 13) */
    EXPECT(occ(dyn_shared, 2048) == 0);
    int n = 0;
    EXPECT_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, dyn_shared, 0, 0),
               cudaErrorInvalidValue);
    EXPECT_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, dyn_shared, 64, 0, 0x10),
               cudaErrorInvalidValue);
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &n, dyn_shared, 64, 0, cudaOccupancyDisableCachingOverride));
    EXPECT(n == occ(dyn_shared, 64));
    /* not a kernel (CUDA 13 on an H200 says cudaErrorInvalidResourceHandle) */
    EXPECT(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, (const void *)&main, 64, 0) ==
           (ON_SIMT ? cudaErrorInvalidDeviceFunction : cudaErrorInvalidResourceHandle));
    cudaGetLastError();

    /* the most dynamic shared memory two blocks of 64 threads may each have on an SM */
    size_t avail = 0;
    CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, dyn_shared, 2, 64));
    EXPECT(avail > 0 && occ(dyn_shared, 64, avail) >= 2);
    int optin_smem = 0;
    CHECK(cudaDeviceGetAttribute(&optin_smem, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    if (avail + 256 <= (size_t)optin_smem)
        EXPECT(occ(dyn_shared, 64, avail + 256) < 2);
    if (ON_SIMT) /* 96 KiB per SM, 48 KiB per block here */
        EXPECT_EQ(avail, 48 * 1024);
    EXPECT_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, dyn_shared, 0, 64),
               cudaErrorInvalidValue);
    cudaGetLastError();

    /* the block size with the most resident threads: none of the sizes tried beats it */
    int sms = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    int grid = 0, block = 0;
    CHECK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, big_static));
    EXPECT(block > 0 && block <= 1024);
    EXPECT(grid == occ(big_static, block) * sms);
    for (int b = 32; b <= 1024; b += 32)
        EXPECT(occ(big_static, b) * b <= occ(big_static, block) * block);
    CHECK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, bounded, 0, 100));
    EXPECT(block == 100 || block == 96 || block == 64 || block == 32);
    EXPECT(block <= 100);
    CHECK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, bounded));
    EXPECT(block <= 128 && block > 0);
    /* 16 KiB of dynamic memory per block whatever its size: at most 6 blocks per SM */
    CHECK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, dyn_shared, 16384));
    EXPECT(grid <= 6 * sms && block >= 32 * 11); /* 6 blocks must carry 2048 / 6 threads */

    /* function attributes: the dynamic shared memory limit of one kernel */
    int *out;
    CHECK(cudaMalloc(&out, 4096 * sizeof(int)));
    CHECK(cudaFuncSetAttribute(dyn_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024));
    CHECK(cudaFuncGetAttributes(&fa, dyn_shared));
    EXPECT(fa.maxDynamicSharedSizeBytes == 1024);
    dyn_shared<<<2, 256, 2048>>>(out);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    dyn_shared<<<2, 256, 1024>>>(out);
    CHECK(cudaGetLastError());
    int h[512];
    CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 512; i++)
        EXPECT(h[i] == 2 * (i % 256));
    CHECK(cudaFuncSetAttribute(dyn_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, 49152));
    /* beyond 48 KiB per block only by opting in, up to sharedMemPerBlockOptin (this device's
     * 96 KiB, compute capability 7.0's; an H200's is 227 KiB): the launch, the occupancy and
     * the attributes follow the kernel's limit */
    cudaDeviceProp props;
    CHECK(cudaGetDeviceProperties(&props, 0));
    EXPECT(props.sharedMemPerBlockOptin >= 49152 &&
           (props.sharedMemPerBlockOptin == 98304 || !ON_SIMT));
    const int optin = (int)props.sharedMemPerBlockOptin;
    EXPECT(occ(dyn_shared, 256, 65536) == 0 || !ON_SIMT); /* 64 KiB: not opted in that far */
    dyn_shared<<<1, 256, 65536>>>(out);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    CHECK(cudaFuncSetAttribute(dyn_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536));
    CHECK(cudaFuncGetAttributes(&fa, dyn_shared));
    EXPECT(fa.maxDynamicSharedSizeBytes == 65536);
    EXPECT(occ(dyn_shared, 256, 65536) >= 1);
    dyn_shared<<<2, 256, 65536>>>(out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 512; i++)
        EXPECT(h[i] == 2 * (i % 256));
    EXPECT_ERR(
        cudaFuncSetAttribute(dyn_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, optin + 1),
        cudaErrorInvalidValue);
    if (ON_SIMT) /* 40 KiB static + 60000 > 96 KiB */
        EXPECT_ERR(
            cudaFuncSetAttribute(big_static, cudaFuncAttributeMaxDynamicSharedMemorySize, 60000),
            cudaErrorInvalidValue);
    CHECK(cudaFuncSetAttribute(dyn_shared, cudaFuncAttributePreferredSharedMemoryCarveout, 50));
    EXPECT_ERR(
        cudaFuncSetAttribute(dyn_shared, cudaFuncAttributePreferredSharedMemoryCarveout, 101),
        cudaErrorInvalidValue);
    cudaGetLastError(); /* the failed calls above set it */
    dyn_shared<<<1, 256, 4096>>>(out);
    CHECK(cudaGetLastError());

    /* streams: priorities (none: range 0..0, clamped), flags */
    int least = 5, greatest = 5, prio = 5;
    unsigned flags = 99;
    CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    EXPECT(ON_SIMT ? least == 0 && greatest == 0 : greatest <= least); /* an H200: 0, -5 */
    cudaStream_t s;
    CHECK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, -1));
    CHECK(cudaStreamGetPriority(s, &prio));
    EXPECT(prio == (-1 < greatest ? greatest : -1 > least ? least : -1)); /* clamped */
    /* CUDA 12's stream ids (unique; here 2, 3, ... in creation order) and device */
    unsigned long long id_s = 0, id_t = 0, id_0 = 7;
    cudaStream_t t;
    CHECK(cudaStreamCreate(&t));
    CHECK(cudaStreamGetId(s, &id_s));
    CHECK(cudaStreamGetId(t, &id_t));
    CHECK(cudaStreamGetId(0, &id_0));
    EXPECT(id_s != id_t && id_s != id_0 && id_t != id_0);
    if (ON_SIMT)
        EXPECT(id_0 == 0 && id_t == id_s + 1);
    int sdev = -1;
    CHECK(cudaStreamGetDevice(t, &sdev));
    EXPECT(sdev == 0);
    CHECK(cudaStreamDestroy(t));
    CHECK(cudaStreamGetFlags(s, &flags));
    EXPECT(flags == cudaStreamNonBlocking);
    CHECK(cudaStreamGetFlags(0, &flags));
    EXPECT(flags == cudaStreamDefault);

    /* host work in stream order sees the kernel before it; stream-ordered allocation */
    int *m;
    CHECK(cudaMallocManaged(&m, sizeof(int)));
    *m = 0;
    write7<<<1, 1, 0, s>>>(m);
    CHECK(cudaLaunchHostFunc(s, host_fn, m));
    CHECK(cudaStreamAddCallback(s, callback, &host_calls, 0));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(host_calls == 11);
    EXPECT_ERR(cudaLaunchHostFunc(s, NULL, m), cudaErrorInvalidValue);
    EXPECT_ERR(cudaStreamAddCallback(s, callback, NULL, 1), cudaErrorInvalidValue);
    int *a = NULL;
    CHECK(cudaMallocAsync(&a, 64 * sizeof(int), s));
    write7<<<1, 1, 0, s>>>(a + 63);
    int back = 0;
    CHECK(cudaMemcpyAsync(&back, a + 63, sizeof back, cudaMemcpyDeviceToHost, s));
    CHECK(cudaFreeAsync(a, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(back == 7);
    CHECK(cudaStreamDestroy(s));
    if (ON_SIMT) /* a destroyed stream: refused here; CUDA does not check (an H200 crashed) */
        EXPECT_ERR(cudaLaunchHostFunc(s, host_fn, m), cudaErrorInvalidResourceHandle);
    cudaGetLastError();

    /* memory advice is a hint; bad advice or device is an error */
#if CUDART_VERSION < 13000 || ON_SIMT /* CUDA 11 and 12: a device ordinal */
    CHECK(cudaMemAdvise(m, sizeof(int), cudaMemAdviseSetReadMostly, 0));
    CHECK(cudaMemAdvise(m, sizeof(int), cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId));
    EXPECT_ERR(cudaMemAdvise(m, sizeof(int), (cudaMemoryAdvise)0, 0), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemAdvise(m, sizeof(int), cudaMemAdviseSetAccessedBy, 3), cudaErrorInvalidValue);
#endif
#if CUDART_VERSION >= 13000 || ON_SIMT /* CUDA 13: a cudaMemLocation */
    cudaMemLocation dev0 = {cudaMemLocationTypeDevice, 0}, host = {cudaMemLocationTypeHost, 0},
                    dev3 = {cudaMemLocationTypeDevice, 3};
    CHECK(cudaMemAdvise(m, sizeof(int), cudaMemAdviseSetReadMostly, dev0));
    CHECK(cudaMemAdvise(m, sizeof(int), cudaMemAdviseSetPreferredLocation, host));
    EXPECT_ERR(cudaMemAdvise(m, sizeof(int), (cudaMemoryAdvise)0, dev0), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemAdvise(m, sizeof(int), cudaMemAdviseSetAccessedBy, dev3),
               cudaErrorInvalidValue);
    CHECK(cudaMemPrefetchAsync(m, sizeof(int), dev0, 0, 0));
    CHECK(cudaDeviceSynchronize());
#endif

    /* one device: no peer access; a "peer" copy on device 0 is a device copy */
    int can = 5;
    CHECK(cudaDeviceCanAccessPeer(&can, 0, 0));
    EXPECT(can == 0);
    EXPECT_ERR(cudaDeviceCanAccessPeer(&can, 0, 1), cudaErrorInvalidDevice);
    CHECK(cudaMemcpyPeer(out + 1000, 0, m, 0, sizeof(int)));
    CHECK(cudaMemcpy(&back, out + 1000, sizeof back, cudaMemcpyDeviceToHost));
    EXPECT(back == 7);
    EXPECT_ERR(cudaMemcpyPeer(out, 1, m, 0, sizeof(int)), cudaErrorInvalidDevice);
    cudaGetLastError();

    /* registered host memory: copies work as from any host memory; kernel access (Mapped)
     * is refused; overlapping and unknown ranges are errors */
    static float pinned[256];
    for (int i = 0; i < 256; i++)
        pinned[i] = (float)i;
    CHECK(cudaHostRegister(pinned, sizeof pinned, cudaHostRegisterPortable));
    EXPECT_ERR(cudaHostRegister(pinned + 8, 16, cudaHostRegisterDefault),
               cudaErrorHostMemoryAlreadyRegistered);
    EXPECT_ERR(cudaHostRegister(pinned, 0, 0), cudaErrorInvalidValue);
    float *dp;
    CHECK(cudaMalloc(&dp, sizeof pinned));
    CHECK(cudaMemcpy(dp, pinned, sizeof pinned, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(pinned, dp + 1, sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT(pinned[0] == 1.0f);
    CHECK(cudaHostUnregister(pinned));
    EXPECT_ERR(cudaHostUnregister(pinned), cudaErrorHostMemoryNotRegistered);
    if (ON_SIMT) /* this runtime's limit: no mapped host memory */
        EXPECT_ERR(cudaHostRegister(pinned, sizeof pinned, cudaHostRegisterMapped),
                   cudaErrorNotSupported);
    EXPECT(strcmp(cudaGetErrorName(cudaErrorHostMemoryNotRegistered),
                  "cudaErrorHostMemoryNotRegistered") == 0);
    EXPECT_ERR(cudaDeviceEnablePeerAccess(0, 0), cudaErrorPeerAccessUnsupported);
    EXPECT_ERR(cudaDeviceEnablePeerAccess(1, 0), cudaErrorInvalidDevice);
    cudaGetLastError();
    CHECK(cudaFree(dp));

    /* C++ default arguments, as CUDA's header has them: the calls most programs write */
    {
        cudaEvent_t ev;
        CHECK(cudaEventCreate(&ev));
        CHECK(cudaEventRecord(ev));
        int *dd, hh[4] = {1, 2, 3, 4}, back4[4];
        CHECK(cudaMalloc(&dd, sizeof hh));
        CHECK(cudaMemcpyAsync(dd, hh, sizeof hh, cudaMemcpyHostToDevice));
        CHECK(cudaMemsetAsync(dd, 0, sizeof(int)));
        CHECK(cudaStreamWaitEvent(0, ev));
        CHECK(cudaMemcpy(back4, dd, sizeof back4, cudaMemcpyDeviceToHost));
        EXPECT(back4[0] == 0 && back4[3] == 4);
        cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
        cudaArray_t a1, a3;
        CHECK(cudaMallocArray(&a1, &fd, 16));
        CHECK(cudaMalloc3DArray(&a3, &fd, make_cudaExtent(4, 4, 4)));
        CHECK(cudaFreeArray(a1));
        CHECK(cudaFreeArray(a3));
        CHECK(cudaFree(dd));
        CHECK(cudaEventDestroy(ev));
    }

    /* array copies back out, 3D memset, array info, cache configuration, bus id */
    {
        cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
        cudaArray_t a;
        CHECK(cudaMallocArray(&a, &fd, 8, 4));
        float in[4][8], out2[4][8];
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 8; x++)
                in[y][x] = (float)(10 * y + x);
        CHECK(cudaMemcpy2DToArrayAsync(a, 0, 0, in, sizeof in[0], sizeof in[0], 4,
                                       cudaMemcpyHostToDevice));
        memset(out2, 0, sizeof out2);
        CHECK(cudaMemcpy2DFromArray(out2, sizeof out2[0], a, 2 * sizeof(float), 1,
                                    3 * sizeof(float), 2, cudaMemcpyDeviceToHost));
        EXPECT(out2[0][0] == 12.0f && out2[0][2] == 14.0f && out2[1][0] == 22.0f);
        cudaChannelFormatDesc got;
        cudaExtent ext;
        unsigned int fl = 9;
        CHECK(cudaArrayGetInfo(&got, &ext, &fl, a));
        EXPECT(got.x == 32 && ext.width == 8 && ext.height == 4 && ext.depth == 0 && fl == 0);
        CHECK(cudaFreeArray(a));
        cudaPitchedPtr pp;
        CHECK(cudaMalloc3D(&pp, make_cudaExtent(8, 3, 2)));
        CHECK(cudaMemset3D(pp, 0x7f, make_cudaExtent(8, 3, 2)));
        unsigned char last = 0;
        CHECK(cudaMemcpy(&last, (char *)pp.ptr + pp.pitch * pp.ysize + 2 * pp.pitch + 7, 1,
                         cudaMemcpyDeviceToHost));
        EXPECT(last == 0x7f);
        CHECK(cudaFree(pp.ptr));
        enum cudaFuncCache cc;
        CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));
        CHECK(cudaDeviceGetCacheConfig(&cc));
        EXPECT(cc == cudaFuncCachePreferShared);
        char bus[32];
        CHECK(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
        EXPECT(strlen(bus) > 0);
        int bydev = -1;
        CHECK(cudaDeviceGetByPCIBusId(&bydev, bus));
        EXPECT(bydev == 0);
        CHECK(cudaCtxResetPersistingL2Cache());
        cudaEvent_t ev;
        CHECK(cudaEventCreate(&ev));
        CHECK(cudaEventRecordWithFlags(ev));
        EXPECT_ERR(cudaStreamAttachMemAsync(0, NULL), cudaErrorInvalidValue);
        cudaGetLastError();
        CHECK(cudaStreamAttachMemAsync(0, m, 0, cudaMemAttachGlobal));
        CHECK(cudaEventDestroy(ev));
    }

    /* device flags round trip; a reset clears them and the function attributes */
    unsigned df = 0;
    CHECK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
    CHECK(cudaGetDeviceFlags(&df));
    /* (a GPU adds flags of its own, cudaDeviceMapHost say) */
    EXPECT((df & cudaDeviceScheduleMask) == cudaDeviceScheduleBlockingSync);
    CHECK(cudaFree(m));
    CHECK(cudaFree(out));
    CHECK(cudaDeviceReset());
    CHECK(cudaGetDeviceFlags(&df));
    EXPECT(df == 0);
    CHECK(cudaMalloc(&out, 4096 * sizeof(int)));
    dyn_shared<<<1, 256, 40000>>>(out); /* the 1024-byte limit was the old context's */
    CHECK(cudaGetLastError());
    CHECK(cudaFree(out));
    return cudart_finish("cudart.api.occupancy");
}
