/* timing.mem.dram.* : address mapping and FR-FCFS vs FIFO order, with every command time
 * worked out by hand in the comments (tRCD 2, tRP 3, tCAS 2, tRAS 5, tCCD 2, burst 1). */
#include <string.h>

#include "dram.h"
#include "mem_test.h"

static uint64_t tick_now;
static uint32_t order[8], when[8], norder;

static void on_done(void *ctx, const struct simt_mpkt *r)
{
    (void)ctx;
    order[norder] = r->id;
    when[norder++] = (uint32_t)tick_now;
}

static void test_map(void)
{
    struct simt_addrmap m = {.npart = 6, .interleave_bytes = 256, .banks = 8, .row_bytes = 2048};
    struct simt_dram_loc l;
    CHECK_OK(simt_addrmap_check(&m));
    simt_addrmap_map(&m, 0, &l);
    CHECK(l.part == 0 && l.local == 0 && l.bank == 0 && l.row == 0);
    simt_addrmap_map(&m, 256, &l);
    CHECK_EQ(l.part, 1);
    CHECK_EQ(l.local, 0);
    simt_addrmap_map(&m, 6 * 256 + 100, &l); /* chunk 6 -> partition 0, its 2nd chunk */
    CHECK_EQ(l.part, 0);
    CHECK_EQ(l.local, 356);
    CHECK_EQ(l.col, 356);
    simt_addrmap_map(&m, 6 * 256 * 8, &l); /* chunk 48 -> local 8 * 256 = 2048: bank 1 */
    CHECK_EQ(l.part, 0);
    CHECK_EQ(l.bank, 1);
    CHECK_EQ(l.row, 0);
    simt_addrmap_map(&m, 6 * 256 * 8 * 8, &l); /* local 16384 = 8 rows of 2048: bank 0 row 1 */
    CHECK_EQ(l.bank, 0);
    CHECK_EQ(l.row, 1);
    simt_addrmap_map(&m, 5 * 256 + 6 * 256 * 9, &l); /* chunk 59 -> partition 5, local 2304 */
    CHECK_EQ(l.part, 5);
    CHECK_EQ(l.local, 2304);
    CHECK_EQ(l.bank, 1);
    CHECK_EQ(l.col, 256);
    /* XOR-hashed partitions: one partition takes everything (the fold by the partition count
     * used to loop forever with one: gpu.mem_channels=1 mem.partition_hash=true hung) */
    struct simt_addrmap h1 = {
        .npart = 1, .interleave_bytes = 256, .banks = 8, .row_bytes = 2048, .xor_hash = 1};
    CHECK_OK(simt_addrmap_check(&h1));
    simt_addrmap_map(&h1, 0x200000000000ull + 12345 * 256 + 17, &l);
    CHECK_EQ(l.part, 0);
    CHECK_EQ(l.local, 0x200000000000ull + 12345 * 256 + 17);
    h1.npart = 6; /* hashed: a partition in range */
    for (uint64_t k = 0; k < 64; k++) {
        simt_addrmap_map(&h1, k * 256, &l);
        CHECK(l.part < 6);
    }
    m.npart = 0;
    CHECK(simt_addrmap_check(&m) == SIMT_ERR_CONFIG);
}

static simt_dram *mk(enum simt_dram_sched s)
{
    struct simt_dram_cfg cfg = {
        .map = {.npart = 1, .interleave_bytes = 256, .banks = 4, .row_bytes = 1024},
        .queue = 8,
        .tRCD = 2,
        .tRP = 3,
        .tCAS = 2,
        .tRAS = 5,
        .tCCD = 2,
        .tWR = 0,
        .bus_bytes = 32,
        .sched = s};
    simt_dram *d;
    CHECK_OK(simt_dram_create(&cfg, on_done, NULL, &d));
    return d;
}

static void run3(simt_dram *d)
{
    /* bank = (addr / 1024) mod 4, row = addr / 4096: all three in bank 0 */
    struct simt_mpkt r1 = {.addr = 4096, .bytes = 32, .id = 1};      /* row 1 */
    struct simt_mpkt r2 = {.addr = 0, .bytes = 32, .id = 2};         /* row 0 */
    struct simt_mpkt r3 = {.addr = 4096 + 64, .bytes = 32, .id = 3}; /* row 1 */
    CHECK_OK(simt_dram_push(d, &r1));
    CHECK_OK(simt_dram_push(d, &r2));
    CHECK_OK(simt_dram_push(d, &r3));
    norder = 0;
    for (tick_now = 0; tick_now < 40 && norder < 3; tick_now++)
        simt_dram_tick(d);
}

