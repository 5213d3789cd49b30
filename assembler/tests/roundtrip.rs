//! Assemble → disassemble (`st-objdump -d`) → reassemble gives identical
//! bytes and relocations, for every operation of ISA-ST200 Appendix A (and
//! the aliases of §4.9) with boundary operand values: registers 0, 62, 63,
//! immediates −256, 255, 256, −257, 0x7fffffff, symbols, near and far
//! branch targets.

use assembler::objdump::{dump, Options as DumpOptions};
use assembler::{assemble, Options};
use goblin::elf::Elf;
use isa::encoding::{Operation, MAX_OPERANDS};
use isa::{Core, Opcode, OperandKind, Unit};
use proptest::prelude::*;

/// Boundary values per operand kind, as written in the source.
fn choices(kind: OperandKind) -> Vec<String> {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect();
    match kind {
        OperandKind::Gr => s(&["$r0", "$r62", "$r63", "$r17"]),
        OperandKind::GrNoLink => s(&["$r0", "$r62", "$r1"]),
        OperandKind::Br => s(&["$b0", "$b7", "$b3"]),
        OperandKind::Imm => s(&[
            "-256",
            "255",
            "256",
            "-257",
            "0x7fffffff",
            "0",
            "ext_sym",
            "ext_sym+8",
            "data_sym",
            "@gprel(data_sym)",
            "@long(3)",
        ]),
        OperandKind::Num21 => s(&["0", "2097151", "1"]),
        OperandKind::BTarg => s(&["back", "fwd", "ext_fn", ".+0"]),
        OperandKind::Link => s(&["$r63"]),
    }
}

/// Source text of `op` with the operands picked by `pick`.
fn render(o: Opcode, pick: &[usize]) -> String {
    let info = o.info();
    let op = Operation {
        opcode: o,
        operands: [0; MAX_OPERANDS],
        long_imm: false,
    };
    let texts: Vec<String> = info
        .syntax
        .operands
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let c = choices(spec.kind);
            c[pick.get(i).copied().unwrap_or(0) % c.len()].clone()
        })
        .collect();
    isa::encoding::format_with(&op, |i, _, _| texts[i].clone())
}

/// Wraps operations (one bundle each) into a file with the labels they use.
fn program(lines: &[String]) -> String {
    let mut s = String::from("\t.text\nback:\n\tnop\n\t;;\n");
    for l in lines {
        s.push_str(&format!("\t{l}\n\t;;\n"));
    }
    s.push_str("fwd:\n\tnop\n\t;;\n\t.data\ndata_sym:\n\t.word 0\n");
    s
}

fn text_and_relocs(bytes: &[u8]) -> (Vec<u8>, Vec<(u64, u32, i64)>) {
    let elf = Elf::parse(bytes).expect("valid ELF");
    let name = |i: usize| {
        elf.shdr_strtab
            .get_at(elf.section_headers[i].sh_name)
            .unwrap_or("")
    };
    let text = elf
        .section_headers
        .iter()
        .find(|s| elf.shdr_strtab.get_at(s.sh_name) == Some(".text"))
        .unwrap();
    let data = bytes[text.sh_offset as usize..(text.sh_offset + text.sh_size) as usize].to_vec();
    let mut relocs = Vec::new();
    for (idx, rs) in &elf.shdr_relocs {
        let target = elf.section_headers[*idx].sh_info as usize;
        if name(target) == ".text" {
            for r in rs.iter() {
                relocs.push((r.r_offset, r.r_type, r.r_addend.unwrap_or(0)));
            }
        }
    }
    relocs.sort();
    (data, relocs)
}

fn round_trip(src: &str, core: Core) {
    let opts = Options {
        model: isa::model::ProcessorModel::builtin(core),
        ..Options::default()
    };
    let first = assemble("a.s", src, &opts).unwrap_or_else(|d| panic!("{}\n{src}", d.render()));
    let listing = dump(
        "a.o",
        &first,
        &DumpOptions {
            disassemble: true,
            ..DumpOptions::default()
        },
    )
    .unwrap();
    let second =
        assemble("b.s", &listing, &opts).unwrap_or_else(|d| panic!("{}\n{listing}", d.render()));
    let (t1, r1) = text_and_relocs(&first);
    let (t2, r2) = text_and_relocs(&second);
    assert_eq!(t1, t2, "bytes differ\nsource:\n{src}\nlisting:\n{listing}");
    assert_eq!(r1, r2, "relocations differ\nlisting:\n{listing}");
}

