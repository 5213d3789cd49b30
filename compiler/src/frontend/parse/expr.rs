//! Expression parsing and typing (C99 §6.5): integer promotions, usual
//! arithmetic conversions, pointer arithmetic, assignment constraints, and
//! the GNU builtins.

use crate::frontend::ast::*;
use crate::frontend::lex::{TokKind, P};
use crate::frontend::parse::{Kw, Ordinary, PResult, Parser};
use crate::frontend::pp::{char_value, parse_int_literal};
use crate::frontend::sema::compat::composite;
use crate::frontend::sema::consteval;
use crate::frontend::sema::types::{TypeId, TypeKind, Types};
use crate::frontend::source::Span;

/// The builtins of [`BuiltinOp`]: (operation, parameter type, result type).
fn int_builtin(name: &str) -> Option<(BuiltinOp, TypeId, TypeId)> {
    use BuiltinOp::*;
    let plain = name.strip_prefix("__builtin_")?;
    Some(match plain {
        "bswap16" => (Bswap, Types::USHORT, Types::USHORT),
        "bswap32" => (Bswap, Types::UINT, Types::UINT),
        "bswap64" => (Bswap, Types::ULLONG, Types::ULLONG),
        "abs" => (Abs, Types::INT, Types::INT),
        "labs" => (Abs, Types::LONG, Types::LONG),
        "llabs" => (Abs, Types::LLONG, Types::LLONG),
        _ => {
            let (stem, width) = if let Some(s) = plain.strip_suffix("ll") {
                (s, 2)
            } else if let Some(s) = plain.strip_suffix('l') {
                (s, 1)
            } else {
                (plain, 0)
            };
            let op = match stem {
                "clz" => Clz,
                "ctz" => Ctz,
                "popcount" => Popcount,
                "parity" => Parity,
                "ffs" => Ffs,
                _ => return None,
            };
            let signed = op == Ffs;
            let pty = match (width, signed) {
                (0, false) => Types::UINT,
                (0, true) => Types::INT,
                (1, false) => Types::ULONG,
                (1, true) => Types::LONG,
                (_, false) => Types::ULLONG,
                (_, true) => Types::LLONG,
            };
            (op, pty, Types::INT)
        }
    })
}

