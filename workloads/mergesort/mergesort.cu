/*
 * mergesort - bottom-up merge sort of floats, after the merge-sort stage of Rodinia's
 * mergesort (Che et al.; seed 003 Table 4.1 "MGST", source [7]; algorithm: bottom-up
 * two-way merging, von Neumann 1945): sort4 has each thread sort 4 consecutive keys in
 * registers (a 5-comparator network), then merge_pass is launched for run lengths 4, 8,
 * ..., each thread merging one pair of adjacent sorted runs sequentially into the other
 * buffer (the last run may be short or missing).
 * Divergence: the merge loop's data-dependent "take left or right" branch and trip counts
 * that differ at the tail; the number of threads halves every pass, so the last passes run
 * a handful of threads on one warp. Seed 003: high predicted speedup, low average thread
 * activity, many hazards.
 * Input: random floats (with some repeated values).
 * Sizes: tiny 4002 keys, small 262147, default 1048576.
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

__device__ __forceinline__ void cswap(float &a, float &b)
{
    float lo = fminf(a, b), hi = fmaxf(a, b);
    a = lo;
    b = hi;
}

__global__ void sort4(float *d, int n)
{
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    if (i + 3 < n) {
        float4 v = *(float4 *)(d + i);
        cswap(v.x, v.y);
        cswap(v.z, v.w);
        cswap(v.x, v.z);
        cswap(v.y, v.w);
        cswap(v.y, v.z);
        *(float4 *)(d + i) = v;
    } else if (i < n) { /* the 1-3 keys of the tail: insertion sort */
        for (int a = i + 1; a < n; a++) {
            float k = d[a];
            int b = a - 1;
            while (b >= i && d[b] > k) {
                d[b + 1] = d[b];
                b--;
            }
            d[b + 1] = k;
        }
    }
}

/* Merges runs [2tL, 2tL+L) and [2tL+L, 2tL+2L) of src (clipped to n) into dst. */
__global__ void merge_pass(const float *src, float *dst, int n, int run)
{
    long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
    long lo = t * 2 * run;
    if (lo >= n)
        return;
    long mid = lo + run < n ? lo + run : n, hi = lo + 2 * run < n ? lo + 2 * run : n;
    long a = lo, b = mid, o = lo;
    while (a < mid && b < hi) {
        float x = src[a], y = src[b];
        if (y < x) {
            dst[o++] = y;
            b++;
        } else {
            dst[o++] = x;
            a++;
        }
    }
    while (a < mid)
        dst[o++] = src[a++];
    while (b < hi)
        dst[o++] = src[b++];
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 4002 : size == 1 ? 262147 : 1048576;
    float *h = (float *)malloc(n * sizeof(float));
    float *ref = (float *)malloc(n * sizeof(float));
    uint32_t seed = 0x3e65027u;
    for (int i = 0; i < n; i++)
        h[i] = (float)(rng_next(&seed) % 100000) * 0.01f - 300.0f;
    memcpy(ref, h, n * sizeof(float));
    float *d[2];
    CK(cudaMalloc((void **)&d[0], n * sizeof(float)));
    CK(cudaMalloc((void **)&d[1], n * sizeof(float)));
    CK(cudaMemcpy(d[0], h, n * sizeof(float), cudaMemcpyHostToDevice));
    int quads = (n + 3) / 4;
    sort4<<<(quads + 127) / 128, 128>>>(d[0], n);
    CK_LAUNCH();
    int src = 0, passes = 0;
    for (int run = 4; run < n; run *= 2) {
        long pairs = ((long)n + 2L * run - 1) / (2L * run);
        int threads = pairs < 128 ? (int)pairs : 128;
        merge_pass<<<(int)((pairs + threads - 1) / threads), threads>>>(d[src], d[1 - src], n, run);
        CK_LAUNCH();
        src = 1 - src;
        passes++;
    }
    CK(cudaMemcpy(h, d[src], n * sizeof(float), cudaMemcpyDeviceToHost));
    qsort(ref, n, sizeof(float), cmp_float);
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (h[i] != ref[i] && bad++ < 5)
            fprintf(stderr, "key %d = %.2f, want %.2f\n", i, h[i], ref[i]);
    printf("mergesort: %d keys, %d merge passes\n", n, passes);
    CK(cudaFree(d[0]));
    CK(cudaFree(d[1]));
    free(h);
    free(ref);
    if (bad) {
        printf("mergesort: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("mergesort: PASS\n");
    return 0;
}
