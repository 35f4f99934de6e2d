/*
 * cooperative_groups.h - the thread-block and warp-tile part of CUDA's cooperative groups,
 * built on the intrinsics of cuda_runtime.h (no virtual functions: every group type is a
 * plain value, so device code has no indirect calls).
 *
 *   this_thread_block()          thread_block: sync, thread_rank, size/num_threads,
 *                                group_index, thread_index, group_dim/dim_threads
 *   tiled_partition<N>(block)    thread_block_tile<N> (N = 1, 2, 4, ..., 32): sync,
 *                                thread_rank, size/num_threads, meta_group_rank/size, shfl,
 *                                shfl_up/down/xor, any, all, ballot, match_any
 *   tiled_partition(block, n)    thread_group (n a power of two <= 32, or the whole block)
 *   coalesced_threads()          coalesced_group: sync, thread_rank, size, ballot, any, all,
 *                                shfl/shfl_up/shfl_down by rank, match_any/match_all
 *   labeled_partition(g, label)  coalesced_group of g's threads with the caller's label;
 *   binary_partition(g, pred)    the same split by a predicate (g a tile or coalesced group)
 *   cooperative_groups/memcpy_async.h  memcpy_async(group, dst, src, bytes), wait(group),
 *                                wait_prior<N>(group): the group copies at once, wait syncs
 *   cooperative_groups/reduce.h  reduce(tile or coalesced group, v, op) with plus, less,
 *                                greater, bit_and, bit_or, bit_xor
 *   cooperative_groups/scan.h    inclusive_scan / exclusive_scan over a tile
 *   this_grid()                  grid_group: sync (a grid-wide barrier: the tracer keeps every
 *                                CTA of the launch resident and resumes them all once each
 *                                arrived, docs/TRACER.md), thread_rank, size, num_blocks,
 *                                block_rank, is_valid; launch with cudaLaunchCooperativeKernel
 *                                or <<<>>> (the grid must fit the device at once)
 */
#ifndef SIMT_COOPERATIVE_GROUPS_H
#define SIMT_COOPERATIVE_GROUPS_H

#include "cuda_runtime.h"

#if defined(__cplusplus) && defined(__CUDA__)

namespace cooperative_groups
{
namespace details
{
__device__ static inline unsigned int linear_tid()
{
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ static inline unsigned int lane_id()
{
    return __nvvm_read_ptx_sreg_laneid();
}
__device__ static inline unsigned int tile_mask(unsigned int n)
{
    if (n >= 32)
        return 0xffffffffu;
    unsigned int base = lane_id() & ~(n - 1);
    return ((1u << n) - 1) << base;
}
} // namespace details

class thread_block
{
  public:
    __device__ void sync() const
    {
        __syncthreads();
    }
    __device__ unsigned int thread_rank() const
    {
        return details::linear_tid();
    }
    __device__ unsigned int size() const
    {
        return blockDim.x * blockDim.y * blockDim.z;
    }
    __device__ unsigned int num_threads() const
    {
        return size();
    }
    __device__ dim3 group_index() const
    {
        return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
    }
    __device__ dim3 thread_index() const
    {
        return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
    }
    __device__ dim3 group_dim() const
    {
        return dim3(blockDim.x, blockDim.y, blockDim.z);
    }
    __device__ dim3 dim_threads() const
    {
        return group_dim();
    }
};

__device__ static inline thread_block this_thread_block()
{
    return thread_block();
}

__device__ static inline void sync(const thread_block &g)
{
    g.sync();
}

} // namespace cooperative_groups
extern "C" __device__ void __simt_grid_sync(void); /* the tracer's grid-wide barrier */
namespace cooperative_groups
{

/* The whole grid of a launch. */
class grid_group
{
  public:
    __device__ void sync() const
    {
        __simt_grid_sync();
    }
    __device__ bool is_valid() const
    {
        return true;
    }
    __device__ unsigned long long num_blocks() const
    {
        return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
    }
    __device__ unsigned long long block_rank() const
    {
        return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    }
    __device__ unsigned long long size() const
    {
        return num_blocks() * blockDim.x * blockDim.y * blockDim.z;
    }
    __device__ unsigned long long num_threads() const
    {
        return size();
    }
    __device__ unsigned long long thread_rank() const
    {
        return block_rank() * blockDim.x * blockDim.y * blockDim.z + details::linear_tid();
    }
};

__device__ static inline grid_group this_grid()
{
    return grid_group();
}

/* A group of `n` consecutive threads of the block (n a power of two <= 32), or the block. */
class thread_group
{
    unsigned int n_;

