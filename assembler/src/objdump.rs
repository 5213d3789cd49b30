//! `st-objdump`: dumps ST200 ELF32 files (`e_machine` 100) the way GNU
//! `objdump` does — file header (`-f`), private headers (`-p`: the machine
//! the file is built for and its description), section headers (`-h`,
//! followed by the machine's name), symbol table
//! (`-t`), relocation records (`-r`), section contents (`-s`) — and
//! disassembles code (`-d`, `-D`) bundle by bundle.
//!
//! # Disassembly that re-assembles
//!
//! The `-d` output is `las` source: every objdump-style decoration is a
//! comment (`#` to end of line, or a leading `/* address: word */`), so
//! assembling the listing again gives the same section bytes. One line per
//! syllable, in memory order (ISA-ST200 §2.1); the extension syllable of
//! a long immediate (§2.4) is a comment-only line (`# imml` / `# immr`), its
//! constant being printed on the owner; `\t;;` ends each bundle. `las`
//! places the extension where it was (it keeps a legal written order, and
//! picks `imml`/`immr` by the owner's word-address parity, as the original
//! did).
//!
//! Operands are printed as [`isa::encoding::format_operand`] does, except:
//!
//! * an operand patched by a relocation (§6.2) is printed symbolically,
//!   `sym+addend` wrapped in its operator (`@gprel(...)`, `@gotoff(...)`,
//!   …; §7.5). A relocation against a section symbol is printed against a
//!   named symbol at the target when there is one, else against a local
//!   label `.Lod<section index>_<hex offset>` that the listing defines in
//!   the target section when that section is part of the listing, else
//!   against the nearest preceding named symbol of the target section,
//!   else as `SECTION+offset` (not assemblable: use `-D`, which lists
//!   every allocated section);
//! * a branch target without relocation is `.+N` / `.-N` (bytes from the
//!   bundle) followed by a comment `# <sym+0xoff>` naming the target;
//! * a long immediate whose constant fits in 9 signed bits (linked code)
//!   is `@long(VALUE)` so that `las` keeps the long form.
//!
//! Words that cannot be disassembled faithfully — illegal encodings,
//! orphan extensions, a bundle without a stop bit before the section end,
//! a bundle that breaks a lane rule (§2.3) or whose operation would not
//! re-encode to the same bits, and the words of `STT_OBJECT` symbols inside
//! code — are printed as `.word 0x........` with the reason in a comment.
//!
//! Not round-trippable (documented limits): relocations whose field is not
//! the operand they patch (they are printed as comments only); a `LO9`-type
//! relocation on a short immediate (`las` emits the long form for every
//! relocated immediate); section-relative references into sections that are
//! not listed and have no symbol (printed `SECTION+offset`); a code section
//! whose address is 4 modulo 8 (lanes depend on address parity); field bits
//! under a relocation when they are not zero (RELA objects keep the value in
//! the addend); a `23_PCREL` relocation whose target lies in the same
//! section (`las` resolves such a branch itself, without relocation); the
//! `GOTOFF_TPREL` pair, printed `@gotofftprel(...)`, an operator §7.5 does
//! not define; data relocations other than `R_ST200_32` and the `@`-operator
//! ones (printed as the raw word plus a comment). Section names, flags and
//! alignment are kept through `.section`/`.align`, symbol bindings, types
//! and sizes through `.globl`/`.weak`/`.type`/`.size`.
//!
//! Errors (not ELF, not ELF32, wrong machine, truncated or inconsistent
//! headers, contents outside the file) are returned as [`DumpError`]; no
//! input makes this module panic: every access to the file is a checked
//! slice.

use goblin::container::{Container, Ctx, Endian};
use goblin::elf::{ProgramHeader, RelocSection, SectionHeader, Sym};
use isa::bundle::{check_placed, BundleRules, Slot, SlotNeeds};
use isa::elf::{reloc_type, RelocField, EM_ST200, RELOC_OPERATORS};
use isa::encoding::{
    self, bundle_len, decode_bundle, format_constant, format_operand, format_with, imm_fits_short,
    DecodedOp, Extension, STOP_BIT,
};
use isa::{Core, OperandKind};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

// ELF constants used here (System V gABI).
const SHT_NULL: u32 = 0;
const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
const SHT_RELA: u32 = 4;
const SHT_NOBITS: u32 = 8;
const SHT_REL: u32 = 9;
const SHT_DYNSYM: u32 = 11;
const SHT_GROUP: u32 = 17;
const SHT_SYMTAB_SHNDX: u32 = 18;
const SHF_WRITE: u64 = 1;
const SHF_ALLOC: u64 = 2;
const SHF_EXECINSTR: u64 = 4;
const SHF_MERGE: u64 = 0x10;
const SHF_STRINGS: u64 = 0x20;
const SHF_TLS: u64 = 0x400;
const SHN_UNDEF: usize = 0;
const SHN_ABS: usize = 0xfff1;
const SHN_COMMON: usize = 0xfff2;
const SHN_XINDEX: usize = 0xffff;
const STB_LOCAL: u8 = 0;
const STB_GLOBAL: u8 = 1;
const STB_WEAK: u8 = 2;
const STT_OBJECT: u8 = 1;
const STT_FUNC: u8 = 2;
const STT_SECTION: u8 = 3;
const STT_FILE: u8 = 4;
const STT_TLS: u8 = 6;
const STV_HIDDEN: u8 = 2;
const STV_PROTECTED: u8 = 3;
const STV_INTERNAL: u8 = 1;
const ET_REL: u16 = 1;
const ET_EXEC: u16 = 2;
const ET_DYN: u16 = 3;
const PT_LOAD: u32 = 1;
const EHDR_SIZE: usize = 52;
const SHDR_SIZE: usize = 40;
const PHDR_SIZE: usize = 32;
const SYM_SIZE: usize = 16;
const RELA_SIZE: usize = 12;
const REL_SIZE: usize = 8;

/// What to print (GNU objdump switches). Output comes in objdump's order:
/// `-f`, `-p`, `-h`, `-t`, `-r` (only without disassembly: with `-d` the
/// relocations are printed inline), `-s`, `-d`/`-D`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// `-f`: file header summary.
    pub file_header: bool,
    /// `-h`: section headers, and the machine the file is built for
    /// (from its `.note.st200.machine`, `isa::note`).
    pub section_headers: bool,
    /// `-p`: private headers: the machine the file is built for and its
    /// recorded description.
    pub private_headers: bool,
    /// `-t`: symbol table.
    pub syms: bool,
    /// `-r`: relocation records (inline comments when disassembling).
    pub relocs: bool,
    /// `-s`: full contents of every section.
    pub full_contents: bool,
    /// `-d`: disassemble the `SHF_EXECINSTR` sections.
    pub disassemble: bool,
    /// `-D`: disassemble every allocated section (data as `.word`/`.byte`).
    pub disassemble_all: bool,
    /// `--mcpu`: core used to decode; default from `e_flags`, else ST231.
    pub core: Option<Core>,
    /// `--machine FILE`: machine description whose core decodes (unless
    /// `core` is given), whose bundle rules and lanes check bundles, and
    /// whose custom operations (ISA-ST200 §4.10) are printed by name
    /// (`NAME $rD = $rA, $rB`) instead of `asm_N`; default the built-in
    /// machine of the core.
    pub model: Option<isa::model::ProcessorModel>,
    /// `-l`: with a disassembly, a `# FILE:LINE` comment before each bundle
    /// that starts a new source line (from `.debug_line`).
    pub line_numbers: bool,
    /// `-S`: with a disassembly, the source lines the bundles come from,
    /// as comments (implies the disassembly).
    pub source: bool,
    /// `--disassemble=SYM`: disassemble only the code of symbol SYM (from
    /// its value over its size, or to the next symbol of its section).
    pub disassemble_symbol: Option<String>,
}

impl Options {
    /// Whether anything is to be printed at all.
    pub fn any(&self) -> bool {
        self.file_header
            || self.section_headers
            || self.private_headers
            || self.syms
            || self.relocs
            || self.full_contents
            || self.disassemble
            || self.disassemble_all
            || self.source
            || self.disassemble_symbol.is_some()
    }
}

/// Why a file cannot be dumped. The message completes
/// `st-objdump: FILE: <message>`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DumpError {
    /// No ELF magic number.
    #[error("file format not recognized (not an ELF file)")]
    NotElf,
    /// ELF64 or an unknown class.
    #[error("not a 32-bit ELF file (EI_CLASS is {0}, expected 1 = ELFCLASS32)")]
    NotElf32(u8),
    /// Unknown data encoding.
    #[error("unknown ELF data encoding {0} (expected 1 = little-endian or 2 = big-endian)")]
    BadEncoding(u8),
    /// `e_machine` is not `EM_ST200`.
    #[error("wrong machine: e_machine is {0}, expected 100 (EM_ST200)")]
    WrongMachine(u16),
    /// The file ends before a structure it declares.
    #[error("file truncated: {0}")]
    Truncated(String),
    /// A header or table is inconsistent.
    #[error("corrupt file: {0}")]
    Corrupt(String),
    /// `--disassemble=SYM` names no symbol of a code section.
    #[error("no function or label named `{0}` in a code section (--disassemble={0})")]
    NoSymbol(String),
}

