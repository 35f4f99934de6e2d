/*
 * cooperative_groups/memcpy_async.h - cooperative_groups::memcpy_async, wait and wait_prior
 * (CUDA 11). On the GPUs this toolchain models (sm_70) there is no asynchronous copy
 * hardware and CUDA itself falls back to a copy by the group's threads; here the group copies
 * at once - each thread its share, in 16-, 4- or 1-byte pieces as the addresses and size
 * allow - and wait()/wait_prior() synchronise the group, after which the data is there as the
 * API promises. The copy appears in the trace as the threads' loads and stores.
 */
#ifndef SIMT_CG_MEMCPY_ASYNC_H
#define SIMT_CG_MEMCPY_ASYNC_H

#include <stddef.h>

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDA__)
namespace cooperative_groups
{
namespace details
{
template <class Piece, class Group>
__device__ static inline void copy_pieces(const Group &g, void *dst, const void *src, size_t n)
{
    Piece *d = static_cast<Piece *>(dst);
    const Piece *s = static_cast<const Piece *>(src);
    for (size_t i = g.thread_rank(); i < n; i += g.size())
        d[i] = s[i];
}
} // namespace details

/* `shape` is the size in bytes (a size_t, or any type convertible to it such as
 * cuda::aligned_size_t) */
template <class Group, class Shape>
__device__ static inline void memcpy_async(const Group &g, void *dst, const void *src, Shape shape)
{
    const size_t bytes = static_cast<size_t>(shape);
    const size_t a = (size_t)dst | (size_t)src | bytes;
    if ((a & 15) == 0)
        details::copy_pieces<int4>(g, dst, src, bytes / 16);
    else if ((a & 3) == 0)
        details::copy_pieces<int>(g, dst, src, bytes / 4);
    else
        details::copy_pieces<char>(g, dst, src, bytes);
}

/* the typed form: dst_count elements at dst from src_count at src (the smaller count) */
template <class Group, class T>
__device__ static inline void memcpy_async(const Group &g, T *dst, size_t dst_count, const T *src,
                                           size_t src_count)
{
    memcpy_async(g, (void *)dst, (const void *)src,
                 (dst_count < src_count ? dst_count : src_count) * sizeof(T));
}

template <class Group> __device__ static inline void wait(const Group &g)
{
    g.sync();
}

template <unsigned int N, class Group> __device__ static inline void wait_prior(const Group &g)
{
    g.sync();
}
} // namespace cooperative_groups
#endif
#endif
