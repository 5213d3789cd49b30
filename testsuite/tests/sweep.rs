//! `testsuite --machines` / `--sweep` end to end: benchmarks on two
//! machines that differ only in the data-cache miss penalty, the reports
//! it writes, `--loops` on two machines with different units, and the
//! usage errors of bad machines and sweep keys.

mod common;
use common::{runner, text, tmp};

/// Two small benchmarks at -O1 on the ST231 and on a machine that is the
/// ST231 with a 20-cycle data-cache miss instead of 120. Every program
/// misses the data cache at least once (its first access to its stack
/// and data is to a cold cache), each miss costs 100 cycles less on the
/// second machine and nothing else differs, so it must take fewer cycles
/// on every benchmark: a speed-up above 1, and fewer D-cache stall
/// cycles.
#[test]
fn a_cheaper_miss_is_a_speed_up() {
    let out = tmp("miss");
    let machine = out.join("cheapmiss.toml");
    std::fs::write(
        &machine,
        "base = \"st231\"\nname = \"cheapmiss\"\n[dcache]\nmiss_penalty = 20\n",
    )
    .unwrap();
    let svg = out.join("chart.svg");
    let csv = out.join("extra.csv");
    let md = out.join("extra.md");
    let json = out.join("extra.json");
    let machines = format!("st231,{}", machine.display());
    let r = runner(
        &[
            "--filter",
            "crc32,bitcount",
            "--configs",
            "O1",
            "--machines",
            &machines,
            "--sweep-svg",
            svg.to_str().unwrap(),
            "--sweep-csv",
            csv.to_str().unwrap(),
            "--sweep-md",
            md.to_str().unwrap(),
            "--sweep-json",
            json.to_str().unwrap(),
        ],
        &out,
    );
    let t = text(&r);
    assert!(r.status.success(), "{t}");
    assert!(t.contains("4 passed, 0 failed"), "{t}");
    assert!(t.contains("speed-up over machine st231"), "{t}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let results = report["results"].as_array().unwrap();
    assert_eq!(results.len(), 4, "{t}");
    let get = |b: &str, m: &str| {
        results
            .iter()
            .find(|r| r["benchmark"] == b && r["machine"] == m)
            .unwrap_or_else(|| panic!("{b} on {m} missing: {t}"))
    };
    let stall = |r: &serde_json::Value, cause: &str| {
        r["measurement"]["stalls"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p[0] == cause)
            .and_then(|p| p[1].as_u64())
            .unwrap()
    };
    for b in ["bitcount", "crc32"] {
        let (a, c) = (get(b, "st231"), get(b, "cheapmiss"));
        assert_eq!(a["pass"], true, "{t}");
        assert_eq!(c["pass"], true, "{t}");
        assert_eq!(a["speedup"], 1.0, "{t}");
        let ca = a["measurement"]["cycles"].as_u64().unwrap();
        let cc = c["measurement"]["cycles"].as_u64().unwrap();
        assert!(cc < ca, "{b}: {cc} >= {ca}");
        let sp = c["speedup"].as_f64().unwrap();
        assert!(sp > 1.0, "{b}: speed-up {sp}");
        assert!((sp - ca as f64 / cc as f64).abs() < 1e-9, "{b}");
        assert!(stall(c, "dcache_miss") < stall(a, "dcache_miss"), "{b}");
        assert!(c["measurement"]["code_size"].as_u64().unwrap() > 0);
        assert!(c["measurement"]["ipc"].as_f64().unwrap() > 0.0);
    }
    let g = report["summary"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["machine"] == "cheapmiss")
        .unwrap();
    assert!(g["geomean_speedup"].as_f64().unwrap() > 1.0, "{t}");
    // the files of --sweep-* and the copies in --out
    for (mine, default) in [
        (&svg, "sweep.svg"),
        (&csv, "sweep.csv"),
        (&md, "sweep.md"),
        (&json, "sweep.json"),
    ] {
        let a = std::fs::read_to_string(mine).unwrap();
        assert_eq!(a, std::fs::read_to_string(out.join(default)).unwrap());
    }
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(chart.matches("class=\"bar\"").count(), 4, "{chart}");
    let csv = std::fs::read_to_string(&csv).unwrap();
    // header, 4 runs, 2 geometric means
    assert_eq!(csv.lines().count(), 7, "{csv}");
    assert!(csv.starts_with("config,benchmark,machine,pass,cycles,"));
    let _ = std::fs::remove_dir_all(&out);
}

/// `--sweep` derives machines from the ST231, which leads as the
/// reference: a 20-cycle miss is a speed-up (see above), a 3-cycle
/// taken-branch penalty instead of 1 a slow-down (crc32 takes branches:
/// its loop closes with one).
#[test]
fn a_sweep_from_the_command_line() {
    let out = tmp("cli");
    let r = runner(
        &[
            "--filter",
            "crc32",
            "--configs",
            "O1",
            "--sweep",
            "dcache.miss_penalty=20",
            "--sweep",
            "taken_branch_penalty=1,3",
            "--json",
        ],
        &out,
    );
    let t = text(&r);
    assert!(r.status.success(), "{t}");
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).expect("JSON report");
    let names: Vec<&str> = v["machines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "st231",
            "st231-dcache.miss_penalty=20-taken_branch_penalty=1",
            "st231-dcache.miss_penalty=20-taken_branch_penalty=3"
        ]
    );
    assert_eq!(v["machines"][2]["model"]["taken_branch_penalty"], 3);
    let sp: Vec<f64> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["speedup"].as_f64().unwrap())
        .collect();
    assert_eq!(sp.len(), 3, "{t}");
    assert_eq!(sp[0], 1.0);
    assert!(sp[1] > 1.0, "{sp:?}");
    // same misses, dearer branches than the previous machine
    assert!(sp[2] < sp[1], "{sp:?}");
    let _ = std::fs::remove_dir_all(&out);
}

