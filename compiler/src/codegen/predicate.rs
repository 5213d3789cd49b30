//! The predicate oracle of psi-SSA (seed-digest P14: "canonical
//! predicates (boolean functions of comparison atoms) and the queries
//! `implies`, `disjoint`, `union`, `and`, `not`; a small BDD or a truth
//! table over the atoms of one region is enough").
//!
//! A [`Predicate`] is a truth table over at most [`MAX_ATOMS`] atoms — the
//! branch-register values a region's guards test (ISA-ST200 §1.3: eight
//! BRs, so a region never needs more) — stored as a 64-bit mask: bit `k`
//! is the predicate's value under the assignment whose bit `i` is atom
//! `i`'s value. Equal predicates have equal tables, so `==` is logical
//! equivalence. [`Oracle`] numbers the atoms and turns psi [`Guard`]s into
//! predicates; the psi transformations of [`super::psi`] ask it.

use super::mir::{Guard, Reg};
use std::ops::Not;

/// Most atoms an [`Oracle`] numbers (2^6 = 64 assignments in a `u64`).
pub const MAX_ATOMS: usize = 6;

/// A boolean function of the oracle's atoms, as its truth table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Predicate(u64);

impl Predicate {
    /// The predicate that always holds.
    pub const TRUE: Predicate = Predicate(u64::MAX);
    /// The predicate that never holds.
    pub const FALSE: Predicate = Predicate(0);

    /// Atom `i` (`i < MAX_ATOMS`): true under the assignments whose bit
    /// `i` is set.
    pub fn atom(i: usize) -> Predicate {
        assert!(i < MAX_ATOMS, "atom {i} out of range");
        let mut t = 0u64;
        for k in 0..64 {
            if k >> i & 1 == 1 {
                t |= 1 << k;
            }
        }
        Predicate(t)
    }
    /// Conjunction.
    pub fn and(self, o: Predicate) -> Predicate {
        Predicate(self.0 & o.0)
    }
    /// Disjunction (the seeds' union of guards).
    pub fn or(self, o: Predicate) -> Predicate {
        Predicate(self.0 | o.0)
    }
    /// `self − o`: holds where `self` does and `o` does not.
    pub fn minus(self, o: Predicate) -> Predicate {
        self.and(o.not())
    }
    /// Whether `self` ⊆ `o` (every assignment satisfying `self` satisfies `o`).
    pub fn implies(self, o: Predicate) -> bool {
        self.0 & !o.0 == 0
    }
    /// Whether no assignment satisfies both.
    pub fn disjoint(self, o: Predicate) -> bool {
        self.0 & o.0 == 0
    }
    /// Whether the predicate always holds.
    pub fn is_true(self) -> bool {
        self == Predicate::TRUE
    }
    /// Whether the predicate never holds.
    pub fn is_false(self) -> bool {
        self == Predicate::FALSE
    }
    /// The predicate's value under `assignment` (bit `i` = atom `i`).
    pub fn eval(self, assignment: u32) -> bool {
        self.0 >> (assignment & 63) & 1 == 1
    }
}

impl Not for Predicate {
    type Output = Predicate;
    /// Negation.
    fn not(self) -> Predicate {
        Predicate(!self.0)
    }
}

/// Numbers the atoms (BR registers) of one region and answers predicate
/// queries on psi guards.
#[derive(Clone, Debug, Default)]
pub struct Oracle {
    atoms: Vec<Reg>,
}

impl Oracle {
    /// An oracle with no atoms yet.
    pub fn new() -> Oracle {
        Oracle::default()
    }
    /// The atoms numbered so far, in order.
    pub fn atoms(&self) -> &[Reg] {
        &self.atoms
    }
    /// The predicate of BR register `b` being 1, numbering it if new;
    /// `None` when the oracle already has [`MAX_ATOMS`] other atoms.
    pub fn atom(&mut self, b: Reg) -> Option<Predicate> {
        let i = match self.atoms.iter().position(|&a| a == b) {
            Some(i) => i,
            None if self.atoms.len() < MAX_ATOMS => {
                self.atoms.push(b);
                self.atoms.len() - 1
            }
            None => return None,
        };
        Some(Predicate::atom(i))
    }
    /// The predicate of a psi guard (`None` when atoms run out).
    pub fn guard(&mut self, g: Guard) -> Option<Predicate> {
        match g {
            Guard::True => Some(Predicate::TRUE),
            Guard::If(b) => self.atom(b),
            Guard::IfNot(b) => self.atom(b).map(Predicate::not),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::VReg;

    fn b(n: u32) -> Reg {
        Reg::V(VReg(n))
    }

    /// Boolean algebra identities checked on the tables, against a direct
    /// evaluation of each formula under all 64 assignments.
    #[test]
    fn tables_follow_boolean_algebra() {
        let (p, q, r) = (Predicate::atom(0), Predicate::atom(1), Predicate::atom(5));
        for a in 0..64u32 {
            let (vp, vq, vr) = (a & 1 == 1, a >> 1 & 1 == 1, a >> 5 & 1 == 1);
            assert_eq!(p.and(q).eval(a), vp && vq);
            assert_eq!(p.or(q.not()).eval(a), vp || !vq);
            assert_eq!(p.minus(r).eval(a), vp && !vr);
            assert_eq!(p.and(q).or(r).eval(a), (vp && vq) || vr);
        }
        assert!(p.or(p.not()).is_true());
        assert!(p.and(p.not()).is_false());
        // De Morgan
        assert_eq!(p.and(q).not(), p.not().or(q.not()));
        assert!(p.and(q).implies(p));
        assert!(!p.implies(p.and(q)));
        assert!(p.disjoint(p.not()));
        assert!(!p.disjoint(q), "independent atoms meet");
    }

    /// The guards of seed-digest T38 and T40: `p2` and `!p2` are disjoint
    /// and cover `true`; `p` and an independent `q` are neither disjoint
    /// nor does one imply the other.
    #[test]
    fn guards_of_one_region() {
        let mut o = Oracle::new();
        let p2 = o.guard(Guard::If(b(2))).unwrap();
        let np2 = o.guard(Guard::IfNot(b(2))).unwrap();
        assert!(p2.disjoint(np2));
        assert!(Predicate::TRUE.implies(p2.or(np2)));
        let q = o.guard(Guard::If(b(7))).unwrap();
        assert!(!p2.disjoint(q) && !p2.implies(q) && !q.implies(p2));
        assert_eq!(o.atoms(), [b(2), b(7)]);
        assert_eq!(o.guard(Guard::True), Some(Predicate::TRUE));
    }

    #[test]
    fn atoms_run_out_after_six() {
        let mut o = Oracle::new();
        for n in 0..MAX_ATOMS as u32 {
            assert!(o.atom(b(n)).is_some());
        }
        assert_eq!(o.atom(b(99)), None);
        assert!(o.atom(b(3)).is_some(), "a known atom is still found");
    }
}
