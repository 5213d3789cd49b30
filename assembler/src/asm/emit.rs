//! Emission: bundles encoded syllable by syllable with their stop bit and
//! `imml`/`immr` extensions (ISA-ST200 §2, §3), data words, alignment
//! fill (`nop` bundles in code), and the relocations they need (§6.2); then
//! the [`ObjectFile`] with its symbols and its debug information (line rows
//! and the functions that DWARF describes).

use super::{
    Assembler, Base, Def, EvalError, Item, Operand, Pos, Sec, Value, MAX_SECTION_BYTES, NOP_BUNDLE,
    SHF_EXECINSTR, SHT_NOBITS,
};
use crate::diag::{Diagnostics, Span};
use crate::expr::Expr;
use crate::relocatable::{
    Binding, DebugInfo, Function, LineRow, ObjectFile, Reloc, RelocTarget, Section, SectionId,
    SymbolId, SymbolKind,
};
use isa::bundle::{self, Slot};
use isa::elf::r_type;
use isa::encoding::{self, Extension, Operation, MAX_OPERANDS, STOP_BIT};
use isa::OperandKind;

impl<'o> Assembler<'o> {
    fn emit_bundle(
        &mut self,
        s: usize,
        i: usize,
        out: &mut Vec<u8>,
        relocs: &mut Vec<Reloc>,
        rows: &mut Vec<LineRow>,
    ) {
        let offset = self.sections[s].offsets[i];
        let pos = Pos {
            section: s,
            item: i,
        };
        let slots = match self.layout_bundle(s, i, offset) {
            Ok(slots) => slots,
            Err(e) => {
                let Item::Bundle(b) = &self.sections[s].items[i] else {
                    return;
                };
                self.diags.error(b.span, self.rules.describe(&e));
                return;
            }
        };
        let Item::Bundle(b) = self.sections[s].items[i].clone() else {
            return;
        };
        // Rule 7 and per-operation encoding.
        let mut ops: Vec<Operation> = Vec::with_capacity(b.ops.len());
        let mut words: Vec<Option<(u32, Option<u32>)>> = Vec::with_capacity(b.ops.len());
        let mut pending: Vec<(usize, Reloc, bool)> = Vec::new(); // (op index, reloc, on extension)
        for (k, op) in b.ops.iter().enumerate() {
            let info = op.opcode.info();
            let mut values = [0i64; MAX_OPERANDS];
            let mut ok = true;
            for (j, (spec, operand)) in info.syntax.operands.iter().zip(&op.operands).enumerate() {
                match operand {
                    Operand::Reg(n) => values[j] = *n,
                    Operand::Expr { expr, span, .. } => {
                        match self.operand_value(spec.kind, expr, *span, pos, offset, op.long) {
                            Ok((v, rel)) => {
                                values[j] = v;
                                for (r, on_ext) in rel {
                                    pending.push((k, r, on_ext));
                                }
                            }
                            Err(e) => {
                                self.diags.error(e.span, e.message);
                                ok = false;
                            }
                        }
                    }
                }
            }
            let operation = Operation {
                opcode: op.opcode,
                operands: values,
                long_imm: op.long,
            };
            ops.push(operation);
            if !ok {
                words.push(None);
                continue;
            }
            match encoding::encode(&operation) {
                Ok(e) => words.push(Some((e.word, e.ext.or(op.long.then_some(0))))),
                Err(e) => {
                    self.diags.error(op.span, e.to_string());
                    words.push(None);
                }
            }
        }
        if let Err(e) = bundle::check_writes(&ops) {
            self.diags.error(b.span, e.to_string());
        }
        let start = out.len();
        let mut owner_offset = vec![0u64; b.ops.len()];
        let mut ext_offset = vec![0u64; b.ops.len()];
        for (n, slot) in slots.iter().enumerate() {
            let at = offset + 4 * n as u64;
            let w = match *slot {
                Slot::Op(k) => {
                    owner_offset[k] = at;
                    words[k].map_or(0, |w| w.0)
                }
                Slot::Imml(k) => {
                    ext_offset[k] = at;
                    Extension::Imml.encode(words[k].and_then(|w| w.1).unwrap_or(0))
                }
                Slot::Immr(k) => {
                    ext_offset[k] = at;
                    Extension::Immr.encode(words[k].and_then(|w| w.1).unwrap_or(0))
                }
                Slot::Nop => 0,
            };
            let w = if n + 1 == slots.len() {
                w | STOP_BIT
            } else {
                w
            };
            out.extend_from_slice(&w.to_le_bytes());
        }
        debug_assert_eq!(out.len() - start, 4 * slots.len());
        for (k, mut r, on_ext) in pending {
            r.offset = if on_ext {
                ext_offset[k]
            } else {
                owner_offset[k]
            };
            relocs.push(r);
        }
        for (k, op) in b.ops.iter().enumerate() {
            if let Some((file, line, column)) = op.loc {
                rows.push(LineRow {
                    section: SectionId(s),
                    offset: owner_offset[k],
                    file,
                    line,
                    column,
                });
            }
        }
    }

