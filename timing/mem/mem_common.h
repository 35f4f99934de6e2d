/*
 * mem_common.h - types shared by the memory-system components (timing/mem/).
 *
 * Every component follows the shared lifecycle (STYLE.md section 7): *_create(cfg),
 * *_tick(), *_can_accept(), *_push(), a completion callback, *_stats(), *_free()
 * (free(NULL) is a no-op). Components never allocate on the hot path; requests travel
 * between them by value (struct simt_mpkt is small and plain).
 *
 * Hazard names follow Turner, "On replay and hazards in GPUs" (seed 003, 1.1.7, Fig 1.6).
 */
#ifndef SIMT_MEM_COMMON_H
#define SIMT_MEM_COMMON_H

#include <stdint.h>

#include "simt_memstage.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Memory-stage hazards: enum simt_hazard of simt_memstage.h (seed 003 1.1.7: DIV, BANK,
 * MSHR, COMQ, RSV); "no hazard" is SIMT_MEM_NO_HAZARD. */
#define SIMT_MEM_NO_HAZARD ((enum simt_hazard)SIMT_HZ_NUM_)

/*! simt_mem_hazard_name() : "div", "bank", "mshr", "comq", "rsv" ("none" otherwise). */
const char *simt_mem_hazard_name(enum simt_hazard h);

/* One memory packet as it travels L1 -> interconnect -> L2 -> DRAM and back. */
struct simt_mpkt {
    uint64_t addr;        /* byte address, aligned to the requesting cache's line/sector */
    uint64_t issue_cycle; /* core cycle at which the request left the L1 (latency stats) */
    uint32_t bytes;       /* bytes requested (read) or written (write) */
    uint32_t id;          /* requester's tag (opaque to the components) */
    uint16_t src;         /* source node: core (SM) index */
    uint16_t dst;         /* destination node: memory partition index */
    uint8_t is_write;     /* 1 = store / write-back, 0 = read (fill request) */
    uint8_t space;        /* enum simt_mspace of the originating access */
    uint8_t is_reply;     /* 1 once the partition turned it into a reply */
    uint8_t kind;         /* enum simt_mpkt_kind */
};

enum simt_mpkt_kind {
    SIMT_MPKT_LINE = 0,   /* cache-line read / write-through or write-back write */
    SIMT_MPKT_ATOMIC = 1, /* read-modify-write performed at the L2; the reply completes it */
};

/* Component statistics are declared once as an X-macro list X(field, description); the
 * list generates the value struct returned by *_stats() and, inside the component, a mirror
 * of pointers that *_bind_stats() points at registry counters (simt_stats.h) named
 * "<prefix>.<field>" - shared by every instance bound with the same prefix, so per-SM
 * caches add up. Unbound, the mirror points at private storage. */
#define SIMT_MEM_STAT_VAL(n, d) uint64_t n;
#define SIMT_MEM_STAT_PTR(n, d) uint64_t *n;

/* Completion callback: `req` is done (a fill returned, a DRAM read finished, ...). */
typedef void (*simt_mem_done_fn)(void *ctx, const struct simt_mpkt *req);

#ifdef __cplusplus
}
#endif
#endif
