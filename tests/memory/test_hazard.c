/* timing.mem.hazard.* : MSHR trackers (naive, credit with virtual credits) and hit/miss
 * predictors (seed 003 chapter 6). Expectations by hand. */
#include <string.h>

#include "hazard.h"
#include "mem_test.h"

static void test_credit(void)
{
    struct simt_tracker t;
    simt_tracker_init(&t, SIMT_TRACKER_CREDIT, 2);
    uint32_t inuse = 0, held = 0; /* invariant: credits + held + MSHRs in use = 2 */
#define INV() CHECK_EQ(t.credits + (int64_t)held + (int64_t)inuse, 2)
    /* two predicted-miss loads take both credits; a third is refused */
    CHECK(simt_tracker_may_issue(&t, 1, 2));
    uint32_t a = simt_tracker_on_issue(&t, 1);
    CHECK(simt_tracker_may_issue(&t, 1, 2));
    uint32_t b = simt_tracker_on_issue(&t, 1);
    held = a + b;
    CHECK_EQ(held, 2);
    CHECK_EQ(t.credits, 0);
    CHECK(!simt_tracker_may_issue(&t, 1, 2));
    CHECK_EQ(t.st.restricted, 1);
    /* a predicted-hit load is never restricted and holds no credit */
    CHECK(simt_tracker_may_issue(&t, 0, 0));
    CHECK_EQ(simt_tracker_on_issue(&t, 0), 0);
    INV();
    /* load a hits: its credit comes back */
    simt_tracker_on_mem(&t, a, 0);
    held -= a;
    CHECK_EQ(t.credits, 1);
    INV();
    /* load b misses and takes an MSHR: the credit stays with the MSHR */
    simt_tracker_on_mem(&t, b, 1);
    held -= b;
    inuse++;
    CHECK_EQ(t.credits, 1);
    INV();
    /* an unpredicted load (no credit) takes the last MSHR: virtual credit */
    simt_tracker_on_mem(&t, 0, 1);
    inuse++;
    CHECK_EQ(t.credits, 0);
    CHECK_EQ(t.st.virtual_credits, 1);
    INV();
    /* a predicted load issued earlier with a credit would now drive it negative: issue one
     * while credits = 1, then an unpredicted load steals the MSHR */
    simt_tracker_on_mshr_free(&t);
    inuse--;
    CHECK_EQ(t.credits, 1);
    uint32_t c = simt_tracker_on_issue(&t, 1);
    held += c;
    simt_tracker_on_mem(&t, 0, 1); /* stolen */
    inuse++;
    CHECK_EQ(t.credits, -1);
    INV();
    simt_tracker_on_mem(&t, c, 0); /* c finds no MSHR (hazard): returns its credit */
    held -= c;
    CHECK_EQ(t.credits, 0);
    INV();
    simt_tracker_on_mshr_free(&t);
    simt_tracker_on_mshr_free(&t);
    inuse -= 2;
    CHECK_EQ(t.credits, 2);
    INV();
    /* an instruction needing 3 MSHRs with one credit: two virtual credits */
    c = simt_tracker_on_issue(&t, 1);
    simt_tracker_on_mem(&t, c, 3);
    CHECK_EQ(t.credits, -1);
#undef INV
}

static void test_naive(void)
{
    struct simt_tracker t;
    simt_tracker_init(&t, SIMT_TRACKER_NAIVE, 4);
    CHECK(!simt_tracker_may_issue(&t, 1, 0));
    CHECK(simt_tracker_may_issue(&t, 1, 1));
    CHECK(simt_tracker_may_issue(&t, 0, 0));
    CHECK_EQ(simt_tracker_on_issue(&t, 1), 0);
    simt_tracker_init(&t, SIMT_TRACKER_NONE, 4);
    CHECK(simt_tracker_may_issue(&t, 1, 0));
}

static void test_predictors(void)
{
    simt_predictor *p;
    CHECK_OK(simt_predictor_create(SIMT_PRED_SATURATING, 256, 2, &p));
    /* 2-bit counters start at 1 (weakly hit); >= 2 predicts miss */
    CHECK_EQ(simt_predict_miss(p, 10, 0, 0), 0);
    simt_predictor_update(p, 10, 0, 1); /* 2 */
    CHECK_EQ(simt_predict_miss(p, 10, 0, 0), 1);
    simt_predictor_update(p, 10, 1, 1); /* 3 */
    simt_predictor_update(p, 10, 1, 1); /* saturates at 3 */
    simt_predictor_update(p, 10, 1, 0); /* 2 */
    CHECK_EQ(simt_predict_miss(p, 10, 0, 0), 1);
    simt_predictor_update(p, 10, 1, 0); /* 1 */
    CHECK_EQ(simt_predict_miss(p, 10, 0, 0), 0);
    CHECK_EQ(simt_predict_miss(p, 11, 0, 0), 0); /* other PC untouched */
    CHECK_EQ(simt_predict_miss(p, 11, 1, 0), 1); /* known miss overrides */
    const struct simt_pred_stats *s = simt_predictor_stats(p);
    CHECK_EQ(s->pft, 1); /* predicted hit, missed */
    CHECK_EQ(s->ptt, 2);
    CHECK_EQ(s->ptf, 2);
    CHECK_EQ(s->pff, 0);
    simt_predictor_free(p);
    CHECK_OK(simt_predictor_create(SIMT_PRED_HIT, 1, 2, &p));
    CHECK_EQ(simt_predict_miss(p, 1, 0, 1), 0);
    CHECK_EQ(simt_predict_miss(p, 1, 1, 0), 1);
    simt_predictor_free(p);
    CHECK_OK(simt_predictor_create(SIMT_PRED_MISS, 1, 2, &p));
    CHECK_EQ(simt_predict_miss(p, 1, 0, 0), 1);
    simt_predictor_free(p);
    CHECK_OK(simt_predictor_create(SIMT_PRED_ORACLE, 1, 2, &p));
    CHECK_EQ(simt_predict_miss(p, 1, 0, 1), 1);
    CHECK_EQ(simt_predict_miss(p, 1, 0, 0), 0);
    simt_predictor_free(p);
    CHECK(simt_predictor_create(SIMT_PRED_SATURATING, 100, 2, &p) == SIMT_ERR_CONFIG);
}

int main(int argc, char **argv)
{
    const char *w = argc > 1 ? argv[1] : "all";
    int all = !strcmp(w, "all");
    if (all || !strcmp(w, "credit"))
        test_credit();
    if (all || !strcmp(w, "naive"))
        test_naive();
    if (all || !strcmp(w, "predictors"))
        test_predictors();
    TEST_DONE();
}
