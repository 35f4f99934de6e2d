/*
 * timed_tests.c - policy tests through the real timing core (simtest.h: run_trace) on
 * synthetic traces (tests/timing/synth.h).
 *
 *   timed_tests ukernel_spawn_pays     seed 004 6.2: a long, data-dependent loop inside a
 *                                      device function (call depth 1): the look-up-table
 *                                      model must choose spawning, and spawning must beat
 *                                      PDOM in cycles
 *   timed_tests ukernel_short_paths    a short if/else: the model must keep PDOM
 *   timed_tests ukernel_release        seed 004 6.2.1: a delayed warp is released when the
 *                                      scheduler picks it at its lowered priority
 *                                      (ukernel.release=schedule), not at an SM-idle cycle in
 *                                      which it could not issue either (release=idle)
 *   timed_tests hws_trace FILE         writes the trace of the eq. 6.1 test (see
 *                                      CMakeLists.txt: simt-sim reads it)
 *   timed_tests hws_check FILE         checks totals.hws_estimated_speedup in simt-sim's
 *                                      --stats-json FILE against the hand-computed value
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "simtest.h"
#include "synth.h"

enum { LOOP_BODY = 20, LONG_TRIPS = 16 };

/* Even threads iterate the loop LONG_TRIPS times, odd threads leave after the first trip:
 * every warp diverges once, at the loop branch of its first trip. */
static uint32_t br_loop(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t visit)
{
    (void)ctx;
    (void)cta;
    (void)pc;
    return tid % 2 == 0 && visit + 1 < LONG_TRIPS ? 0 : 1;
}

/* Kernel: op, call f, op, exit. f: F0: op; H: LOOP_BODY ops, br(H, X) ipdom X; X: 2 ops, ret. */
static void k_loop_in_function(struct syn *s)
{
    syn_func(s);
    syn_block(s);
    syn_ops(s, 1);
    syn_call(s, 1);
    syn_ops(s, 1);
    syn_exit(s);
    syn_func(s);
    uint32_t f = syn_block(s);
    syn_ops(s, 1);
    syn_jmp(s, f + 1);
    syn_block(s); /* H */
    syn_ops(s, LOOP_BODY);
    syn_br(s, f + 1, f + 2, f + 2);
    syn_block(s); /* X */
    syn_ops(s, 2);
    syn_ret(s);
}

/* Kernel: B0: op, br(B1, B2) ipdom B3; B1: nthen ops, jmp; B2: nelse ops, jmp; B3: op, exit. */
static void k_ifelse(struct syn *s, uint32_t nthen, uint32_t nelse)
{
    syn_func(s);
    uint32_t b = syn_block(s);
    syn_ops(s, 1);
    syn_br(s, b + 1, b + 2, b + 3);
    syn_block(s);
    syn_ops(s, nthen);
    syn_jmp(s, b + 3);
    syn_block(s);
    syn_ops(s, nelse);
    syn_jmp(s, b + 3);
    syn_block(s);
    syn_ops(s, 1);
    syn_exit(s);
}

/* The if/else with paths of 2 instructions (an op and the jump). */
static void k_short_ifelse(struct syn *s)
{
    k_ifelse(s, 1, 1);
}

static uint32_t br_parity(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t visit)
{
    (void)ctx;
    (void)cta;
    (void)pc;
    (void)visit;
    return tid % 2;
}

static int write_trace(const char *path, void (*build)(struct syn *), syn_branch_fn br,
                       uint32_t threads, uint64_t *tinst)
{
    static struct syn s;
    syn_init(&s);
    build(&s);
    struct syn_launch l = {{1, 1, 1}, {threads, 1, 1}, 8, 0};
    simt_err e = syn_write(path, &s, &l, 1, br, NULL, NULL, tinst);
    if (e)
        fprintf(stderr, "writing %s: %s\n", path, simt_errmsg());
    return e != SIMT_ERR_OK;
}

static const char *const uk_want[] = {"policy.ukernel.lut_spawn", "policy.ukernel.lut_pdom",
                                      "policy.ukernel.spawns",
                                      "policy.ukernel.divergences_in_function", NULL};

/* 8 warps of one CTA on one SM. PDOM: every warp runs the 16 trips at half occupancy. The 8
 * warps reach the loop branch together and are delayed there until the SM idles; the model
 * then sees 128 threads per path: PDOM costs 8 x 21 issues (body + branch per warp; the
 * leaving path is the post-dominator itself, length 0), spawning 4 x (21 + 4) + 4 x (0 + 4)
 * = 116, so the warps spawn; the 128 looping threads fill 4 warps, which halves the loop's
 * warp instructions. */
