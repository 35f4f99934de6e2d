/* cudart.managed_vars: __managed__ variables - the host sees their initial values before any
 * CUDA call, a kernel sees the host's writes, the host sees the kernel's after the launch,
 * and cudaMemcpyTo/FromSymbol agree with both sides. */
#include "cudart_check.h"

__managed__ int counter = 7;
__managed__ float arr[4] = {1, 2, 3, 4};
__managed__ int zeroed;

__global__ void bump()
{
    atomicAdd(&counter, 1);
    atomicAdd(&arr[threadIdx.x % 4], 1.0f);
    if (threadIdx.x == 0)
        zeroed = counter >= 100;
}

int main()
{
    EXPECT(counter == 7 && arr[2] == 3.0f && zeroed == 0); /* before any CUDA call */
    counter = 100;
    bump<<<1, 32>>>();
    CHECK(cudaDeviceSynchronize());
    EXPECT(counter == 132);
    EXPECT(arr[0] == 9.0f && arr[3] == 12.0f);
    EXPECT(zeroed == 1);
    int x = 0;
    CHECK(cudaMemcpyFromSymbol(&x, counter, sizeof x));
    EXPECT(x == 132);
    int y = 5;
    CHECK(cudaMemcpyToSymbol(counter, &y, sizeof y));
    EXPECT(counter == 5);
    counter = 9; /* a host write, then a read of the symbol */
    CHECK(cudaMemcpyFromSymbol(&x, counter, sizeof x));
    EXPECT(x == 9);
    return cudart_finish("cudart.managed_vars");
}
