//! The one definition of IR arithmetic, used by the interpreter
//! ([`crate::interp`]) and by constant folding (SCCP, strength reduction,
//! scalar replacement). Values are stored zero-extended from their type
//! ([`mask`]); signed operations sign-extend first ([`sext`]).

use super::{BinaryOp, Cond, ConvOp, Type, UnaryOp};

/// An operation whose result is not defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArithError {
    /// Division or remainder by zero.
    #[error("integer division by zero")]
    DivisionByZero,
}

/// `v` truncated to the width of `t` (how the interpreter and the folder store a value).
pub fn mask(v: u64, t: Type) -> u64 {
    match t {
        Type::I8 => v & 0xff,
        Type::I16 => v & 0xffff,
        Type::I32 => v & 0xffff_ffff,
        Type::I64 => v,
    }
}

/// `v` (of type `t`) sign-extended to 64 bits.
pub fn sext(v: u64, t: Type) -> i64 {
    let sh = 64 - t.bits();
    ((v << sh) as i64) >> sh
}

/// `op ty a, b` on masked operands: wrapping arithmetic, shift amounts
/// modulo the width, `mulhs`/`mulhu` the high 32 bits of the 64-bit
/// product. Signed division of the most negative value by −1 (undefined in
/// C, C11 6.5.5p6) wraps to that value with remainder 0, as the runtime's
/// division helpers compute it (`runtime/lib/divsi3.s`). Error: division
/// or remainder by zero (the helpers' result is unspecified; the
/// interpreter traps, constant folding leaves it to run time).
pub fn binary(op: BinaryOp, ty: Type, a: u64, b: u64) -> Result<u64, ArithError> {
    let (sa, sb) = (sext(a, ty), sext(b, ty));
    let bits = ty.bits() as u64;
    let r = match op {
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::MulHs => (sa.wrapping_mul(sb) >> 32) as u64,
        BinaryOp::MulHu => mask(a, Type::I32).wrapping_mul(mask(b, Type::I32)) >> 32,
        BinaryOp::SDiv | BinaryOp::SRem | BinaryOp::UDiv | BinaryOp::URem => {
            if b == 0 {
                return Err(ArithError::DivisionByZero);
            }
            match op {
                BinaryOp::SDiv => sa.wrapping_div(sb) as u64,
                BinaryOp::SRem => sa.wrapping_rem(sb) as u64,
                BinaryOp::UDiv => a / b,
                _ => a % b,
            }
        }
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
        BinaryOp::Shl => a.wrapping_shl((b % bits) as u32),
        BinaryOp::LShr => a >> (b % bits),
        BinaryOp::AShr => (sa >> (b % bits)) as u64,
    };
    Ok(mask(r, ty))
}

/// `op ty a` on a masked operand .
pub fn unary(op: UnaryOp, ty: Type, a: u64) -> u64 {
    mask(
        match op {
            UnaryOp::Neg => a.wrapping_neg(),
            UnaryOp::Not => !a,
            UnaryOp::Clz => u64::from(mask(a, ty).leading_zeros()) - (64 - u64::from(ty.bits())),
            UnaryOp::Bswap => mask(a, ty).swap_bytes() >> (64 - ty.bits()),
        },
        ty,
    )
}

/// `icmp cond ty a, b` on masked operands: 0 or 1.
pub fn icmp(cond: Cond, ty: Type, a: u64, b: u64) -> u64 {
    let (sa, sb) = (sext(a, ty), sext(b, ty));
    (match cond {
        Cond::Eq => a == b,
        Cond::Ne => a != b,
        Cond::Slt => sa < sb,
        Cond::Sle => sa <= sb,
        Cond::Sgt => sa > sb,
        Cond::Sge => sa >= sb,
        Cond::Ult => a < b,
        Cond::Ule => a <= b,
        Cond::Ugt => a > b,
        Cond::Uge => a >= b,
    }) as u64
}

/// Result of `icmp cond x, x` (both operands the same value).
pub fn icmp_self(cond: Cond) -> u64 {
    matches!(
        cond,
        Cond::Eq | Cond::Sle | Cond::Sge | Cond::Ule | Cond::Uge
    ) as u64
}

/// Width conversion of a masked operand .
pub fn convert(op: ConvOp, from: Type, to: Type, a: u64) -> u64 {
    match op {
        ConvOp::Sext => mask(sext(a, from) as u64, to),
        ConvOp::Zext => a,
        ConvOp::Trunc => mask(a, to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_follows_the_width_and_wrapping_rules() {
        // hand derivations of the width and wrapping rules
        assert_eq!(binary(BinaryOp::Add, Type::I8, 0xff, 1), Ok(0));
        assert_eq!(binary(BinaryOp::AShr, Type::I16, 0x8000, 17), Ok(0xc000));
        assert_eq!(binary(BinaryOp::Shl, Type::I32, 1, 33), Ok(2));
        assert_eq!(
            binary(BinaryOp::SDiv, Type::I32, 0x8000_0000, 0xffff_ffff),
            Ok(0x8000_0000)
        );
        assert_eq!(binary(BinaryOp::SRem, Type::I8, 0x80, 0xff), Ok(0));
        assert_eq!(
            binary(BinaryOp::UDiv, Type::I32, 7, 0),
            Err(ArithError::DivisionByZero)
        );
        assert_eq!(
            binary(BinaryOp::SDiv, Type::I32, (-7i32) as u32 as u64, 2),
            Ok((-3i32) as u32 as u64)
        );
        assert_eq!(
            binary(BinaryOp::SRem, Type::I32, (-7i32) as u32 as u64, 2),
            Ok((-1i32) as u32 as u64)
        );
        assert_eq!(
            binary(BinaryOp::MulHs, Type::I32, 0xffff_ffff, 2),
            Ok(0xffff_ffff)
        );
        assert_eq!(binary(BinaryOp::MulHu, Type::I32, 0xffff_ffff, 2), Ok(1));
        assert_eq!(icmp(Cond::Slt, Type::I8, 0x80, 0x7f), 1);
        assert_eq!(icmp(Cond::Ult, Type::I8, 0x80, 0x7f), 0);
        assert_eq!(
            convert(ConvOp::Sext, Type::I8, Type::I32, 0x80),
            0xffff_ff80
        );
        assert_eq!(unary(UnaryOp::Neg, Type::I16, 1), 0xffff);
    }

    /// `clz` and `bswap` (ISA-ST200 §4.2), values by hand.
    #[test]
    fn clz_and_bswap() {
        assert_eq!(unary(UnaryOp::Clz, Type::I32, 0), 32);
        assert_eq!(unary(UnaryOp::Clz, Type::I32, 1), 31);
        assert_eq!(unary(UnaryOp::Clz, Type::I32, 0x8000_0000), 0);
        assert_eq!(unary(UnaryOp::Clz, Type::I32, 0x0001_ffff), 15);
        assert_eq!(unary(UnaryOp::Bswap, Type::I32, 0x1122_3344), 0x4433_2211);
        assert_eq!(unary(UnaryOp::Bswap, Type::I32, 0xff), 0xff00_0000);
    }
}
