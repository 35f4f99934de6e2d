// Register estimate of real kernel shapes (test_tracer regs): a 16x16 tiled matrix multiply
// (CUDA SDK matrixMul) and an order-8 3D stencil with a register queue (CUDA SDK FDTD3d).
// Their 256-thread CTAs must fit the 16384 registers of a GT200 SM as with nvcc.
#include "common.h"

#define T 16
__global__ void tiled_mm(float *c, const float *a, const float *b, int wa, int wb)
{
    __shared__ float as[T][T];
    __shared__ float bs[T][T];
    int tx = TID_X, ty = TID_Y;
    int row = __nvvm_read_ptx_sreg_ctaid_y() * T + ty, col = CTAID_X * T + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < wa; k0 += T) {
        as[ty][tx] = a[row * wa + k0 + tx];
        bs[ty][tx] = b[(k0 + ty) * wb + col];
        SYNC();
#pragma unroll
        for (int k = 0; k < T; k++)
            sum += as[ty][k] * bs[k][tx];
        SYNC();
    }
    c[row * wb + col] = sum;
}

#define R 4
__global__ void stencil8(float *out, const float *in, int nx, int ny, int nz)
{
    __shared__ float tile[T + 2 * R][T + 2 * R];
    int tx = TID_X + R, ty = TID_Y + R;
    int ix = CTAID_X * T + tx, iy = __nvvm_read_ptx_sreg_ctaid_y() * T + ty;
    int stride = (nx + 2 * R) * (ny + 2 * R);
    int idx = iy * (nx + 2 * R) + ix + R * stride;
    float behind[R], infront[R], cur = in[idx];
    for (int i = 0; i < R; i++) {
        behind[i] = in[idx - (i + 1) * stride];
        infront[i] = in[idx + (i + 1) * stride];
    }
    for (int z = 0; z < nz; z++) {
        for (int i = R - 1; i > 0; i--)
            behind[i] = behind[i - 1];
        behind[0] = cur;
        cur = infront[0];
        for (int i = 0; i < R - 1; i++)
            infront[i] = infront[i + 1];
        idx += stride;
        infront[R - 1] = in[idx + R * stride];
        SYNC();
        if (TID_X < R) {
            tile[ty][TID_X] = in[idx - R];
            tile[ty][tx + T] = in[idx + T];
        }
        if (TID_Y < R) {
            tile[TID_Y][tx] = in[idx - R * (nx + 2 * R)];
            tile[ty + T][tx] = in[idx + T * (nx + 2 * R)];
        }
        tile[ty][tx] = cur;
        SYNC();
        float v = 0.5f * cur;
#pragma unroll
        for (int i = 1; i <= R; i++)
            v += 0.1f * (infront[i - 1] + behind[i - 1] + tile[ty - i][tx] + tile[ty + i][tx] +
                         tile[ty][tx - i] + tile[ty][tx + i]);
        out[idx] = v;
    }
}
