/*
 * simt_libdevice.h - native C implementations of the CUDA libdevice __nv_* functions.
 *
 * clang 16 lowers CUDA device math (expf, __expf, sqrt, __fdividef, __saturatef, ...) to
 * calls of __nv_* functions that normally come from NVIDIA's libdevice.bc.  The tracer's
 * interpreter does not have libdevice; it looks every __nv_* callee up here and calls the
 * native implementation once per active thread.
 *
 * Contract (stable; the interpreter codes against it):
 *   - Every entry has the full LLVM symbol name ("__nv_expf"), a signature string, an
 *     instruction class from enum simt_iclass (traceformat/simt_trace.h) and a function
 *     pointer stored as void (*)(void); cast it to the C type the signature spells before
 *     calling (or use simt_libdevice_invoke(), which does the cast for you).
 *   - Signature: return type, ':', then one letter per argument, e.g. "f:f" (expf),
 *     "d:dd" (pow), "v:fpp" (sincosf), "f:fI" (frexpf), "i:" (no arguments).
 *       v  void (return only)          f  float         d  double
 *       i  int32_t                     u  uint32_t      l  int64_t    L  uint64_t
 *       h  half, as its uint16_t bits
 *       p  float *   (out-parameter)   P  double *      I  int32_t *
 *     Pointer arguments are host pointers to temporaries owned by the caller; the
 *     interpreter stores the results to device memory itself.
 *   - The table is sorted by name (strcmp order) and names are unique.
 *   - All functions are pure apart from their out-parameters, thread-safe and
 *     deterministic; the directed-rounding functions save and restore the host
 *     floating-point rounding mode (fesetround) around the one operation they perform.
 *   - Precision policy: see docs/LIBDEVICE.md.  Float functions are computed in float
 *     precision (float libm or correctly rounded), within the CUDA Math API ulp bounds;
 *     fast intrinsics (__nv_fast_*) mimic the hardware approximation structure
 *     (e.g. __expf = ex2.approx(x * log2(e))) and honour the documented special cases.
 *     Denormals are NOT flushed (clang's default, no -fcuda-flush-denormals-to-zero).
 */
#ifndef SIMT_LIBDEVICE_H
#define SIMT_LIBDEVICE_H

#include <stdint.h>

#include "simt_trace.h" /* enum simt_iclass */

#ifdef __cplusplus
extern "C" {
#endif

/*! One native libdevice function. */
struct simt_nv_fn {
    const char *name; /* full symbol name, e.g. "__nv_expf" */
    const char *sig;  /* signature string, see above, e.g. "f:f" */
    unsigned iclass;  /* enum simt_iclass: SIMT_IC_SFU for transcendentals, divisions and
                         square roots; SIMT_IC_INT for integer helpers (mul24, popc, clz);
                         SIMT_IC_FP32 / SIMT_IC_FP64 for simple float ops and conversions;
                         SIMT_IC_FP16 for half conversions */
    void (*fn)(void); /* cast to the C type of sig before calling */
};

/*! simt_libdevice_find() :
 *  Looks a function up by its full symbol name ("__nv_sinf") with a binary search.
 *  @return the entry (static storage, never freed), or NULL if name is unknown or NULL. */
const struct simt_nv_fn *simt_libdevice_find(const char *name);

/*! simt_libdevice_count() : @return the number of entries in the table. */
unsigned simt_libdevice_count(void);

/*! simt_libdevice_at() :
 *  @return entry i (0 <= i < count, in sorted name order), or NULL if i is out of range. */
const struct simt_nv_fn *simt_libdevice_at(unsigned i);

/*! simt_libdevice_sig_valid() :
 *  @return 1 if sig is a well-formed signature string (see above), else 0. */
int simt_libdevice_sig_valid(const char *sig);

/*! simt_libdevice_invoke() :
 *  Convenience caller for interpreters that hold values as raw bits.  args[k] holds
 *  argument k: f as its 32-bit pattern in the low bits, d as its 64-bit pattern, i/u/l/L
 *  as the integer (i/u in the low 32 bits), h in the low 16 bits, p/P/I as a host pointer
 *  converted with (uint64_t)(uintptr_t).  *ret receives the result bits the same way
 *  (zero-extended; 0 for "v").  ret may be NULL for a void function.
 *  @return 0 on success, -1 if fn is NULL or its signature has no caller shape
 *  (never for a table entry; the unit tests check every entry). */
int simt_libdevice_invoke(const struct simt_nv_fn *fn, const uint64_t *args, uint64_t *ret);

#ifdef __cplusplus
}
#endif

#endif /* SIMT_LIBDEVICE_H */
