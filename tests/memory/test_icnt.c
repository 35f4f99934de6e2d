/* timing.mem.icnt.* : crossbar arbitration, bandwidth, latency and back-pressure; mesh hop
 * latency; clock domains. Expectations by hand. */
#include <string.h>

#include "clock.h"
#include "icnt.h"
#include "mem_test.h"

static simt_icnt *mk(uint32_t nin, uint32_t nout, uint32_t lat, uint32_t outq,
                     enum simt_icnt_topo topo)
{
    struct simt_icnt_cfg cfg = {.ninputs = nin,
                                .noutputs = nout,
                                .flit_bytes = 32,
                                .latency = lat,
                                .in_queue = 2,
                                .out_queue = outq,
                                .topo = topo};
    simt_icnt *n;
    CHECK_OK(simt_icnt_create(&cfg, &n));
    return n;
}

static void test_xbar(void)
{
    simt_icnt *n = mk(2, 2, 2, 1, SIMT_ICNT_XBAR);
    struct simt_mpkt rq = {.addr = 0x1000, .bytes = 128, .id = 7};
    CHECK_EQ(simt_icnt_flits(n, &rq), 1); /* read request: 8-byte header */
    struct simt_mpkt rp = rq;
    rp.is_reply = 1;
    CHECK_EQ(simt_icnt_flits(n, &rp), 5); /* reply: (8 + 128) / 32 rounded up */
    CHECK_OK(simt_icnt_push(n, 0, 0, &rq));
    rq.id = 8;
    CHECK_OK(simt_icnt_push(n, 1, 0, &rq));
    /* cycle 0: input 0 wins output 0 (rotating priority starts at 0): ready at 0+1+2 = 3;
     * input 1 waits (output busy, then output buffer of 1 reserved) */
    simt_icnt_tick(n);
    simt_icnt_tick(n);
    CHECK(simt_icnt_peek(n, 0) == NULL); /* now = 2 */
    simt_icnt_tick(n);                   /* now = 3 */
    const struct simt_mpkt *p = simt_icnt_peek(n, 0);
    CHECK(p && p->id == 7);
    /* back-pressure: while packet 7 sits unpopped, input 1 is never granted */
    for (int i = 0; i < 5; i++)
        simt_icnt_tick(n);
    p = simt_icnt_peek(n, 0);
    CHECK(p && p->id == 7);
    /* input 1 was blocked in each of the 8 ticks so far (now 0-7: the output busy, then its
     * buffer full), counted whether a tick arbitrated or repeated the last fruitless one */
    CHECK_EQ(simt_icnt_stats(n)->blocked, 8);
    simt_icnt_pop(n, 0);
    /* now = 8: granted in cycle 8, ready at 8 + 1 + 2 = 11, visible once now = 11 */
    simt_icnt_tick(n);
    simt_icnt_tick(n);
    CHECK(simt_icnt_peek(n, 0) == NULL); /* now = 10 */
    simt_icnt_tick(n);
    p = simt_icnt_peek(n, 0);
    CHECK(p && p->id == 8);
    simt_icnt_pop(n, 0);
    CHECK_EQ(simt_icnt_busy(n), 0);
    CHECK_EQ(simt_icnt_stats(n)->packets, 2);
    CHECK_EQ(simt_icnt_busy_outputs(n)[0], 0); /* both popped: no output holds a packet */
    /* input queue limit; the full-input bitmap follows it */
    CHECK_OK(simt_icnt_push(n, 0, 1, &rq));
    CHECK_EQ(simt_icnt_full_inputs(n)[0], 0);
    CHECK_OK(simt_icnt_push(n, 0, 1, &rq));
    CHECK_EQ(simt_icnt_can_accept(n, 0), 0);
    CHECK_EQ(simt_icnt_full_inputs(n)[0], 1); /* input 0 full, input 1 not */
    CHECK(simt_icnt_push(n, 0, 1, &rq) == SIMT_ERR_LIMIT);
    CHECK(simt_icnt_push(n, 0, 9, &rq) == SIMT_ERR_INVALID_ARG);
    /* a grant frees a place (not full any more) and puts the packet in flight to output 1 */
    simt_icnt_tick(n);
    CHECK_EQ(simt_icnt_full_inputs(n)[0], 0);
    CHECK_EQ(simt_icnt_can_accept(n, 0), 1);
    CHECK_EQ(simt_icnt_busy_outputs(n)[0], 2); /* output 1 (in flight counts), not output 0 */
    while (!simt_icnt_peek(n, 1))
        simt_icnt_tick(n);
    simt_icnt_pop(n, 1); /* output 1's buffer (1 place) empties: its bit clears */
    CHECK_EQ(simt_icnt_busy_outputs(n)[0], 0);
    simt_icnt_free(n);

    /* bandwidth: 4 replies of 5 flits from 2 inputs to one output (out buffer 8, popped
     * as they arrive): the output serialises them, one every 5 cycles */
    n = mk(2, 1, 0, 8, SIMT_ICNT_XBAR);
    CHECK_OK(simt_icnt_push(n, 0, 0, &rp));
    CHECK_OK(simt_icnt_push(n, 1, 0, &rp));
    CHECK_OK(simt_icnt_push(n, 0, 0, &rp));
    CHECK_OK(simt_icnt_push(n, 1, 0, &rp));
    uint32_t arrivals[4], na = 0;
    for (uint32_t t = 1; t <= 40 && na < 4; t++) {
        simt_icnt_tick(n);
        if (simt_icnt_peek(n, 0)) {
            arrivals[na++] = t;
            simt_icnt_pop(n, 0);
        }
    }
    CHECK_EQ(na, 4);
    CHECK_EQ(arrivals[0], 5);
    CHECK_EQ(arrivals[1], 10);
    CHECK_EQ(arrivals[2], 15);
    CHECK_EQ(arrivals[3], 20);
    simt_icnt_free(n);
}

