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

/// A jump table (`jumptable`, the lowering of a dense `switch`): `pick`
/// checks `x >u 3` (to `dflt`), then indexes `[a, b, a, c]` — `a` twice,
/// one edge and one phi operand. By hand: pick(0) = 10, pick(1) = 20,
/// pick(2) = 10, pick(3) = 30, pick(4) = 40, pick(−1) = 40 (unsigned
/// 0xffffffff > 3); main returns 10 + 20 + 10 + 30 + 40 + 40 = 150.
const TABLE: &str = "
func @pick(i32 %x) -> i32 {
entry:
  %k = iconst.i32 3
  %out = icmp.ugt.i32 %x, %k
  br %out, dflt, table
table:
  jumptable %x, [a, b, a, c]
a:
  %ra = iconst.i32 10
  jump join
b:
  %rb = iconst.i32 20
  jump join
c:
  %rc = iconst.i32 30
  jump join
dflt:
  %rd = iconst.i32 40
  jump join
join:
  %r = phi.i32 [a: %ra], [b: %rb], [c: %rc], [dflt: %rd]
  ret %r
}
func @main() -> i32 {
b0:
  %0 = iconst.i32 0
  %1 = iconst.i32 1
  %2 = iconst.i32 2
  %3 = iconst.i32 3
  %4 = iconst.i32 4
  %m = iconst.i32 -1
  %p0 = call.i32 @pick(%0)
  %p1 = call.i32 @pick(%1)
  %p2 = call.i32 @pick(%2)
  %p3 = call.i32 @pick(%3)
  %p4 = call.i32 @pick(%4)
  %pm = call.i32 @pick(%m)
  %s1 = add.i32 %p0, %p1
  %s2 = add.i32 %s1, %p2
  %s3 = add.i32 %s2, %p3
  %s4 = add.i32 %s3, %p4
  %s5 = add.i32 %s4, %pm
  ret %s5
}
";

#[test]
fn jump_table_text_interpreter_and_optimiser() {
    let m = parse_module(TABLE).unwrap();
    verify_module(&m).unwrap();
    // print → parse → print is the identity
    let text = m.print();
    assert!(text.contains("jumptable %"), "{text}");
    assert_eq!(parse_module(&text).unwrap().print(), text);
    assert_eq!(run(&m, &RunOptions::default()).unwrap().exit_code, 150);
    // the -O2 pipeline (inlining, SCCP folding the constant indices,
    // CFG simplification) keeps the result
    for level in [1, 2, 3] {
        let mut o = m.clone();
        let opts = compiler::opt::Options {
            level,
            verify: true,
            ..Default::default()
        };
        compiler::opt::optimize_module(&mut o, &opts).unwrap();
        verify_module(&o).unwrap();
        assert_eq!(run(&o, &RunOptions::default()).unwrap().exit_code, 150);
    }
}

#[test]
fn jump_table_rules() {
    // no entry: a parse error
    let e = parse_module("func @f(i32 %x) {\nb:\n  jumptable %x, []\n}\n").unwrap_err();
    assert!(matches!(e, IrError::Parse { .. }), "{e}");
    // the index is an i32
    let m = parse_module("func @f(i64 %x) {\nb:\n  jumptable %x, [c]\nc:\n  ret\n}\n").unwrap();
    let e = verify_module(&m).unwrap_err().to_string();
    assert!(e.contains("jump-table index"), "{e}");
    // a block listed twice is one predecessor: one phi operand
    let two = "func @f(i32 %x) -> i32 {\nb:\n  jumptable %x, [c, c]\nc:\n  %y = phi.i32 [b: %x], [b: %x]\n  ret %y\n}\n";
    let e = verify_module(&parse_module(two).unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("incoming blocks"), "{e}");
    // an index out of the table traps in the interpreter (undefined
    // behaviour: the bounds check is missing)
    let oob = "func @main() -> i32 {\nb:\n  %i = iconst.i32 2\n  jumptable %i, [c, c]\nc:\n  %z = iconst.i32 0\n  ret %z\n}\n";
    let m = parse_module(oob).unwrap();
    verify_module(&m).unwrap();
    let t = run(&m, &RunOptions::default()).unwrap_err().to_string();
    assert!(t.contains("jump-table index 2 out of bounds 0..2"), "{t}");
}

