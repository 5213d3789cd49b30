//! Liveness of variables on a graph: the iterative data-flow solver, the
//! two-pass method for strict SSA (Boissinot et al., "Fast liveness
//! checking for SSA-form programs", 2008; Brandner et al., "Computing
//! liveness sets for SSA-form programs", 2011), and liveness of
//! non-strict variables (reached by a definition and reaching a use).

use super::*;

/// Per-block live-in and live-out sets of variables (S2 8, 19.2, the
/// "multiplexing" view of phis, SSA book ch. 8):
///
/// `LiveIn(B) = PhiDefs(B) ∪ UpExposed(B) ∪ (LiveOut(B) − Defs(B))`,
/// `LiveOut(B) = ∪_{S ∈ succ(B)} (LiveIn(S) − PhiDefs(S)) ∪ PhiUses(B)`,
///
/// where `PhiUses(B)` are the phi operands flowing along the edges out of
/// `B` (a phi operand is live-out of its predecessor only) and `PhiDefs(B)`
/// the results of `B`'s phis (defined at the entry of `B`). Unreachable
/// nodes have empty sets. Two solvers give the same sets on strict SSA:
///
/// * [`Liveness::solve_two_pass`] (S2 8.2 Alg. 8.1–8.3, used by
///   [`crate::ir::Function::liveness`]): one postorder pass over the forward CFG
///   of the OLE-redirected graph, then one top-down pass over the loop
///   nesting forest; no fixpoint. Requires strict SSA.
/// * [`Liveness::solve_iterative`]: backward data flow with a worklist,
///   valid for any variables; kept as the independent oracle of the tests.
///
/// For an IR function ([`crate::ir::Function::liveness`]) only the values used
/// outside their defining block (or by or as a phi) get a bit: the others
/// are never live-in or live-out of any block.
///
/// The sets are per node `N` ([`Node`]); variables are plain numbers
/// (`usize`).
#[derive(Clone, Debug)]
pub struct Liveness<N = usize> {
    /// Per node index, `LiveIn − PhiDefs`, by dense variable index.
    live_in: Vec<BitSet>,
    /// Per node index, `LiveOut`, by dense variable index.
    live_out: Vec<BitSet>,
    /// Per node index, the phi results (variable numbers).
    phi_defs: Vec<Vec<usize>>,
    /// Variable number → dense index (`u32::MAX`: never live across
    /// blocks); empty when the numbering is the identity.
    index: Vec<u32>,
    /// Dense index → variable number (empty for the identity).
    vars: Vec<usize>,
    /// The sets are indexed by [`Node::index`] of `N`.
    node: std::marker::PhantomData<N>,
}

/// Local facts of one node for the liveness solvers (lists of
/// variables). The solvers take them as a slice indexed by
/// [`Node::index`].
#[derive(Clone, Debug, Default)]
pub struct LocalLiveness {
    /// Variables read by non-phi instructions before any definition in
    /// the node.
    pub up_exposed: Vec<usize>,
    /// Variables defined by the node's non-phi instructions.
    pub defs: Vec<usize>,
    /// Results of the node's phis.
    pub phi_defs: Vec<usize>,
    /// Operands of the successors' phis on the edges out of this node.
    pub phi_uses: Vec<usize>,
}

impl LocalLiveness {
    /// The block's transfer function: turns `LiveOut` into
    /// `LiveIn − PhiDefs` (removes the definitions and the phi results,
    /// adds the upward-exposed uses).
    fn transfer(&self, live: &mut BitSet) {
        for &v in self.defs.iter().chain(&self.phi_defs) {
            live.remove(v);
        }
        for &v in &self.up_exposed {
            live.insert(v);
        }
    }
}

impl<N: Node> Liveness<N> {
    /// Installs a sparse numbering on sets solved over dense indices:
    /// `phi_defs[node.index()]` the phi results (variable numbers), `index[v]` the
    /// dense index of variable `v` (`u32::MAX`: never live across nodes),
    /// `vars[k]` the variable of dense index `k`.
    pub fn with_numbering(
        mut self,
        phi_defs: Vec<Vec<usize>>,
        index: Vec<u32>,
        vars: Vec<usize>,
    ) -> Liveness<N> {
        self.phi_defs = phi_defs;
        self.index = index;
        self.vars = vars;
        self
    }

