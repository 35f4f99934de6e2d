/* cudart.cub: CUB used directly (BlockReduce, BlockScan, BlockRadixSort, WarpReduce in a
 * kernel of our own; DeviceReduce::Sum with its two-call temporary-storage protocol) and more
 * of thrust (random numbers, merge, set_intersection, for_each, reduce_by_key, gather,
 * transform iterators, stable_sort_by_key with an execution policy, partition,
 * adjacent_difference, universal_vector, complex) - each result checked against the host. */
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/merge.h>
#include <thrust/set_operations.h>
#include <thrust/tabulate.h>
#include <thrust/for_each.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/random.h>
#include <thrust/partition.h>
#include <thrust/adjacent_difference.h>
#include <thrust/execution_policy.h>
#include <thrust/complex.h>
#include <thrust/universal_vector.h>
#include <cub/cub.cuh>
#include <cstdio>
#include "cudart_check.h"
struct rnd {
    __host__ __device__ float operator()(int i) const
    {
        thrust::default_random_engine e(1234);
        thrust::uniform_real_distribution<float> d(0, 1);
        e.discard(i);
        return d(e);
    }
};
struct inc {
    __device__ void operator()(int &x) const
    {
        x += 1;
    }
};
struct sq {
    __host__ __device__ int operator()(int x) const
    {
        return x * x;
    }
};
__global__ void blockk(const int *in, int *out, int *sorted)
{
    typedef cub::BlockReduce<int, 128> BR;
    typedef cub::BlockScan<int, 128> BS;
    typedef cub::BlockRadixSort<int, 128, 4> BRS;
    typedef cub::WarpReduce<int> WR;
    __shared__ union {
        typename BR::TempStorage r;
        typename BS::TempStorage s;
        typename BRS::TempStorage rs;
        typename WR::TempStorage w[4];
    } tmp;
    int v = in[blockIdx.x * 128 + threadIdx.x];
    int sum = BR(tmp.r).Sum(v);
    __syncthreads();
    int pre;
    BS(tmp.s).ExclusiveSum(v, pre);
    __syncthreads();
    int ws = WR(tmp.w[threadIdx.x / 32]).Sum(v);
    __syncthreads();
    int keys[4];
    for (int i = 0; i < 4; i++)
        keys[i] = in[(blockIdx.x * 128 + threadIdx.x) * 4 % 1024 + i];
    BRS(tmp.rs).Sort(keys);
    for (int i = 0; i < 4; i++)
        sorted[blockIdx.x * 512 + threadIdx.x * 4 + i] = keys[i];
    if (threadIdx.x == 0)
        out[blockIdx.x * 3] = sum;
    if (threadIdx.x == 127)
        out[blockIdx.x * 3 + 1] = pre + v;
    if (threadIdx.x == 32)
        out[blockIdx.x * 3 + 2] = ws;
}
int main()
{
    int ok = 1;
    const int n = 1024;
    thrust::device_vector<float> r(n);
    thrust::tabulate(r.begin(), r.end(), rnd());
    float mx = thrust::reduce(r.begin(), r.end(), 0.0f, thrust::maximum<float>());
    ok &= mx <= 1 && mx > 0.9f;
    thrust::device_vector<int> a(n), b(n), c(2 * n);
    thrust::sequence(a.begin(), a.end(), 0, 2);
    thrust::sequence(b.begin(), b.end(), 1, 2);
    thrust::merge(a.begin(), a.end(), b.begin(), b.end(), c.begin());
    ok &= c[777] == 777;
    thrust::device_vector<int> inter(n);
    int ni = thrust::set_intersection(a.begin(), a.end(), c.begin(), c.end(), inter.begin()) -
             inter.begin();
    ok &= ni == n;
    thrust::for_each(a.begin(), a.end(), inc());
    ok &= a[5] == 11;
    thrust::device_vector<int> keys(n), vals(n, 1), ok2(n), ov(n);
    thrust::tabulate(keys.begin(), keys.end(), thrust::placeholders::_1 / 10);
    int nk = thrust::reduce_by_key(keys.begin(), keys.end(), vals.begin(), ok2.begin(), ov.begin())
                 .first -
             ok2.begin();
    ok &= nk == 103 && ov[0] == 10 && ov[102] == 4;
    thrust::device_vector<int> idx(n);
    thrust::sequence(idx.begin(), idx.end());
    thrust::reverse(idx.begin(), idx.end());
    thrust::device_vector<int> g(n);
    thrust::gather(idx.begin(), idx.end(), b.begin(), g.begin());
    ok &= g[0] == 2 * n - 1;
    int s2 = thrust::reduce(thrust::make_transform_iterator(idx.begin(), sq()),
                            thrust::make_transform_iterator(idx.end(), sq()));
    ok &= s2 == 357389824;
    thrust::stable_sort_by_key(thrust::device, keys.begin(), keys.end(), idx.begin(),
                               thrust::greater<int>());
    ok &= keys[0] == 102;
    int np = thrust::partition(b.begin(), b.end(), thrust::placeholders::_1 % 3 == 0) - b.begin();
    ok &= np == 341;
    thrust::adjacent_difference(a.begin(), a.end(), g.begin());
    ok &= g[3] == 2;
    thrust::universal_vector<int> u(100, 3);
    thrust::transform(u.begin(), u.end(), u.begin(), sq());
    ok &= u[50] == 9;
    thrust::device_vector<thrust::complex<float>> cz(10, thrust::complex<float>(1, 1));
    thrust::complex<float> cs = thrust::reduce(cz.begin(), cz.end());
    ok &= cs.real() == 10 && cs.imag() == 10;
    /* CUB device-wide */
    int *d_in = thrust::raw_pointer_cast(a.data()), *d_out;
    cudaMalloc(&d_out, 4 * sizeof(int));
    void *tmp = nullptr;
    size_t tb = 0;
    cub::DeviceReduce::Sum(tmp, tb, d_in, d_out, n);
    cudaMalloc(&tmp, tb);
    cub::DeviceReduce::Sum(tmp, tb, d_in, d_out, n);
    int hs;
    cudaMemcpy(&hs, d_out, 4, cudaMemcpyDeviceToHost);
    ok &= hs == n * n;
    printf("cub sum %d\n", hs);
    thrust::device_vector<int> in2(n * 4), out2(3 * 8), so(8 * 512);
    thrust::sequence(in2.begin(), in2.end(), 7, 3);
    blockk<<<8, 128>>>(thrust::raw_pointer_cast(in2.data()), thrust::raw_pointer_cast(out2.data()),
                       thrust::raw_pointer_cast(so.data()));
    CHECK(cudaDeviceSynchronize());
    thrust::host_vector<int> ho = out2, hi = in2, hso = so;
    long bs = 0;
    for (int i = 0; i < 128; i++)
        bs += hi[i];
    ok &= ho[0] == bs && ho[1] == bs;
    long w1 = 0;
    for (int i = 32; i < 64; i++)
        w1 += hi[i];
    ok &= ho[2] == w1;
    int srt = 1;
    for (int i = 1; i < 512; i++)
        srt &= hso[i - 1] <= hso[i];
    ok &= srt;
    CHECK(cudaGetLastError());
    EXPECT(ok);
    return cudart_finish("cudart.cub");
}
