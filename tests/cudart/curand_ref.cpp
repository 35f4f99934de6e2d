/* cudart.curand.device, host unit: the reference values from curand_kernel.h compiled as
 * plain C++ (subsequence t reached by skipahead_sequence, offset 3 by three steps). */
#include <curand_kernel.h>

void curand_reference(unsigned long long seed, int t, unsigned *u, float *f, float *g)
{
    curandState s;
    curand_init(seed, 0, 0, &s);
    skipahead_sequence((unsigned long long)t, &s);
    for (int k = 0; k < 3; k++)
        curand(&s);
    *u = curand(&s);
    *f = curand_uniform(&s);
    *g = curand_normal(&s);
}
