//! Tests of `assembler::elf::write_elf` on hand-built `ObjectFile`s.
//!
//! Expected values come from ISA-ST200 §6 (EM_ST200 = 100, e_flags
//! layout, RELA only, R_ST200_32 = 2) and the ELF gABI (section, symbol and
//! relocation encodings), not from the writer itself. The files are also
//! checked by independent readers: binutils `readelf` and LLVM's
//! `llvm-dwarfdump` (Debian packages `binutils` and `llvm`).

use std::path::{Path, PathBuf};
use std::process::Command;

use assembler::elf::{write_elf, WriteError};
use assembler::relocatable::{
    Binding, DebugInfo, Function, LineRow, ObjectFile, Reloc, RelocTarget, Section, SectionId,
    Symbol, SymbolId, SymbolKind, SymbolPlace,
};
use goblin::elf::Elf;
use isa::elf::r_type::{R_ST200_23_PCREL, R_ST200_32, R_ST200_HI23, R_ST200_LO9};
use isa::Core;

// ELF gABI constants, written out so the test does not depend on the writer.
const SHT_PROGBITS: u32 = 1;
const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
const SHT_RELA: u32 = 4;
const SHT_NOBITS: u32 = 8;
const SHF_WRITE: u64 = 1;
const SHF_ALLOC: u64 = 2;
const SHF_EXECINSTR: u64 = 4;
const SHF_INFO_LINK: u64 = 0x40;
const SHN_UNDEF: usize = 0;
const SHN_ABS: usize = 0xfff1;
const SHN_COMMON: usize = 0xfff2;
const STB_LOCAL: u8 = 0;
const STB_GLOBAL: u8 = 1;
const STB_WEAK: u8 = 2;
const STT_NOTYPE: u8 = 0;
const STT_OBJECT: u8 = 1;
const STT_FUNC: u8 = 2;
const STT_SECTION: u8 = 3;
const STT_FILE: u8 = 4;

fn section(name: &str, sh_type: u32, flags: u64, align: u64, data: Vec<u8>) -> Section {
    let size = data.len() as u64;
    Section {
        name: name.into(),
        sh_type,
        flags,
        align,
        data,
        size,
        relocs: Vec::new(),
    }
}

fn symbol(
    name: &str,
    place: SymbolPlace,
    value: u64,
    size: u64,
    binding: Binding,
    kind: SymbolKind,
) -> Symbol {
    Symbol {
        name: name.into(),
        place,
        value,
        size,
        binding,
        kind,
    }
}

fn empty_object() -> ObjectFile {
    ObjectFile {
        core: Core::St231,
        sections: Vec::new(),
        symbols: Vec::new(),
        file_name: None,
        debug: None,
    }
}

/// `.text` (32 bytes, 3 relocations given out of order), `.data` (8 bytes,
/// one R_ST200_32 against `.text`'s section symbol), `.bss` (64 bytes) and
/// one symbol of every place and binding.
fn sample_object() -> ObjectFile {
    let mut text = section(
        ".text",
        SHT_PROGBITS,
        SHF_ALLOC | SHF_EXECINSTR,
        32,
        vec![0; 32],
    );
    text.relocs = vec![
        Reloc {
            offset: 12,
            r_type: R_ST200_LO9,
            target: RelocTarget::Symbol(SymbolId(5)),
            addend: 4,
        },
        Reloc {
            offset: 4,
            r_type: R_ST200_23_PCREL,
            target: RelocTarget::Symbol(SymbolId(5)),
            addend: 0,
        },
        Reloc {
            offset: 8,
            r_type: R_ST200_HI23,
            target: RelocTarget::Symbol(SymbolId(5)),
            addend: 4,
        },
    ];
    let mut data = section(".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 4, vec![0; 8]);
    data.relocs = vec![Reloc {
        offset: 4,
        r_type: R_ST200_32,
        target: RelocTarget::Section(SectionId(0)),
        addend: 16,
    }];
    let mut bss = section(".bss", SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 8, Vec::new());
    bss.size = 64;

    ObjectFile {
        core: Core::St231,
        sections: vec![text, data, bss],
        symbols: vec![
            // 0: global function
            symbol(
                "main",
                SymbolPlace::Section(SectionId(0)),
                0,
                32,
                Binding::Global,
                SymbolKind::Function,
            ),
            // 1: local label
            symbol(
                ".L1",
                SymbolPlace::Section(SectionId(0)),
                16,
                0,
                Binding::Local,
                SymbolKind::NoType,
            ),
            // 2: weak object in .data
            symbol(
                "w",
                SymbolPlace::Section(SectionId(1)),
                4,
                4,
                Binding::Weak,
                SymbolKind::Object,
            ),
            // 3: common, 100 bytes aligned to 16
            symbol(
                "buf",
                SymbolPlace::Common { align: 16 },
                100,
                100,
                Binding::Global,
                SymbolKind::Object,
            ),
            // 4: local absolute
            symbol(
                "K",
                SymbolPlace::Absolute,
                0x1234,
                0,
                Binding::Local,
                SymbolKind::NoType,
            ),
            // 5: undefined
            symbol(
                "callee",
                SymbolPlace::Undefined,
                0,
                0,
                Binding::Global,
                SymbolKind::NoType,
            ),
            // 6: local object in .bss
            symbol(
                "counter",
                SymbolPlace::Section(SectionId(2)),
                8,
                4,
                Binding::Local,
                SymbolKind::Object,
            ),
        ],
        file_name: Some("kernel.s".into()),
        debug: None,
    }
}

/// `.text` of 32 bytes with rows at 0, 8, 16 for lines 3, 4, 7 of
/// `kernel.c` and two functions, `main` [0, 16) and `helper` [16, 32).
fn debug_object() -> ObjectFile {
    let text = section(
        ".text",
        SHT_PROGBITS,
        SHF_ALLOC | SHF_EXECINSTR,
        4,
        vec![0; 32],
    );
    let row = |offset, line| LineRow {
        section: SectionId(0),
        offset,
        file: 1,
        line,
        column: 0,
    };
    ObjectFile {
        core: Core::St231,
        sections: vec![text],
        symbols: vec![
            symbol(
                "main",
                SymbolPlace::Section(SectionId(0)),
                0,
                16,
                Binding::Global,
                SymbolKind::Function,
            ),
            symbol(
                "helper",
                SymbolPlace::Section(SectionId(0)),
                16,
                16,
                Binding::Local,
                SymbolKind::Function,
            ),
        ],
        file_name: Some("kernel.c".into()),
        debug: Some(DebugInfo {
            comp_dir: "/home/user/src".into(),
            name: "kernel.c".into(),
            producer: "lcc 0.1.0".into(),
            files: vec![String::new(), "kernel.c".into()],
            // Out of order on purpose: the writer sorts them.
            rows: vec![row(16, 7), row(0, 3), row(8, 4)],
            functions: vec![
                Function {
                    name: "main".into(),
                    section: SectionId(0),
                    low: 0,
                    high: 16,
                    external: true,
                },
                Function {
                    name: "helper".into(),
                    section: SectionId(0),
                    low: 16,
                    high: 32,
                    external: false,
                },
            ],
        }),
    }
}

fn section_by_name<'a>(
    elf: &'a Elf,
    name: &str,
) -> Option<(usize, &'a goblin::elf::SectionHeader)> {
    elf.section_headers
        .iter()
        .enumerate()
        .find(|(_, sh)| elf.shdr_strtab.get_at(sh.sh_name) == Some(name))
}

