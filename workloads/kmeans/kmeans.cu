/*
 * kmeans - k-means clustering, after Rodinia's kmeans (Che et al., IISWC 2009; seed 003
 * Table 4.1 "KMN", source [7]; algorithm: Lloyd's iteration): invert_mapping transposes the
 * point-major feature array into feature-major order (so that a warp reads one feature of
 * 32 consecutive points in one line); each iteration kmeansPoint gives every point (one
 * thread each) the index of its nearest centre (squared Euclidean distance, centres in
 * constant memory); the host counts membership changes and recomputes the centres, until
 * no point moves or the iteration limit.
 * Divergence: the running-minimum update differs per point; memory: coalesced feature
 * loads, constant-memory broadcasts of the centres. Seed 003: medium predicted speedup,
 * many hazards.
 * Input: points scattered around 5 hidden centres (Rodinia uses the KDD Cup 1999 set,
 * 494,020 points of 34 features, 5 clusters).
 * Sizes: tiny 1024 points x 16 features, small 65536 x 34, default 494020 x 34; 5 clusters.
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

#define NCLUSTERS 5
#define MAX_FEAT  34
#define MAX_ITER  20

__constant__ float c_clusters[NCLUSTERS * MAX_FEAT];

__global__ void invert_mapping(const float *input, float *output, int npoints, int nfeatures)
{
    int point = blockIdx.x * blockDim.x + threadIdx.x;
    if (point < npoints)
        for (int i = 0; i < nfeatures; i++)
            output[(size_t)i * npoints + point] = input[(size_t)point * nfeatures + i];
}

__global__ void kmeansPoint(const float *features, int nfeatures, int npoints, int nclusters,
                            int *membership)
{
    int point = blockIdx.x * blockDim.x + threadIdx.x;
    if (point >= npoints)
        return;
    int index = -1;
    float min_dist = 3.402823466e38f;
    for (int c = 0; c < nclusters; c++) {
        float dist = 0.0f;
        for (int l = 0; l < nfeatures; l++) {
            float d = features[(size_t)l * npoints + point] - c_clusters[c * nfeatures + l];
            dist += d * d;
        }
        if (dist < min_dist) {
            min_dist = dist;
            index = c;
        }
    }
    membership[point] = index;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int npoints = size == 0 ? 1024 : size == 1 ? 65536 : 494020;
    const int nfeat = size == 0 ? 16 : MAX_FEAT;
    const int max_iter = size == 0 ? 4 : MAX_ITER;
    size_t nf = (size_t)npoints * nfeat;
    float *feat = (float *)malloc(nf * sizeof(float));
    float hidden[NCLUSTERS][MAX_FEAT];
    uint32_t seed = 0x6b6d6e73u;
    for (int c = 0; c < NCLUSTERS; c++)
        for (int l = 0; l < nfeat; l++)
            hidden[c][l] = rng_float(&seed) * 10.0f;
    for (int p = 0; p < npoints; p++) {
        int c = (int)(rng_next(&seed) % NCLUSTERS);
        for (int l = 0; l < nfeat; l++)
            feat[(size_t)p * nfeat + l] = hidden[c][l] + (rng_float(&seed) - 0.5f) * 8.0f;
    }
    float centres[NCLUSTERS * MAX_FEAT];
    for (int c = 0; c < NCLUSTERS; c++) /* initial centres: the first points */
        for (int l = 0; l < nfeat; l++)
            centres[c * nfeat + l] = feat[(size_t)c * nfeat + l];
    int *member = (int *)malloc(npoints * sizeof(int));
    int *prev = (int *)malloc(npoints * sizeof(int));
    for (int p = 0; p < npoints; p++)
        prev[p] = -1;

    float *d_in, *d_feat;
    int *d_member;
    CK(cudaMalloc((void **)&d_in, nf * sizeof(float)));
    CK(cudaMalloc((void **)&d_feat, nf * sizeof(float)));
    CK(cudaMalloc((void **)&d_member, npoints * sizeof(int)));
    CK(cudaMemcpy(d_in, feat, nf * sizeof(float), cudaMemcpyHostToDevice));
    int threads = 256, blocks = (npoints + threads - 1) / threads;
    invert_mapping<<<blocks, threads>>>(d_in, d_feat, npoints, nfeat);
    CK_LAUNCH();
    float *tr = (float *)malloc(nf * sizeof(float));
    CK(cudaMemcpy(tr, d_feat, nf * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int p = 0; p < npoints; p++)
        for (int l = 0; l < nfeat; l++)
            if (tr[(size_t)l * npoints + p] != feat[(size_t)p * nfeat + l] && bad++ < 5)
                fprintf(stderr, "invert_mapping: point %d feature %d wrong\n", p, l);

    int iter = 0, delta = 1;
    while (delta > 0 && iter < max_iter && !bad) {
        CK(cudaMemcpyToSymbol(c_clusters, centres, NCLUSTERS * nfeat * sizeof(float)));
        kmeansPoint<<<blocks, threads>>>(d_feat, nfeat, npoints, NCLUSTERS, d_member);
        CK_LAUNCH();
        CK(cudaMemcpy(member, d_member, npoints * sizeof(int), cudaMemcpyDeviceToHost));
        /* check: the nearest centre on the CPU (in double); a differing choice is accepted
         * only for a near-tie */
        for (int p = 0; p < npoints; p++) {
            double dist[NCLUSTERS];
            int best = 0;
            for (int c = 0; c < NCLUSTERS; c++) {
                double s = 0.0;
                for (int l = 0; l < nfeat; l++) {
                    double d = (double)feat[(size_t)p * nfeat + l] - centres[c * nfeat + l];
                    s += d * d;
                }
                dist[c] = s;
                if (s < dist[best])
                    best = c;
            }
            int m = member[p];
            if ((m < 0 || m >= NCLUSTERS ||
                 (m != best && !close_enough(dist[m], dist[best], 1e-5, 1e-5))) &&
                bad++ < 5)
                fprintf(stderr, "iteration %d: point %d in cluster %d, want %d\n", iter, p, m,
                        best);
        }
        /* host part of the iteration: delta and new centres */
        delta = 0;
        double sum[NCLUSTERS][MAX_FEAT] = {{0}};
        int count[NCLUSTERS] = {0};
        for (int p = 0; p < npoints; p++) {
            int m = member[p] < 0 || member[p] >= NCLUSTERS ? 0 : member[p];
            delta += m != prev[p];
            prev[p] = m;
            count[m]++;
            for (int l = 0; l < nfeat; l++)
                sum[m][l] += feat[(size_t)p * nfeat + l];
        }
        for (int c = 0; c < NCLUSTERS; c++)
            if (count[c])
                for (int l = 0; l < nfeat; l++)
                    centres[c * nfeat + l] = (float)(sum[c][l] / count[c]);
        iter++;
        printf("kmeans: iteration %d, %d points moved\n", iter, delta);
    }
    printf("kmeans: %d points, %d features, %d clusters, %d iterations\n", npoints, nfeat,
           NCLUSTERS, iter);
    CK(cudaFree(d_in));
    CK(cudaFree(d_feat));
    CK(cudaFree(d_member));
    free(feat);
    free(tr);
    free(member);
    free(prev);
    if (bad) {
        printf("kmeans: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("kmeans: PASS\n");
    return 0;
}
