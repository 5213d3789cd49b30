//! The C library additions of `tests/libc/`: a program's own definition of
//! a library name (`div`) wins over the library's; `<strings.h>`,
//! `<memory.h>` and the GNU string functions; `<signal.h>` (and `abort`
//! raising `SIGABRT`); `<wchar.h>`; `random`, `lrand48`, `drand48`,
//! `posix_memalign`, `gettimeofday`, `getrusage`, `sched_yield`, `perror`,
//! `__builtin_alloca`. The expected stdout and exit status come from the
//! host `gcc -m32` build of the same program (`common::gcc_run`); each
//! program must give them built by lcc for the ST231 at `-O0` and `-O2`
//! and run in `stsim`. What the host answers differently by design (the
//! calls that fail with ENOSYS on one simulated core, the default action
//! of a signal) is checked against hand-derived values.

mod common;
use common::{check_programs_in_stsim, checked_programs, simulate, CheckedProgram};

fn programs() -> Vec<CheckedProgram> {
    static PROGRAMS: std::sync::OnceLock<Vec<CheckedProgram>> = std::sync::OnceLock::new();
    PROGRAMS.get_or_init(build_with_gcc).clone()
}

fn build_with_gcc() -> Vec<CheckedProgram> {
    checked_programs("libc", 5)
}

#[test]
fn libc_programs_st231_o0() {
    check_programs_in_stsim(&programs(), &["-O0", "-mcpu=st231"]);
}

#[test]
fn libc_programs_st231_o2() {
    check_programs_in_stsim(&programs(), &["-O2", "-mcpu=st231"]);
}

/// Builds `src` at -O2 and runs it: (stdout, exit status).
fn run(src: &str) -> (String, i32) {
    use compiler::driver::{build_executable, Config};
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    let exe = build_executable(&[("t.c".to_string(), src.as_bytes().to_vec())], &cfg)
        .unwrap_or_else(|e| panic!("{}", e.render()));
    let (out, code) = simulate(&exe, cfg.model.core).unwrap();
    (String::from_utf8(out).unwrap(), code)
}

/// A signal's default action ends the program with status 128 + its
/// number (as a shell reports a process killed by it: SIGTERM is 15,
/// SIGABRT 6); without a handler, `abort` gives 134.
#[test]
fn default_action_of_a_signal_is_status_128_plus_its_number() {
    let (out, code) =
        run("#include <signal.h>\n#include <stdio.h>\nint main(void) { printf(\"x\\n\"); fflush(stdout); raise(SIGTERM); return 0; }\n");
    assert_eq!((out.as_str(), code), ("x\n", 143));
    let (_, code) = run("#include <stdlib.h>\nint main(void) { abort(); }\n");
    assert_eq!(code, 134);
    let (_, code) = run("#include <signal.h>\nint main(void) { return raise(0) == -1 && raise(99) == -1 ? 7 : 1; }\n");
    assert_eq!(code, 7);
}

/// Calls that mean nothing on one simulated core fail with ENOSYS (38, as
/// on Linux); `sysconf` counts one processor; closing a descriptor that
/// is not open fails with EBADF.
#[test]
fn meaningless_calls_fail_with_enosys() {
    let src =
        "#include <errno.h>\n#include <stdio.h>\n#include <unistd.h>\n#include <sys/resource.h>\n\
int main(void) {\n  struct rlimit rl;\n  int a, b, c, d;\n\
  errno = 0; a = getrlimit(RLIMIT_STACK, &rl); b = errno;\n\
  errno = 0; c = setrlimit(RLIMIT_STACK, &rl); d = errno;\n\
  printf(\"%d %d %d %d\\n\", a, b, c, d);\n\
  errno = 0; a = close(3); b = errno;\n\
  printf(\"%d %d %ld %d\\n\", a, b, sysconf(_SC_NPROCESSORS_ONLN), getpid());\n\
  return 0;\n}\n";
    let (out, code) = run(src);
    assert_eq!(code, 0);
    // close(3) with no file open on descriptor 3: EBADF (9).
    assert_eq!(out, "-1 38 -1 38\n-1 9 1 1\n");
}

/// `gettimeofday` counts from the program's start with the cycle counter
/// at the core clock (400 MHz on the ST231): a busy loop of some 10⁵
/// cycles reads as a few hundred microseconds, under a second.
#[test]
fn gettimeofday_follows_the_cycle_counter() {
    let src = "#include <stdio.h>\n#include <sys/time.h>\n\
int main(void) {\n  struct timeval a, b;\n  volatile int i;\n\
  gettimeofday(&a, 0);\n  for (i = 0; i < 20000; i++) ;\n  gettimeofday(&b, 0);\n\
  long us = (b.tv_sec - a.tv_sec) * 1000000L + (b.tv_usec - a.tv_usec);\n\
  printf(\"%d %d\\n\", us >= 50, us < 1000000);\n  return 0;\n}\n";
    assert_eq!(run(src), ("1 1\n".to_string(), 0));
}
