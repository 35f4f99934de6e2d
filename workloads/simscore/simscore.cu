/*
 * simscore - pairwise similarity scores of documents (web-document clustering), after the
 * Mars MapReduce "SimilarityScore" application (He et al., PACT 2008; seed 003 Table 4.1
 * "SS", source [7]): every document is a feature vector and every pair (i < j) gets the
 * cosine similarity dot(d_i, d_j) / (|d_i| |d_j|). doc_norms computes the norms; pair_scores
 * lets a 16x16 block score 16x16 document pairs, staging 16-feature slices of both document
 * groups in shared memory; blocks below the diagonal leave at once and threads on or below
 * the diagonal of a diagonal block idle.
 * Divergence: the triangular pair space (diagonal blocks half active); memory: shared tiles.
 * Seed 003: medium predicted speedup, medium average thread activity, few hazards.
 * Input: sparse-ish random term weights (about 30% non-zero).
 * Sizes: tiny 128 documents x 32 features, small 512 x 128, default 2048 x 128.
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

#define T 16

__global__ void doc_norms(const float *docs, float *norms, int ndocs, int nfeat)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < ndocs) {
        float s = 0.0f;
        for (int f = 0; f < nfeat; f++)
            s += docs[(size_t)i * nfeat + f] * docs[(size_t)i * nfeat + f];
        norms[i] = sqrtf(s);
    }
}

/* score[i * ndocs + j] for i < j; ndocs and nfeat multiples of T. */
__global__ void pair_scores(const float *docs, const float *norms, float *score, int ndocs,
                            int nfeat)
{
    __shared__ float a[T][T + 1], b[T][T + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    if (blockIdx.x < blockIdx.y) /* the whole block is below the diagonal */
        return;
    int i = blockIdx.y * T + ty, j = blockIdx.x * T + tx;
    float dot = 0.0f;
    for (int f0 = 0; f0 < nfeat; f0 += T) {
        a[ty][tx] = docs[(size_t)(blockIdx.y * T + ty) * nfeat + f0 + tx];
        b[ty][tx] = docs[(size_t)(blockIdx.x * T + ty) * nfeat + f0 + tx];
        __syncthreads();
        if (i < j)
            for (int f = 0; f < T; f++)
                dot += a[ty][f] * b[tx][f];
        __syncthreads();
    }
    if (i < j) {
        float den = norms[i] * norms[j];
        score[(size_t)i * ndocs + j] = den > 0.0f ? dot / den : 0.0f;
    }
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int ndocs = size == 0 ? 128 : size == 1 ? 512 : 2048;
    const int nfeat = size == 0 ? 32 : 128;
    size_t nd = (size_t)ndocs * nfeat, ns = (size_t)ndocs * ndocs;
    float *docs = (float *)malloc(nd * sizeof(float));
    float *score = (float *)malloc(ns * sizeof(float));
    uint32_t seed = 0x55cc55ccu;
    for (size_t k = 0; k < nd; k++)
        docs[k] = rng_next(&seed) % 10 < 3 ? rng_float(&seed) * 4.0f : 0.0f;
    float *d_docs, *d_norms, *d_score;
    CK(cudaMalloc((void **)&d_docs, nd * sizeof(float)));
    CK(cudaMalloc((void **)&d_norms, ndocs * sizeof(float)));
    CK(cudaMalloc((void **)&d_score, ns * sizeof(float)));
    CK(cudaMemcpy(d_docs, docs, nd * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemset(d_score, 0, ns * sizeof(float)));
    doc_norms<<<(ndocs + 127) / 128, 128>>>(d_docs, d_norms, ndocs, nfeat);
    CK_LAUNCH();
    dim3 grid(ndocs / T, ndocs / T), block(T, T);
    pair_scores<<<grid, block>>>(d_docs, d_norms, d_score, ndocs, nfeat);
    CK_LAUNCH();
    CK(cudaMemcpy(score, d_score, ns * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0, besti = 0, bestj = 1;
    for (int i = 0; i < ndocs; i++)
        for (int j = 0; j < ndocs; j++) {
            double want = 0.0;
            if (i < j) {
                double dot = 0.0, ni = 0.0, nj = 0.0;
                for (int f = 0; f < nfeat; f++) {
                    double x = docs[(size_t)i * nfeat + f], y = docs[(size_t)j * nfeat + f];
                    dot += x * y;
                    ni += x * x;
                    nj += y * y;
                }
                want = ni > 0.0 && nj > 0.0 ? dot / sqrt(ni * nj) : 0.0;
            }
            float got = score[(size_t)i * ndocs + j];
            if (!close_enough(got, want, 1e-5, 1e-4) && bad++ < 5)
                fprintf(stderr, "score(%d, %d) = %.6f, want %.6f\n", i, j, got, want);
            if (i < j && got > score[(size_t)besti * ndocs + bestj]) {
                besti = i;
                bestj = j;
            }
        }
    printf("simscore: %d documents x %d features, most similar pair (%d, %d): %.4f\n", ndocs, nfeat,
           besti, bestj, score[(size_t)besti * ndocs + bestj]);
    CK(cudaFree(d_docs));
    CK(cudaFree(d_norms));
    CK(cudaFree(d_score));
    free(docs);
    free(score);
    if (bad) {
        printf("simscore: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("simscore: PASS\n");
    return 0;
}
