/*
 * simt_stats.h - the statistics registry. Every counter and histogram is registered
 * once, with a name and a description, and updated on the hot path through the
 * pointer that registration returns (never by name). Output: one JSON tree
 * (--stats-json; no wall-clock figures, so two runs compare equal) and a short
 * human summary.
 *
 * Names are dotted paths; the JSON nests on the dots: "policy.dwf.merges" ->
 * {"policy": {"dwf": {"merges": N}}}. Registering an existing name returns the same
 * storage, so every SM's instance of a component can share one counter.
 */
#ifndef SIMT_STATS_H
#define SIMT_STATS_H

#include <stdint.h>

#include "simt_error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct simt_stats simt_stats;

/*! simt_stats_counter() : a 64-bit counter, zero at registration. NULL only when out of
 *  memory (the registry then records the error for simt_stats_check()). */
uint64_t *simt_stats_counter(simt_stats *s, const char *name, const char *desc);

/*! simt_stats_histogram() : `nbins` counters (bin i counts value i; larger values go to
 *  the last bin). Returns the bins array. */
uint64_t *simt_stats_histogram(simt_stats *s, const char *name, const char *desc,
                               uint32_t nbins);

/*! simt_stats_check() : SIMT_ERR_OK unless a registration failed. */
simt_err simt_stats_check(const simt_stats *s);

#ifdef __cplusplus
}
#endif
#endif
