//! Aggressive dead-code elimination with control dependence
//! (Cytron et al. 1991; SSA lecture slides 45–49, SSA book §3.3 Alg. 3.7).
//!
//! Everything starts dead. Required at the start: stores, calls,
//! `memcpy`/`memzero`, `va_start`, returns, `unreachable`, and the
//! terminators of blocks that cannot reach an exit (infinite loops are
//! kept as they are). Liveness then flows backwards along use-def edges,
//! and along control dependence: a block holding a live instruction makes
//! live the branches it is control-dependent on (the post-dominance
//! frontier, computed on the post-dominator tree of `PostDom`). A live
//! phi also makes live the terminators of its incoming blocks, which
//! decide the operand it reads.
//!
//! Sweep: dead phis and dead pure instructions are deleted; a dead branch
//! becomes a jump to its nearest live post-dominator, and the blocks it
//! skipped become unreachable and are removed. As the seed warns, a loop
//! whose results are unused is deleted even if it would not terminate,
//! unless it cannot reach any exit at all.

use super::simplify_cfg::{remove_unreachable, remove_unreached, sync_phis, PostDom};
use super::Stats;
use crate::ir::{Block, Function, Inst, InstKind, ValueDef};

fn is_root(k: &InstKind) -> bool {
    matches!(
        k,
        InstKind::Store { .. }
            | InstKind::VolatileLoad { .. }
            | InstKind::VolatileStore { .. }
            | InstKind::Call { .. }
            | InstKind::MemCopy { .. }
            | InstKind::MemZero { .. }
            | InstKind::VaStart
            | InstKind::Ret { .. }
            | InstKind::Unreachable
    )
}

struct Marker<'a> {
    f: &'a Function,
    live: Vec<bool>,
    block_live: Vec<bool>,
    /// Control dependences: the blocks whose branch decides whether each
    /// block runs.
    cd: Vec<Vec<Block>>,
    work: Vec<Inst>,
}

impl Marker<'_> {
    fn mark(&mut self, i: Inst) {
        if !self.live[i.index()] {
            self.live[i.index()] = true;
            self.work.push(i);
        }
    }

    fn mark_terminator(&mut self, b: Block) {
        if let Some(&t) = self.f.blocks[b.index()].insts.last() {
            self.mark(t);
        }
    }

    fn propagate(&mut self) {
        let f = self.f;
        while let Some(i) = self.work.pop() {
            let d = &f.insts[i.index()];
            let b = d.block;
            if !self.block_live[b.index()] {
                self.block_live[b.index()] = true;
                for k in 0..self.cd[b.index()].len() {
                    let c = self.cd[b.index()][k];
                    self.mark_terminator(c);
                }
            }
            if let InstKind::Phi { incoming, .. } = &d.kind {
                for &(p, _) in incoming {
                    self.mark_terminator(p);
                }
            }
            for v in d.kind.operands() {
                if let Some(ValueDef::Inst(di)) = f.values.get(v.index()).map(|x| x.def) {
                    self.mark(di);
                }
            }
        }
    }
}