fn corrupt(msg: impl Into<String>) -> DumpError {
    DumpError::Corrupt(msg.into())
}

/// One section, with its contents (empty for `SHT_NOBITS`).
#[derive(Debug, Clone)]
pub struct Section<'a> {
    /// Index in the section header table.
    pub index: usize,
    /// Name from the section-header string table.
    pub name: String,
    /// `sh_type`.
    pub sh_type: u32,
    /// `sh_flags`.
    pub flags: u64,
    /// `sh_addr` (VMA).
    pub addr: u64,
    /// `sh_offset` (file offset).
    pub offset: u64,
    /// `sh_size` in bytes.
    pub size: u64,
    /// `sh_link`.
    pub link: u32,
    /// `sh_info`.
    pub info: u32,
    /// `sh_addralign` in bytes.
    pub align: u64,
    /// `sh_entsize`.
    pub entsize: u64,
    /// Contents (checked to lie inside the file).
    pub data: &'a [u8],
}

impl Section<'_> {
    fn is_code(&self) -> bool {
        self.flags & SHF_EXECINSTR != 0 && self.sh_type != SHT_NOBITS
    }
}

/// One symbol of `.symtab` (section symbols are named after their section).
#[derive(Debug, Clone)]
pub struct Symbol {
    /// Name.
    pub name: String,
    /// `st_value`: section offset (relocatable) or address (executable).
    pub value: u64,
    /// `st_size` in bytes.
    pub size: u64,
    /// `STB_*`.
    pub bind: u8,
    /// `STT_*`.
    pub typ: u8,
    /// `st_other` (visibility in the low 2 bits).
    pub other: u8,
    /// `st_shndx`.
    pub shndx: usize,
}

/// One relocation entry (REL entries get addend 0).
#[derive(Debug, Clone, Copy)]
pub struct Reloc {
    /// `r_offset`: section offset (relocatable) or address.
    pub offset: u64,
    /// `R_ST200_*` number.
    pub r_type: u32,
    /// Symbol index in `.symtab` (0 = none).
    pub sym: usize,
    /// Addend in bytes.
    pub addend: i64,
}

/// A relocation section and the section it patches.
#[derive(Debug, Clone)]
pub struct RelocSet {
    /// Index of the `SHT_RELA`/`SHT_REL` section.
    pub section: usize,
    /// Index of the patched section (`sh_info`).
    pub target: usize,
    /// Entries in file order.
    pub relocs: Vec<Reloc>,
}

/// A parsed ST200 ELF32 file.
#[derive(Debug, Clone)]
pub struct ElfFile<'a> {
    /// The whole file.
    pub bytes: &'a [u8],
    /// Little-endian data encoding.
    pub little_endian: bool,
    /// `e_type` (1 REL, 2 EXEC, 3 DYN).
    pub e_type: u16,
    /// `e_flags`.
    pub e_flags: u32,
    /// `e_entry`.
    pub entry: u64,
    /// Sections in header-table order (index 0 is the null section).
    pub sections: Vec<Section<'a>>,
    /// `.symtab` entries (index 0 is the null symbol), empty without one.
    pub symbols: Vec<Symbol>,
    /// Relocation sections.
    pub relocs: Vec<RelocSet>,
    /// Program headers.
    pub segments: Vec<ProgramHeader>,
}

fn range_in(len: usize, offset: u64, size: u64) -> Option<std::ops::Range<usize>> {
    let start = usize::try_from(offset).ok()?;
    let end = start.checked_add(usize::try_from(size).ok()?)?;
    (end <= len).then_some(start..end)
}

fn table_range(
    len: usize,
    offset: u64,
    count: u64,
    entsize: usize,
    what: &str,
) -> Result<usize, DumpError> {
    let size = count
        .checked_mul(entsize as u64)
        .ok_or_else(|| corrupt(format!("{what}: {count} entries overflow")))?;
    match range_in(len, offset, size) {
        Some(r) => Ok(r.start),
        None => Err(DumpError::Truncated(format!(
            "{what} ({count} x {entsize} bytes at offset 0x{offset:x}) runs past the end of the file ({len} bytes)"
        ))),
    }
}

