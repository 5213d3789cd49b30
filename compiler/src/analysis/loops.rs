//! The loop nesting forest of Steensgaard ("Sequentializing program
//! dependence graphs for irreducible programs", 1993): nested strongly
//! connected components, irreducible loops with several headers, and
//! the outermost-loop-excluding query (OLE) of the two-pass liveness.

use super::*;

/// One loop of a [`LoopForest`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop<N = usize> {
    /// Nodes of the body with an edge from outside the body (or the entry
    /// node); two or more for an irreducible loop. Sorted.
    pub headers: Vec<N>,
    /// The representative header (S2 8.2.2 assumes one header per loop):
    /// the node of `headers` that comes first in the reverse postorder of
    /// the whole graph. It is the first body node the depth-first search
    /// reaches, so every other body node is reachable from it inside the
    /// body; on a reducible loop it is the only header.
    pub header: N,
    /// Every node of the loop, nested loops included. Sorted.
    pub body: Vec<N>,
    /// Enclosing loop (index in [`LoopForest::loops`]).
    pub parent: Option<usize>,
    /// Loops directly nested in this one, in topological order.
    pub children: Vec<usize>,
    /// Nesting depth: 1 for an outermost loop.
    pub depth: u32,
}

/// A loop nesting forest (S2 6.3): the loops of a region are its
/// non-trivial strongly connected components; the headers of a loop are
/// its nodes entered from outside it; removing edges from the body to
/// headers and recursing gives the nested loops. Handles irreducible loops
/// (several headers). Only reachable nodes are in loops.
///
/// Two variants differ in the edges cut before recursing:
/// [`LoopForest::new`] is Steensgaard's forest (the edges into every
/// header are cut); [`LoopForest::with_unique_headers`] cuts only the
/// edges into the representative [`Loop::header`] (one header per loop, as
/// S2 8.2.2 and the Havlak forest preferred for liveness by the SSA book
/// ch. 8), which is what the two-pass liveness needs. Both agree on reducible
/// graphs.
///
/// Loop indices are a topological order of the forest (S2 8.2.3
/// `LTindex`): parents before children, the loops of one depth
/// consecutive, and sibling loops in topological order of the region's
/// graph condensed to its strongly connected components (an edge between
/// siblings goes from a lower to a higher index). So the outermost loop of
/// a set of nested loops has the lowest index ([`LoopForest::ole`]).
#[derive(Clone, Debug)]
pub struct LoopForest<N = usize> {
    /// Loops in topological order (each after its parent).
    pub loops: Vec<Loop<N>>,
    /// Per node index, the innermost loop containing it ([`NONE`]).
    innermost: Vec<usize>,
    /// Per node index, the loop it is the representative header of
    /// ([`NONE`]).
    header_loop: Vec<usize>,
    /// Per loop, the loops containing it (itself included).
    loop_ancestors: Vec<BitSet>,
    empty: BitSet,
}

const UNVISITED: u32 = u32::MAX;

/// Tarjan's strongly connected components of the subgraph of `nodes`
/// whose usable edges are given by `edge_ok`; with `cycles_only`, the
/// components that are one node without a usable edge to itself (no
/// cycle) are left out. `idx`, `low`, `on_stack` are scratch arrays of
/// the whole graph's size.
fn sccs<N: Node>(
    nodes: &[N],
    succs: &[Vec<N>],
    edge_ok: &dyn Fn(N, N) -> bool,
    cycles_only: bool,
    idx: &mut [u32],
    low: &mut [u32],
    on_stack: &mut [bool],
) -> Vec<Vec<N>> {
    for &v in nodes {
        idx[v.index()] = UNVISITED;
    }
    let mut out = Vec::new();
    let mut counter = 0u32;
    let mut stack: Vec<N> = Vec::new();
    let mut calls: Vec<(N, usize)> = Vec::new();
    for &root in nodes {
        if idx[root.index()] != UNVISITED {
            continue;
        }
        idx[root.index()] = counter;
        low[root.index()] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root.index()] = true;
        calls.push((root, 0));
        while let Some(top) = calls.last_mut() {
            let (v, i) = *top;
            if let Some(&w) = succs[v.index()].get(i) {
                top.1 += 1;
                if !edge_ok(v, w) {
                    continue;
                }
                let (vi, wi) = (v.index(), w.index());
                if idx[wi] == UNVISITED {
                    idx[wi] = counter;
                    low[wi] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[wi] = true;
                    calls.push((w, 0));
                } else if on_stack[wi] {
                    low[vi] = low[vi].min(idx[wi]);
                }
            } else {
                calls.pop();
                let vi = v.index();
                if let Some(&(p, _)) = calls.last() {
                    low[p.index()] = low[p.index()].min(low[vi]);
                }
                if low[vi] == idx[vi] {
                    if cycles_only
                        && stack.last() == Some(&v)
                        && !(succs[vi].contains(&v) && edge_ok(v, v))
                    {
                        stack.pop();
                        on_stack[vi] = false;
                        continue;
                    }
                    let mut comp = Vec::new();
                    loop {
                        let w = stack.pop().expect("Tarjan stack holds v");
                        on_stack[w.index()] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    out.push(comp);
                }
            }
        }
    }
    out
}

