/* cudart.multi_tu, unit B and main(). */
#include "cudart_check.h"
#include "multi_tu.h"

__constant__ int offset_b;
static __device__ int helper(int x)
{
    return x + offset_b;
}
__global__ void add_offset(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = helper(p[i]);
}

int tu_b_offset(int *host, int n, int offset)
{
    int *d;
    CHECK(cudaMemcpyToSymbol(offset_b, &offset, sizeof offset));
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    CHECK(cudaMemcpy(d, host, n * sizeof(int), cudaMemcpyHostToDevice));
    add_offset<<<(n + 63) / 64, 64>>>(d, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(host, d, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d));
    return 0;
}

int main()
{
    const int n = 300;
    int h[n];
    for (int i = 0; i < n; i++)
        h[i] = i;
    tu_a_square(h, n);
    tu_b_offset(h, n, 7);
    for (int i = 0; i < n; i++)
        EXPECT(h[i] == host_expected(i, 7));
    return cudart_finish("cudart.multi_tu");
}
