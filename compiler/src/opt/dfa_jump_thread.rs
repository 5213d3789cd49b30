//! Jump threading of finite-state-machine loops (`dfa-jump-thread`, on at
//! `-O2`): a loop that dispatches on a state variable with a `switch`
//! (a jump table) and sets the state to a constant, or leaves it
//! unchanged, on each path through a case, is rewritten so that every
//! such path jumps straight to the case the next state selects, through
//! a copy of the blocks between the loop header and the switch
//! specialised to that state. The jump table (bounds check, table load,
//! indirect jump) and the tests of the state in the header disappear from
//! those paths.
//!
//! This is code replication to avoid conditional branches (F. Mueller and
//! D. B. Whalley, "Avoiding Conditional Branches by Code Replication",
//! PLDI 1995), restricted to multiway branches on a value merged by φs
//! whose operands are constants on some edges (R. Bodík, R. Gupta and
//! M. L. Soffa, "Interprocedural Conditional Branch Elimination", PLDI
//! 1997, §2's correlation of a branch with the constants assigned on the
//! paths reaching it). LLVM's `DFAJumpThreading` pass and GCC's backward
//! ("FSM") jump threader do the same for the same kind of loop.
//!
//! Recognised shape (`S` the block ending in the jump table, `x` the
//! state):
//!
//! ```text
//! H: x = φ(…, L: x')  …  S: i = f(x); jumptable i, [T0, T1, …]
//! ```
//!
//! with `f` a chain of `add`/`sub`/`xor` by constants and `zext`/`sext`
//! (injective, so each table entry names one state), `H` dominating `S`
//! and entered by a back edge. The *web* is the set of φs whose value can
//! flow into `x` through φ operands only (`x'` and the φs merging the
//! cases' assignments); at most one web φ per block.
//!
//! 1. *Case values.* A case block `T` whose only predecessor is `S` and
//!    that appears once in the table, at index `k`, runs only when
//!    `x = f⁻¹(k)`: uses of `x` in the blocks `T` dominates (a φ operand:
//!    when `T` dominates the operand's predecessor) read that constant.
//!    A case that leaves the state unchanged thus gives a constant too.
//! 2. *Threading region* `Z`, each block with its *current state* value:
//!    a block holding a web φ `p` (current state `p`); the blocks on the
//!    paths from `H` to `S` (current state `x`); the blocks of a chain of
//!    one-predecessor blocks between a web φ's block and the predecessor
//!    through which its value reaches another web φ.
//! 3. *Plan.* A copy of block `B ∈ Z` specialised to state `c` (`B_c`)
//!    knows its current state is `c`; it evaluates its instructions on
//!    that (pure arithmetic only) and folds its terminator when the
//!    condition or table index becomes a constant. Each edge `P → X` into
//!    a web φ whose operand from `P` is a constant `k` is redirected to
//!    `X_k`; from `B_c`, a successor `X ∈ Z` is `X_k` when `X`'s web φ
//!    reads a value that evaluates to `k` on that edge (or `X` has no web
//!    φ and the same current state as `B`: `k = c`), else the original
//!    `X`. Copies are shared by all edges with the same `(X, k)`, so the
//!    growth is bounded by |Z| times the number of states; the plan is
//!    dropped when its copies would hold more than [`MAX_COPIED_INSTS`]
//!    instructions, or when no copy of `S` folds its jump table.
//! 4. *Rewrite.* In `B_c` the web φ becomes `iconst c`, the other φs
//!    take their operands from the copies' own predecessors, and every
//!    other instruction is copied. Each value of a copied block now has
//!    several definitions; SSA repair ([`super::ssa::repair_many`])
//!    rewrites every use to the version that reaches it and places the
//!    φs this needs (the loop exits, the cases). CFG simplification then
//!    removes the originals no edge reaches any more and merges the
//!    copies' chains of jumps.
//!
//! Edges whose state is not a constant keep going to the original blocks
//! (and to the jump table). The threaded loop may be irreducible (a state
//! machine whose cases jump into each other's copies of the header); the
//! loop passes skip loops with several headers.
//!
//! Runs after inlining and the first constant propagation (the helpers of
//! the cases are inlined, the constants of their assignments visible)
//! and before `loop-rotate`, which would duplicate the header's test
//! into the latch, and long before the back end's if-conversion merges
//! the cases' branches into selects of the next state.
//!
//! Counters: "switches threaded", "blocks copied", "case values
//! propagated".

