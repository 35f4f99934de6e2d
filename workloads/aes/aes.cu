/*
 * aes - AES-128 encryption (FIPS-197) of an image in ECB mode, after Manavski, "CUDA
 * compatible GPU as an efficient hardware accelerator for AES cryptography" (seed 000
 * reference [42]): one thread per 16-byte block, rounds computed with the four 256-entry
 * T-tables (SubBytes + ShiftRows + MixColumns folded into table look-ups, the formulation of
 * Daemen and Rijmen), round keys in constant memory. Two kernels: aes_shared copies the
 * T-tables and the S-box from constant into shared memory first (Manavski's choice),
 * aes_const reads them from constant memory directly (divergent constant-cache addresses).
 * The host derives the S-box from the GF(2^8) inverse and the affine map, checks its
 * byte-oriented reference cipher against the FIPS-197 appendix C.1 vector, and the first
 * image block is that test vector as well.
 * Seed 000 (chapter 5.3, Table 5.2): a 256 x 256 image, 128-bit key, branch divergence
 * intensity "Low" (no data-dependent branches at all).
 * Sizes: tiny 128 x 128 (1024 blocks), small 192 x 192, default 256 x 256 (4096 blocks), one
 * byte per pixel.
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

#define BLOCK 128

__constant__ uint32_t c_te[4][256]; /* T-tables */
__constant__ uint32_t c_sbox[256];
__constant__ uint32_t c_rk[44]; /* expanded key, big-endian words */

__device__ inline uint32_t load_be(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

__device__ inline void store_be(unsigned char *p, uint32_t w)
{
    p[0] = (unsigned char)(w >> 24);
    p[1] = (unsigned char)(w >> 16);
    p[2] = (unsigned char)(w >> 8);
    p[3] = (unsigned char)w;
}

/* Ten rounds on one block with tables te (4 x 256) and sbox; rk from constant memory. */
__device__ void encrypt_block(const uint32_t (*te)[256], const uint32_t *sbox,
                              const unsigned char *in, unsigned char *out)
{
    uint32_t s0 = load_be(in) ^ c_rk[0], s1 = load_be(in + 4) ^ c_rk[1];
    uint32_t s2 = load_be(in + 8) ^ c_rk[2], s3 = load_be(in + 12) ^ c_rk[3];
    for (int r = 1; r < 10; r++) {
        uint32_t t0 = te[0][s0 >> 24] ^ te[1][(s1 >> 16) & 255] ^ te[2][(s2 >> 8) & 255] ^
                      te[3][s3 & 255] ^ c_rk[4 * r];
        uint32_t t1 = te[0][s1 >> 24] ^ te[1][(s2 >> 16) & 255] ^ te[2][(s3 >> 8) & 255] ^
                      te[3][s0 & 255] ^ c_rk[4 * r + 1];
        uint32_t t2 = te[0][s2 >> 24] ^ te[1][(s3 >> 16) & 255] ^ te[2][(s0 >> 8) & 255] ^
                      te[3][s1 & 255] ^ c_rk[4 * r + 2];
        uint32_t t3 = te[0][s3 >> 24] ^ te[1][(s0 >> 16) & 255] ^ te[2][(s1 >> 8) & 255] ^
                      te[3][s2 & 255] ^ c_rk[4 * r + 3];
        s0 = t0;
        s1 = t1;
        s2 = t2;
        s3 = t3;
    }
    uint32_t o0 = (sbox[s0 >> 24] << 24) | (sbox[(s1 >> 16) & 255] << 16) |
                  (sbox[(s2 >> 8) & 255] << 8) | sbox[s3 & 255];
    uint32_t o1 = (sbox[s1 >> 24] << 24) | (sbox[(s2 >> 16) & 255] << 16) |
                  (sbox[(s3 >> 8) & 255] << 8) | sbox[s0 & 255];
    uint32_t o2 = (sbox[s2 >> 24] << 24) | (sbox[(s3 >> 16) & 255] << 16) |
                  (sbox[(s0 >> 8) & 255] << 8) | sbox[s1 & 255];
    uint32_t o3 = (sbox[s3 >> 24] << 24) | (sbox[(s0 >> 16) & 255] << 16) |
                  (sbox[(s1 >> 8) & 255] << 8) | sbox[s2 & 255];
    store_be(out, o0 ^ c_rk[40]);
    store_be(out + 4, o1 ^ c_rk[41]);
    store_be(out + 8, o2 ^ c_rk[42]);
    store_be(out + 12, o3 ^ c_rk[43]);
}

__global__ void aes_shared(const unsigned char *in, unsigned char *out, int nblocks)
{
    __shared__ uint32_t s_te[4][256];
    __shared__ uint32_t s_sbox[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        s_te[0][i] = c_te[0][i];
        s_te[1][i] = c_te[1][i];
        s_te[2][i] = c_te[2][i];
        s_te[3][i] = c_te[3][i];
        s_sbox[i] = c_sbox[i];
    }
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < nblocks)
        encrypt_block(s_te, s_sbox, in + 16 * (size_t)b, out + 16 * (size_t)b);
}

