//! `lcc --time-passes` (and gcc's `-ftime-report`): a `Time variable`
//! table on stderr with the front end's phases, the IR passes of the
//! level and the back end, then a TOTAL line; nothing on stdout.

use std::process::Command;

const LCC: &str = env!("CARGO_BIN_EXE_lcc");

#[test]
fn time_passes_reports_phases_and_passes() {
    let dir = std::env::temp_dir().join(format!("lcc-time-passes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("t.c");
    std::fs::write(
        &src,
        "int f(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }\n",
    )
    .unwrap();
    for flag in ["--time-passes", "-ftime-report"] {
        let out = Command::new(LCC)
            .args(["-O2", flag, "-S", "-o"])
            .arg(dir.join("t.s"))
            .arg(&src)
            .output()
            .expect("run lcc");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{err}");
        assert!(out.stdout.is_empty());
        assert!(err.contains("Time variable"), "{err}");
        // Phases of the front end and back end, and IR passes of -O2 (the
        // pipeline of docs/src/design/passes.md), each on a line
        // ` NAME ...: SECONDS (PCT%)`.
        for name in [
            "preprocessing",
            "parsing and semantic analysis",
            "lowering to IR",
            "ssa",
            "gvn",
            "licm",
            "loop-rotate",
            "back end",
        ] {
            assert!(
                err.lines()
                    .any(|l| l.starts_with(&format!(" {name} ")) && l.contains('%')),
                "{name} missing:\n{err}"
            );
        }
        assert!(err.lines().any(|l| l.starts_with(" TOTAL ")), "{err}");
        // At -O2 the loop survives: the ssa pass leaves IR instructions.
        let ssa = err.lines().find(|l| l.starts_with(" ssa ")).unwrap();
        let insts: u64 = ssa.split_whitespace().last().unwrap().parse().unwrap();
        assert!(insts > 5, "{ssa}");
    }
    // Without the flag: no table.
    let out = Command::new(LCC)
        .args(["-O2", "-S", "-o"])
        .arg(dir.join("t.s"))
        .arg(&src)
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("Time variable"));
    let _ = std::fs::remove_dir_all(&dir);
}