use super::simplify_cfg::{const_of, def_inst, sync_phis};
use super::ssa::repair_many;
use super::Stats;
use crate::hash::HashMap;
use crate::ir::eval::{self, mask};
use crate::ir::{BinaryOp, Block, ConvOp, Function, Inst, InstKind, Type, Value};

/// Largest number of instructions in the copies made for one switch.
pub const MAX_COPIED_INSTS: usize = 400;

/// Most switches considered per function.
const MAX_SWITCHES: usize = 16;

/// Largest number of φs in the web of one switch.
const MAX_WEB: usize = 64;

/// Deepest expression evaluated on a known state ([`eval_in`]).
const MAX_EVAL_DEPTH: u32 = 6;

/// Longest chain of one-predecessor blocks between two web φs.
const MAX_CHAIN: usize = 8;

/// Threads the jump tables of every function's state-machine loops.
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    stats.add("switches threaded", 0);
    // switches on a φ (through an injective index computation), at most
    // MAX_SWITCHES of them: each costs a dominator tree
    let switches: Vec<Block> = f
        .layout
        .iter()
        .copied()
        .filter(|&b| match f.terminator(b) {
            Some(&InstKind::JumpTable { index, .. }) => index_source(f, index).is_some(),
            _ => false,
        })
        .take(MAX_SWITCHES)
        .collect();
    let mut changed = false;
    for s in switches {
        // an earlier threading may have removed or copied it
        if !f.layout.contains(&s) || !matches!(f.terminator(s), Some(InstKind::JumpTable { .. })) {
            continue;
        }
        changed |= thread(f, s, &mut stats);
    }
    if changed {
        super::simplify_cfg::simplify(f);
    }
    stats
}

/// One step of the index computation `i = f(x)`.
#[derive(Clone, Copy)]
enum Step {
    Add(Type, u64),
    Sub(Type, u64),
    Xor(Type, u64),
    Ext(ConvOp, Type, Type),
}

/// The state `x` the table index `idx` is computed from, with the steps
/// from `idx` back to `x` (outermost first); None when the index is not
/// an injective function of a φ.
fn index_source(f: &Function, idx: Value) -> Option<(Value, Vec<Step>)> {
    let mut v = idx;
    let mut steps = Vec::new();
    for _ in 0..6 {
        let i = def_inst(f, v)?;
        let konst = |w: Value| const_of(f, w).map(|k| k as u64);
        match f.insts[i.index()].kind {
            InstKind::Phi { .. } => return Some((v, steps)),
            InstKind::Binary { op, ty, args } => {
                let (step, next) = match (op, konst(args[0]), konst(args[1])) {
                    (BinaryOp::Add, _, Some(k)) => (Step::Add(ty, mask(k, ty)), args[0]),
                    (BinaryOp::Add, Some(k), _) => (Step::Add(ty, mask(k, ty)), args[1]),
                    (BinaryOp::Sub, _, Some(k)) => (Step::Sub(ty, mask(k, ty)), args[0]),
                    (BinaryOp::Xor, _, Some(k)) => (Step::Xor(ty, mask(k, ty)), args[0]),
                    (BinaryOp::Xor, Some(k), _) => (Step::Xor(ty, mask(k, ty)), args[1]),
                    _ => return None,
                };
                steps.push(step);
                v = next;
            }
            InstKind::Convert { op, from, to, arg } if op != ConvOp::Trunc => {
                steps.push(Step::Ext(op, from, to));
                v = arg;
            }
            _ => return None,
        }
    }
    None
}

/// `f(x)` for the steps of [`index_source`] (operands masked).
fn forward(steps: &[Step], x: u64) -> u64 {
    steps.iter().rev().fold(x, |v, s| match *s {
        Step::Add(t, k) => mask(v.wrapping_add(k), t),
        Step::Sub(t, k) => mask(v.wrapping_sub(k), t),
        Step::Xor(t, k) => mask(v ^ k, t),
        Step::Ext(op, from, to) => eval::convert(op, from, to, v),
    })
}

