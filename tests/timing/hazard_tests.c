/*
 * hazard_tests.c - the timing core with the memory hierarchy (timing/mem): microbenchmarks
 * that each raise one memory-stage hazard of seed 003 1.1.7 / Fig. 1.6 (DIV, BANK, MSHR,
 * COMQ, RSV), stalling against replay (seed 003 1.1.7 Fig. 1.4 and chapter 5) on a case
 * where replay must win and one where it must lose, and hazard prediction (seed 003
 * chapter 6) changing the timing of a case built for it.
 *
 *   hazard_tests CASE        (ctest: timing.hazard.CASE)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_trace.h"
#include "simtest.h"
#include "synth.h"

static simt_err run(const char *path, const char *const *sets, const char *const *want,
                    struct simres *r)
{
    simt_err e = run_trace(path, "pdom", sets, want, r);
    if (e)
        fprintf(stderr, "running %s: %s\n", path, simt_errmsg());
    return e;
}

/* A single static warp per thread block of `warps` warps. */
static struct syn_launch block_of(uint32_t warps)
{
    struct syn_launch l = {{1, 1, 1}, {32 * warps, 1, 1}, 16, 0};
    return l;
}

/* every thread in its own 128-byte line (32 lines per warp access) */
static uint64_t a_line_per_thread(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return SIMT_WIN_GLOBAL_BASE + 128ull * tid + 65536ull * v;
}

/* every thread in bank 0 of 32 four-byte banks */
static uint64_t a_bank0(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return SIMT_WIN_SHARED_BASE + 128ull * (tid % 32);
}

/* thread t reads shared word t: no conflict on 32 four-byte banks */
static uint64_t a_smem_unit(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return SIMT_WIN_SHARED_BASE + 4ull * (tid % 32);
}

/* every thread reads the same constant word (one constant-cache line, broadcast) */
static uint64_t a_const0(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return SIMT_WIN_CONST_BASE;
}

/* a warp reads one 128-byte line of its own (coalesced), a new line at each visit */
static uint64_t a_line_per_warp(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return SIMT_WIN_GLOBAL_BASE + 4096ull * (tid / 32) + 4ull * (tid % 32) + (1ull << 20) * pc +
           (1ull << 24) * v;
}

/* load r1; op r2 <- r1; exit */
static int write_load_use(const char *path, uint8_t space, uint32_t warps, syn_addr_fn ad)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    syn_block(&s);
    uint32_t r1 = syn_reg(&s), r2 = syn_reg(&s);
    syn_mem(&s, SIMT_IC_LOAD, space, 4, r1, 0);
    syn_op(&s, SIMT_IC_INT, r2, r1, 0);
    syn_exit(&s);
    struct syn_launch l = block_of(warps);
    if (syn_write(path, &s, &l, 1, NULL, ad, NULL, NULL)) {
        fprintf(stderr, "writing %s: %s\n", path, simt_errmsg());
        return 1;
    }
    return 0;
}

/* `loads` independent loads per warp, then `alu` independent ALU ops, then one use of each
 * load's result: memory-level parallelism that a stalled LD/ST unit wastes */
static int write_mlp(const char *path, uint32_t warps, uint32_t loads, uint32_t alu)
{
    struct syn s;
    syn_init(&s);
    syn_func(&s);
    syn_block(&s);
    uint32_t r[16];
    for (uint32_t i = 0; i < loads && i < 16; i++) {
        r[i] = syn_reg(&s);
        syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r[i], 0);
    }
    syn_ops(&s, alu);
    for (uint32_t i = 0; i < loads && i < 16; i++)
        syn_op(&s, SIMT_IC_INT, syn_reg(&s), r[i], 0);
    syn_exit(&s);
    struct syn_launch l = block_of(warps);
    if (syn_write(path, &s, &l, 1, NULL, a_line_per_warp, NULL, NULL)) {
        fprintf(stderr, "writing %s: %s\n", path, simt_errmsg());
        return 1;
    }
    return 0;
}

#define HIER "memstage.model=hierarchy", "sim.watchdog_cycles=200000"

