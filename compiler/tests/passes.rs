//! Differential tests of every optimisation pass against the IR
//! interpreter (ARCHITECTURE.md §4: "a pass is correct when the
//! interpreter gives the same result before and after it").
//!
//! The expected behaviour of each program is the interpreter's run of the
//! unoptimised IR (itself checked against `gcc -m32` by `tests/corpus.rs`);
//! each pass must leave output and exit status unchanged and keep the IR
//! verifier happy.

use compiler::driver::{self, Options};
use compiler::interp::{self, RunOptions};
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
    driver::link(mods).expect("corpus program links")
}

fn run(m: &Module) -> Result<(Vec<u8>, i32), String> {
    let m = m.clone();
    driver::with_big_stack(move || {
        interp::run(
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

/// Every pass, alone after SSA construction, and the whole -O2 pipeline,
/// on every corpus program: same output and exit status as the
/// unoptimised IR.
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
            Ok(_) => cases.push(("-O3 pipeline".to_string(), m)),
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
