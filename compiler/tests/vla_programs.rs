//! The variable-length array programs of `tests/vla/` (every C99 VLA
//! form: multi-dimensional VLAs, pointers to VLAs, VLA parameters and
//! `[*]`, VLA typedefs and type names, sizes with side effects, storage
//! freed when a scope is left). The expected stdout and exit status come
//! from the host `gcc -m32` build of the same program at test time
//! (`common::gcc_run`); each program must give them in lcc's IR
//! interpreter at `-O0` and `-O2`, and built by lcc for the ST231 at
//! `-O0` and `-O2` and the ST220 at `-O2` and run in `stsim`.

mod common;
use common::{
    check_programs_in_stsim, check_programs_in_the_interpreter, checked_programs, CheckedProgram,
};

/// `tests/vla/*.c`, sorted, with gcc's (stdout, exit status), built once
/// for all the tests of this file (which run in parallel).
fn programs() -> Vec<CheckedProgram> {
    static PROGRAMS: std::sync::OnceLock<Vec<CheckedProgram>> = std::sync::OnceLock::new();
    PROGRAMS.get_or_init(build_with_gcc).clone()
}

fn build_with_gcc() -> Vec<CheckedProgram> {
    checked_programs("vla", 5)
}

#[test]
fn vla_programs_in_the_ir_interpreter() {
    check_programs_in_the_interpreter(&programs());
}

/// Builds every program with `flags` and runs it in stsim.
fn check_in_stsim(flags: &[&str]) {
    check_programs_in_stsim(&programs(), flags);
}

#[test]
fn vla_programs_st231_o0() {
    check_in_stsim(&["-O0", "-mcpu=st231"]);
}

#[test]
fn vla_programs_st231_o2() {
    check_in_stsim(&["-O2", "-mcpu=st231"]);
}

#[test]
fn vla_programs_st220_o2() {
    check_in_stsim(&["-O2", "-mcpu=st220"]);
}
