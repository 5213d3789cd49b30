# Program entry `_start` for any described machine (used instead of
# runtime/crt0.s when the machine lacks the branch registers, the bundle
# width or the timing that file's schedule relies on; see `runtime_files`
# in compiler/src/driver/toolchain.rs).
#
# One operation per bundle, only $r12, $r14, $r16, $r63 and no branch
# register, so it is legal on every machine of 1 to 16 issue slots with 24
# or more GRs. The .bss clearing and the call of main are in C
# (lib/portable/start.c, `__lcc_start`). The four `nop`s before the call
# let every result land before the callee reads it on a machine without
# interlocks (ALU results: ISA-ST200 §5.2, stage 3 - read stage 2 = 1
# cycle on the ST200 cores).
#
# lcc runtime (ST200), hand-written assembly (ISA-ST200 §7.5 syntax).

	.text
	.align 8
	.global _start
	.type _start, @function
	.proc
_start:
	mov $r14 = _gp
	;;
	mov $r16 = $r12                 # argc at 0[$r16], argv at $r16 + 4
	;;
	and $r12 = $r12, -8             # keep the stack 8-byte aligned
	;;
	add $r12 = $r12, -32            # frame; 0..15 = the callee's scratch area
	;;
	nop
	;;
	nop
	;;
	nop
	;;
	nop
	;;
	call $r63 = __lcc_start         # clears .bss, exit(main(argc, argv))
	;;
	goto _exit                      # not reached
	;;
	.endp
	.size _start, . - _start
