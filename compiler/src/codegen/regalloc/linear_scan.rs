//! Global register allocation by linear scan (Poletto and Sarkar) over
//! live intervals computed from iterative liveness on the machine CFG, for
//! the GR and BR classes, with spilling to stack slots.
//!
//! - Live ranges of a virtual register: per block of the layout, the
//!   positions from its first definition or use (the block's start when
//!   it is live in) to its last (the block's end when it is live out);
//!   ranges of consecutive blocks are merged, so the rest are *lifetime
//!   holes* that other values may fill (Traub, Holloway and Smith, "Quality
//!   and Speed in Linear-scan Register Allocation", 1998). A register is
//!   free for a value when none of the ranges already given to it
//!   overlaps the value's ranges. Before this, one interval covered the
//!   whole span, and a pipelined loop's code (prologue, kernel, epilogue,
//!   the original loop kept as fallback after them) looked twice as
//!   crowded as it was: `biquad` spilled 41 values, now 2.
//! - Physical registers named by instruction selection or left by
//!   out-of-SSA coalescing (argument and result registers, call clobbers)
//!   take part in the same liveness analysis and give fixed ranges (live
//!   across block boundaries too); a virtual register is never given a
//!   register whose fixed ranges overlap its interval, so
//!   values live across a call land in callee-saved `$r1`–`$r7`
//!   (ISA-ST200 §7.1) or are spilled; BRs are all caller-saved, so a BR live
//!   across a call is spilled.
//! - Spill: "spill everywhere": a spilled virtual register lives in a
//!   4-byte frame object; each use reloads it into a reserved scratch
//!   register just before, each definition stores it just after
//!   ([`isa::abi::GR_SPILL_SCRATCH`] `$r8`, `$r9` for uses, `$r10` for
//!   definitions; [`isa::abi::BR_SPILL_SCRATCH`] `$b7` plus `$r11` for BRs,
//!   via `mfb`/`mtb`). These scratch registers are never allocated.
//! - Registers are tried in the order of [`isa::abi::GR_ALLOCATION_ORDER`]
//!   and [`isa::abi::BR_ALLOCATION_ORDER`] (temporaries first, callee-saved
//!   last).
//! - On a described machine ([`allocate_for`], `[registers]` of
//!   `isa::model`) only the registers it has are handed out: the orders
//!   without `$rN` for N ≥ `general` ([`isa::abi::gr_allocation_order_for`];
//!   24 GRs leave `$r1`–`$r7`, `$r15`–`$r23`), and `$b0` up to the BR before
//!   the last, which is the spill scratch
//!   ([`isa::abi::br_spill_scratch_for`]; with one BR every branch value is
//!   spilled and goes through `$b0`). Fewer registers only mean more spills.
//! - Copy coalescing by preference: an interval related by a `mov` to
//!   another (virtual or physical) register takes that register when it is
//!   free over the whole interval; the `mov` then has the same source and
//!   destination and is deleted ([`Stats::copies_removed`]).

use crate::codegen::mir::*;
use isa::abi;

/// Number of physical registers: the GRs then the BRs (ISA-ST200 §1.2,
/// §1.3).
const NPHYS: usize = (abi::GR_COUNT + abi::BR_COUNT) as usize;
const _: () = assert!(NPHYS <= 128, "register masks are u128");

/// Statistics of one allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Virtual registers spilled.
    pub spilled: usize,
    /// Reload and store operations inserted.
    pub spill_ops: usize,
    /// `mov`s deleted because both sides got the same register.
    pub copies_removed: usize,
}

fn phys_index(x: Reg) -> Option<usize> {
    match x {
        Reg::G(n) => Some(n as usize),
        Reg::B(n) => Some(abi::GR_COUNT as usize + n as usize),
        Reg::V(_) => None,
    }
}

/// Allocates registers of `f` in place for the full register files of
/// the ST200 cores (64 GRs, 8 BRs): every virtual register becomes
/// physical, spill code is inserted. Returns statistics.
pub fn allocate(f: &mut MFunc) -> Stats {
    allocate_for(f, &isa::model::RegisterFiles::default())
}

/// [`allocate`] for a machine with the register files `regs`
/// (`[registers]` of a machine description, ISA-ST200 §1.2, §1.3): only
/// `$r0`…`$r(general−1)` and `$b0`…`$b(branch−1)` are handed out
/// ([`abi::gr_allocation_order_for`], [`abi::br_allocation_order_for`]),
/// the BR spill scratch is the machine's last BR
/// ([`abi::br_spill_scratch_for`]); fewer registers only mean more spills.
pub fn allocate_for(f: &mut MFunc, regs: &isa::model::RegisterFiles) -> Stats {
    allocate_with(f, regs, false)
}

