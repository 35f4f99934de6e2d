/* cudart.host_math: a .cu that includes <cmath> and calls the C math names unqualified in
 * host code and device code, as nvcc accepts (isfinite, isnan, isinf, signbit on double). */
#include <cmath>
#include <cstdio>

__global__ void classify(const double *x, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = isfinite(x[i]) * 1 + isnan(x[i]) * 2 + isinf(x[i]) * 4 + signbit(x[i]) * 8;
}

int main()
{
    const int n = 4;
    double h[n] = {1.5, NAN, -INFINITY, -0.0};
    int want[n], got[n];
    for (int i = 0; i < n; i++)
        want[i] = isfinite(h[i]) * 1 + isnan(h[i]) * 2 + isinf(h[i]) * 4 + signbit(h[i]) * 8;
    double *dx;
    int *dout;
    cudaMalloc(&dx, sizeof h);
    cudaMalloc(&dout, sizeof got);
    cudaMemcpy(dx, h, sizeof h, cudaMemcpyHostToDevice);
    classify<<<1, 32>>>(dx, dout, n);
    cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (got[i] != want[i] || (i == 0 && want[i] != 1) || (i == 3 && want[i] != 9)) {
            printf("x[%d]: device %d host %d\n", i, got[i], want[i]);
            bad = 1;
        }
    printf("cudart.host_math: %s\n", bad ? "FAIL" : "PASS");
    return bad;
}
