//! Statements (C11 6.8): compound statements and block items (6.8.2),
//! labels with GNU case ranges (6.8.1), expression statements (6.8.3),
//! `if` and `switch` (6.8.4), loops (6.8.5) and jumps (6.8.6), with the
//! checks that need the enclosing context: `break`/`continue` placement,
//! duplicate case values and labels, `default` outside a switch, `return`
//! with or without a value against the function's return type. (Labels
//! used but never defined are reported at the end of the function
//! definition, in `decl.rs`.)

use super::decl::Attrs;
use super::{Kw, PResult, Parser, Scope, SwitchCtx};
use crate::frontend::ast::*;
use crate::frontend::lex::{TokKind, P};
use crate::frontend::sema::consteval;
use crate::frontend::sema::types::Types;

impl<'a> Parser<'a> {
    /// Parses `{ … }`; `new_scope` false when the caller already opened one.
    pub(crate) fn compound_stmt(&mut self, new_scope: bool) -> PResult<Stmt> {
        self.expect_p(P::LBrace)?;
        self.enter()?;
        if new_scope {
            self.scopes.push(Scope::default());
        }
        let mut v = Vec::new();
        while !self.is_p(P::RBrace) && !self.at_eof() && !self.diags.too_many() {
            let before = self.pos;
            if self.block_item(&mut v).is_err() {
                self.skip_to_semi();
            }
            if self.pos == before {
                self.bump();
            }
        }
        if new_scope {
            self.pop_scope_warn();
        }
        self.leave();
        self.expect_p(P::RBrace)?;
        Ok(Stmt::Block(v))
    }

    fn block_item(&mut self, out: &mut Vec<Stmt>) -> PResult<()> {
        let t = self.peek().clone();
        if self.kw_of(&t) == Some(Kw::StaticAssert) {
            self.bump();
            return self.static_assert();
        }
        if t.kind == TokKind::Ident && self.interner.get(t.sym) == "__label__" {
            self.bump();
            return self.local_labels();
        }
        let is_label =
            t.kind == TokKind::Ident && self.peek_at(1).is(P::Colon) && self.kw_of(&t).is_none();
        if !is_label && self.is_decl_start(&t) {
            let spec = self.decl_specs()?.ok_or_else(|| self.no_specs())?;
            return self.declaration_rest_into(spec, false, out);
        }
        let s = self.stmt()?;
        out.push(s);
        Ok(())
    }

    pub(crate) fn stmt(&mut self) -> PResult<Stmt> {
        self.enter()?;
        let r = self.stmt_inner();
        self.leave();
        r
    }

    fn cond_expr_of(&mut self) -> PResult<Expr> {
        self.expect_p(P::LParen)?;
        let e = self.expr()?;
        self.warn_assignment_as_condition(&e);
        self.expect_p(P::RParen)?;
        Ok(self.scalar_cond(e))
    }

