//! Congruence classes of virtual registers and their interference
//! (Boissinot et al., "Revisiting Out-of-SSA Translation for Correctness,
//! Code Quality, and Efficiency", CGO 2009; SSA book draft 2022, §19.2 and
//! Alg. 19.3): two variables interfere when their live ranges intersect
//! and their values differ; a class is kept interference-free, and two
//! classes are tested by one walk over their members merged in dominance
//! order, following the nearest dominating and the nearest intersecting
//! same-value ancestors (the check of Z. Budimlić et al., "Fast Copy
//! Coalescing and Live-Range Identification", PLDI 2002, with values). A
//! class also holds at most one physical register, the pin of its members
//! (F. Rastello, F. de Ferrière, C. Guillon, "Optimizing the translation
//! out-of-SSA with renaming constraints", LIP research report RR-2005-34,
//! 2005, seed S4), and may not be live across a write of it.

use super::analysis::Analysis;
use super::*;

impl Analysis {
    /// Live ranges of `u` and `v` intersect, `u` dominating `v` (S2 19.2:
    /// same definition point, or `u` live just after `v`'s definition).
    pub(super) fn intersect(&self, u: u32, v: u32) -> bool {
        let (b, k) = self.def[v as usize];
        self.def[u as usize] == (b, k) || self.live_after(u, b, k)
    }

    #[cfg(test)]
    pub(super) fn interfere(&self, u: u32, v: u32) -> bool {
        self.intersect(u, v) && self.value[u as usize] != self.value[v as usize]
    }

    /// The walk of S2 Alg. 19.3 over `set` (sorted by [`Analysis::key`]):
    /// each variable is checked against its dominating variables by
    /// following the `idom` and `eanc` (nearest intersecting dominator with
    /// the same value) links. On an interference the later variable `v` is
    /// uncoloured (left out of the walk). Stops at the first interference
    /// when `first_only`.
    pub(super) fn walk(&self, set: &[u32], first_only: bool) -> Walk {
        let n = set.len();
        let mut w = Walk {
            idom: vec![NONE; n],
            eanc: vec![NONE; n],
            conflicts: vec![],
        };
        let mut prev = NONE;
        for k in 0..n {
            let v = set[k];
            let mut u = prev;
            while u != NONE && !self.var_dominates(set[u], v) {
                u = w.idom[u];
            }
            w.idom[k] = u;
            let mut c = u;
            while c != NONE && !self.intersect(set[c], v) {
                c = w.eanc[c];
            }
            if c != NONE {
                if self.value[set[c] as usize] == self.value[v as usize] {
                    w.eanc[k] = c;
                } else {
                    w.conflicts.push((set[c], v));
                    if first_only {
                        return w;
                    }
                    continue;
                }
            }
            prev = k;
        }
        w
    }

    /// Two interference-free classes (sorted) interfere: one walk over
    /// their merge in dominance order.
    pub(super) fn sets_interfere(&self, a: &[u32], b: &[u32]) -> bool {
        let m = merge_sorted(self, a, b);
        !self.walk(&m, true).conflicts.is_empty()
    }
}

/// Result of [`Analysis::walk`]: per position in the set, the position of
/// the nearest dominating coloured variable and of the nearest intersecting
/// one with the same value (`NONE` = ⊥), and the interferences found as
/// `(ancestor, variable)`.
pub(super) struct Walk {
    pub(super) idom: Vec<usize>,
    pub(super) eanc: Vec<usize>,
    pub(super) conflicts: Vec<(u32, u32)>,
}

pub(super) fn merge_sorted(an: &Analysis, a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut m = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if j >= b.len() || (i < a.len() && an.key(a[i]) <= an.key(b[j])) {
            m.push(a[i]);
            i += 1;
        } else {
            m.push(b[j]);
            j += 1;
        }
    }
    m
}

