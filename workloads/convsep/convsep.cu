/*
 * convsep - separable 2D convolution (a 17-tap filter applied along rows, then along
 * columns), after the CUDA SDK convolutionSeparable sample (seed 002 Table 3 kernels
 * convolutionRows and convolutionColumns): each block stages its output tile plus an apron
 * of one tile step on each side in shared memory (zero outside the image), then every
 * thread computes several outputs from shared memory with the filter in constant memory.
 * Divergence: only the apron loads at the image border; memory: coalesced row tiles,
 * column tiles read one row of 16 floats per warp-half. Seed 002 counts 39,260,160 (rows)
 * and 42,946,560 (columns) dynamic instructions.
 * Sizes: tiny 128x64, small 1024x512, default 3072x3072 (the SDK's image).
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

#define KERNEL_RADIUS 8
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)

#define ROWS_BX    16
#define ROWS_BY    4
#define ROWS_STEPS 4 /* outputs per thread */
#define ROWS_HALO  1 /* apron steps on each side (ROWS_BX >= KERNEL_RADIUS) */

#define COLS_BX    16
#define COLS_BY    8
#define COLS_STEPS 4
#define COLS_HALO  1 /* COLS_BY >= KERNEL_RADIUS */

__constant__ float c_kernel[KERNEL_LENGTH];

__global__ void convolutionRows(float *dst, const float *src, int w, int h)
{
    __shared__ float s[ROWS_BY][(ROWS_STEPS + 2 * ROWS_HALO) * ROWS_BX];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x0 = (blockIdx.x * ROWS_STEPS - ROWS_HALO) * ROWS_BX + tx;
    int y = blockIdx.y * ROWS_BY + ty;
    (void)h;
    const float *row = src + (size_t)y * w;
    for (int i = 0; i < ROWS_STEPS + 2 * ROWS_HALO; i++) {
        int x = x0 + i * ROWS_BX;
        s[ty][tx + i * ROWS_BX] = (x >= 0 && x < w) ? row[x] : 0.0f;
    }
    __syncthreads();
    for (int i = ROWS_HALO; i < ROWS_HALO + ROWS_STEPS; i++) {
        float sum = 0.0f;
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
            sum += c_kernel[KERNEL_RADIUS - j] * s[ty][tx + i * ROWS_BX + j];
        dst[(size_t)y * w + x0 + i * ROWS_BX] = sum;
    }
}

__global__ void convolutionColumns(float *dst, const float *src, int w, int h)
{
    __shared__ float s[COLS_BX][(COLS_STEPS + 2 * COLS_HALO) * COLS_BY + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * COLS_BX + tx;
    int y0 = (blockIdx.y * COLS_STEPS - COLS_HALO) * COLS_BY + ty;
    for (int i = 0; i < COLS_STEPS + 2 * COLS_HALO; i++) {
        int y = y0 + i * COLS_BY;
        s[tx][ty + i * COLS_BY] = (y >= 0 && y < h) ? src[(size_t)y * w + x] : 0.0f;
    }
    __syncthreads();
    for (int i = COLS_HALO; i < COLS_HALO + COLS_STEPS; i++) {
        float sum = 0.0f;
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
            sum += c_kernel[KERNEL_RADIUS - j] * s[tx][ty + i * COLS_BY + j];
        dst[(size_t)(y0 + i * COLS_BY) * w + x] = sum;
    }
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int w = size == 0 ? 128 : size == 1 ? 1024 : 3072;
    const int h = size == 0 ? 64 : size == 1 ? 512 : 3072;
    size_t n = (size_t)w * h;
    float *img = (float *)malloc(n * sizeof(float));
    float *out = (float *)malloc(n * sizeof(float));
    double *tmp = (double *)malloc(n * sizeof(double));
    float kern[KERNEL_LENGTH];
    uint32_t seed = 0xc0ffee11u;
    for (int i = 0; i < KERNEL_LENGTH; i++)
        kern[i] = rng_float(&seed);
    for (size_t i = 0; i < n; i++)
        img[i] = rng_float(&seed);

    float *d_img, *d_tmp, *d_out;
    CK(cudaMalloc((void **)&d_img, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_tmp, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_out, n * sizeof(float)));
    CK(cudaMemcpy(d_img, img, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpyToSymbol(c_kernel, kern, sizeof kern));
    dim3 rb(ROWS_BX, ROWS_BY), rg(w / (ROWS_STEPS * ROWS_BX), h / ROWS_BY);
    convolutionRows<<<rg, rb>>>(d_tmp, d_img, w, h);
    CK_LAUNCH();
    dim3 cb(COLS_BX, COLS_BY), cg(w / COLS_BX, h / (COLS_STEPS * COLS_BY));
    convolutionColumns<<<cg, cb>>>(d_out, d_tmp, w, h);
    CK_LAUNCH();
    CK(cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));

    /* CPU: the same two passes in double */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double sum = 0.0;
            for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
                if (x + j >= 0 && x + j < w)
                    sum += (double)kern[KERNEL_RADIUS - j] * img[(size_t)y * w + x + j];
            tmp[(size_t)y * w + x] = sum;
        }
    int bad = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double sum = 0.0;
            for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
                if (y + j >= 0 && y + j < h)
                    sum += kern[KERNEL_RADIUS - j] * tmp[(size_t)(y + j) * w + x];
            float got = out[(size_t)y * w + x];
            if (!close_enough(got, sum, 1e-4, 1e-5) && bad++ < 5)
                fprintf(stderr, "out[%d][%d] = %.6f, want %.6f\n", y, x, got, sum);
        }
    printf("convsep: %dx%d image, %d-tap filter\n", w, h, KERNEL_LENGTH);
    CK(cudaFree(d_img));
    CK(cudaFree(d_tmp));
    CK(cudaFree(d_out));
    free(img);
    free(out);
    free(tmp);
    if (bad) {
        printf("convsep: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("convsep: PASS\n");
    return 0;
}
