//! The C test corpus (`tests/corpus/*.c`, and multi-file programs in
//! `tests/corpus/*/`): every program is compiled and run by the host
//! `gcc -m32 -malign-double` (ILP32 with 8-byte-aligned `long long`, like
//! the ST200, ISA-ST200 §1.1) at test time, and by `lcc`'s IR interpreter.
//! The expected output and exit status come from gcc, never from lcc.

use compiler::driver::{compile_and_run, Options};
use compiler::interp::RunOptions;
use std::path::{Path, PathBuf};
use std::process::Command;

fn gcc_run(files: &[PathBuf], tag: &str) -> (Vec<u8>, i32) {
    let dir = std::env::temp_dir().join(format!("lcc-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(tag);
    let out = Command::new("gcc")
        .args(["-m32", "-malign-double", "-std=gnu99", "-w", "-O0", "-o"])
        .arg(&exe)
        .args(files)
        .output()
        .expect("host gcc is required for the corpus tests (apt-get install gcc-multilib)");
    assert!(
        out.status.success(),
        "gcc -m32 failed on {tag} (is gcc-multilib installed?):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().expect("run gcc-built program");
    let _ = std::fs::remove_file(&exe);
    (
        run.stdout,
        run.status
            .code()
            .expect("gcc-built program killed by a signal"),
    )
}

fn programs() -> Vec<(String, Vec<PathBuf>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut v = Vec::new();
    for e in std::fs::read_dir(&root).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(&p)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|f| f.extension().is_some_and(|x| x == "c"))
                .collect();
            files.sort();
            v.push((name, files));
        } else if name.ends_with(".c") {
            v.push((name.trim_end_matches(".c").to_string(), vec![p]));
        }
    }
    v.sort();
    v
}

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
