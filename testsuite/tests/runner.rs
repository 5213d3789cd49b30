//! End-to-end tests of the `testsuite` runner binary: a few benchmarks in
//! two configurations, reports, `--baseline`, `--suite` (manifests and
//! single-file self-checking programs), `--reference`, and a short
//! `--csmith` run when csmith is installed.

mod common;
use common::{runner, text, tmp};
use std::path::Path;
use std::process::Command;

#[test]
fn benchmarks_in_two_configurations_and_a_baseline() {
    let out = tmp("bench");
    let r = runner(
        &["--filter", "idct8x8", "--configs", "O0,O2:-mcpu=st220"],
        &out,
    );
    let t = text(&r);
    assert!(r.status.success(), "{t}");
    assert!(
        t.contains("idct8x8") && t.contains("2 passed, 0 failed"),
        "{t}"
    );
    for f in ["report.json", "report.csv", "report.md", "cycles.svg"] {
        assert!(out.join(f).exists(), "{f} missing");
    }
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert!(results
        .iter()
        .all(|r| r["pass"] == true && r["measurement"]["cycles"].as_u64().unwrap() > 100_000));
    assert!(std::fs::read_to_string(out.join("cycles.svg"))
        .unwrap()
        .contains("<svg"));
    // The simulation is deterministic: the same build against its own
    // report gives ratio 1.000 everywhere.
    let base = out.join("base.json");
    std::fs::copy(out.join("report.json"), &base).unwrap();
    let r = runner(
        &[
            "--filter",
            "idct8x8",
            "--configs",
            "O0,O2:-mcpu=st220",
            "--baseline",
            base.to_str().unwrap(),
        ],
        &out,
    );
    let t = text(&r);
    assert!(r.status.success(), "{t}");
    let last = t
        .lines()
        .rev()
        .find(|l| l.starts_with("geometric mean"))
        .unwrap();
    assert_eq!(
        last.split_whitespace().filter(|w| *w == "1.000").count(),
        2,
        "{t}"
    );
}

#[test]
fn external_suites_of_manifests_and_of_self_checking_programs() {
    // Single-file self-checking programs: exit status 0 means success.
    let suite = tmp("suite");
    std::fs::write(
        suite.join("good.c"),
        "int main(void) { return 6 * 7 == 42 ? 0 : 1; }\n",
    )
    .unwrap();
    std::fs::write(suite.join("bad.c"), "int main(void) { return 1; }\n").unwrap();
    let out = tmp("suite-out");
    let r = runner(
        &["--suite", suite.to_str().unwrap(), "--configs", "O0"],
        &out,
    );
    let t = text(&r);
    assert_eq!(r.status.code(), Some(1), "{t}");
    assert!(t.contains("1 passed, 1 failed"), "{t}");
    assert!(
        t.contains("FAIL bad [O0]: exit status 1, expected 0"),
        "{t}"
    );
    // A manifest suite whose expected output is wrong names the first differing line.
    let m = tmp("manifests");
    let b = m.join("hello");
    std::fs::create_dir_all(&b).unwrap();
    std::fs::write(
        b.join("hello.c"),
        "#include <stdio.h>\nint main(void) { printf(\"one\\ntwo\\n\"); return 0; }\n",
    )
    .unwrap();
    std::fs::write(b.join("bench.toml"), "sources = [\"hello.c\"]\n").unwrap();
    std::fs::write(b.join("expected.out"), "one\nthree\n").unwrap();
    let r = runner(&["--suite", m.to_str().unwrap(), "--configs", "O0"], &out);
    let t = text(&r);
    assert_eq!(r.status.code(), Some(1), "{t}");
    assert!(
        t.contains("wrong output: line 2: got \"two\", expected \"three\""),
        "{t}"
    );
    // --reference: the host gcc -m32 build disagrees with that expected.out too.
    let r = runner(&["--suite", m.to_str().unwrap(), "--reference"], &out);
    assert_eq!(r.status.code(), Some(1), "{}", text(&r));
}

#[test]
fn reference_confirms_the_expected_outputs() {
    let out = tmp("ref");
    let r = runner(&["--reference", "--filter", "sort_"], &out);
    let t = text(&r);
    assert!(r.status.success(), "{t}");
    // "sort_" names qsort_lib and the five sort_* kernels.
    assert!(t.contains("6 passed, 0 failed"), "{t}");
}