fn temp_file(test: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("las-elf-writer-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("obj.o");
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Runs a tool; panics with an installation hint when it is missing.
fn run(tool: &str, args: &[&str], file: &Path, package: &str) -> (bool, String, String) {
    let out = Command::new(tool)
        .args(args)
        .arg(file)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run `{tool}` ({e}); install the `{package}` Debian package")
        });
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_no_readelf_complaints(stdout: &str, stderr: &str) {
    for line in stdout.lines().chain(stderr.lines()) {
        let l = line.to_ascii_lowercase();
        assert!(
            !l.contains("warning") && !l.contains("error"),
            "readelf complained: {line}\nstdout:\n{stdout}\nstderr:\n{stderr}"
        );
    }
}

/// Checks that `llvm-dwarfdump` (LLVM 14) printed nothing on stderr but
/// the messages it gives for every object of an unknown machine: one
/// "failed to compute relocation" warning per relocation in a debug
/// section (it has no relocation resolver for EM 100, so it reads the
/// values stored in place), and, for some dumps, a note that no target
/// matches the "unknown" triple. Returns how many relocation warnings it
/// printed.
fn llvm_known_warnings_only(stderr: &str) -> usize {
    let mut relocs = 0;
    for line in stderr.lines().filter(|l| !l.trim().is_empty()) {
        if line == "warning: failed to compute relocation: Unknown, Invalid data was encountered while parsing the file" {
            relocs += 1;
        } else {
            assert!(
                line.ends_with("No available targets are compatible with triple \"unknown-unknown-unknown\""),
                "unexpected llvm-dwarfdump message: {line}\n{stderr}"
            );
        }
    }
    relocs
}

/// Checks that `readelf --debug-dump` printed no complaint but the two it
/// gives for any EM 100 object: binutils does not know which ST200
/// relocation is the 32-bit absolute one, so it does not apply them (the
/// values in place are already right for sections at address 0).
fn readelf_known_debug_complaints_only(stdout: &str, stderr: &str) {
    for line in stdout.lines().chain(stderr.lines()) {
        let l = line.to_ascii_lowercase();
        if !l.contains("warning") && !l.contains("error") {
            continue;
        }
        assert!(
            line == "readelf: Error: Missing knowledge of 32-bit reloc types used in DWARF sections of machine number 100"
                || (line.starts_with("readelf: Warning: unable to apply unsupported reloc type 2 to section .debug_")),
            "unexpected readelf complaint: {line}\nstdout:\n{stdout}\nstderr:\n{stderr}"
        );
    }
}

fn u32_at(data: &[u8], offset: usize) -> u32 {
    u32::from_le_bytes(data[offset..offset + 4].try_into().unwrap())
}

#[test]
fn header_is_elf32_le_rel_st200() {
    let bytes = write_elf(&sample_object()).unwrap();
    // e_ident: magic, ELFCLASS32 (1), ELFDATA2LSB (1), EV_CURRENT (1), ELFOSABI_SYSV (0), ABI version 0.
    assert_eq!(&bytes[..9], b"\x7fELF\x01\x01\x01\x00\x00");
    let elf = Elf::parse(&bytes).unwrap();
    assert!(!elf.is_64);
    assert!(elf.little_endian);
    assert_eq!(elf.header.e_type, 1, "ET_REL");
    assert_eq!(elf.header.e_machine, 100, "EM_ST200, ISA-ST200 §6.1");
    // §6.1: ABI 2 (embedded) in bits 6:0, core 3 (ST231) in bits 15:8.
    assert_eq!(elf.header.e_flags, 0x0302);
    assert_eq!(elf.header.e_entry, 0);
    assert_eq!(elf.header.e_phnum, 0);

    let mut st220 = sample_object();
    st220.core = Core::St220;
    let elf220 = write_elf(&st220).unwrap();
    assert_eq!(Elf::parse(&elf220).unwrap().header.e_flags, 0x0102);
}

#[test]
fn sections_and_relocation_sections() {
    let bytes = write_elf(&sample_object()).unwrap();
    let elf = Elf::parse(&bytes).unwrap();
    let names: Vec<&str> = elf
        .section_headers
        .iter()
        .map(|sh| elf.shdr_strtab.get_at(sh.sh_name).unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "",
            ".text",
            ".rela.text",
            ".data",
            ".rela.data",
            ".bss",
            ".symtab",
            ".strtab",
            ".shstrtab"
        ]
    );
    let (text_idx, text) = section_by_name(&elf, ".text").unwrap();
    assert_eq!(text.sh_type, SHT_PROGBITS);
    assert_eq!(text.sh_flags, SHF_ALLOC | SHF_EXECINSTR);
    assert_eq!(text.sh_addralign, 32);
    assert_eq!(text.sh_size, 32);
    assert_eq!(text.sh_offset % 32, 0);
    let (data_idx, data) = section_by_name(&elf, ".data").unwrap();
    assert_eq!(data.sh_flags, SHF_ALLOC | SHF_WRITE);
    assert_eq!(data.sh_addralign, 4);
    let (_, bss) = section_by_name(&elf, ".bss").unwrap();
    assert_eq!(bss.sh_type, SHT_NOBITS);
    assert_eq!(bss.sh_size, 64);
    assert_eq!(bss.sh_addralign, 8);
    let (symtab_idx, symtab) = section_by_name(&elf, ".symtab").unwrap();
    assert_eq!(symtab.sh_type, SHT_SYMTAB);
    assert_eq!(symtab.sh_entsize, 16);
    let (strtab_idx, _) = section_by_name(&elf, ".strtab").unwrap();
    assert_eq!(symtab.sh_link as usize, strtab_idx);
    assert_eq!(
        section_by_name(&elf, ".shstrtab").unwrap().1.sh_type,
        SHT_STRTAB
    );
    assert_eq!(
        elf.header.e_shstrndx as usize,
        section_by_name(&elf, ".shstrtab").unwrap().0
    );

    for (rela_name, target) in [(".rela.text", text_idx), (".rela.data", data_idx)] {
        let (_, rela) = section_by_name(&elf, rela_name).unwrap();
        assert_eq!(rela.sh_type, SHT_RELA, "{rela_name}");
        assert_eq!(rela.sh_flags, SHF_INFO_LINK, "{rela_name}");
        assert_eq!(rela.sh_link as usize, symtab_idx, "{rela_name}");
        assert_eq!(rela.sh_info as usize, target, "{rela_name}");
        assert_eq!(rela.sh_entsize, 12, "{rela_name}: Elf32_Rela is 12 bytes");
    }
    assert!(section_by_name(&elf, ".rela.bss").is_none());
}

