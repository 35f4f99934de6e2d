/*
 * simt_cublas.cu - the cuBLAS subset of cublas_api.h as CUDA kernels (single and double
 * precision; complex gemm through a small complex value type), written for this project from the
 * BLAS reference semantics and cuBLAS's documented interface. simt-cc compiles it like any
 * program's .cu file into libsimt_cublas.a and links it when a program is built with -lcublas; its
 * kernels then run under the tracer and appear in the trace like the program's own (names start
 * with simt_cublas_).
 *
 * Conventions (cuBLAS = BLAS): matrices are column-major with leading dimensions; vector
 * element i of x with increment incx is x[i * incx] for incx > 0 and x[(n - 1 - i) * -incx]
 * for incx < 0 (BLAS); scalars (alpha, beta) and reduction results are host pointers in
 * CUBLAS_POINTER_MODE_HOST and device pointers in CUBLAS_POINTER_MODE_DEVICE. Every kernel
 * runs on the handle's stream; a result returned to host memory is copied back before the
 * function returns (as cuBLAS does). Reductions run in one CTA with a fixed order, so results
 * repeat bit for bit.
 */
#include <cuda_runtime.h>
#include <math.h>
#include <stdlib.h>

#include "cublas_v2.h"

struct cublasContext {
    cudaStream_t stream;
    cublasPointerMode_t pmode;
    cublasAtomicsMode_t amode;
    cublasMath_t math;
    void *scratch; /* device memory for results returned to the host (8 bytes) */
};

#define RED_THREADS 256 /* one CTA of this many threads per reduction */
#define TILE        16  /* gemm: 16 x 16 output tile per CTA, k in steps of 16 */

/* --- device helpers ---------------------------------------------------------------------- */

/* element i of a strided vector of n elements (BLAS indexing, negative increments backwards) */
__device__ __host__ static inline long long vidx(int i, int n, int inc)
{
    return inc >= 0 ? (long long)i * inc : (long long)(n - 1 - i) * -(long long)inc;
}

/* a scalar argument: the value given by the host, or read from device memory */
template <typename T> __device__ static inline T scalar(T v, const T *p)
{
    return p ? *p : v;
}

/* A complex value for the C and Z routines: the layout of cuComplex / cuDoubleComplex (real,
 * imaginary), with the operators the shared kernels (gemm) use; conjg() is the identity for the
 * real types. The default constructor is trivial, so it can live in __shared__ memory. */
template <typename R> struct alignas(2 * sizeof(R)) cplx {
    R x, y;
    cplx() = default;
    __device__ __host__ cplx(R r) : x(r), y(0) {}
    __device__ __host__ cplx(R r, R i) : x(r), y(i) {}
};
template <typename R> __device__ __host__ static inline cplx<R> operator+(cplx<R> a, cplx<R> b)
{
    return cplx<R>(a.x + b.x, a.y + b.y);
}
template <typename R> __device__ __host__ static inline cplx<R> operator-(cplx<R> a, cplx<R> b)
{
    return cplx<R>(a.x - b.x, a.y - b.y);
}
template <typename R> __device__ __host__ static inline cplx<R> operator*(cplx<R> a, cplx<R> b)
{
    return cplx<R>(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
template <typename R> __device__ __host__ static inline cplx<R> &operator+=(cplx<R> &a, cplx<R> b)
{
    a = a + b;
    return a;
}
template <typename R> __device__ __host__ static inline bool operator==(cplx<R> a, cplx<R> b)
{
    return a.x == b.x && a.y == b.y;
}
template <typename R> __device__ __host__ static inline bool operator!=(cplx<R> a, cplx<R> b)
{
    return !(a == b);
}
template <typename T> __device__ static inline T conjg(T v)
{
    return v;
}
template <typename R> __device__ static inline cplx<R> conjg(cplx<R> v)
{
    return cplx<R>(v.x, -v.y);
}
template <typename T> struct is_cplx {
    enum { value = 0 };
};
template <typename R> struct is_cplx<cplx<R>> {
    enum { value = 1 };
};
typedef cplx<float> cplxf;
typedef cplx<double> cplxd;

/* --- level 1 kernels --------------------------------------------------------------------- */

template <typename T>
__global__ void simt_cublas_axpy(int n, T alpha, const T *alpha_d, const T *x, int incx, T *y,
                                 int incy)
{
    const T a = scalar(alpha, alpha_d);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        y[vidx(i, n, incy)] += a * x[vidx(i, n, incx)];
}

template <typename T>
__global__ void simt_cublas_scal(int n, T alpha, const T *alpha_d, T *x, int incx)
{
    const T a = scalar(alpha, alpha_d);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[(long long)i * incx] *= a;
}

template <typename T> __global__ void simt_cublas_copy(int n, const T *x, int incx, T *y, int incy)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        y[vidx(i, n, incy)] = x[vidx(i, n, incx)];
}

template <typename T> __global__ void simt_cublas_swap(int n, T *x, int incx, T *y, int incy)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const long long a = vidx(i, n, incx), b = vidx(i, n, incy);
        const T t = x[a];
        x[a] = y[b];
        y[b] = t;
    }
}

/* the tree sum of the CTA's values in sh[] (RED_THREADS of them); every thread gets it */
template <typename T> __device__ static T block_sum(T *sh, T v)
{
    sh[threadIdx.x] = v;
    __syncthreads();
    for (int s = RED_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            sh[threadIdx.x] += sh[threadIdx.x + s];
        __syncthreads();
    }
    const T r = sh[0];
    __syncthreads();
    return r;
}

template <typename T>
__global__ void simt_cublas_dot(int n, const T *x, int incx, const T *y, int incy, T *result)
{
    __shared__ T sh[RED_THREADS];
    T acc = 0;
    for (int i = threadIdx.x; i < n; i += RED_THREADS)
        acc += x[vidx(i, n, incx)] * y[vidx(i, n, incy)];
    const T s = block_sum(sh, acc);
    if (threadIdx.x == 0)
        *result = s;
}

