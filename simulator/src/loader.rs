//! Loading ELF32 ST200 executables (ISA-ST200 §6.1, §7.3;
//! docs/src/design/architecture.md §5 "entry state").
//!
//! [`Program::parse`] reads the file with `goblin` and checks it: ELF32,
//! little-endian, `e_machine` = 100 (`EM_ST200`), `ET_EXEC`, program
//! headers and segment contents inside the file, segments below the
//! control-register space. [`Program::load`] maps the `PT_LOAD` segments
//! (file bytes then zeros up to `p_memsz`; `PF_X` segments executable),
//! maps a stack, lays out `argc`/`argv` and sets the entry registers.

use goblin::elf::{header, program_header, Elf};

use crate::machine::{Machine, CREG_BASE};
use crate::symbols::Symbols;

/// Why an executable cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// Not parseable as ELF: truncated or inconsistent.
    #[error("malformed ELF file: {0}")]
    Malformed(String),
    /// Parsed but not something stsim can run.
    #[error("{0}")]
    Unsupported(String),
    /// A segment or the stack does not fit in the address space.
    #[error("cannot map {0}")]
    Layout(String),
}

/// One `PT_LOAD` segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Virtual address (bytes).
    pub vaddr: u32,
    /// Contents from the file (`p_filesz` bytes).
    pub data: Vec<u8>,
    /// Size in memory (bytes, ≥ `data.len()`; the rest is zero).
    pub memsz: u32,
    /// `PF_X`: holds code.
    pub exec: bool,
}

/// A parsed executable.
#[derive(Debug, Clone)]
pub struct Program {
    /// Entry point (`e_entry`).
    pub entry: u32,
    /// Loadable segments.
    pub segments: Vec<Segment>,
    /// The core named in `e_flags` (ISA-ST200 §6.1), if recognised.
    pub core: Option<isa::Core>,
    /// The machine the program was built for, from its
    /// `.note.st200.machine` (`isa::note`), if it records one.
    pub machine: Option<isa::model::ProcessorModel>,
    /// The executable sections (`SHF_EXECINSTR`) as (address, bytes), or
    /// the executable segments when the file has no section headers.
    pub code: Vec<(u32, Vec<u8>)>,
    /// Functions and source lines (symbol table and DWARF).
    pub symbols: Symbols,
    /// `__stack_top`, if the linker defined it.
    pub stack_top: Option<u32>,
    /// `__stack_limit` (the stack's lowest address), if the linker defined it.
    pub stack_limit: Option<u32>,
    /// `_gp`, if defined.
    pub gp: Option<u32>,
}

/// Size of the ELF32 file header (bytes).
const EHDR32_SIZE: usize = 52;

fn u16_at(b: &[u8], off: usize) -> u64 {
    u64::from(u16::from_le_bytes([b[off], b[off + 1]]))
}

fn u32_at(b: &[u8], off: usize) -> u64 {
    u64::from(u32::from_le_bytes([
        b[off],
        b[off + 1],
        b[off + 2],
        b[off + 3],
    ]))
}

/// The checks of the ELF header made before the ELF library reads the
/// file, each with its own message: the magic number, the header's size,
/// class, byte order, machine and type, then the program and section
/// header tables inside the file (ELF32 header fields: `e_type` at offset
/// 16, `e_machine` 18, `e_phoff` 28, `e_shoff` 32, `e_phentsize` 42,
/// `e_phnum` 44, `e_shentsize` 46, `e_shnum` 48).
fn check_header(b: &[u8]) -> Result<(), LoadError> {
    if b.len() < 4 || b[..4] != *b"\x7fELF" {
        return Err(LoadError::Unsupported(
            "not an ELF file (it does not start with the ELF magic number 7f 45 4c 46)".into(),
        ));
    }
    if b.len() < 6 {
        return Err(LoadError::Malformed(format!(
            "truncated: {} bytes, shorter than the {EHDR32_SIZE}-byte ELF header",
            b.len()
        )));
    }
    if b[4] == 2 {
        return Err(LoadError::Unsupported(
            "this is a 64-bit ELF file; ST200 executables are ELF32 (ISA-ST200 §6.1)".into(),
        ));
    }
    if b[4] != 1 {
        return Err(LoadError::Malformed(format!(
            "unknown ELF class {} (EI_CLASS; 1 is ELF32)",
            b[4]
        )));
    }
    if b[5] == 2 {
        return Err(LoadError::Unsupported(
            "big-endian ELF files are not supported (ISA-ST200 §1.1, §6.1)".into(),
        ));
    }
    if b[5] != 1 {
        return Err(LoadError::Malformed(format!(
            "unknown byte order {} (EI_DATA; 1 is little-endian)",
            b[5]
        )));
    }
    if b.len() < EHDR32_SIZE {
        return Err(LoadError::Malformed(format!(
            "truncated: {} bytes, shorter than the {EHDR32_SIZE}-byte ELF header",
            b.len()
        )));
    }
    let machine = u16_at(b, 18) as u16;
    if machine != isa::elf::EM_ST200 {
        return Err(LoadError::Unsupported(format!(
            "e_machine is {machine} ({}), not 100 (EM_ST200): this is not an ST200 program",
            header::machine_to_str(machine)
        )));
    }
    let kind = u16_at(b, 16) as u16;
    if kind != header::ET_EXEC {
        return Err(LoadError::Unsupported(format!(
            "ELF type is {kind} ({}), not an executable (ET_EXEC): link it with lld-st first",
            header::et_to_str(kind)
        )));
    }
    let len = b.len() as u64;
    for (what, off, entsize, num) in [
        (
            "program header table",
            u32_at(b, 28),
            u16_at(b, 42),
            u16_at(b, 44),
        ),
        (
            "section header table",
            u32_at(b, 32),
            u16_at(b, 46),
            u16_at(b, 48),
        ),
    ] {
        let end = off + entsize * num;
        if num > 0 && end > len {
            return Err(LoadError::Malformed(format!(
                "truncated: the {what} (offset {off}, {num} entries of {entsize} bytes) ends at byte {end}, past the end of the file ({len} bytes)"
            )));
        }
    }
    Ok(())
}

