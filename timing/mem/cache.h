/*
 * cache.h - a set-associative cache with LRU replacement, MSHRs with request merging and a
 * bounded miss queue towards the next level. One component serves as L1 data cache, L1
 * constant/texture cache (read-only, allocate on fill) and L2 slice (write-back).
 *
 * Behaviour of a read miss follows seed 003 1.1.7 / Fig 1.6, checking in this order:
 *   1. tag hit on a valid line                     -> HIT
 *   2. line reserved by a pending fill (or, without reservation, an MSHR already holds the
 *      line)                                        -> MERGED into that MSHR, if it has a
 *      free merge slot, else hazard MSHR
 *   3. no free MSHR                                 -> hazard MSHR
 *   4. no room in the miss queue (2 entries if the victim is dirty) -> hazard COMQ
 *   5. reserve_on_miss and every way of the set reserved -> hazard RSV
 *   6. otherwise: MSHR allocated, way reserved (read allocate, "line reservation"),
 *      request queued                              -> MISS
 * A failed access changes nothing (no LRU update, no allocation): it is retried/replayed.
 * Read-only caches (reserve_on_miss = 0) allocate the line only when the fill returns, so
 * they never raise RSV (seed 003 1.1.7: "RSV hazards do not occur for the read only caches").
 *
 * Writes: write_back = 0 is write-through, no write-allocate (Fermi L1 for global stores):
 * a hit updates the line, every write goes to the miss queue (COMQ if full) and needs no MSHR.
 * write_back = 1 is write-back, write-allocate: a write hit dirties the line, a write miss
 * fetches the line like a read miss (MSHR, COMQ, RSV) and dirties it on fill; evicting a
 * dirty line queues a write-back request.
 *
 * Replacement is true LRU per set by a global access stamp (ties impossible). All work is
 * O(associativity) per access and O(merged requests) per fill; tick() is O(1).
 */
#ifndef SIMT_MEM_CACHE_H
#define SIMT_MEM_CACHE_H

#include <stdint.h>

#include "mem_common.h"
#include "simt_error.h"
#include "simt_stats.h"

