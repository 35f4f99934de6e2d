/* cudart.device.hints_scopes: loads and stores with cache hints (__ldcg ... __stwt), the _block
 * and _system scopes of the atomics, sm_80's warp reductions (__reduce_*_sync), __nanosleep,
 * the SIMD video intrinsics (__vadd2, __vabsdiffu4, ...), the integer dot products (__dp4a,
 * __dp2a_lo) and normf/rnormf of an array, against values worked out by hand. */
#include "cudart_check.h"

__global__ void simd(unsigned int *u, float *f)
{
    u[0] = __vadd2(0x00010002u, 0x00030004u);
    u[1] = __vabsdiffu4(0x10203040u, 0x01020304u);
    u[2] = __vseteq4(0x01020304u, 0x01ff0304u);
    u[3] = __vmaxu4(0x10ff0020u, 0x20010030u);
    u[4] = (unsigned int)__dp4a(0x01020304, 0x02020202, 5);
    u[5] = __dp4a(0x000000ffu, 0x000000ffu, 0u);
    u[6] = (unsigned int)__dp2a_lo(0x00030002, 0x00000504, 1);
    const float v[2] = {3.0f, 4.0f};
    f[0] = normf(2, v);
    f[1] = rnormf(2, v);
}

__global__ void hints(const float *a, float *b, const float4 *c, int *cnt, unsigned int *red)
{
    int t = threadIdx.x;
    float x = __ldcg(a + t) + __ldca(a + t) + __ldcs(a + t) + __ldlu(a + t) + __ldcv(a + t);
    float4 v = __ldcg(c + t);
    __stcg(b + t, x + v.x);
    __stcs(b + 32 + t, x);
    __stwb(b + 64 + t, x);
    __stwt(b + 96 + t, x);
    atomicAdd_block(cnt, 1);
    atomicAdd_system(cnt + 1, 2);
    atomicMax_block(cnt + 2, t);
    atomicCAS_system(cnt + 3, 0, 7);
    atomicAdd_block((unsigned long long *)(cnt + 4), 1ull);
    __nanosleep(100);
    unsigned int m = 0x0000ffffu; /* the reductions over the first 16 lanes */
    if (t < 16) {
        red[0 + t] = __reduce_add_sync(m, (unsigned int)t);
        red[16 + t] = __reduce_max_sync(m, (unsigned int)(t * 3 % 16));
        red[32 + t] = (unsigned int)__reduce_min_sync(m, 5 - t);
        red[48 + t] = __reduce_or_sync(m, 1u << t);
    }
}

int main()
{
    float *a, *b;
    float4 *c;
    int *cnt;
    unsigned int *red;
    CHECK(cudaMallocManaged(&a, 32 * sizeof(float)));
    CHECK(cudaMallocManaged(&b, 128 * sizeof(float)));
    CHECK(cudaMallocManaged(&c, 32 * sizeof(float4)));
    CHECK(cudaMallocManaged(&cnt, 8 * sizeof(int)));
    CHECK(cudaMallocManaged(&red, 64 * sizeof(unsigned int)));
    for (int i = 0; i < 32; i++) {
        a[i] = (float)i;
        c[i] = make_float4(1, 2, 3, 4);
    }
    for (int i = 0; i < 8; i++)
        cnt[i] = 0;
    hints<<<1, 32>>>(a, b, c, cnt, red);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 32; i++) {
        EXPECT(b[i] == 5.0f * i + 1.0f);
        EXPECT(b[32 + i] == 5.0f * i && b[64 + i] == 5.0f * i && b[96 + i] == 5.0f * i);
    }
    EXPECT(cnt[0] == 32 && cnt[1] == 64 && cnt[2] == 31 && cnt[3] == 7);
    EXPECT(*(unsigned long long *)(cnt + 4) == 32);
    for (int i = 0; i < 16; i++) {
        EXPECT(red[i] == 120);
        EXPECT(red[16 + i] == 15);
        EXPECT((int)red[32 + i] == -10);
        EXPECT(red[48 + i] == 0xffffu);
    }
    unsigned int *u;
    float *f;
    CHECK(cudaMallocManaged(&u, 8 * sizeof(unsigned int)));
    CHECK(cudaMallocManaged(&f, 2 * sizeof(float)));
    simd<<<1, 1>>>(u, f);
    CHECK(cudaDeviceSynchronize());
    EXPECT(u[0] == 0x00040006u && u[1] == 0x0f1e2d3cu && u[2] == 0x01000101u);
    EXPECT(u[3] == 0x20ff0030u && u[4] == 25 && u[5] == 65025 && u[6] == 24);
    EXPECT(f[0] == 5.0f && fabsf(f[1] - 0.2f) < 1e-7f);
    CHECK(cudaFree(u));
    CHECK(cudaFree(f));
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    CHECK(cudaFree(c));
    CHECK(cudaFree(cnt));
    CHECK(cudaFree(red));
    return cudart_finish("cudart.device.hints_scopes");
}
