// cudart.cublas: the cuBLAS subset (tracer/cublas) against host references computed in double
// precision - helpers and strided copies, level 1 (with negative increments, both pointer
// modes, ties and empty vectors), level 2, level 3 (every transpose pair on sizes that are not
// multiples of the 16 x 16 tile, beta 0 over NaNs, batched and strided batched, geam) - and
// the argument errors cuBLAS documents; helper_cuda.h's checkCudaErrors on cuBLAS statuses
// (included first: the overload is found either way). Prints "cudart.cublas: PASS". With the
// argument "checkfail" it makes checkCudaErrors stop the program on a cuBLAS error.
#include <helper_cuda.h>
#include <cublas_v2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "cudart_check.h"

#define OK(call) EXPECT((call) == CUBLAS_STATUS_SUCCESS)

static double rnd(unsigned *s)
{
    *s = *s * 1664525u + 1013904223u;
    return ((*s >> 8) & 0xffff) / 32768.0 - 1.0;
}

static long vi(int i, int n, int inc) // BLAS element i of a strided vector
{
    return inc >= 0 ? (long)i * inc : (long)(n - 1 - i) * -inc;
}
static bool close(double got, double want, double tol)
{
    return fabs(got - want) <= tol * (1.0 + fabs(want));
}

// op(M)(i, l) of a column-major matrix
template <typename T> static double opel(const std::vector<T> &M, int ld, int t, int i, int l)
{
    return t ? (double)M[(size_t)i * ld + l] : (double)M[(size_t)l * ld + i];
}

template <typename T>
static void check_gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, double tol,
                       unsigned seed)
{
    const int m = 37, n = 29, k = 23;
    const int ra = ta == CUBLAS_OP_N ? m : k, ca = ta == CUBLAS_OP_N ? k : m;
    const int rb = tb == CUBLAS_OP_N ? k : n, cb = tb == CUBLAS_OP_N ? n : k;
    const int lda = ra + 3, ldb = rb + 1, ldc = m + 2;
    std::vector<T> A((size_t)lda * ca), B((size_t)ldb * cb), C((size_t)ldc * n);
    for (auto &v : A)
        v = (T)rnd(&seed);
    for (auto &v : B)
        v = (T)rnd(&seed);
    for (auto &v : C)
        v = (T)rnd(&seed);
    const T alpha = (T)1.5, beta = (T)-0.5;
    T *dA = cudart_dev(A), *dB = cudart_dev(B), *dC = cudart_dev(C);
    cublasStatus_t st;
    if (sizeof(T) == 4)
        st = cublasSgemm(h, ta, tb, m, n, k, (const float *)&alpha, (const float *)dA, lda,
                         (const float *)dB, ldb, (const float *)&beta, (float *)dC, ldc);
    else
        st = cublasDgemm(h, ta, tb, m, n, k, (const double *)&alpha, (const double *)dA, lda,
                         (const double *)dB, ldb, (const double *)&beta, (double *)dC, ldc);
    EXPECT(st == CUBLAS_STATUS_SUCCESS);
    std::vector<T> R = cudart_host(dC, C.size());
    int bad = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < ldc; i++) {
            double want = C[(size_t)j * ldc + i]; // rows past m stay as they were
            if (i < m) {
                double acc = 0;
                for (int l = 0; l < k; l++)
                    acc += opel(A, lda, ta != CUBLAS_OP_N, i, l) *
                           opel(B, ldb, tb != CUBLAS_OP_N, l, j);
                want = alpha * acc + beta * want;
            }
            bad += !close(R[(size_t)j * ldc + i], want, tol);
        }
    if (bad)
        printf("gemm<%zu> ta=%d tb=%d: %d elements wrong\n", sizeof(T), ta, tb, bad);
    EXPECT(bad == 0);
    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
}