  public:
    __device__ explicit thread_group(unsigned int n) : n_(n) {}
    __device__ void sync() const
    {
        if (n_ > 32)
            __syncthreads();
        else
            __syncwarp(details::tile_mask(n_));
    }
    __device__ unsigned int thread_rank() const
    {
        return n_ > 32 ? details::linear_tid() : details::linear_tid() & (n_ - 1);
    }
    __device__ unsigned int size() const
    {
        return n_;
    }
    __device__ unsigned int num_threads() const
    {
        return n_;
    }
};

__device__ static inline thread_group tiled_partition(const thread_block &parent,
                                                      unsigned int tile_size)
{
    return thread_group(tile_size >= 32 && tile_size >= parent.size() ? parent.size() : tile_size);
}

template <unsigned int N> class thread_block_tile
{
    static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0,
                  "thread_block_tile<N>: N must be a power of two <= 32");

  public:
    __device__ unsigned int mask() const
    {
        return details::tile_mask(N);
    }
    __device__ void sync() const
    {
        __syncwarp(mask());
    }
    __device__ unsigned int thread_rank() const
    {
        return details::linear_tid() & (N - 1);
    }
    __device__ unsigned int size() const
    {
        return N;
    }
    __device__ unsigned int num_threads() const
    {
        return N;
    }
    __device__ unsigned int meta_group_rank() const
    {
        return details::linear_tid() / N;
    }
    __device__ unsigned int meta_group_size() const
    {
        return (blockDim.x * blockDim.y * blockDim.z + N - 1) / N;
    }
    template <class T> __device__ T shfl(T var, int src_rank) const
    {
        return __shfl_sync(mask(), var, src_rank, N);
    }
    template <class T> __device__ T shfl_up(T var, unsigned int delta) const
    {
        return __shfl_up_sync(mask(), var, delta, N);
    }
    template <class T> __device__ T shfl_down(T var, unsigned int delta) const
    {
        return __shfl_down_sync(mask(), var, delta, N);
    }
    template <class T> __device__ T shfl_xor(T var, unsigned int lane_mask) const
    {
        return __shfl_xor_sync(mask(), var, lane_mask, N);
    }
    __device__ int any(int pred) const
    {
        return __any_sync(mask(), pred);
    }
    __device__ int all(int pred) const
    {
        return __all_sync(mask(), pred);
    }
    /* bit i = predicate of the tile's thread of rank i */
    __device__ unsigned int ballot(int pred) const
    {
        unsigned int b = __ballot_sync(mask(), pred);
        return N >= 32 ? b : (b >> (details::lane_id() & ~(N - 1))) & ((1u << N) - 1);
    }
    template <class T> __device__ unsigned int match_any(T val) const
    {
        unsigned int b = __match_any_sync(mask(), val);
        return N >= 32 ? b : (b >> (details::lane_id() & ~(N - 1))) & ((1u << N) - 1);
    }
    __device__ operator thread_group() const
    {
        return thread_group(N);
    }
};

template <unsigned int N>
__device__ static inline thread_block_tile<N> tiled_partition(const thread_block &)
{
    return thread_block_tile<N>();
}

/* The lane of the rank-th set bit of m (rank counted from 0 in lane order). */
__device__ static inline unsigned int details_nth_lane(unsigned int m, unsigned int rank)
{
    for (; rank; rank--)
        m &= m - 1;
    return (unsigned int)(__ffs(m) - 1);
}

/* The threads of the warp that are active at the call (or a partition of them). Ranks count
 * the members in lane order; shuffles address members by rank. */
class coalesced_group
{
    unsigned int mask_;

