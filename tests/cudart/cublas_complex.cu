/* cudart.cublas_complex: cublasCgemm / cublasZgemm (every pair of N, T and C = conjugate
 * transpose, several shapes that are and are not multiples of the 16 x 16 tile, k = 0, padded
 * leading dimensions, beta 0 over NaNs, alpha and beta in host and in device memory) and
 * cublasStrsm / cublasDtrsm (left and right, upper and lower, N / T / C, unit and non-unit
 * diagonal; the triangle that is not referenced holds NaNs) against host references in double
 * precision, plus their argument errors. Prints "cudart.cublas_complex: PASS". */
#include <cublas_v2.h>
#include <complex>
#include <math.h>
#include <stdio.h>
#include <vector>

#include "cudart_check.h"

#define OK(call) EXPECT_EQ((call), CUBLAS_STATUS_SUCCESS)

typedef std::complex<double> cd;

static double rnd(unsigned *s)
{
    *s = *s * 1664525u + 1013904223u;
    return ((*s >> 8) & 0xffff) / 32768.0 - 1.0;
}

// the cuComplex / cuDoubleComplex of a double complex, and back
template <typename C> static C mk(cd v);
template <> cuComplex mk<cuComplex>(cd v)
{
    return make_cuComplex((float)v.real(), (float)v.imag());
}
template <> cuDoubleComplex mk<cuDoubleComplex>(cd v)
{
    return make_cuDoubleComplex(v.real(), v.imag());
}
static cd un(cuComplex v)
{
    return cd(v.x, v.y);
}
static cd un(cuDoubleComplex v)
{
    return cd(v.x, v.y);
}

static cublasStatus_t xgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                            int n, int k, const cuComplex *al, const cuComplex *A, int lda,
                            const cuComplex *B, int ldb, const cuComplex *be, cuComplex *C, int ldc)
{
    return cublasCgemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc);
}
static cublasStatus_t xgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                            int n, int k, const cuDoubleComplex *al, const cuDoubleComplex *A,
                            int lda, const cuDoubleComplex *B, int ldb, const cuDoubleComplex *be,
                            cuDoubleComplex *C, int ldc)
{
    return cublasZgemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc);
}

// op(M)(i, l) of a column-major complex matrix
template <typename C>
static cd opel(const std::vector<C> &M, int ld, cublasOperation_t t, int i, int l)
{
    if (t == CUBLAS_OP_N)
        return un(M[(size_t)l * ld + i]);
    const cd v = un(M[(size_t)i * ld + l]);
    return t == CUBLAS_OP_C ? std::conj(v) : v;
}

static const cublasOperation_t ops[3] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};

template <typename C>
static void check_gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                       int k, bool devscalars, bool beta0, double tol, unsigned seed)
{
    const int ra = ta == CUBLAS_OP_N ? m : k, ca = ta == CUBLAS_OP_N ? k : m;
    const int rb = tb == CUBLAS_OP_N ? k : n, cb = tb == CUBLAS_OP_N ? n : k;
    const int lda = (ra > 1 ? ra : 1) + 3, ldb = (rb > 1 ? rb : 1) + 1, ldc = m + 2;
    std::vector<C> A((size_t)lda * (ca > 1 ? ca : 1)), B((size_t)ldb * (cb > 1 ? cb : 1)),
        Cm((size_t)ldc * n);
    for (auto &v : A)
        v = mk<C>(cd(rnd(&seed), rnd(&seed)));
    for (auto &v : B)
        v = mk<C>(cd(rnd(&seed), rnd(&seed)));
    for (size_t e = 0; e < Cm.size(); e++)
        Cm[e] =
            beta0 && e % ldc < (size_t)m ? mk<C>(cd(NAN, NAN)) : mk<C>(cd(rnd(&seed), rnd(&seed)));
    const cd alpha(1.5, -0.75), beta = beta0 ? cd(0, 0) : cd(-0.5, 0.25);
    const C al = mk<C>(alpha), be = mk<C>(beta);
    C *dA = cudart_dev(A), *dB = cudart_dev(B), *dC = cudart_dev(Cm), *ds = NULL;
    if (devscalars) {
        std::vector<C> sc = {al, be};
        ds = cudart_dev(sc);
        OK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
        OK(xgemm(h, ta, tb, m, n, k, ds, dA, lda, dB, ldb, ds + 1, dC, ldc));
        OK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
    } else {
        OK(xgemm(h, ta, tb, m, n, k, &al, dA, lda, dB, ldb, &be, dC, ldc));
    }
    std::vector<C> R = cudart_host(dC, Cm.size());
    int bad = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < ldc; i++) {
            cd want = un(Cm[(size_t)j * ldc + i]); // rows past m stay as they were
            if (i < m) {
                cd acc = 0;
                for (int l = 0; l < k; l++)
                    acc += opel(A, lda, ta, i, l) * opel(B, ldb, tb, l, j);
                want = beta0 ? alpha * acc : alpha * acc + beta * want;
            }
            const cd got = un(R[(size_t)j * ldc + i]);
            if (i >= m) // untouched padding, bit for bit (NaN-free there)
                bad += got != want;
            else
                bad += !(std::abs(got - want) <= tol * (1.0 + std::abs(want)));
        }
    if (bad)
        fprintf(stderr, "%cgemm %d%d %dx%dx%d dev=%d beta0=%d: %d bad elements\n",
                sizeof(C) == 8 ? 'C' : 'Z', ta, tb, m, n, k, devscalars, beta0, bad);
    EXPECT(bad == 0);
    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    cudaFree(ds);
}

