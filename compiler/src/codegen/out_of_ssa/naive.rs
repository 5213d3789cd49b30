//! The naive translation (R. Cytron, J. Ferrante, B. K. Rosen,
//! M. N. Wegman, F. K. Zadeck, "Efficiently Computing Static Single
//! Assignment Form and the Control Dependence Graph", TOPLAS 1991; SSA
//! book draft 2022, §3.2, Alg. 3.5): each phi becomes a parallel copy of
//! its arguments at the end of every predecessor, critical edges split
//! (with a `goto` to the phi block when the edge is a branch, ISA-ST200
//! §4.7). No coalescing.

use super::*;

/// Replaces phis by parallel copies at the end of each predecessor (S2
/// Alg. 3.5), splitting critical edges. A predecessor with several
/// successors into a block with a single predecessor gets the copies at
/// the start of that block instead.
pub(super) fn lower_phis_naive(mf: &mut MFunc, st: &mut Stats) {
    let nb = mf.blocks.len();
    let cfg = Cfg::new(mf);
    let succs = cfg.succ_lists();
    let mut npreds = vec![0usize; nb];
    for ss in succs {
        for &s in ss {
            npreds[s.index()] += 1;
        }
    }
    for (b, &nb_preds) in npreds.iter().enumerate() {
        let np = nphis(&mf.blocks[b]);
        if np == 0 {
            continue;
        }
        let phis: Vec<MInst> = mf.blocks[b].insts.drain(..np).collect();
        let mut preds: Vec<usize> = vec![];
        for i in &phis {
            for (p, _) in phi_args(i) {
                if !preds.contains(&p) && p < nb {
                    preds.push(p);
                }
            }
        }
        let mut at_start = vec![];
        for p in preds {
            let mut pairs = vec![];
            for i in &phis {
                if let (Some(d), Some(&(_, s))) =
                    (phi_dst(i), phi_args(i).iter().find(|a| a.0 == p))
                {
                    pairs.push((d, s));
                }
            }
            let mut pc = pcopy_inst(&pairs);
            pc.loc = phis[0].loc;
            if succs[p].len() <= 1 {
                let at = late_point(&mf.blocks[p]);
                mf.blocks[p].insts.insert(at, pc);
            } else if nb_preds <= 1 {
                at_start.push(pc);
            } else {
                let _ = split_edge(mf, p, b, Some(pc));
                st.edges_split += 1;
            }
        }
        for (k, pc) in at_start.into_iter().enumerate() {
            mf.blocks[b].insts.insert(k, pc);
        }
    }
}

/// Splits edge `p → b` with a new block holding `body` (if any), and
/// renames `p` to the new block in the phis of `b`. A branch edge is
/// retargeted to the new block, placed after a block that cannot fall
/// through and ending with `goto b`; a fall-through edge gets the new block
/// between `p` and `b` in the layout.
pub(super) fn split_edge(mf: &mut MFunc, p: usize, b: usize, body: Option<MInst>) -> MBlockId {
    let n = mf.new_block();
    let b = MBlockId::new(b);
    mf.block_mut(n).insts.extend(body);
    for i in &mut mf.blocks[b.index()].insts {
        if i.op != MOp::Phi {
            break;
        }
        for o in &mut i.ops[1..] {
            if *o == Opnd::Label(MBlockId::new(p)) {
                *o = Opnd::Label(n);
            }
        }
    }
    let mut labelled = false;
    for i in &mut mf.blocks[p].insts {
        if i.is_terminator() {
            for o in &mut i.ops {
                if *o == Opnd::Label(b) {
                    *o = Opnd::Label(n);
                    labelled = true;
                }
            }
        }
    }
    if labelled {
        mf.block_mut(n)
            .insts
            .push(MInst::new(opc::GOTO, vec![Opnd::Label(b)]));
        let pos = mf.order.iter().rposition(|&x| {
            mf.block(x)
                .insts
                .last()
                .is_some_and(|i| i.is_unconditional())
        });
        match pos {
            Some(k) => mf.order.insert(k + 1, n),
            None => mf.order.push(n),
        }
    } else {
        let k = mf
            .order
            .iter()
            .position(|&x| x.index() == p)
            .unwrap_or(mf.order.len());
        mf.order.insert((k + 1).min(mf.order.len()), n);
    }
    n
}
