//! Loop rotation: a top-tested loop (`while`/`for` shape: test in the
//! header, `jump` back from the latch) becomes a guarded bottom-tested loop
//! (`do … while` shape), so each iteration runs one control transfer
//! instead of two and the loop body and its test form one block that the
//! back end can schedule (and modulo-schedule) together.
//!
//! Before (`H` the header, `P` its only predecessor outside the loop, `L`
//! the only latch, `B` the successor of `H` inside the loop, `X` the exit):
//!
//! ```text
//! P → H;  H: φs; I; br c → B | X;  B … L → H
//! ```
//!
//! After: a guard `G` (a copy of `H` whose φs read their values from `P`)
//! takes the edge from `P`; `H`, now reached from `L` only, keeps its
//! instructions as the test at the bottom, its φs read the latch's values:
//!
//! ```text
//! P → G;  G: I[φ := from P]; br c_G → B | X;  B … L → H;  H: I[φ := from L]; br c → B | X
//! ```
//!
//! Every value defined in `H` now has two definitions (in `G` and in `H`);
//! SSA repair (S2 §5, Alg. 5.1: [`crate::opt::ssa::repair_many`]) rewrites
//! their uses and places the φs this needs at `B` and `X`. `simplify-cfg`
//! then merges `H` into `L` (its only predecessor).
//!
//! Conditions: a reducible loop with one header that is not the function's
//! entry, one predecessor outside the loop, one latch, a header ending in
//! a conditional branch with one successor in the loop (other than the
//! header) and one outside, and at most [`MAX_HEADER_INSTS`] instructions
//! besides φs and the branch, none a call or a store (so the copy in `G`
//! is cheap and the code size stays bounded). Calls and stores would be
//! correct to copy too (each copy runs exactly when the original would
//! have), only larger.

use super::simplify_cfg::replace_uses_in;
use super::ssa::repair_many_with;
use super::Stats;
use crate::analysis::DomTree;
use crate::hash::HashMap;
use crate::ir::{Block, Function, Inst, InstKind, Value};

/// Largest number of non-φ instructions of a header that is copied.
pub const MAX_HEADER_INSTS: usize = 12;

/// Rotates every loop that qualifies, innermost first. Counter:
/// "loops rotated".
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    // One forest for the whole pass: a rotation adds its guard block to
    // every loop enclosing the rotated one (and to no other), which is all
    // the bookkeeping the remaining loops need; the header's predecessors
    // are read again per loop.
    let mut forest = f.loop_forest();
    let mut order: Vec<usize> = (0..forest.loops.len()).collect();
    order.sort_by_key(|&l| std::cmp::Reverse(forest.loops[l].depth));
    for l in order {
        if forest.loops[l].headers.len() != 1 {
            continue;
        }
        let h = forest.loops[l].header;
        let body = forest.loops[l].body.clone();
        let hp = f.predecessors_of(h);
        if let Some(g) = rotate(f, h, &body, &hp) {
            stats.add("loops rotated", 1);
            let mut a = forest.loops[l].parent;
            while let Some(p) = a {
                let b = &mut forest.loops[p].body;
                if let Err(k) = b.binary_search(&g) {
                    b.insert(k, g);
                }
                a = forest.loops[p].parent;
            }
        }
    }
    stats
}

