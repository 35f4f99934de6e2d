/*
 * ifelse_parity - if/else split by lane parity.
 * Even lanes run path A, odd lanes path B: both paths have the same length, so under PDOM
 * (seed 000 section 3.5) each path executes with 16 of 32 lanes active (SIMD efficiency of
 * the branch bodies 50%). The 16 active lanes lie in all four quarter-warps, at the same
 * positions (0, 2, 4, 6 of each quarter), so neither the hybrid warp size mechanism (seed
 * 000 section 4.2) nor its lane-preserving squeeze (section 4.1: a thread keeps its lane
 * position within the quarter) can shrink the warp: no HWS gain.
 */
#include "micro_common.h"

__host__ __device__ unsigned path_a(unsigned v, int n)
{
    for (int i = 0; i < n; i++)
        v = v * 1664525u + 1013904223u;
    return v;
}

__host__ __device__ unsigned path_b(unsigned v, int n)
{
    for (int i = 0; i < n; i++)
        v = (v ^ (v >> 7)) * 2246822519u + 3u;
    return v;
}

__global__ void ifelse_parity(const unsigned *in, unsigned *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = in[t];
    if ((threadIdx.x & 1) == 0)
        v = path_a(v, n);
    else
        v = path_b(v, n);
    out[t] = v;
}

int main(int argc, char **argv)
{
    int size = micro_parse_size(argc, argv);
    const int block = 128;
    const int blocks = size == SIZE_TINY ? 4 : size == SIZE_SMALL ? 16 : 112;
    const int iters = size == SIZE_TINY ? 64 : 256;
    const int nthreads = blocks * block;
    unsigned *h_in = (unsigned *)malloc(nthreads * sizeof(unsigned));
    unsigned *h_out = (unsigned *)malloc(nthreads * sizeof(unsigned));
    uint32_t seed = 12345u;
    for (int i = 0; i < nthreads; i++)
        h_in[i] = micro_rand(&seed);
    unsigned *d_in, *d_out;
    CK(cudaMalloc((void **)&d_in, nthreads * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_out, nthreads * sizeof(unsigned)));
    CK(cudaMemcpy(d_in, h_in, nthreads * sizeof(unsigned), cudaMemcpyHostToDevice));
    ifelse_parity<<<blocks, block>>>(d_in, d_out, iters);
    CK_LAUNCH();
    CK(cudaMemcpy(h_out, d_out, nthreads * sizeof(unsigned), cudaMemcpyDeviceToHost));
    long bad = 0;
    for (int i = 0; i < nthreads; i++) {
        unsigned want = (i % block) % 2 == 0 ? path_a(h_in[i], iters) : path_b(h_in[i], iters);
        if (h_out[i] != want && bad++ < 5)
            fprintf(stderr, "thread %d: got %u want %u\n", i, h_out[i], want);
    }
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    free(h_in);
    free(h_out);
    return micro_report("micro_ifelse_parity", bad);
}
