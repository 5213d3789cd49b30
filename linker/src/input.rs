//! Reading input files: ELF32 relocatable objects for `e_machine` 100 and
//! `ar` archives (with or without a symbol index), with the `object`
//! crate's bounds-checked readers (ISA-ST200 §6).

use object::elf;
use object::read::elf::{FileHeader, SectionHeader, Sym};
use object::LittleEndian as LE;

/// Where a symbol is defined in its object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymPlace {
    /// `SHN_UNDEF`.
    Undefined,
    /// `SHN_ABS`.
    Absolute,
    /// `SHN_COMMON`: `value` is the alignment, `size` the size.
    Common,
    /// Section index of the object.
    Section(usize),
}

/// One symbol of an input object.
#[derive(Debug, Clone)]
pub struct InSymbol {
    /// Name (empty for section symbols).
    pub name: String,
    /// `STB_*`.
    pub bind: u8,
    /// `STT_*`.
    pub kind: u8,
    /// Definition place.
    pub place: SymPlace,
    /// `st_value`.
    pub value: u64,
    /// `st_size`.
    pub size: u64,
}

/// One RELA relocation of an input section.
#[derive(Debug, Clone, Copy)]
pub struct InReloc {
    /// Offset in the section.
    pub offset: u64,
    /// `R_ST200_*` number.
    pub r_type: u32,
    /// Symbol index in the object's symbol table.
    pub sym: usize,
    /// Addend.
    pub addend: i64,
}

/// One section of an input object.
#[derive(Debug, Clone)]
pub struct InSection {
    /// Name.
    pub name: String,
    /// `sh_type`.
    pub sh_type: u32,
    /// `sh_flags`.
    pub flags: u64,
    /// Alignment in bytes (at least 1).
    pub align: u64,
    /// Size in bytes.
    pub size: u64,
    /// Contents (empty for `SHT_NOBITS`).
    pub data: Vec<u8>,
    /// RELA relocations applying to it.
    pub relocs: Vec<InReloc>,
}

impl InSection {
    /// Whether the section occupies memory at run time.
    pub fn is_alloc(&self) -> bool {
        self.flags & 2 != 0
    }
}

/// A parsed input object.
#[derive(Debug, Clone)]
pub struct Object {
    /// Name for messages: `a.o`, or `libc.a(printf.o)`.
    pub name: String,
    /// `e_flags`.
    pub e_flags: u32,
    /// Sections by ELF index (index 0 and the symbol/string/relocation
    /// tables are kept as empty placeholders so indices stay valid).
    pub sections: Vec<InSection>,
    /// Symbols by ELF index (0 is the null symbol).
    pub symbols: Vec<InSymbol>,
}

/// An input problem, worded for `lld-st: error: FILE: …`.
pub type InputError = String;

fn check<T>(r: object::read::Result<T>, what: &str) -> Result<T, InputError> {
    r.map_err(|e| format!("{what}: {e}"))
}

const SHT_RELA: u32 = elf::SHT_RELA.0;
const SHT_REL: u32 = elf::SHT_REL.0;
const SHT_NOBITS: u32 = elf::SHT_NOBITS.0;
const SHT_SYMTAB: u32 = elf::SHT_SYMTAB.0;
const SHT_STRTAB: u32 = elf::SHT_STRTAB.0;
const SHT_GROUP: u32 = elf::SHT_GROUP.0;

/// Whether `data` starts like an ELF file.
pub fn is_elf(data: &[u8]) -> bool {
    data.starts_with(b"\x7fELF")
}

/// Whether `data` starts like an `ar` archive.
pub fn is_archive(data: &[u8]) -> bool {
    data.starts_with(b"!<arch>\n") || data.starts_with(b"!<thin>\n")
}

