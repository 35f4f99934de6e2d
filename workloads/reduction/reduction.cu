/*
 * reduction - parallel sum of an integer array, after the CUDA SDK reduction sample and
 * M. Harris, "Optimizing Parallel Reduction in CUDA" (seed 002 Table 3 kernels reduce5_sm10
 * and reduce6_sm10; source [20] there): each block reduces a slice in shared memory to one
 * partial sum; the partial sums are reduced again by the same kernel until one is left.
 * Variants, one kernel each:
 *   reduce0  interleaved addressing, divergent "tid % (2s) == 0" branch;
 *   reduce1  interleaved addressing with a strided index (no divergence, bank conflicts);
 *   reduce2  sequential addressing;
 *   reduce3  first add during the global load (two elements per thread);
 *   reduce4  as reduce3, the last warp unrolled: warp-synchronous, written correctly with
 *            __syncwarp() between the steps (the sm10 originals relied on implicit lockstep);
 *   reduce5  as reduce4 with the block size a template parameter (fully unrolled);
 *   reduce6  as reduce5 with a grid-stride loop (many elements per thread);
 *   reduce7  as reduce6, the last warp reduced with __shfl_down_sync.
 * Divergence: reduce0 diverges inside warps at every level; all variants lose lanes as the
 * tree narrows (half of the block idle after the first step, one lane at the end).
 * Seed 002 counts 3,900 (reduce5) and 318,513,600 (reduce6) dynamic instructions.
 * Sizes: tiny 2^13 + 77 elements, small 2^20 + 5, default 2^24 (the SDK's size).
 */
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "../common/workload_util.h"

/* xorshift32: the deterministic input generator. */
inline uint32_t rng_next(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

/* Uniform in [0, 1) with 24 random bits. */
inline float rng_float(uint32_t *s)
{
    return (float)(rng_next(s) >> 8) * (1.0f / 16777216.0f);
}

/* |got - want| <= atol + rtol * |want| */
inline int close_enough(double got, double want, double atol, double rtol)
{
    return fabs(got - want) <= atol + rtol * fabs(want);
}

#define MAX_BLOCK 256

/* Loads element i, 0 past the end. */
__device__ __forceinline__ int load_or0(const int *g, unsigned i, unsigned n)
{
    return i < n ? g[i] : 0;
}

__global__ void reduce0(const int *g_in, int *g_out, unsigned n)
{
    __shared__ int sdata[MAX_BLOCK];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = load_or0(g_in, i, n);
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}

__global__ void reduce1(const int *g_in, int *g_out, unsigned n)
{
    __shared__ int sdata[MAX_BLOCK];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = load_or0(g_in, i, n);
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        unsigned index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + s];
        __syncthreads();
    }
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}

__global__ void reduce2(const int *g_in, int *g_out, unsigned n)
{
    __shared__ int sdata[MAX_BLOCK];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = load_or0(g_in, i, n);
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}

__global__ void reduce3(const int *g_in, int *g_out, unsigned n)
{
    __shared__ int sdata[MAX_BLOCK];
    unsigned tid = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    sdata[tid] = load_or0(g_in, i, n) + load_or0(g_in, i + blockDim.x, n);
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}

/* The last warp of a block of bs >= 64 threads: lanes 0..31 all take part in every step
 * (so the full mask is right) and every step reads before it writes, separated by
 * __syncwarp(). */
__device__ __forceinline__ void warp_reduce_sync(int *sdata, unsigned tid, unsigned bs)
{
    int v = sdata[tid];
    for (unsigned s = 32; s > 0; s >>= 1) {
        if (bs >= 2 * s) {
            v += sdata[tid + s];
            __syncwarp();
            sdata[tid] = v;
            __syncwarp();
        }
    }
}

__global__ void reduce4(const int *g_in, int *g_out, unsigned n)
{
    __shared__ int sdata[MAX_BLOCK];
    unsigned tid = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    sdata[tid] = load_or0(g_in, i, n) + load_or0(g_in, i + blockDim.x, n);
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32)
        warp_reduce_sync(sdata, tid, blockDim.x);
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}

template <unsigned BS> __global__ void reduce5(const int *g_in, int *g_out, unsigned n)
{
    __shared__ int sdata[BS];
    unsigned tid = threadIdx.x, i = blockIdx.x * (BS * 2) + threadIdx.x;
    sdata[tid] = load_or0(g_in, i, n) + load_or0(g_in, i + BS, n);
    __syncthreads();
    if (BS >= 512) {
        if (tid < 256)
            sdata[tid] += sdata[tid + 256];
        __syncthreads();
    }
    if (BS >= 256) {
        if (tid < 128)
            sdata[tid] += sdata[tid + 128];
        __syncthreads();
    }
    if (BS >= 128) {
        if (tid < 64)
            sdata[tid] += sdata[tid + 64];
        __syncthreads();
    }
    if (tid < 32)
        warp_reduce_sync(sdata, tid, BS);
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}

template <unsigned BS> __global__ void reduce6(const int *g_in, int *g_out, unsigned n)
{
    __shared__ int sdata[BS];
    unsigned tid = threadIdx.x, i = blockIdx.x * (BS * 2) + threadIdx.x;
    unsigned grid_size = BS * 2 * gridDim.x;
    int sum = 0;
    while (i < n) {
        sum += g_in[i];
        if (i + BS < n)
            sum += g_in[i + BS];
        i += grid_size;
    }
    sdata[tid] = sum;
    __syncthreads();
    if (BS >= 512) {
        if (tid < 256)
            sdata[tid] += sdata[tid + 256];
        __syncthreads();
    }
    if (BS >= 256) {
        if (tid < 128)
            sdata[tid] += sdata[tid + 128];
        __syncthreads();
    }
    if (BS >= 128) {
        if (tid < 64)
            sdata[tid] += sdata[tid + 64];
        __syncthreads();
    }
    if (tid < 32)
        warp_reduce_sync(sdata, tid, BS);
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}

