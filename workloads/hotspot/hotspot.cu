/*
 * hotspot - transient chip-temperature simulation, after Rodinia's HotSpot (Che et al.,
 * IISWC 2009; seed 003 Table 4.1 "HOTSP", source [7]): a 2D grid of cells, each updated
 * from its power dissipation, its four neighbours (clamped at the chip edge) and the
 * ambient temperature through lateral and vertical thermal resistances. Several time steps
 * run inside one launch ("pyramid"): each 16x16 block loads a tile with a ghost zone of
 * `pyramid` cells and, step by step, only a shrinking inner square keeps computing, so each
 * block writes a (16 - 2 pyramid)^2 tile.
 * Divergence: the shrinking active square and the grid-edge clamping make partial warps;
 * memory: shared-memory stencil. Seed 003: medium average thread activity.
 * Sizes: tiny 64x64, 6 steps; small 256x256, 20 steps; default 512x512, 20 steps (the
 * Rodinia 512 input), pyramid height 2.
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

#define BLOCK 16

/* HotSpot physical constants */
#define MAX_PD       3.0e6f
#define PRECISION    0.001f
#define SPEC_HEAT_SI 1.75e6f
#define K_SI         100.0f
#define FACTOR_CHIP  0.5f
#define T_CHIP       0.0005f
#define CHIP_HEIGHT  0.016f
#define CHIP_WIDTH   0.016f
#define AMB_TEMP     80.0f

struct coeffs {
    float step_div_cap, rx_1, ry_1, rz_1;
};

