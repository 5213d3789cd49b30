//! Members of packed structures (`__attribute__((packed))`,
//! `#pragma pack`) that may sit at addresses their type's alignment does
//! not guarantee: the ST200 traps on a misaligned load or store (ISA-ST200
//! §4.6), so such a member is read and written byte by byte, little-endian.
//!
//! The alignment known for an lvalue ([`Lowerer::access_align`]) is that
//! of its type, except for a member: the alignment known for the object
//! holding it (1 for a packed record) limited by the member's offset.
//! Instruction selection already splits accesses whose address it can see
//! is misaligned (a stack slot or a global plus a constant); these helpers
//! cover every other address (a pointer to a packed structure).

use super::{ir_type, Fx, Lowerer};
use crate::frontend::ast::{Expr, ExprKind};
use crate::frontend::sema::types::TypeId;
use crate::ir::{BinaryOp, ConvOp, InstKind, Type, Value};

impl Lowerer<'_> {
    /// The alignment (bytes) known for the object the lvalue `e` designates.
    pub(super) fn access_align(&self, e: &Expr) -> u64 {
        let types = self.types();
        match &e.kind {
            ExprKind::Member { base, offset, .. } => {
                let mut a = self.access_align(base).min(types.align(base.ty));
                if *offset != 0 {
                    a = a.min(1 << offset.trailing_zeros().min(6));
                }
                a
            }
            _ => types.align(e.ty),
        }
    }

    /// True when `e` is a member of scalar type that may be misaligned for
    /// its loads and stores (`ldh` needs 2 bytes, `ldw` 4; a 64-bit value
    /// is two words).
    pub(super) fn under_aligned(&self, e: &Expr) -> bool {
        matches!(e.kind, ExprKind::Member { bits: None, .. }) && self.member_misaligned(e)
    }

    /// True when `e` is a bit-field whose storage unit may be misaligned
    /// (then `load_bits`/`store_bits` access the unit byte by byte).
    pub(super) fn unit_under_aligned(&self, e: &Expr) -> bool {
        matches!(e.kind, ExprKind::Member { bits: Some(_), .. }) && self.member_misaligned(e)
    }

    fn member_misaligned(&self, e: &Expr) -> bool {
        let types = self.types();
        if !types.is_scalar(e.ty) {
            return false;
        }
        let size = types.size(e.ty).unwrap_or(1);
        size > 1 && self.access_align(e) < size.min(4)
    }

    /// The storage unit of a bit-field (IR type `t`) at `addr`: one load,
    /// or byte loads when `fx.bytewise_units` is set.
    pub(super) fn unit_load(&mut self, fx: &mut Fx, addr: Value, t: Type) -> Value {
        if fx.bytewise_units {
            self.load_bytes(fx, addr, t)
        } else {
            self.push_v(fx, InstKind::Load { ty: t, addr })
        }
    }

    /// Stores a bit-field's storage unit (see [`Lowerer::unit_load`]).
    pub(super) fn unit_store(&mut self, fx: &mut Fx, addr: Value, t: Type, v: Value) {
        if fx.bytewise_units {
            self.store_bytes(fx, addr, t, v);
        } else {
            fx.f.push(
                fx.cur,
                InstKind::Store {
                    ty: t,
                    addr,
                    value: v,
                },
            );
        }
    }

    /// Loads a `ty` at `addr` one byte at a time.
    pub(super) fn load_bytewise(&mut self, fx: &mut Fx, addr: Value, ty: TypeId) -> Value {
        let t = ir_type(self.types(), ty);
        self.load_bytes(fx, addr, t)
    }

    /// Loads an IR `t` at `addr` one byte at a time.
    fn load_bytes(&mut self, fx: &mut Fx, addr: Value, t: Type) -> Value {
        let wide = if t == Type::I64 { Type::I64 } else { Type::I32 };
        let mut acc: Option<Value> = None;
        for k in 0..t.bytes() {
            let a = self.offset(fx, addr, i64::from(k));
            let b = self.push_v(
                fx,
                InstKind::Load {
                    ty: Type::I8,
                    addr: a,
                },
            );
            let b = self.push_v(
                fx,
                InstKind::Convert {
                    op: ConvOp::Zext,
                    from: Type::I8,
                    to: wide,
                    arg: b,
                },
            );
            let part = if k == 0 {
                b
            } else {
                let sh = self.iconst(fx, wide, i64::from(8 * k));
                self.push_v(
                    fx,
                    InstKind::Binary {
                        op: BinaryOp::Shl,
                        ty: wide,
                        args: [b, sh],
                    },
                )
            };
            acc = Some(match acc {
                None => part,
                Some(x) => self.push_v(
                    fx,
                    InstKind::Binary {
                        op: BinaryOp::Or,
                        ty: wide,
                        args: [x, part],
                    },
                ),
            });
        }
        let v = acc.expect("at least one byte");
        if t == wide {
            v
        } else {
            self.push_v(
                fx,
                InstKind::Convert {
                    op: ConvOp::Trunc,
                    from: wide,
                    to: t,
                    arg: v,
                },
            )
        }
    }

    /// Stores the `ty` value `v` at `addr` one byte at a time.
    pub(super) fn store_bytewise(&mut self, fx: &mut Fx, addr: Value, ty: TypeId, v: Value) {
        let t = ir_type(self.types(), ty);
        self.store_bytes(fx, addr, t, v);
    }

    /// Stores the IR `t` value `v` at `addr` one byte at a time.
    fn store_bytes(&mut self, fx: &mut Fx, addr: Value, t: Type, v: Value) {
        for k in 0..t.bytes() {
            let part = if k == 0 {
                v
            } else {
                let sh = self.iconst(fx, t, i64::from(8 * k));
                self.push_v(
                    fx,
                    InstKind::Binary {
                        op: BinaryOp::LShr,
                        ty: t,
                        args: [v, sh],
                    },
                )
            };
            let b = self.push_v(
                fx,
                InstKind::Convert {
                    op: ConvOp::Trunc,
                    from: t,
                    to: Type::I8,
                    arg: part,
                },
            );
            let a = self.offset(fx, addr, i64::from(k));
            fx.f.push(
                fx.cur,
                InstKind::Store {
                    ty: Type::I8,
                    addr: a,
                    value: b,
                },
            );
        }
    }
}
