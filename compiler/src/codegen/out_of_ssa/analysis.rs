//! Analyses of a function in machine SSA for out-of-SSA translation:
//! dominators (K. D. Cooper, T. J. Harvey, K. Kennedy, "A Simple, Fast
//! Dominance Algorithm", 2001, through [`crate::analysis::DomTree`]), a
//! preorder numbering of the dominator tree, liveness of the virtual
//! registers with phi arguments used at the end of their predecessor (the
//! "multiplexing" view of phis of B. Boissinot, A. Darte, F. Rastello,
//! B. Dupont de Dinechin, C. Guillon, "Revisiting Out-of-SSA Translation
//! for Correctness, Code Quality, and Efficiency", CGO 2009; SSA book
//! draft 2022, Def. 4 and §19.2), value numbers of
//! copies (§19.2), and the physical registers each virtual register must
//! avoid (written while it is live, ISA-ST200 §7.1 call clobbers included).
//! Variable-level queries (dominance of definitions, liveness just after a
//! point) are here; interference is in [`super::congruence`].

use super::*;
use crate::analysis::{postorder, BitSet, DomTree, Node};

/// Immediate dominators of a CFG given by successor lists
/// (`succs[b.index()]`), entry `entry` (Cooper, Harvey and Kennedy's
/// iterative algorithm on the reverse postorder, [`DomTree`]), by block
/// index. `None` for the entry and for unreachable blocks.
pub fn immediate_dominators<N: Node>(succs: &[Vec<N>], entry: N) -> Vec<Option<N>> {
    let dt = DomTree::new(entry, succs);
    (0..succs.len())
        .map(|b| dt.idom(N::from_index(b)))
        .collect()
}

/// Blocks reachable from `entry` in reverse postorder.
pub fn reverse_postorder<N: Node>(succs: &[Vec<N>], entry: N) -> Vec<N> {
    let mut post = postorder(entry, succs);
    post.reverse();
    post
}

/// Preorder numbering of the dominator tree `dt` of a function of `n`
/// blocks, children visited in block order (the numbering of the walk of the SSA
/// book, Alg. 19.3, Fig. 19.6): `(pre, last)` by block index, where `pre[b]`
/// is b's preorder number and `last[b]` the largest number in b's
/// subtree, so a dominates b iff `pre[a] <= pre[b] <= last[a]`. `NONE` for
/// unreachable blocks.
fn dom_tree_numbers(dt: &DomTree<MBlockId>, n: usize) -> (Vec<usize>, Vec<usize>) {
    let mut children: Vec<Vec<MBlockId>> = vec![vec![]; n];
    for b in (0..n).map(MBlockId::new) {
        if let Some(d) = dt.idom(b) {
            children[d.index()].push(b);
        }
    }
    let mut pre = vec![NONE; n];
    let mut last = vec![NONE; n];
    let Some(entry) = dt.entry().filter(|e| e.index() < n) else {
        return (pre, last);
    };
    let mut k = 0;
    let mut stack = vec![(entry, 0usize)];
    pre[entry.index()] = k;
    k += 1;
    while let Some(&mut (b, ref mut c)) = stack.last_mut() {
        if let Some(&s) = children[b.index()].get(*c) {
            *c += 1;
            pre[s.index()] = k;
            k += 1;
            stack.push((s, 0));
        } else {
            last[b.index()] = k - 1;
            stack.pop();
        }
    }
    (pre, last)
}

/// Dominance, liveness (phi multiplexing mode, S2 Def. 4), definitions,
/// uses, values (S2 19.2) and physical-register conflicts of the virtual
/// registers of an `MFunc` in machine SSA.
pub(super) struct Analysis {
    pub(super) pre: Vec<usize>,
    pub(super) last: Vec<usize>,
    /// Definition point `(block, index)`; phis and incoming values are at
    /// index -1 of their block (the entry for incoming values).
    pub(super) def: Vec<(usize, i64)>,
    /// Occurs, and is defined once in a reachable block (or incoming):
    /// analysable.
    pub(super) ok: Vec<bool>,
    /// Non-phi uses, sorted by (block, index).
    pub(super) uses: Vec<Vec<(usize, i64)>>,
    pub(super) live_out: Vec<BitSet>,
    /// Value number (S2 19.2): `V(b) = V(a)` for a copy `b = a`.
    pub(super) value: Vec<u32>,
    /// Physical registers that may not hold this virtual register: written
    /// while it is live, or live (explicitly named) at its definition.
    pub(super) forbid: Vec<u128>,
}

