//! The GNU builtins built from ordinary C expressions: the floating
//! comparisons that are quiet on NaN (`__builtin_isgreater` …), the
//! checked arithmetic (`__builtin_add_overflow` …), `__builtin_clrsb`,
//! `__builtin_choose_expr`, `__builtin_classify_type`, the `long double`
//! constants (`long double` is `double` on ST200), and
//! `__builtin_prefetch`, whose operands are evaluated and whose hint is
//! dropped (a prefetch cannot change what a program computes).
//!
//! A builtin that needs a value twice evaluates its operand once into a
//! hidden local ([`Parser::temp`]).

use super::expr::bx;
use crate::frontend::ast::*;
use crate::frontend::lex::{Token, P};
use crate::frontend::parse::{PResult, Parser};
use crate::frontend::sema::consteval;
use crate::frontend::sema::types::{TypeKind, Types};
use crate::frontend::source::Span;

/// The arithmetic of a checked-arithmetic builtin.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Checked {
    Add,
    Sub,
    Mul,
}

/// The checked-arithmetic builtins: operation, and the fixed operand
/// type of the typed forms (`__builtin_sadd_overflow` …: `None` for the
/// generic forms and the `_p` ones) and whether it is a `_p` form.
fn checked_builtin(
    plain: &str,
) -> Option<(Checked, Option<crate::frontend::sema::types::TypeId>, bool)> {
    let (stem, p) = match plain.strip_suffix("_overflow_p") {
        Some(s) => (s, true),
        None => (plain.strip_suffix("_overflow")?, false),
    };
    let op_of = |s: &str| match s {
        "add" => Some(Checked::Add),
        "sub" => Some(Checked::Sub),
        "mul" => Some(Checked::Mul),
        _ => None,
    };
    if let Some(op) = op_of(stem) {
        return Some((op, None, p));
    }
    if p {
        return None;
    }
    // typed forms: [su](add|sub|mul)(|l|ll)
    let (signed, rest) = match stem.as_bytes().first()? {
        b's' => (true, &stem[1..]),
        b'u' => (false, &stem[1..]),
        _ => return None,
    };
    let (op, width) = [("", 0), ("l", 1), ("ll", 2)]
        .into_iter()
        .find_map(|(suffix, w)| Some((op_of(rest.strip_suffix(suffix)?)?, w)))?;
    let ty = match (width, signed) {
        (0, true) => Types::INT,
        (0, false) => Types::UINT,
        (1, true) => Types::LONG,
        (1, false) => Types::ULONG,
        (_, true) => Types::LLONG,
        (_, false) => Types::ULLONG,
    };
    Some((op, Some(ty), false))
}