static int t_ukernel_spawn_pays(void)
{
    const char *path = "policy_ukernel_spawn.trace";
    uint64_t ti;
    if (write_trace(path, k_loop_in_function, br_loop, 256, &ti))
        return 1;
    struct simres p, u, d;
    simt_err e = run_trace(path, "pdom", NULL, NULL, &p);
    CHECK(e == SIMT_ERR_OK, "pdom: %s", simt_errmsg());
    free(p.json);
    e = run_trace(path, "ukernel", NULL, uk_want, &u);
    CHECK(e == SIMT_ERR_OK, "ukernel: %s", simt_errmsg());
    free(u.json);
    const char *const forced[] = {"ukernel.decide=pdom", NULL};
    e = run_trace(path, "ukernel", forced, uk_want, &d);
    CHECK(e == SIMT_ERR_OK, "ukernel (pdom): %s", simt_errmsg());
    free(d.json);
    printf("pdom: %llu cycles, %llu warp instr.; ukernel: %llu cycles, %llu warp instr. "
           "(lut_spawn %llu, lut_pdom %llu, spawns %llu, in functions %llu); "
           "ukernel.decide=pdom: %llu cycles\n",
           (unsigned long long)p.cycles, (unsigned long long)p.winst, (unsigned long long)u.cycles,
           (unsigned long long)u.winst, (unsigned long long)u.stat[0],
           (unsigned long long)u.stat[1], (unsigned long long)u.stat[2],
           (unsigned long long)u.stat[3], (unsigned long long)d.cycles);
    CHECK(p.tinst == ti && u.tinst == ti, "thread instructions %llu / %llu, walker %llu",
          (unsigned long long)p.tinst, (unsigned long long)u.tinst, (unsigned long long)ti);
    CHECK(u.stat[3] == 8, "divergences inside the function: %llu, expected 8",
          (unsigned long long)u.stat[3]);
    CHECK(u.stat[0] == 8 && u.stat[1] == 0, "LUT decisions: %llu spawn, %llu PDOM; expected 8, 0",
          (unsigned long long)u.stat[0], (unsigned long long)u.stat[1]);
    CHECK(u.stat[2] == 256, "spawned threads %llu, expected 256", (unsigned long long)u.stat[2]);
    /* PDOM: 8 x 345 = 2760 warp instructions (15 of the 16 trips at 16 threads); with
     * spawning the 15 trips run in 4 full warps (1500 if every warp forms full; a warp formed
     * partially when the SM idles adds at most 320) */
    CHECK(p.winst == 2760, "PDOM warp instructions %llu, expected 2760",
          (unsigned long long)p.winst);
    CHECK(u.winst >= 1500 && u.winst * 10 < p.winst * 7, "warp instructions %llu vs PDOM %llu",
          (unsigned long long)u.winst, (unsigned long long)p.winst);
    CHECK(u.cycles * 10 < p.cycles * 7, "ukernel %llu cycles, not 30%% below PDOM's %llu",
          (unsigned long long)u.cycles, (unsigned long long)p.cycles);
    CHECK(d.stat[0] == 0 && d.winst == p.winst, "decide=pdom: %llu spawns, %llu warp instr.",
          (unsigned long long)d.stat[0], (unsigned long long)d.winst);
    return 0;
}

/* Paths of 2 instructions: PDOM costs 8 x (2 + 2) = 32 issues, spawning 4 x (2 + 4) x 2 = 48:
 * the model keeps PDOM at every divergence. */
static int t_ukernel_short_paths(void)
{
    const char *path = "policy_ukernel_short.trace";
    uint64_t ti;
    if (write_trace(path, k_short_ifelse, br_parity, 256, &ti))
        return 1;
    struct simres p, u;
    simt_err e = run_trace(path, "pdom", NULL, NULL, &p);
    CHECK(e == SIMT_ERR_OK, "pdom: %s", simt_errmsg());
    free(p.json);
    e = run_trace(path, "ukernel", NULL, uk_want, &u);
    CHECK(e == SIMT_ERR_OK, "ukernel: %s", simt_errmsg());
    free(u.json);
    printf("short paths: lut_spawn %llu, lut_pdom %llu; warp instr. %llu (PDOM %llu)\n",
           (unsigned long long)u.stat[0], (unsigned long long)u.stat[1],
           (unsigned long long)u.winst, (unsigned long long)p.winst);
    CHECK(u.stat[0] == 0 && u.stat[1] == 8, "LUT decisions: %llu spawn, %llu PDOM; expected 0, 8",
          (unsigned long long)u.stat[0], (unsigned long long)u.stat[1]);
    CHECK(u.winst == p.winst, "warp instructions %llu, PDOM %llu", (unsigned long long)u.winst,
          (unsigned long long)p.winst);
    return 0;
}

