//! Soft-float legalisation (`softfloat`): rewrites every float operation
//! of the IR into a call of the runtime's IEEE 754 helpers
//! (`runtime/lib/softfloat.c`, libgcc's names and contracts) and every
//! `f32`/`f64` value into the `i32`/`i64` holding its bits, so that the
//! back end sees integers only.
//!
//! It runs on every core, the ST240 included, just before instruction
//! selection ([`crate::codegen::compile_module`] applies
//! [`legalize_module`]): the ST240's floating-point operations
//! (ISA-ST200 §4.12) have encodings that are not verified (ISA-ST200 §8,
//! question 18), so no float instruction is ever emitted.
//!
//! The helpers follow the ABI of ISA-ST200 §7.2: a `float` travels in one
//! general register like an `int`, a `double` in an even-aligned register
//! pair like a `long long`, low word first; results in `$r16` or
//! `$r16:$r17`. Rewrites:
//!
//! - `fadd/fsub/fmul/fdiv.f32` → `__addsf3 __subsf3 __mulsf3 __divsf3`,
//!   `.f64` → the `df3` ones;
//! - `fneg` → an `xor` of the sign bit (what `__negsf2`/`__negdf2` compute);
//! - `fcmp` → the libgcc comparison and an integer compare of its `int`
//!   result with 0: `oeq` `__eq?f2 == 0`, `une` `__ne?f2 != 0`, `olt`
//!   `__lt?f2 < 0`, `ole` `__le?f2 <= 0`, `ogt` `__gt?f2 > 0`, `oge`
//!   `__ge?f2 >= 0`, `uno` `__unord?f2 != 0`, `ord` `__unord?f2 == 0` (a
//!   NaN operand makes `__eq/__ne/__lt/__le` return 1 and `__gt/__ge`
//!   return −1, so each ordered condition is false on it);
//! - `sitofp/uitofp` → `__float{,un}{si,di}{sf,df}`, `fptosi/fptoui` →
//!   `__fix{,uns}{sf,df}{si,di}`, `fpext` → `__extendsfdf2`, `fptrunc` →
//!   `__truncdfsf2`.
//!
//! The helper calls are ordinary calls: they clobber the caller-saved
//! registers like any other. The IR interpreter computes the helpers with
//! host arithmetic ([`eval_helper`]), so legalised IR runs there too.

use super::Stats;
use crate::ir::eval;
use crate::ir::{
    BinaryOp, CallAbi, Callee, Cond, FBinaryOp, FCond, FConvOp, Function, InstKind, Module, Type,
};

/// Whether a function has any float value or operation.
pub fn has_floats(f: &Function) -> bool {
    f.ret.is_some_and(Type::is_float)
        || f.values.iter().any(|v| v.ty.is_float())
        || f.insts.iter().any(|d| match &d.kind {
            InstKind::Load { ty, .. }
            | InstKind::Store { ty, .. }
            | InstKind::VolatileLoad { ty, .. }
            | InstKind::VolatileStore { ty, .. }
            | InstKind::Phi { ty, .. } => ty.is_float(),
            InstKind::Call { ret, .. } => ret.is_some_and(Type::is_float),
            _ => false,
        })
}

/// Legalises every function of `m` that has floats (the others are left
/// untouched); returns the summed counters.
pub fn legalize_module(m: &mut Module) -> Stats {
    let mut s = Stats::default();
    for f in &mut m.functions {
        if has_floats(f) {
            s.merge(&run(f));
        }
    }
    s
}

fn suffix(ty: Type) -> &'static str {
    if ty == Type::F32 {
        "sf"
    } else {
        "df"
    }
}

fn int_suffix(ty: Type) -> &'static str {
    if ty == Type::I64 {
        "di"
    } else {
        "si"
    }
}

