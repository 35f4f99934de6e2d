/* cudart.cooperative_groups: thread_block and tiles: ranks, sizes, tile reductions with
 * shfl_down, ballot relative to the tile, dynamic tiled_partition, coalesced_threads. */
#include <cooperative_groups.h>
#include "cudart_check.h"

namespace cg = cooperative_groups;

__global__ void tiles(int *out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
    int r = (int)block.thread_rank();
    int v = r;
    for (int o = t8.size() / 2; o > 0; o /= 2)
        v += t8.shfl_down(v, o);
    block.sync();
    int base = r * 6;
    out[base + 0] = v; /* rank 0 of each tile holds the tile's sum */
    out[base + 1] = (int)t8.thread_rank();
    out[base + 2] = (int)t8.meta_group_rank();
    out[base + 3] = (int)t8.ballot(t8.thread_rank() >= 6);
    cg::thread_group g4 = cg::tiled_partition(block, 4);
    g4.sync();
    out[base + 4] = (int)g4.thread_rank() + 10 * (int)g4.size();
    if (r % 2 == 0) {
        cg::coalesced_group active = cg::coalesced_threads();
        out[base + 5] = (int)active.thread_rank() + 100 * (int)active.size();
    } else {
        out[base + 5] = -1;
    }
}

int main()
{
    const int n = 64;
    int *d;
    CHECK(cudaMalloc(&d, n * 6 * sizeof(int)));
    tiles<<<1, n>>>(d);
    CHECK(cudaGetLastError());
    int h[n * 6];
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int r = 0; r < n; r++) {
        const int *o = h + r * 6;
        int tile = r / 8;
        if (r % 8 == 0)
            EXPECT(o[0] == 8 * (8 * tile) + 28);
        EXPECT(o[1] == r % 8);
        EXPECT(o[2] == tile);
        EXPECT(o[3] == 0xc0);
        EXPECT(o[4] == r % 4 + 40);
        EXPECT(o[5] == (r % 2 == 0 ? (r % 32) / 2 + 1600 : -1));
    }
    CHECK(cudaFree(d));
    return cudart_finish("cudart.cooperative_groups");
}