/* Two warps. Warp 1 first runs a path with an SFU result it waits for (the SM idles), then
 * 8 independent ops; warp 0 runs 3 ops and an SFU op writing r1. Both then diverge (even /
 * odd threads) at B3 into paths of 21 instructions whose first reads r1. Warp 0 reaches B3
 * first and is delayed; its paths cannot issue before its r1 arrives. */
static uint32_t rel_br0; /* pc of B0's branch */

static uint32_t br_release(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t visit)
{
    (void)ctx;
    (void)cta;
    (void)visit;
    if (pc == rel_br0)
        return tid / 32 == 1 ? 0 : 1; /* warp 1 to B1, warp 0 to B2 (no divergence) */
    return tid % 2;
}

/* B0: op, br(B1, B2) ipdom B3; B1: r2 = sfu, op(r2), 8 ops; B2: 3 ops, r1 = sfu;
 * B3: br(B4, B5) ipdom B6; B4, B5: op(r1), 20 ops; B6: op, exit. */
static void k_release(struct syn *s)
{
    syn_func(s);
    uint32_t b = syn_block(s);
    uint32_t r1 = syn_reg(s), r2 = syn_reg(s);
    syn_ops(s, 1);
    syn_br(s, b + 1, b + 2, b + 3);
    rel_br0 = s->ninsts - 1;
    syn_block(s); /* B1 */
    syn_op(s, SIMT_IC_SFU, r2, 0, 0);
    syn_op(s, SIMT_IC_INT, syn_reg(s), r2, 0);
    syn_ops(s, 8);
    syn_jmp(s, b + 3);
    syn_block(s); /* B2 */
    syn_ops(s, 3);
    syn_op(s, SIMT_IC_SFU, r1, 0, 0);
    syn_jmp(s, b + 3);
    syn_block(s); /* B3 */
    syn_br(s, b + 4, b + 5, b + 6);
    for (int k = 0; k < 2; k++) { /* B4, B5 */
        syn_block(s);
        syn_op(s, SIMT_IC_INT, syn_reg(s), r1, 0);
        syn_ops(s, 20);
        syn_jmp(s, b + 6);
    }
    syn_block(s); /* B6 */
    syn_ops(s, 1);
    syn_exit(s);
}

/* Each warp alone: PDOM costs 21 + 21 = 42 issues, spawning (21 + 4) + (21 + 4) = 50; both
 * warps: 84 against 50. With release=idle warp 0 is released at the first cycle the SM issues
 * nothing (warp 1 waits for its SFU result) and the model sees it alone: PDOM, and warp 1
 * later alone: PDOM. With release=schedule warp 0 stays delayed until no other group can
 * issue and it can: warp 1 issues every cycle from its SFU result to its own divergence, so
 * the model sees both warps and warp 0 spawns; warp 1 then fills the spawned threads' warps
 * (extra warps 0) and spawns too. */
static int t_ukernel_release(void)
{
    const char *path = "policy_ukernel_release.trace";
    uint64_t ti;
    if (write_trace(path, k_release, br_release, 64, &ti))
        return 1;
    static const char *const want[] = {"policy.ukernel.lut_spawn",
                                       "policy.ukernel.lut_pdom",
                                       "policy.ukernel.model_warps",
                                       "policy.ukernel.scheduled_releases",
                                       "policy.ukernel.idle_releases",
                                       "policy.ukernel.spawns",
                                       NULL};
    const char *const sched[] = {"units.sfu_latency=40", "ukernel.release=schedule", NULL};
    const char *const idle[] = {"units.sfu_latency=40", NULL}; /* the default: release=idle */
    struct simres a, b;
    simt_err e = run_trace(path, "ukernel", sched, want, &a);
    CHECK(e == SIMT_ERR_OK, "ukernel: %s", simt_errmsg());
    free(a.json);
    e = run_trace(path, "ukernel", idle, want, &b);
    CHECK(e == SIMT_ERR_OK, "ukernel (release=idle): %s", simt_errmsg());
    free(b.json);
    printf(
        "release=schedule: lut_spawn %llu, lut_pdom %llu, model_warps %llu, scheduled "
        "releases %llu, spawns %llu, %llu cycles; release=idle: lut_spawn %llu, lut_pdom "
        "%llu, model_warps %llu, idle releases %llu, %llu cycles\n",
        (unsigned long long)a.stat[0], (unsigned long long)a.stat[1], (unsigned long long)a.stat[2],
        (unsigned long long)a.stat[3], (unsigned long long)a.stat[5], (unsigned long long)a.cycles,
        (unsigned long long)b.stat[0], (unsigned long long)b.stat[1], (unsigned long long)b.stat[2],
        (unsigned long long)b.stat[4], (unsigned long long)b.cycles);
    CHECK(a.tinst == ti && b.tinst == ti, "thread instructions %llu / %llu, walker %llu",
          (unsigned long long)a.tinst, (unsigned long long)b.tinst, (unsigned long long)ti);
    CHECK(a.stat[3] == 2 && a.stat[0] == 2 && a.stat[1] == 0 && a.stat[5] == 64,
          "release=schedule: %llu scheduled releases, %llu spawn / %llu PDOM decisions, %llu "
          "spawned; expected 2, 2 / 0, 64",
          (unsigned long long)a.stat[3], (unsigned long long)a.stat[0],
          (unsigned long long)a.stat[1], (unsigned long long)a.stat[5]);
    CHECK(a.stat[2] == 3, "release=schedule: the model saw %llu warps, expected 2 + 1",
          (unsigned long long)a.stat[2]);
    CHECK(b.stat[3] == 0 && b.stat[0] == 0 && b.stat[1] == 2 && b.stat[2] == 2,
          "release=idle: %llu scheduled releases, %llu spawn / %llu PDOM, model saw %llu warps; "
          "expected 0, 0 / 2, 2",
          (unsigned long long)b.stat[3], (unsigned long long)b.stat[0],
          (unsigned long long)b.stat[1], (unsigned long long)b.stat[2]);
    return 0;
}

