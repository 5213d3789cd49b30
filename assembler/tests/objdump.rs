//! Tests of `st-objdump` (`assembler::objdump`).
//!
//! Input files are built by hand with `object`'s low-level ELF writer from
//! syllables whose values come from ISA-ST200 Appendix B (or are
//! hand-assembled from the §3.2 layouts, derivation in the comments); the
//! expected text is written by hand from the same tables, never taken from
//! the tool's output.

use assembler::objdump::{dump, parse, DumpError, Options};
use object::elf;
use object::write::elf::{FileHeader, Rel, SectionHeader, Sym, Writer};
use object::Endianness;

struct Sec {
    name: &'static str,
    sh_type: u32,
    flags: u64,
    addr: u64,
    align: u64,
    data: Vec<u8>,
    /// (offset, r_type, symbol index, addend)
    relocs: Vec<(u64, u32, u32, i64)>,
}

struct S {
    name: &'static str,
    bind: u8,
    typ: u8,
    /// Section number (1-based index into the `Sec` list), 0 undefined.
    shndx: u16,
    value: u64,
    size: u64,
}

fn words(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Writes an ELF32 little-endian file for EM_ST200: sections 1..=n as
/// given, then one `.rela<name>` per section with relocations, `.symtab`,
/// `.strtab`, `.shstrtab`. Symbols must list locals first.
fn build(e_type: u16, entry: u64, secs: &[Sec], syms: &[S]) -> Vec<u8> {
    let mut buf = Vec::new();
    let mut w = Writer::new(Endianness::Little, false, &mut buf);
    w.reserve_file_header();
    let mut names = Vec::new();
    let mut offsets = Vec::new();
    for s in secs {
        names.push(w.add_section_name(s.name.as_bytes()));
        w.reserve_section_index();
    }
    let rela_names: Vec<String> = secs.iter().map(|s| format!(".rela{}", s.name)).collect();
    let mut rela = Vec::new();
    for (i, s) in secs.iter().enumerate() {
        if !s.relocs.is_empty() {
            let n = w.add_section_name(rela_names[i].as_bytes());
            rela.push((i, n, w.reserve_section_index()));
        }
    }
    let sym_names: Vec<_> = syms
        .iter()
        .map(|s| (!s.name.is_empty()).then(|| w.add_string(s.name.as_bytes())))
        .collect();
    w.reserve_null_symbol_index();
    for _ in syms {
        w.reserve_symbol_index(None);
    }
    let symtab = w.reserve_symtab_section_index();
    w.reserve_strtab_section_index();
    w.reserve_shstrtab_section_index();
    for s in secs {
        let len = if s.sh_type == elf::SHT_NOBITS.0 {
            0
        } else {
            s.data.len() as u64
        };
        offsets.push(w.reserve(len, s.align.max(1)));
    }
    w.reserve_symtab();
    w.reserve_strtab().unwrap();
    let mut rela_offsets = Vec::new();
    for &(i, _, _) in &rela {
        rela_offsets.push(w.reserve_relocations(secs[i].relocs.len(), true));
    }
    w.reserve_shstrtab().unwrap();
    w.reserve_section_headers();

    w.write_file_header(&FileHeader {
        os_abi: elf::ELFOSABI_SYSV,
        abi_version: 0,
        e_type: elf::FileType(e_type),
        e_machine: elf::EM_ST200,
        e_entry: entry,
        e_flags: elf::FileFlags(0x0302),
    })
    .unwrap();
    for s in secs {
        if s.sh_type != elf::SHT_NOBITS.0 {
            w.write_align(s.align.max(1));
            w.write(&s.data);
        }
    }
    w.write_null_symbol();
    for (s, n) in syms.iter().zip(&sym_names) {
        w.write_symbol(&Sym {
            section: None,
            st_name: w.string_offset(*n),
            st_info: elf::SymbolInfo((s.bind << 4) | s.typ),
            st_other: elf::SymbolOther(0),
            st_shndx: elf::SymbolSection(s.shndx),
            st_value: s.value,
            st_size: s.size,
        });
    }
    w.write_strtab();
    for &(i, _, _) in &rela {
        w.write_align_relocation();
        for &(off, t, sym, addend) in &secs[i].relocs {
            w.write_relocation(
                true,
                &Rel {
                    r_offset: off,
                    r_sym: sym,
                    r_type: elf::RelocationType(t),
                    r_addend: addend,
                },
            );
        }
    }
    w.write_shstrtab();
    w.write_null_section_header();
    for (i, s) in secs.iter().enumerate() {
        w.write_section_header(&SectionHeader {
            sh_name: w.section_name_offset(Some(names[i])),
            sh_type: elf::SectionType(s.sh_type),
            sh_flags: elf::SectionFlags(s.flags),
            sh_addr: s.addr,
            sh_offset: offsets[i],
            sh_size: s.data.len() as u64,
            sh_link: 0,
            sh_info: 0,
            sh_addralign: s.align,
            sh_entsize: 0,
        });
    }
    for (k, &(i, n, _)) in rela.iter().enumerate() {
        w.write_relocation_section_header(
            n,
            object::write::elf::SectionIndex(i as u32 + 1),
            symtab,
            rela_offsets[k],
            secs[i].relocs.len(),
            true,
        );
    }
    let num_local = 1 + syms.iter().filter(|s| s.bind == 0).count() as u32;
    w.write_symtab_section_header(num_local);
    w.write_strtab_section_header();
    w.write_shstrtab_section_header();
    buf
}

const AX: u64 = 6; // SHF_ALLOC | SHF_EXECINSTR
const WA: u64 = 3; // SHF_WRITE | SHF_ALLOC
const PROGBITS: u32 = 1;
const LOCAL: u8 = 0;
const GLOBAL: u8 = 1;
const NOTYPE: u8 = 0;
const OBJECT: u8 = 1;
const FUNC: u8 = 2;
const SECTION: u8 = 3;

/// The relocatable test object. `.text` (section 1), hand-assembled:
///
/// | off | word | operation (derivation) |
/// |---|---|---|
/// | 00 | 15891A2B | `immr` of the next op (App. B) |
/// | 04 | 080780C3 | `add $r3 = $r3, 0x12345678` (App. B) |
/// | 08 | 8802030C | `add $r12 = $r12, 32` ;; (App. B) |
/// | 0c | 080780C3 | `add $r3 = $r3, 0x12345678`, owner on the odd word 3 |
/// | 10 | 15091A2B | its `imml` (App. B) |
/// | 14 | 05C07248 | `mul32 $r7 = $r8, $r9` on the odd word 5 (App. B) |
/// | 18 | A502444C | `stw 36[$r12] = $r17` ;; (App. B + stop bit) |
/// | 1c | B8FFFFF9 | `br $b1, .-28` ;; (0x38 class, bcond 1 << 23, btarg −7 = 0x7FFFF9) |
/// | 20 | B0000000 | `call $r63 = callee` ;; with R_ST200_23_PCREL callee |
/// | 24 | 08000140 | `mov $r5 = buffer` (add_i, idest 5 << 6), LO9 buffer |
/// | 28 | 15000000 | `imml`, HI23 buffer |
/// | 2c | 2000010E | `ldw $r4 = @gprel(counter)[$r14]` (0x20000000, 4 << 6, base 14), GPREL_LO9 |
/// | 30 | 95000000 | `imml` ;;, GPREL_HI23 counter |
/// | 34 | 08000180 | `mov $r6 = .text+0x1c` (idest 6 << 6), LO9 against the section symbol |
/// | 38 | 95000000 | `imml` ;;, HI23 against the section symbol |
/// | 3c | 08005042 | `add $r1 = $r2, 5` (imm 5 << 12, idest 1 << 6, src1 2) in long form |
/// | 40 | 95000000 | its `imml` (imm23 0) ;; |
/// | 44 | 7FFFFFFF | illegal (bit 30 set) |
/// | 48 | 80000000 | `nop` ;; |
/// | 4c | B1800000 | `return $r63` ;; (App. B) |
/// | 50 | 00000000 | data: the object symbol `tbl`, R_ST200_32 main+8 |
/// | 54 | 80000000 | `nop` ;; |
/// | 58 | 85C07248 | `mul32` alone on the even word 22: breaks §2.3 rule 4 |
fn test_object() -> Vec<u8> {
    let text = words(&[
        0x1589_1A2B,
        0x0807_80C3,
        0x8802_030C,
        0x0807_80C3,
        0x1509_1A2B,
        0x05C0_7248,
        0xA502_444C,
        0xB8FF_FFF9,
        0xB000_0000,
        0x0800_0140,
        0x1500_0000,
        0x2000_010E,
        0x9500_0000,
        0x0800_0180,
        0x9500_0000,
        0x0800_5042,
        0x9500_0000,
        0x7FFF_FFFF,
        0x8000_0000,
        0xB180_0000,
        0x0000_0000,
        0x8000_0000,
        0x85C0_7248,
    ]);
    // Symbols: 1 .text section, 2 .data section, 3 tbl, 4 main, 5 buffer, 6 callee, 7 counter.
    let syms = [
        S {
            name: "",
            bind: LOCAL,
            typ: SECTION,
            shndx: 1,
            value: 0,
            size: 0,
        },
        S {
            name: "",
            bind: LOCAL,
            typ: SECTION,
            shndx: 2,
            value: 0,
            size: 0,
        },
        S {
            name: "tbl",
            bind: LOCAL,
            typ: OBJECT,
            shndx: 1,
            value: 0x50,
            size: 4,
        },
        S {
            name: "main",
            bind: GLOBAL,
            typ: FUNC,
            shndx: 1,
            value: 0,
            size: 0x50,
        },
        S {
            name: "buffer",
            bind: GLOBAL,
            typ: OBJECT,
            shndx: 2,
            value: 0,
            size: 8,
        },
        S {
            name: "callee",
            bind: GLOBAL,
            typ: NOTYPE,
            shndx: 0,
            value: 0,
            size: 0,
        },
        S {
            name: "counter",
            bind: GLOBAL,
            typ: NOTYPE,
            shndx: 0,
            value: 0,
            size: 0,
        },
    ];
    let secs = [
        Sec {
            name: ".text",
            sh_type: PROGBITS,
            flags: AX,
            addr: 0,
            align: 8,
            data: text,
            relocs: vec![
                (0x20, 4, 6, 0),
                (0x24, 6, 5, 0),
                (0x28, 5, 5, 0),
                (0x2c, 8, 7, 0),
                (0x30, 7, 7, 0),
                (0x34, 6, 1, 0x1c),
                (0x38, 5, 1, 0x1c),
                (0x50, 2, 4, 8),
            ],
        },
        Sec {
            name: ".data",
            sh_type: PROGBITS,
            flags: WA,
            addr: 0,
            align: 4,
            data: words(&[1, 0]),
            relocs: vec![(4, 2, 2, 0)],
        },
    ];
    build(1, 0, &secs, &syms)
}

fn opts(f: impl FnOnce(&mut Options)) -> Options {
    let mut o = Options::default();
    f(&mut o);
    o
}

fn disassemble(bytes: &[u8], relocs: bool) -> String {
    dump(
        "t.o",
        bytes,
        &opts(|o| {
            o.disassemble = true;
            o.relocs = relocs;
        }),
    )
    .unwrap()
}

fn assert_has(text: &str, line: &str) {
    assert!(
        text.lines().any(|l| l == line),
        "missing line {line:?} in:\n{text}"
    );
}

#[test]
fn disassembly_header_and_long_immediates() {
    let t = disassemble(&test_object(), false);
    let expected_start = "# t.o:     file format elf32-st200\n#\n# Disassembly of section .text:\n\t.section .text,\"ax\",@progbits\n\t.align 8\n\t.type tbl, @object\n\t.size tbl, 4\n\t.globl main\n\t.type main, @function\n\t.size main, 80\nmain:\t# 00000000 <main>\n/*        0: 15891a2b */\t# immr\n/*        4: 080780c3 */\tadd $r3 = $r3, 0x12345678\n/*        8: 8802030c */\tadd $r12 = $r12, 32\n\t;;\n";
    assert!(t.starts_with(expected_start), "{t}");
    // imml placement, multiply on an odd word, store with stop bit.
    let b1 = "/*        c: 080780c3 */\tadd $r3 = $r3, 0x12345678\n/*       10: 15091a2b */\t# imml\n/*       14: 05c07248 */\tmul32 $r7 = $r8, $r9\n/*       18: a502444c */\tstw 36[$r12] = $r17\n\t;;\n";
    assert!(t.contains(b1), "{t}");
    // A short constant in long form (as a linker leaves it).
    assert_has(&t, "/*       3c: 08005042 */\tadd $r1 = $r2, @long(5)");
}

#[test]
fn disassembly_branches_and_relocations() {
    let t = disassemble(&test_object(), false);
    assert_has(&t, "/*       1c: b8fffff9 */\tbr $b1, .-28\t# <main>");
    assert_has(&t, "/*       20: b0000000 */\tcall $r63 = callee");
    assert_has(&t, "/*       24: 08000140 */\tmov $r5 = buffer");
    assert_has(&t, "/*       28: 15000000 */\t# imml");
    assert_has(
        &t,
        "/*       2c: 2000010e */\tldw $r4 = @gprel(counter)[$r14]",
    );
    // Section-relative target with no symbol: a label is synthesized in .text (section 1).
    assert_has(&t, ".Lod1_1c:\t# 0000001c");
    assert_has(&t, "/*       34: 08000180 */\tmov $r6 = .Lod1_1c");
    // Without -r no relocation comment is printed.
    assert!(!t.contains("R_ST200"), "{t}");
}

#[test]
fn disassembly_words() {
    let t = disassemble(&test_object(), false);
    assert_has(&t, "/*       44: 7fffffff */\t.word 0x7fffffff\t# illegal: illegal encoding 0x7fffffff (syllable 0)");
    assert_has(&t, "/*       48: 80000000 */\tnop");
    assert_has(&t, "/*       4c: b1800000 */\treturn $r63");
    assert_has(&t, "tbl:\t# 00000050 <tbl>");
    assert_has(&t, "/*       50: 00000000 */\t.word main+8\t# data");
    let last = t.lines().rev().find(|l| !l.is_empty()).unwrap();
    assert!(
        last.starts_with(
            "/*       58: 85c07248 */\t.word 0x85c07248\t# illegal: bundle breaks a rule"
        ),
        "{last}"
    );
    // Local symbols are labels too, without .globl.
    assert!(!t.contains(".globl tbl"));
}

#[test]
fn inline_relocations() {
    let t = disassemble(&test_object(), true);
    let call =
        "/*       20: b0000000 */\tcall $r63 = callee\n#\t\t\t20: R_ST200_23_PCREL\tcallee\n\t;;\n";
    assert!(t.contains(call), "{t}");
    let mov = "/*       24: 08000140 */\tmov $r5 = buffer\n#\t\t\t24: R_ST200_LO9\tbuffer\n/*       28: 15000000 */\t# imml\n#\t\t\t28: R_ST200_HI23\tbuffer\n";
    assert!(t.contains(mov), "{t}");
    assert_has(&t, "#\t\t\t34: R_ST200_LO9\t.text+0x1c");
}

#[test]
fn disassemble_all_lists_data() {
    let t = dump("t.o", &test_object(), &opts(|o| o.disassemble_all = true)).unwrap();
    assert_has(&t, "# Disassembly of section .data:");
    assert_has(&t, "\t.section .data,\"aw\",@progbits");
    assert_has(&t, "buffer:\t# 00000000 <buffer>");
    assert_has(&t, "/*        0: 00000001 */\t.word 0x00000001");
    // R_ST200_32 against the .data section symbol, addend 0: `buffer` is there.
    assert_has(&t, "/*        4: 00000000 */\t.word buffer");
}

#[test]
fn section_headers() {
    let t = dump("t.o", &test_object(), &opts(|o| o.section_headers = true)).unwrap();
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines[1], "t.o:     file format elf32-st200");
    assert_eq!(lines[3], "Sections:");
    assert_eq!(
        lines[4],
        "Idx Name          Size      VMA       LMA       File off  Algn"
    );
    // .text: 23 words = 0x5c bytes, right after the 52-byte header aligned to 8 (0x38).
    assert_eq!(
        lines[5],
        "  0 .text         0000005c  00000000  00000000  00000038  2**3"
    );
    assert_eq!(
        lines[6],
        "                  CONTENTS, ALLOC, LOAD, RELOC, READONLY, CODE"
    );
    assert_eq!(
        lines[7],
        "  1 .data         00000008  00000000  00000000  00000094  2**2"
    );
    assert_eq!(
        lines[8],
        "                  CONTENTS, ALLOC, LOAD, RELOC, DATA"
    );
    // A hand-made object records no machine.
    assert_eq!(lines[9], "Machine: not recorded (no .note.st200.machine)");
    assert_eq!(lines[10], "");
    assert_eq!(lines.len(), 11);
}

