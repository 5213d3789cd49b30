//! Algebraic simplification and strength reduction (docs/src/design/architecture.md §4
//! "strength reduction"; S3 slides 43–44 constant folding).
//!
//! * Range checks: `(x ≥ lo) & (x ≤ hi)` (signed or unsigned, strict
//!   bounds adjusted) becomes `(x − lo) ≤u (hi − lo)`, one compare.
//! * Folding and identities: constant operands are folded with the
//!   interpreter's semantics; `x+0`, `x-0`, `x|0`, `x^0`, `x*1`, `x&~0`,
//!   shifts by a multiple of the width, `x/1`, `x&x`, `x|x` give `x`;
//!   `x*0`, `x&0`, `x-x`, `x^x`, `x%1`, `x%-1` give 0; `x/-1` is `-x`;
//!   `-(-x)`, `~~x` give `x`; `icmp x, x` is a constant; `(a ^ b) == 0`
//!   is `a == b` (and `!=`), and for single bits `a`, `b` (`x & 1`)
//!   `(a ^ b) == 1` is `a != b`; `(a ^ c1) >> c` is
//!   `(a >> c) ^ (c1 >> c)`; with the high bits of `y` known zero
//!   (zero extensions, shifts right, `and`/`or`/`xor` of them),
//!   `zext(trunc(y))` is `y`, `y & c` is `y` when `c` keeps every bit `y`
//!   may have, and `(s ^ c1) | c` is `s ^ (c1 ^ c)` when `c` only has bits
//!   known zero; constants of
//!   `(x op c1) op c2` are re-associated (`op` ∈ add/sub, mul, and, or, xor);
//!   on `i32`, constant offsets move outward — `(a + c1) + y` becomes
//!   `(a + y) + c1`, `(a + c1) << k` becomes `(a << k) + (c1 << k)` and
//!   `(a + c1)·2^k` becomes `a·2^k + c1·2^k` —
//!   so that neighbouring addresses `p + (i + j)·s` share `p + i·s` (value
//!   numbering merges it) and the constant lands in the load or store's
//!   offset.
//! * Multiplications of `i32` by constants become shifts and adds when the
//!   sequence has at most two ST200 operations, counting `(a<<k)+b` with
//!   k ∈ 1..4 as one (`sh1add`–`sh4add`, ISA-ST200 §4.1); a `mul32` has
//!   latency 3 (§4.5, §5), a shift or an add 1. Multiplications by 3, 5, 9
//!   and 17 are left to instruction selection, which already emits
//!   `shNadd x, x` for them.
//! * Divisions and remainders of `i32` by constants: unsigned powers of two
//!   become `lshr`/`and`; signed powers of two the biased-shift sequence
//!   (add `2^k−1` to negative dividends, then shift arithmetically);
//!   other divisors a multiplication by a "magic number" with
//!   [`BinaryOp::MulHu`]/[`BinaryOp::MulHs`] followed by shifts
//!   (Granlund and Montgomery's method, derived in [`magic_unsigned`] and
//!   [`magic_signed`]). Remainders are `x − q·d`. `i64` divisions stay
//!   (they call the runtime helpers).

use super::simplify_cfg::{def_inst, replace_uses};
use super::Stats;
use crate::ir::eval::{self, mask, sext};
use crate::ir::{
    BinaryOp, Block, Cond, ConvOp, Function, Inst, InstData, InstKind, Type, UnaryOp, Value,
    ValueData, ValueDef,
};

/// Magic multiplier for unsigned 32-bit division by `d` (2 ≤ d, not a
/// power of two): `(m, p)` such that `⌊x/d⌋ = ⌊x·m / 2^p⌋` for every
/// `0 ≤ x < 2^32`. `m` may need 33 bits.
///
/// Derivation: with `m = ⌈2^p/d⌉` and error `e = m·d − 2^p` (`0 ≤ e < d`),
/// `x·m/2^p = x/d + x·e/(d·2^p)`. When `e ≤ 2^(p−32)`, `x·e < 2^p`, so the
/// extra term is below `1/d` and cannot reach the next multiple of `1/d`
/// above `x/d`: the floors agree. `p = 32 + ⌈log2 d⌉` always satisfies the
/// condition (`e < d ≤ 2^(p−32)`); the smallest `p ≥ 32` that does is taken.
pub fn magic_unsigned(d: u32) -> (u64, u32) {
    let d = d as u128;
    for p in 32..=64u32 {
        let two_p = 1u128 << p;
        let m = two_p.div_ceil(d);
        let e = m * d - two_p;
        if e <= 1u128 << (p - 32) {
            return (m as u64, p);
        }
    }
    // unreachable for d ≥ 2: p = 32 + ⌈log2 d⌉ ≤ 64 qualifies
    ((1u128 << 64).div_ceil(d) as u64, 64)
}

/// Magic multiplier for signed 32-bit division by `d` (3 ≤ d < 2^31, not
/// a power of two): `(m, s)` with `m < 2^32` such that, with `p = 32 + s`,
/// `trunc(x/d) = ⌊x·m / 2^p⌋ + (x < 0)` for every 32-bit signed `x`.
///
/// Derivation: `m = ⌈2^p/d⌉`, `e = m·d − 2^p`, `0 < e` (d has an odd
/// factor, so it does not divide `2^p`). If `e ≤ 2^(p−31)`: for
/// `0 ≤ x < 2^31`, `x·e < 2^p`, and the floors agree as in the unsigned
/// case. For `x = −y`, `1 ≤ y ≤ 2^31`: `y·m/2^p = y/d + y·e/(d·2^p)`
/// with `0 < y·e/(d·2^p) ≤ 1/d`, so `⌈y·m/2^p⌉ = ⌊y/d⌋ + 1`, and
/// `⌊−y·m/2^p⌋ + 1 = −⌊y/d⌋ = trunc(x/d)`. `p = 31 + ⌈log2 d⌉` qualifies,
/// and then `m < 2^32`.
pub fn magic_signed(d: u32) -> (u64, u32) {
    let d = d as u128;
    for p in 32..=63u32 {
        let two_p = 1u128 << p;
        let m = two_p.div_ceil(d);
        let e = m * d - two_p;
        if e <= 1u128 << (p - 31) {
            return (m as u64, p - 32);
        }
    }
    ((1u128 << 63).div_ceil(d) as u64, 31)
}

/// Emits instructions before the one being simplified.
struct Ctx<'a> {
    f: &'a mut Function,
    block: Block,
    out: Vec<Inst>,
    loc: Option<(u32, u32)>,
    /// Reads of each value when the pass started (values made since: 0).
    uses: &'a [u32],
}

/// How many times each value of `f` is read.
fn use_counts(f: &Function) -> Vec<u32> {
    let mut n = vec![0u32; f.values.len()];
    for b in &f.layout {
        for i in &f.blocks[b.index()].insts {
            for v in f.insts[i.index()].kind.operands() {
                n[v.index()] += 1;
            }
        }
    }
    n
}

impl Ctx<'_> {
    fn emit(&mut self, kind: InstKind) -> Value {
        let inst = Inst(self.f.insts.len() as u32);
        let ty = kind.result_type().unwrap_or(Type::I32);
        let v = Value(self.f.values.len() as u32);
        self.f.values.push(ValueData {
            ty,
            def: ValueDef::Inst(inst),
        });
        self.f.insts.push(InstData {
            kind,
            result: Some(v),
            block: self.block,
            loc: self.loc,
        });
        self.out.push(inst);
        v
    }
    fn k(&mut self, ty: Type, c: i64) -> Value {
        self.emit(InstKind::Iconst {
            ty,
            imm: sext(mask(c as u64, ty), ty),
        })
    }
    fn bin(&mut self, op: BinaryOp, ty: Type, a: Value, b: Value) -> Value {
        self.emit(InstKind::Binary {
            op,
            ty,
            args: [a, b],
        })
    }
    fn binc(&mut self, op: BinaryOp, a: Value, c: i64) -> Value {
        let k = self.k(Type::I32, c);
        self.bin(op, Type::I32, a, k)
    }
    fn neg(&mut self, a: Value) -> Value {
        self.emit(InstKind::Unary {
            op: UnaryOp::Neg,
            ty: Type::I32,
            arg: a,
        })
    }
    /// `(a << k) + a`, which isel turns into `shNadd` for k ∈ 1..4.
    fn shadd(&mut self, a: Value, k: u32) -> Value {
        let t = self.binc(BinaryOp::Shl, a, k as i64);
        self.bin(BinaryOp::Add, Type::I32, t, a)
    }
}

