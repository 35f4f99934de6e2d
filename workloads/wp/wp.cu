/*
 * wp - a weather-prediction-style time step: horizontal transport on every model level
 * followed by per-column moist physics, standing in for the WP benchmark of Bakhoda et al.
 * (ISPASS 2009; seed 003 Table 4.1 "WP", source [3]; there a piece of a numerical weather
 * model). advect moves temperature T and specific humidity q one time step with the
 * first-order upwind scheme on a periodic NX x NY grid, per level, in a wind field whose
 * sign varies in space (the upwind side is chosen per point); column_physics gives every
 * (x, y) column one thread that walks the levels from the top down: where q exceeds the
 * saturation humidity qs(T, p) (Tetens' formula) the excess condenses, with the latent-heat
 * correction 1 + L^2 qs / (cp Rv T^2), warming the layer and adding to the falling rain;
 * where the air is undersaturated, up to half of the deficit of the falling rain
 * re-evaporates, cooling it; what reaches the ground accumulates as precipitation.
 * Divergence: the upwind branch (wind sign changes inside warps) and the condense /
 * evaporate / nothing branches of the column loop, which differ per column and level.
 * Seed 003: low average thread activity, low hazards, low MSHR hazards.
 * Input: a warm moist lower atmosphere with random perturbations (near-saturated layers).
 * Check: the CPU runs the same steps in double (column physics shared as __host__ __device__
 * code, advection written separately).
 * Sizes: tiny 32x32x12, 2 steps; small 128x128x24, 4 steps; default 256x256x32, 10 steps.
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

#define LV 2.5e6  /* latent heat of vaporisation, J/kg */
#define CP 1004.0 /* J/(kg K) */
#define RV 461.5  /* J/(kg K) */

template <typename R> __host__ __device__ inline R qsat(R T, R p_hpa)
{
    /* Tetens: e_s = 6.112 exp(17.67 (T - 273.15) / (T - 29.65)) hPa; qs = 0.622 e_s / p */
    R es = (R)6.112 * exp((R)17.67 * (T - (R)273.15) / (T - (R)29.65));
    return (R)0.622 * es / p_hpa;
}

template <typename R> __host__ __device__ inline R level_pressure(int k, int nz)
{
    return (R)200.0 + (R)800.0 * (R)k / (R)(nz - 1);
}

/* One column: T and q at stride `stride`, levels 0 (top) .. nz-1; returns the rain that
 * reaches the ground. */
template <typename R> __host__ __device__ inline R column(R *T, R *q, int nz, size_t stride)
{
    R rain = 0;
    for (int k = 0; k < nz; k++) {
        R t = T[k * stride], qv = q[k * stride];
        R p = level_pressure<R>(k, nz);
        R qs = qsat(t, p);
        if (qv > qs) { /* condensation */
            R dq = (qv - qs) / ((R)1.0 + (R)(LV * LV / (CP * RV)) * qs / (t * t));
            qv -= dq;
            t += (R)(LV / CP) * dq;
            rain += dq;
        } else if (rain > (R)0.0) { /* re-evaporation of falling rain */
            R ev = (R)0.5 * (qs - qv);
            ev = ev < rain ? ev : rain;
            qv += ev;
            t -= (R)(LV / CP) * ev;
            rain -= ev;
        }
        T[k * stride] = t;
        q[k * stride] = qv;
    }
    return rain;
}

/* Courant numbers of the wind at (x, y, k), |c| <= 0.4 */
template <typename R>
__host__ __device__ inline void wind(int x, int y, int k, int nx, int ny, R &cx, R &cy)
{
    const R two_pi = (R)6.283185307179586;
    cx = (R)0.4 * sin(two_pi * (R)y / (R)ny + (R)0.3 * (R)k);
    cy = (R)0.3 * cos(two_pi * (R)x / (R)nx - (R)0.2 * (R)k);
}

__global__ void advect(const float *T, const float *q, float *Tn, float *qn, int nx, int ny)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    int k = blockIdx.z;
    if (x >= nx || y >= ny)
        return;
    size_t lev = (size_t)k * nx * ny;
    int xm = x > 0 ? x - 1 : nx - 1, xp = x < nx - 1 ? x + 1 : 0;
    int ym = y > 0 ? y - 1 : ny - 1, yp = y < ny - 1 ? y + 1 : 0;
    float cx, cy;
    wind(x, y, k, nx, ny, cx, cy);
    const float *f[2] = {T, q};
    float *o[2] = {Tn, qn};
    for (int v = 0; v < 2; v++) {
        const float *a = f[v] + lev;
        float c = a[y * nx + x], gx, gy;
        if (cx > 0.0f)
            gx = c - a[y * nx + xm];
        else
            gx = a[y * nx + xp] - c;
        if (cy > 0.0f)
            gy = c - a[ym * nx + x];
        else
            gy = a[yp * nx + x] - c;
        o[v][lev + y * nx + x] = c - cx * gx - cy * gy;
    }
}

