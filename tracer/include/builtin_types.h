/*
 * builtin_types.h - the built-in vector, driver and texture types. Part of what cuda_runtime.h
 * provides (included implicitly in .cu files); this header exists for programs that include it
 * explicitly.
 */
#ifndef SIMT_BUILTIN_TYPES_H
#define SIMT_BUILTIN_TYPES_H
#ifdef __cplusplus
#include "cuda_runtime.h"
#else
#include "cuda_runtime_api.h"
#endif
#endif