/// How to multiply by a positive constant with shifts and adds, and the
/// number of ST200 operations it costs (`shNadd` counted as one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MulPlan {
    /// `x << k`.
    Shl(u32),
    /// `(x << k) + x`, k ∈ 1..4.
    ShAdd(u32),
    /// `((x << k) + x) << s`.
    ShAddShl(u32, u32),
    /// `t = (x << k1) + x; (t << k2) + t`.
    ShAdd2(u32, u32),
    /// `(x << k) + x`, k ≥ 5 (two operations).
    AddShl(u32),
    /// `(x << k) − x`.
    SubShl(u32),
}

impl MulPlan {
    fn cost(self) -> u32 {
        match self {
            MulPlan::Shl(_) | MulPlan::ShAdd(_) => 1,
            _ => 2,
        }
    }
}

/// The cheapest plan for `x * a` (a ≥ 2), if it costs at most 2 operations.
fn mul_plan(a: u32) -> Option<MulPlan> {
    if a.is_power_of_two() {
        return Some(MulPlan::Shl(a.trailing_zeros()));
    }
    let shadd_k = |m: u32| (1..=4).find(|&k| m == (1 << k) + 1);
    if let Some(k) = shadd_k(a) {
        return Some(MulPlan::ShAdd(k));
    }
    let s = a.trailing_zeros();
    if let Some(k) = shadd_k(a >> s) {
        return Some(MulPlan::ShAddShl(k, s));
    }
    for k1 in 1..=4 {
        let m1 = (1u32 << k1) + 1;
        if a.is_multiple_of(m1) {
            if let Some(k2) = shadd_k(a / m1) {
                return Some(MulPlan::ShAdd2(k1, k2));
            }
        }
    }
    if (a - 1).is_power_of_two() {
        return Some(MulPlan::AddShl((a - 1).trailing_zeros()));
    }
    if a.checked_add(1).is_some_and(|b| b.is_power_of_two()) {
        return Some(MulPlan::SubShl((a + 1).trailing_zeros()));
    }
    None
}

fn emit_plan(cx: &mut Ctx, x: Value, p: MulPlan) -> Value {
    match p {
        MulPlan::Shl(k) => cx.binc(BinaryOp::Shl, x, k as i64),
        MulPlan::ShAdd(k) | MulPlan::AddShl(k) => cx.shadd(x, k),
        MulPlan::ShAddShl(k, s) => {
            let t = cx.shadd(x, k);
            cx.binc(BinaryOp::Shl, t, s as i64)
        }
        MulPlan::ShAdd2(k1, k2) => {
            let t = cx.shadd(x, k1);
            cx.shadd(t, k2)
        }
        MulPlan::SubShl(k) => {
            let t = cx.binc(BinaryOp::Shl, x, k as i64);
            cx.bin(BinaryOp::Sub, Type::I32, t, x)
        }
    }
}

/// `x * c` for an `i32` constant `c` with shifts and adds when that takes
/// at most two operations (three are never better than `mul32`); `None`
/// keeps the multiply. Multiplications by 3, 5, 9, 17 are kept too
/// (instruction selection emits one `shNadd` for them).
fn reduce_mul(cx: &mut Ctx, x: Value, c: i32) -> Option<Value> {
    if c == i32::MIN {
        return Some(cx.binc(BinaryOp::Shl, x, 31));
    }
    let a = c.unsigned_abs();
    if a < 2 {
        return None;
    }
    let p = mul_plan(a)?;
    if c > 0 {
        if matches!(p, MulPlan::ShAdd(_)) {
            return None;
        }
        Some(emit_plan(cx, x, p))
    } else if p.cost() < 2 {
        let t = emit_plan(cx, x, p);
        Some(cx.neg(t))
    } else {
        None
    }
}

/// `x * c` by [`reduce_mul`] or a plain `mul`.
fn mul_const(cx: &mut Ctx, x: Value, c: i32) -> Value {
    match reduce_mul(cx, x, c) {
        Some(v) => v,
        None => cx.binc(BinaryOp::Mul, x, c as i64),
    }
}

/// `trunc(x / 2^k)` for signed `x`, 1 ≤ k ≤ 30: add `2^k − 1` to negative
/// dividends (taken from the sign bits), then shift arithmetically.
/// Returns `(quotient, biased dividend)`.
fn sdiv_pow2(cx: &mut Ctx, x: Value, k: u32) -> (Value, Value) {
    let sign = if k == 1 {
        x
    } else {
        cx.binc(BinaryOp::AShr, x, 31)
    };
    let bias = cx.binc(BinaryOp::LShr, sign, 32 - k as i64);
    let t = cx.bin(BinaryOp::Add, Type::I32, x, bias);
    (cx.binc(BinaryOp::AShr, t, k as i64), t)
}

/// `⌊x / d⌋` for unsigned `x`, 3 ≤ d < 2^31 not a power of two
/// ([`magic_unsigned`]).
fn udiv_magic(cx: &mut Ctx, x: Value, d: u32) -> Value {
    let (m, p) = magic_unsigned(d);
    if m < 1 << 32 {
        let t = cx.binc(BinaryOp::MulHu, x, m as i64);
        if p > 32 {
            cx.binc(BinaryOp::LShr, t, (p - 32) as i64)
        } else {
            t
        }
    } else {
        // 33-bit multiplier: x·m/2^32 = t + x with t = mulhu(x, m − 2^32);
        // ⌊(t + x)/2⌋ = ((x − t) >> 1) + t avoids the carry (t ≤ x)
        let t = cx.binc(BinaryOp::MulHu, x, (m - (1 << 32)) as i64);
        let u = cx.bin(BinaryOp::Sub, Type::I32, x, t);
        let u = cx.binc(BinaryOp::LShr, u, 1);
        let u = cx.bin(BinaryOp::Add, Type::I32, u, t);
        if p > 33 {
            cx.binc(BinaryOp::LShr, u, (p - 33) as i64)
        } else {
            u
        }
    }
}

/// `trunc(x / d)` for signed `x`, 3 ≤ d < 2^31 not a power of two
/// ([`magic_signed`]).
fn sdiv_magic(cx: &mut Ctx, x: Value, d: u32) -> Value {
    let (m, s) = magic_signed(d);
    // m < 2^32; as an i32 it is m − 2^32 when m ≥ 2^31, and then
    // mulhs(x, m − 2^32) = ⌊x·m/2^32⌋ − x
    let mut t = cx.binc(BinaryOp::MulHs, x, m as u32 as i32 as i64);
    if m >= 1 << 31 {
        t = cx.bin(BinaryOp::Add, Type::I32, t, x);
    }
    if s > 0 {
        t = cx.binc(BinaryOp::AShr, t, s as i64);
    }
    let neg = cx.binc(BinaryOp::LShr, x, 31);
    cx.bin(BinaryOp::Add, Type::I32, t, neg)
}

