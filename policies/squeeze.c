/*
 * squeeze.c - squeeze, quarter-warp scaling and en-DWF conflict resolution (squeeze.h),
 * following seed 000 (Jin) appendices A, B and C, generalised from 4 quarters of 8 lanes to
 * ws / simd quarters of simd lanes.
 *
 * Departure from the printed appendix A, on purpose: the printed code tests the holes and the
 * donors on the *original* warp (tid_original) and indexes the sorted counts by quarter id.
 * Read literally, a donor emptied earlier would "fill" a hole with -1 and stop the scan, and a
 * quarter emptied by donating would never be refilled. The text of section 4.1 and Fig. 4.2
 * describe the intended algorithm (fill holes with threads that are still there), which is
 * what this code does: holes and donors are read from the warp being squeezed.
 */
#include <stdlib.h>
#include <string.h>

#include "reconv.h"
#include "squeeze.h"
#include "simt_config.h"

#define SQ_MAXQ 64

/* the lanes of one quarter as a bit mask (simd <= 64) */
static uint64_t lane_full(uint32_t simd)
{
    return simd >= 64 ? ~0ull : (1ull << simd) - 1;
}

/* occupancy of quarter q as a lane mask */
static uint64_t quarter_mask(const int32_t *occ, uint32_t q, uint32_t simd)
{
    uint64_t m = 0;
    for (uint32_t l = 0; l < simd; l++)
        m |= (uint64_t)(occ[q * simd + l] >= 0) << l;
    return m;
}

uint32_t squeeze(int32_t *occ, uint32_t ws, uint32_t simd)
{
    uint64_t mask = 0;
    if (ws <= 64 && simd)
        for (uint32_t q = 0; q < ws / simd; q++)
            mask |= quarter_mask(occ, q, simd) << (q * simd);
    return squeeze_m(occ, mask, ws, simd);
}

uint32_t squeeze_m(int32_t *occ, uint64_t mask, uint32_t ws, uint32_t simd)
{
    uint32_t nq = simd ? ws / simd : 0;
    if (nq <= 1 || nq > SQ_MAXQ || simd > 64 || ws > 64)
        return 0;
    uint32_t count[SQ_MAXQ], flag[SQ_MAXQ];
    uint64_t qm[SQ_MAXQ]; /* lanes held in each quarter, kept current while moving */
    uint32_t nonempty = 0;
    const uint64_t full = lane_full(simd);
    for (uint32_t q = 0; q < nq; q++) {
        qm[q] = (mask >> (q * simd)) & full;
        count[q] = (uint32_t)popcount64(qm[q]);
        flag[q] = q;
        nonempty += count[q] > 0;
    }
    if (nonempty <= 1)
        return 0; /* nothing to donate (every recipient hole would look at empty donors) */
    /* appendix A's exchange sort, descending by count (ties keep the seed's order) */
    for (uint32_t i = 0; i + 1 < nq; i++)
        for (uint32_t j = i + 1; j < nq; j++)
            if (count[i] < count[j]) {
                uint32_t tc = count[i], tf = flag[i];
                count[i] = count[j];
                flag[i] = flag[j];
                count[j] = tc;
                flag[j] = tf;
            }
    uint32_t moves = 0;
    /* recipients #0 .. #nq-2, each fed from the emptiest quarter upwards. Lanes never interact
     * and each hole of a recipient takes at most one thread, so filling all of a recipient's
     * holes donor by donor (emptiest first) makes the same moves as the seed's lane-by-lane
     * scan. */
    for (uint32_t i = 0; i + 1 < nq; i++) {
        uint32_t r = flag[i];
        uint64_t holes = ~qm[r] & full;
        for (uint32_t k = nq - 1; k > i && holes; k--) {
            uint32_t d = flag[k];
            uint64_t take = holes & qm[d];
            if (!take)
                continue;
            holes &= ~take;
            qm[r] |= take;
            qm[d] &= ~take;
            moves += (uint32_t)popcount64(take);
            for (uint64_t t = take; t; t &= t - 1) {
                uint32_t l = (uint32_t)__builtin_ctzll(t);
                occ[r * simd + l] = occ[d * simd + l];
                occ[d * simd + l] = -1;
            }
        }
    }
    return moves;
}

uint32_t squeeze_quarters(const int32_t *occ, uint32_t ws, uint32_t simd)
{
    uint32_t nq = ws / simd, used = 0;
    for (uint32_t q = 0; q < nq; q++)
        for (uint32_t l = 0; l < simd; l++)
            if (occ[q * simd + l] >= 0) {
                used++;
                break;
            }
    return used;
}

uint32_t dwf_conflicts(const int32_t *male, const int32_t *female, uint32_t ws)
{
    uint32_t c = 0;
    for (uint32_t p = 0; p < ws; p++)
        c += male[p] >= 0 && female[p] >= 0;
    return c;
}

bool endwf_resolve(int32_t *male, const int32_t *female, uint32_t ws, uint32_t simd,
                   uint32_t *moves)
{
    int32_t m[64];
    uint32_t nq = ws / simd, mv = 0;
    *moves = 0;
    if (ws > 64)
        return false;
    memcpy(m, male, ws * sizeof m[0]);
    for (uint32_t l = 0; l < simd; l++) {   /* each lane separately */
        for (uint32_t j = 0; j < nq; j++) { /* each position of the lane */
            uint32_t test = j * simd + l;
            if (!(female[test] >= 0 && m[test] >= 0))
                continue; /* only conflict positions */
            for (uint32_t k = 0; k < nq; k++) {
                uint32_t scan = k * simd + l;
                if (k == j || female[scan] >= 0 || m[scan] >= 0)
                    continue;
                m[scan] = m[test];
                m[test] = -1;
                mv++;
                break;
            }
        }
    }
    if (dwf_conflicts(m, female, ws) != 0)
        return false;
    memcpy(male, m, ws * sizeof m[0]);
    *moves = mv;
    return true;
}

simt_err hws_sync_create(const struct simt_config *config, uint32_t nsms, void **shared)
{
    /* Without hws.sync_sms nothing is shared: no object, so that the core may simulate the
     * SMs one after another (a shared object forces lockstep, which cost pdom-hws up to 2x
     * its time in host cache misses on the 28-SM gt200-jin, with no effect on results). */
    *shared = NULL;
    if (!simt_config_bool(config, "hws.sync_sms"))
        return SIMT_ERR_OK;
    struct hws_sync *sh = calloc(1, sizeof *sh + (size_t)(nsms ? nsms : 1) * sizeof(uint32_t));
    if (!sh)
        return simt_seterr(SIMT_ERR_NOMEM, "hws.sync_sms: shared state for %u SMs", nsms);
    sh->nsms = nsms;
    *shared = sh;
    return SIMT_ERR_OK;
}

void hws_sync_destroy(void *shared)
{
    free(shared);
}

uint32_t hws_sync_publish(struct hws_sync *sh, uint32_t sm, uint32_t q)
{
    if (!sh || sm >= sh->nsms)
        return q;
    sh->q[sm] = q;
    uint32_t all = 0;
    for (uint32_t s = 0; s < sh->nsms; s++)
        if (sh->q[s] > all)
            all = sh->q[s];
    return all;
}
