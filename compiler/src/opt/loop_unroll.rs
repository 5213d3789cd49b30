//! Partial loop unrolling with a remainder loop (`-funroll-loops`, on at
//! `-O3`): a one-block bottom-tested loop (the shape `loop-rotate` makes)
//! whose exit test compares a basic induction variable with a
//! loop-invariant bound runs `k` iterations per trip through an unrolled
//! copy, so the scheduler sees `k` independent iterations in one block
//! (on a 4-issue VLIW with one memory unit a single iteration rarely fills
//! the bundles).
//!
//! Recognised loops (`B` the block, `i` a φ of `B`):
//!
//! ```text
//! B:  i = φ(i0, i')  …  i' = add i, s  …  c = icmp cond i', n  …  br c, B, X
//! ```
//!
//! with `s > 0` a constant, `n` defined outside `B`, `cond` one of `slt`,
//! `ult` (any `s`) or `ne` (`s = 1`) after normalising operand order and
//! branch sense, no call in `B`. The result:
//!
//! ```text
//! PC: br ok(i0), U, B                  (at least k iterations from i0?)
//! U:  k copies of B's body; br c_k ∧ ok(i_k), U, CK
//! CK: br c_k, B, X                     (0 < left < k: the remainder)
//! B:  the original loop, entered from PC, CK, or itself
//! ```
//!
//! `ok(j)` says that the iterations starting at `j`, `j + s`, …,
//! `j + (k−1)s` all run, given that the one at `j` runs: with
//! `j1 = j + s`, `cond(j1, n)` and `n − j1 >u (k−2)·s`. For `slt`/`ult`,
//! `cond(j1, n)` makes `n − j1` the exact, positive distance, so the
//! unsigned compare cannot wrap; for `ne` with step 1 it is the distance
//! modulo 2³². The unroll factor is 4, or 2 when four copies would exceed
//! [`MAX_UNROLLED_INSTS`] instructions.
//!
//! Values of `B` used after the loop get their second definition (copy
//! `k` in `U`) merged by SSA repair (S2 §5), as in `loop-rotate`.

use super::simplify_cfg::const_of;
use super::ssa::repair_many;
use super::Stats;
use crate::hash::HashMap;
use crate::ir::{BinaryOp, Block, Cond, Function, Inst, InstKind, Type, Value, ValueDef};

/// Largest unrolled body (instructions, φs and the branch excluded).
pub const MAX_UNROLLED_INSTS: usize = 64;

/// Unrolls every loop that qualifies. Counter: "loops unrolled".
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    let forest = f.loop_forest();
    let candidates: Vec<Block> = forest
        .loops
        .iter()
        .filter(|l| l.body.len() == 1 && l.children.is_empty())
        .map(|l| l.header)
        .collect();
    for b in candidates {
        if let Some(shape) = recognise(f, b) {
            unroll(f, b, &shape);
            stats.add("loops unrolled", 1);
        }
    }
    stats
}

/// What [`recognise`] finds in a loop block.
pub(super) struct Shape {
    /// The predecessor outside the loop.
    pub(super) pre: Block,
    /// The exit block.
    pub(super) exit: Block,
    /// The induction φ's entry value.
    pub(super) i0: Value,
    /// Its step (> 0).
    pub(super) step: i64,
    /// The bound.
    pub(super) n: Value,
    /// The condition under which the loop continues, `cond(i', n)`.
    pub(super) cond: Cond,
    /// The induction's next value `i'` (defined in the block).
    pub(super) next: Value,
    /// The continue condition value of the block (its branch operand,
    /// possibly of the negated sense).
    pub(super) test: Value,
    /// Whether the branch continues when `test` is non-zero.
    pub(super) continue_on_true: bool,
    /// Unroll factor.
    pub(super) k: usize,
}

fn negate(c: Cond) -> Cond {
    match c {
        Cond::Eq => Cond::Ne,
        Cond::Ne => Cond::Eq,
        Cond::Slt => Cond::Sge,
        Cond::Sge => Cond::Slt,
        Cond::Sle => Cond::Sgt,
        Cond::Sgt => Cond::Sle,
        Cond::Ult => Cond::Uge,
        Cond::Uge => Cond::Ult,
        Cond::Ule => Cond::Ugt,
        Cond::Ugt => Cond::Ule,
    }
}