#[test]
fn symbol_table_order_and_fields() {
    let bytes = write_elf(&sample_object()).unwrap();
    let elf = Elf::parse(&bytes).unwrap();
    let syms: Vec<_> = elf.syms.iter().collect();
    let name = |i: usize| elf.strtab.get_at(syms[i].st_name).unwrap_or("");
    let (text_idx, _) = section_by_name(&elf, ".text").unwrap();
    let (data_idx, _) = section_by_name(&elf, ".data").unwrap();
    let (bss_idx, _) = section_by_name(&elf, ".bss").unwrap();

    // null, FILE, 3 section symbols, 3 locals (.L1, K, counter), 4 globals.
    assert_eq!(syms.len(), 1 + 1 + 3 + 3 + 4);
    assert_eq!(syms[0].st_info, 0);
    assert_eq!(syms[0].st_shndx, 0);

    assert_eq!(name(1), "kernel.s");
    assert_eq!(syms[1].st_type(), STT_FILE);
    assert_eq!(syms[1].st_bind(), STB_LOCAL);
    assert_eq!(syms[1].st_shndx, SHN_ABS);

    for (k, idx) in [text_idx, data_idx, bss_idx].into_iter().enumerate() {
        let s = &syms[2 + k];
        assert_eq!(s.st_type(), STT_SECTION);
        assert_eq!(s.st_bind(), STB_LOCAL);
        assert_eq!(s.st_shndx, idx);
        assert_eq!(s.st_value, 0);
    }

    // Locals in input order, then globals/weak in input order.
    let expect = [
        (".L1", STB_LOCAL, STT_NOTYPE, text_idx, 16, 0),
        ("K", STB_LOCAL, STT_NOTYPE, SHN_ABS, 0x1234, 0),
        ("counter", STB_LOCAL, STT_OBJECT, bss_idx, 8, 4),
        ("main", STB_GLOBAL, STT_FUNC, text_idx, 0, 32),
        ("w", STB_WEAK, STT_OBJECT, data_idx, 4, 4),
        // COMMON: st_value is the alignment, st_size the size.
        ("buf", STB_GLOBAL, STT_OBJECT, SHN_COMMON, 16, 100),
        ("callee", STB_GLOBAL, STT_NOTYPE, SHN_UNDEF, 0, 0),
    ];
    for (k, (n, bind, ty, shndx, value, size)) in expect.into_iter().enumerate() {
        let i = 5 + k;
        assert_eq!(name(i), n, "symbol {i}");
        assert_eq!(syms[i].st_bind(), bind, "{n}");
        assert_eq!(syms[i].st_type(), ty, "{n}");
        assert_eq!(syms[i].st_shndx, shndx, "{n}");
        assert_eq!(syms[i].st_value, value, "{n}");
        assert_eq!(syms[i].st_size, size, "{n}");
    }
    // sh_info of .symtab = index of the first non-local symbol.
    let (_, symtab) = section_by_name(&elf, ".symtab").unwrap();
    assert_eq!(symtab.sh_info, 8);
}