/// Parses an ELF32 little-endian relocatable object for the ST200.
pub fn parse_object(name: &str, data: &[u8]) -> Result<Object, InputError> {
    if data.len() >= 5 && is_elf(data) && data[4] != 1 {
        return Err("not a 32-bit ELF file (ST200 objects are ELF32)".into());
    }
    let header = check(elf::FileHeader32::<LE>::parse(data), "not a valid ELF file")?;
    let endian = LE;
    if !header.is_little_endian() {
        return Err("big-endian ELF files are not supported".into());
    }
    let machine = header.e_machine(endian);
    if machine.0 != isa::elf::EM_ST200 {
        return Err(format!(
            "wrong machine: e_machine is {} but ST200 objects have {} (EM_ST200)",
            machine.0,
            isa::elf::EM_ST200
        ));
    }
    let e_type = header.e_type(endian);
    if e_type.0 != elf::ET_REL.0 {
        return Err(format!(
            "not a relocatable object (e_type {}); lld-st links .o files and archives",
            e_type.0
        ));
    }
    let sections = check(header.sections(endian, data), "bad section header table")?;
    let mut out: Vec<InSection> = Vec::with_capacity(sections.len());
    for (i, sh) in sections.iter().enumerate() {
        let sname = if i == 0 {
            Ok(&b""[..])
        } else {
            sections.section_name(endian, sh)
        };
        let sname = check(sname, &format!("section {i}: bad name"))?;
        let sh_type = sh.sh_type(endian).0;
        let size = u64::from(sh.sh_size(endian));
        let data_bytes = if sh_type == SHT_NOBITS
            || i == 0
            || matches!(
                sh_type,
                SHT_SYMTAB | SHT_STRTAB | SHT_RELA | SHT_REL | SHT_GROUP
            ) {
            Vec::new()
        } else {
            check(
                sh.data(endian, data),
                &format!(
                    "section {} extends past the end of the file",
                    String::from_utf8_lossy(sname)
                ),
            )?
            .to_vec()
        };
        let align = u64::from(sh.sh_addralign(endian)).max(1);
        if !align.is_power_of_two() {
            return Err(format!(
                "section {}: alignment {align} is not a power of two",
                String::from_utf8_lossy(sname)
            ));
        }
        out.push(InSection {
            name: String::from_utf8_lossy(sname).into_owned(),
            sh_type,
            flags: sh.sh_flags(endian).0,
            align,
            size,
            data: data_bytes,
            relocs: Vec::new(),
        });
    }
    let mut symbols = Vec::new();
    let symtab = check(
        sections.symbols(endian, data, elf::SHT_SYMTAB),
        "bad symbol table",
    )?;
    for (i, s) in symtab.iter().enumerate() {
        let name = check(
            symtab.symbol_name(endian, s),
            &format!("symbol {i}: bad name"),
        )?;
        let shndx = s.st_shndx(endian).0;
        let place = match shndx {
            0 => SymPlace::Undefined,
            0xfff1 => SymPlace::Absolute,
            0xfff2 => SymPlace::Common,
            0xffff => {
                let k = symtab.shndx(endian, object::SymbolIndex(i)).unwrap_or(0) as usize;
                SymPlace::Section(k)
            }
            k if (k as usize) < out.len() => SymPlace::Section(k as usize),
            k => {
                return Err(format!(
                    "symbol {i} ({}) names section {k}, which does not exist",
                    String::from_utf8_lossy(name)
                ))
            }
        };
        if let SymPlace::Section(k) = place {
            if k >= out.len() {
                return Err(format!(
                    "symbol {i} names section {k}, which does not exist"
                ));
            }
        }
        symbols.push(InSymbol {
            name: String::from_utf8_lossy(name).into_owned(),
            bind: s.st_bind().0,
            kind: s.st_type().0,
            place,
            value: u64::from(s.st_value(endian)),
            size: u64::from(s.st_size(endian)),
        });
    }
    for (i, sh) in sections.iter().enumerate() {
        let sh_type = sh.sh_type(endian).0;
        if sh_type == SHT_REL {
            return Err(format!(
                "section {}: REL relocations; ST200 objects use RELA only (ISA-ST200 §6.1)",
                out[i].name
            ));
        }
        if sh_type != SHT_RELA {
            continue;
        }
        let target = sh.sh_info(endian) as usize;
        if target == 0 || target >= out.len() {
            return Err(format!(
                "relocation section {} applies to section {target}, which does not exist",
                out[i].name
            ));
        }
        let relas: &[elf::Rela32<LE>] = check(
            sh.data_as_array(endian, data),
            &format!(
                "relocation section {} extends past the end of the file",
                out[i].name
            ),
        )?;
        let mut relocs = Vec::with_capacity(relas.len());
        for r in relas {
            let sym = r.r_sym(endian) as usize;
            if sym >= symbols.len() {
                return Err(format!(
                    "relocation in {} names symbol {sym}, which does not exist",
                    out[i].name
                ));
            }
            relocs.push(InReloc {
                offset: u64::from(r.r_offset.get(endian)),
                r_type: r.r_type(endian).0,
                sym,
                addend: i64::from(r.r_addend.get(endian)),
            });
        }
        out[target].relocs.extend(relocs);
    }
    for s in &mut out {
        s.relocs.sort_by_key(|r| r.offset);
    }
    Ok(Object {
        name: name.to_string(),
        e_flags: header.e_flags(endian).0,
        sections: out,
        symbols,
    })
}

/// A member of an archive.
#[derive(Debug, Clone)]
pub struct Member {
    /// Member name.
    pub name: String,
    /// The parsed member.
    pub object: Object,
    /// Global symbols it defines (from its own symbol table: works with or
    /// without an archive index).
    pub defines: Vec<String>,
}

/// Splits an archive into members and lists the global symbols each defines.
pub fn parse_archive(data: &[u8]) -> Result<Vec<Member>, InputError> {
    let archive = check(
        object::read::archive::ArchiveFile::parse(data),
        "not a valid archive",
    )?;
    if archive.is_thin() {
        return Err("thin archives are not supported".into());
    }
    let mut members = Vec::new();
    for m in archive.members() {
        let m = check(m, "bad archive member header")?;
        let name = String::from_utf8_lossy(m.name()).into_owned();
        let bytes = check(
            m.data(data),
            &format!("member {name} extends past the end of the archive"),
        )?;
        // Members that are not ELF (e.g. text files) are ignored, as GNU ld does.
        if !is_elf(bytes) {
            continue;
        }
        let obj = parse_object(&name, bytes).map_err(|e| format!("member {name}: {e}"))?;
        let defines = obj
            .symbols
            .iter()
            .filter(|s| {
                s.bind != elf::STB_LOCAL.0
                    && !matches!(s.place, SymPlace::Undefined)
                    && !s.name.is_empty()
            })
            .map(|s| s.name.clone())
            .collect();
        members.push(Member {
            name,
            object: obj,
            defines,
        });
    }
    Ok(members)
}
