//! The link: loading inputs and pulling archive members, symbol resolution
//! (strong, weak, common), garbage collection of sections, layout by a
//! linker script, relocation (ISA-ST200.md §6.2, computed by `isa::reloc`),
//! DWARF concatenation, and the executable (§6.1).

use crate::input::{self, InReloc, InSection, InSymbol, Object, SymPlace};
use crate::script::{self, Assign, Expr, OutputCommand, Script, SectionsCommand};
use crate::{InputArg, LinkError, LinkOptions, LinkOutput};
use isa::elf::{reloc_type, RelocField, RelocValue};
use isa::reloc::{self, RelocInputs};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

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

    fn add_object(&mut self, obj: Object) {
        let id = self.objects.len();
        for (k, s) in obj.symbols.iter().enumerate() {
            if !bind_name(s) || s.kind == STT_FILE || s.kind == STT_SECTION {
                continue;
            }
            let g = self.globals.entry(s.name.clone()).or_default();
            match s.place {
                SymPlace::Undefined => {
                    g.referenced = true;
                    if s.bind != STB_WEAK {
                        g.strong_ref = true;
                    }
                }
                SymPlace::Common => {
                    if g.def.is_none() {
                        let (size, align) = (s.size, s.value.max(1));
                        g.common = Some(match g.common {
                            Some((o, k2, sz, al)) => {
                                if size > sz {
                                    (id, k, size, al.max(align))
                                } else {
                                    (o, k2, sz, al.max(align))
                                }
                            }
                            None => (id, k, size, align),
                        });
                    }
                }
                SymPlace::Absolute | SymPlace::Section(_) => {
                    let weak = s.bind == STB_WEAK;
                    match g.def {
                        None => {
                            g.def = Some(GDef::Object(id, k));
                            g.weak = weak;
                            g.common = None;
                        }
                        Some(GDef::Object(o2, _)) => {
                            if g.weak && !weak {
                                g.def = Some(GDef::Object(id, k));
                                g.weak = false;
                            } else if !g.weak && !weak {
                                let first = self
                                    .objects
                                    .get(o2)
                                    .map_or("?".to_string(), |o| o.name.clone());
                                self.errors.push(format!(
                                    "duplicate symbol '{}'\n>>> defined in {}\n>>> defined in {}",
                                    s.name, first, obj.name
                                ));
                            }
                        }
                        Some(GDef::Script) => {}
                    }
                }
            }
        }
        self.objects.push(obj);
        self.order.push(id);
    }

    fn undefined_wanted(&self, name: &str) -> bool {
        self.globals
            .get(name)
            .is_some_and(|g| g.def.is_none() && g.common.is_none() && g.strong_ref)
    }

    /// Pulls members of the archives in `group` until no member resolves a
    /// new undefined symbol (GNU ld's rule within a group, and for a single
    /// archive).
    fn pull(&mut self, group: &mut [(String, Vec<Option<input::Member>>)]) {
        loop {
            let mut pulled = false;
            for (aname, members) in group.iter_mut() {
                loop {
                    let mut again = false;
                    for slot in members.iter_mut() {
                        let wanted = slot
                            .as_ref()
                            .is_some_and(|m| m.defines.iter().any(|d| self.undefined_wanted(d)));
                        if wanted {
                            let m = slot.take().expect("checked above");
                            let mut obj = m.object;
                            obj.name = format!("{aname}({})", m.name);
                            self.add_object(obj);
                            again = true;
                            pulled = true;
                        }
                    }
                    if !again {
                        break;
                    }
                }
            }
            if !pulled {
                return;
            }
        }
    }

    /// Loads every input in order, pulling archive members on demand.
    pub(crate) fn load(&mut self) {
        // Symbols that --defsym defines count as defined.
        for (name, _) in &self.opts.defsyms {
            self.globals.entry(name.clone()).or_default().def = Some(GDef::Script);
        }
        if let Some(e) = self.entry_name() {
            let g = self.globals.entry(e).or_default();
            g.referenced = true;
        }
        let inputs = &self.opts.inputs;
        // Parse every file first, in parallel.
        let parsed: Vec<Result<Parsed, String>> = inputs
            .par_iter()
            .map(|a| match a {
                InputArg::File { name, data } => {
                    if input::is_archive(data) {
                        input::parse_archive(data)
                            .map(|m| Parsed::Archive(name.clone(), m))
                            .map_err(|e| format!("{name}: {e}"))
                    } else if input::is_elf(data) {
                        input::parse_object(name, data)
                            .map(Parsed::Object)
                            .map_err(|e| format!("{name}: {e}"))
                    } else if data.is_empty() {
                        Err(format!("{name}: file is empty"))
                    } else {
                        Err(format!(
                            "{name}: unknown file type (neither an ELF object nor an ar archive)"
                        ))
                    }
                }
                InputArg::GroupStart => Ok(Parsed::GroupStart),
                InputArg::GroupEnd => Ok(Parsed::GroupEnd),
            })
            .collect();
        let mut group: Option<Vec<(String, Vec<Option<input::Member>>)>> = None;
        for p in parsed {
            match p {
                Err(e) => self.errors.push(e),
                Ok(Parsed::Object(o)) => self.add_object(o),
                Ok(Parsed::Archive(name, members)) => {
                    let entry = (name, members.into_iter().map(Some).collect());
                    match &mut group {
                        Some(g) => g.push(entry),
                        None => self.pull(&mut [entry]),
                    }
                }
                Ok(Parsed::GroupStart) => {
                    if group.is_some() {
                        self.errors.push("nested --start-group".into());
                    }
                    group = Some(Vec::new());
                }
                Ok(Parsed::GroupEnd) => match group.take() {
                    Some(mut g) => self.pull(&mut g),
                    None => self.errors.push("--end-group without --start-group".into()),
                },
            }
        }
        if let Some(mut g) = group.take() {
            self.pull(&mut g);
        }
    }

    fn entry_name(&self) -> Option<String> {
        self.opts
            .entry
            .clone()
            .or_else(|| self.entry_default.clone())
    }

    /// e_flags of the output: the inputs' core (§6.1), checked for agreement.
    fn e_flags(&mut self) -> u32 {
        let mut seen: Vec<(u32, String)> = Vec::new();
        for o in &self.objects {
            if o.name == "<common>" {
                continue;
            }
            if let Some(core) = isa::elf::core_of_flags(o.e_flags) {
                let code = isa::elf::core_code(core);
                if !seen.iter().any(|(c, _)| *c == code) {
                    seen.push((code, format!("{} ({core})", o.name)));
                }
            }
        }
        if seen.len() > 1 && !self.opts.allow_mixed_cores {
            let list: Vec<String> = seen.iter().map(|(_, n)| n.clone()).collect();
            self.errors.push(format!("objects for different cores cannot be linked together (use --allow-mixed-cores): {}", list.join(", ")));
        }
        let core = seen
            .first()
            .and_then(|(c, _)| isa::elf::core_from_code(*c))
            .unwrap_or(isa::Core::St231);
        isa::elf::e_flags(core)
    }

    /// Common symbols become a synthetic `COMMON` section of a synthetic object.
    fn allocate_commons(&mut self) {
        let mut commons: Vec<(String, u64, u64)> = self
            .globals
            .iter()
            .filter(|(_, g)| g.def.is_none())
            .filter_map(|(n, g)| g.common.map(|(_, _, size, align)| (n.clone(), size, align)))
            .collect();
        if commons.is_empty() {
            return;
        }
        commons.sort();
        let mut offset = 0u64;
        let mut symbols = vec![InSymbol {
            name: String::new(),
            bind: 0,
            kind: 0,
            place: SymPlace::Undefined,
            value: 0,
            size: 0,
        }];
        let mut align_max = 1;
        for (name, size, align) in &commons {
            offset = offset.next_multiple_of(*align);
            align_max = align_max.max(*align);
            symbols.push(InSymbol {
                name: name.clone(),
                bind: STB_GLOBAL,
                kind: 1,
                place: SymPlace::Section(1),
                value: offset,
                size: *size,
            });
            offset += size;
        }
        let sec = InSection {
            name: "COMMON".into(),
            sh_type: SHT_NOBITS,
            flags: SHF_ALLOC | SHF_WRITE,
            align: align_max,
            size: offset,
            data: Vec::new(),
            relocs: Vec::new(),
        };
        let null = InSection {
            name: String::new(),
            sh_type: 0,
            flags: 0,
            align: 1,
            size: 0,
            data: Vec::new(),
            relocs: Vec::new(),
        };
        let obj = Object {
            name: "<common>".into(),
            e_flags: 0,
            sections: vec![null, sec],
            symbols,
        };
        let id = self.objects.len();
        for (k, (name, _, _)) in commons.iter().enumerate() {
            let g = self.globals.get_mut(name).expect("listed above");
            g.def = Some(GDef::Object(id, k + 1));
            g.common = None;
        }
        self.objects.push(obj);
        self.order.push(id);
    }

    /// The section a symbol of object `o` is defined in, if any.
    fn symbol_section(&self, o: usize, k: usize) -> Option<SecId> {
        let s = self.objects[o].symbols.get(k)?;
        if bind_name(s) && s.kind != STT_SECTION {
            return match self.globals.get(&s.name)?.def {
                Some(GDef::Object(o2, k2)) => match self.objects[o2].symbols[k2].place {
                    SymPlace::Section(sec) => Some((o2, sec)),
                    _ => None,
                },
                _ => None,
            };
        }
        match s.place {
            SymPlace::Section(sec) => Some((o, sec)),
            _ => None,
        }
    }

    fn is_input_section(s: &InSection) -> bool {
        !s.name.is_empty()
            && !matches!(
                s.sh_type,
                0 | SHT_SYMTAB | SHT_STRTAB | SHT_RELA | SHT_REL | SHT_GROUP
            )
    }

    /// `--gc-sections`: the allocated sections reachable from the roots
    /// (entry, KEEP, --defsym symbols) through relocations.
    fn live_sections(&self, script: &Script) -> HashSet<SecId> {
        let mut live: HashSet<SecId> = HashSet::new();
        let mut work: Vec<SecId> = Vec::new();
        let mark = |id: SecId, live: &mut HashSet<SecId>, work: &mut Vec<SecId>| {
            if live.insert(id) {
                work.push(id);
            }
        };
        let root_names: Vec<String> = self
            .entry_name()
            .into_iter()
            .chain(self.opts.defsyms.iter().map(|(n, _)| n.clone()))
            .collect();
        for n in root_names {
            if let Some(Global {
                def: Some(GDef::Object(o, k)),
                ..
            }) = self.globals.get(&n)
            {
                if let SymPlace::Section(s) = self.objects[*o].symbols[*k].place {
                    mark((*o, s), &mut live, &mut work);
                }
            }
        }
        let keeps: Vec<&script::InputSpec> = script
            .commands
            .iter()
            .filter_map(|c| match c {
                SectionsCommand::Output(o) => Some(o),
                _ => None,
            })
            .flat_map(|o| o.commands.iter())
            .filter_map(|c| match c {
                OutputCommand::Input(i) if i.keep => Some(i),
                _ => None,
            })
            .collect();
        for (o, obj) in self.objects.iter().enumerate() {
            for (s, sec) in obj.sections.iter().enumerate() {
                if !Self::is_input_section(sec) {
                    continue;
                }
                let keep = keeps.iter().any(|k| {
                    file_matches(&k.file, &obj.name)
                        && k.sections.iter().any(|p| script::glob(p, &sec.name))
                });
                // Non-allocated sections (debug info) are kept but are no roots.
                if keep {
                    mark((o, s), &mut live, &mut work);
                }
            }
        }
        while let Some((o, s)) = work.pop() {
            for r in &self.objects[o].sections[s].relocs {
                if let Some(t) = self.symbol_section(o, r.sym) {
                    mark(t, &mut live, &mut work);
                }
            }
        }
        for (o, obj) in self.objects.iter().enumerate() {
            for (s, sec) in obj.sections.iter().enumerate() {
                if Self::is_input_section(sec) && !sec.is_alloc() {
                    live.insert((o, s));
                }
            }
        }
        live
    }

    // ------------------------------------------------------------------
    // Layout.

    /// Assigns input sections to output sections (first match wins), adds
    /// orphans, then gives addresses. Returns output sections and the
    /// values of script-defined symbols.
    fn layout(
        &mut self,
        script: &Script,
        live: Option<&HashSet<SecId>>,
    ) -> (Vec<OutSection>, HashMap<String, u64>) {
        // 1. Matching.
        let mut assigned: HashSet<SecId> = HashSet::new();
        // Per output-section command index, per input-spec index: the sections matched.
        let mut matched: Vec<Vec<Vec<SecId>>> = Vec::new();
        let commands = &script.commands;
        for c in commands {
            let SectionsCommand::Output(os) = c else {
                matched.push(Vec::new());
                continue;
            };
            let mut per_spec = Vec::new();
            for oc in &os.commands {
                let mut list = Vec::new();
                if let OutputCommand::Input(spec) = oc {
                    for &o in &self.order {
                        let obj = &self.objects[o];
                        if !file_matches(&spec.file, &obj.name) {
                            continue;
                        }
                        for (s, sec) in obj.sections.iter().enumerate() {
                            if !Self::is_input_section(sec) || assigned.contains(&(o, s)) {
                                continue;
                            }
                            if live.is_some_and(|l| !l.contains(&(o, s))) {
                                continue;
                            }
                            if spec.sections.iter().any(|p| script::glob(p, &sec.name)) {
                                assigned.insert((o, s));
                                list.push((o, s));
                            }
                        }
                    }
                }
                per_spec.push(list);
            }
            matched.push(per_spec);
        }
        // 2. Orphans: same-named output section, else a new one after the
        // last output section of the same kind.
        let mut orphans: Vec<(String, u64, u32, Vec<SecId>)> = Vec::new();
        for &o in &self.order {
            for (s, sec) in self.objects[o].sections.iter().enumerate() {
                if !Self::is_input_section(sec)
                    || assigned.contains(&(o, s))
                    || live.is_some_and(|l| !l.contains(&(o, s)))
                {
                    continue;
                }
                match orphans.iter_mut().find(|x| x.0 == sec.name) {
                    Some(x) => x.3.push((o, s)),
                    None => orphans.push((sec.name.clone(), sec.flags, sec.sh_type, vec![(o, s)])),
                }
            }
        }
        // Output-section list: (name, flags, sh_type, noload, line, items) where
        // items are per command: Assign or a list of input sections.
        enum Item<'a> {
            Assign(&'a Assign),
            Inputs(Vec<SecId>),
        }
        struct Plan<'a> {
            name: String,
            addr: Option<&'a Expr>,
            noload: bool,
            region: Option<&'a str>,
            items: Vec<Item<'a>>,
            line: usize,
            alloc: bool,
        }
        enum Cmd<'a> {
            Assign(&'a Assign),
            Out(Plan<'a>),
        }
        let mut plan: Vec<Cmd> = Vec::new();
        for (ci, c) in commands.iter().enumerate() {
            match c {
                SectionsCommand::Assign(a) => plan.push(Cmd::Assign(a)),
                SectionsCommand::Output(os) => {
                    let mut items = Vec::new();
                    for (si, oc) in os.commands.iter().enumerate() {
                        match oc {
                            OutputCommand::Assign(a) => items.push(Item::Assign(a)),
                            OutputCommand::Input(_) => {
                                items.push(Item::Inputs(matched[ci][si].clone()));
                            }
                        }
                    }
                    plan.push(Cmd::Out(Plan {
                        name: os.name.clone(),
                        addr: os.addr.as_ref(),
                        noload: os.noload,
                        region: os.region.as_deref(),
                        items,
                        line: os.line,
                        alloc: true,
                    }));
                }
            }
        }
        let kind = |flags: u64, t: u32| -> u8 {
            if flags & SHF_ALLOC == 0 {
                0
            } else if flags & SHF_EXECINSTR != 0 {
                1
            } else if flags & SHF_WRITE == 0 {
                2
            } else if t == SHT_NOBITS {
                4
            } else {
                3
            }
        };
        for (name, flags, t, secs) in orphans {
            // Same name: append.
            if let Some(Cmd::Out(p)) = plan
                .iter_mut()
                .find(|c| matches!(c, Cmd::Out(p) if p.name == name))
            {
                p.items.push(Item::Inputs(secs));
                continue;
            }
            let k = kind(flags, t);
            let new = Plan {
                name,
                addr: None,
                noload: false,
                region: None,
                items: vec![Item::Inputs(secs)],
                line: 0,
                alloc: k != 0,
            };
            if k == 0 {
                plan.push(Cmd::Out(new));
                continue;
            }
            // After the last output section whose inputs have the same kind.
            let objects = &self.objects;
            let pos = plan.iter().rposition(|c| match c {
                Cmd::Out(p) => p.items.iter().any(|i| match i {
                    Item::Inputs(v) => v.iter().any(|&(o, s)| {
                        let sec = &objects[o].sections[s];
                        kind(sec.flags, sec.sh_type) == k
                    }),
                    _ => false,
                }),
                _ => false,
            });
            match pos {
                Some(p) => plan.insert(p + 1, Cmd::Out(new)),
                None => {
                    // Before the first non-alloc section.
                    let p = plan
                        .iter()
                        .position(|c| matches!(c, Cmd::Out(p) if !p.alloc))
                        .unwrap_or(plan.len());
                    plan.insert(p, Cmd::Out(new));
                }
            }
        }

        // 3. Addresses.
        let mut syms: HashMap<String, u64> = HashMap::new();
        let mut regions: Vec<(String, u64, u64, u64)> = Vec::new(); // name, origin, length, cursor
        for m in &script.memory {
            let origin = self.eval_const(&m.origin, &syms, 0, &[], &regions);
            let length = self.eval_const(&m.length, &syms, 0, &[], &regions);
            regions.push((m.name.clone(), origin, length, origin));
        }
        for (n, e) in &self.opts.defsyms {
            match script::parse(&format!("SECTIONS {{ {n} = {e}; }}")) {
                Ok(s) => {
                    if let Some(SectionsCommand::Assign(a)) = s.commands.first() {
                        let v = self.eval_const(&a.expr, &syms, 0, &[], &regions);
                        syms.insert(n.clone(), v);
                    }
                }
                Err(err) => self.errors.push(format!("--defsym {n}={e}: {err}")),
            }
        }
        let mut dot: u64 = 0;
        let mut outs: Vec<OutSection> = Vec::new();
        for c in &plan {
            match c {
                Cmd::Assign(a) => self.assign(a, &mut syms, &mut dot, &outs, &regions, None),
                Cmd::Out(p) => {
                    let inputs_of = |items: &[Item]| -> Vec<SecId> {
                        items
                            .iter()
                            .flat_map(|i| match i {
                                Item::Inputs(v) => v.clone(),
                                _ => Vec::new(),
                            })
                            .collect()
                    };
                    let all = inputs_of(&p.items);
                    let flags = all
                        .iter()
                        .fold(0u64, |f, &(o, s)| f | self.objects[o].sections[s].flags);
                    let alloc = p.alloc && (all.is_empty() || flags & SHF_ALLOC != 0);
                    let progbits = all
                        .iter()
                        .any(|&(o, s)| self.objects[o].sections[s].sh_type != SHT_NOBITS);
                    let sh_type = if p.noload || !progbits {
                        SHT_NOBITS
                    } else {
                        SHT_PROGBITS
                    };
                    let mut flags = flags;
                    if alloc {
                        flags |= SHF_ALLOC;
                        if p.noload || all.is_empty() {
                            flags |= SHF_WRITE;
                        }
                    }
                    let align = all
                        .iter()
                        .map(|&(o, s)| self.objects[o].sections[s].align)
                        .max()
                        .unwrap_or(1);
                    let start_override = self
                        .opts
                        .section_starts
                        .iter()
                        .find(|(n, _)| *n == p.name)
                        .map(|(_, a)| *a);
                    let mut cur = if !alloc {
                        0
                    } else if let Some(a) = start_override {
                        a
                    } else if let Some(e) = p.addr {
                        self.eval_const(e, &syms, dot, &outs, &regions)
                    } else if let Some(r) = p.region {
                        match regions.iter().find(|x| x.0 == r) {
                            Some(x) => x.3,
                            None => {
                                self.errors.push(format!("output section {} is placed in memory region {r}, which MEMORY does not define", p.name));
                                dot
                            }
                        }
                    } else {
                        dot
                    };
                    cur = cur.next_multiple_of(align);
                    let start = cur;
                    let mut placed = Vec::new();
                    for item in &p.items {
                        match item {
                            Item::Assign(a) => {
                                self.assign(a, &mut syms, &mut cur, &outs, &regions, Some(&p.name));
                            }
                            Item::Inputs(v) => {
                                for &(o, s) in v {
                                    let sec = &self.objects[o].sections[s];
                                    cur = cur.next_multiple_of(sec.align);
                                    placed.push(((o, s), cur - start));
                                    cur += sec.size;
                                }
                            }
                        }
                    }
                    let size = cur.saturating_sub(start);
                    if let Some(r) = p.region {
                        if let Some(x) = regions.iter_mut().find(|x| x.0 == r) {
                            if cur > x.1.saturating_add(x.2) {
                                self.errors.push(format!(
                                    "section {} does not fit in memory region {}: overflowed by {} bytes",
                                    p.name,
                                    r,
                                    cur - (x.1 + x.2)
                                ));
                            }
                            x.3 = cur;
                        }
                    }
                    if alloc && p.region.is_none() {
                        dot = cur;
                    }
                    outs.push(OutSection {
                        name: p.name.clone(),
                        sh_type,
                        flags,
                        align,
                        addr: if alloc { start } else { 0 },
                        size,
                        inputs: placed,
                        data: Vec::new(),
                        line: p.line,
                    });
                }
            }
        }
        (outs, syms)
    }

    #[allow(clippy::too_many_arguments)]
    fn assign(
        &mut self,
        a: &Assign,
        syms: &mut HashMap<String, u64>,
        dot: &mut u64,
        outs: &[OutSection],
        regions: &[(String, u64, u64, u64)],
        section: Option<&str>,
    ) {
        let v = self.eval_const(&a.expr, syms, *dot, outs, regions);
        if a.target == "." {
            *dot = match a.op {
                "+=" => dot.wrapping_add(v),
                "-=" => dot.wrapping_sub(v),
                _ => v,
            };
            return;
        }
        if a.provide {
            let defined_by_object = matches!(
                self.globals.get(&a.target),
                Some(Global {
                    def: Some(GDef::Object(..)),
                    ..
                })
            );
            if defined_by_object || syms.contains_key(&a.target) {
                return;
            }
        }
        let old = syms.get(&a.target).copied().unwrap_or(0);
        let v = match a.op {
            "+=" => old.wrapping_add(v),
            "-=" => old.wrapping_sub(v),
            _ => v,
        };
        syms.insert(a.target.clone(), v);
        self.script_ctx.insert(
            a.target.clone(),
            (section.map(str::to_string), uses_dot(&a.expr)),
        );
        let g = self.globals.entry(a.target.clone()).or_default();
        if !matches!(g.def, Some(GDef::Object(..))) {
            g.def = Some(GDef::Script);
        }
    }

    fn eval_const(
        &mut self,
        e: &Expr,
        syms: &HashMap<String, u64>,
        dot: u64,
        outs: &[OutSection],
        regions: &[(String, u64, u64, u64)],
    ) -> u64 {
        match eval(e, syms, dot, outs, regions, &|n| {
            self.globals.get(n).is_some_and(|g| g.def.is_some())
        }) {
            Ok(v) => v,
            Err(m) => {
                self.errors.push(format!("linker script: {m}"));
                0
            }
        }
    }
}

