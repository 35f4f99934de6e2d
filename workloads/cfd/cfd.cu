/*
 * cfd - finite-volume solver for the 3D compressible Euler equations on an unstructured
 * mesh with redundant flux computation, after Rodinia's cfd / euler3d (Che et al.; seed 003
 * Table 4.1 "CFD", source [7]; method: Corrigan, Camelli, Lohner & Wallin, "Running
 * unstructured grid-based CFD solvers on modern graphics hardware", AIAA 2009). Every
 * element holds density, momentum and energy density (structure-of-arrays); per iteration
 * compute_step_factor sets a local time step from the element's volume, speed and speed of
 * sound; then three Runge-Kutta stages each run compute_flux, where an element computes the
 * flux through each of its 4 faces itself (so every interior face is computed twice, once
 * from each side, instead of scattering) - central flux plus scalar dissipation for an
 * interior neighbour, a pressure-only flux at a wall (-1), the flux against the free stream
 * at a far-field face (-2) - and time_step advances the state.
 * Divergence: the three face cases (boundary elements in the same warp as interior ones);
 * memory: gathers of the 5 neighbour variables through the neighbour index (elements are
 * numbered in random order, as an unstructured mesh is). Seed 003: high predicted speedup,
 * many hazards, many MSHR hazards.
 * Input: a quadrilateral-faced mesh W x H (4 faces per element, normals of jittered area,
 * far field left/right, walls top/bottom), numbered by a random permutation; free stream
 * Mach 1.2 as in Rodinia; initial density jittered +-5%.
 * Check: the CPU runs the same formulas (shared __host__ __device__ code) in double.
 * Sizes: tiny 32x32 elements, 2 iterations; small 128x128, 10; default 312x311 (97,032
 * elements, like Rodinia's fvcorr.domn.097K), 100 iterations (Rodinia runs 2000).
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

#define NNB    4
#define NVAR   5 /* density, momentum x/y/z, density * energy */
#define GAMMA  1.4
#define RK     3
#define SMOOTH 0.2

struct ffstate {
    double v[NVAR];
};

template <typename R> struct vars5 {
    R d, mx, my, mz, e;
};

template <typename R> __host__ __device__ inline R sq(R x)
{
    return x * x;
}

/* pressure and speed of sound of a state */
template <typename R>
__host__ __device__ inline void eos(const vars5<R> &s, R &p, R &c, R &vx, R &vy, R &vz)
{
    vx = s.mx / s.d;
    vy = s.my / s.d;
    vz = s.mz / s.d;
    R speed2 = vx * vx + vy * vy + vz * vz;
    p = (R)(GAMMA - 1.0) * (s.e - (R)0.5 * s.d * speed2);
    c = sqrt((R)GAMMA * p / s.d);
}

/* The flux into element i through face (outward normal n, |n| = face area) against neighbour state
 * b (nb >= 0), a wall (nb == -1) or the far field (nb == -2; b = free stream). */
template <typename R>
__host__ __device__ inline void face_flux(const vars5<R> &a, const vars5<R> &b, int nb, R nx, R ny,
                                          R nz, vars5<R> &f)
{
    R pa, ca, vax, vay, vaz;
    eos(a, pa, ca, vax, vay, vaz);
    if (nb == -1) {
        f.mx -= nx * pa;
        f.my -= ny * pa;
        f.mz -= nz * pa;
        return;
    }
    R pb, cb, vbx, vby, vbz;
    eos(b, pb, cb, vbx, vby, vbz);
    if (nb >= 0) { /* scalar dissipation */
        R nlen = sqrt(nx * nx + ny * ny + nz * nz);
        R sa = sqrt(vax * vax + vay * vay + vaz * vaz),
          sb = sqrt(vbx * vbx + vby * vby + vbz * vbz);
        R k = -nlen * (R)SMOOTH * (R)0.5 * (sa + sb + ca + cb);
        f.d += k * (a.d - b.d);
        f.mx += k * (a.mx - b.mx);
        f.my += k * (a.my - b.my);
        f.mz += k * (a.mz - b.mz);
        f.e += k * (a.e - b.e);
    }
    /* central flux out through the face: 0.5 (F(a) + F(b)) . n, subtracted */
    R una = vax * nx + vay * ny + vaz * nz, unb = vbx * nx + vby * ny + vbz * nz;
    f.d -= (R)0.5 * (a.d * una + b.d * unb);
    f.mx -= (R)0.5 * (a.mx * una + pa * nx + b.mx * unb + pb * nx);
    f.my -= (R)0.5 * (a.my * una + pa * ny + b.my * unb + pb * ny);
    f.mz -= (R)0.5 * (a.mz * una + pa * nz + b.mz * unb + pb * nz);
    f.e -= (R)0.5 * ((a.e + pa) * una + (b.e + pb) * unb);
}

template <typename R> __host__ __device__ inline vars5<R> load(const R *v, int i, int n)
{
    vars5<R> s = {v[i], v[n + i], v[2 * n + i], v[3 * n + i], v[4 * n + i]};
    return s;
}

