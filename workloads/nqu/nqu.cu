/*
 * nqu - N-Queens solution counting by backtracking, after the CUDA N-Queens solver of
 * seed 000 reference [15] (pcchen): the host enumerates every legal placement of the
 * upper K rows; each GPU thread takes one such placement and finishes the board with an
 * iterative depth-first backtracking over bitmasks (columns, both diagonals), its stack in
 * shared memory; thread 0 of each block then adds up the block's counts alone.
 * Divergence: the subtrees differ in size, so threads finish at different times and the
 * loop runs with few active lanes; the per-block sum runs on one thread. Seed 000 (chapter
 * 5.3, Table 5.2, Table 6.1): N = 10, branch divergence intensity "High", "for most of the
 * time only a single thread is active".
 * Sizes: tiny N = 9 (K = 3), small N = 10 (K = 2: fewer, deeper searches), default N = 10
 * (K = 3).
 */
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

#define BLOCK 64
#define MAXN                                                                                       \
    12 /* deepest GPU search: N - K rows; 12.5 KB of shared memory per block,                      \
        * within the 16 KB of a GT200 SM (seed 000 Table 5.1) */

/* A partial board after the upper rows: occupied columns and the two diagonal masks as
 * seen from the next row. */
struct partial {
    unsigned cols, ld, rd;
};

__global__ void nqueens(const partial *cfg, int ncfg, int rem, unsigned full, unsigned *counts,
                        unsigned *block_sums)
{
    __shared__ unsigned s_cols[MAXN][BLOCK], s_ld[MAXN][BLOCK], s_rd[MAXN][BLOCK];
    __shared__ unsigned s_avail[MAXN][BLOCK];
    __shared__ unsigned s_count[BLOCK];
    int tid = threadIdx.x, c = blockIdx.x * BLOCK + tid;
    unsigned count = 0;
    if (c < ncfg) {
        if (rem == 0) {
            count = 1;
        } else {
            int d = 0;
            s_cols[0][tid] = cfg[c].cols;
            s_ld[0][tid] = cfg[c].ld;
            s_rd[0][tid] = cfg[c].rd;
            s_avail[0][tid] = ~(cfg[c].cols | cfg[c].ld | cfg[c].rd) & full;
            while (d >= 0) {
                unsigned avail = s_avail[d][tid];
                if (avail == 0) {
                    d--;
                    continue;
                }
                unsigned bit = avail & (0u - avail);
                s_avail[d][tid] = avail ^ bit;
                if (d + 1 == rem) {
                    count++;
                    continue;
                }
                unsigned nc = s_cols[d][tid] | bit;
                unsigned nl = ((s_ld[d][tid] | bit) << 1) & full;
                unsigned nr = (s_rd[d][tid] | bit) >> 1;
                d++;
                s_cols[d][tid] = nc;
                s_ld[d][tid] = nl;
                s_rd[d][tid] = nr;
                s_avail[d][tid] = ~(nc | nl | nr) & full;
            }
        }
        counts[c] = count;
    }
    s_count[tid] = count;
    __syncthreads();
    if (tid == 0) { /* the single-thread tail the seed describes */
        unsigned sum = 0;
        for (int i = 0; i < BLOCK; i++)
            sum += s_count[i];
        block_sums[blockIdx.x] = sum;
    }
}

/* Host: all placements of the first k rows (row by row, column bits). */
static void enumerate(int n, int k, int row, unsigned cols, unsigned ld, unsigned rd, partial *out,
                      int *nout)
{
    unsigned full = (1u << n) - 1u;
    if (row == k) {
        out[*nout].cols = cols;
        out[*nout].ld = ld;
        out[*nout].rd = rd;
        (*nout)++;
        return;
    }
    for (unsigned avail = ~(cols | ld | rd) & full; avail; avail &= avail - 1) {
        unsigned bit = avail & (0u - avail);
        enumerate(n, k, row + 1, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1, out, nout);
    }
}

/* Host reference: plain recursive count from a partial board, written independently of
 * the kernel (recursion instead of an explicit stack). */
static unsigned solve(int n, int row, unsigned cols, unsigned ld, unsigned rd)
{
    if (row == n)
        return 1;
    unsigned full = (1u << n) - 1u, total = 0;
    for (int c = 0; c < n; c++) {
        unsigned bit = 1u << c;
        if ((cols | ld | rd) & bit)
            continue;
        total += solve(n, row + 1, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1);
    }
    return total;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int n = size == 0 ? 9 : 10;
    const int k = size == 1 ? 2 : 3;
    const int rem = n - k;
    if (rem > MAXN) {
        fprintf(stderr, "nqu: N - K = %d exceeds the stack depth %d\n", rem, MAXN);
        return 2;
    }
    unsigned full = (1u << n) - 1u;
    int maxcfg = 1;
    for (int i = 0; i < k; i++)
        maxcfg *= n;
    partial *cfg = (partial *)malloc(maxcfg * sizeof(partial));
    int ncfg = 0;
    enumerate(n, k, 0, 0, 0, 0, cfg, &ncfg);
    int blocks = (ncfg + BLOCK - 1) / BLOCK;

    partial *d_cfg;
    unsigned *d_counts, *d_sums;
    CK(cudaMalloc((void **)&d_cfg, ncfg * sizeof(partial)));
    CK(cudaMalloc((void **)&d_counts, ncfg * sizeof(unsigned)));
    CK(cudaMalloc((void **)&d_sums, blocks * sizeof(unsigned)));
    CK(cudaMemcpy(d_cfg, cfg, ncfg * sizeof(partial), cudaMemcpyHostToDevice));
    nqueens<<<blocks, BLOCK>>>(d_cfg, ncfg, rem, full, d_counts, d_sums);
    CK_LAUNCH();
    unsigned *counts = (unsigned *)malloc(ncfg * sizeof(unsigned));
    unsigned *sums = (unsigned *)malloc(blocks * sizeof(unsigned));
    CK(cudaMemcpy(counts, d_counts, ncfg * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(sums, d_sums, blocks * sizeof(unsigned), cudaMemcpyDeviceToHost));

    int bad = 0;
    unsigned total = 0, ref_total = 0;
    for (int b = 0; b < blocks; b++) {
        unsigned want = 0;
        for (int c = b * BLOCK; c < ncfg && c < (b + 1) * BLOCK; c++) {
            unsigned r = solve(n, k, cfg[c].cols, cfg[c].ld, cfg[c].rd);
            if (counts[c] != r && bad++ < 5)
                fprintf(stderr, "placement %d: %u solutions, want %u\n", c, counts[c], r);
            want += r;
        }
        if (sums[b] != want && bad++ < 5)
            fprintf(stderr, "block %d: sum %u, want %u\n", b, sums[b], want);
        total += sums[b];
    }
    ref_total = solve(n, 0, 0, 0, 0);
    if (total != ref_total && bad++ < 5)
        fprintf(stderr, "total %u, want %u\n", total, ref_total);
    printf("nqu: N = %d, %d placements of the first %d rows, %u solutions\n", n, ncfg, k, total);
    CK(cudaFree(d_cfg));
    CK(cudaFree(d_counts));
    CK(cudaFree(d_sums));
    free(cfg);
    free(counts);
    free(sums);
    if (bad) {
        printf("nqu: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("nqu: PASS\n");
    return 0;
}
