//! Directed graphs given by successor lists over typed nodes ([`Node`]):
//! predecessor lists, depth-first postorder, and [`Cfg`], a control-flow
//! graph with its entry and edge lists in both directions.

use super::Node;

/// Predecessor lists of a graph given by successor lists: for each node,
/// its predecessors in increasing node order, each once. Successors out of
/// range (index ≥ `succs.len()`) are ignored.
pub fn predecessors_of<N: Node>(succs: &[Vec<N>]) -> Vec<Vec<N>> {
    let n = succs.len();
    let mut preds: Vec<Vec<N>> = vec![Vec::new(); n];
    for (u, ss) in succs.iter().enumerate() {
        let u = N::from_index(u);
        for &s in ss {
            if s.index() < n && preds[s.index()].last() != Some(&u) {
                preds[s.index()].push(u);
            }
        }
    }
    preds
}

/// The predecessor lists of [`predecessors_of`] in one array instead of a
/// list per node (for the analyses that only read them).
#[derive(Clone, Debug)]
pub struct PredArray<N> {
    /// The predecessors of node `b` are `list[start[b]..start[b + 1]]`.
    start: Vec<usize>,
    list: Vec<N>,
}

impl<N: Node> PredArray<N> {
    /// The predecessors of every node of the graph `succs` (successors out
    /// of range are ignored).
    pub fn new(succs: &[Vec<N>]) -> PredArray<N> {
        let n = succs.len();
        let mut start = vec![0usize; n + 1];
        let mut last = vec![usize::MAX; n];
        for (u, ss) in succs.iter().enumerate() {
            for &s in ss {
                if s.index() < n && last[s.index()] != u {
                    last[s.index()] = u;
                    start[s.index() + 1] += 1;
                }
            }
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        let mut list: Vec<N> = vec![N::from_index(0); start[n]];
        let mut next = start.clone();
        last.fill(usize::MAX);
        for (u, ss) in succs.iter().enumerate() {
            for &s in ss {
                if s.index() < n && last[s.index()] != u {
                    last[s.index()] = u;
                    list[next[s.index()]] = N::from_index(u);
                    next[s.index()] += 1;
                }
            }
        }
        PredArray { start, list }
    }

    /// The predecessors of `b`, in increasing node order.
    pub fn of(&self, b: N) -> &[N] {
        &self.list[self.start[b.index()]..self.start[b.index() + 1]]
    }
}

/// A control-flow graph over the nodes `N` (for an IR function, built by
/// [`crate::ir::Function::cfg`], `N` is [`crate::ir::Block`]): its entry
/// and its edges in both directions, as lists indexed by
/// [`Node::index`]. For an IR function `preds` is in the IR's predecessor
/// order ([`crate::ir::Function::predecessors`]), which is the order of phi
/// operands.
#[derive(Clone, Debug)]
pub struct Cfg<N = usize> {
    /// Entry node (`layout[0]`), or `None` for a function without blocks.
    pub entry: Option<N>,
    /// Successors of each block (empty for blocks not in the layout).
    pub succs: Vec<Vec<N>>,
    /// Predecessors of each block, in predecessor (= phi operand) order.
    pub preds: Vec<Vec<N>>,
}

/// Postorder of the nodes reachable from `entry` (depth-first, successors
/// visited in list order; successors out of range are ignored). Empty
/// when `entry` is `None` or out of range.
pub fn postorder<N: Node>(entry: impl Into<Option<N>>, succs: &[Vec<N>]) -> Vec<N> {
    let n = succs.len();
    let mut order = Vec::new();
    let Some(entry) = entry.into().filter(|e| e.index() < n) else {
        return order;
    };
    let mut seen = vec![false; n];
    let mut stack = vec![(entry, 0usize)];
    seen[entry.index()] = true;
    while let Some(top) = stack.last_mut() {
        let (b, i) = *top;
        if let Some(&s) = succs[b.index()].get(i) {
            top.1 += 1;
            if s.index() < n && !seen[s.index()] {
                seen[s.index()] = true;
                stack.push((s, 0));
            }
        } else {
            order.push(b);
            stack.pop();
        }
    }
    order
}
