//! De Ferrière's (2007) translation out of psi-SSA up to the psi-webs
//! (`-fout-of-psi=webs`; Bruel, "psi-SSA improvements", 2006, §4 — seed
//! S0; SSA book §14.4, Algorithm 14.1; de Ferrière 2007 §4; SSA book §14.4): optional copy
//! folding, psi-normalize, then psi-congruence. Its output is still
//! machine SSA with psis, whose *guarded copies* are one-argument psis
//! `a' = psi(p?a)` (a definition guarded by `p`); [`crate::codegen::psi::out_of_psi`]
//! then lowers every psi, a guarded copy becoming a plain copy, and the
//! phi-congruence is the chosen out-of-SSA method's, run on the result.
//!
//! On the ST231 the final code computes what the default select chain
//! computes, with the copies these phases insert (which coalescing may
//! remove): `slct` does not overwrite an operand, so the web constraint
//! ("every variable of a psi-web in one register") that these phases
//! establish for predicated moves is not needed here. The phases exist to
//! reproduce the published experiment (copies per phase, de Ferrière
//! 2007, §5) and for targets with predicated moves.
//!
//! Scope: each psi is handled within its block (if-conversion puts a
//! region's psis and speculated code in one block); arguments defined in
//! other blocks count as defined before the block, guards as defined
//! before their first use.
//!
//! - **Normalize** (S0 §4.2): visiting psis in block order and arguments
//!   left to right, an argument whose guard differs from its definition's
//!   guard (`true` unless the definition is a guarded copy) gets a guarded
//!   copy `p? a' = a` after the later of the definitions of `a` and `p`;
//!   an argument defined before its left neighbour is permuted with it when
//!   their guards are disjoint (S0 §4.6 (i)), else copied just after the
//!   neighbour's definition.
//! - **Congruence** (SSA book Algorithm 14.1 with S0 §4.6): arguments from
//!   right to left join the web of the psi's result unless they interfere
//!   with a member; an interfering argument is repaired by a guarded copy
//!   just before the definition of its right neighbour (before the psi for
//!   the last). Live ranges use the psi's use points (de Ferrière 2007 Fig. 7, example T48: an
//!   argument is used where its right neighbour is defined; the last one
//!   at the psi); values defined under disjoint guards do not interfere;
//!   interference with the psi's own result is ignored.

use crate::codegen::mir::*;
use crate::codegen::psi::predicate::{Definitions, Oracle, Predicate};
use crate::hash::HashMap;
use std::rc::Rc;

/// Counters of the phases of de Ferrière 2007 (§5 Figs. 9–10 rows).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Copies folded into psi arguments before the translation.
    pub folded: usize,
    /// Guarded copies inserted by psi-normalize.
    pub normalize_copies: usize,
    /// Arguments permuted by psi-normalize instead of copied.
    pub permutations: usize,
    /// Guarded copies inserted by psi-congruence.
    pub congruence_copies: usize,
}

