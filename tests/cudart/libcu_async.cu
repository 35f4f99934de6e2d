/* cudart.libcu_async: libcu++'s and cooperative groups' asynchronous copies and barriers in
 * kernels, against results computed on the host:
 *   mm_barrier      a 64x48 by 48x32 matrix product in 16x16 tiles, double buffered through
 *                   two cuda::barrier<thread_scope_block> (per-thread memcpy_async of
 *                   aligned_size_t, arrive_and_wait twice per tile: phases reused)
 *   mm_thread_pipe  the same with cuda::pipeline<thread_scope_thread> and
 *                   pipeline_consumer_wait_prior<1> (as CUDA's globalToShmemAsyncCopy sample)
 *   sum_block_pipe  batches summed through a 3-stage block-scope pipeline (group
 *                   memcpy_async; each thread reads slots a thread of another warp copied,
 *                   so the consumer_wait and producer_acquire waits are what makes it right)
 *   sum_roles       one producer warp and three consumer warps on a 2-stage pipeline, with
 *                   pipeline_role and with a producer count
 *   phases          arrive() / wait(token) with work between, warps out of step; a completion
 *                   function counting phases; try_wait; cuda::std::barrier
 *   drop            arrive_and_drop by half a warp: the later phases complete with fewer
 *                   arrivals (and the dropping lanes' warp waits partly active)
 *   cg_async        cooperative_groups::memcpy_async (bytes, aligned_size_t, element counts;
 *                   a block and a 32-thread tile) with wait and wait_prior<1>, double buffered
 *   collectives     cg::reduce with plus/less/greater/bit_and/bit_or/bit_xor and
 *                   inclusive/exclusive scans over tiles of 2..32 threads and a coalesced group
 * and, on the host, a system-scope cuda::barrier and a thread pipeline's memcpy_async.
 * Prints "cudart.libcu_async: PASS". */
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/std/barrier>
#include <cuda/std/utility>
#include <vector>
#include "cudart_check.h"
namespace cg = cooperative_groups;

typedef cuda::barrier<cuda::thread_scope_block> block_barrier;

enum { M = 64, N = 32, K = 48, TILE = 16 };

/* ---- tiled matrix products ------------------------------------------------------------ */
__global__ void mm_barrier(const float *A, const float *B, float *C)
{
    __shared__ __align__(16) float As[2][TILE][TILE], Bs[2][TILE][TILE];
    __shared__ block_barrier bar[2];
    const int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty,
              col = blockIdx.x * TILE + tx, nt = K / TILE;
    if (tx == 0 && ty == 0) {
        init(&bar[0], TILE * TILE);
        init(&bar[1], TILE * TILE);
    }
    __syncthreads();
    const cuda::aligned_size_t<4> one(sizeof(float));
    cuda::memcpy_async(&As[0][ty][tx], &A[row * K + tx], one, bar[0]);
    cuda::memcpy_async(&Bs[0][ty][tx], &B[ty * N + col], one, bar[0]);
    float acc = 0;
    for (int t = 0; t < nt; t++) {
        const int b = t % 2;
        if (t + 1 < nt) { /* the other buffer: every thread left it at the end of t - 1 */
            cuda::memcpy_async(&As[1 - b][ty][tx], &A[row * K + (t + 1) * TILE + tx], one,
                               bar[1 - b]);
            cuda::memcpy_async(&Bs[1 - b][ty][tx], &B[((t + 1) * TILE + ty) * N + col], one,
                               bar[1 - b]);
        }
        bar[b].arrive_and_wait(); /* tile t is in */
        for (int k = 0; k < TILE; k++)
            acc += As[b][ty][k] * Bs[b][k][tx];
        bar[b].arrive_and_wait(); /* everyone is done with buffer b */
    }
    C[row * N + col] = acc;
}

