/*
 * helper_math.h - the vector arithmetic of the CUDA samples' helper_math.h (common/inc), for
 * host and device code (C++): operators on float2/3/4, int2/3/4 and uint2/3/4 (element-wise
 * with vectors, broadcast with scalars), make_* conversions, and dot, cross, length,
 * normalize, lerp, clamp, smoothstep, reflect, floorf, fracf, fmodf, fabs, abs, fminf/fmaxf
 * and min/max on vectors. Written for this project from that header's documented interface.
 */
#ifndef SIMT_HELPER_MATH_H
#define SIMT_HELPER_MATH_H

#include <math.h>

#include "cuda_runtime.h"

typedef unsigned int uint;
typedef unsigned short ushort;

#define SIMT_HM_ static __inline__ __host__ __device__

/* rsqrtf in host code (the device has its own; NVIDIA's toolkit declares one for the host) */
#ifndef __NVCC__
static __inline__ __host__ float rsqrtf(float x)
{
    return 1.0f / sqrtf(x);
}
#endif

/* --- constructors from a scalar, a narrower or wider vector, another element type ---------- */
SIMT_HM_ float2 make_float2(float s)
{
    return make_float2(s, s);
}
SIMT_HM_ float2 make_float2(float3 a)
{
    return make_float2(a.x, a.y);
}
SIMT_HM_ float2 make_float2(int2 a)
{
    return make_float2((float)a.x, (float)a.y);
}
SIMT_HM_ float2 make_float2(uint2 a)
{
    return make_float2((float)a.x, (float)a.y);
}
SIMT_HM_ int2 make_int2(int s)
{
    return make_int2(s, s);
}
SIMT_HM_ int2 make_int2(int3 a)
{
    return make_int2(a.x, a.y);
}
SIMT_HM_ int2 make_int2(uint2 a)
{
    return make_int2((int)a.x, (int)a.y);
}
SIMT_HM_ int2 make_int2(float2 a)
{
    return make_int2((int)a.x, (int)a.y);
}
SIMT_HM_ uint2 make_uint2(uint s)
{
    return make_uint2(s, s);
}
SIMT_HM_ uint2 make_uint2(uint3 a)
{
    return make_uint2(a.x, a.y);
}
SIMT_HM_ uint2 make_uint2(int2 a)
{
    return make_uint2((uint)a.x, (uint)a.y);
}

SIMT_HM_ float3 make_float3(float s)
{
    return make_float3(s, s, s);
}
SIMT_HM_ float3 make_float3(float2 a)
{
    return make_float3(a.x, a.y, 0.0f);
}
SIMT_HM_ float3 make_float3(float2 a, float s)
{
    return make_float3(a.x, a.y, s);
}
SIMT_HM_ float3 make_float3(float4 a)
{
    return make_float3(a.x, a.y, a.z);
}
SIMT_HM_ float3 make_float3(int3 a)
{
    return make_float3((float)a.x, (float)a.y, (float)a.z);
}
SIMT_HM_ float3 make_float3(uint3 a)
{
    return make_float3((float)a.x, (float)a.y, (float)a.z);
}
SIMT_HM_ int3 make_int3(int s)
{
    return make_int3(s, s, s);
}
SIMT_HM_ int3 make_int3(int2 a)
{
    return make_int3(a.x, a.y, 0);
}
SIMT_HM_ int3 make_int3(int2 a, int s)
{
    return make_int3(a.x, a.y, s);
}
SIMT_HM_ int3 make_int3(uint3 a)
{
    return make_int3((int)a.x, (int)a.y, (int)a.z);
}
SIMT_HM_ int3 make_int3(float3 a)
{
    return make_int3((int)a.x, (int)a.y, (int)a.z);
}
SIMT_HM_ uint3 make_uint3(uint s)
{
    return make_uint3(s, s, s);
}
SIMT_HM_ uint3 make_uint3(uint2 a)
{
    return make_uint3(a.x, a.y, 0);
}
SIMT_HM_ uint3 make_uint3(uint2 a, uint s)
{
    return make_uint3(a.x, a.y, s);
}
SIMT_HM_ uint3 make_uint3(uint4 a)
{
    return make_uint3(a.x, a.y, a.z);
}
SIMT_HM_ uint3 make_uint3(int3 a)
{
    return make_uint3((uint)a.x, (uint)a.y, (uint)a.z);
}

