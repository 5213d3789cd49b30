//! `--shard K/N` and `testsuite merge`: the merged report of the shards of
//! a run equals the report of the run unsharded, except for timings; and
//! merge refuses shards of different options.

mod common;
use common::{text, tmp};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn runner(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_testsuite"))
        .args(args)
        .output()
        .expect("run testsuite")
}

/// The report at `path` without what legitimately differs between runs:
/// compile times and the shard.
fn normalised(path: &Path) -> serde_json::Value {
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("report")).expect("JSON");
    if let Some(results) = v["results"].as_array_mut() {
        for r in results {
            if let Some(m) = r.get_mut("measurement").and_then(|m| m.as_object_mut()) {
                m.remove("compile_ms");
            }
        }
    }
    if let Some(p) = v.get_mut("provenance").and_then(|p| p.as_object_mut()) {
        p.remove("shard");
    }
    v
}

/// Runs `args` unsharded into `whole/`, and in `n` shards merged into
/// `merged.json`; returns (unsharded, merged) report paths.
fn whole_and_merged(tag: &str, args: &[&str], n: u32, report: &str) -> (PathBuf, PathBuf) {
    let dir = tmp(tag);
    let whole = dir.join("whole");
    let mut a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    a.extend(["--out".into(), whole.display().to_string()]);
    let r = runner(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(r.status.success(), "{}", text(&r));
    let mut parts = Vec::new();
    for k in 1..=n {
        let out = dir.join(format!("shard{k}"));
        let mut a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        a.extend([
            "--shard".into(),
            format!("{k}/{n}"),
            "--out".into(),
            out.display().to_string(),
        ]);
        let r = runner(&a.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(r.status.success(), "{}", text(&r));
        parts.push(out.join(report).display().to_string());
    }
    let merged = dir.join("merged.json");
    let mut a = vec!["merge".to_string()];
    a.extend(parts);
    a.extend(["-o".into(), merged.display().to_string()]);
    let r = runner(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(r.status.success(), "{}", text(&r));
    (whole.join(report), merged)
}

#[test]
fn merged_benchmark_shards_equal_one_run() {
    let args = ["--filter", "fir,crc32,bitcount", "--configs", "O0,O2"];
    let (whole, merged) = whole_and_merged("bench", &args, 4, "report.json");
    // 3 benchmarks × 2 configurations = 6 outcomes over 4 shards: shards 1
    // and 2 get two each, 3 and 4 one each.
    assert_eq!(normalised(&whole), normalised(&merged));
    assert_eq!(normalised(&merged)["results"].as_array().unwrap().len(), 6);
    for ext in ["csv", "md", "svg"] {
        assert!(merged.with_extension(ext).exists(), "merged .{ext} missing");
    }
}

#[test]
fn merge_refuses_shards_of_other_options() {
    let dir = tmp("refuse");
    let a = dir.join("a");
    let b = dir.join("b");
    let r = runner(&[
        "--filter",
        "crc32",
        "--configs",
        "O0",
        "--shard",
        "1/2",
        "--out",
        a.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", text(&r));
    let r = runner(&[
        "--filter",
        "crc32",
        "--configs",
        "O2",
        "--shard",
        "2/2",
        "--out",
        b.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", text(&r));
    let r = runner(&[
        "merge",
        a.join("report.json").to_str().unwrap(),
        b.join("report.json").to_str().unwrap(),
        "-o",
        dir.join("m.json").to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(2), "{}", text(&r));
    assert!(text(&r).contains("same options"), "{}", text(&r));
}

fn csmith_installed() -> bool {
    Command::new("csmith").arg("--version").output().is_ok()
        && Path::new("/usr/include/csmith/csmith.h").exists()
}

/// 8 csmith seeds in 4 shards; `cargo test -p testsuite --test shard --
/// --ignored` runs the 200-seed version.
#[test]
fn merged_csmith_shards_equal_one_run() {
    if !csmith_installed() {
        eprintln!("csmith not installed: skipped (.ci/run installs csmith and libcsmith-dev)");
        return;
    }
    let args = ["--csmith", "8:424200", "--configs", "O2"];
    let (whole, merged) = whole_and_merged("csmith", &args, 4, "csmith.json");
    let m = normalised(&merged);
    assert_eq!(normalised(&whole), m);
    assert_eq!(m["programs"].as_array().unwrap().len(), 8);
}

#[test]
#[ignore = "200 csmith programs, twice: about 10 minutes on 2 cores"]
fn merged_csmith_shards_equal_one_run_200_seeds() {
    assert!(csmith_installed(), "csmith not installed");
    let args = ["--csmith", "200:424300", "--configs", "O2"];
    let (whole, merged) = whole_and_merged("csmith200", &args, 4, "csmith.json");
    assert_eq!(normalised(&whole), normalised(&merged));
}
