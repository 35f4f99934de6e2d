/*
 * policy_tests.c - policy.* tests.
 *
 *   policy_tests pdom CASE     PDOM on a small CFG: exact warp instructions and SIMD
 *                              efficiency worked out by hand (seed 000 3.5)
 *   policy_tests smoke CASE    every registered policy (iterated at run time) runs the
 *                              synthetic kernel CASE to completion, issues each
 *                              thread-instruction exactly once (the core checks it against
 *                              the trace; the test against the walker) and is deterministic
 *   policy_tests list          prints the cases
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_policy.h"
#include "simtest.h"
#include "synth.h"

struct kcase {
    const char *name;
    void (*build)(struct syn *s);
    syn_branch_fn br;
    struct syn_launch launch;
    uint64_t pdom_winst; /* hand-counted PDOM warp instructions (0: not checked) */
};

static uint32_t br_parity(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return tid % 2;
}

/* B0: 2 ops, br(B1, B2) ipdom B3; B1: 4 ops, jmp; B2: 2 ops, jmp; B3: op, exit.
 * Half the threads each way: path B1 threads run 10 instructions, B2 threads 8;
 * PDOM: 3 (B0) + 5 (B1) + 3 (B2) + 2 (B3) = 13 warp instructions; 288 thread instructions. */
static void k_if_else(struct syn *s)
{
    syn_func(s);
    uint32_t b = syn_block(s);
    syn_ops(s, 2);
    syn_br(s, b + 1, b + 2, b + 3);
    syn_block(s);
    syn_ops(s, 4);
    syn_jmp(s, b + 3);
    syn_block(s);
    syn_ops(s, 2);
    syn_jmp(s, b + 3);
    syn_block(s);
    syn_ops(s, 1);
    syn_exit(s);
}

static uint32_t br_nested(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    /* outer branch (pc 1): lanes 0-15 go in; inner branch: lanes 0-7 take the inner then */
    uint32_t lane = tid % 32;
    return pc == 1 ? (lane < 16 ? 0 : 1) : (lane < 8 ? 0 : 1);
}

/* B0: op, br(B1, B4) ipdom B4; B1: op, br(B2, B3) ipdom B3; B2: 3 ops, jmp B3;
 * B3: op, jmp B4; B4: op, exit.
 * PDOM: B0 2 (32) + B1 2 (16) + B2 4 (8) + B3 2 (16) + B4 2 (32) = 12 warp instructions. */
static void k_nested_if(struct syn *s)
{
    syn_func(s);
    uint32_t b = syn_block(s);
    syn_ops(s, 1);
    syn_br(s, b + 1, b + 4, b + 4);
    syn_block(s);
    syn_ops(s, 1);
    syn_br(s, b + 2, b + 3, b + 3);
    syn_block(s);
    syn_ops(s, 3);
    syn_jmp(s, b + 3);
    syn_block(s);
    syn_ops(s, 1);
    syn_jmp(s, b + 4);
    syn_block(s);
    syn_ops(s, 1);
    syn_exit(s);
}

static uint32_t br_trips(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return v + 1 < (tid % 4) + 1 ? 0 : 1; /* thread t loops (t % 4) + 1 times */
}

/* B0: op, jmp L; L: 2 ops, br(L, X) ipdom X; X: exit. Trip counts 1..4: the warp runs L 4
 * times (32, 24, 16, 8 threads): 2 + 12 + 1 = 15 warp instructions, 336 thread
 * instructions, SIMD efficiency 0.7. */
static void k_loop(struct syn *s)
{
    syn_func(s);
    uint32_t b = syn_block(s);
    syn_ops(s, 1);
    syn_jmp(s, b + 1);
    syn_block(s);
    syn_ops(s, 2);
    syn_br(s, b + 1, b + 2, b + 2);
    syn_block(s);
    syn_exit(s);
}

/* B0: op, br(B1, B2) paths meet only at exit; B1: exit; B2: 3 ops, exit.
 * PDOM: 2 + 1 + 4 = 7 warp instructions, 144 thread instructions. */
