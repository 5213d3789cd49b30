//! Back-end tests: differential testing against the IR interpreter (the
//! oracle): each program is compiled by the back end, assembled by `las`,
//! linked by `lld-st` with the runtime (`runtime/`: `crt0.o` and `libc.a`,
//! built by the driver), run in the `stsim` library, and its stdout and exit status compared with
//! `compiler::interp::run` on the same IR.

use compiler::codegen::{compile_module, Options, OutOfSsa};
use compiler::{driver, interp, ir};
use isa::model::ProcessorModel;
use simulator::{Io, Machine, Stop};
use std::path::Path;
mod common;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus");

fn c_module(name: &str, src: &[u8]) -> ir::Module {
    let out = driver::compile(name, src, &driver::Options::default());
    let m = out
        .result
        .unwrap_or_else(|| panic!("front end failed on {name}:\n{}", out.diagnostics));
    compiler::ir::link::link(vec![m]).expect("link")
}

fn opts(model: &ProcessorModel, bundle: bool) -> Options {
    Options {
        model: model.clone(),
        bundle,
        file_name: None,
        ..Default::default()
    }
}

/// [`opts`] in machine-SSA mode (SSA book §17.1, §19.1; Rastello et al. 2005 §2.1), out of SSA by `method`.
fn opts_ssa(model: &ProcessorModel, bundle: bool, method: OutOfSsa) -> Options {
    Options {
        ssa: true,
        out_of_ssa: method,
        ..opts(model, bundle)
    }
}

fn assemble(name: &str, text: &str, model: &ProcessorModel) -> Vec<u8> {
    let o = assembler::Options {
        model: isa::model::ProcessorModel::builtin(model.core),
        ..Default::default()
    };
    assembler::assemble(name, text, &o)
        .unwrap_or_else(|d| panic!("las rejected {name}:\n{}\n{}", d.render(), numbered(text)))
}

fn numbered(t: &str) -> String {
    t.lines()
        .enumerate()
        .map(|(i, l)| format!("{:5} {l}\n", i + 1))
        .collect()
}

/// Named object files.
type Objects = Vec<(String, Vec<u8>)>;

/// The runtime (`crt0.o`, `libc.a`, built by the driver at -O2 for `o`'s
/// core and bundling, and cached as `lcc` caches it).
fn runtime_with(o: &Options) -> Objects {
    let mut cfg = driver::Config::for_core(o.model.core);
    cfg.model = o.model.clone();
    cfg.bundle = o.bundle;
    let (crt0, libc) = driver::runtime(&cfg).expect("the runtime builds");
    vec![("crt0.o".to_string(), crt0), ("libc.a".to_string(), libc)]
}

/// Result of a run: stdout and exit status.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    stdout: String,
    status: i32,
}

fn run_asm(text: &str, model: &ProcessorModel, bundle: bool) -> Result<Run, String> {
    run_asm_with(text, &opts(model, bundle))
}

/// Links `text` with the test runtime compiled with `o` and runs it.
fn run_asm_with(text: &str, o: &Options) -> Result<Run, String> {
    let model = &o.model;
    let mut objs = runtime_with(o);
    // before `libc.a`, as the driver links: an archive member is taken only
    // for symbols undefined by the objects before it (the helpers of
    // `muldi3.o` are no longer pulled in by libc itself on the ST231)
    objs.insert(1, ("prog.o".into(), assemble("prog.s", text, model)));
    let exe = linker::link_objects(&objs)?;
    let program = simulator::Program::parse(&exe).map_err(|e| format!("{e:?}"))?;
    let mut m = Machine::new(
        model.clone(),
        simulator::Options {
            perfect_caches: true,
            max_cycles: Some(200_000_000),
            ..Default::default()
        },
    )
    .map_err(|e| format!("{e:?}"))?;
    program
        .load(&mut m, &["a.out".to_string()])
        .map_err(|e| format!("{e:?}"))?;
    m.set_io(Io::captured(b""));
    let stop = m.run();
    let stdout = match m.io() {
        Io::Captured { stdout, .. } => String::from_utf8_lossy(stdout).into_owned(),
        Io::Host => String::new(),
    };
    match stop {
        Stop::Exit(s) => Ok(Run {
            stdout,
            status: s & 0xff,
        }),
        other => Err(format!("{other:?}; output so far:\n{stdout}")),
    }
}

fn oracle(m: &ir::Module) -> Run {
    let r = compiler::driver::run(
        m,
        &interp::RunOptions {
            max_steps: Some(1 << 30),
            args: vec![],
        },
    )
    .expect("interpreter runs");
    Run {
        stdout: String::from_utf8_lossy(&r.stdout).into_owned(),
        status: r.exit_code,
    }
}

