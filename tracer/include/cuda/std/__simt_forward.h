/*
 * cuda/std/__simt_forward.h - libcu++'s cuda::std for the simt toolchain (written for this
 * project): the host's standard library under the name cuda::std. What of it runs in device
 * code is what clang allows there - templates, type traits, and constexpr functions (which clang
 * compiles for both sides: numeric_limits, array, tuple, pair, ...); a call of a host-only
 * function from a kernel is a compile error naming it. cuda::std::atomic and cuda::atomic_ref
 * are ours (cuda/std/atomic, cuda/atomic).
 */
#ifndef SIMT_CUDA_STD_FORWARD_H
#define SIMT_CUDA_STD_FORWARD_H
namespace cuda
{
namespace std
{
using namespace ::std;
}
} // namespace cuda
#endif
