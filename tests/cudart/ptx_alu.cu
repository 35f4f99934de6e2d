// Inline PTX arithmetic that no fixed template covers: multi-word carry chains (add.cc/addc,
// sub.cc/subc, mad.lo.cc/madc.hi), mul.wide/mul.hi, lop3, bfind, setp/selp with local
// registers in a { } scope, predicated statements, "+r" operands, cvt with rounding modes,
// f32/f64 arithmetic, and mov.b64 packing - each checked against the PTX ISA's definition
// computed on the host.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>

#define N  96
#define NR 26

struct U128 {
    unsigned w[4];
};

__device__ U128 add128(U128 a, U128 b)
{
    U128 r;
    asm("add.cc.u32 %0, %4, %8;\n\t"
        "addc.cc.u32 %1, %5, %9;\n\t"
        "addc.cc.u32 %2, %6, %10;\n\t"
        "addc.u32 %3, %7, %11;"
        : "=r"(r.w[0]), "=r"(r.w[1]), "=r"(r.w[2]), "=r"(r.w[3])
        : "r"(a.w[0]), "r"(a.w[1]), "r"(a.w[2]), "r"(a.w[3]), "r"(b.w[0]), "r"(b.w[1]), "r"(b.w[2]),
          "r"(b.w[3]));
    return r;
}

__device__ U128 sub128(U128 a, U128 b)
{
    U128 r;
    asm("sub.cc.u32 %0, %4, %8;\n\t"
        "subc.cc.u32 %1, %5, %9;\n\t"
        "subc.cc.u32 %2, %6, %10;\n\t"
        "subc.u32 %3, %7, %11;"
        : "=r"(r.w[0]), "=r"(r.w[1]), "=r"(r.w[2]), "=r"(r.w[3])
        : "r"(a.w[0]), "r"(a.w[1]), "r"(a.w[2]), "r"(a.w[3]), "r"(b.w[0]), "r"(b.w[1]), "r"(b.w[2]),
          "r"(b.w[3]));
    return r;
}

