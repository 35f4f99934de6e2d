; NVVM intrinsics the CUDA headers emit: scoped atomics, isspacep, pre-Volta shuffles,
; stacksave/stackrestore around a dynamic alloca.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@sh = internal addrspace(3) global [32 x i32] undef, align 4
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.exch.gen.i.sys.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr, i32, i32)
declare float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0(ptr, float)
declare i64 @llvm.nvvm.atomic.max.gen.i.cta.i64.p0(ptr, i64)
declare i32 @llvm.nvvm.atomic.inc.gen.i.sys.i32.p0(ptr, i32)
declare i1 @llvm.nvvm.isspacep.shared(ptr)
declare i1 @llvm.nvvm.isspacep.global(ptr)
declare i1 @llvm.nvvm.isspacep.local(ptr)
declare i32 @llvm.nvvm.shfl.down.i32(i32, i32, i32)
declare ptr @llvm.stacksave()
declare void @llvm.stackrestore(ptr)

define void @nvvm(ptr %g, ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %o = getelementptr [8 x i32], ptr %out, i64 %t64
  %a0 = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %g, i32 2)
  %g1 = getelementptr i32, ptr %g, i64 1
  %a1 = call i32 @llvm.nvvm.atomic.exch.gen.i.sys.i32.p0(ptr %g1, i32 %t)
  %g2 = getelementptr i32, ptr %g, i64 2
  %tm1 = sub i32 %t, 1
  %a2 = call i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr %g2, i32 %tm1, i32 %t)
  %g3 = getelementptr float, ptr %g, i64 3
  %a3 = call float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0(ptr %g3, float 0.25)
  %g4 = getelementptr i64, ptr %g, i64 2
  %t5 = mul i64 %t64, 5
  %a4 = call i64 @llvm.nvvm.atomic.max.gen.i.cta.i64.p0(ptr %g4, i64 %t5)
  %g6 = getelementptr i32, ptr %g, i64 6
  %a5 = call i32 @llvm.nvvm.atomic.inc.gen.i.sys.i32.p0(ptr %g6, i32 4)
  store i32 %a0, ptr %o
  %o1 = getelementptr i32, ptr %o, i64 1
  store i32 %a2, ptr %o1
  %o2 = getelementptr i32, ptr %o, i64 2
  store i32 %a5, ptr %o2
  ; isspacep
  %shp = addrspacecast ptr addrspace(3) @sh to ptr
  %loc = alloca i32
  %s1 = call i1 @llvm.nvvm.isspacep.shared(ptr %shp)
  %s2 = call i1 @llvm.nvvm.isspacep.global(ptr %g)
  %s3 = call i1 @llvm.nvvm.isspacep.local(ptr %loc)
  %s4 = call i1 @llvm.nvvm.isspacep.global(ptr %shp)
  %z1 = zext i1 %s1 to i32
  %z2 = zext i1 %s2 to i32
  %z3 = zext i1 %s3 to i32
  %z4 = zext i1 %s4 to i32
  %x2 = shl i32 %z2, 1
  %x3 = shl i32 %z3, 2
  %x4 = shl i32 %z4, 3
  %m1 = or i32 %z1, %x2
  %m2 = or i32 %m1, %x3
  %m3 = or i32 %m2, %x4
  %o3 = getelementptr i32, ptr %o, i64 3
  store i32 %m3, ptr %o3
  ; pre-Volta shuffle
  %v = mul i32 %t, 10
  %sh = call i32 @llvm.nvvm.shfl.down.i32(i32 %v, i32 1, i32 31)
  %o4 = getelementptr i32, ptr %o, i64 4
  store i32 %sh, ptr %o4
  ; stacksave / dynamic alloca / stackrestore in a loop: the stack does not grow
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %sp = call ptr @llvm.stacksave()
  %n = add i32 %i, 1
  %buf = alloca i32, i32 %n, align 4
  %last = getelementptr i32, ptr %buf, i32 %i
  store i32 %i, ptr %last
  %lv = load i32, ptr %last
  %acc1 = add i32 %acc, %lv
  call void @llvm.stackrestore(ptr %sp)
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 2000
  br i1 %c, label %loop, label %done
done:
  %o5 = getelementptr i32, ptr %o, i64 5
  store i32 %acc1, ptr %o5
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @nvvm, !"kernel", i32 1}
