/*
 * simt_cufft.cu - the cuFFT subset of cufft.h as CUDA kernels, written for this project from
 * the discrete Fourier transform's definition and cuFFT's documented interface (plans, data
 * layouts, unnormalised transforms). simt-cc compiles it into libsimt_cufft.a and links it for
 * -lcufft; its kernels run under the tracer like the program's own (names simt_cufft_*).
 *
 * An execution: (1) gather the input, whatever its layout and type, into a contiguous complex
 * work buffer of batch x n[0] x ... x n[rank-1] elements (row-major, the last dimension
 * contiguous; a C2R input is first completed by Hermitian symmetry); (2) transform every line
 * of every dimension in turn - a power-of-two length by log2(L) radix-2 Stockham passes
 * (each butterfly reads elements i and i + L/2 and writes 2i - k and 2i - k + p, so the result
 * comes out in natural order), any other length by a direct DFT, one output element per
 * thread; passes alternate between the two halves of the work area; (3) scatter to the output
 * layout (R2C keeps the n/2+1 non-redundant elements of the last dimension, C2R the real
 * part). Twiddle factors are computed in double precision (sincospi) for both precisions.
 * Forward is exp(-2 pi i jk/L), inverse exp(+2 pi i jk/L), neither scaled, as in cuFFT.
 */
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

#include "cufft.h"

/* a side of the transform (input or output) as the kernels index it */
struct layout {
    int rank;
    int dim[3]; /* logical sizes of this side (the last is n/2+1 for a complex R2C/C2R side) */
    int emb[3]; /* storage sizes (inembed/onembed); emb[0] is not used */
    long long stride, dist;
};

struct plan {
    int live, made;
    int rank, n[3], batch;
    long long N; /* elements of one transform (product of n) */
    cufftType type;
    struct layout in, out;
    cudaStream_t stream;
    void *work; /* two buffers of batch x N complex elements */
    size_t work_bytes;
    int auto_alloc, own_work;
};

static struct plan *plans;
static int nplans;

/* --- kernels -------------------------------------------------------------------------------- */

template <typename R> struct cx;
template <> struct cx<float> {
    typedef float2 T;
};
template <> struct cx<double> {
    typedef double2 T;
};

/* the storage offset of element (b, i[]) of side L */
__device__ static inline long long offset_of(const layout &L, long long b, const int *i)
{
    long long lin = i[0];
    for (int d = 1; d < L.rank; d++)
        lin = lin * L.emb[d] + i[d];
    return b * L.dist + lin * L.stride;
}

/* element e (0 <= e < N) of a transform as its multi-index over dims n[0..rank-1] */
__device__ static inline void index_of(long long e, int rank, const int *n, int *i)
{
    for (int d = rank - 1; d >= 0; d--) {
        i[d] = (int)(e % n[d]);
        e /= n[d];
    }
}

/* kind 0: complex input; 1: real input (R2C); 2: Hermitian half input (C2R) */
template <typename R>
__global__ void simt_cufft_gather(const void *in, typename cx<R>::T *w, layout L, int rank, int n0,
                                  int n1, int n2, long long N, long long total, int kind)
{
    typedef typename cx<R>::T C;
    const int n[3] = {n0, n1, n2};
    for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < total;
         t += (long long)gridDim.x * blockDim.x) {
        const long long b = t / N;
        int i[3] = {0, 0, 0};
        index_of(t % N, rank, n, i);
        C v;
        if (kind == 1) {
            v.x = ((const R *)in)[offset_of(L, b, i)];
            v.y = 0;
        } else if (kind == 0 || i[rank - 1] <= n[rank - 1] / 2) {
            v = ((const C *)in)[offset_of(L, b, i)];
        } else { /* X[i] = conj(X[-i mod n]) */
            int j[3];
            for (int d = 0; d < rank; d++)
                j[d] = i[d] ? n[d] - i[d] : 0;
            v = ((const C *)in)[offset_of(L, b, j)];
            v.y = -v.y;
        }
        w[t] = v;
    }
}

template <typename R>
__global__ void simt_cufft_scatter(const typename cx<R>::T *w, void *out, layout L, int rank,
                                   int n0, int n1, int n2, long long N, long long total, int kind)
{
    typedef typename cx<R>::T C;
    const int n[3] = {n0, n1, n2};
    for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < total;
         t += (long long)gridDim.x * blockDim.x) {
        const long long b = t / N;
        int i[3] = {0, 0, 0};
        index_of(t % N, rank, n, i);
        if (kind == 2)
            ((R *)out)[offset_of(L, b, i)] = w[t].x;
        else if (kind == 0 || i[rank - 1] <= n[rank - 1] / 2)
            ((C *)out)[offset_of(L, b, i)] = w[t];
    }
}

