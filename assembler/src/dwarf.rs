//! DWARF for `las` objects: turns an [`ObjectFile`]'s [`DebugInfo`] (line
//! rows and functions) into `.debug_abbrev`, `.debug_info`, `.debug_line`
//! and, when the code spans several sections, `.debug_ranges`, each with the
//! relocations a linker needs (ISA-ST200 §6.2: every one is
//! `R_ST200_32`, S + A into a 32-bit little-endian word).
//!
//! The DWARF is version 4, 32-bit format, 4-byte addresses, and uses inline
//! strings (`DW_FORM_string`), so no `.debug_str`/`.debug_line_str` is made.
//!
//! Every relocated word also holds its addend in place: a code address holds
//! its offset in the code section, a cross-section reference its offset in
//! the target debug section. A reader that does not apply RELA relocations
//! for `EM_ST200` (llvm-dwarfdump, readelf) therefore still sees the right
//! values for sections placed at address 0.

use gimli::write::{
    Address, AttributeValue, DwarfUnit, EndianVec, LineProgram, LineString, Range, RangeList,
    Sections, Writer,
};
use gimli::{Encoding, Format, LineEncoding, LittleEndian};

use crate::relocatable::{DebugInfo, ObjectFile, SectionId};

/// Why DWARF could not be built from a [`DebugInfo`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DwarfError {
    /// A line row or function names a section that does not exist.
    #[error("debug info refers to section #{0}, but the object has no such section")]
    NoSuchSection(usize),
    /// A line row uses a file number with no (non-empty) `.file` entry.
    #[error("line row uses file number {0}, which no `.file` directive defined")]
    NoSuchFile(u32),
    /// A line row lies past the end of its section.
    #[error(
        "line row at offset {offset:#x} lies past the end of section `{section}` (size {size:#x})"
    )]
    RowOutOfRange {
        /// Section name.
        section: String,
        /// Offset of the row in bytes.
        offset: u64,
        /// Section size in bytes.
        size: u64,
    },
    /// A function's `[low, high)` range is reversed or leaves its section.
    #[error("function `{name}` has range [{low:#x}, {high:#x}) outside section `{section}` (size {size:#x})")]
    BadFunctionRange {
        /// Function name.
        name: String,
        /// Section name.
        section: String,
        /// Start offset in bytes.
        low: u64,
        /// End offset in bytes.
        high: u64,
        /// Section size in bytes.
        size: u64,
    },
    /// A string (file, directory, name, producer) contains a NUL byte.
    #[error("debug string {0:?} contains a NUL byte")]
    NulInString(String),
    /// A value does not fit the 32-bit DWARF format.
    #[error("debug info value {0:#x} does not fit in 32 bits")]
    TooLarge(u64),
    /// gimli refused to write the DWARF.
    #[error("DWARF writer: {0}")]
    Gimli(#[from] gimli::write::Error),
}

/// What a DWARF relocation refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DebugRelocTarget {
    /// The section symbol of a code section of the object (an address).
    Code(SectionId),
    /// The section symbol of another debug section, by its ELF name
    /// (e.g. `.debug_line`), for a section offset.
    Debug(&'static str),
}

/// One `R_ST200_32` relocation in a debug section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DebugReloc {
    /// Byte offset of the 32-bit word in the debug section.
    pub offset: u64,
    /// Section whose section symbol the relocation uses.
    pub target: DebugRelocTarget,
    /// Addend in bytes; the word in the section data also holds this value.
    pub addend: i64,
}

/// One generated debug section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DebugSection {
    /// ELF name, e.g. `.debug_info`.
    pub name: &'static str,
    /// Contents.
    pub data: Vec<u8>,
    /// Relocations (all `R_ST200_32`), in offset order.
    pub relocs: Vec<DebugReloc>,
}

/// A [`gimli::write::Writer`] that records every address and section offset
/// as a relocation and also writes its value in place.
#[derive(Debug, Clone)]
struct RelocWriter {
    data: EndianVec<LittleEndian>,
    relocs: Vec<DebugReloc>,
}

impl Default for RelocWriter {
    fn default() -> Self {
        RelocWriter {
            data: EndianVec::new(LittleEndian),
            relocs: Vec::new(),
        }
    }
}

fn debug_section_name(id: gimli::SectionId) -> &'static str {
    id.name()
}

impl Writer for RelocWriter {
    type Endian = LittleEndian;

    fn endian(&self) -> LittleEndian {
        LittleEndian
    }

    fn len(&self) -> usize {
        self.data.len()
    }

    fn write(&mut self, bytes: &[u8]) -> gimli::write::Result<()> {
        self.data.write(bytes)
    }

    fn write_at(&mut self, offset: usize, bytes: &[u8]) -> gimli::write::Result<()> {
        self.data.write_at(offset, bytes)
    }

