/*
 * nested_if - three levels of nested if/else on lane bits.
 * Level 1 splits on lane < 16, level 2 on lane bit 3, level 3 on lane bit 0; every leaf
 * body runs with 4 of 32 lanes active (12.5% SIMD efficiency), the inner join blocks with
 * 8 and 16. Under PDOM the reconvergence stack (seed 000 section 3.5) reaches depth 4.
 * The 4 active lanes of a leaf lie in one quarter-warp (e.g. lanes 9, 11, 13, 15), so HWS
 * (seed 000 section 4.2) runs every leaf at quarter-warp size (4x fewer issue cycles) and
 * the level-1 bodies at half size, without any squeeze.
 */
#include "micro_common.h"

__host__ __device__ unsigned mix(unsigned v, unsigned k, int n)
{
    for (int i = 0; i < n; i++)
        v = (v + k) * 2654435761u ^ (v >> 11);
    return v;
}

__host__ __device__ unsigned nested(unsigned v, unsigned lane, int n)
{
    if (lane < 16) {
        v = mix(v, 1, 2);
        if (lane & 8) {
            if (lane & 1)
                v = mix(v, 11, n);
            else
                v = mix(v, 12, n);
        } else {
            if (lane & 1)
                v = mix(v, 13, n);
            else
                v = mix(v, 14, n);
        }
    } else {
        v = mix(v, 2, 2);
        if (lane & 8) {
            if (lane & 1)
                v = mix(v, 15, n);
            else
                v = mix(v, 16, n);
        } else {
            if (lane & 1)
                v = mix(v, 17, n);
            else
                v = mix(v, 18, n);
        }
    }
    return v;
}

__global__ void nested_if(const unsigned *in, unsigned *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = nested(in[t], threadIdx.x & 31, n);
}

int main(int argc, char **argv)
{
    int size = micro_parse_size(argc, argv);
    const int block = 64;
    const int blocks = size == SIZE_TINY ? 4 : size == SIZE_SMALL ? 16 : 112;
    const int iters = size == SIZE_TINY ? 24 : 96;
    const int nthreads = blocks * block;
    unsigned *h_in = (unsigned *)malloc(nthreads * sizeof(unsigned));
    unsigned *h_out = (unsigned *)malloc(nthreads * sizeof(unsigned));
    uint32_t seed = 4242u;
    for (int i = 0; i < nthreads; i++)
        h_in[i] = micro_rand(&seed);
    unsigned *d_in, *d_out;
    CK(cudaMalloc((void **)&d_in, nthreads * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_out, nthreads * sizeof(unsigned)));
    CK(cudaMemcpy(d_in, h_in, nthreads * sizeof(unsigned), cudaMemcpyHostToDevice));
    nested_if<<<blocks, block>>>(d_in, d_out, iters);
    CK_LAUNCH();
    CK(cudaMemcpy(h_out, d_out, nthreads * sizeof(unsigned), cudaMemcpyDeviceToHost));
    long bad = 0;
    for (int i = 0; i < nthreads; i++) {
        unsigned want = nested(h_in[i], (unsigned)(i % block) & 31, iters);
        if (h_out[i] != want && bad++ < 5)
            fprintf(stderr, "thread %d: got %u want %u\n", i, h_out[i], want);
    }
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    free(h_in);
    free(h_out);
    return micro_report("micro_nested_if", bad);
}
