//! Constant folding over the typed AST: integer constant expressions
//! (C99 §6.6) and address constants for static initializers.

use crate::frontend::ast::{BinOp, Expr, ExprKind, UnOp};
use crate::frontend::lex::Sym;
use crate::frontend::sema::types::{TypeId, TypeKind, Types};
use crate::ir::eval as ir_eval;
use crate::ir::{FBinaryOp, Type as IrType};

/// The value of a constant expression.
#[derive(Clone, Debug, PartialEq)]
pub enum CVal {
    /// Integer (already wrapped to the expression's type).
    Int(i64),
    /// Address of a global symbol plus a byte offset.
    Addr(Sym, i64),
    /// Address of a string literal (its bytes) plus a byte offset.
    StrAddr(Vec<u8>, i64),
}

/// Wraps `v` to the width and signedness of integer (or pointer) type `t`.
pub fn wrap(types: &Types, t: TypeId, v: i64) -> i64 {
    if matches!(types.kind(t), TypeKind::Bool) {
        return (v != 0) as i64;
    }
    let size = types.size(t).unwrap_or(4);
    let uns = types.is_unsigned(t);
    match (size, uns) {
        (1, false) => v as i8 as i64,
        (1, true) => v as u8 as i64,
        (2, false) => v as i16 as i64,
        (2, true) => v as u16 as i64,
        (4, false) => v as i32 as i64,
        (4, true) => v as u32 as i64,
        _ => v,
    }
}

/// Evaluates an integer constant expression.
pub fn eval_int(types: &Types, e: &Expr) -> Option<i64> {
    match eval(types, e)? {
        CVal::Int(v) => Some(v),
        _ => None,
    }
}