/// `-h` and `-p` on objects `las` made show the machine recorded in their
/// `.note.st200.machine` (isa::note).
#[test]
fn the_machine_is_shown_by_h_and_p() {
    let wide8 = isa::model::ProcessorModel::from_toml_str(
        "base = \"st231\"\nname = \"wide8\"\nissue_width = 8\n[resources]\nissue = 8\nmem = 2\nodd = 4\neven = 4\n",
    )
    .unwrap();
    let src = "\t.text\n\tnop\n\t;;\n";
    let obj = assembler::assemble(
        "w.s",
        src,
        &assembler::Options {
            model: wide8.clone(),
            ..Default::default()
        },
    )
    .unwrap();
    let t = dump("w.o", &obj, &opts(|o| o.section_headers = true)).unwrap();
    let lines: Vec<&str> = t.lines().collect();
    // .text: 1 word at 0x38 (header aligned to 8); the note follows at
    // 0x3c (aligned to 4): 12 bytes of header, "ST200\0" padded to 8, then
    // "wide8\0", the resolved description and a NUL, padded to 4.
    let toml = wide8.resolved().to_toml_string().unwrap();
    let size = 12 + 8 + (6 + toml.len() + 1).next_multiple_of(4);
    assert_eq!(
        lines[5],
        "  0 .text         00000004  00000000  00000000  00000038  2**3"
    );
    assert_eq!(
        lines[7],
        format!("  1 .note.st200.machine {size:08x}  00000000  00000000  0000003c  2**2")
    );
    assert_eq!(lines[8], "                  CONTENTS, READONLY");
    assert_eq!(
        lines[9],
        "Machine: wide8 (with its description, in .note.st200.machine)"
    );
    // -p: the name and the description, line by line.
    let p = dump("w.o", &obj, &opts(|o| o.private_headers = true)).unwrap();
    assert_has(
        &p,
        "Machine: wide8 (with its description, in .note.st200.machine)",
    );
    assert!(
        p.contains("Machine description:\n  name = \"wide8\"\n"),
        "{p}"
    );
    assert_has(&p, "  issue_width = 8");
    // The binary, as users run it.
    let path = std::env::temp_dir().join(format!("objdump-machine-{}.o", std::process::id()));
    std::fs::write(&path, &obj).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_st-objdump"))
        .arg("-h")
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success());
    assert_has(
        &String::from_utf8_lossy(&out.stdout),
        "Machine: wide8 (with its description, in .note.st200.machine)",
    );
    // -x (all headers, GNU: -f -h -p -r -t) includes the description.
    std::fs::write(&path, &obj).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_st-objdump"))
        .arg("-x")
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let x = String::from_utf8_lossy(&out.stdout);
    assert!(
        x.contains("Machine description:\n  name = \"wide8\"\n"),
        "{x}"
    );
    // A built-in machine is recorded too.
    let st = assembler::assemble("s.s", src, &Default::default()).unwrap();
    let h = dump("s.o", &st, &opts(|o| o.section_headers = true)).unwrap();
    assert_has(
        &h,
        "Machine: st231 (with its description, in .note.st200.machine)",
    );
}

