//! [`Node`], the typed block index the analyses are generic over.

/// A typed index of a node (basic block) of a graph the analyses run on:
/// [`crate::ir::Block`] for the IR, [`crate::codegen::mir::MBlockId`] for
/// the machine IR, plain `usize` for the graphs of the unit tests and of
/// other dense numberings.
///
/// The nodes of a graph are dense: a graph given by successor lists
/// `succs` has the nodes `from_index(0..succs.len())`, and `succs[i]` are
/// the successors of `from_index(i)`. The analyses keep their per-node
/// tables in vectors indexed by [`Node::index`].
///
/// `index` and `from_index` are inverse bijections, and the order of
/// nodes ([`Ord`]) is the order of their indices: sorted node lists (loop
/// bodies, iterated dominance frontiers) are sorted by index.
pub trait Node: Copy + Eq + Ord + std::hash::Hash + std::fmt::Debug {
    /// The dense index of the node.
    fn index(self) -> usize;
    /// The node of dense index `i`.
    fn from_index(i: usize) -> Self;
}

impl Node for usize {
    fn index(self) -> usize {
        self
    }
    fn from_index(i: usize) -> usize {
        i
    }
}
