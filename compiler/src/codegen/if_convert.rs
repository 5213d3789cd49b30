//! If-conversion into psi-SSA on machine SSA (SSA book chapter 18,
//! "If-conversion", §18.1–18.2; seed-digest P13).
//!
//! The ST231 predicates nothing but `slct` (partial predication, ISA-ST200
//! §4.3), so a converted branch's operations are *speculated*: moved above
//! the branch and executed on both paths. An operation may be speculated
//! when it has no effect besides its register result (ALU operations,
//! multiplies, compares); a load only in its dismissible form (`ldw.d`
//! and friends, §4.6: 0 instead of a trap), and only on a core that has
//! it (not the ST240). Stores and calls are never speculated: a region
//! holding one is left alone (the select-the-address idiom of SSA book
//! Fig. 18.3 is not used).
//!
//! Regions (S2 §18.1.1), found on the CFG from a head block ending in a
//! conditional branch on a BR register `p`:
//! - *diamond*: both successors are side blocks (single predecessor, the
//!   head; single successor, the join);
//! - *triangle*: one successor is a side block whose successor is the
//!   other one (the join).
//!
//! Conversion (*phi removal*, S2 §18.1.1): the side blocks' operations
//! are appended to the head, the branch is removed, and each phi of the
//! join becomes `x = psi(a_F, p?a_T)` at the end of the head: the value of
//! the not-taken path with the guard `true` (psi-promotion of the first
//! argument, S2 §14.3 / seed-digest T41, valid because every argument is
//! speculated), then the taken path's value with the branch's guard.
//! When the join has other predecessors (*phi reduction*), the psi gets a
//! new name and the phi one operand from the head in place of the
//! region's. When the join is left with the head as its only
//! predecessor, it is merged into the head.
//!
//! Heads are visited in postorder of the CFG (inner regions first, S2
//! §18.2.1); a region changed in one round is looked at again in the
//! next, so nested diamonds fold from the inside out until nothing
//! changes.
//!
//! Profitability (S2 §18.2.3): each path's cost before conversion is the
//! number of bundles the list scheduler ([`super::sched`]) gives its
//! blocks plus the model's taken-branch penalty for every taken control
//! transfer on it; the paths are weighted with the static probability
//! 1/2, or with the branch's measured probability when a profile from
//! `stsim --profile-edges` is given (`lcc -fprofile-use`,
//! [`super::profile`]). After conversion the cost is the bundles of the merged block (the
//! psis counted as the `slct` they become). A region is converted when it
//! costs no more after than before.

use super::mir::*;
use super::sched;
use crate::analysis::postorder;
use isa::model::ProcessorModel;

/// Counters of one function's if-conversion (`lcc --stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Regions (diamonds and triangles) converted.
    pub regions: usize,
    /// Operations moved above a branch (psis of inner regions not
    /// counted; an operation moved above two nested branches counts
    /// twice).
    pub speculated: usize,
    /// Loads among them, made dismissible.
    pub dismissible: usize,
    /// Psi operations created.
    pub psis: usize,
    /// Convertible regions left alone by the cost model.
    pub unprofitable: usize,
    /// Regions whose branch probability came from a profile.
    pub profiled: usize,
}

/// Most operations a side block may hold to be speculated: the cost model
/// would reject longer ones anyway, and this bounds its work.
const MAX_SIDE_OPS: usize = 24;

/// A convertible region.
#[derive(Clone, Debug)]
struct Region {
    head: MBlockId,
    /// Index in the head of the conditional branch (its terminators start
    /// there: the branch, then maybe a `goto`).
    branch: usize,
    /// Guard under which the branch is taken.
    taken_guard: Guard,
    /// Successor reached when the branch is taken / not taken.
    taken: MBlockId,
    fall: MBlockId,
    /// Where the two paths meet.
    join: MBlockId,
    /// The side blocks whose operations are speculated (one or two of
    /// `taken`, `fall`).
    sides: Vec<MBlockId>,
}