#[test]
fn symbol_table() {
    let t = dump("t.o", &test_object(), &opts(|o| o.syms = true)).unwrap();
    assert_has(&t, "SYMBOL TABLE:");
    assert_has(&t, "00000000 l    d  .text\t00000000 .text");
    assert_has(&t, "00000050 l     O .text\t00000004 tbl");
    assert_has(&t, "00000000 g     F .text\t00000050 main");
    assert_has(&t, "00000000 g     O .data\t00000008 buffer");
    assert_has(&t, "00000000         *UND*\t00000000 callee");
}

#[test]
fn relocation_records() {
    let t = dump("t.o", &test_object(), &opts(|o| o.relocs = true)).unwrap();
    let expected = "RELOCATION RECORDS FOR [.text]:\nOFFSET   TYPE              VALUE\n\
00000020 R_ST200_23_PCREL  callee\n\
00000024 R_ST200_LO9       buffer\n\
00000028 R_ST200_HI23      buffer\n\
0000002c R_ST200_GPREL_LO9 counter\n\
00000030 R_ST200_GPREL_HI23 counter\n\
00000034 R_ST200_LO9       .text+0x0000001c\n\
00000038 R_ST200_HI23      .text+0x0000001c\n\
00000050 R_ST200_32        main+0x00000008\n\n\
RELOCATION RECORDS FOR [.data]:\nOFFSET   TYPE              VALUE\n\
00000004 R_ST200_32        .data\n";
    assert!(t.contains(expected), "{t}");
}

