/* mem_ring.h - private: a bounded FIFO of struct simt_mpkt with an optional ready time
 * per entry (a fixed-latency pipe is a ring whose entries become visible at `ready`). */
#ifndef SIMT_MEM_RING_H
#define SIMT_MEM_RING_H

#include <stdint.h>
#include <stdlib.h>

#include "mem_common.h"

struct mem_ring {
    struct simt_mpkt *req;
    uint64_t *ready;
    uint32_t cap, head, count;
};

static inline int mem_ring_init(struct mem_ring *r, uint32_t cap)
{
    r->cap = cap ? cap : 1;
    r->head = r->count = 0;
    r->req = calloc(r->cap, sizeof *r->req);
    r->ready = calloc(r->cap, sizeof *r->ready);
    return r->req && r->ready ? 0 : -1;
}
static inline void mem_ring_fini(struct mem_ring *r)
{
    free(r->req);
    free(r->ready);
    r->req = NULL;
    r->ready = NULL;
}
static inline int mem_ring_full(const struct mem_ring *r)
{
    return r->count >= r->cap;
}
static inline uint32_t mem_ring_space(const struct mem_ring *r)
{
    return r->cap - r->count;
}
/* The caller checks mem_ring_full() first. */
static inline void mem_ring_push(struct mem_ring *r, const struct simt_mpkt *q, uint64_t ready)
{
    uint32_t i = r->head + r->count;
    if (i >= r->cap)
        i -= r->cap;
    r->req[i] = *q;
    r->ready[i] = ready;
    r->count++;
}
/* Oldest entry if it is ready at `now`, else NULL. */
static inline struct simt_mpkt *mem_ring_peek(const struct mem_ring *r, uint64_t now)
{
    if (!r->count || r->ready[r->head] > now)
        return NULL;
    return &r->req[r->head];
}
static inline void mem_ring_pop(struct mem_ring *r)
{
    if (!r->count)
        return;
    if (++r->head == r->cap)
        r->head = 0;
    r->count--;
}
/* i-th oldest entry (0 = head), no readiness check. */
static inline struct simt_mpkt *mem_ring_at(const struct mem_ring *r, uint32_t i)
{
    uint32_t k = r->head + i;
    if (k >= r->cap)
        k -= r->cap;
    return &r->req[k];
}

#endif
