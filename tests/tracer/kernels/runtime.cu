#include "common.h"
/* Device runtime: printf (vprintf), malloc/free. */
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void *malloc(unsigned long);
extern "C" __device__ void free(void *);
extern "C" __global__ void hello(int *out, int **keep)
{
    int t = TID_X;
    printf("t=%d f=%.2f s=%s c=%c ll=%lld x=%04x\n", t, 1.5 * t, "ok", 'A' + t,
           (long long)t << 40, t * 255);
    int *p = (int *)malloc(16);
    keep[t] = p; /* escapes: the allocation cannot be optimised away */
    p[0] = t * 3;
    p[3] = t;
    out[t] = p[0] + p[3];
    free(p);
}
