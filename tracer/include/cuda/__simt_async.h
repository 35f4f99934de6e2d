/*
 * cuda/__simt_async.h - what cuda/barrier and cuda/pipeline share (simt toolchain, written for
 * this project from libcu++'s documented interface): cuda::aligned_size_t,
 * cuda::async_contract_fulfillment, the copy that stands for memcpy_async, and the wait loop.
 *
 * The copies are made at once, by the calling thread (or the group's threads), as plain loads
 * and stores - 16, 8, 4 or 1 bytes at a time as the addresses and the size allow - so they are
 * in the trace like any copy and are complete when memcpy_async returns. That is what every
 * wait of the API then promises, so programs observe the same results; the asynchrony (a copy
 * overlapping later work) is not modelled.
 *
 * Waiting (barrier phases, pipeline stages) polls a phase word in memory. The interpreter runs
 * a warp's threads in lockstep and a CTA's warps in time slices (docs/TRACER.md), so a thread
 * waiting for a thread of ANOTHER warp always gets there: the other warp runs in the next
 * slices. To keep that cheap, a warp whose every thread polls executes `bar.sync 15, 32` (a
 * named barrier of its own warp only, complete at once on a GPU) between two polls: the
 * interpreter parks the warp at a barrier until the end of the round of time slices, so it
 * polls once per round instead of spinning through its whole slice. A partly active warp
 * cannot do that (a barrier inside divergent code is an error) and polls without the barrier.
 * Threads of ONE warp that wait for each other from different sides of a branch cannot both
 * progress under lockstep execution: the tracer stops that kernel with its deadlock error
 * (watchdog). A warp that polls more than 2^20 rounds in vain (every thread waiting: a
 * barrier that never completes, or arrivals expected from another CTA, which runs after this
 * one) stops the kernel with a message and a trap.
 */
#ifndef SIMT_CUDA_ASYNC_H
#define SIMT_CUDA_ASYNC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../host_defines.h"
#include "std/atomic" /* cuda::thread_scope */

#if !defined(__CUDA_ARCH__)
#include <sched.h>
#endif

namespace cuda
{
/* a size in bytes that is a multiple of Alignment, both pointers of the copy aligned to it */
template <size_t Alignment> struct aligned_size_t {
    static_assert(Alignment != 0 && (Alignment & (Alignment - 1)) == 0,
                  "cuda::aligned_size_t: the alignment must be a power of two");
    static constexpr size_t align = Alignment;
    size_t value;
    __host__ __device__ explicit constexpr aligned_size_t(size_t size) : value(size) {}
    __host__ __device__ constexpr operator size_t() const
    {
        return value;
    }
};

/* what memcpy_async did with the barrier: `none`, the copy is complete when it returns */
enum class async_contract_fulfillment { none, async };

namespace __simt_async
{
template <class Shape> __host__ __device__ inline size_t bytes(const Shape &s)
{
    return static_cast<size_t>(s);
}

/* the widest piece (16, 8, 4 or 1 bytes) both addresses and the size are multiples of */
__host__ __device__ inline unsigned int piece(const void *dst, const void *src, size_t n)
{
    const size_t a = (size_t)dst | (size_t)src | n;
    return (a & 15) == 0 ? 16 : (a & 7) == 0 ? 8 : (a & 3) == 0 ? 4 : 1;
}

template <class P>
__host__ __device__ inline void copy_as(void *dst, const void *src, size_t n, size_t first,
                                        size_t step)
{
    P *d = static_cast<P *>(dst);
    const P *s = static_cast<const P *>(src);
    for (size_t i = first; i < n / sizeof(P); i += step)
        d[i] = s[i];
}

/* pieces first, first + step, ... of the copy: step threads share it, each its own pieces */
__host__ __device__ inline void copy_part(void *dst, const void *src, size_t n, size_t first,
                                          size_t step)
{
#if defined(__CUDA_ARCH__)
    switch (piece(dst, src, n)) {
    case 16:
        copy_as<int4>(dst, src, n, first, step);
        break;
    case 8:
        copy_as<int2>(dst, src, n, first, step);
        break;
    case 4:
        copy_as<int>(dst, src, n, first, step);
        break;
    default:
        copy_as<char>(dst, src, n, first, step);
    }
#else
    (void)step;
    if (first == 0)
        memcpy(dst, src, n);
#endif
}

/* the calling thread's copy */
__host__ __device__ inline void copy(void *dst, const void *src, size_t n)
{
    copy_part(dst, src, n, 0, 1);
}

/* a group's copy (cooperative groups: size() threads, thread_rank()) */
template <class Group>
__host__ __device__ inline void copy_group(const Group &g, void *dst, const void *src, size_t n)
{
    copy_part(dst, src, n, g.thread_rank(), g.size());
}

/* phase words and counters: CUDA's atomic functions in kernels, __atomic on the host */
__host__ __device__ inline unsigned int load(const unsigned int *p)
{
#if defined(__CUDA_ARCH__)
    return *(const volatile unsigned int *)p;
#else
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#endif
}
__host__ __device__ inline void store(unsigned int *p, unsigned int v)
{
#if defined(__CUDA_ARCH__)
    *(volatile unsigned int *)p = v;
#else
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
#endif
}
/* *p -= v; returns the old value */
__host__ __device__ inline int sub(int *p, int v)
{
#if defined(__CUDA_ARCH__)
    return atomicSub(p, v);
#else
    return __atomic_fetch_sub(p, v, __ATOMIC_ACQ_REL);
#endif
}

#if defined(__CUDA_ARCH__)
/* the lanes of the calling thread's warp that exist (a CTA's last warp may be partial) */
__device__ inline unsigned int warp_lanes()
{
    const unsigned int n = blockDim.x * blockDim.y * blockDim.z;
    const unsigned int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    const unsigned int base = t & ~31u;
    return n - base >= 32 ? 0xffffffffu : (1u << (n - base)) - 1;
}
#endif

/* until *phase differs from `old` (see the top of this file) */
__host__ __device__ inline void wait_change(const unsigned int *phase, unsigned int old)
{
#if defined(__CUDA_ARCH__)
    unsigned int rounds = 0;
    while (load(phase) == old) {
        if (__activemask() == warp_lanes()) {
            if (++rounds > (1u << 20)) {
                if (__ffs(__activemask()) - 1 ==
                    (int)__nvvm_read_ptx_sreg_laneid()) /* once a warp */
                    printf("cuda::barrier/pipeline: thread %u of block %u waited 2^20 rounds for "
                           "a phase that does not complete (too few arrivals, or arrivals "
                           "expected from another block, which runs after this one)\n",
                           threadIdx.x, blockIdx.x);
                __trap();
            }
            /* a barrier of this warp alone: the interpreter parks the warp until the other
             * warps have had their time slice */
            __nvvm_barrier_sync_cnt(15, 32);
        } else {
            __nanosleep(32);
        }
    }
#else
    while (load(phase) == old)
        sched_yield();
#endif
}
} // namespace __simt_async
} // namespace cuda

#endif
