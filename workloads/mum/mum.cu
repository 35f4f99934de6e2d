/*
 * mum - exact matching of many short queries against one reference string through a
 * suffix tree, after MUMmerGPU (Schatz et al., "High-throughput sequence alignment using
 * graphics processing units", BMC Bioinformatics 2007; seed 000 reference [13]): the host
 * builds the suffix tree of the reference (edge-compressed, naive suffix insertion); each
 * GPU thread takes one query and, for every start position of the query, walks down the
 * tree from the root as far as the query matches, recording the longest match, its
 * reference position (the leaf reached by following first children) and how many start
 * positions match at least MIN_MATCH characters.
 * Divergence: every thread walks a different path of different depth, scans sibling
 * lists of different length and stops at a different character. Seed 000 (chapter 5.3,
 * Table 5.2): the first 140,000 characters of the Bacillus anthracis genome and 50,000
 * queries of 25 characters, branch divergence intensity "High". The genome is not
 * available here, so the reference is a deterministic pseudo-random ACGT string and the
 * queries are substrings of it with 5% point mutations (one in five fully random).
 * Sizes: tiny 2,048-character reference and 256 queries, small 16,384 and 2,048, default
 * 140,000 and 50,000. The check repeats the walk on the host and verifies, by brute force
 * on the first 64 queries, that each reported match is real and the longest.
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

#define QLEN      25
#define MIN_MATCH 12
#define BLOCK     128

/* Suffix tree node: the edge into it is text[start, start + len). */
struct node {
    int start, len;
    int child;   /* first child or -1 */
    int sibling; /* next sibling or -1 */
    int leaf;    /* suffix start for a leaf, else -1 */
};

struct match {
    int longest;  /* longest match length over all query start positions */
    int qpos;     /* query position of the longest match (first such) */
    int rpos;     /* a reference position where it occurs */
    int nmatches; /* start positions with a match of at least MIN_MATCH */
};

/* Length of the longest prefix of q[0, qlen) spelled from the root; *at = a node below
 * the end of that prefix (for a reference position). */
__host__ __device__ int walk(const node *tree, const char *text, const char *q, int qlen, int *at)
{
    int cur = 0, m = 0;
    *at = 0;
    while (m < qlen) {
        int c = tree[cur].child;
        while (c >= 0 && text[tree[c].start] != q[m])
            c = tree[c].sibling;
        if (c < 0)
            break;
        *at = c;
        int k = 0;
        while (k < tree[c].len && m < qlen && text[tree[c].start + k] == q[m]) {
            k++;
            m++;
        }
        if (k < tree[c].len)
            break;
        cur = c;
    }
    return m;
}

__host__ __device__ match match_query(const node *tree, const char *text, const char *q)
{
    match r = {0, 0, -1, 0};
    for (int p = 0; p + MIN_MATCH <= QLEN; p++) {
        int at;
        int m = walk(tree, text, q + p, QLEN - p, &at);
        if (m >= MIN_MATCH)
            r.nmatches++;
        if (m > r.longest) {
            r.longest = m;
            r.qpos = p;
            int n = at; /* any leaf below `at` is an occurrence */
            while (tree[n].leaf < 0)
                n = tree[n].child;
            r.rpos = tree[n].leaf;
        }
    }
    return r;
}

__global__ void mummer(const node *tree, const char *text, const char *queries, int nq, match *out)
{
    int q = blockIdx.x * BLOCK + threadIdx.x;
    if (q < nq)
        out[q] = match_query(tree, text, queries + (size_t)q * QLEN);
}

/* Naive suffix-tree construction: insert every suffix of text (ending in the unique '$'),
 * splitting an edge where the suffix leaves it. O(sum of suffix depths). */
