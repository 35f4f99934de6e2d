/*
 * simt_memstage.h - the memory stage of an SM: the contract between the SM's LD/ST unit
 * (timing/sm.c) and a memory model behind it. The timing core ships two models here
 * (timing/memstage.c): "perfect" (zero latency, no hazards: seed 000 section 5.2, "perfect
 * memory mode") and "fixed" (a fixed latency per space, with DIV/BANK serialisation).
 * The cache/interconnect/DRAM hierarchy (timing/mem/, the memory person) plugs in as a third
 * ops table with the same shape.
 *
 * Lifecycle (STYLE.md section 7, after DRAMsim3's ClockTick/WillAccept/AddTransaction):
 *   shared_create(cfg, nsms)       once per run: what all SMs share (L2, interconnect, DRAM)
 *   create(cfg, sm, client)        once per SM
 *   every core cycle, in SM order: tick(sm_state, cycle) for each SM, then shared_tick(cycle)
 *   can_accept() / push(req, &outcome)   the LD/ST unit offers one warp memory instruction
 *   client.complete(ctx, token, nthreads, cycle)   data of `nthreads` served threads is back
 *   next_event(): earliest cycle at which the model needs a tick (lets the core skip cycles)
 *   destroy / shared_destroy
 *
 * Hazards (seed 003 section 1.1.7, Fig. 1.6): a push reports the hazards met this cycle as a
 * bit set (DIV: a global/const/texture/local access needs more than one coalesced request;
 * BANK: shared-memory bank conflict; MSHR: no miss-status register; COMQ: interconnect queue
 * full; RSV: no cache line could be reserved). Threads not served this cycle are listed in
 * outcome.rejected: the core either keeps the instruction in the LD/ST unit and pushes the
 * remainder again on a later cycle (stalling), or sends the remainder back to be re-issued
 * (replay, seed 003 chapter 5, private active masks). `predict` (optional) answers, before
 * issue, which hazards a request would meet (hazard prediction, seed 003 chapter 6).
 */
#ifndef SIMT_MEMSTAGE_H
#define SIMT_MEMSTAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "simt_config.h"
#include "simt_error.h"
#include "simt_stats.h"
#include "simt_trace.h"

