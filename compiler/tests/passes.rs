//! Differential tests of every optimisation pass against the IR
//! interpreter (docs/src/design/architecture.md §4: "a pass is correct when the
//! interpreter gives the same result before and after it").
//!
//! The expected behaviour of each program is the interpreter's run of the
//! unoptimised IR (itself checked against `gcc -m32` by `tests/corpus.rs`);
//! each pass must leave output and exit status unchanged and keep the IR
//! verifier happy.

use compiler::driver::{self, Options};
use compiler::interp::RunOptions;
use compiler::ir::Module;
use compiler::opt;
mod common;

/// Compiles and links a corpus program to IR.
fn corpus_module(files: &[std::path::PathBuf]) -> Module {
    let mut mods = Vec::new();
    for f in files {
        let src = std::fs::read(f).unwrap();
        let out = driver::compile(&f.to_string_lossy(), &src, &Options::default());
        mods.push(out.result.expect("corpus program compiles"));
    }
    compiler::ir::link::link(mods).expect("corpus program links")
}

fn run(m: &Module) -> Result<(Vec<u8>, i32), String> {
    let m = m.clone();
    driver::with_big_stack(move || {
        compiler::driver::run(
            &m,
            &RunOptions {
                max_steps: Some(200_000_000),
                args: vec![],
            },
        )
        .map(|r| (r.stdout, r.exit_code))
        .map_err(|t| t.to_string())
    })
}

/// Runs `pass` on every function of `m`, then the verifier.
fn apply(m: &mut Module, pass: &opt::Pass) -> Result<(), String> {
    for f in &mut m.functions {
        (pass.run)(f);
        compiler::ir::verify_function(f).map_err(|e| format!("after {}: {e}", pass.name))?;
    }
    Ok(())
}

