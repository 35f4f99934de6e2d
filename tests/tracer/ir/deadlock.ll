; A lock that is never released: the lane that takes it exits and the others spin forever,
; on a GPU too -> DEADLOCK. (An intra-warp lock that is released works: the lane waiting at
; the loop exit runs ahead once the warp stops making progress, docs/TRACER.md.)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
define void @spin(ptr %lock) {
entry:
  br label %loop
loop:
  %r = cmpxchg ptr %lock, i32 0, i32 1 seq_cst seq_cst
  %ok = extractvalue { i32, i1 } %r, 1
  br i1 %ok, label %got, label %loop
got:
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @spin, !"kernel", i32 1}