pub(super) fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl<'a> Parser<'a> {
    pub(crate) fn mk(&self, kind: ExprKind, ty: TypeId, span: Span) -> Expr {
        Expr { kind, ty, span }
    }

    /// True if `e` designates an object (may be assigned if modifiable).
    pub(crate) fn is_lvalue(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Local(_)
            | ExprKind::Deref(_)
            | ExprKind::Str(_)
            | ExprKind::CompoundLit(..) => true,
            ExprKind::Global(_) => !self.types.is_func(e.ty),
            ExprKind::Member { base, .. } => self.is_lvalue(base),
            _ => false,
        }
    }

    /// Array-to-pointer and function-to-pointer conversion; the value of a
    /// volatile scalar lvalue (read with a volatile load) has the
    /// unqualified type (C99 §6.3.2.1p2).
    pub(crate) fn rvalue(&mut self, e: Expr) -> Expr {
        if let Some(t) = self.bitfield_promotion(&e) {
            let sp = e.span;
            return self.mk(ExprKind::Cast(bx(e)), t, sp);
        }
        match self.types.kind(e.ty).clone() {
            TypeKind::Array(el, _) | TypeKind::Vla(el, _) => {
                let t = self.types.ptr(el);
                let sp = e.span;
                self.mk(ExprKind::Decay(bx(e)), t, sp)
            }
            TypeKind::Func { .. } => {
                let t = self.types.ptr(e.ty);
                let sp = e.span;
                self.mk(ExprKind::AddrOf(bx(e)), t, sp)
            }
            _ if self.types.is_volatile(e.ty) && !self.types.is_record(e.ty) => {
                let t = self.types.unqualified(e.ty);
                let sp = e.span;
                self.mk(ExprKind::Cast(bx(e)), t, sp)
            }
            _ => e,
        }
    }

    /// The type the value of a bit-field promotes to, when it differs from
    /// the field's declared type; `e` is a bit-field member, or an
    /// assignment, compound assignment, `++` or `--` whose target is one
    /// (their value has the bit-field's type).
    ///
    /// C99 §6.3.1.1p2: a bit-field whose values all fit in `int` promotes
    /// to `int`, an `unsigned int` bit-field of 32 bits (the width of `int`
    /// on ST200) to `unsigned int`. gcc extends this to bit-fields of other
    /// integer types (`long long`, `char`, `short`, `_Bool`): width below
    /// 32 gives `int`; width 32 gives `int` if the declared type is signed,
    /// else `unsigned int` (checked with `gcc -m32` 12.2). Wider `long long`
    /// bit-fields keep their declared type here, and the operators compute
    /// in the field's own width (the `wide_bitfield` module).
    pub(crate) fn bitfield_promotion(&self, e: &Expr) -> Option<TypeId> {
        let target = match &e.kind {
            ExprKind::IncDec { e: x, .. }
            | ExprKind::Assign(x, _)
            | ExprKind::CompoundAssign { lhs: x, .. } => x,
            _ => e,
        };
        let ExprKind::Member { bits: Some(bf), .. } = &target.kind else {
            return None;
        };
        let t = self.types.unqualified(target.ty);
        if !self.types.is_integer(t) {
            return None;
        }
        let p = match bf.width {
            w if w < 32 => Types::INT,
            32 if self.types.is_unsigned(t) => Types::UINT,
            32 => Types::INT,
            _ => return None,
        };
        (p != e.ty).then_some(p)
    }

    /// Converts a scalar expression to `to` (folding integer constants).
    pub(crate) fn cast(&mut self, e: Expr, to: TypeId) -> Expr {
        if e.ty == to {
            return e;
        }
        if let ExprKind::Int(v) = e.kind {
            if self.types.is_integer(to) || self.types.is_ptr(to) {
                return self.mk(
                    ExprKind::Int(consteval::wrap(&self.types, to, v)),
                    to,
                    e.span,
                );
            }
        }
        let sp = e.span;
        self.mk(ExprKind::Cast(bx(e)), to, sp)
    }

    /// Converts a controlling expression (must be scalar).
    pub(crate) fn scalar_cond(&mut self, e: Expr) -> Expr {
        let e = self.rvalue(e);
        if self.types.is_complex(e.ty) {
            return self.complex_truth(e);
        }
        if !self.types.is_scalar(e.ty) {
            let t = self.ty_name(e.ty);
            self.diags.error(
                e.span,
                format!(
                    "used {} type value where scalar is required",
                    if self.types.is_record(e.ty) {
                        t
                    } else {
                        "void".into()
                    }
                ),
            );
        }
        e
    }

    fn is_null_const(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(0) => self.types.is_integer(e.ty) || e.ty == self.types_void_ptr(),
            ExprKind::Cast(x)
                if self.types.is_ptr(e.ty) && self.types.pointee(e.ty) == Some(Types::VOID) =>
            {
                self.is_null_const(x)
            }
            _ => self.types.is_integer(e.ty) && consteval::eval_int(&self.types, e) == Some(0),
        }
    }
    fn types_void_ptr(&self) -> TypeId {
        // void* is interned at first use; compare structurally
        TypeId(u32::MAX)
    }

    /// Implicit conversion as if by assignment (C99 §6.5.16.1), with gcc's
    /// warnings for pointer/integer mismatches.
    pub(crate) fn assign_convert(&mut self, to: TypeId, e: Expr, ctx: &str) -> Expr {
        let (what, at) = (ctx.to_string(), e.span);
        self.assign_convert_at(to, e, ctx, &what, at)
    }

    /// [`Parser::assign_convert`] with the conversion described as gcc
    /// names it in a discarded-qualifier warning (`what`: "initialization",
    /// "assignment", "return", "passing argument 2 of 'f'") and that
    /// warning's position `at` (the operator of an assignment, else the
    /// converted expression).
    pub(crate) fn assign_convert_at(
        &mut self,
        to: TypeId,
        e: Expr,
        ctx: &str,
        what: &str,
        at: Span,
    ) -> Expr {
        let e = self.rvalue(e);
        let from = e.ty;
        self.check_discarded_qualifiers(to, from, what, at);
        if from == to {
            return e;
        }
        let t = &self.types;
        if (t.is_complex(to) || t.is_complex(from))
            && (t.is_arith(to) || t.is_complex(to))
            && (t.is_arith(from) || t.is_complex(from))
        {
            return if t.is_complex(to) {
                self.convert_to_complex(e, to)
            } else {
                self.complex_to_real(e, to)
            };
        }
        if self.types.is_vector(to) || self.types.is_vector(from) {
            let sp = e.span;
            return self.vector_assign_convert(to, e, at).unwrap_or(Expr {
                kind: ExprKind::Int(0),
                ty: to,
                span: sp,
            });
        }
        // a struct copied to or from a volatile one (an ordinary copy)
        if self.types.is_record(from) && self.types.unqualified(from) == self.types.unqualified(to)
        {
            return Expr { ty: to, ..e };
        }
        if from == Types::VOID {
            self.diags
                .error(e.span, "void value not ignored as it ought to be");
            return Expr { ty: to, ..e };
        }
        let t = &self.types;
        if t.is_arith(to) && t.is_arith(from) {
            return self.cast(e, to);
        }
        if to == Types::BOOL && t.is_ptr(from) {
            return self.cast(e, to);
        }
        if t.is_ptr(to) && t.is_ptr(from) {
            let pt = t.pointee(to).expect("ptr");
            let pf = t.pointee(from).expect("ptr");
            if pt != pf
                && pt != Types::VOID
                && pf != Types::VOID
                && !self.compatible_pointee(pt, pf)
            {
                let a = self.ty_name(from);
                let b = self.ty_name(to);
                let msg = match ctx {
                    "return" => format!(
                        "returning '{a}' from a function with incompatible return type '{b}'"
                    ),
                    "initialization" => {
                        format!("initialization of '{b}' from incompatible pointer type '{a}'")
                    }
                    "argument" => format!(
                        "passing argument of incompatible pointer type '{a}' (expected '{b}')"
                    ),
                    _ => format!("assignment to '{b}' from incompatible pointer type '{a}'"),
                };
                self.diags.warning(e.span, msg);
            }
            return self.cast(e, to);
        }
        if t.is_ptr(to) && t.is_integer(from) {
            if !self.is_null_const(&e) {
                let a = self.ty_name(from);
                let b = self.ty_name(to);
                let msg = match ctx {
                    "return" => format!("returning '{a}' from a function with return type '{b}' makes pointer from integer without a cast"),
                    "initialization" => format!("initialization of '{b}' from '{a}' makes pointer from integer without a cast"),
                    "argument" => format!("passing argument makes pointer from integer without a cast (expected '{b}')"),
                    _ => format!("assignment to '{b}' from '{a}' makes pointer from integer without a cast"),
                };
                self.diags.warning(e.span, msg);
            }
            return self.cast(e, to);
        }
        if t.is_integer(to) && t.is_ptr(from) {
            let a = self.ty_name(from);
            let b = self.ty_name(to);
            let msg = match ctx {
                "return" => format!("returning '{a}' from a function with return type '{b}' makes integer from pointer without a cast"),
                "initialization" => format!("initialization of '{b}' from '{a}' makes integer from pointer without a cast"),
                "argument" => format!("passing argument makes integer from pointer without a cast (expected '{b}')"),
                _ => format!("assignment to '{b}' from '{a}' makes integer from pointer without a cast"),
            };
            self.diags.warning(e.span, msg);
            return self.cast(e, to);
        }
        let a = self.ty_name(from);
        let b = self.ty_name(to);
        let msg = match ctx {
            "return" => {
                format!("incompatible types when returning type '{a}' but '{b}' was expected")
            }
            "initialization" => {
                format!("incompatible types when initializing type '{b}' using type '{a}'")
            }
            "argument" => format!(
                "incompatible type for argument: expected '{b}' but argument is of type '{a}'"
            ),
            _ => format!("incompatible types when assigning to type '{b}' from type '{a}'"),
        };
        self.diags.error(e.span, msg);
        Expr { ty: to, ..e }
    }

    /// gcc's `-Wdiscarded-qualifiers` (on by default): a pointer to a
    /// volatile object converted implicitly to a pointer to a non-volatile
    /// one (C99 §6.5.16.1p1 requires the target to have all the source's
    /// qualifiers). Only `volatile` is checked: lcc's types do not carry
    /// `const`, and `volatile void` is `void` in them, so a conversion to
    /// `void *` is not checked either.
    fn check_discarded_qualifiers(&mut self, to: TypeId, from: TypeId, what: &str, at: Span) {
        let t = &self.types;
        if !(t.is_ptr(to) && t.is_ptr(from)) {
            return;
        }
        let (pt, pf) = (t.pointee(to).expect("ptr"), t.pointee(from).expect("ptr"));
        if pt == Types::VOID || !t.is_volatile(pf) || t.is_volatile(pt) {
            return;
        }
        if self.compatible_pointee(pt, pf) {
            self.diags.warning(
                at,
                format!("{what} discards 'volatile' qualifier from pointer target type [-Wdiscarded-qualifiers]"),
            );
        }
    }

    fn compatible_pointee(&mut self, a: TypeId, b: TypeId) -> bool {
        // adding or dropping `volatile` on the pointed-to type is allowed
        // here (gcc warns when it is dropped)
        let (a, b) = (self.types.unqualified(a), self.types.unqualified(b));
        if a == b {
            return true;
        }
        // char vs signed char are distinct; enums compatible with int
        composite(&mut self.types, a, b).is_some()
    }

    /// expression: assignment-expression { , assignment-expression }
    pub(crate) fn expr(&mut self) -> PResult<Expr> {
        let mut e = self.assign_expr()?;
        while self.eat_p(P::Comma) {
            let r = self.assign_expr()?;
            let r = self.rvalue(r);
            let sp = e.span.to(r.span);
            let ty = r.ty;
            e = self.mk(ExprKind::Comma(bx(e), bx(r)), ty, sp);
        }
        Ok(e)
    }

    /// assignment-expression.
    pub(crate) fn assign_expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.assign_inner();
        self.leave();
        r
    }

    fn check_modifiable(&mut self, e: &Expr, op: Span) {
        if !self.is_lvalue(e) || self.types.is_array(e.ty) || self.types.is_func(e.ty) {
            self.diags
                .error(op, "lvalue required as left operand of assignment");
            return;
        }
        let readonly = match &e.kind {
            ExprKind::Local(id) => self.local_const(*id),
            ExprKind::Global(s) => {
                self.lookup(*s)
                    .is_some_and(|o| matches!(o, Ordinary::Global(_, _, true)))
                    || self.scopes.iter().any(|sc| {
                        sc.ords
                            .values()
                            .any(|o| matches!(o, Ordinary::Global(g, _, true) if g == s))
                    })
            }
            _ => false,
        };
        if readonly {
            let n = match &e.kind {
                ExprKind::Local(id) => self
                    .func
                    .as_ref()
                    .and_then(|f| f.locals[id.0 as usize].name)
                    .map(|n| self.name(n))
                    .unwrap_or_default(),
                ExprKind::Global(s) => self
                    .name(*s)
                    .split('.')
                    .nth(1)
                    .map(|s| s.to_string())
                    .unwrap_or_else(|| self.name(*s)),
                _ => String::new(),
            };
            self.diags
                .error(op, format!("assignment of read-only variable '{n}'"));
        }
    }

    fn local_const(&self, id: LocalId) -> bool {
        self.scopes.iter().rev().any(|sc| {
            sc.ords
                .values()
                .any(|o| matches!(o, Ordinary::Local(l, _, true) if *l == id))
        })
    }

    fn assign_inner(&mut self) -> PResult<Expr> {
        let lhs = self.cond_expr()?;
        let t = self.peek().clone();
        let op = match t.kind {
            TokKind::Punct(P::Assign) => None,
            TokKind::Punct(P::AddAssign) => Some(BinOp::Add),
            TokKind::Punct(P::SubAssign) => Some(BinOp::Sub),
            TokKind::Punct(P::MulAssign) => Some(BinOp::Mul),
            TokKind::Punct(P::DivAssign) => Some(BinOp::Div),
            TokKind::Punct(P::ModAssign) => Some(BinOp::Rem),
            TokKind::Punct(P::ShlAssign) => Some(BinOp::Shl),
            TokKind::Punct(P::ShrAssign) => Some(BinOp::Shr),
            TokKind::Punct(P::AndAssign) => Some(BinOp::And),
            TokKind::Punct(P::XorAssign) => Some(BinOp::Xor),
            TokKind::Punct(P::OrAssign) => Some(BinOp::Or),
            _ => return Ok(lhs),
        };
        self.bump();
        let rhs = self.assign_expr()?;
        self.check_modifiable(&lhs, t.span);
        if rhs.ty == Types::VOID {
            self.diags
                .error(t.span, "void value not ignored as it ought to be");
            return Err(());
        }
        let sp = lhs.span.to(rhs.span);
        let lty = lhs.ty;
        match op {
            None => {
                let r = self.assign_convert_at(lty, rhs, "assignment", "assignment", t.span);
                Ok(self.mk(ExprKind::Assign(bx(lhs), bx(r)), lty, sp))
            }
            Some(op) if self.types.is_vector(lty) => {
                self.vector_compound_assign(op, lhs, rhs, t.span)
            }
            Some(op) => {
                let rhs = self.rvalue(rhs);
                if self.types.is_complex(lty) || self.types.is_complex(rhs.ty) {
                    let p = match op {
                        BinOp::Add => P::Plus,
                        BinOp::Sub => P::Minus,
                        BinOp::Mul => P::Star,
                        BinOp::Div => P::Slash,
                        BinOp::Rem => P::Percent,
                        BinOp::Shl => P::Shl,
                        BinOp::Shr => P::Shr,
                        BinOp::And => P::Amp,
                        BinOp::Xor => P::Caret,
                        _ => P::Pipe,
                    };
                    return self.complex_compound_assign(p, lhs, rhs, t.span);
                }
                if self.types.is_ptr(lty) && matches!(op, BinOp::Add | BinOp::Sub) {
                    if !self.types.is_integer(rhs.ty) {
                        self.diags
                            .error(t.span, "invalid operands to binary operator");
                        return Err(());
                    }
                    let it = if self.types.size(rhs.ty) == Some(8) {
                        rhs.ty
                    } else {
                        Types::INT
                    };
                    let r = self.cast(rhs, it);
                    let pop = if op == BinOp::Add {
                        BinOp::PtrAdd
                    } else {
                        BinOp::PtrSub
                    };
                    return Ok(self.mk(
                        ExprKind::CompoundAssign {
                            op: pop,
                            lhs: bx(lhs),
                            rhs: bx(r),
                            op_ty: lty,
                        },
                        lty,
                        sp,
                    ));
                }
                if !self.types.is_arith(lty) || !self.types.is_arith(rhs.ty) {
                    let a = self.ty_name(lty);
                    let b = self.ty_name(rhs.ty);
                    self.diags.error(
                        t.span,
                        format!(
                            "invalid operands to binary {} (have '{a}' and '{b}')",
                            binop_spelling(op)
                        ),
                    );
                    return Err(());
                }
                // the bit-field's value is promoted first (C99 §6.5.16.2p3:
                // `E1 op= E2` is `E1 = E1 op (E2)`, E1 evaluated once)
                let lpt = self.bitfield_promotion(&lhs).unwrap_or(lty);
                let (op_ty, r) = if matches!(op, BinOp::Shl | BinOp::Shr) {
                    let pt = self.types.promote(lpt);
                    let rt = self.types.promote(rhs.ty);
                    let r = self.cast(rhs, rt);
                    (pt, r)
                } else {
                    let ct = self.types.common(lpt, rhs.ty);
                    let r = self.cast(rhs, ct);
                    (ct, r)
                };
                Ok(self.mk(
                    ExprKind::CompoundAssign {
                        op,
                        lhs: bx(lhs),
                        rhs: bx(r),
                        op_ty,
                    },
                    lty,
                    sp,
                ))
            }
        }
    }

    /// conditional-expression.
    pub(crate) fn cond_expr(&mut self) -> PResult<Expr> {
        let c = self.binary(1)?;
        if !self.is_p(P::Question) {
            return Ok(c);
        }
        let q = self.bump().span;
        let c = self.scalar_cond(c);
        // GNU `a ?: b`
        let a = if self.is_p(P::Colon) {
            c.clone()
        } else {
            self.expr()?
        };
        self.expect_p(P::Colon)?;
        let b = self.cond_expr()?;
        let a = self.rvalue(a);
        let b = self.rvalue(b);
        let sp = c.span.to(b.span);
        let (ta, tb) = (a.ty, b.ty);
        let arith_or_complex = |s: &Self, t: TypeId| s.types.is_arith(t) || s.types.is_complex(t);
        if (self.types.is_complex(ta) || self.types.is_complex(tb))
            && arith_or_complex(self, ta)
            && arith_or_complex(self, tb)
        {
            let ra = self.types.complex_elem(ta).unwrap_or(ta);
            let rb = self.types.complex_elem(tb).unwrap_or(tb);
            let elem = self.types.common(ra, rb);
            let ty = self.types.complex(elem);
            let (a, b) = (
                self.convert_to_complex(a, ty),
                self.convert_to_complex(b, ty),
            );
            return Ok(self.mk(ExprKind::Cond(bx(c), bx(a), bx(b)), ty, sp));
        }
        let ty = if self.types.is_arith(ta) && self.types.is_arith(tb) {
            self.types.common(ta, tb)
        } else if ta == tb || (self.types.is_ptr(ta) && self.is_null_const(&b)) {
            ta
        } else if self.types.is_ptr(tb) && self.is_null_const(&a) {
            tb
        } else if self.types.is_ptr(ta) && self.types.is_ptr(tb) {
            let pa = self.types.pointee(ta).expect("ptr");
            let pb = self.types.pointee(tb).expect("ptr");
            if pa == Types::VOID || pb == Types::VOID {
                self.types.ptr(Types::VOID)
            } else {
                if !self.compatible_pointee(pa, pb) {
                    self.diags
                        .warning(q, "pointer type mismatch in conditional expression");
                }
                ta
            }
        } else if ta == Types::VOID || tb == Types::VOID {
            Types::VOID
        } else if (self.types.is_ptr(ta) && self.types.is_integer(tb))
            || (self.types.is_integer(ta) && self.types.is_ptr(tb))
        {
            self.diags
                .warning(q, "pointer/integer type mismatch in conditional expression");
            if self.types.is_ptr(ta) {
                ta
            } else {
                tb
            }
        } else {
            let x = self.ty_name(ta);
            let y = self.ty_name(tb);
            self.diags.error(
                q,
                format!("type mismatch in conditional expression ('{x}' and '{y}')"),
            );
            return Err(());
        };
        let (a, b) = if self.types.is_record(ty) || ty == Types::VOID {
            (a, b)
        } else {
            (self.cast(a, ty), self.cast(b, ty))
        };
        Ok(self.mk(ExprKind::Cond(bx(c), bx(a), bx(b)), ty, sp))
    }

    fn binary(&mut self, min: u8) -> PResult<Expr> {
        self.binary_op(min).map(|x| x.0)
    }

    /// [`Self::binary`], also returning the operator (and its position)
    /// that the expression applies last when it is not parenthesised, for
    /// `-Wparentheses`.
    fn binary_op(&mut self, min: u8) -> PResult<(Expr, Option<(P, Span)>)> {
        let mut l = self.cast_expr()?;
        let mut lop = None;
        loop {
            let t = self.peek().clone();
            let TokKind::Punct(p) = t.kind else {
                return Ok((l, lop));
            };
            let Some(prec) = p.binary_precedence() else {
                return Ok((l, lop));
            };
            if prec < min {
                return Ok((l, lop));
            }
            self.bump();
            self.enter()?;
            let r = self.binary_op(prec + 1);
            self.leave();
            let (r, rop) = r?;
            self.warn_parentheses(p, lop, rop);
            l = self.make_binary(p, l, r, t.span)?;
            lop = Some((p, t.span));
        }
    }

    /// Types a binary operator application; arithmetic on a `long long`
    /// bit-field wider than `int` is reduced to the field's width
    /// (see the `wide_bitfield` module).
    pub(crate) fn make_binary(&mut self, p: P, l: Expr, r: Expr, op: Span) -> PResult<Expr> {
        let precision = match p {
            P::Plus | P::Minus | P::Star | P::Slash | P::Percent | P::Amp | P::Pipe | P::Caret => {
                self.binary_bit_precision(&l, &r)
            }
            P::Shl | P::Shr => self.bit_precision(&l),
            _ => None,
        };
        let e = self.make_binary_typed(p, l, r, op)?;
        Ok(self.wrap_bit_precision(e, precision))
    }

    /// [`Self::make_binary`] without the bit-field width.
    fn make_binary_typed(&mut self, p: P, l: Expr, r: Expr, op: Span) -> PResult<Expr> {
        let l = self.rvalue(l);
        let r = self.rvalue(r);
        if self.types.is_vector(l.ty) || self.types.is_vector(r.ty) {
            return self.vector_binary(p, l, r, op);
        }
        let sp = l.span.to(r.span);
        let (lt, rt) = (l.ty, r.ty);
        if self.types.is_complex(lt) || self.types.is_complex(rt) {
            return self.complex_binary(p, l, r, op);
        }
        let bad = |s: &mut Self| -> PResult<Expr> {
            let a = s.ty_name(lt);
            let b = s.ty_name(rt);
            s.diags.error(
                op,
                format!(
                    "invalid operands to binary {} (have '{a}' and '{b}')",
                    p.spelling()
                ),
            );
            Err(())
        };
        match p {
            P::AndAnd | P::OrOr => {
                if !self.types.is_scalar(lt) || !self.types.is_scalar(rt) {
                    return bad(self);
                }
                let k = if p == P::AndAnd {
                    ExprKind::LogAnd(bx(l), bx(r))
                } else {
                    ExprKind::LogOr(bx(l), bx(r))
                };
                Ok(self.mk(k, Types::INT, sp))
            }
            P::Plus | P::Minus => {
                if self.types.is_arith(lt) && self.types.is_arith(rt) {
                    let ct = self.types.common(lt, rt);
                    let (l, r) = (self.cast(l, ct), self.cast(r, ct));
                    let op = if p == P::Plus { BinOp::Add } else { BinOp::Sub };
                    return Ok(self.fold(self.mk(ExprKind::Binary(op, bx(l), bx(r)), ct, sp)));
                }
                if self.types.is_ptr(lt) && self.types.is_integer(rt) {
                    self.check_complete_pointee(lt, op);
                    let it = if self.types.size(rt) == Some(8) {
                        self.types.promote(rt)
                    } else {
                        Types::INT
                    };
                    let r = self.cast(r, it);
                    let op = if p == P::Plus {
                        BinOp::PtrAdd
                    } else {
                        BinOp::PtrSub
                    };
                    return Ok(self.mk(ExprKind::Binary(op, bx(l), bx(r)), lt, sp));
                }
                if p == P::Plus && self.types.is_integer(lt) && self.types.is_ptr(rt) {
                    self.check_complete_pointee(rt, op);
                    let it = if self.types.size(lt) == Some(8) {
                        self.types.promote(lt)
                    } else {
                        Types::INT
                    };
                    let l = self.cast(l, it);
                    return Ok(self.mk(ExprKind::Binary(BinOp::PtrAdd, bx(r), bx(l)), rt, sp));
                }
                if p == P::Minus && self.types.is_ptr(lt) && self.types.is_ptr(rt) {
                    let pa = self.types.pointee(lt).expect("ptr");
                    let pb = self.types.pointee(rt).expect("ptr");
                    if !self.compatible_pointee(pa, pb) {
                        let a = self.ty_name(lt);
                        let b = self.ty_name(rt);
                        self.diags.error(
                            op,
                            format!("invalid operands to binary - (have '{a}' and '{b}')"),
                        );
                        return Err(());
                    }
                    return Ok(self.mk(
                        ExprKind::Binary(BinOp::PtrDiff, bx(l), bx(r)),
                        Types::INT,
                        sp,
                    ));
                }
                bad(self)
            }
            P::Star | P::Slash | P::Percent => {
                if !self.types.is_arith(lt)
                    || !self.types.is_arith(rt)
                    || (p == P::Percent
                        && (!self.types.is_integer(lt) || !self.types.is_integer(rt)))
                {
                    return bad(self);
                }
                let ct = self.types.common(lt, rt);
                let (l, r) = (self.cast(l, ct), self.cast(r, ct));
                if p != P::Star
                    && self.types.is_integer(ct)
                    && consteval::eval_int(&self.types, &r) == Some(0)
                {
                    self.diags.warning(op, "division by zero [-Wdiv-by-zero]");
                    let op = if p == P::Slash {
                        BinOp::Div
                    } else {
                        BinOp::Rem
                    };
                    return Ok(self.mk(ExprKind::Binary(op, bx(l), bx(r)), ct, sp));
                }
                let op = match p {
                    P::Star => BinOp::Mul,
                    P::Slash => BinOp::Div,
                    _ => BinOp::Rem,
                };
                Ok(self.fold(self.mk(ExprKind::Binary(op, bx(l), bx(r)), ct, sp)))
            }
            P::Shl | P::Shr => {
                if !self.types.is_integer(lt) || !self.types.is_integer(rt) {
                    return bad(self);
                }
                let pl = self.types.promote(lt);
                let pr = self.types.promote(rt);
                let (l, r) = (self.cast(l, pl), self.cast(r, pr));
                let op = if p == P::Shl { BinOp::Shl } else { BinOp::Shr };
                Ok(self.fold(self.mk(ExprKind::Binary(op, bx(l), bx(r)), pl, sp)))
            }
            P::Amp | P::Pipe | P::Caret => {
                if !self.types.is_integer(lt) || !self.types.is_integer(rt) {
                    return bad(self);
                }
                let ct = self.types.common(lt, rt);
                let (l, r) = (self.cast(l, ct), self.cast(r, ct));
                let op = match p {
                    P::Amp => BinOp::And,
                    P::Pipe => BinOp::Or,
                    _ => BinOp::Xor,
                };
                Ok(self.fold(self.mk(ExprKind::Binary(op, bx(l), bx(r)), ct, sp)))
            }
            P::EqEq | P::Ne | P::Lt | P::Gt | P::Le | P::Ge => {
                let opsp = op;
                let op = match p {
                    P::EqEq => BinOp::Eq,
                    P::Ne => BinOp::Ne,
                    P::Lt => BinOp::Lt,
                    P::Gt => BinOp::Gt,
                    P::Le => BinOp::Le,
                    _ => BinOp::Ge,
                };
                if self.types.is_arith(lt) && self.types.is_arith(rt) {
                    let ct = self.types.common(lt, rt);
                    let (l, r) = (self.cast(l, ct), self.cast(r, ct));
                    if let Some(e) = self.fold_infinite_compare(op, &l, &r, sp) {
                        return Ok(e);
                    }
                    return Ok(self.fold(self.mk(
                        ExprKind::Binary(op, bx(l), bx(r)),
                        Types::INT,
                        sp,
                    )));
                }
                if self.types.is_ptr(lt) && self.types.is_ptr(rt) {
                    let pa = self.types.pointee(lt).expect("ptr");
                    let pb = self.types.pointee(rt).expect("ptr");
                    if pa != Types::VOID && pb != Types::VOID && !self.compatible_pointee(pa, pb) {
                        self.diags
                            .warning(opsp, "comparison of distinct pointer types lacks a cast");
                    }
                    let r = self.cast(r, lt);
                    return Ok(self.mk(ExprKind::Binary(op, bx(l), bx(r)), Types::INT, sp));
                }
                if self.types.is_ptr(lt) && self.types.is_integer(rt) {
                    if !self.is_null_const(&r) {
                        self.diags
                            .warning(opsp, "comparison between pointer and integer");
                    }
                    let r = self.cast(r, lt);
                    return Ok(self.mk(ExprKind::Binary(op, bx(l), bx(r)), Types::INT, sp));
                }
                if self.types.is_integer(lt) && self.types.is_ptr(rt) {
                    if !self.is_null_const(&l) {
                        self.diags
                            .warning(opsp, "comparison between pointer and integer");
                    }
                    let l = self.cast(l, rt);
                    return Ok(self.mk(ExprKind::Binary(op, bx(l), bx(r)), Types::INT, sp));
                }
                bad(self)
            }
            _ => bad(self),
        }
    }

    fn check_complete_pointee(&mut self, pt: TypeId, op: Span) {
        if let Some(p) = self.types.pointee(pt) {
            // a pointer to a VLA steps by the VLA's run-time size
            if (self.types.size(p).is_none() && !self.types.is_vla(p)) || self.types.is_func(p) {
                let n = self.ty_name(p);
                self.diags.error(
                    op,
                    format!("arithmetic on pointer to an incomplete type '{n}'"),
                );
            }
        }
    }

    /// `x > +inf`, `+inf < x`, `x < -inf` and `-inf > x` of real floating
    /// operands: false for every `x`, a NaN included (C99 §7.12.14: an
    /// unordered pair compares false), so `0` after `x` is evaluated
    /// for its side effects (gcc folds them alike). No floating-point
    /// exception can be observed here (the runtime has no `<fenv.h>`), so
    /// the invalid-operand exception of a NaN is not lost.
    fn fold_infinite_compare(&mut self, op: BinOp, l: &Expr, r: &Expr, sp: Span) -> Option<Expr> {
        if !self.types.is_float(l.ty) || !matches!(op, BinOp::Lt | BinOp::Gt) {
            return None;
        }
        let inf =
            |s: &Self, e: &Expr| consteval::eval_float(&s.types, e).filter(|v| v.is_infinite());
        // the operand that is not the infinity, if the comparison is
        // always false
        let x = match (op, inf(self, l), inf(self, r)) {
            (BinOp::Gt, _, Some(v)) if v > 0.0 => l,
            (BinOp::Lt, _, Some(v)) if v < 0.0 => l,
            (BinOp::Lt, Some(v), _) if v > 0.0 => r,
            (BinOp::Gt, Some(v), _) if v < 0.0 => r,
            _ => return None,
        };
        if consteval::eval_float(&self.types, x).is_some() {
            // two constants: the usual constant folding
            return None;
        }
        let zero = self.mk(ExprKind::Int(0), Types::INT, sp);
        Some(self.mk(ExprKind::Comma(bx(x.clone()), bx(zero)), Types::INT, sp))
    }

    /// Folds integer constant subexpressions.
    fn fold(&self, e: Expr) -> Expr {
        if self.types.is_integer(e.ty) {
            if let ExprKind::Binary(_, a, b) = &e.kind {
                if matches!(a.kind, ExprKind::Int(_)) && matches!(b.kind, ExprKind::Int(_)) {
                    if let Some(v) = consteval::eval_int(&self.types, &e) {
                        return Expr {
                            kind: ExprKind::Int(v),
                            ..e
                        };
                    }
                }
            }
        }
        e
    }

    /// cast-expression.
    pub(crate) fn cast_expr(&mut self) -> PResult<Expr> {
        if self.is_p(P::LParen) && self.is_type_name_start(&self.peek_at(1).clone()) {
            let open = self.bump().span;
            let (ty, evals) = self.type_name_evals()?;
            self.expect_p(P::RParen)?;
            if self.is_p(P::LBrace) {
                // a compound literal is a postfix-expression (C99 §6.5.2):
                // `(int[]){0, 1, 2}[i]`, `(struct s){…}.m`
                let e = self.compound_literal(ty, open)?;
                return self.postfix_rest(e);
            }
            self.enter()?;
            let e = self.cast_expr();
            self.leave();
            // `(int (*)[n])p`: the sizes first, then the cast
            let c = self.finish_cast(open, ty, e?)?;
            Ok(self.after_evals(evals, c))
        } else {
            self.unary()
        }
    }

    /// `evals` (assignments of VLA size locals), then `e`: a comma
    /// expression with `e`'s type and value.
    pub(crate) fn after_evals(&mut self, evals: Vec<Expr>, e: Expr) -> Expr {
        let (ty, sp) = (e.ty, e.span);
        let mut r = e;
        for ev in evals.into_iter().rev() {
            r = self.mk(ExprKind::Comma(bx(ev), bx(r)), ty, sp);
        }
        r
    }

    /// The cast of `e` to `ty` written at `open`.
    fn finish_cast(&mut self, open: Span, ty: TypeId, e: Expr) -> PResult<Expr> {
        let e = self.rvalue(e);
        let sp = open.to(e.span);
        if ty == Types::VOID {
            return Ok(self.mk(ExprKind::Cast(bx(e)), Types::VOID, sp));
        }
        if self.types.is_complex(ty) || self.types.is_complex(e.ty) {
            return self.complex_cast(ty, e, sp);
        }
        if self.types.record(ty).is_some_and(|r| r.is_union) {
            return self.union_cast(sp, ty, e);
        }
        if self.types.is_vector(ty) || self.types.is_vector(e.ty) {
            return self.vector_cast(ty, e, sp);
        }
        if !self.types.is_scalar(ty) {
            let n = self.ty_name(ty);
            self.diags
                .error(sp, format!("conversion to non-scalar type '{n}' requested"));
            return Err(());
        }
        if !self.types.is_scalar(e.ty) {
            self.diags.error(sp, "cast operand is not a scalar");
            return Err(());
        }
        if (self.types.is_float(ty) && self.types.is_ptr(e.ty))
            || (self.types.is_ptr(ty) && self.types.is_float(e.ty))
        {
            self.diags
                .error(sp, "invalid cast between pointer and floating type");
            return Err(());
        }
        // a cast ends a wide bit-field's own width even to the same type
        let mut c = if self.bit_precision(&e).is_some() {
            self.mk(ExprKind::Cast(bx(e)), ty, sp)
        } else {
            self.cast(e, ty)
        };
        if matches!(c.kind, ExprKind::Cast(_)) {
            c.span = sp;
        } else {
            c.span = sp;
            c.ty = ty;
        }
        Ok(c)
    }

    fn compound_literal(&mut self, ty: TypeId, open: Span) -> PResult<Expr> {
        let mut ty = ty;
        if self.types.is_vla(ty) {
            self.diags.error(open, "compound literal has variable size");
            return Err(());
        }
        if self.func.is_none() {
            // file scope: an unnamed object of static storage duration
            // (C99 §6.5.2.5p6), defined as an internal global so that its
            // address is an address constant (`&(struct S){…}` in a static
            // initialiser); its initialiser also serves a use of its value
            let outer = self.take_global_refs();
            let init = self.initializer(&mut ty, true)?;
            let refs = std::mem::replace(&mut self.global_refs, outer);
            let span = open;
            self.static_count += 1;
            let name = self
                .interner
                .intern(&format!("__compound_literal.{}", self.static_count));
            self.globals.push(GlobalVar {
                name,
                ty,
                align: self.types.align(ty),
                linkage: Linkage::Internal,
                init: Some(init.clone()),
                defined: true,
                tentative: false,
                span,
                section: None,
                weak: false,
                refs,
            });
            let e = self.mk(ExprKind::Global(name), ty, span);
            return Ok(self.mk(ExprKind::CompoundLit(bx(e), Box::new(init)), ty, span));
        }
        let init = self.initializer(&mut ty, false)?;
        let id = self.new_local(None, ty, open, None);
        if let Some(f) = &mut self.func {
            f.locals[id.0 as usize].used = true;
        }
        let obj = self.mk(ExprKind::Local(id), ty, open);
        Ok(self.mk(ExprKind::CompoundLit(bx(obj), Box::new(init)), ty, open))
    }

    fn unary(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.unary_inner();
        self.leave();
        r
    }

    fn unary_inner(&mut self) -> PResult<Expr> {
        let t = self.peek().clone();
        match t.kind {
            TokKind::Punct(p @ (P::Inc | P::Dec)) => {
                self.bump();
                let e = self.unary()?;
                return self.incdec(e, true, p == P::Inc, t.span);
            }
            TokKind::Punct(P::AndAnd) => {
                // GNU label address `&&label`: the label's number in the
                // function (1, 2, …) as a `void *` (FunctionDef::label_addrs)
                self.bump();
                let l = self.bump();
                let sp = t.span.to(l.span);
                if l.kind != TokKind::Ident || self.kw_of(&l).is_some() {
                    let d = self.tok_desc(&l);
                    self.diags
                        .error(l.span, format!("expected label name before {d}"));
                    return Err(());
                }
                if self.func.is_none() {
                    self.diags
                        .error(sp, "label address '&&' outside a function");
                    return Err(());
                }
                let k = self.label_number(l.sym, l.span)?;
                let vp = self.types.ptr(Types::VOID);
                return Ok(self.mk(ExprKind::Int(k as i64), vp, sp));
            }
            TokKind::Punct(P::Amp) => {
                self.bump();
                let e = self.cast_expr()?;
                let sp = t.span.to(e.span);
                if let ExprKind::Member { bits: Some(_), .. } = e.kind {
                    self.diags.error(sp, "cannot take address of bit-field");
                    return Err(());
                }
                if !self.is_lvalue(&e) && !self.types.is_func(e.ty) {
                    self.diags.error(sp, "lvalue required as unary '&' operand");
                    return Err(());
                }
                let pt = self.types.ptr(e.ty);
                return Ok(self.mk(ExprKind::AddrOf(bx(e)), pt, sp));
            }
            TokKind::Punct(P::Star) => {
                self.bump();
                let e = self.cast_expr()?;
                let e = self.rvalue(e);
                let sp = t.span.to(e.span);
                let Some(pt) = self.types.pointee(e.ty).filter(|_| self.types.is_ptr(e.ty)) else {
                    let n = self.ty_name(e.ty);
                    self.diags.error(
                        sp,
                        format!("invalid type argument of unary '*' (have '{n}')"),
                    );
                    return Err(());
                };
                if self.types.is_func(pt) {
                    return Ok(e);
                }
                return Ok(self.mk(ExprKind::Deref(bx(e)), pt, sp));
            }
            TokKind::Punct(p @ (P::Plus | P::Minus | P::Tilde | P::Bang)) => {
                self.bump();
                let e = self.cast_expr()?;
                let e = self.rvalue(e);
                let sp = t.span.to(e.span);
                if self.types.is_complex(e.ty) {
                    return self.complex_unary(p, e, sp);
                }
                if self.types.is_vector(e.ty) {
                    return self.vector_unary(p, e, sp);
                }
                if p == P::Bang {
                    if !self.types.is_scalar(e.ty) {
                        self.diags
                            .error(sp, "wrong type argument to unary exclamation mark");
                        return Err(());
                    }
                    let r = self.mk(ExprKind::Unary(UnOp::LogNot, bx(e)), Types::INT, sp);
                    return Ok(self.fold_unary(r));
                }
                let ok = if p == P::Tilde {
                    self.types.is_integer(e.ty)
                } else {
                    self.types.is_arith(e.ty)
                };
                if !ok {
                    let what = match p {
                        P::Plus => "unary plus",
                        P::Minus => "unary minus",
                        _ => "bit-complement",
                    };
                    self.diags
                        .error(sp, format!("wrong type argument to {what}"));
                    return Err(());
                }
                let precision = self.bit_precision(&e);
                let pt = self.types.promote(e.ty);
                let e = self.cast(e, pt);
                if p == P::Plus {
                    return Ok(Expr { span: sp, ..e });
                }
                let op = if p == P::Minus {
                    UnOp::Neg
                } else {
                    UnOp::BitNot
                };
                let r = self.mk(ExprKind::Unary(op, bx(e)), pt, sp);
                let r = self.fold_unary(r);
                return Ok(self.wrap_bit_precision(r, precision));
            }
            _ => {}
        }
        match self.kw_of(&t) {
            Some(Kw::Sizeof) => {
                self.bump();
                let (ty, sp) = if self.is_p(P::LParen)
                    && self.is_type_name_start(&self.peek_at(1).clone())
                {
                    let open = self.bump().span;
                    let (ty, evals) = self.type_name_evals()?;
                    let close = self.expect_p(P::RParen)?;
                    if self.is_p(P::LBrace) {
                        let e = self.compound_literal(ty, open)?;
                        let e = self.postfix_rest(e)?;
                        (e.ty, t.span.to(e.span))
                    } else {
                        let sp = t.span.to(close);
                        if self.types.is_vla(ty) {
                            // `sizeof(int[n])`: evaluates n, once
                            let n = self.vla_size_expr(ty, sp);
                            return Ok(self.after_evals(evals, n));
                        }
                        (ty, sp)
                    }
                } else {
                    let e = self.unary()?;
                    if let ExprKind::Member { bits: Some(_), .. } = e.kind {
                        self.diags.error(e.span, "'sizeof' applied to a bit-field");
                    }
                    let sp = t.span.to(e.span);
                    if self.types.is_vla(e.ty) {
                        // the operand of VLA type is evaluated (C99
                        // §6.5.3.4p2; `sizeof a[i++]`), its size read
                        // from the type's size locals
                        let n = self.vla_size_expr(e.ty, sp);
                        if matches!(&e.kind, ExprKind::Deref(p) if matches!(p.kind, ExprKind::Local(_)))
                        {
                            return Ok(n);
                        }
                        let d = self.rvalue(e);
                        let v = self.mk(ExprKind::Cast(bx(d)), Types::VOID, sp);
                        return Ok(self.after_evals(vec![v], n));
                    }
                    (e.ty, sp)
                };
                let Some(sz) = self.types.size(ty).filter(|_| !self.types.is_func(ty)) else {
                    let n = self.ty_name(ty);
                    self.diags.error(
                        sp,
                        format!("invalid application of 'sizeof' to incomplete type '{n}'"),
                    );
                    return Err(());
                };
                return Ok(self.mk(ExprKind::Int(sz as i64), Types::UINT, sp));
            }
            Some(Kw::Alignof) => {
                self.bump();
                let (ty, sp) =
                    if self.is_p(P::LParen) && self.is_type_name_start(&self.peek_at(1).clone()) {
                        self.bump();
                        let ty = self.type_name()?;
                        let close = self.expect_p(P::RParen)?;
                        (ty, t.span.to(close))
                    } else {
                        let e = self.unary()?;
                        // a function designator: its `aligned` attribute
                        if let ExprKind::Global(f) = e.kind {
                            if self.types.is_func(e.ty) {
                                if let Some(&a) = self.function_align.get(&f) {
                                    let sp = t.span.to(e.span);
                                    return Ok(self.mk(ExprKind::Int(a as i64), Types::UINT, sp));
                                }
                            }
                        }
                        (e.ty, t.span.to(e.span))
                    };
                let a = self.types.align(ty);
                return Ok(self.mk(ExprKind::Int(a as i64), Types::UINT, sp));
            }
            Some(Kw::Extension) => {
                self.bump();
                return self.cast_expr();
            }
            Some(k @ (Kw::Real | Kw::Imag)) => {
                self.bump();
                let e = self.cast_expr()?;
                let sp = t.span.to(e.span);
                return self.real_imag(k == Kw::Imag, e, sp);
            }
            _ => {}
        }
        let e = self.primary()?;
        self.postfix_rest(e)
    }

    fn fold_unary(&self, e: Expr) -> Expr {
        if let ExprKind::Unary(_, x) = &e.kind {
            if matches!(x.kind, ExprKind::Int(_)) {
                if let Some(v) = consteval::eval_int(&self.types, &e) {
                    return Expr {
                        kind: ExprKind::Int(v),
                        ..e
                    };
                }
            }
        }
        e
    }

    fn incdec(&mut self, e: Expr, pre: bool, inc: bool, op: Span) -> PResult<Expr> {
        let sp = op.to(e.span);
        if self.types.is_complex(e.ty) && self.is_lvalue(&e) {
            self.check_modifiable(&e, op);
            return self.complex_incdec(e, pre, inc, sp);
        }
        if !self.types.is_scalar(e.ty) {
            let what = if inc { "increment" } else { "decrement" };
            self.diags
                .error(sp, format!("wrong type argument to {what}"));
            return Err(());
        }
        if !self.is_lvalue(&e) {
            let what = if inc { "increment" } else { "decrement" };
            self.diags
                .error(sp, format!("lvalue required as {what} operand"));
            return Err(());
        }
        self.check_modifiable(&e, op);
        if self.types.is_ptr(e.ty) {
            self.check_complete_pointee(e.ty, op);
        }
        let ty = e.ty;
        Ok(self.mk(ExprKind::IncDec { pre, inc, e: bx(e) }, ty, sp))
    }

    fn postfix_rest(&mut self, mut e: Expr) -> PResult<Expr> {
        let mut n = 0;
        loop {
            n += 1;
            if n > crate::frontend::parse::MAX_DEPTH * 16 {
                self.diags.error(e.span, "expression too complex");
                return Err(());
            }
            let t = self.peek().clone();
            match t.kind {
                TokKind::Punct(P::LBracket) => {
                    self.bump();
                    let i = self.expr()?;
                    let close = self.expect_p(P::RBracket)?;
                    if self.types.is_vector(e.ty) {
                        let sp = e.span.to(close);
                        e = self.vector_subscript(e, i, sp)?;
                        continue;
                    }
                    let a = self.rvalue(e);
                    let i = self.rvalue(i);
                    let (p, i) = if self.types.is_ptr(a.ty) {
                        (a, i)
                    } else {
                        (i, a)
                    };
                    if !self.types.is_ptr(p.ty) {
                        self.diags
                            .error(t.span, "subscripted value is neither array nor pointer");
                        return Err(());
                    }
                    if !self.types.is_integer(i.ty) {
                        self.diags
                            .error(i.span, "array subscript is not an integer");
                        return Err(());
                    }
                    let sp = p.span.to(close);
                    let sum = self.make_binary(P::Plus, p, i, t.span)?;
                    let et = self.types.pointee(sum.ty).expect("ptr");
                    e = self.mk(ExprKind::Deref(bx(sum)), et, sp);
                }
                TokKind::Punct(P::LParen) => {
                    self.bump();
                    e = self.call(e, t.span)?;
                }
                TokKind::Punct(p @ (P::Dot | P::Arrow)) => {
                    self.bump();
                    let m = self.bump();
                    if m.kind != TokKind::Ident {
                        let d = self.tok_desc(&m);
                        self.diags
                            .error(m.span, format!("expected identifier before {d}"));
                        return Err(());
                    }
                    let base = if p == P::Arrow {
                        let b = self.rvalue(e);
                        let Some(rt) = self.types.pointee(b.ty).filter(|_| self.types.is_ptr(b.ty))
                        else {
                            let n = self.ty_name(b.ty);
                            self.diags.error(
                                t.span,
                                format!("invalid type argument of '->' (have '{n}')"),
                            );
                            return Err(());
                        };
                        let sp = b.span;
                        self.mk(ExprKind::Deref(bx(b)), rt, sp)
                    } else {
                        e
                    };
                    if !self.types.is_record(base.ty) {
                        let n = self.ty_name(base.ty);
                        self.diags.error(t.span, format!("request for member '{}' in something not a structure or union (have '{n}')", self.name(m.sym)));
                        return Err(());
                    }
                    if self.types.size(base.ty).is_none() && !self.types.is_vla(base.ty) {
                        let n = self.ty_name(base.ty);
                        self.diags
                            .error(t.span, format!("invalid use of incomplete type '{n}'"));
                        return Err(());
                    }
                    let Some((off, fty, bits)) = self.types.find_field(base.ty, m.sym) else {
                        let n = self.ty_name(base.ty);
                        self.diags.error(
                            t.span,
                            format!("'{n}' has no member named '{}'", self.name(m.sym)),
                        );
                        return Err(());
                    };
                    // a member of a volatile struct or union is volatile
                    let fty = if self.types.is_volatile(base.ty) {
                        self.types.volatile(fty)
                    } else {
                        fty
                    };
                    let sp = base.span.to(m.span);
                    let mname = self.name(m.sym).to_string();
                    self.check_reverse_order_member(base.ty, fty, bits.is_some(), &mname, m.span)?;
                    if let Some(v) = self.vm_member(&base, m.sym, fty, bits, sp) {
                        e = v;
                        continue;
                    }
                    e = self.mk(
                        ExprKind::Member {
                            base: bx(base),
                            offset: off,
                            bits,
                        },
                        fty,
                        sp,
                    );
                }
                TokKind::Punct(p @ (P::Inc | P::Dec)) => {
                    self.bump();
                    e = self.incdec(e, false, p == P::Inc, t.span)?;
                }
                _ => return Ok(e),
            }
        }
    }

    fn call(&mut self, f: Expr, open: Span) -> PResult<Expr> {
        let f = self.rvalue(f);
        let fty = self
            .types
            .pointee(f.ty)
            .filter(|p| self.types.is_ptr(f.ty) && self.types.is_func(*p));
        let mut args = Vec::new();
        if !self.is_p(P::RParen) {
            loop {
                args.push(self.assign_expr()?);
                if !self.eat_p(P::Comma) {
                    break;
                }
            }
        }
        let close = self.expect_p(P::RParen)?;
        let sp = f.span.to(close);
        let Some(fty) = fty else {
            self.diags
                .error(open, "called object is not a function or function pointer");
            return Err(());
        };
        let TypeKind::Func {
            ret,
            params,
            variadic,
            proto,
        } = self.types.kind(fty).clone()
        else {
            unreachable!("func")
        };
        let fname = match &f.kind {
            ExprKind::AddrOf(x) => match &x.kind {
                ExprKind::Global(s) => Some(self.name(*s)),
                _ => None,
            },
            _ => None,
        };
        if proto && (args.len() < params.len() || (args.len() > params.len() && !variadic)) {
            {
                let msg = if args.len() < params.len() {
                    "too few arguments to function"
                } else {
                    "too many arguments to function"
                };
                let msg = match &fname {
                    Some(n) => format!("{msg} '{n}'"),
                    None => msg.to_string(),
                };
                self.diags.error(sp, msg);
                return Err(());
            }
        }
        let mut conv = Vec::new();
        for (i, a) in args.into_iter().enumerate() {
            if self.types.is_record(a.ty) && self.types.is_vla(a.ty) {
                // its words would need an argument area of run-time size
                self.diags.error(
                    a.span,
                    "passing a structure of variable size by value is not supported",
                );
                return Err(());
            }
            if i < params.len() && proto {
                let what = match &fname {
                    Some(n) => format!("passing argument {} of '{n}'", i + 1),
                    None => format!("passing argument {}", i + 1),
                };
                let at = a.span;
                conv.push(self.assign_convert_at(params[i], a, "argument", &what, at));
            } else {
                let a = self.rvalue(a);
                let t = if self.types.is_integer(a.ty) {
                    self.types.promote(a.ty)
                } else if a.ty == Types::FLOAT {
                    Types::DOUBLE
                } else {
                    a.ty
                };
                if a.ty == Types::VOID {
                    self.diags.error(a.span, "invalid use of void expression");
                }
                conv.push(self.cast(a, t));
            }
        }
        if self.types.is_record(ret) && self.types.size(ret).is_none() {
            self.diags
                .error(sp, "calling function with incomplete return type");
        }
        if variadic {
            if let Some(n) = &fname {
                self.check_format(n, &conv);
            }
        }
        if let Some(e) = self.library_builtin(fname.as_deref(), fty, &conv, sp) {
            return Ok(e);
        }
        let call = self.mk(ExprKind::Call(bx(f), conv), ret, sp);
        if self.nested_fns.is_empty() {
            return Ok(call);
        }
        Ok(self.nested_call(call))
    }

    pub(crate) fn primary(&mut self) -> PResult<Expr> {
        let t = self.bump();
        match t.kind {
            TokKind::Number => self.number(&t),
            TokKind::Char => {
                if let Some(e) = self.wide_char_constant(&t) {
                    return Ok(e);
                }
                let s = self.name(t.sym);
                match char_value(&s) {
                    Ok(v) => Ok(self.mk(ExprKind::Int(v), Types::INT, t.span)),
                    Err(m) => {
                        self.diags.error(t.span, m);
                        Ok(self.mk(ExprKind::Int(0), Types::INT, t.span))
                    }
                }
            }
            TokKind::Str => self.string_literal(t),
            TokKind::Punct(P::LParen) => {
                if self.is_p(P::LBrace) {
                    return self.stmt_expr(&t);
                }
                self.enter()?;
                let e = self.expr();
                self.leave();
                let e = e?;
                let close = self.expect_p(P::RParen)?;
                let _ = close;
                if matches!(e.kind, ExprKind::Assign(..)) {
                    self.paren_assigns.insert(e.span.lo);
                }
                Ok(e)
            }
            TokKind::Ident => {
                if let Some(k) = self.kw_of(&t) {
                    return self.keyword_primary(k, &t);
                }
                let name = self.name(t.sym);
                if name.starts_with("__builtin_") {
                    if let Some(e) = self.builtin(&name, &t)? {
                        return Ok(e);
                    }
                }
                // `alloca` called with no declaration in scope (no
                // <alloca.h>), or declared as a function the unit does not
                // define (`extern void *alloca(size_t);`), is gcc's
                // builtin, not a library function: it allocates in the
                // caller's frame (the runtime has no `alloca`).
                let builtin_alloca = name == "alloca"
                    && match self.lookup(t.sym) {
                        None => true,
                        Some(Ordinary::Global(..)) => {
                            self.gsyms
                                .get(&t.sym)
                                .is_some_and(|g| g.is_func && !g.defined)
                                && !self
                                    .no_builtin
                                    .iter()
                                    .any(|n| n.is_empty() || n == "alloca")
                        }
                        Some(_) => false,
                    };
                if builtin_alloca && self.func.is_some() && self.is_p(P::LParen) {
                    if let Some(e) = self.builtin("__builtin_alloca", &t)? {
                        return Ok(e);
                    }
                }
                if name == "__func__" || name == "__FUNCTION__" || name == "__PRETTY_FUNCTION__" {
                    let f = self.func.as_ref().map(|f| f.name);
                    let mut b: Vec<u8> = f.map(|f| self.name(f).into_bytes()).unwrap_or_default();
                    b.push(0);
                    let ty = self.types.array(Types::CHAR, Some(b.len() as u64));
                    return Ok(self.mk(ExprKind::Str(b), ty, t.span));
                }
                match self.lookup(t.sym).cloned() {
                    Some(Ordinary::Local(id, ty, _)) => {
                        if let Some(l) = self.outer_level_of(t.sym) {
                            return Ok(self.outer_local(l, id, ty, t.span));
                        }
                        if let Some(f) = &mut self.func {
                            f.locals[id.0 as usize].used = true;
                        }
                        Ok(self.mk(ExprKind::Local(id), ty, t.span))
                    }
                    Some(Ordinary::VlaObject(id, ty)) => {
                        if let Some(l) = self.outer_level_of(t.sym) {
                            if let Some(e) = self.outer_vla(l, id, ty, t.span) {
                                return Ok(e);
                            }
                        }
                        let pty = self.types.ptr(ty);
                        let p = match self.outer_level_of(t.sym) {
                            Some(l) => self.outer_local(l, id, pty, t.span),
                            None => self.mk(ExprKind::Local(id), pty, t.span),
                        };
                        Ok(self.mk(ExprKind::Deref(bx(p)), ty, t.span))
                    }
                    Some(Ordinary::ProtoParam(ty)) => {
                        // only in a prototype's size expressions, which
                        // are type-checked and dropped: any value that is
                        // not a constant will do
                        Ok(self.mk(ExprKind::Global(t.sym), ty, t.span))
                    }
                    Some(Ordinary::Global(s, ty, _)) => {
                        if self.nested_fns.contains_key(&s) {
                            return self.nested_fn_ref(s, t.span);
                        }
                        let ty = self.gsyms.get(&s).map(|g| g.ty).unwrap_or(ty);
                        self.note_ref(s);
                        Ok(self.mk(ExprKind::Global(s), ty, t.span))
                    }
                    Some(Ordinary::EnumConst(v)) => {
                        Ok(self.mk(ExprKind::Int(v), Types::INT, t.span))
                    }
                    Some(Ordinary::Typedef(_)) => {
                        self.diags
                            .error(t.span, format!("expected expression before '{name}'"));
                        Err(())
                    }
                    None => {
                        if self.is_p(P::LParen) && self.func.is_some() {
                            // implicit declaration
                            self.diags.warning(
                                t.span,
                                format!("implicit declaration of function '{name}' [-Wimplicit-function-declaration]"),
                            );
                            let fty = self.types.intern(TypeKind::Func {
                                ret: Types::INT,
                                params: vec![],
                                variadic: false,
                                proto: false,
                            });
                            if let std::collections::hash_map::Entry::Vacant(e) =
                                self.gsyms.entry(t.sym)
                            {
                                e.insert(crate::frontend::parse::GSym {
                                    ty: fty,
                                    linkage: Linkage::External,
                                    is_func: true,
                                    defined: false,
                                    global: None,
                                    span: t.span,
                                });
                            }
                            let gty = self.gsyms[&t.sym].ty;
                            self.scopes[0]
                                .ords
                                .insert(t.sym, Ordinary::Global(t.sym, gty, false));
                            self.note_ref(t.sym);
                            return Ok(self.mk(ExprKind::Global(t.sym), gty, t.span));
                        }
                        if self.func.is_some() {
                            self.diags.error(
                                t.span,
                                format!("'{name}' undeclared (first use in this function)"),
                            );
                        } else {
                            self.diags.error(
                                t.span,
                                format!("'{name}' undeclared here (not in a function)"),
                            );
                        }
                        // declare to avoid repeated errors
                        self.scopes
                            .last_mut()
                            .expect("scope")
                            .ords
                            .insert(t.sym, Ordinary::EnumConst(0));
                        Err(())
                    }
                }
            }
            _ => {
                let d = self.tok_desc(&t);
                self.diags
                    .error(t.span, format!("expected expression before {d}"));
                if t.is(P::RBrace) || t.is(P::Semi) || t.is(P::RParen) {
                    self.pos -= 1;
                }
                Err(())
            }
        }
    }

    pub(crate) fn note_ref(&mut self, s: crate::frontend::lex::Sym) {
        if let Some(f) = &mut self.func {
            f.refs.insert(s);
        } else {
            self.global_refs.insert(s);
        }
    }

    fn keyword_primary(&mut self, k: Kw, t: &crate::frontend::lex::Token) -> PResult<Expr> {
        match k {
            Kw::BuiltinVaArg => {
                self.expect_p(P::LParen)?;
                let ap = self.assign_expr()?;
                self.expect_p(P::Comma)?;
                let ty = self.type_name()?;
                let close = self.expect_p(P::RParen)?;
                if ap.ty != self.va_list_ty {
                    self.diags
                        .error(ap.span, "first argument to 'va_arg' not of type 'va_list'");
                }
                if self.types.size(ty).is_none() || self.types.is_void(ty) {
                    self.diags
                        .error(t.span, "va_arg of an incomplete or variably modified type");
                }
                Ok(self.mk(ExprKind::VaArg(bx(ap)), ty, t.span.to(close)))
            }
            Kw::BuiltinOffsetof => {
                self.expect_p(P::LParen)?;
                let ty = self.type_name()?;
                self.expect_p(P::Comma)?;
                let mut cur = ty;
                let mut off: i64 = 0;
                // the run-time parts: offsets of members after one of
                // variable size, indices scaled by a variable size
                let mut terms: Vec<Expr> = Vec::new();
                loop {
                    let m = self.bump();
                    if m.kind != TokKind::Ident {
                        let d = self.tok_desc(&m);
                        self.diags
                            .error(m.span, format!("expected identifier before {d}"));
                        return Err(());
                    }
                    let Some((o, fty, bits)) = self.types.find_field(cur, m.sym) else {
                        let n = self.ty_name(cur);
                        self.diags.error(
                            m.span,
                            format!("'{n}' has no member named '{}'", self.name(m.sym)),
                        );
                        return Err(());
                    };
                    if bits.is_some() {
                        self.diags.error(
                            m.span,
                            "attempt to take address of bit-field structure member",
                        );
                    }
                    match self.types.vm_field_offset(cur, m.sym) {
                        Some((l, _)) => {
                            terms.push(self.mk(ExprKind::Local(LocalId(l)), Types::UINT, m.span))
                        }
                        None => off += o as i64,
                    }
                    cur = fty;
                    loop {
                        if self.eat_p(P::LBracket) {
                            let i = self.assign_expr()?;
                            self.expect_p(P::RBracket)?;
                            let el = self.types.pointee(cur).unwrap_or(Types::CHAR);
                            let k = consteval::eval_int(&self.types, &i);
                            match k {
                                Some(k) if !self.types.is_vla(el) => {
                                    off += k * self.types.size(el).unwrap_or(1) as i64;
                                }
                                _ if self.types.is_integer(i.ty) => {
                                    // gcc accepts an index that is not constant
                                    let isp = i.span;
                                    let i = self.cast(i, Types::UINT);
                                    let n = self.vla_size_expr(el, isp);
                                    terms.push(self.mk(
                                        ExprKind::Binary(BinOp::Mul, bx(i), bx(n)),
                                        Types::UINT,
                                        isp,
                                    ));
                                }
                                _ => {
                                    self.diags
                                        .error(i.span, "array subscript is not an integer");
                                }
                            }
                            cur = el;
                        } else {
                            break;
                        }
                    }
                    if !self.eat_p(P::Dot) {
                        break;
                    }
                }
                let close = self.expect_p(P::RParen)?;
                let sp = t.span.to(close);
                let mut r = self.mk(ExprKind::Int(off), Types::UINT, sp);
                for x in terms {
                    r = self.mk(ExprKind::Binary(BinOp::Add, bx(r), bx(x)), Types::UINT, sp);
                }
                Ok(r)
            }
            _ => {
                let d = self.tok_desc(t);
                self.diags
                    .error(t.span, format!("expected expression before {d}"));
                Err(())
            }
        }
    }

    /// The rest of a GNU statement expression `({ … })` after its `(`: the
    /// value is that of the last statement if it is an expression
    /// statement (after array and function decay), else `void`.
    fn stmt_expr(&mut self, open: &crate::frontend::lex::Token) -> PResult<Expr> {
        if self.func.is_none() {
            self.diags.error(
                open.span,
                "braced-group within expression allowed only inside a function",
            );
            // skip to the closing parenthesis
            let mut depth = 1;
            while depth > 0 && !self.at_eof() {
                let t = self.bump();
                if t.is(P::LParen) {
                    depth += 1;
                } else if t.is(P::RParen) {
                    depth -= 1;
                }
            }
            return Err(());
        }
        let body = self.compound_stmt(true)?;
        let close = self.expect_p(P::RParen)?;
        let sp = open.span.to(close);
        let mut stmts = match body {
            Stmt::Block(v) => v,
            other => vec![other],
        };
        let value = match stmts.last() {
            Some(Stmt::Expr(_)) => match stmts.pop() {
                Some(Stmt::Expr(e)) => Some(self.rvalue(e)),
                _ => None,
            },
            _ => None,
        };
        let ty = value.as_ref().map_or(Types::VOID, |e| e.ty);
        Ok(self.mk(ExprKind::StmtExpr(stmts, value.map(bx)), ty, sp))
    }

    /// A call of the runtime function `name` (prototype: `ret` and the
    /// types of `args`, already converted), for builtins the runtime
    /// implements.
    pub(crate) fn runtime_call(
        &mut self,
        name: &str,
        ret: TypeId,
        args: Vec<Expr>,
        sp: Span,
    ) -> Expr {
        let sym = self.interner.intern(name);
        let fty = self.types.intern(TypeKind::Func {
            ret,
            params: args.iter().map(|a| a.ty).collect(),
            variadic: false,
            proto: true,
        });
        self.note_ref(sym);
        let f = self.mk(ExprKind::Global(sym), fty, sp);
        let pty = self.types.ptr(fty);
        let f = self.mk(ExprKind::AddrOf(bx(f)), pty, sp);
        self.mk(ExprKind::Call(bx(f), args), ret, sp)
    }
    /// GNU builtins; None if `name` is not one (then it is an ordinary name).
    fn builtin(&mut self, name: &str, t: &crate::frontend::lex::Token) -> PResult<Option<Expr>> {
        let args_of = |s: &mut Self| s.builtin_args();
        let nargs = |s: &mut Self, v: &[Expr], n: usize, sp: Span| -> PResult<()> {
            if v.len() != n {
                s.diags.error(
                    sp,
                    format!("wrong number of arguments to function '{name}'"),
                );
                return Err(());
            }
            Ok(())
        };
        // the one argument of an integer builtin, as an rvalue
        let integer_arg = |s: &mut Self, a: Vec<Expr>| -> PResult<Expr> {
            let x = s.rvalue(a.into_iter().next().expect("arg"));
            if !s.types.is_integer(x.ty) {
                s.diags.error(
                    x.span,
                    format!("argument of '{name}' must have an integer type"),
                );
                return Err(());
            }
            Ok(x)
        };
        if matches!(
            name.strip_prefix("__builtin_"),
            Some(
                "creal"
                    | "crealf"
                    | "creall"
                    | "cimag"
                    | "cimagf"
                    | "cimagl"
                    | "conj"
                    | "conjf"
                    | "conjl"
            )
        ) {
            let (a, c) = args_of(self)?;
            let sp = t.span.to(c);
            nargs(self, &a, 1, sp)?;
            let arg = a.into_iter().next().expect("arg");
            return match self.complex_builtin(name, arg, sp) {
                Some(r) => r.map(Some),
                None => Ok(None),
            };
        }
        match name {
            "__builtin_shuffle" => self.vector_shuffle(t).map(Some),
            "__builtin_convertvector" => self.vector_convert(t).map(Some),
            "__builtin_va_start" => {
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                if a.is_empty() {
                    nargs(self, &a, 2, sp)?;
                }
                if !self.func.as_ref().is_some_and(|f| f.variadic) {
                    self.diags
                        .error(sp, "'va_start' used in function with fixed arguments");
                }
                let ap = a.into_iter().next().expect("arg");
                Ok(Some(self.mk(ExprKind::VaStart(bx(ap)), Types::VOID, sp)))
            }
            "__builtin_va_end" => {
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                nargs(self, &a, 1, sp)?;
                let e = a.into_iter().next().expect("arg");
                Ok(Some(self.mk(ExprKind::Cast(bx(e)), Types::VOID, sp)))
            }
            "__builtin_va_copy" => {
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                nargs(self, &a, 2, sp)?;
                let mut it = a.into_iter();
                let d = it.next().expect("arg");
                let s = it.next().expect("arg");
                Ok(Some(self.mk(
                    ExprKind::VaCopy(bx(d), bx(s)),
                    Types::VOID,
                    sp,
                )))
            }
            "__builtin_expect" | "__builtin_expect_with_probability" => {
                // the value of the first argument as a `long`, with the
                // probability that it is non-zero for the branch on it
                let with_prob = name == "__builtin_expect_with_probability";
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                nargs(self, &a, if with_prob { 3 } else { 2 }, sp)?;
                let mut it = a.into_iter();
                let e = self.rvalue(it.next().expect("arg"));
                let expected_arg = self.rvalue(it.next().expect("arg"));
                let expected = consteval::eval_int(&self.types, &expected_arg);
                // a probability that is not a constant says nothing (gcc
                // ignores it too); a constant outside [0, 1] is an error
                let prob = match it.next() {
                    None => Some(crate::ir::Prob::EXPECT),
                    Some(p) => {
                        let p = self.rvalue(p);
                        let p = self.cast(p, Types::DOUBLE);
                        match consteval::eval_float(&self.types, &p) {
                            None => None,
                            Some(v) => match crate::ir::Prob::from_f64(v) {
                                Some(prob) => Some(prob),
                                None => {
                                    self.diags.error(
                                        sp,
                                        format!(
                                            "probability '{v}' is outside the range [0.0, 1.0]"
                                        ),
                                    );
                                    return Err(());
                                }
                            },
                        }
                    }
                };
                let e = self.cast(e, Types::LONG);
                // an expected value that is not a constant says nothing,
                // but it is evaluated (`__builtin_expect(c, z++)` increments z)
                let Some(expected) = expected else {
                    let side = self.mk(ExprKind::Cast(bx(expected_arg)), Types::VOID, sp);
                    return Ok(Some(self.mk(
                        ExprKind::Comma(bx(side), bx(e)),
                        Types::LONG,
                        sp,
                    )));
                };
                let Some(prob) = prob else {
                    return Ok(Some(e));
                };
                let nonzero = if expected != 0 {
                    prob
                } else {
                    prob.complement()
                };
                Ok(Some(self.mk(
                    ExprKind::Expect(bx(e), nonzero),
                    Types::LONG,
                    sp,
                )))
            }
            "__builtin_alloca" => {
                // storage of the runtime's VLA stack, freed at return
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                nargs(self, &a, 1, sp)?;
                let x = integer_arg(self, a)?;
                let x = self.cast(x, Types::UINT);
                if let Some(f) = &mut self.func {
                    f.dynamic_stack = true;
                } else {
                    self.diags.error(sp, format!("'{name}' outside a function"));
                    return Err(());
                }
                let vp = self.types.ptr(Types::VOID);
                Ok(Some(self.mk(ExprKind::StackAlloc(bx(x)), vp, sp)))
            }
            "__builtin_unreachable" => {
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                nargs(self, &a, 0, sp)?;
                Ok(Some(self.mk(ExprKind::Unreachable, Types::VOID, sp)))
            }
            "__builtin_trap" => {
                // `abort()` (exit status 134, as a SIGABRT), then nothing
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                nargs(self, &a, 0, sp)?;
                let call = self.runtime_call("abort", Types::VOID, vec![], sp);
                let stop = self.mk(ExprKind::Unreachable, Types::VOID, sp);
                Ok(Some(self.mk(
                    ExprKind::Comma(bx(call), bx(stop)),
                    Types::VOID,
                    sp,
                )))
            }
            _ if int_builtin(name).is_some() => {
                let (op, pty, rty) = int_builtin(name).expect("checked");
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                nargs(self, &a, 1, sp)?;
                let x = integer_arg(self, a)?;
                let x = self.cast(x, pty);
                let bits = self.types.size(pty).unwrap_or(4) as u32 * 8;
                if let Some(v) = consteval::eval_int(&self.types, &x) {
                    if let Some(r) = op.fold(v as u64, bits) {
                        let r = consteval::wrap(&self.types, rty, r);
                        return Ok(Some(self.mk(ExprKind::Int(r), rty, sp)));
                    }
                }
                Ok(Some(self.mk(ExprKind::Builtin(op, bx(x)), rty, sp)))
            }
            "__builtin_constant_p" => {
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                nargs(self, &a, 1, sp)?;
                let v = (consteval::eval_int(&self.types, &a[0]).is_some()
                    && self.types.is_integer(a[0].ty))
                    || self.is_literal_constant(&a[0]);
                Ok(Some(self.mk(ExprKind::Int(v as i64), Types::INT, sp)))
            }
            // gcc's type-generic classification: a call of the runtime's
            // `__fpclassify[f]`/`__signbit[f]` (runtime/lib/math.c) on the
            // argument (a float, or a double: long double is one too),
            // evaluated once, compared with the <math.h> FP_
            // constants (FP_NAN 0, FP_INFINITE 1, FP_ZERO 2,
            // FP_SUBNORMAL 3, FP_NORMAL 4)
            "__builtin_isnan" | "__builtin_isinf" | "__builtin_isfinite" | "__builtin_isnormal"
            | "__builtin_signbit" | "__builtin_isnanf" | "__builtin_isnanl"
            | "__builtin_isinff" | "__builtin_isinfl" | "__builtin_finite"
            | "__builtin_finitef" | "__builtin_finitel" | "__builtin_signbitf"
            | "__builtin_signbitl" => {
                // the typed forms (`isinff`, `signbitl` …; `long double`
                // is `double`) are the type-generic ones
                let name = match name {
                    "__builtin_isnanf" | "__builtin_isnanl" => "__builtin_isnan",
                    "__builtin_isinff" | "__builtin_isinfl" => "__builtin_isinf",
                    "__builtin_finite" | "__builtin_finitef" | "__builtin_finitel" => {
                        "__builtin_isfinite"
                    }
                    "__builtin_signbitf" | "__builtin_signbitl" => "__builtin_signbit",
                    n => n,
                };
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                nargs(self, &a, 1, sp)?;
                let x = self.rvalue(a.into_iter().next().expect("arg"));
                if !self.types.is_float(x.ty) {
                    self.diags.error(
                        x.span,
                        format!("argument of '{name}' must have a floating type"),
                    );
                    return Err(());
                }
                let float = self.types.size(x.ty) == Some(4);
                let (ft, callee) = match (float, name == "__builtin_signbit") {
                    (true, true) => (Types::FLOAT, "__signbitf"),
                    (true, false) => (Types::FLOAT, "__fpclassifyf"),
                    (false, true) => (Types::DOUBLE, "__signbit"),
                    (false, false) => (Types::DOUBLE, "__fpclassify"),
                };
                let x = self.cast(x, ft);
                let call = self.runtime_call(callee, Types::INT, vec![x], sp);
                let (op, k) = match name {
                    "__builtin_signbit" => return Ok(Some(call)),
                    "__builtin_isnan" => (BinOp::Eq, 0),
                    "__builtin_isinf" => (BinOp::Eq, 1),
                    "__builtin_isfinite" => (BinOp::Ge, 2),
                    _ => (BinOp::Eq, 4),
                };
                let k = self.mk(ExprKind::Int(k), Types::INT, sp);
                Ok(Some(self.mk(
                    ExprKind::Binary(op, bx(call), bx(k)),
                    Types::INT,
                    sp,
                )))
            }
            // gcc's float constants: +infinity and the default quiet NaN
            // (the string argument of __builtin_nan is accepted and its
            // payload ignored)
            "__builtin_huge_val"
            | "__builtin_huge_valf"
            | "__builtin_inf"
            | "__builtin_inff"
            | "__builtin_nan"
            | "__builtin_nanf" => {
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                let nan = name.starts_with("__builtin_nan");
                nargs(self, &a, nan as usize, sp)?;
                if nan && !matches!(a[0].kind, ExprKind::Str(_) | ExprKind::Decay(_)) {
                    self.diags.error(
                        a[0].span,
                        "argument to '__builtin_nan' must be a string literal",
                    );
                }
                let ty = if name.ends_with('f') {
                    Types::FLOAT
                } else {
                    Types::DOUBLE
                };
                let v = if nan { f64::NAN } else { f64::INFINITY };
                Ok(Some(self.mk(ExprKind::Float(v), ty, sp)))
            }
            "__builtin_types_compatible_p" => {
                let first = self.peek_at(1).clone();
                if self.is_p(P::LParen) && !self.is_type_name_start(&first) {
                    let d = self.tok_desc(&first);
                    self.diags.error(
                        first.span,
                        format!("'{name}' takes two type names; expected a type name before {d}"),
                    );
                    self.skip_balanced()?;
                    return Ok(Some(self.mk(ExprKind::Int(0), Types::INT, t.span)));
                }
                self.expect_p(P::LParen)?;
                let a_start = self.pos;
                let a = self.type_name()?;
                let a_end = self.pos;
                self.expect_p(P::Comma)?;
                let b_start = self.pos;
                let b = self.type_name()?;
                let b_end = self.pos;
                let c = self.expect_p(P::RParen)?;
                // `const` below the top level counts (`char *` and `const
                // char *` differ); the type table does not record it, the
                // spelling does
                let qa = self.const_levels(a_start, a_end);
                let qb = self.const_levels(b_start, b_end);
                let v = composite(&mut self.types, a, b).is_some() && qa == qb;
                Ok(Some(self.mk(
                    ExprKind::Int(v as i64),
                    Types::INT,
                    t.span.to(c),
                )))
            }
            // a custom operation of the machine (ISA-ST200 §4.10): an
            // `int` of one or two `int` operands
            _ if name.starts_with("__builtin_st200_") => {
                let plain = &name["__builtin_st200_".len()..];
                let (a, c) = args_of(self)?;
                let sp = t.span.to(c);
                let Some(op) = self.custom_ops.iter().find(|o| o.name == plain).cloned() else {
                    self.diags.error(
                        t.span,
                        format!(
                            "machine {} declares no custom operation `{plain}`",
                            self.machine_name
                        ),
                    );
                    return Err(());
                };
                if a.len() != op.operands as usize {
                    self.diags.error(
                        sp,
                        format!(
                            "wrong number of arguments to '{name}': custom operation `{plain}` takes {} (given {})",
                            op.operands,
                            a.len()
                        ),
                    );
                    return Err(());
                }
                let mut args = Vec::with_capacity(a.len());
                for x in a {
                    let x = self.rvalue(x);
                    if !self.types.is_integer(x.ty) {
                        self.diags.error(
                            x.span,
                            format!("argument of '{name}' must have an integer type"),
                        );
                        return Err(());
                    }
                    args.push(self.cast(x, Types::INT));
                }
                // slots 16–30 have the register–immediate layout: the
                // second operand is encoded in the operation
                if op.slot >= 16 {
                    if let Some(b) = args.get_mut(1) {
                        if let Some(v) = consteval::eval_int(&self.types, b) {
                            // the constant itself, whatever its form
                            // (casts included), for instruction selection
                            b.kind = ExprKind::Int(i64::from(v as i32));
                        } else {
                            self.diags.error(
                                b.span,
                                format!(
                                    "the second argument of '{name}' must be an integer constant: custom operation `{plain}` is asm_{} (register-immediate layout, ISA-ST200 §4.10)",
                                    op.slot
                                ),
                            );
                            return Err(());
                        }
                    }
                }
                Ok(Some(self.mk(ExprKind::Custom(op, args), Types::INT, sp)))
            }
            _ => {
                if let Some(e) = self.gnu_builtin(name, t)? {
                    return Ok(Some(e));
                }
                // __builtin_memcpy etc. map to the library function
                let plain = &name["__builtin_".len()..];
                let sym = self.interner.intern(plain);
                if let Some(Ordinary::Global(s, ty, _)) = self.lookup(sym).cloned() {
                    let ty = self.gsyms.get(&s).map(|g| g.ty).unwrap_or(ty);
                    self.note_ref(s);
                    return Ok(Some(self.mk(ExprKind::Global(s), ty, t.span)));
                }
                // a <math.h> function without the header: its prototype;
                // the `long double` form (`…l`) is the `double` one, which
                // `long double` is on the ST200
                let (plain, sym) = match plain.strip_suffix('l') {
                    Some(d) if matches!(math_builtin(d), Some((false, _))) => {
                        (d, self.interner.intern(d))
                    }
                    _ => (plain, sym),
                };
                if let Some((float, params)) = math_builtin(plain) {
                    let ft = if float { Types::FLOAT } else { Types::DOUBLE };
                    let fty = self.types.intern(TypeKind::Func {
                        ret: ft,
                        params: vec![ft; params],
                        variadic: false,
                        proto: true,
                    });
                    self.note_ref(sym);
                    return Ok(Some(self.mk(ExprKind::Global(sym), fty, t.span)));
                }
                if let Some(returns) = crate::frontend::sema::libc::library_function(plain) {
                    let ptr_ret = returns == crate::frontend::sema::libc::Returns::Pointer;
                    let ret = if ptr_ret {
                        self.types.ptr(Types::VOID)
                    } else {
                        Types::INT
                    };
                    let fty = self.types.intern(TypeKind::Func {
                        ret,
                        params: vec![],
                        variadic: false,
                        proto: false,
                    });
                    self.note_ref(sym);
                    return Ok(Some(self.mk(ExprKind::Global(sym), fty, t.span)));
                }
                // a name of gcc's reserved `__builtin_` space the compiler
                // does not implement: never a call to an undefined function
                if self.is_p(P::LParen) {
                    let _ = self.skip_balanced();
                }
                self.diags
                    .error(t.span, format!("builtin '{name}' is not supported"));
                Err(())
            }
        }
    }

    /// For the type name spelled by tokens `start..end`, whether `const`
    /// appears at each pointer level below the top one: the spelling is
    /// cut at each `*`, and the last part (the qualifiers of the type
    /// itself, which `__builtin_types_compatible_p` ignores) is dropped.
    /// Only for declarators without parentheses or brackets; for others
    /// nothing is reported and the type table alone decides.
    fn const_levels(&self, start: usize, end: usize) -> Vec<bool> {
        let toks = &self.toks[start..end];
        if toks
            .iter()
            .any(|t| matches!(t.kind, TokKind::Punct(P::LParen | P::LBracket)))
        {
            return vec![];
        }
        let mut levels = vec![false];
        for t in toks {
            match t.kind {
                TokKind::Punct(P::Star) => levels.push(false),
                TokKind::Ident if self.kw_of(t) == Some(Kw::Const) => {
                    *levels.last_mut().expect("one level") = true;
                }
                _ => {}
            }
        }
        levels.pop();
        levels
    }

    fn number(&mut self, t: &crate::frontend::lex::Token) -> PResult<Expr> {
        let s = self.name(t.sym);
        // GNU imaginary constants (`2.0i`, `3j`, `1.0fi`): the suffix
        // letters `i` and `j` are no digits, even in hexadecimal
        if let Some(k) = s.find(['i', 'j', 'I', 'J']) {
            let mut real = s.clone();
            real.remove(k);
            let v = self.number_text(real, t.span)?;
            return Ok(self.imaginary_constant(v));
        }
        self.number_text(s, t.span)
    }

    /// The constant spelled `s` (an imaginary suffix removed) at `span`.
    fn number_text(&mut self, s: String, span: Span) -> PResult<Expr> {
        let lower = s.to_ascii_lowercase();
        let is_hex = lower.starts_with("0x");
        let is_float = lower.contains('.')
            || (!is_hex && lower.contains('e'))
            || (is_hex && lower.contains('p'));
        if is_float {
            let (body, ty) = if let Some(b) = lower.strip_suffix('f') {
                (b, Types::FLOAT)
            } else if let Some(b) = lower.strip_suffix('l') {
                (b, Types::LDOUBLE)
            } else {
                (lower.as_str(), Types::DOUBLE)
            };
            let Some(v) = float_literal(body, ty == Types::FLOAT) else {
                // gcc's wording
                let msg = if body.starts_with("0x") && !body.contains('p') {
                    "hexadecimal floating constants require an exponent".to_string()
                } else if body.ends_with(['e', 'p', '+', '-']) {
                    "exponent has no digits".to_string()
                } else {
                    format!("invalid floating constant '{s}'")
                };
                self.diags.error(span, msg);
                return Ok(self.mk(ExprKind::Float(0.0), ty, span));
            };
            return Ok(self.mk(ExprKind::Float(v), ty, span));
        }
        match parse_int_literal(&s) {
            Ok((v, u, l, dec)) => {
                // C99 §6.4.4.1 type selection
                let cands: &[TypeId] = match (dec, u, l) {
                    (true, false, 0) => &[Types::INT, Types::LONG, Types::LLONG],
                    (true, false, 1) => &[Types::LONG, Types::LLONG],
                    (_, false, 2) => &[Types::LLONG, Types::ULLONG],
                    (false, false, 0) => &[
                        Types::INT,
                        Types::UINT,
                        Types::LONG,
                        Types::ULONG,
                        Types::LLONG,
                        Types::ULLONG,
                    ],
                    (false, false, 1) => &[Types::LONG, Types::ULONG, Types::LLONG, Types::ULLONG],
                    (_, true, 0) => &[Types::UINT, Types::ULONG, Types::ULLONG],
                    (_, true, 1) => &[Types::ULONG, Types::ULLONG],
                    _ => &[Types::ULLONG],
                };
                for &c in cands {
                    let size = self.types.size(c).unwrap_or(4);
                    let max: u64 = match (size, self.types.is_unsigned(c)) {
                        (4, false) => i32::MAX as u64,
                        (4, true) => u32::MAX as u64,
                        (_, false) => i64::MAX as u64,
                        _ => u64::MAX,
                    };
                    if v <= max {
                        return Ok(self.mk(ExprKind::Int(v as i64), c, span));
                    }
                }
                if dec {
                    self.diags
                        .warning(span, "integer constant is so large that it is unsigned");
                }
                Ok(self.mk(ExprKind::Int(v as i64), Types::ULLONG, span))
            }
            Err(m) => {
                self.diags.error(span, m);
                Ok(self.mk(ExprKind::Int(0), Types::INT, span))
            }
        }
    }

    /// The value of `e` if it is an integer constant expression (C99
    /// §6.6); otherwise reports `msg` at `e`.
    pub(crate) fn const_of(&mut self, e: &Expr, msg: &str) -> Option<i64> {
        match consteval::eval_int(&self.types, e) {
            Some(v) if self.types.is_integer(e.ty) => Some(v),
            _ => {
                self.diags.error(e.span, msg.to_string());
                None
            }
        }
    }

    /// Parses a conditional-expression that must be an integer constant.
    pub(crate) fn const_int_expr(&mut self) -> PResult<i64> {
        let e = self.cond_expr()?;
        match self.const_of(&e, "expression is not an integer constant expression") {
            Some(v) => Ok(v),
            None => Err(()),
        }
    }
}

