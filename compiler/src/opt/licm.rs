//! Loop-invariant code motion: instructions whose operands do not change
//! inside a loop move to the loop's preheader, so they run once per entry
//! of the loop instead of once per iteration (Aho, Lam, Sethi and Ullman,
//! "Compilers", 2nd ed., 2006, §9.5; SSA book ch. 9 for the loop tree).
//!
//! - Every loop with one header gets a *preheader* first
//!   ([`ensure_preheader`]): a block whose only successor is the header and
//!   that takes every edge entering the loop.
//! - Loops are visited innermost first, so an instruction hoisted out of
//!   an inner loop can move on out of the enclosing one.
//! - An instruction is invariant when each operand is defined outside the
//!   loop or by an instruction already found invariant; blocks are visited
//!   in reverse postorder until nothing changes.
//! - What may move: operations without side effects that cannot trap
//!   (arithmetic, compares, conversions, constants, addresses) from
//!   anywhere in the loop. Divisions and remainders (which trap on a zero
//!   divisor) and loads move only from blocks that dominate every block
//!   leaving the loop, so they ran on every entry of the loop anyway
//!   (a divisor that is a non-zero constant makes a division safe
//!   everywhere). A load moves only when no store, block copy or call of
//!   the loop may write its bytes ([`super::alias`]).
//!   Calls, stores and φs never move.

use super::alias::{self, Access};
use super::simplify_cfg::const_of;
use super::Stats;
use crate::analysis::DomTree;
use crate::ir::{BinaryOp, Block, Function, Inst, InstKind, ValueDef};

/// Hoists the invariant instructions of every loop. Counters: "preheaders
/// inserted", "instructions hoisted", "loads hoisted".
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    if f.layout.is_empty() {
        return stats;
    }
    // preheaders first; a new preheader belongs to every loop enclosing
    // its loop, which is all the bookkeeping the others need
    let mut forest = f.loop_forest();
    let mut cfg_changed = false;
    for l in 0..forest.loops.len() {
        if forest.loops[l].headers.len() != 1 {
            continue;
        }
        let (h, body) = (forest.loops[l].header, forest.loops[l].body.clone());
        if f.layout.first() == Some(&h) {
            continue;
        }
        let (ph, created) = ensure_preheader(f, h, &body);
        if created {
            stats.add("preheaders inserted", 1);
            cfg_changed = true;
            let mut a = forest.loops[l].parent;
            while let Some(p) = a {
                let b = &mut forest.loops[p].body;
                if let Err(k) = b.binary_search(&ph) {
                    b.insert(k, ph);
                }
                a = forest.loops[p].parent;
            }
        }
    }
    // the same forest unless a preheader changed the CFG
    let forest = if cfg_changed { f.loop_forest() } else { forest };
    let cfg = f.cfg();
    let dt = DomTree::new(cfg.entry, &cfg.succs);
    let mut order: Vec<usize> = (0..forest.loops.len()).collect();
    order.sort_by_key(|&l| std::cmp::Reverse(forest.loops[l].depth));
    for l in order {
        let lp = &forest.loops[l];
        if lp.headers.len() != 1 {
            continue;
        }
        let preds = &cfg.preds[lp.header.index()];
        let outside: Vec<Block> = preds
            .iter()
            .copied()
            .filter(|b| lp.body.binary_search(b).is_err())
            .collect();
        let [ph] = outside.as_slice() else { continue };
        if f.successors(*ph).len() != 1 {
            continue;
        }
        hoist(f, *ph, &lp.body, &dt, &mut stats);
    }
    stats
}

/// Makes sure the loop of header `h` (blocks `body`, sorted) has a
/// preheader: returns it, and whether it was created. Every edge into `h`
/// from outside the loop is redirected to a new block that jumps to `h`;
/// the φs of `h` get one operand from it (a new φ in the preheader when
/// several outside predecessors bring different values).
pub fn ensure_preheader(f: &mut Function, h: Block, body: &[Block]) -> (Block, bool) {
    let outside: Vec<Block> = f
        .predecessors_of(h)
        .into_iter()
        .filter(|b| body.binary_search(b).is_err())
        .collect();
    if let [p] = outside.as_slice() {
        if f.successors(*p).len() == 1 {
            return (*p, false);
        }
    }
    if outside.is_empty() {
        return (h, false); // the entry block: nothing enters from outside
    }
    (split_predecessors(f, h, &outside), true)
}