/* exp(sign * 2 pi i * num / den) */
template <typename C> __device__ static inline C twiddle(int sign, long long num, long long den)
{
    double s, c;
    sincospi(2.0 * (double)(num % den) / (double)den, &s, &c);
    C r;
    r.x = c;
    r.y = sign * s;
    return r;
}

/* one radix-2 Stockham pass over every line of length L (element stride s) of x: `half`
 * butterflies per line, p the current sub-transform size */
template <typename R>
__global__ void simt_cufft_radix2(const typename cx<R>::T *x, typename cx<R>::T *y, int L,
                                  long long s, int p, int sign, long long lines)
{
    typedef typename cx<R>::T C;
    const int half = L / 2;
    const long long total = lines * half;
    for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < total;
         t += (long long)gridDim.x * blockDim.x) {
        const long long line = t / half;
        const int i = (int)(t % half);
        const long long base = (line / s) * (L * s) + line % s;
        const int k = i & (p - 1);
        const C u = x[base + (long long)i * s];
        const C v0 = x[base + (long long)(i + half) * s];
        const C w = twiddle<C>(sign, k, 2 * p);
        C v;
        v.x = v0.x * w.x - v0.y * w.y;
        v.y = v0.x * w.y + v0.y * w.x;
        const long long j = base + (long long)(2 * i - k) * s;
        y[j].x = u.x + v.x;
        y[j].y = u.y + v.y;
        y[j + (long long)p * s].x = u.x - v.x;
        y[j + (long long)p * s].y = u.y - v.y;
    }
}

/* a direct DFT of every line of length L: one output element per thread */
template <typename R>
__global__ void simt_cufft_dft(const typename cx<R>::T *x, typename cx<R>::T *y, int L, long long s,
                               int sign, long long total)
{
    typedef typename cx<R>::T C;
    for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < total;
         t += (long long)gridDim.x * blockDim.x) {
        const long long line = t / L;
        const int j = (int)(t % L);
        const long long base = (line / s) * (L * s) + line % s;
        R re = 0, im = 0;
        for (int k = 0; k < L; k++) {
            const C a = x[base + (long long)k * s];
            const C w = twiddle<C>(sign, (long long)j * k, L);
            re += a.x * w.x - a.y * w.y;
            im += a.x * w.y + a.y * w.x;
        }
        y[base + (long long)j * s].x = re;
        y[base + (long long)j * s].y = im;
    }
}

/* --- host side ----------------------------------------------------------------------------------
 */

static int grid_for(long long n)
{
    long long g = (n + 255) / 256;
    return g < 1 ? 1 : g > 4096 ? 4096 : (int)g;
}

static struct plan *plan_of(cufftHandle h)
{
    return h >= 1 && h <= nplans && plans[h - 1].live ? &plans[h - 1] : NULL;
}

static int is_double(cufftType t)
{
    return t == CUFFT_Z2Z || t == CUFFT_D2Z || t == CUFFT_Z2D;
}

