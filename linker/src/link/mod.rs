//! The link, from command-line inputs to the executable's bytes
//! (ISA-ST200 §6: ELF32 objects and relocations in, a static ELF32
//! executable out, §6.1, §6.3), in the order GNU ld works: load the inputs
//! and resolve symbols, allocate commons, garbage-collect sections, lay out
//! by the linker script, check undefined symbols, relocate, build the symbol
//! table and the map, write.
//!
//! This file holds the [`Linker`] state, the shared types and constants, and
//! [`Linker::run`], the sequence of steps. The steps live in:
//!
//! - `resolve`: loading objects and archives, pulling archive members and
//!   groups, strong/weak/common resolution, undefined references, symbol
//!   values;
//! - `gc`: `--gc-sections`;
//! - `placement`: the order of code sections for the I-cache;
//! - `layout`: linker-script evaluation and the placement of input sections
//!   in output sections at addresses;
//! - `relocate`: applying the `R_ST200_*` relocations (§6.2);
//! - `symtab`: the output symbol table;
//! - `map`: the `-Map` text.
//!
//! The ELF file itself is written by [`crate::output`].

mod gc;
mod layout;
mod machine;
mod map;
mod placement;
mod relocate;
mod resolve;
mod symtab;

use crate::input::{InSection, InSymbol, Object};
use crate::script;
use crate::{LinkError, LinkOptions, LinkOutput};
use layout::collect_script_defs;
use rayon::prelude::*;
use relocate::{segments_of, Relocated};
use std::collections::{HashMap, HashSet};

const STB_LOCAL: u8 = 0;
const STB_GLOBAL: u8 = 1;
const STB_WEAK: u8 = 2;
const STT_FUNC: u8 = 2;
const STT_SECTION: u8 = 3;
const STT_FILE: u8 = 4;
const STT_TLS: u8 = 6;
const SHT_PROGBITS: u32 = 1;
const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
const SHT_RELA: u32 = 4;
const SHT_NOBITS: u32 = 8;
const SHT_REL: u32 = 9;
const SHT_GROUP: u32 = 17;
const SHF_WRITE: u64 = 1;
const SHF_ALLOC: u64 = 2;
const SHF_EXECINSTR: u64 = 4;
/// Largest output section with contents (256 MiB).
const MAX_SECTION_BYTES: u64 = 1 << 28;
/// Page size used to align segments in the file (bytes).
pub const PAGE: u64 = 0x1000;

/// A section of an input object: (object index, section index).
pub type SecId = (usize, usize);

/// Where a global symbol is defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GDef {
    /// Defined in an object: (object, symbol index).
    Object(usize, usize),
    /// Defined by the script or `--defsym` (value known after layout).
    Script,
}

#[derive(Debug, Clone, Default)]
struct Global {
    def: Option<GDef>,
    weak: bool,
    /// Largest common seen: (object, symbol, size, alignment).
    common: Option<(usize, usize, u64, u64)>,
    /// Referenced by a non-weak undefined symbol.
    strong_ref: bool,
    referenced: bool,
}

/// An output section after layout.
#[derive(Debug, Clone)]
pub struct OutSection {
    /// Name.
    pub name: String,
    /// `sh_type`.
    pub sh_type: u32,
    /// `sh_flags`.
    pub flags: u64,
    /// Alignment in bytes.
    pub align: u64,
    /// Address (0 for non-alloc sections).
    pub addr: u64,
    /// Size in bytes.
    pub size: u64,
    /// Input sections with their offset in this section, in order.
    pub inputs: Vec<(SecId, u64)>,
    /// Bytes (filled for `SHT_PROGBITS`).
    pub data: Vec<u8>,
    /// Script line that made it, 0 for orphans.
    pub line: usize,
}

pub(crate) struct Linker<'o> {
    opts: &'o LinkOptions,
    objects: Vec<Object>,
    globals: HashMap<String, Global>,
    errors: Vec<String>,
    warnings: Vec<String>,
    /// Objects in the order they were loaded (archive members by need).
    order: Vec<usize>,
    /// Entry symbol named by the script (`ENTRY`), used without `-e`.
    entry_default: Option<String>,
    /// For each script-defined symbol: the output section it was assigned
    /// in (`Some`), or `None` at top level; and whether its value uses `.`.
    script_ctx: HashMap<String, (Option<String>, bool)>,
}

fn bind_name(s: &InSymbol) -> bool {
    s.bind != STB_LOCAL && !s.name.is_empty()
}

/// A symbol of the output symbol table.
#[derive(Debug, Clone)]
pub struct OutSymbol {
    /// Name.
    pub name: String,
    /// Value (address).
    pub value: u64,
    /// Size.
    pub size: u64,
    /// `STB_*`.
    pub bind: u8,
    /// `STT_*`.
    pub kind: u8,
    /// Output section index in `sections`, or `None` for absolute.
    pub section: Option<usize>,
}

/// Everything the output writer needs.
pub struct Image {
    /// Output sections in order (alloc ones by address order of the script).
    pub sections: Vec<OutSection>,
    /// Symbols (locals first).
    pub symbols: Vec<OutSymbol>,
    /// Entry address.
    pub entry: u64,
    /// `e_flags`.
    pub e_flags: u32,
}

