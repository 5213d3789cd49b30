//! The IR's control-flow graph as a graph of [`crate::analysis`] over
//! [`Block`]s, and the analyses of a function built on it: dominator tree,
//! loop nesting forest, liveness of SSA values.

use super::{Block, Function, InstKind};
use crate::analysis::{Cfg, DomTree, Liveness, LocalLiveness, LoopForest, Node};

/// A block is a node of the analyses: its index in [`Function::blocks`].
impl Node for Block {
    fn index(self) -> usize {
        Block::index(self)
    }
    fn from_index(i: usize) -> Block {
        Block(u32::try_from(i).expect("block index fits 32 bits"))
    }
}

impl Function {
    /// The CFG of the function over its [`Block`]s; blocks not in the
    /// layout have no edges, and the entry is `None` when the layout is
    /// empty.
    pub fn cfg(&self) -> Cfg<Block> {
        // predecessors as in [`Function::predecessors`]: layout order, each
        // once
        let succs = self.successor_lists();
        let mut preds: Vec<Vec<Block>> = vec![Vec::new(); self.blocks.len()];
        for &b in &self.layout {
            for &s in &succs[b.index()] {
                if !preds[s.index()].contains(&b) {
                    preds[s.index()].push(b);
                }
            }
        }
        Cfg {
            entry: self.layout.first().copied(),
            succs,
            preds,
        }
    }

    /// The successors of every block ([`Cfg::succs`] of [`Function::cfg`]),
    /// for the analyses that need no predecessors.
    fn successor_lists(&self) -> Vec<Vec<Block>> {
        let f = self;
        let n = f.blocks.len();
        let mut succs = vec![Vec::new(); n];
        for &b in &f.layout {
            // [`Function::successors`] in range, without the list it builds
            let ss = &mut succs[b.index()];
            f.for_each_target(b, |s| {
                if s.index() < n && !ss.contains(&s) {
                    ss.push(s);
                }
            });
        }
        succs
    }

    /// Dominator tree of the function.
    pub fn dom_tree(&self) -> DomTree<Block> {
        DomTree::new(self.layout.first().copied(), &self.successor_lists())
    }

    /// Steensgaard's loop nesting forest of the function.
    pub fn loop_forest(&self) -> LoopForest<Block> {
        LoopForest::new(self.layout.first().copied(), &self.successor_lists())
    }

    /// Liveness of the SSA values of `f` (variable `i` is `Value(i)`), by
    /// the two-pass method ([`Liveness::solve_two_pass`](crate::analysis::Liveness::solve_two_pass)). Parameters are
    /// defined before the entry block, so a used parameter is live-in at
    /// the entry. Requires strict SSA (each use dominated by its
    /// definition), which the IR verifier checks.
    pub fn liveness(&self, cfg: &Cfg<Block>, dt: &DomTree<Block>) -> Liveness<Block> {
        let f = self;
        let nv = f.values.len();
        let n = f.blocks.len();
        // values live across blocks get a dense index
        const LOCAL: u32 = u32::MAX;
        let mut index = vec![LOCAL; nv];
        let mut vars: Vec<usize> = Vec::new();
        let mut def_block: Vec<Option<Block>> = vec![None; nv];
        for &b in dt.rpo() {
            for &i in &f.blocks[b.index()].insts {
                if let Some(r) = f.insts[i.index()].result {
                    def_block[r.index()] = Some(b);
                }
            }
        }
        let mut global = |v: usize, index: &mut Vec<u32>| {
            if index[v] == LOCAL {
                index[v] = vars.len() as u32;
                vars.push(v);
            }
        };
        for &b in dt.rpo() {
            for &i in &f.blocks[b.index()].insts {
                let d = &f.insts[i.index()];
                if let InstKind::Phi { incoming, .. } = &d.kind {
                    if let Some(r) = d.result {
                        global(r.index(), &mut index);
                    }
                    for &(_, v) in incoming {
                        global(v.index(), &mut index);
                    }
                    continue;
                }
                for v in d.kind.operands() {
                    if def_block[v.index()] != Some(b) {
                        global(v.index(), &mut index);
                    }
                }
            }
        }
        let mut local = vec![LocalLiveness::default(); n];
        for &b in dt.rpo() {
            let l = &mut local[b.index()];
            for &i in &f.blocks[b.index()].insts {
                let d = &f.insts[i.index()];
                if let InstKind::Phi { .. } = d.kind {
                    if let Some(r) = d.result {
                        l.phi_defs.push(index[r.index()] as usize);
                    }
                    continue;
                }
                for v in d.kind.operands() {
                    let k = index[v.index()];
                    if k != LOCAL && def_block[v.index()] != Some(b) {
                        l.up_exposed.push(k as usize);
                    }
                }
                if let Some(r) = d.result {
                    let k = index[r.index()];
                    if k != LOCAL {
                        l.defs.push(k as usize);
                    }
                }
            }
        }
        // phi operands: live-out of the matching predecessor
        for &b in dt.rpo() {
            for &i in &f.blocks[b.index()].insts {
                let InstKind::Phi { incoming, .. } = &f.insts[i.index()].kind else {
                    break;
                };
                for &(p, v) in incoming {
                    if dt.is_reachable(p) {
                        local[p.index()].phi_uses.push(index[v.index()] as usize);
                    }
                }
            }
        }
        let phi_defs = local
            .iter()
            .map(|l| l.phi_defs.iter().map(|&k| vars[k]).collect())
            .collect();
        Liveness::solve_two_pass(cfg.entry, &cfg.succs, &local, vars.len())
            .with_numbering(phi_defs, index, vars)
    }
}
