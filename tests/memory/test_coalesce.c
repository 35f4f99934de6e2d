/* timing.mem.coalesce.* and timing.mem.smem.* : coalescer and shared-memory banks, with
 * expectations computed by hand (seed 003 1.1.7: DIV = more than one line, BANK = conflict
 * degree above one). */
#include <string.h>

#include "coalesce.h"
#include "mem_test.h"

#define BASE 0x200000001000ull /* 4 KiB aligned global address */

static void test_patterns(void)
{
    uint64_t a[32];
    struct simt_coal_seg seg[SIMT_COAL_MAX_SEGS];
    /* unit stride, 4-byte words: 128 bytes = one 128-byte line, all four 32-byte sectors */
    for (int t = 0; t < 32; t++)
        a[t] = BASE + 4u * t;
    CHECK_EQ(simt_coalesce(128, 32, 0xffffffffu, a, NULL, 4, seg), 1);
    CHECK_EQ(seg[0].line_addr, BASE);
    CHECK_EQ(seg[0].thread_mask, 0xffffffffu);
    CHECK_EQ(seg[0].sector_mask, 0xf);
    /* stride 2 words (8 bytes): 256 bytes -> 2 lines, threads 0-15 then 16-31 */
    for (int t = 0; t < 32; t++)
        a[t] = BASE + 8u * t;
    CHECK_EQ(simt_coalesce(128, 32, 0xffffffffu, a, NULL, 4, seg), 2);
    CHECK_EQ(seg[0].thread_mask, 0x0000ffffu);
    CHECK_EQ(seg[1].thread_mask, 0xffff0000u);
    CHECK_EQ(seg[1].line_addr, BASE + 128);
    /* all threads on one address: one line, one sector */
    for (int t = 0; t < 32; t++)
        a[t] = BASE + 100;
    CHECK_EQ(simt_coalesce(128, 32, 0xffffffffu, a, NULL, 4, seg), 1);
    CHECK_EQ(seg[0].sector_mask, 1u << 3); /* byte 100 is in sector 3 (96..127) */
    /* a "random" pattern, hand-placed: lines L0, L5, L0, L9, L5, L5, L7, L0 -> 4 lines,
     * in first-appearance order L0, L5, L9, L7 */
    const int lines[8] = {0, 5, 0, 9, 5, 5, 7, 0};
    const int offs[8] = {4, 64, 120, 0, 8, 100, 32, 60};
    for (int t = 0; t < 8; t++)
        a[t] = BASE + 128u * lines[t] + offs[t];
    CHECK_EQ(simt_coalesce(128, 32, 0xffu, a, NULL, 4, seg), 4);
    CHECK_EQ(seg[0].line_addr, BASE);
    CHECK_EQ(seg[0].thread_mask, (1u << 0) | (1u << 2) | (1u << 7));
    CHECK_EQ(seg[0].sector_mask, (1u << 0) | (1u << 3) | (1u << 1)); /* bytes 4, 120, 60 */
    CHECK_EQ(seg[1].line_addr, BASE + 5 * 128);
    CHECK_EQ(seg[1].thread_mask, (1u << 1) | (1u << 4) | (1u << 5));
    CHECK_EQ(seg[2].line_addr, BASE + 9 * 128);
    CHECK_EQ(seg[3].line_addr, BASE + 7 * 128);
    /* inactive threads are ignored: stride 2 with only the upper half active -> 1 line */
    for (int t = 0; t < 32; t++)
        a[t] = BASE + 8u * t;
    CHECK_EQ(simt_coalesce(128, 32, 0xffff0000u, a, NULL, 4, seg), 1);
    CHECK_EQ(simt_coalesce(128, 32, 0, a, NULL, 4, seg), 0);
    /* 128-byte stride: every thread its own line (worst-case divergence) */
    for (int t = 0; t < 32; t++)
        a[t] = BASE + 128u * t;
    CHECK_EQ(simt_coalesce(128, 32, 0xffffffffu, a, NULL, 4, seg), 32);
    /* an 8-byte access at byte 124 straddles two lines: sector 3 of line 0, sector 0 of 1 */
    a[0] = BASE + 124;
    CHECK_EQ(simt_coalesce(128, 32, 1u, a, NULL, 8, seg), 2);
    CHECK_EQ(seg[0].sector_mask, 1u << 3);
    CHECK_EQ(seg[1].sector_mask, 1u);
    CHECK_EQ(seg[1].thread_mask, 1u);
    /* 32-byte lines (sector-sized requests): unit stride -> 4 requests */
    for (int t = 0; t < 32; t++)
        a[t] = BASE + 4u * t;
    CHECK_EQ(simt_coalesce(32, 32, 0xffffffffu, a, NULL, 4, seg), 4);
    /* per-thread sizes: thread 0 reads 16 bytes, thread 1 reads 1 byte at 127 */
    uint32_t sz[2] = {16, 1};
    a[0] = BASE + 16;
    a[1] = BASE + 127;
    CHECK_EQ(simt_coalesce(128, 32, 3u, a, sz, 0, seg), 1);
    CHECK_EQ(seg[0].sector_mask, (1u << 0) | (1u << 3));
    /* constant-cache serialisation: grouping by 4-byte word = distinct addresses */
    for (int t = 0; t < 32; t++)
        a[t] = 0x030000000000ull + 4u * (t % 3);
    CHECK_EQ(simt_coalesce(4, 4, 0xffffffffu, a, NULL, 4, seg), 3);
}

