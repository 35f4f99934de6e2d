/*
 * test_extra.c - tests of the further divergence policies (policies/hws.c, dwf.c, stackless.c,
 * ukernel.c, mimd.c, serial.c) on the functional driver (pdriver.h): conformance with the
 * sources' worked examples, microbenchmarks with analytically known SIMD efficiency, and
 * properties over random structured programs x every registered policy.
 * Usage: policy_extra_tests CASE   (ctest runs one case per test; see CMakeLists.txt)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdriver.h"
#include "simt_config.h"
#include "simt_stats.h"
#include "squeeze.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);               \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

#define RUN(prog, cfg, res)                                                                        \
    do {                                                                                           \
        if (pd_run((prog), (cfg), (res)) != 0) {                                                   \
            fprintf(stderr, "%s:%d: run of %s failed: %s\n", __FILE__, __LINE__, (cfg)->policy,    \
                    (res)->error);                                                                 \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static struct pb B; /* one program at a time (large) */

struct gen;
static const struct simt_program *gen_program(struct gen *g, uint64_t seed);
static uint32_t gen_fn(void *ctx, uint32_t cta, uint32_t tid, uint32_t pc, uint32_t visit);

/* --- issue log ----------------------------------------------------------------------------- */

#define LOG_MAX 4096
struct ilog {
    uint32_t n;
    struct {
        uint32_t pc, nthreads, issue_cycles;
        uint32_t threads[64];
        int lanes[64]; /* -1 = home lane */
    } e[LOG_MAX];
};
static struct ilog LOG;

static void log_issue(void *octx, const struct simt_group *g, const struct simt_thread *th)
{
    struct ilog *l = octx;
    if (l->n >= LOG_MAX)
        return;
    l->e[l->n].pc = g->pc;
    l->e[l->n].nthreads = g->nthreads;
    l->e[l->n].issue_cycles = g->issue_cycles;
    for (uint32_t k = 0; k < g->nthreads && k < 64; k++) {
        l->e[l->n].threads[k] = g->threads[k];
        l->e[l->n].lanes[k] = g->lanes ? g->lanes[k] : -1;
    }
    l->n++;
}

static int log_lane_of(const struct ilog *l, uint32_t i, uint32_t slot)
{
    for (uint32_t k = 0; k < l->e[i].nthreads; k++)
        if (l->e[i].threads[k] == slot)
            return l->e[i].lanes[k];
    return -2;
}

/* --- decisions ------------------------------------------------------------------------------ */

/* a per-test set: thread (cta, tid) takes successor 0 iff it is in the set for branch pc */
struct set_decide {
    uint32_t pc[4];
    uint64_t mask[4][4]; /* per branch, tid bits 0..255 */
    uint32_t n;
};

static uint32_t set_fn(void *ctx, uint32_t cta, uint32_t tid, uint32_t pc, uint32_t visit)
{
    const struct set_decide *s = ctx;
    for (uint32_t i = 0; i < s->n; i++)
        if (s->pc[i] == pc && tid < 256)
            return (s->mask[i][tid / 64] >> (tid % 64)) & 1 ? 0 : 1;
    return 0;
}

static void set_add(struct set_decide *s, uint32_t branch, uint32_t pc, uint32_t tid)
{
    s->pc[branch] = pc;
    if (branch + 1 > s->n)
        s->n = branch + 1;
    s->mask[branch][tid / 64] |= 1ull << (tid % 64);
}

static struct pd_cfg base_cfg(const char *policy, uint32_t ws, uint32_t simd, uint32_t threads,
                              pd_decide_fn fn, void *ctx)
{
    return (struct pd_cfg){.policy = policy,
                           .warp_size = ws,
                           .simd_width = simd,
                           .nschedulers = 1,
                           .cta_threads = threads,
                           .nctas = 1,
                           .decide = fn,
                           .ctx = ctx};
}

/* if/else: pc0 cbr(B, C, D); B..; C..; D.. exit. Returns the first pc of B. */
static const struct simt_program *prog_ifelse(uint32_t pre, uint32_t lt, uint32_t lf, uint32_t post,
                                              uint32_t *cbr_pc)
{
    pb_init(&B);
    uint32_t lb = pb_label(&B), lc = pb_label(&B), ld = pb_label(&B);
    pb_func(&B);
    pb_block(&B, ~0u);
    for (uint32_t i = 0; i < pre; i++)
        pb_op(&B, SIMT_IC_INT);
    *cbr_pc = pb_cbr(&B, lb, lc, ld);
    pb_block(&B, lb);
    for (uint32_t i = 0; i < lt; i++)
        pb_op(&B, SIMT_IC_FP32);
    pb_br(&B, ld);
    pb_block(&B, lc);
    for (uint32_t i = 0; i < lf; i++)
        pb_op(&B, SIMT_IC_FP32);
    pb_br(&B, ld);
    pb_block(&B, ld);
    pb_op(&B, SIMT_IC_FREE); /* a phi: the post-dominator's first issued pc is after it */
    for (uint32_t i = 0; i < post; i++)
        pb_op(&B, SIMT_IC_INT);
    pb_op(&B, SIMT_IC_EXIT);
    return pb_finish(&B);
}

/* --- conformance: seed 000 (Jin) ----------------------------------------------------------- */

/* Fig. 4.1: an if/else whose B path holds threads 0-3 and 12-15; HWS squeezes 12-15 into the
 * first quarter (B: 8 threads, 1 cycle) and C into 3 quarters: 4 cycles saved. */
static void t_jin_fig4_1(void)
{
    uint32_t cbr;
    const struct simt_program *p = prog_ifelse(0, 0, 0, 0, &cbr);
    struct set_decide sd = {0};
    uint32_t bt[] = {0, 1, 2, 3, 12, 13, 14, 15};
    for (int i = 0; i < 8; i++)
        set_add(&sd, 0, cbr, bt[i]);
    struct pd_cfg c = base_cfg("pdom-hws", 32, 8, 32, set_fn, &sd);
    c.on_issue = log_issue;
    c.octx = &LOG;
    c.check_banks = true;
    c.stat_names[0] = "policy.pdom-hws.cycles_saved";
    struct pd_result r;
    LOG.n = 0;
    RUN(p, &c, &r);
    /* A (4 cycles), B (1), C (3), D exit (4) = 12 against 16 for fixed-size warps */
    CHECK(r.groups == 4, "groups %llu", (unsigned long long)r.groups);
    CHECK(r.issue_cycles == 12, "issue cycles %llu (conventional: 16)",
          (unsigned long long)r.issue_cycles);
    CHECK(r.stat_values[0] == 4, "cycles saved %llu", (unsigned long long)r.stat_values[0]);
    CHECK(LOG.n == 4 && LOG.e[1].nthreads == 8 && LOG.e[1].issue_cycles == 1, "B group");
    for (int t = 12; t < 16; t++)
        CHECK(log_lane_of(&LOG, 1, (uint32_t)t) == t - 8, "thread %d on lane %d", t,
              log_lane_of(&LOG, 1, (uint32_t)t));
    CHECK(LOG.n == 4 && LOG.e[2].nthreads == 24 && LOG.e[2].issue_cycles == 3, "C group");
    /* without the squeeze only scaling applies: B spans quarters 0,1 (2 cycles), C all 4 */
    const char *sets[] = {"hws.squeeze=false", NULL};
    c.sets = sets;
    c.on_issue = NULL;
    RUN(p, &c, &r);
    CHECK(r.issue_cycles == 4 + 2 + 4 + 4, "no squeeze: %llu", (unsigned long long)r.issue_cycles);
}

