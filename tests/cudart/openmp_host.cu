/* cudart.simtcc.openmp_host: host code with OpenMP (-Xcompiler -fopenmp, as benchmark suites
 * build their CPU phases) next to a kernel; simt-cc compiles and links it with clang's
 * OpenMP runtime. */
#include <cstdio>
#include <omp.h>
__global__ void k(int *o)
{
    o[threadIdx.x] = threadIdx.x;
}
int main()
{
    int *o;
    cudaMallocManaged(&o, 128);
    k<<<1, 32>>>(o);
    cudaDeviceSynchronize();
    long s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < 32; i++)
        s += o[i];
    printf("sum %ld threads %d\n", s, omp_get_max_threads());
    return s != 496;
}