/// Rotates the loop of header `h` with blocks `body` (sorted) and header
/// predecessors `hp` (in predecessor order): the new guard block, or None
/// when the loop does not qualify.
fn rotate(f: &mut Function, h: Block, body: &[Block], hp: &[Block]) -> Option<Block> {
    if f.layout.first() == Some(&h) {
        return None;
    }
    let in_loop = |b: &Block| body.binary_search(b).is_ok();
    let outside: Vec<Block> = hp.iter().copied().filter(|b| !in_loop(b)).collect();
    let latches: Vec<Block> = hp.iter().copied().filter(|b| in_loop(b)).collect();
    let ([p], [latch]) = (outside.as_slice(), latches.as_slice()) else {
        return None;
    };
    let (p, latch) = (*p, *latch);
    let Some(&InstKind::Branch {
        cond,
        then,
        else_,
        prob,
    }) = f.terminator(h)
    else {
        return None;
    };
    let (inside, exit) = match (in_loop(&then), in_loop(&else_)) {
        (true, false) => (then, else_),
        (false, true) => (else_, then),
        _ => return None,
    };
    if inside == h {
        return None; // already bottom-tested
    }
    let insts = f.blocks[h.index()].insts.clone();
    let (phis, rest): (Vec<Inst>, Vec<Inst>) = insts
        .iter()
        .partition(|&&i| matches!(f.insts[i.index()].kind, InstKind::Phi { .. }));
    let body_insts = &rest[..rest.len() - 1];
    if body_insts.len() > MAX_HEADER_INSTS
        || body_insts.iter().any(|&i| {
            matches!(
                f.insts[i.index()].kind,
                InstKind::Call { .. }
                    | InstKind::Store { .. }
                    | InstKind::VolatileStore { .. }
                    | InstKind::MemCopy { .. }
                    | InstKind::MemZero { .. }
                    | InstKind::VaStart
            )
        })
    {
        return None;
    }
    // The guard G: the header's instructions with each φ replaced by its
    // value from P.
    let g = f.add_block();
    // place G right before H in the layout
    f.layout.pop();
    let hpos = f
        .layout
        .iter()
        .position(|&b| b == h)
        .expect("header in layout");
    f.layout.insert(hpos, g);
    let mut map: HashMap<Value, Value> = HashMap::default();
    let mut from_latch: Vec<(Value, Value)> = Vec::new();
    for &phi in &phis {
        let d = &f.insts[phi.index()];
        let InstKind::Phi { incoming, .. } = &d.kind else {
            unreachable!()
        };
        let r = d.result.expect("phi defines a value");
        let from_p = incoming.iter().find(|x| x.0 == p).expect("phi arity").1;
        let from_l = incoming.iter().find(|x| x.0 == latch).expect("phi arity").1;
        map.insert(r, from_p);
        from_latch.push((r, from_l));
    }
    let mut versions: Vec<(Value, Value)> = Vec::new();
    for &i in body_insts {
        let mut kind = f.insts[i.index()].kind.clone();
        crate::ir::map_operands(&mut kind, |v| map.get(&v).copied().unwrap_or(v));
        let loc = f.insts[i.index()].loc;
        let (ni, nr) = f.new_inst(g, kind);
        f.insts[ni.index()].loc = loc;
        f.blocks[g.index()].insts.push(ni);
        if let (Some(r), Some(nr)) = (f.insts[i.index()].result, nr) {
            map.insert(r, nr);
            versions.push((r, nr));
        }
    }
    let cond_g = map.get(&cond).copied().unwrap_or(cond);
    f.push(
        g,
        InstKind::Branch {
            cond: cond_g,
            then,
            else_,
            // the guard tests the header's condition: the same hint
            prob,
        },
    );
    // P's edge to H now goes to G.
    f.redirect(p, h, g);
    // The successors' φs get an operand from G: the G version of the
    // value they read from H.
    for s in [inside, exit] {
        for k in 0..f.blocks[s.index()].insts.len() {
            let i = f.blocks[s.index()].insts[k];
            if let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind {
                let from_h = incoming.iter().find(|x| x.0 == h).map(|x| x.1);
                if let Some(v) = from_h {
                    incoming.push((g, map.get(&v).copied().unwrap_or(v)));
                }
            }
        }
    }
    // Each φ of H now has two versions: P's value (on the guard's path)
    // and the latch's (H has no other predecessor). Both get a stand-in
    // definition, a one-operand φ at the top of G and of H, so that SSA
    // repair sees one variable with two definitions; the stand-ins are
    // folded into their operands afterwards.
    f.blocks[h.index()].insts.retain(|i| !phis.contains(i));
    let mut repl: Vec<Option<Value>> = vec![None; f.values.len()];
    let mut phi_versions: Vec<(Value, Value)> = Vec::new();
    for &(r, from_l) in &from_latch {
        let ty = f.value_type(r);
        let stand_in = |f: &mut Function, b: Block, pred: Block, v: Value| {
            let (i, res) = f.new_inst(
                b,
                InstKind::Phi {
                    ty,
                    incoming: vec![(pred, v)],
                },
            );
            f.blocks[b.index()].insts.insert(0, i);
            res.expect("phi result")
        };
        let in_h = stand_in(f, h, latch, from_l);
        let in_g = stand_in(f, g, p, map[&r]);
        repl[r.index()] = Some(in_h);
        phi_versions.push((in_h, in_g));
    }
    repl.resize(f.values.len(), None);
    // The CFG is final (φs and operands do not change it). The values of
    // the header were read, before the rotation, only in blocks the header
    // dominated (strict SSA) and by φs on edges from them; G now dominates
    // those blocks. So the uses to rewrite, before and after the repair,
    // are in blocks G dominates, in blocks with a predecessor G dominates
    // (their φs), and in unreachable blocks or blocks with an unreachable
    // predecessor (which the dominance rule does not cover): the other
    // blocks are not scanned.
    let cfg = f.cfg();
    let entry = cfg.entry.expect("a function with a loop has an entry");
    let dt = DomTree::new(entry, &cfg.succs);
    let all = !dt.is_reachable(g);
    let under_g = |b: Block| !dt.is_reachable(b) || dt.dominates(g, b);
    let scan = |b: Block| all || under_g(b) || cfg.preds[b.index()].iter().any(|&p| under_g(p));
    replace_uses_in(f, &repl, scan);
    // Each variable now has a version in G and one in H.
    let vars: Vec<Vec<Value>> = versions
        .iter()
        .chain(&phi_versions)
        .map(|&(vh, vg)| vec![vh, vg])
        .collect();
    repair_many_with(f, &vars, &cfg, &dt, scan);
    // One-operand φs are copies: replace them by their operand.
    fold_single_phis(f, &[g, h], scan);
    // φ operands in predecessor order (the verifier's rule): the blocks
    // that got an operand from G (repair's φs follow the order already)
    f.sort_phi_operands(&[inside, exit]);
    Some(g)
}

