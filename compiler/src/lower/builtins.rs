//! Lowering of the integer builtins ([`BuiltinOp`]: `__builtin_clz`,
//! `ctz`, `popcount`, `parity`, `ffs` and their `l`/`ll` forms,
//! `bswap16/32/64`, `abs`/`labs`/`llabs`) to IR.
//!
//! Design: the IR has two one-operand `i32` operations for what the
//! ST200 does in one instruction (ISA-ST200 §4.2), [`UnaryOp::Clz`] and
//! [`UnaryOp::Bswap`]; everything else is expanded here into ordinary IR
//! arithmetic, so the interpreter, constant folding and instruction
//! selection need nothing more:
//!
//! - `ctz(x) = 31 − clz(x & −x)`, `ffs(x) = 32 − clz(x & −x)` (0 for 0);
//! - `popcount` is the usual SWAR sum of bit fields, `parity` its low bit;
//! - 64-bit forms combine the two halves without branches (a mask
//!   `−(half == 0)` chooses);
//! - `bswap16(x) = bswap(x) >> 16`, `bswap64` swaps the halves' `bswap`s;
//! - `abs(x) = (x ^ s) − s` with `s = x >> (width − 1)` arithmetic.
//!
//! `clz(0)` and `ctz(0)` are undefined in C; here they give 32 (64) and
//! −1 (31 for the 64-bit form) and never trap.

use super::{ir_type, Fx, Lowerer};
use crate::frontend::ast::{BuiltinOp, Expr};
use crate::frontend::sema::types::TypeId;
use crate::ir::{BinaryOp, Cond, ConvOp, InstKind, Type, UnaryOp, Value};

