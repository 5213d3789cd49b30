//! The C test corpus (`tests/corpus/*.c`, and multi-file programs in
//! `tests/corpus/*/`): every program is compiled and run by the host
//! `gcc -m32 -malign-double` (ILP32 with 8-byte-aligned `long long`, like
//! the ST200, ISA-ST200 §1.1) at test time, and by `lcc`'s IR interpreter.
//! The expected output and exit status come from gcc, never from lcc.

use compiler::driver::{compile_and_run, Options};
use compiler::interp::RunOptions;
mod common;
use common::{gcc_run, programs};

#[test]
fn corpus_matches_gcc_m32() {
    let progs = programs();
    assert!(
        progs.len() >= 60,
        "corpus has only {} programs",
        progs.len()
    );
    let mut failures = Vec::new();
    for (name, files) in &progs {
        let (want_out, want_code) = gcc_run(files, name);
        let sources: Vec<(String, Vec<u8>)> = files
            .iter()
            .map(|f| (f.to_string_lossy().to_string(), std::fs::read(f).unwrap()))
            .collect();
        let (diag, res) = compile_and_run(
            &sources,
            &Options::default(),
            &RunOptions {
                max_steps: Some(200_000_000),
                args: vec![],
            },
        );
        match res {
            None => failures.push(format!("{name}: lcc failed to compile:\n{diag}")),
            Some(Err(t)) => failures.push(format!("{name}: lcc run trapped: {t}")),
            Some(Ok(r)) => {
                if r.stdout != want_out || r.exit_code != want_code {
                    failures.push(format!(
                        "{name}: mismatch\n--- gcc (exit {want_code}):\n{}\n--- lcc (exit {}):\n{}",
                        String::from_utf8_lossy(&want_out),
                        r.exit_code,
                        String::from_utf8_lossy(&r.stdout)
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs differ:\n{}",
        failures.len(),
        progs.len(),
        failures.join("\n\n")
    );
}