#[test]
fn header_comments_keep_the_listing_assemblable() {
    let t = dump(
        "t.o",
        &test_object(),
        &opts(|o| {
            o.disassemble = true;
            o.section_headers = true;
            o.syms = true;
        }),
    )
    .unwrap();
    let before: Vec<&str> = t.lines().take_while(|l| !l.starts_with('\t')).collect();
    assert!(before.iter().all(|l| l.starts_with('#')), "{before:?}");
    assert!(t.contains("# Sections:\n") && t.contains("# SYMBOL TABLE:\n"));
}

/// A linked executable at 0x1000 (no relocations):
/// 1000 B0000004 `call $r63 = .+16` ;; (btarg 4 words) → func
/// 1004 0802A400 `mov $r16 = 42` (42 << 12, idest 16 << 6) on the odd word 0x401, long form
/// 1008 95000000 its `imml` ;;
/// 100c 80000000 `nop` ;;
/// 1010 B1800000 `return $r63` ;;
fn test_executable() -> Vec<u8> {
    let text = words(&[
        0xB000_0004,
        0x0802_A400,
        0x9500_0000,
        0x8000_0000,
        0xB180_0000,
    ]);
    let syms = [
        S {
            name: "_start",
            bind: GLOBAL,
            typ: FUNC,
            shndx: 1,
            value: 0x1000,
            size: 16,
        },
        S {
            name: "func",
            bind: GLOBAL,
            typ: FUNC,
            shndx: 1,
            value: 0x1010,
            size: 4,
        },
    ];
    let secs = [Sec {
        name: ".text",
        sh_type: PROGBITS,
        flags: AX,
        addr: 0x1000,
        align: 8,
        data: text,
        relocs: vec![],
    }];
    build(2, 0x1000, &secs, &syms)
}

