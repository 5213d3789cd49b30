//! Writes an [`ObjectFile`] as an ELF32 little-endian relocatable object
//! for the ST200 (ISA-ST200 §6.1: `EM_ST200` = 100, `EI_OSABI` 0,
//! `e_flags` with the embedded ABI and the core; §6.2: RELA relocations
//! only).
//!
//! Layout of the file, in section-index order:
//!
//! | index | section |
//! |---|---|
//! | 0 | null |
//! | 1… | each section of [`ObjectFile::sections`], each followed by its `.rela<name>` when it has relocations |
//! | … | the DWARF sections built by [`crate::dwarf`] when [`ObjectFile::debug`] is set, each followed by its `.rela<name>` |
//! | … | `.symtab`, `.strtab`, `.shstrtab` |
//!
//! Symbol table order: the null symbol; an `STT_FILE` symbol when
//! [`ObjectFile::file_name`] is set; one `STT_SECTION` symbol per section
//! (user and debug, in section order, so that [`RelocTarget::Section`] and
//! DWARF relocations have a symbol); the local symbols; then the global and
//! weak symbols (`.symtab`'s `sh_info` is the index of the first of them).

use object::elf;
use object::write::elf::{FileHeader, Rel, SectionHeader, SectionIndex, Sym, Writer};
use object::write::StringId;
use object::Endianness;

use crate::dwarf::{self, DebugRelocTarget, DwarfError};
use crate::relocatable::{
    Binding, ObjectFile, RelocTarget, SectionId, SymbolId, SymbolKind, SymbolPlace,
};

/// Why an [`ObjectFile`] could not be written as ELF.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// A relocation refers to a symbol index past the end of the symbol table.
    #[error(
        "relocation at {section}+{offset:#x} refers to symbol #{symbol}, which does not exist"
    )]
    NoSuchSymbol {
        /// Section holding the relocation.
        section: String,
        /// Offset of the relocation in bytes.
        offset: u64,
        /// The missing [`SymbolId`] index.
        symbol: usize,
    },
    /// A relocation or symbol refers to a section index that does not exist.
    #[error("{what} refers to section #{index}, which does not exist")]
    NoSuchSection {
        /// What refers to it (a relocation or a symbol).
        what: String,
        /// The missing [`SectionId`] index.
        index: usize,
    },
    /// A relocation has an `r_type` that ISA-ST200 §6.2 does not define.
    #[error("relocation at {section}+{offset:#x} has unknown type {r_type}")]
    UnknownRelocType {
        /// Section holding the relocation.
        section: String,
        /// Offset of the relocation in bytes.
        offset: u64,
        /// The `r_type`.
        r_type: u32,
    },
    /// A relocation patches bytes outside its section, or is in an
    /// `SHT_NOBITS` section.
    #[error("relocation {name} at {section}+{offset:#x} does not fit in the section's {size} bytes of contents")]
    RelocOutOfRange {
        /// Section holding the relocation.
        section: String,
        /// Offset of the relocation in bytes.
        offset: u64,
        /// Relocation name.
        name: &'static str,
        /// Bytes of contents the section has.
        size: u64,
    },
    /// A section's alignment is not a power of two (0 is taken as 1).
    #[error("section `{section}` has alignment {align}, which is not a power of two")]
    BadAlignment {
        /// Section name.
        section: String,
        /// The alignment in bytes.
        align: u64,
    },
    /// A name contains a NUL byte and cannot go in a string table.
    #[error("name {0:?} contains a NUL byte")]
    NulInName(String),
    /// A value (symbol value or size, section size, addend) does not fit ELF32.
    #[error("{what} = {value:#x} does not fit in ELF32")]
    TooLarge {
        /// Which value.
        what: String,
        /// The value.
        value: i128,
    },
    /// The DWARF could not be built.
    #[error(transparent)]
    Dwarf(#[from] DwarfError),
    /// The `object` crate's ELF writer failed (e.g. the file exceeds 4 GiB).
    #[error("ELF writer: {0}")]
    Object(String),
}

