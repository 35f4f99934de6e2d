/*
 * backprop - one training step of a two-layer perceptron (n inputs, 16 hidden units, 1
 * output), after Rodinia's backprop (Che et al., IISWC 2009; seed 003 Table 4.1 "BACKP",
 * source [7]; algorithm: error back-propagation, Rumelhart, Hinton & Williams 1986).
 * bpnn_layerforward: a 16x16 block takes 16 inputs x 16 hidden units, multiplies each
 * weight by its input and sums the 16 inputs per hidden unit with a shared-memory tree
 * (the Rodinia form: "ty % 2^i == 0" lanes add); the host adds the per-block partial sums,
 * applies the sigmoid, computes the output layer and the deltas;
 * bpnn_adjust_weights: every input->hidden weight moves by eta delta_j x_i plus momentum
 * times its previous change.
 * Divergence: the tree's modulo test idles half, then 3/4, ... of the rows of the block
 * (whole 16-thread half-warps); memory: weights read coalesced per 16-wide row.
 * Seed 003: low maximum predicted speedup, high thread activity, few hazards.
 * Input: random inputs in [0,1), random weights in [-0.5, 0.5), target 0.9 (Rodinia's
 * target is also fixed).
 * Sizes: tiny 1024 inputs, small 16384, default 65536 (Rodinia's run).
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

#define HID   16
#define WIDTH 16
#define ETA   0.3f
#define MOM   0.3f

/* w: (n+1) x (HID+1), row 0 = bias, column 0 unused; in: n+1 values, in[0] = bias input. */
__global__ void bpnn_layerforward(const float *in, const float *w, float *partial, int n)
{
    __shared__ float input_node[WIDTH];
    __shared__ float wm[WIDTH][WIDTH];
    int tx = threadIdx.x, ty = threadIdx.y, by = blockIdx.y;
    int row = WIDTH * by + ty + 1; /* input unit */
    (void)n;
    if (tx == 0)
        input_node[ty] = in[row];
    __syncthreads();
    wm[ty][tx] = w[row * (HID + 1) + tx + 1] * input_node[ty];
    __syncthreads();
    for (int p = 2; p <= WIDTH; p *= 2) {
        if (ty % p == 0)
            wm[ty][tx] += wm[ty + p / 2][tx];
        __syncthreads();
    }
    if (ty == 0)
        partial[by * HID + tx] = wm[0][tx];
}

__global__ void bpnn_adjust_weights(const float *delta, const float *in, float *w, float *oldw)
{
    int tx = threadIdx.x, ty = threadIdx.y, by = blockIdx.y;
    int row = WIDTH * by + ty + 1, idx = row * (HID + 1) + tx + 1;
    float dw = ETA * delta[tx + 1] * in[row] + MOM * oldw[idx];
    w[idx] += dw;
    oldw[idx] = dw;
    if (by == 0 && ty == 0) { /* the bias row */
        float db = ETA * delta[tx + 1] + MOM * oldw[tx + 1];
        w[tx + 1] += db;
        oldw[tx + 1] = db;
    }
}