#[test]
fn executable() {
    let bytes = test_executable();
    let t = disassemble(&bytes, false);
    assert_has(&t, "_start:\t# 00001000 <_start>");
    assert_has(&t, "/*     1000: b0000004 */\tcall $r63 = .+16\t# <func>");
    assert_has(&t, "/*     1004: 0802a400 */\tmov $r16 = @long(42)");
    assert_has(&t, "/*     1008: 95000000 */\t# imml");
    assert_has(&t, "func:\t# 00001010 <func>");
    let f = dump("a.out", &bytes, &opts(|o| o.file_header = true)).unwrap();
    assert!(
        f.contains(
            "architecture: st231, flags 0x00000012:\nEXEC_P, HAS_SYMS\nstart address 0x00001000\n"
        ),
        "{f}"
    );
}

#[test]
fn mcpu_changes_decoding() {
    // 0x31000000 is `idle` on the ST231 but `goto .+0` on the ST220 (isa decoder tests).
    let secs = [Sec {
        name: ".text",
        sh_type: PROGBITS,
        flags: AX,
        addr: 0,
        align: 8,
        data: words(&[0xB100_0000]),
        relocs: vec![],
    }];
    let bytes = build(1, 0, &secs, &[]);
    assert_has(
        &disassemble(&bytes, false),
        "/*        0: b1000000 */\tidle",
    );
    let t = dump(
        "t.o",
        &bytes,
        &opts(|o| {
            o.disassemble = true;
            o.core = Some(isa::Core::St220);
        }),
    )
    .unwrap();
    assert_has(&t, "/*        0: b1000000 */\tgoto .+0\t# <.text+0x0>");
}

