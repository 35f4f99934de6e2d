/*
 * loop_trip - loops whose trip count differs per thread.
 * Kernel lane_loop: thread of lane l runs (l + 1) * k iterations, so the loop body of a
 * warp executes 32k times with on average 16.5 of 32 lanes active: SIMD efficiency of the
 * loop 528 / 1024 = 51.6%; the active lanes drain from the low lanes upward, so at the
 * end only the top quarter-warp is busy (HWS helps the tail, seed 000 section 4.2).
 * Kernel data_loop: a Collatz-style loop whose trip count depends on the data (random
 * inputs), the typical irregular case; its efficiency is data-dependent (roughly 30-50%).
 */
#include "micro_common.h"

__host__ __device__ unsigned lane_work(unsigned v, int trips)
{
    for (int i = 0; i < trips; i++)
        v = v * 747796405u + 2891336453u;
    return v;
}

/* Number of 3x+1 steps to reach 1 (capped), computed on 32-bit unsigned values. */
__host__ __device__ unsigned collatz(unsigned v)
{
    unsigned steps = 0;
    while (v > 1u && steps < 1000u) {
        v = (v & 1u) ? 3u * v + 1u : v >> 1;
        steps++;
    }
    return steps;
}

__global__ void lane_loop(const unsigned *in, unsigned *out, int k)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = lane_work(in[t], ((threadIdx.x & 31) + 1) * k);
}

__global__ void data_loop(const unsigned *in, unsigned *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = collatz(in[t]);
}

int main(int argc, char **argv)
{
    int size = micro_parse_size(argc, argv);
    const int block = 64;
    const int blocks = size == SIZE_TINY ? 4 : size == SIZE_SMALL ? 16 : 112;
    const int k = size == SIZE_TINY ? 2 : 8;
    const int nthreads = blocks * block;
    unsigned *h_in = (unsigned *)malloc(nthreads * sizeof(unsigned));
    unsigned *h_out = (unsigned *)malloc(nthreads * sizeof(unsigned));
    uint32_t seed = 99u;
    for (int i = 0; i < nthreads; i++)
        h_in[i] = micro_rand(&seed) % 100000u + 1u;
    unsigned *d_in, *d_out;
    CK(cudaMalloc((void **)&d_in, nthreads * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_out, nthreads * sizeof(unsigned)));
    CK(cudaMemcpy(d_in, h_in, nthreads * sizeof(unsigned), cudaMemcpyHostToDevice));
    long bad = 0;

    lane_loop<<<blocks, block>>>(d_in, d_out, k);
    CK_LAUNCH();
    CK(cudaMemcpy(h_out, d_out, nthreads * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int i = 0; i < nthreads; i++) {
        unsigned want = lane_work(h_in[i], ((i % block) % 32 + 1) * k);
        if (h_out[i] != want && bad++ < 5)
            fprintf(stderr, "lane_loop thread %d: got %u want %u\n", i, h_out[i], want);
    }

    data_loop<<<blocks, block>>>(d_in, d_out);
    CK_LAUNCH();
    CK(cudaMemcpy(h_out, d_out, nthreads * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int i = 0; i < nthreads; i++) {
        unsigned want = collatz(h_in[i]);
        if (h_out[i] != want && bad++ < 5)
            fprintf(stderr, "data_loop thread %d: got %u want %u\n", i, h_out[i], want);
    }
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    free(h_in);
    free(h_out);
    return micro_report("micro_loop_trip", bad);
}
