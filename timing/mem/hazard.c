/* hazard.c - MSHR trackers and hit/miss predictors (contract in hazard.h; seed 003 ch. 6). */
#include "hazard.h"

#include <stdlib.h>

void simt_tracker_init(struct simt_tracker *t, enum simt_tracker_kind kind, uint32_t mshrs)
{
    t->kind = kind;
    t->mshrs = mshrs;
    t->credits = mshrs;
    t->st = (struct simt_tracker_stats){0};
}

int simt_tracker_may_issue(struct simt_tracker *t, int predicted_miss, uint32_t free_mshrs)
{
    int ok = 1;
    if (predicted_miss) {
        if (t->kind == SIMT_TRACKER_NAIVE)
            ok = free_mshrs > 0;
        else if (t->kind == SIMT_TRACKER_CREDIT)
            ok = t->credits > 0;
    }
    if (!ok)
        t->st.restricted++;
    return ok;
}

uint32_t simt_tracker_on_issue(struct simt_tracker *t, int predicted_miss)
{
    if (t->kind != SIMT_TRACKER_CREDIT || !predicted_miss)
        return 0;
    t->credits--;
    t->st.credits_taken++;
    return 1;
}

void simt_tracker_on_mem(struct simt_tracker *t, uint32_t held, uint32_t mshrs_acquired)
{
    if (t->kind != SIMT_TRACKER_CREDIT)
        return;
    if (mshrs_acquired < held) {
        t->credits += held - mshrs_acquired;
        t->st.credits_returned += held - mshrs_acquired;
    } else if (mshrs_acquired > held) {
        t->credits -= mshrs_acquired - held; /* virtual credits (seed 003 6.0.1) */
        t->st.virtual_credits += mshrs_acquired - held;
    }
}

void simt_tracker_on_mshr_free(struct simt_tracker *t)
{
    if (t->kind == SIMT_TRACKER_CREDIT)
        t->credits++;
}

struct simt_predictor {
    enum simt_pred_kind kind;
    uint32_t mask, max, threshold;
    uint8_t *ctr;
    struct simt_pred_stats st;
};

simt_err simt_predictor_create(enum simt_pred_kind kind, uint32_t entries, uint32_t bits,
                               simt_predictor **out)
{
    *out = NULL;
    SIMT_RETURN_IF(kind > SIMT_PRED_ORACLE, SIMT_ERR_CONFIG, "hazard.predictor: unknown kind %d",
                   (int)kind);
    SIMT_RETURN_IF(!entries || (entries & (entries - 1)) || entries > (1u << 24), SIMT_ERR_CONFIG,
                   "hazard.predictor_entries = %u: must be a power of two 1..16777216", entries);
    SIMT_RETURN_IF(bits < 1 || bits > 8, SIMT_ERR_CONFIG,
                   "hazard.predictor_bits = %u: must be 1..8", bits);
    simt_predictor *p = calloc(1, sizeof *p);
    if (!p)
        return simt_seterr(SIMT_ERR_NOMEM, "predictor: out of memory");
    p->kind = kind;
    p->mask = entries - 1;
    p->max = (1u << bits) - 1;
    p->threshold = 1u << (bits - 1);
    if (kind == SIMT_PRED_SATURATING) {
        p->ctr = malloc(entries);
        if (!p->ctr) {
            free(p);
            return simt_seterr(SIMT_ERR_NOMEM, "predictor: out of memory");
        }
        for (uint32_t i = 0; i < entries; i++)
            p->ctr[i] = (uint8_t)(p->threshold - 1);
    }
    *out = p;
    return SIMT_ERR_OK;
}

void simt_predictor_free(simt_predictor *p)
{
    if (!p)
        return;
    free(p->ctr);
    free(p);
}

static uint32_t pc_index(const simt_predictor *p, uint32_t pc)
{
    return (pc ^ (pc >> 13)) & p->mask;
}

int simt_predict_miss(const simt_predictor *p, uint32_t pc, int known_miss, int oracle_miss)
{
    if (known_miss)
        return 1;
    switch (p->kind) {
    case SIMT_PRED_HIT:
        return 0;
    case SIMT_PRED_MISS:
        return 1;
    case SIMT_PRED_SATURATING:
        return p->ctr[pc_index(p, pc)] >= p->threshold;
    case SIMT_PRED_ORACLE:
        return oracle_miss != 0;
    }
    return 0;
}

void simt_predictor_update(simt_predictor *p, uint32_t pc, int predicted, int missed)
{
    if (predicted && missed)
        p->st.ptt++;
    else if (predicted)
        p->st.ptf++;
    else if (missed)
        p->st.pft++;
    else
        p->st.pff++;
    if (p->kind != SIMT_PRED_SATURATING)
        return;
    uint8_t *c = &p->ctr[pc_index(p, pc)];
    if (missed && *c < p->max)
        (*c)++;
    else if (!missed && *c > 0)
        (*c)--;
}

const struct simt_pred_stats *simt_predictor_stats(const simt_predictor *p)
{
    return &p->st;
}
