/*
 * lud - blocked LU decomposition without pivoting (A = L U, L unit lower triangular), after
 * Rodinia's lud (Che et al., IISWC 2009; seed 003 Table 4.1 "LUD", source [7]): for each
 * 16-wide diagonal step, lud_diagonal factors the diagonal tile in one 16-thread block,
 * lud_perimeter (32 threads per block) solves the tiles to its right (U row strip, forward
 * substitution with the unit-L diagonal) and below it (L column strip, division by U), and
 * lud_internal updates the trailing submatrix A -= L U with one 16x16 block per tile.
 * Divergence: the triangular loops of lud_diagonal (threads below the pivot only) and
 * lud_perimeter (each half of the block solves a different strip); shrinking grids. Seed
 * 003: low average thread activity.
 * Input: a random diagonally dominant matrix (no pivoting needed).
 * Sizes: tiny 64, small 128, default 256 (Rodinia's 256 input).
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

#define BS 16

__global__ void lud_diagonal(float *m, int n, int off)
{
    __shared__ float s[BS][BS];
    int tx = threadIdx.x;
    for (int i = 0; i < BS; i++)
        s[i][tx] = m[(size_t)(off + i) * n + off + tx];
    __syncthreads();
    for (int k = 0; k < BS - 1; k++) {
        if (tx > k)
            s[tx][k] /= s[k][k];
        __syncthreads();
        if (tx > k)
            for (int j = k + 1; j < BS; j++)
                s[tx][j] -= s[tx][k] * s[k][j];
        __syncthreads();
    }
    for (int i = 0; i < BS; i++)
        m[(size_t)(off + i) * n + off + tx] = s[i][tx];
}

/* Block b: the U tile right of the diagonal (threads 0..15, one column each) and the L tile
 * below it (threads 16..31, one row each). */
__global__ void lud_perimeter(float *m, int n, int off)
{
    __shared__ float dia[BS][BS], row[BS][BS], col[BS][BS];
    int tx = threadIdx.x, t = tx % BS;
    int poff = off + BS * (blockIdx.x + 1);
    if (tx < BS) {
        for (int i = 0; i < BS; i++) {
            dia[i][t] = m[(size_t)(off + i) * n + off + t];
            row[i][t] = m[(size_t)(off + i) * n + poff + t];
        }
    } else {
        for (int i = 0; i < BS; i++)
            col[i][t] = m[(size_t)(poff + i) * n + off + t];
    }
    __syncthreads();
    if (tx < BS) { /* L_dd * U = A: forward substitution down column t */
        for (int i = 1; i < BS; i++)
            for (int j = 0; j < i; j++)
                row[i][t] -= dia[i][j] * row[j][t];
    } else { /* L * U_dd = A: along row t */
        for (int i = 0; i < BS; i++) {
            for (int j = 0; j < i; j++)
                col[t][i] -= col[t][j] * dia[j][i];
            col[t][i] /= dia[i][i];
        }
    }
    __syncthreads();
    if (tx < BS) {
        for (int i = 0; i < BS; i++)
            m[(size_t)(off + i) * n + poff + t] = row[i][t];
    } else {
        for (int i = 0; i < BS; i++)
            m[(size_t)(poff + i) * n + off + t] = col[i][t];
    }
}

__global__ void lud_internal(float *m, int n, int off)
{
    __shared__ float l[BS][BS], u[BS][BS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int r = off + BS * (blockIdx.y + 1) + ty, c = off + BS * (blockIdx.x + 1) + tx;
    l[ty][tx] = m[(size_t)r * n + off + tx];
    u[ty][tx] = m[(size_t)(off + ty) * n + c];
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < BS; k++)
        sum += l[ty][k] * u[k][tx];
    m[(size_t)r * n + c] -= sum;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 64 : size == 1 ? 128 : 256;
    size_t nn = (size_t)n * n;
    float *a = (float *)malloc(nn * sizeof(float));
    float *lu = (float *)malloc(nn * sizeof(float));
    double *ref = (double *)malloc(nn * sizeof(double));
    uint32_t seed = 0x1a2b3c4du;
    for (int i = 0; i < n; i++) {
        double rowsum = 0.0;
        for (int j = 0; j < n; j++) {
            a[(size_t)i * n + j] = rng_float(&seed) * 2.0f - 1.0f;
            rowsum += fabs(a[(size_t)i * n + j]);
        }
        a[(size_t)i * n + i] = (float)rowsum + 1.0f;
    }
    float *d_m;
    CK(cudaMalloc((void **)&d_m, nn * sizeof(float)));
    CK(cudaMemcpy(d_m, a, nn * sizeof(float), cudaMemcpyHostToDevice));
    int off;
    for (off = 0; off < n - BS; off += BS) {
        lud_diagonal<<<1, BS>>>(d_m, n, off);
        CK_LAUNCH();
        int k = (n - off) / BS - 1;
        lud_perimeter<<<k, 2 * BS>>>(d_m, n, off);
        CK_LAUNCH();
        lud_internal<<<dim3(k, k), dim3(BS, BS)>>>(d_m, n, off);
        CK_LAUNCH();
    }
    lud_diagonal<<<1, BS>>>(d_m, n, off);
    CK_LAUNCH();
    CK(cudaMemcpy(lu, d_m, nn * sizeof(float), cudaMemcpyDeviceToHost));

    /* CPU: unblocked Doolittle in double, then also L*U against A */
    for (size_t i = 0; i < nn; i++)
        ref[i] = a[i];
    for (int k = 0; k < n; k++)
        for (int i = k + 1; i < n; i++) {
            ref[(size_t)i * n + k] /= ref[(size_t)k * n + k];
            for (int j = k + 1; j < n; j++)
                ref[(size_t)i * n + j] -= ref[(size_t)i * n + k] * ref[(size_t)k * n + j];
        }
    int bad = 0;
    for (size_t i = 0; i < nn; i++)
        if (!close_enough(lu[i], ref[i], 1e-4, 1e-4) && bad++ < 5)
            fprintf(stderr, "LU[%zu][%zu] = %.6f, want %.6f\n", i / n, i % n, lu[i], ref[i]);
    for (int i = 0; i < n; i += (n > 64 ? 7 : 1))
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int k = 0; k <= (i < j ? i : j); k++)
                s += (k == i ? 1.0 : (double)lu[(size_t)i * n + k]) * lu[(size_t)k * n + j];
            if (!close_enough(s, a[(size_t)i * n + j], 1e-3, 1e-4) && bad++ < 5)
                fprintf(stderr, "(LU)[%d][%d] = %.6f, A = %.6f\n", i, j, s, a[(size_t)i * n + j]);
        }
    printf("lud: %dx%d\n", n, n);
    CK(cudaFree(d_m));
    free(a);
    free(lu);
    free(ref);
    if (bad) {
        printf("lud: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("lud: PASS\n");
    return 0;
}