/// Division or remainder of an `i32` by the constant `c` (≠ 0, ±1 handled
/// by the caller). `None` leaves it.
fn reduce_div(cx: &mut Ctx, op: BinaryOp, x: Value, c: i32) -> Option<Value> {
    let u = c as u32;
    Some(match op {
        BinaryOp::UDiv => {
            if u.is_power_of_two() {
                cx.binc(BinaryOp::LShr, x, u.trailing_zeros() as i64)
            } else if u >= 1 << 31 {
                let k = cx.k(Type::I32, c as i64);
                cx.emit(InstKind::Icmp {
                    cond: crate::ir::Cond::Uge,
                    ty: Type::I32,
                    args: [x, k],
                })
            } else {
                udiv_magic(cx, x, u)
            }
        }
        BinaryOp::URem => {
            if u.is_power_of_two() {
                cx.binc(BinaryOp::And, x, (u - 1) as i64)
            } else if u >= 1 << 31 {
                return None;
            } else {
                let q = udiv_magic(cx, x, u);
                let p = mul_const(cx, q, c);
                cx.bin(BinaryOp::Sub, Type::I32, x, p)
            }
        }
        BinaryOp::SDiv => {
            if c == i32::MIN {
                let k = cx.k(Type::I32, c as i64);
                return Some(cx.emit(InstKind::Icmp {
                    cond: crate::ir::Cond::Eq,
                    ty: Type::I32,
                    args: [x, k],
                }));
            }
            let a = c.unsigned_abs();
            let q = if a.is_power_of_two() {
                sdiv_pow2(cx, x, a.trailing_zeros()).0
            } else {
                sdiv_magic(cx, x, a)
            };
            if c < 0 {
                cx.neg(q)
            } else {
                q
            }
        }
        BinaryOp::SRem => {
            if c == i32::MIN {
                return None;
            }
            // the remainder takes the sign of the dividend: x % d = x % |d|
            let a = c.unsigned_abs();
            if a.is_power_of_two() {
                let (_, t) = sdiv_pow2(cx, x, a.trailing_zeros());
                let m = cx.binc(BinaryOp::And, t, -(a as i64));
                cx.bin(BinaryOp::Sub, Type::I32, x, m)
            } else {
                let q = sdiv_magic(cx, x, a);
                let p = mul_const(cx, q, a as i32);
                cx.bin(BinaryOp::Sub, Type::I32, x, p)
            }
        }
        _ => return None,
    })
}

fn assoc(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Add | BinaryOp::Mul | BinaryOp::And | BinaryOp::Or | BinaryOp::Xor
    )
}

/// Which counter a rewrite adds to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Simplified,
    Mul,
    Div,
}

/// The masked constant value of `v`, if it is an `iconst`.
fn cval(f: &Function, v: Value) -> Option<u64> {
    let i = def_inst(f, v)?;
    match f.insts[i.index()].kind {
        InstKind::Iconst { ty, imm } => Some(mask(imm as u64, ty)),
        _ => None,
    }
}

/// Tries to rewrite the instruction `k` (operands already replaced); the
/// result replaces its value.
/// `v = a + c1` (an `i32` add of a constant): `(a, c1)`.
fn add_const(f: &Function, v: Value) -> Option<(Value, u64)> {
    match f.insts[def_inst(f, v)?.index()].kind {
        InstKind::Binary {
            op: BinaryOp::Add,
            ty: Type::I32,
            args: [a, b],
        } => match (cval(f, a), cval(f, b)) {
            (None, Some(c1)) => Some((a, c1)),
            (Some(c1), None) => Some((b, c1)),
            _ => None,
        },
        _ => None,
    }
}

/// One side of a range check: `icmp` of `v` with a constant read as a
/// bound, `(v, bound, is_lower, signed)` with the bound inclusive
/// (`v > c` is `v ≥ c + 1`); `None` for any other compare, or a strict
/// bound that would wrap.
fn range_side(f: &Function, c: Value) -> Option<(Value, i64, bool, bool, Type)> {
    let InstKind::Icmp {
        cond,
        ty,
        args: [a, b],
    } = f.insts[def_inst(f, c)?.index()].kind
    else {
        return None;
    };
    // the variable on the left: `c op v` is `v op' c`
    let (v, k, cond) = match (cval(f, a), cval(f, b)) {
        (None, Some(k)) => (a, k, cond),
        (Some(k), None) => (b, k, cond.swapped()),
        _ => return None,
    };
    let signed = matches!(cond, Cond::Sge | Cond::Sgt | Cond::Sle | Cond::Slt);
    let k = if signed { sext(k, ty) } else { k as i64 };
    let (lo, hi) = if signed {
        (
            sext(mask(i64::MIN as u64, ty), ty),
            sext(mask(u64::MAX >> 1, ty), ty),
        )
    } else {
        (0, mask(u64::MAX, ty) as i64)
    };
    Some(match cond {
        Cond::Sge | Cond::Uge => (v, k, true, signed, ty),
        Cond::Sgt | Cond::Ugt if k < hi => (v, k + 1, true, signed, ty),
        Cond::Sle | Cond::Ule => (v, k, false, signed, ty),
        Cond::Slt | Cond::Ult if k > lo => (v, k - 1, false, signed, ty),
        _ => return None,
    })
}

/// `(v ≥ lo) & (v ≤ hi)` (either order, signed or unsigned, strict or
/// not) with constants `lo ≤ hi` becomes one unsigned compare,
/// `(v − lo) ≤u (hi − lo)` (Hacker's Delight, Warren 2002, §4-1): `v − lo`
/// maps the interval onto `0 ..= hi − lo` and everything else above it.
fn range_check(cx: &mut Ctx, a: Value, b: Value) -> Option<Value> {
    let f = &*cx.f;
    let (x, k1, lower1, s1, t1) = range_side(f, a)?;
    let (y, k2, lower2, s2, t2) = range_side(f, b)?;
    // one value, or two identical extensions of it (value numbering has
    // not merged them yet)
    let same = x == y
        || matches!(
            (def_inst(f, x), def_inst(f, y)),
            (Some(i), Some(j)) if matches!(f.insts[i.index()].kind, InstKind::Convert { .. })
                && f.insts[i.index()].kind == f.insts[j.index()].kind
        );
    if !same || s1 != s2 || t1 != t2 || lower1 == lower2 {
        return None;
    }
    let (lo, hi) = if lower1 { (k1, k2) } else { (k2, k1) };
    let ordered = if s1 {
        lo <= hi
    } else {
        (lo as u64) <= (hi as u64)
    };
    if !ordered || !matches!(t1, Type::I32 | Type::I16 | Type::I8) {
        return None;
    }
    let ty = t1;
    let klo = cx.k(ty, lo);
    let off = cx.bin(BinaryOp::Sub, ty, x, klo);
    let width = cx.k(ty, hi.wrapping_sub(lo));
    Some(cx.emit(InstKind::Icmp {
        cond: Cond::Ule,
        ty,
        args: [off, width],
    }))
}

/// How many high bits of the `i32` value `v` are known to be zero (0 to
/// 32), from its definition: a zero extension from `iN` clears `32 − N`,
/// a logical shift right by `k` adds `k`, an arithmetic one too when the
/// sign bit is known zero; `and` keeps the larger count of its operands,
/// `or`/`xor` the smaller. `depth` bounds the walk.
fn known_zero_high(f: &Function, v: Value, depth: u32) -> u32 {
    if depth == 0 {
        return 0;
    }
    let Some(i) = def_inst(f, v) else { return 0 };
    match f.insts[i.index()].kind {
        InstKind::Iconst { ty: Type::I32, imm } => (imm as u32).leading_zeros(),
        InstKind::Convert {
            op: ConvOp::Zext,
            from,
            to: Type::I32,
            ..
        } if from.bits() < 32 => 32 - from.bits(),
        InstKind::Binary {
            op,
            ty: Type::I32,
            args: [a, b],
        } => {
            let za = known_zero_high(f, a, depth - 1);
            match op {
                BinaryOp::And => za.max(known_zero_high(f, b, depth - 1)),
                BinaryOp::Or | BinaryOp::Xor => za.min(known_zero_high(f, b, depth - 1)),
                BinaryOp::LShr | BinaryOp::AShr => match cval(f, b) {
                    Some(k) if k < 32 && (op == BinaryOp::LShr || za > 0) => {
                        (za + k as u32).min(32)
                    }
                    _ => 0,
                },
                _ => 0,
            }
        }
        _ => 0,
    }
}

/// The bits of an `i32` whose high `kz` bits are known zero that may be set.
fn maybe_set(kz: u32) -> u32 {
    if kz >= 32 {
        0
    } else {
        u32::MAX >> kz
    }
}

