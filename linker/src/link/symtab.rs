//! The output symbol table (ELF `.symtab`, ISA-ST200 §6.1): the local
//! symbols of every object (not `.L` temporaries, section or file symbols)
//! first, as ELF requires, then the resolved globals by name, then the
//! symbols only the script or `--defsym` defined; each with its output
//! section (a script symbol: the section it was assigned in, or the one its
//! `.`-relative value falls in).

use super::{
    bind_name, GDef, Linker, OutSection, OutSymbol, SecId, SHF_ALLOC, STB_GLOBAL, STB_LOCAL,
    STB_WEAK, STT_FILE, STT_SECTION,
};
use crate::input::SymPlace;
use std::collections::HashMap;

impl<'o> Linker<'o> {
    pub(super) fn output_symbols(
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
                    (s.place, self.sym_value(o, k, outs, place))
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
                    let Some(v) = self.sym_value(o, k, outs, place) else {
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
}
