/*
 * trace_programs.h - synthetic kernels shared by the trace tests, the golden generator and
 * the benchmark. Each builds a static program and the callbacks that drive the reference
 * executor (trace_testlib.h) deterministically.
 */
#ifndef TRACE_PROGRAMS_H
#define TRACE_PROGRAMS_H

#include "trace_testlib.h"

struct tp_params {
    uint32_t trip;     /* loop iterations (base) */
    uint64_t stride;   /* bytes between a thread's loop iterations */
    uint64_t base;     /* global base address */
    uint32_t nthreads; /* threads per CTA (for address layout) */
    uint32_t depth;    /* recursion depth for the call kernel */
    uint32_t seed;     /* perturbs data-dependent choices */
};

/* Builds kernel `which` into b: "loop" (loop, data-dependent if/else, strided loads, shared
 * store, barrier), "calls" (direct, indirect and recursive calls), "switch" (5-way switch,
 * memcpy/memset with variable sizes, atomics, 64-bit addresses with huge strides), "lookup"
 * (random table lookups, pointer chasing with a field at +8 of the node, a strided load),
 * "empty" (straight to exit). Returns the ops, or NULL for an unknown name. */
const struct tb_exec_ops *tp_build(struct tb_prog *b, const char *which);

#endif