impl Region {
    fn is_side(&self, b: MBlockId) -> bool {
        self.sides.contains(&b)
    }
    /// The join's predecessor on the taken / not-taken path.
    fn taken_pred(&self) -> MBlockId {
        if self.is_side(self.taken) {
            self.taken
        } else {
            self.head
        }
    }
    fn fall_pred(&self) -> MBlockId {
        if self.is_side(self.fall) {
            self.fall
        } else {
            self.head
        }
    }
}

/// If-converts the diamonds and triangles of machine-SSA function `mf`
/// that the cost model finds profitable for `model` (module
/// documentation). Keeps machine SSA; leaves `psi` operations for
/// [`super::out_of_psi`].
pub fn if_convert(mf: &mut MFunc, model: &ProcessorModel) -> Stats {
    if_convert_with(mf, model, &|_| None)
}

/// [`if_convert`] with branch probabilities: `taken_probability(loc)` is
/// the probability that the branch at source position `loc` (line,
/// column) is taken, when a profile knows it
/// ([`super::profile::BranchProfile`]); the cost model weighs the two
/// paths with it instead of 1/2.
pub fn if_convert_with(
    mf: &mut MFunc,
    model: &ProcessorModel,
    taken_probability: &dyn Fn(Option<(u32, u32)>) -> Option<f64>,
) -> Stats {
    let mut st = Stats::default();
    if mf.order.is_empty() {
        return st;
    }
    loop {
        let cfg = Cfg::new(mf);
        let entry = mf.order[0];
        let order = postorder(entry, cfg.succ_lists());
        let mut touched = vec![false; mf.blocks.len()];
        let mut changed = false;
        for h in order {
            let Some(r) = region(mf, &cfg, h, model) else {
                continue;
            };
            let mut involved = vec![r.head, r.taken, r.fall, r.join];
            involved.extend(cfg.succs(r.join));
            if involved.iter().any(|b| touched[b.index()]) {
                continue;
            }
            let head = mf.block(r.head);
            let probability = taken_probability(head.insts[r.branch].loc);
            if probability.is_some() {
                st.profiled += 1;
            }
            if !profitable(mf, &cfg, &r, model, probability.unwrap_or(0.5)) {
                st.unprofitable += 1;
                continue;
            }
            for b in involved {
                touched[b.index()] = true;
            }
            convert(mf, &cfg, &r, &mut st);
            changed = true;
        }
        if !changed {
            return st;
        }
    }
}

/// The block after `b` in the layout.
fn layout_next(mf: &MFunc, b: MBlockId) -> Option<MBlockId> {
    let k = mf.order.iter().position(|&x| x == b)?;
    mf.order.get(k + 1).copied()
}

/// The region headed by `h`, if `h` ends in a conditional branch on a BR
/// virtual register and its successors form a diamond or a triangle whose
/// side blocks can be speculated and whose join's phis are over GRs.
fn region(mf: &MFunc, cfg: &Cfg, h: MBlockId, model: &ProcessorModel) -> Option<Region> {
    let insts = &mf.block(h).insts;
    let branch = insts.iter().position(|i| i.is_terminator())?;
    let br = &insts[branch];
    let taken_guard = match (br.opcode()?, &br.ops[..]) {
        (o, [Opnd::R(p @ Reg::V(_)), Opnd::Label(_)]) if o == opc::BR => Guard::If(*p),
        (o, [Opnd::R(p @ Reg::V(_)), Opnd::Label(_)]) if o == opc::BRF => Guard::IfNot(*p),
        _ => return None,
    };
    let Opnd::Label(taken) = br.ops[1] else {
        return None;
    };
    // after the branch: nothing, or one `goto`
    match &insts[branch + 1..] {
        [] => {}
        [g] if g.is(opc::GOTO) => {}
        _ => return None,
    }
    let succs = cfg.succs(h);
    if succs.len() != 2 || !succs.contains(&taken) {
        return None;
    }
    let fall = *succs.iter().find(|&&s| s != taken)?;
    let entry = mf.order[0];
    let side = |s: MBlockId| -> Option<MBlockId> {
        if s == h || s == entry || cfg.preds(s) != [h] {
            return None;
        }
        let [j] = cfg.succs(s) else { return None };
        let body = side_ops(mf.block(s))?;
        (body.len() <= MAX_SIDE_OPS && body.iter().all(|i| speculable(i, model))).then_some(*j)
    };
    let (join, sides) = match (side(taken), side(fall)) {
        (Some(a), Some(b)) if a == b => (a, vec![taken, fall]),
        (Some(a), _) if a == fall => (fall, vec![taken]),
        (_, Some(b)) if b == taken => (taken, vec![fall]),
        _ => return None,
    };
    if join == h || join == entry {
        return None;
    }
    let r = Region {
        head: h,
        branch,
        taken_guard,
        taken,
        fall,
        join,
        sides,
    };
    // the join's phis: GR values, no pinned registers
    let (tp, fp) = (r.taken_pred(), r.fall_pred());
    for i in mf.block(join).insts.iter().take_while(|i| i.op == MOp::Phi) {
        let d = i.ops[0].clone();
        let Opnd::R(Reg::V(dv)) = d else { return None };
        if mf.vclass[dv.index()] != Class::Gr || mf.pinned(dv).is_some() {
            return None;
        }
        phi_operand(i, tp)?;
        phi_operand(i, fp)?;
    }
    Some(r)
}

