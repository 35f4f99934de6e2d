/*
 * ld_internal.h - private declarations shared by the libdevice implementation files.
 *
 * Every function listed in simt_libdevice.def is defined as simt_nv_<base> in one of
 * ld_int.c, ld_conv.c, ld_math.c, ld_simd.c and registered in ld_table.c.
 */
#ifndef SIMT_LD_INTERNAL_H
#define SIMT_LD_INTERNAL_H

#include <stdint.h>
#include <string.h>

#define NV(base, sig, ic, ret, args) ret simt_nv_##base args;
#include "simt_libdevice.def"
#undef NV

/* Bit-pattern helpers (memcpy: no aliasing UB). */
static inline uint32_t ld_fbits(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}
static inline float ld_bitsf(uint32_t u)
{
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}
static inline uint64_t ld_dbits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}
static inline double ld_bitsd(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* The NaN an NVIDIA GPU writes for every single-precision NaN result (canonical NaN,
 * PTX ISA "Floating Point Instructions": NaN payloads are not propagated). */
#define LD_CANON_NANF 0x7fffffffu

/* Replace any float NaN by the canonical GPU NaN; other values pass unchanged. */
static inline float ld_cnanf(float x)
{
    return x != x ? ld_bitsf(LD_CANON_NANF) : x;
}

#endif /* SIMT_LD_INTERNAL_H */
