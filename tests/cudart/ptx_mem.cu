// Inline PTX memory instructions as hand-tuned CUDA code writes them: ld/st of every width and
// vector form in the global, shared, local, constant and generic spaces (cache operators,
// .nc, .volatile, .relaxed/.acquire/.release with scopes, [reg+imm] addresses, 32-bit shared
// addresses), red/atom with each operation (an atomic histogram with red.global.add, a
// lock-free maximum with atom.cas loops, inc/dec/exch wrap-around, f32/f64 sums, shared-memory
// atomics on 32-bit addresses) and fences - each checked against the PTX ISA's definition
// computed on the host. Results must not depend on the order in which threads run (with nvcc:
// -arch=sm_70 or later, for the memory orders and scopes).
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>

static int fails = 0;
#define CHECK(c, ...)                                                                              \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
            fails++;                                                                               \
        }                                                                                          \
    } while (0)

#define T 64 /* threads */

struct Rec {
    unsigned u8, s8, u16, s16h, b32, nc, cg, cs, lu, cv, vol, rlx, acq, gen, off, neg;
    unsigned short b8h, u16h;
    float f32;
    unsigned long long u64, s32l, s16l;
    double f64;
    unsigned v2[2], v4[4], v4s8[4], v2u8[2];
    unsigned short v4h[4];
    float v2f[2], v4f[4];
    unsigned long long v2l[2];
    double v2d[2];
    unsigned l1na;
};

__constant__ unsigned cbank[T];

// loads of every type and vector form from global memory, element i of each array
__global__ void loads(const unsigned char *b, const unsigned *w, const unsigned long long *q,
                      const float *f, const double *d, Rec *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Rec r;
    const unsigned char *bp = b + 16 * i;
    const unsigned *wp = w + 4 * i;
    asm("ld.global.u8 %0, [%1];" : "=r"(r.u8) : "l"(bp + 1));
    asm("ld.global.s8 %0, [%1];" : "=r"(r.s8) : "l"(bp + 1));
    asm("ld.global.b8 %0, [%1];" : "=h"(r.b8h) : "l"(bp + 2));
    asm("ld.global.u16 %0, [%1];" : "=r"(r.u16) : "l"(bp + 2));
    asm("ld.global.u16 %0, [%1];" : "=h"(r.u16h) : "l"(bp + 4));
    asm("ld.global.s16 %0, [%1];" : "=r"(r.s16h) : "l"(bp + 2));
    asm("ld.global.s16 %0, [%1];" : "=l"(r.s16l) : "l"(bp + 4));
    asm("ld.global.b32 %0, [%1];" : "=r"(r.b32) : "l"(wp));
    asm("ld.global.s32 %0, [%1];" : "=l"(r.s32l) : "l"(wp + 1));
    asm("ld.global.f32 %0, [%1];" : "=f"(r.f32) : "l"(f + i));
    asm("ld.global.u64 %0, [%1];" : "=l"(r.u64) : "l"(q + 2 * i));
    asm("ld.global.f64 %0, [%1];" : "=d"(r.f64) : "l"(d + 2 * i));
    asm("ld.global.nc.u32 %0, [%1];" : "=r"(r.nc) : "l"(wp + 1));
    asm("ld.global.cg.u32 %0, [%1];" : "=r"(r.cg) : "l"(wp + 2));
    asm("ld.global.cs.u32 %0, [%1];" : "=r"(r.cs) : "l"(wp + 3));
    asm("ld.global.lu.u32 %0, [%1];" : "=r"(r.lu) : "l"(wp));
    asm volatile("ld.global.cv.u32 %0, [%1];" : "=r"(r.cv) : "l"(wp + 1));
    asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(r.vol) : "l"(wp + 2));
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(r.rlx) : "l"(wp + 3));
    asm volatile("ld.acquire.sys.global.u32 %0, [%1];" : "=r"(r.acq) : "l"(wp));
    asm("ld.u32 %0, [%1];" : "=r"(r.gen) : "l"(wp + 1));
    asm("ld.global.u32 %0, [%1+8];" : "=r"(r.off) : "l"(wp));
    asm("ld.global.u32 %0, [%1+-4];" : "=r"(r.neg) : "l"(wp + 3));
    asm("ld.global.L1::no_allocate.b32 %0, [%1];" : "=r"(r.l1na) : "l"(wp + 3));
    asm("ld.global.v2.u32 {%0, %1}, [%2];" : "=r"(r.v2[0]), "=r"(r.v2[1]) : "l"(wp + 2));
    asm("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
        : "=r"(r.v4[0]), "=r"(r.v4[1]), "=r"(r.v4[2]), "=r"(r.v4[3])
        : "l"(wp));
    asm("ld.global.v4.s8 {%0, %1, %2, %3}, [%4];"
        : "=r"(r.v4s8[0]), "=r"(r.v4s8[1]), "=r"(r.v4s8[2]), "=r"(r.v4s8[3])
        : "l"(bp + 4));
    asm("ld.global.v2.u8 {%0, %1}, [%2];" : "=r"(r.v2u8[0]), "=r"(r.v2u8[1]) : "l"(bp + 6));
    asm("ld.global.v4.u16 {%0, %1, %2, %3}, [%4];"
        : "=h"(r.v4h[0]), "=h"(r.v4h[1]), "=h"(r.v4h[2]), "=h"(r.v4h[3])
        : "l"(bp + 8));
    asm("ld.global.v2.f32 {%0, %1}, [%2];" : "=f"(r.v2f[0]), "=f"(r.v2f[1]) : "l"(wp));
    // outputs named out of order: {%1, %0} puts the first element in %1
    asm("ld.global.v2.f32 {%1, %0}, [%2];" : "=f"(r.v4f[0]), "=f"(r.v4f[1]) : "l"(wp + 2));
    asm("ld.global.cs.v2.f32 {%0, %1}, [%2];"
        : "=f"(r.v4f[2]), "=f"(r.v4f[3])
        : "l"(f + 2 * (i / 2)));
    asm("ld.global.v2.u64 {%0, %1}, [%2];" : "=l"(r.v2l[0]), "=l"(r.v2l[1]) : "l"(q + 2 * i));
    asm("ld.global.v2.f64 {%0, %1}, [%2];" : "=d"(r.v2d[0]), "=d"(r.v2d[1]) : "l"(d + 2 * i));
    out[i] = r;
}

