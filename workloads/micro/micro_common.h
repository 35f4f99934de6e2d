/*
 * micro_common.h - shared host-side helpers of the divergence microbenchmarks in
 * workloads/micro/: checked CUDA calls, the --size option, a deterministic generator and
 * the PASS/FAIL report. Standard CUDA + C++ only (builds with nvcc and with simt-cc).
 */
#ifndef MICRO_COMMON_H
#define MICRO_COMMON_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CK(call)                                                                                   \
    do {                                                                                           \
        cudaError_t ck_err_ = (call);                                                              \
        if (ck_err_ != cudaSuccess) {                                                              \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,                   \
                    cudaGetErrorString(ck_err_));                                                  \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* Checks a kernel launch: the launch error, then the execution error. */
#define CK_LAUNCH()                                                                                \
    do {                                                                                           \
        CK(cudaGetLastError());                                                                    \
        CK(cudaDeviceSynchronize());                                                               \
    } while (0)

enum micro_size { SIZE_TINY = 0, SIZE_SMALL = 1, SIZE_DEFAULT = 2 };

/* --size tiny|small|default (default: default). Exits with status 2 on a bad argument. */
static inline int micro_parse_size(int argc, char **argv)
{
    int size = SIZE_DEFAULT;
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        if (strcmp(argv[i], "--size") == 0 && i + 1 < argc)
            v = argv[++i];
        else if (strncmp(argv[i], "--size=", 7) == 0)
            v = argv[i] + 7;
        else {
            fprintf(stderr, "usage: %s [--size tiny|small|default]\n", argv[0]);
            exit(2);
        }
        if (strcmp(v, "tiny") == 0)
            size = SIZE_TINY;
        else if (strcmp(v, "small") == 0)
            size = SIZE_SMALL;
        else if (strcmp(v, "default") == 0)
            size = SIZE_DEFAULT;
        else {
            fprintf(stderr, "%s: unknown size '%s' (tiny, small or default)\n", argv[0], v);
            exit(2);
        }
    }
    return size;
}

/* xorshift32: deterministic input data. */
static inline uint32_t micro_rand(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

/* Prints "<name>: PASS" or "<name>: FAIL (<n> mismatches)"; returns the exit status. */
static inline int micro_report(const char *name, long mismatches)
{
    if (mismatches == 0) {
        printf("%s: PASS\n", name);
        return 0;
    }
    printf("%s: FAIL (%ld mismatches)\n", name, mismatches);
    return 1;
}

#endif
