/*
 * timing_tests.c - tests of the timing core (timing.*): microbenchmarks whose cycle counts
 * are worked out by hand from the pipeline in docs/TIMING.md, occupancy and launch order,
 * the memory models and their hazards, the watchdog, configuration and statistics.
 *
 *   timing_tests CASE        runs one case (ctest registers one test per case)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "simt_config.h"
#include "simt_memstage.h"
#include "simt_stats.h"
#include "simt_timing.h"
#include "simtest.h"
#include "synth.h"

static const struct syn_launch one_warp = {{1, 1, 1}, {32, 1, 1}, 8, 0};

static int write_or_fail(const char *path, struct syn *s, const struct syn_launch *l, int nl,
                         syn_branch_fn br, syn_addr_fn ad, uint64_t *tinst)
{
    simt_err e = syn_write(path, s, l, nl, br, ad, NULL, tinst);
    if (e) {
        fprintf(stderr, "writing %s: %s\n", path, simt_errmsg());
        return 1;
    }
    return 0;
}

static int run_or_fail(const char *path, const char *const *sets, const char *const *want,
                       struct simres *r)
{
    simt_err e = run_trace(path, "pdom", sets, want, r);
    if (e) {
        fprintf(stderr, "running %s: %s\n", path, simt_errmsg());
        return 1;
    }
    return 0;
}

/* N independent ALU ops on one warp + exit. Issue k at cycle k, dispatch k+1, write-back
 * k+1+4; the exit issues at N. Last event N+4, so N+5 cycles. */
static int t_alu_independent(void)
{
    const uint32_t N = 64;
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    syn_block(&s);
    syn_ops(&s, N);
    syn_exit(&s);
    uint64_t ti;
    if (write_or_fail("alu_indep.trace", &s, &one_warp, 1, NULL, NULL, &ti))
        return 1;
    struct simres r;
    if (run_or_fail("alu_indep.trace", NULL, NULL, &r))
        return 1;
    CHECK(r.cycles == N + 5, "cycles %llu, expected %u", (unsigned long long)r.cycles, N + 5);
    CHECK(r.winst == N + 1, "warp instructions %llu", (unsigned long long)r.winst);
    CHECK(r.tinst == ti && ti == 32 * (N + 1), "thread instructions %llu",
          (unsigned long long)r.tinst);
    free(r.json);
    return 0;
}

/* A chain of N dependent ops: op k issues at 5k (its producer writes back at 5k), the last
 * writes back at 5N: 5N+1 cycles. */
static int t_alu_dependent(void)
{
    const uint32_t N = 16;
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    syn_block(&s);
    uint32_t prev = 0;
    for (uint32_t k = 0; k < N; k++) {
        uint32_t d = syn_reg(&s);
        syn_op(&s, SIMT_IC_INT, d, prev, 0);
        prev = d;
    }
    syn_exit(&s);
    if (write_or_fail("alu_dep.trace", &s, &one_warp, 1, NULL, NULL, NULL))
        return 1;
    struct simres r;
    const char *const want[] = {"sched.raw", "sched.issue1", NULL};
    if (run_or_fail("alu_dep.trace", NULL, want, &r))
        return 1;
    CHECK(r.cycles == 5 * N + 1, "cycles %llu, expected %u", (unsigned long long)r.cycles,
          5 * N + 1);
    /* one scheduler: every cycle is classified once; N+1 issue cycles, the rest RAW except the
     * cycles after the exit issued (idle: nothing left to offer) */
    CHECK(r.stat[1] == N + 1, "issue1 %llu", (unsigned long long)r.stat[1]);
    CHECK(r.stat[0] == 4 * (N - 1), "raw %llu, expected %u", (unsigned long long)r.stat[0],
          4 * (N - 1));
    free(r.json);
    return 0;
}

/* SIMD width 8 with 1 ALU: each group occupies the ALU warp_size/simd_width = 4 cycles
 * (seed 000 4.3); op k dispatches at 1+4k and writes back 4+3 cycles later: 4N+5 cycles,
 * against N+5 with SIMD width 32. */
static int t_simd_width(void)
{
    const uint32_t N = 32;
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    syn_block(&s);
    syn_ops(&s, N);
    syn_exit(&s);
    if (write_or_fail("simd.trace", &s, &one_warp, 1, NULL, NULL, NULL))
        return 1;
    struct simres r32, r8;
    const char *const s32[] = {"units.alu=1", NULL};
    const char *const s8[] = {"units.alu=1", "core.simd_width=8", NULL};
    if (run_or_fail("simd.trace", s32, NULL, &r32) || run_or_fail("simd.trace", s8, NULL, &r8))
        return 1;
    CHECK(r32.cycles == N + 5, "simd 32: cycles %llu, expected %u", (unsigned long long)r32.cycles,
          N + 5);
    CHECK(r8.cycles == 4 * N + 5, "simd 8: cycles %llu, expected %u", (unsigned long long)r8.cycles,
          4 * N + 5);
    /* sched.issue_blocking: the scheduler feeds each warp for 4 cycles (two ALUs do not
     * help): op k issues at 4k and writes back at 4k+1+4+3; the exit issues at 4N and
     * completes at 4N+1+1+3: 4N+6 cycles */
    struct simres rb;
    const char *const sb[] = {"units.alu=2", "core.simd_width=8", "sched.issue_blocking=true",
                              NULL};
    if (run_or_fail("simd.trace", sb, NULL, &rb))
        return 1;
    CHECK(rb.cycles == 4 * N + 6, "simd 8, blocking issue: cycles %llu, expected %u",
          (unsigned long long)rb.cycles, 4 * N + 6);
    free(rb.json);
    free(r32.json);
    free(r8.json);
    return 0;
}

static uint32_t br_warp1(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return tid >= 32 ? 0 : 1; /* warp 1 takes the extra work */
}

/* Two warps: K ops + branch; warp 1 runs M more ops; barrier; 1 op; exit. Loose round-robin
 * alternates the warps (warp 0 at even cycles); warp 0 reaches the barrier at 2K+2 and waits
 * while warp 1 runs its M ops and jump; warp 1's barrier at 2K+4+M releases both; warp 1's
 * last op issues at 2K+6+M and writes back 5 cycles later: 2K+M+12 cycles. */
