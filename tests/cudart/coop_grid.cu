/* cudart.cooperative_grid: cooperative_groups::this_grid().sync() across CTAs, launched
 * with cudaLaunchCooperativeKernel and with <<<>>>: every CTA writes its partial sum, the
 * grid synchronises, then every CTA reads all partial sums (which only a grid-wide barrier
 * makes safe) and writes the total and its grid ranks. */
#include <cooperative_groups.h>

#include "cudart_check.h"

namespace cg = cooperative_groups;

__global__ void twophase(const int *in, int *partial, int *out, int n)
{
    cg::grid_group grid = cg::this_grid();
    __shared__ int s[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        int sum = 0;
        for (int k = 0; k < (int)blockDim.x; k++)
            sum += s[k];
        partial[blockIdx.x] = sum;
    }
    grid.sync();
    if (threadIdx.x == 0) {
        int total = 0;
        for (unsigned b = 0; b < gridDim.x; b++)
            total += partial[b];
        out[blockIdx.x * 3 + 0] = total;
        out[blockIdx.x * 3 + 1] = (int)grid.block_rank();
        out[blockIdx.x * 3 + 2] = (int)grid.num_blocks();
    }
    if (grid.thread_rank() == grid.size() - 1)
        out[gridDim.x * 3] = (int)grid.size();
}

int main()
{
    const int blocks = 8, threads = 64, n = blocks * threads - 5;
    int h_in[blocks * threads], expect = 0;
    for (int i = 0; i < n; i++) {
        h_in[i] = (i * 37) % 101 - 50;
        expect += h_in[i];
    }
    int *in, *partial, *out;
    CHECK(cudaMalloc(&in, sizeof h_in));
    CHECK(cudaMalloc(&partial, blocks * sizeof(int)));
    CHECK(cudaMalloc(&out, (blocks * 3 + 1) * sizeof(int)));
    CHECK(cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
    for (int round = 0; round < 2; round++) {
        CHECK(cudaMemset(out, 0, (blocks * 3 + 1) * sizeof(int)));
        if (round == 0) {
            int nn = n;
            void *args[] = {&in, &partial, &out, &nn};
            CHECK(cudaLaunchCooperativeKernel((const void *)twophase, dim3(blocks), dim3(threads),
                                              args, 0, 0));
        } else {
            twophase<<<blocks, threads>>>(in, partial, out, n);
        }
        CHECK(cudaGetLastError());
        int h[blocks * 3 + 1];
        CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
        for (int b = 0; b < blocks; b++) {
            EXPECT(h[b * 3 + 0] == expect);
            EXPECT(h[b * 3 + 1] == b);
            EXPECT(h[b * 3 + 2] == blocks);
        }
        EXPECT(h[blocks * 3] == blocks * threads);
    }
    CHECK(cudaFree(in));
    CHECK(cudaFree(partial));
    CHECK(cudaFree(out));
    return cudart_finish("cudart.cooperative_grid");
}