/// The helper computing `op` on `ty` (`__addsf3` …).
pub fn binary_helper(op: FBinaryOp, ty: Type) -> String {
    let n = match op {
        FBinaryOp::Add => "add",
        FBinaryOp::Sub => "sub",
        FBinaryOp::Mul => "mul",
        FBinaryOp::Div => "div",
    };
    format!("__{n}{}3", suffix(ty))
}

/// The libgcc comparison deciding `cond` on `ty`, and the integer
/// condition its `int` result must satisfy against 0.
pub fn compare_helper(cond: FCond, ty: Type) -> (String, Cond) {
    let (n, c) = match cond {
        FCond::Oeq => ("eq", Cond::Eq),
        FCond::Une => ("ne", Cond::Ne),
        FCond::Olt => ("lt", Cond::Slt),
        FCond::Ole => ("le", Cond::Sle),
        FCond::Ogt => ("gt", Cond::Sgt),
        FCond::Oge => ("ge", Cond::Sge),
        FCond::Uno => ("unord", Cond::Ne),
        FCond::Ord => ("unord", Cond::Eq),
    };
    (format!("__{n}{}2", suffix(ty)), c)
}

/// The helper converting `from` to `to` with `op`.
pub fn convert_helper(op: FConvOp, from: Type, to: Type) -> String {
    match op {
        FConvOp::SiToFp => format!("__float{}{}", int_suffix(from), suffix(to)),
        FConvOp::UiToFp => format!("__floatun{}{}", int_suffix(from), suffix(to)),
        FConvOp::FpToSi => format!("__fix{}{}", suffix(from), int_suffix(to)),
        FConvOp::FpToUi => format!("__fixuns{}{}", suffix(from), int_suffix(to)),
        FConvOp::FpExt => "__extendsfdf2".to_string(),
        FConvOp::FpTrunc => "__truncdfsf2".to_string(),
    }
}

fn call(name: String, args: Vec<crate::ir::Value>, ret: Type) -> InstKind {
    InstKind::Call {
        callee: Callee::Direct(name),
        args,
        ret: Some(ret),
        abi: CallAbi::default(),
    }
}

/// The pass: rewrites the float operations of `f` into helper calls and
/// integer operations, then retypes every `f32`/`f64` value, load, store,
/// phi, call result, constant and the function's result as the integer of
/// the same width. Counters: "float operations lowered", "helper calls".
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    for bi in 0..f.blocks.len() {
        let b = crate::ir::Block(bi as u32);
        let old = std::mem::take(&mut f.blocks[bi].insts);
        let mut out = Vec::with_capacity(old.len());
        for inst in old {
            let kind = f.insts[inst.index()].kind.clone();
            let loc = f.insts[inst.index()].loc;
            let before = |f: &mut Function, out: &mut Vec<_>, k: InstKind| {
                let (i, r) = f.new_inst(b, k);
                f.insts[i.index()].loc = loc;
                out.push(i);
                r.expect("value")
            };
            let new = match kind {
                InstKind::Fbinary { op, ty, args } => {
                    stats.add("helper calls", 1);
                    Some(call(binary_helper(op, ty), args.to_vec(), ty.as_int()))
                }
                InstKind::Fneg { ty, arg } => {
                    let it = ty.as_int();
                    let sign = before(
                        f,
                        &mut out,
                        InstKind::Iconst {
                            ty: it,
                            imm: if it == Type::I64 {
                                i64::MIN
                            } else {
                                i32::MIN as i64
                            },
                        },
                    );
                    Some(InstKind::Binary {
                        op: BinaryOp::Xor,
                        ty: it,
                        args: [arg, sign],
                    })
                }
                InstKind::Fcmp { cond, ty, args } => {
                    stats.add("helper calls", 1);
                    let (name, c) = compare_helper(cond, ty);
                    let r = before(f, &mut out, call(name, args.to_vec(), Type::I32));
                    let zero = before(
                        f,
                        &mut out,
                        InstKind::Iconst {
                            ty: Type::I32,
                            imm: 0,
                        },
                    );
                    Some(InstKind::Icmp {
                        cond: c,
                        ty: Type::I32,
                        args: [r, zero],
                    })
                }
                InstKind::Fconvert { op, from, to, arg } => {
                    stats.add("helper calls", 1);
                    Some(call(convert_helper(op, from, to), vec![arg], to.as_int()))
                }
                _ => None,
            };
            if let Some(k) = new {
                stats.add("float operations lowered", 1);
                f.insts[inst.index()].kind = k;
            }
            out.push(inst);
        }
        f.blocks[bi].insts = out;
    }
    for v in &mut f.values {
        v.ty = v.ty.as_int();
    }
    for d in &mut f.insts {
        match &mut d.kind {
            InstKind::Iconst { ty, .. }
            | InstKind::Load { ty, .. }
            | InstKind::Store { ty, .. }
            | InstKind::VolatileLoad { ty, .. }
            | InstKind::VolatileStore { ty, .. }
            | InstKind::Phi { ty, .. } => *ty = ty.as_int(),
            InstKind::Call { ret: Some(t), .. } => *t = t.as_int(),
            _ => {}
        }
    }
    f.ret = f.ret.map(Type::as_int);
    stats
}