/* Sets up plan p (sizes, layouts, work area); nothing of p changes on failure. */
static cufftResult make_plan(struct plan *p, int rank, const int *n, const int *inembed,
                             int istride, int idist, const int *onembed, int ostride, int odist,
                             cufftType type, int batch, size_t *workSize)
{
    if (p->made)
        return CUFFT_INVALID_PLAN; /* a handle takes one plan */
    if (type != CUFFT_C2C && type != CUFFT_R2C && type != CUFFT_C2R && type != CUFFT_Z2Z &&
        type != CUFFT_D2Z && type != CUFFT_Z2D)
        return CUFFT_INVALID_TYPE;
    if (rank < 1 || rank > 3 || !n || batch < 1)
        return CUFFT_INVALID_VALUE;
    long long N = 1;
    for (int d = 0; d < rank; d++) {
        if (n[d] < 1)
            return CUFFT_INVALID_SIZE;
        N *= n[d];
    }
    if (N > (1ll << 31) / 2 || (long long)batch * N > (1ll << 31))
        return CUFFT_INVALID_SIZE; /* (a work area of more than 2^31 elements) */
    const int r2c = type == CUFFT_R2C || type == CUFFT_D2Z,
              c2r = type == CUFFT_C2R || type == CUFFT_Z2D;
    struct layout in, out;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    in.rank = out.rank = rank;
    for (int d = 0; d < rank; d++)
        in.dim[d] = out.dim[d] = n[d];
    const int halfn = n[rank - 1] / 2 + 1;
    if (c2r)
        in.dim[rank - 1] = halfn;
    if (r2c)
        out.dim[rank - 1] = halfn;
    const int basic = !inembed || !onembed; /* cuFFT: then both are n and strides are ignored */
    long long ip = 1, op = 1;
    for (int d = 0; d < rank; d++) {
        in.emb[d] = basic ? in.dim[d] : inembed[d];
        out.emb[d] = basic ? out.dim[d] : onembed[d];
        if (d > 0 && (in.emb[d] < in.dim[d] || out.emb[d] < out.dim[d]))
            return CUFFT_INVALID_VALUE; /* a storage dimension smaller than the data */
        ip *= in.dim[d];
        op *= out.dim[d];
    }
    in.stride = basic ? 1 : istride;
    out.stride = basic ? 1 : ostride;
    in.dist = basic ? ip : idist;
    out.dist = basic ? op : odist;
    if (in.stride < 1 || out.stride < 1 || (batch > 1 && (in.dist < 1 || out.dist < 1)))
        return CUFFT_INVALID_VALUE;
    const size_t esz = is_double(type) ? 16 : 8;
    const size_t bytes = 2 * (size_t)batch * (size_t)N * esz;
    void *work = NULL;
    if (p->auto_alloc && cudaMalloc(&work, bytes) != cudaSuccess)
        return CUFFT_ALLOC_FAILED;
    p->rank = rank;
    for (int d = 0; d < 3; d++)
        p->n[d] = d < rank ? n[d] : 1;
    p->N = N;
    p->batch = batch;
    p->type = type;
    p->in = in;
    p->out = out;
    p->work_bytes = bytes;
    if (p->auto_alloc) {
        p->work = work;
        p->own_work = 1;
    }
    p->made = 1;
    if (workSize)
        *workSize = bytes;
    return CUFFT_SUCCESS;
}

static int launched(void)
{
    return cudaGetLastError() == cudaSuccess;
}

template <typename R>
static cufftResult exec(cufftHandle h, const void *in, void *out, int sign, int kind,
                        cufftType want1, cufftType want2)
{
    typedef typename cx<R>::T C;
    struct plan *p = plan_of(h);
    if (!p || !p->made)
        return CUFFT_INVALID_PLAN;
    if (p->type != want1 && p->type != want2)
        return CUFFT_INVALID_TYPE;
    if (!in || !out)
        return CUFFT_INVALID_VALUE;
    if (sign != CUFFT_FORWARD && sign != CUFFT_INVERSE)
        return CUFFT_INVALID_VALUE;
    if (!p->work)
        return CUFFT_NO_WORKSPACE; /* cufftSetAutoAllocation(0) and no cufftSetWorkArea */
    const long long total = (long long)p->batch * p->N;
    C *a = (C *)p->work, *b = a + total;
    simt_cufft_gather<R><<<grid_for(total), 256, 0, p->stream>>>(
        in, a, p->in, p->rank, p->n[0], p->n[1], p->n[2], p->N, total, kind);
    if (!launched())
        return CUFFT_EXEC_FAILED;
    long long s = 1; /* element stride of the dimension's lines */
    for (int d = p->rank - 1; d >= 0; d--) {
        const int L = p->n[d];
        if (L > 1 && (L & (L - 1)) == 0) {
            for (int q = 1; q < L; q *= 2) {
                simt_cufft_radix2<R>
                    <<<grid_for(total / 2), 256, 0, p->stream>>>(a, b, L, s, q, sign, total / L);
                C *t = a;
                a = b;
                b = t;
            }
        } else if (L > 1) {
            simt_cufft_dft<R><<<grid_for(total), 256, 0, p->stream>>>(a, b, L, s, sign, total);
            C *t = a;
            a = b;
            b = t;
        }
        if (!launched())
            return CUFFT_EXEC_FAILED;
        s *= L;
    }
    simt_cufft_scatter<R><<<grid_for(total), 256, 0, p->stream>>>(a, out, p->out, p->rank, p->n[0],
                                                                  p->n[1], p->n[2], p->N, total,
                                                                  kind == 2   ? 2
                                                                  : kind == 1 ? 1
                                                                              : 0);
    return launched() ? CUFFT_SUCCESS : CUFFT_EXEC_FAILED;
}

