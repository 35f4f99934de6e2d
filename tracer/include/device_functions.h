/*
 * device_functions.h - device intrinsics (__syncthreads, __popc, ...). Provided by
 * cuda_runtime.h; this header exists for programs that include it explicitly.
 */
#ifndef SIMT_DEVICE_FUNCTIONS_H
#define SIMT_DEVICE_FUNCTIONS_H
#include "cuda_runtime.h"
#endif