__global__ void mm_thread_pipe(const float *A, const float *B, float *C)
{
    __shared__ __align__(16) float As[2][TILE][TILE], Bs[2][TILE][TILE];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    const int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty,
              col = blockIdx.x * TILE + tx, nt = K / TILE;
    const auto one = cuda::aligned_size_t<alignof(float)>(sizeof(float));
    pipe.producer_acquire();
    cuda::memcpy_async(&As[0][ty][tx], &A[row * K + tx], one, pipe);
    cuda::memcpy_async(&Bs[0][ty][tx], &B[ty * N + col], one, pipe);
    pipe.producer_commit();
    float acc = 0;
    for (int t = 0; t < nt; t++) {
        const int b = t % 2;
        pipe.producer_acquire();
        if (t + 1 < nt) {
            cuda::memcpy_async(&As[1 - b][ty][tx], &A[row * K + (t + 1) * TILE + tx], one, pipe);
            cuda::memcpy_async(&Bs[1 - b][ty][tx], &B[((t + 1) * TILE + ty) * N + col], one, pipe);
        }
        pipe.producer_commit();
        cuda::pipeline_consumer_wait_prior<1>(pipe); /* all but the newest stage */
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += As[b][ty][k] * Bs[b][k][tx];
        __syncthreads();
    }
    C[row * N + col] = acc;
}

/* ---- block-scope pipelines ---------------------------------------------------------- */
enum { BATCH = 128, NBATCH = 10, STAGES = 3 };

/* out[0] = the sum of nbig batches of 4 * BATCH ints, each weighted by its slot modulo BATCH
 * plus 1, for one block of BATCH threads: every thread copies 16 bytes of a batch and reads 4
 * slots that a thread of another warp copied */
__global__ void sum_block_pipe(const int *in, int *out, int nbig)
{
    __shared__ __align__(16) int buf[STAGES][4 * BATCH];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
    cg::thread_block block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    int acc = 0, fetch = 0;
    for (int c = 0; c < nbig; c++) {
        for (; fetch < nbig && fetch < c + STAGES; fetch++) {
            pipe.producer_acquire();
            cuda::memcpy_async(block, buf[fetch % STAGES], in + fetch * 4 * BATCH,
                               sizeof(int) * 4 * BATCH, pipe);
            pipe.producer_commit();
        }
        pipe.consumer_wait();
        for (int j = 0; j < 4; j++) {
            const int slot = (4 * (int)block.thread_rank() + j + 200) % (4 * BATCH);
            acc += buf[c % STAGES][slot] * (slot % BATCH + 1);
        }
        pipe.consumer_release();
    }
    atomicAdd(&out[0], acc);
}

/* warp 0 produces, warps 1-3 consume; by_role: pipeline_role, else a producer count */
__global__ void sum_roles(const int *in, int *out, bool by_role)
{
    __shared__ __align__(16) int buf[2][BATCH];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    cg::thread_block block = cg::this_thread_block();
    const bool producer = threadIdx.x < 32;
    cuda::pipeline<cuda::thread_scope_block> pipe =
        by_role ? cuda::make_pipeline(block, &state,
                                      producer ? cuda::pipeline_role::producer
                                               : cuda::pipeline_role::consumer)
                : cuda::make_pipeline(block, &state, (size_t)32);
    const int *src = in + blockIdx.x * NBATCH * BATCH;
    if (producer) {
        for (int c = 0; c < NBATCH; c++) {
            pipe.producer_acquire();
            /* 16 bytes each: the warp copies a batch */
            cuda::memcpy_async(&buf[c % 2][4 * threadIdx.x], src + c * BATCH + 4 * threadIdx.x,
                               cuda::aligned_size_t<16>(16), pipe);
            pipe.producer_commit();
        }
    } else {
        int acc = 0;
        const int r = threadIdx.x - 32; /* 0..95 */
        for (int c = 0; c < NBATCH; c++) {
            pipe.consumer_wait();
            acc += buf[c % 2][r] * (r + 1);
            if (r + 96 < BATCH)
                acc += buf[c % 2][r + 96] * (r + 97);
            pipe.consumer_release();
        }
        atomicAdd(&out[blockIdx.x], acc);
    }
}

