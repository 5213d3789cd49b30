//! The dominator tree (Cooper, Harvey and Kennedy, "A simple, fast
//! dominance algorithm", 2001) with O(1) dominance queries by preorder
//! intervals.

use super::*;

/// The dominator tree of the nodes reachable from the entry (S2 3.1.1;
/// immediate dominators by Cooper, Harvey and Kennedy's iterative
/// algorithm over reverse postorder).
///
/// Dominance queries are O(1): `a` dominates `b` iff `a`'s preorder
/// interval in the tree contains `b`'s.
#[derive(Clone, Debug)]
pub struct DomTree<N = usize> {
    entry: Option<N>,
    idom: Vec<Option<N>>,
    /// The children of node `b` in the tree, in reverse postorder:
    /// `children[child_start[b]..child_start[b + 1]]`.
    child_start: Vec<usize>,
    children: Vec<N>,
    preorder: Vec<N>,
    rpo: Vec<N>,
    rpo_num: Vec<usize>,
    pre: Vec<u32>,
    post: Vec<u32>,
    depth: Vec<u32>,
}

impl<N: Node> DomTree<N> {
    /// Dominator tree of the graph `succs` rooted at `entry` (nodes
    /// `0..succs.len()` by [`Node::index`]; successors out of range are
    /// ignored). With no entry (`None`, or a node out of range) no node is
    /// reachable.
    pub fn new(entry: impl Into<Option<N>>, succs: &[Vec<N>]) -> DomTree<N> {
        let entry = entry.into();
        let n = succs.len();
        let mut po = postorder(entry, succs);
        po.reverse();
        let rpo = po;
        let mut rpo_num = vec![NONE; n];
        for (i, &b) in rpo.iter().enumerate() {
            rpo_num[b.index()] = i;
        }
        let preds = PredArray::new(succs);
        let mut idom: Vec<Option<N>> = vec![None; n];
        if let Some(&e) = rpo.first() {
            idom[e.index()] = Some(e);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new: Option<N> = None;
                for &p in preds.of(b) {
                    if idom[p.index()].is_none() {
                        continue;
                    }
                    let Some(cur) = new else {
                        new = Some(p);
                        continue;
                    };
                    // intersect (CHK): climb by reverse-postorder numbers
                    let (mut a, mut c) = (cur, p);
                    while a != c {
                        while rpo_num[a.index()] > rpo_num[c.index()] {
                            a = idom[a.index()].expect("processed node has an idom");
                        }
                        while rpo_num[c.index()] > rpo_num[a.index()] {
                            c = idom[c.index()].expect("processed node has an idom");
                        }
                    }
                    new = Some(a);
                }
                if new.is_some() && idom[b.index()] != new {
                    idom[b.index()] = new;
                    changed = true;
                }
            }
        }
        if let Some(&e) = rpo.first() {
            idom[e.index()] = None;
        }
        let mut child_start = vec![0usize; n + 1];
        for &b in rpo.iter().skip(1) {
            let d = idom[b.index()].expect("reachable node has an idom");
            child_start[d.index() + 1] += 1;
        }
        for k in 0..n {
            child_start[k + 1] += child_start[k];
        }
        let mut children: Vec<N> = vec![N::from_index(0); child_start[n]];
        let mut next = child_start.clone();
        for &b in rpo.iter().skip(1) {
            let d = idom[b.index()].expect("reachable node has an idom");
            children[next[d.index()]] = b;
            next[d.index()] += 1;
        }
        // preorder / postorder numbers and depths of the tree
        let mut pre = vec![u32::MAX; n];
        let mut post = vec![u32::MAX; n];
        let mut depth = vec![0u32; n];
        let mut preorder = Vec::with_capacity(rpo.len());
        if let Some(&e) = rpo.first() {
            let mut stack = vec![(e, 0usize)];
            let (mut pc, mut qc) = (0u32, 0u32);
            pre[e.index()] = pc;
            pc += 1;
            preorder.push(e);
            while let Some(top) = stack.last_mut() {
                let (b, i) = *top;
                let kids = &children[child_start[b.index()]..child_start[b.index() + 1]];
                if let Some(&c) = kids.get(i) {
                    top.1 += 1;
                    pre[c.index()] = pc;
                    pc += 1;
                    depth[c.index()] = depth[b.index()] + 1;
                    preorder.push(c);
                    stack.push((c, 0));
                } else {
                    post[b.index()] = qc;
                    qc += 1;
                    stack.pop();
                }
            }
        }
        DomTree {
            entry,
            idom,
            child_start,
            children,
            preorder,
            rpo,
            rpo_num,
            pre,
            post,
            depth,
        }
    }

    /// Number of nodes (reachable or not).
    pub fn len(&self) -> usize {
        self.idom.len()
    }
    /// Whether the graph has no node.
    pub fn is_empty(&self) -> bool {
        self.idom.is_empty()
    }
    /// The entry node the tree was built with (`None` if none was given).
    pub fn entry(&self) -> Option<N> {
        self.entry
    }
    /// Immediate dominator of `b`; None for the entry and unreachable nodes.
    pub fn idom(&self, b: N) -> Option<N> {
        self.idom.get(b.index()).copied().flatten()
    }
    /// Whether `b` is reachable from the entry.
    pub fn is_reachable(&self, b: N) -> bool {
        self.rpo_num.get(b.index()).is_some_and(|&r| r != NONE)
    }
    /// Children of `b` in the dominator tree (in reverse postorder).
    pub fn children(&self, b: N) -> &[N] {
        &self.children[self.child_start[b.index()]..self.child_start[b.index() + 1]]
    }
    /// Reachable nodes in a preorder of the dominator tree.
    pub fn preorder(&self) -> &[N] {
        &self.preorder
    }
    /// Reachable nodes in reverse postorder of the CFG.
    pub fn rpo(&self) -> &[N] {
        &self.rpo
    }
    /// Position of `b` in [`DomTree::rpo`] ([`NONE`] if unreachable).
    pub fn rpo_number(&self, b: N) -> usize {
        self.rpo_num[b.index()]
    }
    /// Depth of `b` in the dominator tree (entry 0).
    pub fn depth(&self, b: N) -> u32 {
        self.depth[b.index()]
    }
    /// Whether `a` dominates `b` (reflexive; false if either is
    /// unreachable).
    pub fn dominates(&self, a: N, b: N) -> bool {
        self.is_reachable(a)
            && self.is_reachable(b)
            && self.pre[a.index()] <= self.pre[b.index()]
            && self.post[b.index()] <= self.post[a.index()]
    }
    /// Whether `a` strictly dominates `b`.
    pub fn strictly_dominates(&self, a: N, b: N) -> bool {
        a != b && self.dominates(a, b)
    }
}