/// Every float instruction, by hand: a = 2.5, b = 0.5f; c = (double)b =
/// 0.5; d = a·c = 1.25; e = a/d = 2.0; f = e − a = −0.5; g = −f = 0.5;
/// h = g + a = 3.0; i = (int)h = 3; t = (float)h = 3.0f; l = (float)−40;
/// m = t + l = −37.0f; o = (int)(long long)m = −37; w = (unsigned)(double)
/// 0xffffffffu = −1 as i32; nan = 0/0: uno(nan, a) 1, olt(nan, a) 0,
/// une(nan, nan) 1, oge(h, a) 1, ord(a, h) 1, oeq(t, t) 1 → 5.
/// 100 + 3 − 37 − 1 + 5 = 70.
const FLOATS: &str = "
func @main() -> i32 {
b0:
  %a = iconst.f64 4612811918334230528
  %b = iconst.f32 1056964608
  %c = fpext.f32.f64 %b
  %d = fmul.f64 %a, %c
  %e = fdiv.f64 %a, %d
  %f = fsub.f64 %e, %a
  %g = fneg.f64 %f
  %h = fadd.f64 %g, %a
  %i = fptosi.f64.i32 %h
  %t = fptrunc.f64.f32 %h
  %k = iconst.i32 -40
  %l = sitofp.i32.f32 %k
  %m = fadd.f32 %t, %l
  %n = fptosi.f32.i64 %m
  %o = trunc.i64.i32 %n
  %u = iconst.i32 -1
  %v = uitofp.i32.f64 %u
  %w = fptoui.f64.i32 %v
  %z = iconst.f64 0
  %nan = fdiv.f64 %z, %z
  %c1 = fcmp.uno.f64 %nan, %a
  %c2 = fcmp.olt.f64 %nan, %a
  %c3 = fcmp.une.f64 %nan, %nan
  %c4 = fcmp.oge.f64 %h, %a
  %c5 = fcmp.ord.f64 %a, %h
  %c6 = fcmp.oeq.f32 %t, %t
  %hundred = iconst.i32 100
  %r1 = add.i32 %hundred, %i
  %r2 = add.i32 %r1, %o
  %r3 = add.i32 %r2, %w
  %r4 = add.i32 %r3, %c1
  %r5 = add.i32 %r4, %c2
  %r6 = add.i32 %r5, %c3
  %r7 = add.i32 %r6, %c4
  %r8 = add.i32 %r7, %c5
  %r9 = add.i32 %r8, %c6
  ret %r9
}
";

#[test]
fn float_instructions_round_trip_verify_and_run() {
    let m = parse_module(FLOATS).unwrap();
    verify_module(&m).unwrap();
    let text = m.print();
    let m2 = parse_module(&text).unwrap();
    assert_eq!(m2.print(), text);
    assert_eq!(run(&m, &RunOptions::default()).unwrap().exit_code, 70);
    // legalised: helper calls and integers only, same result
    let mut legal = m.clone();
    let stats = compiler::opt::softfloat::legalize_module(&mut legal);
    verify_module(&legal).unwrap();
    assert_eq!(stats.get("helper calls"), 19);
    assert!(!legal.print().contains("f64") && !legal.print().contains("f32"));
    assert_eq!(run(&legal, &RunOptions::default()).unwrap().exit_code, 70);
    // on the target, through the runtime's helpers, on each core (the
    // ST240 has no float instructions emitted: ISA-ST200 §8 q18)
    for core in [isa::Core::St231, isa::Core::St220, isa::Core::St240] {
        assert_eq!(run_on_target(FLOATS, core, true), 70, "{core}");
    }
}

#[test]
fn verifier_rejects_integer_operations_on_floats_and_float_ones_on_integers() {
    let e = verify_err(
        "func @f() -> f64 {\nb0:\n  %a = iconst.f64 0\n  %c = add.f64 %a, %a\n  ret %c\n}\n",
    );
    assert!(e.contains("integer operation of type f64"), "{e}");
    let e = verify_err(
        "func @f() -> i32 {\nb0:\n  %a = iconst.i32 0\n  %c = fadd.i32 %a, %a\n  ret %c\n}\n",
    );
    assert!(e.contains("float operation of type i32"), "{e}");
    let e = verify_err(
        "func @f() -> f32 {\nb0:\n  %a = iconst.i16 0\n  %c = sitofp.i16.f32 %a\n  ret %c\n}\n",
    );
    assert!(e.contains("bad conversion"), "{e}");
}