/* ---- barrier phases ------------------------------------------------------------------- */
struct count_phases {
    int *n;
    __device__ void operator()() noexcept
    {
        ++*n;
    }
};

enum { NT = 128, NPHASE = 4 };

/* res[t]: per phase, 1 if every thread's value was there after the wait and the completion
 * function had run exactly once more (bits 0-3); try_wait after the wait (bit 4); the
 * cuda::std::barrier (bit 5) */
__global__ void phases(int *res)
{
    __shared__ cuda::barrier<cuda::thread_scope_block, count_phases> bar;
    __shared__ cuda::std::barrier<> sbar;
    __shared__ int vals[NPHASE][NT], completed;
    const int t = threadIdx.x, w = t / 32;
    if (t == 0) {
        completed = 0;
        init(&bar, NT, count_phases{&completed});
        init(&sbar, NT);
    }
    __syncthreads();
    int bits = 0;
    float work = (float)t;
    for (int p = 0; p < NPHASE; p++) {
        vals[p][t] = p * 1000 + t;
        auto token = bar.arrive();
        /* unrelated work between arriving and waiting, longer for later warps, so that the
         * warps reach wait() out of step */
        for (int i = 0; i < 50 * (w + 1); i++)
            work = work * 0.5f + 1.0f;
        bar.wait(cuda::std::move(token));
        int sum = 0;
        for (int i = 0; i < NT; i++)
            sum += vals[p][i];
        /* nobody can complete phase p + 1 before this thread arrives at it */
        if (sum == p * 1000 * NT + NT * (NT - 1) / 2 && completed == p + 1)
            bits |= 1 << p;
    }
    auto again = bar.arrive();
    bar.wait(cuda::std::move(again));
    auto done = bar.arrive();
    (void)done;
    if (work < 0.0f) /* (never: it keeps the work) */
        bits = 0;
    sbar.arrive_and_wait();
    /* phase NPHASE + 1 is over for whoever arrives last: try_wait can only say so after */
    __syncthreads();
    auto later = bar.arrive(); /* phase NPHASE + 2: everyone arrived above, so it completes */
    __syncthreads();
    if (bar.try_wait(cuda::std::move(later)))
        bits |= 1 << 4;
    sbar.arrive_and_wait();
    if (completed == NPHASE + 3)
        bits |= 1 << 5;
    res[blockIdx.x * NT + t] = bits;
}

/* phase 0: all NT threads; phase 1: threads 112-127 arrive_and_drop and leave; phases 2 and 3:
 * the other 112. res[t] = the arrivals counted in each phase, as seen after its wait */
__global__ void drop(int *res)
{
    __shared__ block_barrier bar;
    __shared__ int arrivals[NPHASE];
    const int t = threadIdx.x;
    if (t == 0) {
        init(&bar, NT);
        for (int p = 0; p < NPHASE; p++)
            arrivals[p] = 0;
    }
    __syncthreads();
    for (int p = 0; p < NPHASE; p++) {
        atomicAdd(&arrivals[p], 1);
        if (p == 1 && t >= 112) {
            bar.arrive_and_drop();
            return;
        }
        bar.arrive_and_wait();
        res[(blockIdx.x * NT + t) * NPHASE + p] = arrivals[p];
    }
}

/* ---- cooperative groups' memcpy_async ------------------------------------------------- */
/* out[block]: sum of in's NBATCH batches (weighted by slot) staged through two buffers by
 * the block; out[gridDim.x + block]: the same through warp 0's tile with element counts */
