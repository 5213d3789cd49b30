//! Liveness of registers on the machine CFG, for the out-of-SSA
//! translation and the register allocator: the local facts of each
//! machine block (upward-exposed uses, definitions, phi operands used at
//! the end of their predecessor — the "multiplexing" view of phis of
//! Boissinot et al., "Revisiting Out-of-SSA Translation for Correctness,
//! Code Quality, and Efficiency", CGO 2009) handed to the one data-flow
//! solver of [`crate::analysis::Liveness`].

use super::mir::{Cfg, MBlockId, MFunc, MOp, Opnd, Reg};
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
    // the registers the block defines before the current operation
    // (emptied again after each block)
    let mut killed = BitSet::new(nvars);
    for (b, block) in f.blocks.iter().enumerate() {
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
                i.for_each_use(|u| {
                    if let Some(k) = index(u) {
                        if !killed.contains(k) {
                            local[b].up_exposed.push(k);
                        }
                    }
                });
            }
            i.for_each_def(|d| {
                if let Some(k) = index(d) {
                    killed.insert(k);
                    local[b].defs.push(k);
                }
            });
        }
        for &k in &local[b].defs {
            killed.remove(k);
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
    // no phi results in `local` and the identity numbering: the solved
    // sets are the answer (those of the unreachable blocks stay empty)
    let (solved_in, solved_out) = lv.into_sets();
    for (b, (i, o)) in solved_in.into_iter().zip(solved_out).enumerate() {
        if dt.is_reachable(MBlockId::new(b)) {
            live_in[b] = i;
            live_out[b] = o;
        }
    }
    (live_in, live_out)
}
