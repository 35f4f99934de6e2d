/*
 * cuda_fp16.h - 16-bit floating point (__half, __half2) is not supported by simt-cc: the
 * tracer interprets no 16-bit float arithmetic. Named here so that a program that needs it
 * stops with this message rather than "file not found". See docs/CUDA_SUPPORT.md.
 */
#error "simt-cc: 16-bit floating point types (cuda_fp16.h: __half, __half2) are not supported; see docs/CUDA_SUPPORT.md"