impl Parser<'_> {
    /// `e` stored once into a new hidden local: (the assignment, the
    /// local). `None` outside a function.
    fn temp(&mut self, e: Expr) -> Option<(Expr, Expr)> {
        self.func.as_ref()?;
        let e = self.rvalue(e);
        let ty = self.types.unqualified(e.ty);
        let sp = e.span;
        let id = self.new_local(None, ty, sp, None);
        let l = self.mk(ExprKind::Local(id), ty, sp);
        let set = self.mk(ExprKind::Assign(bx(l.clone()), bx(e)), ty, sp);
        Some((set, l))
    }

    fn comma(&mut self, a: Expr, b: Expr) -> Expr {
        let sp = a.span.to(b.span);
        let ty = b.ty;
        self.mk(ExprKind::Comma(bx(a), bx(b)), ty, sp)
    }

    fn int_const(&mut self, v: i64, ty: crate::frontend::sema::types::TypeId, sp: Span) -> Expr {
        self.mk(ExprKind::Int(v), ty, sp)
    }

    /// The builtins of this module; `None` if `name` is none of them.
    pub(super) fn gnu_builtin(&mut self, name: &str, t: &Token) -> PResult<Option<Expr>> {
        let Some(plain) = name.strip_prefix("__builtin_") else {
            return Ok(None);
        };
        if let Some(e) = self.control_builtin(plain, t)? {
            return Ok(Some(e));
        }
        match plain {
            "isgreater" | "isgreaterequal" | "isless" | "islessequal" | "islessgreater"
            | "isunordered" => self.float_compare(name, plain, t).map(Some),
            "clrsb" | "clrsbl" | "clrsbll" => self.clrsb(name, plain, t).map(Some),
            "choose_expr" => {
                self.expect_p(P::LParen)?;
                let c = self.assign_expr()?;
                let Some(v) = consteval::eval_int(&self.types, &c) else {
                    self.diags.error(
                        c.span,
                        "first argument to '__builtin_choose_expr' not a constant",
                    );
                    return Err(());
                };
                self.expect_p(P::Comma)?;
                let a = self.assign_expr()?;
                self.expect_p(P::Comma)?;
                let b = self.assign_expr()?;
                self.expect_p(P::RParen)?;
                Ok(Some(if v != 0 { a } else { b }))
            }
            "classify_type" => {
                // gcc's type classes of the argument after the usual
                // conversions: integer 1, pointer 5, real 8, complex 9, record 12,
                // union 13
                self.expect_p(P::LParen)?;
                let e = self.assign_expr()?;
                let c = self.expect_p(P::RParen)?;
                let e = self.rvalue(e);
                let class = if self.types.is_integer(e.ty) {
                    1
                } else if self.types.is_ptr(e.ty) {
                    5
                } else if self.types.is_float(e.ty) {
                    8
                } else if self.types.is_complex(e.ty) {
                    9
                } else if let Some(r) = self.types.record(e.ty) {
                    if r.is_union {
                        13
                    } else {
                        12
                    }
                } else {
                    self.diags.error(e.span, "invalid use of void expression");
                    return Err(());
                };
                Ok(Some(self.int_const(class, Types::INT, t.span.to(c))))
            }
            "huge_vall" | "infl" | "nanl" | "nansl" | "nans" | "nansf" => {
                let nan = plain.starts_with("nan");
                self.expect_p(P::LParen)?;
                if nan {
                    let a = self.assign_expr()?;
                    if !matches!(a.kind, ExprKind::Str(_) | ExprKind::Decay(_)) {
                        self.diags.error(
                            a.span,
                            format!("argument to '{name}' must be a string literal"),
                        );
                    }
                }
                let c = self.expect_p(P::RParen)?;
                let ty = match plain.as_bytes()[plain.len() - 1] {
                    b'l' => Types::LDOUBLE,
                    b'f' => Types::FLOAT,
                    _ => Types::DOUBLE,
                };
                let v = if nan { f64::NAN } else { f64::INFINITY };
                Ok(Some(self.mk(ExprKind::Float(v), ty, t.span.to(c))))
            }
            "prefetch" => {
                // the address is evaluated for its side effects; the
                // read/write and locality operands must be constants
                self.expect_p(P::LParen)?;
                let mut e = self.assign_expr()?;
                e = self.rvalue(e);
                if !self.types.is_ptr(e.ty) {
                    self.diags.error(
                        e.span,
                        "argument 1 of '__builtin_prefetch' must be a pointer",
                    );
                    return Err(());
                }
                let mut n = 1;
                while self.eat_p(P::Comma) {
                    let k = self.assign_expr()?;
                    n += 1;
                    if consteval::eval_int(&self.types, &k).is_none() || n > 3 {
                        self.diags.error(
                            k.span,
                            format!("argument {n} of '__builtin_prefetch' must be a constant"),
                        );
                        return Err(());
                    }
                }
                let c = self.expect_p(P::RParen)?;
                let sp = t.span.to(c);
                Ok(Some(self.mk(ExprKind::Cast(bx(e)), Types::VOID, sp)))
            }
            _ => match checked_builtin(plain) {
                Some((op, fixed, p)) => self.checked(name, op, fixed, p, t).map(Some),
                None => Ok(None),
            },
        }
    }

    /// Parses the parenthesised arguments of a builtin: the arguments and
    /// the span of the closing `)`.
    pub(crate) fn builtin_args(&mut self) -> PResult<(Vec<Expr>, Span)> {
        self.expect_p(P::LParen)?;
        let mut v = Vec::new();
        if !self.is_p(P::RParen) {
            loop {
                v.push(self.assign_expr()?);
                if !self.eat_p(P::Comma) {
                    break;
                }
            }
        }
        let c = self.expect_p(P::RParen)?;
        Ok((v, c))
    }

    /// Parses the parenthesised arguments of `name`, exactly `n` of them.
    fn args_n(&mut self, name: &str, n: usize, t: &Token) -> PResult<(Vec<Expr>, Span)> {
        let (v, c) = self.builtin_args()?;
        let sp = t.span.to(c);
        if v.len() != n {
            self.diags.error(
                sp,
                format!("wrong number of arguments to function '{name}'"),
            );
            return Err(());
        }
        Ok((v, sp))
    }

    fn need_function(&mut self, name: &str, sp: Span) -> PResult<()> {
        if self.func.is_none() {
            self.diags.error(sp, format!("'{name}' outside a function"));
            return Err(());
        }
        Ok(())
    }

    /// `isgreater(x, y)` … : comparisons of two real values that are
    /// false (and raise nothing) when either is a NaN;
    /// `islessgreater` is `x < y || x > y`, `isunordered` `x != x || y != y`.
    fn float_compare(&mut self, name: &str, plain: &str, t: &Token) -> PResult<Expr> {
        let (a, sp) = self.args_n(name, 2, t)?;
        self.need_function(name, sp)?;
        let mut it = a.into_iter();
        let x = self.rvalue(it.next().expect("arg"));
        let y = self.rvalue(it.next().expect("arg"));
        if !self.types.is_arith(x.ty) || !self.types.is_arith(y.ty) {
            self.diags.error(
                sp,
                format!("non-floating-point arguments in call to function '{name}'"),
            );
            return Err(());
        }
        if !self.types.is_float(x.ty) && !self.types.is_float(y.ty) {
            self.diags.error(
                sp,
                format!("non-floating-point arguments in call to function '{name}'"),
            );
            return Err(());
        }
        let simple = match plain {
            "isgreater" => Some(P::Gt),
            "isgreaterequal" => Some(P::Ge),
            "isless" => Some(P::Lt),
            "islessequal" => Some(P::Le),
            _ => None,
        };
        if let Some(p) = simple {
            let mut e = self.make_binary(p, x, y, sp)?;
            e.span = sp;
            return Ok(e);
        }
        let (sx, lx) = self.temp(x).expect("in a function");
        let (sy, ly) = self.temp(y).expect("in a function");
        let (l, r) = if plain == "islessgreater" {
            let a = self.make_binary(P::Lt, lx.clone(), ly.clone(), sp)?;
            let b = self.make_binary(P::Gt, lx, ly, sp)?;
            (a, b)
        } else {
            let a = self.make_binary(P::Ne, lx.clone(), lx, sp)?;
            let b = self.make_binary(P::Ne, ly.clone(), ly, sp)?;
            (a, b)
        };
        let e = self.make_binary(P::OrOr, l, r, sp)?;
        let e = self.comma(sy, e);
        let mut e = self.comma(sx, e);
        e.span = sp;
        Ok(e)
    }

    /// `clrsb(x)`: the redundant sign bits of `x`, that is
    /// `clz(x ^ (x >> (width − 1))) − 1` with `clz(0)` the width.
    fn clrsb(&mut self, name: &str, plain: &str, t: &Token) -> PResult<Expr> {
        let (a, sp) = self.args_n(name, 1, t)?;
        self.need_function(name, sp)?;
        let (sty, uty) = match plain {
            "clrsb" => (Types::INT, Types::UINT),
            "clrsbl" => (Types::LONG, Types::ULONG),
            _ => (Types::LLONG, Types::ULLONG),
        };
        let x = self.rvalue(a.into_iter().next().expect("arg"));
        if !self.types.is_integer(x.ty) {
            self.diags.error(
                x.span,
                format!("argument of '{name}' must have an integer type"),
            );
            return Err(());
        }
        let x = self.cast(x, sty);
        let (sx, lx) = self.temp(x).expect("in a function");
        let bits = self.types.size(sty).unwrap_or(4) as i64 * 8;
        let k = self.int_const(bits - 1, Types::INT, sp);
        let s = self.make_binary(P::Shr, lx.clone(), k, sp)?;
        let v = self.make_binary(P::Caret, lx, s, sp)?;
        let v = self.cast(v, uty);
        let z = self.mk(ExprKind::Builtin(BuiltinOp::Clz, bx(v)), Types::INT, sp);
        let one = self.int_const(1, Types::INT, sp);
        let r = self.make_binary(P::Minus, z, one, sp)?;
        let mut e = self.comma(sx, r);
        e.span = sp;
        Ok(e)
    }

    /// `__builtin_OP_overflow(a, b, res)`: stores the infinitely precise
    /// `a OP b` wrapped to `*res`'s type and gives whether it did not fit;
    /// the `_p` form takes a third operand only for its type and stores
    /// nothing.
    ///
    /// When the operands have at most 32 bits, the exact value is computed
    /// in 64 bits (`unsigned long long` for an unsigned product, else
    /// `long long`: both exact for 32-bit operands) and compared with its
    /// value wrapped to a result of at most 32 bits, or checked against
    /// the range of a 64-bit result by its sign. When all three
    /// have the same 64-bit type, the classic tests on the wrapped result
    /// are used. Other mixes are an error.
    fn checked(
        &mut self,
        name: &str,
        op: Checked,
        fixed: Option<crate::frontend::sema::types::TypeId>,
        p: bool,
        t: &Token,
    ) -> PResult<Expr> {
        let (a, sp) = self.args_n(name, 3, t)?;
        self.need_function(name, sp)?;
        let mut it = a.into_iter();
        let mut x = self.rvalue(it.next().expect("arg"));
        let mut y = self.rvalue(it.next().expect("arg"));
        let r = self.rvalue(it.next().expect("arg"));
        for (i, e) in [&x, &y].into_iter().enumerate() {
            let ok = self.types.is_integer(e.ty)
                && !matches!(
                    self.types.kind(self.types.unqualified(e.ty)),
                    TypeKind::Bool
                );
            if !ok {
                self.diags.error(
                    e.span,
                    format!(
                        "argument {} in call to function '{name}' does not have integral type",
                        i + 1
                    ),
                );
                return Err(());
            }
        }
        if let Some(ft) = fixed {
            x = self.cast(x, ft);
            y = self.cast(y, ft);
        }
        // the result type: the pointee of the third operand, or (the
        // `_p` form) its own type
        let rty = if p {
            self.types.unqualified(r.ty)
        } else {
            match self.types.pointee(r.ty) {
                Some(t) => t,
                None => {
                    self.diags.error(
                        r.span,
                        format!("argument 3 in call to function '{name}' does not have pointer to integral type"),
                    );
                    return Err(());
                }
            }
        };
        let rty_u = self.types.unqualified(rty);
        let bad_result = !self.types.is_integer(rty_u)
            || matches!(self.types.kind(rty_u), TypeKind::Bool | TypeKind::Enum(_));
        if bad_result {
            self.diags.error(
                r.span,
                format!(
                    "argument 3 in call to function '{name}' does not have pointer to integral type"
                ),
            );
            return Err(());
        }
        let size = |s: &Self, t| s.types.size(t).unwrap_or(4);
        let xt = self.types.unqualified(x.ty);
        let yt = self.types.unqualified(y.ty);
        let narrow = size(self, xt) <= 4 && size(self, yt) <= 4;
        let same64 = size(self, rty_u) == 8
            && self.types.promote(xt) == rty_u
            && self.types.promote(yt) == rty_u;
        let bop = match op {
            Checked::Add => P::Plus,
            Checked::Sub => P::Minus,
            Checked::Mul => P::Star,
        };
        // the operands (and the result pointer) evaluated once, in order
        let (sx, lx) = self.temp(x).expect("in a function");
        let (sy, ly) = self.temp(y).expect("in a function");
        let (sr, lr) = if p {
            // only the type of the `_p` form's third operand matters; it
            // is not evaluated
            (None, None)
        } else {
            let (s, l) = self.temp(r).expect("in a function");
            (Some(s), Some(l))
        };
        let (wrapped, overflow) = if narrow {
            let wide = if op == Checked::Mul
                && self.types.is_unsigned(self.types.promote(xt))
                && self.types.is_unsigned(self.types.promote(yt))
            {
                Types::ULLONG
            } else {
                Types::LLONG
            };
            let wx = self.cast(lx, wide);
            let wy = self.cast(ly, wide);
            let v = self.make_binary(bop, wx, wy, sp)?;
            let (sv, lv) = self.temp(v).expect("in a function");
            let w = self.cast(lv.clone(), rty_u);
            let ne = if size(self, rty_u) <= 4 {
                // a negative exact value never fits an unsigned result, nor
                // an unsigned exact value above the wide signed range (only
                // the unsigned product can be)
                let back = self.cast(w.clone(), wide);
                self.make_binary(P::Ne, lv, back, sp)?
            } else {
                // a 64-bit result holds every exact value of its
                // signedness: a signed exact value fits an unsigned result
                // unless negative, an unsigned one (a product of unsigned
                // operands) a signed result unless above its maximum
                let r_unsigned = self.types.is_unsigned(rty_u);
                let w_unsigned = self.types.is_unsigned(wide);
                let zero = self.int_const(0, Types::LLONG, sp);
                match (w_unsigned, r_unsigned) {
                    (false, true) => self.make_binary(P::Lt, lv, zero, sp)?,
                    (true, false) => {
                        let sv = self.cast(lv, Types::LLONG);
                        self.make_binary(P::Lt, sv, zero, sp)?
                    }
                    _ => self.int_const(0, Types::INT, sp),
                }
            };
            let ne = self.comma(sv, ne);
            (w, ne)
        } else if same64 {
            let t64 = rty_u;
            let signed = !self.types.is_unsigned(t64);
            let x64 = self.cast(lx, t64);
            let y64 = self.cast(ly, t64);
            // the wrapped result, computed in the unsigned type
            let ux = self.cast(x64.clone(), Types::ULLONG);
            let uy = self.cast(y64.clone(), Types::ULLONG);
            let v = self.make_binary(bop, ux, uy, sp)?;
            let v = self.cast(v, t64);
            let (sv, lv) = self.temp(v).expect("in a function");
            let zero = self.int_const(0, t64, sp);
            let ov = match (op, signed) {
                // unsigned: a carry out (r < a), a borrow (a < b)
                (Checked::Add, false) => self.make_binary(P::Lt, lv.clone(), x64, sp)?,
                (Checked::Sub, false) => self.make_binary(P::Lt, x64, y64, sp)?,
                // signed: the sign of the result differs from both
                // operands' (add) or from a's while a's differs from b's
                // (sub): ((a ^ r) & (b ^ r)) < 0, ((a ^ b) & (a ^ r)) < 0
                (Checked::Add, true) => {
                    let a = self.make_binary(P::Caret, x64, lv.clone(), sp)?;
                    let b = self.make_binary(P::Caret, y64, lv.clone(), sp)?;
                    let m = self.make_binary(P::Amp, a, b, sp)?;
                    self.make_binary(P::Lt, m, zero, sp)?
                }
                (Checked::Sub, true) => {
                    let a = self.make_binary(P::Caret, x64.clone(), y64, sp)?;
                    let b = self.make_binary(P::Caret, x64, lv.clone(), sp)?;
                    let m = self.make_binary(P::Amp, a, b, sp)?;
                    self.make_binary(P::Lt, m, zero, sp)?
                }
                // a product overflows unless a == 0 or r / a == b; in
                // the signed type, -1 * MIN overflows and MIN / -1 must
                // not be computed
                (Checked::Mul, _) => {
                    let nz = self.make_binary(P::Ne, x64.clone(), zero, sp)?;
                    if signed {
                        let m1 = self.int_const(-1, t64, sp);
                        let min = self.int_const(i64::MIN, t64, sp);
                        let a_m1 = self.make_binary(P::EqEq, x64.clone(), m1.clone(), sp)?;
                        let b_min = self.make_binary(P::EqEq, y64.clone(), min.clone(), sp)?;
                        let b_m1 = self.make_binary(P::EqEq, y64.clone(), m1, sp)?;
                        let a_min = self.make_binary(P::EqEq, x64.clone(), min, sp)?;
                        let c1 = self.make_binary(P::AndAnd, a_m1.clone(), b_min, sp)?;
                        let c2 = self.make_binary(P::AndAnd, b_m1, a_min, sp)?;
                        let special = self.make_binary(P::OrOr, c1, c2, sp)?;
                        let div = self.make_binary(P::Slash, lv.clone(), x64, sp)?;
                        let ne = self.make_binary(P::Ne, div, y64, sp)?;
                        // a == -1 alone never overflows but for MIN
                        let f = self.int_const(0, Types::INT, sp);
                        let not_m1 = self.make_binary(P::EqEq, a_m1, f, sp)?;
                        let general = self.make_binary(P::AndAnd, not_m1, ne, sp)?;
                        let general = self.make_binary(P::AndAnd, nz, general, sp)?;
                        self.make_binary(P::OrOr, special, general, sp)?
                    } else {
                        let div = self.make_binary(P::Slash, lv.clone(), x64, sp)?;
                        let ne = self.make_binary(P::Ne, div, y64, sp)?;
                        self.make_binary(P::AndAnd, nz, ne, sp)?
                    }
                }
            };
            let ov = self.comma(sv, ov);
            (lv, ov)
        } else {
            self.diags.error(
                sp,
                format!("'{name}' with these operand and result types is not supported (operands of at most 32 bits, or operands and result all of one 64-bit type)"),
            );
            return Err(());
        };
        // evaluate operands, compute the flag into a temp, store, flag
        let (sf, lf) = self.temp(overflow).expect("in a function");
        let mut e = lf;
        if let Some(lr) = lr {
            let dst = self.mk(ExprKind::Deref(bx(lr)), rty_u, sp);
            let st = self.mk(ExprKind::Assign(bx(dst), bx(wrapped)), rty_u, sp);
            e = self.comma(st, e);
        }
        e = self.comma(sf, e);
        if let Some(sr) = sr {
            e = self.comma(sr, e);
        }
        e = self.comma(sy, e);
        e = self.comma(sx, e);
        let b = self.cast(e, Types::BOOL);
        let mut b = b;
        b.span = sp;
        Ok(b)
    }
}

