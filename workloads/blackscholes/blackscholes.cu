/*
 * blackscholes - European call and put prices by the Black-Scholes closed form, in the
 * manner of the NVIDIA CUDA SDK sample (seed 000 reference [39]): each thread prices
 * several options in a grid-stride loop ("each thread processes more than one index"),
 * the cumulative normal distribution by the Abramowitz-Stegun polynomial (formula
 * 26.2.17). Seed 000 (chapter 5.3, Table 5.2): branch divergence intensity "Low" - the
 * only branches are the loop and the sign test of the CND, which compiles to a select.
 * Sizes: tiny 16384 options on 512 threads (4 blocks of 128), small 65536 on 4096 threads,
 * default 1,000,000 options on 61440 threads (480 blocks of 128); riskless rate 0.02 and
 * volatility 0.30 as in the SDK sample; prices, strikes and expiries drawn uniformly.
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

#define RISKFREE   0.02f
#define VOLATILITY 0.30f

/* Abramowitz & Stegun 26.2.17 polynomial approximation of the normal CDF. */
__host__ __device__ inline float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
                a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = rsqrt2pi * expf(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0 ? 1.0f - c : c;
}

__host__ __device__ inline void price(float s, float x, float t, float r, float v, float *call,
                                      float *put)
{
    float sqrt_t = sqrtf(t);
    float d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sqrt_t);
    float d2 = d1 - v * sqrt_t;
    float cnd1 = cnd(d1), cnd2 = cnd(d2);
    float exp_rt = expf(-r * t);
    *call = s * cnd1 - x * exp_rt * cnd2;
    *put = x * exp_rt * (1.0f - cnd2) - s * (1.0f - cnd1);
}

__global__ void black_scholes(float *call, float *put, const float *s, const float *x,
                              const float *t, float r, float v, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        price(s[i], x[i], t[i], r, v, &call[i], &put[i]);
}

static float rand_range(uint32_t *seed, float lo, float hi)
{
    return lo + (hi - lo) * (float)(rng_next(seed) >> 8) * (1.0f / 16777216.0f);
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 16384 : size == 1 ? 65536 : 1000000;
    const int block = 128;
    const int grid = size == 0 ? 4 : size == 1 ? 32 : 480;
    size_t bytes = (size_t)n * sizeof(float);
    float *hs = (float *)malloc(bytes), *hx = (float *)malloc(bytes), *ht = (float *)malloc(bytes);
    float *hc = (float *)malloc(bytes), *hp = (float *)malloc(bytes);
    uint32_t seed = 0xb1ac5u;
    for (int i = 0; i < n; i++) {
        hs[i] = rand_range(&seed, 5.0f, 30.0f);
        hx[i] = rand_range(&seed, 1.0f, 100.0f);
        ht[i] = rand_range(&seed, 0.25f, 10.0f);
    }
    float *ds, *dx, *dt, *dc, *dp;
    CK(cudaMalloc((void **)&ds, bytes));
    CK(cudaMalloc((void **)&dx, bytes));
    CK(cudaMalloc((void **)&dt, bytes));
    CK(cudaMalloc((void **)&dc, bytes));
    CK(cudaMalloc((void **)&dp, bytes));
    CK(cudaMemcpy(ds, hs, bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dx, hx, bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dt, ht, bytes, cudaMemcpyHostToDevice));
    black_scholes<<<grid, block>>>(dc, dp, ds, dx, dt, RISKFREE, VOLATILITY, n);
    CK_LAUNCH();
    CK(cudaMemcpy(hc, dc, bytes, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hp, dp, bytes, cudaMemcpyDeviceToHost));

    /* Reference in double precision with the exact normal CDF (erfc); the polynomial CND
     * is accurate to 7.5e-8, so the float results must agree to about 1e-4 relative. */
    int bad = 0;
    double max_err = 0.0;
    for (int i = 0; i < n; i++) {
        double s = hs[i], x = hx[i], t = ht[i], r = RISKFREE, v = VOLATILITY;
        double d1 = (log(s / x) + (r + 0.5 * v * v) * t) / (v * sqrt(t)), d2 = d1 - v * sqrt(t);
        double n1 = 0.5 * erfc(-d1 / sqrt(2.0)), n2 = 0.5 * erfc(-d2 / sqrt(2.0));
        double c = s * n1 - x * exp(-r * t) * n2;
        double p = x * exp(-r * t) * (1.0 - n2) - s * (1.0 - n1);
        double ec = fabs(hc[i] - c) / (1.0 + fabs(c)), ep = fabs(hp[i] - p) / (1.0 + fabs(p));
        double e = ec > ep ? ec : ep;
        if (e > max_err)
            max_err = e;
        if (!(e < 1e-4) && bad++ < 5)
            fprintf(stderr, "option %d: call %g put %g, want %g %g\n", i, hc[i], hp[i], c, p);
    }
    printf("blackscholes: %d options, max error %.3g (relative to 1 + |price|)\n", n, max_err);
    CK(cudaFree(ds));
    CK(cudaFree(dx));
    CK(cudaFree(dt));
    CK(cudaFree(dc));
    CK(cudaFree(dp));
    free(hs);
    free(hx);
    free(ht);
    free(hc);
    free(hp);
    if (bad) {
        printf("blackscholes: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("blackscholes: PASS\n");
    return 0;
}
