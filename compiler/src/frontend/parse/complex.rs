//! Complex types: C99's `_Complex float/double/long double` (§6.2.5p11)
//! and GNU's integer complex types, `__complex__`, `__real__`/`__imag__`,
//! `~` as the conjugate, imaginary constants (`2.0i`) and the
//! `__builtin_creal`/`cimag`/`conj` family.
//!
//! A complex type is a record of its two parts ([`Types::complex`]), so
//! that storage, copies, parameters and return values are those of a
//! struct. Every operation works on the parts as scalar expressions
//! ([`Parts`]) and builds its result as a compound literal of the two
//! (`{re, im}`); an operand whose parts would be evaluated twice is first
//! stored in a temporary. Arithmetic follows C99 §6.3.1.8 and Annex G
//! (G.5.1): a real operand stays real (`x * (c + di)` is `xc + xdi`);
//! floating complex products and quotients of two complex operands call
//! the runtime's `__mulsc3`/`__muldc3`/`__divsc3`/`__divdc3` (libgcc's
//! names, `runtime/lib/complex.c`), integer ones are computed inline.

use crate::frontend::ast::*;
use crate::frontend::lex::P;
use crate::frontend::parse::expr::bx;
use crate::frontend::parse::init::InitTree;
use crate::frontend::parse::{PResult, Parser};
use crate::frontend::sema::consteval;
use crate::frontend::sema::types::{TypeId, Types};
use crate::frontend::source::Span;

/// The parts of a complex (or real) operand: statements to run first
/// (stores into temporaries), then the real part and the imaginary part
/// (None for a real operand), each free of side effects and cheap to
/// repeat.
pub(crate) struct Parts {
    pre: Vec<Stmt>,
    re: Expr,
    im: Option<Expr>,
}

impl<'a> Parser<'a> {
    /// The complex type of the specifiers `_Complex` (`count` times) with
    /// real type `ty`; `other` if the specifiers also name a type that
    /// cannot be complex (`void`, `_Bool`, a struct, a typedef).
    pub(crate) fn complex_spec(
        &mut self,
        ty: TypeId,
        count: u32,
        other: bool,
        span: Span,
    ) -> PResult<TypeId> {
        if count > 1 {
            self.diags
                .error(span, "duplicate '_Complex' in declaration specifiers");
            return Err(());
        }
        if other || !self.types.is_arith(ty) || ty == Types::BOOL {
            let n = self.ty_name(ty);
            self.diags
                .error(span, format!("'_Complex' cannot be applied to type '{n}'"));
            return Err(());
        }
        Ok(self.types.complex(ty))
    }

    /// The real type of an arithmetic or complex type.
    fn real_type(&self, t: TypeId) -> TypeId {
        let t = self.types.unqualified(t);
        self.types.complex_elem(t).unwrap_or(t)
    }

    /// A zero of the arithmetic type `ty`.
    fn zero(&self, ty: TypeId, span: Span) -> Expr {
        let kind = if self.types.is_float(ty) {
            ExprKind::Float(0.0)
        } else {
            ExprKind::Int(0)
        };
        self.mk(kind, ty, span)
    }

    /// The imaginary constant `v i` (GNU, C99 Annex G's `_Imaginary_I`
    /// times `v`): a complex value `0 + v i` of `v`'s type.
    pub(crate) fn imaginary_constant(&mut self, v: Expr) -> Expr {
        let ty = self.types.complex(v.ty);
        let z = self.zero(v.ty, v.span);
        let sp = v.span;
        self.complex_value(
            ty,
            Parts {
                pre: vec![],
                re: z,
                im: Some(v),
            },
            sp,
        )
    }

    /// Whether `e` designates an object with no side effects and no
    /// volatile access on the way (reading it twice is reading it once).
    fn is_pure_lvalue(&self, e: &Expr) -> bool {
        if self.types.is_volatile(e.ty) {
            return false;
        }
        match &e.kind {
            ExprKind::Local(_) | ExprKind::Global(_) => true,
            ExprKind::Member {
                base, bits: None, ..
            } => self.is_pure_lvalue(base),
            ExprKind::Deref(p) => {
                matches!(&p.kind, ExprKind::Local(_) | ExprKind::Global(_))
                    && !self.types.is_volatile(p.ty)
            }
            _ => false,
        }
    }