/* Fig. 4.3 / appendix A: quarters #0..#3 by count, holes filled from the emptiest. The warp:
 * q0 lanes {0,1,2}, q1 {2..6}, q2 {0,7}, q3 {1,3,5,6,7}; the exchange sort gives
 * #0=q1 #1=q3 #2=q0 #3=q2; q1 takes q2.l0, q0.l1, q2.l7; q3 takes q0.l0, q0.l2. Result: two
 * quarters (mask 0011 in the seed's words), 5 moves, every thread in its lane. */
static const int fig43_pos[] = {0, 1, 2, 10, 11, 12, 13, 14, 16, 23, 25, 27, 29, 30, 31};
static const int fig43_after[] = {24, 9, 26, 10, 11, 12, 13, 14, 8, 15, 25, 27, 29, 30, 31};

static void t_jin_fig4_3(void)
{
    int32_t occ[32];
    for (int p = 0; p < 32; p++)
        occ[p] = -1;
    for (int i = 0; i < 15; i++)
        occ[fig43_pos[i]] = i;
    uint32_t moves = squeeze(occ, 32, 8);
    CHECK(moves == 5, "moves %u", moves);
    CHECK(squeeze_quarters(occ, 32, 8) == 2, "quarters %u", squeeze_quarters(occ, 32, 8));
    for (int i = 0; i < 15; i++) {
        int at = -1;
        for (int p = 0; p < 32; p++)
            if (occ[p] == i)
                at = p;
        CHECK(at == fig43_after[i], "thread at %d moved to %d, expected %d", fig43_pos[i], at,
              fig43_after[i]);
        CHECK(at % 8 == fig43_pos[i] % 8, "lane changed");
    }
    /* the same warp through the policy: the B group issues in 2 cycles with those lanes */
    uint32_t cbr;
    const struct simt_program *p = prog_ifelse(1, 2, 1, 1, &cbr);
    struct set_decide sd = {0};
    for (int i = 0; i < 15; i++)
        set_add(&sd, 0, cbr, (uint32_t)fig43_pos[i]);
    struct pd_cfg c = base_cfg("pdom-hws", 32, 8, 32, set_fn, &sd);
    c.on_issue = log_issue;
    c.octx = &LOG;
    c.check_banks = true;
    struct pd_result r;
    LOG.n = 0;
    RUN(p, &c, &r);
    int found = 0;
    for (uint32_t i = 0; i < LOG.n; i++) {
        if (LOG.e[i].nthreads != 15)
            continue;
        found++;
        CHECK(LOG.e[i].issue_cycles == 2, "B issue cycles %u", LOG.e[i].issue_cycles);
        for (int k = 0; k < 15; k++)
            CHECK(log_lane_of(&LOG, i, (uint32_t)fig43_pos[k]) == fig43_after[k], "lane");
    }
    CHECK(found == 3, "B issued %d times (2 ops + branch)", found);
    /* generalised geometry: 64 threads, 16 lanes -> 4 quarters of 16 */
    int32_t o2[64];
    for (int q = 0; q < 64; q++)
        o2[q] = (q % 16 < 4) ? q : -1; /* lanes 0-3 of every quarter */
    squeeze(o2, 64, 16);
    CHECK(squeeze_quarters(o2, 64, 16) == 4, "lane-bound: cannot squeeze same lanes");
}

/* Fig. 4.5 / appendix B: female warp 0 at X holds 8-11, 16, 17, 20-23, 27; the male warp 1
 * brings 32, 33, 44, 52-55, 59. Positions 20-23 and 27 conflict; en-DWF moves 59 to position 3
 * (the first position of its lane free in both warps) and 52-55 to positions 4-7. */
static void t_jin_fig4_5(void)
{
    uint32_t cbr;
    const struct simt_program *p = prog_ifelse(0, 2, 1, 0, &cbr);
    uint32_t xpc = cbr + 1;
    struct set_decide sd = {0};
    uint32_t fem[] = {8, 9, 10, 11, 16, 17, 20, 21, 22, 23, 27};
    uint32_t male[] = {32, 33, 44, 52, 53, 54, 55, 59};
    for (int i = 0; i < 11; i++)
        set_add(&sd, 0, cbr, fem[i]);
    for (int i = 0; i < 8; i++)
        set_add(&sd, 0, cbr, male[i]);
    struct pd_cfg c = base_cfg("en-dwf", 32, 8, 64, set_fn, &sd);
    c.on_issue = log_issue;
    c.octx = &LOG;
    c.check_banks = true;
    c.stat_names[0] = "policy.en-dwf.moves";
    c.stat_names[1] = "policy.en-dwf.merges";
    struct pd_result r;
    LOG.n = 0;
    RUN(p, &c, &r);
    int xs = 0;
    for (uint32_t i = 0; i < LOG.n; i++) {
        if (LOG.e[i].pc != xpc)
            continue;
        xs++;
        CHECK(LOG.e[i].nthreads == 19, "merged X warp has %u threads", LOG.e[i].nthreads);
        CHECK(log_lane_of(&LOG, i, 59) == 3, "thread 59 on position %d, expected 3",
              log_lane_of(&LOG, i, 59));
        for (int t = 52; t < 56; t++)
            CHECK(log_lane_of(&LOG, i, (uint32_t)t) == t - 48, "thread %d on %d", t,
                  log_lane_of(&LOG, i, (uint32_t)t));
        CHECK(log_lane_of(&LOG, i, 27) == 27 && log_lane_of(&LOG, i, 32) == 0, "others stay");
    }
    CHECK(xs == 1, "X issued by %d groups, expected one merged warp", xs);
    CHECK(r.stat_values[0] >= 5, "en-DWF moves %llu", (unsigned long long)r.stat_values[0]);
    /* plain DWF cannot merge them: X issues twice, and a merge conflict is counted */
    c.policy = "dwf";
    c.stat_names[0] = "policy.dwf.merge_conflicts";
    c.stat_names[1] = NULL;
    LOG.n = 0;
    RUN(p, &c, &r);
    xs = 0;
    for (uint32_t i = 0; i < LOG.n; i++)
        xs += LOG.e[i].pc == xpc;
    CHECK(xs == 2, "dwf: X issued by %d groups", xs);
    CHECK(r.stat_values[0] >= 1, "dwf conflicts %llu", (unsigned long long)r.stat_values[0]);
}

/* Fig. 4.6: en-DWF&HWS squeezes the male (the warp of Fig. 4.3, as warp 1) before merging it
 * with a female holding lanes 0-3 of quarter 0: the squeezed male sits in quarters 1 and 3, no
 * conflict is left, and the merged warp is downscaled to 3 quarters. */
static void t_jin_fig4_6(void)
{
    uint32_t cbr;
    const struct simt_program *p = prog_ifelse(0, 2, 1, 0, &cbr);
    uint32_t xpc = cbr + 1;
    struct set_decide sd = {0};
    for (uint32_t t = 0; t < 4; t++)
        set_add(&sd, 0, cbr, t);
    for (int i = 0; i < 15; i++)
        set_add(&sd, 0, cbr, 32 + (uint32_t)fig43_pos[i]);
    struct pd_cfg c = base_cfg("en-dwf-hws", 32, 8, 64, set_fn, &sd);
    c.on_issue = log_issue;
    c.octx = &LOG;
    c.check_banks = true;
    struct pd_result r;
    LOG.n = 0;
    RUN(p, &c, &r);
    int xs = 0;
    for (uint32_t i = 0; i < LOG.n; i++) {
        if (LOG.e[i].pc != xpc)
            continue;
        xs++;
        CHECK(LOG.e[i].nthreads == 19 && LOG.e[i].issue_cycles == 3, "X: %u threads, %u cycles",
              LOG.e[i].nthreads, LOG.e[i].issue_cycles);
        for (int k = 0; k < 15; k++)
            CHECK(log_lane_of(&LOG, i, 32 + (uint32_t)fig43_pos[k]) == fig43_after[k],
                  "male thread %d", 32 + fig43_pos[k]);
    }
    CHECK(xs == 1, "en-dwf-hws: X issued by %d groups", xs);
    /* dwf (no squeeze) conflicts in quarter 0: two groups at X */
    c.policy = "dwf";
    LOG.n = 0;
    RUN(p, &c, &r);
    xs = 0;
    for (uint32_t i = 0; i < LOG.n; i++)
        xs += LOG.e[i].pc == xpc;
    CHECK(xs == 2, "dwf: X issued by %d groups", xs);
    /* dwf-hws squeezes first, so it merges as well (seed 000 6.2) */
    c.policy = "dwf-hws";
    LOG.n = 0;
    RUN(p, &c, &r);
    xs = 0;
    for (uint32_t i = 0; i < LOG.n; i++)
        xs += LOG.e[i].pc == xpc && LOG.e[i].nthreads == 19 && LOG.e[i].issue_cycles == 3;
    CHECK(xs == 1, "dwf-hws: merged X groups %d", xs);
}

