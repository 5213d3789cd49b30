//! The predicate oracle of psi-SSA (SSA book §14.3; de Ferrière 2007 §2–3: "canonical
//! predicates (boolean functions of comparison atoms) and the queries
//! `implies`, `disjoint`, `union`, `and`, `not`; a small BDD or a truth
//! table over the atoms of one region is enough").
//!
//! A [`Predicate`] is a truth table over at most [`MAX_ATOMS`] atoms —
//! the comparisons a region's guards test (a region of the ST231 has at
//! most eight BRs live, ISA-ST200 §1.3) — stored as a 64-bit mask: bit `k`
//! is the predicate's value under the assignment whose bit `i` is atom
//! `i`'s value. Equal predicates have equal tables, so `==` is logical
//! equivalence. [`Oracle`] numbers the atoms and turns psi [`Guard`]s into
//! predicates, following the compares and logical operations that compute
//! a guard's BR when given the code's [`Definitions`] (so `cmplt a, b` and
//! `cmpge a, b` are one atom and its negation, and `andl` of two compares
//! is their conjunction); the psi transformations of [`crate::codegen::psi::transform`] ask
//! it.

use crate::codegen::mir::{Guard, MInst, MOp, Opnd, Reg};
use crate::hash::HashMap;
use std::ops::Not;
use std::rc::Rc;

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
    /// Disjunction (the union of guards of de Ferrière 2007).
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

/// A comparison atom: the canonical form of a compare, so that
/// `cmpge a, b` is the negation of `cmplt a, b`, `cmpgt a, b` is
/// `cmplt b, a`, and a compare into a GR and one into a BR on the same
/// operands are one atom. A register whose definition the oracle does not
/// know is an atom of its own ("the register is non-zero").
#[derive(Clone, Debug, PartialEq)]
enum Atom {
    Reg(Reg),
    /// Signed `a < b`.
    Lt(Opnd, Opnd),
    /// Unsigned `a < b`.
    Ltu(Opnd, Opnd),
    /// `a == b` (either operand order).
    Eq(Opnd, Opnd),
}

impl Atom {
    fn same(&self, o: &Atom) -> bool {
        match (self, o) {
            (Atom::Eq(a, b), Atom::Eq(c, d)) => (a == c && b == d) || (a == d && b == c),
            _ => self == o,
        }
    }
}

/// What a virtual register's definition says about its truth value (a BR
/// being 1, a GR being non-zero).
#[derive(Clone, Debug)]
enum Known {
    /// A compare: its atom, and whether the compare is the atom's negation.
    Compare(Atom, bool),
    /// `andl` / `orl` (`and`), negated for `nandl` / `norl` (ISA-ST200 §4.3:
    /// the operands are read as `≠ 0`).
    Logic {
        and: bool,
        negate: bool,
        a: Opnd,
        b: Opnd,
    },
    /// `mtb` / `mfb`: the truth value of another register.
    Same(Reg),
}

/// The truth-valued definitions of one piece of machine SSA code:
/// compares (into a GR or a BR), the logical operations `andl orl nandl
/// norl` and the BR moves `mtb mfb` (ISA-ST200 §4.3, §4.9). With them an
/// [`Oracle`] sees a BR computed as `andl $b = $r1, $r2` from two compares
/// as the conjunction of the compares' atoms: the compound guards `p ∧ q`,
/// `p ∨ q` of psi-SSA (SSA book §14.1), which the ST231 computes into a BR
/// this way since it has no BR-to-BR logic (§4.3).
#[derive(Clone, Debug, Default)]
pub struct Definitions {
    known: HashMap<Reg, Known>,
    /// BR virtual registers defined here, in order (candidate literals).
    brs: Vec<Reg>,
}

