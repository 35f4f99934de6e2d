/*
 * simt_driver.c - the part of CUDA's driver API that needs no module of device code (cuda.h),
 * implemented over the runtime API of simt_cudart.c. Written for this project from the
 * driver API's documented interface.
 *
 * One device, one context: cuCtxCreate and cuDevicePrimaryCtxRetain hand out the device's one
 * context (counted; cuCtxDestroy and the releases only count it down - the device's memory is
 * the runtime's, freed by cudaDeviceReset or at exit), so driver and runtime calls of a
 * program share everything, as they do on CUDA's primary context. Every call but cuInit,
 * cuDriverGetVersion and the error names needs cuInit(0) first (CUDA_ERROR_NOT_INITIALIZED).
 * Errors map one to one: since CUDA 10.1 the runtime's codes are the driver's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuda.h"
#include "cuda_runtime_api.h"
#include "simt_rt_internal.h"

struct CUctx_st {
    int refs;
};

static struct CUctx_st the_ctx;
static int initialised;

#define INIT()                                                                                     \
    do {                                                                                           \
        if (!initialised)                                                                          \
            return CUDA_ERROR_NOT_INITIALIZED;                                                     \
    } while (0)

static CUresult res(cudaError_t e)
{
    return (CUresult)e;
}

static CUresult device_ok(CUdevice dev)
{
    INIT();
    return dev == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUresult cuInit(unsigned int flags)
{
    if (flags != 0)
        return CUDA_ERROR_INVALID_VALUE;
    int n = 0;
    CUresult r = res(cudaGetDeviceCount(&n)); /* starts the runtime */
    if (r == CUDA_SUCCESS)
        initialised = 1;
    return r;
}

