/*
 * sm_32_intrinsics.h - part of the device API, provided by cuda_runtime.h (included implicitly in
 * .cu files); this header exists for programs that include it explicitly.
 */
#ifndef SIMT_SM_32_INTRINSICS_H
#define SIMT_SM_32_INTRINSICS_H
#include "cuda_runtime.h"
#endif
