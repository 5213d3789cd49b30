//! CFG simplification (SSA book §17.1.5, §3.2 "CFG normalisation", S3 slides 43–44
//! "unreachable code"): remove unreachable blocks, fold branches whose
//! condition is a constant or whose two targets are equal (jump tables
//! too: a constant index, or one target), merge a block
//! into its unique predecessor when that predecessor has it as unique
//! successor, and bypass empty blocks (a lone `jump`) when the phis of the
//! target allow it. `layout[0]` stays the entry.
//!
//! The module also holds the small CFG and operand utilities the scalar
//! passes share (`sync_phis`, `remove_unreachable`, [`crate::ir::map_operands`],
//! `reachable`, `PostDom`).

use super::Stats;
use crate::hash::HashMap;
use crate::ir::{map_operands, Block, Function, Inst, InstKind, Value, ValueDef};

/// Replaces, in every instruction of the layout, each operand `v` with
/// `repl[v]` when it is `Some` (followed transitively).
pub(crate) fn replace_uses(f: &mut Function, repl: &[Option<Value>]) {
    replace_uses_in(f, repl, |_| true)
}

/// [`replace_uses`] in the blocks `b` of the layout with `scan(b)` only
/// (the caller knows that the other blocks read no replaced value).
pub(crate) fn replace_uses_in(
    f: &mut Function,
    repl: &[Option<Value>],
    scan: impl Fn(Block) -> bool,
) {
    if repl.iter().all(Option::is_none) {
        return;
    }
    let resolve = |mut v: Value| {
        let mut n = 0;
        while let Some(Some(w)) = repl.get(v.index()) {
            if *w == v || n > repl.len() {
                break;
            }
            v = *w;
            n += 1;
        }
        v
    };
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        if !scan(b) {
            continue;
        }
        for k in 0..f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[k];
            map_operands(&mut f.insts[i.index()].kind, resolve);
        }
    }
}

/// Blocks reachable from the entry (`layout[0]`), indexed by block.
pub(crate) fn reachable(f: &Function) -> Vec<bool> {
    let mut seen = vec![false; f.blocks.len()];
    let Some(&entry) = f.layout.first() else {
        return seen;
    };
    let mut stack = vec![entry];
    seen[entry.index()] = true;
    while let Some(b) = stack.pop() {
        f.for_each_target(b, |s| {
            if s.index() < seen.len() && !seen[s.index()] {
                seen[s.index()] = true;
                stack.push(s);
            }
        });
    }
    seen
}

/// Makes every phi's incoming list equal to the current predecessor list
/// of its block ([`Function::predecessors`] order): entries from blocks
/// that are no longer predecessors are dropped, the rest reordered. The
/// caller must already have added an entry for every new edge.
pub(crate) fn sync_phis(f: &mut Function) {
    let has_phis = |b: &Block| {
        f.blocks[b.index()]
            .insts
            .first()
            .is_some_and(|i| matches!(f.insts[i.index()].kind, InstKind::Phi { .. }))
    };
    if !f.layout.iter().any(has_phis) {
        return;
    }
    let preds = f.predecessors();
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        for k in 0..f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[k];
            let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind else {
                break;
            };
            if incoming
                .iter()
                .map(|x| x.0)
                .eq(preds[b.index()].iter().copied())
            {
                continue;
            }
            let old = std::mem::take(incoming);
            // by block: a map when there are many predecessors (switch)
            let by_block: HashMap<Block, Value> = if old.len() > 16 {
                old.iter().copied().collect()
            } else {
                HashMap::default()
            };
            for &p in &preds[b.index()] {
                let found = if old.len() > 16 {
                    by_block.get(&p).map(|&v| (p, v))
                } else {
                    old.iter().find(|x| x.0 == p).copied()
                };
                match found {
                    Some(e) => incoming.push(e),
                    None => {
                        debug_assert!(false, "phi in {b} lacks an operand for new edge from {p}");
                        if let Some(&(_, v)) = old.first() {
                            incoming.push((p, v));
                        }
                    }
                }
            }
        }
    }
}

/// Removes the blocks not reachable from the entry from the layout and
/// drops their phi operands; returns how many blocks were removed.
pub(crate) fn remove_unreachable(f: &mut Function) -> usize {
    let r = reachable(f);
    remove_unreached(f, &r)
}

