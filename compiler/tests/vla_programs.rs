//! The variable-length array programs of `tests/vla/` (every C99 VLA
//! form: multi-dimensional VLAs, pointers to VLAs, VLA parameters and
//! `[*]`, VLA typedefs and type names, sizes with side effects, storage
//! freed when a scope is left). The expected stdout and exit status come
//! from the host `gcc -m32` build of the same program at test time
//! (`common::gcc_run`); each program must give them in lcc's IR
//! interpreter at `-O0` and `-O2`, and built by lcc for the ST231 at
//! `-O0` and `-O2` and the ST220 at `-O2` and run in `stsim`.

use compiler::driver::{build_executable, compile_and_run_optimized, Config, Options};
use compiler::interp::RunOptions;
use std::path::{Path, PathBuf};

mod common;
use common::{gcc_run, simulate};

/// A program's name, path and gcc's (stdout, exit status).
type Program = (String, PathBuf, (Vec<u8>, i32));

/// `tests/vla/*.c`, sorted, with gcc's (stdout, exit status), built once
/// for all the tests of this file (which run in parallel).
fn programs() -> Vec<Program> {
    static PROGRAMS: std::sync::OnceLock<Vec<Program>> = std::sync::OnceLock::new();
    PROGRAMS.get_or_init(build_with_gcc).clone()
}

fn build_with_gcc() -> Vec<Program> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vla");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    v.sort();
    assert!(v.len() >= 5, "only {} VLA programs", v.len());
    v.into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let want = gcc_run(std::slice::from_ref(&p), &format!("vla-{name}"));
            (name, p, want)
        })
        .collect()
}

fn source(p: &Path) -> Vec<(String, Vec<u8>)> {
    vec![(p.to_string_lossy().into_owned(), std::fs::read(p).unwrap())]
}

#[test]
fn vla_programs_in_the_ir_interpreter() {
    let mut failures = Vec::new();
    for (name, path, (want, code)) in programs() {
        for level in [0, 2] {
            let optim = compiler::opt::Options {
                level,
                ..Default::default()
            };
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
                Some(Ok(r)) if r.stdout == want && r.exit_code == code => {}
                Some(Ok(r)) => failures.push(format!(
                    "-O{level} {name}: exit {} (want {code}), stdout\n{}\nwant\n{}",
                    r.exit_code,
                    String::from_utf8_lossy(&r.stdout),
                    String::from_utf8_lossy(&want)
                )),
                Some(Err(t)) => failures.push(format!("-O{level} {name}: trap {t}")),
                None => failures.push(format!("-O{level} {name}: {diag}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Builds every program with `flags` and runs it in stsim.
fn check_in_stsim(flags: &[&str]) {
    let flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    let cfg = Config::from_flags(&flags).unwrap();
    let mut failures = Vec::new();
    for (name, path, (want, code)) in programs() {
        let exe = match build_executable(&source(&path), &cfg) {
            Ok(e) => e,
            Err(e) => {
                failures.push(format!("{name}: build failed: {e}"));
                continue;
            }
        };
        match simulate(&exe, cfg.model.core) {
            Ok((out, c)) if out == want && c == code => {}
            Ok((out, c)) => failures.push(format!(
                "{name}: exit {c} (want {code}), stdout\n{}\nexpected\n{}",
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
fn vla_programs_st231_o0() {
    check_in_stsim(&["-O0", "-mcpu=st231"]);
}

#[test]
fn vla_programs_st231_o2() {
    check_in_stsim(&["-O2", "-mcpu=st231"]);
}

#[test]
fn vla_programs_st220_o2() {
    check_in_stsim(&["-O2", "-mcpu=st220"]);
}