/// Runs the pass on `f`. Counters: "instructions removed", "phis
/// removed", "branches removed".
pub fn run(f: &mut Function) -> Stats {
    let mut st = Stats::default();
    if f.layout.is_empty() {
        return st;
    }
    // unreachable blocks are dead code outright
    let reach = super::simplify_cfg::reachable(f);
    let mut removed_insts = 0u64;
    for &b in &f.layout {
        if !reach[b.index()] {
            removed_insts += f.blocks[b.index()].insts.len().saturating_sub(1) as u64;
        }
    }
    remove_unreached(f, &reach);

    let pd = PostDom::new(f);
    let nb = f.blocks.len();
    // control dependence from the post-dominance frontier: for each edge
    // a→s, every block from s up to (excluding) ipdom(a) depends on a
    let mut cd: Vec<Vec<Block>> = vec![Vec::new(); nb];
    for &a in &f.layout {
        let Some(stop) = pd.ipdom[a.index()] else {
            continue;
        };
        for s in f.successors(a) {
            let mut r = s.index();
            while r != stop && r != pd.exit {
                if cd[r].last() != Some(&a) {
                    cd[r].push(a);
                }
                match pd.ipdom[r] {
                    Some(n) => r = n,
                    None => break,
                }
            }
        }
    }
    let mut m = Marker {
        f,
        live: vec![false; f.insts.len()],
        block_live: vec![false; nb],
        cd,
        work: Vec::new(),
    };
    for &b in &f.layout {
        for &i in &f.blocks[b.index()].insts {
            if is_root(&f.insts[i.index()].kind) {
                m.mark(i);
            }
        }
        if pd.no_exit[b.index()] {
            m.mark_terminator(b);
        }
    }
    // decide where each dead branch goes; a target with live phis that
    // does not already have the block as predecessor cannot take it, so
    // that branch is kept (marked live) and marking resumes
    let mut retarget: Vec<(Block, Block)>;
    loop {
        m.propagate();
        retarget = Vec::new();
        let mut again = false;
        for &b in &f.layout {
            let Some(&t) = f.blocks[b.index()].insts.last() else {
                continue;
            };
            let multiway = matches!(
                f.insts[t.index()].kind,
                InstKind::Branch { .. } | InstKind::JumpTable { .. }
            );
            if m.live[t.index()] || !multiway {
                continue;
            }
            // nearest live post-dominator
            let mut r = pd.ipdom[b.index()];
            while let Some(x) = r {
                if x == pd.exit || m.block_live[x] {
                    break;
                }
                r = pd.ipdom[x];
            }
            let ok_target = match r {
                Some(x) if x != pd.exit => {
                    let target = Block(x as u32);
                    let has_live_phi = f.blocks[x].insts.iter().any(|&i| {
                        m.live[i.index()] && matches!(f.insts[i.index()].kind, InstKind::Phi { .. })
                    });
                    if has_live_phi && !f.successors(b).contains(&target) {
                        None
                    } else {
                        Some(target)
                    }
                }
                _ => None,
            };
            match ok_target {
                Some(target) => retarget.push((b, target)),
                None => {
                    m.mark(t);
                    again = true;
                }
            }
        }
        if !again {
            break;
        }
    }
    let live = m.live;
    // sweep
    let mut phis = 0u64;
    let mut insts = 0u64;
    for &(b, target) in &retarget {
        if let Some(&t) = f.blocks[b.index()].insts.last() {
            f.insts[t.index()].kind = InstKind::Jump { dest: target };
        }
    }
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let list = std::mem::take(&mut f.blocks[b.index()].insts);
        let n = list.len();
        let mut keep = Vec::with_capacity(n);
        for (k, i) in list.into_iter().enumerate() {
            if k + 1 == n || live[i.index()] {
                keep.push(i);
            } else if matches!(f.insts[i.index()].kind, InstKind::Phi { .. }) {
                phis += 1;
            } else {
                insts += 1;
            }
        }
        f.blocks[b.index()].insts = keep;
    }
    // blocks skipped by the new jumps are unreachable now; the phis of
    // the jump targets lose the skipped predecessors
    let r = super::simplify_cfg::reachable(f);
    for &b in &f.layout {
        if !r[b.index()] {
            insts += f.blocks[b.index()].insts.len().saturating_sub(1) as u64;
        }
    }
    remove_unreachable(f);
    sync_phis(f);
    st.add("instructions removed", insts + removed_insts);
    st.add("phis removed", phis);
    st.add("branches removed", retarget.len() as u64);
    st
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ir::verify_function;

    use crate::opt::testutil::module;

    use crate::opt::testutil::exit_code;

    fn count(f: &Function, pred: impl Fn(&InstKind) -> bool) -> usize {
        f.layout
            .iter()
            .flat_map(|b| f.blocks[b.index()].insts.iter())
            .filter(|i| pred(&f.insts[i.index()].kind))
            .count()
    }

    const T15: &str = "