static cublasStatus_t xtrsm(cublasHandle_t h, cublasSideMode_t s, cublasFillMode_t u,
                            cublasOperation_t t, cublasDiagType_t d, int m, int n, const float *al,
                            const float *A, int lda, float *B, int ldb)
{
    return cublasStrsm(h, s, u, t, d, m, n, al, A, lda, B, ldb);
}
static cublasStatus_t xtrsm(cublasHandle_t h, cublasSideMode_t s, cublasFillMode_t u,
                            cublasOperation_t t, cublasDiagType_t d, int m, int n, const double *al,
                            const double *A, int lda, double *B, int ldb)
{
    return cublasDtrsm(h, s, u, t, d, m, n, al, A, lda, B, ldb);
}

// op(A) X = alpha B (left) or X op(A) = alpha B (right): checked by the residual in double
template <typename T>
static void check_trsm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                       cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                       bool devscalars, double tol, unsigned seed)
{
    const bool left = side == CUBLAS_SIDE_LEFT, lower = uplo == CUBLAS_FILL_MODE_LOWER,
               unit = diag == CUBLAS_DIAG_UNIT;
    const int s = left ? m : n, lda = s + 2, ldb = m + 3;
    // the triangle that is used: well conditioned; the rest (and a unit diagonal) NaN
    std::vector<T> A((size_t)lda * s), B((size_t)ldb * n);
    std::vector<double> F((size_t)s * s, 0.0); // the full triangular matrix A means
    for (int c = 0; c < s; c++)
        for (int r = 0; r < lda; r++) {
            const bool used = r < s && (r == c ? !unit : lower ? r > c : r < c);
            const double v = r == c ? 2.0 + rnd(&seed) * 0.5 : rnd(&seed) / s;
            A[(size_t)c * lda + r] = used ? (T)v : (T)NAN;
            if (r < s)
                F[(size_t)c * s + r] = r == c && unit ? 1.0 : used ? (double)(T)v : 0.0;
        }
    for (auto &v : B)
        v = (T)rnd(&seed);
    const T alpha = (T)1.5;
    T *dA = cudart_dev(A), *dB = cudart_dev(B), *ds = NULL;
    if (devscalars) {
        std::vector<T> sc = {alpha};
        ds = cudart_dev(sc);
        OK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
        OK(xtrsm(h, side, uplo, trans, diag, m, n, ds, dA, lda, dB, ldb));
        OK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
    } else {
        OK(xtrsm(h, side, uplo, trans, diag, m, n, &alpha, dA, lda, dB, ldb));
    }
    std::vector<T> X = cudart_host(dB, B.size());
    auto opF = [&](int r, int c) { // op(A)(r, c)
        return trans == CUBLAS_OP_N ? F[(size_t)c * s + r] : F[(size_t)r * s + c];
    };
    int bad = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < ldb; i++) {
            const double b = B[(size_t)j * ldb + i];
            if (i >= m) { // padding untouched
                bad += X[(size_t)j * ldb + i] != B[(size_t)j * ldb + i];
                continue;
            }
            double got = 0;
            if (left)
                for (int l = 0; l < m; l++)
                    got += opF(i, l) * X[(size_t)j * ldb + l];
            else
                for (int l = 0; l < n; l++)
                    got += X[(size_t)l * ldb + i] * opF(l, j);
            bad += !(fabs(got - alpha * b) <= tol * (1.0 + fabs(alpha * b)));
        }
    if (bad)
        fprintf(stderr, "%ctrsm side %d uplo %d trans %d diag %d %dx%d dev=%d: %d bad elements\n",
                sizeof(T) == 4 ? 'S' : 'D', side, uplo, trans, diag, m, n, devscalars, bad);
    EXPECT(bad == 0);
    cudaFree(dA);
    cudaFree(dB);
    cudaFree(ds);
}

