/*
 * sm.c - the cycle-level SM model and the GPU loop (simt_timing.h). See docs/TIMING.md for
 * the pipeline, stage order within a cycle and the latencies the tests count by hand.
 *
 * Front end (seed 003 1.1.6.1): per static warp a warp buffer fed by fetch + i-cache +
 * decode (frontend.model=buffered) or always full (ideal); 1..N schedulers each owning the
 * groups the policy assigns it; loose round-robin, greedy-then-oldest or two-level
 * (Narasiman et al., as used by seed 003 1.1.6.1) selection; optional dual issue; a RAW
 * table per static warp and register with stall-on-use (seed 003 1.1.6.1, footnote 7: WAW
 * handled the same way).
 * Back end: operand collector, generic (N slots) or separated (slots per unit type), over a
 * banked register file, one read per bank per cycle (seed 003 1.1.6.3, 3.4.1.2, 7.1.2);
 * functional units with latency and initiation interval, a group occupying a unit for
 * issue_cycles = ceil(warp_size / simd_width) passes (seed 000 4.3); write-back ports
 * (seed 003 1.1.6.5); the memory stage behind simt_memstage.h (seed 003 1.1.7).
 * Divergence: only through the policy ops (policies/simt_policy.h).
 * Scheduler cycle classes idle / RAW / stall / issue1 / issue2: seed 003 7.1.3.
 * Replay (hazard.mode = replay, seed 003 ch. 5): squashed instructions stay with their warp,
 * marked, with their unserved accesses as private active mask; a warp with a marked
 * instruction presents only its oldest one (5.2.3); with the buffered front end replayable
 * instructions hold their warp-buffer entry until the checkpoint (issue tail pointer).
 *
 * Speed: an SM is stepped only at cycles where something can happen (next_cycle); work per
 * step is bounded by the groups the policy offers and the collector slots, never by all
 * threads. Memory is bounded by the resident CTAs (loaded at dispatch, freed at the end).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_fastdiv.h"
#include "simt_memstage.h"
#include "simt_timing.h"

#define NONE 0xffffffffu

enum { U_ALU = 0, U_SFU = 1, U_MEM = 2, U_BR = 3, U_NUM = 4 };
static const char *const unit_names[U_NUM] = {"alu", "sfu", "mem", "branch"};
enum { C_IDLE = 0, C_RAW = 1, C_STALL = 2, C_ISSUE1 = 3, C_ISSUE2 = 4, C_PRED = 5, C_NUM = 6 };
static const char *const class_names[C_NUM] = {"idle",   "raw",    "stall",
                                               "issue1", "issue2", "predicted"};
static const char *const hz_names[SIMT_HZ_NUM_] = {"div", "bank", "mshr", "comq", "rsv"};
/* hazards a scheduler can avoid by waiting (seed 003 ch. 6; DIV and BANK are mandatory and
 * the instruction does useful work when it meets them, ch. 6 footnote 1) */
#define HZ_RESOURCE                                                                                \
    (SIMT_HZ_BIT(SIMT_HZ_MSHR) | SIMT_HZ_BIT(SIMT_HZ_COMQ) | SIMT_HZ_BIT(SIMT_HZ_RSV))
enum { EV_WB = 0, EV_FETCH = 1 };

struct sbent {
    uint32_t reg;
    uint16_t count;
    uint8_t longlat;
};

#define SB_INLINE 5 /* scoreboard entries held in the warp record itself */

struct warp {
    /* the scoreboard (first line: a check reads the summary, then the entries) */
    uint64_t sb_bits; /* bit reg % 64 of every pending register: most checks end here */
    struct sbent *sb; /* sb_in, or a heap array once more than SB_INLINE are pending */
    uint32_t sb_n, sb_cap;
    struct sbent sb_in[SB_INLINE];
    uint32_t *sb_cnt; /* [64]: entries of sb under each bit (the SM's sb_cnt array), so that a
                         release clears its bit without a pass over the entries */
    uint64_t age;
    uint32_t cta;
    uint32_t stamp, istamp, wstamp;
    uint32_t nmarked; /* replay: instructions of this warp marked for replay (seed 003 5.2.3) */
    uint32_t mem_inflight; /* memory instructions issued and not yet complete (a fence waits) */
    /* counted named barrier (bar.sync id, count) its threads wait at: id + 1 (0: none), how
     * many of its threads wait there, and when its arrival completed (0: not yet) */
    uint32_t cbar, cbar_n;
    uint64_t cbar_seq;
    /* buffered front end */
    uint8_t used;
};

/* Events decoded per cursor call (per-thread look-ahead; bpos/bn are bytes, so at most 255).
 * 32 since the twenty-fifth session (8 before): a refill starts from the thread's cursor, whose
 * state is cold (one per thread, far apart), so fewer and longer refills cost less than the
 * events they decode suggest - mum small on gt200-jin, PDOM, 4.63 -> 4.24 G instructions and
 * 0.50 -> 0.42 s (16: 4.39 G, 0.44 s; 64: no faster). The price is memory: 32 bytes per event
 * and thread slot, 1 KB per slot (peak RSS on ampere-like's 108 SMs x 2048 slots 134 -> 296
 * MB; fermi-turner 28 -> 42 MB). docs/TIMING.md, "Twenty-fifth session". */
#define EVBATCH 32
#define LROW    32 /* thread slots per look-ahead block (a warp of 32 fills one) */

/* Per-thread look-ahead, laid out so that issuing a warp touches little memory: event i of
 * thread slot t is element ev_at(t, i) of the per-SM arrays evpc / evdepth (what the issue
 * path reads) and mev (the memory fields, read only by memory instructions). Slots are
 * blocked by LROW, and within a block event i of all slots is contiguous: the next pcs of a
 * 32-thread warp are one 128-byte row, not 32 scattered records. bpos[t] / bn[t] are the
 * position in and length of thread t's decoded batch; event bpos - 1 is the current one (the
 * thread's next instruction). */
static inline size_t ev_at(uint32_t slot, uint32_t i)
{
    return (size_t)(slot / LROW) * (EVBATCH * LROW) + (size_t)i * LROW + slot % LROW;
}
struct fent {
    uint32_t id, used;
    uint32_t ib_pc, ib_n, fetch_n, gen;
    uint32_t ib_end;    /* the pc after the ib_n buffered instructions (valid while ib_pc is not
                           NONE): where the next fetch starts */
    uint32_t fetch_end; /* ... and after the fetch in flight (fetch_n instructions) */
    uint32_t held;  /* replay: entries kept between the issue tail pointer and the issue pointer */
    uint32_t alloc; /* bumped when the entry is given to another group */
    uint8_t queued;
};

struct thr {
    simt_cursor *cur;
    uint32_t stamp;
};

struct cta_slot {
    simt_cta *cta;
    int used;
    uint32_t first_thread, nthreads, first_warp, nwarps;
    uint32_t live, at_barrier, inflight;
    uint32_t at_grid;       /* of at_barrier: threads waiting at a grid-wide barrier */
    uint32_t at_counted;    /* threads waiting at counted named barriers (not in at_barrier) */
    uint32_t cbar_need[16]; /* thread count of each counted barrier id while warps wait there */
    uint32_t cbar_wait[16]; /* threads waiting at each counted barrier id */
    int grid_ready; /* every live thread waits at a grid-wide barrier (counted in grid_ready) */
    uint64_t regs, smem;
    uint32_t stamp, tstamp;
};

/* The first 64 bytes hold what the operand collector's scan reads of each occupant (unit,
 * reads_left, banks, issue_cycles): the scan visits every slot in every step, and an occupant
 * is cold by then (the other SMs ran in between). */
struct inst {
    uint32_t gen, next_free;
    uint8_t unit, longlat, nreads, kind, space, needs_wb, sched;
    uint8_t stalled; /* stall mode: held in an LD/ST unit after a hazard */
    uint32_t reads_left;
    uint32_t issue_cycles;
    uint32_t banks[SIMT_MAX_SRCS];
    uint32_t dst, cta;
    uint32_t pc, warp0;
    uint32_t nwarps, warps_cap;
    uint32_t *warps;
    struct simt_mem_access *acc;
    uint32_t nacc, acc_cap;
    uint32_t mem_outstanding; /* accesses accepted, not completed */
    uint64_t seq;
    uint64_t iseq; /* first-issue order: the oldest instruction marked for replay goes first */
    uint32_t gid;  /* the issuing group's id and policy priority (orders its replays) */
    int32_t pri;
    uint32_t fe_idx, fe_alloc; /* replay, buffered front end: the warp buffer entry it holds */
    uint8_t fe_held;
};

struct hent {
    uint64_t cycle, seq;
    uint32_t kind, idx, aux;
};

struct simt_gpu;

struct cand {
    int32_t pri;
    uint32_t idx;
    uint64_t sub, age;
    uint32_t id;
    uint8_t active;
};

/* What one warp scheduler's rounds read and write, side by side (56 bytes): as
 * sixteen-entry arrays per field in struct sm they took a line per field in every step. */
struct sched_state {
    uint64_t busy; /* sched.issue_blocking: the cycle the scheduler is free again */
    uint32_t *rq;  /* instructions marked for replay, by first issue */
    uint32_t rq_n, rq_cap;
    uint32_t lidx;     /* answer index of the group it issued last */
    uint32_t last_pos; /* last_id's position in its sorted bucket when the round that issued
                          it scanned the bucket (scan_start's hint) */
    uint32_t tl_cbs, tl_cbase, tl_cn, tl_cm; /* tl_active's cache keys ... */
    uint32_t tl_cll;                         /* ... and the ll_epoch it was made at */
};

struct sm {
    struct simt_gpu *g;
    uint32_t id;
    void *pol;
    struct simt_policy_env env;
    struct simt_thread *threads;
    struct thr *thr;
    uint32_t *evpc, *evdepth; /* decoded events (ev_at) */
    struct simt_evmem *mev;   /* memory fields of the decoded events (ev_at) */
    uint8_t *bpos, *bn;       /* per thread slot: position in / length of its batch */
    struct warp *warps;
    uint32_t *sb_cnt; /* [max_warps * 64]: the warps' scoreboard bit counts (warp.sb_cnt) */
    struct cta_slot *ctas;
    uint32_t threads_used, ctas_used;
    uint64_t regs_used, smem_used;
    uint8_t *warp_used;

    struct inst *insts;
    uint32_t ninst, free_inst, ninflight;

    uint32_t nslots[U_NUM]; /* collector slots per class (generic: all in class 0) */
    uint32_t slots_used[U_NUM];
    uint32_t *coll; /* occupied slots: instruction records, oldest first */
    uint32_t ncoll;
    /* The collector is quiet (coll_quiet) when its last scan found every instruction holding
     * its operands and waiting for a unit: until a unit it waits for frees (coll_until, the
     * earliest non-held one; a held LD/ST unit frees in stage_ldst, which clears coll_quiet)
     * or an instruction enters, a scan would change nothing. coll_wait_mem: one of them waits
     * for an LD/ST unit. */
    uint8_t coll_quiet, coll_wait_mem;
    uint64_t coll_until;
    uint64_t *bank_cycle;

    uint64_t *unit_busy[U_NUM];
    uint32_t *mem_hold;     /* per MEM unit: inst or NONE */
    uint64_t *mem_ready_at; /* per MEM unit */
    uint32_t *rejected;     /* memstage outcome buffer */
    /* A stalled LD/ST unit that sleeps (one unit only, simt_memstage.h sleep()): it pushes no
     * more until the stage wakes it (mem_ready_at[0] = UINT64_MAX until then), and the pushes
     * left out are counted when the SM next steps (stage_ldst) */
    int mem_asleep;
    uint32_t mem_sleep_hz; /* hazards of the push it sleeps on */
    uint64_t mem_counted;  /* the last cycle whose push is counted */

    struct hent *heap;
    uint32_t nheap, heap_cap;
    uint64_t heap_seq;
    uint32_t wb_used_cycle_n;

    void *ms;

    struct simt_group *groups;
    int gcap;
    uint32_t groups_hw;
    uint64_t pol_epoch, ready_epoch; /* calls into the policy; the epoch of the last answer */
    uint64_t cand_epoch;             /* ready_epoch + 1 of the answer cand[] was built from */
    uint32_t cstart[17];             /* cand[] bucket starts per scheduler */
    int ready_valid, ready_n, ready_reused;
    int ready_partial; /* the answer holds only the policy's first tier (ready_first) */
    struct cand *cand;
    struct cand dcand[16];                  /* dual-issue rounds: one candidate per scheduler */
    uint32_t *cheap;                        /* heap of candidate indices (issue_round) */
    uint32_t *amark, *apos, astamp;         /* two-level: active-set membership by group id */
    uint32_t *cidx, *cstamp, bstamp, *cage; /* two-level: bucket index (tl_index) */
    uint32_t *cruns;                        /* age_sort's run starts */
    uint32_t cage_sorted;                   /* schedulers whose cage order is built */
    int tl_fast;
    uint32_t *last_id;
    uint32_t **active; /* [sched]: the active list, then (tl_active's cache) the list as it
                          last left it and that call's answer, active_groups entries each */
    uint32_t *nactive;
    uint32_t ll_epoch; /* long-latency results written back,
                                      warps whose memory instructions all completed */
    uint8_t *last_class;
    uint64_t accounted_until;
    uint64_t next_cycle;
    /* run_decoupled(): the earliest cycle of the next step (the last step's + 1), the cycle at
     * which the SM waits for dispatch_ctas (UINT64_MAX: not waiting), its own last progress */
    uint64_t min_next, stop_at, own_progress;
    uint32_t *issued_buf;    /* copies of issued groups' thread lists */
    uint32_t *wtmp, *wbest;  /* static warps of the group being checked / the best one */
    uint32_t *mthr, *mwarps; /* a mixed group's threads by issue class, a part's warps */
    uint8_t *mlanes, *mpart; /* their lanes; the part of each thread of the group */
    uint32_t *rel_buf;
    uint32_t stamp;
    uint32_t *touched; /* CTA slots whose threads reached a barrier or exited this cycle */
    uint32_t ntouched, touch_stamp;

    /* front end */
    struct fent *fe; /* instruction buffers by group id (frontend.model = buffered) */
    uint32_t fe_cap, fe_count;
    uint32_t *fq; /* fetch requests: fe indices */
    uint32_t fq_head, fq_n;
    uint64_t *ic_tag, *ic_lru;
    uint32_t ic_sets;

    int busy;        /* something may happen next cycle */
    uint64_t wake;   /* earliest cycle the collector or the LD/ST units need a step */
    uint32_t nready; /* threads in state READY */
    int demoted;
    int issue_dirty_next;       /* a scheduler was busy: try again when it frees */
    struct sched_state sch[16]; /* per warp scheduler (sched.count <= 16) */
    struct cand *rcand; /* replay candidates of one scheduler (one per warp, seed 003 5.2.3) */
    uint32_t rcand_cap;
    int issue_dirty; /* something that can change the issue stage's outcome happened since
                        its last fruitless run (retire, dispatch, barrier, fetch, CTA) */
    int active_ctas;
    uint32_t nstalled;            /* LD/ST units holding an instruction stalled on a hazard */
    int coll_full;                /* this step: an issue found no collector slot */
    int last_blocked;             /* the last step's collector-blocked-by-memory verdict */
    int last_memstall;            /* the last step's "an LD/ST unit is stalled" verdict */
    struct simt_mem_access *pacc; /* prediction: the accesses of the group being checked */
    /* (last: added in the thirty-first session, after the hot fields' layout was settled) */
    uint32_t fe_max; /* the size fe_grow() stops at: 4 x (thread slots + 16), a power of 2 */
    /* Write-backs that found every port taken (stage_writeback): each is what a heap entry
     * (wbq_cycle, seq, EV_WB, idx) would be, in (cycle, seq) order, kept in a list instead:
     * re-pushed into the heap every cycle, a backlog of B cost B heap operations per cycle
     * (core.warp_size=1 with 1536 threads: 63 % of the run in heap_pop). wbq[wbq_cur] holds
     * wbq_n[wbq_cur] of them, all due at wbq_cycle; the other list is built while it drains. */
    struct wbwait {
        uint64_t seq;
        uint32_t idx;
    } * wbq[2];
    uint32_t wbq_n[2], wbq_cap[2], wbq_cur;
    uint64_t wbq_cycle;
};

struct simt_gpu {
    const simt_config *cfg;
    const struct simt_policy_ops *pol_ops;
    const struct simt_memstage_ops *ms_ops;
    void *pol_shared, *ms_shared;
    simt_stats *stats;
    uint32_t nsms, warp_size, simd_width, max_threads, max_warps, max_ctas, nsched;
    uint64_t regs, smem;
    uint32_t min_regs;
    uint32_t issue_cycles_cfg;
    int sched_policy; /* 0 lrr 1 gto 2 two-level */
    uint32_t active_groups;
    int tl_ready;           /* sched.two_level_promote = ready */
    uint64_t *st_demotions; /* sched.demotions */
    int dual_issue, buffered_fe, separated, replay, issue_blocking;
    uint32_t nbanks, wb_ports;
    uint32_t nunits[U_NUM], latency[U_NUM], ii[U_NUM], fp64_factor;
    uint32_t ib_depth, fetch_width, decode_latency, inst_bytes, ic_line, ic_assoc, ic_miss;
    uint64_t ic_bytes;
    uint64_t watchdog, max_cycles, epoch;
    struct sm *sms;
    uint64_t cycle;

    /* per launch */
    simt_trace_reader *rd;
    uint32_t launch;
    const struct simt_launch *L;
    const struct simt_program *prog;
    uint32_t *nf;     /* next non-FREE pc at or after pc within the block (NONE if none) */
    uint32_t *nseq;   /* next non-FREE pc after pc in layout order (NONE at the end) */
    uint8_t *ismem;   /* per pc: a memory instruction (its events' addresses are kept) */
    uint8_t *icls;    /* per pc: issue_class() of the instruction */
    uint64_t *sbbits; /* per pc: sb_inst_bits() of the instruction */
    uint64_t next_cta, ctas_done;
    uint64_t grid_ready; /* CTAs of the launch whose live threads all wait at a grid barrier */
    int has_grid;        /* the kernel has a grid-wide barrier (SIMT_IF_GRID) */
    int decoupled;       /* run_decoupled() is running the launch */
    int decouple;        /* sim.decoupled: run_decoupled() is allowed */
    int fast_scan;       /* sim.fast_scan: issue_round may use pick_plain() */
    int tiered;          /* call_ready asks ready_first(), pick_plain the rest if needed */
    int coll_skip;       /* sim.collector_skip: a quiet collector is not rescanned */
    int skip_cycles;     /* sim.skip_cycles: an SM steps only when something can happen */
    uint64_t now;        /* the cycle being simulated (wakes SMs a grid barrier releases) */
    uint32_t cta_nthreads, cta_nwarps;
    uint64_t cta_regs, cta_smem;
    uint64_t last_progress;
    uint64_t warp_seq;
    uint64_t cbar_seq; /* arrival order at counted named barriers */
    simt_err err;

    uint64_t next_epoch, *epochs; /* (cycle, warp instr., thread instr.) triples */
    size_t nepochs, epochs_cap;

    simt_progress_fn progress;
    void *progress_ctx;
    uint64_t progress_next;

    /* the per-instruction profile of the current launch (simt_gpu_set_pc_profile): for each pc
     * of its kernel, pc_counts[3 pc + k], k = PC_GROUPS, PC_THREADS, PC_DIVERGED */
    int pc_prof;
    uint64_t *pc_counts;

    /* statistics */
    uint64_t *st_cycles, *st_winst, *st_tinst, *st_hist, *st_class[C_NUM], *st_unit[U_NUM];
    uint64_t *st_bardyn; /* barriers_runtime_named */
    uint64_t *st_ctas, *st_barriers, *st_bank_conf, *st_wb_stall, *st_mem_stall, *st_launches;
    uint64_t *st_fetches, *st_ic_miss, *st_fe_stall, *st_replays, *st_hazard_cycles;
    uint64_t *st_steps;
    uint64_t *st_hz[SIMT_HZ_NUM_], *st_alu_insts, *st_thread_acc, *st_blocked, *st_pred_held,
        *st_replay_issued;
    int predict; /* hazard prediction on: consult ms_ops->predict before issuing a load */
};

enum { PC_GROUPS, PC_THREADS, PC_DIVERGED, PC_NCOUNTS };

/* --- small helpers -------------------------------------------------------------------------- */

static void *xcalloc(size_t n, size_t sz)
{
    return calloc(n ? n : 1, sz);
}

/* For arrays every element of which is written before it is read (the look-ahead rows): no
 * zeroing pass over tens of megabytes at start-up, and pages never written are never touched. */
static void *xmalloc_array(size_t n, size_t sz)
{
    if (n && sz > SIZE_MAX / n)
        return NULL;
    return malloc(n ? n * sz : 1);
}

static int unit_of(uint8_t ic)
{
    switch (ic) {
    case SIMT_IC_SFU:
        return U_SFU;
    case SIMT_IC_LOAD:
    case SIMT_IC_STORE:
    case SIMT_IC_ATOMIC:
    case SIMT_IC_COPY:
        return U_MEM;
    case SIMT_IC_BRANCH:
    case SIMT_IC_CALL:
    case SIMT_IC_RET:
    case SIMT_IC_BARRIER:
    case SIMT_IC_EXIT:
    case SIMT_IC_MEMBAR:
        return U_BR;
    default:
        return U_ALU;
    }
}

/* The issue class of an instruction, for mixed groups (MIMD), which issue one instruction
 * record per class of their threads (issue_any): every memory instruction kind (load, store,
 * atomic, copy) in every space is a class of its own, so that each thread's access goes to
 * the memory stage as what it is, with its own destination register; fences are one (they
 * wait for their warps' memory instructions); everything else is one class, timed as the
 * record's first instruction (an ALU, SFU, branch or barrier of another thread in the group
 * takes that unit and latency: an idealisation in MIMD's favour, docs/TIMING.md). */
enum { IC_OTHER, IC_MEMBAR, IC_MEM0, IC_NCLASS = IC_MEM0 + 4 * 8 };
_Static_assert(IC_NCLASS <= 64, "mixed groups keep their classes in a word");

static uint32_t issue_class(const struct simt_sinst *si)
{
    switch (si->iclass) {
    case SIMT_IC_LOAD:
        return IC_MEM0 + 0 * 8 + (si->mspace & 7u);
    case SIMT_IC_STORE:
        return IC_MEM0 + 1 * 8 + (si->mspace & 7u);
    case SIMT_IC_ATOMIC:
        return IC_MEM0 + 2 * 8 + (si->mspace & 7u);
    case SIMT_IC_COPY:
        return IC_MEM0 + 3 * 8 + (si->mspace & 7u);
    case SIMT_IC_MEMBAR:
        return IC_MEMBAR;
    default:
        return IC_OTHER;
    }
}

/* The array p of *cap elements of `size` bytes, doubled (to `first` elements when empty):
 * the new array, *cap updated; NULL (p and *cap unchanged) when out of memory. */
static void *grow_array(void *p, uint32_t *cap, uint32_t first, size_t size)
{
    const uint32_t nc = *cap ? *cap * 2 : first;
    void *n = realloc(p, (size_t)nc * size);
    if (n)
        *cap = nc;
    return n;
}

/* Inserts e (room for it is there: nheap < heap_cap). */
static inline __attribute__((always_inline)) void heap_insert(struct sm *s, struct hent e)
{
    uint32_t i = s->nheap++;
    while (i) {
        uint32_t p = (i - 1) / 2;
        struct hent *q = &s->heap[p];
        if (q->cycle < e.cycle || (q->cycle == e.cycle && q->seq < e.seq))
            break;
        s->heap[i] = *q;
        i = p;
    }
    s->heap[i] = e;
}

static int heap_push(struct sm *s, uint64_t cycle, uint32_t kind, uint32_t idx, uint32_t aux)
{
    if (s->nheap == s->heap_cap) {
        struct hent *nh = grow_array(s->heap, &s->heap_cap, 64, sizeof *nh);
        if (!nh)
            return -1;
        s->heap = nh;
    }
    heap_insert(s, (struct hent){cycle, s->heap_seq++, kind, idx, aux});
    return 0;
}

static struct hent heap_pop(struct sm *s)
{
    struct hent top = s->heap[0];
    struct hent last = s->heap[--s->nheap];
    uint32_t i = 0, n = s->nheap;
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        const struct hent *best = &last;
        if (l < n && (s->heap[l].cycle < best->cycle ||
                      (s->heap[l].cycle == best->cycle && s->heap[l].seq < best->seq)))
            m = l, best = &s->heap[l];
        if (r < n && (s->heap[r].cycle < best->cycle ||
                      (s->heap[r].cycle == best->cycle && s->heap[r].seq < best->seq)))
            m = r, best = &s->heap[r];
        if (m == i)
            break;
        s->heap[i] = s->heap[m];
        i = m;
    }
    if (n)
        s->heap[i] = last;
    return top;
}

/* --- scoreboard (RAW table per static warp and register) ----------------------------------- */

static int sb_find(const struct warp *w, uint32_t reg)
{
    for (uint32_t i = 0; i < w->sb_n; i++)
        if (w->sb[i].reg == reg)
            return (int)i;
    return -1;
}

/* Whether reg may be pending in w: its bit in the summary (no bit, certainly not). */
static inline int sb_maybe(const struct warp *w, uint32_t reg)
{
    return (int)((w->sb_bits >> (reg & 63)) & 1);
}

static int sb_add(struct warp *w, uint32_t reg, int longlat)
{
    int i = sb_maybe(w, reg) ? sb_find(w, reg) : -1;
    if (i >= 0) {
        w->sb[i].count++;
        w->sb[i].longlat |= (uint8_t)longlat;
        return 0;
    }
    if (w->sb_n == w->sb_cap) {
        const uint32_t nc = w->sb_cap * 2;
        const int inline_ = w->sb == w->sb_in; /* the first growth leaves the warp record */
        struct sbent *ns = inline_ ? malloc(nc * sizeof *ns) : realloc(w->sb, nc * sizeof *ns);
        if (!ns)
            return -1;
        if (inline_)
            memcpy(ns, w->sb_in, sizeof w->sb_in);
        w->sb = ns;
        w->sb_cap = nc;
    }
    w->sb[w->sb_n++] = (struct sbent){reg, 1, (uint8_t)longlat};
    w->sb_bits |= 1ull << (reg & 63);
    w->sb_cnt[reg & 63]++;
    return 0;
}