/// [`allocate_for`] where, with `br_lru`, a BR is chosen as the GRs are:
/// among the free ones, the one released longest ago (the first of the
/// class's order on ties), so that unrelated branch values do not share
/// a BR back to back. On a machine wider than the ST231 the bundles
/// after allocation have room for a compare next to the operations
/// before it, and a BR just released would hold it back by an anti or
/// output dependence (wide8 `interp`: the dispatch compare waited for
/// the carry of a 64-bit increment that wrote `$b0` before it).
pub fn allocate_with(f: &mut MFunc, regs: &isa::model::RegisterFiles, br_lru: bool) -> Stats {
    let nv = f.vclass.len();
    // liveness index: virtual registers first, then the physical ones
    let index = |x: Reg| match x {
        Reg::V(v) => v.index(),
        p => nv + phys_index(p).expect("phys"),
    };
    let nl = nv + NPHYS;
    let nb = f.blocks.len();
    // positions
    let mut first = vec![0usize; nb];
    let mut last = vec![0usize; nb];
    let mut n = 0usize;
    for b in f.order.iter().map(|b| b.index()) {
        first[b] = 2 * n;
        n += f.blocks[b].insts.len().max(1);
        last[b] = 2 * n - 1;
    }
    // liveness
    let (live_in, live_out) =
        crate::codegen::regalloc::liveness::live_sets(f, nl, |x| Some(index(x)));
    // live ranges: per virtual register, the positions where it is live,
    // as disjoint ranges in increasing order (one per block at most,
    // adjacent ones merged): the holes between them are free for others
    let mut ranges: Vec<Vec<(usize, usize)>> = vec![vec![]; nv];
    // fixed ranges per physical register
    let mut fixed: Vec<Vec<(usize, usize)>> = vec![vec![]; NPHYS];
    let mut here: Vec<(usize, usize)> = vec![(usize::MAX, 0); nv];
    let mut seen: Vec<usize> = vec![];
    for b in f.order.iter().map(|b| b.index()) {
        let mut open: Vec<Option<usize>> = vec![None; NPHYS];
        let mut ext = |v: usize, p: usize, here: &mut Vec<(usize, usize)>| {
            let h = &mut here[v];
            if h.0 == usize::MAX {
                seen.push(v);
            }
            h.0 = h.0.min(p);
            h.1 = h.1.max(p);
        };
        for v in live_in[b].iter() {
            if v < nv {
                ext(v, first[b], &mut here);
            } else {
                open[v - nv] = Some(first[b]);
            }
        }
        for v in live_out[b].iter().filter(|&v| v < nv) {
            ext(v, last[b], &mut here);
        }
        let mut pos = first[b];
        for i in &f.blocks[b].insts {
            i.for_each_use(|u| match u {
                Reg::V(v) => ext(v.index(), pos, &mut here),
                p => {
                    let k = phys_index(p).expect("phys");
                    let s = open[k].unwrap_or(first[b]);
                    fixed[k].push((s, pos));
                }
            });
            for d in i.defs() {
                match d {
                    Reg::V(v) => ext(v.index(), pos + 1, &mut here),
                    p => {
                        let k = phys_index(p).expect("phys");
                        open[k] = Some(pos + 1);
                        fixed[k].push((pos + 1, pos + 1));
                    }
                }
            }
            pos += 2;
        }
        for k in live_out[b].iter().filter(|&v| v >= nv).map(|v| v - nv) {
            fixed[k].push((open[k].unwrap_or(first[b]), last[b]));
        }
        for v in seen.drain(..) {
            let (s, e) = std::mem::replace(&mut here[v], (usize::MAX, 0));
            match ranges[v].last_mut() {
                Some(l) if l.1 + 1 >= s => l.1 = l.1.max(e),
                _ => ranges[v].push((s, e)),
            }
        }
    }
    let start = |v: usize| ranges[v].first().map_or(usize::MAX, |r| r.0);
    let end = |v: usize| ranges[v].last().map_or(0, |r| r.1);
    // copy-related registers (`mov d = s` between registers of one class)
    let mut hints: Vec<Vec<Reg>> = vec![vec![]; nv];
    for b in &f.blocks {
        for i in b.insts.iter().filter(|i| is_copy(i)) {
            if let (Opnd::R(d), Opnd::R(s)) = (&i.ops[0], &i.ops[1]) {
                if let Reg::V(v) = d {
                    hints[v.index()].push(*s);
                }
                if let Reg::V(v) = s {
                    hints[v.index()].push(*d);
                }
            }
        }
    }
    // spill weights (Chaitin's spill cost): each use or definition counts
    // 8^(loop depth), capped at depth 4, so values used in inner loops
    // keep their registers; divided by the positions where the value is
    // live when victims are compared, so long, rarely used values go first
    let mut weight = vec![0u64; nv];
    {
        let cfg = Cfg::new(f);
        let depth: Vec<u32> = match f.order.first() {
            Some(&entry) => {
                let forest = crate::analysis::LoopForest::new(entry, cfg.succ_lists());
                (0..nb)
                    .map(|b| forest.loop_depth(MBlockId::new(b)).min(4))
                    .collect()
            }
            None => vec![0; nb],
        };
        for (b, blk) in f.blocks.iter().enumerate() {
            let w = 8u64.pow(depth[b]);
            for i in &blk.insts {
                i.for_each_reg(|r, _| {
                    if let Reg::V(v) = r {
                        weight[v.index()] += w;
                    }
                });
                for &r in i.imp_uses.iter().chain(&i.imp_defs) {
                    if let Reg::V(v) = r {
                        weight[v.index()] += w;
                    }
                }
            }
        }
    }
    let length: Vec<u64> = ranges
        .iter()
        .map(|rs| rs.iter().map(|&(s, e)| (e - s + 1) as u64).sum())
        .collect();
    // cost of spilling v per live position (×1024 for integer comparison)
    let density = |v: usize| weight[v] * 1024 / length[v].max(1);
    // linear scan over the live ranges: each physical register holds the
    // ranges given to it, disjoint, by start (owner: a virtual register,
    // or FIXED for the register's own uses and clobbers)
    const FIXED: usize = usize::MAX;
    let mut held: Vec<Holder> = (0..NPHYS).map(|_| Holder::default()).collect();
    for (k, fx) in fixed.iter_mut().enumerate() {
        fx.sort_unstable();
        let mut merged: Vec<(usize, usize)> = vec![];
        for &(a, b) in fx.iter() {
            match merged.last_mut() {
                Some(l) if l.1 + 1 >= a => l.1 = l.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        for (a, b) in merged {
            held[k].insert(a, b, FIXED);
        }
    }
    // by start, then end, then number (each key computed once)
    let mut keyed: Vec<(usize, usize, usize)> = (0..nv)
        .filter(|&v| !ranges[v].is_empty())
        .map(|v| (start(v), end(v), v))
        .collect();
    keyed.sort_unstable();
    let ivs: Vec<usize> = keyed.into_iter().map(|(_, _, v)| v).collect();
    let mut assign: Vec<Option<Reg>> = vec![None; nv];
    let mut spilled = vec![false; nv];
    // per physical register, the end of the last interval given to it
    let mut released = vec![0usize; NPHYS];
    let gr_order: Vec<Reg> = abi::gr_allocation_order_for(regs.general)
        .into_iter()
        .map(Reg::gr)
        .collect();
    let br_order: Vec<Reg> = abi::br_allocation_order_for(regs.branch)
        .into_iter()
        .map(Reg::br)
        .collect();
    let pi = |r: &Reg| phys_index(*r).expect("p");
    // the physical registers of each class's order
    let mask_of = |order: &[Reg]| order.iter().fold(0u128, |m, c| m | 1u128 << pi(c));
    let (gr_mask, br_mask) = (mask_of(&gr_order), mask_of(&br_order));
    // the caller-saved temporaries of `gr_order` (by their place in it),
    // sorted by `released`, then by that place: the first free one is
    // the one released longest ago
    let mut by_release: Vec<(usize, usize)> = gr_order
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c, Reg::G(n) if abi::GR_ROLES[*n as usize] == abi::RegRole::Temporary))
        .map(|(place, _)| (0, place))
        .collect();
    // raises `released` of register `p` to `end`, keeping `by_release`
    // sorted
    let release =
        |released: &mut [usize], by_release: &mut Vec<(usize, usize)>, p: Reg, end: usize| {
            let k = pi(&p);
            released[k] = released[k].max(end);
            if let Some(place) = gr_order.iter().position(|&c| c == p) {
                if let Some(at) = by_release.iter().position(|e| e.1 == place) {
                    by_release.remove(at);
                    let key = (released[k], place);
                    let at = by_release.partition_point(|e| *e < key);
                    by_release.insert(at, key);
                }
            }
        };
    for &v in &ivs {
        let class = f.vclass[v];
        let (cands, class_mask): (&[Reg], u128) = match class {
            Class::Gr => (&gr_order, gr_mask),
            Class::Br => (&br_order, br_mask),
        };
        let rv = &ranges[v];
        let (first, _) = rv[0];
        let free = |held: &[Holder], c: &Reg| {
            let h = &held[pi(c)];
            class_mask & 1u128 << pi(c) != 0
                && (h.last_end < first || rv.iter().all(|&(s, e)| h.owner_in(s, e).is_none()))
        };
        let hinted = hints[v].iter().find_map(|h| match h {
            Reg::V(u) => assign[u.index()].filter(|p| free(&held, p)),
            p => Some(*p).filter(|p| free(&held, p)),
        });
        // among the free caller-saved temporaries, the one released
        // longest ago (the first one of the class's order on ties): the
        // post-allocation scheduler then meets fewer anti and output
        // dependences between unrelated values
        let lru = || match class {
            Class::Gr => by_release
                .iter()
                .map(|&(_, place)| gr_order[place])
                .find(|c| free(&held, c)),
            Class::Br if br_lru => br_order
                .iter()
                .copied()
                .filter(|c| free(&held, c))
                .min_by_key(|c| released[pi(c)]),
            Class::Br => None,
        };
        let pick = hinted
            .or_else(lru)
            .or_else(|| cands.iter().copied().find(|c| free(&held, c)));
        if let Some(p) = pick {
            let k = pi(&p);
            release(&mut released, &mut by_release, p, end(v));
            assign[v] = Some(p);
            for &(s, e) in rv {
                held[k].insert(s, e, v);
            }
            continue;
        }
        // spill the values holding the register of this class that suits
        // the current value (no fixed range in its way) at the lowest cost
        // per position (of the most expensive value in the way), if that
        // is lower than the current value's (ties: the one ending last,
        // Poletto and Sarkar's rule)
        let victims = |held: &[Holder], c: &Reg| -> Option<Vec<usize>> {
            let mut ws: Vec<usize> = vec![];
            for &(s, e) in rv {
                for w in held[pi(c)].owners_in(s, e) {
                    if w == FIXED {
                        return None;
                    }
                    if !ws.contains(&w) {
                        ws.push(w);
                    }
                }
            }
            Some(ws)
        };
        let key = |w: usize| (density(w), std::cmp::Reverse(end(w)));
        let best = cands
            .iter()
            .filter_map(|c| {
                let ws = victims(&held, c)?;
                let k = ws.iter().map(|&w| key(w)).max()?;
                Some((k, *c, ws))
            })
            .min_by_key(|x| x.0);
        match best {
            Some((k, c, ws)) if k < key(v) => {
                let kk = pi(&c);
                for w in ws {
                    held[kk].ranges.retain(|_, x| x.1 != w);
                    assign[w] = None;
                    spilled[w] = true;
                }
                release(&mut released, &mut by_release, c, end(v));
                assign[v] = Some(c);
                for &(s, e) in rv {
                    held[kk].insert(s, e, v);
                }
            }
            _ => spilled[v] = true,
        }
    }
    // spill slots and rewriting
    let mut stats = Stats::default();
    let mut slot = vec![u32::MAX; nv];
    for v in 0..nv {
        if spilled[v] {
            slot[v] = f.obj(4, 4);
            stats.spilled += 1;
        }
    }
    let sp = Reg::SP;
    // spill scratch registers (never allocated): two for GR uses, one for
    // GR definitions, one to move BR values through, and a BR
    let [use0, use1, gr_def, via] = abi::GR_SPILL_SCRATCH.map(Reg::gr);
    let br_scratch = Reg::br(abi::br_spill_scratch_for(regs.branch));
    for b in 0..nb {
        let old = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(old.len());
        for mut i in old {
            let mut before = vec![];
            let mut after = vec![];
            let mut gr_use = [use0, use1].into_iter();
            let mut reloaded: Vec<(VReg, Reg)> = vec![];
            let loc = i.loc;
            if i.is_asm() {
                // the inputs an inline assembly statement keeps live to
                // its end (listed as written): their registers, if any
                i.imp_defs = i
                    .imp_defs
                    .iter()
                    .filter_map(|&x| match x {
                        Reg::V(v) if spilled[v.index()] => None,
                        Reg::V(v) => assign[v.index()],
                        p => Some(p),
                    })
                    .collect();
            }
            for (x, is_def) in i.regs_mut() {
                let Reg::V(v) = *x else { continue };
                let vi = v.index();
                if !spilled[vi] {
                    *x = assign[vi].expect("allocated");
                    continue;
                }
                let fr = Opnd::Frame(FrameRef::Obj(slot[vi], 0));
                let br = f.vclass[vi] == Class::Br;
                if is_def {
                    let scratch = if br { br_scratch } else { gr_def };
                    *x = scratch;
                    if br {
                        after.push(MInst::new(opc::MFB, vec![r(via), r(br_scratch)]));
                        after.push(MInst::new(opc::STW, vec![fr, r(sp), r(via)]));
                    } else {
                        after.push(MInst::new(opc::STW, vec![fr, r(sp), r(scratch)]));
                    }
                } else if let Some(&(_, s)) = reloaded.iter().find(|(w, _)| *w == v) {
                    *x = s;
                } else if br {
                    before.push(MInst::new(opc::LDW, vec![r(via), fr, r(sp)]));
                    before.push(MInst::new(opc::MTB, vec![r(br_scratch), r(via)]));
                    *x = br_scratch;
                    reloaded.push((v, br_scratch));
                } else {
                    let s = gr_use.next().expect("at most two spilled GR uses");
                    before.push(MInst::new(opc::LDW, vec![r(s), fr, r(sp)]));
                    *x = s;
                    reloaded.push((v, s));
                }
            }
            stats.spill_ops += before.len() + after.len();
            for mut x in before {
                x.loc = loc;
                out.push(x);
            }
            out.push(i);
            for mut x in after {
                x.loc = loc;
                out.push(x);
            }
        }
        let before = out.len();
        out.retain(|i| !(is_copy(i) && i.ops[0] == i.ops[1]));
        stats.copies_removed += before - out.len();
        f.blocks[b].insts = out;
    }
    stats
}

