#include "common.h"
/* Barriers (test_tracer barrier): exited threads count as arrived; named barriers with a
 * thread count. */

/* the common guard: threads past n return before the barrier (whole warps and part of one) */
extern "C" __global__ void early_exit_sync(int *out, int n)
{
    __shared__ int s[128];
    int i = TID_X;
    if (i >= n)
        return;
    s[i] = i * 3;
    SYNC();
    out[i] = s[n - 1 - i] + 1;
}

/* two barriers after the guard, the second inside a loop */
extern "C" __global__ void early_exit_loop(int *out, int n)
{
    __shared__ int s[128];
    int i = TID_X;
    if (i >= n)
        return;
    s[i] = 1;
    SYNC();
    for (int step = 1; step < n; step *= 2) {
        int v = i >= step ? s[i - step] : 0;
        SYNC();
        s[i] += v;
        SYNC();
    }
    out[i] = s[i]; /* inclusive prefix sum of ones: i + 1 */
}

/* producer / consumer pairs: warps 0-1 on named barrier 1, warps 2-3 on barrier 2 (64
 * threads each); warp 4 spins on a flag that warp 1 sets after its barrier: were the
 * barriers CTA-wide, warp 4 would never arrive and the CTA would deadlock */
extern "C" __global__ void named_pairs(int *out)
{
    __shared__ int s[160];
    __shared__ volatile int flag;
    int i = TID_X, w = i / 32;
    if (w < 4) {
        int id = 1 + w / 2;
        if (w % 2 == 0)
            s[i] = i * 7;
        __nvvm_barrier_sync_cnt(id, 64);
        if (w % 2 == 1) {
            out[i] = s[i - 32];
            if (w == 1 && i == 32)
                flag = 1;
        }
    } else {
        while (flag == 0)
            ;
        out[i] = -1;
    }
}

/* four warps at barrier 3 with a count of 64: released two by two, in arrival order */
extern "C" __global__ void named_generations(int *out)
{
    __shared__ int s[128];
    int i = TID_X;
    s[i] = i;
    __nvvm_barrier_sync_cnt(3, 64);
    out[i] = s[i ^ 32];
}

/* warp 0 at barrier 1, warp 1 at barrier 2, each expecting 64 threads: deadlock */
extern "C" __global__ void named_deadlock(int *out)
{
    __nvvm_barrier_sync_cnt(1 + TID_X / 32, 64);
    out[TID_X] = 1;
}

/* a count that is not a multiple of the warp size */
extern "C" __global__ void named_badcount(int *out)
{
    __nvvm_barrier_sync_cnt(1, 48);
    out[TID_X] = 1;
}

/* barrier 5 without a count: all threads of the CTA */
extern "C" __global__ void named_all(int *out)
{
    __shared__ int s[64];
    s[TID_X] = TID_X + 100;
    __nvvm_barrier_sync(5);
    out[TID_X] = s[63 - TID_X];
}
