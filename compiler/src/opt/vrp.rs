//! Value range propagation (`vrp`, on at `-O2`): an unsigned interval
//! `[lo, hi]` per integer value, found by an optimistic fixed point over
//! the instructions (Patterson, "Accurate static branch prediction by
//! value range propagation", PLDI 1995, with intervals only), then
//! compares that the intervals decide are folded to constants (the branch
//! they feed is folded by `sccp` and `simplify-cfg` afterwards).
//!
//! What it is for: the bounds check before a jump table (`switch (state)`
//! on a variable that only ever holds the constants the cases assign, as
//! in a state machine) and tests of masked or reduced values (`x & 7`,
//! `x % 10`, a zero-extended byte) against constants outside their range.
//!
//! Intervals are of the value's bits read as unsigned (`i8`: `0..=255`).
//! Transfer: a constant is itself; a φ is the union of its operands'
//! intervals (operands not reached yet are skipped: the optimistic start);
//! `and` with a constant `c` lies in `[0, min(hi, c)]`; `urem` by a
//! constant `c > 0` in `[0, c − 1]`; `lshr` by a constant shifts both
//! ends; `add`/`sub` of a constant moves both ends when neither wraps;
//! `zext` keeps the interval, `trunc` keeps it when it fits the narrower
//! type; a compare is `[0, 1]`; anything else (loads, parameters, calls…)
//! is the whole type. A value whose interval grows more than
//! [`MAX_WIDENINGS`] times is widened to the whole type, which bounds the
//! iteration (a loop counter).
//!
//! Folded: unsigned compares, equalities, and signed compares of two
//! values whose intervals lie in the non-negative half of the type.
//! Counter: "compares folded".

use super::Stats;
use crate::ir::{BinaryOp, Cond, ConvOp, Function, InstKind, Type, Value};

/// Growths of one value's interval before it is widened to its type.
pub const MAX_WIDENINGS: u8 = 4;

/// An unsigned interval `lo..=hi`.
type Range = (u64, u64);

/// All values of type `ty`, as unsigned.
fn full(ty: Type) -> Range {
    (0, type_mask(ty))
}

fn type_mask(ty: Type) -> u64 {
    crate::ir::eval::mask(u64::MAX, ty)
}

/// The interval of `k` (result type `ty`) from the operands' intervals
/// (`None`: not reached yet).
fn transfer(
    k: &InstKind,
    ty: Type,
    r: &dyn Fn(Value) -> Option<Range>,
    c: &dyn Fn(Value) -> Option<u64>,
) -> Option<Range> {
    let m = type_mask(ty);
    Some(match *k {
        InstKind::Iconst { imm, .. } => {
            let v = imm as u64 & m;
            (v, v)
        }
        InstKind::Phi { ref incoming, .. } => {
            let mut acc: Option<Range> = None;
            for &(_, v) in incoming {
                if let Some((lo, hi)) = r(v) {
                    acc = Some(match acc {
                        Some((a, b)) => (a.min(lo), b.max(hi)),
                        None => (lo, hi),
                    });
                }
            }
            return acc;
        }
        InstKind::Icmp { .. } => (0, 1),
        InstKind::Binary {
            op, args: [x, y], ..
        } if ty != Type::I64 => {
            let (rx, cy, cx) = (r(x), c(y), c(x));
            match (op, cy, cx) {
                (BinaryOp::And, Some(k), _) => (0, rx?.1.min(k & m)),
                (BinaryOp::And, None, Some(k)) => (0, r(y)?.1.min(k & m)),
                (BinaryOp::URem, Some(k), _) if k & m > 0 => (0, (k & m) - 1),
                (BinaryOp::LShr, Some(s), _) if (s & m) < u64::from(ty.bits()) => {
                    let (lo, hi) = rx?;
                    (lo >> (s & m), hi >> (s & m))
                }
                (BinaryOp::Add, Some(k), _) => {
                    let (lo, hi) = rx?;
                    let k = k & m;
                    if hi + k <= m {
                        (lo + k, hi + k)
                    } else {
                        full(ty)
                    }
                }
                (BinaryOp::Sub, Some(k), _) => {
                    let (lo, hi) = rx?;
                    let k = k & m;
                    if lo >= k {
                        (lo - k, hi - k)
                    } else {
                        full(ty)
                    }
                }
                _ => full(ty),
            }
        }
        InstKind::Convert {
            op: ConvOp::Zext,
            arg,
            ..
        } => r(arg)?,
        InstKind::Convert {
            op: ConvOp::Trunc,
            arg,
            ..
        } => {
            let (lo, hi) = r(arg)?;
            if hi <= m {
                (lo, hi)
            } else {
                full(ty)
            }
        }
        _ => full(ty),
    })
}

