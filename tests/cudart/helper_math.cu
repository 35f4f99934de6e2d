/* cudart.helper_math: the CUDA samples' vector arithmetic (helper_math.h) and the toolkit's
 * complex numbers (cuComplex.h) in device code against the same expressions on the host;
 * NVTX ranges and the profiler calls build and run as no-ops. */
#include <helper_math.h>
#include <cuComplex.h>
#include <cuda_profiler_api.h>
#include <channel_descriptor.h>
#include <texture_types.h>
#include <builtin_types.h>
#include <nvtx3/nvToolsExt.h> /* NVTX 3: CUDA 12.9 and later have no NVTX 2 */
#include "cudart_check.h"
__global__ void k(float3 *p, float4 *q, int2 *r, cuFloatComplex *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float3 a = p[i], b = make_float3(1.f, 2.f, 3.f);
    float3 v = normalize(cross(a, b)) * 2.0f + lerp(a, b, 0.25f) - 0.5f * a;
    v += make_float3(1.0f);
    v /= 2.0f;
    v = clamp(v, 0.0f, 10.0f);
    p[i] = reflect(v, normalize(b)) + fracf(a) + floorf(a) + fabs(-a) + fminf(a, b) + fmaxf(a, b);
    q[i] = make_float4(v, length(v)) * make_float4(2.0f) +
           smoothstep(make_float4(0.f), make_float4(1.f), q[i]);
    r[i] = abs(-r[i]) + max(r[i], make_int2(3)) * 2 - min(r[i], make_int2(1, 2));
    c[i] = cuCaddf(cuCmulf(c[i], c[i]), cuCdivf(c[i], make_cuFloatComplex(1.f, 1.f)));
    c[i].x += cuCabsf(c[i]);
}
int main()
{
    const int n = 64;
    float3 *p;
    float4 *q;
    int2 *r;
    cuFloatComplex *c;
    cudaMallocManaged(&p, n * sizeof(float3));
    cudaMallocManaged(&q, n * sizeof(float4));
    cudaMallocManaged(&r, n * sizeof(int2));
    cudaMallocManaged(&c, n * sizeof(cuFloatComplex));
    float3 hp[n];
    float4 hq[n];
    int2 hr[n];
    cuFloatComplex hc[n];
    for (int i = 0; i < n; i++) {
        p[i] = hp[i] = make_float3(i * 0.1f, 1.f + i, -i * 0.3f);
        q[i] = hq[i] = make_float4(i * 0.01f);
        r[i] = hr[i] = make_int2(i - 30, 5 - i);
        c[i] = hc[i] = make_cuFloatComplex(i * 0.5f, 1.f - i);
    }
    EXPECT(nvtxRangePushA("kernel") == NVTX_NO_PUSH_POP_TRACKING); /* no tool attached */
    CHECK(cudaProfilerStart());
    k<<<2, 32>>>(p, q, r, c, n);
    cudaDeviceSynchronize();
    CHECK(cudaProfilerStop());
    EXPECT(nvtxRangePop() == NVTX_NO_PUSH_POP_TRACKING);
    /* the same on the host */
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float3 a = hp[i], b = make_float3(1.f, 2.f, 3.f);
        float3 v = normalize(cross(a, b)) * 2.0f + lerp(a, b, 0.25f) - 0.5f * a;
        v += make_float3(1.0f);
        v /= 2.0f;
        v = clamp(v, 0.0f, 10.0f);
        float3 w =
            reflect(v, normalize(b)) + fracf(a) + floorf(a) + fabs(-a) + fminf(a, b) + fmaxf(a, b);
        if (length(w - p[i]) > 1e-4f * (1 + length(w))) {
            bad++;
            printf("p %d: %f %f\n", i, w.x, p[i].x);
        }
        float4 x = make_float4(v, length(v)) * make_float4(2.0f) +
                   smoothstep(make_float4(0.f), make_float4(1.f), hq[i]);
        if (length(x - q[i]) > 1e-4f * (1 + length(x)))
            bad++;
        int2 y = abs(-hr[i]) + max(hr[i], make_int2(3)) * 2 - min(hr[i], make_int2(1, 2));
        if (y.x != r[i].x || y.y != r[i].y)
            bad++;
        cuFloatComplex z =
            cuCaddf(cuCmulf(hc[i], hc[i]), cuCdivf(hc[i], make_cuFloatComplex(1.f, 1.f)));
        z.x += cuCabsf(z);
        if (fabsf(z.x - c[i].x) > 1e-3f * (1 + fabsf(z.x)) ||
            fabsf(z.y - c[i].y) > 1e-3f * (1 + fabsf(z.y))) {
            bad++;
            printf("c %d: %f %f / %f %f\n", i, z.x, z.y, c[i].x, c[i].y);
        }
    }
    EXPECT(bad == 0);
    return cudart_finish("cudart.helper_math");
}
