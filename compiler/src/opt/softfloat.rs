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
//! The helpers are support routines ([`crate::codegen::is_support_routine`]):
//! a call of one leaves `$r48`…`$r62` intact (`isa::abi::SUPPORT_GENERAL`),
//! which the back end enforces when it compiles `softfloat.c` (its register
//! allocator keeps those routines to `$r0`…`$r47`) and which
//! `tests/support_routines.rs` checks on the assembly of the runtime. The
//! IR interpreter computes the helpers with host arithmetic
//! ([`eval_helper`]), so legalised IR runs there too.
//!
//! With [`Options::inline_compare`] (`-finline-float`) a comparison in a
//! loop is no call at all but about a dozen integer operations on the operands' bits
//! (`expand_compare`), without branches, which the ST231 issues four at a
//! time; a call of `__ltdf2` costs its linkage, the saved registers around
//! it and the routine's own branches. The expansion is made here, on the
//! IR, rather than on the machine IR: instruction selection then maps the
//! compares to `cmp` operations writing general registers and the `and`s
//! and `or`s to their ALU forms (ISA-ST200 §4.1, §4.3) like any integer
//! code, if-conversion, the schedulers and the register allocator see the
//! operations themselves, and a constant operand folds its half of the
//! sequence as it is built. Only loops get it: outside them the call is
//! smaller and rarely run. Arithmetic and conversions stay calls: their
//! fast paths are tens of operations with several exits, which would
//! multiply the code of a float loop in a direct-mapped 32 KiB I-cache.
//!
//! It is off by default. On the testsuite's float benchmarks at `-O2` on
//! the ST231 it takes 1 to 4 % off the cycles of the programs that compare
//! in loops (`mandelbrot` 3.9 %), and about 5 % off `stats_float`'s
//! cycles outside I-cache stalls; but the code it adds moves a loop of
//! `stats_float` onto the I-cache lines of the helpers that loop calls,
//! 32 KiB away, and the program gets 15 % slower (the direct-mapped I-cache
//! of ISA-ST200 §6); on the 8-issue machine `fft_float` gains 21 % by the
//! same kind of accident.

