/*
 * vector_functions.h - make_<type>N() constructors for the vector types of vector_types.h.
 */
#ifndef SIMT_VECTOR_FUNCTIONS_H
#define SIMT_VECTOR_FUNCTIONS_H

#include "vector_types.h"

#ifdef __cplusplus
#define SIMT_VF_ static __inline__ __host__ __device__
#else
#define SIMT_VF_ static __inline__
#endif

SIMT_VF_ char1 make_char1(char x)
{
    char1 r;
    r.x = x;
    return r;
}
SIMT_VF_ char2 make_char2(char x, char y)
{
    char2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ char3 make_char3(char x, char y, char z)
{
    char3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ char4 make_char4(char x, char y, char z, char w)
{
    char4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ uchar1 make_uchar1(unsigned char x)
{
    uchar1 r;
    r.x = x;
    return r;
}
SIMT_VF_ uchar2 make_uchar2(unsigned char x, unsigned char y)
{
    uchar2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z)
{
    uchar3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w)
{
    uchar4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ short1 make_short1(short x)
{
    short1 r;
    r.x = x;
    return r;
}
SIMT_VF_ short2 make_short2(short x, short y)
{
    short2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ short3 make_short3(short x, short y, short z)
{
    short3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ short4 make_short4(short x, short y, short z, short w)
{
    short4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ ushort1 make_ushort1(unsigned short x)
{
    ushort1 r;
    r.x = x;
    return r;
}
SIMT_VF_ ushort2 make_ushort2(unsigned short x, unsigned short y)
{
    ushort2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z)
{
    ushort3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z,
                              unsigned short w)
{
    ushort4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ int1 make_int1(int x)
{
    int1 r;
    r.x = x;
    return r;
}
SIMT_VF_ int2 make_int2(int x, int y)
{
    int2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ int3 make_int3(int x, int y, int z)
{
    int3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ int4 make_int4(int x, int y, int z, int w)
{
    int4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ uint1 make_uint1(unsigned int x)
{
    uint1 r;
    r.x = x;
    return r;
}
SIMT_VF_ uint2 make_uint2(unsigned int x, unsigned int y)
{
    uint2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z)
{
    uint3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w)
{
    uint4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ long1 make_long1(long x)
{
    long1 r;
    r.x = x;
    return r;
}
SIMT_VF_ long2 make_long2(long x, long y)
{
    long2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ long3 make_long3(long x, long y, long z)
{
    long3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ long4 make_long4(long x, long y, long z, long w)
{
    long4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ ulong1 make_ulong1(unsigned long x)
{
    ulong1 r;
    r.x = x;
    return r;
}
SIMT_VF_ ulong2 make_ulong2(unsigned long x, unsigned long y)
{
    ulong2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ ulong3 make_ulong3(unsigned long x, unsigned long y, unsigned long z)
{
    ulong3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ ulong4 make_ulong4(unsigned long x, unsigned long y, unsigned long z, unsigned long w)
{
    ulong4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ longlong1 make_longlong1(long long x)
{
    longlong1 r;
    r.x = x;
    return r;
}
SIMT_VF_ longlong2 make_longlong2(long long x, long long y)
{
    longlong2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ longlong3 make_longlong3(long long x, long long y, long long z)
{
    longlong3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ longlong4 make_longlong4(long long x, long long y, long long z, long long w)
{
    longlong4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ ulonglong1 make_ulonglong1(unsigned long long x)
{
    ulonglong1 r;
    r.x = x;
    return r;
}
SIMT_VF_ ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y)
{
    ulonglong2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ ulonglong3 make_ulonglong3(unsigned long long x, unsigned long long y,
                                    unsigned long long z)
{
    ulonglong3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y,
                                    unsigned long long z, unsigned long long w)
{
    ulonglong4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ float1 make_float1(float x)
{
    float1 r;
    r.x = x;
    return r;
}
SIMT_VF_ float2 make_float2(float x, float y)
{
    float2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ float3 make_float3(float x, float y, float z)
{
    float3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ float4 make_float4(float x, float y, float z, float w)
{
    float4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}
SIMT_VF_ double1 make_double1(double x)
{
    double1 r;
    r.x = x;
    return r;
}
SIMT_VF_ double2 make_double2(double x, double y)
{
    double2 r;
    r.x = x;
    r.y = y;
    return r;
}
SIMT_VF_ double3 make_double3(double x, double y, double z)
{
    double3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
SIMT_VF_ double4 make_double4(double x, double y, double z, double w)
{
    double4 r;
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
    return r;
}

#undef SIMT_VF_
#endif