CUresult cuDriverGetVersion(int *driverVersion)
{
    if (!driverVersion)
        return CUDA_ERROR_INVALID_VALUE;
    *driverVersion = CUDA_VERSION;
    return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult error, const char **pStr)
{
    if (!pStr)
        return CUDA_ERROR_INVALID_VALUE;
    static const struct {
        CUresult r;
        const char *name;
    } names[] = {{CUDA_SUCCESS, "CUDA_SUCCESS"},
                 {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE"},
                 {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY"},
                 {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED"},
                 {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED"},
                 {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE"},
                 {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE"},
                 {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE"},
                 {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT"},
                 {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE"},
                 {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND"},
                 {CUDA_ERROR_NOT_READY, "CUDA_ERROR_NOT_READY"},
                 {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS"},
                 {CUDA_ERROR_ASSERT, "CUDA_ERROR_ASSERT"},
                 {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED"},
                 {CUDA_ERROR_NOT_PERMITTED, "CUDA_ERROR_NOT_PERMITTED"},
                 {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED"},
                 {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].r == error) {
            *pStr = names[i].name;
            return CUDA_SUCCESS;
        }
    *pStr = NULL;
    return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult error, const char **pStr)
{
    const char *name;
    if (!pStr)
        return CUDA_ERROR_INVALID_VALUE;
    if (cuGetErrorName(error, &name) != CUDA_SUCCESS) {
        *pStr = NULL;
        return CUDA_ERROR_INVALID_VALUE;
    }
    *pStr = cudaGetErrorString((cudaError_t)error); /* the same numbers, the same texts */
    return CUDA_SUCCESS;
}

/* --- devices ------------------------------------------------------------------------------- */

CUresult cuDeviceGetCount(int *count)
{
    INIT();
    return count ? res(cudaGetDeviceCount(count)) : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal)
{
    INIT();
    if (!device)
        return CUDA_ERROR_INVALID_VALUE;
    if (ordinal != 0)
        return CUDA_ERROR_INVALID_DEVICE;
    *device = 0;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev)
{
    CUresult r = device_ok(dev);
    if (r)
        return r;
    if (!name || len <= 0)
        return CUDA_ERROR_INVALID_VALUE;
    struct cudaDeviceProp p;
    if ((r = res(cudaGetDeviceProperties(&p, 0))))
        return r;
    strncpy(name, p.name, (size_t)len - 1);
    name[len - 1] = '\0';
    return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev)
{
    CUresult r = device_ok(dev);
    if (r)
        return r;
    if (!bytes)
        return CUDA_ERROR_INVALID_VALUE;
    struct cudaDeviceProp p;
    if ((r = res(cudaGetDeviceProperties(&p, 0))))
        return r;
    *bytes = p.totalGlobalMem;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev)
{
    CUresult r = device_ok(dev);
    if (r)
        return r;
    return pi ? res(cudaDeviceGetAttribute(pi, (enum cudaDeviceAttr)attrib, 0))
              : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev)
{
    CUresult r = device_ok(dev);
    if (r)
        return r;
    if (!major || !minor)
        return CUDA_ERROR_INVALID_VALUE;
    if ((r = cuDeviceGetAttribute(major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 0)))
        return r;
    return cuDeviceGetAttribute(minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0);
}

CUresult cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev)
{
    CUresult r = device_ok(dev);
    return r ? r : res(cudaDeviceGetPCIBusId(pciBusId, len, 0));
}

/* --- the context ----------------------------------------------------------------------------- */

static CUresult ctx_ok(CUcontext ctx)
{
    INIT();
    return ctx == &the_ctx && the_ctx.refs > 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev)
{
    CUresult r = device_ok(dev);
    if (r)
        return r;
    if (!pctx || flags > 0x1f)
        return CUDA_ERROR_INVALID_VALUE;
    the_ctx.refs++;
    *pctx = &the_ctx;
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev)
{
    return cuCtxCreate(pctx, 0, dev);
}

CUresult cuCtxDestroy(CUcontext ctx)
{
    CUresult r = ctx_ok(ctx);
    if (r)
        return r;
    r = res(cudaDeviceSynchronize());
    the_ctx.refs--;
    return r;
}

CUresult cuDevicePrimaryCtxRelease(CUdevice dev)
{
    CUresult r = device_ok(dev);
    if (r)
        return r;
    return the_ctx.refs > 0 ? cuCtxDestroy(&the_ctx) : CUDA_ERROR_INVALID_CONTEXT;
}

/* the runtime's cudaDeviceReset: everything the program created on the device goes */
CUresult cuDevicePrimaryCtxReset(CUdevice dev)
{
    CUresult r = device_ok(dev);
    return r ? r : res(cudaDeviceReset());
}

/* The one context is current whenever the driver is initialised (the runtime makes the
 * primary context current on its first call, which cuInit made). */
CUresult cuCtxGetCurrent(CUcontext *pctx)
{
    INIT();
    if (!pctx)
        return CUDA_ERROR_INVALID_VALUE;
    *pctx = &the_ctx;
    return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext ctx)
{
    INIT();
    return ctx == NULL || ctx == &the_ctx ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

CUresult cuCtxPushCurrent(CUcontext ctx)
{
    return cuCtxSetCurrent(ctx);
}

CUresult cuCtxPopCurrent(CUcontext *pctx)
{
    INIT();
    if (pctx)
        *pctx = &the_ctx;
    return CUDA_SUCCESS;
}

CUresult cuCtxGetDevice(CUdevice *device)
{
    INIT();
    if (!device)
        return CUDA_ERROR_INVALID_VALUE;
    *device = 0;
    return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize(void)
{
    INIT();
    return res(cudaDeviceSynchronize());
}

CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int *version)
{
    INIT();
    if (!version || (ctx && ctx != &the_ctx))
        return ctx && ctx != &the_ctx ? CUDA_ERROR_INVALID_CONTEXT : CUDA_ERROR_INVALID_VALUE;
    *version = 3020; /* the v2 API's context version */
    return CUDA_SUCCESS;
}

/* --- memory ---------------------------------------------------------------------------------- */

static void *ptr(CUdeviceptr p)
{
    return (void *)(uintptr_t)p;
}

CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize)
{
    INIT();
    if (!dptr || bytesize == 0)
        return CUDA_ERROR_INVALID_VALUE; /* the driver refuses 0 bytes */
    void *p = NULL;
    CUresult r = res(cudaMalloc(&p, bytesize));
    *dptr = (CUdeviceptr)(uintptr_t)p;
    return r;
}

CUresult cuMemFree(CUdeviceptr dptr)
{
    INIT();
    return res(cudaFree(ptr(dptr)));
}

CUresult cuMemGetInfo(size_t *free, size_t *total)
{
    INIT();
    return res(cudaMemGetInfo(free, total));
}

CUresult cuMemAllocHost(void **pp, size_t bytesize)
{
    INIT();
    return res(cudaMallocHost(pp, bytesize));
}

CUresult cuMemFreeHost(void *p)
{
    INIT();
    return res(cudaFreeHost(p));
}

CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags)
{
    INIT();
    if (!dptr)
        return CUDA_ERROR_INVALID_VALUE;
    void *p = NULL;
    CUresult r = res(cudaMallocManaged(&p, bytesize, flags));
    *dptr = (CUdeviceptr)(uintptr_t)p;
    return r;
}

CUresult cuMemGetAddressRange(CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr)
{
    INIT();
    uint64_t base, size;
    if (!simt_rt_alloc_range(dptr, &base, &size))
        return CUDA_ERROR_NOT_FOUND;
    if (pbase)
        *pbase = base;
    if (psize)
        *psize = (size_t)size;
    return CUDA_SUCCESS;
}

CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount)
{
    INIT();
    return res(cudaMemcpy(ptr(dstDevice), srcHost, ByteCount, cudaMemcpyHostToDevice));
}

CUresult cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount)
{
    INIT();
    return res(cudaMemcpy(dstHost, ptr(srcDevice), ByteCount, cudaMemcpyDeviceToHost));
}

CUresult cuMemcpyDtoD(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount)
{
    INIT();
    return res(cudaMemcpy(ptr(dstDevice), ptr(srcDevice), ByteCount, cudaMemcpyDeviceToDevice));
}

CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount)
{
    INIT();
    return res(cudaMemcpy(ptr(dst), ptr(src), ByteCount, cudaMemcpyDefault));
}

CUresult cuMemcpyHtoDAsync(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount,
                           CUstream hStream)
{
    INIT();
    return res(cudaMemcpyAsync(ptr(dstDevice), srcHost, ByteCount, cudaMemcpyHostToDevice,
                               (cudaStream_t)hStream));
}

CUresult cuMemcpyDtoHAsync(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream)
{
    INIT();
    return res(cudaMemcpyAsync(dstHost, ptr(srcDevice), ByteCount, cudaMemcpyDeviceToHost,
                               (cudaStream_t)hStream));
}

CUresult cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc, size_t N)
{
    INIT();
    return res(cudaMemset(ptr(dstDevice), uc, N));
}

/* 16- and 32-bit patterns: written through a host buffer (the copy checks the range) */
static CUresult fill(CUdeviceptr dst, const void *pattern, size_t esize, size_t n)
{
    INIT();
    if (dst % esize)
        return CUDA_ERROR_INVALID_VALUE; /* the driver requires aligned addresses */
    if (n == 0)
        return CUDA_SUCCESS;
    if (n > SIZE_MAX / esize)
        return CUDA_ERROR_INVALID_VALUE;
    unsigned char *buf = malloc(n * esize);
    if (!buf)
        return CUDA_ERROR_OUT_OF_MEMORY;
    for (size_t i = 0; i < n; i++)
        memcpy(buf + i * esize, pattern, esize);
    CUresult r = res(cudaMemcpy(ptr(dst), buf, n * esize, cudaMemcpyHostToDevice));
    free(buf);
    return r;
}

CUresult cuMemsetD16(CUdeviceptr dstDevice, unsigned short us, size_t N)
{
    return fill(dstDevice, &us, sizeof us, N);
}

CUresult cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui, size_t N)
{
    return fill(dstDevice, &ui, sizeof ui, N);
}

/* --- streams and events ------------------------------------------------------------------------
 */

CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags)
{
    INIT();
    return res(cudaStreamCreateWithFlags((cudaStream_t *)phStream, Flags));
}

CUresult cuStreamDestroy(CUstream hStream)
{
    INIT();
    return res(cudaStreamDestroy((cudaStream_t)hStream));
}

CUresult cuStreamSynchronize(CUstream hStream)
{
    INIT();
    return res(cudaStreamSynchronize((cudaStream_t)hStream));
}

CUresult cuStreamQuery(CUstream hStream)
{
    INIT();
    return res(cudaStreamQuery((cudaStream_t)hStream));
}

CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags)
{
    INIT();
    return res(cudaEventCreateWithFlags((cudaEvent_t *)phEvent, Flags));
}

CUresult cuEventDestroy(CUevent hEvent)
{
    INIT();
    return res(cudaEventDestroy((cudaEvent_t)hEvent));
}

CUresult cuEventRecord(CUevent hEvent, CUstream hStream)
{
    INIT();
    return res(cudaEventRecord((cudaEvent_t)hEvent, (cudaStream_t)hStream));
}

CUresult cuEventSynchronize(CUevent hEvent)
{
    INIT();
    return res(cudaEventSynchronize((cudaEvent_t)hEvent));
}

CUresult cuEventQuery(CUevent hEvent)
{
    INIT();
    return res(cudaEventQuery((cudaEvent_t)hEvent));
}

CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd)
{
    INIT();
    return res(cudaEventElapsedTime(pMilliseconds, (cudaEvent_t)hStart, (cudaEvent_t)hEnd));
}
