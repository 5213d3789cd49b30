//! Arithmetic on `long long` bit-fields wider than `int`, as gcc does it.
//!
//! C99 §6.7.2.1p4 lets an implementation accept bit-fields of other
//! types than `int`; gcc gives a field `unsigned long long b:40` the type
//! "40-bit unsigned integer". The integer promotions leave such a field
//! alone (its values do not fit in `int`), so `x.b + 1`, `x.b << 8` and
//! `-x.b` are computed in 40 bits and wrap modulo 2^40, and the result
//! keeps that width for the next operator. Against a 64-bit operand the
//! usual arithmetic conversions choose the 64-bit type, and against a
//! narrower one (`int`, a 33-bit field) the wider field's width.
//! (Behaviour checked with `gcc -m32` 12.2; the GCC torture tests
//! `bitfld-3`, `bitfld-5`, `pr32244-1` and `pr34971` rely on it.)
//!
//! The front end keeps the C type `long long`/`unsigned long long` and
//! wraps the result of each arithmetic operator in
//! [`BuiltinOp::Wrap`], which reduces it to the width and extends it
//! back; [`Parser::bit_precision`] reads the width off a field or a
//! wrapped result.

use super::expr::bx;
use crate::frontend::ast::*;
use crate::frontend::parse::Parser;

/// The width and signedness of a value computed in a bit-field's own
/// width: (bits, signed), 33 to 63 bits.
pub(crate) type BitPrecision = (u8, bool);

impl Parser<'_> {
    /// The precision of `e` if it is a `long long` bit-field wider than 32
    /// bits (and narrower than 64) or an operator result wrapped to one.
    pub(crate) fn bit_precision(&self, e: &Expr) -> Option<BitPrecision> {
        match &e.kind {
            ExprKind::Member { bits: Some(bf), .. } if bf.width > 32 && bf.width < 64 => {
                let t = self.types.unqualified(e.ty);
                if !self.types.is_integer(t) {
                    return None;
                }
                Some((bf.width as u8, !self.types.is_unsigned(t)))
            }
            ExprKind::Builtin(BuiltinOp::Wrap { bits, signed }, _) => Some((*bits, *signed)),
            _ => None,
        }
    }

    /// The precision a binary operator on `l` and `r` computes in, given
    /// the operands before conversion: None unless one is a wide
    /// bit-field value and the other is not a plain 64-bit operand.
    pub(crate) fn binary_bit_precision(&self, l: &Expr, r: &Expr) -> Option<BitPrecision> {
        let (pl, pr) = (self.bit_precision(l), self.bit_precision(r));
        let plain64 = |e: &Expr, p: Option<BitPrecision>| {
            p.is_none() && self.types.size(self.types.unqualified(e.ty)) == Some(8)
        };
        match (pl, pr) {
            (None, None) => None,
            (Some(_), None) if plain64(r, pr) => None,
            (None, Some(_)) if plain64(l, pl) => None,
            (Some(a), None) | (None, Some(a)) => Some(a),
            (Some((a, sa)), Some((b, sb))) => Some(if a == b {
                (a, sa && sb)
            } else if a > b {
                (a, sa)
            } else {
                (b, sb)
            }),
        }
    }

    /// `e` (an integer operator result of a 64-bit type) reduced to the
    /// precision `p`, or `e` unchanged without one.
    pub(crate) fn wrap_bit_precision(&self, e: Expr, p: Option<BitPrecision>) -> Expr {
        let Some((bits, signed)) = p else {
            return e;
        };
        if !self.types.is_integer(e.ty) || self.types.size(e.ty) != Some(8) {
            return e;
        }
        let (ty, span) = (e.ty, e.span);
        self.mk(
            ExprKind::Builtin(BuiltinOp::Wrap { bits, signed }, bx(e)),
            ty,
            span,
        )
    }
}