static int t_barrier(void)
{
    const uint32_t K = 6, M = 9;
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    uint32_t b0 = syn_block(&s);
    syn_ops(&s, K);
    syn_br(&s, b0 + 1, b0 + 2, b0 + 2);
    syn_block(&s);
    syn_ops(&s, M);
    syn_jmp(&s, b0 + 2);
    syn_block(&s);
    syn_bar(&s);
    syn_ops(&s, 1);
    syn_exit(&s);
    struct syn_launch l = {{1, 1, 1}, {64, 1, 1}, 8, 0};
    if (write_or_fail("barrier.trace", &s, &l, 1, br_warp1, NULL, NULL))
        return 1;
    struct simres r;
    const char *const want[] = {"barriers", NULL};
    if (run_or_fail("barrier.trace", NULL, want, &r))
        return 1;
    CHECK(r.cycles == 2 * K + M + 12, "cycles %llu, expected %u", (unsigned long long)r.cycles,
          2 * K + M + 12);
    CHECK(r.stat[0] == 1, "barriers released %llu", (unsigned long long)r.stat[0]);
    free(r.json);
    return 0;
}

/* Occupancy: 4 CTAs on one SM that holds one CTA at a time run back to back (each next CTA
 * is placed the cycle after the previous one finished), so 4x the cycles of one CTA. */
static int t_occupancy(void)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    syn_block(&s);
    syn_ops(&s, 10);
    syn_exit(&s);
    struct syn_launch l1 = {{1, 1, 1}, {64, 1, 1}, 8, 0};
    struct syn_launch l4 = {{4, 1, 1}, {64, 1, 1}, 8, 0};
    if (write_or_fail("occ1.trace", &s, &l1, 1, NULL, NULL, NULL) ||
        write_or_fail("occ4.trace", &s, &l4, 1, NULL, NULL, NULL))
        return 1;
    struct simres r1, r4, rr, rs;
    const char *const one[] = {"core.max_ctas=1", NULL};
    const char *const regs[] = {"core.registers=600", NULL}; /* 8 regs x 64 threads = 512 */
    const char *const shm[] = {"core.max_ctas=8", NULL};
    if (run_or_fail("occ1.trace", one, NULL, &r1) || run_or_fail("occ4.trace", one, NULL, &r4) ||
        run_or_fail("occ4.trace", regs, NULL, &rr) || run_or_fail("occ4.trace", shm, NULL, &rs))
        return 1;
    CHECK(r4.cycles == 4 * r1.cycles, "4 CTAs one at a time: %llu cycles, one CTA %llu",
          (unsigned long long)r4.cycles, (unsigned long long)r1.cycles);
    CHECK(rr.cycles == r4.cycles, "register limit: %llu cycles, expected %llu",
          (unsigned long long)rr.cycles, (unsigned long long)r4.cycles);
    CHECK(rs.cycles < r4.cycles, "4 resident CTAs should overlap: %llu vs %llu",
          (unsigned long long)rs.cycles, (unsigned long long)r4.cycles);
    free(r1.json);
    free(r4.json);
    free(rr.json);
    free(rs.json);
    return 0;
}

/* Launches run in order: two launches take the sum of their cycles. */
static int t_launches(void)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    syn_block(&s);
    syn_ops(&s, 20);
    syn_exit(&s);
    struct syn_launch l[2] = {{{2, 1, 1}, {32, 1, 1}, 8, 0}, {{3, 1, 1}, {64, 1, 1}, 8, 0}};
    if (write_or_fail("launch_a.trace", &s, &l[0], 1, NULL, NULL, NULL) ||
        write_or_fail("launch_b.trace", &s, &l[1], 1, NULL, NULL, NULL) ||
        write_or_fail("launch_ab.trace", &s, l, 2, NULL, NULL, NULL))
        return 1;
    struct simres a, b, ab;
    const char *const sets[] = {"gpu.nsms=2", NULL};
    if (run_or_fail("launch_a.trace", sets, NULL, &a) ||
        run_or_fail("launch_b.trace", sets, NULL, &b) ||
        run_or_fail("launch_ab.trace", sets, NULL, &ab))
        return 1;
    CHECK(ab.cycles == a.cycles + b.cycles, "%llu != %llu + %llu", (unsigned long long)ab.cycles,
          (unsigned long long)a.cycles, (unsigned long long)b.cycles);
    CHECK(ab.winst == a.winst + b.winst, "warp instructions");
    free(a.json);
    free(b.json);
    free(ab.json);
    return 0;
}

static uint64_t addr_strided(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return SIMT_WIN_GLOBAL_BASE + 16ull * tid; /* 32 threads x 16 B = 4 segments of 128 B */
}

static uint64_t addr_bank0(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return SIMT_WIN_SHARED_BASE + 128ull * tid; /* word 32*tid: all in bank 0 of 32 */
}

static uint64_t addr_coalesced(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return SIMT_WIN_GLOBAL_BASE + 4ull * tid;
}

/* A kernel of one block started in s, with two fresh registers for its instructions. */
static void one_block(struct syn *s, uint32_t *r1, uint32_t *r2)
{
    syn_init(s);
    syn_func(s);
    syn_block(s);
    *r1 = syn_reg(s);
    *r2 = syn_reg(s);
}

/* load r1; op r2 <- r1; exit. The load issues at 0, dispatches at 1, reaches the memory stage
 * at 2 (units.mem_latency 1) and completes at 2+L; the dependent op issues then and writes
 * back 5 cycles later: 8+L cycles (perfect memory: L = 0). A 4-segment access needs 4 passes
 * (3 DIV hazards): 11+L; a 32-way bank conflict needs 32 passes: 39+S. */
static int mem_case(const char *path, uint8_t space, syn_addr_fn ad, const char *const *sets,
                    uint64_t expect, uint64_t expect_div, uint64_t expect_bank)
{
    struct syn s;
    uint32_t r1, r2;
    one_block(&s, &r1, &r2);
    syn_mem(&s, SIMT_IC_LOAD, space, 4, r1, 0);
    syn_op(&s, SIMT_IC_INT, r2, r1, 0);
    syn_exit(&s);
    if (write_or_fail(path, &s, &one_warp, 1, NULL, ad, NULL))
        return 1;
    struct simres r;
    const char *const want[] = {"memstage.hazards.div", "memstage.hazards.bank", NULL};
    if (run_or_fail(path, sets, want, &r))
        return 1;
    CHECK(r.cycles == expect, "%s: cycles %llu, expected %llu", path, (unsigned long long)r.cycles,
          (unsigned long long)expect);
    CHECK(r.stat[0] == expect_div, "%s: DIV hazards %llu, expected %llu", path,
          (unsigned long long)r.stat[0], (unsigned long long)expect_div);
    CHECK(r.stat[1] == expect_bank, "%s: BANK hazards %llu, expected %llu", path,
          (unsigned long long)r.stat[1], (unsigned long long)expect_bank);
    free(r.json);
    return 0;
}

