/* cudart.async_copy: Ampere's asynchronous copies to shared memory - cp.async in inline PTX
 * (16 bytes with a literal size, 8 bytes with an "n" operand and an L2 prefetch hint, a 32-bit
 * shared address from __cvta_generic_to_shared, a source size with zero fill),
 * cp.async.commit_group / wait_group /
 * wait_all, and CUDA 11's pipeline primitives (__pipeline_memcpy_async with and without zero
 * fill, __pipeline_commit, __pipeline_wait_prior); ld.shared / st.shared with a 32-bit
 * address; __isShared / __isGlobal and the cvta conversions. Prints "cudart.async_copy: PASS". */
#include <cuda_pipeline.h>
#include "cudart_check.h"

__global__ void tiles(const float *in, float *out)
{
    __shared__ __align__(16) float t[256];
    int i = threadIdx.x;
    unsigned sa = (unsigned)__cvta_generic_to_shared(&t[4 * i]);
    const float *g = in + blockIdx.x * 256 + 4 * i;
    if (i < 32) /* 16 bytes */
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(sa), "l"(g) : "memory");
    else if (i < 64) { /* two 8-byte copies */
        asm volatile("cp.async.ca.shared.global.L2::128B [%0], [%1], %2;" ::"r"(sa), "l"(g), "n"(8)
                     : "memory");
        asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(sa + 8), "l"(g + 2), "n"(8)
                     : "memory");
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 0;" ::: "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
    __syncthreads();
    /* read back through ld.shared with the 32-bit address, write through st.shared */
    float v;
    unsigned ra = (unsigned)__cvta_generic_to_shared(&t[255 - i]);
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(ra));
    __syncthreads();
    asm volatile("st.shared.f32 [%0], %1;" ::"r"(ra), "f"(v + 1.0f) : "memory");
    __syncthreads();
    out[blockIdx.x * 256 + i] = v + t[255 - i];
}

/* cp.async with a source size: 16-byte copies of 0, 4, 8, 12 or 16 source bytes, zero-filled
 * (CUTLASS's predicated tile loads; a size of 0 reads nothing) */
__global__ void zfill(const int *in, int *out)
{
    __shared__ __align__(16) int t[64 * 4];
    int i = threadIdx.x;
    unsigned sa = (unsigned)__cvta_generic_to_shared(&t[4 * i]), src_size = 4u * (i % 5);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(sa), "l"(in + 4 * i),
                 "r"(src_size)
                 : "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
    __syncthreads();
    for (int k = 0; k < 4; k++)
        out[4 * i + k] = t[4 * i + k];
}

__global__ void pipeline(const int *in, int *out, int *flags)
{
    __shared__ __align__(16) int t[64 * 4];
    int i = threadIdx.x;
    /* every thread 16 bytes; odd threads zero-fill the last 8 */
    __pipeline_memcpy_async(&t[4 * i], in + 4 * i, 16, (i & 1) ? 8 : 0);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[i] = t[4 * i] + t[4 * i + 1] + t[4 * i + 2] + t[4 * i + 3];
    if (i == 0) {
        flags[0] = __isShared(t) && !__isGlobal(t);
        flags[1] = __isGlobal(in) && !__isShared(in);
        flags[2] = __cvta_shared_to_generic(__cvta_generic_to_shared(&t[5])) == (void *)&t[5];
        flags[3] = __cvta_global_to_generic(__cvta_generic_to_global(in + 3)) == (void *)(in + 3);
    }
}

int main()
{
    const int nb = 2;
    float *in, *out;
    CHECK(cudaMallocManaged(&in, nb * 256 * sizeof(float)));
    CHECK(cudaMallocManaged(&out, nb * 256 * sizeof(float)));
    for (int i = 0; i < nb * 256; i++)
        in[i] = (float)(i % 1000) * 0.5f;
    tiles<<<nb, 64>>>(in, out);
    CHECK(cudaDeviceSynchronize());
    int bad = 0;
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < 64; i++) { /* t[255 - i] was copied, then incremented */
            float c = in[b * 256 + 255 - i];
            bad += out[b * 256 + i] != c + (c + 1.0f);
        }
    EXPECT(bad == 0);

    int *pi, *po, *flags;
    CHECK(cudaMallocManaged(&pi, 256 * sizeof(int)));
    CHECK(cudaMallocManaged(&po, 64 * sizeof(int)));
    CHECK(cudaMallocManaged(&flags, 4 * sizeof(int)));
    for (int i = 0; i < 256; i++)
        pi[i] = i + 1;
    pipeline<<<1, 64>>>(pi, po, flags);
    CHECK(cudaDeviceSynchronize());
    bad = 0;
    for (int i = 0; i < 64; i++) {
        int want = (i & 1) ? pi[4 * i] + pi[4 * i + 1]
                           : pi[4 * i] + pi[4 * i + 1] + pi[4 * i + 2] + pi[4 * i + 3];
        bad += po[i] != want;
    }
    EXPECT(bad == 0);
    EXPECT(flags[0] && flags[1] && flags[2] && flags[3]);

    int *zo;
    CHECK(cudaMallocManaged(&zo, 256 * sizeof(int)));
    zfill<<<1, 64>>>(pi, zo);
    CHECK(cudaDeviceSynchronize());
    bad = 0;
    for (int i = 0; i < 64; i++)
        for (int k = 0; k < 4; k++)
            bad += zo[4 * i + k] != (k < i % 5 ? pi[4 * i + k] : 0);
    EXPECT(bad == 0);
    CHECK(cudaFree(zo));
    CHECK(cudaFree(in));
    CHECK(cudaFree(out));
    CHECK(cudaFree(pi));
    CHECK(cudaFree(po));
    CHECK(cudaFree(flags));
    return cudart_finish("cudart.async_copy");
}