/// `v` itself, or `w` when `v` is `zext(trunc(w))` from `i32` through a
/// narrower type back to `i32` (with `true`).
fn through_narrowing(f: &Function, v: Value) -> (Value, bool) {
    if let Some(&InstKind::Convert {
        op: ConvOp::Zext,
        from,
        to: Type::I32,
        arg,
    }) = def_inst(f, v).map(|i| &f.insts[i.index()].kind)
    {
        if let Some(&InstKind::Convert {
            op: ConvOp::Trunc,
            from: Type::I32,
            to,
            arg: w,
        }) = def_inst(f, arg).map(|i| &f.insts[i.index()].kind)
        {
            if to == from {
                return (w, true);
            }
        }
    }
    (v, false)
}

/// `v` is `x & 1` (`i32`): 0 or 1.
fn is_bit(f: &Function, v: Value) -> bool {
    matches!(
        def_inst(f, v).map(|i| &f.insts[i.index()].kind),
        Some(&InstKind::Binary {
            op: BinaryOp::And,
            ty: Type::I32,
            args: [a, b],
        }) if cval(f, a) == Some(1) || cval(f, b) == Some(1)
    )
}

/// Compares of an `i32` exclusive or against 0 or 1 become compares of its
/// operands: `(a ^ b) == 0` is `a == b` and `(a ^ b) != 0` is `a != b`;
/// when `a` and `b` are single bits (`x & 1`), `(a ^ b) == 1` is `a != b`
/// and `(a ^ b) != 1` is `a == b`, also through a narrowing and widening
/// back (`zext(trunc(a ^ b))` keeps the bit). The compare then waits for
/// `a` and `b` only, one operation earlier: in a bit-serial CRC the
/// exclusive or sits on the critical path of every bit. Only where the
/// exclusive or has no other use.
fn compare_of_xor(cx: &mut Ctx, cond: Cond, ty: Type, args: [Value; 2]) -> Option<Value> {
    if !matches!(cond, Cond::Eq | Cond::Ne) || ty != Type::I32 {
        return None;
    }
    let f = &*cx.f;
    for (v, k) in [(args[0], args[1]), (args[1], args[0])] {
        let Some(c) = cval(f, k) else { continue };
        if c > 1 {
            continue;
        }
        let (x, narrowed) = through_narrowing(f, v);
        let Some(&InstKind::Binary {
            op: BinaryOp::Xor,
            ty: Type::I32,
            args: [a, b],
        }) = def_inst(f, x).map(|i| &f.insts[i.index()].kind)
        else {
            continue;
        };
        if (c == 1 || narrowed) && !(is_bit(f, a) && is_bit(f, b)) {
            continue;
        }
        // only when the exclusive or (and its narrowing) then dies: one
        // that stays live (a loop's `x ^= bit; while (x)`) would keep `a`
        // and `b` live beside it
        let once = |v: Value| cx.uses.get(v.index()) == Some(&1);
        let narrowing_once = !narrowed
            || def_inst(f, v)
                .is_some_and(|i| f.insts[i.index()].kind.operands().iter().all(|&t| once(t)));
        if !once(v) || !once(x) || !narrowing_once {
            continue;
        }
        // (a ^ b) == 0 and (a ^ b) != 1 hold exactly when a == b
        let equal = (cond == Cond::Eq) == (c == 0);
        return Some(cx.emit(InstKind::Icmp {
            cond: if equal { Cond::Eq } else { Cond::Ne },
            ty: Type::I32,
            args: [a, b],
        }));
    }
    None
}

