//! The simulator on machines other than the ST231 (bundle width, lanes
//! and register files from the machine description), and the bundle forms
//! `stsim --trace` prints fed back to `las`.

mod common;

use common::{machine_with, TEXT};
use isa::model::ProcessorModel;
use isa::Core;
use simulator::{Machine, Options, Stop, TrapKind};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// A trace sink the test can read back.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn model(text: &str) -> ProcessorModel {
    ProcessorModel::from_toml_str(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The `.text` words of `source` assembled by `las` for `model`.
fn words_on(source: &str, model: &ProcessorModel) -> Vec<u32> {
    let options = assembler::Options {
        model: model.clone(),
        ..Default::default()
    };
    let (obj, diags) = assembler::assemble_object("t.s", source, &options);
    let Some(obj) = obj else {
        panic!("las rejected:\n{}\n{source}", diags.render());
    };
    let text = obj.sections.iter().find(|s| s.name == ".text").unwrap();
    text.data
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// A machine for `model` with the code `words` at [`TEXT`], PC there.
fn raw_machine(words: &[u32], model: ProcessorModel) -> Machine {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut m = Machine::new(
        model,
        Options {
            perfect_caches: true,
            max_cycles: Some(1000),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(m.load_image(TEXT, &bytes, 0, true));
    m.set_pc(TEXT);
    m
}

fn illegal(stop: &Stop) -> &str {
    match stop {
        Stop::Trap(t) => match &t.kind {
            TrapKind::Illegal(why) => why,
            k => panic!("expected an illegal instruction, got {k:?}"),
        },
        s => panic!("expected a trap, got {s:?}"),
    }
}

const WIDE8: &str = "base = \"st231\"\nname = \"wide8\"\nissue_width = 8\n[resources]\nissue = 8\nalu = 8\nmem = 2\nctl = 1\nodd = 4\neven = 4\n";

#[test]
fn eight_syllable_bundles_run_on_an_eight_issue_machine() {
    let wide = model(WIDE8);
    // Eight moves in one bundle, then two loads in one bundle (two memory
    // units), then exit.
    let src = "mov $r1 = 1\n mov $r2 = 2\n mov $r3 = 3\n mov $r4 = 4\n mov $r5 = 5\n mov $r6 = 6\n mov $r7 = 7\n mov $r8 = 8 ;;\n\
               mov $r16 = 0 ;;\n syscall 1 ;;\n";
    let words = words_on(src, &wide);
    assert_eq!(words.len(), 10);
    let mut m = raw_machine(&words, wide);
    let stop = m.run();
    assert_eq!(stop, Stop::Exit(0));
    for k in 1..=8 {
        assert_eq!(m.gr(k), k, "$r{k}");
    }
    assert_eq!(m.stats().bundles, 3);
    // On the ST231 the same code has no stop bit within 4 syllables.
    let mut m = raw_machine(&words, ProcessorModel::st231());
    let stop = m.run();
    assert!(illegal(&stop).contains("no stop bit"), "{stop:?}");
}

#[test]
fn two_memory_operations_are_legal_only_where_the_machine_has_two_units() {
    // ldw $r9 = 24[$r12] ; stw 36[$r12] = $r17 (ISA-ST200 Appendix B).
    let words = [0x2001_824C, 0xA502_444C];
    let mut m = raw_machine(&words, ProcessorModel::st231());
    let stop = m.run();
    assert!(
        illegal(&stop).contains("2 memory-unit operations"),
        "{stop:?}"
    );
    let mut m = raw_machine(&words, model(WIDE8));
    // Both execute (the loads' addresses are unmapped: a memory fault,
    // not an illegal bundle).
    let stop = m.run();
    assert!(
        !matches!(&stop, Stop::Trap(t) if matches!(t.kind, TrapKind::Illegal(_))),
        "{stop:?}"
    );
}

#[test]
fn long_immediates_on_a_one_issue_machine() {
    let one = model(
        "base = \"st231\"\nname = \"one\"\nissue_width = 1\n[resources]\nissue = 1\nalu = 1\nmem = 1\nctl = 1\nodd = 1\neven = 1\n",
    );
    let src = "mov $r9 = 139596936 ;;\n mov $r16 = 0 ;;\n syscall 1 ;;\n";
    let words = words_on(src, &one);
    assert_eq!(words.len(), 4);
    let mut m = raw_machine(&words, one);
    assert_eq!(m.run(), Stop::Exit(0));
    assert_eq!(m.gr(9), 139_596_936);
    assert_eq!(m.stats().bundles, 3);
}

#[test]
fn a_register_the_machine_lacks_is_an_illegal_bundle() {
    let regs =
        model("base = \"st231\"\nname = \"regs32\"\n[registers]\ngeneral = 32\nbranch = 4\n");
    // add $r40 = $r2, $r3 (§3.2 RR: dest in 17:12), stop bit.
    let mut m = raw_machine(&[0x8002_80C2], regs.clone());
    let why = illegal(&m.run()).to_string();
    assert!(
        why.contains("`$r40` does not exist on machine regs32: it has $r0-$r31 and $r63 (registers.general = 32)"),
        "{why}"
    );
    // cmplt $b5 = $r4, $r5: bdest in 20:18 (cmplt $b2 = ... is 07080144).
    let mut m = raw_machine(&[0x8714_0144], regs.clone());
    let why = illegal(&m.run()).to_string();
    assert!(
        why.contains("`$b5` does not exist on machine regs32"),
        "{why}"
    );
    // The same add runs on the ST231.
    let mut m = raw_machine(&[0x8002_80C2], ProcessorModel::st231());
    let stop = m.run();
    assert!(!matches!(&stop, Stop::Trap(t) if t.pc == TEXT), "{stop:?}");
    assert_eq!(m.pc(), TEXT + 4);
}

/// Every bundle line `stsim --trace` prints for a program, assembled alone
/// by `las` at an address of the same parity, gives the words executed.
#[test]
fn traced_bundles_assemble_back_to_the_same_words() {
    let body = "\
        mov $r16 = 0 ; mov $r17 = 1 ;;
        mov $r9 = 139596936 ;;
        nop ;;
        mov $r9 = 139596936 ;;
        add $r1 = $r2, $r3
        mul32 $r7 = $r8, $r9 ;;
        mov $r20 = 0x100000 ;;
        stw 8[$r20] = $r9
        add $r3 = $r3, 0x12345678 ;;
        ldw $r4 = 8[$r20] ;;
        ldh.d $r6 = -2[$r20]
        sh2add $r5 = $r4, 3 ;;
        cmplt $b2 = $r4, $r5 ;;
        br $b2, 1f ;;
        add $r5 = $r5, 1 ;;
1:      slct $r1 = $b2, $r2, $r4 ;;
        goto 2f ;;
        nop ;;
2:      mfb $r10 = $b2 ; mtb $b3 = $r10 ;;
        call $r63 = 3f ;;
        mov $r16 = 0 ;;
        syscall 1 ;;
3:      return $r63 ;;
";
    let mut m = machine_with(
        body,
        ProcessorModel::st231(),
        Options {
            perfect_caches: true,
            max_cycles: Some(10_000),
            ..Default::default()
        },
        b"",
    );
    let trace = Shared::default();
    m.set_trace(Box::new(trace.clone()));
    assert_eq!(m.run(), Stop::Exit(0));
    m.flush_trace().unwrap();
    // The executable's code: `_start:` then `body`, at TEXT.
    let code = common::text_of(
        &format!("\t.text\n\t.global _start\n_start:\n{body}"),
        Core::St231,
    );
    let code: Vec<u32> = code
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let text = String::from_utf8(trace.0.borrow().clone()).unwrap();
    let mut lines = 0;
    for line in text.lines() {
        // `   CYCLE 0xPC: BUNDLE ;;  | writes  stalls causes`: the bundle
        // ends at the first double space.
        let (head, rest) = line.split_once(": ").unwrap();
        let pc = u32::from_str_radix(head.trim().rsplit("0x").next().unwrap(), 16).unwrap();
        let bundle = rest.split("  ").next().unwrap();
        assert!(bundle.ends_with(" ;;"), "{line}");
        let odd = (pc >> 2) & 1 == 1;
        let src = if odd {
            format!("nop ;;\n{bundle}\n")
        } else {
            format!("{bundle}\n")
        };
        let got = words_on(&src, &ProcessorModel::st231());
        let got = &got[odd as usize..];
        let at = ((pc - TEXT) / 4) as usize;
        assert_eq!(got, &code[at..at + got.len()], "{line}");
        lines += 1;
    }
    // 20 bundles written, each run once but two: the `br` is taken
    // ($r4 < 4 × $r4 + 3) over `add $r5`, the `goto` jumps over a `nop`.
    assert_eq!(lines, 18, "{text}");
}