/// Congruence classes (union-find over virtual registers). A root holds the
/// analysable members sorted in dominance order, the physical register the
/// class is pinned to, and the union of its members' `forbid` masks.
pub(super) struct Classes {
    pub(super) parent: Vec<u32>,
    pub(super) members: Vec<Vec<u32>>,
    pub(super) pin: Vec<Option<Reg>>,
    pub(super) forbid: Vec<u128>,
}

impl Classes {
    pub(super) fn new(mf: &MFunc, an: &Analysis) -> Classes {
        let nv = mf.vclass.len();
        let mut c = Classes {
            parent: (0..nv as u32).collect(),
            members: (0..nv as u32)
                .map(|v| if an.ok[v as usize] { vec![v] } else { vec![] })
                .collect(),
            pin: (0..nv as u32).map(|v| mf.pinned(VReg(v))).collect(),
            forbid: an.forbid.clone(),
        };
        // pin webs (S2 Alg. 19.2): every register pinned to R in one class
        let mut first: Vec<(Reg, u32)> = vec![];
        for v in 0..nv as u32 {
            if let Some(p) = mf.pinned(VReg(v)) {
                match first.iter().find(|x| x.0 == p) {
                    Some(&(_, w)) => c.union(an, w, v),
                    None => first.push((p, v)),
                }
            }
        }
        c
    }

    pub(super) fn find(&mut self, v: u32) -> u32 {
        let mut r = v;
        while self.parent[r as usize] != r {
            r = self.parent[r as usize];
        }
        let mut x = v;
        while self.parent[x as usize] != r {
            let n = self.parent[x as usize];
            self.parent[x as usize] = r;
            x = n;
        }
        r
    }

    /// Merges without any check. The smaller register number names the
    /// class (so original registers name their classes, not the copies
    /// made by isolation).
    pub(super) fn union(&mut self, an: &Analysis, a: u32, b: u32) {
        let (x, y) = (self.find(a), self.find(b));
        if x == y {
            return;
        }
        let (ra, rb) = (x.min(y), x.max(y));
        let m = merge_sorted(an, &self.members[ra as usize], &self.members[rb as usize]);
        self.members[ra as usize] = m;
        self.members[rb as usize] = vec![];
        self.pin[ra as usize] = self.pin[ra as usize].or(self.pin[rb as usize]);
        self.forbid[ra as usize] |= self.forbid[rb as usize];
        self.parent[rb as usize] = ra;
    }

    /// Coalesces the classes of `a` and `b` if that is legal: same register
    /// class, at most one physical register, not written while live, no
    /// value-based interference (S2 19.2–19.3). Returns true if merged.
    pub(super) fn try_merge(&mut self, mf: &MFunc, an: &Analysis, a: u32, b: u32) -> bool {
        if !self.can_merge(mf, an, a, b) {
            return false;
        }
        self.union(an, a, b);
        true
    }

    /// Whether the classes of `a` and `b` may be coalesced (the checks of
    /// [`Classes::try_merge`], without merging). True if they are one class.
    pub(super) fn can_merge(&mut self, mf: &MFunc, an: &Analysis, a: u32, b: u32) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return true;
        }
        if !an.ok[a as usize]
            || !an.ok[b as usize]
            || mf.vclass[a as usize] != mf.vclass[b as usize]
        {
            return false;
        }
        let (pa, pb) = (self.pin[ra as usize], self.pin[rb as usize]);
        if pa.is_some() && pb.is_some() && pa != pb {
            return false;
        }
        if let Some(p) = pa.or(pb) {
            if (self.forbid[ra as usize] | self.forbid[rb as usize]) & pbit(p) != 0 {
                return false;
            }
        }
        !an.sets_interfere(&self.members[ra as usize], &self.members[rb as usize])
    }

    /// Final name of virtual register `v`.
    pub(super) fn name(&mut self, v: u32) -> Reg {
        let r = self.find(v);
        self.pin[r as usize].unwrap_or(Reg::V(VReg(r)))
    }
}
