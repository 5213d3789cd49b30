//! `--gc-sections`, as GNU ld does it: the roots are the section of the
//! entry symbol, of `--defsym` symbols and the input sections a script
//! `KEEP`s; a section is live when a relocation of a live section refers to
//! a symbol in it (ISA-ST200 §6.2). Non-allocated sections (debug
//! information) are kept, and their relocations against removed sections
//! are tombstoned by `relocate`.

use super::layout::file_matches;
use super::{bind_name, GDef, Global, Linker, SecId, STT_SECTION};
use crate::input::SymPlace;
use crate::script::{self, OutputCommand, Script, SectionsCommand};
use std::collections::HashSet;

impl<'o> Linker<'o> {
    /// The section a symbol of object `o` is defined in, if any.
    pub(super) fn symbol_section(&self, o: usize, k: usize) -> Option<SecId> {
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

    /// `--gc-sections`: the allocated sections reachable from the roots
    /// (entry, KEEP, --defsym symbols) through relocations.
    pub(super) fn live_sections(&self, script: &Script) -> HashSet<SecId> {
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
}
