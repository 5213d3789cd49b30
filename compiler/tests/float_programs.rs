//! The self-checking floating-point programs of `tests/float/` (FFT,
//! matrix inversion, Mandelbrot, n-body, statistics, float filters,
//! `printf`/`strtod` round trips, conversions at the edges of each integer
//! type, …; `tests/float/README.md` lists them). `NAME.expected` is the
//! stdout of the host build `gcc -m32 -msse2 -mfpmath=sse -ffp-contract=off
//! -O2` (the same at `-O0` and on x86-64; `tests/float/check-host.sh`
//! rebuilds the four variants and compares them). Each program must print
//! exactly that in lcc's IR interpreter, and built by lcc at `-O0` and
//! `-O2` for the ST220, ST231 and ST240 and run in `stsim`.

use compiler::driver::{build_executable, compile_and_run_optimized, Config, Options};
use compiler::interp::RunOptions;
use std::path::{Path, PathBuf};

mod common;
use common::simulate;

/// `tests/float/*.c` with their expected stdout, sorted by name.
fn programs() -> Vec<(String, PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/float");
    let mut v: Vec<(String, PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let want = std::fs::read(p.with_extension("expected"))
                .unwrap_or_else(|e| panic!("{name}.expected: {e}"));
            (name, p, want)
        })
        .collect();
    v.sort();
    assert!(v.len() >= 20, "only {} float programs", v.len());
    v
}

fn source(p: &Path) -> Vec<(String, Vec<u8>)> {
    vec![(p.to_string_lossy().into_owned(), std::fs::read(p).unwrap())]
}

/// Builds every program with `flags` and runs it in stsim.
fn check_in_stsim(flags: &[&str]) {
    let flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    let cfg = Config::from_flags(&flags).unwrap();
    let mut failures = Vec::new();
    for (name, path, want) in programs() {
        let exe = match build_executable(&source(&path), &cfg) {
            Ok(e) => e,
            Err(e) => {
                failures.push(format!("{name}: build failed: {e}"));
                continue;
            }
        };
        match simulate(&exe, cfg.model.core) {
            Ok((out, 0)) if out == want => {}
            Ok((out, code)) => failures.push(format!(
                "{name}: exit {code}, stdout\n{}\nexpected\n{}",
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&want)
            )),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{flags:?}: {} programs differ:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn float_programs_in_the_ir_interpreter() {
    let mut failures = Vec::new();
    for level in [0, 2] {
        let optim = compiler::opt::Options {
            level,
            ..Default::default()
        };
        for (name, path, want) in programs() {
            let (diag, res) = compile_and_run_optimized(
                &source(&path),
                &Options::default(),
                &optim,
                &RunOptions {
                    max_steps: Some(500_000_000),
                    args: vec![],
                },
            );
            match res {
                Some(Ok(r)) if r.stdout == want && r.exit_code == 0 => {}
                Some(Ok(r)) => failures.push(format!(
                    "-O{level} {name}: exit {}, stdout\n{}",
                    r.exit_code,
                    String::from_utf8_lossy(&r.stdout)
                )),
                Some(Err(t)) => failures.push(format!("-O{level} {name}: trap {t}")),
                None => failures.push(format!("-O{level} {name}: {diag}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn float_programs_st231_o0() {
    check_in_stsim(&["-O0", "-mcpu=st231"]);
}

#[test]
fn float_programs_st231_o2() {
    check_in_stsim(&["-O2", "-mcpu=st231"]);
}

#[test]
fn float_programs_st220_o0() {
    check_in_stsim(&["-O0", "-mcpu=st220"]);
}

#[test]
fn float_programs_st220_o2() {
    check_in_stsim(&["-O2", "-mcpu=st220"]);
}

#[test]
fn float_programs_st240_o0() {
    check_in_stsim(&["-O0", "-mcpu=st240"]);
}

#[test]
fn float_programs_st240_o2() {
    check_in_stsim(&["-O2", "-mcpu=st240"]);
}
