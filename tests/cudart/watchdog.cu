/* cudart.error.watchdog: a kernel that can never finish - lane 0 takes a lock it never
 * releases and the rest of the warp spins on it, a deadlock on a GPU as well - ends with a
 * launch failure and the tracer's message, which names SIMT_WATCHDOG_BRANCHES, instead of
 * spinning until the trace fills memory; no trace is written. The kernel is launched only
 * under this runtime (on a GPU it would hang). */
#include "cudart_check.h"

__global__ void never_released(int *lock, int *out)
{
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    out[threadIdx.x] = 1; /* the lock is never given back */
}

int main()
{
    int *lock, *out;
    CHECK(cudaMalloc(&lock, sizeof(int)));
    CHECK(cudaMalloc(&out, 32 * sizeof(int)));
    CHECK(cudaMemset(lock, 0, sizeof(int)));
    if (ON_SIMT) {
        never_released<<<1, 32>>>(lock, out);
        EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
    }
    return cudart_finish("cudart.error.watchdog");
}