/* hws.sync_sms (seed 000 4.2 step 3, appendix C): two SMs share one object; SM 1 holds a full
 * warp (4 quarters), SM 0 a warp with one active thread (1 quarter). Synchronised, SM 0's group
 * issues for 4 cycles like SM 1's; unsynchronised (the default), for 1. */
static void t_hws_sync(void)
{
    const struct simt_policy_ops *ops = simt_policy_find("pdom-hws");
    CHECK(ops && ops->shared_create && ops->shared_destroy, "pdom-hws shared state");
    if (!ops || !ops->shared_create)
        return;
    uint32_t cbr;
    const struct simt_program *p = prog_ifelse(0, 0, 0, 0, &cbr);
    for (int sync = 0; sync < 2; sync++) {
        simt_config *conf = NULL;
        simt_stats *stats = NULL;
        void *shared = NULL, *st[2] = {NULL, NULL};
        struct simt_thread th[2][32];
        memset(th, 0, sizeof th);
        CHECK(simt_config_create(&conf) == 0 && simt_stats_create(&stats) == 0, "config");
        CHECK(simt_config_set(conf, sync ? "hws.sync_sms=true" : "hws.sync_sms=false") == 0, "set");
        CHECK(ops->shared_create(conf, 2, &shared) == 0, "shared_create");
        for (int sm = 0; sm < 2; sm++) {
            for (uint32_t t = 0; t < 32; t++)
                th[sm][t] = (struct simt_thread){.pc = 0,
                                                 .state = (sm == 1 || t == 5) ? SIMT_TS_READY
                                                                              : SIMT_TS_EXITED,
                                                 .lane = (uint8_t)t,
                                                 .tid = t};
            struct simt_policy_env env = {.sm_id = (uint32_t)sm,
                                          .nsms = 2,
                                          .warp_size = 32,
                                          .simd_width = 8,
                                          .max_threads = 32,
                                          .max_warps = 1,
                                          .nschedulers = 1,
                                          .prog = p,
                                          .threads = th[sm],
                                          .config = conf,
                                          .stats = stats,
                                          .shared = shared};
            CHECK(ops->create(&env, &st[sm]) == 0, "create: %s", simt_errmsg());
            CHECK(ops->cta_start(st[sm], 0, 0, 32, 0, 1) == 0, "cta_start");
        }
        struct simt_group g[4];
        memset(g, 0, sizeof g);
        int n1 = ops->ready(st[1], 1, g, 4);
        CHECK(n1 == 1 && g[0].issue_cycles == 4 && g[0].nthreads == 32, "SM 1: full warp");
        memset(g, 0, sizeof g);
        int n0 = ops->ready(st[0], 1, g, 4);
        CHECK(n0 == 1 && g[0].nthreads == 1, "SM 0: one thread");
        CHECK(n0 == 1 && g[0].issue_cycles == (sync ? 4u : 1u), "sync %d: SM 0 issues for %u", sync,
              g[0].issue_cycles);
        for (int sm = 0; sm < 2; sm++)
            if (st[sm])
                ops->destroy(st[sm]);
        ops->shared_destroy(shared);
        simt_stats_free(stats);
        simt_config_free(conf);
    }
}

/* --- conformance: seed 002 (Collange) ------------------------------------------------------ */

/* Table 2: 1 A; 2 if(!c) br 5; 3 B; 4 br 6; 5 C; 6 D with threads 0,1 on B and 2,3 on C.
 * Our pcs are the seed's minus one (C is the jump to D; D is followed by exit). */
static void t_collange_table2(void)
{
    pb_init(&B);
    uint32_t lb = pb_label(&B), lc = pb_label(&B), ld = pb_label(&B);
    pb_func(&B);
    pb_block(&B, ~0u);
    pb_op(&B, SIMT_IC_INT);                /* 0: A */
    uint32_t cbr = pb_cbr(&B, lb, lc, ld); /* 1: if(!c) br 5 */
    pb_block(&B, lb);
    pb_op(&B, SIMT_IC_INT); /* 2: B */
    pb_br(&B, ld);          /* 3: br 6 */
    pb_block(&B, lc);
    pb_br(&B, ld); /* 4: C */
    pb_block(&B, ld);
    pb_op(&B, SIMT_IC_INT);  /* 5: D */
    pb_op(&B, SIMT_IC_EXIT); /* 6 */
    const struct simt_program *p = pb_finish(&B);
    struct set_decide sd = {0};
    set_add(&sd, 0, cbr, 0);
    set_add(&sd, 0, cbr, 1);
    struct pd_cfg c = base_cfg("stackless", 4, 4, 4, set_fn, &sd);
    c.on_issue = log_issue;
    c.octx = &LOG;
    struct pd_result r;
    LOG.n = 0;
    RUN(p, &c, &r);
    static const uint32_t pcs[] = {0, 1, 2, 3, 4, 5, 6};
    static const uint32_t masks[] = {0xf, 0xf, 0x3, 0x3, 0xc, 0xf, 0xf};
    CHECK(LOG.n == 7, "%u issues", LOG.n);
    for (uint32_t i = 0; i < LOG.n && i < 7; i++) {
        uint32_t m = 0;
        for (uint32_t k = 0; k < LOG.e[i].nthreads; k++)
            m |= 1u << LOG.e[i].threads[k];
        CHECK(LOG.e[i].pc == pcs[i] && m == masks[i],
              "step %u: pc %u threads %x, expected pc %u "
              "threads %x",
              i, LOG.e[i].pc, m, pcs[i], masks[i]);
    }
}

/* Listing 1: if(c) f(); with f placed after its caller. min(PC) alone runs the code after the
 * conditional first (its pc is below f's) and meets the callers only at exit; min(SP:PC) runs
 * the deeper call first and reconverges at D. */
