/* trace_programs.c - synthetic kernels for the trace tests (see trace_programs.h). */
#include "trace_programs.h"

#include <string.h>

/* ---- "loop": for (i = 0; i < trip(tid); i++) { x = a[gid + i*stride]; if (x & 1) y = f(x)
 * else y = g(x); s[tid] = y; } __syncthreads(); exit ---- */
static struct {
    uint32_t hdr_br, latch_br, ld_a, ld_p, st_s, ld_b;
} L;

static uint32_t loop_branch(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                            uint32_t nsucc, uint64_t visit)
{
    const struct tp_params *P = ctx;
    if (pc == L.latch_br) { /* [0] = back to the loop, [1] = exit */
        uint32_t trip = P->trip + (uint32_t)(tb_mix(cta * 7 + tid / 32 + P->seed) % 3);
        return visit + 1 < trip ? 0 : 1;
    }
    /* data dependent: about 1/4 of the threads take the other way, coherent per 8 lanes */
    return (tb_mix((cta << 20) ^ ((uint64_t)(tid / 8) << 8) ^ visit ^ P->seed) & 3) == 0;
}

static void loop_mem(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                     uint64_t visit, uint64_t *addr, uint64_t *addr2, uint32_t *size)
{
    const struct tp_params *P = ctx;
    uint64_t gid = cta * P->nthreads + tid;
    if (pc == L.ld_p)
        *addr = SIMT_WIN_PARAM_BASE + 8;
    else if (pc == L.ld_a)
        *addr = P->base + gid * 4 + visit * P->stride;
    else if (pc == L.ld_b)
        *addr = P->base + 0x10000000ull + ((gid * 4 + visit * 128) & 0xffffff);
    else if (pc == L.st_s)
        *addr = SIMT_WIN_SHARED_BASE + tid * 4;
    else
        *addr = P->base;
    (void)addr2;
    (void)size;
    (void)launch;
}

static const struct tb_exec_ops loop_ops = {.branch = loop_branch, .mem = loop_mem};

static void build_loop(struct tb_prog *b)
{
    tb_init(b, "_Z9loop_kernPfS_i");
    tb_func(b, "_Z9loop_kernPfS_i");
    uint32_t entry = tb_block(b);
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()");
    tb_inst(b, SIMT_IC_FREE, 0, 0, 0, "%0 = bitcast ptr %a to ptr");
    L.ld_p = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_PARAM, 0, 8, "%a = load ptr, ptr %a.param");
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%gid = add i32 %base, %tid");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br label %loop");
    uint32_t loop = tb_block(b);
    tb_inst(b, SIMT_IC_FREE, 0, 0, 0, "%i = phi i32 [0, %entry], [%i.next, %latch]");
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%idx = mul i32 %i, %stride");
    L.ld_a = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 0, 4, "%x = load float, ptr %p");
    tb_inst(b, SIMT_IC_FP32, 0, 0, 0, "%xi = fptosi float %x to i32");
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%odd = and i32 %xi, 1");
    L.hdr_br = tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br i1 %c, label %then, label %else");
    uint32_t then = tb_block(b);
    tb_inst(b, SIMT_IC_FP32, 0, 0, 0, "%y1 = fmul float %x, 3.0");
    tb_inst(b, SIMT_IC_SFU, 0, 0, 0, "%y2 = call float @llvm.sqrt.f32(float %y1)");
    L.ld_b = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_GENERIC, 0, 4, "%z = load float, ptr %q");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br label %join");
    uint32_t els = tb_block(b);
    tb_inst(b, SIMT_IC_FP32, 0, 0, 0, "%y3 = fadd float %x, 1.0");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br label %join");
    uint32_t join = tb_block(b);
    tb_inst(b, SIMT_IC_FREE, 0, 0, 0, "%y = phi float [%y2, %then], [%y3, %else]");
    L.st_s = tb_inst(b, SIMT_IC_STORE, SIMT_MS_SHARED, 0, 4, "store float %y, ptr addrspace(3) %s");
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%i.next = add i32 %i, 1");
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%more = icmp slt i32 %i.next, %n");
    L.latch_br = tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br i1 %more, label %loop, label %exit");
    uint32_t exitb = tb_block(b);
    tb_inst(b, SIMT_IC_BARRIER, 0, 0, 0, "call void @llvm.nvvm.barrier0()");
    tb_inst(b, SIMT_IC_EXIT, 0, 0, 0, "ret void");
    tb_succ(b, entry, loop);
    tb_succ(b, loop, then);
    tb_succ(b, loop, els);
    tb_ipdom(b, loop, join);
    tb_succ(b, then, join);
    tb_succ(b, els, join);
    tb_succ(b, join, loop);
    tb_succ(b, join, exitb);
    tb_ipdom(b, join, exitb);
    tb_ipdom(b, entry, loop);
    tb_ipdom(b, then, join);
    tb_ipdom(b, els, join);
    tb_finish(b);
}

