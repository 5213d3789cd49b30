//! Shared by the end-to-end tests of the `testsuite` binary.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the `testsuite` binary with `args`, its reports in `out`.
pub fn runner(args: &[&str], out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_testsuite"))
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("run testsuite")
}

/// A fresh, empty temporary folder named after the test binary and `tag`.
pub fn tmp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "testsuite-{}-{tag}-{}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Stdout then stderr of a run, as text.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
