//! `lcc` on described machines (`--machine FILE.toml`, `isa::model`):
//! fewer general and branch registers, no interlocks, 1- and 2-issue
//! bundles. Each program is built by lcc for the machine (its runtime
//! too, with the portable helpers of `runtime/lib/portable` where the
//! hand-written assembly does not fit), run in stsim on the same machine,
//! and its stdout and exit status compared with the same program built by
//! the host `gcc -m32` (`common::gcc_run`): expectations come from gcc at
//! test time, never from lcc.
//!
//! The runtime cache is keyed by the core, not by the machine, so every
//! test builds its runtime into a cache folder of its own
//! (`LCC_CACHE_DIR`), one test at a time.

use compiler::driver::{build_executable_with_stats, compile_many, Config};
use isa::model::ProcessorModel;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

mod common;
use common::gcc_run;

/// Serialises the tests: each sets `LCC_CACHE_DIR`.
static CACHE: Mutex<()> = Mutex::new(());

fn machine(text: &str) -> ProcessorModel {
    ProcessorModel::from_toml_str(text).expect("valid machine file")
}

/// `-O2` for `model`.
fn config(model: &ProcessorModel, bundle: bool) -> Config {
    let mut cfg = Config::from_flags(&["-O2".to_string()]).expect("flags");
    cfg.model = model.clone();
    cfg.bundle = bundle;
    cfg
}

fn bench(name: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../testsuite/benchmarks")
        .join(name);
    vec![dir.join(format!("{name}.c"))]
}

fn target(name: &str) -> Vec<PathBuf> {
    vec![Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/target")
        .join(format!("{name}.c"))]
}

fn sources(files: &[PathBuf]) -> Vec<(String, Vec<u8>)> {
    files
        .iter()
        .map(|f| (f.to_string_lossy().to_string(), std::fs::read(f).unwrap()))
        .collect()
}

