# crt0: process entry for lcc programs (linked first, before libc.a).
#
# Entry state (docs/src/design/architecture.md §5, ISA-ST200 §7.3): $r12 8-byte aligned at
# the stack top pointing at argc, then argv[0..argc-1], NULL, envp NULL.
# _start: sets $r14 = _gp, clears .bss (__bss_start..__bss_end: bytes to a
# word boundary, words to a 32-byte line, then a line per trip with `pft`
# fetching the line 8 lines ahead into the 8-entry prefetch buffer, §4.6,
# §5.5, so that the write-allocate misses overlap), passes
# argc ($r16) and argv ($r17 = $r12 + 4) to main in a 32-byte frame (its low
# 16 bytes are main's scratch area, §7.3), then calls exit(main's result).
#
# lcc runtime (ST200), hand-written assembly (ISA-ST200 §7.5 syntax); the
# schedule respects every latency of §5.3 (also correct on the ST220).

	.text
	.align 8
	.global _start
	.type _start, @function
	.proc
_start:
	mov $r14 = _gp
	ldw $r16 = 0[$r12]              # argc
	add $r17 = $r12, 4              # argv
	;;
	mov $r8 = __bss_start
	mov $r9 = __bss_end
	;;
	and $r10 = $r8, 3               # bytes before the first aligned word
	and $r12 = $r12, -8             # keep the stack 8-byte aligned
	;;
	cmpne $b0 = $r10, 0
	cmpltu $b1 = $r8, $r9
	;;
	nop
	;;
	nop
	;;
	brf $b1, .Lbss_done             # empty .bss
	;;
	brf $b0, .Lbss_head
	;;
.Lbss_bytes:                        # clear up to the first 4-aligned address
	stb 0[$r8] = $r0
	add $r8 = $r8, 1
	;;
	and $r10 = $r8, 3
	;;
	cmpne $b0 = $r10, 0
	;;
	nop
	;;
	nop
	;;
	br $b0, .Lbss_bytes
	;;
.Lbss_head:                         # $r8 4-aligned: words up to a line
	cmpltu $b2 = $r8, $r9
	and $r10 = $r8, 31
	add $r11 = $r8, 32
	;;
	cmpne $b0 = $r10, 0               # not at a 32-byte line yet
	cmpleu $b1 = $r11, $r9            # a whole line left
	;;
	nop
	;;
	brf $b2, .Lbss_done
	;;
	br $b0, .Lbss_word
	;;
	brf $b1, .Lbss_word
	;;
	pft 0[$r8]                      # start the fills of the first 8 lines
	;;
	pft 32[$r8]
	;;
	pft 64[$r8]
	;;
	pft 96[$r8]
	;;
	pft 128[$r8]
	;;
	pft 160[$r8]
	;;
	pft 192[$r8]
	;;
	pft 224[$r8]
	;;
.Lbss_lines:                        # one 32-byte D-cache line per trip
	stw 0[$r8] = $r0
	add $r10 = $r8, 64
	;;
	pft 256[$r8]                    # the line 8 trips ahead (a hint: past
	;;                              # __bss_end it only fetches a line)
	stw 4[$r8] = $r0
	;;
	stw 8[$r8] = $r0
	cmpleu $b1 = $r10, $r9            # another whole line after this one
	;;
	stw 12[$r8] = $r0
	;;
	stw 16[$r8] = $r0
	;;
	stw 20[$r8] = $r0
	;;
	stw 24[$r8] = $r0
	;;
	br $b1, .Lbss_lines
	stw 28[$r8] = $r0
	add $r8 = $r8, 32
	;;
	goto .Lbss_head                   # the words after the last line
	;;
.Lbss_word:
	goto .Lbss_head
	stw 0[$r8] = $r0
	add $r8 = $r8, 4
	;;
.Lbss_done:
	add $r12 = $r12, -32            # frame; 0..15 = main's scratch area
	;;
	call $r63 = main
	;;
	call $r63 = exit                # exit(main's result in $r16)
	;;
	goto _exit                      # exit does not return
	;;
	.endp
	.size _start, . - _start