#ifdef __cplusplus
extern "C" {
#endif

struct simt_cache_cfg {
    const char *name;    /* for messages, e.g. "l1d" */
    uint32_t sets;       /* >= 1 */
    uint32_t assoc;      /* ways per set, >= 1 */
    uint32_t line_bytes; /* power of two */
    uint32_t mshrs;      /* MSHR entries, >= 1 */
    uint32_t mshr_merge; /* requests one MSHR holds, the first included, >= 1 */
    uint32_t miss_queue; /* miss-queue entries towards the next level, >= 2 */
    int write_back;      /* 0: write-through no-allocate; 1: write-back write-allocate */
    int reserve_on_miss; /* 1: reserve a way at miss time; 0: allocate on fill */
    int set_hash;        /* 0: set = line index mod sets; 1: XOR-folded upper bits */
};

enum simt_cache_outcome {
    SIMT_CACHE_HIT = 0,    /* data present (reads), or write hit */
    SIMT_CACHE_MERGED = 1, /* joined the MSHR of a pending miss to the same line */
    SIMT_CACHE_MISS = 2,   /* read (or write-allocate) miss sent: MSHR taken, way reserved */
    SIMT_CACHE_WRITE = 3,  /* write-through write miss queued (no allocation) */
    SIMT_CACHE_FAIL = 4,   /* hazard: see `hazard` of the result; nothing changed */
};

/* Line state seen by simt_cache_probe(). */
enum simt_cache_line { SIMT_LINE_ABSENT = 0, SIMT_LINE_VALID = 1, SIMT_LINE_PENDING = 2 };

#define SIMT_CACHE_STATS(X)                                                                        \
    X(reads, "reads that did not fail (hits, merges, misses)")                                     \
    X(writes, "writes that did not fail")                                                          \
    X(read_hits, "reads that hit a valid line")                                                    \
    X(write_hits, "writes that hit a valid line")                                                  \
    X(merges, "accesses merged into the MSHR of a pending miss (hit on a reserved line)")          \
    X(misses, "accesses that missed and were sent to the next level")                              \
    X(fail_mshr, "attempts that failed: no free MSHR or merge slot (MSHR hazard)")                 \
    X(fail_comq, "attempts that failed: miss queue full (COMQ hazard)")                            \
    X(fail_rsv, "attempts that failed: every way of the set reserved (RSV hazard)")                \
    X(fills, "lines filled from the next level")                                                   \
    X(evictions, "valid lines replaced")                                                           \
    X(writebacks, "dirty lines written back")                                                      \
    X(mshr_occ_sum, "sum over cache cycles of MSHRs in use")                                       \
    X(ticks, "cache cycles simulated")

struct simt_cache_stats {
    SIMT_CACHE_STATS(SIMT_MEM_STAT_VAL)
    uint64_t mshr_max; /* most MSHRs in use at once (not mirrored) */
};

typedef struct simt_cache simt_cache;

/*! simt_cache_create() : an empty cache for `cfg` (copied; name must outlive the cache).
 *  SIMT_ERR_CONFIG naming the cache and the value when a field is out of range. */
simt_err simt_cache_create(const struct simt_cache_cfg *cfg, simt_cache **out);
void simt_cache_free(simt_cache *c);

/*! simt_cache_access() : one access of `req` (addr is aligned down to the line; is_write
 *  selects the write path). For MISS/MERGED outcomes the request (with its `id`) is kept in
 *  the MSHR and handed back through the fill's callback. On FAIL `*hazard` names the
 *  hazard (MSHR, COMQ or RSV), else it is set to SIMT_MEM_NO_HAZARD. */
enum simt_cache_outcome simt_cache_access(simt_cache *c, const struct simt_mpkt *req,
                                          enum simt_hazard *hazard);

/*! simt_cache_bypass() : queues an uncached packet (an atomic performed at the L2) in the
 *  miss queue without touching tags or MSHRs. SIMT_CACHE_WRITE if queued, else
 *  SIMT_CACHE_FAIL with *hazard = COMQ. */
enum simt_cache_outcome simt_cache_bypass(simt_cache *c, const struct simt_mpkt *pkt,
                                          enum simt_hazard *hazard);

/*! simt_cache_count_fail() : counts one failed attempt with hazard `h` without trying it
 *  (the memory stage's answer to a repeated, known-failing push: same statistics). */
void simt_cache_count_fail(simt_cache *c, enum simt_hazard h);
/*! simt_cache_count_fails() : simt_cache_count_fail() `n` times (the pushes a sleeping LD/ST
 *  unit left out, simt_memstage.h sleep()). */
void simt_cache_count_fails(simt_cache *c, enum simt_hazard h, uint64_t n);

/*! simt_cache_can_accept() : a read miss would not fail now for lack of an MSHR or a
 *  miss-queue slot (it may still raise RSV, which depends on the address). */
int simt_cache_can_accept(const simt_cache *c);

/*! simt_cache_probe() : state of the line holding `addr`, without touching LRU or stats
 *  (the oracle hit predictor of seed 003 6.1 uses it). */
enum simt_cache_line simt_cache_probe(const simt_cache *c, uint64_t addr);

/*! simt_cache_fill() : the next level returned the line holding `addr`: the line becomes
 *  valid (dirty for a pending write-allocate), and `done(ctx, req)` is called for every
 *  request merged in its MSHR, oldest first; the MSHR is freed. Allocate-on-fill caches
 *  evict their LRU line here. SIMT_ERR_INVARIANT if no MSHR waits for the line. */
simt_err simt_cache_fill(simt_cache *c, uint64_t addr, simt_mem_done_fn done, void *ctx);

/*! simt_cache_miss_peek() : the oldest request in the miss queue (NULL if empty); valid
 *  until the next call that changes the cache. _pop() removes it. */
const struct simt_mpkt *simt_cache_miss_peek(const simt_cache *c);
void simt_cache_miss_pop(simt_cache *c);

/*! simt_cache_tick() : one cycle of the cache's clock (occupancy statistics). */
void simt_cache_tick(simt_cache *c);
/*! simt_cache_ticks() : `n` cycles of the cache's clock at the current occupancy (a client
 *  that skips cycles in which nothing can change the occupancy accounts them at once). */
void simt_cache_ticks(simt_cache *c, uint64_t n);

/*! simt_cache_ticks_each() : simt_cache_ticks(cs[i], n) for each of the `k` caches. */
void simt_cache_ticks_each(simt_cache *const *cs, uint32_t k, uint64_t n);

uint32_t simt_cache_mshrs_free(const simt_cache *c);
/*! simt_cache_miss_space() : free miss-queue entries. */
uint32_t simt_cache_miss_space(const simt_cache *c);
uint32_t simt_cache_line_bytes(const simt_cache *c);
/*! simt_cache_set_of() : the set index `addr` maps to (for tests and reports). */
uint32_t simt_cache_set_of(const simt_cache *c, uint64_t addr);
const struct simt_cache_stats *simt_cache_stats(const simt_cache *c);
/*! simt_cache_bind_stats() : mirror the counters into `reg` as "<prefix>.<field>"
 *  (counting from now on). SIMT_ERR_NOMEM if registration failed. */
simt_err simt_cache_bind_stats(simt_cache *c, simt_stats *reg, const char *prefix);

#ifdef __cplusplus
}
#endif
#endif
