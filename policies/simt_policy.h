/*
 * simt_policy.h - the divergence-policy interface: the contract between the timing
 * core (timing/) and every SIMT divergence scheme (policies/NAME.c).
 *
 * Because traces are per thread, divergence is re-derived at replay. The timing core owns
 * every thread's cursor into the trace and keeps, per SM, a table of threads with the PC
 * of each thread's next instruction (struct simt_thread). A policy owns only the grouping:
 * which threads issue together, at which PC, in which lanes, for how many cycles, and in
 * what priority. The core never contains policy-specific code, and a policy never models
 * the pipeline.
 *
 * The cycle of use, per SM:
 *   create(env)                      once per SM and kernel
 *   cta_start(...)                   a CTA was placed; its threads are READY at the entry
 *   loop:
 *     ready(out, cap)                the groups that could issue now (policy's view)
 *     -- the core filters them (scoreboard, units, buffer) and picks by its scheduler --
 *     issued(g)                      the core issued g and advanced each of g's threads:
 *                                    thread.pc/depth/state now describe the next instruction
 *     released(threads)              threads left a barrier (BARRIER -> READY)
 *
 * Rules the core follows (timing/sm.c; docs/TIMING.md):
 *   - out[] is zeroed before each ready() call (unless the policy sets ready_whole); write only
 *     out[0..returned count).
 *   - One ready() call may be followed by several issued() calls, one per scheduler, each for
 *     a DIFFERENT group of that ready() answer (a group issues at most once per answer); the
 *     core copies what it needs, so the policy may change its arrays inside issued().
 *   - With dual issue the core asks again in the same cycle (ready_group() for the ids that
 *     just issued if the policy has it, else ready()) and may issue the same id a second time.
 *   - A thread issued at a pc other than its own next instruction, or not READY, is an
 *     SIMT_ERR_INVARIANT error; a thread must never be issued twice for one instruction.
 *   - released() comes after issued() when the issuing group completed a barrier; thread
 *     exits are seen in issued() (state EXITED).
 *   - If the SM issues nothing in a cycle, idle(cycle) is called and ready() asked once more
 *     in the same cycle (a policy with idle_quiet() may tell the core that the answer it
 *     holds is still exact; then ready() is not asked again).
 *   - Cycle skipping: when ready() offers groups that cannot issue (operands, units), the core
 *     may skip ahead to its next pipeline event without calling ready() in between, and it
 *     reuses the last answer of ready() while no other call into the policy happened since
 *     and that answer offered at least one group. ready() is called every cycle while it
 *     offers NO group although READY threads exist (so a scheme that delays threads by time
 *     sees every cycle).
 *   cta_end(...)                     every thread of the CTA exited
 *   destroy()
 *
 * A policy is a `const struct simt_policy_ops` with designated initialisers, registered by
 * name in policies/registry.c. Copy policies/template.c to write one.
 */
#ifndef SIMT_POLICY_H
#define SIMT_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "simt_error.h"
#include "simt_trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- what the core shares with the policy --------------------------------------------------- */

enum simt_tstate {
    SIMT_TS_FREE = 0,    /* slot not in use */
    SIMT_TS_READY = 1,   /* pc/depth name its next instruction */
    SIMT_TS_BARRIER = 2, /* waiting at a CTA barrier (pc names the instruction after it) */
    SIMT_TS_EXITED = 3,  /* finished */
};

/* One thread slot of the SM (the core's table; policies only read it). 16 bytes: the core
 * rewrites pc/depth of every issued thread, so a warp's records should span few cache
 * lines. */
struct simt_thread {
    uint32_t pc;    /* next instruction (index into the kernel program) */
    uint32_t depth; /* call depth of that instruction */
    uint8_t state;  /* enum simt_tstate */
    uint8_t lane;   /* home lane: (thread index in CTA) % warp_size */
    uint16_t cta;   /* SM-local CTA slot */
    uint16_t warp;  /* SM-local static warp slot: threads [32w, 32w+32) in launch order */
    uint16_t tid;   /* linear thread index in its CTA (< 1024 in CUDA) */
};

typedef struct simt_config simt_config; /* timing/simt_config.h */
typedef struct simt_stats simt_stats;   /* timing/simt_stats.h */