/// Whether `cond` holds for every `a` in `x` and `b` in `y` (`Some(true)`),
/// for none (`Some(false)`), or is undecided; `half` is the least value
/// with the type's sign bit.
fn decide(cond: Cond, x: Range, y: Range, half: u64) -> Option<bool> {
    let unsigned = |cond: Cond| match cond {
        Cond::Eq if x.0 == x.1 && y.0 == y.1 && x.0 == y.0 => Some(true),
        Cond::Eq | Cond::Ne if x.1 < y.0 || y.1 < x.0 => Some(cond == Cond::Ne),
        Cond::Ne if x.0 == x.1 && y.0 == y.1 && x.0 == y.0 => Some(false),
        Cond::Ult | Cond::Slt if x.1 < y.0 => Some(true),
        Cond::Ult | Cond::Slt if x.0 >= y.1 => Some(false),
        Cond::Ule | Cond::Sle if x.1 <= y.0 => Some(true),
        Cond::Ule | Cond::Sle if x.0 > y.1 => Some(false),
        Cond::Ugt | Cond::Sgt if x.0 > y.1 => Some(true),
        Cond::Ugt | Cond::Sgt if x.1 <= y.0 => Some(false),
        Cond::Uge | Cond::Sge if x.0 >= y.1 => Some(true),
        Cond::Uge | Cond::Sge if x.1 < y.0 => Some(false),
        _ => None,
    };
    let signed = matches!(cond, Cond::Slt | Cond::Sle | Cond::Sgt | Cond::Sge);
    if signed && (x.1 >= half || y.1 >= half) {
        return None;
    }
    unsigned(cond)
}

