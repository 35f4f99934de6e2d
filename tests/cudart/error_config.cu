/* cudart.error.bad_config: invalid launch configurations are reported by cudaGetLastError /
 * cudaPeekAtLastError exactly as on a GPU, are not sticky, and a valid launch afterwards
 * works. */
#include "cudart_check.h"

__global__ void k(int *p)
{
    p[threadIdx.x] = 1;
}

int main()
{
    int *d;
    CHECK(cudaMalloc(&d, 64 * sizeof(int)));
    CHECK(cudaMemset(d, 0, 64 * sizeof(int)));

    /* CUDA 11 and 12 say cudaErrorInvalidConfiguration, as this runtime (CUDA 11.8's API)
     * does; CUDA 13 on an H200 said cudaErrorInvalidValue (docs/DEVICE_CHECK.md) */
    const cudaError_t bad =
        ON_SIMT || CUDART_VERSION < 13000 ? cudaErrorInvalidConfiguration : cudaErrorInvalidValue;
    k<<<1, 2048>>>(d); /* too many threads per block */
    EXPECT_ERR(cudaPeekAtLastError(), bad);
    EXPECT_ERR(cudaGetLastError(), bad);
    EXPECT_ERR(cudaGetLastError(), cudaSuccess);
    k<<<0, 32>>>(d); /* empty grid */
    EXPECT_ERR(cudaGetLastError(), bad);
    k<<<dim3(1, 70000), 32>>>(d); /* grid.y > 65535 */
    EXPECT_ERR(cudaGetLastError(), bad);
    k<<<1, dim3(1, 1, 65)>>>(d); /* block.z > 64 */
    EXPECT_ERR(cudaGetLastError(), bad);
    k<<<1, dim3(32, 33)>>>(d); /* 1056 threads */
    EXPECT_ERR(cudaGetLastError(), bad);
    k<<<1, 32, 1 << 20>>>(d); /* 1 MiB of dynamic shared memory */
    EXPECT(cudaGetLastError() != cudaSuccess);
    EXPECT_ERR(cudaGetLastError(), cudaSuccess);

    /* the errors were not sticky */
    k<<<1, 64>>>(d);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    int h[64];
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 1 && h[63] == 1);
    CHECK(cudaFree(d));
    return cudart_finish("cudart.error.bad_config");
}