static float squash(float x)
{
    return 1.0f / (1.0f + expf(-x));
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 1024 : size == 1 ? 16384 : 65536;
    const int nblocks = n / WIDTH;
    size_t nw = (size_t)(n + 1) * (HID + 1);
    float *in = (float *)malloc((n + 1) * sizeof(float));
    float *w = (float *)malloc(nw * sizeof(float));
    float *oldw = (float *)calloc(nw, sizeof(float));
    float *w_gpu = (float *)malloc(nw * sizeof(float));
    float *oldw_gpu = (float *)malloc(nw * sizeof(float));
    float *partial = (float *)malloc((size_t)nblocks * HID * sizeof(float));
    float w2[HID + 1], hidden[HID + 1], delta[HID + 1];
    uint32_t seed = 0xbac4b0bu;
    in[0] = 1.0f;
    for (int i = 1; i <= n; i++)
        in[i] = rng_float(&seed);
    for (size_t i = 0; i < nw; i++)
        w[i] = rng_float(&seed) - 0.5f;
    for (int j = 0; j <= HID; j++)
        w2[j] = rng_float(&seed) - 0.5f;

    float *d_in, *d_w, *d_oldw, *d_partial, *d_delta;
    CK(cudaMalloc((void **)&d_in, (n + 1) * sizeof(float)));
    CK(cudaMalloc((void **)&d_w, nw * sizeof(float)));
    CK(cudaMalloc((void **)&d_oldw, nw * sizeof(float)));
    CK(cudaMalloc((void **)&d_partial, (size_t)nblocks * HID * sizeof(float)));
    CK(cudaMalloc((void **)&d_delta, (HID + 1) * sizeof(float)));
    CK(cudaMemcpy(d_in, in, (n + 1) * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_w, w, nw * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_oldw, oldw, nw * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(1, nblocks), block(WIDTH, WIDTH);
    bpnn_layerforward<<<grid, block>>>(d_in, d_w, d_partial, n);
    CK_LAUNCH();
    CK(cudaMemcpy(partial, d_partial, (size_t)nblocks * HID * sizeof(float),
                  cudaMemcpyDeviceToHost));

    int bad = 0;
    /* check the partial sums, then the host part of the step (as Rodinia does it) */
    for (int b = 0; b < nblocks; b++)
        for (int j = 0; j < HID; j++) {
            double want = 0.0;
            for (int i = WIDTH * b + 1; i <= WIDTH * (b + 1); i++)
                want += (double)w[i * (HID + 1) + j + 1] * in[i];
            if (!close_enough(partial[b * HID + j], want, 1e-5, 1e-5) && bad++ < 5)
                fprintf(stderr, "partial[%d][%d] = %.6f, want %.6f\n", b, j, partial[b * HID + j],
                        want);
        }
    hidden[0] = 1.0f;
    for (int j = 1; j <= HID; j++) {
        double s = w[j]; /* bias row */
        for (int b = 0; b < nblocks; b++)
            s += partial[b * HID + j - 1];
        hidden[j] = squash((float)s);
    }
    double o = 0.0;
    for (int j = 0; j <= HID; j++)
        o += (double)w2[j] * hidden[j];
    float out = squash((float)o), target = 0.9f;
    float delta_o = out * (1.0f - out) * (target - out);
    delta[0] = 0.0f;
    for (int j = 1; j <= HID; j++)
        delta[j] = hidden[j] * (1.0f - hidden[j]) * delta_o * w2[j];
    CK(cudaMemcpy(d_delta, delta, (HID + 1) * sizeof(float), cudaMemcpyHostToDevice));
    bpnn_adjust_weights<<<grid, block>>>(d_delta, d_in, d_w, d_oldw);
    CK_LAUNCH();
    CK(cudaMemcpy(w_gpu, d_w, nw * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(oldw_gpu, d_oldw, nw * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i <= n; i++)
        for (int j = 1; j <= HID; j++) {
            size_t k = (size_t)i * (HID + 1) + j;
            double dw = (double)ETA * delta[j] * in[i] + (double)MOM * oldw[k];
            if ((!close_enough(w_gpu[k], w[k] + dw, 1e-6, 1e-5) ||
                 !close_enough(oldw_gpu[k], dw, 1e-7, 1e-4)) &&
                bad++ < 5)
                fprintf(stderr, "w[%d][%d] = %.7f (change %.3g), want %.7f (change %.3g)\n", i, j,
                        w_gpu[k], oldw_gpu[k], w[k] + dw, dw);
        }
    printf("backprop: %d inputs, %d hidden, output %.5f, output delta %.4g\n", n, HID, out,
           delta_o);
    CK(cudaFree(d_in));
    CK(cudaFree(d_w));
    CK(cudaFree(d_oldw));
    CK(cudaFree(d_partial));
    CK(cudaFree(d_delta));
    free(in);
    free(w);
    free(oldw);
    free(w_gpu);
    free(oldw_gpu);
    free(partial);
    if (bad) {
        printf("backprop: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("backprop: PASS\n");
    return 0;
}