#[test]
fn errors() {
    let good = test_object();
    let all = opts(|o| o.disassemble = true);
    assert_eq!(dump("x", b"hello world", &all), Err(DumpError::NotElf));
    assert_eq!(dump("x", b"", &all), Err(DumpError::NotElf));
    let mut m = good.clone();
    m[18] = 62; // e_machine = EM_X86_64
    assert_eq!(dump("x", &m, &all), Err(DumpError::WrongMachine(62)));
    let mut c = good.clone();
    c[4] = 2; // ELFCLASS64
    assert_eq!(dump("x", &c, &all), Err(DumpError::NotElf32(2)));
    assert!(matches!(
        dump("x", &good[..40], &all),
        Err(DumpError::Truncated(_))
    ));
    // Section header table cut off.
    assert!(matches!(
        dump("x", &good[..good.len() - 8], &all),
        Err(DumpError::Truncated(_))
    ));
    // .text (section 1) offset moved past the end: its header is at e_shoff + 40, sh_offset at +16.
    let shoff = u32::from_le_bytes(good[32..36].try_into().unwrap()) as usize;
    let mut b = good.clone();
    b[shoff + 40 + 16..shoff + 40 + 20].copy_from_slice(&0xFFFF_0000u32.to_le_bytes());
    let e = dump("x", &b, &all).unwrap_err();
    assert!(matches!(e, DumpError::Corrupt(_)), "{e}");
    assert!(e.to_string().contains("outside the file"), "{e}");
}