impl Definitions {
    /// Learns the definitions of virtual registers among `insts` (machine
    /// SSA: each has one).
    pub fn learn(insts: &[MInst]) -> Definitions {
        let mut d = Definitions::default();
        for i in insts {
            let MOp::Isa(o) = i.op else { continue };
            let Some(Opnd::R(dst @ Reg::V(_))) = i.ops.first() else {
                continue;
            };
            let info = o.info();
            let src = |k: usize| i.ops.get(k).cloned();
            let known = match (info.mnemonic, src(1), src(2)) {
                ("mtb" | "mfb", Some(Opnd::R(r)), _) => Known::Same(r),
                (m @ ("andl" | "orl" | "nandl" | "norl"), Some(a), Some(b)) => Known::Logic {
                    and: m.ends_with("andl"),
                    negate: m.starts_with('n'),
                    a,
                    b,
                },
                (m, Some(a), Some(b)) if m.starts_with("cmp") => match compare(m, a, b) {
                    Some((atom, neg)) => Known::Compare(atom, neg),
                    None => continue,
                },
                _ => continue,
            };
            if info.syntax.operands.first().map(|o| o.kind) == Some(isa::OperandKind::Br) {
                d.brs.push(*dst);
            }
            d.known.insert(*dst, known);
        }
        d
    }
}

/// The canonical atom of compare `m a, b` and whether the compare is its
/// negation (`None` for a mnemonic that is not an integer compare).
fn compare(m: &str, a: Opnd, b: Opnd) -> Option<(Atom, bool)> {
    Some(match m {
        "cmplt" => (Atom::Lt(a, b), false),
        "cmpge" => (Atom::Lt(a, b), true),
        "cmpgt" => (Atom::Lt(b, a), false),
        "cmple" => (Atom::Lt(b, a), true),
        "cmpltu" => (Atom::Ltu(a, b), false),
        "cmpgeu" => (Atom::Ltu(a, b), true),
        "cmpgtu" => (Atom::Ltu(b, a), false),
        "cmpleu" => (Atom::Ltu(b, a), true),
        "cmpeq" => (Atom::Eq(a, b), false),
        "cmpne" => (Atom::Eq(a, b), true),
        _ => return None,
    })
}

/// Numbers the atoms of one region and answers predicate queries on psi
/// guards. Without [`Definitions`] every BR register is an atom; with
/// them ([`Oracle::with`]) a guard's BR is followed through the compares
/// and logical operations that compute it.
#[derive(Clone, Debug, Default)]
pub struct Oracle {
    atoms: Vec<Atom>,
    defs: Option<Rc<Definitions>>,
    /// BR registers seen in guards (candidate literals).
    seen: Vec<Reg>,
}

impl Oracle {
    /// An oracle with no atoms yet and no definitions.
    pub fn new() -> Oracle {
        Oracle::default()
    }
    /// An oracle that follows the truth-valued definitions `defs`.
    pub fn with(defs: Rc<Definitions>) -> Oracle {
        Oracle {
            defs: Some(defs),
            ..Oracle::default()
        }
    }
    /// The number of atoms numbered so far.
    pub fn atom_count(&self) -> usize {
        self.atoms.len()
    }
    fn number(&mut self, a: Atom) -> Option<Predicate> {
        let i = match self.atoms.iter().position(|x| x.same(&a)) {
            Some(i) => i,
            None if self.atoms.len() < MAX_ATOMS => {
                self.atoms.push(a);
                self.atoms.len() - 1
            }
            None => return None,
        };
        Some(Predicate::atom(i))
    }
    /// The predicate of operand `o` being non-zero (`None` when atoms run
    /// out or `o` is not a register or an integer).
    fn operand(&mut self, o: &Opnd, depth: u32) -> Option<Predicate> {
        match o {
            Opnd::Imm(0) | Opnd::R(Reg::G(0)) => Some(Predicate::FALSE),
            Opnd::Imm(_) => Some(Predicate::TRUE),
            Opnd::R(r) => self.register(*r, depth),
            _ => None,
        }
    }
    fn register(&mut self, r: Reg, depth: u32) -> Option<Predicate> {
        let known = match (&self.defs, depth) {
            (Some(d), 1..) => d.known.get(&r).cloned(),
            _ => None,
        };
        match known {
            None => self.number(Atom::Reg(r)),
            Some(Known::Compare(a, neg)) => {
                let p = self.number(a)?;
                Some(if neg { !p } else { p })
            }
            Some(Known::Same(s)) => self.register(s, depth - 1),
            Some(Known::Logic { and, negate, a, b }) => {
                let (pa, pb) = (self.operand(&a, depth - 1)?, self.operand(&b, depth - 1)?);
                let p = if and { pa.and(pb) } else { pa.or(pb) };
                Some(if negate { !p } else { p })
            }
        }
    }
    /// The predicate of BR register `b` being 1, numbering atoms if new;
    /// `None` when more than [`MAX_ATOMS`] atoms would be needed.
    pub fn atom(&mut self, b: Reg) -> Option<Predicate> {
        if !self.seen.contains(&b) {
            self.seen.push(b);
        }
        self.register(b, 16)
    }
    /// The predicate of a psi guard (`None` when atoms run out).
    pub fn guard(&mut self, g: Guard) -> Option<Predicate> {
        match g {
            Guard::True => Some(Predicate::TRUE),
            Guard::If(b) => self.atom(b),
            Guard::IfNot(b) => self.atom(b).map(Predicate::not),
        }
    }
    /// A guard whose predicate is `p`: `true`, or a BR register (or its
    /// negation) among those of the definitions and those seen in guards
    /// that computes exactly `p`. `None` if no register holds it (the
    /// caller would have to compute it into a BR first).
    pub fn literal(&mut self, p: Predicate) -> Option<Guard> {
        if p.is_true() {
            return Some(Guard::True);
        }
        let mut candidates = self.seen.clone();
        if let Some(d) = &self.defs {
            candidates.extend(d.brs.iter().copied());
        }
        for b in candidates {
            // a candidate needing new atoms cannot equal p; try on a copy
            let mut trial = self.clone();
            match trial.register(b, 16) {
                Some(q) if q == p => return Some(Guard::If(b)),
                Some(q) if q == !p => return Some(Guard::IfNot(b)),
                _ => {}
            }
        }
        None
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

    /// The guards of SSA book Fig. 14.5, example T38 and T40: `p2` and `!p2` are disjoint
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
        assert_eq!(o.atom_count(), 2);
        assert_eq!(o.guard(Guard::True), Some(Predicate::TRUE));
    }