impl<'o> Linker<'o> {
    pub(crate) fn new(opts: &'o LinkOptions) -> Linker<'o> {
        Linker {
            opts,
            objects: Vec::new(),
            globals: HashMap::new(),
            errors: Vec::new(),
            warnings: Vec::new(),
            order: Vec::new(),
            entry_default: None,
            script_ctx: HashMap::new(),
        }
    }

    fn is_input_section(s: &InSection) -> bool {
        !s.name.is_empty()
            && !machine::is_machine_note(s)
            && !matches!(
                s.sh_type,
                0 | SHT_SYMTAB | SHT_STRTAB | SHT_RELA | SHT_REL | SHT_GROUP
            )
    }

    /// Runs the whole link; returns the image and the map text.
    pub(crate) fn run(mut self) -> Result<LinkOutput, LinkError> {
        let script_text = self
            .opts
            .script
            .as_ref()
            .map(|(_, t)| t.as_str())
            .unwrap_or(script::DEFAULT_SCRIPT);
        let script = match script::parse(script_text) {
            Ok(s) => s,
            Err(e) => {
                let name = self
                    .opts
                    .script
                    .as_ref()
                    .map_or("<default script>", |(n, _)| n.as_str());
                return Err(LinkError {
                    messages: vec![format!("{name}:{e}")],
                });
            }
        };
        if self.opts.entry.is_none() {
            self.entry_default = script.entry.clone().or(Some("_start".into()));
        }
        self.load();
        if !self.errors.is_empty() {
            return Err(LinkError {
                messages: self.errors,
            });
        }
        self.allocate_commons();
        let e_flags = self.e_flags();
        let note = self.machine_note();
        // Symbols the script defines count as defined for the undefined check.
        let script_defs: HashSet<String> = collect_script_defs(&script);
        let live = self.opts.gc_sections.then(|| self.live_sections(&script));
        let mut gc_report = Vec::new();
        if let Some(l) = &live {
            for &o in &self.order {
                for (s, sec) in self.objects[o].sections.iter().enumerate() {
                    if Self::is_input_section(sec)
                        && sec.is_alloc()
                        && sec.size > 0
                        && !l.contains(&(o, s))
                    {
                        gc_report.push(format!(
                            "removing unused section '{}' in file '{}'",
                            sec.name, self.objects[o].name
                        ));
                    }
                }
            }
        }
        let (mut outs, syms) = self.layout(&script, live.as_ref());
        for o in &outs {
            if o.flags & SHF_ALLOC != 0 && o.addr.saturating_add(o.size) > 1 << 32 {
                self.errors.push(format!(
                    "section {} (0x{:x}, {} bytes) does not fit in the 32-bit address space",
                    o.name, o.addr, o.size
                ));
            }
            if o.sh_type != SHT_NOBITS && o.size > MAX_SECTION_BYTES {
                self.errors.push(format!("section {} would be {} bytes: larger than the {MAX_SECTION_BYTES} bytes lld-st writes", o.name, o.size));
            }
        }
        // Undefined references.
        self.check_undefined(&script_defs, &syms, live.as_ref());
        if !self.errors.is_empty() {
            return Err(LinkError {
                messages: self.errors,
            });
        }
        // Where each input section went.
        let mut place: HashMap<SecId, (usize, u64)> = HashMap::new();
        for (i, o) in outs.iter().enumerate() {
            for &(id, off) in &o.inputs {
                place.insert(id, (i, off));
            }
        }
        let gp = self.global_value("_gp", &syms, &outs, &place);
        let segments = segments_of(&outs);
        // Relocate every placed input section in parallel.
        let this = &self;
        let results: Vec<(SecId, Relocated)> = outs
            .par_iter()
            .flat_map(|o| o.inputs.par_iter().map(move |&(id, off)| (o, id, off)))
            .filter(|(o, id, _)| {
                o.sh_type != SHT_NOBITS && this.objects[id.0].sections[id.1].sh_type != SHT_NOBITS
            })
            .map(|(o, id, off)| {
                (
                    id,
                    this.relocate(id, o, off, &syms, &outs, &place, gp, &segments),
                )
            })
            .collect();
        let mut patched: HashMap<SecId, Vec<u8>> = HashMap::new();
        for (id, r) in results {
            match r {
                Ok(d) => {
                    patched.insert(id, d);
                }
                Err(e) => self.errors.extend(e),
            }
        }
        if !self.errors.is_empty() {
            return Err(LinkError {
                messages: self.errors,
            });
        }
        for o in outs.iter_mut() {
            if o.sh_type == SHT_NOBITS {
                continue;
            }
            o.data = vec![0; o.size as usize];
            for &(id, off) in &o.inputs {
                if let Some(d) = patched.remove(&id) {
                    let end = off as usize + d.len();
                    if end <= o.data.len() {
                        o.data[off as usize..end].copy_from_slice(&d);
                    }
                }
            }
        }
        if self.opts.strip_debug || self.opts.strip_all {
            outs.retain(|o| !o.name.starts_with(".debug"));
        }
        // Drop empty output sections that hold nothing (but keep symbols' values).
        let symbols = if self.opts.strip_all {
            Vec::new()
        } else {
            self.output_symbols(&syms, &outs, &place)
        };
        let entry_name = self
            .opts
            .entry
            .clone()
            .or(self.entry_default.clone())
            .unwrap_or_else(|| "_start".into());
        let entry = match self.global_value(&entry_name, &syms, &outs, &place) {
            Some(v) => v,
            None => {
                let text = outs
                    .iter()
                    .find(|o| o.name == ".text")
                    .map_or(0, |o| o.addr);
                self.warnings.push(format!(
                    "cannot find entry symbol {entry_name}; defaulting to 0x{text:x}"
                ));
                text
            }
        };
        let map = self.opts.map.then(|| self.map_text(&outs, &syms, &place));
        outs.extend(note);
        let image = Image {
            sections: outs,
            symbols,
            entry,
            e_flags,
        };
        let elf = crate::output::write(&image).map_err(|e| LinkError { messages: vec![e] })?;
        Ok(LinkOutput {
            elf,
            map,
            warnings: self.warnings,
            gc_removed: gc_report,
        })
    }
}