__global__ void calculate_temp(int iterations, const float *power, const float *temp_src,
                               float *temp_dst, int cols, int rows, int border_cols,
                               int border_rows, coeffs c)
{
    __shared__ float temp_on[BLOCK][BLOCK], power_on[BLOCK][BLOCK], temp_t[BLOCK][BLOCK];
    int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int small_block_rows = BLOCK - iterations * 2, small_block_cols = BLOCK - iterations * 2;
    int blkY = small_block_rows * by - border_rows, blkX = small_block_cols * bx - border_cols;
    int blkYmax = blkY + BLOCK - 1, blkXmax = blkX + BLOCK - 1;
    int yidx = blkY + ty, xidx = blkX + tx;
    int index = cols * yidx + xidx;
    if (yidx >= 0 && yidx < rows && xidx >= 0 && xidx < cols) {
        temp_on[ty][tx] = temp_src[index];
        power_on[ty][tx] = power[index];
    }
    __syncthreads();
    /* the part of the tile inside the grid */
    int validYmin = blkY < 0 ? -blkY : 0;
    int validYmax = blkYmax > rows - 1 ? BLOCK - 1 - (blkYmax - rows + 1) : BLOCK - 1;
    int validXmin = blkX < 0 ? -blkX : 0;
    int validXmax = blkXmax > cols - 1 ? BLOCK - 1 - (blkXmax - cols + 1) : BLOCK - 1;
    int N = ty - 1 < validYmin ? validYmin : ty - 1;
    int S = ty + 1 > validYmax ? validYmax : ty + 1;
    int W = tx - 1 < validXmin ? validXmin : tx - 1;
    int E = tx + 1 > validXmax ? validXmax : tx + 1;
    bool computed = false;
    for (int i = 0; i < iterations; i++) {
        computed = false;
        if (tx >= i + 1 && tx <= BLOCK - i - 2 && ty >= i + 1 && ty <= BLOCK - i - 2 &&
            tx >= validXmin && tx <= validXmax && ty >= validYmin && ty <= validYmax) {
            computed = true;
            float t = temp_on[ty][tx];
            temp_t[ty][tx] =
                t + c.step_div_cap *
                        (power_on[ty][tx] + (temp_on[S][tx] + temp_on[N][tx] - 2.0f * t) * c.ry_1 +
                         (temp_on[ty][E] + temp_on[ty][W] - 2.0f * t) * c.rx_1 +
                         (AMB_TEMP - t) * c.rz_1);
        }
        __syncthreads();
        if (i == iterations - 1)
            break;
        if (computed)
            temp_on[ty][tx] = temp_t[ty][tx];
        __syncthreads();
    }
    if (computed)
        temp_dst[index] = temp_t[ty][tx];
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 64 : size == 1 ? 256 : 512;
    const int total_steps = size == 0 ? 6 : 20;
    const int pyramid = 2;
    const int rows = n, cols = n;
    size_t cells = (size_t)rows * cols;
    float *temp = (float *)malloc(cells * sizeof(float));
    float *power = (float *)malloc(cells * sizeof(float));
    float *ref = (float *)malloc(cells * sizeof(float));
    float *ref2 = (float *)malloc(cells * sizeof(float));
    float *out = (float *)malloc(cells * sizeof(float));
    uint32_t seed = 0x707a70u;
    for (size_t i = 0; i < cells; i++) {
        temp[i] = 320.0f + 20.0f * rng_float(&seed);
        /* a few hot functional units on a cool background */
        int y = (int)(i / cols), x = (int)(i % cols);
        float p = 0.2f * rng_float(&seed);
        if ((x / (cols / 8) + y / (rows / 8)) % 3 == 0)
            p += 1.0f;
        power[i] = p;
    }
    float grid_height = CHIP_HEIGHT / rows, grid_width = CHIP_WIDTH / cols;
    float cap = FACTOR_CHIP * SPEC_HEAT_SI * T_CHIP * grid_width * grid_height;
    float rx = grid_width / (2.0f * K_SI * T_CHIP * grid_height);
    float ry = grid_height / (2.0f * K_SI * T_CHIP * grid_width);
    float rz = T_CHIP / (K_SI * grid_height * grid_width);
    float max_slope = MAX_PD / (FACTOR_CHIP * T_CHIP * SPEC_HEAT_SI);
    float step = PRECISION / max_slope;
    coeffs c = {step / cap, 1.0f / rx, 1.0f / ry, 1.0f / rz};

    float *d_power, *d_t[2];
    CK(cudaMalloc((void **)&d_power, cells * sizeof(float)));
    CK(cudaMalloc((void **)&d_t[0], cells * sizeof(float)));
    CK(cudaMalloc((void **)&d_t[1], cells * sizeof(float)));
    CK(cudaMemcpy(d_power, power, cells * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_t[0], temp, cells * sizeof(float), cudaMemcpyHostToDevice));
    int small_block = BLOCK - 2 * pyramid;
    int blocks = (n + small_block - 1) / small_block;
    dim3 grid(blocks, blocks), block(BLOCK, BLOCK);
    int src = 0;
    for (int t = 0; t < total_steps; t += pyramid) {
        int it = total_steps - t < pyramid ? total_steps - t : pyramid;
        calculate_temp<<<grid, block>>>(it, d_power, d_t[src], d_t[1 - src], cols, rows, pyramid,
                                        pyramid, c);
        CK_LAUNCH();
        src = 1 - src;
    }
    CK(cudaMemcpy(out, d_t[src], cells * sizeof(float), cudaMemcpyDeviceToHost));

    /* CPU: plain time steps, neighbours clamped at the edge */
    memcpy(ref, temp, cells * sizeof(float));
    for (int t = 0; t < total_steps; t++) {
        for (int y = 0; y < rows; y++)
            for (int x = 0; x < cols; x++) {
                int yn = y > 0 ? y - 1 : y, ys = y < rows - 1 ? y + 1 : y;
                int xw = x > 0 ? x - 1 : x, xe = x < cols - 1 ? x + 1 : x;
                double tc = ref[y * cols + x];
                double v = tc + (double)c.step_div_cap *
                                    (power[y * cols + x] +
                                     (ref[ys * cols + x] + ref[yn * cols + x] - 2.0 * tc) * c.ry_1 +
                                     (ref[y * cols + xe] + ref[y * cols + xw] - 2.0 * tc) * c.rx_1 +
                                     (AMB_TEMP - tc) * c.rz_1);
                ref2[y * cols + x] = (float)v;
            }
        float *sw = ref;
        ref = ref2;
        ref2 = sw;
    }
    int bad = 0;
    double maxdiff = 0.0;
    for (size_t i = 0; i < cells; i++) {
        double d = fabs(out[i] - ref[i]);
        maxdiff = d > maxdiff ? d : maxdiff;
        if (!close_enough(out[i], ref[i], 1e-3, 1e-5) && bad++ < 5)
            fprintf(stderr, "T[%zu] = %.5f, want %.5f\n", i, out[i], ref[i]);
    }
    printf("hotspot: %dx%d, %d steps, pyramid %d, max |diff| %.3g K\n", rows, cols, total_steps,
           pyramid, maxdiff);
    CK(cudaFree(d_power));
    CK(cudaFree(d_t[0]));
    CK(cudaFree(d_t[1]));
    free(temp);
    free(power);
    free(ref);
    free(ref2);
    free(out);
    if (bad) {
        printf("hotspot: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("hotspot: PASS\n");
    return 0;
}
