//! Bounded fuzzing: random bytes and mutated corpus programs must never make
//! the front end (or the interpreter, on what compiles) panic or hang; every
//! input either compiles or gets diagnostics. What compiles also goes
//! through the `-O2` pipeline (verifier after every pass) and the back end
//! at `-O0` and `-O2` (machine SSA, out-of-SSA, allocation, bundling),
//! which must produce assembly, not errors or panics. `LCC_FUZZ_CASES=n` runs
//! more cases than the default 96 per property; `LCC_FUZZ_SAVE=FILE` writes
//! each input to FILE before compiling it, so an input that aborts the
//! process (a stack overflow cannot be caught and shrunk) is left behind.

use compiler::driver::{compile_here, with_big_stack, Options};
use compiler::interp::{run, RunOptions};
use compiler::ir::Module;
use compiler::{codegen, opt};
use proptest::prelude::*;
use std::path::Path;

fn corpus() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .map(|p| (p.to_string_lossy().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    v.sort();
    v.into_iter().map(|x| x.1).collect()
}

fn check(src: Vec<u8>) {
    if let Some(path) = std::env::var_os("LCC_FUZZ_SAVE") {
        std::fs::write(path, &src).expect("write LCC_FUZZ_SAVE");
    }
    with_big_stack(move || {
        let out = compile_here("fuzz.c", &src, &Options::default());
        match out.result {
            Some(m) => {
                optimize_and_select(&m);
                let _ = run(
                    &m,
                    &RunOptions {
                        max_steps: Some(200_000),
                        args: vec![],
                    },
                );
            }
            None => assert!(
                out.errors > 0 && !out.diagnostics.is_empty(),
                "rejected without a diagnostic"
            ),
        }
    });
}

/// The `-O0` back end, then the `-O2` pipeline and the machine-SSA back end
/// (without and with if-conversion), on a module that compiled.
fn optimize_and_select(m: &Module) {
    codegen::compile_module(m, &codegen::Options::default())
        .unwrap_or_else(|e| panic!("-O0 back end: {e:?}"));
    let mut o = m.clone();
    let level2 = opt::Options {
        level: 2,
        verify: true,
        ..Default::default()
    };
    opt::optimize_module(&mut o, &level2).unwrap_or_else(|e| panic!("-O2 pipeline: {e}"));
    let ssa = codegen::Options {
        ssa: true,
        ..Default::default()
    };
    codegen::compile_module(&o, &ssa).unwrap_or_else(|e| panic!("-O2 back end: {e:?}"));
    // if-conversion, with both translations out of psi-SSA
    for psi_webs in [false, true] {
        let ic = codegen::Options {
            if_convert: true,
            psi_webs,
            ..ssa.clone()
        };
        codegen::compile_module(&o, &ic)
            .unwrap_or_else(|e| panic!("-O2 back end with if-conversion: {e:?}"));
    }
}

const TOKENS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "*",
    "&",
    "#define X",
    "#if",
    "#endif",
    "\n#",
    "struct",
    "int",
    "x",
    "0",
    "'",
    "\"",
    "/*",
    "\\",
    "...",
    "##",
    "=",
    "?",
    ":",
    "sizeof",
    "return",
    "goto",
    "case",
    "typedef",
];

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Insert(usize, usize),
    Duplicate(usize, usize),
    Byte(usize, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0usize..40).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (any::<usize>(), 0..TOKENS.len()).prop_map(|(a, t)| Mutation::Insert(a, t)),
        (any::<usize>(), 0usize..200).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Byte(a, b)),
    ]
}

fn apply(mut s: Vec<u8>, muts: &[Mutation]) -> Vec<u8> {
    for m in muts {
        let len = s.len().max(1);
        match *m {
            Mutation::Delete(a, n) => {
                let a = a % len;
                let e = (a + n).min(s.len());
                if a < e {
                    s.drain(a..e);
                }
            }
            Mutation::Insert(a, t) => {
                let a = a % len.min(s.len() + 1).max(1);
                let a = a.min(s.len());
                s.splice(a..a, TOKENS[t].bytes());
            }
            Mutation::Duplicate(a, n) => {
                let a = a % len;
                let e = (a + n).min(s.len());
                if a < e {
                    let chunk: Vec<u8> = s[a..e].to_vec();
                    s.splice(e..e, chunk);
                }
            }
            Mutation::Byte(a, b) => {
                if !s.is_empty() {
                    let a = a % s.len();
                    s[a] = b;
                }
            }
        }
    }
    s
}

