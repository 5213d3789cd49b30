//! Out-of-SSA translation with coalescing on machine SSA (SSA book ch. 19; Boissinot et al. 2009;
//! SSA book chapters 3.2, 17.3 and 19; renaming
//! constraints after Rastello, de Ferrière and Guillon 2005, "S4").
//! Sources: V. C. Sreedhar, R. D.-C. Ju, D. M. Gillies, V. Santhanam,
//! "Translating Out of Static Single Assignment Form" (SAS 1999);
//! B. Boissinot, A. Darte, F. Rastello, B. Dupont de Dinechin, C. Guillon,
//! "Revisiting Out-of-SSA Translation for Correctness, Code Quality, and
//! Efficiency" (CGO 2009); F. Rastello, F. de Ferrière, C. Guillon,
//! "Optimizing the translation out-of-SSA with renaming constraints" (LIP
//! research report RR-2005-34, 2005).
//!
//! Input: an [`MFunc`] in machine SSA: every virtual register defined once
//! (or live into the entry block without a definition: incoming values),
//! `phi` operations first in their blocks with one `(pred, src)` pair per
//! machine predecessor, `pcopy` parallel copies, and virtual registers
//! pinned to physical registers ([`MFunc::pin`]) by the calling convention.
//!
//! Output: no `phi` or `pcopy`; every pinned virtual register's congruence
//! class renamed to its physical register; every other class renamed to one
//! virtual register (which may now have several definitions; the linear
//! scan allocator runs next). Copies are `mov` on GRs; `mtb`/`mfb` between
//! the classes, and `mfb t; mtb` through a GR for a BR-to-BR copy (the
//! ST231 has no BR-to-BR move, ISA-ST200 §4.3, §4.9).
//!
//! Four methods ([`OutOfSsa`]):
//! - **Naive** (S2 3.2, Alg. 3.5): a parallel copy of the phi arguments at
//!   the end of each predecessor, critical edges split.
//! - **Sreedhar** Method I (S2 17.3): every phi isolated by copies, each phi
//!   web then one variable (conventional SSA), no further coalescing.
//! - **Sreedhar** Method III (S2 17.3; case analysis in SSA book ch. 19; Boissinot et al. 2009(b)):
//!   a copy only for the phi resources that need one, chosen from the
//!   liveness of their congruence classes at the other resources' blocks,
//!   undecided pairs settled greedily; interference is live-range
//!   intersection, as in the paper. No further coalescing.
//! - **Boissinot** et al. (S2 19): phi isolation with parallel copies, then
//!   coalescing of congruence classes with value-based interference
//!   (S2 19.2) checked by a linear walk of the two classes in dominance
//!   order (S2 Alg. 19.3). Phi-related copies go first, block by block,
//!   inner loops first (S4 Alg. 1): each block's affinity graph between
//!   phi webs and argument classes is pruned by S4's greedy bipartite
//!   heuristic (S4 §3.4, Alg. 2, [`prune_affinities`]) before merging
//!   along the kept edges; the remaining copies are then coalesced
//!   greedily in program order.
//!
//! Pinning (S2 19.1 "live range pinning", S4): all virtual registers pinned
//! to one physical register R form one class from the start (a pin web,
//! S2 Alg. 19.2). A class may hold at most one physical register and must
//! not be live across an operation that writes R (call clobbers,
//! `imp_defs`, explicit physical operands). When two pinned registers of
//! one web interfere, the pinned live range is shortened by copies
//! ([`Stats::pinning_repairs`]): the pin only matters where the calling
//! convention fixes the register, i.e. at `call`/`icall`/`return` operands
//! and implicit operands, and at the function entry for incoming values;
//! the ST200 has no tied or fixed operands on ordinary operations
//! (ISA-ST200 §4, §7.2).
//!
//! The CFG has no duplicated edges: [`Cfg::succs`] lists each
//! successor once and a phi has one pair per predecessor block, so the
//! duplicated-edge case of S2 Fig. 19.3 (SSA book 19.1, Fig. 19.2/19.3, example T62) cannot occur; the
//! ST200 has no decrement-and-branch (ISA-ST200 §4.7), so no phi operand is
//! defined after the copy point (no "non-split" operands).
//!
//! Files: the shared machinery here (method choice, driver [`translate`],
//! operand helpers), `analysis.rs` (dominance, liveness, values),
//! `congruence.rs` (congruence classes and their interference),
//! `pinning.rs` (pin repair and the pinning checker), one file per method
//! (`naive.rs`, `sreedhar.rs` for Method I and the phi isolation the other
//! methods share, `sreedhar3.rs`, `boissinot.rs`), `rewrite.rs` (renaming
//! and copy emission), [`pcopy`] (parallel-copy sequentialisation), and
//! the tests with the machine-IR interpreter (`tests.rs`, `mir/interp.rs`).

