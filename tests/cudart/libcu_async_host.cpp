/* cudart.headers.libcu_async_host: libcu++'s barrier and pipeline headers and cooperative
 * groups' copy, reduce and scan headers compile as plain C++ (host code in .cpp files, as nvcc
 * allows), and a system-scope barrier and a thread pipeline work there. */
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/std/barrier>
#include <cuda/std/utility>

int host_libcu_async(void);
int host_libcu_async(void)
{
    cuda::std::barrier<> b(1);
    auto t = b.arrive();
    b.wait(cuda::std::move(t));
    b.arrive_and_drop();
    int src[4] = {1, 2, 3, 4}, dst[4] = {0, 0, 0, 0};
    cuda::pipeline<cuda::thread_scope_thread> p = cuda::make_pipeline();
    p.producer_acquire();
    cuda::memcpy_async(dst, src, cuda::aligned_size_t<16>(sizeof src), p);
    p.producer_commit();
    cuda::pipeline_consumer_wait_prior<0>(p);
    return dst[3];
}