static void test_frfcfs(void)
{
    /* t0 ACT row1 (for r1); t2 RD r1 (data 4..5, done t5); t4 RD r3, a row hit that
     * bypasses the older r2 (data 6..7, done t7); t5 PRE (tRAS from t0); t8 ACT row0;
     * t10 RD r2 (data 12..13, done t13). */
    simt_dram *d = mk(SIMT_DRAM_FRFCFS);
    run3(d);
    CHECK_EQ(norder, 3);
    CHECK_EQ(order[0], 1);
    CHECK_EQ(order[1], 3);
    CHECK_EQ(order[2], 2);
    CHECK_EQ(when[0], 5);
    CHECK_EQ(when[1], 7);
    CHECK_EQ(when[2], 13);
    const struct simt_dram_stats *s = simt_dram_stats(d);
    CHECK_EQ(s->acts, 2);
    CHECK_EQ(s->pres, 1);
    CHECK_EQ(s->row_hits, 1);
    CHECK_EQ(s->reads, 3);
    CHECK_EQ(simt_dram_busy(d), 0);
    simt_dram_free(d);
}

static void test_fifo(void)
{
    /* t0 ACT row1; t2 RD r1 (done t5); t5 PRE; t8 ACT row0 (pre_ok = max(5, 13)); t10 RD r2
     * (data 12..13, done t13); t13 PRE; t16 ACT row1; t18 RD r3 (data 20..21, done t21). */
    simt_dram *d = mk(SIMT_DRAM_FIFO);
    run3(d);
    CHECK_EQ(norder, 3);
    CHECK_EQ(order[0], 1);
    CHECK_EQ(order[1], 2);
    CHECK_EQ(order[2], 3);
    CHECK_EQ(when[0], 5);
    CHECK_EQ(when[1], 13);
    CHECK_EQ(when[2], 21);
    CHECK_EQ(simt_dram_stats(d)->acts, 3);
    CHECK_EQ(simt_dram_stats(d)->row_hits, 0);
    simt_dram_free(d);
}

/* Row commands go by age, not bank number: r1 (bank 3) is older than r2 (bank 1); both banks
 * are closed and may activate at t0. t0 ACT bank 3 (r1); t1 ACT bank 1 (r2); t2 RD r1 (data
 * 4..5, done t5); t4 RD r2 (tCCD; data 6..7, done t7). Taking the banks in index order would
 * have served r2 first. */
static void test_row_age(void)
{
    simt_dram *d = mk(SIMT_DRAM_FRFCFS);
    struct simt_mpkt r1 = {.addr = 3 * 1024, .bytes = 32, .id = 1};
    struct simt_mpkt r2 = {.addr = 1 * 1024, .bytes = 32, .id = 2};
    CHECK_OK(simt_dram_push(d, &r1));
    CHECK_OK(simt_dram_push(d, &r2));
    norder = 0;
    for (tick_now = 0; tick_now < 40 && norder < 2; tick_now++)
        simt_dram_tick(d);
    CHECK_EQ(norder, 2);
    CHECK_EQ(order[0], 1);
    CHECK_EQ(order[1], 2);
    CHECK_EQ(when[0], 5);
    CHECK_EQ(when[1], 7);
    CHECK_EQ(simt_dram_stats(d)->acts, 2);
    simt_dram_free(d);
}

static void test_queue_limit(void)
{
    simt_dram *d = mk(SIMT_DRAM_FRFCFS);
    struct simt_mpkt r = {.addr = 0, .bytes = 32};
    for (int i = 0; i < 8; i++)
        CHECK_OK(simt_dram_push(d, &r));
    CHECK_EQ(simt_dram_can_accept(d), 0);
    CHECK(simt_dram_push(d, &r) == SIMT_ERR_LIMIT);
    /* bandwidth: 8 row hits of burst 1 with tCCD 2 -> one read per 2 cycles */
    norder = 0;
    for (tick_now = 0; tick_now < 100 && norder < 8; tick_now++)
        simt_dram_tick(d);
    CHECK_EQ(norder, 8);
    CHECK_EQ(when[7] - when[6], 2);
    CHECK_EQ(simt_dram_stats(d)->row_hits, 7);
    simt_dram_free(d);
}

/* The channel sleeps until the earliest cycle a command could issue; that must never change
 * what it does: a random stream through a sleeping and a never-sleeping channel gives the
 * same completions at the same cycles (FR-FCFS and FIFO, reads and writes, 4 banks). */
struct rec {
    uint32_t id, t;
};
static struct rec ra[4096], rb[4096];
static uint32_t na, nb, *ncur;
static struct rec *cur;

static void on_rec(void *ctx, const struct simt_mpkt *r)
{
    (void)ctx;
    if (*ncur < 4096)
        cur[(*ncur)++] = (struct rec){r->id, (uint32_t)tick_now};
}