#[test]
fn mutated_files_never_panic() {
    let good = test_object();
    let all = opts(|o| {
        o.disassemble_all = true;
        o.relocs = true;
        o.syms = true;
        o.section_headers = true;
        o.file_header = true;
        o.full_contents = true;
    });
    let d = opts(|o| {
        o.disassemble = true;
        o.relocs = true;
    });
    for len in 0..good.len() {
        let _ = dump("t", &good[..len], &all);
    }
    let mut ok = 0;
    let mut seed = 0x1234_5678u32;
    for i in 0..good.len() {
        for v in [0x00u8, 0xFF, 0x80, 0x7F, 0x01] {
            let mut m = good.clone();
            m[i] ^= v;
            if dump("t", &m, &all).is_ok() {
                ok += 1;
            }
            let _ = dump("t", &m, &d);
        }
        // A few random multi-byte corruptions (deterministic LCG).
        let mut m = good.clone();
        for _ in 0..4 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let at = (seed >> 8) as usize % m.len();
            m[at] = (seed >> 24) as u8;
        }
        let _ = dump("t", &m, &all);
    }
    assert!(ok > 0);
}

#[test]
fn parse_reads_tables() {
    let good = test_object();
    let f = parse(&good).unwrap();
    assert_eq!(f.e_type, 1);
    assert_eq!(f.sections[1].name, ".text");
    assert_eq!(f.symbols.len(), 8);
    assert_eq!(f.relocs.len(), 2);
    assert_eq!(f.relocs[0].relocs.len(), 8);
}

/// `.text` contents and relocations of an object, via the dumper's parser.
/// Name, contents and (offset, type, addend) relocations of a section.
type SectionDump = (String, Vec<u8>, Vec<(u64, u32, i64)>);

fn sections_and_relocs(bytes: &[u8]) -> Vec<SectionDump> {
    let f = parse(bytes).unwrap();
    f.sections
        .iter()
        .filter(|s| s.flags & 2 != 0)
        .map(|s| {
            let rel = f
                .relocs
                .iter()
                .filter(|r| r.target == s.index)
                .flat_map(|r| r.relocs.iter().map(|x| (x.offset, x.r_type, x.addend)))
                .collect();
            (s.name.clone(), s.data.to_vec(), rel)
        })
        .collect()
}

const ROUND_TRIP_SOURCE: &str = r#"
	.text
	.align 8
	.globl main
main:
	add $r3 = $r3, 0x12345678
	add $r12 = $r12, -32
	;;
	add $r3 = $r3, 0x12345678
	mul32 $r7 = $r8, $r9
	stw 36[$r12] = $r17
	;;
.Lloop:
	ldw $r9 = 24[$r12]
	cmpgeu $b1 = $r9, 114
	;;
	br $b1, .Lloop
	;;
	call $r63 = callee
	;;
	mov $r5 = buffer
	ldw $r4 = @gprel(counter)[$r14]
	;;
	mov $r6 = .Lloop
	add $r1 = $r2, @long(5)
	;;
	slct $r1 = $b3, $r2, $r4
	addcg $r20, $b0 = $r16, $r18, $b0
	mfb $r5 = $b2
	;;
	add $r14 = $r63, @neggprel(main)
	ldw $r8 = @gotoff(callee)[$r14]
	;;
	goto .Lend
	;;
	return $r63
	add $r12 = $r12, 32
	;;
.Lend:
	syscall 1
	;;
	.data
	.globl buffer
buffer:
	.word 1, 2
.Lptr:
	.word .Lloop, buffer+4
"#;