/// [`remove_unreachable`] with the blocks reachable from the entry already
/// known (`reached`, indexed by block, as [`reachable`] returns them).
pub(crate) fn remove_unreached(f: &mut Function, reached: &[bool]) -> usize {
    let before = f.layout.len();
    f.layout.retain(|b| reached[b.index()]);
    let n = before - f.layout.len();
    if n > 0 {
        sync_phis(f);
    }
    n
}

/// The instruction defining `v`, if any.
pub(crate) fn def_inst(f: &Function, v: Value) -> Option<Inst> {
    match f.values.get(v.index())?.def {
        ValueDef::Inst(i) => Some(i),
        ValueDef::Param(_) => None,
    }
}

/// The constant `v` is defined to (an `iconst`), sign-extended from its
/// type as stored in the IR.
pub(crate) fn const_of(f: &Function, v: Value) -> Option<i64> {
    match f.insts[def_inst(f, v)?.index()].kind {
        InstKind::Iconst { ty, imm } => {
            let sh = 64 - ty.bits();
            Some((imm << sh) >> sh)
        }
        _ => None,
    }
}

/// Post-dominator tree over the reachable blocks, with a virtual exit node
/// (index `blocks.len()`) after every block ending in `ret` or
/// `unreachable`. Blocks that cannot reach such an exit (infinite loops)
/// get a virtual edge to the exit too (SSA book ch. 3–4: post-dominance needs
/// a single exit; S2 12.2.2 adds never-taken edges out of infinite loops).
/// Computed with Cooper, Harvey and Kennedy's iterative algorithm on the
/// reverse CFG.
pub(crate) struct PostDom {
    /// Immediate post-dominator of each node (block index or the exit);
    /// `None` for the exit and for blocks not reachable from the entry.
    pub ipdom: Vec<Option<usize>>,
    /// Blocks that cannot reach a `ret`/`unreachable` (given a virtual edge).
    pub no_exit: Vec<bool>,
    /// Index of the virtual exit node.
    pub exit: usize,
}

impl PostDom {
    /// Computes the post-dominator tree of `f`.
    pub fn new(f: &Function) -> PostDom {
        let n = f.blocks.len();
        let exit = n;
        let live = reachable(f);
        let preds = f.predecessors();
        // reverse reachability from real exits
        let is_exit = |b: Block| {
            matches!(
                f.terminator(b),
                Some(InstKind::Ret { .. } | InstKind::Unreachable)
            )
        };
        let mut reaches = vec![false; n];
        let mut stack: Vec<Block> = Vec::new();
        for &b in &f.layout {
            if live[b.index()] && is_exit(b) {
                reaches[b.index()] = true;
                stack.push(b);
            }
        }
        while let Some(b) = stack.pop() {
            for &p in &preds[b.index()] {
                if live[p.index()] && !reaches[p.index()] {
                    reaches[p.index()] = true;
                    stack.push(p);
                }
            }
        }
        let no_exit: Vec<bool> = (0..n).map(|i| live[i] && !reaches[i]).collect();
        // reverse-graph successors of the exit: real exits and no-exit blocks
        let mut exit_succ: Vec<usize> = Vec::new();
        for &b in &f.layout {
            if live[b.index()] && (is_exit(b) || no_exit[b.index()]) {
                exit_succ.push(b.index());
            }
        }
        // reverse-graph predecessors of node x = CFG successors (+ exit)
        let mut rpred: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for &b in &f.layout {
            if !live[b.index()] {
                continue;
            }
            for s in f.successors(b) {
                rpred[b.index()].push(s.index());
            }
        }
        for &x in &exit_succ {
            rpred[x].push(exit);
        }
        // postorder of the reverse graph from the exit (iterative DFS):
        // the `k`-th reverse successor of `x`, live CFG predecessors only
        let rsucc = |x: usize, k: usize| -> Option<usize> {
            if x == exit {
                exit_succ.get(k).copied()
            } else {
                preds[x].get(k).map(|p| p.index())
            }
        };
        let mut order = Vec::new();
        let mut seen = vec![false; n + 1];
        let mut st: Vec<(usize, usize)> = vec![(exit, 0)];
        seen[exit] = true;
        while let Some(top) = st.last_mut() {
            let (x, k) = *top;
            if let Some(s) = rsucc(x, k) {
                top.1 += 1;
                if !seen[s] && (x == exit || live[s]) {
                    seen[s] = true;
                    st.push((s, 0));
                }
            } else {
                order.push(x);
                st.pop();
            }
        }
        order.reverse(); // reverse postorder, exit first
        let mut rpo = vec![usize::MAX; n + 1];
        for (i, &x) in order.iter().enumerate() {
            rpo[x] = i;
        }
        let mut ipdom: Vec<Option<usize>> = vec![None; n + 1];
        ipdom[exit] = Some(exit);
        let mut changed = true;
        while changed {
            changed = false;
            for &x in order.iter().skip(1) {
                let mut new: Option<usize> = None;
                for &p in &rpred[x] {
                    if ipdom[p].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(mut a) => {
                            let mut c = p;
                            while a != c {
                                while rpo[a] > rpo[c] {
                                    a = ipdom[a].unwrap_or(exit);
                                }
                                while rpo[c] > rpo[a] {
                                    c = ipdom[c].unwrap_or(exit);
                                }
                            }
                            a
                        }
                    });
                }
                if new.is_some() && ipdom[x] != new {
                    ipdom[x] = new;
                    changed = true;
                }
            }
        }
        ipdom[exit] = None;
        PostDom {
            ipdom,
            no_exit,
            exit,
        }
    }
}