__global__ void cg_async(const int *in, int *out)
{
    __shared__ __align__(16) int buf[2][BATCH], wbuf[BATCH];
    cg::thread_block block = cg::this_thread_block();
    const int *src = in + blockIdx.x * NBATCH * BATCH;
    const int r = block.thread_rank();
    int acc = 0;
    cg::memcpy_async(block, buf[0], src, sizeof(int) * BATCH);
    for (int c = 0; c < NBATCH; c++) {
        if (c + 1 < NBATCH) {
            cg::memcpy_async(block, buf[(c + 1) % 2], src + (c + 1) * BATCH,
                             cuda::aligned_size_t<16>(sizeof(int) * BATCH));
            cg::wait_prior<1>(block); /* batch c is in; c + 1 may still be coming */
        } else {
            cg::wait(block);
        }
        const int slot = (r * 7 + 1) % BATCH;
        acc += buf[c % 2][slot] * (slot + 1);
        block.sync(); /* buffer c % 2 is refilled next */
    }
    atomicAdd(&out[blockIdx.x], acc);
    if (r < 32) {
        cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
        int wacc = 0;
        for (int c = 0; c < NBATCH; c++) {
            /* element counts: BATCH ints into a BATCH-int buffer */
            cg::memcpy_async(warp, wbuf, (size_t)BATCH, src + c * BATCH, (size_t)BATCH);
            cg::wait(warp);
            for (int i = r; i < BATCH; i += 32)
                wacc += wbuf[(i + 5) % BATCH] * ((i + 5) % BATCH + 1);
            warp.sync();
        }
        atomicAdd(&out[gridDim.x + blockIdx.x], wacc);
    }
}

/* ---- cg::reduce and scans --------------------------------------------------------------- */
enum { NOPS = 10 };

template <unsigned int S> __device__ void tile_ops(int *o, int v)
{
    cg::thread_block_tile<S> g = cg::tiled_partition<S>(cg::this_thread_block());
    o[0] = cg::reduce(g, v, cg::plus<int>());
    o[1] = cg::reduce(g, v, cg::less<int>());
    o[2] = cg::reduce(g, v, cg::greater<int>());
    o[3] = cg::reduce(g, v, cg::bit_and<int>());
    o[4] = cg::reduce(g, v, cg::bit_or<int>());
    o[5] = cg::reduce(g, v, cg::bit_xor<int>());
    o[6] = cg::inclusive_scan(g, v);
    o[7] = cg::exclusive_scan(g, v);
    o[8] = cg::inclusive_scan(g, v, cg::greater<int>());
    o[9] = cg::exclusive_scan(g, v, cg::bit_or<int>());
}

/* o[(size index * 64 + t) * NOPS + op] for tile sizes 2, 4, 8, 16, 32; then a coalesced
 * group of the odd threads: reduce, inclusive and exclusive scan */
__global__ void collectives(const int *vals, int *o, int *co)
{
    const int t = threadIdx.x, v = vals[t];
    tile_ops<2>(o + (0 * 64 + t) * NOPS, v);
    tile_ops<4>(o + (1 * 64 + t) * NOPS, v);
    tile_ops<8>(o + (2 * 64 + t) * NOPS, v);
    tile_ops<16>(o + (3 * 64 + t) * NOPS, v);
    tile_ops<32>(o + (4 * 64 + t) * NOPS, v);
    if (t % 2) {
        cg::coalesced_group c = cg::coalesced_threads();
        co[3 * t] = cg::reduce(c, v, cg::plus<int>());
        co[3 * t + 1] = cg::inclusive_scan(c, v);
        co[3 * t + 2] = cg::exclusive_scan(c, v, cg::plus<int>());
    }
}

/* ---- host ------------------------------------------------------------------------------ */
static void check_mm(void (*kernel)(const float *, const float *, float *), const char *name,
                     const float *A, const float *B, const std::vector<float> &ref)
{
    float *C;
    CHECK(cudaMallocManaged(&C, M * N * sizeof(float)));
    CHECK(cudaMemset(C, 0, M * N * sizeof(float)));
    kernel<<<dim3(N / TILE, M / TILE), dim3(TILE, TILE)>>>(A, B, C);
    CHECK(cudaDeviceSynchronize());
    int bad = 0;
    for (int i = 0; i < M * N; i++)
        bad += C[i] != ref[i];
    if (bad)
        fprintf(stderr, "%s: %d of %d elements differ (C[0] %g, expected %g)\n", name, bad, M * N,
                C[0], ref[0]);
    EXPECT_EQ(bad, 0);
    CHECK(cudaFree(C));
}