mod analysis;
mod boissinot;
mod congruence;
mod naive;
pub mod pcopy;
mod pinning;
mod rewrite;
mod sreedhar;
mod sreedhar3;
#[cfg(test)]
mod tests;

pub use analysis::{immediate_dominators, reverse_postorder};
pub use boissinot::{prune_affinities, Affinity};
pub use pinning::{check_pinning, PinError};

use super::mir::*;
use std::str::FromStr;

/// Out-of-SSA method (`-fout-of-ssa=naive|sreedhar|sreedhar3|boissinot`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutOfSsa {
    /// Copies at the end of predecessors, critical edges split (S2 3.2).
    Naive,
    /// Sreedhar et al. Method I: phi isolation, phi webs renamed (S2 17.3).
    Sreedhar,
    /// Sreedhar et al. Method III: copies only where the case analysis
    /// asks for them (S2 17.3, SSA book ch. 19; Boissinot et al. 2009(b)).
    SreedharIII,
    /// Boissinot et al.: isolation plus coalescing with value-based
    /// interference (S2 19).
    #[default]
    Boissinot,
}

impl OutOfSsa {
    /// The option name.
    pub fn name(self) -> &'static str {
        match self {
            OutOfSsa::Naive => "naive",
            OutOfSsa::Sreedhar => "sreedhar",
            OutOfSsa::SreedharIII => "sreedhar3",
            OutOfSsa::Boissinot => "boissinot",
        }
    }
}

impl FromStr for OutOfSsa {
    type Err = String;
    fn from_str(s: &str) -> Result<OutOfSsa, String> {
        match s {
            "naive" => Ok(OutOfSsa::Naive),
            "sreedhar" => Ok(OutOfSsa::Sreedhar),
            "sreedhar3" => Ok(OutOfSsa::SreedharIII),
            "boissinot" => Ok(OutOfSsa::Boissinot),
            _ => Err(format!(
                "unknown out-of-SSA method `{s}` (naive, sreedhar, sreedhar3, boissinot)"
            )),
        }
    }
}

impl std::fmt::Display for OutOfSsa {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Counters of one translation. A "copy" is one register-to-register pair
/// of a `pcopy`, or a `mov` between two registers of one class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Copies once phis are isolated (Sreedhar, Boissinot) or replaced by
    /// copies (naive), pinning repairs included, before any renaming.
    pub copies_before_coalescing: usize,
    /// Copies whose two sides still have different names after coalescing
    /// (pin substitution included), before sequentialisation.
    pub copies_after_coalescing: usize,
    /// Register-to-register copies in the output after sequentialisation,
    /// cycle temporaries included (a BR-to-BR copy counts once although it
    /// is two operations, `mfb` then `mtb`).
    pub copies_left: usize,
    /// Pinned virtual registers whose live range was shortened by copies
    /// because it interfered with another one pinned to the same register
    /// or was live across a write of that register.
    pub pinning_repairs: usize,
    /// Pinning conflicts left after repair (two values needed in one
    /// physical register at one point, S4 Fig. 5 cases 1–2): the input is
    /// wrong; the output then does not honour every pin.
    pub strong_interferences: usize,
    /// Affinity edges deleted by the pruning of S4 §3.4 (Boissinot method
    /// only; interfering edges included): phi copies given up on purpose.
    pub affinities_pruned: usize,
    /// Edges split: critical edges (naive method), loop exits into a
    /// block with phis (the other methods).
    pub edges_split: usize,
    /// Temporaries created to break cycles of parallel copies.
    pub cycle_temporaries: usize,
}

