/*
 * fd3d - order-8 3D finite-difference stencil (the 25-point Laplacian-style operator of
 * seismic modelling), after the CUDA SDK 3DFD sample (seed 002 Table 3 kernel
 * stencil_3D_16x16_order8; approach: Micikevicius, "3D finite difference computation on
 * GPUs using CUDA", GPGPU-2 2009): out = c0 in + sum_{r=1..4} c_r (six neighbours at
 * distance r along x, y, z). A 16x16 block covers a column of the volume and marches along
 * z: the z neighbours stay in a register queue (4 behind, 4 ahead), the x/y neighbours come
 * from a shared 24x24 slice tile whose 4-wide halo is loaded by the first 4 threads of each
 * row / column.
 * Divergence: only the halo loads (threads with tx < 4 or ty < 4); memory: one coalesced
 * slice load per z step, shared-memory reuse. Seed 002 counts 3,174,912 dynamic
 * instructions.
 * Input: random volume with a 4-cell halo (the stencil is computed for the interior).
 * Sizes: tiny 32x32x16, small 64x64x64, default 128x128x96.
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

#define R  4
#define BX 16
#define BY 16

__constant__ float c_coeff[R + 1];

/* in/out: (dimx+2R) x (dimy+2R) x (dimz+2R), x fastest; interior points only are written. */
__global__ void stencil_3D_16x16_order8(float *out, const float *in, int dimx, int dimy, int dimz)
{
    __shared__ float tile[BY + 2 * R][BX + 2 * R];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
    int px = dimx + 2 * R, py = dimy + 2 * R;
    size_t sz = (size_t)px * py;
    size_t idx = (size_t)R * sz + (size_t)(y + R) * px + (x + R); /* (x, y, z = 0) */
    float behind[R], infront[R], cur = in[idx];
    for (int k = 0; k < R; k++) {
        behind[k] = in[idx - (k + 1) * sz];
        infront[k] = in[idx + (k + 1) * sz];
    }
    for (int z = 0; z < dimz; z++) {
        __syncthreads();
        if (tx < R) {
            tile[ty + R][tx] = in[idx - R];
            tile[ty + R][tx + BX + R] = in[idx + BX];
        }
        if (ty < R) {
            tile[ty][tx + R] = in[idx - (size_t)R * px];
            tile[ty + BY + R][tx + R] = in[idx + (size_t)BY * px];
        }
        tile[ty + R][tx + R] = cur;
        __syncthreads();
        float v = c_coeff[0] * cur;
        for (int r = 1; r <= R; r++)
            v += c_coeff[r] *
                 (tile[ty + R][tx + R - r] + tile[ty + R][tx + R + r] + tile[ty + R - r][tx + R] +
                  tile[ty + R + r][tx + R] + behind[r - 1] + infront[r - 1]);
        out[idx] = v;
        /* advance the z queue */
        for (int k = R - 1; k > 0; k--)
            behind[k] = behind[k - 1];
        behind[0] = cur;
        cur = infront[0];
        for (int k = 0; k < R - 1; k++)
            infront[k] = infront[k + 1];
        idx += sz;
        if (z + 1 < dimz)
            infront[R - 1] = in[idx + R * sz];
    }
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int dimx = size == 0 ? 32 : size == 1 ? 64 : 128;
    const int dimy = dimx;
    const int dimz = size == 0 ? 16 : size == 1 ? 64 : 96;
    int px = dimx + 2 * R, py = dimy + 2 * R, pz = dimz + 2 * R;
    size_t n = (size_t)px * py * pz;
    float *in = (float *)malloc(n * sizeof(float));
    float *out = (float *)malloc(n * sizeof(float));
    uint32_t seed = 0x3dfd3dfdu;
    for (size_t i = 0; i < n; i++)
        in[i] = rng_float(&seed) - 0.5f;
    /* 8th-order central second-difference weights, summed over three axes for c0 */
    const float coeff[R + 1] = {3.0f * (-205.0f / 72.0f), 8.0f / 5.0f, -1.0f / 5.0f, 8.0f / 315.0f,
                                -1.0f / 560.0f};
    float *d_in, *d_out;
    CK(cudaMalloc((void **)&d_in, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_out, n * sizeof(float)));
    CK(cudaMemcpy(d_in, in, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemset(d_out, 0, n * sizeof(float)));
    CK(cudaMemcpyToSymbol(c_coeff, coeff, sizeof coeff));
    dim3 grid(dimx / BX, dimy / BY), block(BX, BY);
    stencil_3D_16x16_order8<<<grid, block>>>(d_out, d_in, dimx, dimy, dimz);
    CK_LAUNCH();
    CK(cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0;
    for (int z = 0; z < pz; z++)
        for (int y = 0; y < py; y++)
            for (int x = 0; x < px; x++) {
                size_t i = ((size_t)z * py + y) * px + x;
                double want = 0.0;
                if (x >= R && x < px - R && y >= R && y < py - R && z >= R && z < pz - R) {
                    want = (double)coeff[0] * in[i];
                    for (int r = 1; r <= R; r++)
                        want += (double)coeff[r] *
                                ((double)in[i - r] + in[i + r] + in[i - (size_t)r * px] +
                                 in[i + (size_t)r * px] + in[i - (size_t)r * px * py] +
                                 in[i + (size_t)r * px * py]);
                }
                if (!close_enough(out[i], want, 1e-5, 1e-5) && bad++ < 5)
                    fprintf(stderr, "out(%d,%d,%d) = %.7f, want %.7f\n", x, y, z, out[i], want);
            }
    printf("fd3d: %dx%dx%d interior, radius %d\n", dimx, dimy, dimz, R);
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    free(in);
    free(out);
    if (bad) {
        printf("fd3d: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("fd3d: PASS\n");
    return 0;
}
