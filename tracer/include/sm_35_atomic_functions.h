/*
 * sm_35_atomic_functions.h - the atomics of compute capability 3.5. Part of what cuda_runtime.h
 * provides (included implicitly in .cu files); this header exists for programs that include it
 * explicitly.
 */
#ifndef SIMT_SM_35_ATOMIC_FUNCTIONS_H
#define SIMT_SM_35_ATOMIC_FUNCTIONS_H
#ifdef __cplusplus
#include "cuda_runtime.h"
#else
#include "cuda_runtime_api.h"
#endif
#endif