/// Top of the default stack when the executable has no `__stack_top`.
pub const DEFAULT_STACK_TOP: u32 = 0x8000_0000;
/// Size of the default stack, and of the stack mapped below a
/// `__stack_top` that no segment covers (bytes).
pub const DEFAULT_STACK_SIZE: u32 = 8 << 20;

impl Program {
    /// Parses and checks an executable.
    pub fn parse(bytes: &[u8]) -> Result<Program, LoadError> {
        check_header(bytes)?;
        // goblin reports malformed files as errors; the guard keeps a bug in
        // it from turning a bad input into a panic of stsim.
        let parsed = std::panic::catch_unwind(|| Elf::parse(bytes).map_err(|e| e.to_string()));
        let elf = match parsed {
            Ok(Ok(elf)) => elf,
            Ok(Err(e)) => return Err(LoadError::Malformed(e)),
            Err(_) => return Err(LoadError::Malformed("unreadable headers".into())),
        };
        if elf.is_64 {
            return Err(LoadError::Unsupported(
                "this is a 64-bit ELF file; ST200 executables are ELF32 (ISA-ST200 §6.1)".into(),
            ));
        }
        if !elf.little_endian {
            return Err(LoadError::Unsupported(
                "big-endian ELF files are not supported (ISA-ST200 §1.1, §6.1)".into(),
            ));
        }
        if elf.header.e_machine != isa::elf::EM_ST200 {
            return Err(LoadError::Unsupported(format!(
                "e_machine is {} ({}), not 100 (EM_ST200): this is not an ST200 program",
                elf.header.e_machine,
                header::machine_to_str(elf.header.e_machine)
            )));
        }
        if elf.header.e_type != header::ET_EXEC {
            return Err(LoadError::Unsupported(format!(
                "ELF type is {} ({}), not an executable (ET_EXEC): link it with lld-st first",
                elf.header.e_type,
                header::et_to_str(elf.header.e_type)
            )));
        }
        let entry = u32::try_from(elf.entry)
            .map_err(|_| LoadError::Malformed("entry point beyond 32 bits".into()))?;
        let mut segments = Vec::new();
        for (i, ph) in elf.program_headers.iter().enumerate() {
            if ph.p_type != program_header::PT_LOAD || ph.p_memsz == 0 {
                continue;
            }
            let bad = |what: &str| LoadError::Malformed(format!("program header {i}: {what}"));
            if ph.p_filesz > ph.p_memsz {
                return Err(bad("p_filesz is larger than p_memsz"));
            }
            let start = usize::try_from(ph.p_offset).map_err(|_| bad("offset too large"))?;
            let len = usize::try_from(ph.p_filesz).map_err(|_| bad("size too large"))?;
            let data = start
                .checked_add(len)
                .and_then(|end| bytes.get(start..end))
                .ok_or_else(|| bad("contents lie outside the file (truncated file?)"))?;
            let vaddr = u32::try_from(ph.p_vaddr).map_err(|_| bad("address beyond 32 bits"))?;
            let memsz = u32::try_from(ph.p_memsz).map_err(|_| bad("size beyond 32 bits"))?;
            match vaddr.checked_add(memsz - 1) {
                Some(last) if last < CREG_BASE => {}
                _ => {
                    return Err(LoadError::Layout(format!(
                        "segment {i} at 0x{vaddr:08x} (+{memsz} bytes): it must end below the control-register space at 0x{CREG_BASE:08x} (ISA-ST200 §1.1)"
                    )))
                }
            }
            segments.push(Segment {
                vaddr,
                data: data.to_vec(),
                memsz,
                exec: ph.p_flags & program_header::PF_X != 0,
            });
        }
        if segments.is_empty() {
            return Err(LoadError::Unsupported(
                "the file has no loadable segment (PT_LOAD)".into(),
            ));
        }
        let machine = isa::note::MachineNote::from_elf(bytes)
            .and_then(|n| n.map(|n| n.model()).transpose())
            .map_err(|e| LoadError::Unsupported(e.to_string()))?;
        let mut code = Vec::new();
        for sh in &elf.section_headers {
            if sh.sh_flags & u64::from(goblin::elf::section_header::SHF_EXECINSTR) == 0
                || sh.sh_type != goblin::elf::section_header::SHT_PROGBITS
            {
                continue;
            }
            let data = usize::try_from(sh.sh_offset)
                .ok()
                .zip(usize::try_from(sh.sh_size).ok())
                .and_then(|(o, n)| bytes.get(o..o.checked_add(n)?));
            match (data, u32::try_from(sh.sh_addr)) {
                (Some(d), Ok(a)) => code.push((a, d.to_vec())),
                _ => {
                    return Err(LoadError::Malformed(
                        "an executable section lies outside the file".into(),
                    ))
                }
            }
        }
        if elf.section_headers.is_empty() {
            code = segments
                .iter()
                .filter(|s| s.exec)
                .map(|s| (s.vaddr, s.data.clone()))
                .collect();
        }
        let symbols = Symbols::from_elf(&elf, bytes);
        let stack_top = symbols.lookup_name("__stack_top");
        let stack_limit = symbols.lookup_name("__stack_limit");
        let gp = symbols.lookup_name("_gp");
        Ok(Program {
            entry,
            segments,
            core: isa::elf::core_of_flags(elf.header.e_flags),
            machine,
            code,
            symbols,
            stack_top,
            stack_limit,
            gp,
        })
    }

