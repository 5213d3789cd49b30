//! Operations on GNU C generic vectors (`vector_size`, see
//! [`crate::frontend::sema::vector`]), rewritten into element operations.
//!
//! Each operation becomes a GNU statement expression over temporaries:
//! the operands are evaluated once into locals, each element of the
//! result is computed with the scalar operator of C applied to the
//! elements (then converted back to the element type, as gcc computes in
//! the element type), and the result is a local of the vector type. The
//! optimizer then keeps the elements in registers where it can.
//!
//! gcc's rules followed here: a scalar operand is converted to the
//! element type and used for every element, if that loses nothing (a
//! constant that fits, or a non-constant of an integer type no wider than
//! the element, or any value for a floating element); a comparison gives a
//! vector of the signed integer type of the element's size holding 0 or
//! -1; a cast between a vector and a vector or scalar of the same size
//! reinterprets the bytes.

use crate::frontend::ast::*;
use crate::frontend::lex::{Token, P};
use crate::frontend::parse::expr::bx;
use crate::frontend::parse::{PResult, Parser};
use crate::frontend::sema::consteval;
use crate::frontend::sema::types::{TypeId, Types};
use crate::frontend::source::Span;

/// The operator of a compound assignment `op=`.
pub(crate) const COMPOUND_OPS: [(BinOp, P); 10] = [
    (BinOp::Add, P::Plus),
    (BinOp::Sub, P::Minus),
    (BinOp::Mul, P::Star),
    (BinOp::Div, P::Slash),
    (BinOp::Rem, P::Percent),
    (BinOp::Shl, P::Shl),
    (BinOp::Shr, P::Shr),
    (BinOp::And, P::Amp),
    (BinOp::Or, P::Pipe),
    (BinOp::Xor, P::Caret),
];

/// One operand of an element-wise operation: a vector local, or a scalar
/// local already converted to the element type.
enum Operand {
    Vector(Expr),
    Scalar(Expr),
}

impl<'a> Parser<'a> {
    /// `__attribute__((vector_size(size)))` applied to `ty` at `at`.
    pub(crate) fn apply_vector_size(&mut self, ty: TypeId, size: u64, at: Span) -> PResult<TypeId> {
        let volatile = self.types.is_volatile(ty);
        let elem = self.types.unqualified(ty);
        let esize = self.types.size(elem).unwrap_or(0);
        if !self.types.is_arith(elem) || elem == Types::BOOL || self.types.is_vector(elem) {
            let n = self.ty_name(ty);
            self.diags.error(
                at,
                format!("invalid vector type for attribute 'vector_size' ('{n}')"),
            );
            return Err(());
        }
        if size == 0
            || esize == 0
            || !size.is_multiple_of(esize)
            || !(size / esize).is_power_of_two()
        {
            self.diags.error(
                at,
                format!(
                    "vector size {size} is not a power of two multiple of the element size {esize}"
                ),
            );
            return Err(());
        }
        let elem = match *self.types.kind(elem) {
            crate::frontend::sema::types::TypeKind::Enum(_) => Types::INT,
            _ => elem,
        };
        let v = self.types.vector(elem, size / esize);
        Ok(if volatile { self.types.volatile(v) } else { v })
    }

    /// A local of `e`'s type (unqualified) initialised with `e`, its
    /// declaration appended to `stmts`; the local is returned.
    fn vector_temp(&mut self, e: Expr, stmts: &mut Vec<Stmt>) -> Expr {
        let sp = e.span;
        let ty = self.types.unqualified(e.ty);
        let id = self.new_local(None, ty, sp, None);
        if let Some(f) = &mut self.func {
            f.locals[id.0 as usize].used = true;
        }
        let item = InitItem {
            offset: 0,
            ty,
            bits: None,
            expr: Expr { ty, ..e },
        };
        let init = Init {
            items: vec![item],
            strings: vec![],
            zero: false,
        };
        stmts.push(Stmt::Decl(id, Some(init)));
        self.mk(ExprKind::Local(id), ty, sp)
    }

