; An intra-warp spin lock: under lockstep execution with ipdom reconvergence the lane that
; takes the lock waits at the loop exit for lanes that spin forever -> DEADLOCK.
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
  store atomic i32 0, ptr %lock seq_cst, align 4
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @spin, !"kernel", i32 1}
