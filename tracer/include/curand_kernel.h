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
 * XORWOW and Philox4_32_10 (curandStatePhilox4_32_10_t, below) are provided; MRG32k3a, MTGP32
 * and the quasi-random Sobol states are not (the host API is curand.h).
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

/* curand_normal (Box-Muller pairs, the second value kept for the next call), curand_normal2 and
 * curand_log_normal over a generator's curand(): the same for every state type. */
#define SIMT_CURAND_NORMALS_(STATE)                                                                \
    SIMT_CURAND_FN_ float curand_normal(STATE *state)                                              \
    {                                                                                              \
        if (state->boxmuller_flag != 1) {                                                          \
            unsigned int x = curand(state);                                                        \
            unsigned int y = curand(state);                                                        \
            float2 v = __simt_curand_box_muller(x, y);                                             \
            state->boxmuller_extra = v.y;                                                          \
            state->boxmuller_flag = 1;                                                             \
            return v.x;                                                                            \
        }                                                                                          \
        state->boxmuller_flag = 0;                                                                 \
        return state->boxmuller_extra;                                                             \
    }                                                                                              \
    SIMT_CURAND_FN_ float2 curand_normal2(STATE *state)                                            \
    {                                                                                              \
        unsigned int x = curand(state);                                                            \
        unsigned int y = curand(state);                                                            \
        return __simt_curand_box_muller(x, y);                                                     \
    }                                                                                              \
    SIMT_CURAND_FN_ float curand_log_normal(STATE *state, float mean, float stddev)                \
    {                                                                                              \
        return expf(mean + stddev * curand_normal(state));                                         \
    }

SIMT_CURAND_NORMALS_(curandStateXORWOW_t)

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

/* --- Philox4x32-10 (curandStatePhilox4_32_10_t) --------------------------------------------
 * The counter-based generator of Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"
 * (SC 2011), as cuRAND documents its use: a 128-bit counter and a 64-bit key (the seed) go
 * through ten rounds, each two 32x32->64-bit multiplications (constants 0xD2511F53 and
 * 0xCD9E8D57) whose halves are mixed with the other words and the key, the key bumped by the
 * Weyl constants 0x9E3779B9 / 0xBB67AE85 between rounds; one block gives four outputs.
 * curand_init puts the seed in the key, the subsequence in the counter's upper 64 bits (2^66
 * outputs apart) and skips `offset` outputs; curand returns the block's words in order and
 * moves to the next counter value after the fourth. The conversions to uniform, normal and
 * double values are XORWOW's (above). Programs such as PyTorch-style dropout or Monte-Carlo
 * samples that pick this state because its curand_init is cheap need it to compile. Its
 * functions overload XORWOW's, so they exist in C++ (every .cu file) only: the runtime's C
 * (simt_curand.c) includes this header for XORWOW. */
#ifdef __cplusplus
struct curandStatePhilox4_32_10 {
    uint4 ctr;
    uint4 output;
    uint2 key;
    unsigned int STATE; /* index of the next word of output (0..3) */
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

SIMT_CURAND_FN_ unsigned int __simt_philox_mulhilo(unsigned int a, unsigned int b, unsigned int *hi)
{
    unsigned long long p = (unsigned long long)a * b;
    *hi = (unsigned int)(p >> 32);
    return (unsigned int)p;
}

SIMT_CURAND_FN_ uint4 __simt_philox4x32_10(uint4 c, uint2 k)
{
    for (int r = 0; r < 10; r++) {
        unsigned int hi0, hi1;
        unsigned int lo0 = __simt_philox_mulhilo(0xD2511F53u, c.x, &hi0);
        unsigned int lo1 = __simt_philox_mulhilo(0xCD9E8D57u, c.z, &hi1);
        uint4 n;
        n.x = hi1 ^ c.y ^ k.x;
        n.y = lo1;
        n.z = hi0 ^ c.w ^ k.y;
        n.w = lo0;
        c = n;
        k.x += 0x9E3779B9u;
        k.y += 0xBB67AE85u;
    }
    return c;
}

/* the 128-bit counter plus n */
SIMT_CURAND_FN_ void __simt_philox_incr(curandStatePhilox4_32_10_t *s, unsigned long long n)
{
    unsigned int nlo = (unsigned int)n, nhi = (unsigned int)(n >> 32);
    unsigned long long t = (unsigned long long)s->ctr.x + nlo;
    s->ctr.x = (unsigned int)t;
    t = (unsigned long long)s->ctr.y + nhi + (t >> 32);
    s->ctr.y = (unsigned int)t;
    t = (unsigned long long)s->ctr.z + (t >> 32);
    s->ctr.z = (unsigned int)t;
    s->ctr.w += (unsigned int)(t >> 32);
}

/* skipahead(n): n outputs ahead (a quarter of them whole counter blocks). */
SIMT_CURAND_FN_ void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state)
{
    state->STATE += (unsigned int)(n & 3u);
    __simt_philox_incr(state, n / 4);
    if (state->STATE > 3) {
        __simt_philox_incr(state, 1);
        state->STATE &= 3u;
    }
    state->output = __simt_philox4x32_10(state->ctr, state->key);
}

