/* cudart.device.hints_scopes: loads and stores with cache hints (__ldcg ... __stwt), the _block
 * and _system scopes of the atomics, sm_80's warp reductions (__reduce_*_sync) and
 * __nanosleep, against values worked out by hand. */
#include "cudart_check.h"

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
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    CHECK(cudaFree(c));
    CHECK(cudaFree(cnt));
    CHECK(cudaFree(red));
    return cudart_finish("cudart.device.hints_scopes");
}