/// Assembles, disassembles with `-d`, re-assembles: the `.text` bytes (and
/// here also its relocations) must be equal; `-D` does the same for every
/// allocated section.
#[test]
fn assemble_disassemble_assemble() {
    let o = assembler::Options::default();
    let first =
        assembler::assemble("rt.s", ROUND_TRIP_SOURCE, &o).unwrap_or_else(|d| panic!("{d:?}"));
    let listing = disassemble(&first, true);
    let second = assembler::assemble("rt.dis.s", &listing, &o)
        .unwrap_or_else(|d| panic!("{d:?}\n{listing}"));
    let a = sections_and_relocs(&first);
    let b = sections_and_relocs(&second);
    assert_eq!(a[0], b[0], "{listing}");
    assert_eq!(a[0].0, ".text");

    let all = dump("rt.o", &first, &opts(|o| o.disassemble_all = true)).unwrap();
    let third =
        assembler::assemble("rt.all.s", &all, &o).unwrap_or_else(|d| panic!("{d:?}\n{all}"));
    assert_eq!(a, sections_and_relocs(&third), "{all}");
}

/// Same for a hand-built object (named, undefined and section-relative
/// targets, an illegal word, data in code, a lane-rule violation).
#[test]
fn hand_built_object_round_trips() {
    let first = test_object();
    let listing = dump("t.o", &first, &opts(|o| o.disassemble_all = true)).unwrap();
    if let Ok(p) = std::env::var("OBJDUMP_SAVE") {
        std::fs::write(format!("{p}.o"), &first).unwrap();
        std::fs::write(format!("{p}.s"), &listing).unwrap();
    }
    let o = assembler::Options::default();
    let second =
        assembler::assemble("t.dis.s", &listing, &o).unwrap_or_else(|d| panic!("{d:?}\n{listing}"));
    let a = sections_and_relocs(&first);
    let b = sections_and_relocs(&second);
    assert_eq!(a, b, "{listing}");
}

/// `--disassemble=SYM`, `-l` and `-S` on an object built from C with line
/// information: the listing holds only the named function, its source
/// positions and its source lines (the C text below, by hand).
#[test]
fn disassemble_symbol_with_lines_and_source() {
    let dir = std::env::temp_dir().join(format!("objdump-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("two.c");
    std::fs::write(
        &src,
        "int first(int x)\n{\n    return x * 3 + 1;\n}\n\nint second(int y)\n{\n    return y - 7;\n}\n",
    )
    .unwrap();
    // Assembly with .loc rows as lcc writes them, through las.
    let asm = format!(
        "\t.file 1 \"{}\"\n\t.text\n\t.global first\n\t.type first, @function\nfirst:\n\t.loc 1 3 5\n\tmul32 $r16 = $r16, 3\n\t;;\n\tadd $r16 = $r16, 1\n\treturn $r63\n\t;;\n\t.size first, .-first\n\t.global second\n\t.type second, @function\nsecond:\n\t.loc 1 8 5\n\tadd $r16 = $r16, -7\n\treturn $r63\n\t;;\n\t.size second, .-second\n",
        src.display()
    );
    let opts = assembler::Options::default();
    let obj =
        assembler::assemble("two.s", &asm, &opts).unwrap_or_else(|d| panic!("{}", d.render()));
    let only = |f: fn(&mut Options)| dump("two.o", &obj, &opts_with(f)).expect("dump");
    fn opts_with(f: fn(&mut Options)) -> Options {
        let mut o = Options::default();
        f(&mut o);
        o
    }
    let l = only(|o| {
        o.line_numbers = true;
        o.disassemble_symbol = Some("second".into());
    });
    assert!(l.contains("second:") && !l.contains("first:"), "{l}");
    assert!(l.contains(&format!("# {}:8", src.display())), "{l}");
    assert!(!l.contains(":3\n"), "{l}");
    let s = only(|o| o.source = true);
    assert!(s.contains("#\t    return x * 3 + 1;"), "{s}");
    assert!(s.contains("#\t    return y - 7;"), "{s}");
    assert!(s.contains("first:") && s.contains("second:"), "{s}");
    assert_eq!(
        dump(
            "two.o",
            &obj,
            &opts_with(|o| o.disassemble_symbol = Some("third".into()))
        ),
        Err(DumpError::NoSymbol("third".into()))
    );
    let _ = std::fs::remove_dir_all(&dir);
}
