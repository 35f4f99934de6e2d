/*
 * sto - sliding-window MD5 hashing, after StoreGPU (Al-Kiswany et al., "StoreGPU:
 * exploiting graphics processing units to accelerate distributed storage systems", HPDC
 * 2008; seed 000 reference [41]): the MD5 digest (RFC 1321) of every WINDOW-byte window
 * of the input, one window per thread, windows starting at every byte (the content-based
 * chunking primitive of a storage system). Each block first stages the bytes its windows
 * cover in shared memory (StoreGPU's main optimisation), then every thread pads its window
 * to one 64-byte MD5 block and runs the 64 steps.
 * Divergence: none but the loop-uniform round selection and the tail of the last block.
 * Seed 000 (chapter 5.3, Table 5.2): 192 KB input, branch divergence intensity "Low"
 * ("the main challenge of this application is memory management").
 * The host's own MD5 (multi-block, independent of the kernel's one-block path) is checked
 * against the RFC 1321 test suite first, then against every window digest.
 * Sizes: tiny 2 KB input, small 24 KB, default 192 KB; window 48 bytes.
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

#define WINDOW 48
#define BLOCK  128

__constant__ uint32_t c_k[64]; /* floor(|sin(i + 1)| * 2^32) */

__device__ inline uint32_t rotl(uint32_t x, int c)
{
    return (x << c) | (x >> (32 - c));
}

__global__ void md5_windows(const unsigned char *in, int nwin, uint32_t *digests)
{
    __shared__ unsigned char stage[BLOCK + WINDOW - 1];
    int first = blockIdx.x * BLOCK;
    int span = nwin - first < BLOCK ? nwin - first : BLOCK;
    for (int i = threadIdx.x; i < span + WINDOW - 1; i += BLOCK)
        stage[i] = in[first + i];
    __syncthreads();
    if ((int)threadIdx.x >= span)
        return;
    const unsigned char *p = stage + threadIdx.x;
    uint32_t m[16];
    for (int i = 0; i < 16; i++) { /* little-endian words, padding, bit length */
        uint32_t w = 0;
        for (int b = 3; b >= 0; b--) {
            int idx = 4 * i + b;
            uint32_t byte = idx < WINDOW ? p[idx] : idx == WINDOW ? 0x80u : 0u;
            w = (w << 8) | byte;
        }
        m[i] = w;
    }
    m[14] = WINDOW * 8;
    m[15] = 0;
    const int sh[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
    uint32_t a = 0x67452301u, b = 0xefcdab89u, c = 0x98badcfeu, d = 0x10325476u;
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (i < 32) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) & 15;
        } else if (i < 48) {
            f = b ^ c ^ d;
            g = (3 * i + 5) & 15;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) & 15;
        }
        uint32_t t = d;
        d = c;
        c = b;
        b = b + rotl(a + f + c_k[i] + m[g], sh[i >> 4][i & 3]);
        a = t;
    }
    uint32_t *o = digests + 4 * (size_t)(first + threadIdx.x);
    o[0] = 0x67452301u + a;
    o[1] = 0xefcdab89u + b;
    o[2] = 0x98badcfeu + c;
    o[3] = 0x10325476u + d;
}

/* ---- host MD5 (RFC 1321), any length ---- */

static uint32_t host_k[64];

static uint32_t hrotl(uint32_t x, int c)
{
    return (x << c) | (x >> (32 - c));
}

static void md5_block(uint32_t st[4], const unsigned char *blk)
{
    static const int s[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                              5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                              4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                              6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
    uint32_t x[16];
    for (int i = 0; i < 16; i++)
        x[i] = (uint32_t)blk[4 * i] | ((uint32_t)blk[4 * i + 1] << 8) |
               ((uint32_t)blk[4 * i + 2] << 16) | ((uint32_t)blk[4 * i + 3] << 24);
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        switch (i / 16) {
        case 0:
            f = (b & c) | (~b & d), g = i;
            break;
        case 1:
            f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
            break;
        case 2:
            f = b ^ c ^ d, g = (3 * i + 5) % 16;
            break;
        default:
            f = c ^ (b | ~d), g = (7 * i) % 16;
            break;
        }
        uint32_t t = d;
        d = c;
        c = b;
        b += hrotl(a + f + host_k[i] + x[g], s[i]);
        a = t;
    }
    st[0] += a;
    st[1] += b;
    st[2] += c;
    st[3] += d;
}

