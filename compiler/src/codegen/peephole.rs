//! Peephole clean-up after register allocation, before frame layout and
//! scheduling: copies on physical registers and the jumps of the layout.
//!
//! - A copy `mov $rX = $rX` (ISA-ST200 §4.9, an alias of `add`) is deleted
//!   ([`Stats::identity_copies`]).
//! - A copy `mov $rD = $rS` whose destination is dead (written again before
//!   any read in its block, or not live at the block's end) is deleted
//!   ([`Stats::dead_copies`]).
//! - A copy `mov $rD = $rS` read by one later operation of its block (an
//!   explicit source operand of an operation that is not a control
//!   operation), with `$rS` not written in between and `$rD` dead after
//!   that read (or written by it), is folded: the reader reads `$rS`, the
//!   copy is deleted ([`Stats::copies_folded`]).
//! - A branch or `goto` whose target is a block holding only `goto L` (or
//!   nothing, falling into the next block of the layout) goes to `L` (the
//!   next block) directly ([`Stats::branches_threaded`]); blocks no longer
//!   reachable from the entry leave the layout ([`Stats::blocks_removed`]).
//! - `br $b, L1; goto L2` where `L1` is the next block of the layout
//!   ([`MFunc::order`]) becomes `brf $b, L2` (and `brf` becomes `br`,
//!   §4.7) ([`Stats::branches_inverted`]).
//! - A `goto` to the next block of the layout, or a conditional branch to
//!   it, is deleted ([`Stats::jumps_removed`]).
//!
//! Instruction selection already removes jumps to the next block and
//! inverts branches over a `goto` once ([`super::isel`]); what this pass
//! finds was made by the later passes: blocks split by out-of-SSA
//! translation or if-conversion whose copies register allocation
//! coalesced away, copies the allocator could not give one register.
//!
//! `$r12` (the stack pointer) and `$r63` (the link register, which
//! `return` and `icall` read without naming it, §7.1) are never touched.

use super::mir::*;
use super::regalloc::linear_scan::is_copy;
use super::regalloc::liveness;
use crate::analysis::BitSet;
use isa::abi;

/// Counters of one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// `mov $rX = $rX` deleted.
    pub identity_copies: usize,
    /// Copies whose destination was dead, deleted.
    pub dead_copies: usize,
    /// Copies folded into their single reader.
    pub copies_folded: usize,
    /// Branch targets moved past a block holding only a `goto` (or
    /// nothing).
    pub branches_threaded: usize,
    /// Blocks left unreachable, taken out of the layout.
    pub blocks_removed: usize,
    /// `br b, next; goto L` turned into `brf b, L` (or the converse).
    pub branches_inverted: usize,
    /// `goto` or conditional branch to the next block deleted.
    pub jumps_removed: usize,
}

/// Operations scanned forward from a copy before giving up.
const WINDOW: usize = 256;

/// Runs every rewrite on `f` (physical registers only: after register
/// allocation) and returns the counters.
pub fn run(f: &mut MFunc) -> Stats {
    let mut st = Stats::default();
    jumps(f, &mut st);
    copies(f, &mut st);
    st
}

fn index(x: Reg) -> Option<usize> {
    match x {
        Reg::G(n) => Some(n as usize),
        Reg::B(n) => Some(abi::GR_COUNT as usize + n as usize),
        Reg::V(_) => None,
    }
}

const NREGS: usize = (abi::GR_COUNT + abi::BR_COUNT) as usize;

fn untouchable(x: Reg) -> bool {
    x == Reg::SP || x == Reg::LINK || matches!(x, Reg::V(_))
}

/// The copy rewrites, block by block, with the live-out sets of the
/// function computed once (a rewrite never changes what is live at a
/// block boundary: see [`fold_or_delete`]).
fn copies(f: &mut MFunc, st: &mut Stats) {
    let (_, live_out) = liveness::live_sets(f, NREGS, index);
    for &b in &f.order.clone() {
        let out = &live_out[b.index()];
        let insts = &mut f.blocks[b.index()].insts;
        let mut p = 0;
        while p < insts.len() {
            if is_copy(&insts[p]) && fold_or_delete(insts, p, out, st) {
                continue;
            }
            p += 1;
        }
    }
}

