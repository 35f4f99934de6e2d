/*
 * cuda_bf16.h - 16-bit floating point (__nv_bfloat16, __nv_bfloat162) is not supported by simt-cc: the
 * tracer interprets no 16-bit float arithmetic. Named here so that a program that needs it
 * stops with this message rather than "file not found". See docs/CUDA_SUPPORT.md.
 */
#error "simt-cc: 16-bit floating point types (cuda_bf16.h: __nv_bfloat16, __nv_bfloat162) are not supported; see docs/CUDA_SUPPORT.md"