    fn write_address(&mut self, address: Address, size: u8) -> gimli::write::Result<()> {
        match address {
            Address::Constant(val) => self.data.write_udata(val, size),
            Address::Symbol { symbol, addend } => {
                if size != 4 {
                    return Err(gimli::write::Error::InvalidAddress);
                }
                let value =
                    u32::try_from(addend).map_err(|_| gimli::write::Error::ValueTooLarge)?;
                self.relocs.push(DebugReloc {
                    offset: self.data.len() as u64,
                    target: DebugRelocTarget::Code(SectionId(symbol)),
                    addend,
                });
                self.data.write_udata(u64::from(value), size)
            }
        }
    }

    fn write_offset(
        &mut self,
        val: usize,
        section: gimli::SectionId,
        size: u8,
    ) -> gimli::write::Result<()> {
        let offset = self.data.len();
        self.write_offset_at_impl(offset, val, section, size, false)
    }

    fn write_offset_at(
        &mut self,
        offset: usize,
        val: usize,
        section: gimli::SectionId,
        size: u8,
    ) -> gimli::write::Result<()> {
        self.write_offset_at_impl(offset, val, section, size, true)
    }
}

impl RelocWriter {
    fn write_offset_at_impl(
        &mut self,
        offset: usize,
        val: usize,
        section: gimli::SectionId,
        size: u8,
        at: bool,
    ) -> gimli::write::Result<()> {
        if size != 4 {
            return Err(gimli::write::Error::UnsupportedWordSize(size));
        }
        if at {
            self.data.write_udata_at(offset, val as u64, size)?;
        } else {
            self.data.write_udata(val as u64, size)?;
        }
        self.relocs.push(DebugReloc {
            offset: offset as u64,
            target: DebugRelocTarget::Debug(debug_section_name(section)),
            addend: val as i64,
        });
        Ok(())
    }
}

fn check_str(s: &str) -> Result<(), DwarfError> {
    if s.as_bytes().contains(&0) {
        Err(DwarfError::NulInString(s.to_owned()))
    } else {
        Ok(())
    }
}

fn inline(s: &str) -> LineString {
    LineString::String(s.as_bytes().to_vec())
}