static int t_memory(void)
{
    const char *const perfect[] = {NULL};
    const char *const fixed[] = {"memstage.model=fixed", "memstage.latency=100",
                                 "memstage.shared_latency=20", NULL};
    if (mem_case("mem_perfect.trace", SIMT_MS_GLOBAL, addr_strided, perfect, 8, 0, 0))
        return 1;
    if (mem_case("mem_fixed.trace", SIMT_MS_GLOBAL, addr_coalesced, fixed, 108, 0, 0))
        return 1;
    if (mem_case("mem_div.trace", SIMT_MS_GLOBAL, addr_strided, fixed, 111, 3, 0))
        return 1;
    if (mem_case("mem_bank.trace", SIMT_MS_SHARED, addr_bank0, fixed, 39 + 20, 0, 31))
        return 1;
    return 0;
}

/* A fence waits for its warp's earlier memory instructions: mem op; [membar;] op r2; exit,
 * fixed memory (L = 100). The memory instruction issues at 0 and completes at 2+L (mem_case).
 * Without the fence the independent op issues at 1 and the run ends with the memory
 * instruction: 3+L cycles. With it the fence issues at 2+L, in the cycle the memory
 * instruction completes (as a dependent op would), the op at 3+L and writes back at 8+L:
 * 9+L cycles - for a load and for a store alike. */
static int fence_case(const char *path, uint8_t iclass, int fence, const char *const *sets,
                      uint64_t expect)
{
    struct syn s;
    uint32_t r1, r2;
    one_block(&s, &r1, &r2);
    if (iclass == SIMT_IC_LOAD)
        syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r1, 0);
    else
        syn_mem(&s, SIMT_IC_STORE, SIMT_MS_GLOBAL, 4, 0, r1);
    if (fence)
        syn_op(&s, SIMT_IC_MEMBAR, 0, 0, 0);
    syn_op(&s, SIMT_IC_INT, r2, 0, 0);
    syn_exit(&s);
    if (write_or_fail(path, &s, &one_warp, 1, NULL, addr_coalesced, NULL))
        return 1;
    struct simres r;
    if (run_or_fail(path, sets, NULL, &r))
        return 1;
    CHECK(r.cycles == expect, "%s: cycles %llu, expected %llu", path, (unsigned long long)r.cycles,
          (unsigned long long)expect);
    free(r.json);
    return 0;
}

static int t_fence(void)
{
    const char *const fixed[] = {"memstage.model=fixed", "memstage.latency=100", NULL};
    if (fence_case("fence_none.trace", SIMT_IC_LOAD, 0, fixed, 103))
        return 1;
    if (fence_case("fence_load.trace", SIMT_IC_LOAD, 1, fixed, 109))
        return 1;
    if (fence_case("fence_store.trace", SIMT_IC_STORE, 1, fixed, 109))
        return 1;
    /* two-level: the waiting fence is demoted, and promoted again once its store completed
     * (a store is no long-latency result: the promotion check must still be redone) */
    const char *const two_level[] = {"memstage.model=fixed", "memstage.latency=100",
                                     "sched.policy=two-level", NULL};
    if (fence_case("fence_two_level.trace", SIMT_IC_STORE, 1, two_level, 109))
        return 1;
    return 0;
}

/* Replay (seed 003 chapter 5): the 4-segment load of mem_case is squashed after each pass
 * and re-issued: passes at cycles 2, 4, 6, 8 (re-issue in the cycle of the squash, dispatch
 * the next, address stage one more), so the last part completes at 8+L and the dependent op
 * writes back at 13+L: 14+L cycles against 11+L when stalling; 3 replays. */
static int t_replay(void)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    syn_block(&s);
    uint32_t r1 = syn_reg(&s), r2 = syn_reg(&s);
    syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r1, 0);
    syn_op(&s, SIMT_IC_INT, r2, r1, 0);
    syn_exit(&s);
    if (write_or_fail("replay.trace", &s, &one_warp, 1, NULL, addr_strided, NULL))
        return 1;
    const char *const want[] = {"ldst.replays", "memstage.hazards.div", NULL};
    const char *const stall[] = {"memstage.model=fixed", "memstage.latency=100", NULL};
    const char *const replay[] = {"memstage.model=fixed", "memstage.latency=100",
                                  "hazard.mode=replay", NULL};
    struct simres a, b;
    if (run_or_fail("replay.trace", stall, want, &a) ||
        run_or_fail("replay.trace", replay, want, &b))
        return 1;
    CHECK(a.cycles == 111 && a.stat[0] == 0, "stall: %llu cycles, %llu replays",
          (unsigned long long)a.cycles, (unsigned long long)a.stat[0]);
    CHECK(b.cycles == 114 && b.stat[0] == 3 && b.stat[1] == 3,
          "replay: %llu cycles, %llu replays, %llu DIV", (unsigned long long)b.cycles,
          (unsigned long long)b.stat[0], (unsigned long long)b.stat[1]);
    CHECK(b.winst == a.winst && b.tinst == a.tinst, "a replay is not a new instruction");
    free(a.json);
    free(b.json);
    return 0;
}

/* Replay bookkeeping per warp (seed 003 5.2.3): while a warp has an instruction marked for
 * replay it presents only its oldest marked instruction; newer independent instructions of
 * that warp wait. load r1; load r2 (both 4-segment, DIV); 6 independent ALU ops; op <- r1;
 * op <- r2; exit; fixed memory (L = 100), replay, two LD/ST units (the t_replay arithmetic:
 * issue t, dispatch t+1, push t+2, a squashed pass re-issues in the cycle of its squash).
 * L1 issues at 0, L2 at 1; L1's passes are pushed at 2, 4, 6, 8 (unit 0), L2's at 3, 5, 7, 9
 * (unit 1). In 2..7 the warp always has a marked load, so it presents only that load (L1 at
 * 2, 4, 6; L2 at 3, 5, 7) and its ALU ops wait: they issue at 8..13. L1 completes at 108,
 * L2 at 109; op <- r1 issues at 108, op <- r2 at 109 (dispatch 110, write-back 114), exit at
 * 110: 115 cycles; 6 squashes, 6 re-issues; 17 issue cycles (2 loads, 6 replays, 6 + 2 ops,
 * exit). With the former per-scheduler list (a scheduler alternating between its oldest
 * marked instruction and new groups, so that the warp issued ALU ops at 3, 5, 7 while L2
 * was marked, and L1, always the oldest, went first) L2 was re-issued only after L1's last
 * pass, its passes were pushed at 3, 10, 12, 14 and the run took 120 cycles.
 * Second run: the buffered front end with a 1-entry warp buffer (fetch width 1, decode 1, no
 * i-cache miss latency): a replayable instruction keeps its entry until the checkpoint finds
 * it complete (the fill pointer stops at the issue tail pointer, 5.2.3). L1 is fetched at 1,
 * issues at 2 and holds the entry; its passes are pushed at 4, 6, 8, 10; at 10 the entry
 * frees, L2 is fetched (arrives 11), issues at 11, passes at 13, 15, 17, 19; then one
 * instruction every 2 cycles (fetch in the cycle after the issue, arrival one later): ALU ops
 * at 20..30, op <- r1 fetched at 32, waits for L1 (110) and issues at 110; op <- r2 arrives
 * at 112, waits for L2 (119), issues at 119, writes back at 124; exit at 121: 125 cycles
 * (the former model, which let the buffer refill at once, took 122). */
