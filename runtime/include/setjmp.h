#ifndef _LCC_SETJMP_H
#define _LCC_SETJMP_H
/* setjmp.h — lcc runtime (ST200), implemented in runtime/lib/setjmp.s.
   jmp_buf words: [0] $r63 (return address of the setjmp call),
   [1] $r12 (stack pointer), [2] $r14 (global pointer), [3..9] $r1..$r7
   (callee-saved, ISA-ST200 §7.1), [10..11] reserved: 48 bytes. */
typedef int jmp_buf[12];
int setjmp(jmp_buf env);
void longjmp(jmp_buf env, int val) __attribute__((noreturn));
#define _setjmp(env) setjmp(env)
#define _longjmp(env, val) longjmp(env, val)
#endif
