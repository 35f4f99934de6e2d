/*
 * cooperative_groups/reduce.h - cooperative_groups::reduce over a thread_block_tile<N> or a
 * coalesced_group, with the operators plus, less (minimum), greater (maximum), bit_and,
 * bit_or and bit_xor. Every thread of the group gets the result. A tile reduces by a
 * butterfly of shfl_xor (log2 N steps); a coalesced group, whose threads need not be
 * contiguous lanes, reads every member's value in lane order.
 */
#ifndef SIMT_CG_REDUCE_H
#define SIMT_CG_REDUCE_H

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDA__)
namespace cooperative_groups
{
template <class T> struct plus {
    __device__ T operator()(T a, T b) const
    {
        return a + b;
    }
};
template <class T> struct less { /* the smaller: reduce gives the minimum */
    __device__ T operator()(T a, T b) const
    {
        return b < a ? b : a;
    }
};
template <class T> struct greater { /* the larger: reduce gives the maximum */
    __device__ T operator()(T a, T b) const
    {
        return a < b ? b : a;
    }
};
template <class T> struct bit_and {
    __device__ T operator()(T a, T b) const
    {
        return a & b;
    }
};
template <class T> struct bit_or {
    __device__ T operator()(T a, T b) const
    {
        return a | b;
    }
};
template <class T> struct bit_xor {
    __device__ T operator()(T a, T b) const
    {
        return a ^ b;
    }
};

template <unsigned int N, class T, class Op>
__device__ static inline T reduce(const thread_block_tile<N> &g, T v, Op op)
{
    for (unsigned int d = N / 2; d > 0; d /= 2)
        v = op(v, g.shfl_xor(v, d));
    return v;
}

template <class T, class Op> __device__ static inline T reduce(const coalesced_group &g, T v, Op op)
{
    const unsigned int m = g.ballot(1); /* the members, as lanes */
    unsigned int rest = m & (m - 1);
    T acc = __shfl_sync(m, v, __ffs(m) - 1);
    for (; rest; rest &= rest - 1)
        acc = op(acc, __shfl_sync(m, v, __ffs(rest) - 1));
    return acc;
}
} // namespace cooperative_groups
#endif
#endif