static const char *const hz_names[5] = {"div", "bank", "mshr", "comq", "rsv"};

/* One hazard per microbenchmark; the core's per-cycle count (ldst.hazards.X) equals the
 * hierarchy's per-push count (memstage.hazards.X) with one LD/ST unit. */
static int hazard_case(const char *path, int hz, const char *const *sets)
{
    char core_name[64], mem_name[64];
    snprintf(core_name, sizeof core_name, "ldst.hazards.%s", hz_names[hz]);
    snprintf(mem_name, sizeof mem_name, "memstage.hazards.%s", hz_names[hz]);
    const char *const want[] = {core_name, mem_name, NULL};
    for (int mode = 0; mode < 2; mode++) {
        const char *all[16];
        int n = 0;
        for (int i = 0; sets[i] && n < 14; i++)
            all[n++] = sets[i];
        all[n++] = mode ? "hazard.mode=replay" : "hazard.mode=stall";
        all[n] = NULL;
        struct simres r;
        if (run(path, all, want, &r))
            return 1;
        CHECK(r.stat[0] > 0 && r.stat[0] != UINT64_MAX, "%s (%s): no %s hazard", path,
              mode ? "replay" : "stall", hz_names[hz]);
        CHECK(r.stat[0] == r.stat[1], "%s: core counted %llu %s cycles, the stage %llu pushes",
              path, (unsigned long long)r.stat[0], hz_names[hz], (unsigned long long)r.stat[1]);
        printf("%-12s %-6s %-4s cycles %6llu  %s hazard cycles %llu\n", path,
               mode ? "replay" : "stall", hz_names[hz], (unsigned long long)r.cycles, hz_names[hz],
               (unsigned long long)r.stat[0]);
        free(r.json);
    }
    return 0;
}

static int t_hazards(void)
{
    /* DIV: 32 lines in one warp access: one line per push, 31 DIV cycles (with enough MSHRs) */
    const char *const div[] = {HIER, NULL};
    if (write_load_use("hz_div.trace", SIMT_MS_GLOBAL, 1, a_line_per_thread) ||
        hazard_case("hz_div.trace", 0, div))
        return 1;
    /* BANK: 32 threads on one shared-memory bank */
    const char *const bank[] = {HIER, NULL};
    if (write_load_use("hz_bank.trace", SIMT_MS_SHARED, 1, a_bank0) ||
        hazard_case("hz_bank.trace", 1, bank))
        return 1;
    /* MSHR: 2 MSHRs for 32 missing lines */
    const char *const mshr[] = {HIER, "l1d.mshrs=2", NULL};
    if (write_load_use("hz_mshr.trace", SIMT_MS_GLOBAL, 1, a_line_per_thread) ||
        hazard_case("hz_mshr.trace", 2, mshr))
        return 1;
    /* COMQ: a 2-entry miss queue drained by a slow interconnect */
    const char *const comq[] = {HIER, "l1d.miss_queue=2", "gpu.icnt_clock_mhz=50", NULL};
    if (write_load_use("hz_comq.trace", SIMT_MS_GLOBAL, 1, a_line_per_thread) ||
        hazard_case("hz_comq.trace", 3, comq))
        return 1;
    /* RSV: a one-set, two-way L1: the third missing line finds both ways reserved */
    const char *const rsv[] = {HIER, "l1d.sets=1", "l1d.assoc=2", NULL};
    if (write_load_use("hz_rsv.trace", SIMT_MS_GLOBAL, 1, a_line_per_thread) ||
        hazard_case("hz_rsv.trace", 4, rsv))
        return 1;
    return 0;
}

/* Stalling against replay. Wins: 32 warps, each with 4 independent loads of its own lines
 * and 24 independent ALU ops; 4 MSHRs. Stalling, the LD/ST unit holds a load that met MSHR
 * while the other loads fill the operand collector and choke the ALUs (seed 003 Fig. 1.4);
 * replay squashes it and the work of the warps without a marked load flows. (With 2 MSHRs
 * this case used to show replay 3418 against stall 4281 cycles, when a warp with a marked
 * load could still issue its newer ALU ops; with the seed's per-warp replay (5.2.3: such a
 * warp presents only its oldest marked instruction) nearly every warp waits behind a marked
 * load there and replay gains only 1 % (4232 against 4281). With 4 MSHRs: 2686 against
 * 3003.) Loses: one warp's 32-way shared-memory bank conflict
 * (BANK only) and nothing else to do: every pass is re-issued, re-reads its operands and
 * passes the address stage again (the t_replay arithmetic of timing_tests.c), where stalling
 * serves one pass per cycle. */
