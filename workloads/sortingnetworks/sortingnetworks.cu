/*
 * sortingnetworks - bitonic sort of (key, value) pairs, after the CUDA SDK sortingNetworks
 * sample (seed 002 Table 3 kernels bitonicSortShared, bitonicSortShared1,
 * bitonicMergeGlobal, bitonicMergeShared; algorithm: Batcher, AFIPS 1968). The network for
 * N = 2^k keys has stages size = 2, 4, ..., N, each a sweep of strides size/2, ..., 1;
 * comparator c (0 <= c < N/2) joins positions p = 2c - (c & (stride-1)) and p + stride and
 * sorts them ascending unless bit size/2 of c is set. Arrays of at most 1024 keys are
 * sorted in one block in shared memory (bitonicSortShared); longer ones are first sorted in
 * 1024-key chunks of alternating direction (bitonicSortShared1), then every later stage
 * runs its strides >= 1024 one launch each in global memory (bitonicMergeGlobal) and the
 * remaining strides in shared memory (bitonicMergeShared).
 * Divergence: the compare-and-swap is data dependent (about half the comparators swap);
 * memory: strided pairs, bank conflicts at some strides.
 * Sizes: tiny 1024 keys (one block) + 4096 keys, small 1024 + 65536, default 1024 +
 * 1048576 (the SDK's array length; seed 002's counts come from shorter arrays).
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

#define SHARED_SIZE 1024 /* keys per block; SHARED_SIZE / 2 threads */

__device__ __forceinline__ void comparator(unsigned &ka, unsigned &va, unsigned &kb, unsigned &vb,
                                           unsigned dir)
{
    if ((ka > kb) == (dir != 0)) {
        unsigned t = ka;
        ka = kb;
        kb = t;
        t = va;
        va = vb;
        vb = t;
    }
}

/* Stages 2..limit of the network on the chunk of this block (limit = the chunk or, for
 * bitonicSortShared, the whole array); dir = 1 for ascending. */
__device__ void sort_chunk(unsigned *key, unsigned *val, int limit, unsigned dir)
{
    __shared__ unsigned sk[SHARED_SIZE], sv[SHARED_SIZE];
    unsigned tid = threadIdx.x, base = blockIdx.x * SHARED_SIZE;
    unsigned half = SHARED_SIZE / 2;
    sk[tid] = key[base + tid];
    sv[tid] = val[base + tid];
    sk[tid + half] = key[base + tid + half];
    sv[tid + half] = val[base + tid + half];
    unsigned gc = blockIdx.x * half + tid; /* global comparator index */
    for (unsigned size = 2; size <= (unsigned)limit; size <<= 1) {
        unsigned ddd = dir ^ ((gc & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * tid - (tid & (stride - 1));
            comparator(sk[pos], sv[pos], sk[pos + stride], sv[pos + stride], ddd);
        }
    }
    __syncthreads();
    key[base + tid] = sk[tid];
    val[base + tid] = sv[tid];
    key[base + tid + half] = sk[tid + half];
    val[base + tid + half] = sv[tid + half];
}

/* The whole array (n = SHARED_SIZE) in one block. */
__global__ void bitonicSortShared(unsigned *key, unsigned *val, unsigned dir)
{
    sort_chunk(key, val, SHARED_SIZE, dir);
}

/* Every 1024-key chunk, in alternating directions (stage size 1024 of the big network). */
__global__ void bitonicSortShared1(unsigned *key, unsigned *val, unsigned dir)
{
    sort_chunk(key, val, SHARED_SIZE, dir);
}

__global__ void bitonicMergeGlobal(unsigned *key, unsigned *val, unsigned n, unsigned size,
                                   unsigned stride, unsigned dir)
{
    unsigned gc = blockIdx.x * blockDim.x + threadIdx.x;
    if (gc >= n / 2)
        return;
    unsigned ddd = dir ^ ((gc & (size / 2)) != 0);
    unsigned pos = 2 * gc - (gc & (stride - 1));
    unsigned ka = key[pos], va = val[pos], kb = key[pos + stride], vb = val[pos + stride];
    comparator(ka, va, kb, vb, ddd);
    key[pos] = ka;
    val[pos] = va;
    key[pos + stride] = kb;
    val[pos + stride] = vb;
}

/* Strides SHARED_SIZE/2 .. 1 of stage `size` on each chunk. */
__global__ void bitonicMergeShared(unsigned *key, unsigned *val, unsigned size, unsigned dir)
{
    __shared__ unsigned sk[SHARED_SIZE], sv[SHARED_SIZE];
    unsigned tid = threadIdx.x, base = blockIdx.x * SHARED_SIZE, half = SHARED_SIZE / 2;
    sk[tid] = key[base + tid];
    sv[tid] = val[base + tid];
    sk[tid + half] = key[base + tid + half];
    sv[tid + half] = val[base + tid + half];
    unsigned gc = blockIdx.x * half + tid;
    unsigned ddd = dir ^ ((gc & (size / 2)) != 0);
    for (unsigned stride = half; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * tid - (tid & (stride - 1));
        comparator(sk[pos], sv[pos], sk[pos + stride], sv[pos + stride], ddd);
    }
    __syncthreads();
    key[base + tid] = sk[tid];
    val[base + tid] = sv[tid];
    key[base + tid + half] = sk[tid + half];
    val[base + tid + half] = sv[tid + half];
}

static void bitonic_sort(unsigned *d_key, unsigned *d_val, unsigned n, unsigned dir)
{
    unsigned half = SHARED_SIZE / 2;
    if (n == SHARED_SIZE) {
        bitonicSortShared<<<1, half>>>(d_key, d_val, dir);
        CK_LAUNCH();
        return;
    }
    bitonicSortShared1<<<n / SHARED_SIZE, half>>>(d_key, d_val, dir);
    CK_LAUNCH();
    for (unsigned size = 2 * SHARED_SIZE; size <= n; size <<= 1)
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            if (stride >= SHARED_SIZE) {
                bitonicMergeGlobal<<<(n / 2 + 255) / 256, 256>>>(d_key, d_val, n, size, stride,
                                                                 dir);
                CK_LAUNCH();
            } else {
                bitonicMergeShared<<<n / SHARED_SIZE, half>>>(d_key, d_val, size, dir);
                CK_LAUNCH();
                break;
            }
        }
}

