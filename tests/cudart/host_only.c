/* cudart.headers.host_c: the runtime API headers compile as plain C11 (host code in .c files). */
#include <cuda_runtime_api.h>
#include <cuda_runtime.h>
#include <vector_types.h>
#include <vector_functions.h>
#include <math_constants.h>
#include <cuda.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>

int host_c_uses_api(void);
int host_c_uses_api(void)
{
    void *p = 0;
    struct cudaDeviceProp prop;
    float4 v = make_float4(1, 2, 3, 4);
    dim3 g = {1, 1, 1};
    (void)g;
    if (cudaMalloc(&p, 16) != cudaSuccess)
        return 1;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess)
        return 2;
    cudaMemcpy(p, &v, sizeof v, cudaMemcpyHostToDevice);
    return (int)(v.w * CUDART_PI_F) + (int)cudaFree(p) + (CUDA_VERSION > 0 ? 0 : 1);
}
