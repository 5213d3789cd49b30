//! Differential test of the two engines: the translating engine must give
//! the interpreter's results exactly (stop, every counter of the
//! statistics, registers, PC, output, data memory) on testsuite benchmarks
//! built for several machines and on random bundle streams (traps,
//! self-modifying code, `syscall` at block ends, branches into the middle
//! of a block, cycle limits). On a difference the test names the first
//! bundle after which the two machines differ (found by bisecting the
//! cycle limit).

mod common;

use std::path::Path;

use common::{DATA, DATA_SIZE};
use isa::model::ProcessorModel;
use simulator::{Engine, Io, Machine, Options, Program, Stop};

/// Everything a run shows: stop, statistics, PC, registers, output, data.
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    stop: Stop,
    stats: simulator::Stats,
    pc: u32,
    gr: Vec<u32>,
    br: Vec<bool>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    data: Vec<u8>,
}

/// How to make a fresh machine for a run.
type Setup<'a> = &'a dyn Fn(Options) -> Machine;

fn outcome(mut m: Machine) -> Outcome {
    let stop = m.run();
    let (stdout, stderr) = common::output(&m);
    let mut data = vec![0; DATA_SIZE as usize];
    if m.mem.read_bytes(DATA, &mut data).is_err() {
        data.clear();
    }
    Outcome {
        stop,
        stats: m.stats(),
        pc: m.pc(),
        gr: (0..64).map(|n| m.gr(n)).collect(),
        br: (0..8).map(|n| m.br(n)).collect(),
        stdout,
        stderr,
        data,
    }
}

fn run_with(setup: Setup, engine: Engine, max_cycles: u64, perfect_caches: bool) -> Outcome {
    outcome(setup(Options {
        perfect_caches,
        max_cycles: Some(max_cycles),
        engine,
    }))
}

