//! Functions and source lines of an executable, for trap messages and
//! profiles: code symbols from `.symtab` and the line table of
//! `.debug_line` (read with `gimli`).
//!
//! Malformed symbol tables or DWARF never fail a load: what can be read is
//! kept, the rest is ignored.

use std::collections::HashMap;

use gimli::{EndianSlice, LittleEndian};
use goblin::elf::{section_header, sym, Elf};

/// A code symbol: a function or a label that names code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    /// Start address (bytes).
    pub addr: u32,
    /// Size (bytes), 0 if unknown.
    pub size: u32,
    /// Name.
    pub name: String,
}

/// One row of the line table: code from `addr` on comes from `file:line`
/// (until the next row); an `end` row closes a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineRow {
    /// Address (bytes).
    pub addr: u32,
    /// Index into [`Symbols::files`].
    pub file: u32,
    /// Line (1-based).
    pub line: u32,
    /// Column (1-based; 0 when the table gives none).
    pub column: u32,
    /// End of a sequence (no code from here).
    pub end: bool,
}

/// Symbols and lines of a program.
#[derive(Debug, Clone, Default)]
pub struct Symbols {
    /// Code symbols sorted by address.
    pub functions: Vec<Function>,
    /// Every defined symbol by name (address).
    pub by_name: HashMap<String, u32>,
    /// Source file paths.
    pub files: Vec<String>,
    /// Line rows sorted by address.
    pub lines: Vec<LineRow>,
    /// Address ranges `[start, end)` of the executable sections: a code
    /// symbol only covers addresses inside them.
    pub code_ranges: Vec<(u32, u32)>,
}

impl Symbols {
    /// Reads the symbol table and the line table of `elf` (`bytes` is the file).
    pub fn from_elf(elf: &Elf, bytes: &[u8]) -> Symbols {
        let mut s = Symbols::default();
        for sh in &elf.section_headers {
            let flags = section_header::SHF_EXECINSTR as u64 | section_header::SHF_ALLOC as u64;
            if sh.sh_flags & flags == flags {
                if let (Ok(a), Ok(n)) = (u32::try_from(sh.sh_addr), u32::try_from(sh.sh_size)) {
                    s.code_ranges.push((a, a.saturating_add(n)));
                }
            }
        }
        for sy in elf.syms.iter() {
            if sy.st_shndx == 0 || sy.st_type() == sym::STT_SECTION || sy.st_type() == sym::STT_FILE
            {
                continue;
            }
            let Some(name) = elf.strtab.get_at(sy.st_name) else {
                continue;
            };
            let Ok(addr) = u32::try_from(sy.st_value) else {
                continue;
            };
            if name.is_empty() {
                continue;
            }
            s.by_name.entry(name.to_string()).or_insert(addr);
            let in_code = elf
                .section_headers
                .get(sy.st_shndx)
                .is_some_and(|sh| sh.sh_flags & section_header::SHF_EXECINSTR as u64 != 0);
            let codeish = sy.st_type() == sym::STT_FUNC
                || (sy.st_type() == sym::STT_NOTYPE && in_code && !name.starts_with(".L"));
            if codeish && in_code {
                s.functions.push(Function {
                    addr,
                    size: u32::try_from(sy.st_size).unwrap_or(0),
                    name: name.to_string(),
                });
            }
        }
        // Prefer functions over labels at the same address, then sized ones.
        s.functions
            .sort_by(|a, b| (a.addr, b.size, &a.name).cmp(&(b.addr, a.size, &b.name)));
        s.functions.dedup_by_key(|f| f.addr);
        let lines = std::panic::catch_unwind(|| read_lines(elf, bytes)).unwrap_or_default();
        s.files = lines.0;
        s.lines = lines.1;
        s.lines.sort_by_key(|r| (r.addr, !r.end));
        s
    }

    /// Address of the symbol `name`.
    pub fn lookup_name(&self, name: &str) -> Option<u32> {
        self.by_name.get(name).copied()
    }

    /// The code symbol containing `addr` (the nearest one at or below it,
    /// within its size when it has one) and the offset from its start.
    pub fn function(&self, addr: u32) -> Option<(&Function, u32)> {
        if !self.code_ranges.is_empty()
            && !self
                .code_ranges
                .iter()
                .any(|&(a, e)| (a..e).contains(&addr))
        {
            return None;
        }
        let i = self.functions.partition_point(|f| f.addr <= addr);
        let f = self.functions.get(i.checked_sub(1)?)?;
        if f.size != 0 && addr - f.addr >= f.size {
            // Past the end of a sized function: a gap or padding.
            return None;
        }
        Some((f, addr - f.addr))
    }

