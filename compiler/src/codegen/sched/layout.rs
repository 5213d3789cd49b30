//! Block layout (gcc's `-freorder-blocks`; on at `-O2`): the blocks are
//! put in an order where the likely successor of a branch is the next
//! block, so that the common path falls through instead of paying the
//! taken-branch penalty (ISA-ST200 §5.3: one bubble per taken transfer).
//!
//! Bottom-up chain formation (Pettis and Hansen, "Profile guided code
//! positioning", PLDI 1990): every block starts as a chain of its own; the
//! edges are visited from the heaviest and an edge from the last block of
//! a chain to the first block of another joins the two. Without a profile
//! the weights are static estimates (Ball and Larus, "Branch prediction
//! for free", PLDI 1993, the loop heuristic): a block runs 8 times per
//! loop level around it, a branch back to its loop's header is taken 7
//! times in 8 and an edge leaving a loop 1 time in 8, the two sides of
//! other branches alike except that a tie goes to the side that followed
//! the branch before. A branch with a hint ([`MInst::prob`]:
//! `__builtin_expect`, a path to `__builtin_unreachable` or a `cold`
//! call) gives its edges 16·p and 16·(1 − p) instead, and the blocks that
//! a side reached only through it dominates are scaled by that side's
//! probability (`hint_scale`). The entry's chain comes first, the others
//! in the order of their first block before.
//!
//! Each block's fall-through first becomes an explicit `goto`, so any
//! order is correct; the peephole pass then deletes a `goto` to the next
//! block and turns `br b, next; goto L` into `brf b, L`. A block with a
//! fixed schedule (a modulo-scheduled kernel) keeps falling through to the
//! block after it: those two are chained before anything else.

use crate::analysis::{DomTree, LoopForest};
use crate::codegen::mir::{opc, Cfg, MBlockId, MFunc, MInst, Opnd};
use crate::ir::Prob;

/// Counters of one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Blocks whose position changed.
    pub moved: usize,
}

/// Whether `i` ends a block's control flow (nothing falls through it).
fn ends_flow(i: &MInst) -> bool {
    i.is(opc::GOTO) || i.is(opc::RETURN) || i.is(opc::IGOTO) || i.jump_table().is_some()
}

/// Reorders the blocks of `f` (see the module documentation).
pub fn run(f: &mut MFunc) -> Stats {
    let n = f.order.len();
    if n < 3 {
        return Stats::default();
    }
    let entry = f.order[0];
    // 1. explicit fall-throughs, except after a fixed schedule
    let mut fixed_next: Vec<(MBlockId, MBlockId)> = vec![];
    for k in 0..n - 1 {
        let (b, next) = (f.order[k], f.order[k + 1]);
        let falls = f.block(b).insts.last().is_none_or(|i| !ends_flow(i));
        if !falls {
            continue;
        }
        if f.block(b).cycles.is_some() {
            fixed_next.push((b, next));
        } else {
            let g = MInst::new(opc::GOTO, vec![Opnd::Label(next)]);
            f.block_mut(b).insts.push(g);
        }
    }
    // 2. static edge weights
    let cfg = Cfg::new(f);
    let forest = LoopForest::new(entry, cfg.succ_lists());
    let freq = |b: MBlockId| 8u64.pow(forest.loop_depth(b).min(6));
    let hints = hinted_edges(f, &cfg);
    let scale = hint_scale(f, &cfg, entry, &hints);
    let mut edges: Vec<(u128, usize, MBlockId, MBlockId)> = vec![];
    for (k, &b) in f.order.iter().enumerate() {
        let succs = cfg.succs(b);
        let hint = hints[b.index()];
        // an edge leaving b's innermost loop
        let exits = |s: MBlockId| {
            forest
                .loop_of(b)
                .is_some_and(|l| !forest.ancestors(s).contains(l))
        };
        for &s in succs {
            // ties go to the block that followed b before (the front end
            // lays out the `then` side and a switch's table after their
            // test: a range check's default is the exception)
            let was_next = f.order.get(k + 1) == Some(&s);
            // in millionths of an edge of weight 1
            let w: u64 = match hint {
                Some((taken, p)) if succs.len() == 2 => {
                    16 * u64::from(if s == taken { p.0 } else { p.complement().0 })
                }
                _ if succs.len() == 1 => 16 * MILLION,
                _ if forest.is_loop_edge(b, s) => 14 * MILLION,
                _ if exits(s) && succs.iter().any(|&t| !exits(t)) => 2 * MILLION,
                _ => (8 + u64::from(was_next)) * MILLION,
            };
            let weight = u128::from(freq(b) * w) * u128::from(scale[b.index()]);
            edges.push((weight, k, b, s));
        }
    }
    edges.sort_by_key(|e| (std::cmp::Reverse(e.0), e.1));
    // 3. chains: next/prev links between blocks
    let nb = f.blocks.len();
    let mut next: Vec<Option<MBlockId>> = vec![None; nb];
    let mut prev: Vec<Option<MBlockId>> = vec![None; nb];
    let head_of = |prev: &[Option<MBlockId>], mut b: MBlockId| {
        while let Some(p) = prev[b.index()] {
            b = p;
        }
        b
    };
    let links = fixed_next
        .iter()
        .copied()
        .chain(edges.iter().map(|e| (e.2, e.3)));
    for (a, b) in links {
        if a == b || b == entry || next[a.index()].is_some() || prev[b.index()].is_some() {
            continue;
        }
        if head_of(&prev, a) == b {
            continue; // would close a cycle
        }
        next[a.index()] = Some(b);
        prev[b.index()] = Some(a);
    }
    // 4. the chains, the entry's first, then by the position of their head
    let mut order = Vec::with_capacity(n);
    let mut placed = vec![false; nb];
    for &h in &f.order {
        if prev[h.index()].is_some() || placed[h.index()] {
            continue;
        }
        let mut b = Some(h);
        while let Some(x) = b {
            placed[x.index()] = true;
            order.push(x);
            b = next[x.index()];
        }
    }
    let moved = order.iter().zip(&f.order).filter(|(a, b)| a != b).count();
    f.order = order;
    Stats { moved }
}

