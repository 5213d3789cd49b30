//! `va_arg(ap, T)` (C99 7.15.1.1) over the ST200 argument words.
//!
//! A `va_list` is the address of the next argument word. The variadic
//! callee dumps `$r16`…`$r23` just below its incoming stack arguments
//! (ISA-ST200 §7.3), so every argument, named or not, sits in one
//! contiguous sequence of 4-byte words laid out as the caller passed them
//! (§7.2): a 64-bit scalar, or a struct whose alignment is 8 or more,
//! starts on an even word (the same rule as `layout_args` in the
//! instruction selector, so caller and callee agree); any other argument
//! starts on the next word; an argument takes `ceil(size / 4)` words.
//!
//! A scalar is loaded from its words. A struct or union is copied from
//! its words into a stack slot of its own alignment (its words are only
//! 8-byte aligned, and the copy keeps the value apart from the argument
//! area); the expression's value is that slot's address, as for every
//! struct rvalue.

use super::{fix_entry_order, Fx, Lowerer};
use crate::frontend::ast::Expr;
use crate::frontend::sema::types::TypeId;
use crate::ir::{BinaryOp, InstKind, Type, Value};

/// Bytes of an argument word (ISA-ST200 §7.2).
const WORD: u64 = 4;

impl Lowerer<'_> {
    /// `va_arg(ap, ty)`: the argument's value (a struct's address) and `ap`
    /// advanced past its words.
    pub(super) fn va_arg(&mut self, fx: &mut Fx, ap: &Expr, ty: TypeId) -> Value {
        let types = self.types();
        let size = types.size(ty).unwrap_or(WORD);
        let record = types.is_record(ty);
        let align = types.align(ty);
        // 64-bit scalars and structs aligned to 8 or more start on an even word
        let even = if record { align >= 8 } else { size == 8 };
        let a = self.lvalue(fx, ap);
        let p = self.push_v(
            fx,
            InstKind::Load {
                ty: Type::I32,
                addr: a,
            },
        );
        let p = if even {
            let seven = self.iconst(fx, Type::I32, 7);
            let q = self.push_v(
                fx,
                InstKind::Binary {
                    op: BinaryOp::Add,
                    ty: Type::I32,
                    args: [p, seven],
                },
            );
            let m = self.iconst(fx, Type::I32, -8);
            self.push_v(
                fx,
                InstKind::Binary {
                    op: BinaryOp::And,
                    ty: Type::I32,
                    args: [q, m],
                },
            )
        } else {
            p
        };
        let v = if record {
            let slot = fx.f.add_slot(size.max(1) as u32, align.max(1) as u32);
            let t = fx.f.push(fx.entry, InstKind::SlotAddr { slot }).expect("v");
            fix_entry_order(&mut fx.f, fx.entry);
            if size > 0 {
                fx.f.push(
                    fx.cur,
                    InstKind::MemCopy {
                        dst: t,
                        src: p,
                        size: size as u32,
                    },
                );
            }
            t
        } else {
            self.load(fx, p, ty)
        };
        let words = size.div_ceil(WORD);
        let step = self.iconst(fx, Type::I32, (words * WORD) as i64);
        let np = self.push_v(
            fx,
            InstKind::Binary {
                op: BinaryOp::Add,
                ty: Type::I32,
                args: [p, step],
            },
        );
        fx.f.push(
            fx.cur,
            InstKind::Store {
                ty: Type::I32,
                addr: a,
                value: np,
            },
        );
        v
    }
}