/// Inserts a new block, placed before `h` in the layout, that takes the
/// edges into `h` from the blocks `from` (some of its predecessors) and
/// jumps to `h`; returns it. The φs of `h` get one operand from the new
/// block: the value the blocks of `from` brought, or a new φ of the new
/// block when they brought different values.
pub fn split_predecessors(f: &mut Function, h: Block, from: &[Block]) -> Block {
    let ph = f.add_block();
    f.layout.pop();
    let pos = f
        .layout
        .iter()
        .position(|&b| b == h)
        .expect("block in layout");
    f.layout.insert(pos, ph);
    for &p in from {
        f.redirect(p, h, ph);
    }
    // φs of h: the operands from `from` merge in the new block
    let hinsts = f.blocks[h.index()].insts.clone();
    for i in hinsts {
        let InstKind::Phi { ty, incoming } = f.insts[i.index()].kind.clone() else {
            break;
        };
        let (out, inside): (Vec<_>, Vec<_>) =
            incoming.into_iter().partition(|(b, _)| from.contains(b));
        let v = if out.iter().all(|x| x.1 == out[0].1) {
            out[0].1
        } else {
            let (pi, pv) = f.new_inst(ph, InstKind::Phi { ty, incoming: out });
            f.blocks[ph.index()].insts.push(pi);
            pv.expect("phi result")
        };
        let mut inc = inside;
        inc.push((ph, v));
        if let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind {
            *incoming = inc;
        }
    }
    f.push(ph, InstKind::Jump { dest: h });
    f.sort_phi_operands(&[h]);
    ph
}

/// Constants and symbol addresses: cheaper to recompute than to keep in
/// a register.
fn is_remat(k: &InstKind) -> bool {
    matches!(
        k,
        InstKind::Iconst { .. } | InstKind::GlobalAddr { .. } | InstKind::SlotAddr { .. }
    )
}

fn is_remat_value(f: &Function, v: crate::ir::Value) -> bool {
    match f.values[v.index()].def {
        ValueDef::Inst(d) => is_remat(&f.insts[d.index()].kind),
        ValueDef::Param(_) => false,
    }
}

/// Whether `k` may run where it did not before without changing the
/// program (no side effect, no trap).
fn speculatable(f: &Function, k: &InstKind) -> bool {
    match k {
        InstKind::Binary { op, args, .. } => match op {
            BinaryOp::SDiv | BinaryOp::UDiv | BinaryOp::SRem | BinaryOp::URem => {
                matches!(const_of(f, args[1]), Some(c) if c != 0 && c != -1)
            }
            _ => true,
        },
        InstKind::Iconst { .. }
        | InstKind::Unary { .. }
        | InstKind::Custom { .. }
        | InstKind::Icmp { .. }
        | InstKind::Convert { .. }
        | InstKind::SlotAddr { .. }
        | InstKind::GlobalAddr { .. } => true,
        // float operations never trap (IEEE 754 default exception
        // handling; the soft-float helpers have no side effect)
        InstKind::Fbinary { .. }
        | InstKind::Fneg { .. }
        | InstKind::Fcmp { .. }
        | InstKind::Fconvert { .. } => true,
        _ => false,
    }
}

