//! End-to-end tests of `stsim`'s instruments on C programs built with the
//! compiler, the runtime and the linker (as libraries): the call graph of
//! `--profile`, the region of interest of `<stsim.h>`, the trace window,
//! the stack-overflow trap, the load errors and the program's options.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stsim-instr-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `dir/name.c` (written from `source`) with `flags` and links it
/// with the runtime into `dir/name`.
fn build_c(dir: &Path, name: &str, source: &str, flags: &[&str]) -> PathBuf {
    let src_path = dir.join(format!("{name}.c"));
    std::fs::write(&src_path, source).unwrap();
    let flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    let cfg = compiler::driver::Config::from_flags(&flags).unwrap();
    let sources = vec![(
        src_path.to_string_lossy().into_owned(),
        source.as_bytes().to_vec(),
    )];
    let exe = compiler::driver::build_executable(&sources, &cfg)
        .unwrap_or_else(|e| panic!("lcc: {}", e.render()));
    let path = dir.join(name);
    std::fs::write(&path, exe).unwrap();
    path
}

fn stsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stsim"))
        .args(args)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

// ---------------------------------------------------------------------
// --profile: the call graph

/// A float FIR filter: `fir` makes N × TAPS = 64 × 8 = 512 multiplications
/// and 512 additions, each a call of the soft-float helpers `__mulsf3` and
/// `__addsf3`; nothing else in the program multiplies or adds floats
/// (`main` only converts integers to floats and back).
const FIR: &str = r#"
#include <stdio.h>
#define N 64
#define TAPS 8
float x[N + TAPS], h[TAPS], y[N];

__attribute__((noinline)) void fir(void)
{
    for (int i = 0; i < N; i++) {
        float acc = 0.0f;
        for (int k = 0; k < TAPS; k++)
            acc += h[k] * x[i + k];
        y[i] = acc;
    }
}

int main(void)
{
    for (int i = 0; i < N + TAPS; i++)
        x[i] = (float)(i & 7);
    for (int k = 0; k < TAPS; k++)
        h[k] = (float)(k + 1);
    fir();
    printf("%d\n", (int)y[0]);
    return 0;
}
"#;

/// The cost of the first event (Cycles) per function in
/// `callgrind_annotate`'s function table ("  1,234 (12.3%)  file:function").
fn annotate_cycles(profile: &Path, inclusive: bool) -> Vec<(String, u64)> {
    let annotate = Path::new("/usr/bin/callgrind_annotate");
    assert!(
        annotate.exists(),
        "callgrind_annotate is missing: install valgrind (.ci/run does)"
    );
    let o = Command::new(annotate)
        .arg(format!(
            "--inclusive={}",
            if inclusive { "yes" } else { "no" }
        ))
        .arg(profile)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    // The function table: after the header line ending in
    // "file:function" and its rule, up to the next blank line.
    let mut v = Vec::new();
    let mut lines = text.lines().skip_while(|l| !l.ends_with("file:function"));
    lines.next();
    lines.next();
    for line in lines.take_while(|l| !l.trim().is_empty()) {
        let cost = line.split_whitespace().next().unwrap_or("");
        let func = line.rsplit(':').next().unwrap_or("").trim().to_string();
        v.push((func, cost.replace(',', "").parse::<u64>().unwrap()));
    }
    assert!(!v.is_empty(), "{text}");
    v
}

fn cost_of(table: &[(String, u64)], func: &str) -> u64 {
    table
        .iter()
        .filter(|(f, _)| f == func)
        .map(|(_, n)| *n)
        .sum()
}