/* Everything a policy instance may use. Valid for the instance's lifetime. */
struct simt_policy_env {
    uint32_t sm_id, nsms;
    uint32_t warp_size;              /* threads per (static) warp, e.g. 32 */
    uint32_t simd_width;             /* lanes of the SIMD unit, e.g. 8 (GT200) or 32 */
    uint32_t max_threads;            /* thread slots; threads[] has this many entries */
    uint32_t max_warps;              /* static warp slots = max_threads / warp_size */
    uint32_t nschedulers;            /* warp schedulers per SM */
    const struct simt_program *prog; /* the kernel's static program */
    const struct simt_thread *threads;
    const simt_config *config; /* read policy parameters with simt_config_* */
    simt_stats *stats;         /* register counters with simt_stats_* (shared across SMs) */
    void *shared;              /* per-policy object shared by all SMs of a run (see
                                  ops.shared_create), or NULL */
};

/* A group of threads that issues one instruction together: a warp in the policy's sense. */
struct simt_group {
    uint32_t id;             /* the policy's handle for this group, stable while it exists;
                                the core's schedulers rotate and age over ids */
    uint32_t pc, depth;      /* the instruction all its threads issue (MIMD: see `mixed`) */
    uint32_t nthreads;       /* >= 1 */
    const uint32_t *threads; /* SM thread slots, nthreads of them (policy-owned; valid until
                                the next call into the policy) */
    const uint8_t *lanes;    /* issue lane of each thread (policy-owned), or NULL = home lane */
    uint32_t issue_cycles;   /* cycles it occupies the SIMD unit; 0 = ceil(warp_size/simd_width) */
    int32_t priority;        /* higher issues first; equal priorities are ordered by the core's
                                scheduler (loose round-robin, greedy-then-oldest, two-level) */
    uint32_t sched;          /* the scheduler that owns this group (< nschedulers) */
    bool mixed;              /* threads may sit at different pcs (only `mimd`): the core issues
                                one instruction record per issue class of its threads (each
                                memory kind and space, fences, the rest; timing/sm.c
                                issue_class), one warp instruction in all */
    /* --- additions (the core zeroes out[] before each ready() call, so a policy that does
     *     not know a field leaves it 0/false) --- */
    bool one_warp; /* hint: every thread of the group is in the static warp of
                      threads[0] (lets the core skip a per-thread scan) */
    /* Optional (policy-owned, valid like threads[]): the distinct static warps of threads[],
     * in the order of their first appearance there, nwarps of them. A policy whose groups
     * span several static warps and stay the same over many ready() answers (DWF's pool
     * warps) computes this once per group instead of the core once per check; a one-warp
     * group (PDOM) points at its warp's index, which spares the core reading the first
     * thread's record. The core takes this list before one_warp. NULL: the core derives it. */
    const uint32_t *warps;
    uint32_t nwarps;
};

/* A policy parameter (its entry in the parameter table; see timing/simt_config.h). */
struct simt_param_desc;

struct simt_policy_ops {
    const char *name;                     /* --policy NAME */
    const char *description;              /* one line for --list-policies */
    const struct simt_param_desc *params; /* NULL-terminated (key == NULL) table, or NULL */

    /* Optional: one object shared by all SMs of a run (e.g. HWS's cross-SM warp size). It may
     * set *shared to NULL when the configuration shares nothing: with an object the core
     * steps every SM in lockstep; without, it may simulate them one after another. */
    simt_err (*shared_create)(const simt_config *config, uint32_t nsms, void **shared);
    void (*shared_destroy)(void *shared);

    simt_err (*create)(const struct simt_policy_env *env, void **state);
    void (*destroy)(void *state);

    /* Threads [first_thread, first_thread + nthreads) of CTA slot `cta` are READY at the
     * kernel entry; they fill static warps [first_warp, first_warp + nwarps). */
    simt_err (*cta_start)(void *state, uint32_t cta, uint32_t first_thread, uint32_t nthreads,
                          uint32_t first_warp, uint32_t nwarps);
    /* Optional: every thread of CTA slot `cta` has exited. */
    void (*cta_end)(void *state, uint32_t cta);

    /* Fills out[0..cap) with groups whose threads are all READY; returns how many.
     * `cycle` lets delaying schemes (micro-kernels) see time; most ignore it. */
    int (*ready)(void *state, uint64_t cycle, struct simt_group *out, int cap);