/* skipahead_sequence(n): n subsequences ahead, i.e. the counter's upper half plus n. */
SIMT_CURAND_FN_ void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state)
{
    unsigned long long t = (unsigned long long)state->ctr.z + (unsigned int)n;
    state->ctr.z = (unsigned int)t;
    state->ctr.w += (unsigned int)(n >> 32) + (unsigned int)(t >> 32);
    state->output = __simt_philox4x32_10(state->ctr, state->key);
}

SIMT_CURAND_FN_ void curand_init(unsigned long long seed, unsigned long long subsequence,
                                 unsigned long long offset, curandStatePhilox4_32_10_t *state)
{
    state->ctr = make_uint4(0u, 0u, 0u, 0u);
    state->key = make_uint2((unsigned int)seed, (unsigned int)(seed >> 32));
    state->STATE = 0;
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.0f;
    state->boxmuller_extra_double = 0.0;
    skipahead_sequence(subsequence, state);
    skipahead(offset, state);
}

SIMT_CURAND_FN_ unsigned int curand(curandStatePhilox4_32_10_t *state)
{
    const unsigned int i = state->STATE++;
    unsigned int r = i == 0   ? state->output.x
                     : i == 1 ? state->output.y
                     : i == 2 ? state->output.z
                              : state->output.w;
    if (state->STATE == 4) {
        __simt_philox_incr(state, 1);
        state->output = __simt_philox4x32_10(state->ctr, state->key);
        state->STATE = 0;
    }
    return r;
}

/* the next four outputs of the sequence (whatever STATE is) */
SIMT_CURAND_FN_ uint4 curand4(curandStatePhilox4_32_10_t *state)
{
    uint4 r;
    r.x = curand(state);
    r.y = curand(state);
    r.z = curand(state);
    r.w = curand(state);
    return r;
}

SIMT_CURAND_FN_ float curand_uniform(curandStatePhilox4_32_10_t *state)
{
    return __simt_curand_uniform32(curand(state));
}

SIMT_CURAND_FN_ float4 curand_uniform4(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    return make_float4(__simt_curand_uniform32(x.x), __simt_curand_uniform32(x.y),
                       __simt_curand_uniform32(x.z), __simt_curand_uniform32(x.w));
}

SIMT_CURAND_FN_ double curand_uniform_double(curandStatePhilox4_32_10_t *state)
{
    unsigned int x = curand(state);
    unsigned int y = curand(state);
    return __simt_curand_uniform53(x, y);
}

SIMT_CURAND_FN_ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    return make_double2(__simt_curand_uniform53(x.x, x.y), __simt_curand_uniform53(x.z, x.w));
}

SIMT_CURAND_NORMALS_(curandStatePhilox4_32_10_t)

SIMT_CURAND_FN_ float4 curand_normal4(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    float2 a = __simt_curand_box_muller(x.x, x.y), b = __simt_curand_box_muller(x.z, x.w);
    return make_float4(a.x, a.y, b.x, b.y);
}

SIMT_CURAND_FN_ double curand_normal_double(curandStatePhilox4_32_10_t *state)
{
    if (state->boxmuller_flag_double != 1) {
        uint4 x = curand4(state);
        double2 v = __simt_curand_box_muller_double(x.x, x.y, x.z, x.w);
        state->boxmuller_extra_double = v.y;
        state->boxmuller_flag_double = 1;
        return v.x;
    }
    state->boxmuller_flag_double = 0;
    return state->boxmuller_extra_double;
}

SIMT_CURAND_FN_ double2 curand_normal2_double(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    return __simt_curand_box_muller_double(x.x, x.y, x.z, x.w);
}
#endif /* __cplusplus */

#undef SIMT_CURAND_NORMALS_
#undef SIMT_CURAND_FN_
#endif
