//! Static branch prediction from the program's own statements (gcc's
//! "noreturn" and "cold function" predictors): a path that ends in
//! `__builtin_unreachable()` (or `__builtin_trap()`) or that calls a
//! function declared `__attribute__((cold))` is almost never taken, so
//! the branch that chooses it gets the probability
//! [`Prob::VERY_UNLIKELY`] for that side ([`InstKind::Branch`]'s `prob`).
//! Block layout then puts the other side on the fall-through path and the
//! if-conversion cost model weighs the paths with it (Ball and Larus,
//! "Branch prediction for free", PLDI 1993, call the same idea for calls
//! their "call heuristic").
//!
//! A block is *cold* when it ends in `unreachable`, calls a cold function,
//! or has successors and all of them are cold (a least fixed point, so a
//! loop is never cold by itself). A two-way branch with exactly one cold
//! successor and no hint yet gets one; a hint the program gave with
//! `__builtin_expect` is kept. The pass only sets hints: the program's
//! behaviour never depends on them. It runs last in the pipeline, so no
//! later IR pass has to keep its hints up to date.

use super::Stats;
use crate::ir::{Function, InstKind, Prob};

/// Whether block `b`'s own instructions make it cold: a call of a cold
/// function or an `unreachable` terminator.
fn cold_by_itself(f: &Function, b: crate::ir::Block) -> bool {
    f.blocks[b.index()]
        .insts
        .iter()
        .any(|&i| match &f.insts[i.index()].kind {
            InstKind::Unreachable => true,
            InstKind::Call { abi, .. } => abi.cold,
            _ => false,
        })
}

/// Sets the hints of the module documentation on `f`'s branches. Counter:
/// "branches predicted".
pub fn run(f: &mut Function) -> Stats {
    let mut st = Stats::default();
    let n = f.blocks.len();
    let mut cold = vec![false; n];
    for &b in &f.layout {
        cold[b.index()] = cold_by_itself(f, b);
    }
    // least fixed point: a block all of whose successors are cold
    let mut changed = true;
    while changed {
        changed = false;
        for &b in f.layout.iter().rev() {
            if cold[b.index()] {
                continue;
            }
            let succs = f.successors(b);
            if !succs.is_empty() && succs.iter().all(|s| cold[s.index()]) {
                cold[b.index()] = true;
                changed = true;
            }
        }
    }
    if !cold.iter().any(|&c| c) {
        st.add("branches predicted", 0);
        return st;
    }
    let mut predicted = 0;
    for &b in &f.layout.clone() {
        let Some(&t) = f.blocks[b.index()].insts.last() else {
            continue;
        };
        if let InstKind::Branch {
            then, else_, prob, ..
        } = &mut f.insts[t.index()].kind
        {
            if prob.is_some() || then == else_ {
                continue;
            }
            *prob = match (cold[then.index()], cold[else_.index()]) {
                (true, false) => Some(Prob::VERY_UNLIKELY),
                (false, true) => Some(Prob::VERY_UNLIKELY.complement()),
                _ => continue,
            };
            predicted += 1;
        }
    }
    st.add("branches predicted", predicted);
    st
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::parse_module;

    fn prob_of(f: &Function, b: usize) -> Option<Prob> {
        let t = *f.blocks[b].insts.last().unwrap();
        match f.insts[t.index()].kind {
            InstKind::Branch { prob, .. } => prob,
            _ => panic!("not a branch"),
        }
    }

    /// `if (x < 0) __builtin_unreachable(); return x + 1;` with the
    /// unreachable side first: b1 is cold, so the branch goes to b1 with
    /// probability 1/10 000 (100 parts per million). In a second function
    /// b1 only jumps to the unreachable b3 (cold through its successor),
    /// and a branch that already has a hint (500 000) keeps it.
    #[test]
    fn paths_to_unreachable_are_very_unlikely() {
        let text = "
func @f(i32 %x) -> i32 {
b0:
  %zero = iconst.i32 0
  %neg = icmp.slt.i32 %x, %zero
  br %neg, b1, b2
b1:
  unreachable
b2:
  %one = iconst.i32 1
  %r = add.i32 %x, %one
  ret %r
}
func @g(i32 %x) -> i32 {
b0:
  br %x, b2, b1
b1:
  jump b3
b2:
  br %x, b3, b4, prob 500000
b3:
  unreachable
b4:
  ret %x
}
";
        let mut m = parse_module(text).expect("parses");
        let st = run(&mut m.functions[0]);
        assert_eq!(st.get("branches predicted"), 1);
        assert_eq!(prob_of(&m.functions[0], 0), Some(Prob(100)));
        let st = run(&mut m.functions[1]);
        assert_eq!(st.get("branches predicted"), 1);
        // b0 → b1 (cold through b3) is the `else` side: then 999 900
        assert_eq!(prob_of(&m.functions[1], 0), Some(Prob(999_900)));
        assert_eq!(prob_of(&m.functions[1], 2), Some(Prob(500_000)));
    }
}