SIMT_HM_ float4 make_float4(float s)
{
    return make_float4(s, s, s, s);
}
SIMT_HM_ float4 make_float4(float3 a)
{
    return make_float4(a.x, a.y, a.z, 0.0f);
}
SIMT_HM_ float4 make_float4(float3 a, float w)
{
    return make_float4(a.x, a.y, a.z, w);
}
SIMT_HM_ float4 make_float4(int4 a)
{
    return make_float4((float)a.x, (float)a.y, (float)a.z, (float)a.w);
}
SIMT_HM_ float4 make_float4(uint4 a)
{
    return make_float4((float)a.x, (float)a.y, (float)a.z, (float)a.w);
}
SIMT_HM_ int4 make_int4(int s)
{
    return make_int4(s, s, s, s);
}
SIMT_HM_ int4 make_int4(int3 a)
{
    return make_int4(a.x, a.y, a.z, 0);
}
SIMT_HM_ int4 make_int4(int3 a, int w)
{
    return make_int4(a.x, a.y, a.z, w);
}
SIMT_HM_ int4 make_int4(uint4 a)
{
    return make_int4((int)a.x, (int)a.y, (int)a.z, (int)a.w);
}
SIMT_HM_ int4 make_int4(float4 a)
{
    return make_int4((int)a.x, (int)a.y, (int)a.z, (int)a.w);
}
SIMT_HM_ uint4 make_uint4(uint s)
{
    return make_uint4(s, s, s, s);
}
SIMT_HM_ uint4 make_uint4(uint3 a)
{
    return make_uint4(a.x, a.y, a.z, 0);
}
SIMT_HM_ uint4 make_uint4(uint3 a, uint w)
{
    return make_uint4(a.x, a.y, a.z, w);
}
SIMT_HM_ uint4 make_uint4(int4 a)
{
    return make_uint4((uint)a.x, (uint)a.y, (uint)a.z, (uint)a.w);
}

/* --- element-wise operators: V op V, V op s, s op V, V op= V, V op= s --------------------- */
/* MAP2/3/4(e) spell an expression e(c) for each component c of a vector of 2, 3, 4 */
#define SIMT_HM_MAP2(V, e) make_##V(e(x), e(y))
#define SIMT_HM_MAP3(V, e) make_##V(e(x), e(y), e(z))
#define SIMT_HM_MAP4(V, e) make_##V(e(x), e(y), e(z), e(w))
#define SIMT_HM_VV_ADD(c)  a.c + b.c
#define SIMT_HM_VV_SUB(c)  a.c - b.c
#define SIMT_HM_VV_MUL(c)  a.c *b.c
#define SIMT_HM_VV_DIV(c)  a.c / b.c
/* one operator for vector type V of N components with scalar type S; F(c) is the component
 * expression */
#define SIMT_HM_OP(V, S, N, op, F)                                                                 \
    SIMT_HM_ V operator op(V a, V b)                                                               \
    {                                                                                              \
        return SIMT_HM_MAP##N(V, F);                                                               \
    }                                                                                              \
    SIMT_HM_ V operator op(V a, S s)                                                               \
    {                                                                                              \
        return a op make_##V(s);                                                                   \
    }                                                                                              \
    SIMT_HM_ V operator op(S s, V b)                                                               \
    {                                                                                              \
        return make_##V(s) op b;                                                                   \
    }                                                                                              \
    SIMT_HM_ void operator op##=(V &a, V b)                                                        \
    {                                                                                              \
        a = a op b;                                                                                \
    }                                                                                              \
    SIMT_HM_ void operator op##=(V &a, S s)                                                        \
    {                                                                                              \
        a = a op make_##V(s);                                                                      \
    }