// stores of every type and vector form; each thread writes its own 128-byte slot
__global__ void stores(unsigned char *o, unsigned v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned char *p = o + 128 * i;
    unsigned x = v * (i + 1);
    unsigned short h = (unsigned short)(x >> 3);
    unsigned long long l = (unsigned long long)x * 0x100000001ull + i;
    float f = (float)i * 0.5f;
    double d = (double)i * 0.25;
    asm volatile("st.global.u8 [%0], %1;" ::"l"(p), "r"(x) : "memory"); // truncated to 8 bits
    asm volatile("st.global.b8 [%0], %1;" ::"l"(p + 1), "h"(h) : "memory");
    asm volatile("st.global.b16 [%0], %1;" ::"l"(p + 2), "h"(h) : "memory");
    asm volatile("st.global.s16 [%0], %1;" ::"l"(p + 4), "r"(x) : "memory");
    asm volatile("st.global.wb.u32 [%0], %1;" ::"l"(p + 8), "r"(x) : "memory");
    asm volatile("st.global.cg.f32 [%0], %1;" ::"l"(p + 12), "f"(f) : "memory");
    asm volatile("st.global.cs.u64 [%0], %1;" ::"l"(p + 16), "l"(l) : "memory");
    asm volatile("st.global.wt.f64 [%0], %1;" ::"l"(p + 24), "d"(d) : "memory");
    asm volatile("st.global.v2.u32 [%0], {%1, %2};" ::"l"(p + 32), "r"(x), "r"(~x) : "memory");
    asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(p + 48), "f"(f), "f"(-f),
                 "f"(f + 1.0f), "f"(2.0f)
                 : "memory");
    asm volatile("st.global.v2.u64 [%0], {%1, %2};" ::"l"(p + 64), "l"(l), "l"(~l) : "memory");
    asm volatile("st.global.v4.u16 [%0], {%1, %2, %3, %4};" ::"l"(p + 80), "h"(h),
                 "h"((unsigned short)(h + 1)), "h"((unsigned short)(h + 2)),
                 "h"((unsigned short)(h + 3))
                 : "memory");
    asm volatile("st.global.v2.u8 [%0], {%1, %2};" ::"l"(p + 88), "r"(x), "r"(x >> 8) : "memory");
    asm volatile("st.volatile.global.u32 [%0], %1;" ::"l"(p + 92), "r"(x + 1) : "memory");
    asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(p + 96), "r"(x + 2) : "memory");
    asm volatile("st.release.sys.global.u32 [%0], %1;" ::"l"(p + 100), "r"(x + 3) : "memory");
    asm volatile("st.u32 [%0+4], %1;" ::"l"(p + 100), "r"(x + 4) : "memory"); // generic, +imm
    asm volatile("st.global.b32 [%0], %1;" ::"l"(p + 108), "f"(f * 3.0f) : "memory");
    asm volatile("st.global.v2.f64 [%0], {%1, %2};" ::"l"(p + 112), "d"(d), "d"(-d) : "memory");
}

