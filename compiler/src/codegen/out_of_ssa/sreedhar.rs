//! Sreedhar et al.'s Method I (V. C. Sreedhar, R. D.-C. Ju, D. M. Gillies,
//! V. Santhanam, "Translating Out of Static Single Assignment Form", SAS
//! 1999; SSA book draft 2022, §17.3) and the phi isolation the other
//! coalescing methods start from: every phi resource gets its own copy
//! (parallel copies at the late point of each predecessor and after the
//! phis, SSA book Alg. 19.1), so each phi web (a phi and its isolated
//! arguments) is interference-free and becomes one variable (conventional
//! SSA). Method I stops there; Method III ([`super::sreedhar3`]) and
//! Boissinot et al. ([`super::boissinot`]) then coalesce further.

use super::analysis::Analysis;
use super::congruence::Classes;
use super::*;

/// Isolates every phi (S2 Alg. 19.1, with parallel copies): for
/// `a0 = phi(B1: a1, …)`, `a_i' ← a_i` joins a parallel copy at the late
/// point of `B_i` and `a0 ← a0'` a parallel copy after the phis, and the
/// phi becomes `a0' = phi(B1: a1', …)`. Returns the phi-related virtual
/// registers (the fresh ones).
pub(super) fn isolate_phis(mf: &mut MFunc) -> Vec<u32> {
    let nb = mf.blocks.len();
    let mut fresh = vec![];
    let mut end: Vec<Vec<(Reg, Reg)>> = vec![vec![]; nb];
    for b in 0..nb {
        let np = nphis(&mf.blocks[b]);
        if np == 0 {
            continue;
        }
        let mut start = vec![];
        for k in 0..np {
            let mut ops = std::mem::take(&mut mf.blocks[b].insts[k].ops);
            if let Some(Opnd::R(d)) = ops.first().cloned() {
                let d2 = mf.vreg(class_of(mf, d));
                fresh.push(reg_num(d2));
                start.push((d, d2));
                ops[0] = Opnd::R(d2);
            }
            let mut j = 1;
            while j + 1 < ops.len() {
                if let (Opnd::Label(p), Opnd::R(s)) = (&ops[j], &ops[j + 1]) {
                    let (p, s) = (*p, *s);
                    if p.index() < nb {
                        let s2 = mf.vreg(class_of(mf, s));
                        fresh.push(reg_num(s2));
                        end[p.index()].push((s2, s));
                        ops[j + 1] = Opnd::R(s2);
                    }
                }
                j += 2;
            }
            mf.blocks[b].insts[k].ops = ops;
        }
        let mut pc = pcopy_inst(&start);
        pc.loc = mf.blocks[b].insts[np - 1].loc;
        mf.blocks[b].insts.insert(np, pc);
    }
    for (p, pairs) in end.into_iter().enumerate() {
        if !pairs.is_empty() {
            let at = late_point(&mf.blocks[p]);
            mf.blocks[p].insts.insert(at, pcopy_inst(&pairs));
        }
    }
    fresh
}

/// The copies of an `MFunc` seen from phi isolation.
pub(super) struct IsolationCopies {
    /// Every virtual-register copy `(dst, src)`, in block order.
    pub(super) copies: Vec<(u32, u32)>,
    /// For a register made by isolation, the register on the other side
    /// of its copy (`partner[a_i'] = a_i`, `partner[a_0'] = a_0`).
    pub(super) partner: Vec<Option<u32>>,
    /// Per virtual register: made by isolation.
    pub(super) related: Vec<bool>,
}

/// The copies of `mf`, given the registers made by phi isolation
/// (`phi_related`, from [`isolate_phis`]).
pub(super) fn isolation_copies(mf: &MFunc, phi_related: &[u32]) -> IsolationCopies {
    let nv = mf.vclass.len();
    let mut related = vec![false; nv];
    for &v in phi_related {
        if (v as usize) < nv {
            related[v as usize] = true;
        }
    }
    let mut copies: Vec<(u32, u32)> = vec![];
    for &b in &mf.order {
        for i in &mf.block(b).insts {
            for (d, s) in copy_pairs(mf, i) {
                if let (Reg::V(d), Reg::V(s)) = (d, s) {
                    copies.push((d.0, s.0));
                }
            }
        }
    }
    let mut partner: Vec<Option<u32>> = vec![None; nv];
    for &(d, s) in &copies {
        if related[d as usize] {
            partner[d as usize] = Some(s);
        }
        if related[s as usize] {
            partner[s as usize] = Some(d);
        }
    }
    IsolationCopies {
        copies,
        partner,
        related,
    }
}

/// Joins every phi web into one congruence class: the phi result and its
/// arguments (isolation makes them interference-free, SSA book §19.1).
pub(super) fn join_phi_webs(mf: &MFunc, an: &Analysis, cls: &mut Classes) {
    for b in &mf.blocks {
        for i in b.insts.iter().filter(|i| i.op == MOp::Phi) {
            if let Some(Reg::V(d)) = phi_dst(i) {
                for (_, s) in phi_args(i) {
                    if let Reg::V(s) = s {
                        cls.union(an, d.0, s.0);
                    }
                }
            }
        }
    }
}
