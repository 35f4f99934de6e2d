/*
 * streamcluster - the facility-location gain step of online k-median clustering, after
 * Rodinia's streamcluster (Che et al., IISWC 2009; seed 003 Table 4.1 "STMCL", data
 * mining, source [7]; algorithm: the local-search "pgain" of Charikar/Guha et al. as used in
 * PARSEC streamcluster). For a candidate facility x, pgain has every point i (one thread)
 * compute its cost d(i, x) w_i of moving to x: if that beats its current cost it is marked
 * to switch and records the (negative) change in the "x" slot of its work row, else it
 * records the extra cost its current centre would cause if closed, in that centre's slot.
 * The host sums the work rows; opening x costs z plus the switch gains minus the savings of
 * closing every centre whose z exceeds its extra cost; if that is negative, x opens, those
 * centres close and their points and the switching points move to x.
 * Divergence: the switch / no-switch branch per point; memory: the candidate's coordinates
 * are shared by all threads, each point's row is strided by the dimension. Seed 003: medium
 * predicted speedup, few hazards.
 * Input: points around 12 hidden clusters, weight 1, 4 initial centres, z = initial cost /
 * 20, candidates = every (n / candidates)-th point.
 * Sizes: tiny 2048 points x 16 dims, 10 candidates; small 16384 x 64, 24; default 65536 x
 * 256, 32 (Rodinia's run: 65536 points of 256 dimensions).
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

#define MAXC 64 /* centre slots; slot MAXC = the candidate */

__global__ void pgain(const float *coord, const float *weight, const float *cost, const int *assign,
                      const int *center_table, int n, int dim, int x, float *work,
                      char *switch_membership)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float d = 0.0f;
    for (int k = 0; k < dim; k++) {
        float t = coord[(size_t)i * dim + k] - coord[(size_t)x * dim + k];
        d += t * t;
    }
    float x_cost = d * weight[i], cur = cost[i];
    float *row = work + (size_t)i * (MAXC + 1);
    if (x_cost < cur) {
        switch_membership[i] = 1;
        row[MAXC] = x_cost - cur;
    } else {
        switch_membership[i] = 0;
        row[center_table[assign[i]]] = cur - x_cost;
    }
}

