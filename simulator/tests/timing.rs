//! Timing tests with hand-derived cycle counts (ISA-ST200 §5).
//!
//! Numbers used (built-in models, §5.2): operands are read at stage 2
//! (`br`/`brf` at 0, `return`/`igoto`/`icall` at 1); ALU results (and the
//! `call` link) are ready at stage 3, loads and multiplies at 5; a taken
//! control transfer costs 1 extra cycle (§5.1). A consumer issued at `c`
//! reading at stage S sees a producer issued at `p` with result stage R
//! when c + S ≥ p + R. A `syscall` waits until every earlier write has
//! landed (docs/src/design/architecture.md §5), as if reading them at stage 2. Unless the
//! test says otherwise, caches are perfect. In every test,
//! cycles = bundles + stall cycles.

mod common;
use common::*;
use isa::model::ProcessorModel;
use simulator::{Machine, Options, Stats, Stop};

fn run_model(src: &str, model: ProcessorModel, perfect: bool) -> (Machine, Stats) {
    let (m, stop) = run_on(&format!("\t.text\n{src}"), model, perfect);
    assert!(matches!(stop, Stop::Exit(_)), "{stop:?}");
    let s = m.stats();
    assert_eq!(
        s.cycles,
        s.bundles + s.stalls.total(),
        "cycles = bundles + stalls: {s:?}"
    );
    (m, s)
}

fn st231(src: &str) -> (Machine, Stats) {
    run_model(src, ProcessorModel::st231(), true)
}

const LOAD: usize = 2; // index of OpClass::Load in isa::model::ALL_CLASSES
const ALU: usize = 0;
const MUL: usize = 1;

#[test]
fn class_indices_match_the_model_table() {
    use isa::OpClass;
    assert_eq!(isa::model::ALL_CLASSES[ALU], OpClass::Alu);
    assert_eq!(isa::model::ALL_CLASSES[MUL], OpClass::Mul);
    assert_eq!(isa::model::ALL_CLASSES[LOAD], OpClass::Load);
}

#[test]
fn load_use_stall() {
    // B0 mov $r1 (issue 0, ready 3) | B1 ldw (needs 3−2 = 1: issue 1, ready 6)
    // | B2 add uses $r2 (needs 6−2 = 4: issue 4, 2 stall cycles charged to the load)
    // | B3 syscall (last write lands 4+3 = 7, needs 7−2 = 5: issue 5). Cycles 6.
    let (m, s) = st231(&format!(
        "\tmov $r1 = {DATA}\n\t;;\n\tldw $r2 = 0[$r1]\n\t;;\n\tadd $r3 = $r2, 1\n\t;;\n\tsyscall 1\n\t;;\n"
    ));
    assert_eq!(m.gr(3), 1);
    assert_eq!((s.cycles, s.bundles), (6, 4));
    assert_eq!(s.stalls.interlock[LOAD], 2);
    assert_eq!(s.stalls.total(), 2);
}

#[test]
fn multiply_use_stall() {
    // B0 mov (issue 0, ready 3) | B1 mul32 at an odd word (issue 1, ready 6)
    // | B2 add (issue 4: 2 stalls on the multiply) | B3 syscall at 5. Cycles 6.
    let (m, s) = st231("\tmov $r1 = 6\n\t;;\n\tmul32 $r2 = $r1, 7\n\t;;\n\tadd $r3 = $r2, 1\n\t;;\n\tsyscall 1\n\t;;\n");
    assert_eq!(m.gr(3), 43);
    assert_eq!((s.cycles, s.bundles), (6, 4));
    assert_eq!(s.stalls.interlock[MUL], 2);
}

#[test]
fn compare_to_branch_stall_and_taken_penalty() {
    // B0 cmpeq $b1 (issue 0, ready 3) | B1 br reads $b1 at stage 0: needs 3,
    // 2 stall cycles; taken → next bundle at 3 + 1 + 1 = 5 | B3 syscall at 5.
    // Cycles 6 = 3 bundles + 2 interlock + 1 taken.
    let (m, s) = st231("\tcmpeq $b1 = $r0, 0\n\t;;\n\tbr $b1, 1f\n\t;;\n\tmov $r5 = 1\n\t;;\n1:\tsyscall 1\n\t;;\n");
    assert_eq!(m.gr(5), 0);
    assert_eq!((s.cycles, s.bundles), (6, 3));
    assert_eq!(s.stalls.interlock[ALU], 2);
    assert_eq!(s.stalls.taken_branch, 1);
    assert_eq!(s.taken_branches, 1);
}

