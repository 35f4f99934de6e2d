#include "common.h"
/* Shared-memory tree reduction with barriers; dynamic shared memory; barrier counting. */
extern "C" __global__ void reduce(const int *in, int *out)
{
    __shared__ int buf[256];
    int t = TID_X;
    buf[t] = in[CTAID_X * NTID_X + t];
    SYNC();
    for (int s = NTID_X / 2; s > 0; s >>= 1) {
        if (t < s)
            buf[t] += buf[t + s];
        SYNC();
    }
    if (t == 0)
        out[CTAID_X] = buf[0];
}
extern __shared__ float dyn[];
extern "C" __global__ void dynshared(float *out)
{
    int t = TID_X;
    dyn[t] = t * 2.0f;
    SYNC();
    out[t] = dyn[NTID_X - 1 - t];
    int c = __nvvm_bar0_popc(t % 3 == 0);
    int a = __nvvm_bar0_and(t < 1000);
    int o = __nvvm_bar0_or(t == 5);
    out[NTID_X + t] = (float)(c * 100 + a * 10 + o);
}
/* a barrier inside a called function, shared memory passed as a generic pointer */
__attribute__((noinline)) __device__ int sync_helper(int *s, int t)
{
    s[t] = t * 2;
    SYNC();
    return s[(t + 1) % NTID_X];
}
extern "C" __global__ void sync_in_call(int *out)
{
    __shared__ int s[128];
    out[TID_X] = sync_helper(s, TID_X);
}
/* __launch_bounds__: attribute and launch check */
extern "C" __global__ void __attribute__((launch_bounds(64))) bounded(int *out)
{
    out[TID_X] = 1;
}
