/*
 * dwthaar1d - full 1D Haar wavelet decomposition, after the CUDA SDK dwtHaar1D sample
 * (seed 002 Table 3 kernel dwtHaar1D; Haar transform: approximation (a+b)/sqrt2, detail
 * (a-b)/sqrt2 of each pair, repeated on the approximations). Each block decomposes a slice
 * of 2T samples through all log2(2T) levels in shared memory, writing every level's detail
 * coefficients to their place in the output (finest level in [N/2, N), next in [N/4, N/2),
 * ..., final approximation at 0) and its slice's approximation to a scratch array; the
 * kernel is launched again on those approximations until one value is left.
 * Divergence: the active threads halve at every level (the last levels run in one partial
 * warp); the later launches are tiny. Seed 002 counts 9,366 dynamic instructions (a short
 * signal).
 * Sizes: tiny 2^12 samples (2 launches), small 2^16, default 2^20 (3 launches).
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

#define MAX_T 256

/* len = current signal length, in = its samples; slices of 2 * blockDim.x. */
__global__ void dwtHaar1D(const float *in, float *out, float *approx, int len)
{
    __shared__ float s[2 * MAX_T];
    const float inv_sqrt2 = 0.70710678118654752f;
    int T = blockDim.x, t = threadIdx.x, b = blockIdx.x;
    s[t] = in[2 * T * b + t];
    s[t + T] = in[2 * T * b + T + t];
    __syncthreads();
    int active = T, level_len = len; /* signal length at this level */
    while (active > 0) {
        float a = 0.0f, d = 0.0f;
        if (t < active) {
            float x = s[2 * t], y = s[2 * t + 1];
            a = (x + y) * inv_sqrt2;
            d = (x - y) * inv_sqrt2;
            out[level_len / 2 + active * b + t] = d;
        }
        __syncthreads();
        if (t < active)
            s[t] = a;
        __syncthreads();
        active >>= 1;
        level_len >>= 1;
    }
    if (t == 0)
        approx[b] = s[0];
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 1 << 12 : size == 1 ? 1 << 16 : 1 << 20;
    float *sig = (float *)malloc(n * sizeof(float));
    float *out = (float *)malloc(n * sizeof(float));
    double *ref = (double *)malloc(n * sizeof(double));
    double *work = (double *)malloc(n * sizeof(double));
    uint32_t seed = 0xd3a1a1d3u;
    for (int i = 0; i < n; i++)
        sig[i] = sinf(0.01f * (float)i) + 0.5f * (rng_float(&seed) - 0.5f);
    float *d_sig, *d_out, *d_a[2];
    CK(cudaMalloc((void **)&d_sig, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_out, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_a[0], n * sizeof(float)));
    CK(cudaMalloc((void **)&d_a[1], n * sizeof(float)));
    CK(cudaMemcpy(d_sig, sig, n * sizeof(float), cudaMemcpyHostToDevice));
    const float *src = d_sig;
    int len = n, k = 0, launches = 0;
    while (len > 1) {
        int T = len / 2 < MAX_T ? len / 2 : MAX_T;
        int blocks = len / (2 * T);
        dwtHaar1D<<<blocks, T>>>(src, d_out, d_a[k], len);
        CK_LAUNCH();
        launches++;
        src = d_a[k];
        k = 1 - k;
        len = blocks;
    }
    CK(cudaMemcpy(d_out, src, sizeof(float), cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));

    /* CPU: level by level in double */
    for (int i = 0; i < n; i++)
        work[i] = sig[i];
    for (int l = n; l > 1; l /= 2) {
        for (int i = 0; i < l / 2; i++) {
            double x = work[2 * i], y = work[2 * i + 1];
            ref[l / 2 + i] = (x - y) / sqrt(2.0);
            work[i] = (x + y) / sqrt(2.0);
        }
    }
    ref[0] = work[0];
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (!close_enough(out[i], ref[i], 1e-4, 1e-4) && bad++ < 5)
            fprintf(stderr, "coefficient %d = %.6f, want %.6f\n", i, out[i], ref[i]);
    printf("dwthaar1d: %d samples, %d launches, approximation %.5f\n", n, launches, out[0]);
    CK(cudaFree(d_sig));
    CK(cudaFree(d_out));
    CK(cudaFree(d_a[0]));
    CK(cudaFree(d_a[1]));
    free(sig);
    free(out);
    free(ref);
    free(work);
    if (bad) {
        printf("dwthaar1d: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("dwthaar1d: PASS\n");
    return 0;
}
