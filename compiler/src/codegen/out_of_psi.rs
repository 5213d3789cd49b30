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
//! constants' `mov`s, values speculated for nothing). The psi-normalize / psi-congruence
//! phases of the papers are needed once arguments carry guarded
//! definitions; they are not built yet.

use super::if_convert::select_chain;
use super::mir::*;
use std::collections::{HashMap, HashSet};

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
    for b in mf.block_ids() {
        if !mf.block(b).insts.iter().any(|i| i.op == MOp::Psi) {
            continue;
        }
        let insts = std::mem::take(&mut mf.block_mut(b).insts);
        let mut out = Vec::with_capacity(insts.len());
        for i in insts {
            let Some(args) = i.psi_args().filter(|a| !a.is_empty()) else {
                out.push(i);
                continue;
            };
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
