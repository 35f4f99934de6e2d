/* mem_test.h - minimal checking helpers for the memory-system unit tests. */
#ifndef MEM_TEST_H
#define MEM_TEST_H

#include <stdio.h>
#include <stdlib.h>

static int mem_test_failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
            mem_test_failures++;                                                                   \
        }                                                                                          \
    } while (0)

#define CHECK_EQ(a, b)                                                                             \
    do {                                                                                           \
        unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b);             \
        if (a_ != b_) {                                                                            \
            fprintf(stderr, "%s:%d: CHECK_EQ failed: %s = %llu, expected %s = %llu\n", __FILE__,   \
                    __LINE__, #a, a_, #b, b_);                                                     \
            mem_test_failures++;                                                                   \
        }                                                                                          \
    } while (0)

#define CHECK_OK(expr)                                                                             \
    do {                                                                                           \
        simt_err e_ = (expr);                                                                      \
        if (e_ != SIMT_ERR_OK) {                                                                   \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr, simt_errmsg());   \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#define TEST_DONE()                                                                                \
    do {                                                                                           \
        if (mem_test_failures) {                                                                   \
            fprintf(stderr, "%d check(s) failed\n", mem_test_failures);                            \
            return 1;                                                                              \
        }                                                                                          \
        printf("ok\n");                                                                            \
        return 0;                                                                                  \
    } while (0)

#endif