#define SIMT_HM_ARITH(V, S, N)                                                                     \
    SIMT_HM_OP(V, S, N, +, SIMT_HM_VV_ADD)                                                         \
    SIMT_HM_OP(V, S, N, -, SIMT_HM_VV_SUB)                                                         \
    SIMT_HM_OP(V, S, N, *, SIMT_HM_VV_MUL)                                                         \
    SIMT_HM_OP(V, S, N, /, SIMT_HM_VV_DIV)

SIMT_HM_ARITH(float2, float, 2)
SIMT_HM_ARITH(float3, float, 3)
SIMT_HM_ARITH(float4, float, 4)
SIMT_HM_ARITH(int2, int, 2)
SIMT_HM_ARITH(int3, int, 3)
SIMT_HM_ARITH(int4, int, 4)
SIMT_HM_ARITH(uint2, uint, 2)
SIMT_HM_ARITH(uint3, uint, 3)
SIMT_HM_ARITH(uint4, uint, 4)

/* negation (signed types) */
#define SIMT_HM_NEG(c) -a.c
SIMT_HM_ float2 operator-(float2 a)
{
    return SIMT_HM_MAP2(float2, SIMT_HM_NEG);
}
SIMT_HM_ float3 operator-(float3 a)
{
    return SIMT_HM_MAP3(float3, SIMT_HM_NEG);
}
SIMT_HM_ float4 operator-(float4 a)
{
    return SIMT_HM_MAP4(float4, SIMT_HM_NEG);
}
SIMT_HM_ int2 operator-(int2 a)
{
    return SIMT_HM_MAP2(int2, SIMT_HM_NEG);
}
SIMT_HM_ int3 operator-(int3 a)
{
    return SIMT_HM_MAP3(int3, SIMT_HM_NEG);
}
SIMT_HM_ int4 operator-(int4 a)
{
    return SIMT_HM_MAP4(int4, SIMT_HM_NEG);
}

/* --- element-wise functions ---------------------------------------------------------------- */
#define SIMT_HM_FN2(R, name, V, N, F)                                                              \
    SIMT_HM_ R name(V a, V b)                                                                      \
    {                                                                                              \
        return SIMT_HM_MAP##N(R, F);                                                               \
    }
#define SIMT_HM_FMIN(c) fminf(a.c, b.c)
#define SIMT_HM_FMAX(c) fmaxf(a.c, b.c)
#define SIMT_HM_IMIN(c) (a.c < b.c ? a.c : b.c)
#define SIMT_HM_IMAX(c) (a.c > b.c ? a.c : b.c)
#define SIMT_HM_FMOD(c) fmodf(a.c, b.c)
SIMT_HM_FN2(float2, fminf, float2, 2, SIMT_HM_FMIN)
SIMT_HM_FN2(float3, fminf, float3, 3, SIMT_HM_FMIN)
SIMT_HM_FN2(float4, fminf, float4, 4, SIMT_HM_FMIN)
SIMT_HM_FN2(float2, fmaxf, float2, 2, SIMT_HM_FMAX)
SIMT_HM_FN2(float3, fmaxf, float3, 3, SIMT_HM_FMAX)
SIMT_HM_FN2(float4, fmaxf, float4, 4, SIMT_HM_FMAX)
SIMT_HM_FN2(float2, fmodf, float2, 2, SIMT_HM_FMOD)
SIMT_HM_FN2(float3, fmodf, float3, 3, SIMT_HM_FMOD)
SIMT_HM_FN2(float4, fmodf, float4, 4, SIMT_HM_FMOD)
SIMT_HM_FN2(int2, min, int2, 2, SIMT_HM_IMIN)
SIMT_HM_FN2(int3, min, int3, 3, SIMT_HM_IMIN)
SIMT_HM_FN2(int4, min, int4, 4, SIMT_HM_IMIN)
SIMT_HM_FN2(uint2, min, uint2, 2, SIMT_HM_IMIN)
SIMT_HM_FN2(uint3, min, uint3, 3, SIMT_HM_IMIN)
SIMT_HM_FN2(uint4, min, uint4, 4, SIMT_HM_IMIN)
SIMT_HM_FN2(int2, max, int2, 2, SIMT_HM_IMAX)
SIMT_HM_FN2(int3, max, int3, 3, SIMT_HM_IMAX)
SIMT_HM_FN2(int4, max, int4, 4, SIMT_HM_IMAX)
SIMT_HM_FN2(uint2, max, uint2, 2, SIMT_HM_IMAX)
SIMT_HM_FN2(uint3, max, uint3, 3, SIMT_HM_IMAX)
SIMT_HM_FN2(uint4, max, uint4, 4, SIMT_HM_IMAX)