/// The instruction kind that defines `v` (`None` for a parameter).
pub(super) fn def_kind(f: &Function, v: Value) -> Option<&InstKind> {
    match f.values[v.index()].def {
        ValueDef::Inst(i) => Some(&f.insts[i.index()].kind),
        ValueDef::Param(_) => None,
    }
}

/// Whether value `v` is defined by an instruction of block `b`.
pub(super) fn defined_in(f: &Function, v: Value, b: Block) -> bool {
    match f.values[v.index()].def {
        ValueDef::Inst(i) => f.insts[i.index()].block == b,
        ValueDef::Param(_) => false,
    }
}

/// The shape of loop `b` (the module documentation), if it qualifies.
pub(super) fn recognise(f: &Function, b: Block) -> Option<Shape> {
    if f.layout.first() == Some(&b) {
        return None;
    }
    let preds = f.predecessors();
    let outside: Vec<Block> = preds[b.index()]
        .iter()
        .copied()
        .filter(|&p| p != b)
        .collect();
    let [pre] = outside.as_slice() else {
        return None;
    };
    let &InstKind::Branch {
        cond: test,
        then,
        else_,
        ..
    } = f.terminator(b)?
    else {
        return None;
    };
    let (continue_on_true, exit) = if then == b && else_ != b {
        (true, else_)
    } else if else_ == b && then != b {
        (false, then)
    } else {
        return None;
    };
    let InstKind::Icmp {
        cond,
        ty: Type::I32,
        args: [x, y],
    } = *def_kind(f, test)?
    else {
        return None;
    };
    if !defined_in(f, test, b) {
        return None;
    }
    let cond = if continue_on_true { cond } else { negate(cond) };
    // i' on the left
    let is_next = |v: Value| {
        matches!(
            def_kind(f, v),
            Some(InstKind::Binary {
                op: BinaryOp::Add,
                ty: Type::I32,
                ..
            })
        ) && defined_in(f, v, b)
    };
    // the bound: defined before the loop, or a constant
    let invariant = |v: Value| !defined_in(f, v, b) || const_of(f, v).is_some();
    let (cond, next, n) = if is_next(x) && invariant(y) {
        (cond, x, y)
    } else if is_next(y) && invariant(x) {
        (cond.swapped(), y, x)
    } else {
        return None;
    };
    let Some(&InstKind::Binary { args: [p, q], .. }) = def_kind(f, next) else {
        return None;
    };
    let (phi, step) = match (const_of(f, q), const_of(f, p)) {
        (Some(s), _) => (p, s),
        (None, Some(s)) => (q, s),
        _ => return None,
    };
    if step <= 0 || step > 1 << 16 {
        return None;
    }
    let Some(InstKind::Phi { incoming, .. }) = def_kind(f, phi) else {
        return None;
    };
    if !defined_in(f, phi, b) {
        return None;
    }
    let i0 = incoming.iter().find(|x| x.0 == *pre)?.1;
    if incoming.iter().find(|x| x.0 == b)?.1 != next {
        return None;
    }
    match cond {
        Cond::Slt | Cond::Ult => {}
        Cond::Ne if step == 1 => {}
        _ => return None,
    }
    let insts = &f.blocks[b.index()].insts;
    let mut body = 0;
    for &i in insts {
        match &f.insts[i.index()].kind {
            InstKind::Phi { .. } => {}
            // volatile loops keep the shape the program gives them
            InstKind::Call { .. }
            | InstKind::VaStart
            | InstKind::VolatileLoad { .. }
            | InstKind::VolatileStore { .. } => return None,
            k if k.is_terminator() => {}
            _ => body += 1,
        }
    }
    let k = if 4 * body <= MAX_UNROLLED_INSTS {
        4
    } else if 2 * body <= MAX_UNROLLED_INSTS {
        2
    } else {
        return None;
    };
    Some(Shape {
        pre: *pre,
        exit,
        i0,
        step,
        n,
        cond,
        next,
        test,
        continue_on_true,
        k,
    })
}

/// Appends `kind` to block `b` (before its terminator when it has one).
pub(super) fn emit(f: &mut Function, b: Block, kind: InstKind) -> Value {
    let (i, v) = f.new_inst(b, kind);
    let insts = &mut f.blocks[b.index()].insts;
    let at = match insts.last() {
        Some(&t) if f.insts[t.index()].kind.is_terminator() => insts.len() - 1,
        _ => insts.len(),
    };
    f.blocks[b.index()].insts.insert(at, i);
    v.expect("instruction with a result")
}

