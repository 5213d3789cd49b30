//! Bounded fuzzing: random bytes and mutated corpus programs must never make
//! the front end (or the interpreter, on what compiles) panic or hang; every
//! input either compiles or gets diagnostics. `LCC_FUZZ_CASES=n` runs
//! more cases than the default 96 per property; `LCC_FUZZ_SAVE=FILE` writes
//! each input to FILE before compiling it, so an input that aborts the
//! process (a stack overflow cannot be caught and shrunk) is left behind.

use compiler::driver::{compile_here, with_big_stack, Options};
use compiler::interp::{run, RunOptions};
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
