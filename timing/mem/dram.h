/*
 * dram.h - the address mapping of the memory partitions and one DRAM channel.
 *
 * Address mapping: global addresses interleave over the partitions in chunks of
 * `interleave_bytes` (partition = chunk index mod npart, or XOR-hashed with the upper chunk
 * bits when `xor_hash`); the partition-local address (chunks of one partition packed
 * together) splits into column (within a row of `row_bytes`), bank, and row, with
 * consecutive rows of a bank `banks` rows apart: local = ((row * banks) + bank) * row_bytes
 * + column. So sequential lines stay in one open row for `row_bytes` per partition
 * before moving to the next bank.
 *
 * DRAM channel: `banks` banks, each with a row buffer (open row or closed), one command
 * per DRAM cycle on the command bus, and a data bus. Timing (DRAM cycles): ACT -> column
 * command >= tRCD; ACT -> PRE >= tRAS; PRE -> ACT >= tRP; column -> column >= max(tCCD,
 * burst); read data returns tCAS + burst after the column command; a write holds its bank
 * from precharge for tCAS + burst + tWR; a read for burst. `burst` = request bytes /
 * bus_bytes (bus_bytes per DRAM cycle: DDR bus width x 2).
 * Schedulers: FIFO serves strictly the oldest request; FR-FCFS (Rixner et al., seed 000
 * 5.2 "out of order" memory controller) issues first the oldest request that hits an open
 * row and can issue now, else the oldest request's precharge/activate (a row with pending
 * hits is not closed).
 * Work per DRAM cycle is O(queue) only in cycles where a command may issue (the row-hit
 * scan; row commands are looked for at each busy bank's oldest request, O(banks)); the
 * channel sleeps until the earliest cycle a queued request could issue.
 */
#ifndef SIMT_MEM_DRAM_H
#define SIMT_MEM_DRAM_H

#include <stdint.h>

#include "mem_common.h"
#include "simt_error.h"
#include "simt_stats.h"

#ifdef __cplusplus
extern "C" {
#endif

struct simt_addrmap {
    uint32_t npart;            /* memory partitions (channels), >= 1 */
    uint32_t interleave_bytes; /* power of two, e.g. 256 */
    uint32_t banks;            /* banks per channel */
    uint32_t row_bytes;        /* bytes per row (per channel), power of two */
    int xor_hash;              /* 1: partition = (chunk ^ chunk / npart ...) mod npart */
};

struct simt_dram_loc {
    uint32_t part, bank;
    uint64_t row;
    uint32_t col;   /* byte offset inside the row */
    uint64_t local; /* partition-local address */
};

/*! simt_addrmap_map() : where `addr` lives. */
void simt_addrmap_map(const struct simt_addrmap *m, uint64_t addr, struct simt_dram_loc *loc);
/*! simt_addrmap_check() : SIMT_ERR_CONFIG naming the key if a field is out of range. */
simt_err simt_addrmap_check(const struct simt_addrmap *m);

enum simt_dram_sched { SIMT_DRAM_FIFO = 0, SIMT_DRAM_FRFCFS = 1 };

struct simt_dram_cfg {
    struct simt_addrmap map; /* the channel uses banks/row_bytes of the shared mapping */
    uint32_t queue;          /* request-queue entries, >= 1 */
    uint32_t tRCD, tRP, tCAS, tRAS, tCCD, tWR; /* DRAM cycles */
    uint32_t bus_bytes;                        /* data-bus bytes per DRAM cycle */
    enum simt_dram_sched sched;
    int no_sleep; /* 1: evaluate the scheduler every cycle (reference for tests; same result) */
};

#define SIMT_DRAM_STATS(X)                                                                         \
    X(reads, "read column commands")                                                               \
    X(writes, "write column commands")                                                             \
    X(acts, "row activates")                                                                       \
    X(pres, "precharges")                                                                          \
    X(row_hits, "column commands needing no activate of their own (row-buffer hits)")              \
    X(bus_busy, "DRAM cycles with data on the bus")                                                \
    X(ticks, "DRAM cycles simulated")                                                              \
    X(queue_occ_sum, "sum over DRAM cycles of queued requests")                                    \
    X(latency_sum, "sum of enqueue-to-data-done DRAM cycles over requests")

struct simt_dram_stats {
    SIMT_DRAM_STATS(SIMT_MEM_STAT_VAL)
};

typedef struct simt_dram simt_dram;

/*! simt_dram_create() : an idle channel (all banks closed); `done(ctx, req)` is called from
 *  simt_dram_tick() when a request's data transfer completes (reads and writes). */
simt_err simt_dram_create(const struct simt_dram_cfg *cfg, simt_mem_done_fn done, void *ctx,
                          simt_dram **out);
void simt_dram_free(simt_dram *d);
int simt_dram_can_accept(const simt_dram *d);
/*! simt_dram_push() : queues `req` (its addr is a global address; the channel maps it).
 *  The caller checks can_accept first; SIMT_ERR_LIMIT if the queue is full. */
simt_err simt_dram_push(simt_dram *d, const struct simt_mpkt *req);
/*! simt_dram_tick() : one DRAM cycle: at most one command, then completions. */
void simt_dram_tick(simt_dram *d);
/*! simt_dram_busy() : requests queued or in flight. */
uint32_t simt_dram_busy(const simt_dram *d);
/*! simt_dram_now() : DRAM cycles ticked (or skipped) so far. */
uint64_t simt_dram_now(const simt_dram *d);
/*! simt_dram_next_event() : the earliest DRAM cycle (>= simt_dram_now() when one is due now)
 *  at which simt_dram_tick() may issue a command or complete a request, UINT64_MAX if none
 *  until the next push. Every tick before it only counts cycles. */
uint64_t simt_dram_next_event(const simt_dram *d);
/*! simt_dram_skip() : `n` cycles in which the caller knows (simt_dram_next_event()) that no
 *  command and no completion is due: counts them as simt_dram_tick() would, at once. */
void simt_dram_skip(simt_dram *d, uint64_t n);
const struct simt_dram_stats *simt_dram_stats(const simt_dram *d);
/*! simt_dram_bind_stats() : mirror the counters into `reg` as "<prefix>.<field>". */
simt_err simt_dram_bind_stats(simt_dram *d, simt_stats *reg, const char *prefix);

#ifdef __cplusplus
}
#endif
#endif
