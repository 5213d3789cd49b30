//! If-conversion into psi-SSA on machine SSA (SSA book chapter 18,
//! "If-conversion", §18.1–18.2; SSA book ch. 18; de Ferrière 2007 §2–3).
//!
//! The ST231 predicates nothing but `slct` (partial predication, ISA-ST200
//! §4.3), so a converted branch's operations are *speculated*: moved above
//! the branch and executed on both paths. An operation may be speculated
//! when it has no effect besides its register result (ALU operations,
//! multiplies, compares); a load only in its dismissible form (`ldw.d`
//! and friends, §4.6: 0 instead of a trap), and only on a core that has
//! it (not the ST240). Calls are never speculated: a region holding one
//! is left alone. Stores are executed on both paths without writing
//! where they should not (SSA book Fig. 18.3, SSA book Fig. 18.2, 18.3, example T54): when the
//! two sides of a diamond store to the same address (same operation,
//! offset and base value), the stores are *sunk* below the sides as one
//! store of the selected value; a store to bytes the head loads is
//! *written back*, `st A = slct(guard, value, loaded)` (`write_back`);
//! any other store *selects its address*, writing a scratch word of the
//! frame on the path not taken.
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
//! argument, S2 §14.3 / SSA book Fig. 14.8, Eq. 14.1, example T41, valid because every argument is
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
//! number of bundles the list scheduler ([`crate::codegen::sched::list`]) gives its
//! blocks plus the model's taken-branch penalty for every taken control
//! transfer on it; the paths are weighted with the static probability
//! 1/2, or with the branch's measured probability when a profile from
//! `stsim --profile-edges` is given (`lcc -fprofile-use`,
//! [`crate::codegen::psi::profile`]), or else with the probability the program states
//! ([`MInst::prob`]: `__builtin_expect`, 0.9 for the expected side). After conversion the cost is the bundles of the merged block (the
//! psis counted as the `slct` they become). A region is converted when it
//! costs no more after than before (on a machine wider than the ST231, a
//! little more: [`conversion_slack`]).

use crate::analysis::postorder;
use crate::codegen::mir::*;
use crate::codegen::sched::list;
use crate::hash::HashMap;
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
    /// Stores among them: pairs sunk below a diamond (counted once),
    /// stores written back (`st A = slct(guard, value, loaded)`, the head
    /// having loaded A) and stores writing a frame
    /// scratch word on the path not taken.
    pub stores: usize,
    /// Psi operations created.
    pub psis: usize,
    /// Convertible regions left alone by the cost model.
    pub unprofitable: usize,
    /// Regions whose branch probability came from a profile.
    pub profiled: usize,
    /// Regions whose branch probability came from the program's hint
    /// (no profile; [`MInst::prob`]: `__builtin_expect`, a path to
    /// `__builtin_unreachable` or a `cold` call).
    pub hinted: usize,
    /// Diamonds and triangles left alone because a side holds a call, a
    /// load that cannot be dismissible, or too many operations (counted
    /// once per round of the driver).
    pub side_effects: usize,
    /// Side blocks duplicated for one predecessor so that its diamond or
    /// triangle could be converted (tail duplication; counted only when
    /// the region was then converted).
    pub tail_duplicated: usize,
    /// Operations that tail duplication had copied and that computed a
    /// value already computed earlier in their merged block (removed).
    pub duplicates_merged: usize,
}

/// Bytes of the frame's scratch slot for stores on the path not taken:
/// the widest plain store (`stw`, 4 bytes).
const SCRATCH_BYTES: u32 = 4;

/// Most operations a converted region's blocks may hold together (head,
/// sides and join): if-conversion merges blocks, and the list scheduler
/// ([`crate::codegen::sched::list`]) takes time quadratic (and worse) in a block's length;
/// a chain of thousands of small `if`s would otherwise become one block of
/// tens of thousands of operations.
const MAX_MERGED_OPS: usize = 400;

/// Operations of the head before the branch, and of a merged join, that
/// the cost model schedules with the region (a window: the schedule of
/// operations further away hardly depends on the region, and scheduling
/// whole blocks made the estimate quadratic as merged blocks grow).
const COST_WINDOW: usize = 32;

/// Most tail duplications the driver tries in one function (each tries
/// on a copy of the function and keeps it only if the region converts).
const MAX_TAIL_DUPLICATION_TRIES: usize = 32;

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
    /// Whether a side has other predecessors (tail duplication must give
    /// the head its own copy before the conversion).
    shared: bool,
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
/// [`crate::codegen::psi::out_of_psi`].
pub fn if_convert(mf: &mut MFunc, model: &ProcessorModel) -> Stats {
    if_convert_with(mf, model, &|_| None, true)
}

/// [`if_convert`] with branch probabilities and a choice of psi form.
/// `promote`: the first argument of each psi is guarded by `true`
/// (psi-promotion, `-fpsi-promote`, the default) rather than by the
/// negation of the branch's guard (`-fno-psi-promote`, for de Ferrière's (2007)
/// experiment). `taken_probability(loc)` is
/// the probability that the branch at source position `loc` (line,
/// column) is taken, when a profile knows it
/// ([`crate::codegen::psi::profile::BranchProfile`]); the cost model weighs the two
/// paths with it instead of 1/2.
pub fn if_convert_with(
    mf: &mut MFunc,
    model: &ProcessorModel,
    taken_probability: &dyn Fn(Option<(u32, u32)>) -> Option<f64>,
    promote: bool,
) -> Stats {
    drive(mf, model, taken_probability, promote, false)
}

/// The driver of [`if_convert_with`]; `force` converts every convertible
/// region whatever the cost model says (for the execution tests).
fn drive(
    mf: &mut MFunc,
    model: &ProcessorModel,
    taken_probability: &dyn Fn(Option<(u32, u32)>) -> Option<f64>,
    promote: bool,
    force: bool,
) -> Stats {
    let mut st = Stats::default();
    if mf.order.is_empty() {
        return st;
    }
    // the frame word that stores of a path not taken write to
    let mut scratch: Option<u32> = None;
    let mut tries = 0;
    loop {
        let cfg = Cfg::new(mf);
        let entry = mf.order[0];
        let order = postorder(entry, cfg.succ_lists());
        let mut touched = vec![false; mf.blocks.len()];
        let mut changed = false;
        // reads of each register, counted when tail duplication first asks
        let mut uses: Option<UseCounts> = None;
        for h in order {
            // a region, or one whose side blocks other blocks reach too
            // (weighed as if the head had them to itself: their copies
            // hold the same operations)
            let (r, shared) = match region(mf, &cfg, h, model, &[]) {
                Ok(r) => (r, vec![]),
                Err(Rejected::SideEffects) => {
                    if !touched[h.index()] {
                        st.side_effects += 1;
                    }
                    continue;
                }
                Err(Rejected::NotARegion) => {
                    if tries >= MAX_TAIL_DUPLICATION_TRIES || touched[h.index()] {
                        continue;
                    }
                    let shared = shared_sides(mf, &cfg, h, model, &mut uses);
                    if shared.is_empty() {
                        continue;
                    }
                    tries += 1;
                    match region(mf, &cfg, h, model, &shared) {
                        Ok(r) if r.shared => (r, shared),
                        _ => continue,
                    }
                }
            };
            let mut involved = vec![r.head, r.taken, r.fall, r.join];
            involved.extend(cfg.succs(r.join));
            if involved.iter().any(|b| touched[b.index()]) {
                continue;
            }
            let head = mf.block(r.head);
            if merged_size(mf, &r) > MAX_MERGED_OPS {
                st.unprofitable += 1;
                continue;
            }
            // a measured probability first, then the program's hint
            // (`__builtin_expect`, a path to a cold call), then 1/2
            let branch = &head.insts[r.branch];
            let mut probability = taken_probability(branch.loc);
            if probability.is_some() {
                st.profiled += 1;
            } else if let Some(p) = branch.prob {
                probability = Some(p.as_f64());
                st.hinted += 1;
            }
            if !force && !profitable(mf, &cfg, &r, model, probability.unwrap_or(0.5)) {
                st.unprofitable += 1;
                continue;
            }
            if r.shared {
                // only the region's sides (a shared successor may be the
                // join of a triangle)
                for s in shared.into_iter().filter(|s| r.is_side(*s)) {
                    duplicate_side(mf, &cfg, h, s);
                }
                let cfg = Cfg::new(mf);
                // the head owns its sides now (were it not so, the
                // duplicated code would still mean the original)
                if let Ok(r) = region(mf, &cfg, h, model, &[]) {
                    convert(mf, &cfg, &r, &mut scratch, promote, &mut st);
                    st.tail_duplicated += 1;
                }
                // the CFG changed under this round's order
                changed = true;
                break;
            }
            for b in involved {
                touched[b.index()] = true;
            }
            convert(mf, &cfg, &r, &mut scratch, promote, &mut st);
            // the counts of reads no longer hold
            uses = None;
            changed = true;
        }
        if !changed {
            if st.tail_duplicated > 0 {
                st.duplicates_merged = merge_duplicates(mf);
            }
            return st;
        }
    }
}

