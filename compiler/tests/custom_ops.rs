//! Custom operations end to end (ISA-ST200 §4.10): a machine file
//! (`machines/custom.toml`) declares them, C calls them as
//! `__builtin_st200_NAME`, the IR interpreter and SCCP evaluate them,
//! the back end emits `NAME $rD = $rA, $rB`, `las` encodes `asm_SLOT`,
//! `stsim` executes the expression with the class's stages.
//!
//! The expected output is the host's: `gcc -m32` builds the same program
//! with each `__builtin_st200_NAME` defined as a C function whose body is
//! the operation's expression, read from the machine file.

mod common;

use compiler::driver::{build_executable, compile_and_run_optimized, Config};
use compiler::interp::RunOptions;
use isa::model::ProcessorModel;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn machine_file() -> PathBuf {
    root().join("../machines/custom.toml")
}

fn program() -> PathBuf {
    root().join("tests/custom/custom_ops.c")
}

fn model() -> ProcessorModel {
    ProcessorModel::from_toml_file(machine_file()).expect("machines/custom.toml loads")
}

/// A fresh scratch directory for this test.
fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lcc-custom-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `custom_as_c.h` in `dir`: each custom operation of the machine as a C
/// function computing its expression (for the host build and lcc's
/// plain-C build).
fn write_custom_as_c(dir: &Path, model: &ProcessorModel) {
    let mut h = String::new();
    for c in &model.custom {
        let params = if c.operands == 1 {
            "int a"
        } else {
            "int a, int b"
        };
        h.push_str(&format!(
            "static int custom_{0}({params}) {{ return {1}; }}\n",
            c.name, c.expr
        ));
        let args = if c.operands == 1 { "x" } else { "x, y" };
        h.push_str(&format!(
            "#define __builtin_st200_{0}({args}) custom_{0}({args})\n",
            c.name
        ));
    }
    std::fs::write(dir.join("custom_as_c.h"), h).unwrap();
}

/// The host's (stdout, exit status) of the program (`gcc -m32 -fwrapv`:
/// signed arithmetic wraps, as the ST200 and `isa::custom` do).
fn host_run(model: &ProcessorModel) -> (Vec<u8>, i32) {
    let dir = scratch("host");
    write_custom_as_c(&dir, model);
    let exe = dir.join("prog");
    let out = Command::new("gcc")
        .args([
            "-m32",
            "-fwrapv",
            "-std=gnu99",
            "-w",
            "-O0",
            "-DCUSTOM_AS_C",
            "-I",
        ])
        .arg(&dir)
        .arg("-o")
        .arg(&exe)
        .arg(program())
        .output()
        .expect("host gcc is required (apt-get install gcc-multilib)");
    assert!(
        out.status.success(),
        "gcc -m32 failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().expect("run the host program");
    let _ = std::fs::remove_dir_all(&dir);
    (run.stdout, run.status.code().expect("host program killed"))
}

fn config(flags: &[&str]) -> Config {
    let mut f: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    f.push(format!("--machine={}", machine_file().display()));
    Config::from_flags(&f).unwrap()
}

fn source(p: &Path) -> Vec<(String, Vec<u8>)> {
    vec![(p.to_string_lossy().into_owned(), std::fs::read(p).unwrap())]
}

/// Runs `exe` in stsim on `model`: (stdout, exit status, cycles).
fn simulate(exe: &[u8], model: ProcessorModel) -> Result<(Vec<u8>, i32, u64), String> {
    common::simulate_on(exe, &model)
}

#[test]
fn program_in_the_ir_interpreter_matches_the_host() {
    let model = model();
    let (want, code) = host_run(&model);
    let cfg = config(&[]);
    for level in [0, 2] {
        let optim = compiler::opt::Options {
            level,
            ..Default::default()
        };
        let (diag, res) = compile_and_run_optimized(
            &source(&program()),
            &cfg.front,
            &optim,
            &RunOptions {
                max_steps: Some(100_000_000),
                args: vec![],
            },
        );
        let r = res
            .unwrap_or_else(|| panic!("-O{level}: {diag}"))
            .unwrap_or_else(|t| panic!("-O{level}: trap {t}"));
        assert_eq!(
            String::from_utf8_lossy(&r.stdout),
            String::from_utf8_lossy(&want),
            "-O{level}"
        );
        assert_eq!(r.exit_code, code, "-O{level}");
    }
}

#[test]
fn program_in_stsim_matches_the_host_and_beats_plain_c() {
    let model = model();
    let (want, code) = host_run(&model);
    let mut custom_cycles = 0;
    for level in ["-O0", "-O1", "-O2"] {
        let cfg = config(&[level]);
        let exe = build_executable(&source(&program()), &cfg)
            .unwrap_or_else(|e| panic!("{level}: build failed: {e}"));
        let (out, c, cycles) =
            simulate(&exe, model.clone()).unwrap_or_else(|e| panic!("{level}: {e}"));
        assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&want),
            "{level}"
        );
        assert_eq!(c, code, "{level}");
        if level == "-O2" {
            custom_cycles = cycles;
        }
    }
    // the same computation in plain C (the expressions as functions)
    let dir = scratch("plain");
    write_custom_as_c(&dir, &model);
    let mut cfg = config(&["-O2", "-DCUSTOM_AS_C"]);
    cfg.front.include_dirs.push(dir.clone());
    let exe = build_executable(&source(&program()), &cfg).expect("plain-C build");
    let _ = std::fs::remove_dir_all(&dir);
    let (out, c, plain_cycles) = simulate(&exe, model).unwrap();
    assert_eq!(out, want, "plain C");
    assert_eq!(c, code, "plain C");
    assert!(
        custom_cycles < plain_cycles,
        "custom operations: {custom_cycles} cycles, plain C: {plain_cycles}"
    );
}

