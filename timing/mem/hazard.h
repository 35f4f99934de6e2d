/*
 * hazard.h - MSHR hazard prediction (seed 003 chapter 6): trackers decide whether an
 * instruction predicted to need an MSHR may issue; predictors say whether a load will
 * miss in the L1 (and so need an MSHR). The warp-buffer side (which instruction holds a
 * credit, what replayed for which hazard) belongs to the SM core; these components keep
 * the state the seed places at the issue stage and in the shared predictor table.
 *
 * Trackers (6.0.1):
 *   none   - never restricts issue.
 *   naive  - issue a predicted-miss load only if an MSHR is free now (read without delay).
 *   credit - the issue stage holds `credits` (initially = MSHRs). A predicted-miss load
 *            issues only with a credit and takes it. In the memory stage a load with a
 *            credit that acquires no MSHR (hit, merge, or hazard) returns it; a load that
 *            acquires MSHRs beyond the credits it holds takes a virtual credit for each,
 *            which may drive the count negative. Every freed MSHR returns one credit. So
 *            credits + credits held by in-flight loads + MSHRs in use = MSHRs, always.
 * Predictors (6.1): a load known to miss (it replayed after an MSHR, COMQ or RSV hazard)
 *   is predicted to miss whatever the predictor; otherwise
 *   hit        - predict hit;
 *   miss       - predict miss;
 *   saturating - a table of n-bit saturating counters indexed by load PC, shared by all
 *                cores (one instance per GPU) with instant update; predict miss when the
 *                counter is in its upper half; a miss increments, a hit decrements;
 *   oracle     - the caller probes the L1 at issue (simt_memsys_oracle_miss()).
 */
#ifndef SIMT_MEM_HAZARD_H
#define SIMT_MEM_HAZARD_H

#include <stdint.h>

#include "simt_error.h"

#ifdef __cplusplus
extern "C" {
#endif

enum simt_tracker_kind { SIMT_TRACKER_NONE = 0, SIMT_TRACKER_NAIVE = 1, SIMT_TRACKER_CREDIT = 2 };

struct simt_tracker_stats {
    uint64_t restricted;       /* issue attempts refused */
    uint64_t credits_taken;    /* real credits handed out at issue */
    uint64_t credits_returned; /* returned unused by the memory stage */
    uint64_t virtual_credits;  /* MSHRs acquired without a credit */
};

struct simt_tracker {
    enum simt_tracker_kind kind;
    int64_t credits; /* credit tracker: may be negative after virtual credits */
    uint32_t mshrs;
    struct simt_tracker_stats st;
};

/*! simt_tracker_init() : a tracker for a core with `mshrs` L1 MSHRs. */
void simt_tracker_init(struct simt_tracker *t, enum simt_tracker_kind kind, uint32_t mshrs);
/*! simt_tracker_may_issue() : 1 if an instruction with this prediction may issue now;
 *  `free_mshrs` is the number of free L1 MSHRs now (the naive tracker reads it). Counts a
 *  refusal in `restricted`. */
int simt_tracker_may_issue(struct simt_tracker *t, int predicted_miss, uint32_t free_mshrs);
/*! simt_tracker_on_issue() : the instruction issued; returns the credits it now holds
 *  (1 for a predicted miss under the credit tracker, else 0). */
uint32_t simt_tracker_on_issue(struct simt_tracker *t, int predicted_miss);
/*! simt_tracker_on_mem() : the memory stage finished an attempt of an instruction holding
 *  `held` credits, which acquired `mshrs_acquired` MSHRs. */
void simt_tracker_on_mem(struct simt_tracker *t, uint32_t held, uint32_t mshrs_acquired);
/*! simt_tracker_on_mshr_free() : an MSHR was freed (its fill returned). */
void simt_tracker_on_mshr_free(struct simt_tracker *t);

enum simt_pred_kind {
    SIMT_PRED_HIT = 0,
    SIMT_PRED_MISS = 1,
    SIMT_PRED_SATURATING = 2,
    SIMT_PRED_ORACLE = 3
};

struct simt_pred_stats {
    uint64_t ptt, ptf, pft, pff; /* seed 003 Table 7.1: predicted miss? x missed? */
};

typedef struct simt_predictor simt_predictor;

/*! simt_predictor_create() : `entries` counters (power of two) of `bits` bits (1..8),
 *  initialised to the weakly-hit value (2^(bits-1) - 1). */
simt_err simt_predictor_create(enum simt_pred_kind kind, uint32_t entries, uint32_t bits,
                               simt_predictor **out);
void simt_predictor_free(simt_predictor *p);
/*! simt_predict_miss() : 1 if the load at `pc` is predicted to miss. `known_miss`: it
 *  replayed after an MSHR/COMQ/RSV hazard. `oracle_miss`: the oracle's probe result
 *  (ignored by other kinds). */
int simt_predict_miss(const simt_predictor *p, uint32_t pc, int known_miss, int oracle_miss);
/*! simt_predictor_update() : the load at `pc`, predicted `predicted`, did (1) or did not
 *  (0) miss in the L1. Trains the table and counts accuracy. */
void simt_predictor_update(simt_predictor *p, uint32_t pc, int predicted, int missed);
const struct simt_pred_stats *simt_predictor_stats(const simt_predictor *p);

#ifdef __cplusplus
}
#endif
#endif
