/* timing.mem.cache.* : LRU victim, MSHR merge, hazard order (MSHR, COMQ, RSV; seed 003 1.1.7
 * Fig 1.6), reservation failure, write policies, allocate-on-fill. Expectations by hand. */
#include <string.h>

#include "cache.h"
#include "mem_test.h"

static uint32_t done_ids[64];
static uint32_t ndone;

static void on_done(void *ctx, const struct simt_mpkt *r)
{
    (void)ctx;
    if (ndone < 64)
        done_ids[ndone++] = r->id;
}

static struct simt_mpkt rd(uint64_t addr, uint32_t id)
{
    struct simt_mpkt r = {.addr = addr, .bytes = 4, .id = id};
    return r;
}

static struct simt_mpkt wr(uint64_t addr, uint32_t id)
{
    struct simt_mpkt r = {.addr = addr, .bytes = 4, .id = id, .is_write = 1};
    return r;
}

static simt_cache *mk(uint32_t sets, uint32_t assoc, uint32_t mshrs, uint32_t merge, uint32_t missq,
                      int wb, int reserve)
{
    struct simt_cache_cfg cfg = {.name = "test",
                                 .sets = sets,
                                 .assoc = assoc,
                                 .line_bytes = 128,
                                 .mshrs = mshrs,
                                 .mshr_merge = merge,
                                 .miss_queue = missq,
                                 .write_back = wb,
                                 .reserve_on_miss = reserve};
    simt_cache *c;
    CHECK_OK(simt_cache_create(&cfg, &c));
    return c;
}

static void drain(simt_cache *c)
{
    while (simt_cache_miss_peek(c))
        simt_cache_miss_pop(c);
}

/* miss + fill, so the line is valid */
static void load_line(simt_cache *c, uint64_t a)
{
    enum simt_hazard h;
    struct simt_mpkt r = rd(a, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    drain(c);
    CHECK_OK(simt_cache_fill(c, a, NULL, NULL));
}

static void test_lru(void)
{
    /* one set, 4 ways: load A B C D, touch A, then E evicts B (least recently used) */
    simt_cache *c = mk(1, 4, 8, 4, 8, 0, 1);
    enum simt_hazard h;
    const uint64_t A = 0x1000, B = 0x2000, C = 0x3000, D = 0x4000, E = 0x5000;
    load_line(c, A);
    load_line(c, B);
    load_line(c, C);
    load_line(c, D);
    struct simt_mpkt r = rd(A, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_HIT);
    load_line(c, E);
    CHECK_EQ(simt_cache_probe(c, B), SIMT_LINE_ABSENT);
    CHECK_EQ(simt_cache_probe(c, A), SIMT_LINE_VALID);
    CHECK_EQ(simt_cache_probe(c, C), SIMT_LINE_VALID);
    CHECK_EQ(simt_cache_probe(c, E), SIMT_LINE_VALID);
    /* next victim: C (order now C, D, A, E) */
    load_line(c, B);
    CHECK_EQ(simt_cache_probe(c, C), SIMT_LINE_ABSENT);
    CHECK_EQ(simt_cache_stats(c)->evictions, 2);
    CHECK_EQ(simt_cache_stats(c)->read_hits, 1);
    CHECK_EQ(simt_cache_stats(c)->misses, 6);
    simt_cache_free(c);
    /* set mapping: 64 sets of 128-byte lines -> set = (addr / 128) mod 64 */
    c = mk(64, 6, 32, 8, 8, 0, 1);
    CHECK_EQ(simt_cache_set_of(c, 0x200000000000ull + 5 * 128), 5);
    CHECK_EQ(simt_cache_set_of(c, 0x200000000000ull + 69 * 128), 5);
    simt_cache_free(c);
    /* a hashed index over one set is set 0 (the fold by the set count used to loop forever
     * with one set: l1d.sets=1 l1d.set_hash=true hung the replay) */
    struct simt_cache_cfg one = {.name = "one",
                                 .sets = 1,
                                 .assoc = 4,
                                 .line_bytes = 128,
                                 .mshrs = 4,
                                 .mshr_merge = 2,
                                 .miss_queue = 4,
                                 .set_hash = 1};
    CHECK_OK(simt_cache_create(&one, &c));
    CHECK_EQ(simt_cache_set_of(c, 0x200000000000ull + 69 * 128), 0);
    simt_cache_free(c);
    one.sets = 3; /* hashed, not a power of two: still inside the sets */
    CHECK_OK(simt_cache_create(&one, &c));
    for (uint64_t k = 0; k < 64; k++)
        CHECK(simt_cache_set_of(c, 0x200000000000ull + k * 128) < 3);
    simt_cache_free(c);
}

static void test_merge(void)
{
    simt_cache *c = mk(4, 2, 4, 3, 8, 0, 1);
    enum simt_hazard h;
    struct simt_mpkt r = rd(0x1000, 1);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    CHECK_EQ(simt_cache_probe(c, 0x1000), SIMT_LINE_PENDING);
    r = rd(0x1004, 2); /* same line: merged, no new request */
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MERGED);
    r = rd(0x107c, 3);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MERGED);
    r = rd(0x1040, 4); /* 3 merge slots used: MSHR hazard */
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_FAIL);
    CHECK_EQ(h, SIMT_HZ_MSHR);
    CHECK_EQ(simt_cache_mshrs_free(c), 3);
    /* one request went to the next level, for the whole line */
    const struct simt_mpkt *m = simt_cache_miss_peek(c);
    CHECK(m != NULL);
    CHECK_EQ(m->addr, 0x1000);
    CHECK_EQ(m->bytes, 128);
    simt_cache_miss_pop(c);
    CHECK(simt_cache_miss_peek(c) == NULL);
    ndone = 0;
    CHECK_OK(simt_cache_fill(c, 0x1000, on_done, NULL));
    CHECK_EQ(ndone, 3);
    CHECK_EQ(done_ids[0], 1);
    CHECK_EQ(done_ids[1], 2);
    CHECK_EQ(done_ids[2], 3);
    CHECK_EQ(simt_cache_mshrs_free(c), 4);
    r = rd(0x1040, 4);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_HIT);
    CHECK_EQ(simt_cache_stats(c)->merges, 2);
    CHECK_EQ(simt_cache_stats(c)->fail_mshr, 1);
    /* a fill nobody waits for is an invariant violation, not a crash */
    CHECK(simt_cache_fill(c, 0x9000, on_done, NULL) == SIMT_ERR_INVARIANT);
    simt_cache_free(c);
}

