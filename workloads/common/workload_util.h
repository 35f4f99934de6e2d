/*
 * workload_util.h - what every workload program shares: CUDA error checks that exit with a
 * message naming the call, and the --size tiny|small|default option. Plain CUDA, so the
 * programs build with simt-cc and with nvcc alike.
 */
#ifndef SIMT_WORKLOAD_UTIL_H
#define SIMT_WORKLOAD_UTIL_H

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
#define CK_LAUNCH()                                                                                \
    do {                                                                                           \
        CK(cudaGetLastError());                                                                    \
        CK(cudaDeviceSynchronize());                                                               \
    } while (0)

/* --size tiny|small|default -> 0|1|2; exits with status 2 on a bad argument. */
inline int parse_size(int argc, char **argv)
{
    int size = 2;
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        if (strcmp(argv[i], "--size") == 0 && i + 1 < argc)
            v = argv[++i];
        else if (strncmp(argv[i], "--size=", 7) == 0)
            v = argv[i] + 7;
        if (v && strcmp(v, "tiny") == 0)
            size = 0;
        else if (v && strcmp(v, "small") == 0)
            size = 1;
        else if (v && strcmp(v, "default") == 0)
            size = 2;
        else {
            fprintf(stderr, "usage: %s [--size tiny|small|default]\n", argv[0]);
            exit(2);
        }
    }
    return size;
}

#endif
