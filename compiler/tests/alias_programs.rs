//! The memory-disambiguation programs of `tests/alias/`: loops over
//! pointer parameters called with arrays apart and with arrays that
//! overlap (so a loop versioned on a run-time overlap test must take its
//! original version), and `restrict` parameters used as C99 §6.7.3.1
//! allows. The expected stdout and exit status come from the host
//! `gcc -m32` build of the same program at test time (`common::gcc_run`);
//! each program must give them in lcc's IR interpreter at `-O0` and
//! `-O2`, and built by lcc for the ST231 at `-O2` and `-O3` and the ST220
//! at `-O2` and run in `stsim`.

mod common;
use common::{
    check_programs_in_stsim, check_programs_in_the_interpreter, checked_programs, CheckedProgram,
};

/// `tests/alias/*.c`, sorted, with gcc's (stdout, exit status), built
/// once for all the tests of this file (which run in parallel).
fn programs() -> Vec<CheckedProgram> {
    static PROGRAMS: std::sync::OnceLock<Vec<CheckedProgram>> = std::sync::OnceLock::new();
    PROGRAMS
        .get_or_init(|| checked_programs("alias", 3))
        .clone()
}

#[test]
fn alias_programs_in_the_ir_interpreter() {
    check_programs_in_the_interpreter(&programs());
}

#[test]
fn alias_programs_st231_o2() {
    check_programs_in_stsim(&programs(), &["-O2", "-mcpu=st231"]);
}

#[test]
fn alias_programs_st231_o3() {
    check_programs_in_stsim(&programs(), &["-O3", "-mcpu=st231"]);
}

#[test]
fn alias_programs_st220_o2() {
    check_programs_in_stsim(&programs(), &["-O2", "-mcpu=st220"]);
}
