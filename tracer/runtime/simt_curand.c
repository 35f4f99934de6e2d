/*
 * simt_curand.c - the cuRAND host API (curand.h) on top of curand_kernel.h's XORWOW
 * generator: every generator draws its numbers in order from one XORWOW stream
 * (curand_init(seed, 0, offset)), on the host, and copies them to the output (device memory
 * through cudaMemcpy, or host memory for curandCreateGeneratorHost). Successive calls continue
 * the stream; setting the seed or the offset restarts it. Distributions as cuRAND documents
 * them: uniform in (0, 1], normal by Box-Muller (an even count), log-normal, Poisson (Knuth's
 * product of uniforms for small means, Hoermann's transformed rejection PTRS, 1993, for
 * larger ones).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "curand.h"
#include "curand_kernel.h"

struct curandGenerator_st {
    curandRngType_t type;
    int host; /* output in host memory */
    unsigned long long seed, offset;
    int fresh; /* the stream must (re)start from seed and offset */
    curandStateXORWOW_t st;
};

#define CHUNK 16384 /* values generated per copy */

static int pseudo(curandRngType_t t)
{
    return t == CURAND_RNG_PSEUDO_DEFAULT || t == CURAND_RNG_PSEUDO_XORWOW ||
           t == CURAND_RNG_PSEUDO_MRG32K3A || t == CURAND_RNG_PSEUDO_MTGP32 ||
           t == CURAND_RNG_PSEUDO_MT19937 || t == CURAND_RNG_PSEUDO_PHILOX4_32_10 ||
           t == CURAND_RNG_TEST;
}