static void t_collange_listing1(void)
{
    pb_init(&B);
    uint32_t lt = pb_label(&B), ld = pb_label(&B), lf = pb_label(&B);
    pb_func(&B);
    pb_block(&B, ~0u);
    pb_op(&B, SIMT_IC_INT);
    uint32_t cbr = pb_cbr(&B, lt, ld, ld);
    pb_block(&B, lt);
    pb_call(&B, 1);
    pb_br(&B, ld);
    pb_block(&B, ld);
    uint32_t dpc = pb_op(&B, SIMT_IC_INT); /* D */
    pb_op(&B, SIMT_IC_EXIT);
    pb_func(&B); /* f, after the kernel in layout order */
    pb_block(&B, lf);
    pb_op(&B, SIMT_IC_FP32);
    pb_op(&B, SIMT_IC_FP32);
    pb_op(&B, SIMT_IC_RET);
    const struct simt_program *p = pb_finish(&B);
    struct set_decide sd = {0};
    set_add(&sd, 0, cbr, 0);
    set_add(&sd, 0, cbr, 1);
    struct pd_cfg c = base_cfg("stackless", 4, 4, 4, set_fn, &sd);
    c.on_issue = log_issue;
    c.octx = &LOG;
    struct pd_result r;
    LOG.n = 0;
    RUN(p, &c, &r);
    int d = 0;
    for (uint32_t i = 0; i < LOG.n; i++)
        if (LOG.e[i].pc == dpc) {
            d++;
            CHECK(LOG.e[i].nthreads == 4, "D with %u threads", LOG.e[i].nthreads);
        }
    CHECK(d == 1, "min(SP:PC): D issued %d times", d);
    const char *sets[] = {"stackless.sp=false", NULL};
    c.sets = sets;
    LOG.n = 0;
    RUN(p, &c, &r);
    d = 0;
    for (uint32_t i = 0; i < LOG.n; i++)
        d += LOG.e[i].pc == dpc;
    CHECK(d == 2, "min(PC) only: D issued %d times (the seed's failure case)", d);
    /* PDOM reconverges at D as well */
    c.policy = "pdom-hws";
    c.sets = NULL;
    LOG.n = 0;
    RUN(p, &c, &r);
    d = 0;
    for (uint32_t i = 0; i < LOG.n; i++)
        d += LOG.e[i].pc == dpc && LOG.e[i].nthreads == 4;
    CHECK(d == 1, "pdom: D once with 4 threads (%d)", d);
}

/* --- conformance: seed 004 (micro-kernels) ------------------------------------------------- */

/* Fig. 6.1: A (PDOM branch) -> B | C; C (spawn branch) -> D | E; all meet at F. Warp 0 splits
 * at A (threads 0-15 to B); warp 1 goes to C whole. At C both warps' threads are spawned (the
 * model: they fill warps together). Warp 0's B threads, left alone, must not run F at half
 * occupancy: the reconverge instruction before F spawns them to F, where they join the threads
 * coming back from D and E. Every F instruction then issues with 32 threads, as under PDOM. */
static const struct simt_program *prog_fig61(uint32_t *a_pc, uint32_t *c_pc, uint32_t *f_pc,
                                             uint32_t *f_end)
{
    pb_init(&B);
    uint32_t lb = pb_label(&B), lc = pb_label(&B), ld = pb_label(&B), le = pb_label(&B),
             lf = pb_label(&B);
    pb_func(&B);
    pb_block(&B, ~0u); /* A */
    pb_op(&B, SIMT_IC_INT);
    *a_pc = pb_cbr(&B, lb, lc, lf);
    pb_block(&B, lb); /* B */
    pb_op(&B, SIMT_IC_INT);
    pb_op(&B, SIMT_IC_INT);
    pb_br(&B, lf);
    pb_block(&B, lc); /* C */
    pb_op(&B, SIMT_IC_INT);
    *c_pc = pb_cbr(&B, ld, le, lf);
    pb_block(&B, ld); /* D */
    for (int i = 0; i < 3; i++)
        pb_op(&B, SIMT_IC_FP32);
    pb_br(&B, lf);
    pb_block(&B, le); /* E */
    for (int i = 0; i < 3; i++)
        pb_op(&B, SIMT_IC_FP32);
    pb_br(&B, lf);
    pb_block(&B, lf); /* F */
    *f_pc = pb_op(&B, SIMT_IC_INT);
    pb_op(&B, SIMT_IC_INT);
    *f_end = pb_op(&B, SIMT_IC_EXIT);
    return pb_finish(&B);
}

static void t_ukernel_fig61(void)
{
    uint32_t a, cpc, f, fend;
    const struct simt_program *p = prog_fig61(&a, &cpc, &f, &fend);
    struct set_decide sd = {0};
    for (uint32_t t = 0; t < 16; t++)
        set_add(&sd, 0, a, t); /* warp 0: 0-15 to B; warp 1 (32-63) all to C */
    for (uint32_t t = 0; t < 64; t += 2)
        set_add(&sd, 1, cpc, t); /* even threads to D */
    struct pd_cfg c = base_cfg("ukernel", 32, 8, 64, set_fn, &sd);
    const char *sets[] = {"ukernel.spawn_overhead=1", "ukernel.spawn_latency=0", NULL};
    c.sets = sets;
    c.on_issue = log_issue;
    c.octx = &LOG;
    c.stat_names[0] = "policy.ukernel.lut_spawn";
    c.stat_names[1] = "policy.ukernel.lut_pdom";
    c.stat_names[2] = "policy.ukernel.respawns";
    c.stat_names[3] = "policy.ukernel.spawns";
    struct pd_result r;
    LOG.n = 0;
    RUN(p, &c, &r);
    uint32_t fis = 0, full = 0;
    for (uint32_t i = 0; i < LOG.n; i++)
        if (LOG.e[i].pc >= f && LOG.e[i].pc <= fend) {
            fis++;
            full += LOG.e[i].nthreads == 32;
        }
    CHECK(fis == 6 && full == 6, "F issued %u times, %u full (PDOM: 6, all full)", fis, full);
    CHECK(r.stat_values[0] == 2, "spawn decisions %llu (both warps at C)",
          (unsigned long long)r.stat_values[0]);
    CHECK(r.stat_values[1] == 1, "PDOM decisions %llu (warp 0 at A)",
          (unsigned long long)r.stat_values[1]);
    CHECK(r.stat_values[2] == 64, "respawned %llu (B: 16, D: 24, E: 24)",
          (unsigned long long)r.stat_values[2]);
    CHECK(r.stat_values[3] == 48, "spawned %llu at C", (unsigned long long)r.stat_values[3]);
    /* every divergent branch delayed its warp until the SM idled (6.2.1) */
    c.stat_names[0] = "policy.ukernel.delayed";
    c.stat_names[1] = "policy.ukernel.idle_releases";
    c.stat_names[2] = c.stat_names[3] = NULL;
    c.on_issue = NULL;
    RUN(p, &c, &r);
    CHECK(r.stat_values[0] == 3 && r.stat_values[1] >= 3, "delayed %llu, idle releases %llu",
          (unsigned long long)r.stat_values[0], (unsigned long long)r.stat_values[1]);
    c.on_issue = log_issue;
    /* without reconverge instructions the B threads run F at half occupancy */
    const char *sets2[] = {"ukernel.spawn_overhead=1", "ukernel.spawn_latency=0",
                           "ukernel.reconverge=false", NULL};
    c.sets = sets2;
    LOG.n = 0;
    RUN(p, &c, &r);
    fis = full = 0;
    for (uint32_t i = 0; i < LOG.n; i++)
        if (LOG.e[i].pc >= f && LOG.e[i].pc <= fend) {
            fis++;
            full += LOG.e[i].nthreads == 32;
        }
    CHECK(fis > 6 && full < fis, "no reconverge: F issued %u times, %u full", fis, full);
}

/* a full look-up table (0 entries) falls back to PDOM everywhere */
static void t_ukernel_lut_full(void)
{
    uint32_t a, cpc, f, fend;
    const struct simt_program *p = prog_fig61(&a, &cpc, &f, &fend);
    struct set_decide sd = {0};
    for (uint32_t t = 0; t < 16; t++)
        set_add(&sd, 0, a, t);
    for (uint32_t t = 0; t < 64; t += 2)
        set_add(&sd, 1, cpc, t);
    struct pd_cfg c = base_cfg("ukernel", 32, 8, 64, set_fn, &sd);
    const char *sets[] = {"ukernel.lut_entries=0", "ukernel.decide=spawn", NULL};
    c.sets = sets;
    c.stat_names[0] = "policy.ukernel.lut_full";
    c.stat_names[1] = "policy.ukernel.spawns";
    struct pd_result r, q;
    RUN(p, &c, &r);
    c.policy = "pdom-hws";
    c.sets = NULL;
    c.stat_names[0] = c.stat_names[1] = NULL;
    RUN(p, &c, &q);
    CHECK(r.stat_values[0] == 3 && r.stat_values[1] == 0, "lut_full %llu spawns %llu",
          (unsigned long long)r.stat_values[0], (unsigned long long)r.stat_values[1]);
    CHECK(r.groups == q.groups && r.active_sum == q.active_sum, "groups %llu vs PDOM %llu",
          (unsigned long long)r.groups, (unsigned long long)q.groups);
}

