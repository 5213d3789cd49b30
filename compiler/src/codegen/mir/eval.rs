//! What the ST200 integer operations compute (ISA-ST200 §4.1–§4.3, §4.5),
//! on 32-bit values held as `i64` sign-extended from bit 31 (the register
//! values of the machine-IR interpreter [`super::interp`] and the constant
//! lattice of [`crate::codegen::mir::sccp`]). The arithmetic is the IR's
//! ([`crate::ir::eval`], at type `i32`: wrapping, two's complement); only
//! what the ISA defines differently is written here: shift counts are the
//! low 8 bits of the second operand, and a count of 32 or more gives 0
//! (`shl`, `shru`) or the sign fill (`shr`), where the IR takes the count
//! modulo 32.
//!
//! Operations are named by their mnemonic ([`isa::OpInfo::mnemonic`]); the
//! operands are the source operands in written order (for `sub $d = imm,
//! $b`, the immediate first: imm − b).

use crate::ir::eval as ir;
use crate::ir::{BinaryOp, Cond, Type};

/// `v` as the 32-bit value the register holds (sign-extended).
pub fn word(v: i64) -> i64 {
    v as i32 as i64
}

/// The IR's `op i32 a, b` on register values.
fn arith(op: BinaryOp, a: i64, b: i64) -> i64 {
    let m = |x: i64| ir::mask(x as u64, Type::I32);
    let r = ir::binary(op, Type::I32, m(a), m(b)).expect("no division here");
    ir::sext(r, Type::I32)
}

/// The IR's `icmp cond i32 a, b` on register values: 0 or 1.
fn compare(cond: Cond, a: i64, b: i64) -> i64 {
    let m = |x: i64| ir::mask(x as u64, Type::I32);
    ir::icmp(cond, Type::I32, m(a), m(b)) as i64
}

/// A shift by the low 8 bits of `b` (ISA-ST200 §4.1): `big` when they are
/// 32 or more, else the IR's shift `op`.
fn shift(op: BinaryOp, a: i64, b: i64, big: i64) -> i64 {
    let n = b & 0xff;
    if n >= 32 {
        big
    } else {
        arith(op, a, n)
    }
}

/// The value of the two-source operation `mnemonic` on `a` and `b` (ALU
/// operations, compares into a GR or a BR, logical tests, `mul32`,
/// `mul64h`, `mul64hu`); `None` for any other mnemonic.
pub fn binary(mnemonic: &str, a: i64, b: i64) -> Option<i64> {
    use BinaryOp::*;
    let (a, b) = (word(a), word(b));
    let not = |x: i64| arith(Xor, x, -1);
    Some(match mnemonic {
        "add" => arith(Add, a, b),
        "sub" => arith(Sub, a, b),
        "sh1add" | "sh2add" | "sh3add" | "sh4add" => {
            let k = i64::from(mnemonic.as_bytes()[2] - b'0');
            arith(Add, arith(Shl, a, k), b)
        }
        "and" => arith(And, a, b),
        "andc" => arith(And, not(a), b),
        "or" => arith(Or, a, b),
        "orc" => arith(Or, not(a), b),
        "xor" => arith(Xor, a, b),
        "shl" => shift(Shl, a, b, 0),
        "shr" => shift(AShr, a, b, if a < 0 { -1 } else { 0 }),
        "shru" => shift(LShr, a, b, 0),
        "max" => {
            if compare(Cond::Sge, a, b) == 1 {
                a
            } else {
                b
            }
        }
        "maxu" => {
            if compare(Cond::Uge, a, b) == 1 {
                a
            } else {
                b
            }
        }
        "min" => {
            if compare(Cond::Sle, a, b) == 1 {
                a
            } else {
                b
            }
        }
        "minu" => {
            if compare(Cond::Ule, a, b) == 1 {
                a
            } else {
                b
            }
        }
        "mul32" => arith(Mul, a, b),
        "mul64h" => arith(MulHs, a, b),
        "mul64hu" => arith(MulHu, a, b),
        "cmpeq" => compare(Cond::Eq, a, b),
        "cmpne" => compare(Cond::Ne, a, b),
        "cmplt" => compare(Cond::Slt, a, b),
        "cmple" => compare(Cond::Sle, a, b),
        "cmpgt" => compare(Cond::Sgt, a, b),
        "cmpge" => compare(Cond::Sge, a, b),
        "cmpltu" => compare(Cond::Ult, a, b),
        "cmpleu" => compare(Cond::Ule, a, b),
        "cmpgtu" => compare(Cond::Ugt, a, b),
        "cmpgeu" => compare(Cond::Uge, a, b),
        "andl" => i64::from(a != 0 && b != 0),
        "nandl" => i64::from(!(a != 0 && b != 0)),
        "orl" => i64::from(a != 0 || b != 0),
        "norl" => i64::from(!(a != 0 || b != 0)),
        _ => return None,
    })
}

/// The value of the one-source operation `mnemonic` on `a` (`mov`, `mtb`
/// (a ≠ 0), `mfb`, `sxtb`, `sxth`, `zxtb`, `zxth`); `None` for any other
/// mnemonic.
pub fn unary(mnemonic: &str, a: i64) -> Option<i64> {
    let a = word(a);
    Some(match mnemonic {
        "mov" | "mfb" => a,
        "mtb" => i64::from(a != 0),
        "sxtb" => i64::from(a as i8),
        "sxth" => i64::from(a as i16),
        "zxtb" => a & 0xff,
        "zxth" => a & 0xffff,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-derived values of ISA-ST200 §4.1–§4.3.
    #[test]
    fn operations_follow_the_isa() {
        // wrapping at 32 bits, values sign-extended
        assert_eq!(
            binary("add", i64::from(i32::MAX), 1),
            Some(i64::from(i32::MIN))
        );
        assert_eq!(binary("sub", 3, 5), Some(-2));
        assert_eq!(binary("sh2add", 3, 1), Some(13));
        assert_eq!(binary("sh4add", -1, 0), Some(-16));
        assert_eq!(binary("andc", 0b1100, 0b1010), Some(0b0010));
        assert_eq!(binary("orc", -1, 5), Some(5));
        // shift counts: the low 8 bits; 32 or more gives 0 or the sign
        assert_eq!(binary("shl", 1, 31), Some(i64::from(i32::MIN)));
        assert_eq!(binary("shl", 1, 32), Some(0));
        assert_eq!(binary("shl", 1, 256 + 3), Some(8));
        assert_eq!(binary("shr", -8, 40), Some(-1));
        assert_eq!(binary("shr", 8, 40), Some(0));
        assert_eq!(binary("shr", -8, 1), Some(-4));
        assert_eq!(binary("shru", -8, 28), Some(15));
        assert_eq!(binary("shru", -8, 32), Some(0));
        // signed and unsigned order
        assert_eq!(binary("cmplt", -1, 0), Some(1));
        assert_eq!(binary("cmpltu", -1, 0), Some(0));
        assert_eq!(binary("max", -1, 0), Some(0));
        assert_eq!(binary("maxu", -1, 0), Some(-1));
        assert_eq!(binary("minu", -1, 0), Some(0));
        assert_eq!(binary("norl", 0, 0), Some(1));
        assert_eq!(binary("mul64hu", -1, 2), Some(1));
        assert_eq!(binary("mul64h", -1, 2), Some(-1));
        assert_eq!(binary("divs", 1, 1), None);
        assert_eq!(unary("sxtb", 0x80), Some(-128));
        assert_eq!(unary("zxth", -1), Some(0xffff));
        assert_eq!(unary("mtb", -7), Some(1));
        assert_eq!(unary("ldw", 0), None);
    }
}