__global__ void ptx_kernel(const unsigned *in, const float *fin, unsigned long long *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i], y = in[(i + 5) % N], z = in[(i + 11) % N];
    float f = fin[i];
    unsigned long long *o = out + NR * i;
    U128 a = {{x, y, z, x ^ y}}, b = {{y, z, x, ~x}};
    U128 s = add128(a, b), d = sub128(a, b);
    o[0] = s.w[0] | (unsigned long long)s.w[1] << 32;
    o[1] = s.w[2] | (unsigned long long)s.w[3] << 32;
    o[2] = d.w[0] | (unsigned long long)d.w[1] << 32;
    o[3] = d.w[2] | (unsigned long long)d.w[3] << 32;
    // 32x32 -> 64 through mad.lo.cc / madc.hi on an accumulator
    unsigned lo = z, hi = x;
    asm("mad.lo.cc.u32 %0, %2, %3, %0;\n\tmadc.hi.u32 %1, %2, %3, %1;"
        : "+r"(lo), "+r"(hi)
        : "r"(x), "r"(y));
    o[4] = lo | (unsigned long long)hi << 32;
    unsigned long long wu;
    long long ws;
    asm("mul.wide.u32 %0, %1, %2;" : "=l"(wu) : "r"(x), "r"(y));
    asm("mul.wide.s32 %0, %1, %2;" : "=l"(ws) : "r"(x), "r"(y));
    o[5] = wu;
    o[6] = (unsigned long long)ws;
    int mh;
    asm("mul.hi.s32 %0, %1, %2;" : "=r"(mh) : "r"((int)x), "r"((int)y));
    unsigned l3;
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(l3) : "r"(x), "r"(y), "r"(z));
    unsigned bf;
    asm("bfind.u32 %0, %1;" : "=r"(bf) : "r"(x >> (i % 33)));
    int bs;
    asm("bfind.s32 %0, %1;" : "=r"(bs) : "r"((int)y));
    o[7] = (unsigned)mh | (unsigned long long)l3 << 32;
    o[8] = bf | (unsigned long long)(unsigned)bs << 32;
    // clamp to [lo, hi] with setp/selp on local registers, and a predicated add
    unsigned cl;
    asm("{\n\t.reg .pred p, q;\n\t.reg .u32 t;\n\t"
        "setp.lt.s32 p, %1, %2;\n\tselp.b32 t, %2, %1, p;\n\t"
        "setp.gt.s32 q, t, %3;\n\tselp.b32 %0, %3, t, q;\n\t"
        "@!q add.u32 %0, %0, 1;\n\t}"
        : "=r"(cl)
        : "r"((int)x >> 8), "r"(-100000), "r"(100000));
    unsigned acc = x;
    asm("{ .reg .pred p; setp.hs.u32 p, %0, %1; @p sub.u32 %0, %0, %1; }" : "+r"(acc) : "r"(y));
    o[9] = cl | (unsigned long long)acc << 32;
    unsigned pc, cz, br;
    asm("popc.b32 %0, %3;\n\tclz.b32 %1, %3;\n\tbrev.b32 %2, %3;"
        : "=r"(pc), "=r"(cz), "=r"(br)
        : "r"(x >> (i % 32)));
    o[10] = pc | (unsigned long long)cz << 8 | (unsigned long long)br << 32;
    int sr, mn;
    asm("shr.s32 %0, %2, %3;\n\tmin.s32 %1, %2, %4;"
        : "=r"(sr), "=r"(mn)
        : "r"((int)x), "r"(i % 40), "r"((int)y));
    o[11] = (unsigned)sr | (unsigned long long)(unsigned)mn << 32;
    int ri, rz, rm, rp;
    float fr;
    asm("cvt.rni.s32.f32 %0, %5;\n\tcvt.rzi.s32.f32 %1, %5;\n\tcvt.rmi.s32.f32 %2, %5;\n\t"
        "cvt.rpi.s32.f32 %3, %5;\n\tcvt.rn.f32.s32 %4, %6;"
        : "=r"(ri), "=r"(rz), "=r"(rm), "=r"(rp), "=f"(fr)
        : "f"(f), "r"((int)x));
    o[12] = (unsigned)ri | (unsigned long long)(unsigned)rz << 32;
    o[13] = (unsigned)rm | (unsigned long long)(unsigned)rp << 32;
    float fm, fa;
    double dd;
    asm("fma.rn.f32 %0, %2, %3, 0f3F800000;\n\tadd.f32 %1, %3, 0.5;"
        : "=f"(fm), "=f"(fa)
        : "f"(f), "f"(fr));
    asm("{ .reg .f64 t; cvt.f64.f32 t, %1; mul.f64 %0, t, 0d4008000000000000; }"
        : "=d"(dd)
        : "f"(f));
    unsigned fmb, fab;
    memcpy(&fmb, &fm, 4);
    memcpy(&fab, &fa, 4);
    unsigned long long db;
    memcpy(&db, &dd, 8);
    o[14] = fmb | (unsigned long long)fab << 32;
    o[15] = db;
    unsigned long long pk;
    unsigned ulo, uhi;
    asm("mov.b64 %0, {%1, %2};" : "=l"(pk) : "r"(x), "r"(y));
    asm("mov.b64 {%0, %1}, %2;" : "=r"(ulo), "=r"(uhi) : "l"(pk + 0x1ffffffffull));
    o[16] = pk;
    o[17] = ulo | (unsigned long long)uhi << 32;
    unsigned long long s64;
    asm("add.cc.u64 %0, %1, %2;\n\taddc.u64 %0, %0, 0;" : "=l"(s64) : "l"(pk), "l"(~pk + (i & 3)));
    o[18] = s64;
    unsigned m24;
    asm("mul24.lo.u32 %0, %1, %2;" : "=r"(m24) : "r"(x), "r"(y));
    unsigned dv, rm2;
    asm("div.u32 %0, %2, %3;\n\trem.u32 %1, %2, %3;"
        : "=r"(dv), "=r"(rm2)
        : "r"(x), "r"((y & 0xfff) + 1));
    o[19] = m24 | (unsigned long long)dv << 32;
    o[20] = rm2;
    unsigned sh;
    asm("shl.b32 %0, %1, %2;" : "=r"(sh) : "r"(x), "r"(i % 40));
    unsigned ng;
    asm("neg.s32 %0, %1;" : "=r"(ng) : "r"(x));
    o[21] = sh | (unsigned long long)ng << 32;
    unsigned short h16;
    asm("cvt.u16.u32 %0, %1;" : "=h"(h16) : "r"(x));
    int sx8;
    asm("cvt.s32.s8 %0, %1;" : "=r"(sx8) : "r"(x));
    o[22] = h16 | (unsigned long long)(unsigned)sx8 << 32;
    unsigned nt;
    asm("not.b32 %0, %1;" : "=r"(nt) : "r"(x));
    o[23] = nt;
    // special registers read through asm, and a float rounded to an integral float
    asm volatile("prefetch.global.L2 [%0];" ::"l"(in + i)); // a cache hint: no effect
    unsigned tx, cx, nx;
    asm("mov.u32 %0, %%tid.x;" : "=r"(tx));
    asm("mov.u32 %0, %%ctaid.x;" : "=r"(cx));
    asm("mov.u32 %0, %%ntid.x;" : "=r"(nx));
    o[24] = tx | (unsigned long long)cx << 16 | (unsigned long long)nx << 32;
    float rf, mf;
    asm("cvt.rni.f32.f32 %0, %2;\n\tcvt.rmi.f32.f32 %1, %2;" : "=f"(rf), "=f"(mf) : "f"(f));
    unsigned rfb, mfb;
    memcpy(&rfb, &rf, 4);
    memcpy(&mfb, &mf, 4);
    o[25] = rfb | (unsigned long long)mfb << 32;
}