static void test_mesh(void)
{
    /* 1 input + 1 output: a 2x2 grid, nodes 0 (0,0) and 1 (1,0): one hop of 3 cycles, then
     * the 1-flit packet ejects: ready at 0 + 3 + 1 = 4 */
    simt_icnt *n = mk(1, 1, 3, 4, SIMT_ICNT_MESH);
    struct simt_mpkt rq = {.addr = 0, .bytes = 128};
    CHECK_OK(simt_icnt_push(n, 0, 0, &rq));
    for (int i = 0; i < 3; i++)
        simt_icnt_tick(n);
    CHECK(simt_icnt_peek(n, 0) == NULL);
    simt_icnt_tick(n);
    CHECK(simt_icnt_peek(n, 0) != NULL);
    simt_icnt_free(n);
    /* 3 inputs + 1 output: output node 3 is (1,1); from node 0, X then Y: 2 hops -> 7 */
    n = mk(3, 1, 3, 4, SIMT_ICNT_MESH);
    CHECK_OK(simt_icnt_push(n, 0, 0, &rq));
    for (int i = 0; i < 6; i++)
        simt_icnt_tick(n);
    CHECK(simt_icnt_peek(n, 0) == NULL);
    simt_icnt_tick(n);
    CHECK(simt_icnt_peek(n, 0) != NULL);
    simt_icnt_free(n);
}

