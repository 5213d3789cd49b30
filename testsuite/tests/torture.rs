//! `testsuite --torture`: a planted suite whose tests fall in every class
//! (pass, host-skip, compile-error, link-error, wrong, builtins/ linking
//! with its lib/), and the CI subset of the GCC torture suite
//! (`testsuite/torture-ci.txt`, tests that pass today at O0 and O2) when
//! the suite is present: `$TORTURE_DIR`, else
//! `../shared/conformance/gcc-torture/execute` beside the repository.

mod common;
use common::{runner, text, tmp};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether the host builds and runs `gcc -m32` programs.
fn host_gcc_m32(dir: &Path) -> bool {
    let src = dir.join("probe.c");
    let exe = dir.join("probe");
    std::fs::write(&src, "int main(void) { return 0; }\n").unwrap();
    let ok = Command::new("gcc")
        .arg("-m32")
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .status()
        .is_ok_and(|s| s.success())
        && Command::new(&exe).status().is_ok_and(|s| s.success());
    if !ok {
        eprintln!("gcc -m32 unavailable: skipped");
    }
    ok
}

#[test]
fn planted_tests_fall_in_their_classes() {
    let dir = tmp("planted");
    if !host_gcc_m32(&dir) {
        return;
    }
    let suite = dir.join("execute");
    std::fs::create_dir_all(suite.join("builtins/lib")).unwrap();
    std::fs::create_dir_all(suite.join("ieee")).unwrap();
    let files = [
        ("ok.c", "int main(void) { return 0; }\n"),
        (
            "aborts.c",
            "extern void abort(void);\nvolatile int x = 1;\n#ifdef __st200__\nint main(void) { if (x) abort(); return 0; }\n#else\nint main(void) { return 0; }\n#endif\n",
        ),
        ("host-fails.c", "int main(void) { return 1; }\n"),
        (
            "syntax.c",
            "#ifdef __st200__\nint main(void) { return 0 }\n#else\nint main(void) { return 0; }\n#endif\n",
        ),
        (
            "undefined.c",
            "#ifdef __st200__\nextern int nowhere(void);\nint main(void) { return nowhere(); }\n#else\nint main(void) { return 0; }\n#endif\n",
        ),
        (
            "prints.c",
            "#include <stdio.h>\nint main(void) {\n#ifdef __st200__\n  printf(\"st200\\n\");\n#else\n  printf(\"host\\n\");\n#endif\n  return 0;\n}\n",
        ),
        ("skipped.c", "int main(void) { return 0; }\n"),
        ("skipped.x", "if [istarget \"spu-*-*\"] {\n    return 0\n}\nreturn 1\n"),
        ("ieee/fp.c", "int main(void) { volatile double a = 0.1, b = 0.2; return a + b == 0.30000000000000004 ? 0 : 1; }\n"),
        ("builtins/lib/main.c", "extern void main_test(void);\nint main(void) { main_test(); return 0; }\n"),
        ("builtins/twice.c", "extern int twice(int);\nextern void abort(void);\nvoid main_test(void) { if (twice(21) != 42) abort(); }\n"),
        ("builtins/twice-lib.c", "int twice(int x) { return 2 * x; }\n"),
    ];
    for (name, body) in files {
        std::fs::write(suite.join(name), body).unwrap();
    }
    let out = dir.join("out");
    let o = runner(
        &[
            "--torture",
            suite.to_str().unwrap(),
            "--json",
            "--jobs",
            "2",
        ],
        &out,
    );
    let t = text(&o);
    assert_eq!(o.status.code(), Some(1), "failures give status 1: {t}");
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON report");
    let class = |test: &str, config: &str| -> String {
        json["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["test"] == test && r["config"] == config)
            .unwrap_or_else(|| panic!("no result for {test} [{config}]: {t}"))["class"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let want = [
        ("aborts", "wrong"),
        ("builtins/twice", "pass"),
        ("host-fails", "host-skip"),
        ("ieee/fp", "pass"),
        ("ok", "pass"),
        ("prints", "wrong"),
        ("skipped", "host-skip"),
        ("syntax", "compile-error"),
        ("undefined", "link-error"),
    ];
    for config in ["O0", "O2"] {
        for (test, c) in want {
            assert_eq!(class(test, config), c, "{test} [{config}]: {t}");
        }
    }
    let names: Vec<&str> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["config"] == "O0")
        .map(|r| r["test"].as_str().unwrap())
        .collect();
    let sorted: Vec<&str> = want.iter().map(|w| w.0).collect();
    assert_eq!(names, sorted, "tests in name order: {t}");
    let o2 = &json["summary"][1];
    assert_eq!(o2["config"], "O2");
    assert_eq!(o2["host_passing"], 7, "{t}");
    assert_eq!(o2["counts"]["pass"], 3, "{t}");
    assert!(out.join("torture.json").exists());
    // the table and the failure lines
    let o = runner(
        &["--torture", suite.to_str().unwrap(), "--configs", "O2"],
        &out,
    );
    let t = text(&o);
    assert!(t.contains("pass %"), "{t}");
    assert!(t.contains("42.9%"), "3 of 7 host-passing tests: {t}");
    assert!(t.contains("link-error    undefined [O2]: "), "{t}");
    assert!(t.contains("wrong         aborts [O2]: abort"), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The suite's `execute` folder, if present.
fn torture_dir() -> Option<PathBuf> {
    let d = match std::env::var_os("TORTURE_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/conformance/gcc-torture/execute"),
    };
    d.is_dir().then_some(d)
}

#[test]
fn ci_subset_of_the_torture_suite_passes_at_o0_and_o2() {
    let Some(suite) = torture_dir() else {
        eprintln!(
            "GCC torture suite not found (TORTURE_DIR, or ../shared/conformance/gcc-torture/execute beside the repository): skipped"
        );
        return;
    };
    let dir = tmp("ci");
    if !host_gcc_m32(&dir) {
        return;
    }
    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("torture-ci.txt");
    let names = testsuite::torture::read_list(&std::fs::read_to_string(&list).unwrap());
    assert!(
        names.len() >= 300,
        "only {} tests in {}",
        names.len(),
        list.display()
    );
    let o = runner(
        &[
            "--torture",
            suite.to_str().unwrap(),
            "--torture-list",
            list.to_str().unwrap(),
            "--json",
        ],
        &dir.join("out"),
    );
    let t = text(&o);
    let json: serde_json::Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("no JSON report ({e}): {t}"));
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 2 * names.len(), "{t}");
    let failed: Vec<String> = results
        .iter()
        .filter(|r| r["class"] != "pass")
        .map(|r| {
            format!(
                "{} {} [{}]: {}",
                r["class"], r["test"], r["config"], r["detail"]
            )
        })
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert!(o.status.success(), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}
