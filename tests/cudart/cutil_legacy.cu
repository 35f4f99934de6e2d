/* cudart.cutil: an old-style (CUDA 2.x SDK) program: cutil macros and timers, legacy
 * synchronisation calls, texture-free kernels with __mul24 indexing. */
#include <cutil_inline.h>
#include <stdio.h>

#define N 512

__global__ void saxpy(float a, const float *x, float *y, int n)
{
    int i = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv)
{
    CUT_DEVICE_INIT(argc, argv);
    unsigned int timer = 0;
    CUT_SAFE_CALL(cutCreateTimer(&timer));
    CUT_SAFE_CALL(cutStartTimer(timer));

    float hx[N], hy[N], ref[N];
    for (int i = 0; i < N; i++) {
        hx[i] = (float)i;
        hy[i] = 1.0f;
        ref[i] = 2.0f * hx[i] + hy[i];
    }
    float *dx, *dy;
    CUDA_SAFE_CALL(cudaMalloc((void **)&dx, sizeof hx));
    cutilSafeCall(cudaMalloc((void **)&dy, sizeof hy));
    CUDA_SAFE_CALL(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
    cutilSafeCall(cudaMemcpy(dy, hy, sizeof hy, cudaMemcpyHostToDevice));
    dim3 grid(N / 128), block(128);
    saxpy<<<grid, block>>>(2.0f, dx, dy, N);
    CUT_CHECK_ERROR("saxpy failed");
    cutilCheckMsg("saxpy failed");
    CUDA_SAFE_CALL(cudaThreadSynchronize());
    cutilDeviceSynchronize();
    CUDA_SAFE_CALL(cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost));

    CUT_SAFE_CALL(cutStopTimer(timer));
    float ms = cutGetTimerValue(timer);
    CUT_SAFE_CALL(cutDeleteTimer(timer));
    CUTBoolean ok = cutComparef(ref, hy, N);
    CUTBoolean ok2 = cutCompareL2fe(ref, hy, N, 1e-6f);
    CUDA_SAFE_CALL(cudaFree(dx));
    CUDA_SAFE_CALL(cudaFree(dy));
    CUDA_SAFE_CALL(cudaThreadExit());
    printf("cudart.cutil: %s (%s)\n", ok && ok2 && ms >= 0.0f ? "PASS" : "FAILED",
           cutCheckCmdLineFlag(argc, (const char **)argv, "noprompt") ? "noprompt" : "prompt");
    return ok && ok2 ? 0 : 1;
}