static int t_stall_vs_replay(void)
{
    if (write_mlp("svr_win.trace", 32, 4, 24))
        return 1;
    const char *const want[] = {"collector.mem_blocked", "ldst.replays", "ldst.replays_issued",
                                "ldst.stall_cycles", NULL};
    const char *const win_s[] = {HIER, "l1d.mshrs=4", "collector.slots=4", "hazard.mode=stall",
                                 NULL};
    const char *const win_r[] = {HIER, "l1d.mshrs=4", "collector.slots=4", "hazard.mode=replay",
                                 NULL};
    struct simres s, r;
    if (run("svr_win.trace", win_s, want, &s) || run("svr_win.trace", win_r, want, &r))
        return 1;
    printf("replay wins:  stall %llu cycles (collector blocked %llu), replay %llu cycles "
           "(%llu replays)\n",
           (unsigned long long)s.cycles, (unsigned long long)s.stat[0],
           (unsigned long long)r.cycles, (unsigned long long)r.stat[1]);
    CHECK(s.stat[0] > 0 && r.stat[0] == 0, "blocked cycles: stall %llu, replay %llu",
          (unsigned long long)s.stat[0], (unsigned long long)r.stat[0]);
    /* the LD/ST unit stalls in every cycle the collector is blocked by it, and more */
    CHECK(s.stat[3] > s.stat[0] && r.stat[3] == 0,
          "LD/ST stall cycles: stall %llu (blocked "
          "%llu), replay %llu",
          (unsigned long long)s.stat[3], (unsigned long long)s.stat[0],
          (unsigned long long)r.stat[3]);
    CHECK(r.stat[1] > 0 && r.stat[1] == r.stat[2], "replays %llu, re-issued %llu",
          (unsigned long long)r.stat[1], (unsigned long long)r.stat[2]);
    CHECK(r.cycles * 100 < s.cycles * 95, "replay (%llu) is not >5%% faster than stall (%llu)",
          (unsigned long long)r.cycles, (unsigned long long)s.cycles);
    CHECK(r.winst == s.winst && r.tinst == s.tinst, "same instructions");
    free(s.json);
    free(r.json);

    if (write_load_use("svr_lose.trace", SIMT_MS_SHARED, 1, a_bank0))
        return 1;
    const char *const lose_s[] = {HIER, "hazard.mode=stall", NULL};
    const char *const lose_r[] = {HIER, "hazard.mode=replay", NULL};
    if (run("svr_lose.trace", lose_s, want, &s) || run("svr_lose.trace", lose_r, want, &r))
        return 1;
    printf("replay loses: stall %llu cycles, replay %llu cycles (%llu replays)\n",
           (unsigned long long)s.cycles, (unsigned long long)r.cycles,
           (unsigned long long)r.stat[1]);
    /* stalling, the unit holds the conflicting load for its 31 extra passes */
    CHECK(s.stat[3] == 31, "LD/ST stall cycles %llu, expected 31 (one per extra BANK pass)",
          (unsigned long long)s.stat[3]);
    CHECK(r.stat[1] == 31, "replays %llu, expected 31 (one per BANK pass)",
          (unsigned long long)r.stat[1]);
    CHECK(r.cycles > s.cycles, "replay (%llu) should lose to stall (%llu)",
          (unsigned long long)r.cycles, (unsigned long long)s.cycles);
    free(s.json);
    free(r.json);
    return 0;
}

