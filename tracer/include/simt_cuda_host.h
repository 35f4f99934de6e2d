/*
 * simt_cuda_host.h - C++ conveniences of the CUDA runtime API (the template overloads that
 * real cuda_runtime.h offers) and host versions of CUDA's min/max. Included by cuda_runtime.h.
 */
#ifndef SIMT_CUDA_HOST_H
#define SIMT_CUDA_HOST_H

#include "cuda_runtime_api.h"

template <class T> static inline cudaError_t cudaMalloc(T **devPtr, size_t size)
{
    return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T> static inline cudaError_t cudaMallocHost(T **ptr, size_t size)
{
    return ::cudaMallocHost((void **)(void *)ptr, size);
}
template <class T> static inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags)
{
    return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static inline cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags)
{
    return ::cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}
template <class T>
static inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height)
{
    return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class T>
static inline cudaError_t cudaMallocManaged(T **devPtr, size_t size,
                                            unsigned int flags = cudaMemAttachGlobal)
{
    return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                                             size_t offset = 0,
                                             enum cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
    return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                                               size_t offset = 0,
                                               enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
    return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <class T>
static inline cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0,
                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t s = 0)
{
    return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, s);
}
template <class T>
static inline cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0,
                          enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t s = 0)
{
    return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, s);
}
template <class T>
static inline cudaError_t
cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                               const cudaGraphNode_t *pDependencies, size_t numDependencies,
                               const T &symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    return ::cudaGraphAddMemcpyNodeToSymbol(pGraphNode, graph, pDependencies, numDependencies,
                                            (const void *)&symbol, src, count, offset, kind);
}
template <class T>
static inline cudaError_t
cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 void *dst, const T &symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    return ::cudaGraphAddMemcpyNodeFromSymbol(pGraphNode, graph, pDependencies, numDependencies,
                                              dst, (const void *)&symbol, count, offset, kind);
}
template <class T> static inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol)
{
    return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T> static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol)
{
    return ::cudaGetSymbolSize(size, (const void *)&symbol);
}
template <class T>
static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry)
{
    return ::cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T>
static inline cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache config)
{
    return ::cudaFuncSetCacheConfig((const void *)func, config);
}
template <class T>
static inline cudaError_t cudaLaunchKernel(T *func, dim3 grid, dim3 block, void **args,
                                           size_t sharedMem = 0, cudaStream_t stream = 0)
{
    return ::cudaLaunchKernel((const void *)func, grid, block, args, sharedMem, stream);
}
/* CUDA 12's cudaLaunchKernelEx: the arguments converted to the kernel's parameter types (as a
 * <<<>>> launch converts them), then their addresses passed on */
template <typename... Params, typename... Args>
static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                             void (*kernel)(Params...), Args &&...args)
{
    return [&](Params... converted) {
        void *ptrs[sizeof...(Params) > 0 ? sizeof...(Params) : 1] = {(void *)&converted...};
        return ::cudaLaunchKernelExC(config, (const void *)kernel, ptrs);
    }(static_cast<Args &&>(args)...);
}
template <class T>
static inline cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize,
                                                                    T *func, int numBlocks,
                                                                    int blockSize)
{
    return ::cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, (const void *)func,
                                                       numBlocks, blockSize);
}
/* CUDA 12's cudaStreamGetCaptureInfo (CUDA 11.3's _v2) */
static inline cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream,
                                                   enum cudaStreamCaptureStatus *status,
                                                   unsigned long long *id, cudaGraph_t *graph,
                                                   const cudaGraphNode_t **deps = 0,
                                                   size_t *numDeps = 0)
{
    return cudaStreamGetCaptureInfo_v2(stream, status, id, graph, deps, numDeps);
}
template <class T> static inline cudaError_t cudaFuncGetName(const char **name, T *func)
{
    return ::cudaFuncGetName(name, (const void *)func);
}
template <class T>
static inline cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value)
{
    return ::cudaFuncSetAttribute((const void *)func, attr, value);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                                                        int blockSize,
                                                                        size_t dynamicSMemSize)
{
    return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void *)func, blockSize,
                                                           dynamicSMemSize);
}
template <class T>
static inline cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, T func, int blockSize,
                                                       size_t dynamicSMemSize, unsigned int flags)
{
    return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}