    /// The encoded value of an expression operand and the relocations it
    /// needs (flag: placed on the extension syllable).
    fn operand_value(
        &mut self,
        kind: OperandKind,
        expr: &Expr,
        span: Span,
        pos: Pos,
        bundle_offset: u64,
        long: bool,
    ) -> Result<(i64, Vec<(Reloc, bool)>), EvalError> {
        let (value, op) = self.eval_operand(expr, pos, span)?;
        let err = |m: String| EvalError { span, message: m };
        match kind {
            OperandKind::Imm => {
                match (value, op) {
                    (Value::Abs(v), None) => Ok((v, Vec::new())),
                    (
                        Value::Rel {
                            minus_here: true, ..
                        },
                        _,
                    ) => Err(err(
                        "a PC-relative value cannot be an immediate operand".into()
                    )),
                    (Value::Rel { base, addend, .. }, op) => {
                        let (hi, lo) = match op {
                        None => (r_type::R_ST200_HI23, r_type::R_ST200_LO9),
                        Some(o) => o.imm_pair.ok_or_else(|| err(format!("`@{}` cannot be used in an operation's immediate (ISA-ST200 §6.2)", o.name)))?,
                    };
                        debug_assert!(long);
                        let (target, addend) = self.reloc_target(base, addend);
                        let r = |r_type| Reloc {
                            offset: 0,
                            r_type,
                            target,
                            addend,
                        };
                        Ok((0, vec![(r(hi), true), (r(lo), false)]))
                    }
                    (Value::Abs(_), Some(_)) => {
                        Err(err("relocation operator needs a symbol".into()))
                    }
                }
            }
            OperandKind::Num21 => match (value, op) {
                (Value::Abs(v), None) => Ok((v, Vec::new())),
                _ => Err(err("expected a constant".into())),
            },
            OperandKind::BTarg => {
                let (
                    Value::Rel {
                        base,
                        addend,
                        minus_here: false,
                    },
                    None,
                ) = (value, op)
                else {
                    return Err(err(
                        "branch target must be a label, a symbol or a `.`-relative address".into(),
                    ));
                };
                let weak = matches!(base, Base::Symbol(id) if matches!(self.symbols[id].binding, Some(Binding::Weak)));
                if let (Some((s, o)), false) = (self.resolve(base, addend), weak) {
                    if s == pos.section {
                        let delta = o - bundle_offset as i64;
                        if delta % 4 != 0 {
                            return Err(err(format!("branch target is {delta} bytes away: not a multiple of 4 (ISA-ST200 §2.5)")));
                        }
                        return Ok((delta / 4, Vec::new()));
                    }
                }
                let (target, addend) = self.reloc_target(base, addend);
                Ok((
                    0,
                    vec![(
                        Reloc {
                            offset: 0,
                            r_type: r_type::R_ST200_23_PCREL,
                            target,
                            addend,
                        },
                        false,
                    )],
                ))
            }
            _ => Err(err("unexpected expression".into())),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn emit_data(
        &mut self,
        size: u8,
        expr: &Expr,
        span: Span,
        pos: Pos,
        at: u64,
        out: &mut Vec<u8>,
        relocs: &mut Vec<Reloc>,
    ) {
        let result = self.eval_operand(expr, pos, span);
        let (value, op) = match result {
            Ok(v) => v,
            Err(e) => {
                self.diags.error(e.span, e.message);
                out.extend(std::iter::repeat_n(0, size as usize));
                return;
            }
        };
        let bytes = match (value, op) {
            (Value::Abs(v), None) => match data_bytes(v, size) {
                Some(b) => b,
                None => {
                    self.diags
                        .error(span, format!("value {v} does not fit in {size} byte(s)"));
                    vec![0; size as usize]
                }
            },
            (
                Value::Rel {
                    base,
                    addend,
                    minus_here,
                },
                op,
            ) => {
                let r_type = match (size, op, minus_here) {
                    (4, None, false) => Some(r_type::R_ST200_32),
                    (4, None, true) => Some(r_type::R_ST200_32_PCREL),
                    (2, None, false) => Some(r_type::R_ST200_16),
                    (4, Some(o), false) => o.data32,
                    _ => None,
                };
                match r_type {
                    Some(t) => {
                        let addend = if minus_here { addend + at as i64 } else { addend };
                        let (target, addend) = self.reloc_target(base, addend);
                        relocs.push(Reloc { offset: at, r_type: t, target, addend });
                    }
                    None => self.diags.error(span, format!("no relocation exists for this address in {size} byte(s) of data (ISA-ST200 §6.2)")),
                }
                vec![0; size as usize]
            }
            (Value::Abs(_), Some(_)) => {
                self.diags.error(span, "relocation operator needs a symbol");
                vec![0; size as usize]
            }
        };
        out.extend_from_slice(&bytes);
    }

    /// Lays out, encodes and builds the object. Errors are in `self.diags`.
    pub(crate) fn finish(mut self, file_name: &str) -> (Option<ObjectFile>, Diagnostics) {
        self.layout();
        let mut too_large = false;
        for s in 0..self.sections.len() {
            let sec = &self.sections[s];
            let size = sec.offsets.last().copied().unwrap_or(0);
            let limit = if sec.sh_type == SHT_NOBITS {
                u32::MAX as u64
            } else {
                MAX_SECTION_BYTES
            };
            if size > limit {
                let msg = format!("section `{}` would be {size} bytes: larger than the {limit} bytes las supports", sec.name);
                self.diags.error_global(msg);
                too_large = true;
            }
        }
        if too_large {
            return (None, self.diags);
        }
        let code_flag = |s: &Sec| s.flags & SHF_EXECINSTR != 0;
        let mut sections = Vec::with_capacity(self.sections.len());
        let mut rows = Vec::new();
        for s in 0..self.sections.len() {
            let mut out = Vec::new();
            let mut relocs = Vec::new();
            let n = self.sections[s].items.len();
            let nobits = self.sections[s].sh_type == SHT_NOBITS;
            let is_code = code_flag(&self.sections[s]);
            for i in 0..n {
                let at = self.sections[s].offsets[i];
                let next = self.sections[s].offsets[i + 1];
                let pos = Pos {
                    section: s,
                    item: i,
                };
                match self.sections[s].items[i].clone() {
                    Item::Bundle(_) => self.emit_bundle(s, i, &mut out, &mut relocs, &mut rows),
                    Item::Bytes(b) => out.extend_from_slice(&b),
                    Item::Data { size, expr, span } => {
                        self.emit_data(size, &expr, span, pos, at, &mut out, &mut relocs)
                    }
                    Item::Align { .. } if nobits => {}
                    Item::Align { fill, .. } => {
                        let pad = (next - at) as usize;
                        if is_code
                            && fill.is_none()
                            && pad.is_multiple_of(4)
                            && at.is_multiple_of(4)
                        {
                            for _ in 0..pad / 4 {
                                out.extend_from_slice(&NOP_BUNDLE.to_le_bytes());
                            }
                        } else {
                            out.extend(std::iter::repeat_n(fill.unwrap_or(0), pad));
                        }
                    }
                    Item::Space { size, fill, span } => {
                        match self.eval(&size, pos, span) {
                            Ok(Value::Abs(v)) if (0..1 << 32).contains(&v) => {}
                            Ok(Value::Abs(v)) => self
                                .diags
                                .error(span, format!("size {v} is negative or too large")),
                            Ok(_) => self.diags.error(span, "size must be a constant"),
                            Err(e) => self.diags.error(e.span, e.message),
                        }
                        if !nobits {
                            out.extend(std::iter::repeat_n(fill, (next - at) as usize));
                        }
                    }
                }
                // Keep offsets consistent even after an error in an item.
                if nobits {
                    out.clear();
                } else {
                    out.resize(next as usize, 0);
                }
            }
            let sec = &self.sections[s];
            let size = sec.offsets.last().copied().unwrap_or(0);
            let data = if sec.sh_type == SHT_NOBITS {
                Vec::new()
            } else {
                out
            };
            relocs.sort_by_key(|r: &Reloc| r.offset);
            sections.push(Section {
                name: sec.name.clone(),
                sh_type: sec.sh_type,
                flags: sec.flags,
                align: sec.align,
                data,
                size,
                relocs,
            });
        }
        // Symbol sizes.
        for (id, e, pos, span) in std::mem::take(&mut self.sizes) {
            match self.eval(&e, pos, span) {
                Ok(Value::Abs(v)) if v >= 0 => self.symbols[id].size = Some(v as u64),
                Ok(_) => self.diags.error(
                    span,
                    "`.size` must be a non-negative constant (e.g. `.-name`)",
                ),
                Err(e) => self.diags.error(e.span, e.message),
            }
        }
        let functions = self.functions();
        let all_symbols = self.object_symbols();
        // Drop temporary symbols (`.L*`, numeric local labels) as GNU as does;
        // relocations against them already point at their section.
        let mut new_index = vec![usize::MAX; all_symbols.len()];
        let mut symbols = Vec::with_capacity(all_symbols.len());
        for (id, sym) in all_symbols.into_iter().enumerate() {
            if !self.symbols[id].temporary {
                new_index[id] = symbols.len();
                symbols.push(sym);
            }
        }
        for sec in &mut sections {
            for r in &mut sec.relocs {
                if let RelocTarget::Symbol(SymbolId(id)) = r.target {
                    r.target = RelocTarget::Symbol(SymbolId(new_index[id]));
                }
            }
        }
        // The machine the object is built for (isa::note), last so that
        // the indices of the user's sections do not move.
        if sections
            .iter()
            .any(|s| s.name == isa::elf::MACHINE_NOTE_SECTION)
        {
            self.diags.error_global(format!(
                "section `{}` is reserved: las writes it to record the machine",
                isa::elf::MACHINE_NOTE_SECTION
            ));
        }
        match isa::note::MachineNote::of_model(&self.opts.model) {
            Ok(note) => {
                let data = note.to_bytes();
                sections.push(Section {
                    name: isa::elf::MACHINE_NOTE_SECTION.to_string(),
                    sh_type: isa::elf::SHT_NOTE,
                    flags: 0,
                    align: 4,
                    size: data.len() as u64,
                    data,
                    relocs: Vec::new(),
                });
            }
            Err(e) => self
                .diags
                .error_global(format!("cannot record the machine: {e}")),
        }
        if self.diags.has_errors() {
            return (None, self.diags);
        }
        let debug = (self.any_loc || self.opts.debug).then(|| {
            let mut files = self.debug_files.clone();
            if !self.any_loc {
                files = vec![String::new(), file_name.to_string()];
            }
            let name = files
                .get(1)
                .cloned()
                .unwrap_or_else(|| file_name.to_string());
            DebugInfo {
                comp_dir: std::env::current_dir()
                    .map(|p| p.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                name,
                producer: format!("las {}", env!("CARGO_PKG_VERSION")),
                files,
                rows,
                functions,
            }
        });
        let obj = ObjectFile {
            core: self.opts.model.core,
            sections,
            symbols,
            file_name: self
                .file_symbol
                .clone()
                .or_else(|| Some(file_name.to_string())),
            debug,
        };
        (Some(obj), self.diags)
    }

    fn functions(&mut self) -> Vec<Function> {
        let mut out: Vec<Function> = Vec::new();
        // `.proc` … `.endp`: the first label defined at or after `.proc` names the function.
        for p in std::mem::take(&mut self.procs) {
            let Some(end) = p.end else { continue };
            let start = self.pos_offset(p.start);
            let stop = self.pos_offset(end);
            let named = self.symbols.iter().enumerate().find(|(_, s)| {
                !s.temporary && matches!(s.def, Def::Label(q) if q.section == p.start.section && self.pos_offset(q) == start)
            });
            if let Some((id, _)) = named {
                let sym = &mut self.symbols[id];
                sym.kind = SymbolKind::Function;
                if sym.size.is_none() {
                    sym.size = Some(stop.saturating_sub(start));
                }
            }
        }
        for s in &self.symbols {
            if s.kind != SymbolKind::Function || s.temporary {
                continue;
            }
            let Def::Label(pos) = s.def else { continue };
            let low = self.pos_offset(pos);
            let high = low + s.size.unwrap_or(0);
            if high > low {
                out.push(Function {
                    name: s.name.clone(),
                    section: SectionId(pos.section),
                    low,
                    high,
                    external: matches!(s.binding, Some(Binding::Global | Binding::Weak)),
                });
            }
        }
        out
    }
}

/// Little-endian bytes of `v` in `size` bytes, if it fits as a signed or
/// unsigned value.
pub(super) fn data_bytes(v: i64, size: u8) -> Option<Vec<u8>> {
    let bits = 8 * size as u32;
    let fits = v >= -(1i64 << (bits - 1)) && v < (1i64 << bits);
    fits.then(|| v.to_le_bytes()[..size as usize].to_vec())
}