    /// Whether the scalar `e` may be evaluated more than once: a
    /// constant, a pure lvalue, or a conversion of one. At file scope,
    /// where every expression is a constant one, always.
    fn is_trivial(&self, e: &Expr) -> bool {
        if self.func.is_none() {
            return true;
        }
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Float(_) => true,
            ExprKind::Cast(x) => self.types.is_arith(x.ty) && self.is_trivial(x),
            _ => {
                self.is_pure_lvalue(e)
                    || (self.types.is_float(e.ty)
                        && consteval::eval_float(&self.types, e).is_some())
                    || (self.types.is_integer(e.ty)
                        && consteval::eval_int(&self.types, e).is_some())
            }
        }
    }

    /// `e` itself if trivial, else a new temporary holding it (its
    /// declaration appended to `pre`).
    fn part_temp(&mut self, e: Expr, pre: &mut Vec<Stmt>) -> Expr {
        if self.is_trivial(&e) {
            return e;
        }
        self.temp_object(e, pre)
    }

    /// Part `imag` (0 real, 1 imaginary) of the complex object or value `e`.
    fn member_part(&self, e: &Expr, imag: bool) -> Expr {
        let elem = self.real_type(e.ty);
        let offset = if imag {
            self.types.size(elem).unwrap_or(4)
        } else {
            0
        };
        let sp = e.span;
        self.mk(
            ExprKind::Member {
                base: bx(e.clone()),
                offset,
                bits: None,
            },
            elem,
            sp,
        )
    }

    /// The two parts of a value built by [`Parser::complex_value`]
    /// without temporaries (`{re, im}` as a compound literal).
    fn literal_parts(&self, e: &Expr) -> Option<(Expr, Expr)> {
        let ExprKind::CompoundLit(_, init) = &e.kind else {
            return None;
        };
        let elem = self.types.complex_elem(self.types.unqualified(e.ty))?;
        let esz = self.types.size(elem)?;
        match init.items.as_slice() {
            [a, b]
                if init.strings.is_empty()
                    && a.offset == 0
                    && b.offset == esz
                    && a.ty == elem
                    && b.ty == elem
                    && a.bits.is_none()
                    && b.bits.is_none() =>
            {
                Some((a.expr.clone(), b.expr.clone()))
            }
            _ => None,
        }
    }

    /// The parts of the arithmetic or complex rvalue `e`, converted to the
    /// real type `elem`; each is trivial ([`Parser::is_trivial`]).
    fn parts_as(&mut self, e: Expr, elem: TypeId) -> Parts {
        let mut pre = Vec::new();
        if !self.types.is_complex(e.ty) {
            let re = self.cast(e, elem);
            let re = self.part_temp(re, &mut pre);
            return Parts { pre, re, im: None };
        }
        let (re, im) = if let Some((re, im)) = self.literal_parts(&e) {
            (re, im)
        } else if self.is_pure_lvalue(&e) || self.func.is_none() {
            (self.member_part(&e, false), self.member_part(&e, true))
        } else {
            let t = self.temp_object(e, &mut pre);
            (self.member_part(&t, false), self.member_part(&t, true))
        };
        let re = self.cast(re, elem);
        let im = self.cast(im, elem);
        let re = self.part_temp(re, &mut pre);
        let im = self.part_temp(im, &mut pre);
        Parts {
            pre,
            re,
            im: Some(im),
        }
    }

    /// A new local holding the value `e` (declared in `pre`).
    fn temp_object(&mut self, e: Expr, pre: &mut Vec<Stmt>) -> Expr {
        let (ty, sp) = (self.types.unqualified(e.ty), e.span);
        let id = self.new_local(None, ty, sp, None);
        if let Some(f) = &mut self.func {
            f.locals[id.0 as usize].used = true;
        }
        let init = Init {
            items: vec![InitItem {
                offset: 0,
                ty,
                bits: None,
                expr: Expr { ty, ..e },
            }],
            strings: vec![],
            zero: false,
        };
        pre.push(Stmt::Decl(id, Some(init)));
        self.mk(ExprKind::Local(id), ty, sp)
    }

    /// `e` after the statements `pre` (a statement expression).
    fn after(&mut self, pre: Vec<Stmt>, e: Expr) -> Expr {
        if pre.is_empty() {
            return e;
        }
        let (ty, sp) = (e.ty, e.span);
        self.mk(ExprKind::StmtExpr(pre, Some(bx(e))), ty, sp)
    }

    /// The complex value of type `ty` with the parts `p` (a missing
    /// imaginary part is zero).
    fn complex_value(&mut self, ty: TypeId, p: Parts, sp: Span) -> Expr {
        let elem = self.real_type(ty);
        let esz = self.types.size(elem).unwrap_or(4);
        let re = self.cast(p.re, elem);
        let im = match p.im {
            Some(im) => self.cast(im, elem),
            None => self.zero(elem, sp),
        };
        let init = Init {
            items: vec![
                InitItem {
                    offset: 0,
                    ty: elem,
                    bits: None,
                    expr: re,
                },
                InitItem {
                    offset: esz,
                    ty: elem,
                    bits: None,
                    expr: im,
                },
            ],
            strings: vec![],
            zero: false,
        };
        let obj = if self.func.is_some() {
            let id = self.new_local(None, ty, sp, None);
            if let Some(f) = &mut self.func {
                f.locals[id.0 as usize].used = true;
            }
            self.mk(ExprKind::Local(id), ty, sp)
        } else {
            self.mk(ExprKind::Int(0), ty, sp)
        };
        let lit = self.mk(ExprKind::CompoundLit(bx(obj), Box::new(init)), ty, sp);
        self.after(p.pre, lit)
    }

    /// Converts the arithmetic or complex rvalue `e` to the complex type
    /// `to` (C99 §6.3.1.6, §6.3.1.7: a real value gets a zero imaginary
    /// part; each part converts as a real value).
    pub(crate) fn convert_to_complex(&mut self, e: Expr, to: TypeId) -> Expr {
        let e = self.rvalue(e);
        if self.types.unqualified(e.ty) == self.types.unqualified(to) {
            return Expr { ty: to, ..e };
        }
        let sp = e.span;
        let elem = self.real_type(to);
        if !self.types.is_complex(e.ty) {
            let re = self.cast(e, elem);
            let p = Parts {
                pre: vec![],
                re,
                im: None,
            };
            return self.complex_value(to, p, sp);
        }
        let p = self.parts_as(e, elem);
        self.complex_value(to, p, sp)
    }

    /// Converts the complex rvalue `e` to the real type `to`: its real
    /// part (C99 §6.3.1.7p1), or for `_Bool` whether it is non-zero
    /// (§6.3.1.2).
    pub(crate) fn complex_to_real(&mut self, e: Expr, to: TypeId) -> Expr {
        if self.types.unqualified(to) == Types::BOOL {
            let t = self.complex_truth(e);
            return self.cast(t, to);
        }
        if let Some((re, im)) = self.literal_parts(&e) {
            if self.is_trivial(&im) {
                return self.cast(re, to);
            }
        }
        let re = self.member_part(&e, false);
        self.cast(re, to)
    }

    /// Whether the complex rvalue `e` is non-zero, as an `int` (C99
    /// §6.3.1.2: either part non-zero).
    pub(crate) fn complex_truth(&mut self, e: Expr) -> Expr {
        let sp = e.span;
        let elem = self.real_type(e.ty);
        let p = self.parts_as(e, elem);
        let z = self.zero(elem, sp);
        let a = self.mk(
            ExprKind::Binary(BinOp::Ne, bx(p.re), bx(z.clone())),
            Types::INT,
            sp,
        );
        let im = p.im.unwrap_or_else(|| z.clone());
        let b = self.mk(ExprKind::Binary(BinOp::Ne, bx(im), bx(z)), Types::INT, sp);
        let t = self.mk(ExprKind::LogOr(bx(a), bx(b)), Types::INT, sp);
        self.after(p.pre, t)
    }

    /// The real type of arithmetic on complex operands of real types `a`
    /// and `b`: gcc's common type of the two, which for integer types
    /// does not promote (`__complex__ char + __complex__ char` is a
    /// `__complex__ char`).
    fn complex_common(&self, a: TypeId, b: TypeId) -> TypeId {
        let (a, b) = (self.types.unqualified(a), self.types.unqualified(b));
        if a == b {
            return a;
        }
        if self.types.is_float(a) || self.types.is_float(b) {
            return self.types.common(a, b);
        }
        let (ra, rb) = (self.types.rank(a), self.types.rank(b));
        if ra >= 3 && rb >= 3 {
            return self.types.common(a, b);
        }
        let (sa, sb) = (self.types.size(a), self.types.size(b));
        if sa != sb {
            return if sa > sb { a } else { b };
        }
        if self.types.is_unsigned(a) {
            a
        } else {
            b
        }
    }

    /// `a op b` on parts of real type `elem` (integer parts computed in
    /// their promoted type and converted back).
    fn part_op(&mut self, op: BinOp, a: Expr, b: Expr, elem: TypeId) -> Expr {
        let w = self.types.promote(elem);
        let sp = a.span.to(b.span);
        let (a, b) = (self.cast(a, w), self.cast(b, w));
        let r = self.mk(ExprKind::Binary(op, bx(a), bx(b)), w, sp);
        self.cast(r, elem)
    }

    /// `-a` on a part of real type `elem`.
    fn part_neg(&mut self, a: Expr, elem: TypeId) -> Expr {
        let w = self.types.promote(elem);
        let sp = a.span;
        let a = self.cast(a, w);
        let r = self.mk(ExprKind::Unary(UnOp::Neg, bx(a)), w, sp);
        self.cast(r, elem)
    }

    /// A binary operator with a complex operand (C99 §6.5.5-6.5.9,
    /// §6.5.13-14, Annex G.5).
    pub(crate) fn complex_binary(&mut self, p: P, l: Expr, r: Expr, op: Span) -> PResult<Expr> {
        let (lt, rt) = (l.ty, r.ty);
        let sp = l.span.to(r.span);
        if matches!(p, P::AndAnd | P::OrOr) {
            let l = self.scalar_cond(l);
            let r = self.scalar_cond(r);
            return self.make_binary(p, l, r, op);
        }
        let ok = |s: &Self, t: TypeId| s.types.is_arith(t) || s.types.is_complex(t);
        let supported = matches!(p, P::Plus | P::Minus | P::Star | P::Slash | P::EqEq | P::Ne);
        if !ok(self, lt) || !ok(self, rt) || !supported {
            let a = self.ty_name(lt);
            let b = self.ty_name(rt);
            self.diags.error(
                op,
                format!(
                    "invalid operands to binary {} (have '{a}' and '{b}')",
                    p.spelling()
                ),
            );
            return Err(());
        }
        let elem = self.complex_common(self.real_type(lt), self.real_type(rt));
        let ty = self.types.complex(elem);
        let a = self.parts_as(l, elem);
        let b = self.parts_as(r, elem);
        let mut pre = a.pre;
        pre.extend(b.pre);
        let float = self.types.is_float(elem);
        let (x, y) = (a.re, b.re);
        let parts = match p {
            P::EqEq | P::Ne => {
                let (cmp, join) = if p == P::EqEq {
                    (BinOp::Eq, true)
                } else {
                    (BinOp::Ne, false)
                };
                let w = self.types.promote(elem);
                let zero = self.zero(elem, sp);
                let (xi, yi) = (
                    a.im.unwrap_or_else(|| zero.clone()),
                    b.im.unwrap_or_else(|| zero.clone()),
                );
                let c = |s: &mut Self, u: Expr, v: Expr| {
                    let (u, v) = (s.cast(u, w), s.cast(v, w));
                    s.mk(ExprKind::Binary(cmp, bx(u), bx(v)), Types::INT, sp)
                };
                let re = c(self, x, y);
                let im = c(self, xi, yi);
                let k = if join {
                    ExprKind::LogAnd(bx(re), bx(im))
                } else {
                    ExprKind::LogOr(bx(re), bx(im))
                };
                let e = self.mk(k, Types::INT, sp);
                return Ok(self.after(pre, e));
            }
            P::Plus | P::Minus => {
                let bop = if p == P::Plus { BinOp::Add } else { BinOp::Sub };
                let re = self.part_op(bop, x, y, elem);
                let im = match (a.im, b.im) {
                    (Some(u), Some(v)) => Some(self.part_op(bop, u, v, elem)),
                    (Some(u), None) => Some(u),
                    (None, Some(v)) if p == P::Plus => Some(v),
                    (None, Some(v)) => Some(self.part_neg(v, elem)),
                    (None, None) => None,
                };
                Parts { pre, re, im }
            }
            P::Star => match (a.im, b.im) {
                (Some(u), Some(v)) if float && self.func.is_some() => {
                    let call = self.complex_libcall("mul", elem, [x, u, y, v], sp);
                    return Ok(self.after(pre, call));
                }
                (Some(u), Some(v)) => {
                    // (x + ui)(y + vi) = (xy - uv) + (xv + uy)i; for
                    // floating parts, only in a static initialiser, where
                    // they are constants (as gcc folds them)
                    let xy = self.part_op(BinOp::Mul, x.clone(), y.clone(), elem);
                    let uv = self.part_op(BinOp::Mul, u.clone(), v.clone(), elem);
                    let xv = self.part_op(BinOp::Mul, x, v, elem);
                    let uy = self.part_op(BinOp::Mul, u, y, elem);
                    let re = self.part_op(BinOp::Sub, xy, uv, elem);
                    let im = self.part_op(BinOp::Add, xv, uy, elem);
                    Parts {
                        pre,
                        re,
                        im: Some(im),
                    }
                }
                (Some(u), None) => {
                    let re = self.part_op(BinOp::Mul, x, y.clone(), elem);
                    let im = self.part_op(BinOp::Mul, u, y, elem);
                    Parts {
                        pre,
                        re,
                        im: Some(im),
                    }
                }
                (None, Some(v)) => {
                    let re = self.part_op(BinOp::Mul, x.clone(), y, elem);
                    let im = self.part_op(BinOp::Mul, x, v, elem);
                    Parts {
                        pre,
                        re,
                        im: Some(im),
                    }
                }
                (None, None) => Parts {
                    pre,
                    re: x,
                    im: None,
                },
            },
            _ => match (a.im, b.im) {
                (Some(u), None) => {
                    let re = self.part_op(BinOp::Div, x, y.clone(), elem);
                    let im = self.part_op(BinOp::Div, u, y, elem);
                    Parts {
                        pre,
                        re,
                        im: Some(im),
                    }
                }
                (u, Some(v)) if float && self.func.is_some() => {
                    let u = u.unwrap_or_else(|| self.zero(elem, sp));
                    let call = self.complex_libcall("div", elem, [x, u, y, v], sp);
                    return Ok(self.after(pre, call));
                }
                (u, Some(v)) => {
                    // (x + ui)/(y + vi) = ((xy + uv) + (uy - xv)i) / (yy + vv)
                    // (floating: only in a static initialiser, as `*`)
                    let u = u.unwrap_or_else(|| self.zero(elem, sp));
                    let yy = self.part_op(BinOp::Mul, y.clone(), y.clone(), elem);
                    let vv = self.part_op(BinOp::Mul, v.clone(), v.clone(), elem);
                    let den = self.part_op(BinOp::Add, yy, vv, elem);
                    let den = self.part_temp(den, &mut pre);
                    let xy = self.part_op(BinOp::Mul, x.clone(), y.clone(), elem);
                    let uv = self.part_op(BinOp::Mul, u.clone(), v.clone(), elem);
                    let uy = self.part_op(BinOp::Mul, u, y, elem);
                    let xv = self.part_op(BinOp::Mul, x, v, elem);
                    let nre = self.part_op(BinOp::Add, xy, uv, elem);
                    let nim = self.part_op(BinOp::Sub, uy, xv, elem);
                    let re = self.part_op(BinOp::Div, nre, den.clone(), elem);
                    let im = self.part_op(BinOp::Div, nim, den, elem);
                    Parts {
                        pre,
                        re,
                        im: Some(im),
                    }
                }
                (None, None) => {
                    let re = self.part_op(BinOp::Div, x, y, elem);
                    Parts { pre, re, im: None }
                }
            },
        };
        Ok(self.complex_value(ty, parts, sp))
    }

    /// `__mulsc3`/`__muldc3`/`__divsc3`/`__divdc3` (`what` "mul" or
    /// "div") on the parts `a + bi` and `c + di` of real type `elem`: a
    /// complex value of type `_Complex elem`. `long double` is `double`
    /// on the ST200 (ISA-ST200 §1.1) and uses the `double` functions.
    fn complex_libcall(&mut self, what: &str, elem: TypeId, args: [Expr; 4], sp: Span) -> Expr {
        let single = self.types.unqualified(elem) == Types::FLOAT;
        let (pt, letter) = if single {
            (Types::FLOAT, 's')
        } else {
            (Types::DOUBLE, 'd')
        };
        let args: Vec<Expr> = args.into_iter().map(|a| self.cast(a, pt)).collect();
        let ret = self.types.complex(pt);
        let call = self.runtime_call(&format!("__{what}{letter}c3"), ret, args, sp);
        let ty = self.types.complex(elem);
        self.convert_to_complex(call, ty)
    }

    /// Unary `+`, `-`, `~` (GNU: the conjugate) and `!` on a complex
    /// operand (an rvalue).
    pub(crate) fn complex_unary(&mut self, p: P, e: Expr, sp: Span) -> PResult<Expr> {
        let ty = self.types.unqualified(e.ty);
        let elem = self.real_type(ty);
        match p {
            P::Plus => Ok(Expr { span: sp, ty, ..e }),
            P::Bang => {
                let t = self.complex_truth(e);
                Ok(self.mk(ExprKind::Unary(UnOp::LogNot, bx(t)), Types::INT, sp))
            }
            P::Minus | P::Tilde => {
                let a = self.parts_as(e, elem);
                let re = if p == P::Minus {
                    self.part_neg(a.re, elem)
                } else {
                    a.re
                };
                let im = a.im.map(|im| self.part_neg(im, elem));
                let parts = Parts { pre: a.pre, re, im };
                Ok(self.complex_value(ty, parts, sp))
            }
            _ => {
                let n = self.ty_name(ty);
                self.diags.error(
                    sp,
                    format!(
                        "wrong type argument to unary '{}' (have '{n}')",
                        p.spelling()
                    ),
                );
                Err(())
            }
        }
    }

    /// GNU `__real__ e` / `__imag__ e` (`imag`): the part of a complex
    /// operand (an lvalue when the operand is one); of a real operand, its
    /// value or zero (the operand still evaluated).
    pub(crate) fn real_imag(&mut self, imag: bool, e: Expr, sp: Span) -> PResult<Expr> {
        if self.types.is_complex(e.ty) {
            let mut m = self.member_part(&e, imag);
            if self.types.is_volatile(e.ty) {
                m.ty = self.types.volatile(m.ty);
            }
            m.span = sp;
            return Ok(m);
        }
        let e = self.rvalue(e);
        if !self.types.is_arith(e.ty) {
            let n = self.ty_name(e.ty);
            let what = if imag { "__imag__" } else { "__real__" };
            self.diags
                .error(sp, format!("wrong type argument to {what} (have '{n}')"));
            return Err(());
        }
        if !imag {
            return Ok(e);
        }
        let ty = e.ty;
        let z = self.zero(ty, sp);
        let v = self.mk(ExprKind::Cast(bx(e)), Types::VOID, sp);
        Ok(self.mk(ExprKind::Comma(bx(v), bx(z)), ty, sp))
    }

    /// The cast `(ty)e` where `ty` or `e`'s type is complex.
    pub(crate) fn complex_cast(&mut self, ty: TypeId, e: Expr, sp: Span) -> PResult<Expr> {
        let from = e.ty;
        let ok = |s: &Self, t: TypeId| s.types.is_arith(t) || s.types.is_complex(t);
        if !ok(self, ty) || !ok(self, from) {
            let (a, b) = (self.ty_name(from), self.ty_name(ty));
            self.diags
                .error(sp, format!("invalid cast from '{a}' to '{b}'"));
            return Err(());
        }
        let mut r = if self.types.is_complex(ty) {
            self.convert_to_complex(e, ty)
        } else {
            self.complex_to_real(e, ty)
        };
        r.span = sp;
        Ok(r)
    }

    /// `lhs op= rhs` where either side is complex (`op` the binary
    /// operator's punctuator): `lhs = lhs op rhs` with `lhs` evaluated
    /// once (through a pointer temporary unless it is a plain object).
    pub(crate) fn complex_compound_assign(
        &mut self,
        p: P,
        lhs: Expr,
        rhs: Expr,
        op: Span,
    ) -> PResult<Expr> {
        let lty = lhs.ty;
        let sp = lhs.span.to(rhs.span);
        let mut pre = Vec::new();
        let target = if matches!(lhs.kind, ExprKind::Member { bits: Some(_), .. })
            && !self.is_pure_lvalue(&lhs)
        {
            self.diags.error(
                op,
                "compound assignment of a complex value to a bit-field is not supported",
            );
            return Err(());
        } else {
            self.once(lhs, &mut pre)
        };
        let v = self.complex_binary(p, target.clone(), rhs, op)?;
        let v = self.assign_convert_at(lty, v, "assignment", "assignment", op);
        let a = self.mk(ExprKind::Assign(bx(target), bx(v)), lty, sp);
        Ok(self.after(pre, a))
    }

    /// GNU `++`/`--` on the complex lvalue `e` (`pre`fix or postfix,
    /// `inc`rement or decrement): adds or subtracts 1 from the real part;
    /// the value is the new or the old complex value.
    pub(crate) fn complex_incdec(
        &mut self,
        e: Expr,
        pre: bool,
        inc: bool,
        sp: Span,
    ) -> PResult<Expr> {
        let ty = self.types.unqualified(e.ty);
        let elem = self.real_type(ty);
        let mut stmts = Vec::new();
        let target = self.once(e, &mut stmts);
        let old = if pre {
            None
        } else {
            Some(self.temp_object(target.clone(), &mut stmts))
        };
        let cur = old.clone().unwrap_or_else(|| target.clone());
        let one = self.cast(self.mk(ExprKind::Int(1), Types::INT, sp), elem);
        let p = if inc { P::Plus } else { P::Minus };
        let v = self.complex_binary(p, cur, one, sp)?;
        let v = self.convert_to_complex(v, ty);
        let a = self.mk(ExprKind::Assign(bx(target), bx(v)), ty, sp);
        Ok(match old {
            None => self.after(stmts, a),
            Some(old) => {
                stmts.push(Stmt::Expr(a));
                self.mk(ExprKind::StmtExpr(stmts, Some(bx(old))), ty, sp)
            }
        })
    }

    /// The lvalue `e` itself if it is pure, else `*tmp` where the new
    /// pointer temporary `tmp` (declared in `pre`) holds `&e`.
    fn once(&mut self, e: Expr, pre: &mut Vec<Stmt>) -> Expr {
        if self.is_pure_lvalue(&e) {
            return e;
        }
        let (ty, sp) = (e.ty, e.span);
        let pt = self.types.ptr(ty);
        let addr = self.mk(ExprKind::AddrOf(bx(e)), pt, sp);
        let ptr = self.temp_object(addr, pre);
        self.mk(ExprKind::Deref(bx(ptr)), ty, sp)
    }

    /// `__builtin_creal`/`cimag`/`conj` with the suffixes `f` and `l`
    /// (C99 §7.3.9): None if `name` is not one of them. `arg` is the
    /// argument, converted here to the function's complex type.
    pub(crate) fn complex_builtin(
        &mut self,
        name: &str,
        arg: Expr,
        sp: Span,
    ) -> Option<PResult<Expr>> {
        let stem = name.strip_prefix("__builtin_")?;
        let base = ["creal", "cimag", "conj"]
            .into_iter()
            .find(|b| stem.starts_with(b))?;
        let elem = match &stem[base.len()..] {
            "" => Types::DOUBLE,
            "f" => Types::FLOAT,
            "l" => Types::LDOUBLE,
            _ => return None,
        };
        let arg = self.rvalue(arg);
        if !self.types.is_arith(arg.ty) && !self.types.is_complex(arg.ty) {
            let n = self.ty_name(arg.ty);
            self.diags.error(
                arg.span,
                format!("incompatible type for argument 1 of '{name}' (have '{n}')"),
            );
            return Some(Err(()));
        }
        let ty = self.types.complex(elem);
        let z = self.convert_to_complex(arg, ty);
        Some(match base {
            "creal" => self.real_imag(false, z, sp),
            "cimag" => self.real_imag(true, z, sp),
            _ => self.complex_unary(P::Tilde, z, sp),
        })
    }

    /// Initialises the complex object at `off` (type `ty`) from `node`:
    /// an expression converted as by assignment, or braces around one
    /// (further elements are excess, as gcc reads them: `{1.0, 2.0}` is
    /// `1.0`).
    pub(crate) fn complex_init(&mut self, ty: TypeId, off: u64, node: &InitTree, init: &mut Init) {
        let elem = self.real_type(ty);
        let esz = self.types.size(elem).unwrap_or(4);
        let v = match node {
            InitTree::Expr(e) => self.assign_convert(ty, e.clone(), "initialization"),
            InitTree::List(elems, sp) => {
                if elems.iter().any(|(d, _)| !d.is_empty()) {
                    self.diags
                        .error(*sp, "designator in the initializer of a complex object");
                    return;
                }
                let scalar = |s: &mut Self, n: &InitTree| -> Option<Expr> {
                    match n {
                        InitTree::Expr(e) => Some(e.clone()),
                        InitTree::List(_, sp) => {
                            s.diags.error(*sp, "braces around scalar initializer");
                            None
                        }
                    }
                };
                match elems.as_slice() {
                    [] => {
                        let z = self.zero(elem, *sp);
                        self.convert_to_complex(z, ty)
                    }
                    [(_, n), rest @ ..] => {
                        if !rest.is_empty() {
                            // gcc's reading: the first element initialises
                            // the whole complex object
                            self.diags
                                .warning(*sp, "excess elements in scalar initializer");
                        }
                        let Some(e) = scalar(self, n) else { return };
                        self.assign_convert(ty, e, "initialization")
                    }
                }
            }
        };
        match self.literal_parts(&v) {
            Some((re, im)) => {
                for (e, o) in [(re, 0), (im, esz)] {
                    init.items.push(InitItem {
                        offset: off + o,
                        ty: elem,
                        bits: None,
                        expr: e,
                    });
                }
            }
            None => init.items.push(InitItem {
                offset: off,
                ty: self.types.unqualified(ty),
                bits: None,
                expr: v,
            }),
        }
    }
}