extern "C" {

cufftResult cufftCreate(cufftHandle *plan)
{
    if (!plan)
        return CUFFT_INVALID_VALUE;
    int k = 0;
    while (k < nplans && plans[k].live)
        k++;
    if (k == nplans) {
        struct plan *np = (struct plan *)realloc(plans, (size_t)(nplans + 8) * sizeof *np);
        if (!np)
            return CUFFT_ALLOC_FAILED;
        memset(np + nplans, 0, 8 * sizeof *np);
        plans = np;
        nplans += 8;
    }
    memset(&plans[k], 0, sizeof plans[k]);
    plans[k].live = 1;
    plans[k].auto_alloc = 1;
    *plan = k + 1;
    return CUFFT_SUCCESS;
}

cufftResult cufftDestroy(cufftHandle plan)
{
    struct plan *p = plan_of(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    if (p->own_work)
        cudaFree(p->work);
    memset(p, 0, sizeof *p);
    return CUFFT_SUCCESS;
}

cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride,
                              int idist, int *onembed, int ostride, int odist, cufftType type,
                              int batch, size_t *workSize)
{
    struct plan *p = plan_of(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    return make_plan(p, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                     workSize);
}

cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize)
{
    return cufftMakePlanMany(plan, 1, &nx, NULL, 1, 0, NULL, 1, 0, type, batch, workSize);
}

cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize)
{
    int n[2] = {nx, ny};
    return cufftMakePlanMany(plan, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                            size_t *workSize)
{
    int n[3] = {nx, ny, nz};
    return cufftMakePlanMany(plan, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

/* the one-call forms: create, make, and on failure destroy again */
static cufftResult plan_new(cufftHandle *plan, int rank, int *n, int *inembed, int istride,
                            int idist, int *onembed, int ostride, int odist, cufftType type,
                            int batch)
{
    if (!plan)
        return CUFFT_INVALID_VALUE;
    cufftHandle h;
    cufftResult r = cufftCreate(&h);
    if (r != CUFFT_SUCCESS)
        return r;
    r = cufftMakePlanMany(h, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                          NULL);
    if (r != CUFFT_SUCCESS) {
        cufftDestroy(h);
        return r;
    }
    *plan = h;
    return CUFFT_SUCCESS;
}

cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch)
{
    return plan_new(plan, 1, &nx, NULL, 1, 0, NULL, 1, 0, type, batch);
}

cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type)
{
    int n[2] = {nx, ny};
    return plan_new(plan, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1);
}

cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type)
{
    int n[3] = {nx, ny, nz};
    return plan_new(plan, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1);
}

cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist,
                          int *onembed, int ostride, int odist, cufftType type, int batch)
{
    return plan_new(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch);
}

cufftResult cufftGetSize(cufftHandle plan, size_t *workSize)
{
    struct plan *p = plan_of(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    if (!workSize)
        return CUFFT_INVALID_VALUE;
    *workSize = p->work_bytes;
    return CUFFT_SUCCESS;
}

/* before the plan is made: with 0 the caller supplies the work area (cufftSetWorkArea) */
cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate)
{
    struct plan *p = plan_of(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    if (p->made)
        return CUFFT_INVALID_PLAN;
    p->auto_alloc = autoAllocate != 0;
    return CUFFT_SUCCESS;
}

cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea)
{
    struct plan *p = plan_of(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    if (p->own_work) {
        cudaFree(p->work);
        p->own_work = 0;
    }
    p->work = workArea;
    return CUFFT_SUCCESS;
}

cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream)
{
    struct plan *p = plan_of(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    p->stream = stream;
    return CUFFT_SUCCESS;
}

cufftResult cufftGetVersion(int *version)
{
    if (!version)
        return CUFFT_INVALID_VALUE;
    *version = CUFFT_VERSION;
    return CUFFT_SUCCESS;
}

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction)
{
    return exec<float>(plan, idata, odata, direction, 0, CUFFT_C2C, CUFFT_C2C);
}
cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata)
{
    return exec<float>(plan, idata, odata, CUFFT_FORWARD, 1, CUFFT_R2C, CUFFT_R2C);
}
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata)
{
    return exec<float>(plan, idata, odata, CUFFT_INVERSE, 2, CUFFT_C2R, CUFFT_C2R);
}
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata,
                         int direction)
{
    return exec<double>(plan, idata, odata, direction, 0, CUFFT_Z2Z, CUFFT_Z2Z);
}
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata)
{
    return exec<double>(plan, idata, odata, CUFFT_FORWARD, 1, CUFFT_D2Z, CUFFT_D2Z);
}
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata)
{
    return exec<double>(plan, idata, odata, CUFFT_INVERSE, 2, CUFFT_Z2D, CUFFT_Z2D);
}

} /* extern "C" */
