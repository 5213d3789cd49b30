//! `--shard K/N` and `testsuite merge`: the merged report of the shards of
//! a run (benchmarks, csmith, a sweep) equals the report of the run
//! unsharded, except for timings; and merge refuses shards of different
//! options.

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

/// A sweep of 2 benchmarks × 1 configuration × 3 machines (6 runs) in 2
/// shards: each shard has runs whose speed-up needs the reference
/// machine's run from the other, so the merge must compute the speed-ups
/// and geometric means again; its JSON, CSV, Markdown and SVG equal the
/// unsharded run's.
#[test]
fn merged_sweep_shards_equal_one_run() {
    let args = [
        "--filter",
        "crc32,bitcount",
        "--configs",
        "O1",
        "--sweep",
        "dcache.miss_penalty=20,60",
    ];
    let (whole, merged) = whole_and_merged("sweep", &args, 2, "sweep.json");
    let m = normalised(&merged);
    assert_eq!(normalised(&whole), m);
    assert_eq!(m["results"].as_array().unwrap().len(), 6);
    // every run on a derived machine has its speed-up over the ST231
    for r in m["results"].as_array().unwrap() {
        assert!(r["speedup"].as_f64().is_some_and(|s| s > 0.0), "{r}");
    }
    for ext in ["csv", "md", "svg"] {
        let a = std::fs::read_to_string(whole.with_extension(ext)).unwrap();
        let b = std::fs::read_to_string(merged.with_extension(ext)).unwrap();
        assert_eq!(a, b, "sweep.{ext} and the merged .{ext} differ");
    }
    // a shard given twice, or a sweep shard with a benchmark report, is refused
    let dir = merged.parent().unwrap();
    let s1 = dir.join("shard1").join("sweep.json");
    let twice = runner(&[
        "merge",
        s1.to_str().unwrap(),
        s1.to_str().unwrap(),
        "-o",
        dir.join("twice.json").to_str().unwrap(),
    ]);
    assert_eq!(twice.status.code(), Some(2), "{}", text(&twice));
    assert!(text(&twice).contains("given twice"), "{}", text(&twice));
    let other = dir.join("bench.json");
    std::fs::write(
        &other,
        r#"{"configs":["O1"],"benchmarks":["crc32"],"results":[]}"#,
    )
    .unwrap();
    let mixed = runner(&[
        "merge",
        s1.to_str().unwrap(),
        other.to_str().unwrap(),
        "-o",
        dir.join("mixed.json").to_str().unwrap(),
    ]);
    assert_eq!(mixed.status.code(), Some(2), "{}", text(&mixed));
    assert!(text(&mixed).contains("sweep reports"), "{}", text(&mixed));
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
    // a mode that is not split says so rather than running all its work
    for mode in [["--torture", "no-such-dir"], ["--loops", "no-such-dir"]] {
        let r = runner(&[mode[0], mode[1], "--shard", "1/2"]);
        assert_eq!(r.status.code(), Some(2), "{}", text(&r));
        assert!(
            text(&r).contains(&format!(
                "--shard splits the benchmarks, --csmith or a sweep, not {}",
                mode[0]
            )),
            "{}",
            text(&r)
        );
    }
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
