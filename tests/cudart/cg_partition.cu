// cudart.cg_partition: cooperative groups' partitions and copies (CUDA 11) - labeled_partition
// and binary_partition of coalesced groups and tiles, rank-addressed shuffles and match_any of
// a coalesced group, cg::reduce over a partition, and cg::memcpy_async + wait (16-byte and
// 1-byte pieces) - against the host. Prints "cudart.cg_partition: PASS".
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <stdio.h>

#include "cudart_check.h"

namespace cg = cooperative_groups;

enum { F_SIZE, F_RANK, F_SUM, F_FIRST, F_DOWN, F_UP, F_MATCH, F_BIN_SIZE, F_BIN_RANK, F_N };

// one warp; lanes 29..31 take no part (they return at once)
__global__ void partitions(int *out)
{
    const int lane = threadIdx.x;
    if (lane >= 29)
        return;
    cg::coalesced_group active = cg::coalesced_threads();
    cg::coalesced_group g = cg::labeled_partition(active, lane % 3);
    int *o = out + lane * F_N;
    o[F_SIZE] = g.size();
    o[F_RANK] = g.thread_rank();
    o[F_SUM] = cg::reduce(g, lane, cg::plus<int>());
    o[F_FIRST] = g.shfl(lane, 0);
    o[F_DOWN] = g.shfl_down(lane, 1);
    o[F_UP] = g.shfl_up(lane, 2);
    o[F_MATCH] = g.match_any(lane / 6); // ranks of the members with the same lane / 6
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    (void)tile;
    cg::coalesced_group b = cg::binary_partition(active, (lane & 1) != 0);
    o[F_BIN_SIZE] = b.size();
    o[F_BIN_RANK] = b.thread_rank();
}

// the block copies n ints into shared memory, and 37 bytes from an odd address, then waits
__global__ void copies(const int *in, int n, const char *bytes, int *out, char *bout)
{
    __shared__ int buf[1024];
    __shared__ char cbuf[64];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, buf, in, sizeof(int) * n);
    cg::memcpy_async(block, cbuf, bytes + 1, 37);
    cg::wait(block);
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        out[i] = 2 * buf[i];
    if (threadIdx.x < 37)
        bout[threadIdx.x] = cbuf[threadIdx.x];
}

int main()
{
    int *d, h[32 * F_N];
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0xff, sizeof h);
    partitions<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int lane = 0; lane < 29; lane++) {
        const int *o = h + lane * F_N;
        // members: the lanes < 29 with the same lane % 3, in lane order
        int members[32], n = 0, rank = -1, sum = 0;
        for (int l = lane % 3; l < 29; l += 3) {
            if (l == lane)
                rank = n;
            members[n++] = l;
            sum += l;
        }
        EXPECT(o[F_SIZE] == n);
        EXPECT(o[F_RANK] == rank);
        EXPECT(o[F_SUM] == sum);
        EXPECT(o[F_FIRST] == members[0]);
        EXPECT(o[F_DOWN] == (rank + 1 < n ? members[rank + 1] : lane));
        EXPECT(o[F_UP] == (rank >= 2 ? members[rank - 2] : lane));
        int match = 0;
        for (int k = 0; k < n; k++)
            if (members[k] / 6 == lane / 6)
                match |= 1 << k;
        EXPECT(o[F_MATCH] == match);
        const int odd = lane & 1;
        EXPECT(o[F_BIN_SIZE] == (odd ? 14 : 15)); // lanes 0..28: 15 even, 14 odd
        EXPECT(o[F_BIN_RANK] == lane / 2);
    }
    EXPECT(h[29 * F_N] == -1); // the lanes that returned wrote nothing

    const int n = 1000;
    int hin[n], hout[n];
    char hb[64], hbo[37];
    for (int i = 0; i < n; i++)
        hin[i] = i * 7 - 3;
    for (int i = 0; i < 64; i++)
        hb[i] = (char)(i * 5 + 1);
    int *din, *dout;
    char *db, *dbo;
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dout, sizeof hout);
    cudaMalloc(&db, sizeof hb);
    cudaMalloc(&dbo, sizeof hbo);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice);
    copies<<<1, 128>>>(din, n, db, dout, dbo);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    cudaMemcpy(hbo, dbo, sizeof hbo, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += hout[i] != 2 * hin[i];
    EXPECT(bad == 0);
    for (int i = 0; i < 37; i++)
        EXPECT(hbo[i] == hb[i + 1]);
    EXPECT(cudaGetLastError() == cudaSuccess);
    return cudart_finish("cudart.cg_partition");
}
