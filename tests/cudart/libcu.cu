/* cudart.libcu: libcu++'s names (cuda/std/..., cuda/atomic) - cuda::atomic_ref and
 * cuda::std::atomic in kernels (fetch_add / sub / min / max / and / or / xor, exchange,
 * compare_exchange, load and store, the operators) on int, unsigned long long, float and
 * double, in global and shared memory, against the host's sums; cuda::std::numeric_limits,
 * type traits and array in device code; cuda::std::atomic on the host. Prints
 * "cudart.libcu: PASS". */
#include <cuda/atomic>
#include <cuda/std/array>
#include <cuda/std/cstdint>
#include <cuda/std/limits>
#include <cuda/std/type_traits>
#include "cudart_check.h"

struct counters {
    int sum, mn, mx, ored, anded, cas_wins;
    unsigned long long big;
    float fsum;
    double dsum;
};

__global__ void count(counters *c, int *flag)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    cuda::atomic_ref<int, cuda::thread_scope_device> sum(c->sum), mn(c->mn), mx(c->mx),
        ored(c->ored), wins(c->cas_wins);
    sum.fetch_add(t + 1);
    sum -= 1; /* net: + t */
    mn.fetch_min(t - 100);
    mx.fetch_max(3 * t);
    ored.fetch_or(1 << (t % 31));
    cuda::atomic_ref<int>(c->anded).fetch_and(~(1 << (t % 31)));
    int expected = 0;
    if (cuda::atomic_ref<int>(flag[0]).compare_exchange_strong(expected, t + 1))
        ++wins;
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(c->big).fetch_add(1ull << 33);
    cuda::atomic_ref<float>(c->fsum).fetch_add(0.5f);
    cuda::atomic_ref<double>(c->dsum).fetch_add(0.25);
    __shared__ cuda::std::atomic<unsigned> blk;
    if (threadIdx.x == 0)
        blk.store(0u, cuda::std::memory_order_relaxed);
    __syncthreads();
    blk++;
    blk.fetch_xor(0u);
    __syncthreads();
    if (threadIdx.x == 0) {
        if (blk.load() != blockDim.x)
            cuda::atomic_ref<int>(flag[1]).exchange(1);
    }
    /* cuda::std in device code: limits, traits, array */
    cuda::std::array<int, 3> a = {cuda::std::numeric_limits<int>::max(),
                                  (int)cuda::std::is_same<cuda::std::int32_t, int>::value,
                                  (int)sizeof(cuda::std::uint64_t)};
    if (t == 0)
        flag[2] = a[0] == 0x7fffffff && a[1] == 1 && a[2] == 8;
}

int main()
{
    counters *c;
    int *flag;
    CHECK(cudaMallocManaged(&c, sizeof *c));
    CHECK(cudaMallocManaged(&flag, 3 * sizeof(int)));
    memset(c, 0, sizeof *c);
    c->mn = 1 << 30;
    c->anded = -1;
    memset(flag, 0, 3 * sizeof(int));
    const int nb = 4, nt = 64, n = nb * nt;
    count<<<nb, nt>>>(c, flag);
    CHECK(cudaDeviceSynchronize());
    EXPECT_EQ(c->sum, n * (n - 1) / 2);
    EXPECT_EQ(c->mn, -100);
    EXPECT_EQ(c->mx, 3 * (n - 1));
    EXPECT_EQ(c->ored, 0x7fffffff);
    EXPECT_EQ((unsigned)c->anded, 0x80000000u);
    EXPECT_EQ(c->cas_wins, 1);
    EXPECT(flag[0] >= 1 && flag[0] <= n);
    EXPECT_EQ(c->big, (unsigned long long)n << 33);
    EXPECT(c->fsum == 0.5f * n && c->dsum == 0.25 * n);
    EXPECT(flag[1] == 0 && flag[2] == 1);

    /* the host side */
    cuda::std::atomic<int> h(5);
    h.fetch_add(3);
    int e = 8;
    EXPECT(h.compare_exchange_strong(e, 10) && h.load() == 10);
    EXPECT(h.exchange(1) == 10 && h == 1);
    CHECK(cudaFree(c));
    CHECK(cudaFree(flag));
    return cudart_finish("cudart.libcu");
}
