/*
 * mma.h - CUDA's warp matrix functions (nvcuda::wmma) for the shape sm_70 has: 16 x 16 x 16
 * with half inputs and float or half accumulators. Written for this project from the CUDA
 * Programming Guide's description of the API (fragment, fill_fragment, load_matrix_sync,
 * store_matrix_sync, mma_sync).
 *
 * The fragment layout is unspecified by CUDA; here lane l holds elements 8l .. 8l+7 of the
 * tile in row-major order (row l/2, columns 8(l%2) .. 8(l%2)+7). mma_sync computes
 * D = A B + C with warp shuffles and fused multiply-adds in float (products of halves are
 * exact in float; the sums are rounded in float, in k order), so a program computes what it
 * would on a tensor core up to float rounding. The trace therefore holds shuffles and FMAs,
 * not one tensor-core instruction: the timing of a tensor-core kernel is that of this SIMT
 * code (docs/CUDA_SUPPORT.md). Every lane of the warp must take part, as CUDA requires.
 */
#ifndef SIMT_MMA_H
#define SIMT_MMA_H

#include "cuda_fp16.h"

#if defined(__cplusplus) && defined(__CUDA__)
namespace nvcuda
{
namespace wmma
{
struct matrix_a {
};
struct matrix_b {
};
struct accumulator {
};
struct row_major {
};
struct col_major {
};
enum layout_t { mem_row_major, mem_col_major };

template <class Use, int M, int N, int K, class T, class Layout = void> struct fragment {
    static_assert(M == 16 && N == 16 && K == 16,
                  "simt: wmma supports the 16 x 16 x 16 shape (sm_70's m16n16k16) only");
    enum { num_elements = 8 };
    T x[8];
};

namespace detail
{
template <class T> struct same { /* a non-deduced context */
    typedef T type;
};
__device__ static inline unsigned int lane()
{
    return __nvvm_read_ptx_sreg_laneid();
}
__device__ static inline float to_float(float v)
{
    return v;
}
__device__ static inline float to_float(__half v)
{
    return __half2float(v);
}
template <class T> __device__ static inline T from_float(float v);
template <> __device__ inline float from_float<float>(float v)
{
    return v;
}
template <> __device__ inline __half from_float<__half>(float v)
{
    return __float2half(v);
}
/* element j of this lane: its row and column in the 16 x 16 tile */
__device__ static inline unsigned int row_of(unsigned int)
{
    return lane() / 2;
}
__device__ static inline unsigned int col_of(unsigned int j)
{
    return (lane() % 2) * 8 + j;
}
} // namespace detail

/* (the value converts to the element type, as in CUDA: fill_fragment(acc, 0) is allowed) */
template <class Use, int M, int N, int K, class T, class Layout>
__device__ static inline void fill_fragment(fragment<Use, M, N, K, T, Layout> &f,
                                            const typename detail::same<T>::type &v)
{
    for (int j = 0; j < 8; j++)
        f.x[j] = v;
}

/* matrix_a / matrix_b: the layout is the fragment's */
template <class Use, class T>
__device__ static inline void load_matrix_sync(fragment<Use, 16, 16, 16, T, row_major> &f,
                                               const T *p, unsigned int ldm)
{
    for (unsigned int j = 0; j < 8; j++)
        f.x[j] = p[detail::row_of(j) * ldm + detail::col_of(j)];
    __syncwarp();
}
template <class Use, class T>
__device__ static inline void load_matrix_sync(fragment<Use, 16, 16, 16, T, col_major> &f,
                                               const T *p, unsigned int ldm)
{
    for (unsigned int j = 0; j < 8; j++)
        f.x[j] = p[detail::col_of(j) * ldm + detail::row_of(j)];
    __syncwarp();
}

/* accumulators: the layout is given at the call */
template <class T>
__device__ static inline void load_matrix_sync(fragment<accumulator, 16, 16, 16, T> &f, const T *p,
                                               unsigned int ldm, layout_t layout)
{
    for (unsigned int j = 0; j < 8; j++) {
        const unsigned int r = detail::row_of(j), c = detail::col_of(j);
        f.x[j] = layout == mem_row_major ? p[r * ldm + c] : p[c * ldm + r];
    }
    __syncwarp();
}
template <class T>
__device__ static inline void store_matrix_sync(T *p, const fragment<accumulator, 16, 16, 16, T> &f,
                                                unsigned int ldm, layout_t layout)
{
    for (unsigned int j = 0; j < 8; j++) {
        const unsigned int r = detail::row_of(j), c = detail::col_of(j);
        if (layout == mem_row_major)
            p[r * ldm + c] = f.x[j];
        else
            p[c * ldm + r] = f.x[j];
    }
    __syncwarp();
}

/* D = A B + C. Lane l computes row r = l/2, columns c0 = 8(l%2) .. c0+7: A(r, k) sits in lane
 * 2r + k/8, element k%8; B(k, c0 + j) in lane 2k + l%2, element j. */
template <class LA, class LB, class TC, class TD>
__device__ static inline void mma_sync(fragment<accumulator, 16, 16, 16, TD> &d,
                                       const fragment<matrix_a, 16, 16, 16, __half, LA> &a,
                                       const fragment<matrix_b, 16, 16, 16, __half, LB> &b,
                                       const fragment<accumulator, 16, 16, 16, TC> &c)
{
    const unsigned int l = detail::lane(), r = l / 2;
    float acc[8];
    for (int j = 0; j < 8; j++)
        acc[j] = detail::to_float(c.x[j]);
    for (unsigned int k = 0; k < 16; k++) {
        const float av = __shfl_sync(0xffffffffu, detail::to_float(a.x[k % 8]), 2 * r + k / 8);
        for (int j = 0; j < 8; j++) {
            const float bv = __shfl_sync(0xffffffffu, detail::to_float(b.x[j]), 2 * k + l % 2);
            acc[j] = fmaf(av, bv, acc[j]);
        }
    }
    for (int j = 0; j < 8; j++)
        d.x[j] = detail::from_float<TD>(acc[j]);
}
} // namespace wmma
} // namespace nvcuda
#endif
#endif