static void sb_release(struct warp *w, uint32_t reg)
{
    int i = sb_find(w, reg);
    if (i < 0)
        return;
    if (--w->sb[i].count == 0) {
        w->sb[i] = w->sb[--w->sb_n];
        if (--w->sb_cnt[reg & 63] == 0)
            w->sb_bits &= ~(1ull << (reg & 63));
    }
}

/* The warp's scoreboard emptied (its CTA placed or released). */
static void sb_clear(struct warp *w)
{
    for (uint32_t k = 0; k < w->sb_n; k++)
        w->sb_cnt[w->sb[k].reg & 63] = 0;
    w->sb_n = 0;
    w->sb_bits = 0;
}

/* The registers instruction si reads and writes, as scoreboard bits (sb_bits). */
static uint64_t sb_inst_bits(const struct simt_sinst *si)
{
    uint64_t b = si->dst ? 1ull << (si->dst & 63) : 0;
    for (uint32_t r = 0; r < si->nsrc; r++)
        b |= 1ull << (si->srcs[r] & 63);
    return b;
}

/* --- instruction records ------------------------------------------------------------------- */

static uint32_t inst_alloc(struct sm *s)
{
    if (s->free_inst == NONE) {
        uint32_t nc = s->ninst ? s->ninst * 2 : 64;
        struct inst *ni = realloc(s->insts, nc * sizeof *ni);
        if (!ni)
            return NONE;
        memset(ni + s->ninst, 0, (nc - s->ninst) * sizeof *ni);
        for (uint32_t i = s->ninst; i < nc; i++)
            ni[i].next_free = i + 1 < nc ? i + 1 : NONE;
        s->free_inst = s->ninst;
        s->insts = ni;
        s->ninst = nc;
    }
    uint32_t k = s->free_inst;
    s->free_inst = s->insts[k].next_free;
    struct inst *in = &s->insts[k];
    in->gen++;
    in->nwarps = 0;
    in->nacc = 0;
    in->mem_outstanding = 0;
    in->reads_left = 0;
    return k;
}

static void inst_free(struct sm *s, uint32_t k)
{
    s->insts[k].next_free = s->free_inst;
    s->free_inst = k;
}

/* --- CTA management ------------------------------------------------------------------------ */

static void grid_check(struct simt_gpu *g);
static simt_err counted_arrive(struct sm *s, const struct simt_thread *th,
                               const struct simt_sinst *ti);

static void cta_release(struct sm *s, uint32_t c)
{
    struct simt_gpu *g = s->g;
    struct cta_slot *cs = &s->ctas[c];
    s->pol_epoch++;
    if (g->pol_ops->cta_end && s->pol)
        g->pol_ops->cta_end(s->pol, c);
    for (uint32_t t = 0; t < cs->nwarps * g->warp_size; t++) {
        uint32_t slot = cs->first_thread + t;
        /* the slot keeps its cursor: the next CTA placed here re-aims it (simt_cursor_reset) */
        s->threads[slot].state = SIMT_TS_FREE;
    }
    for (uint32_t w = 0; w < cs->nwarps; w++) {
        s->warp_used[cs->first_warp + w] = 0;
        s->warps[cs->first_warp + w].used = 0;
        sb_clear(&s->warps[cs->first_warp + w]);
    }
    simt_cta_free(cs->cta);
    cs->cta = NULL;
    cs->used = 0;
    s->threads_used -= cs->nthreads;
    s->ctas_used--;
    s->regs_used -= cs->regs;
    s->smem_used -= cs->smem;
    s->active_ctas--;
    s->issue_dirty = 1;
    g->ctas_done++;
    grid_check(g); /* the others may have waited only for this CTA */
}

static void maybe_cta_done(struct sm *s, uint32_t c)
{
    struct cta_slot *cs = &s->ctas[c];
    if (cs->used && cs->live == 0 && cs->inflight == 0)
        cta_release(s, c);
}

/* Decodes thread slot's next batch of events into its look-ahead rows (the reader writes them
 * straight there, the memory fields only for memory instructions: only they read them,
 * cur_mev) and starts the batch: the number of events, 0 at the end of its stream (asking
 * again answers 0 again), or -simt_err (likewise). */
static inline int decode_batch(struct sm *s, uint32_t slot)
{
    if (s->bn[slot] && s->bn[slot] < EVBATCH) {
        /* a short batch held the thread's exit (simt_cursor_fill): the cursor, cold by now,
         * would answer 0. Most threads of short kernels (BFS: 17 instructions) fit in one
         * batch, so this was a cursor call per thread */
        s->bpos[slot] = s->bn[slot] = 0;
        return 0;
    }
    s->bpos[slot] = 0;
    size_t x0 = ev_at(slot, 0);
    int r = simt_cursor_fill(s->thr[slot].cur, &s->evpc[x0], &s->evdepth[x0], &s->mev[x0], LROW,
                             EVBATCH);
    s->bn[slot] = r > 0 ? (uint8_t)r : 0;
    return r;
}

/* Loads the next thread event; marks the thread exited at the end of its stream. */
static inline __attribute__((always_inline)) simt_err thread_advance(struct sm *s, uint32_t slot,
                                                                     int barrier)
{
    struct simt_thread *th = &s->threads[slot];
    int r = 1;
    if (s->bpos[slot] == s->bn[slot])
        r = decode_batch(s, slot);
    if (r > 0)
        s->bpos[slot]++;
    if (r < 0) {
        simt_errprefix("SM %u, CTA slot %u, thread %u", s->id, th->cta, th->tid);
        return (simt_err)-r;
    }
    if (th->state == SIMT_TS_READY)
        s->nready--;
    if (r == 0) {
        th->state = SIMT_TS_EXITED;
        struct cta_slot *cs = &s->ctas[th->cta];
        cs->live--;
        return SIMT_ERR_OK;
    }
    size_t x = ev_at(slot, s->bpos[slot] - 1u);
    th->pc = s->evpc[x];
    th->depth = s->evdepth[x];
    th->state = barrier ? SIMT_TS_BARRIER : SIMT_TS_READY;
    s->nready += !barrier;
    if (barrier == 1 || barrier == 2) { /* 3, a counted named barrier: the caller's */
        s->ctas[th->cta].at_barrier++;
        s->ctas[th->cta].at_grid += barrier == 2; /* a grid-wide barrier (SIMT_IF_GRID) */
    }
    return SIMT_ERR_OK;
}

/* The memory fields of thread slot's current event; zeros if its instruction is not a memory
 * one (a mixed group can issue such a thread with a memory instruction's group). */
static const struct simt_evmem *cur_mev(const struct sm *s, uint32_t slot)
{
    static const struct simt_evmem none;
    uint32_t pc = s->threads[slot].pc;
    if (pc >= s->g->prog->ninsts || !s->g->ismem[pc])
        return &none;
    return &s->mev[ev_at(slot, s->bpos[slot] - 1u)];
}

/* Occupancy check and placement of the launch's next CTA on SM s (returns 1 if placed). */
static int try_place(struct sm *s, simt_err *err)
{
    struct simt_gpu *g = s->g;
    if (s->ctas_used >= g->max_ctas || s->threads_used + g->cta_nthreads > g->max_threads ||
        s->regs_used + g->cta_regs > g->regs || s->smem_used + g->cta_smem > g->smem)
        return 0;
    /* contiguous run of free warp slots */
    uint32_t need = g->cta_nwarps, run = 0, first = NONE;
    for (uint32_t w = 0; w < g->max_warps; w++) {
        run = s->warp_used[w] ? 0 : run + 1;
        if (run == need) {
            first = w + 1 - need;
            break;
        }
    }
    if (first == NONE)
        return 0;
    uint32_t c = 0;
    while (s->ctas[c].used)
        c++;
    simt_cta *cta;
    simt_err e = simt_cta_load(g->rd, g->launch, g->next_cta, &cta);
    if (e) {
        *err = e;
        return 0;
    }
    if (simt_cta_nthreads(cta) != g->cta_nthreads) {
        simt_cta_free(cta);
        *err = simt_seterr(SIMT_ERR_FORMAT, "launch %u CTA %llu: %u threads, the launch says %u",
                           g->launch, (unsigned long long)g->next_cta, simt_cta_nthreads(cta),
                           g->cta_nthreads);
        return 0;
    }
    struct cta_slot *cs = &s->ctas[c];
    memset(cs, 0, sizeof *cs);
    cs->cta = cta;
    cs->used = 1;
    cs->first_warp = first;
    cs->nwarps = need;
    cs->first_thread = first * g->warp_size;
    cs->nthreads = g->cta_nthreads;
    cs->live = g->cta_nthreads;
    cs->regs = g->cta_regs;
    cs->smem = g->cta_smem;
    s->threads_used += cs->nthreads;
    s->ctas_used++;
    s->regs_used += cs->regs;
    s->smem_used += cs->smem;
    s->active_ctas++;
    for (uint32_t w = 0; w < need; w++) {
        struct warp *wp = &s->warps[first + w];
        s->warp_used[first + w] = 1;
        wp->used = 1;
        wp->cta = c;
        sb_clear(wp);
        wp->cbar = wp->cbar_n = 0;
        wp->cbar_seq = 0;
        wp->nmarked = 0;
        wp->age = g->warp_seq++;
    }
    for (uint32_t t = 0, lane = 0, wi = first; t < need * g->warp_size; t++) {
        uint32_t slot = cs->first_thread + t;
        struct simt_thread *th = &s->threads[slot];
        th->cta = (uint16_t)c;
        th->warp = wi; /* first + t / warp_size */
        th->tid = t;
        th->lane = (uint8_t)lane; /* t % warp_size */
        if (++lane == g->warp_size) {
            lane = 0;
            wi++;
        }
        th->state = SIMT_TS_FREE;
        if (t >= cs->nthreads)
            continue;
        s->bpos[slot] = s->bn[slot] = 0;
        e = s->thr[slot].cur ? simt_cursor_reset(s->thr[slot].cur, cta, t)
                             : simt_cursor_create(cta, t, &s->thr[slot].cur);
        if (!e) {
            th->state = SIMT_TS_READY; /* so that thread_advance can count an exit */
            s->nready++;
            e = thread_advance(s, slot, 0);
        }
        if (e) {
            *err = e;
            return 0;
        }
    }
    g->next_cta++;
    (*g->st_ctas)++;
    s->pol_epoch++;
    e = g->pol_ops->cta_start(s->pol, c, cs->first_thread, cs->nthreads, first, need);
    if (e) {
        simt_errprefix("policy %s: cta_start", g->pol_ops->name);
        *err = e;
        return 0;
    }
    if (cs->live == 0)
        maybe_cta_done(s, c);
    s->busy = 1;
    s->issue_dirty = 1;
    return 1;
}

/* --- front end (buffered model) ------------------------------------------------------------
 * One instruction buffer per issuing group (the policy's warp: a static warp under PDOM, a
 * dynamic warp under DWF, a fragment under serial), found by group id in an open-addressing
 * table. A buffer holds the next ib_n instructions in program order from ib_pc; one fetch at
 * a time refills it. When the table gets half full it doubles (fe_grow), up to room for one
 * group per thread slot (fe_max); only beyond that - a policy whose group ids keep changing -
 * is it flushed (every buffer refetches). Until the thirty-first session it was flushed at
 * 4 x (warps + 16) entries: a policy with more live groups than that (serial on a divergent
 * kernel: a fragment per thread) flushed it again before any fetch came back, and no group
 * ever issued (a livelock the watchdog reported). */

/* The i-cache line of instruction pc. */
static inline uint64_t ic_line_of(const struct simt_gpu *g, uint32_t pc)
{
    return simt_udiv((uint64_t)pc * g->inst_bytes, g->ic_line);
}

/* Group id's home slot in the open-addressing table of buffers (fe_cap is a power of 2). */
static inline uint32_t fe_home(const struct sm *s, uint32_t id)
{
    return (id * 0x9e3779b1u) & (s->fe_cap - 1);
}

/* The buffer of group id, or NULL if it has none (fe_entry without the allocation). */
static struct fent *fe_find(struct sm *s, uint32_t id)
{
    uint32_t mask = s->fe_cap - 1, h = fe_home(s, id);
    for (; s->fe[h].used; h = (h + 1) & mask)
        if (s->fe[h].id == id)
            return &s->fe[h];
    return NULL;
}

static __attribute__((noinline)) struct fent *fe_entry_slow(struct sm *s, uint32_t id);

/* The buffer of group id, allocated if it has none: the usual first-probe hit inline. */
static inline struct fent *fe_entry(struct sm *s, uint32_t id)
{
    struct fent *e = &s->fe[fe_home(s, id)];
    return e->used && e->id == id ? e : fe_entry_slow(s, id);
}

/* Moves the table to twice its size. Entries are found by index by the fetch queue, the
 * fetch events in the heap and the replayable instructions holding an entry (fe_idx): each is
 * renumbered. 0 if there is no memory for it (the caller then flushes). */
static __attribute__((noinline)) int fe_grow(struct sm *s)
{
    const uint32_t oc = s->fe_cap, nc = oc * 2;
    struct fent *ne = calloc(nc, sizeof *ne);
    uint32_t *nq = malloc(nc * sizeof *nq), *map = malloc(oc * sizeof *map);
    if (!ne || !nq || !map) {
        free(ne);
        free(nq);
        free(map);
        return 0;
    }
    for (uint32_t i = 0; i < oc; i++) {
        map[i] = NONE;
        if (!s->fe[i].used)
            continue;
        uint32_t h = (s->fe[i].id * 0x9e3779b1u) & (nc - 1); /* fe_home() at the new size */
        while (ne[h].used)
            h = (h + 1) & (nc - 1);
        ne[h] = s->fe[i];
        map[i] = h;
    }
    /* an unused entry has no live fetch or queued request: entries stop being used only in a
     * flush or at a launch's start, which drop both (their generation moves on); requests and
     * fetch events left for them are dropped here, as they would be when due */
    uint32_t qn = 0;
    for (uint32_t k = 0; k < s->fq_n; k++) {
        uint32_t i = s->fq[(s->fq_head + k) & (oc - 1)];
        if (map[i] != NONE)
            nq[qn++] = map[i];
    }
    uint32_t kept = 0;
    for (uint32_t k = 0; k < s->nheap; k++) {
        struct hent e = s->heap[k];
        if (e.kind == EV_FETCH && map[e.idx] == NONE)
            continue;
        if (e.kind == EV_FETCH)
            e.idx = map[e.idx];
        s->heap[kept++] = e;
    }
    if (kept != s->nheap) { /* the (cycle, seq) order is total: any heap gives the same pops */
        s->nheap = 0;
        for (uint32_t k = 0; k < kept; k++)
            heap_insert(s, s->heap[k]);
    }
    for (uint32_t k = 0; k < s->ninst; k++)
        if (s->insts[k].fe_held && s->insts[k].fe_idx < oc && map[s->insts[k].fe_idx] != NONE)
            s->insts[k].fe_idx = map[s->insts[k].fe_idx];
    free(map);
    free(s->fe);
    free(s->fq);
    s->fe = ne;
    s->fq = nq;
    s->fq_head = 0;
    s->fq_n = qn;
    s->fe_cap = nc;
    return 1;
}

static struct fent *fe_entry_slow(struct sm *s, uint32_t id)
{
    uint32_t mask = s->fe_cap - 1, h = fe_home(s, id);
    while (s->fe[h].used) {
        if (s->fe[h].id == id)
            return &s->fe[h];
        h = (h + 1) & mask;
    }
    if (2 * (s->fe_count + 1) > s->fe_cap && s->fe_cap < s->fe_max && fe_grow(s)) {
        mask = s->fe_cap - 1;
        for (h = fe_home(s, id); s->fe[h].used;)
            h = (h + 1) & mask;
    }
    if (2 * (s->fe_count + 1) > s->fe_cap) {
        for (uint32_t i = 0; i < s->fe_cap; i++) {
            s->fe[i].used = 0;
            s->fe[i].queued = 0;
            s->fe[i].gen++; /* fetches in flight are dropped */
        }
        s->fe_count = 0;
        s->fq_n = 0;
        h = fe_home(s, id);
    }
    struct fent *e = &s->fe[h];
    e->used = 1;
    e->held = 0;
    e->alloc++;
    e->id = id;
    e->ib_pc = NONE;
    e->ib_n = 0;
    e->fetch_n = 0;
    e->queued = 0;
    e->gen++;
    s->fe_count++;
    return e;
}

static void fe_enqueue(struct sm *s, struct fent *e)
{
    if (e->queued || e->fetch_n || e->ib_pc == NONE || e->ib_n + e->held >= s->g->ib_depth)
        return; /* one fetch in flight per buffer; no fill past the issue tail pointer */
    e->queued = 1;
    s->fq[(s->fq_head + s->fq_n) & (s->fe_cap - 1)] = (uint32_t)(e - s->fe); /* (a power of 2) */
    s->fq_n++;
    s->busy = 1;
}

/* Redirects e to pc if its buffer holds something else (flushing it and the fetch in flight). */
static void fe_redirect(struct sm *s, struct fent *e, uint32_t pc)
{
    if (e->ib_pc != pc) {
        e->ib_pc = pc;
        e->ib_end = pc;
        e->ib_n = 0;
        e->fetch_n = 0;
        e->gen++;
    }
    fe_enqueue(s, e);
}

static void fe_consume(struct sm *s, struct fent *e, uint32_t pc)
{
    struct simt_gpu *g = s->g;
    if (e->ib_pc != pc || e->ib_n == 0)
        return;
    uint32_t nx = pc + 1 < g->prog->ninsts ? g->nseq[pc + 1] : NONE;
    e->ib_pc = nx;
    e->ib_n--;
    if (nx == NONE)
        e->ib_n = 0;
    fe_enqueue(s, e);
}

/* One fetch per cycle: the oldest request accesses the i-cache. */
static simt_err fe_fetch(struct sm *s, uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    while (s->fq_n) {
        uint32_t idx = s->fq[s->fq_head];
        s->fq_head = (s->fq_head + 1) & (s->fe_cap - 1);
        s->fq_n--;
        struct fent *e = &s->fe[idx];
        e->queued = 0;
        if (!e->used || e->ib_pc == NONE || e->fetch_n || e->ib_n + e->held >= g->ib_depth)
            continue;
        /* the instruction to fetch: ib_n steps after ib_pc */
        uint32_t pc = e->ib_end;
        if (pc == NONE)
            continue;
        uint64_t line = ic_line_of(g, pc);
        uint32_t set = (uint32_t)simt_umod(line, s->ic_sets);
        uint64_t *tag = &s->ic_tag[(size_t)set * g->ic_assoc],
                 *lru = &s->ic_lru[(size_t)set * g->ic_assoc];
        uint32_t way = NONE, victim = 0;
        for (uint32_t a = 0; a < g->ic_assoc; a++) {
            if (tag[a] == line + 1)
                way = a;
            if (lru[a] < lru[victim])
                victim = a;
        }
        uint64_t lat = g->decode_latency;
        (*g->st_fetches)++;
        if (way == NONE) {
            (*g->st_ic_miss)++;
            way = victim;
            tag[way] = line + 1;
            lat += g->ic_miss;
        }
        lru[way] = cycle + 1;
        /* instructions of this line, up to fetch_width and the buffer room */
        uint32_t n = 0, p = pc;
        while (p != NONE && n < g->fetch_width && n + e->ib_n + e->held < g->ib_depth &&
               ic_line_of(g, p) == line) {
            n++;
            p = p + 1 < g->prog->ninsts ? g->nseq[p + 1] : NONE;
        }
        if (n == 0) {
            n = 1;
            p = pc + 1 < g->prog->ninsts ? g->nseq[pc + 1] : NONE;
        }
        e->fetch_n = n;
        e->fetch_end = p;
        if (heap_push(s, cycle + (lat ? lat : 1), EV_FETCH, idx, e->gen) < 0)
            return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
        return SIMT_ERR_OK;
    }
    return SIMT_ERR_OK;
}

/* --- completion and write-back --------------------------------------------------------------- */

static inline __attribute__((always_inline)) void inst_retire(struct sm *s, uint32_t k,
                                                              uint64_t cycle)
{
    struct inst *in = &s->insts[k];
    if (in->dst)
        for (uint32_t i = 0; i < in->nwarps; i++)
            sb_release(&s->warps[in->warps[i]], in->dst);
    int drained = 0; /* a warp's last memory instruction in flight: its fence may go */
    if (in->unit == U_MEM)
        for (uint32_t i = 0; i < in->nwarps; i++)
            drained |= --s->warps[in->warps[i]].mem_inflight == 0;
    /* a load's result, or a drained warp: pending groups may become ready (waits_long) */
    s->ll_epoch += in->longlat || drained;
    uint32_t ctas[64], nc = 0;
    s->stamp++;
    for (uint32_t i = 0; i < in->nwarps; i++) {
        uint32_t c = s->warps[in->warps[i]].cta;
        if (s->ctas[c].stamp != s->stamp) {
            s->ctas[c].stamp = s->stamp;
            s->ctas[c].inflight--;
            if (nc < 64)
                ctas[nc++] = c;
        }
    }
    s->ninflight--;
    inst_free(s, k);
    s->g->last_progress = cycle;
    s->busy = 1;
    s->issue_dirty = 1;
    for (uint32_t i = 0; i < nc; i++)
        maybe_cta_done(s, ctas[i]);
}

/* inst_retire for stage_writeback_waiting, kept out of line so that sm_step holds one copy
 * (stage_writeback's): with both inlined, or both called, dwf on mum ran 1-1.2 % more
 * instructions (callgrind) */
static __attribute__((noinline)) void inst_retire_waiting(struct sm *s, uint32_t k, uint64_t cycle)
{
    inst_retire(s, k, cycle);
}

static void mem_complete(void *ctx, uint64_t token, uint32_t nthreads, uint64_t cycle)
{
    struct sm *s = ctx;
    uint32_t k = (uint32_t)token, gen = (uint32_t)(token >> 32);
    if (k >= s->ninst || s->insts[k].gen != gen) {
        s->g->err = simt_seterr(SIMT_ERR_INVARIANT,
                                "SM %u: memory completion for an unknown request", s->id);
        return;
    }
    struct inst *in = &s->insts[k];
    in->mem_outstanding -= nthreads < in->mem_outstanding ? nthreads : in->mem_outstanding;
    s->g->last_progress = cycle;
    if (in->mem_outstanding == 0 && in->nacc == 0) {
        if (heap_push(s, cycle, EV_WB, k, 0) < 0)
            s->g->err = simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
    }
    s->busy = 1;
    /* A completion delivered by shared_tick() comes after this SM's step of `cycle` (or in a
     * cycle the SM skipped): its next step must not be later than the next cycle. Inside
     * sm_step (tick/push) busy already does this. */
    if (s->next_cycle > cycle + 1)
        s->next_cycle = cycle + 1;
}

/* A fetch (heap event e) comes back: its instructions enter the buffer, unless the buffer
 * was redirected or reused since (the generation moved on). */
static inline void fetch_arrived(struct sm *s, const struct hent *e)
{
    struct fent *fe = &s->fe[e->idx];
    if (fe->used && fe->gen == e->aux && fe->fetch_n) {
        fe->ib_n += fe->fetch_n;
        fe->ib_end = fe->fetch_end;
        fe->fetch_n = 0;
        s->busy = 1;
        s->issue_dirty = 1;
        fe_enqueue(s, fe);
    }
}

/* Appends a write-back waiting for a port to the list being built (due next cycle). */
static int wbq_add(struct sm *s, uint32_t list, uint32_t idx)
{
    if (s->wbq_n[list] == s->wbq_cap[list]) {
        struct wbwait *nq = grow_array(s->wbq[list], &s->wbq_cap[list], 64, sizeof *nq);
        if (!nq)
            return -1;
        s->wbq[list] = nq;
    }
    s->wbq[list][s->wbq_n[list]++] = (struct wbwait){s->heap_seq++, idx};
    return 0;
}

/* A result found every port taken in stage_writeback while no list was pending: it goes to
 * the (empty) current list, due next cycle, which stage_writeback_waiting then drains. */
static __attribute__((noinline)) int wb_wait(struct sm *s, uint32_t k, uint64_t cycle)
{
    (*s->g->st_wb_stall)++;
    s->wbq_cycle = cycle + 1;
    s->busy = 1; /* step next cycle, when it is due */
    return wbq_add(s, s->wbq_cur, k);
}

/* Completions due by `cycle` while write-backs wait for a port (wbq[wbq_cur], due at
 * wbq_cycle): the heap's and the waiting ones, merged in (cycle, seq) order. A write-back that
 * finds every port taken waits for the next cycle, at the place a heap entry pushed now for
 * cycle + 1 would take (a new seq, as heap_push gives). Out of line: results seldom wait. */
static __attribute__((noinline)) simt_err stage_writeback_waiting(struct sm *s, uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    uint32_t ports = 0;
    const uint32_t cur = s->wbq_cur, nxt = cur ^ 1u;
    const struct wbwait *wq = s->wbq[cur];
    const uint32_t wn = s->wbq_n[cur];
    const uint64_t wc = s->wbq_cycle; /* <= cycle: sm_step wakes the SM then */
    uint32_t wh = 0;
    if (wc > cycle) /* (cannot happen: the lists would be mixed up) */
        return simt_seterr(
            SIMT_ERR_INVARIANT,
            "timing: SM stepped at cycle %llu, before its waiting write-backs (%llu)",
            (unsigned long long)cycle, (unsigned long long)wc);
    s->wbq_n[nxt] = 0;
    for (;;) {
        uint32_t k;
        if (wh < wn && (!s->nheap || s->heap[0].cycle > wc ||
                        (s->heap[0].cycle == wc && s->heap[0].seq > wq[wh].seq))) {
            k = wq[wh++].idx;
        } else if (s->nheap && s->heap[0].cycle <= cycle) {
            const struct hent e = heap_pop(s);
            if (e.kind == EV_FETCH) {
                fetch_arrived(s, &e);
                continue;
            }
            k = e.idx;
        } else {
            break;
        }
        if (s->insts[k].needs_wb) {
            if (ports == g->wb_ports) {
                (*g->st_wb_stall)++;
                if (wbq_add(s, nxt, k) < 0)
                    return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
                continue;
            }
            ports++;
        }
        inst_retire_waiting(s, k, cycle);
    }
    s->wbq_n[cur] = 0;
    s->wbq_cur = nxt;
    s->wbq_cycle = cycle + 1;
    if (s->wbq_n[nxt])
        s->busy = 1; /* step next cycle, when they are due */
    return SIMT_ERR_OK;
}