/* Hazard prediction (seed 003 ch. 6) on a case built for it: 32 warps, each with 2
 * independent loads of its own lines and 32 independent ALU ops, 4 MSHRs, 4 collector slots.
 * Without prediction, loads that will meet MSHR are issued anyway: stalling, they hold the
 * LD/ST unit and choke the collector; replaying, they are squashed and re-issued again and
 * again, taking collector slots and issue cycles from the ALU work. With the credit tracker
 * (replay, predict-hit: a squashed load is known to miss, 6.1) or the naive tracker (stall,
 * predict-miss) a load waits in the scheduler until an MSHR (credit) is free, and the ALU work
 * flows: prediction must cut the cycles by 10 % and the MSHR hazards; hazard.tracker = none
 * must leave the run byte-identical to no prediction whatever the predictor. */
static int t_prediction(void)
{
    if (write_mlp("pred.trace", 32, 2, 32))
        return 1;
    const char *const want[] = {"ldst.hazards.mshr", "sched.predicted_holds", "ldst.replays",
                                "mem.hazard.tracker.credits_taken", NULL};
#define PRED_BASE HIER, "l1d.mshrs=4", "collector.slots=4"
    const char *const base[] = {PRED_BASE, "hazard.mode=replay", NULL};
    const char *const none[] = {PRED_BASE, "hazard.mode=replay", "hazard.predictor=miss", NULL};
    const char *const credit[] = {PRED_BASE, "hazard.mode=replay", "hazard.tracker=credit",
                                  "hazard.predictor=hit", NULL};
    const char *const stall[] = {PRED_BASE, "hazard.mode=stall", NULL};
    const char *const naive_stall[] = {PRED_BASE, "hazard.mode=stall", "hazard.tracker=naive",
                                       "hazard.predictor=miss", NULL};
    struct simres b, n, c, ns, s;
    if (run("pred.trace", base, want, &b) || run("pred.trace", none, want, &n) ||
        run("pred.trace", credit, want, &c) || run("pred.trace", naive_stall, want, &ns) ||
        run("pred.trace", stall, want, &s))
        return 1;
    printf("replay: no prediction %llu cycles (%llu MSHR cycles, %llu replays); credit + hit "
           "%llu cycles (%llu MSHR cycles, %llu replays, %llu holds)\n",
           (unsigned long long)b.cycles, (unsigned long long)b.stat[0],
           (unsigned long long)b.stat[2], (unsigned long long)c.cycles,
           (unsigned long long)c.stat[0], (unsigned long long)c.stat[2],
           (unsigned long long)c.stat[1]);
    printf("stall:  no prediction %llu cycles (%llu MSHR cycles); naive + miss %llu cycles "
           "(%llu MSHR cycles, %llu holds)\n",
           (unsigned long long)s.cycles, (unsigned long long)s.stat[0],
           (unsigned long long)ns.cycles, (unsigned long long)ns.stat[0],
           (unsigned long long)ns.stat[1]);
    CHECK(n.cycles == b.cycles && n.stat[1] == 0 && strcmp(n.json, b.json) == 0,
          "tracker none changed the run");
    CHECK(b.stat[1] == 0 && s.stat[1] == 0, "holds without prediction");
    CHECK(c.stat[1] > 0 && c.stat[3] > 0, "credit tracker held nothing back / took no credit");
    CHECK(c.cycles * 10 < b.cycles * 9, "replay: prediction %llu cycles, none %llu (< -10%%)",
          (unsigned long long)c.cycles, (unsigned long long)b.cycles);
    CHECK(c.stat[0] < b.stat[0] && c.stat[2] < b.stat[2], "replay: MSHR hazards / replays not cut");
    CHECK(ns.stat[1] > 0 && ns.cycles * 10 < s.cycles * 9,
          "stall: prediction %llu cycles, none %llu (< -10%%)", (unsigned long long)ns.cycles,
          (unsigned long long)s.cycles);
    CHECK(ns.stat[0] < s.stat[0], "stall: MSHR hazards not cut");
    CHECK(c.winst == b.winst && c.tinst == b.tinst && ns.tinst == s.tinst, "same instructions");
    free(b.json);
    free(n.json);
    free(c.json);
    free(ns.json);
    free(s.json);
    return 0;
}

