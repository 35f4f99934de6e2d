/* cudart.named_barriers: named barriers with a thread count (bar.sync id, count: PTX in
 * inline asm, or clang's __nvvm_barrier_sync_cnt) whose id and count are constants, so that
 * the trace records them (simt_sinst.bar_id / bar_count) and the timing model replays them as
 * counted barriers (named_replay.sh).
 *   generations: four warps at barrier 3 with a count of 64 complete it twice per CTA (two
 *     warps each time); each warp then reads what its partner warp wrote.
 *   pairs: warps 0-1 meet at barrier 1 and warps 2-3 at barrier 2 (64 threads each) after
 *     warps 2-3 ran a longer loop, then the CTA meets at __syncthreads(): three releases per
 *     CTA (two, were the named barriers CTA-wide).
 *   computed: an id computed at run time, replayed as a CTA-wide barrier (one release per
 *     CTA, with a warning). */
#include "cudart_check.h"
#ifdef __NVCC__ /* nvcc has no clang builtins: the PTX it stands for */
#define __nvvm_barrier_sync_cnt(id, n) asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n) : "memory")
#endif

/* (written as PTX, as CUTLASS writes named barriers: the tracer reads the same id and count
 * from the asm's operands) */
__global__ void generations(int *out)
{
    __shared__ int s[128];
    int i = threadIdx.x;
    s[i] = i + 1000 * blockIdx.x;
    asm volatile("bar.sync %0, %1;" ::"r"(3), "r"(64) : "memory");
    out[blockIdx.x * 128 + i] = s[i ^ 32];
}

__global__ void pairs(int *out, int iters)
{
    __shared__ int s[128];
    int i = threadIdx.x, w = i / 32, v = i;
    if (w < 2) {
        s[i] = v;
        __nvvm_barrier_sync_cnt(1, 64);
    } else {
        for (int k = 0; k < iters; k++)
            v = v * 3 + k;
        s[i] = v;
        __nvvm_barrier_sync_cnt(2, 64);
    }
    int partner = s[i ^ 32];
    __syncthreads();
    out[blockIdx.x * 128 + i] = partner + s[(i + 64) % 128];
}

/* the id computed at run time (1 for warps 0-1, 2 for warps 2-3): the trace cannot record it
 * (SIMT_IF_BARDYN), so the timing model replays a CTA-wide barrier and says so */
__global__ void computed(int *out)
{
    __shared__ int s[128];
    int i = threadIdx.x, w = i / 32;
    s[i] = i * 5;
    __nvvm_barrier_sync_cnt(1 + w / 2, 64);
    out[blockIdx.x * 128 + i] = s[i ^ 32];
}

static int host_v(int i, int iters)
{
    int v = i;
    for (int k = 0; k < iters; k++)
        v = v * 3 + k;
    return v;
}

int main()
{
    const int blocks = 4, iters = 50;
    int *out, h[blocks * 128];
    CHECK(cudaMalloc(&out, sizeof h));
    generations<<<blocks, 128>>>(out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++)
        for (int i = 0; i < 128; i++)
            EXPECT(h[b * 128 + i] == (i ^ 32) + 1000 * b);
    pairs<<<blocks, 128>>>(out, iters);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++)
        for (int i = 0; i < 128; i++) {
            int j = i ^ 32, k = (i + 64) % 128;
            int sj = j < 64 ? j : host_v(j, iters), sk = k < 64 ? k : host_v(k, iters);
            EXPECT(h[b * 128 + i] == sj + sk);
        }
    computed<<<blocks, 128>>>(out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++)
        for (int i = 0; i < 128; i++)
            EXPECT(h[b * 128 + i] == (i ^ 32) * 5);
    CHECK(cudaFree(out));
    return cudart_finish("cudart.named_barriers");
}