/// Strongly connected components (Tarjan) of the subgraph induced by
/// `nodes` of the graph `succs`, keeping only the edges `u → w` for which
/// `edge_ok(u, w)` holds (`w` must also be in `nodes`). Components come
/// out in reverse topological order: a component after every component it
/// has edges to.
pub fn strongly_connected_components<N: Node>(
    nodes: &[N],
    succs: &[Vec<N>],
    edge_ok: &dyn Fn(N, N) -> bool,
) -> Vec<Vec<N>> {
    let n = succs.len();
    let (mut idx, mut low) = (vec![0u32; n], vec![0u32; n]);
    let mut on_stack = vec![false; n];
    sccs(
        nodes,
        succs,
        edge_ok,
        false,
        &mut idx,
        &mut low,
        &mut on_stack,
    )
}

impl<N: Node> LoopForest<N> {
    /// Steensgaard's loop nesting forest (S2 6.3) of the graph `succs`
    /// rooted at `entry` (with no entry, `None` or out of range, there is
    /// no reachable node and no loop).
    pub fn new(entry: impl Into<Option<N>>, succs: &[Vec<N>]) -> LoopForest<N> {
        LoopForest::build(entry.into(), succs, false)
    }

    /// The loop nesting forest with one header per loop (S2 8.2.2): the
    /// same recursion as [`LoopForest::new`], but inside a loop only the
    /// edges into its representative [`Loop::header`] are cut, so a cycle
    /// through another entry node of an irreducible loop is a nested loop.
    /// With this forest the graph returned by
    /// [`LoopForest::redirect_entries`] is reducible: each loop is entered
    /// only at its header, and removing the loop edges
    /// ([`LoopForest::is_loop_edge`]) leaves an acyclic graph in which
    /// every reachable node is reachable from the entry.
    pub fn with_unique_headers(entry: impl Into<Option<N>>, succs: &[Vec<N>]) -> LoopForest<N> {
        LoopForest::build(entry.into(), succs, true)
    }

    fn build(entry: Option<N>, succs: &[Vec<N>], unique: bool) -> LoopForest<N> {
        let n = succs.len();
        let reach = postorder(entry, succs);
        let mut po_num = vec![0usize; n];
        for (i, &b) in reach.iter().enumerate() {
            po_num[b.index()] = i;
        }
        let preds = PredArray::new(succs);
        let mut loops: Vec<Loop<N>> = Vec::new();
        let mut innermost = vec![NONE; n];
        // region membership (stamped with the region number) and the loop
        // whose cut headers a node is
        let mut region = vec![u32::MAX; n];
        let mut header_of = vec![u32::MAX; n];
        let mut in_scc = vec![u32::MAX; n];
        let (mut idx, mut low) = (vec![0u32; n], vec![0u32; n]);
        let mut on_stack = vec![false; n];
        // (nodes, loop whose body it is; u32::MAX - 1 for the whole
        // graph), breadth first so that one depth's loops are consecutive
        let mut regions: std::collections::VecDeque<(Vec<N>, u32)> =
            std::collections::VecDeque::from([(reach, u32::MAX - 1)]);
        let mut rid = 0u32;
        while let Some((nodes, lp)) = regions.pop_front() {
            rid += 1;
            for &v in &nodes {
                region[v.index()] = rid;
            }
            let comps = {
                let region = &region;
                let header_of = &header_of;
                let ok = move |_u: N, w: N| {
                    w.index() < n && region[w.index()] == rid && header_of[w.index()] != lp
                };
                sccs(&nodes, succs, &ok, true, &mut idx, &mut low, &mut on_stack)
            };
            // Tarjan emits the components in reverse topological order
            for mut comp in comps.into_iter().rev() {
                let is_loop = comp.len() > 1 || {
                    let v = comp[0];
                    succs[v.index()].contains(&v) && header_of[v.index()] != lp
                };
                if !is_loop {
                    continue;
                }
                let k = loops.len();
                for &v in &comp {
                    in_scc[v.index()] = k as u32;
                }
                let mut headers: Vec<N> = comp
                    .iter()
                    .copied()
                    .filter(|&v| {
                        Some(v) == entry
                            || preds.of(v).iter().any(|&p| {
                                in_scc[p.index()] != k as u32 && region[p.index()] != u32::MAX
                            })
                    })
                    .collect();
                headers.sort_unstable();
                // first in reverse postorder = last in postorder
                let header = headers
                    .iter()
                    .copied()
                    .max_by_key(|&h| po_num[h.index()])
                    .unwrap_or(comp[0]);
                if unique {
                    header_of[header.index()] = k as u32;
                } else {
                    for &h in &headers {
                        header_of[h.index()] = k as u32;
                    }
                }
                comp.sort_unstable();
                for &v in &comp {
                    innermost[v.index()] = k;
                }
                let parent = (lp != u32::MAX - 1).then_some(lp as usize);
                let depth = parent.map_or(1, |p| loops[p].depth + 1);
                if let Some(p) = parent {
                    loops[p].children.push(k);
                }
                loops.push(Loop {
                    headers,
                    header,
                    body: comp.clone(),
                    parent,
                    children: Vec::new(),
                    depth,
                });
                regions.push_back((comp, k as u32));
            }
        }
        let mut header_loop = vec![NONE; n];
        let mut loop_ancestors: Vec<BitSet> = Vec::with_capacity(loops.len());
        for (k, l) in loops.iter().enumerate() {
            header_loop[l.header.index()] = k;
            let mut a = l
                .parent
                .map_or_else(|| BitSet::new(loops.len()), |p| loop_ancestors[p].clone());
            a.insert(k);
            loop_ancestors.push(a);
        }
        LoopForest {
            loops,
            innermost,
            header_loop,
            loop_ancestors,
            empty: BitSet::new(0),
        }
    }

