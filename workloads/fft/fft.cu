/*
 * fft - batched 1D complex FFTs, standing in for the Parboil FFT kernel (seed 002 Table 3
 * "Parboil_FFT"; the seed notes that this kernel contains function calls, which is why the
 * implicit-reconvergence scheme failed on it). One block computes one 512-point transform
 * in shared memory with the radix-2 Stockham autosort formulation (Govindaraju et al.,
 * "High performance discrete Fourier transforms on graphics processors", SC 2008): for
 * Ns = 1, 2, ..., N/2, thread j loads v0 = x[j], v1 = x[j + N/2], multiplies v1 by
 * exp(-2 pi i (j mod Ns) / (2 Ns)), does a 2-point DFT and stores the pair at
 * (j / Ns) 2 Ns + (j mod Ns) and + Ns of the other buffer. The twiddle and the butterfly are
 * __noinline__ device functions, so every stage makes real calls.
 * Divergence: none in the kernel body (uniform calls); memory: strided shared-memory
 * writes (bank conflicts for small Ns).
 * Check: a direct O(N^2) DFT in double for every transform at tiny, for 16 at larger sizes.
 * Sizes: tiny 8 transforms, small 256, default 1024 (512 points each).
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

#define NFFT    512
#define THREADS (NFFT / 2)

__device__ __noinline__ float2 twiddle(float2 v, int k, int span)
{
    float s, c;
    sincosf(-6.283185307179586f * (float)k / (float)span, &s, &c);
    return make_float2(v.x * c - v.y * s, v.x * s + v.y * c);
}

__device__ __noinline__ void fft2(float2 *v0, float2 *v1)
{
    float2 a = *v0, b = *v1;
    *v0 = make_float2(a.x + b.x, a.y + b.y);
    *v1 = make_float2(a.x - b.x, a.y - b.y);
}

__global__ void fft_stockham(float2 *data)
{
    __shared__ float2 buf[2][NFFT];
    float2 *x = data + (size_t)blockIdx.x * NFFT;
    int j = threadIdx.x;
    buf[0][j] = x[j];
    buf[0][j + NFFT / 2] = x[j + NFFT / 2];
    int src = 0;
    for (int ns = 1; ns < NFFT; ns *= 2) {
        __syncthreads();
        float2 v0 = buf[src][j], v1 = buf[src][j + NFFT / 2];
        int k = j % ns;
        v1 = twiddle(v1, k, 2 * ns);
        fft2(&v0, &v1);
        int dst = (j / ns) * 2 * ns + k;
        buf[1 - src][dst] = v0;
        buf[1 - src][dst + ns] = v1;
        src = 1 - src;
    }
    __syncthreads();
    x[j] = buf[src][j];
    x[j + NFFT / 2] = buf[src][j + NFFT / 2];
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int batch = size == 0 ? 8 : size == 1 ? 256 : 1024;
    size_t n = (size_t)batch * NFFT;
    float2 *in = (float2 *)malloc(n * sizeof(float2));
    float2 *out = (float2 *)malloc(n * sizeof(float2));
    uint32_t seed = 0xff7ff7ffu;
    for (size_t i = 0; i < n; i++) { /* one draw per statement: argument order is unspecified */
        float re = rng_float(&seed) - 0.5f;
        in[i] = make_float2(re, rng_float(&seed) - 0.5f);
    }
    float2 *d;
    CK(cudaMalloc((void **)&d, n * sizeof(float2)));
    CK(cudaMemcpy(d, in, n * sizeof(float2), cudaMemcpyHostToDevice));
    fft_stockham<<<batch, THREADS>>>(d);
    CK_LAUNCH();
    CK(cudaMemcpy(out, d, n * sizeof(float2), cudaMemcpyDeviceToHost));

    int bad = 0, checked = batch < 16 ? batch : 16;
    double *cs = (double *)malloc(NFFT * sizeof(double)),
           *sn = (double *)malloc(NFFT * sizeof(double));
    for (int k = 0; k < NFFT; k++) {
        cs[k] = cos(-2.0 * M_PI * k / NFFT);
        sn[k] = sin(-2.0 * M_PI * k / NFFT);
    }
    for (int c = 0; c < checked; c++) {
        int b = c * (batch / checked);
        const float2 *x = in + (size_t)b * NFFT, *y = out + (size_t)b * NFFT;
        for (int k = 0; k < NFFT; k++) {
            double re = 0.0, im = 0.0;
            for (int t = 0; t < NFFT; t++) {
                int m = (int)(((long)k * t) % NFFT);
                re += x[t].x * cs[m] - x[t].y * sn[m];
                im += x[t].x * sn[m] + x[t].y * cs[m];
            }
            if ((!close_enough(y[k].x, re, 1e-3, 1e-4) || !close_enough(y[k].y, im, 1e-3, 1e-4)) &&
                bad++ < 5)
                fprintf(stderr, "transform %d bin %d: (%.5f, %.5f), want (%.5f, %.5f)\n", b, k,
                        y[k].x, y[k].y, re, im);
        }
    }
    printf("fft: %d transforms of %d points, %d checked against a direct DFT\n", batch, NFFT,
           checked);
    CK(cudaFree(d));
    free(in);
    free(out);
    free(cs);
    free(sn);
    if (bad) {
        printf("fft: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("fft: PASS\n");
    return 0;
}