    /// An uninitialised local of type `ty`, declared in `stmts`.
    fn vector_result(&mut self, ty: TypeId, sp: Span, stmts: &mut Vec<Stmt>) -> Expr {
        let id = self.new_local(None, ty, sp, None);
        if let Some(f) = &mut self.func {
            f.locals[id.0 as usize].used = true;
        }
        stmts.push(Stmt::Decl(id, None));
        self.mk(ExprKind::Local(id), ty, sp)
    }

    /// Element `i` of the vector `v` (an lvalue if `v` is).
    fn vector_elem(&mut self, v: &Expr, i: u64) -> Expr {
        let (et, _) = self.types.vector_of(v.ty).expect("vector");
        let es = self.types.size(et).unwrap_or(1);
        let et = if self.types.is_volatile(v.ty) {
            self.types.volatile(et)
        } else {
            et
        };
        self.mk(
            ExprKind::Member {
                base: bx(v.clone()),
                offset: i * es,
                bits: None,
            },
            et,
            v.span,
        )
    }

    /// Element operations outside a function have no place to go.
    fn vector_in_function(&mut self, at: Span) -> PResult<()> {
        if self.func.is_none() {
            self.diags
                .error(at, "vector operation outside a function is not supported");
            return Err(());
        }
        Ok(())
    }

    /// `stmts` then the value of the vector local `result`.
    fn vector_value(&mut self, stmts: Vec<Stmt>, result: Expr, sp: Span) -> Expr {
        let ty = result.ty;
        self.mk(ExprKind::StmtExpr(stmts, Some(bx(result))), ty, sp)
    }

    /// The scalar `s` used as an operand of an operation on vectors of
    /// `elem`: converted to `elem` when gcc allows it.
    fn vector_scalar(&mut self, s: Expr, elem: TypeId, vt: TypeId, op: Span) -> PResult<Expr> {
        let s = self.rvalue(s);
        let st = s.ty;
        let bad = |p: &mut Self| -> PResult<Expr> {
            let a = p.ty_name(st);
            let b = p.ty_name(vt);
            p.diags.error(
                op,
                format!("conversion of scalar '{a}' to vector '{b}' involves truncation"),
            );
            Err(())
        };
        if !self.types.is_arith(st) {
            let a = self.ty_name(st);
            let b = self.ty_name(vt);
            self.diags.error(
                op,
                format!("invalid operands to a vector operation (have '{a}' and '{b}')"),
            );
            return Err(());
        }
        let ssize = self.types.size(st).unwrap_or(0);
        let esize = self.types.size(elem).unwrap_or(0);
        if self.types.is_integer(elem) {
            if self.types.is_float(st) {
                return bad(self);
            }
            if let Some(v) = consteval::eval_int(&self.types, &s) {
                // a constant must keep its value in the element type
                let c = self.cast(s.clone(), elem);
                let back = consteval::eval_int(&self.types, &c);
                let same = back == Some(v)
                    || (self.types.is_unsigned(st)
                        && self.types.is_unsigned(elem)
                        && back.map(|b| b as u64) == Some(v as u64));
                if !same {
                    return bad(self);
                }
                return Ok(c);
            }
            if ssize > esize {
                return bad(self);
            }
        } else if self.types.is_float(st) {
            let is_const = consteval::eval_float(&self.types, &s).is_some();
            if !is_const && ssize > esize {
                return bad(self);
            }
        }
        Ok(self.cast(s, elem))
    }