fn binop_spelling(op: BinOp) -> &'static str {
    match op {
        BinOp::Add | BinOp::PtrAdd => "+",
        BinOp::Sub | BinOp::PtrSub | BinOp::PtrDiff => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "%",
        BinOp::Shl => "<<",
        BinOp::Shr => ">>",
        BinOp::And => "&",
        BinOp::Or => "|",
        BinOp::Xor => "^",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
    }
}

/// The value of a floating constant's digits (C99 §6.4.4.2), lower-case,
/// without its suffix, rounded once to nearest, ties to even, to binary32
/// (`single`) or binary64; the result is an `f64` (exact for binary32).
/// Decimal constants use Rust's correctly rounded `str::parse` of the
/// target type itself (parsing a `float` as `f64` first would round
/// twice); hexadecimal ones are converted here, exactly. None if malformed.
pub(crate) fn float_literal(body: &str, single: bool) -> Option<f64> {
    if let Some(hex) = body.strip_prefix("0x") {
        return hex_float(hex, single);
    }
    // Rust also accepts "inf", "nan" and a sign: a pp-number has neither
    if !body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        || !body
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | '+' | '-'))
    {
        return None;
    }
    if single {
        body.parse::<f32>().ok().map(f64::from)
    } else {
        body.parse::<f64>().ok()
    }
}