/* Completions due by `cycle`, in (cycle, seq) order: fetched instructions arrive, results
 * retire through at most core.wb_ports write ports; the rest wait a cycle (wbq). */
static inline __attribute__((always_inline)) simt_err stage_writeback(struct sm *s, uint64_t cycle)
{
    if (__builtin_expect(s->wbq_n[s->wbq_cur] != 0, 0))
        return stage_writeback_waiting(s, cycle);
    struct simt_gpu *g = s->g;
    uint32_t ports = 0;
    while (s->nheap && s->heap[0].cycle <= cycle) {
        struct hent e = s->heap[0];
        if (e.kind == EV_FETCH) {
            heap_pop(s);
            fetch_arrived(s, &e);
            continue;
        }
        struct inst *in = &s->insts[e.idx];
        if (in->needs_wb) {
            if (ports == g->wb_ports) {
                /* out of write-back ports this cycle: it waits for the next (wbq) */
                heap_pop(s);
                if (wb_wait(s, e.idx, cycle) < 0)
                    return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
                continue;
            }
            ports++;
        }
        heap_pop(s);
        inst_retire(s, e.idx, cycle);
    }
    return SIMT_ERR_OK;
}

/* --- replay bookkeeping (seed 003 5.2.3-5.2.4) ----------------------------------------------
 * A squashed instruction stays in its warp's buffer, between the issue tail pointer and the
 * issue pointer, with its unserved accesses as its private active mask, and is marked for
 * replay. While a warp has a marked instruction its selection logic presents only the oldest
 * one (first-issue order) to the scheduler: newer instructions of that warp wait. The core
 * keeps, per scheduler, the marked instructions in first-issue order (rq) and, per static
 * warp, how many marked instructions cover it (nmarked). */

static simt_err replay_mark(struct sm *s, uint32_t k)
{
    struct inst *in = &s->insts[k];
    uint32_t sc = in->sched;
    if (s->sch[sc].rq_n == s->sch[sc].rq_cap) {
        uint32_t *nq = grow_array(s->sch[sc].rq, &s->sch[sc].rq_cap, 16, sizeof *nq);
        if (!nq)
            return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
        s->sch[sc].rq = nq;
    }
    if (s->rcand_cap < s->sch[sc].rq_cap) {
        struct cand *nr = realloc(s->rcand, s->sch[sc].rq_cap * sizeof *nr);
        if (!nr)
            return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
        s->rcand = nr;
        s->rcand_cap = s->sch[sc].rq_cap;
    }
    uint32_t *q = s->sch[sc].rq, i = s->sch[sc].rq_n++;
    while (i > 0 && s->insts[q[i - 1]].iseq > in->iseq) {
        q[i] = q[i - 1];
        i--;
    }
    q[i] = k;
    for (uint32_t w = 0; w < in->nwarps; w++)
        s->warps[in->warps[w]].nmarked++;
    return SIMT_ERR_OK;
}

/* Removes entry i of scheduler sc's marked list (the instruction is re-issued). */
static void replay_unmark(struct sm *s, uint32_t sc, uint32_t i)
{
    struct inst *in = &s->insts[s->sch[sc].rq[i]];
    for (uint32_t w = 0; w < in->nwarps; w++)
        s->warps[in->warps[w]].nmarked--;
    memmove(&s->sch[sc].rq[i], &s->sch[sc].rq[i + 1],
            (s->sch[sc].rq_n - i - 1) * sizeof *s->sch[sc].rq);
    s->sch[sc].rq_n--;
}

/* --- LD/ST units: offer held instructions to the memory stage ----------------------------- */

/* The memory request of instruction k as it stands (its unserved accesses). */
static struct simt_mem_req inst_req(const struct sm *s, uint32_t k)
{
    const struct inst *in = &s->insts[k];
    struct simt_mem_req req = {.pc = in->pc,
                               .kind = in->kind,
                               .space = in->space,
                               .dst_reg = in->dst,
                               .warp = in->warp0,
                               .token = (uint64_t)k | ((uint64_t)in->gen << 32),
                               .naccess = in->nacc,
                               .acc = in->acc};
    return req;
}

/* The stage woke the sleeping LD/ST unit (from shared_tick of `cycle`): it pushes again next
 * cycle. */
static void mem_wake(void *ctx, uint64_t cycle)
{
    struct sm *s = ctx;
    if (!s->mem_asleep)
        return;
    s->mem_ready_at[0] = cycle + 1;
    if (s->next_cycle > cycle + 1)
        s->next_cycle = cycle + 1;
    if (s->wake > cycle + 1) /* when called inside this SM's step */
        s->wake = cycle + 1;
}

/* Counts the pushes the sleeping unit left out: one in every cycle since the SM's last step
 * (without the sleep the core would have stepped the SM in each of them, the push failing the
 * same way: SM steps, hazard cycles, hazards, and the stage's own statistics through
 * repeat()), and, when it is not woken yet, this cycle's (its hazards join this cycle's). */
static void ldst_sleep_count(struct sm *s, uint64_t cycle, int woken, uint32_t *hz_cycle)
{
    struct simt_gpu *g = s->g;
    const uint64_t skipped = cycle - s->mem_counted - 1;
    const uint64_t n = skipped + (woken ? 0 : 1);
    (*g->st_steps) += skipped;
    if (s->mem_sleep_hz)
        (*g->st_hazard_cycles) += n;
    for (uint32_t h = 0; skipped && h < SIMT_HZ_NUM_; h++)
        if (s->mem_sleep_hz & SIMT_HZ_BIT(h))
            (*g->st_hz[h]) += skipped;
    if (!woken)
        *hz_cycle |= s->mem_sleep_hz;
    g->ms_ops->repeat(s->ms, n);
    s->mem_counted = cycle;
}

static simt_err stage_ldst(struct sm *s, uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    uint32_t hz_cycle = 0; /* hazards met in this cycle (seed 003 Fig. 6.1 counts cycles) */
    int refused = 0;       /* the memory stage refused a push this cycle */
    for (uint32_t u = 0; u < g->nunits[U_MEM]; u++) {
        uint32_t k = s->mem_hold[u];
        if (k == NONE)
            continue;
        if (s->mem_asleep) { /* u == 0, the only unit */
            const int woken = s->mem_ready_at[u] <= cycle;
            ldst_sleep_count(s, cycle, woken, &hz_cycle);
            if (!woken)
                continue;
            s->mem_asleep = 0;
        }
        if (s->mem_ready_at[u] > cycle) {
            if (s->mem_ready_at[u] < s->wake)
                s->wake = s->mem_ready_at[u];
            continue;
        }
        if (!g->ms_ops->can_accept(s->ms, cycle)) {
            refused = 1;
            s->wake = cycle + 1;
            continue;
        }
        struct inst *in = &s->insts[k];
        struct simt_mem_req req = inst_req(s, k);
        struct simt_mem_outcome out = {.rejected = s->rejected};
        uint32_t n = in->nacc;
        in->mem_outstanding += n; /* completions may arrive inside push */
        in->nacc = n;
        simt_err e = g->ms_ops->push(s->ms, cycle, &req, &out);
        if (e)
            return e;
        if (out.nserved + out.nrejected != n)
            return simt_seterr(SIMT_ERR_INVARIANT,
                               "memory model %s: served %u + rejected %u of %u accesses",
                               g->ms_ops->name, out.nserved, out.nrejected, n);
        in->mem_outstanding -= out.nrejected;
        if (out.hazards)
            (*g->st_hazard_cycles)++;
        hz_cycle |= out.hazards;
        if (out.nrejected) {
            const uint32_t r0 = out.rejected[0], nr = out.nrejected;
            if (out.rejected[nr - 1] - r0 == nr - 1) { /* a run (increasing indices) */
                if (r0)
                    memmove(in->acc, in->acc + r0, nr * sizeof *in->acc);
            } else
                for (uint32_t i = 0; i < nr; i++)
                    in->acc[i] = in->acc[out.rejected[i]];
            in->nacc = out.nrejected;
            if (g->replay) {
                /* replay (seed 003 chapter 5): the unserved accesses (the instruction's
                 * private active mask) are squashed and go back to the scheduler, which
                 * re-issues them; the LD/ST unit is free for other instructions */
                s->mem_hold[u] = NONE;
                s->coll_quiet = 0;
                if (in->stalled) {
                    in->stalled = 0;
                    s->nstalled--;
                }
                uint64_t free_at = cycle + (out.busy_cycles ? out.busy_cycles : 1);
                if (s->unit_busy[U_MEM][u] < free_at)
                    s->unit_busy[U_MEM][u] = free_at;
                SIMT_TRY(replay_mark(s, k));
                (*g->st_replays)++;
                s->issue_dirty = 1;
                s->busy = 1;
                continue;
            }
            /* stalling (seed 003 1.1.7): keep the unserved accesses in the unit and offer
             * them again when the stage is free */
            s->mem_ready_at[u] = cycle + (out.busy_cycles ? out.busy_cycles : 1);
            if (out.nserved == 0 && out.busy_cycles <= 1 && g->nunits[U_MEM] == 1 &&
                g->ms_ops->sleep && g->ms_ops->repeat && g->ms_ops->sleep(s->ms, cycle)) {
                /* the same push would fail the same way every cycle until the stage says
                 * otherwise: stop offering it (docs/MEMORY.md, "Simulation speed") */
                s->mem_asleep = 1;
                s->mem_sleep_hz = out.hazards;
                s->mem_counted = cycle;
                s->mem_ready_at[u] = UINT64_MAX;
            } else if (s->mem_ready_at[u] < s->wake)
                s->wake = s->mem_ready_at[u];
            if (!in->stalled) { /* held by a hazard: the stall propagates (Fig. 1.4) */
                in->stalled = 1;
                s->nstalled++;
            }
            continue;
        }
        in->nacc = 0;
        s->mem_hold[u] = NONE;
        s->coll_quiet = 0;
        if (in->fe_held) {
            /* every access served: the instruction will not replay and its warp buffer
             * entry is freed; the issue tail pointer advances (seed 003 5.2.4) */
            struct fent *fe = &s->fe[in->fe_idx];
            in->fe_held = 0;
            if (fe->used && fe->alloc == in->fe_alloc && fe->held) {
                fe->held--;
                fe_enqueue(s, fe);
            }
        }
        if (in->stalled) {
            in->stalled = 0;
            s->nstalled--;
        }
        if (s->unit_busy[U_MEM][u] < cycle + (out.busy_cycles ? out.busy_cycles : 1))
            s->unit_busy[U_MEM][u] = cycle + (out.busy_cycles ? out.busy_cycles : 1);
        if (in->mem_outstanding == 0) {
            if (heap_push(s, cycle, EV_WB, k, 0) < 0)
                return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
        }
    }
    for (uint32_t h = 0; hz_cycle && h < SIMT_HZ_NUM_; h++)
        if (hz_cycle & SIMT_HZ_BIT(h))
            (*g->st_hz[h])++;
    /* a unit stalls while it holds unserved accesses (stalling, seed 003 1.1.7) or the stage
     * refuses it; skipped cycles until the next step keep this verdict (sm_step) */
    s->last_memstall = refused || s->nstalled > 0;
    (*g->st_mem_stall) += (uint64_t)s->last_memstall;
    return g->err;
}

/* --- operand collector and dispatch ------------------------------------------------------- */

static uint32_t slot_class(const struct simt_gpu *g, uint32_t unit)
{
    return g->separated ? unit : 0;
}

/* The first cycle after `cycle` in which unit x of type u could take an instruction from the
 * collector (a held LD/ST unit frees no earlier than its next push). */
static inline uint64_t unit_free_at(const struct sm *s, uint32_t u, uint32_t x, uint64_t cycle)
{
    uint64_t t = s->unit_busy[u][x];
    if (u == U_MEM && s->mem_hold[x] != NONE && s->mem_ready_at[x] > t)
        t = s->mem_ready_at[x];
    return t <= cycle ? cycle + 1 : t;
}

static simt_err stage_collect(struct sm *s, uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    if (s->coll_quiet && cycle < s->coll_until && g->coll_skip) {
        /* the scan would dispatch nothing and read no operand: only its wake-up time is
         * needed, which the held LD/ST units' ready times can still move */
        uint64_t w = s->coll_until;
        for (uint32_t x = 0; s->coll_wait_mem && x < g->nunits[U_MEM]; x++)
            if (s->mem_hold[x] != NONE) {
                const uint64_t t = unit_free_at(s, U_MEM, x, cycle);
                if (t < w)
                    w = t;
            }
        if (w < s->wake)
            s->wake = w;
        return SIMT_ERR_OK;
    }
    uint32_t keep = 0;
    int wait_mem = 0;
    int changed = 0; /* an operand read or a dispatch */
    uint64_t until = UINT64_MAX;
    /* unit types found with no free unit in this scan: a later instruction of the type finds
     * none either (a dispatch only makes units busier) and adds the same wake-up times */
    uint8_t none_free[U_NUM] = {0};
    /* the occupied slots are kept oldest first (issue order) */
    for (uint32_t o = 0; o < s->ncoll; o++) {
        uint32_t k = s->coll[o];
        s->coll[keep++] = k; /* stays unless dispatched below */
        struct inst *in = &s->insts[k];
        if (in->reads_left) {
            changed = 1;
            /* register-file reads, in operand order: one per bank per cycle (seed 003
             * 1.1.6.3); an instruction waiting only for a unit (the usual occupant of a
             * full collector) skips this */
            for (uint32_t m = in->reads_left; m; m &= m - 1) {
                const uint32_t r = (uint32_t)__builtin_ctz(m), b = in->banks[r];
                if (s->bank_cycle[b] == cycle + 1) {
                    (*g->st_bank_conf)++;
                    continue;
                }
                s->bank_cycle[b] = cycle + 1;
                in->reads_left &= ~(1u << r);
            }
            if (in->reads_left) {
                s->wake = cycle + 1; /* reads left: next cycle */
                continue;
            }
        }
        /* dispatch to a free unit of its type */
        uint32_t u = in->unit, unit = NONE;
        if (none_free[u])
            continue;
        for (uint32_t x = 0; x < g->nunits[u]; x++)
            if (s->unit_busy[u][x] <= cycle && (u != U_MEM || s->mem_hold[x] == NONE)) {
                unit = x;
                break;
            }
        if (unit == NONE) {
            /* wake when a unit of its type can take it (a held LD/ST unit frees no earlier
             * than its next push) */
            wait_mem |= u == U_MEM;
            none_free[u] = 1;
            for (uint32_t x = 0; x < g->nunits[u]; x++) {
                const uint64_t t = unit_free_at(s, u, x, cycle);
                if (!(u == U_MEM && s->mem_hold[x] != NONE) && t < until)
                    until = t; /* a busy unit that is not held: its busy time */
                if (t < s->wake)
                    s->wake = t;
            }
            continue;
        }
        changed = 1;
        uint64_t ii = g->ii[u] * (in->issue_cycles ? in->issue_cycles : 1);
        keep--; /* leaves the collector */
        s->issue_dirty = 1;
        s->slots_used[slot_class(g, u)]--;
        s->unit_busy[u][unit] = cycle + ii;
        (*g->st_unit[u]) += ii;
        if (u == U_MEM) {
            s->mem_hold[unit] = k;
            s->mem_ready_at[unit] = cycle + g->latency[U_MEM];
            if (s->mem_ready_at[unit] < s->wake)
                s->wake = s->mem_ready_at[unit];
        } else {
            uint64_t done = cycle + g->latency[u] + ii - g->ii[u];
            if (heap_push(s, done, EV_WB, k, 0) < 0)
                return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
        }
    }
    s->ncoll = keep;
    s->coll_quiet = keep && !changed;
    s->coll_wait_mem = (uint8_t)wait_mem;
    s->coll_until = until;
    return SIMT_ERR_OK;
}

/* --- issue --------------------------------------------------------------------------------- */

/* The distinct static warps of group gr, *nw of them: the policy's list (simt_group.warps) or
 * buf, filled here. */
/* The static warp of gr's first thread: the policy's warp list names it first (simt_group.warps,
 * in order of first appearance), which spares reading the thread's record. */
static inline uint32_t group_warp0(const struct sm *s, const struct simt_group *gr)
{
    return gr->warps && gr->nwarps ? gr->warps[0] : s->threads[gr->threads[0]].warp;
}

static const uint32_t *group_warps_scan(struct sm *s, const struct simt_group *gr, uint32_t *buf,
                                        uint32_t *nw);

static inline const uint32_t *group_warps(struct sm *s, const struct simt_group *gr, uint32_t *buf,
                                          uint32_t *nw)
{
    if (gr->warps && gr->nwarps) { /* the policy's own list (simt_policy.h): no thread read */
        *nw = gr->nwarps;
        return gr->warps;
    }
    return group_warps_scan(s, gr, buf, nw);
}

static const uint32_t *group_warps_scan(struct sm *s, const struct simt_group *gr, uint32_t *buf,
                                        uint32_t *nw)
{
    if (gr->one_warp || gr->nthreads == 1) {
        buf[0] = s->threads[gr->threads[0]].warp;
        *nw = 1;
        return buf;
    }
    uint32_t n = 0;
    s->stamp++;
    for (uint32_t i = 0; i < gr->nthreads; i++) {
        uint32_t w = s->threads[gr->threads[i]].warp;
        if (s->warps[w].stamp != s->stamp) {
            s->warps[w].stamp = s->stamp;
            buf[n++] = w;
        }
    }
    *nw = n;
    return buf;
}

static int has_free_slot(const struct sm *s, uint32_t c)
{
    return s->slots_used[c] < s->nslots[c];
}

static uint8_t mem_kind_of(uint8_t iclass)
{
    switch (iclass) {
    case SIMT_IC_STORE:
        return SIMT_MK_STORE;
    case SIMT_IC_ATOMIC:
        return SIMT_MK_ATOMIC;
    case SIMT_IC_COPY:
        return SIMT_MK_COPY;
    default:
        return SIMT_MK_LOAD;
    }
}

/* Hazard prediction (seed 003 chapter 6): true if the memory stage predicts that the memory
 * instruction of group gr, issued now, would meet a resource hazard (MSHR, COMQ, RSV) - the
 * scheduler then does not issue it this cycle. Only the avoidable hazards hold an instruction
 * back; DIV and BANK are mandatory (ch. 6 footnote 1). */
static int predict_hold(struct sm *s, const struct simt_group *gr, const struct simt_sinst *si,
                        uint32_t warp0, uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    uint32_t n = 0;
    for (uint32_t i = 0; i < gr->nthreads; i++) {
        uint32_t slot = gr->threads[i];
        if (slot >= g->max_threads)
            continue;
        if (s->bpos[slot] == 0)
            continue;
        const struct simt_evmem *ev = cur_mev(s, slot);
        struct simt_mem_access *a = &s->pacc[n++];
        a->addr = ev->addr;
        a->addr2 = ev->addr2;
        a->size = ev->size;
        a->thread = slot;
        a->lane = s->threads[slot].lane;
    }
    if (n == 0)
        return 0;
    struct simt_mem_req req = {.pc = gr->pc,
                               .kind = mem_kind_of(si->iclass),
                               .space = si->mspace,
                               .dst_reg = si->dst,
                               .warp = warp0,
                               .token = UINT64_MAX, /* not issued yet: nothing known about it */
                               .naccess = n,
                               .acc = s->pacc};
    return (g->ms_ops->predict(s->ms, cycle, &req) & HZ_RESOURCE) != 0;
}

/* A fence (SIMT_IC_MEMBAR: __threadfence*, membar) issues only once every earlier memory
 * instruction of its warps has completed - loads have their data, stores and atomics were
 * served by the memory stage - so that the accesses after it are ordered after the ones
 * before it, as the fence requires (CUDA Programming Guide, memory fence functions). */
static inline int fence_waits(const struct sm *s, const uint32_t *wl, uint32_t nw)
{
    for (uint32_t i = 0; i < nw; i++)
        if (s->warps[wl[i]].mem_inflight)
            return 1;
    return 0;
}

/* One issue class of a mixed group: its threads are s->mthr[start .. start + n) (lanes in
 * s->mlanes), in the group's order; pc is the first one's. */
struct mpart {
    uint32_t pc, start, n;
};

/* The part of a mixed group that thread slot joins (its instruction's issue class; a class
 * met for the first time becomes part *np, at the thread's pc), or -1 for a bad slot or pc.
 * seen, idx[] and ppc[] carry the classes met so far over the group's threads. */
static inline int mixed_thread_part(const struct sm *s, uint32_t slot, uint64_t *seen, uint8_t *idx,
                                    uint32_t *ppc, uint32_t *np)
{
    const struct simt_gpu *g = s->g;
    if (slot >= g->max_threads || s->threads[slot].pc >= g->prog->ninsts)
        return -1;
    uint32_t c = g->icls[s->threads[slot].pc];
    if (!(*seen >> c & 1)) {
        *seen |= 1ull << c;
        idx[c] = (uint8_t)*np;
        ppc[(*np)++] = s->threads[slot].pc;
    }
    return idx[c];
}

/* Splits mixed group gr by the issue class of each thread's instruction into parts (in the
 * order of each class's first thread); returns how many (1: one class, nothing written to
 * s->mthr; 0: a thread at no instruction, which check/issue reject as before). */
static uint32_t mixed_split(struct sm *s, const struct simt_group *gr, struct mpart *part)
{
    uint8_t idx[IC_NCLASS], *tp = s->mpart; /* the part of each thread */
    uint32_t ppc[IC_NCLASS], cnt[IC_NCLASS] = {0}, np = 0;
    uint64_t seen = 0;
    if (gr->nthreads > s->g->max_threads)
        return 0;
    for (uint32_t i = 0; i < gr->nthreads; i++) {
        int p = mixed_thread_part(s, gr->threads[i], &seen, idx, ppc, &np);
        if (p < 0)
            return 0;
        tp[i] = (uint8_t)p;
        cnt[p]++;
    }
    if (np == 1)
        return 1;
    for (uint32_t p = 0, at = 0; p < np; p++) {
        part[p] = (struct mpart){.pc = ppc[p], .start = at};
        at += cnt[p];
    }
    for (uint32_t i = 0; i < gr->nthreads; i++) {
        uint32_t slot = gr->threads[i];
        struct mpart *pp = &part[tp[i]];
        uint32_t x = pp->start + pp->n++;
        s->mthr[x] = slot;
        s->mlanes[x] = gr->lanes ? gr->lanes[i] : s->threads[slot].lane;
    }
    return np;
}

/* Part p of mixed group gr as a group of its own. */
static struct simt_group mixed_part(const struct sm *s, const struct simt_group *gr,
                                    const struct mpart *p)
{
    struct simt_group sub = *gr;
    sub.pc = p->pc;
    sub.depth = s->threads[s->mthr[p->start]].depth;
    sub.nthreads = p->n;
    sub.threads = s->mthr + p->start;
    sub.lanes = s->mlanes + p->start;
    sub.warps = NULL;
    sub.nwarps = 0;
    return sub;
}

/* A RAW or WAW hazard on the scoreboard for the instruction at pc in any of warps wl[0..nw)
 * (*longlat: the pending write is a long-latency one). */
static inline __attribute__((always_inline)) int
raw_blocked(struct sm *s, uint32_t pc, const uint32_t *wl, uint32_t nw, int *longlat)
{
    struct simt_gpu *g = s->g;
    const struct simt_sinst *si = &g->prog->insts[pc];
    for (uint32_t i = 0; i < nw; i++) {
        struct warp *w = &s->warps[wl[i]];
        if (w->sb_bits & g->sbbits[pc]) {
            /* the search only for the registers whose summary bit is set */
            for (uint32_t r = 0; r < si->nsrc; r++) {
                int x = sb_maybe(w, si->srcs[r]) ? sb_find(w, si->srcs[r]) : -1;
                if (x >= 0) {
                    *longlat |= w->sb[x].longlat;
                    return 1;
                }
            }
            if (si->dst && sb_maybe(w, si->dst) && sb_find(w, si->dst) >= 0)
                return 1;
        }
    }
    return 0;
}

/* check_group() for a mixed group whose threads are of several issue classes: each thread's
 * warp's operands for its part's instruction, then the fences, the group's instruction buffer
 * and replay marks, a free collector slot of each class the parts need, and each memory part's
 * prediction. Returns check_group's codes, or -1 if the group has a single class and its
 * operands are ready (check_group does the rest as for any group). */
