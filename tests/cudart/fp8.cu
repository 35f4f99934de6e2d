/* cudart.fp8: cuda_fp8.h - E4M3 and E5M2 conversions in a kernel and on the host give the same
 * bytes, and the bytes worked out by hand from the OCP formats: exact values, ties to even,
 * subnormals, saturation (__NV_SATFINITE) against NaN / infinity (__NV_NOSAT), NaN; the values
 * back as half and float; the x2 and x4 classes. Prints "cudart.fp8: PASS". */
#include <cmath>
#include <cuda_fp8.h>
#include "cudart_check.h"

#define NV 16
__global__ void conv(const float *in, unsigned char *o4, unsigned char *o5, unsigned char *o4n,
                     unsigned char *o5n, float *back4, float *back5)
{
    int i = threadIdx.x;
    o4[i] = __nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E4M3);
    o5[i] = __nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E5M2);
    o4n[i] = __nv_cvt_float_to_fp8(in[i], __NV_NOSAT, __NV_E4M3);
    o5n[i] = __nv_cvt_float_to_fp8(in[i], __NV_NOSAT, __NV_E5M2);
    back4[i] = (float)__nv_fp8_e4m3(in[i]);
    back5[i] = (float)__half(__nv_cvt_fp8_to_halfraw(o5[i], __NV_E5M2));
}

int main()
{
    /* value, E4M3 and E5M2 (saturating), E4M3 and E5M2 without saturation */
    static const struct {
        float v;
        unsigned char e4, e5, e4n, e5n;
    } t[NV] = {
        {1.0f, 0x38, 0x3c, 0x38, 0x3c},
        {-2.0f, 0xc0, 0xc0, 0xc0, 0xc0},
        {0.5f, 0x30, 0x38, 0x30, 0x38},
        {448.0f, 0x7e, 0x5f, 0x7e, 0x5f},   /* E4M3's largest; E5M2: 448 = 1.75 * 2^8 */
        {480.0f, 0x7e, 0x60, 0x7f, 0x60},   /* E4M3 overflow: saturated / NaN; E5M2 ties to 512 */
        {57344.0f, 0x7e, 0x7b, 0x7f, 0x7b}, /* E5M2's largest */
        {65536.0f, 0x7e, 0x7b, 0x7f, 0x7c}, /* E5M2 overflow: saturated / infinity */
        {1.0625f, 0x38, 0x3c, 0x38, 0x3c},  /* tie between 1 and 1.125: even (1) */
        {1.1875f, 0x3a, 0x3d, 0x3a, 0x3d},  /* E4M3 tie 1.125 / 1.25: even (1.25) */
        {0.001953125f, 0x01, 0x18, 0x01, 0x18},       /* 2^-9: E4M3's smallest subnormal */
        {0.0009765625f, 0x00, 0x14, 0x00, 0x14},      /* 2^-10: E4M3 ties to 0 (even) */
        {1.52587890625e-05f, 0x00, 0x01, 0x00, 0x01}, /* 2^-16: E5M2's smallest subnormal */
        {0.0f, 0x00, 0x00, 0x00, 0x00},
        {-0.0f, 0x80, 0x80, 0x80, 0x80},
        {INFINITY, 0x7e, 0x7b, 0x7f, 0x7c},
        {NAN, 0x7f, 0x7f, 0x7f, 0x7f},
    };
    float *in, *b4, *b5;
    unsigned char *o4, *o5, *o4n, *o5n;
    CHECK(cudaMallocManaged(&in, NV * sizeof(float)));
    CHECK(cudaMallocManaged(&b4, NV * sizeof(float)));
    CHECK(cudaMallocManaged(&b5, NV * sizeof(float)));
    CHECK(cudaMallocManaged(&o4, NV));
    CHECK(cudaMallocManaged(&o5, NV));
    CHECK(cudaMallocManaged(&o4n, NV));
    CHECK(cudaMallocManaged(&o5n, NV));
    for (int i = 0; i < NV; i++)
        in[i] = t[i].v;
    conv<<<1, NV>>>(in, o4, o5, o4n, o5n, b4, b5);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < NV; i++) {
        unsigned char h4 = __nv_cvt_float_to_fp8(t[i].v, __NV_SATFINITE, __NV_E4M3);
        if (o4[i] != t[i].e4 || o5[i] != t[i].e5 || o4n[i] != t[i].e4n || o5n[i] != t[i].e5n ||
            h4 != t[i].e4) {
            fprintf(stderr, "fp8: %g: %02x %02x %02x %02x (host %02x), want %02x %02x %02x %02x\n",
                    t[i].v, o4[i], o5[i], o4n[i], o5n[i], h4, t[i].e4, t[i].e5, t[i].e4n, t[i].e5n);
            cudart_failures++;
        }
        /* back: the fp8 value exactly (NaN stays NaN) */
        float w4 = (float)__half(__nv_cvt_fp8_to_halfraw(t[i].e4, __NV_E4M3));
        EXPECT((std::isnan(w4) && std::isnan(b4[i])) || b4[i] == w4);
        EXPECT((std::isnan(t[i].v) && std::isnan(b5[i])) ||
               (std::isinf(t[i].v) && b5[i] == copysignf(57344.0f, t[i].v)) || std::isinf(b5[i]) ||
               b5[i] == (float)__nv_fp8_e5m2(t[i].v));
    }
    EXPECT((float)__nv_fp8_e4m3(448.0f) == 448.0f && (float)__nv_fp8_e5m2(-57344.0f) == -57344.0f);
    /* the pairs and quads */
    __nv_fp8x2_e4m3 p(make_float2(1.5f, -3.0f));
    float2 pf = (float2)p;
    EXPECT(p.__x == (0x3c | 0xc4 << 8) && pf.x == 1.5f && pf.y == -3.0f);
    __nv_fp8x4_e5m2 qd(make_float4(1.0f, 2.0f, 0.25f, 1e9f));
    float4 qf = (float4)qd;
    EXPECT(qf.x == 1.0f && qf.y == 2.0f && qf.z == 0.25f && qf.w == 57344.0f);
    return cudart_finish("cudart.fp8");
}