fn simplify_inst(cx: &mut Ctx, k: &InstKind) -> Option<(Value, Kind)> {
    use Kind::*;
    if let InstKind::Binary {
        op: BinaryOp::And,
        ty: Type::I32,
        args: [a, b],
    } = *k
    {
        if let Some(v) = range_check(cx, a, b) {
            return Some((v, Simplified));
        }
    }
    let f = &*cx.f;
    match *k {
        InstKind::Binary { op, ty, args } => {
            let (mut x, mut y) = (args[0], args[1]);
            let (mut cxv, mut cyv) = (cval(f, x), cval(f, y));
            if let (Some(a), Some(b)) = (cxv, cyv) {
                let r = eval::binary(op, ty, a, b).ok()?;
                return Some((cx.k(ty, r as i64), Simplified));
            }
            let commutative = assoc(op) || matches!(op, BinaryOp::MulHs | BinaryOp::MulHu);
            if commutative && cxv.is_some() {
                std::mem::swap(&mut x, &mut y);
                std::mem::swap(&mut cxv, &mut cyv);
            }
            let ones = mask(u64::MAX, ty);
            let bits = ty.bits() as u64;
            if x == y {
                match op {
                    BinaryOp::Sub | BinaryOp::Xor => return Some((cx.k(ty, 0), Simplified)),
                    BinaryOp::And | BinaryOp::Or => return Some((x, Simplified)),
                    _ => {}
                }
            }
            // constant offsets outward, so that addresses `p + (i + k)·s`
            // of unrolled or neighbouring accesses share `p + i·s` and the
            // constant folds into the memory operation's offset:
            // (a + c1) + y → (a + y) + c1
            if op == BinaryOp::Add && ty == Type::I32 && cyv.is_none() {
                for (inner, other) in [(x, y), (y, x)] {
                    if let Some((a, c1)) = add_const(f, inner) {
                        if cval(f, other).is_none() {
                            let s = cx.bin(BinaryOp::Add, ty, a, other);
                            let k = cx.k(ty, c1 as i64);
                            return Some((cx.bin(BinaryOp::Add, ty, s, k), Simplified));
                        }
                    }
                }
            }
            let c = cyv?;
            let sc = sext(c, ty);
            // (a + c1) · c → a·c + c1·c (a·c itself strength-reduced)
            if op == BinaryOp::Mul && ty == Type::I32 && (c as u32).is_power_of_two() {
                if let Some((a, c1)) = add_const(f, x) {
                    let m = mul_const(cx, a, c as u32 as i32);
                    let k = cx.k(ty, (c1 as u32).wrapping_mul(c as u32) as i32 as i64);
                    return Some((cx.bin(BinaryOp::Add, ty, m, k), Simplified));
                }
            }
            // (a + c1) << c → (a << c) + (c1 << c)
            if op == BinaryOp::Shl && ty == Type::I32 && c < 32 {
                if let Some((a, c1)) = add_const(f, x) {
                    let sh = cx.binc(BinaryOp::Shl, a, c as i64);
                    let k = cx.k(ty, (c1 << c) as i64);
                    return Some((cx.bin(BinaryOp::Add, ty, sh, k), Simplified));
                }
            }
            if ty == Type::I32 && c < 32 {
                // (a ^ c1) >> c → (a >> c) ^ (c1 >> c): a shift right
                // moves each bit alone (the arithmetic one copies the sign
                // bit, which is a ^ c1's sign bit either way), so the shift
                // of `a` is shared with other shifts of it and the
                // constants meet those of later exclusive ors (left shifts
                // stay: `(a ^ c1) << k` feeds `sh1add`…`sh4add`)
                if let (
                    BinaryOp::LShr | BinaryOp::AShr,
                    Some(&InstKind::Binary {
                        op: BinaryOp::Xor,
                        ty: Type::I32,
                        args: [a, k1],
                    }),
                ) = (op, def_inst(f, x).map(|i| &f.insts[i.index()].kind))
                {
                    if let Some(c1) = cval(f, k1) {
                        let shifted = eval::binary(op, ty, c1, c).ok()?;
                        let sa = cx.binc(op, a, c as i64);
                        let kv = cx.k(ty, shifted as i64);
                        return Some((cx.bin(BinaryOp::Xor, ty, sa, kv), Simplified));
                    }
                }
            }
            if ty == Type::I32 {
                let kz = known_zero_high(f, x, 8);
                // y & c keeping every bit y may have set is y
                if op == BinaryOp::And && (c as u32) & maybe_set(kz) == maybe_set(kz) {
                    return Some((x, Simplified));
                }
                // (s ^ c1) | c with c only in bits known zero: the or
                // cannot meet a set bit, so it is (s ^ c1) ^ c = s ^ (c1 ^ c)
                if op == BinaryOp::Or && (c as u32) & maybe_set(kz) == 0 {
                    if let Some(&InstKind::Binary {
                        op: BinaryOp::Xor,
                        ty: Type::I32,
                        args: [s, k1],
                    }) = def_inst(f, x).map(|i| &f.insts[i.index()].kind)
                    {
                        if let Some(c1) = cval(f, k1) {
                            let kv = cx.k(ty, (c1 ^ c) as u32 as i32 as i64);
                            return Some((cx.bin(BinaryOp::Xor, ty, s, kv), Simplified));
                        }
                    }
                }
            }
            match op {
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Or | BinaryOp::Xor if c == 0 => {
                    return Some((x, Simplified))
                }
                BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr if c % bits == 0 => {
                    return Some((x, Simplified))
                }
                BinaryOp::Mul | BinaryOp::SDiv | BinaryOp::UDiv if c == 1 => {
                    return Some((x, Simplified))
                }
                BinaryOp::And if c == ones => return Some((x, Simplified)),
                BinaryOp::Mul | BinaryOp::And | BinaryOp::MulHs | BinaryOp::MulHu if c == 0 => {
                    return Some((cx.k(ty, 0), Simplified))
                }
                BinaryOp::Or if c == ones => return Some((cx.k(ty, -1), Simplified)),
                BinaryOp::SRem | BinaryOp::URem if c == 1 => {
                    return Some((cx.k(ty, 0), Simplified))
                }
                BinaryOp::SRem if sc == -1 => return Some((cx.k(ty, 0), Simplified)),
                BinaryOp::SDiv if sc == -1 => {
                    let v = cx.emit(InstKind::Unary {
                        op: UnaryOp::Neg,
                        ty,
                        arg: x,
                    });
                    return Some((v, Simplified));
                }
                _ => {}
            }
            // re-association: (a op c1) op c2 → a op (c1 op c2); sub by a
            // constant counts as add of its negation
            let (rop, rc) = if op == BinaryOp::Sub {
                (BinaryOp::Add, mask(c.wrapping_neg(), ty))
            } else {
                (op, c)
            };
            if assoc(rop) {
                if let Some(InstKind::Binary {
                    op: iop,
                    ty: ity,
                    args: iargs,
                }) = def_inst(f, x).map(|i| &f.insts[i.index()].kind)
                {
                    let (iop, ity, iargs) = (*iop, *ity, *iargs);
                    let inner = match (iop, cval(f, iargs[0]), cval(f, iargs[1])) {
                        (o, _, Some(c1)) if o == rop => Some((iargs[0], c1)),
                        (o, Some(c1), _) if o == rop => Some((iargs[1], c1)),
                        (BinaryOp::Sub, _, Some(c1)) if rop == BinaryOp::Add => {
                            Some((iargs[0], mask(c1.wrapping_neg(), ty)))
                        }
                        _ => None,
                    };
                    if let (Some((a, c1)), true) = (inner, ity == ty) {
                        let cc = eval::binary(rop, ty, c1, rc).ok()?;
                        let identity = match rop {
                            BinaryOp::Add | BinaryOp::Or | BinaryOp::Xor => cc == 0,
                            BinaryOp::Mul => cc == 1,
                            _ => cc == ones,
                        };
                        if identity {
                            return Some((a, Simplified));
                        }
                        let kv = cx.k(ty, cc as i64);
                        return Some((cx.bin(rop, ty, a, kv), Simplified));
                    }
                }
            }
            if ty != Type::I32 {
                return None;
            }
            match op {
                BinaryOp::Mul => reduce_mul(cx, x, c as u32 as i32).map(|v| (v, Mul)),
                BinaryOp::SDiv | BinaryOp::UDiv | BinaryOp::SRem | BinaryOp::URem if c != 0 => {
                    reduce_div(cx, op, x, c as u32 as i32).map(|v| (v, Div))
                }
                _ => None,
            }
        }
        InstKind::Unary { op, ty, arg } => {
            if let Some(a) = cval(f, arg) {
                return Some((cx.k(ty, eval::unary(op, ty, a) as i64), Simplified));
            }
            match def_inst(f, arg).map(|i| &f.insts[i.index()].kind) {
                Some(InstKind::Unary {
                    op: o2,
                    ty: t2,
                    arg: inner,
                }) if *o2 == op && *t2 == ty && op != UnaryOp::Clz => Some((*inner, Simplified)),
                _ => None,
            }
        }
        InstKind::Icmp { cond, ty, args } => {
            if args[0] == args[1] {
                return Some((cx.k(Type::I32, eval::icmp_self(cond) as i64), Simplified));
            }
            if let Some(v) = compare_of_xor(cx, cond, ty, args) {
                return Some((v, Simplified));
            }
            let f = &*cx.f;
            let (a, b) = (cval(f, args[0])?, cval(f, args[1])?);
            Some((
                cx.k(Type::I32, eval::icmp(cond, ty, a, b) as i64),
                Simplified,
            ))
        }
        InstKind::Convert { op, from, to, arg } => {
            // zext(trunc(w)) through iN is w when w's bits above N are
            // known zero
            if let (
                ConvOp::Zext,
                Type::I32,
                Some(&InstKind::Convert {
                    op: ConvOp::Trunc,
                    from: Type::I32,
                    to: narrow,
                    arg: w,
                }),
            ) = (op, to, def_inst(f, arg).map(|i| &f.insts[i.index()].kind))
            {
                if narrow == from && known_zero_high(f, w, 8) >= 32 - from.bits() {
                    return Some((w, Simplified));
                }
            }
            let a = cval(f, arg)?;
            Some((cx.k(to, eval::convert(op, from, to, a) as i64), Simplified))
        }
        _ => None,
    }
}

/// Blocks in reverse postorder from the entry, then the unreachable ones.
fn block_order(f: &Function) -> Vec<Block> {
    let n = f.blocks.len();
    let mut order = Vec::new();
    let mut seen = vec![false; n];
    if let Some(&entry) = f.layout.first() {
        let mut stack = vec![(entry, 0usize)];
        seen[entry.index()] = true;
        while let Some((b, i)) = stack.pop() {
            let succ = f.successors(b);
            if i < succ.len() {
                stack.push((b, i + 1));
                let s = succ[i];
                if !seen[s.index()] {
                    seen[s.index()] = true;
                    stack.push((s, 0));
                }
            } else {
                order.push(b);
            }
        }
    }
    order.reverse();
    for &b in &f.layout {
        if !seen[b.index()] {
            order.push(b);
        }
    }
    order
}

