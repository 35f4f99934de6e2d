/*
 * cuda_bf16.h - bfloat16 (__nv_bfloat16, __nv_bfloat162) is not supported by simt-cc. Named
 * here so that a program that needs it stops with this message rather than "file not found".
 * See docs/CUDA_SUPPORT.md (cuda_fp16.h's half precision is supported).
 */
#error "simt-cc: bfloat16 (cuda_bf16.h: __nv_bfloat16) is not supported; see docs/CUDA_SUPPORT.md"
