/*
 * lps - Jacobi iteration for the Laplace equation on a 3D structured grid, after Giles,
 * "Jacobi iteration for a Laplace discretisation on a 3D structured grid" (seed 000
 * reference [14]): a 2D grid of 32 x 4 thread blocks covers the (i, j) plane, each thread
 * marches along k; a grid point on the boundary keeps its value, an interior point becomes
 * the mean of its six neighbours. Divergence comes from the nested index tests: threads of
 * the last block column outside the grid (NX not a multiple of 32) and the boundary test
 * (i, j, k on a face) inside the k loop. Seed 000 (chapter 5.3, Table 5.2): 100 x 100 x
 * 100 grid, one iteration, branch divergence intensity "High".
 * Sizes: tiny 36^3 (2 iterations), small 68^3 (2 iterations), default 100^3 (1 iteration).
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

#define BLOCK_X 32
#define BLOCK_Y 4

__global__ void laplace3d(int nx, int ny, int nz, const float *u1, float *u2)
{
    int i = threadIdx.x + blockIdx.x * BLOCK_X;
    int j = threadIdx.y + blockIdx.y * BLOCK_Y;
    const float sixth = 1.0f / 6.0f;
    if (i < nx && j < ny) {
        long long idx = i + (long long)j * nx;
        long long kstride = (long long)nx * ny;
        for (int k = 0; k < nz; k++, idx += kstride) {
            if (i == 0 || i == nx - 1 || j == 0 || j == ny - 1 || k == 0 || k == nz - 1) {
                u2[idx] = u1[idx];
            } else {
                u2[idx] = (u1[idx - 1] + u1[idx + 1] + u1[idx - nx] + u1[idx + nx] +
                           u1[idx - kstride] + u1[idx + kstride]) *
                          sixth;
            }
        }
    }
}

static void laplace_ref(int nx, int ny, int nz, const float *u1, float *u2)
{
    const float sixth = 1.0f / 6.0f;
    long long s = (long long)nx * ny;
    for (int k = 0; k < nz; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                long long idx = i + (long long)j * nx + k * s;
                bool face = i == 0 || i == nx - 1 || j == 0 || j == ny - 1 || k == 0 || k == nz - 1;
                u2[idx] = face ? u1[idx]
                               : (u1[idx - 1] + u1[idx + 1] + u1[idx - nx] + u1[idx + nx] +
                                  u1[idx - s] + u1[idx + s]) *
                                     sixth;
            }
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 36 : size == 1 ? 68 : 100;
    const int iters = size == 2 ? 1 : 2;
    const int nx = n, ny = n, nz = n;
    size_t count = (size_t)nx * ny * nz, bytes = count * sizeof(float);
    float *h_u = (float *)malloc(bytes), *h_ref = (float *)malloc(bytes);
    float *h_tmp = (float *)malloc(bytes);
    uint32_t seed = 0x1a91ace3u;
    for (int k = 0; k < nz; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                size_t idx = i + (size_t)j * nx + (size_t)k * nx * ny;
                bool face = i == 0 || i == nx - 1 || j == 0 || j == ny - 1 || k == 0 || k == nz - 1;
                /* boundary 1.0 as in Giles' test; interior random in [0, 1) */
                h_u[idx] = face ? 1.0f : (float)(rng_next(&seed) >> 8) * (1.0f / 16777216.0f);
            }
    float *d_u1, *d_u2;
    CK(cudaMalloc((void **)&d_u1, bytes));
    CK(cudaMalloc((void **)&d_u2, bytes));
    CK(cudaMemcpy(d_u1, h_u, bytes, cudaMemcpyHostToDevice));
    dim3 grid((nx + BLOCK_X - 1) / BLOCK_X, (ny + BLOCK_Y - 1) / BLOCK_Y);
    dim3 block(BLOCK_X, BLOCK_Y);
    memcpy(h_ref, h_u, bytes);
    for (int it = 0; it < iters; it++) {
        laplace3d<<<grid, block>>>(nx, ny, nz, d_u1, d_u2);
        CK_LAUNCH();
        float *t = d_u1;
        d_u1 = d_u2;
        d_u2 = t;
        laplace_ref(nx, ny, nz, h_ref, h_tmp);
        float *h = h_ref;
        h_ref = h_tmp;
        h_tmp = h;
    }
    CK(cudaMemcpy(h_u, d_u1, bytes, cudaMemcpyDeviceToHost));
    int bad = 0;
    double max_err = 0.0;
    for (size_t i = 0; i < count; i++) {
        double e = fabs((double)h_u[i] - (double)h_ref[i]);
        if (e > max_err)
            max_err = e;
        if (!(e <= 1e-5) && bad++ < 5)
            fprintf(stderr, "point %zu: %.8g, want %.8g\n", i, h_u[i], h_ref[i]);
    }
    printf("lps: %d^3 grid, %d iteration(s), max error %.3g\n", n, iters, max_err);
    CK(cudaFree(d_u1));
    CK(cudaFree(d_u2));
    free(h_u);
    free(h_ref);
    free(h_tmp);
    if (bad) {
        printf("lps: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("lps: PASS\n");
    return 0;
}