/// Runs the pass on `f`. Counters: "multiplies reduced", "divisions
/// reduced", "instructions simplified".
pub fn run(f: &mut Function) -> Stats {
    let mut st = Stats::default();
    let mut repl: Vec<Option<Value>> = vec![None; f.values.len()];
    let uses = use_counts(f);
    let (mut nmul, mut ndiv, mut nsimp) = (0u64, 0u64, 0u64);
    for b in block_order(f) {
        let insts = std::mem::take(&mut f.blocks[b.index()].insts);
        let mut cx = Ctx {
            f,
            block: b,
            out: Vec::with_capacity(insts.len()),
            loc: None,
            uses: &uses,
        };
        for i in insts {
            let resolve = |v: Value| {
                let mut v = v;
                while let Some(Some(w)) = repl.get(v.index()) {
                    v = *w;
                }
                v
            };
            crate::ir::map_operands(&mut cx.f.insts[i.index()].kind, resolve);
            let d = &cx.f.insts[i.index()];
            let (Some(r), kind) = (d.result, d.kind.clone()) else {
                cx.out.push(i);
                continue;
            };
            cx.loc = d.loc;
            let mark = cx.out.len();
            match simplify_inst(&mut cx, &kind) {
                Some((v, what)) if v != r => {
                    if repl.len() < cx.f.values.len() {
                        repl.resize(cx.f.values.len(), None);
                    }
                    repl[r.index()] = Some(v);
                    match what {
                        Kind::Simplified => nsimp += 1,
                        Kind::Mul => nmul += 1,
                        Kind::Div => ndiv += 1,
                    }
                }
                _ => {
                    // nothing (or only dead helpers) emitted: keep as is
                    cx.out.truncate(mark);
                    cx.out.push(i);
                }
            }
        }
        let out = cx.out;
        f.blocks[b.index()].insts = out;
    }
    repl.resize(f.values.len(), None);
    replace_uses(f, &repl);
    st.add("multiplies reduced", nmul);
    st.add("divisions reduced", ndiv);
    st.add("instructions simplified", nsimp);
    st
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ir::{verify_function, Module};

    use crate::opt::testutil::module;

    use crate::opt::testutil::exit_code;

    fn count_ops(f: &Function, pred: impl Fn(&InstKind) -> bool) -> usize {
        f.layout
            .iter()
            .flat_map(|b| f.blocks[b.index()].insts.iter())
            .filter(|i| pred(&f.insts[i.index()].kind))
            .count()
    }

    #[test]
    fn magic_numbers_match_hackers_delight_tables() {
        // Independent source: the magic numbers commonly tabulated for
        // 32-bit division (Hacker's Delight, Table 10-1 / 10-2):
        // signed 3 → 0x55555556, s=0; 5 → 0x66666667, s=1;
        // 7 → 0x92492493, s=2 (needs the add); unsigned 3 → 0xAAAAAAAB,
        // p=33; 7 → 0x124924925 (33 bits), p=35; 10 → 0xCCCCCCCD, p=35.
        assert_eq!(magic_signed(3), (0x5555_5556, 0));
        assert_eq!(magic_signed(5), (0x6666_6667, 1));
        assert_eq!(magic_signed(7), (0x9249_2493, 2));
        assert_eq!(magic_unsigned(3), (0xAAAA_AAAB, 33));
        assert_eq!(magic_unsigned(7), (0x1_2492_4925, 35));
        assert_eq!(magic_unsigned(10), (0xCCCC_CCCD, 35));
    }

    #[test]
    fn identities_and_reassociation() {
        // hand-derived: every line of @f simplifies to x or a constant;
        // ((x + 3) - 5) + 2 is x; (x * 3) * 4 is x * 12.
        let text = "
func @f(i32 %x) -> i32 {
b0:
  %z = iconst.i32 0
  %o = iconst.i32 1
  %m = iconst.i32 -1
  %a = add.i32 %z, %x
  %b = mul.i32 %a, %o
  %c = and.i32 %b, %m
  %d = xor.i32 %c, %c
  %e = or.i32 %c, %d
  %t = iconst.i32 32
  %g = shl.i32 %e, %t
  %n1 = neg.i32 %g
  %n2 = neg.i32 %n1
  %k3 = iconst.i32 3
  %k5 = iconst.i32 5
  %k2 = iconst.i32 2
  %p = add.i32 %n2, %k3
  %q = sub.i32 %p, %k5
  %r = add.i32 %q, %k2
  %eq = icmp.sle.i32 %r, %r
  %s = sub.i32 %r, %eq
  %u = add.i32 %s, %eq
  ret %u
}
";
        let mut m = module(text);
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        let f = &m.functions[0];
        let Some(InstKind::Ret { value: Some(v) }) = f.terminator(f.layout[0]) else {
            panic!()
        };
        // u = (r - 1) + 1 reassociates to r, which is x
        assert_eq!(*v, f.params[0], "{}", m.print());
        assert_eq!(st.get("instructions simplified"), 11);
    }

    #[test]
    fn compares_of_an_exclusive_or_compare_its_operands() {
        // hand-derived: %p, %q are bits; `(p ^ q) == 1` is `p != q`,
        // `zext(trunc(q ^ p)) != 0` is `q != p`, `(x ^ y) == 0` is `x == y`;
        // `(x ^ y) == 1` is not a test of x against y (x = 3, y = 2 gives
        // 1 with x != y, x = 1, y = 1 gives 0) and stays; %xy3 is also
        // returned, so `%xy3 != 0` stays a test of it.
        let text = "
func @f(i32 %x, i32 %y) -> i32 {
b0:
  %o = iconst.i32 1
  %z = iconst.i32 0
  %p = and.i32 %x, %o
  %q = and.i32 %o, %y
  %pq = xor.i32 %p, %q
  %t1 = icmp.eq.i32 %pq, %o
  %pq2 = xor.i32 %q, %p
  %n8 = trunc.i32.i8 %pq2
  %w8 = zext.i8.i32 %n8
  %t2 = icmp.ne.i32 %z, %w8
  %xy = xor.i32 %x, %y
  %t3 = icmp.eq.i32 %xy, %z
  %xy2 = xor.i32 %x, %y
  %t4 = icmp.eq.i32 %xy2, %o
  %xy3 = xor.i32 %x, %y
  %t5 = icmp.ne.i32 %xy3, %z
  %s1 = add.i32 %t1, %t2
  %s2 = add.i32 %t3, %t4
  %s3 = add.i32 %s1, %s2
  %s4 = add.i32 %s3, %t5
  %s5 = add.i32 %s4, %xy3
  ret %s5
}
";
        let mut m = module(text);
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        let f = &m.functions[0];
        // four: the three compares, and zext(trunc(q ^ p)) is q ^ p (a bit)
        assert_eq!(st.get("instructions simplified"), 4, "{}", m.print());
        let (x, y) = (f.params[0], f.params[1]);
        let mut conds = Vec::new();
        for &i in &f.blocks[f.layout[0].index()].insts {
            if let InstKind::Icmp { cond, args, .. } = f.insts[i.index()].kind {
                let name = |v: Value| {
                    if v == x {
                        "x"
                    } else if v == y {
                        "y"
                    } else if is_bit(f, v) {
                        "bit"
                    } else {
                        "other"
                    }
                };
                conds.push((cond, name(args[0]), name(args[1])));
            }
        }
        assert_eq!(
            conds,
            vec![
                (Cond::Ne, "bit", "bit"),
                (Cond::Ne, "bit", "bit"),
                (Cond::Eq, "x", "y"),
                (Cond::Eq, "other", "other"),
                (Cond::Ne, "other", "other"),
            ],
            "{}",
            m.print()
        );
    }

    #[test]
    fn folded_compares_of_exclusive_ors_compute_the_same_values() {
        // f(x) = 8·((x&1 ^ (x>>3)&1) == 1) + 4·(zext(trunc8(same)) == 0)
        //      + 2·((x ^ 12) != 0) + ((x ^ 12) == 1):
        // bit 0 and bit 3 of x differ: 8, else 4; x != 12: +2; x == 13: +1.
        let body = "
func @f(i32 %x) -> i32 {
b0:
  %o = iconst.i32 1
  %z = iconst.i32 0
  %three = iconst.i32 3
  %p = and.i32 %x, %o
  %x3 = lshr.i32 %x, %three
  %q = and.i32 %x3, %o
  %pq = xor.i32 %p, %q
  %t1 = icmp.eq.i32 %pq, %o
  %pq2 = xor.i32 %p, %q
  %n8 = trunc.i32.i8 %pq2
  %w8 = zext.i8.i32 %n8
  %t2 = icmp.eq.i32 %w8, %z
  %k12 = iconst.i32 12
  %xk = xor.i32 %x, %k12
  %t3 = icmp.ne.i32 %xk, %z
  %xk2 = xor.i32 %x, %k12
  %t4 = icmp.eq.i32 %xk2, %o
  %k8 = iconst.i32 8
  %k4 = iconst.i32 4
  %k2 = iconst.i32 2
  %a1 = mul.i32 %t1, %k8
  %a2 = mul.i32 %t2, %k4
  %a3 = mul.i32 %t3, %k2
  %s1 = add.i32 %a1, %a2
  %s2 = add.i32 %s1, %a3
  %s3 = add.i32 %s2, %t4
  ret %s3
}";
        let xs = [i32::MIN, -8, -1, 0, 1, 8, 9, 12, 13, 14, 100, i32::MAX];
        let want: Vec<i32> = xs
            .iter()
            .map(|&x| {
                let differ = (x & 1) != ((x >> 3) & 1);
                (if differ { 8 } else { 4 }) + 2 * (x != 12) as i32 + (x == 13) as i32
            })
            .collect();
        let mut m = module(&harness(body, &xs, &want));
        assert_eq!(exit_code(&m), 0);
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(exit_code(&m), 0, "{}", m.print());
        assert!(st.get("instructions simplified") >= 3, "{}", m.print());
    }

    /// One bit step of a CRC-16 kept in an `i32` as C's promotions write
    /// it: `x16` the 16-bit register; `((x16 ^ 0x4002) >> 1) | 0x8000`
    /// through `u16` truncations, minus `(x16 >> 1) & 0x7fff`; and
    /// `(x ^ 1) | 0x8000` where bit 15 of `x` is unknown.
    const CRC_STEP: &str = "
func @f(i32 %x) -> i32 {
b0:
  %h = trunc.i32.i16 %x
  %c = zext.i16.i32 %h
  %k1 = iconst.i32 16386
  %t = xor.i32 %c, %k1
  %t16 = trunc.i32.i16 %t
  %t32 = zext.i16.i32 %t16
  %one = iconst.i32 1
  %s = ashr.i32 %t32, %one
  %s16 = trunc.i32.i16 %s
  %s32 = zext.i16.i32 %s16
  %k2 = iconst.i32 32768
  %o = or.i32 %s32, %k2
  %e = ashr.i32 %c, %one
  %k3 = iconst.i32 32767
  %m = and.i32 %e, %k3
  %d = sub.i32 %o, %m
  %xx = xor.i32 %x, %one
  %o2 = or.i32 %xx, %k2
  %r = add.i32 %d, %o2
  ret %r
}";

    #[test]
    fn known_zero_high_bits_remove_extensions_masks_and_ors() {
        // hand-derived: zext(trunc(c ^ 0x4002)) is c ^ 0x4002 (bits 16+
        // zero); its shift is (c >> 1) ^ 0x2001, whose bit 15 is zero, so
        // the `| 0x8000` is `^ 0x8000`: (c >> 1) ^ 0xa001; `(c >> 1) &
        // 0x7fff` is c >> 1; `(x ^ 1) | 0x8000` stays an or.
        let mut m = module(CRC_STEP);
        run(&mut m.functions[0]);
        crate::opt::dce::run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        let f = &m.functions[0];
        let zexts = count_ops(f, |k| {
            matches!(
                k,
                InstKind::Convert {
                    op: ConvOp::Zext,
                    ..
                }
            )
        });
        let ors = count_ops(f, |k| {
            matches!(
                k,
                InstKind::Binary {
                    op: BinaryOp::Or,
                    ..
                }
            )
        });
        let ands = count_ops(f, |k| {
            matches!(
                k,
                InstKind::Binary {
                    op: BinaryOp::And,
                    ..
                }
            )
        });
        let a001 = count_ops(f, |k| matches!(k, InstKind::Iconst { imm: 0xa001, .. }));
        assert_eq!((zexts, ors, ands, a001), (1, 1, 0, 1), "{}", m.print());
    }

    #[test]
    fn known_zero_high_bit_rewrites_compute_the_same_values() {
        let xs = [
            0,
            1,
            2,
            3,
            0x4002,
            0x7fff,
            0x8000,
            0xffff,
            0x1_0001,
            -1,
            i32::MIN,
            i32::MAX,
        ];
        let want: Vec<i32> = xs
            .iter()
            .map(|&x| {
                let c = x & 0xffff;
                let o = (((c ^ 0x4002) & 0xffff) >> 1) | 0x8000;
                let mm = (c >> 1) & 0x7fff;
                (o - mm).wrapping_add((x ^ 1) | 0x8000)
            })
            .collect();
        let mut m = module(&harness(CRC_STEP, &xs, &want));
        assert_eq!(exit_code(&m), 0);
        run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(exit_code(&m), 0, "{}", m.print());
    }

    /// Module whose `main` calls `@f(x)` for every `x` of `xs` and counts
    /// results that differ from `want`; returns 1 if any did.
    fn harness(f_body: &str, xs: &[i32], want: &[i32]) -> String {
        let hex = |v: &[i32]| -> String {
            v.iter()
                .flat_map(|x| x.to_le_bytes())
                .map(|b| format!("{b:02x}"))
                .collect()
        };
        format!(
            "global @xs size {n4} align 4 init {hx}
global @ws size {n4} align 4 init {hw}
{f_body}
func @main() -> i32 {{
b0:
  %xs = global_addr @xs
  %ws = global_addr @ws
  %z = iconst.i32 0
  %four = iconst.i32 4
  %n = iconst.i32 {n}
  %one = iconst.i32 1
  jump h
h:
  %i = phi.i32 [b0: %z], [body: %i2]
  %bad = phi.i32 [b0: %z], [body: %bad2]
  %c = icmp.slt.i32 %i, %n
  br %c, body, x
body:
  %off = mul.i32 %i, %four
  %pa = add.i32 %xs, %off
  %pw = add.i32 %ws, %off
  %xv = load.i32 %pa
  %wv = load.i32 %pw
  %r = call.i32 @f(%xv)
  %ne = icmp.ne.i32 %r, %wv
  %bad2 = add.i32 %bad, %ne
  %i2 = add.i32 %i, %one
  jump h
x:
  %nz = icmp.ne.i32 %bad, %z
  ret %nz
}}
",
            n = xs.len(),
            n4 = 4 * xs.len(),
            hx = hex(xs),
            hw = hex(want),
        )
    }

    fn dividends(seed: u64) -> Vec<i32> {
        let mut v: Vec<i32> = vec![
            0,
            1,
            -1,
            2,
            -2,
            3,
            -3,
            6,
            7,
            -7,
            9,
            10,
            -10,
            100,
            641,
            -641,
            65535,
            65536,
            i32::MAX,
            i32::MAX - 1,
            i32::MIN,
            i32::MIN + 1,
            0x4000_0000,
            -0x4000_0000,
            0x7fff_fffe,
        ];
        let mut s = seed;
        for _ in 0..40 {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = (s >> 32) as i32;
            v.push(r);
            v.push(r >> (s % 31));
        }
        v
    }

    const DIVISORS: [i32; 40] = [
        1,
        -1,
        2,
        3,
        4,
        5,
        6,
        7,
        9,
        10,
        11,
        12,
        13,
        25,
        60,
        100,
        125,
        641,
        1000,
        7919,
        65535,
        65536,
        65537,
        0x4000_0000,
        0x7fff_ffff,
        0x5555_5555,
        i32::MIN,
        -2,
        -3,
        -4,
        -7,
        -10,
        -641,
        -65536,
        -0x7fff_ffff,
        0x8000_0001u32 as i32,
        0xffff_fffeu32 as i32,
        0xffff_fff9u32 as i32,
        0xc000_0000u32 as i32,
        0x9000_0000u32 as i32,
    ];

    fn expect(op: &str, x: i32, d: i32) -> i32 {
        match op {
            "sdiv" => x.wrapping_div(d),
            "srem" => x.wrapping_rem(d),
            "udiv" => ((x as u32) / (d as u32)) as i32,
            "urem" => ((x as u32) % (d as u32)) as i32,
            "mul" => x.wrapping_mul(d),
            _ => unreachable!(),
        }
    }

    /// Reduces `x op d` and checks it against Rust's arithmetic on many
    /// dividends through the interpreter; returns the reduced module.
    fn check_reduced(op: &str, d: i32, seed: u64) -> (Module, Stats) {
        let body = format!(
            "func @f(i32 %x) -> i32 {{\nb0:\n  %d = iconst.i32 {d}\n  %q = {op}.i32 %x, %d\n  ret %q\n}}"
        );
        let xs = dividends(seed);
        let want: Vec<i32> = xs.iter().map(|&x| expect(op, x, d)).collect();
        let mut m = module(&harness(&body, &xs, &want));
        // the harness itself detects no difference on the original
        assert_eq!(exit_code(&m), 0, "harness {op} {d}");
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(
            exit_code(&m),
            0,
            "{op} by {d} differs after reduction:\n{}",
            m.print()
        );
        (m, st)
    }

    #[test]
    fn divisions_by_constants_are_exact() {
        for (k, &d) in DIVISORS.iter().enumerate() {
            for op in ["sdiv", "srem", "udiv", "urem"] {
                let (m, st) = check_reduced(op, d, k as u64 * 7 + op.len() as u64);
                let f = &m.functions[0];
                let divs = count_ops(f, |k| {
                    matches!(
                        k,
                        InstKind::Binary {
                            op: BinaryOp::SDiv | BinaryOp::UDiv | BinaryOp::SRem | BinaryOp::URem,
                            ..
                        }
                    )
                });
                // left on purpose: srem by INT_MIN, urem by ≥ 2^31 that
                // is not a power of two
                let kept = (op == "srem" && d == i32::MIN)
                    || (op == "urem" && (d as u32) >= 1 << 31 && !(d as u32).is_power_of_two());
                assert_eq!(divs, kept as usize, "{op} by {d}:\n{}", m.print());
                if d != 1 && d != -1 && !kept {
                    assert_eq!(st.get("divisions reduced"), 1, "{op} by {d}");
                }
            }
        }
    }

    #[test]
    fn many_divisors_random_dividends() {
        // a broader sweep: 3..200, and pseudo-random divisors
        let mut ds: Vec<i32> = (3..200).collect();
        let mut s = 12345u64;
        for _ in 0..60 {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1);
            ds.push((s >> 33) as i32 >> (s % 29));
        }
        for (k, &d) in ds.iter().enumerate() {
            if d == 0 {
                continue;
            }
            for op in ["sdiv", "udiv", "srem", "urem"] {
                check_reduced(op, d, k as u64);
            }
        }
    }

    #[test]
    fn multiplies_by_constants() {
        // each constant: expected plan cost (hand derivation) and result
        // against Rust's wrapping_mul.
        for (c, reduced) in [
            (2, true),    // shl 1
            (3, false),   // isel: sh1add
            (6, true),    // sh1add, shl 1
            (10, true),   // sh2add, shl 1
            (15, true),   // sh1add, sh2add
            (31, true),   // shl 5, sub
            (33, true),   // shl 5, add
            (-4, true),   // shl 2, neg
            (-5, true),   // sh2add, neg
            (-6, false),  // 3 operations
            (7, true),    // shl 3, sub
            (11, false),  // 8+2+1: 3 operations
            (641, false), // keep mul32
            (i32::MIN, true),
        ] {
            let (m, st) = check_reduced("mul", c, c as u64);
            assert_eq!(st.get("multiplies reduced"), reduced as u64, "mul by {c}");
            let muls = count_ops(&m.functions[0], |k| {
                matches!(
                    k,
                    InstKind::Binary {
                        op: BinaryOp::Mul,
                        ..
                    }
                )
            });
            assert_eq!(muls, !reduced as usize, "mul by {c}");
        }
    }

    #[test]
    fn narrow_types_fold_with_wrapping() {
        // i8: 100 + 100 = -56; (x + 100) + 100 reassociates to x + (-56)
        let text = "
func @main() -> i32 {
b0:
  %a = iconst.i8 100
  %b = add.i8 %a, %a
  %x = call.i32 @rand()
  %xt = trunc.i32.i8 %x
  %p = add.i8 %xt, %a
  %q = add.i8 %p, %a
  %c = sub.i8 %q, %b
  %d = sub.i8 %c, %xt
  %w = sext.i8.i32 %d
  ret %w
}
";
        let mut m = module(text);
        let want = exit_code(&m);
        assert_eq!(want, 0);
        run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(exit_code(&m), want);
    }
}