#define SIMT_HM_FN1(R, name, V, N, F)                                                              \
    SIMT_HM_ R name(V a)                                                                           \
    {                                                                                              \
        return SIMT_HM_MAP##N(R, F);                                                               \
    }
#define SIMT_HM_FLOOR(c) floorf(a.c)
#define SIMT_HM_FRAC(c)  (a.c - floorf(a.c))
#define SIMT_HM_FABS(c)  fabsf(a.c)
#define SIMT_HM_IABS(c)  (a.c < 0 ? -a.c : a.c)
SIMT_HM_ float fracf(float v)
{
    return v - floorf(v);
}
SIMT_HM_FN1(float2, floorf, float2, 2, SIMT_HM_FLOOR)
SIMT_HM_FN1(float3, floorf, float3, 3, SIMT_HM_FLOOR)
SIMT_HM_FN1(float4, floorf, float4, 4, SIMT_HM_FLOOR)
SIMT_HM_FN1(float2, fracf, float2, 2, SIMT_HM_FRAC)
SIMT_HM_FN1(float3, fracf, float3, 3, SIMT_HM_FRAC)
SIMT_HM_FN1(float4, fracf, float4, 4, SIMT_HM_FRAC)
SIMT_HM_FN1(float2, fabs, float2, 2, SIMT_HM_FABS)
SIMT_HM_FN1(float3, fabs, float3, 3, SIMT_HM_FABS)
SIMT_HM_FN1(float4, fabs, float4, 4, SIMT_HM_FABS)
SIMT_HM_FN1(int2, abs, int2, 2, SIMT_HM_IABS)
SIMT_HM_FN1(int3, abs, int3, 3, SIMT_HM_IABS)
SIMT_HM_FN1(int4, abs, int4, 4, SIMT_HM_IABS)