impl Parser<'_> {
    /// True if `e` is a constant gcc's `__builtin_constant_p` recognises
    /// beyond an integer constant expression: a floating constant, a
    /// string literal, or an in-bounds element of one (`"hi"[0]`).
    pub(crate) fn is_literal_constant(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Float(_) | ExprKind::Str(_) => true,
            ExprKind::Decay(x) | ExprKind::Cast(x) => self.is_literal_constant(x),
            ExprKind::Deref(p) => match &p.kind {
                ExprKind::Binary(BinOp::PtrAdd, base, i) => {
                    let len = match &base.kind {
                        ExprKind::Decay(s) => match &s.kind {
                            ExprKind::Str(bytes) => bytes.len() as i64,
                            _ => return false,
                        },
                        _ => return false,
                    };
                    matches!(consteval::eval_int(&self.types, i), Some(k) if (0..len).contains(&k))
                }
                ExprKind::Decay(s) => matches!(s.kind, ExprKind::Str(_)),
                _ => false,
            },
            _ => false,
        }
    }
}

impl Parser<'_> {
    /// A call of the C library's `abs`, `labs` or `llabs` (declared with
    /// its standard type) as gcc compiles it unless `-fno-builtin`: the
    /// operation inline ([`BuiltinOp::Abs`]), whatever the program
    /// defines under that name (C99 §7.1.3 reserves it). `args` are
    /// converted already.
    pub(crate) fn library_builtin(
        &mut self,
        name: Option<&str>,
        fty: crate::frontend::sema::types::TypeId,
        args: &[Expr],
        sp: Span,
    ) -> Option<Expr> {
        let name = name?;
        let ty = match name {
            "abs" => Types::INT,
            "labs" => Types::LONG,
            "llabs" => Types::LLONG,
            _ => return None,
        };
        if self.no_builtin.iter().any(|n| n.is_empty() || n == name) {
            return None;
        }
        let TypeKind::Func {
            ret, params, proto, ..
        } = self.types.kind(fty).clone()
        else {
            return None;
        };
        if !proto || ret != ty || params != [ty] || args.len() != 1 {
            return None;
        }
        let x = args[0].clone();
        if let ExprKind::Int(v) = x.kind {
            let bits = 8 * self.types.size(ty).unwrap_or(4) as u32;
            if let Some(r) = BuiltinOp::Abs.fold(v as u64, bits) {
                let r = consteval::wrap(&self.types, ty, r);
                return Some(self.mk(ExprKind::Int(r), ty, sp));
            }
        }
        Some(self.mk(ExprKind::Builtin(BuiltinOp::Abs, bx(x)), ty, sp))
    }
}
