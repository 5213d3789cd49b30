//! GNU C generic vector types: the programs of `tests/vector/` (element-wise
//! arithmetic on every element type, scalar operands, comparisons,
//! subscripts, initialisers, passing and returning by value, casts,
//! `__builtin_shuffle`, `__builtin_convertvector`) must give the stdout
//! and exit status of the host `gcc -m32` build of the same program
//! (`common::gcc_run`), in lcc's IR interpreter and built for the ST231
//! at `-O0` and `-O2` and run in `stsim`; and the constructs gcc rejects
//! are errors at their place.

mod common;
use common::{
    check_programs_in_stsim, check_programs_in_the_interpreter, checked_programs, CheckedProgram,
};
use compiler::driver::{compile, Options};

/// `tests/vector/*.c`, sorted, with gcc's (stdout, exit status), built
/// once for all the tests of this file.
fn programs() -> Vec<CheckedProgram> {
    static PROGRAMS: std::sync::OnceLock<Vec<CheckedProgram>> = std::sync::OnceLock::new();
    PROGRAMS
        .get_or_init(|| checked_programs("vector", 4))
        .clone()
}

#[test]
fn vector_programs_in_the_ir_interpreter() {
    check_programs_in_the_interpreter(&programs());
}

#[test]
fn vector_programs_st231_o0() {
    check_programs_in_stsim(&programs(), &["-O0"]);
}

#[test]
fn vector_programs_st231_o2() {
    check_programs_in_stsim(&programs(), &["-O2"]);
}

/// Each source, compiled as `t.c`, must fail with the diagnostic given
/// (positions counted by hand; gcc -m32 rejects each of them too).
#[test]
fn invalid_vector_constructs_are_errors_at_their_place() {
    let v4si = "typedef int v4si __attribute__((vector_size(16)));\n";
    let cases: &[(&str, &str)] = &[
        (
            "typedef int v3 __attribute__((vector_size(12)));\n",
            "t.c:2:31: error: vector size 12 is not a power of two multiple of the element size 4",
        ),
        (
            "typedef struct { int a; } S;\ntypedef S vs __attribute__((vector_size(16)));\n",
            "t.c:3:29: error: invalid vector type for attribute 'vector_size'",
        ),
        (
            "typedef unsigned v4ui __attribute__((vector_size(16)));\nv4si f(v4ui u) { return u; }\n",
            "t.c:3:25: error: incompatible types when converting from",
        ),
        (
            "typedef float v4sf __attribute__((vector_size(16)));\nv4si f(v4si a, v4sf b) { return a + b; }\n",
            "t.c:3:35: error: invalid operands to binary +",
        ),
        (
            "int f(v4si a, long long x) { return (a + x)[0]; }\n",
            "t.c:2:40: error: conversion of scalar 'long long int' to vector",
        ),
        (
            "int f(v4si a) { return (a + 0x100000000LL)[0]; }\n",
            "t.c:2:27: error: conversion of scalar 'long long int' to vector",
        ),
        (
            "double f(v4si a) { return (double)a; }\n",
            "t.c:2:27: error: can't convert a value of type",
        ),
        (
            "int f(v4si a) { return !a; }\n",
            "t.c:2:24: error: wrong type argument to unary exclamation mark",
        ),
        (
            "int f(v4si a) { return a && a; }\n",
            "t.c:2:24: error: used vector type where scalar is required",
        ),
        (
            "typedef float v4sf __attribute__((vector_size(16)));\nv4sf f(v4sf a) { return a % 2; }\n",
            "t.c:3:27: error: invalid operands to binary %",
        ),
        (
            "v4si a, b;\nv4si c = a + b;\n",
            "t.c:3:12: error: vector operation outside a function is not supported",
        ),
    ];
    for (src, want) in cases {
        let src = format!("{v4si}{src}");
        let out = compile("t.c", src.as_bytes(), &Options::default());
        assert!(out.errors > 0, "no error for:\n{src}\n{}", out.diagnostics);
        assert!(
            out.diagnostics.contains(want),
            "want {want}\ngot\n{}",
            out.diagnostics
        );
    }
}