/// The state whose index is `k` (`f⁻¹(k)`), checked by [`forward`].
fn inverse(steps: &[Step], k: u64) -> Option<u64> {
    let mut v = k;
    for s in steps {
        v = match *s {
            Step::Add(t, c) => mask(v.wrapping_sub(c), t),
            Step::Sub(t, c) => mask(v.wrapping_add(c), t),
            Step::Xor(t, c) => mask(v ^ c, t),
            Step::Ext(_, from, _) => mask(v, from),
        };
    }
    (forward(steps, v) == k).then_some(v)
}

/// The value of a pure instruction whose operands `known` gives (masked
/// to their types); None for anything else.
pub(crate) fn eval_inst(kind: &InstKind, known: &dyn Fn(Value) -> Option<u64>) -> Option<u64> {
    Some(match *kind {
        InstKind::Iconst { ty, imm } => mask(imm as u64, ty),
        InstKind::Binary { op, ty, args } => {
            eval::binary(op, ty, known(args[0])?, known(args[1])?).ok()?
        }
        InstKind::Unary { op, ty, arg } => eval::unary(op, ty, known(arg)?),
        InstKind::Custom { ref op, ref args } => {
            let vals = args
                .iter()
                .map(|&a| known(a).map(|x| x as i32))
                .collect::<Option<Vec<i32>>>()?;
            eval::custom(op, &vals)
        }
        InstKind::Icmp { cond, ty, args } => {
            if args[0] == args[1] {
                eval::icmp_self(cond)
            } else {
                eval::icmp(cond, ty, known(args[0])?, known(args[1])?)
            }
        }
        InstKind::Convert { op, from, to, arg } => eval::convert(op, from, to, known(arg)?),
        _ => return None,
    })
}

/// The value of `v` where the current state `state` is `c`: `v` is
/// `state`, a constant, or a pure instruction of such operands at most
/// `depth` deep. Sound at any block where `v` is available: each
/// instruction of the tree is dominated by its operands' definitions, so
/// the latest instance of each was computed from the latest instance of
/// `state` (a path redefining `state` and skipping the instruction would
/// reach the use, against dominance).
fn eval_in(f: &Function, v: Value, state: Value, c: u64, depth: u32) -> Option<u64> {
    if v == state {
        return Some(c);
    }
    if let Some(k) = const_of(f, v) {
        return Some(mask(k as u64, f.value_type(v)));
    }
    if depth == 0 {
        return None;
    }
    let i = def_inst(f, v)?;
    eval_inst(&f.insts[i.index()].kind, &|w| {
        eval_in(f, w, state, c, depth - 1)
    })
}

/// Where an edge of a copy goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Target {
    /// The original block.
    Orig(Block),
    /// Copy number `n` of the plan.
    Copy(usize),
}

/// A planned copy of block `orig` specialised to state `key`.
struct BlockCopy {
    orig: Block,
    key: u64,
    /// The successor the folded terminator keeps, if it folds.
    folded: Option<Block>,
    /// Per successor of the original (after folding): where it goes.
    succs: Vec<(Block, Target)>,
}

/// The φs at the top of `b`.
pub(super) fn phis_of(f: &Function, b: Block) -> Vec<Inst> {
    f.blocks[b.index()]
        .insts
        .iter()
        .copied()
        .take_while(|i| matches!(f.insts[i.index()].kind, InstKind::Phi { .. }))
        .collect()
}

/// The operand of φ `i` from predecessor `p`.
pub(super) fn incoming_from(f: &Function, i: Inst, p: Block) -> Option<Value> {
    match &f.insts[i.index()].kind {
        InstKind::Phi { incoming, .. } => incoming.iter().find(|x| x.0 == p).map(|x| x.1),
        _ => None,
    }
}

