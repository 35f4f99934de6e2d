/*
 * quasirandom - quasi-random normal samples, after the CUDA SDK quasirandomGenerator sample
 * (seed 002 Table 3 kernel inverseCNDKernel): quasirandomGenerator writes a 3-dimensional
 * base-2 digital (Sobol) low-discrepancy sequence, point i of dimension d being the XOR of
 * the direction numbers v[d][b] over the set bits b of i (Sobol, USSR Comput. Math. 1967;
 * direction numbers from the primitive polynomials 1, x+1, x^2+x+1); inverseCNDKernel maps
 * the uniform values through the inverse cumulative normal distribution with Moro's
 * algorithm (B. Moro, "The full Monte", Risk 1995: Beasley-Springer rational function for
 * |u - 1/2| < 0.42, a Chebyshev series in log(-log(tail)) otherwise).
 * Divergence: the generator's loop runs once per significant bit of the index (trip counts
 * differ across a warp) with a data-dependent XOR; inverseCND takes the tail branch for
 * about 16% of the samples. Seed 002 counts 3,383,048 dynamic instructions for
 * inverseCNDKernel.
 * Check: the sequence by an independent Gray-code recurrence on the CPU (exact), the normals
 * against Moro in double, and Moro against erfc.
 * Sizes: tiny 3 x 4096 points, small 3 x 65536, default 3 x 1048576 (the SDK's N).
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

#define DIMS  3
#define NBITS 31

__constant__ unsigned c_dir[DIMS][NBITS];

__global__ void quasirandomGenerator(float *out, int n)
{
    for (int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < n; pos += blockDim.x * gridDim.x) {
        for (int d = 0; d < DIMS; d++) {
            unsigned x = 0;
            int b = 0;
            for (unsigned i = (unsigned)pos; i != 0; i >>= 1, b++)
                if (i & 1u)
                    x ^= c_dir[d][b];
            /* the top 23 bits as an odd multiple of 2^-24: exact, never 0 or 1 */
            out[d * n + pos] = (float)((x >> 9) * 2u + 1u) * (1.0f / 16777216.0f);
        }
    }
}

__device__ float moro_inv_cnd(float u)
{
    const float a0 = 2.50662823884f, a1 = -18.61500062529f, a2 = 41.39119773534f,
                a3 = -25.44106049637f;
    const float b0 = -8.47351093090f, b1 = 23.08336743743f, b2 = -21.06224101826f,
                b3 = 3.13082909833f;
    const float c0 = 0.3374754822726147f, c1 = 0.9761690190917186f, c2 = 0.1607979714918209f,
                c3 = 0.0276438810333863f, c4 = 0.0038405729373609f, c5 = 0.0003951896511919f,
                c6 = 0.0000321767881768f, c7 = 0.0000002888167364f, c8 = 0.0000003960315187f;
    float y = u - 0.5f, x;
    if (fabsf(y) < 0.42f) {
        float r = y * y;
        x = y * (((a3 * r + a2) * r + a1) * r + a0) /
            ((((b3 * r + b2) * r + b1) * r + b0) * r + 1.0f);
    } else {
        float r = y > 0.0f ? 1.0f - u : u;
        r = logf(-logf(r));
        x = c0 +
            r * (c1 + r * (c2 + r * (c3 + r * (c4 + r * (c5 + r * (c6 + r * (c7 + r * c8)))))));
        if (y < 0.0f)
            x = -x;
    }
    return x;
}

__global__ void inverseCNDKernel(float *d, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        d[i] = moro_inv_cnd(d[i]);
}

