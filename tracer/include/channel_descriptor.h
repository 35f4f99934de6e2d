/*
 * channel_descriptor.h - cudaCreateChannelDesc. Part of what cuda_runtime.h provides (included
 * implicitly in .cu files); this header exists for programs that include it explicitly.
 */
#ifndef SIMT_CHANNEL_DESCRIPTOR_H
#define SIMT_CHANNEL_DESCRIPTOR_H
#ifdef __cplusplus
#include "cuda_runtime.h"
#else
#include "cuda_runtime_api.h"
#endif
#endif
