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

#include <stddef.h>
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
uint64_t *simt_stats_histogram(simt_stats *s, const char *name, const char *desc, uint32_t nbins);

/*! simt_stats_check() : SIMT_ERR_OK unless a registration failed. */
simt_err simt_stats_check(const simt_stats *s);

/* --- additions by the timing core (additive) ------------------------------------------------ */

struct cJSON;

/*! simt_stats_create() : an empty registry. simt_stats_free(NULL) is a no-op. */
simt_err simt_stats_create(simt_stats **out);
void simt_stats_free(simt_stats *s);

/*! simt_stats_find() : the storage of a registered counter or histogram (NULL if none);
 *  *nbins (if not NULL) gets 0 for a counter, else the number of bins. Not for hot paths. */
uint64_t *simt_stats_find(const simt_stats *s, const char *name, uint32_t *nbins);

/*! simt_stats_nvalues() / simt_stats_snapshot() : every value (counters and bins) flattened in
 *  registration order; snapshot copies them into dst[0..cap) and returns how many it wrote.
 *  Used for per-kernel deltas and per-epoch time series. */
size_t simt_stats_nvalues(const simt_stats *s);
size_t simt_stats_snapshot(const simt_stats *s, uint64_t *dst, size_t cap);

/*! simt_stats_to_cjson() : the registry as a cJSON tree nested on the dots; each value is
 *  (current - base[i]) where base is a snapshot of nbase values (NULL/0: absolute values);
 *  a histogram is an array of its bins. Caller frees (cJSON_Delete). NULL if out of memory. */
struct cJSON *simt_stats_to_cjson(const simt_stats *s, const uint64_t *base, size_t nbase);
/*! simt_stats_desc_cjson() : {"name": "description", ...} for every registered entry. */
struct cJSON *simt_stats_desc_cjson(const simt_stats *s);

#ifdef __cplusplus
}
#endif
#endif
