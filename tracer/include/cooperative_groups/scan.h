/*
 * cooperative_groups/scan.h - cooperative_groups::inclusive_scan and exclusive_scan over a
 * thread_block_tile<N> or a coalesced_group (Hillis-Steele with shfl_up by rank, log2 size
 * steps), with the operators of reduce.h (plus by default). The thread of rank 0 gets T() from
 * exclusive_scan.
 */
#ifndef SIMT_CG_SCAN_H
#define SIMT_CG_SCAN_H

#include "reduce.h"

#if defined(__cplusplus) && defined(__CUDA__)
namespace cooperative_groups
{
template <unsigned int N, class T, class Op>
__device__ static inline T inclusive_scan(const thread_block_tile<N> &g, T v, Op op)
{
    const unsigned int r = g.thread_rank();
    for (unsigned int d = 1; d < N; d *= 2) {
        T y = g.shfl_up(v, d);
        if (r >= d)
            v = op(v, y);
    }
    return v;
}
template <unsigned int N, class T>
__device__ static inline T inclusive_scan(const thread_block_tile<N> &g, T v)
{
    return inclusive_scan(g, v, plus<T>());
}
template <unsigned int N, class T, class Op>
__device__ static inline T exclusive_scan(const thread_block_tile<N> &g, T v, Op op)
{
    T in = inclusive_scan(g, v, op);
    T prev = g.shfl_up(in, 1);
    return g.thread_rank() == 0 ? T() : prev;
}
template <unsigned int N, class T>
__device__ static inline T exclusive_scan(const thread_block_tile<N> &g, T v)
{
    return exclusive_scan(g, v, plus<T>());
}

/* a coalesced group's members in rank order (lane order), shuffled by rank */
template <class T, class Op>
__device__ static inline T inclusive_scan(const coalesced_group &g, T v, Op op)
{
    const unsigned int r = g.thread_rank(), n = g.size();
    for (unsigned int d = 1; d < n; d *= 2) {
        T y = g.shfl_up(v, d);
        if (r >= d)
            v = op(v, y);
    }
    return v;
}
template <class T> __device__ static inline T inclusive_scan(const coalesced_group &g, T v)
{
    return inclusive_scan(g, v, plus<T>());
}
template <class T, class Op>
__device__ static inline T exclusive_scan(const coalesced_group &g, T v, Op op)
{
    T in = inclusive_scan(g, v, op);
    T prev = g.shfl_up(in, 1);
    return g.thread_rank() == 0 ? T() : prev;
}
template <class T> __device__ static inline T exclusive_scan(const coalesced_group &g, T v)
{
    return exclusive_scan(g, v, plus<T>());
}
} // namespace cooperative_groups
#endif
#endif
