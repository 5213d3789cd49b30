# 64-bit division helpers (libgcc names and semantics):
# __udivdi3, __umoddi3, __divdi3, __moddi3 (a in $r16:$r17, b in $r18:$r19,
# result in $r16:$r17). Signed division truncates toward zero; the
# remainder has the sign of the dividend; LLONG_MIN / -1 wraps.
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
	.global __udivdi3
	.type __udivdi3, @function
	.proc
# unsigned a / b
__udivdi3:
	cmplt $b0 = $r19, 0            # d >= 2^63: quotient is 0 or 1
	or $r24 = $r17, $r19
	cmpne $r25 = $r18, 0
	sub $r21 = 0, $r19
	;;
	cmpeq $b1 = $r24, 0             # both high words zero: 32-bit divide
	sub $r20 = 0, $r18               # nd = -d (64-bit), low word
	sub $r21 = $r21, $r25            # high word
	mtb $b7 = $r0                    # constant zero carry
	;;
	mov $r22 = 0                     # partial remainder r = 0
	mov $r23 = 0
	mov $r29 = 16                    # loop count (4 steps per iteration)
	mtb $b2 = $r0                    # quotient bit shifted in first (dropped)
	;;
	br $b0, .Ludivdi_big
	;;
	br $b1, .Ludivdi_small
	;;
.Ludivdi_loop:
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	add $r29 = $r29, -1
	cmpne $b4 = $r29, 1
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	br $b4, .Ludivdi_loop
	;;
	slct $r22 = $b2, $r27, $r22
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24
	goto .Ludivdi_done
	;;
.Ludivdi_big:
	addcg $r27, $b3 = $r16, $r20, $b7  # n - d
	;;
	addcg $r28, $b2 = $r17, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r16
	slct $r23 = $b2, $r28, $r17
	;;
	mfb $r16 = $b2
	mov $r17 = 0
	goto .Ludivdi_done
	;;
.Ludivdi_small:
	mov $r17 = $r18
	mov $r23 = 0
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
	br $b0, .Ludivdi_s_big
	;;
.Ludivdi_s_loop:
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
	br $b4, .Ludivdi_s_loop
	;;
	slct $r18 = $b2, $r19, $r18
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	goto .Ludivdi_s_done
	;;
.Ludivdi_s_big:
	cmpgeu $b2 = $r16, $r17
	sub $r19 = $r16, $r17
	;;
	slct $r18 = $b2, $r19, $r16
	mfb $r16 = $b2
	;;
.Ludivdi_s_done:
	mov $r22 = $r18
	mov $r17 = 0
	;;
.Ludivdi_done:
	return $r63
	;;
	.endp
	.size __udivdi3, . - __udivdi3

	.text
	.align 8
	.global __umoddi3
	.type __umoddi3, @function
	.proc
# unsigned a % b
__umoddi3:
	cmplt $b0 = $r19, 0            # d >= 2^63: quotient is 0 or 1
	or $r24 = $r17, $r19
	cmpne $r25 = $r18, 0
	sub $r21 = 0, $r19
	;;
	cmpeq $b1 = $r24, 0             # both high words zero: 32-bit divide
	sub $r20 = 0, $r18               # nd = -d (64-bit), low word
	sub $r21 = $r21, $r25            # high word
	mtb $b7 = $r0                    # constant zero carry
	;;
	mov $r22 = 0                     # partial remainder r = 0
	mov $r23 = 0
	mov $r29 = 16                    # loop count (4 steps per iteration)
	mtb $b2 = $r0                    # quotient bit shifted in first (dropped)
	;;
	br $b0, .Lumoddi_big
	;;
	br $b1, .Lumoddi_small
	;;
.Lumoddi_loop:
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	add $r29 = $r29, -1
	cmpne $b4 = $r29, 1
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	br $b4, .Lumoddi_loop
	;;
	slct $r22 = $b2, $r27, $r22
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24
	goto .Lumoddi_done
	;;
.Lumoddi_big:
	addcg $r27, $b3 = $r16, $r20, $b7  # n - d
	;;
	addcg $r28, $b2 = $r17, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r16
	slct $r23 = $b2, $r28, $r17
	;;
	mfb $r16 = $b2
	mov $r17 = 0
	goto .Lumoddi_done
	;;
.Lumoddi_small:
	mov $r17 = $r18
	mov $r23 = 0
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
	br $b0, .Lumoddi_s_big
	;;