/// Builds the DWARF sections for `debug`, describing the code of `obj`'s
/// sections (`obj.sections` gives each code section's size in bytes; every
/// code section is assumed to start at address 0 of its own section symbol).
///
/// Returns the non-empty debug sections (`.debug_abbrev`, `.debug_line`,
/// `.debug_ranges` when needed, `.debug_info`), in an order where no section
/// refers to a later one. Without rows there is no line program, so no
/// `.debug_line` and no `DW_AT_stmt_list`. Line rows are sorted by (section, offset); each
/// code section with rows becomes one line sequence ending at the section's
/// size. A row at exactly the section's end (describing no code) is dropped.
///
/// The compile unit covers, for every section holding rows or functions,
/// `[0, size)`: with one such section as `DW_AT_low_pc`/`DW_AT_high_pc`
/// (length), with several as `DW_AT_low_pc` 0 plus `DW_AT_ranges`.
///
/// `.file N` numbers map to line-table file entries 1, 2, …; empty entries
/// of [`DebugInfo::files`] are skipped (rows may not use them), and a
/// repeated name shares one entry. A name with a `/` is split into a
/// directory entry and a file name.
///
/// # Errors
/// [`DwarfError`] for rows or functions naming a missing section or file,
/// rows past a section's end, reversed or out-of-section function ranges,
/// strings with NUL bytes, and values over 32 bits.
pub fn build_dwarf(obj: &ObjectFile, debug: &DebugInfo) -> Result<Vec<DebugSection>, DwarfError> {
    let encoding = Encoding {
        format: Format::Dwarf32,
        version: 4,
        address_size: 4,
    };

    for s in [&debug.comp_dir, &debug.name, &debug.producer] {
        check_str(s)?;
    }
    for f in &debug.files {
        check_str(f)?;
    }
    for f in &debug.functions {
        check_str(&f.name)?;
    }

    let section = |id: SectionId| {
        obj.sections
            .get(id.0)
            .ok_or(DwarfError::NoSuchSection(id.0))
    };
    let fits32 = |v: u64| {
        if v > u64::from(u32::MAX) {
            Err(DwarfError::TooLarge(v))
        } else {
            Ok(v)
        }
    };

    // Line program and file table.
    let mut dwarf = DwarfUnit::new(encoding);
    let mut program = LineProgram::new(
        encoding,
        LineEncoding::default(),
        inline(&debug.comp_dir),
        None,
        inline(if debug.name.is_empty() {
            "<unknown>"
        } else {
            &debug.name
        }),
        None,
    );
    let mut file_ids = Vec::with_capacity(debug.files.len());
    for (n, name) in debug.files.iter().enumerate() {
        if n == 0 || name.is_empty() {
            file_ids.push(None);
            continue;
        }
        let (dir, base) = match name.rfind('/') {
            Some(i) if i + 1 < name.len() => {
                let dir = if i == 0 { "/" } else { &name[..i] };
                (Some(dir), &name[i + 1..])
            }
            _ => (None, name.as_str()),
        };
        let dir_id = match dir {
            Some(d) => program.add_directory(inline(d)),
            None => program.default_directory(),
        };
        file_ids.push(Some(program.add_file(inline(base), dir_id, None)));
    }

    let mut rows = debug.rows.clone();
    rows.sort_by_key(|r| (r.section, r.offset));
    // Sections covered by the compile unit, in index order.
    let mut covered: Vec<SectionId> = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let sec_id = rows[i].section;
        let sec = section(sec_id)?;
        let size = fits32(sec.size)?;
        let mut started = false;
        while i < rows.len() && rows[i].section == sec_id {
            let r = rows[i];
            i += 1;
            if r.offset > size {
                return Err(DwarfError::RowOutOfRange {
                    section: sec.name.clone(),
                    offset: r.offset,
                    size,
                });
            }
            if r.offset == size {
                continue;
            }
            let file = file_ids
                .get(r.file as usize)
                .copied()
                .flatten()
                .ok_or(DwarfError::NoSuchFile(r.file))?;
            if !started {
                program.begin_sequence(Some(Address::Symbol {
                    symbol: sec_id.0,
                    addend: 0,
                }));
                started = true;
            }
            let row = program.row();
            row.address_offset = r.offset;
            row.file = file;
            row.line = u64::from(r.line);
            row.column = u64::from(r.column);
            program.generate_row();
        }
        if started {
            program.end_sequence(size);
            covered.push(sec_id);
        }
    }
    dwarf.unit.line_program = program;

    for f in &debug.functions {
        let sec = section(f.section)?;
        if f.low > f.high || f.high > sec.size || sec.size > u64::from(u32::MAX) {
            return Err(DwarfError::BadFunctionRange {
                name: f.name.clone(),
                section: sec.name.clone(),
                low: f.low,
                high: f.high,
                size: sec.size,
            });
        }
        if sec.size > 0 && !covered.contains(&f.section) {
            covered.push(f.section);
        }
    }
    covered.sort();

    // Compile unit.
    let root = dwarf.unit.root();
    {
        let cu = dwarf.unit.get_mut(root);
        cu.set(
            gimli::DW_AT_producer,
            AttributeValue::String(debug.producer.as_bytes().to_vec()),
        );
        cu.set(
            gimli::DW_AT_language,
            AttributeValue::Language(gimli::DW_LANG_Mips_Assembler),
        );
        cu.set(
            gimli::DW_AT_name,
            AttributeValue::String(debug.name.as_bytes().to_vec()),
        );
        cu.set(
            gimli::DW_AT_comp_dir,
            AttributeValue::String(debug.comp_dir.as_bytes().to_vec()),
        );
    }
    match covered.as_slice() {
        [] => {}
        [one] => {
            let size = obj.sections[one.0].size;
            let cu = dwarf.unit.get_mut(root);
            cu.set(
                gimli::DW_AT_low_pc,
                AttributeValue::Address(Address::Symbol {
                    symbol: one.0,
                    addend: 0,
                }),
            );
            cu.set(gimli::DW_AT_high_pc, AttributeValue::Udata(size));
        }
        many => {
            let list = many
                .iter()
                .map(|id| Range::StartLength {
                    begin: Address::Symbol {
                        symbol: id.0,
                        addend: 0,
                    },
                    length: obj.sections[id.0].size,
                })
                .collect();
            let list_id = dwarf.unit.ranges.add(RangeList(list));
            let cu = dwarf.unit.get_mut(root);
            cu.set(
                gimli::DW_AT_low_pc,
                AttributeValue::Address(Address::Constant(0)),
            );
            cu.set(gimli::DW_AT_ranges, AttributeValue::RangeListRef(list_id));
        }
    }

    for f in &debug.functions {
        let id = dwarf.unit.add(root, gimli::DW_TAG_subprogram);
        let die = dwarf.unit.get_mut(id);
        die.set(
            gimli::DW_AT_name,
            AttributeValue::String(f.name.as_bytes().to_vec()),
        );
        if f.external {
            die.set(gimli::DW_AT_external, AttributeValue::FlagPresent);
        }
        die.set(
            gimli::DW_AT_low_pc,
            AttributeValue::Address(Address::Symbol {
                symbol: f.section.0,
                addend: f.low as i64,
            }),
        );
        die.set(gimli::DW_AT_high_pc, AttributeValue::Udata(f.high - f.low));
    }

    let mut sections = Sections::new(RelocWriter::default());
    dwarf.write(&mut sections)?;

    let mut out = Vec::new();
    sections.for_each(|id, w| -> Result<(), DwarfError> {
        if w.data.len() > 0 {
            let mut relocs = w.relocs.clone();
            relocs.sort_by_key(|r| r.offset);
            out.push(DebugSection {
                name: debug_section_name(id),
                data: w.data.slice().to_vec(),
                relocs,
            });
        }
        Ok(())
    })?;
    Ok(out)
}