#ifdef __cplusplus
extern "C" {
#endif

enum simt_mem_kind {
    SIMT_MK_LOAD = 0,
    SIMT_MK_STORE = 1,
    SIMT_MK_ATOMIC = 2, /* read-modify-write: returns data */
    SIMT_MK_COPY = 3,   /* memcpy/memmove (addr = dst, addr2 = src) or memset (addr2 = 0) */
};

enum simt_hazard {
    SIMT_HZ_DIV = 0,  /* uncoalesced global/const/texture/local access */
    SIMT_HZ_BANK = 1, /* shared memory bank conflict */
    SIMT_HZ_MSHR = 2, /* no free MSHR */
    SIMT_HZ_COMQ = 3, /* interconnect request queue full */
    SIMT_HZ_RSV = 4,  /* no cache line could be reserved */
    SIMT_HZ_NUM_ = 5
};
#define SIMT_HZ_BIT(h) (1u << (h))

/* One thread's access within a warp memory instruction. */
struct simt_mem_access {
    uint64_t addr;   /* generic address (window tells the space, simt_addr_space()) */
    uint64_t addr2;  /* SIMT_MK_COPY: source address (0 for memset) */
    uint32_t size;   /* bytes */
    uint32_t thread; /* SM thread slot */
    uint8_t lane;    /* issue lane */
};

/* A warp memory instruction offered to the stage. */
struct simt_mem_req {
    uint32_t pc;      /* static instruction */
    uint8_t kind;     /* enum simt_mem_kind */
    uint8_t space;    /* enum simt_mspace of the instruction (GENERIC: resolve per address) */
    uint32_t dst_reg; /* destination register (0 = none) */
    uint32_t warp;    /* SM static warp slot of the first thread (for per-warp policies) */
    uint64_t token;   /* the core's handle, given back in complete() */
    uint32_t naccess; /* >= 1 */
    const struct simt_mem_access *acc; /* naccess entries; valid only during push() */
};

/* What happened to a push this cycle. */
struct simt_mem_outcome {
    uint32_t hazards;     /* SIMT_HZ_BIT() set of hazards met this cycle */
    uint32_t nserved;     /* accesses accepted (complete() will report them, possibly in parts) */
    uint32_t nrejected;   /* accesses not served this cycle */
    uint32_t *rejected;   /* caller-provided array of naccess entries: indices into req.acc of
                             the rejected accesses, in order */
    uint32_t busy_cycles; /* cycles (>= 1) the stage cannot accept another push, counting this
                             one (e.g. 4 for a 4-way bank conflict served in one push) */
};

/* The SM side, given at create(). */
struct simt_memstage_client {
    void *ctx;
    /* The data of `nthreads` served accesses of `token` is back (loads: ready to write
     * back; stores: the write is performed). Called from tick()/shared_tick(), or from
     * push() itself for zero-latency completions. */
    void (*complete)(void *ctx, uint64_t token, uint32_t nthreads, uint64_t cycle);
    /* Optional (NULL: the stage never lets the unit sleep, see sleep()): a push that served
     * nothing and after which sleep() said yes may have another outcome from cycle + 1 on.
     * Called once per sleep, from shared_tick() (or tick()/push() of this SM). */
    void (*wake)(void *ctx, uint64_t cycle);
};

struct simt_memstage_ops {
    const char *name;                     /* memstage.model value */
    const char *description;              /* one line */
    const struct simt_param_desc *params; /* NULL-terminated table, or NULL */

    /* Optional: the run-wide part (L2, interconnect, DRAM). */
    simt_err (*shared_create)(const simt_config *cfg, uint32_t nsms, simt_stats *stats,
                              void **shared);
    void (*shared_destroy)(void *shared);
    void (*shared_tick)(void *shared, uint64_t cycle);

    simt_err (*create)(const simt_config *cfg, uint32_t sm, void *shared, simt_stats *stats,
                       const struct simt_memstage_client *client, void **state);
    void (*destroy)(void *state);
    void (*tick)(void *state, uint64_t cycle);
    /*! launch_end() (optional) : the launch ended; `end` is the cycle after its last. The core
     *  steps an SM only in cycles where something can happen, a stage that counts per-cycle
     *  statistics in tick() counts the skipped cycles at the next tick: here it counts those
     *  up to end - 1 (as if the SM had stepped in every cycle up to then) and starts afresh
     *  at the next launch. */
    void (*launch_end)(void *state, uint64_t end);

    /*! can_accept() : true if push() may be called this cycle. */
    bool (*can_accept)(void *state, uint64_t cycle);
    /*! push() : offers `req` at `cycle`; fills *out (out->rejected is caller-provided). */
    simt_err (*push)(void *state, uint64_t cycle, const struct simt_mem_req *req,
                     struct simt_mem_outcome *out);
    /*! predict() (optional) : the hazards `req` would meet if pushed at `cycle`, without
     *  changing state. */
    uint32_t (*predict)(void *state, uint64_t cycle, const struct simt_mem_req *req);
    /*! issued() (optional; addition by the timing core) : the core issued (or re-issued for
     *  replay) `req`, a request it asked predict() about; lets an MSHR credit tracker hand
     *  out its credit at issue (seed 003 6.0.1). */
    void (*issued)(void *state, uint64_t cycle, const struct simt_mem_req *req);

    /*! next_event() : the earliest cycle > `cycle` at which this SM's stage (or, for the
     *  shared part, given state == NULL and `shared`) has work to do; UINT64_MAX if idle. */
    uint64_t (*next_event)(void *state, void *shared, uint64_t cycle);
    /*! pending() : accesses accepted and not yet completed on this SM. */
    uint64_t (*pending)(void *state);

    /* Sleeping LD/ST unit (optional pair; additions by the memory hierarchy, docs/MEMORY.md
     * "Simulation speed"). A stalled unit offers the same request every cycle; while the state
     * it failed on is unchanged every such push fails the same way, so the core may stop
     * pushing and let the stage tell it when to try again. */
    /*! sleep() : called right after a push that served nothing (same request and cycle): true
     *  if offering that request again fails with the same outcome and the same statistics
     *  until the stage calls client.wake(). After true the core offers it no more until woken
     *  and counts every push it left out with repeat(). */
    bool (*sleep)(void *state, uint64_t cycle);
    /*! repeat() : counts `n` pushes left out while asleep (of the request sleep() was asked
     *  about), each exactly as that failed push counted its statistics. */
    void (*repeat)(void *state, uint64_t n);
};

/* The models the timing core provides (timing/memstage.c). */
extern const struct simt_memstage_ops simt_memstage_perfect_ops;
extern const struct simt_memstage_ops simt_memstage_fixed_ops;

/*! simt_memstage_find() : the model named `name` ("perfect", "fixed", and the hierarchy's
 *  name when timing/mem is linked), or NULL. */
const struct simt_memstage_ops *simt_memstage_find(const char *name);

/* The memory hierarchy (timing/mem) provides, when it exists:
 *   const struct simt_memstage_ops simt_memstage_hierarchy_ops;   (.name = "hierarchy")
 * and its parameter table is its ops.params. */

/*! simt_mem_coalesce() : helper shared by the models: groups the accesses of `req` by
 *  `seg_bytes`-aligned segment (global/local/const/param/texture) and returns the number of
 *  distinct segments; a COPY counts both addresses. */
uint32_t simt_mem_coalesce(const struct simt_mem_req *req, uint32_t seg_bytes);
/*! simt_mem_bank_degree() : the largest number of distinct 4-byte words that the shared
 *  accesses of `req` map to one of `nbanks` banks (1 = conflict-free, broadcast allowed). */
uint32_t simt_mem_bank_degree(const struct simt_mem_req *req, uint32_t nbanks);

#ifdef __cplusplus
}
#endif
#endif