#[test]
fn taken_versus_not_taken() {
    // cmpeq (0) | nop (1) | nop (2) | br at 3 (condition ready at 3, no stall).
    // Not taken: syscall at 4 → 5 cycles. Taken: syscall at 3+1+1 = 5 → 6 cycles.
    let body = |cond: u32| {
        format!("\tcmpeq $b1 = $r0, {cond}\n\t;;\n\tnop\n\t;;\n\tnop\n\t;;\n\tbr $b1, 1f\n\t;;\n1:\tsyscall 1\n\t;;\n")
    };
    let (_, not_taken) = st231(&body(1));
    let (_, taken) = st231(&body(0));
    assert_eq!(not_taken.cycles, 5);
    assert_eq!(taken.cycles, 6);
    assert_eq!(taken.stalls.taken_branch, 1);
    // A goto to the very next bundle still pays the penalty (ARCHITECTURE §5):
    // goto at 0, syscall at 2 → 3 cycles.
    let (_, g) = st231("\tgoto 1f\n\t;;\n1:\tsyscall 1\n\t;;\n");
    assert_eq!(g.cycles, 3);
}

#[test]
fn call_and_return() {
    // 0x1000 call f (issue 0, link ready 3, taken: next at 2) | 0x1004 syscall
    // | 0x1008 f: return reads $r63 at stage 1: needs 3−1 = 2, issue 2, no
    // stall; taken: next at 4 | syscall at 4. Cycles 5 = 3 bundles + 2 taken.
    let (m, s) = st231("\tcall $r63 = f\n\t;;\n\tsyscall 1\n\t;;\nf:\treturn $r63\n\t;;\n");
    assert_eq!(m.gr(63), TEXT + 4);
    assert_eq!((s.cycles, s.bundles, s.stalls.taken_branch), (5, 3, 2));
    assert_eq!(s.stalls.total(), 2);
}

#[test]
fn alu_and_load_to_return_latencies() {
    // ALU → return is 2 (3 − 1): B0 mov $r63 (long immediate, 8 bytes; issue 0,
    // ready 3) | B1 return at 0x1008 needs 2: 1 stall; taken → next at 4
    // | 0x100C skipped | 0x1010 syscall at 4. Cycles 5.
    let (m, s) = st231(
        "\tmov $r63 = 0x1010\n\t;;\n\treturn $r63\n\t;;\n\tmov $r5 = 1\n\t;;\n\tsyscall 1\n\t;;\n",
    );
    assert_eq!(m.gr(5), 0);
    assert_eq!(
        (s.cycles, s.stalls.interlock[ALU], s.stalls.taken_branch),
        (5, 1, 1)
    );

    // Load → return is 4 (5 − 1): B0 mov $r1 (0, ready 3) | B1 mov $r2 (1, ready 4)
    // | B2 stw (needs 1 and 2: issue 2) | B3 ldw $r63 (issue 3, ready 8)
    // | B4 return (needs 8−1 = 7: 3 stalls; taken → 9) | 0x101C skipped
    // | 0x1020 syscall at 9 (last write ready 8, needs 6). Cycles 10.
    let (m, s) = st231(&format!(
        "\tmov $r1 = {DATA}\n\t;;\n\tmov $r2 = 0x1020\n\t;;\n\tstw 0[$r1] = $r2\n\t;;\n\tldw $r63 = 0[$r1]\n\t;;\n\
         \treturn $r63\n\t;;\n\tmov $r5 = 1\n\t;;\n\tsyscall 1\n\t;;\n"
    ));
    assert_eq!(m.gr(5), 0);
    assert_eq!(s.cycles, 10);
    assert_eq!(s.stalls.interlock[LOAD], 3);
}

#[test]
fn waw_a_later_alu_write_waits_for_an_earlier_load() {
    // B0 mov $r1 (0, ready 3) | B1 ldw $r3 (1, ready 6) | B2 mov $r3 = 1 would
    // be ready at c + 3; it must not land before 6: c ≥ 3 → 1 stall (load)
    // | B3 syscall: needs 6 − 2 = 4. Cycles 5; the later write wins.
    let (m, s) = st231(&format!(
        "\tmov $r1 = {DATA}\n\t;;\n\tldw $r3 = 0[$r1]\n\t;;\n\tmov $r3 = 1\n\t;;\n\tsyscall 1\n\t;;\n"
    ));
    assert_eq!(m.gr(3), 1);
    assert_eq!((s.cycles, s.stalls.interlock[LOAD]), (5, 1));
}

