/*
 * coalesce.h - the memory-stage address units of one SM: the global/local/constant/texture
 * coalescer and the shared-memory bank-conflict unit.
 *
 * Coalescer (seed 003 1.1.4 "memory divergence", 1.1.7 Fig 1.6): the active threads'
 * addresses of one warp instruction are grouped by cache line; every distinct line is one
 * memory-stage cycle, so more than one line is a DIV hazard. The sector mask says which
 * `sector_bytes` pieces of the line the warp touches (requests below the L1 may carry only
 * those sectors). The constant cache serialises on distinct words: call the coalescer with
 * line_bytes = the word size (4) to get one group per distinct address.
 *
 * Shared-memory banks (seed 003 1.1.7 "BANK"): word w of bank_bytes lives in bank
 * w % nbanks; threads reading the same word are served together (broadcast); the conflict
 * degree is the largest number of distinct words any one bank must deliver, i.e. the
 * number of memory-stage cycles. Neither unit keeps state across calls besides scratch and
 * statistics, so they have no tick().
 */
#ifndef SIMT_MEM_COALESCE_H
#define SIMT_MEM_COALESCE_H

#include <stdint.h>

#include "mem_common.h"
#include "simt_error.h"
#include "simt_stats.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_MEM_MAX_THREADS 32  /* thread masks are 32-bit: warp sizes up to 32 */
#define SIMT_COAL_MAX_SEGS   128 /* 32 threads x up to 4 lines each */

struct simt_coal_seg {
    uint64_t line_addr;   /* line-aligned address */
    uint32_t thread_mask; /* threads touching this line */
    uint32_t sector_mask; /* bit i: bytes [i*sector_bytes, (i+1)*sector_bytes) touched */
};

/*! simt_coalesce() : groups the accesses of the threads in `active_mask` (thread t reads
 *  `bytes[t]` bytes at `addr[t]`; `bytes` may be NULL, then every thread reads
 *  `access_bytes`) into line segments, in order of first appearance by thread index.
 *  line_bytes and sector_bytes are powers of two, sector_bytes <= line_bytes and
 *  line_bytes / sector_bytes <= 32. Writes up to SIMT_COAL_MAX_SEGS segments to `out`.
 *  @return the number of segments, or -1 if more would be needed (an access wider than
 *  4 lines per thread; the caller reports "not supported"). */
int simt_coalesce(uint32_t line_bytes, uint32_t sector_bytes, uint32_t active_mask,
                  const uint64_t *addr, const uint32_t *bytes, uint32_t access_bytes,
                  struct simt_coal_seg *out);

/* ---- shared-memory banks ---- */
struct simt_smem_cfg {
    uint32_t nbanks;     /* number of banks (power of two not required), 1..64 */
    uint32_t bank_bytes; /* bank width in bytes (power of two), 1..16 */
    int broadcast;       /* 1: threads reading the same word share one access */
    int reference;       /* 1: every access through the general ranking loop, never the short
                            pass for words in distinct banks (smem.fast_ranks = false): the
                            same results, slower; what the short pass is checked against */
};

#define SIMT_SMEM_STATS(X)                                                                         \
    X(accesses, "shared-memory warp accesses evaluated")                                           \
    X(cycles, "sum of bank-conflict degrees")                                                      \
    X(conflicted, "accesses with a conflict degree above 1")

struct simt_smem_stats {
    SIMT_SMEM_STATS(SIMT_MEM_STAT_VAL)
    uint64_t max_degree; /* largest degree seen (not mirrored) */
};

typedef struct simt_smem simt_smem;

/*! simt_smem_create() : a bank unit for `cfg` (copied). SIMT_ERR_CONFIG if out of range. */
simt_err simt_smem_create(const struct simt_smem_cfg *cfg, simt_smem **out);
void simt_smem_free(simt_smem *s);

/*! simt_smem_access() : conflict degree of one warp access (0 if no thread is active).
 *  `first_mask` (may be NULL) receives the threads all of whose words are delivered in
 *  the first pass: with replay (seed 003 5.2.4) exactly these complete and the rest are
 *  replayed. A pass is one cycle, unless a served thread's own words share a bank (an
 *  access wider than banks x bank_bytes): `first_cycles` (may be NULL) receives its length,
 *  the most words of one served thread in one bank (>= 1). The first active thread is
 *  always served. Counts the access in the statistics. */
uint32_t simt_smem_access(simt_smem *s, uint32_t active_mask, const uint64_t *addr,
                          const uint32_t *bytes, uint32_t access_bytes, uint32_t *first_mask,
                          uint32_t *first_cycles);

const struct simt_smem_stats *simt_smem_stats(const simt_smem *s);
/*! simt_smem_cfg_banks() : the number of banks. */
uint32_t simt_smem_cfg_banks(const simt_smem *s);
/*! simt_smem_bind_stats() : mirror the counters into `reg` as "<prefix>.<field>". */
simt_err simt_smem_bind_stats(simt_smem *s, simt_stats *reg, const char *prefix);

#ifdef __cplusplus
}
#endif
#endif