static void test_helpers()
{
    cublasHandle_t h;
    OK(cublasCreate(&h));
    int v = 0;
    OK(cublasGetVersion(h, &v));
    EXPECT(v == CUBLAS_VERSION && v > 0);
    EXPECT(
        !strcmp(cublasGetStatusName(CUBLAS_STATUS_INVALID_VALUE), "CUBLAS_STATUS_INVALID_VALUE"));
    EXPECT(strlen(cublasGetStatusString(CUBLAS_STATUS_NOT_INITIALIZED)) > 0);
    cudaStream_t s, g;
    cudaStreamCreate(&s);
    OK(cublasSetStream(h, s));
    OK(cublasGetStream(h, &g));
    EXPECT(g == s);
    OK(cublasSetStream(h, 0));
    cudaStreamDestroy(s);
    cublasPointerMode_t pm;
    OK(cublasGetPointerMode(h, &pm));
    EXPECT(pm == CUBLAS_POINTER_MODE_HOST);
    EXPECT(cublasSetPointerMode(h, (cublasPointerMode_t)7) == CUBLAS_STATUS_INVALID_VALUE);
    OK(cublasSetMathMode(h, CUBLAS_TF32_TENSOR_OP_MATH));
    cublasMath_t mm;
    OK(cublasGetMathMode(h, &mm));
    EXPECT(mm == CUBLAS_TF32_TENSOR_OP_MATH);
    // strided vector copies (every 2nd host element into every 3rd device element and back)
    std::vector<float> x(20), back(20, -1.f);
    for (int i = 0; i < 20; i++)
        x[i] = (float)i;
    float *d;
    cudaMalloc(&d, 40 * sizeof(float));
    cudaMemset(d, 0, 40 * sizeof(float));
    OK(cublasSetVector(10, sizeof(float), x.data(), 2, d, 3));
    std::vector<float> dh = cudart_host(d, 40);
    for (int i = 0; i < 10; i++)
        EXPECT(dh[3 * i] == (float)(2 * i) && dh[3 * i + 1] == 0.f);
    OK(cublasGetVector(10, sizeof(float), d, 3, back.data(), 1));
    for (int i = 0; i < 10; i++)
        EXPECT(back[i] == (float)(2 * i));
    EXPECT(back[10] == -1.f);
    EXPECT(cublasSetVector(10, sizeof(float), x.data(), 0, d, 1) == CUBLAS_STATUS_INVALID_VALUE);
    // a 3 x 4 block of a host matrix (lda 5) into a device matrix (ldb 4) and back (ld 3)
    std::vector<double> M(5 * 4), Mb(3 * 4, 0);
    for (int i = 0; i < 20; i++)
        M[i] = i * 0.5;
    double *dm;
    cudaMalloc(&dm, 16 * sizeof(double));
    OK(cublasSetMatrix(3, 4, sizeof(double), M.data(), 5, dm, 4));
    OK(cublasGetMatrix(3, 4, sizeof(double), dm, 4, Mb.data(), 3));
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 3; i++)
            EXPECT(Mb[j * 3 + i] == M[j * 5 + i]);
    /* (before the failures below: cuBLAS's own runtime keeps their error pending, which an
     * H200 then reported as MAPPING_ERROR of the next copy) */
    EXPECT_EQ(cublasSetMatrixAsync(3, 4, sizeof(double), M.data(), 5, dm, 4, 0),
              CUBLAS_STATUS_SUCCESS);
    /* lda below the row count: the copy fails (cuBLAS says MAPPING_ERROR and leaves the
     * runtime's error pending) */
    EXPECT_EQ(cublasSetMatrix(3, 4, sizeof(double), M.data(), 2, dm, 4),
              CUBLAS_STATUS_MAPPING_ERROR);
    EXPECT_EQ(cublasSetMatrix(3, 4, sizeof(double), M.data(), 0, dm, 4),
              CUBLAS_STATUS_INVALID_VALUE);
    cudaGetLastError();
    cudaFree(d);
    cudaFree(dm);
    OK(cublasDestroy(h));
    EXPECT(cublasSgemm(NULL, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, NULL, NULL, 1, NULL, 1, NULL, NULL,
                       1) == CUBLAS_STATUS_NOT_INITIALIZED);
}

