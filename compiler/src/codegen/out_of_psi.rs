//! Translation out of psi-SSA (seed-digest P15; Stoutchinin and
//! de Ferrière, MICRO 2001; Bruel, "psi-SSA improvements", 2006; SSA book
//! chapter 14.4).
//!
//! Every psi the back end creates has arguments computed unconditionally
//! ([`super::if_convert`] speculates; the ST231 has no predicated
//! operation but `slct`), so a psi is its chain of selects (seed-digest
//! T48, SSA book Fig. 14.10): `x = psi(a1, p2?a2, …, pn?an)` becomes
//! `t2 = slct p2, a2, a1; …; x = slct pn, an, t(n-1)` in place, which
//! keeps machine SSA; the out-of-SSA translation then coalesces the
//! chain's values like any others. A constant argument (defined by `mov
//! r = imm`) goes into the immediate of `slct`/`slctf`; then the
//! operations without effect whose results nothing reads are deleted (the
//! constants' `mov`s, values speculated for nothing). Before its chain is
//! built, each psi goes through psi-inlining and psi-reduction
//! ([`simplify`]). The papers' psi-normalize and psi-congruence phases
//! (`-fout-of-psi=webs`) are in [`super::psi_webs`], which runs before
//! this lowering when asked for.

use super::if_convert::select_chain;
use super::mir::*;
use super::predicate::{Definitions, Oracle};
use super::psi;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// Counters of the translation (`lcc --stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Psi operations removed.
    pub psis: usize,
    /// `slct`/`slctf` operations created.
    pub selects: usize,
    /// Constants taken as a select's immediate.
    pub immediates: usize,
    /// Operations deleted because nothing read their results.
    pub dead_removed: usize,
    /// Selects between a compare's two operands turned into
    /// `max`/`min`/`maxu`/`minu`.
    pub min_max: usize,
    /// Psi arguments replaced by the arguments of the psi defining them
    /// (psi-inlining, SSA book Fig. 14.4).
    pub inlined: usize,
    /// Psi arguments dropped because the guards to their right cover
    /// theirs (psi-reduction, SSA book Fig. 14.5).
    pub reduced: usize,
}

/// Replaces every psi of `mf` by its select chain (module documentation).
pub fn lower(mf: &mut MFunc) -> Stats {
    let mut st = Stats::default();
    // SSA: each register has one definition; those by `mov r = imm`
    let mut constants: HashMap<Reg, i64> = HashMap::new();
    for b in &mf.blocks {
        for i in &b.insts {
            if let (true, [Opnd::R(d @ Reg::V(_)), Opnd::Imm(c)]) = (i.is(opc::MOV_I), &i.ops[..]) {
                constants.insert(*d, *c);
            }
        }
    }
    let constant = |x: Reg| constants.get(&x).copied();
    let uses = use_counts(mf);
    for b in mf.block_ids() {
        if !mf.block(b).insts.iter().any(|i| i.op == MOp::Psi) {
            continue;
        }
        let defs = Rc::new(Definitions::learn(&mf.block(b).insts));
        let insts = std::mem::take(&mut mf.block_mut(b).insts);
        let mut out = Vec::with_capacity(insts.len());
        // the (simplified) arguments of this block's psis so far
        let mut psis: HashMap<Reg, Vec<PsiArg>> = HashMap::new();
        for i in insts {
            let Some(args) = i.psi_args().filter(|a| !a.is_empty()) else {
                out.push(i);
                continue;
            };
            let args = simplify(&defs, &psis, &uses, args, &mut st);
            if let Opnd::R(d) = i.ops[0] {
                psis.insert(d, args.clone());
            }
            st.psis += 1;
            let chain = select_chain(mf, i.ops[0].clone(), &args, &constant);
            for x in chain.iter().filter(|x| x.op != MOp::Isa(opc::MOV_R)) {
                st.selects += 1;
                if matches!(x.ops.last(), Some(Opnd::Imm(_))) {
                    st.immediates += 1;
                }
            }
            out.extend(chain.into_iter().map(|x| MInst { loc: i.loc, ..x }));
        }
        mf.block_mut(b).insts = out;
    }
    if st.psis > 0 {
        st.min_max = min_max(mf);
        st.dead_removed = delete_dead(mf);
    }
    st
}

