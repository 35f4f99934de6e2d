/*
 * icnt.h - the interconnect between SMs and memory partitions: one network carries
 * requests (SM -> partition), a second instance carries replies. Packets are split into
 * flits of `flit_bytes` (an 8-byte header, plus the data for writes and replies).
 *
 * Crossbar (seed 003 Table 4.2): every input has a queue of `in_queue` packets, every output
 * a delivery buffer of `out_queue` packets. Each cycle, inputs are visited in a rotating
 * order; the head packet of an input is granted when its output is idle and its output
 * buffer has room (counting packets in flight to it) - otherwise it waits (back-pressure,
 * head-of-line blocking). A granted packet holds its input and output for `flits` cycles
 * (bandwidth: one flit per port per cycle) and is deliverable `latency` cycles after its
 * last flit.
 * Mesh (seed 000 Table 5.1): nodes on a near-square grid (inputs first, then outputs),
 * dimension-order (X then Y) routing; each directed link carries one flit per cycle and is
 * reserved hop by hop when a packet is injected (a cut-through link-reservation model),
 * `latency` cycles per hop. Same queues and back-pressure as the crossbar.
 * Work per cycle is O(inputs with queued packets); idle networks cost O(1).
 */
#ifndef SIMT_MEM_ICNT_H
#define SIMT_MEM_ICNT_H

#include <stdint.h>

#include "mem_common.h"
#include "simt_error.h"
#include "simt_stats.h"

#ifdef __cplusplus
extern "C" {
#endif

enum simt_icnt_topo { SIMT_ICNT_XBAR = 0, SIMT_ICNT_MESH = 1 };

struct simt_icnt_cfg {
    uint32_t ninputs, noutputs;
    uint32_t flit_bytes; /* >= 1 */
    uint32_t latency;    /* crossbar: cycles after the last flit; mesh: cycles per hop */
    uint32_t in_queue;   /* packets per input queue, >= 1 */
    uint32_t out_queue;  /* packets per output buffer, >= 1 */
    enum simt_icnt_topo topo;
};

#define SIMT_ICNT_STATS(X)                                                                         \
    X(packets, "packets delivered into output buffers")                                            \
    X(flits, "flits delivered")                                                                    \
    X(ticks, "interconnect cycles simulated")                                                      \
    X(blocked, "input-cycles whose head packet could not be granted (back-pressure)")              \
    X(latency_sum, "sum of push-to-deliverable cycles over packets")

struct simt_icnt_stats {
    SIMT_ICNT_STATS(SIMT_MEM_STAT_VAL)
};

typedef struct simt_icnt simt_icnt;

simt_err simt_icnt_create(const struct simt_icnt_cfg *cfg, simt_icnt **out);
void simt_icnt_free(simt_icnt *n);
/*! simt_icnt_can_accept() : input `in` has room for one more packet. */
int simt_icnt_can_accept(const simt_icnt *n, uint32_t in);
/*! simt_icnt_full_inputs() : a bitmap of the inputs that cannot accept (bit i of word i / 64:
 *  input i's queue is full), (ninputs + 63) / 64 words owned by the network; it follows every
 *  push and grant. For a caller that scans many inputs per cycle (the SMs' injection). */
const uint64_t *simt_icnt_full_inputs(const simt_icnt *n);
/*! simt_icnt_busy_outputs() : a bitmap of the outputs whose buffer holds packets (delivered
 *  or still in flight; simt_icnt_peek() returns NULL at every other output), (noutputs + 63)
 *  / 64 words owned by the network, following every grant and pop. */
const uint64_t *simt_icnt_busy_outputs(const simt_icnt *n);
/*! simt_icnt_push() : queues `req` at input `in` for output `out_port`. SIMT_ERR_LIMIT if
 *  the input queue is full, SIMT_ERR_INVALID_ARG for a bad port. */
simt_err simt_icnt_push(simt_icnt *n, uint32_t in, uint32_t out_port, const struct simt_mpkt *req);
/*! simt_icnt_tick() : one interconnect cycle (arbitration, then time advances). */
void simt_icnt_tick(simt_icnt *n);

/*! simt_icnt_idle() : n cycles of a network that holds no packet (simt_icnt_busy() == 0): what
 *  n calls of simt_icnt_tick() would do then (count them, advance time), in one step. */
void simt_icnt_idle(simt_icnt *n, uint64_t cycles);
/*! simt_icnt_peek() : the oldest packet deliverable at output `out_port` (NULL if none);
 *  the receiver pops it when it can take it - not popping is back-pressure. */
const struct simt_mpkt *simt_icnt_peek(const simt_icnt *n, uint32_t out_port);
void simt_icnt_pop(simt_icnt *n, uint32_t out_port);
/*! simt_icnt_flits() : flits a request occupies on a link. */
uint32_t simt_icnt_flits(const simt_icnt *n, const struct simt_mpkt *req);
/*! simt_icnt_busy() : packets queued or in flight anywhere in the network. */
uint32_t simt_icnt_busy(const simt_icnt *n);
/*! simt_icnt_inflight() : packets granted and not yet popped at their output (0: no output
 *  has anything to peek). */
uint32_t simt_icnt_inflight(const simt_icnt *n);
/*! simt_icnt_next_ready() : the earliest network cycle at which some output's oldest packet
 *  is (or was) deliverable, UINT64_MAX if nothing is in flight: simt_icnt_peek() returns
 *  NULL at every output while it is above simt_icnt_now(). */
uint64_t simt_icnt_next_ready(simt_icnt *n);
/*! simt_icnt_now() : network cycles ticked so far. */
uint64_t simt_icnt_now(const simt_icnt *n);
const struct simt_icnt_stats *simt_icnt_stats(const simt_icnt *n);
/*! simt_icnt_bind_stats() : mirror the counters into `reg` as "<prefix>.<field>". */
simt_err simt_icnt_bind_stats(simt_icnt *n, simt_stats *reg, const char *prefix);

#ifdef __cplusplus
}
#endif
#endif
