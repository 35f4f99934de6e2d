/*
 * bank_conflict - shared-memory bank conflicts of degree 1 to 32.
 * With 32 banks of 4-byte words, lane l reading word l * s + r hits bank
 * (l * s + r) mod 32, so gcd(s, 32) lanes share each bank: the conflict degree is
 * 1, 1, 2, 4, 8, 16, 32 for the strides s = 1, 3, 2, 4, 8, 16, 32; stride 0 (every lane
 * reads the same word) is a broadcast, degree 1. One launch per stride. No control-flow
 * divergence (100% SIMD efficiency); the shared-memory BANK hazard of seed 003 section
 * 1.1.7 replays (or stalls) the access degree - 1 extra times.
 */
#include "micro_common.h"

#define WORDS 1024 /* per warp */
#define WARPS 2

__host__ __device__ unsigned bank_sum(const unsigned *region, int lane, int stride, int reps)
{
    unsigned acc = 0;
    for (int r = 0; r < reps; r++)
        acc = acc * 31u + region[(lane * stride + r) & (WORDS - 1)];
    return acc;
}

__global__ void bank_conflict(const unsigned *in, unsigned *out, int stride, int reps)
{
    __shared__ unsigned sh[WARPS][WORDS];
    int w = threadIdx.x >> 5, lane = threadIdx.x & 31;
    const unsigned *src = in + (size_t)blockIdx.x * WARPS * WORDS + w * WORDS;
    for (int i = lane; i < WORDS; i += 32) /* conflict-free fill */
        sh[w][i] = src[i];
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = bank_sum(sh[w], lane, stride, reps);
}

int main(int argc, char **argv)
{
    int size = micro_parse_size(argc, argv);
    const int blocks = size == SIZE_TINY ? 2 : size == SIZE_SMALL ? 8 : 56;
    const int reps = size == SIZE_TINY ? 32 : 128;
    const int block = WARPS * 32;
    const int nin = blocks * WARPS * WORDS, nout = blocks * block;
    unsigned *h_in = (unsigned *)malloc(nin * sizeof(unsigned));
    unsigned *h_out = (unsigned *)malloc(nout * sizeof(unsigned));
    uint32_t seed = 1234567u;
    for (int i = 0; i < nin; i++)
        h_in[i] = micro_rand(&seed);
    unsigned *d_in, *d_out;
    CK(cudaMalloc((void **)&d_in, nin * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_out, nout * sizeof(unsigned)));
    CK(cudaMemcpy(d_in, h_in, nin * sizeof(unsigned), cudaMemcpyHostToDevice));
    long bad = 0;
    const int strides[] = {0, 1, 3, 2, 4, 8, 16, 32};
    for (int k = 0; k < 8; k++) {
        bank_conflict<<<blocks, block>>>(d_in, d_out, strides[k], reps);
        CK_LAUNCH();
        CK(cudaMemcpy(h_out, d_out, nout * sizeof(unsigned), cudaMemcpyDeviceToHost));
        for (int t = 0; t < nout; t++) {
            int b = t / block, w = (t % block) / 32, lane = t % 32;
            unsigned want =
                bank_sum(h_in + (size_t)b * WARPS * WORDS + w * WORDS, lane, strides[k], reps);
            if (h_out[t] != want && bad++ < 5)
                fprintf(stderr, "stride %d thread %d: got %u want %u\n", strides[k], t, h_out[t],
                        want);
        }
    }
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    free(h_in);
    free(h_out);
    return micro_report("micro_bank_conflict", bad);
}