static void test_level1(cublasHandle_t h)
{
    unsigned seed = 7;
    const int n = 1000;
    std::vector<float> x(2 * n), y(3 * n);
    for (auto &v : x)
        v = (float)rnd(&seed);
    for (auto &v : y)
        v = (float)rnd(&seed);
    float *dx = cudart_dev(x), *dy = cudart_dev(y);
    // axpy with a negative increment for y: element i of y is y[(n-1-i)*3]
    const float alpha = 2.5f;
    OK(cublasSaxpy(h, n, &alpha, dx, 2, dy, -3));
    std::vector<float> r = cudart_host(dy, y.size());
    int bad = 0;
    for (int i = 0; i < n; i++) {
        long yi = vi(i, n, -3);
        bad += !close(r[yi], y[yi] + alpha * x[vi(i, n, 2)], 1e-6);
    }
    EXPECT(bad == 0);
    cudaMemcpy(dy, y.data(), y.size() * sizeof(float), cudaMemcpyHostToDevice);
    // dot, host and device pointer modes
    double want = 0, mag = 0;
    for (int i = 0; i < n; i++) {
        want += (double)x[vi(i, n, 2)] * y[vi(i, n, 3)];
        mag += fabs((double)x[vi(i, n, 2)] * y[vi(i, n, 3)]);
    }
    float got = 0;
    OK(cublasSdot(h, n, dx, 2, dy, 3, &got));
    EXPECT(fabs(got - want) <= 1e-5 * mag);
    float *dres;
    cudaMalloc(&dres, sizeof(float));
    OK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
    OK(cublasSdot(h, n, dx, 2, dy, 3, dres));
    float got2 = 0;
    cudaMemcpy(&got2, dres, sizeof got2, cudaMemcpyDeviceToHost);
    EXPECT(got2 == got); // same kernel, same order: bit for bit
    float *dalpha;
    cudaMalloc(&dalpha, sizeof(float));
    const float three = 3.f;
    cudaMemcpy(dalpha, &three, sizeof three, cudaMemcpyHostToDevice);
    OK(cublasSscal(h, n, dalpha, dx, 2)); // alpha read from device memory
    OK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
    r = cudart_host(dx, x.size());
    bad = 0;
    for (int i = 0; i < 2 * n; i++)
        bad += r[i] != (i % 2 ? x[i] : 3.f * x[i]);
    EXPECT(bad == 0);
    cudaMemcpy(dx, x.data(), x.size() * sizeof(float), cudaMemcpyHostToDevice);
    // nrm2 of values whose squares overflow float; asum; empty vectors
    std::vector<float> big = {3e20f, -4e20f, 0.f};
    float *db = cudart_dev(big);
    OK(cublasSnrm2(h, 3, db, 1, &got));
    EXPECT(close(got, 5e20, 1e-6));
    OK(cublasSasum(h, 3, db, 1, &got));
    EXPECT(close(got, 7e20, 1e-6));
    got = 9.f;
    OK(cublasSnrm2(h, 0, db, 1, &got));
    EXPECT(got == 0.f);
    // amax / amin: 1-based, the first of equal magnitudes
    std::vector<double> t = {1, -7, 3, 7, -0.5, 0.5, 2};
    double *dt = cudart_dev(t);
    int idx = 0;
    OK(cublasIdamax(h, 7, dt, 1, &idx));
    EXPECT(idx == 2);
    OK(cublasIdamin(h, 7, dt, 1, &idx));
    EXPECT(idx == 5);
    OK(cublasIdamax(h, 3, dt, 2, &idx)); // 1, 3, -0.5
    EXPECT(idx == 2);
    OK(cublasIdamax(h, 0, dt, 1, &idx));
    EXPECT(idx == 0);
    double dn = 0;
    OK(cublasDnrm2(h, 7, dt, 1, &dn));
    double w2 = 0;
    for (double v : t)
        w2 += v * v;
    EXPECT(close(dn, sqrt(w2), 1e-14));
    OK(cublasDasum(h, 7, dt, 1, &dn));
    EXPECT(dn == 21.0);
    // copy and swap (double, increments 1 and -1)
    double *dz;
    cudaMalloc(&dz, 7 * sizeof(double));
    OK(cublasDcopy(h, 7, dt, 1, dz, -1));
    std::vector<double> z = cudart_host(dz, 7);
    for (int i = 0; i < 7; i++)
        EXPECT(z[6 - i] == t[i]);
    OK(cublasDswap(h, 7, dt, 1, dz, 1));
    std::vector<double> t2 = cudart_host(dt, 7), z2 = cudart_host(dz, 7);
    for (int i = 0; i < 7; i++)
        EXPECT(t2[i] == t[6 - i] && z2[i] == t[i]);
    double dd = 0;
    OK(cublasDdot(h, 7, dt, 1, dz, 1, &dd));
    double wd = 0;
    for (int i = 0; i < 7; i++)
        wd += t[6 - i] * t[i];
    EXPECT(close(dd, wd, 1e-14));
    const double two = 2;
    OK(cublasDaxpy(h, 7, &two, dt, 1, dz, 1));
    z2 = cudart_host(dz, 7);
    for (int i = 0; i < 7; i++)
        EXPECT(z2[i] == t[i] + 2 * t[6 - i]);
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(dres);
    cudaFree(dalpha);
    cudaFree(db);
    cudaFree(dt);
    cudaFree(dz);
}

