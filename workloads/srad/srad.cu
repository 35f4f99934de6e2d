/*
 * srad - speckle-reducing anisotropic diffusion of an image, after Rodinia's srad (v2)
 * (Che et al., IISWC 2009; seed 003 Table 4.1 "SRAD", image processing, source [7];
 * algorithm: Yu & Acton, IEEE Trans. Image Processing 2002). Per iteration the host takes
 * the speckle statistic q0^2 = var/mean^2 of a region of interest; srad_cuda_1 computes
 * per pixel the four one-sided differences (edges clamped), the instantaneous coefficient
 * of variation q^2 = (G2/2 - L^2/16) / (1 + L/4)^2 and the diffusion coefficient
 * c = 1 / (1 + (q^2 - q0^2) / (q0^2 (1 + q0^2))) clamped to [0, 1]; srad_cuda_2 forms the
 * divergence D = cN dN + cS dS + cW dW + cE dE (c of the pixel for N and W, of the south and
 * east neighbours for S and E) and updates J += lambda/4 D. Both kernels stage 16x16 tiles
 * in shared memory; the tile-border threads fetch the neighbour pixels from global memory.
 * Divergence: tile-border and image-border threads take the extra loads and clamps; the
 * clamp of c. Seed 003: medium predicted speedup, few hazards.
 * Input: J = exp(I) with I uniform in [0, 1) (as Rodinia), lambda 0.5, ROI = the top-left
 * quarter (Rodinia: rows/cols 0..127).
 * Sizes: tiny 64x64, 2 iterations; small 512x512, 2; default 2048x2048, 2 (Rodinia's run).
 */
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "../common/workload_util.h"

