/* cudart.bf16: cuda_bf16.h - __nv_bfloat16 / __nv_bfloat162 arithmetic, comparisons, math,
 * shuffles and atomicAdd in a kernel give bit for bit what the same expressions give on the
 * host; conversions round as asked (bit patterns worked out by hand: 1 + 2^-8 is a tie between
 * 0x3f80 and 0x3f81, 1 + 3 * 2^-8 one between 0x3f81 and 0x3f82), keep NaN and overflow to
 * infinity; atomic sums in lane order. */
#include <cmath>
#include <cuda_bf16.h>
#include <cstring>
#include "cudart_check.h"

/* a __nv_bfloat16's bit pattern (NVIDIA's headers keep the member private) */
static inline __host__ __device__ unsigned short HBITS(__nv_bfloat16 h)
{
    unsigned short u;
    memcpy(&u, &h, sizeof u);
    return u;
}
__global__ void k(const __nv_bfloat16 *a, const __nv_bfloat16 *b, __nv_bfloat16 *o,
                  __nv_bfloat162 *o2, float *f, __nv_bfloat16 *acc)
{
    int t = threadIdx.x;
    __nv_bfloat16 x = a[t], y = b[t];
    o[t] = x * y + x / y - __hfma(x, y, x) + hsqrt(__habs(x));
    __nv_bfloat162 p = __floats2bfloat162_rn((float)x, 2.0f);
    o2[t] = __hmul2(p, __bfloat162bfloat162(y));
    f[t] = __bfloat162float(x) + (x < y ? 1.0f : 0.0f) + (float)__shfl_xor_sync(0xffffffff, x, 1) +
           (float)__hmax(x, y);
    atomicAdd(acc, __float2bfloat16(1.0f));
    atomicAdd(acc + 1, x);
}
int main()
{
    const int n = 64;
    __nv_bfloat16 *a, *b, *o, *acc;
    __nv_bfloat162 *o2;
    float *f;
    CHECK(cudaMallocManaged(&a, n * 2));
    CHECK(cudaMallocManaged(&b, n * 2));
    CHECK(cudaMallocManaged(&o, n * 2));
    CHECK(cudaMallocManaged(&o2, n * 4));
    CHECK(cudaMallocManaged(&f, n * 4));
    CHECK(cudaMallocManaged(&acc, 4));
    for (int i = 0; i < n; i++) {
        a[i] = __float2bfloat16(0.1f * i - 2.0f);
        b[i] = __float2bfloat16(1.0f + 0.37f * i);
    }
    acc[0] = acc[1] = __float2bfloat16(0.0f);
    k<<<1, n>>>(a, b, o, o2, f, acc);
    CHECK(cudaDeviceSynchronize());
    int bad = 0;
    float sum = 0;
    for (int i = 0; i < n; i++) {
        __nv_bfloat16 x = a[i], y = b[i];
        /* __hfma and hsqrt are device-only in CUDA: their exact results rounded once */
        __nv_bfloat16 w = x * y + x / y -
                          __double2bfloat16((double)(float)x * (float)y + (float)x) +
                          __float2bfloat16(sqrtf(fabsf((float)x)));
        bad += HBITS(o[i]) != HBITS(w);
        __nv_bfloat162 q = __hmul2(__floats2bfloat162_rn((float)x, 2.0f), __bfloat162bfloat162(y));
        bad += HBITS(o2[i].x) != HBITS(q.x) || HBITS(o2[i].y) != HBITS(q.y);
        float g =
            __bfloat162float(x) + (x < y ? 1.0f : 0.0f) + (float)a[i ^ 1] + (float)__hmax(x, y);
        bad += f[i] != g;
        sum = (float)__float2bfloat16(sum + (float)x);
    }
    EXPECT(bad == 0);
    EXPECT((float)acc[0] == 64.0f && (float)acc[1] == sum);
    /* conversions */
    EXPECT(HBITS(__float2bfloat16(1.0f)) == 0x3f80 && HBITS(__float2bfloat16(-2.0f)) == 0xc000);
    EXPECT(HBITS(__float2bfloat16(1.0f + 1.0f / 256)) == 0x3f80); /* tie: to even */
    EXPECT(HBITS(__float2bfloat16(1.0f + 3.0f / 256)) == 0x3f82); /* tie: to even */
    EXPECT(HBITS(__float2bfloat16_rz(1.0f + 3.0f / 256)) == 0x3f81);
    EXPECT(HBITS(__float2bfloat16_ru(1.0f + 1.0f / 1024)) == 0x3f81);
    EXPECT(HBITS(__float2bfloat16_rd(-1.0f - 1.0f / 1024)) == 0xbf81);
    EXPECT(HBITS(__float2bfloat16_rd(1.0f + 1.0f / 1024)) == 0x3f80);
    EXPECT(__hisnan(__float2bfloat16(NAN)) && std::isinf((float)__float2bfloat16(3.4e38f)));
    EXPECT(__bfloat162float(__ushort_as_bfloat16(0x4049)) == 3.140625f);
    return cudart_finish("cudart.bf16");
}