/// The float benchmarks' expected.out is the host's SSE output
/// (testsuite/benchmarks/README.md); `--reference` must build them the
/// same way (`-msse2 -mfpmath=sse -ffp-contract=off`, `-lm`): with the
/// x87's extended precision `biquad_float` prints other digits, and
/// without `-lm` `fft_float` and `stats_float` do not link.
#[test]
fn reference_confirms_the_float_expected_outputs() {
    let out = tmp("ref-float");
    let r = runner(&["--reference", "--filter", "_float"], &out);
    let t = text(&r);
    assert!(r.status.success(), "{t}");
    // "_float" names biquad_float, fft_float and stats_float.
    assert!(t.contains("3 passed, 0 failed"), "{t}");
}

/// `--csmith-float`: csmith generates `float` and `double` (its
/// `--float`; it generates none by default), and the host reference
/// computes them as the target does.
#[test]
fn a_short_csmith_float_run() {
    if Command::new("csmith").arg("--version").output().is_err()
        || !Path::new("/usr/include/csmith/csmith.h").exists()
    {
        eprintln!("csmith not installed: skipped (.ci/run installs csmith and libcsmith-dev)");
        return;
    }
    let out = tmp("csmith-float");
    // Seeds 20700000 and 20700001 both declare floats and run natively
    // in well under a second.
    let r = runner(
        &[
            "--csmith",
            "2:20700000",
            "--csmith-float",
            "--configs",
            "O0",
        ],
        &out,
    );
    let t = text(&r);
    assert!(r.status.success(), "{t}");
    assert!(t.contains("2 programs, 0 problems"), "{t}");
    assert!(
        t.contains("2 programs use float or double (2 of them equal to the host)"),
        "{t}"
    );
    // Seed 20700121 converts -4.3125 to `unsigned char` (undefined, C99
    // 6.3.1.4): gcc folds the constant to 0, lcc computes 252 as at run
    // time, the checksums differ. The host's float-cast-overflow check
    // finds it and the program is skipped, not counted as a mismatch.
    let r = runner(
        &[
            "--csmith",
            "1:20700121",
            "--csmith-float",
            "--configs",
            "O2",
        ],
        &out,
    );
    let t = text(&r);
    assert!(r.status.success(), "{t}");
    assert!(
        t.contains("seed 20700121: skipped (float-cast-overflow): s20700121.c:570:706: runtime error: -4.3125 is outside the range of representable values of type 'unsigned char'"),
        "{t}"
    );
}

#[test]
fn a_short_csmith_run() {
    if Command::new("csmith").arg("--version").output().is_err()
        || !Path::new("/usr/include/csmith/csmith.h").exists()
    {
        eprintln!("csmith not installed: skipped (.ci/run installs csmith and libcsmith-dev)");
        return;
    }
    let out = tmp("csmith");
    let r = runner(&["--csmith", "3:100", "--configs", "O0"], &out);
    let t = text(&r);
    assert!(r.status.success(), "{t}");
    assert!(t.contains("3 programs, 0 problems"), "{t}");
}

/// A miscompiling step planted in one function (`-fplant-bug=pop_swar`:
/// the `planted-bug` pass makes `pop_swar` return its count plus one) is
/// what `--bisect` must name: the step's pass and function are known by
/// construction, and the code after it must show the extra `add`.
#[test]
fn bisect_names_a_planted_miscompiling_step() {
    let out = tmp("bisect");
    for config in ["O2", "O1"] {
        let spec = format!("bitcount:{config}:-fplant-bug=pop_swar");
        let o = runner(&["--bisect", &spec], &out);
        let t = text(&o);
        assert!(o.status.success(), "{t}");
        let first = t.lines().next().unwrap_or("");
        assert!(
            first.starts_with("first failing step: (")
                && first.contains(") planted-bug on function (pop_swar)"),
            "{t}"
        );
        let (head, after) = t
            .split_once("--- pop_swar after planted-bug:")
            .unwrap_or_default();
        let before = head
            .split_once("--- pop_swar before planted-bug:")
            .unwrap_or_default()
            .1;
        let adds = |s: &str| s.matches("= add.i32").count();
        assert_eq!(adds(after), adds(before) + 1, "{t}");
    }
    // without the planted bug there is nothing to find
    let o = runner(&["--bisect", "bitcount:O2"], &out);
    assert!(!o.status.success());
    assert!(text(&o).contains("nothing to bisect"), "{}", text(&o));
}
