//! Expressions: parsing an operand or argument, and evaluating it to a
//! constant or a relocatable value (symbol or section plus addend, possibly
//! minus the place), with the relocation operators `@name(…)` of
//! ISA-ST200 §6.2; and the target a relocation names (§6.2: local
//! symbols become their section plus offset, as GNU as does).

use super::{Assembler, Base, Def, EvalError, Pos, Value};
use crate::diag::Span;
use crate::expr::{fold, parse_expr, BinOp, Expr};
use crate::relocatable::{Binding, RelocTarget, SectionId, SymbolId};
use isa::elf::{reloc_operator, RelocOperator};

impl<'o> Assembler<'o> {
    /// Parses an expression and resolves numeric local label references.
    pub(super) fn expr(&mut self, text: &str, file: usize, off: usize) -> Option<Expr> {
        let lead = text.len() - text.trim_start().len();
        let t = text.trim();
        if t.is_empty() {
            self.diags.error(
                Span::new(file, off, off + text.len().max(1)),
                "expected an expression",
            );
            return None;
        }
        match parse_expr(t) {
            Ok(mut e) => {
                self.resolve_locals(&mut e, file, off + lead);
                Some(e)
            }
            Err(at) => {
                let s = off + lead + at;
                self.diags
                    .error(Span::new(file, s, s + 1), "malformed expression");
                None
            }
        }
    }

    /// (section, offset) of a relocatable value, when its base is defined here.
    pub(super) fn resolve(&self, base: Base, addend: i64) -> Option<(usize, i64)> {
        match base {
            Base::Section(s) => Some((s, addend)),
            Base::Symbol(id) => match self.symbols[id].def {
                Def::Label(pos) => Some((pos.section, self.pos_offset(pos) as i64 + addend)),
                _ => None,
            },
        }
    }

    pub(super) fn eval(&mut self, e: &Expr, pos: Pos, span: Span) -> Result<Value, EvalError> {
        let err = |message: String| EvalError { span, message };
        Ok(match e {
            Expr::Num(v) => Value::Abs(*v),
            Expr::Dot => Value::Rel {
                base: Base::Section(pos.section),
                addend: self.pos_offset(pos) as i64,
                minus_here: false,
            },
            Expr::Sym { name, at } => {
                let id = self.symbol(name);
                let sspan = Span::new(span.file, span.start + at, span.start + at + name.len());
                match self.symbols[id].def.clone() {
                    Def::Equ(expr, epos) => {
                        if self.eval_depth > 64 {
                            return Err(EvalError {
                                span: sspan,
                                message: format!("symbol `{name}` is defined in terms of itself"),
                            });
                        }
                        self.eval_depth += 1;
                        let espan = self.symbols[id].def_span.unwrap_or(sspan);
                        let v = self.eval(&expr, epos, espan);
                        self.eval_depth -= 1;
                        v?
                    }
                    _ => Value::Rel {
                        base: Base::Symbol(id),
                        addend: 0,
                        minus_here: false,
                    },
                }
            }
            Expr::LocalRef { .. } => return Err(err("unresolved local label".into())),
            Expr::Neg(a) => match self.eval(a, pos, span)? {
                Value::Abs(v) => Value::Abs(v.wrapping_neg()),
                _ => return Err(err("cannot negate an address".into())),
            },
            Expr::Not(a) => match self.eval(a, pos, span)? {
                Value::Abs(v) => Value::Abs(!v),
                _ => return Err(err("cannot complement an address".into())),
            },
            Expr::Op { name, .. } => {
                return Err(err(format!(
                    "relocation operator `@{name}` must apply to the whole operand"
                )));
            }
            Expr::Bin(op, a, b) => {
                let x = self.eval(a, pos, span)?;
                let y = self.eval(b, pos, span)?;
                match (op, x, y) {
                    (_, Value::Abs(x), Value::Abs(y)) => {
                        Value::Abs(fold(*op, x, y).ok_or_else(|| err("division by zero".into()))?)
                    }
                    (
                        BinOp::Add,
                        Value::Rel {
                            base,
                            addend,
                            minus_here,
                        },
                        Value::Abs(y),
                    )
                    | (
                        BinOp::Add,
                        Value::Abs(y),
                        Value::Rel {
                            base,
                            addend,
                            minus_here,
                        },
                    ) => Value::Rel {
                        base,
                        addend: addend.wrapping_add(y),
                        minus_here,
                    },
                    (
                        BinOp::Sub,
                        Value::Rel {
                            base,
                            addend,
                            minus_here,
                        },
                        Value::Abs(y),
                    ) => Value::Rel {
                        base,
                        addend: addend.wrapping_sub(y),
                        minus_here,
                    },
                    (
                        BinOp::Sub,
                        Value::Rel {
                            base: b1,
                            addend: a1,
                            minus_here: false,
                        },
                        Value::Rel {
                            base: b2,
                            addend: a2,
                            minus_here: false,
                        },
                    ) => {
                        match (self.resolve(b1, a1), self.resolve(b2, a2)) {
                            (Some((s1, o1)), Some((s2, o2))) if s1 == s2 => Value::Abs(o1 - o2),
                            (_, Some((s2, o2))) if s2 == pos.section => Value::Rel {
                                base: b1,
                                addend: a1 - o2,
                                minus_here: true,
                            },
                            _ => return Err(err(
                                "difference of symbols in different sections cannot be computed"
                                    .into(),
                            )),
                        }
                    }
                    _ => return Err(err("this operation needs constants, not addresses".into())),
                }
            }
        })
    }

    /// Evaluates an operand expression with its optional top-level relocation operator.
    pub(super) fn eval_operand(
        &mut self,
        e: &Expr,
        pos: Pos,
        span: Span,
    ) -> Result<(Value, Option<&'static RelocOperator>), EvalError> {
        if let Expr::Op { name, arg, .. } = e {
            let Some(op) = reloc_operator(name) else {
                return Err(EvalError {
                    span,
                    message: format!("unknown relocation operator `@{name}` (ISA-ST200 §6.2)"),
                });
            };
            let v = self.eval(arg, pos, span)?;
            if matches!(v, Value::Abs(_))
                || matches!(
                    v,
                    Value::Rel {
                        minus_here: true,
                        ..
                    }
                )
            {
                return Err(EvalError {
                    span,
                    message: format!("`@{name}` needs a symbol"),
                });
            }
            return Ok((v, Some(op)));
        }
        Ok((self.eval(e, pos, span)?, None))
    }

    pub(super) fn reloc_target(&self, base: Base, addend: i64) -> (RelocTarget, i64) {
        match base {
            Base::Section(s) => (RelocTarget::Section(SectionId(s)), addend),
            Base::Symbol(id) => {
                let sym = &self.symbols[id];
                if let Def::Label(pos) = sym.def {
                    if !matches!(sym.binding, Some(Binding::Global | Binding::Weak)) {
                        return (
                            RelocTarget::Section(SectionId(pos.section)),
                            self.pos_offset(pos) as i64 + addend,
                        );
                    }
                }
                (RelocTarget::Symbol(SymbolId(id)), addend)
            }
        }
    }
}