#[cfg(test)]
mod range_tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    /// Range checks `(x ≥ lo) & (x ≤ hi)` become one unsigned compare
    /// each: `'0' ≤ x ≤ '9'` (signed, as `isdigit` writes it), `10 <u x
    /// <u 20` (strict, unsigned) and `-5 ≤ x < 5` (signed, a negative low
    /// bound; operands swapped in the second compare). The expected bits
    /// are computed here in Rust for 16 inputs on both sides of each
    /// bound; the function keeps 3 compares instead of 6.
    #[test]
    fn range_checks_become_one_unsigned_compare() {
        let f = "
func @f(i32 %x) -> i32 {
b0:
  %c48 = iconst.i32 48
  %c57 = iconst.i32 57
  %a1 = icmp.sge.i32 %x, %c48
  %a2 = icmp.sle.i32 %x, %c57
  %a = and.i32 %a1, %a2
  %c10 = iconst.i32 10
  %c20 = iconst.i32 20
  %b1 = icmp.ugt.i32 %x, %c10
  %b2 = icmp.ult.i32 %x, %c20
  %b = and.i32 %b2, %b1
  %m5 = iconst.i32 -5
  %c5 = iconst.i32 5
  %d1 = icmp.sge.i32 %x, %m5
  %d2 = icmp.sgt.i32 %c5, %x
  %d = and.i32 %d1, %d2
  %one = iconst.i32 1
  %two = iconst.i32 2
  %bs = shl.i32 %b, %one
  %ds = shl.i32 %d, %two
  %ab = or.i32 %a, %bs
  %r = or.i32 %ab, %ds
  ret %r
}
";
        let inputs = [
            -6i32,
            -5,
            -1,
            0,
            4,
            5,
            10,
            11,
            19,
            20,
            47,
            48,
            57,
            58,
            i32::MIN,
            i32::MAX,
        ];
        let bits = |x: i32| {
            let a = (48..=57).contains(&x) as i32;
            let b = (10 < x as u32 && (x as u32) < 20) as i32;
            let d = (-5..5).contains(&x) as i32;
            a | b << 1 | d << 2
        };
        for (k, &x) in inputs.iter().enumerate() {
            let text = format!(
                "{f}func @main() -> i32 {{\nb0:\n  %x = iconst.i32 {x}\n  %r = call.i32 @f(%x)\n  ret %r\n}}\n"
            );
            let mut m = module(&text);
            assert_eq!(exit_code(&m), bits(x), "before, x = {x}");
            run_on_all(&mut m, run);
            assert_eq!(exit_code(&m), bits(x), "after, x = {x}");
            if k == 0 {
                let mut g = m.functions[0].clone();
                crate::opt::dce::run(&mut g);
                let compares = g
                    .layout
                    .iter()
                    .flat_map(|b| &g.blocks[b.index()].insts)
                    .filter(|i| matches!(g.insts[i.index()].kind, InstKind::Icmp { .. }))
                    .count();
                assert_eq!(compares, 3);
            }
        }
    }
}