static unsigned long long lo_hi(unsigned l, unsigned h)
{
    return l | (unsigned long long)h << 32;
}

int main()
{
    unsigned h[N];
    float fh[N];
    for (int i = 0; i < N; ++i) {
        h[i] = (unsigned)(i * 2654435761u) ^ (unsigned)(i * i * 40503u);
        if (i % 9 == 0)
            h[i] = 0xffffffffu - i;
        fh[i] = (i - 48) * 0.75f + (i % 4 == 1 ? 0.5f : 0.f);
    }
    unsigned *dh;
    float *df;
    unsigned long long *dout;
    cudaMalloc(&dh, sizeof h);
    cudaMalloc(&df, sizeof fh);
    cudaMalloc(&dout, N * NR * 8);
    cudaMemcpy(dh, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(df, fh, sizeof fh, cudaMemcpyHostToDevice);
    ptx_kernel<<<3, N / 3>>>(dh, df, dout);
    cudaError_t err = cudaDeviceSynchronize();
    static unsigned long long o[N * NR];
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = err != cudaSuccess;
    if (bad)
        printf("kernel: %s\n", cudaGetErrorString(err));
    for (int i = 0; i < N && !bad; ++i) {
        unsigned x = h[i], y = h[(i + 5) % N], z = h[(i + 11) % N];
        float f = fh[i];
        unsigned __int128 A = (unsigned __int128)lo_hi(z, x ^ y) << 64 | lo_hi(x, y);
        unsigned __int128 B = (unsigned __int128)lo_hi(x, ~x) << 64 | lo_hi(y, z);
        unsigned __int128 S = A + B, D = A - B;
        unsigned long long e[NR];
        e[0] = (unsigned long long)S;
        e[1] = (unsigned long long)(S >> 64);
        e[2] = (unsigned long long)D;
        e[3] = (unsigned long long)(D >> 64);
        e[4] = (unsigned long long)x * y + lo_hi(z, x);
        e[5] = (unsigned long long)x * y;
        e[6] = (unsigned long long)((long long)(int)x * (int)y);
        unsigned l3 = 0;
        for (int k = 0; k < 32; ++k) {
            int idx = (x >> k & 1) << 2 | (y >> k & 1) << 1 | (z >> k & 1);
            l3 |= (unsigned)(0x96 >> idx & 1) << k;
        }
        e[7] = lo_hi((unsigned)(int)(((long long)(int)x * (int)y) >> 32), l3);
        unsigned xs = (i % 33) >= 32 ? 0 : x >> (i % 33);
        unsigned bf = xs ? 31 - __builtin_clz(xs) : 0xffffffffu;
        unsigned ys = (int)y < 0 ? ~y : y;
        unsigned bs = ys ? 31 - __builtin_clz(ys) : 0xffffffffu;
        e[8] = lo_hi(bf, bs);
        int v = (int)x >> 8, t = v < -100000 ? -100000 : v;
        int q = t > 100000;
        unsigned cl = q ? 100000u : (unsigned)t + 1;
        e[9] = lo_hi(cl, x >= y ? x - y : x);
        unsigned xv = x >> (i % 32), rv = 0;
        for (int k = 0; k < 32; ++k)
            if (xv >> k & 1)
                rv |= 1u << (31 - k);
        e[10] = (unsigned long long)__builtin_popcount(xv) |
                (unsigned long long)(xv ? __builtin_clz(xv) : 32) << 8 |
                (unsigned long long)rv << 32;
        int sa = i % 40 > 31 ? 31 : i % 40;
        e[11] = lo_hi((unsigned)((int)x >> sa), (unsigned)((int)x < (int)y ? (int)x : (int)y));
        e[12] = lo_hi((unsigned)(int)nearbyintf(f), (unsigned)(int)truncf(f));
        e[13] = lo_hi((unsigned)(int)floorf(f), (unsigned)(int)ceilf(f));
        float fr = (float)(int)x, fm = fmaf(f, fr, 1.0f), fa = fr + 0.5f;
        unsigned fmb, fab;
        memcpy(&fmb, &fm, 4);
        memcpy(&fab, &fa, 4);
        e[14] = lo_hi(fmb, fab);
        double dd = (double)f * 3.0;
        memcpy(&e[15], &dd, 8);
        unsigned long long pk = lo_hi(x, y), p2 = pk + 0x1ffffffffull;
        e[16] = pk;
        e[17] = p2;
        unsigned long long sb = ~pk + (i & 3);
        unsigned __int128 s128 = (unsigned __int128)pk + sb;
        e[18] = (unsigned long long)s128 + (unsigned long long)(s128 >> 64);
        e[19] = lo_hi((x & 0xffffff) * (y & 0xffffff), x / ((y & 0xfff) + 1));
        e[20] = x % ((y & 0xfff) + 1);
        e[21] = lo_hi(i % 40 >= 32 ? 0 : x << (i % 40), 0u - x);
        e[22] = lo_hi(x & 0xffff, (unsigned)(int)(signed char)(x & 0xff));
        e[23] = ~x;
        e[24] = (unsigned long long)(i % 32) | (unsigned long long)(i / 32) << 16 | 32ull << 32;
        float rf = nearbyintf(f), mf = floorf(f);
        unsigned rfb, mfb;
        memcpy(&rfb, &rf, 4);
        memcpy(&mfb, &mf, 4);
        e[25] = lo_hi(rfb, mfb);
        for (int k = 0; k < NR; ++k)
            if (o[NR * i + k] != e[k]) {
                if (bad < 10)
                    printf("thread %d result %d: got %016llx want %016llx\n", i, k, o[NR * i + k],
                           e[k]);
                ++bad;
            }
    }
    printf("cudart.ptx_alu: %s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