static __attribute__((noinline)) int check_mixed(struct sm *s, const struct simt_group *gr,
                                                 const uint32_t *wl, uint32_t nw, int *longlat,
                                                 uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    /* one pass: each thread's class names its part (the first thread of the class gives the
     * part's pc, whose registers issue_group() will book); its warp's scoreboard is checked
     * against that instruction (a warp seen again in a row is not checked twice) */
    uint32_t ppc[IC_NCLASS], need[U_NUM] = {0}, np = 0, last_w = NONE, last_p = NONE;
    uint8_t idx[IC_NCLASS];
    uint64_t seen = 0;
    int fence = 0;
    for (uint32_t i = 0; i < gr->nthreads; i++) {
        uint32_t slot = gr->threads[i], had = np;
        int p = mixed_thread_part(s, slot, &seen, idx, ppc, &np);
        if (p < 0)
            return 1;    /* (issue_group would reject the thread) */
        if (np != had) { /* a new part: its unit's collector slot */
            const struct simt_sinst *si = &g->prog->insts[ppc[p]];
            need[slot_class(g, (uint32_t)unit_of(si->iclass))]++;
            fence |= si->iclass == SIMT_IC_MEMBAR;
        }
        uint32_t w = s->threads[slot].warp;
        if (w == last_w && (uint32_t)p == last_p)
            continue;
        last_w = w;
        last_p = (uint32_t)p;
        if (raw_blocked(s, ppc[p], &w, 1, longlat))
            return 1;
    }
    if (np == 1)
        return -1; /* one class: operands checked (against the group's pc, its first thread's,
                      as mimd sets it); check_group goes on from its fence check */
    for (uint32_t i = 0; fence && i < gr->nthreads; i++) { /* then the fence, as there */
        uint32_t w = s->threads[gr->threads[i]].warp;
        if (g->icls[s->threads[gr->threads[i]].pc] == IC_MEMBAR && fence_waits(s, &w, 1)) {
            *longlat = 1;
            return 1;
        }
    }
    if (g->buffered_fe) {
        const struct fent *e = fe_entry(s, gr->id);
        if (e->ib_pc != gr->pc || e->ib_n == 0)
            return 3;
    }
    if (g->replay)
        for (uint32_t i = 0; i < nw; i++)
            if (s->warps[wl[i]].nmarked)
                return 5;
    /* a free slot of each class it needs: its other parts may fill the collector beyond its
     * slots for a while (an idealisation in MIMD's favour; s->coll has room for them), since
     * a group of more classes than the collector has slots could never issue otherwise */
    for (uint32_t c = 0; c < U_NUM; c++)
        if (need[c] && !has_free_slot(s, c))
            return 2;
    if (g->predict) {
        struct mpart mp[IC_NCLASS];
        uint32_t n2 = mixed_split(s, gr, mp); /* the parts' threads, for the predictor */
        for (uint32_t p = 0; p < n2; p++) {
            struct simt_group sub = mixed_part(s, gr, &mp[p]);
            const struct simt_sinst *si = &g->prog->insts[sub.pc];
            uint32_t pnw = 0;
            const uint32_t *pwl = group_warps(s, &sub, s->mwarps, &pnw);
            if (unit_of(si->iclass) == U_MEM && predict_hold(s, &sub, si, pwl[0], cycle))
                return 4;
        }
    }
    return 0;
}

/* 0: can issue; 1: RAW (or a fence waiting on memory); 3: front end; 2: structural (collector
 * full); 4: held back by a hazard prediction; 5: a warp of the group has an instruction marked
 * for replay */
static inline __attribute__((always_inline)) int
check_group(struct sm *s, const struct simt_group *gr, uint32_t *wbuf, const uint32_t **wlist,
            uint32_t *nw, int *longlat, uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    if (gr->pc >= g->prog->ninsts || gr->nthreads == 0)
        return 1;
    const struct simt_sinst *si = &g->prog->insts[gr->pc];
    *wlist = group_warps(s, gr, wbuf, nw);
    const uint32_t *wl = *wlist;
    *longlat = 0;
    if (gr->mixed) {
        int r = check_mixed(s, gr, wl, *nw, longlat, cycle);
        if (r >= 0)
            return r;
    } else if (raw_blocked(s, gr->pc, wl, *nw, longlat)) {
        return 1;
    }
    if (si->iclass == SIMT_IC_MEMBAR && fence_waits(s, wl, *nw)) {
        *longlat = 1; /* it waits on memory (two-level: demoted) */
        return 1;
    }
    if (g->buffered_fe) {
        const struct fent *e = fe_entry(s, gr->id);
        if (e->ib_pc != gr->pc || e->ib_n == 0)
            return 3; /* operands ready, instruction not in the group's buffer (the caller
                         counts the front-end stall) */
    }
    if (g->replay)
        for (uint32_t i = 0; i < *nw; i++)
            if (s->warps[wl[i]].nmarked)
                return 5; /* the warp presents its oldest marked instruction (seed 003 5.2.3) */
    if (!has_free_slot(s, g->separated ? (uint32_t)unit_of(si->iclass) : 0)) /* slot_class */
        return 2;
    if (g->predict && unit_of(si->iclass) == U_MEM && predict_hold(s, gr, si, wl[0], cycle))
        return 4;
    return 0;
}

/* Issues gr (already checked): the core-side effects. Threads are advanced; the policy is
 * told afterwards (issued). */
/* The look-ahead rows (next pc and depth) of the warp slots a..b at their current positions:
 * row i of a warp's slots is contiguous (ev_at), so its first and last slot cover it. */
static inline void prefetch_rows(const struct sm *s, uint32_t a, uint32_t b)
{
    __builtin_prefetch(&s->evpc[ev_at(a, s->bpos[a])]);
    __builtin_prefetch(&s->evpc[ev_at(b, s->bpos[b])]);
    __builtin_prefetch(&s->evdepth[ev_at(a, s->bpos[a])]);
    __builtin_prefetch(&s->evdepth[ev_at(b, s->bpos[b])]);
}

#define PF_AHEAD 8 /* cursor prefetch distance in threads (issue_group) */

/* CTA slot c joins the issue round's list of CTAs whose barrier may have completed (checked
 * once per round, barrier_check). */
static inline void cta_touch(struct sm *s, uint32_t c)
{
    struct cta_slot *cs = &s->ctas[c];
    if (cs->tstamp != s->touch_stamp) {
        cs->tstamp = s->touch_stamp;
        s->touched[s->ntouched++] = c;
    }
}

/* The short path of issue_group(): advances the group's leading threads that are READY at
 * gr->pc with their next event already decoded (the usual case: one pc, the look-ahead not
 * used up) and, for a memory instruction (acc != NULL), copies each one's access first; for a
 * CTA barrier (barrier != 0) parks each one there. Returns how many it took; the first thread
 * it does not take (or a bad slot) is left untouched for the general loop. Always inlined with
 * acc and barrier constants, so each case gets its own loop. Locals, not s->: the byte stores
 * into bpos may alias anything. */
static inline __attribute__((always_inline)) uint32_t
advance_run(struct sm *s, const struct simt_group *gr, struct simt_mem_access *acc, int barrier)
{
    const uint32_t *ts = gr->threads, *evpc = s->evpc, *evdepth = s->evdepth;
    const uint8_t *lanes = gr->lanes;
    const uint32_t n = gr->nthreads, pc = gr->pc, maxt = s->g->max_threads;
    const struct simt_evmem *mev = s->mev;
    struct simt_thread *thr = s->threads;
    uint8_t *bpos = s->bpos;
    const uint8_t *bn = s->bn;
    uint32_t i = 0;
    for (; i < n; i++) {
        uint32_t slot = ts[i];
        if (slot >= maxt)
            break;
        struct simt_thread *th = &thr[slot];
        uint32_t bp = bpos[slot];
        if (th->state != SIMT_TS_READY || th->pc != pc || bp >= bn[slot])
            break;
        size_t x = ev_at(slot, bp);
        if (acc) { /* the current event (bp - 1, one row up) holds this instruction's access */
            const struct simt_evmem *ev = &mev[x - LROW];
            acc[i] = (struct simt_mem_access){.addr = ev->addr,
                                              .addr2 = ev->addr2,
                                              .size = ev->size,
                                              .thread = slot,
                                              .lane = lanes ? lanes[i] : th->lane};
        }
        bpos[slot] = (uint8_t)(bp + 1);
        th->pc = evpc[x];
        th->depth = evdepth[x];
        if (barrier) { /* thread_advance(, 1) and the arrival's CTA, as the general loop */
            th->state = SIMT_TS_BARRIER;
            s->ctas[th->cta].at_barrier++;
            cta_touch(s, th->cta);
        }
    }
    if (barrier)
        s->nready -= i;
    return i;
}

/* While the threads of group gr are visited in order and have used up their decoded events:
 * the cursors of the thread PF_AHEAD places on (its state) and PF_AHEAD / 2 places on (what
 * its next items read), so that the misses of one thread's decode overlap the next ones'. */
static inline void prefetch_ahead(const struct sm *s, const struct simt_group *gr, uint32_t i)
{
    const uint32_t maxt = s->g->max_threads, j0 = i + PF_AHEAD, j1 = i + PF_AHEAD / 2;
    if (j0 < gr->nthreads && gr->threads[j0] < maxt)
        simt_cursor_prefetch(s->thr[gr->threads[j0]].cur, 0);
    if (j1 < gr->nthreads && gr->threads[j1] < maxt &&
        s->bpos[gr->threads[j1]] == s->bn[gr->threads[j1]])
        simt_cursor_prefetch(s->thr[gr->threads[j1]].cur, 1);
}

/* A group whose threads used up their decoded events together (they run in lockstep, so
 * usually all of them): decode the next batch of each leading thread READY at gr->pc whose
 * batch is used up, before the short path takes them, instead of sending the whole group
 * through the general loop. Stops at the first thread it cannot refill - a bad slot, another
 * state or pc, the end of its stream, a decode error: the general loop meets that thread as
 * before (and gets the same answer from its cursor). Not for memory instructions: a thread's
 * current event, which holds the access, is in the batch being replaced. */
static void refill_run(struct sm *s, const struct simt_group *gr)
{
    const uint32_t maxt = s->g->max_threads;
    for (uint32_t i = 0; i < gr->nthreads; i++) {
        prefetch_ahead(s, gr, i);
        uint32_t slot = gr->threads[i];
        if (slot >= maxt)
            return;
        const struct simt_thread *th = &s->threads[slot];
        if (th->state != SIMT_TS_READY || th->pc != gr->pc)
            return;
        if (s->bpos[slot] == s->bn[slot] && decode_batch(s, slot) <= 0)
            return;
    }
}

/* The per-instruction profile (simt_gpu_set_pc_profile) of group gr, just issued at its pc:
 * one group, its threads, and - for a branch - whether its threads went on at different pcs
 * (each thread's pc is already its next instruction). A MIMD group (mixed) counts at its pc. */
static void pc_count(struct sm *s, const struct simt_group *gr, const struct simt_sinst *si)
{
    uint64_t *c = &s->g->pc_counts[(size_t)gr->pc * PC_NCOUNTS];
    c[PC_GROUPS]++;
    c[PC_THREADS] += gr->nthreads;
    if (si->iclass != SIMT_IC_BRANCH || gr->mixed)
        return;
    const uint32_t first = s->threads[gr->threads[0]].pc;
    for (uint32_t i = 1; i < gr->nthreads; i++)
        if (s->threads[gr->threads[i]].pc != first) {
            c[PC_DIVERGED]++;
            return;
        }
}

/* The statistics of one issued group (one warp instruction of gr->nthreads threads at gr->pc;
 * for a mixed group, all its parts together). */
static void count_group(struct sm *s, const struct simt_group *gr, const struct simt_sinst *si)
{
    struct simt_gpu *g = s->g;
    (*g->st_winst)++;
    (*g->st_tinst) += gr->nthreads;
    g->st_hist[gr->nthreads < g->warp_size ? gr->nthreads : g->warp_size]++;
    if (g->pc_prof)
        pc_count(s, gr, si);
}

/* issue_group() flags: a whole group (its statistics: one warp instruction, its threads, the
 * per-pc profile), and whether it takes its instruction from the group's warp buffer entry.
 * A part of a mixed group has neither but the first part, which has the buffer. */
enum { ISSUE_COUNT = 1, ISSUE_FE = 2, ISSUE_WHOLE = ISSUE_COUNT | ISSUE_FE };

static simt_err issue_group(struct sm *s, const struct simt_group *gr, const uint32_t *wbuf,
                            uint32_t nw, uint64_t cycle, unsigned flags)
{
    struct simt_gpu *g = s->g;
    const struct simt_sinst *si = &g->prog->insts[gr->pc];
    uint32_t unit = (uint32_t)unit_of(si->iclass);
    uint32_t k = inst_alloc(s);
    if (k == NONE)
        return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
    struct inst *in = &s->insts[k];
    if (in->warps_cap < nw) {
        uint32_t *nwp = realloc(in->warps, nw * sizeof *nwp);
        if (!nwp)
            return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
        in->warps = nwp;
        in->warps_cap = nw;
    }
    memcpy(in->warps, wbuf, nw * sizeof *wbuf);
    in->nwarps = nw;
    if (unit == U_MEM)
        for (uint32_t i = 0; i < nw; i++)
            s->warps[wbuf[i]].mem_inflight++;
    in->unit = (uint8_t)unit;
    in->pc = gr->pc;
    in->dst = si->dst;
    in->warp0 = wbuf[0];
    in->seq = s->heap_seq++;
    in->iseq = in->seq;
    in->stalled = 0;
    in->gid = gr->id;
    in->pri = gr->priority;
    in->cta = s->threads[gr->threads[0]].cta;
    in->needs_wb = si->dst != 0;
    in->longlat = unit == U_MEM;
    in->sched = (uint8_t)gr->sched;
    uint32_t ic = gr->issue_cycles ? gr->issue_cycles : g->issue_cycles_cfg;
    if (si->iclass == SIMT_IC_FP64)
        ic *= g->fp64_factor;
    in->issue_cycles = ic;
    in->nreads = si->nsrc;
    in->reads_left = 0;
    for (uint32_t r = 0; r < si->nsrc; r++) {
        in->banks[r] = (uint32_t)simt_umod(si->srcs[r] + in->warp0, g->nbanks);
        in->reads_left |= 1u << r;
    }
    if (unit == U_MEM) {
        in->kind = mem_kind_of(si->iclass);
        in->space = si->mspace;
        if (in->acc_cap < gr->nthreads) {
            struct simt_mem_access *na = realloc(in->acc, gr->nthreads * sizeof *na);
            if (!na)
                return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
            in->acc = na;
            in->acc_cap = gr->nthreads;
        }
        in->nacc = gr->nthreads;
    }
    if (si->dst)
        for (uint32_t i = 0; i < nw; i++)
            if (sb_add(&s->warps[wbuf[i]], si->dst, in->longlat) < 0)
                return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
    /* the common case - one pc, not memory, not a barrier, the next event already decoded -
     * takes the short path: the thread stays READY and moves to its next event */
    int plain = !gr->mixed && unit != U_MEM && si->iclass != SIMT_IC_BARRIER;
    /* threads of a warp usually run out of decoded events together; their cursors are
     * cold (one per thread, far apart): ask for them a few threads ahead so that the
     * misses overlap instead of coming one after another */
    if (gr->nthreads > 1) {
        /* the thread records and look-ahead rows the loop reads: ask for them together */
        uint32_t a = gr->threads[0], b = gr->threads[gr->nthreads - 1];
        if (a < g->max_threads && b < g->max_threads) {
            for (uint32_t t = a; t <= b && t - a < 64; t += 4)
                __builtin_prefetch(&s->threads[t]);
            if (s->bpos[a] < EVBATCH && s->bpos[b] < EVBATCH)
                prefetch_rows(s, a, b);
        }
    }
    int pf = gr->nthreads > 1 && s->bpos[gr->threads[0]] == EVBATCH &&
             s->bn[gr->threads[0]] == EVBATCH; /* (a short batch ended the thread) */
    if (pf)
        for (uint32_t j = 0; j < PF_AHEAD && j < gr->nthreads; j++) {
            uint32_t sj = gr->threads[j];
            if (sj < g->max_threads)
                simt_cursor_prefetch(s->thr[sj].cur, 0);
        }
    if (pf && !gr->mixed && unit != U_MEM) {
        refill_run(s, gr); /* then the short path takes the refilled threads */
        pf = 0;
    }
    /* the short path: a run of threads READY at gr->pc with their next event decoded */
    uint32_t i = 0;
    if (!gr->mixed && !pf) {
        if (si->iclass != SIMT_IC_BARRIER)
            i = unit == U_MEM ? advance_run(s, gr, in->acc, 0) : advance_run(s, gr, NULL, 0);
        else if (!(si->flags & SIMT_IF_GRID) && !si->bar_count) {
            /* a CTA barrier (__syncthreads): each thread parks at it */
            i = advance_run(s, gr, NULL, 1);
            if (i && (si->flags & SIMT_IF_BARDYN))
                (*g->st_bardyn)++;
        }
    }
    for (; i < gr->nthreads; i++) {
        uint32_t slot = gr->threads[i];
        if (pf)
            prefetch_ahead(s, gr, i);
        if (slot >= g->max_threads)
            return simt_seterr(SIMT_ERR_INVARIANT, "policy %s: thread slot %u out of range",
                               g->pol_ops->name, slot);
        struct simt_thread *th = &s->threads[slot];
        if (plain && th->state == SIMT_TS_READY && th->pc == gr->pc &&
            s->bpos[slot] < s->bn[slot]) {
            size_t x = ev_at(slot, s->bpos[slot]++);
            th->pc = s->evpc[x];
            th->depth = s->evdepth[x];
            continue;
        }
        if (th->state != SIMT_TS_READY || (!gr->mixed && th->pc != gr->pc)) {
            return simt_seterr(SIMT_ERR_INVARIANT,
                               "policy %s: SM %u issued thread %u (CTA slot %u) at pc %u, but "
                               "its state is %u and its next instruction is pc %u",
                               g->pol_ops->name, s->id, th->tid, th->cta, gr->pc, th->state,
                               th->pc);
        }
        if (unit == U_MEM) {
            struct simt_mem_access *a = &in->acc[i];
            const struct simt_evmem *ev = cur_mev(s, slot);
            a->addr = ev->addr;
            a->addr2 = ev->addr2;
            a->size = ev->size;
            a->thread = slot;
            a->lane = gr->lanes ? gr->lanes[i] : th->lane;
        }
        const struct simt_sinst *ti = gr->mixed ? &g->prog->insts[th->pc] : si;
        int bar = ti->iclass != SIMT_IC_BARRIER ? 0
                  : ti->flags & SIMT_IF_GRID    ? 2
                  : ti->bar_count               ? 3
                                                : 1;
        SIMT_TRY(thread_advance(s, slot, bar));
        if (bar == 1 && (ti->flags & SIMT_IF_BARDYN) && i == 0)
            (*g->st_bardyn)++;
        if (bar == 3 && th->state == SIMT_TS_BARRIER)
            SIMT_TRY(counted_arrive(s, th, ti));
        if (th->state == SIMT_TS_BARRIER || th->state == SIMT_TS_EXITED)
            cta_touch(s, th->cta); /* a barrier arrival or an exit may complete its barrier */
    }
    if (gr->nthreads > 1) {
        /* the look-ahead rows of the group's next instruction: many other warps issue before
         * it does, so ask for them now (row i of a warp's slots is contiguous, ev_at) */
        uint32_t a = gr->threads[0], b = gr->threads[gr->nthreads - 1];
        if (s->bpos[a] < s->bn[a] && s->bpos[b] < s->bn[b])
            prefetch_rows(s, a, b);
    }
    s->stamp++;
    for (uint32_t i = 0; i < nw; i++) {
        struct cta_slot *cs = &s->ctas[s->warps[wbuf[i]].cta];
        if (cs->stamp != s->stamp) {
            cs->stamp = s->stamp;
            cs->inflight++;
        }
    }
    s->ninflight++;
    s->slots_used[slot_class(g, unit)]++;
    s->coll[s->ncoll++] = k;
    s->coll_quiet = 0;
    if (unit == U_ALU)
        (*g->st_alu_insts)++;
    if (unit == U_MEM)
        (*g->st_thread_acc) += gr->nthreads;
    if (unit == U_MEM && g->predict && g->ms_ops->issued) {
        /* the credit tracker hands out its credit at issue (seed 003 6.0.1) */
        struct simt_mem_req req = inst_req(s, k);
        g->ms_ops->issued(s->ms, cycle, &req);
    }
    in->fe_held = 0;
    if (g->buffered_fe && (flags & ISSUE_FE)) {
        struct fent *fe = fe_entry(s, gr->id);
        if (g->replay && unit == U_MEM) {
            /* a replayable instruction keeps its warp buffer entry until the checkpoint
             * finds it complete: the fill pointer may not pass the issue tail pointer (seed
             * 003 5.2.3) */
            fe->held++;
            in->fe_held = 1;
            in->fe_idx = (uint32_t)(fe - s->fe);
            in->fe_alloc = fe->alloc;
        }
        fe_consume(s, fe, gr->pc);
    }
    if (flags & ISSUE_COUNT)
        count_group(s, gr, si);
    g->last_progress = cycle;
    s->busy = 1;
    return SIMT_ERR_OK;
}

/* Issues gr (already checked). A mixed group (MIMD) whose threads are of several issue classes
 * issues one instruction record per class (mixed_split), each with its own unit, latency,
 * registers, warps and, for memory, its own request; together they are one warp instruction
 * of all the group's threads in one issue slot, as MIMD lanes each run their own
 * instruction in the same cycle. */
static simt_err issue_any(struct sm *s, const struct simt_group *gr, const uint32_t *wbuf,
                          uint32_t nw, uint64_t cycle)
{
    struct mpart part[IC_NCLASS];
    uint32_t np = gr->mixed ? mixed_split(s, gr, part) : 1;
    if (np <= 1) /* (0: the general loop reports the bad thread) */
        return issue_group(s, gr, wbuf, nw, cycle, ISSUE_WHOLE);
    struct simt_gpu *g = s->g;
    for (uint32_t p = 0; p < np; p++) {
        struct simt_group sub = mixed_part(s, gr, &part[p]);
        uint32_t pnw = 0;
        const uint32_t *pwl = group_warps(s, &sub, s->mwarps, &pnw);
        SIMT_TRY(issue_group(s, &sub, pwl, pnw, cycle, p == 0 ? ISSUE_FE : 0));
    }
    count_group(s, gr, &g->prog->insts[gr->pc]);
    return SIMT_ERR_OK;
}

/* Releases CTA c's barrier if every live thread has arrived. */
/* Releases the threads of CTA slot c waiting at its barrier. */
static void barrier_release(struct sm *s, uint32_t c)
{
    struct simt_gpu *g = s->g;
    struct cta_slot *cs = &s->ctas[c];
    uint32_t n = 0;
    for (uint32_t t = 0; t < cs->nthreads; t++) {
        uint32_t slot = cs->first_thread + t;
        if (s->threads[slot].state == SIMT_TS_BARRIER && !s->warps[s->threads[slot].warp].cbar) {
            s->threads[slot].state = SIMT_TS_READY;
            s->nready++;
            s->rel_buf[n++] = slot;
        }
    }
    cs->at_barrier = 0;
    cs->at_grid = 0;
    cs->grid_ready = 0;
    s->issue_dirty = 1;
    (*g->st_barriers)++;
    s->pol_epoch++; /* thread states changed */
    if (g->pol_ops->released && n)
        g->pol_ops->released(s->pol, s->rel_buf, n);
    s->busy = 1;
    /* an SM other than the one stepping may be asleep: it runs again next cycle */
    if (s->next_cycle > g->now + 1)
        s->next_cycle = g->now + 1;
}

/* A grid-wide barrier opens when every CTA of the launch has been dispatched and each has
 * either finished or has all its live threads waiting at it (exited threads count as
 * arrived, as at CTA barriers); then every SM's waiting CTAs are released together. */
static void grid_check(struct simt_gpu *g)
{
    if (g->grid_ready == 0 || g->next_cta < g->L->ncta || g->grid_ready + g->ctas_done < g->L->ncta)
        return;
    for (uint32_t i = 0; i < g->nsms; i++)
        for (uint32_t c = 0; c < g->max_ctas; c++)
            if (g->sms[i].ctas[c].used && g->sms[i].ctas[c].grid_ready)
                barrier_release(&g->sms[i], c);
    g->grid_ready = 0;
}

/* Counted named barriers (bar.sync id, count; the trace's bar_id / bar_count), as the tracer
 * runs them (docs/TRACER.md, "Barriers"; PTX ISA bar.sync): barriers are per warp, a warp has
 * arrived at barrier id once every live thread of it waits there, and the barrier completes
 * when count / warp_size arrived warps (rounded up) wait at it; those that arrived first are
 * released, later ones wait for the next completion. Waiting threads are not in at_barrier,
 * so a CTA-wide barrier still needs them released first. */
static simt_err counted_arrive(struct sm *s, const struct simt_thread *th,
                               const struct simt_sinst *ti)
{
    struct simt_gpu *g = s->g;
    struct cta_slot *cs = &s->ctas[th->cta];
    struct warp *w = &s->warps[th->warp];
    uint32_t id = ti->bar_id & 15;
    if (w->cbar && w->cbar != id + 1)
        return simt_seterr(SIMT_ERR_FORMAT,
                           "launch %u (%s), SM %u, CTA slot %u, warp %u: threads wait at named "
                           "barriers %u and %u at once; the trace is inconsistent (re-trace it)",
                           g->launch, g->prog->kernel_name, s->id, th->cta, th->warp, w->cbar - 1,
                           id);
    if (cs->cbar_wait[id] && cs->cbar_need[id] != ti->bar_count)
        return simt_seterr(SIMT_ERR_FORMAT,
                           "launch %u (%s), SM %u, CTA slot %u: named barrier %u is waited at "
                           "with thread counts %u and %u (pc %u); the trace is inconsistent",
                           g->launch, g->prog->kernel_name, s->id, th->cta, id, cs->cbar_need[id],
                           ti->bar_count, th->pc);
    cs->cbar_need[id] = ti->bar_count;
    cs->cbar_wait[id]++;
    w->cbar = id + 1;
    w->cbar_n++;
    cs->at_counted++;
    return SIMT_ERR_OK;
}

