/*
 * ld_int.c - integer and bit-reinterpretation helpers of libdevice (__nv_mul24, __nv_popc,
 * __nv_byte_perm, __nv_float_as_int, ...). Semantics: CUDA Math API, "Integer Intrinsics"
 * and "Type Casting Intrinsics"; PTX ISA for mul24/mul.hi/sad/prmt/brev/bfind.
 * All arithmetic is done in unsigned or wider types: no signed overflow.
 */
#include "ld_internal.h"

int32_t simt_nv_abs(int32_t a)
{
    /* |INT_MIN| wraps to INT_MIN, as the GPU's abs.s32 does. */
    uint32_t u = (uint32_t)a;
    return (int32_t)(a < 0 ? 0u - u : u);
}

int64_t simt_nv_llabs(int64_t a)
{
    uint64_t u = (uint64_t)a;
    return (int64_t)(a < 0 ? 0u - u : u);
}

int32_t simt_nv_max(int32_t a, int32_t b)
{
    return a > b ? a : b;
}
int32_t simt_nv_min(int32_t a, int32_t b)
{
    return a < b ? a : b;
}
uint32_t simt_nv_umax(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}
uint32_t simt_nv_umin(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}
int64_t simt_nv_llmax(int64_t a, int64_t b)
{
    return a > b ? a : b;
}
int64_t simt_nv_llmin(int64_t a, int64_t b)
{
    return a < b ? a : b;
}
uint64_t simt_nv_ullmax(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}
uint64_t simt_nv_ullmin(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

/* mul24.lo.s32: product of the sign-extended low 24 bits, low 32 bits kept. */
int32_t simt_nv_mul24(int32_t a, int32_t b)
{
    int64_t x = (int64_t)(((uint32_t)a & 0xffffffu) ^ 0x800000u) - 0x800000;
    int64_t y = (int64_t)(((uint32_t)b & 0xffffffu) ^ 0x800000u) - 0x800000;
    return (int32_t)(uint32_t)(uint64_t)(x * y);
}

uint32_t simt_nv_umul24(uint32_t a, uint32_t b)
{
    return (uint32_t)((uint64_t)(a & 0xffffffu) * (b & 0xffffffu));
}

int32_t simt_nv_mulhi(int32_t a, int32_t b)
{
    int64_t p = (int64_t)a * (int64_t)b;
    return (int32_t)(uint32_t)((uint64_t)p >> 32);
}

uint32_t simt_nv_umulhi(uint32_t a, uint32_t b)
{
    return (uint32_t)(((uint64_t)a * b) >> 32);
}

int64_t simt_nv_mul64hi(int64_t a, int64_t b)
{
    __int128 p = (__int128)a * (__int128)b;
    return (int64_t)(uint64_t)((unsigned __int128)p >> 64);
}

uint64_t simt_nv_umul64hi(uint64_t a, uint64_t b)
{
    return (uint64_t)(((unsigned __int128)a * b) >> 64);
}

int32_t simt_nv_popc(int32_t a)
{
    return __builtin_popcount((uint32_t)a);
}
int32_t simt_nv_popcll(int64_t a)
{
    return __builtin_popcountll((uint64_t)a);
}

/* clz(0) = 32 (PTX clz.b32). */
int32_t simt_nv_clz(int32_t a)
{
    return a == 0 ? 32 : __builtin_clz((uint32_t)a);
}
int32_t simt_nv_clzll(int64_t a)
{
    return a == 0 ? 64 : __builtin_clzll((uint64_t)a);
}

/* ffs: 1-based position of the least significant set bit, 0 for 0. */
int32_t simt_nv_ffs(int32_t a)
{
    return a == 0 ? 0 : __builtin_ctz((uint32_t)a) + 1;
}
int32_t simt_nv_ffsll(int64_t a)
{
    return a == 0 ? 0 : __builtin_ctzll((uint64_t)a) + 1;
}

int32_t simt_nv_brev(int32_t a)
{
    uint32_t x = (uint32_t)a, r = 0;
    for (int i = 0; i < 32; i++) {
        r = (r << 1) | (x & 1u);
        x >>= 1;
    }
    return (int32_t)r;
}

int64_t simt_nv_brevll(int64_t a)
{
    uint64_t x = (uint64_t)a, r = 0;
    for (int i = 0; i < 64; i++) {
        r = (r << 1) | (x & 1u);
        x >>= 1;
    }
    return (int64_t)r;
}

/* __byte_perm(x, y, s): result byte n is byte (s >> 4n) & 7 of the 8-byte value {y, x}
 * (x holds bytes 0-3, y bytes 4-7); PTX prmt.b32 default mode. */
int32_t simt_nv_byte_perm(int32_t x, int32_t y, int32_t s)
{
    uint64_t v = ((uint64_t)(uint32_t)y << 32) | (uint32_t)x;
    uint32_t sel = (uint32_t)s, r = 0;
    for (int n = 0; n < 4; n++) {
        uint32_t idx = (sel >> (4 * n)) & 7u;
        r |= (uint32_t)((v >> (8 * idx)) & 0xffu) << (8 * n);
    }
    return (int32_t)r;
}

/* sad: |x - y| + z (PTX sad.s32: the sum wraps modulo 2^32). */
int32_t simt_nv_sad(int32_t x, int32_t y, int32_t z)
{
    int64_t d = (int64_t)x - (int64_t)y;
    uint32_t ad = (uint32_t)(uint64_t)(d < 0 ? -d : d);
    return (int32_t)(ad + (uint32_t)z);
}

uint32_t simt_nv_usad(uint32_t x, uint32_t y, uint32_t z)
{
    uint32_t ad = x > y ? x - y : y - x;
    return ad + z;
}

/* Halving adds without intermediate overflow. */
int32_t simt_nv_hadd(int32_t a, int32_t b)
{
    int64_t s = (int64_t)a + b;
    return (int32_t)(s >> 1);
}
int32_t simt_nv_rhadd(int32_t a, int32_t b)
{
    int64_t s = (int64_t)a + b + 1;
    return (int32_t)(s >> 1);
}
int32_t simt_nv_uhadd(uint32_t a, uint32_t b)
{
    return (int32_t)(uint32_t)(((uint64_t)a + b) >> 1);
}
uint32_t simt_nv_urhadd(uint32_t a, uint32_t b)
{
    return (uint32_t)(((uint64_t)a + b + 1) >> 1);
}

/* Bit reinterpretations. */
int32_t simt_nv_float_as_int(float x)
{
    return (int32_t)ld_fbits(x);
}
uint32_t simt_nv_float_as_uint(float x)
{
    return ld_fbits(x);
}
float simt_nv_int_as_float(int32_t x)
{
    return ld_bitsf((uint32_t)x);
}
float simt_nv_uint_as_float(uint32_t x)
{
    return ld_bitsf(x);
}