/// The assembly names the custom operations; a program using them does
/// not run on a machine that lacks them (stsim traps on the undeclared
/// `asm_N`).
#[test]
fn assembly_names_the_operations_and_a_plain_st231_traps() {
    let cfg = config(&["-O2"]);
    let asm = compiler::driver::compile_many_to_asm(&source(&program()), &cfg).unwrap();
    for name in ["addsat16", "dot2h", "rotl", "clip8", "extb"] {
        assert!(
            asm.lines()
                .any(|l| l.trim_start().starts_with(&format!("{name} $r"))),
            "no `{name}` in\n{asm}"
        );
    }
    let exe = build_executable(&source(&program()), &cfg).unwrap();
    let e = simulate(&exe, ProcessorModel::st231()).unwrap_err();
    assert!(e.contains("illegal instruction"), "{e}");
    assert!(e.contains("custom operation `asm_"), "{e}");
}

/// SCCP folds a custom operation of constants to the value its
/// expression gives (the host computes the expected value).
#[test]
fn sccp_folds_a_constant_call() {
    let model = model();
    let src = b"int f(void) { return __builtin_st200_addsat16(30000, 30000) + __builtin_st200_clip8(-5); }\n";
    // the host's value of the same expressions
    let dir = scratch("fold");
    let exprs: Vec<&str> = ["addsat16", "clip8"]
        .iter()
        .map(|n| model.custom_op(n).unwrap().expr.as_str())
        .collect();
    let c = format!(
        "#include <stdio.h>\nstatic int s(int a, int b) {{ return {}; }}\nstatic int c(int a) {{ return {}; }}\nint main(void) {{ printf(\"%d\", s(30000, 30000) + c(-5)); return 0; }}\n",
        exprs[0], exprs[1]
    );
    std::fs::write(dir.join("fold.c"), c).unwrap();
    let exe = dir.join("fold");
    let st = Command::new("gcc")
        .args(["-m32", "-fwrapv", "-w", "-o"])
        .arg(&exe)
        .arg(dir.join("fold.c"))
        .status()
        .unwrap();
    assert!(st.success());
    let want: i64 = String::from_utf8(Command::new(&exe).output().unwrap().stdout)
        .unwrap()
        .parse()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);

    let cfg = config(&[]);
    let out = compiler::driver::compile("fold.c", src, &cfg.front);
    let mut m = out.result.unwrap_or_else(|| panic!("{}", out.diagnostics));
    let before = m.print();
    assert!(before.contains("custom addsat16 asm_3"), "{before}");
    let f = &mut m.functions[0];
    compiler::opt::ssa::construct(f);
    compiler::opt::sccp::run(f);
    compiler::opt::dce::run(f);
    let text = m.print();
    assert!(!text.contains("custom"), "not folded:\n{text}");
    assert!(
        text.contains(&format!("iconst.i32 {want}")),
        "want {want}:\n{text}"
    );
}

fn diagnostics(src: &str, cfg: &Config) -> String {
    let out = compiler::driver::compile("t.c", src.as_bytes(), &cfg.front);
    assert!(out.result.is_none(), "compiled:\n{src}");
    out.diagnostics
}

