# 64-bit multiply and shifts for the ST240 (libgcc names and semantics),
# replacing ../muldi3.s on that core: the ST240 has no `mullu`/`mulhs`
# (ISA-ST200 §4.12) but has the 32-bit `mul32` and the high-word
# `mul64hu`, so __muldi3 needs three multiplies of full words. The shifts
# are those of ../muldi3.s (the two files must stay in step: the runtime
# build takes this file instead of ../muldi3.s for the ST240 only).
#   long long __muldi3(long long a, long long b)   a $r16:$r17, b $r18:$r19
#   long long __ashldi3(long long a, int n)        a $r16:$r17, n $r18
#   long long __ashrdi3(long long a, int n)        (arithmetic)
#   long long __lshrdi3(long long a, int n)        (logical)
# result in $r16:$r17 (low word first).
#
# lcc runtime (ST200), hand-written assembly (ISA-ST200 §7.5 syntax). Only
# caller-saved registers are used, no stack, no calls.

	.text
	.align 8
	.global __muldi3
	.type __muldi3, @function
	.proc
# a * b mod 2^64 = a.lo * b.lo + ((a.hi * b.lo + a.lo * b.hi) << 32).
__muldi3:
	mul32 $r20 = $r16, $r18          # lo(a.lo * b.lo)
	mul64hu $r21 = $r16, $r18        # hi(a.lo * b.lo), unsigned
	;;
	mul32 $r22 = $r17, $r18          # a.hi * b.lo mod 2^32
	mul32 $r23 = $r16, $r19          # a.lo * b.hi mod 2^32
	;;
	add $r17 = $r21, $r22
	mov $r16 = $r20
	;;
	return $r63
	add $r17 = $r17, $r23
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