/// A hexadecimal floating constant (after `0x`): hex digits with an
/// optional point, then the mandatory binary exponent `p±d`.
fn hex_float(s: &str, single: bool) -> Option<f64> {
    let (mant, exp) = s.split_once('p')?;
    let exp: i64 = match exp.strip_prefix('+') {
        Some(e) => e,
        None => exp,
    }
    .parse::<i64>()
    .ok()
    .or_else(|| {
        // an exponent too large for i64 still has a well-defined value
        let d = exp.trim_start_matches(['+', '-']);
        (!d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())).then(|| {
            if exp.starts_with('-') {
                -(1 << 40)
            } else {
                1 << 40
            }
        })
    })?
    .clamp(-(1 << 40), 1 << 40);
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    // significand in 124 bits at most; the digits beyond only matter as
    // a sticky bit
    let mut m: u128 = 0;
    let mut e: i64 = exp;
    let mut sticky = false;
    for (k, part) in [int, frac].iter().enumerate() {
        for c in part.chars() {
            let d = c.to_digit(16)? as u128;
            if m >> 120 == 0 {
                m = m * 16 + d;
                if k == 1 {
                    e -= 4;
                }
            } else {
                sticky |= d != 0;
                if k == 0 {
                    e += 4;
                }
            }
        }
    }
    let (p, emin, emax, bias) = if single {
        (24i64, -126i64, 127i64, 127u64)
    } else {
        (53, -1022, 1023, 1023)
    };
    let bits = round_binary(m, sticky, e, p, emin, emax, bias);
    Some(if single {
        f32::from_bits(bits as u32) as f64
    } else {
        f64::from_bits(bits)
    })
}

