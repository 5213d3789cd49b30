//! Known extension of sub-word values: for every IR value, which of four
//! facts hold of the 32-bit register that holds it (its low word), so that
//! instruction selection leaves out `sxtb`/`sxth`/`zxtb`/`zxth` that would
//! not change the register.
//!
//! The facts come from the operations' semantics: `ldb`/`ldh` sign-extend
//! and `ldbu`/`ldhu` zero-extend to 32 bits (ISA-ST200 §4.6); `sxtb`,
//! `sxth`, `zxtb` (= `and 255`), `zxth` (§4.2); compares write 0 or 1
//! (§4.3); `and`, `or`, `xor`, `shru`, `shr` (§4.1) keep or create them
//! as the table in [`transfer`] says. Phis are solved optimistically: every
//! value starts with all facts and the transfer functions, which are
//! monotone, are applied until nothing changes (the greatest fixpoint; by
//! induction over the execution every fact it keeps holds of every value
//! the register takes).

use super::Sel;
use crate::ir::{BinaryOp, ConvOp, InstKind, Type, UnaryOp, ValueDef};

/// The register equals the sign extension of its low 8 bits.
pub const S8: u8 = 1;
/// The register equals the zero extension of its low 8 bits.
pub const Z8: u8 = 2;
/// The register equals the sign extension of its low 16 bits.
pub const S16: u8 = 4;
/// The register equals the zero extension of its low 16 bits.
pub const Z16: u8 = 8;
/// Every fact (the optimistic start).
const ALL: u8 = S8 | Z8 | S16 | Z16;

/// Adds the facts implied by the others: an 8-bit extension is also a
/// 16-bit one, and a value zero-extended from 8 bits lies in 0…255, so it
/// is also sign-extended from 16 bits.
pub fn close(b: u8) -> u8 {
    let mut b = b;
    if b & S8 != 0 {
        b |= S16;
    }
    if b & Z8 != 0 {
        b |= Z16 | S16;
    }
    b
}

/// The facts that hold of the 32-bit word `w`.
pub fn of_word(w: i32) -> u8 {
    let mut b = 0;
    if w == w as i8 as i32 {
        b |= S8;
    }
    if w == w as u8 as i32 {
        b |= Z8;
    }
    if w == w as i16 as i32 {
        b |= S16;
    }
    if w == w as u16 as i32 {
        b |= Z16;
    }
    b
}

/// The fact "sign-extended from `ty`" (`signed`) or "zero-extended from
/// `ty`"; 0 for 32- and 64-bit types (nothing to extend).
pub fn fact(ty: Type, signed: bool) -> u8 {
    match (ty, signed) {
        (Type::I8, true) => S8,
        (Type::I8, false) => Z8,
        (Type::I16, true) => S16,
        (Type::I16, false) => Z16,
        _ => 0,
    }
}

/// Facts of a register known to lie in 0 … 2^`w` − 1.
fn unsigned_width(w: i64) -> u8 {
    match w {
        ..=7 => close(S8 | Z8),
        8 => close(Z8),
        9..=15 => S16 | Z16,
        16 => Z16,
        _ => 0,
    }
}

/// Facts of a register known to be sign-extended from bit `w` − 1.
fn signed_width(w: i64) -> u8 {
    match w {
        ..=8 => close(S8),
        9..=16 => S16,
        _ => 0,
    }
}

/// True if `ty` is a sub-word type or `i32` (the values whose register is
/// the whole value).
fn word(ty: Type) -> bool {
    ty != Type::I64
}