template <typename R>
__host__ __device__ inline R step_factor_of(const R *v, const R *areas, int i, int n)
{
    vars5<R> s = load(v, i, n);
    R p, c, vx, vy, vz;
    eos(s, p, c, vx, vy, vz);
    return (R)0.5 / (sqrt(areas[i]) * (sqrt(vx * vx + vy * vy + vz * vz) + c));
}

template <typename R>
__host__ __device__ inline vars5<R> flux_of(const R *v, const int *nbr, const R *normals,
                                            const vars5<R> &ff, int i, int n)
{
    vars5<R> a = load(v, i, n), f = {0, 0, 0, 0, 0};
    for (int j = 0; j < NNB; j++) {
        int nb = nbr[j * n + i];
        R nx = normals[(j * 3 + 0) * n + i], ny = normals[(j * 3 + 1) * n + i],
          nz = normals[(j * 3 + 2) * n + i];
        vars5<R> b = nb >= 0 ? load(v, nb, n) : ff;
        face_flux(a, b, nb, nx, ny, nz, f);
    }
    return f;
}

__constant__ float c_ff[NVAR];

__global__ void compute_step_factor(const float *v, const float *areas, float *sf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        sf[i] = step_factor_of(v, areas, i, n);
}

__global__ void compute_flux(const float *v, const int *nbr, const float *normals, float *fluxes,
                             int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    vars5<float> ff = {c_ff[0], c_ff[1], c_ff[2], c_ff[3], c_ff[4]};
    vars5<float> f = flux_of(v, nbr, normals, ff, i, n);
    fluxes[i] = f.d;
    fluxes[n + i] = f.mx;
    fluxes[2 * n + i] = f.my;
    fluxes[3 * n + i] = f.mz;
    fluxes[4 * n + i] = f.e;
}

