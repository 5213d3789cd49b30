//! Writing the executable: ELF32 little-endian `ET_EXEC`, `e_machine` 100,
//! program headers for the loadable segments, section headers, and a
//! symbol table (ISA-ST200 §6.1), with the `object` crate's ELF writer.

use crate::link::{Image, OutSection, PAGE};
use object::elf;
use object::write::elf::{FileHeader, ProgramHeader, SectionHeader, SectionIndex, Sym, Writer};
use object::write::StringId;
use object::Endianness;

const SHF_WRITE: u64 = 1;
const SHF_ALLOC: u64 = 2;
const SHF_EXECINSTR: u64 = 4;
const SHT_NOBITS: u32 = 8;

/// A loadable segment (`PT_LOAD`).
#[derive(Debug, Clone)]
pub struct Segment {
    /// Virtual address of its first byte.
    pub vaddr: u64,
    /// Bytes in the file (the progbits part).
    pub filesz: u64,
    /// Bytes in memory.
    pub memsz: u64,
    /// `PF_R` 4 | `PF_W` 2 | `PF_X` 1.
    pub flags: u32,
    /// Indices of its output sections.
    pub sections: Vec<usize>,
}

/// Groups allocated, non-empty output sections into segments: read-only
/// and executable sections share an R+X segment, writable ones an R+W
/// segment; a new segment starts when the kind changes, the addresses go
/// backwards, or a section with contents follows a `NOBITS` one.
pub fn segments(outs: &[OutSection]) -> Vec<Segment> {
    let mut segs: Vec<Segment> = Vec::new();
    let mut order: Vec<usize> = (0..outs.len())
        .filter(|&i| outs[i].flags & SHF_ALLOC != 0 && outs[i].size > 0)
        .collect();
    order.sort_by_key(|&i| outs[i].addr);
    for i in order {
        let o = &outs[i];
        let writable = o.flags & SHF_WRITE != 0;
        let flags = if writable { 6 } else { 5 };
        let nobits = o.sh_type == SHT_NOBITS;
        let join = segs.last().is_some_and(|s| {
            let end = s.vaddr + s.memsz;
            s.flags == flags
                && o.addr >= end
                && o.addr - end < PAGE
                && (nobits || s.filesz == s.memsz)
        });
        if join {
            let s = segs.last_mut().expect("checked");
            if !nobits {
                s.filesz = o.addr + o.size - s.vaddr;
            }
            s.memsz = o.addr + o.size - s.vaddr;
            s.sections.push(i);
        } else {
            segs.push(Segment {
                vaddr: o.addr,
                filesz: if nobits { 0 } else { o.size },
                memsz: o.size,
                flags,
                sections: vec![i],
            });
        }
    }
    segs
}