static int t_replay_warp(void)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    syn_block(&s);
    uint32_t r1 = syn_reg(&s), r2 = syn_reg(&s);
    syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r1, 0);
    syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r2, 0);
    syn_ops(&s, 6);
    syn_op(&s, SIMT_IC_INT, syn_reg(&s), r1, 0);
    syn_op(&s, SIMT_IC_INT, syn_reg(&s), r2, 0);
    syn_exit(&s);
    if (write_or_fail("replay_warp.trace", &s, &one_warp, 1, NULL, addr_strided, NULL))
        return 1;
    const char *const want[] = {"ldst.replays", "ldst.replays_issued", "sched.issue1", NULL};
    const char *const replay[] = {"memstage.model=fixed", "memstage.latency=100",
                                  "hazard.mode=replay", "units.mem=2", NULL};
    struct simres b;
    if (run_or_fail("replay_warp.trace", replay, want, &b))
        return 1;
    printf("replay_warp: %llu cycles, %llu replays, %llu re-issued, %llu issue cycles\n",
           (unsigned long long)b.cycles, (unsigned long long)b.stat[0],
           (unsigned long long)b.stat[1], (unsigned long long)b.stat[2]);
    CHECK(b.cycles == 115 && b.stat[0] == 6 && b.stat[1] == 6 && b.stat[2] == 17,
          "replay_warp: %llu cycles (expected 115), %llu replays, %llu re-issued (6, 6), %llu "
          "issue cycles (17)",
          (unsigned long long)b.cycles, (unsigned long long)b.stat[0],
          (unsigned long long)b.stat[1], (unsigned long long)b.stat[2]);
    free(b.json);
    const char *const fe1[] = {"memstage.model=fixed",
                               "memstage.latency=100",
                               "hazard.mode=replay",
                               "units.mem=2",
                               "frontend.model=buffered",
                               "frontend.ibuffer_depth=1",
                               "frontend.fetch_width=1",
                               "frontend.decode_latency=1",
                               "frontend.icache_miss_latency=0",
                               NULL};
    if (run_or_fail("replay_warp.trace", fe1, want, &b))
        return 1;
    CHECK(b.cycles == 125 && b.stat[0] == 6 && b.stat[1] == 6,
          "replay_warp, 1-entry buffer: %llu cycles (expected 125), %llu replays, %llu re-issued",
          (unsigned long long)b.cycles, (unsigned long long)b.stat[0],
          (unsigned long long)b.stat[1]);
    free(b.json);
    return 0;
}

/* The fixed model's hazard prediction and helpers agree with what push() meets. */
static int t_memstage_helpers(void)
{
    struct simt_mem_access acc[32];
    for (uint32_t i = 0; i < 32; i++)
        acc[i] = (struct simt_mem_access){SIMT_WIN_GLOBAL_BASE + 16ull * i, 0, 4, i, (uint8_t)i};
    struct simt_mem_req req = {
        .kind = SIMT_MK_LOAD, .space = SIMT_MS_GLOBAL, .naccess = 32, .acc = acc};
    CHECK(simt_mem_coalesce(&req, 128) == 4, "segments %u", simt_mem_coalesce(&req, 128));
    CHECK(simt_mem_coalesce(&req, 0) == 1, "no coalescing limit");
    for (uint32_t i = 0; i < 32; i++)
        acc[i].addr = SIMT_WIN_SHARED_BASE + 8ull * i; /* 2-way conflicts over 32 banks */
    req.space = SIMT_MS_SHARED;
    CHECK(simt_mem_bank_degree(&req, 32) == 2, "degree %u", simt_mem_bank_degree(&req, 32));
    for (uint32_t i = 0; i < 32; i++)
        acc[i].addr = SIMT_WIN_SHARED_BASE; /* broadcast */
    CHECK(simt_mem_bank_degree(&req, 32) == 1, "broadcast degree %u",
          simt_mem_bank_degree(&req, 32));
    return 0;
}

static uint32_t br_half(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return tid % 32 < 16 ? 0 : 1;
}

/* Nested divergence: the outer branch (the first one a thread meets) sends lanes 16-31 to the
 * outer reconvergence point, the inner one sends lanes 8-15 to the inner one. */
static uint32_t nested_outer_pc;
static uint32_t br_nested(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return pc == nested_outer_pc ? tid % 32 >= 16 : tid % 32 >= 8;
}

/* A barrier reached by lanes 0-7 inside a nested divergent branch deadlocks under PDOM: lanes
 * 8-15 (waiting at the inner reconvergence point) may run ahead to their exit, as early exits
 * do (policies/pdom.c), but lanes 16-31 wait at the outer point below them on the stack and
 * never arrive. The watchdog must turn it into SIMT_ERR_DEADLOCK naming the warp. */
static int t_watchdog(void)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    uint32_t b0 = syn_block(&s); /* b0: outer branch, reconverging at b4 */
    syn_ops(&s, 1);
    nested_outer_pc = s.ninsts;
    syn_br(&s, b0 + 1, b0 + 4, b0 + 4);
    syn_block(&s); /* b1: inner branch, reconverging at b3 */
    syn_ops(&s, 1);
    syn_br(&s, b0 + 2, b0 + 3, b0 + 3);
    syn_block(&s); /* b2: the barrier */
    syn_bar(&s);
    syn_jmp(&s, b0 + 3);
    syn_block(&s); /* b3 */
    syn_ops(&s, 1);
    syn_jmp(&s, b0 + 4);
    syn_block(&s); /* b4 */
    syn_ops(&s, 1);
    syn_exit(&s);
    if (write_or_fail("deadlock.trace", &s, &one_warp, 1, br_nested, NULL, NULL))
        return 1;
    struct simres r;
    simt_err e = run_trace("deadlock.trace", "pdom", NULL, NULL, &r);
    CHECK(e == SIMT_ERR_DEADLOCK, "expected a deadlock, got %s (%s)", simt_err_name(e),
          simt_errmsg());
    CHECK(strstr(simt_errmsg(), "warp 0") != NULL, "message should name the warp: %s",
          simt_errmsg());
    return 0;
}

/* The per-instruction profile (simt-sim --pc-profile) on an if/else that splits each of two
 * warps in halves (br_half): at each pc, the groups issued, their threads and the branch
 * groups that diverged, counted by hand - PDOM issues each side once per warp with 16 threads
 * and reconverges, serial never reconverges (the join block issues once per half), MIMD
 * issues any thread at its own pc. The sums are the run's warp- and thread-instructions. */
