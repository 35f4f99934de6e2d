/*
 * nw - Needleman-Wunsch global sequence alignment score matrix, after Rodinia's needle
 * (Che et al., IISWC 2009; seed 003 Table 4.1 "NDL", Dynamic Programming, source [7];
 * algorithm: Needleman & Wunsch, J. Mol. Biol. 1970): F[i][j] = max(F[i-1][j-1] + S(a_i,
 * b_j), F[i-1][j] - gap, F[i][j-1] - gap). The matrix is cut into 16x16 blocks processed
 * in anti-diagonal waves of blocks (one launch per wave: first the upper-left half, then
 * the lower-right half); inside a block 16 threads sweep the 31 cell anti-diagonals of a
 * shared-memory tile, thread t computing row t's cell of the current diagonal.
 * Divergence: on cell diagonal m only min(m+1, 31-m) of the 16 threads work, and warps
 * are half empty (16 threads); early and late launches have very few blocks. Seed 003:
 * medium predicted speedup, low average thread activity, many hazards.
 * Substitution scores: a deterministic 24x24 symmetric matrix (match +4..+11, mismatch
 * -4..+1) standing in for BLOSUM62; gap penalty 10 as in Rodinia.
 * Sizes: tiny 128x128, small 512x512, default 2048x2048 (Rodinia's run).
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

#define B 16

/* The 16x16 block (bx, by) of the (n+1)x(n+1) score matrix. */
__device__ void nw_block(int *score, const int *ref, int cols, int penalty, int bx, int by)
{
    __shared__ int temp[B + 1][B + 1];
    __shared__ int sref[B][B];
    int tx = threadIdx.x;
    int r0 = B * by, c0 = B * bx;
    if (tx == 0)
        temp[0][0] = score[r0 * cols + c0];
    temp[0][tx + 1] = score[r0 * cols + c0 + 1 + tx];
    temp[tx + 1][0] = score[(r0 + 1 + tx) * cols + c0];
    for (int ty = 0; ty < B; ty++)
        sref[ty][tx] = ref[(r0 + 1 + ty) * cols + c0 + 1 + tx];
    __syncthreads();
    for (int m = 0; m < B; m++) { /* upper-left triangle of the tile */
        if (tx <= m) {
            int x = tx + 1, y = m - tx + 1;
            int d = temp[y - 1][x - 1] + sref[y - 1][x - 1];
            int u = temp[y - 1][x] - penalty, l = temp[y][x - 1] - penalty;
            int best = d > u ? d : u;
            temp[y][x] = best > l ? best : l;
        }
        __syncthreads();
    }
    for (int m = B - 2; m >= 0; m--) { /* lower-right triangle */
        if (tx <= m) {
            int x = tx + B - m, y = B - tx;
            int d = temp[y - 1][x - 1] + sref[y - 1][x - 1];
            int u = temp[y - 1][x] - penalty, l = temp[y][x - 1] - penalty;
            int best = d > u ? d : u;
            temp[y][x] = best > l ? best : l;
        }
        __syncthreads();
    }
    for (int ty = 0; ty < B; ty++)
        score[(r0 + 1 + ty) * cols + c0 + 1 + tx] = temp[ty + 1][tx + 1];
}

/* Wave i (1..bw) of the upper-left half: blocks (b, i-1-b). */
__global__ void needle_cuda_shared_1(int *score, const int *ref, int cols, int penalty, int i)
{
    int b = blockIdx.x;
    nw_block(score, ref, cols, penalty, b, i - 1 - b);
}

/* Wave i (bw-1..1) of the lower-right half: blocks (b + bw - i, bw - 1 - b). */
__global__ void needle_cuda_shared_2(int *score, const int *ref, int cols, int penalty, int i,
                                     int bw)
{
    int b = blockIdx.x;
    nw_block(score, ref, cols, penalty, b + bw - i, bw - 1 - b);
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 128 : size == 1 ? 512 : 2048;
    const int penalty = 10, cols = n + 1, bw = n / B;
    size_t cells = (size_t)cols * cols;
    int subst[24][24];
    uint32_t seed = 0x00a1b2c3u;
    for (int a = 0; a < 24; a++)
        for (int b = 0; b <= a; b++) {
            int v = a == b ? 4 + (int)(rng_next(&seed) % 8) : (int)(rng_next(&seed) % 6) - 4;
            subst[a][b] = subst[b][a] = v;
        }
    int *seqa = (int *)malloc((n + 1) * sizeof(int)), *seqb = (int *)malloc((n + 1) * sizeof(int));
    for (int i = 1; i <= n; i++) {
        seqa[i] = (int)(rng_next(&seed) % 24);
        seqb[i] = (int)(rng_next(&seed) % 24);
    }
    int *ref = (int *)calloc(cells, sizeof(int));
    int *score = (int *)calloc(cells, sizeof(int));
    int *want = (int *)calloc(cells, sizeof(int));
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= n; j++)
            ref[i * cols + j] = subst[seqa[i]][seqb[j]];
    for (int i = 0; i <= n; i++) {
        score[i * cols] = -i * penalty;
        score[i] = -i * penalty;
    }

    int *d_score, *d_ref;
    CK(cudaMalloc((void **)&d_score, cells * sizeof(int)));
    CK(cudaMalloc((void **)&d_ref, cells * sizeof(int)));
    CK(cudaMemcpy(d_score, score, cells * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_ref, ref, cells * sizeof(int), cudaMemcpyHostToDevice));
    for (int i = 1; i <= bw; i++) {
        needle_cuda_shared_1<<<i, B>>>(d_score, d_ref, cols, penalty, i);
        CK_LAUNCH();
    }
    for (int i = bw - 1; i >= 1; i--) {
        needle_cuda_shared_2<<<i, B>>>(d_score, d_ref, cols, penalty, i, bw);
        CK_LAUNCH();
    }
    CK(cudaMemcpy(score, d_score, cells * sizeof(int), cudaMemcpyDeviceToHost));

    /* CPU: the recurrence row by row */
    for (int i = 0; i <= n; i++) {
        want[i * cols] = -i * penalty;
        want[i] = -i * penalty;
    }
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= n; j++) {
            int d = want[(i - 1) * cols + j - 1] + subst[seqa[i]][seqb[j]];
            int u = want[(i - 1) * cols + j] - penalty, l = want[i * cols + j - 1] - penalty;
            int best = d > u ? d : u;
            want[i * cols + j] = best > l ? best : l;
        }
    int bad = 0;
    for (size_t k = 0; k < cells; k++)
        if (score[k] != want[k] && bad++ < 5)
            fprintf(stderr, "F[%zu][%zu] = %d, want %d\n", k / cols, k % cols, score[k], want[k]);
    printf("nw: %dx%d, %d block waves, alignment score %d\n", n, n, 2 * bw - 1, score[cells - 1]);
    CK(cudaFree(d_score));
    CK(cudaFree(d_ref));
    free(seqa);
    free(seqb);
    free(ref);
    free(score);
    free(want);
    if (bad) {
        printf("nw: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("nw: PASS\n");
    return 0;
}
