/*
 * simt_fastdiv.h - a / b and a % b for run-time divisors that are usually powers of two.
 *
 * The simulator divides by configuration values on its hot paths (address mapping, i-cache
 * sets, register banks); a 64-bit division costs tens of cycles, a shift or a mask one. The
 * test of b is predicted (b is fixed for a run). b must be non-zero.
 */
#ifndef SIMT_FASTDIV_H
#define SIMT_FASTDIV_H

#include <stdint.h>

static inline uint64_t simt_udiv(uint64_t a, uint64_t b)
{
    return (b & (b - 1)) ? a / b : a >> __builtin_ctzll(b);
}

static inline uint64_t simt_umod(uint64_t a, uint64_t b)
{
    return (b & (b - 1)) ? a % b : a & (b - 1);
}

#endif