/* ---- "calls": kernel calls rec(d) directly (rec recurses to depth `depth`), then calls
 * one of two leaf functions indirectly, twice ---- */
static struct {
    uint32_t rec_br, icall, ld_local, st_local;
} C;

static uint32_t calls_branch(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                             uint32_t nsucc, uint64_t visit)
{
    const struct tp_params *P = ctx;
    /* rec: [0] = recurse, [1] = base case; depth grows with tid % 4 */
    uint64_t d = P->depth + tid % 4;
    return visit < d ? 0 : 1;
}

static uint32_t calls_icall(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                            uint64_t visit)
{
    return 2 + (uint32_t)((tid + visit) % 2); /* functions 2 and 3 are the leaves */
}

static void calls_mem(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                      uint64_t visit, uint64_t *addr, uint64_t *addr2, uint32_t *size)
{
    /* a stack frame per recursion level in local memory */
    *addr = SIMT_WIN_LOCAL_BASE + 0x100000 - (visit % 100000) * 16 - (pc == C.st_local ? 8 : 0);
}

static const struct tb_exec_ops calls_ops = {
    .branch = calls_branch, .icall = calls_icall, .mem = calls_mem};

static void build_calls(struct tb_prog *b)
{
    tb_init(b, "_Z10calls_kernv");
    /* function 0: kernel */
    tb_func(b, "_Z10calls_kernv");
    tb_block(b);
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()");
    tb_call(b, 1, 0, "%r = call i32 @rec(i32 %t)");
    C.icall = tb_call(b, 0, 1, "%u = call i32 %fp(i32 %r)");
    tb_call(b, 0, 1, "%v = call i32 %fp2(i32 %u)");
    tb_inst(b, SIMT_IC_EXIT, 0, 0, 0, "ret void");
    /* function 1: rec */
    tb_func(b, "rec");
    uint32_t r0 = tb_block(b);
    C.st_local = tb_inst(b, SIMT_IC_STORE, SIMT_MS_LOCAL, 0, 8, "store i64 %d, ptr %frame");
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%c = icmp sgt i32 %d, 0");
    C.rec_br = tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br i1 %c, label %rec, label %base");
    uint32_t r1 = tb_block(b);
    tb_call(b, 1, 0, "%s = call i32 @rec(i32 %d1)");
    C.ld_local = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_LOCAL, 0, 8, "%f = load i64, ptr %frame");
    tb_inst(b, SIMT_IC_RET, 0, 0, 0, "ret i32 %s");
    uint32_t r2 = tb_block(b);
    tb_inst(b, SIMT_IC_RET, 0, 0, 0, "ret i32 0");
    tb_succ(b, r0, r1);
    tb_succ(b, r0, r2);
    /* functions 2, 3: leaves */
    tb_func(b, "leaf_a");
    tb_block(b);
    tb_inst(b, SIMT_IC_FP64, 0, 0, 0, "%a = fmul double %x, %x");
    tb_inst(b, SIMT_IC_RET, 0, 0, 0, "ret i32 1");
    tb_func(b, "leaf_b");
    tb_block(b);
    tb_inst(b, SIMT_IC_WARP, 0, 0, 0, "%b = call i32 @llvm.nvvm.shfl.sync.bfly.i32(...)");
    tb_inst(b, SIMT_IC_FP16, 0, 0, 0, "%h = fadd half %p, %q");
    tb_inst(b, SIMT_IC_RET, 0, 0, 0, "ret i32 2");
    tb_finish(b);
}

