; A call of an external function the tracer does not implement: reported when reached.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
declare i32 @mystery_function(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @unknown(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r = call i32 @mystery_function(i32 %t)
  store i32 %r, ptr %out
  ret void
}
define void @unreach(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp eq i32 %t, 7
  br i1 %c, label %bad, label %ok
bad:
  unreachable
ok:
  store i32 1, ptr %out
  ret void
}
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @unknown, !"kernel", i32 1}
!1 = !{ptr @unreach, !"kernel", i32 1}