fn c_string(table: &[u8], offset: usize) -> Option<String> {
    let rest = table.get(offset..)?;
    let end = rest.iter().position(|&b| b == 0)?;
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

/// Parses an ST200 ELF32 file, checking every offset and size against the
/// file length.
pub fn parse(bytes: &[u8]) -> Result<ElfFile<'_>, DumpError> {
    if bytes.get(..4) != Some(b"\x7fELF".as_slice()) {
        return Err(DumpError::NotElf);
    }
    let class = bytes.get(4).copied().unwrap_or(0);
    let data = bytes.get(5).copied().unwrap_or(0);
    if bytes.len() < EHDR_SIZE {
        if bytes.len() > 4 && class != 1 {
            return Err(DumpError::NotElf32(class));
        }
        return Err(DumpError::Truncated(format!(
            "the ELF header needs {EHDR_SIZE} bytes, the file has {}",
            bytes.len()
        )));
    }
    if class != 1 {
        return Err(DumpError::NotElf32(class));
    }
    let little_endian = match data {
        1 => true,
        2 => false,
        d => return Err(DumpError::BadEncoding(d)),
    };
    let header =
        goblin::elf::Elf::parse_header(bytes).map_err(|e| corrupt(format!("ELF header: {e}")))?;
    if header.e_machine != EM_ST200 {
        return Err(DumpError::WrongMachine(header.e_machine));
    }
    let ctx = Ctx::new(
        Container::Little,
        if little_endian {
            Endian::Little
        } else {
            Endian::Big
        },
    );

    // Section headers (count in section 0's sh_size when e_shnum is 0).
    let mut headers: Vec<SectionHeader> = Vec::new();
    if header.e_shoff != 0 {
        if header.e_shentsize as usize != SHDR_SIZE {
            return Err(corrupt(format!(
                "e_shentsize is {}, expected {SHDR_SIZE} for ELF32",
                header.e_shentsize
            )));
        }
        let first = table_range(
            bytes.len(),
            header.e_shoff,
            1,
            SHDR_SIZE,
            "section header table",
        )?;
        let sh0 = SectionHeader::parse(bytes, first, 1, ctx)
            .map_err(|e| corrupt(format!("section header 0: {e}")))?;
        let count = if header.e_shnum == 0 {
            sh0.first().map_or(0, |s| s.sh_size)
        } else {
            u64::from(header.e_shnum)
        };
        let start = table_range(
            bytes.len(),
            header.e_shoff,
            count,
            SHDR_SIZE,
            "section header table",
        )?;
        if count > 0 {
            headers = SectionHeader::parse(bytes, start, count as usize, ctx)
                .map_err(|e| corrupt(format!("section headers: {e}")))?;
        }
    }
    let mut shstrndx = header.e_shstrndx as usize;
    if shstrndx == SHN_XINDEX {
        shstrndx = headers.first().map_or(0, |s| s.sh_link as usize);
    }
    let section_data = |i: usize, sh: &SectionHeader| -> Result<&[u8], DumpError> {
        if sh.sh_type == SHT_NOBITS || sh.sh_type == SHT_NULL {
            return Ok(&[]);
        }
        range_in(bytes.len(), sh.sh_offset, sh.sh_size).map(|r| &bytes[r]).ok_or_else(|| {
            corrupt(format!(
                "section {i}: contents (offset 0x{:x}, size 0x{:x}) lie outside the file ({} bytes)",
                sh.sh_offset,
                sh.sh_size,
                bytes.len()
            ))
        })
    };
    let shstrtab: &[u8] = match headers.get(shstrndx) {
        Some(sh) if shstrndx != 0 => section_data(shstrndx, sh)?,
        _ if headers.len() > 1 && shstrndx != 0 => {
            return Err(corrupt(format!(
                "e_shstrndx {shstrndx} is not a section (there are {})",
                headers.len()
            )))
        }
        _ => &[],
    };
    let mut sections = Vec::with_capacity(headers.len());
    for (index, sh) in headers.iter().enumerate() {
        let name = if index == 0 || shstrtab.is_empty() {
            String::new()
        } else {
            c_string(shstrtab, sh.sh_name).ok_or_else(|| {
                corrupt(format!(
                    "section {index}: name offset {} is outside .shstrtab",
                    sh.sh_name
                ))
            })?
        };
        sections.push(Section {
            index,
            name,
            sh_type: sh.sh_type,
            flags: sh.sh_flags,
            addr: sh.sh_addr,
            offset: sh.sh_offset,
            size: sh.sh_size,
            link: sh.sh_link,
            info: sh.sh_info,
            align: sh.sh_addralign,
            entsize: sh.sh_entsize,
            data: section_data(index, sh)?,
        });
    }

    // Symbol table.
    let mut symbols = Vec::new();
    let mut symtab_index = None;
    if let Some(st) = sections.iter().find(|s| s.sh_type == SHT_SYMTAB) {
        symtab_index = Some(st.index);
        if st.entsize != 0 && st.entsize as usize != SYM_SIZE {
            return Err(corrupt(format!(
                "{}: entry size {} (expected {SYM_SIZE})",
                st.name, st.entsize
            )));
        }
        let strtab = match sections.get(st.link as usize) {
            Some(s) if s.sh_type == SHT_STRTAB => s.data,
            _ => {
                return Err(corrupt(format!(
                    "{}: sh_link {} is not a string table",
                    st.name, st.link
                )))
            }
        };
        let count = st.data.len() / SYM_SIZE;
        let raw =
            Sym::parse(st.data, 0, count, ctx).map_err(|e| corrupt(format!("{}: {e}", st.name)))?;
        for (i, s) in raw.iter().enumerate() {
            let typ = s.st_type();
            let mut name = c_string(strtab, s.st_name).ok_or_else(|| {
                corrupt(format!(
                    "symbol {i}: name offset {} is outside the string table",
                    s.st_name
                ))
            })?;
            if typ == STT_SECTION && name.is_empty() {
                name = sections
                    .get(s.st_shndx)
                    .map(|x| x.name.clone())
                    .unwrap_or_default();
            }
            symbols.push(Symbol {
                name,
                value: s.st_value,
                size: s.st_size,
                bind: s.st_bind(),
                typ,
                other: s.st_other,
                shndx: s.st_shndx,
            });
        }
    }

    // Relocation sections.
    let mut relocs = Vec::new();
    for s in &sections {
        let (is_rela, entsize) = match s.sh_type {
            SHT_RELA => (true, RELA_SIZE),
            SHT_REL => (false, REL_SIZE),
            _ => continue,
        };
        if s.entsize != 0 && s.entsize as usize != entsize {
            return Err(corrupt(format!(
                "{}: entry size {} (expected {entsize})",
                s.name, s.entsize
            )));
        }
        let target = s.info as usize;
        if target == 0 || target >= sections.len() {
            return Err(corrupt(format!(
                "{}: sh_info {} is not a section",
                s.name, s.info
            )));
        }
        if Some(s.link as usize) != symtab_index && s.link != 0 {
            let linked = sections.get(s.link as usize).map(|x| x.sh_type);
            if linked != Some(SHT_DYNSYM) {
                return Err(corrupt(format!(
                    "{}: sh_link {} is not the symbol table",
                    s.name, s.link
                )));
            }
        }
        let usable = s.data.len() - s.data.len() % entsize;
        let set = RelocSection::parse(s.data, 0, usable, is_rela, ctx)
            .map_err(|e| corrupt(format!("{}: {e}", s.name)))?;
        let mut entries = Vec::with_capacity(set.len());
        for (k, r) in set.iter().enumerate() {
            if r.r_sym >= symbols.len().max(1) {
                return Err(corrupt(format!(
                    "{}: entry {k} refers to symbol {}, but the symbol table has {}",
                    s.name,
                    r.r_sym,
                    symbols.len()
                )));
            }
            entries.push(Reloc {
                offset: r.r_offset,
                r_type: r.r_type,
                sym: r.r_sym,
                addend: r.r_addend.unwrap_or(0),
            });
        }
        relocs.push(RelocSet {
            section: s.index,
            target,
            relocs: entries,
        });
    }

    // Program headers.
    let mut segments = Vec::new();
    if header.e_phoff != 0 && header.e_phnum != 0 {
        if header.e_phentsize as usize != PHDR_SIZE {
            return Err(corrupt(format!(
                "e_phentsize is {}, expected {PHDR_SIZE} for ELF32",
                header.e_phentsize
            )));
        }
        let start = table_range(
            bytes.len(),
            header.e_phoff,
            u64::from(header.e_phnum),
            PHDR_SIZE,
            "program header table",
        )?;
        segments = ProgramHeader::parse(bytes, start, header.e_phnum as usize, ctx)
            .map_err(|e| corrupt(format!("program headers: {e}")))?;
    }

    Ok(ElfFile {
        bytes,
        little_endian,
        e_type: header.e_type,
        e_flags: header.e_flags,
        entry: header.e_entry,
        sections,
        symbols,
        relocs,
        segments,
    })
}

impl ElfFile<'_> {
    /// The core to decode with: `--mcpu`, else `e_flags`, else ST231.
    pub fn core(&self, over: Option<Core>) -> Core {
        over.or_else(|| isa::elf::core_of_flags(self.e_flags))
            .unwrap_or(Core::St231)
    }

    /// The machine to decode and check bundles with: `--machine` (its core
    /// replaced by `--mcpu` when given), else the built-in machine named by
    /// `--mcpu`, else the machine the file records in its
    /// `.note.st200.machine`, else the built-in machine of
    /// [`ElfFile::core`].
    pub fn model(&self, opts: &Options) -> isa::model::ProcessorModel {
        match &opts.model {
            Some(m) => {
                let mut m = m.clone();
                if let Some(c) = opts.core {
                    m.core = c;
                }
                m
            }
            // `-mcpu=`: that built-in machine.
            None if opts.core.is_some() => {
                isa::model::ProcessorModel::builtin(self.core(opts.core))
            }
            // The machine the file records (.note.st200.machine), else
            // the built-in machine of its core.
            None => isa::note::MachineNote::from_elf(self.bytes)
                .ok()
                .flatten()
                .and_then(|n| n.model().ok())
                .unwrap_or_else(|| isa::model::ProcessorModel::builtin(self.core(None))),
        }
    }

    fn is_relocatable(&self) -> bool {
        self.e_type == ET_REL
    }

    /// Offset inside section `sec` of a symbol value or relocation offset.
    fn to_offset(&self, sec: &Section, value: u64) -> Option<u64> {
        let off = if self.is_relocatable() {
            value
        } else {
            value.checked_sub(sec.addr)?
        };
        (off <= sec.size).then_some(off)
    }

    fn word(&self, data: &[u8], index: usize) -> Option<u32> {
        let b: [u8; 4] = data
            .get(index.checked_mul(4)?..index * 4 + 4)?
            .try_into()
            .ok()?;
        Some(if self.little_endian {
            u32::from_le_bytes(b)
        } else {
            u32::from_be_bytes(b)
        })
    }

    fn section_name(&self, shndx: usize) -> String {
        match shndx {
            SHN_UNDEF => "*UND*".into(),
            SHN_ABS => "*ABS*".into(),
            SHN_COMMON => "*COM*".into(),
            i => self
                .sections
                .get(i)
                .map_or_else(|| "*UNKNOWN*".into(), |s| s.name.clone()),
        }
    }

    /// Symbols that label places: named, neither section nor file symbols.
    fn is_label(s: &Symbol) -> bool {
        !s.name.is_empty() && s.typ != STT_SECTION && s.typ != STT_FILE
    }

    fn listed_sections(&self) -> impl Iterator<Item = &Section<'_>> {
        self.sections.iter().filter(|s| {
            !matches!(
                s.sh_type,
                SHT_NULL
                    | SHT_SYMTAB
                    | SHT_STRTAB
                    | SHT_RELA
                    | SHT_REL
                    | SHT_GROUP
                    | SHT_SYMTAB_SHNDX
            )
        })
    }
}

