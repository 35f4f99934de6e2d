/* cudart.cublas_ex: cuBLAS's "Ex" GEMMs (cublasGemmEx, cublasGemmBatchedEx,
 * cublasGemmStridedBatchedEx) with cudaDataType_t from library_types.h, which programs written
 * for cuBLAS 11 call where older ones call cublasSgemm; before they existed such a program
 * failed to compile. Float and double products against the host (small integers, so exact),
 * and CUBLAS_STATUS_NOT_SUPPORTED for a type combination the subset does not have. */
#include <cublas_v2.h>

#include "cudart_check.h"

#define CB(call) EXPECT_EQ((call), CUBLAS_STATUS_SUCCESS)

template <typename T>
static void host_gemm(int m, int n, int k, const T *A, const T *B, T *C, T alpha, T beta)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            T s = 0;
            for (int q = 0; q < k; q++)
                s += A[i + q * m] * B[q + j * k];
            C[i + j * m] = alpha * s + beta * C[i + j * m];
        }
}

int main()
{
    const int m = 7, n = 5, k = 3, batch = 2;
    std::vector<float> A(batch * m * k), B(batch * k * n), C(batch * m * n);
    for (size_t i = 0; i < A.size(); i++)
        A[i] = (float)((int)(i * 5 % 7) - 3);
    for (size_t i = 0; i < B.size(); i++)
        B[i] = (float)((int)(i * 3 % 5) - 2);
    for (size_t i = 0; i < C.size(); i++)
        C[i] = (float)(i % 4);
    cublasHandle_t h;
    CB(cublasCreate(&h));
    float *dA = cudart_dev(A), *dB = cudart_dev(B), *dC = cudart_dev(C);
    const float fa = 2.0f, fb = -1.0f;
    CB(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &fa, dA, CUDA_R_32F, m, dB, CUDA_R_32F, k,
                    &fb, dC, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    std::vector<float> want = C;
    host_gemm(m, n, k, A.data(), B.data(), want.data(), fa, fb);
    std::vector<float> got = cudart_host(dC, C.size());
    EXPECT(std::equal(want.begin(), want.begin() + m * n, got.begin()));

    /* strided batched in double */
    std::vector<double> dA64(A.begin(), A.end()), dB64(B.begin(), B.end()), dC64(C.size(), 0.0);
    double *eA = cudart_dev(dA64), *eB = cudart_dev(dB64), *eC = cudart_dev(dC64);
    const double one = 1.0, zero = 0.0;
    CB(cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, eA, CUDA_R_64F, m,
                                  m * k, eB, CUDA_R_64F, k, k * n, &zero, eC, CUDA_R_64F, m, m * n,
                                  batch, CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT_TENSOR_OP));
    std::vector<double> w64(C.size(), 0.0);
    for (int b = 0; b < batch; b++)
        host_gemm(m, n, k, dA64.data() + b * m * k, dB64.data() + b * k * n, w64.data() + b * m * n,
                  1.0, 0.0);
    EXPECT(cudart_host(eC, C.size()) == w64);

    /* batched through arrays of device pointers, float with the TF32 compute type */
    float *ptrs[3 * batch];
    for (int b = 0; b < batch; b++) {
        ptrs[b] = dA + b * m * k;
        ptrs[batch + b] = dB + b * k * n;
        ptrs[2 * batch + b] = dC + b * m * n;
    }
    float **dptrs;
    CHECK(cudaMalloc(&dptrs, sizeof ptrs));
    CHECK(cudaMemcpy(dptrs, ptrs, sizeof ptrs, cudaMemcpyHostToDevice));
    const float f1 = 1.0f, f0 = 0.0f;
    CB(cublasGemmBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &f1, (const void *const *)dptrs,
                           CUDA_R_32F, m, (const void *const *)(dptrs + batch), CUDA_R_32F, k, &f0,
                           (void *const *)(dptrs + 2 * batch), CUDA_R_32F, m, batch,
                           CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT));
    std::vector<float> wf(C.size(), 0.0f);
    for (int b = 0; b < batch; b++)
        host_gemm(m, n, k, A.data() + b * m * k, B.data() + b * k * n, wf.data() + b * m * n, 1.0f,
                  0.0f);
    EXPECT(cudart_host(dC, C.size()) == wf);

    /* half inputs are not in the subset */
    EXPECT_EQ(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &fa, dA, CUDA_R_16F, m, dB,
                           CUDA_R_16F, k, &fb, dC, CUDA_R_32F, m, CUBLAS_COMPUTE_32F,
                           CUBLAS_GEMM_DEFAULT),
              ON_SIMT ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_SUCCESS);
    CB(cublasDestroy(h));
    CHECK(cudaFree(dA));
    CHECK(cudaFree(dB));
    CHECK(cudaFree(dC));
    CHECK(cudaFree(eA));
    CHECK(cudaFree(eB));
    CHECK(cudaFree(eC));
    CHECK(cudaFree(dptrs));
    return cudart_finish("cudart.cublas_ex");
}