static void k_early_return(struct syn *s)
{
    syn_func(s);
    uint32_t b = syn_block(s);
    syn_ops(s, 1);
    syn_br(s, b + 1, b + 2, SIMT_NO_BLOCK);
    syn_block(s);
    syn_exit(s);
    syn_block(s);
    syn_ops(s, 3);
    syn_exit(s);
}

/* Kernel: B0: op, br(B1, B2) ipdom B3; B1: call f, op, jmp; B2: op, jmp; B3: exit.
 * f: F0: 2 ops, ret. PDOM: 2 + (1 + 3 + 2) + 2 + 1 = 11 warp instructions. */
static void k_call(struct syn *s)
{
    syn_func(s);
    uint32_t b = syn_block(s);
    syn_ops(s, 1);
    syn_br(s, b + 1, b + 2, b + 3);
    syn_block(s);
    syn_call(s, 1);
    syn_ops(s, 1);
    syn_jmp(s, b + 3);
    syn_block(s);
    syn_ops(s, 1);
    syn_jmp(s, b + 3);
    syn_block(s);
    syn_exit(s);
    syn_func(s);
    syn_block(s);
    syn_ops(s, 2);
    syn_ret(s);
}

/* A divergent early return inside a called function: f: F0: op, br(F1, F2) meeting only at
 * the function's exit; F1: ret; F2: 2 ops, ret. Kernel: op, call f, op, exit.
 * PDOM reconverges the two returns by depth: 1 + 1 + 2 + 1 + 3 + 1 + 1 = 10 warp instr. */
static void k_call_return(struct syn *s)
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
    syn_br(s, f + 1, f + 2, SIMT_NO_BLOCK);
    syn_block(s);
    syn_ret(s);
    syn_block(s);
    syn_ops(s, 2);
    syn_ret(s);
}

static uint32_t br_cta(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    return (tid / 3 + cta + v) % 2;
}

/* Multi-CTA kernel with a barrier after a divergent region, a loop and loads. */
static void k_barrier_loop(struct syn *s)
{
    syn_func(s);
    uint32_t b = syn_block(s);
    syn_ops(s, 2);
    syn_br(s, b + 1, b + 2, b + 2);
    syn_block(s);
    uint32_t r = syn_reg(s);
    syn_mem(s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r, 0);
    syn_op(s, SIMT_IC_FP32, syn_reg(s), r, 0);
    syn_jmp(s, b + 2);
    syn_block(s);
    syn_bar(s);
    syn_ops(s, 1);
    syn_br(s, b + 3, b + 4, b + 4);
    syn_block(s);
    syn_ops(s, 2);
    syn_jmp(s, b + 4);
    syn_block(s);
    syn_exit(s);
}

static const struct kcase cases[] = {
    {"if_else", k_if_else, br_parity, {{1, 1, 1}, {32, 1, 1}, 8, 0}, 13},
    {"nested_if", k_nested_if, br_nested, {{1, 1, 1}, {32, 1, 1}, 8, 0}, 12},
    {"loop_tripcount", k_loop, br_trips, {{1, 1, 1}, {32, 1, 1}, 8, 0}, 15},
    {"early_return", k_early_return, br_parity, {{1, 1, 1}, {32, 1, 1}, 8, 0}, 7},
    {"call_divergent", k_call, br_parity, {{1, 1, 1}, {32, 1, 1}, 8, 0}, 11},
    {"call_return", k_call_return, br_parity, {{1, 1, 1}, {32, 1, 1}, 8, 0}, 10},
    {"barrier_loop", k_barrier_loop, br_cta, {{6, 1, 1}, {72, 1, 1}, 8, 0}, 0},
};
#define NCASES (sizeof cases / sizeof cases[0])

static const struct kcase *find_case(const char *name)
{
    for (size_t i = 0; i < NCASES; i++)
        if (!strcmp(cases[i].name, name))
            return &cases[i];
    return NULL;
}

static int make(const struct kcase *k, char *path, size_t n, uint64_t *tinst)
{
    static struct syn s;
    syn_init(&s);
    k->build(&s);
    snprintf(path, n, "policy_%s.trace", k->name);
    simt_err e = syn_write(path, &s, &k->launch, 1, k->br, NULL, NULL, tinst);
    if (e)
        fprintf(stderr, "writing %s: %s\n", path, simt_errmsg());
    return e != SIMT_ERR_OK;
}