func @main() -> i32 {
b0:
  %n = iconst.i32 5
  %i1 = iconst.i32 1
  %s1 = iconst.i32 1
  jump l
l:
  %i3 = phi.i32 [b0: %i1], [l: %i2]
  %s3 = phi.i32 [b0: %s1], [l: %s2]
  %i2 = add.i32 %i3, %i1
  %s2 = add.i32 %s3, %s3
  %p = icmp.slt.i32 %i3, %n
  br %p, l, x
x:
  ret %s2
}
";

    #[test]
    fn t15a_nothing_is_dead() {
        // SSA lecture slides slides 48–49, example T15 (a): ret s2 requires s2, s3, s1; s2 is
        // control-dependent on the branch, which makes p, i3, i2, i1 live.
        let mut m = module(T15);
        let want = exit_code(&m);
        assert_eq!(want, 32); // s doubles 5 times from 1
        let before = m.print();
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("instructions removed"), 0);
        assert_eq!(st.get("phis removed"), 0);
        assert_eq!(st.get("branches removed"), 0);
        assert_eq!(m.print(), before);
    }

    #[test]
    fn t15b_whole_loop_deleted() {
        // SSA lecture slides slides 48–49, example T15 (b): with `ret 0` the whole loop goes, the branch
        // becomes `goto X`, no phi, add or compare remains.
        let text = T15.replace("  ret %s2\n", "  %zero = iconst.i32 0\n  ret %zero\n");
        let mut m = module(&text);
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        let f = &m.functions[0];
        assert_eq!(st.get("phis removed"), 2);
        assert_eq!(st.get("branches removed"), 1);
        assert_eq!(count(f, |k| matches!(k, InstKind::Phi { .. })), 0);
        assert_eq!(
            count(f, |k| matches!(
                k,
                InstKind::Binary { .. } | InstKind::Icmp { .. }
            )),
            0,
            "{}",
            m.print()
        );
        assert_eq!(count(f, |k| matches!(k, InstKind::Branch { .. })), 0);
        assert_eq!(exit_code(&m), 0);
    }

    #[test]
    fn infinite_loop_is_kept() {
        // `while (1) {}` after a side effect: the loop cannot reach an exit,
        // so its branch stays even though nothing in it is live; the
        // branch that leads into it stays too.
        let text = "
func @f(i32 %c) -> i32 {
b0:
  %one = iconst.i32 1
  br %c, spin, out
spin:
  %k = add.i32 %c, %one
  br %c, spin, spin2
spin2:
  jump spin
out:
  ret %one
}
";
        let mut m = module(text);
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("branches removed"), 0);
        assert_eq!(st.get("instructions removed"), 1); // %k
        assert_eq!(m.functions[0].layout.len(), 4);
    }

    #[test]
    fn dead_diamond_and_live_side_effects() {
        // The diamond computes a value nobody reads: the branch goes, the
        // phi goes; the store in the other diamond stays with its branch.
        let text = "
global @g size 4 align 4
func @main() -> i32 {
b0:
  %a = call.i32 @rand()
  %one = iconst.i32 1
  %two = iconst.i32 2
  %c = and.i32 %a, %one
  br %c, t1, e1
t1:
  %x = add.i32 %a, %one
  jump j1
e1:
  %y = mul.i32 %a, %two
  jump j1
j1:
  %p = phi.i32 [t1: %x], [e1: %y]
  %ga = global_addr @g
  br %c, t2, j2
t2:
  store.i32 %ga, %two
  jump j2
j2:
  %v = load.i32 %ga
  ret %v
}
";
        let mut m = module(text);
        let want = exit_code(&m);
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("phis removed"), 1);
        assert_eq!(st.get("branches removed"), 1);
        assert_eq!(st.get("instructions removed"), 2); // %x, %y
        assert_eq!(m.functions[0].layout.len(), 4, "{}", m.print());
        assert_eq!(exit_code(&m), want);
    }
}