/// Serialises the image.
pub fn write(image: &Image) -> Result<Vec<u8>, String> {
    let outs = &image.sections;
    let segs = segments(outs);
    let mut buffer = Vec::new();
    let mut w = Writer::new(Endianness::Little, false, &mut buffer);
    w.reserve_file_header();
    w.reserve_program_headers(segs.len() as u32);
    // Section indices: only sections that have a size or are allocated.
    let shown: Vec<usize> = (0..outs.len())
        .filter(|&i| outs[i].size > 0 || outs[i].flags & SHF_ALLOC == 0 && !outs[i].data.is_empty())
        .collect();
    let mut index: Vec<Option<SectionIndex>> = vec![None; outs.len()];
    let mut names: Vec<Option<StringId>> = vec![None; outs.len()];
    for &i in &shown {
        names[i] = Some(w.add_section_name(outs[i].name.as_bytes()));
        index[i] = Some(w.reserve_section_index());
    }
    let sym_names: Vec<StringId> = image
        .symbols
        .iter()
        .map(|s| w.add_string(s.name.as_bytes()))
        .collect();
    let with_symtab = !image.symbols.is_empty();
    let mut first_global = 1;
    if with_symtab {
        w.reserve_null_symbol_index();
        for s in &image.symbols {
            w.reserve_symbol_index(s.section.and_then(|i| index[i]));
        }
        first_global = 1 + image.symbols.iter().take_while(|s| s.bind == 0).count() as u32;
        w.reserve_symtab_section_index();
        w.reserve_strtab_section_index();
    }
    w.reserve_shstrtab_section_index();
    // File offsets: each segment at offset ≡ vaddr (mod PAGE).
    let mut offsets: Vec<u64> = vec![0; outs.len()];
    let mut seg_offsets = Vec::with_capacity(segs.len());
    for s in &segs {
        let here = w.reserved_len();
        let want = (here & !(PAGE - 1)) | (s.vaddr & (PAGE - 1));
        let start = if want < here { want + PAGE } else { want };
        w.reserve_until(start);
        let off = w.reserve(s.filesz, 1);
        seg_offsets.push(off);
        for &i in &s.sections {
            offsets[i] = off + (outs[i].addr - s.vaddr);
        }
    }
    for &i in &shown {
        if outs[i].flags & SHF_ALLOC == 0 {
            offsets[i] = w.reserve(outs[i].data.len() as u64, outs[i].align.max(1));
        }
    }
    if with_symtab {
        w.reserve_symtab();
        w.reserve_strtab()
            .map_err(|e| format!("string table: {e}"))?;
    }
    w.reserve_shstrtab()
        .map_err(|e| format!("section name table: {e}"))?;
    w.reserve_section_headers();

    w.write_file_header(&FileHeader {
        os_abi: elf::ELFOSABI_NONE,
        abi_version: 0,
        e_type: elf::ET_EXEC,
        e_machine: elf::Machine(isa::elf::EM_ST200),
        e_entry: image.entry,
        e_flags: elf::FileFlags(image.e_flags),
    })
    .map_err(|e| format!("cannot write the ELF header: {e}"))?;
    w.write_align_program_headers();
    for (s, &off) in segs.iter().zip(&seg_offsets) {
        w.write_program_header(&ProgramHeader {
            p_type: elf::PT_LOAD,
            p_flags: elf::ProgramFlags(s.flags),
            p_offset: off,
            p_vaddr: s.vaddr,
            p_paddr: s.vaddr,
            p_filesz: s.filesz,
            p_memsz: s.memsz,
            p_align: PAGE,
        });
    }
    for (s, &off) in segs.iter().zip(&seg_offsets) {
        w.pad_until(off);
        let mut blob = vec![0u8; s.filesz as usize];
        for &i in &s.sections {
            let o = &outs[i];
            if o.sh_type == SHT_NOBITS {
                continue;
            }
            let at = (o.addr - s.vaddr) as usize;
            let end = (at + o.data.len()).min(blob.len());
            blob[at..end].copy_from_slice(&o.data[..end - at]);
        }
        w.write(&blob);
    }
    for &i in &shown {
        if outs[i].flags & SHF_ALLOC == 0 {
            w.write_align(outs[i].align.max(1));
            w.write(&outs[i].data);
        }
    }
    if with_symtab {
        w.write_null_symbol();
        for (s, &n) in image.symbols.iter().zip(&sym_names) {
            let section = s.section.and_then(|i| index[i]);
            w.write_symbol(&Sym {
                section: section.map(|x| x.0),
                st_name: w.string_offset(Some(n)),
                st_info: elf::SymbolInfo::new(elf::SymbolBind(s.bind), elf::SymbolType(s.kind)),
                st_other: elf::SymbolOther(elf::STV_DEFAULT.0),
                st_shndx: if section.is_none() {
                    elf::SHN_ABS
                } else {
                    elf::SHN_UNDEF
                },
                st_value: s.value,
                st_size: s.size,
            });
        }
        w.write_strtab();
    }
    w.write_shstrtab();
    w.write_null_section_header();
    for &i in &shown {
        let o = &outs[i];
        let flags = if o.flags & SHF_ALLOC != 0 {
            o.flags & (SHF_ALLOC | SHF_WRITE | SHF_EXECINSTR)
        } else {
            0
        };
        w.write_section_header(&SectionHeader {
            sh_name: w.section_name_offset(names[i]),
            sh_type: elf::SectionType(o.sh_type),
            sh_flags: elf::SectionFlags(flags),
            sh_addr: o.addr,
            sh_offset: offsets[i],
            sh_size: o.size,
            sh_link: 0,
            sh_info: 0,
            sh_addralign: o.align,
            sh_entsize: 0,
        });
    }
    if with_symtab {
        w.write_symtab_section_header(first_global);
        w.write_strtab_section_header();
    }
    w.write_shstrtab_section_header();
    Ok(buffer)
}
