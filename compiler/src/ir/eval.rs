//! The one definition of IR arithmetic, used by the interpreter
//! ([`crate::interp`]) and by constant folding (SCCP, strength reduction,
//! scalar replacement). Values are stored zero-extended from their type
//! ([`mask`]); signed operations sign-extend first ([`sext`]).

use super::{BinaryOp, Cond, ConvOp, FBinaryOp, FCond, FConvOp, Type, UnaryOp};

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
        Type::I32 | Type::F32 => v & 0xffff_ffff,
        Type::I64 | Type::F64 => v,
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

/// A custom operation on `i32` operands (their low 32 bits): its `i32`
/// result, masked, by the operation's expression ([`isa::custom::Expr`]).
pub fn custom(op: &crate::ir::CustomOp, args: &[i32]) -> u64 {
    u64::from(op.eval(args) as u32)
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

// ---- floats: host IEEE 754 arithmetic on the bit patterns ----
//
// Rust's `f32`/`f64` operations are IEEE 754 binary32/binary64 operations
// rounded to nearest, ties to even, with no excess precision (on x86-64
// they are SSE instructions), so they are the reference for the C
// semantics with FLT_EVAL_METHOD 0 (C99 §5.2.4.2.2).

/// The default quiet NaN of binary32: the result of an invalid operation
/// (`0/0`, `inf - inf`, `0 * inf`) on operands that are not NaNs.
///
/// ISA-ST200 says nothing about it (the ST220/ST231 have no floating-point
/// unit; §4.12's ST240 operations are not used). lcc's programs compute in
/// the runtime's soft-float helpers, whose choice is the positive quiet NaN
/// with an empty payload (`F_QNAN`/`D_QNAN` in `runtime/lib/softfloat.c`),
/// which is also what gcc's constant folder gives for `0.0 / 0.0`. The x86
/// SSE arithmetic that the host's `f32`/`f64` use gives the negative one
/// (`0xFFC00000`), so [`fbinary`] does not take the host's NaN bits.
pub const F32_DEFAULT_NAN: u64 = 0x7FC0_0000;

/// The default quiet NaN of binary64 (see [`F32_DEFAULT_NAN`]).
pub const F64_DEFAULT_NAN: u64 = 0x7FF8_0000_0000_0000;

/// `op ty a, b` on float bit patterns (`ty` `f32` or `f64`).
///
/// A NaN result is the runtime's (`runtime/lib/softfloat.c`), not the
/// host's: the first operand quieted if it is a NaN, else the second one
/// quieted if it is, else the default NaN ([`F32_DEFAULT_NAN`],
/// [`F64_DEFAULT_NAN`]), so the interpreter, the constant folders and a
/// program in `stsim` give the same bits.
pub fn fbinary(op: FBinaryOp, ty: Type, a: u64, b: u64) -> u64 {
    if ty == Type::F32 {
        let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
        let r = match op {
            FBinaryOp::Add => x + y,
            FBinaryOp::Sub => x - y,
            FBinaryOp::Mul => x * y,
            FBinaryOp::Div => x / y,
        };
        if !r.is_nan() {
            return r.to_bits() as u64;
        }
        let quiet = 1 << 22;
        if x.is_nan() {
            mask(a | quiet, Type::F32)
        } else if y.is_nan() {
            mask(b | quiet, Type::F32)
        } else {
            F32_DEFAULT_NAN
        }
    } else {
        let (x, y) = (f64::from_bits(a), f64::from_bits(b));
        let r = match op {
            FBinaryOp::Add => x + y,
            FBinaryOp::Sub => x - y,
            FBinaryOp::Mul => x * y,
            FBinaryOp::Div => x / y,
        };
        if !r.is_nan() {
            return r.to_bits();
        }
        let quiet = 1 << 51;
        if x.is_nan() {
            a | quiet
        } else if y.is_nan() {
            b | quiet
        } else {
            F64_DEFAULT_NAN
        }
    }
}

/// `-a` on a float bit pattern: the sign bit flipped.
pub fn fneg(ty: Type, a: u64) -> u64 {
    if ty == Type::F32 {
        mask(a ^ 0x8000_0000, Type::F32)
    } else {
        a ^ (1 << 63)
    }
}

/// `fcmp cond ty a, b` on float bit patterns: 0 or 1.
pub fn fcmp(cond: FCond, ty: Type, a: u64, b: u64) -> u64 {
    let (x, y) = if ty == Type::F32 {
        (
            f32::from_bits(a as u32) as f64,
            f32::from_bits(b as u32) as f64,
        )
    } else {
        (f64::from_bits(a), f64::from_bits(b))
    };
    let uno = x.is_nan() || y.is_nan();
    (match cond {
        FCond::Oeq => x == y,
        FCond::Une => x != y,
        FCond::Olt => x < y,
        FCond::Ole => x <= y,
        FCond::Ogt => x > y,
        FCond::Oge => x >= y,
        FCond::Uno => uno,
        FCond::Ord => !uno,
    }) as u64
}

/// A float as an `f64` (exact for `f32`).
fn to_f64(ty: Type, a: u64) -> f64 {
    if ty == Type::F32 {
        f32::from_bits(a as u32) as f64
    } else {
        f64::from_bits(a)
    }
}

/// Float conversion of a masked operand. `None` when the result is
/// undefined: a float converted to an integer type whose range does not
/// hold its value truncated toward zero, or a NaN (C99 §6.3.1.4p1); the
/// caller then leaves the conversion to run time (the folder) or traps.
/// Integer to float rounds to nearest, ties to even (C99 §6.3.1.4p2 with
/// the IEEE default rounding mode), directly from the integer (never
/// through `f64` for `f32` results: that would round twice).
pub fn fconvert(op: FConvOp, from: Type, to: Type, a: u64) -> Option<u64> {
    Some(match op {
        FConvOp::SiToFp | FConvOp::UiToFp => {
            let signed = op == FConvOp::SiToFp;
            let wide = from == Type::I64;
            match (to, signed, wide) {
                (Type::F32, true, false) => (sext(a, Type::I32) as f32).to_bits() as u64,
                (Type::F32, true, true) => (a as i64 as f32).to_bits() as u64,
                (Type::F32, false, false) => (a as u32 as f32).to_bits() as u64,
                (Type::F32, false, true) => (a as f32).to_bits() as u64,
                (_, true, false) => (sext(a, Type::I32) as f64).to_bits(),
                (_, true, true) => (a as i64 as f64).to_bits(),
                (_, false, false) => (a as u32 as f64).to_bits(),
                (_, false, true) => (a as f64).to_bits(),
            }
        }
        FConvOp::FpToSi | FConvOp::FpToUi => {
            let t = to_f64(from, a).trunc();
            if t.is_nan() {
                return None;
            }
            let signed = op == FConvOp::FpToSi;
            let (lo, hi) = match (to, signed) {
                (Type::I32, true) => (-2147483648.0, 2147483648.0),
                (Type::I32, false) => (0.0, 4294967296.0),
                (_, true) => (-9223372036854775808.0, 9223372036854775808.0),
                (_, false) => (0.0, 18446744073709551616.0),
            };
            // -0.5 truncates to -0.0, which is in range of an unsigned type
            if !(t >= lo && t < hi) {
                return None;
            }
            let v = if signed { t as i64 as u64 } else { t as u64 };
            mask(v, to)
        }
        // a NaN keeps its sign and the top of its payload and is quieted
        // (the runtime's __extendsfdf2/__truncdfsf2, x86's cvtss2sd/cvtsd2ss)
        FConvOp::FpExt if f32::from_bits(a as u32).is_nan() => {
            ((a & 0x8000_0000) << 32) | F64_DEFAULT_NAN | ((a & 0x007F_FFFF) << 29)
        }
        FConvOp::FpTrunc if f64::from_bits(a).is_nan() => {
            ((a >> 32) & 0x8000_0000) | F32_DEFAULT_NAN | ((a & 0x000F_FFFF_FFFF_FFFF) >> 29)
        }
        FConvOp::FpExt => (f32::from_bits(a as u32) as f64).to_bits(),
        FConvOp::FpTrunc => (f64::from_bits(a) as f32).to_bits() as u64,
    })
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

    /// NaN results have the runtime's bits (`runtime/lib/softfloat.c`):
    /// invalid operations give the positive quiet NaN with an empty payload
    /// (IEEE 754-2008 §7.2; the host's SSE would give the negative one),
    /// a NaN operand comes back quieted, the first one if both are NaNs.
    #[test]
    fn nan_results_are_the_runtimes() {
        let d = |x: f64| x.to_bits();
        let f = |x: f32| x.to_bits() as u64;
        let inf = d(f64::INFINITY);
        assert_eq!(
            fbinary(FBinaryOp::Div, Type::F64, d(0.0), d(0.0)),
            0x7FF8_0000_0000_0000
        );
        assert_eq!(
            fbinary(FBinaryOp::Sub, Type::F64, inf, inf),
            0x7FF8_0000_0000_0000
        );
        assert_eq!(
            fbinary(FBinaryOp::Mul, Type::F64, d(-0.0), inf),
            0x7FF8_0000_0000_0000
        );
        assert_eq!(
            fbinary(FBinaryOp::Div, Type::F32, f(0.0), f(-0.0)),
            0x7FC0_0000
        );
        assert_eq!(
            fbinary(
                FBinaryOp::Add,
                Type::F32,
                f(f32::INFINITY),
                f(f32::NEG_INFINITY)
            ),
            0x7FC0_0000
        );
        // signalling 0x7FF0...01 is quieted, keeps its payload and sign
        let snan = 0xFFF0_0000_0000_0001;
        assert_eq!(
            fbinary(FBinaryOp::Add, Type::F64, d(1.0), snan),
            0xFFF8_0000_0000_0001
        );
        assert_eq!(
            fbinary(FBinaryOp::Mul, Type::F64, 0x7FF8_0000_0000_0002, snan),
            0x7FF8_0000_0000_0002
        );
        assert_eq!(
            fbinary(FBinaryOp::Sub, Type::F32, 0xFF80_0001, f(2.0)),
            0xFFC0_0001
        );
        // conversions keep the sign and the top of the payload, quieted
        assert_eq!(
            fconvert(FConvOp::FpExt, Type::F32, Type::F64, 0xFF80_0001),
            Some(0xFFF8_0000_2000_0000)
        );
        assert_eq!(
            fconvert(
                FConvOp::FpTrunc,
                Type::F64,
                Type::F32,
                0x7FF0_0000_4000_0000
            ),
            Some(0x7FC0_0002)
        );
    }

    #[test]
    fn float_operations_follow_ieee_754() {
        let d = |x: f64| x.to_bits();
        let f = |x: f32| x.to_bits() as u64;
        assert_eq!(
            fbinary(FBinaryOp::Add, Type::F64, d(0.1), d(0.2)),
            0x3FD3_3333_3333_3334
        );
        // binary32 0.1f + 0.2f = 0x3E99999A (rounded once, in binary32)
        assert_eq!(
            fbinary(FBinaryOp::Add, Type::F32, f(0.1), f(0.2)),
            0x3E99_999A
        );
        assert_eq!(fneg(Type::F64, d(0.0)), 0x8000_0000_0000_0000);
        assert_eq!(fneg(Type::F32, f(1.0)), 0xBF80_0000);
        let nan = d(f64::NAN);
        for c in [
            FCond::Oeq,
            FCond::Olt,
            FCond::Ole,
            FCond::Ogt,
            FCond::Oge,
            FCond::Ord,
        ] {
            assert_eq!(fcmp(c, Type::F64, nan, d(1.0)), 0);
        }
        assert_eq!(fcmp(FCond::Une, Type::F64, nan, nan), 1);
        assert_eq!(fcmp(FCond::Uno, Type::F64, nan, d(1.0)), 1);
        assert_eq!(fcmp(FCond::Oeq, Type::F64, d(0.0), d(-0.0)), 1);
        // 2^31 does not fit an int; 2^31 - 1 + 0.5 truncates into it
        assert_eq!(
            fconvert(FConvOp::FpToSi, Type::F64, Type::I32, d(2147483648.0)),
            None
        );
        assert_eq!(
            fconvert(FConvOp::FpToSi, Type::F64, Type::I32, d(2147483647.5)),
            Some(0x7fff_ffff)
        );
        assert_eq!(
            fconvert(FConvOp::FpToUi, Type::F64, Type::I32, d(-0.5)),
            Some(0)
        );
        assert_eq!(
            fconvert(FConvOp::FpToUi, Type::F64, Type::I32, d(-1.0)),
            None
        );
        assert_eq!(fconvert(FConvOp::FpToSi, Type::F64, Type::I64, nan), None);
        // 2^24 + 1 rounds to even in binary32 (directly, not through f64)
        assert_eq!(
            fconvert(FConvOp::SiToFp, Type::I32, Type::F32, 16_777_217),
            Some(f(16_777_216.0))
        );
        // 2^64 - 1 rounds up to 2^64
        assert_eq!(
            fconvert(FConvOp::UiToFp, Type::I64, Type::F64, u64::MAX),
            Some(d(18446744073709551616.0))
        );
        assert_eq!(
            fconvert(FConvOp::SiToFp, Type::I32, Type::F64, 0xffff_ffff),
            Some(d(-1.0))
        );
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