static int t_pc_profile(void)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    uint32_t b0 = syn_block(&s); /* b0: one op, the branch (pc 1) */
    syn_ops(&s, 1);
    const uint32_t br = s.ninsts;
    syn_br(&s, b0 + 1, b0 + 2, b0 + 3);
    syn_block(&s); /* b1 (lanes 0-15): two ops (pcs 2, 3), the jump (pc 4) */
    syn_ops(&s, 2);
    syn_jmp(&s, b0 + 3);
    syn_block(&s); /* b2 (lanes 16-31): one op (pc 5), the jump (pc 6) */
    syn_ops(&s, 1);
    syn_jmp(&s, b0 + 3);
    syn_block(&s); /* b3: the join, one op (pc 7), exit (pc 8) */
    const uint32_t join = s.ninsts;
    syn_ops(&s, 1);
    syn_exit(&s);
    const struct syn_launch two_warps = {{1, 1, 1}, {64, 1, 1}, 8, 0};
    if (write_or_fail("pcprof.trace", &s, &two_warps, 1, br_half, NULL, NULL))
        return 1;
    /* {groups, threads, diverged} per pc 0..8 */
    static const uint64_t pdom[9][3] = {{2, 64, 0}, {2, 64, 2}, {2, 32, 0}, {2, 32, 0}, {2, 32, 0},
                                        {2, 32, 0}, {2, 32, 0}, {2, 64, 0}, {2, 64, 0}};
    static const char *const pols[] = {"pdom", "serial", "mimd"};
    for (int p = 0; p < 3; p++) {
        struct simres r;
        simt_err e = run_trace_pc("pcprof.trace", pols[p], NULL, &r);
        CHECK(!e && r.pc && r.npc == 9, "%s: %s (%s), %u pcs", pols[p], simt_err_name(e),
              simt_errmsg(), r.npc);
        uint64_t groups = 0, threads = 0;
        for (uint32_t pc = 0; pc < 9; pc++) {
            groups += r.pc[3 * pc];
            threads += r.pc[3 * pc + 1];
            uint64_t want[3] = {pdom[pc][0], pdom[pc][1], pdom[pc][2]};
            if (p == 1 && pc >= join)
                want[0] = 4; /* serial: the join issues once per half */
            if (p == 2)
                want[0] = 0; /* MIMD: checked below (its groups mix pcs) */
            for (int k = 0; k < 3 && p < 2; k++)
                CHECK(r.pc[3 * pc + k] == want[k], "%s: pc %u counter %d: %llu, expected %llu",
                      pols[p], pc, k, (unsigned long long)r.pc[3 * pc + k],
                      (unsigned long long)want[k]);
        }
        CHECK(groups == r.winst && threads == r.tinst,
              "%s: the profile sums to %llu groups / %llu threads, the run issued %llu / %llu",
              pols[p], (unsigned long long)groups, (unsigned long long)threads,
              (unsigned long long)r.winst, (unsigned long long)r.tinst);
        CHECK(r.pc[3 * br + 2] == (p < 2 ? 2u : 0u), "%s: %llu diverged branch groups", pols[p],
              (unsigned long long)r.pc[3 * br + 2]);
        free(r.pc);
        free(r.json);
    }
    return 0;
}

static uint32_t br_cta(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return cta == 0 ? 0 : 1; /* CTA 0 takes successor 0, the others successor 1 */
}

/* Writes the grid-barrier kernel: CTA 0 skips the first K ops, the others run them; all meet
 * at a barrier (grid-wide if `grid`); then CTA 0 runs M ops, the others one. */
static int write_gridbar(const char *path, int grid, uint32_t nctas, uint32_t K, uint32_t M)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    uint32_t b0 = syn_block(&s); /* b0: which CTA */
    syn_ops(&s, 1);
    syn_br(&s, b0 + 2, b0 + 1, b0 + 2);
    syn_block(&s); /* b1: the others' K ops */
    syn_ops(&s, K);
    syn_jmp(&s, b0 + 2);
    syn_block(&s); /* b2: the barrier, then which CTA again */
    uint32_t bar = syn_bar(&s);
    if (grid)
        s.insts[bar].flags |= SIMT_IF_GRID;
    syn_ops(&s, 1);
    syn_br(&s, b0 + 3, b0 + 4, b0 + 5);
    syn_block(&s); /* b3: CTA 0's M ops */
    syn_ops(&s, M);
    syn_jmp(&s, b0 + 5);
    syn_block(&s); /* b4: the others' one op */
    syn_ops(&s, 1);
    syn_jmp(&s, b0 + 5);
    syn_block(&s); /* b5 */
    syn_exit(&s);
    struct syn_launch l = {{nctas, 1, 1}, {32, 1, 1}, 8, 0};
    return write_or_fail(path, &s, &l, 1, br_cta, NULL, NULL);
}

/* A grid-wide barrier (SIMT_IF_GRID, cooperative groups' this_grid().sync()) holds every CTA
 * until all CTAs of the launch arrive: CTA 0's M ops after it wait for the other CTA's K ops
 * before it, on another SM. At a CTA barrier they overlap. With the CTAs unable to be
 * resident together, the grid barrier cannot open: an error that says so. */
static int t_grid_barrier(void)
{
    const uint32_t K = 40, M = 40;
    if (write_gridbar("gridbar.trace", 1, 2, K, M) || write_gridbar("ctabar.trace", 0, 2, K, M))
        return 1;
    const char *const two_sms[] = {"gpu.nsms=2", NULL};
    const char *const want[] = {"barriers", NULL};
    struct simres g, c;
    if (run_or_fail("gridbar.trace", two_sms, want, &g) ||
        run_or_fail("ctabar.trace", two_sms, want, &c))
        return 1;
    printf("grid barrier %llu cycles, CTA barrier %llu cycles\n", (unsigned long long)g.cycles,
           (unsigned long long)c.cycles);
    CHECK(g.stat[0] == 2 && c.stat[0] == 2, "barrier releases: grid %llu, CTA %llu (2 each)",
          (unsigned long long)g.stat[0], (unsigned long long)c.stat[0]);
    /* CTA barrier: the two CTAs' work overlaps (about max(K, M)); grid: K then M */
    CHECK(c.cycles < K + M, "CTA barrier: %llu cycles, expected the work to overlap",
          (unsigned long long)c.cycles);
    CHECK(g.cycles >= c.cycles + K - 2 && g.cycles >= K + M,
          "grid barrier: %llu cycles, expected CTA 0 to wait for the other CTA's %u ops "
          "(CTA barrier: %llu)",
          (unsigned long long)g.cycles, K, (unsigned long long)c.cycles);
    free(g.json);
    free(c.json);
    /* one CTA at a time on one SM: the second never arrives */
    if (write_gridbar("gridbar3.trace", 1, 3, 4, 4))
        return 1;
    const char *const one_cta[] = {"core.max_ctas=1", "sim.watchdog_cycles=2000", NULL};
    struct simres r;
    simt_err e = run_trace("gridbar3.trace", "pdom", one_cta, NULL, &r);
    CHECK(e == SIMT_ERR_DEADLOCK && strstr(simt_errmsg(), "grid-wide barrier") &&
              strstr(simt_errmsg(), "1 of 3 were dispatched"),
          "expected a deadlock naming the grid barrier, got %s (%s)", simt_err_name(e),
          simt_errmsg());
    return 0;
}