/// Evaluates a constant expression (integer or address constant).
pub fn eval(types: &Types, e: &Expr) -> Option<CVal> {
    use CVal::*;
    Some(match &e.kind {
        ExprKind::Int(v) => Int(wrap(types, e.ty, *v)),
        ExprKind::Expect(x, _) => return eval(types, x),
        ExprKind::Cast(x) if types.is_float(x.ty) && types.is_integer(e.ty) => {
            // C99 §6.3.1.4p1: truncation toward zero; a value out of the
            // range of the type is undefined, so not a constant
            let v = eval_float(types, x)?.trunc();
            if matches!(types.kind(e.ty), TypeKind::Bool) {
                return Some(Int((v != 0.0) as i64));
            }
            let size = types.size(e.ty)?;
            let (lo, hi) = match (size, types.is_unsigned(e.ty)) {
                (8, true) => (0.0, 18446744073709551616.0),
                (8, false) => (-9223372036854775808.0, 9223372036854775808.0),
                (n, true) => (0.0, (1u64 << (8 * n)) as f64),
                (n, false) => (
                    -((1u64 << (8 * n - 1)) as f64),
                    (1u64 << (8 * n - 1)) as f64,
                ),
            };
            if !(v >= lo && v < hi) {
                return None;
            }
            let i = if types.is_unsigned(e.ty) {
                v as u64 as i64
            } else {
                v as i64
            };
            Int(wrap(types, e.ty, i))
        }
        ExprKind::Cast(x) => {
            if types.is_void(e.ty) || types.is_float(e.ty) || types.is_float(x.ty) {
                return None;
            }
            match eval(types, x)? {
                Int(v) => Int(wrap(types, e.ty, v)),
                a => {
                    // address kept through pointer/int casts of pointer width
                    if types.size(e.ty)? < 4 && !matches!(types.kind(e.ty), TypeKind::Bool) {
                        return None;
                    }
                    if matches!(types.kind(e.ty), TypeKind::Bool) {
                        return Some(Int(1));
                    }
                    a
                }
            }
        }
        ExprKind::Decay(x) | ExprKind::AddrOf(x) => addr_of(types, x)?,
        ExprKind::Unary(UnOp::LogNot, x) if types.is_float(x.ty) => {
            Int((eval_float(types, x)? == 0.0) as i64)
        }
        ExprKind::Unary(op, x) => {
            let v = eval_int(types, x)?;
            Int(wrap(
                types,
                e.ty,
                match op {
                    UnOp::Neg => v.wrapping_neg(),
                    UnOp::BitNot => !v,
                    UnOp::LogNot => (v == 0) as i64,
                },
            ))
        }
        ExprKind::Binary(op, a, b) if types.is_float(a.ty) => {
            let (x, y) = (eval_float(types, a)?, eval_float(types, b)?);
            Int(match op {
                BinOp::Eq => x == y,
                BinOp::Ne => x != y,
                BinOp::Lt => x < y,
                BinOp::Le => x <= y,
                BinOp::Gt => x > y,
                BinOp::Ge => x >= y,
                _ => return None,
            } as i64)
        }
        ExprKind::Binary(op, a, b) => {
            let va = eval(types, a)?;
            let vb = eval(types, b)?;
            match (va, vb) {
                // integer-valued pointers: `&&a - &&b` (label numbers)
                (Int(x), Int(y)) if *op == BinOp::PtrDiff => {
                    if types.is_vla(types.pointee(a.ty)?) {
                        return None;
                    }
                    let sz = types.size(types.pointee(a.ty)?).unwrap_or(1).max(1) as i64;
                    Int(x.wrapping_sub(y) / sz)
                }
                (Int(x), Int(y)) => Int(binop(types, *op, a.ty, e.ty, x, y)?),
                (Addr(s, o), Int(y)) if matches!(op, BinOp::PtrAdd | BinOp::PtrSub) => {
                    let sz = types.size(types.pointee(a.ty)?)? as i64;
                    let d = y.wrapping_mul(sz);
                    Addr(
                        s,
                        if *op == BinOp::PtrAdd {
                            o.wrapping_add(d)
                        } else {
                            o.wrapping_sub(d)
                        },
                    )
                }
                (StrAddr(s, o), Int(y)) if matches!(op, BinOp::PtrAdd | BinOp::PtrSub) => {
                    let sz = types.size(types.pointee(a.ty)?)? as i64;
                    let d = y.wrapping_mul(sz);
                    StrAddr(
                        s,
                        if *op == BinOp::PtrAdd {
                            o.wrapping_add(d)
                        } else {
                            o.wrapping_sub(d)
                        },
                    )
                }
                (Addr(s, o), Int(y)) if matches!(op, BinOp::Add | BinOp::Sub) => Addr(
                    s,
                    if *op == BinOp::Add {
                        o.wrapping_add(y)
                    } else {
                        o.wrapping_sub(y)
                    },
                ),
                (Int(x), Addr(s, o)) if *op == BinOp::Add => Addr(s, o.wrapping_add(x)),
                (Addr(s1, o1), Addr(s2, o2)) if *op == BinOp::PtrDiff && s1 == s2 => {
                    let sz = types.size(types.pointee(a.ty)?)?.max(1) as i64;
                    Int((o1 - o2) / sz)
                }
                _ => return None,
            }
        }
        ExprKind::LogAnd(a, b) => {
            let x = eval(types, a)?;
            if x == Int(0) {
                Int(0)
            } else {
                Int((eval_int(types, b)? != 0) as i64)
            }
        }
        ExprKind::LogOr(a, b) => {
            let x = eval(types, a)?;
            if x != Int(0) {
                Int(1)
            } else {
                Int((eval_int(types, b)? != 0) as i64)
            }
        }
        ExprKind::Cond(c, a, b) => {
            let c = eval(types, c)?;
            if c != Int(0) {
                eval(types, a)?
            } else {
                eval(types, b)?
            }
        }
        ExprKind::Comma(_, _) => return None,
        _ => return None,
    })
}

