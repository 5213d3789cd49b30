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
use crate::frontend::ast::{BinOp, Expr, ExprKind};
use crate::frontend::sema::types::{BitField, TypeId};
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
            // an element of an array member: no better aligned than the
            // array (`s.a[i]` with `a` at an odd offset of a packed `s`)
            _ => match element_of(e) {
                Some(arr) => self.access_align(arr).min(types.align(e.ty)),
                None => types.align(e.ty),
            },
        }
    }

    /// True when `e` is a member of scalar type, or an element of an
    /// array member, that may be misaligned for its loads and stores
    /// (`ldh` needs 2 bytes, `ldw` 4; a 64-bit value is two words).
    pub(super) fn under_aligned(&self, e: &Expr) -> bool {
        (matches!(e.kind, ExprKind::Member { bits: None, .. }) || element_of(e).is_some())
            && self.member_misaligned(e)
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
    /// or byte loads when `fx.bytewise_units` is set (volatile ones for a
    /// volatile field).
    pub(super) fn unit_load(&mut self, fx: &mut Fx, addr: Value, t: Type, volatile: bool) -> Value {
        if fx.bytewise_units {
            self.load_bytes(fx, addr, t, t.bytes(), volatile)
        } else {
            self.push_v(fx, load_kind(t, addr, volatile))
        }
    }

    /// Stores a bit-field's storage unit (see [`Lowerer::unit_load`]).
    pub(super) fn unit_store(
        &mut self,
        fx: &mut Fx,
        addr: Value,
        t: Type,
        v: Value,
        volatile: bool,
    ) {
        if fx.bytewise_units {
            self.store_bytes(fx, addr, t, v, volatile);
        } else {
            fx.f.push(fx.cur, store_kind(t, addr, v, volatile));
        }
    }

    /// Loads a `ty` at `addr` one byte at a time (each byte a volatile
    /// load if `ty` is volatile).
    /// A `float` or `double` is assembled as the integer of its size and
    /// reinterpreted through an aligned stack slot (the IR has no bit
    /// cast between integer and floating types).
    pub(super) fn load_bytewise(&mut self, fx: &mut Fx, addr: Value, ty: TypeId) -> Value {
        let t = ir_type(self.types(), ty);
        let volatile = self.types().is_volatile(ty);
        if t.is_float() {
            let bits = self.load_bytes(fx, addr, t.as_int(), t.bytes(), volatile);
            let slot = self.reinterpret_slot(fx, t);
            fx.f.push(fx.cur, store_kind(t.as_int(), slot, bits, false));
            return self.push_v(fx, load_kind(t, slot, false));
        }
        self.load_bytes(fx, addr, t, t.bytes(), volatile)
    }

    /// The address of a fresh stack slot of the size and alignment of the
    /// IR type `t`, made in the entry block.
    fn reinterpret_slot(&mut self, fx: &mut Fx, t: Type) -> Value {
        let s = fx.f.add_slot(t.bytes(), t.bytes());
        let a =
            fx.f.push(fx.entry, InstKind::SlotAddr { slot: s })
                .expect("a slot address is a value");
        super::fix_entry_order(&mut fx.f, fx.entry);
        a
    }

    /// Loads `n` bytes (at most 8) at `addr` one byte at a time into a
    /// little-endian value of IR type `t` (`i64` for more than 4 bytes).
    fn load_bytes(&mut self, fx: &mut Fx, addr: Value, t: Type, n: u32, volatile: bool) -> Value {
        let wide = if t == Type::I64 { Type::I64 } else { Type::I32 };
        let mut acc: Option<Value> = None;
        for k in 0..n {
            let a = self.offset(fx, addr, i64::from(k));
            let b = self.push_v(fx, load_kind(Type::I8, a, volatile));
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
        self.truncate(fx, v, wide, t)
    }

    /// Stores the `ty` value `v` at `addr` one byte at a time (each byte a
    /// volatile store if `ty` is volatile).
    pub(super) fn store_bytewise(&mut self, fx: &mut Fx, addr: Value, ty: TypeId, v: Value) {
        let t = ir_type(self.types(), ty);
        let volatile = self.types().is_volatile(ty);
        if t.is_float() {
            let slot = self.reinterpret_slot(fx, t);
            fx.f.push(fx.cur, store_kind(t, slot, v, false));
            let bits = self.push_v(fx, load_kind(t.as_int(), slot, false));
            self.store_bytes(fx, addr, t.as_int(), bits, volatile);
            return;
        }
        self.store_bytes(fx, addr, t, v, volatile);
    }

    /// Stores the IR `t` value `v` at `addr` one byte at a time.
    fn store_bytes(&mut self, fx: &mut Fx, addr: Value, t: Type, v: Value, volatile: bool) {
        for k in 0..t.bytes() {
            let b = self.byte_of(fx, t, v, 8 * k as i64);
            let a = self.offset(fx, addr, i64::from(k));
            fx.f.push(fx.cur, store_kind(Type::I8, a, b, volatile));
        }
    }

    /// Bits `at .. at + 8` of the `t` value `v` as an `i8` (`at` may be
    /// negative: bits below 0 are zeros).
    fn byte_of(&mut self, fx: &mut Fx, t: Type, v: Value, at: i64) -> Value {
        let part = if at == 0 {
            v
        } else {
            let (op, n) = if at > 0 {
                (BinaryOp::LShr, at)
            } else {
                (BinaryOp::Shl, -at)
            };
            let sh = self.iconst(fx, t, n);
            self.push_v(
                fx,
                InstKind::Binary {
                    op,
                    ty: t,
                    args: [v, sh],
                },
            )
        };
        self.truncate(fx, part, t, Type::I8)
    }

    /// `v` (of IR type `from`) truncated to the narrower `to`; `v` itself
    /// when the types are equal.
    fn truncate(&self, fx: &mut Fx, v: Value, from: Type, to: Type) -> Value {
        if from == to {
            return v;
        }
        self.push_v(
            fx,
            InstKind::Convert {
                op: ConvOp::Trunc,
                from,
                to,
                arg: v,
            },
        )
    }

    /// The working type of a bit-field read through the bytes it spans:
    /// `i64` for a 64-bit declared type or more than 4 bytes, else `i32`.
    fn span_type(&self, ty: TypeId, bf: BitField) -> Type {
        if ir_type(self.types(), ty) == Type::I64 || bf.unit > 4 {
            Type::I64
        } else {
            Type::I32
        }
    }

    /// Reads a bit-field that packing lets straddle the units of its type
    /// ([`BitField::unit`] is then the number of bytes it spans, 1 to 9):
    /// those bytes are loaded one at a time (volatile loads for a volatile
    /// field), assembled little-endian, and the field extracted and
    /// extended to its declared type.
    pub(super) fn load_span(
        &mut self,
        fx: &mut Fx,
        addr: Value,
        ty: TypeId,
        bf: BitField,
    ) -> Value {
        let t = ir_type(self.types(), ty);
        let volatile = self.types().is_volatile(ty);
        let wt = self.span_type(ty, bf);
        let mut acc = self.load_bytes(fx, addr, wt, bf.unit.min(8), volatile);
        let mut shift = bf.shift;
        if bf.unit == 9 {
            // 64 bits at byte 0 and the last byte: align the field to bit 0
            let a = self.offset(fx, addr, 8);
            let b = self.push_v(fx, load_kind(Type::I8, a, volatile));
            let b = self.push_v(
                fx,
                InstKind::Convert {
                    op: ConvOp::Zext,
                    from: Type::I8,
                    to: Type::I64,
                    arg: b,
                },
            );
            let s = self.iconst(fx, Type::I64, i64::from(shift));
            let lo = self.push_v(
                fx,
                InstKind::Binary {
                    op: BinaryOp::LShr,
                    ty: Type::I64,
                    args: [acc, s],
                },
            );
            let s = self.iconst(fx, Type::I64, 64 - i64::from(shift));
            let hi = self.push_v(
                fx,
                InstKind::Binary {
                    op: BinaryOp::Shl,
                    ty: Type::I64,
                    args: [b, s],
                },
            );
            acc = self.push_v(
                fx,
                InstKind::Binary {
                    op: BinaryOp::Or,
                    ty: Type::I64,
                    args: [lo, hi],
                },
            );
            shift = 0;
        }
        let bits = wt.bits();
        let l = self.iconst(fx, wt, i64::from(bits - shift - bf.width));
        let up = self.push_v(
            fx,
            InstKind::Binary {
                op: BinaryOp::Shl,
                ty: wt,
                args: [acc, l],
            },
        );
        let r = self.iconst(fx, wt, i64::from(bits - bf.width));
        let op = if self.types().bitfield_unsigned(ty) {
            BinaryOp::LShr
        } else {
            BinaryOp::AShr
        };
        let v = self.push_v(
            fx,
            InstKind::Binary {
                op,
                ty: wt,
                args: [up, r],
            },
        );
        self.truncate(fx, v, wt, t)
    }

    /// Writes `v` to a bit-field that straddles the units of its type (see
    /// [`Lowerer::load_span`]) one byte at a time: a byte the field covers
    /// whole is stored, a byte it shares with its neighbours is loaded,
    /// merged and stored (volatile accesses for a volatile field).
    pub(super) fn store_span(
        &mut self,
        fx: &mut Fx,
        addr: Value,
        ty: TypeId,
        bf: BitField,
        v: Value,
    ) {
        let t = ir_type(self.types(), ty);
        let volatile = self.types().is_volatile(ty);
        let wt = self.span_type(ty, bf);
        let v = if t == wt {
            v
        } else {
            self.push_v(
                fx,
                InstKind::Convert {
                    op: ConvOp::Zext,
                    from: t,
                    to: wt,
                    arg: v,
                },
            )
        };
        let (shift, width) = (u64::from(bf.shift), u64::from(bf.width));
        let field: u128 = ((1u128 << width) - 1) << shift;
        for k in 0..u64::from(bf.unit) {
            let m = (field >> (8 * k)) as u8;
            let part = self.byte_of(fx, wt, v, 8 * k as i64 - shift as i64);
            let a = self.offset(fx, addr, k as i64);
            let b = if m == 0xff {
                part
            } else {
                let old = self.push_v(fx, load_kind(Type::I8, a, volatile));
                let keep = self.iconst(fx, Type::I8, i64::from(!m));
                let kept = self.push_v(
                    fx,
                    InstKind::Binary {
                        op: BinaryOp::And,
                        ty: Type::I8,
                        args: [old, keep],
                    },
                );
                let mk = self.iconst(fx, Type::I8, i64::from(m));
                let new = self.push_v(
                    fx,
                    InstKind::Binary {
                        op: BinaryOp::And,
                        ty: Type::I8,
                        args: [part, mk],
                    },
                );
                self.push_v(
                    fx,
                    InstKind::Binary {
                        op: BinaryOp::Or,
                        ty: Type::I8,
                        args: [kept, new],
                    },
                )
            };
            fx.f.push(fx.cur, store_kind(Type::I8, a, b, volatile));
        }
    }
}

/// The array member `a` when `e` is `a[i]` (`*(a + i)`, `*(i + a)`) or
/// `*a` for an array `a` that is a member of a record.
fn element_of(e: &Expr) -> Option<&Expr> {
    let ExprKind::Deref(p) = &e.kind else {
        return None;
    };
    match &p.kind {
        ExprKind::Binary(BinOp::PtrAdd | BinOp::PtrSub, l, r) => decayed(l).or_else(|| decayed(r)),
        _ => decayed(p),
    }
}

/// `a` when `x` is the decayed array member `a`.
fn decayed(x: &Expr) -> Option<&Expr> {
    match &x.kind {
        ExprKind::Decay(a) if matches!(a.kind, ExprKind::Member { .. }) => Some(a),
        _ => None,
    }
}

/// A load of `t` at `addr`, volatile or not.
fn load_kind(ty: Type, addr: Value, volatile: bool) -> InstKind {
    if volatile {
        InstKind::VolatileLoad { ty, addr }
    } else {
        InstKind::Load { ty, addr }
    }
}

/// A store of the `t` value `value` at `addr`, volatile or not.
fn store_kind(ty: Type, addr: Value, value: Value, volatile: bool) -> InstKind {
    if volatile {
        InstKind::VolatileStore { ty, addr, value }
    } else {
        InstKind::Store { ty, addr, value }
    }
}