/// The operations of a side block before its final `goto` (if any);
/// `None` if it holds a phi or another control operation.
fn side_ops(b: &MBlock) -> Option<&[MInst]> {
    let body = match b.insts.last() {
        Some(l) if l.is(opc::GOTO) => &b.insts[..b.insts.len() - 1],
        _ => &b.insts[..],
    };
    body.iter()
        .all(|i| matches!(i.op, MOp::Isa(_) | MOp::Psi) && !i.is_control())
        .then_some(body)
}

/// True if `i` may be executed on a path where it was not: no effect but
/// its register results, and a load only if its dismissible form exists
/// on the model's core (ISA-ST200 §4.6).
fn speculable(i: &MInst, model: &ProcessorModel) -> bool {
    if i.op == MOp::Psi {
        // a psi of an inner region: its arguments are all speculated
        return true;
    }
    if !i.is_pure() {
        return false;
    }
    match i.opcode() {
        Some(o) if o.info().class == isa::ops::OpClass::Load => {
            o.info().mnemonic.ends_with(".d")
                || o.dismissible()
                    .is_some_and(|d| d.info().cores.contains(model.core))
        }
        _ => true,
    }
}

/// The value a phi receives from predecessor `p`.
fn phi_operand(phi: &MInst, p: MBlockId) -> Option<Reg> {
    phi.ops[1..].chunks(2).find_map(|c| match c {
        [Opnd::Label(l), Opnd::R(x)] if *l == p => Some(*x),
        _ => None,
    })
}

/// `i` made speculable: a load becomes its dismissible form.
fn speculated(i: &MInst) -> MInst {
    match i.opcode().and_then(|o| o.dismissible()) {
        Some(d) => MInst {
            op: MOp::Isa(d),
            ..i.clone()
        },
        None => i.clone(),
    }
}

/// Branch registers the allocator can give to values: all but its spill
/// scratch (ISA-ST200 §1.3: eight BRs; `isa::abi::BR_SPILL_SCRATCH`).
const BR_AVAILABLE: usize = isa::abi::BR_COUNT as usize - 1;

/// The most BR values live at once in the straight-line code `insts`
/// (guards of psis count as uses): speculating compares of both sides
/// keeps their BRs live together, and the number of branch registers
/// bounds how much can be if-converted (SSA book §18.2).
fn br_pressure(mf: &MFunc, insts: &[MInst]) -> usize {
    let is_br = |x: &Reg| mf.class(*x) == Some(Class::Br);
    let mut live: Vec<Reg> = vec![];
    let mut most = 0;
    for i in insts.iter().rev() {
        for d in i.defs() {
            live.retain(|x| *x != d);
        }
        for u in i.uses().into_iter().filter(is_br) {
            if !live.contains(&u) {
                live.push(u);
            }
        }
        most = most.max(live.len());
    }
    most
}