/// Evaluates an arithmetic constant expression of floating type (C99
/// §6.6p8, for static initializers), bit-exactly as the target computes it
/// (FLT_EVAL_METHOD 0): each operation rounded to nearest, ties to even,
/// in its own type. The result is an `f64`; for a `float` expression it
/// holds a binary32 value exactly. None if not constant.
pub fn eval_float(types: &Types, e: &Expr) -> Option<f64> {
    let single = matches!(types.kind(e.ty), TypeKind::Float);
    Some(match &e.kind {
        ExprKind::Float(v) => *v,
        ExprKind::Cast(x) if types.is_float(x.ty) => {
            let v = eval_float(types, x)?;
            if single {
                v as f32 as f64
            } else {
                v
            }
        }
        ExprKind::Cast(x) if types.is_integer(x.ty) => {
            let i = eval_int(types, x)?;
            // directly from the integer: one rounding
            let uns = types.is_unsigned(x.ty) && types.size(x.ty) == Some(8);
            match (single, uns) {
                (true, true) => (i as u64 as f32) as f64,
                (true, false) => (i as f32) as f64,
                (false, true) => i as u64 as f64,
                (false, false) => i as f64,
            }
        }
        ExprKind::Unary(UnOp::Neg, x) => -eval_float(types, x)?,
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (eval_float(types, a)?, eval_float(types, b)?);
            let op = match op {
                BinOp::Add => FBinaryOp::Add,
                BinOp::Sub => FBinaryOp::Sub,
                BinOp::Mul => FBinaryOp::Mul,
                BinOp::Div => FBinaryOp::Div,
                _ => return None,
            };
            // the IR's arithmetic: a NaN result has the runtime's bits
            if single {
                let (x, y) = ((x as f32).to_bits() as u64, (y as f32).to_bits() as u64);
                f32::from_bits(ir_eval::fbinary(op, IrType::F32, x, y) as u32) as f64
            } else {
                f64::from_bits(ir_eval::fbinary(op, IrType::F64, x.to_bits(), y.to_bits()))
            }
        }
        ExprKind::Cond(c, a, b) => {
            let c = if types.is_float(c.ty) {
                eval_float(types, c)? != 0.0
            } else {
                eval(types, c)? != CVal::Int(0)
            };
            eval_float(types, if c { a } else { b })?
        }
        _ => return None,
    })
}

fn addr_of(types: &Types, e: &Expr) -> Option<CVal> {
    match &e.kind {
        ExprKind::Global(s) => Some(CVal::Addr(*s, 0)),
        ExprKind::Str(b) => Some(CVal::StrAddr(b.clone(), 0)),
        ExprKind::Member {
            base,
            offset,
            bits: None,
        } => match addr_of(types, base)? {
            CVal::Addr(s, o) => Some(CVal::Addr(s, o + *offset as i64)),
            CVal::StrAddr(s, o) => Some(CVal::StrAddr(s, o + *offset as i64)),
            _ => None,
        },
        ExprKind::Deref(p) => eval(types, p),
        // a file-scope compound literal is a static object of its own
        ExprKind::CompoundLit(obj, _) => match obj.kind {
            ExprKind::Global(s) => Some(CVal::Addr(s, 0)),
            _ => None,
        },
        _ => None,
    }
}

/// Folds a binary operation on integer constants; `opnd` is the operand
/// type, `res` the result type. None on division by zero.
pub fn binop(types: &Types, op: BinOp, opnd: TypeId, res: TypeId, x: i64, y: i64) -> Option<i64> {
    let uns = types.is_unsigned(opnd);
    let size = types.size(opnd).unwrap_or(4);
    let bits = (size * 8) as u32;
    let ux = if bits == 64 {
        x as u64
    } else {
        (x as u64) & ((1u64 << bits) - 1)
    };
    let uy = if bits == 64 {
        y as u64
    } else {
        (y as u64) & ((1u64 << bits) - 1)
    };
    let v = match op {
        BinOp::Add | BinOp::PtrAdd => x.wrapping_add(y),
        BinOp::Sub | BinOp::PtrSub => x.wrapping_sub(y),
        BinOp::Mul => x.wrapping_mul(y),
        BinOp::Div => {
            if y == 0 {
                return None;
            }
            if uns {
                (ux / uy) as i64
            } else {
                x.wrapping_div(y)
            }
        }
        BinOp::Rem => {
            if y == 0 {
                return None;
            }
            if uns {
                (ux % uy) as i64
            } else {
                x.wrapping_rem(y)
            }
        }
        BinOp::Shl => x.wrapping_shl((y as u32) & 63),
        BinOp::Shr => {
            if uns {
                (ux >> ((y as u32) & 63)) as i64
            } else {
                x >> ((y as u32) & 63)
            }
        }
        BinOp::And => x & y,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
        BinOp::Eq => (x == y) as i64,
        BinOp::Ne => (x != y) as i64,
        BinOp::Lt => {
            if uns {
                (ux < uy) as i64
            } else {
                (x < y) as i64
            }
        }
        BinOp::Le => {
            if uns {
                (ux <= uy) as i64
            } else {
                (x <= y) as i64
            }
        }
        BinOp::Gt => {
            if uns {
                (ux > uy) as i64
            } else {
                (x > y) as i64
            }
        }
        BinOp::Ge => {
            if uns {
                (ux >= uy) as i64
            } else {
                (x >= y) as i64
            }
        }
        BinOp::PtrDiff => return None,
    };
    Some(wrap(types, res, v))
}