/// The ranges of positions given to one physical register: start →
/// (end, owner), disjoint.
#[derive(Default)]
struct Holder {
    ranges: std::collections::BTreeMap<usize, (usize, usize)>,
    /// The largest end of a range ever given (a value starting after it
    /// overlaps none).
    last_end: usize,
}

impl Holder {
    fn insert(&mut self, s: usize, e: usize, owner: usize) {
        self.ranges.insert(s, (e, owner));
        self.last_end = self.last_end.max(e);
    }
    /// The owner of a range overlapping `[s, e]`, if any.
    fn owner_in(&self, s: usize, e: usize) -> Option<usize> {
        let (_, &(end, owner)) = self.ranges.range(..=e).next_back()?;
        (end >= s).then_some(owner)
    }
    /// The owners of every range overlapping `[s, e]`.
    fn owners_in(&self, s: usize, e: usize) -> Vec<usize> {
        let mut out: Vec<usize> = vec![];
        for (_, &(end, owner)) in self.ranges.range(..=e).rev() {
            if end < s {
                break;
            }
            out.push(owner);
        }
        out
    }
}

/// A register-to-register copy: `mov $rd = $rs` (ISA-ST200 §4.9).
pub fn is_copy(i: &MInst) -> bool {
    i.is(opc::MOV_R)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand check: `%v0` is live from B0 into B2 (B0 branches there) and
    /// not in B1, laid out between them, where seven other BR values are
    /// live at once. The ST231 has seven allocatable BRs
    /// (`abi::BR_ALLOCATION_ORDER`, ISA-ST200 §1.3), so an interval
    /// without holes (B0 to B2, through B1) needs eight and spills one;
    /// with B1 a hole of `%v0`'s live range, nothing is spilled.
    #[test]
    fn a_lifetime_hole_leaves_the_register_to_others() {
        assert_eq!(abi::BR_ALLOCATION_ORDER.len(), 7);
        let mut text = String::from(
            "function @f global\nvregs 9 br %v0 %v1 %v2 %v3 %v4 %v5 %v6 %v7\norder B0 B1 B2\nB0:\n  cmplt %v0 = $r16, $r17\n  br %v0, B2\nB1:\n",
        );
        for k in 1..=7 {
            text += &format!("  cmplt %v{k} = $r16, {k}\n");
        }
        text += "  mov %v8 = $r0\n";
        for k in 1..=7 {
            text += &format!("  slct %v8 = %v{k}, %v8, {k}\n");
        }
        text += "  mov $r16 = %v8\n  return $r63 uses($r16)\nB2:\n  slct $r16 = %v0, $r16, 9\n  return $r63 uses($r16)\n";
        let mut f = crate::codegen::mir::parse::function(&text).expect("parses");
        let st = allocate(&mut f);
        assert_eq!(st.spilled, 0, "{st:?}");
    }

    /// Two compares one after the other, the first dead before the
    /// second is made: in the class's order both take `$b0`; chosen by
    /// least recent release (`br_lru`), the second takes `$b1` (never
    /// given out before, released at position 0), so a scheduler may
    /// place it beside or above the first one's reader.
    #[test]
    fn branch_registers_by_least_recent_release() {
        let text = "function @f global\nvregs 3 br %v0 %v1\norder B0 B1\nB0:\n  cmplt %v0 = $r16, $r17\n  slct %v2 = %v0, $r16, $r17\n  cmpgt %v1 = %v2, 5\n  br %v1, B1\n  mov $r16 = %v2\n  return $r63 uses($r16)\nB1:\n  mov $r16 = $r0\n  return $r63 uses($r16)\n";
        let brs = |lru: bool| -> Vec<Reg> {
            let mut f = crate::codegen::mir::parse::function(text).expect("parses");
            let regs = isa::model::RegisterFiles::default();
            let st = allocate_with(&mut f, &regs, lru);
            assert_eq!(st.spilled, 0);
            // the BR each operation writes or reads: cmplt, slct, cmpgt, br
            f.blocks[f.order[0].index()]
                .insts
                .iter()
                .filter_map(|i| {
                    i.defs()
                        .into_iter()
                        .chain(i.uses())
                        .find(|r| matches!(r, Reg::B(_)))
                })
                .collect()
        };
        let b = Reg::br;
        assert_eq!(brs(false), vec![b(0), b(0), b(0), b(0)]);
        assert_eq!(brs(true), vec![b(0), b(0), b(1), b(1)]);
    }

    /// The function of `a_lifetime_hole_leaves_the_register_to_others` on
    /// a machine with two BRs: `$b1` is the spill scratch
    /// (`abi::br_spill_scratch_for`), `$b0` the only BR to give, and B1
    /// holds seven BR values at once after its seventh compare, so at
    /// least six are spilled; no BR but `$b0` and `$b1` is named. With 24
    /// GRs the GR values stay below `$r24`.
    #[test]
    fn a_machine_with_two_branch_registers_spills_the_others() {
        let mut text = String::from(
            "function @f global\nvregs 9 br %v0 %v1 %v2 %v3 %v4 %v5 %v6 %v7\norder B0 B1 B2\nB0:\n  cmplt %v0 = $r16, $r17\n  br %v0, B2\nB1:\n",
        );
        for k in 1..=7 {
            text += &format!("  cmplt %v{k} = $r16, {k}\n");
        }
        text += "  mov %v8 = $r0\n";
        for k in 1..=7 {
            text += &format!("  slct %v8 = %v{k}, %v8, {k}\n");
        }
        text += "  mov $r16 = %v8\n  return $r63 uses($r16)\nB2:\n  slct $r16 = %v0, $r16, 9\n  return $r63 uses($r16)\n";
        let mut f = crate::codegen::mir::parse::function(&text).expect("parses");
        let regs = isa::model::RegisterFiles {
            general: 24,
            branch: 2,
        };
        let st = allocate_for(&mut f, &regs);
        assert!(st.spilled >= 6, "{st:?}");
        for b in &f.blocks {
            for i in &b.insts {
                i.for_each_reg(|x, _| match x {
                    Reg::B(n) => assert!(n < 2, "$b{n}"),
                    Reg::G(n) => assert!(n < 24 || n == 63, "$r{n}"),
                    Reg::V(v) => panic!("{v} left"),
                });
            }
        }
    }

    #[test]
    fn holders_find_overlapping_ranges() {
        let mut h = Holder::default();
        h.ranges.insert(0, (3, 10));
        h.ranges.insert(8, (9, 11));
        h.ranges.insert(20, (30, 12));
        assert_eq!(h.owner_in(4, 7), None);
        assert_eq!(h.owner_in(3, 3), Some(10));
        assert_eq!(h.owner_in(9, 25), Some(12));
        assert_eq!(h.owners_in(2, 20), vec![12, 11, 10]);
        assert_eq!(h.owners_in(31, 40), Vec::<usize>::new());
    }
}