    /// `l op r` where an operand is a vector (`op` one of the binary
    /// operators other than `&&`, `||` and `,`).
    pub(crate) fn vector_binary(&mut self, p: P, l: Expr, r: Expr, op: Span) -> PResult<Expr> {
        let sp = l.span.to(r.span);
        self.vector_in_function(op)?;
        let (lt, rt) = (l.ty, r.ty);
        let bad = |s: &mut Self, why: &str| -> PResult<Expr> {
            let a = s.ty_name(lt);
            let b = s.ty_name(rt);
            s.diags.error(
                op,
                format!(
                    "invalid operands to binary {} (have '{a}' and '{b}'){why}",
                    p.spelling()
                ),
            );
            Err(())
        };
        let lv = self.types.vector_of(lt);
        let rv = self.types.vector_of(rt);
        if matches!(p, P::AndAnd | P::OrOr) {
            let at = if lv.is_some() { l.span } else { r.span };
            self.diags
                .error(at, "used vector type where scalar is required");
            return Err(());
        }
        let is_cmp = matches!(p, P::EqEq | P::Ne | P::Lt | P::Gt | P::Le | P::Ge);
        let is_int_op = matches!(
            p,
            P::Percent | P::Shl | P::Shr | P::Amp | P::Pipe | P::Caret
        );
        if !is_cmp && !is_int_op && !matches!(p, P::Plus | P::Minus | P::Star | P::Slash) {
            return bad(self, "");
        }
        // the vector type of the operation
        let vt = match (lv, rv) {
            (Some((le, ln)), Some((re, rn))) => {
                let same_kind = le == re
                    || (self.types.is_integer(le)
                        && self.types.is_integer(re)
                        && self.types.size(le) == self.types.size(re));
                if ln != rn || !same_kind {
                    return bad(self, "");
                }
                self.types.unqualified(lt)
            }
            (Some(_), None) => self.types.unqualified(lt),
            _ => self.types.unqualified(rt),
        };
        let (et, n) = self.types.vector_of(vt).expect("vector");
        if is_int_op && !self.types.is_integer(et) {
            return bad(self, "");
        }
        let mut stmts = Vec::new();
        let shift = matches!(p, P::Shl | P::Shr);
        let operand = |s: &mut Self, e: Expr, stmts: &mut Vec<Stmt>| -> PResult<Operand> {
            if s.types.is_vector(e.ty) {
                let e = s.rvalue(e);
                Ok(Operand::Vector(s.vector_temp(e, stmts)))
            } else if shift && lv.is_some() {
                // a scalar shift count: any integer type
                let e = s.rvalue(e);
                if !s.types.is_integer(e.ty) {
                    let a = s.ty_name(e.ty);
                    s.diags
                        .error(op, format!("invalid shift count of type '{a}'"));
                    return Err(());
                }
                Ok(Operand::Scalar(s.vector_temp(e, stmts)))
            } else {
                let c = s.vector_scalar(e, et, vt, op)?;
                Ok(Operand::Scalar(s.vector_temp(c, stmts)))
            }
        };
        let a = operand(self, l, &mut stmts)?;
        let b = operand(self, r, &mut stmts)?;
        let es = self.types.size(et).unwrap_or(1);
        let rty = if is_cmp {
            let ct = Types::signed_of_size(es);
            self.types.vector(ct, n)
        } else {
            vt
        };
        let (ret, _) = self.types.vector_of(rty).expect("vector");
        let result = self.vector_result(rty, sp, &mut stmts);
        for i in 0..n {
            let x = match &a {
                Operand::Vector(v) => self.vector_elem(v, i),
                Operand::Scalar(s) => s.clone(),
            };
            let y = match &b {
                Operand::Vector(v) => self.vector_elem(v, i),
                Operand::Scalar(s) => s.clone(),
            };
            let v = self.make_binary(p, x, y, op)?;
            let v = if is_cmp {
                // 1 becomes -1 in the element type
                let w = self.cast(v, ret);
                let wt = w.ty;
                let neg = self.mk(ExprKind::Unary(UnOp::Neg, bx(w)), wt, sp);
                self.cast(neg, ret)
            } else {
                self.cast(v, ret)
            };
            let dst = self.vector_elem(&result, i);
            let asg = self.mk(ExprKind::Assign(bx(dst), bx(v)), ret, sp);
            stmts.push(Stmt::Expr(asg));
        }
        Ok(self.vector_value(stmts, result, sp))
    }

