/* cudart.headers.host_cxx: the CUDA headers compile as plain C++ (host code in .cpp files),
 * including the template overloads and the SDK helper headers. */
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>
#include <cutil_inline.h>
#include <curand_kernel.h>
#include <math_constants.h>
#include <cuda_occupancy.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <memory>

texture<float, 1, cudaReadModeElementType> host_tex;

int host_cxx_uses_api(int argc, const char **argv);
int host_cxx_uses_api(int argc, const char **argv)
{
    float *d = nullptr;
    checkCudaErrors(cudaMalloc(&d, 64 * sizeof(float)));
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float4>();
    size_t off = 0;
    cudaBindTexture(&off, host_tex, d, 64 * sizeof(float));
    StopWatchInterface *t = nullptr;
    sdkCreateTimer(&t);
    sdkDeleteTimer(&t);
    curandState s;
    curand_init(1, 2, 3, &s);
    unsigned r = curand(&s);
    cutilSafeCall(cudaFree(d));
    return desc.x + (int)r + checkCmdLineFlag(argc, argv, "x") + min(1, 2) + (int)max(1.0f, 2.0f);
}
