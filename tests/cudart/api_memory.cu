/* cudart.api.memory: cudaMalloc/Free, MallocHost/FreeHost/HostAlloc, MallocPitch,
 * MallocManaged, Memcpy (all kinds, Async, 2D), Memset, MemGetInfo, and the checks on bad
 * pointers and sizes. */
#include <cstdint>
#include <cstring>
#include "cudart_check.h"

__global__ void scale(float *p, int n, float f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= f;
}

__global__ void fill_rows(char *base, size_t pitch, int width, int height)
{
    int x = threadIdx.x, y = blockIdx.x;
    if (x < width && y < height)
        base[y * pitch + x] = (char)(y * 16 + x);
}

int main()
{
    const int n = 1000;
    float h[n], back[n];
    for (int i = 0; i < n; i++)
        h[i] = (float)i;

    /* device memory, all copy kinds */
    float *d = nullptr, *d2 = nullptr;
    CHECK(cudaMalloc((void **)&d, n * sizeof(float)));
    CHECK(cudaMalloc(&d2, n * sizeof(float)));
    EXPECT(d != nullptr && d2 != nullptr && d != d2);
    EXPECT(((uintptr_t)d & 255) == 0);
    CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    scale<<<(n + 127) / 128, 128>>>(d, n, 2.0f);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(d2, d, sizeof h, cudaMemcpyDeviceToDevice));
    CHECK(cudaMemcpy(back, d2, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        EXPECT(back[i] == 2.0f * i);
    float hh[4] = {1, 2, 3, 4}, hh2[4] = {0, 0, 0, 0};
    CHECK(cudaMemcpy(hh2, hh, sizeof hh, cudaMemcpyHostToHost));
    EXPECT(hh2[3] == 4.0f);
    CHECK(cudaMemcpy(d, hh, sizeof hh, cudaMemcpyDefault));
    CHECK(cudaMemcpy(hh2, d, sizeof hh, cudaMemcpyDefault));
    EXPECT(hh2[2] == 3.0f);
    CHECK(cudaMemcpyAsync(back, d, sizeof hh, cudaMemcpyDeviceToHost, 0));
    CHECK(cudaDeviceSynchronize());
    EXPECT(back[1] == 2.0f);

    /* memset */
    CHECK(cudaMemset(d, 0, n * sizeof(float)));
    CHECK(cudaMemcpy(back, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(back[0] == 0.0f && back[n - 1] == 0.0f);
    CHECK(cudaMemset(d, 0xff, 8));
    unsigned int words[2];
    CHECK(cudaMemcpy(words, d, 8, cudaMemcpyDeviceToHost));
    EXPECT(words[0] == 0xffffffffu && words[1] == 0xffffffffu);

    /* errors: out of bounds, bad direction, bad free */
    EXPECT_ERR(cudaMemcpy(d, h, (n + 1) * sizeof(float), cudaMemcpyHostToDevice),
               cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaSuccess);
    EXPECT_ERR(cudaMemcpy(back, h, 4, (cudaMemcpyKind)7), cudaErrorInvalidMemcpyDirection);
    EXPECT_ERR(cudaMemcpy(h, back, 4, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemset(d + n, 0, 4), cudaErrorInvalidValue);
    EXPECT_ERR(cudaFree(h), cudaErrorInvalidValue);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue ? cudaSuccess : cudaErrorUnknown);
    CHECK(cudaFree(nullptr));

    /* pitched 2D */
    char *p2 = nullptr;
    size_t pitch = 0;
    const int w = 20, hgt = 5;
    CHECK(cudaMallocPitch((void **)&p2, &pitch, w, hgt));
    EXPECT(pitch >= (size_t)w);
    fill_rows<<<hgt, 32>>>(p2, pitch, w, hgt);
    CHECK(cudaGetLastError());
    char host2d[hgt][w];
    CHECK(cudaMemcpy2D(host2d, w, p2, pitch, w, hgt, cudaMemcpyDeviceToHost));
    for (int y = 0; y < hgt; y++)
        for (int x = 0; x < w; x++)
            EXPECT(host2d[y][x] == (char)(y * 16 + x));
    EXPECT_ERR(cudaMemcpy2D(host2d, w, p2, pitch, pitch + 1, hgt, cudaMemcpyDeviceToHost),
               cudaErrorInvalidPitchValue);
    cudaGetLastError();

    /* host (pinned) and managed memory: usable by host code and kernels */
    float *pinned = nullptr, *mapped = nullptr, *managed = nullptr;
    CHECK(cudaMallocHost((void **)&pinned, 16 * sizeof(float)));
    CHECK(cudaHostAlloc((void **)&mapped, 16 * sizeof(float), cudaHostAllocMapped));
    CHECK(cudaMallocManaged(&managed, 16 * sizeof(float)));
    unsigned hflags = 99;
    CHECK(cudaHostGetFlags(&hflags, mapped));
    EXPECT(hflags & cudaHostAllocMapped);
    CHECK(cudaHostGetFlags(&hflags, pinned));
    EXPECT((hflags & ~(unsigned)cudaHostAllocMapped) == cudaHostAllocDefault);
    EXPECT_ERR(cudaHostGetFlags(&hflags, managed), cudaErrorInvalidValue);
    cudaGetLastError();
    for (int i = 0; i < 16; i++)
        pinned[i] = mapped[i] = managed[i] = (float)i;
    float *mapped_dev = nullptr;
    CHECK(cudaHostGetDevicePointer((void **)&mapped_dev, mapped, 0));
    scale<<<1, 16>>>(managed, 16, 3.0f);
    scale<<<1, 16>>>(mapped_dev, 16, 4.0f);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 16; i++) {
        EXPECT(managed[i] == 3.0f * i);
        EXPECT(mapped[i] == 4.0f * i);
    }
    CHECK(cudaMemcpy(d, pinned, 16 * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaFreeHost(pinned));
    CHECK(cudaFreeHost(mapped));
    CHECK(cudaFree(managed));
    EXPECT_ERR(cudaFreeHost(d), cudaErrorInvalidValue);
    cudaGetLastError();

    size_t free_b = 0, total_b = 0, free_after = 0;
    CHECK(cudaMemGetInfo(&free_b, &total_b));
    EXPECT(total_b > 0 && free_b <= total_b);
    void *big = nullptr;
    CHECK(cudaMalloc(&big, 1 << 20));
    CHECK(cudaMemGetInfo(&free_after, &total_b));
    /* exactly the size here; a GPU allocates from larger pages, which may be there already */
    EXPECT(free_b - free_after == (size_t)1 << 20 || !ON_SIMT);
    CHECK(cudaFree(big));
    CHECK(cudaMemGetInfo(&free_after, &total_b));
    EXPECT(free_after == free_b);

    CHECK(cudaFree(d));
    CHECK(cudaFree(d2));
    CHECK(cudaFree(p2));
    EXPECT(cudaGetLastError() == cudaSuccess);
    return cudart_finish("cudart.api.memory");
}
