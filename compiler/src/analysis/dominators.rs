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
