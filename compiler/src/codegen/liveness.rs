//! Liveness of registers on the machine CFG, for the out-of-SSA
//! translation and the register allocator: the local facts of each
//! machine block (upward-exposed uses, definitions, phi operands used at
//! the end of their predecessor — the "multiplexing" view of phis of
//! Boissinot et al., "Revisiting Out-of-SSA Translation for Correctness,
//! Code Quality, and Efficiency", CGO 2009) handed to the one data-flow
//! solver of [`crate::analysis::Liveness`].

use super::mir::{Cfg, MFunc, MOp, Opnd, Reg};
use crate::analysis::{predecessors_of, BitSet, DomTree, Liveness, LocalLiveness};

/// Live-in and live-out sets of every block of `f` (indexed by block, each
/// a set over `0..nvars`), for the registers `index` numbers (`None`:
/// not tracked). A phi's result is defined at its block's entry and its
/// operands are used at the end of the matching predecessors. Blocks not
/// reachable from the entry have empty sets.
pub fn live_sets(
    f: &MFunc,
    nvars: usize,
    index: impl Fn(Reg) -> Option<usize>,
) -> (Vec<BitSet>, Vec<BitSet>) {
    let nb = f.blocks.len();
    let mut local = vec![LocalLiveness::default(); nb];
    for (b, block) in f.blocks.iter().enumerate() {
        let mut killed = BitSet::new(nvars);
        for i in &block.insts {
            if i.op == MOp::Phi {
                for pair in i.ops[1..].chunks(2) {
                    if let [Opnd::Label(p), Opnd::R(r)] = pair {
                        if let (Some(k), true) = (index(*r), p.index() < nb) {
                            local[p.index()].phi_uses.push(k);
                        }
                    }
                }
            } else {
                for u in i.uses() {
                    if let Some(k) = index(u) {
                        if !killed.contains(k) {
                            local[b].up_exposed.push(k);
                        }
                    }
                }
            }
            for d in i.defs() {
                if let Some(k) = index(d) {
                    killed.insert(k);
                    local[b].defs.push(k);
                }
            }
        }
    }
    let (mut live_in, mut live_out) = (vec![BitSet::new(nvars); nb], vec![BitSet::new(nvars); nb]);
    let Some(&entry) = f.order.first() else {
        return (live_in, live_out);
    };
    let cfg = Cfg::new(f);
    let succs = cfg.succ_lists();
    let preds = predecessors_of(succs);
    let dt = DomTree::new(entry, succs);
    let lv = Liveness::solve_iterative(&dt, succs, &preds, &local, nvars);
    for b in f.block_ids() {
        for k in lv.live_in(b) {
            live_in[b.index()].insert(k);
        }
        for k in lv.live_out(b) {
            live_out[b.index()].insert(k);
        }
    }
    (live_in, live_out)
}
