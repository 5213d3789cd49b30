//! Global register allocation by linear scan (Poletto and Sarkar) over
//! live intervals computed from iterative liveness on the machine CFG, for
//! the GR and BR classes, with spilling to stack slots.
//!
//! - Live interval of a virtual register: the smallest range of
//!   instruction positions covering every definition, use, and every block
//!   where it is live in or out (one range, no holes; conservative on
//!   arbitrary CFGs).
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
//! - Copy coalescing by preference: an interval related by a `mov` to
//!   another (virtual or physical) register takes that register when it is
//!   free over the whole interval; the `mov` then has the same source and
//!   destination and is deleted ([`Stats::copies_removed`]).

use super::mir::*;
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

/// Allocates registers of `f` in place: every virtual register becomes
/// physical, spill code is inserted. Returns statistics.
pub fn allocate(f: &mut MFunc) -> Stats {
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
    let (live_in, live_out) = super::liveness::live_sets(f, nl, |x| Some(index(x)));
    // intervals
    let mut start = vec![usize::MAX; nv];
    let mut end = vec![0usize; nv];
    let ext = |v: usize, p: usize, start: &mut Vec<usize>, end: &mut Vec<usize>| {
        start[v] = start[v].min(p);
        end[v] = end[v].max(p);
    };
    // fixed ranges per physical register
    let mut fixed: Vec<Vec<(usize, usize)>> = vec![vec![]; NPHYS];
    for b in f.order.iter().map(|b| b.index()) {
        let mut open: Vec<Option<usize>> = vec![None; NPHYS];
        for v in live_in[b].iter() {
            if v < nv {
                ext(v, first[b], &mut start, &mut end);
            } else {
                open[v - nv] = Some(first[b]);
            }
        }
        for v in live_out[b].iter().filter(|&v| v < nv) {
            ext(v, last[b], &mut start, &mut end);
        }
        let mut pos = first[b];
        for i in &f.blocks[b].insts {
            for u in i.uses() {
                match u {
                    Reg::V(v) => ext(v.index(), pos, &mut start, &mut end),
                    p => {
                        let k = phys_index(p).expect("phys");
                        let s = open[k].unwrap_or(first[b]);
                        fixed[k].push((s, pos));
                    }
                }
            }
            for d in i.defs() {
                match d {
                    Reg::V(v) => ext(v.index(), pos + 1, &mut start, &mut end),
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
    }
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
    // keep their registers; divided by the interval's length when victims
    // are compared, so long, rarely used intervals go first
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
                for r in i.uses().into_iter().chain(i.defs()) {
                    if let Reg::V(v) = r {
                        weight[v.index()] += w;
                    }
                }
            }
        }
    }
    // cost of spilling v per position of its interval (×1024 for integer
    // comparison)
    let density = |v: usize| weight[v] * 1024 / (end[v] - start[v] + 1) as u64;
    // linear scan
    let mut ivs: Vec<usize> = (0..nv).filter(|&v| start[v] != usize::MAX).collect();
    ivs.sort_by_key(|&v| (start[v], end[v]));
    let overlaps = |k: usize, s: usize, e: usize, fixed: &Vec<Vec<(usize, usize)>>| {
        fixed[k].iter().any(|&(a, b)| a <= e && s <= b)
    };
    let mut assign: Vec<Option<Reg>> = vec![None; nv];
    let mut spilled = vec![false; nv];
    let mut active: Vec<usize> = vec![];
    // per physical register, the end of the last interval given to it
    let mut released = vec![0usize; NPHYS];
    let gr_order: Vec<Reg> = abi::GR_ALLOCATION_ORDER.map(Reg::gr).to_vec();
    let br_order: Vec<Reg> = abi::BR_ALLOCATION_ORDER.map(Reg::br).to_vec();
    for &v in &ivs {
        let (s, e) = (start[v], end[v]);
        active.retain(|&a| end[a] >= s);
        let class = f.vclass[v];
        let cands: &[Reg] = match class {
            Class::Gr => &gr_order,
            Class::Br => &br_order,
        };
        // registers of the active intervals, and the candidates, as masks
        // (NPHYS ≤ 128)
        let bit = |r: &Reg| 1u128 << phys_index(*r).expect("p");
        let busy: u128 = active
            .iter()
            .filter_map(|&a| assign[a])
            .fold(0, |m, r| m | bit(&r));
        let cand_mask: u128 = cands.iter().fold(0, |m, r| m | bit(r));
        let free = |c: &Reg| {
            cand_mask & bit(c) != 0
                && busy & bit(c) == 0
                && !overlaps(phys_index(*c).expect("p"), s, e, &fixed)
        };
        let hinted = hints[v].iter().find_map(|h| match h {
            Reg::V(u) => assign[u.index()].filter(|p| free(p)),
            p => Some(*p).filter(|p| free(p)),
        });
        // among the free caller-saved temporaries, the one released
        // longest ago: the post-allocation scheduler then meets fewer
        // anti and output dependences between unrelated values
        let lru = cands
            .iter()
            .copied()
            .filter(|c| match c {
                Reg::G(n) => abi::GR_ROLES[*n as usize] == abi::RegRole::Temporary,
                _ => false,
            })
            .filter(|c| free(c))
            .min_by_key(|c| released[phys_index(*c).expect("p")]);
        let pick = hinted
            .or(lru)
            .or_else(|| cands.iter().copied().find(|c| free(c)));
        if let Some(p) = pick {
            let k = phys_index(p).expect("p");
            released[k] = released[k].max(e);
            assign[v] = Some(p);
            active.push(v);
            continue;
        }
        // spill the active interval of this class whose register suits
        // the current interval and whose spill cost per position is the
        // lowest, if it is lower than the current interval's (ties: the
        // one ending last, Poletto and Sarkar's rule)
        let victim = active
            .iter()
            .copied()
            .filter(|&a| f.vclass[a] == class)
            .filter(|&a| {
                let p = assign[a].expect("assigned");
                !overlaps(phys_index(p).expect("p"), s, e, &fixed)
            })
            .min_by_key(|&a| (density(a), std::cmp::Reverse(end[a])));
        match victim {
            Some(a)
                if (density(a), std::cmp::Reverse(end[a])) < (density(v), std::cmp::Reverse(e)) =>
            {
                assign[v] = assign[a].take();
                let k = phys_index(assign[v].expect("victim's register")).expect("p");
                released[k] = released[k].max(e);
                spilled[a] = true;
                active.retain(|&x| x != a);
                active.push(v);
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
    let br_scratch = Reg::br(abi::BR_SPILL_SCRATCH);
    for b in 0..nb {
        let old = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(old.len());
        for mut i in old {
            let mut before = vec![];
            let mut after = vec![];
            let mut gr_use = [use0, use1].into_iter();
            let mut reloaded: Vec<(VReg, Reg)> = vec![];
            let loc = i.loc;
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

/// A register-to-register copy: `mov $rd = $rs` (ISA-ST200 §4.9).
pub fn is_copy(i: &MInst) -> bool {
    i.is(opc::MOV_R)
}