/// Reads of `x` by `i`: explicit source operands and implicit uses.
fn reads(i: &MInst, x: Reg) -> bool {
    i.reads(x)
}

fn writes(i: &MInst, x: Reg) -> bool {
    i.writes(x)
}

/// Rewrites the copy at `insts[p]` if one of the copy rules applies (it is
/// then deleted): true if it did. `$rD` is dead after the copy, or only
/// its one reader reads it, so no block boundary sees a change in `$rD`;
/// `$rS` is read later than before but is not written in between, so its
/// liveness at the boundaries does not change either.
fn fold_or_delete(insts: &mut Vec<MInst>, p: usize, live_out: &BitSet, st: &mut Stats) -> bool {
    let (Opnd::R(d), Opnd::R(s)) = (insts[p].ops[0].clone(), insts[p].ops[1].clone()) else {
        return false;
    };
    if d == s {
        insts.remove(p);
        st.identity_copies += 1;
        return true;
    }
    if d == Reg::ZERO {
        // a write to $r0 is discarded (§1.2)
        insts.remove(p);
        st.dead_copies += 1;
        return true;
    }
    if untouchable(d) || untouchable(s) {
        return false;
    }
    let live_at_end = |x: Reg| index(x).is_none_or(|k| live_out.contains(k));
    // first reader of d, and whether s is written before it
    let end = insts.len().min(p + 1 + WINDOW);
    let mut q = p + 1;
    let mut s_written = false;
    let reader = loop {
        if q == end {
            if q == insts.len() && !live_at_end(d) {
                break None;
            }
            return false;
        }
        let i = &insts[q];
        if reads(i, d) {
            break Some(q);
        }
        if writes(i, d) {
            break None;
        }
        s_written |= writes(i, s);
        q += 1;
    };
    let Some(q) = reader else {
        insts.remove(p);
        st.dead_copies += 1;
        return true;
    };
    let u = &insts[q];
    if s_written || u.is_control() || u.imp_uses.contains(&d) || u.op == MOp::PCopy || u.is_asm() {
        return false;
    }
    // d must be dead after its reader (or written by it)
    if !writes(u, d) {
        let end = insts.len().min(q + 1 + WINDOW);
        let mut k = q + 1;
        loop {
            if k == end {
                if k == insts.len() && !live_at_end(d) {
                    break;
                }
                return false;
            }
            if reads(&insts[k], d) {
                return false;
            }
            if writes(&insts[k], d) {
                break;
            }
            k += 1;
        }
    }
    let defs: Vec<bool> = (0..insts[q].ops.len())
        .map(|k| insts[q].is_def(k))
        .collect();
    for (o, is_def) in insts[q].ops.iter_mut().zip(defs) {
        if !is_def && *o == Opnd::R(d) {
            *o = Opnd::R(s);
        }
    }
    insts.remove(p);
    st.copies_folded += 1;
    true
}

/// The jump rewrites, repeated until nothing changes (a deleted `goto` can
/// leave an empty block, which threading then skips).
fn jumps(f: &mut MFunc, st: &mut Stats) {
    // each round removes jumps or blocks; the bound is a safety net
    for _ in 0..=f.blocks.len() {
        let before = *st;
        thread(f, st);
        prune(f, st);
        layout(f, st);
        if *st == before {
            break;
        }
    }
}

/// Where a jump to `b` may go instead: the target of `b`'s lone `goto`, or
/// the next block of the layout when `b` is empty.
fn forward(f: &MFunc, b: MBlockId, next: Option<MBlockId>) -> Option<MBlockId> {
    match f.block(b).insts.as_slice() {
        [] => next,
        [g] if g.is(opc::GOTO) => match g.ops[0] {
            Opnd::Label(l) => Some(l),
            _ => None,
        },
        _ => None,
    }
}