/// The bits of `m × 2^e` (plus a little more when `sticky`) rounded to
/// nearest, ties to even, in the IEEE 754 binary format of precision `p`
/// bits, exponent range `emin..=emax` and bias `bias` (IEEE 754-2008
/// §3.4, §4.3.1): subnormals below `2^emin`, infinity above the largest
/// finite value.
fn round_binary(m: u128, sticky: bool, e: i64, p: i64, emin: i64, emax: i64, bias: u64) -> u64 {
    let inf = ((2 * emax + 1) as u64) << (p - 1);
    if m == 0 {
        return 0;
    }
    let n = 128 - m.leading_zeros() as i64;
    let top = e + n - 1; // exponent of the leading bit
    if top > emax + 1 {
        return inf;
    }
    // bits kept: p, fewer for a subnormal
    let keep = if top >= emin { p } else { p - (emin - top) };
    if keep < 0 {
        return 0; // below half the smallest subnormal
    }
    let shift = n - keep;
    let (mut q, scale) = if shift <= 0 {
        (m << (-shift) as u32, e + shift)
    } else {
        let q = m >> shift as u32;
        let rem = m & ((1u128 << shift as u32) - 1);
        let half = 1u128 << (shift - 1) as u32;
        let up = rem > half || (rem == half && (sticky || q & 1 == 1));
        (q + up as u128, e + shift)
    };
    if q == 0 {
        return 0;
    }
    // value = q × 2^scale, q < 2^(p+1)
    let l = 128 - q.leading_zeros() as i64;
    let top = scale + l - 1;
    if top > emax {
        return inf;
    }
    if top < emin {
        // subnormal: the fraction field counts units of 2^(emin - p + 1)
        return (q << (scale - (emin - p + 1)) as u32) as u64;
    }
    if l > p {
        q >>= (l - p) as u32;
    } else {
        q <<= (p - l) as u32;
    }
    (((top as u64).wrapping_add(bias)) << (p - 1)) | (q as u64 & ((1u64 << (p - 1)) - 1))
}

