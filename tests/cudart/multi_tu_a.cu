/* cudart.multi_tu, unit A: its own kernel, __constant__ and a static device helper with the
 * same name as one in unit B (each translation unit is its own device module). */
#include "cudart_check.h"
#include "multi_tu.h"

__constant__ int scale_a = 1;
static __device__ int helper(int x)
{
    return x * x * scale_a;
}
__global__ void square(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = helper(p[i]);
}

int tu_a_square(int *host, int n)
{
    int *d;
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    CHECK(cudaMemcpy(d, host, n * sizeof(int), cudaMemcpyHostToDevice));
    square<<<(n + 63) / 64, 64>>>(d, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(host, d, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d));
    return 0;
}
