/* cudart.headers.*: one translation unit that touches every header and most device
 * functions. It is only compiled (device IR is checked by check_device_ir.cmake), never run. */
#include <cassert>
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <device_launch_parameters.h>
#include <vector_types.h>
#include <math_constants.h>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <curand_kernel.h>
#include <helper_cuda.h>
#include <helper_functions.h>
#include <cutil_inline.h>
#include <cuComplex.h>
#include <helper_math.h>
#include <nvToolsExt.h>
#include <nvtx3/nvToolsExt.h>
#include <cuda_profiler_api.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_pipeline.h>
#include <cuda_pipeline_primitives.h>
#include <cuda/atomic>
#include <cuda/std/array>
#include <cuda/std/atomic>
#include <cuda/std/cstddef>
#include <cuda/std/cstdint>
#include <cuda/std/limits>
#include <cuda/std/tuple>
#include <cuda/std/type_traits>
#include <cuda/std/utility>
#include <cuda_occupancy.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <mma.h>
#include <curand.h>
#include <memory>
#include <builtin_types.h>
#include <channel_descriptor.h>
#include <common_functions.h>
#include <cuda_device_runtime_api.h>
#include <cuda_texture_types.h>
#include <device_types.h>
#include <host_config.h>
#include <sm_35_atomic_functions.h>
#include <surface_types.h>
#include <texture_types.h>

namespace cg = cooperative_groups;

texture<float, 1, cudaReadModeElementType> t1;
texture<uchar4, 2, cudaReadModeNormalizedFloat> t2;
texture<int, 3> t3;
__constant__ float cst[8];
__device__ unsigned long long dcounter;

__device__ float helper(float x)
{
    return __sinf(x) + __cosf(x) + __logf(x + 2.0f) + __powf(x, 2.0f) + rsqrtf(x + 1.0f) + erff(x) +
           lgammaf(x + 1.0f) + tanhf(x) + atan2f(x, 1.0f) + cbrtf(x) + hypotf(x, 1.0f) +
           fmodf(x, 3.0f) + truncf(x) + roundf(x) + rintf(x) + copysignf(x, -1.0f) + exp2f(x) +
           log2f(x + 1.0f) + log10f(x + 1.0f) + expm1f(x) + log1pf(x) + CUDART_PI_F;
}

__device__ double dhelper(double x)
{
    return sin(x) + cos(x) + exp(x) + log(x + 2.0) + sqrt(x + 1.0) + pow(x, 3.0) + fabs(x) +
           floor(x) + ceil(x) + fma(x, 2.0, 1.0) + __dadd_rn(x, 1.0) + __dmul_rz(x, 2.0) +
           __ddiv_rn(x, 3.0) + __drcp_rn(x + 1.0) + __dsqrt_rn(x + 1.0) + CUDART_PI;
}