/// Bundles the list scheduler makes of `insts` for `model`: a two-argument
/// psi counts as the `slct` it becomes; other pseudo-operations, which
/// out-of-SSA translation removes or turns into copies, are left out.
fn bundles(mf: &MFunc, model: &ProcessorModel, insts: Vec<MInst>) -> f64 {
    let insts: Vec<MInst> = insts
        .into_iter()
        .filter_map(|i| match (i.op, i.psi_args().as_deref()) {
            (MOp::Isa(_), _) => Some(i),
            (MOp::Psi, Some([a, b])) => Some(select(
                mf,
                i.ops[0].clone(),
                b.guard,
                b.value,
                a.value,
                &|_| None,
            )),
            _ => None,
        })
        .collect();
    sched::schedule_block(model, insts, true).len() as f64
}

/// The cost model of the module documentation: expected cycles of the
/// region before conversion (the branch taken with probability `p_taken`,
/// 1/2 without a profile) against cycles after; true when after ≤ before.
fn profitable(mf: &MFunc, cfg: &Cfg, r: &Region, model: &ProcessorModel, p_taken: f64) -> bool {
    let penalty = model.taken_branch_penalty as f64;
    let head = &mf.block(r.head).insts;
    let body = &head[..r.branch];
    let has_goto = head.len() > r.branch + 1;
    let mut upto_branch = body.to_vec();
    upto_branch.push(head[r.branch].clone());
    let h = bundles(mf, model, upto_branch);
    // a side block: its bundles, and a taken `goto` to the join unless it
    // falls into it
    let side = |s: MBlockId| -> f64 {
        if !r.is_side(s) {
            return 0.0;
        }
        let b = &mf.block(s).insts;
        let jumps = b.last().is_some_and(|i| i.is(opc::GOTO));
        bundles(mf, model, b.clone()) + if jumps { penalty } else { 0.0 }
    };
    // a join merged into the head schedules with the merged code: count
    // its operations on both sides of the comparison
    let (tp, fp) = (r.taken_pred(), r.fall_pred());
    let merged_join = cfg.preds(r.join).iter().all(|p| *p == tp || *p == fp);
    let join_body: Vec<MInst> = if merged_join {
        mf.block(r.join)
            .insts
            .iter()
            .filter(|i| i.op != MOp::Phi)
            .cloned()
            .collect()
    } else {
        vec![]
    };
    let join = bundles(mf, model, join_body.clone());
    let taken = h + penalty + side(r.taken) + join;
    let fall = h + if has_goto { 1.0 + penalty } else { 0.0 } + side(r.fall) + join;
    let before = p_taken * taken + (1.0 - p_taken) * fall;
    // after: the head's body, the speculated sides, one slct per phi
    let mut merged: Vec<MInst> = body.to_vec();
    for &s in &r.sides {
        merged.extend(side_ops(mf.block(s)).unwrap_or(&[]).iter().map(speculated));
    }
    for phi in mf
        .block(r.join)
        .insts
        .iter()
        .take_while(|i| i.op == MOp::Phi)
    {
        if let (Some(t), Some(f)) = (phi_operand(phi, tp), phi_operand(phi, fp)) {
            if t != f {
                merged.push(select(mf, phi.ops[0].clone(), r.taken_guard, t, f, &|_| {
                    None
                }));
            }
        }
    }
    if br_pressure(mf, &merged) > BR_AVAILABLE {
        return false;
    }
    // the join is reached by a taken `goto` unless it is merged into the
    // head
    merged.extend(join_body);
    let after = bundles(mf, model, merged) + if merged_join { 0.0 } else { penalty };
    after <= before
}

