// cudart.wmma: nvcuda::wmma (mma.h) on the 16 x 16 x 16 shape - a 32 x 48 by 48 x 32 product
// tiled over four warps (A row-major, B column-major, C loaded row-major, D stored
// column-major), with float and with half accumulators, against the host (products of halves
// are exact in float; the sums may differ in rounding order only). Prints
// "cudart.wmma: PASS".
#include <cuda_fp16.h>
#include <math.h>
#include <mma.h>
#include <vector>

#include "cudart_check.h"

using namespace nvcuda;

enum { M = 32, N = 32, K = 48 };

// one warp per 16 x 16 tile of D; warp w: tile row w / 2, tile column w % 2
template <class TC> __global__ void gemm(const half *a, const half *b, const TC *c, TC *d)
{
    const int w = threadIdx.x / 32, ti = w / 2, tj = w % 2;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, TC> acc;
    wmma::load_matrix_sync(acc, c + ti * 16 * N + tj * 16, N, wmma::mem_row_major);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(fa, a + ti * 16 * K + k, K); // A: M x K row-major
        wmma::load_matrix_sync(fb, b + tj * 16 * K + k, K); // B: K x N column-major
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(d + tj * 16 * M + ti * 16, acc, M, wmma::mem_col_major);
}

__global__ void filled(float *out)
{
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0); // an int converts, as in CUDA
    for (int j = 0; j < acc.num_elements; j++)
        acc.x[j] += 2.5f;
    wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
}

template <class TC> static void run(double tol)
{
    std::vector<half> a(M * K), b(K * N);
    std::vector<TC> c(M * N), d(M * N);
    std::vector<float> af(M * K), bf(K * N), cf(M * N);
    unsigned s = 5;
    for (int i = 0; i < M * K; i++) {
        s = s * 1664525u + 1013904223u;
        a[i] = __float2half(((s >> 12) % 64) / 16.0f - 2.0f); // exact in half
        af[i] = __half2float(a[i]);
    }
    for (int i = 0; i < K * N; i++) {
        s = s * 1664525u + 1013904223u;
        b[i] = __float2half(((s >> 12) % 32) / 8.0f - 2.0f);
        bf[i] = __half2float(b[i]);
    }
    for (int i = 0; i < M * N; i++) {
        c[i] = (TC)(float)(i % 7 - 3);
        cf[i] = (float)(i % 7 - 3);
    }
    half *da, *db;
    TC *dc, *dd;
    CHECK(cudaMalloc(&da, a.size() * sizeof(half)));
    CHECK(cudaMalloc(&db, b.size() * sizeof(half)));
    CHECK(cudaMalloc(&dc, c.size() * sizeof(TC)));
    CHECK(cudaMalloc(&dd, d.size() * sizeof(TC)));
    CHECK(cudaMemcpy(da, a.data(), a.size() * sizeof(half), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b.data(), b.size() * sizeof(half), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dc, c.data(), c.size() * sizeof(TC), cudaMemcpyHostToDevice));
    gemm<TC><<<1, 128>>>(da, db, dc, dd);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(d.data(), dd, d.size() * sizeof(TC), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double want = cf[i * N + j];
            for (int k = 0; k < K; k++)
                want += (double)af[i * K + k] * bf[j * K + k]; // B column-major
            const double got = (float)d[j * M + i];            // D stored column-major
            bad += fabs(got - want) > tol * (1 + fabs(want));
        }
    EXPECT(bad == 0);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    cudaFree(dd);
}

int main()
{
    run<float>(1e-6);
    run<half>(2e-3); // the sum rounded to half at the end
    float *d, h[256];
    CHECK(cudaMalloc(&d, sizeof h));
    filled<<<1, 32>>>(d);
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < 256; i++)
        bad += h[i] != 2.5f;
    EXPECT(bad == 0);
    return cudart_finish("cudart.wmma");
}
