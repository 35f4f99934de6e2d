/*
 * cutil.h - compatibility version of the old CUDA SDK utility library (CUDA 2.x/3.x "cutil")
 * for the simt toolchain, written for this project: CUTBoolean, CUDA_SAFE_CALL,
 * CUDA_SAFE_CALL_NO_SYNC, CUT_CHECK_ERROR, CUT_SAFE_CALL, CUT_DEVICE_INIT, CUT_EXIT, timers
 * (cutCreateTimer ...), comparisons (cutComparef, cutComparei, cutCompareL2fe), command line
 * (cutCheckCmdLineFlag, cutGetCmdLineArgumenti/f) and cutFree. Errors print the file, line
 * and CUDA error string and exit the program, as cutil did.
 */
#ifndef SIMT_CUTIL_H
#define SIMT_CUTIL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cuda_runtime.h"
#include "helper_string.h"

typedef enum { CUTFalse = 0, CUTTrue = 1 } CUTBoolean;

#define CUDA_SAFE_CALL_NO_SYNC(call)                                                               \
    do {                                                                                           \
        cudaError_t cutil_err_ = (call);                                                           \
        if (cutil_err_ != cudaSuccess) {                                                           \
            fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n", __FILE__, __LINE__,      \
                    cudaGetErrorString(cutil_err_));                                               \
            exit(EXIT_FAILURE);                                                                    \
        }                                                                                          \
    } while (0)
#define CUDA_SAFE_CALL(call)                                                                       \
    do {                                                                                           \
        CUDA_SAFE_CALL_NO_SYNC(call);                                                              \
        CUDA_SAFE_CALL_NO_SYNC(cudaDeviceSynchronize());                                           \
    } while (0)
#define CUDA_SAFE_THREAD_SYNC() CUDA_SAFE_CALL_NO_SYNC(cudaDeviceSynchronize())

#define CUT_CHECK_ERROR(msg)                                                                       \
    do {                                                                                           \
        cudaError_t cutil_err_ = cudaGetLastError();                                               \
        if (cutil_err_ == cudaSuccess)                                                             \
            cutil_err_ = cudaDeviceSynchronize();                                                  \
        if (cutil_err_ != cudaSuccess) {                                                           \
            fprintf(stderr, "Cuda error: %s in file '%s' in line %i : %s.\n", (msg), __FILE__,     \
                    __LINE__, cudaGetErrorString(cutil_err_));                                     \
            exit(EXIT_FAILURE);                                                                    \
        }                                                                                          \
    } while (0)

#define CUT_SAFE_CALL(call)                                                                        \
    do {                                                                                           \
        if ((call) != CUTTrue) {                                                                   \
            fprintf(stderr, "Cut error in file '%s' in line %i.\n", __FILE__, __LINE__);           \
            exit(EXIT_FAILURE);                                                                    \
        }                                                                                          \
    } while (0)

#define CUT_DEVICE_INIT(ARGC, ARGV)                                                                \
    do {                                                                                           \
        int cutil_count_ = 0;                                                                      \
        CUDA_SAFE_CALL_NO_SYNC(cudaGetDeviceCount(&cutil_count_));                                 \
        if (cutil_count_ == 0) {                                                                   \
            fprintf(stderr, "There is no device.\n");                                              \
            exit(EXIT_FAILURE);                                                                    \
        }                                                                                          \
        CUDA_SAFE_CALL(cudaSetDevice(0));                                                          \
        (void)(ARGC);                                                                              \
        (void)(ARGV);                                                                              \
    } while (0)

#define CUT_EXIT(argc, argv)                                                                       \
    do {                                                                                           \
        fflush(stdout);                                                                            \
        fflush(stderr);                                                                            \
        exit(EXIT_SUCCESS);                                                                        \
    } while (0)

/* --- timers: handles index a fixed table ---------------------------------------------------- */
#define SIMT_CUT_MAX_TIMERS 64
struct simt_cut_timer {
    int used, running, sessions;
    double start_ms, total_ms;
};
static struct simt_cut_timer simt_cut_timers[SIMT_CUT_MAX_TIMERS];

static inline double simt_cut_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static inline CUTBoolean cutCreateTimer(unsigned int *name)
{
    for (unsigned int i = 0; i < SIMT_CUT_MAX_TIMERS; i++) {
        if (!simt_cut_timers[i].used) {
            memset(&simt_cut_timers[i], 0, sizeof simt_cut_timers[i]);
            simt_cut_timers[i].used = 1;
            *name = i;
            return CUTTrue;
        }
    }
    return CUTFalse;
}

static inline struct simt_cut_timer *simt_cut_timer_of(unsigned int name)
{
    return name < SIMT_CUT_MAX_TIMERS && simt_cut_timers[name].used ? &simt_cut_timers[name] : NULL;
}

static inline CUTBoolean cutDeleteTimer(unsigned int name)
{
    struct simt_cut_timer *t = simt_cut_timer_of(name);
    if (!t)
        return CUTFalse;
    t->used = 0;
    return CUTTrue;
}

static inline CUTBoolean cutStartTimer(unsigned int name)
{
    struct simt_cut_timer *t = simt_cut_timer_of(name);
    if (!t)
        return CUTFalse;
    t->start_ms = simt_cut_now_ms();
    t->running = 1;
    return CUTTrue;
}

static inline CUTBoolean cutStopTimer(unsigned int name)
{
    struct simt_cut_timer *t = simt_cut_timer_of(name);
    if (!t)
        return CUTFalse;
    if (t->running) {
        t->total_ms += simt_cut_now_ms() - t->start_ms;
        t->running = 0;
        t->sessions++;
    }
    return CUTTrue;
}

static inline CUTBoolean cutResetTimer(unsigned int name)
{
    struct simt_cut_timer *t = simt_cut_timer_of(name);
    if (!t)
        return CUTFalse;
    t->total_ms = 0;
    t->sessions = 0;
    if (t->running)
        t->start_ms = simt_cut_now_ms();
    return CUTTrue;
}

static inline float cutGetTimerValue(unsigned int name)
{
    struct simt_cut_timer *t = simt_cut_timer_of(name);
    if (!t)
        return 0.0f;
    return (float)(t->total_ms + (t->running ? simt_cut_now_ms() - t->start_ms : 0.0));
}

static inline float cutGetAverageTimerValue(unsigned int name)
{
    struct simt_cut_timer *t = simt_cut_timer_of(name);
    return t && t->sessions ? (float)(t->total_ms / t->sessions) : 0.0f;
}

/* --- comparisons ----------------------------------------------------------------------------- */
static inline CUTBoolean cutComparef(const float *reference, const float *data,
                                     const unsigned int len)
{
    for (unsigned int i = 0; i < len; i++)
        if (!(fabsf(reference[i] - data[i]) <= 0.0f))
            return CUTFalse;
    return CUTTrue;
}

static inline CUTBoolean cutComparefe(const float *reference, const float *data,
                                      const unsigned int len, const float epsilon)
{
    for (unsigned int i = 0; i < len; i++)
        if (!(fabsf(reference[i] - data[i]) <= epsilon))
            return CUTFalse;
    return CUTTrue;
}

static inline CUTBoolean cutComparei(const int *reference, const int *data, const unsigned int len)
{
    for (unsigned int i = 0; i < len; i++)
        if (reference[i] != data[i])
            return CUTFalse;
    return CUTTrue;
}

static inline CUTBoolean cutCompareub(const unsigned char *reference, const unsigned char *data,
                                      const unsigned int len)
{
    return memcmp(reference, data, len) == 0 ? CUTTrue : CUTFalse;
}

static inline CUTBoolean cutCompareL2fe(const float *reference, const float *data,
                                        const unsigned int len, const float epsilon)
{
    double err = 0, norm = 0;
    for (unsigned int i = 0; i < len; i++) {
        double d = (double)reference[i] - (double)data[i];
        err += d * d;
        norm += (double)reference[i] * reference[i];
    }
    if (norm < 1e-7)
        return CUTFalse;
    return sqrt(err / norm) < epsilon ? CUTTrue : CUTFalse;
}

/* --- command line ---------------------------------------------------------------------------- */
static inline CUTBoolean cutCheckCmdLineFlag(const int argc, const char **argv,
                                             const char *flag_name)
{
    return checkCmdLineFlag(argc, argv, flag_name) ? CUTTrue : CUTFalse;
}

static inline CUTBoolean cutGetCmdLineArgumenti(const int argc, const char **argv,
                                                const char *arg_name, int *val)
{
    const char *v = simt_cmdline_value(argc, argv, arg_name);
    if (!v || !*v)
        return CUTFalse;
    *val = atoi(v);
    return CUTTrue;
}

static inline CUTBoolean cutGetCmdLineArgumentf(const int argc, const char **argv,
                                                const char *arg_name, float *val)
{
    const char *v = simt_cmdline_value(argc, argv, arg_name);
    if (!v || !*v)
        return CUTFalse;
    *val = (float)atof(v);
    return CUTTrue;
}

static inline void cutFree(void *ptr)
{
    free(ptr);
}

#endif