/// Whether `name` is one of the soft-float helpers the legalisation
/// calls (the arithmetic, comparison and conversion routines of libgcc
/// named above).
pub fn is_helper(name: &str) -> bool {
    eval_helper(name, &[0, 0]).is_some()
}

/// The value of soft-float helper `name` on `args` (bit patterns, masked
/// to their integer width), computed with host IEEE 754 arithmetic
/// ([`crate::ir::eval`]) under the helper's libgcc contract; `None` when
/// `name` is not a helper. The interpreter uses it so that legalised IR
/// runs without the runtime's C implementation. A float-to-integer
/// conversion out of range (undefined in C) gives what the runtime's
/// helpers give: the saturated value, 0 for a NaN.
pub fn eval_helper(name: &str, args: &[u64]) -> Option<u64> {
    let rest = name.strip_prefix("__")?;
    let a = |i: usize| args.get(i).copied().unwrap_or(0);
    let fty = |s: &str| match s {
        "sf" => Some(Type::F32),
        "df" => Some(Type::F64),
        _ => None,
    };
    let ity = |s: &str| match s {
        "si" => Some(Type::I32),
        "di" => Some(Type::I64),
        _ => None,
    };
    for (n, op) in [
        ("add", FBinaryOp::Add),
        ("sub", FBinaryOp::Sub),
        ("mul", FBinaryOp::Mul),
        ("div", FBinaryOp::Div),
    ] {
        if let Some(t) = rest.strip_prefix(n).and_then(|s| s.strip_suffix('3')) {
            let ty = fty(t)?;
            return Some(eval::fbinary(op, ty, a(0), a(1)));
        }
    }
    if let Some(t) = rest.strip_prefix("neg").and_then(|s| s.strip_suffix('2')) {
        return Some(eval::fneg(fty(t)?, a(0)));
    }
    for n in ["eq", "ne", "lt", "le", "gt", "ge", "unord"] {
        if let Some(t) = rest.strip_prefix(n).and_then(|s| s.strip_suffix('2')) {
            let ty = fty(t)?;
            let (x, y) = (a(0), a(1));
            let uno = eval::fcmp(FCond::Uno, ty, x, y) == 1;
            let r: i32 = if n == "unord" {
                uno as i32
            } else if uno {
                if n == "gt" || n == "ge" {
                    -1
                } else {
                    1
                }
            } else if eval::fcmp(FCond::Olt, ty, x, y) == 1 {
                -1
            } else if eval::fcmp(FCond::Oeq, ty, x, y) == 1 {
                0
            } else {
                1
            };
            return Some(r as u32 as u64);
        }
    }
    match rest {
        "extendsfdf2" => return eval::fconvert(FConvOp::FpExt, Type::F32, Type::F64, a(0)),
        "truncdfsf2" => return eval::fconvert(FConvOp::FpTrunc, Type::F64, Type::F32, a(0)),
        _ => {}
    }
    if let Some(r) = rest.strip_prefix("float") {
        let (op, r) = match r.strip_prefix("un") {
            Some(r) => (FConvOp::UiToFp, r),
            None => (FConvOp::SiToFp, r),
        };
        if r.len() != 4 {
            return None;
        }
        let (from, to) = (ity(&r[..2])?, fty(&r[2..])?);
        return eval::fconvert(op, from, to, eval::mask(a(0), from));
    }
    if let Some(r) = rest.strip_prefix("fix") {
        let (op, r) = match r.strip_prefix("uns") {
            Some(r) => (FConvOp::FpToUi, r),
            None => (FConvOp::FpToSi, r),
        };
        if r.len() != 4 {
            return None;
        }
        let (from, to) = (fty(&r[..2])?, ity(&r[2..])?);
        let x = eval::mask(a(0), from);
        return Some(eval::fconvert(op, from, to, x).unwrap_or_else(|| {
            // out of range: saturate as the runtime does, NaN → 0
            let v = if from == Type::F32 {
                f32::from_bits(x as u32) as f64
            } else {
                f64::from_bits(x)
            };
            let s = match (op, to) {
                (FConvOp::FpToSi, Type::I32) => v as i32 as i64 as u64,
                (FConvOp::FpToSi, _) => v as i64 as u64,
                (_, Type::I32) => v as u32 as u64,
                _ => v as u64,
            };
            eval::mask(s, to)
        }));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    #[test]
    fn helper_names_follow_libgcc() {
        assert_eq!(binary_helper(FBinaryOp::Mul, Type::F64), "__muldf3");
        assert_eq!(
            convert_helper(FConvOp::UiToFp, Type::I64, Type::F32),
            "__floatundisf"
        );
        assert_eq!(
            convert_helper(FConvOp::FpToUi, Type::F64, Type::I32),
            "__fixunsdfsi"
        );
        assert_eq!(
            compare_helper(FCond::Oge, Type::F32),
            ("__gesf2".to_string(), Cond::Sge)
        );
    }

    #[test]
    fn helpers_evaluate_like_the_operations() {
        let d = |x: f64| x.to_bits();
        assert_eq!(eval_helper("__adddf3", &[d(1.5), d(2.25)]), Some(d(3.75)));
        assert_eq!(eval_helper("__ltdf2", &[d(f64::NAN), d(1.0)]), Some(1));
        assert_eq!(
            eval_helper("__gedf2", &[d(f64::NAN), d(1.0)]),
            Some(0xffff_ffff)
        );
        assert_eq!(eval_helper("__fixdfsi", &[d(3e10)]), Some(0x7fff_ffff));
        assert_eq!(
            eval_helper("__floatunsisf", &[0xffff_ffff]),
            Some(0x4f80_0000)
        );
        assert_eq!(eval_helper("__unordsf2", &[0x7fc0_0000, 0]), Some(1));
        assert_eq!(eval_helper("printf", &[]), None);
    }

    #[test]
    fn legalised_functions_hold_integers_only_and_compute_the_same() {
        let text = "
func @main() -> i32 {
block0:
  %a = iconst.f64 4609434218613702656
  %b = iconst.f32 1065353216
  %c = fpext.f32.f64 %b
  %d = fadd.f64 %a, %c
  %e = fneg.f64 %d
  %f = fcmp.olt.f64 %e, %a
  %g = fptosi.f64.i32 %e
  %h = add.i32 %g, %f
  ret %h
}
";
        let before = module(text);
        let mut after = before.clone();
        let s = run_on_all(&mut after, run);
        assert_eq!(s.get("helper calls"), 4);
        assert!(!has_floats(&after.functions[0]));
        // 1.5 + 1.0 = 2.5; -2.5 < 1.5; (int)-2.5 = -2; -2 + 1 = -1
        assert_eq!(exit_code(&before), 255);
        assert_eq!(exit_code(&after), 255);
    }
}