    /// `-v`, `+v`, `~v` on a vector.
    pub(crate) fn vector_unary(&mut self, p: P, e: Expr, sp: Span) -> PResult<Expr> {
        self.vector_in_function(sp)?;
        let e = self.rvalue(e);
        let vt = self.types.unqualified(e.ty);
        let (et, n) = self.types.vector_of(vt).expect("vector");
        let ok = match p {
            P::Plus | P::Minus => true,
            P::Tilde => self.types.is_integer(et),
            _ => false,
        };
        if !ok {
            let what = match p {
                P::Tilde => "bit-complement",
                _ => "unary exclamation mark",
            };
            self.diags
                .error(sp, format!("wrong type argument to {what}"));
            return Err(());
        }
        if p == P::Plus {
            return Ok(Expr { span: sp, ..e });
        }
        let mut stmts = Vec::new();
        let a = self.vector_temp(e, &mut stmts);
        let result = self.vector_result(vt, sp, &mut stmts);
        let op = if p == P::Minus {
            UnOp::Neg
        } else {
            UnOp::BitNot
        };
        for i in 0..n {
            let x = self.vector_elem(&a, i);
            let pt = self.types.promote(et);
            let x = self.cast(x, pt);
            let v = self.mk(ExprKind::Unary(op, bx(x)), pt, sp);
            let v = self.cast(v, et);
            let dst = self.vector_elem(&result, i);
            let asg = self.mk(ExprKind::Assign(bx(dst), bx(v)), et, sp);
            stmts.push(Stmt::Expr(asg));
        }
        Ok(self.vector_value(stmts, result, sp))
    }

    /// `lhs op= rhs` with a vector `lhs` (already checked modifiable):
    /// `lhs` is evaluated once.
    pub(crate) fn vector_compound_assign(
        &mut self,
        op: BinOp,
        lhs: Expr,
        rhs: Expr,
        at: Span,
    ) -> PResult<Expr> {
        self.vector_in_function(at)?;
        let p = COMPOUND_OPS
            .iter()
            .find(|(b, _)| *b == op)
            .map(|(_, p)| *p)
            .expect("compound operator");
        let sp = lhs.span.to(rhs.span);
        let lty = lhs.ty;
        let mut stmts = Vec::new();
        let target = if matches!(lhs.kind, ExprKind::Local(_) | ExprKind::Global(_)) {
            lhs
        } else {
            let pt = self.types.ptr(lty);
            let addr = self.mk(ExprKind::AddrOf(bx(lhs)), pt, sp);
            let ptr = self.vector_temp(addr, &mut stmts);
            self.mk(ExprKind::Deref(bx(ptr)), lty, sp)
        };
        let v = self.vector_binary(p, target.clone(), rhs, at)?;
        let v = self.vector_assign_convert(lty, v, at)?;
        let asg = self.mk(ExprKind::Assign(bx(target), bx(v)), lty, sp);
        if stmts.is_empty() {
            return Ok(asg);
        }
        Ok(self.mk(ExprKind::StmtExpr(stmts, Some(bx(asg))), lty, sp))
    }

    /// The bytes of `e` (a vector or scalar) seen as type `to` of the same
    /// size, through a union (the lowering then allows type punning).
    fn vector_reinterpret(&mut self, e: Expr, to: TypeId, sp: Span) -> Expr {
        let from = self.types.unqualified(e.ty);
        let to = self.types.unqualified(to);
        let u = self.types.pun_union(from, to);
        let id = self.new_local(None, u, sp, None);
        if let Some(f) = &mut self.func {
            f.locals[id.0 as usize].used = true;
        }
        let init = Init {
            items: vec![InitItem {
                offset: 0,
                ty: from,
                bits: None,
                expr: Expr { ty: from, ..e },
            }],
            strings: vec![],
            zero: false,
        };
        let obj = self.mk(ExprKind::Local(id), u, sp);
        let lit = self.mk(ExprKind::CompoundLit(bx(obj), Box::new(init)), u, sp);
        self.mk(
            ExprKind::Member {
                base: bx(lit),
                offset: 0,
                bits: None,
            },
            to,
            sp,
        )
    }

