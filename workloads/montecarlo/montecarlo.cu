/*
 * montecarlo - Monte Carlo pricing of European call options, after the CUDA SDK MonteCarlo
 * sample's one-block-per-option kernel (seed 002 Table 3 kernel MonteCarloOneBlock): every
 * option gets one block; its threads walk the shared table of standard normal samples z
 * with a block-size stride, summing the discounted payoff max(S exp((r - v^2/2) T +
 * v sqrt(T) z) - X, 0) and its square, then a shared-memory tree reduction gives the
 * price and its standard error.
 * Divergence: the payoff's max() (predicated) and the reduction tree; memory: every block
 * streams the same sample table (good L2 reuse).
 * Input: normal samples by Box-Muller from xorshift32 on the host (the SDK generates them
 * on the GPU with a Mersenne twister).
 * Check: the same sums in double on the CPU, and the Black-Scholes price within 4 standard
 * errors.
 * Sizes: tiny 4 options x 8192 paths, small 32 x 65536, default 64 x 262144.
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

#define THREADS 256

struct option_t {
    float S, X, T, R, V;
};

__global__ void MonteCarloOneBlockPerOption(const option_t *opt, const float *samples, int npath,
                                            float *price, float *conf)
{
    __shared__ float s_sum[THREADS], s_sum2[THREADS];
    option_t o = opt[blockIdx.x];
    float vBySqrtT = o.V * sqrtf(o.T);
    float muByT = (o.R - 0.5f * o.V * o.V) * o.T;
    float sum = 0.0f, sum2 = 0.0f;
    for (int i = threadIdx.x; i < npath; i += blockDim.x) {
        float st = o.S * expf(muByT + vBySqrtT * samples[i]);
        float pay = st - o.X > 0.0f ? st - o.X : 0.0f;
        sum += pay;
        sum2 += pay * pay;
    }
    s_sum[threadIdx.x] = sum;
    s_sum2[threadIdx.x] = sum2;
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        __syncthreads();
        if (threadIdx.x < s) {
            s_sum[threadIdx.x] += s_sum[threadIdx.x + s];
            s_sum2[threadIdx.x] += s_sum2[threadIdx.x + s];
        }
    }
    if (threadIdx.x == 0) {
        float df = expf(-o.R * o.T), n = (float)npath;
        float mean = s_sum[0] / n;
        float var = (s_sum2[0] - n * mean * mean) / (n - 1.0f);
        price[blockIdx.x] = df * mean;
        conf[blockIdx.x] = df * 1.96f * sqrtf(var > 0.0f ? var / n : 0.0f);
    }
}

static double cnd(double d)
{
    return 0.5 * erfc(-d / sqrt(2.0));
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int nopt = size == 0 ? 4 : size == 1 ? 32 : 64;
    const int npath = size == 0 ? 8192 : size == 1 ? 65536 : 262144;
    option_t *opt = (option_t *)malloc(nopt * sizeof(option_t));
    float *z = (float *)malloc(npath * sizeof(float));
    float *price = (float *)malloc(nopt * sizeof(float)),
          *conf = (float *)malloc(nopt * sizeof(float));
    uint32_t seed = 0x3c6ef372u;
    for (int i = 0; i < nopt; i++) {
        opt[i].S = 5.0f + 45.0f * rng_float(&seed);
        opt[i].X = opt[i].S * (0.7f + 0.6f * rng_float(&seed));
        opt[i].T = 0.25f + 4.75f * rng_float(&seed);
        opt[i].R = 0.06f;
        opt[i].V = 0.10f + 0.2f * rng_float(&seed);
    }
    for (int i = 0; i < npath; i += 2) { /* Box-Muller */
        double u1 = (rng_next(&seed) + 1.0) / 4294967297.0, u2 = rng_next(&seed) / 4294967296.0;
        double r = sqrt(-2.0 * log(u1));
        z[i] = (float)(r * cos(2.0 * M_PI * u2));
        if (i + 1 < npath)
            z[i + 1] = (float)(r * sin(2.0 * M_PI * u2));
    }
    option_t *d_opt;
    float *d_z, *d_price, *d_conf;
    CK(cudaMalloc((void **)&d_opt, nopt * sizeof(option_t)));
    CK(cudaMalloc((void **)&d_z, npath * sizeof(float)));
    CK(cudaMalloc((void **)&d_price, nopt * sizeof(float)));
    CK(cudaMalloc((void **)&d_conf, nopt * sizeof(float)));
    CK(cudaMemcpy(d_opt, opt, nopt * sizeof(option_t), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_z, z, npath * sizeof(float), cudaMemcpyHostToDevice));
    MonteCarloOneBlockPerOption<<<nopt, THREADS>>>(d_opt, d_z, npath, d_price, d_conf);
    CK_LAUNCH();
    CK(cudaMemcpy(price, d_price, nopt * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(conf, d_conf, nopt * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0;
    for (int k = 0; k < nopt; k++) {
        double S = opt[k].S, X = opt[k].X, T = opt[k].T, R = opt[k].R, V = opt[k].V;
        double sum = 0.0, sum2 = 0.0;
        for (int i = 0; i < npath; i++) {
            double st = S * exp((R - 0.5 * V * V) * T + V * sqrt(T) * z[i]);
            double pay = st > X ? st - X : 0.0;
            sum += pay;
            sum2 += pay * pay;
        }
        double mean = sum / npath, df = exp(-R * T);
        double se = sqrt((sum2 - npath * mean * mean) / (npath - 1.0) / npath);
        if (!close_enough(price[k], df * mean, 1e-4, 1e-4) && bad++ < 5)
            fprintf(stderr, "option %d: %.6f, want %.6f\n", k, price[k], df * mean);
        if (!close_enough(conf[k], df * 1.96 * se, 1e-4, 1e-2) && bad++ < 5)
            fprintf(stderr, "option %d: confidence %.6f, want %.6f\n", k, conf[k], df * 1.96 * se);
        double sq = V * sqrt(T);
        double d1 = (log(S / X) + (R + 0.5 * V * V) * T) / sq, d2 = d1 - sq;
        double bs = S * cnd(d1) - X * exp(-R * T) * cnd(d2);
        if (fabs(price[k] - bs) > 4.0 * df * se + 1e-3 && bad++ < 5)
            fprintf(stderr, "option %d: %.6f, Black-Scholes %.6f (se %.6f)\n", k, price[k], bs,
                    df * se);
    }
    printf("montecarlo: %d options x %d paths, option 0: %.5f +- %.5f\n", nopt, npath, price[0],
           conf[0]);
    CK(cudaFree(d_opt));
    CK(cudaFree(d_z));
    CK(cudaFree(d_price));
    CK(cudaFree(d_conf));
    free(opt);
    free(z);
    free(price);
    free(conf);
    if (bad) {
        printf("montecarlo: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("montecarlo: PASS\n");
    return 0;
}