/* --- microbenchmarks with analytic SIMD efficiency ----------------------------------------- */

enum { MB_P = 2, MB_L = 3, MB_Q = 1, MB_W = 4 };

struct mb_ctx {
    uint32_t cbr, ws;
    int pattern; /* 0: lanes 0-7 take B; 1: even warps lanes 0-15, odd warps lanes 16-31 */
};

static uint32_t mb_fn(void *ctx, uint32_t cta, uint32_t tid, uint32_t pc, uint32_t visit)
{
    const struct mb_ctx *m = ctx;
    uint32_t lane = tid % m->ws, warp = tid / m->ws;
    bool b = m->pattern == 0 ? lane < 8 : (warp % 2 == 0 ? lane < 16 : lane >= 16);
    return b ? 0 : 1;
}

static void mb_run(const char *policy, int pattern, const char *const *sets, uint64_t groups,
                   uint64_t active, uint64_t cycles)
{
    uint32_t cbr;
    /* per path: P ops + cbr | L ops + br | Q ops + exit */
    const struct simt_program *p = prog_ifelse(MB_P, MB_L, MB_L, MB_Q, &cbr);
    struct mb_ctx m = {.cbr = cbr, .ws = 32, .pattern = pattern};
    struct pd_cfg c = base_cfg(policy, 32, 8, 32 * MB_W, mb_fn, &m);
    c.sets = sets;
    struct pd_result r;
    RUN(p, &c, &r);
    double eff = pd_efficiency(&r, 32), want = (double)active / ((double)groups * 32);
    CHECK(r.groups == groups && r.active_sum == active,
          "%s pattern %d: %llu groups, %llu active (efficiency %.4f); expected %llu, %llu "
          "(%.4f)",
          policy, pattern, (unsigned long long)r.groups, (unsigned long long)r.active_sum, eff,
          (unsigned long long)groups, (unsigned long long)active, want);
    if (cycles)
        CHECK(r.issue_cycles == cycles, "%s: issue cycles %llu, expected %llu", policy,
              (unsigned long long)r.issue_cycles, (unsigned long long)cycles);
    printf("%-11s pattern %d: SIMD efficiency %.4f (analytic %.4f)\n", policy, pattern, eff, want);
}

static void t_microbench(const char *which)
{
    const uint64_t P = MB_P + 1, L = MB_L + 1, Q = MB_Q + 1, W = MB_W;
    const uint64_t all = 32 * W * (P + L + Q);
    /* PDOM on pattern 0: B 8 threads, C 24 threads per warp */
    const uint64_t pdom_groups = W * (P + 2 * L + Q);
    if (!strcmp(which, "pdom-hws")) {
        mb_run("pdom-hws", 0, NULL, pdom_groups, all,
               W * (P * 4 + L * 1 + L * 3 + Q * 4)); /* B 1 quarter, C 3 quarters */
    } else if (!strcmp(which, "stackless")) {
        mb_run("stackless", 0, NULL, pdom_groups, all, 0);
    } else if (!strcmp(which, "serial")) {
        mb_run("serial", 0, NULL, W * (P + 2 * L + 2 * Q), all, 0); /* D runs twice */
    } else if (!strcmp(which, "mimd")) {
        mb_run("mimd", 0, NULL, W * (P + L + Q), all, 0); /* every group full */
        const char *w[] = {"mimd.scope=warp", NULL};
        mb_run("mimd", 0, w, W * (P + L + Q), all, 0);
    } else if (!strcmp(which, "dwf")) {
        mb_run("dwf", 0, NULL, pdom_groups, all, 0);     /* same lanes: nothing merges */
        mb_run("dwf", 1, NULL, W * (P + L + Q), all, 0); /* complementary halves: all full */
    } else if (!strcmp(which, "en-dwf")) {
        /* the four 8-thread B fragments move to quarters 1-3 and merge into one warp */
        mb_run("en-dwf", 0, NULL, W * P + L + W * L + (W + 1) * Q, all, 0);
    } else if (!strcmp(which, "dwf-hws")) {
        mb_run("dwf-hws", 0, NULL, pdom_groups, all, W * (P * 4 + L * 1 + L * 3 + Q * 4));
    } else if (!strcmp(which, "en-dwf-hws")) {
        mb_run("en-dwf-hws", 0, NULL, W * P + L + W * L + (W + 1) * Q, all,
               W * P * 4 + L * 4 + W * L * 3 + Q * (4 + 3 * W));
    } else if (!strcmp(which, "ukernel")) {
        const char *pd[] = {"ukernel.decide=pdom", NULL};
        mb_run("ukernel", 0, pd, pdom_groups, all, 0);
        /* spawning: the 4 warps' B threads form one warp, their C threads three */
        const char *sp[] = {"ukernel.decide=spawn", "ukernel.spawn_latency=0", NULL};
        mb_run("ukernel", 0, sp, W * (P + L + Q), all, 0);
        /* the model agrees when the four warps wait at the branch together: PDOM costs
         * 4 warps x (B + C) = 4 x 2L = 32 issues, spawning 1 B warp + 3 C warps, each L plus
         * the overhead (1 here) = 20 */
        const char *md[] = {"ukernel.spawn_latency=0", "ukernel.spawn_overhead=1", NULL};
        mb_run("ukernel", 0, md, W * (P + L + Q), all, 0);
        /* with the default overhead of 4 instructions it is a tie (4 x (L + 4) = 32), and a
         * tie keeps PDOM */
        const char *tie[] = {"ukernel.spawn_latency=0", NULL};
        mb_run("ukernel", 0, tie, pdom_groups, all, 0);
    } else {
        fprintf(stderr, "no microbenchmark %s\n", which);
        failures++;
    }
}

/* Merge conflicts (seed 000 3.6: two split warps at one pc whose threads share a lane) only
 * exist between warps that could merge at all: a warp that did not diverge, or a full pool
 * warp, is no conflict. Non-divergent program (every thread takes B), 4 warps: no conflict;
 * pattern 0 (lanes 0-7 to B in every warp): B and C fragments conflict with the ones of the
 * other warps at their pc (same lanes). */
static uint32_t all_b_fn(void *ctx, uint32_t cta, uint32_t tid, uint32_t pc, uint32_t visit)
{
    return 0;
}

static void t_dwf_conflicts(void)
{
    static const char *const pols[] = {"dwf", "en-dwf", "dwf-hws", "en-dwf-hws"};
    for (int k = 0; k < 4; k++) {
        uint32_t cbr;
        const struct simt_program *p = prog_ifelse(MB_P, MB_L, MB_L, MB_Q, &cbr);
        struct pd_cfg c = base_cfg(pols[k], 32, 8, 32 * MB_W, all_b_fn, NULL);
        char name[64];
        snprintf(name, sizeof name, "policy.%s.merge_conflicts", pols[k]);
        c.stat_names[0] = name;
        struct pd_result r;
        RUN(p, &c, &r);
        CHECK(r.stat_values[0] == 0, "%s, no divergence: %llu merge conflicts", pols[k],
              (unsigned long long)r.stat_values[0]);
        /* divergent, lanes 0-7 to B in every warp: the 8-thread B fragments of the 4 warps
         * conflict (same lanes), as do the 24-thread C fragments, under dwf */
        struct mb_ctx m = {.cbr = cbr, .ws = 32, .pattern = 0};
        c.decide = mb_fn;
        c.ctx = &m;
        RUN(p, &c, &r);
        /* at most one per insertion of a split fragment: (1 + MB_L + 1) pcs on each of the
         * 2 paths of each warp */
        if (k == 0)
            CHECK(r.stat_values[0] > 0 && r.stat_values[0] <= 2 * MB_W * (MB_L + 2),
                  "dwf, same-lane split: %llu merge conflicts, expected 1..%d",
                  (unsigned long long)r.stat_values[0], 2 * MB_W * (MB_L + 2));
    }
}