/// Replaces every one-operand φ of `blocks` by its operand.
fn fold_single_phis(f: &mut Function, blocks: &[Block], scan: impl Fn(Block) -> bool) {
    let mut repl: Vec<Option<Value>> = vec![None; f.values.len()];
    for &b in blocks {
        let mut keep = Vec::new();
        for &i in &f.blocks[b.index()].insts {
            match &f.insts[i.index()].kind {
                InstKind::Phi { incoming, .. } if incoming.len() == 1 => {
                    let r = f.insts[i.index()].result.expect("phi result");
                    repl[r.index()] = Some(incoming[0].1);
                }
                _ => keep.push(i),
            }
        }
        f.blocks[b.index()].insts = keep;
    }
    replace_uses_in(f, &repl, scan);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    /// `sum(n)`: a `for` loop adding 0…n−1 (top-tested: test in the
    /// header, `jump` back), and `main` returning a checksum of
    /// sum(0), sum(1), sum(7) = 0, 0, 21 and the header value `%t`
    /// (n·2 computed in the header, used after the loop).
    const SUM: &str = "
func @sum(i32 %n) -> i32 {
b0:
  %z = iconst.i32 0
  %one = iconst.i32 1
  jump h
h:
  %i = phi.i32 [b0: %z], [body: %i2]
  %s = phi.i32 [b0: %z], [body: %s2]
  %t = add.i32 %n, %n
  %c = icmp.slt.i32 %i, %n
  br %c, body, x
body:
  %s2 = add.i32 %s, %i
  %i2 = add.i32 %i, %one
  jump h
x:
  %r = add.i32 %s, %t
  ret %r
}
func @main() -> i32 {
b0:
  %a0 = iconst.i32 0
  %a1 = iconst.i32 1
  %a7 = iconst.i32 7
  %r0 = call.i32 @sum(%a0)
  %r1 = call.i32 @sum(%a1)
  %r7 = call.i32 @sum(%a7)
  %k = iconst.i32 10
  %m1 = mul.i32 %r1, %k
  %m7 = mul.i32 %r7, %k
  %m77 = mul.i32 %m7, %k
  %x1 = add.i32 %r0, %m1
  %x2 = add.i32 %x1, %m77
  ret %x2
}";

    /// Hand-derived: sum(0) = 0 + 0, sum(1) = 0 + 2, sum(7) = 21 + 14 =
    /// 35; 0 + 2·10 + 35·100 = 3520, exit status 3520 mod 256 = 192.
    /// After rotation the loop is bottom-tested: the header `h` is reached
    /// from the latch only and ends in the branch back to the body, and a
    /// guard before the loop tests `0 < n`.
    #[test]
    fn rotates_for_loop_and_keeps_values() {
        let mut m = module(SUM);
        assert_eq!(exit_code(&m), 3520 % 256);
        let st = run_on_all(&mut m, run);
        assert_eq!(st.get("loops rotated"), 1);
        assert_eq!(exit_code(&m), 3520 % 256);
        let f = &m.functions[0];
        let preds = f.predecessors();
        let forest = f.loop_forest();
        assert_eq!(forest.loops.len(), 1);
        let l = &forest.loops[0];
        // the new header is the old body; its loop has one block that
        // leaves it, the old header, which branches back to the body
        let exits: Vec<Block> = l
            .body
            .iter()
            .copied()
            .filter(|&b| f.successors(b).iter().any(|s| !l.body.contains(s)))
            .collect();
        assert_eq!(exits.len(), 1);
        assert!(f.successors(exits[0]).contains(&l.header));
        // the header has two predecessors: the guard and the latch
        assert_eq!(preds[l.header.index()].len(), 2);
        // a second run finds nothing left to rotate
        let st = run_on_all(&mut m, run);
        assert_eq!(st.get("loops rotated"), 0);
    }

    /// A header with a call is not copied (the guard would run it once
    /// more per entry of the loop).
    #[test]
    fn header_with_call_stays() {
        let text = SUM.replace("%t = add.i32 %n, %n", "%t = call.i32 @abs(%n)");
        let mut m = module(&text);
        let st = run_on_all(&mut m, run);
        assert_eq!(st.get("loops rotated"), 0);
    }
}