/// One section of the output, user or debug, before layout.
struct OutSection {
    name: String,
    sh_type: u32,
    flags: u64,
    align: u64,
    data: Vec<u8>,
    size: u64,
    /// Resolved relocations: (offset, r_type, ELF symbol index, addend).
    relocs: Vec<(u64, u32, u32, i64)>,
}

fn check_name(name: &str) -> Result<(), WriteError> {
    if name.as_bytes().contains(&0) {
        Err(WriteError::NulInName(name.to_owned()))
    } else {
        Ok(())
    }
}

fn fit32(what: impl FnOnce() -> String, value: u64) -> Result<u64, WriteError> {
    if value > u64::from(u32::MAX) {
        Err(WriteError::TooLarge {
            what: what(),
            value: i128::from(value),
        })
    } else {
        Ok(value)
    }
}

fn field_bytes(field: isa::elf::RelocField) -> u64 {
    use isa::elf::RelocField as F;
    match field {
        F::None => 0,
        F::Data16 => 2,
        F::Data32 | F::BTarg23 | F::Hi23 | F::Lo9 => 4,
    }
}

/// Writes `obj` as an ELF32 little-endian `ET_REL` object for `EM_ST200`
/// (ISA-ST200 §6.1) and returns the file's bytes.
///
/// - Every section of `obj.sections` keeps its `sh_type`, flags and
///   alignment (in bytes; 0 is written as 1); `SHT_NOBITS` sections take
///   their size from [`crate::relocatable::Section::size`], others from the
///   length of their data.
/// - Each section with relocations gets an `SHT_RELA` section
///   `.rela<name>` (`sh_link` = `.symtab`, `sh_info` = the section,
///   `SHF_INFO_LINK`), entries sorted by offset (stable for equal offsets).
/// - Symbols: see the module documentation for the order. A
///   [`SymbolPlace::Common`] symbol is `SHN_COMMON` with `st_value` = its
///   alignment and `st_size` = [`crate::relocatable::Symbol::size`], or
///   [`crate::relocatable::Symbol::value`] when `size` is 0; `Absolute` is
///   `SHN_ABS`; `Undefined` is `SHN_UNDEF`. Empty names get `st_name` 0.
/// - With [`ObjectFile::debug`] set, the DWARF sections of
///   [`crate::dwarf::build_dwarf`] are appended (no `SHF_ALLOC`), each with
///   a `.rela` section of `R_ST200_32` relocations against section symbols.
///
/// # Errors
/// [`WriteError`] when a relocation names a missing symbol or section, has
/// an unknown type or patches bytes outside its section; when a symbol
/// names a missing section; when an alignment is not a power of two; when a
/// name holds a NUL byte; when a value does not fit ELF32; or when the
/// debug information is inconsistent ([`DwarfError`]). Never panics.
pub fn write_elf(obj: &ObjectFile) -> Result<Vec<u8>, WriteError> {
    // ---- Validate and resolve everything before touching the writer. ----
    if let Some(f) = &obj.file_name {
        check_name(f)?;
    }
    for s in &obj.sections {
        check_name(&s.name)?;
    }
    for s in &obj.symbols {
        check_name(&s.name)?;
    }

    let debug_sections = match &obj.debug {
        Some(d) => dwarf::build_dwarf(obj, d)?,
        None => Vec::new(),
    };

    let n_user = obj.sections.len();
    let n_out = n_user + debug_sections.len();

    // ELF symbol indices.
    let has_file = obj.file_name.is_some();
    let first_section_sym = 1 + u32::from(has_file);
    let section_sym = |i: usize| first_section_sym + i as u32;
    let locals: Vec<usize> = (0..obj.symbols.len())
        .filter(|&i| obj.symbols[i].binding == Binding::Local)
        .collect();
    let globals: Vec<usize> = (0..obj.symbols.len())
        .filter(|&i| obj.symbols[i].binding != Binding::Local)
        .collect();
    let first_local = first_section_sym + n_out as u32;
    let first_global = first_local + locals.len() as u32;
    let mut sym_index = vec![0u32; obj.symbols.len()];
    for (k, &i) in locals.iter().enumerate() {
        sym_index[i] = first_local + k as u32;
    }
    for (k, &i) in globals.iter().enumerate() {
        sym_index[i] = first_global + k as u32;
    }

    // Output sections with resolved relocations.
    let mut out: Vec<OutSection> = Vec::with_capacity(n_out);
    for s in &obj.sections {
        let align = if s.align == 0 { 1 } else { s.align };
        if !align.is_power_of_two() {
            return Err(WriteError::BadAlignment {
                section: s.name.clone(),
                align: s.align,
            });
        }
        fit32(|| format!("alignment of `{}`", s.name), align)?;
        let nobits = s.sh_type == elf::SHT_NOBITS.0;
        let size = if nobits { s.size } else { s.data.len() as u64 };
        fit32(|| format!("size of `{}`", s.name), size)?;
        let contents = if nobits { 0 } else { size };
        let mut relocs = Vec::with_capacity(s.relocs.len());
        for r in &s.relocs {
            let Some(ty) = isa::elf::reloc_type(r.r_type) else {
                return Err(WriteError::UnknownRelocType {
                    section: s.name.clone(),
                    offset: r.offset,
                    r_type: r.r_type,
                });
            };
            let width = field_bytes(ty.field);
            let fits = matches!(r.offset.checked_add(width), Some(end) if end <= contents);
            if !fits || nobits {
                return Err(WriteError::RelocOutOfRange {
                    section: s.name.clone(),
                    offset: r.offset,
                    name: ty.name,
                    size: contents,
                });
            }
            let sym = match r.target {
                RelocTarget::Symbol(SymbolId(i)) => {
                    *sym_index.get(i).ok_or_else(|| WriteError::NoSuchSymbol {
                        section: s.name.clone(),
                        offset: r.offset,
                        symbol: i,
                    })?
                }
                RelocTarget::Section(SectionId(i)) => {
                    if i >= n_user {
                        return Err(WriteError::NoSuchSection {
                            what: format!("relocation at {}+{:#x}", s.name, r.offset),
                            index: i,
                        });
                    }
                    section_sym(i)
                }
            };
            if i32::try_from(r.addend).is_err() {
                return Err(WriteError::TooLarge {
                    what: format!("addend of relocation at {}+{:#x}", s.name, r.offset),
                    value: i128::from(r.addend),
                });
            }
            relocs.push((r.offset, r.r_type, sym, r.addend));
        }
        relocs.sort_by_key(|r| r.0);
        out.push(OutSection {
            name: s.name.clone(),
            sh_type: s.sh_type,
            flags: s.flags,
            align,
            data: if nobits { Vec::new() } else { s.data.clone() },
            size,
            relocs,
        });
    }
    for d in &debug_sections {
        let mut relocs = Vec::with_capacity(d.relocs.len());
        for r in &d.relocs {
            let target = match r.target {
                DebugRelocTarget::Code(SectionId(i)) if i < n_user => i,
                DebugRelocTarget::Code(SectionId(i)) => {
                    return Err(WriteError::NoSuchSection {
                        what: format!("debug relocation at {}+{:#x}", d.name, r.offset),
                        index: i,
                    })
                }
                DebugRelocTarget::Debug(name) => {
                    match debug_sections.iter().position(|s| s.name == name) {
                        Some(k) => n_user + k,
                        None => {
                            return Err(WriteError::Object(format!(
                                "DWARF refers to missing section {name}"
                            )))
                        }
                    }
                }
            };
            relocs.push((
                r.offset,
                isa::elf::r_type::R_ST200_32,
                section_sym(target),
                r.addend,
            ));
        }
        fit32(|| format!("size of `{}`", d.name), d.data.len() as u64)?;
        out.push(OutSection {
            name: d.name.to_owned(),
            sh_type: elf::SHT_PROGBITS.0,
            flags: 0,
            align: 1,
            data: d.data.clone(),
            size: d.data.len() as u64,
            relocs,
        });
    }

    // Symbol values must fit ELF32; symbols' sections must exist.
    for s in &obj.symbols {
        if let SymbolPlace::Section(SectionId(i)) = s.place {
            if i >= n_user {
                return Err(WriteError::NoSuchSection {
                    what: format!("symbol `{}`", s.name),
                    index: i,
                });
            }
        }
        if let SymbolPlace::Common { align } = s.place {
            fit32(|| format!("alignment of common `{}`", s.name), align)?;
        }
        fit32(|| format!("value of `{}`", s.name), s.value)?;
        fit32(|| format!("size of `{}`", s.name), s.size)?;
    }

    let rela_names: Vec<String> = out.iter().map(|s| format!(".rela{}", s.name)).collect();

    // ---- Reserve (phase one). ----
    let mut buffer = Vec::new();
    let mut w = Writer::new(Endianness::Little, false, &mut buffer);
    w.reserve_file_header();

    struct Layout {
        name: StringId,
        index: SectionIndex,
        offset: u64,
        rela: Option<(StringId, SectionIndex, u64)>,
    }
    let mut layout: Vec<Layout> = Vec::with_capacity(out.len());
    for (s, rela_name) in out.iter().zip(&rela_names) {
        let name = w.add_section_name(s.name.as_bytes());
        let index = w.reserve_section_index();
        let rela = if s.relocs.is_empty() {
            None
        } else {
            let rname = w.add_section_name(rela_name.as_bytes());
            Some((rname, w.reserve_section_index(), 0))
        };
        layout.push(Layout {
            name,
            index,
            offset: 0,
            rela,
        });
    }

    let file_name_id = obj
        .file_name
        .as_ref()
        .filter(|n| !n.is_empty())
        .map(|n| w.add_string(n.as_bytes()));
    let sym_name_ids: Vec<Option<StringId>> = obj
        .symbols
        .iter()
        .map(|s| (!s.name.is_empty()).then(|| w.add_string(s.name.as_bytes())))
        .collect();

    w.reserve_null_symbol_index();
    if has_file {
        w.reserve_symbol_index(None);
    }
    for l in &layout {
        w.reserve_symbol_index(Some(l.index));
    }
    for &i in locals.iter().chain(&globals) {
        let sec = match obj.symbols[i].place {
            SymbolPlace::Section(SectionId(k)) => Some(layout[k].index),
            _ => None,
        };
        w.reserve_symbol_index(sec);
    }
    let symtab_index = w.reserve_symtab_section_index();
    let need_shndx = w.symtab_shndx_needed();
    if need_shndx {
        w.reserve_symtab_shndx_section_index();
    }
    w.reserve_strtab_section_index();
    w.reserve_shstrtab_section_index();

    for (l, s) in layout.iter_mut().zip(&out) {
        l.offset = w.reserve(s.data.len() as u64, s.align);
        if let Some(r) = &mut l.rela {
            r.2 = w.reserve_relocations(s.relocs.len(), true);
        }
    }
    w.reserve_symtab();
    w.reserve_symtab_shndx();
    w.reserve_strtab()
        .map_err(|e| WriteError::Object(e.to_string()))?;
    w.reserve_shstrtab()
        .map_err(|e| WriteError::Object(e.to_string()))?;
    w.reserve_section_headers();

    // ---- Write (phase two). ----
    w.write_file_header(&FileHeader {
        os_abi: elf::ELFOSABI_NONE,
        abi_version: 0,
        e_type: elf::ET_REL,
        e_machine: elf::Machine(isa::elf::EM_ST200),
        e_entry: 0,
        e_flags: elf::FileFlags(isa::elf::e_flags(obj.core)),
    })
    .map_err(|e| WriteError::Object(e.to_string()))?;

    for (l, s) in layout.iter().zip(&out) {
        w.write_align(s.align);
        debug_assert_eq!(w.len(), l.offset);
        w.write(&s.data);
        if !s.relocs.is_empty() {
            w.write_align_relocation();
            for &(offset, r_type, sym, addend) in &s.relocs {
                w.write_relocation(
                    true,
                    &Rel {
                        r_offset: offset,
                        r_sym: sym,
                        r_type: elf::RelocationType(r_type),
                        r_addend: addend,
                    },
                );
            }
        }
    }

    w.write_null_symbol();
    if has_file {
        w.write_symbol(&Sym {
            section: None,
            st_name: w.string_offset(file_name_id),
            st_info: elf::SymbolInfo::new(elf::STB_LOCAL, elf::STT_FILE),
            st_other: elf::SymbolOther(elf::STV_DEFAULT.0),
            st_shndx: elf::SHN_ABS,
            st_value: 0,
            st_size: 0,
        });
    }
    for l in &layout {
        w.write_symbol(&Sym {
            section: Some(l.index.0),
            st_name: 0,
            st_info: elf::SymbolInfo::new(elf::STB_LOCAL, elf::STT_SECTION),
            st_other: elf::SymbolOther(elf::STV_DEFAULT.0),
            st_shndx: elf::SHN_UNDEF,
            st_value: 0,
            st_size: 0,
        });
    }
    for &i in locals.iter().chain(&globals) {
        let s = &obj.symbols[i];
        let bind = match s.binding {
            Binding::Local => elf::STB_LOCAL,
            Binding::Global => elf::STB_GLOBAL,
            Binding::Weak => elf::STB_WEAK,
        };
        let ty = match s.kind {
            SymbolKind::NoType => elf::STT_NOTYPE,
            SymbolKind::Function => elf::STT_FUNC,
            SymbolKind::Object => elf::STT_OBJECT,
            SymbolKind::Tls => elf::STT_TLS,
        };
        let (section, st_shndx, st_value, st_size) = match s.place {
            SymbolPlace::Undefined => (None, elf::SHN_UNDEF, s.value, s.size),
            SymbolPlace::Absolute => (None, elf::SHN_ABS, s.value, s.size),
            SymbolPlace::Common { align } => (
                None,
                elf::SHN_COMMON,
                align,
                if s.size != 0 { s.size } else { s.value },
            ),
            SymbolPlace::Section(SectionId(k)) => {
                (Some(layout[k].index.0), elf::SHN_UNDEF, s.value, s.size)
            }
        };
        w.write_symbol(&Sym {
            section,
            st_name: w.string_offset(sym_name_ids[i]),
            st_info: elf::SymbolInfo::new(bind, ty),
            st_other: elf::SymbolOther(elf::STV_DEFAULT.0),
            st_shndx,
            st_value,
            st_size,
        });
    }
    w.write_symtab_shndx();
    w.write_strtab();
    w.write_shstrtab();

    w.write_null_section_header();
    for (l, s) in layout.iter().zip(&out) {
        w.write_section_header(&SectionHeader {
            sh_name: w.section_name_offset(Some(l.name)),
            sh_type: elf::SectionType(s.sh_type),
            sh_flags: elf::SectionFlags(s.flags),
            sh_addr: 0,
            sh_offset: l.offset,
            sh_size: s.size,
            sh_link: 0,
            sh_info: 0,
            sh_addralign: s.align,
            sh_entsize: 0,
        });
        if let Some((rname, _, roffset)) = l.rela {
            w.write_relocation_section_header(
                rname,
                l.index,
                symtab_index,
                roffset,
                s.relocs.len(),
                true,
            );
        }
    }
    w.write_symtab_section_header(first_global);
    w.write_symtab_shndx_section_header();
    w.write_strtab_section_header();
    w.write_shstrtab_section_header();
    drop(w);
    Ok(buffer)
}
