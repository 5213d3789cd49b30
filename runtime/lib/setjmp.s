# setjmp / longjmp (C99 7.13), jmp_buf as in runtime/include/setjmp.h:
#   word 0 $r63 (return address of the setjmp call), 1 $r12, 2 $r14,
#   3..9 $r1..$r7 (the callee-saved registers of ISA-ST200 §7.1),
#   10..11 reserved (48 bytes).
# int setjmp(jmp_buf env)                 env in $r16; returns 0
# void longjmp(jmp_buf env, int val)      env in $r16, val in $r17; setjmp
#                                         then returns val, or 1 if val is 0
# Branch registers and the other general registers are caller-saved, so a
# call to setjmp already assumes they are lost.
#
# lcc runtime (ST200), hand-written assembly (ISA-ST200 §7.5 syntax). The
# restore respects the load latencies (ISA-ST200 §5.3: load -> return 4),
# so it is also correct on the non-interlocked ST220.

	.text
	.align 8
	.global setjmp
	.type setjmp, @function
	.proc
setjmp:
	stw 0[$r16] = $r63
	;;
	stw 4[$r16] = $r12
	;;
	stw 8[$r16] = $r14
	;;
	stw 12[$r16] = $r1
	;;
	stw 16[$r16] = $r2
	;;
	stw 20[$r16] = $r3
	;;
	stw 24[$r16] = $r4
	;;
	stw 28[$r16] = $r5
	;;
	stw 32[$r16] = $r6
	;;
	return $r63
	stw 36[$r16] = $r7
	mov $r16 = 0
	;;
	.endp
	.size setjmp, . - setjmp

	.text
	.align 8
	.global longjmp
	.type longjmp, @function
	.proc
longjmp:
	ldw $r63 = 0[$r16]
	cmpeq $b0 = $r17, 0
	;;
	ldw $r1 = 12[$r16]
	slctf $r17 = $b0, $r17, 1       # val == 0 ? 1 : val
	;;
	ldw $r2 = 16[$r16]
	;;
	ldw $r3 = 20[$r16]
	;;
	ldw $r4 = 24[$r16]
	;;
	ldw $r5 = 28[$r16]
	;;
	ldw $r6 = 32[$r16]
	;;
	ldw $r7 = 36[$r16]
	;;
	ldw $r14 = 8[$r16]
	;;
	ldw $r12 = 4[$r16]
	;;
	nop
	;;
	nop
	;;
	return $r63
	mov $r16 = $r17
	;;
	.endp
	.size longjmp, . - longjmp
