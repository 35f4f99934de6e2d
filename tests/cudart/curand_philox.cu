/* cudart.curand.philox: the device API's Philox4_32_10 state. The generator's block function
 * against the published known-answer vectors of Philox4x32-10 (Salmon et al. 2011, as the
 * Random123 distribution lists them), reached through curand_init's seed (key), subsequence
 * (upper counter half) and offset (lower half, four outputs per block); the sequence's
 * consistency (curand4 = four curand calls, offsets skip outputs); the conversions' ranges.
 * Before the state existed, a program naming curandStatePhilox4_32_10_t did not compile. */
#include <curand_kernel.h>
#include "cudart_check.h"

__global__ void kat(uint4 *out)
{
    curandStatePhilox4_32_10_t s;
    curand_init(0ull, 0ull, 0ull, &s); /* counter 0, key 0 */
    out[0] = curand4(&s);
    curand_init(~0ull, ~0ull, 0ull, &s); /* counter upper half and key all ones */
    for (int i = 0; i < 4; i++)
        skipahead(~0ull - 3ull, &s); /* 2^62 - 1 blocks of four outputs each time */
    skipahead(12ull, &s);            /* and 3 more: the lower half is 2^64 - 1 */
    out[1] = curand4(&s);
    curand_init(0x299f31d0a4093822ull, 0x0370734413198a2eull, 0ull, &s);
    for (int i = 0; i < 4; i++)
        skipahead(0x85a308d3243f6a88ull, &s); /* 0x85a308d3243f6a88 blocks */
    out[2] = curand4(&s);
}

__global__ void draws(unsigned *seq, unsigned *blk, unsigned *off, float *u, float *n, double *d)
{
    int t = threadIdx.x;
    curandStatePhilox4_32_10_t a, b, c;
    curand_init(42ull, t, 0ull, &a);
    curand_init(42ull, t, 0ull, &b);
    curand_init(42ull, t, 5ull, &c);
    for (int i = 0; i < 8; i++)
        seq[t * 8 + i] = curand(&a);
    (void)curand(&b); /* curand4 from the middle of a block */
    uint4 q = curand4(&b);
    blk[t * 4 + 0] = q.x, blk[t * 4 + 1] = q.y, blk[t * 4 + 2] = q.z, blk[t * 4 + 3] = q.w;
    off[t] = curand(&c);
    float4 f = curand_uniform4(&a);
    u[t] = fminf(fminf(f.x, f.y), fminf(f.z, f.w));
    n[t] = curand_normal(&a) + curand_normal4(&a).w;
    d[t] = curand_uniform_double(&a);
}

int main()
{
    uint4 *dk, hk[3];
    CHECK(cudaMalloc(&dk, sizeof hk));
    kat<<<1, 1>>>(dk);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(hk, dk, sizeof hk, cudaMemcpyDeviceToHost));
    EXPECT(hk[0].x == 0x6627e8d5u && hk[0].y == 0xe169c58du && hk[0].z == 0xbc57ac4cu &&
           hk[0].w == 0x9b00dbd8u);
    EXPECT(hk[1].x == 0x408f276du && hk[1].y == 0x41c83b0eu && hk[1].z == 0xa20bc7c6u &&
           hk[1].w == 0x6d5451fdu);
    EXPECT(hk[2].x == 0xd16cfe09u && hk[2].y == 0x94fdccebu && hk[2].z == 0x5001e420u &&
           hk[2].w == 0x24126ea1u);

    const int T = 64;
    unsigned *seq, *blk, *off;
    float *u, *n;
    double *d;
    CHECK(cudaMallocManaged(&seq, T * 8 * sizeof(unsigned)));
    CHECK(cudaMallocManaged(&blk, T * 4 * sizeof(unsigned)));
    CHECK(cudaMallocManaged(&off, T * sizeof(unsigned)));
    CHECK(cudaMallocManaged(&u, T * sizeof(float)));
    CHECK(cudaMallocManaged(&n, T * sizeof(float)));
    CHECK(cudaMallocManaged(&d, T * sizeof(double)));
    draws<<<1, T>>>(seq, blk, off, u, n, d);
    CHECK(cudaDeviceSynchronize());
    int distinct = 0;
    for (int t = 0; t < T; t++) {
        for (int i = 0; i < 4; i++)
            EXPECT(blk[t * 4 + i] == seq[t * 8 + 1 + i]);
        EXPECT(off[t] == seq[t * 8 + 5]);
        EXPECT(u[t] > 0.0f && u[t] <= 1.0f);
        EXPECT(n[t] == n[t] && fabsf(n[t]) < 12.0f);
        EXPECT(d[t] > 0.0 && d[t] <= 1.0);
        distinct += t > 0 && seq[t * 8] != seq[(t - 1) * 8];
    }
    EXPECT(distinct == T - 1); /* subsequences differ */
    return cudart_finish("cudart.curand.philox");
}
