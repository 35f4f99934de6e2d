/*
 * transpose - matrix transpose, after the CUDA SDK transpose sample (seed 003 Table 4.1 "TR"
 * and "TR_naive", source [26]; seed 002 Table 3 kernels transpose_naive and transpose):
 * transpose_naive reads a row-major matrix coalesced and writes it with a stride of the
 * matrix height (one memory line per thread); transpose stages a 16x16 tile in shared
 * memory (padded to 17 columns against bank conflicts) so that both the read and the write
 * are coalesced. Both kernels guard the matrix edge, so non-multiple sizes diverge at the
 * border blocks.
 * Seed 003 classes both with many hazards (TR_naive also a high predicted speedup, from the
 * uncoalesced stores); seed 002 counts 1,835,008 (naive) and 2,752,512 (tiled) dynamic
 * instructions, i.e. the SDK's 256x256 matrix.
 * Sizes: tiny 100x72 (edge blocks partial), small 1000x600, default 256x256.
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

#define BLOCK_DIM 16

__global__ void transpose_naive(float *odata, const float *idata, int width, int height)
{
    unsigned x = blockIdx.x * BLOCK_DIM + threadIdx.x;
    unsigned y = blockIdx.y * BLOCK_DIM + threadIdx.y;
    if (x < (unsigned)width && y < (unsigned)height)
        odata[x * height + y] = idata[y * width + x];
}

__global__ void transpose(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[BLOCK_DIM][BLOCK_DIM + 1];
    unsigned x = blockIdx.x * BLOCK_DIM + threadIdx.x;
    unsigned y = blockIdx.y * BLOCK_DIM + threadIdx.y;
    if (x < (unsigned)width && y < (unsigned)height)
        tile[threadIdx.y][threadIdx.x] = idata[y * width + x];
    __syncthreads();
    /* the transposed block: output row = input column */
    x = blockIdx.y * BLOCK_DIM + threadIdx.x;
    y = blockIdx.x * BLOCK_DIM + threadIdx.y;
    if (x < (unsigned)height && y < (unsigned)width)
        odata[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int width = size == 0 ? 100 : size == 1 ? 1000 : 256;
    const int height = size == 0 ? 72 : size == 1 ? 600 : 256;
    size_t n = (size_t)width * height;
    float *in = (float *)malloc(n * sizeof(float));
    float *out = (float *)malloc(n * sizeof(float));
    uint32_t seed = 0x2468ace1u;
    for (size_t i = 0; i < n; i++)
        in[i] = (float)(rng_next(&seed) & 0xffffff);

    float *d_in, *d_out;
    CK(cudaMalloc((void **)&d_in, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_out, n * sizeof(float)));
    CK(cudaMemcpy(d_in, in, n * sizeof(float), cudaMemcpyHostToDevice));
    dim3 block(BLOCK_DIM, BLOCK_DIM);
    dim3 grid((width + BLOCK_DIM - 1) / BLOCK_DIM, (height + BLOCK_DIM - 1) / BLOCK_DIM);
    int bad = 0;
    for (int variant = 0; variant < 2; variant++) {
        CK(cudaMemset(d_out, 0, n * sizeof(float)));
        if (variant == 0)
            transpose_naive<<<grid, block>>>(d_out, d_in, width, height);
        else
            transpose<<<grid, block>>>(d_out, d_in, width, height);
        CK_LAUNCH();
        CK(cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                if (out[(size_t)x * height + y] != in[(size_t)y * width + x] && bad++ < 5)
                    fprintf(stderr, "%s: out[%d][%d] = %g, want %g\n",
                            variant ? "transpose" : "transpose_naive", x, y,
                            out[(size_t)x * height + y], in[(size_t)y * width + x]);
    }
    printf("transpose: %dx%d, naive and tiled\n", width, height);
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    free(in);
    free(out);
    if (bad) {
        printf("transpose: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("transpose: PASS\n");
    return 0;
}
