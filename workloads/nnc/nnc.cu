/*
 * nnc - k nearest neighbours of a point among (latitude, longitude) records, after
 * Rodinia's nn (Che et al., IISWC 2009; seed 003 Table 4.1 "NNC", NN_cuda, source [7]):
 * euclid gives every record (one thread each) its Euclidean distance to the target; here
 * the selection is also on the GPU: knn_select has each block take 256 distances into
 * shared memory and extract its k smallest by k rounds of an argmin tree (a round removes
 * its winner), and the host merges the blocks' candidates (Rodinia selects on the host).
 * Divergence: the tail block of euclid; the argmin trees run with 128, 64, ..., 1 active
 * lanes, k times per block, so thread activity is low. Seed 003: high predicted speedup,
 * low average thread activity, many hazards, few MSHR hazards.
 * Input: pseudo-random storm positions (Rodinia reads hurricane track records); target
 * (30, 90), k = 10 as in Rodinia's run.
 * Sizes: tiny 4000 records, small 20000, default 42764.
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

#define K        10
#define SEL_SIZE 256

__global__ void euclid(const float2 *loc, float *dist, int n, float lat, float lng)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float dx = lat - loc[i].x, dy = lng - loc[i].y;
        dist[i] = sqrtf(dx * dx + dy * dy);
    }
}

/* k smallest (distance, index) of each 256-record chunk; ties go to the lower index. */
__global__ void knn_select(const float *dist, int n, float *cand_d, int *cand_i)
{
    __shared__ float sd[SEL_SIZE], rd[SEL_SIZE];
    __shared__ int ri[SEL_SIZE];
    int t = threadIdx.x, i = blockIdx.x * SEL_SIZE + t;
    sd[t] = i < n ? dist[i] : 3.402823466e38f;
    for (int r = 0; r < K; r++) {
        rd[t] = sd[t];
        ri[t] = t;
        __syncthreads();
        for (int s = SEL_SIZE / 2; s > 0; s >>= 1) {
            if (t < s) {
                float a = rd[t], b = rd[t + s];
                if (b < a || (b == a && ri[t + s] < ri[t])) {
                    rd[t] = b;
                    ri[t] = ri[t + s];
                }
            }
            __syncthreads();
        }
        if (t == 0) {
            int w = ri[0];
            int gi = blockIdx.x * SEL_SIZE + w;
            cand_d[blockIdx.x * K + r] = rd[0];
            cand_i[blockIdx.x * K + r] = gi < n ? gi : -1;
            sd[w] = 3.402823466e38f;
        }
        __syncthreads();
    }
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 4000 : size == 1 ? 20000 : 42764;
    const float tlat = 30.0f, tlng = 90.0f;
    float2 *loc = (float2 *)malloc(n * sizeof(float2));
    float *dist = (float *)malloc(n * sizeof(float));
    uint32_t seed = 0x4e4e4e4eu;
    for (int i = 0; i < n; i++) { /* positions on a 0.1-degree grid (some exact ties) */
        /* one draw per statement: the order of a call's arguments is unspecified (gcc, under
         * nvcc, takes them right to left) */
        float lat = (float)(rng_next(&seed) % 630 + 70) * 0.1f;
        loc[i] = make_float2(lat, (float)(rng_next(&seed) % 1200 + 300) * 0.1f);
    }
    int nblk = (n + SEL_SIZE - 1) / SEL_SIZE;
    float2 *d_loc;
    float *d_dist, *d_cd;
    int *d_ci;
    CK(cudaMalloc((void **)&d_loc, n * sizeof(float2)));
    CK(cudaMalloc((void **)&d_dist, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_cd, nblk * K * sizeof(float)));
    CK(cudaMalloc((void **)&d_ci, nblk * K * sizeof(int)));
    CK(cudaMemcpy(d_loc, loc, n * sizeof(float2), cudaMemcpyHostToDevice));
    euclid<<<(n + 63) / 64, 64>>>(d_loc, d_dist, n, tlat, tlng);
    CK_LAUNCH();
    knn_select<<<nblk, SEL_SIZE>>>(d_dist, n, d_cd, d_ci);
    CK_LAUNCH();
    float *cd = (float *)malloc(nblk * K * sizeof(float));
    int *ci = (int *)malloc(nblk * K * sizeof(int));
    CK(cudaMemcpy(dist, d_dist, n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(cd, d_cd, nblk * K * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(ci, d_ci, nblk * K * sizeof(int), cudaMemcpyDeviceToHost));

    int bad = 0;
    for (int i = 0; i < n; i++) {
        double dx = (double)tlat - loc[i].x, dy = (double)tlng - loc[i].y;
        if (!close_enough(dist[i], sqrt(dx * dx + dy * dy), 1e-5, 1e-6) && bad++ < 5)
            fprintf(stderr, "dist[%d] = %.6f, want %.6f\n", i, dist[i], sqrt(dx * dx + dy * dy));
    }
    /* host merge of the candidates: the k smallest (distance, index) overall */
    int got[K];
    unsigned char *used = (unsigned char *)calloc(nblk * K, 1);
    for (int r = 0; r < K; r++) {
        int best = -1;
        for (int c = 0; c < nblk * K; c++)
            if (!used[c] && ci[c] >= 0 &&
                (best < 0 || cd[c] < cd[best] || (cd[c] == cd[best] && ci[c] < ci[best])))
                best = c;
        used[best] = 1;
        got[r] = ci[best];
    }
    /* CPU: selection over the CPU's own distances (the GPU's, if equal) */
    unsigned char *taken = (unsigned char *)calloc(n, 1);
    for (int r = 0; r < K; r++) {
        int best = -1;
        for (int i = 0; i < n; i++)
            if (!taken[i] && (best < 0 || dist[i] < dist[best]))
                best = i;
        taken[best] = 1;
        if (got[r] != best && bad++ < 5)
            fprintf(stderr, "neighbour %d: record %d (%.4f), want %d (%.4f)\n", r, got[r],
                    got[r] >= 0 ? dist[got[r]] : -1.0f, best, dist[best]);
        if (r < 3)
            printf("nnc: neighbour %d: record %d at (%.1f, %.1f), distance %.4f\n", r, best,
                   loc[best].x, loc[best].y, dist[best]);
    }
    printf("nnc: %d records, k = %d\n", n, K);
    CK(cudaFree(d_loc));
    CK(cudaFree(d_dist));
    CK(cudaFree(d_cd));
    CK(cudaFree(d_ci));
    free(loc);
    free(dist);
    free(cd);
    free(ci);
    free(used);
    free(taken);
    if (bad) {
        printf("nnc: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("nnc: PASS\n");
    return 0;
}