/// Parts per million of one ([`Prob::ONE`]).
const MILLION: u64 = Prob::ONE as u64;

/// Per block: the branch hint of its conditional branch
/// ([`MInst::prob`]) as (the successor it goes to when taken, the
/// probability of that), when it has one and two distinct successors.
pub(crate) fn hinted_edges(f: &MFunc, cfg: &Cfg) -> Vec<Option<(MBlockId, Prob)>> {
    let mut hints = vec![None; f.blocks.len()];
    for &b in &f.order {
        let br = f.block(b).insts.iter().rev().find(|i| {
            (i.is(opc::BR) || i.is(opc::BRF)) && matches!(i.ops.last(), Some(Opnd::Label(_)))
        });
        let Some(br) = br else { continue };
        let (Some(p), Some(&Opnd::Label(taken))) = (br.prob, br.ops.last()) else {
            continue;
        };
        if cfg.succs(b).len() == 2 && cfg.succs(b).contains(&taken) {
            hints[b.index()] = Some((taken, p));
        }
    }
    hints
}

/// Per block, in parts per million: how often it runs relative to the
/// loop heuristic's estimate, from the branch hints. A hinted branch's
/// edge to a successor `s` that has no other predecessor scales every
/// block that `s` dominates by the edge's probability (so the code under
/// an unlikely `if` weighs little, and its join falls through from the
/// likely side, not from the rare one); the blocks where the paths meet
/// again keep their weight. All one million when no branch is hinted, so
/// the layout of a function without hints is unchanged.
fn hint_scale(
    f: &MFunc,
    cfg: &Cfg,
    entry: MBlockId,
    hints: &[Option<(MBlockId, Prob)>],
) -> Vec<u64> {
    let mut scale = vec![1.0f64; f.blocks.len()];
    if hints.iter().all(Option::is_none) {
        return vec![MILLION; f.blocks.len()];
    }
    let dt = DomTree::new(entry, cfg.succ_lists());
    for &d in &f.order {
        let Some((taken, p)) = hints[d.index()] else {
            continue;
        };
        for &s in cfg.succs(d) {
            let ps = if s == taken { p } else { p.complement() };
            if s == d || cfg.preds(s) != [d] {
                continue;
            }
            for &x in &f.order {
                if dt.dominates(s, x) {
                    scale[x.index()] *= ps.as_f64();
                }
            }
        }
    }
    scale
        .iter()
        .map(|x| ((x * MILLION as f64).round() as u64).max(1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::interp::run;
    use crate::codegen::mir::{parse, print, Reg};
    use crate::codegen::peephole;

    /// `s = 0; for (i = 0; i < n; i++) s += i; return s;` laid out as the
    /// front end might: the loop test B1 branches to the body B3 and falls
    /// through to the exit B2; B3 jumps back. Weights by hand (a loop
    /// block runs 8 times): B3 → B1 8·16 = 128 (its only edge), B1 → B3
    /// 8·8 = 64, B1 → B2 8·2 = 16 (it leaves the loop), B0 → B1 16. The
    /// chains: B3 B1 first, B1 → B3 would close a cycle, B0 → B1 finds B1
    /// taken, then B3 B1 B2; so B0 B3 B1 B2, the rotated loop: after the
    /// peephole pass B0 jumps to the test once, B3 falls into B1 and B1
    /// ends in `br $b0, B3`, one taken branch per iteration instead of
    /// two. n = 5 gives 0 + 1 + 2 + 3 + 4 = 10 before and after.
    #[test]
    fn the_loop_body_follows_its_test() {
        let text = "function @f global\nvregs 0\norder B0 B1 B2 B3\nB0:\n  mov $r20 = $r0\n  mov $r22 = $r0\nB1:\n  cmplt $b0 = $r20, $r16\n  br $b0, B3\nB2:\n  mov $r16 = $r22\n  return $r63 uses($r16)\nB3:\n  add $r22 = $r22, $r20\n  add $r20 = $r20, 1\n  goto B1\n";
        let before = parse::function(text).expect("parses");
        let mut f = before.clone();
        let st = run_layout(&mut f);
        assert!(st.moved > 0);
        let names: Vec<usize> = f.order.iter().map(|b| b.index()).collect();
        assert_eq!(names, [0, 3, 1, 2]);
        peephole::run(&mut f);
        let last = |b: usize| print::inst(f.blocks[b].insts.last().unwrap());
        assert_eq!(last(1), "br $b0, B3", "{}", print::function(&f));
        assert_eq!(last(3), "add $r20 = $r20, 1", "{}", print::function(&f));
        let inputs = [(Reg::G(16), 5)];
        assert_eq!(run(&before, &inputs), Ok(10));
        assert_eq!(run(&f, &inputs), Ok(10));
    }

    /// `if (x < 0) x = -x; else x = x + 1; return x;` with the rare side
    /// first, as the front end lays it out: B0 `brf` to the common side
    /// B2 and falls into the rare B1. Without a hint the weights (by hand)
    /// are B1 → B3 16 and B2 → B3 16 (a tie, B1 first), B0 → B1 9 (it
    /// followed B0), B0 → B2 8: order B0 B1 B3 B2, the rare side falls
    /// through. With `__builtin_expect(x < 0, 0)`'s hint the `brf` is
    /// taken with probability 0.9: B0 → B2 16 · 0.9 = 14.4, B0 → B1 1.6,
    /// B2 (only reached from B0) scaled by 0.9 so B2 → B3 14.4, B1 → B3
    /// 1.6: order B0 B2 B3 B1, and the peephole pass leaves `br $b0, B1`
    /// (taken 1 time in 10) with B2 falling through. x = −3 gives 3 and
    /// x = 5 gives 6 in both.
    #[test]
    fn a_hinted_branch_puts_its_likely_side_on_the_fall_through() {
        let text = "function @f global\nvregs 0\norder B0 B1 B2 B3\nB0:\n  cmplt $b0 = $r16, $r0\n  brf $b0, B2\nB1:\n  sub $r16 = $r0, $r16\n  goto B3\nB2:\n  add $r16 = $r16, 1\nB3:\n  return $r63 uses($r16)\n";
        let before = parse::function(text).expect("parses");
        let order = |f: &MFunc| -> Vec<usize> { f.order.iter().map(|b| b.index()).collect() };
        let mut plain = before.clone();
        run_layout(&mut plain);
        assert_eq!(order(&plain), [0, 1, 3, 2]);
        let mut hinted = before.clone();
        let br = hinted.blocks[0].insts.last_mut().unwrap();
        assert!(br.is(opc::BRF));
        br.prob = Some(Prob(900_000));
        run_layout(&mut hinted);
        assert_eq!(order(&hinted), [0, 2, 3, 1]);
        peephole::run(&mut hinted);
        let br = hinted.blocks[0].insts.last().unwrap();
        assert_eq!(
            print::inst(br),
            "br $b0, B1",
            "{}",
            print::function(&hinted)
        );
        assert_eq!(br.prob, Some(Prob(100_000)));
        for (x, want) in [(-3, 3), (5, 6)] {
            let inputs = [(Reg::G(16), x)];
            assert_eq!(run(&before, &inputs), Ok(want));
            assert_eq!(run(&hinted, &inputs), Ok(want));
        }
    }

    fn run_layout(f: &mut MFunc) -> Stats {
        super::run(f)
    }
}