static int check(const char *what, const unsigned *key0, const unsigned *key, const unsigned *val,
                 unsigned n)
{
    int bad = 0;
    unsigned char *seen = (unsigned char *)calloc(n, 1);
    for (unsigned i = 0; i < n; i++) {
        if (i > 0 && key[i - 1] > key[i] && bad++ < 5)
            fprintf(stderr, "%s: key[%u] = %u > key[%u] = %u\n", what, i - 1, key[i - 1], i,
                    key[i]);
        if (val[i] >= n || seen[val[i]] || key0[val[i]] != key[i]) {
            if (bad++ < 5)
                fprintf(stderr, "%s: pair %u (%u, %u) is not from the input\n", what, i, key[i],
                        val[i]);
        } else {
            seen[val[i]] = 1;
        }
    }
    free(seen);
    return bad;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const unsigned big = size == 0 ? 4096 : size == 1 ? 65536 : 1048576;
    unsigned *key0 = (unsigned *)malloc(big * sizeof(unsigned));
    unsigned *key = (unsigned *)malloc(big * sizeof(unsigned));
    unsigned *val = (unsigned *)malloc(big * sizeof(unsigned));
    uint32_t seed = 0x50a7ed01u;
    for (unsigned i = 0; i < big; i++) { /* 20-bit keys: some duplicates */
        key0[i] = rng_next(&seed) & 0xfffff;
        val[i] = i;
    }
    unsigned *d_key, *d_val;
    CK(cudaMalloc((void **)&d_key, big * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_val, big * sizeof(unsigned)));
    int bad = 0;
    const unsigned lens[2] = {SHARED_SIZE, big};
    for (int t = 0; t < 2; t++) {
        unsigned n = lens[t];
        CK(cudaMemcpy(d_key, key0, n * sizeof(unsigned), cudaMemcpyHostToDevice));
        CK(cudaMemcpy(d_val, val, n * sizeof(unsigned), cudaMemcpyHostToDevice));
        bitonic_sort(d_key, d_val, n, 1);
        CK(cudaMemcpy(key, d_key, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
        unsigned *v = (unsigned *)malloc(n * sizeof(unsigned));
        CK(cudaMemcpy(v, d_val, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
        bad += check(t == 0 ? "bitonicSortShared" : "bitonic merge", key0, key, v, n);
        printf("sortingnetworks: %u keys sorted\n", n);
        free(v);
    }
    CK(cudaFree(d_key));
    CK(cudaFree(d_val));
    free(key0);
    free(key);
    free(val);
    if (bad) {
        printf("sortingnetworks: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("sortingnetworks: PASS\n");
    return 0;
}