#[test]
fn relocation_entries() {
    let bytes = write_elf(&sample_object()).unwrap();
    let elf = Elf::parse(&bytes).unwrap();
    let (text_idx, _) = section_by_name(&elf, ".text").unwrap();
    let (data_idx, _) = section_by_name(&elf, ".data").unwrap();
    let syms: Vec<_> = elf.syms.iter().collect();
    let callee = syms
        .iter()
        .position(|s| elf.strtab.get_at(s.st_name) == Some("callee"))
        .unwrap();
    let text_sym = syms
        .iter()
        .position(|s| s.st_type() == STT_SECTION && s.st_shndx == text_idx)
        .unwrap();

    let relocs_of = |target: usize| -> Vec<(u64, u32, usize, i64)> {
        let (_, rs) = elf
            .shdr_relocs
            .iter()
            .find(|(i, _)| elf.section_headers[*i].sh_info as usize == target)
            .unwrap();
        rs.iter()
            .map(|r| (r.r_offset, r.r_type, r.r_sym, r.r_addend.unwrap()))
            .collect()
    };
    // Sorted by offset.
    assert_eq!(
        relocs_of(text_idx),
        [
            (4, R_ST200_23_PCREL, callee, 0),
            (8, R_ST200_HI23, callee, 4),
            (12, R_ST200_LO9, callee, 4),
        ]
    );
    assert_eq!(relocs_of(data_idx), [(4, R_ST200_32, text_sym, 16)]);
}

#[test]
fn readelf_accepts_the_object() {
    let bytes = write_elf(&sample_object()).unwrap();
    let path = temp_file("readelf", &bytes);
    let (ok, stdout, stderr) = run("readelf", &["-a", "-W"], &path, "binutils");
    assert!(ok, "readelf failed:\n{stderr}");
    assert_no_readelf_complaints(&stdout, &stderr);
    // binutils' name for EM_ST200 (include/elf/common.h, readelf.c).
    assert!(
        stdout.lines().any(|l| l.trim()
            == "Machine:                           STMicroelectronics ST200 microcontroller"),
        "{stdout}"
    );
    assert!(stdout.contains("REL (Relocatable file)"), "{stdout}");
    assert!(
        stdout.contains("Flags:                             0x302"),
        "{stdout}"
    );
    // Section flags as readelf shows them.
    let section_line = |name: &str| {
        stdout
            .lines()
            .find(|l| {
                l.split_whitespace().nth(1) == Some(name) || l.contains(&format!("] {name} "))
            })
            .unwrap_or_else(|| panic!("no section {name}:\n{stdout}"))
            .to_owned()
    };
    assert!(
        section_line(".text").contains(" AX "),
        "{}",
        section_line(".text")
    );
    assert!(
        section_line(".data").contains(" WA "),
        "{}",
        section_line(".data")
    );
    assert!(
        section_line(".rela.text").contains(" I "),
        "{}",
        section_line(".rela.text")
    );
    // Symbols.
    let sym_line = |name: &str| {
        stdout
            .lines()
            .find(|l| l.split_whitespace().last() == Some(name) && l.contains(':'))
            .unwrap_or_else(|| panic!("no symbol {name}:\n{stdout}"))
            .split_whitespace()
            .skip(1)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        sym_line("buf"),
        "00000010 100 OBJECT GLOBAL DEFAULT COM buf"
    );
    assert_eq!(sym_line("K"), "00001234 0 NOTYPE LOCAL DEFAULT ABS K");
    assert_eq!(sym_line("main"), "00000000 32 FUNC GLOBAL DEFAULT 1 main");
    assert_eq!(sym_line("w"), "00000004 4 OBJECT WEAK DEFAULT 3 w");
    assert_eq!(
        sym_line("callee"),
        "00000000 0 NOTYPE GLOBAL DEFAULT UND callee"
    );
    assert_eq!(
        sym_line("kernel.s"),
        "00000000 0 FILE LOCAL DEFAULT ABS kernel.s"
    );
    assert!(
        stdout.contains("Relocation section '.rela.text' at offset"),
        "{stdout}"
    );
    assert!(stdout.contains("contains 3 entries"), "{stdout}");
}

#[test]
fn no_relocations_no_rela_sections() {
    let mut obj = sample_object();
    for s in &mut obj.sections {
        s.relocs.clear();
    }
    let bytes = write_elf(&obj).unwrap();
    let elf = Elf::parse(&bytes).unwrap();
    assert!(elf.section_headers.iter().all(|sh| sh.sh_type != SHT_RELA));
    assert!(elf.shdr_relocs.is_empty());
}