/// Phis of `b`: `(inst, incoming)` copies.
fn phis(f: &Function, b: Block) -> Vec<(Inst, Vec<(Block, Value)>)> {
    let mut v = Vec::new();
    for &i in &f.blocks[b.index()].insts {
        match &f.insts[i.index()].kind {
            InstKind::Phi { incoming, .. } => v.push((i, incoming.clone())),
            _ => break,
        }
    }
    v
}

/// Folds branches and jump tables whose condition or index is an
/// `iconst` or whose targets are all equal into jumps; returns how many.
pub(crate) fn fold_constant_branches(f: &mut Function) -> usize {
    let mut n = 0;
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let Some(&t) = f.blocks[b.index()].insts.last() else {
            continue;
        };
        if let InstKind::Branch {
            cond, then, else_, ..
        } = f.insts[t.index()].kind
        {
            let dest = if then == else_ {
                Some(then)
            } else {
                const_of(f, cond).map(|c| if c as i32 != 0 { then } else { else_ })
            };
            if let Some(dest) = dest {
                f.insts[t.index()].kind = InstKind::Jump { dest };
                n += 1;
            }
        } else if let InstKind::JumpTable { index, targets } = &f.insts[t.index()].kind {
            // one target, or a constant index within the table
            let dest = if targets.iter().all(|x| *x == targets[0]) {
                Some(targets[0])
            } else {
                const_of(f, *index).and_then(|c| targets.get(c as u32 as usize).copied())
            };
            if let Some(dest) = dest {
                f.insts[t.index()].kind = InstKind::Jump { dest };
                n += 1;
            }
        }
    }
    if n > 0 {
        sync_phis(f);
    }
    n
}

/// Merges `b` into its unique predecessor `a` (whose unique successor is
/// `b`): `b`'s phis (one operand each) become copies recorded in `repl`,
/// its other instructions move to the end of `a`. `b` stays in the layout
/// (the caller removes it).
fn merge_into(f: &mut Function, a: Block, b: Block, repl: &mut [Option<Value>]) {
    let insts = std::mem::take(&mut f.blocks[b.index()].insts);
    let mut rest = Vec::new();
    for i in insts {
        match &f.insts[i.index()].kind {
            InstKind::Phi { incoming, .. } => {
                if let (Some(r), Some(&(_, v))) = (f.insts[i.index()].result, incoming.first()) {
                    repl[r.index()] = Some(v);
                }
            }
            _ => rest.push(i),
        }
    }
    f.blocks[a.index()].insts.pop(); // a's jump to b
    for &i in &rest {
        f.insts[i.index()].block = a;
    }
    f.blocks[a.index()].insts.extend(rest);
    // b's successors now see a as the predecessor
    for s in f.successors(a) {
        for k in 0..f.blocks[s.index()].insts.len() {
            let i = f.blocks[s.index()].insts[k];
            let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind else {
                break;
            };
            for e in incoming.iter_mut() {
                if e.0 == b {
                    e.0 = a;
                }
            }
        }
    }
}