/* The block size with the most resident threads per SM (ties: the larger block), trying the
 * kernel's limit (or blockSizeLimit) and then every multiple of the warp size below it, and
 * the grid that fills every SM with such blocks. blockSizeToDynamicSMemSize(b) gives the
 * dynamic shared memory a block of b threads uses. */
template <class UnaryFunction, class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize,
    int blockSizeLimit = 0, unsigned int flags = cudaOccupancyDefault)
{
    if (!minGridSize || !blockSize || !func)
        return cudaErrorInvalidValue;
    int dev = 0, sms = 0, warp = 0, perSM = 0;
    struct cudaFuncAttributes attr;
    cudaError_t e = cudaGetDevice(&dev);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, dev);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&perSM, cudaDevAttrMaxThreadsPerMultiProcessor, dev);
    if (e == cudaSuccess)
        e = ::cudaFuncGetAttributes(&attr, (const void *)func);
    if (e != cudaSuccess)
        return e;
    int limit = attr.maxThreadsPerBlock;
    if (blockSizeLimit > 0 && blockSizeLimit < limit)
        limit = blockSizeLimit;
    int bestThreads = 0, bestBlock = 0, bestBlocks = 0;
    for (int b = limit; b > 0; b = (b % warp ? b - b % warp : b - warp)) {
        int n = 0;
        e = ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &n, (const void *)func, b, (size_t)blockSizeToDynamicSMemSize(b), flags);
        if (e != cudaSuccess)
            return e;
        if (n * b > bestThreads) {
            bestThreads = n * b;
            bestBlock = b;
            bestBlocks = n;
        }
        if (bestThreads >= perSM)
            break;
    }
    *minGridSize = bestBlocks * sms;
    *blockSize = bestBlock;
    return cudaSuccess;
}
/* blockSizeToDynamicSMemSize for a fixed size */
struct simt_fixed_dyn_smem {
    size_t bytes;
    size_t operator()(int) const
    {
        return bytes;
    }
};
template <class UnaryFunction, class T>
static inline cudaError_t
cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize, int *blockSize, T func,
                                               UnaryFunction blockSizeToDynamicSMemSize,
                                               int blockSizeLimit = 0)
{
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
        minGridSize, blockSize, func, blockSizeToDynamicSMemSize, blockSizeLimit);
}
template <class T>
static inline cudaError_t
cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, T func,
                                            size_t dynamicSMemSize = 0, int blockSizeLimit = 0,
                                            unsigned int flags = cudaOccupancyDefault)
{
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
        minGridSize, blockSize, func, simt_fixed_dyn_smem{dynamicSMemSize}, blockSizeLimit, flags);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize,
                                                             T func, size_t dynamicSMemSize = 0,
                                                             int blockSizeLimit = 0)
{
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
        minGridSize, blockSize, func, simt_fixed_dyn_smem{dynamicSMemSize}, blockSizeLimit);
}
template <class T>
static inline cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream)
{
    return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
static inline cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaMemPool_t memPool,
                                          cudaStream_t stream)
{
    return ::cudaMallocFromPoolAsync(ptr, size, memPool, stream);
}
template <class T>
static inline cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaMemPool_t memPool,
                                          cudaStream_t stream)
{
    return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}
template <class T>
static inline cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size, cudaMemPool_t memPool,
                                                  cudaStream_t stream)
{
    return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}
template <class T>
static inline cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 grid, dim3 block, void **args,
                                                      size_t sharedMem = 0, cudaStream_t stream = 0)
{
    return ::cudaLaunchCooperativeKernel((const void *)func, grid, block, args, sharedMem, stream);
}
static inline cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags)
{
    return ::cudaEventCreateWithFlags(event, flags);
}
static inline cudaError_t cudaMallocHost(void **ptr, size_t size, unsigned int flags)
{
    return ::cudaHostAlloc(ptr, size, flags);
}

