//! Plain directed graphs (nodes `0..n`, successor lists): predecessor
//! lists, depth-first postorder, and [`Cfg`], a control-flow graph with
//! its entry and edge lists in both directions.

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
/// ([`crate::ir::Function::predecessors`]), which is the order of phi operands.
#[derive(Clone, Debug)]
pub struct Cfg {
    /// Entry node (`layout[0]`), or [`super::NONE`] for a function without blocks.
    pub entry: usize,
    /// Successors of each block (empty for blocks not in the layout).
    pub succs: Vec<Vec<usize>>,
    /// Predecessors of each block, in predecessor (= phi operand) order.
    pub preds: Vec<Vec<usize>>,
}

impl Cfg {}

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