  public:
    __device__ explicit coalesced_group(unsigned int m) : mask_(m) {}
    __device__ unsigned int get_mask() const
    {
        return mask_;
    }
    __device__ unsigned int meta_group_rank() const
    {
        return 0;
    }
    __device__ unsigned int meta_group_size() const
    {
        return 1;
    }
    template <class T> __device__ T shfl(T var, unsigned int src_rank) const
    {
        return __shfl_sync(mask_, var, details_nth_lane(mask_, src_rank % size()));
    }
    /* from the member delta ranks below (above); a member with none keeps its own value */
    template <class T> __device__ T shfl_up(T var, unsigned int delta) const
    {
        const unsigned int r = thread_rank();
        const unsigned int src =
            r >= delta ? details_nth_lane(mask_, r - delta) : details::lane_id();
        return __shfl_sync(mask_, var, src);
    }
    template <class T> __device__ T shfl_down(T var, unsigned int delta) const
    {
        const unsigned int r = thread_rank();
        const unsigned int src =
            r + delta < size() ? details_nth_lane(mask_, r + delta) : details::lane_id();
        return __shfl_sync(mask_, var, src);
    }
    /* the members (as ranks) holding the same value */
    template <class T> __device__ unsigned int match_any(T val) const
    {
        return details_ranks(mask_, __match_any_sync(mask_, val));
    }
    template <class T> __device__ unsigned int match_all(T val, int &pred) const
    {
        return details_ranks(mask_, __match_all_sync(mask_, val, &pred));
    }
    /* lane mask sub of the members -> the same members as a mask of ranks */
    __device__ static unsigned int details_ranks(unsigned int members, unsigned int sub)
    {
        unsigned int r = 0, k = 0;
        for (unsigned int m = members; m; m &= m - 1, k++)
            if (sub & (m & -m))
                r |= 1u << k;
        return r;
    }
    __device__ void sync() const
    {
        __syncwarp(mask_);
    }
    __device__ unsigned int size() const
    {
        return __popc(mask_);
    }
    __device__ unsigned int num_threads() const
    {
        return size();
    }
    __device__ unsigned int thread_rank() const
    {
        return __popc(mask_ & ((1u << details::lane_id()) - 1));
    }
    __device__ unsigned int ballot(int pred) const
    {
        return __ballot_sync(mask_, pred);
    }
    __device__ int any(int pred) const
    {
        return __any_sync(mask_, pred);
    }
    __device__ int all(int pred) const
    {
        return __all_sync(mask_, pred);
    }
};

__device__ static inline coalesced_group coalesced_threads()
{
    return coalesced_group(__activemask());
}

/* The members of g with the same label as the calling thread (CUDA 11's labeled_partition);
 * binary_partition splits g by a predicate. */
template <class Label>
__device__ static inline coalesced_group labeled_partition(const coalesced_group &g, Label label)
{
    return coalesced_group(__match_any_sync(g.get_mask(), label));
}
template <unsigned int N, class Label>
__device__ static inline coalesced_group labeled_partition(const thread_block_tile<N> &g,
                                                           Label label)
{
    return coalesced_group(__match_any_sync(g.mask(), label));
}
__device__ static inline coalesced_group binary_partition(const coalesced_group &g, bool pred)
{
    const unsigned int b = __ballot_sync(g.get_mask(), pred);
    return coalesced_group(pred ? b : g.get_mask() & ~b);
}
template <unsigned int N>
__device__ static inline coalesced_group binary_partition(const thread_block_tile<N> &g, bool pred)
{
    const unsigned int b = __ballot_sync(g.mask(), pred);
    return coalesced_group(pred ? b : g.mask() & ~b);
}

template <class Group> __device__ static inline void sync(const Group &g)
{
    g.sync();
}

} // namespace cooperative_groups

#endif
#endif