static curandStatus_t create(curandGenerator_t *g, curandRngType_t t, int host)
{
    if (!g)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (!pseudo(t)) {
        fprintf(stderr,
                "simt-curand: generator type %d is not supported (the pseudo-random "
                "types are; quasi-random Sobol generators are not)\n",
                (int)t);
        return CURAND_STATUS_TYPE_ERROR;
    }
    struct curandGenerator_st *n = calloc(1, sizeof *n);
    if (!n)
        return CURAND_STATUS_ALLOCATION_FAILED;
    n->type = t;
    n->host = host;
    n->seed = 0;
    n->fresh = 1;
    *g = n;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandCreateGenerator(curandGenerator_t *g, curandRngType_t t)
{
    return create(g, t, 0);
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t *g, curandRngType_t t)
{
    return create(g, t, 1);
}

curandStatus_t curandDestroyGenerator(curandGenerator_t g)
{
    if (!g)
        return CURAND_STATUS_NOT_INITIALIZED;
    free(g);
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetVersion(int *v)
{
    if (!v)
        return CURAND_STATUS_OUT_OF_RANGE;
    *v = 10300; /* the cuRAND of CUDA 12's interface */
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetStream(curandGenerator_t g, cudaStream_t s)
{
    (void)s; /* every copy completes before the call returns */
    return g ? CURAND_STATUS_SUCCESS : CURAND_STATUS_NOT_INITIALIZED;
}

curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t g, unsigned long long seed)
{
    if (!g)
        return CURAND_STATUS_NOT_INITIALIZED;
    g->seed = seed;
    g->fresh = 1;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t g, unsigned long long offset)
{
    if (!g)
        return CURAND_STATUS_NOT_INITIALIZED;
    g->offset = offset;
    g->fresh = 1;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOrdering(curandGenerator_t g, curandOrdering_t o)
{
    if (!g)
        return CURAND_STATUS_NOT_INITIALIZED;
    return o >= CURAND_ORDERING_PSEUDO_BEST && o <= CURAND_ORDERING_PSEUDO_DYNAMIC
               ? CURAND_STATUS_SUCCESS
               : CURAND_STATUS_OUT_OF_RANGE;
}

curandStatus_t curandGenerateSeeds(curandGenerator_t g)
{
    if (!g)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (g->fresh) {
        curand_init(g->seed, 0, g->offset, &g->st);
        g->fresh = 0;
    }
    return CURAND_STATUS_SUCCESS;
}

/* one value of each kind into slot i of buf */
enum kind { K_U32, K_U64, K_UNIFORM, K_UNIFORM_D, K_NORMAL, K_NORMAL_D, K_LOGN, K_LOGN_D, K_POIS };

static unsigned int poisson(curandStateXORWOW_t *st, double lam)
{
    if (lam < 30.0) { /* Knuth: count uniforms until their product drops below e^-lambda */
        const double l = exp(-lam);
        double p = 1.0;
        unsigned int k = 0;
        for (;;) {
            p *= curand_uniform_double(st);
            if (p <= l)
                return k;
            k++;
        }
    }
    /* PTRS (Hoermann 1993): transformed rejection with a squeeze */
    const double slam = sqrt(lam), loglam = log(lam);
    const double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
    const double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2.0);
    for (;;) {
        const double u = curand_uniform_double(st) - 0.5, v = curand_uniform_double(st);
        const double us = 0.5 - fabs(u);
        const double k = floor((2.0 * a / us + b) * u + lam + 0.43);
        if (us >= 0.07 && v <= vr)
            return (unsigned int)k;
        if (k < 0.0 || (us < 0.013 && v > us))
            continue;
        if (log(v) + log(invalpha) - log(a / (us * us) + b) <= -lam + k * loglam - lgamma(k + 1.0))
            return (unsigned int)k;
    }
}

static curandStatus_t generate(curandGenerator_t g, void *out, size_t n, size_t esize, enum kind k,
                               double mean, double sd)
{
    if (!g)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (!out && n)
        return CURAND_STATUS_OUT_OF_RANGE;
    if ((k == K_NORMAL || k == K_NORMAL_D || k == K_LOGN || k == K_LOGN_D) && (n & 1))
        return CURAND_STATUS_LENGTH_NOT_MULTIPLE; /* Box-Muller makes pairs, as cuRAND */
    if (k == K_POIS && !(mean > 0.0))
        return CURAND_STATUS_OUT_OF_RANGE;
    curandGenerateSeeds(g);
    unsigned char *buf = g->host ? NULL : malloc(CHUNK * esize);
    if (!g->host && !buf)
        return CURAND_STATUS_ALLOCATION_FAILED;
    for (size_t done = 0; done < n;) {
        const size_t m = n - done < CHUNK ? n - done : CHUNK;
        unsigned char *dst = g->host ? (unsigned char *)out + done * esize : buf;
        for (size_t i = 0; i < m; i++) {
            curandStateXORWOW_t *st = &g->st;
            switch (k) {
            case K_U32:
                ((unsigned int *)dst)[i] = curand(st);
                break;
            case K_U64: {
                const unsigned long long hi = curand(st);
                ((unsigned long long *)dst)[i] = hi << 32 | curand(st);
                break;
            }
            case K_UNIFORM:
                ((float *)dst)[i] = curand_uniform(st);
                break;
            case K_UNIFORM_D:
                ((double *)dst)[i] = curand_uniform_double(st);
                break;
            case K_NORMAL:
                ((float *)dst)[i] = (float)mean + (float)sd * curand_normal(st);
                break;
            case K_NORMAL_D:
                ((double *)dst)[i] = mean + sd * curand_normal_double(st);
                break;
            case K_LOGN:
                ((float *)dst)[i] = expf((float)mean + (float)sd * curand_normal(st));
                break;
            case K_LOGN_D:
                ((double *)dst)[i] = exp(mean + sd * curand_normal_double(st));
                break;
            case K_POIS:
                ((unsigned int *)dst)[i] = poisson(st, mean);
                break;
            }
        }
        if (!g->host && cudaMemcpy((unsigned char *)out + done * esize, buf, m * esize,
                                   cudaMemcpyHostToDevice) != cudaSuccess) {
            fprintf(stderr, "simt-curand: the output %p (+%zu bytes) is not device memory\n", out,
                    n * esize);
            free(buf);
            return CURAND_STATUS_LAUNCH_FAILURE;
        }
        done += m;
    }
    free(buf);
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerate(curandGenerator_t g, unsigned int *o, size_t n)
{
    return generate(g, o, n, sizeof *o, K_U32, 0, 0);
}
curandStatus_t curandGenerateLongLong(curandGenerator_t g, unsigned long long *o, size_t n)
{
    return generate(g, o, n, sizeof *o, K_U64, 0, 0);
}
curandStatus_t curandGenerateUniform(curandGenerator_t g, float *o, size_t n)
{
    return generate(g, o, n, sizeof *o, K_UNIFORM, 0, 0);
}
curandStatus_t curandGenerateUniformDouble(curandGenerator_t g, double *o, size_t n)
{
    return generate(g, o, n, sizeof *o, K_UNIFORM_D, 0, 0);
}
curandStatus_t curandGenerateNormal(curandGenerator_t g, float *o, size_t n, float mean,
                                    float stddev)
{
    return generate(g, o, n, sizeof *o, K_NORMAL, mean, stddev);
}
curandStatus_t curandGenerateNormalDouble(curandGenerator_t g, double *o, size_t n, double mean,
                                          double stddev)
{
    return generate(g, o, n, sizeof *o, K_NORMAL_D, mean, stddev);
}
curandStatus_t curandGenerateLogNormal(curandGenerator_t g, float *o, size_t n, float mean,
                                       float stddev)
{
    return generate(g, o, n, sizeof *o, K_LOGN, mean, stddev);
}
curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t g, double *o, size_t n, double mean,
                                             double stddev)
{
    return generate(g, o, n, sizeof *o, K_LOGN_D, mean, stddev);
}
curandStatus_t curandGeneratePoisson(curandGenerator_t g, unsigned int *o, size_t n, double lambda)
{
    return generate(g, o, n, sizeof *o, K_POIS, lambda, 0);
}
