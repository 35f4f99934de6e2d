; Instruction coverage: each result goes to out[i] (i64 slots) and is checked by the host.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%pair = type { i32, double }
@table = internal addrspace(1) global [4 x i32] [i32 10, i32 20, i32 30, i32 40], align 4
@ctab = internal addrspace(4) constant [3 x i16] [i16 7, i16 -8, i16 9], align 2
@pp = internal addrspace(1) global ptr addrspace(1) getelementptr inbounds ([4 x i32], ptr addrspace(1) @table, i64 0, i64 2), align 8
@sh = internal addrspace(3) global [8 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.activemask()
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare { i32, i1 } @llvm.umul.with.overflow.i32(i32, i32)
declare { i64, i1 } @llvm.ssub.with.overflow.i64(i64, i64)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i16 @llvm.ctlz.i16(i16, i1)
declare i8 @llvm.uadd.sat.i8(i8, i8)
declare i8 @llvm.ssub.sat.i8(i8, i8)
declare void @llvm.nvvm.membar.gl()
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.assume(i1)
declare i32 @llvm.expect.i32(i32, i32)

define void @misc(ptr %out, ptr %g) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %o = getelementptr i64, ptr %out, i64 %t64
  %base = mul i64 %t64, 40
  %ob = getelementptr i64, ptr %out, i64 %base
  ; 0: freeze of a real value, poison/undef folded away by select
  %f = freeze i32 %t
  %sel = select i1 true, i32 %f, i32 poison
  %z0 = zext i32 %sel to i64
  store i64 %z0, ptr %ob
  ; 1: first-class struct through local memory
  %a = alloca %pair, align 8
  call void @llvm.lifetime.start.p0(i64 16, ptr %a)
  %p0 = insertvalue %pair undef, i32 %t, 0
  %td = uitofp i32 %t to double
  %p1 = insertvalue %pair %p0, double %td, 1
  store %pair %p1, ptr %a, align 8
  %l = load volatile %pair, ptr %a, align 8
  %l0 = extractvalue %pair %l, 0
  %l1 = extractvalue %pair %l, 1
  %l1i = fptosi double %l1 to i32
  %s1 = add i32 %l0, %l1i
  %z1 = zext i32 %s1 to i64
  %o1 = getelementptr i64, ptr %ob, i64 1
  store i64 %z1, ptr %o1
  ; 2: vectors: insertelement with dynamic index, shufflevector, extractelement
  %i3 = and i32 %t, 3
  %v0 = insertelement <4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 %t, i32 %i3
  %v1 = shufflevector <4 x i32> %v0, <4 x i32> <i32 100, i32 200, i32 300, i32 400>, <4 x i32> <i32 3, i32 5, i32 0, i32 undef>
  %e = extractelement <4 x i32> %v1, i32 %i3
  %z2 = zext i32 %e to i64
  %o2 = getelementptr i64, ptr %ob, i64 2
  store i64 %z2, ptr %o2
  ; 3: constant-expression pointer stored in a global, load through it
  %pp = load ptr addrspace(1), ptr addrspace(1) @pp
  %tv = load i32, ptr addrspace(1) %pp
  %ci = getelementptr [3 x i16], ptr addrspace(4) @ctab, i64 0, i64 1
  %cv = load i16, ptr addrspace(4) %ci
  %cvs = sext i16 %cv to i32
  %s3 = add i32 %tv, %cvs
  %z3 = sext i32 %s3 to i64
  %o3 = getelementptr i64, ptr %ob, i64 3
  store i64 %z3, ptr %o3
  ; 4,5: overflow intrinsics
  %um = call { i32, i1 } @llvm.umul.with.overflow.i32(i32 %t, i32 100000000)
  %umv = extractvalue { i32, i1 } %um, 0
  %umo = extractvalue { i32, i1 } %um, 1
  %umoz = zext i1 %umo to i64
  %umvz = zext i32 %umv to i64
  %umsh = shl i64 %umoz, 32
  %r4 = or i64 %umvz, %umsh
  %o4 = getelementptr i64, ptr %ob, i64 4
  store i64 %r4, ptr %o4
  %ss = call { i64, i1 } @llvm.ssub.with.overflow.i64(i64 -9223372036854775800, i64 %t64)
  %ssv = extractvalue { i64, i1 } %ss, 1
  %r5 = zext i1 %ssv to i64
  %o5 = getelementptr i64, ptr %ob, i64 5
  store i64 %r5, ptr %o5
  ; 6..12: bit intrinsics
  %fl = call i32 @llvm.fshl.i32(i32 %t, i32 -1, i32 5)
  %fr = call i32 @llvm.fshr.i32(i32 %t, i32 -1, i32 5)
  %br = call i32 @llvm.bitreverse.i32(i32 %t)
  %nt = sub i32 0, %t
  %ab = call i32 @llvm.abs.i32(i32 %nt, i1 false)
  %mx = call i32 @llvm.smax.i32(i32 %nt, i32 -5)
  %mn = call i32 @llvm.umin.i32(i32 %nt, i32 7)
  %t16 = trunc i32 %t to i16
  %cz = call i16 @llvm.ctlz.i16(i16 %t16, i1 false)
  %czz = zext i16 %cz to i32
  %o6 = getelementptr i64, ptr %ob, i64 6
  %fl64 = zext i32 %fl to i64
  store i64 %fl64, ptr %o6
  %o7 = getelementptr i64, ptr %ob, i64 7
  %fr64 = zext i32 %fr to i64
  store i64 %fr64, ptr %o7
  %o8 = getelementptr i64, ptr %ob, i64 8
  %br64 = zext i32 %br to i64
  store i64 %br64, ptr %o8
  %o9 = getelementptr i64, ptr %ob, i64 9
  %ab64 = zext i32 %ab to i64
  store i64 %ab64, ptr %o9
  %o10 = getelementptr i64, ptr %ob, i64 10
  %mx64 = sext i32 %mx to i64
  store i64 %mx64, ptr %o10
  %o11 = getelementptr i64, ptr %ob, i64 11
  %mn64 = zext i32 %mn to i64
  store i64 %mn64, ptr %o11
  %o12 = getelementptr i64, ptr %ob, i64 12
  %cz64 = zext i32 %czz to i64
  store i64 %cz64, ptr %o12
  ; 13: saturating i8 arithmetic
  %t8 = trunc i32 %t to i8
  %t8x = mul i8 %t8, 9
  %ua = call i8 @llvm.uadd.sat.i8(i8 %t8x, i8 200)
  %sb = call i8 @llvm.ssub.sat.i8(i8 %t8x, i8 100)
  %uaz = zext i8 %ua to i64
  %sbz = sext i8 %sb to i64
  %sbs = shl i64 %sbz, 8
  %r13 = xor i64 %uaz, %sbs
  %o13 = getelementptr i64, ptr %ob, i64 13
  store i64 %r13, ptr %o13
  ; 14: half arithmetic and <2 x half> <-> i32 bitcast
  %tf = uitofp i32 %t to half
  %h1 = fmul half %tf, 0xH3E00
  %h2 = fadd half %h1, 0xH3400
  %hv = insertelement <2 x half> <half 0xH0000, half 0xH3C00>, half %h2, i32 0
  %hb = bitcast <2 x half> %hv to i32
  %hbz = zext i32 %hb to i64
  %o14 = getelementptr i64, ptr %ob, i64 14
  store i64 %hbz, ptr %o14
  ; 15: memcpy / memmove / memset on local memory, then read back
  %buf = alloca [16 x i8], align 4
  call void @llvm.memset.p0.i64(ptr %buf, i8 7, i64 16, i1 false)
  %tv8 = trunc i32 %t to i8
  store i8 %tv8, ptr %buf
  %buf4 = getelementptr i8, ptr %buf, i64 4
  call void @llvm.memcpy.p0.p0.i64(ptr %buf4, ptr %buf, i64 4, i1 false)
  %buf1 = getelementptr i8, ptr %buf, i64 1
  call void @llvm.memmove.p0.p0.i64(ptr %buf1, ptr %buf, i64 8, i1 false)
  %q = getelementptr i8, ptr %buf, i64 4
  %qv = load i64, ptr %q, align 4
  %o15 = getelementptr i64, ptr %ob, i64 15
  store i64 %qv, ptr %o15
  ; 16..22: atomics on global %g (one slot per op) and shared; cmpxchg struct result
  %g1 = getelementptr i32, ptr %g, i64 1
  %g2 = getelementptr i32, ptr %g, i64 2
  %g3 = getelementptr i32, ptr %g, i64 3
  %g4 = getelementptr float, ptr %g, i64 4
  %g5 = getelementptr i32, ptr %g, i64 5
  %r16 = atomicrmw nand ptr %g, i32 %t seq_cst
  %r17 = atomicrmw umax ptr %g1, i32 %nt monotonic
  %r18 = atomicrmw umin ptr %g2, i32 %nt monotonic
  %r19 = atomicrmw sub ptr %g3, i32 %t monotonic
  %tf32 = uitofp i32 %t to float
  %r20 = atomicrmw fsub ptr %g4, float %tf32 monotonic
  %cx = cmpxchg ptr %g5, i32 %t, i32 1000 seq_cst seq_cst
  %cxo = extractvalue { i32, i1 } %cx, 0
  %cxs = extractvalue { i32, i1 } %cx, 1
  %cxsz = zext i1 %cxs to i32
  %cxr = add i32 %cxo, %cxsz
  %cxr64 = zext i32 %cxr to i64
  %o16 = getelementptr i64, ptr %ob, i64 16
  store i64 %cxr64, ptr %o16
  fence seq_cst
  call void @llvm.nvvm.membar.gl()
  ; 17: shared memory through a generic pointer
  %shg = addrspacecast ptr addrspace(3) @sh to ptr
  %shi = getelementptr i32, ptr %shg, i64 %t64
  %shi7 = and i64 %t64, 7
  %shj = getelementptr [8 x i32], ptr addrspace(3) @sh, i64 0, i64 %shi7
  store i32 %t, ptr addrspace(3) %shj
  %shv = load i32, ptr addrspace(3) %shj
  %shv64 = zext i32 %shv to i64
  %o17 = getelementptr i64, ptr %ob, i64 17
  store i64 %shv64, ptr %o17
  ; 18: expect / assume are transparent; activemask intrinsic
  %ex = call i32 @llvm.expect.i32(i32 %t, i32 0)
  %ge = icmp sge i32 %ex, 0
  call void @llvm.assume(i1 %ge)
  %am = call i32 @llvm.nvvm.activemask()
  %am64 = zext i32 %am to i64
  %o18 = getelementptr i64, ptr %ob, i64 18
  store i64 %am64, ptr %o18
  ; 19: i128 through memory (load/store of wide integers)
  %w = alloca i128, align 16
  %t128 = zext i32 %t to i128
  store i128 %t128, ptr %w, align 16
  %wh = getelementptr i64, ptr %w, i64 0
  %whv = load i64, ptr %wh
  %o19 = getelementptr i64, ptr %ob, i64 19
  store i64 %whv, ptr %o19
  ; 20: fcmp predicates (bit i = predicate i+1 on (t-2, NaN-or-2))
  %tfd = sitofp i32 %t to double
  %x = fsub double %tfd, 2.0
  %isn = icmp eq i32 %t, 3
  %y = select i1 %isn, double 0x7FF8000000000000, double 2.0
  %c1 = fcmp oeq double %x, %y
  %c2 = fcmp ogt double %x, %y
  %c3 = fcmp oge double %x, %y
  %c4 = fcmp olt double %x, %y
  %c5 = fcmp ole double %x, %y
  %c6 = fcmp one double %x, %y
  %c7 = fcmp ord double %x, %y
  %c8 = fcmp uno double %x, %y
  %c9 = fcmp ueq double %x, %y
  %c10 = fcmp ugt double %x, %y
  %c11 = fcmp uge double %x, %y
  %c12 = fcmp ult double %x, %y
  %c13 = fcmp ule double %x, %y
  %c14 = fcmp une double %x, %y
  %cv0 = insertelement <14 x i1> undef, i1 %c1, i32 0
  %cv1 = insertelement <14 x i1> %cv0, i1 %c2, i32 1
  %cv2 = insertelement <14 x i1> %cv1, i1 %c3, i32 2
  %cv3 = insertelement <14 x i1> %cv2, i1 %c4, i32 3
  %cv4 = insertelement <14 x i1> %cv3, i1 %c5, i32 4
  %cv5 = insertelement <14 x i1> %cv4, i1 %c6, i32 5
  %cv6 = insertelement <14 x i1> %cv5, i1 %c7, i32 6
  %cv7 = insertelement <14 x i1> %cv6, i1 %c8, i32 7
  %cv8 = insertelement <14 x i1> %cv7, i1 %c9, i32 8
  %cv9 = insertelement <14 x i1> %cv8, i1 %c10, i32 9
  %cv10 = insertelement <14 x i1> %cv9, i1 %c11, i32 10
  %cv11 = insertelement <14 x i1> %cv10, i1 %c12, i32 11
  %cv12 = insertelement <14 x i1> %cv11, i1 %c13, i32 12
  %cv13 = insertelement <14 x i1> %cv12, i1 %c14, i32 13
  %cz14 = zext <14 x i1> %cv13 to <14 x i16>
  %sh1 = shl <14 x i16> %cz14, <i16 0, i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8, i16 9, i16 10, i16 11, i16 12, i16 13>
  %e0 = extractelement <14 x i16> %sh1, i32 0
  %acc = alloca i16
  store i16 0, ptr %acc
  br label %lp
lp:
  %k = phi i32 [ 0, %entry ], [ %k1, %lp ]
  %ek = extractelement <14 x i16> %sh1, i32 %k
  %av = load i16, ptr %acc
  %an = or i16 %av, %ek
  store i16 %an, ptr %acc
  %k1 = add i32 %k, 1
  %kc = icmp ult i32 %k1, 14
  br i1 %kc, label %lp, label %lpe
lpe:
  %fin = load i16, ptr %acc
  %fin64 = zext i16 %fin to i64
  %o20 = getelementptr i64, ptr %ob, i64 20
  store i64 %fin64, ptr %o20
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @misc, !"kernel", i32 1}
