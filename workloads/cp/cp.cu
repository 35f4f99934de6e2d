/*
 * cp - Coulomb potential on a 2D lattice slice by direct summation, after the CP benchmark
 * of Bakhoda et al. (ISPASS 2009; seed 003 Table 4.1 "CP", source [3]; the method is the
 * direct Coulomb summation of VMD's cionize as described by Stone et al., J. Comput. Chem.
 * 2007): every lattice point of the slice z = z0 gets V = sum_atoms q / r. The atoms
 * (x, y, z, q) live in constant memory, in chunks of CHUNK atoms, one launch per chunk,
 * each launch adding to the lattice. Every thread computes UNROLL points spaced one lattice
 * step apart along x, reusing the per-atom dy^2 + dz^2 (the "unroll and jam" of the
 * original).
 * Divergence: none; memory: every warp reads the same atom (constant-cache broadcast), one
 * lattice load and store per point and launch. Seed 003: medium predicted speedup.
 * Input: random atoms in a 20 A box with charges in [-1, 1]; spacing 0.1 A.
 * Sizes: tiny 64x64 lattice, 100 atoms (2 chunks); small 256x256, 1000 atoms; default
 * 512x512, 4000 atoms (2 chunks of 2000).
 */
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "../common/workload_util.h"

/* xorshift32: the deterministic input generator. */
inline uint32_t rng_next(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

/* Uniform in [0, 1) with 24 random bits. */
inline float rng_float(uint32_t *s)
{
    return (float)(rng_next(s) >> 8) * (1.0f / 16777216.0f);
}

/* |got - want| <= atol + rtol * |want| */
inline int close_enough(double got, double want, double atol, double rtol)
{
    return fabs(got - want) <= atol + rtol * fabs(want);
}

#define UNROLL 4
#define BX     16
#define BY     16
#define CHUNK  2000

__constant__ float4 c_atoms[CHUNK];

__global__ void cenergy(int natoms, float spacing, float z, float *energy, int nx)
{
    int xi = (blockIdx.x * BX + threadIdx.x) * UNROLL;
    int yi = blockIdx.y * BY + threadIdx.y;
    float x = spacing * (float)xi, y = spacing * (float)yi;
    float e[UNROLL];
    for (int u = 0; u < UNROLL; u++)
        e[u] = 0.0f;
    for (int a = 0; a < natoms; a++) {
        float4 at = c_atoms[a];
        float dy = y - at.y, dz = z - at.z;
        float dyz2 = dy * dy + dz * dz;
        float dx = x - at.x;
        for (int u = 0; u < UNROLL; u++) {
            e[u] += at.w * rsqrtf(dx * dx + dyz2);
            dx += spacing;
        }
    }
    float *out = energy + (size_t)yi * nx + xi;
    for (int u = 0; u < UNROLL; u++)
        out[u] += e[u];
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int nx = size == 0 ? 64 : size == 1 ? 256 : 512, ny = nx;
    const int natoms = size == 0 ? 100 : size == 1 ? 1000 : 4000;
    const int chunk = size == 0 ? 64 : CHUNK;
    const float spacing = 0.1f, z0 = 1.0f, box = 20.0f;
    float4 *atoms = (float4 *)malloc(natoms * sizeof(float4));
    float *energy = (float *)malloc((size_t)nx * ny * sizeof(float));
    uint32_t seed = 0xc0017017u;
    for (int a = 0; a < natoms; a++) {
        atoms[a].x = rng_float(&seed) * box - 0.5f * (box - nx * spacing);
        atoms[a].y = rng_float(&seed) * box - 0.5f * (box - ny * spacing);
        atoms[a].z = rng_float(&seed) * box - 0.5f * box + z0 + 0.05f;
        atoms[a].w = rng_float(&seed) * 2.0f - 1.0f;
    }
    float *d_e;
    CK(cudaMalloc((void **)&d_e, (size_t)nx * ny * sizeof(float)));
    CK(cudaMemset(d_e, 0, (size_t)nx * ny * sizeof(float)));
    dim3 grid(nx / (BX * UNROLL), ny / BY), block(BX, BY);
    int launches = 0;
    for (int a0 = 0; a0 < natoms; a0 += chunk) {
        int cnt = natoms - a0 < chunk ? natoms - a0 : chunk;
        CK(cudaMemcpyToSymbol(c_atoms, atoms + a0, cnt * sizeof(float4)));
        cenergy<<<grid, block>>>(cnt, spacing, z0, d_e, nx);
        CK_LAUNCH();
        launches++;
    }
    CK(cudaMemcpy(energy, d_e, (size_t)nx * ny * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0, step = nx > 64 ? 3 : 1;
    for (int yi = 0; yi < ny; yi += step)
        for (int xi = 0; xi < nx; xi += step) {
            double v = 0.0, mag = 0.0;
            for (int a = 0; a < natoms; a++) {
                double dx = (double)spacing * xi - atoms[a].x,
                       dy = (double)spacing * yi - atoms[a].y;
                double dz = (double)z0 - atoms[a].z;
                double t = atoms[a].w / sqrt(dx * dx + dy * dy + dz * dz);
                v += t;
                mag += fabs(t);
            }
            float got = energy[(size_t)yi * nx + xi];
            if (fabs(got - v) > 1e-5 * mag + 1e-5 && bad++ < 5)
                fprintf(stderr, "V(%d, %d) = %.6f, want %.6f\n", xi, yi, got, v);
        }
    printf("cp: %dx%d lattice, %d atoms, %d launches, V(0,0) = %.5f\n", nx, ny, natoms, launches,
           energy[0]);
    CK(cudaFree(d_e));
    free(atoms);
    free(energy);
    if (bad) {
        printf("cp: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("cp: PASS\n");
    return 0;
}