/// How many operations read each register (a phi once per operand).
fn use_counts(mf: &MFunc) -> HashMap<Reg, usize> {
    let mut n = HashMap::new();
    for b in &mf.blocks {
        for i in &b.insts {
            for u in i.uses() {
                *n.entry(u).or_insert(0) += 1;
            }
        }
    }
    n
}

/// The psi transformations before the select chain (SSA book §14.3;
/// seed-digest P14): an argument defined by an earlier psi of the block
/// that nothing else reads is replaced by that psi's arguments when the
/// combined guards are literals (psi-inlining, [`psi::inline`]); then the
/// arguments whose guard the guards to their right cover are dropped
/// (psi-reduction, [`psi::reduce`]). Guards are compared by the predicate
/// oracle over the block's compares ([`Definitions`]), so `if (v < 0) x =
/// b; if (v >= 0) x = c;` selects once: `psi(a, p?b, !p?c)` needs no `a`.
fn simplify(
    defs: &Rc<Definitions>,
    psis: &HashMap<Reg, Vec<PsiArg>>,
    uses: &HashMap<Reg, usize>,
    mut args: Vec<PsiArg>,
    st: &mut Stats,
) -> Vec<PsiArg> {
    let mut o = Oracle::with(defs.clone());
    let mut k = 0;
    while k < args.len() {
        let a = args[k];
        let inner = psis
            .get(&a.value)
            .filter(|_| uses.get(&a.value) == Some(&1));
        match inner.and_then(|inner| psi::inline(&mut o, &args, k, inner)) {
            Some(v) => {
                st.inlined += 1;
                args = v;
            }
            None => k += 1,
        }
    }
    if let Some(v) = psi::reduce(&mut o, &args).filter(|v| !v.is_empty()) {
        st.reduced += args.len() - v.len();
        args = v;
    }
    args
}

/// Selects between the two operands of the compare that guards them are
/// `max`/`min` (`maxu`/`minu` for unsigned compares, ISA-ST200 §4.1): one
/// operation instead of a compare-to-select chain, and the compare dies
/// when nothing else reads it. With `p = u < w`: `p ? w : u` is `max(u,
/// w)` and `p ? u : w` is `min(u, w)`; `>` swaps them; `<=`/`>=` agree
/// with `<`/`>` except when `u = w`, where both operands are equal; and
/// `x < 0 ? 0 − x : x` is `max(x, 0 − x)`. The
/// machine IR is in SSA here (each register has one definition). Returns
/// how many selects were rewritten.
fn min_max(mf: &mut MFunc) -> usize {
    // compares into BRs: p → (signed?, less-than?, u, w)
    let mut cmps: HashMap<Reg, (bool, bool, Opnd, Opnd)> = HashMap::new();
    for b in &mf.blocks {
        for i in &b.insts {
            let Some(info) = i.info() else { continue };
            let (less, signed) = match info.mnemonic {
                "cmplt" | "cmple" => (true, true),
                "cmpltu" | "cmpleu" => (true, false),
                "cmpgt" | "cmpge" => (false, true),
                "cmpgtu" | "cmpgeu" => (false, false),
                _ => continue,
            };
            if let [Opnd::R(d @ Reg::V(_)), u @ Opnd::R(_), w] = &i.ops[..] {
                cmps.insert(*d, (signed, less, u.clone(), w.clone()));
            }
        }
    }
    // negations: r = 0 − x
    let mut negs: HashMap<Reg, Opnd> = HashMap::new();
    for b in &mf.blocks {
        for i in &b.insts {
            if i.info().is_some_and(|o| o.mnemonic == "sub") {
                if let [Opnd::R(d @ Reg::V(_)), Opnd::R(Reg::ZERO), x @ Opnd::R(_)] = &i.ops[..] {
                    negs.insert(*d, x.clone());
                }
            }
        }
    }
    let mut n = 0;
    for b in mf.block_ids() {
        for k in 0..mf.block(b).insts.len() {
            let i = &mf.block(b).insts[k];
            let Some(info) = i.info() else { continue };
            let on_false_first = match info.mnemonic {
                "slct" => false,
                "slctf" => true,
                _ => continue,
            };
            let [d, Opnd::R(p), x, y] = &i.ops[..] else {
                continue;
            };
            let Some((signed, less, u, w)) = cmps.get(p).cloned() else {
                continue;
            };
            // slct d = p, x, y: p ? x : y; slctf: p ? y : x
            let (on_true, on_false) = if on_false_first {
                (y.clone(), x.clone())
            } else {
                (x.clone(), y.clone())
            };
            // |x|: p = x < 0 (or 0 > x... as x < 0), p ? 0 − x : x is
            // max(x, 0 − x) (also for the most negative x, whose negation
            // is itself)
            let neg_of = |o: &Opnd| match o {
                Opnd::R(r) => negs.get(r).cloned(),
                _ => None,
            };
            if signed
                && less
                && (w == Opnd::Imm(0) || w == Opnd::R(Reg::ZERO))
                && neg_of(&on_true) == Some(u.clone())
                && on_false == u
            {
                let loc = i.loc;
                let new = mf.inst("max", vec![d.clone(), u, on_true]);
                mf.block_mut(b).insts[k] = MInst { loc, ..new };
                n += 1;
                continue;
            }
            // p ? w : u with p = u < w is max
            let picks_larger = if on_true == w && on_false == u {
                less
            } else if on_true == u && on_false == w {
                !less
            } else {
                continue;
            };
            let op = match (picks_larger, signed) {
                (true, true) => "max",
                (true, false) => "maxu",
                (false, true) => "min",
                (false, false) => "minu",
            };
            let loc = i.loc;
            let new = mf.inst(op, vec![d.clone(), u, w]);
            mf.block_mut(b).insts[k] = MInst { loc, ..new };
            n += 1;
        }
    }
    n
}