fn thread(f: &mut MFunc, st: &mut Stats) {
    let nb = f.blocks.len();
    let mut fwd: Vec<Option<MBlockId>> = vec![None; nb];
    for (k, &b) in f.order.iter().enumerate() {
        fwd[b.index()] = forward(f, b, f.order.get(k + 1).copied());
    }
    // the end of each chain; a chain that does not end in nb steps runs
    // in a cycle of gotos, and its jumps stay
    let target = |t0: MBlockId| {
        let mut t = t0;
        for _ in 0..=nb {
            match fwd.get(t.index()).copied().flatten() {
                Some(n) if n != t => t = n,
                _ => return t,
            }
        }
        t0
    };
    for &b in &f.order {
        for i in f.blocks[b.index()].insts.iter_mut() {
            if !i.is_terminator() {
                continue;
            }
            for o in i.ops.iter_mut() {
                if let Opnd::Label(t) = o {
                    let n = target(*t);
                    if n != *t {
                        *t = n;
                        st.branches_threaded += 1;
                    }
                }
            }
        }
    }
}

/// Takes the blocks not reachable from the entry out of the layout (and
/// empties them).
fn prune(f: &mut MFunc, st: &mut Stats) {
    let Some(&entry) = f.order.first() else {
        return;
    };
    let cfg = Cfg::new(f);
    let mut seen = vec![false; f.blocks.len()];
    let mut stack = vec![entry];
    seen[entry.index()] = true;
    while let Some(b) = stack.pop() {
        for &s in cfg.succs(b) {
            if s.index() < seen.len() && !seen[s.index()] {
                seen[s.index()] = true;
                stack.push(s);
            }
        }
    }
    let before = f.order.len();
    f.order.retain(|b| seen[b.index()]);
    for (k, seen) in seen.iter().enumerate() {
        if !seen {
            f.blocks[k].insts.clear();
        }
    }
    st.blocks_removed += before - f.order.len();
}