#[test]
fn empty_object_is_valid() {
    let bytes = write_elf(&empty_object()).unwrap();
    let elf = Elf::parse(&bytes).unwrap();
    assert_eq!(elf.header.e_machine, 100);
    let names: Vec<&str> = elf
        .section_headers
        .iter()
        .map(|sh| elf.shdr_strtab.get_at(sh.sh_name).unwrap())
        .collect();
    assert_eq!(names, ["", ".symtab", ".strtab", ".shstrtab"]);
    assert_eq!(elf.syms.len(), 1);

    let path = temp_file("empty", &bytes);
    let (ok, stdout, stderr) = run("readelf", &["-a", "-W"], &path, "binutils");
    assert!(ok, "{stderr}");
    assert_no_readelf_complaints(&stdout, &stderr);
}

#[test]
fn errors_instead_of_panics() {
    // Relocation against a symbol that does not exist.
    let mut obj = sample_object();
    obj.sections[0].relocs[0].target = RelocTarget::Symbol(SymbolId(99));
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::NoSuchSymbol { symbol: 99, .. })
    ));
    // Relocation against a section that does not exist.
    let mut obj = sample_object();
    obj.sections[1].relocs[0].target = RelocTarget::Section(SectionId(7));
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::NoSuchSection { index: 7, .. })
    ));
    // Symbol in a section that does not exist.
    let mut obj = sample_object();
    obj.symbols[0].place = SymbolPlace::Section(SectionId(3));
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::NoSuchSection { index: 3, .. })
    ));
    // Relocation type §6.2 does not define.
    let mut obj = sample_object();
    obj.sections[0].relocs[0].r_type = 200;
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::UnknownRelocType { r_type: 200, .. })
    ));
    // Relocation patching past the end of the section.
    let mut obj = sample_object();
    obj.sections[1].relocs[0].offset = 6;
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::RelocOutOfRange { .. })
    ));
    // Relocation in .bss.
    let mut obj = sample_object();
    obj.sections[2].relocs = obj.sections[1].relocs.clone();
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::RelocOutOfRange { .. })
    ));
    // Alignment that is not a power of two.
    let mut obj = sample_object();
    obj.sections[0].align = 12;
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::BadAlignment { align: 12, .. })
    ));
    // NUL in a name.
    let mut obj = sample_object();
    obj.symbols[1].name = "a\0b".into();
    assert!(matches!(write_elf(&obj), Err(WriteError::NulInName(_))));
    // Value over 32 bits.
    let mut obj = sample_object();
    obj.symbols[4].value = 1 << 40;
    assert!(matches!(write_elf(&obj), Err(WriteError::TooLarge { .. })));
    // Addend over 32 bits.
    let mut obj = sample_object();
    obj.sections[1].relocs[0].addend = -(1 << 40);
    assert!(matches!(write_elf(&obj), Err(WriteError::TooLarge { .. })));

    // Debug info errors.
    use assembler::dwarf::DwarfError;
    let mut obj = debug_object();
    obj.debug.as_mut().unwrap().rows[0].file = 5;
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::Dwarf(DwarfError::NoSuchFile(5)))
    ));
    let mut obj = debug_object();
    obj.debug.as_mut().unwrap().rows[0].section = SectionId(4);
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::Dwarf(DwarfError::NoSuchSection(4)))
    ));
    let mut obj = debug_object();
    obj.debug.as_mut().unwrap().rows[0].offset = 33;
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::Dwarf(DwarfError::RowOutOfRange { .. }))
    ));
    let mut obj = debug_object();
    obj.debug.as_mut().unwrap().functions[1].high = 40;
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::Dwarf(DwarfError::BadFunctionRange { .. }))
    ));
    let mut obj = debug_object();
    obj.debug.as_mut().unwrap().comp_dir = "a\0".into();
    assert!(matches!(
        write_elf(&obj),
        Err(WriteError::Dwarf(DwarfError::NulInString(_)))
    ));
}

#[test]
fn odd_but_legal_inputs_write() {
    // Empty names, alignment 0, empty debug info, empty file list.
    let mut obj = empty_object();
    obj.sections
        .push(section("", SHT_PROGBITS, 0, 0, vec![1, 2, 3]));
    obj.symbols.push(symbol(
        "",
        SymbolPlace::Section(SectionId(0)),
        1,
        0,
        Binding::Local,
        SymbolKind::NoType,
    ));
    obj.file_name = Some(String::new());
    obj.debug = Some(DebugInfo::default());
    let bytes = write_elf(&obj).unwrap();
    Elf::parse(&bytes).unwrap();
}