__global__ void __launch_bounds__(256)
    everything(float *f, double *d, int *i, unsigned *u, unsigned long long seed)
{
    cg::thread_block b = cg::this_thread_block();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(b);
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    __shared__ float sh[256];
    sh[threadIdx.x] = f[t];
    __syncthreads();
    float x = sh[(threadIdx.x + 1) % blockDim.x] + cst[t & 7];
    x += helper(x) + tex1Dfetch(t1, t) + tex1D(t1, x) + tex2D(t2, x, x).x + tex3D(t3, x, x, x);
    x += __fdividef(x, 3.0f) + __saturatef(x) + __fmul_rn(x, x) + __fadd_rz(x, 1.0f) +
         __frcp_rn(x + 1.0f) + __fsqrt_rn(x + 1.0f) + __int2float_rn(t) + __uint2float_rz(t);
    d[t] =
        dhelper((double)x) + __int2double_rn(t) + __longlong_as_double(0) + __hiloint2double(1, 2);
    int v = __popc(t) + __clz(t) + __ffs(t) + __popcll(t) + __clzll(t) + __ffsll(t) +
            __mul24(t, t) + __umul24(t, t) + __mulhi(t, t) + (int)__umulhi(t, t) + (int)__brev(t) +
            (int)__brevll(t) + (int)__byte_perm(t, t, 0x3210) + __sad(t, 1, 2) + __float2int_rn(x) +
            __float2int_rz(x) + __float2int_ru(x) + __float2int_rd(x) + (int)__float2uint_rn(x) +
            (int)__float2ll_rn(x) + __double2int_rn(x) + __float_as_int(x) +
            (int)__double2hiint(x) + (int)__double2loint(x) + abs(t) + min(t, 3) + max(t, 4) +
            (int)umin(t, 5) + (int)umax(t, 6) + __hadd(t, 1) + __rhadd(t, 1);
    v += __shfl_sync(0xffffffffu, v, 0) + __shfl_up_sync(0xffffffffu, v, 1) +
         __shfl_down_sync(0xffffffffu, v, 1) + __shfl_xor_sync(0xffffffffu, v, 1) +
         (int)__shfl_sync(0xffffffffu, x, 3) + __shfl(v, 1) + __shfl_up(v, 1) + __shfl_down(v, 1) +
         __shfl_xor(v, 1) + (int)__ballot_sync(0xffffffffu, v > 0) + __any_sync(0xffffffffu, v) +
         __all_sync(0xffffffffu, v) + (int)__activemask() + __any(v) + __all(v) + (int)__ballot(v) +
         (int)__match_any_sync(0xffffffffu, v) + w.shfl_down(v, 2) + (int)w.ballot(v > 1) +
         __syncthreads_count(v > 0) + __syncthreads_and(v) + __syncthreads_or(v) +
         (int)__funnelshift_l(t, v, 3) + (int)__funnelshift_r(t, v, 5);
    __syncwarp();
    __threadfence();
    __threadfence_block();
    __threadfence_system();
    b.sync();
    w.sync();
    atomicAdd(&i[0], v);
    atomicAdd(&u[0], 1u);
    atomicAdd(&dcounter, 1ull);
    atomicAdd(&f[0], x);
    atomicAdd(&d[0], (double)x);
    atomicSub(&i[1], 1);
    atomicExch(&i[2], v);
    atomicExch(&f[1], x);
    atomicMin(&i[3], v);
    atomicMax(&u[1], (unsigned)v);
    atomicInc(&u[2], 10u);
    atomicDec(&u[3], 10u);
    atomicCAS(&i[4], 0, v);
    atomicCAS(&dcounter, 0ull, 1ull);
    atomicAnd(&i[5], v);
    atomicOr(&u[4], (unsigned)v);
    atomicXor(&i[6], v);
    atomicAdd_block(&i[7], 1);
    curandState s;
    curand_init(seed, t, 0, &s);
    f[t] = curand_uniform(&s) + curand_normal(&s) + (float)curand_uniform_double(&s) +
           (float)curand_normal_double(&s) + (float)curand(&s) + __ldg(&f[0]) + (float)__ldg(&i[0]);
    long long c = clock64() + clock();
    if (t == 0) {
        printf("t=%d x=%f c=%lld\n", t, x, c);
        int *m = (int *)malloc(16);
        if (m) {
            m[0] = v;
            free(m);
        }
    }
    assert(v != 12345);
    float2 f2 = make_float2(x, x);
    double4 d4 = make_double4(1, 2, 3, 4);
    dim3 gd = gridDim;
    uint3 ti = threadIdx;
    u[5] = (unsigned)(f2.x + d4.w) + gd.x + ti.y + warpSize + blockDim.z;
}

int main(int argc, char **argv)
{
    int dev = findCudaDevice(argc, (const char **)argv);
    (void)dev;
    StopWatchInterface *timer = nullptr;
    sdkCreateTimer(&timer);
    sdkStartTimer(&timer);
    float *f;
    checkCudaErrors(cudaMalloc(&f, 1024 * sizeof(float)));
    everything<<<4, 256>>>(f, nullptr, nullptr, nullptr, 1);
    getLastCudaError("everything");
    sdkStopTimer(&timer);
    printf("%f ms, %d cores/SM\n", sdkGetTimerValue(&timer), _ConvertSMVer2Cores(7, 0));
    sdkDeleteTimer(&timer);
    cutilSafeCall(cudaFree(f));
    return 0;
}