__global__ void aes_const(const unsigned char *in, unsigned char *out, int nblocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < nblocks)
        encrypt_block(c_te, c_sbox, in + 16 * (size_t)b, out + 16 * (size_t)b);
}

/* ---- host: GF(2^8) arithmetic, S-box, key schedule, byte-oriented reference ---- */

static unsigned char xtime(unsigned char a)
{
    return (unsigned char)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
}

static unsigned char gmul(unsigned char a, unsigned char b)
{
    unsigned char p = 0;
    for (int i = 0; i < 8; i++) {
        if (b & 1)
            p ^= a;
        a = xtime(a);
        b >>= 1;
    }
    return p;
}

static void make_sbox(unsigned char *sbox)
{
    for (int x = 0; x < 256; x++) {
        unsigned char inv = 0;
        for (int y = 1; y < 256 && x; y++)
            if (gmul((unsigned char)x, (unsigned char)y) == 1) {
                inv = (unsigned char)y;
                break;
            }
        unsigned char s = inv, r = inv;
        for (int i = 0; i < 4; i++) {
            r = (unsigned char)((r << 1) | (r >> 7));
            s ^= r;
        }
        sbox[x] = s ^ 0x63;
    }
}

static void expand_key(const unsigned char *key, const unsigned char *sbox, uint32_t *w)
{
    unsigned char rcon = 1;
    for (int i = 0; i < 4; i++)
        w[i] = ((uint32_t)key[4 * i] << 24) | ((uint32_t)key[4 * i + 1] << 16) |
               ((uint32_t)key[4 * i + 2] << 8) | key[4 * i + 3];
    for (int i = 4; i < 44; i++) {
        uint32_t t = w[i - 1];
        if (i % 4 == 0) {
            t = (t << 8) | (t >> 24); /* RotWord */
            t = ((uint32_t)sbox[t >> 24] << 24) | ((uint32_t)sbox[(t >> 16) & 255] << 16) |
                ((uint32_t)sbox[(t >> 8) & 255] << 8) | sbox[t & 255];
            t ^= (uint32_t)rcon << 24;
            rcon = xtime(rcon);
        }
        w[i] = w[i - 4] ^ t;
    }
}

/* FIPS-197 section 5.1, state as 16 bytes in column order. */
static void ref_encrypt(const unsigned char *sbox, const uint32_t *w, const unsigned char *in,
                        unsigned char *out)
{
    unsigned char st[16], tmp[16];
    memcpy(st, in, 16);
    for (int r = 0; r <= 10; r++) {
        if (r > 0) {
            for (int i = 0; i < 16; i++) /* SubBytes */
                st[i] = sbox[st[i]];
            for (int c = 0; c < 4; c++) /* ShiftRows: row i shifts left by i */
                for (int i = 0; i < 4; i++)
                    tmp[4 * c + i] = st[4 * ((c + i) % 4) + i];
            memcpy(st, tmp, 16);
            if (r < 10)
                for (int c = 0; c < 4; c++) { /* MixColumns */
                    unsigned char *a = st + 4 * c, b0 = a[0], b1 = a[1], b2 = a[2], b3 = a[3];
                    a[0] = gmul(b0, 2) ^ gmul(b1, 3) ^ b2 ^ b3;
                    a[1] = b0 ^ gmul(b1, 2) ^ gmul(b2, 3) ^ b3;
                    a[2] = b0 ^ b1 ^ gmul(b2, 2) ^ gmul(b3, 3);
                    a[3] = gmul(b0, 3) ^ b1 ^ b2 ^ gmul(b3, 2);
                }
        }
        for (int c = 0; c < 4; c++) /* AddRoundKey */
            for (int i = 0; i < 4; i++)
                st[4 * c + i] ^= (unsigned char)(w[4 * r + c] >> (24 - 8 * i));
    }
    memcpy(out, st, 16);
}