/// Byte ranges of the decimal integer literals of `src` outside strings,
/// character constants, comments and preprocessor lines.
fn decimal_literals(src: &[u8]) -> Vec<(usize, usize)> {
    let mut out = vec![];
    let mut i = 0;
    let mut line_start = true;
    while i < src.len() {
        let c = src[i];
        match c {
            b'\n' => line_start = true,
            b'#' if line_start => {
                while i < src.len() && src[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'"' | b'\'' => {
                i += 1;
                while i < src.len() && src[i] != c && src[i] != b'\n' {
                    i += if src[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if src.get(i + 1) == Some(&b'/') => {
                while i < src.len() && src[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if src.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < src.len() && !(src[i] == b'*' && src[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            b'0'..=b'9' => {
                let start = i;
                while i < src.len()
                    && (src[i].is_ascii_alphanumeric() || src[i] == b'_' || src[i] == b'.')
                {
                    i += 1;
                }
                let prev = start.checked_sub(1).map(|p| src[p]);
                let ident_before =
                    prev.is_some_and(|p| p.is_ascii_alphanumeric() || p == b'_' || p == b'.');
                if !ident_before && src[start..i].iter().all(u8::is_ascii_digit) {
                    out.push((start, i));
                }
                line_start = false;
                continue;
            }
            b' ' | b'\t' | b'\r' => {}
            _ => line_start = false,
        }
        i += 1;
    }
    out
}

/// Integer constants that exercise folding and strength reduction (powers
/// of two and their neighbours, small odd divisors, type limits).
const CONSTANTS: &[u32] = &[
    0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 12, 13, 15, 16, 17, 25, 31, 32, 33, 63, 64, 100, 127, 128, 255,
    256, 641, 1000, 4095, 32767, 32768, 65535, 65536,
];

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("LCC_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(96), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(src in proptest::collection::vec(any::<u8>(), 0..400)) {
        check(src);
    }

    #[test]
    fn mutated_sources_never_panic(idx in any::<usize>(), muts in proptest::collection::vec(mutation(), 1..6)) {
        let c = corpus();
        let src = apply(c[idx % c.len()].clone(), &muts);
        check(src);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("LCC_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(96), failure_persistence: None, ..ProptestConfig::default() })]

    /// Corpus programs with some decimal constants replaced (new folding,
    /// division-by-constant and shift cases for the optimiser and the back
    /// end; most still compile, unlike the byte-level mutations).
    #[test]
    fn changed_constants_never_panic(idx in any::<usize>(), changes in proptest::collection::vec((any::<usize>(), 0..CONSTANTS.len()), 1..4)) {
        let c = corpus();
        let mut src = c[idx % c.len()].clone();
        for (at, k) in changes {
            let lits = decimal_literals(&src);
            if lits.is_empty() {
                break;
            }
            let (a, b) = lits[at % lits.len()];
            src.splice(a..b, CONSTANTS[k].to_string().bytes());
        }
        check(src);
    }
}

#[test]
fn decimal_literals_skip_strings_comments_and_directives() {
    let src = b"#define N 10\nint a[3] = {0x1f, 2u, 7}; /* 4 */ // 5\nchar *s = \"6\"; float f = 1.5; int x9 = 8;\n";
    let found: Vec<&[u8]> = decimal_literals(src)
        .iter()
        .map(|&(a, b)| &src[a..b])
        .collect();
    assert_eq!(found, [&b"3"[..], b"7", b"8"]);
}

/// Generated programs nest deeply: a csmith program nests 90 brackets in
/// one statement. 200 nested `(1 + ` … `)` compile and give, by hand,
/// 1 + 200 × 1 = 201.
#[test]
fn deep_but_reasonable_nesting_compiles() {
    let depth = 200;
    let src = format!(
        "int main(void) {{ int x = 1; return ({}x{}) - 0 == 201 ? 0 : 1; }}",
        "(1 + ".repeat(depth),
        ")".repeat(depth)
    );
    let (diag, res) = compiler::driver::compile_and_run(
        &[("deep.c".to_string(), src.into_bytes())],
        &Options::default(),
        &RunOptions {
            max_steps: Some(1_000_000),
            args: vec![],
        },
    );
    let r = res
        .unwrap_or_else(|| panic!("deep.c did not compile:\n{diag}"))
        .expect("deep.c trapped");
    assert_eq!(r.exit_code, 0, "{diag}");
}

#[test]
fn deep_nesting_is_diagnosed() {
    for src in [
        "int x = ".to_string() + &"(".repeat(100_000) + "1;",
        "int f(){".to_string() + &"{".repeat(100_000),
        "#define A(x) x\nint y = ".to_string() + &"A(".repeat(5000) + "1" + &")".repeat(5000) + ";",
        "int ".to_string() + &"*".repeat(100_000) + "p;",
    ] {
        check(src.into_bytes());
    }
}