static uint32_t gcd(uint32_t a, uint32_t b)
{
    while (b) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void test_banks(void)
{
    simt_smem *s;
    struct simt_smem_cfg cfg = {.nbanks = 32, .bank_bytes = 4, .broadcast = 1};
    CHECK_OK(simt_smem_create(&cfg, &s));
    uint64_t a[32];
    uint32_t first;
    /* stride s words over 32 banks: thread t -> bank (t*s) mod 32; the 32 words are
     * distinct, each bank used by gcd(s, 32) of them, so the degree is gcd(s, 32) */
    for (uint32_t stride = 1; stride <= 32; stride++) {
        for (int t = 0; t < 32; t++)
            a[t] = 0x010000000000ull + 4ull * stride * t;
        const uint32_t deg = simt_smem_access(s, 0xffffffffu, a, NULL, 4, &first, NULL);
        if (deg != gcd(stride, 32))
            fprintf(stderr, "stride %u: degree %u, expected %u\n", stride, deg, gcd(stride, 32));
        CHECK_EQ(deg, gcd(stride, 32));
    }
    /* stride 2: threads t and t+16 share a bank; the first cycle serves threads 0..15 */
    for (int t = 0; t < 32; t++)
        a[t] = 8ull * t;
    CHECK_EQ(simt_smem_access(s, 0xffffffffu, a, NULL, 4, &first, NULL), 2);
    CHECK_EQ(first, 0x0000ffffu);
    /* replaying the rest is conflict-free */
    CHECK_EQ(simt_smem_access(s, ~first, a, NULL, 4, &first, NULL), 1);
    CHECK_EQ(first, 0xffff0000u);
    /* broadcast: all threads read one word -> degree 1 */
    for (int t = 0; t < 32; t++)
        a[t] = 64;
    CHECK_EQ(simt_smem_access(s, 0xffffffffu, a, NULL, 4, &first, NULL), 1);
    CHECK_EQ(first, 0xffffffffu);
    /* 8-byte accesses, unit stride: thread t touches words 2t, 2t+1 -> 64 words on 32
     * banks -> degree 2; threads 0..15 use words 0..31 (rank 0) */
    for (int t = 0; t < 32; t++)
        a[t] = 8ull * t;
    CHECK_EQ(simt_smem_access(s, 0xffffffffu, a, NULL, 8, &first, NULL), 2);
    CHECK_EQ(first, 0x0000ffffu);
    CHECK_EQ(simt_smem_stats(s)->max_degree, 32);
    simt_smem_free(s);
    /* without broadcast, 32 threads on one word serialise fully */
    cfg.broadcast = 0;
    CHECK_OK(simt_smem_create(&cfg, &s));
    for (int t = 0; t < 32; t++)
        a[t] = 64;
    CHECK_EQ(simt_smem_access(s, 0xffffffffu, a, NULL, 4, NULL, NULL), 32);
    simt_smem_free(s);
    /* 16 banks of 8 bytes: 4-byte unit stride -> words 0..15 each hit by two threads
     * (same 8-byte word: broadcast) -> degree 1 */
    cfg = (struct simt_smem_cfg){.nbanks = 16, .bank_bytes = 8, .broadcast = 1};
    CHECK_OK(simt_smem_create(&cfg, &s));
    for (int t = 0; t < 32; t++)
        a[t] = 4ull * t;
    CHECK_EQ(simt_smem_access(s, 0xffffffffu, a, NULL, 4, NULL, NULL), 1);
    simt_smem_free(s);
    cfg.nbanks = 0;
    CHECK(simt_smem_create(&cfg, &s) == SIMT_ERR_CONFIG);
}

/* Accesses wider than the banks (banks x bank_bytes below the access size): a thread's own
 * words share a bank. Its first pass takes one cycle per own word in a bank and serves it;
 * another thread's word in that bank waits for a later pass. (Until the twenty-ninth session
 * such a thread was served in no pass: a replay that never ended.) */
static void test_banks_wide(void)
{
    simt_smem *s;
    uint64_t a[32];
    uint32_t first = 0, cycles = 0;
    /* one bank of one byte, 4-byte accesses at distinct words: thread t's bytes 4t..4t+3 are
     * ranks 4t..4t+3 of bank 0; each pass serves one thread in 4 cycles */
    struct simt_smem_cfg cfg = {.nbanks = 1, .bank_bytes = 1, .broadcast = 1};
    CHECK_OK(simt_smem_create(&cfg, &s));
    for (int t = 0; t < 32; t++)
        a[t] = 4ull * t;
    CHECK_EQ(simt_smem_access(s, 0xffffffffu, a, NULL, 4, &first, &cycles), 128);
    CHECK_EQ(first, 0x1u);
    CHECK_EQ(cycles, 4);
    CHECK_EQ(simt_smem_access(s, 0xfffffffeu, a, NULL, 4, &first, &cycles), 124);
    CHECK_EQ(first, 0x2u);
    CHECK_EQ(cycles, 4);
    /* every pass serves the lowest waiting thread: 32 passes in all */
    uint32_t left = 0xffffffffu, passes = 0;
    while (left && passes < 64) {
        simt_smem_access(s, left, a, NULL, 4, &first, &cycles);
        CHECK(first && !(first & ~left)); /* some waiting thread is served, no other */
        left &= ~first;
        passes++;
    }
    CHECK_EQ(passes, 32);
    /* broadcast: all 32 threads read the same 4 bytes - one pass of 4 cycles serves them all */
    for (int t = 0; t < 32; t++)
        a[t] = 8;
    CHECK_EQ(simt_smem_access(s, 0xffffffffu, a, NULL, 4, &first, &cycles), 4);
    CHECK_EQ(first, 0xffffffffu);
    CHECK_EQ(cycles, 4);
    simt_smem_free(s);
    /* two banks of two bytes, 8-byte accesses: thread t's words 4t..4t+3 go to banks 0,1,0,1
     * (two own words per bank: a 2-cycle pass); thread 0's pass serves only it */
    cfg = (struct simt_smem_cfg){.nbanks = 2, .bank_bytes = 2, .broadcast = 1};
    CHECK_OK(simt_smem_create(&cfg, &s));
    for (int t = 0; t < 32; t++)
        a[t] = 8ull * t;
    CHECK_EQ(simt_smem_access(s, 0xffffffffu, a, NULL, 8, &first, &cycles), 64);
    CHECK_EQ(first, 0x1u);
    CHECK_EQ(cycles, 2);
    /* a narrow access on the same banks keeps one-cycle passes */
    for (int t = 0; t < 32; t++)
        a[t] = 2ull * t;
    CHECK_EQ(simt_smem_access(s, 0x3u, a, NULL, 2, &first, &cycles), 1);
    CHECK_EQ(first, 0x3u);
    CHECK_EQ(cycles, 1);
    simt_smem_free(s);
}

/* The short pass for accesses whose threads' words fall in distinct banks (smem.fast_ranks)
 * against the general ranking loop (cfg.reference): random geometries, broadcast on and off,
 * random active masks and accesses of 1..16 bytes - strided, one word, a few words, random -
 * each access given to both units; degree, first-pass threads, pass length and statistics
 * must agree. The mix reaches both paths: multi-word accesses, conflicts, broadcasts, and
 * accesses with more words than banks (the short pass declines those). */
static void test_fast_ranks(void)
{
    uint64_t rng = 0x9e3779b97f4a7c15ull;
#define RND() (rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17, rng)
    uint32_t conflict_free = 0, total = 0;
    for (int geo = 0; geo < 200; geo++) {
        struct simt_smem_cfg cfg = {.nbanks = 1 + (uint32_t)(RND() % 64),
                                    .bank_bytes = 1u << (RND() % 5),
                                    .broadcast = (int)(RND() & 1)};
        if (geo % 4 == 0)
            cfg.nbanks = 32, cfg.bank_bytes = 4; /* the presets' banks, often */
        simt_smem *f, *r;
        CHECK_OK(simt_smem_create(&cfg, &f));
        cfg.reference = 1;
        CHECK_OK(simt_smem_create(&cfg, &r));
        for (int k = 0; k < 200; k++) {
            uint64_t a[32];
            uint32_t bytes[32];
            const uint32_t kind = (uint32_t)(RND() % 4), size = 1u << (RND() % 5);
            const uint64_t base = RND() % 4096, stride = RND() % 33;
            for (int t = 0; t < 32; t++) {
                a[t] = kind == 0   ? base + stride * size * (uint64_t)t /* strided */
                       : kind == 1 ? base                               /* one word */
                       : kind == 2 ? base + (RND() % 4) * size          /* a few words */
                                   : RND() % 2048;                      /* random */
                bytes[t] = (uint32_t)(RND() & 3) ? size : 1 + (uint32_t)(RND() % 16);
            }
            const uint32_t mask = (RND() & 1) ? 0xffffffffu : (uint32_t)RND();
            const int per_thread = (int)(RND() & 1);
            uint32_t ff = 7, fr = 9, cf = 7, cr = 9;
            const uint32_t df =
                simt_smem_access(f, mask, a, per_thread ? bytes : NULL, size, &ff, &cf);
            const uint32_t dr =
                simt_smem_access(r, mask, a, per_thread ? bytes : NULL, size, &fr, &cr);
            CHECK_EQ(df, dr);
            CHECK_EQ(ff, fr);
            CHECK_EQ(cf, cr);
            conflict_free += df <= 1;
            total++;
        }
        const struct simt_smem_stats *sf = simt_smem_stats(f), *sr = simt_smem_stats(r);
        CHECK_EQ(sf->accesses, sr->accesses);
        CHECK_EQ(sf->cycles, sr->cycles);
        CHECK_EQ(sf->conflicted, sr->conflicted);
        CHECK_EQ(sf->max_degree, sr->max_degree);
        simt_smem_free(f);
        simt_smem_free(r);
    }
#undef RND
    /* conflict-free and conflicting accesses were both drawn often */
    CHECK(conflict_free > total / 10 && conflict_free < total - total / 10);
}

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "all";
    if (!strcmp(which, "patterns") || !strcmp(which, "all"))
        test_patterns();
    if (!strcmp(which, "banks") || !strcmp(which, "all"))
        test_banks();
    if (!strcmp(which, "banks_wide") || !strcmp(which, "all"))
        test_banks_wide();
    if (!strcmp(which, "fast_ranks") || !strcmp(which, "all"))
        test_fast_ranks();
    TEST_DONE();
}
