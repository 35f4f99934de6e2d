/*
 * device_launch_parameters.h - the built-in variables threadIdx, blockIdx, blockDim, gridDim
 * and warpSize. They are declared by cuda_runtime.h (implicitly included in .cu files); this
 * header exists for programs that include it explicitly.
 */
#ifndef SIMT_DEVICE_LAUNCH_PARAMETERS_H
#define SIMT_DEVICE_LAUNCH_PARAMETERS_H
#include "cuda_runtime.h"
#endif