/* xorshift32: the deterministic input generator. */
inline uint32_t rng_next(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

/* Uniform in [0, 1) with 24 random bits. */
inline float rng_float(uint32_t *s)
{
    return (float)(rng_next(s) >> 8) * (1.0f / 16777216.0f);
}

/* |got - want| <= atol + rtol * |want| */
inline int close_enough(double got, double want, double atol, double rtol)
{
    return fabs(got - want) <= atol + rtol * fabs(want);
}

#define BS 16

__global__ void srad_cuda_1(const float *J, float *dN, float *dS, float *dW, float *dE, float *C,
                            int rows, int cols, float q0sqr)
{
    __shared__ float t[BS + 2][BS + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BS + tx, y = blockIdx.y * BS + ty;
    int idx = y * cols + x;
    float jc = J[idx];
    t[ty + 1][tx + 1] = jc;
    if (ty == 0)
        t[0][tx + 1] = J[(y > 0 ? y - 1 : 0) * cols + x];
    if (ty == BS - 1)
        t[BS + 1][tx + 1] = J[(y < rows - 1 ? y + 1 : rows - 1) * cols + x];
    if (tx == 0)
        t[ty + 1][0] = J[y * cols + (x > 0 ? x - 1 : 0)];
    if (tx == BS - 1)
        t[ty + 1][BS + 1] = J[y * cols + (x < cols - 1 ? x + 1 : cols - 1)];
    __syncthreads();
    float n = t[ty][tx + 1] - jc, s = t[ty + 2][tx + 1] - jc;
    float w = t[ty + 1][tx] - jc, e = t[ty + 1][tx + 2] - jc;
    float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    float l = (n + s + w + e) / jc;
    float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
    float den = 1.0f + 0.25f * l;
    float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
    float c = 1.0f / (1.0f + den);
    if (c < 0.0f)
        c = 0.0f;
    else if (c > 1.0f)
        c = 1.0f;
    dN[idx] = n;
    dS[idx] = s;
    dW[idx] = w;
    dE[idx] = e;
    C[idx] = c;
}

__global__ void srad_cuda_2(float *J, const float *dN, const float *dS, const float *dW,
                            const float *dE, const float *C, int rows, int cols, float lambda)
{
    __shared__ float c[BS + 1][BS + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BS + tx, y = blockIdx.y * BS + ty;
    int idx = y * cols + x;
    c[ty][tx] = C[idx];
    if (ty == BS - 1)
        c[BS][tx] = C[(y < rows - 1 ? y + 1 : rows - 1) * cols + x];
    if (tx == BS - 1)
        c[ty][BS] = C[y * cols + (x < cols - 1 ? x + 1 : cols - 1)];
    __syncthreads();
    float cc = c[ty][tx];
    float d = cc * dN[idx] + c[ty + 1][tx] * dS[idx] + cc * dW[idx] + c[ty][tx + 1] * dE[idx];
    J[idx] += 0.25f * lambda * d;
}

static float roi_q0sqr(const float *J, int cols, int r1, int r2, int c1, int c2)
{
    double sum = 0.0, sum2 = 0.0;
    for (int i = r1; i <= r2; i++)
        for (int j = c1; j <= c2; j++) {
            sum += J[i * cols + j];
            sum2 += (double)J[i * cols + j] * J[i * cols + j];
        }
    double sz = (double)(r2 - r1 + 1) * (c2 - c1 + 1);
    double mean = sum / sz, var = sum2 / sz - mean * mean;
    return (float)(var / (mean * mean));
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 64 : size == 1 ? 512 : 2048;
    const int rows = n, cols = n, iters = 2;
    const float lambda = 0.5f;
    const int r2 = n / 2 - 1, c2 = n / 2 - 1;
    size_t cells = (size_t)rows * cols;
    float *J = (float *)malloc(cells * sizeof(float));
    float *ref = (float *)malloc(cells * sizeof(float));
    float *rc = (float *)malloc(cells * sizeof(float));
    float *out = (float *)malloc(cells * sizeof(float));
    uint32_t seed = 0x5a4d5a4du;
    for (size_t i = 0; i < cells; i++)
        J[i] = expf(rng_float(&seed));
    memcpy(ref, J, cells * sizeof(float));

    float *d_J, *d_n, *d_s, *d_w, *d_e, *d_c;
    float **bufs[6] = {&d_J, &d_n, &d_s, &d_w, &d_e, &d_c};
    for (int b = 0; b < 6; b++)
        CK(cudaMalloc((void **)bufs[b], cells * sizeof(float)));
    CK(cudaMemcpy(d_J, J, cells * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(cols / BS, rows / BS), block(BS, BS);
    int bad = 0;
    for (int it = 0; it < iters; it++) {
        /* the statistic from the GPU's current image (copied back as Rodinia does) */
        CK(cudaMemcpy(out, d_J, cells * sizeof(float), cudaMemcpyDeviceToHost));
        float q0 = roi_q0sqr(out, cols, 0, r2, 0, c2);
        srad_cuda_1<<<grid, block>>>(d_J, d_n, d_s, d_w, d_e, d_c, rows, cols, q0);
        CK_LAUNCH();
        srad_cuda_2<<<grid, block>>>(d_J, d_n, d_s, d_w, d_e, d_c, rows, cols, lambda);
        CK_LAUNCH();
        /* CPU reference step from the CPU's image */
        float q0r = roi_q0sqr(ref, cols, 0, r2, 0, c2);
        for (int y = 0; y < rows; y++)
            for (int x = 0; x < cols; x++) {
                float jc = ref[y * cols + x];
                float dn = ref[(y > 0 ? y - 1 : 0) * cols + x] - jc;
                float ds = ref[(y < rows - 1 ? y + 1 : rows - 1) * cols + x] - jc;
                float dw = ref[y * cols + (x > 0 ? x - 1 : 0)] - jc;
                float de = ref[y * cols + (x < cols - 1 ? x + 1 : cols - 1)] - jc;
                double g2 = ((double)dn * dn + ds * ds + dw * dw + de * de) / ((double)jc * jc);
                double l = ((double)dn + ds + dw + de) / jc;
                double num = 0.5 * g2 - l * l / 16.0, den = 1.0 + 0.25 * l;
                double q = num / (den * den);
                double c = 1.0 / (1.0 + (q - q0r) / (q0r * (1.0 + q0r)));
                rc[y * cols + x] = (float)(c < 0.0 ? 0.0 : c > 1.0 ? 1.0 : c);
            }
        for (int y = 0; y < rows; y++)
            for (int x = 0; x < cols; x++) {
                int i = y * cols + x;
                float jc = ref[i];
                float dn = ref[(y > 0 ? y - 1 : 0) * cols + x] - jc;
                float ds = ref[(y < rows - 1 ? y + 1 : rows - 1) * cols + x] - jc;
                float dw = ref[y * cols + (x > 0 ? x - 1 : 0)] - jc;
                float de = ref[y * cols + (x < cols - 1 ? x + 1 : cols - 1)] - jc;
                float cs = rc[(y < rows - 1 ? y + 1 : rows - 1) * cols + x];
                float ce = rc[y * cols + (x < cols - 1 ? x + 1 : cols - 1)];
                double d =
                    (double)rc[i] * dn + (double)cs * ds + (double)rc[i] * dw + (double)ce * de;
                out[i] = (float)(jc + 0.25 * lambda * d); /* staged: J is updated after */
            }
        memcpy(ref, out, cells * sizeof(float));
    }
    CK(cudaMemcpy(out, d_J, cells * sizeof(float), cudaMemcpyDeviceToHost));
    double maxdiff = 0.0;
    for (size_t i = 0; i < cells; i++) {
        double d = fabs(out[i] - ref[i]);
        maxdiff = d > maxdiff ? d : maxdiff;
        if (!close_enough(out[i], ref[i], 1e-4, 1e-4) && bad++ < 5)
            fprintf(stderr, "J[%zu] = %.6f, want %.6f\n", i, out[i], ref[i]);
    }
    printf("srad: %dx%d, %d iterations, max |diff| %.3g\n", rows, cols, iters, maxdiff);
    for (int b = 0; b < 6; b++)
        CK(cudaFree(*bufs[b]));
    free(J);
    free(ref);
    free(rc);
    free(out);
    if (bad) {
        printf("srad: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("srad: PASS\n");
    return 0;
}
