/*
 * bfs - breadth-first search on a random graph, after Harish & Narayanan, "Accelerating
 * large graph algorithms on the GPU using CUDA" (HiPC 2007): one thread per vertex, the
 * graph in compact adjacency form (vertex array Va of edge offsets, edge array Ea), a
 * frontier mask Fa, a visited mask Xa, an updating mask Ua and the cost array Ca. Each BFS
 * level runs two kernels: the first expands the frontier (a thread whose vertex is in the
 * frontier visits its edges and marks unvisited neighbours in Ua), the second turns Ua into
 * the next frontier and raises a flag that makes the host launch another level.
 * Seed 000 (chapter 5.3, Table 5.2): BFS on a random graph of 4096 nodes, branch
 * divergence intensity "High" (most threads are not in the frontier; degrees differ).
 * Sizes: tiny 2048 nodes, small 3072, default 4096, 16k 16384 (for comparison with
 * GPGPU-Sim's 16K-vertex BFS), or any --nodes N (average out-degree 6).
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "../common/workload_util.h"

/* --size tiny|small|default|16k or --nodes N -> the vertex count; exits with status 2 on a
 * bad argument. */
inline int parse_nodes(int argc, char **argv)
{
    int nodes = 4096;
    for (int i = 1; i < argc; i++) {
        const char *v = NULL, *nv = NULL;
        if (strcmp(argv[i], "--size") == 0 && i + 1 < argc)
            v = argv[++i];
        else if (strncmp(argv[i], "--size=", 7) == 0)
            v = argv[i] + 7;
        else if (strcmp(argv[i], "--nodes") == 0 && i + 1 < argc)
            nv = argv[++i];
        else if (strncmp(argv[i], "--nodes=", 8) == 0)
            nv = argv[i] + 8;
        if (v && strcmp(v, "tiny") == 0)
            nodes = 2048;
        else if (v && strcmp(v, "small") == 0)
            nodes = 3072;
        else if (v && strcmp(v, "default") == 0)
            nodes = 4096;
        else if (v && strcmp(v, "16k") == 0)
            nodes = 16384;
        else if (nv) {
            char *end;
            long n = strtol(nv, &end, 10);
            if (end == nv || *end != '\0' || n < 1 || n > (1L << 24)) {
                fprintf(stderr, "bfs: --nodes '%s' is not a vertex count in 1..16777216\n", nv);
                exit(2);
            }
            nodes = (int)n;
        } else {
            fprintf(stderr, "usage: %s [--size tiny|small|default|16k] [--nodes N]\n", argv[0]);
            exit(2);
        }
    }
    return nodes;
}

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

#define BLOCK 256

__global__ void bfs_expand(const int *va, const int *ea, bool *fa, const bool *xa, bool *ua,
                           int *ca, int n)
{
    int v = blockIdx.x * BLOCK + threadIdx.x;
    if (v < n && fa[v]) {
        fa[v] = false;
        for (int e = va[v]; e < va[v + 1]; e++) {
            int w = ea[e];
            if (!xa[w]) {
                ca[w] = ca[v] + 1; /* every writer stores the same level */
                ua[w] = true;
            }
        }
    }
}

__global__ void bfs_update(bool *fa, bool *xa, bool *ua, int *more, int n)
{
    int v = blockIdx.x * BLOCK + threadIdx.x;
    if (v < n && ua[v]) {
        fa[v] = true;
        xa[v] = true;
        ua[v] = false;
        *more = 1;
    }
}