// shared memory through 32-bit addresses (__cvta_generic_to_shared) and generic pointers,
// local memory through __cvta_generic_to_local, constant memory through ld.const
__global__ void spaces(const unsigned *in, unsigned *out)
{
    __shared__ __align__(16) unsigned sm[T * 4];
    __shared__ unsigned cnt[8];
    int i = threadIdx.x;
    unsigned s = (unsigned)__cvta_generic_to_shared(&sm[4 * i]);
    unsigned x = in[i];
    if (i < 8)
        cnt[i] = 0;
    asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(s), "r"(x), "r"(x + 1),
                 "r"(x + 2), "r"(x + 3)
                 : "memory");
    __syncthreads();
    // read the neighbour's vector back, then single bytes and halves of it
    unsigned n = (unsigned)__cvta_generic_to_shared(&sm[4 * ((i + 1) % T)]);
    unsigned a, b, c, d, e, f, g;
    unsigned short h;
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
                 : "r"(n));
    asm volatile("ld.shared.s8 %0, [%1+3];" : "=r"(e) : "r"(n));
    asm volatile("ld.shared::cta.u16 %0, [%1+6];" : "=h"(h) : "r"(n));
    asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(f) : "l"((unsigned long long)n));
    asm volatile("ld.u32 %0, [%1+12];" : "=r"(g) : "l"(&sm[4 * ((i + 1) % T)])); // generic
    // shared atomics on 32-bit addresses and through a generic pointer
    unsigned cs = (unsigned)__cvta_generic_to_shared(&cnt[i % 4]);
    unsigned old;
    asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(old) : "r"(cs), "r"(1u) : "memory");
    asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(cs), "r"(2u) : "memory");
    unsigned c3 = (unsigned)__cvta_generic_to_shared(&cnt[i % 3]);
    asm volatile("red.shared.max.u32 [%0+16], %1;" ::"r"(c3), "r"(x) : "memory");
    asm volatile("atom.or.b32 %0, [%1], %2;"
                 : "=r"(old)
                 : "l"(&cnt[7]), "r"(1u << (i % 32))
                 : "memory");
    // local memory: a 32-bit local address, as cvta.to.local gives it
    unsigned loc[4];
    unsigned la = (unsigned)__cvta_generic_to_local(loc);
    asm volatile("st.local.v2.u32 [%0], {%1, %2};" ::"r"(la), "r"(x * 3), "r"(x * 5) : "memory");
    asm volatile("st.local.u32 [%0+8], %1;" ::"r"(la), "r"(x * 7) : "memory");
    unsigned l0, l1, l2;
    asm volatile("ld.local.v2.u32 {%0, %1}, [%2];" : "=r"(l0), "=r"(l1) : "r"(la));
    asm volatile("ld.local.u32 %0, [%1+8];" : "=r"(l2) : "r"(la));
    // constant memory: a 64-bit constant-space address from __cvta_generic_to_constant
    unsigned cv;
    asm("ld.const.u32 %0, [%1];" : "=r"(cv) : "l"(__cvta_generic_to_constant(&cbank[(i + 3) % T])));
    __syncthreads();
    unsigned *o = out + 16 * i;
    o[0] = a, o[1] = b, o[2] = c, o[3] = d, o[4] = e, o[5] = h, o[6] = f, o[7] = g;
    o[8] = l0, o[9] = l1, o[10] = l2, o[11] = cv;
    o[12] = i < 8 ? cnt[i] : 0;
    o[13] = old; // (an old value of atom.or: depends on the threads' order, not checked)
}

