# Semihosting stubs (docs/src/design/architecture.md §5, README "Semihosting"): `syscall N`
# alone in its bundle, arguments in $r16.., result in $r16 (negative errno
# on failure).
#   void _exit(int status)                             syscall 1
#   int __write(int fd, const void *buf, unsigned len) syscall 2
#   int __read(int fd, void *buf, unsigned len)        syscall 3
#   unsigned long long __cycles(void)                  syscall 4 ($r16 low, $r17 high)
#   int __open(const char *path, int flags, int mode)  syscall 5
#   int __close(int fd)                                syscall 6
#   int __lseek(int fd, int offset, int whence)        syscall 7
#   int __unlink(const char *path)                     syscall 8
#   void stsim_roi_begin(void)                         syscall 16 (<stsim.h>)
#   void stsim_roi_end(void)                           syscall 17
#
# lcc runtime (ST200), hand-written assembly (ISA-ST200 §7.5 syntax).

	.text
	.align 8
	.global _exit
	.type _exit, @function
	.proc
_exit:
	syscall 1
	;;
	goto _exit                      # not reached
	;;
	.endp
	.size _exit, . - _exit

	.text
	.align 8
	.global __write
	.type __write, @function
	.proc
__write:
	syscall 2
	;;
	return $r63
	;;
	.endp
	.size __write, . - __write

	.text
	.align 8
	.global __read
	.type __read, @function
	.proc
__read:
	syscall 3
	;;
	return $r63
	;;
	.endp
	.size __read, . - __read

	.text
	.align 8
	.global __cycles
	.type __cycles, @function
	.proc
__cycles:
	syscall 4
	;;
	return $r63
	;;
	.endp
	.size __cycles, . - __cycles

	.text
	.align 8
	.global __open
	.type __open, @function
	.proc
__open:
	syscall 5
	;;
	return $r63
	;;
	.endp
	.size __open, . - __open

	.text
	.align 8
	.global __close
	.type __close, @function
	.proc
__close:
	syscall 6
	;;
	return $r63
	;;
	.endp
	.size __close, . - __close

	.text
	.align 8
	.global __lseek
	.type __lseek, @function
	.proc
__lseek:
	syscall 7
	;;
	return $r63
	;;
	.endp
	.size __lseek, . - __lseek

	.text
	.align 8
	.global __unlink
	.type __unlink, @function
	.proc
__unlink:
	syscall 8
	;;
	return $r63
	;;
	.endp
	.size __unlink, . - __unlink

	.text
	.align 8
	.global stsim_roi_begin
	.type stsim_roi_begin, @function
	.proc
stsim_roi_begin:
	syscall 16
	;;
	return $r63
	;;
	.endp
	.size stsim_roi_begin, . - stsim_roi_begin

	.text
	.align 8
	.global stsim_roi_end
	.type stsim_roi_end, @function
	.proc
stsim_roi_end:
	syscall 17
	;;
	return $r63
	;;
	.endp
	.size stsim_roi_end, . - stsim_roi_end