static void counted_check(struct sm *s, uint32_t c)
{
    struct simt_gpu *g = s->g;
    struct cta_slot *cs = &s->ctas[c];
    uint32_t arrived[16] = {0};
    for (uint32_t k = cs->first_warp; k < cs->first_warp + cs->nwarps; k++) {
        struct warp *w = &s->warps[k];
        if (!w->cbar)
            continue;
        if (!w->cbar_seq) {
            uint32_t live = 0;
            for (uint32_t t = 0; t < g->warp_size; t++) {
                uint8_t st = s->threads[k * g->warp_size + t].state;
                live += st == SIMT_TS_READY || st == SIMT_TS_BARRIER;
            }
            if (w->cbar_n < live)
                continue;
            w->cbar_seq = ++g->cbar_seq;
        }
        arrived[w->cbar - 1]++;
    }
    for (uint32_t id = 0; id < 16; id++) {
        uint32_t need = (cs->cbar_need[id] + g->warp_size - 1) / g->warp_size;
        while (need && arrived[id] >= need) {
            uint32_t n = 0;
            for (uint32_t r = 0; r < need; r++) { /* the earliest arrival left */
                struct warp *first = NULL;
                for (uint32_t k = cs->first_warp; k < cs->first_warp + cs->nwarps; k++) {
                    struct warp *w = &s->warps[k];
                    if (w->cbar == id + 1 && w->cbar_seq &&
                        (!first || w->cbar_seq < first->cbar_seq))
                        first = w;
                }
                uint32_t k = (uint32_t)(first - s->warps);
                for (uint32_t t = 0; t < g->warp_size; t++) {
                    uint32_t slot = k * g->warp_size + t;
                    if (s->threads[slot].state == SIMT_TS_BARRIER) {
                        s->threads[slot].state = SIMT_TS_READY;
                        s->nready++;
                        s->rel_buf[n++] = slot;
                    }
                }
                cs->at_counted -= first->cbar_n;
                cs->cbar_wait[id] -= first->cbar_n;
                first->cbar = first->cbar_n = 0;
                first->cbar_seq = 0;
            }
            arrived[id] -= need;
            (*g->st_barriers)++;
            s->issue_dirty = 1;
            s->pol_epoch++;
            if (g->pol_ops->released && n)
                g->pol_ops->released(s->pol, s->rel_buf, n);
            s->busy = 1;
        }
    }
}

static simt_err barrier_check(struct sm *s, uint32_t c)
{
    struct simt_gpu *g = s->g;
    struct cta_slot *cs = &s->ctas[c];
    if (cs->used && cs->at_counted)
        counted_check(s, c);
    if (!cs->used || cs->at_barrier == 0 || cs->at_barrier < cs->live)
        return SIMT_ERR_OK;
    if (cs->at_grid == 0) {
        barrier_release(s, c);
        return SIMT_ERR_OK;
    }
    if (cs->at_grid != cs->at_barrier)
        return simt_seterr(SIMT_ERR_FORMAT,
                           "launch %u, SM %u CTA slot %u: %u threads wait at a grid-wide barrier "
                           "and %u at a CTA barrier; the trace is inconsistent (re-trace it)",
                           g->launch, s->id, c, cs->at_grid, cs->at_barrier - cs->at_grid);
    if (!cs->grid_ready) {
        cs->grid_ready = 1;
        g->grid_ready++;
    }
    grid_check(g);
    return SIMT_ERR_OK;
}

