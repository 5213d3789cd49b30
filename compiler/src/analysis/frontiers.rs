//! Dominance frontiers and iterated dominance frontiers (Cytron et al.,
//! "Efficiently computing static single assignment form and the control
//! dependence graph", 1991), where SSA construction places phis.

use super::*;

/// Dominance frontiers of every node (S2 3.1.1 Alg. 3.2: from each edge
/// `p → b`, walk up the dominator tree from `p` until `idom(b)`), and
/// iterated dominance frontiers `DF⁺(S)` by Cytron's worklist (S2 3.1
/// Alg. 3.1). Only reachable nodes and edges between them are considered.
#[derive(Clone, Debug)]
pub struct DominanceFrontiers<N = usize> {
    df: Vec<Vec<N>>,
}

impl<N: Node> DominanceFrontiers<N> {
    /// Frontiers of the graph whose dominator tree is `dt`; `preds` are the
    /// predecessor lists of the same graph (any order).
    pub fn new(dt: &DomTree<N>, preds: &[Vec<N>]) -> DominanceFrontiers<N> {
        let n = dt.len();
        let mut df: Vec<Vec<N>> = vec![Vec::new(); n];
        for &b in dt.rpo() {
            let stop = dt.idom(b);
            for &p in &preds[b.index()] {
                if !dt.is_reachable(p) {
                    continue;
                }
                let mut r = Some(p);
                while let Some(x) = r.filter(|&x| Some(x) != stop) {
                    if df[x.index()].last() != Some(&b) {
                        df[x.index()].push(b);
                    }
                    r = dt.idom(x);
                }
            }
        }
        DominanceFrontiers { df }
    }

    /// `DF(b)` (unordered).
    pub fn frontier(&self, b: N) -> &[N] {
        &self.df[b.index()]
    }

    /// `DF⁺(set)`, the iterated dominance frontier (equal to the join set
    /// `J(set ∪ {entry})`), sorted.
    pub fn iterated(&self, set: &[N]) -> Vec<N> {
        let mut scratch = IdfScratch::default();
        let mut out = Vec::new();
        self.iterated_into(set, &mut scratch, &mut out);
        out.sort_unstable();
        out
    }

    /// `DF⁺(set)` into `out` (cleared first; unordered), reusing `scratch`
    /// between queries so that a query costs only the nodes it visits.
    pub fn iterated_into(&self, set: &[N], scratch: &mut IdfScratch, out: &mut Vec<N>) {
        out.clear();
        scratch.prepare(self.df.len());
        let s = scratch.stamp;
        let mut work: Vec<N> = Vec::new();
        for &x in set {
            if x.index() < self.df.len() && scratch.in_work[x.index()] != s {
                scratch.in_work[x.index()] = s;
                work.push(x);
            }
        }
        while let Some(x) = work.pop() {
            for &y in &self.df[x.index()] {
                if scratch.in_idf[y.index()] != s {
                    scratch.in_idf[y.index()] = s;
                    out.push(y);
                    if scratch.in_work[y.index()] != s {
                        scratch.in_work[y.index()] = s;
                        work.push(y);
                    }
                }
            }
        }
    }
}

/// Reusable marks for [`DominanceFrontiers::iterated_into`] (stamped with
/// a query number, so nothing is cleared between queries).
#[derive(Clone, Debug, Default)]
pub struct IdfScratch {
    stamp: u32,
    in_work: Vec<u32>,
    in_idf: Vec<u32>,
}

impl IdfScratch {
    fn prepare(&mut self, n: usize) {
        if self.in_work.len() != n || self.stamp == u32::MAX {
            self.in_work = vec![0; n];
            self.in_idf = vec![0; n];
            self.stamp = 0;
        }
        self.stamp += 1;
    }
}