/// Relocated contents of one input section, or its errors.
type Relocated = Result<Vec<u8>, Vec<String>>;

enum Parsed {
    Object(Object),
    Archive(String, Vec<input::Member>),
    GroupStart,
    GroupEnd,
}

/// Whether a file pattern matches an input name (`a.o`, `lib.a(m.o)`):
/// the pattern may name the whole, the archive or the member.
fn file_matches(pattern: &str, name: &str) -> bool {
    if pattern == "*" {
        return true;
    }
    if script::glob(pattern, name) {
        return true;
    }
    if let Some((archive, member)) = name.strip_suffix(')').and_then(|n| n.split_once('(')) {
        return script::glob(pattern, member) || script::glob(pattern, archive);
    }
    let base = name.rsplit('/').next().unwrap_or(name);
    script::glob(pattern, base)
}

/// Evaluates a script expression.
fn eval(
    e: &Expr,
    syms: &HashMap<String, u64>,
    dot: u64,
    outs: &[OutSection],
    regions: &[(String, u64, u64, u64)],
    defined: &dyn Fn(&str) -> bool,
) -> Result<u64, String> {
    let ev = |x: &Expr| eval(x, syms, dot, outs, regions, defined);
    Ok(match e {
        Expr::Num(v) => *v,
        Expr::Dot => dot,
        Expr::Sym(n) => *syms
            .get(n)
            .ok_or_else(|| format!("symbol '{n}' is used before it is defined in the script"))?,
        Expr::Unary(c, a) => {
            let v = ev(a)?;
            match c {
                '-' => v.wrapping_neg(),
                '~' => !v,
                _ => (v == 0) as u64,
            }
        }
        Expr::Cond(c, a, b) => {
            if ev(c)? != 0 {
                ev(a)?
            } else {
                ev(b)?
            }
        }
        Expr::Bin(op, a, b) => {
            let (x, y) = (ev(a)?, ev(b)?);
            match *op {
                "+" => x.wrapping_add(y),
                "-" => x.wrapping_sub(y),
                "*" => x.wrapping_mul(y),
                "/" => x.checked_div(y).ok_or("division by zero")?,
                "%" => x.checked_rem(y).ok_or("division by zero")?,
                "&" => x & y,
                "|" => x | y,
                "^" => x ^ y,
                "<<" => x.wrapping_shl(y as u32),
                ">>" => x.wrapping_shr(y as u32),
                "==" => (x == y) as u64,
                "!=" => (x != y) as u64,
                "<" => (x < y) as u64,
                ">" => (x > y) as u64,
                "<=" => (x <= y) as u64,
                ">=" => (x >= y) as u64,
                "&&" => (x != 0 && y != 0) as u64,
                "||" => (x != 0 || y != 0) as u64,
                _ => return Err(format!("unknown operator {op}")),
            }
        }
        Expr::Call(f, args) => {
            let name = || match args.first() {
                Some(Expr::Sym(n)) => Ok(n.as_str()),
                _ => Err(format!("{f} takes a name")),
            };
            match (f.as_str(), args.len()) {
                ("ALIGN", 1) => {
                    let a = ev(&args[0])?;
                    if a == 0 || !a.is_power_of_two() {
                        return Err(format!("ALIGN({a}): not a power of two"));
                    }
                    dot.next_multiple_of(a)
                }
                ("ALIGN", 2) => {
                    let (v, a) = (ev(&args[0])?, ev(&args[1])?);
                    if a == 0 || !a.is_power_of_two() {
                        return Err(format!("ALIGN(…, {a}): not a power of two"));
                    }
                    v.next_multiple_of(a)
                }
                ("ABSOLUTE", 1) => ev(&args[0])?,
                ("MAX", 2) => ev(&args[0])?.max(ev(&args[1])?),
                ("MIN", 2) => ev(&args[0])?.min(ev(&args[1])?),
                ("ADDR", _) | ("LOADADDR", _) => {
                    let n = name()?;
                    outs.iter()
                        .find(|o| o.name == n)
                        .map(|o| o.addr)
                        .ok_or_else(|| format!("ADDR({n}): no such output section (yet)"))?
                }
                ("SIZEOF", _) => {
                    let n = name()?;
                    outs.iter()
                        .find(|o| o.name == n)
                        .map(|o| o.size)
                        .ok_or_else(|| format!("SIZEOF({n}): no such output section (yet)"))?
                }
                ("ORIGIN", _) => {
                    let n = name()?;
                    regions
                        .iter()
                        .find(|r| r.0 == n)
                        .map(|r| r.1)
                        .ok_or_else(|| format!("ORIGIN({n}): no such memory region"))?
                }
                ("LENGTH", _) => {
                    let n = name()?;
                    regions
                        .iter()
                        .find(|r| r.0 == n)
                        .map(|r| r.2)
                        .ok_or_else(|| format!("LENGTH({n}): no such memory region"))?
                }
                ("DEFINED", _) => {
                    let n = name()?;
                    (syms.contains_key(n) || defined(n)) as u64
                }
                _ => {
                    return Err(format!(
                        "{f} with {} argument(s) is not supported",
                        args.len()
                    ))
                }
            }
        }
    })
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

    fn check_undefined(
        &mut self,
        script_defs: &HashSet<String>,
        syms: &HashMap<String, u64>,
        live: Option<&HashSet<SecId>>,
    ) {
        let mut missing: Vec<(String, Vec<String>)> = Vec::new();
        let mut names: Vec<&String> = self.globals.keys().collect();
        names.sort();
        for name in names {
            let g = &self.globals[name];
            if g.def.is_some()
                || !g.strong_ref
                || script_defs.contains(name)
                || syms.contains_key(name)
            {
                continue;
            }
            // Every referencing place.
            let mut refs = Vec::new();
            for &o in &self.order {
                let obj = &self.objects[o];
                for (s, sec) in obj.sections.iter().enumerate() {
                    if live.is_some_and(|l| !l.contains(&(o, s))) || !sec.is_alloc() {
                        continue;
                    }
                    for r in &sec.relocs {
                        if obj
                            .symbols
                            .get(r.sym)
                            .is_some_and(|x| &x.name == name && bind_name(x))
                        {
                            refs.push(self.describe_place(o, s, r.offset));
                        }
                    }
                }
            }
            if refs.is_empty() && live.is_some() {
                continue; // only referenced from removed sections
            }
            missing.push((name.clone(), refs));
        }
        for (name, refs) in missing {
            let mut m = format!("undefined reference to '{name}'");
            for r in refs {
                let _ = write!(m, "\n>>> referenced by {r}");
            }
            self.errors.push(m);
        }
    }

    /// `file:line (function f)\n>>>               obj:(.sec+0xoff)` for messages.
    fn describe_place(&self, o: usize, s: usize, offset: u64) -> String {
        let obj = &self.objects[o];
        let sec = &obj.sections[s];
        let mut out = format!("{}:({}+0x{offset:x})", obj.name, sec.name);
        let func = obj
            .symbols
            .iter()
            .filter(|x| {
                x.kind == STT_FUNC
                    && x.place == SymPlace::Section(s)
                    && x.value <= offset
                    && offset < x.value + x.size.max(1)
            })
            .map(|x| x.name.clone())
            .next();
        if let Some(f) = func {
            let _ = write!(out, " in function {f}");
        }
        if let Some((file, line)) = crate::dwarf::line_of(obj, s, offset) {
            let _ = write!(out, " at {file}:{line}");
        }
        out
    }

    fn sym_value(
        &self,
        o: usize,
        k: usize,
        syms: &HashMap<String, u64>,
        outs: &[OutSection],
        place: &HashMap<SecId, (usize, u64)>,
    ) -> Option<u64> {
        let s = self.objects[o].symbols.get(k)?;
        match s.place {
            SymPlace::Absolute => Some(s.value),
            SymPlace::Section(sec) => place
                .get(&(o, sec))
                .map(|&(i, off)| outs[i].addr + off + s.value),
            _ => {
                let _ = syms;
                None
            }
        }
    }

    fn global_value(
        &self,
        name: &str,
        syms: &HashMap<String, u64>,
        outs: &[OutSection],
        place: &HashMap<SecId, (usize, u64)>,
    ) -> Option<u64> {
        match self.globals.get(name)?.def {
            Some(GDef::Object(o, k)) => self.sym_value(o, k, syms, outs, place),
            Some(GDef::Script) => syms.get(name).copied(),
            None => syms.get(name).copied(),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn relocate(
        &self,
        id: SecId,
        out: &OutSection,
        off: u64,
        syms: &HashMap<String, u64>,
        outs: &[OutSection],
        place: &HashMap<SecId, (usize, u64)>,
        gp: Option<u64>,
        segments: &[(u64, u64)],
    ) -> Result<Vec<u8>, Vec<String>> {
        let (o, s) = id;
        let obj = &self.objects[o];
        let sec = &obj.sections[s];
        let mut data = sec.data.clone();
        let mut errors = Vec::new();
        let is_debug = !sec.is_alloc();
        let base = out.addr + off;
        let hi23_at: HashSet<u64> = sec
            .relocs
            .iter()
            .filter(|r| reloc_type(r.r_type).is_some_and(|t| t.field == RelocField::Hi23))
            .map(|r| r.offset)
            .collect();
        for r in &sec.relocs {
            let Some(rt) = reloc_type(r.r_type) else {
                errors.push(format!(
                    "{}: unknown relocation type {} (ISA-ST200 §6.2 defines 0..38)",
                    self.describe_place(o, s, r.offset),
                    r.r_type
                ));
                continue;
            };
            if rt.field == RelocField::None {
                continue;
            }
            let Some(sym) = obj.symbols.get(r.sym) else {
                continue;
            };
            let width = isa::reloc::field_size(rt.field);
            let end = r.offset.checked_add(width as u64);
            if end.is_none_or(|e| e > data.len() as u64) {
                errors.push(format!(
                    "{}: relocation {} extends past the end of section {}",
                    self.describe_place(o, s, r.offset),
                    rt.name,
                    sec.name
                ));
                continue;
            }
            let sym_name = if sym.kind == STT_SECTION {
                obj.sections
                    .get(r.sym_section(sym))
                    .map_or(String::new(), |x| x.name.clone())
            } else {
                sym.name.clone()
            };
            // S: the symbol's address.
            let s_val = if bind_name(sym) && sym.kind != STT_SECTION {
                match self.globals.get(&sym.name).and_then(|g| g.def) {
                    Some(GDef::Object(o2, k2)) => self.sym_value(o2, k2, syms, outs, place),
                    Some(GDef::Script) => syms.get(&sym.name).copied(),
                    None => syms.get(&sym.name).copied().or(if sym.bind == STB_WEAK {
                        Some(0)
                    } else {
                        None
                    }),
                }
            } else {
                self.sym_value(o, r.sym, syms, outs, place)
            };
            let Some(s_val) = s_val else {
                if is_debug {
                    // Target discarded (--gc-sections): tombstone as lld does.
                    let t: u32 = if sec.name == ".debug_ranges" || sec.name == ".debug_loc" {
                        0xFFFF_FFFE
                    } else {
                        0xFFFF_FFFF
                    };
                    if rt.field == RelocField::Data32 {
                        data[r.offset as usize..r.offset as usize + 4]
                            .copy_from_slice(&t.to_le_bytes());
                    }
                    continue;
                }
                errors.push(format!(
                    "{}: relocation {} against '{}', which is not defined or was discarded",
                    self.describe_place(o, s, r.offset),
                    rt.name,
                    sym_name
                ));
                continue;
            };
            if sym.kind == STT_TLS || matches!(rt.value, RelocValue::TpRelative) {
                errors.push(format!(
                    "{}: relocation {} against '{}' needs thread-local storage, which a static lld-st link does not support",
                    self.describe_place(o, s, r.offset),
                    rt.name,
                    sym_name
                ));
                continue;
            }
            let segment_base = segments
                .iter()
                .find(|&&(a, b)| a <= s_val && s_val < b.max(a + 1))
                .map(|&(a, _)| a);
            let inputs = RelocInputs {
                s: s_val,
                a: r.addend,
                p: base + r.offset,
                gp,
                tp: None,
                segment_base,
            };
            let value = match reloc::compute(rt, &inputs) {
                Ok(v) => v,
                Err(e) => {
                    errors.push(format!(
                        "{}: {e} (symbol '{sym_name}')",
                        self.describe_place(o, s, r.offset)
                    ));
                    continue;
                }
            };
            // A LO9 with no HI23 on the neighbouring extension is a lone short immediate.
            if rt.field == RelocField::Lo9
                && !hi23_at.contains(&(r.offset + 4))
                && !(r.offset >= 4 && hi23_at.contains(&(r.offset - 4)))
            {
                if let Err(e) = reloc::check_lo9_alone(rt, value) {
                    errors.push(format!(
                        "{}: {e} (symbol '{sym_name}')",
                        self.describe_place(o, s, r.offset)
                    ));
                    continue;
                }
            }
            if let Err(e) = reloc::patch(rt, value, &mut data[r.offset as usize..]) {
                errors.push(format!(
                    "{}: {e} (symbol '{sym_name}')",
                    self.describe_place(o, s, r.offset)
                ));
            }
        }
        if errors.is_empty() {
            Ok(data)
        } else {
            Err(errors)
        }
    }

    fn output_symbols(
        &self,
        syms: &HashMap<String, u64>,
        outs: &[OutSection],
        place: &HashMap<SecId, (usize, u64)>,
    ) -> Vec<OutSymbol> {
        // A script symbol belongs to the output section it was assigned in;
        // at top level, to the section its `.`-relative value falls in (or
        // ends at); a plain number is absolute.
        let section_of = |name: &str, addr: u64| -> Option<usize> {
            match self.script_ctx.get(name) {
                Some((Some(sec), _)) => outs.iter().position(|o| &o.name == sec),
                Some((None, true)) => outs.iter().rposition(|o| {
                    o.flags & SHF_ALLOC != 0 && o.addr <= addr && addr <= o.addr + o.size
                }),
                _ => None,
            }
        };
        let mut locals = Vec::new();
        let mut globals = Vec::new();
        for &o in &self.order {
            let obj = &self.objects[o];
            for (k, s) in obj.symbols.iter().enumerate() {
                if s.name.is_empty()
                    || s.kind == STT_SECTION
                    || s.kind == STT_FILE
                    || s.name.starts_with(".L")
                {
                    continue;
                }
                if bind_name(s) {
                    continue;
                }
                if let (SymPlace::Section(sec), Some(v)) =
                    (s.place, self.sym_value(o, k, syms, outs, place))
                {
                    let section = place.get(&(o, sec)).map(|p| p.0);
                    locals.push(OutSymbol {
                        name: s.name.clone(),
                        value: v,
                        size: s.size,
                        bind: STB_LOCAL,
                        kind: s.kind,
                        section,
                    });
                }
            }
        }
        let mut names: Vec<&String> = self.globals.keys().collect();
        names.sort();
        for n in names {
            let g = &self.globals[n];
            match g.def {
                Some(GDef::Object(o, k)) => {
                    let s = &self.objects[o].symbols[k];
                    let Some(v) = self.sym_value(o, k, syms, outs, place) else {
                        continue;
                    };
                    let section = match s.place {
                        SymPlace::Section(sec) => place.get(&(o, sec)).map(|p| p.0),
                        _ => None,
                    };
                    globals.push(OutSymbol {
                        name: n.clone(),
                        value: v,
                        size: s.size,
                        bind: if g.weak { STB_WEAK } else { STB_GLOBAL },
                        kind: s.kind,
                        section,
                    });
                }
                Some(GDef::Script) | None => {
                    if let Some(&v) = syms.get(n) {
                        globals.push(OutSymbol {
                            name: n.clone(),
                            value: v,
                            size: 0,
                            bind: STB_GLOBAL,
                            kind: 0,
                            section: section_of(n, v),
                        });
                    }
                }
            }
        }
        // Script symbols nobody referenced are still useful (e.g. __stack_top).
        let mut extra: Vec<(&String, &u64)> = syms
            .iter()
            .filter(|(n, _)| !self.globals.contains_key(*n))
            .collect();
        extra.sort();
        for (n, &v) in extra {
            globals.push(OutSymbol {
                name: n.clone(),
                value: v,
                size: 0,
                bind: STB_GLOBAL,
                kind: 0,
                section: section_of(n, v),
            });
        }
        locals.extend(globals);
        locals
    }

    fn map_text(
        &self,
        outs: &[OutSection],
        syms: &HashMap<String, u64>,
        place: &HashMap<SecId, (usize, u64)>,
    ) -> String {
        let mut m = String::new();
        let _ = writeln!(m, "Memory Configuration\n\nName             Origin             Length             Attributes\n*default*        0x0000000000000000 0xffffffffffffffff\n");
        let _ = writeln!(m, "Linker script and memory map\n");
        for (i, o) in outs.iter().enumerate() {
            let _ = writeln!(m, "{:<15} 0x{:016x} {:>#10x}", o.name, o.addr, o.size);
            for &((obj, s), off) in &o.inputs {
                let ob = &self.objects[obj];
                let sec = &ob.sections[s];
                let _ = writeln!(
                    m,
                    " {:<14} 0x{:016x} {:>#10x} {}",
                    sec.name,
                    o.addr + off,
                    sec.size,
                    ob.name
                );
                let mut here: Vec<(u64, &str)> = ob
                    .symbols
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| {
                        bind_name(x) && x.place == SymPlace::Section(s) && x.kind != STT_SECTION
                    })
                    .filter_map(|(k, x)| {
                        self.sym_value(obj, k, syms, outs, place)
                            .map(|v| (v, x.name.as_str()))
                    })
                    .collect();
                here.sort();
                for (v, n) in here {
                    let _ = writeln!(m, "                0x{v:016x}                {n}");
                }
            }
            let _ = i;
            let _ = writeln!(m);
        }
        let mut script_syms: Vec<(&u64, &String)> = syms.iter().map(|(n, v)| (v, n)).collect();
        script_syms.sort();
        let _ = writeln!(m, "Symbols defined by the linker script and --defsym\n");
        for (v, n) in script_syms {
            let _ = writeln!(m, "                0x{v:016x}                {n}");
        }
        m
    }
}

fn uses_dot(e: &Expr) -> bool {
    match e {
        Expr::Dot => true,
        Expr::Num(_) | Expr::Sym(_) => false,
        Expr::Unary(_, a) => uses_dot(a),
        Expr::Bin(_, a, b) => uses_dot(a) || uses_dot(b),
        Expr::Cond(c, a, b) => uses_dot(c) || uses_dot(a) || uses_dot(b),
        Expr::Call(f, args) => matches!(f.as_str(), "ALIGN" | "ADDR") || args.iter().any(uses_dot),
    }
}

/// Loadable address ranges [start, end) of the segments (used by SEGREL32).
fn segments_of(outs: &[OutSection]) -> Vec<(u64, u64)> {
    crate::output::segments(outs)
        .iter()
        .map(|s| (s.vaddr, s.vaddr + s.memsz))
        .collect()
}

fn collect_script_defs(script: &Script) -> HashSet<String> {
    let mut out = HashSet::new();
    for c in &script.commands {
        match c {
            SectionsCommand::Assign(a) => {
                out.insert(a.target.clone());
            }
            SectionsCommand::Output(o) => {
                for oc in &o.commands {
                    if let OutputCommand::Assign(a) = oc {
                        out.insert(a.target.clone());
                    }
                }
            }
        }
    }
    out
}

trait SymSection {
    fn sym_section(&self, sym: &InSymbol) -> usize;
}

impl SymSection for InReloc {
    fn sym_section(&self, sym: &InSymbol) -> usize {
        match sym.place {
            SymPlace::Section(s) => s,
            _ => 0,
        }
    }
}
