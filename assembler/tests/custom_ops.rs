//! Custom operations a machine declares (ISA-ST200 §4.10): `las` accepts
//! `NAME $rD = $rA, $rB` and encodes `asm_SLOT` (and still accepts
//! `asm_N`); `st-objdump` with the machine prints `NAME`, without it
//! `asm_N`; disassembly reassembles to the same bytes.

use assembler::objdump::{dump, Options as DumpOptions};
use assembler::{assemble, Options};
use goblin::elf::Elf;
use isa::model::ProcessorModel;

/// A machine with custom operations: one register–register (slot 3),
/// one register–immediate (slot 17).
fn machine() -> ProcessorModel {
    ProcessorModel::from_toml_str(
        "base = \"st231\"\nname = \"m\"\n\
         [[custom]]\nname = \"addsat16\"\nslot = 3\noperands = 2\n\
         expr = \"a + b > 32767 ? 32767 : a + b < -32768 ? -32768 : a + b\"\n\
         [[custom]]\nname = \"extb\"\nslot = 17\noperands = 2\n\
         expr = \"(int)((unsigned)a >> (b & 31)) & 255\"\n",
    )
    .unwrap()
}

fn opts(model: ProcessorModel) -> Options {
    Options {
        model,
        ..Options::default()
    }
}

/// The `.text` words of an object.
fn text_words(bytes: &[u8]) -> Vec<u32> {
    let elf = Elf::parse(bytes).expect("valid ELF");
    let text = elf
        .section_headers
        .iter()
        .find(|s| elf.shdr_strtab.get_at(s.sh_name) == Some(".text"))
        .unwrap();
    bytes[text.sh_offset as usize..(text.sh_offset + text.sh_size) as usize]
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

const SRC: &str = "\t.text\n\taddsat16 $r3 = $r1, $r2\n\t;;\n\textb $r4 = $r5, 8\n\t;;\n";

#[test]
fn las_encodes_a_named_custom_operation_as_its_slot() {
    let obj = assemble("a.s", SRC, &opts(machine())).unwrap_or_else(|d| panic!("{}", d.render()));
    let words = text_words(&obj);
    // §3 / Appendix A: class 10, bits 27:26 = 11, bits 25:21 = slot, stop
    // bit 31 (each operation ends its bundle).
    // asm_3 RR: dest 17:12 = 3, src2 11:6 = 2, src1 5:0 = 1.
    let asm3 = 0x8000_0000 | (0b10 << 28) | (0b11 << 26) | (3 << 21) | (3 << 12) | (2 << 6) | 1;
    // asm_17 RI: isrc2 20:12 = 8, idest 11:6 = 4, src1 5:0 = 5.
    let asm17 = 0x8000_0000 | (0b10 << 28) | (0b11 << 26) | (17 << 21) | (8 << 12) | (4 << 6) | 5;
    assert_eq!(words, vec![asm3, asm17], "{words:08x?}");
    // the `asm_N` spelling gives the same bytes, on any machine
    let plain = "\t.text\n\tasm_3 $r3 = $r1, $r2\n\t;;\n\tasm_17 $r4 = $r5, 8\n\t;;\n";
    for m in [machine(), ProcessorModel::st231()] {
        let obj = assemble("b.s", plain, &opts(m)).unwrap_or_else(|d| panic!("{}", d.render()));
        assert_eq!(text_words(&obj), words);
    }
}

#[test]
fn a_name_the_machine_does_not_declare_is_an_unknown_operation() {
    let d = assemble("a.s", SRC, &opts(ProcessorModel::st231())).unwrap_err();
    let text = d.render();
    assert!(
        text.contains("a.s:2:2: error: unknown operation `addsat16`"),
        "{text}"
    );
}

#[test]
fn objdump_names_the_operation_and_the_listing_reassembles() {
    let m = machine();
    let first = assemble("a.s", SRC, &opts(m.clone())).unwrap();
    let with_machine = dump(
        "a.o",
        &first,
        &DumpOptions {
            disassemble: true,
            model: Some(m.clone()),
            ..DumpOptions::default()
        },
    )
    .unwrap();
    assert!(
        with_machine.contains("addsat16 $r3 = $r1, $r2"),
        "{with_machine}"
    );
    assert!(with_machine.contains("extb $r4 = $r5, 8"), "{with_machine}");
    assert!(!with_machine.contains("asm_"), "{with_machine}");
    // Without --machine, the machine the object records
    // (.note.st200.machine) names them too.
    let recorded = dump(
        "a.o",
        &first,
        &DumpOptions {
            disassemble: true,
            ..DumpOptions::default()
        },
    )
    .unwrap();
    assert_eq!(recorded, with_machine);
    // On the plain ST231 they are asm_N.
    let without = dump(
        "a.o",
        &first,
        &DumpOptions {
            disassemble: true,
            model: Some(isa::model::ProcessorModel::st231()),
            ..DumpOptions::default()
        },
    )
    .unwrap();
    assert!(without.contains("asm_3 $r3 = $r1, $r2"), "{without}");
    assert!(without.contains("asm_17 $r4 = $r5, 8"), "{without}");
    // both listings assemble back to the same bytes
    for listing in [&with_machine, &without] {
        let second = assemble("b.s", listing, &opts(m.clone()))
            .unwrap_or_else(|d| panic!("{}\n{listing}", d.render()));
        assert_eq!(text_words(&second), text_words(&first), "{listing}");
    }
}

#[test]
fn wrong_operands_of_a_named_operation_are_described_by_its_name() {
    let d = assemble(
        "a.s",
        "\t.text\n\tadds16 $r3 = $r1\n\t;;\n",
        &opts(machine()),
    );
    assert!(d.is_err());
    let d = assemble(
        "a.s",
        "\t.text\n\taddsat16 $r3 = $r1\n\t;;\n",
        &opts(machine()),
    )
    .unwrap_err();
    let text = d.render();
    assert!(
        text.contains("invalid operands for `addsat16`; expected `addsat16 $r = $r, $r`"),
        "{text}"
    );
}