/// "No block / no position" in the dense index arrays of the analyses.
const NONE: usize = usize::MAX;

/// Translates `mf` out of machine SSA with `method` (module docs). The
/// result computes what the SSA input computes under parallel phi and
/// pcopy semantics; every pinned virtual register is replaced by its
/// physical register; other virtual registers stay virtual.
pub fn translate(mf: &mut MFunc, method: OutOfSsa) -> Stats {
    let mut st = Stats::default();
    if method != OutOfSsa::Naive {
        st.edges_split += split_loop_exits(mf);
    }
    let phi_related = match method {
        OutOfSsa::Naive => vec![],
        _ => sreedhar::isolate_phis(mf),
    };
    let mut an = pinning::repair_pins(mf, &mut st);
    let sreedhar::IsolationCopies {
        copies,
        partner,
        related,
    } = sreedhar::isolation_copies(mf, &phi_related);
    if method == OutOfSsa::SreedharIII {
        an.value = sreedhar3::isolation_values(&copies, &related);
    }
    let mut cls = congruence::Classes::new(mf, &an);
    match method {
        OutOfSsa::Naive => naive::lower_phis_naive(mf, &mut st),
        OutOfSsa::Sreedhar | OutOfSsa::SreedharIII | OutOfSsa::Boissinot => {
            sreedhar::join_phi_webs(mf, &an, &mut cls)
        }
    }
    if method == OutOfSsa::SreedharIII {
        sreedhar3::sreedhar_method_three(mf, &an, &mut cls, &partner);
    }
    if method == OutOfSsa::Boissinot {
        boissinot::coalesce(mf, &an, &mut cls, &copies, &partner, &related, &mut st);
    }
    rewrite::rewrite(mf, &mut cls, &mut st);
    st
}

/// Splits every critical fall-through edge that leaves a loop into a block
/// with phis,
/// so the copies phi isolation puts on that edge run once when the loop
/// exits instead of at the end of the loop's block on every iteration.
/// Returns the number of edges split.
fn split_loop_exits(mf: &mut MFunc) -> usize {
    let cfg = Cfg::new(mf);
    let succs = cfg.succ_lists().to_vec();
    let Some(entry) = mf.order.first().copied() else {
        return 0;
    };
    let forest = crate::analysis::LoopForest::new(entry, &succs);
    let mut npreds = vec![0usize; mf.blocks.len()];
    for ss in &succs {
        for s in ss {
            npreds[s.index()] += 1;
        }
    }
    let mut edges = Vec::new();
    for (p, ss) in succs.iter().enumerate() {
        if ss.len() < 2 {
            continue;
        }
        for &b in ss {
            // the edge leaves p's innermost loop when b is not in it
            let leaves = forest
                .loop_of(MBlockId::new(p))
                .is_some_and(|l| !forest.ancestors(b).contains(l));
            // only fall-through edges: a new block on a branch edge would
            // cost a `goto` (a taken transfer) on the way out
            let names_b = |i: &MInst| i.is_terminator() && i.ops.contains(&Opnd::Label(b));
            let insts = &mf.blocks[p].insts;
            // … or a `goto b` ending p when b is the next block anyway (the
            // shape if-conversion leaves, `br L; goto b`): the new block
            // goes between them
            let next = mf
                .order
                .iter()
                .position(|&x| x.index() == p)
                .and_then(|k| mf.order.get(k + 1));
            let falls = !insts.iter().any(names_b)
                || (next == Some(&b)
                    && insts.last().is_some_and(|i| i.is(opc::GOTO) && names_b(i))
                    && insts.iter().filter(|i| names_b(i)).count() == 1);
            if leaves && falls && npreds[b.index()] > 1 && nphis(mf.block(b)) > 0 {
                edges.push((p, b.index()));
            }
        }
    }
    for &(p, b) in &edges {
        let n = naive::split_edge(mf, p, b, None);
        // a block reached by p's final goto sits right after p
        if mf.blocks[p].insts.last().is_some_and(|i| i.is(opc::GOTO)) {
            mf.order.retain(|&x| x != n);
            let k = mf
                .order
                .iter()
                .position(|&x| x.index() == p)
                .expect("p in order");
            mf.order.insert(k + 1, n);
        }
    }
    edges.len()
}