/* --- seed 000 eq. 6.1 in simt-sim ---------------------------------------------------------- */

/* One warp of 32 threads; lane l takes the 6-instruction path if l < 8, else the 2-instruction
 * one: k_ifelse with 5 and 1 ops. */
static void k_hws(struct syn *s)
{
    k_ifelse(s, 5, 1);
}

static uint32_t br_hws(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t visit)
{
    (void)ctx;
    (void)cta;
    (void)pc;
    (void)visit;
    return tid % 32 < 8 ? 0 : 1;
}

/* PDOM issues B0 2 (32 threads), B1 6 (8 threads), B2 2 (24 threads), B3 2 (32 threads):
 * 12 warp instructions. Under gt200-jin (warp 32, SIMD 8: 4 quarter-warps) the fractions are
 * 6/12 with 1 quarter (speedup 4), 2/12 with 3 quarters (4/3), 4/12 full, so eq. 6.1 gives
 * 1 / (4/12 + (6/12)/4 + (2/12)*(3/4)) = 1 / (7/12) = 12/7. */
static int t_hws_check(const char *json_path)
{
    FILE *f = fopen(json_path, "rb");
    CHECK(f != NULL, "cannot open %s", json_path);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    cJSON *root = cJSON_Parse(buf);
    CHECK(root != NULL, "%s: not JSON", json_path);
    cJSON *tot = cJSON_GetObjectItemCaseSensitive(root, "totals");
    cJSON *est = tot ? cJSON_GetObjectItemCaseSensitive(tot, "hws_estimated_speedup") : NULL;
    cJSON *wi = tot ? cJSON_GetObjectItemCaseSensitive(tot, "warp_instructions") : NULL;
    int ok = cJSON_IsNumber(est) && cJSON_IsNumber(wi);
    double v = ok ? est->valuedouble : 0, w = ok ? wi->valuedouble : 0;
    cJSON_Delete(root);
    CHECK(ok, "%s: no totals.hws_estimated_speedup", json_path);
    CHECK(w == 12, "warp instructions %g, expected 12", w);
    CHECK(fabs(v - 12.0 / 7.0) < 1e-9, "hws_estimated_speedup %.12f, expected 12/7 = %.12f", v,
          12.0 / 7.0);
    printf("hws_estimated_speedup %.6f (12/7)\n", v);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "ukernel_spawn_pays"))
        return t_ukernel_spawn_pays();
    if (argc >= 2 && !strcmp(argv[1], "ukernel_short_paths"))
        return t_ukernel_short_paths();
    if (argc >= 2 && !strcmp(argv[1], "ukernel_release"))
        return t_ukernel_release();
    if (argc >= 3 && !strcmp(argv[1], "hws_trace")) {
        uint64_t ti;
        return write_trace(argv[2], k_hws, br_hws, 32, &ti);
    }
    if (argc >= 3 && !strcmp(argv[1], "hws_check"))
        return t_hws_check(argv[2]);
    fprintf(stderr, "usage: timed_tests ukernel_spawn_pays | ukernel_short_paths | "
                    "ukernel_release | "
                    "hws_trace FILE | hws_check FILE\n");
    return 2;
}