/// `ok(j)` of the module documentation, computed at the end of `b`.
fn ok(f: &mut Function, b: Block, s: &Shape, j: Value) -> Value {
    let c = |f: &mut Function, imm: i64| emit(f, b, InstKind::Iconst { ty: Type::I32, imm });
    // a constant bound gets its own copy (it may be defined in the loop)
    let n = match const_of(f, s.n) {
        Some(v) => c(f, v),
        None => s.n,
    };
    let step = c(f, s.step);
    let j1 = emit(
        f,
        b,
        InstKind::Binary {
            op: BinaryOp::Add,
            ty: Type::I32,
            args: [j, step],
        },
    );
    let c1 = emit(
        f,
        b,
        InstKind::Icmp {
            cond: s.cond,
            ty: Type::I32,
            args: [j1, n],
        },
    );
    let d = emit(
        f,
        b,
        InstKind::Binary {
            op: BinaryOp::Sub,
            ty: Type::I32,
            args: [n, j1],
        },
    );
    let room = c(f, (s.k as i64 - 2) * s.step);
    let c2 = emit(
        f,
        b,
        InstKind::Icmp {
            cond: Cond::Ugt,
            ty: Type::I32,
            args: [d, room],
        },
    );
    emit(
        f,
        b,
        InstKind::Binary {
            op: BinaryOp::And,
            ty: Type::I32,
            args: [c1, c2],
        },
    )
}

fn unroll(f: &mut Function, b: Block, s: &Shape) {
    let insts = f.blocks[b.index()].insts.clone();
    let phis: Vec<Inst> = insts
        .iter()
        .copied()
        .filter(|&i| matches!(f.insts[i.index()].kind, InstKind::Phi { .. }))
        .collect();
    let body: Vec<Inst> = insts
        .iter()
        .copied()
        .filter(|&i| {
            let k = &f.insts[i.index()].kind;
            !matches!(k, InstKind::Phi { .. }) && !k.is_terminator()
        })
        .collect();
    // new blocks, laid out before B: PC, U, CK
    let pc = f.add_block();
    let u = f.add_block();
    let ck = f.add_block();
    f.layout.truncate(f.layout.len() - 3);
    let pos = f
        .layout
        .iter()
        .position(|&x| x == b)
        .expect("loop in layout");
    f.layout.splice(pos..pos, [pc, u, ck]);
    // the φs: (result, entry value, back value)
    let phi_vals: Vec<(Value, Value, Value)> = phis
        .iter()
        .map(|&i| {
            let d = &f.insts[i.index()];
            let InstKind::Phi { incoming, .. } = &d.kind else {
                unreachable!()
            };
            let from = |p: Block| incoming.iter().find(|x| x.0 == p).expect("phi arity").1;
            (d.result.expect("phi result"), from(s.pre), from(b))
        })
        .collect();
    // PC
    f.redirect(s.pre, b, pc);
    let ok0 = ok(f, pc, s, s.i0);
    f.push(
        pc,
        InstKind::Branch {
            cond: ok0,
            then: u,
            else_: b,
            prob: None,
        },
    );
    // U: φs, then k copies
    let mut map: HashMap<Value, Value> = HashMap::default();
    let mut u_phis = Vec::new();
    for &(r, entry, _) in &phi_vals {
        let ty = f.value_type(r);
        let (pi, pv) = f.new_inst(
            u,
            InstKind::Phi {
                ty,
                incoming: vec![],
            },
        );
        f.blocks[u.index()].insts.push(pi);
        let pv = pv.expect("phi result");
        map.insert(r, pv);
        u_phis.push((pi, entry));
    }
    for copy in 0..s.k {
        if copy > 0 {
            // the φs now stand for the previous copy's back values
            let next: Vec<(Value, Value)> = phi_vals
                .iter()
                .map(|&(r, _, back)| (r, map.get(&back).copied().unwrap_or(back)))
                .collect();
            for (r, v) in next {
                map.insert(r, v);
            }
        }
        for &i in &body {
            let mut kind = f.insts[i.index()].kind.clone();
            crate::ir::map_operands(&mut kind, |v| map.get(&v).copied().unwrap_or(v));
            let loc = f.insts[i.index()].loc;
            let (ni, nv) = f.new_inst(u, kind);
            f.insts[ni.index()].loc = loc;
            f.blocks[u.index()].insts.push(ni);
            if let (Some(r), Some(nv)) = (f.insts[i.index()].result, nv) {
                map.insert(r, nv);
            }
        }
    }
    // the U φs' operands: entry from PC, back from U (the last copy)
    for (k, &(pi, entry)) in u_phis.iter().enumerate() {
        let back = phi_vals[k].2;
        let back = map.get(&back).copied().unwrap_or(back);
        if let InstKind::Phi { incoming, .. } = &mut f.insts[pi.index()].kind {
            *incoming = vec![(pc, entry), (u, back)];
        }
    }
    // the last copy's continue test and the room for another round
    let last_test = map[&s.test];
    let cont = if s.continue_on_true {
        last_test
    } else {
        let z = emit(
            f,
            u,
            InstKind::Iconst {
                ty: Type::I32,
                imm: 0,
            },
        );
        emit(
            f,
            u,
            InstKind::Icmp {
                cond: Cond::Eq,
                ty: Type::I32,
                args: [last_test, z],
            },
        )
    };
    let start = map[&s.next];
    let room = ok(f, u, s, start);
    let again = emit(
        f,
        u,
        InstKind::Binary {
            op: BinaryOp::And,
            ty: Type::I32,
            args: [cont, room],
        },
    );
    f.push(
        u,
        InstKind::Branch {
            cond: again,
            then: u,
            else_: ck,
            prob: None,
        },
    );
    // CK: the remainder loop, or out
    f.push(
        ck,
        InstKind::Branch {
            cond: cont,
            then: b,
            else_: s.exit,
            prob: None,
        },
    );
    // B's φs: entry from PC (was pre), and the U values from CK
    for (k, &i) in phis.iter().enumerate() {
        let back = phi_vals[k].2;
        let from_u = map.get(&back).copied().unwrap_or(back);
        if let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind {
            for x in incoming.iter_mut() {
                if x.0 == s.pre {
                    x.0 = pc;
                }
            }
            incoming.push((ck, from_u));
        }
    }
    // X's φs: from CK, the U version of what B gives
    let exit_phis: Vec<Inst> = f.blocks[s.exit.index()].insts.clone();
    for i in exit_phis {
        let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind else {
            break;
        };
        if let Some(&(_, w)) = incoming.iter().find(|x| x.0 == b) {
            let wu = map.get(&w).copied().unwrap_or(w);
            incoming.push((ck, wu));
        }
    }
    repair_uses_outside(f, &phis, &body, &map, b, u, ck);
    f.sort_phi_operands(&[b, s.exit, u]);
}