/* --- properties over random structured programs ------------------------------------------- */

enum bkind { BK_RANDOM = 1, BK_LANE, BK_WARP, BK_LOOP };

struct gen {
    struct pb *b;
    uint64_t rng;
    uint32_t nf, ws;
    uint8_t kind[PB_MAX];
    uint32_t thr[PB_MAX];
    uint64_t seed;
};

static uint32_t rnd(struct gen *g, uint32_t n)
{
    g->rng ^= g->rng << 13;
    g->rng ^= g->rng >> 7;
    g->rng ^= g->rng << 17;
    return (uint32_t)(g->rng % n);
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return x;
}

static void gen_body(struct gen *g, uint32_t fn, int level, bool top)
{
    int n = 1 + (int)rnd(g, 4);
    for (int s = 0; s < n && g->b->ninsts < PB_MAX - 64; s++) {
        uint32_t k = rnd(g, 10);
        if (k <= 2 || level >= 3) {
            uint32_t m = 1 + rnd(g, 3);
            for (uint32_t i = 0; i < m; i++)
                pb_op(g->b, rnd(g, 2) ? SIMT_IC_INT : SIMT_IC_FP32);
        } else if (k <= 4) { /* if/else */
            uint32_t lt = pb_label(g->b), le = pb_label(g->b), lj = pb_label(g->b);
            uint32_t pc = pb_cbr(g->b, lt, le, lj);
            g->kind[pc] = (uint8_t)(BK_RANDOM + rnd(g, 3));
            g->thr[pc] = rnd(g, g->ws);
            pb_block(g->b, lt);
            gen_body(g, fn, level + 1, false);
            pb_br(g->b, lj);
            pb_block(g->b, le);
            gen_body(g, fn, level + 1, false);
            pb_br(g->b, lj);
            pb_block(g->b, lj);
            if (rnd(g, 2))
                pb_op(g->b, SIMT_IC_FREE);
        } else if (k == 5) { /* if-then */
            uint32_t lt = pb_label(g->b), lj = pb_label(g->b);
            uint32_t pc = pb_cbr(g->b, lt, lj, lj);
            g->kind[pc] = (uint8_t)(BK_RANDOM + rnd(g, 3));
            g->thr[pc] = rnd(g, g->ws);
            pb_block(g->b, lt);
            gen_body(g, fn, level + 1, false);
            pb_br(g->b, lj);
            pb_block(g->b, lj);
        } else if (k == 6 && level < 2) { /* do-while loop */
            uint32_t lh = pb_label(g->b), lx = pb_label(g->b);
            pb_br(g->b, lh);
            pb_block(g->b, lh);
            gen_body(g, fn, level + 1, false);
            uint32_t pc = pb_cbr(g->b, lh, lx, lx);
            g->kind[pc] = BK_LOOP;
            pb_block(g->b, lx);
        } else if (k == 7 && fn + 1 < g->nf) { /* call a later function */
            pb_call(g->b, fn + 1 + rnd(g, g->nf - fn - 1));
        } else if (k == 8 && top) {
            pb_op(g->b, SIMT_IC_BARRIER);
        } else if (k == 9 && rnd(g, 2)) {
            uint32_t pc = pb_op(g->b, rnd(g, 2) ? SIMT_IC_LOAD : SIMT_IC_STORE);
            g->b->insts[pc].mspace = SIMT_MS_GLOBAL;
            g->b->insts[pc].access_bytes = 4;
        } else {
            pb_op(g->b, SIMT_IC_SFU);
        }
    }
}

static const struct simt_program *gen_program(struct gen *g, uint64_t seed)
{
    memset(g->kind, 0, sizeof g->kind);
    g->rng = mix(seed + 1) | 1;
    g->seed = seed;
    g->b = &B;
    pb_init(&B);
    g->nf = 1 + rnd(g, 3);
    for (uint32_t f = 0; f < g->nf; f++) {
        pb_func(&B);
        pb_block(&B, ~0u);
        gen_body(g, f, f == 0 ? 0 : 1, f == 0);
        if (f == 0 && rnd(g, 2)) {
            pb_op(&B, SIMT_IC_BARRIER);
            gen_body(g, f, 0, true);
        }
        pb_op(&B, f == 0 ? SIMT_IC_EXIT : SIMT_IC_RET);
    }
    return pb_finish(&B);
}

static uint32_t gen_fn(void *ctx, uint32_t cta, uint32_t tid, uint32_t pc, uint32_t visit)
{
    const struct gen *g = ctx;
    uint64_t h = mix(g->seed * 1000003 + cta * 7919 + tid * 131 + pc * 17 + visit);
    switch (g->kind[pc]) {
    case BK_LOOP:
        return h % 3 ? 0 : 1; /* continue with probability 2/3 */
    case BK_LANE:
        return (tid % g->ws) < g->thr[pc] ? 0 : 1;
    case BK_WARP:
        return (tid / g->ws + visit) % 2;
    default:
        return (uint32_t)(h & 1);
    }
}

struct prop_run {
    const char *name;
    struct pd_result r;
};