int main(int argc, char **argv)
{
    int size = parse_size(argc, argv);
    const int side = size == 0 ? 128 : size == 1 ? 192 : 256;
    const int bytes = side * side, nblocks = bytes / 16;
    static const unsigned char key[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    static const unsigned char fips_pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                              0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
    static const unsigned char fips_ct[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                              0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
    unsigned char sbox[256];
    uint32_t rk[44], te[4][256], sbox32[256];
    make_sbox(sbox);
    expand_key(key, sbox, rk);
    for (int x = 0; x < 256; x++) {
        unsigned char s = sbox[x];
        uint32_t t =
            ((uint32_t)gmul(s, 2) << 24) | ((uint32_t)s << 16) | ((uint32_t)s << 8) | gmul(s, 3);
        te[0][x] = t;
        te[1][x] = (t >> 8) | (t << 24);
        te[2][x] = (t >> 16) | (t << 16);
        te[3][x] = (t >> 24) | (t << 8);
        sbox32[x] = s;
    }
    unsigned char check[16];
    ref_encrypt(sbox, rk, fips_pt, check);
    if (memcmp(check, fips_ct, 16) != 0) {
        printf("aes: FAIL (host reference disagrees with FIPS-197 C.1)\n");
        return 1;
    }

    /* Synthetic 8-bit image: gradients plus noise; block 0 is the FIPS-197 plaintext. */
    unsigned char *img = (unsigned char *)malloc(bytes), *ref = (unsigned char *)malloc(bytes);
    unsigned char *got = (unsigned char *)malloc(bytes);
    uint32_t seed = 0xae5u;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++)
            img[y * side + x] = (unsigned char)((x * 3 + y * 5) ^ (rng_next(&seed) & 15));
    memcpy(img, fips_pt, 16);
    for (int b = 0; b < nblocks; b++)
        ref_encrypt(sbox, rk, img + 16 * b, ref + 16 * b);

    CK(cudaMemcpyToSymbol(c_te, te, sizeof(te)));
    CK(cudaMemcpyToSymbol(c_sbox, sbox32, sizeof(sbox32)));
    CK(cudaMemcpyToSymbol(c_rk, rk, sizeof(rk)));
    unsigned char *d_in, *d_out;
    CK(cudaMalloc((void **)&d_in, bytes));
    CK(cudaMalloc((void **)&d_out, bytes));
    CK(cudaMemcpy(d_in, img, bytes, cudaMemcpyHostToDevice));
    int bad = 0;
    const int grid = (nblocks + BLOCK - 1) / BLOCK;
    for (int k = 0; k < 2; k++) {
        CK(cudaMemset(d_out, 0, bytes));
        if (k == 0)
            aes_shared<<<grid, BLOCK>>>(d_in, d_out, nblocks);
        else
            aes_const<<<grid, BLOCK>>>(d_in, d_out, nblocks);
        CK_LAUNCH();
        CK(cudaMemcpy(got, d_out, bytes, cudaMemcpyDeviceToHost));
        if (memcmp(got, fips_ct, 16) != 0 && bad++ < 5)
            fprintf(stderr, "%s: FIPS-197 C.1 vector wrong\n", k ? "aes_const" : "aes_shared");
        for (int b = 0; b < nblocks; b++)
            if (memcmp(got + 16 * b, ref + 16 * b, 16) != 0 && bad++ < 5)
                fprintf(stderr, "%s: block %d differs\n", k ? "aes_const" : "aes_shared", b);
    }
    printf("aes: %dx%d image, %d blocks, 2 kernels\n", side, side, nblocks);
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    free(img);
    free(ref);
    free(got);
    if (bad) {
        printf("aes: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    printf("aes: PASS\n");
    return 0;
}