/// Dumps `bytes` (the contents of `file_name`) as `opts` asks.
pub fn dump(file_name: &str, bytes: &[u8], opts: &Options) -> Result<String, DumpError> {
    let elf = parse(bytes)?;
    let mut out = String::new();
    let disasm = opts.disassemble
        || opts.disassemble_all
        || opts.source
        || opts.disassemble_symbol.is_some();
    // With a disassembly the whole listing stays assemblable: every other
    // line is a comment.
    let mut text = String::new();
    let _ = writeln!(text, "\n{file_name}:     file format elf32-st200\n");
    if opts.file_header {
        file_header(&elf, opts, &mut text);
    }
    if opts.private_headers {
        machine(bytes, true, &mut text);
    }
    if opts.section_headers {
        section_headers(&elf, &mut text);
        machine(bytes, false, &mut text);
    }
    if opts.syms {
        symbol_table(&elf, &mut text);
    }
    if opts.relocs && !disasm {
        reloc_records(&elf, &mut text);
    }
    if opts.full_contents {
        full_contents(&elf, &mut text);
    }
    if disasm {
        let lines: Vec<&str> = text.lines().collect();
        let first = lines
            .iter()
            .position(|l| !l.is_empty())
            .unwrap_or(lines.len());
        let last = lines
            .iter()
            .rposition(|l| !l.is_empty())
            .map_or(first, |p| p + 1);
        for l in &lines[first..last.max(first)] {
            if l.is_empty() {
                out.push_str("#\n");
            } else {
                let _ = writeln!(out, "# {l}");
            }
        }
        let mut d = Disassembler::new(&elf, opts);
        if let Some(name) = &opts.disassemble_symbol {
            d.only = Some(d.symbol_range(name)?);
        }
        if opts.line_numbers || opts.source {
            d.lines = Some(Lines {
                rows: crate::linetable::rows(&elf),
                numbers: opts.line_numbers,
                source: opts.source,
                files: std::cell::RefCell::new(HashMap::new()),
                last: std::cell::RefCell::new(None),
            });
        }
        d.run(&mut out);
    } else {
        out.push_str(&text);
    }
    Ok(out)
}

fn file_header(elf: &ElfFile, opts: &Options, out: &mut String) {
    let mut flags = 0u32;
    let mut names = Vec::new();
    if elf.relocs.iter().any(|r| !r.relocs.is_empty()) {
        flags |= 0x01;
        names.push("HAS_RELOC");
    }
    if elf.e_type == ET_EXEC {
        flags |= 0x02;
        names.push("EXEC_P");
    }
    if elf.symbols.len() > 1 {
        flags |= 0x10;
        names.push("HAS_SYMS");
    }
    if elf.e_type == ET_DYN {
        flags |= 0x40;
        names.push("DYNAMIC");
    }
    if !elf.segments.is_empty() {
        flags |= 0x100;
        names.push("D_PAGED");
    }
    let _ = writeln!(
        out,
        "architecture: {}, flags 0x{flags:08x}:",
        elf.core(opts.core)
    );
    let _ = writeln!(out, "{}", names.join(", "));
    let _ = writeln!(out, "start address 0x{:08x}\n", elf.entry);
}

/// The machine recorded in the file's `.note.st200.machine`: one line
/// (`-h`), or with its description (`-p`). Files without the note (older
/// or hand-made) say so; a note that cannot be read is reported in place
/// of the machine, the rest of the dump goes on.
fn machine(bytes: &[u8], description: bool, out: &mut String) {
    let section = isa::elf::MACHINE_NOTE_SECTION;
    match isa::note::MachineNote::from_elf(bytes) {
        Ok(Some(note)) => {
            let _ = writeln!(
                out,
                "Machine: {} (with its description, in {section})",
                note.name
            );
            if description {
                let _ = writeln!(out, "Machine description:");
                for l in note.toml.lines() {
                    if l.is_empty() {
                        out.push('\n');
                    } else {
                        let _ = writeln!(out, "  {l}");
                    }
                }
            }
        }
        Ok(None) => {
            let _ = writeln!(out, "Machine: not recorded (no {section})");
        }
        Err(e) => {
            let _ = writeln!(out, "Machine: unreadable ({e})");
        }
    }
    out.push('\n');
}

fn log2_align(a: u64) -> u32 {
    if a <= 1 {
        0
    } else {
        63 - a.leading_zeros()
    }
}

fn section_headers(elf: &ElfFile, out: &mut String) {
    let _ = writeln!(out, "Sections:");
    let _ = writeln!(
        out,
        "Idx Name          Size      VMA       LMA       File off  Algn"
    );
    for (idx, s) in elf.listed_sections().enumerate() {
        // LMA from the PT_LOAD segment holding the section.
        let lma = elf
            .segments
            .iter()
            .find(|p| {
                p.p_type == PT_LOAD
                    && s.addr >= p.p_vaddr
                    && s.addr < p.p_vaddr.saturating_add(p.p_memsz)
            })
            .map_or(s.addr, |p| p.p_paddr.wrapping_add(s.addr - p.p_vaddr));
        let _ = writeln!(
            out,
            "{idx:3} {:<13} {:08x}  {:08x}  {:08x}  {:08x}  2**{}",
            s.name,
            s.size,
            s.addr,
            lma,
            s.offset,
            log2_align(s.align)
        );
        let mut f = Vec::new();
        if s.sh_type != SHT_NOBITS {
            f.push("CONTENTS");
        }
        if s.flags & SHF_ALLOC != 0 {
            f.push("ALLOC");
            if s.sh_type != SHT_NOBITS {
                f.push("LOAD");
            }
        }
        if elf
            .relocs
            .iter()
            .any(|r| r.target == s.index && !r.relocs.is_empty())
        {
            f.push("RELOC");
        }
        if s.flags & SHF_WRITE == 0 {
            f.push("READONLY");
        }
        if s.flags & SHF_EXECINSTR != 0 {
            f.push("CODE");
        } else if s.flags & SHF_ALLOC != 0 && s.sh_type != SHT_NOBITS {
            f.push("DATA");
        }
        if s.name.starts_with(".debug") {
            f.push("DEBUGGING");
        }
        if s.flags & SHF_TLS != 0 {
            f.push("THREAD_LOCAL");
        }
        let _ = writeln!(out, "                  {}", f.join(", "));
    }
}

fn symbol_table(elf: &ElfFile, out: &mut String) {
    let _ = writeln!(out, "SYMBOL TABLE:");
    if elf.symbols.len() <= 1 {
        let _ = writeln!(out, "no symbols");
    }
    for s in elf.symbols.iter().skip(1) {
        let bind = match s.bind {
            STB_LOCAL => 'l',
            STB_GLOBAL if s.shndx != SHN_UNDEF => 'g',
            10 => 'u',
            _ => ' ',
        };
        let weak = if s.bind == STB_WEAK { 'w' } else { ' ' };
        let debug = if s.typ == STT_SECTION || s.typ == STT_FILE {
            'd'
        } else {
            ' '
        };
        let typ = match s.typ {
            STT_FUNC => 'F',
            STT_FILE => 'f',
            STT_OBJECT => 'O',
            _ => ' ',
        };
        let sec = elf.section_name(s.shndx);
        let vis = match s.other & 3 {
            STV_INTERNAL => " .internal",
            STV_HIDDEN => " .hidden",
            STV_PROTECTED => " .protected",
            _ => "",
        };
        let _ = writeln!(
            out,
            "{:08x} {bind}{weak}   {debug}{typ} {sec}\t{:08x}{vis} {}",
            s.value, s.size, s.name
        );
    }
    out.push('\n');
}

fn reloc_name(r_type: u32) -> String {
    reloc_type(r_type).map_or_else(|| format!("*unknown* ({r_type})"), |t| t.name.to_string())
}

/// `sym+0x10` / `sym-0x4` as objdump prints a relocation's value; `pad`
/// gives the 8-digit form of the `-r` table.
fn reloc_value(elf: &ElfFile, r: &Reloc, pad: bool) -> String {
    let name = elf
        .symbols
        .get(r.sym)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let (sign, mag) = if r.addend < 0 {
        ('-', r.addend.unsigned_abs())
    } else {
        ('+', r.addend as u64)
    };
    match (name.is_empty(), r.addend) {
        (false, 0) => name,
        (true, _) if pad => format!("0x{:08x}", r.addend as u32),
        (true, _) => format!("0x{:x}", r.addend as u32),
        (false, _) if pad => format!("{name}{sign}0x{mag:08x}"),
        (false, _) => format!("{name}{sign}0x{mag:x}"),
    }
}

fn reloc_records(elf: &ElfFile, out: &mut String) {
    for set in &elf.relocs {
        let name = elf.sections.get(set.target).map_or("", |s| s.name.as_str());
        let _ = writeln!(out, "RELOCATION RECORDS FOR [{name}]:");
        let _ = writeln!(out, "OFFSET   TYPE              VALUE");
        for r in &set.relocs {
            let _ = writeln!(
                out,
                "{:08x} {:<17} {}",
                r.offset,
                reloc_name(r.r_type),
                reloc_value(elf, r, true)
            );
        }
        out.push('\n');
    }
}

fn full_contents(elf: &ElfFile, out: &mut String) {
    for s in elf.listed_sections() {
        if s.sh_type == SHT_NOBITS || s.data.is_empty() {
            continue;
        }
        let _ = writeln!(out, "Contents of section {}:", s.name);
        let end = s.addr.saturating_add(s.size);
        let width = format!("{end:x}").len().max(4);
        for (k, chunk) in s.data.chunks(16).enumerate() {
            let addr = s.addr.wrapping_add(16 * k as u64);
            let _ = write!(out, " {addr:0width$x} ");
            for g in 0..4 {
                for b in 0..4 {
                    match chunk.get(4 * g + b) {
                        Some(x) => {
                            let _ = write!(out, "{x:02x}");
                        }
                        None => out.push_str("  "),
                    }
                }
                out.push(' ');
            }
            out.push(' ');
            for &c in chunk {
                out.push(if (0x20..0x7f).contains(&c) {
                    c as char
                } else {
                    '.'
                });
            }
            out.push('\n');
        }
    }
}