template <int S> static void expect_tile_ops(const int *o, const int *vals, int si)
{
    for (int t = 0; t < 64; t++) {
        const int base = t / S * S, r = t % S;
        int sum = 0, mn = vals[base], mx = vals[base], an = -1, orr = 0, x = 0;
        int inc = 0, exc = 0, incmax = vals[base], excor = 0;
        for (int i = 0; i < S; i++) {
            const int u = vals[base + i];
            sum += u;
            mn = u < mn ? u : mn;
            mx = u > mx ? u : mx;
            an &= u;
            orr |= u;
            x ^= u;
            if (i <= r) {
                inc += u;
                incmax = u > incmax ? u : incmax;
            }
            if (i < r) {
                exc += u;
                excor |= u;
            }
        }
        const int want[NOPS] = {sum, mn, mx, an, orr, x, inc, exc, incmax, excor};
        for (int op = 0; op < NOPS; op++)
            if (o[(si * 64 + t) * NOPS + op] != want[op]) {
                fprintf(stderr, "tile %d thread %d op %d: %d, expected %d\n", S, t, op,
                        o[(si * 64 + t) * NOPS + op], want[op]);
                cudart_failures++;
            }
    }
}

int main()
{
    /* matrices of small integers: every product is exact, whatever the summation order */
    std::vector<float> hA(M * K), hB(K * N), ref(M * N, 0.0f);
    for (int i = 0; i < M * K; i++)
        hA[i] = (float)((i * 7) % 11 - 5);
    for (int i = 0; i < K * N; i++)
        hB[i] = (float)((i * 5) % 13 - 6);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < K; k++)
                ref[i * N + j] += hA[i * K + k] * hB[k * N + j];
    float *A = cudart_dev(hA), *B = cudart_dev(hB);
    check_mm(mm_barrier, "mm_barrier", A, B, ref);
    check_mm(mm_thread_pipe, "mm_thread_pipe", A, B, ref);

    /* batches: 4 blocks of NBATCH batches of BATCH ints */
    const int nb = 4;
    std::vector<int> hin(nb * NBATCH * BATCH);
    for (size_t i = 0; i < hin.size(); i++)
        hin[i] = (int)((i * 31) % 97) - 40;
    int *in = cudart_dev(hin), *out;
    CHECK(cudaMallocManaged(&out, 2 * nb * sizeof(int)));
    std::vector<long long> want(nb, 0);
    for (int b = 0; b < nb; b++) /* every slot of every batch once, weighted by slot + 1 */
        for (int c = 0; c < NBATCH; c++)
            for (int s = 0; s < BATCH; s++)
                want[b] += (long long)hin[(b * NBATCH + c) * BATCH + s] * (s + 1);

    CHECK(cudaMemset(out, 0, 2 * nb * sizeof(int)));
    sum_block_pipe<<<1, BATCH>>>(in, out, nb * NBATCH / 4);
    CHECK(cudaDeviceSynchronize());
    EXPECT_EQ(out[0], want[0] + want[1] + want[2] + want[3]);
    for (int by_role = 0; by_role < 2; by_role++) {
        CHECK(cudaMemset(out, 0, 2 * nb * sizeof(int)));
        sum_roles<<<nb, 128>>>(in, out, by_role != 0);
        CHECK(cudaDeviceSynchronize());
        for (int b = 0; b < nb; b++)
            EXPECT_EQ(out[b], want[b]);
    }
    CHECK(cudaMemset(out, 0, 2 * nb * sizeof(int)));
    cg_async<<<nb, BATCH>>>(in, out);
    CHECK(cudaDeviceSynchronize());
    for (int b = 0; b < nb; b++) {
        EXPECT_EQ(out[b], want[b]);
        EXPECT_EQ(out[nb + b], want[b]);
    }

    int *res;
    CHECK(cudaMallocManaged(&res, 2 * NT * NPHASE * sizeof(int)));
    phases<<<2, NT>>>(res);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 2 * NT; i++)
        if (res[i] != 0x3f) {
            fprintf(stderr, "phases: thread %d of block %d: bits 0x%x, expected 0x3f\n", i % NT,
                    i / NT, res[i]);
            cudart_failures++;
            break;
        }
    CHECK(cudaMemset(res, 0xff, 2 * NT * NPHASE * sizeof(int)));
    drop<<<2, NT>>>(res);
    CHECK(cudaDeviceSynchronize());
    for (int b = 0; b < 2; b++)
        for (int t = 0; t < NT; t++)
            for (int p = 0; p < NPHASE; p++) {
                const int got = res[(b * NT + t) * NPHASE + p];
                const int exp = p >= 1 && t >= 112 ? -1 : p <= 1 ? NT : 112;
                if (got != exp) {
                    fprintf(stderr, "drop: block %d thread %d phase %d: %d arrivals, expected %d\n",
                            b, t, p, got, exp);
                    cudart_failures++;
                }
            }

    std::vector<int> hv(64);
    for (int i = 0; i < 64; i++)
        hv[i] = (i * 37 + 11) % 61 + (i % 3 == 0 ? 256 : 0);
    int *vals = cudart_dev(hv), *o, *co;
    CHECK(cudaMallocManaged(&o, 5 * 64 * NOPS * sizeof(int)));
    CHECK(cudaMallocManaged(&co, 3 * 64 * sizeof(int)));
    collectives<<<1, 64>>>(vals, o, co);
    CHECK(cudaDeviceSynchronize());
    expect_tile_ops<2>(o, hv.data(), 0);
    expect_tile_ops<4>(o, hv.data(), 1);
    expect_tile_ops<8>(o, hv.data(), 2);
    expect_tile_ops<16>(o, hv.data(), 3);
    expect_tile_ops<32>(o, hv.data(), 4);
    for (int t = 1; t < 64; t += 2) { /* the odd threads of t's warp */
        const int w0 = t / 32 * 32;
        int sum = 0, inc = 0, exc = 0;
        for (int i = w0 + 1; i < w0 + 32; i += 2) {
            sum += hv[i];
            if (i <= t)
                inc += hv[i];
            if (i < t)
                exc += hv[i];
        }
        EXPECT_EQ(co[3 * t], sum);
        EXPECT_EQ(co[3 * t + 1], inc);
        EXPECT_EQ(co[3 * t + 2], exc);
    }

    /* host code: a system-scope barrier of one thread, a thread pipeline's copy */
    cuda::barrier<cuda::thread_scope_system> hb(1);
    hb.arrive_and_wait();
    auto tok = hb.arrive();
    EXPECT(hb.try_wait(cuda::std::move(tok)));
    int hsrc[4] = {1, 2, 3, 4}, hdst[4] = {0, 0, 0, 0};
    cuda::pipeline<cuda::thread_scope_thread> hp = cuda::make_pipeline();
    hp.producer_acquire();
    cuda::memcpy_async(hdst, hsrc, sizeof hsrc, hp);
    hp.producer_commit();
    hp.consumer_wait();
    hp.consumer_release();
    EXPECT(hdst[0] == 1 && hdst[3] == 4);

    CHECK(cudaFree(A));
    CHECK(cudaFree(B));
    CHECK(cudaFree(in));
    CHECK(cudaFree(out));
    CHECK(cudaFree(res));
    CHECK(cudaFree(vals));
    CHECK(cudaFree(o));
    CHECK(cudaFree(co));
    return cudart_finish("cudart.libcu_async");
}