#[cfg(test)]
mod offset_tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    /// `p + (i + 3)·4` and `p + ((i + 1) << 2)`: the constants move out,
    /// `(p + i·4) + 12` and `(p + (i << 2)) + 4` (hand-derived), so the
    /// two addresses share `p + 4i` after value numbering; the values are
    /// unchanged (i = 5, p = 1000: 1032 and 1024, difference 8).
    #[test]
    fn constant_offsets_move_outward() {
        let text = "
func @f(i32 %i0, i32 %p) -> i32 {
b0:
  %three = iconst.i32 3
  %four = iconst.i32 4
  %a = add.i32 %i0, %three
  %m = mul.i32 %a, %four
  %x = add.i32 %p, %m
  %one = iconst.i32 1
  %two = iconst.i32 2
  %b = add.i32 %i0, %one
  %s = shl.i32 %b, %two
  %y = add.i32 %p, %s
  %d = sub.i32 %x, %y
  ret %d
}
func @main() -> i32 {
b0:
  %i = iconst.i32 5
  %p = iconst.i32 1000
  %r = call.i32 @f(%i, %p)
  ret %r
}";
        let mut m = module(text);
        assert_eq!(exit_code(&m), 8);
        run_on_all(&mut m, run);
        assert_eq!(exit_code(&m), 8);
        let f = &m.functions[0];
        let consts: Vec<i64> = f
            .layout
            .iter()
            .flat_map(|b| f.blocks[b.index()].insts.iter())
            .filter_map(|&i| match f.insts[i.index()].kind {
                InstKind::Iconst { imm, .. } => Some(imm),
                _ => None,
            })
            .collect();
        assert!(consts.contains(&12) && consts.contains(&4), "{consts:?}");
    }
}