fn layout(f: &mut MFunc, st: &mut Stats) {
    let order = f.order.clone();
    for (k, &b) in order.iter().enumerate() {
        let Some(&next) = order.get(k + 1) else {
            continue;
        };
        let to_next = |i: &MInst| i.ops.last() == Some(&Opnd::Label(next));
        let cond = |i: &MInst| i.is(opc::BR) || i.is(opc::BRF);
        let insts = &mut f.blocks[b.index()].insts;
        let n = insts.len();
        if n >= 2 && insts[n - 1].is(opc::GOTO) && cond(&insts[n - 2]) && to_next(&insts[n - 2]) {
            let g = insts.pop().expect("goto");
            let br = insts.last_mut().expect("branch");
            br.op = MOp::Isa(if br.is(opc::BR) { opc::BRF } else { opc::BR });
            br.ops[1] = g.ops[0].clone();
            br.prob = br.prob.map(crate::ir::Prob::complement);
            st.branches_inverted += 1;
        }
        // jumps to the next block, from the end (a `br` to it can stand
        // before a `goto` to it)
        while let Some(last) = insts.last() {
            if (last.is(opc::GOTO) || cond(last)) && to_next(last) {
                insts.pop();
                st.jumps_removed += 1;
            } else {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::{parse, print};

    fn run_on(text: &str) -> (String, Stats) {
        let mut f = parse::function(text).expect("parses");
        let st = run(&mut f);
        (print::function(&f), st)
    }

    fn func(order: &str, body: &str) -> String {
        format!("function @f global\nvregs 0\norder {order}\n{body}")
    }

    #[test]
    fn identity_copy_is_deleted() {
        let (out, st) = run_on(&func(
            "B0",
            "B0:\n  mov $r16 = $r16\n  return $r63 uses($r16)\n",
        ));
        assert_eq!(st.identity_copies, 1);
        assert_eq!(out, func("B0", "B0:\n  return $r63 uses($r16)\n"));
    }

    /// `$r20` is written again before any read: the copy is dead. `$r21`
    /// is read by nothing in the block and is not live at the return: dead
    /// too. `$r16` is read by the return: kept.
    #[test]
    fn dead_copies_are_deleted() {
        let (out, st) = run_on(&func(
            "B0",
            "B0:\n  mov $r20 = $r17\n  add $r20 = $r18, 1\n  mov $r21 = $r20\n  mov $r16 = $r20\n  return $r63 uses($r16)\n",
        ));
        assert_eq!(st.dead_copies, 2);
        assert_eq!(st.copies_folded, 0);
        assert_eq!(
            out,
            func(
                "B0",
                "B0:\n  add $r20 = $r18, 1\n  mov $r16 = $r20\n  return $r63 uses($r16)\n"
            )
        );
    }

    /// `mov $r20 = $r17` read once by the add, then dead: the add reads
    /// `$r17`. The second copy's reader is the return (a control operation
    /// reading it implicitly): kept.
    #[test]
    fn copy_is_folded_into_its_single_reader() {
        let (out, st) = run_on(&func(
            "B0",
            "B0:\n  mov $r20 = $r17\n  add $r16 = $r20, $r20\n  return $r63 uses($r16)\n",
        ));
        assert_eq!(st.copies_folded, 1);
        assert_eq!(
            out,
            func(
                "B0",
                "B0:\n  add $r16 = $r17, $r17\n  return $r63 uses($r16)\n"
            )
        );
    }

    /// Cases the fold must leave alone: the source is written between the
    /// copy and its reader; the destination has two readers; the
    /// destination is live out of the block (read in B1).
    #[test]
    fn unsafe_folds_are_refused() {
        let src = func(
            "B0 B1",
            "B0:\n  mov $r20 = $r17\n  add $r17 = $r18, 1\n  add $r16 = $r20, $r17\n  mov $r21 = $r18\n  add $r22 = $r21, 1\n  add $r23 = $r21, 2\n  mov $r24 = $r18\n  add $r25 = $r24, 1\nB1:\n  add $r16 = $r16, $r24\n  add $r16 = $r16, $r22\n  add $r16 = $r16, $r23\n  add $r16 = $r16, $r25\n  return $r63 uses($r16)\n",
        );
        let (out, st) = run_on(&src);
        assert_eq!(st, Stats::default());
        assert_eq!(out, src);
    }

    /// A reader that also writes the copy's destination ends its life: the
    /// fold is safe though `$r20` is live out.
    #[test]
    fn reader_that_redefines_the_destination() {
        let (out, st) = run_on(&func(
            "B0",
            "B0:\n  mov $r20 = $r17\n  add $r20 = $r20, 1\n  mov $r16 = $r20\n  return $r63 uses($r16, $r20)\n",
        ));
        assert_eq!(st.copies_folded, 1);
        assert_eq!(
            out,
            func(
                "B0",
                "B0:\n  add $r20 = $r17, 1\n  mov $r16 = $r20\n  return $r63 uses($r16, $r20)\n"
            )
        );
    }

    /// B0 branches to B2, which only jumps to B3: the branch goes to B3.
    /// B2 is then unreachable (B1 ends in a return) and leaves the layout.
    #[test]
    fn branch_to_a_goto_is_threaded() {
        let (out, st) = run_on(&func(
            "B0 B1 B2 B3",
            "B0:\n  cmplt $b0 = $r16, 0\n  br $b0, B2\nB1:\n  return $r63 uses($r16)\nB2:\n  goto B3\nB3:\n  mov $r16 = 0\n  return $r63 uses($r16)\n",
        ));
        assert_eq!(st.branches_threaded, 1);
        assert_eq!(st.blocks_removed, 1);
        assert_eq!(
            out,
            func(
                "B0 B1 B3",
                "B0:\n  cmplt $b0 = $r16, 0\n  br $b0, B3\nB1:\n  return $r63 uses($r16)\nB2:\nB3:\n  mov $r16 = 0\n  return $r63 uses($r16)\n"
            )
        );
    }

    /// `goto B1` in B0 with B1 next in the layout is deleted.
    #[test]
    fn goto_to_the_next_block_is_deleted() {
        let (out, st) = run_on(&func(
            "B0 B1",
            "B0:\n  mov $r16 = 1\n  goto B1\nB1:\n  return $r63 uses($r16)\n",
        ));
        assert_eq!(st.jumps_removed, 1);
        assert_eq!(
            out,
            func(
                "B0 B1",
                "B0:\n  mov $r16 = 1\nB1:\n  return $r63 uses($r16)\n"
            )
        );
    }

    /// `br $b0, B1; goto B2` with B1 next: `brf $b0, B2` (ISA-ST200 §4.7:
    /// `brf` branches when the BR is 0, exactly when `br` falls through).
    /// And `brf $b1, B1; goto B2` the converse way.
    #[test]
    fn branch_over_a_goto_is_inverted() {
        let (out, st) = run_on(&func(
            "B0 B1 B2",
            "B0:\n  cmplt $b0 = $r16, 0\n  br $b0, B1\n  goto B2\nB1:\n  return $r63 uses($r16)\nB2:\n  mov $r16 = 0\n  return $r63 uses($r16)\n",
        ));
        assert_eq!(st.branches_inverted, 1);
        assert!(out.contains("B0:\n  cmplt $b0 = $r16, 0\n  brf $b0, B2\nB1:"));
        let (out, st) = run_on(&func(
            "B0 B1 B2",
            "B0:\n  cmplt $b1 = $r16, 0\n  brf $b1, B1\n  goto B2\nB1:\n  return $r63 uses($r16)\nB2:\n  mov $r16 = 0\n  return $r63 uses($r16)\n",
        ));
        assert_eq!(st.branches_inverted, 1);
        assert!(out.contains("B0:\n  cmplt $b1 = $r16, 0\n  br $b1, B2\nB1:"));
    }

    /// A chain B0 → B1 (empty, falls into B2) → B2 (`goto B3`): the goto
    /// of B0 is threaded twice (through B1 then B2) and the blocks B1 and
    /// B2 become unreachable, so does B4 (after a return); B3 then follows
    /// B0 and the goto to it goes, leaving B0 empty.
    #[test]
    fn chains_of_forwarders() {
        let (out, st) = run_on(&func(
            "B0 B4 B1 B2 B3",
            "B0:\n  goto B1\nB1:\nB2:\n  goto B3\nB3:\n  return $r63 uses($r16)\nB4:\n  return $r63\n",
        ));
        assert_eq!(st.branches_threaded, 1);
        assert_eq!(st.blocks_removed, 3);
        assert_eq!(st.jumps_removed, 1);
        assert_eq!(
            out,
            func(
                "B0 B3",
                "B0:\nB1:\nB2:\nB3:\n  return $r63 uses($r16)\nB4:\n"
            )
        );
    }

    /// A loop of gotos (B1 ↔ B2, entered at B2) ends: B1's `goto B2` goes
    /// (B2 is next), B1 is then empty and falls into B2; B0's jump into
    /// the cycle and B2's `goto B1` stay, since the chain never ends.
    #[test]
    fn goto_cycle_terminates() {
        let (out, st) = run_on(&func(
            "B0 B1 B2",
            "B0:\n  goto B2\nB1:\n  goto B2\nB2:\n  goto B1\n",
        ));
        assert_eq!(st.branches_threaded, 0);
        assert_eq!(st.jumps_removed, 1);
        assert_eq!(
            out,
            func("B0 B1 B2", "B0:\n  goto B2\nB1:\nB2:\n  goto B1\n")
        );
    }

    /// `mov $r0 = $r17` writes nothing (ISA-ST200 §1.2): deleted, and
    /// the later read of `$r0` keeps reading zero.
    #[test]
    fn copy_to_r0_is_dead() {
        let (out, st) = run_on(&func(
            "B0",
            "B0:\n  mov $r0 = $r17\n  add $r16 = $r0, 1\n  return $r63 uses($r16)\n",
        ));
        assert_eq!(st.dead_copies, 1);
        assert_eq!(
            out,
            func("B0", "B0:\n  add $r16 = $r0, 1\n  return $r63 uses($r16)\n")
        );
    }
}
