/* cudart_check.h - checks shared by the cudart.* test programs. Each program prints PASS
 * and returns 0 when every expectation holds; any failed expectation names itself. */
#ifndef CUDART_CHECK_H
#define CUDART_CHECK_H

#include <stdio.h>
#include <stdlib.h>

static int cudart_failures = 0;

/* ON_SIMT: 1 under this project's runtime, 0 under NVIDIA's (scripts/device-check builds these
 * programs with nvcc and runs them on a GPU). Expectations about what CUDA leaves undefined
 * (a handle used after it is destroyed, say) or about this runtime's documented limits hold
 * only under ours. */
#ifdef SIMT_CUDA_RUNTIME_API_H
#define ON_SIMT 1
#else
#define ON_SIMT 0
#endif

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cudaError_t check_e_ = (call);                                                             \
        if (check_e_ != cudaSuccess) {                                                             \
            fprintf(stderr, "%s:%d: %s returned %s\n", __FILE__, __LINE__, #call,                  \
                    cudaGetErrorName(check_e_));                                                   \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#define EXPECT(cond)                                                                               \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: expectation failed: %s\n", __FILE__, __LINE__, #cond);         \
            cudart_failures++;                                                                     \
        }                                                                                          \
    } while (0)

#define EXPECT_ERR(call, code)                                                                     \
    do {                                                                                           \
        cudaError_t check_e_ = (call);                                                             \
        if (check_e_ != (code)) {                                                                  \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s\n", __FILE__, __LINE__, #call,     \
                    cudaGetErrorName(check_e_), #code);                                            \
            cudart_failures++;                                                                     \
        }                                                                                          \
    } while (0)

/* a == b for integers, printing both when they differ */
#define EXPECT_EQ(a, b)                                                                            \
    do {                                                                                           \
        unsigned long long eq_a_ = (unsigned long long)(a), eq_b_ = (unsigned long long)(b);       \
        if (eq_a_ != eq_b_) {                                                                      \
            fprintf(stderr, "%s:%d: %s is %llu, expected %s = %llu\n", __FILE__, __LINE__, #a,     \
                    eq_a_, #b, eq_b_);                                                             \
            cudart_failures++;                                                                     \
        }                                                                                          \
    } while (0)

static inline int cudart_finish(const char *name)
{
    if (cudart_failures) {
        fprintf(stderr, "%s: %d expectation(s) failed\n", name, cudart_failures);
        return 1;
    }
    printf("%s: PASS\n", name);
    return 0;
}

#ifdef __cplusplus
#include <vector>
/* a device copy of a host vector (cudaFree it), and a host copy of n device elements */
template <typename T> static T *cudart_dev(const std::vector<T> &h)
{
    T *d = NULL;
    CHECK(cudaMalloc(&d, h.size() * sizeof(T) + 1));
    CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}
template <typename T> static std::vector<T> cudart_host(const T *d, size_t n)
{
    std::vector<T> h(n);
    CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}
#endif

#endif