#[test]
fn debug_sections_and_their_relocations() {
    let bytes = write_elf(&debug_object()).unwrap();
    let elf = Elf::parse(&bytes).unwrap();
    let (text_idx, _) = section_by_name(&elf, ".text").unwrap();
    let syms: Vec<_> = elf.syms.iter().collect();
    let section_sym = |idx: usize| {
        syms.iter()
            .position(|s| s.st_type() == STT_SECTION && s.st_shndx == idx)
            .unwrap_or_else(|| panic!("no section symbol for section {idx}"))
    };
    for name in [".debug_abbrev", ".debug_line", ".debug_info"] {
        let (_, sh) = section_by_name(&elf, name).unwrap_or_else(|| panic!("no {name}"));
        assert_eq!(sh.sh_type, SHT_PROGBITS, "{name}");
        assert_eq!(sh.sh_flags & SHF_ALLOC, 0, "{name} must not be SHF_ALLOC");
    }
    // One code section: low_pc/high_pc, no range list.
    assert!(section_by_name(&elf, ".debug_ranges").is_none());

    let (line_idx, _) = section_by_name(&elf, ".debug_line").unwrap();
    let (abbrev_idx, _) = section_by_name(&elf, ".debug_abbrev").unwrap();
    let (info_idx, info) = section_by_name(&elf, ".debug_info").unwrap();
    let info_data = &bytes[info.sh_offset as usize..][..info.sh_size as usize];

    let (_, rs) = elf
        .shdr_relocs
        .iter()
        .find(|(i, _)| elf.section_headers[*i].sh_info as usize == info_idx)
        .expect(".rela.debug_info");
    let relocs: Vec<_> = rs.iter().collect();
    // Every DWARF relocation is R_ST200_32 against a section symbol, and
    // the word in place already holds the addend.
    for r in &relocs {
        assert_eq!(r.r_type, R_ST200_32);
        assert_eq!(syms[r.r_sym].st_type(), STT_SECTION);
        assert_eq!(
            i64::from(u32_at(info_data, r.r_offset as usize)),
            r.r_addend.unwrap()
        );
    }
    // DWARF 4 CU header: unit_length (4), version (2), abbrev offset at 6.
    assert_eq!(u32_at(info_data, 4) & 0xffff, 4, "DWARF version 4");
    assert!(relocs
        .iter()
        .any(|r| r.r_offset == 6 && r.r_sym == section_sym(abbrev_idx) && r.r_addend == Some(0)));
    // DW_AT_stmt_list -> .debug_line + 0.
    assert!(relocs
        .iter()
        .any(|r| r.r_sym == section_sym(line_idx) && r.r_addend == Some(0)));
    // Addresses against .text: CU low_pc 0, main 0, helper 16.
    let mut text_addends: Vec<i64> = relocs
        .iter()
        .filter(|r| r.r_sym == section_sym(text_idx))
        .map(|r| r.r_addend.unwrap())
        .collect();
    text_addends.sort();
    assert_eq!(text_addends, [0, 0, 16]);

    // .debug_line: one DW_LNE_set_address against .text + 0.
    let (_, lrs) = elf
        .shdr_relocs
        .iter()
        .find(|(i, _)| elf.section_headers[*i].sh_info as usize == line_idx)
        .expect(".rela.debug_line");
    let lrs: Vec<_> = lrs.iter().collect();
    assert_eq!(lrs.len(), 1);
    assert_eq!(lrs[0].r_type, R_ST200_32);
    assert_eq!(lrs[0].r_sym, section_sym(text_idx));
    assert_eq!(lrs[0].r_addend, Some(0));

    // readelf also has no complaints.
    let path = temp_file("debug-readelf", &bytes);
    let (ok, stdout, stderr) = run("readelf", &["-a", "-W"], &path, "binutils");
    assert!(ok, "{stderr}");
    assert_no_readelf_complaints(&stdout, &stderr);
}

/// Rows of `llvm-dwarfdump --debug-line` as (address, line, end_sequence).
fn dwarfdump_rows(stdout: &str) -> Vec<(u64, u32, bool)> {
    stdout
        .lines()
        .filter(|l| l.starts_with("0x"))
        .map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            (
                u64::from_str_radix(&t[0][2..], 16).unwrap(),
                t[1].parse().unwrap(),
                l.contains("end_sequence"),
            )
        })
        .collect()
}

#[test]
fn llvm_dwarfdump_verifies_and_reads_lines() {
    let bytes = write_elf(&debug_object()).unwrap();
    let path = temp_file("dwarfdump", &bytes);

    let (ok, stdout, stderr) = run("llvm-dwarfdump", &["--verify"], &path, "llvm");
    assert!(ok, "llvm-dwarfdump --verify failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("No errors."), "{stdout}\n{stderr}");
    // 6 relocations: abbrev offset, DW_AT_stmt_list, 3 DW_AT_low_pc (CU,
    // main, helper) in .debug_info, DW_LNE_set_address in .debug_line.
    assert_eq!(llvm_known_warnings_only(&stderr), 6, "{stderr}");

    let (ok, stdout, stderr) = run("llvm-dwarfdump", &["--debug-line"], &path, "llvm");
    assert!(ok, "{stderr}");
    llvm_known_warnings_only(&stderr);
    // Hand derivation: rows at .text+0/8/16 for lines 3/4/7, and the
    // sequence ends at the section size, 32 = 0x20.
    assert_eq!(
        dwarfdump_rows(&stdout),
        [
            (0x0, 3, false),
            (0x8, 4, false),
            (0x10, 7, false),
            (0x20, 7, true)
        ],
        "{stdout}"
    );
    assert!(stdout.contains("name: \"kernel.c\""), "{stdout}");

    let (ok, stdout, stderr) = run("llvm-dwarfdump", &["--debug-info"], &path, "llvm");
    assert!(ok, "{stderr}");
    llvm_known_warnings_only(&stderr);
    for needle in [
        "DW_TAG_compile_unit",
        "DW_AT_producer\t(\"lcc 0.1.0\")",
        "DW_AT_language\t(DW_LANG_Mips_Assembler)",
        "DW_AT_name\t(\"kernel.c\")",
        "DW_AT_comp_dir\t(\"/home/user/src\")",
        "DW_AT_stmt_list\t(0x00000000)",
        "DW_AT_low_pc\t(0x00000000)",
        "DW_AT_high_pc\t(0x00000020)",
        "DW_AT_name\t(\"main\")",
        "DW_AT_name\t(\"helper\")",
        "DW_AT_low_pc\t(0x00000010)",
        "DW_AT_external\t(true)",
    ] {
        assert!(stdout.contains(needle), "missing {needle:?} in:\n{stdout}");
    }
}

#[test]
fn readelf_decodes_line_table() {
    let bytes = write_elf(&debug_object()).unwrap();
    let path = temp_file("readelf-line", &bytes);
    let (ok, stdout, stderr) = run("readelf", &["--debug-dump=decodedline"], &path, "binutils");
    assert!(ok, "{stderr}");
    readelf_known_debug_complaints_only(&stdout, &stderr);
    // readelf's decoded table: "kernel.c  <line>  <address>  x".
    let rows: Vec<(u32, u64)> = stdout
        .lines()
        .filter(|l| l.starts_with("kernel.c"))
        .filter_map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            Some((
                t.get(1)?.parse().ok()?,
                u64::from_str_radix(t.get(2)?.trim_start_matches("0x"), 16).ok()?,
            ))
        })
        .collect();
    assert_eq!(rows, [(3, 0x0), (4, 0x8), (7, 0x10)], "{stdout}");
}