/* --- clamp: scalars, vectors between scalars, vectors between vectors ---------------------- */
SIMT_HM_ float clamp(float f, float a, float b)
{
    return fmaxf(a, fminf(f, b));
}
SIMT_HM_ int clamp(int f, int a, int b)
{
    return f < a ? a : f > b ? b : f;
}
SIMT_HM_ uint clamp(uint f, uint a, uint b)
{
    return f < a ? a : f > b ? b : f;
}
#define SIMT_HM_CLAMP(V, S)                                                                        \
    SIMT_HM_ V clamp(V v, S a, S b)                                                                \
    {                                                                                              \
        return clamp(v, make_##V(a), make_##V(b));                                                 \
    }
#define SIMT_HM_CLAMPV_F(V)                                                                        \
    SIMT_HM_ V clamp(V v, V a, V b)                                                                \
    {                                                                                              \
        return fmaxf(a, fminf(v, b));                                                              \
    }
#define SIMT_HM_CLAMPV_I(V)                                                                        \
    SIMT_HM_ V clamp(V v, V a, V b)                                                                \
    {                                                                                              \
        return max(a, min(v, b));                                                                  \
    }
SIMT_HM_CLAMPV_F(float2)
SIMT_HM_CLAMPV_F(float3)
SIMT_HM_CLAMPV_F(float4)
SIMT_HM_CLAMPV_I(int2)
SIMT_HM_CLAMPV_I(int3)
SIMT_HM_CLAMPV_I(int4)
SIMT_HM_CLAMPV_I(uint2)
SIMT_HM_CLAMPV_I(uint3)
SIMT_HM_CLAMPV_I(uint4)
SIMT_HM_CLAMP(float2, float)
SIMT_HM_CLAMP(float3, float)
SIMT_HM_CLAMP(float4, float)
SIMT_HM_CLAMP(int2, int)
SIMT_HM_CLAMP(int3, int)
SIMT_HM_CLAMP(int4, int)
SIMT_HM_CLAMP(uint2, uint)
SIMT_HM_CLAMP(uint3, uint)
SIMT_HM_CLAMP(uint4, uint)

/* --- geometry ------------------------------------------------------------------------------ */
SIMT_HM_ float dot(float2 a, float2 b)
{
    return a.x * b.x + a.y * b.y;
}
SIMT_HM_ float dot(float3 a, float3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
SIMT_HM_ float dot(float4 a, float4 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
SIMT_HM_ int dot(int2 a, int2 b)
{
    return a.x * b.x + a.y * b.y;
}
SIMT_HM_ int dot(int3 a, int3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
SIMT_HM_ int dot(int4 a, int4 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
SIMT_HM_ uint dot(uint2 a, uint2 b)
{
    return a.x * b.x + a.y * b.y;
}
SIMT_HM_ uint dot(uint3 a, uint3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
SIMT_HM_ uint dot(uint4 a, uint4 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
SIMT_HM_ float length(float2 v)
{
    return sqrtf(dot(v, v));
}
SIMT_HM_ float length(float3 v)
{
    return sqrtf(dot(v, v));
}
SIMT_HM_ float length(float4 v)
{
    return sqrtf(dot(v, v));
}
SIMT_HM_ float2 normalize(float2 v)
{
    return v * rsqrtf(dot(v, v));
}
SIMT_HM_ float3 normalize(float3 v)
{
    return v * rsqrtf(dot(v, v));
}
SIMT_HM_ float4 normalize(float4 v)
{
    return v * rsqrtf(dot(v, v));
}
SIMT_HM_ float3 cross(float3 a, float3 b)
{
    return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
/* the reflection of incident vector i about the plane of normal n */
SIMT_HM_ float3 reflect(float3 i, float3 n)
{
    return i - 2.0f * n * dot(n, i);
}

/* a + t (b - a) */
SIMT_HM_ float lerp(float a, float b, float t)
{
    return a + t * (b - a);
}
SIMT_HM_ float2 lerp(float2 a, float2 b, float t)
{
    return a + t * (b - a);
}
SIMT_HM_ float3 lerp(float3 a, float3 b, float t)
{
    return a + t * (b - a);
}
SIMT_HM_ float4 lerp(float4 a, float4 b, float t)
{
    return a + t * (b - a);
}

/* Hermite interpolation between 0 and 1 as x goes from a to b (clamped) */
SIMT_HM_ float smoothstep(float a, float b, float x)
{
    float y = clamp((x - a) / (b - a), 0.0f, 1.0f);
    return y * y * (3.0f - 2.0f * y);
}
#define SIMT_HM_SMOOTH(V)                                                                          \
    SIMT_HM_ V smoothstep(V a, V b, V x)                                                           \
    {                                                                                              \
        V y = clamp((x - a) / (b - a), 0.0f, 1.0f);                                                \
        return y * y * (make_##V(3.0f) - make_##V(2.0f) * y);                                      \
    }
SIMT_HM_SMOOTH(float2)
SIMT_HM_SMOOTH(float3)
SIMT_HM_SMOOTH(float4)

#undef SIMT_HM_
#endif