#[test]
fn syscall_waits_for_pending_writes() {
    // B0 mov $r1 (0) | B1 ldw $r16 (1, ready 6) | B2 syscall exit: needs 6 − 2 = 4,
    // fetched at 2 → 2 stall cycles (cause: syscall). Exit status = loaded word (0).
    // Cycles 5.
    let src = format!(
        "\t.text\n\tmov $r1 = {DATA}\n\t;;\n\tldw $r16 = 0[$r1]\n\t;;\n\tsyscall 1\n\t;;\n"
    );
    for model in [ProcessorModel::st231(), ProcessorModel::st220()] {
        let (m, stop) = run_on(&src, model, true);
        assert_eq!(stop, Stop::Exit(0));
        let s = m.stats();
        assert_eq!((s.cycles, s.stalls.syscall), (5, 2));
    }
    // The result of a syscall is visible to the very next bundle: cycles (4)
    // returns the issue cycle in $r16, copied by the next bundle.
    // B0 syscall 4 at 0 | B1 mov $r5 = $r16 at 1 (no stall) | B2 syscall at 2.
    let (m, s) = st231(
        "\tsyscall 4\n\t;;\n\tmov $r5 = $r16\n\t;;\n\tmov $r16 = 0\n\t;;\n\tsyscall 1\n\t;;\n",
    );
    assert_eq!(m.gr(5), 0);
    assert_eq!(s.stalls.total(), 0);
}

fn cache_model() -> ProcessorModel {
    // The built-in ST231 caches (64-byte I-cache lines, 32-byte D-cache lines)
    // with distinct miss penalties so each can be recognised.
    let mut m = ProcessorModel::st231();
    m.icache.miss_penalty = 7;
    m.dcache.miss_penalty = 11;
    m
}

#[test]
fn icache_miss_penalty() {
    // 16 one-syllable bundles fill the 64-byte line at 0x1000 (one miss, 7
    // cycles); the 17th (syscall at 0x1040) misses the next line (7 more).
    // Cycles = 17 bundles + 2 × 7 = 31.
    let src = "\tnop\n\t;;\n".repeat(16) + "\tsyscall 1\n\t;;\n";
    let (_, s) = run_model(&src, cache_model(), false);
    assert_eq!((s.cycles, s.bundles), (31, 17));
    assert_eq!(s.stalls.icache_miss, 14);
    assert_eq!((s.icache.misses, s.icache.hits), (2, 15));
    // --perfect-caches: 17 cycles.
    let (_, s) = run_model(&src, cache_model(), true);
    assert_eq!(s.cycles, 17);
}

#[test]
fn dcache_miss_penalty() {
    // B0 mov $r1 (long, at 0x1000): fetch 0, I-miss 7 → issue 7, ready 10
    // | B1 ldw 0[$r1] fetched 8, needs 8: issue 8; D-miss 11 → done 19,
    //   ready 24, next 20
    // | B2 ldw 4[$r1]: same 32-byte line, hit; issue 20, ready 25
    // | B3 add: needs 24−2 = 22 and 25−2 = 23 → issue 23 (2 load stalls), ready 26
    // | B4 syscall: needs 26−2 = 24, fetched 24. Cycles 25 = 5 + 7 + 11 + 2.
    let (_, s) = run_model(
        &format!("\tmov $r1 = {DATA}\n\t;;\n\tldw $r2 = 0[$r1]\n\t;;\n\tldw $r3 = 4[$r1]\n\t;;\n\tadd $r4 = $r2, $r3\n\t;;\n\tsyscall 1\n\t;;\n"),
        cache_model(),
        false,
    );
    assert_eq!(s.cycles, 25);
    assert_eq!(
        (
            s.stalls.icache_miss,
            s.stalls.dcache_miss,
            s.stalls.interlock[LOAD]
        ),
        (7, 11, 2)
    );
    assert_eq!((s.dcache.misses, s.dcache.hits), (1, 1));
}

