/*
 * matmul - tiled dense matrix multiply C = A * B, after the CUDA SDK matrixMul sample
 * (seed 003 Table 4.1 "MAT", source [26]; seed 002 Table 3 "matrixMul (MM)"): each 16x16
 * thread block computes one 16x16 tile of C, walking the shared dimension one 16x16 tile of
 * A and of B at a time through shared memory, with a barrier before and after each tile's
 * inner product.
 * Divergence: none (all sizes are multiples of the tile); memory: coalesced tile loads,
 * broadcast reads of As rows, conflict-free Bs columns. Seed 003 reports MAT with a medium
 * maximum predicted speedup; seed 002 counts 1,785,600 dynamic instructions, which is the
 * SDK's 80x48 * 48x128 problem (HA = 5, WA = 3, WB = 8 tiles).
 * Sizes: tiny 48x48 * 48x64, small 160x96 * 96x256, default 80x48 * 48x128.
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

#define TILE 16

__global__ void matrixMul(float *C, const float *A, const float *B, int wA, int wB)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int t = 0; t < wA; t += TILE) {
        As[ty][tx] = A[row * wA + t + tx];
        Bs[ty][tx] = B[(t + ty) * wB + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * wB + col] = sum;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    /* dimensions in tiles: A is hA x wA, B is wA x wB */
    const int hA = TILE * (size == 0 ? 3 : size == 1 ? 10 : 5);
    const int wA = TILE * (size == 0 ? 3 : size == 1 ? 6 : 3);
    const int wB = TILE * (size == 0 ? 4 : size == 1 ? 16 : 8);
    size_t nA = (size_t)hA * wA, nB = (size_t)wA * wB, nC = (size_t)hA * wB;
    float *A = (float *)malloc(nA * sizeof(float));
    float *B = (float *)malloc(nB * sizeof(float));
    float *C = (float *)malloc(nC * sizeof(float));
    uint32_t seed = 0x13572468u;
    for (size_t i = 0; i < nA; i++)
        A[i] = rng_float(&seed) * 2.0f - 1.0f;
    for (size_t i = 0; i < nB; i++)
        B[i] = rng_float(&seed) * 2.0f - 1.0f;

    float *dA, *dB, *dC;
    CK(cudaMalloc((void **)&dA, nA * sizeof(float)));
    CK(cudaMalloc((void **)&dB, nB * sizeof(float)));
    CK(cudaMalloc((void **)&dC, nC * sizeof(float)));
    CK(cudaMemcpy(dA, A, nA * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B, nB * sizeof(float), cudaMemcpyHostToDevice));
    dim3 block(TILE, TILE), grid(wB / TILE, hA / TILE);
    matrixMul<<<grid, block>>>(dC, dA, dB, wA, wB);
    CK_LAUNCH();
    CK(cudaMemcpy(C, dC, nC * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0;
    for (int i = 0; i < hA; i++)
        for (int j = 0; j < wB; j++) {
            double ref = 0.0;
            for (int k = 0; k < wA; k++)
                ref += (double)A[i * wA + k] * B[k * wB + j];
            if (!close_enough(C[i * wB + j], ref, 1e-5, 1e-5) && bad++ < 5)
                fprintf(stderr, "C[%d][%d] = %.6f, want %.6f\n", i, j, C[i * wB + j], ref);
        }
    printf("matmul: A %dx%d * B %dx%d\n", hA, wA, wA, wB);
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    free(A);
    free(B);
    free(C);
    if (bad) {
        printf("matmul: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("matmul: PASS\n");
    return 0;
}
