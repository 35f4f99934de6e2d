/* cudart.api.symbols: __constant__ and __device__ variables with cudaMemcpyToSymbol /
 * FromSymbol (offsets, Async, device-to-device), cudaGetSymbolAddress, cudaGetSymbolSize,
 * static initialisers, and the errors for unknown symbols and oversized copies. */
#include "cudart_check.h"

__constant__ float coef[16];
__constant__ int cinit[4] = {10, 20, 30, 40};
__device__ int counter;
__device__ float table[8] = {1, 2, 3, 4, 5, 6, 7, 8};

__global__ void use_symbols(float *out)
{
    int i = threadIdx.x;
    out[i] = coef[i] * table[i % 8] + cinit[i % 4];
    atomicAdd(&counter, 1);
}

int main()
{
    float hc[16];
    for (int i = 0; i < 16; i++)
        hc[i] = (float)i;
    CHECK(cudaMemcpyToSymbol(coef, hc, sizeof hc));
    float two[2] = {100, 200};
    CHECK(cudaMemcpyToSymbol(coef, two, sizeof two, 4 * sizeof(float), cudaMemcpyHostToDevice));
    int zero = 0;
    CHECK(cudaMemcpyToSymbolAsync(counter, &zero, sizeof zero, 0, cudaMemcpyHostToDevice, 0));

    float *out;
    CHECK(cudaMalloc(&out, 16 * sizeof(float)));
    use_symbols<<<1, 16>>>(out);
    CHECK(cudaGetLastError());
    float h[16];
    CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 16; i++) {
        float c = i == 4 ? 100.0f : i == 5 ? 200.0f : (float)i;
        EXPECT(h[i] == c * (float)(i % 8 + 1) + (float)(10 * (i % 4 + 1)));
    }
    int cnt = 0;
    CHECK(cudaMemcpyFromSymbol(&cnt, counter, sizeof cnt));
    EXPECT(cnt == 16);
    float t3 = 0;
    CHECK(cudaMemcpyFromSymbol(&t3, table, sizeof t3, 2 * sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT(t3 == 3.0f);

    /* the symbol's device address works with plain copies and kernels */
    float *table_dev = nullptr;
    size_t table_size = 0;
    CHECK(cudaGetSymbolAddress((void **)&table_dev, table));
    CHECK(cudaGetSymbolSize(&table_size, table));
    EXPECT(table_dev != nullptr && table_size == 8 * sizeof(float));
    float ht[8];
    CHECK(cudaMemcpy(ht, table_dev, sizeof ht, cudaMemcpyDeviceToHost));
    EXPECT(ht[0] == 1.0f && ht[7] == 8.0f);
    CHECK(cudaMemcpyToSymbol(coef, out, 16 * sizeof(float), 0, cudaMemcpyDeviceToDevice));
    float back[16];
    CHECK(cudaMemcpyFromSymbol(back, coef, sizeof back));
    EXPECT(back[1] == h[1] && back[15] == h[15]);

    /* errors */
    float not_a_symbol[4];
    EXPECT_ERR(cudaMemcpyToSymbol(not_a_symbol, hc, 4), cudaErrorInvalidSymbol);
    EXPECT_ERR(cudaMemcpyToSymbol(coef, hc, 17 * sizeof(float)), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemcpyFromSymbol(hc, table, 4, 8 * sizeof(float)), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    CHECK(cudaFree(out));
    return cudart_finish("cudart.api.symbols");
}