/// Real operations (aliases too) of `core` that a bundle of their own can hold.
fn ops_of(core: Core) -> Vec<Opcode> {
    Opcode::all()
        .filter(|o| {
            let i = o.info();
            !i.mnemonic.is_empty() && i.cores.contains(core)
        })
        .collect()
}

#[test]
fn every_operation_with_every_boundary_value() {
    for core in Core::ALL {
        let mut lines = Vec::new();
        for o in ops_of(core) {
            let n = o.info().syntax.operands.len();
            let widest = o
                .info()
                .syntax
                .operands
                .iter()
                .map(|s| choices(s.kind).len())
                .max()
                .unwrap_or(1);
            for k in 0..widest {
                let pick: Vec<usize> = (0..n).map(|i| k + i).collect();
                let line = render(o, &pick);
                // `$r63` destinations of nolink ops are errors by design; choices avoid them.
                lines.push(line);
            }
        }
        let src = program(&lines);
        round_trip(&src, core);
        readelf_is_clean(
            &assemble(
                "a.s",
                &src,
                &Options {
                    model: isa::model::ProcessorModel::builtin(core),
                    ..Options::default()
                },
            )
            .unwrap(),
            core,
        );
    }
}

/// `readelf -a` (binutils, an independent ELF reader) reads the object with
/// no warning and names the machine.
fn readelf_is_clean(bytes: &[u8], core: Core) {
    let path = std::env::temp_dir().join(format!("las-roundtrip-{}-{core}.o", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("readelf")
        .arg("-a")
        .arg(&path)
        .output()
        .expect("readelf (binutils) installed");
    let _ = std::fs::remove_file(&path);
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success() && all.contains("STMicroelectronics ST200"),
        "{all}"
    );
    assert!(!all.contains("Warning") && !all.contains("Error"), "{all}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random bundles of 1-4 random operations (those that can share a
    /// bundle legally are kept by the assembler's placement; illegal mixes
    /// are skipped), with random boundary operands.
    #[test]
    fn random_bundles_round_trip(picks in proptest::collection::vec((any::<prop::sample::Index>(), proptest::collection::vec(0usize..16, 5)), 1..40),
                                 group in proptest::collection::vec(1usize..4, 40)) {
        let ops = ops_of(Core::St231);
        let mut bundles: Vec<String> = Vec::new();
        let mut cur: Vec<String> = Vec::new();
        let mut gi = 0;
        for (idx, pick) in &picks {
            let o = ops[idx.index(ops.len())];
            // Keep bundles simple enough to be legal most of the time: one
            // control/alone op per bundle, on its own.
            let solo = matches!(o.info().unit, Unit::Ctl | Unit::CtlMem | Unit::Alone) || o.info().fixed_stop_bit();
            let line = render(o, pick);
            if solo {
                bundles.push(line);
                continue;
            }
            cur.push(line);
            if cur.len() >= group[gi % group.len()] {
                bundles.push(cur.join("\n\t"));
                cur.clear();
                gi += 1;
            }
        }
        if !cur.is_empty() {
            bundles.push(cur.join("\n\t"));
        }
        // Keep the bundles that are legal at both word parities (the rules
        // themselves are tested elsewhere), so the whole program assembles.
        let legal = |b: &String| {
            let even = format!("\t{b}\n\t;;\n");
            let odd = format!("\tnop\n\t;;\n{even}");
            let wrap = |s: &str| format!("back: nop ;;\n{s}fwd: nop ;;\n.data\ndata_sym: .word 0\n");
            assemble("x.s", &wrap(&even), &Options::default()).is_ok()
                && assemble("x.s", &wrap(&odd), &Options::default()).is_ok()
        };
        bundles.retain(legal);
        let src = program(&bundles);
        round_trip(&src, Core::St231);
    }
}