static int cmp_cand(const void *a, const void *b)
{
    const struct cand *x = a, *y = b;
    if (x->pri != y->pri)
        return x->pri > y->pri ? -1 : 1; /* higher priority first */
    if (x->sub != y->sub)
        return x->sub < y->sub ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static void active_remove(struct sm *s, uint32_t sched, uint32_t id)
{
    for (uint32_t i = 0; i < s->nactive[sched]; i++)
        if (s->active[sched][i] == id) {
            s->active[sched][i] = s->active[sched][--s->nactive[sched]];
            return;
        }
}

/* Asks the policy (ready, ready_first or ready_rest) for entries from out[at] on and checks
 * them; returns how many, or -1 with g->err set. */
static int ready_part(struct sm *s, uint64_t cycle, int at,
                      int (*fn)(void *, uint64_t, struct simt_group *, int))
{
    struct simt_gpu *g = s->g;
    int n = fn(s->pol, cycle, s->groups + at, s->gcap - at);
    if (!g->pol_ops->ready_whole || (n > 0 && (uint32_t)(at + n) > s->groups_hw))
        s->groups_hw = n > 0 ? (uint32_t)(at + n) : (uint32_t)at;
    if (n < 0 || n > s->gcap - at) {
        g->err = simt_seterr(SIMT_ERR_INVARIANT, "policy %s: %s() returned %d", g->pol_ops->name,
                             fn == g->pol_ops->ready_rest    ? "ready_rest"
                             : fn == g->pol_ops->ready_first ? "ready_first"
                                                             : "ready",
                             n);
        return -1;
    }
    for (int i = at; i < at + n; i++)
        if (s->groups[i].sched >= g->nsched || s->groups[i].nthreads - 1u >= g->max_threads ||
            !s->groups[i].threads) {
            g->err = simt_seterr(SIMT_ERR_INVARIANT,
                                 "policy %s: group %u has scheduler %u (of %u) and %u threads",
                                 g->pol_ops->name, s->groups[i].id, s->groups[i].sched, g->nsched,
                                 s->groups[i].nthreads);
            return -1;
        }
    return n;
}

/* The answer holds only the policy's first tiers (ready_partial): appends the next tier
 * (ready_rest; none left once it returns 0) and returns the answer's length, or -1. */
static int ready_more(struct sm *s, uint64_t cycle)
{
    int k = ready_part(s, cycle, s->ready_n, s->g->pol_ops->ready_rest);
    if (k < 0) {
        s->ready_valid = 0;
        s->ready_partial = 0;
        return -1;
    }
    s->ready_partial = k > 0;
    s->ready_n += k;
    return s->ready_n;
}

/* ready_more() until the answer is whole. */
static int ready_complete(struct sm *s, uint64_t cycle)
{
    int n = s->ready_n;
    while (s->ready_partial && n >= 0)
        n = ready_more(s, cycle);
    return n;
}

/* Whether call_ready() would reuse the answer it holds. The answer can change only through
 * a call into the policy (simt_policy.h rules), or with time while it offers no group. */
static inline int ready_reusable(const struct sm *s)
{
    return s->ready_valid && s->ready_epoch == s->pol_epoch && s->ready_n > 0;
}

static int call_ready(struct sm *s, uint64_t cycle)
{
    if (ready_reusable(s)) {
        s->ready_reused = 1;
        return s->ready_n;
    }
    s->ready_reused = 0;
    /* out[] is zero before each call: entries at and beyond groups_hw are still zero; a
     * policy that assigns whole entries (ready_whole) needs no zeroing, and its old entries
     * beyond the answer are left as they are (groups_hw keeps covering them) */
    int whole = s->g->pol_ops->ready_whole;
    if (!whole)
        memset(s->groups, 0, (size_t)s->groups_hw * sizeof *s->groups);
    s->ready_valid = 0;
    s->ready_partial = 0;
    int n =
        ready_part(s, cycle, 0, s->g->tiered ? s->g->pol_ops->ready_first : s->g->pol_ops->ready);
    if (n < 0)
        return -1;
    s->ready_valid = 1;
    s->ready_epoch = s->pol_epoch;
    s->ready_n = n;
    /* tiers that offer nothing: the next now (a policy holding threads back is asked every
     * cycle while its whole answer is empty) */
    s->ready_partial = s->g->tiered;
    while (s->ready_partial && n == 0)
        n = ready_more(s, cycle);
    return n;
}

/* Whether marked instruction k can be re-issued now: 0 yes; 2 no collector slot; 4 held back
 * by a hazard prediction (seed 003 ch. 6). */
static int replay_check(struct sm *s, uint32_t k, uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    if (!has_free_slot(s, slot_class(g, U_MEM)))
        return 2;
    if (g->predict) {
        struct simt_mem_req req = inst_req(s, k);
        if (g->ms_ops->predict(s->ms, cycle, &req) & HZ_RESOURCE)
            return 4;
    }
    return 0;
}

/* Re-issues entry i of scheduler sc's marked list (checked by replay_check): it re-reads its
 * operands in the collector and keeps its private active mask (the unserved accesses, seed
 * 003 5.2.4); its warp presents new instructions again until it is marked again. */
static void replay_issue(struct sm *s, uint32_t sc, uint32_t i, uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    uint32_t k = s->sch[sc].rq[i];
    struct inst *in = &s->insts[k];
    replay_unmark(s, sc, i);
    in->reads_left = in->nreads ? (1u << in->nreads) - 1 : 0;
    in->seq = s->heap_seq++;
    s->slots_used[slot_class(g, U_MEM)]++;
    s->coll[s->ncoll++] = k;
    s->coll_quiet = 0;
    if (g->predict && g->ms_ops->issued) {
        struct simt_mem_req req = inst_req(s, k);
        g->ms_ops->issued(s->ms, cycle, &req);
    }
    (*g->st_replay_issued)++;
    g->last_progress = cycle;
    s->busy = 1;
}

/* Bookkeeping for a candidate that cannot issue for reason r (the check functions' codes):
 * a prediction hold (4) is counted and keeps the SM awake, then reads as a predicted hazard
 * (3); the worst reason seen so far is kept for the scheduler's cycle class, and a full
 * collector is noted. Returns the reason as the caller should act on it. */
static inline int note_blocked(struct sm *s, int r, int *best_reason)
{
    if (r == 4) {
        (*s->g->st_pred_held)++;
        s->busy = 1; /* the prediction may change any cycle (MSHRs, credits) */
        s->issue_dirty_next = 1;
        r = 3;
    }
    if (r > *best_reason)
        *best_reason = r;
    if (r == 2)
        s->coll_full = 1;
    return r;
}

/* After issues from a current ready() answer, for a policy that promises local_issue: replace
 * each issued group's entry of the answer (s->groups and its cand[] record) by what
 * ready_group() says now, and mark the answer current again, so that the next step reuses it
 * instead of asking ready() for every group. Anything unexpected - the group is gone or
 * changed scheduler - leaves the answer stale, and ready() is asked afresh. */
static void refresh_local(struct sm *s, uint64_t cycle, const struct simt_group *chosen,
                          struct cand *const *chosen_cand, uint32_t nchosen)
{
    struct simt_gpu *g = s->g;
    for (uint32_t i = 0; i < nchosen; i++) {
        struct cand *cd = chosen_cand[i];
        struct simt_group *gr = &s->groups[cd->idx];
        /* the policy writes the entry in place (an answer left stale below is rebuilt by the
         * next ready()): a copy from a local would read wide what the policy just wrote
         * narrow, which stalls store forwarding */
        const uint32_t sched = gr->sched;
        memset(gr, 0, sizeof *gr);
        if (g->pol_ops->ready_group(s->pol, cycle, chosen[i].id, gr) != 1 ||
            gr->id != chosen[i].id || gr->sched != sched || gr->nthreads == 0 ||
            gr->nthreads > g->max_threads || !gr->threads)
            return;
        /* a changed priority or age would move it in its sorted bucket: ask afresh */
        uint64_t age = g->sched_policy ? s->warps[group_warp0(s, gr)].age : 0;
        if (gr->priority != cd->pri || age != cd->age)
            return;
    }
    /* the buckets stay valid only if they were built from this answer (a dual-issue round
     * after a fresh ready() scans its own small list, not the buckets) */
    int buckets_valid = s->cand_epoch == s->ready_epoch + 1;
    s->ready_epoch = s->pol_epoch;
    s->cand_epoch = buckets_valid ? s->ready_epoch + 1 : 0;
}

/* Candidate order of a scheduler's bucket before rotation: priority (higher first), then id
 * for loose round-robin, or age and answer position for greedy-then-oldest. */
static int cand_before(const struct cand *a, const struct cand *b, int sched_policy)
{
    if (a->pri != b->pri)
        return a->pri > b->pri;
    if (sched_policy == 0)
        return a->id < b->id;
    if (a->age != b->age)
        return a->age < b->age;
    return a->idx < b->idx;
}

/* Insertion sort: buckets are small and usually arrive nearly sorted. Loose round-robin over
 * one priority level with distinct ids below 64 (a group per static warp: PDOM and its kind)
 * is placed by id instead - the same order, without the quadratic moves of an answer whose
 * order the policy scrambled (PDOM's live list after CTA exits). */
static void sort_bucket(struct cand *c, uint32_t n, int sched_policy)
{
    if (sched_policy == 0 && n > 2 && n <= 64) {
        uint64_t seen = 0;
        uint8_t at[64];
        uint32_t i = 0;
        for (; i < n; i++) {
            uint32_t id = c[i].id;
            if (c[i].pri != c[0].pri || id >= 64 || (seen >> id & 1))
                break;
            seen |= 1ull << id;
            at[id] = (uint8_t)i;
        }
        if (i == n) {
            struct cand tmp[64];
            memcpy(tmp, c, n * sizeof *c);
            uint32_t k = 0;
            for (uint64_t m = seen; m; m &= m - 1)
                c[k++] = tmp[at[__builtin_ctzll(m)]];
            return;
        }
    }
    for (uint32_t i = 1; i < n; i++) {
        struct cand v = c[i];
        uint32_t j = i;
        for (; j > 0 && cand_before(&v, &c[j - 1], sched_policy); j--)
            c[j] = c[j - 1];
        c[j] = v;
    }
}

/* Where the ordered scan of a sorted bucket starts (see issue_round): with one priority
 * level, loose round-robin visits ids after the last issued one first, then wraps; greedy-
 * then-oldest visits the last issued group first, then the rest oldest first. Returns 0 if
 * the bucket has several priority levels (the scan then checks every candidate). */
static int scan_start(const struct cand *c, uint32_t n, int sched_policy, uint32_t last,
                      uint32_t hint, uint32_t *first)
{
    if (n == 0 || c[0].pri != c[n - 1].pri)
        return 0;
    *first = NONE;
    if (sched_policy == 0 && hint < n && c[hint].id == last &&
        (hint + 1 == n || c[hint + 1].id > last)) {
        /* where the last issued group still is (the usual case: the bucket was refreshed in
         * place): the first id after it is the next one */
        *first = hint + 1 == n ? 0 : hint + 1;
    } else if (sched_policy == 0) {
        /* the first id after `last` (ids ascend): a binary search without branches - the
         * comparison is as good as random, and its mispredictions were a third of the issue
         * round's time on PDOM */
        const struct cand *b = c;
        for (uint32_t len = n; len > 1;) {
            uint32_t half = len / 2;
            b += (uint32_t)(b[half].id <= last) * half;
            len -= half;
        }
        uint32_t lo = (uint32_t)(b - c) + (b->id <= last);
        *first = lo == n ? 0 : lo;
    } else {
        for (uint32_t x = 0; x < n; x++)
            if (c[x].id == last) {
                *first = x;
                break;
            }
    }
    return 1;
}

/* The k-th candidate to visit in the ordered scan. */
static inline uint32_t scan_at(uint32_t k, uint32_t n, int sched_policy, uint32_t first)
{
    if (sched_policy == 0)
        return first + k < n ? first + k : first + k - n;
    if (first == NONE)
        return k;
    return k == 0 ? first : k - 1 < first ? k - 1 : k;
}

/* The scheduler-order key of a candidate of scheduler sc (cmp_cand: priority, then this). */
static inline void cand_key(const struct sm *s, uint32_t sc, struct cand *cd)
{
    const struct simt_gpu *g = s->g;
    if (g->sched_policy == 1) /* greedy-then-oldest: the last issued, then oldest */
        cd->sub = cd->id == s->last_id[sc] ? 0 : 1 + cd->age;
    else /* loose round-robin over ids, starting after the last issued */
        cd->sub = (uint32_t)(cd->id - s->last_id[sc] - 1);
    if (g->sched_policy == 2 && !cd->active)
        cd->sub |= 1ull << 40;
}

/* Binary min-heap of candidate indices, ordered by cmp_cand (the scheduler's order) or, with
 * by_age, by (age, position) (two-level's oldest-first filling): the scan below visits a
 * scheduler's candidates best first and stops at the first that can issue, so ordering them
 * costs O(n) to build plus O(log n) per candidate checked, not a sort. */
static inline int heap_less(const struct cand *c, uint32_t x, uint32_t y, int by_age)
{
    if (!by_age)
        return cmp_cand(&c[x], &c[y]) < 0;
    return c[x].age < c[y].age || (c[x].age == c[y].age && x < y);
}

static void heap_sift(const struct cand *c, uint32_t *h, uint32_t n, uint32_t i, int by_age)
{
    for (;;) {
        uint32_t l = 2 * i + 1, m = i;
        if (l < n && heap_less(c, h[l], h[m], by_age))
            m = l;
        if (l + 1 < n && heap_less(c, h[l + 1], h[m], by_age))
            m = l + 1;
        if (m == i)
            return;
        uint32_t t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

static uint32_t cand_pop(const struct cand *c, uint32_t *h, uint32_t *n)
{
    uint32_t top = h[0];
    h[0] = h[--*n];
    heap_sift(c, h, *n, 0, 0);
    return top;
}

/* Sorts the candidate indices o[0..m) by their candidates' age, stably (equal ages keep their
 * order: the bucket position breaks ties): a natural merge sort - ascending runs as they are,
 * strictly descending ones reversed (stable: no equal ages inside), each run extended to
 * AGE_RUN entries by insertion, then merged pairwise through tmp (m entries); runs holds the
 * run starts (m / AGE_RUN + 2 entries). An insertion sort of the whole bucket was quadratic:
 * ukernel's answer comes mostly newest first, and with its spawned warps on fermi-turner
 * (two-level) a scheduler's bucket holds ~50 groups, sorted again after every issue: 12 % of
 * the run. */
#define AGE_RUN 16u
static __attribute__((noinline)) void age_sort(const struct cand *c, uint32_t *o, uint32_t *tmp,
                                               uint32_t *runs, uint32_t m)
{
    uint32_t nr = 0;
    for (uint32_t i = 0; i < m;) {
        uint32_t j = i + 1;
        if (j < m && c[o[j]].age < c[o[i]].age) {
            while (j + 1 < m && c[o[j + 1]].age < c[o[j]].age)
                j++;
            j++;
            for (uint32_t a = i, b = j - 1; a < b; a++, b--) {
                const uint32_t t = o[a];
                o[a] = o[b];
                o[b] = t;
            }
        } else {
            while (j < m && c[o[j]].age >= c[o[j - 1]].age)
                j++;
        }
        for (const uint32_t e = i + AGE_RUN < m ? i + AGE_RUN : m; j < e; j++) {
            const uint32_t x = o[j];
            const uint64_t a = c[x].age;
            uint32_t k = j;
            for (; k > i && c[o[k - 1]].age > a; k--)
                o[k] = o[k - 1];
            o[k] = x;
        }
        runs[nr++] = i;
        i = j;
    }
    runs[nr] = m;
    uint32_t *src = o, *dst = tmp;
    while (nr > 1) {
        uint32_t k = 0;
        for (uint32_t r = 0; r < nr; r += 2) {
            const uint32_t lo = runs[r];
            runs[k++] = lo;
            if (r + 1 == nr) { /* the odd run out */
                memcpy(dst + lo, src + lo, (m - lo) * sizeof *src);
                break;
            }
            const uint32_t mid = runs[r + 1], hi = runs[r + 2];
            uint32_t i = lo, j = mid, d = lo;
            while (i < mid && j < hi)
                dst[d++] = c[src[j]].age < c[src[i]].age ? src[j++] : src[i++];
            while (i < mid)
                dst[d++] = src[i++];
            while (j < hi)
                dst[d++] = src[j++];
        }
        runs[k] = m;
        nr = k;
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != o)
        memcpy(o, src, m * sizeof *o);
}

/* Two-level scheduling on a bucket that is kept between steps (local_issue policies reuse
 * it): after each bucket build, an id -> candidate index (cidx, valid where cstamp == bstamp);
 * each scheduler's candidates in (age, position) order (cage) are sorted by tl_active() only
 * when the active set has room (cage_sorted: not at most issues). tl_fast is off if an id is
 * too large for the index or appears twice; the general path then runs. */
static void tl_index(struct sm *s, int n, const uint32_t *start)
{
    uint32_t bs = ++s->bstamp, cap = (uint32_t)s->gcap;
    s->tl_fast = 1;
    for (int i = 0; i < n && s->tl_fast; i++) {
        uint32_t id = s->cand[i].id;
        if (id >= cap || s->cstamp[id] == bs) {
            s->tl_fast = 0;
            break;
        }
        s->cstamp[id] = bs;
        s->cidx[id] = (uint32_t)i;
    }
    s->cage_sorted = 0; /* each scheduler's order is built when tl_active() first needs it */
}

/* The same upkeep as the general two-level path in issue_round - drop active ids no longer
 * offered (order kept), then let the oldest offered groups join (ties: the policy's order)
 * until the set is full - followed by the active candidates' positions in the bucket, in
 * bucket order (returned count), their order keys computed: in *xsp, which is xs or, when the
 * last call's answer still holds, that answer as cached. */
/* Two-level promotion (Narasiman et al.): a pending group joins the active set only if its
 * next instruction does not wait on a long-latency (load) result - promoting it would only
 * demote it again. */
static int waits_long(struct sm *s, const struct simt_group *gr)
{
    const struct simt_gpu *g = s->g;
    if (!g->tl_ready || gr->pc >= g->prog->ninsts || gr->nthreads == 0)
        return 0;
    const struct simt_sinst *si = &g->prog->insts[gr->pc];
    uint32_t nw = 0;
    const uint32_t *wl = group_warps(s, gr, s->wtmp, &nw);
    if (si->iclass == SIMT_IC_MEMBAR && fence_waits(s, wl, nw))
        return 1;
    for (uint32_t i = 0; i < nw; i++) {
        const struct warp *w = &s->warps[wl[i]];
        for (uint32_t r = 0; (w->sb_bits & g->sbbits[gr->pc]) && r < si->nsrc; r++) {
            int x = sb_find(w, si->srcs[r]);
            if (x >= 0 && w->sb[x].longlat)
                return 1;
        }
    }
    return 0;
}

static uint32_t tl_active(struct sm *s, uint32_t sc, uint32_t base, uint32_t nc, uint32_t *xs,
                          const uint32_t **xsp)
{
    *xsp = xs;
    struct simt_gpu *g = s->g;
    uint32_t bs = s->bstamp, cap = (uint32_t)s->gcap, *act = s->active[sc];
    uint32_t na = s->nactive[sc], keep = 0, ag = g->active_groups;
    uint32_t *cact = act + ag, *cxs = act + 2 * ag;
    /* the same bucket and the same active list as the last call left them: the upkeep would
     * change nothing, and the answer is the same. A full set lets no pending group join, so
     * only a set with room depends on waits_long() (the long-latency epoch). */
    if (s->sch[sc].tl_cbs == bs && s->sch[sc].tl_cbase == base && s->sch[sc].tl_cn == na &&
        na <= ag && (na == ag || s->sch[sc].tl_cll == s->ll_epoch) &&
        !memcmp(act, cact, na * sizeof *act)) {
        uint32_t m = s->sch[sc].tl_cm;
        for (uint32_t k = 0; k < m; k++) {
            struct cand *cd = &s->cand[base + cxs[k]];
            cd->active = 1;
            cand_key(s, sc, cd);
        }
        *xsp = cxs; /* the cached answer itself: the caller only reads it */
        return m;
    }
    for (uint32_t a = 0; a < na; a++) {
        uint32_t id = act[a];
        if (a >= 4096 ||
            (id < cap && s->cstamp[id] == bs && s->cidx[id] >= base && s->cidx[id] < base + nc))
            act[keep++] = id;
    }
    s->nactive[sc] = keep;
    if (keep < g->active_groups) {
        uint32_t st = ++s->astamp;
        for (uint32_t a = 0; a < keep; a++)
            if (act[a] < cap)
                s->amark[act[a]] = st;
        uint32_t *o = s->cage + base;
        if (!(s->cage_sorted >> sc & 1)) { /* this bucket's (age, position) order */
            for (uint32_t j = 0; j < nc; j++)
                o[j] = base + j;
            age_sort(s->cand, o, s->cheap + base, s->cruns, nc);
            s->cage_sorted |= 1u << sc;
        }
        for (uint32_t j = 0; j < nc && s->nactive[sc] < g->active_groups; j++) {
            uint32_t id = s->cand[o[j]].id;
            if (s->amark[id] != st && !waits_long(s, &s->groups[s->cand[o[j]].idx])) {
                s->amark[id] = st;
                act[s->nactive[sc]++] = id;
            }
        }
    }
    uint32_t m = 0;
    if (nc <= 64) { /* (ids are unique here: tl_index) positions as bits, read in order */
        uint64_t bits = 0;
        for (uint32_t a = 0; a < s->nactive[sc]; a++) {
            uint32_t id = act[a];
            if (id < cap && s->cstamp[id] == bs)
                bits |= 1ull << (s->cidx[id] - base);
        }
        for (; bits; bits &= bits - 1)
            xs[m++] = (uint32_t)__builtin_ctzll(bits);
    } else {
        for (uint32_t a = 0; a < s->nactive[sc]; a++) {
            uint32_t id = act[a];
            if (id >= cap || s->cstamp[id] != bs)
                continue; /* (an entry beyond 4096 kept without being offered) */
            uint32_t x = s->cidx[id] - base, k = m++;
            for (; k > 0 && xs[k - 1] > x; k--)
                xs[k] = xs[k - 1];
            xs[k] = x;
        }
    }
    for (uint32_t k = 0; k < m; k++) {
        struct cand *cd = &s->cand[base + xs[k]];
        cd->active = 1;
        cand_key(s, sc, cd);
    }
    if (s->nactive[sc] <= ag && m <= ag) {
        s->sch[sc].tl_cbs = bs;
        s->sch[sc].tl_cbase = base;
        s->sch[sc].tl_cn = s->nactive[sc];
        s->sch[sc].tl_cm = m;
        s->sch[sc].tl_cll = s->ll_epoch;
        memcpy(cact, act, s->nactive[sc] * sizeof *act);
        memcpy(cxs, xs, m * sizeof *xs);
    }
    return m;
}

/* The scan below for the plainest and, for policies that answer with a fresh list after every
 * issue (DWF's warp pool: tens of groups), the hottest case: one scheduler, loose round-robin,
 * the ideal front end, no replays, not a dual-issue round, a policy without local_issue. The
 * bucket is then the answer itself in the policy's order, and this is the scan's one pass
 * (check every group that would beat the best eligible one so far, in that order; stop at a
 * full generic collector) with the key computed on the fly instead of through the candidate
 * array: the same checks in the same order, so the same pick and the same statistics. Fills
 * *best (its pri, sub, idx, id) and returns 1 if a group can issue. */
static int pick_plain(struct sm *s, int *np, uint64_t cycle, struct cand *best, uint32_t *best_nw,
                      int *best_reason)
{
    const uint32_t last = s->last_id[0];
    int found = 0, n = *np;
    uint64_t bkey = 0;
    for (int i = 0;; i++) {
        if (i == n) {
            /* the tiers so far (call_ready) have no group that can issue: the next tier, every
             * group of a lower priority than theirs. Checked in another order than the whole
             * answer would be, but the pick is the largest key among the groups that can issue,
             * and the other outcomes do not depend on the order either: check_group changes
             * nothing, and here (g->tiered) every group's collector check has the same answer
             * (one generic collector) and no prediction holds a group back. */
            if (found || !s->ready_partial)
                break;
            if ((n = *np = ready_more(s, cycle)) < 0)
                return -1;
            if (i == n)
                break;
        }
        const struct simt_group *gr = &s->groups[i];
        const uint32_t sub = gr->id - last - 1; /* cand_key() for loose round-robin */
        /* (priority, then the smaller sub) as one number, larger is better: cmp_cand() >= 0
         * against the best so far is key <= bkey (a later index loses a full tie) */
        const uint64_t key = (uint64_t)((uint32_t)gr->priority ^ 0x80000000u) << 32 | ~sub;
        if (found && key <= bkey)
            continue;
        uint32_t nw = 0;
        int ll = 0;
        const uint32_t *wl = NULL;
        int r = check_group(s, gr, s->wtmp, &wl, &nw, &ll, cycle);
        if (r == 5 || r == 3)
            r = 1; /* (neither occurs here: no replay marks, no instruction buffers) */
        if (r) {
            if (note_blocked(s, r, best_reason) == 2 && !s->g->separated)
                break; /* (the rest of a tier would fail the same way: not asked for) */
            continue;
        }
        found = 1;
        bkey = key;
        *best = (struct cand){.pri = gr->priority, .idx = (uint32_t)i, .sub = sub, .id = gr->id};
        *best_nw = nw;
        memcpy(s->wbest, wl, nw * sizeof *wl);
    }
    return found;
}

/* Chooses and issues up to one group per scheduler. Returns number issued, or -1. */
/* Scheduler sc is still feeding its previous group into its pipeline (issue_blocking): the
 * cycle is a "stall" for it (cls, when given) and the SM wakes when it is free. */
static void sched_still_busy(struct sm *s, uint32_t sc, uint8_t *cls)
{
    if (cls)
        cls[sc] = C_STALL;
    if (s->sch[sc].busy < s->wake)
        s->wake = s->sch[sc].busy;
    s->issue_dirty_next = 1;
}

/* The dual-issue round (issue_round with only_id: each scheduler offers again only the group
 * it just issued) in its common outcome, every such group blocked - mostly by its own previous
 * instruction (RAW) or an instruction buffer not yet refilled. Checks them all first, with no
 * effect; if one could issue, or a case this shortcut does not cover arises (an answer still
 * partial, hazard prediction, a group not where the first round found it, a group without an
 * instruction buffer), returns 0 and the caller runs the round. Otherwise applies, scheduler by
 * scheduler, exactly what the round does for a blocked candidate (two-level demotion, front-end
 * redirect, blocked accounting; dual-issue rounds set no cycle class) and returns 1. A blocked
 * scheduler's effects cannot unblock or block another's group (they touch only its own active
 * list and instruction buffer), so checking all before applying any gives the round's result
 * without its set-up (a third of fermi-turner's rounds on the 16K-vertex BFS). */
static int dual_blocked(struct sm *s, uint64_t cycle, int n, const uint32_t *only_id)
{
    struct simt_gpu *g = s->g;
    if (s->ready_partial || g->predict)
        return 0;
    int rs[16], lls[16];
    for (uint32_t sc = 0; sc < g->nsched; sc++) {
        if (only_id[sc] == NONE)
            continue;
        if (g->issue_blocking && s->sch[sc].busy > cycle) {
            rs[sc] = -1;
            continue;
        }
        const uint32_t i = s->sch[sc].lidx;
        if (i >= (uint32_t)n || s->groups[i].id != only_id[sc] || s->groups[i].sched != sc ||
            (g->buffered_fe && !fe_find(s, only_id[sc])))
            return 0;
        uint32_t nw = 0;
        const uint32_t *wl = NULL;
        lls[sc] = 0;
        rs[sc] = check_group(s, &s->groups[i], s->wtmp, &wl, &nw, &lls[sc], cycle);
        if (rs[sc] == 0)
            return 0;
    }
    for (uint32_t sc = 0; sc < g->nsched; sc++) {
        if (only_id[sc] == NONE)
            continue;
        if (rs[sc] < 0) {
            sched_still_busy(s, sc, NULL);
            continue;
        }
        const struct simt_group *gr = &s->groups[s->sch[sc].lidx];
        int r = rs[sc] == 5 ? 1 : rs[sc], best_reason = 1;
        if (r == 1 && lls[sc] && g->sched_policy == 2) {
            active_remove(s, sc, gr->id);
            (*g->st_demotions)++;
            s->demoted = 1;
        }
        if (r == 3) {
            (*g->st_fe_stall)++;
            fe_redirect(s, fe_entry(s, gr->id), gr->pc);
            r = 1;
        }
        note_blocked(s, r, &best_reason);
    }
    return 1;
}

static int issue_round(struct sm *s, uint64_t cycle, int n, const uint32_t *only_id, uint8_t *cls,
                       uint32_t *issued_id)
{
    struct simt_gpu *g = s->g;
    struct simt_group chosen[16];
    struct cand *chosen_cand[16]; /* their entries in cand[] (for the local refresh) */
    uint32_t nchosen = 0;
    /* the answer being used is current: after the issues it may be refreshed locally */
    int fresh = s->ready_valid && s->ready_epoch == s->pol_epoch;
    uint32_t nissued = 0;
    s->stamp++;
    uint32_t issue_stamp = s->stamp;
    s->ntouched = 0;
    s->touch_stamp = ++s->stamp;
    /* bucket the offered groups by scheduler (counting sort, keeps the policy's order); the
     * buckets of a reused ready() answer are still valid */
    uint32_t *start = s->cstart, dstart[17];
    struct cand *cbase = s->cand;
    const int plain = g->fast_scan && !only_id && g->nsched == 1 && g->sched_policy == 0 &&
                      !g->buffered_fe && !g->pol_ops->local_issue && s->sch[0].rq_n == 0;
    struct cand plain_best;
    if (s->ready_partial && !plain && (n = ready_complete(s, cycle)) < 0)
        return -1;
    if (plain) {
        s->cand_epoch = 0; /* the buckets are not built: none to reuse */
    } else if (only_id) {
        /* dual issue: only the group each scheduler just issued, in its own small list (the
         * buckets of the current answer stay intact for reuse) */
        cbase = s->dcand;
        start = dstart;
        memset(start, 0, sizeof dstart);
        /* usually each group is where this step's round found it (lidx) */
        int known = 1;
        for (uint32_t sc = 0; sc < g->nsched && known; sc++)
            if (only_id[sc] != NONE)
                known = s->sch[sc].lidx < (uint32_t)n &&
                        s->groups[s->sch[sc].lidx].id == only_id[sc] &&
                        s->groups[s->sch[sc].lidx].sched == sc;
        uint32_t total = 0;
        for (uint32_t sc = 0; sc < g->nsched && known; sc++)
            if (only_id[sc] != NONE) {
                const struct simt_group *gr = &s->groups[s->sch[sc].lidx];
                start[sc + 1] = 1;
                struct cand *cd = &s->dcand[total++];
                cd->pri = gr->priority;
                cd->idx = s->sch[sc].lidx;
                cd->age = g->sched_policy ? s->warps[group_warp0(s, gr)].age : 0;
                cd->id = gr->id;
            }
        for (int i = 0; i < n && total < 16 && !known; i++)
            if (s->groups[i].id == only_id[s->groups[i].sched]) {
                start[s->groups[i].sched + 1]++;
                total++;
            }
        for (uint32_t sc = 0; sc < g->nsched; sc++)
            start[sc + 1] += start[sc];
        uint32_t fill[16];
        memcpy(fill, start, sizeof fill);
        for (int i = 0; i < n && !known; i++) {
            const struct simt_group *gr = &s->groups[i];
            if (gr->id != only_id[gr->sched] || fill[gr->sched] >= start[gr->sched + 1])
                continue; /* (a duplicate id beyond the 16 counted) */
            struct cand *cd = &s->dcand[fill[gr->sched]++];
            cd->pri = gr->priority;
            cd->idx = (uint32_t)i;
            cd->age = g->sched_policy ? s->warps[group_warp0(s, gr)].age : 0;
            cd->id = gr->id;
        }
    } else if (!s->ready_reused || s->cand_epoch != s->ready_epoch + 1) {
        uint32_t fill[16];
        memset(start, 0, sizeof s->cstart);
        for (int i = 0; i < n; i++)
            start[s->groups[i].sched + 1]++;
        for (uint32_t sc = 0; sc < g->nsched; sc++) {
            start[sc + 1] += start[sc];
            fill[sc] = start[sc];
        }
        for (int i = 0; i < n; i++) {
            const struct simt_group *gr = &s->groups[i];
            struct cand *cd = &s->cand[fill[gr->sched]++];
            cd->pri = gr->priority;
            cd->idx = (uint32_t)i;
            cd->age = g->sched_policy ? s->warps[group_warp0(s, gr)].age : 0;
            cd->id = gr->id;
        }
        /* a policy whose answers are reused (local_issue) gets sorted buckets, scanned by
         * rotation below (ideal front end only, see the scan) */
        if (g->sched_policy != 2 && g->pol_ops->local_issue && !g->buffered_fe)
            for (uint32_t sc = 0; sc < g->nsched; sc++)
                sort_bucket(s->cand + start[sc], start[sc + 1] - start[sc], g->sched_policy);
        s->cand_epoch = !s->ready_valid ? 0 : s->ready_epoch + 1;
        if (g->sched_policy == 2)
            tl_index(s, n, start);
    }
    for (uint32_t sc = 0; sc < g->nsched; sc++) {
        if (only_id && only_id[sc] == NONE)
            continue;
        if (g->issue_blocking && s->sch[sc].busy > cycle) {
            sched_still_busy(s, sc, only_id ? NULL : cls);
            continue;
        }
        int best_reason = 1; /* 1 raw, 2 no slot, 3 predicted hazard */
        const struct cand *best = NULL, *fe_best = NULL;
        uint32_t best_nw = 0;
        if (plain) {
            if (n == 0) {
                cls[sc] = C_IDLE;
                continue;
            }
            int f = pick_plain(s, &n, cycle, &plain_best, &best_nw, &best_reason);
            if (f < 0)
                return -1;
            if (f)
                best = &plain_best;
            goto chosen;
        }
        /* candidates of this scheduler, ordered by (priority, scheduling policy) */
        struct cand *cands = cbase + start[sc];
        uint32_t nc = start[sc + 1] - start[sc];
        if (only_id) { /* dual issue: only the group this scheduler just issued */
            uint32_t k = 0;
            for (uint32_t x = 0; x < nc; x++)
                if (cands[x].id == only_id[sc])
                    cands[k++] = cands[x];
            nc = k;
        }
        /* instructions marked for replay (seed 003 5.2.3): each warp with one presents only its
         * oldest (first-issue order), which competes with the other warps' groups in the
         * scheduler's order under the priority and id of the group that first issued it; the
         * warp's newer instructions wait (check_group). Not in dual-issue rounds. */
        uint32_t nr = 0;
        if (!only_id && s->sch[sc].rq_n) {
            uint32_t rs = ++s->stamp;
            for (uint32_t i = 0; i < s->sch[sc].rq_n; i++) {
                const struct inst *in = &s->insts[s->sch[sc].rq[i]];
                int older = 0;
                for (uint32_t w = 0; w < in->nwarps; w++) {
                    older |= s->warps[in->warps[w]].stamp == rs;
                    s->warps[in->warps[w]].stamp = rs;
                }
                if (older)
                    continue;
                struct cand *rc = &s->rcand[nr++];
                rc->pri = in->pri;
                rc->idx = (uint32_t)n + i;
                rc->age = g->sched_policy ? s->warps[in->warp0].age : 0;
                rc->id = in->gid;
                rc->active = 1; /* two-level: a replay is never held out of the active set */
            }
        }
        if (nc == 0 && nr == 0) {
            if (!only_id)
                cls[sc] = C_IDLE;
            continue;
        }
        /* two-level on an indexed bucket: upkeep and scan in O(active set) */
        int tlf = g->sched_policy == 2 && !only_id && s->tl_fast && nc;
        const uint32_t *tlx = NULL; /* its answer: the active candidates' positions */
        uint32_t ntl = tlf ? tl_active(s, sc, start[sc], nc, s->cheap, &tlx) : 0;
        if (only_id && g->sched_policy == 2) {
            /* dual issue: the group just issued from the active set stays in it, and the
             * set is left as it is (upkeep here, with only this group offered, would drop
             * every other active group) */
            for (uint32_t x = 0; x < nc; x++)
                cands[x].active = 1;
        } else if (nc && g->sched_policy == 2 && !tlf) {
            /* two-level (Narasiman et al.): drop active ids no longer offered, then fill the
             * active set with the oldest offered groups */
            uint32_t na = s->nactive[sc];
            uint8_t seen[4096];
            memset(seen, 0, na < sizeof seen ? na : sizeof seen);
            /* membership by id: a stamp per id (ids below gcap; larger ones are searched) */
            uint32_t st = ++s->astamp, acap = (uint32_t)s->gcap;
            for (uint32_t a = na; a-- > 0;) { /* backwards: a duplicate id maps to its first */
                uint32_t id = s->active[sc][a];
                if (id < acap) {
                    s->amark[id] = st;
                    s->apos[id] = a;
                }
            }
            for (uint32_t x = 0; x < nc; x++) {
                struct cand *cd = &cands[x];
                cd->active = 0;
                uint32_t a = NONE;
                if (cd->id < acap) {
                    if (s->amark[cd->id] == st)
                        a = s->apos[cd->id];
                } else {
                    for (uint32_t k = 0; k < na && a == NONE; k++)
                        if (s->active[sc][k] == cd->id)
                            a = k;
                }
                if (a != NONE) {
                    cd->active = 1;
                    if (a < sizeof seen)
                        seen[a] = 1;
                }
            }
            uint32_t keep = 0;
            for (uint32_t a = 0; a < na; a++)
                if (a >= sizeof seen || seen[a])
                    s->active[sc][keep++] = s->active[sc][a];
            s->nactive[sc] = keep;
            uint32_t idle_n = 0;
            for (uint32_t x = 0; x < nc; x++) {
                /* pending groups waiting on a load cannot join (waits_long) */
                cands[x].sub = !cands[x].active && waits_long(s, &s->groups[cands[x].idx]);
                idle_n += !cands[x].active && !cands[x].sub;
            }
            if (idle_n && s->nactive[sc] + idle_n <= g->active_groups) {
                /* room for every pending group: all join (same set as oldest-first filling;
                 * the order of the active list matters nowhere) */
                for (uint32_t x = 0; x < nc; x++)
                    if (!cands[x].active && !cands[x].sub) {
                        cands[x].active = 1;
                        s->active[sc][s->nactive[sc]++] = cands[x].id;
                    }
            }
            uint32_t need =
                g->active_groups > s->nactive[sc] ? g->active_groups - s->nactive[sc] : 0;
            if (need && need <= 2) {
                /* the oldest pending groups join (ties: the policy's order): one scan each */
                while (s->nactive[sc] < g->active_groups) {
                    struct cand *oldest = NULL;
                    for (uint32_t x = 0; x < nc; x++)
                        if (!cands[x].active && !cands[x].sub &&
                            (!oldest || cands[x].age < oldest->age))
                            oldest = &cands[x];
                    if (!oldest)
                        break;
                    oldest->active = 1;
                    s->active[sc][s->nactive[sc]++] = oldest->id;
                }
            } else if (need) {
                /* the same through a heap of the pending candidates by (age, position) */
                uint32_t *hp = s->cheap, hn = 0;
                for (uint32_t x = 0; x < nc; x++)
                    if (!cands[x].active && !cands[x].sub)
                        hp[hn++] = x;
                for (uint32_t i = hn / 2; i-- > 0;)
                    heap_sift(cands, hp, hn, i, 1);
                while (s->nactive[sc] < g->active_groups && hn) {
                    struct cand *oldest = &cands[hp[0]];
                    hp[0] = hp[--hn];
                    heap_sift(cands, hp, hn, 0, 1);
                    oldest->active = 1;
                    s->active[sc][s->nactive[sc]++] = oldest->id;
                }
            }
        }
        /* With the ideal front end, for local_issue policies (one stable group id per static
         * warp), loose round-robin and greedy-then-oldest visit the candidates in the
         * scheduler's order (the sorted bucket by rotation; a heap if it holds several
         * priorities) and stop at the first that can issue: the same pick as checking them
         * all. Otherwise, and for two-level, every candidate that would beat the best eligible
         * one so far is checked: with the buffered front end a check claims the group's
         * instruction buffer (fe_entry), which starts its fetch, so the set of candidates
         * checked shapes fetch timing (docs/TIMING.md). */
        int ordered = g->sched_policy != 2 && g->pol_ops->local_issue && !g->buffered_fe;
        uint32_t *hp = s->cheap, hn = 0, first = 0;
        int rot = ordered && scan_start(cands, nc, g->sched_policy, s->last_id[sc],
                                        only_id ? NONE : s->sch[sc].last_pos, &first);
        for (int sg = rot || tlf; sg < 2; sg++) { /* the groups, then the replays */
            struct cand *seg = sg ? s->rcand : cands;
            uint32_t segn = sg ? nr : nc;
            for (uint32_t x = 0; x < segn; x++)
                cand_key(s, sc, &seg[x]);
        }
        /* pick the best eligible candidate in (priority, policy order) with one pass: a
         * candidate is checked only if it would beat the best eligible one so far */
        int stop = 0; /* the generic collector is full: nothing else can issue */
        if (ordered && !rot) {
            for (uint32_t x = 0; x < nc; x++)
                hp[hn++] = x;
            for (uint32_t i = hn / 2; i-- > 0;)
                heap_sift(cands, hp, hn, i, 0);
        }
        const uint32_t scan_n = tlf ? ntl : nc;
        for (uint32_t k = 0; k < scan_n; k++) {
            uint32_t x;
            if (tlf) {
                x = tlx[k]; /* the active set only, keys computed */
            } else {
                x = rot       ? scan_at(k, nc, g->sched_policy, first)
                    : ordered ? cand_pop(cands, hp, &hn)
                              : k;
                if (rot)
                    cand_key(s, sc, &cands[x]);
                if (g->sched_policy == 2 && (cands[x].sub >> 40))
                    continue; /* only the active set issues */
            }
            const struct cand *cd = &cands[x];
            if (best && cmp_cand(cd, best) >= 0)
                continue;
            const struct simt_group *gr = &s->groups[cd->idx];
            if (nissued && (!gr->one_warp || s->warps[group_warp0(s, gr)].istamp == issue_stamp)) {
                /* a thread issues once per cycle even if groups overlap; a one-warp group
                 * that issued claims its whole warp */
                int clash = 0;
                for (uint32_t t = 0; t < gr->nthreads && !clash; t++) {
                    const struct warp *w = &s->warps[s->threads[gr->threads[t]].warp];
                    clash = s->thr[gr->threads[t]].stamp == issue_stamp || w->wstamp == issue_stamp;
                }
                if (clash)
                    continue;
            }
            uint32_t nw = 0;
            int ll = 0;
            const uint32_t *wl = NULL;
            int r = check_group(s, gr, s->wtmp, &wl, &nw, &ll, cycle);
            if (r == 5)
                r = 1; /* its warp presents a replay instead (a candidate above/below) */
            if (r == 1 && ll && g->sched_policy == 2) {
                active_remove(s, sc, gr->id); /* waits on memory: demote */
                (*g->st_demotions)++;
                s->demoted = 1;
            }
            if (r == 3) {
                (*g->st_fe_stall)++;
                /* remember the first (best-ordered) group that waits only for its
                 * instruction; only it may redirect fetch, so that groups sharing a static
                 * warp at different pcs cannot flush each other's buffer forever */
                if (!fe_best || cmp_cand(cd, fe_best) < 0)
                    fe_best = cd;
                r = 1;
            }
            if (r) {
                if (note_blocked(s, r, &best_reason) == 2 && !g->separated) {
                    stop = 1;
                    break;
                }
                continue;
            }
            best = cd;
            best_nw = nw;
            memcpy(s->wbest, wl, nw * sizeof *wl);
            if (ordered)
                break;
        }
        /* then the replays presented by warps (seed 003 5.2.3), in the same order */
        for (uint32_t x = 0; x < nr && !stop; x++) {
            const struct cand *cd = &s->rcand[x];
            if (best && cmp_cand(cd, best) >= 0)
                continue;
            int r = replay_check(s, s->sch[sc].rq[cd->idx - (uint32_t)n], cycle);
            if (r) {
                if (note_blocked(s, r, &best_reason) == 2 && !g->separated)
                    break;
                continue;
            }
            best = cd;
            continue;
        }
        if (!best && fe_best) {
            const struct simt_group *gr = &s->groups[fe_best->idx];
            fe_redirect(s, fe_entry(s, gr->id), gr->pc);
        }
    chosen:
        if (best && best->idx >= (uint32_t)n) {
            replay_issue(s, sc, best->idx - (uint32_t)n, cycle);
            s->last_id[sc] = best->id;
            s->sch[sc].last_pos = NONE;
            cls[sc] = C_ISSUE1;
            nissued++;
            continue;
        }
        if (best) {
            const struct simt_group *gr = &s->groups[best->idx];
            if (gr->nthreads > g->max_threads || nchosen >= 16) {
                g->err = simt_seterr(SIMT_ERR_INVARIANT, "policy %s: group of %u threads",
                                     g->pol_ops->name, gr->nthreads);
                return -1;
            }
            /* copy what issue needs, since later policy calls may change the arrays */
            chosen[nchosen] = *gr;
            uint32_t *tcopy = s->issued_buf + (size_t)nchosen * g->max_threads;
            memcpy(tcopy, gr->threads, gr->nthreads * sizeof *tcopy);
            chosen[nchosen].threads = tcopy;
            simt_err e = issue_any(s, &chosen[nchosen], s->wbest, best_nw, cycle);
            if (e) {
                g->err = e;
                return -1;
            }
            chosen[nchosen].lanes = NULL; /* lanes were only needed by issue_group */
            chosen_cand[nchosen] = (struct cand *)best;
            /* the marks only stop a later scheduler of this round from issuing the same
             * threads again (the clash check above): the last one leaves none */
            if (sc + 1 < g->nsched && gr->one_warp) {
                struct warp *w = &s->warps[s->wbest[0]];
                w->istamp = w->wstamp = issue_stamp;
            } else if (sc + 1 < g->nsched) {
                for (uint32_t t = 0; t < gr->nthreads; t++) {
                    s->thr[gr->threads[t]].stamp = issue_stamp;
                    s->warps[s->threads[gr->threads[t]].warp].istamp = issue_stamp;
                }
            }
            issued_id[sc] = gr->id;
            s->sch[sc].lidx = best->idx;
            s->last_id[sc] = gr->id;
            s->sch[sc].last_pos = plain || only_id ? NONE : (uint32_t)(best - (cbase + start[sc]));
            if (g->issue_blocking) {
                uint64_t ic = chosen[nchosen].issue_cycles ? chosen[nchosen].issue_cycles
                                                           : g->issue_cycles_cfg;
                s->sch[sc].busy = cycle + ic;
            }
            cls[sc] = only_id ? C_ISSUE2 : C_ISSUE1;
            nchosen++;
            nissued++;
            best_reason = 0;
        }
        if (best_reason && !only_id)
            cls[sc] = best_reason == 1 ? C_RAW : best_reason == 2 ? C_STALL : C_PRED;
    }
    /* tell the policy, then release barriers completed by these issues */
    for (uint32_t i = 0; i < nchosen; i++) {
        s->pol_epoch++;
        simt_err e = g->pol_ops->issued(s->pol, &chosen[i]);
        if (e) {
            simt_errprefix("policy %s: issued", g->pol_ops->name);
            g->err = e;
            return -1;
        }
    }
    if (fresh && nchosen && g->pol_ops->local_issue && g->pol_ops->ready_group)
        refresh_local(s, cycle, chosen, chosen_cand, nchosen);
    for (uint32_t i = 0; i < s->ntouched; i++) {
        simt_err e = barrier_check(s, s->touched[i]);
        if (e) {
            g->err = e;
            return -1;
        }
        maybe_cta_done(s, s->touched[i]);
    }
    s->ntouched = 0;
    return (int)nissued;
}

/* Whether every scheduler is still feeding its previous group into the pipeline
 * (issue_blocking): no scheduler looks at a candidate this cycle. */
static int all_sched_busy(const struct sm *s, uint64_t cycle)
{
    if (!s->g->issue_blocking)
        return 0;
    for (uint32_t sc = 0; sc < s->g->nsched; sc++)
        if (s->sch[sc].busy <= cycle)
            return 0;
    return 1;
}

/* issue_round() for the step's first round, except when every scheduler is still feeding
 * its previous group into the pipeline (issue_blocking): then no scheduler looks at a
 * candidate and the outcome is known - each classes the cycle "stall" and wakes when it is
 * free - so it is written here without the round's set-up (on gt200-jin, where a warp holds
 * the 8-wide SIMD unit 4 cycles, 1.6 M of transpose's 2.8 M steps). */
static int issue_or_busy(struct sm *s, uint64_t cycle, int n, uint8_t *cls, uint32_t *issued_id)
{
    if (!all_sched_busy(s, cycle))
        return issue_round(s, cycle, n, NULL, cls, issued_id);
    for (uint32_t sc = 0; sc < s->g->nsched; sc++)
        sched_still_busy(s, sc, cls);
    return 0;
}

static simt_err stage_issue(struct sm *s, uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    /* whole arrays (constant sizes: inline stores, not two library calls per step) */
    uint8_t cls[16];
    uint32_t issued_id[16];
    memset(cls, C_IDLE, sizeof cls);
    memset(issued_id, 0xff, sizeof issued_id); /* NONE */
    if (s->active_ctas == 0) {
        s->coll_full = 0;
        goto account;
    }
    if (!s->issue_dirty) {
        /* nothing changed since the last fruitless attempt: same outcome, same classes */
        for (uint32_t i = 0; i < g->nsched; i++)
            cls[i] = s->last_class[i];
        goto account;
    }
    s->coll_full = 0;
    /* (only this SM's issue stage counts empty buffers while it runs: SMs step one at a time) */
    const uint64_t fe_before = *g->st_fe_stall;
    int n = call_ready(s, cycle);
    if (n < 0)
        return g->err;
    int replays = 0;
    for (uint32_t i = 0; i < g->nsched; i++)
        replays |= s->sch[i].rq_n != 0;
    int ni = n || replays ? issue_or_busy(s, cycle, n, cls, issued_id) : 0;
    if (ni < 0)
        return g->err;
    if (ni == 0 && (g->pol_ops->idle || g->pol_ops->idle_quiet)) {
        /* an idle_quiet() that changed nothing leaves the answer (and the candidate buckets
         * built from it) current: call_ready() reuses it (simt_policy.h) */
        if (!g->pol_ops->idle_quiet)
            g->pol_ops->idle(s->pol, cycle);
        const int quiet = g->pol_ops->idle_quiet && g->pol_ops->idle_quiet(s->pol, cycle);
        if (!quiet)
            s->pol_epoch++;
        /* the same answer again (call_ready() would reuse it) with every scheduler still
         * busy: the round would repeat issue_or_busy()'s busy path exactly, so it is not run
         * (ukernel on mum small, gt200-jin: 3.9 M of its 6.5 M steps) */
        const int same =
            quiet && n > 0 && ready_reusable(s) && s->ready_n == n && all_sched_busy(s, cycle);
        if (!same) {
            n = call_ready(s, cycle);
            if (n < 0)
                return g->err;
            ni = n ? issue_or_busy(s, cycle, n, cls, issued_id) : 0;
            if (ni < 0)
                return g->err;
        }
    }
    s->issue_dirty = ni > 0 || s->demoted || replays || s->issue_dirty_next;
    if (s->demoted)
        s->busy = 1; /* the group let into the active set may issue next cycle */
    s->demoted = 0;  /* a demotion lets a pending group in next time */
    s->issue_dirty_next = 0;
    if (n == 0 && s->nready > 0) {
        s->busy = 1; /* the policy holds READY threads back (e.g. delaying schemes that read
                        the cycle): keep stepping; the watchdog bounds a real deadlock */
        s->issue_dirty = 1;
    }
    if (ni > 0 && g->dual_issue) {
        if (g->pol_ops->local_issue && s->ready_valid && s->ready_epoch == s->pol_epoch) {
            /* the answer was refreshed for the groups that issued: use it as it is */
            n = s->ready_n;
        } else if (g->pol_ops->ready_group) {
            /* ask only for the groups that just issued (this overwrites the cached answer);
             * each entry is zeroed before the policy writes it, and groups_hw still covers
             * every entry written, which the next call_ready() zeroes if it must */
            s->pol_epoch++;
            n = 0;
            int whole = 0; /* the policy cannot answer for one group: ask ready() */
            for (uint32_t sc = 0; sc < g->nsched && !whole; sc++) {
                if (issued_id[sc] == NONE)
                    continue;
                struct simt_group *gr = &s->groups[n];
                memset(gr, 0, sizeof *gr);
                int r = g->pol_ops->ready_group(s->pol, cycle, issued_id[sc], gr);
                whole = r < 0;
                if (r == 1) {
                    if (gr->sched >= g->nsched || !gr->nthreads || !gr->threads)
                        return g->err = simt_seterr(SIMT_ERR_INVARIANT,
                                                    "policy %s: ready_group gave a bad group",
                                                    g->pol_ops->name);
                    n++;
                }
            }
            if ((uint32_t)n > s->groups_hw)
                s->groups_hw = (uint32_t)n;
            if (whole)
                n = call_ready(s, cycle);
        } else {
            n = call_ready(s, cycle);
        }
        if (n < 0)
            return g->err;
        if (n && !dual_blocked(s, cycle, n, issued_id) &&
            issue_round(s, cycle, n, issued_id, cls, issued_id) < 0)
            return g->err;
    }
    /* The round will run again at the next step (a scheduler still busy, replays pending)
     * and it found warp buffers empty: step the next cycle, as stepping every cycle would,
     * so that those checks are counted there too (frontend.empty_buffer counts checks; the
     * timing is the same either way). Before the twenty-ninth session the count fell short
     * of sim.skip_cycles=false's with issue_blocking or replay and the buffered front end. */
    if (s->issue_dirty && *g->st_fe_stall != fe_before)
        s->busy = 1;
account:
    for (uint32_t i = 0; i < g->nsched; i++) {
        g->st_class[cls[i]][0]++;
        s->last_class[i] = cls[i];
    }
    /* the operand collector is blocked by a memory stall (seed 003 1.1.7 Fig. 1.4, 3.5): an
     * issue found no collector slot while an LD/ST unit holds an instruction stalled on a
     * hazard */
    s->last_blocked = s->coll_full && s->nstalled > 0;
    (*g->st_blocked) += (uint64_t)s->last_blocked;
    return SIMT_ERR_OK;
}

/* One SM cycle. */
static simt_err sm_step(struct sm *s, uint64_t cycle)
{
    struct simt_gpu *g = s->g;
    /* cycles skipped since the last step keep the classes of that step */
    if (cycle > s->accounted_until) {
        for (uint32_t i = 0; i < g->nsched; i++)
            (*g->st_class[s->last_class[i]]) += cycle - s->accounted_until;
        (*g->st_blocked) += (uint64_t)s->last_blocked * (cycle - s->accounted_until);
        (*g->st_mem_stall) += (uint64_t)s->last_memstall * (cycle - s->accounted_until);
    }
    s->accounted_until = cycle + 1;
    (*g->st_steps)++;
    s->busy = 0;
    s->wake = UINT64_MAX;
    if (g->ms_ops->tick)
        g->ms_ops->tick(s->ms, cycle);
    SIMT_TRY(g->err);
    SIMT_TRY(stage_ldst(s, cycle));
    SIMT_TRY(stage_writeback(s, cycle));
    SIMT_TRY(stage_collect(s, cycle));
    if (g->buffered_fe)
        SIMT_TRY(fe_fetch(s, cycle));
    SIMT_TRY(stage_issue(s, cycle));
    if (s->fq_n)
        s->busy = 1;
    /* when can something happen next? */
    uint64_t nx = s->wake;
    if (s->busy)
        nx = cycle + 1;
    if (s->nheap && s->heap[0].cycle < nx)
        nx = s->heap[0].cycle > cycle ? s->heap[0].cycle : cycle + 1;
    if (g->ms_ops->next_event) {
        uint64_t m = g->ms_ops->next_event(s->ms, g->ms_shared, cycle);
        if (m < nx)
            nx = m > cycle ? m : cycle + 1;
    }
    if (!g->skip_cycles)
        nx = cycle + 1; /* the reference: every cycle (until the launch ends) */
    s->next_cycle = nx;
    return SIMT_ERR_OK;
}

/* --- GPU ----------------------------------------------------------------------------------- */

void simt_gpu_free(simt_gpu *g)
{
    if (!g)
        return;
    for (uint32_t i = 0; g->sms && i < g->nsms; i++) {
        struct sm *s = &g->sms[i];
        if (s->ms && g->ms_ops->destroy)
            g->ms_ops->destroy(s->ms);
        if (s->pol && g->pol_ops->destroy)
            g->pol_ops->destroy(s->pol);
        for (uint32_t c = 0; s->ctas && c < g->max_ctas; c++)
            if (s->ctas[c].cta)
                simt_cta_free(s->ctas[c].cta);
        for (uint32_t t = 0; s->thr && t < g->max_threads; t++)
            simt_cursor_free(s->thr[t].cur);
        for (uint32_t w = 0; s->warps && w < g->max_warps; w++)
            if (s->warps[w].sb != s->warps[w].sb_in)
                free(s->warps[w].sb);
        for (uint32_t k = 0; k < s->ninst; k++) {
            free(s->insts[k].warps);
            free(s->insts[k].acc);
        }
        for (int u = 0; u < U_NUM; u++) {
            free(s->unit_busy[u]);
        }
        for (uint32_t sc = 0; s->active && sc < g->nsched; sc++)
            free(s->active[sc]);
        for (uint32_t sc = 0; sc < 16; sc++)
            free(s->sch[sc].rq);
        free(s->rcand);
        free(s->active);
        free(s->nactive);
        free(s->threads);
        free(s->thr);
        free(s->mev);
        free(s->evpc);
        free(s->evdepth);
        free(s->bpos);
        free(s->bn);
        free(s->warps);
        free(s->sb_cnt);
        free(s->warp_used);
        free(s->ctas);
        free(s->insts);
        free(s->bank_cycle);
        free(s->mem_hold);
        free(s->coll);
        free(s->mem_ready_at);
        free(s->rejected);
        free(s->pacc);
        free(s->heap);
        free(s->wbq[0]);
        free(s->wbq[1]);
        free(s->groups);
        free(s->cand);
        free(s->cheap);
        free(s->amark);
        free(s->apos);
        free(s->cidx);
        free(s->cstamp);
        free(s->cage);
        free(s->cruns);
        free(s->last_id);
        free(s->last_class);
        free(s->issued_buf);
        free(s->wtmp);
        free(s->wbest);
        free(s->mthr);
        free(s->mwarps);
        free(s->mlanes);
        free(s->mpart);
        free(s->rel_buf);
        free(s->touched);
        free(s->fq);
        free(s->fe);
        free(s->ic_tag);
        free(s->ic_lru);
    }
    if (g->ms_shared && g->ms_ops->shared_destroy)
        g->ms_ops->shared_destroy(g->ms_shared);
    if (g->pol_shared && g->pol_ops->shared_destroy)
        g->pol_ops->shared_destroy(g->pol_shared);
    free(g->sms);
    free(g->epochs);
    free(g->nf);
    free(g->nseq);
    free(g->ismem);
    free(g->icls);
    free(g->pc_counts);
    free(g->sbbits);
    free(g);
}

void simt_gpu_set_progress(simt_gpu *g, simt_progress_fn fn, void *ctx)
{
    if (!g)
        return;
    g->progress = fn;
    g->progress_ctx = ctx;
}

uint64_t simt_gpu_cycle(const simt_gpu *g)
{
    return g ? g->cycle : 0;
}

size_t simt_gpu_epochs(const simt_gpu *g, const uint64_t **triples)
{
    if (triples)
        *triples = g ? g->epochs : NULL;
    return g ? g->nepochs / 3 : 0;
}

simt_err simt_gpu_set_pc_profile(simt_gpu *g, int on)
{
    SIMT_RETURN_IF(!g, SIMT_ERR_INVALID_ARG, "simt_gpu_set_pc_profile: NULL");
    g->pc_prof = on != 0;
    return SIMT_ERR_OK;
}

size_t simt_gpu_pc_profile(const simt_gpu *g, const uint64_t **counts)
{
    if (!g || !g->pc_counts || !g->prog) {
        if (counts)
            *counts = NULL;
        return 0;
    }
    if (counts)
        *counts = g->pc_counts;
    return g->prog->ninsts;
}

#define CI(key) simt_config_int(cfg, key)

static simt_err register_stats(struct simt_gpu *g)
{
    simt_stats *st = g->stats;
    g->st_cycles = simt_stats_counter(st, "cycles", "core cycles simulated (all launches)");
    g->st_winst = simt_stats_counter(st, "warp_instructions", "issued groups (warp instructions)");
    g->st_tinst = simt_stats_counter(st, "thread_instructions", "issued thread-instructions");
    g->st_hist = simt_stats_histogram(st, "active_threads",
                                      "issued groups by active threads (bin i = i threads; "
                                      "seed 000 Fig. 1.1)",
                                      g->warp_size + 1);
    for (int c = 0; c < C_NUM; c++) {
        char name[64], desc[128];
        snprintf(name, sizeof name, "sched.%s", class_names[c]);
        snprintf(desc, sizeof desc,
                 "scheduler-cycles classed '%s' (seed 003 7.1.3; summed over schedulers and SMs)",
                 class_names[c]);
        g->st_class[c] = simt_stats_counter(st, name, desc);
    }
    for (int u = 0; u < U_NUM; u++) {
        char name[64], desc[128];
        snprintf(name, sizeof name, "units.%s.busy", unit_names[u]);
        snprintf(desc, sizeof desc, "unit-cycles the %s units were occupied (summed over units)",
                 unit_names[u]);
        g->st_unit[u] = simt_stats_counter(st, name, desc);
    }
    g->st_ctas = simt_stats_counter(st, "ctas", "CTAs dispatched");
    g->st_steps =
        simt_stats_counter(st, "sim.sm_steps",
                           "SM-cycles in which something could happen (stepped, or a sleeping "
                           "LD/ST unit's retry answered at once; the rest were skipped)");
    g->st_launches = simt_stats_counter(st, "launches", "kernel launches simulated");
    g->st_barriers = simt_stats_counter(st, "barriers", "CTA barriers released");
    g->st_bardyn = simt_stats_counter(
        st, "barriers_runtime_named",
        "warp-instructions at named barriers whose id or count is computed at run time (not in "
        "the trace: replayed as CTA-wide barriers)");
    g->st_demotions = simt_stats_counter(
        st, "sched.demotions", "two-level: groups demoted from the active set (waiting on a load)");
    g->st_bank_conf = simt_stats_counter(st, "collector.bank_conflicts",
                                         "operand reads delayed by a bank conflict");
    g->st_wb_stall =
        simt_stats_counter(st, "writeback.port_stalls", "results delayed for want of a write port");
    g->st_mem_stall = simt_stats_counter(st, "ldst.stall_cycles",
                                         "SM-cycles an LD/ST unit held an instruction it could not "
                                         "push (a hazard stalls it, or the stage refused it)");
    g->st_hazard_cycles =
        simt_stats_counter(st, "ldst.hazard_pushes", "pushes that met a memory-stage hazard");
    g->st_replays = simt_stats_counter(st, "ldst.replays", "partial pushes sent back for replay");
    g->st_fetches = simt_stats_counter(st, "frontend.fetches", "instruction fetches");
    g->st_ic_miss = simt_stats_counter(st, "frontend.icache_misses", "instruction cache misses");
    g->st_fe_stall = simt_stats_counter(st, "frontend.empty_buffer",
                                        "issue checks (in scheduler order, up to the group picked) "
                                        "that found the warp buffer empty");
    for (int h = 0; h < SIMT_HZ_NUM_; h++) {
        char name[64], desc[160];
        snprintf(name, sizeof name, "ldst.hazards.%s", hz_names[h]);
        snprintf(desc, sizeof desc,
                 "SM-cycles in which a memory-stage push met a %s hazard (seed 003 Fig. 6.1)",
                 hz_names[h]);
        g->st_hz[h] = simt_stats_counter(st, name, desc);
    }
    g->st_alu_insts = simt_stats_counter(st, "units.alu.insts", "warp instructions issued to ALUs");
    g->st_thread_acc =
        simt_stats_counter(st, "ldst.thread_accesses",
                           "thread accesses issued to the LD/ST units (one per thread of a memory "
                           "instruction: the same under every policy)");
    g->st_blocked =
        simt_stats_counter(st, "collector.mem_blocked",
                           "SM-cycles an issue found no collector slot while an LD/ST unit held an "
                           "instruction stalled on a memory hazard (seed 003 3.5 blocked cycles)");
    g->st_pred_held = simt_stats_counter(st, "sched.predicted_holds",
                                         "issue checks (in scheduler order, up to the group "
                                         "picked) in which hazard prediction held a memory "
                                         "instruction back (seed 003 ch. 6)");
    g->st_replay_issued =
        simt_stats_counter(st, "ldst.replays_issued", "squashed instructions re-issued (replays)");
    return simt_stats_check(st);
}

simt_err simt_gpu_create(const simt_config *cfg, const struct simt_policy_ops *policy,
                         simt_stats *stats, simt_gpu **out)
{
    SIMT_RETURN_IF(!cfg || !policy || !stats || !out, SIMT_ERR_INVALID_ARG,
                   "simt_gpu_create: NULL argument");
    SIMT_RETURN_IF(!policy->create || !policy->ready || !policy->issued || !policy->cta_start,
                   SIMT_ERR_INVALID_ARG, "policy %s lacks create, ready, issued or cta_start",
                   policy->name);
    *out = NULL;
    struct simt_gpu *g = calloc(1, sizeof *g);
    if (!g)
        return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
    g->cfg = cfg;
    g->pol_ops = policy;
    g->stats = stats;
    g->nsms = (uint32_t)CI("gpu.nsms");
    g->warp_size = (uint32_t)CI("core.warp_size");
    g->simd_width = (uint32_t)CI("core.simd_width");
    g->max_threads = (uint32_t)CI("core.max_threads");
    g->max_ctas = (uint32_t)CI("core.max_ctas");
    g->regs = (uint64_t)CI("core.registers");
    g->smem = (uint64_t)CI("core.shared_bytes");
    g->min_regs = (uint32_t)CI("core.min_regs_per_thread");
    g->wb_ports = (uint32_t)CI("core.wb_ports");
    g->replay = strcmp(simt_config_str(cfg, "hazard.mode"), "replay") == 0;
    g->buffered_fe = strcmp(simt_config_str(cfg, "frontend.model"), "buffered") == 0;
    g->ib_depth = (uint32_t)CI("frontend.ibuffer_depth");
    g->fetch_width = (uint32_t)CI("frontend.fetch_width");
    g->decode_latency = (uint32_t)CI("frontend.decode_latency");
    g->inst_bytes = (uint32_t)CI("frontend.inst_bytes");
    g->ic_bytes = (uint64_t)CI("frontend.icache_bytes");
    g->ic_line = (uint32_t)CI("frontend.icache_line_bytes");
    g->ic_assoc = (uint32_t)CI("frontend.icache_assoc");
    g->ic_miss = (uint32_t)CI("frontend.icache_miss_latency");
    g->nsched = (uint32_t)CI("sched.count");
    const char *sp = simt_config_str(cfg, "sched.policy");
    g->sched_policy = !strcmp(sp, "gto") ? 1 : !strcmp(sp, "two-level") ? 2 : 0;
    g->active_groups = (uint32_t)CI("sched.active_groups");
    g->tl_ready = strcmp(simt_config_str(cfg, "sched.two_level_promote"), "ready") == 0;
    g->dual_issue = simt_config_bool(cfg, "sched.dual_issue");
    g->issue_blocking = simt_config_bool(cfg, "sched.issue_blocking");
    g->separated = strcmp(simt_config_str(cfg, "collector.model"), "separated") == 0;
    g->nbanks = (uint32_t)CI("collector.banks");
    static const char *const ukeys[U_NUM] = {"units.alu", "units.sfu", "units.mem", "units.branch"};
    static const char *const lkeys[U_NUM] = {"units.alu_latency", "units.sfu_latency",
                                             "units.mem_latency", "units.branch_latency"};
    for (int u = 0; u < U_NUM; u++) {
        g->nunits[u] = (uint32_t)CI(ukeys[u]);
        g->latency[u] = (uint32_t)CI(lkeys[u]);
        g->ii[u] = 1;
    }
    g->ii[U_ALU] = (uint32_t)CI("units.alu_ii");
    g->ii[U_SFU] = (uint32_t)CI("units.sfu_ii");
    g->fp64_factor = (uint32_t)CI("units.fp64_factor");
    uint32_t ic = (uint32_t)CI("units.issue_cycles");
    g->issue_cycles_cfg = ic ? ic : (g->warp_size + g->simd_width - 1) / g->simd_width;
    g->watchdog = (uint64_t)CI("sim.watchdog_cycles");
    g->max_cycles = (uint64_t)CI("sim.max_cycles");
    g->decouple = simt_config_bool(cfg, "sim.decoupled");
    g->fast_scan = simt_config_bool(cfg, "sim.fast_scan");
    g->coll_skip = simt_config_bool(cfg, "sim.collector_skip");
    g->skip_cycles = simt_config_bool(cfg, "sim.skip_cycles");
    g->epoch = (uint64_t)CI("sim.epoch_cycles");
    g->max_warps = g->max_threads / g->warp_size;
    simt_err e = SIMT_ERR_OK;
    if (g->max_warps == 0) {
        e = simt_seterr(
            SIMT_ERR_CONFIG,
            "core.max_threads (%u) is smaller than core.warp_size (%u): an SM must hold "
            "at least one warp",
            g->max_threads, g->warp_size);
        goto fail;
    }
    if (g->nsched > 16) {
        e = simt_seterr(SIMT_ERR_CONFIG, "sched.count = %u: at most 16", g->nsched);
        goto fail;
    }
    if (g->ic_bytes < (uint64_t)g->ic_line * g->ic_assoc) {
        e = simt_seterr(SIMT_ERR_CONFIG,
                        "frontend.icache_bytes (%llu) is smaller than one set "
                        "(frontend.icache_line_bytes * frontend.icache_assoc = %llu): raise it "
                        "or lower those",
                        (unsigned long long)g->ic_bytes,
                        (unsigned long long)g->ic_line * g->ic_assoc);
        goto fail;
    }
    const char *mm = simt_config_str(cfg, "memstage.model");
    g->ms_ops = simt_memstage_find(mm);
    if (!g->ms_ops) {
        e = simt_seterr(SIMT_ERR_UNSUPPORTED,
                        "not supported: memstage.model=%s (the memory hierarchy, timing/mem, is "
                        "not built into this program)",
                        mm);
        goto fail;
    }
    /* hazard prediction (seed 003 ch. 6) is on when the model predicts and the hierarchy's
     * MSHR tracker is not "none" (the predictor alone holds nothing back) */
    g->predict = g->ms_ops->predict && simt_config_has(cfg, "hazard.tracker") &&
                 strcmp(simt_config_str(cfg, "hazard.tracker"), "none") != 0;
    /* a policy's answer in tiers (simt_policy.h ready_first): only where pick_plain()
     * scans it and its order cannot matter (see there) */
    g->tiered = policy->ready_first && policy->ready_rest && g->fast_scan && g->nsched == 1 &&
                g->sched_policy == 0 && !g->buffered_fe && !policy->local_issue && !g->separated &&
                !g->predict && !g->replay && !g->dual_issue;
    e = register_stats(g);
    if (e)
        goto fail;
    if (policy->shared_create) {
        e = policy->shared_create(cfg, g->nsms, &g->pol_shared);
        if (e)
            goto fail;
    }
    if (g->ms_ops->shared_create) {
        e = g->ms_ops->shared_create(cfg, g->nsms, stats, &g->ms_shared);
        if (e)
            goto fail;
    }
    g->sms = xcalloc(g->nsms, sizeof *g->sms);
    if (!g->sms)
        goto nomem;
    for (uint32_t i = 0; i < g->nsms; i++) {
        struct sm *s = &g->sms[i];
        s->g = g;
        s->id = i;
        s->threads = xcalloc(g->max_threads, sizeof *s->threads);
        s->thr = xcalloc(g->max_threads, sizeof *s->thr);
        size_t nev = (size_t)(g->max_threads + LROW - 1) / LROW * LROW * EVBATCH;
        s->mev = xmalloc_array(nev, sizeof *s->mev); /* (written by the decoder first) */
        s->evpc = xmalloc_array(nev, sizeof *s->evpc);
        s->evdepth = xmalloc_array(nev, sizeof *s->evdepth);
        s->bpos = xcalloc(g->max_threads, 1);
        s->bn = xcalloc(g->max_threads, 1);
        s->warps = xcalloc(g->max_warps, sizeof *s->warps);
        s->sb_cnt = xcalloc((size_t)g->max_warps * 64, sizeof *s->sb_cnt);
        s->warp_used = xcalloc(g->max_warps, 1);
        s->ctas = xcalloc(g->max_ctas, sizeof *s->ctas);
        s->bank_cycle = xcalloc(g->nbanks, sizeof *s->bank_cycle);
        s->mem_hold = xcalloc(g->nunits[U_MEM], sizeof *s->mem_hold);
        s->mem_ready_at = xcalloc(g->nunits[U_MEM], sizeof *s->mem_ready_at);
        s->rejected = xcalloc(g->max_threads, sizeof *s->rejected);
        s->pacc = xcalloc(g->max_threads, sizeof *s->pacc);
        s->gcap = (int)(g->max_threads + 64);
        if (s->gcap > 0xfffff)
            s->gcap = 0xfffff;
        s->groups = xcalloc((size_t)s->gcap, sizeof *s->groups);
        s->cand = xcalloc((size_t)s->gcap, sizeof *s->cand);
        s->cheap = xcalloc((size_t)s->gcap, sizeof *s->cheap);
        s->amark = xcalloc((size_t)s->gcap, sizeof *s->amark);
        s->apos = xcalloc((size_t)s->gcap, sizeof *s->apos);
        s->cidx = xcalloc((size_t)s->gcap, sizeof *s->cidx);
        s->cstamp = xcalloc((size_t)s->gcap, sizeof *s->cstamp);
        s->cage = xcalloc((size_t)s->gcap, sizeof *s->cage);
        s->cruns = xcalloc((size_t)s->gcap / AGE_RUN + 2, sizeof *s->cruns);
        s->last_id = xcalloc(g->nsched, sizeof *s->last_id);
        s->last_class = xcalloc(g->nsched, 1);
        s->active = xcalloc(g->nsched, sizeof *s->active);
        s->nactive = xcalloc(g->nsched, sizeof *s->nactive);
        s->issued_buf = xcalloc((size_t)g->max_threads * 16, sizeof *s->issued_buf);
        s->wtmp = xcalloc(g->max_threads, sizeof *s->wtmp);
        s->wbest = xcalloc(g->max_threads, sizeof *s->wbest);
        s->mthr = xcalloc(g->max_threads, sizeof *s->mthr);
        s->mwarps = xcalloc(g->max_threads, sizeof *s->mwarps);
        s->mlanes = xcalloc(g->max_threads, sizeof *s->mlanes);
        s->mpart = xcalloc(g->max_threads, sizeof *s->mpart);
        s->rel_buf = xcalloc(g->max_threads, sizeof *s->rel_buf);
        s->touched = xcalloc(g->max_ctas, sizeof *s->touched);
        s->fe_cap = 64;
        while (s->fe_cap < 4 * (g->max_warps + 16))
            s->fe_cap *= 2;
        for (s->fe_max = s->fe_cap; s->fe_max < 4 * (g->max_threads + 16);)
            s->fe_max *= 2;
        s->fe = xcalloc(s->fe_cap, sizeof *s->fe);
        s->fq = xcalloc(s->fe_cap, sizeof *s->fq);
        s->ic_sets = (uint32_t)(g->ic_bytes / g->ic_line / g->ic_assoc);
        s->ic_tag = xcalloc((size_t)s->ic_sets * g->ic_assoc, sizeof *s->ic_tag);
        s->ic_lru = xcalloc((size_t)s->ic_sets * g->ic_assoc, sizeof *s->ic_lru);
        s->free_inst = NONE;
        if (!s->threads || !s->thr || !s->mev || !s->evpc || !s->evdepth || !s->bpos || !s->bn ||
            !s->warps || !s->sb_cnt || !s->warp_used || !s->ctas || !s->bank_cycle ||
            !s->mem_hold || !s->mem_ready_at || !s->rejected || !s->pacc || !s->groups ||
            !s->cand || !s->cheap || !s->amark || !s->apos || !s->cidx || !s->cstamp || !s->cage ||
            !s->cruns || !s->last_id || !s->last_class || !s->active || !s->nactive ||
            !s->issued_buf || !s->wtmp || !s->wbest || !s->mthr || !s->mwarps || !s->mlanes ||
            !s->mpart || !s->rel_buf || !s->touched || !s->fe || !s->fq || !s->ic_tag || !s->ic_lru)
            goto nomem;
        for (uint32_t sc = 0; sc < g->nsched; sc++) {
            s->active[sc] = xcalloc((size_t)3 * g->active_groups, sizeof **s->active);
            if (!s->active[sc])
                goto nomem;
        }
        for (uint32_t w = 0; w < g->max_warps; w++) {
            s->warps[w].sb_cnt = s->sb_cnt + (size_t)w * 64;
            s->warps[w].sb = s->warps[w].sb_in;
            s->warps[w].sb_cap = SB_INLINE;
        }
        for (uint32_t u = 0; u < g->nunits[U_MEM]; u++)
            s->mem_hold[u] = NONE;
        if (g->separated) {
            for (int u = 0; u < U_NUM; u++)
                s->nslots[u] = (uint32_t)CI("collector.slots_per_unit");
        } else {
            s->nslots[0] = (uint32_t)CI("collector.slots");
        }
        for (int u = 0; u < U_NUM; u++) {
            s->unit_busy[u] = xcalloc(g->nunits[u], sizeof *s->unit_busy[u]);
            if (!s->unit_busy[u])
                goto nomem;
        }
        /* (+ IC_NCLASS: the parts of a mixed group beyond the free slots, check_mixed) */
        s->coll =
            xcalloc((size_t)s->nslots[0] + s->nslots[1] + s->nslots[2] + s->nslots[3] + IC_NCLASS,
                    sizeof *s->coll);
        if (!s->coll)
            goto nomem;
        struct simt_memstage_client cl = {.ctx = s, .complete = mem_complete, .wake = mem_wake};
        e = g->ms_ops->create(cfg, i, g->ms_shared, stats, &cl, &s->ms);
        if (e)
            goto fail;
    }
    *out = g;
    return SIMT_ERR_OK;
nomem:
    e = simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory creating %u SMs", g->nsms);
fail:
    simt_gpu_free(g);
    return e;
}

/* The state of every live warp, for the watchdog's message. */
/* Lists the stuck warps of every SM, or only of SM `only` (< nsms). */
static void describe_stuck(struct simt_gpu *g, uint32_t only, char *buf, size_t n)
{
    size_t off = 0;
    int shown = 0;
    if (g->grid_ready) {
        /* the usual cause: a grid-wide barrier in a launch that does not fit at once */
        int k = snprintf(buf, n,
                         "\n  %llu CTAs wait at a grid-wide barrier; it needs every CTA of the "
                         "launch resident at once, but only %llu of %llu were dispatched (a "
                         "cooperative launch must fit the configuration's SMs and occupancy "
                         "limits: raise gpu.nsms or the core.* limits, or trace the program "
                         "with SIMT_DEVICE_SMS=%u if it sizes its grid from the device's SM "
                         "count)",
                         (unsigned long long)g->grid_ready, (unsigned long long)g->next_cta,
                         (unsigned long long)g->L->ncta, g->nsms);
        if (k < 0 || (size_t)k >= n)
            return;
        off = (size_t)k;
    }
    for (uint32_t i = 0; i < g->nsms && shown < 12; i++) {
        struct sm *s = &g->sms[i];
        if (only < g->nsms && i != only)
            continue;
        for (uint32_t w = 0; w < g->max_warps && shown < 12; w++) {
            if (!s->warps[w].used)
                continue;
            uint32_t ready = 0, bar = 0, ex = 0, pc = NONE;
            for (uint32_t t = 0; t < g->warp_size; t++) {
                struct simt_thread *th = &s->threads[w * g->warp_size + t];
                if (th->state == SIMT_TS_READY) {
                    ready++;
                    pc = th->pc;
                } else if (th->state == SIMT_TS_BARRIER)
                    bar++;
                else if (th->state == SIMT_TS_EXITED)
                    ex++;
            }
            if (ready + bar == 0)
                continue;
            int k = snprintf(buf + off, n - off,
                             "\n  SM %u warp %u (CTA slot %u): %u ready (pc %d), %u at barrier, %u "
                             "exited, %u pending registers",
                             i, w, s->warps[w].cta, ready, (int)pc, bar, ex, s->warps[w].sb_n);
            if (k < 0 || (size_t)k >= n - off)
                return;
            off += (size_t)k;
            shown++;
        }
    }
    for (uint32_t i = 0; i < g->nsms; i++) {
        struct sm *s = &g->sms[i];
        if (only < g->nsms && i != only)
            continue;
        uint32_t nrq = 0;
        for (uint32_t sc = 0; sc < g->nsched; sc++)
            nrq += s->sch[sc].rq_n;
        if (!s->ninflight && !nrq)
            continue;
        int k = snprintf(buf + off, n - off,
                         "\n  SM %u: %u instructions in flight (%u in the collector, %u waiting "
                         "for replay, %llu memory accesses pending)",
                         i, s->ninflight, s->ncoll, nrq,
                         (unsigned long long)(g->ms_ops->pending ? g->ms_ops->pending(s->ms) : 0));
        if (k < 0 || (size_t)k >= n - off)
            return;
        off += (size_t)k;
    }
}

static simt_err launch_setup(struct simt_gpu *g, simt_trace_reader *r, uint32_t launch)
{
    g->rd = r;
    g->launch = launch;
    g->L = simt_trace_reader_launch(r, launch);
    SIMT_RETURN_IF(!g->L, SIMT_ERR_NOT_FOUND, "launch %u: not in the trace (%u launches)", launch,
                   simt_trace_reader_nlaunches(r));
    g->prog = simt_trace_reader_program(r, g->L->kernel);
    SIMT_RETURN_IF(!g->prog, SIMT_ERR_FORMAT, "launch %u: kernel %u has no program", launch,
                   g->L->kernel);
    const struct simt_launch *L = g->L;
    uint64_t nt = (uint64_t)L->block.x * L->block.y * L->block.z;
    SIMT_RETURN_IF(nt == 0 || nt > g->max_threads, SIMT_ERR_LAUNCH,
                   "launch %u (%s): %llu threads per CTA; an SM holds %u (core.max_threads)",
                   launch, g->prog->kernel_name, (unsigned long long)nt, g->max_threads);
    g->cta_nthreads = (uint32_t)nt;
    g->cta_nwarps = (uint32_t)((nt + g->warp_size - 1) / g->warp_size);
    uint32_t rpt = L->regs_per_thread > g->min_regs ? L->regs_per_thread : g->min_regs;
    g->cta_regs = (uint64_t)rpt * g->cta_nwarps * g->warp_size;
    g->cta_smem = (uint64_t)L->static_shared_bytes + L->dynamic_shared_bytes;
    SIMT_RETURN_IF(g->cta_regs > g->regs || g->cta_smem > g->smem, SIMT_ERR_LAUNCH,
                   "launch %u (%s): a CTA needs %llu registers and %llu shared bytes; an SM has "
                   "%llu (core.registers) and %llu (core.shared_bytes): raise them (one CTA fits "
                   "with --set core.registers=%llu --set core.shared_bytes=%llu) or replay on a "
                   "preset with more",
                   launch, g->prog->kernel_name, (unsigned long long)g->cta_regs,
                   (unsigned long long)g->cta_smem, (unsigned long long)g->regs,
                   (unsigned long long)g->smem,
                   (unsigned long long)(g->cta_regs > g->regs ? g->cta_regs : g->regs),
                   (unsigned long long)(g->cta_smem > g->smem ? g->cta_smem : g->smem));
    free(g->nf);
    free(g->nseq);
    uint32_t ni = g->prog->ninsts;
    g->nf = xcalloc(ni, sizeof *g->nf);
    g->nseq = xcalloc(ni, sizeof *g->nseq);
    free(g->ismem);
    g->ismem = xcalloc(ni, 1);
    free(g->icls);
    g->icls = xcalloc(ni, 1);
    free(g->sbbits);
    g->sbbits = xcalloc(ni, sizeof *g->sbbits);
    free(g->pc_counts);
    g->pc_counts = g->pc_prof ? xcalloc((size_t)ni * PC_NCOUNTS, sizeof *g->pc_counts) : NULL;
    if (!g->nf || !g->nseq || !g->ismem || !g->icls || !g->sbbits || (g->pc_prof && !g->pc_counts))
        return simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
    g->has_grid = 0;
    for (uint32_t pc = 0; pc < ni; pc++) {
        g->ismem[pc] = unit_of(g->prog->insts[pc].iclass) == U_MEM;
        g->icls[pc] = (uint8_t)issue_class(&g->prog->insts[pc]);
        g->sbbits[pc] = sb_inst_bits(&g->prog->insts[pc]);
        g->has_grid |= g->prog->insts[pc].iclass == SIMT_IC_BARRIER &&
                       (g->prog->insts[pc].flags & SIMT_IF_GRID);
    }
    uint32_t next = NONE;
    for (uint32_t pc = ni; pc-- > 0;) {
        const struct simt_sinst *si = &g->prog->insts[pc];
        if (si->iclass != SIMT_IC_FREE)
            next = pc;
        g->nseq[pc] = next;
    }
    g->next_cta = 0;
    g->ctas_done = 0;
    return SIMT_ERR_OK;
}

/* Places CTAs breadth-first: one per SM per round while any fits. */
static simt_err dispatch_ctas(struct simt_gpu *g, uint64_t cycle)
{
    int placed = 1;
    while (placed && g->next_cta < g->L->ncta) {
        placed = 0;
        for (uint32_t i = 0; i < g->nsms && g->next_cta < g->L->ncta; i++) {
            simt_err e = SIMT_ERR_OK;
            /* run_decoupled(): only the SMs that released a CTA in the cycle before can have
             * room (see there); the others may stand at a later cycle already */
            if (g->decoupled && g->sms[i].stop_at != cycle - 1)
                continue;
            if (try_place(&g->sms[i], &e)) {
                placed = 1;
                g->sms[i].next_cycle = cycle;
            }
            if (e)
                return e;
        }
    }
    return SIMT_ERR_OK;
}

/* Whether the SMs of this launch may be simulated one after another instead of in lockstep:
 * with perfect or fixed-latency memory (no state shared between SMs: ms_shared), no policy
 * state shared between SMs (pol_shared: hws.sync_sms), no grid-wide barrier and no time series
 * (which samples all SMs at one cycle), an SM's steps depend on the other SMs only through
 * CTA dispatch. */
static int can_decouple(const struct simt_gpu *g)
{
    return g->decouple && !g->ms_shared && !g->pol_shared && !g->has_grid && !g->epoch;
}

/* Steps SM s alone, at the cycles the lockstep loop would step it, until it releases a CTA
 * while CTAs are left to place (s->stop_at = that cycle: dispatch_ctas must run before its
 * next step), until it has no CTA and nothing in flight, or until its next step would come
 * after `until`. The watchdog and sim.max_cycles apply to the SM's own progress. */
static simt_err sm_run_alone(struct simt_gpu *g, struct sm *s, uint32_t launch, uint64_t start,
                             uint64_t until, uint64_t *last)
{
    simt_err e = SIMT_ERR_OK;
    g->last_progress = s->own_progress;
    s->stop_at = UINT64_MAX;
    for (;;) {
        int work = s->active_ctas != 0 || s->ninflight != 0;
        uint64_t cycle = s->next_cycle;
        if (cycle != UINT64_MAX && cycle < s->min_next)
            cycle = s->min_next; /* the lockstep loop's "nx <= cycle: cycle + 1" */
        if (work && (cycle == UINT64_MAX || cycle - g->last_progress > g->watchdog)) {
            char buf[4096] = "";
            describe_stuck(g, s->id, buf, sizeof buf);
            e = simt_seterr(SIMT_ERR_DEADLOCK,
                            "launch %u (%s), policy %s: SM %u: no progress since cycle %llu (%s); "
                            "%llu of %llu CTAs done; stuck warps:%s",
                            launch, g->prog->kernel_name, g->pol_ops->name, s->id,
                            (unsigned long long)g->last_progress,
                            cycle == UINT64_MAX ? "nothing can ever happen again"
                                                : "sim.watchdog_cycles exceeded",
                            (unsigned long long)g->ctas_done, (unsigned long long)g->L->ncta, buf);
            break;
        }
        if (cycle > until || (!work && (cycle == UINT64_MAX || until == UINT64_MAX)))
            break; /* an idle SM steps only in run_decoupled's last round, up to `until` */
        if (work && g->max_cycles && cycle - start > g->max_cycles) {
            e = simt_seterr(SIMT_ERR_LIMIT, "launch %u: more than sim.max_cycles = %llu cycles",
                            launch, (unsigned long long)g->max_cycles);
            break;
        }
        uint64_t done_before = g->ctas_done;
        g->now = cycle;
        e = sm_step(s, cycle);
        if (e)
            break;
        s->min_next = cycle + 1;
        if (cycle > *last)
            *last = cycle;
        if (g->progress && *g->st_winst >= g->progress_next) {
            g->progress(g->progress_ctx, cycle, *g->st_winst, g->ctas_done, g->L->ncta);
            g->progress_next = *g->st_winst + (1u << 20);
        }
        if (g->ctas_done != done_before && g->next_cta < g->L->ncta) {
            s->stop_at = cycle;
            break;
        }
    }
    s->own_progress = g->last_progress;
    return e;
}

/* The launch with the SMs simulated one after another (can_decouple()): each SM runs alone up
 * to its next CTA release, which keeps its state in the host's caches (stepping 28 SMs in
 * lockstep every cycle cost up to 2x in cache misses). CTAs are dispatched exactly as in
 * lockstep: the CTA releases of cycle c are handled, in SM order, once every SM has run past
 * c or waits at c. An SM gains room only by releasing a CTA (and all SMs are full after a
 * dispatch while CTAs are left), so the SMs waiting at the earliest cycle are the only ones the
 * lockstep dispatch could have given CTAs to. Every SM steps at the same cycles with the same
 * CTAs as in lockstep, and statistics are sums: the results are identical. *last: the last
 * cycle any SM stepped. */
static simt_err run_decoupled(struct simt_gpu *g, uint32_t launch, uint64_t start, uint64_t *last)
{
    simt_err e = SIMT_ERR_OK;
    for (uint32_t i = 0; i < g->nsms; i++) {
        struct sm *s = &g->sms[i];
        s->min_next = start;
        s->own_progress = start;
        s->stop_at = UINT64_MAX;
    }
    for (uint32_t i = 0; i < g->nsms && !e; i++)
        e = sm_run_alone(g, &g->sms[i], launch, start, UINT64_MAX, last);
    while (!e) {
        uint64_t at = UINT64_MAX;
        for (uint32_t i = 0; i < g->nsms; i++)
            if (g->sms[i].stop_at < at)
                at = g->sms[i].stop_at;
        if (at == UINT64_MAX)
            break;
        e = dispatch_ctas(g, at + 1);
        for (uint32_t i = 0; i < g->nsms && !e; i++) {
            struct sm *s = &g->sms[i];
            if (s->stop_at == at)
                e = sm_run_alone(g, s, launch, start, UINT64_MAX, last);
        }
    }
    /* every SM is idle now; the lockstep loop would still have stepped an idle SM whose next
     * step came before the launch's last cycle */
    uint64_t end = *last;
    for (uint32_t i = 0; i < g->nsms && !e; i++)
        e = sm_run_alone(g, &g->sms[i], launch, start, end, last);
    for (uint32_t i = 0; i < g->nsms; i++)
        g->sms[i].stop_at = UINT64_MAX;
    if (!e && (g->next_cta != g->L->ncta || g->ctas_done != g->L->ncta))
        e = simt_seterr(SIMT_ERR_DEADLOCK,
                        "launch %u (%s): %llu of %llu CTAs placed and %llu done with every SM "
                        "idle",
                        launch, g->prog->kernel_name, (unsigned long long)g->next_cta,
                        (unsigned long long)g->L->ncta, (unsigned long long)g->ctas_done);
    return e;
}

simt_err simt_gpu_run_launch(simt_gpu *g, simt_trace_reader *r, uint32_t launch,
                             struct simt_launch_result *res)
{
    SIMT_RETURN_IF(!g || !r, SIMT_ERR_INVALID_ARG, "simt_gpu_run_launch: NULL");
    SIMT_TRY(launch_setup(g, r, launch));
    uint64_t w0 = *g->st_winst, t0 = *g->st_tinst;
    uint64_t start = g->cycle, cycle = start, last = start;
    g->last_progress = start;
    g->err = SIMT_ERR_OK;
    g->progress_next = w0 + (1u << 20);
    for (uint32_t i = 0; i < g->nsms; i++) {
        struct sm *s = &g->sms[i];
        struct simt_policy_env env = {.sm_id = i,
                                      .nsms = g->nsms,
                                      .warp_size = g->warp_size,
                                      .simd_width = g->simd_width,
                                      .max_threads = g->max_threads,
                                      .max_warps = g->max_warps,
                                      .nschedulers = g->nsched,
                                      .prog = g->prog,
                                      .threads = s->threads,
                                      .config = g->cfg,
                                      .stats = g->stats,
                                      .shared = g->pol_shared};
        s->env = env;
        simt_err e = g->pol_ops->create(&s->env, &s->pol);
        if (e) {
            simt_errprefix("policy %s: create", g->pol_ops->name);
            return e;
        }
        s->next_cycle = UINT64_MAX;
        s->stop_at = UINT64_MAX;
        s->accounted_until = start;
        for (uint32_t k = 0; k < s->fe_cap; k++) { /* instruction buffers start empty */
            s->fe[k].used = 0;
            s->fe[k].queued = 0;
            s->fe[k].gen++;
        }
        s->fe_count = 0;
        s->fq_n = 0;
        s->ready_valid = 0;
        s->ready_reused = 0;
        s->ready_partial = 0;
        s->cand_epoch = 0;
        s->groups_hw = (uint32_t)s->gcap; /* zero all of out[] before the first ready() */
        memset(s->last_class, C_IDLE, g->nsched);
        s->last_blocked = 0;
        s->last_memstall = 0;
        s->coll_full = 0;
        for (uint32_t sc = 0; sc < g->nsched; sc++) {
            s->last_id[sc] = NONE;
            s->sch[sc].last_pos = NONE;
            s->nactive[sc] = 0;
            s->sch[sc].busy = 0;
            s->sch[sc].rq_n = 0;
        }
    }
    simt_err e = simt_stats_check(g->stats);
    if (!e)
        e = dispatch_ctas(g, cycle);
    g->grid_ready = 0;
    int lockstep = 1;
    if (!e && can_decouple(g)) {
        g->decoupled = 1;
        e = run_decoupled(g, launch, start, &last);
        g->decoupled = 0;
        lockstep = 0;
    }
    while (!e && lockstep) {
        uint64_t done_before = g->ctas_done;
        g->now = cycle;
        while (g->epoch && g->next_epoch <= cycle) {
            /* time series: counters as they stood at the start of each epoch boundary */
            if (g->nepochs + 3 > g->epochs_cap) {
                size_t nc = g->epochs_cap ? g->epochs_cap * 2 : 96;
                uint64_t *ne = realloc(g->epochs, nc * sizeof *ne);
                if (!ne) {
                    e = simt_seterr(SIMT_ERR_NOMEM, "timing: out of memory");
                    break;
                }
                g->epochs = ne;
                g->epochs_cap = nc;
            }
            g->epochs[g->nepochs++] = g->next_epoch;
            g->epochs[g->nepochs++] = *g->st_winst;
            g->epochs[g->nepochs++] = *g->st_tinst;
            g->next_epoch += g->epoch;
        }
        if (e)
            break;
        int any = 0;
        for (uint32_t i = 0; i < g->nsms && !e; i++) {
            struct sm *s = &g->sms[i];
            if (s->next_cycle > cycle)
                continue;
            e = sm_step(s, cycle);
            any = 1;
        }
        if (e)
            break;
        if (g->ms_ops->shared_tick && g->ms_shared)
            g->ms_ops->shared_tick(g->ms_shared, cycle);
        if (any)
            last = cycle;
        if (g->ctas_done != done_before) {
            e = dispatch_ctas(g, cycle + 1);
            if (e)
                break;
        }
        if (g->ctas_done == g->L->ncta && g->next_cta == g->L->ncta) {
            int pending = 0;
            for (uint32_t i = 0; i < g->nsms; i++)
                pending |= g->sms[i].ninflight != 0 || g->sms[i].active_ctas != 0;
            if (!pending)
                break;
        }
        uint64_t nx = UINT64_MAX;
        for (uint32_t i = 0; i < g->nsms; i++)
            if (g->sms[i].next_cycle < nx)
                nx = g->sms[i].next_cycle;
        if (g->ms_ops->next_event && g->ms_shared) {
            uint64_t m = g->ms_ops->next_event(NULL, g->ms_shared, cycle);
            if (m < nx)
                nx = m;
        }
        if (nx <= cycle)
            nx = cycle + 1;
        if (nx == UINT64_MAX || nx - g->last_progress > g->watchdog) {
            char buf[4096] = "";
            describe_stuck(g, NONE, buf, sizeof buf);
            e = simt_seterr(SIMT_ERR_DEADLOCK,
                            "launch %u (%s), policy %s: no progress since cycle %llu (%s); "
                            "%llu of %llu CTAs done; stuck warps:%s",
                            launch, g->prog->kernel_name, g->pol_ops->name,
                            (unsigned long long)g->last_progress,
                            nx == UINT64_MAX ? "nothing can ever happen again"
                                             : "sim.watchdog_cycles exceeded",
                            (unsigned long long)g->ctas_done, (unsigned long long)g->L->ncta, buf);
            break;
        }
        if (g->max_cycles && nx - start > g->max_cycles) {
            e = simt_seterr(SIMT_ERR_LIMIT, "launch %u: more than sim.max_cycles = %llu cycles",
                            launch, (unsigned long long)g->max_cycles);
            break;
        }
        if (g->progress && *g->st_winst >= g->progress_next) {
            g->progress(g->progress_ctx, cycle, *g->st_winst, g->ctas_done, g->L->ncta);
            g->progress_next = *g->st_winst + (1u << 20);
        }
        cycle = nx;
    }
    /* account the scheduler classes up to the launch's last cycle; drop the policy state */
    uint64_t end = last + 1;
    for (uint32_t i = 0; i < g->nsms; i++) {
        struct sm *s = &g->sms[i];
        if (!e && end > s->accounted_until) {
            for (uint32_t sc = 0; sc < g->nsched; sc++)
                (*g->st_class[s->last_class[sc]]) += end - s->accounted_until;
            (*g->st_blocked) += (uint64_t)s->last_blocked * (end - s->accounted_until);
            (*g->st_mem_stall) += (uint64_t)s->last_memstall * (end - s->accounted_until);
        }
        if (!e && g->ms_ops->launch_end) /* the stage's per-cycle counts, likewise */
            g->ms_ops->launch_end(s->ms, end);
        if (e) /* release what an aborted launch left behind */
            for (uint32_t c = 0; c < g->max_ctas; c++)
                if (s->ctas[c].used)
                    cta_release(s, c);
        if (s->pol && g->pol_ops->destroy)
            g->pol_ops->destroy(s->pol);
        s->pol = NULL;
    }
    if (e)
        return e;
    uint64_t tinst = *g->st_tinst - t0;
    if (tinst != g->L->thread_instructions)
        return simt_seterr(SIMT_ERR_INVARIANT,
                           "launch %u (%s), policy %s: issued %llu thread-instructions, the "
                           "trace has %llu",
                           launch, g->prog->kernel_name, g->pol_ops->name,
                           (unsigned long long)tinst,
                           (unsigned long long)g->L->thread_instructions);
    g->cycle = end;
    *g->st_cycles += end - start;
    (*g->st_launches)++;
    if (res) {
        res->cycles = end - start;
        res->warp_instructions = *g->st_winst - w0;
        res->thread_instructions = tinst;
        res->ctas = g->L->ncta;
    }
    return SIMT_ERR_OK;
}
