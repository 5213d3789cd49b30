//! Symbol resolution as GNU ld does it: inputs are loaded in command-line
//! order; an archive member is pulled when it defines a symbol that is still
//! undefined (repeatedly within `--start-group` … `--end-group`); a strong
//! definition beats a weak one, two strong ones are an error, the largest
//! common wins and becomes a definition in a synthetic `COMMON` section.
//! Also the objects' core (ISA-ST200 §6.1 `e_flags`), the undefined
//! reference check with its `>>> referenced by` places, and the value of a
//! symbol once sections have addresses.

use super::{
    bind_name, GDef, Linker, OutSection, SecId, SHF_ALLOC, SHF_WRITE, SHT_NOBITS, STB_GLOBAL,
    STB_WEAK, STT_FILE, STT_FUNC, STT_SECTION,
};
use crate::input::{self, InSection, InSymbol, Object, SymPlace};
use crate::InputArg;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

enum Parsed {
    Object(Object),
    Archive(String, Vec<input::Member>),
    GroupStart,
    GroupEnd,
}

impl<'o> Linker<'o> {
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

    pub(super) fn entry_name(&self) -> Option<String> {
        self.opts
            .entry
            .clone()
            .or_else(|| self.entry_default.clone())
    }

    /// e_flags of the output: the inputs' core (§6.1), checked for agreement.
    pub(super) fn e_flags(&mut self) -> u32 {
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
    pub(super) fn allocate_commons(&mut self) {
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

    pub(super) fn check_undefined(
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
    pub(super) fn describe_place(&self, o: usize, s: usize, offset: u64) -> String {
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

    pub(super) fn sym_value(
        &self,
        o: usize,
        k: usize,
        outs: &[OutSection],
        place: &HashMap<SecId, (usize, u64)>,
    ) -> Option<u64> {
        let s = self.objects[o].symbols.get(k)?;
        match s.place {
            SymPlace::Absolute => Some(s.value),
            SymPlace::Section(sec) => place
                .get(&(o, sec))
                .map(|&(i, off)| outs[i].addr + off + s.value),
            _ => None,
        }
    }

    pub(super) fn global_value(
        &self,
        name: &str,
        syms: &HashMap<String, u64>,
        outs: &[OutSection],
        place: &HashMap<SecId, (usize, u64)>,
    ) -> Option<u64> {
        match self.globals.get(name)?.def {
            Some(GDef::Object(o, k)) => self.sym_value(o, k, outs, place),
            Some(GDef::Script) => syms.get(name).copied(),
            None => syms.get(name).copied(),
        }
    }
}