// ---------------------------------------------------------------------------
// Disassembly.

/// One item of a code section's listing.
#[derive(Debug, Clone)]
enum Item {
    /// A bundle that re-assembles: first word index, its operations.
    Bundle {
        start: usize,
        len: usize,
        ops: Vec<DecodedOp>,
    },
    /// A word printed as `.word`, with the reason and (if any) a decoding.
    Word { index: usize, reason: String },
}

impl Item {
    fn start(&self) -> usize {
        match self {
            Item::Bundle { start, .. } => *start,
            Item::Word { index, .. } => *index,
        }
    }
    fn len(&self) -> usize {
        match self {
            Item::Bundle { len, .. } => *len,
            Item::Word { .. } => 1,
        }
    }
}

/// How a relocation's target is spelled in the listing.
#[derive(Debug, Clone)]
struct Target {
    name: String,
    delta: i64,
    /// Whether `las` can resolve `name`.
    assemblable: bool,
}

fn expr(name: &str, delta: i64) -> String {
    let mag = delta.unsigned_abs();
    let num = if mag < 4096 {
        mag.to_string()
    } else {
        format!("0x{mag:x}")
    };
    match (name.is_empty(), delta) {
        (true, _) => format_constant(delta),
        (false, 0) => name.to_string(),
        (false, d) if d < 0 => format!("{name}-{num}"),
        (false, _) => format!("{name}+{num}"),
    }
}

/// The assembler operator of a HI23/LO9 relocation (`None` for plain
/// `R_ST200_HI23`/`LO9`).
fn imm_operator(r_type: u32) -> Option<String> {
    if r_type == 5 || r_type == 6 {
        return None;
    }
    if let Some(op) = RELOC_OPERATORS
        .iter()
        .find(|o| o.imm_pair.is_some_and(|(h, l)| h == r_type || l == r_type))
    {
        return Some(op.name.to_string());
    }
    // No operator in ISA-ST200 §7.5 (GOTOFF_TPREL): spell the type's middle.
    let name = reloc_type(r_type)?.name;
    let mid = name.strip_prefix("R_ST200_")?;
    let mid = mid
        .strip_suffix("_HI23")
        .or_else(|| mid.strip_suffix("_LO9"))?;
    Some(mid.to_ascii_lowercase().replace('_', ""))
}

fn data_operator(r_type: u32) -> Option<Option<&'static str>> {
    if r_type == 2 {
        return Some(None);
    }
    RELOC_OPERATORS
        .iter()
        .find(|o| o.data32 == Some(r_type))
        .map(|o| Some(o.name))
}

/// Comment on an operand naming a place that has no label in the listing.
const NO_LABEL: &str = "no label at this place: list its section with -D";

struct Disassembler<'e, 'a> {
    elf: &'e ElfFile<'a>,
    core: Core,
    /// Names of the machine's custom operations by `asm_N` slot.
    custom: Vec<(u32, String)>,
    /// The machine whose bundle rules and lanes the bundles must obey.
    model: isa::model::ProcessorModel,
    rules: BundleRules,
    show_relocs: bool,
    /// Sections listed, in order.
    listed: Vec<usize>,
    /// Items of each listed code section.
    items: HashMap<usize, Vec<Item>>,
    /// Labels to define: (section, offset) → names, in definition order.
    labels: BTreeMap<(usize, u64), Vec<String>>,
    /// Synthesized labels for section-relative targets: (section, anchor offset).
    synth: BTreeMap<(usize, u64), String>,
    /// Relocations by patched section.
    relocs_of: HashMap<usize, BTreeMap<u64, Vec<Reloc>>>,
    /// Named symbols of each section as (offset, not local, symbol index), sorted.
    by_section: HashMap<usize, Vec<(u64, bool, usize)>>,
    /// Names the listing defines as labels.
    defined: HashSet<String>,
    /// `--disassemble=SYM`: the section and offsets `[from, to)` listed.
    only: Option<(usize, u64, u64)>,
    /// `-l`, `-S`: the line table and how to show it.
    lines: Option<Lines>,
}

/// The source positions shown by `-l` and `-S`.
struct Lines {
    /// Address → position (`crate::linetable::rows`).
    rows: BTreeMap<u64, crate::linetable::SourceLine>,
    /// `-l`: `# FILE:LINE`.
    numbers: bool,
    /// `-S`: the source text.
    source: bool,
    /// Source files read so far (None: unreadable).
    files: std::cell::RefCell<HashMap<std::path::PathBuf, Option<Vec<String>>>>,
    /// The position last shown.
    last: std::cell::RefCell<Option<crate::linetable::SourceLine>>,
}

impl Lines {
    /// Comment lines for the bundle at `addr` of `len` bytes, when a row
    /// of the line table inside it starts a new source line.
    fn show(&self, addr: u64, len: u64, out: &mut String) {
        let Some((_, pos)) = self.rows.range(addr..addr + len.max(1)).next() else {
            return;
        };
        if self.last.borrow().as_ref() == Some(pos) {
            return;
        }
        *self.last.borrow_mut() = Some(pos.clone());
        if self.numbers {
            let _ = writeln!(out, "# {}:{}", pos.file.display(), pos.line);
        }
        if self.source {
            let mut files = self.files.borrow_mut();
            let text = files.entry(pos.file.clone()).or_insert_with(|| {
                std::fs::read_to_string(&pos.file)
                    .ok()
                    .map(|s| s.lines().map(str::to_string).collect())
            });
            match text
                .as_ref()
                .and_then(|l| l.get(pos.line.saturating_sub(1) as usize))
            {
                Some(line) => {
                    let _ = writeln!(out, "#\t{line}");
                }
                None if !self.numbers => {
                    let _ = writeln!(
                        out,
                        "# {}:{} (source not found)",
                        pos.file.display(),
                        pos.line
                    );
                }
                None => {}
            }
        }
    }
}

impl<'e, 'a> Disassembler<'e, 'a> {
    fn new(elf: &'e ElfFile<'a>, opts: &Options) -> Self {
        let model = elf.model(opts);
        let core = model.core;
        let rules = BundleRules::new(&model);
        let listed: Vec<usize> = elf
            .sections
            .iter()
            .filter(|s| {
                if opts.disassemble_all {
                    s.flags & SHF_ALLOC != 0
                } else {
                    s.is_code()
                }
            })
            .map(|s| s.index)
            .collect();
        let mut relocs_of: HashMap<usize, BTreeMap<u64, Vec<Reloc>>> = HashMap::new();
        for set in &elf.relocs {
            let Some(sec) = elf.sections.get(set.target) else {
                continue;
            };
            let map = relocs_of.entry(set.target).or_default();
            for r in &set.relocs {
                if let Some(off) = elf.to_offset(sec, r.offset) {
                    map.entry(off).or_default().push(*r);
                }
            }
        }
        let mut by_section: HashMap<usize, Vec<(u64, bool, usize)>> = HashMap::new();
        for (k, s) in elf.symbols.iter().enumerate() {
            if !ElfFile::is_label(s) {
                continue;
            }
            let Some(sec) = elf.sections.get(s.shndx) else {
                continue;
            };
            if let Some(off) = elf.to_offset(sec, s.value) {
                by_section
                    .entry(s.shndx)
                    .or_default()
                    .push((off, s.bind != STB_LOCAL, k));
            }
        }
        for v in by_section.values_mut() {
            v.sort_unstable();
        }
        let mut d = Disassembler {
            defined: HashSet::new(),
            by_section,
            elf,
            core,
            custom: model
                .custom
                .iter()
                .map(|c| (c.slot, c.name.clone()))
                .collect(),
            model,
            rules,
            show_relocs: opts.relocs,
            listed,
            items: HashMap::new(),
            labels: BTreeMap::new(),
            synth: BTreeMap::new(),
            relocs_of,
            only: None,
            lines: None,
        };
        // Named labels, unique names only (a repeated local name becomes a comment).
        let mut seen = HashSet::new();
        for s in &elf.symbols {
            if !ElfFile::is_label(s) || !d.listed.contains(&s.shndx) {
                continue;
            }
            let Some(sec) = elf.sections.get(s.shndx) else {
                continue;
            };
            let Some(off) = elf.to_offset(sec, s.value) else {
                continue;
            };
            let name = if seen.insert(s.name.clone()) {
                s.name.clone()
            } else {
                format!("#{}", s.name)
            };
            d.labels.entry((s.shndx, off)).or_default().push(name);
        }
        for &i in &d.listed {
            if let Some(sec) = elf.sections.get(i) {
                if sec.is_code() {
                    let items = d.split_items(sec);
                    d.items.insert(i, items);
                }
            }
        }
        // Labels for section-relative relocation targets.
        let mut wanted = Vec::new();
        for set in &elf.relocs {
            if !d.listed.contains(&set.target) {
                continue;
            }
            for r in &set.relocs {
                let Some(sym) = elf.symbols.get(r.sym) else {
                    continue;
                };
                if sym.typ != STT_SECTION || !d.listed.contains(&sym.shndx) || r.addend < 0 {
                    continue;
                }
                let off = r.addend as u64;
                if d.named_at(sym.shndx, off).is_some() {
                    continue;
                }
                let Some(sec) = elf.sections.get(sym.shndx) else {
                    continue;
                };
                if off > sec.size {
                    continue;
                }
                let anchor = match d.items.get(&sym.shndx) {
                    Some(items) => items
                        .iter()
                        .find(|it| {
                            (it.start() as u64 * 4..(it.start() + it.len()) as u64 * 4)
                                .contains(&off)
                        })
                        .map_or(off, |it| it.start() as u64 * 4),
                    None => off,
                };
                wanted.push((sym.shndx, anchor));
            }
        }
        for (sec, anchor) in wanted {
            d.synth
                .entry((sec, anchor))
                .or_insert_with(|| format!(".Lod{sec}_{anchor:x}"));
        }
        // Labels inside a bundle or word of code are only comments.
        let mut defined = HashSet::new();
        for (&(sec, off), names) in &d.labels {
            let inside = d.items.get(&sec).is_some_and(|items| {
                let w = (off / 4) as usize;
                off & 3 != 0
                    || items
                        .iter()
                        .any(|it| it.start() < w && w < it.start() + it.len())
            });
            if !inside {
                defined.extend(names.iter().filter(|n| !n.starts_with('#')).cloned());
            }
        }
        d.defined = defined;
        d
    }