    /* The core issued g (a group last returned by ready) and advanced its threads. */
    simt_err (*issued)(void *state, const struct simt_group *g);

    /* Optional: threads left a barrier and are READY again. */
    void (*released)(void *state, const uint32_t *threads, uint32_t n);

    /* Optional: the SM found nothing to issue this cycle (micro-kernels stop delaying). */
    void (*idle)(void *state, uint64_t cycle);

    /* --- additions (optional; NULL is always fine) --- */

    /* Like ready(), for one group only: if group `id` exists and could issue now, fills *out
     * (zeroed by the core) and returns 1, else 0. Must agree with what ready() would return
     * for that id. The core uses it for dual issue instead of a second ready() call, and for
     * local_issue. A policy that cannot answer for one group in its current configuration
     * returns -1: the core then asks ready(). */
    int (*ready_group)(void *state, uint64_t cycle, uint32_t id, struct simt_group *out);

    /* Optional promise (needs ready_group): issued(g) changes ready()'s answer only in g's own
     * entry - no other group appears, disappears, moves or changes. After an issue the core
     * then refreshes just that entry with ready_group() instead of asking ready() again (an
     * O(1) instead of O(groups) step per issue). If ready_group() returns 0 for it, the core
     * asks ready() afresh. Calls other than issued() (cta_start, cta_end, released, idle)
     * always make the core ask ready() afresh (but an idle_quiet() that answers true). PDOM keeps
     * it (one group per static warp). */
    bool local_issue;

    /* Optional; when set the core calls it instead of idle(), at the same point (the SM found
     * nothing to issue this cycle). It does what idle() does and returns true only when
     * nothing changed that ready() answers: ready(cycle) called now would return exactly its
     * last answer as the core holds it (that answer with the entries ready_group() refreshed
     * since; the same groups, order and fields) and would change nothing else in the policy
     * (whatever that ready() call would do to the policy's own state, the policy does here).
     * The core then keeps that answer and the candidate lists it built from it instead of
     * asking ready() again; a policy that sees time in ready() (cycle-driven releases) must
     * return false whenever such work is due at `cycle`. false is always safe (the core then
     * asks ready() as after idle()). Needed because an idle() that changes nothing is common
     * (ukernel: most idle() calls fall while the SIMD unit is still busy) and rebuilding the
     * core's lists from an unchanged answer costs as much as a step. */
    bool (*idle_quiet)(void *state, uint64_t cycle);

    /* Optional promise: ready() assigns every entry out[0..n) it returns as a whole struct
     * (a compound literal, or a copy of one), so no field keeps what the core left there. The
     * core then does not zero out[] before each ready() call (for a policy offering tens of
     * groups per call after every issue, e.g. DWF, that zeroing cost ~7 % of a run). */
    bool ready_whole;
    /* Optional pair (both or neither): the answer of ready() in tiers of decreasing priority,
     * for a policy whose answer is long but whose highest priorities are few (DWF's majority
     * pc). ready_first() fills out[] with the first tier: some of the groups ready() would
     * return, each exactly as ready() would, every one of a higher priority than any group it
     * leaves out. Each ready_rest() call, with no other call into the policy since
     * ready_first() (but an idle_quiet() that answered true), fills out[] (the entries after
     * the tiers so far) with the next tier in the same sense, and returns 0 when no group is
     * left. Together the tiers are ready()'s answer, maybe in another order, and the rules of
     * ready() apply to them. The core uses the pair only where the order of the answer cannot
     * change what issues or any statistic (one loose round-robin scheduler, one generic
     * collector: timing/sm.c g->tiered), and asks for the next tier only when no group of the
     * tiers so far can issue: after each issue of a pool of tens of groups, the others then
     * are not copied, checked or scanned. */
    int (*ready_first)(void *state, uint64_t cycle, struct simt_group *out, int cap);
    int (*ready_rest)(void *state, uint64_t cycle, struct simt_group *out, int cap);
};

/* --- the registry (policies/registry.c) ------------------------------------------------------ */

/*! simt_policy_find() : the ops of policy `name`, or NULL. */
const struct simt_policy_ops *simt_policy_find(const char *name);
/*! simt_policy_count() / simt_policy_at() : iterate the registered policies in table order. */
unsigned simt_policy_count(void);
const struct simt_policy_ops *simt_policy_at(unsigned i);

#ifdef __cplusplus
}
#endif
#endif