/// Compiles `m` with `o`, runs it, compares with the oracle.
fn check_module_with(name: &str, m: &ir::Module, o: &Options) -> Result<(), String> {
    let want = oracle(m);
    let text = compile_module(m, o).map_err(|e| {
        e.iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let got = run_asm_with(&text, o)?;
    if got != want {
        return Err(format!(
            "{name} on {} (bundle={}, ssa={}): got {got:?}, want {want:?}",
            o.model.name, o.bundle, o.ssa
        ));
    }
    Ok(())
}

fn corpus_programs() -> Vec<(String, ir::Module)> {
    let mut v = vec![];
    let mut names: Vec<_> = std::fs::read_dir(CORPUS)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    names.sort();
    for p in names {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read(&p).unwrap();
        v.push((name.clone(), c_module(&name, &src)));
    }
    // the multi-file program, linked at the IR level
    let dir = Path::new(CORPUS).join("multi_file");
    let mut mods = vec![];
    for f in ["main.c", "util.c"] {
        let src = std::fs::read(dir.join(f)).unwrap();
        let out = driver::compile(
            dir.join(f).to_str().unwrap(),
            &src,
            &driver::Options::default(),
        );
        mods.push(out.result.expect("multi_file compiles"));
    }
    v.push(("multi_file".into(), compiler::ir::link::link(mods).unwrap()));
    v
}

fn corpus_on(model: ProcessorModel, bundle: bool) {
    corpus_with(&opts(&model, bundle));
}

fn corpus_with(o: &Options) {
    let mut failures = vec![];
    let progs = corpus_programs();
    for (name, m) in &progs {
        if let Err(e) = check_module_with(name, m, o) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} corpus programs differ:\n{}",
        failures.len(),
        progs.len(),
        failures.join("\n")
    );
}

#[test]
fn corpus_st231_bundled() {
    corpus_on(ProcessorModel::st231(), true);
}

#[test]
fn corpus_st231_no_bundle() {
    corpus_on(ProcessorModel::st231(), false);
}

#[test]
fn corpus_st220_bundled() {
    corpus_on(ProcessorModel::st220(), true);
}

#[test]
fn corpus_st220_no_bundle() {
    corpus_on(ProcessorModel::st220(), false);
}

#[test]
fn corpus_st240_bundled() {
    corpus_on(ProcessorModel::st240(), true);
}

/// The corpus in machine-SSA mode (naive out-of-SSA translation for now):
/// every function passes the machine-SSA verifier (debug build) and every
/// program gives the oracle's output on the simulator.
#[test]
fn corpus_st231_machine_ssa() {
    corpus_with(&opts_ssa(&ProcessorModel::st231(), true, OutOfSsa::Naive));
}

#[test]
fn corpus_st220_machine_ssa() {
    corpus_with(&opts_ssa(
        &ProcessorModel::st220(),
        true,
        OutOfSsa::Boissinot,
    ));
}

/// If-conversion into psi-SSA and out of it, checked by
/// execution: every corpus program optimised at `-O2` (so its branches
/// are on SSA values, where if-conversion finds its diamonds and
/// triangles), then compiled in machine SSA with if-conversion on `model`,
/// must print and return what the IR interpreter gives on the same
/// optimised IR. Returns how many regions were converted, so the test
/// knows the transformation ran.
fn corpus_if_converted(model: ProcessorModel) -> usize {
    let o = Options {
        if_convert: true,
        ..opts_ssa(&model, true, OutOfSsa::Boissinot)
    };
    let opt = compiler::opt::Options {
        level: 2,
        ..Default::default()
    };
    let mut failures = vec![];
    let mut regions = 0;
    let progs = corpus_programs();
    for (name, mut m) in progs.clone() {
        compiler::opt::optimize_module(&mut m, &opt).expect("optimiser runs");
        if let Ok((_, stats)) = compiler::codegen::compile_module_with_stats(&m, &o) {
            regions += stats
                .iter()
                .filter_map(|f| f.if_convert.as_ref())
                .map(|s| s.regions)
                .sum::<usize>();
        }
        if let Err(e) = check_module_with(&name, &m, &o) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} corpus programs differ after if-conversion:\n{}",
        failures.len(),
        progs.len(),
        failures.join("\n")
    );
    regions
}