impl Analysis {
    pub(super) fn new(mf: &MFunc) -> Analysis {
        let nb = mf.blocks.len();
        let nv = mf.vclass.len();
        // block 0 stands for the entry of a function without layout
        let entry = mf.order.first().copied().unwrap_or(MBlockId(0));
        let cfg = Cfg::new(mf);
        let (pre, last) = dom_tree_numbers(&DomTree::new(entry, cfg.succ_lists()), nb);
        let entry = entry.index();
        let reach = |b: usize| pre.get(b).is_some_and(|&p| p != NONE);
        // definitions and uses
        let mut def = vec![(NONE, 0i64); nv];
        let mut ndef = vec![0u32; nv];
        let mut occurs = vec![false; nv];
        let mut uses: Vec<Vec<(usize, i64)>> = vec![vec![]; nv];
        for b in 0..nb {
            for (k, i) in mf.blocks[b].insts.iter().enumerate() {
                let k = k as i64;
                let is_phi = i.op == MOp::Phi;
                i.for_each_def(|d| {
                    if let Reg::V(v) = d {
                        let v = v.index();
                        if v < nv {
                            occurs[v] = true;
                            ndef[v] += 1;
                            def[v] = (b, if is_phi { -1 } else { k });
                        }
                    }
                });
                if is_phi {
                    for (p, s) in phi_args(i) {
                        if let (Reg::V(v), true) = (s, p < nb) {
                            if v.index() < nv {
                                occurs[v.index()] = true;
                            }
                        }
                    }
                } else {
                    i.for_each_use(|u| {
                        if let Reg::V(v) = u {
                            if v.index() < nv {
                                occurs[v.index()] = true;
                                uses[v.index()].push((b, k));
                            }
                        }
                    });
                }
            }
        }
        let mut ok = vec![false; nv];
        for v in 0..nv {
            if ndef[v] == 0 {
                def[v] = (entry, -1);
            }
            ok[v] = occurs[v] && ndef[v] <= 1 && reach(def[v].0);
        }
        // liveness: phi uses at the end of predecessors; the physical
        // registers after the virtual ones, at index nv + their pbit
        const PBITS: usize = u128::BITS as usize;
        let (_, live_out_all) =
            crate::codegen::regalloc::liveness::live_sets(mf, nv + PBITS, |r| match r {
                Reg::V(v) if v.index() < nv => Some(v.index()),
                Reg::V(_) => None,
                p => (pbit(p) != 0).then(|| nv + pbit(p).trailing_zeros() as usize),
            });
        let split = |all: &[BitSet]| -> (Vec<BitSet>, Vec<u128>) {
            all.iter().map(|s| s.split_u128(nv)).unzip()
        };
        let (live_out, plive_out) = split(&live_out_all);
        // values, in dominance order (a copy's source is defined before it)
        let mut value: Vec<u32> = (0..nv as u32).collect();
        let mut dom_order: Vec<usize> = (0..nb).filter(|&b| reach(b)).collect();
        dom_order.sort_by_key(|&b| pre[b]);
        for &b in &dom_order {
            for i in &mf.blocks[b].insts {
                for (d, s) in copy_pairs(mf, i) {
                    if let (Reg::V(d), Reg::V(s)) = (d, s) {
                        let (d, s) = (d.index(), s.index());
                        if d < nv && s < nv && ok[d] && ok[s] {
                            value[d] = value[s];
                        }
                    }
                }
            }
        }
        // physical-register conflicts, one backward walk per block
        let mut forbid = vec![0u128; nv];
        for &b in &dom_order {
            let mut live = live_out[b].clone();
            let mut plive = plive_out[b];
            for i in mf.blocks[b].insts.iter().rev() {
                if i.op == MOp::Phi {
                    if let Some(Reg::V(v)) = phi_dst(i) {
                        forbid[v.index()] |= plive;
                        live.remove(v.index());
                    }
                    continue;
                }
                let defs = i.defs();
                let pdefs: u128 = defs.iter().map(|&r| pbit(r)).fold(0, |a, b| a | b);
                let vdefs: smallvec::SmallVec<[usize; 4]> = defs
                    .iter()
                    .filter_map(|r| match r {
                        Reg::V(v) if v.index() < nv => Some(v.index()),
                        _ => None,
                    })
                    .collect();
                for &v in &vdefs {
                    forbid[v] |= plive & !pdefs;
                }
                if pdefs != 0 {
                    for v in live.iter() {
                        if !vdefs.contains(&v) {
                            forbid[v] |= pdefs;
                        }
                    }
                }
                for &v in &vdefs {
                    live.remove(v);
                }
                plive &= !pdefs;
                i.for_each_use(|u| match u {
                    Reg::V(v) if v.index() < nv => {
                        live.insert(v.index());
                    }
                    Reg::V(_) => {}
                    p => plive |= pbit(p),
                });
            }
        }
        Analysis {
            pre,
            last,
            def,
            ok,
            uses,
            live_out,
            value,
            forbid,
        }
    }

    pub(super) fn block_dominates(&self, a: usize, b: usize) -> bool {
        self.pre[a] != NONE
            && self.pre[b] != NONE
            && self.pre[a] <= self.pre[b]
            && self.pre[b] <= self.last[a]
    }

    /// Sort key: dominator-tree preorder of the definition.
    pub(super) fn key(&self, v: u32) -> (usize, i64, u32) {
        let (b, k) = self.def[v as usize];
        (self.pre[b], k, v)
    }

    /// The definition of `u` dominates (or is at) the definition of `v`.
    pub(super) fn var_dominates(&self, u: u32, v: u32) -> bool {
        let (bu, ku) = self.def[u as usize];
        let (bv, kv) = self.def[v as usize];
        if bu == bv {
            ku <= kv
        } else {
            self.block_dominates(bu, bv)
        }
    }

    /// `x` is live just after point `(b, k)` (S2 19.2, liveness check).
    pub(super) fn live_after(&self, x: u32, b: usize, k: i64) -> bool {
        let (db, dk) = self.def[x as usize];
        if db == b && dk > k {
            return false;
        }
        if self.live_out[b].contains(x as usize) {
            return true;
        }
        let us = &self.uses[x as usize];
        let p = us.partition_point(|&u| u <= (b, k));
        us.get(p).is_some_and(|&(ub, _)| ub == b)
    }
}