static int build_tree(const char *text, int n, node *t)
{
    int nn = 1;
    t[0].start = 0;
    t[0].len = 0;
    t[0].child = t[0].sibling = t[0].leaf = -1;
    for (int i = 0; i < n; i++) {
        int cur = 0, pos = i;
        for (;;) {
            int prev = -1, c = t[cur].child;
            while (c >= 0 && text[t[c].start] != text[pos]) {
                prev = c;
                c = t[c].sibling;
            }
            if (c < 0) { /* new leaf below cur */
                node *l = &t[nn];
                l->start = pos;
                l->len = n - pos;
                l->child = -1;
                l->leaf = i;
                l->sibling = t[cur].child;
                t[cur].child = nn++;
                break;
            }
            int k = 0;
            while (k < t[c].len && text[t[c].start + k] == text[pos + k])
                k++;
            if (k == t[c].len) {
                cur = c;
                pos += k;
                continue;
            }
            int mid = nn++, leaf = nn++; /* split edge c at k */
            t[mid].start = t[c].start;
            t[mid].len = k;
            t[mid].leaf = -1;
            t[mid].sibling = t[c].sibling;
            if (prev < 0)
                t[cur].child = mid;
            else
                t[prev].sibling = mid;
            t[c].start += k;
            t[c].len -= k;
            t[leaf].start = pos + k;
            t[leaf].len = n - (pos + k);
            t[leaf].child = -1;
            t[leaf].leaf = i;
            t[leaf].sibling = c;
            t[c].sibling = -1;
            t[mid].child = leaf;
            break;
        }
    }
    return nn;
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int rlen = size == 0 ? 2048 : size == 1 ? 16384 : 140000;
    const int nq = size == 0 ? 256 : size == 1 ? 2048 : 50000;
    static const char acgt[4] = {'A', 'C', 'G', 'T'};
    uint32_t seed = 0xba5e5u;
    char *text = (char *)malloc(rlen + 1);
    for (int i = 0; i < rlen; i++)
        text[i] = acgt[rng_next(&seed) & 3];
    text[rlen] = '$';
    const int n = rlen + 1;
    char *qs = (char *)malloc((size_t)nq * QLEN);
    for (int q = 0; q < nq; q++) {
        char *d = qs + (size_t)q * QLEN;
        if (rng_next(&seed) % 5 == 0) {
            for (int i = 0; i < QLEN; i++)
                d[i] = acgt[rng_next(&seed) & 3];
        } else {
            int p = (int)(rng_next(&seed) % (uint32_t)(rlen - QLEN));
            for (int i = 0; i < QLEN; i++)
                d[i] = rng_next(&seed) % 20 == 0 ? acgt[rng_next(&seed) & 3] : text[p + i];
        }
    }
    node *tree = (node *)malloc(2 * (size_t)n * sizeof(node));
    int nodes = build_tree(text, n, tree);

    node *d_tree;
    char *d_text, *d_qs;
    match *d_out;
    CK(cudaMalloc((void **)&d_tree, nodes * sizeof(node)));
    CK(cudaMalloc((void **)&d_text, n));
    CK(cudaMalloc((void **)&d_qs, (size_t)nq * QLEN));
    CK(cudaMalloc((void **)&d_out, nq * sizeof(match)));
    CK(cudaMemcpy(d_tree, tree, nodes * sizeof(node), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_text, text, n, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_qs, qs, (size_t)nq * QLEN, cudaMemcpyHostToDevice));
    mummer<<<(nq + BLOCK - 1) / BLOCK, BLOCK>>>(d_tree, d_text, d_qs, nq, d_out);
    CK_LAUNCH();
    match *out = (match *)malloc(nq * sizeof(match));
    CK(cudaMemcpy(out, d_out, nq * sizeof(match), cudaMemcpyDeviceToHost));

    int bad = 0;
    long total_matches = 0;
    for (int q = 0; q < nq; q++) {
        match r = match_query(tree, text, qs + (size_t)q * QLEN);
        total_matches += out[q].nmatches;
        if (memcmp(&r, &out[q], sizeof(match)) != 0 && bad++ < 5)
            fprintf(stderr, "query %d: longest %d at q%d r%d (%d), want %d at q%d r%d (%d)\n", q,
                    out[q].longest, out[q].qpos, out[q].rpos, out[q].nmatches, r.longest, r.qpos,
                    r.rpos, r.nmatches);
    }
    for (int q = 0; q < nq && q < 64; q++) { /* brute force: the tree itself is right */
        const char *qq = qs + (size_t)q * QLEN;
        int best = 0;
        for (int p = 0; p + MIN_MATCH <= QLEN; p++)
            for (int i = 0; i < rlen; i++) {
                int m = 0;
                while (p + m < QLEN && i + m < rlen && text[i + m] == qq[p + m])
                    m++;
                if (m > best)
                    best = m;
            }
        const match *o = &out[q];
        int real = o->rpos >= 0 && o->rpos + o->longest <= rlen &&
                   memcmp(text + o->rpos, qq + o->qpos, o->longest) == 0;
        if ((best != o->longest || !real) && bad++ < 5)
            fprintf(stderr, "query %d: brute force finds %d, tree %d (occurrence %s)\n", q, best,
                    o->longest, real ? "real" : "wrong");
    }
    printf("mum: reference %d, %d nodes, %d queries, %ld matches of >= %d\n", rlen, nodes, nq,
           total_matches, MIN_MATCH);
    CK(cudaFree(d_tree));
    CK(cudaFree(d_text));
    CK(cudaFree(d_qs));
    CK(cudaFree(d_out));
    free(text);
    free(qs);
    free(tree);
    free(out);
    if (bad) {
        printf("mum: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("mum: PASS\n");
    return 0;
}