    /// Maps the program into `machine` and sets the entry state
    /// (docs/src/design/architecture.md §5): PC = entry; a stack at `__stack_top` (mapped
    /// by a segment, else [`DEFAULT_STACK_SIZE`] bytes below it) or at
    /// [`DEFAULT_STACK_TOP`], whose lowest address (`__stack_limit`, else
    /// the bottom of the stack mapped here) is the machine's stack limit
    /// ([`Machine::set_stack_limit`]); at its top the strings of `args`, then, from
    /// `$r12` (8-byte aligned) upwards, `argc`, `argv[0..argc]`, NULL and an
    /// empty `envp` (NULL) per ISA-ST200 §7.3; `$r14` = `_gp`. Every
    /// other register is 0.
    pub fn load(&self, machine: &mut Machine, args: &[String]) -> Result<(), LoadError> {
        for s in &self.segments {
            let extra = s.memsz - s.data.len() as u32;
            if !machine.load_image(s.vaddr, &s.data, extra, s.exec) {
                return Err(LoadError::Layout(format!(
                    "segment at 0x{:08x} (+{} bytes)",
                    s.vaddr, s.memsz
                )));
            }
        }
        let top = self.stack_top.unwrap_or(DEFAULT_STACK_TOP) & !7;
        if top < 4096 {
            return Err(LoadError::Layout(format!(
                "a stack below __stack_top = 0x{top:08x}"
            )));
        }
        let mut limit = self.stack_limit.filter(|&l| l < top);
        if !machine.mem.is_mapped(top - 1) {
            let size = DEFAULT_STACK_SIZE.min(top - 4096);
            if !machine.load_image(top - size, &[], size, false) {
                return Err(LoadError::Layout(format!("the stack below 0x{top:08x}")));
            }
            limit = limit.or(Some(top - size));
        }
        machine.set_stack_limit(limit.unwrap_or(0));
        // Strings, then the vectors, from the top down.
        let mut strings = Vec::new();
        let mut offsets = Vec::new();
        for a in args {
            offsets.push(strings.len() as u32);
            strings.extend_from_slice(a.as_bytes());
            strings.push(0);
        }
        let argc = args.len() as u32;
        let vec_bytes = 4 * (1 + argc + 1 + 1);
        let need = strings.len() as u64 + vec_bytes as u64 + 16;
        if need > 1 << 20 {
            return Err(LoadError::Layout("the arguments: more than 1 MiB".into()));
        }
        let str_base = (top - strings.len() as u32) & !7;
        let sp = (str_base - vec_bytes) & !7;
        let mut block = Vec::with_capacity(vec_bytes as usize);
        block.extend_from_slice(&argc.to_le_bytes());
        for o in &offsets {
            block.extend_from_slice(&(str_base + o).to_le_bytes());
        }
        block.extend_from_slice(&0u32.to_le_bytes());
        block.extend_from_slice(&0u32.to_le_bytes());
        let ok = machine.mem.write_bytes(str_base, &strings).is_ok()
            && machine.mem.write_bytes(sp, &block).is_ok();
        if !ok {
            return Err(LoadError::Layout(format!(
                "the arguments below the stack top 0x{top:08x}: memory there is not mapped"
            )));
        }
        machine.set_pc(self.entry);
        machine.set_gr(isa::abi::SP, sp);
        machine.set_gr(isa::abi::GP, self.gp.unwrap_or(0));
        Ok(())
    }
}
