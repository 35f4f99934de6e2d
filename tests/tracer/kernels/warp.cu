#include "common.h"
/* Warp shuffles, votes and match: results checked against host models. */
extern "C" __global__ void warp_ops(int *out)
{
    int t = TID_X;
    int lane = LANE;
    int v = t * 3 + 1;
    int o = t * 10;
    out[o + 0] = __nvvm_shfl_sync_idx_i32(0xffffffffu, v, (lane + 5) & 31, 0x1f);
    out[o + 1] = __nvvm_shfl_sync_down_i32(0xffffffffu, v, 3, 0x1f);
    out[o + 2] = __nvvm_shfl_sync_up_i32(0xffffffffu, v, 2, 0);
    out[o + 3] = __nvvm_shfl_sync_bfly_i32(0xffffffffu, v, 6, 0x1f);
    /* width 8 segments: c = ((32 - 8) << 8) | 0x1f */
    out[o + 4] = __nvvm_shfl_sync_down_i32(0xffffffffu, v, 1, (24 << 8) | 0x1f);
    out[o + 5] = (int)__nvvm_vote_ballot_sync(0xffffffffu, (t % 3) == 0);
    out[o + 6] = __nvvm_vote_any_sync(0xffffffffu, t == 37);
    out[o + 7] = __nvvm_vote_all_sync(0xffffffffu, t < 40);
    out[o + 8] = (int)__nvvm_match_any_sync_i32(0xffffffffu, t % 5);
    /* butterfly reduction */
    int s = t;
    for (int k = 16; k > 0; k /= 2)
        s += __nvvm_shfl_sync_bfly_i32(0xffffffffu, s, k, 0x1f);
    out[o + 9] = s;
}
/* a C++ (mangled) kernel for kernel-filter tests: _Z9mangled_kPi */
__global__ void mangled_k(int *p)
{
    p[TID_X] = 1;
}