static void md5(const unsigned char *msg, size_t len, uint32_t out[4])
{
    uint32_t st[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
    size_t i = 0;
    for (; i + 64 <= len; i += 64)
        md5_block(st, msg + i);
    unsigned char tail[128];
    size_t rest = len - i, tl = rest < 56 ? 64 : 128;
    memset(tail, 0, sizeof(tail));
    memcpy(tail, msg + i, rest);
    tail[rest] = 0x80;
    uint64_t bits = (uint64_t)len * 8;
    for (int b = 0; b < 8; b++)
        tail[tl - 8 + b] = (unsigned char)(bits >> (8 * b));
    md5_block(st, tail);
    if (tl == 128)
        md5_block(st, tail + 64);
    memcpy(out, st, sizeof(st));
}

static void hex(const uint32_t d[4], char *s)
{
    for (int i = 0; i < 16; i++)
        sprintf(s + 2 * i, "%02x", (unsigned)(d[i / 4] >> (8 * (i % 4))) & 255u);
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int len = size == 0 ? 2048 : size == 1 ? 24576 : 196608;
    for (int i = 0; i < 64; i++)
        host_k[i] = (uint32_t)(fabs(sin((double)(i + 1))) * 4294967296.0);
    static const char *rfc[][2] = {
        {"", "d41d8cd98f00b204e9800998ecf8427e"},
        {"abc", "900150983cd24fb0d6963f7d28e17f72"},
        {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
        {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
        {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
         "57edf4a22be3c955ac49da2e2107b67a"}};
    for (int i = 0; i < 5; i++) {
        uint32_t d[4];
        char s[33];
        md5((const unsigned char *)rfc[i][0], strlen(rfc[i][0]), d);
        hex(d, s);
        if (strcmp(s, rfc[i][1]) != 0) {
            printf("sto: FAIL (host MD5 of \"%s\" is %s, RFC 1321 says %s)\n", rfc[i][0], s,
                   rfc[i][1]);
            return 1;
        }
    }

    unsigned char *data = (unsigned char *)malloc(len);
    uint32_t seed = 0x5706e000u;
    for (int i = 0; i < len; i++) /* text-like bytes with repeats */
        data[i] = (unsigned char)(i % 97 < 60 ? 'a' + rng_next(&seed) % 26 : ' ' + i % 7);
    const int nwin = len - WINDOW + 1;
    unsigned char *d_in;
    uint32_t *d_dig;
    CK(cudaMemcpyToSymbol(c_k, host_k, sizeof(host_k)));
    CK(cudaMalloc((void **)&d_in, len));
    CK(cudaMalloc((void **)&d_dig, (size_t)nwin * 16));
    CK(cudaMemcpy(d_in, data, len, cudaMemcpyHostToDevice));
    md5_windows<<<(nwin + BLOCK - 1) / BLOCK, BLOCK>>>(d_in, nwin, d_dig);
    CK_LAUNCH();
    uint32_t *dig = (uint32_t *)malloc((size_t)nwin * 16);
    CK(cudaMemcpy(dig, d_dig, (size_t)nwin * 16, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int w = 0; w < nwin; w++) {
        uint32_t want[4];
        md5(data + w, WINDOW, want);
        if (memcmp(want, dig + 4 * (size_t)w, 16) != 0 && bad++ < 5) {
            char s1[33], s2[33];
            hex(dig + 4 * (size_t)w, s1);
            hex(want, s2);
            fprintf(stderr, "window %d: %s, want %s\n", w, s1, s2);
        }
    }
    printf("sto: %d bytes, %d windows of %d bytes\n", len, nwin, WINDOW);
    CK(cudaFree(d_in));
    CK(cudaFree(d_dig));
    free(data);
    free(dig);
    if (bad) {
        printf("sto: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("sto: PASS\n");
    return 0;
}
