//! The whole toolchain on the C corpus: every program of
//! `tests/corpus/` is built by `lcc` (front end, back end, `las`,
//! `lld-st`, the runtime's `crt0.o` and `libc.a`) and run in `stsim`; its
//! stdout and exit status must equal those of the same program built by
//! the host `gcc -m32 -malign-double` (ILP32 with 8-byte `long long`
//! alignment, like the ST200) and run natively. Expected values come from
//! gcc at test time, never from lcc.

use compiler::driver::{build_executable, Config};
use isa::Core;
use simulator::{Io, Machine, Options, Program, Stop};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{gcc_run, programs, simulate};

fn check_corpus(cfg: &Config, tag: &str) {
    let progs = programs();
    assert!(progs.len() >= 60);
    check_programs(&progs, cfg, tag);
}

/// Runtime tests through stsim (ISA-ST200 runtime): printf
/// formats, division helpers on boundary values, libc functions, the
/// soft-float helpers built by lcc (`tests/target/softfloat.c`) — each
/// compared with the host build.
#[test]
fn runtime_functions_match_the_host() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/target");
    let mut progs: Vec<(String, Vec<PathBuf>)> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .map(|p| {
            (
                p.file_stem().unwrap().to_string_lossy().to_string(),
                vec![p],
            )
        })
        .collect();
    progs.sort();
    assert!(progs.len() >= 3);
    check_programs(&progs, &Config::for_core(Core::St231), "runtime");
    check_programs(&progs, &Config::for_core(Core::St220), "runtime-st220");
}