// ---------------------------------------------------------------------------
// operand helpers shared by the methods

/// Bit of a physical register in a 128-bit mask (the GRs at their numbers,
/// then the BRs); `$r0` and virtual registers have none (`$r0` is
/// constant, ISA-ST200 §1.2).
fn pbit(r: Reg) -> u128 {
    const GRS: u32 = isa::abi::GR_COUNT;
    const _: () = assert!(GRS + isa::abi::BR_COUNT <= u128::BITS);
    match r {
        Reg::ZERO | Reg::V(_) => 0,
        Reg::G(n) => 1u128 << (n as u32 % GRS),
        Reg::B(n) => 1u128 << (GRS + n as u32 % isa::abi::BR_COUNT),
    }
}

fn class_of(mf: &MFunc, r: Reg) -> Class {
    match r {
        Reg::V(v) => mf.vclass.get(v.index()).copied().unwrap_or(Class::Gr),
        Reg::G(_) => Class::Gr,
        Reg::B(_) => Class::Br,
    }
}

/// The `(dst, src)` register copies of an operation: the pairs of a
/// `pcopy`, or a `mov` between two registers of one class.
fn copy_pairs(mf: &MFunc, i: &MInst) -> Vec<(Reg, Reg)> {
    match i.op {
        MOp::PCopy => {
            let n = i.ops.len() / 2;
            (0..n)
                .filter_map(|k| match (&i.ops[k], &i.ops[n + k]) {
                    (Opnd::R(d), Opnd::R(s)) => Some((*d, *s)),
                    _ => None,
                })
                .collect()
        }
        _ if i.is(opc::MOV_R) => match (i.ops.first(), i.ops.get(1)) {
            (Some(Opnd::R(d)), Some(Opnd::R(s))) if class_of(mf, *d) == class_of(mf, *s) => {
                vec![(*d, *s)]
            }
            _ => vec![],
        },
        _ => vec![],
    }
}

/// A parallel copy operation.
fn pcopy_inst(pairs: &[(Reg, Reg)]) -> MInst {
    let mut ops: Vec<Opnd> = pairs.iter().map(|p| Opnd::R(p.0)).collect();
    ops.extend(pairs.iter().map(|p| Opnd::R(p.1)));
    MInst::pcopy(ops)
}

fn nphis(b: &MBlock) -> usize {
    b.insts.iter().take_while(|i| i.op == MOp::Phi).count()
}

/// The late point of a block (S2 19.1): where copies for its out-edges
/// go, before the first branch, `goto` or `return`.
fn late_point(b: &MBlock) -> usize {
    b.insts
        .iter()
        .position(|i| i.is_terminator())
        .unwrap_or(b.insts.len())
}

/// `(pred, src)` pairs of a phi.
fn phi_args(i: &MInst) -> Vec<(usize, Reg)> {
    i.ops[1..]
        .chunks(2)
        .filter_map(|c| match c {
            [Opnd::Label(p), Opnd::R(s)] => Some((p.index(), *s)),
            _ => None,
        })
        .collect()
}

fn phi_dst(i: &MInst) -> Option<Reg> {
    match i.ops.first() {
        Some(Opnd::R(d)) => Some(*d),
        _ => None,
    }
}

/// True if the calling convention fixes the registers of this operation's
/// operands (ISA-ST200 §7.2): calls, returns. Implicit operands are
/// always fixed.
fn constrained(i: &MInst) -> bool {
    i.is_call() || i.is_return()
}

/// The number of a virtual register (`u32::MAX` for a physical one).
fn reg_num(r: Reg) -> u32 {
    match r {
        Reg::V(v) => v.0,
        _ => u32::MAX,
    }
}