template <unsigned BS> __global__ void reduce7(const int *g_in, int *g_out, unsigned n)
{
    __shared__ int sdata[BS];
    unsigned tid = threadIdx.x, i = blockIdx.x * (BS * 2) + threadIdx.x;
    unsigned grid_size = BS * 2 * gridDim.x;
    int sum = 0;
    while (i < n) {
        sum += g_in[i];
        if (i + BS < n)
            sum += g_in[i + BS];
        i += grid_size;
    }
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned s = BS / 2; s >= 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        sum = sdata[tid];
        for (int off = 16; off > 0; off >>= 1)
            sum += __shfl_down_sync(0xffffffffu, sum, off);
        if (tid == 0)
            g_out[blockIdx.x] = sum;
    }
}

#define NVARIANTS 8
static const char *const variant_name[NVARIANTS] = {"reduce0", "reduce1", "reduce2", "reduce3",
                                                    "reduce4", "reduce5", "reduce6", "reduce7"};

/* One pass of variant v over n elements; returns the number of partial sums written. */
static unsigned run_pass(int v, const int *d_in, int *d_out, unsigned n, unsigned max_blocks)
{
    const unsigned bs = 128;
    unsigned blocks;
    if (v <= 2)
        blocks = (n + bs - 1) / bs;
    else
        blocks = (n + 2 * bs - 1) / (2 * bs);
    if (v >= 6 && blocks > max_blocks)
        blocks = max_blocks;
    switch (v) {
    case 0:
        reduce0<<<blocks, bs>>>(d_in, d_out, n);
        break;
    case 1:
        reduce1<<<blocks, bs>>>(d_in, d_out, n);
        break;
    case 2:
        reduce2<<<blocks, bs>>>(d_in, d_out, n);
        break;
    case 3:
        reduce3<<<blocks, bs>>>(d_in, d_out, n);
        break;
    case 4:
        reduce4<<<blocks, bs>>>(d_in, d_out, n);
        break;
    case 5:
        reduce5<128><<<blocks, bs>>>(d_in, d_out, n);
        break;
    case 6:
        reduce6<128><<<blocks, bs>>>(d_in, d_out, n);
        break;
    default:
        reduce7<128><<<blocks, bs>>>(d_in, d_out, n);
        break;
    }
    CK_LAUNCH();
    return blocks;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const unsigned n = size == 0 ? (1u << 13) + 77 : size == 1 ? (1u << 20) + 5 : 1u << 24;
    const unsigned max_blocks = size == 0 ? 8 : 64;
    int *h = (int *)malloc((size_t)n * sizeof(int));
    uint32_t seed = 0x51f15eedu;
    long long ref = 0;
    for (unsigned i = 0; i < n; i++) {
        h[i] = (int)(rng_next(&seed) & 0xff) - 128;
        ref += h[i];
    }
    int *d_in, *d_a, *d_b;
    unsigned nb = (n + 127) / 128;
    CK(cudaMalloc((void **)&d_in, (size_t)n * sizeof(int)));
    CK(cudaMalloc((void **)&d_a, (size_t)nb * sizeof(int)));
    CK(cudaMalloc((void **)&d_b, (size_t)nb * sizeof(int)));
    CK(cudaMemcpy(d_in, h, (size_t)n * sizeof(int), cudaMemcpyHostToDevice));
    int bad = 0;
    for (int v = 0; v < NVARIANTS; v++) {
        /* first pass: check every partial sum against the CPU */
        unsigned blocks = run_pass(v, d_in, d_a, n, max_blocks);
        int *part = (int *)malloc((size_t)blocks * sizeof(int));
        CK(cudaMemcpy(part, d_a, (size_t)blocks * sizeof(int), cudaMemcpyDeviceToHost));
        unsigned per = v <= 2 ? 128 : 256;
        for (unsigned b = 0; b < blocks; b++) {
            long long want = 0;
            if (v >= 6) { /* grid-stride: block b owns chunks b, b + blocks, ... */
                for (unsigned c = b; (size_t)c * per < n; c += blocks)
                    for (unsigned i = c * per; i < (c + 1) * per && i < n; i++)
                        want += h[i];
            } else {
                for (unsigned i = b * per; i < (b + 1) * per && i < n; i++)
                    want += h[i];
            }
            if (part[b] != want && bad++ < 5)
                fprintf(stderr, "%s: block %u sum %d, want %lld\n", variant_name[v], b, part[b],
                        want);
        }
        free(part);
        /* further passes until one value is left */
        int *src = d_a, *dst = d_b;
        while (blocks > 1) {
            blocks = run_pass(v, src, dst, blocks, max_blocks);
            int *t = src;
            src = dst;
            dst = t;
        }
        int total;
        CK(cudaMemcpy(&total, src, sizeof(int), cudaMemcpyDeviceToHost));
        if (total != ref && bad++ < 5)
            fprintf(stderr, "%s: total %d, want %lld\n", variant_name[v], total, ref);
        printf("reduction: %s sum of %u ints = %d\n", variant_name[v], n, total);
    }
    CK(cudaFree(d_in));
    CK(cudaFree(d_a));
    CK(cudaFree(d_b));
    free(h);
    if (bad) {
        printf("reduction: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("reduction: PASS\n");
    return 0;
}
