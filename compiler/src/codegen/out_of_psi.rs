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
        st.dead_removed = delete_dead(mf);
    }
    st
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