#[test]
fn profile_charges_the_soft_float_helpers_to_their_caller() {
    let dir = scratch("fir");
    let exe = build_c(&dir, "fir", FIR, &["-O2"]);
    let prof = dir.join("callgrind.out");
    let o = stsim(&["--profile", prof.to_str().unwrap(), exe.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // y[0] = Σ h[k]·x[k] = Σ (k+1)·k for k < 8 = 0+2+6+12+20+30+42+56 = 168.
    assert_eq!(String::from_utf8_lossy(&o.stdout), "168\n");
    let text = std::fs::read_to_string(&prof).unwrap();
    assert!(text.contains("\npositions: instr line\n"), "{text}");
    // 512 calls of each helper, all from fir (one call site each, or
    // several summing to 512).
    let calls_to = |callee: &str| -> u64 {
        let mut n = 0;
        let mut current = String::new();
        for l in text.lines() {
            if let Some(c) = l.strip_prefix("cfn=") {
                current = c.to_string();
            } else if let Some(c) = l.strip_prefix("calls=") {
                if current.ends_with(callee) || fn_name_of(&text, &current) == callee {
                    n += c.split(' ').next().unwrap().parse::<u64>().unwrap();
                }
            }
        }
        n
    };
    assert_eq!(calls_to("__mulsf3"), 512, "{text}");
    assert_eq!(calls_to("__addsf3"), 512, "{text}");

    let exclusive = annotate_cycles(&prof, false);
    let inclusive = annotate_cycles(&prof, true);
    let fir_self = cost_of(&exclusive, "fir");
    let helpers = cost_of(&exclusive, "__mulsf3") + cost_of(&exclusive, "__addsf3");
    let fir_incl = cost_of(&inclusive, "fir");
    assert!(fir_self > 0 && helpers > 0, "{exclusive:?}");
    assert!(
        fir_incl >= fir_self + helpers,
        "fir inclusive {fir_incl} < self {fir_self} + helpers {helpers}"
    );
    // main calls fir: its inclusive cost covers fir's.
    assert!(cost_of(&inclusive, "main") > fir_incl, "{inclusive:?}");
}

/// The name a compressed `cfn=(id)` stands for (its first `(id) name`).
fn fn_name_of(text: &str, reference: &str) -> String {
    let id = reference.split(')').next().unwrap_or("").to_string() + ")";
    for l in text.lines() {
        for key in ["fn=", "cfn="] {
            if let Some(r) = l.strip_prefix(key) {
                if let Some(name) = r.strip_prefix(&id) {
                    if !name.is_empty() {
                        return name.trim().to_string();
                    }
                }
            }
        }
    }
    String::new()
}

// ---------------------------------------------------------------------
// Hand-written programs

/// Assembles `source` (written to `dir/name.s`) with line information,
/// links it and returns the executable's path.
fn build_s(dir: &Path, name: &str, source: &str) -> PathBuf {
    let src_path = dir.join(format!("{name}.s"));
    std::fs::write(&src_path, source).unwrap();
    let options = assembler::Options {
        debug: true,
        ..Default::default()
    };
    let obj = assembler::assemble(src_path.to_str().unwrap(), source, &options)
        .unwrap_or_else(|d| panic!("las: {d:?}"));
    let exe = linker::link_objects(&[(format!("{name}.o"), obj)])
        .unwrap_or_else(|e| panic!("lld-st: {e}"));
    let path = dir.join(name);
    std::fs::write(&path, exe).unwrap();
    path
}

fn stats_json(dir: &Path, exe: &Path, extra: &[&str]) -> serde_json::Value {
    let json = dir.join("stats.json");
    let mut args = vec!["--perfect-caches", "--stats-json", json.to_str().unwrap()];
    args.extend_from_slice(extra);
    args.push(exe.to_str().unwrap());
    let o = stsim(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap()
}

// ---------------------------------------------------------------------
// Region of interest

/// A loop of 10 iterations between `syscall 16` and `syscall 17`.
const ROI_LOOP: &str = "\t.text\n\t.global _start\n_start:\n\
\tmov $r3 = 10\n\t;;\n\
\tsyscall 16\n\t;;\n\
loop:\n\tadd $r3 = $r3, -1\n\t;;\n\tcmpne $b0 = $r3, 0\n\t;;\n\tbr $b0, loop\n\t;;\n\
\tsyscall 17\n\t;;\n\
\tmov $r16 = 0\n\t;;\n\tsyscall 1\n\t;;\n";

#[test]
fn region_of_interest_counts_the_loop_only() {
    let dir = scratch("roi-s");
    let exe = build_s(&dir, "roi", ROI_LOOP);
    let v = stats_json(&dir, &exe, &[]);
    let roi = &v["roi"];
    // Hand count (perfect caches): 10 iterations of 3 bundles; the branch
    // waits 2 cycles for its compare (ISA-ST200 §5.3) and 9 of its 10
    // executions are taken (penalty 1): 30 + 10 × 2 + 9 = 59 cycles. The
    // syscall bundles are outside the region.
    assert_eq!(roi["regions"], 1, "{v}");
    assert_eq!(roi["bundles"], 30, "{v}");
    assert_eq!(roi["operations"], 30, "{v}");
    assert_eq!(roi["cycles"], 59, "{v}");
    assert_eq!(roi["taken_branches"], 9, "{v}");
    assert_eq!(roi["stalls"]["taken_branch"], 9, "{v}");
    assert_eq!(roi["stall_cycles"], 29, "{v}");
    // The whole run adds the 5 bundles outside the region.
    assert_eq!(v["bundles"], 35, "{v}");
    // Without a region, no `roi` object.
    let plain = build_s(
        &dir,
        "plain",
        "\t.text\n\t.global _start\n_start:\n\tmov $r16 = 0\n\t;;\n\tsyscall 1\n\t;;\n",
    );
    let v = stats_json(&dir, &plain, &[]);
    assert!(v.get("roi").is_none(), "{v}");
    // --stats prints the region's section.
    let o = stsim(&["--perfect-caches", "--stats", exe.to_str().unwrap()]);
    let err = stderr(&o);
    assert!(err.contains("region of interest (1 region"), "{err}");
}

/// A kernel between `stsim_roi_begin()` and `stsim_roi_end()`, measured
/// with `__cycles()` inside the region; printf before and after it.
const ROI_C: &str = r#"
#include <stdio.h>
#include <stsim.h>
unsigned long long __cycles(void);
int a[512];

int main(void)
{
    for (int i = 0; i < 512; i++)
        a[i] = i * 3;
    printf("start\n");
    stsim_roi_begin();
    unsigned long long t0 = __cycles();
    int s = 0;
    for (int i = 0; i < 512; i++)
        s += a[i] ^ i;
    unsigned long long t1 = __cycles();
    stsim_roi_end();
    printf("%d %u\n", s, (unsigned)(t1 - t0));
    return 0;
}
"#;

#[test]
fn region_of_interest_excludes_start_up_and_printf() {
    let dir = scratch("roi-c");
    let exe = build_c(&dir, "roi", ROI_C, &["-O2"]);
    let json = dir.join("stats.json");
    let o = stsim(&[
        "--stats-json",
        json.to_str().unwrap(),
        exe.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    // s = Σ (3i ^ i) for i < 512, computed by the host.
    let s: i32 = (0..512).map(|i: i32| (3 * i) ^ i).sum();
    let mut words = out.lines().nth(1).unwrap().split(' ');
    assert_eq!(words.next().unwrap(), s.to_string(), "{out}");
    let measured: u64 = words.next().unwrap().parse().unwrap();
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let roi = v["roi"]["cycles"].as_u64().unwrap();
    let whole = v["cycles"].as_u64().unwrap();
    // The region holds the two `__cycles()` calls and what lies between
    // them, plus the return from stsim_roi_begin, the call and return
    // of `__cycles` and the call of stsim_roi_end: a few bundles and
    // their branch penalties (under 100 cycles, with I-cache misses on
    // those small functions allowed for).
    assert!(roi >= measured, "region {roi} < measured {measured}");
    assert!(roi <= measured + 200, "region {roi} >> measured {measured}");
    // At least one bundle per element; far below the whole run (start-up,
    // the initialising loop and two printf calls).
    assert!(roi >= 512, "{v}");
    assert!(whole > 2 * roi, "{v}");
}

// ---------------------------------------------------------------------
// Trace window, functions and lines, stall causes

/// `_start` calls `f`, a loop of 3 iterations, then exits. Source lines:
/// 4 `mov`, 6 `call`, 8 `mov`, 10 `syscall`, 14 `add`, 16 `cmpne`,
/// 18 `br`, 20 `return`.
const CALL_LOOP: &str = "\t.text\n\t.global _start\n_start:\n\
\tmov $r3 = 3\n\t;;\n\
\tcall $r63 = f\n\t;;\n\
\tmov $r16 = 0\n\t;;\n\
\tsyscall 1\n\t;;\n\
\t.global f\nf:\n\
\tadd $r3 = $r3, -1\n\t;;\n\
\tcmpne $b0 = $r3, 0\n\t;;\n\
\tbr $b0, f\n\t;;\n\
\treturn $r63\n\t;;\n";

/// Hand timing (perfect caches, ST231): `mov` issues at 0, `call` at 1
/// (taken: +1), then each iteration `add` at c, `cmpne` at c + 1, `br` at
/// c + 4 (waiting 2 cycles for the compare, ISA-ST200 §5.3), the next
/// `add` at c + 6 (taken: +1): iterations at c = 3, 9, 15; the last `br`
/// (19) falls through to `return` at 20, `mov` at 22, `syscall` at 23.
fn trace_lines(dir: &Path, exe: &Path, window: &[&str]) -> Vec<String> {
    let trace = dir.join("trace.txt");
    let mut args = vec!["--perfect-caches", "--trace", trace.to_str().unwrap()];
    args.extend_from_slice(window);
    args.push(exe.to_str().unwrap());
    let o = stsim(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    std::fs::read_to_string(&trace)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn cycle_of(line: &str) -> u64 {
    line.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn trace_window_by_cycle_and_by_symbol() {
    let dir = scratch("trace");
    let exe = build_s(&dir, "calls", CALL_LOOP);
    let all = trace_lines(&dir, &exe, &[]);
    let cycles: Vec<u64> = all.iter().map(|l| cycle_of(l)).collect();
    assert_eq!(
        cycles,
        [0, 1, 3, 4, 7, 9, 10, 13, 15, 16, 19, 20, 22, 23],
        "{all:#?}"
    );
    // Cycles 9 to 16: the second iteration and the start of the third.
    let w = trace_lines(&dir, &exe, &["--trace-from", "9", "--trace-to", "16"]);
    let cycles: Vec<u64> = w.iter().map(|l| cycle_of(l)).collect();
    assert_eq!(cycles, [9, 10, 13, 15, 16], "{w:#?}");
    // From f's first bundle to its next execution.
    let w = trace_lines(&dir, &exe, &["--trace-from", "f", "--trace-to", "f"]);
    let cycles: Vec<u64> = w.iter().map(|l| cycle_of(l)).collect();
    assert_eq!(cycles, [3, 4, 7, 9], "{w:#?}");
    // From f to the end.
    let w = trace_lines(&dir, &exe, &["--trace-from", "f"]);
    assert_eq!(w.len(), 12, "{w:#?}");
    // Function and line of each bundle.
    assert!(
        all[0].contains("# _start ") && all[0].ends_with("calls.s:4"),
        "{}",
        all[0]
    );
    assert!(
        all[2].contains("# f ") && all[2].ends_with("calls.s:14"),
        "{}",
        all[2]
    );
    // Stall causes: the call's taken branch; the branch's wait for the
    // compare, and its penalty when taken.
    assert!(all[1].ends_with("stalls taken_branch=1"), "{}", all[1]);
    assert!(all[4].contains("stalls interlock_"), "{}", all[4]);
    assert!(all[4].contains("=2 taken_branch=1"), "{}", all[4]);
    assert!(
        all[10].contains("=2") && !all[10].contains("taken_branch"),
        "{}",
        all[10]
    );
    assert!(!all[3].contains("stalls"), "{}", all[3]);
    // An unknown symbol is a usage error.
    let trace = dir.join("t.txt");
    let o = stsim(&[
        "--trace",
        trace.to_str().unwrap(),
        "--trace-from",
        "nosuch",
        exe.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--trace-from `nosuch`"),
        "{}",
        stderr(&o)
    );
}

// ---------------------------------------------------------------------
// Stack overflow

/// Each call keeps a 256-byte array on the stack: 100000 nested calls need
/// over 25 MB, more than the default 8 MiB stack (lld-st's
/// `__stack_size`); 100 calls fit.
const RECURSION: &str = r#"
int depth(int n)
{
    volatile char buf[256];
    buf[0] = (char)n;
    if (n == 0)
        return 0;
    return 1 + depth(n - 1) + (buf[0] - (char)n);
}

int main(int argc, char **argv)
{
    return depth(argc > 1 ? 100000 : 100);
}
"#;

#[test]
fn deep_recursion_traps_as_a_stack_overflow() {
    let dir = scratch("stack");
    let exe = build_c(&dir, "rec", RECURSION, &["-O1"]);
    // 100 nested calls: depth returns 100.
    let o = stsim(&[exe.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(100), "{}", stderr(&o));
    let o = stsim(&[exe.to_str().unwrap(), "deep"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(138), "{err}");
    assert!(err.contains("stack overflow"), "{err}");
    assert!(err.contains("__stack_limit"), "{err}");
    assert!(err.contains("in depth"), "{err}");
}

// ---------------------------------------------------------------------
// Malformed executables

#[test]
fn malformed_elf_files_are_named_and_explained() {
    let dir = scratch("elf");
    let exe = build_s(&dir, "ok", CALL_LOOP);
    let good = std::fs::read(&exe).unwrap();
    let check = |name: &str, bytes: &[u8], want: &str| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        let o = stsim(&[p.to_str().unwrap()]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(125), "{name}: {err}");
        assert!(err.contains(&format!("`{}`", p.display())), "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
    };
    check("text", b"hello, world\n", "not an ELF file");
    check("empty", b"", "not an ELF file");
    // The ELF32 header is 52 bytes.
    check("short", &good[..30], "truncated: 30 bytes");
    // Header intact, program headers (from offset 52) cut off.
    check("cut", &good[..60], "truncated: the program header table");
    // e_machine (offset 18) = 3, EM_386.
    let mut x86 = good.clone();
    x86[18] = 3;
    x86[19] = 0;
    check("x86", &x86, "e_machine is 3");
    // e_type (offset 16) = 1, ET_REL.
    let mut rel = good.clone();
    rel[16] = 1;
    rel[17] = 0;
    check("rel", &rel, "not an executable");
    // EI_CLASS = 2: ELF64.
    let mut wide = good.clone();
    wide[4] = 2;
    check("wide", &wide, "64-bit");
}

// ---------------------------------------------------------------------
// Options after the program name

const ARGS: &str = r#"
#include <stdio.h>
int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        printf("[%s]", argv[i]);
    printf("\n");
    return argc;
}
"#;

#[test]
fn options_after_the_program_belong_to_it() {
    let dir = scratch("args");
    let exe = build_c(&dir, "args", ARGS, &["-O1"]);
    let o = stsim(&[exe.to_str().unwrap(), "-x", "--stats", "--", "y"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "[-x][--stats][--][y]\n");
    assert_eq!(o.status.code(), Some(5));
    // --stats went to the program, not to stsim.
    assert!(!stderr(&o).contains("stsim statistics"), "{}", stderr(&o));
    // stsim's own options still come before the program name.
    let o = stsim(&["--stats", exe.to_str().unwrap(), "-v"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "[-v]\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("stsim statistics"), "{}", stderr(&o));
}
