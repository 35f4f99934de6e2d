/* cudart.inline_ptx: the inline-PTX idioms of CUDA libraries (CUB's templates, written here as
 * CUB writes them) compute what the PTX ISA defines: bfe/bfi/prmt, the video shift-and-add
 * forms, the shuffle-and-add steps of CUB's warp reductions and scans (32-bit, 64-bit integer,
 * f32, f64; with and without .sync), CUB's radix digit match (a ballot), loads and stores with
 * cache operators (ld.global.nc, ld.cg, st.cg, vector loads and stores), %laneid, exit (the threads
 * that reach it end there, the others go on). Expected values are computed on the host from the
 * definitions. The host side uses std::unique_ptr: <memory> must compile in a .cu file (libstdc++'s
 * __attribute__((__noinline__))). */
#include <memory>
#include "cudart_check.h"

__device__ unsigned bfe32(unsigned a, unsigned p, unsigned l)
{
    unsigned d;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(p), "r"(l));
    return d;
}
__device__ int bfes32(int a, unsigned p, unsigned l)
{
    int d;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(p), "r"(l));
    return d;
}
__device__ unsigned bfi32(unsigned x, unsigned y, unsigned p, unsigned l)
{
    unsigned d;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(x), "r"(y), "r"(p), "r"(l));
    return d;
}
__device__ unsigned prmt(unsigned a, unsigned b, unsigned s)
{
    unsigned d;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(s));
    return d;
}
__device__ unsigned shl_add(unsigned x, unsigned s, unsigned y)
{
    unsigned d;
    asm("vshl.u32.u32.u32.clamp.add %0, %1, %2, %3;" : "=r"(d) : "r"(x), "r"(s), "r"(y));
    return d;
}
/* CUB's warp_reduce_shfl ReduceStep (unsigned int, cub::Sum) */
__device__ unsigned reduce_u32(unsigned input, int offset)
{
    unsigned output;
    int shfl_c = 31;
    asm volatile("{"
                 "  .reg .u32 r0;"
                 "  .reg .pred p;"
                 "  shfl.sync.down.b32 r0|p, %1, %2, %3, %5;"
                 "  @p add.u32 r0, r0, %4;"
                 "  mov.u32 %0, r0;"
                 "}"
                 : "=r"(output)
                 : "r"(input), "r"(offset), "r"(shfl_c), "r"(input), "r"(0xffffffffu));
    return output;
}
/* CUB's warp_scan_shfl InclusiveScanStep (float, cub::Sum, pre-Volta form) */
__device__ float scan_f32(float input, int offset)
{
    float output;
    int shfl_c = 0;
    asm volatile("{"
                 "  .reg .f32 r0;"
                 "  .reg .pred p;"
#ifdef __NVCC__ /* ptxas refuses shfl without .sync for sm_70 and later */
                 "  shfl.sync.up.b32 r0|p, %1, %2, %3, -1;"
#else
                 "  shfl.up.b32 r0|p, %1, %2, %3;"
#endif
                 "  @p add.f32 r0, r0, %4;"
                 "  mov.f32 %0, r0;"
                 "}"
                 : "=f"(output)
                 : "f"(input), "r"(offset), "r"(shfl_c), "f"(input));
    return output;
}
/* CUB's ReduceStep (unsigned long long) */
__device__ unsigned long long reduce_u64(unsigned long long input, int offset)
{
    unsigned long long output;
    int shfl_c = 31;
    asm volatile("{"
                 "  .reg .u32 lo;"
                 "  .reg .u32 hi;"
                 "  .reg .pred p;"
                 "  mov.b64 {lo, hi}, %1;"
                 "  shfl.sync.down.b32 lo|p, lo, %2, %3, %4;"
                 "  shfl.sync.down.b32 hi|p, hi, %2, %3, %4;"
                 "  mov.b64 %0, {lo, hi};"
                 "  @p add.u64 %0, %0, %1;"
                 "}"
                 : "=l"(output)
                 : "l"(input), "r"(offset), "r"(shfl_c), "r"(0xffffffffu));
    return output;
}
/* CUB's InclusiveScanStep (double) */
__device__ double scan_f64(double input, int offset)
{
    double output;
    int shfl_c = 0;
    asm volatile("{"
                 "  .reg .u32 lo;"
                 "  .reg .u32 hi;"
                 "  .reg .pred p;"
                 "  .reg .f64 r0;"
                 "  mov.b64 %0, %1;"
                 "  mov.b64 {lo, hi}, %1;"
                 "  shfl.sync.up.b32 lo|p, lo, %2, %3, %4;"
                 "  shfl.sync.up.b32 hi|p, hi, %2, %3, %4;"
                 "  mov.b64 r0, {lo, hi};"
                 "  @p add.f64 %0, %0, r0;"
                 "}"
                 : "=d"(output)
                 : "d"(input), "r"(offset), "r"(shfl_c), "r"(0xffffffffu));
    return output;
}
/* CUB's radix-rank digit match */
__device__ unsigned match(unsigned digit, unsigned bit)
{
    unsigned m;
    asm("{\n"
        "    .reg .pred p;\n"
        "    and.b32 %0, %1, %2;"
        "    setp.eq.u32 p, %0, %2;\n"
        "    vote.ballot.sync.b32 %0, p, 0xffffffff;\n"
        "    @!p not.b32 %0, %0;\n"
        "}\n"
        : "=r"(m)
        : "r"(digit), "r"(bit));
    return m;
}

