//! Psi-SSA transformations on the argument list of one psi (SSA book
//! §14.3, Figs. 14.4–14.8 and Eq. 14.1; Bruel, "psi-SSA improvements",
//! 2006, §3.1; SSA book §14.3; de Ferrière 2007 §2–3), asked of the predicate [`Oracle`]:
//!
//! - [`inline`] (psi-inlining): an argument that is itself a psi is
//!   replaced by that psi's arguments, each guarded by `p_i ∧ g_k`;
//! - [`reduce`] (psi-reduction): drop argument `i` when its guard is
//!   covered by the guards to its right, `p_i ⊆ p_{i+1} ∪ … ∪ p_n`;
//! - [`permutable`] (psi-permutation): two neighbouring arguments may swap
//!   when their guards are disjoint;
//! - [`project`] (psi-projection on `p`): the arguments whose guard meets
//!   `p`, each guarded by `p_k ∧ p`;
//! - [`can_promote`] (psi-promotion): replacing `p_i` by a larger `p'_i`
//!   keeps the value when `(p'_i − ∪_{k≥i} p_k) ∩ (∪_{k<i} p_k) = ∅`
//!   (Eq. 14.1) and `p'_i` stays within the guard of the argument's
//!   definition; [`promote_first`] promotes the first argument to `true`.
//!
//! A psi's value is that of its rightmost argument whose guard holds
//! ([`value`]); every function here keeps it for every assignment of the
//! atoms under which the psi had one. Guards are literals ([`Guard`]): a
//! BR register or its negation. A compound guard (a conjunction of two
//! guards) is available only when some BR already computes it, e.g.
//! `andl $b = $r1, $r2` from two compares into GRs (the ST231 has no
//! BR-to-BR logic, ISA-ST200 §4.3), which an oracle built
//! [`Oracle::with`] the code's definitions finds ([`Oracle::literal`]);
//! otherwise a transformation that needs one answers `None`.

use crate::codegen::mir::{Guard, PsiArg};
use crate::codegen::psi::predicate::{Oracle, Predicate};

/// The predicates of `args`' guards (`None` if the oracle runs out of
/// atoms).
fn predicates(o: &mut Oracle, args: &[PsiArg]) -> Option<Vec<Predicate>> {
    args.iter().map(|a| o.guard(a.guard)).collect()
}

/// The value of `psi(args)` under `assignment` of the oracle's atoms (bit
/// `i` = atom `i`): the rightmost argument whose guard holds, `None` if
/// none does.
pub fn value(o: &mut Oracle, args: &[PsiArg], assignment: u32) -> Option<PsiArg> {
    let ps = predicates(o, args)?;
    args.iter()
        .zip(ps)
        .rev()
        .find(|(_, p)| p.eval(assignment))
        .map(|(a, _)| *a)
}

/// Psi-inlining (SSA book Fig. 14.4): argument `i` of `outer` is the
/// result of the psi `inner`; the result lists `inner`'s arguments in its
/// place, each guarded by `p_i ∧ g_k`, which must be a literal (`g_k` when
/// it implies `p_i`, `p_i` when it implies `g_k`, or a BR the oracle knows
/// to compute the conjunction); `None` otherwise (the ST231 would need the
/// conjunction in a BR first).
pub fn inline(o: &mut Oracle, outer: &[PsiArg], i: usize, inner: &[PsiArg]) -> Option<Vec<PsiArg>> {
    let p = *outer.get(i)?;
    let pp = o.guard(p.guard)?;
    let mut out = outer[..i].to_vec();
    for a in inner {
        let g = o.guard(a.guard)?;
        let guard = if g.implies(pp) {
            a.guard
        } else if pp.implies(g) {
            p.guard
        } else {
            o.literal(g.and(pp))?
        };
        out.push(PsiArg { guard, ..*a });
    }
    out.extend_from_slice(&outer[i + 1..]);
    Some(out)
}

/// Psi-reduction (SSA book Fig. 14.5): `args` without the arguments whose
/// guard is contained in the union of the guards to their right.
pub fn reduce(o: &mut Oracle, args: &[PsiArg]) -> Option<Vec<PsiArg>> {
    let ps = predicates(o, args)?;
    let mut right = Predicate::FALSE;
    let mut keep = vec![false; args.len()];
    for k in (0..args.len()).rev() {
        keep[k] = !ps[k].implies(right);
        right = right.or(ps[k]);
    }
    Some(
        args.iter()
            .zip(keep)
            .filter_map(|(a, k)| k.then_some(*a))
            .collect(),
    )
}

/// Psi-permutation (SSA book Fig. 14.7): whether arguments `a` and `b`
/// may trade places (their guards are disjoint, so at most one holds).
pub fn permutable(o: &mut Oracle, a: &PsiArg, b: &PsiArg) -> bool {
    match (o.guard(a.guard), o.guard(b.guard)) {
        (Some(p), Some(q)) => p.disjoint(q),
        _ => false,
    }
}