/// `dst = guard ? value : otherwise` as one ST200 operation (ISA-ST200
/// §4.3): `slct dst = p, value, otherwise` for a guard `p`, `slctf dst =
/// p, value, otherwise` for `!p`, `mov dst = value` for `true`. When
/// `constant` knows one side as a constant (a register defined by `mov r =
/// imm`), the immediate form takes it directly: `slct d = p, a, imm` is
/// `p ? a : imm` and `slctf d = p, a, imm` is `p ? imm : a`.
pub fn select(
    mf: &MFunc,
    dst: Opnd,
    guard: Guard,
    value: Reg,
    otherwise: Reg,
    constant: &dyn Fn(Reg) -> Option<i64>,
) -> MInst {
    let r = Opnd::R;
    let (p, on_true, on_false) = match guard {
        Guard::True => return mf.inst("mov", vec![dst, r(value)]),
        Guard::If(p) => (p, value, otherwise),
        Guard::IfNot(p) => (p, otherwise, value),
    };
    // p ? on_true : on_false
    match (constant(on_true), constant(on_false)) {
        (_, Some(c)) => mf.inst("slct", vec![dst, r(p), r(on_true), Opnd::Imm(c)]),
        (Some(c), None) => mf.inst("slctf", vec![dst, r(p), r(on_false), Opnd::Imm(c)]),
        (None, None) => match guard {
            Guard::IfNot(_) => mf.inst("slctf", vec![dst, r(p), r(value), r(otherwise)]),
            _ => mf.inst("slct", vec![dst, r(p), r(value), r(otherwise)]),
        },
    }
}

/// The `slct` chain computing `dst = psi(args)` when every argument is
/// computed unconditionally (seed-digest T48, SSA book Fig. 14.10): the
/// first argument's guard is taken as `true` (psi-promotion), then each
/// argument selects over the value so far ([`select`], with `constant`);
/// a later `true` argument restarts the chain. Intermediate values get new
/// GR virtual registers of `mf`.
pub fn select_chain(
    mf: &mut MFunc,
    dst: Opnd,
    args: &[PsiArg],
    constant: &dyn Fn(Reg) -> Option<i64>,
) -> Vec<MInst> {
    let mut out = vec![];
    let n = args.len();
    let mut cur = args[0].value;
    for (k, a) in args.iter().enumerate().skip(1) {
        let last = k + 1 == n;
        if a.guard == Guard::True && !last {
            cur = a.value;
            continue;
        }
        let d = if last {
            dst.clone()
        } else {
            Opnd::R(mf.vreg(Class::Gr))
        };
        out.push(select(mf, d.clone(), a.guard, a.value, cur, constant));
        if let Opnd::R(x) = d {
            cur = x;
        }
    }
    if n == 1 {
        out.push(mf.inst("mov", vec![dst, Opnd::R(cur)]));
    }
    out
}