    /// Sets by dense variable index (identity numbering).
    fn from_sets(
        live_in: Vec<BitSet>,
        live_out: Vec<BitSet>,
        local: &[LocalLiveness],
    ) -> Liveness<N> {
        Liveness {
            live_in,
            live_out,
            phi_defs: local.iter().map(|l| l.phi_defs.clone()).collect(),
            index: Vec::new(),
            vars: Vec::new(),
            node: std::marker::PhantomData,
        }
    }

    /// Solves the liveness equations on a graph by iterating to the
    /// fixpoint: `dt` its dominator tree, `succs`/`preds` its edges,
    /// `local[node.index()]` the local facts (nodes beyond `local.len()`
    /// have none), variables `0..nvars`. Does not need SSA.
    pub fn solve_iterative(
        dt: &DomTree<N>,
        succs: &[Vec<N>],
        preds: &[Vec<N>],
        local: &[LocalLiveness],
        nvars: usize,
    ) -> Liveness<N> {
        Liveness::solve_iterative_rpo(dt.rpo().to_vec(), succs, preds, local, nvars)
    }

    /// [`Liveness::solve_iterative`] given only the reverse postorder
    /// `rpo` of the nodes reachable from the entry (the dominator tree's
    /// [`DomTree::rpo`]; [`postorder`] reversed), for callers that need no
    /// dominator tree: the sets are the same.
    pub fn solve_iterative_rpo(
        rpo: Vec<N>,
        succs: &[Vec<N>],
        preds: &[Vec<N>],
        local: &[LocalLiveness],
        nvars: usize,
    ) -> Liveness<N> {
        let n = succs.len();
        let nw = nvars.div_ceil(64);
        let mut live_in = vec![BitSet::new(0); n];
        let mut live_out = vec![BitSet::new(0); n];
        let mut reachable = vec![false; n];
        for &b in &rpo {
            live_in[b.index()] = BitSet::new(nvars);
            live_out[b.index()] = BitSet::new(nvars);
            reachable[b.index()] = true;
        }
        let is_reachable = |b: N| reachable.get(b.index()).copied().unwrap_or(false);
        let none = LocalLiveness::default();
        let mut queued = vec![false; n];
        // worklist popped from the end: pushed in reverse postorder so the
        // first pops are in postorder
        let mut work: Vec<N> = rpo;
        for &b in &work {
            queued[b.index()] = true;
        }
        let mut tmp = BitSet::new(nvars);
        while let Some(b) = work.pop() {
            let bi = b.index();
            queued[bi] = false;
            let l = local.get(bi).unwrap_or(&none);
            tmp.words.iter_mut().for_each(|w| *w = 0);
            for &s in &succs[bi] {
                if s.index() < n && is_reachable(s) {
                    for (o, &i) in tmp.words.iter_mut().zip(&live_in[s.index()].words) {
                        *o |= i;
                    }
                }
            }
            for &v in &l.phi_uses {
                tmp.insert(v);
            }
            live_out[bi].words.copy_from_slice(&tmp.words[..nw]);
            l.transfer(&mut tmp);
            if tmp.words[..nw] != live_in[bi].words[..] {
                live_in[bi].words.copy_from_slice(&tmp.words[..nw]);
                for &p in &preds[bi] {
                    if is_reachable(p) && !queued[p.index()] {
                        queued[p.index()] = true;
                        work.push(p);
                    }
                }
            }
        }
        Liveness::from_sets(live_in, live_out, local)
    }