template <typename T> static void test_gemv(cublasHandle_t h, cublasOperation_t tr, double tol)
{
    unsigned seed = 11;
    const int m = 45, n = 33, lda = 50, incx = 2, incy = -1;
    const int nx = tr == CUBLAS_OP_N ? n : m, ny = tr == CUBLAS_OP_N ? m : n;
    std::vector<T> A((size_t)lda * n), x((size_t)nx * incx), y(ny);
    for (auto &v : A)
        v = (T)rnd(&seed);
    for (auto &v : x)
        v = (T)rnd(&seed);
    for (auto &v : y)
        v = (T)rnd(&seed);
    T *dA = cudart_dev(A), *dx = cudart_dev(x), *dy = cudart_dev(y);
    const T alpha = (T)-1.25, beta = (T)2;
    if (sizeof(T) == 4)
        OK(cublasSgemv(h, tr, m, n, (const float *)&alpha, (const float *)dA, lda,
                       (const float *)dx, incx, (const float *)&beta, (float *)dy, incy));
    else
        OK(cublasDgemv(h, tr, m, n, (const double *)&alpha, (const double *)dA, lda,
                       (const double *)dx, incx, (const double *)&beta, (double *)dy, incy));
    std::vector<T> r = cudart_host(dy, y.size());
    int bad = 0;
    for (int i = 0; i < ny; i++) {
        double acc = 0;
        for (int c = 0; c < nx; c++)
            acc += opel(A, lda, tr != CUBLAS_OP_N, i, c) * (double)x[vi(c, nx, incx)];
        const long yi = vi(i, ny, incy);
        bad += !close(r[yi], alpha * acc + beta * (double)y[yi], tol);
    }
    EXPECT(bad == 0);
    cudaFree(dA);
    cudaFree(dx);
    cudaFree(dy);
}

static void test_level2(cublasHandle_t h)
{
    test_gemv<float>(h, CUBLAS_OP_N, 1e-5);
    test_gemv<float>(h, CUBLAS_OP_T, 1e-5);
    test_gemv<double>(h, CUBLAS_OP_N, 1e-13);
    test_gemv<double>(h, CUBLAS_OP_C, 1e-13);
    // ger: A += alpha x y^T on a 5 x 4 block of a 7 x 4 matrix
    std::vector<float> A(7 * 4, 1.f), x = {1, 2, 3, 4, 5}, y = {1, -1, 2, -2};
    float *dA = cudart_dev(A), *dx = cudart_dev(x), *dy = cudart_dev(y);
    const float a = 0.5f;
    OK(cublasSger(h, 5, 4, &a, dx, 1, dy, 1, dA, 7));
    std::vector<float> r = cudart_host(dA, A.size());
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 7; i++)
            EXPECT(r[j * 7 + i] == (i < 5 ? 1.f + 0.5f * x[i] * y[j] : 1.f));
    EXPECT(cublasSger(h, 5, 4, &a, dx, 1, dy, 1, dA, 4) == CUBLAS_STATUS_INVALID_VALUE);
    cudaFree(dA);
    cudaFree(dx);
    cudaFree(dy);
}

