// cudart.cufft: the cuFFT subset (tracer/cufft) against a direct DFT on the host in double
// precision - 1D batched C2C of power-of-two and other lengths, in place, forward/inverse round
// trips, a 2D R2C/C2R pair, a 3D C2C of mixed lengths, an advanced data layout (strides and
// distances), double precision (Z2Z, D2Z, Z2D), a caller-supplied work area, and the documented
// errors. Prints "cudart.cufft: PASS".
#include <cufft.h>
#include <helper_cuda.h>
#include <math.h>
#include <stdio.h>
#include <vector>

#include "cudart_check.h"

typedef std::vector<double> dvec; // interleaved re, im

// the unnormalised DFT along every dimension of `batch` row-major transforms of sizes n[]
static dvec ref_dft(const dvec &x, int rank, const int *n, int batch, int sign)
{
    dvec a = x;
    long N = 1;
    for (int d = 0; d < rank; d++)
        N *= n[d];
    long s = 1;
    for (int d = rank - 1; d >= 0; d--) {
        const int L = n[d];
        dvec b(a.size());
        for (long e = 0; e < N * batch; e++) {
            const long t = e % N, bb = e / N;
            const int j = (int)((t / s) % L);
            const long base = bb * N + (t / (s * L)) * (s * L) + t % s;
            double re = 0, im = 0;
            for (int k = 0; k < L; k++) {
                const double ang = sign * 2 * M_PI * (double)((long)j * k % L) / L;
                const double xr = a[2 * (base + k * s)], xi = a[2 * (base + k * s) + 1];
                re += xr * cos(ang) - xi * sin(ang);
                im += xr * sin(ang) + xi * cos(ang);
            }
            b[2 * e] = re;
            b[2 * e + 1] = im;
        }
        a = b;
        s *= L;
    }
    return a;
}

static unsigned seed = 1;
static double rnd()
{
    seed = seed * 1103515245u + 12345u;
    return ((seed >> 9) & 0xffff) / 32768.0 - 1.0;
}

// largest |got - want| over the largest |want|
template <typename T> static double rel_err(const std::vector<T> &got, const dvec &want)
{
    double e = 0, m = 1e-30;
    for (size_t i = 0; i < want.size(); i++) {
        e = fmax(e, fabs((double)got[i] - want[i]));
        m = fmax(m, fabs(want[i]));
    }
    return e / m;
}

// C2C (float) of `batch` transforms of sizes n[]: forward against the reference, then the
// inverse of the result gives N x the input
static void c2c(int rank, const int *n, int batch, bool in_place)
{
    long N = 1;
    for (int d = 0; d < rank; d++)
        N *= n[d];
    std::vector<float> x(2 * N * batch);
    dvec xd(x.size());
    for (size_t i = 0; i < x.size(); i++)
        xd[i] = x[i] = (float)rnd();
    float *din = cudart_dev(x), *dout = in_place ? din : cudart_dev(x);
    cufftHandle p;
    EXPECT(cufftPlanMany(&p, rank, (int *)n, NULL, 1, 0, NULL, 1, 0, CUFFT_C2C, batch) ==
           CUFFT_SUCCESS);
    EXPECT(cufftExecC2C(p, (cufftComplex *)din, (cufftComplex *)dout, CUFFT_FORWARD) ==
           CUFFT_SUCCESS);
    const double e = rel_err(cudart_host(dout, x.size()), ref_dft(xd, rank, n, batch, -1));
    if (e > 2e-6 * log2((double)N + 1))
        printf("c2c rank %d n0 %d batch %d: error %g\n", rank, n[0], batch, e);
    EXPECT(e <= 2e-6 * log2((double)N + 1));
    EXPECT(cufftExecC2C(p, (cufftComplex *)dout, (cufftComplex *)dout, CUFFT_INVERSE) ==
           CUFFT_SUCCESS);
    dvec back(xd.size());
    for (size_t i = 0; i < back.size(); i++)
        back[i] = xd[i] * (double)N;
    EXPECT(rel_err(cudart_host(dout, x.size()), back) <= 4e-6 * log2((double)N + 1));
    EXPECT(cufftDestroy(p) == CUFFT_SUCCESS);
    cudaFree(din);
    if (!in_place)
        cudaFree(dout);
}