int main()
{
    cublasHandle_t h;
    OK(cublasCreate(&h));
    static const int shapes[][3] = {{37, 29, 23}, {1, 1, 1}, {16, 16, 16}, {5, 40, 17}, {33, 3, 0}};
    unsigned seed = 1;
    for (auto &sh : shapes)
        for (cublasOperation_t ta : ops)
            for (cublasOperation_t tb : ops) {
                check_gemm<cuComplex>(h, ta, tb, sh[0], sh[1], sh[2], false, false, 2e-5, seed++);
                check_gemm<cuDoubleComplex>(h, ta, tb, sh[0], sh[1], sh[2], false, false, 1e-12,
                                            seed++);
            }
    for (cublasOperation_t ta : ops)
        for (cublasOperation_t tb : ops) {
            check_gemm<cuComplex>(h, ta, tb, 19, 21, 18, true, false, 2e-5, seed++);
            check_gemm<cuDoubleComplex>(h, ta, tb, 19, 21, 18, true, true, 1e-12, seed++);
            check_gemm<cuComplex>(h, ta, tb, 20, 7, 33, false, true, 2e-5, seed++);
        }

    static const int tshapes[][2] = {{13, 7}, {1, 5}, {20, 1}, {17, 18}};
    for (auto &sh : tshapes)
        for (cublasSideMode_t side : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
            for (cublasFillMode_t uplo : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
                for (cublasOperation_t t : ops)
                    for (cublasDiagType_t d : {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT}) {
                        const bool dev = (seed & 3) == 0;
                        check_trsm<float>(h, side, uplo, t, d, sh[0], sh[1], dev, 1e-5, seed++);
                        check_trsm<double>(h, side, uplo, t, d, sh[0], sh[1], !dev, 1e-12, seed++);
                    }

    // argument errors (checked before anything is read)
    const cuComplex one = make_cuComplex(1, 0);
    const float fone = 1;
    EXPECT_EQ(
        cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, NULL, 3, NULL, 4, &one, NULL, 4),
        CUBLAS_STATUS_INVALID_VALUE); // lda < m
    EXPECT_EQ(cublasCgemm(h, CUBLAS_OP_C, (cublasOperation_t)7, 4, 4, 4, &one, NULL, 4, NULL, 4,
                          &one, NULL, 4),
              CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_EQ(
        cublasCgemm(NULL, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, NULL, 4, NULL, 4, &one, NULL, 4),
        CUBLAS_STATUS_NOT_INITIALIZED);
    EXPECT_EQ(cublasStrsm(h, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                          CUBLAS_DIAG_UNIT, 8, 4, &fone, NULL, 3, NULL, 8),
              CUBLAS_STATUS_INVALID_VALUE); // lda < n on the right
    EXPECT_EQ(cublasStrsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                          CUBLAS_DIAG_UNIT, 8, 4, &fone, NULL, 8, NULL, 7),
              CUBLAS_STATUS_INVALID_VALUE); // ldb < m
    EXPECT_EQ(cublasDtrsm(h, CUBLAS_SIDE_LEFT, (cublasFillMode_t)5, CUBLAS_OP_N, CUBLAS_DIAG_UNIT,
                          8, 4, NULL, NULL, 8, NULL, 8),
              CUBLAS_STATUS_INVALID_VALUE);
    OK(cublasStrsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 0, 4,
                   &fone, NULL, 1, NULL, 1)); // empty: nothing read
    OK(cublasDestroy(h));
    return cudart_finish("cudart.cublas_complex");
}