/// Deletes, until none is left, the operations without effect besides
/// their results ([`MInst::is_pure`]) whose results are virtual registers
/// no operation reads: the constants taken as immediates, and what
/// if-conversion speculated for nothing (an address both sides of a
/// diamond computed, of which one is kept). Returns how many.
fn delete_dead(mf: &mut MFunc) -> usize {
    let mut removed = 0;
    loop {
        let mut used: HashSet<Reg> = HashSet::new();
        for b in &mf.blocks {
            for i in &b.insts {
                used.extend(i.uses());
            }
        }
        let dead = |i: &MInst| {
            i.is_pure()
                && i.defs()
                    .iter()
                    .all(|d| matches!(d, Reg::V(_)) && !used.contains(d))
        };
        let before = removed;
        for b in mf.blocks.iter_mut() {
            let n = b.insts.len();
            b.insts.retain(|i| !dead(i));
            removed += n - b.insts.len();
        }
        if removed == before {
            return removed;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::{interp::run, parse};

    /// `x = a; if (v < 5) x = b; if (v >= 5) x = c;` if-converted: `x1 =
    /// psi(a, p?b); x2 = psi(x1, q?c)` with p = `cmplt v, 5` and q =
    /// `cmpge v, 5` in another BR. Psi-inlining gives `psi(a, p?b, q?c)`;
    /// the oracle knows q = !p, so p ∪ q covers `a`'s guard and
    /// psi-reduction drops it: one select (`v < 5 ? b : c`) instead of
    /// two. By execution for v = 4, 5, 6 against that formula.
    #[test]
    fn inlining_and_reduction_before_the_select_chain() {
        let text = "function @f global\nvregs 20 br %v4 %v5\npins %v1=$r16 %v2=$r17 %v3=$r18 %v9=$r16\norder B0\nB0:\n  pcopy %v1, %v2, %v3 = $r16, $r17, $r18\n  cmplt %v4 = %v1, 5\n  cmpge %v5 = %v1, 5\n  add %v6 = %v2, 1\n  add %v7 = %v3, 2\n  psi %v8 = %v2, %v4?%v6\n  psi %v10 = %v8, %v5?%v7\n  pcopy %v9 = %v10\n  return $r63 uses(%v9)\n";
        let before = parse::function(text).unwrap();
        let mut f = before.clone();
        let st = lower(&mut f);
        assert_eq!((st.inlined, st.reduced, st.selects), (1, 1, 2));
        let live_selects = f
            .block(f.order[0])
            .insts
            .iter()
            .filter(|i| matches!(i.op, MOp::Isa(o) if o.info().mnemonic.starts_with("slct")));
        assert_eq!(
            live_selects.count(),
            1,
            "the inner psi's select is dead and deleted"
        );
        for v in [4, 5, 6] {
            let (b, c) = (10, 20);
            let expect = if v < 5 { b + 1 } else { c + 2 };
            let inputs = [(Reg::G(16), v), (Reg::G(17), b), (Reg::G(18), c)];
            assert_eq!(run(&before, &inputs), Ok(expect));
            assert_eq!(run(&f, &inputs), Ok(expect));
        }
    }
}