int main()
{
    int v = 0;
    EXPECT(cufftGetVersion(&v) == CUFFT_SUCCESS && v == CUFFT_VERSION);
    const int n256[1] = {256}, n100[1] = {100}, n64[1] = {64}, n3d[3] = {8, 4, 6};
    c2c(1, n256, 3, false); // radix-2 passes, a batch
    c2c(1, n100, 2, false); // direct DFT
    c2c(1, n64, 1, true);   // in place
    c2c(3, n3d, 2, false);  // mixed lengths in three dimensions

    // 2D R2C (16 x 12: the 12 contiguous) and C2R back
    {
        const int nx = 16, ny = 12, h = ny / 2 + 1;
        std::vector<float> x(nx * ny);
        dvec xc(2 * nx * ny, 0.0);
        for (int i = 0; i < nx * ny; i++)
            xc[2 * i] = x[i] = (float)rnd();
        const int n[2] = {nx, ny};
        const dvec X = ref_dft(xc, 2, n, 1, -1);
        float *dx = cudart_dev(x);
        cufftComplex *dX;
        cudaMalloc(&dX, nx * h * sizeof(cufftComplex));
        cufftHandle p, q;
        checkCudaErrors(cufftPlan2d(&p, nx, ny, CUFFT_R2C));
        EXPECT(cufftExecR2C(p, dx, dX) == CUFFT_SUCCESS);
        std::vector<float> got = cudart_host((float *)dX, 2 * nx * h);
        dvec want(2 * nx * h);
        for (int i = 0; i < nx; i++)
            for (int j = 0; j < h; j++)
                for (int c = 0; c < 2; c++)
                    want[2 * (i * h + j) + c] = X[2 * (i * ny + j) + c];
        EXPECT(rel_err(got, want) <= 1e-5);
        if (ON_SIMT) /* refused here; cuFFT does not check (an H200 ran it, over dX) */
            EXPECT(cufftExecC2C(p, dX, dX, CUFFT_FORWARD) == CUFFT_INVALID_TYPE);
        checkCudaErrors(cufftPlan2d(&q, nx, ny, CUFFT_C2R));
        EXPECT(cufftExecC2R(q, dX, dx) == CUFFT_SUCCESS);
        dvec back(nx * ny);
        for (int i = 0; i < nx * ny; i++)
            back[i] = x[i] * (double)(nx * ny);
        EXPECT(rel_err(cudart_host(dx, nx * ny), back) <= 1e-5);
        cufftDestroy(p);
        cufftDestroy(q);
        cudaFree(dx);
        cudaFree(dX);
    }

    // advanced layout: 3 transforms of 32, input every 2nd complex element 70 apart, output
    // packed 40 apart
    {
        const int n = 32, batch = 3, istride = 2, idist = 70, odist = 40;
        std::vector<float> in(2 * idist * batch), out(2 * odist * batch, 7.f);
        dvec xd(2 * n * batch);
        for (int b = 0; b < batch; b++)
            for (int k = 0; k < n; k++)
                for (int c = 0; c < 2; c++)
                    xd[2 * (b * n + k) + c] = in[2 * (b * idist + k * istride) + c] = (float)rnd();
        const dvec X = ref_dft(xd, 1, &n, batch, -1);
        float *din = cudart_dev(in), *dout = cudart_dev(out);
        int nn[1] = {n}, emb_in[1] = {idist}, emb_out[1] = {odist};
        cufftHandle p;
        EXPECT(cufftPlanMany(&p, 1, nn, emb_in, istride, idist, emb_out, 1, odist, CUFFT_C2C,
                             batch) == CUFFT_SUCCESS);
        EXPECT(cufftExecC2C(p, (cufftComplex *)din, (cufftComplex *)dout, CUFFT_FORWARD) ==
               CUFFT_SUCCESS);
        std::vector<float> got = cudart_host(dout, out.size());
        std::vector<float> packed(2 * n * batch);
        bool gaps = true;
        for (int b = 0; b < batch; b++) {
            for (int k = 0; k < 2 * n; k++)
                packed[2 * n * b + k] = got[2 * odist * b + k];
            for (int k = 2 * n; k < 2 * odist; k++)
                gaps = gaps && got[2 * odist * b + k] == 7.f; // between transforms: untouched
        }
        EXPECT(gaps);
        EXPECT(rel_err(packed, X) <= 1e-5);
        cufftDestroy(p);
        cudaFree(din);
        cudaFree(dout);
    }

    // double precision: Z2Z of 128, D2Z of 50 and Z2D back
    {
        const int n = 128;
        dvec x(2 * n);
        for (auto &e : x)
            e = rnd();
        double *d = cudart_dev(x);
        cufftHandle p;
        checkCudaErrors(cufftPlan1d(&p, n, CUFFT_Z2Z, 1));
        EXPECT(cufftExecZ2Z(p, (cufftDoubleComplex *)d, (cufftDoubleComplex *)d, CUFFT_INVERSE) ==
               CUFFT_SUCCESS);
        EXPECT(rel_err(cudart_host(d, 2 * n), ref_dft(x, 1, &n, 1, +1)) <= 1e-13);
        cufftDestroy(p);
        cudaFree(d);
        const int m = 50, h = m / 2 + 1;
        dvec r(m), rc(2 * m, 0.0);
        for (int i = 0; i < m; i++)
            rc[2 * i] = r[i] = rnd();
        const dvec R = ref_dft(rc, 1, &m, 1, -1);
        double *dr = cudart_dev(r);
        cufftDoubleComplex *dR;
        cudaMalloc(&dR, h * sizeof(cufftDoubleComplex));
        cufftHandle a, b;
        checkCudaErrors(cufftPlan1d(&a, m, CUFFT_D2Z, 1));
        checkCudaErrors(cufftPlan1d(&b, m, CUFFT_Z2D, 1));
        EXPECT(cufftExecD2Z(a, dr, dR) == CUFFT_SUCCESS);
        const dvec want(R.begin(), R.begin() + 2 * h);
        EXPECT(rel_err(cudart_host((double *)dR, 2 * h), want) <= 1e-13);
        EXPECT(cufftExecZ2D(b, dR, dr) == CUFFT_SUCCESS);
        dvec back(m);
        for (int i = 0; i < m; i++)
            back[i] = r[i] * m;
        EXPECT(rel_err(cudart_host(dr, m), back) <= 1e-13);
        cufftDestroy(a);
        cufftDestroy(b);
        cudaFree(dr);
        cudaFree(dR);
    }

    // a work area supplied by the caller; errors
    {
        cufftHandle p;
        size_t ws = 0;
        EXPECT(cufftCreate(&p) == CUFFT_SUCCESS);
        EXPECT(cufftSetAutoAllocation(p, 0) == CUFFT_SUCCESS);
        EXPECT(cufftMakePlan1d(p, 16, CUFFT_C2C, 1, &ws) == CUFFT_SUCCESS);
        EXPECT(ws > 0 || !ON_SIMT); /* cuFFT needs none for 16 points (an H200: 0 bytes) */
        EXPECT_EQ(cufftMakePlan1d(p, 16, CUFFT_C2C, 1, &ws), CUFFT_INVALID_PLAN);
        std::vector<float> x(32, 0.f);
        for (int i = 0; i < 16; i++)
            x[2 * i] = 1.f; // 16 x (1 + 0i)
        float *d = cudart_dev(x);
        if (ws > 0)
            EXPECT_EQ(cufftExecC2C(p, (cufftComplex *)d, (cufftComplex *)d, CUFFT_FORWARD),
                      CUFFT_NO_WORKSPACE);
        void *work;
        cudaMalloc(&work, ws);
        EXPECT(cufftSetWorkArea(p, work) == CUFFT_SUCCESS);
        EXPECT(cufftExecC2C(p, (cufftComplex *)d, (cufftComplex *)d, CUFFT_FORWARD) ==
               CUFFT_SUCCESS);
        std::vector<float> X = cudart_host(d, 32); // all ones: 16 at 0, zero elsewhere
        EXPECT(fabs(X[0] - 16.f) < 1e-5f && fabs(X[1]) < 1e-5f && fabs(X[2]) < 1e-5f);
        EXPECT_EQ(cufftExecC2C(p, (cufftComplex *)d, (cufftComplex *)d, 0), CUFFT_INVALID_VALUE);
        cufftDestroy(p);
        cudaFree(work);
        cudaFree(d);
        EXPECT(cufftPlan1d(&p, 0, CUFFT_C2C, 1) == CUFFT_INVALID_SIZE);
        EXPECT(cufftPlan1d(&p, 8, (cufftType)0x7, 1) == CUFFT_INVALID_TYPE);
        EXPECT(cufftExecC2C(12345, NULL, NULL, CUFFT_FORWARD) == CUFFT_INVALID_PLAN);
        EXPECT(cufftDestroy(12345) == CUFFT_INVALID_PLAN);
    }
    return cudart_finish("cudart.cufft");
}
