/*
 * clock.h - deterministic fractional clocking of several clock domains (seed 003 Table 4.2:
 * core 700 MHz, interconnect + L2 1400 MHz, DRAM 1800 MHz).
 *
 * Edge k of domain d happens at time k / f_d (exact rational time; edge 0 of every domain
 * at time 0). simt_clocks_next() returns the domain with the earliest pending edge, ties
 * going to the lower domain index, and consumes that edge. Comparisons are done by cross
 * multiplication in integers, so there is no drift and runs are bit-identical.
 */
#ifndef SIMT_MEM_CLOCK_H
#define SIMT_MEM_CLOCK_H

#include <stdint.h>

#include "simt_error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_CLOCK_MAX_DOMAINS 8

#define SIMT_CLOCK_PATTERN_MAX 4096

struct simt_clocks {
    uint32_t n;
    uint32_t freq[SIMT_CLOCK_MAX_DOMAINS];  /* MHz (any common unit) */
    uint64_t edges[SIMT_CLOCK_MAX_DOMAINS]; /* edges consumed so far */
    /* The order of edges repeats every 1 / gcd(freq) (edge 0 of every domain coincides
     * there, ties go to the lower index as at time 0): when that period holds at most
     * SIMT_CLOCK_PATTERN_MAX edges, pattern[] lists its domains and `pos` (edges consumed
     * mod plen) indexes the next one, so peek/next cost no multiplication. plen 0: none. */
    uint32_t plen, pos;
    uint8_t pattern[SIMT_CLOCK_PATTERN_MAX];
};

/*! simt_clocks_init() : `n` domains with the given frequencies (each 1..1e9, any common unit: the
 * hierarchy passes kHz). SIMT_ERR_CONFIG naming the domain if out of range. */
simt_err simt_clocks_init(struct simt_clocks *c, uint32_t n, const uint32_t *freq_mhz);
/*! simt_clocks_peek() : the domain whose edge comes next (not consumed). */
uint32_t simt_clocks_peek(const struct simt_clocks *c);
/*! simt_clocks_next() : like peek, and consumes the edge. */
uint32_t simt_clocks_next(struct simt_clocks *c);

/*! simt_clocks_peek_inline() / simt_clocks_consume() : the same as simt_clocks_peek() and
 *  simt_clocks_next() (consume the domain peek returned), inline for per-edge loops. */
static inline uint32_t simt_clocks_peek_inline(const struct simt_clocks *c)
{
    return c->plen ? c->pattern[c->pos] : simt_clocks_peek(c);
}
static inline void simt_clocks_consume(struct simt_clocks *c, uint32_t d)
{
    c->edges[d]++;
    if (c->plen && ++c->pos == c->plen)
        c->pos = 0;
}

/*! simt_clocks_jump() : skips idle time: domain 0 is set to `edges0` consumed edges and every
 *  other domain to the edges strictly before domain 0's edge number `edges0` (exactly where
 *  stepping with simt_clocks_next() would leave them). Returns nothing; `edges0` must not be
 *  below the current count. */
void simt_clocks_jump(struct simt_clocks *c, uint64_t edges0);

#ifdef __cplusplus
}
#endif
#endif
