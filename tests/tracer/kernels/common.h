/* Minimal CUDA-like macros for the tracer's own test kernels (the CUDA headers belong to
 * the runtime team; these tests talk to the NVVM builtins directly). */
#define __global__   __attribute__((global))
#define __device__   __attribute__((device))
#define __shared__   __attribute__((shared))
#define __constant__ __attribute__((constant))
#define TID_X        __nvvm_read_ptx_sreg_tid_x()
#define TID_Y        __nvvm_read_ptx_sreg_tid_y()
#define NTID_X       __nvvm_read_ptx_sreg_ntid_x()
#define CTAID_X      __nvvm_read_ptx_sreg_ctaid_x()
#define NCTAID_X     __nvvm_read_ptx_sreg_nctaid_x()
#define LANE         __nvvm_read_ptx_sreg_laneid()
#define SYNC()       __syncthreads()
#define AMASK()      __nvvm_vote_ballot(1)
/* A helper defined in a header and inlined into its callers: its instructions carry this
 * file's lines, yet errors must name the caller's line (tracer.error.oob_inlined). */
static __device__ __attribute__((always_inline)) inline int global_tid(void)
{
    return (int)(CTAID_X * NTID_X + TID_X);
}
