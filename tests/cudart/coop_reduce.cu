/* cudart.cooperative_groups.reduce: cooperative_groups::reduce (plus, greater) over 16-thread
 * tiles and over a coalesced group of every third lane, and inclusive_scan / exclusive_scan
 * over tiles, against sums worked out by hand. */
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include "cudart_check.h"
namespace cg = cooperative_groups;

__global__ void collectives(int *o)
{
    cg::thread_block b = cg::this_thread_block();
    cg::thread_block_tile<16> t = cg::tiled_partition<16>(b);
    int v = (int)t.thread_rank() + 1;
    o[threadIdx.x] = cg::reduce(t, v, cg::plus<int>());
    o[64 + threadIdx.x] = cg::inclusive_scan(t, v);
    o[128 + threadIdx.x] = cg::exclusive_scan(t, v, cg::plus<int>());
    o[192 + threadIdx.x] = cg::reduce(t, (int)threadIdx.x, cg::greater<int>());
    if (threadIdx.x % 3 == 0) {
        cg::coalesced_group c = cg::coalesced_threads();
        o[256 + threadIdx.x] = cg::reduce(c, (int)threadIdx.x, cg::plus<int>());
    }
}

int main()
{
    int *o;
    CHECK(cudaMallocManaged(&o, 320 * sizeof(int)));
    collectives<<<1, 64>>>(o);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 64; i++) {
        int r = i % 16 + 1; /* 1..16 in each tile */
        EXPECT(o[i] == 136);
        EXPECT(o[64 + i] == r * (r + 1) / 2);
        EXPECT(o[128 + i] == r * (r - 1) / 2);
        EXPECT(o[192 + i] == i / 16 * 16 + 15);
    }
    /* lanes 0, 3, ..., 30 of warp 0 and 33, 36, ..., 63 of warp 1 */
    EXPECT(o[256] == 165 && o[256 + 30] == 165);
    EXPECT(o[256 + 33] == 528 && o[256 + 63] == 528);
    CHECK(cudaFree(o));
    return cudart_finish("cudart.cooperative_groups.reduce");
}
