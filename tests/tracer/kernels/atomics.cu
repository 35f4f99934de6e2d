#include "common.h"
/* Atomics on global and shared memory (deterministic order). */
extern "C" __global__ void atomics(int *g, unsigned *u, float *f, unsigned long long *ull, int *order)
{
    __shared__ int s[4];
    int t = TID_X;
    if (t < 4)
        s[t] = 0;
    SYNC();
    __nvvm_atom_add_gen_i(&g[0], 1);
    __nvvm_atom_add_gen_i(&s[0], t);
    __nvvm_atom_max_gen_i(&g[1], t * 7 % 50);
    __nvvm_atom_min_gen_i(&g[2], 100 - t);
    __nvvm_atom_or_gen_i(&g[3], 1 << (t % 31));
    __nvvm_atom_xor_gen_i(&g[4], t);
    __nvvm_atom_and_gen_i(&g[5], ~(1 << (t % 16)));
    __nvvm_atom_add_gen_f(&f[0], 0.5f);
    __nvvm_atom_add_gen_ll((long long *)&ull[0], (long long)t << 33);
    __nvvm_atom_inc_gen_ui(&u[0], 9u);
    __nvvm_atom_dec_gen_ui(&u[1], 5u);
    int old = __nvvm_atom_cas_gen_i(&g[6], t - 1, t); /* chain: only t == g[6]+1 succeeds */
    (void)old;
    order[t] = __nvvm_atom_add_gen_i(&g[7], 1); /* ticket: deterministic order */
    __nvvm_atom_xchg_gen_i(&s[1], t);
    SYNC();
    if (t == 0) {
        g[8] = s[0];
        g[9] = s[1];
    }
}
