/*
 * cublas_v2.h - the cuBLAS v2 API (the subset of cublas_api.h). cuBLAS's library exports the v2
 * functions under names ending in _v2 and this header maps the plain names onto them; here
 * the plain names are the functions, and the _v2 names, which some programs call directly,
 * map onto them.
 */
#ifndef SIMT_CUBLAS_V2_H
#define SIMT_CUBLAS_V2_H

#include "cublas_api.h"

#define cublasCreate_v2         cublasCreate
#define cublasDestroy_v2        cublasDestroy
#define cublasGetVersion_v2     cublasGetVersion
#define cublasSetStream_v2      cublasSetStream
#define cublasGetStream_v2      cublasGetStream
#define cublasSetPointerMode_v2 cublasSetPointerMode
#define cublasGetPointerMode_v2 cublasGetPointerMode
#define cublasIsamax_v2         cublasIsamax
#define cublasIdamax_v2         cublasIdamax
#define cublasIsamin_v2         cublasIsamin
#define cublasIdamin_v2         cublasIdamin
#define cublasSasum_v2          cublasSasum
#define cublasDasum_v2          cublasDasum
#define cublasSaxpy_v2          cublasSaxpy
#define cublasDaxpy_v2          cublasDaxpy
#define cublasScopy_v2          cublasScopy
#define cublasDcopy_v2          cublasDcopy
#define cublasSdot_v2           cublasSdot
#define cublasDdot_v2           cublasDdot
#define cublasSnrm2_v2          cublasSnrm2
#define cublasDnrm2_v2          cublasDnrm2
#define cublasSscal_v2          cublasSscal
#define cublasDscal_v2          cublasDscal
#define cublasSswap_v2          cublasSswap
#define cublasDswap_v2          cublasDswap
#define cublasSgemv_v2          cublasSgemv
#define cublasDgemv_v2          cublasDgemv
#define cublasSger_v2           cublasSger
#define cublasDger_v2           cublasDger
#define cublasSgemm_v2          cublasSgemm
#define cublasDgemm_v2          cublasDgemm
#define cublasCgemm_v2          cublasCgemm
#define cublasZgemm_v2          cublasZgemm
#define cublasStrsm_v2          cublasStrsm
#define cublasDtrsm_v2          cublasDtrsm

#endif
