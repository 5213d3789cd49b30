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
    /// The elements below `n`, as a set able to hold `0..n`, and the
    /// elements `n..n + 128` as the bits of a `u128` (element `n + k` at
    /// bit `k`); the elements beyond are left out. Word by word.
    pub fn split_u128(&self, n: usize) -> (BitSet, u128) {
        let mut low = BitSet::new(n);
        for (a, b) in low.words.iter_mut().zip(&self.words) {
            *a = *b;
        }
        if !n.is_multiple_of(64) {
            if let Some(last) = low.words.last_mut() {
                *last &= (1u64 << (n % 64)) - 1;
            }
        }
        let mut high = 0u128;
        let end = self.words.len().min((n + 128).div_ceil(64));
        for k in n / 64..end {
            let mut w = self.words[k];
            if k == n / 64 {
                w &= !((1u64 << (n % 64)) - 1);
            }
            while w != 0 {
                let e = k * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                if e - n < 128 {
                    high |= 1u128 << (e - n);
                }
            }
        }
        (low, high)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `split_u128` against its definition element by element, for split
    /// points inside and at the edges of words.
    #[test]
    fn split_u128_keeps_each_element_on_its_side() {
        for n in [0usize, 1, 5, 63, 64, 65, 100, 128, 130] {
            let mut s = BitSet::new(n + 128);
            let members: Vec<usize> = (0..n + 128).filter(|k| (k * 7 + n) % 5 < 2).collect();
            for &k in &members {
                s.insert(k);
            }
            let (low, high) = s.split_u128(n);
            assert_eq!(
                low.words.len(),
                n.div_ceil(64),
                "capacity of the low part, n = {n}"
            );
            for &k in &members {
                if k < n {
                    assert!(low.contains(k), "{k} below {n}");
                } else {
                    assert_ne!(high & 1u128 << (k - n), 0, "{k} at or above {n}");
                }
            }
            assert_eq!(
                low.len() + high.count_ones() as usize,
                members.len(),
                "n = {n}"
            );
        }
    }
}
