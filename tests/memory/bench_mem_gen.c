/* bench_mem_gen.c - writes a memory-heavy synthetic trace for the memory-system benchmark and
 * the end-to-end test: a loop of coalesced loads, gathers, stores, shared-memory traffic and
 * ALU work.  usage: bench_mem_gen OUT.trace CTAS ITERATIONS */
#include <stdio.h>
#include <stdlib.h>

#include "synth.h"

static uint32_t iters = 8;
static uint32_t pc_unit, pc_gather, pc_store, pc_shst, pc_shld, pc_const;

static uint32_t br_loop(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t visit)
{
    (void)ctx;
    (void)cta;
    (void)tid;
    (void)pc;
    return visit + 1 < iters ? 0 : 1; /* successor 0: loop again */
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return x;
}

static uint64_t addr(void *ctx, uint64_t cta, uint32_t tid, uint32_t pc, uint32_t v)
{
    (void)ctx;
    const uint64_t g = cta * 256 + tid; /* global thread index (256 threads per CTA) */
    if (pc == pc_unit)                  /* coalesced, streaming through 64 MiB */
        return SIMT_WIN_GLOBAL_BASE + ((g + (uint64_t)v * 65536) * 4) % (64u << 20);
    if (pc == pc_gather) /* data-dependent gather over 4 MiB: mostly divergent */
        return SIMT_WIN_GLOBAL_BASE + (64u << 20) + (mix(g * 131 + v) % (1u << 20)) * 4;
    if (pc == pc_store)
        return SIMT_WIN_GLOBAL_BASE + (128u << 20) + (g + (uint64_t)v * 65536) * 4 % (32u << 20);
    if (pc == pc_shst || pc == pc_shld) /* stride 2 words on load: 2-way bank conflicts */
        return SIMT_WIN_SHARED_BASE + (pc == pc_shld ? 8ull * tid % 2048 : 4ull * tid);
    if (pc == pc_const)
        return SIMT_WIN_CONST_BASE + 4ull * (v % 16);
    return SIMT_WIN_GLOBAL_BASE;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: bench_mem_gen OUT.trace CTAS ITERATIONS\n");
        return 2;
    }
    const uint32_t ctas = (uint32_t)strtoul(argv[2], NULL, 10);
    iters = (uint32_t)strtoul(argv[3], NULL, 10);
    if (!ctas || !iters) {
        fprintf(stderr, "bench_mem_gen: CTAS and ITERATIONS must be positive\n");
        return 2;
    }
    static struct syn s;
    syn_init(&s);
    syn_func(&s);
    const uint32_t b0 = syn_block(&s);
    syn_ops(&s, 2);
    syn_jmp(&s, b0 + 1);
    syn_block(&s); /* loop body */
    const uint32_t r1 = syn_reg(&s), r2 = syn_reg(&s), r3 = syn_reg(&s), r4 = syn_reg(&s);
    pc_unit = syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r1, 0);
    pc_gather = syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 4, r2, 0);
    pc_const = syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_CONST, 4, r4, 0);
    syn_ops(&s, 6);
    syn_op(&s, SIMT_IC_FP32, r3, r1, r2);
    syn_op(&s, SIMT_IC_FP32, r3, r3, r4);
    pc_shst = syn_mem(&s, SIMT_IC_STORE, SIMT_MS_SHARED, 4, 0, r3);
    pc_shld = syn_mem(&s, SIMT_IC_LOAD, SIMT_MS_SHARED, 4, r1, 0);
    syn_ops(&s, 4);
    pc_store = syn_mem(&s, SIMT_IC_STORE, SIMT_MS_GLOBAL, 4, 0, r1);
    syn_br(&s, b0 + 1, b0 + 2, b0 + 2);
    syn_block(&s);
    syn_ops(&s, 1);
    syn_exit(&s);
    const struct syn_launch l = {{ctas, 1, 1}, {256, 1, 1}, 16, 2048};
    uint64_t tinst = 0;
    simt_err e = syn_write(argv[1], &s, &l, 1, br_loop, addr, NULL, &tinst);
    if (e) {
        fprintf(stderr, "bench_mem_gen: %s\n", simt_errmsg());
        return 1;
    }
    printf("%s: %u CTAs x 256 threads, %u iterations, %llu thread-instructions\n", argv[1], ctas,
           iters, (unsigned long long)tinst);
    return 0;
}