/// Threads the switch ending block `s`; true when the function changed.
fn thread(f: &mut Function, s: Block, stats: &mut Stats) -> bool {
    let Some(InstKind::JumpTable { index, targets }) = f.terminator(s).cloned() else {
        return false;
    };
    let Some((x, steps)) = index_source(f, index) else {
        return false;
    };
    let Some(xi) = def_inst(f, x) else {
        return false;
    };
    let bx = f.insts[xi.index()].block;
    let ty = f.value_type(x);
    let nb = f.blocks.len();
    let dt = f.dom_tree();
    let preds = f.predecessors();
    if !dt.is_reachable(s)
        || !dt.dominates(bx, s)
        || !preds[bx.index()].iter().any(|&p| dt.dominates(bx, p))
    {
        return false;
    }

    // 1. Case values: x is f⁻¹(k) where only table entry k leads. The
    // uses of x, each with the block it happens in (a φ operand's: the
    // end of its predecessor), are found once.
    let mut changed = false;
    let mut all_uses: Vec<(Inst, Option<usize>, Block)> = Vec::new();
    for &b in &f.layout {
        if !dt.is_reachable(b) {
            continue;
        }
        for &i in &f.blocks[b.index()].insts {
            match &f.insts[i.index()].kind {
                InstKind::Phi { incoming, .. } => {
                    for (j, &(p, v)) in incoming.iter().enumerate() {
                        if v == x && dt.is_reachable(p) {
                            all_uses.push((i, Some(j), p));
                        }
                    }
                }
                kind if kind.operands().contains(&x) => all_uses.push((i, None, b)),
                _ => {}
            }
        }
    }
    let mut entries_of: HashMap<Block, usize> = HashMap::default();
    for &t in &targets {
        *entries_of.entry(t).or_default() += 1;
    }
    for (k, &t) in targets.iter().enumerate() {
        if t == s || preds[t.index()].as_slice() != [s] || entries_of[&t] != 1 {
            continue;
        }
        let Some(c) = inverse(&steps, k as u64) else {
            continue;
        };
        let uses: Vec<(Inst, Option<usize>)> = all_uses
            .iter()
            .filter(|u| dt.dominates(t, u.2))
            .map(|u| (u.0, u.1))
            .collect();
        if uses.is_empty() {
            continue;
        }
        let (ci, cv) = f.new_inst(
            t,
            InstKind::Iconst {
                ty,
                imm: eval::sext(c, ty),
            },
        );
        let cv = cv.expect("iconst result");
        let at = phis_of(f, t).len();
        f.blocks[t.index()].insts.insert(at, ci);
        for (i, j) in uses {
            match (&mut f.insts[i.index()].kind, j) {
                (InstKind::Phi { incoming, .. }, Some(j)) => incoming[j].1 = cv,
                (k, _) => crate::ir::map_operands(k, |v| if v == x { cv } else { v }),
            }
        }
        stats.add("case values propagated", 1);
        changed = true;
    }

    // 2. The web and the threading region.
    let is_phi = |v: Value| {
        def_inst(f, v).filter(|i| matches!(f.insts[i.index()].kind, InstKind::Phi { .. }))
    };
    let mut web: Vec<Value> = vec![x];
    let mut web_phi: Vec<Option<Inst>> = vec![None; nb]; // per block
    let mut in_web: HashMap<Value, ()> = HashMap::default();
    in_web.insert(x, ());
    let mut k = 0;
    while k < web.len() {
        let v = web[k];
        k += 1;
        let i = is_phi(v).expect("web holds φs");
        let b = f.insts[i.index()].block;
        if web_phi[b.index()].is_some() || web.len() > MAX_WEB {
            return changed; // two state φs in one block, or too large
        }
        web_phi[b.index()] = Some(i);
        if let InstKind::Phi { incoming, .. } = &f.insts[i.index()].kind {
            for &(_, w) in incoming {
                if is_phi(w).is_some() && in_web.insert(w, ()).is_none() {
                    web.push(w);
                }
            }
        }
    }
    // current state per block of the region
    let mut cur: Vec<Option<Value>> = vec![None; nb];
    for &v in &web {
        let i = def_inst(f, v).expect("web φ");
        cur[f.insts[i.index()].block.index()] = Some(v);
    }
    // the blocks on paths from bx to s
    let mut fwd = vec![false; nb];
    let mut stack = vec![bx];
    fwd[bx.index()] = true;
    while let Some(b) = stack.pop() {
        if b == s {
            continue;
        }
        for t in f.successors(b) {
            if !fwd[t.index()] && t != bx {
                fwd[t.index()] = true;
                stack.push(t);
            }
        }
    }
    let mut bwd = vec![false; nb];
    let mut stack = vec![s];
    bwd[s.index()] = true;
    while let Some(b) = stack.pop() {
        if b == bx {
            continue;
        }
        for &p in &preds[b.index()] {
            if !bwd[p.index()] && p != s && dt.is_reachable(p) {
                bwd[p.index()] = true;
                stack.push(p);
            }
        }
    }
    for &b in &f.layout {
        if b != bx && fwd[b.index()] && bwd[b.index()] {
            if web_phi[b.index()].is_some() {
                return changed; // the state is merged again before the switch
            }
            cur[b.index()] = Some(x);
        }
    }
    // chains of one-predecessor blocks between web φs
    for &v in &web {
        let i = def_inst(f, v).expect("web φ");
        let InstKind::Phi { incoming, .. } = &f.insts[i.index()].kind else {
            continue;
        };
        for &(p, q) in incoming {
            if !in_web.contains_key(&q) {
                continue;
            }
            let y = f.insts[def_inst(f, q).expect("web φ").index()].block;
            let mut chain = Vec::new();
            let mut b = p;
            let ok = loop {
                if b == y || cur[b.index()] == Some(q) {
                    break true;
                }
                if cur[b.index()].is_some()
                    || preds[b.index()].len() != 1
                    || chain.len() >= MAX_CHAIN
                {
                    break false;
                }
                chain.push(b);
                b = preds[b.index()][0];
            };
            if ok {
                for b in chain {
                    cur[b.index()] = Some(q);
                }
            }
        }
    }

    // 3. The plan.
    let known_const = |v: Value| const_of(f, v).map(|k| mask(k as u64, f.value_type(v)));
    let mut copies: Vec<BlockCopy> = Vec::new();
    let mut copy_of: HashMap<(Block, u64), usize> = HashMap::default();
    let mut entries: Vec<(Block, Block, usize)> = Vec::new();
    let mut size = 0usize;
    let mut get = |copies: &mut Vec<BlockCopy>, b: Block, key: u64, size: &mut usize| -> usize {
        *copy_of.entry((b, key)).or_insert_with(|| {
            copies.push(BlockCopy {
                orig: b,
                key,
                folded: None,
                succs: Vec::new(),
            });
            *size += f.blocks[b.index()].insts.len() - phis_of(f, b).len();
            copies.len() - 1
        })
    };
    for &v in &web {
        let i = def_inst(f, v).expect("web φ");
        let xb = f.insts[i.index()].block;
        let InstKind::Phi { incoming, .. } = &f.insts[i.index()].kind else {
            continue;
        };
        for &(p, w) in incoming {
            if let Some(k) = known_const(w) {
                if dt.is_reachable(p) {
                    let n = get(&mut copies, xb, k, &mut size);
                    entries.push((p, xb, n));
                }
            }
        }
    }
    let mut done = 0;
    let mut switch_folded = false;
    while done < copies.len() {
        if size > MAX_COPIED_INSTS {
            return changed;
        }
        let (b, c) = (copies[done].orig, copies[done].key);
        let state = cur[b.index()].expect("copies are of region blocks");
        let insts = &f.blocks[b.index()].insts;
        let known = |v: Value| eval_in(f, v, state, c, MAX_EVAL_DEPTH);
        let term = &f.insts[insts.last().expect("terminator").index()].kind;
        let folded = match *term {
            InstKind::Branch {
                cond, then, else_, ..
            } => known(cond).map(|v| if v != 0 { then } else { else_ }),
            InstKind::JumpTable { index, ref targets } => {
                known(index).and_then(|v| targets.get(v as usize).copied())
            }
            _ => None,
        };
        if b == s && folded.is_some() {
            switch_folded = true;
        }
        let succ_list = match folded {
            Some(t) => vec![t],
            None => term.successors().to_vec(),
        };
        let mut succs = Vec::new();
        for t in succ_list {
            let key = if cur[t.index()].is_none() {
                None
            } else if let Some(p) = web_phi[t.index()] {
                incoming_from(f, p, b).and_then(&known)
            } else if cur[t.index()] == Some(state) {
                Some(c)
            } else {
                None
            };
            let target = match key {
                Some(k) => Target::Copy(get(&mut copies, t, k, &mut size)),
                None => Target::Orig(t),
            };
            succs.push((t, target));
        }
        copies[done].folded = folded;
        copies[done].succs = succs;
        done += 1;
    }
    if !switch_folded || size > MAX_COPIED_INSTS {
        return changed;
    }

    // 4. The rewrite.
    let old_layout = f.layout.clone();
    let blocks: Vec<Block> = copies.iter().map(|_| f.add_block()).collect();
    let mut versions: HashMap<Value, Vec<Value>> = HashMap::default();
    // per copy: the copy of each φ of the original (None: the web φ)
    let mut phi_copies: Vec<Vec<Option<Inst>>> = Vec::new();
    for (n, cp) in copies.iter().enumerate() {
        let nb_ = blocks[n];
        let orig = f.blocks[cp.orig.index()].insts.clone();
        let phis = phis_of(f, cp.orig);
        let web_p = web_phi[cp.orig.index()];
        let mut pc = Vec::new();
        for &i in &phis {
            if Some(i) == web_p {
                pc.push(None);
                continue;
            }
            let ty = f.value_type(f.insts[i.index()].result.expect("phi result"));
            let (ni, nr) = f.new_inst(
                nb_,
                InstKind::Phi {
                    ty,
                    incoming: Vec::new(),
                },
            );
            f.blocks[nb_.index()].insts.push(ni);
            let r = f.insts[i.index()].result.expect("phi result");
            versions.entry(r).or_default().push(nr.expect("phi result"));
            pc.push(Some(ni));
        }
        phi_copies.push(pc);
        if let Some(p) = web_p {
            let r = f.insts[p.index()].result.expect("phi result");
            let ty = f.value_type(r);
            let nr = f
                .push(
                    nb_,
                    InstKind::Iconst {
                        ty,
                        imm: eval::sext(cp.key, ty),
                    },
                )
                .expect("iconst result");
            versions.entry(r).or_default().push(nr);
        }
        let resolve = |t: Block| match cp.succs.iter().find(|x| x.0 == t) {
            Some(&(_, Target::Copy(m))) => blocks[m],
            _ => t,
        };
        for &i in &orig[phis.len()..] {
            let d = &f.insts[i.index()];
            let (mut kind, loc, result) = (d.kind.clone(), d.loc, d.result);
            if kind.is_terminator() {
                kind = match cp.folded {
                    Some(t) => InstKind::Jump { dest: resolve(t) },
                    None => {
                        for t in kind.targets_mut() {
                            *t = resolve(*t);
                        }
                        kind
                    }
                };
            }
            let (ni, nr) = f.new_inst(nb_, kind);
            f.insts[ni.index()].loc = loc;
            f.blocks[nb_.index()].insts.push(ni);
            if let (Some(r), Some(nr)) = (result, nr) {
                versions.entry(r).or_default().push(nr);
            }
        }
    }
    // φ operands of the copies' edges: the value the original edge carries
    let add_operand = |f: &mut Function, from: Block, orig_from: Block, t: Target, x: Block| {
        let phis = phis_of(f, x);
        for (j, &i) in phis.iter().enumerate() {
            let Some(v) = incoming_from(f, i, orig_from) else {
                continue;
            };
            let dest = match t {
                Target::Orig(_) => Some(i),
                Target::Copy(m) => phi_copies[m][j],
            };
            if let Some(d) = dest {
                if let InstKind::Phi { incoming, .. } = &mut f.insts[d.index()].kind {
                    incoming.push((from, v));
                }
            }
        }
    };
    for (n, cp) in copies.iter().enumerate() {
        for &(x, t) in &cp.succs {
            add_operand(f, blocks[n], cp.orig, t, x);
        }
    }
    for &(p, x, n) in &entries {
        f.redirect(p, x, blocks[n]);
        add_operand(f, p, p, Target::Copy(n), x);
    }
    // layout: each copy after its original
    let mut after: HashMap<Block, Vec<Block>> = HashMap::default();
    for (n, cp) in copies.iter().enumerate() {
        after.entry(cp.orig).or_default().push(blocks[n]);
    }
    let mut layout = Vec::with_capacity(old_layout.len() + blocks.len());
    for b in old_layout {
        layout.push(b);
        if let Some(v) = after.get(&b) {
            layout.extend(v);
        }
    }
    f.layout = layout;
    sync_phis(f);
    super::simplify_cfg::remove_unreachable(f);
    let mut vars: Vec<Vec<Value>> = versions
        .into_iter()
        .map(|(orig, mut v)| {
            v.insert(0, orig);
            v
        })
        .collect();
    vars.sort_unstable_by_key(|v| v[0]);
    repair_many(f, &vars);
    stats.add("switches threaded", 1);
    stats.add("blocks copied", copies.len() as u64);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{verify_function, Module};
    use crate::opt::testutil::stdout;

    /// A state machine in the shape of CoreMark's `core_state_transition`:
    /// the loop test reads the state (`st != 1`), a `','` leaves the loop,
    /// cases set the state to a constant or leave it unchanged (case 2 on
    /// anything but `'b'`), the default case is never reached. `CASE4` is
    /// the state case 4 sets, `LAST` the fourth input.
    const FSM: &str = r#"
#include <stdio.h>
static int fsm(const char *s) {
    int st = 0, n = 0;
    for (; *s && st != 1; s++) {
        int c = *s;
        if (c == ',')
            break;
        switch (st) {
        case 0:
            if (c == 'a') st = 2; else if (c == 'b') st = 3; else st = 1;
            n += 1;
            break;
        case 2:
            if (c == 'b') st = 3;
            n += 10;
            break;
        case 3:
            if (c == 'a') st = 2; else if (c == 'c') st = 4; else if (c != 'b') st = 1;
            n += 100;
            break;
        case 4:
            st = CASE4;
            n += 1000;
            break;
        default:
            n += 5;
            break;
        }
    }
    return n * 4 + st;
}
int main(void) {
    printf("%d %d %d %d\n", fsm("aab"), fsm("ba,a"), fsm("abx"), fsm(LAST));
    return 0;
}
"#;

    /// `src` compiled to IR and put through the passes that run before
    /// this one (SSA, CFG simplification, constant propagation, DCE).
    fn prepared(src: &str) -> Module {
        let out = crate::driver::compile("fsm.c", src.as_bytes(), &Default::default());
        let mut m = out.result.expect("compiles");
        for name in ["ssa", "simplify-cfg", "sccp", "dce"] {
            let p = super::super::pass(name).expect("pass");
            for f in &mut m.functions {
                (p.run)(f);
            }
        }
        m
    }

    /// Jump tables among the terminators of function `name`.
    fn jump_tables(m: &Module, name: &str) -> usize {
        let f = m.functions.iter().find(|f| f.name == name).expect("fn");
        f.layout
            .iter()
            .filter(|&&b| matches!(f.terminator(b), Some(InstKind::JumpTable { .. })))
            .count()
    }

    fn thread_all(m: &mut Module) -> Stats {
        let mut st = Stats::default();
        for f in &mut m.functions {
            st.merge(&run(f));
            verify_function(f).unwrap_or_else(|e| panic!("does not verify: {e}"));
        }
        st
    }

    /// Every transition is a constant (case 4 goes back to state 0): all
    /// paths are threaded and the jump table disappears. Expected output
    /// by hand (and host gcc): "aab": 0 →a 2 (n 1) →a 2 (11) →b 3 (21),
    /// 21·4 + 3 = 87; "ba,a": 0 →b 3 (1) →a 2 (101), ',' stops: 406;
    /// "abx": 2 (1), 3 (11), 'x' → 1 (111) ends the loop: 445; "bcab":
    /// 3 (1) →c 4 (101) → 0 (1101) →b 3 (1102): 4411.
    #[test]
    fn threads_every_constant_transition() {
        let src = FSM.replace("CASE4", "0").replace("LAST", "\"bcab\"");
        let mut m = prepared(&src);
        assert_eq!(jump_tables(&m, "fsm"), 1);
        assert_eq!(stdout(&m), "87 406 445 4411\n");
        let st = thread_all(&mut m);
        assert_eq!(st.get("switches threaded"), 1);
        // case 2 leaves the state unchanged: its "2" is known from the case
        assert!(st.get("case values propagated") >= 1);
        assert_eq!(jump_tables(&m, "fsm"), 0);
        assert_eq!(stdout(&m), "87 406 445 4411\n");
    }

    /// Case 4 computes the next state from the input (`c & 3`): the other
    /// transitions are threaded, that one still goes through the jump
    /// table. "bcbb": 3 (1) →c 4 (101) → 'b' & 3 = 2 (1101) →b 3 (1111):
    /// 1111·4 + 3 = 4447; the other inputs as above.
    #[test]
    fn threads_only_constant_edges() {
        let src = FSM.replace("CASE4", "(c & 3)").replace("LAST", "\"bcbb\"");
        let mut m = prepared(&src);
        assert_eq!(stdout(&m), "87 406 445 4447\n");
        let st = thread_all(&mut m);
        assert_eq!(st.get("switches threaded"), 1);
        assert_eq!(jump_tables(&m, "fsm"), 1);
        assert_eq!(stdout(&m), "87 406 445 4447\n");
    }

    /// A header too large to copy once per state: nothing is threaded
    /// (the budget), and the results stay.
    #[test]
    fn budget_limits_the_copies() {
        let big = "h = h * 31 + c; h ^= h >> 3; ".repeat(60);
        let src = FSM
            .replace("CASE4", "0")
            .replace("LAST", "\"bcab\"")
            .replace("int c = *s;", &format!("int c = *s; {big}"))
            .replace("int st = 0, n = 0;", "int st = 0, n = 0; unsigned h = 0;")
            .replace("return n * 4 + st;", "sink = h; return n * 4 + st;")
            .replace("static int fsm", "unsigned sink; static int fsm");
        let mut m = prepared(&src);
        let st = thread_all(&mut m);
        assert_eq!(st.get("switches threaded"), 0);
        assert_eq!(jump_tables(&m, "fsm"), 1);
        assert_eq!(stdout(&m), "87 406 445 4411\n");
    }

    /// A switch on a value loaded in each iteration (not a state carried
    /// by a φ) is left alone.
    #[test]
    fn switch_on_loaded_value_is_left() {
        let src = r#"
#include <stdio.h>
static int f(const char *s) {
    int n = 0;
    for (; *s; s++) {
        switch (*s & 7) {
        case 0: n += 1; break;
        case 1: n += 2; break;
        case 2: n += 3; break;
        case 3: n += 4; break;
        case 5: n += 6; break;
        default: n += 100; break;
        }
    }
    return n;
}
int main(void) { printf("%d\n", f("abcd")); return 0; }
"#;
        // 'a' & 7 = 1, 'b' 2, 'c' 3, 'd' 4 (default): 2 + 3 + 4 + 100
        let mut m = prepared(src);
        assert_eq!(stdout(&m), "109\n");
        let st = thread_all(&mut m);
        assert_eq!(st.get("switches threaded"), 0);
        assert_eq!(stdout(&m), "109\n");
    }

    /// The index chain is inverted exactly: `sext` then `sub 10`.
    #[test]
    fn index_chain_inverts() {
        let steps = [
            Step::Sub(Type::I32, 10),
            Step::Ext(ConvOp::Sext, Type::I8, Type::I32),
        ];
        assert_eq!(forward(&steps, 12), 2);
        assert_eq!(inverse(&steps, 2), Some(12));
        // index −16 (0xffff_fff0) is state −6 (0xfa as an i8)
        assert_eq!(inverse(&steps, 0xffff_fff0), Some(0xfa));
        // no i8 state gives index 200 (210 is not a sign-extended i8)
        assert_eq!(inverse(&steps, 200), None);
    }
}
