/* cudart.error.rdc_extern: a kernel calling an extern __device__ function that this .cu file
 * only declares (nvcc links it from another file with -rdc=true, which simt-cc does not
 * support). The launch must fail with an error that names the cause - relocatable device
 * code - rather than an "unknown instruction" (the test matches the message). */
#include "cudart_check.h"

extern __device__ int defined_elsewhere(int x);

__global__ void calls_extern(int *out)
{
    out[threadIdx.x] = defined_elsewhere((int)threadIdx.x);
}

int main()
{
    int *d;
    CHECK(cudaMalloc(&d, 32 * sizeof(int)));
    calls_extern<<<1, 32>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    printf("launch result: %s\n", cudaGetErrorName(e));
    return e == cudaSuccess ? 0 : 3;
}