    /// `e` converted to the vector type `to` (or from a vector `e` to
    /// `to`) by assignment: only the same vector type (gcc -m32 rejects a
    /// difference in signedness or element count without
    /// `-flax-vector-conversions`).
    pub(crate) fn vector_assign_convert(&mut self, to: TypeId, e: Expr, at: Span) -> PResult<Expr> {
        let e = self.rvalue(e);
        let from = e.ty;
        if self.types.unqualified(from) == self.types.unqualified(to) {
            return Ok(Expr { ty: to, ..e });
        }
        let a = self.ty_name(from);
        let b = self.ty_name(to);
        self.diags.error(
            at,
            format!("incompatible types when converting from '{a}' to '{b}'"),
        );
        Err(())
    }

    /// The cast `(to)e` where `to` or `e`'s type is a vector: the other
    /// is a vector or an integer, of the same size; the bytes are
    /// reinterpreted.
    pub(crate) fn vector_cast(&mut self, to: TypeId, e: Expr, sp: Span) -> PResult<Expr> {
        let e = self.rvalue(e);
        let from = e.ty;
        if self.types.unqualified(from) == self.types.unqualified(to) {
            return Ok(Expr {
                ty: to,
                span: sp,
                ..e
            });
        }
        let scalar_ok = |t: TypeId, s: &Self| s.types.is_vector(t) || s.types.is_integer(t);
        if !scalar_ok(from, self)
            || !scalar_ok(to, self)
            || self.types.size(from) != self.types.size(to)
        {
            let a = self.ty_name(from);
            let b = self.ty_name(to);
            self.diags.error(
                sp,
                format!("can't convert a value of type '{a}' to type '{b}' of a different size"),
            );
            return Err(());
        }
        self.vector_in_function(sp)?;
        Ok(self.vector_reinterpret(e, to, sp))
    }

    /// `v[i]` on a vector `v`: an lvalue if `v` is one.
    pub(crate) fn vector_subscript(&mut self, v: Expr, i: Expr, sp: Span) -> PResult<Expr> {
        let i = self.rvalue(i);
        if !self.types.is_integer(i.ty) {
            self.diags
                .error(i.span, "array subscript is not an integer");
            return Err(());
        }
        let (et, n) = self.types.vector_of(v.ty).expect("vector");
        if let Some(k) = consteval::eval_int(&self.types, &i) {
            if (0..n as i64).contains(&k) {
                let mut e = self.vector_elem(&v, k as u64);
                e.span = sp;
                return Ok(e);
            }
        }
        let et = if self.types.is_volatile(v.ty) {
            self.types.volatile(et)
        } else {
            et
        };
        let vp = self.types.ptr(v.ty);
        let ep = self.types.ptr(et);
        let vspan = v.span;
        let addr = self.mk(ExprKind::AddrOf(bx(v)), vp, vspan);
        let first = self.mk(ExprKind::Cast(bx(addr)), ep, vspan);
        let at = self.make_binary(P::Plus, first, i, sp)?;
        Ok(self.mk(ExprKind::Deref(bx(at)), et, sp))
    }

