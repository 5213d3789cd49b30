//! Liveness of registers on the machine CFG, for the out-of-SSA
//! translation and the register allocator: the local facts of each
//! machine block (upward-exposed uses, definitions, phi operands used at
//! the end of their predecessor — the "multiplexing" view of phis of
//! Boissinot et al., "Revisiting Out-of-SSA Translation for Correctness,
//! Code Quality, and Efficiency", CGO 2009) handed to the one data-flow
//! solver of [`crate::analysis::Liveness`].

use crate::analysis::{postorder, predecessors_of, BitSet, Liveness, LocalLiveness};
use crate::codegen::mir::{Cfg, MFunc, MOp, Opnd, Reg};

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
    let Some(&entry) = f.order.first() else {
        return (vec![BitSet::new(nvars); nb], vec![BitSet::new(nvars); nb]);
    };
    let cfg = Cfg::new(f);
    let succs = cfg.succ_lists();
    let preds = predecessors_of(succs);
    // the blocks reachable from the entry in reverse postorder (the order
    // of the dominator tree's `rpo`, which the solver needs alone)
    let mut rpo = postorder(entry, succs);
    rpo.reverse();
    let mut reachable = vec![false; nb];
    for b in &rpo {
        reachable[b.index()] = true;
    }
    let lv = Liveness::solve_iterative_rpo(rpo, succs, &preds, &local, nvars);
    // no phi results in `local` and the identity numbering: the solved
    // sets are the answer; those of the unreachable blocks, which the
    // solver leaves without words, are empty sets over `0..nvars`
    let (mut live_in, mut live_out) = lv.into_sets();
    for b in (0..nb).filter(|&b| !reachable[b]) {
        live_in[b] = BitSet::new(nvars);
        live_out[b] = BitSet::new(nvars);
    }
    (live_in, live_out)
}