template <typename T> __global__ void simt_cublas_asum(int n, const T *x, int incx, T *result)
{
    __shared__ T sh[RED_THREADS];
    T acc = 0;
    for (int i = threadIdx.x; i < n; i += RED_THREADS)
        acc += fabs(x[(long long)i * incx]);
    const T s = block_sum(sh, acc);
    if (threadIdx.x == 0)
        *result = s;
}

/* the Euclidean norm scaled by the largest magnitude, so that squares neither overflow nor
 * underflow (what the reference BLAS's nrm2 guards against) */
template <typename T> __global__ void simt_cublas_nrm2(int n, const T *x, int incx, T *result)
{
    __shared__ T sh[RED_THREADS];
    T m = 0;
    for (int i = threadIdx.x; i < n; i += RED_THREADS)
        m = fmax(m, (T)fabs(x[(long long)i * incx]));
    sh[threadIdx.x] = m;
    __syncthreads();
    for (int s = RED_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            sh[threadIdx.x] = fmax(sh[threadIdx.x], sh[threadIdx.x + s]);
        __syncthreads();
    }
    const T scale = sh[0];
    __syncthreads();
    if (scale == 0 || isinf(scale)) { /* all zero, or an infinity: the norm is the scale */
        if (threadIdx.x == 0)
            *result = scale;
        return;
    }
    T acc = 0;
    for (int i = threadIdx.x; i < n; i += RED_THREADS) {
        const T v = x[(long long)i * incx] / scale;
        acc += v * v;
    }
    const T s = block_sum(sh, acc);
    if (threadIdx.x == 0)
        *result = scale * sqrt(s);
}

/* index (1-based) of the first element of largest (want_max) or smallest |x| */
template <typename T>
__global__ void simt_cublas_iamax(int n, const T *x, int incx, int want_max, int *result)
{
    __shared__ T sv[RED_THREADS];
    __shared__ int si[RED_THREADS];
    T best = 0;
    int bi = -1;
    for (int i = threadIdx.x; i < n; i += RED_THREADS) {
        const T v = fabs(x[(long long)i * incx]);
        if (bi < 0 || (want_max ? v > best : v < best)) {
            best = v;
            bi = i;
        }
    }
    sv[threadIdx.x] = best;
    si[threadIdx.x] = bi;
    __syncthreads();
    for (int s = RED_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            const T v = sv[threadIdx.x + s];
            const int j = si[threadIdx.x + s];
            const int k = si[threadIdx.x];
            const int better = want_max ? v > sv[threadIdx.x] : v < sv[threadIdx.x];
            if (j >= 0 && (k < 0 || better || (v == sv[threadIdx.x] && j < k))) {
                sv[threadIdx.x] = v;
                si[threadIdx.x] = j;
            }
        }
        __syncthreads();
    }
    if (threadIdx.x == 0)
        *result = si[0] + 1;
}

/* --- level 2 kernels --------------------------------------------------------------------- */

/* y = alpha op(A) x + beta y; one thread per element of y (a row of A, or a column for op T) */
template <typename T>
__global__ void simt_cublas_gemv(int trans, int m, int n, T alpha, const T *alpha_d, const T *A,
                                 int lda, const T *x, int incx, T beta, const T *beta_d, T *y,
                                 int incy)
{
    const T a = scalar(alpha, alpha_d), b = scalar(beta, beta_d);
    const int ny = trans ? n : m, nx = trans ? m : n;
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < ny; r += gridDim.x * blockDim.x) {
        T acc = 0;
        for (int c = 0; c < nx; c++) {
            const T e = trans ? A[r * (long long)lda + c] : A[c * (long long)lda + r];
            acc += e * x[vidx(c, nx, incx)];
        }
        T *yp = &y[vidx(r, ny, incy)];
        *yp = b == (T)0 ? a * acc : a * acc + b * *yp; /* beta 0: y is not read (BLAS) */
    }
}

/* A = alpha x y^T + A */
template <typename T>
__global__ void simt_cublas_ger(int m, int n, T alpha, const T *alpha_d, const T *x, int incx,
                                const T *y, int incy, T *A, int lda)
{
    const T a = scalar(alpha, alpha_d);
    const long long total = (long long)m * n;
    for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
         e += (long long)gridDim.x * blockDim.x) {
        const int i = (int)(e % m), j = (int)(e / m);
        A[j * (long long)lda + i] += a * x[vidx(i, m, incx)] * y[vidx(j, n, incy)];
    }
}

/* --- level 3 kernels --------------------------------------------------------------------- */

/* element (i, l) of op(M), M column-major with leading dimension ld */
template <typename T> __device__ static inline T opel(const T *M, int ld, int trans, int i, int l)
{
    return trans ? M[i * (long long)ld + l] : M[l * (long long)ld + i];
}

/* element (i, l) of op(M) for a gemm operand: op 0 M, 1 M^T, 2 M^H (conjugate transpose,
 * passed only for the complex types) */
template <typename T> __device__ static inline T gemm_el(const T *M, int ld, int op, int i, int l)
{
    const T v = opel(M, ld, op, i, l);
    return op == 2 ? conjg(v) : v;
}

/* C = alpha op(A) op(B) + beta C, m x n, inner dimension k; blockIdx.z is the batch entry:
 * pointer arrays (Aarr...) when given, else base + z * stride. One 16 x 16 tile of C per CTA,
 * the k dimension in steps of 16 through shared memory. ta and tb: 0 N, 1 T, 2 C (complex). */