impl Lowerer<'_> {
    /// Lowers `op(x)` with result C type `rty`.
    pub(super) fn int_builtin(
        &mut self,
        fx: &mut Fx,
        op: BuiltinOp,
        x: &Expr,
        rty: TypeId,
    ) -> Option<Value> {
        let v = self.expr(fx, x)?;
        let ty = fx.f.value_type(v);
        let r = match (op, ty) {
            (BuiltinOp::Wrap { bits, signed }, t) => {
                let sh = self.iconst(fx, t, i64::from(t.bits()) - i64::from(bits));
                let up = self.bin(fx, BinaryOp::Shl, t, v, sh);
                let down = if signed {
                    BinaryOp::AShr
                } else {
                    BinaryOp::LShr
                };
                self.bin(fx, down, t, up, sh)
            }
            (BuiltinOp::Abs, t) => {
                let sh = self.iconst(fx, t, i64::from(t.bits()) - 1);
                let s = self.bin(fx, BinaryOp::AShr, t, v, sh);
                let x = self.bin(fx, BinaryOp::Xor, t, v, s);
                self.bin(fx, BinaryOp::Sub, t, x, s)
            }
            (BuiltinOp::Bswap, Type::I16) => {
                let w = self.conv(fx, ConvOp::Zext, Type::I16, Type::I32, v);
                let b = self.un(fx, UnaryOp::Bswap, w);
                let sh = self.iconst(fx, Type::I32, 16);
                let b = self.bin(fx, BinaryOp::LShr, Type::I32, b, sh);
                self.conv(fx, ConvOp::Trunc, Type::I32, Type::I16, b)
            }
            (BuiltinOp::Bswap, Type::I64) => {
                let (lo, hi) = self.halves(fx, v);
                let nlo = self.un(fx, UnaryOp::Bswap, hi);
                let nhi = self.un(fx, UnaryOp::Bswap, lo);
                let nlo = self.conv(fx, ConvOp::Zext, Type::I32, Type::I64, nlo);
                let nhi = self.conv(fx, ConvOp::Zext, Type::I32, Type::I64, nhi);
                let sh = self.iconst(fx, Type::I64, 32);
                let nhi = self.bin(fx, BinaryOp::Shl, Type::I64, nhi, sh);
                self.bin(fx, BinaryOp::Or, Type::I64, nhi, nlo)
            }
            (_, Type::I64) => {
                let (lo, hi) = self.halves(fx, v);
                self.bits64(fx, op, lo, hi)
            }
            _ => self.bits32(fx, op, v),
        };
        let want = ir_type(self.types(), rty);
        let have = fx.f.value_type(r);
        Some(if want == have {
            r
        } else if want.bits() < have.bits() {
            self.conv(fx, ConvOp::Trunc, have, want, r)
        } else {
            self.conv(fx, ConvOp::Zext, have, want, r)
        })
    }

    /// `op` on an `i32` value (not `Abs` or `Bswap` of another width).
    fn bits32(&mut self, fx: &mut Fx, op: BuiltinOp, v: Value) -> Value {
        let t = Type::I32;
        match op {
            BuiltinOp::Clz => self.un(fx, UnaryOp::Clz, v),
            BuiltinOp::Bswap => self.un(fx, UnaryOp::Bswap, v),
            BuiltinOp::Ctz | BuiltinOp::Ffs => {
                let n = self.un(fx, UnaryOp::Neg, v);
                let low = self.bin(fx, BinaryOp::And, t, v, n);
                let z = self.un(fx, UnaryOp::Clz, low);
                let k = self.iconst(fx, t, if op == BuiltinOp::Ctz { 31 } else { 32 });
                self.bin(fx, BinaryOp::Sub, t, k, z)
            }
            BuiltinOp::Popcount => self.popcount32(fx, v),
            BuiltinOp::Parity => {
                let p = self.popcount32(fx, v);
                let one = self.iconst(fx, t, 1);
                self.bin(fx, BinaryOp::And, t, p, one)
            }
            BuiltinOp::Abs | BuiltinOp::Wrap { .. } => unreachable!("handled by int_builtin"),
        }
    }

    /// `op` on a 64-bit value given as its `i32` halves; an `i32` result.
    fn bits64(&mut self, fx: &mut Fx, op: BuiltinOp, lo: Value, hi: Value) -> Value {
        let t = Type::I32;
        match op {
            BuiltinOp::Clz => {
                // clz(hi) + (hi == 0 ? clz(lo) : 0); clz(0) is 32
                let zh = self.un(fx, UnaryOp::Clz, hi);
                let zl = self.un(fx, UnaryOp::Clz, lo);
                let m = self.zero_mask(fx, hi);
                let zl = self.bin(fx, BinaryOp::And, t, zl, m);
                self.bin(fx, BinaryOp::Add, t, zh, zl)
            }
            BuiltinOp::Ctz | BuiltinOp::Ffs => {
                // the half holding the lowest set bit: lo unless lo == 0
                let m = self.zero_mask(fx, lo);
                let keep = self.un(fx, UnaryOp::Not, m);
                let a = self.bin(fx, BinaryOp::And, t, lo, keep);
                let b = self.bin(fx, BinaryOp::And, t, hi, m);
                let w = self.bin(fx, BinaryOp::Or, t, a, b);
                let r = self.bits32(fx, op, w);
                let k32 = self.iconst(fx, t, 32);
                let mut add = self.bin(fx, BinaryOp::And, t, m, k32);
                if op == BuiltinOp::Ffs {
                    // ffs of 0 stays 0
                    let z = self.zero_mask(fx, w);
                    let nz = self.un(fx, UnaryOp::Not, z);
                    add = self.bin(fx, BinaryOp::And, t, add, nz);
                }
                self.bin(fx, BinaryOp::Add, t, r, add)
            }
            BuiltinOp::Popcount => {
                let a = self.popcount32(fx, lo);
                let b = self.popcount32(fx, hi);
                self.bin(fx, BinaryOp::Add, t, a, b)
            }
            BuiltinOp::Parity => {
                let x = self.bin(fx, BinaryOp::Xor, t, lo, hi);
                self.bits32(fx, BuiltinOp::Parity, x)
            }
            BuiltinOp::Bswap | BuiltinOp::Abs | BuiltinOp::Wrap { .. } => {
                unreachable!("handled by int_builtin")
            }
        }
    }

    /// Bits set in an `i32` (SWAR: pairs, nibbles, bytes, then a multiply
    /// adds the four byte counts into the top byte).
    fn popcount32(&mut self, fx: &mut Fx, v: Value) -> Value {
        let t = Type::I32;
        let k = |s: &mut Self, fx: &mut Fx, c: u32| s.iconst(fx, t, i64::from(c as i32));
        let one = k(self, fx, 1);
        let m1 = k(self, fx, 0x5555_5555);
        let a = self.bin(fx, BinaryOp::LShr, t, v, one);
        let a = self.bin(fx, BinaryOp::And, t, a, m1);
        let x = self.bin(fx, BinaryOp::Sub, t, v, a);
        let two = k(self, fx, 2);
        let m2 = k(self, fx, 0x3333_3333);
        let a = self.bin(fx, BinaryOp::And, t, x, m2);
        let b = self.bin(fx, BinaryOp::LShr, t, x, two);
        let b = self.bin(fx, BinaryOp::And, t, b, m2);
        let x = self.bin(fx, BinaryOp::Add, t, a, b);
        let four = k(self, fx, 4);
        let m4 = k(self, fx, 0x0f0f_0f0f);
        let a = self.bin(fx, BinaryOp::LShr, t, x, four);
        let x = self.bin(fx, BinaryOp::Add, t, x, a);
        let x = self.bin(fx, BinaryOp::And, t, x, m4);
        let ones = k(self, fx, 0x0101_0101);
        let x = self.bin(fx, BinaryOp::Mul, t, x, ones);
        let sh = k(self, fx, 24);
        self.bin(fx, BinaryOp::LShr, t, x, sh)
    }

    /// `−(v == 0)`: all ones when the `i32` `v` is zero, else 0.
    fn zero_mask(&mut self, fx: &mut Fx, v: Value) -> Value {
        let z = self.iconst(fx, Type::I32, 0);
        let c = self.push_v(
            fx,
            InstKind::Icmp {
                cond: Cond::Eq,
                ty: Type::I32,
                args: [v, z],
            },
        );
        self.un(fx, UnaryOp::Neg, c)
    }

    /// The low and high `i32` halves of an `i64`.
    fn halves(&mut self, fx: &mut Fx, v: Value) -> (Value, Value) {
        let lo = self.conv(fx, ConvOp::Trunc, Type::I64, Type::I32, v);
        let sh = self.iconst(fx, Type::I64, 32);
        let h = self.bin(fx, BinaryOp::LShr, Type::I64, v, sh);
        let hi = self.conv(fx, ConvOp::Trunc, Type::I64, Type::I32, h);
        (lo, hi)
    }

    fn bin(&mut self, fx: &mut Fx, op: BinaryOp, ty: Type, a: Value, b: Value) -> Value {
        self.push_v(
            fx,
            InstKind::Binary {
                op,
                ty,
                args: [a, b],
            },
        )
    }

    /// A one-operand operation on a value of its own type.
    fn un(&mut self, fx: &mut Fx, op: UnaryOp, arg: Value) -> Value {
        let ty = fx.f.value_type(arg);
        self.push_v(fx, InstKind::Unary { op, ty, arg })
    }

    fn conv(&mut self, fx: &mut Fx, op: ConvOp, from: Type, to: Type, arg: Value) -> Value {
        self.push_v(fx, InstKind::Convert { op, from, to, arg })
    }
}
