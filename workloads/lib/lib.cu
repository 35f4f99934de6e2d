/*
 * lib - Monte Carlo pricing of a portfolio of swaptions under the LIBOR market model,
 * after Giles and Su's LIBOR Monte Carlo application (seed 000 reference [43]): each
 * thread simulates one path of NN = 80 forward rates over NMAT = 40 time steps of
 * delta = 0.25 with the log-Euler scheme (one normal increment per step, the drift summed
 * over the rates), then values 15 swaptions (maturities 4 to 40 periods, swap rates 4.5% to
 * 5.5%) on the final rates, discounted back along the path.
 * Divergence: only the "in the money" test of each swaption payoff depends on the path.
 * Seed 000 (chapter 5.3, Table 5.2): 4096 paths, 15 options, branch divergence intensity
 * "Low". The original uses Sobol quasi-random numbers; here the normals come from a
 * deterministic xorshift generator with the Box-Muller transform on the host.
 * Sizes: tiny 32 paths, small 512, default 4096. The check recomputes every path on the
 * host in double precision: within 1e-3 relative + 1e-3 absolute (notional 100), and the mean.
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

#define NN    80
#define NMAT  40
#define NOPT  15
#define DELTA 0.25f

__constant__ int c_maturities[NOPT];
__constant__ float c_swaprates[NOPT];
__constant__ float c_lambda[NN];

__global__ void libor_paths(const float *z, int npath, float *values)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npath)
        return;
    float L[NN], B[NN], S[NN];
    for (int i = 0; i < NN; i++)
        L[i] = 0.05f;
    for (int n = 0; n < NMAT; n++) { /* path: log-Euler step n */
        float sqez = sqrtf(DELTA) * z[(size_t)n * npath + p];
        float v = 0.0f;
        for (int i = n + 1; i < NN; i++) {
            float lam = c_lambda[i - n - 1], con1 = DELTA * lam;
            v += con1 * L[i] / (1.0f + DELTA * L[i]);
            float vrat = expf(con1 * v + lam * (sqez - 0.5f * con1));
            L[i] *= vrat;
        }
    }
    float b = 1.0f, s = 0.0f; /* bond prices and annuities from NMAT on */
    for (int n = NMAT; n < NN; n++) {
        b = b / (1.0f + DELTA * L[n]);
        s = s + DELTA * b;
        B[n] = b;
        S[n] = s;
    }
    float v = 0.0f;
    for (int i = 0; i < NOPT; i++) {
        int m = c_maturities[i] + NMAT - 1;
        float swapval = B[m] + c_swaprates[i] * S[m] - 1.0f;
        if (swapval < 0.0f) /* the payoff's only data-dependent branch */
            v += -100.0f * swapval;
    }
    for (int n = 0; n < NMAT; n++) /* discount back to time 0 */
        v = v / (1.0f + DELTA * L[n]);
    values[p] = v;
}

static double path_ref(const float *z, int npath, int p, const int *mat, const float *rates,
                       const float *lambda)
{
    double L[NN], B[NN], S[NN], delta = DELTA;
    for (int i = 0; i < NN; i++)
        L[i] = 0.05;
    for (int n = 0; n < NMAT; n++) {
        double sqez = sqrt(delta) * z[(size_t)n * npath + p], v = 0.0;
        for (int i = n + 1; i < NN; i++) {
            double lam = lambda[i - n - 1], con1 = delta * lam;
            v += con1 * L[i] / (1.0 + delta * L[i]);
            L[i] *= exp(con1 * v + lam * (sqez - 0.5 * con1));
        }
    }
    double b = 1.0, s = 0.0, v = 0.0;
    for (int n = NMAT; n < NN; n++) {
        b /= 1.0 + delta * L[n];
        s += delta * b;
        B[n] = b;
        S[n] = s;
    }
    for (int i = 0; i < NOPT; i++) {
        int m = mat[i] + NMAT - 1;
        double sv = B[m] + rates[i] * S[m] - 1.0;
        if (sv < 0.0)
            v -= 100.0 * sv;
    }
    for (int n = 0; n < NMAT; n++)
        v /= 1.0 + delta * L[n];
    return v;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int npath = size == 0 ? 32 : size == 1 ? 512 : 4096;
    const int block = size == 0 ? 32 : 64;
    static const int mat[NOPT] = {4, 4, 4, 8, 8, 8, 20, 20, 20, 28, 28, 28, 40, 40, 40};
    static const float rates[NOPT] = {.045f, .05f,  .055f, .045f, .05f,  .055f, .045f, .05f,
                                      .055f, .045f, .05f,  .055f, .045f, .05f,  .055f};
    float lambda[NN];
    for (int i = 0; i < NN; i++)
        lambda[i] = 0.2f;
    float *z = (float *)malloc((size_t)NMAT * npath * sizeof(float));
    uint32_t seed = 0x11b0au;
    for (size_t i = 0; i < (size_t)NMAT * npath; i += 2) { /* Box-Muller */
        double u1 = ((rng_next(&seed) >> 8) + 1.0) / 16777217.0;
        double u2 = (rng_next(&seed) >> 8) / 16777216.0;
        double r = sqrt(-2.0 * log(u1));
        z[i] = (float)(r * cos(6.283185307179586 * u2));
        if (i + 1 < (size_t)NMAT * npath)
            z[i + 1] = (float)(r * sin(6.283185307179586 * u2));
    }
    CK(cudaMemcpyToSymbol(c_maturities, mat, sizeof(mat)));
    CK(cudaMemcpyToSymbol(c_swaprates, rates, sizeof(rates)));
    CK(cudaMemcpyToSymbol(c_lambda, lambda, sizeof(lambda)));
    float *d_z, *d_v;
    CK(cudaMalloc((void **)&d_z, (size_t)NMAT * npath * sizeof(float)));
    CK(cudaMalloc((void **)&d_v, npath * sizeof(float)));
    CK(cudaMemcpy(d_z, z, (size_t)NMAT * npath * sizeof(float), cudaMemcpyHostToDevice));
    libor_paths<<<(npath + block - 1) / block, block>>>(d_z, npath, d_v);
    CK_LAUNCH();
    float *v = (float *)malloc(npath * sizeof(float));
    CK(cudaMemcpy(v, d_v, npath * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = 0;
    double mean = 0.0, ref_mean = 0.0;
    for (int p = 0; p < npath; p++) {
        double r = path_ref(z, npath, p, mat, rates, lambda);
        mean += v[p];
        ref_mean += r;
        /* payoffs are 100 x (small differences of bond prices): float cancellation costs
         * about 1e-4 absolute on a notional of 100 */
        if (!(fabs(v[p] - r) <= 1e-3 * fabs(r) + 1e-3) && bad++ < 5)
            fprintf(stderr, "path %d: %.7g, want %.7g\n", p, v[p], r);
    }
    mean /= npath;
    ref_mean /= npath;
    if (!(fabs(mean - ref_mean) <= 1e-4 * fabs(ref_mean) + 1e-4) && bad++ < 5)
        fprintf(stderr, "portfolio mean %.7g, want %.7g\n", mean, ref_mean);
    printf("lib: %d paths, %d swaptions, portfolio value %.6f\n", npath, NOPT, mean);
    CK(cudaFree(d_z));
    CK(cudaFree(d_v));
    free(z);
    free(v);
    if (bad) {
        printf("lib: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("lib: PASS\n");
    return 0;
}
