/*
 * call_divergent - a call inside a divergent branch to a __noinline__ function that is
 * placed after its caller: the counter-example of seed 002 (Collange), Listing 1.
 * Lanes with (lane % 3 == 0) call heavy(); heavy() is defined below the kernel, so its
 * code lies at higher addresses than the code that follows the call site. A min(PC)
 * (stack-less, seed 002 section 3) scheduler therefore runs the non-calling lanes through
 * the rest of the kernel first (tail() with 21 of 32 lanes, i.e. 66%), then the 11 calling
 * lanes through heavy() and tail() again (34%): the warp never reconverges. Under PDOM
 * (seed 000 section 3.5) the warp reconverges right after the call: heavy() runs at
 * 11/32 = 34% efficiency and tail() at 100%. Seed 002's min(SP:PC) arbitration (section 3)
 * gives the deepest call level priority, so it reconverges like PDOM here.
 */
#include "micro_common.h"

__device__ __noinline__ unsigned heavy(unsigned v, int n);

__host__ __device__ unsigned tail(unsigned v, int n)
{
    for (int i = 0; i < n; i++)
        v = v * 69069u + 1u + (v >> 16);
    return v;
}

__global__ void call_divergent(const unsigned *in, unsigned *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = in[t];
    if ((threadIdx.x & 31) % 3 == 0)
        v = heavy(v, n);
    v = tail(v, n);
    out[t] = v;
}

__device__ __noinline__ unsigned heavy(unsigned v, int n)
{
    for (int i = 0; i < n; i++)
        v = (v ^ (v << 5)) + 0x7f4a7c15u;
    return v;
}

static unsigned heavy_ref(unsigned v, int n)
{
    for (int i = 0; i < n; i++)
        v = (v ^ (v << 5)) + 0x7f4a7c15u;
    return v;
}

int main(int argc, char **argv)
{
    int size = micro_parse_size(argc, argv);
    const int block = 64;
    const int blocks = size == SIZE_TINY ? 4 : size == SIZE_SMALL ? 16 : 112;
    const int n = size == SIZE_TINY ? 100 : 400;
    const int nthreads = blocks * block;
    unsigned *h_in = (unsigned *)malloc(nthreads * sizeof(unsigned));
    unsigned *h_out = (unsigned *)malloc(nthreads * sizeof(unsigned));
    uint32_t seed = 2024u;
    for (int i = 0; i < nthreads; i++)
        h_in[i] = micro_rand(&seed);
    unsigned *d_in, *d_out;
    CK(cudaMalloc((void **)&d_in, nthreads * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_out, nthreads * sizeof(unsigned)));
    CK(cudaMemcpy(d_in, h_in, nthreads * sizeof(unsigned), cudaMemcpyHostToDevice));
    call_divergent<<<blocks, block>>>(d_in, d_out, n);
    CK_LAUNCH();
    CK(cudaMemcpy(h_out, d_out, nthreads * sizeof(unsigned), cudaMemcpyDeviceToHost));
    long bad = 0;
    for (int i = 0; i < nthreads; i++) {
        unsigned v = h_in[i];
        if ((i % block) % 32 % 3 == 0)
            v = heavy_ref(v, n);
        v = tail(v, n);
        if (h_out[i] != v && bad++ < 5)
            fprintf(stderr, "thread %d: got %u want %u\n", i, h_out[i], v);
    }
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    free(h_in);
    free(h_out);
    return micro_report("micro_call_divergent", bad);
}