/// The `<math.h>` functions `__builtin_NAME` may name without the header
/// (as gcc code does): whether `NAME` is a `float` one (`…f`) and its
/// number of parameters, all of its own type (the runtime's
/// `runtime/lib/math.c`, `math_c99.c`).
fn math_builtin(name: &str) -> Option<(bool, usize)> {
    const UNARY: &[&str] = &[
        "fabs",
        "sqrt",
        "cbrt",
        "floor",
        "ceil",
        "trunc",
        "round",
        "rint",
        "nearbyint",
        "exp",
        "exp2",
        "expm1",
        "log",
        "log2",
        "log10",
        "log1p",
        "logb",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "sinh",
        "cosh",
        "tanh",
        "asinh",
        "acosh",
        "atanh",
        "erf",
        "erfc",
        "tgamma",
        "lgamma",
    ];
    const BINARY: &[&str] = &[
        "pow",
        "atan2",
        "fmod",
        "hypot",
        "fmin",
        "fmax",
        "copysign",
        "fdim",
        "remainder",
        "nextafter",
    ];
    let (base, float) = match name.strip_suffix('f') {
        Some(b) if UNARY.contains(&b) || BINARY.contains(&b) => (b, true),
        _ => (name, false),
    };
    if UNARY.contains(&base) {
        Some((float, 1))
    } else if BINARY.contains(&base) {
        Some((float, 2))
    } else if base == "fma" {
        Some((float, 3))
    } else {
        None
    }
}

