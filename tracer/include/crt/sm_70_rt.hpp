/*
 * crt/sm_70_rt.hpp - included by clang's __clang_cuda_intrinsics.h for sm_70+: the typed
 * __match_any_sync/__match_all_sync overloads on top of clang's __match32/64_* functions.
 * Written for the simt toolchain.
 */
#ifndef SIMT_CRT_SM_70_RT_HPP
#define SIMT_CRT_SM_70_RT_HPP

#define SIMT_MATCH32_(T)                                                                           \
    inline __device__ unsigned int __match_any_sync(unsigned int mask, T value)                    \
    {                                                                                              \
        return __match32_any_sync(mask, (unsigned int)value);                                      \
    }                                                                                              \
    inline __device__ unsigned int __match_all_sync(unsigned int mask, T value, int *pred)         \
    {                                                                                              \
        return __match32_all_sync(mask, (unsigned int)value, pred);                                \
    }
#define SIMT_MATCH64_(T)                                                                           \
    inline __device__ unsigned int __match_any_sync(unsigned int mask, T value)                    \
    {                                                                                              \
        return __match64_any_sync(mask, (unsigned long long)value);                                \
    }                                                                                              \
    inline __device__ unsigned int __match_all_sync(unsigned int mask, T value, int *pred)         \
    {                                                                                              \
        return __match64_all_sync(mask, (unsigned long long)value, pred);                          \
    }
SIMT_MATCH32_(int)
SIMT_MATCH32_(unsigned int)
SIMT_MATCH64_(long)
SIMT_MATCH64_(unsigned long)
SIMT_MATCH64_(long long)
SIMT_MATCH64_(unsigned long long)
inline __device__ unsigned int __match_any_sync(unsigned int mask, float value)
{
    return __match32_any_sync(mask, __float_as_uint(value));
}
inline __device__ unsigned int __match_any_sync(unsigned int mask, double value)
{
    return __match64_any_sync(mask, (unsigned long long)__double_as_longlong(value));
}
#undef SIMT_MATCH32_
#undef SIMT_MATCH64_

#endif
