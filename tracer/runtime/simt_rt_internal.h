/* simt_rt_internal.h - what the runtime (simt_cudart.c) offers the other parts of the runtime
 * library (simt_driver.c) beyond the CUDA API. Not installed; not for programs. */
#ifndef SIMT_RT_INTERNAL_H
#define SIMT_RT_INTERNAL_H

#include <stdint.h>

/* The live allocation (cudaMalloc and friends) holding device address addr: 1 and its base
 * and size, else 0. */
int simt_rt_alloc_range(uint64_t addr, uint64_t *base, uint64_t *size);

#endif
