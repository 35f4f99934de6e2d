; Divergence and reconvergence at immediate post-dominators, observed through
; llvm.nvvm.activemask (hand-written so the CFG is exactly this one).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.activemask()

; two returns: ipdom of the branch is the virtual exit
define internal i32 @helper(i32 %x) noinline {
entry:
  %c = icmp ult i32 %x, 10
  br i1 %c, label %a, label %b
a:
  %m = call i32 @llvm.nvvm.activemask()
  ret i32 %m
b:
  %y = mul i32 %x, 2
  ret i32 %y
}

define void @diverge(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %else
then:
  %m1 = call i32 @llvm.nvvm.activemask()
  br label %join
else:
  %m2 = call i32 @llvm.nvvm.activemask()
  %m2x = xor i32 %m2, 1
  br label %join
join:
  %inside = phi i32 [ %m1, %then ], [ %m2x, %else ]
  %after = call i32 @llvm.nvvm.activemask()
  %n = urem i32 %t, 7
  br label %loop
loop:
  %i = phi i32 [ 0, %join ], [ %i1, %body ]
  %s = phi i32 [ 0, %join ], [ %s1, %body ]
  %lc = icmp ult i32 %i, %n
  br i1 %lc, label %body, label %lexit
body:
  %p = mul i32 %i, %t
  %s1 = add i32 %s, %p
  %i1 = add i32 %i, 1
  br label %loop
lexit:
  %al = call i32 @llvm.nvvm.activemask()
  %sel = urem i32 %t, 4
  switch i32 %sel, label %sd [ i32 0, label %s0
                               i32 1, label %s1b
                               i32 2, label %s2 ]
s0:
  br label %sj
s1b:
  %sm = call i32 @llvm.nvvm.activemask()
  br label %sj
s2:
  %s2v = add i32 %t, 30
  br label %sj
sd:
  br label %sj
sj:
  %sw = phi i32 [ 10, %s0 ], [ %sm, %s1b ], [ %s2v, %s2 ], [ 7, %sd ]
  %h = call i32 @helper(i32 %t)
  %ah = call i32 @llvm.nvvm.activemask()
  %base = mul i32 %t, 8
  %b64 = zext i32 %base to i64
  %p0 = getelementptr i32, ptr addrspace(1) %out, i64 %b64
  store i32 %inside, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i64 1
  store i32 %after, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i64 2
  store i32 %s, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i64 3
  store i32 %al, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %p0, i64 4
  store i32 %sw, ptr addrspace(1) %p4
  %p5 = getelementptr i32, ptr addrspace(1) %p0, i64 5
  store i32 %h, ptr addrspace(1) %p5
  %p6 = getelementptr i32, ptr addrspace(1) %p0, i64 6
  store i32 %ah, ptr addrspace(1) %p6
  ret void
}

; threads >= n leave early; the rest see only themselves
define void @early_exit(ptr %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp sge i32 %t, %n
  br i1 %c, label %done, label %work
done:
  ret void
work:
  %m = call i32 @llvm.nvvm.activemask()
  %t64 = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %t64
  store i32 %m, ptr %p
  ret void
}

; an infinite loop only some lanes enter is left through 'unreachable' never reached;
; its blocks cannot reach the exit (ipdom = virtual exit)
define void @noexit_static(ptr %out, i32 %k) {
entry:
  %c = icmp eq i32 %k, 12345
  br i1 %c, label %spin, label %fine
spin:
  br label %spin
fine:
  store i32 1, ptr %out
  ret void
dead:
  unreachable
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @diverge, !"kernel", i32 1}
!1 = !{ptr @early_exit, !"kernel", i32 1}
!2 = !{ptr @noexit_static, !"kernel", i32 1}