// a histogram with red.global.add, sums, bit operations, min/max and wrap-around atomics
__global__ void atomics(const unsigned *in, unsigned *hist, unsigned *w, unsigned long long *q,
                        float *fs, double *ds, unsigned *olds)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i];
    asm volatile("red.global.add.u32 [%0], 1;" ::"l"(hist + x % 16) : "memory"); // immediate
    asm volatile("red.relaxed.gpu.global.add.s32 [%0], %1;" ::"l"(w + 0), "r"((int)x - 1000)
                 : "memory");
    asm volatile("red.global.min.s32 [%0], %1;" ::"l"(w + 1), "r"((int)x - 500) : "memory");
    asm volatile("red.global.max.s32 [%0], %1;" ::"l"(w + 2), "r"((int)x - 500) : "memory");
    asm volatile("red.global.min.u32 [%0], %1;" ::"l"(w + 3), "r"(x + 7) : "memory");
    asm volatile("red.release.gpu.global.and.b32 [%0], %1;" ::"l"(w + 4), "r"(~(1u << (i % 32)))
                 : "memory");
    asm volatile("red.global.xor.b32 [%0], %1;" ::"l"(w + 5), "r"(x) : "memory");
    asm volatile("red.add.f32 [%0], %1;" ::"l"(fs), "f"((float)x * 0.25f) : "memory");
    asm volatile("red.global.add.f64 [%0], %1;" ::"l"(ds), "d"((double)x * 0.125) : "memory");
    asm volatile("red.global.add.u64 [%0], %1;" ::"l"(q + 0), "l"((unsigned long long)x << 33)
                 : "memory");
    asm volatile("red.global.max.u64 [%0], %1;" ::"l"(q + 1), "l"((unsigned long long)x << 30)
                 : "memory");
    asm volatile("red.global.min.s64 [%0], %1;" ::"l"(q + 2), "l"(-(long long)x * (1ll << 31))
                 : "memory");
    asm volatile("red.global.or.b64 [%0], %1;" ::"l"(q + 3), "l"(1ull << (i % 64)) : "memory");
    unsigned o1, o2, o3, o4, o5;
    unsigned long long p1;
    float f1;
    // wrap-around counters: inc wraps to 0 past the limit, dec to the limit at 0 or above it
    asm volatile("atom.global.inc.u32 %0, [%1], %2;" : "=r"(o1) : "l"(w + 6), "r"(9u) : "memory");
    asm volatile("atom.global.dec.u32 %0, [%1], %2;" : "=r"(o2) : "l"(w + 7), "r"(5u) : "memory");
    asm volatile("atom.acq_rel.gpu.global.exch.b32 %0, [%1], %2;"
                 : "=r"(o3)
                 : "l"(w + 8), "r"((unsigned)i)
                 : "memory");
    asm volatile("atom.global.exch.b64 %0, [%1], %2;"
                 : "=l"(p1)
                 : "l"(q + 4), "l"((unsigned long long)i << 40)
                 : "memory");
    asm volatile("atom.global.add.f32 %0, [%1], %2;"
                 : "=f"(f1)
                 : "l"(fs + 1), "f"(1.0f)
                 : "memory");
    asm volatile("atom.acquire.global.max.u32 %0, [%1], %2;"
                 : "=r"(o4)
                 : "l"(w + 9), "r"(x)
                 : "memory");
    asm volatile("atom.sys.global.and.b32 %0, [%1], %2;"
                 : "=r"(o5)
                 : "l"(w + 10), "r"(0u)
                 : "memory");
    asm volatile("red.global.inc.u32 [%0], %1;" ::"l"(w + 11), "r"(4u) : "memory");
    asm volatile("red.global.dec.u32 [%0], %1;" ::"l"(w + 12), "r"(100u) : "memory");
    // subnormal inputs of an f32 atomic add are flushed to zero (PTX ISA, atom/red .add.f32)
    asm volatile("red.global.add.f32 [%0], %1;" ::"l"(fs + 2), "f"(1e-40f) : "memory");
    olds[7 * i + 0] = o1;
    olds[7 * i + 1] = o2;
    olds[7 * i + 2] = o3;
    olds[7 * i + 3] = p1 == 0xabcull ? 0xffffffffu : (unsigned)(p1 >> 40);
    olds[7 * i + 4] = (unsigned)f1;
    olds[7 * i + 5] = o4;
    olds[7 * i + 6] = o5;
}

// lock-free maxima with compare-and-swap loops (32-bit float by bits, 64-bit unsigned)
__global__ void cas_max(const float *v, const unsigned long long *k, float *fmax,
                        unsigned long long *kmax)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = v[i];
    unsigned cur;
    asm volatile("ld.relaxed.gpu.global.b32 %0, [%1];" : "=r"(cur) : "l"(fmax));
    while (__uint_as_float(cur) < x) {
        unsigned seen;
        asm volatile("atom.global.cas.b32 %0, [%1], %2, %3;"
                     : "=r"(seen)
                     : "l"(fmax), "r"(cur), "r"(__float_as_uint(x))
                     : "memory");
        if (seen == cur)
            break;
        cur = seen;
    }
    unsigned long long y = k[i], c64;
    asm volatile("ld.volatile.global.u64 %0, [%1];" : "=l"(c64) : "l"(kmax));
    while (c64 < y) {
        unsigned long long seen;
        asm volatile("atom.relaxed.gpu.cas.b64 %0, [%1], %2, %3;"
                     : "=l"(seen)
                     : "l"(kmax), "l"(c64), "l"(y)
                     : "memory");
        if (seen == c64)
            break;
        c64 = seen;
    }
    // the fences of __threadfence / __threadfence_block as PTX writes them
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
    asm volatile("membar.gl;" ::: "memory");
    asm volatile("membar.cta;" ::: "memory");
}