#[test]
fn undeclared_operation_and_wrong_arity_are_errors_with_positions() {
    let src = "int f(int x) {\n  return __builtin_st200_foo(x, 1);\n}\n";
    // the plain st231 declares none
    let d = diagnostics(src, &Config::from_flags(&[]).unwrap());
    assert!(
        d.contains("t.c:2:10: error: machine st231 declares no custom operation `foo`"),
        "{d}"
    );
    // nor does the custom machine declare `foo`
    let d = diagnostics(src, &config(&[]));
    assert!(
        d.contains("t.c:2:10: error: machine st231-custom declares no custom operation `foo`"),
        "{d}"
    );
    // a declared one with a wrong argument count
    let d = diagnostics(
        "int f(int x) {\n  return __builtin_st200_clip8(x, 2);\n}\n",
        &config(&[]),
    );
    assert!(
        d.contains("t.c:2:10: error: wrong number of arguments"),
        "{d}"
    );
    assert!(d.contains("`clip8` takes 1 (given 2)"), "{d}");
    let d = diagnostics(
        "int f(int x) {\n  return __builtin_st200_addsat16(x);\n}\n",
        &config(&[]),
    );
    assert!(d.contains("`addsat16` takes 2 (given 1)"), "{d}");
}

/// A register-immediate operation (slots 16–30) needs a constant second
/// argument: a variable one is an error naming its position.
#[test]
fn register_immediate_operation_needs_a_constant() {
    let d = diagnostics(
        "int f(int x, int y) {\n  return __builtin_st200_extb(x, y);\n}\n",
        &config(&[]),
    );
    assert!(d.contains("t.c:2:34: error:"), "{d}");
    assert!(d.contains("constant"), "{d}");
}

/// The custom operations of function `f`: (block, instruction).
fn customs(f: &compiler::ir::Function) -> Vec<(compiler::ir::Block, compiler::ir::Inst)> {
    f.layout
        .iter()
        .flat_map(|&b| f.blocks[b.index()].insts.iter().map(move |&i| (b, i)))
        .filter(|&(_, i)| {
            matches!(
                f.insts[i.index()].kind,
                compiler::ir::InstKind::Custom { .. }
            )
        })
        .collect()
}

/// Whether block `b` of `f` lies on a cycle (is in a loop).
fn in_loop(f: &compiler::ir::Function, b: compiler::ir::Block) -> bool {
    let mut seen = vec![false; f.blocks.len()];
    let mut work: Vec<_> = f.successors(b).to_vec();
    while let Some(x) = work.pop() {
        if x == b {
            return true;
        }
        if !std::mem::replace(&mut seen[x.index()], true) {
            work.extend(f.successors(x));
        }
    }
    false
}

/// GVN merges two equal custom operations; LICM hoists a loop-invariant
/// one out of the loop; the IR text prints and parses back; the result
/// stays the host's.
#[test]
fn gvn_merges_and_licm_hoists_a_custom_operation() {
    let src = "int g(int a, int b, int n) {\n  int s = 0, i;\n  for (i = 0; i < n; i++)\n    s += __builtin_st200_addsat16(a, b) + __builtin_st200_addsat16(a, b);\n  return s;\n}\n";
    let cfg = config(&[]);
    let out = compiler::driver::compile("g.c", src.as_bytes(), &cfg.front);
    let mut m = out.result.unwrap_or_else(|| panic!("{}", out.diagnostics));
    // the textual IR round trip
    let text = m.print();
    let back = compiler::ir::parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.print(), text);
    let f = &mut m.functions[0];
    compiler::opt::ssa::construct(f);
    assert_eq!(customs(f).len(), 2);
    assert!(customs(f).iter().all(|&(b, _)| in_loop(f, b)));
    compiler::opt::gvn::run(f);
    compiler::opt::dce::run(f);
    compiler::ir::verify_function(f).unwrap();
    assert_eq!(customs(f).len(), 1, "{}", m.print());
    let f = &mut m.functions[0];
    compiler::opt::licm::run(f);
    compiler::ir::verify_function(f).unwrap();
    let c = customs(f);
    assert_eq!(c.len(), 1);
    assert!(!in_loop(f, c[0].0), "not hoisted:\n{}", m.print());
}

/// Malformed custom operations in textual IR are parse errors with the
/// line, never a panic.
#[test]
fn malformed_custom_operations_in_textual_ir_are_errors() {
    let module =
        |inst: &str| format!("func @f(i32 %a) -> i32 {{\nblock0:\n  %r = {inst}\n  ret %r\n}}\n");
    // well formed: parses
    compiler::ir::parse_module(&module("custom clip8 asm_1 \"a < 0 ? 0 : a\" %a"))
        .unwrap_or_else(|e| panic!("{e}"));
    for (inst, want) in [
        (
            "custom clip8 asm_31 \"a\" %a",
            "asm_31 is not asm_0 to asm_30",
        ),
        ("custom clip8 slot1 \"a\" %a", "expected asm_N"),
        ("custom clip8 asm_1 \"a +\" %a", "expression"),
        ("custom clip8 asm_1 \"a + b\" %a", "expression"),
        ("custom f asm_1 \"a\" %a, %a, %a", "1 or 2 operands"),
    ] {
        let e = compiler::ir::parse_module(&module(inst))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("line 3:") && e.contains(want), "{inst}: {e}");
    }
}
