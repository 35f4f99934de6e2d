#include "common.h"
/* Recursion and calls. */
__attribute__((noinline)) __device__ unsigned fib(unsigned n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
typedef int (*binop)(int, int);
__attribute__((noinline)) __device__ int op_add(int a, int b) { return a + b; }
__attribute__((noinline)) __device__ int op_mul(int a, int b) { return a * b; }
__attribute__((noinline)) __device__ int op_sub(int a, int b) { return a - b; }
__device__ binop ops[3] = {op_add, op_mul, op_sub};

struct pair {
    int a;
    double b;
};
__attribute__((noinline)) __device__ pair mkpair(int x)
{
    pair p;
    p.a = x * 3;
    p.b = x * 0.5;
    return p;
}
__attribute__((noinline)) __device__ int sum_local(int n)
{
    volatile int arr[16];
    for (int i = 0; i < 16; i++)
        arr[i] = i * n;
    int s = 0;
    for (int i = 0; i < 16; i++)
        s += arr[(i * 7) % 16];
    return s;
}
extern "C" __global__ void calls(int *out)
{
    int t = TID_X;
    out[t * 5 + 0] = (int)fib(t % 12);
    out[t * 5 + 1] = ops[t % 3](t, 7);
    pair p = mkpair(t);
    out[t * 5 + 2] = p.a + (int)(p.b * 2);
    out[t * 5 + 3] = sum_local(t);
    out[t * 5 + 4] = (int)AMASK();
}
/* a struct passed by value (byval kernel parameter in the parameter window) */
struct S {
    int a;
    float b;
    double c;
    int arr[5];
};
extern "C" __global__ void byval_k(S s, int *out)
{
    int t = TID_X;
    out[t] = s.a + s.arr[t % 5] + (int)s.c + (int)s.b;
}
