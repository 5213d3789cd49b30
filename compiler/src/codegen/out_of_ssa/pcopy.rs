//! Parallel-copy sequentialisation (SSA book §3.2, §19.3): the optimal algorithm
//! of Boissinot et al. (SSA book, §19.3, Alg. 19.6)
//! with a corrected cycle test (below).
//!
//! A parallel copy `(d0, …, dn-1) ← (s0, …, sn-1)` reads every source before
//! it writes any destination. Its copies form a "windmill" graph: every
//! destination has a single source, so each connected component is one
//! cycle with trees (the *blades*) hanging off it, or a tree. The algorithm
//! walks it from the blade tips to the wheel without building it:
//!
//! - `loc(a)`: where the original value of `a` is currently available;
//! - `pred(b)`: the register whose original value `b` must receive;
//! - `ready`: destinations that may be overwritten now (their original value
//!   is not needed, or has been saved elsewhere).
//!
//! It emits one copy per non-self copy, plus one copy into a temporary for
//! each cycle *without* a blade, which is the minimum (SSA book §3.2, §19.3).
//!
//! Erratum: Alg. 19.6 as printed breaks a
//! cycle when `b == loc(pred(b))`, which never holds for a plain swap
//! `{a→b, b→a}`. The working test is `loc(b) == b`: once the `ready` list is
//! exhausted, a destination whose copy is still to do holds its own original
//! value exactly when it sits on a cycle with no blade.
//!
//! The code is register-independent: it works on [`Reg`] and gets the
//! temporary from a callback (a fresh virtual register in out-of-SSA
//! translation).

use crate::codegen::mir::Reg;