/* cudaCreateChannelDesc<T>() */
template <class T> static inline struct cudaChannelFormatDesc cudaCreateChannelDesc(void)
{
    return ::cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}
#define SIMT_CHANNEL_DESC_(T, X, Y, Z, W, K)                                                       \
    template <> inline struct cudaChannelFormatDesc cudaCreateChannelDesc<T>(void) {               \
        return ::cudaCreateChannelDesc(X, Y, Z, W, K);                                             \
    }
#define SIMT_CHANNEL_DESCS_(T, B, K)                                                               \
    SIMT_CHANNEL_DESC_(T, B, 0, 0, 0, K)                                                           \
    SIMT_CHANNEL_DESC_(T##1, B, 0, 0, 0, K)                                                        \
    SIMT_CHANNEL_DESC_(T##2, B, B, 0, 0, K) SIMT_CHANNEL_DESC_(T##4, B, B, B, B, K)
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
SIMT_CHANNEL_DESCS_(float, 32, cudaChannelFormatKindFloat)
SIMT_CHANNEL_DESCS_(int, 32, cudaChannelFormatKindSigned)
SIMT_CHANNEL_DESCS_(uint, 32, cudaChannelFormatKindUnsigned)
SIMT_CHANNEL_DESCS_(short, 16, cudaChannelFormatKindSigned)
SIMT_CHANNEL_DESCS_(ushort, 16, cudaChannelFormatKindUnsigned)
SIMT_CHANNEL_DESCS_(uchar, 8, cudaChannelFormatKindUnsigned)
SIMT_CHANNEL_DESC_(char, 8, 0, 0, 0, cudaChannelFormatKindSigned)
SIMT_CHANNEL_DESC_(signed char, 8, 0, 0, 0, cudaChannelFormatKindSigned)
SIMT_CHANNEL_DESC_(char1, 8, 0, 0, 0, cudaChannelFormatKindSigned)
SIMT_CHANNEL_DESC_(char2, 8, 8, 0, 0, cudaChannelFormatKindSigned)
SIMT_CHANNEL_DESC_(char4, 8, 8, 8, 8, cudaChannelFormatKindSigned)
#undef SIMT_CHANNEL_DESCS_
#undef SIMT_CHANNEL_DESC_

/* --- texture references (legacy API) ------------------------------------------------------ */
#if defined(__CUDA__)
#define SIMT_TEXTURE_TYPE_ __attribute__((device_builtin_texture_type))
#else
#define SIMT_TEXTURE_TYPE_
#endif
template <class T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct SIMT_TEXTURE_TYPE_ texture : public textureReference {
    texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
            enum cudaTextureAddressMode aMode = cudaAddressModeClamp)
    {
        normalized = norm;
        filterMode = fMode;
        addressMode[0] = addressMode[1] = addressMode[2] = aMode;
        channelDesc = cudaCreateChannelDesc<T>();
        sRGB = 0;
        maxAnisotropy = 0;
    }
};
#undef SIMT_TEXTURE_TYPE_

template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex,
                                          const void *devPtr, size_t size = ~(size_t)0)
{
    return ::cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr,
                const struct cudaChannelFormatDesc &desc, size_t size = ~(size_t)0)
{
    return ::cudaBindTexture(offset, &tex, devPtr, &desc, size);
}
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, dim, mode> &tex,
                                            const void *devPtr,
                                            const struct cudaChannelFormatDesc &desc, size_t width,
                                            size_t height, size_t pitch)
{
    return ::cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaBindTextureToArray(const struct texture<T, dim, mode> &tex,
                                                 cudaArray_const_t array)
{
    struct cudaChannelFormatDesc desc;
    cudaError_t e = ::cudaGetChannelDesc(&desc, array);
    return e != cudaSuccess ? e : ::cudaBindTextureToArray(&tex, array, &desc);
}
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaBindTextureToArray(const struct texture<T, dim, mode> &tex,
                                                 cudaArray_const_t array,
                                                 const struct cudaChannelFormatDesc &desc)
{
    return ::cudaBindTextureToArray(&tex, array, &desc);
}
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaUnbindTexture(const struct texture<T, dim, mode> &tex)
{
    return ::cudaUnbindTexture(&tex);
}

/* CUDA's min/max overloads. clang's __clang_cuda_math.h defines the device versions of
 * min/max(int, int), umin/umax, llmin/llmax and ullmin/ullmax: those get host versions here;
 * every other combination is defined once for host and device. Mixed signed/unsigned
 * arguments compare as unsigned, mixed float/double as double; float/double use fmin/fmax
 * (NaN-ignoring), as CUDA does. */
static inline __host__ int min(int a, int b)
{
    return a < b ? a : b;
}
static inline __host__ int max(int a, int b)
{
    return a > b ? a : b;
}
static inline __host__ unsigned int umin(unsigned int a, unsigned int b)
{
    return a < b ? a : b;
}
static inline __host__ unsigned int umax(unsigned int a, unsigned int b)
{
    return a > b ? a : b;
}
static inline __host__ long long llmin(long long a, long long b)
{
    return a < b ? a : b;
}
static inline __host__ long long llmax(long long a, long long b)
{
    return a > b ? a : b;
}
static inline __host__ unsigned long long ullmin(unsigned long long a, unsigned long long b)
{
    return a < b ? a : b;
}
static inline __host__ unsigned long long ullmax(unsigned long long a, unsigned long long b)
{
    return a > b ? a : b;
}
#define SIMT_MINMAX_(R, A, B)                                                                      \
    static inline __host__ __device__ R min(A a, B b)                                              \
    {                                                                                              \
        return (R)a < (R)b ? (R)a : (R)b;                                                          \
    }                                                                                              \
    static inline __host__ __device__ R max(A a, B b)                                              \
    {                                                                                              \
        return (R)a > (R)b ? (R)a : (R)b;                                                          \
    }
SIMT_MINMAX_(unsigned int, unsigned int, unsigned int)
SIMT_MINMAX_(unsigned int, int, unsigned int)
SIMT_MINMAX_(unsigned int, unsigned int, int)
SIMT_MINMAX_(long, long, long)
SIMT_MINMAX_(unsigned long, unsigned long, unsigned long)
SIMT_MINMAX_(unsigned long, long, unsigned long)
SIMT_MINMAX_(unsigned long, unsigned long, long)
SIMT_MINMAX_(long long, long long, long long)
SIMT_MINMAX_(unsigned long long, unsigned long long, unsigned long long)
SIMT_MINMAX_(unsigned long long, long long, unsigned long long)
SIMT_MINMAX_(unsigned long long, unsigned long long, long long)
#undef SIMT_MINMAX_
static inline __host__ __device__ float min(float a, float b)
{
    return fminf(a, b);
}
static inline __host__ __device__ float max(float a, float b)
{
    return fmaxf(a, b);
}
static inline __host__ __device__ double min(double a, double b)
{
    return fmin(a, b);
}
static inline __host__ __device__ double max(double a, double b)
{
    return fmax(a, b);
}
static inline __host__ __device__ double min(float a, double b)
{
    return fmin((double)a, b);
}
static inline __host__ __device__ double max(float a, double b)
{
    return fmax((double)a, b);
}
static inline __host__ __device__ double min(double a, float b)
{
    return fmin(a, (double)b);
}
static inline __host__ __device__ double max(double a, float b)
{
    return fmax(a, (double)b);
}

/* CUDA 13's forms, which take a cudaMemLocation where CUDA 11 took a device ordinal (a host
 * location is cudaCpuDeviceId) and edge data with each dependency (only full dependencies) */
static inline int simt_location_device_(struct cudaMemLocation l)
{
    return l.type == cudaMemLocationTypeDevice ? l.id
           : l.type == cudaMemLocationTypeHost || l.type == cudaMemLocationTypeHostNuma ||
                   l.type == cudaMemLocationTypeHostNumaCurrent
               ? cudaCpuDeviceId
               : cudaInvalidDeviceId;
}
static inline cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                        enum cudaMemoryAdvise advice, struct cudaMemLocation loc)
{
    return cudaMemAdvise(devPtr, count, advice, simt_location_device_(loc));
}
static inline cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                               struct cudaMemLocation loc, unsigned int flags,
                                               cudaStream_t stream = 0)
{
    if (flags)
        return cudaErrorInvalidValue;
    return cudaMemPrefetchAsync(devPtr, count, simt_location_device_(loc), stream);
}
static inline cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                   const cudaGraphNode_t *to,
                                                   const struct cudaGraphEdgeData *edgeData,
                                                   size_t numDependencies)
{
    for (size_t i = 0; edgeData && i < numDependencies; i++)
        if (edgeData[i].from_port || edgeData[i].to_port || edgeData[i].type)
            return cudaErrorNotSupported;
    return cudaGraphAddDependencies(graph, from, to, numDependencies);
}
static inline cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph,
                                                      const cudaGraphNode_t *from,
                                                      const cudaGraphNode_t *to,
                                                      const struct cudaGraphEdgeData *edgeData,
                                                      size_t numDependencies)
{
    for (size_t i = 0; edgeData && i < numDependencies; i++)
        if (edgeData[i].from_port || edgeData[i].to_port || edgeData[i].type)
            return cudaErrorInvalidValue; /* no such edge: every edge here is a full one */
    return cudaGraphRemoveDependencies(graph, from, to, numDependencies);
}
static inline cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from,
                                            cudaGraphNode_t *to, struct cudaGraphEdgeData *edgeData,
                                            size_t *numEdges)
{
    cudaError_t e = cudaGraphGetEdges(graph, from, to, numEdges);
    for (size_t i = 0; e == cudaSuccess && edgeData && from && i < *numEdges; i++)
        edgeData[i] = cudaGraphEdgeData();
    return e;
}

