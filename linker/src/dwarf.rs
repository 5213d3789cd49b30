//! Source lines of input code for messages: the `.debug_line` program of
//! an input object, read with `gimli`. `las` stores each relocated address
//! in place as its addend, so offsets in a section read back correctly
//! without applying the relocations.

use crate::input::Object;
use gimli::{EndianSlice, LittleEndian};

/// `(file, line)` of the row covering `offset` in section `sec` of `obj`,
/// when the object has a line table. Objects with several code sections
/// are looked up in their first sequence covering the offset.
pub fn line_of(obj: &Object, sec: usize, offset: u64) -> Option<(String, u64)> {
    let _ = sec;
    let section = |name: &str| {
        obj.sections
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.data.as_slice())
            .unwrap_or(&[])
    };
    let debug_line = gimli::DebugLine::new(section(".debug_line"), LittleEndian);
    if section(".debug_line").is_empty() {
        return None;
    }
    let dwarf = gimli::Dwarf::load(
        |id| -> Result<EndianSlice<'_, LittleEndian>, gimli::Error> {
            Ok(EndianSlice::new(section(id.name()), LittleEndian))
        },
    )
    .ok()?;
    let mut units = dwarf.units();
    let header = units.next().ok()??;
    let unit = dwarf.unit(header).ok()?;
    let program = unit.line_program.clone()?;
    let _ = debug_line;
    let mut rows = program.rows();
    let mut best: Option<(u64, u64, u64)> = None; // (address, file, line)
    while let Ok(Some((header, row))) = rows.next_row() {
        if row.end_sequence() {
            continue;
        }
        let a = row.address();
        if a <= offset && best.is_none_or(|b| a >= b.0) {
            best = Some((a, row.file_index(), row.line().map_or(0, |l| l.get())));
        }
        let _ = header;
    }
    let (_, file, line) = best?;
    let header = unit.line_program.as_ref()?.header();
    let entry = header.file(file)?;
    let name = dwarf.attr_string(&unit, entry.path_name()).ok()?;
    let mut path = String::from_utf8_lossy(name.slice()).into_owned();
    // Directory 0 is the compilation directory: names relative to it are shown as written.
    if let Some(dir) = entry
        .directory(header)
        .filter(|_| entry.directory_index() != 0)
    {
        if let Ok(d) = dwarf.attr_string(&unit, dir) {
            let d = String::from_utf8_lossy(d.slice()).into_owned();
            if !d.is_empty() && !path.starts_with('/') {
                path = format!("{d}/{path}");
            }
        }
    }
    Some((path, line))
}
