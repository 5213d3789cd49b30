# 32-bit division helpers (libgcc names and semantics):
# __udivsi3, __umodsi3, __divsi3, __modsi3 (a in $r16, b in $r17, result
# in $r16). Signed division truncates toward zero; the remainder has the
# sign of the dividend; INT_MIN / -1 wraps to INT_MIN (remainder 0).
#
# lcc runtime (ST200), hand-written assembly (ISA-ST200 §7.5 syntax).
# Calling convention ISA-ST200 §7.1-7.2: arguments in $r16.., 64-bit values
# in register pairs low word first ($r16:$r17, $r18:$r19), result in $r16
# (64-bit: $r16:$r17); only caller-saved registers below $r32 ($r8-$r11,
# $r15-$r31, $b0-$b7) are used, no stack, no calls. These are runtime
# support routines: their callers keep values in $r48-$r62 across the
# call (isa::abi::SUPPORT_GENERAL). Every latency of ISA-ST200 §5.3 is
# respected by the schedule itself (compare->branch 3 bundles, load/multiply
# ->use 3, ALU->return 2), so the code is also correct on the
# non-interlocked ST220.
# Division by zero does not trap: the results are unspecified.

	.text
	.align 8
	.global __udivsi3
	.type __udivsi3, @function
	.proc
# unsigned a / b
__udivsi3:
	cmplt $b0 = $r17, 0            # d >= 2^31: quotient is 0 or 1
	mov $r18 = 0                    # partial remainder r
	mov $r20 = 8                    # loop count (4 steps per iteration)
	;;
	mtb $b2 = $r0                   # quotient bit shifted in first (dropped)
	mov $r19 = 0
	;;
	nop
	;;
	br $b0, .Ludiv_big
	;;
.Ludiv_loop:
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	add $r20 = $r20, -1
	cmpne $b4 = $r20, 1
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	br $b4, .Ludiv_loop
	;;
	slct $r18 = $b2, $r19, $r18
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	goto .Ludiv_done
	;;
.Ludiv_big:
	cmpgeu $b2 = $r16, $r17
	sub $r19 = $r16, $r17
	;;
	slct $r18 = $b2, $r19, $r16
	mfb $r16 = $b2
	;;
.Ludiv_done:
	return $r63
	;;
	.endp
	.size __udivsi3, . - __udivsi3

	.text
	.align 8
	.global __umodsi3
	.type __umodsi3, @function
	.proc
# unsigned a % b
__umodsi3:
	cmplt $b0 = $r17, 0            # d >= 2^31: quotient is 0 or 1
	mov $r18 = 0                    # partial remainder r
	mov $r20 = 8                    # loop count (4 steps per iteration)
	;;
	mtb $b2 = $r0                   # quotient bit shifted in first (dropped)
	mov $r19 = 0
	;;
	nop
	;;
	br $b0, .Lumod_big
	;;
.Lumod_loop:
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	add $r20 = $r20, -1
	cmpne $b4 = $r20, 1
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	br $b4, .Lumod_loop
	;;
	slct $r18 = $b2, $r19, $r18
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	goto .Lumod_done
	;;
.Lumod_big:
	cmpgeu $b2 = $r16, $r17
	sub $r19 = $r16, $r17
	;;
	slct $r18 = $b2, $r19, $r16
	mfb $r16 = $b2
	;;
.Lumod_done:
	return $r63
	mov $r16 = $r18
	;;
	.endp
	.size __umodsi3, . - __umodsi3

	.text
	.align 8
	.global __divsi3
	.type __divsi3, @function
	.proc
# signed a / b
__divsi3:
	cmplt $b5 = $r16, 0
	cmplt $b6 = $r17, 0
	sub $r21 = 0, $r16
	sub $r23 = 0, $r17
	;;
	slct $r16 = $b5, $r21, $r16      # |a|
	slct $r17 = $b6, $r23, $r17      # |b|
	xor $r22 = $r16, $r17       # sign of the quotient
	;;
	cmplt $b0 = $r17, 0            # d >= 2^31: quotient is 0 or 1
	mov $r18 = 0                    # partial remainder r
	mov $r20 = 8                    # loop count (4 steps per iteration)
	;;
	mtb $b2 = $r0                   # quotient bit shifted in first (dropped)
	mov $r19 = 0
	;;
	nop
	;;
	br $b0, .Ldivsi3_big
	;;
.Ldivsi3_loop:
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	add $r20 = $r20, -1
	cmpne $b4 = $r20, 1
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	br $b4, .Ldivsi3_loop
	;;
	slct $r18 = $b2, $r19, $r18
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	goto .Ldivsi3_done
	;;
.Ldivsi3_big:
	cmpgeu $b2 = $r16, $r17
	sub $r19 = $r16, $r17
	;;
	slct $r18 = $b2, $r19, $r16
	mfb $r16 = $b2
	;;
.Ldivsi3_done:
	cmplt $b5 = $r22, 0
	sub $r21 = 0, $r16
	;;
	return $r63
	slct $r16 = $b5, $r21, $r16
	;;
	.endp
	.size __divsi3, . - __divsi3

	.text
	.align 8
	.global __modsi3
	.type __modsi3, @function
	.proc
# signed a % b
__modsi3:
	cmplt $b5 = $r16, 0
	cmplt $b6 = $r17, 0
	sub $r21 = 0, $r16
	sub $r23 = 0, $r17
	;;
	slct $r16 = $b5, $r21, $r16      # |a|
	slct $r17 = $b6, $r23, $r17      # |b|
	mov $r22 = $r16              # sign of the remainder
	;;
	cmplt $b0 = $r17, 0            # d >= 2^31: quotient is 0 or 1
	mov $r18 = 0                    # partial remainder r
	mov $r20 = 8                    # loop count (4 steps per iteration)
	;;
	mtb $b2 = $r0                   # quotient bit shifted in first (dropped)
	mov $r19 = 0
	;;
	nop
	;;
	br $b0, .Lmodsi3_big
	;;
.Lmodsi3_loop:
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	add $r20 = $r20, -1
	cmpne $b4 = $r20, 1
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	;;
	slct $r18 = $b2, $r19, $r18      # r = r >= d ? r - d : r (previous step)
	addcg $r16, $b1 = $r16, $r16, $b2  # q = q << 1 | quotient bit; b1 = next dividend bit
	;;
	addcg $r18, $b3 = $r18, $r18, $b1  # r = r << 1 | dividend bit (r < 2^31: no carry)
	;;
	cmpgeu $b2 = $r18, $r17
	sub $r19 = $r18, $r17
	br $b4, .Lmodsi3_loop
	;;
	slct $r18 = $b2, $r19, $r18
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	goto .Lmodsi3_done
	;;
.Lmodsi3_big:
	cmpgeu $b2 = $r16, $r17
	sub $r19 = $r16, $r17
	;;
	slct $r18 = $b2, $r19, $r16
	mfb $r16 = $b2
	;;
.Lmodsi3_done:
	cmplt $b5 = $r22, 0
	sub $r21 = 0, $r18
	;;
	return $r63
	slct $r16 = $b5, $r21, $r18
	;;
	.endp
	.size __modsi3, . - __modsi3