static unsigned hash(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    return x ^ (x >> 16);
}

static int sx(unsigned v, int bits)
{
    return (int)(v << (32 - bits)) >> (32 - bits);
}

static void check_loads()
{
    unsigned char *b;
    unsigned *w;
    unsigned long long *q;
    float *f;
    double *d;
    Rec *out;
    cudaMallocManaged(&b, 16 * T);
    cudaMallocManaged(&w, 16 * T);
    cudaMallocManaged(&q, 16 * T);
    cudaMallocManaged(&f, 4 * T);
    cudaMallocManaged(&d, 16 * T);
    cudaMallocManaged(&out, sizeof(Rec) * T);
    for (int i = 0; i < 16 * T; i++)
        b[i] = (unsigned char)hash(i);
    for (int i = 0; i < 4 * T; i++)
        w[i] = hash(i + 1000);
    for (int i = 0; i < 2 * T; i++) {
        q[i] = (unsigned long long)hash(i + 2000) << 32 | hash(i + 3000);
        d[i] = (double)(int)hash(i + 4000) / 7.0;
    }
    for (int i = 0; i < T; i++)
        f[i] = (float)(int)hash(i + 5000) / 3.0f;
    loads<<<2, T / 2>>>(b, w, q, f, d, out);
    cudaError_t e = cudaDeviceSynchronize();
    CHECK(e == cudaSuccess, "loads: %s", cudaGetErrorString(e));
    for (int i = 0; i < T && e == cudaSuccess; i++) {
        const unsigned char *bp = b + 16 * i;
        const unsigned *wp = w + 4 * i;
        const Rec &r = out[i];
        unsigned short h2, h4, h8[4];
        memcpy(&h2, bp + 2, 2);
        memcpy(&h4, bp + 4, 2);
        memcpy(h8, bp + 8, 8);
        CHECK(r.u8 == bp[1] && r.s8 == (unsigned)sx(bp[1], 8), "%d: u8/s8 %x %x", i, r.u8, r.s8);
        CHECK(r.b8h == bp[2] && r.u16 == h2 && r.u16h == h4, "%d: b8/u16", i);
        CHECK(r.s16h == (unsigned)sx(h2, 16) && r.s16l == (unsigned long long)(long long)sx(h4, 16),
              "%d: s16 %x %llx", i, r.s16h, r.s16l);
        CHECK(r.b32 == wp[0] && r.s32l == (unsigned long long)(long long)(int)wp[1], "%d: b32/s32",
              i);
        CHECK(r.f32 == f[i] && r.u64 == q[2 * i] && r.f64 == d[2 * i], "%d: f32/u64/f64", i);
        CHECK(r.nc == wp[1] && r.cg == wp[2] && r.cs == wp[3] && r.lu == wp[0] && r.cv == wp[1],
              "%d: cache operators", i);
        CHECK(r.vol == wp[2] && r.rlx == wp[3] && r.acq == wp[0] && r.gen == wp[1], "%d: orders",
              i);
        CHECK(r.off == wp[2] && r.neg == wp[2] && r.l1na == wp[3], "%d: offsets %x %x", i, r.off,
              r.neg);
        CHECK(r.v2[0] == wp[2] && r.v2[1] == wp[3], "%d: v2.u32", i);
        for (int k = 0; k < 4; k++) {
            CHECK(r.v4[k] == wp[k], "%d: v4.u32[%d]", i, k);
            CHECK(r.v4s8[k] == (unsigned)sx(bp[4 + k], 8), "%d: v4.s8[%d]", i, k);
            CHECK(r.v4h[k] == h8[k], "%d: v4.u16[%d]", i, k);
        }
        CHECK(r.v2u8[0] == bp[6] && r.v2u8[1] == bp[7], "%d: v2.u8", i);
        float g[4];
        memcpy(g, wp, 8);
        memcpy(g + 2, wp + 2, 8);
        CHECK(memcmp(&r.v2f[0], &g[0], 4) == 0 && memcmp(&r.v2f[1], &g[1], 4) == 0, "%d: v2.f32",
              i);
        CHECK(memcmp(&r.v4f[1], &g[2], 4) == 0 && memcmp(&r.v4f[0], &g[3], 4) == 0,
              "%d: v2.f32 {%%1, %%0}", i);
        CHECK(r.v4f[2] == f[2 * (i / 2)] && r.v4f[3] == f[2 * (i / 2) + 1], "%d: v2.f32 .cs", i);
        CHECK(r.v2l[0] == q[2 * i] && r.v2l[1] == q[2 * i + 1], "%d: v2.u64", i);
        CHECK(r.v2d[0] == d[2 * i] && r.v2d[1] == d[2 * i + 1], "%d: v2.f64", i);
    }
    cudaFree(b);
    cudaFree(w);
    cudaFree(q);
    cudaFree(f);
    cudaFree(d);
    cudaFree(out);
}

