//! Boissinot et al.'s method (B. Boissinot, A. Darte, F. Rastello,
//! B. Dupont de Dinechin, C. Guillon, "Revisiting Out-of-SSA Translation
//! for Correctness, Code Quality, and Efficiency", CGO 2009; SSA book draft
//! 2022, chapter 19): after phi isolation ([`super::sreedhar`]), congruence
//! classes are coalesced whenever they do not interfere by value
//! ([`super::congruence`]). The phi-related copies go first, block by block,
//! inner loops first; each block's affinity graph between phi webs and
//! argument classes is pruned first by the greedy bipartite heuristic of
//! F. Rastello, F. de Ferrière, C. Guillon, "Optimizing the translation
//! out-of-SSA with renaming constraints" (LIP research report RR-2005-34,
//! 2005, seed S4, §3.4 and Alg. 2; [`prune_affinities`]) and merged along
//! the kept edges; the remaining copies are then coalesced greedily in
//! program order.

use super::analysis::{reverse_postorder, Analysis};
use super::congruence::Classes;
use super::*;

/// An affinity edge between two resources (congruence classes) `a` and
/// `b`: `multiplicity` copies disappear if they are coalesced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Affinity {
    /// One end (a vertex id: a class root, or any id in tests).
    pub a: usize,
    /// The other end.
    pub b: usize,
    /// Number of copies between the two resources (phi, argument pairs).
    pub multiplicity: u32,
}

/// Prunes the affinity graph of one block's phis (S4 §3.4, procedures
/// `Graph_InitialPruning` and `BipartiteGraph_pruning` of Alg. 2): deletes
/// every edge whose two ends interfere, then, while some edge has a
/// positive weight, deletes the edge of largest weight (the first one on a
/// tie). The weight of edge `(u, v)` is the multiplicity of the other
/// edges `(u, w)` with `w` interfering with `v`, plus that of the other
/// edges `(w, v)` with `w` interfering with `u` (each unordered pair of
/// edges counted once, Rastello et al. 2005 §3.4, Alg. 2, example T66); it is updated incrementally as
/// edges go. Returns, per edge, whether it is kept.
///
/// Kept edges form components in which no two *adjacent-by-two-edges*
/// resources interfere; resources further apart may still interfere, so
/// merging must check again. `interfere` is called on pairs of vertex ids
/// and memoised here. Edges with `a == b` are kept. Cost: O(E · deg) for
/// the weights plus O(E) per deletion.
pub fn prune_affinities(
    edges: &[Affinity],
    interfere: &mut dyn FnMut(usize, usize) -> bool,
) -> Vec<bool> {
    let mut memo: crate::hash::HashMap<(usize, usize), bool> = Default::default();
    let mut inter = |u: usize, v: usize| -> bool {
        if u == v {
            return false;
        }
        let k = (u.min(v), u.max(v));
        *memo.entry(k).or_insert_with(|| interfere(k.0, k.1))
    };
    let n = edges.len();
    let mut kept: Vec<bool> = edges
        .iter()
        .map(|e| e.a == e.b || !inter(e.a, e.b))
        .collect();
    // incidence lists: vertex → edges
    let mut inc: crate::hash::HashMap<usize, Vec<usize>> = Default::default();
    for (k, e) in edges.iter().enumerate() {
        if e.a != e.b {
            inc.entry(e.a).or_default().push(k);
            inc.entry(e.b).or_default().push(k);
        }
    }
    let other = |k: usize, v: usize| {
        if edges[k].a == v {
            edges[k].b
        } else {
            edges[k].a
        }
    };
    let mut weight = vec![0i64; n];
    for k in 0..n {
        let e = edges[k];
        if !kept[k] || e.a == e.b {
            continue;
        }
        for (u, v) in [(e.a, e.b), (e.b, e.a)] {
            for &j in &inc[&u] {
                let w = other(j, u);
                if j != k && kept[j] && inter(w, v) {
                    weight[k] += edges[j].multiplicity as i64;
                }
            }
        }
    }
    loop {
        let mut best = NONE;
        for k in 0..n {
            if kept[k] && weight[k] > 0 && (best == NONE || weight[k] > weight[best]) {
                best = k;
            }
        }
        if best == NONE {
            return kept;
        }
        kept[best] = false;
        let e = edges[best];
        for (u, v) in [(e.a, e.b), (e.b, e.a)] {
            for &j in &inc[&u] {
                if kept[j] && j != best && inter(other(j, u), v) {
                    weight[j] -= e.multiplicity as i64;
                }
            }
        }
    }
}