    /// Innermost loop containing `b`.
    pub fn loop_of(&self, b: N) -> Option<usize> {
        self.innermost
            .get(b.index())
            .copied()
            .filter(|&l| l != NONE)
    }
    /// Number of loops containing `b` (0 outside loops).
    pub fn loop_depth(&self, b: N) -> u32 {
        self.loop_of(b).map_or(0, |l| self.loops[l].depth)
    }
    /// Whether `b` is a header of some loop.
    pub fn is_header(&self, b: N) -> bool {
        self.loops
            .iter()
            .any(|l| l.headers.binary_search(&b).is_ok())
    }
    /// The representative header of loop `l` ([`Loop::header`]).
    pub fn header(&self, l: usize) -> N {
        self.loops[l].header
    }
    /// The loops containing node `b`, as a bitset over loop indices
    /// (S2 8.2.3 Alg. 8.4 `n.ancestors`; empty outside loops). Printed
    /// big-endian (bit of loop 0 leftmost), node 9 of SSA book 8.2.2–8.2.3, Fig. 8.3, Example 2, example T30 is
    /// `110`.
    pub fn ancestors(&self, b: N) -> &BitSet {
        match self.loop_of(b) {
            Some(l) => &self.loop_ancestors[l],
            None => &self.empty,
        }
    }
    /// The outermost loop that contains `t` but not `s` (S2 8.2.3
    /// Alg. 8.5, the book's `t.OLE(s)`, with the ancestor sets corrected): the lowest
    /// index in `ancestors(t) − ancestors(s)`. None when every loop
    /// containing `t` also contains `s`.
    pub fn ole(&self, s: N, t: N) -> Option<usize> {
        let (a, b) = (self.ancestors(t), self.ancestors(s));
        for (k, &w) in a.words.iter().enumerate() {
            let x = w & !b.words.get(k).copied().unwrap_or(0);
            if x != 0 {
                return Some(k * 64 + x.trailing_zeros() as usize);
            }
        }
        None
    }
    /// Whether `u → w` is a loop edge: `w` is the representative header
    /// of a loop that contains `u`. Removing the loop edges of the
    /// redirected graph gives the forward CFG of S2 8.2.1.
    pub fn is_loop_edge(&self, u: N, w: N) -> bool {
        self.header_loop
            .get(w.index())
            .is_some_and(|&l| l != NONE && self.ancestors(u).contains(l))
    }
    /// The graph with every loop entry moved to the loop's header (S2
    /// 8.2.2, Fig. 8.3): each edge `s → t` with `L = ole(s, t)` becomes
    /// `s → header(L)` (unchanged when `t` is that header or `ole` is
    /// None). Same nodes, successor lists in the same order. The liveness
    /// of strict SSA variables is unchanged. S2 8.2.2 says dominance is
    /// unchanged too, but it can only grow: in SSA book 8.2.2–8.2.3, Fig. 8.3, Example 2, example T30, idom(6)
    /// goes from 3 to 5 once 9→6 becomes 9→5 (idom(5) = 3 stays). With a
    /// [`LoopForest::with_unique_headers`] forest the result is reducible
    /// and this forest is its loop forest.
    pub fn redirect_entries(&self, succs: &[Vec<N>]) -> Vec<Vec<N>> {
        succs
            .iter()
            .enumerate()
            .map(|(s, ts)| {
                let s = N::from_index(s);
                ts.iter()
                    .map(|&t| self.ole(s, t).map_or(t, |l| self.loops[l].header))
                    .collect()
            })
            .collect()
    }
}