/* CUDA 13's forms, with edge data (every edge here is a full one: all-zero data) */
static inline cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node,
                                                       cudaGraphNode_t *pDependencies,
                                                       struct cudaGraphEdgeData *edgeData,
                                                       size_t *pNumDependencies)
{
    cudaError_t e = cudaGraphNodeGetDependencies(node, pDependencies, pNumDependencies);
    for (size_t i = 0; e == cudaSuccess && edgeData && pDependencies && i < *pNumDependencies; i++)
        edgeData[i] = cudaGraphEdgeData();
    return e;
}
static inline cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node,
                                                         cudaGraphNode_t *pDependentNodes,
                                                         struct cudaGraphEdgeData *edgeData,
                                                         size_t *pNumDependentNodes)
{
    cudaError_t e = cudaGraphNodeGetDependentNodes(node, pDependentNodes, pNumDependentNodes);
    for (size_t i = 0; e == cudaSuccess && edgeData && pDependentNodes && i < *pNumDependentNodes;
         i++)
        edgeData[i] = cudaGraphEdgeData();
    return e;
}

/* CUDA 11's cudaGraphInstantiate (error node and log; nothing fails at instantiation here) */
static inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                               cudaGraphNode_t *pErrorNode, char *pLogBuffer,
                                               size_t bufferSize)
{
    if (pErrorNode)
        *pErrorNode = NULL;
    if (pLogBuffer && bufferSize)
        pLogBuffer[0] = 0;
    return cudaGraphInstantiateWithFlags(pGraphExec, graph, 0);
}
/* CUDA 11's cudaGraphExecUpdate */
static inline cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                              cudaGraphNode_t *hErrorNode_out,
                                              enum cudaGraphExecUpdateResult *updateResult_out)
{
    cudaGraphExecUpdateResultInfo info;
    cudaError_t e = cudaGraphExecUpdate(hGraphExec, hGraph, &info);
    if (hErrorNode_out)
        *hErrorNode_out = info.errorNode;
    if (updateResult_out)
        *updateResult_out = info.result;
    return e;
}
#endif