/// Random programs (`common::irgen`, the generator of `tests/passes.rs`)
/// optimised at `-O2`, then compiled in machine SSA with if-conversion
/// (and, on the ST231, modulo scheduling with complete unrolling and tail
/// duplication) for `model`, must print and return in the simulator what
/// the IR interpreter gives on the same optimised IR. Returns the regions
/// converted and the loops pipelined or unrolled completely, so the tests
/// know the transformations ran (`LCC_BACKEND_CASES` programs, 200 by
/// default).
fn random_if_converted(model: ProcessorModel) -> (usize, usize) {
    let o = Options {
        if_convert: true,
        modulo_sched: true,
        ..opts_ssa(&model, true, OutOfSsa::Boissinot)
    };
    let opt = compiler::opt::Options {
        level: 2,
        ..Default::default()
    };
    let cases: u64 = std::env::var("LCC_BACKEND_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let mut failures = vec![];
    let (mut regions, mut loops) = (0, 0);
    for seed in 0..cases {
        let mut m = common::irgen::random_program(seed);
        compiler::opt::optimize_module(&mut m, &opt).expect("optimiser runs");
        if let Ok((_, stats)) = compiler::codegen::compile_module_with_stats(&m, &o) {
            for f in &stats {
                regions += f.if_convert.as_ref().map_or(0, |s| s.regions);
                loops += f
                    .modulo
                    .as_ref()
                    .map_or(0, |s| s.loops.len() + s.unrolled.len());
            }
        }
        if let Err(e) = check_module_with(&format!("random seed {seed}"), &m, &o) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    (regions, loops)
}

#[test]
fn random_programs_st231_if_converted() {
    let (regions, loops) = random_if_converted(ProcessorModel::st231());
    eprintln!("{regions} regions converted, {loops} loops pipelined or unrolled");
    assert!(regions >= 20, "only {regions} regions converted");
}

#[test]
fn random_programs_st220_if_converted() {
    let (regions, _) = random_if_converted(ProcessorModel::st220());
    assert!(regions >= 20, "only {regions} regions converted");
}

#[test]
fn corpus_st231_if_converted() {
    let regions = corpus_if_converted(ProcessorModel::st231());
    assert!(
        regions >= 10,
        "only {regions} regions converted in the corpus"
    );
}

#[test]
fn corpus_st220_if_converted() {
    let regions = corpus_if_converted(ProcessorModel::st220());
    assert!(
        regions >= 10,
        "only {regions} regions converted in the corpus"
    );
}

/// Debugging aid: `BE_SRC=file.c cargo test --test backend dump -- --ignored --nocapture`
/// prints the assembly and compares the run with the oracle.
#[test]
#[ignore]
fn dump() {
    let Ok(path) = std::env::var("BE_SRC") else {
        return;
    };
    let src = std::fs::read(&path).unwrap();
    let m = c_module(&path, &src);
    let model = match std::env::var("BE_CPU").as_deref() {
        Ok("st220") => ProcessorModel::st220(),
        _ => ProcessorModel::st231(),
    };
    let bundle = std::env::var("BE_NOBUNDLE").is_err();
    let text = compile_module(&m, &opts(&model, bundle)).unwrap();
    if std::env::var("BE_QUIET").is_err() {
        println!("{text}");
    }
    println!("oracle: {:?}", oracle(&m));
    println!("run:    {:?}", run_asm(&text, &model, bundle));
}

fn ir_module(text: &str) -> ir::Module {
    let m = ir::parse_module(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    ir::verify_module(&m).unwrap();
    m
}

/// Bundles of the emitted text of `func`: operation lines between `;;`.
fn bundles_of(text: &str, func: &str) -> Vec<Vec<String>> {
    let start = text.find(&format!("\n{func}:\n")).expect("function label");
    let body = &text[start
        ..text[start..]
            .find(".endp")
            .map_or(text.len(), |e| start + e)];
    let mut out = vec![];
    let mut cur = vec![];
    for l in body.lines().skip(2) {
        let l = l.trim();
        if l == ";;" {
            out.push(std::mem::take(&mut cur));
        } else if !l.is_empty() && !l.starts_with('.') && !l.ends_with(':') {
            cur.push(l.to_string());
        }
    }
    out
}

/// Expected value by hand: a=7, b=3: (10 | 4) + ((7^3) | (7&3)) = 14 + (4|3) = 21.
const WIDE_IR: &str = "
func @wide(i32 %a, i32 %b) -> i32 {
block0:
  %c = add.i32 %a, %b
  %d = sub.i32 %a, %b
  %e = xor.i32 %a, %b
  %g = and.i32 %a, %b
  %h = or.i32 %c, %d
  %i = or.i32 %e, %g
  %j = add.i32 %h, %i
  ret %j
}

func @main() -> i32 {
block0:
  %a = iconst.i32 7
  %b = iconst.i32 3
  %r = call.i32 @wide(%a, %b)
  ret %r
}
";

#[test]
fn straight_line_block_fills_four_slots() {
    let m = ir_module(WIDE_IR);
    let model = ProcessorModel::st231();
    let text = compile_module(&m, &opts(&model, true)).unwrap();
    let b = bundles_of(&text, "wide");
    // the four independent ALU operations of the source issue together
    assert!(
        b.iter().any(|x| x.len() == 4),
        "no 4-operation bundle in:\n{text}"
    );
    // every bundle is legal: las accepts the text, and the program computes 21
    assert_eq!(run_asm(&text, &model, true).unwrap().status, 21);
    // -mno-bundle: one operation per bundle, same result
    let text1 = compile_module(&m, &opts(&model, false)).unwrap();
    assert!(bundles_of(&text1, "wide").iter().all(|x| x.len() <= 1));
    assert_eq!(run_asm(&text1, &model, false).unwrap().status, 21);
}

/// A load→use and multiply→use chain: on the non-interlocked ST220 the
/// code is only right because of the `nop` bundles the scheduler inserts.
const ST220_C: &str = "
int printf(const char *, ...);
int table[4] = {3, 5, 7, 11};
int main(void) {
    int i, s = 0;
    for (i = 0; i < 4; i++)
        s = s * table[i] + table[3 - i];
    printf(\"%d\\n\", s);
    return s & 0x7f;
}
";

#[test]
fn st220_needs_the_inserted_nops() {
    let m = c_module("st220.c", ST220_C.as_bytes());
    let want = oracle(&m);
    // hand check: s = 11; 11*5+7 = 62; 62*7+5 = 439; 439*11+3 = 4832
    assert_eq!(want.stdout, "4832\n");
    let model = ProcessorModel::st220();
    assert!(!model.interlocked);
    let text = compile_module(&m, &opts(&model, true)).unwrap();
    assert!(text.contains("\tnop\n\t;;\n"), "no nop bundles:\n{text}");
    assert_eq!(run_asm(&text, &model, true).unwrap(), want);
    let stripped = text.replace("\tnop\n\t;;\n", "");
    let bad = run_asm(&stripped, &model, true);
    assert_ne!(bad.as_ref().ok(), Some(&want), "still right without nops");
    // the same stripped code is right on the interlocked ST231: the nops
    // only stand for latencies
    let st231 = ProcessorModel::st231();
    let text231 = compile_module(&m, &opts(&st231, true)).unwrap();
    assert!(!text231.contains("\tnop\n"));
    assert_eq!(run_asm(&text231, &st231, true).unwrap(), want);
}

/// IR with `n` values loaded from a global (not constants), all live until
/// a final reverse-order checksum, and `nb` compare results used only by
/// branches in later blocks (branch-register class), all live at once.
fn pressure_ir(n: usize, nb: usize) -> String {
    let mut s = String::new();
    s.push_str(&format!("global @data size {} align 4 init ", 4 * n));
    for i in 0..n {
        let v = (i * 37 + 11) as u32;
        for b in v.to_le_bytes() {
            s.push_str(&format!("{b:02x}"));
        }
    }
    s.push_str("\n\nfunc @main() -> i32 {\nblock0:\n  %base = global_addr @data\n");
    for i in 0..n {
        s.push_str(&format!(
            "  %o{i} = iconst.i32 {}\n  %p{i} = add.i32 %base, %o{i}\n  %v{i} = load.i32 %p{i}\n",
            4 * i
        ));
    }
    for k in 0..nb {
        s.push_str(&format!(
            "  %c{k} = icmp.slt.i32 %v{}, %v{}\n",
            k,
            n - 1 - k
        ));
    }
    s.push_str("  %z = iconst.i32 0\n  jump t0\n");
    // chain of diamonds: acc = acc*3 + (c_k ? v_k : -v_k) carried in a slot-free phi
    let mut acc = "%z".to_string();
    for k in 0..nb {
        s.push_str(&format!(
            "t{k}:\n  %a{k} = phi.i32 [{}: {acc}]\n  br %c{k}, y{k}, n{k}\ny{k}:\n  %yy{k} = add.i32 %a{k}, %v{k}\n  jump m{k}\nn{k}:\n  %nn{k} = sub.i32 %a{k}, %v{k}\n  jump m{k}\nm{k}:\n  %m{k} = phi.i32 [y{k}: %yy{k}], [n{k}: %nn{k}]\n  %three{k} = iconst.i32 3\n  %mm{k} = mul.i32 %m{k}, %three{k}\n  jump t{}\n",
            if k == 0 { "block0".to_string() } else { format!("m{}", k - 1) },
            k + 1
        ));
        acc = format!("%mm{k}");
    }
    s.push_str(&format!(
        "t{nb}:\n  %s{n} = phi.i32 [{}: {acc}]\n",
        if nb == 0 {
            "block0".to_string()
        } else {
            format!("m{}", nb - 1)
        }
    ));
    for i in (0..n).rev() {
        s.push_str(&format!("  %k{i} = iconst.i32 {}\n  %q{i} = mul.i32 %v{i}, %k{i}\n  %s{i} = xor.i32 %s{}, %q{i}\n", 2 * i + 1, i + 1));
    }
    s.push_str("  %m255 = iconst.i32 255\n  %r = and.i32 %s0, %m255\n  ret %r\n}\n");
    s
}

#[test]
fn high_register_pressure_spills_and_stays_correct() {
    let text = pressure_ir(80, 12);
    let m = ir_module(&text);
    for (model, bundle) in [
        (ProcessorModel::st231(), true),
        (ProcessorModel::st231(), false),
        (ProcessorModel::st220(), true),
    ] {
        let (asm, stats) =
            compiler::codegen::compile_module_with_stats(&m, &opts(&model, bundle)).unwrap();
        let st = &stats[0];
        assert!(st.regalloc.spilled > 0, "no spill: {st:?}");
        // some BR values were spilled: their reloads go through $b7 (mtb)
        assert!(asm.contains("mtb $b7 = $r11"), "no BR spill:\n{asm}");
        assert_eq!(
            run_asm(&asm, &model, bundle).unwrap(),
            oracle(&m),
            "{}",
            model.name
        );
    }
}

#[test]
fn line_information_reaches_the_assembly() {
    use compiler::frontend::lex::Interner;
    use compiler::frontend::pp::{PpOptions, Preprocessor};
    use compiler::frontend::source::{Diagnostics, SourceMap};
    let src = b"int f(int a) {\n  int b = a * 3;\n  return b + 1;\n}\n";
    let mut sm = SourceMap::default();
    let mut diags = Diagnostics::default();
    let mut interner = Interner::default();
    let toks = {
        let mut pp = Preprocessor::new(&mut sm, &mut diags, &mut interner, PpOptions::default());
        pp.run("f.c", src)
    };
    let tu =
        compiler::frontend::parse::Parser::new(toks, &mut interner, &mut diags).translation_unit();
    let m = compiler::lower::lower_with_source(&tu, &interner, &mut diags, Some(&sm));
    assert_eq!(diags.errors, 0);
    // the multiply comes from line 2, the return from line 3 (the source above)
    let f = &m.functions[0];
    let lines: Vec<u32> = f.insts.iter().filter_map(|d| d.loc.map(|l| l.0)).collect();
    assert!(lines.contains(&2) && lines.contains(&3), "{lines:?}");
    let mut o = opts(&ProcessorModel::st231(), true);
    o.file_name = Some("f.c".into());
    let text = compile_module(&m, &o).unwrap();
    assert!(text.starts_with("\t.file 1 \"f.c\"\n"));
    assert!(
        text.contains("\t.loc 1 2 ") && text.contains("\t.loc 1 3 "),
        "{text}"
    );
    assemble("f.s", &text, &o.model);
}

/// `mulhs`/`mulhu` (bits 63:32 of the 64-bit product, added for the
/// division by constants of `opt::simplify`) and the reduced divisions
/// themselves, on every core: ST231/ST240 `mul64h`/`mul64hu`
/// (ISA-ST200 §4.5), ST220 through `__muldi3` (§4.11). The oracle is the
/// interpreter on the same (reduced) IR, which the strength-reduction unit
/// tests check against Rust's `wrapping_div`/`%`.
#[test]
fn reduced_divisions_and_high_multiplies_on_every_core() {
    let src = br#"
int printf(const char *, ...);
int mhs(int a, int b);
unsigned mhu(unsigned a, unsigned b);
int main(void) {
    unsigned s = 1;
    int xs[] = {0, 1, -1, 7, -7, 100, -100, 641, 2147483647, -2147483647 - 1, 123456789, -987654321};
    for (int k = 0; k < 200; k++) {
        int x = k < 12 ? xs[k] : (int)(s = s * 1103515245u + 12345u);
        printf("%d %d %d %d %u %u %d %d %u\n", x / 7, x % 10, x / -3, x / 16, (unsigned)x / 10u,
               (unsigned)x % 641u, mhs(x, 0x55555556), mhs(x, x), mhu((unsigned)x, 0xAAAAAAABu));
    }
    return 0;
}
"#;
    let out = driver::compile("mulh.c", src, &driver::Options::default());
    let cm = out.result.expect("compiles");
    let hm = ir_module(
        "
func @mhs(i32 %a, i32 %b) -> i32 {
b0:
  %r = mulhs.i32 %a, %b
  ret %r
}
func @mhu(i32 %a, i32 %b) -> i32 {
b0:
  %r = mulhu.i32 %a, %b
  ret %r
}
",
    );
    let mut m = compiler::ir::link::link(vec![cm, hm]).expect("link");
    let mut reduced = 0;
    for f in &mut m.functions {
        reduced += compiler::opt::strength_reduce::run(f).get("divisions reduced");
        ir::verify_function(f).unwrap();
    }
    assert_eq!(reduced, 6);
    for model in [
        ProcessorModel::st231(),
        ProcessorModel::st220(),
        ProcessorModel::st240(),
    ] {
        check_module_with("mulh", &m, &opts(&model, true)).unwrap();
    }
}

// ---- machine SSA (SSA book §17.1, §19.1; Rastello et al. 2005 §2.1) on hand-written SSA IR ----

/// A global holding the NUL-terminated string `text`, for printf formats.
fn string_global(name: &str, text: &str) -> String {
    let mut hex = String::new();
    for b in text.bytes().chain([0]) {
        hex.push_str(&format!("{b:02x}"));
    }
    format!(
        "global @{name} size {} align 1 init {hex}\n",
        text.len() + 1
    )
}

/// SSA book 19.1–19.2, Fig. 19.5, example T57 (lost-copy problem), as a function of the trip count:
/// x2 = phi(1, x3); x3 = x2 + 1; loop while x3 < n; return x2. By hand:
/// the last iteration starts with x2 = n - 1 (n >= 2), so lost(10) = 9
/// and lost(2) = 1; a translation that loses the copy returns n.
const LOST_COPY: &str = "
func @lost(i32 %n) -> i32 {
b0:
  %x1 = iconst.i32 1
  jump b1
b1:
  %x2 = phi.i32 [b0: %x1], [b1: %x3]
  %x3 = add.i32 %x2, %x1
  %c = icmp.slt.i32 %x3, %n
  br %c, b1, b2
b2:
  ret %x2
}
";

/// SSA book 19.1, 17.3, example T58 (swap problem): (a, b) = (1, 2) swapped on every
/// iteration of a loop counted by i; returns 100 + a - b and i. By hand:
/// the last iteration is number n - 1 (from 0); (a, b) = (1, 2) when it is
/// even, (2, 1) when odd: swap(5) → 100 + 1 - 2 = 99, swap(6) → 101.
const SWAP: &str = "
func @swap(i32 %n) -> i32 {
b0:
  %a0 = iconst.i32 1
  %b0 = iconst.i32 2
  %z = iconst.i32 0
  %one = iconst.i32 1
  jump head
head:
  %a = phi.i32 [b0: %a0], [head: %b]
  %b = phi.i32 [b0: %b0], [head: %a]
  %i = phi.i32 [b0: %z], [head: %i2]
  %i2 = add.i32 %i, %one
  %c = icmp.slt.i32 %i2, %n
  br %c, head, exit
exit:
  %d = sub.i32 %a, %b
  %h = iconst.i32 100
  %r = add.i32 %d, %h
  ret %r
}
";

/// Calls inside a loop with values live across them, 64-bit phis (a swap
/// of two i64 phis as well), a 64-bit multiply (helper call) in the loop.
/// By hand for n = 4: f(i) = 3i + 1 gives r = 1, 4, 7, 10, s = 22; acc =
/// 22 * (2^32 + 15) = 22 * 2^32 + 330 (lo 330, hi 22). The pair (p, q)
/// starts at (2^33 + 5, 7) and is swapped 4 times: back to (2^33 + 5, 7),
/// so p - q = 2^33 - 2 (lo 0xfffffffe, hi 1).
const CALLS64: &str = "
func @f(i32 %x) -> i32 {
b0:
  %three = iconst.i32 3
  %one = iconst.i32 1
  %m = mul.i32 %x, %three
  %r = add.i32 %m, %one
  ret %r
}

func @loop64(i32 %n, i32 %fmt) -> i64 {
entry:
  %z = iconst.i64 0
  %k = iconst.i32 0
  %one = iconst.i32 1
  %p0 = iconst.i64 8589934597
  %q0 = iconst.i64 7
  %mul = iconst.i64 4294967311
  jump head
head:
  %acc = phi.i64 [entry: %z], [body: %acc2]
  %i = phi.i32 [entry: %k], [body: %i2]
  %s = phi.i32 [entry: %k], [body: %s2]
  %p = phi.i64 [entry: %p0], [body: %q]
  %q = phi.i64 [entry: %q0], [body: %p]
  %c = icmp.slt.i32 %i, %n
  br %c, body, exit
body:
  %r = call.i32 @f(%i)
  %s2 = add.i32 %s, %r
  %rx = sext.i32.i64 %r
  %t = mul.i64 %rx, %mul
  %acc2 = add.i64 %acc, %t
  %i2 = add.i32 %i, %one
  %pr = call.i32 @printf(%fmt, %i, %r, %s2)
  jump head
exit:
  %pq = sub.i64 %p, %q
  %sx = sext.i32.i64 %s
  %x = xor.i64 %acc, %pq
  %y = add.i64 %x, %sx
  ret %y
}

func @main() -> i32 {
b0:
  %n = iconst.i32 4
  %fmt = global_addr @fmt
  %v = call.i64 @loop64(%n, %fmt)
  %lo = trunc.i64.i32 %v
  %c32 = iconst.i64 32
  %h = lshr.i64 %v, %c32
  %hi = trunc.i64.i32 %h
  %fmt2 = global_addr @fmt2
  %pr = call.i32 @printf(%fmt2, %lo, %hi)
  %m = iconst.i32 255
  %r = and.i32 %lo, %m
  ret %r
}
";

fn calls64_module() -> ir::Module {
    let text = format!(
        "{}{}{CALLS64}",
        string_global("fmt", "i=%d r=%d s=%d\n"),
        string_global("fmt2", "lo=%u hi=%u\n")
    );
    ir_module(&text)
}

/// Every configuration of the SSA tests: every out-of-SSA method, on the
/// ST231 and on the ST220 (nops) without bundling.
fn ssa_configs() -> Vec<Options> {
    vec![
        opts_ssa(&ProcessorModel::st231(), true, OutOfSsa::Naive),
        opts_ssa(&ProcessorModel::st231(), true, OutOfSsa::Boissinot),
        opts_ssa(&ProcessorModel::st220(), false, OutOfSsa::Sreedhar),
        opts_ssa(&ProcessorModel::st231(), true, OutOfSsa::SreedharIII),
    ]
}

fn main_calling(func: &str, arg: i32) -> String {
    format!(
        "func @main() -> i32 {{\nb0:\n  %n = iconst.i32 {arg}\n  %r = call.i32 @{func}(%n)\n  ret %r\n}}\n"
    )
}

#[test]
fn ssa_lost_copy_problem() {
    // SSA book 19.1–19.2, Fig. 19.5, example T57
    for (n, want) in [(10, 9), (2, 1)] {
        let m = ir_module(&format!("{LOST_COPY}{}", main_calling("lost", n)));
        assert_eq!(oracle(&m).status, want, "interpreter, n = {n}");
        for o in ssa_configs() {
            check_module_with("lost", &m, &o).unwrap();
        }
    }
}

#[test]
fn ssa_swap_problem() {
    // SSA book 19.1, 17.3, example T58
    for (n, want) in [(5, 99), (6, 101), (1, 99)] {
        let m = ir_module(&format!("{SWAP}{}", main_calling("swap", n)));
        assert_eq!(oracle(&m).status, want, "interpreter, n = {n}");
        for o in ssa_configs() {
            check_module_with("swap", &m, &o).unwrap();
        }
    }
}

#[test]
fn ssa_calls_in_loops_and_64_bit_phis() {
    let m = calls64_module();
    // by hand (see CALLS64): acc ^ (p - q) + s
    let acc: u64 = 22 * ((1 << 32) + 15);
    let pq: u64 = (1 << 33) - 2;
    let v = (acc ^ pq).wrapping_add(22);
    let want = oracle(&m);
    assert_eq!(
        want.stdout,
        format!(
            "i=0 r=1 s=1\ni=1 r=4 s=5\ni=2 r=7 s=12\ni=3 r=10 s=22\nlo={} hi={}\n",
            v as u32,
            (v >> 32) as u32
        )
    );
    assert_eq!(want.status, (v & 255) as i32);
    for o in ssa_configs() {
        check_module_with("calls64", &m, &o).unwrap();
    }
}

/// Structure of the machine SSA itself (SSA book §17.1, §19.1; Rastello et al. 2005 §2.1): on T57 the loop
/// header starts with one phi with an operand per machine predecessor, no
/// vreg is defined twice (the verifier), and the call of `lost` from main
/// passes its argument by a pcopy into a vreg pinned to $r16 placed
/// immediately before the call, its result by a pcopy from a vreg pinned
/// to $r16 immediately after.
#[test]
fn ssa_selection_structure() {
    use compiler::codegen::mir::{MOp, Opnd, Reg};
    use compiler::codegen::{emit, isel, mir::verify};
    let m = ir_module(&format!("{LOST_COPY}{}", main_calling("lost", 10)));
    let core = isa::Core::St231;
    let lost = isel::select_with(&m, &m.functions[0], core, true).unwrap();
    verify::verify(&lost).unwrap();
    let dump: Vec<String> = lost
        .order
        .iter()
        .flat_map(|&b| lost.block(b).insts.iter().map(|i| emit::inst(i, 0)))
        .collect();
    let phis: Vec<_> = lost
        .blocks
        .iter()
        .flat_map(|b| b.insts.iter())
        .filter(|i| i.op == MOp::Phi)
        .collect();
    assert_eq!(phis.len(), 1, "{dump:#?}");
    assert_eq!(phis[0].ops.len(), 5, "two incoming edges: {dump:#?}");
    // the incoming parameter: input pcopy from $r16 into a pinned vreg
    let input = lost
        .block(lost.order[0])
        .insts
        .iter()
        .find(|i| i.op == MOp::PCopy)
        .expect("input pcopy");
    let (Opnd::R(Reg::V(p)), Opnd::R(src)) = (&input.ops[0], &input.ops[1]) else {
        panic!("{dump:#?}")
    };
    assert_eq!(*src, Reg::G(16));
    assert_eq!(lost.pinned(*p), Some(Reg::G(16)));
    // the return value goes through a vreg pinned to $r16 read by `return`
    let ret = lost
        .blocks
        .iter()
        .flat_map(|b| b.insts.iter())
        .find(|i| i.is_return())
        .unwrap();
    let [Reg::V(rv)] = ret.imp_uses[..] else {
        panic!("{dump:#?}")
    };
    assert_eq!(lost.pinned(rv), Some(Reg::G(16)));
    // no physical register but $r0/$r12 outside the input pcopy and clobbers
    let main = isel::select_with(&m, &m.functions[1], core, true).unwrap();
    verify::verify(&main).unwrap();
    let insts: Vec<_> = main.blocks.iter().flat_map(|b| b.insts.iter()).collect();
    let k = insts.iter().position(|i| i.is_call()).unwrap();
    assert_eq!(insts[k - 1].op, MOp::PCopy);
    assert_eq!(insts[k + 1].op, MOp::PCopy);
    let Opnd::R(Reg::V(a)) = insts[k - 1].ops[0] else {
        panic!()
    };
    assert_eq!(main.pinned(a), Some(Reg::G(16)));
    assert_eq!(insts[k].imp_uses, vec![Reg::V(a)]);
    let Opnd::R(Reg::V(res)) = insts[k + 1].ops[1] else {
        panic!()
    };
    assert_eq!(main.pinned(res), Some(Reg::G(16)));
    assert!(insts[k].imp_defs.contains(&Reg::V(res)));
    // the naive translation leaves no phi, pcopy or pinned vreg
    let mut t = lost.clone();
    let st = compiler::codegen::out_of_ssa::translate(&mut t, OutOfSsa::Naive);
    assert!(t
        .blocks
        .iter()
        .flat_map(|b| b.insts.iter())
        .all(|i| i.opcode().is_some()));
    assert!(t
        .blocks
        .iter()
        .flat_map(|b| b.insts.iter())
        .flat_map(|i| i.defs().into_iter().chain(i.uses()))
        .all(|r| !matches!(r, Reg::V(v) if t.pinned(v).is_some())));
    // T57: the back edge b1 -> b1 is critical (b1 also exits; b1 has two
    // predecessors): it is split
    assert_eq!(st.edges_split, 1);
}

/// A struct copy long enough for the memcpy loop (> 16 words) inside a
/// loop, a 64-bit parameter pair and stack arguments (more than 8 words),
/// in machine-SSA mode. By hand: sum of 9 args = 1+…+9 = 45 plus the
/// 64-bit argument 2^32 + 5 folded as lo + hi = 5 + 1 = 6 → 51 per call;
/// the copied array element 20 holds 20, read after each of 3 copies: 60.
const MANY_ARGS: &str = "
global @src size 100 align 4 init 000000000100000002000000030000000400000005000000060000000700000008000000090000000a0000000b0000000c0000000d0000000e0000000f000000100000001100000012000000130000001400000015000000160000001700000018000000
func @sum(i32 %a, i64 %w, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h, i32 %i) -> i32 {
b0:
  %s1 = add.i32 %a, %b
  %s2 = add.i32 %s1, %c
  %s3 = add.i32 %s2, %d
  %s4 = add.i32 %s3, %e
  %s5 = add.i32 %s4, %f
  %s6 = add.i32 %s5, %g
  %s7 = add.i32 %s6, %h
  %s8 = add.i32 %s7, %i
  %lo = trunc.i64.i32 %w
  %c32 = iconst.i64 32
  %hs = lshr.i64 %w, %c32
  %hi = trunc.i64.i32 %hs
  %t = add.i32 %s8, %lo
  %u = add.i32 %t, %hi
  ret %u
}
func @main() -> i32 {
  slot0 size 100 align 4
b0:
  %k0 = iconst.i32 0
  %one = iconst.i32 1
  %three = iconst.i32 3
  %w = iconst.i64 4294967301
  %a2 = iconst.i32 2
  %a3 = iconst.i32 3
  %a4 = iconst.i32 4
  %a5 = iconst.i32 5
  %a6 = iconst.i32 6
  %a7 = iconst.i32 7
  %a8 = iconst.i32 8
  %a9 = iconst.i32 9
  %off = iconst.i32 80
  jump head
head:
  %i = phi.i32 [b0: %k0], [body: %i2]
  %acc = phi.i32 [b0: %k0], [body: %acc3]
  %c = icmp.slt.i32 %i, %three
  br %c, body, exit
body:
  %d = slot_addr slot0
  %s = global_addr @src
  memcpy %d, %s, 100
  %e = add.i32 %d, %off
  %x = load.i32 %e
  %acc2 = add.i32 %acc, %x
  %r = call.i32 @sum(%one, %w, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9)
  %acc3 = add.i32 %acc2, %r
  %i2 = add.i32 %i, %one
  jump head
exit:
  %m = iconst.i32 255
  %res = and.i32 %acc, %m
  ret %res
}
";

#[test]
fn ssa_memcpy_loop_and_stack_arguments() {
    let m = ir_module(MANY_ARGS);
    // by hand: 3 * (51 + 20) = 213
    assert_eq!(oracle(&m).status, 213);
    for o in ssa_configs() {
        check_module_with("many_args", &m, &o).unwrap();
    }
}

/// A block ending in `unreachable` is laid out just before a block with a
/// phi: in machine code it falls through into it, so the machine phi has
/// one more predecessor than the IR phi; the selector gives it an operand
/// (the verifier checks the arity). By hand: f(5) = 5 + 7 = 12.
const UNREACHABLE_FALLTHROUGH: &str = "
func @f(i32 %n) -> i32 {
b0:
  %z = iconst.i32 0
  %c = icmp.sgt.i32 %n, %z
  br %c, b1, b2
b1:
  %seven = iconst.i32 7
  %x = add.i32 %n, %seven
  jump b3
b2:
  unreachable
b3:
  %p = phi.i32 [b1: %x]
  ret %p
}
";

#[test]
fn ssa_unreachable_block_falling_into_a_phi_block() {
    let m = ir_module(&format!(
        "{UNREACHABLE_FALLTHROUGH}{}",
        main_calling("f", 5)
    ));
    assert_eq!(oracle(&m).status, 12);
    for o in ssa_configs() {
        check_module_with("unreachable", &m, &o).unwrap();
    }
}

/// Six case labels over −2..=4 (a jump table of 7 entries, value 2 a
/// hole going to the default), in a leaf function.
const SWITCH_C: &str = "__attribute__((noinline)) int f(int x) {\n\
    switch (x) {\n\
    case -2: return 10; case -1: return 11; case 0: return 12;\n\
    case 1: return 13; default: return 99; case 3: return 14; case 4: return 15;\n\
    }\n}\n\
int main(void) { int s = 0; for (int x = -4; x < 7; x++) s = s * 3 + f(x); return s & 0xff; }\n";

/// The `.word` entries of jump table `label` in the assembly text.
fn table_entries(asm: &str, label: &str) -> Vec<String> {
    let start = asm
        .find(&format!("\n{label}:\n"))
        .unwrap_or_else(|| panic!("no {label} in\n{asm}"));
    asm[start..]
        .lines()
        .skip(2)
        .map_while(|l| l.trim().strip_prefix(".word ").map(str::to_string))
        .collect()
}

/// The emitted assembly of a dense switch (ISA-ST200 §4.7): the bounds
/// check `cmpgtu` against 6 (7 entries − 1) whose `br` goes to the
/// default, `ldw $r63 = table[index × 4]`, `goto $r63`, and the table in
/// `.rodata` with one `.word` per value −2..=4: the hole (value 2, entry
/// 4) is the default's label and no other entry is. The leaf function
/// saves and restores `$r63` (§7.1: it holds the return address).
#[test]
fn jump_table_in_the_assembly() {
    let asm = |flags: &[&str]| {
        let flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
        let cfg = driver::Config::from_flags(&flags).unwrap();
        driver::compile_to_asm("sw.c", SWITCH_C.as_bytes(), &cfg).unwrap()
    };
    let o0 = asm(&["-O0"]);
    let f = &o0[o0.find("\nf:\n").unwrap()..o0.find(".size f,").unwrap()];
    let lines: Vec<&str> = f.lines().map(str::trim).collect();
    let check = lines
        .iter()
        .position(|l| l.starts_with("cmpgtu $b") && l.ends_with(", 6"))
        .unwrap_or_else(|| panic!("bounds check in\n{f}"));
    let dflt = lines[check..]
        .iter()
        .find_map(|l| l.strip_prefix("br $b"))
        .and_then(|l| l.split(", ").nth(1))
        .expect("branch to the default");
    assert!(f.contains("ldw $r63 = .L0_jt0[$r"), "{f}");
    assert!(f.contains("goto $r63"), "{f}");
    assert!(f.contains("] = $r63"), "$r63 saved in\n{f}");
    let entries = table_entries(&o0, ".L0_jt0");
    assert_eq!(entries.len(), 7, "{o0}");
    for (k, e) in entries.iter().enumerate() {
        assert_eq!(e == dflt, k == 4, "entry {k} {e}, default {dflt}");
        assert!(
            lines.contains(&format!("{e}:").as_str()),
            "{e} is a label of f"
        );
    }
    let table = o0.find(".L0_jt0:").unwrap();
    assert!(
        o0[..table].ends_with("\t.section .rodata\n\t.align 4\n"),
        "{o0}"
    );
    // optimised: still one table of 7 entries
    let o2 = asm(&["-O2"]);
    assert_eq!(table_entries(&o2, ".L0_jt0").len(), 7, "{o2}");
    assert!(o2.contains("goto $r63"));
    // -fno-jump-tables: compares only
    let no = asm(&["-O2", "-fno-jump-tables"]);
    assert!(!no.contains("goto $r63") && !no.contains("_jt"), "{no}");
}

/// Three shifts by one variable count (a parameter) share one mask
/// `and t = n, 31` (the IR's shift semantics), made where the count is
/// defined; without the sharing each shift had its own. Expected value by
/// hand, x = 0x1234_5678, n = 36 (masked to 4): shl 0x2345_6780, shru
/// 0x0123_4567, shr 0x0123_4567; their xor is 0x2345_6780, whose low byte
/// 0x80 is the exit status.
#[test]
fn shifts_by_one_count_share_its_mask() {
    let m = ir_module(
        "
func @sh(i32 %x, i32 %n) -> i32 {
block0:
  %a = shl.i32 %x, %n
  %b = lshr.i32 %x, %n
  %c = ashr.i32 %x, %n
  %d = xor.i32 %a, %b
  %e = xor.i32 %d, %c
  %m = iconst.i32 255
  %r = and.i32 %e, %m
  ret %r
}

func @main() -> i32 {
block0:
  %x = iconst.i32 305419896
  %n = iconst.i32 36
  %r = call.i32 @sh(%x, %n)
  ret %r
}
",
    );
    let model = ProcessorModel::st231();
    let text = compile_module(&m, &opts(&model, true)).unwrap();
    let masks = bundles_of(&text, "sh")
        .iter()
        .flatten()
        .filter(|op| op.starts_with("and ") && op.ends_with(", 31"))
        .count();
    assert_eq!(masks, 1, "{text}");
    assert_eq!(run_asm(&text, &model, true).unwrap().status, 0x80);
}

/// Byte loads used only by `!= 0` and, through a φ, by a `zext` are
/// selected as `ldbu` and the `zext` disappears (equality holds on
/// zero-extended operands; the φ of two zero-extended registers is
/// zero-extended). The sum of the bytes 1, 2, 3, 0x84 by hand: 138 (a
/// sign-extending load of 0x84 would give 10 − 124 = −114).
#[test]
fn byte_loads_read_through_a_phi_are_zero_extending() {
    let m = ir_module(
        "
global @s size 8 align 4 init 0102038400000000
func @f() -> i32 {
b0:
  %s = global_addr @s
  %c0 = load.i8 %s
  %z = iconst.i8 0
  %zero = iconst.i32 0
  %t0 = icmp.ne.i8 %c0, %z
  br %t0, b1, b3
b1:
  %p = phi.i32 [b0: %s], [b2: %p2]
  %c = phi.i8 [b0: %c0], [b2: %c2]
  %acc = phi.i32 [b0: %zero], [b2: %acc2]
  %w = zext.i8.i32 %c
  %acc2 = add.i32 %acc, %w
  jump b2
b2:
  %one = iconst.i32 1
  %p2 = add.i32 %p, %one
  %c2 = load.i8 %p2
  %t = icmp.ne.i8 %c2, %z
  br %t, b1, b3
b3:
  %r = phi.i32 [b0: %zero], [b2: %acc2]
  ret %r
}

func @main() -> i32 {
block0:
  %r = call.i32 @f()
  ret %r
}
",
    );
    let model = ProcessorModel::st231();
    let text = compile_module(&m, &opts_ssa(&model, true, OutOfSsa::Boissinot)).unwrap();
    let ops: Vec<String> = bundles_of(&text, "f").into_iter().flatten().collect();
    assert_eq!(
        ops.iter().filter(|o| o.starts_with("ldbu ")).count(),
        2,
        "{text}"
    );
    assert!(
        !ops.iter()
            .any(|o| o.starts_with("ldb ") || o.starts_with("zxtb ")),
        "{text}"
    );
    assert_eq!(run_asm(&text, &model, true).unwrap().status, 138);
}

/// After if-conversion both arms of a diamond sit in one block, so what
/// the IR's value numbering could not merge (the same load in each arm of
/// `c ? s[0] + 1 : s[0] + 2`, and the same zero extension of a `u16`) is
/// merged by the machine-SSA clean-up (`mir_simplify`): one `ldw` (its
/// dismissible form once speculated), and the
/// `zxth` of a value shifted right out of a `zxth` is gone. By hand, with
/// s[0] = 0x0001_0005: c = 1 gives 6, c = 0 gives 7; h = 0xFFFF_8421,
/// zxth 0x8421, >> 1 = 0x4210 (already 16 bits), + the sum 6 or 7: the
/// statuses (0x4210 + 6) & 255 = 0x16 and 0x17, summed 0x2D.
#[test]
fn loads_of_both_if_converted_arms_are_numbered_once() {
    let m = ir_module(
        "
global @s size 8 align 4 init 0500010021840000
func @f(i32 %c, i32 %h) -> i32 {
b0:
  %s = global_addr @s
  %zero = iconst.i32 0
  %t = icmp.ne.i32 %c, %zero
  br %t, b1, b2
b1:
  %a = load.i32 %s
  %one = iconst.i32 1
  %a1 = add.i32 %a, %one
  jump b3
b2:
  %b = load.i32 %s
  %two = iconst.i32 2
  %b1 = add.i32 %b, %two
  jump b3
b3:
  %r = phi.i32 [b1: %a1], [b2: %b1]
  %h16 = trunc.i32.i16 %h
  %hz = zext.i16.i32 %h16
  %k = iconst.i32 1
  %sh = lshr.i32 %hz, %k
  %sh16 = trunc.i32.i16 %sh
  %shz = zext.i16.i32 %sh16
  %sum = add.i32 %shz, %r
  %m = iconst.i32 255
  %res = and.i32 %sum, %m
  ret %res
}

func @main() -> i32 {
block0:
  %one = iconst.i32 1
  %zero = iconst.i32 0
  %h = iconst.i32 -31711
  %x = call.i32 @f(%one, %h)
  %y = call.i32 @f(%zero, %h)
  %r = add.i32 %x, %y
  ret %r
}
",
    );
    let model = ProcessorModel::st231();
    let count = |simplify: bool| {
        let o = Options {
            if_convert: true,
            mir_simplify: simplify,
            ..opts_ssa(&model, true, OutOfSsa::Boissinot)
        };
        let text = compile_module(&m, &o).unwrap();
        let ops: Vec<String> = bundles_of(&text, "f").into_iter().flatten().collect();
        let n = |p: &str| ops.iter().filter(|o| o.starts_with(p)).count();
        assert_eq!(run_asm(&text, &model, true).unwrap().status, 0x2D, "{text}");
        (n("ldw"), n("zxth "), text)
    };
    let (loads, zxth, text) = count(false);
    assert_eq!((loads, zxth), (2, 2), "without the clean-up:\n{text}");
    let (loads, zxth, text) = count(true);
    assert_eq!((loads, zxth), (1, 1), "with the clean-up:\n{text}");
}
