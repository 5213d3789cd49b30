//! `testsuite --coremark DIR`: CoreMark built at -O2 with the project's
//! port, run and validated; a planted miscompile must make it fail. The
//! CoreMark sources are not in the repository: the tests look for them at
//! `$COREMARK_DIR`, else `../shared/bench/coremark` from the repository
//! root, and are skipped (with a message) when neither exists.

mod common;
use common::text;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn coremark_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("COREMARK_DIR").map(PathBuf::from),
        Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/bench/coremark")),
    ];
    for c in candidates.into_iter().flatten() {
        if c.join("core_main.c").is_file() {
            return Some(c);
        }
    }
    eprintln!(
        "CoreMark sources not found ($COREMARK_DIR, or ../shared/bench/coremark from the repository root): skipped"
    );
    None
}

fn runner(args: &[&str], tag: &str) -> Output {
    let out = std::env::temp_dir().join(format!("testsuite-coremark-{tag}-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_testsuite"))
        .args(args)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("run testsuite")
}

#[test]
fn coremark_at_o2_validates_and_reports_coremark_per_mhz() {
    let Some(dir) = coremark_dir() else { return };
    let o = runner(
        &[
            "--coremark",
            dir.to_str().unwrap(),
            "--configs",
            "O2,O2:-DVALIDATION_RUN=1",
            "--coremark-iterations",
            "4",
            "--json",
        ],
        "o2",
    );
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON report");
    // the validation seeds (0x3415, 0x3415, 0x66) and their known CRCs
    let v = &json["results"][1];
    assert_eq!(v["pass"], true, "{t}");
    assert_eq!(
        v["printed"]["run_type"], "2K validation run parameters for coremark.",
        "{t}"
    );
    assert_eq!(v["printed"]["crclist"], 0xe3c1, "{t}");
    let r = &json["results"][0];
    assert_eq!(r["config"], "O2", "{t}");
    assert_eq!(r["pass"], true, "{t}");
    assert_eq!(r["iterations"], 4, "{t}");
    // the CRCs CoreMark knows for its 2K performance run
    assert_eq!(r["printed"]["crclist"], 0xe714, "{t}");
    assert_eq!(r["printed"]["crcmatrix"], 0x1fd7, "{t}");
    assert_eq!(r["printed"]["crcstate"], 0x8e3a, "{t}");
    let timed = r["timed_cycles"].as_u64().unwrap();
    let total = r["cycles"].as_u64().unwrap();
    assert!(timed > 1_000_000 && timed < total, "{t}");
    let cm = r["coremark_per_mhz"].as_f64().unwrap();
    assert!((cm - 4e6 / timed as f64).abs() < 1e-9, "{t}");
    assert!(cm > 0.3 && cm < 10.0, "{t}");
}

#[test]
fn a_miscompiled_coremark_fails() {
    let Some(dir) = coremark_dir() else { return };
    // -fplant-bug=crcu16: crcu16 returns its CRC plus one
    let o = runner(
        &[
            "--coremark",
            dir.to_str().unwrap(),
            "--configs",
            "O2:-fplant-bug=crcu16",
            "--coremark-iterations",
            "1",
        ],
        "bug",
    );
    let t = text(&o);
    assert_eq!(o.status.code(), Some(1), "{t}");
    assert!(t.contains("0 passed, 1 failed"), "{t}");
    assert!(
        t.contains("FAIL coremark [O2:-fplant-bug=crcu16]: CoreMark"),
        "{t}"
    );
}

#[test]
fn a_folder_without_coremark_is_a_clear_error() {
    let empty = std::env::temp_dir().join(format!("testsuite-no-coremark-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let o = runner(&["--coremark", empty.to_str().unwrap()], "empty");
    let t = text(&o);
    assert_eq!(o.status.code(), Some(2), "{t}");
    assert!(
        t.contains("not a CoreMark source folder (core_list_join.c is missing)"),
        "{t}"
    );
}
