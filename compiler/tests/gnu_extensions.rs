//! gcc's extensions: the programs of `tests/gnu/` (builtins built from C
//! expressions, and constructs once compiled to a wrong answer: enum
//! bit-fields, parameter array sizes with side effects, `unsigned long
//! long` case ranges, `push_macro`, unevaluated `#if` operands, `mode`,
//! `__builtin_types_compatible_p` and qualifiers, raw bytes in string
//! literals) must give the stdout and exit status of the host `gcc -m32`
//! build of the same file; the predefined macros
//! (`tests/gnu_macros/predefined.c`, values derived by hand for the
//! ST200's ILP32 model) must check out; and what lcc does not implement
//! (unknown attributes and `__builtin_` names) is an error naming the
//! construct at its line and column.

use std::path::Path;

mod common;
use common::{check_programs_in_stsim, checked_programs, simulate, single_source, CheckedProgram};
use compiler::driver::{build_executable, compile, Config, Options};

/// `tests/gnu/*.c`, sorted, with gcc's (stdout, exit status).
fn programs() -> Vec<CheckedProgram> {
    static PROGRAMS: std::sync::OnceLock<Vec<CheckedProgram>> = std::sync::OnceLock::new();
    PROGRAMS.get_or_init(|| checked_programs("gnu", 2)).clone()
}

#[test]
fn gnu_programs_st231_o0() {
    check_programs_in_stsim(&programs(), &["-O0"]);
}

#[test]
fn gnu_programs_st231_o2() {
    check_programs_in_stsim(&programs(), &["-O2"]);
}

/// Builds `path` with `flags` and runs it in stsim: (stdout, status).
fn run(path: &Path, flags: &[&str]) -> (String, i32) {
    let flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    let cfg = Config::from_flags(&flags).unwrap();
    let exe = build_executable(&single_source(path), &cfg).unwrap();
    let (out, code) = simulate(&exe, cfg.model.core).unwrap();
    (String::from_utf8_lossy(&out).into_owned(), code)
}

#[test]
fn predefined_macros_have_the_st200_values() {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnu_macros/predefined.c");
    for level in ["-O0", "-O2"] {
        assert_eq!(run(&p, &[level]), ("ok\n".to_string(), 0), "{level}");
    }
}

/// The `#define` lines of the predefined macros (`-dM -E` on an empty
/// file) with `std` as `-std=`.
fn dump(std: Option<&str>) -> String {
    let opts = Options {
        std: std.map(str::to_string),
        ..Default::default()
    };
    let out = compiler::driver::macro_definitions("empty.c", b"", &opts);
    out.result.expect("no errors")
}

#[test]
fn dm_lists_the_predefined_macros_and_std_sets_the_version() {
    let d = dump(None);
    for line in [
        "#define __INT_MAX__ 0x7fffffff",
        "#define __SIZEOF_LONG_DOUBLE__ 8",
        "#define __UINT32_TYPE__ unsigned int",
        "#define __INT64_C(c) c ## LL",
        "#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__",
        "#define __LDBL_MANT_DIG__ 53",
        "#define __STDC_VERSION__ 199901L",
    ] {
        assert!(d.lines().any(|l| l == line), "missing {line}");
    }
    // sorted, one per line, no per-use macro
    let lines: Vec<&str> = d.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(!d.contains("__LINE__"));
    assert!(dump(Some("c11")).contains("#define __STDC_VERSION__ 201112L\n"));
    assert!(dump(Some("gnu17")).contains("#define __STDC_VERSION__ 201710L\n"));
    assert!(!dump(Some("c90")).contains("__STDC_VERSION__"));
}

/// Compiles `src` as `t.c`: the diagnostics, which must report an error.
fn errors_of(src: &str) -> String {
    let out = compile("t.c", src.as_bytes(), &Options::default());
    assert!(out.errors > 0, "no error for:\n{src}\n{}", out.diagnostics);
    out.diagnostics
}