    /// A named label at `(section, offset)`, preferring local symbols.
    fn named_at(&self, section: usize, off: u64) -> Option<String> {
        let list = self.by_section.get(&section)?;
        let i = list.partition_point(|e| e.0 < off);
        list.get(i)
            .filter(|e| e.0 == off)
            .and_then(|e| self.elf.symbols.get(e.2))
            .map(|s| s.name.clone())
    }

    /// The nearest named symbol at or before `off` in `section`, and its offset.
    fn named_before(&self, section: usize, off: u64) -> Option<(String, u64)> {
        let list = self.by_section.get(&section)?;
        let end = list.partition_point(|e| e.0 <= off);
        let at = list.get(end.checked_sub(1)?)?.0;
        let i = list.partition_point(|e| e.0 < at);
        list.get(i)
            .and_then(|e| self.elf.symbols.get(e.2))
            .map(|s| (s.name.clone(), at))
    }

    /// How to spell the place `off` bytes into `section`.
    fn target(&self, section: usize, off: i64) -> Target {
        let sec_name = self
            .elf
            .sections
            .get(section)
            .map_or(String::new(), |s| s.name.clone());
        if off >= 0 {
            let o = off as u64;
            if let Some(name) = self.named_at(section, o) {
                return Target {
                    name,
                    delta: 0,
                    assemblable: true,
                };
            }
            if let Some((&(_, anchor), name)) =
                self.synth.range((section, 0)..=(section, o)).next_back()
            {
                return Target {
                    name: name.clone(),
                    delta: (o - anchor) as i64,
                    assemblable: true,
                };
            }
            if let Some((name, at)) = self.named_before(section, o) {
                return Target {
                    name,
                    delta: (o - at) as i64,
                    assemblable: true,
                };
            }
        }
        Target {
            name: sec_name,
            delta: off,
            assemblable: false,
        }
    }

    /// The symbolic operand of a relocation (without operator).
    fn reloc_target(&self, r: &Reloc) -> Target {
        match self.elf.symbols.get(r.sym) {
            Some(s) if r.sym != 0 && s.typ == STT_SECTION => {
                let base = self
                    .elf
                    .sections
                    .get(s.shndx)
                    .and_then(|sec| self.elf.to_offset(sec, s.value))
                    .unwrap_or(0) as i64;
                self.target(s.shndx, base.wrapping_add(r.addend))
            }
            Some(s) if r.sym != 0 => Target {
                name: s.name.clone(),
                delta: r.addend,
                assemblable: !s.name.is_empty(),
            },
            _ => Target {
                name: String::new(),
                delta: r.addend,
                assemblable: true,
            },
        }
    }

    /// `<sym+0xoff>` for a code address in `section`.
    fn describe(&self, section: usize, off: i64) -> String {
        let sec_name = self
            .elf
            .sections
            .get(section)
            .map_or(String::new(), |s| s.name.clone());
        if off >= 0 {
            if let Some((name, at)) = self.named_before(section, off as u64) {
                let d = off as u64 - at;
                return if d == 0 {
                    format!("<{name}>")
                } else {
                    format!("<{name}+0x{d:x}>")
                };
            }
            return format!("<{sec_name}+0x{off:x}>");
        }
        format!("<{sec_name}-0x{:x}>", off.unsigned_abs())
    }

    /// Splits a code section into bundles and `.word`s.
    fn split_items(&self, sec: &Section) -> Vec<Item> {
        let words: Vec<u32> = (0..sec.data.len() / 4)
            .filter_map(|i| self.elf.word(sec.data, i))
            .collect();
        let nwords = words.len();
        // Word ranges of data objects.
        let mut data = vec![false; nwords];
        let no_symbols = Vec::new();
        let starts = self.by_section.get(&sec.index).unwrap_or(&no_symbols);
        for s in &self.elf.symbols {
            if s.typ != STT_OBJECT || s.shndx != sec.index {
                continue;
            }
            let Some(off) = self.elf.to_offset(sec, s.value) else {
                continue;
            };
            let end = if s.size > 0 {
                off.saturating_add(s.size)
            } else {
                starts
                    .iter()
                    .map(|e| e.0)
                    .find(|&x| x > off)
                    .unwrap_or(sec.size)
            };
            let (a, b) = (
                (off / 4) as usize,
                end.div_ceil(4).min(nwords as u64) as usize,
            );
            for w in data.iter_mut().take(b).skip(a) {
                *w = true;
            }
        }
        let mut items = Vec::new();
        let mut i = 0;
        while i < nwords {
            if data[i] {
                items.push(Item::Word {
                    index: i,
                    reason: "data".into(),
                });
                i += 1;
                continue;
            }
            let base = sec.addr.wrapping_add(i as u64 * 4);
            let reason = match bundle_len(&words[i..]) {
                None => Err("no stop bit before the end of the section".to_string()),
                Some(len) if data[i..i + len].iter().any(|&d| d) => {
                    Err("bundle runs into data".to_string())
                }
                Some(len) => match decode_bundle(&words[i..i + len], self.core) {
                    Err(e) => Err(e.to_string()),
                    Ok(mut ops) => {
                        self.unalias_relocated(sec, i, &words[i..i + len], &mut ops);
                        self.check_bundle(sec, i, &words[i..i + len], &ops, base)
                            .map(|()| (len, ops))
                    }
                },
            };
            match reason {
                Ok((len, ops)) => {
                    items.push(Item::Bundle { start: i, len, ops });
                    i += len;
                }
                Err(reason) => {
                    items.push(Item::Word { index: i, reason });
                    i += 1;
                }
            }
        }
        items
    }

    /// An alias such as `idle` (= `goto .+0`) fixes a field that a
    /// relocation may patch; such operations are shown unaliased so the
    /// relocation has an operand to print.
    fn unalias_relocated(&self, sec: &Section, start: usize, words: &[u32], ops: &mut [DecodedOp]) {
        for o in ops.iter_mut() {
            let off = (start + o.index) as u64 * 4;
            let ext_off = o.ext_index.map(|e| (start + e) as u64 * 4);
            let (imm_rel, bt_rel) = self.operand_relocs(sec.index, off, ext_off);
            let info = o.op.info();
            let lost = (imm_rel.is_some() && info.imm_operand().is_none())
                || (bt_rel.is_some() && info.btarg_operand().is_none());
            if lost {
                if let Some(op) = isa::encoding::decode_unaliased(words[o.index], self.core) {
                    o.op = op;
                }
            }
        }
    }

