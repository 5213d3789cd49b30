# Test-only start-up code and semihosting wrappers (ARCHITECTURE.md §5).
	.text
	.global _start
	.proc
_start:
	ldw $r16 = 0[$r12]
	add $r17 = $r12, 4
	;;
	call $r63 = main
	;;
	mov $r1 = $r16
	;;
	call $r63 = __flush
	;;
	mov $r16 = $r1
	;;
	syscall 1
	;;
	.endp

	.global __sys_write
	.proc
__sys_write:
	syscall 2
	;;
	return $r63
	;;
	.endp

	.global __sys_exit
	.proc
__sys_exit:
	syscall 1
	;;
	.endp