__global__ void column_physics(float *T, float *q, float *precip, int nx, int ny, int nz)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nx * ny)
        return;
    precip[i] += column(T + i, q + i, nz, (size_t)nx * ny);
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int nx = size == 0 ? 32 : size == 1 ? 128 : 256, ny = nx;
    const int nz = size == 0 ? 12 : size == 1 ? 24 : 32;
    const int steps = size == 0 ? 2 : size == 1 ? 4 : 10;
    size_t ncol = (size_t)nx * ny, n = ncol * nz;
    float *T = (float *)malloc(n * sizeof(float)), *q = (float *)malloc(n * sizeof(float));
    float *precip = (float *)calloc(ncol, sizeof(float));
    double *rT = (double *)malloc(n * sizeof(double)), *rq = (double *)malloc(n * sizeof(double));
    double *rT2 = (double *)malloc(n * sizeof(double)), *rq2 = (double *)malloc(n * sizeof(double));
    double *rprecip = (double *)calloc(ncol, sizeof(double));
    uint32_t seed = 0x3ea7e3u;
    for (int k = 0; k < nz; k++) {
        double p = level_pressure<double>(k, nz);
        double t0 = 300.0 - 60.0 * (1.0 - p / 1000.0) * 1.6; /* colder aloft */
        for (size_t c = 0; c < ncol; c++) {
            double t = t0 + 3.0 * (rng_float(&seed) - 0.5);
            double rh = 0.7 + 0.45 * rng_float(&seed); /* 70% .. 115% relative humidity */
            T[k * ncol + c] = (float)t;
            q[k * ncol + c] = (float)(rh * qsat<double>(t, p));
        }
    }
    for (size_t i = 0; i < n; i++) {
        rT[i] = T[i];
        rq[i] = q[i];
    }
    float *d_T, *d_q, *d_T2, *d_q2, *d_p;
    CK(cudaMalloc((void **)&d_T, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_q, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_T2, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_q2, n * sizeof(float)));
    CK(cudaMalloc((void **)&d_p, ncol * sizeof(float)));
    CK(cudaMemcpy(d_T, T, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_q, q, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemset(d_p, 0, ncol * sizeof(float)));
    dim3 ab(32, 4), ag((nx + 31) / 32, (ny + 3) / 4, nz);
    for (int s = 0; s < steps; s++) {
        advect<<<ag, ab>>>(d_T, d_q, d_T2, d_q2, nx, ny);
        CK_LAUNCH();
        column_physics<<<(int)((ncol + 127) / 128), 128>>>(d_T2, d_q2, d_p, nx, ny, nz);
        CK_LAUNCH();
        float *t = d_T;
        d_T = d_T2;
        d_T2 = t;
        t = d_q;
        d_q = d_q2;
        d_q2 = t;
        /* CPU step */
        for (int k = 0; k < nz; k++)
            for (int y = 0; y < ny; y++)
                for (int x = 0; x < nx; x++) {
                    size_t lev = (size_t)k * ncol;
                    int xm = x > 0 ? x - 1 : nx - 1, xp = x < nx - 1 ? x + 1 : 0;
                    int ym = y > 0 ? y - 1 : ny - 1, yp = y < ny - 1 ? y + 1 : 0;
                    double cx, cy;
                    wind(x, y, k, nx, ny, cx, cy);
                    const double *f[2] = {rT, rq};
                    double *o[2] = {rT2, rq2};
                    for (int v = 0; v < 2; v++) {
                        const double *a = f[v] + lev;
                        double c = a[y * nx + x];
                        double gx = cx > 0.0 ? c - a[y * nx + xm] : a[y * nx + xp] - c;
                        double gy = cy > 0.0 ? c - a[ym * nx + x] : a[yp * nx + x] - c;
                        o[v][lev + y * nx + x] = c - cx * gx - cy * gy;
                    }
                }
        for (size_t c = 0; c < ncol; c++)
            rprecip[c] += column(rT2 + c, rq2 + c, nz, ncol);
        double *t2 = rT;
        rT = rT2;
        rT2 = t2;
        t2 = rq;
        rq = rq2;
        rq2 = t2;
    }
    CK(cudaMemcpy(T, d_T, n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(q, d_q, n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(precip, d_p, ncol * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = 0, raining = 0;
    double total = 0.0;
    for (size_t i = 0; i < n; i++)
        if ((!close_enough(T[i], rT[i], 1e-3, 1e-5) || !close_enough(q[i], rq[i], 1e-6, 1e-4)) &&
            bad++ < 5)
            fprintf(stderr, "point %zu: T %.5f q %.7f, want %.5f %.7f\n", i, T[i], q[i], rT[i],
                    rq[i]);
    for (size_t c = 0; c < ncol; c++) {
        if (!close_enough(precip[c], rprecip[c], 1e-6, 1e-3) && bad++ < 5)
            fprintf(stderr, "column %zu: precipitation %.7f, want %.7f\n", c, precip[c],
                    rprecip[c]);
        raining += rprecip[c] > 0.0;
        total += rprecip[c];
    }
    printf("wp: %dx%dx%d, %d steps, rain in %d of %zu columns, mean %.3g kg/kg\n", nx, ny, nz,
           steps, raining, ncol, total / ncol);
    CK(cudaFree(d_T));
    CK(cudaFree(d_q));
    CK(cudaFree(d_T2));
    CK(cudaFree(d_q2));
    CK(cudaFree(d_p));
    free(T);
    free(q);
    free(precip);
    free(rT);
    free(rq);
    free(rT2);
    free(rq2);
    free(rprecip);
    if (bad) {
        printf("wp: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("wp: PASS\n");
    return 0;
}
