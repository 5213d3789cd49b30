//! Analyses on control-flow graphs (seed-digest P1, P11): dominator tree,
//! dominance frontiers and iterated dominance frontiers, the loop nesting
//! forest, and liveness of SSA values.
//!
//! The core algorithms work on a plain graph — nodes `0..n`, an entry node
//! and successor lists `succs[node]` — so the back end can run them on the
//! machine CFG. Thin wrappers build the graph of an [`ir::Function`]
//! ([`Cfg::of_function`]): node `i` is `Block(i)`; blocks that are not in
//! the layout have no edges, and blocks not reachable from the entry have
//! no dominator, no loop and no liveness.
//!
//! [`ir::Function`]: crate::ir::Function

use crate::ir::{Function, InstKind};

/// "No node" marker in the dense arrays below.
pub const NONE: usize = usize::MAX;

// ---------------------------------------------------------------------------
// Bitsets

/// A dense bitset of `0..capacity` stored in `u64` words (bit `i` is bit
/// `i % 64` of word `i / 64`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// An empty set able to hold `0..n`.
    pub fn new(n: usize) -> BitSet {
        BitSet {
            words: vec![0; n.div_ceil(64)],
        }
    }
    /// Whether `i` is in the set (false when `i` is out of range).
    pub fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w & (1u64 << (i % 64)) != 0)
    }
    /// Adds `i` (grows the set when needed); true if it was absent.
    pub fn insert(&mut self, i: usize) -> bool {
        if i / 64 >= self.words.len() {
            self.words.resize(i / 64 + 1, 0);
        }
        let w = &mut self.words[i / 64];
        let m = 1u64 << (i % 64);
        let new = *w & m == 0;
        *w |= m;
        new
    }
    /// Removes `i`.
    pub fn remove(&mut self, i: usize) {
        if let Some(w) = self.words.get_mut(i / 64) {
            *w &= !(1u64 << (i % 64));
        }
    }
    /// Adds every element of `o`; true if the set changed.
    pub fn union_with(&mut self, o: &BitSet) -> bool {
        if o.words.len() > self.words.len() {
            self.words.resize(o.words.len(), 0);
        }
        let mut changed = false;
        for (a, b) in self.words.iter_mut().zip(&o.words) {
            let n = *a | b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
    /// Removes every element of `o`.
    pub fn difference_with(&mut self, o: &BitSet) {
        for (a, b) in self.words.iter_mut().zip(&o.words) {
            *a &= !b;
        }
    }
    /// Number of elements.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    /// Elements in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let t = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(k * 64 + t)
            })
        })
    }
}

// ---------------------------------------------------------------------------
// Graphs

/// Predecessor lists of a graph given by successor lists: for each node,
/// its predecessors in increasing node order, each once.
pub fn predecessors_of(succs: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = succs.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (u, ss) in succs.iter().enumerate() {
        for &s in ss {
            if s < n && preds[s].last() != Some(&u) {
                preds[s].push(u);
            }
        }
    }
    preds
}

/// The control-flow graph of an IR function as a plain graph: node `i` is
/// `Block(i)`. `preds` is in the IR's predecessor order
/// ([`Function::predecessors`]), which is the order of phi operands.
#[derive(Clone, Debug)]
pub struct Cfg {
    /// Entry node (`layout[0]`), or [`NONE`] for a function without blocks.
    pub entry: usize,
    /// Successors of each block (empty for blocks not in the layout).
    pub succs: Vec<Vec<usize>>,
    /// Predecessors of each block, in predecessor (= phi operand) order.
    pub preds: Vec<Vec<usize>>,
}

impl Cfg {
    /// The CFG of `f`.
    pub fn of_function(f: &Function) -> Cfg {
        let n = f.blocks.len();
        let mut succs = vec![Vec::new(); n];
        for &b in &f.layout {
            succs[b.index()] = f
                .successors(b)
                .into_iter()
                .map(|s| s.index())
                .filter(|&s| s < n)
                .collect();
        }
        let preds = f
            .predecessors()
            .into_iter()
            .map(|p| p.into_iter().map(|b| b.index()).collect())
            .collect();
        Cfg {
            entry: f.layout.first().map_or(NONE, |b| b.index()),
            succs,
            preds,
        }
    }
}

/// Postorder of the nodes reachable from `entry` (depth-first, successors
/// visited in list order).
pub fn postorder(entry: usize, succs: &[Vec<usize>]) -> Vec<usize> {
    let n = succs.len();
    let mut order = Vec::new();
    if entry >= n {
        return order;
    }
    let mut seen = vec![false; n];
    let mut stack = vec![(entry, 0usize)];
    seen[entry] = true;
    while let Some(top) = stack.last_mut() {
        let (b, i) = *top;
        if let Some(&s) = succs[b].get(i) {
            top.1 += 1;
            if s < n && !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            order.push(b);
            stack.pop();
        }
    }
    order
}

// ---------------------------------------------------------------------------
// Dominator tree

/// The dominator tree of the nodes reachable from the entry (S2 3.1.1;
/// immediate dominators by Cooper, Harvey and Kennedy's iterative
/// algorithm over reverse postorder).
///
/// Dominance queries are O(1): `a` dominates `b` iff `a`'s preorder
/// interval in the tree contains `b`'s.
#[derive(Clone, Debug)]
pub struct DomTree {
    entry: usize,
    idom: Vec<usize>,
    children: Vec<Vec<usize>>,
    preorder: Vec<usize>,
    rpo: Vec<usize>,
    rpo_num: Vec<usize>,
    pre: Vec<u32>,
    post: Vec<u32>,
    depth: Vec<u32>,
}

impl DomTree {
    /// Dominator tree of the graph `succs` rooted at `entry` (nodes
    /// `0..succs.len()`; successor indices out of range are ignored).
    pub fn new(entry: usize, succs: &[Vec<usize>]) -> DomTree {
        let n = succs.len();
        let mut po = postorder(entry, succs);
        po.reverse();
        let rpo = po;
        let mut rpo_num = vec![NONE; n];
        for (i, &b) in rpo.iter().enumerate() {
            rpo_num[b] = i;
        }
        let preds = predecessors_of(succs);
        let mut idom = vec![NONE; n];
        if let Some(&e) = rpo.first() {
            idom[e] = e;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new = NONE;
                for &p in &preds[b] {
                    if idom[p] == NONE {
                        continue;
                    }
                    if new == NONE {
                        new = p;
                        continue;
                    }
                    // intersect (CHK): climb by reverse-postorder numbers
                    let (mut a, mut c) = (new, p);
                    while a != c {
                        while rpo_num[a] > rpo_num[c] {
                            a = idom[a];
                        }
                        while rpo_num[c] > rpo_num[a] {
                            c = idom[c];
                        }
                    }
                    new = a;
                }
                if new != NONE && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        if let Some(&e) = rpo.first() {
            idom[e] = NONE;
        }
        let mut children = vec![Vec::new(); n];
        for &b in rpo.iter().skip(1) {
            children[idom[b]].push(b);
        }
        // preorder / postorder numbers and depths of the tree
        let mut pre = vec![u32::MAX; n];
        let mut post = vec![u32::MAX; n];
        let mut depth = vec![0u32; n];
        let mut preorder = Vec::with_capacity(rpo.len());
        if let Some(&e) = rpo.first() {
            let mut stack = vec![(e, 0usize)];
            let (mut pc, mut qc) = (0u32, 0u32);
            pre[e] = pc;
            pc += 1;
            preorder.push(e);
            while let Some(top) = stack.last_mut() {
                let (b, i) = *top;
                if let Some(&c) = children[b].get(i) {
                    top.1 += 1;
                    pre[c] = pc;
                    pc += 1;
                    depth[c] = depth[b] + 1;
                    preorder.push(c);
                    stack.push((c, 0));
                } else {
                    post[b] = qc;
                    qc += 1;
                    stack.pop();
                }
            }
        }
        DomTree {
            entry,
            idom,
            children,
            preorder,
            rpo,
            rpo_num,
            pre,
            post,
            depth,
        }
    }

    /// Dominator tree of an IR function (node `i` is `Block(i)`).
    pub fn of_function(f: &Function) -> DomTree {
        let cfg = Cfg::of_function(f);
        DomTree::new(cfg.entry, &cfg.succs)
    }

    /// Number of nodes (reachable or not).
    pub fn len(&self) -> usize {
        self.idom.len()
    }
    /// Whether the graph has no node.
    pub fn is_empty(&self) -> bool {
        self.idom.is_empty()
    }
    /// The entry node.
    pub fn entry(&self) -> usize {
        self.entry
    }
    /// Immediate dominator of `b`; None for the entry and unreachable nodes.
    pub fn idom(&self, b: usize) -> Option<usize> {
        self.idom.get(b).copied().filter(|&d| d != NONE)
    }
    /// Whether `b` is reachable from the entry.
    pub fn is_reachable(&self, b: usize) -> bool {
        self.rpo_num.get(b).is_some_and(|&r| r != NONE)
    }
    /// Children of `b` in the dominator tree (in reverse postorder).
    pub fn children(&self, b: usize) -> &[usize] {
        &self.children[b]
    }
    /// Reachable nodes in a preorder of the dominator tree.
    pub fn preorder(&self) -> &[usize] {
        &self.preorder
    }
    /// Reachable nodes in reverse postorder of the CFG.
    pub fn rpo(&self) -> &[usize] {
        &self.rpo
    }
    /// Position of `b` in [`DomTree::rpo`] ([`NONE`] if unreachable).
    pub fn rpo_number(&self, b: usize) -> usize {
        self.rpo_num[b]
    }
    /// Depth of `b` in the dominator tree (entry 0).
    pub fn depth(&self, b: usize) -> u32 {
        self.depth[b]
    }
    /// Whether `a` dominates `b` (reflexive; false if either is
    /// unreachable).
    pub fn dominates(&self, a: usize, b: usize) -> bool {
        self.is_reachable(a)
            && self.is_reachable(b)
            && self.pre[a] <= self.pre[b]
            && self.post[b] <= self.post[a]
    }
    /// Whether `a` strictly dominates `b`.
    pub fn strictly_dominates(&self, a: usize, b: usize) -> bool {
        a != b && self.dominates(a, b)
    }
}

// ---------------------------------------------------------------------------
// Dominance frontiers

/// Dominance frontiers of every node (S2 3.1.1 Alg. 3.2: from each edge
/// `p → b`, walk up the dominator tree from `p` until `idom(b)`), and
/// iterated dominance frontiers `DF⁺(S)` by Cytron's worklist (S2 3.1
/// Alg. 3.1). Only reachable nodes and edges between them are considered.
#[derive(Clone, Debug)]
pub struct DominanceFrontiers {
    df: Vec<Vec<usize>>,
}

impl DominanceFrontiers {
    /// Frontiers of the graph whose dominator tree is `dt`; `preds` are the
    /// predecessor lists of the same graph (any order).
    pub fn new(dt: &DomTree, preds: &[Vec<usize>]) -> DominanceFrontiers {
        let n = dt.len();
        let mut df: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &b in dt.rpo() {
            let stop = dt.idom(b).unwrap_or(NONE);
            for &p in &preds[b] {
                if !dt.is_reachable(p) {
                    continue;
                }
                let mut r = p;
                while r != stop && r != NONE {
                    if df[r].last() != Some(&b) {
                        df[r].push(b);
                    }
                    r = dt.idom(r).unwrap_or(NONE);
                }
            }
        }
        DominanceFrontiers { df }
    }