    /// `__builtin_shuffle(a, mask)` and `__builtin_shuffle(a, b, mask)`
    /// (the name token `t`, before its `(`): element `i` of the result is
    /// element `mask[i] mod n` (one input) or `mask[i] mod 2n` of `a`
    /// followed by `b`.
    pub(crate) fn vector_shuffle(&mut self, t: &Token) -> PResult<Expr> {
        let (args, close) = self.builtin_args()?;
        let sp = t.span.to(close);
        self.vector_in_function(sp)?;
        if args.len() != 2 && args.len() != 3 {
            self.diags.error(
                sp,
                "wrong number of arguments to function '__builtin_shuffle'",
            );
            return Err(());
        }
        let mut args: Vec<Expr> = args.into_iter().map(|a| self.rvalue(a)).collect();
        let mask = args.pop().expect("mask");
        let Some((me, mn)) = self.types.vector_of(mask.ty) else {
            self.diags.error(
                mask.span,
                "'__builtin_shuffle' last argument must be an integer vector",
            );
            return Err(());
        };
        let Some((et, n)) = self.types.vector_of(args[0].ty) else {
            self.diags.error(
                args[0].span,
                "'__builtin_shuffle' arguments must be vectors",
            );
            return Err(());
        };
        let vt = self.types.unqualified(args[0].ty);
        if !self.types.is_integer(me)
            || mn != n
            || self.types.size(me) != self.types.size(et)
            || args.iter().any(|a| self.types.unqualified(a.ty) != vt)
        {
            self.diags.error(
                sp,
                "'__builtin_shuffle' arguments must be vectors of the same type, the mask an integer vector of as many elements of the same size",
            );
            return Err(());
        }
        let inputs = args.len() as u64;
        let mut stmts = Vec::new();
        // the inputs one after the other in a vector of 2n elements
        let es = self.types.size(et).unwrap_or(1);
        let both = self.types.vector(et, n * inputs);
        let bid = self.new_local(None, both, sp, None);
        if let Some(f) = &mut self.func {
            f.locals[bid.0 as usize].used = true;
        }
        let items = args
            .into_iter()
            .enumerate()
            .map(|(k, a)| InitItem {
                offset: k as u64 * n * es,
                ty: vt,
                bits: None,
                expr: Expr { ty: vt, ..a },
            })
            .collect();
        stmts.push(Stmt::Decl(
            bid,
            Some(Init {
                items,
                strings: vec![],
                zero: false,
            }),
        ));
        let buf = self.mk(ExprKind::Local(bid), both, sp);
        let m = self.vector_temp(mask, &mut stmts);
        let result = self.vector_result(vt, sp, &mut stmts);
        let it = if es == 8 { Types::ULLONG } else { Types::UINT };
        for i in 0..n {
            let k = self.vector_elem(&m, i);
            let k = self.cast(k, it);
            let limit = self.mk(ExprKind::Int((n * inputs - 1) as i64), it, sp);
            let idx = self.mk(ExprKind::Binary(BinOp::And, bx(k), bx(limit)), it, sp);
            let idx = self.cast(idx, Types::INT);
            let x = self.vector_subscript(buf.clone(), idx, sp)?;
            let dst = self.vector_elem(&result, i);
            let asg = self.mk(ExprKind::Assign(bx(dst), bx(x)), et, sp);
            stmts.push(Stmt::Expr(asg));
        }
        Ok(self.vector_value(stmts, result, sp))
    }

    /// `__builtin_convertvector(v, T)`: each element of `v` converted to
    /// the element type of the vector type `T` (same number of elements).
    pub(crate) fn vector_convert(&mut self, t: &Token) -> PResult<Expr> {
        self.expect_p(P::LParen)?;
        let v = self.assign_expr()?;
        self.expect_p(P::Comma)?;
        let to = self.type_name()?;
        let close = self.expect_p(P::RParen)?;
        let sp = t.span.to(close);
        self.vector_in_function(sp)?;
        let v = self.rvalue(v);
        let (Some((_, n)), Some((te, tn))) = (self.types.vector_of(v.ty), self.types.vector_of(to))
        else {
            self.diags.error(
                sp,
                "'__builtin_convertvector' needs a vector and a vector type",
            );
            return Err(());
        };
        if n != tn {
            self.diags.error(
                sp,
                "'__builtin_convertvector' needs vectors of the same number of elements",
            );
            return Err(());
        }
        let to = self.types.unqualified(to);
        let mut stmts = Vec::new();
        let a = self.vector_temp(v, &mut stmts);
        let result = self.vector_result(to, sp, &mut stmts);
        for i in 0..n {
            let x = self.vector_elem(&a, i);
            let x = self.rvalue(x);
            let x = self.cast(x, te);
            let dst = self.vector_elem(&result, i);
            let asg = self.mk(ExprKind::Assign(bx(dst), bx(x)), te, sp);
            stmts.push(Stmt::Expr(asg));
        }
        Ok(self.vector_value(stmts, result, sp))
    }
}
