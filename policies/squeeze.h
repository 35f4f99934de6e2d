/*
 * squeeze.h - the hybrid-warp-size building blocks of seed 000 (Jin), chapter 4: the
 * lane-aware squeeze algorithm (4.1, Fig. 4.2/4.3, appendix A), quarter-warp scaling (4.2,
 * appendix C) and the en-DWF lane-conflict resolution (4.4, Fig. 4.5, appendix B).
 * Internal to policies/.
 *
 * A warp is `ws` positions in nq = ws / simd quarter-warps ("quarters") of `simd` lanes:
 * position q * simd + l is lane l of quarter q, and lane l reads register bank l. occ[pos]
 * holds an occupant id (>= 0) or -1 for a hole. Every operation keeps each occupant in its
 * lane (bank), so no register-bank conflict is ever created.
 */
#ifndef SIMT_SQUEEZE_H
#define SIMT_SQUEEZE_H

#include <stdbool.h>
#include <stdint.h>

#include "simt_error.h"

/*! squeeze() : appendix A on occ[0..ws): sort the quarters by occupancy (descending, the
 *  seed's exchange sort), then fill the holes of quarter #0 from #3, #2, #1, of #1 from #3, #2,
 *  of #2 from #3 (generalised to nq quarters), same lane only. Returns the moves made. */
uint32_t squeeze(int32_t *occ, uint32_t ws, uint32_t simd);

/*! squeeze_m() : squeeze() for a caller that already holds occ's occupancy as a mask (bit p
 *  set exactly when occ[p] >= 0; ws <= 64): the same moves without reading occ to find it. */
uint32_t squeeze_m(int32_t *occ, uint64_t mask, uint32_t ws, uint32_t simd);

/*! squeeze_quarters() : appendix C: the number of quarters holding at least one occupant,
 *  i.e. the cycles the warp occupies a `simd`-wide unit. */
uint32_t squeeze_quarters(const int32_t *occ, uint32_t ws, uint32_t simd);

/*! endwf_resolve() : appendix B: moves the male warp's occupants out of positions the female
 *  also holds, into a position of the same lane free in both. Returns true when no conflict is
 *  left (the warps can merge); `male` is modified only then. *moves gets the moves made. */
bool endwf_resolve(int32_t *male, const int32_t *female, uint32_t ws, uint32_t simd,
                   uint32_t *moves);

/*! dwf_conflicts() : positions held in both warps (plain DWF merges only when 0). */
uint32_t dwf_conflicts(const int32_t *male, const int32_t *female, uint32_t ws);

/* hws.sync_sms (4.2 step 3, appendix C): every SM publishes the largest quarter count among
 * its standby groups, and every group issues for the largest published by any SM. One object
 * shared by all SMs of a run (simt_policy_ops.shared_create / shared_destroy); none (NULL)
 * when hws.sync_sms is off. */
struct hws_sync {
    uint32_t nsms;
    uint32_t q[]; /* per SM: the largest quarter count it published */
};
struct simt_config;
simt_err hws_sync_create(const struct simt_config *config, uint32_t nsms, void **shared);
void hws_sync_destroy(void *shared);
/*! hws_sync_publish() : SM `sm` publishes q; returns the largest over all SMs (q itself if
 *  sh is NULL or sm is out of range). */
uint32_t hws_sync_publish(struct hws_sync *sh, uint32_t sm, uint32_t q);

#endif