static float dist2(const float *coord, int dim, int a, int b)
{
    float d = 0.0f;
    for (int k = 0; k < dim; k++) {
        float t = coord[(size_t)a * dim + k] - coord[(size_t)b * dim + k];
        d += t * t;
    }
    return d;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 2048 : size == 1 ? 16384 : 65536;
    const int dim = size == 0 ? 16 : size == 1 ? 64 : 256;
    const int ncand = size == 0 ? 10 : size == 1 ? 24 : 32;
    const int k0 = 4;
    float *coord = (float *)malloc((size_t)n * dim * sizeof(float));
    float *weight = (float *)malloc(n * sizeof(float));
    float *cost = (float *)malloc(n * sizeof(float));
    int *assign = (int *)malloc(n * sizeof(int));
    int *center_table = (int *)malloc(n * sizeof(int));
    char *is_center = (char *)calloc(n, 1);
    char *sw = (char *)malloc(n);
    size_t wsize = (size_t)n * (MAXC + 1);
    float *work = (float *)malloc(wsize * sizeof(float));
    uint32_t seed = 0x57c1057cu;
    float hidden[12][256];
    for (int c = 0; c < 12; c++)
        for (int k = 0; k < dim; k++)
            hidden[c][k] = rng_float(&seed) * 10.0f;
    for (int i = 0; i < n; i++) {
        int c = (int)(rng_next(&seed) % 12);
        for (int k = 0; k < dim; k++)
            coord[(size_t)i * dim + k] = hidden[c][k] + rng_float(&seed) - 0.5f;
        weight[i] = 1.0f;
    }
    double total = 0.0;
    for (int c = 0; c < k0; c++)
        is_center[c * (n / k0)] = 1;
    for (int i = 0; i < n; i++) {
        int best = -1;
        float bd = 0.0f;
        for (int c = 0; c < k0; c++) {
            float d = dist2(coord, dim, i, c * (n / k0)) * weight[i];
            if (best < 0 || d < bd) {
                best = c * (n / k0);
                bd = d;
            }
        }
        assign[i] = best;
        cost[i] = bd;
        total += bd;
    }
    const float z = (float)(total / 20.0);

    float *d_coord, *d_weight, *d_cost, *d_work;
    int *d_assign, *d_ct;
    char *d_sw;
    CK(cudaMalloc((void **)&d_coord, (size_t)n * dim * sizeof(float)));
    CK(cudaMalloc((void **)&d_weight, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_cost, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_work, wsize * sizeof(float)));
    CK(cudaMalloc((void **)&d_assign, n * sizeof(int)));
    CK(cudaMalloc((void **)&d_ct, n * sizeof(int)));
    CK(cudaMalloc((void **)&d_sw, n));
    CK(cudaMemcpy(d_coord, coord, (size_t)n * dim * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_weight, weight, n * sizeof(float), cudaMemcpyHostToDevice));
    int bad = 0, opened = 0;
    for (int cand = 0; cand < ncand; cand++) {
        int x = (int)(((long)cand * n) / ncand + 1) % n;
        int ncenters = 0;
        for (int i = 0; i < n; i++)
            center_table[i] = is_center[i] ? ncenters++ : -1;
        if (ncenters >= MAXC || is_center[x])
            continue;
        CK(cudaMemcpy(d_cost, cost, n * sizeof(float), cudaMemcpyHostToDevice));
        CK(cudaMemcpy(d_assign, assign, n * sizeof(int), cudaMemcpyHostToDevice));
        CK(cudaMemcpy(d_ct, center_table, n * sizeof(int), cudaMemcpyHostToDevice));
        CK(cudaMemset(d_work, 0, wsize * sizeof(float)));
        pgain<<<(n + 127) / 128, 128>>>(d_coord, d_weight, d_cost, d_assign, d_ct, n, dim, x,
                                        d_work, d_sw);
        CK_LAUNCH();
        CK(cudaMemcpy(work, d_work, wsize * sizeof(float), cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(sw, d_sw, n, cudaMemcpyDeviceToHost));
        /* check every point's decision and row entry */
        for (int i = 0; i < n; i++) {
            double xc = 0.0;
            for (int k = 0; k < dim; k++) {
                double t = (double)coord[(size_t)i * dim + k] - coord[(size_t)x * dim + k];
                xc += t * t;
            }
            xc *= weight[i];
            int want_sw = xc < cost[i];
            int slot = sw[i] ? MAXC : center_table[assign[i]];
            double want = sw[i] ? xc - cost[i] : cost[i] - xc;
            /* the gain is a difference of two float distances: tolerance relative to them */
            double tol = 1e-4 + 1e-5 * (xc + cost[i]);
            int near_tie = fabs(xc - cost[i]) <= tol;
            if (((sw[i] != want_sw && !near_tie) ||
                 fabs(work[(size_t)i * (MAXC + 1) + slot] - want) > tol) &&
                bad++ < 5)
                fprintf(stderr,
                        "candidate %d point %d: switch %d (want %d), gain %.5f (want %.5f)\n", x, i,
                        sw[i], want_sw, work[(size_t)i * (MAXC + 1) + slot], want);
        }
        /* host part of pgain */
        double lower[MAXC + 1] = {0};
        for (int i = 0; i < n; i++)
            for (int c = 0; c <= MAXC; c++)
                lower[c] += work[(size_t)i * (MAXC + 1) + c];
        double cost_open = z + lower[MAXC];
        char close_c[MAXC] = {0};
        for (int c = 0; c < ncenters; c++) {
            double low = z + lower[c];
            if (low > 0) {
                close_c[c] = 1;
                cost_open -= low;
            }
        }
        if (cost_open < 0) {
            opened++;
            for (int i = 0; i < n; i++)
                if (sw[i] || close_c[center_table[assign[i]]]) {
                    assign[i] = x;
                    cost[i] = dist2(coord, dim, i, x) * weight[i];
                }
            for (int i = 0; i < n; i++)
                if (is_center[i] && close_c[center_table[i]])
                    is_center[i] = 0;
            is_center[x] = 1;
        }
    }
    int ncenters = 0;
    total = 0.0;
    for (int i = 0; i < n; i++) {
        ncenters += is_center[i];
        total += cost[i];
        if (!is_center[assign[i]] && bad++ < 5)
            fprintf(stderr, "point %d assigned to closed centre %d\n", i, assign[i]);
    }
    printf("streamcluster: %d points x %d dims, %d candidates, %d opened, %d centres, cost %.1f\n",
           n, dim, ncand, opened, ncenters, total + z * ncenters);
    CK(cudaFree(d_coord));
    CK(cudaFree(d_weight));
    CK(cudaFree(d_cost));
    CK(cudaFree(d_work));
    CK(cudaFree(d_assign));
    CK(cudaFree(d_ct));
    CK(cudaFree(d_sw));
    free(coord);
    free(weight);
    free(cost);
    free(assign);
    free(center_table);
    free(is_center);
    free(sw);
    free(work);
    if (bad) {
        printf("streamcluster: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("streamcluster: PASS\n");
    return 0;
}
