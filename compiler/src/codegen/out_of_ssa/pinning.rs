//! Pinning (F. Rastello, F. de Ferrière, C. Guillon, "Optimizing the
//! translation out-of-SSA with renaming constraints", LIP research report
//! RR-2005-34, 2005, seed S4; SSA book draft 2022, §19.1 "live range
//! pinning"): virtual registers pinned to one physical register by the
//! calling convention (ISA-ST200 §7.2) form one web; where two of them
//! interfere, or one is live across a write of its register, the pinned
//! live range is shortened by copies to the points where the convention
//! fixes the register (repair). The checker tests a pinning against the
//! correctness cases of S4 §2.2, Fig. 5.

use super::analysis::Analysis;
use super::*;

/// Pinned registers in conflict: two registers pinned to one physical
/// register that interfere (found by the walk of S2 Alg. 19.3 over each
/// pin web), or a pinned register live across a write of its register.
pub(super) fn pin_conflicts(mf: &MFunc, an: &Analysis) -> Vec<u32> {
    let nv = mf.vclass.len();
    let mut webs: Vec<(Reg, Vec<u32>)> = vec![];
    for v in 0..nv as u32 {
        if let Some(p) = mf.pinned(VReg(v)) {
            if !an.ok[v as usize] {
                continue;
            }
            match webs.iter_mut().find(|w| w.0 == p) {
                Some(w) => w.1.push(v),
                None => webs.push((p, vec![v])),
            }
        }
    }
    let mut out = vec![];
    for (p, mut set) in webs {
        set.sort_by_key(|&v| an.key(v));
        for (a, b) in an.walk(&set, false).conflicts {
            out.push(a);
            out.push(b);
        }
        for &v in &set {
            if an.forbid[v as usize] & pbit(p) != 0 {
                out.push(v);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Shortens the live range of pinned register `x` to the points where the
/// calling convention needs it (seed S4 §2, S2 Fig. 19.4): a fresh
/// unpinned `x'` carries the value; a constrained definition (call result,
/// incoming value) keeps `x` and copies it into `x'` right after; each
/// constrained use reads a fresh register pinned like `x`, copied from
/// `x'` just before. Returns the fresh pinned registers.
pub(super) fn repair(mf: &mut MFunc, x: u32) -> Vec<u32> {
    let Some(p) = mf.pinned(VReg(x)) else {
        return vec![];
    };
    let cls = mf.vclass[x as usize];
    let xr = Reg::V(VReg(x));
    let x2 = mf.vreg(cls);
    let mut new_pinned = vec![];
    let mut defined = false;
    for b in 0..mf.blocks.len() {
        let old = std::mem::take(&mut mf.blocks[b].insts);
        let mut out = Vec::with_capacity(old.len() + 2);
        for mut i in old {
            let fixed = constrained(&i);
            let uses_x = i.reads(xr);
            let defs_x = i.writes(xr);
            if uses_x {
                if fixed || i.imp_uses.contains(&xr) {
                    let xu = mf.pinned_vreg(cls, p);
                    new_pinned.push(reg_num(xu));
                    let mut c = pcopy_inst(&[(xu, x2)]);
                    c.loc = i.loc;
                    out.push(c);
                    subst(&mut i, xr, xu, false);
                } else {
                    subst(&mut i, xr, x2, false);
                }
            }
            let mut after = None;
            if defs_x {
                defined = true;
                if fixed || i.imp_defs.contains(&xr) {
                    let mut c = pcopy_inst(&[(x2, xr)]);
                    c.loc = i.loc;
                    after = Some(c);
                } else {
                    subst(&mut i, xr, x2, true);
                }
            }
            out.push(i);
            out.extend(after);
        }
        mf.blocks[b].insts = out;
    }
    if !defined {
        // incoming value: copy it at the entry, after any phis
        if let Some(&e) = mf.order.first() {
            let at = nphis(mf.block(e));
            mf.block_mut(e).insts.insert(at, pcopy_inst(&[(x2, xr)]));
        }
    }
    new_pinned
}

/// Replaces register `from` by `to` in the uses (`defs == false`) or the
/// definitions of `i`, implicit operands included.
pub(super) fn subst(i: &mut MInst, from: Reg, to: Reg, defs: bool) {
    for (r, d) in i.regs_mut() {
        if *r == from && d == defs {
            *r = to;
        }
    }
    let imp = if defs {
        &mut i.imp_defs
    } else {
        &mut i.imp_uses
    };
    for r in imp.iter_mut() {
        if *r == from {
            *r = to;
        }
    }
}

/// Repairs pin webs until they are interference-free (at most a few
/// rounds: a repaired register is minimal and never repaired again).
/// Returns the analysis of the repaired function.
pub(super) fn repair_pins(mf: &mut MFunc, st: &mut Stats) -> Analysis {
    let mut minimal = vec![false; mf.vclass.len()];
    for _ in 0..8 {
        let an = Analysis::new(mf);
        let conf = pin_conflicts(mf, &an);
        if conf.is_empty() {
            return an;
        }
        let todo: Vec<u32> = conf
            .iter()
            .copied()
            .filter(|&v| !minimal.get(v as usize).copied().unwrap_or(true))
            .collect();
        if todo.is_empty() {
            st.strong_interferences = conf.len();
            return an;
        }
        for x in todo {
            let fresh = repair(mf, x);
            minimal.resize(mf.vclass.len(), false);
            minimal[x as usize] = true;
            for f in fresh {
                minimal[f as usize] = true;
            }
            st.pinning_repairs += 1;
        }
    }
    let an = Analysis::new(mf);
    st.strong_interferences = pin_conflicts(mf, &an).len();
    an
}

/// An incorrect pinning (seed S4 §2.2, Fig. 5; Rastello et al. 2005 §2.2, Fig. 5, example T65).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PinError {
    /// Case 1: two different values pinned to one register as results of
    /// one operation (block, index, register).
    SameResults(usize, usize, Reg),
    /// Case 2: two different values pinned to one register as operands of
    /// one operation.
    SameOperands(usize, usize, Reg),
    /// Case 3: two phi results of one block pinned to one register.
    PhiResults(usize, Reg),
    /// Case 5: a phi argument pinned to a register other than the phi's
    /// (all arguments of a phi are implicitly pinned to its result's
    /// resource): (block, phi index, argument register).
    PhiArgument(usize, usize, Reg),
}

/// Checks the pinning of a machine-SSA function against the correctness
/// rules of S4 Fig. 5. A result and an operand of one operation may share a
/// register (Case 4, the two-operand form) and are accepted. Values are
/// compared by value number (a copy has its source's value), so
/// `pcopy [a, b] = [x, x]` with `a`, `b` pinned alike is accepted.
pub fn check_pinning(mf: &MFunc) -> Result<(), Vec<PinError>> {
    let an = Analysis::new(mf);
    let val = |r: Reg| match r {
        Reg::V(v) => an.value.get(v.index()).copied().unwrap_or(v.0),
        _ => u32::MAX,
    };
    // physical operands (call clobbers) are not values: only pinned
    // virtual registers are checked
    let pin = |r: Reg| match r {
        Reg::V(v) => mf.pinned(v),
        _ => None,
    };
    let mut errs = vec![];
    let clash = |regs: &[Reg]| -> Option<Reg> {
        for (k, &a) in regs.iter().enumerate() {
            for &b in &regs[k + 1..] {
                if a != b && pin(a).is_some() && pin(a) == pin(b) && val(a) != val(b) {
                    return pin(a);
                }
            }
        }
        None
    };
    for (b, blk) in mf.blocks.iter().enumerate() {
        let mut phi_pins: Vec<Reg> = vec![];
        for (k, i) in blk.insts.iter().enumerate() {
            if i.op == MOp::Phi {
                let d = phi_dst(i);
                let dp = d.and_then(pin);
                if let Some(p) = dp {
                    if phi_pins.contains(&p) {
                        errs.push(PinError::PhiResults(b, p));
                    }
                    phi_pins.push(p);
                }
                let mut res = dp;
                for (_, s) in phi_args(i) {
                    if let Some(sp) = pin(s) {
                        match res {
                            Some(rp) if rp != sp => errs.push(PinError::PhiArgument(b, k, s)),
                            _ => res = Some(sp),
                        }
                    }
                }
                continue;
            }
            if let Some(p) = clash(&i.defs()) {
                errs.push(PinError::SameResults(b, k, p));
            }
            let mut us = i.uses();
            us.dedup();
            if let Some(p) = clash(&us) {
                errs.push(PinError::SameOperands(b, k, p));
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}
