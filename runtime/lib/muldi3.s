# 64-bit multiply and shifts (libgcc names and semantics):
#   long long __muldi3(long long a, long long b)   a $r16:$r17, b $r18:$r19
#   long long __ashldi3(long long a, int n)        a $r16:$r17, n $r18
#   long long __ashrdi3(long long a, int n)        (arithmetic)
#   long long __lshrdi3(long long a, int n)        (logical)
# result in $r16:$r17 (low word first). Shift counts 0..63 (others are
# undefined in C; here a count is used modulo 256 by the hardware shifts).
#
# lcc runtime (ST200), hand-written assembly (ISA-ST200 §7.5 syntax).
# Only caller-saved registers below $r32 are used, no stack, no calls. These
# are runtime support routines: their callers keep values in $r48-$r62
# across the call (isa::abi::SUPPORT_GENERAL). Only multiplies
# the ST220 has (16-bit forms, ISA-ST200 §4.5) are used, and every latency
# of §5.3 is respected by the schedule, so the code is also correct on the
# non-interlocked ST220.

	.text
	.align 8
	.global __muldi3
	.type __muldi3, @function
	.proc
# a * b mod 2^64 = lo64(a.lo * b.lo) + ((a.hi * b.lo + a.lo * b.hi) << 32).
# a.lo * b.lo from four 16x16 products; the cross terms need only their low
# 32 bits: x * y mod 2^32 = mullu(x, y) + mulhs(x, y).
__muldi3:
	mulllu $r20 = $r16, $r18        # p0 = a.lo[15:0]  * b.lo[15:0]
	mullhu $r21 = $r16, $r18        # p1 = a.lo[15:0]  * b.lo[31:16]
	mtb $b7 = $r0
	;;
	mullhu $r22 = $r18, $r16        # p2 = b.lo[15:0]  * a.lo[31:16]
	mulhhu $r23 = $r16, $r18        # p3 = a.lo[31:16] * b.lo[31:16]
	;;
	mullu $r24 = $r17, $r18         # a.hi * b.lo[15:0]
	mulhs $r25 = $r17, $r18         # (a.hi * b.lo[31:16]) << 16
	;;
	mullu $r26 = $r19, $r16         # b.hi * a.lo[15:0]
	mulhs $r27 = $r19, $r16         # (b.hi * a.lo[31:16]) << 16
	;;
	addcg $r28, $b1 = $r21, $r22, $b7   # mid = p1 + p2, carry b1 (weight 2^48)
	;;
	mfb $r29 = $b1
	shl $r30 = $r28, 16
	shru $r31 = $r28, 16
	add $r24 = $r24, $r25           # a.hi * b.lo mod 2^32
	;;
	addcg $r16, $b2 = $r20, $r30, $b7   # lo = p0 + (mid << 16), carry b2
	shl $r29 = $r29, 16
	add $r17 = $r23, $r31           # hi = p3 + (mid >> 16)
	add $r26 = $r26, $r27           # b.hi * a.lo mod 2^32
	;;
	add $r17 = $r17, $r29
	add $r24 = $r24, $r26           # cross terms
	;;
	return $r63
	addcg $r17, $b3 = $r17, $r24, $b2   # hi += cross terms + carry of lo
	;;
	.endp
	.size __muldi3, . - __muldi3

	.text
	.align 8
	.global __ashldi3
	.type __ashldi3, @function
	.proc
# n < 32: hi = hi << n | lo >> (32 - n), lo = lo << n (n = 0: lo >> 32 = 0);
# n >= 32: hi = lo << (n - 32), lo = 0.
__ashldi3:
	add $r20 = $r18, -32
	sub $r21 = 32, $r18
	cmpge $b0 = $r18, 32
	;;
	shl $r22 = $r17, $r18
	shru $r23 = $r16, $r21
	shl $r24 = $r16, $r18
	shl $r25 = $r16, $r20
	;;
	or $r22 = $r22, $r23
	;;
	return $r63
	slct $r17 = $b0, $r25, $r22
	slctf $r16 = $b0, $r24, 0
	;;
	.endp
	.size __ashldi3, . - __ashldi3

	.text
	.align 8
	.global __lshrdi3
	.type __lshrdi3, @function
	.proc
# n < 32: lo = lo >> n | hi << (32 - n), hi = hi >> n;
# n >= 32: lo = hi >> (n - 32), hi = 0 (logical shifts).
__lshrdi3:
	add $r20 = $r18, -32
	sub $r21 = 32, $r18
	cmpge $b0 = $r18, 32
	;;
	shru $r22 = $r16, $r18
	shl $r23 = $r17, $r21
	shru $r24 = $r17, $r18
	shru $r25 = $r17, $r20
	;;
	or $r22 = $r22, $r23
	;;
	return $r63
	slct $r16 = $b0, $r25, $r22
	slctf $r17 = $b0, $r24, 0
	;;
	.endp
	.size __lshrdi3, . - __lshrdi3

	.text
	.align 8
	.global __ashrdi3
	.type __ashrdi3, @function
	.proc
# n < 32: lo = lo >> n | hi << (32 - n), hi = hi >> n (arithmetic);
# n >= 32: lo = hi >> (n - 32) (arithmetic), hi = hi >> 31.
__ashrdi3:
	add $r20 = $r18, -32
	sub $r21 = 32, $r18
	cmpge $b0 = $r18, 32
	;;
	shru $r22 = $r16, $r18
	shl $r23 = $r17, $r21
	shr $r24 = $r17, $r18
	shr $r25 = $r17, $r20
	;;
	or $r22 = $r22, $r23
	shr $r26 = $r17, 31
	;;
	return $r63
	slct $r16 = $b0, $r25, $r22
	slct $r17 = $b0, $r26, $r24
	;;
	.endp
	.size __ashrdi3, . - __ashrdi3