static void check_stores()
{
    unsigned char *o;
    const unsigned v = 0x9e3779b9u;
    cudaMallocManaged(&o, 128 * T);
    memset(o, 0xcd, 128 * T);
    stores<<<2, T / 2>>>(o, v);
    cudaError_t e = cudaDeviceSynchronize();
    CHECK(e == cudaSuccess, "stores: %s", cudaGetErrorString(e));
    for (int i = 0; i < T && e == cudaSuccess; i++) {
        unsigned char want[128];
        memset(want, 0xcd, sizeof want);
        unsigned x = v * (i + 1);
        unsigned short h = (unsigned short)(x >> 3);
        unsigned long long l = (unsigned long long)x * 0x100000001ull + i, nl = ~l;
        float f = (float)i * 0.5f, fv[4] = {f, -f, f + 1.0f, 2.0f};
        double d = (double)i * 0.25, dv[2] = {d, -d};
        unsigned nx = ~x, x1 = x + 1, x2 = x + 2, x3 = x + 3, x4 = x + 4;
        float f3 = f * 3.0f;
        unsigned short hv[4] = {h, (unsigned short)(h + 1), (unsigned short)(h + 2),
                                (unsigned short)(h + 3)};
        want[0] = (unsigned char)x;
        want[1] = (unsigned char)h;
        memcpy(want + 2, &h, 2);
        memcpy(want + 4, &x, 2);
        memcpy(want + 8, &x, 4);
        memcpy(want + 12, &f, 4);
        memcpy(want + 16, &l, 8);
        memcpy(want + 24, &d, 8);
        memcpy(want + 32, &x, 4);
        memcpy(want + 36, &nx, 4);
        memcpy(want + 48, fv, 16);
        memcpy(want + 64, &l, 8);
        memcpy(want + 72, &nl, 8);
        memcpy(want + 80, hv, 8);
        want[88] = (unsigned char)x;
        want[89] = (unsigned char)(x >> 8);
        memcpy(want + 92, &x1, 4);
        memcpy(want + 96, &x2, 4);
        memcpy(want + 100, &x3, 4);
        memcpy(want + 104, &x4, 4);
        memcpy(want + 108, &f3, 4);
        memcpy(want + 112, dv, 16);
        for (int k = 0; k < 128; k++)
            CHECK(o[128 * i + k] == want[k], "store thread %d byte %d: %02x, want %02x", i, k,
                  o[128 * i + k], want[k]);
    }
    cudaFree(o);
}

static void check_spaces()
{
    unsigned *in, *out, cb[T];
    cudaMallocManaged(&in, 4 * T);
    cudaMallocManaged(&out, 64 * T);
    for (int i = 0; i < T; i++) {
        in[i] = hash(i + 77) | 0x80u; // byte 0 of each element negative as s8
        cb[i] = hash(i + 99);
    }
    cudaMemcpyToSymbol(cbank, cb, sizeof cb);
    spaces<<<1, T>>>(in, out);
    cudaError_t e = cudaDeviceSynchronize();
    CHECK(e == cudaSuccess, "spaces: %s", cudaGetErrorString(e));
    unsigned cnt[8] = {0};
    for (int i = 0; i < T; i++) {
        cnt[i % 4] += 3;
        if (in[i] > cnt[4 + i % 3])
            cnt[4 + i % 3] = in[i];
    }
    cnt[7] |= 0xffffffffu; // every lane's bit (64 threads over 32 bits)
    for (int i = 0; i < T && e == cudaSuccess; i++) {
        const unsigned *o = out + 16 * i;
        unsigned x = in[(i + 1) % T];
        CHECK(o[0] == x && o[1] == x + 1 && o[2] == x + 2 && o[3] == x + 3, "%d: ld.shared.v4", i);
        CHECK(o[4] == (unsigned)sx((x >> 24) & 0xff, 8), "%d: ld.shared.s8 %x", i, o[4]);
        CHECK(o[5] == ((x + 1) >> 16), "%d: ld.shared.u16 %x", i, o[5]);
        CHECK(o[6] == x && o[7] == x + 3, "%d: volatile / generic shared", i);
        CHECK(o[8] == in[i] * 3 && o[9] == in[i] * 5 && o[10] == in[i] * 7, "%d: local", i);
        CHECK(o[11] == cb[(i + 3) % T], "%d: ld.const", i);
        if (i < 8)
            CHECK(o[12] == (i == 7 ? cnt[7] : cnt[i]), "shared counter %d: %u, want %u", i, o[12],
                  cnt[i]);
    }
    cudaFree(in);
    cudaFree(out);
}