    /// Compares are canonical atoms (ISA-ST200 §4.3): `cmpge a, b` is the
    /// negation of `cmplt a, b` (a GR and a BR compare on the same
    /// operands are one atom), `cmpgt a, b` is `cmplt b, a`, `cmpne` the
    /// negation of `cmpeq` in either operand order; `andl`/`orl`/`norl`
    /// of compares into GRs give the conjunction/disjunction/its negation,
    /// `mtb` copies a truth value; and `literal` finds the BR holding a
    /// compound predicate. Every expectation is the boolean identity named
    /// beside it.
    #[test]
    fn definitions_make_compound_guards() {
        let f = crate::codegen::mir::parse::function(
            "function @f global\nvregs 20 br %v3 %v4 %v5 %v9 %v10 %v11 %v12\norder B0\nB0:\n  cmplt %v3 = %v1, %v2\n  cmpge %v4 = %v1, %v2\n  cmpgt %v5 = %v2, %v1\n  cmplt %v6 = %v1, %v2\n  cmpeq %v7 = %v1, 9\n  cmpne %v8 = %v1, 9\n  andl %v9 = %v6, %v8\n  orl %v10 = %v6, %v7\n  norl %v11 = %v6, %v7\n  mtb %v12 = %v7\n  return $r63\n",
        )
        .unwrap();
        let mut o = Oracle::with(Rc::new(Definitions::learn(&f.block(f.order[0]).insts)));
        let lt = o.atom(b(3)).unwrap();
        assert_eq!(o.atom(b(4)), Some(!lt), "a >= b is !(a < b)");
        assert_eq!(o.atom(b(5)), Some(lt), "b > a is a < b");
        let eq = o.atom(b(12)).unwrap();
        assert_eq!(o.atom_count(), 2, "one atom for a < b, one for a == 9");
        assert_eq!(
            o.atom(b(9)),
            Some(lt.and(!eq)),
            "andl of a GR compare and cmpne"
        );
        assert_eq!(o.atom(b(10)), Some(lt.or(eq)));
        assert_eq!(o.atom(b(11)), Some(!lt.or(eq)), "norl");
        assert_eq!(o.literal(lt.and(!eq)), Some(Guard::If(b(9))));
        assert_eq!(o.literal(!lt.and(!eq)), Some(Guard::IfNot(b(9))));
        assert_eq!(o.literal(lt.and(eq)), None, "no BR computes a < b ∧ a == 9");
        assert_eq!(o.literal(Predicate::TRUE), Some(Guard::True));
        // without definitions each BR is its own atom
        let mut plain = Oracle::new();
        assert_ne!(plain.atom(b(4)), plain.atom(b(3)).map(Predicate::not));
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
