/* cudart.device.intrinsics: atomics for every type, warp shuffles and votes, integer and
 * float intrinsics, math functions, __ldg, clock(), fences and barrier reductions, checked
 * against host computations. */
#include <cmath>
#include "cudart_check.h"

struct Atoms {
    int i_add, i_sub, i_min, i_max, i_and, i_or, i_xor, i_exch, i_cas;
    unsigned u_add, u_inc, u_dec, u_max;
    unsigned long long ull_add, ull_cas, ull_max;
    long long ll_min;
    float f_add, f_exch;
    double d_add;
};

__global__ void atomics(Atoms *a)
{
    int t = threadIdx.x + blockIdx.x * blockDim.x; /* 0..255 */
    atomicAdd(&a->i_add, t);
    atomicSub(&a->i_sub, 1);
    atomicMin(&a->i_min, 1000 - t);
    atomicMax(&a->i_max, t);
    atomicAnd(&a->i_and, ~(1 << (t % 31)));
    atomicOr(&a->i_or, 1 << (t % 31));
    atomicXor(&a->i_xor, t);
    atomicExch(&a->i_exch, 77);
    atomicCAS(&a->i_cas, 0, t + 1); /* only the first succeeds */
    atomicAdd(&a->u_add, 2u);
    atomicInc(&a->u_inc, 99u); /* wraps to 0 after 99 */
    atomicDec(&a->u_dec, 1000u);
    atomicMax(&a->u_max, (unsigned)t * 3u);
    atomicAdd(&a->ull_add, 1ull << 33);
    atomicCAS(&a->ull_cas, 5ull, 6ull);
    atomicMax(&a->ull_max, (unsigned long long)t << 40);
    atomicMin(&a->ll_min, -(long long)t);
    atomicAdd(&a->f_add, 0.5f);
    atomicExch(&a->f_exch, 2.5f);
    atomicAdd(&a->d_add, 0.25);
}

__global__ void warp_ops(int *out)
{
    int lane = threadIdx.x & 31;
    int v = lane * 10;
    out[0 * 32 + lane] = __shfl_sync(0xffffffffu, v, 3);
    out[1 * 32 + lane] = __shfl_up_sync(0xffffffffu, v, 1);
    out[2 * 32 + lane] = __shfl_down_sync(0xffffffffu, v, 2);
    out[3 * 32 + lane] = __shfl_xor_sync(0xffffffffu, v, 1);
    out[4 * 32 + lane] = (int)__ballot_sync(0xffffffffu, lane & 1);
    out[5 * 32 + lane] = __any_sync(0xffffffffu, lane == 7);
    out[6 * 32 + lane] = __all_sync(0xffffffffu, lane < 31);
    out[7 * 32 + lane] = (int)__activemask();
    float f = __shfl_sync(0xffffffffu, (float)lane * 0.5f, 31);
    out[8 * 32 + lane] = (int)(f * 2.0f);
    int sum = lane;
    for (int o = 16; o > 0; o /= 2)
        sum += __shfl_xor_sync(0xffffffffu, sum, o);
    out[9 * 32 + lane] = sum;
    if (lane < 16)
        out[10 * 32 + lane] = (int)__activemask();
    else
        out[10 * 32 + lane] = -1;
    __syncwarp();
    out[11 * 32 + lane] = __syncthreads_count(lane < 5) + 100 * __syncthreads_or(lane == 3) +
                          1000 * __syncthreads_and(lane < 40);
}