/// Operations of the block a region's conversion makes (head, sides and
/// join together): it must stay small enough for the per-block list
/// scheduler, whose cost grows faster than a block's length.
fn merged_size(mf: &MFunc, r: &Region) -> usize {
    mf.block(r.head).insts.len()
        + r.sides
            .iter()
            .map(|&s| mf.block(s).insts.len())
            .sum::<usize>()
        + mf.block(r.join).insts.len()
}

/// The successors of `h` that would be the side block of a diamond or
/// triangle headed by `h` but for other predecessors of theirs: blocks
/// with one successor (the join) whose operations can be speculated,
/// whose phis and operations define virtual registers only, with no
/// implicit operands, and whose values are read nowhere but in the
/// block itself and in the join's phis. Tail duplication
/// ([`duplicate_side`]) gives `h` its own copy of each (SSA book §18.2,
/// path and tail duplication to make a region convertible; this is the
/// shape of `if (a || b) x = …; else x = …;`, whose `then` block both
/// compares reach).
fn shared_sides(
    mf: &MFunc,
    cfg: &Cfg,
    h: MBlockId,
    model: &ProcessorModel,
    uses: &mut Option<UseCounts>,
) -> Vec<MBlockId> {
    let entry = mf.order[0];
    let succs = cfg.succs(h);
    if succs.len() != 2 || !mf.block(h).insts.iter().any(|i| i.is_terminator()) {
        return vec![];
    }
    let mut candidate = |s: MBlockId| -> bool {
        let preds = cfg.preds(s);
        let [j] = cfg.succs(s) else { return false };
        if s == h || s == entry || *j == s || *j == h || preds.len() < 2 {
            return false;
        }
        if preds.iter().filter(|&&p| p == h).count() != 1 {
            return false;
        }
        let b = mf.block(s);
        let nphis = b.insts.iter().take_while(|i| i.op == MOp::Phi).count();
        let body = match b.insts.last() {
            Some(l) if l.is(opc::GOTO) => &b.insts[nphis..b.insts.len() - 1],
            _ => &b.insts[nphis..],
        };
        let plain = |i: &MInst| {
            i.imp_defs.is_empty()
                && i.imp_uses.is_empty()
                && i.defs()
                    .iter()
                    .all(|d| matches!(d, Reg::V(v) if mf.pinned(*v).is_none()))
        };
        if body.len() > MAX_SIDE_OPS
            || !body.iter().all(|i| {
                matches!(i.op, MOp::Isa(_) | MOp::Psi) && !i.is_control() && speculable(i, model)
            })
            || !b.insts.iter().all(plain)
        {
            return false;
        }
        // every read of s's values is in s or in the join's phis on the
        // edge from s: those reads are all the reads there are
        let mut local: HashMap<Reg, usize> = HashMap::default();
        for i in &b.insts {
            for d in i.defs() {
                local.insert(d, 0);
            }
        }
        for i in &b.insts {
            for u in i.uses() {
                if let Some(n) = local.get_mut(&u) {
                    *n += 1;
                }
            }
        }
        for i in mf.block(*j).insts.iter().take_while(|i| i.op == MOp::Phi) {
            if let Some(v) = phi_operand(i, s) {
                if let Some(n) = local.get_mut(&v) {
                    *n += 1;
                }
            }
        }
        let all = uses.get_or_insert_with(|| mf.use_counts());
        local.iter().all(|(r, n)| all.get(*r) == *n)
    };
    succs.iter().copied().filter(|&s| candidate(s)).collect()
}

/// Tail duplication of side block `s` (one of [`shared_sides`]) for its
/// predecessor `h`: a copy of `s`'s operations with fresh virtual
/// registers (`s`'s phis read their operand from `h`), ending in a `goto`
/// to the join, takes `h`'s edge to `s`; the join's phis get the copy's
/// values on the new edge; `s`'s phis lose `h`'s operand. The copy goes
/// right after `h` in the layout when `h` fell into `s`, else at the end.
fn duplicate_side(mf: &mut MFunc, cfg: &Cfg, h: MBlockId, s: MBlockId) {
    let j = cfg.succs(s)[0];
    let insts = mf.block(s).insts.clone();
    let mut map: HashMap<Reg, Reg> = HashMap::default();
    let mut body = vec![];
    for i in &insts {
        if i.op == MOp::Phi {
            if let Some(v) = phi_operand(i, h) {
                map.insert(phi_dst(i), v);
            }
            continue;
        }
        if i.is(opc::GOTO) {
            continue;
        }
        let mut c = i.clone();
        for (r, is_def) in c.regs_mut() {
            if !is_def {
                if let Some(m) = map.get(r) {
                    *r = *m;
                }
            }
        }
        for (r, is_def) in c.regs_mut() {
            if is_def {
                let Reg::V(v) = *r else {
                    unreachable!("shared_sides admits virtual definitions only")
                };
                let n = mf.vreg(mf.vclass[v.index()]);
                map.insert(*r, n);
                *r = n;
            }
        }
        body.push(c);
    }
    body.push(MInst::new(opc::GOTO, vec![Opnd::Label(j)]));
    let copy = mf.new_block();
    mf.block_mut(copy).insts = body;
    // s's phis lose h's operand
    for i in mf.block_mut(s).insts.iter_mut() {
        if i.op != MOp::Phi {
            break;
        }
        if let Some(k) = (1..i.ops.len())
            .step_by(2)
            .find(|&k| i.ops[k] == Opnd::Label(h))
        {
            i.ops.drain(k..k + 2);
        }
    }
    // the join's phis read the copy's values on the new edge
    for i in mf.block_mut(j).insts.iter_mut() {
        if i.op != MOp::Phi {
            break;
        }
        if let Some(v) = phi_operand(i, s) {
            let v = map.get(&v).copied().unwrap_or(v);
            i.ops.push(Opnd::Label(copy));
            i.ops.push(Opnd::R(v));
        }
    }
    // h's edge to s
    let mut explicit = false;
    for i in mf
        .block_mut(h)
        .insts
        .iter_mut()
        .filter(|i| i.is_terminator())
    {
        for o in i.ops.iter_mut() {
            if *o == Opnd::Label(s) {
                *o = Opnd::Label(copy);
                explicit = true;
            }
        }
    }
    let at = if explicit {
        mf.order.len()
    } else {
        mf.order
            .iter()
            .position(|&b| b == h)
            .expect("h is laid out")
            + 1
    };
    mf.order.insert(at, copy);
}

/// Local value numbering after tail duplication: in each block, an ALU or
/// multiply operation (no load, no copy, no constant) with the same
/// opcode and operands as an earlier one of the block computes the same
/// value in machine SSA, so its result is renamed to the earlier one's
/// everywhere and the operation deleted. Tail duplication copies a side
/// block's operations, and converting both regions puts the copy and the
/// original in one block (`if (a || b) x = c + 1; …` computes `c + 1`
/// twice otherwise). Returns the operations removed.
fn merge_duplicates(mf: &mut MFunc) -> usize {
    let mut rename: HashMap<Reg, Reg> = HashMap::default();
    for b in mf.block_ids().collect::<Vec<_>>() {
        let mut seen: HashMap<String, Reg> = HashMap::default();
        let mut keep = Vec::with_capacity(mf.block(b).insts.len());
        for mut i in std::mem::take(&mut mf.block_mut(b).insts) {
            for (r, is_def) in i.regs_mut() {
                if !is_def {
                    if let Some(n) = rename.get(r) {
                        *r = *n;
                    }
                }
            }
            let candidate = matches!(
                i.info().map(|x| x.class),
                Some(isa::OpClass::Alu | isa::OpClass::Mul)
            ) && i.imp_defs.is_empty()
                && !i.is(opc::MOV_R)
                && !i.is(opc::MOV_I)
                && matches!(i.ops.first(), Some(Opnd::R(Reg::V(v))) if mf.pinned(*v).is_none())
                && i.explicit_defs().len() == 1;
            if candidate {
                let key = format!("{:?} {:?}", i.op, &i.ops[1..]);
                let Opnd::R(d) = i.ops[0] else {
                    unreachable!("checked above")
                };
                match seen.get(&key) {
                    Some(&earlier) => {
                        rename.insert(d, earlier);
                        continue;
                    }
                    None => {
                        seen.insert(key, d);
                    }
                }
            }
            keep.push(i);
        }
        mf.block_mut(b).insts = keep;
    }
    // uses in blocks visited before the renamed definitions (phis of loop
    // headers, implicit operands)
    for b in mf.block_ids().collect::<Vec<_>>() {
        for i in mf.block_mut(b).insts.iter_mut() {
            for (r, is_def) in i.regs_mut() {
                if !is_def {
                    if let Some(n) = rename.get(r) {
                        *r = *n;
                    }
                }
            }
            for r in i.imp_uses.iter_mut() {
                if let Some(n) = rename.get(r) {
                    *r = *n;
                }
            }
        }
    }
    rename.len()
}

