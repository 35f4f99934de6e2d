; fmul+fadd fusion: `contract` on both fuses (SIMT_FMA_FUSE); plain ones never do.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
define void @fma_k(ptr %out, float %a, float %c) {
  %m = fmul contract float %a, %a
  %s = fadd contract float %m, %c
  store float %s, ptr %out
  %m2 = fmul float %a, %a
  %s2 = fadd float %m2, %c
  %o1 = getelementptr float, ptr %out, i64 1
  store float %s2, ptr %o1
  %x = fneg float %c
  %d = fsub contract float %x, %m
  %o2 = getelementptr float, ptr %out, i64 2
  store float %d, ptr %o2
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @fma_k, !"kernel", i32 1}