__global__ void int_float_ops(const unsigned *in, unsigned *uo, float *fo)
{
    unsigned x = in[threadIdx.x];
    int k = threadIdx.x * 12;
    uo[k + 0] = __popc(x);
    uo[k + 1] = __clz((int)x);
    uo[k + 2] = __ffs((int)x);
    uo[k + 3] = __brev(x);
    uo[k + 4] = (unsigned)__mul24((int)(x & 0xfff), 3);
    uo[k + 5] = __umulhi(x, 0x80000001u);
    uo[k + 6] = (unsigned)__float2int_rn(2.5f + (float)threadIdx.x);
    uo[k + 7] = (unsigned)__float2int_rz(-2.7f);
    uo[k + 8] = (unsigned)__float2int_ru(2.1f);
    uo[k + 9] = (unsigned)__float2int_rd(-2.1f);
    uo[k + 10] = __float_as_uint(1.0f);
    uo[k + 11] = __ldg(&in[threadIdx.x]) + min(3u, x) + max(0, 1);
    float a = (float)(threadIdx.x + 1);
    fo[threadIdx.x * 8 + 0] = __fdividef(a, 4.0f);
    fo[threadIdx.x * 8 + 1] = __saturatef(a - 1.5f);
    fo[threadIdx.x * 8 + 2] = sqrtf(a * a);
    fo[threadIdx.x * 8 + 3] = expf(0.0f) + logf(1.0f);
    fo[threadIdx.x * 8 + 4] = sinf(0.0f) + cosf(0.0f);
    fo[threadIdx.x * 8 + 5] = fminf(a, 2.0f) + fmaxf(a, 2.0f);
    fo[threadIdx.x * 8 + 6] = (float)pow(2.0, (double)a);
    fo[threadIdx.x * 8 + 7] = __expf(0.0f) + floorf(a + 0.5f) + (float)(clock() >= 0);
    __threadfence();
    __threadfence_block();
}

static unsigned host_brev(unsigned x)
{
    unsigned r = 0;
    for (int i = 0; i < 32; i++)
        r |= ((x >> i) & 1u) << (31 - i);
    return r;
}

