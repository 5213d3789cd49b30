# setjmp / longjmp for any described machine (used instead of
# lib/setjmp.s when the machine lacks the bundle width or the timing that
# file's schedule relies on; see `runtime_files` in
# compiler/src/driver/toolchain.rs). The same jmp_buf layout (word 0 $r63,
# 1 $r12, 2 $r14, 3-9 $r1-$r7), one operation per bundle, only $b0. On a
# machine without interlocks the loads of longjmp are followed by four
# bundles before the return reads $r63 and eight before the caller can
# read the last one (load result stage 5 - read stage 1 or 2, ISA-ST200
# §5.2).
#
# lcc runtime (ST200), hand-written assembly (ISA-ST200 §7.5 syntax).

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
	stw 36[$r16] = $r7
	;;
	mov $r16 = 0
	;;
	nop
	;;
	return $r63
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
	;;
	cmpeq $b0 = $r17, 0
	;;
	ldw $r1 = 12[$r16]
	;;
	ldw $r2 = 16[$r16]
	;;
	ldw $r3 = 20[$r16]
	;;
	ldw $r4 = 24[$r16]
	;;
	slctf $r17 = $b0, $r17, 1       # val == 0 ? 1 : val
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
	mov $r16 = $r17
	;;
	nop
	;;
	nop
	;;
	nop
	;;
	return $r63
	;;
	.endp
	.size longjmp, . - longjmp
