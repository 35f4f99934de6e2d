/*
 * curand_kernel.h - cuRAND's device API for the default generator, XORWOW, with cuRAND's
 * sequence: curand_init(seed, subsequence, offset, &state), curand, curand_uniform,
 * curand_uniform_double, curand_normal, curand_normal2, curand_normal_double, skipahead,
 * skipahead_sequence. Written for the simt toolchain from the generator's published
 * description; no NVIDIA text.
 *
 * Algorithm (as cuRAND documents its XORWOW generator):
 *   - state: five 32-bit xorshift words v[0..4] and a Weyl counter d (Marsaglia 2003);
 *   - seeding: the 64-bit seed is split into two 32-bit halves, each xor-ed with a fixed
 *     salt and multiplied by a fixed odd constant (t0, t1); v and d are fixed constants
 *     combined with t0/t1; then the state skips `subsequence` * 2^67 steps and `offset` steps;
 *   - a step: t = v0^(v0>>2); shift v down; v4 = (v4^(v4<<4))^(t^(t<<1)); d += 362437;
 *     the output is v4 + d;
 *   - skip-ahead: the v-part is linear over GF(2): n steps apply M^n, a product of the
 *     precomputed M^(2^k) (curand_xorwow_jumps.h, tools/gen_xorwow_jumps.c); d += 362437*n;
 *   - uniform float: x * 2^-32 + 2^-33 (in (0,1]); uniform double: 53 bits from two outputs;
 *   - normal: Box-Muller on two outputs; the second value is kept for the next call.
 * Only the XORWOW generator is provided (curandStatePhilox4_32_10_t, MRG32k3a, Sobol and the
 * host API in curand.h are not).
 */
#ifndef SIMT_CURAND_KERNEL_H
#define SIMT_CURAND_KERNEL_H

#include "cuda_runtime.h"
#include <math.h>

#include "curand_xorwow_jumps.h"

#if defined(__CUDA__)
#define SIMT_CURAND_FN_ static __forceinline__ __device__
#else
#define SIMT_CURAND_FN_ static inline
#endif

struct curandStateXORWOW {
    unsigned int d, v[5];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

#define SIMT_CURAND_2POW32_INV     2.3283064e-10f
#define SIMT_CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define SIMT_CURAND_2POW53_INV     1.1102230246251565e-16
#define SIMT_CURAND_WEYL           362437u

/* v <- M^(2^k) v */
SIMT_CURAND_FN_ void __simt_xorwow_jump(unsigned int v[5], int k)
{
    unsigned int r[5] = {0, 0, 0, 0, 0};
    for (int w = 0; w < 5; w++) {
        unsigned int x = v[w];
        for (int b = 0; x; b++, x >>= 1) {
            if (x & 1u) {
                const unsigned int *col = simt_xorwow_jump[k][w * 32 + b];
                r[0] ^= col[0];
                r[1] ^= col[1];
                r[2] ^= col[2];
                r[3] ^= col[3];
                r[4] ^= col[4];
            }
        }
    }
    for (int w = 0; w < 5; w++)
        v[w] = r[w];
}

/* skipahead(n): the state moves n outputs ahead. */
SIMT_CURAND_FN_ void skipahead(unsigned long long n, curandStateXORWOW_t *state)
{
    state->d += SIMT_CURAND_WEYL * (unsigned int)n;
    for (int k = 0; n; k++, n >>= 1)
        if (n & 1ull)
            __simt_xorwow_jump(state->v, k);
}

/* skipahead_sequence(n): n subsequences (n * 2^67 outputs) ahead. 2^67 * 362437 is 0 mod
 * 2^32, so d does not move. */
SIMT_CURAND_FN_ void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state)
{
    for (int k = 0; n; k++, n >>= 1)
        if (n & 1ull)
            __simt_xorwow_jump(state->v, 67 + k);
}

SIMT_CURAND_FN_ void curand_init(unsigned long long seed, unsigned long long subsequence,
                                 unsigned long long offset, curandStateXORWOW_t *state)
{
    unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u;
    unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
    unsigned int t0 = 1099087573u * s0;
    unsigned int t1 = 2591861531u * s1;
    state->d = 6615241u + t1 + t0;
    state->v[0] = 123456789u + t0;
    state->v[1] = 362436069u ^ t0;
    state->v[2] = 521288629u + t1;
    state->v[3] = 88675123u ^ t1;
    state->v[4] = 5783321u + t0;
    skipahead_sequence(subsequence, state);
    skipahead(offset, state);
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.0f;
    state->boxmuller_extra_double = 0.0;
}