static void t_properties(const char *which, uint32_t nseeds)
{
    unsigned np = simt_policy_count();
    struct prop_run *runs = calloc(np, sizeof *runs);
    struct gen *g = calloc(1, sizeof *g);
    if (!runs || !g) {
        failures++;
        free(runs);
        free(g);
        return;
    }
    double *sum = calloc(np, sizeof *sum);
    for (uint32_t seed = 1; seed <= nseeds && sum; seed++) {
        /* two geometries: GT200-like (32 threads, 8 lanes) and a narrow one (16, 4); CTAs
         * with a partial last warp */
        const uint32_t ws = seed % 2 ? 32 : 16, simd = ws / 4, cta = seed % 2 ? 72 : 40;
        g->ws = ws;
        const struct simt_program *p = gen_program(g, seed);
        int have = -1, pdom = -1, mimd = -1, serial = -1, stackless = -1;
        for (unsigned i = 0; i < np; i++) {
            const char *name = simt_policy_at(i)->name;
            runs[i].name = name;
            const char *only = getenv("PROP_ONLY"); /* debugging aid: one policy */
            if (only && strcmp(only, name) != 0 && strcmp(which, "bounds") != 0)
                continue;
            struct pd_cfg c = base_cfg(name, ws, simd, cta, gen_fn, g);
            c.nctas = 2;
            c.nschedulers = 2;
            c.check_banks = !strcmp(name, "pdom-hws") || strstr(name, "dwf") != NULL;
            if (!strcmp(which, "determinism") || !strcmp(which, "no_deadlock"))
                c.width = 1 + seed % 3; /* narrow issue: other interleavings */
            if (pd_run(p, &c, &runs[i].r) != 0) {
                fprintf(stderr, "seed %u: %s: %s\n", seed, name, runs[i].r.error);
                failures++;
                continue;
            }
            have = (int)i;
            if (!strcmp(which, "determinism")) {
                struct pd_result again;
                if (pd_run(p, &c, &again) != 0 || again.hash != runs[i].r.hash ||
                    again.groups != runs[i].r.groups) {
                    fprintf(stderr, "seed %u: %s: two runs differ\n", seed, name);
                    failures++;
                }
            }
            if (!strcmp(name, "pdom-hws"))
                pdom = (int)i;
            if (!strcmp(name, "mimd"))
                mimd = (int)i;
            if (!strcmp(name, "serial"))
                serial = (int)i;
            if (!strcmp(name, "stackless"))
                stackless = (int)i;
        }
        if (have < 0 || strcmp(which, "bounds") != 0)
            continue;
        if (mimd < 0 || pdom < 0 || serial < 0 || stackless < 0) {
            fprintf(stderr, "bounds need mimd, pdom-hws, serial, stackless\n");
            failures++;
            break;
        }
        double em = pd_efficiency(&runs[mimd].r, ws);
        for (unsigned i = 0; i < np; i++) {
            double e = pd_efficiency(&runs[i].r, ws);
            sum[i] += e;
            if (e > em + 1e-12) {
                fprintf(stderr, "seed %u: %s efficiency %.4f above mimd's %.4f\n", seed,
                        runs[i].name, e, em);
                failures++;
            }
            if (!strcmp(runs[i].name, "pdom") && pd_efficiency(&runs[serial].r, ws) > e + 1e-12) {
                fprintf(stderr, "seed %u: serial above pdom\n", seed);
                failures++;
            }
            if (!strcmp(runs[i].name, "pdom") &&
                pd_efficiency(&runs[stackless].r, ws) + 1e-12 < e) {
                fprintf(stderr, "seed %u: stackless below pdom\n", seed);
                failures++;
            }
        }
        double ep = pd_efficiency(&runs[pdom].r, ws);
        if (pd_efficiency(&runs[serial].r, ws) > ep + 1e-12) {
            fprintf(stderr, "seed %u: serial %.4f above PDOM %.4f\n", seed,
                    pd_efficiency(&runs[serial].r, ws), ep);
            failures++;
        }
        if (pd_efficiency(&runs[stackless].r, ws) + 1e-12 < ep) {
            fprintf(stderr, "seed %u: stackless %.4f below PDOM %.4f\n", seed,
                    pd_efficiency(&runs[stackless].r, ws), ep);
            failures++;
        }
    }
    if (!strcmp(which, "bounds") && sum)
        for (unsigned i = 0; i < np; i++)
            printf("%-11s mean SIMD efficiency over %u random programs: %.4f\n", runs[i].name,
                   nseeds, sum[i] / nseeds);
    free(sum);
    free(runs);
    free(g);
}

/* dwf.schedule: after a branch sending lanes 0-23 of two warps to B and 8-31 to C, with one
 * group issued per cycle, majority issues B (48 threads) first, minority C (16), pc the lower
 * pc (B), and every schedule runs random programs to completion. */
static void t_dwf_schedules(void)
{
    static const char *const sched[] = {"majority", "minority", "pc", "pdom", "oldest"};
    uint32_t cbr;
    const struct simt_program *p = prog_ifelse(1, 2, 2, 1, &cbr);
    struct set_decide sd = {0};
    for (uint32_t t = 0; t < 64; t++)
        if (t % 32 < 24)
            set_add(&sd, 0, cbr, t);
    for (int k = 0; k < 5; k++) {
        char set[64];
        snprintf(set, sizeof set, "dwf.schedule=%s", sched[k]);
        const char *sets[] = {set, NULL};
        struct pd_cfg c = base_cfg("dwf", 32, 8, 64, set_fn, &sd);
        c.sets = sets;
        c.width = 1;
        c.on_issue = log_issue;
        c.octx = &LOG;
        c.check_banks = true;
        struct pd_result r;
        LOG.n = 0;
        RUN(p, &c, &r);
        uint32_t first = 0;
        for (uint32_t i = 0; i < LOG.n; i++)
            if (LOG.e[i].pc > cbr) {
                first = LOG.e[i].pc;
                break;
            }
        if (k == 0 || k == 2)
            CHECK(first == cbr + 1, "%s: first after the branch: pc %u (B is %u)", sched[k], first,
                  cbr + 1);
        if (k == 1)
            CHECK(first == cbr + 4, "minority: first after the branch: pc %u (C is %u)", first,
                  cbr + 4);
    }
    struct gen *g = calloc(1, sizeof *g);
    if (!g) {
        failures++;
        return;
    }
    for (uint32_t seed = 1; seed <= 12; seed++)
        for (int k = 0; k < 5; k++) {
            g->ws = 32;
            const struct simt_program *q = gen_program(g, seed);
            char set[64];
            snprintf(set, sizeof set, "dwf.schedule=%s", sched[k]);
            const char *sets[] = {set, "dwf.merge_ctas=false", NULL};
            struct pd_cfg c = base_cfg(k % 2 ? "en-dwf-hws" : "dwf", 32, 8, 72, gen_fn, g);
            c.nctas = 2;
            c.sets = seed % 2 ? sets : NULL;
            c.check_banks = true;
            struct pd_result r;
            RUN(q, &c, &r);
        }
    free(g);
}

/* ukernel.release=schedule (seed 004 6.2.1, the delayed warp offered at a lowered priority
 * and released when it is picked): random structured programs (loops, calls, barriers, two
 * CTAs) complete with every thread-instruction issued once, for the model and for forced
 * spawning, and the delayed warps are released by being scheduled. */
static void t_ukernel_release_random(void)
{
    struct gen *g = calloc(1, sizeof *g);
    if (!g) {
        failures++;
        return;
    }
    uint64_t released = 0, delayed = 0;
    for (uint32_t seed = 1; seed <= 16; seed++)
        for (int k = 0; k < 2; k++) {
            g->ws = 32;
            const struct simt_program *q = gen_program(g, seed);
            const char *model[] = {"ukernel.release=schedule", "ukernel.spawn_overhead=1", NULL};
            const char *spawn[] = {"ukernel.release=schedule", "ukernel.decide=spawn", NULL};
            struct pd_cfg c = base_cfg("ukernel", 32, 8, 72, gen_fn, g);
            c.nctas = 2;
            c.sets = k ? spawn : model;
            c.stat_names[0] = "policy.ukernel.scheduled_releases";
            c.stat_names[1] = "policy.ukernel.delayed";
            c.stat_names[2] = "policy.ukernel.idle_releases";
            struct pd_result r;
            RUN(q, &c, &r);
            released += r.stat_values[0];
            delayed += r.stat_values[1];
            CHECK(r.stat_values[0] <= r.stat_values[1], "seed %u: %llu releases, %llu delays", seed,
                  (unsigned long long)r.stat_values[0], (unsigned long long)r.stat_values[1]);
        }
    free(g);
    printf("release=schedule: %llu delayed warps, %llu released by scheduling\n",
           (unsigned long long)delayed, (unsigned long long)released);
    CHECK(delayed > 0 && released > 0, "no delayed warp was released by scheduling (%llu, %llu)",
          (unsigned long long)delayed, (unsigned long long)released);
}

/* ukernel's idle_quiet (simt_policy.h): on random programs, in every release and decision mode
 * and with spawn latency (time-driven pool scans), every idle_quiet() that reports no change
 * must leave ready()'s answer exactly as the core holds it (pdriver check_quiet), and the
 * shortcut must actually be taken. */
