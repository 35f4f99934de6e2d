/* cudart.curand.device: curand_init/curand/curand_uniform/curand_normal on the device give
 * the sequence that the same header computes in host code (curand_ref.cpp, plain C++: the
 * reference steps the generator explicitly instead of using curand_init's subsequence). */
#include <cmath>
#include <curand_kernel.h>
#include "cudart_check.h"

void curand_reference(unsigned long long seed, int t, unsigned *u, float *f, float *g);

__global__ void draw(unsigned *u, float *f, float *g, unsigned long long seed)
{
    int t = threadIdx.x;
    curandState s;
    curand_init(seed, t, 3, &s);
    u[t] = curand(&s);
    f[t] = curand_uniform(&s);
    g[t] = curand_normal(&s);
}

int main()
{
    const int n = 64;
    unsigned *du;
    float *df, *dg;
    CHECK(cudaMalloc(&du, n * sizeof(unsigned)));
    CHECK(cudaMalloc(&df, n * sizeof(float)));
    CHECK(cudaMalloc(&dg, n * sizeof(float)));
    draw<<<1, n>>>(du, df, dg, 1234ull);
    CHECK(cudaGetLastError());
    unsigned hu[n];
    float hf[n], hg[n];
    CHECK(cudaMemcpy(hu, du, sizeof hu, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hg, dg, sizeof hg, cudaMemcpyDeviceToHost));
    for (int t = 0; t < n; t++) {
        unsigned u;
        float f, g;
        curand_reference(1234ull, t, &u, &f, &g);
        EXPECT(hu[t] == u);
        EXPECT(hf[t] == f && f > 0.0f && f <= 1.0f);
        EXPECT(fabsf(hg[t] - g) <= 1e-5f * (1.0f + fabsf(g)));
    }
    CHECK(cudaFree(du));
    CHECK(cudaFree(df));
    CHECK(cudaFree(dg));
    return cudart_finish("cudart.curand.device");
}
