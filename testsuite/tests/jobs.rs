//! `--jobs`: every mode runs its compile-and-simulate jobs in parallel,
//! and its reports (stdout, the JSON files) are the same, in the same
//! order, with one job at a time and with two, except for compile times.
//! The jobs of a mode take different times, so two at a time finish out
//! of order: a report in completion order would differ.

mod common;
use common::{runner, text, tmp};
use std::path::Path;
use std::process::Command;

/// `value` without what legitimately differs between two runs: compile
/// times (`compile_ms`, anywhere).
fn without_times(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(m) => {
            m.remove("compile_ms");
            m.values_mut().for_each(without_times);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(without_times),
        _ => {}
    }
}

/// Runs `args` with `--jobs 1` and `--jobs 2` into the same `--out`
/// folder (stdout names it) and checks that stdout and the JSON report
/// `report` are the same; returns stdout.
fn same_with_one_and_two_jobs(tag: &str, args: &[&str], report: &str) -> String {
    let out = tmp(tag);
    let mut seen: Vec<(String, serde_json::Value)> = Vec::new();
    for jobs in ["1", "2"] {
        let mut a = args.to_vec();
        a.extend(["--jobs", jobs, "--no-progress"]);
        let r = runner(&a, &out);
        let t = text(&r);
        assert!(r.status.code().is_some_and(|c| c < 2), "--jobs {jobs}: {t}");
        // no bar (its blocks) when stderr is not a terminal
        assert!(
            !String::from_utf8_lossy(&r.stderr).contains(['█', '░']),
            "{t}"
        );
        let mut json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join(report)).unwrap())
                .expect("JSON report");
        without_times(&mut json);
        seen.push((String::from_utf8_lossy(&r.stdout).into_owned(), json));
    }
    assert_eq!(
        seen[0].0, seen[1].0,
        "stdout differs between --jobs 1 and 2"
    );
    assert_eq!(
        seen[0].1, seen[1].1,
        "{report} differs between --jobs 1 and 2"
    );
    let _ = std::fs::remove_dir_all(&out);
    seen.remove(0).0
}

#[test]
fn benchmarks_and_sweeps_report_the_same_with_one_or_two_jobs() {
    let t = same_with_one_and_two_jobs(
        "bench",
        &["--filter", "fir,crc32,bitcount", "--configs", "O0,O1"],
        "report.json",
    );
    // the table lists the benchmarks in suite order
    let rows: Vec<&str> = t
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| ["bitcount", "crc32", "fir"].contains(w))
        .collect();
    assert_eq!(rows, ["bitcount", "crc32", "fir"], "{t}");
    same_with_one_and_two_jobs(
        "sweep",
        &[
            "--filter",
            "crc32,bitcount",
            "--configs",
            "O1",
            "--sweep",
            "dcache.miss_penalty=20,60",
        ],
        "sweep.json",
    );
}

/// Whether the host builds and runs `gcc -m32` programs.
fn host_gcc_m32(dir: &Path) -> bool {
    let src = dir.join("probe.c");
    let exe = dir.join("probe");
    std::fs::write(&src, "int main(void) { return 0; }\n").unwrap();
    let ok = Command::new("gcc")
        .args(["-m32", "-o"])
        .arg(&exe)
        .arg(&src)
        .status()
        .is_ok_and(|s| s.success())
        && Command::new(&exe).status().is_ok_and(|s| s.success());
    if !ok {
        eprintln!("gcc -m32 unavailable: skipped");
    }
    ok
}

#[test]
fn torture_and_csmith_report_the_same_with_one_or_two_jobs() {
    let dir = tmp("suite");
    if !host_gcc_m32(&dir) {
        return;
    }
    // tests of different lengths, in classes of their own
    let suite = dir.join("execute");
    std::fs::create_dir_all(&suite).unwrap();
    let files = [
        ("a-long.c", "volatile int s;\nint main(void) { for (int i = 0; i < 200000; i++) s += i; return 0; }\n"),
        ("b-short.c", "int main(void) { return 0; }\n"),
        ("c-syntax.c", "#ifdef __st200__\nint main(void) { return 0 }\n#else\nint main(void) { return 0; }\n#endif\n"),
        ("d-wrong.c", "extern void abort(void);\nvolatile int x = 1;\n#ifdef __st200__\nint main(void) { if (x) abort(); return 0; }\n#else\nint main(void) { return 0; }\n#endif\n"),
    ];
    for (name, body) in files {
        std::fs::write(suite.join(name), body).unwrap();
    }
    let t = same_with_one_and_two_jobs(
        "torture",
        &["--torture", suite.to_str().unwrap(), "--configs", "O0,O2"],
        "torture.json",
    );
    assert!(t.contains("wrong         d-wrong [O2]: abort"), "{t}");
    let csmith = Command::new("csmith").arg("--version").output().is_ok()
        && Path::new("/usr/include/csmith/csmith.h").exists();
    if !csmith {
        eprintln!("csmith not installed: --csmith skipped");
    } else {
        let t = same_with_one_and_two_jobs(
            "csmith",
            &["--csmith", "4:7100", "--configs", "O1"],
            "csmith.json",
        );
        assert!(t.contains("4 programs"), "{t}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
