//! Complex numbers: the programs of `tests/complex/` (C99 `_Complex`
//! arithmetic with real and complex operands mixed, Annex G's infinities
//! and NaNs through the runtime's `__muldc3`/`__divdc3`/`__mulsc3`/
//! `__divsc3`, GNU integer complex types, conversions, `__real__` and
//! `__imag__` as lvalues, compound assignment, `++`, static
//! initialisers, passing and returning by value, `<complex.h>`) must give
//! the stdout and exit status of the host `gcc -m32` build of the same
//! file (`common::gcc_run`), in lcc's IR interpreter and built for the
//! ST231 and run in `stsim`, at `-O0` and `-O2`; and what is not C is an
//! error at its line and column.

mod common;
use common::{
    check_programs_in_stsim, check_programs_in_the_interpreter, checked_programs, CheckedProgram,
};
use compiler::driver::{compile, Options};

/// `tests/complex/*.c`, sorted, with gcc's (stdout, exit status), built
/// once for all the tests of this file.
fn programs() -> Vec<CheckedProgram> {
    static PROGRAMS: std::sync::OnceLock<Vec<CheckedProgram>> = std::sync::OnceLock::new();
    PROGRAMS
        .get_or_init(|| checked_programs("complex", 6))
        .clone()
}

#[test]
fn complex_programs_in_the_ir_interpreter() {
    check_programs_in_the_interpreter(&programs());
}

#[test]
fn complex_programs_st231_o0() {
    check_programs_in_stsim(&programs(), &["-O0"]);
}

#[test]
fn complex_programs_st231_o2() {
    check_programs_in_stsim(&programs(), &["-O2"]);
}

#[test]
fn invalid_complex_constructs_are_errors_at_their_place() {
    // the messages are gcc's where it has one (C99 §6.5.8p2: relational
    // operands are real; §6.5.5p2: `%` takes integers; §6.7.2p2: the
    // complex type specifiers)
    let cases: &[(&str, &str)] = &[
        (
            "_Complex double z, w;\nint f(void) { return z < w; }\n",
            "t.c:2:24: error: invalid operands to binary < (have 'complex double' and 'complex double')",
        ),
        (
            "__complex__ int z, w;\nint f(void) { return z % w; }\n",
            "t.c:2:24: error: invalid operands to binary % (have 'complex int' and 'complex int')",
        ),
        (
            "_Complex _Bool b;\n",
            "t.c:1:1: error: '_Complex' cannot be applied to type '_Bool'",
        ),
        (
            "struct t { int x; };\n_Complex struct t c;\n",
            "t.c:2:1: error: '_Complex' cannot be applied to type 'struct t'",
        ),
        (
            "_Complex _Complex double d;\n",
            "t.c:1:1: error: duplicate '_Complex' in declaration specifiers",
        ),
        (
            "_Complex double z;\nint f(void) { switch (z) { default: return 1; } }\n",
            "t.c:2:23: error: switch quantity not an integer",
        ),
        (
            "_Complex double z;\nint f(int *p) { return p[z]; }\n",
            "t.c:2:26: error: array subscript is not an integer",
        ),
        (
            "struct t { int x; };\n_Complex double z;\nint f(void) { struct t s = (struct t)z; return s.x; }\n",
            "t.c:3:28: error: invalid cast from 'complex double' to 'struct t'",
        ),
        (
            "int *p;\ndouble f(void) { return __real__ p; }\n",
            "t.c:2:25: error: wrong type argument to __real__ (have 'int *')",
        ),
        (
            "_Complex double z;\n_Complex double g = z;\n",
            "t.c:2:21: error: initializer element is not constant",
        ),
    ];
    for (src, want) in cases {
        let out = compile("t.c", src.as_bytes(), &Options::default());
        assert!(out.errors > 0, "no error for:\n{src}\n{}", out.diagnostics);
        assert!(
            out.diagnostics.contains(want),
            "want {want}\ngot\n{}",
            out.diagnostics
        );
    }
}