/// Runs both engines; on a difference, panics naming the first bundle
/// after which they differ.
fn compare(what: &str, setup: Setup, max_cycles: u64, perfect_caches: bool) -> Outcome {
    let want = run_with(setup, Engine::Interp, max_cycles, perfect_caches);
    let got = run_with(setup, Engine::Translate, max_cycles, perfect_caches);
    if want == got {
        return want;
    }
    // Smallest cycle limit at which the runs differ: the bundle issued
    // last before it is the first that the engines execute differently.
    let (mut lo, mut hi) = (0u64, max_cycles);
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        let a = run_with(setup, Engine::Interp, mid, perfect_caches);
        let b = run_with(setup, Engine::Translate, mid, perfect_caches);
        if a == b {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let before = run_with(setup, Engine::Interp, lo, perfect_caches);
    let a = run_with(setup, Engine::Interp, hi, perfect_caches);
    let b = run_with(setup, Engine::Translate, hi, perfect_caches);
    let m = setup(Options::default());
    panic!(
        "{what}: the engines differ first after the bundle at 0x{:08x} `{}` \
         (fetched by cycle {lo}; runs limited to {hi} cycles differ)\n\
         interp:    {:?} pc 0x{:08x}\n{:?}\ntranslate: {:?} pc 0x{:08x}\n{:?}\n\
         registers (interp, translate) that differ: {:?}",
        before.pc,
        m.disassemble(before.pc),
        a.stop,
        a.pc,
        a.stats,
        b.stop,
        b.pc,
        b.stats,
        (0..64)
            .filter(|&r| a.gr[r] != b.gr[r])
            .map(|r| (r, a.gr[r], b.gr[r]))
            .collect::<Vec<_>>()
    );
}

// ---------------------------------------------------------------------
// Testsuite benchmarks on several machines

fn machine_file(name: &str) -> ProcessorModel {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../machines")
        .join(name);
    ProcessorModel::from_toml_file(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn benchmark_on(bench_name: &str, config: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testsuite/benchmarks");
    let bench = testsuite::manifest::load_benchmark(&root.join(bench_name))
        .unwrap_or_else(|e| panic!("{e}"));
    let cfg = testsuite::config::BuildConfig::parse(config).unwrap_or_else(|e| panic!("{e}"));
    let exe = testsuite::run::build(&bench, &cfg).unwrap_or_else(|e| panic!("{e}"));
    let program = Program::parse(&exe).unwrap();
    let model = simulator::compat::select_machine(&program, None, None).unwrap();
    let mut argv = vec![bench.name.clone()];
    argv.extend(bench.args.iter().cloned());
    let setup = |o: Options| {
        let mut m = Machine::new(model.clone(), o).unwrap();
        program.load(&mut m, &argv).unwrap();
        m.set_io(Io::captured(&bench.stdin));
        m
    };
    let out = compare(
        &format!("{bench_name} {config}"),
        &setup,
        400_000_000,
        false,
    );
    assert!(
        matches!(out.stop, Stop::Exit(0)),
        "{bench_name} {config}: {:?}",
        out.stop
    );
}

#[test]
fn benchmarks_on_several_machines() {
    let wide = Path::new(env!("CARGO_MANIFEST_DIR")).join("../machines/wide8.toml");
    let wide = format!("O2:--machine={}", wide.display());
    for (bench, config) in [
        ("crc32", "O2"),
        ("fir", "O2"),
        ("dijkstra", "O2"),
        ("hashtable", "O2"),
        ("huffman", "O2"),
        ("crc32", "O2:-mcpu=st240"),
        ("fir", "O2:-mcpu=st240"),
        ("crc32", wide.as_str()),
        ("dijkstra", wide.as_str()),
        ("fir", "O2:-mcpu=st220"),
    ] {
        benchmark_on(bench, config);
    }
}

// ---------------------------------------------------------------------
// Random bundle streams

/// xorshift64: a fixed, reproducible stream.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// Registers the random code computes with; `$r1` holds [`DATA`], `$r5`
/// the address of a bundle, `$r6` the cycle counter's address.
const REGS: [&str; 8] = ["$r7", "$r8", "$r9", "$r10", "$r11", "$r13", "$r14", "$r15"];

/// A random program of `n` labelled bundles `L0..Ln`: ALU, multiply,
/// compare, select, loads and stores (some misaligned or unmapped: traps),
/// prefetches, reads of the cycle counter, conditional and direct
/// branches anywhere (into the middle of straight-line code), indirect
/// jumps, `syscall`s alone in their bundle, and stores into the code.
fn random_program(rng: &mut Rng, n: usize, width: u32, loads: &[&str]) -> String {
    let mut s = String::from(
        "\tmov $r1 = 0x100000\n\t;;\n\tmov $r6 = 0xFFFFF828\n\t;;\n\tmov $r5 = L1\n\t;;\n\tmov $r7 = 7\n\t;;\n\tmov $r8 = -3\n\t;;\n\tmov $r9 = 0x12345\n\t;;\n\tmov $r10 = 1\n\t;;\n",
    );
    for i in 0..n {
        s.push_str(&format!("L{i}:\n"));
        let r = |rng: &mut Rng| rng.pick(&REGS);
        match rng.below(40) {
            0 => s.push_str("\tsyscall 4\n"),
            1 => {
                // write 8 bytes of data to stdout
                s.push_str("\tmov $r16 = 1\n\t;;\n\tmov $r17 = 0x100000\n\t;;\n\tmov $r18 = 8\n\t;;\n\tsyscall 2\n")
            }
            2 => {
                // copy the first word of one bundle over another's
                let from = rng.below(n as u64);
                let to = rng.below(n as u64);
                s.push_str(&format!(
                    "\tmov $r2 = L{from}\n\t;;\n\tmov $r3 = L{to}\n\t;;\n\tldw $r4 = 0[$r2]\n\t;;\n\tstw 0[$r3] = $r4\n"
                ));
            }
            3 => {
                let to = rng.below(n as u64 + 1);
                s.push_str(&format!("\tmov $r63 = L{to}\n\t;;\n\tigoto $r63\n"));
            }
            4 => s.push_str(&format!("\tgoto L{}\n", rng.below(n as u64 + 1))),
            5 => s.push_str(&format!("\tldw {} = 0[$r6]\n", r(rng))),
            6 => s.push_str(&format!(
                "\tldw {} = {}[$r1]\n",
                r(rng),
                [1, 2, 3, 0x10002][rng.below(4) as usize]
            )),
            7 => s.push_str(&format!("\tmov $r5 = L{}\n", rng.below(n as u64))),
            _ => {
                let ops = 1 + rng.below(u64::from(width.clamp(2, 4) - 1));
                let (mut mem, mut mul, mut ctl) = (false, false, false);
                // Destinations written so far (two writes of one register
                // in a bundle are illegal, ISA-ST200 §2.3).
                let mut written: Vec<String> = Vec::new();
                for _ in 0..ops {
                    let (d, a, b) = (r(rng), r(rng), r(rng));
                    let bd = format!("$b{}", rng.below(3));
                    let imm = rng.below(512) as i64 - 256;
                    let off = 4 * rng.below(64);
                    let line = match rng.below(12) {
                        0 | 1 if !mem => {
                            mem = true;
                            let op = rng.pick(loads);
                            format!("{op} {d} = {off}[$r1]")
                        }
                        2 if !mem => {
                            mem = true;
                            let op = rng.pick(&["stw", "sth", "stb"]);
                            format!("{op} {off}[$r1] = {a}")
                        }
                        3 if !mem => {
                            mem = true;
                            format!("pft {off}[$r1]")
                        }
                        4 if !mul => {
                            mul = true;
                            let op = rng.pick(&["mul32", "mulll", "mullhu", "mulh", "mul64h"]);
                            format!("{op} {d} = {a}, {b}")
                        }
                        5 if !ctl => {
                            ctl = true;
                            let to = rng.below(n as u64 + 1);
                            let op = rng.pick(&["br", "brf"]);
                            format!("{op} $b{}, L{to}", rng.below(3))
                        }
                        6 => format!("cmplt {bd} = {a}, {b}"),
                        7 => format!("slct {d} = $b{}, {a}, {b}", rng.below(3)),
                        8 => format!("add {d} = {a}, {imm}"),
                        _ => {
                            let op = rng.pick(&[
                                "add", "sub", "xor", "and", "or", "shl", "shru", "shr", "sh2add",
                                "max", "minu", "cmpgtu", "sh1add", "sh3add", "andc", "orc", "min",
                                "maxu", "cmpeq", "cmpne", "cmpge", "cmpgeu", "cmpgt", "cmple",
                                "cmpleu", "cmpltu", "andl", "nandl", "orl", "norl",
                            ]);
                            format!("{op} {d} = {a}, {b}")
                        }
                    };
                    let dest = line
                        .split_once(" = ")
                        .and_then(|(l, _)| l.split_whitespace().nth(1))
                        .filter(|_| !line.starts_with("st") && !line.starts_with("pft"))
                        .map(str::to_string);
                    if let Some(dest) = dest {
                        if written.contains(&dest) {
                            continue;
                        }
                        written.push(dest);
                    }
                    s.push_str(&format!("\t{line}\n"));
                }
                if written.is_empty() && !(mem || mul || ctl) {
                    s.push_str("\tnop\n");
                }
            }
        }
        s.push_str("\t;;\n");
    }
    s.push_str(&format!(
        "L{n}:\n\tmov $r16 = $r7\n\t;;\n\tsyscall 1\n\t;;\n"
    ));
    s
}

fn random_streams_on(model: ProcessorModel, seed: u64, programs: usize) {
    let mut rng = Rng(seed);
    let mut accepted = 0;
    let mut seen = simulator::EngineStats::default();
    for k in 0..programs {
        let n = 4 + rng.below(28) as usize;
        // The ST240 has no dismissible loads (ISA-ST200 §4.12).
        let loads: &[&str] = if model.core == isa::Core::St240 {
            &["ldw", "ldh", "ldhu", "ldb", "ldbu"]
        } else {
            &["ldw", "ldh", "ldhu", "ldb", "ldbu", "ldw.d"]
        };
        let src = random_program(&mut rng, n, model.issue_width, loads);
        let full = format!("\t.text\n\t.global _start\n_start:\n{src}");
        let options = assembler::Options {
            model: model.clone(),
            ..Default::default()
        };
        let obj = match assembler::assemble("r.s", &full, &options) {
            Ok(o) => o,
            Err(d) => {
                if std::env::var("ENGINES_DEBUG").is_ok() {
                    eprintln!("{}", d.render());
                }
                continue;
            }
        };
        let Ok(exe) = linker::link_objects(&[("r.o".into(), obj)]) else {
            continue;
        };
        accepted += 1;
        let program = Program::parse(&exe).unwrap();
        let setup = |o: Options| {
            let mut m = Machine::new(model.clone(), o).unwrap();
            program.load(&mut m, &["r".to_string()]).unwrap();
            assert!(m.load_image(DATA, &[], DATA_SIZE, false));
            for a in (0..256).step_by(4) {
                let _ = m.mem.write(DATA + a, 4, a.wrapping_mul(0x9E37_79B9));
            }
            m.set_io(Io::captured(b""));
            m
        };
        let perfect = k % 4 == 3;
        let mut m = setup(Options {
            perfect_caches: perfect,
            max_cycles: Some(3_000),
            engine: Engine::Translate,
        });
        m.run();
        let e = m.engine_stats();
        seen.block_runs += e.block_runs;
        seen.interpreted_bundles += e.interpreted_bundles;
        seen.flushes += e.flushes;
        for limit in [3_000, 1 + rng.below(400)] {
            compare(
                &format!("{} random program {k} (seed {seed}):\n{src}", model.name),
                &setup,
                limit,
                perfect,
            );
        }
    }
    assert!(
        accepted * 10 >= programs * 8,
        "las accepted only {accepted} of {programs} random programs"
    );
    // The streams exercise blocks, bundles left to the interpreter and
    // stores into translated code.
    assert!(
        seen.block_runs > 1000 && seen.interpreted_bundles > 100 && seen.flushes > 10,
        "{seen:?}"
    );
}

#[test]
fn random_bundle_streams_st231() {
    random_streams_on(ProcessorModel::st231(), 0x5EED_0001, 300);
}

#[test]
fn random_bundle_streams_other_machines() {
    random_streams_on(ProcessorModel::st240(), 0x5EED_0002, 100);
    random_streams_on(machine_file("wide8.toml"), 0x5EED_0003, 100);
    random_streams_on(machine_file("issue2.toml"), 0x5EED_0004, 100);
}

/// A hot loop that branches back to its own entry (the translator runs it
/// again without the dispatcher), with multiply and load latencies (stalls
/// known at translation) and a strided load that misses the D-cache every
/// few iterations (a cache stall, after which the block's stalls are
/// computed at run time), cut at many cycle limits.
#[test]
fn self_loop_with_static_and_cache_stalls() {
    let src = "\t.text
\tmov $r1 = 0x100000
\tmov $r2 = 300
\t;;
\tmov $r3 = 0
\tmov $r6 = 1
\tmov $r7 = 3
\t;;
loop:
\tldw $r10 = 0[$r1]
\tmul32 $r4 = $r2, $r7
\tadd $r2 = $r2, -1
\txor $r6 = $r6, $r3
\t;;
\tldw $r11 = 4[$r1]
\tmulll $r5 = $r6, $r2
\tcmpne $b0 = $r2, 0
\tadd $r1 = $r1, 12
\t;;
\tadd $r8 = $r4, $r10
\tadd $r9 = $r5, $r11
\tstw 8[$r1] = $r3
\t;;
\tbr $b0, loop
\tadd $r3 = $r8, $r9
\t;;
\tmov $r16 = $r3
\t;;
\tsyscall 1
\t;;
";
    let code = common::text_of(src, isa::Core::St231);
    let setup = |o: Options| {
        let mut m = Machine::new(ProcessorModel::st231(), o).unwrap();
        assert!(m.load_image(common::TEXT, &code, 0, true));
        assert!(m.load_image(DATA, &[], DATA_SIZE, false));
        for a in (0..4096).step_by(4) {
            let _ = m.mem.write(DATA + a, 4, a.wrapping_mul(0x9E37_79B9));
        }
        m.set_io(Io::captured(b""));
        m.set_pc(common::TEXT);
        m
    };
    for perfect in [false, true] {
        let full = compare("self loop", &setup, 1_000_000, perfect);
        assert!(matches!(full.stop, Stop::Exit(_)), "{:?}", full.stop);
        // In each of the 300 iterations the third bundle reads the result
        // of the first one's `mul32` (3-cycle latency, 2 bundles apart).
        assert!(full.stats.stalls.interlock.iter().sum::<u64>() >= 300);
        for limit in (1..80).map(|i| i * 29) {
            compare("self loop, cut", &setup, limit, perfect);
        }
    }
}