/// Every pass, alone after SSA construction, the whole -O3 pipeline, and
/// the soft-float legalisation after it and alone, on every corpus program:
/// same output and exit status as the unoptimised IR.
#[test]
fn every_pass_preserves_corpus_behaviour() {
    let ssa = opt::pass("ssa").unwrap();
    let mut failures = Vec::new();
    for (name, files) in common::programs() {
        let m0 = corpus_module(&files);
        let want = run(&m0);
        let mut m_ssa = m0.clone();
        if let Err(e) = apply(&mut m_ssa, ssa) {
            failures.push(format!("{name}: {e}"));
            continue;
        }
        let mut cases = vec![("ssa".to_string(), m_ssa.clone())];
        for p in opt::PASSES.iter().filter(|p| p.name != "ssa") {
            let mut m = m_ssa.clone();
            match apply(&mut m, p) {
                Ok(()) => cases.push((format!("ssa+{}", p.name), m)),
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
        let mut m = m0.clone();
        let o = opt::Options {
            level: 3,
            verify: true,
            ..Default::default()
        };
        match opt::optimize_module(&mut m, &o) {
            Ok(_) => {
                // soft-float legalisation (run by the back end) on the
                // optimised and on the unoptimised IR
                for (what, mut m) in [("-O3 pipeline", m.clone()), ("-O0", m0.clone())] {
                    opt::softfloat::legalize_module(&mut m);
                    match compiler::ir::verify_module(&m) {
                        Ok(()) => cases.push((format!("{what} + softfloat"), m)),
                        Err(e) => failures.push(format!("{name}: after softfloat: {e}")),
                    }
                }
                cases.push(("-O3 pipeline".to_string(), m));
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
        for (what, m) in cases {
            let got = run(&m);
            if got != want {
                failures.push(format!(
                    "{name} after {what}: got {got:?}\nwant {want:?}",
                    got = got
                        .as_ref()
                        .map(|x| (String::from_utf8_lossy(&x.0).to_string(), x.1)),
                    want = want
                        .as_ref()
                        .map(|x| (String::from_utf8_lossy(&x.0).to_string(), x.1)),
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Number of random programs (`LCC_PASS_CASES` for longer runs).
fn cases() -> u64 {
    std::env::var("LCC_PASS_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(150)
}

/// Random programs (`common::irgen`): every pass alone after SSA
/// construction, and the -O1 and -O3 pipelines, keep the interpreter's
/// output and exit status.
#[test]
fn every_pass_preserves_random_programs() {
    let ssa = opt::pass("ssa").unwrap();
    let mut failures = Vec::new();
    for seed in 0..cases() {
        let m0 = common::irgen::random_program(seed);
        compiler::ir::verify_module(&m0).expect("generator makes valid IR");
        let want = run(&m0);
        assert!(
            want.is_ok(),
            "seed {seed}: unoptimised program traps: {want:?}"
        );
        let mut m_ssa = m0.clone();
        if let Err(e) = apply(&mut m_ssa, ssa) {
            failures.push(format!("seed {seed}: {e}"));
            continue;
        }
        let mut cases = vec![("ssa".to_string(), m_ssa.clone())];
        for p in opt::PASSES.iter().filter(|p| p.name != "ssa") {
            let mut m = m_ssa.clone();
            match apply(&mut m, p) {
                Ok(()) => cases.push((format!("ssa+{}", p.name), m)),
                Err(e) => failures.push(format!("seed {seed}: {e}")),
            }
        }
        for level in [1, 3] {
            let mut m = m0.clone();
            let o = opt::Options {
                level,
                verify: true,
                ..Default::default()
            };
            match opt::optimize_module(&mut m, &o) {
                Ok(_) => cases.push((format!("-O{level} pipeline"), m)),
                Err(e) => failures.push(format!("seed {seed}: {e}")),
            }
        }
        for (what, m) in cases {
            let got = run(&m);
            if got != want {
                failures.push(format!(
                    "seed {seed} after {what}: output or status differs"
                ));
            }
        }
        if failures.len() > 10 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `cargo test -p compiler --test passes show_random -- --ignored --nocapture`
/// prints a generated program (set `LCC_SEED`).
#[test]
#[ignore]
fn show_random() {
    let seed = std::env::var("LCC_SEED").map_or(0, |s| s.parse().unwrap());
    let m = common::irgen::random_program(seed);
    println!("{}", m.print());
    println!("{:?}", run(&m));
}

/// Type-based alias rules (C99 §6.5p7, `-fstrict-aliasing`): the front end
/// flags the functions that read or write a union member or a bit-field,
/// the pass manager turns the rule on at -O2 for the others only (and for
/// none with `-fno-strict-aliasing`). With it, `*c += a[k]` (an `int`
/// accumulator, `short` elements) is promoted to a register; a union
/// written as `int` and read as `short` through two pointers to one
/// object keeps its loads. Expected values by hand: `sum` of 1..=8 plus
/// the accumulator's 100 is 136; the union loop reads s[0] = k (little
/// endian, ISA-ST200 §1.1) after writing i = k·65537 for k = 0..3: 6;
/// 136 + 6 = 142.
#[test]
fn strict_aliasing_promotes_across_types_but_not_through_unions() {
    let src = b"
union U { int i; short s[2]; };
__attribute__((noinline)) int sum(int *c, short *a, int n) {
  for (int k = 0; k < n; k++) *c += a[k];
  return *c;
}
__attribute__((noinline)) int pun(union U *p, union U *q, int n) {
  int acc = 0;
  for (int k = 0; k < n; k++) { p->i = k * 65537; acc += q->s[0]; }
  return acc;
}
struct B { int a : 8; short b; };
__attribute__((noinline)) int bits(struct B *p) { return p->a; }
int main(void) {
  short a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int c = 100;
  union U u;
  struct B b = {0, 0};
  return sum(&c, a, 8) + pun(&u, &u, 4) + bits(&b);
}
";
    let m0 = driver::compile("tbaa.c", src, &Options::default())
        .result
        .expect("compiles");
    let punning = |m: &Module, name: &str| {
        let f = m.functions.iter().find(|f| f.name == name).unwrap();
        (f.type_punning, f.strict_aliasing)
    };
    assert_eq!(punning(&m0, "sum"), (false, false));
    assert_eq!(punning(&m0, "pun"), (true, false));
    assert_eq!(punning(&m0, "bits"), (true, false));
    assert_eq!(run(&m0).unwrap().1, 142);
    let promoted = |strict: Option<bool>| {
        let mut m = m0.clone();
        let report = opt::optimize_module(
            &mut m,
            &opt::Options {
                level: 2,
                strict_aliasing: strict,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(run(&m).unwrap().1, 142, "{strict:?}");
        let get = |p: &str| {
            report
                .stats
                .iter()
                .find(|s| s.0 == p)
                .map_or(0, |s| s.1.get("locations promoted"))
        };
        (get("promote"), punning(&m, "sum"), punning(&m, "pun"))
    };
    let (n, sum, pun) = promoted(None);
    assert_eq!(n, 1, "the accumulator of sum");
    assert_eq!((sum, pun), ((false, true), (true, false)));
    let (n, sum, _) = promoted(Some(false));
    assert_eq!(n, 0);
    assert_eq!(sum, (false, false));
}
