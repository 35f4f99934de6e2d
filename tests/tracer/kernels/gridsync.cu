#include "common.h"
/* Grid-wide barriers (test_tracer gridsync): __simt_grid_sync() is what cooperative groups'
 * this_grid().sync() calls; the launch runs its CTAs side by side. */
extern "C" __device__ void __simt_grid_sync(void);

/* three phases, each reading what other CTAs wrote in the phase before:
 * a[g] = g; b[g] = a[(g + 37) % n] + 1; out[g] = b[(g + n - 53) % n] * 2 */
extern "C" __global__ void grid_phases(int *a, int *b, int *out, int n)
{
    int g = CTAID_X * NTID_X + TID_X;
    if (g < n)
        a[g] = g;
    __simt_grid_sync();
    if (g < n)
        b[g] = a[(g + 37) % n] + 1;
    __simt_grid_sync();
    if (g < n)
        out[g] = b[(g + n - 53) % n] * 2;
}

/* a grid-wide sum by atomics, read back by every thread after the barrier, in a loop */
extern "C" __global__ void grid_sum(int *acc, int *out, int rounds)
{
    int g = CTAID_X * NTID_X + TID_X;
    int v = 0;
    for (int r = 0; r < rounds; r++) {
        __nvvm_atom_add_gen_i(&acc[r], g + r);
        __simt_grid_sync();
        v += acc[r];
    }
    out[g] = v;
}

/* CTA 1 returns before the barrier the others wait at */
extern "C" __global__ void grid_early(int *out)
{
    if (CTAID_X == 1)
        return;
    __simt_grid_sync();
    out[CTAID_X * NTID_X + TID_X] = 1;
}