static void check_atomics()
{
    const int n = 256;
    unsigned *in, *hist, *w, *olds;
    unsigned long long *q;
    float *fs;
    double *ds;
    cudaMallocManaged(&in, 4 * n);
    cudaMallocManaged(&hist, 4 * 16);
    cudaMallocManaged(&w, 4 * 16);
    cudaMallocManaged(&q, 8 * 8);
    cudaMallocManaged(&fs, 4 * 4);
    cudaMallocManaged(&ds, 8);
    cudaMallocManaged(&olds, 4 * 7 * n);
    for (int i = 0; i < n; i++)
        in[i] = hash(i + 11) % 1000;
    memset(hist, 0, 4 * 16);
    unsigned w0[16] = {5,      0x7fffffff, 0x80000000u, 0xffffffffu, 0xffffffffu, 0x12345678, 0, 3,
                       0xdead, 0,          0xff,        2,           1000,        0,          0, 0};
    memcpy(w, w0, sizeof w0);
    unsigned long long q0[8] = {1, 0, 0, 0, 0xabcull, 0, 0, 0};
    memcpy(q, q0, sizeof q0);
    fs[0] = 0.5f, fs[1] = 0.0f, fs[2] = 0.0f;
    ds[0] = 0.0;
    atomics<<<n / 64, 64>>>(in, hist, w, q, fs, ds, olds);
    cudaError_t e = cudaDeviceSynchronize();
    CHECK(e == cudaSuccess, "atomics: %s", cudaGetErrorString(e));
    if (e != cudaSuccess)
        return;
    unsigned rh[16] = {0}, sum = 5, mn = 0x7fffffff, mu = 0xffffffffu, an = 0xffffffffu,
             xr = 0x12345678;
    int mx = (int)0x80000000u;
    unsigned long long qs = 1, qm = 0, qo = 0;
    long long qn = 0;
    double fsum = 0.5, dsum = 0.0;
    for (int i = 0; i < n; i++) {
        unsigned x = in[i];
        rh[x % 16]++;
        sum += x - 1000;
        if ((int)x - 500 < (int)mn)
            mn = (unsigned)((int)x - 500);
        if ((int)x - 500 > mx)
            mx = (int)x - 500;
        if (x + 7 < mu)
            mu = x + 7;
        an &= ~(1u << (i % 32));
        xr ^= x;
        fsum += x * 0.25;
        dsum += x * 0.125;
        qs += (unsigned long long)x << 33;
        if ((unsigned long long)x << 30 > qm)
            qm = (unsigned long long)x << 30;
        if (-(long long)x * (1ll << 31) < qn)
            qn = -(long long)x * (1ll << 31);
        qo |= 1ull << (i % 64);
    }
    for (int k = 0; k < 16; k++)
        CHECK(hist[k] == rh[k], "histogram bin %d: %u, want %u", k, hist[k], rh[k]);
    CHECK(w[0] == sum && w[1] == mn && (int)w[2] == mx && w[3] == mu && w[4] == an && w[5] == xr,
          "red results %u %u %d %u %x %x", w[0], w[1], (int)w[2], w[3], w[4], w[5]);
    CHECK(fs[0] == (float)fsum && ds[0] == dsum, "f32/f64 sums %g %g, want %g %g", fs[0], ds[0],
          fsum, dsum);
    CHECK(fs[1] == (float)n && fs[2] == 0.0f && !std::signbit(fs[2]), "f32 atom.add %g / ftz %g",
          fs[1], fs[2]);
    CHECK(q[0] == qs && q[1] == qm && (long long)q[2] == qn && q[3] == qo, "64-bit red");
    // inc (limit 9) from 0: the old values run 0..9 repeatedly, whatever the threads' order;
    // dec (limit 5) from 3: 3 2 1 0 5 4 3 2 1 0 5 ...
    unsigned cinc[10] = {0}, cdec[6] = {0}, seen[n + 1] = {0}, seen64[n + 1] = {0};
    for (int k = 0; k < n; k++) {
        cinc[k % 10]++;
        cdec[(3 - k % 6 + 6) % 6]++;
    }
    unsigned ginc[10] = {0}, gdec[6] = {0};
    int bad = 0, and_first = 0;
    for (int i = 0; i < n; i++) {
        const unsigned *o = olds + 7 * i;
        if (o[0] < 10)
            ginc[o[0]]++;
        else
            bad++;
        if (o[1] < 6)
            gdec[o[1]]++;
        else
            bad++;
        // exch: each old value is the initial one or another thread's id, each seen once
        unsigned v = o[2] == 0xdead ? n : o[2];
        if (v <= (unsigned)n)
            seen[v]++;
        else
            bad++;
        v = o[3] == 0xffffffffu ? n : o[3];
        if (v <= (unsigned)n)
            seen64[v]++;
        else
            bad++;
        // atom.add.f32 of 1.0: the old values are 0, 1, ..., n-1 in some order
        if (o[4] >= (unsigned)n)
            bad++;
        // atom.max returns values below the maximum; atom.and with 0 returns 0xff once
        if (o[5] >= 1000 || (o[6] != 0 && o[6] != 0xff))
            bad++;
        and_first += o[6] == 0xff;
    }
    CHECK(and_first == 1, "atom.and: the initial value returned %d times", and_first);
    CHECK(!bad, "%d out-of-range atomic results", bad);
    for (int k = 0; k < 10; k++)
        CHECK(ginc[k] == cinc[k], "inc: old value %d seen %u times, want %u", k, ginc[k], cinc[k]);
    for (int k = 0; k < 6; k++)
        CHECK(gdec[k] == cdec[k], "dec: old value %d seen %u times, want %u", k, gdec[k], cdec[k]);
    CHECK(w[6] == n % 10 && w[7] == (unsigned)((3 - n % 6 + 6) % 6), "inc/dec final %u %u", w[6],
          w[7]);
    seen[w[8]]++;
    seen64[q[4] == 0xabcull ? n : (q[4] >> 40) % (n + 1)]++;
    for (int k = 0; k <= n; k++)
        CHECK(seen[k] == 1 && seen64[k] == 1, "exch: value %d seen %u / %u times", k, seen[k],
              seen64[k]);
    unsigned mxu = 0;
    for (int i = 0; i < n; i++)
        mxu = in[i] > mxu ? in[i] : mxu;
    CHECK(w[9] == mxu && w[10] == 0, "atom max/and %u %u", w[9], w[10]);
    // red.inc with limit 4 from 2, red.dec with limit 100 from 1000 (above the limit: reset)
    CHECK(w[11] == (2 + n) % 5, "red.inc %u", w[11]);
    CHECK(w[12] == 100 - (n - 1) % 101, "red.dec %u", w[12]);
    cudaFree(in);
    cudaFree(hist);
    cudaFree(w);
    cudaFree(q);
    cudaFree(fs);
    cudaFree(ds);
    cudaFree(olds);
}

