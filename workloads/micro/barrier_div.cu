/*
 * barrier_div - a block-wide barrier right after a divergent region.
 * Each thread first does a data-dependent amount of work (trip count = input % 16 + 1, a
 * divergent loop), writes its value to shared memory, then all threads meet at
 * __syncthreads() and the block reduces the values by a tree (whose active lane count
 * halves at each step: 64, 32, 16, ... 1 threads). The barrier must be reached by every
 * thread of the block after the warp reconverged; a scheme that lets part of a warp reach
 * the barrier while the rest is still in the divergent loop must not deadlock.
 */
#include "micro_common.h"

#define BLOCK 128

__host__ __device__ unsigned work(unsigned v)
{
    unsigned trips = v % 16u + 1u;
    for (unsigned i = 0; i < trips; i++)
        v = v * 1103515245u + 12345u;
    return v;
}

__global__ void barrier_div(const unsigned *in, unsigned *sums)
{
    __shared__ unsigned buf[BLOCK];
    int t = blockIdx.x * BLOCK + threadIdx.x;
    unsigned v = work(in[t]);
    if (threadIdx.x & 1)
        v ^= 0x5555u; /* a short divergent if just before the barrier */
    buf[threadIdx.x] = v;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if ((int)threadIdx.x < s)
            buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        sums[blockIdx.x] = buf[0];
}

int main(int argc, char **argv)
{
    int size = micro_parse_size(argc, argv);
    const int blocks = size == SIZE_TINY ? 8 : size == SIZE_SMALL ? 32 : 224;
    const int nthreads = blocks * BLOCK;
    unsigned *h_in = (unsigned *)malloc(nthreads * sizeof(unsigned));
    unsigned *h_sums = (unsigned *)malloc(blocks * sizeof(unsigned));
    uint32_t seed = 555u;
    for (int i = 0; i < nthreads; i++)
        h_in[i] = micro_rand(&seed);
    unsigned *d_in, *d_sums;
    CK(cudaMalloc((void **)&d_in, nthreads * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_sums, blocks * sizeof(unsigned)));
    CK(cudaMemcpy(d_in, h_in, nthreads * sizeof(unsigned), cudaMemcpyHostToDevice));
    barrier_div<<<blocks, BLOCK>>>(d_in, d_sums);
    CK_LAUNCH();
    CK(cudaMemcpy(h_sums, d_sums, blocks * sizeof(unsigned), cudaMemcpyDeviceToHost));
    long bad = 0;
    for (int b = 0; b < blocks; b++) {
        unsigned want = 0;
        for (int i = 0; i < BLOCK; i++) {
            unsigned v = work(h_in[b * BLOCK + i]);
            if (i & 1)
                v ^= 0x5555u;
            want += v;
        }
        if (h_sums[b] != want && bad++ < 5)
            fprintf(stderr, "block %d: got %u want %u\n", b, h_sums[b], want);
    }
    CK(cudaFree(d_in));
    CK(cudaFree(d_sums));
    free(h_in);
    free(h_sums);
    return micro_report("micro_barrier_div", bad);
}
