/*
 * fwt - dyadic convolution through the fast Walsh-Hadamard transform, after the CUDA SDK
 * fastWalshTransform sample (seed 003 Table 4.1 "FWT", source [26]; seed 002 Table 3 kernels
 * fwtBatch1Kernel, fwtBatch2Kernel, modulateKernel): the data and the zero-padded kernel
 * are transformed, multiplied element by element with the 1/N scale (modulateKernel), and
 * transformed back, giving r[i] = sum_j d[i xor j] k[j]. The butterfly stages with strides
 * of at least one block's chunk run one per launch in global memory (fwtBatch2Kernel); the
 * remaining stages of each 1024-element chunk run in one launch in shared memory
 * (fwtBatch1Kernel). Stages of the Walsh-Hadamard transform commute, so doing the large
 * strides first is exact.
 * Divergence: none; memory: strided pairs (stride = butterfly distance) in the global
 * stages, bank-conflict-free shared stages. Seed 003: few hazards; seed 002 counts
 * 57,212,928 / 54,263,808 / 84,246,528 dynamic instructions (2^23 data, 2^7 kernel).
 * Sizes: tiny N = 2^12 (kernel 32), small 2^18 (kernel 64), default 2^23 (kernel 128).
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

#define LOG2_CHUNK 10
#define CHUNK      (1 << LOG2_CHUNK)

/* All stages with stride < chunk of one chunk per block; blockDim.x = chunk / 2. */
__global__ void fwtBatch1Kernel(float *d, int log2chunk)
{
    extern __shared__ float s[];
    int chunk = 1 << log2chunk, t = threadIdx.x;
    float *base = d + (size_t)blockIdx.x * chunk;
    s[t] = base[t];
    s[t + chunk / 2] = base[t + chunk / 2];
    for (int stride = chunk / 2; stride >= 1; stride >>= 1) {
        __syncthreads();
        int i0 = (t / stride) * 2 * stride + t % stride;
        float a = s[i0], b = s[i0 + stride];
        s[i0] = a + b;
        s[i0 + stride] = a - b;
    }
    __syncthreads();
    base[t] = s[t];
    base[t + chunk / 2] = s[t + chunk / 2];
}

/* One butterfly stage of distance `stride` over the whole vector (N / 2 threads). */
__global__ void fwtBatch2Kernel(float *d, int n, int stride)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= n / 2)
        return;
    int i0 = (j / stride) * 2 * stride + j % stride;
    float a = d[i0], b = d[i0 + stride];
    d[i0] = a + b;
    d[i0 + stride] = a - b;
}

__global__ void modulateKernel(float *a, const float *b, int n)
{
    float scale = 1.0f / (float)n;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        a[i] *= b[i] * scale;
}

static void fwt_gpu(float *d, int log2n)
{
    int n = 1 << log2n;
    int log2chunk = log2n < LOG2_CHUNK ? log2n : LOG2_CHUNK;
    int chunk = 1 << log2chunk;
    for (int stride = n / 2; stride >= chunk; stride >>= 1) {
        fwtBatch2Kernel<<<(n / 2 + 255) / 256, 256>>>(d, n, stride);
        CK_LAUNCH();
    }
    fwtBatch1Kernel<<<n / chunk, chunk / 2, chunk * sizeof(float)>>>(d, log2chunk);
    CK_LAUNCH();
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int log2n = size == 0 ? 12 : size == 1 ? 18 : 23;
    const int klen = size == 0 ? 32 : size == 1 ? 64 : 128;
    const int n = 1 << log2n;
    float *data = (float *)malloc((size_t)n * sizeof(float));
    float *kern = (float *)calloc((size_t)n, sizeof(float));
    float *res = (float *)malloc((size_t)n * sizeof(float));
    uint32_t seed = 0xf00dfaceu;
    for (int i = 0; i < n; i++)
        data[i] = rng_float(&seed) * 2.0f - 1.0f;
    for (int i = 0; i < klen; i++)
        kern[i] = rng_float(&seed) * 2.0f - 1.0f;

    float *d_data, *d_kern;
    CK(cudaMalloc((void **)&d_data, (size_t)n * sizeof(float)));
    CK(cudaMalloc((void **)&d_kern, (size_t)n * sizeof(float)));
    CK(cudaMemcpy(d_data, data, (size_t)n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_kern, kern, (size_t)n * sizeof(float), cudaMemcpyHostToDevice));
    fwt_gpu(d_data, log2n);
    fwt_gpu(d_kern, log2n);
    modulateKernel<<<128, 256>>>(d_data, d_kern, n);
    CK_LAUNCH();
    fwt_gpu(d_data, log2n);
    CK(cudaMemcpy(res, d_data, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));

    /* direct dyadic convolution: every output at tiny, 4096 spread-out outputs otherwise */
    int step = n <= 4096 ? 1 : n / 4096, bad = 0;
    double err2 = 0.0, ref2 = 0.0;
    for (int i = 0; i < n; i += step) {
        double want = 0.0;
        for (int j = 0; j < klen; j++)
            want += (double)data[i ^ j] * kern[j];
        err2 += (res[i] - want) * (res[i] - want);
        ref2 += want * want;
        if (!close_enough(res[i], want, 1e-3, 1e-3) && bad++ < 5)
            fprintf(stderr, "r[%d] = %.6f, want %.6f\n", i, res[i], want);
    }
    double l2 = sqrt(err2 / ref2);
    printf("fwt: N = %d, kernel %d, relative L2 error %.3g\n", n, klen, l2);
    if (l2 > 1e-4 && bad++ < 5)
        fprintf(stderr, "relative L2 error %.3g above 1e-4\n", l2);
    CK(cudaFree(d_data));
    CK(cudaFree(d_kern));
    free(data);
    free(kern);
    free(res);
    if (bad) {
        printf("fwt: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("fwt: PASS\n");
    return 0;
}