impl Sel<'_> {
    /// The facts known of the register holding `v` (0 for 64-bit values).
    pub(super) fn known(&self, v: crate::ir::Value) -> u8 {
        self.ext_facts[v.index()]
    }

    /// True if `v`'s register already holds `v` extended from `ty` as
    /// asked.
    pub(super) fn extended(&self, v: crate::ir::Value, ty: Type, signed: bool) -> bool {
        let f = fact(ty, signed);
        f != 0 && self.known(v) & f == f
    }

    /// Computes [`Sel::ext_facts`] (and, first, which sub-word loads are
    /// selected as the zero-extending `ldbu`/`ldhu`: those whose every use
    /// is a `zext`, the stored value of a store, an equality or unsigned
    /// compare, or a φ whose every use is one of these, found by descent
    /// from "all uses fit").
    pub(super) fn analyse_extensions(&mut self) {
        let f = self.f;
        let nv = f.values.len();
        let mut all_zext = vec![true; nv];
        loop {
            let mut changed = false;
            for &b in &f.layout {
                for &i in &f.blocks[b.index()].insts {
                    let d = &f.insts[i.index()];
                    let k = &d.kind;
                    let phi_fits = d.result.is_some_and(|r| all_zext[r.index()]);
                    let ok = |v| match k {
                        InstKind::Convert {
                            op: ConvOp::Zext, ..
                        } => true,
                        InstKind::Store { value, addr, .. } => *value == v && *addr != v,
                        // equality and unsigned order hold on zero-extended
                        // operands as on sign-extended ones (`Sel::icmp`
                        // uses the extension the registers have)
                        InstKind::Icmp { cond, .. } => !super::signed_cond(*cond),
                        InstKind::Phi { .. } => phi_fits,
                        _ => false,
                    };
                    for v in k.operands() {
                        if all_zext[v.index()] && !ok(v) {
                            all_zext[v.index()] = false;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let mut facts = vec![0u8; nv];
        let mut defined = vec![false; nv];
        for &b in &f.layout {
            for &i in &f.blocks[b.index()].insts {
                let d = &f.insts[i.index()];
                if let Some(res) = d.result {
                    defined[res.index()] = true;
                    facts[res.index()] = if word(f.value_type(res)) { ALL } else { 0 };
                    if let InstKind::Load { ty, addr } = d.kind {
                        self.unsigned_load[res.index()] = matches!(ty, Type::I8 | Type::I16)
                            && all_zext[res.index()]
                            && !self.misaligned(addr, ty);
                    }
                }
            }
        }
        // parameters and values defined outside the layout: nothing known
        for (vi, vd) in f.values.iter().enumerate() {
            if matches!(vd.def, ValueDef::Param(_)) || !defined[vi] {
                facts[vi] = 0;
            }
        }
        self.ext_facts = facts;
        loop {
            let mut changed = false;
            for &b in &f.layout {
                for &i in &f.blocks[b.index()].insts {
                    let d = &f.insts[i.index()];
                    let Some(res) = d.result else { continue };
                    if !word(f.value_type(res)) {
                        continue;
                    }
                    let new = self.transfer(&d.kind, res);
                    let old = self.ext_facts[res.index()];
                    // monotone descent from the optimistic start
                    let new = new & old;
                    if new != old {
                        self.ext_facts[res.index()] = new;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Facts of the register `isel` gives the result of `k` (a value of at
    /// most 32 bits), from the facts of its operands.
    fn transfer(&self, k: &InstKind, res: crate::ir::Value) -> u8 {
        let kn = |v| self.known(v);
        let c = |v| self.cval(v);
        match *k {
            InstKind::Iconst { imm, .. } => of_word(imm as i32),
            // 0 or 1 in a GR, or a BR read with `mfb` (§4.3)
            InstKind::Icmp { .. } => ALL,
            InstKind::Load { ty, addr } => {
                let unsigned = self.unsigned_load[res.index()] || self.misaligned(addr, ty);
                close(fact(ty, !unsigned))
            }
            InstKind::Convert { op, from, arg, .. } => match op {
                ConvOp::Trunc if from != Type::I64 => kn(arg),
                ConvOp::Trunc => 0,
                ConvOp::Sext => close(fact(from, true)),
                ConvOp::Zext => close(fact(from, false)),
            },
            InstKind::Unary {
                op: UnaryOp::Not,
                arg,
                ..
            } => kn(arg) & (S8 | S16),
            InstKind::Binary { op, ty, args } => {
                let [x, y] = args;
                let bits = ty.bits() as i64;
                match op {
                    BinaryOp::And => {
                        let z = (kn(x) | kn(y)) & (Z8 | Z16);
                        close(z | (kn(x) & kn(y) & (S8 | S16)))
                    }
                    BinaryOp::Or | BinaryOp::Xor => kn(x) & kn(y),
                    // the operand is zero-extended from `ty` first
                    BinaryOp::LShr => match c(y) {
                        Some(n) => unsigned_width(bits - (n & (bits - 1))),
                        None => close(fact(ty, false)),
                    },
                    // the operand is sign-extended from `ty` first
                    BinaryOp::AShr => match c(y) {
                        Some(n) => signed_width(bits - (n & (bits - 1))),
                        None => close(fact(ty, true)),
                    },
                    // operands zero-extended first; the result is at most
                    // the dividend (a shift or mask for powers of two)
                    BinaryOp::UDiv | BinaryOp::URem => close(fact(ty, false)),
                    // |a rem b| < |b|; a quotient can overflow (−128 / −1)
                    BinaryOp::SRem => close(fact(ty, true)),
                    _ => 0,
                }
            }
            InstKind::Phi { ref incoming, .. } => {
                incoming.iter().fold(ALL, |acc, &(_, v)| acc & kn(v))
            }
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_of_words() {
        assert_eq!(of_word(0), ALL);
        assert_eq!(of_word(1), ALL);
        assert_eq!(of_word(-1), S8 | S16);
        assert_eq!(of_word(0x80), Z8 | S16 | Z16);
        assert_eq!(of_word(0xff), Z8 | S16 | Z16);
        assert_eq!(of_word(0x100), S16 | Z16);
        assert_eq!(of_word(0x8000), Z16);
        assert_eq!(of_word(-0x8000), S16);
        assert_eq!(of_word(0x1_0000), 0);
        // every fact of a word is closed under the implications of `close`
        for w in [
            -70000, -129, -128, -5, 0, 5, 127, 128, 255, 256, 32767, 65535,
        ] {
            assert_eq!(close(of_word(w)), of_word(w), "{w}");
        }
    }

    #[test]
    fn widths() {
        // shru by 24 leaves 0…255, by 25 leaves 0…127
        assert_eq!(unsigned_width(8), Z8 | Z16 | S16);
        assert_eq!(unsigned_width(7), ALL);
        assert_eq!(unsigned_width(17), 0);
        // shr by 24 leaves −128…127
        assert_eq!(signed_width(8), S8 | S16);
        assert_eq!(signed_width(16), S16);
        assert_eq!(signed_width(17), 0);
    }
}