template <typename T>
__global__ void simt_cublas_gemm(int ta, int tb, int m, int n, int k, T alpha, const T *alpha_d,
                                 const T *A, int lda, long long sA, const T *const *Aarr,
                                 const T *B, int ldb, long long sB, const T *const *Barr, T beta,
                                 const T *beta_d, T *C, int ldc, long long sC, T *const *Carr)
{
    __shared__ T As[TILE][TILE + 1], Bs[TILE][TILE + 1];
    const int z = blockIdx.z;
    const T *a = Aarr ? Aarr[z] : A + z * sA;
    const T *b = Barr ? Barr[z] : B + z * sB;
    T *c = Carr ? Carr[z] : C + z * sC;
    const T al = scalar(alpha, alpha_d), be = scalar(beta, beta_d);
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = blockIdx.x * TILE + tx, j = blockIdx.y * TILE + ty;
    T acc = 0;
    for (int l0 = 0; l0 < k; l0 += TILE) {
        /* As[ty][tx] = op(A)(row blockIdx.x*TILE + tx, col l0 + ty); Bs[ty][tx] =
         * op(B)(row l0 + tx, col blockIdx.y*TILE + ty) */
        As[ty][tx] = (i < m && l0 + ty < k) ? gemm_el(a, lda, ta, i, l0 + ty) : (T)0;
        Bs[ty][tx] = (l0 + tx < k && j < n) ? gemm_el(b, ldb, tb, l0 + tx, j) : (T)0;
        __syncthreads();
        for (int l = 0; l < TILE; l++)
            acc += As[l][tx] * Bs[ty][l];
        __syncthreads();
    }
    if (i < m && j < n) {
        T *cp = &c[j * (long long)ldc + i];
        *cp = be == (T)0 ? al * acc : al * acc + be * *cp; /* beta 0: C is not read (BLAS) */
    }
}

/* trsm: B = alpha inv(op(A)) B (left) or alpha B inv(op(A)) (right), B m x n. One thread per
 * right-hand side (a column of B on the left, a row on the right), solving M x = alpha b by
 * substitution, where M is op(A) (left) or op(A)^T (right): M(r, c) = opel(A, lda, mt, r, c),
 * lower triangular when lower, s x s; x[r] = X[r * xs] for this thread's X. Only the triangle
 * of A that uplo names is read (the diagonal not at all when unit). */
template <typename T>
__global__ void simt_cublas_trsm(int left, int mt, int lower, int unit, int m, int n, T alpha,
                                 const T *alpha_d, const T *A, int lda, T *B, int ldb)
{
    const T al = scalar(alpha, alpha_d);
    const int s = left ? m : n, count = left ? n : m;
    const long long xs = left ? 1 : ldb;
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < count; t += gridDim.x * blockDim.x) {
        T *x = left ? B + t * (long long)ldb : B + t;
        if (al == (T)0) { /* B = 0, A not read (BLAS) */
            for (int r = 0; r < s; r++)
                x[r * xs] = 0;
            continue;
        }
        for (int q = 0; q < s; q++) {
            const int r = lower ? q : s - 1 - q;
            T v = al * x[r * xs];
            if (lower)
                for (int c = 0; c < r; c++)
                    v -= opel(A, lda, mt, r, c) * x[c * xs];
            else
                for (int c = r + 1; c < s; c++)
                    v -= opel(A, lda, mt, r, c) * x[c * xs];
            x[r * xs] = unit ? v : v / opel(A, lda, mt, r, r);
        }
    }
}

/* C = alpha op(A) + beta op(B) */
template <typename T>
__global__ void simt_cublas_geam(int ta, int tb, int m, int n, T alpha, const T *alpha_d,
                                 const T *A, int lda, T beta, const T *beta_d, const T *B, int ldb,
                                 T *C, int ldc)
{
    const T al = scalar(alpha, alpha_d), be = scalar(beta, beta_d);
    const long long total = (long long)m * n;
    for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
         e += (long long)gridDim.x * blockDim.x) {
        const int i = (int)(e % m), j = (int)(e / m);
        /* an operand scaled by zero is not read (cuBLAS: A or B may then be NULL) */
        T v = al == (T)0 ? (T)0 : al * opel(A, lda, ta, i, j);
        if (be != (T)0)
            v += be * opel(B, ldb, tb, i, j);
        C[j * (long long)ldc + i] = v;
    }
}

/* --- host side ----------------------------------------------------------------------------- */

static int grid_for(long long n, int threads)
{
    long long g = (n + threads - 1) / threads;
    return g < 1 ? 1 : g > 4096 ? 4096 : (int)g;
}

/* the kernel's launch error, or the program's sticky error, as a cuBLAS status */
static cublasStatus_t launched(void)
{
    return cudaGetLastError() == cudaSuccess ? CUBLAS_STATUS_SUCCESS
                                             : CUBLAS_STATUS_EXECUTION_FAILED;
}

/* A scalar argument as the kernels take it: the value (host pointer mode) or the device
 * pointer. */
template <typename T> struct sarg {
    T v;
    const T *d;
};
template <typename T> static sarg<T> take(cublasHandle_t h, const T *p)
{
    sarg<T> s = {(T)0, NULL};
    if (h->pmode == CUBLAS_POINTER_MODE_DEVICE)
        s.d = p;
    else
        s.v = *p;
    return s;
}

static int bad_op(cublasOperation_t op)
{
    return op != CUBLAS_OP_N && op != CUBLAS_OP_T && op != CUBLAS_OP_C;
}