static void t_ukernel_quiet(void)
{
    struct gen *g = calloc(1, sizeof *g);
    if (!g) {
        failures++;
        return;
    }
    static const char *const modes[][3] = {
        {"ukernel.spawn_overhead=1", NULL, NULL},
        {"ukernel.decide=spawn", "ukernel.spawn_latency=2", NULL},
        {"ukernel.decide=spawn", "ukernel.spawn_latency=7", NULL},
        {"ukernel.release=schedule", "ukernel.spawn_overhead=1", NULL},
        {"ukernel.max_delay=50", "ukernel.decide=spawn", NULL},
    };
    uint64_t quiet = 0;
    for (uint32_t seed = 1; seed <= 12; seed++)
        for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
            g->ws = 32;
            const struct simt_program *q = gen_program(g, seed);
            struct pd_cfg c = base_cfg("ukernel", 32, 8, 72, gen_fn, g);
            c.nctas = 2;
            c.width = 1;
            c.sets = modes[k];
            c.check_quiet = true;
            c.issue_every = 4; /* offered groups that do not issue: idle() while busy */
            struct pd_result r;
            RUN(q, &c, &r);
            quiet += r.quiet;
        }
    free(g);
    printf("ukernel idle_quiet: %llu idle calls changed nothing (answer checked)\n",
           (unsigned long long)quiet);
    CHECK(quiet > 0, "idle_quiet never reported an unchanged answer");
}

/* gentrace FILE SEED NCTA: a trace of random program SEED (warp 32, 96-thread CTAs) for the
 * whole-pipeline check of every policy (tests/policies/extra/CMakeLists.txt). */
static int t_gentrace(const char *path, uint64_t seed, uint32_t ncta)
{
    struct gen *g = calloc(1, sizeof *g);
    if (!g)
        return 1;
    g->ws = 32;
    const struct simt_program *p = gen_program(g, seed);
    simt_err e = simt_program_validate(p);
    struct simt_trace_meta meta = {.producer = "policy_extra_tests", .program = "random"};
    simt_trace_writer *w = NULL;
    if (!e)
        e = simt_trace_writer_open(path, &meta, &w);
    uint32_t k = 0, nt = 96;
    if (!e)
        e = simt_trace_writer_add_kernel(w, p, &k);
    struct simt_launch L = {.kernel = k, .grid = {ncta, 1, 1}, .block = {nt, 1, 1}, .ncta = ncta};
    if (!e)
        e = simt_trace_writer_begin_launch(w, &L);
    uint32_t *visits = calloc(p->ninsts, sizeof *visits);
    for (uint32_t c = 0; c < ncta && !e && visits; c++) {
        uint64_t count = 0;
        e = simt_trace_writer_begin_cta(w, nt);
        for (uint32_t t = 0; t < nt && !e; t++) {
            memset(visits, 0, p->ninsts * sizeof *visits);
            uint32_t stack[256], sp = 0;
            uint32_t pc = p->blocks[p->funcs[0].first_block].first_pc;
            for (;;) {
                const struct simt_sinst *in = &p->insts[pc];
                count += in->iclass != SIMT_IC_FREE;
                if (in->iclass == SIMT_IC_LOAD || in->iclass == SIMT_IC_STORE) {
                    uint64_t a = SIMT_WIN_GLOBAL_BASE + 4ull * (c * nt + t) + 65536ull * pc;
                    e = simt_trace_writer_mem(w, t, pc, a, 0, 4);
                } else if (in->iclass == SIMT_IC_BRANCH) {
                    const struct simt_sblock *bl = &p->blocks[in->block];
                    uint32_t succ = 0;
                    if (in->flags & SIMT_IF_COND) {
                        succ = gen_fn(g, c, t, pc, visits[pc]++) % bl->nsucc;
                        e = simt_trace_writer_branch(w, t, pc, succ);
                    }
                    pc = p->blocks[p->succs[bl->succ_first + succ]].first_pc;
                    if (e)
                        break;
                    continue;
                } else if (in->iclass == SIMT_IC_CALL) {
                    stack[sp++] = pc + 1;
                    pc = p->blocks[p->funcs[in->callee].first_block].first_pc;
                    continue;
                } else if (in->iclass == SIMT_IC_RET) {
                    pc = stack[--sp];
                    continue;
                } else if (in->iclass == SIMT_IC_EXIT) {
                    break;
                }
                if (e)
                    break;
                pc++;
            }
        }
        if (!e)
            e = simt_trace_writer_end_cta(w, count);
    }
    if (!visits && !e)
        e = SIMT_ERR_NOMEM;
    if (!e)
        e = simt_trace_writer_end_launch(w);
    if (!e)
        e = simt_trace_writer_close(w);
    else if (w)
        simt_trace_writer_abort(w);
    free(visits);
    free(g);
    if (e) {
        fprintf(stderr, "gentrace: %s: %s\n", simt_err_name(e), simt_errmsg());
        return 1;
    }
    return 0;
}

/* every policy is registered, in the fixed order, with a parameter table where it has one */
static void t_registered(void)
{
    static const char *const names[] = {"pdom-hws",  "dwf",     "en-dwf", "dwf-hws", "en-dwf-hws",
                                        "stackless", "ukernel", "mimd",   "serial"};
    int last = -1;
    for (int i = 0; i < 9; i++) {
        const struct simt_policy_ops *ops = simt_policy_find(names[i]);
        CHECK(ops && ops->create && ops->ready && ops->issued && ops->cta_start, "%s", names[i]);
        int at = -1;
        for (unsigned k = 0; k < simt_policy_count(); k++)
            if (simt_policy_at(k) == ops)
                at = (int)k;
        CHECK(at > last, "%s out of order", names[i]);
        last = at;
    }
    CHECK(simt_policy_find("ukernel")->idle != NULL, "ukernel needs the idle hook");
}

int main(int argc, char **argv)
{
    if (argc == 5 && !strcmp(argv[1], "gentrace"))
        return t_gentrace(argv[2], strtoull(argv[3], NULL, 10),
                          (uint32_t)strtoul(argv[4], NULL, 10));
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: %s CASE [SEEDS]\n", argv[0]);
        return 2;
    }
    const char *c = argv[1];
    uint32_t seeds = argc == 3 ? (uint32_t)strtoul(argv[2], NULL, 10) : 0;
    if (!strcmp(c, "registered"))
        t_registered();
    else if (!strcmp(c, "jin_fig4_1"))
        t_jin_fig4_1();
    else if (!strcmp(c, "jin_fig4_3_squeeze"))
        t_jin_fig4_3();
    else if (!strcmp(c, "jin_fig4_5"))
        t_jin_fig4_5();
    else if (!strcmp(c, "jin_fig4_6"))
        t_jin_fig4_6();
    else if (!strcmp(c, "hws_sync"))
        t_hws_sync();
    else if (!strcmp(c, "schedules"))
        t_dwf_schedules();
    else if (!strcmp(c, "conflicts"))
        t_dwf_conflicts();
    else if (!strcmp(c, "collange_table2"))
        t_collange_table2();
    else if (!strcmp(c, "collange_listing1"))
        t_collange_listing1();
    else if (!strcmp(c, "fig6_1"))
        t_ukernel_fig61();
    else if (!strcmp(c, "lut_full"))
        t_ukernel_lut_full();
    else if (!strcmp(c, "release_random"))
        t_ukernel_release_random();
    else if (!strcmp(c, "quiet"))
        t_ukernel_quiet();
    else if (!strncmp(c, "microbench:", 11))
        t_microbench(c + 11);
    else if (!strcmp(c, "conservation"))
        t_properties("conservation", seeds ? seeds : 40);
    else if (!strcmp(c, "determinism"))
        t_properties("determinism", seeds ? seeds : 15);
    else if (!strcmp(c, "no_deadlock"))
        t_properties("no_deadlock", seeds ? seeds : 40);
    else if (!strcmp(c, "bounds"))
        t_properties("bounds", seeds ? seeds : 60);
    else {
        fprintf(stderr, "unknown case %s\n", c);
        return 2;
    }
    if (failures) {
        fprintf(stderr, "%s: %d failure(s)\n", c, failures);
        return 1;
    }
    printf("%s: ok\n", c);
    return 0;
}
