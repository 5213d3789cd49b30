//! The text of `lcc --help`, also the options section of its man page
//! (`st-man`).

/// `lcc --help`.
pub const HELP: &str = "\
Usage: lcc [options] file...

Compile C for the STMicroelectronics ST200 family (ST231 by default).

Inputs: .c (C), .s (ST200 assembly), .o (objects), .a (archives).

Modes:
  -E                 preprocess only (-P: no line markers)
  -S                 compile to assembly (file.s)
  -c                 compile or assemble to objects (file.o)
  (default)          compile, assemble and link an executable (a.out)
  --run-ir           compile and run main in the IR interpreter (args after --)
  --emit-ir          print the IR

Options:
  -o FILE            output file
  -O0 -O1 -O2 -O3    optimisation level: -O0 none (locals in stack slots);
                     -O1 SSA construction, SCCP, DCE, machine SSA and
                     out-of-SSA; -O2/-O3 every pass (GVN, strength reduction,
                     CFG simplification too)
  -fno-PASS          disable an IR pass (ssa, simplify-cfg, sccp, dce, inline,
                     loop-rotate, loop-unroll-full, loop-unroll,
                     strength-reduce, gvn, licm, promote, predict)
  -fdump-PASS        write the IR after PASS to FILE.c.PASS.ir
  -fverify           run the IR verifier after every pass
  -fopt-bisect-limit=N  run only the first N transformation steps (IR passes
                     and back-end steps, per function); -1 runs all; each
                     step is listed on stderr as BISECT: running pass (k) …
  -fif-convert, -fno-if-convert  if-conversion into psi-SSA (branches
                     become speculated code and slct; on at -O2)
  -fmir-sccp, -fno-mir-sccp  constant propagation through phis and psis
                     on machine psi-SSA after if-conversion, then dead-code
                     elimination (default off)
  -fmodulo-sched, -fno-modulo-sched  software pipelining of one-block
                     counted loops (on at -O2, ST231/ST240; --stats
                     prints II, ResMII, RecMII and stages per loop)
  -fschedule-insns, -fno-schedule-insns  list scheduling of each block
                     before register allocation too, when it keeps the
                     register pressure bounded (on at -O2)
  -freorder-blocks, -fno-reorder-blocks  block layout by static branch
                     prediction: the likely successor falls through (on
                     at -O2)
  -fout-of-psi=M     out of psi-SSA: select (the slct chain, default) or
                     webs (de Ferrière's (2007) psi-normalize and psi-congruence first)
  -fpsi-promote, -fno-psi-promote  promote each psi's first argument to
                     `true` (default on)
  -fcopy-fold        fold copies into psi arguments first (with webs)
  -fprofile-use=FILE branch probabilities for if-conversion from
                     `stsim --profile-edges FILE` (collect it from a
                     -fno-if-convert build of the same source and flags)
  -finline-float, -fno-inline-float  float/double comparisons as
                     branch-free integer operations on the bits instead
                     of soft-float helper calls, in loops (default off)
  -fpeephole, -fno-peephole  clean-up of copies and jumps after register
                     allocation (on at -O1 and above)
  -fno-jump-tables   lower every switch to compares (a binary search tree
                     when large), never to a jump table (default: jump
                     tables for dense switches)
  -finstrument-functions  call __cyg_profile_func_enter/_exit(this_fn, 0)
                     at each function's entry and return (not in functions
                     with __attribute__((no_instrument_function)))
  -fout-of-ssa=M     out-of-SSA translation: naive, sreedhar, sreedhar3 or boissinot
                     (default)
  -g                 debug line information (also on by default)
  -I DIR, -D NAME[=VALUE], -U NAME
  -L DIR, -l NAME    library search path and libraries; -lc, -lm and -lgcc
                     are skipped unless a libNAME.a is in the -L
                     directories: the runtime has no separate libm (its
                     libc.a is the whole runtime; -lm is as if libm.a
                     were empty)
  -static            accepted: executables are always static
  -Wl,OPT,OPT…, -Xlinker OPT  options for the linker lld-st: -e SYM,
                     --entry=SYM, -T FILE, -Ttext=/-Tdata=/-Tbss=ADDR,
                     --section-start=S=ADDR, --defsym SYM=EXPR,
                     --gc-sections, --print-gc-sections, -Map FILE, -s, -S,
                     --allow-mixed-cores, -L DIR, -l NAME (any other is
                     lld-st's error)
  -x c, -x none      the following files are C / known by their extension
  @FILE              read more arguments from FILE (white space separated,
                     '…' and \"…\" quote, \\ escapes the next character)
  -M, -MM            print a make rule for each C file's object (the file and
                     the headers it includes; -MM leaves out the runtime's
                     own headers) to stdout, -MF or -o; nothing compiled
  -MD, -MMD          compile and write the rule to X.d next to the object
                     X.o (-c -o obj/x.o: obj/x.d); -MMD leaves out the
                     runtime's headers (with -MD they are named by their
                     place in lcc's source tree, runtime/include/)
  -MF FILE           the rule's file;  -MT TARGET, -MQ TARGET (quoted for
                     make): the rule's target instead of the object
  -MP                a phony target for each header (make then survives a
                     header's removal)
  -w                 no warnings;  -Wall: more warnings;  -Werror: warnings are errors
                     (-Wno-error undoes it); -Wformat, -Wparentheses (both
                     on with -Wall, off with -Wno-format, -Wno-parentheses):
                     printf and scanf formats against their arguments,
                     missing parentheses (`if (a = b)`, `a && b || c`,
                     `a < b < c`); every other -W… (-Wextra, -Wno-…, the
                     -Werror=… forms) is accepted with no effect
  -std=c89/c90/c99/c11/gnu…, -ansi, -pedantic, -pedantic-errors  accepted:
                     lcc compiles C99 with its extensions whatever the dialect
  -ffunction-sections, -fdata-sections, -fno-common, -fPIC, -fpic, -fno-pic,
  -fomit-frame-pointer, -fno-exceptions, -fno-stack-protector, -pipe, …
                     accepted, no effect (the gcc -f options that change
                     nothing here); any other -f flag that names no lcc
                     pass is an error
  -fdiagnostics-format=F  text (gcc style, the default) or rich (codespan's
                     boxed form)
  -mcpu=CPU          st220, st231 (default) or st240
  -mno-bundle        one operation per bundle
  --machine FILE     machine description from a TOML file (as stsim --machine)
  --print-machine NAME  print the complete, commented description of a
                     built-in machine (st220, st231, st240) or of a machine
                     file, to start a machine file from
  -nostdlib          do not link crt0.o and libc.a
  -nostartfiles      do not link crt0.o
  -v                 print the steps
  --stats            print per-pass counters, spills, copies, bundles and
                     operations per bundle (on stderr)
  --time-passes      print the wall time of each phase, IR pass and back-end
                     stage and the IR instructions each pass leaves, in the
                     layout of gcc's -ftime-report (also accepted), on stderr
  --max-steps N      with --run-ir: stop after N IR instructions
  --help, --version
";