extern "C" {

cublasStatus_t cublasCreate(cublasHandle_t *handle)
{
    if (!handle)
        return CUBLAS_STATUS_INVALID_VALUE;
    cublasHandle_t h = (cublasHandle_t)calloc(1, sizeof *h);
    if (!h)
        return CUBLAS_STATUS_ALLOC_FAILED;
    if (cudaMalloc(&h->scratch, 8) != cudaSuccess) {
        free(h);
        return CUBLAS_STATUS_NOT_INITIALIZED; /* as cuBLAS, when the runtime fails */
    }
    *handle = h;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDestroy(cublasHandle_t handle)
{
    if (!handle)
        return CUBLAS_STATUS_NOT_INITIALIZED;
    cudaFree(handle->scratch);
    free(handle);
    return CUBLAS_STATUS_SUCCESS;
}

#define HANDLE(h)                                                                                  \
    do {                                                                                           \
        if (!(h))                                                                                  \
            return CUBLAS_STATUS_NOT_INITIALIZED;                                                  \
    } while (0)

cublasStatus_t cublasGetVersion(cublasHandle_t handle, int *version)
{
    HANDLE(handle);
    if (!version)
        return CUBLAS_STATUS_INVALID_VALUE;
    *version = CUBLAS_VERSION;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetStream(cublasHandle_t handle, cudaStream_t stream)
{
    HANDLE(handle);
    handle->stream = stream;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream(cublasHandle_t handle, cudaStream_t *stream)
{
    HANDLE(handle);
    if (!stream)
        return CUBLAS_STATUS_INVALID_VALUE;
    *stream = handle->stream;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetPointerMode(cublasHandle_t handle, cublasPointerMode_t mode)
{
    HANDLE(handle);
    if (mode != CUBLAS_POINTER_MODE_HOST && mode != CUBLAS_POINTER_MODE_DEVICE)
        return CUBLAS_STATUS_INVALID_VALUE;
    handle->pmode = mode;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetPointerMode(cublasHandle_t handle, cublasPointerMode_t *mode)
{
    HANDLE(handle);
    if (!mode)
        return CUBLAS_STATUS_INVALID_VALUE;
    *mode = handle->pmode;
    return CUBLAS_STATUS_SUCCESS;
}

/* The atomics and math modes only allow cuBLAS other algorithms; ours are always the same
 * (no atomics, no reduced precision), so the setting is kept and reported, nothing more. */
cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode)
{
    HANDLE(handle);
    if (mode != CUBLAS_ATOMICS_NOT_ALLOWED && mode != CUBLAS_ATOMICS_ALLOWED)
        return CUBLAS_STATUS_INVALID_VALUE;
    handle->amode = mode;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t *mode)
{
    HANDLE(handle);
    if (!mode)
        return CUBLAS_STATUS_INVALID_VALUE;
    *mode = handle->amode;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode)
{
    HANDLE(handle);
    const int base = (int)mode & ~(int)CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION;
    if (base < CUBLAS_DEFAULT_MATH || base > CUBLAS_TF32_TENSOR_OP_MATH)
        return CUBLAS_STATUS_INVALID_VALUE;
    handle->math = mode;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode)
{
    HANDLE(handle);
    if (!mode)
        return CUBLAS_STATUS_INVALID_VALUE;
    *mode = handle->math;
    return CUBLAS_STATUS_SUCCESS;
}

const char *cublasGetStatusName(cublasStatus_t status)
{
    switch (status) {
    case CUBLAS_STATUS_SUCCESS:
        return "CUBLAS_STATUS_SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED:
        return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED:
        return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE:
        return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH:
        return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_MAPPING_ERROR:
        return "CUBLAS_STATUS_MAPPING_ERROR";
    case CUBLAS_STATUS_EXECUTION_FAILED:
        return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR:
        return "CUBLAS_STATUS_INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED:
        return "CUBLAS_STATUS_NOT_SUPPORTED";
    case CUBLAS_STATUS_LICENSE_ERROR:
        return "CUBLAS_STATUS_LICENSE_ERROR";
    }
    return "CUBLAS_STATUS_UNKNOWN";
}

const char *cublasGetStatusString(cublasStatus_t status)
{
    switch (status) {
    case CUBLAS_STATUS_SUCCESS:
        return "success";
    case CUBLAS_STATUS_NOT_INITIALIZED:
        return "the library was not initialized";
    case CUBLAS_STATUS_ALLOC_FAILED:
        return "the resource allocation failed";
    case CUBLAS_STATUS_INVALID_VALUE:
        return "an invalid numeric value was used as an argument";
    case CUBLAS_STATUS_ARCH_MISMATCH:
        return "an absent device architectural feature is required";
    case CUBLAS_STATUS_MAPPING_ERROR:
        return "an access to GPU memory space failed";
    case CUBLAS_STATUS_EXECUTION_FAILED:
        return "the GPU program failed to execute";
    case CUBLAS_STATUS_INTERNAL_ERROR:
        return "an internal operation failed";
    case CUBLAS_STATUS_NOT_SUPPORTED:
        return "the functionality requested is not supported";
    case CUBLAS_STATUS_LICENSE_ERROR:
        return "error detected trying to check the license";
    }
    return "unknown error";
}

/* Strided copies between host and device memory: each element is one row of a 2D copy
 * whose pitches are the increments. */
static cublasStatus_t copy_vector(int n, int elemSize, const void *x, int incx, void *y, int incy,
                                  cudaMemcpyKind kind, cudaStream_t stream)
{
    if (n < 0 || elemSize <= 0 || incx <= 0 || incy <= 0 || !x || !y)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n == 0)
        return CUBLAS_STATUS_SUCCESS;
    cudaError_t e = cudaMemcpy2DAsync(y, (size_t)incy * elemSize, x, (size_t)incx * elemSize,
                                      (size_t)elemSize, (size_t)n, kind, stream);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(stream);
    return e == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_MAPPING_ERROR;
}

static cublasStatus_t copy_matrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                                  int ldb, cudaMemcpyKind kind, cudaStream_t stream)
{
    /* a leading dimension below the row count is no INVALID_VALUE: the copy fails
     * (MAPPING_ERROR), as with cuBLAS (seen on an H200, docs/DEVICE_CHECK.md) */
    if (rows < 0 || cols < 0 || elemSize <= 0 || lda <= 0 || ldb <= 0 || !A || !B)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (rows == 0 || cols == 0)
        return CUBLAS_STATUS_SUCCESS;
    cudaError_t e = cudaMemcpy2DAsync(B, (size_t)ldb * elemSize, A, (size_t)lda * elemSize,
                                      (size_t)rows * elemSize, (size_t)cols, kind, stream);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(stream);
    return e == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_MAPPING_ERROR;
}

cublasStatus_t cublasSetVector(int n, int elemSize, const void *x, int incx, void *devicePtr,
                               int incy)
{
    return copy_vector(n, elemSize, x, incx, devicePtr, incy, cudaMemcpyHostToDevice, 0);
}

cublasStatus_t cublasGetVector(int n, int elemSize, const void *x, int incx, void *y, int incy)
{
    return copy_vector(n, elemSize, x, incx, y, incy, cudaMemcpyDeviceToHost, 0);
}

cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                               int ldb)
{
    return copy_matrix(rows, cols, elemSize, A, lda, B, ldb, cudaMemcpyHostToDevice, 0);
}

cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                               int ldb)
{
    return copy_matrix(rows, cols, elemSize, A, lda, B, ldb, cudaMemcpyDeviceToHost, 0);
}

cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void *hostPtr, int incx,
                                    void *devicePtr, int incy, cudaStream_t stream)
{
    return copy_vector(n, elemSize, hostPtr, incx, devicePtr, incy, cudaMemcpyHostToDevice, stream);
}

cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void *devicePtr, int incx,
                                    void *hostPtr, int incy, cudaStream_t stream)
{
    return copy_vector(n, elemSize, devicePtr, incx, hostPtr, incy, cudaMemcpyDeviceToHost, stream);
}

cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda,
                                    void *B, int ldb, cudaStream_t stream)
{
    return copy_matrix(rows, cols, elemSize, A, lda, B, ldb, cudaMemcpyHostToDevice, stream);
}

cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda,
                                    void *B, int ldb, cudaStream_t stream)
{
    return copy_matrix(rows, cols, elemSize, A, lda, B, ldb, cudaMemcpyDeviceToHost, stream);
}

} /* extern "C" */

/* --- level 1 ---------------------------------------------------------------------------- */

/* A reduction's result: written by the kernel straight to `result` (device pointer mode) or
 * to the handle's scratch and copied back (host pointer mode). */
template <typename R> static R *result_ptr(cublasHandle_t h, R *result)
{
    return h->pmode == CUBLAS_POINTER_MODE_DEVICE ? result : (R *)h->scratch;
}

template <typename R> static cublasStatus_t result_done(cublasHandle_t h, R *result)
{
    cublasStatus_t st = launched();
    if (st || h->pmode == CUBLAS_POINTER_MODE_DEVICE)
        return st;
    return cudaMemcpyAsync(result, h->scratch, sizeof(R), cudaMemcpyDeviceToHost, h->stream) ==
                       cudaSuccess &&
                   cudaStreamSynchronize(h->stream) == cudaSuccess
               ? CUBLAS_STATUS_SUCCESS
               : CUBLAS_STATUS_EXECUTION_FAILED;
}

/* n <= 0 (or incx <= 0 where BLAS says so): the result is 0 without a kernel */
template <typename R> static cublasStatus_t result_zero(cublasHandle_t h, R *result)
{
    if (h->pmode == CUBLAS_POINTER_MODE_HOST) {
        *result = 0;
        return CUBLAS_STATUS_SUCCESS;
    }
    return cudaMemsetAsync(result, 0, sizeof(R), h->stream) == cudaSuccess
               ? CUBLAS_STATUS_SUCCESS
               : CUBLAS_STATUS_EXECUTION_FAILED;
}

template <typename T>
static cublasStatus_t iamax(cublasHandle_t h, int n, const T *x, int incx, int want_max,
                            int *result)
{
    HANDLE(h);
    if (!result)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n <= 0 || incx <= 0)
        return result_zero(h, result);
    simt_cublas_iamax<T>
        <<<1, RED_THREADS, 0, h->stream>>>(n, x, incx, want_max, result_ptr(h, result));
    return result_done(h, result);
}

template <typename T>
static cublasStatus_t asum(cublasHandle_t h, int n, const T *x, int incx, T *result)
{
    HANDLE(h);
    if (!result)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n <= 0 || incx <= 0)
        return result_zero(h, result);
    simt_cublas_asum<T><<<1, RED_THREADS, 0, h->stream>>>(n, x, incx, result_ptr(h, result));
    return result_done(h, result);
}

template <typename T>
static cublasStatus_t nrm2(cublasHandle_t h, int n, const T *x, int incx, T *result)
{
    HANDLE(h);
    if (!result)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n <= 0 || incx <= 0)
        return result_zero(h, result);
    simt_cublas_nrm2<T><<<1, RED_THREADS, 0, h->stream>>>(n, x, incx, result_ptr(h, result));
    return result_done(h, result);
}

template <typename T>
static cublasStatus_t dot(cublasHandle_t h, int n, const T *x, int incx, const T *y, int incy,
                          T *result)
{
    HANDLE(h);
    if (!result)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n <= 0)
        return result_zero(h, result);
    simt_cublas_dot<T>
        <<<1, RED_THREADS, 0, h->stream>>>(n, x, incx, y, incy, result_ptr(h, result));
    return result_done(h, result);
}

template <typename T>
static cublasStatus_t axpy(cublasHandle_t h, int n, const T *alpha, const T *x, int incx, T *y,
                           int incy)
{
    HANDLE(h);
    if (!alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n <= 0)
        return CUBLAS_STATUS_SUCCESS;
    const sarg<T> a = take(h, alpha);
    simt_cublas_axpy<T><<<grid_for(n, 256), 256, 0, h->stream>>>(n, a.v, a.d, x, incx, y, incy);
    return launched();
}

template <typename T>
static cublasStatus_t scal(cublasHandle_t h, int n, const T *alpha, T *x, int incx)
{
    HANDLE(h);
    if (!alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n <= 0 || incx <= 0)
        return CUBLAS_STATUS_SUCCESS;
    const sarg<T> a = take(h, alpha);
    simt_cublas_scal<T><<<grid_for(n, 256), 256, 0, h->stream>>>(n, a.v, a.d, x, incx);
    return launched();
}

template <typename T>
static cublasStatus_t copy(cublasHandle_t h, int n, const T *x, int incx, T *y, int incy)
{
    HANDLE(h);
    if (n <= 0)
        return CUBLAS_STATUS_SUCCESS;
    simt_cublas_copy<T><<<grid_for(n, 256), 256, 0, h->stream>>>(n, x, incx, y, incy);
    return launched();
}

template <typename T>
static cublasStatus_t swap(cublasHandle_t h, int n, T *x, int incx, T *y, int incy)
{
    HANDLE(h);
    if (n <= 0)
        return CUBLAS_STATUS_SUCCESS;
    simt_cublas_swap<T><<<grid_for(n, 256), 256, 0, h->stream>>>(n, x, incx, y, incy);
    return launched();
}

/* --- level 2 ---------------------------------------------------------------------------- */