/* The same run twice gives byte-identical statistics. */
static int t_determinism(void)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    uint32_t b0 = syn_block(&s);
    syn_ops(&s, 3);
    syn_br(&s, b0 + 1, b0 + 2, b0 + 2);
    syn_block(&s);
    uint32_t r1 = syn_reg(&s);
    syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r1, 0);
    syn_op(&s, SIMT_IC_SFU, syn_reg(&s), r1, 0);
    syn_jmp(&s, b0 + 2);
    syn_block(&s);
    syn_bar(&s);
    syn_ops(&s, 2);
    syn_exit(&s);
    struct syn_launch l = {{7, 1, 1}, {96, 1, 1}, 16, 0};
    if (write_or_fail("det.trace", &s, &l, 1, br_half, addr_strided, NULL))
        return 1;
    const char *const sets[] = {"gpu.nsms=3",
                                "memstage.model=fixed",
                                "sched.count=2",
                                "sched.policy=two-level",
                                "sched.dual_issue=true",
                                "frontend.model=buffered",
                                NULL};
    struct simres a, b;
    if (run_or_fail("det.trace", sets, NULL, &a) || run_or_fail("det.trace", sets, NULL, &b))
        return 1;
    CHECK(a.json && b.json && strcmp(a.json, b.json) == 0, "statistics differ");
    CHECK(a.cycles == b.cycles, "cycles differ");
    free(a.json);
    free(b.json);
    return 0;
}

static uint32_t br_even_warps(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return (tid / 32) % 2; /* even warps: successor 0 (the load path), odd warps: the ALU path */
}

/* Two-level promotion (docs/TIMING.md): one active group per scheduler, 8 warps; even warps
 * load a value and use it at once, odd warps run 24 ALU ops. A warp whose next instruction
 * waits on its load is demoted. With sched.two_level_promote=oldest the oldest pending warp
 * takes the free place even while its load is out, and is demoted again at its next check:
 * a demotion per check while the loads are out (latency 200). With =ready (the default)
 * a warp still waiting stays pending and the ALU warps take the place: each load warp is
 * demoted once, and the run takes no more cycles. */
static int t_two_level(void)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    uint32_t b0 = syn_block(&s);
    syn_ops(&s, 1);
    syn_br(&s, b0 + 1, b0 + 2, b0 + 3);
    syn_block(&s);
    uint32_t r1 = syn_reg(&s);
    syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r1, 0);
    syn_op(&s, SIMT_IC_INT, syn_reg(&s), r1, 0);
    syn_jmp(&s, b0 + 3);
    syn_block(&s);
    syn_ops(&s, 24);
    syn_jmp(&s, b0 + 3);
    syn_block(&s);
    syn_exit(&s);
    struct syn_launch l = {{1, 1, 1}, {256, 1, 1}, 8, 0};
    uint64_t ti;
    if (write_or_fail("twolevel.trace", &s, &l, 1, br_even_warps, addr_coalesced, &ti))
        return 1;
    const char *const want[] = {"sched.demotions", NULL};
    const char *const ready[] = {"sched.policy=two-level", "sched.active_groups=1",
                                 "memstage.model=fixed", "memstage.latency=200", NULL};
    const char *const oldest[] = {"sched.policy=two-level",         "sched.active_groups=1",
                                  "memstage.model=fixed",           "memstage.latency=200",
                                  "sched.two_level_promote=oldest", NULL};
    struct simres r, o;
    if (run_or_fail("twolevel.trace", ready, want, &r) ||
        run_or_fail("twolevel.trace", oldest, want, &o))
        return 1;
    printf("two-level: ready %llu cycles, %llu demotions; oldest %llu cycles, %llu demotions\n",
           (unsigned long long)r.cycles, (unsigned long long)r.stat[0],
           (unsigned long long)o.cycles, (unsigned long long)o.stat[0]);
    CHECK(r.tinst == ti && o.tinst == ti, "thread instructions %llu / %llu, trace has %llu",
          (unsigned long long)r.tinst, (unsigned long long)o.tinst, (unsigned long long)ti);
    CHECK(r.stat[0] == 4, "ready: %llu demotions, expected 4 (each load warp once)",
          (unsigned long long)r.stat[0]);
    CHECK(o.stat[0] > 50, "oldest: only %llu demotions (a waiting warp should bounce)",
          (unsigned long long)o.stat[0]);
    CHECK(r.cycles <= o.cycles, "ready takes %llu cycles, oldest %llu",
          (unsigned long long)r.cycles, (unsigned long long)o.cycles);
    free(r.json);
    free(o.json);
    return 0;
}

/* Every scheduler/collector/front-end variant runs a divergent, memory-using kernel to
 * completion with every thread-instruction issued once (the core checks the count). */
static int t_variants(void)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    uint32_t b0 = syn_block(&s);
    syn_ops(&s, 2);
    syn_br(&s, b0 + 1, b0 + 2, b0 + 2);
    syn_block(&s);
    uint32_t r1 = syn_reg(&s);
    syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r1, 0);
    syn_op(&s, SIMT_IC_FP64, syn_reg(&s), r1, 0);
    syn_jmp(&s, b0 + 2);
    syn_block(&s);
    syn_bar(&s);
    syn_mem(&s, SIMT_IC_STORE, SIMT_MS_SHARED, 4, 0, 0);
    syn_ops(&s, 2);
    syn_exit(&s);
    struct syn_launch l = {{5, 1, 1}, {80, 1, 1}, 16, 1024};
    uint64_t ti;
    if (write_or_fail("variants.trace", &s, &l, 1, br_half, addr_strided, &ti))
        return 1;
    static const char *const variants[][6] = {
        {"sched.policy=lrr", NULL},
        {"sched.policy=gto", NULL},
        {"sched.policy=two-level", "sched.active_groups=1", NULL},
        {"sched.count=2", "sched.dual_issue=true", NULL},
        {"collector.model=separated", "collector.slots_per_unit=1", "collector.banks=1", NULL},
        {"frontend.model=buffered", "frontend.icache_bytes=256", "frontend.icache_line_bytes=32",
         "frontend.icache_assoc=1", NULL},
        {"memstage.model=fixed", "core.wb_ports=1", "units.sfu=1", NULL},
        {"memstage.model=fixed", "hazard.mode=replay", "sched.count=2", NULL},
        {"core.simd_width=8", "units.alu=1", "units.fp64_factor=4", NULL},
        {"core.simd_width=8", "sched.issue_blocking=true", "sched.count=2", NULL},
    };
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        struct simres r;
        if (run_or_fail("variants.trace", variants[v], NULL, &r))
            return 1;
        CHECK(r.tinst == ti, "variant %zu: %llu thread instructions, trace has %llu", v,
              (unsigned long long)r.tinst, (unsigned long long)ti);
        free(r.json);
    }
    return 0;
}

