//! Dense bitsets over `0..capacity`, the sets of the data-flow solvers.

/// A dense bitset of `0..capacity` stored in `u64` words (bit `i` is bit
/// `i % 64` of word `i / 64`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BitSet {
    pub(super) words: Vec<u64>,
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
