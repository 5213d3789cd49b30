//! GNU C nested functions, `__label__` and gcc's control builtins: the
//! programs `tests/gnu/nested_functions.c`, `nested_goto.c` and
//! `control_builtins.c` (compared with the host `gcc -m32` by
//! `gnu_extensions.rs`) cover what works; here, what stays unsupported is
//! an error naming the construct at its line and column, and the
//! trampoline pool's limit stops the program instead of calling a wrong
//! frame.

mod common;
use common::{simulate, single_source};
use compiler::driver::{build_executable, compile, Config, Options};

/// Compiles `src` as `t.c`: the diagnostics, which must report an error.
fn errors_of(src: &str) -> String {
    let out = compile("t.c", src.as_bytes(), &Options::default());
    assert!(out.errors > 0, "no error for:\n{src}\n{}", out.diagnostics);
    out.diagnostics
}

#[test]
fn unsupported_uses_are_errors_at_their_place() {
    let cases: &[(&str, &str)] = &[
        (
            "void *f(void) { return __builtin_frame_address(1); }\n",
            "t.c:1:48: error: '__builtin_frame_address' of a level other than 0 is not supported",
        ),
        (
            "void *f(int n) { return __builtin_frame_address(n); }\n",
            "t.c:1:49: error: invalid argument to '__builtin_frame_address': a nonnegative integer constant is needed",
        ),
        (
            "void *f(void) { return __builtin_return_address(-1); }\n",
            "t.c:1:49: error: invalid argument to '__builtin_return_address'",
        ),
        (
            "int f(void) {\n  int g(int a, ...) { return a; }\n  int (*p)(int, ...) = g;\n  return p(1);\n}\n",
            "t.c:3:24: error: taking the address of nested function 'g' is not supported: it is variadic",
        ),
        (
            "int f(int n) {\n  int a[n][n];\n  int g(void) { return a[0][0]; }\n  return g();\n}\n",
            "t.c:3:24: error: a variable-length array of the enclosing function used in a nested function is not supported",
        ),
        (
            "int f(void) {\n  void g(void) { goto out; }\n  g();\nout:\n  return 0;\n}\n",
            "t.c:2:23: error: label 'out' used but not defined",
        ),
        (
            "void f(void *b) { __builtin_longjmp(b); }\n",
            "t.c:1:19: error: '__builtin_longjmp' takes 2 arguments, not 1",
        ),
    ];
    for (src, want) in cases {
        let d = errors_of(src);
        assert!(d.contains(want), "want {want}\ngot\n{d}");
    }
}

#[test]
fn local_labels_are_scoped_to_their_block() {
    // the same `__label__` name in two blocks of one function is two labels
    let src = "int f(int x) {\n  { __label__ l; if (x) goto l; x = 1; l: ; }\n  { __label__ l; goto l; x = 2; l: ; }\n  return x;\n}\n";
    let out = compile("t.c", src.as_bytes(), &Options::default());
    assert_eq!(out.errors, 0, "{}", out.diagnostics);
}

/// Builds `src` at `-O2` and runs it in stsim: (stdout + stderr, status).
fn run(src: &str) -> (String, i32) {
    let dir = std::env::temp_dir().join(format!("lcc-nested-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("pool.c");
    std::fs::write(&p, src).unwrap();
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    let exe = build_executable(&single_source(&p), &cfg).unwrap();
    let (out, code) = simulate(&exe, cfg.model.core).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (String::from_utf8_lossy(&out).into_owned(), code)
}

#[test]
fn return_address_of_an_outer_frame_is_null() {
    // ST200 frames keep no chain to an outer frame's saved return address:
    // levels above 0 give a null pointer (as gcc on targets without a
    // chain), level 0 this function's own return address, inside `main`'s
    // caller; the program exits with 0 only if both hold
    let src = "extern void abort(void);\n\
               __attribute__((noinline)) void *outer(int k) {\n\
                 switch (k) { case 1: return __builtin_return_address(1); default: return __builtin_return_address(2 + 3); }\n\
               }\n\
               __attribute__((noinline)) void *own(void) { return __builtin_return_address(0); }\n\
               int main(void) {\n\
                 if (outer(1) != 0 || outer(2) != 0) abort();\n\
                 if (own() == 0) abort();\n\
                 return 0;\n\
               }\n";
    assert_eq!(run(src), (String::new(), 0));
}

#[test]
fn trampoline_pool_holds_eight_live_activations_then_stops() {
    // each level of the recursion keeps its own nested function's address
    // live until the bottom calls them all: depth 8 fits the pool of 8
    // thunks (sum 1+…+8 = 36), depth 9 stops with abort() (status 134)
    let src = |depth: u32| {
        format!(
            "#include <stdio.h>\n\
             static int rec(int d, int (**fs)(void)) {{\n\
               int mine(void) {{ return d; }}\n\
               fs[d - 1] = mine;\n\
               if (d > 1) return rec(d - 1, fs);\n\
               int s = 0;\n\
               for (int i = 0; i < {depth}; i++) s += fs[i]();\n\
               return s;\n\
             }}\n\
             int main(void) {{ int (*fs[16])(void); printf(\"%d\\n\", rec({depth}, fs)); return 0; }}\n"
        )
    };
    assert_eq!(run(&src(8)), ("36\n".to_string(), 0));
    let (_, code) = run(&src(9));
    assert_eq!(code, 134);
}