static void test_hazards(void)
{
    enum simt_hazard h;
    struct simt_mpkt r;
    /* MSHR: one MSHR, two misses to different lines */
    simt_cache *c = mk(4, 2, 1, 4, 8, 0, 1);
    r = rd(0x0000, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    r = rd(0x0080, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_FAIL);
    CHECK_EQ(h, SIMT_HZ_MSHR);
    CHECK_EQ(simt_cache_can_accept(c), 0);
    simt_cache_free(c);
    /* COMQ: miss queue of 2, not drained: 2 misses fit, the third fails with COMQ */
    c = mk(4, 2, 8, 4, 2, 0, 1);
    for (int i = 0; i < 2; i++) {
        r = rd(0x80u * i, 0);
        CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    }
    r = rd(0x100, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_FAIL);
    CHECK_EQ(h, SIMT_HZ_COMQ);
    /* the failed access changed nothing: no MSHR taken, line absent */
    CHECK_EQ(simt_cache_mshrs_free(c), 6);
    CHECK_EQ(simt_cache_probe(c, 0x100), SIMT_LINE_ABSENT);
    /* a hit needs no queue slot */
    drain(c);
    CHECK_OK(simt_cache_fill(c, 0x0, NULL, NULL));
    r = rd(0x0, 0);
    r.addr = 0;
    /* refill the queue */
    r = rd(0x200, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    r = rd(0x280, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    r = rd(0x0, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_HIT);
    simt_cache_free(c);
    /* RSV: one set of 2 ways, both reserved by pending misses; the third line of the set
     * cannot reserve a way; lines of other sets could (here: one set only) */
    c = mk(1, 2, 8, 4, 8, 0, 1);
    r = rd(0x000, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    r = rd(0x080, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    r = rd(0x100, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_FAIL);
    CHECK_EQ(h, SIMT_HZ_RSV);
    CHECK_EQ(simt_cache_stats(c)->fail_rsv, 1);
    /* merging into a reserved line still works during the RSV condition */
    r = rd(0x084, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MERGED);
    /* after one fill, the line 0x000 is the only valid (unreserved) way: it is the victim */
    drain(c);
    CHECK_OK(simt_cache_fill(c, 0x000, NULL, NULL));
    r = rd(0x100, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    CHECK_EQ(simt_cache_probe(c, 0x000), SIMT_LINE_ABSENT);
    simt_cache_free(c);
    /* order: with no MSHR and no way free, MSHR is reported (checked first) */
    c = mk(1, 1, 1, 4, 8, 0, 1);
    r = rd(0x000, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    r = rd(0x080, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_FAIL);
    CHECK_EQ(h, SIMT_HZ_MSHR);
    simt_cache_free(c);
    /* order: MSHR free, queue full and every way reserved -> COMQ before RSV */
    c = mk(1, 1, 4, 4, 2, 0, 1);
    r = rd(0x000, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    r = rd(0x080, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_FAIL);
    CHECK_EQ(h, SIMT_HZ_RSV); /* queue has 1 free slot: RSV */
    r = wr(0x400, 0);         /* write-through write fills the queue */
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_WRITE);
    r = rd(0x080, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_FAIL);
    CHECK_EQ(h, SIMT_HZ_COMQ);
    simt_cache_free(c);
}

static void test_writes(void)
{
    enum simt_hazard h;
    struct simt_mpkt r;
    /* write-through, no write-allocate (Fermi L1, global stores) */
    simt_cache *c = mk(4, 2, 4, 4, 4, 0, 1);
    r = wr(0x1000, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_WRITE);
    CHECK_EQ(simt_cache_probe(c, 0x1000), SIMT_LINE_ABSENT);
    CHECK_EQ(simt_cache_mshrs_free(c), 4); /* no MSHR for a store */
    const struct simt_mpkt *m = simt_cache_miss_peek(c);
    CHECK(m && m->is_write && m->addr == 0x1000 && m->bytes == 4);
    drain(c);
    load_line(c, 0x2000);
    r = wr(0x2010, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_HIT); /* updated and written through */
    m = simt_cache_miss_peek(c);
    CHECK(m && m->is_write && m->addr == 0x2010);
    simt_cache_free(c);
    /* write-back, write-allocate (L2): write miss fetches the line, fill makes it dirty,
     * evicting it queues a write-back of the whole line */
    c = mk(1, 1, 4, 4, 4, 1, 1);
    r = wr(0x3000, 0);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    m = simt_cache_miss_peek(c);
    CHECK(m && !m->is_write && m->addr == 0x3000 && m->bytes == 128);
    drain(c);
    CHECK_OK(simt_cache_fill(c, 0x3000, NULL, NULL));
    r = rd(0x3080, 0); /* same set, other line: evicts the dirty line */
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    m = simt_cache_miss_peek(c);
    CHECK(m && m->is_write && m->addr == 0x3000 && m->bytes == 128);
    simt_cache_miss_pop(c);
    m = simt_cache_miss_peek(c);
    CHECK(m && !m->is_write && m->addr == 0x3080);
    CHECK_EQ(simt_cache_stats(c)->writebacks, 1);
    simt_cache_free(c);
    /* a write-back cache without reservation is refused */
    struct simt_cache_cfg bad = {.name = "bad",
                                 .sets = 1,
                                 .assoc = 1,
                                 .line_bytes = 128,
                                 .mshrs = 1,
                                 .mshr_merge = 1,
                                 .miss_queue = 2,
                                 .write_back = 1,
                                 .reserve_on_miss = 0};
    CHECK(simt_cache_create(&bad, &c) == SIMT_ERR_CONFIG);
    bad.write_back = 0;
    bad.line_bytes = 100;
    CHECK(simt_cache_create(&bad, &c) == SIMT_ERR_CONFIG);
}

static void test_alloc_on_fill(void)
{
    /* read-only (constant) cache: no line is reserved, so no RSV even with one way */
    simt_cache *c = mk(1, 1, 4, 4, 8, 0, 0);
    enum simt_hazard h;
    struct simt_mpkt r = rd(0x000, 1);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    r = rd(0x080, 2);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MISS);
    r = rd(0x004, 3);
    CHECK_EQ(simt_cache_access(c, &r, &h), SIMT_CACHE_MERGED);
    CHECK_EQ(simt_cache_probe(c, 0x000), SIMT_LINE_PENDING);
    ndone = 0;
    CHECK_OK(simt_cache_fill(c, 0x000, on_done, NULL));
    CHECK_EQ(ndone, 2);
    CHECK_OK(simt_cache_fill(c, 0x080, on_done, NULL)); /* evicts 0x000 at fill time */
    CHECK_EQ(simt_cache_probe(c, 0x000), SIMT_LINE_ABSENT);
    CHECK_EQ(simt_cache_probe(c, 0x080), SIMT_LINE_VALID);
    CHECK_EQ(simt_cache_stats(c)->fail_rsv, 0);
    simt_cache_free(c);
}

int main(int argc, char **argv)
{
    const char *w = argc > 1 ? argv[1] : "all";
    int all = !strcmp(w, "all");
    if (all || !strcmp(w, "lru"))
        test_lru();
    if (all || !strcmp(w, "merge"))
        test_merge();
    if (all || !strcmp(w, "hazards"))
        test_hazards();
    if (all || !strcmp(w, "writes"))
        test_writes();
    if (all || !strcmp(w, "alloc_on_fill"))
        test_alloc_on_fill();
    TEST_DONE();
}