    /// Solves the liveness equations by the two-pass method of S2 8.2
    /// (Alg. 8.1–8.3, irreducible graphs through OLE, 8.2.2): build the
    /// loop forest with one header per loop
    /// ([`LoopForest::with_unique_headers`]), then
    ///
    /// 1. (Alg. 8.2) a postorder depth-first traversal of the forward CFG
    ///    of the redirected graph ([`LoopForest::redirect_entries`] minus
    ///    the loop edges) computes partial sets with the equations above,
    ///    where `LiveIn(S) − PhiDefs(S)` is taken only over forward
    ///    successors (`PhiUses(B)` stays the phi operands of all of `B`'s
    ///    original successors);
    /// 2. (Alg. 8.3) the loops, parents first, add
    ///    `LiveIn(header) − PhiDefs(header)` to `LiveIn` and `LiveOut` of
    ///    every node of their body (nested loops included).
    ///
    /// No fixpoint iteration. Requires strict SSA in `local`: a variable
    /// defined in node `d` (in `defs` or `phi_defs`) has its up-exposed
    /// uses only in nodes strictly dominated by `d` and its phi uses only
    /// in nodes dominated by `d`; a variable defined in no node counts as
    /// defined before `entry`. On non-strict variables the sets can miss
    /// liveness (a loop edge carries nothing back to the header); use
    /// [`Liveness::solve_iterative`] or [`live_and_defined`] there. With
    /// no entry (`None` or out of range) every set is empty.
    pub fn solve_two_pass(
        entry: impl Into<Option<N>>,
        succs: &[Vec<N>],
        local: &[LocalLiveness],
        nvars: usize,
    ) -> Liveness<N> {
        let entry = entry.into();
        let lf = LoopForest::with_unique_headers(entry, succs);
        let mut lv = Liveness::forward_pass(entry, succs, &lf, local, nvars);
        lv.loop_pass(&lf);
        lv
    }

    /// Pass 1 of [`Liveness::solve_two_pass`] (S2 Alg. 8.2 with
    /// `S.OLE(B)` for `S`): partial sets along the forward CFG of the
    /// redirected graph, in postorder.
    pub(super) fn forward_pass(
        entry: impl Into<Option<N>>,
        succs: &[Vec<N>],
        lf: &LoopForest<N>,
        local: &[LocalLiveness],
        nvars: usize,
    ) -> Liveness<N> {
        let n = succs.len();
        let g = lf.redirect_entries(succs);
        let mut live_in = vec![BitSet::new(0); n];
        let mut live_out = vec![BitSet::new(0); n];
        let none = LocalLiveness::default();
        // the forward CFG (loop edges removed) is acyclic, so its postorder
        // visits every successor of a node before the node
        let forward: Vec<Vec<N>> = (0..n)
            .map(|b| {
                let keep = |&&s: &&N| s.index() < n && !lf.is_loop_edge(N::from_index(b), s);
                g[b].iter().filter(keep).copied().collect()
            })
            .collect();
        for b in postorder(entry, &forward) {
            let bi = b.index();
            let l = local.get(bi).unwrap_or(&none);
            let mut live = BitSet::new(nvars);
            for &v in &l.phi_uses {
                live.insert(v);
            }
            for &s in &forward[bi] {
                live.union_with(&live_in[s.index()]);
            }
            live_out[bi] = live.clone();
            l.transfer(&mut live);
            live_in[bi] = live;
        }
        Liveness::from_sets(live_in, live_out, local)
    }

    /// Pass 2 of [`Liveness::solve_two_pass`] (S2 Alg. 8.3): loops in
    /// topological order (parents first, so a header already holds what
    /// its enclosing loops pass down) give `LiveIn(header) − PhiDefs` to
    /// their whole body.
    pub(super) fn loop_pass(&mut self, lf: &LoopForest<N>) {
        for l in &lf.loops {
            let live_loop = self.live_in[l.header.index()].clone();
            for &b in &l.body {
                self.live_in[b.index()].union_with(&live_loop);
                self.live_out[b.index()].union_with(&live_loop);
            }
        }
    }

    /// The solved sets by node index, `LiveIn − PhiDefs` then `LiveOut`,
    /// over the dense indices (the variables themselves with the identity
    /// numbering); nodes the solver did not reach have sets of no
    /// capacity.
    pub fn into_sets(self) -> (Vec<BitSet>, Vec<BitSet>) {
        (self.live_in, self.live_out)
    }

    fn dense(&self, v: usize) -> Option<usize> {
        if self.vars.is_empty() && self.index.is_empty() {
            return Some(v);
        }
        self.index
            .get(v)
            .copied()
            .filter(|&k| k != u32::MAX)
            .map(|k| k as usize)
    }