/// Copy folding before the translation (S0 §5's experiment): a psi
/// argument defined by a register copy `a = mov b` (neither pinned) is
/// replaced by `b`. Can make a psi non-normalized (de Ferrière 2007 Fig. 5, example T46).
pub fn fold_copies(mf: &mut MFunc) -> usize {
    let mut copy_of: HashMap<Reg, Reg> = HashMap::default();
    for b in &mf.blocks {
        for i in &b.insts {
            if let (true, [Opnd::R(d @ Reg::V(dv)), Opnd::R(s @ Reg::V(sv))]) =
                (i.is(opc::MOV_R), &i.ops[..])
            {
                if mf.pinned(*dv).is_none() && mf.pinned(*sv).is_none() {
                    copy_of.insert(*d, *s);
                }
            }
        }
    }
    let mut n = 0;
    for b in mf.blocks.iter_mut() {
        for i in b.insts.iter_mut() {
            if i.op != MOp::Psi {
                continue;
            }
            for k in (3..i.ops.len()).step_by(3) {
                if let Opnd::R(x) = i.ops[k] {
                    if let Some(&s) = copy_of.get(&x) {
                        i.ops[k] = Opnd::R(s);
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

/// Runs psi-normalize then psi-congruence on every psi of `mf`.
pub fn translate(mf: &mut MFunc) -> Stats {
    let mut st = Stats::default();
    for b in mf.block_ids() {
        if mf.block(b).insts.iter().any(|i| i.op == MOp::Psi) {
            normalize(mf, b, &mut st);
        }
    }
    let outside = used_outside(mf);
    let mut webs = Webs::default();
    for b in mf.block_ids() {
        if mf.block(b).insts.iter().any(|i| i.op == MOp::Psi) {
            congruence(mf, b, &outside, &mut webs, &mut st);
        }
    }
    st
}

/// Position of the definition of `x` in `insts`; -1 when it is defined
/// elsewhere (before the block).
fn def_pos(insts: &[MInst], x: Reg) -> isize {
    insts
        .iter()
        .position(|i| i.explicit_defs().contains(&x))
        .map_or(-1, |p| p as isize)
}

/// The predicate of the definition of `x` in `insts`: a guarded copy's
/// guard; for a psi, the union of its arguments' guards (its implicit
/// guard, S0 Fig. 6's `p|q? x = psi(p?a, q?b)`); `true` for any other
/// definition and for a value defined before the block. `None` when the
/// oracle runs out of atoms.
fn def_predicate(insts: &[MInst], x: Reg, oracle: &mut Oracle) -> Option<Predicate> {
    let p = def_pos(insts, x);
    if p < 0 {
        return Some(Predicate::TRUE);
    }
    match insts[p as usize].psi_args() {
        Some(args) => args.iter().try_fold(Predicate::FALSE, |u, a| {
            oracle.guard(a.guard).map(|g| u.or(g))
        }),
        None => Some(Predicate::TRUE),
    }
}

/// Where an argument counts as defined for the order rule: a psi-defined
/// argument at its first argument's definition, recursively.
fn order_pos(insts: &[MInst], x: Reg, depth: u32) -> isize {
    let p = def_pos(insts, x);
    if p < 0 || depth == 0 {
        return p;
    }
    match insts[p as usize].psi_args().as_deref() {
        Some([first, _, ..]) => order_pos(insts, first.value, depth - 1),
        _ => p,
    }
}

/// Inserts the guarded copy `a' = psi(g?a)` at `at` in block `b`; returns
/// `a'`.
fn guarded_copy(mf: &mut MFunc, b: MBlockId, at: usize, g: Guard, a: Reg) -> Reg {
    let x = mf.vreg(Class::Gr);
    let c = MInst::psi(x, &[PsiArg { guard: g, value: a }]);
    mf.block_mut(b).insts.insert(at, c);
    x
}

/// Replaces argument `k` of the psi at `at` in block `b`.
fn set_arg(mf: &mut MFunc, b: MBlockId, at: usize, k: usize, a: PsiArg) {
    let mut args = mf.block(b).insts[at].psi_args().expect("a psi");
    args[k] = a;
    let dst = mf.block(b).insts[at].ops[0].clone();
    let loc = mf.block(b).insts[at].loc;
    let Opnd::R(d) = dst else {
        unreachable!("psi destination")
    };
    mf.block_mut(b).insts[at] = MInst {
        loc,
        ..MInst::psi(d, &args)
    };
}

/// Psi-normalize on the psis of block `b` (module documentation).
fn normalize(mf: &mut MFunc, b: MBlockId, st: &mut Stats) {
    // the copies inserted below define no truth values
    let defs = Rc::new(Definitions::learn(&mf.block(b).insts));
    let mut at = 0;
    while at < mf.block(b).insts.len() {
        let Some(args) = mf.block(b).insts[at].psi_args() else {
            at += 1;
            continue;
        };
        if args.len() < 2 {
            at += 1;
            continue;
        }
        let mut oracle = Oracle::with(defs.clone());
        let mut k = 0;
        while k < args.len() {
            let insts = &mf.block(b).insts;
            let args = insts[at].psi_args().expect("a psi");
            let a = args[k];
            // guard mismatch (unknown when atoms run out: copy)
            let same = matches!(
                (oracle.guard(a.guard), def_predicate(insts, a.value, &mut oracle)),
                (Some(p), Some(q)) if p == q
            );
            if !same {
                // after the definitions of the argument and of its guard,
                // and after the left neighbour's (so the order holds too)
                let pa = def_pos(insts, a.value);
                let pg = a.guard.reg().map_or(-1, |g| def_pos(insts, g));
                let pl = if k > 0 {
                    def_pos(insts, args[k - 1].value)
                } else {
                    -1
                };
                let pos = (pa.max(pg).max(pl) + 1) as usize;
                let x = guarded_copy(mf, b, pos, a.guard, a.value);
                at += 1;
                set_arg(mf, b, at, k, PsiArg { value: x, ..a });
                st.normalize_copies += 1;
                continue;
            }
            // order: a's definition (its first argument's, recursively,
            // for a psi) must not come before its left neighbour's
            // definition (S0 §4.3)
            if k > 0 {
                let left = args[k - 1];
                if order_pos(insts, a.value, 8) < def_pos(insts, left.value) {
                    let disjoint = matches!(
                        (oracle.guard(a.guard), oracle.guard(left.guard)),
                        (Some(p), Some(q)) if p.disjoint(q)
                    );
                    if disjoint {
                        set_arg(mf, b, at, k - 1, a);
                        set_arg(mf, b, at, k, left);
                        st.permutations += 1;
                        k -= 1;
                        continue;
                    }
                    // at the lowest of the two definitions (S0 §4.3: a
                    // psi-defined argument may be defined after its left
                    // neighbour although its first argument is not)
                    let pg = a.guard.reg().map_or(-1, |g| def_pos(insts, g));
                    let pos = (def_pos(insts, left.value)
                        .max(def_pos(insts, a.value))
                        .max(pg)
                        + 1) as usize;
                    let x = guarded_copy(mf, b, pos, a.guard, a.value);
                    at += 1;
                    set_arg(mf, b, at, k, PsiArg { value: x, ..a });
                    st.normalize_copies += 1;
                }
            }
            k += 1;
        }
        at += 1;
    }
}

/// Registers read outside their block or by a phi (live out of some
/// block).
fn used_outside(mf: &MFunc) -> HashMap<Reg, ()> {
    let mut def_block: HashMap<Reg, MBlockId> = HashMap::default();
    for b in mf.block_ids() {
        for i in &mf.block(b).insts {
            for d in i.defs() {
                def_block.insert(d, b);
            }
        }
    }
    let mut out = HashMap::default();
    for b in mf.block_ids() {
        for i in &mf.block(b).insts {
            for u in i.uses() {
                if i.op == MOp::Phi || def_block.get(&u) != Some(&b) {
                    out.insert(u, ());
                }
            }
        }
    }
    out
}

/// Psi-webs: a union-find over registers.
#[derive(Default)]
struct Webs {
    parent: HashMap<Reg, Reg>,
}

impl Webs {
    fn find(&mut self, x: Reg) -> Reg {
        let p = *self.parent.get(&x).unwrap_or(&x);
        if p == x {
            return x;
        }
        let r = self.find(p);
        self.parent.insert(x, r);
        r
    }
    fn union(&mut self, a: Reg, b: Reg) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent.insert(ra, rb);
        }
    }
    fn members(&mut self, x: Reg, universe: &[Reg]) -> Vec<Reg> {
        let r = self.find(x);
        let mut v: Vec<Reg> = universe
            .iter()
            .copied()
            .filter(|&u| self.find(u) == r)
            .collect();
        if !v.contains(&x) {
            v.push(x);
        }
        v
    }
}

/// Live range of `x` in `insts` as (definition, last use) positions, with
/// the psi use points of the module documentation; `len` as last use when
/// the value leaves the block.
fn live_range(insts: &[MInst], x: Reg, outside: &HashMap<Reg, ()>) -> (isize, isize) {
    let d = def_pos(insts, x);
    let mut last = d;
    if outside.contains_key(&x) {
        last = insts.len() as isize;
    }
    for (p, i) in insts.iter().enumerate() {
        if let Some(args) = i.psi_args() {
            for (k, a) in args.iter().enumerate() {
                let g = a.guard.reg();
                if g == Some(x) {
                    last = last.max(p as isize);
                }
                if a.value == x {
                    let point = match args.get(k + 1) {
                        Some(n) => {
                            let q = def_pos(insts, n.value);
                            if q >= 0 && (q as usize) < p {
                                q
                            } else {
                                p as isize
                            }
                        }
                        None => p as isize,
                    };
                    last = last.max(point);
                }
            }
        } else if i.reads(x) {
            last = last.max(p as isize);
        }
    }
    (d, last)
}

/// Whether `u` and `v` interfere in `insts` (module documentation).
fn interfere(
    insts: &[MInst],
    u: Reg,
    v: Reg,
    outside: &HashMap<Reg, ()>,
    oracle: &mut Oracle,
) -> bool {
    if u == v {
        return false;
    }
    let (du, lu) = live_range(insts, u, outside);
    let (dv, lv) = live_range(insts, v, outside);
    if !(du < lv && dv < lu) {
        return false;
    }
    // defined under disjoint guards: never both live with a value
    !matches!(
        (def_predicate(insts, u, oracle), def_predicate(insts, v, oracle)),
        (Some(p), Some(q)) if p.disjoint(q)
    )
}

/// Psi-congruence on the psis of block `b` (SSA book Algorithm 14.1).
fn congruence(
    mf: &mut MFunc,
    b: MBlockId,
    outside: &HashMap<Reg, ()>,
    webs: &mut Webs,
    st: &mut Stats,
) {
    let defs = Rc::new(Definitions::learn(&mf.block(b).insts));
    let mut at = 0;
    while at < mf.block(b).insts.len() {
        let Some(args) = mf.block(b).insts[at].psi_args() else {
            at += 1;
            continue;
        };
        if args.len() < 2 {
            at += 1;
            continue;
        }
        let Opnd::R(x) = mf.block(b).insts[at].ops[0] else {
            unreachable!("psi destination")
        };
        let mut oracle = Oracle::with(defs.clone());
        for k in (0..args.len()).rev() {
            let insts = &mf.block(b).insts;
            let args = insts[at].psi_args().expect("a psi");
            let a = args[k];
            let universe: Vec<Reg> = webs.parent.keys().copied().collect();
            let web = webs.members(x, &universe);
            let mine = webs.members(a.value, &universe);
            let clash = mine.iter().any(|&m| {
                web.iter()
                    .any(|&w| w != x && interfere(insts, m, w, outside, &mut oracle))
            });
            if clash {
                let pos = match args.get(k + 1) {
                    Some(n) => {
                        let q = def_pos(insts, n.value);
                        if q >= 0 && (q as usize) < at {
                            q as usize
                        } else {
                            at
                        }
                    }
                    None => at,
                };
                let y = guarded_copy(mf, b, pos, a.guard, a.value);
                at += 1;
                set_arg(mf, b, at, k, PsiArg { value: y, ..a });
                webs.union(y, x);
                st.congruence_copies += 1;
            } else {
                webs.union(a.value, x);
            }
        }
        at += 1;
    }
}