.Lumoddi_s_loop:
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
	br $b4, .Lumoddi_s_loop
	;;
	slct $r18 = $b2, $r19, $r18
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	goto .Lumoddi_s_done
	;;
.Lumoddi_s_big:
	cmpgeu $b2 = $r16, $r17
	sub $r19 = $r16, $r17
	;;
	slct $r18 = $b2, $r19, $r16
	mfb $r16 = $b2
	;;
.Lumoddi_s_done:
	mov $r22 = $r18
	mov $r17 = 0
	;;
.Lumoddi_done:
	return $r63
	mov $r16 = $r22
	mov $r17 = $r23
	;;
	.endp
	.size __umoddi3, . - __umoddi3

	.text
	.align 8
	.global __divdi3
	.type __divdi3, @function
	.proc
# signed a / b
__divdi3:
	shr $r30 = $r17, 31              # sign mask of a
	shr $r8 = $r19, 31               # sign mask of b
	;;
	xor $r31 = $r30, $r8                # sign mask of the result
	;;
	xor $r9 = $r16, $r30
	xor $r10 = $r17, $r30
	and $r11 = $r30, 1
	mtb $b7 = $r0
	;;
	addcg $r16, $b6 = $r9, $r11, $b7
	;;
	addcg $r17, $b5 = $r10, $r0, $b6
	;;
	xor $r9 = $r18, $r8
	xor $r10 = $r19, $r8
	and $r11 = $r8, 1
	mtb $b7 = $r0
	;;
	addcg $r18, $b6 = $r9, $r11, $b7
	;;
	addcg $r19, $b5 = $r10, $r0, $b6
	;;
	cmplt $b0 = $r19, 0            # d >= 2^63: quotient is 0 or 1
	or $r24 = $r17, $r19
	cmpne $r25 = $r18, 0
	sub $r21 = 0, $r19
	;;
	cmpeq $b1 = $r24, 0             # both high words zero: 32-bit divide
	sub $r20 = 0, $r18               # nd = -d (64-bit), low word
	sub $r21 = $r21, $r25            # high word
	mtb $b7 = $r0                    # constant zero carry
	;;
	mov $r22 = 0                     # partial remainder r = 0
	mov $r23 = 0
	mov $r29 = 16                    # loop count (4 steps per iteration)
	mtb $b2 = $r0                    # quotient bit shifted in first (dropped)
	;;
	br $b0, .Ldivdi3_big
	;;
	br $b1, .Ldivdi3_small
	;;
.Ldivdi3_loop:
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	add $r29 = $r29, -1
	cmpne $b4 = $r29, 1
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	br $b4, .Ldivdi3_loop
	;;
	slct $r22 = $b2, $r27, $r22
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24
	goto .Ldivdi3_done
	;;
.Ldivdi3_big:
	addcg $r27, $b3 = $r16, $r20, $b7  # n - d
	;;
	addcg $r28, $b2 = $r17, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r16
	slct $r23 = $b2, $r28, $r17
	;;
	mfb $r16 = $b2
	mov $r17 = 0
	goto .Ldivdi3_done
	;;
.Ldivdi3_small:
	mov $r17 = $r18
	mov $r23 = 0
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
	br $b0, .Ldivdi3_s_big
	;;
.Ldivdi3_s_loop:
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
	br $b4, .Ldivdi3_s_loop
	;;
	slct $r18 = $b2, $r19, $r18
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	goto .Ldivdi3_s_done
	;;
.Ldivdi3_s_big:
	cmpgeu $b2 = $r16, $r17
	sub $r19 = $r16, $r17
	;;
	slct $r18 = $b2, $r19, $r16
	mfb $r16 = $b2
	;;
.Ldivdi3_s_done:
	mov $r22 = $r18
	mov $r17 = 0
	;;
.Ldivdi3_done:
	xor $r9 = $r16, $r31
	xor $r10 = $r17, $r31
	and $r11 = $r31, 1
	mtb $b7 = $r0
	;;
	addcg $r16, $b6 = $r9, $r11, $b7
	;;
	return $r63
	addcg $r17, $b5 = $r10, $r0, $b6
	;;
	.endp
	.size __divdi3, . - __divdi3

	.text
	.align 8
	.global __moddi3
	.type __moddi3, @function
	.proc