int main()
{
    Atoms init = {};
    init.i_min = 1 << 30;
    init.i_and = -1;
    init.u_dec = 0;
    init.ull_cas = 5;
    init.ll_min = 0;
    Atoms *da;
    CHECK(cudaMalloc(&da, sizeof(Atoms)));
    CHECK(cudaMemcpy(da, &init, sizeof init, cudaMemcpyHostToDevice));
    atomics<<<4, 64>>>(da);
    CHECK(cudaGetLastError());
    Atoms r;
    CHECK(cudaMemcpy(&r, da, sizeof r, cudaMemcpyDeviceToHost));
    int xr = 0;
    for (int t = 0; t < 256; t++)
        xr ^= t;
    EXPECT(r.i_add == 255 * 256 / 2);
    EXPECT(r.i_sub == -256);
    EXPECT(r.i_min == 1000 - 255);
    EXPECT(r.i_max == 255);
    EXPECT(r.i_and == (int)0x80000000);
    EXPECT(r.i_or == 0x7fffffff);
    EXPECT(r.i_xor == xr);
    EXPECT(r.i_exch == 77);
    EXPECT(r.i_cas >= 1 && r.i_cas <= 256);
    EXPECT(r.u_add == 512u);
    EXPECT(r.u_inc == 256u % 100u);
    /* atomicDec: ((old == 0) | (old > 1000)) ? 1000 : old - 1, 256 times from 0 */
    EXPECT(r.u_dec == 1000u - 255u);
    EXPECT(r.u_max == 255u * 3u);
    EXPECT(r.ull_add == 256ull << 33);
    EXPECT(r.ull_cas == 6ull);
    EXPECT(r.ull_max == 255ull << 40);
    EXPECT(r.ll_min == -255);
    EXPECT(r.f_add == 128.0f);
    EXPECT(r.f_exch == 2.5f);
    EXPECT(r.d_add == 64.0);

    int *dw;
    CHECK(cudaMalloc(&dw, 12 * 32 * sizeof(int)));
    warp_ops<<<1, 32>>>(dw);
    CHECK(cudaGetLastError());
    int hw[12 * 32];
    CHECK(cudaMemcpy(hw, dw, sizeof hw, cudaMemcpyDeviceToHost));
    for (int l = 0; l < 32; l++) {
        EXPECT(hw[0 * 32 + l] == 30);
        EXPECT(hw[1 * 32 + l] == (l >= 1 ? (l - 1) * 10 : 0));
        EXPECT(hw[2 * 32 + l] == (l + 2 < 32 ? (l + 2) * 10 : l * 10));
        EXPECT(hw[3 * 32 + l] == (l ^ 1) * 10);
        EXPECT((unsigned)hw[4 * 32 + l] == 0xaaaaaaaau);
        EXPECT(hw[5 * 32 + l] == 1);
        EXPECT(hw[6 * 32 + l] == 0);
        EXPECT((unsigned)hw[7 * 32 + l] == 0xffffffffu);
        EXPECT(hw[8 * 32 + l] == 31);
        EXPECT(hw[9 * 32 + l] == 31 * 32 / 2);
        EXPECT((unsigned)hw[10 * 32 + l] == (l < 16 ? 0x0000ffffu : 0xffffffffu));
        EXPECT(hw[11 * 32 + l] == 5 + 100 + 1000);
    }

    const int nt = 8;
    unsigned hin[nt] = {0x1u, 0x80000000u, 0xf0f0u, 0x12345678u, 0xffffffffu, 0x100u, 7u, 0x400u};
    unsigned *din, *duo;
    float *dfo;
    CHECK(cudaMalloc(&din, sizeof hin));
    CHECK(cudaMalloc(&duo, nt * 12 * sizeof(unsigned)));
    CHECK(cudaMalloc(&dfo, nt * 8 * sizeof(float)));
    CHECK(cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice));
    int_float_ops<<<1, nt>>>(din, duo, dfo);
    CHECK(cudaGetLastError());
    unsigned uo[nt * 12];
    float fo[nt * 8];
    CHECK(cudaMemcpy(uo, duo, sizeof uo, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(fo, dfo, sizeof fo, cudaMemcpyDeviceToHost));
    for (int t = 0; t < nt; t++) {
        unsigned x = hin[t];
        const unsigned *u = uo + t * 12;
        EXPECT(u[0] == (unsigned)__builtin_popcount(x));
        EXPECT(u[1] == (unsigned)__builtin_clz(x));
        EXPECT(u[2] == (unsigned)__builtin_ffs((int)x));
        EXPECT(u[3] == host_brev(x));
        EXPECT(u[4] == (x & 0xfff) * 3);
        EXPECT(u[5] == (unsigned)(((unsigned long long)x * 0x80000001ull) >> 32));
        EXPECT(u[6] == (unsigned)(t % 2 == 0 ? 2 + t : 3 + t)); /* round half to even */
        EXPECT((int)u[7] == -2 && (int)u[8] == 3 && (int)u[9] == -3);
        EXPECT(u[10] == 0x3f800000u);
        EXPECT(u[11] == x + (x < 3 ? x : 3) + 1);
        const float *f = fo + t * 8;
        float a = (float)(t + 1);
        EXPECT(fabsf(f[0] - a / 4.0f) < 1e-6f);
        EXPECT(f[1] == (a - 1.5f < 0 ? 0.0f : a - 1.5f > 1 ? 1.0f : a - 1.5f));
        EXPECT(f[2] == a);
        EXPECT(f[3] == 1.0f && f[4] == 1.0f);
        EXPECT(f[5] == (a < 2 ? a : 2.0f) + (a > 2 ? a : 2.0f));
        EXPECT(f[6] == (float)pow(2.0, (double)a));
        EXPECT(f[7] == 1.0f + floorf(a + 0.5f) + 1.0f);
    }
    CHECK(cudaFree(da));
    CHECK(cudaFree(dw));
    CHECK(cudaFree(din));
    CHECK(cudaFree(duo));
    CHECK(cudaFree(dfo));
    return cudart_finish("cudart.device.intrinsics");
}
