; Point-sampled texture fetches through __simt_tex_fetch (the runtime's texture contract).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@texf = addrspace(1) global [32 x i8] zeroinitializer, align 8
@texs = addrspace(1) global [32 x i8] zeroinitializer, align 8
declare void @__simt_tex_fetch(ptr, i32, i32, i32, ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @texk(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %buf = alloca [4 x i32], align 16
  %tr = addrspacecast ptr addrspace(1) @texf to ptr
  %tm = sub i32 %t, 2
  call void @__simt_tex_fetch(ptr %tr, i32 %tm, i32 0, i32 0, ptr %buf)
  %v = load i32, ptr %buf
  %t64 = zext i32 %t to i64
  %i0 = mul i64 %t64, 2
  %o0 = getelementptr i32, ptr %out, i64 %i0
  store i32 %v, ptr %o0
  %x = and i32 %t, 3
  %y0 = lshr i32 %t, 2
  %y = sub i32 %y0, 1
  %ts = addrspacecast ptr addrspace(1) @texs to ptr
  call void @__simt_tex_fetch(ptr %ts, i32 %x, i32 %y, i32 0, ptr %buf)
  %c0 = load i32, ptr %buf
  %b1 = getelementptr i32, ptr %buf, i64 1
  %c1 = load i32, ptr %b1
  %c1s = shl i32 %c1, 16
  %r = xor i32 %c0, %c1s
  %o1 = getelementptr i32, ptr %o0, i64 1
  store i32 %r, ptr %o1
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @texk, !"kernel", i32 1}