/// Largest affinity graph (edges) pruned by [`prune_affinities`]; a
/// bigger block (a huge `switch` join) is left to the greedy coalescing.
pub(super) const MAX_PRUNED_EDGES: usize = 2048;

/// Coalesces the phi-related copies block by block, inner loops first
/// (S4 Alg. 1): for each block with phis, merges each phi result `X` with
/// its isolated copy `X'`, builds the affinity graph between the classes
/// of the phi webs and of the phi arguments (one edge per `(web, argument)`
/// pair, with multiplicity), prunes it ([`prune_affinities`]) and merges
/// along the kept edges. `partner[v]` is, for an isolation register `v`,
/// the register on the other side of its copy.
pub(super) fn coalesce_phi_affinities(
    mf: &MFunc,
    an: &Analysis,
    cls: &mut Classes,
    partner: &[Option<u32>],
    st: &mut Stats,
) {
    let entry = mf.order.first().copied().unwrap_or(MBlockId(0));
    let cfg = Cfg::new(mf);
    let forest = crate::analysis::LoopForest::new(entry, cfg.succ_lists());
    let mut blocks = reverse_postorder(cfg.succ_lists(), entry);
    blocks.sort_by_key(|&b| std::cmp::Reverse(forest.loop_depth(b)));
    let partner_of = |r: Reg| match r {
        Reg::V(v) => partner.get(v.index()).copied().flatten(),
        _ => None,
    };
    for b in blocks {
        let phis: Vec<&MInst> = mf
            .block(b)
            .insts
            .iter()
            .take_while(|i| i.op == MOp::Phi)
            .collect();
        if phis.is_empty() {
            continue;
        }
        // (web register, argument register) pairs
        let mut pairs: Vec<(u32, u32)> = vec![];
        for i in &phis {
            let Some(Reg::V(web)) = phi_dst(i) else {
                continue;
            };
            if let Some(x) = partner_of(Reg::V(web)) {
                cls.try_merge(mf, an, x, web.0);
            }
            for (_, s) in phi_args(i) {
                if let Some(x) = partner_of(s) {
                    pairs.push((web.0, x));
                }
            }
        }
        if pairs.len() > MAX_PRUNED_EDGES {
            continue;
        }
        let mut edges: Vec<Affinity> = vec![];
        let mut reps: Vec<(u32, u32)> = vec![];
        let mut index: crate::hash::HashMap<(usize, usize), usize> = Default::default();
        for &(w, x) in &pairs {
            let (a, c) = (cls.find(w) as usize, cls.find(x) as usize);
            let k = *index.entry((a, c)).or_insert_with(|| {
                edges.push(Affinity {
                    a,
                    b: c,
                    multiplicity: 0,
                });
                reps.push((w, x));
                edges.len() - 1
            });
            edges[k].multiplicity += 1;
        }
        let kept = prune_affinities(&edges, &mut |u, v| {
            !cls.can_merge(mf, an, u as u32, v as u32)
        });
        for (k, &(w, x)) in reps.iter().enumerate() {
            if kept[k] {
                cls.try_merge(mf, an, w, x);
            } else {
                st.affinities_pruned += 1;
            }
        }
    }
}

/// The coalescing of Boissinot et al. after phi isolation: the phi
/// affinities block by block ([`coalesce_phi_affinities`]), then every
/// copy, phi-related ones (`related`, from isolation) first, each merge
/// checked against interference and pinning.
pub(super) fn coalesce(
    mf: &MFunc,
    an: &Analysis,
    cls: &mut Classes,
    copies: &[(u32, u32)],
    partner: &[Option<u32>],
    related: &[bool],
    st: &mut Stats,
) {
    coalesce_phi_affinities(mf, an, cls, partner, st);
    let is_rel = |&(d, s): &(u32, u32)| related[d as usize] || related[s as usize];
    for pass in [true, false] {
        for c in copies.iter().filter(|c| is_rel(c) == pass) {
            cls.try_merge(mf, an, c.0, c.1);
        }
    }
}
