/* cudart.thrust: an unmodified thrust program (Debian's libthrust-dev / libcub-dev, thrust and
 * CUB 1.17) builds with simt-cc and runs on the tracer: reduce, inclusive/exclusive scan, radix
 * sort (one large enough for CUB's onesweep pass, whose short-circuited tiles end with PTX exit),
 * sort_by_key, merge sort with a comparator, transform_reduce, count_if, copy_if, unique,
 * max_element, inner_product, lower_bound - CUB's kernels with their inline PTX (warp shuffles
 * and adds, digit matching, bit-field extracts, cache-operator loads). Each result is checked
 * against the host; cuda_occupancy.h's calculator is checked against the runtime's. */
#include <cuda_occupancy.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>
#include <thrust/copy.h>
#include <thrust/unique.h>
#include <thrust/count.h>
#include <thrust/extrema.h>
#include <thrust/inner_product.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>
#include <thrust/binary_search.h>
#include <algorithm>
#include <cstdio>
#include "cudart_check.h"
struct is_odd {
    __host__ __device__ bool operator()(int x) const
    {
        return x & 1;
    }
};
__global__ void empty() {}
struct sq {
    __host__ __device__ float operator()(float x) const
    {
        return x * x;
    }
};
int main()
{
    const int n = 5000;
    thrust::host_vector<int> h(n);
    unsigned s = 1;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        h[i] = (s >> 8) % 1000;
    }
    thrust::device_vector<int> d = h;
    int ok = 1;
    long sum = thrust::reduce(d.begin(), d.end(), 0L);
    long hs = 0;
    for (int i = 0; i < n; i++)
        hs += h[i];
    ok &= sum == hs;
    printf("reduce %ld %ld\n", sum, hs);
    thrust::device_vector<int> sc(n);
    thrust::inclusive_scan(d.begin(), d.end(), sc.begin());
    int last = sc[n - 1];
    ok &= last == (int)hs;
    printf("scan %d\n", last);
    thrust::exclusive_scan(d.begin(), d.end(), sc.begin());
    ok &= sc[1] == h[0];
    thrust::device_vector<int> st = d;
    thrust::sort(st.begin(), st.end());
    thrust::host_vector<int> hst = st;
    int sorted = 1;
    for (int i = 1; i < n; i++)
        sorted &= hst[i - 1] <= hst[i];
    ok &= sorted;
    printf("sort %d\n", sorted);
    thrust::device_vector<int> keys = d, vals(n);
    thrust::sequence(vals.begin(), vals.end());
    thrust::sort_by_key(keys.begin(), keys.end(), vals.begin());
    thrust::device_vector<float> f(n);
    thrust::sequence(f.begin(), f.end(), 0.5f);
    float ss = thrust::transform_reduce(f.begin(), f.end(), sq(), 0.0f, thrust::plus<float>());
    printf("transform_reduce %f\n", ss);
    int odd = thrust::count_if(d.begin(), d.end(), is_odd());
    int hodd = 0;
    for (int i = 0; i < n; i++)
        hodd += h[i] & 1;
    ok &= odd == hodd;
    printf("count_if %d %d\n", odd, hodd);
    thrust::device_vector<int> out(n);
    int m = thrust::copy_if(d.begin(), d.end(), out.begin(), is_odd()) - out.begin();
    ok &= m == hodd;
    int u = thrust::unique(st.begin(), st.end()) - st.begin();
    printf("unique %d\n", u);
    int mx = *thrust::max_element(d.begin(), d.end());
    printf("max %d\n", mx);
    long ip = thrust::inner_product(d.begin(), d.end(), d.begin(), 0L);
    long hip = 0;
    for (int i = 0; i < n; i++)
        hip += (long)h[i] * h[i];
    ok &= ip == hip;
    printf("inner %ld %ld\n", ip, hip);
    thrust::device_vector<float> fs(n);
    thrust::sequence(fs.begin(), fs.end());
    thrust::sort(fs.begin(), fs.end(), thrust::greater<float>());
    ok &= fs[0] == n - 1;
    thrust::device_vector<int> lb(10);
    thrust::lower_bound(st.begin(), st.begin() + u, thrust::counting_iterator<int>(0),
                        thrust::counting_iterator<int>(10), lb.begin());
    thrust::host_vector<int> hlb = lb, huq(st.begin(), st.begin() + u);
    for (int i = 0; i < 10; i++)
        ok &= hlb[i] == (int)(std::lower_bound(huq.begin(), huq.end(), i) - huq.begin());
    int hu = 1, hmx = hst[0];
    for (int i = 1; i < n; i++) {
        hu += hst[i] != hst[i - 1];
        hmx = hst[i] > hmx ? hst[i] : hmx;
    }
    ok &= u == hu && mx == hmx;
    printf("lower_bound %d %d %d\n", hlb[0], hlb[5], hlb[9]);
    /* a larger sort of small keys: CUB's onesweep radix sort short-circuits tiles whose keys
     * share a digit and ends their threads with asm("exit;") */
    thrust::host_vector<int> hb(60000);
    for (int i = 0; i < (int)hb.size(); i++) {
        s = s * 1103515245u + 12345u;
        hb[i] = (s >> 8) % 1000;
    }
    thrust::device_vector<int> db = hb;
    thrust::sort(db.begin(), db.end());
    std::sort(hb.begin(), hb.end());
    thrust::host_vector<int> rb = db;
    ok &= rb == hb;
    printf("big sort %d\n", (int)(rb == hb));
    /* the standalone calculator agrees with the runtime */
    cudaDeviceProp prop;
    cudaFuncAttributes fa;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    CHECK(cudaFuncGetAttributes(&fa, empty));
    cudaOccDeviceProp op(prop);
    cudaOccFuncAttributes of(fa);
    cudaOccDeviceState os = {};
    for (int b = 32; b <= 1024; b *= 2) {
        cudaOccResult r;
        int rt = -1;
        CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&rt, empty, b, 256));
        EXPECT(cudaOccMaxActiveBlocksPerMultiprocessor(&r, &op, &of, &os, b, 256) ==
               CUDA_OCC_SUCCESS);
        EXPECT(r.activeBlocksPerMultiprocessor == rt);
    }
    EXPECT(ok);
    return cudart_finish("cudart.thrust");
}
