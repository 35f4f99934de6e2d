#include "common.h"
/* Scalar types, conversions and math intrinsics; results are compared bit-exactly with the
 * host (the same IEEE operations). */
typedef float float4v __attribute__((ext_vector_type(4)));
typedef int int2v __attribute__((ext_vector_type(2)));

extern "C" __global__ void types(const float *fin, const double *din, unsigned long long *out)
{
    int t = TID_X;
    float x = fin[t];
    double y = din[t];
    unsigned long long *o = out + t * 24;
    o[0] = __builtin_bit_cast(unsigned, x * 1.5f - 2.0f);
    o[1] = __builtin_bit_cast(unsigned long long, y / 3.0 + y * y);
    o[2] = __builtin_bit_cast(unsigned, __builtin_sqrtf(__builtin_fabsf(x)));
    o[3] = (unsigned long long)(long long)(int)x;          /* fptosi */
    o[4] = (unsigned long long)(unsigned char)(signed char)(t * 37); /* i8 trunc/sext */
    o[5] = (unsigned long long)(short)(t * 1000);           /* i16 */
    o[6] = (unsigned long long)((long long)t * -123456789LL); /* i64 */
    o[7] = __builtin_bit_cast(unsigned, (float)y);          /* fptrunc */
    o[8] = __builtin_bit_cast(unsigned long long, (double)x); /* fpext */
    o[9] = __builtin_bit_cast(unsigned, __builtin_floorf(x) + __builtin_ceilf(x) +
                                            __builtin_truncf(x) + __builtin_roundf(x));
    o[10] = (unsigned long long)__builtin_popcount(t * 2654435761u) |
            ((unsigned long long)__builtin_clz(t + 1) << 8) |
            ((unsigned long long)__builtin_ctz(t + 64) << 16);
    o[11] = __builtin_bswap32(0x01020304u * (t + 1));
    o[12] = (unsigned long long)(unsigned)((t * 2654435761u) >> 5 | (t * 2654435761u) << 27);
    int ov;
    o[13] = (unsigned long long)__builtin_add_overflow(0x7ffffff0, t, &ov) | ((unsigned long long)(unsigned)ov << 32);
    o[14] = __builtin_bit_cast(unsigned, __builtin_fminf(x, 0.25f) + __builtin_fmaxf(x, -0.25f));
    o[15] = __builtin_bit_cast(unsigned, __builtin_copysignf(2.0f, x));
    float4v v = {x, x + 1, x + 2, x + 3};
    float4v w = v * v + (float4v){1, 2, 3, 4};
    o[16] = __builtin_bit_cast(unsigned, w.x + w.y * w.z - w.w);
    int2v iv = {t, -t};
    iv = iv.yx * 3;
    o[17] = (unsigned)iv.x ^ ((unsigned long long)(unsigned)iv.y << 32);
    o[18] = (unsigned long long)(unsigned)(x < 0.5f) | (unsigned long long)(y >= 2.0) << 1 |
            (unsigned long long)(x != x) << 2 | (unsigned long long)(t > 10 ? 7 : 9) << 3;
    o[19] = (unsigned long long)((unsigned)t / 7u + (unsigned)t % 7u) |
            (unsigned long long)(unsigned)((-t) / 3 + (-t) % 3) << 32;
    o[20] = (unsigned long long)(unsigned)(__builtin_fabsf(x) * 1000.0f); /* fptoui */
    o[21] = __builtin_bit_cast(unsigned, (float)(unsigned)(t * 123457u)); /* uitofp */
    o[22] = __builtin_bit_cast(unsigned long long, (double)(long long)(t * -98765LL)); /* sitofp */
    __fp16 h = (__fp16)(x * 3.0f); /* half storage: fptrunc to half, fpext back */
    o[23] = __builtin_bit_cast(unsigned short, h) | (unsigned long long)__builtin_bit_cast(unsigned, (float)h * 2.0f) << 16;
}