/// Merges every block into its unique predecessor when that predecessor
/// has it as unique successor; returns how many blocks were merged.
fn merge_blocks(f: &mut Function) -> u64 {
    let entry = f.layout[0];
    let mut preds = f.predecessors();
    let mut gone = vec![false; f.blocks.len()];
    let mut repl: Vec<Option<Value>> = vec![None; f.values.len()];
    let mut merged = 0;
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        if b == entry || preds[b.index()].len() != 1 {
            continue;
        }
        let a = preds[b.index()][0];
        if a == b || gone[a.index()] || f.successors(a)[..] != [b] {
            continue;
        }
        let succ_b = f.successors(b);
        merge_into(f, a, b, &mut repl);
        gone[b.index()] = true;
        for s in succ_b {
            for p in preds[s.index()].iter_mut() {
                if *p == b {
                    *p = a;
                }
            }
        }
        merged += 1;
    }
    if merged > 0 {
        f.layout.retain(|b| !gone[b.index()]);
        replace_uses(f, &repl);
        sync_phis(f);
    }
    merged
}

/// Redirects the predecessors of empty blocks (a lone `jump t`) to `t`
/// when no phi of `t` would then get two different values from one
/// predecessor; returns whether anything changed. The bypassed blocks
/// become unreachable when all their predecessors moved.
fn bypass_empty_blocks(f: &mut Function) -> bool {
    let entry = f.layout[0];
    let is_empty = |e: &Block| {
        *e != entry
            && f.blocks[e.index()].insts.len() == 1
            && matches!(f.terminator(*e), Some(InstKind::Jump { dest }) if dest != e)
    };
    if !f.layout.iter().any(is_empty) {
        return false;
    }
    let mut preds = f.predecessors();
    let mut changed = false;
    for bi in 0..f.layout.len() {
        let e = f.layout[bi];
        if e == entry || f.blocks[e.index()].insts.len() != 1 {
            continue;
        }
        let Some(InstKind::Jump { dest: t }) = f.terminator(e).cloned() else {
            continue;
        };
        if t == e {
            continue;
        }
        for p in preds[e.index()].clone() {
            if p == e {
                continue;
            }
            let tphis = phis(f, t);
            // would p bring a different value than e for some phi of t?
            let p_to_t = f.successors(p).contains(&t);
            let ok = !p_to_t
                || tphis.iter().all(|(_, inc)| {
                    let ve = inc.iter().find(|x| x.0 == e).map(|x| x.1);
                    let vp = inc.iter().find(|x| x.0 == p).map(|x| x.1);
                    ve == vp
                });
            if !ok {
                continue;
            }
            f.redirect(p, e, t);
            if !p_to_t {
                for (i, inc) in &tphis {
                    let ve = inc.iter().find(|x| x.0 == e).map(|x| x.1);
                    if let (Some(v), InstKind::Phi { incoming, .. }) =
                        (ve, &mut f.insts[i.index()].kind)
                    {
                        incoming.push((p, v));
                    }
                }
                preds[t.index()].push(p);
            }
            preds[e.index()].retain(|x| *x != p);
            changed = true;
        }
    }
    if changed {
        sync_phis(f);
    }
    changed
}

