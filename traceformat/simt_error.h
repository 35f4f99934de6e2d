/*
 * simt_error.h - the one error list of the project.
 *
 * Every library function named as an action returns a simt_err (0 = success).
 * The detailed, human-readable message (naming the file, byte offset, kernel,
 * thread or config key, and what to do) is kept per thread and read with
 * simt_errmsg(). Only main() turns an error into an exit status.
 *
 * Numbers are stable: they may appear in logs and tests. Append, never reuse.
 */
#ifndef SIMT_ERROR_H
#define SIMT_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_ERROR_LIST(X)                                                                         \
    X(OK, 0, "success")                                                                            \
    X(NOMEM, 1, "out of memory")                                                                   \
    X(IO, 2, "input/output error")                                                                 \
    X(INVALID_ARG, 3, "invalid argument")                                                          \
    X(FORMAT, 4, "malformed input")                                                                \
    X(VERSION, 5, "unsupported format version")                                                    \
    X(CHECKSUM, 6, "checksum mismatch")                                                            \
    X(TRUNCATED, 7, "input ends early")                                                            \
    X(LIMIT, 8, "a size or count limit was exceeded")                                              \
    X(CONFIG, 9, "bad configuration")                                                              \
    X(UNSUPPORTED, 10, "unsupported construct")                                                    \
    X(NOT_FOUND, 11, "not found")                                                                  \
    X(MEMORY_FAULT, 12, "invalid device memory access")                                            \
    X(BARRIER, 13, "barrier misuse")                                                               \
    X(DEADLOCK, 14, "deadlock")                                                                    \
    X(TRAP, 15, "device trap or assertion")                                                        \
    X(INVARIANT, 16, "internal invariant violated")                                                \
    X(LAUNCH, 17, "invalid launch configuration")                                                  \
    X(MISMATCH, 18, "inputs differ")

typedef enum {
#define SIMT_ERR_ENUM_(name, num, text) SIMT_ERR_##name = num,
    SIMT_ERROR_LIST(SIMT_ERR_ENUM_)
#undef SIMT_ERR_ENUM_
} simt_err;

/*! simt_err_name() : "SIMT_ERR_FORMAT" style name of a code; "SIMT_ERR_?" if unknown. */
const char *simt_err_name(simt_err e);

/*! simt_err_text() : the generic one-line meaning of a code (no detail). */
const char *simt_err_text(simt_err e);

/*! simt_seterr() : records a detailed message for this thread and returns `e`.
 *  printf-style. Use as `return simt_seterr(SIMT_ERR_FORMAT, "%s: offset %llu: ...", ...)`. */
simt_err simt_seterr(simt_err e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*! simt_errmsg() : the last detailed message recorded on this thread ("" if none).
 *  The string stays valid until the next simt_seterr() on this thread. */
const char *simt_errmsg(void);

/*! simt_errprefix() : prepends "prefix: " context to the current message (e.g. the
 *  caller adds the file name to a message raised deep inside a decoder). */
void simt_errprefix(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* One-line checks. Both record a message and return from the calling function. */
#define SIMT_RETURN_IF(cond, code, ...)                                                            \
    do {                                                                                           \
        if (cond)                                                                                  \
            return simt_seterr((code), __VA_ARGS__);                                               \
    } while (0)
#define SIMT_TRY(expr)                                                                             \
    do {                                                                                           \
        simt_err simt_try_e_ = (expr);                                                             \
        if (simt_try_e_ != SIMT_ERR_OK)                                                            \
            return simt_try_e_;                                                                    \
    } while (0)

#ifdef __cplusplus
}
#endif
#endif