static int t_pdom(const struct kcase *k)
{
    char path[256];
    uint64_t ti;
    if (make(k, path, sizeof path, &ti))
        return 1;
    struct simres r;
    simt_err e = run_trace(path, "pdom", NULL, NULL, &r);
    CHECK(e == SIMT_ERR_OK, "%s", simt_errmsg());
    CHECK(r.tinst == ti, "thread instructions %llu, walker %llu", (unsigned long long)r.tinst,
          (unsigned long long)ti);
    double eff = (double)ti / (double)(k->pdom_winst * 32);
    CHECK(r.winst == k->pdom_winst, "%s: %llu warp instructions, expected %llu", k->name,
          (unsigned long long)r.winst, (unsigned long long)k->pdom_winst);
    CHECK(r.simd_eff > eff - 1e-9 && r.simd_eff < eff + 1e-9, "SIMD efficiency %f, expected %f",
          r.simd_eff, eff);
    printf("policy.pdom.%s: %llu warp instructions, %llu thread instructions, SIMD efficiency "
           "%.4f\n",
           k->name, (unsigned long long)r.winst, (unsigned long long)ti, r.simd_eff);
    free(r.json);
    return 0;
}

static int t_smoke(const struct kcase *k)
{
    char path[256];
    uint64_t ti;
    if (make(k, path, sizeof path, &ti))
        return 1;
    static const char *const cfgs[][8] = {
        {"gpu.nsms=2", NULL},
        {"gpu.nsms=1", "sched.count=2", "sched.dual_issue=true", "core.simd_width=8",
         "memstage.model=fixed", NULL},
        {"gpu.nsms=2", "frontend.model=buffered", "sched.count=2", "sched.policy=two-level",
         "hazard.mode=replay", "memstage.model=fixed", "sched.issue_blocking=true", NULL},
    };
    int failures = 0;
    for (unsigned p = 0; p < simt_policy_count(); p++) {
        const struct simt_policy_ops *ops = simt_policy_at(p);
        for (size_t c = 0; c < sizeof cfgs / sizeof cfgs[0]; c++) {
            struct simres a, b;
            simt_err e = run_trace(path, ops->name, cfgs[c], NULL, &a);
            if (e) {
                fprintf(stderr, "policy %s, config %zu, %s: %s\n", ops->name, c, k->name,
                        simt_errmsg());
                failures++;
                continue;
            }
            e = run_trace(path, ops->name, cfgs[c], NULL, &b);
            if (e || a.tinst != ti || a.cycles != b.cycles || !a.json || !b.json ||
                strcmp(a.json, b.json) != 0) {
                fprintf(stderr,
                        "policy %s, config %zu, %s: %s (thread instructions %llu of %llu, "
                        "cycles %llu vs %llu)\n",
                        ops->name, c, k->name, e ? simt_errmsg() : "not deterministic",
                        (unsigned long long)a.tinst, (unsigned long long)ti,
                        (unsigned long long)a.cycles, (unsigned long long)b.cycles);
                failures++;
            } else {
                printf("%-12s config %zu: %6llu cycles, %5llu warp instr., SIMD eff. %.3f\n",
                       ops->name, c, (unsigned long long)a.cycles, (unsigned long long)a.winst,
                       a.simd_eff);
            }
            free(a.json);
            free(b.json);
        }
    }
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "list")) {
        for (size_t i = 0; i < NCASES; i++)
            printf("%s%s\n", cases[i].name, cases[i].pdom_winst ? " pdom" : "");
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: policy_tests pdom|smoke CASE | list\n");
        return 2;
    }
    const struct kcase *k = find_case(argv[2]);
    if (!k) {
        fprintf(stderr, "policy_tests: unknown case %s\n", argv[2]);
        return 2;
    }
    if (!strcmp(argv[1], "pdom") && k->pdom_winst)
        return t_pdom(k);
    if (!strcmp(argv[1], "smoke"))
        return t_smoke(k);
    fprintf(stderr, "policy_tests: unknown mode %s\n", argv[1]);
    return 2;
}