    /// Checks that a decoded bundle obeys the lane rules and re-encodes to
    /// the same bits (outside relocated fields), so `las` reproduces it.
    fn check_bundle(
        &self,
        sec: &Section,
        start: usize,
        words: &[u32],
        ops: &[DecodedOp],
        base: u64,
    ) -> Result<(), String> {
        let needs: Vec<SlotNeeds> = ops
            .iter()
            .map(|o| SlotNeeds::of(&o.op, &self.model))
            .collect();
        let mut slots = vec![Slot::Nop; words.len()];
        for (k, o) in ops.iter().enumerate() {
            if let Some(slot) = slots.get_mut(o.index) {
                *slot = Slot::Op(k);
            }
            if let Some(e) = o.ext_index {
                if let Some(slot) = slots.get_mut(e) {
                    *slot = if e > o.index {
                        Slot::Imml(k)
                    } else {
                        Slot::Immr(k)
                    };
                }
            }
        }
        let lane = ((base >> 2) % u64::from(self.rules.lane_count.max(1))) as u32;
        check_placed(&needs, &slots, lane, &self.rules)
            .map_err(|e| format!("bundle breaks a rule: {e}"))?;
        for o in ops {
            let off = (start + o.index) as u64 * 4;
            let ext_off = o.ext_index.map(|e| (start + e) as u64 * 4);
            let (imm_rel, bt_rel) = self.operand_relocs(sec.index, off, ext_off);
            let enc = encoding::encode(&o.op).map_err(|e| format!("does not re-encode: {e}"))?;
            let info = o.op.info();
            let mut mask = !STOP_BIT;
            if imm_rel.is_some() {
                if let Some(i) = info.imm_operand() {
                    mask &= !info.syntax.operands[i].field.mask();
                }
            }
            if bt_rel.is_some() {
                mask &= !0x7F_FFFF;
            }
            let w = words[o.index];
            if (w ^ enc.word) & mask != 0 {
                return Err(format!("0x{w:08x} does not re-encode (0x{:08x})", enc.word));
            }
            match (o.ext_index, enc.ext) {
                (Some(e), Some(x)) => {
                    let ew = words[e];
                    let kind = if e > o.index {
                        Extension::Imml
                    } else {
                        Extension::Immr
                    };
                    let m = if imm_rel.is_some() {
                        !STOP_BIT & !0x7F_FFFF
                    } else {
                        !STOP_BIT
                    };
                    if (ew ^ kind.encode(x)) & m != 0 {
                        return Err(format!("extension 0x{ew:08x} does not re-encode"));
                    }
                }
                (Some(_), None) => {} // short constant in long form: printed as @long(...)
                (None, Some(_)) => {
                    if imm_rel.is_none() {
                        return Err("constant needs an extension".into());
                    }
                }
                (None, None) => {}
            }
        }
        Ok(())
    }

    /// Relocations patching the immediate (LO9 on the owner or HI23 on its
    /// extension) and the branch target (23_PCREL on the owner).
    fn operand_relocs(
        &self,
        section: usize,
        off: u64,
        ext_off: Option<u64>,
    ) -> (Option<Reloc>, Option<Reloc>) {
        let Some(map) = self.relocs_of.get(&section) else {
            return (None, None);
        };
        let field = |r: &Reloc| reloc_type(r.r_type).map(|t| t.field);
        let at = |o: u64| map.get(&o).map(|v| v.as_slice()).unwrap_or(&[]);
        let lo = at(off)
            .iter()
            .find(|r| field(r) == Some(RelocField::Lo9))
            .copied();
        let hi = ext_off.and_then(|e| {
            at(e)
                .iter()
                .find(|r| field(r) == Some(RelocField::Hi23))
                .copied()
        });
        let bt = at(off)
            .iter()
            .find(|r| field(r) == Some(RelocField::BTarg23))
            .copied();
        (lo.or(hi), bt)
    }

    /// `--disassemble=SYM`: the section of the named symbol and the
    /// offsets it covers (its size, else up to the next symbol of the
    /// section, else the section's end).
    fn symbol_range(&self, name: &str) -> Result<(usize, u64, u64), DumpError> {
        let s = self
            .elf
            .symbols
            .iter()
            .find(|s| s.name == name && self.items.contains_key(&s.shndx))
            .ok_or_else(|| DumpError::NoSymbol(name.to_string()))?;
        let sec = &self.elf.sections[s.shndx];
        let from = self.elf.to_offset(sec, s.value).unwrap_or(0);
        let to = if s.size > 0 {
            from + s.size
        } else {
            self.by_section
                .get(&s.shndx)
                .and_then(|v| v.iter().map(|e| e.0).find(|&o| o > from))
                .unwrap_or(sec.data.len() as u64)
        };
        Ok((s.shndx, from, to))
    }

    fn run(&self, out: &mut String) {
        for &i in &self.listed {
            let Some(sec) = self.elf.sections.get(i) else {
                continue;
            };
            if self.only.is_some_and(|(s, _, _)| s != i) {
                continue;
            }
            let _ = writeln!(out, "#\n# Disassembly of section {}:", sec.name);
            let mut flags = String::new();
            for (bit, c) in [
                (SHF_ALLOC, 'a'),
                (SHF_WRITE, 'w'),
                (SHF_EXECINSTR, 'x'),
                (SHF_MERGE, 'M'),
                (SHF_STRINGS, 'S'),
                (SHF_TLS, 'T'),
            ] {
                if sec.flags & bit != 0 {
                    flags.push(c);
                }
            }
            let ty = match sec.sh_type {
                SHT_NOBITS => "@nobits",
                _ => "@progbits",
            };
            let _ = writeln!(out, "\t.section {},\"{flags}\",{ty}", sec.name);
            if sec.align > 1 {
                let _ = writeln!(out, "\t.align {}", sec.align);
            }
            let mut done = HashSet::new();
            for s in &self.elf.symbols {
                if !ElfFile::is_label(s)
                    || s.shndx != i
                    || !self.defined.contains(&s.name)
                    || !done.insert(&s.name)
                {
                    continue;
                }
                if let Some((_, from, to)) = self.only {
                    let off = self.elf.to_offset(sec, s.value).unwrap_or(u64::MAX);
                    if off < from || off >= to {
                        continue;
                    }
                }
                if s.bind != STB_LOCAL {
                    let dir = if s.bind == STB_WEAK {
                        ".weak"
                    } else {
                        ".globl"
                    };
                    let _ = writeln!(out, "\t{dir} {}", s.name);
                }
                let ty = match s.typ {
                    STT_FUNC => "@function",
                    STT_OBJECT => "@object",
                    STT_TLS => "@tls_object",
                    _ => "",
                };
                if !ty.is_empty() {
                    let _ = writeln!(out, "\t.type {}, {ty}", s.name);
                }
                if s.size > 0 {
                    let _ = writeln!(out, "\t.size {}, {}", s.name, s.size);
                }
            }
            match self.items.get(&i) {
                Some(items) => self.code(sec, items, out),
                None => self.data(sec, out),
            }
        }
    }

    fn label_lines(&self, sec: &Section, off: u64, out: &mut String) {
        let addr = sec.addr.wrapping_add(off);
        if let Some(names) = self.labels.get(&(sec.index, off)) {
            for n in names {
                match n.strip_prefix('#') {
                    Some(dup) => {
                        let _ =
                            writeln!(out, "# {dup}:\t# {addr:08x} <{dup}> (name defined earlier)");
                    }
                    None => {
                        let _ = writeln!(out, "{n}:\t# {addr:08x} <{n}>");
                    }
                }
            }
        }
        if let Some(n) = self.synth.get(&(sec.index, off)) {
            let _ = writeln!(out, "{n}:\t# {addr:08x}");
        }
    }

    /// Labels strictly inside `(from, to)`: they cannot be defined there.
    fn inner_labels(&self, sec: &Section, from: u64, to: u64, out: &mut String) {
        for ((_, off), names) in self.labels.range((sec.index, from + 1)..(sec.index, to)) {
            for n in names {
                let n = n.trim_start_matches('#');
                let _ = writeln!(
                    out,
                    "# {n} = 0x{:08x} (inside a bundle or word)",
                    sec.addr.wrapping_add(*off)
                );
            }
        }
    }

    fn prefix(sec: &Section, off: u64, word: u32) -> String {
        format!("/* {:8x}: {word:08x} */\t", sec.addr.wrapping_add(off))
    }

    /// Comment lines for the relocations at byte `off..off+4`: all with
    /// `-r`, else only those no operand shows.
    fn reloc_lines(&self, sec: &Section, off: u64, used: &[u64], out: &mut String) {
        let Some(map) = self.relocs_of.get(&sec.index) else {
            return;
        };
        for (&o, rs) in map.range(off..off + 4) {
            for r in rs {
                let shown = used.contains(&o)
                    && reloc_type(r.r_type).is_some_and(|t| t.field != RelocField::None);
                if self.show_relocs {
                    let _ = writeln!(
                        out,
                        "#\t\t\t{:x}: {}\t{}",
                        r.offset,
                        reloc_name(r.r_type),
                        reloc_value(self.elf, r, false)
                    );
                } else if !shown {
                    let _ = writeln!(
                        out,
                        "#\t\t\t{:x}: {}\t{}\t(not expressed by the operands)",
                        r.offset,
                        reloc_name(r.r_type),
                        reloc_value(self.elf, r, false)
                    );
                }
            }
        }
    }

