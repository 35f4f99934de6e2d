#include "common.h"
extern "C" __global__ void vecadd(const float *a, const float *b, float *c, int n)
{
    int i = CTAID_X * NTID_X + TID_X;
    if (i < n)
        c[i] = a[i] + b[i];
}