    /// Whether variable `v` is live at the entry of node `b` (phi results
    /// of `b` included).
    pub fn is_live_in(&self, b: N, v: usize) -> bool {
        let b = b.index();
        self.phi_defs.get(b).is_some_and(|p| p.contains(&v))
            || self
                .dense(v)
                .is_some_and(|k| self.live_in.get(b).is_some_and(|s| s.contains(k)))
    }
    /// Whether variable `v` is live at the exit of node `b`.
    pub fn is_live_out(&self, b: N, v: usize) -> bool {
        self.dense(v)
            .is_some_and(|k| self.live_out.get(b.index()).is_some_and(|s| s.contains(k)))
    }
    fn original(&self, k: usize) -> usize {
        if self.vars.is_empty() {
            k
        } else {
            self.vars[k]
        }
    }
    /// Variables live-in at `b` (phi results of `b` first, then the others
    /// by increasing dense index).
    pub fn live_in(&self, b: N) -> Vec<usize> {
        let b = b.index();
        let mut v: Vec<usize> = self.phi_defs.get(b).cloned().unwrap_or_default();
        if let Some(s) = self.live_in.get(b) {
            v.extend(s.iter().map(|k| self.original(k)));
        }
        v
    }
    /// Variables live-out of `b` (by increasing dense index).
    pub fn live_out(&self, b: N) -> Vec<usize> {
        self.live_out
            .get(b.index())
            .map(|s| s.iter().map(|k| self.original(k)).collect())
            .unwrap_or_default()
    }
}

/// Liveness of variables that may be defined several times or not on
/// every path (non-strict code, before SSA construction), in the refined
/// sense of S2 §2.3 (SSA book 2.3, 2.6, Fig. 2.2a, example T11): a variable is live at a point when
/// a definition of it reaches the point *and* the point reaches a use
/// without an intervening definition. `local[node]` gives `up_exposed`
/// uses and `defs` (phi fields are ignored). Returns `(live_in, live_out)`
/// per node, indexed by [`Node::index`]. Plain backward liveness alone
/// would also count points that no definition reaches (a variable read on
/// a path where it was never set).
pub fn live_and_defined<N: Node>(
    entry: impl Into<Option<N>>,
    succs: &[Vec<N>],
    local: &[LocalLiveness],
    nvars: usize,
) -> (Vec<BitSet>, Vec<BitSet>) {
    let n = succs.len();
    let preds = predecessors_of(succs);
    let order = postorder(entry, succs);
    let set_of = |v: &[usize]| {
        let mut b = BitSet::new(nvars);
        for &x in v {
            b.insert(x);
        }
        b
    };
    let empty = LocalLiveness::default();
    let loc = |b: usize| local.get(b).unwrap_or(&empty);
    // backward: live_in = up_exposed ∪ (live_out − defs)
    let mut live_in = vec![BitSet::new(nvars); n];
    let mut live_out = vec![BitSet::new(nvars); n];
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &order {
            let b = b.index();
            let mut out = BitSet::new(nvars);
            for &s in &succs[b] {
                out.union_with(&live_in[s.index()]);
            }
            let mut inn = out.clone();
            for &d in &loc(b).defs {
                inn.remove(d);
            }
            inn.union_with(&set_of(&loc(b).up_exposed));
            live_out[b] = out;
            changed |= live_in[b].union_with(&inn);
        }
    }
    // forward: a definition may reach (def_out = defs ∪ def_in)
    let mut def_in = vec![BitSet::new(nvars); n];
    let mut def_out: Vec<BitSet> = (0..n).map(|b| set_of(&loc(b).defs)).collect();
    changed = true;
    while changed {
        changed = false;
        for &b in order.iter().rev() {
            let b = b.index();
            let mut inn = BitSet::new(nvars);
            for &p in &preds[b] {
                inn.union_with(&def_out[p.index()]);
            }
            changed |= def_out[b].union_with(&inn);
            def_in[b] = inn;
        }
    }
    for b in 0..n {
        for (w, d) in live_in[b].words.iter_mut().zip(&def_in[b].words) {
            *w &= d;
        }
        for (w, d) in live_out[b].words.iter_mut().zip(&def_out[b].words) {
            *w &= d;
        }
    }
    (live_in, live_out)
}
