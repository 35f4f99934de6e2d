#include "common.h"
/* Vector reductions (llvm.vector.reduce.*, which clang's vectoriser also writes for sums of
 * neighbouring loads): integer add/mul/and/or/xor/smax/smin/umax/umin and float max/min over a
 * 4-element vector per thread. */
typedef int int4v __attribute__((ext_vector_type(4)));
typedef unsigned uint4v __attribute__((ext_vector_type(4)));
typedef float float4v __attribute__((ext_vector_type(4)));

extern "C" __global__ void reduce(const int *in, const float *fin, unsigned long long *out)
{
    int t = TID_X;
    int4v v = {in[4 * t], in[4 * t + 1], in[4 * t + 2], in[4 * t + 3]};
    uint4v u = __builtin_convertvector(v, uint4v);
    float4v f = {fin[4 * t], fin[4 * t + 1], fin[4 * t + 2], fin[4 * t + 3]};
    unsigned long long *o = out + t * 11;
    o[0] = (unsigned)__builtin_reduce_add(v);
    o[1] = (unsigned)__builtin_reduce_mul(v);
    o[2] = (unsigned)__builtin_reduce_and(v);
    o[3] = (unsigned)__builtin_reduce_or(v);
    o[4] = (unsigned)__builtin_reduce_xor(v);
    o[5] = (unsigned)__builtin_reduce_max(v);
    o[6] = (unsigned)__builtin_reduce_min(v);
    o[7] = __builtin_reduce_max(u);
    o[8] = __builtin_reduce_min(u);
    o[9] = __builtin_bit_cast(unsigned, __builtin_reduce_max(f));
    o[10] = __builtin_bit_cast(unsigned, __builtin_reduce_min(f));
}
