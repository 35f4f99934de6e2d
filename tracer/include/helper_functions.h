/*
 * helper_functions.h - compatibility version of the CUDA samples' host helpers (written for
 * this project): command line (helper_string.h), timers (helper_timer.h) and result
 * comparison (compareData, sdkCompareL2fe).
 */
#ifndef SIMT_HELPER_FUNCTIONS_H
#define SIMT_HELPER_FUNCTIONS_H

#include <math.h>
#include <stdio.h>

#include "helper_string.h"
#include "helper_timer.h"

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

#ifdef __cplusplus
/* true if every |ref[i] - data[i]| <= epsilon (and at most threshold*len elements differ) */
template <class T, class S>
inline bool compareData(const T *ref, const T *data, const unsigned int len, const S epsilon,
                        const float threshold)
{
    unsigned int bad = 0;
    for (unsigned int i = 0; i < len; i++) {
        double diff = (double)ref[i] - (double)data[i];
        if (!(fabs(diff) <= (double)epsilon))
            bad++;
    }
    if (threshold == 0.0f)
        return bad == 0;
    return (float)bad <= threshold * (float)len;
}
#endif

/* relative L2 error of data against ref is below epsilon */
static inline int sdkCompareL2fe(const float *ref, const float *data, const unsigned int len,
                                 const float epsilon)
{
    double err = 0, norm = 0;
    for (unsigned int i = 0; i < len; i++) {
        double d = (double)ref[i] - (double)data[i];
        err += d * d;
        norm += (double)ref[i] * ref[i];
    }
    if (norm < 1e-7)
        return 0;
    return sqrt(err / norm) < epsilon;
}

#endif