/* Shared-memory accesses wider than the banks (banks x bank_bytes below the 4-byte access):
 * one bank of one byte, each thread's own 4 bytes in it. Every pass serves one thread and
 * holds the LD/ST unit 4 cycles (busy_cycles): 32 passes, 31 x 3 = 93 cycles more than on one
 * 4-byte bank (32 one-cycle passes; the last pass's threads complete at the shared latency
 * after its first cycle, as any pass's), under stalling and replay alike. Before the
 * twenty-ninth session no pass served such a thread and the run ended on the watchdog. */
static int t_wide_smem(void)
{
    if (write_load_use("wide_smem.trace", SIMT_MS_SHARED, 1, a_smem_unit))
        return 1;
    const char *const want[] = {"mem.smem.cycles", "ldst.hazards.bank", NULL};
    for (int mode = 0; mode < 2; mode++) {
        const char *hm = mode ? "hazard.mode=replay" : "hazard.mode=stall";
        const char *const wide[] = {HIER, hm, "smem.banks=1", "smem.bank_bytes=1", NULL};
        const char *const narrow[] = {HIER, hm, "smem.banks=1", "smem.bank_bytes=4", NULL};
        struct simres w, n;
        if (run("wide_smem.trace", wide, want, &w) || run("wide_smem.trace", narrow, want, &n))
            return 1;
        printf("%s: 1 x 1-byte bank %llu cycles, 1 x 4-byte bank %llu cycles\n",
               mode ? "replay" : "stall", (unsigned long long)w.cycles,
               (unsigned long long)n.cycles);
        CHECK(w.tinst == n.tinst && w.tinst > 0, "same thread instructions");
        CHECK(w.stat[1] > 0 && n.stat[1] > 0, "no BANK hazard");
        CHECK(w.cycles == n.cycles + 93, "%s: wide %llu cycles, expected %llu + 93",
              mode ? "replay" : "stall", (unsigned long long)w.cycles,
              (unsigned long long)n.cycles);
        free(w.json);
        free(n.json);
    }
    return 0;
}

/* A constant-cache line much wider than the L2's (1024 against 32 bytes: one miss is 32 L2
 * accesses, more than the partition's L2 input queue sized from the 128-byte L1D line held):
 * the request must still be accepted whole, and the load complete, under both hazard modes.
 * Before the twenty-ninth session it waited at the partition until the watchdog. */
static int t_wide_lines(void)
{
    if (write_load_use("wide_lines.trace", SIMT_MS_CONST, 2, a_const0))
        return 1;
    const char *const want[] = {"mem.l1c.misses", "mem.l2.reads", NULL};
    for (int mode = 0; mode < 2; mode++) {
        const char *hm = mode ? "hazard.mode=replay" : "hazard.mode=stall";
        const char *const wide[] = {HIER, hm, "l1c.line_bytes=1024", NULL};
        struct simres w;
        if (run("wide_lines.trace", wide, want, &w))
            return 1;
        printf("%s: 1024-byte constant line: %llu cycles, %llu L1C misses, %llu L2 reads\n",
               mode ? "replay" : "stall", (unsigned long long)w.cycles,
               (unsigned long long)w.stat[0], (unsigned long long)w.stat[1]);
        CHECK(w.tinst > 0 && w.stat[0] == 1, "one constant miss (%llu)",
              (unsigned long long)w.stat[0]);
        CHECK(w.stat[1] == 32, "L2 reads %llu, expected 32 (1024 / 32)",
              (unsigned long long)w.stat[1]);
        free(w.json);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: hazard_tests CASE\n");
        return 2;
    }
    if (!strcmp(argv[1], "each"))
        return t_hazards();
    if (!strcmp(argv[1], "stall_vs_replay"))
        return t_stall_vs_replay();
    if (!strcmp(argv[1], "prediction"))
        return t_prediction();
    if (!strcmp(argv[1], "wide_smem"))
        return t_wide_smem();
    if (!strcmp(argv[1], "wide_lines"))
        return t_wide_lines();
    fprintf(stderr, "hazard_tests: unknown case %s\n", argv[1]);
    return 2;
}
