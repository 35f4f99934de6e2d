/*
 * mem_global - global-memory access patterns of one warp instruction.
 * coalesced: lane l reads word base + l (one 128-byte segment per warp access).
 * strided:   lane l reads word (t * s) mod n for s = 2, 4, 32 (2, 4 and 32 segments per
 *            warp access; s = 32 touches a distinct 128-byte line per lane).
 * random:    lane l reads word perm[t] of a random permutation (up to 32 lines).
 * No control-flow divergence: SIMD efficiency 100% everywhere; the patterns exercise the
 * coalescer and the MSHR / memory-divergence hazards of the timing model (seed 003
 * section 1.1.7: DIV, MSHR).
 */
#include "micro_common.h"

__global__ void coalesced(const unsigned *in, unsigned *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = in[t] * 2u + 1u;
}

__global__ void strided(const unsigned *in, unsigned *out, int stride, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = in[(int)(((long long)t * stride) % n)] * 2u + 1u;
}

__global__ void gather(const unsigned *in, const int *perm, unsigned *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = in[perm[t]] * 2u + 1u;
}

int main(int argc, char **argv)
{
    int size = micro_parse_size(argc, argv);
    const int block = 128;
    const int blocks = size == SIZE_TINY ? 16 : size == SIZE_SMALL ? 64 : 448;
    const int n = blocks * block;
    unsigned *h_in = (unsigned *)malloc(n * sizeof(unsigned));
    unsigned *h_out = (unsigned *)malloc(n * sizeof(unsigned));
    int *h_perm = (int *)malloc(n * sizeof(int));
    uint32_t seed = 8080u;
    for (int i = 0; i < n; i++) {
        h_in[i] = micro_rand(&seed);
        h_perm[i] = i;
    }
    for (int i = n - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)(micro_rand(&seed) % (uint32_t)(i + 1));
        int tmp = h_perm[i];
        h_perm[i] = h_perm[j];
        h_perm[j] = tmp;
    }
    unsigned *d_in, *d_out;
    int *d_perm;
    CK(cudaMalloc((void **)&d_in, n * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_out, n * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_perm, n * sizeof(int)));
    CK(cudaMemcpy(d_in, h_in, n * sizeof(unsigned), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_perm, h_perm, n * sizeof(int), cudaMemcpyHostToDevice));
    long bad = 0;
    const int strides[] = {1, 2, 4, 32};
    for (int k = 0; k < 5; k++) {
        if (k == 0)
            coalesced<<<blocks, block>>>(d_in, d_out);
        else if (k < 4)
            strided<<<blocks, block>>>(d_in, d_out, strides[k], n);
        else
            gather<<<blocks, block>>>(d_in, d_perm, d_out);
        CK_LAUNCH();
        CK(cudaMemcpy(h_out, d_out, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
        for (int t = 0; t < n; t++) {
            int src = k == 4 ? h_perm[t] : (int)(((long long)t * strides[k]) % n);
            unsigned want = h_in[src] * 2u + 1u;
            if (h_out[t] != want && bad++ < 5)
                fprintf(stderr, "pattern %d thread %d: got %u want %u\n", k, t, h_out[t], want);
        }
    }
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    CK(cudaFree(d_perm));
    free(h_in);
    free(h_out);
    free(h_perm);
    return micro_report("micro_mem_global", bad);
}
