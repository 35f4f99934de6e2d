/* cudart.fp16: cuda_fp16.h - __half and __half2 arithmetic, comparisons, math, shuffles and
 * atomicAdd in a kernel give bit for bit what the same expressions give on the host; the
 * conversions round to nearest even, handle subnormals, overflow to infinity and keep NaN
 * (bit patterns worked out by hand); atomic sums of halves in lane order. */
#include <cmath>
#include <cstring>
#include <cuda_fp16.h>
#include "cudart_check.h"

/* a __half's bit pattern (NVIDIA's headers keep the member private) */
static inline __host__ __device__ unsigned short HBITS(__half h)
{
    unsigned short u;
    memcpy(&u, &h, sizeof u);
    return u;
}
__global__ void k(const __half *a, const __half *b, __half *o, __half2 *o2, float *f, __half *acc)
{
    int t = threadIdx.x;
    __half x = a[t], y = b[t];
    o[t] = x * y + x / y - __hfma(x, y, x);
    __half2 p = __floats2half2_rn((float)x, 2.0f);
    o2[t] = p * __half2half2(y) + __halves2half2(hsqrt(__habs(x)), __hneg(y));
    f[t] = __half2float(x) + (x < y ? 1.0f : 0.0f) + (float)__shfl_xor_sync(0xffffffff, x, 1);
    atomicAdd(acc, __float2half(1.0f));
    atomicAdd(acc + 1, x);
}
static float h2f(unsigned short h)
{
    __half v;
    memcpy(&v, &h, 2);
    return (float)v;
}
int main()
{
    const int n = 64;
    __half *a, *b, *o, *acc;
    __half2 *o2;
    float *f;
    cudaMallocManaged(&a, n * 2);
    cudaMallocManaged(&b, n * 2);
    cudaMallocManaged(&o, n * 2);
    cudaMallocManaged(&o2, n * 4);
    cudaMallocManaged(&f, n * 4);
    cudaMallocManaged(&acc, 4);
    for (int i = 0; i < n; i++) {
        a[i] = __float2half(0.1f * i - 2.0f);
        b[i] = __float2half(1.0f + 0.37f * i);
    }
    acc[0] = __float2half(0.0f);
    acc[1] = __float2half(0.0f);
    k<<<1, n>>>(a, b, o, o2, f, acc);
    cudaError_t e = cudaDeviceSynchronize();
    int bad = 0;
    float sum = 0;
    for (int i = 0; i < n; i++) {
        __half x = a[i], y = b[i];
        /* __hfma is device-only in CUDA: one rounding of the exact x * y + x, in double */
        __half w = x * y + x / y - __double2half((double)(float)x * (float)y + (float)x);
        if (HBITS(o[i]) != HBITS(w) && ++bad)
            fprintf(stderr, "fp16: x %04x y %04x: arithmetic %04x, host %04x\n", HBITS(x), HBITS(y),
                    HBITS(o[i]), HBITS(w));
        __half2 p = __floats2half2_rn((float)x, 2.0f);
        /* hsqrt is device-only in CUDA: the square root rounded once */
        __half2 s = __halves2half2(__float2half(sqrtf(fabsf((float)x))), __hneg(y));
        __half2 q = p * __half2half2(y) + s;
        /* nvcc contracts the half2 multiply-add into one fma (one rounding); this toolchain
         * rounds each operation (docs/CUDA_SUPPORT.md) */
        if (!ON_SIMT)
            q.x = __double2half((double)(float)p.x * (float)y + (float)s.x);
        if ((HBITS(o2[i].x) != HBITS(q.x) || HBITS(o2[i].y) != HBITS(q.y)) && ++bad)
            fprintf(stderr, "fp16: x %04x y %04x: half2 %04x %04x, host %04x %04x\n", HBITS(x),
                    HBITS(y), HBITS(o2[i].x), HBITS(o2[i].y), HBITS(q.x), HBITS(q.y));
        float g = __half2float(x) + (x < y ? 1.0f : 0.0f) + (float)a[i ^ 1];
        if (f[i] != g && ++bad)
            fprintf(stderr, "fp16: x %04x: float %g, host %g\n", HBITS(x), f[i], g);
        sum = (float)__float2half(sum + (float)x);
    }
    /* conversions: exact values, rounding, subnormals, overflow, NaN */
    if (__half2float(__float2half(65504.0f)) != 65504.0f ||
        !isinf(__half2float(__float2half(65520.0f))))
        bad++;
    if (HBITS(__float2half(1.0f + 1.0f / 2048)) != 0x3c00 ||
        HBITS(__float2half(1.0f + 3.0f / 2048)) != 0x3c02)
        bad++; /* ties to even */
    if (HBITS(__float2half(5.960464477539063e-08f)) != 0x0001 ||
        HBITS(__float2half(2.98e-08f)) != 0 || h2f(0x0001) != 5.960464477539063e-08f)
        bad++;
    if (!__hisnan(__float2half(NAN)) || __hisinf(__float2half(-INFINITY)) != -1)
        bad++;
    if (HBITS(__float2half_rz(1.0f + 3.0f / 2048)) != 0x3c01)
        bad++;
    if (bad)
        fprintf(stderr, "fp16: %d mismatches\n", bad);
    CHECK(e);
    EXPECT(bad == 0);
    EXPECT((float)acc[0] == 64.0f && (float)acc[1] == sum);
    return cudart_finish("cudart.fp16");
}