/* Configuration: presets load; unknown keys and bad values are errors naming the key. */
static int t_config(void)
{
    simt_config *c;
    CHECK(simt_config_create(&c) == SIMT_ERR_OK, "%s", simt_errmsg());
    CHECK(simt_config_set(c, "core.warpsize=16") == SIMT_ERR_CONFIG, "unknown key accepted");
    CHECK(strstr(simt_errmsg(), "core.warp_size") != NULL, "no did-you-mean: %s", simt_errmsg());
    CHECK(simt_config_set(c, "core.warp_size=1000") == SIMT_ERR_CONFIG, "out of range accepted");
    CHECK(strstr(simt_errmsg(), "core.warp_size") && strstr(simt_errmsg(), "range"), "%s",
          simt_errmsg());
    CHECK(simt_config_set(c, "sched.policy=fifo") == SIMT_ERR_CONFIG, "bad enum accepted");
    CHECK(simt_config_set(c, "sched.policy=gto") == SIMT_ERR_OK, "%s", simt_errmsg());
    CHECK(strcmp(simt_config_str(c, "sched.policy"), "gto") == 0, "enum not stored");
    CHECK(simt_config_load(c, "no-such-preset") == SIMT_ERR_NOT_FOUND, "missing preset");
    FILE *f = fopen("bad.ini", "w");
    CHECK(f != NULL, "cannot write bad.ini");
    fputs("[core]\nwarp_size = 32\n\n[sched]\ncuont = 2\n", f);
    fclose(f);
    CHECK(simt_config_load(c, "bad.ini") == SIMT_ERR_CONFIG, "bad file accepted");
    CHECK(strstr(simt_errmsg(), "bad.ini:5") && strstr(simt_errmsg(), "sched.count"),
          "message lacks file:line or did-you-mean: %s", simt_errmsg());
    static const char *const presets[] = {"gt200-jin", "fermi-turner", "ampere-like"};
    for (int i = 0; i < 3; i++) {
        simt_config *p;
        CHECK(simt_config_create(&p) == SIMT_ERR_OK, "%s", simt_errmsg());
        CHECK(simt_config_load(p, presets[i]) == SIMT_ERR_OK, "preset %s: %s", presets[i],
              simt_errmsg());
        simt_config_free(p);
    }
    simt_config *g;
    CHECK(simt_config_create(&g) == SIMT_ERR_OK, "%s", simt_errmsg());
    CHECK(simt_config_load(g, "gt200-jin") == SIMT_ERR_OK, "%s", simt_errmsg());
    CHECK(simt_config_int(g, "gpu.nsms") == 28 && simt_config_int(g, "core.simd_width") == 8 &&
              simt_config_int(g, "core.registers") == 16384 &&
              simt_config_int(g, "core.shared_bytes") == 16384,
          "gt200-jin does not follow seed 000 Table 5.1");
    simt_config_free(g);
    simt_config_free(c);
    return 0;
}

/* Statistics: shared registration, JSON nesting, deltas. */
static int t_stats(void)
{
    simt_stats *s;
    CHECK(simt_stats_create(&s) == SIMT_ERR_OK, "create");
    uint64_t *a = simt_stats_counter(s, "x.a", "a");
    uint64_t *a2 = simt_stats_counter(s, "x.a", "a again");
    uint64_t *h = simt_stats_histogram(s, "x.h", "hist", 3);
    CHECK(a && a == a2 && h, "registration");
    CHECK(simt_stats_counter(s, "x.a.b", "conflict") == NULL, "prefix conflict accepted");
    CHECK(simt_stats_check(s) != SIMT_ERR_OK, "conflict not recorded");
    *a = 5;
    h[2] = 7;
    uint64_t base[8];
    size_t n = simt_stats_snapshot(s, base, 8);
    CHECK(n == 4 && simt_stats_nvalues(s) == 4, "snapshot %zu", n);
    *a += 3;
    cJSON *j = simt_stats_to_cjson(s, base, n);
    cJSON *x = cJSON_GetObjectItem(j, "x");
    CHECK(x && cJSON_GetObjectItem(x, "a")->valuedouble == 3, "delta");
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(x, "h")) == 3, "histogram array");
    cJSON_Delete(j);
    simt_stats_free(s);
    return 0;
}

/* Writes an if-then kernel (`pre` ops, a branch into `body` ops or past them, `post` ops) in
 * two launches l[0..1], the branch decided by `br`. */
static int write_if_then(const char *path, uint32_t pre, uint32_t body, uint32_t post,
                         const struct syn_launch l[2], syn_branch_fn br)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    uint32_t b0 = syn_block(&s);
    syn_ops(&s, pre);
    syn_br(&s, b0 + 1, b0 + 2, b0 + 2);
    syn_block(&s);
    syn_ops(&s, body);
    syn_jmp(&s, b0 + 2);
    syn_block(&s);
    syn_ops(&s, post);
    syn_exit(&s);
    return write_or_fail(path, &s, l, 2, br, NULL, NULL);
}

/* Writes a trace for the simt-sim command-line tests. */
static int t_gen(const char *path)
{
    struct syn_launch l[2] = {{{16, 1, 1}, {128, 1, 1}, 16, 0}, {{4, 1, 1}, {64, 1, 1}, 8, 0}};
    return write_if_then(path, 4, 6, 2, l, br_half);
}

static uint32_t br_uneven(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return (cta * 7 + tid / 32) % 5 == 0 ? 0 : 1; /* some warps of some CTAs run the long path */
}

/* A trace whose CTAs take different times (for timing.sim.decoupled: CTAs finish on different
 * SMs in different cycles, so dispatch order matters): warps branch by CTA and warp into a
 * 40-op path or past it. */
static int t_gen_uneven(const char *path)
{
    struct syn_launch l[2] = {{{37, 1, 1}, {96, 1, 1}, 16, 0}, {{11, 1, 1}, {64, 1, 1}, 8, 0}};
    return write_if_then(path, 2, 40, 3, l, br_uneven);
}