__global__ void time_step(int j, int n, const float *old_v, float *v, const float *sf,
                          const float *fluxes)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float factor = sf[i] / (float)(RK + 1 - j);
    for (int k = 0; k < NVAR; k++)
        v[k * n + i] = old_v[k * n + i] + factor * fluxes[k * n + i];
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int W = size == 0 ? 32 : size == 1 ? 128 : 312;
    const int H = size == 0 ? 32 : size == 1 ? 128 : 311;
    const int iters = size == 0 ? 2 : size == 1 ? 10 : 100;
    const int n = W * H;
    /* free stream */
    double ff_mach = 1.2, ff_p = 1.0, ff_rho = 1.4;
    double ff_c = sqrt(GAMMA * ff_p / ff_rho), ff_u = ff_mach * ff_c;
    double ffv[NVAR] = {ff_rho, ff_rho * ff_u, 0.0, 0.0,
                        ff_rho * 0.5 * ff_u * ff_u + ff_p / (GAMMA - 1.0)};
    float fff[NVAR];
    for (int k = 0; k < NVAR; k++)
        fff[k] = (float)ffv[k];
    /* mesh: grid cell (x, y) gets element number perm[y * W + x] */
    uint32_t seed = 0xcfdcfd01u;
    int *perm = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        perm[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(rng_next(&seed) % (uint32_t)(i + 1)), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    int *nbr = (int *)malloc((size_t)NNB * n * sizeof(int));
    float *normals = (float *)malloc((size_t)NNB * 3 * n * sizeof(float));
    float *areas = (float *)malloc(n * sizeof(float));
    /* face areas: vertical faces ax[y][x] between x-1 and x, horizontal ay[y][x] between y-1 and y
     */
    float *ax = (float *)malloc((size_t)(W + 1) * H * sizeof(float));
    float *ay = (float *)malloc((size_t)W * (H + 1) * sizeof(float));
    for (int k = 0; k < (W + 1) * H; k++)
        ax[k] = 0.9f + 0.2f * rng_float(&seed);
    for (int k = 0; k < W * (H + 1); k++)
        ay[k] = 0.9f + 0.2f * rng_float(&seed);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int e = perm[y * W + x];
            areas[e] = 0.8f + 0.4f * rng_float(&seed);
            int nb[NNB] = {x > 0 ? perm[y * W + x - 1] : -2, x < W - 1 ? perm[y * W + x + 1] : -2,
                           y > 0 ? perm[(y - 1) * W + x] : -1,
                           y < H - 1 ? perm[(y + 1) * W + x] : -1};
            float nrm[NNB][3] = {{-ax[y * (W + 1) + x], 0.0f, 0.0f},
                                 {ax[y * (W + 1) + x + 1], 0.0f, 0.0f},
                                 {0.0f, -ay[y * W + x], 0.0f},
                                 {0.0f, ay[(y + 1) * W + x], 0.0f}};
            for (int j = 0; j < NNB; j++) {
                nbr[j * n + e] = nb[j];
                for (int c = 0; c < 3; c++)
                    normals[(j * 3 + c) * n + e] = nrm[j][c];
            }
        }
    float *v = (float *)malloc((size_t)NVAR * n * sizeof(float));
    for (int i = 0; i < n; i++) {
        float jit = 1.0f + 0.1f * (rng_float(&seed) - 0.5f);
        for (int k = 0; k < NVAR; k++)
            v[k * n + i] = fff[k] * jit;
    }
    /* CPU copies in double */
    double *rv = (double *)malloc((size_t)NVAR * n * sizeof(double));
    double *rold = (double *)malloc((size_t)NVAR * n * sizeof(double));
    double *rsf = (double *)malloc(n * sizeof(double));
    double *rflux = (double *)malloc((size_t)NVAR * n * sizeof(double));
    double *rnormals = (double *)malloc((size_t)NNB * 3 * n * sizeof(double));
    double *rareas = (double *)malloc(n * sizeof(double));
    for (int k = 0; k < NVAR * n; k++)
        rv[k] = v[k];
    for (int k = 0; k < NNB * 3 * n; k++)
        rnormals[k] = normals[k];
    for (int k = 0; k < n; k++)
        rareas[k] = areas[k];

    float *d_v, *d_old, *d_sf, *d_flux, *d_normals, *d_areas;
    int *d_nbr;
    CK(cudaMalloc((void **)&d_v, (size_t)NVAR * n * sizeof(float)));
    CK(cudaMalloc((void **)&d_old, (size_t)NVAR * n * sizeof(float)));
    CK(cudaMalloc((void **)&d_flux, (size_t)NVAR * n * sizeof(float)));
    CK(cudaMalloc((void **)&d_sf, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_areas, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_normals, (size_t)NNB * 3 * n * sizeof(float)));
    CK(cudaMalloc((void **)&d_nbr, (size_t)NNB * n * sizeof(int)));
    CK(cudaMemcpy(d_v, v, (size_t)NVAR * n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_areas, areas, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_normals, normals, (size_t)NNB * 3 * n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_nbr, nbr, (size_t)NNB * n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpyToSymbol(c_ff, fff, sizeof fff));
    const int bs = 128, grid = (n + bs - 1) / bs;
    vars5<double> rff = {ffv[0], ffv[1], ffv[2], ffv[3], ffv[4]};
    for (int it = 0; it < iters; it++) {
        CK(cudaMemcpy(d_old, d_v, (size_t)NVAR * n * sizeof(float), cudaMemcpyDeviceToDevice));
        compute_step_factor<<<grid, bs>>>(d_v, d_areas, d_sf, n);
        CK_LAUNCH();
        for (int j = 0; j < RK; j++) {
            compute_flux<<<grid, bs>>>(d_v, d_nbr, d_normals, d_flux, n);
            CK_LAUNCH();
            time_step<<<grid, bs>>>(j, n, d_old, d_v, d_sf, d_flux);
            CK_LAUNCH();
        }
        /* CPU iteration */
        memcpy(rold, rv, (size_t)NVAR * n * sizeof(double));
        for (int i = 0; i < n; i++)
            rsf[i] = step_factor_of(rv, rareas, i, n);
        for (int j = 0; j < RK; j++) {
            for (int i = 0; i < n; i++) {
                vars5<double> f = flux_of(rv, nbr, rnormals, rff, i, n);
                rflux[i] = f.d;
                rflux[n + i] = f.mx;
                rflux[2 * n + i] = f.my;
                rflux[3 * n + i] = f.mz;
                rflux[4 * n + i] = f.e;
            }
            for (int i = 0; i < n; i++)
                for (int k = 0; k < NVAR; k++)
                    rv[k * n + i] = rold[k * n + i] + rsf[i] / (RK + 1 - j) * rflux[k * n + i];
        }
    }
    CK(cudaMemcpy(v, d_v, (size_t)NVAR * n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = 0;
    double maxrel = 0.0, change = 0.0;
    for (int k = 0; k < NVAR; k++)
        for (int i = 0; i < n; i++) {
            double want = rv[k * n + i], scale = fabs(ffv[k]) > 0.0 ? fabs(ffv[k]) : 1.0;
            double rel = fabs(v[k * n + i] - want) / (scale + fabs(want));
            maxrel = rel > maxrel ? rel : maxrel;
            if ((!(rel <= 1e-4) || !std::isfinite(want)) && bad++ < 5)
                fprintf(stderr, "variable %d of element %d = %.6f, want %.6f\n", k, i, v[k * n + i],
                        want);
            if (k == 0)
                change += fabs(want - rold[i]);
        }
    printf("cfd: %d elements, %d iterations, max relative difference %.3g, mean |d rho| last step "
           "%.3g\n",
           n, iters, maxrel, change / n);
    CK(cudaFree(d_v));
    CK(cudaFree(d_old));
    CK(cudaFree(d_flux));
    CK(cudaFree(d_sf));
    CK(cudaFree(d_areas));
    CK(cudaFree(d_normals));
    CK(cudaFree(d_nbr));
    free(perm);
    free(nbr);
    free(normals);
    free(areas);
    free(ax);
    free(ay);
    free(v);
    free(rv);
    free(rold);
    free(rsf);
    free(rflux);
    free(rnormals);
    free(rareas);
    if (bad) {
        printf("cfd: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("cfd: PASS\n");
    return 0;
}
