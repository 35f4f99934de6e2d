/*
 * cuComplex.h - single and double precision complex numbers as float2 / double2 (x real,
 * y imaginary) with the CUDA toolkit's function names, for host and device code, C or C++.
 * Written for this project from the documented interface. Division scales by the divisor's
 * largest component and the modulus uses hypot, so neither overflows where the result fits.
 */
#ifndef SIMT_CUCOMPLEX_H
#define SIMT_CUCOMPLEX_H

#include <math.h>

#include "host_defines.h"
#include "vector_types.h"
#include "vector_functions.h"

#define SIMT_CX_ static __inline__ __host__ __device__

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

SIMT_CX_ float cuCrealf(cuFloatComplex x)
{
    return x.x;
}
SIMT_CX_ float cuCimagf(cuFloatComplex x)
{
    return x.y;
}
SIMT_CX_ cuFloatComplex make_cuFloatComplex(float r, float i)
{
    return make_float2(r, i);
}
SIMT_CX_ cuFloatComplex cuConjf(cuFloatComplex x)
{
    return make_float2(x.x, -x.y);
}
SIMT_CX_ cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y)
{
    return make_float2(x.x + y.x, x.y + y.y);
}
SIMT_CX_ cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y)
{
    return make_float2(x.x - y.x, x.y - y.y);
}
SIMT_CX_ cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y)
{
    return make_float2(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
SIMT_CX_ cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y)
{
    /* (x / s) * conj(y / s) / |y / s|^2 with s the divisor's largest magnitude */
    float s = fabsf(y.x) > fabsf(y.y) ? fabsf(y.x) : fabsf(y.y);
    float ar = x.x / s, ai = x.y / s, br = y.x / s, bi = y.y / s;
    float d = br * br + bi * bi;
    return make_float2((ar * br + ai * bi) / d, (ai * br - ar * bi) / d);
}
SIMT_CX_ float cuCabsf(cuFloatComplex x)
{
    return hypotf(x.x, x.y);
}
/* x * y + d */
SIMT_CX_ cuFloatComplex cuCfmaf(cuFloatComplex x, cuFloatComplex y, cuFloatComplex d)
{
    return make_float2(x.x * y.x - x.y * y.y + d.x, x.x * y.y + x.y * y.x + d.y);
}
SIMT_CX_ cuComplex make_cuComplex(float r, float i)
{
    return make_float2(r, i);
}

SIMT_CX_ double cuCreal(cuDoubleComplex x)
{
    return x.x;
}
SIMT_CX_ double cuCimag(cuDoubleComplex x)
{
    return x.y;
}
SIMT_CX_ cuDoubleComplex make_cuDoubleComplex(double r, double i)
{
    return make_double2(r, i);
}
SIMT_CX_ cuDoubleComplex cuConj(cuDoubleComplex x)
{
    return make_double2(x.x, -x.y);
}
SIMT_CX_ cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y)
{
    return make_double2(x.x + y.x, x.y + y.y);
}
SIMT_CX_ cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y)
{
    return make_double2(x.x - y.x, x.y - y.y);
}
SIMT_CX_ cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y)
{
    return make_double2(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
SIMT_CX_ cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y)
{
    double s = fabs(y.x) > fabs(y.y) ? fabs(y.x) : fabs(y.y);
    double ar = x.x / s, ai = x.y / s, br = y.x / s, bi = y.y / s;
    double d = br * br + bi * bi;
    return make_double2((ar * br + ai * bi) / d, (ai * br - ar * bi) / d);
}
SIMT_CX_ double cuCabs(cuDoubleComplex x)
{
    return hypot(x.x, x.y);
}
SIMT_CX_ cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d)
{
    return make_double2(x.x * y.x - x.y * y.y + d.x, x.x * y.y + x.y * y.x + d.y);
}

SIMT_CX_ cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c)
{
    return make_double2((double)c.x, (double)c.y);
}
SIMT_CX_ cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c)
{
    return make_float2((float)c.x, (float)c.y);
}

#undef SIMT_CX_
#endif
