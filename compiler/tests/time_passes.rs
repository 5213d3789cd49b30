//! `lcc --time-passes` (and gcc's `-ftime-report`): a `Time variable`
//! table on stderr with the front end's phases, the IR passes of the
//! level and the back end's stages, then a TOTAL line; nothing on stdout.

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
            "instruction selection",
            "register allocation",
            "emission",
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

/// One line of the table: name, seconds, percentage of the total.
fn row(line: &str) -> Option<(String, f64, f64)> {
    let (name, rest) = line.split_once(':')?;
    let seconds: f64 = rest.split_whitespace().next()?.parse().ok()?;
    let pct = rest
        .split_once('(')?
        .1
        .split_once("%)")?
        .0
        .trim()
        .parse()
        .ok()?;
    Some((name.trim().to_string(), seconds, pct))
}

/// The back end's stages each get a line (those of the level only), and
/// the table adds up: the lines' seconds sum to TOTAL and their
/// percentages to 100 (within the rounding of each line to 0.01 s and
/// 1 %), and TOTAL is no more than the wall time of the whole lcc run, so
/// no stage is counted twice.
#[test]
fn back_end_stages_are_timed_and_add_up() {
    let dir = std::env::temp_dir().join(format!("lcc-time-stages-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("big.c");
    // enough functions with loops and branches for the back end to take
    // measurable time
    let mut c = String::new();
    for i in 0..80 {
        c.push_str(&format!(
            "int f{i}(int *a, int n, int k) {{ int s = {i}; for (int j = 0; j < n; j++) {{ if (a[j] > k) s += a[j] * {i}; else s -= k; a[j] = s; }} return s; }}\n"
        ));
    }
    std::fs::write(&src, c).unwrap();
    // (level, stages that run, stages that do not)
    let levels: [(&str, &[&str], &[&str]); 2] = [
        (
            "-O2",
            &[
                "instruction selection",
                "if-conversion and psi",
                "out-of-SSA",
                "modulo scheduling",
                "prepass scheduling",
                "register allocation",
                "block layout",
                "peephole",
                "frame layout",
                "list scheduling",
                "emission",
                "assembly",
            ],
            &["back end", "linking"],
        ),
        (
            "-O0",
            &[
                "instruction selection",
                "register allocation",
                "frame layout",
                "list scheduling",
                "emission",
                "assembly",
            ],
            &[
                "if-conversion and psi",
                "out-of-SSA",
                "modulo scheduling",
                "prepass scheduling",
                "block layout",
                "peephole",
            ],
        ),
    ];
    for (level, present, absent) in levels {
        let start = std::time::Instant::now();
        let out = Command::new(LCC)
            .args([level, "--time-passes", "-c", "-o"])
            .arg(dir.join("big.o"))
            .arg(&src)
            .output()
            .expect("run lcc");
        let wall = start.elapsed().as_secs_f64();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{err}");
        let rows: Vec<(String, f64, f64)> = err.lines().filter_map(row).collect();
        let has = |name: &str| rows.iter().any(|r| r.0 == name);
        for name in present {
            assert!(has(name), "{level}: {name} missing:\n{err}");
        }
        for name in absent {
            assert!(!has(name), "{level}: {name} should not run:\n{err}");
        }
        let total: f64 = err
            .lines()
            .find_map(|l| l.strip_prefix(" TOTAL"))
            .and_then(|l| l.split_once(':'))
            .and_then(|(_, t)| t.trim().parse().ok())
            .unwrap_or_else(|| panic!("no TOTAL:\n{err}"));
        let n = rows.len() as f64;
        let sum: f64 = rows.iter().map(|r| r.1).sum();
        assert!(
            (sum - total).abs() <= 0.005 * n + 0.005,
            "{level}: lines sum to {sum}, TOTAL {total}:\n{err}"
        );
        if total > 0.0 {
            let pct: f64 = rows.iter().map(|r| r.2).sum();
            assert!(
                (pct - 100.0).abs() <= 0.5 * n,
                "{level}: percentages sum to {pct}:\n{err}"
            );
        }
        assert!(
            total <= wall + 0.005,
            "{level}: TOTAL {total} s exceeds the run's {wall} s:\n{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