static void test_sleep_equivalence(void)
{
    for (int sched = 0; sched < 2; sched++) {
        simt_dram *d[2];
        for (int k = 0; k < 2; k++) {
            struct simt_dram_cfg cfg = {
                .map = {.npart = 1, .interleave_bytes = 256, .banks = 4, .row_bytes = 1024},
                .queue = 8,
                .tRCD = 3,
                .tRP = 4,
                .tCAS = 5,
                .tRAS = 9,
                .tCCD = 2,
                .tWR = 3,
                .bus_bytes = 16,
                .sched = (enum simt_dram_sched)sched,
                .no_sleep = k};
            CHECK_OK(simt_dram_create(&cfg, on_rec, NULL, &d[k]));
        }
        na = nb = 0;
        uint64_t x = 99;
        uint32_t id = 0;
        for (tick_now = 0; tick_now < 20000; tick_now++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            if ((x >> 61) < 3 && simt_dram_can_accept(d[0])) {
                CHECK_EQ(simt_dram_can_accept(d[1]), 1);
                struct simt_mpkt r = {.addr = ((x >> 20) % 64) * 512,
                                      .bytes = 32 << ((x >> 8) & 1),
                                      .id = id++,
                                      .is_write = (x >> 12) % 4 == 0};
                CHECK_OK(simt_dram_push(d[0], &r));
                CHECK_OK(simt_dram_push(d[1], &r));
            }
            cur = ra;
            ncur = &na;
            simt_dram_tick(d[0]);
            cur = rb;
            ncur = &nb;
            simt_dram_tick(d[1]);
        }
        CHECK(na > 1000);
        CHECK_EQ(na, nb);
        CHECK(memcmp(ra, rb, na * sizeof *ra) == 0);
        simt_dram_free(d[0]);
        simt_dram_free(d[1]);
    }
}

/* The memory hierarchy skips a channel's cycles up to simt_dram_next_event() and counts
 * them at once (simt_dram_skip) before the next push or tick: the same random stream through
 * a channel ticked every cycle and one driven that way gives the same completions at the same
 * cycles and the same statistics (ticks, queue occupancy, latency included). */
static struct rec rc[4096];
static uint32_t nc;

static void test_skip_equivalence(void)
{
    for (int sched = 0; sched < 2; sched++) {
        simt_dram *d[2];
        for (int k = 0; k < 2; k++) {
            struct simt_dram_cfg cfg = {
                .map = {.npart = 1, .interleave_bytes = 256, .banks = 4, .row_bytes = 1024},
                .queue = 8,
                .tRCD = 3,
                .tRP = 4,
                .tCAS = 5,
                .tRAS = 9,
                .tCCD = 2,
                .tWR = 3,
                .bus_bytes = 16,
                .sched = (enum simt_dram_sched)sched};
            CHECK_OK(simt_dram_create(&cfg, on_rec, NULL, &d[k]));
        }
        na = nc = 0;
        uint64_t x = 7, wake = 0, owed = 0, skipped = 0;
        uint32_t id = 0;
        for (tick_now = 0; tick_now < 20000; tick_now++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            /* bursts with idle gaps, so that there is something to skip */
            if ((tick_now / 500) % 2 == 0 && (x >> 61) < 3 && simt_dram_can_accept(d[0])) {
                CHECK_EQ(simt_dram_can_accept(d[1]), 1);
                struct simt_mpkt r = {.addr = ((x >> 20) % 64) * 512,
                                      .bytes = 32 << ((x >> 8) & 1),
                                      .id = id++,
                                      .is_write = (x >> 12) % 4 == 0};
                CHECK_OK(simt_dram_push(d[0], &r));
                simt_dram_skip(d[1], owed); /* the push stamps the current cycle */
                owed = 0;
                CHECK_EQ(simt_dram_now(d[1]), simt_dram_now(d[0]));
                CHECK_OK(simt_dram_push(d[1], &r));
                wake = 0;
            }
            cur = ra;
            ncur = &na;
            simt_dram_tick(d[0]);
            if (tick_now < wake) {
                owed++;
                skipped++;
                continue;
            }
            simt_dram_skip(d[1], owed);
            owed = 0;
            cur = rc;
            ncur = &nc;
            simt_dram_tick(d[1]);
            wake = simt_dram_next_event(d[1]);
        }
        simt_dram_skip(d[1], owed);
        CHECK(na > 1000);
        CHECK(skipped > 5000);
        CHECK_EQ(na, nc);
        CHECK(memcmp(ra, rc, na * sizeof *ra) == 0);
        CHECK(memcmp(simt_dram_stats(d[0]), simt_dram_stats(d[1]),
                     sizeof(struct simt_dram_stats)) == 0);
        CHECK_EQ(simt_dram_stats(d[1])->ticks, 20000);
        simt_dram_free(d[0]);
        simt_dram_free(d[1]);
    }
}

int main(int argc, char **argv)
{
    const char *w = argc > 1 ? argv[1] : "all";
    int all = !strcmp(w, "all");
    if (all || !strcmp(w, "map"))
        test_map();
    if (all || !strcmp(w, "frfcfs"))
        test_frfcfs();
    if (all || !strcmp(w, "fifo"))
        test_fifo();
    if (all || !strcmp(w, "sleep"))
        test_sleep_equivalence();
    if (all || !strcmp(w, "skip"))
        test_skip_equivalence();
    if (all || !strcmp(w, "row_age"))
        test_row_age();
    if (all || !strcmp(w, "queue"))
        test_queue_limit();
    TEST_DONE();
}
