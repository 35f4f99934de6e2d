/* cudart.launch_ex: CUDA 12's extensible launch. cudaLaunchKernelEx (the C++ template: the
 * arguments converted to the kernel's parameter types, as <<<>>> converts them) and
 * cudaLaunchKernelExC with a configuration's grid, block, dynamic shared memory and stream;
 * the attributes a program sets (cooperative, priority, a cluster of one block, programmatic
 * stream serialisation) accepted; clusters of several blocks refused here (thread block
 * clusters are not modelled; an sm_90 GPU runs them); an unknown attribute and a NULL
 * configuration refused; cudaFuncGetName; the device side of programmatic dependent launch. Prints
 * "cudart.launch_ex: PASS". */
#include <cstring>
#include "cudart_check.h"

__global__ void axpb(float *y, const float *x, float a, int b, int n)
{
    extern __shared__ float tile[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    if (i < n)
        y[i] = a * tile[threadIdx.x] + (float)b;
}

/* programmatic dependent launch: waits for the grid before it, lets the next one start */
__global__ void mark(int *flag)
{
    cudaGridDependencySynchronize();
    *flag = 42;
    cudaTriggerProgrammaticLaunchCompletion();
}

int main()
{
    const int n = 1000;
    float *x, *y;
    int *flag;
    CHECK(cudaMallocManaged(&x, n * sizeof(float)));
    CHECK(cudaMallocManaged(&y, n * sizeof(float)));
    CHECK(cudaMallocManaged(&flag, sizeof(int)));
    for (int i = 0; i < n; i++)
        x[i] = (float)i;
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));

    cudaLaunchAttribute attrs[4];
    memset(attrs, 0, sizeof attrs);
    attrs[0].id = cudaLaunchAttributeCooperative;
    attrs[0].val.cooperative = 1;
    attrs[1].id = cudaLaunchAttributePriority;
    attrs[1].val.priority = 0;
    attrs[2].id = cudaLaunchAttributeClusterDimension;
    attrs[2].val.clusterDim.x = attrs[2].val.clusterDim.y = attrs[2].val.clusterDim.z = 1;
    attrs[3].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attrs[3].val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.gridDim = dim3((n + 127) / 128);
    cfg.blockDim = dim3(128);
    cfg.dynamicSmemBytes = 128 * sizeof(float);
    cfg.stream = s;
    cfg.attrs = attrs;
    cfg.numAttrs = 4;
    /* 2.5 (double) and 7L (long) convert to the kernel's float and int */
    CHECK(cudaLaunchKernelEx(&cfg, axpb, y, (const float *)x, 2.5, 7L, n));
    CHECK(cudaStreamSynchronize(s));
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += y[i] != 2.5f * (float)i + 7.0f;
    EXPECT(bad == 0);

    /* the C form, with no attributes, on the default stream */
    cudaLaunchConfig_t one;
    memset(&one, 0, sizeof one);
    one.gridDim = dim3(1);
    one.blockDim = dim3(1);
    void *args[] = {&flag};
    CHECK(cudaLaunchKernelExC(&one, (const void *)mark, args));
    CHECK(cudaDeviceSynchronize());
    EXPECT(*flag == 42);

    /* refused: a NULL configuration, an unknown attribute; clusters here */
    EXPECT_ERR(cudaLaunchKernelExC(NULL, (const void *)mark, args), cudaErrorInvalidValue);
    cudaGetLastError();
    cudaLaunchAttribute odd;
    memset(&odd, 0, sizeof odd);
    odd.id = (cudaLaunchAttributeID)99;
    one.attrs = &odd;
    one.numAttrs = 1;
    EXPECT_ERR(cudaLaunchKernelExC(&one, (const void *)mark, args), cudaErrorInvalidValue);
    cudaGetLastError();
    if (ON_SIMT) {
        attrs[2].val.clusterDim.x = 2;
        cfg.gridDim = dim3(8);
        EXPECT_ERR(cudaLaunchKernelEx(&cfg, axpb, y, (const float *)x, 1.0f, 0, n),
                   cudaErrorNotSupported);
        cudaGetLastError();
    }

    const char *name = NULL;
    CHECK(cudaFuncGetName(&name, axpb));
    EXPECT(name && strstr(name, "axpb"));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaFree(x));
    CHECK(cudaFree(y));
    CHECK(cudaFree(flag));
    return cudart_finish("cudart.launch_ex");
}