/* Checks a --stats-json file: totals with the figures, no wall-clock entries. */
static int t_checkjson(const char *path)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    static char buf[1 << 22];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    cJSON *j = cJSON_Parse(buf);
    CHECK(j != NULL, "not JSON");
    cJSON *t = cJSON_GetObjectItem(j, "totals");
    static const char *const keys[] = {"cycles", "warp_instructions", "thread_instructions", "ipc",
                                       "simd_efficiency"};
    for (int i = 0; i < 5; i++)
        CHECK(t && cJSON_IsNumber(cJSON_GetObjectItem(t, keys[i])), "totals.%s missing", keys[i]);
    CHECK(cJSON_GetObjectItem(t, "cycles")->valuedouble > 0, "zero cycles");
    CHECK(strstr(buf, "wall") == NULL && strstr(buf, "seconds") == NULL, "wall-clock in JSON");
    /* the memory-hazard totals (seed 003 Fig. 6.1, 6.2, 3.5): whole-run, no summing needed */
    cJSON *hz = cJSON_GetObjectItem(t, "hazards"), *ic = cJSON_GetObjectItem(t, "issue_cycles"),
          *mem = cJSON_GetObjectItem(t, "memory"), *st = cJSON_GetObjectItem(j, "stats");
    static const char *const hzk[] = {"div", "bank", "mshr", "comq", "rsv"};
    for (int i = 0; i < 5; i++) {
        CHECK(cJSON_IsNumber(cJSON_GetObjectItem(hz, hzk[i])), "totals.hazards.%s missing", hzk[i]);
        cJSON *c = cJSON_GetObjectItem(
            cJSON_GetObjectItem(cJSON_GetObjectItem(st, "ldst"), "hazards"), hzk[i]);
        CHECK(c && c->valuedouble == cJSON_GetObjectItem(hz, hzk[i])->valuedouble,
              "totals.hazards.%s differs from stats.ldst.hazards.%s", hzk[i], hzk[i]);
    }
    static const char *const ick[] = {"idle", "raw", "stall", "predicted", "issue1", "issue2"};
    double isum = 0;
    for (int i = 0; i < 6; i++) {
        CHECK(cJSON_IsNumber(cJSON_GetObjectItem(ic, ick[i])), "totals.issue_cycles.%s missing",
              ick[i]);
        isum += cJSON_GetObjectItem(ic, ick[i])->valuedouble;
    }
    /* scheduler-cycles: cycles x schedulers x SMs (fermi-turner: 2 schedulers, 10 SMs) */
    CHECK(isum == cJSON_GetObjectItem(t, "cycles")->valuedouble * 2 * 10,
          "issue cycles sum %.0f != cycles x 20", isum);
    CHECK(cJSON_IsNumber(cJSON_GetObjectItem(t, "replays_issued")), "totals.replays_issued");
    static const char *const mk[] = {"predicted_max_speedup", "collector_blocked_cycles",
                                     "alu_instructions",      "l1d_hit_rate",
                                     "l1d_rsv_fail_rate",     "l1d_mshr_occupancy",
                                     "icnt_req_utilisation",  "dram_utilisation",
                                     "dram_row_hit_rate",     "latency_avg"};
    for (int i = 0; i < 10; i++)
        CHECK(cJSON_IsNumber(cJSON_GetObjectItem(mem, mk[i])), "totals.memory.%s missing", mk[i]);
    CHECK(cJSON_GetObjectItem(mem, "predicted_max_speedup")->valuedouble >= 0,
          "negative predicted speedup");
    cJSON *tr = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "traces"), 0);
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(tr, "launches")) == 2, "two launches");
    cJSON_Delete(j);
    return 0;
}

/* Checks the per-epoch time series of a --stats-json file written with sim.epoch_cycles:
 * epoch cycles step evenly, counts never decrease, the last is at most the totals. */
static int t_checkepochs(const char *path, long step)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    static char buf[1 << 22];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    cJSON *j = cJSON_Parse(buf);
    CHECK(j != NULL, "not JSON");
    cJSON *ep = cJSON_GetObjectItem(j, "epochs");
    int ne = cJSON_GetArraySize(ep);
    CHECK(ne >= 2, "%d epochs", ne);
    double prev_c = -1, prev_w = 0;
    for (int i = 0; i < ne; i++) {
        cJSON *e = cJSON_GetArrayItem(ep, i);
        double c = cJSON_GetObjectItem(e, "cycle")->valuedouble;
        double w = cJSON_GetObjectItem(e, "warp_instructions")->valuedouble;
        CHECK(prev_c < 0 || c - prev_c == (double)step, "epoch %d at cycle %g after %g", i, c,
              prev_c);
        CHECK(w >= prev_w, "warp instructions decrease at epoch %d", i);
        prev_c = c;
        prev_w = w;
    }
    cJSON *t = cJSON_GetObjectItem(j, "totals");
    CHECK(prev_w <= cJSON_GetObjectItem(t, "warp_instructions")->valuedouble,
          "epochs exceed totals");
    cJSON_Delete(j);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: timing_tests CASE [ARG]\n");
        return 2;
    }
    const char *c = argv[1];
    if (!strcmp(c, "alu_independent"))
        return t_alu_independent();
    if (!strcmp(c, "alu_dependent"))
        return t_alu_dependent();
    if (!strcmp(c, "simd_width"))
        return t_simd_width();
    if (!strcmp(c, "barrier"))
        return t_barrier();
    if (!strcmp(c, "occupancy"))
        return t_occupancy();
    if (!strcmp(c, "launches"))
        return t_launches();
    if (!strcmp(c, "memory"))
        return t_memory();
    if (!strcmp(c, "fence"))
        return t_fence();
    if (!strcmp(c, "replay"))
        return t_replay();
    if (!strcmp(c, "replay_warp"))
        return t_replay_warp();
    if (!strcmp(c, "memstage_helpers"))
        return t_memstage_helpers();
    if (!strcmp(c, "watchdog"))
        return t_watchdog();
    if (!strcmp(c, "determinism"))
        return t_determinism();
    if (!strcmp(c, "grid_barrier"))
        return t_grid_barrier();
    if (!strcmp(c, "variants"))
        return t_variants();
    if (!strcmp(c, "two_level"))
        return t_two_level();
    if (!strcmp(c, "config"))
        return t_config();
    if (!strcmp(c, "stats"))
        return t_stats();
    if (!strcmp(c, "pc_profile"))
        return t_pc_profile();
    if (!strcmp(c, "gen") && argc > 2)
        return t_gen(argv[2]);
    if (!strcmp(c, "gen_uneven") && argc > 2)
        return t_gen_uneven(argv[2]);
    if (!strcmp(c, "checkepochs") && argc > 3)
        return t_checkepochs(argv[2], atol(argv[3]));
    if (!strcmp(c, "checkjson") && argc > 2)
        return t_checkjson(argv[2]);
    fprintf(stderr, "timing_tests: unknown case %s\n", c);
    return 2;
}
