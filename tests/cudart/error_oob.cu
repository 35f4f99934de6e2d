/* cudart.error.out_of_bounds: a kernel writes past its allocation. The tracer reports the
 * access (kernel, thread, address), the error is sticky (cudaErrorIllegalAddress from every
 * later call), no trace is written, and the program exits non-zero through its own checks.
 * tests/cudart/run_expect.cmake checks exit status, messages and the missing trace. */
#include "cudart_check.h"

__global__ void overflow(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    p[i + n] = i; /* every thread writes past the end */
}

int main()
{
    int *d;
    CHECK(cudaMalloc(&d, 256 * sizeof(int)));
    overflow<<<2, 128>>>(d, 1 << 20);
    cudaError_t e1 = cudaDeviceSynchronize();
    cudaError_t e2 = cudaMemset(d, 0, 4); /* sticky */
    cudaError_t e3 = cudaGetLastError();
    printf("after fault: %s %s %s\n", cudaGetErrorName(e1), cudaGetErrorName(e2),
           cudaGetErrorName(e3));
    if (e1 == cudaErrorIllegalAddress && e2 == cudaErrorIllegalAddress &&
        e3 == cudaErrorIllegalAddress)
        printf("sticky error reported\n");
    CHECK(e1); /* exits 1 */
    return 0;
}