/// After loop block `b` was copied to `copy` (value map `map` from `b`'s
/// values to the copy's, over `b`'s φs `phis` and `body`): every value of
/// `b` used outside both blocks has two definitions now, so SSA is
/// repaired for it ([`repair_many`]). A φ operand coming from `b`, `copy`
/// or `other` (the block that already chooses between the two) is not
/// such a use.
pub(super) fn repair_uses_outside(
    f: &mut Function,
    phis: &[Inst],
    body: &[Inst],
    map: &HashMap<Value, Value>,
    b: Block,
    copy: Block,
    other: Block,
) {
    let mut versions: Vec<(Value, Value)> = Vec::new();
    for &i in phis.iter().chain(body) {
        if let Some(r) = f.insts[i.index()].result {
            if let Some(&v) = map.get(&r) {
                if v != r {
                    versions.push((r, v));
                }
            }
        }
    }
    let used_outside = |f: &Function, v: Value| {
        f.layout.iter().any(|&x| {
            x != b
                && x != copy
                && f.blocks[x.index()].insts.iter().any(|&i| {
                    let k = &f.insts[i.index()].kind;
                    match k {
                        InstKind::Phi { incoming, .. } => incoming
                            .iter()
                            .any(|&(p, w)| w == v && p != b && p != other),
                        _ => k.operands().contains(&v),
                    }
                })
        })
    };
    let vars: Vec<Vec<Value>> = versions
        .into_iter()
        .filter(|&(r, _)| used_outside(f, r))
        .map(|(r, v)| vec![r, v])
        .collect();
    repair_many(f, &vars);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    /// `f(i0, n)`: a bottom-tested loop from `i0` by `STEP` while
    /// `COND(i', n)` (branch sense `SENSE`), summing `i·i + 1` into `s`
    /// and counting iterations in `t`; returns `s·7 + t` (values used
    /// after the loop: the φ `s` and the body's `t'`). `main` folds
    /// f over the pairs (i0, n) given in `CALLS`.
    fn program(cond: &str, step: i64, continue_on_true: bool, calls: &[(i64, i64)]) -> String {
        let br = if continue_on_true {
            "br %c, b1, b2"
        } else {
            "br %c, b2, b1"
        };
        let mut main = String::from("func @main() -> i32 {\nb0:\n  %acc0 = iconst.i32 0\n");
        for (k, (a, n)) in calls.iter().enumerate() {
            main += &format!(
                "  %a{k} = iconst.i32 {a}\n  %n{k} = iconst.i32 {n}\n  %r{k} = call.i32 @f(%a{k}, %n{k})\n  %m{k} = iconst.i32 31\n  %p{k} = mul.i32 %acc{k}, %m{k}\n  %acc{} = add.i32 %p{k}, %r{k}\n",
                k + 1
            );
        }
        main += &format!("  ret %acc{}\n}}\n", calls.len());
        format!(
            "func @f(i32 %i0, i32 %n) -> i32 {{
b0:
  %z = iconst.i32 0
  %one = iconst.i32 1
  %s0 = iconst.i32 {step}
  jump b1
b1:
  %i = phi.i32 [b0: %i0], [b1: %i2]
  %s = phi.i32 [b0: %z], [b1: %s2]
  %t = phi.i32 [b0: %z], [b1: %t2]
  %sq = mul.i32 %i, %i
  %sq1 = add.i32 %sq, %one
  %s2 = add.i32 %s, %sq1
  %t2 = add.i32 %t, %one
  %i2 = add.i32 %i, %s0
  %c = icmp.{cond}.i32 %i2, %n
  {br}
b2:
  %seven = iconst.i32 7
  %r0 = mul.i32 %s, %seven
  %r = add.i32 %r0, %t2
  ret %r
}}
{main}"
        )
    }

    /// Trip counts 1 to 11 around the unroll factor, and an entry past the
    /// bound (one iteration, the do-while shape): the interpreter's exit
    /// status is the same before and after unrolling, for every
    /// condition and step the pass accepts, and for the negated branch.
    #[test]
    fn unrolled_loops_compute_the_same() {
        let mut calls: Vec<(i64, i64)> = (1..=11).map(|n| (0, n)).collect();
        calls.extend([(5, 3), (-3, 4), (7, 8), (0, 0)]);
        for (cond, step, sense) in [
            ("slt", 1, true),
            ("slt", 3, true),
            ("ult", 2, true),
            ("ne", 1, true),
            ("sge", 1, false),
        ] {
            let calls: Vec<(i64, i64)> = calls
                .iter()
                .copied()
                // `ne` with an entry past the bound would run 2^32 times
                .filter(|&(a, n)| cond != "ne" || a < n)
                .collect();
            let text = program(cond, step, sense, &calls);
            let mut m = module(&text);
            let before = exit_code(&m);
            let st = run_on_all(&mut m, run);
            assert_eq!(st.get("loops unrolled"), 1, "{cond} {step}");
            assert_eq!(exit_code(&m), before, "{cond} step {step}");
        }
    }

    /// Hand-derived for n = 10 from 0 by 1: the φ `s` after the loop holds
    /// the sum before the last iteration, Σ_{i<9}(i²+1) = 204 + 9 = 213;
    /// t' = 10; f = 213·7 + 10 = 1501; exit status 1501 mod 256 = 221.
    #[test]
    fn known_result_after_unrolling() {
        let mut m = module(&program("slt", 1, true, &[(0, 10)]));
        assert_eq!(exit_code(&m), 1501 % 256);
        run_on_all(&mut m, run);
        assert_eq!(exit_code(&m), 1501 % 256);
        // four copies of the body's multiply in the unrolled block
        let f = &m.functions[0];
        let muls = |b: Block| {
            f.blocks[b.index()]
                .insts
                .iter()
                .filter(|&&i| {
                    matches!(
                        f.insts[i.index()].kind,
                        InstKind::Binary {
                            op: BinaryOp::Mul,
                            ..
                        }
                    )
                })
                .count()
        };
        assert!(f.layout.iter().any(|&b| muls(b) == 4));
    }

    /// `sle` (the bound itself included) is not accepted: `n − i'` would
    /// not be the exact distance at n = INT_MAX.
    #[test]
    fn inclusive_bound_is_left_alone() {
        let mut m = module(&program("sle", 1, true, &[(0, 10)]));
        let st = run_on_all(&mut m, run);
        assert_eq!(st.get("loops unrolled"), 0);
    }
}
