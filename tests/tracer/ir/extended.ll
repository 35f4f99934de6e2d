; IR the tracer once refused (test_tracer extended): i128 division, vector getelementptr,
; indirectbr with blockaddress tables.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; in: per thread two i128 (x, y); out: per thread 8 x i64 =
;   udiv lo/hi, sdiv lo, urem lo, srem lo, x udiv (2^64 + 13) lo, x == y, x sgt y
define void @wide_div(ptr %out, ptr %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %i2 = shl i64 %i, 1
  %px = getelementptr i128, ptr %in, i64 %i2
  %py = getelementptr i128, ptr %px, i64 1
  %x = load i128, ptr %px, align 16
  %y = load i128, ptr %py, align 16
  %ud = udiv i128 %x, %y
  %sd = sdiv i128 %x, %y
  %ur = urem i128 %x, %y
  %sr = srem i128 %x, %y
  %uc = udiv i128 %x, 18446744073709551629
  %eq = icmp eq i128 %x, %y
  %gt = icmp sgt i128 %x, %y
  %o = mul i64 %i, 8
  %po = getelementptr i64, ptr %out, i64 %o
  %ud0 = trunc i128 %ud to i64
  %udh = lshr i128 %ud, 64
  %ud1 = trunc i128 %udh to i64
  %sd0 = trunc i128 %sd to i64
  %ur0 = trunc i128 %ur to i64
  %sr0 = trunc i128 %sr to i64
  %uc0 = trunc i128 %uc to i64
  %eq0 = zext i1 %eq to i64
  %gt0 = zext i1 %gt to i64
  store i64 %ud0, ptr %po
  %p1 = getelementptr i64, ptr %po, i64 1
  store i64 %ud1, ptr %p1
  %p2 = getelementptr i64, ptr %po, i64 2
  store i64 %sd0, ptr %p2
  %p3 = getelementptr i64, ptr %po, i64 3
  store i64 %ur0, ptr %p3
  %p4 = getelementptr i64, ptr %po, i64 4
  store i64 %sr0, ptr %p4
  %p5 = getelementptr i64, ptr %po, i64 5
  store i64 %uc0, ptr %p5
  %p6 = getelementptr i64, ptr %po, i64 6
  store i64 %eq0, ptr %p6
  %p7 = getelementptr i64, ptr %po, i64 7
  store i64 %gt0, ptr %p7
  ret void
}

; vector getelementptrs: out[t] = b[t] + b[t+2] + b[t+5] + b[t+7] (scalar base, vector index),
; out[32+t] = b[t+1] + b[t+3] (vector base, constant vector index),
; out[64+t] = second fields of pairs t and t+1 (struct element through a vector index)
define void @vgep(ptr %out, ptr %b) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %v0 = insertelement <4 x i64> poison, i64 %i, i32 0
  %v1 = shufflevector <4 x i64> %v0, <4 x i64> poison, <4 x i32> zeroinitializer
  %idx = add <4 x i64> %v1, <i64 0, i64 2, i64 5, i64 7>
  %ps = getelementptr i32, ptr %b, <4 x i64> %idx
  %q0 = extractelement <4 x ptr> %ps, i32 0
  %q1 = extractelement <4 x ptr> %ps, i32 1
  %q2 = extractelement <4 x ptr> %ps, i32 2
  %q3 = extractelement <4 x ptr> %ps, i32 3
  %l0 = load i32, ptr %q0
  %l1 = load i32, ptr %q1
  %l2 = load i32, ptr %q2
  %l3 = load i32, ptr %q3
  %s1 = add i32 %l0, %l1
  %s2 = add i32 %s1, %l2
  %s3 = add i32 %s2, %l3
  %po = getelementptr i32, ptr %out, i64 %i
  store i32 %s3, ptr %po
  %bt = getelementptr i32, ptr %b, i64 %i
  %pv0 = insertelement <2 x ptr> poison, ptr %bt, i32 0
  %pv = insertelement <2 x ptr> %pv0, ptr %bt, i32 1
  %qs = getelementptr i32, <2 x ptr> %pv, <2 x i64> <i64 1, i64 3>
  %r0 = extractelement <2 x ptr> %qs, i32 0
  %r1 = extractelement <2 x ptr> %qs, i32 1
  %m0 = load i32, ptr %r0
  %m1 = load i32, ptr %r1
  %ms = add i32 %m0, %m1
  %po2 = getelementptr i32, ptr %po, i64 32
  store i32 %ms, ptr %po2
  %w0 = insertelement <2 x i64> poison, i64 %i, i32 0
  %wi = insertelement <2 x i64> %w0, i64 %i, i32 1
  %wj = add <2 x i64> %wi, <i64 0, i64 1>
  %fs = getelementptr { i32, i32 }, ptr %b, <2 x i64> %wj, i32 1
  %f0 = extractelement <2 x ptr> %fs, i32 0
  %f1 = extractelement <2 x ptr> %fs, i32 1
  %n0 = load i32, ptr %f0
  %n1 = load i32, ptr %f1
  %ns = add i32 %n0, %n1
  %po3 = getelementptr i32, ptr %po, i64 64
  store i32 %ns, ptr %po3
  ret void
}

; computed goto through a table of block addresses: out[t] = 100 + t % 3 * 10 + t (divergent)
@jt = internal addrspace(4) constant [3 x ptr] [ptr blockaddress(@ibr, %ca), ptr blockaddress(@ibr, %cb), ptr blockaddress(@ibr, %cc)]

define void @ibr(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = urem i32 %t, 3
  %mi = zext i32 %m to i64
  %pt = getelementptr [3 x ptr], ptr addrspace(4) @jt, i64 0, i64 %mi
  %dst = load ptr, ptr addrspace(4) %pt
  indirectbr ptr %dst, [label %ca, label %cb, label %cc]
ca:
  br label %join
cb:
  br label %join
cc:
  br label %join
join:
  %v = phi i32 [ 100, %ca ], [ 110, %cb ], [ 120, %cc ]
  %r = add i32 %v, %t
  %i = zext i32 %t to i64
  %po = getelementptr i32, ptr %out, i64 %i
  store i32 %r, ptr %po
  ret void
}

; an indirectbr to an address outside its destination list (undefined behaviour)
define void @ibr_bad(ptr %out) {
entry:
  indirectbr ptr blockaddress(@ibr_bad, %other), [label %only]
only:
  store i32 1, ptr %out
  ret void
other:
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @wide_div, !"kernel", i32 1}
!1 = !{ptr @vgep, !"kernel", i32 1}
!2 = !{ptr @ibr, !"kernel", i32 1}
!3 = !{ptr @ibr_bad, !"kernel", i32 1}
