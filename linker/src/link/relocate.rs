//! Relocation: each `R_ST200_*` relocation of a placed input section
//! (ISA-ST200 §6.2) gets S (the symbol's address), A, P, GP and the
//! segment base, is computed and range-checked by `isa::reloc`, and is
//! patched into the section's bytes. Relocations in debug sections against
//! discarded sections are tombstoned as LLVM lld does; thread-local
//! relocations are refused (static link only).

use super::{bind_name, GDef, Linker, OutSection, SecId, STB_WEAK, STT_SECTION, STT_TLS};
use crate::input::{InReloc, InSymbol, SymPlace};
use isa::elf::{reloc_type, RelocField, RelocValue};
use isa::reloc::{self, RelocInputs};
use std::collections::{HashMap, HashSet};

/// Relocated contents of one input section, or its errors.
pub(super) type Relocated = Result<Vec<u8>, Vec<String>>;

impl<'o> Linker<'o> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn relocate(
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
                    Some(GDef::Object(o2, k2)) => self.sym_value(o2, k2, outs, place),
                    Some(GDef::Script) => syms.get(&sym.name).copied(),
                    None => syms.get(&sym.name).copied().or(if sym.bind == STB_WEAK {
                        Some(0)
                    } else {
                        None
                    }),
                }
            } else {
                self.sym_value(o, r.sym, outs, place)
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
}

/// Loadable address ranges [start, end) of the segments (used by SEGREL32).
pub(super) fn segments_of(outs: &[OutSection]) -> Vec<(u64, u64)> {
    crate::output::segments(outs)
        .iter()
        .map(|s| (s.vaddr, s.vaddr + s.memsz))
        .collect()
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