/// Runs the pass on `f`. Counters: "blocks removed", "blocks merged",
/// "branches folded".
pub fn simplify(f: &mut Function) -> Stats {
    let mut st = Stats::default();
    if f.layout.is_empty() {
        return st;
    }
    loop {
        let folded = fold_constant_branches(f);
        st.add("branches folded", folded as u64);
        let removed = remove_unreachable(f);
        st.add("blocks removed", removed as u64);
        let merged = merge_blocks(f);
        st.add("blocks merged", merged);
        let bypassed = bypass_empty_blocks(f);
        if folded + removed == 0 && merged == 0 && !bypassed {
            break;
        }
    }
    st
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::RunOptions;
    use crate::ir::verify_function;

    use crate::opt::testutil::module;

    use crate::opt::testutil::exit_code;

    #[test]
    fn folds_merges_and_bypasses() {
        // Hand derivation: `br %one` always goes to b1; b2 is then
        // unreachable; b1 -> b3 is a straight line (merged), b3's jump to
        // the empty b4 is bypassed... everything collapses to one block
        // returning 7.
        let text = "
func @main() -> i32 {
b0:
  %one = iconst.i32 1
  br %one, b1, b2
b1:
  %x = iconst.i32 3
  jump b3
b2:
  %y = iconst.i32 4
  jump b3
b3:
  %p = phi.i32 [b1: %x], [b2: %y]
  %q = add.i32 %p, %p
  jump b4
b4:
  jump b5
b5:
  %r = add.i32 %q, %one
  ret %r
}
";
        let mut m = module(text);
        let want = exit_code(&m);
        assert_eq!(want, 7);
        let st = simplify(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("branches folded"), 1);
        assert_eq!(st.get("blocks removed"), 1);
        assert_eq!(m.functions[0].layout.len(), 1, "{}", m.print());
        assert_eq!(exit_code(&m), want);
    }

    #[test]
    fn bypass_respects_phis() {
        // b1 is empty and jumps to b3; b0 also branches straight to b3.
        // Bypassing b1 would give b3 two edges from b0 with different phi
        // values (1 via b1, 2 direct): not allowed.
        let text = "
func @f(i32 %c) -> i32 {
b0:
  %a = iconst.i32 1
  %b = iconst.i32 2
  br %c, b1, b3
b1:
  jump b3
b3:
  %p = phi.i32 [b0: %b], [b1: %a]
  ret %p
}
func @main() -> i32 {
b0:
  %z = iconst.i32 0
  %o = iconst.i32 1
  %x = call.i32 @f(%z)
  %y = call.i32 @f(%o)
  %t = iconst.i32 10
  %u = mul.i32 %y, %t
  %r = add.i32 %x, %u
  ret %r
}
";
        let mut m = module(text);
        let want = exit_code(&m);
        assert_eq!(want, 12); // f(0) = 2, f(1) = 1
        simplify(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(m.functions[0].layout.len(), 3, "{}", m.print());
        assert_eq!(exit_code(&m), want);
    }

    #[test]
    fn bypass_empty_block_in_loop() {
        // Two empty latches bring the same values to the header's phis, so
        // both can be bypassed (hand derivation): the body then branches
        // twice to the header, which folds to a jump. Left: b0, h, body, x.
        let text = "
func @main() -> i32 {
b0:
  %z = iconst.i32 0
  %n = iconst.i32 10
  %one = iconst.i32 1
  %five = iconst.i32 5
  jump h
h:
  %i = phi.i32 [b0: %z], [latch: %i2], [latch2: %i2]
  %s = phi.i32 [b0: %z], [latch: %s2], [latch2: %s2]
  %c = icmp.slt.i32 %i, %n
  br %c, body, x
body:
  %s2 = add.i32 %s, %i
  %i2 = add.i32 %i, %one
  %e = icmp.eq.i32 %i, %five
  br %e, latch, latch2
latch:
  jump h
latch2:
  jump h
x:
  ret %s
}
";
        let mut m = module(text);
        let want = exit_code(&m);
        assert_eq!(want, 45);
        let st = simplify(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("blocks removed"), 2);
        assert_eq!(st.get("branches folded"), 1); // br %e, h, h
        assert_eq!(m.functions[0].layout.len(), 4, "{}", m.print());
        assert_eq!(exit_code(&m), want);
    }

    #[test]
    fn post_dominators_of_a_diamond_and_an_infinite_loop() {
        let text = "
func @f(i32 %c) {
b0:
  br %c, b1, b2
b1:
  jump b3
b2:
  jump b2
b3:
  ret
}
";
        let m = module(text);
        let pd = PostDom::new(&m.functions[0]);
        // b2 cannot reach the ret: virtual edge to the exit
        assert!(pd.no_exit[2] && !pd.no_exit[1]);
        assert_eq!(pd.ipdom[1], Some(3));
        assert_eq!(pd.ipdom[3], Some(pd.exit));
        assert_eq!(pd.ipdom[2], Some(pd.exit));
        assert_eq!(pd.ipdom[0], Some(pd.exit));
    }

    /// Hand-written SSA programs (independent of `ssa`): loops,
    /// a phi cycle, nested loops, constant branches, divisions by
    /// constants, redundancies.
    const SSA_PROGRAMS: [&str; 3] = [
        "
func @main() -> i32 {
b0:
  %z = iconst.i32 0
  %n = iconst.i32 100
  %one = iconst.i32 1
  %seven = iconst.i32 7
  %three = iconst.i32 3
  %ten = iconst.i32 10
  %f = icmp.eq.i32 %z, %one
  jump h
h:
  %i = phi.i32 [b0: %z], [latch: %i2]
  %s = phi.i32 [b0: %z], [latch: %s3]
  %k = phi.i32 [b0: %one], [latch: %k]
  %c = icmp.slt.i32 %i, %n
  br %c, body, exit
body:
  %a = mul.i32 %i, %seven
  %b = sdiv.i32 %i, %three
  %r = srem.i32 %i, %ten
  %a2 = mul.i32 %seven, %i
  %t = add.i32 %a, %b
  %t2 = add.i32 %t, %r
  %d = sub.i32 %a2, %a
  %t3 = add.i32 %t2, %d
  br %f, never, join
never:
  %bad = iconst.i32 1000
  jump join
join:
  %e = phi.i32 [body: %z], [never: %bad]
  %t4 = add.i32 %t3, %e
  jump latch
latch:
  %s3 = add.i32 %s, %t4
  %i2 = add.i32 %i, %k
  jump h
exit:
  %m = iconst.i32 255
  %res = and.i32 %s, %m
  ret %res
}
",
        "
func @main() -> i32 {
b0:
  %z = iconst.i32 0
  %one = iconst.i32 1
  %two = iconst.i32 2
  %n = iconst.i32 7
  jump outer
outer:
  %i = phi.i32 [b0: %z], [olatch: %i2]
  %x = phi.i32 [b0: %one], [olatch: %y]
  %y = phi.i32 [b0: %two], [olatch: %x3]
  %acc = phi.i32 [b0: %z], [olatch: %acc2]
  %c = icmp.slt.i32 %i, %n
  br %c, inner_pre, done
inner_pre:
  jump inner
inner:
  %j = phi.i32 [inner_pre: %z], [inner: %j2]
  %x2 = phi.i32 [inner_pre: %x], [inner: %x4]
  %x4 = add.i32 %x2, %j
  %j2 = add.i32 %j, %one
  %cj = icmp.slt.i32 %j2, %i
  br %cj, inner, inner_exit
inner_exit:
  jump olatch
olatch:
  %x3 = add.i32 %x4, %z
  %acc2 = xor.i32 %acc, %x3
  %i2 = add.i32 %i, %one
  jump outer
done:
  %r = add.i32 %acc, %y
  %m = iconst.i32 255
  %rr = and.i32 %r, %m
  ret %rr
}
",
        "
func @g(i32 %a, i32 %b) -> i32 {
b0:
  %k = iconst.i32 1000
  %q = udiv.i32 %a, %k
  %r = urem.i32 %a, %k
  %c = icmp.eq.i32 %b, %b
  br %c, t, e
t:
  jump j
e:
  jump j
j:
  %p = phi.i32 [t: %q], [e: %r]
  %x = add.i32 %p, %r
  %m = iconst.i32 -3
  %y = sdiv.i32 %x, %m
  ret %y
}
func @main() -> i32 {
b0:
  %a = iconst.i32 123456
  %b = call.i32 @rand()
  %v = call.i32 @g(%a, %b)
  %w = call.i32 @g(%b, %a)
  %s = add.i32 %v, %w
  ret %s
}
",
    ];

    #[test]
    fn scalar_pipeline_on_hand_written_ssa() {
        for text in SSA_PROGRAMS {
            let m0 = module(text);
            let want = crate::driver::run(&m0, &RunOptions::default()).unwrap();
            // every pass alone, then the pipeline order (without "ssa")
            let mut runs: Vec<Vec<&str>> = crate::opt::PASSES
                .iter()
                .filter(|p| p.name != "ssa")
                .map(|p| vec![p.name])
                .collect();
            runs.push(
                crate::opt::PIPELINE
                    .iter()
                    .copied()
                    .filter(|n| *n != "ssa")
                    .collect(),
            );
            for names in runs {
                let mut m = m0.clone();
                for n in &names {
                    let p = crate::opt::pass(n).unwrap();
                    for f in &mut m.functions {
                        (p.run)(f);
                        verify_function(f)
                            .unwrap_or_else(|e| panic!("after {n}: {e}\n{}", m0.print()));
                    }
                }
                let got = crate::driver::run(&m, &RunOptions::default()).unwrap();
                assert_eq!(
                    (got.exit_code, &got.stdout),
                    (want.exit_code, &want.stdout),
                    "after {names:?}:\n{}",
                    m.print()
                );
            }
        }
    }
}