__global__ void k(const unsigned *in, const unsigned long long *in64, unsigned long long *cg,
                  unsigned *o)
{
    unsigned t = threadIdx.x, lane, v, v2;
    unsigned long long w, pair0, pair1;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(in + t));
    asm volatile("ld.global.nc.u64 %0, [%1];" : "=l"(w) : "l"(in64 + t));
    asm volatile("ld.global.nc.v2.u64 {%0, %1}, [%2];"
                 : "=l"(pair0), "=l"(pair1)
                 : "l"(in64 + (t & ~1u)));
    asm volatile("st.cg.u64 [%0], %1;" ::"l"(cg + t), "l"(w + 1));
    /* vector stores and a 4-element vector load (CUB's ThreadStore/ThreadLoad of 16 bytes) */
    if (t < 8) {
        asm volatile("st.cg.v2.u64 [%0], {%1, %2};" ::"l"(cg + 32 + 2 * t), "l"(w), "l"(w + 5));
        asm volatile("st.global.wb.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(cg + 48 + 2 * t), "r"(v),
                     "r"(v + 1), "r"(v + 2), "r"(v + 3));
    }
    unsigned q0, q1, q2, q3;
    asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(q0), "=r"(q1), "=r"(q2), "=r"(q3)
                 : "l"(in + (t & ~3u)));
    unsigned long long back;
    asm volatile("ld.cg.u64 %0, [%1];" : "=l"(back) : "l"(cg + t));
    v2 = (unsigned)back;
    unsigned *r = o + t * 16;
    r[0] = lane;
    r[1] = v;
    r[2] = (unsigned)(pair0 + pair1);
    r[3] = v2;
    r[4] = bfe32(v, t % 40, (t * 7) % 40);
    r[5] = (unsigned)bfes32((int)v, t % 33, (t * 5) % 34);
    r[6] = bfi32(v, 0xf0f0f0f0u, t % 34, (t * 3) % 36);
    r[7] = prmt(v, 0x89abcdefu, t * 0x1111u + 0x3210u);
    r[8] = shl_add(v, t % 40, 7);
    unsigned s = v & 0xff;
    for (int off = 1; off < 32; off *= 2)
        s = reduce_u32(s, off);
    r[9] = s;
    float sf = (float)(t % 7);
    for (int off = 1; off < 32; off *= 2)
        sf = scan_f32(sf, off);
    r[10] = (unsigned)sf;
    unsigned long long s64 = w;
    for (int off = 1; off < 32; off *= 2)
        s64 = reduce_u64(s64, off);
    r[11] = (unsigned)(s64 >> 20);
    double sd = 0.5 * t;
    for (int off = 1; off < 32; off *= 2)
        sd = scan_f64(sd, off);
    r[12] = (unsigned)(sd * 2);
    r[13] = match(v & 7, 4);
    r[14] = q0 + q1 * 3 + q2 * 5 + q3 * 7;
}

/* CUB's ThreadExit: after a barrier, odd threads leave; the others go on and write again */
__global__ void k_exit(unsigned *o)
{
    unsigned t = threadIdx.x;
    o[t] = 1;
    __syncthreads();
    if (t & 1)
        asm volatile("exit;");
    o[t] = 2 + o[t];
}

