//! IR: textual form round trip, verifier rules, and the interpreter on
//! hand-written IR (expected values derived by hand in the comments).

use compiler::driver::{compile, Options};
use compiler::interp::{run, RunOptions};
use compiler::ir::{parse_module, verify_module, IrError};

/// factorial(5) with a loop carried by phis: 5! = 120 (by hand).
const FACT: &str = "
func @main() -> i32 {
entry:
  %one = iconst.i32 1
  %n0 = iconst.i32 5
  jump loop
loop:
  %acc = phi.i32 [entry: %one], [body: %acc2]
  %n = phi.i32 [entry: %n0], [body: %n2]
  %done = icmp.sle.i32 %n, %one
  br %done, exit, body
body:
  %acc2 = mul.i32 %acc, %n
  %n2 = sub.i32 %n, %one
  jump loop
exit:
  ret %acc
}
";

#[test]
fn interpreter_runs_handwritten_ir() {
    let m = parse_module(FACT).unwrap();
    verify_module(&m).unwrap();
    let r = run(&m, &RunOptions::default()).unwrap();
    assert_eq!(r.exit_code, 120);
}

/// Globals with relocations, stack slots, 8/16/64-bit memory and calls:
/// main returns g[1] (7) + load.i16 of slot (-2 → sext 65534? no: stored
/// i16 -2, loaded i16, sext to i32 = -2) + trunc(2^40 + 3) = 3 → 7 - 2 + 3 = 8.
const MEM: &str = "
global @g size 8 align 4 init 0500000007000000
global @p size 4 align 4 reloc 0 @g+4
func @get(i32 %a) -> i32 {
b0:
  %v = load.i32 %a
  ret %v
}
func @main() -> i32 {
  slot0 size 2 align 2
b0:
  %pp = global_addr @p
  %ptr = load.i32 %pp
  %x = call.i32 @get(%ptr)
  %s = slot_addr slot0
  %m2 = iconst.i16 -2
  store.i16 %s, %m2
  %h = load.i16 %s
  %hx = sext.i16.i32 %h
  %big = iconst.i64 1099511627779
  %t = trunc.i64.i32 %big
  %a = add.i32 %x, %hx
  %r = add.i32 %a, %t
  ret %r
}
";

#[test]
fn interpreter_memory_globals_calls() {
    let m = parse_module(MEM).unwrap();
    verify_module(&m).unwrap();
    assert_eq!(run(&m, &RunOptions::default()).unwrap().exit_code, 8);
}

#[test]
fn text_round_trip_of_lowered_program() {
    let src = b"struct s { int a; char b; }; static int t[3] = {1,2,3}; int *q = &t[1];\n\
        int f(struct s v, int n, ...) { return n ? v.a : v.b; }\n\
        int main(void) { struct s x = {4, 5}; int i, r = 0; for (i = 0; i < 3 && t[i]; i++) r += f(x, i) + *q; return r > 3 ? r : -r; }";
    let out = compile("rt.c", src, &Options::default());
    let m = out.result.expect("compiles");
    let text = m.print();
    let m2 = parse_module(&text).unwrap();
    verify_module(&m2).unwrap();
    assert_eq!(m2.print(), text);
    // same behaviour before and after the round trip; value by hand:
    // i=0: f(x,0)=b=5, +*q(2) → 7; i=1: 4+2 → 13; i=2: 4+2 → 19.
    assert_eq!(run(&m, &RunOptions::default()).unwrap().exit_code, 19);
    assert_eq!(run(&m2, &RunOptions::default()).unwrap().exit_code, 19);
}

fn verify_err(text: &str) -> String {
    let m = parse_module(text).unwrap();
    match verify_module(&m) {
        Err(IrError::Verify { msg, .. }) => msg,
        other => panic!("expected a verifier error, got {other:?}"),
    }
}

#[test]
fn verifier_rejects_missing_terminator() {
    let e = verify_err("func @f() -> i32 {\nb0:\n  %a = iconst.i32 1\n}\n");
    assert!(e.contains("does not end with a terminator"), "{e}");
}

#[test]
fn verifier_rejects_bad_phi_arity() {
    let e = verify_err("func @f() -> i32 {\nb0:\n  %a = iconst.i32 1\n  jump b1\nb1:\n  %p = phi.i32 [b0: %a], [b0: %a]\n  ret %p\n}\n");
    assert!(e.contains("phi"), "{e}");
}

#[test]
fn verifier_rejects_use_not_dominated() {
    let e = verify_err("func @f(i32 %c) -> i32 {\nb0:\n  br %c, b1, b2\nb1:\n  %x = iconst.i32 1\n  jump b2\nb2:\n  ret %x\n}\n");
    assert!(e.contains("does not dominate"), "{e}");
}

#[test]
fn verifier_rejects_type_mismatch() {
    let e = verify_err("func @f() -> i32 {\nb0:\n  %a = iconst.i64 1\n  %b = iconst.i32 1\n  %c = add.i32 %a, %b\n  ret %c\n}\n");
    assert!(e.contains("type"), "{e}");
}

#[test]
fn parser_rejects_undefined_value() {
    assert!(parse_module("func @f() -> i32 {\nb0:\n  ret %nope\n}\n").is_err());
}

/// Runs hand-written IR through the back end, `las`, `lld-st` (with the
/// runtime's crt0 and libc) and the simulator; returns main's status.
fn run_on_target(text: &str, core: isa::Core, bundle: bool) -> i32 {
    use compiler::driver::{assemble, link, Config};
    let m = parse_module(text).unwrap();
    let mut cfg = Config::for_core(core);
    cfg.bundle = bundle;
    let opts = compiler::codegen::Options {
        model: cfg.model.clone(),
        bundle,
        file_name: None,
        ..Default::default()
    };
    let asm = compiler::codegen::compile_module(&m, &opts).unwrap_or_else(|e| panic!("{e:?}"));
    let obj = assemble("ir.s", &asm, &cfg).unwrap_or_else(|e| panic!("{e}\n{asm}"));
    let exe = link(vec![("ir.o".into(), obj)], &cfg, false, false).unwrap();
    let program = simulator::Program::parse(&exe).unwrap();
    let mut machine =
        simulator::Machine::new(cfg.model.clone(), simulator::Options::default()).unwrap();
    program.load(&mut machine, &["ir".to_string()]).unwrap();
    machine.set_io(simulator::Io::captured(b""));
    match machine.run() {
        simulator::Stop::Exit(c) => c,
        other => panic!("{other:?}"),
    }
}

/// The interpreter's hand-written programs also run on the target with the
/// same hand-derived results (120 and 8), bundled or not, ST231 and ST220.
#[test]
fn handwritten_ir_runs_in_the_simulator() {
    for (core, bundle) in [
        (isa::Core::St231, true),
        (isa::Core::St231, false),
        (isa::Core::St220, true),
    ] {
        assert_eq!(
            run_on_target(FACT, core, bundle),
            120,
            "{core} bundle={bundle}"
        );
        assert_eq!(
            run_on_target(MEM, core, bundle),
            8,
            "{core} bundle={bundle}"
        );
    }
}