/// Bad keys, values and machines: a usage error (status 2) that names the key, never a panic.
#[test]
fn bad_sweeps_and_machines_are_usage_errors() {
    let out = tmp("bad");
    for (args, says) in [
        (vec!["--sweep", "resources.bogus=1"], "bogus"),
        (vec!["--sweep", "resources.mem=0"], "resources.mem"),
        (vec!["--sweep", "issue_width=2,17"], "issue_width"),
        (vec!["--sweep", "resources.odd=5"], "resources.odd"),
        (vec!["--sweep", "dcache.miss_penalty"], "KEY=VALUE"),
        (vec!["--machines", "st231,nosuch"], "`nosuch` is neither"),
        (vec!["--machines", "st231,st231"], "two machines are named"),
        (
            vec!["--machines", "st231", "--configs", "O2:-mcpu=st220"],
            "chooses its own machine",
        ),
        (vec!["--sweep-csv", "x.csv"], "give --machines or --sweep"),
        (
            vec!["--machines", "st231", "--reference"],
            "not --reference",
        ),
    ] {
        let r = runner(&args, &out);
        let t = text(&r);
        assert_eq!(r.status.code(), Some(2), "{args:?}: {t}");
        assert!(
            t.contains("testsuite: error:") && t.contains(says),
            "{args:?}: {t}"
        );
        assert!(!t.contains("panicked"), "{t}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// `--loops` on the ST231 and on the ST231 with 1 multiplier instead of
/// 2: each kernel is checked against its bound on each machine. (A
/// machine with fewer issue slots would be a better example, but until
/// the runtime is built per machine its start-up code has 4-syllable
/// bundles.)
#[test]
fn loops_against_each_machines_bound() {
    let out = tmp("loops");
    let dir = out.join("kernels");
    std::fs::create_dir_all(&dir).unwrap();
    // Per element: ldw a[i], two multiplies by values unknown to the
    // compiler, xor, add: mem=1 mul=2 alu=2, 5 syllables.
    //   st231 (issue 4, alu 4, mem 1, mul 2):
    //     issue 5/4 = 1.25, alu 2/4, mem 1/1, mul 2/2 = 1  -> 1.25
    //   onemul (issue 4, alu 4, mem 1, mul 1):
    //     issue 5/4 = 1.25, alu 2/4, mem 1/1, mul 2/1 = 2  -> 2
    std::fs::write(
        dir.join("mulxor.c"),
        "// ops: mem=1 mul=2 alu=2\n#include <stdio.h>\n#include <stdint.h>\n\
         #ifdef __st200__\n\
         static uint32_t cycles(void) { return *(volatile uint32_t *)0xFFFFF828u; }\n\
         #else\n\
         static uint32_t cycles(void) { return 0; }\n\
         #endif\n\
         static int a[64];\n\
         volatile int k1v = 3, k2v = 5;\n\
         __attribute__((noinline)) int f(int n, int k1, int k2) { int s = 0; for (int i = 0; i < n; i++) s += (a[i] * k1) ^ (a[i] * k2); return s; }\n\
         int main(void) {\n\
           for (int i = 0; i < 64; i++) a[i] = i * 3;\n\
           int k1 = k1v, k2 = k2v;\n\
           uint32_t t0 = cycles(); int s = f(64, k1, k2); uint32_t t1 = cycles();\n\
           printf(\"%d\\n\", s);\n\
           fprintf(stderr, \"loop-cycles %u 64\\n\", (unsigned)(t1 - t0));\n\
           return 0;\n\
         }\n",
    )
    .unwrap();
    let onemul = out.join("onemul.toml");
    std::fs::write(
        &onemul,
        "base = \"st231\"\nname = \"onemul\"\n[resources]\nodd = 1\n",
    )
    .unwrap();
    let machines = format!("st231,{}", onemul.display());
    let r = runner(
        &[
            "--loops",
            dir.to_str().unwrap(),
            "--configs",
            "O2",
            "--machines",
            &machines,
            "--json",
        ],
        &out,
    );
    let t = text(&r);
    let json: serde_json::Value = serde_json::from_slice(&r.stdout).expect("JSON report");
    assert_eq!(
        json["machines"],
        serde_json::json!(["st231", "onemul"]),
        "{t}"
    );
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{t}");
    for (m, bound) in [("st231", 1.25), ("onemul", 2.0)] {
        let r = results.iter().find(|r| r["machine"] == m).unwrap();
        assert_eq!(r["bound"].as_f64(), Some(bound), "{m}: {t}");
        assert_eq!(r["pass"], true, "{m}: {t}");
        assert!(r["cycles_per_iteration"].as_f64().unwrap() >= bound, "{t}");
    }
    assert_eq!(json["geomean"].as_array().unwrap().len(), 2, "{t}");
    let _ = std::fs::remove_dir_all(&out);
}