static void test_clocks(void)
{
    /* seed 003 Table 4.2: core 700, interconnect + L2 1400, DRAM 1800 MHz */
    struct simt_clocks c;
    const uint32_t f[3] = {700, 1400, 1800};
    CHECK_OK(simt_clocks_init(&c, 3, f));
    /* time 0: all three, lowest index first; then DRAM 1/1800, icnt 1/1400, DRAM 2/1800 */
    CHECK_EQ(simt_clocks_next(&c), 0);
    CHECK_EQ(simt_clocks_next(&c), 1);
    CHECK_EQ(simt_clocks_next(&c), 2);
    CHECK_EQ(simt_clocks_next(&c), 2);
    CHECK_EQ(simt_clocks_next(&c), 1);
    CHECK_EQ(simt_clocks_next(&c), 2);
    /* 1/700 = 2/1400: tie, core first */
    CHECK_EQ(simt_clocks_next(&c), 0);
    CHECK_EQ(simt_clocks_next(&c), 1);
    /* over one microsecond: 700 core edges, 1400 icnt, 1800 DRAM, exactly */
    CHECK_OK(simt_clocks_init(&c, 3, f));
    while (c.edges[0] < 701)
        simt_clocks_next(&c);
    CHECK_EQ(c.edges[1], 1400);
    CHECK_EQ(c.edges[2], 1800);
    /* idle skip: stepping up to (not through) core edge 701 equals jumping there */
    CHECK_OK(simt_clocks_init(&c, 3, f));
    while (!(simt_clocks_peek(&c) == 0 && c.edges[0] == 701))
        simt_clocks_next(&c);
    CHECK_EQ(c.edges[1], 1402);
    CHECK_EQ(c.edges[2], 1803); /* ceil(701 * 1800 / 700) */
    struct simt_clocks j;
    CHECK_OK(simt_clocks_init(&j, 3, f));
    simt_clocks_jump(&j, 701);
    CHECK_EQ(j.edges[0], c.edges[0]);
    CHECK_EQ(j.edges[1], c.edges[1]);
    CHECK_EQ(j.edges[2], c.edges[2]);
    const uint32_t bad[1] = {0};
    CHECK(simt_clocks_init(&c, 1, bad) == SIMT_ERR_CONFIG);
}

/* Reference clock (the definition in clock.h, by cross multiplication) for the pattern test. */
struct refclk {
    uint32_t n;
    uint64_t f[3], e[3];
};

static uint32_t ref_next(struct refclk *r)
{
    uint32_t best = 0;
    for (uint32_t i = 1; i < r->n; i++)
        if ((unsigned __int128)r->e[i] * r->f[best] < (unsigned __int128)r->e[best] * r->f[i])
            best = i;
    r->e[best]++;
    return best;
}

/* simt_clocks replays one period's precomputed order when the period is short: the same edge
 * sequence as the definition, across idle jumps, for several frequency sets (the last one has
 * too long a period and takes the general path). */
static void test_clock_pattern(void)
{
    static const uint32_t sets[][3] = {{700000, 1400000, 1800000},
                                       {1410000, 1300000, 1300000},
                                       {1296000, 1296000, 1107000},
                                       {3, 7, 5},
                                       {999983, 1000003, 65537}};
    for (uint32_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        struct simt_clocks c;
        CHECK_OK(simt_clocks_init(&c, 3, sets[k]));
        CHECK_EQ(c.plen != 0, k < 4);
        struct refclk r = {3, {sets[k][0], sets[k][1], sets[k][2]}, {0, 0, 0}};
        uint64_t x = 5 + k;
        int bad = 0;
        for (uint32_t step = 0; step < 200000 && !bad; step++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            if ((x >> 54) == 0) { /* now and then an idle jump to a later core edge */
                const uint64_t to = c.edges[0] + 1 + (x >> 20) % 1000;
                simt_clocks_jump(&c, to);
                for (uint32_t d = 1; d < 3; d++) {
                    const uint64_t e =
                        (uint64_t)(((unsigned __int128)to * r.f[d] + r.f[0] - 1) / r.f[0]);
                    if (e > r.e[d])
                        r.e[d] = e;
                }
                r.e[0] = to;
            }
            const uint32_t p = simt_clocks_peek(&c);
            const uint32_t d = simt_clocks_next(&c);
            const uint32_t want = ref_next(&r);
            bad = p != want || d != want;
        }
        CHECK(!bad);
        CHECK(c.edges[0] == r.e[0] && c.edges[1] == r.e[1] && c.edges[2] == r.e[2]);
    }
}

int main(int argc, char **argv)
{
    const char *w = argc > 1 ? argv[1] : "all";
    int all = !strcmp(w, "all");
    if (all || !strcmp(w, "xbar"))
        test_xbar();
    if (all || !strcmp(w, "mesh"))
        test_mesh();
    if (all || !strcmp(w, "clocks"))
        test_clocks();
    if (all || !strcmp(w, "clock_pattern"))
        test_clock_pattern();
    TEST_DONE();
}