    fn code(&self, sec: &Section, items: &[Item], out: &mut String) {
        for item in items {
            let start = item.start() as u64 * 4;
            if let Some((_, from, to)) = self.only {
                if start < from || start >= to {
                    continue;
                }
            }
            if let Some(lines) = &self.lines {
                lines.show(sec.addr.wrapping_add(start), item.len() as u64 * 4, out);
            }
            self.label_lines(sec, start, out);
            self.inner_labels(sec, start, start + item.len() as u64 * 4, out);
            match item {
                Item::Word { index, reason } => {
                    let w = self.elf.word(sec.data, *index).unwrap_or(0);
                    let what = if reason == "data" {
                        "data".to_string()
                    } else {
                        format!("illegal: {reason}")
                    };
                    let (text, used) = if reason == "data" {
                        self.data_word(sec, start, w)
                    } else {
                        (format!(".word 0x{w:08x}"), Vec::new())
                    };
                    let _ = writeln!(out, "{}{text}\t# {what}", Self::prefix(sec, start, w));
                    self.reloc_lines(sec, start, &used, out);
                }
                Item::Bundle {
                    start: first,
                    len,
                    ops,
                } => self.bundle(sec, *first, *len, ops, out),
            }
        }
        if self.only.is_some() {
            return;
        }
        let tail = sec.data.len() / 4 * 4;
        for (k, b) in sec.data.get(tail..).unwrap_or(&[]).iter().enumerate() {
            let off = (tail + k) as u64;
            self.label_lines(sec, off, out);
            let _ = writeln!(
                out,
                "/* {:8x}: {b:02x} */\t.byte 0x{b:02x}",
                sec.addr.wrapping_add(off)
            );
        }
        self.label_lines(sec, sec.data.len() as u64, out);
    }

    fn bundle(&self, sec: &Section, first: usize, len: usize, ops: &[DecodedOp], out: &mut String) {
        let base_off = first as u64 * 4;
        for k in 0..len {
            let off = (first + k) as u64 * 4;
            let w = self.elf.word(sec.data, first + k).unwrap_or(0);
            let mut used = Vec::new();
            let text = if let Some(o) = ops.iter().find(|o| o.ext_index == Some(k)) {
                let kind = if k > o.index { "imml" } else { "immr" };
                let (imm, _) =
                    self.operand_relocs(sec.index, (first + o.index) as u64 * 4, Some(off));
                if let Some(r) = imm {
                    used.push(r.offset);
                    used.push(off);
                }
                format!("# {kind}")
            } else if let Some(o) = ops.iter().find(|o| o.index == k) {
                let ext_off = o.ext_index.map(|e| (first + e) as u64 * 4);
                let (imm, bt) = self.operand_relocs(sec.index, off, ext_off);
                let mut comment = None;
                let text = format_with(&o.op, |_, spec, v| match spec.kind {
                    OperandKind::Imm => match imm {
                        Some(r) => {
                            used.push(off);
                            let (e, ok) = self.symbolic(&r, imm_operator(r.r_type));
                            if !ok {
                                comment = Some(NO_LABEL.to_string());
                            }
                            e
                        }
                        None if o.op.long_imm && imm_fits_short(v) => {
                            format!("@long({})", format_constant(v))
                        }
                        None => format_constant(v),
                    },
                    OperandKind::BTarg => match bt {
                        Some(r) => {
                            used.push(off);
                            let (e, ok) = self.symbolic(&r, None);
                            if !ok {
                                comment = Some(NO_LABEL.to_string());
                            }
                            e
                        }
                        None => {
                            comment = Some(self.describe(sec.index, base_off as i64 + v * 4));
                            format_operand(spec, v)
                        }
                    },
                    _ => format_operand(spec, v),
                });
                let text = self.custom_name(&o.op, text);
                match comment {
                    Some(c) => format!("{text}\t# {c}"),
                    None => text,
                }
            } else {
                format!("# ?? 0x{w:08x}")
            };
            let _ = writeln!(out, "{}{text}", Self::prefix(sec, off, w));
            self.reloc_lines(sec, off, &used, out);
        }
        out.push_str("\t;;\n");
    }

    /// `text` of operation `op` with the name the machine gives a custom
    /// operation `asm_N` in place of its mnemonic.
    fn custom_name(&self, op: &isa::encoding::Operation, text: String) -> String {
        let info = op.opcode.info();
        let name = info
            .custom_slot()
            .and_then(|n| self.custom.iter().find(|c| c.0 == n));
        match name {
            Some((_, name)) if text.starts_with(info.mnemonic) => {
                format!("{name}{}", &text[info.mnemonic.len()..])
            }
            _ => text,
        }
    }

    /// The operand text of a relocation and whether `las` can resolve it.
    fn symbolic(&self, r: &Reloc, operator: Option<String>) -> (String, bool) {
        let t = self.reloc_target(r);
        let e = expr(&t.name, t.delta);
        let e = match operator {
            Some(op) => format!("@{op}({e})"),
            None => e,
        };
        (e, t.assemblable)
    }

    /// A data word at `off`: `.word` of its value, or of the symbolic
    /// value of a 32-bit data relocation there; and the offsets it expresses.
    fn data_word(&self, sec: &Section, off: u64, w: u32) -> (String, Vec<u64>) {
        let rel = self
            .relocs_of
            .get(&sec.index)
            .and_then(|m| m.get(&off))
            .and_then(|v| v.first());
        match rel.and_then(|r| data_operator(r.r_type).map(|op| (r, op))) {
            Some((r, op)) => {
                let t = self.reloc_target(r);
                let e = expr(&t.name, t.delta);
                let e = match op {
                    Some(op) => format!("@{op}({e})"),
                    None => e,
                };
                let note = if t.assemblable {
                    ""
                } else {
                    "\t# no label at this place"
                };
                (format!(".word {e}{note}"), vec![off])
            }
            None => (format!(".word 0x{w:08x}"), Vec::new()),
        }
    }

    fn data(&self, sec: &Section, out: &mut String) {
        if sec.sh_type == SHT_NOBITS {
            let mut last = 0u64;
            let mut points: Vec<u64> = self
                .labels
                .range((sec.index, 0)..(sec.index + 1, 0))
                .map(|(&(_, o), _)| o)
                .collect();
            points.extend(
                self.synth
                    .range((sec.index, 0)..(sec.index + 1, 0))
                    .map(|(&(_, o), _)| o),
            );
            points.sort_unstable();
            points.dedup();
            for p in points {
                if p > last {
                    let _ = writeln!(out, "\t.skip {}", p - last);
                    last = p;
                }
                self.label_lines(sec, p, out);
            }
            if sec.size > last {
                let _ = writeln!(out, "\t.skip {}", sec.size - last);
            }
            return;
        }
        let empty = BTreeMap::new();
        let relocs = self.relocs_of.get(&sec.index).unwrap_or(&empty);
        let has_label = |o: u64| {
            self.labels.contains_key(&(sec.index, o)) || self.synth.contains_key(&(sec.index, o))
        };
        let len = sec.data.len() as u64;
        let mut off = 0u64;
        while off < len {
            self.label_lines(sec, off, out);
            let addr = sec.addr.wrapping_add(off);
            let word_ok = off & 3 == 0
                && off + 4 <= len
                && !(1..4).any(|k| has_label(off + k) || relocs.contains_key(&(off + k)));
            if word_ok {
                let w = self.elf.word(sec.data, (off / 4) as usize).unwrap_or(0);
                let (text, used) = self.data_word(sec, off, w);
                let _ = writeln!(out, "/* {addr:8x}: {w:08x} */\t{text}");
                self.reloc_lines(sec, off, &used, out);
                off += 4;
            } else {
                let b = sec.data.get(off as usize).copied().unwrap_or(0);
                let _ = writeln!(out, "/* {addr:8x}: {b:02x} */\t.byte 0x{b:02x}");
                if relocs.contains_key(&off) {
                    self.reloc_lines(sec, off, &[], out);
                }
                off += 1;
            }
        }
        self.label_lines(sec, len, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions() {
        assert_eq!(expr("x", 0), "x");
        assert_eq!(expr("x", 16), "x+16");
        assert_eq!(expr("x", -4), "x-4");
        assert_eq!(expr("x", 0x10000), "x+0x10000");
        assert_eq!(imm_operator(5), None);
        assert_eq!(imm_operator(8).as_deref(), Some("gprel"));
        assert_eq!(imm_operator(19).as_deref(), Some("fptr"));
        assert_eq!(imm_operator(30).as_deref(), Some("gotofftprel"));
    }
}