/// Sequentialises the parallel copy `copies`, given as `(dst, src)` pairs.
///
/// - Self copies (`dst == src`) are dropped.
/// - Destinations must be distinct; a repeated destination keeps its first
///   copy (a parallel copy writing two values into one register has no
///   meaning).
/// - `temp(r)` is called once per cycle without a blade, with the register
///   `r` whose value is saved, and must return a register that is not an
///   operand of the parallel copy (a fresh virtual register).
///
/// Returns the copies `(dst, src)` in execution order: running them one
/// after the other gives every destination the value its source had before
/// the parallel copy. Their number is the number of non-self copies plus
/// the number of cycles without a blade (SSA book §3.2, §19.3, T56).
pub fn sequentialize(copies: &[(Reg, Reg)], mut temp: impl FnMut(Reg) -> Reg) -> Vec<(Reg, Reg)> {
    // Dense local numbering of the registers involved.
    let mut regs: Vec<Reg> = vec![];
    let idx = |x: Reg, regs: &mut Vec<Reg>| -> usize {
        match regs.iter().position(|&y| y == x) {
            Some(i) => i,
            None => {
                regs.push(x);
                regs.len() - 1
            }
        }
    };
    let mut pairs: Vec<(usize, usize)> = vec![]; // (src a, dst b), a ≠ b
    for &(d, s) in copies {
        if d == s {
            continue;
        }
        let (a, b) = (idx(s, &mut regs), idx(d, &mut regs));
        if pairs.iter().any(|&(_, b2)| b2 == b) {
            continue;
        }
        pairs.push((a, b));
    }
    const NONE: usize = usize::MAX;
    let n = regs.len();
    // Temporaries get local numbers n, n+1, … as they are created.
    let mut loc = vec![NONE; n];
    let mut pred = vec![NONE; n];
    let mut ready: Vec<usize> = vec![];
    let mut todo: Vec<usize> = vec![];
    for &(a, b) in &pairs {
        loc[a] = a; // needed and not copied yet
        pred[b] = a; // unique predecessor
        todo.push(b);
    }
    for &(_, b) in &pairs {
        if loc[b] == NONE {
            ready.push(b); // b is not a source: it can be overwritten
        }
    }
    let mut out: Vec<(Reg, Reg)> = vec![];
    loop {
        while let Some(b) = ready.pop() {
            let a = pred[b];
            let c = loc[a];
            out.push((regs[b], regs[c]));
            loc[a] = b;
            if a == c && pred[a] != NONE {
                ready.push(a); // a's value saved in b: a can be overwritten
            }
        }
        let Some(b) = todo.pop() else { break };
        // Corrected test (appendix item 3): b still holds its own value, so
        // its copy is not done and b is on a cycle with no blade.
        if loc[b] == b {
            let t = temp(regs[b]);
            regs.push(t);
            pred.push(NONE);
            let ti = regs.len() - 1;
            out.push((t, regs[b]));
            loc[b] = ti;
            ready.push(b);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::VReg;
    use crate::hash::HashMap;
    use proptest::prelude::*;

    fn v(n: u32) -> Reg {
        Reg::V(VReg(n))
    }

    /// Runs `seq` on a register file where register r initially holds the
    /// value of `init(r)`, returns the final file.
    fn run(seq: &[(Reg, Reg)], init: impl Fn(Reg) -> i64) -> HashMap<Reg, i64> {
        let mut m: HashMap<Reg, i64> = HashMap::default();
        for &(d, s) in seq {
            let x = *m.get(&s).unwrap_or(&init(s));
            m.insert(d, x);
        }
        m
    }

    fn init(r: Reg) -> i64 {
        match r {
            Reg::V(n) => n.0 as i64 * 10 + 1,
            Reg::G(n) => 1000 + n as i64,
            Reg::B(n) => 2000 + n as i64,
        }
    }

    /// Checks that `seq` implements the parallel copy `pc` (every
    /// destination gets its source's old value; no register outside the
    /// destinations and temporaries `>= V(1000)` changes).
    fn check(pc: &[(Reg, Reg)], seq: &[(Reg, Reg)]) {
        let m = run(seq, init);
        for &(d, s) in pc {
            assert_eq!(
                m.get(&d).copied().unwrap_or(init(d)),
                init(s),
                "{d:?} <- {s:?} in {seq:?}"
            );
        }
        for (&r, &x) in &m {
            let is_dst = pc.iter().any(|&(d, _)| d == r);
            let is_temp = matches!(r, Reg::V(n) if n.0 >= 1000);
            assert!(
                is_dst || is_temp || x == init(r),
                "{r:?} clobbered in {seq:?}"
            );
        }
    }

    fn temps() -> impl FnMut(Reg) -> Reg {
        let mut k = 1000;
        move |_| {
            k += 1;
            v(k)
        }
    }

    // SSA book 3.2 Alg. 3.6, 19.3 Alg. 19.6, example T56, bullet 1: `a1 ← a2 ∥ b1 ← b2`: two independent
    // copies, 2 copies in either order, no temporary.
    #[test]
    fn t56_independent() {
        let pc = [(v(1), v(2)), (v(3), v(4))];
        let s = sequentialize(&pc, temps());
        assert_eq!(s.len(), 2);
        check(&pc, &s);
    }

    // SSA book 3.2 Alg. 3.6, 19.3 Alg. 19.6, example T56, bullet 2 (S4 §2.3): `R0 ← R1 ∥ R1 ← R0` is exactly 3
    // copies with one temporary: `t = R1; R1 = R0; R0 = t` (or the mirror).
    #[test]
    fn t56_swap() {
        let pc = [(Reg::G(20), Reg::G(21)), (Reg::G(21), Reg::G(20))];
        let mut ntemp = 0;
        let s = sequentialize(&pc, |_| {
            ntemp += 1;
            v(1000)
        });
        assert_eq!(ntemp, 1);
        assert_eq!(s.len(), 3);
        assert_eq!(s[0].0, v(1000), "first saves into the temporary");
        assert_eq!(s[2].1, v(1000), "last restores from it");
        check(&pc, &s);
    }

    // SSA book 3.2 Alg. 3.6, 19.3 Alg. 19.6, example T56, bullet 3: `b ← a, c ← b, a ← c, d ← c` (a cycle with
    // a blade d): 4 copies `d=c; c=b; b=a; a=d`, no temporary.
    #[test]
    fn t56_cycle_with_blade() {
        let (a, b, c, d) = (v(1), v(2), v(3), v(4));
        let pc = [(b, a), (c, b), (a, c), (d, c)];
        let s = sequentialize(&pc, |_| panic!("no temporary needed"));
        assert_eq!(s, vec![(d, c), (c, b), (b, a), (a, d)]);
        check(&pc, &s);
    }

    // SSA book 3.2 Alg. 3.6, 19.3 Alg. 19.6, example T56, bullet 4: `b ← a, c ← a, d ← b` (fan-out): 3 copies.
    #[test]
    fn t56_fan_out() {
        let (a, b, c, d) = (v(1), v(2), v(3), v(4));
        let pc = [(b, a), (c, a), (d, b)];
        let s = sequentialize(&pc, |_| panic!("no temporary needed"));
        assert_eq!(s.len(), 3);
        check(&pc, &s);
    }

    #[test]
    fn self_copies_and_duplicates() {
        let pc = [(v(1), v(1)), (v(2), v(3)), (v(2), v(4))];
        let s = sequentialize(&pc, temps());
        assert_eq!(s, vec![(v(2), v(3))]);
    }

    #[test]
    fn two_cycles_two_temporaries() {
        // (1 2 3) and (4 5): 3 + 2 copies + 2 temporaries
        let pc = [
            (v(2), v(1)),
            (v(3), v(2)),
            (v(1), v(3)),
            (v(5), v(4)),
            (v(4), v(5)),
        ];
        let s = sequentialize(&pc, temps());
        assert_eq!(s.len(), 7);
        check(&pc, &s);
    }

    /// Independent count for the property test: non-self copies plus
    /// cycles whose nodes have no other out-edge (cycles without a blade),
    /// found by following `dst → src` from every destination.
    fn expected_count(pc: &[(u32, u32)]) -> usize {
        let src_of: HashMap<u32, u32> = pc.iter().map(|&(d, s)| (d, s)).collect();
        let nonself = pc.iter().filter(|&&(d, s)| d != s).count();
        let mut out_deg: HashMap<u32, usize> = HashMap::default();
        for &(d, s) in pc {
            if d != s {
                *out_deg.entry(s).or_default() += 1;
            }
        }
        let mut seen: Vec<u32> = vec![];
        let mut cycles = 0;
        for &(d0, s0) in pc {
            if d0 == s0 || seen.contains(&d0) {
                continue;
            }
            // walk backwards from d0 along sources; a cycle returns to d0
            let mut path = vec![d0];
            let mut x = d0;
            let mut cyc = false;
            while let Some(&s) = src_of.get(&x) {
                if s == x {
                    break;
                }
                if s == d0 {
                    cyc = true;
                    break;
                }
                if path.contains(&s) {
                    break;
                }
                path.push(s);
                x = s;
            }
            if cyc {
                seen.extend(path.iter().copied());
                if path
                    .iter()
                    .all(|y| out_deg.get(y).copied().unwrap_or(0) == 1)
                {
                    cycles += 1;
                }
            }
        }
        nonself + cycles
    }

    proptest! {
        // SSA book 3.2 Alg. 3.6, 19.3 Alg. 19.6, example T56, property bullet and P17: random parallel copies
        // on up to 8 registers; the sequence must implement the parallel
        // copy and have exactly (non-self copies + cycles without a blade)
        // copies.
        #[test]
        fn random_parallel_copies(srcs in proptest::collection::vec(0u32..8, 0..8),
                                  perm in Just((0u32..8).collect::<Vec<u32>>()).prop_shuffle()) {
            let pcu: Vec<(u32, u32)> = srcs.iter().enumerate().map(|(i, &s)| (perm[i], s)).collect();
            let pc: Vec<(Reg, Reg)> = pcu.iter().map(|&(d, s)| (v(d), v(s))).collect();
            let s = sequentialize(&pc, temps());
            check(&pc, &s);
            prop_assert_eq!(s.len(), expected_count(&pcu));
        }
    }
}
