//! Custom operations (ISA-ST200 §4.10): an `asm_N` the machine does not
//! declare raises ILLEGAL_INSTRUCTION, as on every standard ST200; one it
//! declares computes its expression, with the stages of its class.
//! Expected values are derived by hand from the expressions and from the
//! latency rule of §5.3.

mod common;
use common::*;
use isa::model::ProcessorModel;
use simulator::{Stop, TrapKind};

/// A machine with `addsat16` on slot 3 (class `cls`), `clip8` (one
/// operand) on slot 1 and `extb` (register–immediate) on slot 17.
fn machine(cls: &str) -> ProcessorModel {
    ProcessorModel::from_toml_str(&format!(
        "base = \"st231\"\nname = \"m\"\n\
         [classes.slow]\nunits = 1\nread = 2\nresult = 7\n\
         [[custom]]\nname = \"addsat16\"\nslot = 3\nclass = \"{cls}\"\noperands = 2\n\
         expr = \"a + b > 32767 ? 32767 : a + b < -32768 ? -32768 : a + b\"\n\
         [[custom]]\nname = \"clip8\"\nslot = 1\noperands = 1\n\
         expr = \"a < 0 ? 0 : a > 255 ? 255 : a\"\n\
         [[custom]]\nname = \"extb\"\nslot = 17\noperands = 2\n\
         expr = \"(int)((unsigned)a >> (b & 31)) & 255\"\n"
    ))
    .unwrap()
}

fn exec_on(body: &str, model: ProcessorModel) -> simulator::Machine {
    let src = format!("\t.text\n{body}\n\t;;\n\tsyscall 1\n\t;;\n");
    let (m, stop) = run_on(&src, model, true);
    assert!(matches!(stop, Stop::Exit(_)), "{stop:?} for\n{src}");
    m
}

#[test]
fn an_undeclared_custom_operation_traps() {
    let src = "\t.text\n\tmov $r1 = 1\n\t;;\n\tasm_3 $r3 = $r1, $r1\n\t;;\n\tsyscall 1\n\t;;\n";
    // the plain ST231 declares none
    let (_, stop) = run(src);
    assert!(
        matches!(&stop, Stop::Trap(t) if matches!(&t.kind, TrapKind::Illegal(w) if w.contains("custom operation `asm_3`"))),
        "{stop:?}"
    );
    // a machine declaring slots 1, 3 and 17 does not declare slot 4
    let src4 = src.replace("asm_3", "asm_4");
    let (_, stop) = run_on(&src4, machine("alu"), true);
    assert!(
        matches!(&stop, Stop::Trap(t) if matches!(&t.kind, TrapKind::Illegal(w) if w.contains("custom operation `asm_4`"))),
        "{stop:?}"
    );
}

#[test]
fn a_declared_custom_operation_computes_its_expression() {
    let m = exec_on(
        "\tmov $r1 = 30000\n\tmov $r2 = 30000\n\t;;\n\tmov $r5 = -30000\n\tmov $r6 = 0x12345678\n\t;;\n\
         \tasm_3 $r3 = $r1, $r2\n\tasm_3 $r4 = $r5, $r5\n\t;;\n\
         \tasm_3 $r7 = $r1, $r5\n\tasm_1 $r8 = $r6, $r0\n\t;;\n\
         \tasm_1 $r9 = $r5, $r0\n\tasm_1 $r10 = $r2, $r0\n\t;;\n\
         \tasm_17 $r11 = $r6, 8\n\tasm_17 $r12 = $r6, 24\n",
        machine("alu"),
    );
    // 30000 + 30000 = 60000 > 32767 → 32767
    assert_eq!(m.gr(3), 32767);
    // −60000 < −32768 → −32768
    assert_eq!(m.gr(4), (-32768i32) as u32);
    // 30000 − 30000 = 0
    assert_eq!(m.gr(7), 0);
    // clip8: 0x12345678 > 255 → 255; −30000 < 0 → 0; 30000 > 255 → 255
    assert_eq!((m.gr(8), m.gr(9), m.gr(10)), (255, 0, 255));
    // extb: byte 1 of 0x12345678 is 0x56, byte 3 is 0x12
    assert_eq!((m.gr(11), m.gr(12)), (0x56, 0x12));
}

/// The result stage of the operation's class decides when a consumer can
/// issue (§5.3: latency = producer's result stage − consumer's read
/// stage): class `slow` (result 7) against `alu` (result 3) delays an
/// ALU consumer (read 2) by 7 − 3 = 4 more cycles.
#[test]
fn the_class_stages_time_the_operation() {
    let body =
        "\tmov $r1 = 1\n\tmov $r2 = 2\n\t;;\n\tasm_3 $r3 = $r1, $r2\n\t;;\n\tadd $r4 = $r3, 1\n";
    let fast = exec_on(body, machine("alu"));
    let slow = exec_on(body, machine("slow"));
    assert_eq!((fast.gr(4), slow.gr(4)), (4, 4));
    let (f, s) = (fast.stats(), slow.stats());
    assert_eq!(s.cycles - f.cycles, 4, "alu {f:?}\nslow {s:?}");
}