/// Psi-projection on `p` (SSA book Fig. 14.6): the psi that gives the same
/// value wherever `p` holds. Arguments whose guard is disjoint from `p`
/// go; the others are guarded by `p_k ∧ p`, which must be a literal
/// (`p_k` itself when it implies `p`, `p` when `p` implies `p_k`, or a BR
/// the oracle knows to compute the conjunction), else `None`.
pub fn project(o: &mut Oracle, args: &[PsiArg], p: Guard) -> Option<Vec<PsiArg>> {
    let pp = o.guard(p)?;
    let ps = predicates(o, args)?;
    let mut out = vec![];
    for (a, q) in args.iter().zip(ps) {
        if q.disjoint(pp) {
            continue;
        }
        let guard = if q.implies(pp) {
            a.guard
        } else if pp.implies(q) {
            p
        } else {
            o.literal(q.and(pp))?
        };
        out.push(PsiArg { guard, ..*a });
    }
    Some(out)
}

/// Whether argument `i`'s guard may become `new` (psi-promotion, SSA book
/// Eq. 14.1): the part of `new` not already covered by `p_i … p_n` must
/// not meet `p_1 ∪ … ∪ p_{i−1}`; and `new` must lie within `def_guard`,
/// the guard of the argument's definition (`true` for a speculated or
/// unconditional definition; SSA book Fig. 14.8, Eq. 14.1, example T41's definition rule).
pub fn can_promote(
    o: &mut Oracle,
    args: &[PsiArg],
    i: usize,
    new: Guard,
    def_guard: Guard,
) -> bool {
    let (Some(ps), Some(n), Some(d)) = (predicates(o, args), o.guard(new), o.guard(def_guard))
    else {
        return false;
    };
    if i >= args.len() || !n.implies(d) {
        return false;
    }
    let covered = ps[i..].iter().fold(Predicate::FALSE, |u, p| u.or(*p));
    let left = ps[..i].iter().fold(Predicate::FALSE, |u, p| u.or(*p));
    n.minus(covered).disjoint(left)
}