static double moro_ref(double u)
{
    static const double a[4] = {2.50662823884, -18.61500062529, 41.39119773534, -25.44106049637};
    static const double b[4] = {-8.47351093090, 23.08336743743, -21.06224101826, 3.13082909833};
    static const double c[9] = {0.3374754822726147, 0.9761690190917186, 0.1607979714918209,
                                0.0276438810333863, 0.0038405729373609, 0.0003951896511919,
                                0.0000321767881768, 0.0000002888167364, 0.0000003960315187};
    double y = u - 0.5;
    if (fabs(y) < 0.42) {
        double r = y * y;
        return y * (((a[3] * r + a[2]) * r + a[1]) * r + a[0]) /
               ((((b[3] * r + b[2]) * r + b[1]) * r + b[0]) * r + 1.0);
    }
    double r = log(-log(y > 0.0 ? 1.0 - u : u)), x = c[8];
    for (int k = 7; k >= 0; k--)
        x = c[k] + r * x;
    return y < 0.0 ? -x : x;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 4096 : size == 1 ? 65536 : 1048576;
    /* direction numbers v[d][b] = m_{b+1} << (31 - b) */
    unsigned dir[DIMS][NBITS];
    for (int b = 0; b < NBITS; b++)
        dir[0][b] = 1u << (31 - b);
    unsigned m1[NBITS], m2[NBITS];
    m1[0] = 1; /* x + 1: m_k = 2 m_{k-1} ^ m_{k-1} */
    for (int k = 1; k < NBITS; k++)
        m1[k] = (m1[k - 1] << 1) ^ m1[k - 1];
    m2[0] = 1; /* x^2 + x + 1: m_k = 2 m_{k-1} ^ 4 m_{k-2} ^ m_{k-2} */
    m2[1] = 3;
    for (int k = 2; k < NBITS; k++)
        m2[k] = (m2[k - 1] << 1) ^ (m2[k - 2] << 2) ^ m2[k - 2];
    for (int b = 0; b < NBITS; b++) {
        dir[1][b] = m1[b] << (31 - b);
        dir[2][b] = m2[b] << (31 - b);
    }
    float *d_buf;
    float *u = (float *)malloc((size_t)DIMS * n * sizeof(float));
    float *z = (float *)malloc((size_t)DIMS * n * sizeof(float));
    CK(cudaMalloc((void **)&d_buf, (size_t)DIMS * n * sizeof(float)));
    CK(cudaMemcpyToSymbol(c_dir, dir, sizeof dir));
    int blocks = n / 128 < 128 ? n / 128 : 128;
    quasirandomGenerator<<<blocks, 128>>>(d_buf, n);
    CK_LAUNCH();
    CK(cudaMemcpy(u, d_buf, (size_t)DIMS * n * sizeof(float), cudaMemcpyDeviceToHost));
    inverseCNDKernel<<<blocks, 128>>>(d_buf, DIMS * n);
    CK_LAUNCH();
    CK(cudaMemcpy(z, d_buf, (size_t)DIMS * n * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0;
    for (int d = 0; d < DIMS; d++) {
        /* Gray-code order: y_k = y_{k-1} ^ v[ctz(k)] is point gray(k) = k ^ (k >> 1) */
        unsigned y = 0;
        for (int k = 0; k < n; k++) {
            if (k > 0) {
                int c = 0;
                while (!((k >> c) & 1))
                    c++;
                y ^= dir[d][c];
            }
            int g = k ^ (k >> 1);
            float want = (float)((y >> 9) * 2u + 1u) / 16777216.0f;
            if (u[d * n + g] != want && bad++ < 5)
                fprintf(stderr, "dimension %d point %d: %.8f, want %.8f\n", d, g, u[d * n + g],
                        want);
        }
    }
    double maxerr = 0.0;
    for (int i = 0; i < DIMS * n; i++) {
        double want = moro_ref(u[i]);
        double e = fabs(z[i] - want);
        maxerr = e > maxerr ? e : maxerr;
        if (!close_enough(z[i], want, 2e-5, 1e-5) && bad++ < 5)
            fprintf(stderr, "inverseCND(%.8f) = %.7f, want %.7f\n", u[i], z[i], want);
        double p = 0.5 * erfc(-want / sqrt(2.0)), tail = u[i] < 0.5 ? u[i] : 1.0 - u[i];
        if (fabs(p - u[i]) > 1e-3 * tail && bad++ < 5)
            fprintf(stderr, "Moro(%.8f) = %.7f: Phi gives %.8f\n", u[i], want, p);
    }
    printf("quasirandom: %d x %d points, max |inverseCND - reference| %.3g\n", DIMS, n, maxerr);
    CK(cudaFree(d_buf));
    free(u);
    free(z);
    if (bad) {
        printf("quasirandom: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("quasirandom: PASS\n");
    return 0;
}
