#include "common.h"
/* Kernels with bugs the tracer must report (compiled with -g for source lines). */
extern "C" __device__ void __assertfail(const char *msg, const char *file, unsigned line,
                                        const char *func, unsigned long size);
extern "C" __global__ void oob(int *a, int n)
{
    int i = CTAID_X * NTID_X + TID_X;
    a[i] = i; /* no bounds check: threads >= n write past the allocation */
}
extern "C" __global__ void misaligned(char *p)
{
    int *q = (int *)(p + 1 + TID_X * 4);
    *q = 5;
}
extern "C" __global__ void shared_overflow(int *out, int k)
{
    extern __shared__ int dsm[];
    dsm[TID_X + k] = 1;
    out[TID_X] = dsm[TID_X];
}
extern "C" __global__ void divergent_barrier(int *out)
{
    if (TID_X < 16)
        SYNC();
    out[TID_X] = 1;
}
extern "C" __global__ void partial_barrier(int *out)
{
    /* warp 0 waits at barrier 0, warp 1 at barrier 1: each is reached by part of the CTA,
     * neither can complete */
    __nvvm_barrier_sync(TID_X >= 32);
    out[TID_X] = 1;
}
extern "C" __global__ void trapper(int *out)
{
    if (TID_X == 3)
        __builtin_trap();
    out[TID_X] = 1;
}
extern "C" __global__ void asserter(int *out)
{
    if (out[TID_X] != 0)
        __assertfail("out[threadIdx.x] == 0", "errors.cu", 47, "asserter", 1);
    out[TID_X] = 2;
}
extern "C" __global__ void nullptr_write(int *out)
{
    int *p = out[0] == 12345 ? out : (int *)0;
    p[TID_X] = 1;
}
extern "C" __global__ void use_after_free(int *p)
{
    p[TID_X] = 1;
}
__attribute__((noinline)) __device__ int deep(int n)
{
    volatile char buf[512];
    buf[n % 512] = (char)n;
    return n == 0 ? buf[0] : deep(n - 1) + buf[n % 512];
}
extern "C" __global__ void stack_overflow(int *out, int n)
{
    out[TID_X] = deep(n);
}
extern "C" __global__ void oob_inlined(int *a, int n)
{
    int i = global_tid() + n; /* the first instructions come from common.h */
    a[i] = i;                 /* line 68: the location the error must name */
}