/// The same sequence on both cores: a load followed by uses 1, 2 and 3
/// bundles later.
const STALE: &str = "\tmov $r1 = 0x100000\n\t;;\n\tmov $r2 = 42\n\t;;\n\tstw 0[$r1] = $r2\n\t;;\n\tmov $r3 = 1\n\t;;\n\
                     \tldw $r3 = 0[$r1]\n\t;;\n\tadd $r4 = $r3, 0\n\t;;\n\tadd $r5 = $r3, 0\n\t;;\n\tadd $r6 = $r3, 0\n\t;;\n\tsyscall 1\n\t;;\n";

#[test]
fn st220_reads_stale_values_where_the_st231_stalls() {
    assert_eq!(DATA, 0x100000);
    // ST220, no interlock: mov $r3 = 1 issues at 3 (lands 6), ldw $r3 at 4
    // (lands 9). add $r4 at 5 reads at 7: sees 1 (stale); add $r5 at 6 reads
    // at 8: still 1; add $r6 at 7 reads at 9: 42. syscall at 8 (last write
    // lands 10, needs 8). Cycles 9, no stall.
    let (m, s) = run_model(STALE, ProcessorModel::st220(), true);
    assert_eq!((m.gr(4), m.gr(5), m.gr(6)), (1, 1, 42));
    assert_eq!((s.cycles, s.stalls.total()), (9, 0));
    // ST231: add $r4 waits for the load (issue 7, 2 stalls); all see 42; the
    // syscall issues at 10 (last write lands 12). Cycles 11.
    let (m, s) = run_model(STALE, ProcessorModel::st231(), true);
    assert_eq!((m.gr(4), m.gr(5), m.gr(6)), (42, 42, 42));
    assert_eq!((s.cycles, s.stalls.interlock[LOAD]), (11, 2));
}

#[test]
fn st220_branch_reads_a_stale_condition() {
    // cmpeq $b1 = 1 at 0 lands at 3; br at 1 reads $b1 at stage 0 (cycle 1):
    // stale 0, not taken, so the mov executes. On the ST231 it stalls and is taken.
    let src = "\tcmpeq $b1 = $r0, 0\n\t;;\n\tbr $b1, 1f\n\t;;\n\tmov $r5 = 1\n\t;;\n1:\tsyscall 1\n\t;;\n";
    let (m, _) = run_model(src, ProcessorModel::st220(), true);
    assert_eq!(m.gr(5), 1);
    let (m, _) = run_model(src, ProcessorModel::st231(), true);
    assert_eq!(m.gr(5), 0);
}

#[test]
fn model_numbers_drive_the_timing() {
    // Same load-use program with the load result stage moved from 5 to 7:
    // ldw ready at 1 + 7 = 8, add needs 8 − 2 = 6 (4 stalls), syscall needs
    // (6 + 3) − 2 = 7. Cycles 8. And a taken-branch penalty of 3.
    let mut model = ProcessorModel::st231();
    model.stages.load.result = Some(7);
    let (_, s) = run_model(
        &format!("\tmov $r1 = {DATA}\n\t;;\n\tldw $r2 = 0[$r1]\n\t;;\n\tadd $r3 = $r2, 1\n\t;;\n\tsyscall 1\n\t;;\n"),
        model,
        true,
    );
    assert_eq!((s.cycles, s.stalls.interlock[LOAD]), (8, 4));
    let mut model = ProcessorModel::st231();
    model.taken_branch_penalty = 3;
    let (_, s) = run_model("\tgoto 1f\n\t;;\n1:\tsyscall 1\n\t;;\n", model, true);
    assert_eq!(s.cycles, 5);
}

#[test]
fn max_cycles_stops_a_runaway_program() {
    let mut m = machine_with(
        // (`goto .+0` alone would be `idle` on the ST231.)
        "\t.text\n1:\tnop\n\t;;\n\tgoto 1b\n\t;;\n",
        ProcessorModel::st231(),
        Options {
            perfect_caches: true,
            max_cycles: Some(1000),
            ..Default::default()
        },
        b"",
    );
    let stop = m.run();
    // One iteration = nop (1 cycle) + goto (1 + 1 taken penalty) = 3 cycles;
    // after 333 iterations (999 cycles) the nop issues at 999 and the limit
    // stops the run before the goto at TEXT + 4.
    assert_eq!(
        stop,
        Stop::MaxCycles {
            limit: 1000,
            pc: TEXT + 4
        }
    );
    assert_eq!(stop.exit_code(), 124);
}
