//! `testsuite --loops`: the project's loop kernels at -O2 compute what
//! the host gcc computes, and no kernel runs faster than its hand-derived
//! resource bound nor slower than 1.5 times it (geometric mean at most
//! 1.25); a planted wrong output and a bound that is too high
//! make the runner fail.

mod common;
use common::text;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn runner(args: &[&str], tag: &str) -> Output {
    let out = std::env::temp_dir().join(format!("testsuite-loops-{tag}-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_testsuite"))
        .args(args)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("run testsuite")
}

/// Whether the host can build and run `gcc -m32` programs (.ci/run
/// installs gcc-multilib). `tag`: a name of its own per test, as tests
/// run in parallel.
fn host_gcc_m32(tag: &str) -> bool {
    let dir = std::env::temp_dir();
    let src = dir.join(format!("loops-test-probe-{tag}-{}.c", std::process::id()));
    let exe = dir.join(format!("loops-test-probe-{tag}-{}", std::process::id()));
    std::fs::write(&src, "int main(void) { return 0; }\n").unwrap();
    let ok = Command::new("gcc")
        .args(["-m32"])
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .status()
        .is_ok_and(|s| s.success())
        && Command::new(&exe).status().is_ok_and(|s| s.success());
    let _ = std::fs::remove_file(&src);
    let _ = std::fs::remove_file(&exe);
    if !ok {
        eprintln!("gcc -m32 unavailable: outputs are not compared with the host");
    }
    ok
}

#[test]
fn loop_kernels_at_o2_are_right_and_never_beat_their_bound() {
    let host = host_gcc_m32("o2");
    let o = runner(&["--loops", "--configs", "O2", "--json"], "o2");
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON report");
    let results = json["results"].as_array().unwrap();
    let names: Vec<&str> = results
        .iter()
        .map(|r| r["kernel"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "axpy_ptr",
            "axpy_restrict",
            "bytecopy",
            "clip",
            "condswap",
            "copy",
            "countdown",
            "dotprod",
            "fir",
            "histogram",
            "maxsearch",
            "rangecount",
            "sad",
            "saxpy"
        ],
        "{t}"
    );
    assert_eq!(json["host_skipped"].is_null(), host, "{t}");
    for r in results {
        let k = r["kernel"].as_str().unwrap();
        assert_eq!(r["pass"], true, "{k}: {t}");
        assert_eq!(r["config"], "O2", "{t}");
        assert_eq!(r["host_checked"], host, "{k}: {t}");
        let iterations = r["iterations"].as_u64().unwrap();
        let want = match k {
            "fir" => 1024 * 32,
            "maxsearch" => 1023,
            _ => 1024,
        };
        assert_eq!(iterations, want, "{k}: {t}");
        let cycles = r["cycles"].as_u64().unwrap();
        let bound = r["bound"].as_f64().unwrap();
        let per = r["cycles_per_iteration"].as_f64().unwrap();
        assert!(
            (per - cycles as f64 / iterations as f64).abs() < 1e-9,
            "{k}"
        );
        // cycles can never beat the resource bound, and every kernel
        // stays within 1.5 times it (docs/src/tools/loops.md)
        let ratio = r["ratio"].as_f64().unwrap();
        assert!(ratio >= 1.0, "{k}: {t}");
        assert!(ratio <= 1.5, "{k}: {ratio} times its bound: {t}");
        assert!(per >= bound, "{k}: {per} < {bound}: {t}");
        // the timed call is a small part of the program
        let total = r["measurement"]["cycles"].as_u64().unwrap();
        assert!(cycles < total, "{k}: {t}");
    }
    let g = json["geomean"][0]["ratio"].as_f64().unwrap();
    assert!((1.0..=1.25).contains(&g), "geometric mean {g}: {t}");
}

fn kernel(dir: &Path, name: &str, bound: &str, body: &str) -> PathBuf {
    let p = dir.join(format!("{name}.c"));
    let text = format!(
        "// bound: {bound}\n#include <stdio.h>\n#include <stdint.h>\n\
         #ifdef __st200__\n\
         static uint32_t cycles(void) {{ return *(volatile uint32_t *)0xFFFFF828u; }}\n\
         #else\n\
         static uint32_t cycles(void) {{ return 0; }}\n\
         #endif\n\
         static int a[64];\n\
         __attribute__((noinline)) int sum(int n) {{ int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }}\n\
         int main(void) {{\n\
           for (int i = 0; i < 64; i++) a[i] = i * 3;\n\
           uint32_t t0 = cycles(); int s = sum(64); uint32_t t1 = cycles();\n\
           {body}\n\
           fprintf(stderr, \"loop-cycles %u 64\\n\", (unsigned)(t1 - t0));\n\
           return 0;\n\
         }}\n"
    );
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn a_wrong_output_or_a_bound_too_high_fails() {
    let host = host_gcc_m32("planted");
    let dir = std::env::temp_dir().join(format!("testsuite-loops-planted-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // right: 1 load per element, bound 1
    kernel(&dir, "good", "1", "printf(\"%d\\n\", s);");
    // the simulated build prints something else than the host build
    kernel(
        &dir,
        "wrong",
        "1",
        "#ifdef __st200__\n s++;\n#endif\n printf(\"%d\\n\", s);",
    );
    // 1000 cycles per element: far above what summing 64 words takes
    kernel(&dir, "toofast", "1000", "printf(\"%d\\n\", s);");
    let o = runner(
        &[
            "--loops",
            dir.to_str().unwrap(),
            "--configs",
            "O2",
            "--json",
        ],
        "planted",
    );
    let t = text(&o);
    assert_eq!(o.status.code(), Some(1), "{t}");
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON report");
    let by = |name: &str| {
        json["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["kernel"] == name)
            .unwrap()
            .clone()
    };
    assert_eq!(by("good")["pass"], true, "{t}");
    assert!(by("good")["ratio"].as_f64().unwrap() >= 1.0, "{t}");
    let fast = by("toofast");
    assert_eq!(fast["pass"], false, "{t}");
    assert!(
        fast["failure"]
            .as_str()
            .unwrap()
            .contains("below the resource bound 1000"),
        "{t}"
    );
    let wrong = by("wrong");
    if host {
        assert_eq!(wrong["pass"], false, "{t}");
        assert!(
            wrong["failure"]
                .as_str()
                .unwrap()
                .starts_with("wrong output: line 1: got \"6049\", expected \"6048\""),
            "{t}"
        );
    }
    // the table names the failures
    let o = runner(
        &["--loops", dir.to_str().unwrap(), "--configs", "O2"],
        "planted-table",
    );
    let t = text(&o);
    assert_eq!(o.status.code(), Some(1), "{t}");
    assert!(t.contains("FAIL toofast [O2]"), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_without_kernels_is_a_usage_error() {
    let dir = std::env::temp_dir().join(format!("testsuite-loops-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = runner(&["--loops", dir.to_str().unwrap()], "empty");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no .c file"));
    let _ = std::fs::remove_dir_all(&dir);
}
