/*
 * reconv.h - helpers shared by the further divergence policies (hws.c, ukernel.c, dwf.c,
 * serial.c, stackless.c, mimd.c): effective reconvergence PCs and an immediate-post-dominator
 * (PDOM) reconvergence stack over a warp's members. Internal to policies/; not a contract.
 *
 * Effective PCs. A trace never yields FREE instructions (phi, casts: simt_trace.h), but the
 * static program's reconv_pc names the first instruction of the post-dominator block, which
 * is often a phi. A thread therefore "is at" a reconvergence point when its next issued
 * instruction is the first non-FREE instruction at or after reconv_pc in that block
 * (a block's terminator is never FREE). reconv_eff_pc() computes it.
 *
 * The stack (seed 000, section 3.5; Fung et al. MICRO 2007): one entry per pending path, each
 * with its reconvergence point (rpc, rdepth) and the members on it; the top entry issues.
 * Members are indices 0..63 into the warp's member array (warp_size <= 64).
 */
#ifndef SIMT_RECONV_H
#define SIMT_RECONV_H

#include <stdbool.h>
#include <stdint.h>

#include "simt_policy.h"

#define RECONV_MAX_WARP 64 /* widest warp the mask-based helpers support */

/*! reconv_eff_pc() : first non-FREE pc at or after `pc` inside pc's block (pc itself if
 *  SIMT_PC_EXIT or out of range). */
uint32_t reconv_eff_pc(const struct simt_program *p, uint32_t pc);

/*! reconv_point() : where threads that diverged on the instruction at (pc, depth) meet again:
 *  a branch's effective post-dominator; for a call (an indirect call whose targets differ) the
 *  instruction after it; otherwise thread exit (SIMT_PC_EXIT, depth 0). */
void reconv_point(const struct simt_program *p, uint32_t pc, uint32_t depth, uint32_t *rpc,
                  uint32_t *rdepth);

/*! reconv_reached() : thread t waits at reconvergence point (rpc, rdepth): it exited, it is at
 *  that instruction at that depth, or (rpc == EXIT inside a function) it returned from it. */
static inline bool reconv_reached(const struct simt_thread *t, uint32_t rpc, uint32_t rdepth)
{
    if (t->state == SIMT_TS_EXITED)
        return true;
    if (rpc == SIMT_PC_EXIT)
        return rdepth > 0 && t->depth < rdepth;
    return t->pc == rpc && t->depth == rdepth;
}

/*! reconv_straight() : the instruction at pc leaves every thread that issued it together at its
 *  next instruction and cannot bring one onto a reconvergence point: anything but a control
 *  transfer (branch, call, return, exit) or a barrier (which parks threads). A reconvergence
 *  point is the first non-FREE instruction of a block, or the one after a call, so only a
 *  control transfer reaches it; a thread leaves a function or the kernel only by one. A
 *  policy may then keep a group it formed for a whole stack entry and just move its pc. */
static inline bool reconv_straight(const struct simt_program *p, uint32_t pc)
{
    if (pc >= p->ninsts)
        return false;
    uint8_t ic = p->insts[pc].iclass;
    return ic != SIMT_IC_BRANCH && ic != SIMT_IC_CALL && ic != SIMT_IC_RET && ic != SIMT_IC_EXIT &&
           ic != SIMT_IC_BARRIER;
}

/* One stack entry: the members on a path and where they reconverge. */
struct rs_entry {
    uint32_t rpc, rdepth;
    uint64_t mask;
};

struct rstack {
    struct rs_entry *e;
    uint32_t n, cap;
};

/* Threads of a mask split by their next (pc, depth); `key` orders the parts. */
struct rs_part {
    uint32_t pc, depth;
    uint64_t mask;
};

void rs_free(struct rstack *s);
/*! rs_reset() : one bottom entry (reconverge at exit) holding `mask`. */
simt_err rs_reset(struct rstack *s, uint64_t mask);
simt_err rs_push(struct rstack *s, uint32_t rpc, uint32_t rdepth, uint64_t mask);
/*! rs_remove() : drops members from every entry (exited, spawned away). */
void rs_remove(struct rstack *s, uint64_t mask);

/*! rs_live_mask() : members of `mask` that have not exited. */
uint64_t rs_live_mask(const struct simt_thread *th, const uint32_t *members, uint64_t mask);

/*! rs_partition() : splits the live members of `mask` by (pc, depth); parts come sorted so
 *  that parts[0] is the one a PDOM stack runs first (deepest call, then lowest pc).
 *  @return the number of parts (<= 64). */
int rs_partition(const struct simt_thread *th, const uint32_t *members, uint64_t mask,
                 struct rs_part parts[RECONV_MAX_WARP]);

/*! rs_pop_reached() : pops entries that are empty or whose members all reached their
 *  reconvergence point. Returns the number of entries popped because they reached it;
 *  last_rpc and last_rdepth get the reconvergence point of the last such entry. */
uint32_t rs_pop_reached(struct rstack *s, const struct simt_thread *th, const uint32_t *members,
                        uint32_t *last_rpc, uint32_t *last_rdepth);

/*! rs_diverge() : the top entry's members split into `nparts` parts after the instruction at
 *  (pc, depth): pushes one entry per part that is not already at the reconvergence point,
 *  parts[0] on top. */
simt_err rs_diverge(struct rstack *s, const struct simt_program *prog, uint32_t pc, uint32_t depth,
                    const struct rs_part *parts, int nparts);

/*! rs_ready() : the READY members of the top entry that sit at the pc of the first of them;
 *  fills slots[] (thread slots) and returns how many; pc and depth get their instruction. */
uint32_t rs_ready(const struct rstack *s, const struct simt_thread *th, const uint32_t *members,
                  uint32_t *slots, uint8_t *member_idx, uint32_t *pc, uint32_t *depth);

/*! rs_after_issue() : the plain PDOM update after the top entry issued the instruction at
 *  (pc, depth): drop exited members, push diverged paths, pop reconverged entries. */
simt_err rs_after_issue(struct rstack *s, const struct simt_program *prog,
                        const struct simt_thread *th, const uint32_t *members, uint32_t pc,
                        uint32_t depth, uint32_t *ndiverge);

/* --- small shared utilities -------------------------------------------------------------- */

/* population count, inline: the build does not assume a POPCNT instruction, and without one
 * __builtin_popcountll is a call into libgcc */
static inline uint32_t popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (uint32_t)((x * 0x0101010101010101ull) >> 56);
}

/* a thread's home position in a warp of ws (its home lane; the core's lanes are below ws
 * already: the modulo, a division, is only the fallback) */
static inline uint32_t home_pos(uint32_t lane, uint32_t ws)
{
    return lane < ws ? lane : lane % ws;
}

/*! policy_check_geometry() : the shape checks every mask-based policy needs. */
simt_err policy_check_geometry(const struct simt_policy_env *env, const char *policy);

#endif
