/* cudart.api.device_reset: cudaDeviceReset destroys everything the process created on the
 * device and the program goes on using CUDA: pointers, streams, events and arrays from before
 * the reset are rejected with an error, __device__ variables are back at their initial
 * values, a sticky error is cleared, and kernels of the registered module run again.
 * Run with a trace (cudart.trace.device_reset), the launches before the first reset go to
 * SIMT_TRACE, those after it (the faulted part is discarded) to SIMT_TRACE's ".1" name. */
#include <cstring>
#include "cudart_check.h"

__device__ int bias = 7;

__global__ void add_bias(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] += bias;
}

__global__ void bump_bias()
{
    bias += 1;
}

__global__ void write_far(int *a)
{
    a[1 << 26] = 1; /* 256 MiB past a small allocation: an illegal address */
}

static const int N = 1000;

/* Runs add_bias on a fresh allocation of 0..N-1 and checks every element is i + want. */
static void run_add_bias(int want, cudaStream_t stream)
{
    static int h[N];
    for (int i = 0; i < N; i++)
        h[i] = i;
    int *d = NULL;
    CHECK(cudaMalloc(&d, sizeof h));
    CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    add_bias<<<(N + 255) / 256, 256, 0, stream>>>(d, N);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    memset(h, 0, sizeof h);
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += h[i] != i + want;
    EXPECT(bad == 0);
    CHECK(cudaFree(d));
}

int main()
{
    /* State before the reset: memory, a changed __device__ variable, handles. */
    int h[N];
    for (int i = 0; i < N; i++)
        h[i] = i;
    int *old = NULL;
    CHECK(cudaMalloc(&old, sizeof h));
    CHECK(cudaMemcpy(old, h, sizeof h, cudaMemcpyHostToDevice));
    int *managed = NULL;
    CHECK(cudaMallocManaged(&managed, 64));
    bump_bias<<<1, 1>>>();
    CHECK(cudaGetLastError());
    int b = 0;
    CHECK(cudaMemcpyFromSymbol(&b, bias, sizeof b));
    EXPECT(b == 8);
    cudaStream_t s;
    cudaEvent_t ev;
    cudaArray_t arr;
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaEventCreate(&ev));
    cudaChannelFormatDesc desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    CHECK(cudaMallocArray(&arr, &desc, 16, 1, 0));
    size_t free0 = 0, total = 0;
    CHECK(cudaMemGetInfo(&free0, &total));
    EXPECT(free0 < total);
    EXPECT_ERR(cudaSetDevice(5), cudaErrorInvalidDevice); /* a pending non-sticky error */

    CHECK(cudaDeviceReset());
    /* the last error stays until it is read, as on a GPU */
    EXPECT_ERR(cudaPeekAtLastError(), cudaErrorInvalidDevice);

    /* Everything from before is gone and rejected with an error (no crash). */
    EXPECT_ERR(cudaMemcpy(h, old, sizeof h, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemcpy(old, h, sizeof h, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemset(old, 0, sizeof h), cudaErrorInvalidValue);
    EXPECT_ERR(cudaFree(old), cudaErrorInvalidValue);
    EXPECT_ERR(cudaFree(managed), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGetLastError(), cudaSuccess);
    EXPECT_ERR(cudaStreamSynchronize(s), cudaErrorInvalidResourceHandle);
    EXPECT_ERR(cudaStreamDestroy(s), cudaErrorInvalidResourceHandle);
    /* this runtime says the handle is not live; a GPU names the destroyed context (an H200
     * said cudaErrorDeviceUninitialized or cudaErrorContextIsDestroyed, not always alike) */
    if (ON_SIMT) {
        EXPECT_ERR(cudaEventRecord(ev, 0), cudaErrorInvalidResourceHandle);
        EXPECT_ERR(cudaEventDestroy(ev), cudaErrorInvalidResourceHandle);
        EXPECT_ERR(cudaFreeArray(arr), cudaErrorInvalidValue);
    } else {
        EXPECT(cudaEventRecord(ev, 0) != cudaSuccess);
        EXPECT(cudaEventDestroy(ev) != cudaSuccess);
        EXPECT(cudaFreeArray(arr) != cudaSuccess);
    }
    add_bias<<<1, 32, 0, s>>>(old, 32);
    EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidResourceHandle);
    size_t free1 = 0;
    CHECK(cudaMemGetInfo(&free1, &total));
    EXPECT(ON_SIMT ? free1 == total : free1 > free0); /* a GPU keeps some memory for itself */

    /* The module is loaded again: __device__ variables have their initial values. */
    CHECK(cudaMemcpyFromSymbol(&b, bias, sizeof b));
    EXPECT(b == 7);
    run_add_bias(7, 0);

    /* A kernel fault makes the error sticky; a reset ends that (the last error is read once
     * more). An H200 (CUDA 13, in a virtual machine) then refused the new context
     * (cudaErrorDevicesUnavailable): its setting, not modelled. */
    int *small = NULL;
    CHECK(cudaMalloc(&small, 16));
    write_far<<<1, 1>>>(small);
    EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    int *x = NULL;
    EXPECT_ERR(cudaMalloc(&x, 16), cudaErrorIllegalAddress);
    CHECK(cudaDeviceReset());
    EXPECT_ERR(cudaGetLastError(), cudaErrorIllegalAddress);
    EXPECT_ERR(cudaGetLastError(), cudaSuccess);

    /* New handles work after the reset. */
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaEventCreate(&ev));
    CHECK(cudaEventRecord(ev, s));
    run_add_bias(7, s);
    CHECK(cudaEventSynchronize(ev));
    CHECK(cudaEventDestroy(ev));
    CHECK(cudaStreamDestroy(s));
    return cudart_finish("cudart.api.device_reset");
}
