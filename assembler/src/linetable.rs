//! Reading the DWARF line table (`.debug_line`) of an ST200 ELF file, for
//! `st-objdump -l` and `-S`: which source file and line each code address
//! comes from. Relocatable objects get their `.rela.debug_line` applied
//! first (the `DW_LNE_set_address` operands are `R_ST200_32` relocations
//! against the code section), so their addresses are section offsets.

use crate::objdump::ElfFile;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The source position of a code address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLine {
    /// The file, with its directory when the line table gives one.
    pub file: PathBuf,
    /// 1-based line number.
    pub line: u64,
}

/// Rows of the line table: address (relocatable: section offset) → the
/// position of the first row at that address. Empty when the file has no
/// `.debug_line` or it cannot be read (the listing then has no lines).
pub fn rows(elf: &ElfFile) -> BTreeMap<u64, SourceLine> {
    let mut out = BTreeMap::new();
    let Some(sec) = elf.sections.iter().find(|s| s.name == ".debug_line") else {
        return out;
    };
    let mut data = sec.data.to_vec();
    // Apply the relocations of .debug_line: S + A into each 32-bit field.
    for set in elf.relocs.iter().filter(|r| r.target == sec.index) {
        for r in &set.relocs {
            let s = elf.symbols.get(r.sym).map_or(0, |s| s.value);
            let v = (s as i64).wrapping_add(r.addend) as u32;
            let at = r.offset as usize;
            if let Some(field) = data.get_mut(at..at + 4) {
                let bytes = if elf.little_endian {
                    v.to_le_bytes()
                } else {
                    v.to_be_bytes()
                };
                field.copy_from_slice(&bytes);
            }
        }
    }
    let endian = if elf.little_endian {
        gimli::RunTimeEndian::Little
    } else {
        gimli::RunTimeEndian::Big
    };
    let debug_line = gimli::DebugLine::new(&data, endian);
    let mut offset = 0usize;
    while offset < data.len() {
        let Ok(program) = debug_line.program(gimli::DebugLineOffset(offset), 4, None, None) else {
            break;
        };
        let header = program.header().clone();
        let length = header.unit_length()
            + if header.format() == gimli::Format::Dwarf64 {
                12
            } else {
                4
            };
        let mut rows = program.rows();
        while let Ok(Some((header, row))) = rows.next_row() {
            if row.end_sequence() {
                continue;
            }
            let (Some(line), Some(file)) = (row.line(), row.file(header)) else {
                continue;
            };
            let name = attr_string(&file.path_name());
            let mut path = PathBuf::new();
            if let Some(dir) = file.directory(header) {
                let dir = attr_string(&dir);
                if !dir.is_empty() && !name.starts_with('/') {
                    path.push(dir);
                }
            }
            path.push(name);
            out.entry(row.address()).or_insert(SourceLine {
                file: path,
                line: line.get(),
            });
        }
        if length == 0 {
            break;
        }
        offset += length;
    }
    out
}

/// The text of an inline string attribute (DWARF 4 line-table headers
/// hold their names inline); empty for other forms.
fn attr_string<R: gimli::Reader>(v: &gimli::AttributeValue<R>) -> String {
    match v {
        gimli::AttributeValue::String(s) => s
            .to_string_lossy()
            .map(|c| c.into_owned())
            .unwrap_or_default(),
        _ => String::new(),
    }
}
