/* cudart.device.printf: device printf with several argument types, one line per thread in
 * thread order. cudart.device.assert (argument "assert"): a failing device assert() gives
 * cudaErrorAssert and a non-zero exit. */
#include <cassert>
#include <cstring>
#include "cudart_check.h"

__global__ void say(int base, double d, const char *tag)
{
    printf("thread %d: %d %.2f %s %c %lld\n", threadIdx.x, base + threadIdx.x, d * threadIdx.x,
           "dev", 'A' + threadIdx.x, (long long)threadIdx.x << 40);
}

__global__ void check_positive(const int *v)
{
    assert(v[threadIdx.x] > 0);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "assert") == 0) {
        int h[4] = {1, 2, -3, 4}, *d;
        CHECK(cudaMalloc(&d, sizeof h));
        CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
        check_positive<<<1, 4>>>(d);
        cudaError_t e = cudaDeviceSynchronize();
        printf("assert result: %s\n", cudaGetErrorName(e));
        return e == cudaErrorAssert ? 3 : 1;
    }
    say<<<1, 3>>>(10, 0.5, "x");
    CHECK(cudaDeviceSynchronize());
    fflush(stdout);
    return cudart_finish("cudart.device.printf");
}
