/*
 * math_functions.h - part of the device API, provided by cuda_runtime.h (included implicitly in .cu
 * files); this header exists for programs that include it explicitly.
 */
#ifndef SIMT_MATH_FUNCTIONS_H
#define SIMT_MATH_FUNCTIONS_H
#include "cuda_runtime.h"
#endif