#[cfg(test)]
mod float_literal_tests {
    use super::float_literal;

    #[test]
    fn decimal_constants_round_once_in_their_type() {
        assert_eq!(float_literal("0.1", false), Some(0.1));
        assert_eq!(float_literal("1.", false), Some(1.0));
        assert_eq!(float_literal(".5e1", false), Some(5.0));
        // 1 + 2^-24 + 2^-60: as float it rounds up to 1 + 2^-23; through
        // double it would first round to 1 + 2^-24, a tie, then to 1
        let v = "1.00000005960464477550670051863";
        assert_eq!(
            float_literal(v, true).map(|x| (x as f32).to_bits()),
            Some(0x3f80_0001)
        );
        assert_eq!(((v.parse::<f64>().unwrap()) as f32).to_bits(), 0x3f80_0000);
        assert_eq!(float_literal("1e", false), None);
        assert_eq!(float_literal("inf", false), None);
    }

    #[test]
    fn hexadecimal_constants_are_exact_or_rounded_to_nearest_even() {
        assert_eq!(float_literal("0x1p0", false), Some(1.0));
        assert_eq!(float_literal("0x1.8p1", false), Some(3.0));
        assert_eq!(float_literal("0x.1p4", false), Some(1.0));
        assert_eq!(float_literal("0x1p-1074", false), Some(f64::from_bits(1)));
        assert_eq!(float_literal("0x1p-1075", false), Some(0.0)); // tie to even
        assert_eq!(
            float_literal("0x1.00000000000001p-1075", false),
            Some(f64::from_bits(1))
        );
        assert_eq!(
            float_literal("0x1.fffffffffffff8p1023", false),
            Some(f64::INFINITY)
        );
        assert_eq!(
            float_literal("0x1.fffffffffffffp1023", false),
            Some(f64::MAX)
        );
        assert_eq!(float_literal("0x1.000001p0", true), Some(1.0)); // tie to even
        assert_eq!(
            float_literal("0x1.0000011p0", true),
            Some(f32::from_bits(0x3f80_0001) as f64)
        );
        assert_eq!(
            float_literal("0x1p-149", true),
            Some(f32::from_bits(1) as f64)
        );
        assert_eq!(
            float_literal("0x1.fffffep-127", true),
            Some(f32::from_bits(0x0080_0000) as f64)
        );
        assert_eq!(float_literal("0x1p", false), None);
        assert_eq!(float_literal("0x1.0", false), None);
    }
}
