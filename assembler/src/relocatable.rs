//! The in-memory relocatable object that `las` builds and [`crate::elf`]
//! writes as ELF32 (ISA-ST200 §6.1): sections with contents and RELA
//! relocations (§6.2), a symbol table, and the debug information (line rows
//! and functions) that [`crate::dwarf`] turns into DWARF.
//!
//! (Named `relocatable` rather than `object` so that it does not shadow the
//! `object` crate, which [`crate::elf`] uses to write the file.)

use isa::Core;

/// Typed index into [`ObjectFile::sections`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SectionId(pub usize);

/// Typed index into [`ObjectFile::symbols`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SymbolId(pub usize);

/// One output section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Name, e.g. `.text`.
    pub name: String,
    /// ELF `sh_type` (`SHT_PROGBITS` = 1, `SHT_NOBITS` = 8, …).
    pub sh_type: u32,
    /// ELF `sh_flags` (`SHF_WRITE` 1, `SHF_ALLOC` 2, `SHF_EXECINSTR` 4, …).
    pub flags: u64,
    /// Alignment in bytes (a power of two, at least 1).
    pub align: u64,
    /// Contents (empty for `SHT_NOBITS`).
    pub data: Vec<u8>,
    /// Size in bytes: `data.len()` except for `SHT_NOBITS`.
    pub size: u64,
    /// RELA relocations against this section, in offset order.
    pub relocs: Vec<Reloc>,
}

/// What a relocation refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelocTarget {
    /// A symbol of the symbol table.
    Symbol(SymbolId),
    /// The section symbol of a section (used for local labels, as GNU as does).
    Section(SectionId),
}

/// One RELA relocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reloc {
    /// Byte offset of the patched syllable or data word in the section.
    pub offset: u64,
    /// `R_ST200_*` number (isa::elf::RELOCS).
    pub r_type: u32,
    /// Symbol or section referred to.
    pub target: RelocTarget,
    /// Addend in bytes.
    pub addend: i64,
}

/// Where a symbol is defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolPlace {
    /// Not defined here.
    Undefined,
    /// An absolute value (`.set`/`.equ`).
    Absolute,
    /// A common symbol (`.comm`) with its alignment in bytes.
    Common {
        /// Alignment in bytes.
        align: u64,
    },
    /// Defined in a section at `Symbol::value` bytes from its start.
    Section(SectionId),
}

/// Symbol binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Binding {
    /// `STB_LOCAL`.
    Local,
    /// `STB_GLOBAL`.
    Global,
    /// `STB_WEAK`.
    Weak,
}

/// Symbol type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    /// `STT_NOTYPE`.
    NoType,
    /// `STT_FUNC`.
    Function,
    /// `STT_OBJECT`.
    Object,
    /// `STT_TLS`.
    Tls,
}

/// One symbol (section and file symbols are made by the writer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// Name.
    pub name: String,
    /// Definition place.
    pub place: SymbolPlace,
    /// Value: offset in the section, the absolute value, or the size of a common.
    pub value: u64,
    /// Size in bytes (`.size`), 0 if unknown.
    pub size: u64,
    /// Binding.
    pub binding: Binding,
    /// Type.
    pub kind: SymbolKind,
}

/// One row of the line table: the code at `offset` in `section` comes from
/// `file:line:column`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineRow {
    /// Code section.
    pub section: SectionId,
    /// Byte offset of the syllable in the section.
    pub offset: u64,
    /// Index into [`DebugInfo::files`] (1-based, as in `.file N`).
    pub file: u32,
    /// Line, 1-based.
    pub line: u32,
    /// Column, 1-based, 0 if unknown.
    pub column: u32,
}

/// A function for `.debug_info` (from `.proc`/`.endp` or `.type @function` + `.size`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    /// Name.
    pub name: String,
    /// Section holding the code.
    pub section: SectionId,
    /// Start offset in bytes.
    pub low: u64,
    /// End offset in bytes (exclusive).
    pub high: u64,
    /// Whether the symbol is global.
    pub external: bool,
}

/// Debug information to emit as `.debug_line`, `.debug_info`,
/// `.debug_abbrev` (and whatever else the DWARF writer needs).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DebugInfo {
    /// Compilation directory (`DW_AT_comp_dir`).
    pub comp_dir: String,
    /// Primary source file name (`DW_AT_name`).
    pub name: String,
    /// Producer string (`DW_AT_producer`).
    pub producer: String,
    /// Files by `.file` number; index 0 is unused (an empty string).
    pub files: Vec<String>,
    /// Line rows, in any order (the writer sorts by section and offset).
    pub rows: Vec<LineRow>,
    /// Functions.
    pub functions: Vec<Function>,
}

/// A whole relocatable object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectFile {
    /// Core, written in `e_flags` (isa::elf::e_flags).
    pub core: Core,
    /// Sections, in output order.
    pub sections: Vec<Section>,
    /// Symbols (locals and globals in any order; the writer orders them).
    pub symbols: Vec<Symbol>,
    /// Source file name for the `STT_FILE` symbol, if any.
    pub file_name: Option<String>,
    /// Debug information, if any is to be emitted.
    pub debug: Option<DebugInfo>,
}