    /// The source `(file, line)` of the code at `addr`.
    pub fn line(&self, addr: u32) -> Option<(&str, u32)> {
        self.line_column(addr).map(|(f, l, _)| (f, l))
    }

    /// The source `(file, line, column)` of the code at `addr` (column 0
    /// when the line table has none).
    pub fn line_column(&self, addr: u32) -> Option<(&str, u32, u32)> {
        let i = self.lines.partition_point(|r| r.addr <= addr);
        let r = self.lines.get(i.checked_sub(1)?)?;
        if r.end {
            return None;
        }
        Some((self.files.get(r.file as usize)?.as_str(), r.line, r.column))
    }

    /// `function+0xoff (file:line)` or whatever part of it is known, for
    /// messages.
    pub fn describe(&self, addr: u32) -> String {
        let mut out = match self.function(addr) {
            Some((f, 0)) => format!("in {}", f.name),
            Some((f, off)) => format!("in {}+0x{off:x}", f.name),
            None => "in ??".to_string(),
        };
        if let Some((file, line)) = self.line(addr) {
            out.push_str(&format!(" at {file}:{line}"));
        }
        out
    }
}

type Lines = (Vec<String>, Vec<LineRow>);

fn read_lines(elf: &Elf, bytes: &[u8]) -> Lines {
    let section = |name: &str| -> &[u8] {
        for sh in &elf.section_headers {
            if elf.shdr_strtab.get_at(sh.sh_name) == Some(name)
                && sh.sh_type != section_header::SHT_NOBITS
            {
                let start = sh.sh_offset as usize;
                let end = start.saturating_add(sh.sh_size as usize);
                return bytes.get(start..end).unwrap_or(&[]);
            }
        }
        &[]
    };
    let load = |id: gimli::SectionId| -> Result<EndianSlice<'_, LittleEndian>, gimli::Error> {
        Ok(EndianSlice::new(section(id.name()), LittleEndian))
    };
    let mut files: Vec<String> = Vec::new();
    let mut index: HashMap<String, u32> = HashMap::new();
    let mut rows_out = Vec::new();
    let Ok(dwarf) = gimli::Dwarf::load(load) else {
        return (files, rows_out);
    };
    let mut units = dwarf.units();
    let mut budget: u32 = 50_000_000;
    while let Ok(Some(header)) = units.next() {
        let Ok(unit) = dwarf.unit(header) else {
            continue;
        };
        let Some(program) = unit.line_program.clone() else {
            continue;
        };
        let mut rows = program.rows();
        while let Ok(Some((header, row))) = rows.next_row() {
            budget = budget.saturating_sub(1);
            if budget == 0 {
                return (files, rows_out);
            }
            let Ok(addr) = u32::try_from(row.address()) else {
                continue;
            };
            if row.end_sequence() {
                rows_out.push(LineRow {
                    addr,
                    file: 0,
                    line: 0,
                    column: 0,
                    end: true,
                });
                continue;
            }
            let Some(line) = row.line() else { continue };
            let mut path = String::new();
            if let Some(file) = row.file(header) {
                if let Some(dir) = file.directory(header) {
                    if let Ok(d) = dwarf.attr_string(&unit, dir) {
                        path.push_str(&d.to_string_lossy());
                    }
                }
                if let Ok(n) = dwarf.attr_string(&unit, file.path_name()) {
                    let n = n.to_string_lossy();
                    if n.starts_with('/') || path.is_empty() {
                        path = n.into_owned();
                    } else {
                        if !path.ends_with('/') {
                            path.push('/');
                        }
                        path.push_str(&n);
                    }
                }
            }
            if path.is_empty() {
                path.push_str("??");
            }
            let next = files.len() as u32;
            let file = *index.entry(path.clone()).or_insert_with(|| {
                files.push(path);
                next
            });
            rows_out.push(LineRow {
                addr,
                file,
                line: u32::try_from(line.get()).unwrap_or(u32::MAX),
                column: match row.column() {
                    gimli::ColumnType::LeftEdge => 0,
                    gimli::ColumnType::Column(c) => u32::try_from(c.get()).unwrap_or(0),
                },
                end: false,
            });
        }
    }
    (files, rows_out)
}
