/* cudart.curand.api: the cuRAND host API (curand.h) fills device memory that a kernel then
 * reads: uniform values in (0, 1] with mean 1/2 and variance 1/12, normal values with the
 * asked mean and deviation, Poisson counts with mean lambda (small and large lambda); a
 * host generator with the same seed gives the same numbers; two calls continue one stream;
 * an offset of k skips k values; odd normal counts and quasi-random generators are refused. */
#include <cmath>
#include <curand.h>
#include "cudart_check.h"

#define CURAND_CHECK(x) EXPECT((x) == CURAND_STATUS_SUCCESS)

__global__ void stats(const float *u, int n, double *acc)
{
    /* one thread per 1024 values, then atomics: sum and sum of squares */
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    double s = 0, q = 0;
    for (int i = t * 1024; i < (t + 1) * 1024 && i < n; i++) {
        s += u[i];
        q += (double)u[i] * u[i];
    }
    atomicAdd(&acc[0], s);
    atomicAdd(&acc[1], q);
}

static void moments(const float *d, int n, double *mean, double *var)
{
    double *acc;
    CHECK(cudaMallocManaged(&acc, 2 * sizeof(double)));
    acc[0] = acc[1] = 0;
    stats<<<(n / 1024 + 63) / 64, 64>>>(d, n, acc);
    CHECK(cudaDeviceSynchronize());
    *mean = acc[0] / n;
    *var = acc[1] / n - *mean * *mean;
    CHECK(cudaFree(acc));
}

int main()
{
    const int n = 1 << 18;
    curandGenerator_t g, h;
    CURAND_CHECK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT));
    CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(g, 1234ULL));
    float *d;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    CURAND_CHECK(curandGenerateUniform(g, d, n));
    double m, v;
    moments(d, n, &m, &v);
    EXPECT(fabs(m - 0.5) < 0.005 && fabs(v - 1.0 / 12) < 0.002);
    static float hu[1 << 18];
    CHECK(cudaMemcpy(hu, d, sizeof hu, cudaMemcpyDeviceToHost));
    int inrange = 1;
    for (int i = 0; i < n; i++)
        inrange &= hu[i] > 0.0f && hu[i] <= 1.0f;
    EXPECT(inrange);

    /* the same seed on a host generator: the same numbers */
    CURAND_CHECK(curandCreateGeneratorHost(&h, CURAND_RNG_PSEUDO_XORWOW));
    CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(h, 1234ULL));
    static float hh[1 << 18];
    CURAND_CHECK(curandGenerateUniform(h, hh, n / 2));         /* two calls continue */
    CURAND_CHECK(curandGenerateUniform(h, hh + n / 2, n / 2)); /* the stream */
    int same = 1;
    for (int i = 0; i < n; i++)
        same &= hh[i] == hu[i];
    EXPECT(same);

    /* offsets skip values */
    unsigned int a[64], b[64];
    CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(h, 99ULL));
    CURAND_CHECK(curandGenerate(h, a, 64));
    CURAND_CHECK(curandSetGeneratorOffset(h, 10));
    CURAND_CHECK(curandGenerate(h, b, 54));
    int skip = 1;
    for (int i = 0; i < 54; i++)
        skip &= b[i] == a[i + 10];
    /* our generators are one XORWOW sequence, where an offset shifts the output; cuRAND
     * interleaves many threads' subsequences (docs/CUDA_SUPPORT.md, "Notes on cuRAND") */
    EXPECT(skip || !ON_SIMT);

    /* normal, log-normal and Poisson */
    CURAND_CHECK(curandGenerateNormal(g, d, n, 3.0f, 2.0f));
    moments(d, n, &m, &v);
    EXPECT(fabs(m - 3.0) < 0.02 && fabs(sqrt(v) - 2.0) < 0.02);
    unsigned int *pc;
    CHECK(cudaMallocManaged(&pc, n * sizeof(unsigned int)));
    const double lams[2] = {4.0, 100.0};
    for (double lam : lams) {
        CURAND_CHECK(curandGeneratePoisson(g, pc, n, lam));
        CHECK(cudaDeviceSynchronize()); /* generation is asynchronous on a GPU */
        double s = 0, q = 0;
        for (int i = 0; i < n; i++) {
            s += pc[i];
            q += (double)pc[i] * pc[i];
        }
        double pm = s / n, pv = q / n - pm * pm;
        EXPECT(fabs(pm - lam) < 0.01 * lam + 0.02 && fabs(pv - lam) < 0.03 * lam + 0.05);
    }
    double *dd;
    CHECK(cudaMalloc(&dd, 1000 * sizeof(double)));
    CURAND_CHECK(curandGenerateLogNormalDouble(g, dd, 1000, 0.0, 0.5));

    /* refused */
    EXPECT(curandGenerateNormal(g, d, 7, 0.0f, 1.0f) == CURAND_STATUS_LENGTH_NOT_MULTIPLE);
#if ON_SIMT /* this runtime's limits: no quasi-random generators; device generators write          \
             * device memory only (a GPU with host-memory access may take the host buffer) */
    curandGenerator_t q;
    EXPECT(curandCreateGenerator(&q, CURAND_RNG_QUASI_SOBOL32) == CURAND_STATUS_TYPE_ERROR);
    float hostbuf[4];
    EXPECT(curandGenerateUniform(g, hostbuf, 4) == CURAND_STATUS_LAUNCH_FAILURE);
#endif
    int ver = 0;
    CURAND_CHECK(curandGetVersion(&ver));
    EXPECT(ver > 0);
    CURAND_CHECK(curandDestroyGenerator(g));
    CURAND_CHECK(curandDestroyGenerator(h));
    return cudart_finish("cudart.curand.api");
}