/* ---- "switch": 5-way switch inside a loop; cases do memcpy (two addresses, variable size),
 * memset (one address), atomics on 64-bit-apart addresses, texture loads ---- */
static struct {
    uint32_t sw, latch, cpy, set, atom, tex, cld;
} S;

static uint32_t switch_branch(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                              uint32_t nsucc, uint64_t visit)
{
    const struct tp_params *P = ctx;
    if (pc == S.latch)
        return visit + 1 < P->trip ? 0 : 1;
    return (uint32_t)(tb_mix(tid * 131 + visit * 7 + cta + P->seed) % nsucc);
}

static void switch_mem(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                       uint64_t visit, uint64_t *addr, uint64_t *addr2, uint32_t *size)
{
    const struct tp_params *P = ctx;
    if (pc == S.cpy) {
        *addr = P->base + tid * 256 + visit * 4096;
        *addr2 = P->base + 0x800000000ull + tid * 256;
        *size = 16 + (uint32_t)(tb_mix(tid + visit) % 200);
    } else if (pc == S.set) {
        *addr = P->base + 0x40000000ull + tid * 64;
        *size = (uint32_t)(visit % 3) * 100; /* 0-byte memsets too */
    } else if (pc == S.atom) {
        /* huge strides: each visit jumps by ~2^40 inside the 16 TiB global window */
        *addr = SIMT_WIN_GLOBAL_BASE + ((visit * 0x10000000001ull + tid * 8) % 0xf0000000000ull);
    } else if (pc == S.tex) {
        *addr = P->base + (tb_mix(tid * 1000 + visit) & 0xfffffff0ull);
    } else {
        *addr = SIMT_WIN_CONST_BASE + (visit % 16) * 4;
    }
}

static const struct tb_exec_ops switch_ops = {.branch = switch_branch, .mem = switch_mem};

static void build_switch(struct tb_prog *b)
{
    tb_init(b, "_Z11switch_kernPcS_");
    tb_func(b, "_Z11switch_kernPcS_");
    uint32_t entry = tb_block(b);
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%t = tid");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br label %head");
    uint32_t head = tb_block(b);
    S.cld = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_CONST, 0, 4, "%k = load i32, ptr addrspace(4) %c");
    S.sw = tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "switch i32 %k, label %d [...]");
    uint32_t c[5];
    c[0] = tb_block(b);
    S.cpy = tb_inst(b, SIMT_IC_COPY, SIMT_MS_GLOBAL, SIMT_IF_VARSIZE, 0,
                    "call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br label %latch");
    c[1] = tb_block(b);
    S.set = tb_inst(b, SIMT_IC_COPY, SIMT_MS_GLOBAL, SIMT_IF_VARSIZE, 0,
                    "call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 %n, i1 false)");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br label %latch");
    c[2] = tb_block(b);
    S.atom = tb_inst(b, SIMT_IC_ATOMIC, SIMT_MS_GLOBAL, 0, 8, "%o = atomicrmw add ptr %p, i64 1");
    tb_inst(b, SIMT_IC_MEMBAR, 0, 0, 0, "fence seq_cst");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br label %latch");
    c[3] = tb_block(b);
    S.tex = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_TEXTURE, 0, 16, "%v = tex.2d.v4f32(...)");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br label %latch");
    c[4] = tb_block(b);
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%z = xor i32 %k, 5");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br label %latch");
    uint32_t latch = tb_block(b);
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%more = icmp");
    S.latch = tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br i1 %more, label %head, label %exit");
    uint32_t exitb = tb_block(b);
    tb_inst(b, SIMT_IC_EXIT, 0, 0, 0, "ret void");
    tb_succ(b, entry, head);
    for (int i = 0; i < 5; i++) {
        tb_succ(b, head, c[i]);
        tb_succ(b, c[i], latch);
        tb_ipdom(b, c[i], latch);
    }
    tb_ipdom(b, head, latch);
    tb_succ(b, latch, head);
    tb_succ(b, latch, exitb);
    tb_ipdom(b, latch, exitb);
    tb_finish(b);
}