int main(int argc, char **argv)
{
    const int n = parse_nodes(argc, argv);
    const int avg_deg = 6;
    uint32_t seed = 0x5eed0bf5u;

    /* Random directed graph: out-degree uniform in [1, 2*avg_deg - 1], random targets. */
    int *va = (int *)malloc((n + 1) * sizeof(int));
    int cap = n * 2 * avg_deg;
    int *ea = (int *)malloc(cap * sizeof(int));
    int m = 0;
    for (int v = 0; v < n; v++) {
        va[v] = m;
        int deg = 1 + (int)(rng_next(&seed) % (2 * avg_deg - 1));
        for (int k = 0; k < deg; k++)
            ea[m++] = (int)(rng_next(&seed) % (uint32_t)n);
    }
    va[n] = m;
    const int src = 0;

    /* CPU reference: queue-based BFS. */
    int *ref = (int *)malloc(n * sizeof(int));
    int *queue = (int *)malloc(n * sizeof(int));
    for (int v = 0; v < n; v++)
        ref[v] = -1;
    int qh = 0, qt = 0;
    ref[src] = 0;
    queue[qt++] = src;
    while (qh < qt) {
        int v = queue[qh++];
        for (int e = va[v]; e < va[v + 1]; e++)
            if (ref[ea[e]] < 0) {
                ref[ea[e]] = ref[v] + 1;
                queue[qt++] = ea[e];
            }
    }

    bool *h_mask = (bool *)calloc(n, sizeof(bool));
    int *h_cost = (int *)malloc(n * sizeof(int));
    for (int v = 0; v < n; v++)
        h_cost[v] = -1;
    h_cost[src] = 0;
    int *d_va, *d_ea, *d_ca, *d_more;
    bool *d_fa, *d_xa, *d_ua;
    CK(cudaMalloc((void **)&d_va, (n + 1) * sizeof(int)));
    CK(cudaMalloc((void **)&d_ea, m * sizeof(int)));
    CK(cudaMalloc((void **)&d_ca, n * sizeof(int)));
    CK(cudaMalloc((void **)&d_more, sizeof(int)));
    CK(cudaMalloc((void **)&d_fa, n * sizeof(bool)));
    CK(cudaMalloc((void **)&d_xa, n * sizeof(bool)));
    CK(cudaMalloc((void **)&d_ua, n * sizeof(bool)));
    CK(cudaMemcpy(d_va, va, (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_ea, ea, m * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_ca, h_cost, n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemset(d_fa, 0, n * sizeof(bool)));
    CK(cudaMemset(d_xa, 0, n * sizeof(bool)));
    CK(cudaMemset(d_ua, 0, n * sizeof(bool)));
    h_mask[src] = true;
    CK(cudaMemcpy(d_fa + src, h_mask + src, sizeof(bool), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_xa + src, h_mask + src, sizeof(bool), cudaMemcpyHostToDevice));

    const int grid = (n + BLOCK - 1) / BLOCK;
    int levels = 0, more = 1;
    while (more) {
        more = 0;
        CK(cudaMemcpy(d_more, &more, sizeof(int), cudaMemcpyHostToDevice));
        bfs_expand<<<grid, BLOCK>>>(d_va, d_ea, d_fa, d_xa, d_ua, d_ca, n);
        CK_LAUNCH();
        bfs_update<<<grid, BLOCK>>>(d_fa, d_xa, d_ua, d_more, n);
        CK_LAUNCH();
        CK(cudaMemcpy(&more, d_more, sizeof(int), cudaMemcpyDeviceToHost));
        if (++levels > n) {
            fprintf(stderr, "bfs: no termination after %d levels\n", levels);
            return 1;
        }
    }
    CK(cudaMemcpy(h_cost, d_ca, n * sizeof(int), cudaMemcpyDeviceToHost));

    int bad = 0, reached = 0;
    for (int v = 0; v < n; v++) {
        reached += ref[v] >= 0;
        if (h_cost[v] != ref[v] && bad++ < 5)
            fprintf(stderr, "vertex %d: cost %d, want %d\n", v, h_cost[v], ref[v]);
    }
    printf("bfs: %d nodes, %d edges, %d reached, %d levels\n", n, m, reached, levels);
    CK(cudaFree(d_va));
    CK(cudaFree(d_ea));
    CK(cudaFree(d_ca));
    CK(cudaFree(d_more));
    CK(cudaFree(d_fa));
    CK(cudaFree(d_xa));
    CK(cudaFree(d_ua));
    free(va);
    free(ea);
    free(ref);
    free(queue);
    free(h_mask);
    free(h_cost);
    if (bad) {
        printf("bfs: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("bfs: PASS\n");
    return 0;
}