static void test_level3(cublasHandle_t h)
{
    const cublasOperation_t ops[2] = {CUBLAS_OP_N, CUBLAS_OP_T};
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
            check_gemm<float>(h, ops[a], ops[b], 1e-5, 3 + a * 2 + b);
            check_gemm<double>(h, ops[a], ops[b], 1e-13, 5 + a * 2 + b);
        }
    // beta = 0: C is not read, so NaNs in it do not reach the result
    {
        const int m = 20, n = 18, k = 5;
        std::vector<float> A(m * k, 1.f), B(k * n, 2.f), C(m * n, NAN);
        float *dA = cudart_dev(A), *dB = cudart_dev(B), *dC = cudart_dev(C);
        const float one = 1.f, zero = 0.f;
        OK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dA, m, dB, k, &zero, dC, m));
        std::vector<float> r = cudart_host(dC, C.size());
        int bad = 0;
        for (float v : r)
            bad += v != 10.f;
        EXPECT(bad == 0);
        // argument errors: lda too small, unknown operation, negative size
        EXPECT(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dA, m - 1, dB, k, &zero, dC,
                           m) == CUBLAS_STATUS_INVALID_VALUE);
        EXPECT(cublasSgemm(h, (cublasOperation_t)9, CUBLAS_OP_N, m, n, k, &one, dA, m, dB, k, &zero,
                           dC, m) == CUBLAS_STATUS_INVALID_VALUE);
        EXPECT(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, -1, n, k, &one, dA, m, dB, k, &zero, dC,
                           m) == CUBLAS_STATUS_INVALID_VALUE);
        cudaFree(dA);
        cudaFree(dB);
        cudaFree(dC);
    }
    // strided batched and batched: 3 products of 9 x 7 by 7 x 5
    {
        const int m = 9, n = 5, k = 7, batch = 3;
        const long long sA = m * k + 4, sB = k * n, sC = m * n + 1;
        unsigned seed = 99;
        std::vector<float> A(sA * batch), B(sB * batch), C(sC * batch, 0.f);
        for (auto &v : A)
            v = (float)rnd(&seed);
        for (auto &v : B)
            v = (float)rnd(&seed);
        float *dA = cudart_dev(A), *dB = cudart_dev(B), *dC = cudart_dev(C), *dC2 = cudart_dev(C);
        const float one = 1.f, zero = 0.f;
        OK(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dA, m, sA, dB, k,
                                     sB, &zero, dC, m, sC, batch));
        std::vector<const float *> pa(batch), pb(batch);
        std::vector<float *> pc(batch);
        for (int z = 0; z < batch; z++) {
            pa[z] = dA + z * sA;
            pb[z] = dB + z * sB;
            pc[z] = dC2 + z * sC;
        }
        const float **dpa;
        const float **dpb;
        float **dpc;
        cudaMalloc(&dpa, batch * sizeof(float *));
        cudaMalloc(&dpb, batch * sizeof(float *));
        cudaMalloc(&dpc, batch * sizeof(float *));
        cudaMemcpy(dpa, pa.data(), batch * sizeof(float *), cudaMemcpyHostToDevice);
        cudaMemcpy(dpb, pb.data(), batch * sizeof(float *), cudaMemcpyHostToDevice);
        cudaMemcpy(dpc, pc.data(), batch * sizeof(float *), cudaMemcpyHostToDevice);
        OK(cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dpa, m, dpb, k, &zero,
                              dpc, m, batch));
        std::vector<float> r = cudart_host(dC, C.size()), r2 = cudart_host(dC2, C.size());
        int bad = 0;
        for (int z = 0; z < batch; z++)
            for (int j = 0; j < n; j++)
                for (int i = 0; i < m; i++) {
                    double acc = 0;
                    for (int l = 0; l < k; l++)
                        acc += (double)A[z * sA + l * m + i] * B[z * sB + j * k + l];
                    bad += !close(r[z * sC + j * m + i], acc, 1e-5);
                }
        EXPECT(bad == 0);
        EXPECT(r == r2);          // the same products through pointer arrays
        EXPECT(r[sC - 1] == 0.f); // the gap between batch entries is untouched
        cudaFree(dA);
        cudaFree(dB);
        cudaFree(dC);
        cudaFree(dC2);
        cudaFree(dpa);
        cudaFree(dpb);
        cudaFree(dpc);
    }
    // geam: C = 2 A^T - B, and its in-place rule
    {
        const int m = 6, n = 4;
        std::vector<double> A(n * m), B(m * n), C(m * n);
        for (int i = 0; i < n * m; i++) {
            A[i] = i;
            B[i] = 100 - i;
        }
        double *dA = cudart_dev(A), *dB = cudart_dev(B), *dC = cudart_dev(C);
        const double two = 2, mone = -1;
        OK(cublasDgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &two, dA, n, &mone, dB, m, dC, m));
        std::vector<double> r = cudart_host(dC, C.size());
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++)
                EXPECT(r[j * m + i] == 2 * A[i * n + j] - B[j * m + i]);
        EXPECT(cublasDgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &two, dA, n, &mone, dB, m, dA, m) ==
               CUBLAS_STATUS_INVALID_VALUE); // in place through a transpose
        OK(cublasDgeam(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, &two, dB, m, &mone, dC, m, dB, m));
        cudaFree(dA);
        cudaFree(dB);
        cudaFree(dC);
    }
}

int main(int argc, char **argv)
{
    cublasHandle_t h;
    checkCudaErrors(cublasCreate(&h));
    if (argc > 1 && !strcmp(argv[1], "checkfail")) {
        const float one = 1.f;
        checkCudaErrors(cudaDeviceSynchronize());
        checkCudaErrors(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, NULL, 1, NULL, 4,
                                    &one, NULL, 4)); // lda 1 < m: exits here
        printf("checkfail: not stopped\n");
        return 0;
    }
    test_helpers();
    test_level1(h);
    test_level2(h);
    test_level3(h);
    OK(cublasDestroy(h));
    return cudart_finish("cudart.cublas");
}