/* ---- "lookup": near-random addresses as in table lookups and pointer chasing (the
 * predictors of format version 2): per loop iteration a 4-byte load from a 256-entry table
 * at a random index, a load of a random 12-byte node, a random byte of a text, the node's
 * field at +8, and a strided load ---- */
static struct {
    uint32_t tab, node, chr, field, str, latch;
} K;

static uint32_t lookup_branch(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                              uint32_t nsucc, uint64_t visit)
{
    const struct tp_params *P = ctx;
    return visit + 1 < P->trip ? 0 : 1;
}

static void lookup_mem(void *ctx, uint32_t launch, uint64_t cta, uint32_t tid, uint32_t pc,
                       uint64_t visit, uint64_t *addr, uint64_t *addr2, uint32_t *size)
{
    const struct tp_params *P = ctx;
    uint64_t r = tb_mix((cta << 32) ^ ((uint64_t)tid << 12) ^ visit ^ P->seed);
    uint64_t node = P->base + 0x1000000ull + 12 * ((r >> 8) % 50000);
    if (pc == K.tab)
        *addr = P->base + 4 * (r & 255);
    else if (pc == K.node)
        *addr = node;
    else if (pc == K.chr)
        *addr = P->base + 0x2000000ull + ((r >> 40) & 0xfff);
    else if (pc == K.field)
        *addr = node + 8;
    else
        *addr = P->base + 0x3000000ull + 4 * (cta * P->nthreads + tid) + visit * P->stride;
}

static const struct tb_exec_ops lookup_ops = {.branch = lookup_branch, .mem = lookup_mem};

static void build_lookup(struct tb_prog *b)
{
    tb_init(b, "_Z6lookupPjS_");
    tb_func(b, "_Z6lookupPjS_");
    uint32_t entry = tb_block(b);
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%t = tid");
    tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br label %loop");
    uint32_t loop = tb_block(b);
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%i = and i32 %s, 255");
    K.tab = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 0, 4, "%te = load i32, ptr %tp");
    K.node = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 0, 4, "%ch = load i32, ptr %np");
    K.chr = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 0, 1, "%c = load i8, ptr %cp");
    K.field = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 0, 4, "%ln = load i32, ptr %fp");
    K.str = tb_inst(b, SIMT_IC_LOAD, SIMT_MS_GLOBAL, 0, 4, "%x = load i32, ptr %xp");
    tb_inst(b, SIMT_IC_INT, 0, 0, 0, "%s = xor i32 %te, %ch");
    K.latch = tb_inst(b, SIMT_IC_BRANCH, 0, 0, 0, "br i1 %more, label %loop, label %exit");
    uint32_t exitb = tb_block(b);
    tb_inst(b, SIMT_IC_EXIT, 0, 0, 0, "ret void");
    tb_succ(b, entry, loop);
    tb_succ(b, loop, loop);
    tb_succ(b, loop, exitb);
    tb_ipdom(b, loop, exitb);
    tb_finish(b);
}

/* ---- "empty": every thread goes straight to exit ---- */
static const struct tb_exec_ops empty_ops = {0};

static void build_empty(struct tb_prog *b)
{
    tb_init(b, "_Z5emptyv");
    tb_func(b, "_Z5emptyv");
    tb_block(b);
    tb_inst(b, SIMT_IC_FREE, 0, 0, 0, "call void @llvm.assume(i1 true)");
    tb_inst(b, SIMT_IC_EXIT, 0, 0, 0, "ret void");
    tb_finish(b);
}

const struct tb_exec_ops *tp_build(struct tb_prog *b, const char *which)
{
    if (!strcmp(which, "loop")) {
        build_loop(b);
        return &loop_ops;
    }
    if (!strcmp(which, "calls")) {
        build_calls(b);
        return &calls_ops;
    }
    if (!strcmp(which, "lookup")) {
        build_lookup(b);
        return &lookup_ops;
    }
    if (!strcmp(which, "switch")) {
        build_switch(b);
        return &switch_ops;
    }
    if (!strcmp(which, "empty")) {
        build_empty(b);
        return &empty_ops;
    }
    return NULL;
}