/// Converts region `r` (module documentation).
fn convert(mf: &mut MFunc, cfg: &Cfg, r: &Region, st: &mut Stats) {
    st.regions += 1;
    let (tp, fp) = (r.taken_pred(), r.fall_pred());
    let region_preds: Vec<MBlockId> = {
        let mut v = vec![tp, fp];
        v.dedup();
        v
    };
    // the join keeps its phis only if it has predecessors outside the region
    let only_region = cfg.preds(r.join).iter().all(|p| region_preds.contains(p));
    // 1. the head: body, speculated sides, psis
    let mut insts: Vec<MInst> = mf.block(r.head).insts[..r.branch].to_vec();
    for &s in &r.sides {
        for i in side_ops(mf.block(s)).unwrap_or(&[]) {
            let x = speculated(i);
            if x.op != MOp::Psi {
                st.speculated += 1;
            }
            if x.op != i.op {
                st.dismissible += 1;
            }
            insts.push(x);
        }
    }
    let join_insts = std::mem::take(&mut mf.block_mut(r.join).insts);
    let nphis = join_insts.iter().take_while(|i| i.op == MOp::Phi).count();
    let mut kept_phis = vec![];
    for phi in &join_insts[..nphis] {
        let (Some(t), Some(f)) = (phi_operand(phi, tp), phi_operand(phi, fp)) else {
            unreachable!("region() checked the phi operands");
        };
        let value = if t == f {
            t
        } else {
            let dst = if only_region {
                match phi.ops[0] {
                    Opnd::R(d) => d,
                    _ => unreachable!("phi destination is a register"),
                }
            } else {
                mf.vreg(Class::Gr)
            };
            st.psis += 1;
            insts.push(MInst::psi(
                dst,
                &[
                    PsiArg {
                        guard: Guard::True,
                        value: f,
                    },
                    PsiArg {
                        guard: r.taken_guard,
                        value: t,
                    },
                ],
            ));
            dst
        };
        if only_region {
            if value != phi_dst(phi) {
                // the phi's value is one register on both paths: a copy
                insts.push(mf.inst("mov", vec![phi.ops[0].clone(), Opnd::R(value)]));
            }
        } else {
            // phi reduction: one operand from the head replaces the region's
            let mut ops = vec![phi.ops[0].clone()];
            for c in phi.ops[1..].chunks(2) {
                if let [Opnd::Label(l), _] = c {
                    if !region_preds.contains(l) {
                        ops.extend(c.iter().cloned());
                    }
                }
            }
            ops.extend([Opnd::Label(r.head), Opnd::R(value)]);
            kept_phis.push(MInst { ops, ..phi.clone() });
        }
    }
    let rest = join_insts[nphis..].to_vec();
    // 2. the layout: the side blocks go
    for &s in &r.sides {
        mf.block_mut(s).insts.clear();
    }
    mf.order.retain(|b| !r.sides.contains(b));
    if only_region {
        // 3a. the join has only the head as predecessor now: merge it
        let next_of_join = layout_next(mf, r.join);
        let falls = !rest.last().is_some_and(|i| i.is_unconditional());
        insts.extend(rest);
        mf.order.retain(|&b| b != r.join);
        if falls {
            if let Some(n) = next_of_join {
                if layout_next(mf, r.head) != Some(n) {
                    insts.push(MInst::new(opc::GOTO, vec![Opnd::Label(n)]));
                }
            }
        }
        // the join's successors now come from the head
        for s in cfg.succs(r.join).to_vec() {
            for i in mf.block_mut(s).insts.iter_mut() {
                if i.op != MOp::Phi {
                    break;
                }
                for o in i.ops.iter_mut() {
                    if *o == Opnd::Label(r.join) {
                        *o = Opnd::Label(r.head);
                    }
                }
            }
        }
    } else {
        // 3b. the head jumps to the join
        let mut join = kept_phis;
        join.extend(rest);
        mf.block_mut(r.join).insts = join;
        if layout_next(mf, r.head) != Some(r.join) {
            insts.push(MInst::new(opc::GOTO, vec![Opnd::Label(r.join)]));
        }
    }
    mf.block_mut(r.head).insts = insts;
}

fn phi_dst(phi: &MInst) -> Reg {
    match phi.ops[0] {
        Opnd::R(d) => d,
        _ => unreachable!("phi destination is a register"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The BR bound: seven compares read only after the last one keep
    /// seven BRs live together; with the branch's own BR, read by the psi
    /// at the end, eight (> [`BR_AVAILABLE`], ISA-ST200 §1.3 minus the
    /// spill scratch). Counted by hand.
    #[test]
    fn br_pressure_counts_branch_registers_live_together() {
        let mut text = String::from("function @f global\nvregs 30 br %v3");
        for k in 0..7 {
            text.push_str(&format!(" %v{}", 10 + k));
        }
        text.push_str("\norder B0\nB0:\n  add %v1 = $r0, 1\n  add %v2 = $r0, 2\n");
        text.push_str("  cmplt %v3 = %v1, %v2\n");
        for k in 0..7 {
            text.push_str(&format!("  cmplt %v{} = %v1, {}\n", 10 + k, k + 1));
        }
        let mut prev = "%v1".to_string();
        for k in 0..7 {
            text.push_str(&format!(
                "  slct %v{} = %v{}, {prev}, %v2\n",
                20 + k,
                10 + k
            ));
            prev = format!("%v{}", 20 + k);
        }
        text.push_str("  psi %v28 = %v2, %v3?%v26\n");
        let f = parse::function(&text).expect("parses");
        let insts = &f.block(MBlockId(0)).insts;
        assert_eq!(br_pressure(&f, insts), 8);
        assert!(br_pressure(&f, insts) > BR_AVAILABLE);
        // without the psi reading %v3 at the end, %v3 dies before the
        // seven compares: seven live at most
        assert_eq!(br_pressure(&f, &insts[..insts.len() - 1]), 7);
    }
}