    /// `DF(b)` (unordered).
    pub fn frontier(&self, b: usize) -> &[usize] {
        &self.df[b]
    }

    /// `DF⁺(set)`, the iterated dominance frontier (equal to the join set
    /// `J(set ∪ {entry})`), sorted.
    pub fn iterated(&self, set: &[usize]) -> Vec<usize> {
        let mut scratch = IdfScratch::default();
        let mut out = Vec::new();
        self.iterated_into(set, &mut scratch, &mut out);
        out.sort_unstable();
        out
    }

    /// `DF⁺(set)` into `out` (cleared first; unordered), reusing `scratch`
    /// between queries so that a query costs only the nodes it visits.
    pub fn iterated_into(&self, set: &[usize], scratch: &mut IdfScratch, out: &mut Vec<usize>) {
        out.clear();
        scratch.prepare(self.df.len());
        let s = scratch.stamp;
        let mut work: Vec<usize> = Vec::new();
        for &x in set {
            if x < self.df.len() && scratch.in_work[x] != s {
                scratch.in_work[x] = s;
                work.push(x);
            }
        }
        while let Some(x) = work.pop() {
            for &y in &self.df[x] {
                if scratch.in_idf[y] != s {
                    scratch.in_idf[y] = s;
                    out.push(y);
                    if scratch.in_work[y] != s {
                        scratch.in_work[y] = s;
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

// ---------------------------------------------------------------------------
// Loop nesting forest

/// One loop of a [`LoopForest`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    /// Nodes of the body with an edge from outside the body (or the entry
    /// node); two or more for an irreducible loop. Sorted.
    pub headers: Vec<usize>,
    /// The representative header (S2 8.2.2 assumes one header per loop):
    /// the node of `headers` that comes first in the reverse postorder of
    /// the whole graph. It is the first body node the depth-first search
    /// reaches, so every other body node is reachable from it inside the
    /// body; on a reducible loop it is the only header.
    pub header: usize,
    /// Every node of the loop, nested loops included. Sorted.
    pub body: Vec<usize>,
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
/// S2 8.2.2 and the Havlak forest preferred for liveness by seed-digest
/// P1), which is what the two-pass liveness needs. Both agree on reducible
/// graphs.
///
/// Loop indices are a topological order of the forest (S2 8.2.3
/// `LTindex`): parents before children, the loops of one depth
/// consecutive, and sibling loops in topological order of the region's
/// graph condensed to its strongly connected components (an edge between
/// siblings goes from a lower to a higher index). So the outermost loop of
/// a set of nested loops has the lowest index ([`LoopForest::ole`]).
#[derive(Clone, Debug)]
pub struct LoopForest {
    /// Loops in topological order (each after its parent).
    pub loops: Vec<Loop>,
    innermost: Vec<usize>,
    /// Per node, the loop it is the representative header of ([`NONE`]).
    header_loop: Vec<usize>,
    /// Per loop, the loops containing it (itself included).
    loop_ancestors: Vec<BitSet>,
    empty: BitSet,
}

const UNVISITED: u32 = u32::MAX;

/// Tarjan's strongly connected components of the subgraph of `nodes`
/// whose usable edges are given by `edge_ok`; `idx`, `low`, `on_stack`
/// are scratch arrays of the whole graph's size.
fn sccs(
    nodes: &[usize],
    succs: &[Vec<usize>],
    edge_ok: &dyn Fn(usize, usize) -> bool,
    idx: &mut [u32],
    low: &mut [u32],
    on_stack: &mut [bool],
) -> Vec<Vec<usize>> {
    for &v in nodes {
        idx[v] = UNVISITED;
    }
    let mut out = Vec::new();
    let mut counter = 0u32;
    let mut stack: Vec<usize> = Vec::new();
    let mut calls: Vec<(usize, usize)> = Vec::new();
    for &root in nodes {
        if idx[root] != UNVISITED {
            continue;
        }
        idx[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        calls.push((root, 0));
        while let Some(top) = calls.last_mut() {
            let (v, i) = *top;
            if let Some(&w) = succs[v].get(i) {
                top.1 += 1;
                if !edge_ok(v, w) {
                    continue;
                }
                if idx[w] == UNVISITED {
                    idx[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(idx[w]);
                }
            } else {
                calls.pop();
                if let Some(&(p, _)) = calls.last() {
                    low[p] = low[p].min(low[v]);
                }
                if low[v] == idx[v] {
                    let mut comp = Vec::new();
                    loop {
                        let w = stack.pop().expect("Tarjan stack holds v");
                        on_stack[w] = false;
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
pub fn strongly_connected_components(
    nodes: &[usize],
    succs: &[Vec<usize>],
    edge_ok: &dyn Fn(usize, usize) -> bool,
) -> Vec<Vec<usize>> {
    let n = succs.len();
    let (mut idx, mut low) = (vec![0u32; n], vec![0u32; n]);
    let mut on_stack = vec![false; n];
    sccs(nodes, succs, edge_ok, &mut idx, &mut low, &mut on_stack)
}

impl LoopForest {
    /// Steensgaard's loop nesting forest (S2 6.3) of the graph `succs`
    /// rooted at `entry`.
    pub fn new(entry: usize, succs: &[Vec<usize>]) -> LoopForest {
        LoopForest::build(entry, succs, false)
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
    pub fn with_unique_headers(entry: usize, succs: &[Vec<usize>]) -> LoopForest {
        LoopForest::build(entry, succs, true)
    }

    fn build(entry: usize, succs: &[Vec<usize>], unique: bool) -> LoopForest {
        let n = succs.len();
        let reach = postorder(entry, succs);
        let mut po_num = vec![0usize; n];
        for (i, &b) in reach.iter().enumerate() {
            po_num[b] = i;
        }
        let preds = predecessors_of(succs);
        let mut loops: Vec<Loop> = Vec::new();
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
        let mut regions: std::collections::VecDeque<(Vec<usize>, u32)> =
            std::collections::VecDeque::from([(reach, u32::MAX - 1)]);
        let mut rid = 0u32;
        while let Some((nodes, lp)) = regions.pop_front() {
            rid += 1;
            for &v in &nodes {
                region[v] = rid;
            }
            let comps = {
                let region = &region;
                let header_of = &header_of;
                let ok = move |_u: usize, w: usize| w < n && region[w] == rid && header_of[w] != lp;
                sccs(&nodes, succs, &ok, &mut idx, &mut low, &mut on_stack)
            };
            // Tarjan emits the components in reverse topological order
            for mut comp in comps.into_iter().rev() {
                let is_loop = comp.len() > 1 || {
                    let v = comp[0];
                    succs[v].contains(&v) && header_of[v] != lp
                };
                if !is_loop {
                    continue;
                }
                let k = loops.len();
                for &v in &comp {
                    in_scc[v] = k as u32;
                }
                let mut headers: Vec<usize> = comp
                    .iter()
                    .copied()
                    .filter(|&v| {
                        v == entry
                            || preds[v]
                                .iter()
                                .any(|&p| in_scc[p] != k as u32 && region[p] != u32::MAX)
                    })
                    .collect();
                headers.sort_unstable();
                // first in reverse postorder = last in postorder
                let header = headers
                    .iter()
                    .copied()
                    .max_by_key(|&h| po_num[h])
                    .unwrap_or(comp[0]);
                if unique {
                    header_of[header] = k as u32;
                } else {
                    for &h in &headers {
                        header_of[h] = k as u32;
                    }
                }
                comp.sort_unstable();
                for &v in &comp {
                    innermost[v] = k;
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
            header_loop[l.header] = k;
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

    /// Steensgaard's loop nesting forest of an IR function (node `i` is
    /// `Block(i)`).
    pub fn of_function(f: &Function) -> LoopForest {
        let cfg = Cfg::of_function(f);
        LoopForest::new(cfg.entry, &cfg.succs)
    }

    /// Innermost loop containing `b`.
    pub fn loop_of(&self, b: usize) -> Option<usize> {
        self.innermost.get(b).copied().filter(|&l| l != NONE)
    }
    /// Number of loops containing `b` (0 outside loops).
    pub fn loop_depth(&self, b: usize) -> u32 {
        self.loop_of(b).map_or(0, |l| self.loops[l].depth)
    }
    /// Whether `b` is a header of some loop.
    pub fn is_header(&self, b: usize) -> bool {
        self.loops
            .iter()
            .any(|l| l.headers.binary_search(&b).is_ok())
    }
    /// The representative header of loop `l` ([`Loop::header`]).
    pub fn header(&self, l: usize) -> usize {
        self.loops[l].header
    }
    /// The loops containing node `b`, as a bitset over loop indices
    /// (S2 8.2.3 Alg. 8.4 `n.ancestors`; empty outside loops). Printed
    /// big-endian (bit of loop 0 leftmost), node 9 of seed-digest T30 is
    /// `110`.
    pub fn ancestors(&self, b: usize) -> &BitSet {
        match self.loop_of(b) {
            Some(l) => &self.loop_ancestors[l],
            None => &self.empty,
        }
    }
    /// The outermost loop that contains `t` but not `s` (S2 8.2.3
    /// Alg. 8.5, the book's `t.OLE(s)`; seed-digest errata 5): the lowest
    /// index in `ancestors(t) − ancestors(s)`. None when every loop
    /// containing `t` also contains `s`.
    pub fn ole(&self, s: usize, t: usize) -> Option<usize> {
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
    pub fn is_loop_edge(&self, u: usize, w: usize) -> bool {
        self.header_loop
            .get(w)
            .is_some_and(|&l| l != NONE && self.ancestors(u).contains(l))
    }
    /// The graph with every loop entry moved to the loop's header (S2
    /// 8.2.2, Fig. 8.3): each edge `s → t` with `L = ole(s, t)` becomes
    /// `s → header(L)` (unchanged when `t` is that header or `ole` is
    /// None). Same nodes, successor lists in the same order. The liveness
    /// of strict SSA variables is unchanged. S2 8.2.2 says dominance is
    /// unchanged too, but it can only grow: in seed-digest T30, idom(6)
    /// goes from 3 to 5 once 9→6 becomes 9→5 (idom(5) = 3 stays). With a
    /// [`LoopForest::with_unique_headers`] forest the result is reducible
    /// and this forest is its loop forest.
    pub fn redirect_entries(&self, succs: &[Vec<usize>]) -> Vec<Vec<usize>> {
        succs
            .iter()
            .enumerate()
            .map(|(s, ts)| {
                ts.iter()
                    .map(|&t| self.ole(s, t).map_or(t, |l| self.loops[l].header))
                    .collect()
            })
            .collect()
    }
}

// ---------------------------------------------------------------------------
// Liveness

/// Per-block live-in and live-out sets of variables (S2 8, 19.2, the
/// "multiplexing" view of phis, seed-digest P11):
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
///   [`Liveness::of_function`]): one postorder pass over the forward CFG
///   of the OLE-redirected graph, then one top-down pass over the loop
///   nesting forest; no fixpoint. Requires strict SSA.
/// * [`Liveness::solve_iterative`]: backward data flow with a worklist,
///   valid for any variables; kept as the independent oracle of the tests.
///
/// For an IR function ([`Liveness::of_function`]) only the values used
/// outside their defining block (or by or as a phi) get a bit: the others
/// are never live-in or live-out of any block.
#[derive(Clone, Debug)]
pub struct Liveness {
    /// Per node, `LiveIn − PhiDefs`, by dense variable index.
    live_in: Vec<BitSet>,
    /// Per node, `LiveOut`, by dense variable index.
    live_out: Vec<BitSet>,
    /// Per node, the phi results (variable numbers).
    phi_defs: Vec<Vec<usize>>,
    /// Variable number → dense index (`u32::MAX`: never live across
    /// blocks); empty when the numbering is the identity.
    index: Vec<u32>,
    /// Dense index → variable number (empty for the identity).
    vars: Vec<usize>,
}

/// Local facts of one node for the liveness solvers (lists of
/// variables).
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

impl Liveness {
    /// Sets by dense variable index (identity numbering).
    fn from_sets(live_in: Vec<BitSet>, live_out: Vec<BitSet>, local: &[LocalLiveness]) -> Liveness {
        Liveness {
            live_in,
            live_out,
            phi_defs: local.iter().map(|l| l.phi_defs.clone()).collect(),
            index: Vec::new(),
            vars: Vec::new(),
        }
    }

    /// Solves the liveness equations on a graph by iterating to the
    /// fixpoint: `dt` its dominator tree, `succs`/`preds` its edges,
    /// `local[node]` the local facts (nodes beyond `local.len()` have
    /// none), variables `0..nvars`. Does not need SSA.
    pub fn solve_iterative(
        dt: &DomTree,
        succs: &[Vec<usize>],
        preds: &[Vec<usize>],
        local: &[LocalLiveness],
        nvars: usize,
    ) -> Liveness {
        let n = succs.len();
        let nw = nvars.div_ceil(64);
        let mut live_in = vec![BitSet::new(0); n];
        let mut live_out = vec![BitSet::new(0); n];
        for &b in dt.rpo() {
            live_in[b] = BitSet::new(nvars);
            live_out[b] = BitSet::new(nvars);
        }
        let none = LocalLiveness::default();
        let mut queued = vec![false; n];
        // worklist popped from the end: pushed in reverse postorder so the
        // first pops are in postorder
        let mut work: Vec<usize> = dt.rpo().to_vec();
        for &b in &work {
            queued[b] = true;
        }
        let mut tmp = BitSet::new(nvars);
        while let Some(b) = work.pop() {
            queued[b] = false;
            let l = local.get(b).unwrap_or(&none);
            tmp.words.iter_mut().for_each(|w| *w = 0);
            for &s in &succs[b] {
                if s < n && dt.is_reachable(s) {
                    for (o, &i) in tmp.words.iter_mut().zip(&live_in[s].words) {
                        *o |= i;
                    }
                }
            }
            for &v in &l.phi_uses {
                tmp.insert(v);
            }
            live_out[b].words.copy_from_slice(&tmp.words[..nw]);
            l.transfer(&mut tmp);
            if tmp.words[..nw] != live_in[b].words[..] {
                live_in[b].words.copy_from_slice(&tmp.words[..nw]);
                for &p in &preds[b] {
                    if dt.is_reachable(p) && !queued[p] {
                        queued[p] = true;
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
    /// [`Liveness::solve_iterative`] or [`live_and_defined`] there.
    pub fn solve_two_pass(
        entry: usize,
        succs: &[Vec<usize>],
        local: &[LocalLiveness],
        nvars: usize,
    ) -> Liveness {
        let lf = LoopForest::with_unique_headers(entry, succs);
        let mut lv = Liveness::forward_pass(entry, succs, &lf, local, nvars);
        lv.loop_pass(&lf);
        lv
    }

    /// Pass 1 of [`Liveness::solve_two_pass`] (S2 Alg. 8.2 with
    /// `S.OLE(B)` for `S`): partial sets along the forward CFG of the
    /// redirected graph, in postorder.
    fn forward_pass(
        entry: usize,
        succs: &[Vec<usize>],
        lf: &LoopForest,
        local: &[LocalLiveness],
        nvars: usize,
    ) -> Liveness {
        let n = succs.len();
        let g = lf.redirect_entries(succs);
        let mut live_in = vec![BitSet::new(0); n];
        let mut live_out = vec![BitSet::new(0); n];
        let none = LocalLiveness::default();
        // the forward CFG (loop edges removed) is acyclic, so its postorder
        // visits every successor of a node before the node
        let forward: Vec<Vec<usize>> = (0..n)
            .map(|b| {
                let keep = |&&s: &&usize| s < n && !lf.is_loop_edge(b, s);
                g[b].iter().filter(keep).copied().collect()
            })
            .collect();
        for b in postorder(entry, &forward) {
            let l = local.get(b).unwrap_or(&none);
            let mut live = BitSet::new(nvars);
            for &v in &l.phi_uses {
                live.insert(v);
            }
            for &s in &forward[b] {
                live.union_with(&live_in[s]);
            }
            live_out[b] = live.clone();
            l.transfer(&mut live);
            live_in[b] = live;
        }
        Liveness::from_sets(live_in, live_out, local)
    }

    /// Pass 2 of [`Liveness::solve_two_pass`] (S2 Alg. 8.3): loops in
    /// topological order (parents first, so a header already holds what
    /// its enclosing loops pass down) give `LiveIn(header) − PhiDefs` to
    /// their whole body.
    fn loop_pass(&mut self, lf: &LoopForest) {
        for l in &lf.loops {
            let live_loop = self.live_in[l.header].clone();
            for &b in &l.body {
                self.live_in[b].union_with(&live_loop);
                self.live_out[b].union_with(&live_loop);
            }
        }
    }

    /// Liveness of the SSA values of `f` (variable `i` is `Value(i)`), by
    /// the two-pass method ([`Liveness::solve_two_pass`]). Parameters are
    /// defined before the entry block, so a used parameter is live-in at
    /// the entry. Requires strict SSA (each use dominated by its
    /// definition), which the IR verifier checks.
    pub fn of_function(f: &Function, cfg: &Cfg, dt: &DomTree) -> Liveness {
        let nv = f.values.len();
        let n = f.blocks.len();
        // values live across blocks get a dense index
        const LOCAL: u32 = u32::MAX;
        let mut index = vec![LOCAL; nv];
        let mut vars: Vec<usize> = Vec::new();
        let mut def_block = vec![NONE; nv];
        for &b in dt.rpo() {
            for &i in &f.blocks[b].insts {
                if let Some(r) = f.insts[i.index()].result {
                    def_block[r.index()] = b;
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
            for &i in &f.blocks[b].insts {
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
                    if def_block[v.index()] != b {
                        global(v.index(), &mut index);
                    }
                }
            }
        }
        let mut local = vec![LocalLiveness::default(); n];
        for &b in dt.rpo() {
            let l = &mut local[b];
            for &i in &f.blocks[b].insts {
                let d = &f.insts[i.index()];
                if let InstKind::Phi { .. } = d.kind {
                    if let Some(r) = d.result {
                        l.phi_defs.push(index[r.index()] as usize);
                    }
                    continue;
                }
                for v in d.kind.operands() {
                    let k = index[v.index()];
                    if k != LOCAL && def_block[v.index()] != b {
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
            for &i in &f.blocks[b].insts {
                let InstKind::Phi { incoming, .. } = &f.insts[i.index()].kind else {
                    break;
                };
                for &(p, v) in incoming {
                    if dt.is_reachable(p.index()) {
                        local[p.index()].phi_uses.push(index[v.index()] as usize);
                    }
                }
            }
        }
        let mut lv = Liveness::solve_two_pass(cfg.entry, &cfg.succs, &local, vars.len());
        lv.phi_defs = local
            .iter()
            .map(|l| l.phi_defs.iter().map(|&k| vars[k]).collect())
            .collect();
        lv.index = index;
        lv.vars = vars;
        lv
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
    pub fn is_live_in(&self, b: usize, v: usize) -> bool {
        self.phi_defs.get(b).is_some_and(|p| p.contains(&v))
            || self
                .dense(v)
                .is_some_and(|k| self.live_in.get(b).is_some_and(|s| s.contains(k)))
    }
    /// Whether variable `v` is live at the exit of node `b`.
    pub fn is_live_out(&self, b: usize, v: usize) -> bool {
        self.dense(v)
            .is_some_and(|k| self.live_out.get(b).is_some_and(|s| s.contains(k)))
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
    pub fn live_in(&self, b: usize) -> Vec<usize> {
        let mut v: Vec<usize> = self.phi_defs.get(b).cloned().unwrap_or_default();
        if let Some(s) = self.live_in.get(b) {
            v.extend(s.iter().map(|k| self.original(k)));
        }
        v
    }
    /// Variables live-out of `b` (by increasing dense index).
    pub fn live_out(&self, b: usize) -> Vec<usize> {
        self.live_out
            .get(b)
            .map(|s| s.iter().map(|k| self.original(k)).collect())
            .unwrap_or_default()
    }
}

/// Liveness of variables that may be defined several times or not on
/// every path (non-strict code, before SSA construction), in the refined
/// sense of S2 §2.3 (seed-digest T11): a variable is live at a point when
/// a definition of it reaches the point *and* the point reaches a use
/// without an intervening definition. `local[node]` gives `up_exposed`
/// uses and `defs` (phi fields are ignored). Returns `(live_in, live_out)`
/// per node. Plain backward liveness alone would also count points that no
/// definition reaches (a variable read on a path where it was never set).
pub fn live_and_defined(
    entry: usize,
    succs: &[Vec<usize>],
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
            let mut out = BitSet::new(nvars);
            for &s in &succs[b] {
                out.union_with(&live_in[s]);
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
            let mut inn = BitSet::new(nvars);
            for &p in &preds[b] {
                inn.union_with(&def_out[p]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::parse_module;

    /// Successor lists of a graph with nodes `0..n` from an edge list.
    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut s = vec![Vec::new(); n];
        for &(a, b) in edges {
            s[a].push(b);
        }
        s
    }

    fn sorted(v: &[usize]) -> Vec<usize> {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    }

    /// Naive dominance by definition: `a` dominates `b` iff `b` is
    /// unreachable once `a` is removed (for reachable `a`, `b`).
    fn naive_dominates(entry: usize, succs: &[Vec<usize>], a: usize, b: usize) -> bool {
        if a == b {
            return true;
        }
        if a == entry {
            return true;
        }
        let mut seen = vec![false; succs.len()];
        let mut st = vec![entry];
        seen[entry] = true;
        while let Some(x) = st.pop() {
            for &y in &succs[x] {
                if y != a && !seen[y] {
                    seen[y] = true;
                    st.push(y);
                }
            }
        }
        !seen[b]
    }

    // seed-digest T01 (S2 3.1, Fig. 3.1): r=0, A=1, B=2, C=3, D=4, E=5.
    #[test]
    fn t01_idom_df_join_sets() {
        let (r, a, b, c, d, e) = (0, 1, 2, 3, 4, 5);
        let g = graph(
            6,
            &[
                (r, a),
                (a, b),
                (a, c),
                (b, d),
                (c, d),
                (c, e),
                (d, e),
                (d, a),
            ],
        );
        let dt = DomTree::new(r, &g);
        assert_eq!(dt.idom(r), None);
        assert_eq!(dt.idom(a), Some(r));
        for x in [b, c, d, e] {
            assert_eq!(dt.idom(x), Some(a));
        }
        let df = DominanceFrontiers::new(&dt, &predecessors_of(&g));
        assert!(df.frontier(r).is_empty());
        assert_eq!(sorted(df.frontier(a)), vec![a]);
        assert_eq!(sorted(df.frontier(b)), vec![d]);
        assert_eq!(sorted(df.frontier(c)), vec![d, e]);
        assert_eq!(sorted(df.frontier(d)), vec![a, e]);
        assert!(df.frontier(e).is_empty());
        // J({r,A,B,C,D,E}) = {A,D,E}; DF⁺(S) = J(S ∪ {r}).
        assert_eq!(df.iterated(&[r, a, b, c, d, e]), vec![a, d, e]);
        // The text states J({B,C}) = {D}. DF⁺ is J({B,C} ∪ {r}), which by
        // hand is {A,D,E}: DF(B) ∪ DF(C) = {D,E}, then DF(D) adds A and
        // DF(A) = {A}. (On this reconstructed CFG the join-set definition
        // also puts E in J({B,C}), via B→D→E and C→E; so the {D} of the
        // text is not checked.)
        assert_eq!(df.iterated(&[b, c]), vec![a, d, e]);
        // Alg. 3.1 for x, Defs = {B,C,D}: φs at A, D, E.
        assert_eq!(df.iterated(&[b, c, d]), vec![a, d, e]);
    }

    // seed-digest T02 (S2 4.2–4.3, Fig. 4.1). The visit-order facts of
    // Alg. 4.1 and the passes of TDMSC-I are not checked: DF⁺ is computed
    // here with Cytron's worklist over precomputed DF sets.
    #[test]
    fn t02_depths_df_and_iterated_df() {
        let g = graph(
            11,
            &[
                (1, 2),
                (2, 3),
                (3, 4),
                (3, 6),
                (3, 8),
                (4, 5),
                (5, 6),
                (6, 5),
                (6, 7),
                (7, 2),
                (8, 9),
                (9, 10),
                (10, 8),
                (9, 6),
            ],
        );
        let dt = DomTree::new(1, &g);
        let depths: Vec<u32> = (1..=10).map(|n| dt.depth(n)).collect();
        assert_eq!(depths, vec![0, 1, 2, 3, 3, 3, 4, 3, 4, 5]);
        assert!(!dt.is_reachable(0));
        assert_eq!(dt.idom(7), Some(6));
        assert_eq!(dt.idom(10), Some(9));
        let df = DominanceFrontiers::new(&dt, &predecessors_of(&g));
        assert_eq!(sorted(df.frontier(8)), vec![6, 8]);
        assert_eq!(sorted(df.frontier(3)), vec![2]);
        assert_eq!(df.iterated(&[1, 3, 4, 7]), vec![2, 5, 6]);
        let want: [&[usize]; 10] = [
            &[],
            &[2],
            &[2],
            &[2, 5, 6],
            &[2, 5, 6],
            &[2, 5, 6],
            &[2],
            &[2, 5, 6, 8],
            &[2, 5, 6, 8],
            &[2, 5, 6, 8],
        ];
        for (k, w) in want.iter().enumerate() {
            assert_eq!(df.iterated(&[k + 1]), w.to_vec(), "DF⁺({{{}}})", k + 1);
        }
    }

    // seed-digest T03 (S2 4.4, Fig. 4.5): r=0.
    #[test]
    fn t03_iterated_df_with_loops() {
        let g = graph(
            13,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (3, 5),
                (4, 6),
                (5, 6),
                (2, 7),
                (6, 8),
                (7, 8),
                (8, 9),
                (9, 10),
                (10, 11),
                (11, 9),
                (11, 12),
                (12, 2),
            ],
        );
        let dt = DomTree::new(0, &g);
        let df = DominanceFrontiers::new(&dt, &predecessors_of(&g));
        assert_eq!(df.iterated(&[4, 5, 7, 12]), vec![2, 6, 8]);
    }

    // seed-digest T05 (S3 slide 34).
    #[test]
    fn t05_df_of_node_5() {
        let g = graph(
            14,
            &[
                (1, 2),
                (1, 5),
                (1, 9),
                (2, 3),
                (3, 3),
                (3, 4),
                (4, 13),
                (5, 6),
                (5, 7),
                (6, 4),
                (6, 8),
                (7, 8),
                (7, 12),
                (8, 5),
                (8, 13),
                (9, 10),
                (9, 11),
                (10, 12),
                (11, 12),
                (12, 13),
            ],
        );
        let dt = DomTree::new(1, &g);
        let dominated: Vec<usize> = (1..14).filter(|&n| dt.dominates(5, n)).collect();
        assert_eq!(dominated, vec![5, 6, 7, 8]);
        let df = DominanceFrontiers::new(&dt, &predecessors_of(&g));
        assert_eq!(sorted(df.frontier(5)), vec![4, 5, 12, 13]);
    }

    // seed-digest T06 (S2 6.3, Fig. 6.7/6.8): entry=0, u=1, v=2, w=3,
    // x=4, exit=5.
    #[test]
    fn t06_steensgaard_forest() {
        let (en, u, v, w, x, ex) = (0, 1, 2, 3, 4, 5);
        let g = graph(
            6,
            &[
                (en, u),
                (en, v),
                (u, w),
                (v, x),
                (w, u),
                (w, x),
                (w, ex),
                (x, w),
                (x, v),
                (x, ex),
            ],
        );
        let lf = LoopForest::new(en, &g);
        assert_eq!(lf.loops.len(), 2);
        let l0 = &lf.loops[0];
        assert_eq!(l0.body, vec![u, v, w, x]);
        assert_eq!(l0.headers, vec![u, v]);
        assert_eq!(l0.parent, None);
        assert_eq!(l0.depth, 1);
        let l1 = &lf.loops[1];
        assert_eq!(l1.body, vec![w, x]);
        assert_eq!(l1.headers, vec![w, x]);
        assert_eq!(l1.parent, Some(0));
        assert_eq!(l1.depth, 2);
        assert_eq!(lf.loops[0].children, vec![1]);
        assert_eq!(lf.loop_of(u), Some(0));
        assert_eq!(lf.loop_of(w), Some(1));
        assert_eq!(lf.loop_of(ex), None);
        assert_eq!(lf.loop_depth(x), 2);
        assert!(lf.is_header(v) && !lf.is_header(ex));
    }

    /// Nested reducible loops and a self loop, by hand: 0→1→2→2 (self),
    /// 2→3→1 (back), 3→4.
    #[test]
    fn forest_nested_reducible_and_self_loop() {
        let g = graph(5, &[(0, 1), (1, 2), (2, 2), (2, 3), (3, 1), (3, 4)]);
        let lf = LoopForest::new(0, &g);
        assert_eq!(lf.loops.len(), 2);
        assert_eq!(lf.loops[0].body, vec![1, 2, 3]);
        assert_eq!(lf.loops[0].headers, vec![1]);
        assert_eq!(lf.loops[1].body, vec![2]);
        assert_eq!(lf.loops[1].headers, vec![2]);
        assert_eq!(lf.loop_of(2), Some(1));
        assert_eq!(lf.loop_of(3), Some(0));
        assert_eq!(lf.loop_of(4), None);
    }

    /// Property test on pseudo-random graphs: `idom`/`dominates` agree
    /// with the definition by reachability, and DF agrees with "n
    /// dominates a predecessor of z but does not strictly dominate z"
    /// (seed-digest P1 tests).
    #[test]
    fn random_graphs_match_definitions() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut rnd = |m: u64| next(m as usize);
        for _ in 0..200 {
            let n = 2 + rnd(12);
            let mut edges = Vec::new();
            for a in 0..n {
                for _ in 0..rnd(3) + 1 {
                    edges.push((a, rnd(n as u64)));
                }
            }
            let g = graph(n, &edges);
            let preds = predecessors_of(&g);
            let dt = DomTree::new(0, &g);
            let df = DominanceFrontiers::new(&dt, &preds);
            for a in 0..n {
                for b in 0..n {
                    let both = dt.is_reachable(a) && dt.is_reachable(b);
                    let want = both && naive_dominates(0, &g, a, b);
                    assert_eq!(dt.dominates(a, b), want, "{a} dom {b} in {edges:?}");
                }
                if !dt.is_reachable(a) {
                    continue;
                }
                let want: Vec<usize> = (0..n)
                    .filter(|&z| {
                        dt.is_reachable(z)
                            && preds[z]
                                .iter()
                                .any(|&p| dt.is_reachable(p) && dt.dominates(a, p))
                            && !dt.strictly_dominates(a, z)
                    })
                    .collect();
                assert_eq!(sorted(df.frontier(a)), want, "DF({a}) in {edges:?}");
            }
            // every loop's headers are exactly its nodes entered from outside
            let lf = LoopForest::new(0, &g);
            for l in &lf.loops {
                for &h in &l.body {
                    let entered = h == 0
                        || preds[h]
                            .iter()
                            .any(|&p| dt.is_reachable(p) && l.body.binary_search(&p).is_err());
                    assert_eq!(l.headers.binary_search(&h).is_ok(), entered);
                }
            }
        }
    }

    /// IR function whose block `k` of the layout is named `b{k+1}`: the
    /// edges of a seed figure as `br %c` / `jump`, plus `extra` lines per
    /// block.
    fn ir_graph(n: usize, edges: &[(usize, usize)], extra: &[(usize, &str)]) -> Function {
        let mut t = String::from("func @g(i32 %c) {\n");
        for b in 1..=n {
            t.push_str(&format!("b{b}:\n"));
            for (_, line) in extra.iter().filter(|x| x.0 == b) {
                t.push_str(&format!("  {line}\n"));
            }
            let s: Vec<usize> = edges.iter().filter(|e| e.0 == b).map(|e| e.1).collect();
            match s.as_slice() {
                [] => t.push_str("  ret\n"),
                [x] => t.push_str(&format!("  jump b{x}\n")),
                [x, y] => t.push_str(&format!("  br %c, b{x}, b{y}\n")),
                _ => panic!("at most two successors"),
            }
        }
        t.push_str("}\n");
        let m = parse_module(&t).expect("test IR parses");
        let f = m.functions.into_iter().next().expect("one function");
        crate::ir::verify_function(&f).expect("test IR verifies");
        f
    }

    /// Blocks (1-based names) where value `v` is live-in / live-out.
    fn live_blocks(f: &Function, v: usize) -> (Vec<usize>, Vec<usize>) {
        let cfg = Cfg::of_function(f);
        let dt = DomTree::new(cfg.entry, &cfg.succs);
        let lv = Liveness::of_function(f, &cfg, &dt);
        let n = f.blocks.len();
        (
            (0..n)
                .filter(|&b| lv.is_live_in(b, v))
                .map(|b| b + 1)
                .collect(),
            (0..n)
                .filter(|&b| lv.is_live_out(b, v))
                .map(|b| b + 1)
                .collect(),
        )
    }

    /// A xorshift generator: `rnd(m)` is pseudo-random in `0..m`.
    fn xorshift(mut seed: u64) -> impl FnMut(usize) -> usize {
        move |m: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % m as u64) as usize
        }
    }

    /// The CFG of seed-digest T28 (S2 8.2.1, Fig. 8.1).
    const T28_EDGES: &[(usize, usize)] = &[
        (1, 2),
        (2, 3),
        (3, 4),
        (4, 5),
        (5, 6),
        (6, 5),
        (5, 7),
        (7, 2),
        (7, 8),
    ];

    // seed-digest T28 (S2 8.2.1, Fig. 8.1): v defined in 3, used in 5.
    #[test]
    fn t28_liveness_reducible() {
        let f = ir_graph(
            8,
            T28_EDGES,
            &[(3, "%v = iconst.i32 1"), (5, "%u = add.i32 %v, %v")],
        );
        // %c is value 0, %v value 1
        assert_eq!(live_blocks(&f, 1), (vec![4, 5, 6], vec![3, 4, 5, 6]));
        // the parameter is used by every branch: live everywhere it is used
        // or later needed, never after block 8's ret
        let (li, _) = live_blocks(&f, 0);
        assert_eq!(li, vec![1, 2, 3, 4, 5, 6, 7]);
    }

    // seed-digest T29 (S2 8.2.1, Fig. 8.2).
    #[test]
    fn t29_liveness_nested_loops() {
        let f = ir_graph(
            5,
            &[(1, 2), (2, 3), (2, 5), (3, 4), (4, 3), (4, 2)],
            &[(1, "%a = iconst.i32 7"), (2, "%u = add.i32 %a, %a")],
        );
        let (li, lo) = live_blocks(&f, 1);
        assert_eq!(li, vec![2, 3, 4]);
        assert_eq!(lo, vec![1, 2, 3, 4]);
    }

    /// The loops containing `b` as a big-endian bit string (bit of loop 0
    /// leftmost), the notation of S2 8.2.3 Example 2.
    fn bits_be(lf: &LoopForest, b: usize) -> String {
        (0..lf.loops.len())
            .map(|l| {
                if lf.ancestors(b).contains(l) {
                    '1'
                } else {
                    '0'
                }
            })
            .collect()
    }

    /// Nodes where variable `v` is live-in / live-out.
    fn live_nodes(lv: &Liveness, n: usize, v: usize) -> (Vec<usize>, Vec<usize>) {
        (
            (0..n).filter(|&b| lv.is_live_in(b, v)).collect(),
            (0..n).filter(|&b| lv.is_live_out(b, v)).collect(),
        )
    }

    /// Local facts from `(node, var)` lists: up-exposed uses, defs, phi
    /// results and phi operands (live-out of the node).
    fn locals(
        n: usize,
        uses: &[(usize, usize)],
        defs: &[(usize, usize)],
        phi_defs: &[(usize, usize)],
        phi_uses: &[(usize, usize)],
    ) -> Vec<LocalLiveness> {
        let mut l = vec![LocalLiveness::default(); n];
        for &(b, v) in uses {
            l[b].up_exposed.push(v);
        }
        for &(b, v) in defs {
            l[b].defs.push(v);
        }
        for &(b, v) in phi_defs {
            l[b].phi_defs.push(v);
        }
        for &(b, v) in phi_uses {
            l[b].phi_uses.push(v);
        }
        l
    }

    /// The edges of seed-digest T30 (S2 Fig. 8.3), entry 1 (node 0 is
    /// unused and unreachable).
    const T30_EDGES: [(usize, usize); 12] = [
        (1, 2),
        (2, 3),
        (3, 5),
        (5, 6),
        (6, 5),
        (3, 8),
        (8, 9),
        (9, 8),
        (9, 6),
        (6, 7),
        (7, 2),
        (7, 10),
    ];

    // seed-digest T30 (S2 8.2.2–8.2.3, Fig. 8.3, Example 2): the loop
    // forest, topological loop indices, ancestor bitsets, OLE, the
    // redirected graph and its dominators.
    #[test]
    fn t30_loop_indices_ancestors_ole_redirection() {
        let g = graph(11, &T30_EDGES);
        for lf in [
            LoopForest::new(1, &g),
            LoopForest::with_unique_headers(1, &g),
        ] {
            // L2 = 0, L8 = 1, L5 = 2
            assert_eq!(lf.loops.len(), 3);
            assert_eq!(lf.header(0), 2);
            assert_eq!(lf.header(1), 8);
            assert_eq!(lf.header(2), 5);
            assert_eq!(lf.loops[0].body, vec![2, 3, 5, 6, 7, 8, 9]);
            assert_eq!(lf.loops[1].body, vec![8, 9]);
            assert_eq!(lf.loops[2].body, vec![5, 6]);
            // L5 is entered at 5 (from 3) and at 6 (from 9); 5 comes
            // first in reverse postorder (3's first successor is 5)
            assert_eq!(lf.loops[2].headers, vec![5, 6]);
            assert_eq!(lf.loops[0].children, vec![1, 2]);
            assert_eq!(lf.loops[1].parent, Some(0));
            assert_eq!(lf.loops[2].parent, Some(0));
            assert_eq!(bits_be(&lf, 9), "110");
            assert_eq!(bits_be(&lf, 6), "101");
            assert_eq!(bits_be(&lf, 3), "100");
            assert_eq!(bits_be(&lf, 10), "000");
            // 101 & ~110 = 001: L5
            assert_eq!(lf.ole(9, 6), Some(2));
            assert_eq!(lf.ole(3, 5), Some(2)); // enters at the header
            assert_eq!(lf.ole(1, 2), Some(0));
            assert_eq!(lf.ole(6, 5), None); // inside L5
            assert_eq!(lf.ole(7, 10), None);
            let r = lf.redirect_entries(&g);
            let mut want = T30_EDGES;
            want[8] = (9, 5);
            assert_eq!(r, graph(11, &want));
            let (dt, dr) = (DomTree::new(1, &g), DomTree::new(1, &r));
            assert_eq!(dt.idom(5), Some(3));
            assert_eq!(dr.idom(5), Some(3));
            // S2 8.2.2 says the dominance relation is unchanged; that holds
            // for the loop headers, but not inside L5: once 9→6 is gone, 6
            // has the single predecessor 5, so idom(6) becomes 5 (was 3).
            // Every other node keeps its immediate dominator.
            for b in 0..11 {
                let want = if b == 6 { Some(5) } else { dt.idom(b) };
                assert_eq!(dr.idom(b), want, "idom({b})");
            }
            assert_eq!(dt.idom(6), Some(3));
            // loop edges: 6→5, 9→8 (inner back edges), 7→2
            let loop_edges: Vec<(usize, usize)> = want
                .iter()
                .copied()
                .filter(|&(u, w)| lf.is_loop_edge(u, w))
                .collect();
            assert_eq!(loop_edges, vec![(6, 5), (9, 8), (7, 2)]);
        }
    }

    // seed-digest T30: liveness of strict SSA variables, derived by hand,
    // equal on the original and on the redirected graph, by both solvers.
    // Variables: v (0) defined in 3, used in 5 — live-in at 5 (use), 6
    // (6→5), 9 (9→6), 8 (8→9), not at 2 (only reaches 3, which defines
    // it), 7 or 10; live-out at 3, 5, 6, 8, 9. p (1) a parameter used in
    // 10: every reachable node reaches 10. x (2) = phi(5: a, 9: b) in 6,
    // used in 7; a (3) defined in 5, b (4) defined in 9.
    #[test]
    fn t30_liveness_two_pass_on_irreducible_graph() {
        let g = graph(11, &T30_EDGES);
        let local = locals(
            11,
            &[(5, 0), (10, 1), (7, 2)],
            &[(3, 0), (5, 3), (9, 4)],
            &[(6, 2)],
            &[(5, 3), (9, 4)],
        );
        let r = LoopForest::with_unique_headers(1, &g).redirect_entries(&g);
        let want: [(Vec<usize>, Vec<usize>); 5] = [
            (vec![5, 6, 8, 9], vec![3, 5, 6, 8, 9]),
            (
                vec![1, 2, 3, 5, 6, 7, 8, 9, 10],
                vec![1, 2, 3, 5, 6, 7, 8, 9],
            ),
            (vec![6, 7], vec![6]),
            (vec![], vec![5]),
            (vec![], vec![9]),
        ];
        for (name, graph) in [("original", &g), ("redirected", &r)] {
            let two = Liveness::solve_two_pass(1, graph, &local, 5);
            let dt = DomTree::new(1, graph);
            let it = Liveness::solve_iterative(&dt, graph, &predecessors_of(graph), &local, 5);
            for (v, w) in want.iter().enumerate() {
                assert_eq!(&live_nodes(&two, 11, v), w, "two-pass, {name}, var {v}");
                assert_eq!(&live_nodes(&it, 11, v), w, "iterative, {name}, var {v}");
            }
        }
    }

    // seed-digest T30 through the IR: of_function (two-pass) on the
    // function and on its redirected copy; v defined in 3, used in 5 (see
    // the hand derivation above).
    #[test]
    fn t30_irreducible_idom_and_liveness() {
        let edges = T30_EDGES.to_vec();
        let f = ir_graph(
            10,
            &edges,
            &[(3, "%v = iconst.i32 1"), (5, "%u = add.i32 %v, %v")],
        );
        let dt = DomTree::of_function(&f);
        assert_eq!(dt.idom(4), Some(2)); // block 5 ↦ index 4, block 3 ↦ 2
        assert_eq!(live_blocks(&f, 1), (vec![5, 6, 8, 9], vec![3, 5, 6, 8, 9]));
        let mut redirected = edges;
        redirected[8] = (9, 5);
        let g = ir_graph(
            10,
            &redirected,
            &[(3, "%v = iconst.i32 1"), (5, "%u = add.i32 %v, %v")],
        );
        assert_eq!(DomTree::of_function(&g).idom(4), Some(2));
        assert_eq!(live_blocks(&g, 1), live_blocks(&f, 1));
        let lf = LoopForest::of_function(&f);
        // L2 = 0 ⊃ {L8 = 1, L5 = 2 (entered at 5 from 3 and at 6 from 9)}
        let headers: Vec<Vec<usize>> = lf.loops.iter().map(|l| l.headers.clone()).collect();
        assert_eq!(headers, vec![vec![1], vec![7], vec![4, 5]]);
    }

    /// Phi operands are live-out of their own predecessor only; the phi
    /// result is live-in at its block (hand derivation on a diamond).
    #[test]
    fn liveness_of_phi_operands() {
        let t = "func @g(i32 %c) -> i32 {
b0:
  br %c, b1, b2
b1:
  %x = iconst.i32 1
  jump b3
b2:
  %y = iconst.i32 2
  jump b3
b3:
  %p = phi.i32 [b1: %x], [b2: %y]
  ret %p
}
";
        let f = parse_module(t).unwrap().functions.remove(0);
        let cfg = Cfg::of_function(&f);
        let dt = DomTree::new(cfg.entry, &cfg.succs);
        let lv = Liveness::of_function(&f, &cfg, &dt);
        let (x, y, p) = (1, 2, 3);
        assert!(lv.is_live_out(1, x) && !lv.is_live_out(2, x));
        assert!(lv.is_live_out(2, y) && !lv.is_live_out(1, y));
        assert!(!lv.is_live_in(3, x) && !lv.is_live_in(3, y));
        assert!(lv.is_live_in(3, p) && !lv.is_live_out(1, p));
        assert!(lv.is_live_in(0, 0) && !lv.is_live_in(1, 0));
    }

    // seed-digest T11 (S2 2.3, 2.6, Fig. 2.2a): non-strict code
    // B0: br c, B1, B2 / B1: a = 1 / B2: b = 2 / B3: br c, B4, B5 /
    // B4: u = a / B5: v = b / B6: ret. Variables a = 0, b = 1.
    #[test]
    fn t11_non_strict_liveness_and_interference() {
        let succs = vec![
            vec![1, 2],
            vec![3],
            vec![3],
            vec![4, 5],
            vec![6],
            vec![6],
            vec![],
        ];
        let mut local = vec![LocalLiveness::default(); 7];
        local[1].defs = vec![0];
        local[2].defs = vec![1];
        local[4].up_exposed = vec![0];
        local[5].up_exposed = vec![1];
        let (li, lo) = live_and_defined(0, &succs, &local, 2);
        // both live ranges overlap in B3 …
        assert!(li[3].contains(0) && li[3].contains(1));
        // … yet neither is live at the other's definition: a is not live
        // at the end of B2 (where b is defined), b not at the end of B1
        assert!(!lo[2].contains(0));
        assert!(!lo[1].contains(1));
        // purely backward liveness makes a live at the end of B2 and
        // wrongly reports an interference (the "live at the definition"
        // test on backward liveness)
        let preds = predecessors_of(&succs);
        let dt = DomTree::new(0, &succs);
        let backward = Liveness::solve_iterative(&dt, &succs, &preds, &local, 2);
        assert!(backward.is_live_out(2, 0));
        assert!(backward.is_live_out(1, 1));
    }

    /// Pass 1 and the final result of the two-pass method on a graph.
    fn two_pass_stages(
        entry: usize,
        succs: &[Vec<usize>],
        local: &[LocalLiveness],
        nvars: usize,
    ) -> (Liveness, Liveness) {
        let lf = LoopForest::with_unique_headers(entry, succs);
        let pass1 = Liveness::forward_pass(entry, succs, &lf, local, nvars);
        let mut done = pass1.clone();
        done.loop_pass(&lf);
        (pass1, done)
    }

    // seed-digest T28 (S2 8.2.1, Fig. 8.1) on the graph: v (0) defined in
    // 3, used in 5. Pass 1 makes v live-in at 4 and 5, not at 6 (6→5 is a
    // back edge); pass 2 (L5 = {5, 6} inside L2 = {2..7}) adds 6.
    #[test]
    fn t28_two_pass_stages() {
        let g = graph(9, T28_EDGES);
        let local = locals(9, &[(5, 0)], &[(3, 0)], &[], &[]);
        let (pass1, done) = two_pass_stages(1, &g, &local, 1);
        assert_eq!(live_nodes(&pass1, 9, 0), (vec![4, 5], vec![3, 4]));
        assert_eq!(live_nodes(&done, 9, 0), (vec![4, 5, 6], vec![3, 4, 5, 6]));
        let lf = LoopForest::with_unique_headers(1, &g);
        assert_eq!(lf.loops[0].body, vec![2, 3, 4, 5, 6, 7]);
        assert_eq!(lf.loops[1].body, vec![5, 6]);
    }

    // seed-digest T29 (S2 8.2.1, Fig. 8.2): a (0) defined in B1, used in
    // B2. After pass 1: LiveIn(B2) = {a}, LiveIn(B3) = LiveIn(B4) = ∅.
    // After pass 2: a is live-in and live-out at B2, B3, B4, live-out at
    // B1, not live-in at B5.
    #[test]
    fn t29_two_pass_stages() {
        let g = graph(6, &[(1, 2), (2, 3), (2, 5), (3, 4), (4, 3), (4, 2)]);
        let local = locals(6, &[(2, 0)], &[(1, 0)], &[], &[]);
        let (pass1, done) = two_pass_stages(1, &g, &local, 1);
        assert_eq!(live_nodes(&pass1, 6, 0).0, vec![2]);
        assert_eq!(live_nodes(&done, 6, 0), (vec![2, 3, 4], vec![1, 2, 3, 4]));
        // L2 = {2, 3, 4} is loop 0, L3 = {3, 4} loop 1
        let lf = LoopForest::with_unique_headers(1, &g);
        assert_eq!((lf.header(0), lf.header(1)), (2, 3));
    }

    /// A forest where the two variants differ, by hand: 0→1, 0→2, 1→2,
    /// 2→3, 3→2, 3→1. The SCC {1, 2, 3} is entered at 1 and 2 (from 0);
    /// Steensgaard cuts the edges into both and finds no nested loop; the
    /// unique-header forest (header 1, first in reverse postorder) cuts
    /// only 3→1 and finds the nested loop {2, 3} with header 2. With
    /// Steensgaard's forest the forward CFG of the redirected graph
    /// (0→1, 1→2, 2→3, 3→2 left after removing 3→1) keeps the cycle
    /// 2→3→2, so the two-pass method needs the unique-header forest.
    #[test]
    fn unique_header_forest_nests_the_other_entry() {
        let g = graph(4, &[(0, 1), (0, 2), (1, 2), (2, 3), (3, 2), (3, 1)]);
        let st = LoopForest::new(0, &g);
        assert_eq!(st.loops.len(), 1);
        assert_eq!(st.loops[0].headers, vec![1, 2]);
        assert_eq!(st.header(0), 1);
        let un = LoopForest::with_unique_headers(0, &g);
        assert_eq!(un.loops.len(), 2);
        assert_eq!((un.header(0), un.loops[0].body.clone()), (1, vec![1, 2, 3]));
        assert_eq!((un.header(1), un.loops[1].body.clone()), (2, vec![2, 3]));
        let r = un.redirect_entries(&g);
        assert_eq!(
            r,
            graph(4, &[(0, 1), (0, 1), (1, 2), (2, 3), (3, 2), (3, 1)])
        );
        assert!(un.is_loop_edge(3, 2) && un.is_loop_edge(3, 1));
        assert!(st.is_loop_edge(3, 1) && !st.is_loop_edge(3, 2));
    }

    /// Whether `forward` (the graph minus the loop edges of `lf`) is
    /// acyclic on the nodes reachable from `entry`, and reaches every node
    /// `all` reaches.
    fn forward_is_dag_reaching_all(
        entry: usize,
        g: &[Vec<usize>],
        lf: &LoopForest,
        all: &DomTree,
    ) -> bool {
        let n = g.len();
        let fwd: Vec<Vec<usize>> = (0..n)
            .map(|u| {
                g[u].iter()
                    .copied()
                    .filter(|&w| !lf.is_loop_edge(u, w))
                    .collect()
            })
            .collect();
        let reached = postorder(entry, &fwd);
        // a DAG: every edge goes to an earlier node of the postorder
        let mut po = vec![NONE; n];
        for (i, &b) in reached.iter().enumerate() {
            po[b] = i;
        }
        reached.len() == all.rpo().len()
            && reached
                .iter()
                .all(|&u| fwd[u].iter().all(|&w| po[w] < po[u]))
    }

    /// Property test (seed-digest P11): on pseudo-random graphs, many of
    /// them irreducible, with random strict SSA variables (a definition
    /// dominates its up-exposed uses; phi results at random nodes with one
    /// operand per predecessor, chosen among the variables whose
    /// definition dominates that predecessor; parameters defined before
    /// the entry; the entry may be inside a loop), the two-pass liveness
    /// equals the iterative solver's, on the graph and on its redirected
    /// form. Also checks the claims behind the method: the redirected
    /// graph's forward CFG is acyclic and reaches every reachable node,
    /// and redirection keeps the liveness and only adds dominance (S2
    /// 8.2.2 says dominance is unchanged; it is not, in general: T30's
    /// idom(6), and on random graphs even the idom of a nested loop's
    /// header can move down, when an edge into it from outside an
    /// enclosing loop is moved to that loop's header).
    #[test]
    fn random_strict_ssa_two_pass_matches_iterative() {
        let mut rnd = xorshift(0x9e37_79b9_7f4a_7c15);
        let (mut graphs, mut irreducible, mut differing_forests) = (0, 0, 0);
        let mut steensgaard_cyclic = 0;
        for _ in 0..3000 {
            let n = 2 + rnd(15);
            let mut edges = Vec::new();
            for a in 0..n {
                // mostly forward edges, so that most nodes are reachable
                if a + 1 < n && rnd(3) != 0 {
                    edges.push((a, a + 1));
                }
                for _ in 0..rnd(3) {
                    edges.push((a, rnd(n)));
                }
            }
            let g = graph(n, &edges);
            let dt = DomTree::new(0, &g);
            let reach: Vec<usize> = dt.rpo().to_vec();
            // variables
            let mut local = vec![LocalLiveness::default(); n];
            // defining node of each variable, NONE for a parameter; at
            // least one parameter, so every phi has operand candidates
            let mut def: Vec<usize> = vec![NONE; 1 + rnd(2)];
            for v in 0..def.len() {
                for _ in 0..1 + rnd(3) {
                    local[reach[rnd(reach.len())]].up_exposed.push(v);
                }
            }
            let preds = predecessors_of(&g);
            for _ in 0..rnd(12) {
                let v = def.len();
                let d = reach[rnd(reach.len())];
                let rp: Vec<usize> = preds[d]
                    .iter()
                    .copied()
                    .filter(|&p| dt.is_reachable(p))
                    .collect();
                def.push(d);
                if !rp.is_empty() && rnd(3) == 0 {
                    local[d].phi_defs.push(v);
                    for p in rp {
                        let avail: Vec<usize> = (0..def.len())
                            .filter(|&x| def[x] == NONE || dt.dominates(def[x], p))
                            .collect();
                        local[p].phi_uses.push(avail[rnd(avail.len())]);
                    }
                } else {
                    local[d].defs.push(v);
                }
                let dominated: Vec<usize> = reach
                    .iter()
                    .copied()
                    .filter(|&u| dt.strictly_dominates(d, u))
                    .collect();
                if !dominated.is_empty() {
                    for _ in 0..rnd(4) {
                        local[dominated[rnd(dominated.len())]].up_exposed.push(v);
                    }
                }
            }
            let nvars = def.len();
            graphs += 1;
            let st = LoopForest::new(0, &g);
            if st.loops.iter().any(|l| l.headers.len() > 1) {
                irreducible += 1;
            }
            let un = LoopForest::with_unique_headers(0, &g);
            if st
                .loops
                .iter()
                .map(|l| &l.body)
                .ne(un.loops.iter().map(|l| &l.body))
            {
                differing_forests += 1;
            }
            if !forward_is_dag_reaching_all(0, &st.redirect_entries(&g), &st, &dt) {
                steensgaard_cyclic += 1;
            }
            let r = un.redirect_entries(&g);
            assert!(
                forward_is_dag_reaching_all(0, &r, &un, &dt),
                "forward CFG in {edges:?}"
            );
            let dr = DomTree::new(0, &r);
            for a in 0..n {
                for b in 0..n {
                    if dt.dominates(a, b) {
                        assert!(dr.dominates(a, b), "{a} dom {b} in {edges:?}");
                    }
                }
            }
            let it = Liveness::solve_iterative(&dt, &g, &preds, &local, nvars);
            let it_r = Liveness::solve_iterative(&dr, &r, &predecessors_of(&r), &local, nvars);
            let two = Liveness::solve_two_pass(0, &g, &local, nvars);
            for b in 0..n {
                let ctx = format!("node {b} in {edges:?}, {local:?}");
                assert_eq!(two.live_in(b), it.live_in(b), "live-in {ctx}");
                assert_eq!(two.live_out(b), it.live_out(b), "live-out {ctx}");
                assert_eq!(it_r.live_in(b), it.live_in(b), "redirected {ctx}");
                assert_eq!(it_r.live_out(b), it.live_out(b), "redirected {ctx}");
            }
        }
        // the sample must exercise irreducible graphs and the difference
        // between the two forests
        assert!(irreducible > 300, "{irreducible} irreducible graphs");
        assert!(differing_forests > 10 && steensgaard_cyclic > 10);
        eprintln!(
            "{graphs} graphs, {irreducible} irreducible, {differing_forests} with \
             differing forests, {steensgaard_cyclic} with a cyclic forward CFG \
             under Steensgaard's forest"
        );
    }
}