/// `args` with the first argument's guard promoted to `true` (always
/// allowed by Eq. 14.1: nothing is to its left) when its definition is
/// unguarded, as every definition of this back end is (if-conversion
/// speculates).
pub fn promote_first(args: &[PsiArg]) -> Vec<PsiArg> {
    let mut v = args.to_vec();
    if let Some(a) = v.first_mut() {
        a.guard = Guard::True;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::{Reg, VReg};

    fn v(n: u32) -> Reg {
        Reg::V(VReg(n))
    }
    fn arg(guard: Guard, value: u32) -> PsiArg {
        PsiArg {
            guard,
            value: v(value),
        }
    }
    const P: u32 = 100;
    const Q: u32 = 101;

    /// Checks that `new` gives the same value as `old` under every
    /// assignment where `old` has one (the psi's meaning is kept).
    fn same_values(o: &mut Oracle, old: &[PsiArg], new: &[PsiArg]) {
        for a in 0..64 {
            if let Some(x) = value(o, old, a) {
                assert_eq!(
                    value(o, new, a).map(|y| y.value),
                    Some(x.value),
                    "assignment {a:06b}: {old:?} vs {new:?}"
                );
            }
        }
    }

    /// Example T34 (S0 Fig. 2): `x2 = psi(p?a1, !p?a2, q?a3)` is the
    /// rightmost argument whose guard holds: p=1,q=1 gives a3, p=1,q=0
    /// gives a1, p=0,q=0 gives a2.
    #[test]
    fn t34_rightmost_true_guard() {
        let mut o = Oracle::new();
        let x2 = [
            arg(Guard::If(v(P)), 1),
            arg(Guard::IfNot(v(P)), 2),
            arg(Guard::If(v(Q)), 3),
        ];
        o.atom(v(P));
        o.atom(v(Q));
        // atom 0 = p, atom 1 = q
        let at = |p: u32, q: u32| p | q << 1;
        let mut o2 = o.clone();
        let val = |o: &mut Oracle, a| value(o, &x2, a).unwrap().value;
        assert_eq!(val(&mut o2, at(1, 1)), v(3));
        assert_eq!(val(&mut o2, at(1, 0)), v(1));
        assert_eq!(val(&mut o2, at(0, 0)), v(2));
        assert_eq!(val(&mut o2, at(0, 1)), v(3));
    }

    /// Example T37 (SSA book Fig. 14.4): `x1 = psi(a1, p2?a2); x2 =
    /// psi(p1?x1, p3?a3)` becomes `psi(p1?a1, p1∧p2?a2, p3?a3)`. With p1 =
    /// true (the promoted first argument this back end produces) the
    /// guards stay literals: `psi(a1, p2?a2, p3?a3)`, checked by value on
    /// every assignment (x2's value through x1 against the inlined psi);
    /// with an independent p1, `p1 ∧ p2` is no literal: `None`.
    #[test]
    fn t37_inlining() {
        let mut o = Oracle::new();
        let (p1, p2, p3) = (Guard::If(v(P)), Guard::If(v(Q)), Guard::If(v(102)));
        let x1 = [arg(Guard::True, 1), arg(p2, 2)];
        let x2 = [arg(Guard::True, 50), arg(p3, 3)]; // %v50 is x1
        let x = inline(&mut o, &x2, 0, &x1).unwrap();
        assert_eq!(x, vec![arg(Guard::True, 1), arg(p2, 2), arg(p3, 3)]);
        for a in 0..64u32 {
            let through = match value(&mut o, &x2, a).unwrap().value {
                r if r == v(50) => value(&mut o, &x1, a).unwrap().value,
                r => r,
            };
            assert_eq!(value(&mut o, &x, a).unwrap().value, through, "{a:06b}");
        }
        let y2 = [arg(p1, 50), arg(p3, 3)];
        assert_eq!(inline(&mut o, &y2, 0, &x1), None);
    }

    /// Example T38 (SSA book Fig. 14.5): `psi(a1, p2?a2, !p2?a3)`
    /// reduces to `psi(p2?a2, !p2?a3)` since true ⊆ p2 ∪ !p2.
    #[test]
    fn t38_reduction() {
        let mut o = Oracle::new();
        let x2 = [
            arg(Guard::True, 1),
            arg(Guard::If(v(P)), 2),
            arg(Guard::IfNot(v(P)), 3),
        ];
        let r = reduce(&mut o, &x2).unwrap();
        assert_eq!(r, x2[1..].to_vec());
        same_values(&mut o, &x2, &r);
        // nothing to drop in psi(a1, p?a2)
        let y = [arg(Guard::True, 1), arg(Guard::If(v(P)), 2)];
        assert_eq!(reduce(&mut o, &y).unwrap(), y.to_vec());
    }

    /// Example T39 (SSA book Fig. 14.6): projecting `psi(p2?a2,
    /// !p2?a3)` on p2 gives `psi(p2?a2)`; a3 goes (!p2 ∩ p2 = ∅).
    #[test]
    fn t39_projection() {
        let mut o = Oracle::new();
        let x2 = [arg(Guard::If(v(P)), 2), arg(Guard::IfNot(v(P)), 3)];
        let x3 = project(&mut o, &x2, Guard::If(v(P))).unwrap();
        assert_eq!(x3, vec![arg(Guard::If(v(P)), 2)]);
        // where p2 holds, both give a2
        for a in 0..64u32 {
            if a & 1 == 1 {
                assert_eq!(value(&mut o, &x2, a), value(&mut o, &x3, a));
            }
        }
        // projecting psi(a1, q?a2) on p needs p∧q: not a literal
        let y = [arg(Guard::True, 1), arg(Guard::If(v(Q)), 2)];
        assert_eq!(project(&mut o, &y, Guard::If(v(P))), None);
    }

    /// Example T40 (SSA book Fig. 14.7): `psi(p2?a2, !p2?a3)` may
    /// become `psi(!p2?a3, p2?a2)`; `psi(p?a, q?b)` with independent p and
    /// q may not.
    #[test]
    fn t40_permutation() {
        let mut o = Oracle::new();
        let (a2, a3) = (arg(Guard::If(v(P)), 2), arg(Guard::IfNot(v(P)), 3));
        assert!(permutable(&mut o, &a2, &a3));
        same_values(&mut o, &[a2, a3], &[a3, a2]);
        let (a, b) = (arg(Guard::If(v(P)), 1), arg(Guard::If(v(Q)), 2));
        assert!(!permutable(&mut o, &a, &b));
        // and indeed the swap changes the value when both hold
        let both = 0b11;
        assert_ne!(
            value(&mut o, &[a, b], both).map(|x| x.value),
            value(&mut o, &[b, a], both).map(|x| x.value)
        );
    }

    /// Example T41 (SSA book Fig. 14.8, Eq. 14.1; S0 §3.1).
    #[test]
    fn t41_promotion_conditions() {
        let mut o = Oracle::new();
        let (p, q) = (Guard::If(v(P)), Guard::If(v(Q)));
        // positive: psi(p?a1, !p?a2) → psi(a1, !p?a2)
        let x = [arg(p, 1), arg(Guard::IfNot(v(P)), 2)];
        assert!(can_promote(&mut o, &x, 0, Guard::True, Guard::True));
        let y = promote_first(&x);
        assert_eq!(y[0].guard, Guard::True);
        same_values(&mut o, &x, &y);
        // negative, definition rule: a2 defined under q (a predicated
        // load) cannot get the guard true
        let x = [arg(p, 1), arg(q, 2)];
        assert!(!can_promote(&mut o, &x, 1, Guard::True, q));
        // negative, Eq. 14.1: even with a2 unconditional, true − q = !q
        // meets p: the value would change when p=1, q=0
        assert!(!can_promote(&mut o, &x, 1, Guard::True, Guard::True));
        // discrepancy case: the first guard may become true (Eq. 14.1),
        // which S0's stricter formula (2) would refuse
        assert!(can_promote(&mut o, &x, 0, Guard::True, Guard::True));
        same_values(&mut o, &x, &promote_first(&x));
    }
}