fn hoist(f: &mut Function, ph: Block, body: &[Block], dt: &DomTree<Block>, stats: &mut Stats) {
    let in_loop = |b: Block| body.binary_search(&b).is_ok();
    // blocks leaving the loop
    let exiting: Vec<Block> = body
        .iter()
        .copied()
        .filter(|&b| f.successors(b).iter().any(|&s| !in_loop(s)))
        .collect();
    // what the loop writes
    let mut writes: Vec<Option<Access>> = Vec::new();
    for &b in body {
        for &i in &f.blocks[b.index()].insts {
            if let Some(w) = alias::writes(&f.insts[i.index()].kind) {
                writes.push(w);
            }
        }
    }
    let mut blocks: Vec<Block> = body.to_vec();
    blocks.sort_by_key(|&b| dt.rpo_number(b));
    let mut invariant = vec![false; f.insts.len()];
    let mut moved: Vec<Inst> = Vec::new();
    let defined_outside =
        |f: &Function, inv: &[bool], v: crate::ir::Value| match f.values[v.index()].def {
            ValueDef::Param(_) => true,
            ValueDef::Inst(d) => inv[d.index()] || !in_loop(f.insts[d.index()].block),
        };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &blocks {
            let always = exiting.iter().all(|&e| dt.dominates(b, e));
            for &i in &f.blocks[b.index()].insts {
                if invariant[i.index()] {
                    continue;
                }
                let k = &f.insts[i.index()].kind;
                let ok = match k {
                    InstKind::Load { ty, addr } => {
                        always
                            && writes.iter().all(|w| {
                                w.is_some_and(|w| {
                                    !alias::may_alias(
                                        f,
                                        w,
                                        Access {
                                            addr: *addr,
                                            size: Some(ty.bytes()),
                                            ty: Some(*ty),
                                        },
                                    )
                                })
                            })
                    }
                    InstKind::Binary {
                        op: BinaryOp::SDiv | BinaryOp::UDiv | BinaryOp::SRem | BinaryOp::URem,
                        ..
                    } => always || speculatable(f, k),
                    _ => speculatable(f, k),
                };
                // constants and addresses of symbols stay where they are
                // (they are immediates or one cheap operation, and a
                // register held across the whole loop costs more); an
                // instruction that moves takes its own copy along
                let remat = is_remat(k);
                if ok
                    && !remat
                    && k.operands()
                        .iter()
                        .all(|&v| defined_outside(f, &invariant, v) || is_remat_value(f, v))
                {
                    invariant[i.index()] = true;
                    moved.push(i);
                    changed = true;
                }
            }
        }
    }
    if moved.is_empty() {
        return;
    }
    // move in discovery order (operands first), before the preheader's
    // terminator; constant operands defined in the loop get a copy there
    for &i in &moved {
        let mut repl: Vec<(crate::ir::Value, crate::ir::Value)> = Vec::new();
        for v in f.insts[i.index()].kind.operands() {
            if defined_outside(f, &invariant, v) || repl.iter().any(|r| r.0 == v) {
                continue;
            }
            let d = super::simplify_cfg::def_inst(f, v).expect("remat value has a definition");
            let ck = f.insts[d.index()].kind.clone();
            let t = f.blocks[ph.index()].insts.len() - 1;
            let (ni, nv) = f.new_inst(ph, ck);
            f.blocks[ph.index()].insts.insert(t, ni);
            repl.push((v, nv.expect("constant result")));
        }
        crate::ir::map_operands(&mut f.insts[i.index()].kind, |v| {
            repl.iter().find(|r| r.0 == v).map_or(v, |r| r.1)
        });
        let b = f.insts[i.index()].block;
        f.blocks[b.index()].insts.retain(|&x| x != i);
        let t = f.blocks[ph.index()].insts.len() - 1;
        f.blocks[ph.index()].insts.insert(t, i);
        f.insts[i.index()].block = ph;
        if matches!(f.insts[i.index()].kind, InstKind::Load { .. }) {
            stats.add("loads hoisted", 1);
        }
        stats.add("instructions hoisted", 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    /// A loop storing `a[i] = g * k` with `g` a load of another global and
    /// `k` a parameter product: the load of `@g` (no store of the loop may
    /// write it: the stores go to `@a`) and `g * k` move out; the store
    /// and the induction stay. Hand-derived result: a[3] = 5·6 = 30, plus
    /// the loop count 4: exit status 34.
    const TEXT: &str = "
global @g size 4 align 4
global @a size 16 align 4
func @f(i32 %n, i32 %k) -> i32 {
b0:
  %z = iconst.i32 0
  %one = iconst.i32 1
  %four = iconst.i32 4
  %ga = global_addr @g
  %five = iconst.i32 5
  store.i32 %ga, %five
  jump h
h:
  %i = phi.i32 [b0: %z], [h: %i2]
  %gv = load.i32 %ga
  %v = mul.i32 %gv, %k
  %aa = global_addr @a
  %off = mul.i32 %i, %four
  %p = add.i32 %aa, %off
  store.i32 %p, %v
  %i2 = add.i32 %i, %one
  %c = icmp.slt.i32 %i2, %n
  br %c, h, x
x:
  %a3p = iconst.i32 12
  %a3 = add.i32 %aa, %a3p
  %r0 = load.i32 %a3
  %r = add.i32 %r0, %i2
  ret %r
}
func @main() -> i32 {
b0:
  %n = iconst.i32 4
  %k = iconst.i32 6
  %r = call.i32 @f(%n, %k)
  ret %r
}";

    #[test]
    fn hoists_invariant_load_and_multiply() {
        let mut m = module(TEXT);
        assert_eq!(exit_code(&m), 34);
        let st = run_on_all(&mut m, run);
        assert_eq!(st.get("loads hoisted"), 1);
        // the load and the multiply (the constants and the address of @a
        // stay, as rematerialisable)
        assert_eq!(st.get("instructions hoisted"), 2);
        assert_eq!(st.get("preheaders inserted"), 0); // b0 jumps to h
        assert_eq!(exit_code(&m), 34);
    }

    /// The same loop storing to `@g` itself: the load may be clobbered and
    /// stays; the multiply depends on it and stays too; only the store's
    /// address `@g + 0` (both operands defined before the loop) moves.
    #[test]
    fn aliased_load_stays() {
        let text = TEXT.replace("%p = add.i32 %aa, %off", "%p = add.i32 %ga, %z");
        let mut m = module(&text);
        let before = exit_code(&m);
        let st = run_on_all(&mut m, run);
        assert_eq!(st.get("loads hoisted"), 0);
        assert_eq!(st.get("instructions hoisted"), 1);
        assert_eq!(exit_code(&m), before);
    }
}
