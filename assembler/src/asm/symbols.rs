//! The symbol table: symbols by name, labels, numeric local labels (`1:`,
//! `1b`, `1f`), `.L` temporaries, equates (`sym = expr`, `.set`, `.equ`), and
//! the symbols of the object, with bindings and types as GNU as gives them
//! (ISA-ST200 §7.5; ELF symbols §6.1).

use super::{Assembler, Def, Sym, SymId, Value};
use crate::diag::Span;
use crate::expr::Expr;
use crate::relocatable::{Binding, SectionId, Symbol, SymbolKind, SymbolPlace};

impl<'o> Assembler<'o> {
    pub(super) fn symbol(&mut self, name: &str) -> SymId {
        if let Some(&i) = self.sym_map.get(name) {
            return i;
        }
        self.symbols.push(Sym {
            name: name.to_string(),
            def: Def::Undefined,
            binding: None,
            kind: SymbolKind::NoType,
            size: None,
            def_span: None,
            temporary: is_temporary(name),
            used: false,
            first_use: None,
        });
        self.sym_map
            .insert(name.to_string(), self.symbols.len() - 1);
        self.symbols.len() - 1
    }

    pub(super) fn define(&mut self, name: &str, def: Def, span: Span) {
        let id = self.symbol(name);
        if !matches!(self.symbols[id].def, Def::Undefined) {
            let shown = name.split('\u{2}').next().unwrap_or(name);
            self.diags
                .error(span, format!("symbol `{shown}` is already defined"));
            if let Some(prev) = self.symbols[id].def_span {
                self.diags.note(prev, "previous definition is here");
            }
            return;
        }
        self.symbols[id].def = def;
        self.symbols[id].def_span = Some(span);
    }

    pub(super) fn check_local_refs(&mut self) {
        for s in &self.symbols {
            if s.name.contains('\u{2}') && matches!(s.def, Def::Undefined) {
                if let Some(span) = s.def_span {
                    let n = s.name.split('\u{2}').next().unwrap_or("");
                    self.diags.error(
                        span,
                        format!("local label `{n}f` is never defined after this reference"),
                    );
                }
            }
        }
    }

    pub(super) fn label(&mut self, name: &str, span: Span) {
        if self.open.is_some() {
            self.diags.error(span, "label inside a bundle: labels must start a bundle (end the bundle with `;;` first)");
            return;
        }
        let pos = self.here();
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            let Ok(n) = name.parse::<u64>() else {
                self.diags.error(span, "numeric local label is too large");
                return;
            };
            let count = self.local_counts.entry(n).or_insert(0);
            *count += 1;
            let inst = format!("{n}\u{2}{count}");
            self.define(&inst, Def::Label(pos), span);
            return;
        }
        self.define(name, Def::Label(pos), span);
    }

    pub(super) fn equate(
        &mut self,
        name: &str,
        name_span: Span,
        text: &str,
        file: usize,
        off: usize,
    ) {
        if let Some(expr) = self.expr(text, file, off) {
            let pos = self.here();
            self.define(name, Def::Equ(expr, pos), name_span);
        }
    }

    pub(super) fn resolve_locals(&mut self, e: &mut Expr, file: usize, off: usize) {
        match e {
            Expr::LocalRef { label, forward, at } => {
                let count = self.local_counts.get(label).copied().unwrap_or(0);
                let span = Span::new(file, off + *at, off + *at + 2);
                let inst = if *forward { count + 1 } else { count };
                if inst == 0 {
                    self.diags.error(
                        span,
                        format!("`{label}b` refers to no earlier label `{label}:`"),
                    );
                }
                let name = format!("{label}\u{2}{inst}");
                let id = self.symbol(&name);
                if *forward && self.symbols[id].def_span.is_none() {
                    self.symbols[id].def_span = Some(span);
                }
                *e = Expr::Sym { name, at: *at };
            }
            Expr::Neg(a) | Expr::Not(a) => self.resolve_locals(a, file, off),
            Expr::Op { arg, .. } => self.resolve_locals(arg, file, off),
            Expr::Bin(_, a, b) => {
                self.resolve_locals(a, file, off);
                self.resolve_locals(b, file, off);
            }
            Expr::Sym { name, at } => {
                let id = self.symbol(name);
                self.symbols[id].used = true;
                let span = Span::new(file, off + *at, off + *at + name.len());
                self.symbols[id].first_use.get_or_insert(span);
            }
            Expr::Num(_) | Expr::Dot => {}
        }
    }

    pub(super) fn object_symbols(&mut self) -> Vec<Symbol> {
        let mut out = Vec::with_capacity(self.symbols.len());
        for id in 0..self.symbols.len() {
            let s = &self.symbols[id];
            let (place, value, size) = match &s.def {
                Def::Undefined => (SymbolPlace::Undefined, 0, 0),
                Def::Label(pos) => (
                    SymbolPlace::Section(SectionId(pos.section)),
                    self.pos_offset(*pos),
                    s.size.unwrap_or(0),
                ),
                Def::Common { size, align } => (SymbolPlace::Common { align: *align }, 0, *size),
                Def::Equ(e, pos) => {
                    let (e, pos) = (e.clone(), *pos);
                    let span = s.def_span.unwrap_or_default();
                    match self.eval(&e, pos, span) {
                        Ok(Value::Abs(v)) => (SymbolPlace::Absolute, v as u64, 0),
                        Ok(Value::Rel {
                            base,
                            addend,
                            minus_here: false,
                        }) => match self.resolve(base, addend) {
                            Some((sec, off)) => {
                                (SymbolPlace::Section(SectionId(sec)), off as u64, 0)
                            }
                            None => (SymbolPlace::Undefined, 0, 0),
                        },
                        Ok(_) => {
                            self.diags
                                .error(span, "symbol value must be a constant or an address");
                            (SymbolPlace::Absolute, 0, 0)
                        }
                        Err(e) => {
                            self.diags.error(e.span, e.message);
                            (SymbolPlace::Absolute, 0, 0)
                        }
                    }
                }
            };
            let s = &self.symbols[id];
            if s.temporary && matches!(place, SymbolPlace::Undefined) && !s.name.contains('\u{2}') {
                // A `.L` label that is used but never defined.
                let message = format!("local symbol `{}` is used but never defined", s.name);
                match s.first_use {
                    Some(sp) => self.diags.error(sp, message),
                    None => self.diags.error_global(message),
                }
            }
            let binding = match (s.binding, place) {
                (Some(b), _) => b,
                (None, SymbolPlace::Undefined) => Binding::Global,
                (None, SymbolPlace::Common { .. }) => Binding::Global,
                (None, _) => Binding::Local,
            };
            out.push(Symbol {
                name: s.name.replace('\u{2}', "$"),
                place,
                value,
                size,
                binding,
                kind: s.kind,
            });
        }
        out
    }
}

/// Whether a symbol is temporary: a `.L` label or a numeric local label
/// instance, neither written to the symbol table.
fn is_temporary(name: &str) -> bool {
    name.starts_with(".L") || name.contains('\u{2}')
}