/// The block after `b` in the layout.
fn layout_next(mf: &MFunc, b: MBlockId) -> Option<MBlockId> {
    let k = mf.order.iter().position(|&x| x == b)?;
    mf.order.get(k + 1).copied()
}

/// Why [`region`] found no region to convert at a head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rejected {
    /// Not a diamond or triangle of the shape required.
    NotARegion,
    /// A diamond or triangle whose side holds an operation that cannot be
    /// speculated (a call, a load without a dismissible form on this
    /// core, `stwl`) or more than [`MAX_SIDE_OPS`] operations.
    SideEffects,
}

/// The region headed by `h`, if `h` ends in a conditional branch on a BR
/// virtual register and its successors form a diamond or a triangle whose
/// side blocks can be speculated and whose join's phis are over GRs.
fn region(
    mf: &MFunc,
    cfg: &Cfg,
    h: MBlockId,
    model: &ProcessorModel,
    shared: &[MBlockId],
) -> Result<Region, Rejected> {
    use Rejected::NotARegion;
    let insts = &mf.block(h).insts;
    let branch = insts
        .iter()
        .position(|i| i.is_terminator())
        .ok_or(NotARegion)?;
    let br = &insts[branch];
    let taken_guard = match (br.opcode().ok_or(NotARegion)?, &br.ops[..]) {
        (o, [Opnd::R(p @ Reg::V(_)), Opnd::Label(_)]) if o == opc::BR => Guard::If(*p),
        (o, [Opnd::R(p @ Reg::V(_)), Opnd::Label(_)]) if o == opc::BRF => Guard::IfNot(*p),
        _ => return Err(NotARegion),
    };
    let Opnd::Label(taken) = br.ops[1] else {
        return Err(NotARegion);
    };
    // after the branch: nothing, or one `goto`
    match &insts[branch + 1..] {
        [] => {}
        [g] if g.is(opc::GOTO) => {}
        _ => return Err(NotARegion),
    }
    let succs = cfg.succs(h);
    if succs.len() != 2 || !succs.contains(&taken) {
        return Err(NotARegion);
    }
    let fall = *succs.iter().find(|&&s| s != taken).ok_or(NotARegion)?;
    let entry = mf.order[0];
    // a side block's join, and whether its operations can be speculated
    let side = |s: MBlockId| -> Option<(MBlockId, bool)> {
        if s == h || s == entry || (cfg.preds(s) != [h] && !shared.contains(&s)) {
            return None;
        }
        let [j] = cfg.succs(s) else { return None };
        let ok = side_ops(mf.block(s))
            .is_some_and(|b| b.len() <= MAX_SIDE_OPS && b.iter().all(|i| speculable(i, model)));
        Some((*j, ok))
    };
    let (join, sides) = match (side(taken), side(fall)) {
        (Some((a, x)), Some((b, y))) if a == b => {
            if !(x && y) {
                return Err(Rejected::SideEffects);
            }
            (a, vec![taken, fall])
        }
        (Some((a, x)), _) if a == fall => {
            if !x {
                return Err(Rejected::SideEffects);
            }
            (fall, vec![taken])
        }
        (_, Some((b, y))) if b == taken => {
            if !y {
                return Err(Rejected::SideEffects);
            }
            (taken, vec![fall])
        }
        _ => return Err(NotARegion),
    };
    if join == h || join == entry {
        return Err(NotARegion);
    }
    let r = Region {
        head: h,
        branch,
        taken_guard,
        taken,
        fall,
        shared: sides.iter().any(|&x| cfg.preds(x) != [h]),
        join,
        sides,
    };
    // the join's phis: GR values, no pinned registers
    let (tp, fp) = (r.taken_pred(), r.fall_pred());
    for i in mf.block(join).insts.iter().take_while(|i| i.op == MOp::Phi) {
        let d = i.ops[0].clone();
        let Opnd::R(Reg::V(dv)) = d else {
            return Err(NotARegion);
        };
        if mf.vclass[dv.index()] != Class::Gr || mf.pinned(dv).is_some() {
            return Err(NotARegion);
        }
        phi_operand(i, tp).ok_or(NotARegion)?;
        phi_operand(i, fp).ok_or(NotARegion)?;
    }
    Ok(r)
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
/// its register results, a load only if its dismissible form exists on
/// the model's core (ISA-ST200 §4.6), or a plain store (its address is
/// then selected, [`guarded_store`]).
pub(in crate::codegen) fn speculable(i: &MInst, model: &ProcessorModel) -> bool {
    if i.op == MOp::Psi {
        // a psi of an inner region: its arguments are all speculated
        return true;
    }
    if is_plain_store(i) {
        // executed on both paths with its address selected
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

/// True for `stw`, `sth`, `stb` `off[base] = value` (ISA-ST200 §4.6; not
/// `stwl`, whose success flag is a result; not a volatile store, which
/// runs exactly when the program says).
pub(in crate::codegen) fn is_plain_store(i: &MInst) -> bool {
    i.info()
        .is_some_and(|x| x.class == isa::ops::OpClass::Store)
        && !i.volatile
        && i.imp_defs.is_empty()
        && matches!(i.ops[..], [_, Opnd::R(_), Opnd::R(_)])
}

/// A store of a side block executed on both paths (SSA book Fig. 18.3,
/// SSA book Fig. 18.2, 18.3, example T54(c), "select the address"): its address is computed,
/// then replaced by the address of a scratch word of the frame when
/// `guard` does not hold, so the store lands there:
/// `a = add base, off; d = add $r12, scratch; b = slct guard, a, d;
/// st 0[b] = value` (`slctf` for a negated guard; no `add` for offset 0).
/// New registers come from `vreg`.
fn guarded_store(
    i: &MInst,
    guard: Guard,
    scratch: u32,
    vreg: &mut dyn FnMut() -> Reg,
) -> Vec<MInst> {
    let [off, Opnd::R(base), value] = &i.ops[..] else {
        unreachable!("is_plain_store checked the operands")
    };
    let mut out = vec![];
    let addr = if *off == Opnd::Imm(0) {
        *base
    } else {
        let a = vreg();
        out.push(MInst::new(
            opc::ADD_I,
            vec![Opnd::R(a), Opnd::R(*base), off.clone()],
        ));
        a
    };
    let d = vreg();
    out.push(MInst::new(
        opc::ADD_I,
        vec![
            Opnd::R(d),
            Opnd::R(Reg::SP),
            Opnd::Frame(FrameRef::Obj(scratch, 0)),
        ],
    ));
    let b = vreg();
    out.push(select(Opnd::R(b), guard, addr, d, &|_| None));
    out.push(MInst {
        ops: vec![Opnd::Imm(0), Opnd::R(b), value.clone()],
        ..i.clone()
    });
    out
}

/// The definition of `x` among `insts`.
fn def_in(insts: &[MInst], x: Reg) -> Option<&MInst> {
    insts.iter().find(|i| i.explicit_defs().contains(&x))
}

/// Whether `a` (computed in `ta`) and `b` (computed in `tb`) are the same
/// value: one register, or the same ALU operation (no load) of operands
/// that are the same, looking `depth` definitions deep. Two sides of a
/// diamond compute a store address each; this finds them equal.
fn same_value(ta: &[MInst], a: Reg, tb: &[MInst], b: Reg, depth: u32) -> bool {
    if a == b {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let (Some(da), Some(db)) = (def_in(ta, a), def_in(tb, b)) else {
        return false;
    };
    let alu = |i: &MInst| i.info().is_some_and(|x| x.class == isa::ops::OpClass::Alu);
    da.op == db.op
        && alu(da)
        && da.ops.len() == db.ops.len()
        && da
            .ops
            .iter()
            .zip(&db.ops)
            .skip(1)
            .all(|(x, y)| match (x, y) {
                (Opnd::R(x), Opnd::R(y)) => same_value(ta, *x, tb, *y, depth - 1),
                _ => x == y,
            })
}

/// The stores of a diamond's two sides that write the same address in
/// the same order (the k-th store of one side and the k-th of the other:
/// same operation, same offset, same base value), with no load after the
/// first of them on either side: they can be sunk below both sides as one
/// store of the selected value. Empty unless every store pairs up.
fn paired_stores(mf: &MFunc, r: &Region) -> Vec<(usize, usize)> {
    let [t, f] = r.sides[..] else { return vec![] };
    let (ti, fi) = (
        side_ops(mf.block(t)).unwrap_or(&[]),
        side_ops(mf.block(f)).unwrap_or(&[]),
    );
    let stores = |ops: &[MInst]| -> Vec<usize> {
        (0..ops.len())
            .filter(|&k| is_plain_store(&ops[k]))
            .collect()
    };
    let (st, sf) = (stores(ti), stores(fi));
    let load_after = |ops: &[MInst], first: usize| {
        ops[first..]
            .iter()
            .any(|i| i.info().is_some_and(|x| x.class == isa::ops::OpClass::Load))
    };
    if st.is_empty() || st.len() != sf.len() || load_after(ti, st[0]) || load_after(fi, sf[0]) {
        return vec![];
    }
    let pairs: Vec<(usize, usize)> = st.into_iter().zip(sf).collect();
    let all = pairs.iter().all(|&(a, b)| {
        let (x, y) = (&ti[a], &fi[b]);
        match (&x.ops[..], &y.ops[..]) {
            ([ox, Opnd::R(bx), _], [oy, Opnd::R(by), _]) => {
                x.op == y.op && ox == oy && same_value(ti, *bx, fi, *by, 3)
            }
            _ => false,
        }
    });
    if all {
        pairs
    } else {
        vec![]
    }
}

/// The register holding the word a plain store `i` of side `s` of `r`
/// overwrites, when the head read it: the head loads the same bytes
/// (same size, offset and base value; a plain load, neither dismissible
/// nor volatile, so the address is valid and the store cannot fault) and
/// nothing after that load in the head writes memory, nor does a side
/// made straight-line code before `s`. On the path where `s` does not
/// run, the stores of `s` before `i` made this way write back what was
/// there, so `st A = guard ? value : old` leaves memory unchanged: the
/// store needs neither a branch nor the scratch word of
/// [`guarded_store`] (a single-threaded program cannot observe the
/// rewrite of a word with its own value).
fn write_back(mf: &MFunc, r: &Region, s: MBlockId, i: &MInst) -> Option<Reg> {
    if !is_plain_store(i) {
        return None;
    }
    let earlier = r.sides.iter().take_while(|&&x| x != s);
    if earlier
        .flat_map(|&x| side_ops(mf.block(x)).unwrap_or(&[]).iter())
        .any(is_plain_store)
    {
        return None;
    }
    let (base, kind, off, size) = list::access_parts(i)?;
    let head = &mf.block(r.head).insts[..r.branch];
    let k = head.iter().rposition(|l| {
        l.info()
            .is_some_and(|x| x.class == isa::ops::OpClass::Load && !x.mnemonic.ends_with(".d"))
            && !l.volatile
            && l.imp_defs.is_empty()
            && list::access_parts(l)
                .is_some_and(|(b, kd, o, z)| b == base && kd == kind && o == off && z == size)
    })?;
    let quiet = head[k + 1..]
        .iter()
        .all(|x| x.op == MOp::Psi || x.is_pure());
    match head[k].ops.first() {
        Some(Opnd::R(old)) if quiet && mf.class(*old) == Some(Class::Gr) => Some(*old),
        _ => None,
    }
}

/// Plain stores of `r`'s sides that write the frame's scratch word on the
/// path not taken: neither sunk ([`paired_stores`]) nor written back
/// ([`write_back`]).
fn scratch_stores(mf: &MFunc, r: &Region) -> usize {
    if !paired_stores(mf, r).is_empty() {
        return 0;
    }
    r.sides
        .iter()
        .flat_map(|&s| {
            side_ops(mf.block(s))
                .unwrap_or(&[])
                .iter()
                .map(move |i| (s, i))
        })
        .filter(|(s, i)| is_plain_store(i) && write_back(mf, r, *s, i).is_none())
        .count()
}

/// The side blocks of `r` made straight-line code for the head: every
/// operation speculated ([`speculated`]) in side order, stores paired by
/// [`paired_stores`] left out (returned as (store of the taken side,
/// value on the taken path, value on the not-taken path), to be sunk),
/// other stores as [`guarded_store`]s writing frame object `scratch` on
/// the path not taken. New registers come from `vreg`.
#[allow(clippy::type_complexity)]
fn speculate_sides(
    mf: &MFunc,
    r: &Region,
    scratch: u32,
    vreg: &mut dyn FnMut() -> Reg,
) -> (Vec<MInst>, Vec<(MInst, Reg, Reg)>) {
    let pairs = paired_stores(mf, r);
    let mut ops = vec![];
    let mut sunk = vec![];
    for &s in &r.sides {
        let side = side_ops(mf.block(s)).unwrap_or(&[]);
        for (k, i) in side.iter().enumerate() {
            let paired = pairs
                .iter()
                .any(|&(a, b)| k == if s == r.taken { a } else { b });
            if paired {
                continue;
            }
            if let Some(old) = write_back(mf, r, s, i) {
                // `st A = guard ? value : old`, `old` the word at A
                let x = vreg();
                let mut ops_st = i.ops.clone();
                let value = match ops_st[2] {
                    Opnd::R(v) => v,
                    _ => unreachable!("is_plain_store checked the operands"),
                };
                ops.push(select(Opnd::R(x), side_guard(r, s), value, old, &|_| None));
                ops_st[2] = Opnd::R(x);
                ops.push(MInst {
                    ops: ops_st,
                    ..i.clone()
                });
            } else if is_plain_store(i) {
                ops.extend(guarded_store(i, side_guard(r, s), scratch, vreg));
            } else {
                ops.push(speculated(i));
            }
        }
    }
    let value = |i: &MInst| match i.ops[2] {
        Opnd::R(v) => v,
        _ => unreachable!("is_plain_store checked the operands"),
    };
    let (t, f) = (r.taken, r.fall);
    for &(a, b) in &pairs {
        let ta = &side_ops(mf.block(t)).unwrap_or(&[])[a];
        let fb = &side_ops(mf.block(f)).unwrap_or(&[])[b];
        sunk.push((ta.clone(), value(ta), value(fb)));
    }
    (ops, sunk)
}

/// The operations of all of `r`'s side blocks, in side order (see
/// [`side_ops`]).
fn all_side_ops<'a>(mf: &'a MFunc, r: &'a Region) -> impl Iterator<Item = &'a MInst> {
    r.sides
        .iter()
        .flat_map(move |&s| side_ops(mf.block(s)).unwrap_or(&[]).iter())
}

/// The guard under which side block `s` of `r` runs.
fn side_guard(r: &Region, s: MBlockId) -> Guard {
    if s == r.taken {
        r.taken_guard
    } else {
        r.taken_guard
            .negate()
            .expect("a branch guard is not `true`")
    }
}

/// `i` made speculable: a load becomes its dismissible form.
pub(in crate::codegen) fn speculated(i: &MInst) -> MInst {
    match i.opcode().and_then(|o| o.dismissible()) {
        Some(d) => MInst {
            op: MOp::Isa(d),
            ..i.clone()
        },
        None => i.clone(),
    }
}

/// Branch registers the allocator can give to values on `model`: all but
/// its spill scratch (ISA-ST200 §1.3: eight BRs on the ST200 cores, seven
/// available; `[registers] branch` of a described machine;
/// [`isa::abi::br_allocation_order_for`]).
fn br_available(model: &ProcessorModel) -> usize {
    isa::abi::br_allocation_order_for(model.registers.branch).len()
}

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
fn bundles(model: &ProcessorModel, insts: Vec<MInst>) -> f64 {
    let insts: Vec<MInst> = insts
        .into_iter()
        .filter_map(|i| match (i.op, i.psi_args().as_deref()) {
            (MOp::Isa(_), _) => Some(i),
            (MOp::Psi, Some([a, b])) => {
                Some(select(i.ops[0].clone(), b.guard, b.value, a.value, &|_| {
                    None
                }))
            }
            _ => None,
        })
        .collect();
    list::schedule_block(model, insts, true).len() as f64
}

/// The cost model of the module documentation: expected cycles of the
/// region before conversion (the branch taken with probability `p_taken`,
/// 1/2 without a profile) against cycles after; true when after ≤ before.
fn profitable(mf: &MFunc, cfg: &Cfg, r: &Region, model: &ProcessorModel, p_taken: f64) -> bool {
    let penalty = model.taken_branch_penalty as f64;
    let head = &mf.block(r.head).insts;
    // the code next to the region: the last operations of the head, the
    // first of a merged join (a window keeps the estimate linear in the
    // region's size however long the blocks around it grow)
    let body = &head[r.branch.saturating_sub(COST_WINDOW)..r.branch];
    let has_goto = head.len() > r.branch + 1;
    let mut upto_branch = body.to_vec();
    upto_branch.push(head[r.branch].clone());
    let h = bundles(model, upto_branch);
    // a side block: its bundles, and a taken `goto` to the join unless it
    // falls into it
    let side = |s: MBlockId| -> f64 {
        if !r.is_side(s) {
            return 0.0;
        }
        let b = &mf.block(s).insts;
        let jumps = b.last().is_some_and(|i| i.is(opc::GOTO));
        bundles(model, b.clone()) + if jumps { penalty } else { 0.0 }
    };
    // a join merged into the head schedules with the merged code: count
    // its operations on both sides of the comparison
    let (tp, fp) = (r.taken_pred(), r.fall_pred());
    let merged_join = !r.shared && cfg.preds(r.join).iter().all(|p| *p == tp || *p == fp);
    let join_body: Vec<MInst> = if merged_join {
        mf.block(r.join)
            .insts
            .iter()
            .filter(|i| i.op != MOp::Phi)
            .take(COST_WINDOW)
            .cloned()
            .collect()
    } else {
        vec![]
    };
    let join = bundles(model, join_body.clone());
    let taken = h + penalty + side(r.taken) + join;
    let fall = h + if has_goto { 1.0 + penalty } else { 0.0 } + side(r.fall) + join;
    let before = p_taken * taken + (1.0 - p_taken) * fall;
    // after: the head's body, the speculated sides, one slct per phi
    let mut merged: Vec<MInst> = body.to_vec();
    let mut next = mf.vclass.len();
    let mut fake = || {
        next += 1;
        Reg::V(VReg::new(next - 1))
    };
    let (ops, sunk) = speculate_sides(mf, r, 0, &mut fake);
    merged.extend(ops);
    for (store, t, f) in sunk {
        let x = fake();
        merged.push(select(Opnd::R(x), r.taken_guard, t, f, &|_| None));
        let mut ops = store.ops.clone();
        ops[2] = Opnd::R(x);
        merged.push(MInst { ops, ..store });
    }
    for phi in mf
        .block(r.join)
        .insts
        .iter()
        .take_while(|i| i.op == MOp::Phi)
    {
        if let (Some(t), Some(f)) = (phi_operand(phi, tp), phi_operand(phi, fp)) {
            if t != f {
                merged.push(select(phi.ops[0].clone(), r.taken_guard, t, f, &|_| None));
            }
        }
    }
    if br_pressure(mf, &merged) > br_available(model) {
        return false;
    }
    // the join is reached by a taken `goto` unless it is merged into the
    // head
    merged.extend(join_body);
    let after = bundles(model, merged) + if merged_join { 0.0 } else { penalty };
    after <= before * (1.0 + conversion_slack(model))
}

/// How much longer than the branchy code (a fraction of its expected
/// cycles) the converted region's schedule may be and still be chosen
/// on `model`: 0 on the built-in machines (4 issue slots and fewer); on
/// a wider machine [`WIDE_CONVERSION_SLACK`], because the estimate counts
/// the region alone, while the branches it removes also cut the code
/// around it into blocks the list scheduler cannot fill from each other,
/// and a wide bundle has room for the code next to the region.
pub fn conversion_slack(model: &ProcessorModel) -> f64 {
    if model.issue_width > 4 {
        WIDE_CONVERSION_SLACK
    } else {
        0.0
    }
}

/// [`conversion_slack`] on a machine wider than 4 slots. Measured on wide8
/// (testsuite `-O2`, geometric mean of the cycles against the ST231's,
/// with the wide speculation of `sched::prepass`): 0 → 0.9069, 0.10
/// 0.9060, 0.15 0.9053, 0.25 0.9069; alone 0.10 0.9193, 0.25 0.9157, 0.5
/// and 1.0 0.9158 (from 0.9298: `dijkstra` 0.69, `sort_heap` 0.78 of their
/// cycles).
pub const WIDE_CONVERSION_SLACK: f64 = 0.15;

/// `dst = guard ? value : otherwise` as one ST200 operation (ISA-ST200
/// §4.3): `slct dst = p, value, otherwise` for a guard `p`, `slctf dst =
/// p, value, otherwise` for `!p`, `mov dst = value` for `true`. When
/// `constant` knows one side as a constant (a register defined by `mov r =
/// imm`), the immediate form takes it directly: `slct d = p, a, imm` is
/// `p ? a : imm` and `slctf d = p, a, imm` is `p ? imm : a`.
pub fn select(
    dst: Opnd,
    guard: Guard,
    value: Reg,
    otherwise: Reg,
    constant: &dyn Fn(Reg) -> Option<i64>,
) -> MInst {
    let r = Opnd::R;
    let (p, on_true, on_false) = match guard {
        Guard::True => return MInst::new(opc::MOV_R, vec![dst, r(value)]),
        Guard::If(p) => (p, value, otherwise),
        Guard::IfNot(p) => (p, otherwise, value),
    };
    // p ? on_true : on_false
    let (op, ops) = match (constant(on_true), constant(on_false)) {
        (_, Some(c)) => (opc::SLCT_I, [dst, r(p), r(on_true), Opnd::Imm(c)]),
        (Some(c), None) => (opc::SLCTF_I, [dst, r(p), r(on_false), Opnd::Imm(c)]),
        (None, None) => match guard {
            Guard::IfNot(_) => (opc::SLCTF_R, [dst, r(p), r(value), r(otherwise)]),
            _ => (opc::SLCT_R, [dst, r(p), r(value), r(otherwise)]),
        },
    };
    MInst::new(op, ops.to_vec())
}

/// The `slct` chain computing `dst = psi(args)` when every argument is
/// computed unconditionally (de Ferrière 2007 Fig. 7, example T48, SSA book Fig. 14.10): the
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
        out.push(select(d.clone(), a.guard, a.value, cur, constant));
        if let Opnd::R(x) = d {
            cur = x;
        }
    }
    if n == 1 {
        out.push(MInst::new(opc::MOV_R, vec![dst, Opnd::R(cur)]));
    }
    out
}

/// The psi of a converted region: the not-taken path's value `f` under
/// `first` (`true` when promoted), then the taken path's `t` under the
/// branch's guard.
fn region_psi(dst: Reg, first: Guard, f: Reg, taken: Guard, t: Reg) -> MInst {
    MInst::psi(
        dst,
        &[
            PsiArg {
                guard: first,
                value: f,
            },
            PsiArg {
                guard: taken,
                value: t,
            },
        ],
    )
}

/// Converts region `r` (module documentation).
fn convert(
    mf: &mut MFunc,
    cfg: &Cfg,
    r: &Region,
    scratch: &mut Option<u32>,
    promote: bool,
    st: &mut Stats,
) {
    let first_guard = if promote {
        Guard::True
    } else {
        r.taken_guard
            .negate()
            .expect("a branch guard is not `true`")
    };
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
    // a scratch word for the stores that are not sunk
    let needs_scratch = scratch_stores(mf, r) > 0;
    let slot = if needs_scratch {
        *scratch.get_or_insert_with(|| mf.obj(SCRATCH_BYTES, SCRATCH_BYTES))
    } else {
        0
    };
    let mut fresh = vec![];
    let (ops, sunk) = {
        let mut next = mf.vclass.len();
        let mut vreg = || {
            next += 1;
            fresh.push(());
            Reg::V(VReg::new(next - 1))
        };
        speculate_sides(mf, r, slot, &mut vreg)
    };
    for _ in fresh {
        mf.vreg(Class::Gr);
    }
    st.speculated += all_side_ops(mf, r).filter(|i| i.op != MOp::Psi).count();
    st.dismissible += all_side_ops(mf, r)
        .filter(|i| i.opcode().and_then(|o| o.dismissible()).is_some())
        .count();
    st.stores += ops.iter().filter(|i| is_plain_store(i)).count() + sunk.len();
    insts.extend(ops);
    for (store, t, f) in sunk {
        let value = if t == f {
            t
        } else {
            let x = mf.vreg(Class::Gr);
            st.psis += 1;
            insts.push(region_psi(x, first_guard, f, r.taken_guard, t));
            x
        };
        let mut ops = store.ops.clone();
        ops[2] = Opnd::R(value);
        insts.push(MInst { ops, ..store });
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
            insts.push(region_psi(dst, first_guard, f, r.taken_guard, t));
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
    if only_region {
        // the join's successors now come from the head (after the head's
        // new code is in place: the head may be one of them, a loop whose
        // latch was the join)
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
    }
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
    use crate::codegen::mir::interp::run_with_memory;
    use crate::codegen::psi::predicate::{Definitions, Oracle};
    use crate::codegen::psi::{out_of_psi, transform, webs};
    use crate::codegen::Lcg;
    use std::rc::Rc;

    /// A random diamond or triangle in machine SSA: inputs a, b (%v1,
    /// %v2) and a base address (%v3); a compare of a and b branches
    /// (`br` or `brf`) to the taken side B2 or falls into B1; each side
    /// computes 1–4 values from ALU operations, loads and stores at
    /// base + 0/4/8 (a triangle has one empty side); the join B3 has two
    /// phis of values from each path, adds them, may store the sum, and
    /// returns it.
    ///
    /// With `head_loads`, B0 first stores a and b at base + 0/4/8 and
    /// loads base + 0 and + 4 (`%v5`, `%v6`) before its compare: the
    /// sides' stores there are written back ([`write_back`]).
    fn random_region(g: &mut Lcg, head_loads: bool) -> String {
        let cmp = ["cmplt", "cmpgt", "cmpeq", "cmpne"][g.next(4) as usize];
        let br = ["br", "brf"][g.next(2) as usize];
        let shape = g.next(3); // 0 diamond, 1 taken side empty, 2 falling side empty
        let mut next = 10u32;
        let mut side = |g: &mut Lcg, empty: bool, text: &mut String| -> Vec<String> {
            let mut vals: Vec<String> = vec!["%v1".into(), "%v2".into()];
            if empty {
                return vals;
            }
            for _ in 0..1 + g.next(4) {
                let d = format!("%v{next}");
                next += 1;
                let x = vals[g.next(vals.len() as u64) as usize].clone();
                let y = vals[g.next(vals.len() as u64) as usize].clone();
                let off = 4 * g.next(3);
                match g.next(7) {
                    0 => text.push_str(&format!("  add {d} = {x}, {y}\n")),
                    1 => text.push_str(&format!("  sub {d} = {x}, {y}\n")),
                    2 => text.push_str(&format!("  sh2add {d} = {x}, {y}\n")),
                    3 => text.push_str(&format!("  and {d} = {x}, 7\n")),
                    4 => text.push_str(&format!("  ldw {d} = {off}[%v3]\n")),
                    5 => {
                        text.push_str(&format!("  stw {off}[%v3] = {x}\n"));
                        continue;
                    }
                    _ => text.push_str(&format!("  add {d} = {x}, {}\n", g.next(9))),
                }
                vals.push(d);
            }
            vals
        };
        let (mut fall_text, mut taken_text) = (String::new(), String::new());
        let fall_vals = side(g, shape == 2, &mut fall_text);
        let taken_vals = side(g, shape == 1, &mut taken_text);
        let pick = |g: &mut Lcg, v: &[String]| v[g.next(v.len() as u64) as usize].clone();
        let (f1, f2) = (pick(g, &fall_vals), pick(g, &fall_vals));
        let (t1, t2) = (pick(g, &taken_vals), pick(g, &taken_vals));
        // the phis name the join's predecessor on each path
        let fall_pred = if shape == 2 { "B0" } else { "B1" };
        let taken_pred = if shape == 1 { "B0" } else { "B2" };
        let target = if shape == 1 { "B3" } else { "B2" };
        // an empty side is left out of the layout
        let order = ["order B0 B1 B2 B3", "order B0 B1 B3", "order B0 B2 B3"][shape as usize];
        let mut t = format!(
            "function @r global\nvregs 40 br %v4\npins %v1=$r16 %v2=$r17 %v3=$r18\n{order}\nB0:\n"
        );
        t.push_str("  pcopy %v1, %v2, %v3 = $r16, $r17, $r18\n");
        if head_loads {
            t.push_str("  stw 0[%v3] = %v1\n  stw 4[%v3] = %v2\n  stw 8[%v3] = %v1\n");
            t.push_str("  ldw %v5 = 0[%v3]\n  ldw %v6 = 4[%v3]\n");
        }
        t.push_str(&format!("  {cmp} %v4 = %v1, %v2\n  {br} %v4, {target}\n"));
        if shape == 2 {
            t.push_str("  goto B3\n");
        }
        t.push_str("B1:\n");
        if shape != 2 {
            t.push_str(&fall_text);
            t.push_str("  goto B3\n");
        }
        t.push_str("B2:\n");
        if shape != 1 {
            t.push_str(&taken_text);
        }
        t.push_str(&format!(
            "B3:\n  phi %v30 = [{fall_pred}, {f1}], [{taken_pred}, {t1}]\n  phi %v31 = [{fall_pred}, {f2}], [{taken_pred}, {t2}]\n"
        ));
        t.push_str("  add %v32 = %v30, %v31\n");
        if g.next(2) == 0 {
            t.push_str("  stw 4[%v3] = %v32\n");
        }
        t.push_str("  return $r63 uses(%v32)\n");
        t
    }

    /// Example T53 (SSA book Fig. 18.10): if-converting a region that
    /// already holds a psi. (a) `if (q) { p = cmpne a, b; x1 = add a, b;
    /// !p? x2 = c; x = psi(x1, !p?x2); d1 = f(x) } else { d2 = 3 }; d =
    /// phi(d1, d2)`, with f(x) = x + 7 side-effect free.
    /// (b) Speculating the then-branch moves the psi and both of its
    /// argument definitions above the branch with `d1 = f(x)`; the join's
    /// phi becomes `d = psi(d1, !q?d2)` — the published `psi(q?d1, !q?d2)`
    /// with its first argument promoted (T41). (c) Predicating instead
    /// projects x's psi onto q: `psi(q?x1, s?x2)` with `s = q ∧ !p`, which
    /// the ST231 computes once, right after p, as `andl` of the two
    /// compares into GRs (`cmpeq a, b` is `!p`); the predicate oracle
    /// finds s for the projection. By execution: (a), (b) and (c)
    /// (through the out-of-psi lowering, where a one-argument psi is a
    /// copy) return the same d for every (p, q), computed by hand below.
    #[test]
    fn t53_region_that_already_holds_a_psi() {
        let head = "function @t53 global\nvregs 40 br %v5 %v6 %v9\npins %v1=$r16 %v2=$r17 %v3=$r18 %v4=$r19\n";
        let a = format!(
            "{head}order B0 B1 B2 B3\nB0:\n  pcopy %v1, %v2, %v3, %v4 = $r16, $r17, $r18, $r19\n  cmplt %v5 = %v4, 5\n  brf %v5, B2\nB1:\n  cmpne %v6 = %v1, %v2\n  add %v10 = %v1, %v2\n  psi %v11 = !%v6?%v3\n  psi %v12 = %v10, !%v6?%v11\n  add %v13 = %v12, 7\n  goto B3\nB2:\n  mov %v14 = 3\nB3:\n  phi %v15 = [B1, %v13], [B2, %v14]\n  return $r63 uses(%v15)\n"
        );
        // (c): q? x1 = add a, b is `t = add a, b; x1 = psi(q?t)`, and so on
        let c = format!(
            "{head}order B0\nB0:\n  pcopy %v1, %v2, %v3, %v4 = $r16, $r17, $r18, $r19\n  cmplt %v5 = %v4, 5\n  cmplt %v7 = %v4, 5\n  cmpne %v6 = %v1, %v2\n  cmpeq %v8 = %v1, %v2\n  andl %v9 = %v7, %v8\n  add %v20 = %v1, %v2\n  psi %v10 = %v5?%v20\n  psi %v11 = %v9?%v3\n  psi %v12 = %v5?%v10, %v9?%v11\n  add %v21 = %v12, 7\n  psi %v13 = %v5?%v21\n  mov %v22 = 3\n  psi %v14 = !%v5?%v22\n  psi %v15 = %v5?%v13, !%v5?%v14\n  return $r63 uses(%v15)\n"
        );
        let mut b = parse::function(&a).unwrap();
        let st = drive(&mut b, &ProcessorModel::st231(), &|_| None, true, true);
        assert_eq!(st.regions, 1);
        let merged = &b.block(b.order[0]).insts;
        let psis: Vec<Vec<PsiArg>> = merged.iter().filter_map(|i| i.psi_args()).collect();
        let (v, q, p) = (|n| Reg::V(VReg(n)), Reg::V(VReg(5)), Reg::V(VReg(6)));
        let arg = |guard, n| PsiArg { guard, value: v(n) };
        assert_eq!(
            psis,
            [
                vec![arg(Guard::IfNot(p), 3)],
                vec![arg(Guard::True, 10), arg(Guard::IfNot(p), 11)],
                vec![arg(Guard::True, 13), arg(Guard::IfNot(q), 14)],
            ],
            "(b): x's psi moves above the branch unchanged, the phi becomes a psi"
        );
        // (c)'s projection, asked of an oracle that knows the code
        let mut fc = parse::function(&c).unwrap();
        let defs = Rc::new(Definitions::learn(&fc.block(fc.order[0]).insts));
        let mut o = Oracle::with(defs);
        let projected = transform::project(
            &mut o,
            &[arg(Guard::True, 10), arg(Guard::IfNot(p), 11)],
            Guard::If(q),
        );
        assert_eq!(
            projected,
            Some(vec![arg(Guard::If(q), 10), arg(Guard::If(v(9)), 11)]),
            "psi(x1, !p?x2) projected on q is psi(q?x1, s?x2), s = q ∧ !p"
        );
        // without the definitions, q ∧ !p is no literal
        assert_eq!(
            transform::project(
                &mut Oracle::new(),
                &[arg(Guard::True, 10), arg(Guard::IfNot(p), 11)],
                Guard::If(q)
            ),
            None
        );
        out_of_psi::lower(&mut fc);
        let fa = parse::function(&a).unwrap();
        for (x, y, z, n) in [(1, 2, 30, 0), (4, 4, 30, 0), (1, 2, 30, 9), (4, 4, 30, 9)] {
            // by hand: q = n < 5; if q: x = a+b when a != b else c; d = x + 7
            let expect = if n < 5 {
                (if x != y { x + y } else { z }) + 7
            } else {
                3
            };
            let inputs = [
                (Reg::G(16), x),
                (Reg::G(17), y),
                (Reg::G(18), z),
                (Reg::G(19), n),
            ];
            for (form, f) in [("(a)", &fa), ("(b)", &b), ("(c)", &fc)] {
                assert_eq!(
                    run_with_memory(f, &inputs).map(|r| r.0),
                    Ok(expect),
                    "{form} with a={x} b={y} c={z} n={n}"
                );
            }
        }
    }

    /// Tail duplication (SSA book §18.2): `x = (a < 3 || b > 7) ? c + 1 :
    /// 3c` reaches its `then` block B3 from both compares, so B1's
    /// diamond has a side with two predecessors. B3 is duplicated for B1
    /// (one duplication), B1's diamond converts, then B0's (two regions),
    /// and the whole is one block, where B3's `add` and its copy become
    /// one (local value numbering). By execution, against the formula
    /// above for a around 3 and b around 7, before and after.
    #[test]
    fn tail_duplication_converts_an_or_with_an_else() {
        let text = "function @or global\nvregs 20 br %v4 %v5\npins %v1=$r16 %v2=$r17 %v3=$r18 %v9=$r16\norder B0 B1 B2 B3 B4\nB0:\n  pcopy %v1, %v2, %v3 = $r16, $r17, $r18\n  cmplt %v4 = %v1, 3\n  br %v4, B3\nB1:\n  cmpgt %v5 = %v2, 7\n  br %v5, B3\nB2:\n  sh1add %v7 = %v3, %v3\n  goto B4\nB3:\n  add %v6 = %v3, 1\nB4:\n  phi %v8 = [B2, %v7], [B3, %v6]\n  pcopy %v9 = %v8\n  return $r63 uses(%v9)\n";
        let before = parse::function(text).unwrap();
        let mut after = before.clone();
        let st = if_convert(&mut after, &ProcessorModel::st231());
        // B3's copy `add c, 1` meets B3's own in the merged block: one
        assert_eq!(
            (st.regions, st.tail_duplicated, st.duplicates_merged),
            (2, 1, 1)
        );
        let adds = after
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter(|i| i.op.mnemonic() == "add");
        assert_eq!(adds.count(), 1);
        crate::codegen::mir::verify::verify(&after).unwrap();
        let mut lowered = after.clone();
        out_of_psi::lower(&mut lowered);
        assert_eq!(
            lowered.order.len(),
            1,
            "{}",
            crate::codegen::mir::print::function(&lowered)
        );
        for a in [2, 3, 4] {
            for b in [6, 7, 8] {
                let c = 5;
                let expect = if a < 3 || b > 7 { c + 1 } else { 3 * c };
                let inputs = [(Reg::G(16), a), (Reg::G(17), b), (Reg::G(18), c)];
                for f in [&before, &after, &lowered] {
                    assert_eq!(
                        run_with_memory(f, &inputs).map(|r| r.0),
                        Ok(expect),
                        "a={a} b={b}"
                    );
                }
            }
        }
    }

    /// Random `x = (c1 || c2) ? t : e` and `x = (c1 && c2) ? t : e` (the
    /// shared side block that both compares reach), with 1–3 random
    /// operations per arm and random compares of the two inputs with
    /// constants: converted past the cost model with tail duplication,
    /// then lowered, they return the branchy original's value for every
    /// input of a grid around the constants.
    #[test]
    fn tail_duplication_keeps_random_or_and_and_chains() {
        let mut g = Lcg(916);
        for case in 0..200 {
            let or = g.next(2) == 0;
            let cmp = |g: &mut Lcg| ["cmplt", "cmpgt", "cmpeq", "cmpne"][g.next(4) as usize];
            let (c1, c2) = (cmp(&mut g), cmp(&mut g));
            let (k1, k2) = (g.next(5) as i64 - 2, g.next(5) as i64 - 2);
            let mut next = 10;
            let mut arm = |g: &mut Lcg| {
                let mut t = String::new();
                let mut last = "%v1".to_string();
                for _ in 0..1 + g.next(3) {
                    let d = format!("%v{next}");
                    next += 1;
                    let y = ["%v1", "%v2", last.as_str()][g.next(3) as usize].to_string();
                    t.push_str(&match g.next(3) {
                        0 => format!("  add {d} = {y}, {}\n", g.next(9)),
                        1 => format!("  sub {d} = {y}, {last}\n"),
                        _ => format!("  sh2add {d} = {y}, %v2\n"),
                    });
                    last = d;
                }
                (t, last)
            };
            let ((tt, tv), (et, ev)) = (arm(&mut g), arm(&mut g));
            // or: the compares branch to the `then` arm B3, B1 falls into
            // the `else` arm B2; and: they branch (brf) to the `else` arm
            // B3, B1 falls into the `then` arm B2
            let (br, then_b, else_b) = if or {
                ("br", &tt, &et)
            } else {
                ("brf", &et, &tt)
            };
            let (t1, t2) = if or {
                (tv.as_str(), ev.as_str())
            } else {
                (ev.as_str(), tv.as_str())
            };
            // every third case B1 reaches the shared B3 by falling into it
            // (the inverse branch to B2, B3 laid out next), so B3's copy
            // must take B3's place after B1
            let (order, b1_branch, b3_end) = if case % 3 == 2 {
                let inverse = if or { "brf" } else { "br" };
                (
                    "B0 B1 B3 B2 B4",
                    format!("{inverse} %v5, B2"),
                    "  goto B4\n",
                )
            } else {
                ("B0 B1 B2 B3 B4", format!("{br} %v5, B3"), "")
            };
            let text = format!(
                "function @c global\nvregs 60 br %v4 %v5\npins %v1=$r16 %v2=$r17 %v9=$r16\norder {order}\nB0:\n  pcopy %v1, %v2 = $r16, $r17\n  {c1} %v4 = %v1, {k1}\n  {br} %v4, B3\nB1:\n  {c2} %v5 = %v2, {k2}\n  {b1_branch}\nB2:\n{else_b}  goto B4\nB3:\n{then_b}{b3_end}B4:\n  phi %v8 = [B2, {t2}], [B3, {t1}]\n  pcopy %v9 = %v8\n  return $r63 uses(%v9)\n"
            );
            let before = parse::function(&text).unwrap();
            let mut after = before.clone();
            let st = drive(&mut after, &ProcessorModel::st231(), &|_| None, true, true);
            assert_eq!(
                (st.regions, st.tail_duplicated),
                (2, 1),
                "case {case}\n{text}"
            );
            crate::codegen::mir::verify::verify(&after).unwrap();
            out_of_psi::lower(&mut after);
            for a in -3..=3 {
                for b in -3..=3 {
                    let inputs = [(Reg::G(16), a), (Reg::G(17), b)];
                    assert_eq!(
                        run_with_memory(&after, &inputs).map(|r| r.0),
                        run_with_memory(&before, &inputs).map(|r| r.0),
                        "case {case} a={a} b={b}\n{text}"
                    );
                }
            }
        }
    }

    /// The slack of the cost model is 0 on the built-in machines and on
    /// a narrower one (their choice is exactly `after <= before`), and
    /// [`WIDE_CONVERSION_SLACK`] on the 8-issue machine.
    #[test]
    fn only_a_machine_wider_than_four_slots_accepts_a_longer_schedule() {
        for model in [
            ProcessorModel::st220(),
            ProcessorModel::st231(),
            ProcessorModel::st240(),
        ] {
            assert_eq!(conversion_slack(&model), 0.0, "{}", model.name);
        }
        let wide8 = ProcessorModel::from_toml_str(include_str!("../../../../machines/wide8.toml"))
            .expect("wide8.toml");
        assert_eq!(conversion_slack(&wide8), WIDE_CONVERSION_SLACK);
        let two = ProcessorModel::from_toml_str(include_str!("../../../../machines/issue2.toml"))
            .expect("issue2.toml");
        assert_eq!(conversion_slack(&two), 0.0);
    }

    /// A region whose blocks hold more than [`MAX_MERGED_OPS`] operations
    /// together is left alone (the same triangle with a short head is
    /// converted).
    #[test]
    fn merged_blocks_stay_within_the_bound() {
        let text = |filler: usize| {
            let mut t = String::from(
                "function @f global\nvregs 9000 br %v4\npins %v1=$r16 %v2=$r17\norder B0 B1 B2\nB0:\n  pcopy %v1, %v2 = $r16, $r17\n",
            );
            for k in 0..filler {
                t.push_str(&format!("  add %v{} = %v1, {k}\n", 10 + k));
            }
            t.push_str("  cmplt %v4 = %v1, %v2\n  brf %v4, B2\nB1:\n  add %v5 = %v1, 1\nB2:\n");
            t.push_str("  phi %v6 = [B0, %v2], [B1, %v5]\n  return $r63 uses(%v6)\n");
            t
        };
        let model = ProcessorModel::st231();
        let mut small = parse::function(&text(10)).unwrap();
        assert_eq!(if_convert(&mut small, &model).regions, 1);
        let mut big = parse::function(&text(MAX_MERGED_OPS)).unwrap();
        let st = if_convert(&mut big, &model);
        assert_eq!((st.regions, st.unprofitable), (0, 1));
    }

    /// A loop whose latch is the join of a triangle in its header (the
    /// shape loop rotation makes): after conversion the join is merged
    /// into the header, which becomes its own successor, and the
    /// header's phis must name it on the back edge. Hand-derived: for
    /// n = 10 the loop adds 3 for each odd i < 10: 15.
    #[test]
    fn join_merged_into_its_own_loop_header() {
        let text = "function @f global\nvregs 20 br %v4 %v12\npins %v1=$r16\norder B0 B1 B2 B3 B4\n\
B0:\n  pcopy %v1 = $r16\n  mov %v2 = 0\n\
B1:\n  phi %v3 = [B0, %v2], [B3, %v8]\n  phi %v6 = [B0, %v2], [B3, %v11]\n  and %v7 = %v3, 1\n  cmpeq %v4 = %v7, 0\n  br %v4, B3\n\
B2:\n  add %v10 = %v6, 3\n\
B3:\n  phi %v11 = [B1, %v6], [B2, %v10]\n  add %v8 = %v3, 1\n  cmplt %v12 = %v8, %v1\n  br %v12, B1\n\
B4:\n  return $r63 uses(%v11)\n";
        let f = parse::function(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        verify::verify(&f).unwrap();
        let model = ProcessorModel::st231();
        let mut h = f.clone();
        let st = drive(&mut h, &model, &|_| None, true, true);
        assert_eq!(st.regions, 1);
        verify::verify(&h).unwrap_or_else(|e| panic!("{e}\n{}", print::function(&h)));
        out_of_psi::lower(&mut h);
        verify::verify(&h).unwrap();
        let inputs = [(Reg::G(16), 10)];
        assert_eq!(run_with_memory(&f, &inputs).unwrap().0, 15);
        assert_eq!(run_with_memory(&h, &inputs).unwrap().0, 15);
    }

    /// If-conversion then the translation out of psi-SSA (both methods,
    /// with and without promotion) compute what the branchy input
    /// computes — the returned value and every word stored — for every
    /// outcome of the branch, on 300 random diamonds and triangles with
    /// loads (made dismissible) and stores (sunk or address-selected).
    #[test]
    fn random_regions_compute_the_same_by_execution() {
        random_regions(Lcg(20261125), false);
    }

    /// [`random_regions_compute_the_same_by_execution`] with a head that
    /// loads two of the words the sides store: those stores are written
    /// back (an unconditional store of `slct(guard, value, loaded)`), the
    /// others address-selected; memory and result agree on every path.
    #[test]
    fn stores_to_words_the_head_loads_are_written_back() {
        random_regions(Lcg(7031), true);
        // a triangle storing a loaded word: no scratch slot, one select
        let text = "function @w global\nvregs 40 br %v4\npins %v1=$r16 %v2=$r17 %v3=$r18\norder B0 B1 B2\nB0:\n  pcopy %v1, %v2, %v3 = $r16, $r17, $r18\n  ldw %v5 = 0[%v3]\n  cmplt %v4 = %v1, %v2\n  brf %v4, B2\nB1:\n  stw 0[%v3] = %v1\nB2:\n  return $r63 uses(%v5)\n";
        let mut f = parse::function(text).unwrap_or_else(|e| panic!("{e}"));
        let st = drive(&mut f, &ProcessorModel::st231(), &|_| None, true, true);
        assert_eq!(st.regions, 1, "{}", print::function(&f));
        assert!(
            f.objs.is_empty(),
            "no scratch word:\n{}",
            print::function(&f)
        );
        let b0 = &f.blocks[0].insts;
        let names: Vec<&str> = b0
            .iter()
            .filter_map(|i| i.info().map(|x| x.mnemonic))
            .collect();
        assert!(
            names.contains(&"slct") || names.contains(&"slctf"),
            "{names:?}"
        );
        assert!(names.contains(&"stw"), "{names:?}");
    }

    fn random_regions(mut g: Lcg, head_loads: bool) {
        let model = ProcessorModel::st231();
        let mut converted = 0;
        for case in 0..300 {
            let text = random_region(&mut g, head_loads);
            let f = parse::function(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            verify::verify(&f).unwrap_or_else(|e| panic!("{e}\n{text}"));
            for (webs, promote) in [(false, true), (true, true), (true, false)] {
                let mut h = f.clone();
                let st = drive(&mut h, &model, &|_| None, promote, true);
                converted += st.regions;
                verify::verify(&h).unwrap_or_else(|e| panic!("{e}\n{text}"));
                if webs {
                    webs::translate(&mut h);
                    verify::verify(&h).unwrap_or_else(|e| panic!("{e}\n{text}"));
                }
                let before = print::function(&h);
                out_of_psi::lower(&mut h);
                verify::verify(&h).unwrap_or_else(|e| panic!("{e}\n{before}"));
                for (a, b) in [(1, 2), (2, 1), (3, 3), (-5, 4), (0, -1)] {
                    let inputs = [(Reg::G(16), a), (Reg::G(17), b), (Reg::G(18), 1000)];
                    let want = run_with_memory(&f, &inputs).unwrap();
                    let got = run_with_memory(&h, &inputs).unwrap_or_else(|e| {
                        panic!("case {case}: {e}\n{text}\n{}", print::function(&h))
                    });
                    // the scratch word of address-selected stores is not
                    // the program's memory
                    let got_mem: Vec<(i64, i64)> =
                        got.1.into_iter().filter(|&(addr, _)| addr >= 0).collect();
                    assert_eq!(
                        (want.0, want.1.clone()),
                        (got.0, got_mem),
                        "case {case} (a={a}, b={b}, webs={webs}, promote={promote}):\n{text}\n{}",
                        print::function(&h)
                    );
                }
            }
        }
        assert!(converted >= 3 * 300, "only {converted} regions converted");
    }

    /// The BR bound: seven compares read only after the last one keep
    /// seven BRs live together; with the branch's own BR, read by the psi
    /// at the end, eight (> [`br_available`], ISA-ST200 §1.3 minus the
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
        assert!(br_pressure(&f, insts) > br_available(&ProcessorModel::st231()));
        // without the psi reading %v3 at the end, %v3 dies before the
        // seven compares: seven live at most
        assert_eq!(br_pressure(&f, &insts[..insts.len() - 1]), 7);
    }
}
