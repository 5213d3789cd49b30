//! Back-end tests: differential testing against the IR interpreter (the
//! oracle): each program is compiled by the back end, assembled by `las`,
//! linked by `lld-st` with a test-only runtime (`tests/backend/crt.s` and
//! `tests/backend/minilibc.c`, the latter compiled by this back end too),
//! run in the `stsim` library, and its stdout and exit status compared with
//! `compiler::interp::run` on the same IR.

use compiler::backend::{compile_module, Options};
use compiler::{driver, interp, ir};
use isa::model::ProcessorModel;
use simulator::{Io, Machine, Stop};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus");
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/backend");

fn c_module(name: &str, src: &[u8]) -> ir::Module {
    let out = driver::compile(name, src, &driver::Options::default());
    let m = out
        .result
        .unwrap_or_else(|| panic!("front end failed on {name}:\n{}", out.diagnostics));
    driver::link(vec![m]).expect("link")
}

fn opts(model: &ProcessorModel, bundle: bool) -> Options {
    Options {
        model: model.clone(),
        bundle,
        file_name: None,
    }
}

fn assemble(name: &str, text: &str, model: &ProcessorModel) -> Vec<u8> {
    let o = assembler::Options {
        core: model.core,
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

/// The test runtime's objects for a configuration (compiled once).
fn runtime(model: &ProcessorModel, bundle: bool) -> Objects {
    static CACHE: OnceLock<Mutex<HashMap<(String, bool), Objects>>> = OnceLock::new();
    let key = (model.name.clone(), bundle);
    let cache = CACHE.get_or_init(Default::default);
    if let Some(v) = cache.lock().unwrap().get(&key) {
        return v.clone();
    }
    let crt = std::fs::read_to_string(Path::new(FIXTURES).join("crt.s")).unwrap();
    let libc_src = std::fs::read(Path::new(FIXTURES).join("minilibc.c")).unwrap();
    let libm = c_module("minilibc.c", &libc_src);
    let libs = compile_module(&libm, &opts(model, bundle)).expect("minilibc compiles");
    let v = vec![
        ("crt.o".to_string(), assemble("crt.s", &crt, model)),
        (
            "minilibc.o".to_string(),
            assemble("minilibc.s", &libs, model),
        ),
    ];
    cache.lock().unwrap().insert(key, v.clone());
    v
}

/// Result of a run: stdout and exit status.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    stdout: String,
    status: i32,
}

fn run_asm(text: &str, model: &ProcessorModel, bundle: bool) -> Result<Run, String> {
    let mut objs = runtime(model, bundle);
    objs.push(("prog.o".into(), assemble("prog.s", text, model)));
    let exe = linker::link_objects(&objs)?;
    let program = simulator::Program::parse(&exe).map_err(|e| format!("{e:?}"))?;
    let mut m = Machine::new(
        model.clone(),
        simulator::Options {
            perfect_caches: true,
            max_cycles: Some(200_000_000),
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
    let r = interp::run(
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

/// Compiles and runs `m` on `model`; compares with the oracle.
fn check_module(
    name: &str,
    m: &ir::Module,
    model: &ProcessorModel,
    bundle: bool,
) -> Result<(), String> {
    let want = oracle(m);
    let text = compile_module(m, &opts(model, bundle)).map_err(|e| e.join("\n"))?;
    let got = run_asm(&text, model, bundle)?;
    if got != want {
        return Err(format!(
            "{name} on {} (bundle={bundle}): got {got:?}, want {want:?}",
            model.name
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
    v.push(("multi_file".into(), driver::link(mods).unwrap()));
    v
}

fn corpus_on(model: ProcessorModel, bundle: bool) {
    let mut failures = vec![];
    let progs = corpus_programs();
    for (name, m) in &progs {
        if let Err(e) = check_module(name, m, &model, bundle) {
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
            compiler::backend::compile_module_with_stats(&m, &opts(&model, bundle)).unwrap();
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
    use compiler::lex::Interner;
    use compiler::pp::{PpOptions, Preprocessor};
    use compiler::source::{Diagnostics, SourceMap};
    let src = b"int f(int a) {\n  int b = a * 3;\n  return b + 1;\n}\n";
    let mut sm = SourceMap::default();
    let mut diags = Diagnostics::default();
    let mut interner = Interner::default();
    let toks = {
        let mut pp = Preprocessor::new(&mut sm, &mut diags, &mut interner, PpOptions::default());
        pp.run("f.c", src)
    };
    let tu = compiler::parse::Parser::new(toks, &mut interner, &mut diags).translation_unit();
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
    let mut m = driver::link(vec![cm, hm]).expect("link");
    let mut reduced = 0;
    for f in &mut m.functions {
        reduced += compiler::opt::simplify::run(f).get("divisions reduced");
        ir::verify_function(f).unwrap();
    }
    assert_eq!(reduced, 6);
    for model in [
        ProcessorModel::st231(),
        ProcessorModel::st220(),
        ProcessorModel::st240(),
    ] {
        check_module("mulh", &m, &model, true).unwrap();
    }
}