template <typename T>
static cublasStatus_t gemv(cublasHandle_t h, cublasOperation_t trans, int m, int n, const T *alpha,
                           const T *A, int lda, const T *x, int incx, const T *beta, T *y, int incy)
{
    HANDLE(h);
    if (bad_op(trans) || m < 0 || n < 0 || lda < (m > 1 ? m : 1) || incx == 0 || incy == 0 ||
        !alpha || !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
        return CUBLAS_STATUS_SUCCESS;
    const sarg<T> a = take(h, alpha), b = take(h, beta);
    const int ny = trans != CUBLAS_OP_N ? n : m;
    simt_cublas_gemv<T><<<grid_for(ny, 128), 128, 0, h->stream>>>(
        trans != CUBLAS_OP_N, m, n, a.v, a.d, A, lda, x, incx, b.v, b.d, y, incy);
    return launched();
}

template <typename T>
static cublasStatus_t ger(cublasHandle_t h, int m, int n, const T *alpha, const T *x, int incx,
                          const T *y, int incy, T *A, int lda)
{
    HANDLE(h);
    if (m < 0 || n < 0 || incx == 0 || incy == 0 || lda < (m > 1 ? m : 1) || !alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
        return CUBLAS_STATUS_SUCCESS;
    const sarg<T> a = take(h, alpha);
    simt_cublas_ger<T><<<grid_for((long long)m * n, 256), 256, 0, h->stream>>>(
        m, n, a.v, a.d, x, incx, y, incy, A, lda);
    return launched();
}

/* --- level 3 ---------------------------------------------------------------------------- */

template <typename T>
static cublasStatus_t gemm(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
                           int m, int n, int k, const T *alpha, const T *A, int lda, long long sA,
                           const T *const *Aarr, const T *B, int ldb, long long sB,
                           const T *const *Barr, const T *beta, T *C, int ldc, long long sC,
                           T *const *Carr, int batch)
{
    HANDLE(h);
    const int ra = transa == CUBLAS_OP_N ? m : k, rb = transb == CUBLAS_OP_N ? k : n;
    if (bad_op(transa) || bad_op(transb) || m < 0 || n < 0 || k < 0 || batch < 0 ||
        lda < (ra > 1 ? ra : 1) || ldb < (rb > 1 ? rb : 1) || ldc < (m > 1 ? m : 1) || !alpha ||
        !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0 || batch == 0)
        return CUBLAS_STATUS_SUCCESS;
    if (batch > 65535)
        return CUBLAS_STATUS_NOT_SUPPORTED; /* the batch is the grid's z dimension */
    const sarg<T> a = take(h, alpha), b = take(h, beta);
    const dim3 grid((m + TILE - 1) / TILE, (n + TILE - 1) / TILE, batch);
    if (grid.y > 65535)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    /* 0 N, 1 T, 2 C; for the real types C is T */
    const int oa = transa == CUBLAS_OP_N ? 0 : transa == CUBLAS_OP_C && is_cplx<T>::value ? 2 : 1;
    const int ob = transb == CUBLAS_OP_N ? 0 : transb == CUBLAS_OP_C && is_cplx<T>::value ? 2 : 1;
    simt_cublas_gemm<T><<<grid, dim3(TILE, TILE), 0, h->stream>>>(
        oa, ob, m, n, k, a.v, a.d, A, lda, sA, Aarr, B, ldb, sB, Barr, b.v, b.d, C, ldc, sC, Carr);
    return launched();
}

template <typename T>
static cublasStatus_t trsm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                           const T *alpha, const T *A, int lda, T *B, int ldb)
{
    HANDLE(h);
    const int left = side == CUBLAS_SIDE_LEFT, ka = left ? m : n;
    if ((side != CUBLAS_SIDE_LEFT && side != CUBLAS_SIDE_RIGHT) ||
        (uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER) || bad_op(trans) ||
        (diag != CUBLAS_DIAG_NON_UNIT && diag != CUBLAS_DIAG_UNIT) || m < 0 || n < 0 ||
        lda < (ka > 1 ? ka : 1) || ldb < (m > 1 ? m : 1) || !alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
        return CUBLAS_STATUS_SUCCESS;
    const sarg<T> a = take(h, alpha);
    /* M = op(A) on the left, op(A)^T on the right; transposing flips the triangle */
    const int t = trans != CUBLAS_OP_N, mt = left ? t : !t;
    const int lower = (uplo == CUBLAS_FILL_MODE_LOWER) != mt;
    simt_cublas_trsm<T><<<grid_for(left ? n : m, 128), 128, 0, h->stream>>>(
        left, mt, lower, diag == CUBLAS_DIAG_UNIT, m, n, a.v, a.d, A, lda, B, ldb);
    return launched();
}

template <typename T>
static cublasStatus_t geam(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
                           int m, int n, const T *alpha, const T *A, int lda, const T *beta,
                           const T *B, int ldb, T *C, int ldc)
{
    HANDLE(h);
    const int ra = transa == CUBLAS_OP_N ? m : n, rb = transb == CUBLAS_OP_N ? m : n;
    if (bad_op(transa) || bad_op(transb) || m < 0 || n < 0 || lda < (ra > 1 ? ra : 1) ||
        ldb < (rb > 1 ? rb : 1) || ldc < (m > 1 ? m : 1) || !alpha || !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    /* in place only where every element reads just its own position (cuBLAS's rule) */
    if ((C == A && (transa != CUBLAS_OP_N || lda != ldc)) ||
        (C == B && (transb != CUBLAS_OP_N || ldb != ldc)))
        return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
        return CUBLAS_STATUS_SUCCESS;
    const sarg<T> a = take(h, alpha), b = take(h, beta);
    simt_cublas_geam<T><<<grid_for((long long)m * n, 256), 256, 0, h->stream>>>(
        transa != CUBLAS_OP_N, transb != CUBLAS_OP_N, m, n, a.v, a.d, A, lda, b.v, b.d, B, ldb, C,
        ldc);
    return launched();
}

/* --- the C entry points ---------------------------------------------------------------------- */

extern "C" {

cublasStatus_t cublasIsamax(cublasHandle_t h, int n, const float *x, int incx, int *r)
{
    return iamax(h, n, x, incx, 1, r);
}
cublasStatus_t cublasIdamax(cublasHandle_t h, int n, const double *x, int incx, int *r)
{
    return iamax(h, n, x, incx, 1, r);
}
cublasStatus_t cublasIsamin(cublasHandle_t h, int n, const float *x, int incx, int *r)
{
    return iamax(h, n, x, incx, 0, r);
}
cublasStatus_t cublasIdamin(cublasHandle_t h, int n, const double *x, int incx, int *r)
{
    return iamax(h, n, x, incx, 0, r);
}
cublasStatus_t cublasSasum(cublasHandle_t h, int n, const float *x, int incx, float *r)
{
    return asum(h, n, x, incx, r);
}
cublasStatus_t cublasDasum(cublasHandle_t h, int n, const double *x, int incx, double *r)
{
    return asum(h, n, x, incx, r);
}
cublasStatus_t cublasSaxpy(cublasHandle_t h, int n, const float *alpha, const float *x, int incx,
                           float *y, int incy)
{
    return axpy(h, n, alpha, x, incx, y, incy);
}
cublasStatus_t cublasDaxpy(cublasHandle_t h, int n, const double *alpha, const double *x, int incx,
                           double *y, int incy)
{
    return axpy(h, n, alpha, x, incx, y, incy);
}
cublasStatus_t cublasScopy(cublasHandle_t h, int n, const float *x, int incx, float *y, int incy)
{
    return copy(h, n, x, incx, y, incy);
}
cublasStatus_t cublasDcopy(cublasHandle_t h, int n, const double *x, int incx, double *y, int incy)
{
    return copy(h, n, x, incx, y, incy);
}
cublasStatus_t cublasSdot(cublasHandle_t h, int n, const float *x, int incx, const float *y,
                          int incy, float *r)
{
    return dot(h, n, x, incx, y, incy, r);
}
cublasStatus_t cublasDdot(cublasHandle_t h, int n, const double *x, int incx, const double *y,
                          int incy, double *r)
{
    return dot(h, n, x, incx, y, incy, r);
}
cublasStatus_t cublasSnrm2(cublasHandle_t h, int n, const float *x, int incx, float *r)
{
    return nrm2(h, n, x, incx, r);
}
cublasStatus_t cublasDnrm2(cublasHandle_t h, int n, const double *x, int incx, double *r)
{
    return nrm2(h, n, x, incx, r);
}
cublasStatus_t cublasSscal(cublasHandle_t h, int n, const float *alpha, float *x, int incx)
{
    return scal(h, n, alpha, x, incx);
}
cublasStatus_t cublasDscal(cublasHandle_t h, int n, const double *alpha, double *x, int incx)
{
    return scal(h, n, alpha, x, incx);
}
cublasStatus_t cublasSswap(cublasHandle_t h, int n, float *x, int incx, float *y, int incy)
{
    return swap(h, n, x, incx, y, incy);
}
cublasStatus_t cublasDswap(cublasHandle_t h, int n, double *x, int incx, double *y, int incy)
{
    return swap(h, n, x, incx, y, incy);
}
cublasStatus_t cublasSgemv(cublasHandle_t h, cublasOperation_t trans, int m, int n,
                           const float *alpha, const float *A, int lda, const float *x, int incx,
                           const float *beta, float *y, int incy)
{
    return gemv(h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasDgemv(cublasHandle_t h, cublasOperation_t trans, int m, int n,
                           const double *alpha, const double *A, int lda, const double *x, int incx,
                           const double *beta, double *y, int incy)
{
    return gemv(h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasSger(cublasHandle_t h, int m, int n, const float *alpha, const float *x,
                          int incx, const float *y, int incy, float *A, int lda)
{
    return ger(h, m, n, alpha, x, incx, y, incy, A, lda);
}
cublasStatus_t cublasDger(cublasHandle_t h, int m, int n, const double *alpha, const double *x,
                          int incx, const double *y, int incy, double *A, int lda)
{
    return ger(h, m, n, alpha, x, incx, y, incy, A, lda);
}
cublasStatus_t cublasSgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, int k, const float *alpha, const float *A, int lda,
                           const float *B, int ldb, const float *beta, float *C, int ldc)
{
    return gemm<float>(h, ta, tb, m, n, k, alpha, A, lda, 0, NULL, B, ldb, 0, NULL, beta, C, ldc, 0,
                       NULL, 1);
}
cublasStatus_t cublasDgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, int k, const double *alpha, const double *A, int lda,
                           const double *B, int ldb, const double *beta, double *C, int ldc)
{
    return gemm<double>(h, ta, tb, m, n, k, alpha, A, lda, 0, NULL, B, ldb, 0, NULL, beta, C, ldc,
                        0, NULL, 1);
}
cublasStatus_t cublasCgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, int k, const cuComplex *alpha, const cuComplex *A, int lda,
                           const cuComplex *B, int ldb, const cuComplex *beta, cuComplex *C,
                           int ldc)
{
    return gemm<cplxf>(h, ta, tb, m, n, k, (const cplxf *)alpha, (const cplxf *)A, lda, 0, NULL,
                       (const cplxf *)B, ldb, 0, NULL, (const cplxf *)beta, (cplxf *)C, ldc, 0,
                       NULL, 1);
}
cublasStatus_t cublasZgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, int k, const cuDoubleComplex *alpha, const cuDoubleComplex *A,
                           int lda, const cuDoubleComplex *B, int ldb, const cuDoubleComplex *beta,
                           cuDoubleComplex *C, int ldc)
{
    return gemm<cplxd>(h, ta, tb, m, n, k, (const cplxd *)alpha, (const cplxd *)A, lda, 0, NULL,
                       (const cplxd *)B, ldb, 0, NULL, (const cplxd *)beta, (cplxd *)C, ldc, 0,
                       NULL, 1);
}
cublasStatus_t cublasStrsm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                           const float *alpha, const float *A, int lda, float *B, int ldb)
{
    return trsm(h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);
}
cublasStatus_t cublasDtrsm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                           const double *alpha, const double *A, int lda, double *B, int ldb)
{
    return trsm(h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);
}
cublasStatus_t cublasSgemmBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                  int m, int n, int k, const float *alpha,
                                  const float *const Aarray[], int lda, const float *const Barray[],
                                  int ldb, const float *beta, float *const Carray[], int ldc,
                                  int batchCount)
{
    if (!Aarray || !Barray || !Carray)
        return h ? CUBLAS_STATUS_INVALID_VALUE : CUBLAS_STATUS_NOT_INITIALIZED;
    return gemm<float>(h, ta, tb, m, n, k, alpha, NULL, lda, 0, Aarray, NULL, ldb, 0, Barray, beta,
                       NULL, ldc, 0, Carray, batchCount);
}
cublasStatus_t cublasDgemmBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                  int m, int n, int k, const double *alpha,
                                  const double *const Aarray[], int lda,
                                  const double *const Barray[], int ldb, const double *beta,
                                  double *const Carray[], int ldc, int batchCount)
{
    if (!Aarray || !Barray || !Carray)
        return h ? CUBLAS_STATUS_INVALID_VALUE : CUBLAS_STATUS_NOT_INITIALIZED;
    return gemm<double>(h, ta, tb, m, n, k, alpha, NULL, lda, 0, Aarray, NULL, ldb, 0, Barray, beta,
                        NULL, ldc, 0, Carray, batchCount);
}
cublasStatus_t cublasSgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const float *alpha, const float *A, int lda,
                                         long long int strideA, const float *B, int ldb,
                                         long long int strideB, const float *beta, float *C,
                                         int ldc, long long int strideC, int batchCount)
{
    return gemm<float>(h, ta, tb, m, n, k, alpha, A, lda, strideA, NULL, B, ldb, strideB, NULL,
                       beta, C, ldc, strideC, NULL, batchCount);
}
cublasStatus_t cublasDgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const double *alpha, const double *A, int lda,
                                         long long int strideA, const double *B, int ldb,
                                         long long int strideB, const double *beta, double *C,
                                         int ldc, long long int strideC, int batchCount)
{
    return gemm<double>(h, ta, tb, m, n, k, alpha, A, lda, strideA, NULL, B, ldb, strideB, NULL,
                        beta, C, ldc, strideC, NULL, batchCount);
}
cublasStatus_t cublasSgeam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, const float *alpha, const float *A, int lda, const float *beta,
                           const float *B, int ldb, float *C, int ldc)
{
    return geam(h, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
}
cublasStatus_t cublasDgeam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, const double *alpha, const double *A, int lda, const double *beta,
                           const double *B, int ldb, double *C, int ldc)
{
    return geam(h, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
}

/* The Ex GEMMs' type check: 1 float, 2 double, 0 a combination the subset does not have. */
static int gemm_ex_kind(cudaDataType a, cudaDataType b, cudaDataType c, cublasComputeType_t ct)
{
    if (a != b || a != c)
        return 0;
    if (a == CUDA_R_32F &&
        (ct == CUBLAS_COMPUTE_32F || ct == CUBLAS_COMPUTE_32F_PEDANTIC ||
         ct == CUBLAS_COMPUTE_32F_FAST_16F || ct == CUBLAS_COMPUTE_32F_FAST_16BF ||
         ct == CUBLAS_COMPUTE_32F_FAST_TF32))
        return 1;
    if (a == CUDA_R_64F && (ct == CUBLAS_COMPUTE_64F || ct == CUBLAS_COMPUTE_64F_PEDANTIC))
        return 2;
    return 0;
}
cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                            int n, int k, const void *alpha, const void *A, cudaDataType Atype,
                            int lda, const void *B, cudaDataType Btype, int ldb, const void *beta,
                            void *C, cudaDataType Ctype, int ldc, cublasComputeType_t ct,
                            cublasGemmAlgo_t algo)
{
    (void)algo;
    switch (gemm_ex_kind(Atype, Btype, Ctype, ct)) {
    case 1:
        return cublasSgemm(h, ta, tb, m, n, k, (const float *)alpha, (const float *)A, lda,
                           (const float *)B, ldb, (const float *)beta, (float *)C, ldc);
    case 2:
        return cublasDgemm(h, ta, tb, m, n, k, (const double *)alpha, (const double *)A, lda,
                           (const double *)B, ldb, (const double *)beta, (double *)C, ldc);
    default:
        return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
    }
}
cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                   int m, int n, int k, const void *alpha,
                                   const void *const Aarray[], cudaDataType Atype, int lda,
                                   const void *const Barray[], cudaDataType Btype, int ldb,
                                   const void *beta, void *const Carray[], cudaDataType Ctype,
                                   int ldc, int batchCount, cublasComputeType_t ct,
                                   cublasGemmAlgo_t algo)
{
    (void)algo;
    switch (gemm_ex_kind(Atype, Btype, Ctype, ct)) {
    case 1:
        return cublasSgemmBatched(h, ta, tb, m, n, k, (const float *)alpha,
                                  (const float *const *)Aarray, lda, (const float *const *)Barray,
                                  ldb, (const float *)beta, (float *const *)Carray, ldc,
                                  batchCount);
    case 2:
        return cublasDgemmBatched(h, ta, tb, m, n, k, (const double *)alpha,
                                  (const double *const *)Aarray, lda, (const double *const *)Barray,
                                  ldb, (const double *)beta, (double *const *)Carray, ldc,
                                  batchCount);
    default:
        return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
    }
}
cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t ta,
                                          cublasOperation_t tb, int m, int n, int k,
                                          const void *alpha, const void *A, cudaDataType Atype,
                                          int lda, long long int strideA, const void *B,
                                          cudaDataType Btype, int ldb, long long int strideB,
                                          const void *beta, void *C, cudaDataType Ctype, int ldc,
                                          long long int strideC, int batchCount,
                                          cublasComputeType_t ct, cublasGemmAlgo_t algo)
{
    (void)algo;
    switch (gemm_ex_kind(Atype, Btype, Ctype, ct)) {
    case 1:
        return cublasSgemmStridedBatched(h, ta, tb, m, n, k, (const float *)alpha, (const float *)A,
                                         lda, strideA, (const float *)B, ldb, strideB,
                                         (const float *)beta, (float *)C, ldc, strideC, batchCount);
    case 2:
        return cublasDgemmStridedBatched(h, ta, tb, m, n, k, (const double *)alpha,
                                         (const double *)A, lda, strideA, (const double *)B, ldb,
                                         strideB, (const double *)beta, (double *)C, ldc, strideC,
                                         batchCount);
    default:
        return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
    }
}

} /* extern "C" */