SIMT_CURAND_FN_ unsigned int curand(curandStateXORWOW_t *state)
{
    unsigned int t = state->v[0] ^ (state->v[0] >> 2);
    state->v[0] = state->v[1];
    state->v[1] = state->v[2];
    state->v[2] = state->v[3];
    state->v[3] = state->v[4];
    state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
    state->d += SIMT_CURAND_WEYL;
    return state->v[4] + state->d;
}

SIMT_CURAND_FN_ float __simt_curand_uniform32(unsigned int x)
{
    return x * SIMT_CURAND_2POW32_INV + (SIMT_CURAND_2POW32_INV / 2.0f);
}

SIMT_CURAND_FN_ double __simt_curand_uniform53(unsigned int x, unsigned int y)
{
    unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << (53 - 32));
    return z * SIMT_CURAND_2POW53_INV + (SIMT_CURAND_2POW53_INV / 2.0);
}

SIMT_CURAND_FN_ float curand_uniform(curandStateXORWOW_t *state)
{
    return __simt_curand_uniform32(curand(state));
}

SIMT_CURAND_FN_ double curand_uniform_double(curandStateXORWOW_t *state)
{
    unsigned int x = curand(state);
    unsigned int y = curand(state);
    return __simt_curand_uniform53(x, y);
}

/* Box-Muller: u in (0,1] from x, angle 2*pi*v from y. */
SIMT_CURAND_FN_ float2 __simt_curand_box_muller(unsigned int x, unsigned int y)
{
    float u = x * SIMT_CURAND_2POW32_INV + (SIMT_CURAND_2POW32_INV / 2.0f);
    float v = y * SIMT_CURAND_2POW32_INV_2PI + (SIMT_CURAND_2POW32_INV_2PI / 2.0f);
    float s = sqrtf(-2.0f * logf(u));
    float2 r;
    r.x = s * sinf(v);
    r.y = s * cosf(v);
    return r;
}

SIMT_CURAND_FN_ double2 __simt_curand_box_muller_double(unsigned int x0, unsigned int x1,
                                                        unsigned int y0, unsigned int y1)
{
    double u = __simt_curand_uniform53(x0, x1);
    double v = __simt_curand_uniform53(y0, y1) * 6.283185307179586;
    double s = sqrt(-2.0 * log(u));
    double2 r;
    r.x = s * sin(v);
    r.y = s * cos(v);
    return r;
}

SIMT_CURAND_FN_ float curand_normal(curandStateXORWOW_t *state)
{
    if (state->boxmuller_flag != 1) {
        unsigned int x = curand(state);
        unsigned int y = curand(state);
        float2 v = __simt_curand_box_muller(x, y);
        state->boxmuller_extra = v.y;
        state->boxmuller_flag = 1;
        return v.x;
    }
    state->boxmuller_flag = 0;
    return state->boxmuller_extra;
}

SIMT_CURAND_FN_ float2 curand_normal2(curandStateXORWOW_t *state)
{
    unsigned int x = curand(state);
    unsigned int y = curand(state);
    return __simt_curand_box_muller(x, y);
}

SIMT_CURAND_FN_ double curand_normal_double(curandStateXORWOW_t *state)
{
    if (state->boxmuller_flag_double != 1) {
        unsigned int x0 = curand(state);
        unsigned int x1 = curand(state);
        unsigned int y0 = curand(state);
        unsigned int y1 = curand(state);
        double2 v = __simt_curand_box_muller_double(x0, x1, y0, y1);
        state->boxmuller_extra_double = v.y;
        state->boxmuller_flag_double = 1;
        return v.x;
    }
    state->boxmuller_flag_double = 0;
    return state->boxmuller_extra_double;
}

SIMT_CURAND_FN_ float curand_log_normal(curandStateXORWOW_t *state, float mean, float stddev)
{
    return expf(mean + stddev * curand_normal(state));
}

#undef SIMT_CURAND_FN_
#endif