/// Runs the pass on `f`. Counter: "compares folded".
pub fn run(f: &mut Function) -> Stats {
    let mut st = Stats::default();
    let nv = f.values.len();
    let mut range: Vec<Option<Range>> = vec![None; nv];
    let mut growths = vec![0u8; nv];
    let consts: Vec<Option<u64>> = (0..nv)
        .map(|v| super::simplify_cfg::const_of(f, Value(v as u32)).map(|c| c as u64))
        .collect();
    // parameters: the whole type
    for &p in &f.params {
        range[p.index()] = Some(full(f.value_type(p)));
    }
    loop {
        let mut changed = false;
        for &b in &f.layout {
            for &i in &f.blocks[b.index()].insts {
                let d = &f.insts[i.index()];
                let Some(res) = d.result else { continue };
                let ty = f.value_type(res);
                let new = {
                    let r = |v: Value| range[v.index()];
                    let c = |v: Value| consts[v.index()];
                    transfer(&d.kind, ty, &r, &c)
                };
                let Some(new) = new else { continue };
                let old = range[res.index()];
                let merged = match old {
                    Some((a, b)) => (a.min(new.0), b.max(new.1)),
                    None => new,
                };
                if old != Some(merged) {
                    growths[res.index()] += 1;
                    range[res.index()] = Some(if growths[res.index()] > MAX_WIDENINGS {
                        full(ty)
                    } else {
                        merged
                    });
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // fold the compares the intervals decide
    let mut folded = 0u64;
    let mut repl: Vec<Option<Value>> = vec![None; nv];
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let mut k = 0;
        while k < f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[k];
            k += 1;
            let InstKind::Icmp {
                cond,
                ty,
                args: [x, y],
            } = f.insts[i.index()].kind
            else {
                continue;
            };
            if ty == Type::I64 {
                continue;
            }
            let (Some(rx), Some(ry)) = (range[x.index()], range[y.index()]) else {
                continue;
            };
            let half = 1u64 << (ty.bits() - 1);
            let Some(t) = decide(cond, rx, ry, half) else {
                continue;
            };
            let Some(res) = f.insts[i.index()].result else {
                continue;
            };
            let (ci, cv) = f.new_inst(
                b,
                InstKind::Iconst {
                    ty: Type::I32,
                    imm: t as i64,
                },
            );
            f.blocks[b.index()].insts[k - 1] = ci;
            repl.resize(f.values.len(), None);
            repl[res.index()] = cv;
            folded += 1;
        }
    }
    if folded > 0 {
        super::simplify_cfg::replace_uses(f, &repl);
    }
    st.add("compares folded", folded);
    st
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    /// A state machine: `s` takes only the values 0, 3 and 5, so the
    /// bounds check `s >u 7` before its dispatch is false and `s == 6`
    /// never holds; `x & 15 <u 16` always holds. Exit status by hand:
    /// s runs 0 → 3 → 5 → 0 … over 10 trips (i = 0..9: s before the
    /// update is 0,3,5,0,3,5,0,3,5,0, sum 24), plus 1 for every trip
    /// (the `&` test), plus 0 for `s == 6`: 34.
    #[test]
    fn compares_the_intervals_decide_are_folded() {
        let text = "
func @f(i32 %n) -> i32 {
b0:
  %zero = iconst.i32 0
  jump b1
b1:
  %i = phi.i32 [b0: %zero], [b4: %i2]
  %s = phi.i32 [b0: %zero], [b4: %s2]
  %acc = phi.i32 [b0: %zero], [b4: %acc3]
  %seven = iconst.i32 7
  %big = icmp.ugt.i32 %s, %seven
  br %big, b5, b2
b2:
  %is0 = icmp.eq.i32 %s, %zero
  br %is0, b6, b3
b3:
  %three = iconst.i32 3
  %is3 = icmp.eq.i32 %s, %three
  br %is3, b7, b8
b6:
  %three6 = iconst.i32 3
  jump b4
b7:
  %five = iconst.i32 5
  jump b4
b8:
  jump b4
b4:
  %s2 = phi.i32 [b6: %three6], [b7: %five], [b8: %zero]
  %six = iconst.i32 6
  %is6 = icmp.eq.i32 %s, %six
  %fifteen = iconst.i32 15
  %sixteen = iconst.i32 16
  %m = and.i32 %n, %fifteen
  %lt = icmp.ult.i32 %m, %sixteen
  %acc1 = add.i32 %acc, %s
  %acc2 = add.i32 %acc1, %lt
  %acc3 = add.i32 %acc2, %is6
  %one = iconst.i32 1
  %i2 = add.i32 %i, %one
  %ten = iconst.i32 10
  %c = icmp.slt.i32 %i2, %ten
  br %c, b1, b5
b5:
  %r = phi.i32 [b1: %acc], [b4: %acc3]
  ret %r
}
func @main() -> i32 {
b0:
  %x = iconst.i32 1234
  %r = call.i32 @f(%x)
  ret %r
}
";
        let mut m = module(text);
        assert_eq!(exit_code(&m), 34);
        let st = run_on_all(&mut m, run);
        // s >u 7, s == 6, m <u 16 (not the loop test: i grows)
        assert_eq!(st.get("compares folded"), 3);
        assert_eq!(exit_code(&m), 34);
    }
}
