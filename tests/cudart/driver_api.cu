// cudart.driver_api: the driver API without modules (cuda.h, tracer/runtime/simt_driver.c) -
// initialisation, devices and attributes (against the runtime's), the one context, memory
// (copies, 8/16/32-bit memsets, address ranges) shared with the runtime and with a kernel,
// streams, events, error names. Prints "cudart.driver_api: PASS".
#include <cuda.h>
#include <cuda_runtime.h>
#include <string.h>

#include "cudart_check.h"

#define DRV(call) EXPECT((call) == CUDA_SUCCESS)

__global__ void add_one(unsigned int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += 1;
}

int main()
{
    int n = 0;
    EXPECT(cuDeviceGetCount(&n) == CUDA_ERROR_NOT_INITIALIZED); // before cuInit
    EXPECT(cuInit(1) == CUDA_ERROR_INVALID_VALUE);
    DRV(cuInit(0));
    int ver = 0;
    DRV(cuDriverGetVersion(&ver));
    EXPECT(ver == CUDA_VERSION);
    DRV(cuDeviceGetCount(&n));
    EXPECT(n == 1);
    CUdevice dev = -1;
    DRV(cuDeviceGet(&dev, 0));
    EXPECT(dev == 0);
    EXPECT(cuDeviceGet(&dev, 1) == CUDA_ERROR_INVALID_DEVICE);
    char name[256];
    DRV(cuDeviceGetName(name, sizeof name, 0));
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    EXPECT(!strcmp(name, prop.name));
    size_t total = 0;
    DRV(cuDeviceTotalMem(&total, 0));
    EXPECT(total == prop.totalGlobalMem);
    int v = 0, major = 0, minor = 0;
    DRV(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0));
    EXPECT(v == prop.multiProcessorCount);
    DRV(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, 0));
    EXPECT(v == prop.maxThreadsPerMultiProcessor);
    DRV(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0));
    EXPECT(v == 32);
    DRV(cuDeviceComputeCapability(&major, &minor, 0));
    EXPECT(major == prop.major && minor == prop.minor);
    EXPECT(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 3) == CUDA_ERROR_INVALID_DEVICE);

    // the one context
    CUcontext ctx = NULL, cur = NULL;
#if CUDA_VERSION >= 13000 || ON_SIMT /* CUDA 13: creation parameters */
    DRV(cuCtxCreate(&ctx, (CUctxCreateParams *)NULL, CU_CTX_SCHED_AUTO, 0));
#else
    DRV(cuCtxCreate(&ctx, CU_CTX_SCHED_AUTO, 0));
#endif
    DRV(cuCtxGetCurrent(&cur));
    EXPECT(cur == ctx);
    CUdevice cd = -1;
    DRV(cuCtxGetDevice(&cd));
    EXPECT(cd == 0);
    unsigned int api = 0;
    DRV(cuCtxGetApiVersion(ctx, &api));
    EXPECT(api > 0);

    // memory shared with the runtime and a kernel
    const int N = 1000;
    CUdeviceptr d = 0;
    EXPECT(cuMemAlloc(&d, 0) == CUDA_ERROR_INVALID_VALUE);
    DRV(cuMemAlloc(&d, N * sizeof(unsigned int)));
    DRV(cuMemsetD32(d, 0xdeadbeefu, N));
    add_one<<<(N + 127) / 128, 128>>>((unsigned int *)(uintptr_t)d, N);
    CHECK(cudaGetLastError());
    unsigned int h[N];
    DRV(cuMemcpyDtoH(h, d, sizeof h));
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += h[i] != 0xdeadbef0u;
    EXPECT(bad == 0);
    DRV(cuMemsetD16(d + 4, 0x1234, 3)); // bytes 4..9
    DRV(cuMemsetD8(d + 10, 0x7f, 2));   // bytes 10..11
    unsigned char b[16];
    DRV(cuMemcpyDtoH(b, d, sizeof b));
    EXPECT(b[4] == 0x34 && b[5] == 0x12 && b[8] == 0x34 && b[9] == 0x12 && b[10] == 0x7f &&
           b[11] == 0x7f && b[12] == 0xf0 && b[3] == 0xde);
    EXPECT(cuMemsetD32(d + 2, 0, 1) == CUDA_ERROR_INVALID_VALUE); // misaligned
    CUdeviceptr base = 0;
    size_t size = 0;
    DRV(cuMemGetAddressRange(&base, &size, d + 123));
    EXPECT(base == d && size == N * sizeof(unsigned int));
    EXPECT(cuMemGetAddressRange(&base, &size, d + N * sizeof(unsigned int)) ==
           CUDA_ERROR_NOT_FOUND);
    for (int i = 0; i < N; i++)
        h[i] = i;
    DRV(cuMemcpyHtoD(d, h, sizeof h));
    void *r = NULL;
    CHECK(cudaMalloc(&r, sizeof h));
    DRV(cuMemcpyDtoD((CUdeviceptr)(uintptr_t)r, d, sizeof h)); // a runtime allocation
    unsigned int g[N];
    CHECK(cudaMemcpy(g, r, sizeof g, cudaMemcpyDeviceToHost));
    EXPECT(!memcmp(g, h, sizeof g));
    size_t fr = 0, tot = 0;
    DRV(cuMemGetInfo(&fr, &tot));
    EXPECT(tot == prop.totalGlobalMem && fr < tot);

    // streams and events
    CUstream s;
    CUevent e0, e1;
    DRV(cuStreamCreate(&s, 0));
    DRV(cuEventCreate(&e0, 0));
    DRV(cuEventCreate(&e1, 0));
    DRV(cuEventRecord(e0, s));
    DRV(cuMemcpyHtoDAsync(d, h, sizeof h, s));
    DRV(cuEventRecord(e1, s));
    DRV(cuStreamSynchronize(s));
    DRV(cuEventSynchronize(e1));
    float ms = -1;
    DRV(cuEventElapsedTime(&ms, e0, e1));
    EXPECT(ms >= 0);
    DRV(cuStreamQuery(s));
    DRV(cuEventDestroy(e0));
    DRV(cuEventDestroy(e1));
    DRV(cuStreamDestroy(s));

    // error names, the context going
    const char *str = NULL;
    DRV(cuGetErrorName(CUDA_ERROR_INVALID_DEVICE, &str));
    EXPECT(str && !strcmp(str, "CUDA_ERROR_INVALID_DEVICE"));
    DRV(cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY, &str));
    EXPECT(str && strlen(str) > 0);
    EXPECT(cuGetErrorName((CUresult)12345, &str) == CUDA_ERROR_INVALID_VALUE);
    DRV(cuMemFree(d));
    CHECK(cudaFree(r));
    DRV(cuCtxSynchronize());
    DRV(cuCtxDestroy(ctx));
    if (ON_SIMT) /* destroyed twice: refused here; the driver does not check */
        EXPECT(cuCtxDestroy(ctx) == CUDA_ERROR_INVALID_CONTEXT);
    return cudart_finish("cudart.driver_api");
}