    fn stmt_inner(&mut self) -> PResult<Stmt> {
        let t = self.peek().clone();
        match self.kw_of(&t) {
            Some(Kw::If) => {
                self.bump();
                let c = self.cond_expr_of()?;
                let a = self.stmt()?;
                let b = if self.eat_kw(Kw::Else) {
                    Some(Box::new(self.stmt()?))
                } else {
                    None
                };
                return Ok(Stmt::If(c, Box::new(a), b));
            }
            Some(Kw::While) => {
                self.bump();
                let c = self.cond_expr_of()?;
                self.loops += 1;
                self.breakables += 1;
                let b = self.stmt();
                self.loops -= 1;
                self.breakables -= 1;
                return Ok(Stmt::While(c, Box::new(b?)));
            }
            Some(Kw::Do) => {
                self.bump();
                self.loops += 1;
                self.breakables += 1;
                let b = self.stmt();
                self.loops -= 1;
                self.breakables -= 1;
                let b = b?;
                if !self.eat_kw(Kw::While) {
                    let t = self.peek().clone();
                    let d = self.tok_desc(&t);
                    self.diags
                        .error(t.span, format!("expected 'while' before {d}"));
                    return Err(());
                }
                let c = self.cond_expr_of()?;
                self.expect_p(P::Semi)?;
                return Ok(Stmt::DoWhile(Box::new(b), c));
            }
            Some(Kw::For) => {
                self.bump();
                self.expect_p(P::LParen)?;
                self.scopes.push(Scope::default());
                let r = (|| -> PResult<Stmt> {
                    let init = if self.eat_p(P::Semi) {
                        None
                    } else if self.is_decl_start(&self.peek().clone()) {
                        let spec = self.decl_specs()?.ok_or_else(|| self.no_specs())?;
                        let mut v = Vec::new();
                        self.declaration_rest_into(spec, false, &mut v)?;
                        Some(Box::new(Stmt::Block(v)))
                    } else {
                        let e = self.expr()?;
                        self.expect_p(P::Semi)?;
                        Some(Box::new(Stmt::Expr(e)))
                    };
                    let cond = if self.is_p(P::Semi) {
                        None
                    } else {
                        let e = self.expr()?;
                        self.warn_assignment_as_condition(&e);
                        Some(self.scalar_cond(e))
                    };
                    self.expect_p(P::Semi)?;
                    let step = if self.is_p(P::RParen) {
                        None
                    } else {
                        Some(self.expr()?)
                    };
                    self.expect_p(P::RParen)?;
                    self.loops += 1;
                    self.breakables += 1;
                    let b = self.stmt();
                    self.loops -= 1;
                    self.breakables -= 1;
                    Ok(Stmt::For(init, cond, step, Box::new(b?)))
                })();
                self.pop_scope_warn();
                return r;
            }
            Some(Kw::Switch) => {
                let sp = self.bump().span;
                self.expect_p(P::LParen)?;
                let e = self.expr()?;
                self.expect_p(P::RParen)?;
                let e = self.rvalue(e);
                if !self.types.is_integer(e.ty) {
                    self.diags.error(e.span, "switch quantity not an integer");
                }
                let pty = self.types.promote(e.ty);
                let e = self.cast(e, pty);
                let _ = sp;
                let vm = self.vm_in_scope();
                self.switches.push(SwitchCtx {
                    cases: vec![],
                    default: None,
                    ty: pty,
                    vm,
                });
                self.breakables += 1;
                let b = self.stmt();
                self.breakables -= 1;
                let ctx = self.switches.pop().expect("switch");
                return Ok(Stmt::Switch {
                    cond: e,
                    body: Box::new(b?),
                    cases: ctx.cases,
                    default: ctx.default,
                });
            }
            Some(Kw::Case) => {
                let sp = self.bump().span;
                let lo_e = self.cond_expr()?;
                let lo = self.const_of(&lo_e, "case label does not reduce to an integer constant");
                let hi = if self.eat_p(P::Ellipsis) {
                    let e = self.cond_expr()?;
                    self.const_of(&e, "case label does not reduce to an integer constant")
                } else {
                    lo
                };
                self.expect_p(P::Colon)?;
                self.check_switch_vm(sp);
                let id = self.case_count;
                self.case_count += 1;
                match self.switches.last_mut() {
                    None => self
                        .diags
                        .error(sp, "case label not within a switch statement"),
                    Some(ctx) => {
                        let ty = ctx.ty;
                        let lo = consteval::wrap(&self.types, ty, lo.unwrap_or(0));
                        let hi = consteval::wrap(&self.types, ty, hi.unwrap_or(0));
                        // the order of the values of the (promoted)
                        // controlling type: an `unsigned long long` above
                        // 2^63 is kept as a negative i64
                        let unsigned = self.types.is_unsigned(ty);
                        let key = |v: i64| {
                            if unsigned {
                                i128::from(v as u64)
                            } else {
                                i128::from(v)
                            }
                        };
                        let ctx = self.switches.last_mut().expect("switch");
                        if ctx
                            .cases
                            .iter()
                            .any(|&(a, b, _)| key(lo) <= key(b) && key(a) <= key(hi))
                        {
                            self.diags.error(lo_e.span, "duplicate case value");
                        } else if key(hi) < key(lo) {
                            self.diags.warning(lo_e.span, "empty range specified");
                        } else {
                            ctx.cases.push((lo, hi, id));
                        }
                    }
                }
                let s = if self.is_p(P::RBrace) {
                    Stmt::Empty
                } else {
                    self.stmt()?
                };
                return Ok(Stmt::Case(id, Box::new(s)));
            }
            Some(Kw::Default) => {
                let sp = self.bump().span;
                self.expect_p(P::Colon)?;
                self.check_switch_vm(sp);
                let id = self.case_count;
                self.case_count += 1;
                match self.switches.last_mut() {
                    None => self
                        .diags
                        .error(sp, "'default' label not within a switch statement"),
                    Some(ctx) => {
                        if ctx.default.is_some() {
                            self.diags
                                .error(sp, "multiple default labels in one switch");
                        }
                        ctx.default = Some(id);
                    }
                }
                let s = if self.is_p(P::RBrace) {
                    Stmt::Empty
                } else {
                    self.stmt()?
                };
                return Ok(Stmt::Case(id, Box::new(s)));
            }
            Some(Kw::Break) => {
                let sp = self.bump().span;
                if self.breakables == 0 {
                    self.diags
                        .error(sp, "break statement not within loop or switch");
                }
                self.expect_p(P::Semi)?;
                return Ok(Stmt::Break(sp));
            }
            Some(Kw::Continue) => {
                let sp = self.bump().span;
                if self.loops == 0 {
                    self.diags.error(sp, "continue statement not within a loop");
                }
                self.expect_p(P::Semi)?;
                return Ok(Stmt::Continue(sp));
            }
            Some(Kw::Return) => {
                let sp = self.bump().span;
                let ret = self.func.as_ref().map(|f| f.ret).unwrap_or(Types::INT);
                if self.eat_p(P::Semi) {
                    if ret != Types::VOID {
                        self.diags
                            .warning(sp, "'return' with no value, in function returning non-void [-Wreturn-type]");
                    }
                    return Ok(Stmt::Return(None, sp));
                }
                let e = self.expr()?;
                self.expect_p(P::Semi)?;
                if ret == Types::VOID {
                    let e = self.rvalue(e);
                    if e.ty != Types::VOID {
                        self.diags.warning(
                            e.span,
                            "'return' with a value, in function returning void [-Wreturn-type]",
                        );
                    }
                    return Ok(Stmt::Return(Some(e), sp));
                }
                let e = self.assign_convert(ret, e, "return");
                return Ok(Stmt::Return(Some(e), sp));
            }
            Some(Kw::Goto) => {
                let kw_span = self.bump().span;
                let t = self.bump();
                if t.kind != TokKind::Ident {
                    if t.is(P::Star) {
                        let e = self.expr()?;
                        let e = self.rvalue(e);
                        self.expect_p(P::Semi)?;
                        if !self.types.is_ptr(e.ty) {
                            let ty = self.types.name(e.ty, self.interner);
                            self.diags.error(
                                e.span,
                                format!("computed goto needs a pointer ('void *' from '&&label'), not '{ty}'"),
                            );
                            return Err(());
                        }
                        return Ok(Stmt::GotoIndirect(e));
                    } else {
                        let d = self.tok_desc(&t);
                        self.diags
                            .error(t.span, format!("expected identifier before {d}"));
                    }
                    return Err(());
                }
                let (sym, level) = self.resolve_label(t.sym);
                if let Some(l) = level.filter(|&l| l < self.level()) {
                    self.expect_p(P::Semi)?;
                    return Ok(self.nonlocal_goto(l, sym, t.span));
                }
                let vm = self.vm_in_scope();
                if let Some(f) = &mut self.func {
                    f.labels.entry(sym).or_insert((false, t.span));
                    f.gotos.push((sym, kw_span, vm));
                }
                self.expect_p(P::Semi)?;
                return Ok(Stmt::Goto(sym, t.span));
            }
            Some(Kw::Asm) => {
                let kw = self.bump();
                return self.asm_stmt(kw);
            }
            Some(Kw::Attribute) => {
                let mut a = Attrs::default();
                self.attributes(&mut a)?;
                self.eat_p(P::Semi);
                return Ok(Stmt::Empty);
            }
            _ => {}
        }
        if t.is(P::LBrace) {
            return self.compound_stmt(true);
        }
        if t.is(P::Semi) {
            self.bump();
            return Ok(Stmt::Empty);
        }
        if t.kind == TokKind::Ident && self.peek_at(1).is(P::Colon) && self.kw_of(&t).is_none() {
            self.bump();
            self.bump();
            let t = match self.resolve_label(t.sym) {
                (u, Some(l)) if l == self.level() => crate::frontend::lex::Token { sym: u, ..t },
                _ => t,
            };
            let mut a = Attrs::default();
            self.attributes(&mut a)?;
            let vm = self.vm_in_scope();
            if let Some(f) = &mut self.func {
                f.label_vm.entry(t.sym).or_insert(vm);
                match f.labels.get_mut(&t.sym) {
                    Some((true, _)) => {
                        let n = self.interner.get(t.sym).to_string();
                        self.diags.error(t.span, format!("duplicate label '{n}'"));
                    }
                    Some(e) => *e = (true, t.span),
                    None => {
                        f.labels.insert(t.sym, (true, t.span));
                    }
                }
            }
            let s = if self.is_p(P::RBrace) {
                Stmt::Empty
            } else {
                self.stmt()?
            };
            return Ok(Stmt::Label(t.sym, Box::new(s)));
        }
        let e = self.expr()?;
        self.expect_p(P::Semi)?;
        Ok(Stmt::Expr(e))
    }

    /// A `case` or `default` label may not be in the scope of an
    /// identifier of variably modified type declared inside the `switch`
    /// body (C99 §6.8.4.2p2).
    fn check_switch_vm(&mut self, sp: crate::frontend::source::Span) {
        let Some(ctx) = self.switches.last() else {
            return;
        };
        if self.vm_in_scope().len() > ctx.vm.len() {
            self.diags.error(
                sp,
                "switch jumps into scope of identifier with variably modified type",
            );
        }
    }

    /// Reports a declaration whose specifiers name no type.
    fn no_specs(&mut self) {
        let t = self.peek().clone();
        let d = self.tok_desc(&t);
        self.diags.error(
            t.span,
            format!("expected declaration specifiers before {d}"),
        );
    }
}