# signed a % b
__moddi3:
	shr $r30 = $r17, 31              # sign mask of a
	shr $r8 = $r19, 31               # sign mask of b
	;;
	mov $r31 = $r30                # sign mask of the result
	;;
	xor $r9 = $r16, $r30
	xor $r10 = $r17, $r30
	and $r11 = $r30, 1
	mtb $b7 = $r0
	;;
	addcg $r16, $b6 = $r9, $r11, $b7
	;;
	addcg $r17, $b5 = $r10, $r0, $b6
	;;
	xor $r9 = $r18, $r8
	xor $r10 = $r19, $r8
	and $r11 = $r8, 1
	mtb $b7 = $r0
	;;
	addcg $r18, $b6 = $r9, $r11, $b7
	;;
	addcg $r19, $b5 = $r10, $r0, $b6
	;;
	cmplt $b0 = $r19, 0            # d >= 2^63: quotient is 0 or 1
	or $r24 = $r17, $r19
	cmpne $r25 = $r18, 0
	sub $r21 = 0, $r19
	;;
	cmpeq $b1 = $r24, 0             # both high words zero: 32-bit divide
	sub $r20 = 0, $r18               # nd = -d (64-bit), low word
	sub $r21 = $r21, $r25            # high word
	mtb $b7 = $r0                    # constant zero carry
	;;
	mov $r22 = 0                     # partial remainder r = 0
	mov $r23 = 0
	mov $r29 = 16                    # loop count (4 steps per iteration)
	mtb $b2 = $r0                    # quotient bit shifted in first (dropped)
	;;
	br $b0, .Lmoddi3_big
	;;
	br $b1, .Lmoddi3_small
	;;
.Lmoddi3_loop:
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	add $r29 = $r29, -1
	cmpne $b4 = $r29, 1
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r22      # r = r >= d ? r - d : r (previous step)
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # q.lo = q.lo << 1 | quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24         # q.hi = q.hi << 1 | old q.lo bit 31
	shru $r25 = $r17, 31
	shru $r26 = $r22, 31
	;;
	sh1add $r22 = $r22, $r25         # r = r << 1 | old q.hi bit 31 (r < 2^63)
	sh1add $r23 = $r23, $r26
	;;
	addcg $r27, $b3 = $r22, $r20, $b7  # t = r - d; carry out = (r >= d)
	;;
	addcg $r28, $b2 = $r23, $r21, $b3
	br $b4, .Lmoddi3_loop
	;;
	slct $r22 = $b2, $r27, $r22
	slct $r23 = $b2, $r28, $r23
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	shru $r24 = $r16, 31
	;;
	sh1add $r17 = $r17, $r24
	goto .Lmoddi3_done
	;;
.Lmoddi3_big:
	addcg $r27, $b3 = $r16, $r20, $b7  # n - d
	;;
	addcg $r28, $b2 = $r17, $r21, $b3
	;;
	slct $r22 = $b2, $r27, $r16
	slct $r23 = $b2, $r28, $r17
	;;
	mfb $r16 = $b2
	mov $r17 = 0
	goto .Lmoddi3_done
	;;
.Lmoddi3_small:
	mov $r17 = $r18
	mov $r23 = 0
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
	br $b0, .Lmoddi3_s_big
	;;
.Lmoddi3_s_loop:
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
	br $b4, .Lmoddi3_s_loop
	;;
	slct $r18 = $b2, $r19, $r18
	addcg $r16, $b1 = $r16, $r16, $b2  # last quotient bit
	goto .Lmoddi3_s_done
	;;
.Lmoddi3_s_big:
	cmpgeu $b2 = $r16, $r17
	sub $r19 = $r16, $r17
	;;
	slct $r18 = $b2, $r19, $r16
	mfb $r16 = $b2
	;;
.Lmoddi3_s_done:
	mov $r22 = $r18
	mov $r17 = 0
	;;
.Lmoddi3_done:
	mov $r16 = $r22
	mov $r17 = $r23
	;;
	xor $r9 = $r16, $r31
	xor $r10 = $r17, $r31
	and $r11 = $r31, 1
	mtb $b7 = $r0
	;;
	addcg $r16, $b6 = $r9, $r11, $b7
	;;
	return $r63
	addcg $r17, $b5 = $r10, $r0, $b6
	;;
	.endp
	.size __moddi3, . - __moddi3