fn check_programs(progs: &[(String, Vec<PathBuf>)], cfg: &Config, tag: &str) {
    let mut failures = Vec::new();
    for (name, files) in progs {
        let (want_out, want_code) = gcc_run(files, &format!("{tag}-{name}"));
        let sources: Vec<(String, Vec<u8>)> = files
            .iter()
            .map(|f| (f.to_string_lossy().to_string(), std::fs::read(f).unwrap()))
            .collect();
        let exe = match build_executable(&sources, cfg) {
            Ok(e) => e,
            Err(e) => {
                failures.push(format!("{name}: build failed: {e}"));
                continue;
            }
        };
        match simulate(&exe, cfg.model.core) {
            Ok((out, code)) => {
                if out != want_out || code != want_code {
                    failures.push(format!(
                        "{name}: stsim gave status {code} and\n{}\ngcc -m32 gave status {want_code} and\n{}",
                        String::from_utf8_lossy(&out),
                        String::from_utf8_lossy(&want_out)
                    ));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "[{tag}] {} of {} programs differ:\n{}",
        failures.len(),
        progs.len(),
        failures.join("\n\n")
    );
}

#[test]
fn corpus_in_stsim_matches_gcc_m32_bundled() {
    check_corpus(&Config::for_core(Core::St231), "st231");
}

#[test]
fn corpus_in_stsim_matches_gcc_m32_one_op_per_bundle() {
    let mut cfg = Config::for_core(Core::St231);
    cfg.bundle = false;
    check_corpus(&cfg, "nobundle");
}

/// Machine-SSA mode of the back end (SSA book §17.1, §19.1; Rastello et al. 2005 §2.1, `Config::machine_ssa`):
/// the corpus and the runtime (libc built in that mode too) still match gcc.
#[test]
fn corpus_in_stsim_matches_gcc_m32_machine_ssa() {
    let mut cfg = Config::for_core(Core::St231);
    cfg.machine_ssa = true;
    check_corpus(&cfg, "ssa");
    let mut cfg = Config::for_core(Core::St220);
    cfg.machine_ssa = true;
    check_corpus(&cfg, "ssa-st220");
}

/// The corpus optimised (`-O2`: machine SSA, if-conversion) on each core,
/// so the optimised instruction selection (inline 64-bit shifts and
/// multiplies, known sub-word extensions) meets gcc's results.
#[test]
fn corpus_in_stsim_matches_gcc_m32_at_o2() {
    for core in ["st231", "st220", "st240"] {
        let cfg = Config::from_flags(&["-O2".to_string(), format!("-mcpu={core}")]).unwrap();
        check_corpus(&cfg, &format!("o2-{core}"));
    }
}

/// A struct copied from a split local to memory, then a member stored
/// with another type (`tests/corpus/struct_copy_store_order.c`, from
/// csmith seed 20701882): at `-O2` the member store must stay after the
/// copy's word store over it on every core. Expected: the host build.
#[test]
fn struct_copy_then_member_store_keeps_their_order_at_o2() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/struct_copy_store_order.c");
    let prog = vec![("struct_copy_store_order".to_string(), vec![file])];
    for core in ["st231", "st220", "st240"] {
        let cfg = Config::from_flags(&["-O2".to_string(), format!("-mcpu={core}")]).unwrap();
        check_programs(&prog, &cfg, &format!("o2-{core}"));
    }
}

#[test]
fn corpus_on_the_st220_with_its_nops() {
    check_corpus(&Config::for_core(Core::St220), "st220");
}

/// `lcc hello.c -o hello && stsim hello` through the two binaries.
#[test]
fn hello_through_the_binaries() {
    let dir = std::env::temp_dir().join(format!("lcc-hello-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("hello.c");
    std::fs::write(&src, "#include <stdio.h>\nint main(int argc, char **argv) { printf(\"hello, %s %d\\n\", argv[1], argc); return 7; }\n").unwrap();
    let exe = dir.join("hello");
    let lcc = Command::new(env!("CARGO_BIN_EXE_lcc"))
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(
        lcc.status.success(),
        "{}",
        String::from_utf8_lossy(&lcc.stderr)
    );
    // The simulator binary is built by the workspace; run the library the same way stsim does.
    let bytes = std::fs::read(&exe).unwrap();
    let program = Program::parse(&bytes).unwrap();
    let mut m = Machine::new(isa::model::ProcessorModel::st231(), Options::default()).unwrap();
    program
        .load(&mut m, &["hello".to_string(), "world".to_string()])
        .unwrap();
    m.set_io(Io::captured(b""));
    let stop = m.run();
    let Io::Captured { stdout, .. } = m.io() else {
        panic!()
    };
    assert_eq!(String::from_utf8_lossy(stdout), "hello, world 2\n");
    assert!(matches!(stop, Stop::Exit(7)), "{stop:?}");
    // -S and -c stop early, as gcc does.
    let s = Command::new(env!("CARGO_BIN_EXE_lcc"))
        .current_dir(&dir)
        .args(["-S", "hello.c"])
        .status()
        .unwrap();
    assert!(s.success() && dir.join("hello.s").exists());
    let c = Command::new(env!("CARGO_BIN_EXE_lcc"))
        .current_dir(&dir)
        .args(["-c", "hello.c"])
        .status()
        .unwrap();
    assert!(c.success() && dir.join("hello.o").exists());
    let bad = Command::new(env!("CARGO_BIN_EXE_lcc"))
        .current_dir(&dir)
        .args(["-c", "nonexistent.c"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
}

/// Struct arguments and results between objects compiled separately
/// (`lcc -c a.c; lcc -c b.c; link`) and through a function pointer: the
/// call site's C types decide the §7.2 layout. Expected: the host build.
#[test]
fn structs_by_value_across_separately_compiled_objects() {
    use compiler::driver::{assemble, compile_to_asm, link};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/target/separate");
    let files = [dir.join("a.c"), dir.join("b.c")];
    let (want_out, want_code) = gcc_run(&files, "separate");
    for core in [Core::St231, Core::St220] {
        let cfg = Config::for_core(core);
        let objects: Vec<(String, Vec<u8>)> = files
            .iter()
            .map(|f| {
                let name = f.to_string_lossy().to_string();
                let asm = compile_to_asm(&name, &std::fs::read(f).unwrap(), &cfg).unwrap();
                (
                    format!("{name}.o"),
                    assemble(&format!("{name}.s"), &asm, &cfg).unwrap(),
                )
            })
            .collect();
        let exe = link(objects, &cfg, false, false).unwrap();
        let (out, code) = simulate(&exe, core).unwrap();
        assert_eq!(
            (String::from_utf8_lossy(&out).to_string(), code),
            (String::from_utf8_lossy(&want_out).to_string(), want_code),
            "{core}"
        );
    }
}

/// `-fopt-bisect-limit`: steps are numbered from 1 in the order they run,
/// IR passes per function first, then per function the back end's
/// `if-convert`, `mir-simplify`, `out-of-ssa-coalescing`, `modulo-sched`,
/// `schedule-insns`, `reorder-blocks`, `peephole` and `bundle`; a limit
/// skips the later ones.
/// Expected shape from the definition in `compiler/src/bisect.rs`: with
/// two functions at -O2 the last sixteen steps are (if-convert,
/// mir-simplify, coalescing, modulo-sched, schedule-insns, reorder-blocks,
/// peephole, bundle) for each function in module order; stopping just before them leaves
/// one operation per bundle (more `;;` than the full build) and a program
/// that still runs correctly (exit status 10 = 3*3 + 1, by hand).
#[test]
fn bisect_steps_cover_the_back_end() {
    // `noinline`: inlined, sq would leave `main` a constant
    let src = b"__attribute__((noinline)) int sq(int x) { return x * x; }\nint main(void) { return sq(3) + 1; }\n".to_vec();
    let sources = vec![("b.c".to_string(), src)];
    let flags = |limit: i64| {
        Config::from_flags(&["-O2".to_string(), format!("-fopt-bisect-limit={limit}")]).unwrap()
    };
    let all = compiler::driver::compile_many(&sources, &flags(-1)).unwrap();
    let steps = &all.bisect.steps;
    let n = steps.len();
    assert!(n > 4 && steps.iter().all(|s| s.ran));
    let tail: Vec<(&str, &str)> = steps[n - 16..]
        .iter()
        .map(|s| (s.pass.as_str(), s.function.as_str()))
        .collect();
    assert_eq!(
        tail,
        [
            ("if-convert", "sq"),
            ("mir-simplify", "sq"),
            ("out-of-ssa-coalescing", "sq"),
            ("modulo-sched", "sq"),
            ("schedule-insns", "sq"),
            ("reorder-blocks", "sq"),
            ("peephole", "sq"),
            ("bundle", "sq"),
            ("if-convert", "main"),
            ("mir-simplify", "main"),
            ("out-of-ssa-coalescing", "main"),
            ("modulo-sched", "main"),
            ("schedule-insns", "main"),
            ("reorder-blocks", "main"),
            ("peephole", "main"),
            ("bundle", "main")
        ]
    );
    assert!(steps
        .iter()
        .enumerate()
        .all(|(k, s)| s.number == k as u64 + 1));
    let cut = compiler::driver::compile_many(&sources, &flags(n as i64 - 16)).unwrap();
    assert!(cut.bisect.steps[n - 16..].iter().all(|s| !s.ran));
    let bundles = |asm: &str| asm.matches(";;").count();
    assert!(bundles(&cut.asm) > bundles(&all.asm));
    let exe = build_executable(&sources, &flags(0)).unwrap();
    assert_eq!(simulate(&exe, Core::St231).unwrap().1, 10);
}

/// Profile feedback: the simulator's branch profile
/// (`stsim --profile-edges`, here through the library as `stsim` runs it)
/// counts each conditional branch by source position, and `lcc
/// -fprofile-use` reads it back into the if-conversion cost model.
/// Expected counts by hand: the `for` condition of line 3 is tested 101
/// times (100 iterations and the exit), one outcome once; the `if` of
/// line 4 is tested 100 times and holds for i = 0, 4, …, 96 (25 times),
/// so one outcome 25 times and the other 75; main returns 25 * 3 = 75.
#[test]
fn branch_profile_feeds_if_conversion() {
    let dir = std::env::temp_dir().join(format!("lcc-fdo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("count.c"),
        "int main(void) {\n  int n = 0;\n  for (int i = 0; i < 100; i++)\n    if ((i & 3) == 0) n += 3;\n  return n;\n}\n",
    )
    .unwrap();
    let lcc = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_lcc"))
            .current_dir(&dir)
            .args(args)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    lcc(&["-O2", "-fno-if-convert", "count.c", "-o", "count"]);
    let bytes = std::fs::read(dir.join("count")).unwrap();
    let program = Program::parse(&bytes).unwrap();
    let mut m = Machine::new(isa::model::ProcessorModel::st231(), Options::default()).unwrap();
    program.load(&mut m, &["count".to_string()]).unwrap();
    m.set_io(Io::captured(b""));
    m.enable_branch_profile();
    assert!(matches!(m.run(), Stop::Exit(75)));
    let text = simulator::report::branch_profile(&m.branch_profile().unwrap(), &program.symbols);
    let counts = |line: u32| -> Vec<(u64, u64)> {
        text.lines()
            .filter(|l| l.contains(&format!("count.c:{line}:")))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f[1].parse().unwrap(), f[2].parse().unwrap())
            })
            .collect()
    };
    let sorted = |(a, b): (u64, u64)| (a.min(b), a.max(b));
    assert_eq!(
        // the loop is rotated (test at the bottom) and its guard
        // `0 < 100` folded: the test runs 100 times, 99 back and 1 out
        counts(3).into_iter().map(sorted).collect::<Vec<_>>(),
        [(1, 99)],
        "{text}"
    );
    assert_eq!(
        counts(4).into_iter().map(sorted).collect::<Vec<_>>(),
        [(25, 75)],
        "{text}"
    );
    std::fs::write(dir.join("count.prof"), &text).unwrap();
    let stats = lcc(&[
        "-O2",
        "-S",
        "--stats",
        "-fprofile-use=count.prof",
        "count.c",
    ]);
    let weighed = stats
        .split("regions weighed with profile counts ")
        .nth(1)
        .and_then(|s| s.split([',', ';']).next())
        .and_then(|n| n.trim().parse::<u32>().ok());
    assert!(weighed.is_some_and(|n| n >= 1), "{stats}");
    // a profile that does not parse is an error naming the file and line
    std::fs::write(dir.join("bad.prof"), "0x10 x 1 count.c:4:5 main\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_lcc"))
        .current_dir(&dir)
        .args(["-O2", "-S", "-fprofile-use=bad.prof", "count.c"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("bad.prof: line 1:"));
}

/// Modulo scheduling from the driver: on at -O2 for the
/// ST231, reported per loop; off with -fno-modulo-sched, at -O1 and on the
/// ST220 (no interlocks); -fmodulo-sched accepted at -O1. The pipelined program computes what the host
/// computes: sum of i*i + 3 for i < 100 = 328350 + 300 = 328650, by hand;
/// the exit status is its low byte, 328650 mod 256 = 202.
#[test]
fn modulo_scheduling_flags_and_report() {
    let src = b"int a[100];\n__attribute__((noinline)) int f(int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i] + 3; return s; }\nint main(void) { for (int i = 0; i < 100; i++) a[i] = i * i; return f(100) & 255; }\n".to_vec();
    let sources = vec![("m.c".to_string(), src)];
    let loops = |flags: &[&str]| -> usize {
        let cfg =
            Config::from_flags(&flags.iter().map(|f| f.to_string()).collect::<Vec<_>>()).unwrap();
        let c = compiler::driver::compile_many(&sources, &cfg).unwrap();
        c.functions
            .iter()
            .filter_map(|f| f.modulo.as_ref())
            .map(|m| m.loops.len())
            .sum()
    };
    assert!(loops(&["-O2"]) >= 1);
    assert_eq!(loops(&["-O2", "-fno-modulo-sched"]), 0);
    assert_eq!(loops(&["-O1"]), 0);
    assert_eq!(loops(&["-O2", "-mcpu=st220"]), 0);
    // accepted at -O1 too (where loops keep their while shape: no
    // one-block loop to pipeline here)
    loops(&["-O1", "-fmodulo-sched"]);
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    let exe = build_executable(&sources, &cfg).unwrap();
    assert_eq!(simulate(&exe, Core::St231).unwrap().1, 202);
}

/// Constant propagation on machine psi-SSA (`-fmir-sccp`, de Ferrière
/// 2007 §2, example T42): off by default, run after if-conversion when asked (its counters
/// reported per function). The program's clamp `x < 0 ? 0 : x > 9 ? 9 :
/// x` is if-converted into psis; compiled with the pass it still exits
/// with the hand-computed status: the clamps of -5, 3 and 12 are 0, 3 and
/// 9, and 0 + 3 * 10 + 9 * 100 = 930, 930 mod 256 = 162.
#[test]
fn machine_sccp_flag() {
    let src = b"__attribute__((noinline)) int clamp(int x) { return x < 0 ? 0 : x > 9 ? 9 : x; }\nint main(void) { return (clamp(-5) + clamp(3) * 10 + clamp(12) * 100) & 255; }\n".to_vec();
    let sources = vec![("m.c".to_string(), src)];
    let ran = |flags: &[&str]| -> usize {
        let cfg =
            Config::from_flags(&flags.iter().map(|f| f.to_string()).collect::<Vec<_>>()).unwrap();
        let c = compiler::driver::compile_many(&sources, &cfg).unwrap();
        c.functions.iter().filter(|f| f.mir_sccp.is_some()).count()
    };
    assert_eq!(ran(&["-O2"]), 0);
    assert_eq!(ran(&["-O2", "-fmir-sccp"]), 2);
    assert_eq!(ran(&["-O2", "-fmir-sccp", "-fno-mir-sccp"]), 0);
    let cfg = Config::from_flags(&["-O2".to_string(), "-fmir-sccp".to_string()]).unwrap();
    let exe = build_executable(&sources, &cfg).unwrap();
    assert_eq!(simulate(&exe, Core::St231).unwrap().1, 162);
}

/// Type-based alias rules reach the back end: in `c[k] = a[k] * 3` (an
/// `int` result, `short` operands) the modulo scheduler knows the store
/// of one iteration cannot feed the next iteration's load, so the loop's
/// recurrence bound is the induction variable's alone; with
/// `-fno-strict-aliasing` the store → load edge of distance 1 (store, then
/// a 3-cycle load and a 3-cycle multiply before the next store, ISA-ST200
/// §5.3) raises it above that. Both builds compute c[15] = 45 (by hand).
#[test]
fn strict_aliasing_lowers_the_recurrence_bound_of_a_loop() {
    let src = b"__attribute__((noinline)) void scale(int *c, short *a, int n) {\n  for (int k = 0; k < n; k++) c[k] = a[k] * 3;\n}\nint main(void) {\n  short a[16]; int c[16];\n  for (int i = 0; i < 16; i++) a[i] = i;\n  scale(c, a, 16);\n  return c[15];\n}\n".to_vec();
    let sources = vec![("s.c".to_string(), src)];
    let rec = |extra: &[&str]| {
        let mut flags = vec!["-O2".to_string()];
        flags.extend(extra.iter().map(|s| s.to_string()));
        let cfg = Config::from_flags(&flags).unwrap();
        let out = compiler::driver::compile_many(&sources, &cfg).unwrap();
        let exe = build_executable(&sources, &cfg).unwrap();
        assert_eq!(simulate(&exe, Core::St231).unwrap().1, 45, "{extra:?}");
        let f = out.functions.iter().find(|f| f.name == "scale").unwrap();
        let l = &f.modulo.as_ref().expect("modulo scheduling ran").loops[0];
        l.rec_mii as f64 / l.unroll as f64
    };
    // without loop versioning, whose run-time overlap test would make
    // the pointers independent in the pipelined copy either way
    let strict = rec(&["-fno-loop-version"]);
    let loose = rec(&["-fno-strict-aliasing", "-fno-loop-version"]);
    assert!(strict <= 1.0, "{strict}");
    assert!(loose > 1.0, "{loose}");
}