#[test]
fn several_code_sections_use_ranges() {
    let mut obj = debug_object();
    obj.sections.push(section(
        ".text.cold",
        SHT_PROGBITS,
        SHF_ALLOC | SHF_EXECINSTR,
        4,
        vec![0; 8],
    ));
    let d = obj.debug.as_mut().unwrap();
    d.rows.push(LineRow {
        section: SectionId(1),
        offset: 4,
        file: 1,
        line: 20,
        column: 2,
    });
    let bytes = write_elf(&obj).unwrap();
    let elf = Elf::parse(&bytes).unwrap();
    let (ranges_idx, ranges) = section_by_name(&elf, ".debug_ranges").expect(".debug_ranges");
    let data = &bytes[ranges.sh_offset as usize..][..ranges.sh_size as usize];
    // Two (begin, end) pairs and the (0, 0) terminator, begins and ends
    // relative to their section (the addends, also in place).
    let words: Vec<u32> = data
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words, [0, 32, 0, 8, 0, 0]);
    let (_, rs) = elf
        .shdr_relocs
        .iter()
        .find(|(i, _)| elf.section_headers[*i].sh_info as usize == ranges_idx)
        .expect(".rela.debug_ranges");
    assert_eq!(rs.len(), 4);

    let path = temp_file("ranges", &bytes);
    let (ok, stdout, stderr) = run("llvm-dwarfdump", &["--verify"], &path, "llvm");
    assert!(ok && stdout.contains("No errors."), "{stdout}\n{stderr}");
    llvm_known_warnings_only(&stderr);
    let (_, stdout, stderr) = run("llvm-dwarfdump", &["--debug-line"], &path, "llvm");
    let rows = dwarfdump_rows(&stdout);
    assert_eq!(
        rows,
        [
            (0x0, 3, false),
            (0x8, 4, false),
            (0x10, 7, false),
            (0x20, 7, true),
            (0x4, 20, false),
            (0x8, 20, true)
        ],
        "{stdout}\n{stderr}"
    );
    let (_, stdout, stderr) = run("readelf", &["-a", "-W"], &path, "binutils");
    assert_no_readelf_complaints(&stdout, &stderr);
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    fn arb_target() -> impl Strategy<Value = RelocTarget> {
        prop_oneof![
            (0usize..8).prop_map(|i| RelocTarget::Symbol(SymbolId(i))),
            (0usize..5).prop_map(|i| RelocTarget::Section(SectionId(i))),
        ]
    }

    fn arb_reloc() -> impl Strategy<Value = Reloc> {
        (0u64..48, 0u32..42, arb_target(), -40i64..40).prop_map(
            |(offset, r_type, target, addend)| Reloc {
                offset,
                r_type,
                target,
                addend,
            },
        )
    }

    fn arb_section() -> impl Strategy<Value = Section> {
        (
            prop::sample::select(vec![".text", ".data", ".bss", "", ".debug_info", "x"]),
            prop::sample::select(vec![SHT_PROGBITS, SHT_NOBITS, 0, 7]),
            0u64..8,
            prop::sample::select(vec![0u64, 1, 2, 3, 4, 64]),
            0usize..48,
            0u64..100,
            prop::collection::vec(arb_reloc(), 0..4),
        )
            .prop_map(|(name, sh_type, flags, align, len, size, relocs)| Section {
                name: name.into(),
                sh_type,
                flags,
                align,
                data: vec![0xAB; len],
                size,
                relocs,
            })
    }

    fn arb_symbol() -> impl Strategy<Value = Symbol> {
        let place = prop_oneof![
            Just(SymbolPlace::Undefined),
            Just(SymbolPlace::Absolute),
            (0u64..32).prop_map(|align| SymbolPlace::Common { align }),
            (0usize..5).prop_map(|i| SymbolPlace::Section(SectionId(i))),
        ];
        (
            prop::sample::select(vec!["a", "", "main", "a"]),
            place,
            0u64..64,
            0u64..64,
            prop::sample::select(vec![Binding::Local, Binding::Global, Binding::Weak]),
            prop::sample::select(vec![
                SymbolKind::NoType,
                SymbolKind::Function,
                SymbolKind::Object,
                SymbolKind::Tls,
            ]),
        )
            .prop_map(|(name, place, value, size, binding, kind)| Symbol {
                name: name.into(),
                place,
                value,
                size,
                binding,
                kind,
            })
    }

    fn arb_debug() -> impl Strategy<Value = DebugInfo> {
        let row = (0usize..4, 0u64..50, 0u32..4, 0u32..100, 0u32..5).prop_map(
            |(s, offset, file, line, column)| LineRow {
                section: SectionId(s),
                offset,
                file,
                line,
                column,
            },
        );
        let function =
            (0usize..4, 0u64..50, 0u64..50, any::<bool>()).prop_map(|(s, low, high, external)| {
                Function {
                    name: "f".into(),
                    section: SectionId(s),
                    low,
                    high,
                    external,
                }
            });
        (
            prop::sample::select(vec!["", "/tmp", "."]),
            prop::collection::vec(
                prop::sample::select(vec!["", "a.c", "dir/b.h", "/abs/c.c", "/", "x/", "a.c"]),
                0..5,
            ),
            prop::collection::vec(row, 0..8),
            prop::collection::vec(function, 0..3),
        )
            .prop_map(|(dir, files, rows, functions)| DebugInfo {
                comp_dir: dir.into(),
                name: "a.c".into(),
                producer: String::new(),
                files: files.into_iter().map(String::from).collect(),
                rows,
                functions,
            })
    }

    fn arb_object() -> impl Strategy<Value = ObjectFile> {
        (
            prop::collection::vec(arb_section(), 0..4),
            prop::collection::vec(arb_symbol(), 0..7),
            prop::option::of(prop::sample::select(vec!["", "k.s"])),
            prop::option::of(arb_debug()),
        )
            .prop_map(|(sections, symbols, file_name, debug)| ObjectFile {
                core: Core::St240,
                sections,
                symbols,
                file_name: file_name.map(String::from),
                debug,
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// Any object either fails with a `WriteError` or writes an ELF
        /// file that goblin can read back with every section present.
        #[test]
        fn write_elf_never_panics(obj in arb_object()) {
            if let Ok(bytes) = write_elf(&obj) {
                let elf = Elf::parse(&bytes).unwrap();
                prop_assert_eq!(elf.header.e_machine, 100);
                prop_assert!(elf.section_headers.len() >= obj.sections.len() + 4);
            }
        }
    }

    fn arb_valid_debug_object() -> impl Strategy<Value = ObjectFile> {
        let row =
            (0usize..2, 0u64..12, 1u32..4, 0u32..100).prop_map(|(s, word, file, line)| LineRow {
                section: SectionId(s),
                offset: word * 4,
                file,
                line,
                column: 0,
            });
        let function =
            (0usize..2, 0u64..12, 0u64..12, any::<bool>()).prop_map(|(s, a, b, external)| {
                Function {
                    name: "f".into(),
                    section: SectionId(s),
                    low: a.min(b) * 4,
                    high: a.max(b) * 4,
                    external,
                }
            });
        (
            prop::collection::vec(row, 0..10),
            prop::collection::vec(function, 0..3),
        )
            .prop_map(|(rows, functions)| {
                let mut obj = empty_object();
                for name in [".text", ".text.b"] {
                    obj.sections.push(section(
                        name,
                        SHT_PROGBITS,
                        SHF_ALLOC | SHF_EXECINSTR,
                        4,
                        vec![0; 48],
                    ));
                }
                obj.debug = Some(DebugInfo {
                    comp_dir: "/w".into(),
                    name: "a.c".into(),
                    producer: "p".into(),
                    files: vec![
                        String::new(),
                        "a.c".into(),
                        "inc/b.h".into(),
                        "/usr/c.h".into(),
                    ],
                    rows,
                    functions,
                });
                obj
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Valid debug info always writes, and gimli reads back, without
        /// applying relocations, one sequence per section with rows, the
        /// rows' (offset, line) in sorted order, ending at the section size.
        #[test]
        fn valid_debug_info_round_trips(obj in arb_valid_debug_object()) {
            use gimli::LittleEndian;
            let bytes = write_elf(&obj).unwrap();
            let elf = Elf::parse(&bytes).unwrap();
            let get = |name: &str| {
                section_by_name(&elf, name)
                    .map(|(_, sh)| &bytes[sh.sh_offset as usize..][..sh.sh_size as usize])
                    .unwrap_or(&[])
            };
            let d = obj.debug.as_ref().unwrap();
            if d.rows.is_empty() {
                // No rows: gimli writes no line program and no DW_AT_stmt_list.
                prop_assert!(section_by_name(&elf, ".debug_line").is_none());
                return Ok(());
            }
            let debug_line = gimli::DebugLine::new(get(".debug_line"), LittleEndian);
            let program = debug_line
                .program(gimli::DebugLineOffset(0), 4, None, None)
                .unwrap();
            let mut rows = program.rows();
            let mut got = Vec::new();
            while let Some((_, row)) = rows.next_row().unwrap() {
                got.push((row.address(), row.line().map_or(0, |l| l.get()), row.end_sequence()));
            }
            let mut want = Vec::new();
            for s in 0..2 {
                let mut r: Vec<_> = d.rows.iter().filter(|r| r.section.0 == s).collect();
                r.sort_by_key(|r| r.offset);
                if let Some(last) = r.last() {
                    want.extend(r.iter().map(|r| (r.offset, u64::from(r.line), false)));
                    want.push((48, u64::from(last.line), true));
                }
            }
            prop_assert_eq!(got, want);
        }
    }
}
