/* cudart.api.launch: kernel parameters of every kind (scalars, structs, pointers, many
 * parameters), 3D grids and blocks, dynamic shared memory, templates, cudaLaunchKernel,
 * streams (in order) and events with cudaEventElapsedTime. */
#include "cudart_check.h"

struct Params {
    int a;
    double b;
    char c;
    float4 v;
};

__global__ void params_kernel(int *out, Params p, char c, short s, long long ll, double d,
                              unsigned char uc, float f, int3 i3)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        out[0] = p.a;
        out[1] = (int)p.b;
        out[2] = p.c;
        out[3] = (int)(p.v.x + p.v.y + p.v.z + p.v.w);
        out[4] = c;
        out[5] = s;
        out[6] = (int)(ll >> 32);
        out[7] = (int)d;
        out[8] = uc;
        out[9] = (int)f;
        out[10] = i3.x + i3.y + i3.z;
    }
}

__global__ void index_kernel(int *out, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < nx && y < ny && z < nz)
        out[(z * ny + y) * nx + x] = x + 100 * y + 10000 * z + gridDim.x * 0 + warpSize * 0;
}

extern __shared__ float dyn[];
__global__ void dyn_shared(float *out, int n)
{
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        dyn[i] = (float)i;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0;
        for (int i = 0; i < n; i++)
            s += dyn[i];
        out[blockIdx.x] = s;
    }
}

template <typename T, int K> __global__ void add_k(T *p)
{
    p[threadIdx.x] += (T)K;
}

__global__ void step(int *p, int v)
{
    p[threadIdx.x] = p[threadIdx.x] * 2 + v;
}

int main()
{
    int *out;
    CHECK(cudaMalloc(&out, 64 * sizeof(int)));
    Params p = {7, 8.5, 9, make_float4(1, 2, 3, 4)};
    params_kernel<<<1, 32>>>(out, p, (char)-3, (short)-300, 5ll << 32, 11.9, (unsigned char)200,
                             12.5f, make_int3(1, 2, 3));
    CHECK(cudaGetLastError());
    int h[64];
    CHECK(cudaMemcpy(h, out, 11 * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 7 && h[1] == 8 && h[2] == 9 && h[3] == 10);
    EXPECT(h[4] == -3 && h[5] == -300 && h[6] == 5 && h[7] == 11);
    EXPECT(h[8] == 200 && h[9] == 12 && h[10] == 6);

    /* explicit cudaLaunchKernel with the same argument array layout */
    int *cnt;
    CHECK(cudaMalloc(&cnt, 32 * sizeof(int)));
    CHECK(cudaMemset(cnt, 0, 32 * sizeof(int)));
    int v = 5;
    void *args[] = {&cnt, &v};
    CHECK(cudaLaunchKernel((const void *)step, dim3(1), dim3(32), args, 0, 0));
    int hc[32];
    CHECK(cudaMemcpy(hc, cnt, sizeof hc, cudaMemcpyDeviceToHost));
    EXPECT(hc[0] == 5 && hc[31] == 5);

    /* 3D grid */
    const int nx = 10, ny = 6, nz = 3;
    int *grid3;
    CHECK(cudaMalloc(&grid3, nx * ny * nz * sizeof(int)));
    index_kernel<<<dim3(3, 2, 2), dim3(4, 4, 2)>>>(grid3, nx, ny, nz);
    CHECK(cudaGetLastError());
    int hg[nx * ny * nz];
    CHECK(cudaMemcpy(hg, grid3, sizeof hg, cudaMemcpyDeviceToHost));
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++)
                EXPECT(hg[(z * ny + y) * nx + x] == x + 100 * y + 10000 * z);

    /* dynamic shared memory */
    float *sums;
    CHECK(cudaMalloc(&sums, 4 * sizeof(float)));
    dyn_shared<<<4, 64, 300 * sizeof(float)>>>(sums, 300);
    CHECK(cudaGetLastError());
    float hs[4];
    CHECK(cudaMemcpy(hs, sums, sizeof hs, cudaMemcpyDeviceToHost));
    for (int b = 0; b < 4; b++)
        EXPECT(hs[b] == 299.0f * 300.0f / 2.0f);

    /* templates */
    float *tf;
    CHECK(cudaMalloc(&tf, 8 * sizeof(float)));
    CHECK(cudaMemset(tf, 0, 8 * sizeof(float)));
    add_k<float, 3><<<1, 8>>>(tf);
    add_k<float, 4><<<1, 8>>>(tf);
    float htf[8];
    CHECK(cudaMemcpy(htf, tf, sizeof htf, cudaMemcpyDeviceToHost));
    EXPECT(htf[0] == 7.0f && htf[7] == 7.0f);

    /* streams run in order; events time them */
    cudaStream_t s1, s2;
    cudaEvent_t e0, e1;
    CHECK(cudaStreamCreate(&s1));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreateWithFlags(&e1, cudaEventDefault));
    CHECK(cudaMemset(cnt, 0, 32 * sizeof(int)));
    CHECK(cudaEventRecord(e0, s1));
    step<<<1, 32, 0, s1>>>(cnt, 1);
    step<<<1, 32, 0, s1>>>(cnt, 2);
    CHECK(cudaStreamWaitEvent(s2, e0, 0));
    step<<<1, 32, 0, s2>>>(cnt, 3);
    CHECK(cudaEventRecord(e1, s2));
    CHECK(cudaMemcpyAsync(hc, cnt, sizeof hc, cudaMemcpyDeviceToHost, s2));
    CHECK(cudaStreamSynchronize(s1));
    CHECK(cudaStreamSynchronize(s2));
    CHECK(cudaEventSynchronize(e1));
    EXPECT(cudaStreamQuery(s1) == cudaSuccess);
    EXPECT(cudaEventQuery(e1) == cudaSuccess);
    EXPECT(hc[0] == ((1 * 2 + 2) * 2 + 3) && hc[31] == 11);
    float ms = -1;
    CHECK(cudaEventElapsedTime(&ms, e0, e1));
    EXPECT(ms >= 0.0f);
    CHECK(cudaEventDestroy(e0));
    CHECK(cudaEventDestroy(e1));
    CHECK(cudaStreamDestroy(s1));
    CHECK(cudaStreamDestroy(s2));

    CHECK(cudaFree(out));
    CHECK(cudaFree(cnt));
    CHECK(cudaFree(grid3));
    CHECK(cudaFree(sums));
    CHECK(cudaFree(tf));
    return cudart_finish("cudart.api.launch");
}