static void check_cas()
{
    const int n = 512;
    float *v, *fm;
    unsigned long long *k, *km;
    cudaMallocManaged(&v, 4 * n);
    cudaMallocManaged(&k, 8 * n);
    cudaMallocManaged(&fm, 4);
    cudaMallocManaged(&km, 8);
    float want = 0.0f;
    unsigned long long kw = 0;
    for (int i = 0; i < n; i++) {
        v[i] = (float)(hash(i + 123) % 100000) / 7.0f;
        k[i] = (unsigned long long)hash(i + 456) << 31 ^ hash(i);
        want = v[i] > want ? v[i] : want;
        kw = k[i] > kw ? k[i] : kw;
    }
    *fm = 0.0f;
    *km = 0;
    cas_max<<<n / 128, 128>>>(v, k, fm, km);
    cudaError_t e = cudaDeviceSynchronize();
    CHECK(e == cudaSuccess, "cas_max: %s", cudaGetErrorString(e));
    CHECK(*fm == want && *km == kw, "cas maxima %g %llx, want %g %llx", *fm, *km, want, kw);
    cudaFree(v);
    cudaFree(k);
    cudaFree(fm);
    cudaFree(km);
}

int main()
{
    check_loads();
    check_stores();
    check_spaces();
    check_atomics();
    check_cas();
    if (fails) {
        printf("cudart.ptx_mem: FAIL (%d)\n", fails);
        return 1;
    }
    printf("cudart.ptx_mem: PASS\n");
    return 0;
}