/// Builds and runs every program of `progs` for `model` (runtime in a
/// fresh cache folder named after `tag`), compares with gcc -m32, and
/// returns the registers spilled over all programs.
fn check_on(
    model: &ProcessorModel,
    bundle: bool,
    progs: &[(&str, Vec<PathBuf>)],
    tag: &str,
) -> usize {
    let _lock = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let cache = std::env::temp_dir().join(format!("lcc-machines-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    std::env::set_var("LCC_CACHE_DIR", &cache);
    let cfg = config(model, bundle);
    let mut failures = vec![];
    let mut spilled = 0;
    for (name, files) in progs {
        let (want_out, want_code) = gcc_run(files, &format!("{tag}-{name}"));
        let (exe, compiled) = match build_executable_with_stats(&sources(files), &cfg) {
            Ok(x) => x,
            Err(e) => {
                failures.push(format!("{name}: build failed: {e}"));
                continue;
            }
        };
        spilled += compiled
            .functions
            .iter()
            .map(|f| f.regalloc.spilled)
            .sum::<usize>();
        match common::simulate_on(&exe, model).map(|(out, c, _)| (out, c)) {
            Ok((out, code)) if out == want_out && code == want_code => {}
            Ok((out, code)) => failures.push(format!(
                "{name}: stsim gave status {code} and\n{}\ngcc -m32 gave status {want_code} and\n{}",
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&want_out)
            )),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    let _ = std::fs::remove_dir_all(&cache);
    assert!(
        failures.is_empty(),
        "[{tag}] {} of {} programs differ:\n{}",
        failures.len(),
        progs.len(),
        failures.join("\n\n")
    );
    spilled
}

/// Registers the assembly `asm` names that `model` lacks (ISA-ST200
/// §1.2, §1.3: `$r0`…`$r(general−1)`, `$r63`, `$b0`…`$b(branch−1)`).
fn missing_registers(asm: &str, model: &ProcessorModel) -> Vec<String> {
    let mut out = vec![];
    let bytes = asm.as_bytes();
    for (k, _) in asm.match_indices('$') {
        let Some(&kind) = bytes.get(k + 1) else {
            continue;
        };
        let digits: String = asm[k + 2..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let Ok(n) = digits.parse::<u32>() else {
            continue;
        };
        let exists = match kind {
            b'r' => model.registers.has_general(n),
            b'b' => model.registers.has_branch(n),
            _ => true,
        };
        if !exists {
            out.push(format!("${}{n}", kind as char));
        }
    }
    out.sort();
    out.dedup();
    out
}

fn programs() -> Vec<(&'static str, Vec<PathBuf>)> {
    vec![
        ("sha256", bench("sha256")),
        ("matmul", bench("matmul")),
        ("dijkstra", bench("dijkstra")),
        ("arith_helpers", target("arith_helpers")),
    ]
}

const R24: &str = "base = \"st231\"\nname = \"r24\"\n[registers]\ngeneral = 24\n";
const R32: &str = "base = \"st231\"\nname = \"r32\"\n[registers]\ngeneral = 32\n";
const B2: &str = "base = \"st231\"\nname = \"b2\"\n[registers]\nbranch = 2\n";

/// The benchmarks and the helpers' boundary values on 24 and 32 GRs and
/// on 2 BRs give gcc's output at `-O2`.
#[test]
fn fewer_registers_stay_correct() {
    let progs = programs();
    check_on(&machine(R32), true, &progs, "r32");
    check_on(&machine(R24), true, &progs, "r24");
    check_on(&machine(B2), true, &progs, "b2");
}

/// Registers spilled over the programs, by the allocator alone (`-O2`
/// without the schedulers before allocation, whose pressure limits follow
/// the register file too).
fn spills(model: &ProcessorModel) -> usize {
    let mut cfg = config(model, true);
    cfg.modulo_sched = false;
    cfg.schedule_insns = false;
    let mut files: Vec<PathBuf> = programs().into_iter().flat_map(|p| p.1).collect();
    files.extend(bench("fft"));
    files.extend(bench("biquad"));
    files.extend(bench("br_minmax"));
    files.extend(bench("br_sortnet"));
    files.extend(bench("br_saturate"));
    files
        .iter()
        .map(|f| {
            compile_many(&sources(std::slice::from_ref(f)), &cfg)
                .unwrap_or_else(|e| panic!("{}: {e}", f.display()))
                .functions
                .iter()
                .map(|s| s.regalloc.spilled)
                .sum::<usize>()
        })
        .sum()
}

/// Fewer registers, more spills: 24 GRs more than 32, 32 more than the
/// ST231's 64; 2 BRs more than 8.
#[test]
fn fewer_registers_spill_more() {
    let full = spills(&ProcessorModel::st231());
    let r32 = spills(&machine(R32));
    let r24 = spills(&machine(R24));
    let b2 = spills(&machine(B2));
    eprintln!("spills: 24 GRs {r24}, 32 GRs {r32}, 64 GRs {full}, 2 BRs {b2}");
    assert!(
        r24 > r32 && r32 > full,
        "spills: 24 GRs {r24}, 32 GRs {r32}, 64 GRs {full}"
    );
    assert!(b2 > full, "spills: 2 BRs {b2}, 8 BRs {full}");
}

/// No emitted operation names a register the machine lacks, in the
/// programs and in the runtime built for it.
#[test]
fn assembly_names_only_the_machines_registers() {
    for text in [
        R24,
        R32,
        B2,
        "base = \"st231\"\nname = \"b1\"\n[registers]\nbranch = 1\ngeneral = 24\n",
    ] {
        let model = machine(text);
        let cfg = config(&model, true);
        let mut files: Vec<PathBuf> = programs().into_iter().flat_map(|p| p.1).collect();
        files.extend(bench("fft"));
        files.extend(bench("br_sortnet"));
        for f in &files {
            let asm = compile_many(&sources(std::slice::from_ref(f)), &cfg)
                .unwrap_or_else(|e| panic!("{}: {e}", f.display()))
                .asm;
            let missing = missing_registers(&asm, &model);
            assert!(
                missing.is_empty(),
                "{} on {}: {missing:?}",
                f.display(),
                model.name
            );
        }
        // the runtime: every assembly file it builds from, and the C ones
        for (path, text) in compiler::driver::runtime_files_for(&model) {
            let asm = if path.ends_with(".s") {
                text.to_string()
            } else if path.starts_with("lib/") && path.ends_with(".c") {
                compiler::driver::compile_to_asm(&format!("runtime/{path}"), text.as_bytes(), &cfg)
                    .unwrap_or_else(|e| panic!("{path}: {e}"))
            } else {
                continue;
            };
            let missing = missing_registers(&asm, &model);
            assert!(
                missing.is_empty(),
                "runtime {path} on {}: {missing:?}",
                model.name
            );
        }
    }
}

/// A machine without interlocks (the ST231 otherwise) gets schedules that
/// wait for every result (ISA-ST200 §5.1), its runtime too.
#[test]
fn a_machine_without_interlocks_runs_programs() {
    let model = machine("base = \"st231\"\nname = \"noilock\"\ninterlocked = false\n");
    check_on(&model, true, &programs(), "noilock");
}

const W2: &str = "base = \"st231\"\nname = \"w2\"\nissue_width = 2\n[resources]\nissue = 2\nalu = 2\nmem = 1\nctl = 1\nodd = 1\neven = 1\n";
const W1: &str = "base = \"st231\"\nname = \"w1\"\nissue_width = 1\n[resources]\nissue = 1\nalu = 1\nmem = 1\nctl = 1\nodd = 1\neven = 1\n";

/// One operation per bundle on a 2-issue machine: the portable runtime
/// (crt0, setjmp, helpers) and the programs run.
#[test]
fn a_two_issue_machine_runs_programs_one_op_per_bundle() {
    check_on(&machine(W2), false, &programs(), "w2");
}

/// The same machine with bundles of up to 2 syllables, as the scheduler
/// forms them for its slots, units and lanes (stsim rejects a bundle the
/// machine cannot issue).
#[test]
fn a_two_issue_machine_runs_programs_bundled() {
    check_on(&machine(W2), true, &programs(), "w2-bundled");
}

/// One operation per bundle on a 1-issue machine. An operation with a
/// long immediate is two syllables: the extension syllable rides beside
/// the one issue slot (`extension_takes_issue`, false by default on a
/// 1-issue machine).
#[test]
fn a_one_issue_machine_runs_programs_one_op_per_bundle() {
    check_on(&machine(W1), false, &programs(), "w1");
}

/// The same with bundling on: every bundle the compiler forms holds one
/// operation (and its extension syllable), which las and stsim accept.
#[test]
fn a_one_issue_machine_runs_programs_bundled() {
    check_on(&machine(W1), true, &programs(), "w1-bundled");
}

/// The 8-issue machine of `machines/wide8.toml` (two memory units, four
/// multipliers): kernels unrolled further for its width and BRs chosen
/// by least recent release give gcc's output at `-O2` (the dispatch loop
/// of `interp`, the pipelined loops of `dct8x8`, `fft` and `sha256`);
/// so do the branches whose both sides' first operations move above
/// them and the regions converted past the ST231's cost model on a wide
/// machine (`dijkstra`, `sort_heap`, `strsearch_kmp`).
#[test]
fn an_eight_issue_machine_runs_programs() {
    let model = machine(include_str!("../../machines/wide8.toml"));
    let progs = vec![
        ("dijkstra", bench("dijkstra")),
        ("sort_heap", bench("sort_heap")),
        ("strsearch_kmp", bench("strsearch_kmp")),
        ("interp", bench("interp")),
        ("dct8x8", bench("dct8x8")),
        ("fft", bench("fft")),
        ("sha256", bench("sha256")),
        ("arith_helpers", target("arith_helpers")),
    ];
    check_on(&model, true, &progs, "wide8");
}

/// On the built-in machines the hand-written assembly is kept; a machine
/// lacking its registers, width or timing gets the portable files.
#[test]
fn the_runtime_keeps_its_assembly_on_the_built_in_machines() {
    let asm_of = |m: &ProcessorModel| -> Vec<&str> {
        compiler::driver::runtime_files_for(m)
            .into_iter()
            .map(|(p, _)| p)
            .filter(|p| p.contains("portable"))
            .collect()
    };
    for m in [
        ProcessorModel::st220(),
        ProcessorModel::st231(),
        ProcessorModel::st240(),
    ] {
        assert!(asm_of(&m).is_empty(), "{}: {:?}", m.name, asm_of(&m));
    }
    // 32 GRs: divdi3.s and muldi3.s name $r62 and $r24-$r31 (divsi3.s
    // $r62), crt0.s and setjmp.s only low registers
    let p = asm_of(&machine(R32));
    assert!(
        p.contains(&"lib/portable/divdi3.c") && p.contains(&"lib/portable/divsi3.c"),
        "{p:?}"
    );
    assert!(!p.contains(&"lib/portable/crt0.s"), "{p:?}");
    // 2 issue slots: every file with a bundle of 2 or more syllables
    let p = asm_of(&machine(W2));
    for f in [
        "crt0.s", "setjmp.s", "divsi3.c", "divdi3.c", "muldi3.c", "start.c",
    ] {
        assert!(
            p.contains(&format!("lib/portable/{f}").as_str()),
            "{f}: {p:?}"
        );
    }
}

/// The portable helpers (`runtime/lib/portable/*.c`) built by the host
/// `gcc -m32` give the host's own `/`, `%`, `*`, `<<`, `>>` on 32- and
/// 64-bit boundary values and pseudo-random ones.
#[test]
fn portable_helpers_match_the_host_operators() {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/lib/portable");
    let dir = std::env::temp_dir().join(format!("lcc-portable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let harness = dir.join("harness.c");
    std::fs::write(
        &harness,
        r#"#include <stdio.h>
/* the helpers under other names, so that the host's own operators keep
   calling libgcc's */
#define __udivsi3 port_udivsi3
#define __umodsi3 port_umodsi3
#define __divsi3 port_divsi3
#define __modsi3 port_modsi3
#define __udivdi3 port_udivdi3
#define __umoddi3 port_umoddi3
#define __divdi3 port_divdi3
#define __moddi3 port_moddi3
#define __muldi3 port_muldi3
#define __ashldi3 port_ashldi3
#define __ashrdi3 port_ashrdi3
#define __lshrdi3 port_lshrdi3
#include "LIB/divsi3.c"
#include "LIB/divdi3.c"
#define __lcc_dw __lcc_dw_of_muldi3
#include "LIB/muldi3.c"
static unsigned long long s = 88172645463325252ULL;
static unsigned long long next(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
int main(void) {
  unsigned long long v[64]; int n = 0, i, j, k, bad = 0;
  unsigned long long fixed[] = {0, 1, 2, 3, 7, 10, 0x7fffffffULL, 0x80000000ULL, 0xffffffffULL,
    0x100000000ULL, 0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffffffULL,
    0xfffffffffffffffeULL, 0x123456789abcdefULL, 1000000007ULL};
  for (i = 0; i < 16; i++) v[n++] = fixed[i];
  while (n < 64) { unsigned long long x = next(); v[n++] = x >> (x & 63); }
  for (i = 0; i < n; i++) for (j = 0; j < n; j++) {
    unsigned long long a = v[i], b = v[j]; long long sa = (long long)a, sb = (long long)b;
    unsigned a32 = (unsigned)a, b32 = (unsigned)b; int sa32 = (int)a32, sb32 = (int)b32;
    if (b32 != 0) {
      if (__udivsi3(a32, b32) != a32 / b32 || __umodsi3(a32, b32) != a32 % b32) bad++;
      if (!(sa32 == (int)0x80000000 && sb32 == -1))
        if (__divsi3(sa32, sb32) != sa32 / sb32 || __modsi3(sa32, sb32) != sa32 % sb32) bad++;
    }
    if (b != 0) {
      if (__udivdi3(a, b) != a / b || __umoddi3(a, b) != a % b) bad++;
      if (!(sa == (long long)0x8000000000000000ULL && sb == -1))
        if (__divdi3(sa, sb) != sa / sb || __moddi3(sa, sb) != sa % sb) bad++;
    }
    if ((unsigned long long)__muldi3(sa, sb) != a * b) bad++;
  }
  for (i = 0; i < n; i++) for (k = 0; k < 64; k++) {
    long long sa = (long long)v[i];
    if ((unsigned long long)__ashldi3(sa, k) != v[i] << k) bad++;
    if ((unsigned long long)__lshrdi3(sa, k) != v[i] >> k) bad++;
    if (__ashrdi3(sa, k) != sa >> k) bad++;
  }
  printf("%d\n", bad);
  return bad != 0;
}
"#
        .replace("LIB", &lib.to_string_lossy()),
    )
    .unwrap();
    let files = vec![harness];
    let (out, code) = gcc_run(&files, "portable-helpers");
    assert_eq!((String::from_utf8_lossy(&out).trim(), code), ("0", 0));
}