use super::Stats;
use crate::ir::eval;
use crate::ir::{
    BinaryOp, CallAbi, Callee, Cond, ConvOp, FBinaryOp, FCond, FConvOp, Function, InstKind, Module,
    Type, Value, ValueDef,
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
/// untouched) with every operation a helper call; returns the summed
/// counters.
pub fn legalize_module(m: &mut Module) -> Stats {
    legalize_module_with(m, &Options::default())
}

/// [`legalize_module`] with the inline expansions of `opts`.
pub fn legalize_module_with(m: &mut Module, opts: &Options) -> Stats {
    let mut s = Stats::default();
    for f in &mut m.functions {
        if has_floats(f) {
            s.merge(&run_with(f, opts));
        }
    }
    s
}

/// Which float operations the legalisation computes inline instead of
/// calling their helper. The default calls every helper (`lcc`'s default,
/// `-fno-inline-float`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `fcmp` as a branch-free integer sequence on the operands' bits
    /// (`expand_compare`) rather than a call of `__eqsf2` … `__unorddf2`
    /// in blocks inside loops (`lcc -finline-float`).
    pub inline_compare: bool,
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

/// The pass with every operation a helper call ([`Options::default`]).
pub fn run(f: &mut Function) -> Stats {
    run_with(f, &Options::default())
}

/// The pass: rewrites the float operations of `f` into helper calls and
/// integer operations (comparisons inline under
/// [`Options::inline_compare`]), then retypes every `f32`/`f64` value,
/// load, store, phi, call result, constant and the function's result as
/// the integer of the same width. Counters: "float operations lowered",
/// "helper calls", "comparisons inline".
pub fn run_with(f: &mut Function, opts: &Options) -> Stats {
    // comparisons are expanded in loops only (see the module documentation)
    let in_loop: Vec<bool> = if opts.inline_compare {
        let forest = f.loop_forest();
        (0..f.blocks.len())
            .map(|bi| forest.loop_depth(crate::ir::Block(bi as u32)) > 0)
            .collect()
    } else {
        vec![false; f.blocks.len()]
    };
    legalize(f, &in_loop)
}

/// [`run_with`] where the comparisons of block `b` are expanded when
/// `inline_compare[b]`.
fn legalize(f: &mut Function, inline_compare: &[bool]) -> Stats {
    let mut stats = Stats::default();
    for (bi, &inline_here) in inline_compare.iter().enumerate() {
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
                InstKind::Fcmp { cond, ty, args } if inline_here => {
                    stats.add("comparisons inline", 1);
                    let mut e = Emitter {
                        f,
                        b,
                        loc,
                        out: &mut out,
                    };
                    Some(expand_compare(&mut e, cond, ty, args))
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

/// Appends integer instructions to a block's new instruction list, folding
/// those whose operands are all constants.
struct Emitter<'a> {
    f: &'a mut Function,
    b: crate::ir::Block,
    loc: Option<(u32, u32)>,
    out: &'a mut Vec<crate::ir::Inst>,
}

impl Emitter<'_> {
    /// The constant `v` holds, when an `iconst` defines it.
    fn constant(&self, v: Value) -> Option<u64> {
        match self.f.values[v.index()].def {
            ValueDef::Inst(i) => match self.f.insts[i.index()].kind {
                InstKind::Iconst { ty, imm } => Some(eval::mask(imm as u64, ty.as_int())),
                _ => None,
            },
            ValueDef::Param(_) => None,
        }
    }
    fn emit(&mut self, k: InstKind) -> Value {
        let (i, r) = self.f.new_inst(self.b, k);
        self.f.insts[i.index()].loc = self.loc;
        self.out.push(i);
        r.expect("value")
    }
    fn iconst(&mut self, ty: Type, v: u64) -> Value {
        self.emit(InstKind::Iconst {
            ty,
            imm: eval::sext(v, ty),
        })
    }
    fn i32(&mut self, v: u32) -> Value {
        self.iconst(Type::I32, v as u64)
    }
    fn binary(&mut self, op: BinaryOp, ty: Type, a: Value, b: Value) -> Value {
        if let (Some(x), Some(y)) = (self.constant(a), self.constant(b)) {
            if let Ok(r) = eval::binary(op, ty, x, y) {
                return self.iconst(ty, r);
            }
        }
        self.emit(InstKind::Binary {
            op,
            ty,
            args: [a, b],
        })
    }
    fn and(&mut self, a: Value, b: Value) -> Value {
        self.binary(BinaryOp::And, Type::I32, a, b)
    }
    fn or(&mut self, a: Value, b: Value) -> Value {
        self.binary(BinaryOp::Or, Type::I32, a, b)
    }
    fn xor(&mut self, a: Value, b: Value) -> Value {
        self.binary(BinaryOp::Xor, Type::I32, a, b)
    }
    fn icmp(&mut self, cond: Cond, a: Value, b: Value) -> Value {
        if let (Some(x), Some(y)) = (self.constant(a), self.constant(b)) {
            let r = eval::icmp(cond, Type::I32, x, y);
            return self.i32(r as u32);
        }
        self.emit(InstKind::Icmp {
            cond,
            ty: Type::I32,
            args: [a, b],
        })
    }
    /// The high and low words of the `i64` `v`.
    fn halves(&mut self, v: Value) -> (Value, Value) {
        let k = self.iconst(Type::I64, 32);
        let h = self.binary(BinaryOp::LShr, Type::I64, v, k);
        let word = |e: &mut Self, x: Value| match e.constant(x) {
            Some(c) => e.i32(c as u32),
            None => e.emit(InstKind::Convert {
                op: ConvOp::Trunc,
                from: Type::I64,
                to: Type::I32,
                arg: x,
            }),
        };
        (word(self, h), word(self, v))
    }
}

/// The comparison `cond` of the `ty` operands `args` (their bits, as
/// `i32` or `i64`) as integer operations, without branches or calls; the
/// returned instruction gives the `i32` 0 or 1 that `fcmp` gives
/// (IEEE 754-2008 §5.11: a NaN is unordered with everything, `+0 == -0`).
///
/// For binary32 operands `a`, `b` (binary64 alike on the high words, the
/// low words joining each test):
///
/// - ordered: both magnitudes `a & 0x7fffffff` at most `0x7f800000`
///   (infinity); in binary64 the high-word magnitude is `or`ed with
///   `low != 0`, so that a NaN whose fraction lies in the low word
///   exceeds `0x7ff00000`;
/// - both zero: `(|a| | |b|) == 0`;
/// - equal: `a == b` or both zero;
/// - less: on sign-magnitude encodings the signed integer order is the
///   float order unless both signs are set, when it is reversed; with
///   `m = (a & b) >> 31` (arithmetic: all ones when both are negative),
///   `a < b` is `(a ^ m) < (b ^ m)` (complementing reverses the signed
///   order), false when both are zero; `a <= b` is `(a ^ m) <= (b ^ m)`
///   or both zero. In binary64 the pair order is the high words' signed
///   order, then the low words' unsigned order.
///
/// Each condition is the conjunction of "ordered" with the relation
/// (`une` and `uno` are the complements of `oeq` and `ord`), so that a
/// NaN operand gives what the libgcc helper's result does
/// ([`compare_helper`]).
fn expand_compare(e: &mut Emitter, cond: FCond, ty: Type, args: [Value; 2]) -> InstKind {
    let (hi, lo) = if ty == Type::F64 {
        let (ah, al) = e.halves(args[0]);
        let (bh, bl) = e.halves(args[1]);
        ([ah, bh], Some([al, bl]))
    } else {
        (args, None)
    };
    let zero = e.i32(0);
    let mag = e.i32(0x7fff_ffff);
    let ma = e.and(hi[0], mag);
    let mb = e.and(hi[1], mag);
    // the magnitudes a NaN makes exceed the infinity's
    let (ka, kb, inf) = match lo {
        Some([al, bl]) => {
            let na = e.icmp(Cond::Ne, al, zero);
            let nb = e.icmp(Cond::Ne, bl, zero);
            (e.or(ma, na), e.or(mb, nb), 0x7ff0_0000)
        }
        None => (ma, mb, 0x7f80_0000),
    };
    let inf = e.i32(inf);
    // `|a| | |b|`: zero when both are zeros
    let mut mz = e.or(ma, mb);
    if let Some([al, bl]) = lo {
        let l = e.or(al, bl);
        mz = e.or(mz, l);
    }
    match cond {
        FCond::Uno => {
            let x = e.icmp(Cond::Ugt, ka, inf);
            let y = e.icmp(Cond::Ugt, kb, inf);
            return finish(e, BinaryOp::Or, x, y);
        }
        FCond::Une => {
            let x = e.icmp(Cond::Ugt, ka, inf);
            let y = e.icmp(Cond::Ugt, kb, inf);
            let uno = e.or(x, y);
            let mut ne = e.icmp(Cond::Ne, hi[0], hi[1]);
            if let Some([al, bl]) = lo {
                let nl = e.icmp(Cond::Ne, al, bl);
                ne = e.or(ne, nl);
            }
            let nz = e.icmp(Cond::Ne, mz, zero);
            let r = e.and(ne, nz);
            return finish(e, BinaryOp::Or, uno, r);
        }
        _ => {}
    }
    let oa = e.icmp(Cond::Ule, ka, inf);
    let ob = e.icmp(Cond::Ule, kb, inf);
    if cond == FCond::Ord {
        return finish(e, BinaryOp::And, oa, ob);
    }
    let ord = e.and(oa, ob);
    let (x, y, strict) = match cond {
        FCond::Oeq => {
            let mut eq = e.icmp(Cond::Eq, hi[0], hi[1]);
            if let Some([al, bl]) = lo {
                let el = e.icmp(Cond::Eq, al, bl);
                eq = e.and(eq, el);
            }
            let bz = e.icmp(Cond::Eq, mz, zero);
            let r = e.or(eq, bz);
            return finish(e, BinaryOp::And, ord, r);
        }
        FCond::Olt => (0, 1, true),
        FCond::Ole => (0, 1, false),
        FCond::Ogt => (1, 0, true),
        _ => (1, 0, false),
    };
    let both = e.and(hi[0], hi[1]);
    let k31 = e.i32(31);
    let m = e.binary(BinaryOp::AShr, Type::I32, both, k31);
    let xh = e.xor(hi[x], m);
    let yh = e.xor(hi[y], m);
    let rel = match lo {
        Some(l) => {
            let xl = e.xor(l[x], m);
            let yl = e.xor(l[y], m);
            let lt = e.icmp(Cond::Slt, xh, yh);
            let eq = e.icmp(Cond::Eq, xh, yh);
            let c = e.icmp(if strict { Cond::Ult } else { Cond::Ule }, xl, yl);
            let t = e.and(eq, c);
            e.or(lt, t)
        }
        None => e.icmp(if strict { Cond::Slt } else { Cond::Sle }, xh, yh),
    };
    let r = if strict {
        let nz = e.icmp(Cond::Ne, mz, zero);
        e.and(rel, nz)
    } else {
        let bz = e.icmp(Cond::Eq, mz, zero);
        e.or(rel, bz)
    };
    finish(e, BinaryOp::And, ord, r)
}

/// The last instruction of an expansion, `op.i32 a, b` (an `iconst` when
/// both are constants).
fn finish(e: &Emitter, op: BinaryOp, a: Value, b: Value) -> InstKind {
    if let (Some(x), Some(y)) = (e.constant(a), e.constant(b)) {
        if let Ok(r) = eval::binary(op, Type::I32, x, y) {
            return InstKind::Iconst {
                ty: Type::I32,
                imm: eval::sext(r, Type::I32),
            };
        }
    }
    InstKind::Binary {
        op,
        ty: Type::I32,
        args: [a, b],
    }
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

    /// Every condition of the inline comparison on every pair of edge
    /// encodings (signed zeros, subnormals, the extremes of the normal
    /// range, infinities, quiet and signalling NaNs, for `f64` NaNs whose
    /// payload is in the low word only): the expanded integer code, run
    /// in the IR interpreter, gives what the host's IEEE 754 comparison
    /// gives.
    #[test]
    fn inline_comparisons_agree_with_the_host_on_edge_encodings() {
        let f32s: [u32; 12] = [
            0,
            0x8000_0000,
            1,
            0x8000_0001,
            0x007f_ffff,
            0x3f80_0000,
            0xbf80_0000,
            0x7f7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0xff80_0001,
        ];
        let f64s: [u64; 12] = [
            0,
            1 << 63,
            1,
            (1 << 63) | 1,
            0x3ff0_0000_0000_0000,
            0x3ff0_0000_0000_0001,
            0xbff0_0000_0000_0000,
            0x7fef_ffff_ffff_ffff,
            0x7ff0_0000_0000_0000,
            0xfff0_0000_0000_0000,
            0x7ff0_0000_0000_0001,
            0xfff8_0000_0000_0000,
        ];
        type HostCompare = fn(f64, f64) -> bool;
        let conds: [(&str, HostCompare); 8] = [
            ("oeq", |a, b| a == b),
            ("une", |a, b| a != b),
            ("olt", |a, b| a < b),
            ("ole", |a, b| a <= b),
            ("ogt", |a, b| a > b),
            ("oge", |a, b| a >= b),
            ("uno", |a, b| a.is_nan() || b.is_nan()),
            ("ord", |a, b| !a.is_nan() && !b.is_nan()),
        ];
        let pairs = f32s
            .iter()
            .flat_map(|&a| f32s.iter().map(move |&b| ("f32", a as u64, b as u64)))
            .chain(
                f64s.iter()
                    .flat_map(|&a| f64s.iter().map(move |&b| ("f64", a, b))),
            );
        let value = |ty: &str, bits: u64| {
            if ty == "f32" {
                f32::from_bits(bits as u32) as f64
            } else {
                f64::from_bits(bits)
            }
        };
        let mut checked = 0;
        for (ty, a, b) in pairs {
            // the constants as the signed integers of their width
            let (ia, ib) = if ty == "f32" {
                (a as u32 as i32 as i64, b as u32 as i32 as i64)
            } else {
                (a as i64, b as i64)
            };
            for (name, host) in conds {
                let text = format!(
                    "func @main() -> i32 {{\nblock0:\n  %a = iconst.{ty} {ia}\n  %b = iconst.{ty} {ib}\n  %c = fcmp.{name}.{ty} %a, %b\n  ret %c\n}}\n"
                );
                let mut m = module(&text);
                let blocks = m.functions[0].blocks.len();
                let s = legalize(&mut m.functions[0], &vec![true; blocks]);
                assert_eq!(s.get("comparisons inline"), 1);
                assert_eq!(s.get("helper calls"), 0);
                let want = host(value(ty, a), value(ty, b)) as i32;
                assert_eq!(exit_code(&m), want, "fcmp.{name}.{ty} {a:#x}, {b:#x}");
                checked += 1;
            }
        }
        assert_eq!(checked, 2 * 12 * 12 * 8);
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
