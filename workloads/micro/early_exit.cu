/*
 * early_exit - threads that leave the kernel (return) or a loop (break) early.
 * All three first kernels leave 4 of 32 lanes running a long loop (SIMD efficiency 12.5%);
 * they differ in where the survivors sit, which is what the hybrid warp size mechanism
 * (seed 000 section 4.2) and its lane-preserving squeeze (section 4.1) care about:
 * exit_spread:  survivors 0, 8, 16, 24 - position 0 of every quarter-warp; the squeeze
 *               cannot merge them (same lane position), so no HWS gain.
 * exit_squeeze: survivors 0, 9, 18, 27 - positions 0..3 of quarters 0..3; the squeeze
 *               moves them into one quarter-warp, then HWS gives 4x fewer issue cycles.
 * exit_packed:  survivors 0..3 - already in quarter-warp 0: 4x with HWS alone.
 * Kernel search_break: each thread scans its own row for the first element above a
 * threshold and breaks there: data-dependent loop exit (efficiency decays as lanes leave).
 * Kernel exit_then_sync: the common `if (i >= n) return; ... __syncthreads()` guard, with the
 * guard cutting a warp in two: the barrier must complete although some threads of the CTA
 * returned (exited threads count as arrived; under PDOM the early exits wait at the
 * reconvergence point and must run ahead to their exit, policies/pdom.c).
 */
#include "micro_common.h"

__host__ __device__ unsigned spin(unsigned v, int n)
{
    for (int i = 0; i < n; i++)
        v = (v ^ 0x9e3779b9u) * 0x85ebca6bu + (v >> 13);
    return v;
}

__global__ void exit_spread(const unsigned *in, unsigned *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if ((threadIdx.x & 31) % 8 != 0)
        return;
    out[t] = spin(in[t], n);
}

__global__ void exit_squeeze(const unsigned *in, unsigned *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    if ((lane & 7) != (lane >> 3))
        return;
    out[t] = spin(in[t], n);
}

__global__ void exit_packed(const unsigned *in, unsigned *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if ((threadIdx.x & 31) >= 4)
        return;
    out[t] = spin(in[t], n);
}

__global__ void exit_then_sync(const unsigned *in, unsigned *out, int live)
{
    __shared__ unsigned s[64];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if ((int)threadIdx.x >= live)
        return;
    s[threadIdx.x] = in[t] * 3u + 1u;
    __syncthreads();
    out[t] = s[live - 1 - threadIdx.x] ^ in[t];
}

/* Index of the first element of row t (length len) greater than thr, or len. */
__host__ __device__ int first_above(const unsigned *row, int len, unsigned thr)
{
    int i;
    for (i = 0; i < len; i++)
        if (row[i] > thr)
            break;
    return i;
}

__global__ void search_break(const unsigned *rows, int len, unsigned thr, int *pos)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    pos[t] = first_above(rows + (size_t)t * len, len, thr);
}

int main(int argc, char **argv)
{
    int size = micro_parse_size(argc, argv);
    const int block = 64;
    const int blocks = size == SIZE_TINY ? 4 : size == SIZE_SMALL ? 16 : 112;
    const int n = size == SIZE_TINY ? 200 : 800;
    const int len = 64;
    const int nthreads = blocks * block;
    unsigned *h_in = (unsigned *)malloc(nthreads * sizeof(unsigned));
    unsigned *h_out = (unsigned *)malloc(nthreads * sizeof(unsigned));
    unsigned *h_rows = (unsigned *)malloc((size_t)nthreads * len * sizeof(unsigned));
    int *h_pos = (int *)malloc(nthreads * sizeof(int));
    uint32_t seed = 31337u;
    for (int i = 0; i < nthreads; i++)
        h_in[i] = micro_rand(&seed);
    for (int i = 0; i < nthreads * len; i++)
        h_rows[i] = micro_rand(&seed) % 1000u;
    const unsigned thr = 960u; /* about 4% of the elements exceed it */
    unsigned *d_in, *d_out, *d_rows;
    int *d_pos;
    CK(cudaMalloc((void **)&d_in, nthreads * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_out, nthreads * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_rows, (size_t)nthreads * len * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_pos, nthreads * sizeof(int)));
    CK(cudaMemcpy(d_in, h_in, nthreads * sizeof(unsigned), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_rows, h_rows, (size_t)nthreads * len * sizeof(unsigned),
                  cudaMemcpyHostToDevice));
    long bad = 0;

    for (int pass = 0; pass < 3; pass++) {
        CK(cudaMemset(d_out, 0, nthreads * sizeof(unsigned)));
        if (pass == 0)
            exit_spread<<<blocks, block>>>(d_in, d_out, n);
        else if (pass == 1)
            exit_squeeze<<<blocks, block>>>(d_in, d_out, n);
        else
            exit_packed<<<blocks, block>>>(d_in, d_out, n);
        CK_LAUNCH();
        CK(cudaMemcpy(h_out, d_out, nthreads * sizeof(unsigned), cudaMemcpyDeviceToHost));
        for (int i = 0; i < nthreads; i++) {
            int lane = (i % block) % 32;
            int live = pass == 0 ? lane % 8 == 0 : pass == 1 ? (lane & 7) == (lane >> 3) : lane < 4;
            unsigned want = live ? spin(h_in[i], n) : 0u;
            if (h_out[i] != want && bad++ < 5)
                fprintf(stderr, "pass %d thread %d: got %u want %u\n", pass, i, h_out[i], want);
        }
    }

    const int live = 44; /* of 64: warp 1 keeps lanes 0..11 */
    CK(cudaMemset(d_out, 0, nthreads * sizeof(unsigned)));
    exit_then_sync<<<blocks, block>>>(d_in, d_out, live);
    CK_LAUNCH();
    CK(cudaMemcpy(h_out, d_out, nthreads * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int i = 0; i < nthreads; i++) {
        int r = i % block, base = i - r;
        unsigned want = r < live ? (h_in[base + live - 1 - r] * 3u + 1u) ^ h_in[i] : 0u;
        if (h_out[i] != want && bad++ < 5)
            fprintf(stderr, "sync thread %d: got %u want %u\n", i, h_out[i], want);
    }

    search_break<<<blocks, block>>>(d_rows, len, thr, d_pos);
    CK_LAUNCH();
    CK(cudaMemcpy(h_pos, d_pos, nthreads * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < nthreads; i++) {
        int want = first_above(h_rows + (size_t)i * len, len, thr);
        if (h_pos[i] != want && bad++ < 5)
            fprintf(stderr, "search thread %d: got %d want %d\n", i, h_pos[i], want);
    }
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    CK(cudaFree(d_rows));
    CK(cudaFree(d_pos));
    free(h_in);
    free(h_out);
    free(h_rows);
    free(h_pos);
    return micro_report("micro_early_exit", bad);
}