static unsigned h_bfe(unsigned a, unsigned p, unsigned l, int sgn)
{
    p &= 0xff, l &= 0xff;
    unsigned top = p + l - 1 < 31 ? p + l - 1 : 31;
    unsigned sbit = (!sgn || l == 0) ? 0 : (a >> top) & 1, d = 0;
    for (unsigned i = 0; i < 32; i++) {
        unsigned bit = (i < l && p + i <= 31) ? (a >> (p + i)) & 1 : sbit;
        d |= bit << i;
    }
    return d;
}
int main()
{
    const unsigned n = 32;
    unsigned *in, *o;
    unsigned long long *in64, *cg;
    CHECK(cudaMallocManaged(&in, n * 4));
    CHECK(cudaMallocManaged(&in64, n * 8));
    CHECK(cudaMallocManaged(&cg, 64 * 8));
    CHECK(cudaMallocManaged(&o, n * 16 * 4));
    std::unique_ptr<unsigned[]> h(new unsigned[n]);
    unsigned x = 12345;
    for (unsigned i = 0; i < n; i++) {
        x = x * 1664525u + 1013904223u;
        in[i] = h[i] = x;
        in64[i] = ((unsigned long long)x << 21) ^ i;
    }
    k<<<1, n>>>(in, in64, cg, o);
    CHECK(cudaDeviceSynchronize());
    unsigned sum8 = 0, digit_match[8] = {0};
    unsigned long long sum64 = 0;
    for (unsigned i = 0; i < n; i++) {
        sum8 += h[i] & 0xff;
        sum64 += in64[i];
        digit_match[h[i] & 7] |= 1u << i;
    }
    int bad = 0;
    float fs = 0;
    double ds = 0;
    for (unsigned t = 0; t < n; t++) {
        const unsigned *r = o + t * 16, v = h[t];
        fs += (float)(t % 7);
        ds += 0.5 * t;
        unsigned bfi = 0xf0f0f0f0u;
        for (unsigned i = 0; i < (t * 3) % 36 && t % 34 + i <= 31; i++)
            bfi = (bfi & ~(1u << (t % 34 + i))) | (((v >> i) & 1) << (t % 34 + i));
        unsigned long long tmp = (0x89abcdefull << 32) | v, sel = t * 0x1111u + 0x3210u, pm = 0;
        for (int b = 0; b < 4; b++) {
            unsigned sn = (unsigned)(sel >> (4 * b)) & 15,
                     by = (unsigned)(tmp >> ((sn & 7) * 8)) & 0xff;
            if (sn & 8)
                by = (by & 0x80) ? 0xff : 0;
            pm |= (unsigned long long)by << (8 * b);
        }
        unsigned bit4 = (v & 7 & 4) == 4;
        unsigned bal = digit_match[4] | digit_match[5] | digit_match[6] | digit_match[7];
        bad += r[0] != t;
        bad += r[1] != v;
        bad += r[2] != (unsigned)(in64[t & ~1u] + in64[(t & ~1u) + 1]);
        bad += r[3] != (unsigned)(in64[t] + 1) || cg[t] != in64[t] + 1;
        bad += r[4] != h_bfe(v, t % 40, (t * 7) % 40, 0);
        bad += r[5] != h_bfe(v, t % 33, (t * 5) % 34, 1);
        bad += r[6] != bfi;
        bad += r[7] != (unsigned)pm;
        bad += r[8] != (t % 40 >= 32 ? 0u : v << (t % 40)) + 7;
        bad += t == 0 && r[9] != sum8; /* lane 0 holds the warp's sum */
        bad += r[10] != (unsigned)fs;  /* inclusive prefix sums */
        bad += t == 0 && r[11] != (unsigned)(sum64 >> 20);
        bad += r[12] != (unsigned)(ds * 2);
        bad += r[13] != (bit4 ? bal : ~bal);
        const unsigned *q = &h[t & ~3u];
        bad += r[14] != q[0] + q[1] * 3 + q[2] * 5 + q[3] * 7;
        if (t < 8) {
            const unsigned long long *vs = cg + 32 + 2 * t;
            const unsigned *v4 = (const unsigned *)(cg + 48 + 2 * t);
            bad += vs[0] != in64[t] || vs[1] != in64[t] + 5;
            bad += v4[0] != v || v4[1] != v + 1 || v4[2] != v + 2 || v4[3] != v + 3;
        }
        if (bad) {
            fprintf(stderr, "lane %u: first mismatch in this lane's results\n", t);
            break;
        }
    }
    EXPECT(bad == 0);
    unsigned *ex;
    CHECK(cudaMallocManaged(&ex, 96 * 4));
    k_exit<<<1, 96>>>(ex);
    CHECK(cudaDeviceSynchronize());
    int exbad = 0;
    for (unsigned t = 0; t < 96; t++)
        exbad += ex[t] != ((t & 1) ? 1u : 3u);
    EXPECT(exbad == 0);
    return cudart_finish("cudart.inline_ptx");
}