#[test]
fn unsupported_constructs_are_errors_at_their_place() {
    let cases: &[(&str, &str)] = &[
        (
            "int f(void) __attribute__((constructor));\n",
            "t.c:1:28: error: attribute 'constructor' is not supported",
        ),
        (
            "struct s { char c; int a; } __attribute__((scalar_storage_order(\"big-endian\")));\nint f(struct s *p) { return p->a; }\n",
            "t.c:2:32: error: access to member 'a' of a structure with reverse scalar storage order is not supported",
        ),
        (
            "struct s { unsigned char c : 3; } __attribute__((scalar_storage_order(\"big-endian\")));\nvoid f(struct s *p) { p->c = 1; }\n",
            "t.c:2:26: error: access to member 'c' of a structure with reverse scalar storage order is not supported",
        ),
        (
            "struct s { char c; short h[2]; } __attribute__((scalar_storage_order(\"big-endian\")));\nstruct s v = { 1, { 0, 2 } };\n",
            "t.c:2:24: error: initializing a member of a structure with reverse scalar storage order is not supported",
        ),
        (
            "struct s { int a; } __attribute__((scalar_storage_order(\"middle\")));\n",
            "t.c:1:36: error: scalar_storage_order argument must be one of \"big-endian\" or \"little-endian\"",
        ),
        (
            "int f(void) {\n  __attribute__((aligned(16))) int g(void) { return 1; }\n  return g();\n}\n",
            "error: the 'aligned' attribute on a nested function is not supported",
        ),
        (
            "int f(void) { return __builtin_frobnicate(1); }\n",
            "t.c:1:22: error: builtin '__builtin_frobnicate' is not supported",
        ),
        (
            "void *f(void) { return __builtin_apply_args(); }\n",
            "t.c:1:24: error: builtin '__builtin_apply_args' is not supported",
        ),
        (
            "typedef float f __attribute__((mode(DI)));\n",
            "t.c:1:32: error: mode 'DI' is not supported for this type",
        ),
        (
            "int f(long long a, int b) { int r; return __builtin_add_overflow(a, b, &r); }\n",
            "t.c:1:43: error: '__builtin_add_overflow' with these operand and result types is not supported",
        ),
    ];
    for (src, want) in cases {
        let d = errors_of(src);
        assert!(d.contains(want), "want {want}\ngot\n{d}");
    }
}

#[test]
fn attributes_that_cannot_change_results_are_accepted() {
    let src = "__attribute__((noinline, noclone, noipa, used, cold, hot)) static int f(int x) { return x; }\n\
               __attribute__((const, pure, nothrow, leaf)) int g(int);\n\
               __attribute__((format(printf, 1, 2), nonnull(1))) int h(const char *, ...);\n\
               typedef int __attribute__((may_alias)) aliased;\n\
               int main(void) { aliased a = f(1); return a - 1; }\n";
    let out = compile("t.c", src.as_bytes(), &Options::default());
    assert_eq!(out.errors, 0, "{}", out.diagnostics);
}

#[test]
fn og_is_o1_and_fp_contract_is_accepted() {
    let og = Config::from_flags(&["-Og".to_string()]).unwrap();
    assert_eq!(og.opt_level, 1);
    for v in ["off", "on", "fast"] {
        assert!(
            Config::from_flags(&[format!("-ffp-contract={v}")]).is_ok(),
            "{v}"
        );
    }
}

#[test]
fn warnings_name_their_option() {
    let src = "int f(void) { int unused_one; return 0; }\nint g(void) { return h(); }\n";
    let opts = Options {
        wall: true,
        ..Default::default()
    };
    let out = compile("t.c", src.as_bytes(), &opts);
    assert!(
        out.diagnostics
            .contains("warning: unused variable 'unused_one' [-Wunused-variable]"),
        "{}",
        out.diagnostics
    );
    assert!(
        out.diagnostics.contains(
            "warning: implicit declaration of function 'h' [-Wimplicit-function-declaration]"
        ),
        "{}",
        out.diagnostics
    );
}

#[test]
fn instrument_functions_calls_the_hooks_of_instrumented_functions_only() {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnu_flags/instrument_functions.c");
    // by hand: each of the two calls of foo enters once (the first sees
    // one entry, no exit; the second two entries, one exit) and exits
    // once; main, the hooks and printf add nothing
    let want = "in foo 1 0 1\nin foo 2 1 1\n2 2 1\n".to_string();
    for level in ["-O0", "-O2"] {
        assert_eq!(
            run(&p, &[level, "-finstrument-functions"]),
            (want.clone(), 0),
            "{level}"
        );
        let (plain, _) = run(&p, &[level]);
        assert_eq!(plain, "in foo 0 0 0\nin foo 0 0 0\n0 0 0\n", "{level}");
    }
}

#[test]
fn abs_is_a_builtin_unless_fno_builtin() {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnu_flags/abs_builtin.c");
    // by hand: |−5| = 5 and |−7| = 7 inline; the program's own functions
    // return x + 100 and x + 1000
    for level in ["-O0", "-O2"] {
        assert_eq!(run(&p, &[level]), ("5 7\n".to_string(), 0), "{level}");
        assert_eq!(
            run(&p, &[level, "-fno-builtin"]),
            ("95 993\n".to_string(), 0),
            "{level}"
        );
        assert_eq!(
            run(&p, &[level, "-fno-builtin-abs"]),
            ("5 993\n".to_string(), 0),
            "{level}"
        );
    }
}

#[test]
fn always_false_infinity_comparisons_fold_away_their_calls() {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnu_flags/infinity_link_error.c");
    // by hand: link_error is never defined, so the program links only if
    // both comparisons fold; value() still runs once per call of check
    for level in ["-O0", "-O2"] {
        assert_eq!(run(&p, &[level]), (String::new(), 3), "{level}");
    }
}
