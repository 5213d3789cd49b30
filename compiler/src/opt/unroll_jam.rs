//! Unroll-and-jam (`unroll-and-jam`, on at `-O2`): the outer loop of a
//! two-deep nest is unrolled by `u` (4 or 2) and the `u` copies of its
//! inner loop are fused ("jammed") into one inner loop that runs the
//! copies side by side. The transformation is the one of Allen and Cocke,
//! "A catalogue of optimizing transformations" (1972), and of Callahan,
//! Carr and Kennedy, "Improving register allocation for subscripted
//! variables" (PLDI 1990).
//!
//! What it buys on a VLIW: the inner loop of a matrix product (`s = (s +
//! a[i][k] * b[k][j]) % m`) is bound by the recurrence through `s`; jammed
//! by 4 it carries four independent recurrences, and the modulo scheduler
//! overlaps them. A load whose address does not depend on the outer loop
//! (`a[i][k]`, `h[k]` of a FIR filter) is made once for the `u` copies.
//!
//! Recognised nests (`H` the outer header, `I` the inner loop's only
//! block, `X` the inner loop's exit, `L` the outer latch, `E` the outer
//! exit; the shape `loop-rotate` makes once constants are folded):
//!
//! ```text
//! H: φs of the outer loop; the "pre" instructions; jump I
//! I: φs; the body; br c, I, X          (no store, no call)
//! X … L: the "post" blocks, any acyclic control flow, only L leaves:
//!        br t, H, E                     (bottom test of the outer loop)
//! ```
//!
//! with a constant outer trip count (found as `loop-unroll-full` finds
//! it) that `u` divides. After the pass (`u` = 2):
//!
//! ```text
//! H: φs; pre₀; pre₁; jump I
//! I: φs₀, φs₁; body₀; body₁; br c₀, I, X
//! X₀ … L₀: post₀; jump X₁
//! X₁ … L₁: post₁; br t₁, H, E
//! ```
//!
//! Copy `c` reads, for an outer φ `p`, the value copy `c − 1` gives it on
//! the back edge. Values that do not vary with the outer iteration
//! (computed from constants, values defined outside the nest, and loads of
//! the inner body whose addresses do not vary) are shared by the copies,
//! not copied.
//!
//! Legal when (the conditions of the Callahan–Carr–Kennedy paper, made
//! conservative):
//! - the inner loop's exit test does not vary with the outer iteration, so
//!   every copy runs the same trips;
//! - an outer φ read by the pre instructions or by the inner loop has its
//!   next value ready before the inner loop: computed by the pre
//!   instructions, defined outside the nest, or `p + constant` (an
//!   induction variable, recomputed as `p + c·step` for copy `c`); the
//!   other outer φs (a checksum the post blocks update) are read by the
//!   post blocks only;
//! - the memory order the jamming changes holds no dependence: the inner
//!   body writes no memory; no store of the pre instructions may alias an
//!   access of the inner body or the post blocks, and no store of the post
//!   blocks an access of the pre instructions or of the inner body
//!   ([`super::alias`]). Pre copies and post copies keep their order among
//!   themselves.
//!
//! Counter: "loops unrolled and jammed".

use super::alias::{accesses, Access, Location};
use super::loop_unroll_full::{counted_trips, entry_and_latch};
use super::simplify_cfg::{const_of, def_inst};
use super::Stats;
use crate::hash::{HashMap, HashSet};
use crate::ir::{BinaryOp, Block, Function, Inst, InstKind, Value, ValueDef};

/// Most instructions of the jammed inner body that the copies do not
/// share: `u` × the varying instructions of the body (64 keeps the jammed
/// body within what the modulo scheduler unrolls and the registers hold).
pub const MAX_JAMMED_INSTS: usize = 64;

/// Most instructions of the post blocks, per copy (code growth).
pub const MAX_POST_INSTS: usize = 40;

/// Most outer trips counted (the test is run on the constants).
pub const MAX_OUTER_TRIPS: u64 = 1 << 16;

/// How an outer φ gets its value in copy `c > 0`.
#[derive(Clone, Copy, Debug)]
enum Carried {
    /// The back value is ready before the inner loop: copy `c − 1`'s
    /// back value.
    Early,
    /// The back value is `p + step`: `p + c·step`.
    Step(i64),
    /// The back value comes from the post blocks (read there only).
    Late,
}

/// An outer φ: its result, back value and kind.
struct OuterPhi {
    phi: Value,
    back: Value,
    carried: Carried,
}

/// What [`recognise`] finds.
struct Nest {
    header: Block,
    inner: Block,
    inner_exit: Block,
    latch: Block,
    /// The post blocks in layout order (`inner_exit` … `latch`).
    post: Vec<Block>,
    unroll: usize,
    /// Values of `header` and `inner` that vary with the outer iteration.
    varies: HashSet<Value>,
    phis: Vec<OuterPhi>,
}

/// Unrolls and jams every nest that qualifies. Counter: "loops unrolled
/// and jammed".
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    stats.add("loops unrolled and jammed", 0);
    let forest = f.loop_forest();
    // a jammed nest's blocks are its own: the nests found are disjoint
    // (each outer loop holds exactly one inner loop, which holds none)
    let nests: Vec<Nest> = (0..forest.loops.len())
        .filter_map(|o| {
            let outer = &forest.loops[o];
            let [child] = outer.children.as_slice() else {
                return None;
            };
            let inner = &forest.loops[*child];
            if outer.headers.len() != 1 || !inner.children.is_empty() || inner.body.len() != 1 {
                return None;
            }
            recognise(f, outer.header, &outer.body, inner.header)
        })
        .collect();
    for n in nests {
        jam(f, &n);
        stats.add("loops unrolled and jammed", 1);
    }
    stats
}

/// The block defining `v` (`None`: a parameter).
fn def_block(f: &Function, v: Value) -> Option<Block> {
    def_inst(f, v).map(|i| f.insts[i.index()].block)
}

/// `s` when `v` is `add p, s` / `add s, p` / `sub p, −s` with `s` a constant.
fn step_of(f: &Function, v: Value, p: Value) -> Option<i64> {
    let ValueDef::Inst(i) = f.values[v.index()].def else {
        return None;
    };
    match f.insts[i.index()].kind {
        InstKind::Binary {
            op: BinaryOp::Add,
            args: [a, b],
            ..
        } if a == p => const_of(f, b),
        InstKind::Binary {
            op: BinaryOp::Add,
            args: [a, b],
            ..
        } if b == p => const_of(f, a),
        InstKind::Binary {
            op: BinaryOp::Sub,
            args: [a, b],
            ..
        } if a == p => const_of(f, b).map(i64::wrapping_neg),
        _ => None,
    }
}

/// Whether `k` is a φ.
fn is_phi(f: &Function, i: Inst) -> bool {
    matches!(f.insts[i.index()].kind, InstKind::Phi { .. })
}

fn recognise(f: &Function, h: Block, body: &[Block], inner: Block) -> Option<Nest> {
    let in_nest = |b: Block| body.binary_search(&b).is_ok();
    let (pre, latch) = entry_and_latch(f, h, body)?;
    let (pre, latch) = (&pre, &latch);
    if *latch == inner
        || !matches!(f.terminator(h), Some(&InstKind::Jump { dest }) if dest == inner)
    {
        return None;
    }
    // the inner loop: entered from H only, one block, exit X entered
    // from it only
    let mut ip = f.predecessors_of(inner);
    ip.sort();
    let mut want = vec![h, inner];
    want.sort();
    if ip != want {
        return None;
    }
    let &InstKind::Branch {
        cond: inner_test,
        then,
        else_,
        ..
    } = f.terminator(inner)?
    else {
        return None;
    };
    let inner_exit = match (then == inner, else_ == inner) {
        (true, false) => else_,
        (false, true) => then,
        _ => return None,
    };
    // (a φ of X has one operand: [`jam`] replaces it by its value)
    if !in_nest(inner_exit) || f.predecessors_of(inner_exit) != [inner] {
        return None;
    }
    // the post blocks stay among themselves; only L leaves (to H or E)
    let post: Vec<Block> = f
        .layout
        .iter()
        .copied()
        .filter(|&b| in_nest(b) && b != h && b != inner)
        .collect();
    let in_post = |b: Block| b != h && b != inner && in_nest(b);
    for &b in &post {
        if b != *latch && f.successors(b).iter().any(|&s| !in_post(s)) {
            return None;
        }
    }
    let (trips, _exit) = counted_trips(f, h, *pre, *latch, &in_nest, MAX_OUTER_TRIPS)?;
    // no calls; the inner body writes nothing; sizes
    let mut pre_acc = Vec::new();
    let mut body_acc = Vec::new();
    let mut post_acc = Vec::new();
    let mut post_size = 0usize;
    for &b in body {
        for &i in &f.blocks[b.index()].insts {
            let k = &f.insts[i.index()].kind;
            if matches!(
                k,
                InstKind::Call { .. }
                    | InstKind::VaStart
                    | InstKind::VolatileLoad { .. }
                    | InstKind::VolatileStore { .. }
            ) {
                return None;
            }
            let acc = accesses(k);
            if b == h {
                pre_acc.extend(acc);
            } else if b == inner {
                if acc.iter().any(|a| a.1) {
                    return None;
                }
                body_acc.extend(acc);
            } else {
                if !matches!(k, InstKind::Phi { .. } | InstKind::Iconst { .. })
                    && !k.is_terminator()
                {
                    post_size += 1;
                }
                post_acc.extend(acc);
            }
        }
    }
    if post_size > MAX_POST_INSTS {
        return None;
    }
    let loc = |v: &[(Access, bool)]| -> Vec<(Location, bool)> {
        v.iter().map(|&(a, w)| (Location::of(f, a), w)).collect()
    };
    let (pre_loc, body_loc, post_loc) = (loc(&pre_acc), loc(&body_acc), loc(&post_acc));
    let conflict = |writer: &[(Location, bool)], others: &[&[(Location, bool)]]| {
        writer.iter().filter(|w| w.1).any(|w| {
            others
                .iter()
                .any(|o| o.iter().any(|a| w.0.may_overlap(&a.0)))
        })
    };
    if conflict(&pre_loc, &[&body_loc, &post_loc]) || conflict(&post_loc, &[&pre_loc, &body_loc]) {
        return None;
    }
    // the outer φs
    let mut phis = Vec::new();
    for &i in &f.blocks[h.index()].insts {
        let InstKind::Phi { incoming, .. } = &f.insts[i.index()].kind else {
            break;
        };
        let phi = f.insts[i.index()].result?;
        let back = incoming.iter().find(|e| e.0 == *latch)?.1;
        // (a φ carrying another φ of H, `a, b = b, …`: its copies would
        // need the other's value of the copy before, left alone)
        if def_block(f, back) == Some(h) && def_inst(f, back).is_some_and(|i| is_phi(f, i)) {
            return None;
        }
        let carried = match def_block(f, back) {
            Some(b) if b != h && in_nest(b) => match step_of(f, back, phi) {
                Some(s) => Carried::Step(s),
                None => Carried::Late,
            },
            _ => Carried::Early,
        };
        phis.push(OuterPhi { phi, back, carried });
    }
    // a late φ is read by the post blocks only
    let late: HashSet<Value> = phis
        .iter()
        .filter(|p| matches!(p.carried, Carried::Late))
        .map(|p| p.phi)
        .collect();
    let reads_late = |b: Block| {
        f.blocks[b.index()].insts.iter().any(|&i| {
            !(b == h && is_phi(f, i))
                && f.insts[i.index()]
                    .kind
                    .operands()
                    .iter()
                    .any(|v| late.contains(v))
        })
    };
    if reads_late(h) || reads_late(inner) {
        return None;
    }
    // what varies with the outer iteration: its φs, the loads of H, and
    // what is computed from them (a fixed point: the φs of I)
    let mut varies: HashSet<Value> = phis.iter().map(|p| p.phi).collect();
    loop {
        let mut changed = false;
        for b in [h, inner] {
            for &i in &f.blocks[b.index()].insts {
                let d = &f.insts[i.index()];
                let Some(r) = d.result else { continue };
                if varies.contains(&r) {
                    continue;
                }
                let v = (b == h && matches!(d.kind, InstKind::Load { .. }))
                    || d.kind.operands().iter().any(|x| varies.contains(x));
                if v {
                    varies.insert(r);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    if varies.contains(&inner_test) {
        return None;
    }
    // the body's varying instructions, copied per copy
    let jammed = f.blocks[inner.index()]
        .insts
        .iter()
        .filter(|&&i| {
            f.insts[i.index()]
                .result
                .is_some_and(|r| varies.contains(&r))
        })
        .count();
    let unroll = [4usize, 2]
        .into_iter()
        .find(|&u| trips % u as u64 == 0 && u * jammed <= MAX_JAMMED_INSTS)?;
    if jammed == 0 {
        return None;
    }
    Some(Nest {
        header: h,
        inner,
        inner_exit,
        latch: *latch,
        post,
        unroll,
        varies,
        phis,
    })
}

/// Clones instruction `i` into block `b` (appended to `list`, not to the
/// block), its operands read through `vmap`; records its result in `vmap`.
fn clone_inst(
    f: &mut Function,
    b: Block,
    i: Inst,
    vmap: &mut HashMap<Value, Value>,
    list: &mut Vec<Inst>,
) -> Inst {
    let d = &f.insts[i.index()];
    let (mut kind, loc, result) = (d.kind.clone(), d.loc, d.result);
    crate::ir::map_operands(&mut kind, |v| vmap.get(&v).copied().unwrap_or(v));
    let (ni, nv) = f.new_inst(b, kind);
    f.insts[ni.index()].loc = loc;
    list.push(ni);
    if let (Some(r), Some(nv)) = (result, nv) {
        vmap.insert(r, nv);
    }
    ni
}

fn jam(f: &mut Function, n: &Nest) {
    let u = n.unroll;
    // X's φs (one operand each: X has one predecessor) become their values
    let x = &f.blocks[n.inner_exit.index()].insts;
    let single: HashMap<Value, Value> = x
        .iter()
        .map_while(|&i| match &f.insts[i.index()].kind {
            InstKind::Phi { incoming, .. } => Some((f.insts[i.index()].result?, incoming[0].1)),
            _ => None,
        })
        .collect();
    if !single.is_empty() {
        let keep = x.len() - single.len();
        let x = &mut f.blocks[n.inner_exit.index()].insts;
        x.drain(..x.len() - keep);
        for b in f.layout.clone() {
            for k in 0..f.blocks[b.index()].insts.len() {
                let i = f.blocks[b.index()].insts[k];
                crate::ir::map_operands(&mut f.insts[i.index()].kind, |v| {
                    single.get(&v).copied().unwrap_or(v)
                });
            }
        }
    }
    let get = |m: &HashMap<Value, Value>, v: Value| m.get(&v).copied().unwrap_or(v);
    let mut vmaps: Vec<HashMap<Value, Value>> = vec![HashMap::default(); u];
    let copied = |f: &Function, i: Inst| {
        f.insts[i.index()]
            .result
            .is_none_or(|r| n.varies.contains(&r))
    };

    // H: the φs, pre₀, then pre₁ … pre_{u−1}
    let old = f.blocks[n.header.index()].insts.clone();
    let (term, rest) = old.split_last().expect("terminated block");
    let mut list: Vec<Inst> = rest.to_vec();
    let pre: Vec<Inst> = rest.iter().copied().filter(|&i| !is_phi(f, i)).collect();
    for c in 1..u {
        for p in &n.phis {
            let v = match p.carried {
                Carried::Early => get(&vmaps[c - 1], p.back),
                Carried::Step(s) => {
                    let ty = f.value_type(p.phi);
                    let (ki, k) = f.new_inst(
                        n.header,
                        InstKind::Iconst {
                            ty,
                            imm: s.wrapping_mul(c as i64),
                        },
                    );
                    list.push(ki);
                    let (ai, a) = f.new_inst(
                        n.header,
                        InstKind::Binary {
                            op: BinaryOp::Add,
                            ty,
                            args: [p.phi, k.expect("constant")],
                        },
                    );
                    list.push(ai);
                    a.expect("sum")
                }
                Carried::Late => continue,
            };
            vmaps[c].insert(p.phi, v);
        }
        for &i in &pre {
            if copied(f, i) {
                clone_inst(f, n.header, i, &mut vmaps[c], &mut list);
            }
        }
    }
    list.push(*term);
    f.blocks[n.header.index()].insts = list;

    // I: the φs of every copy, body₀, body₁ …
    let old = f.blocks[n.inner.index()].insts.clone();
    let (term, rest) = old.split_last().expect("terminated block");
    let (phis, body): (Vec<Inst>, Vec<Inst>) = rest.iter().partition(|&&i| is_phi(f, i));
    let mut list = phis.clone();
    let mut phi_copies: Vec<(usize, Inst)> = Vec::new();
    for (c, vmap) in vmaps.iter_mut().enumerate().skip(1) {
        for &i in &phis {
            if copied(f, i) {
                // operands once every copy's body exists
                let d = &f.insts[i.index()];
                let (kind, loc, r) = (d.kind.clone(), d.loc, d.result);
                let (ni, nv) = f.new_inst(n.inner, kind);
                f.insts[ni.index()].loc = loc;
                list.push(ni);
                vmap.insert(r.expect("phi result"), nv.expect("phi result"));
                phi_copies.push((c, ni));
            }
        }
    }
    list.extend(body.iter().copied());
    for vmap in vmaps.iter_mut().skip(1) {
        for &i in &body {
            if copied(f, i) {
                clone_inst(f, n.inner, i, vmap, &mut list);
            }
        }
    }
    for (c, ni) in phi_copies {
        if let InstKind::Phi { incoming, .. } = &mut f.insts[ni.index()].kind {
            for e in incoming.iter_mut() {
                e.1 = get(&vmaps[c], e.1);
            }
        }
    }
    list.push(*term);
    f.blocks[n.inner.index()].insts = list;

    // the post blocks: copy c's latch jumps to copy c + 1's X; the last
    // copy's latch keeps the outer test
    let mut bmaps: Vec<HashMap<Block, Block>> = vec![HashMap::default(); u];
    for m in bmaps.iter_mut().skip(1) {
        for &b in &n.post {
            let nb = f.add_block();
            f.layout.pop();
            m.insert(b, nb);
        }
    }
    for c in 1..u {
        for p in &n.phis {
            if let Carried::Late = p.carried {
                let v = get(&vmaps[c - 1], p.back);
                vmaps[c].insert(p.phi, v);
            }
        }
        let mut made = Vec::new();
        for &b in &n.post {
            let nb = bmaps[c][&b];
            for k in 0..f.blocks[b.index()].insts.len() {
                let i = f.blocks[b.index()].insts[k];
                let d = &f.insts[i.index()];
                let (kind, loc, result) = (d.kind.clone(), d.loc, d.result);
                let kind = if b == n.latch && kind.is_terminator() && c + 1 < u {
                    InstKind::Jump {
                        dest: bmaps[c + 1][&n.inner_exit],
                    }
                } else {
                    kind
                };
                let (ni, nv) = f.new_inst(nb, kind);
                f.insts[ni.index()].loc = loc;
                f.blocks[nb.index()].insts.push(ni);
                if let (Some(r), Some(nv)) = (result, nv) {
                    vmaps[c].insert(r, nv);
                }
                made.push(ni);
            }
        }
        let bmap = &bmaps[c];
        for ni in made {
            let kind = &mut f.insts[ni.index()].kind;
            crate::ir::map_operands(kind, |v| vmaps[c].get(&v).copied().unwrap_or(v));
            if let InstKind::Phi { incoming, .. } = kind {
                for e in incoming.iter_mut() {
                    e.0 = bmap.get(&e.0).copied().unwrap_or(e.0);
                }
            }
            for t in kind.targets_mut() {
                if let Some(&nt) = bmap.get(t) {
                    *t = nt;
                }
            }
        }
    }
    let last_latch = if u > 1 {
        // copy 0's latch goes on to copy 1
        let t = *f.blocks[n.latch.index()]
            .insts
            .last()
            .expect("terminated block");
        f.insts[t.index()].kind = InstKind::Jump {
            dest: bmaps[1][&n.inner_exit],
        };
        bmaps[u - 1][&n.latch]
    } else {
        n.latch
    };
    // the layout: the copies after the post blocks
    let new_blocks: Vec<Block> = bmaps
        .iter()
        .skip(1)
        .flat_map(|m| n.post.iter().map(move |b| m[b]))
        .collect();
    let end = f
        .layout
        .iter()
        .rposition(|b| n.post.contains(b))
        .expect("post blocks in layout")
        + 1;
    f.layout.splice(end..end, new_blocks.iter().copied());
    // H's φs and every block outside the copies read the last copy
    let last = &vmaps[u - 1];
    let copies: HashSet<Block> = new_blocks.iter().copied().collect();
    let nest: HashSet<Block> = n.post.iter().copied().chain([n.header, n.inner]).collect();
    for &i in &f.blocks[n.header.index()].insts.clone() {
        if let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind {
            for e in incoming.iter_mut() {
                if e.0 == n.latch {
                    *e = (last_latch, get(last, e.1));
                }
            }
        }
    }
    let outside: Vec<Block> = f
        .layout
        .iter()
        .copied()
        .filter(|b| !copies.contains(b) && !nest.contains(b))
        .collect();
    let mut exits = Vec::new();
    for b in outside {
        for k in 0..f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[k];
            let kind = &mut f.insts[i.index()].kind;
            if let InstKind::Phi { incoming, .. } = kind {
                for e in incoming.iter_mut() {
                    if e.0 == n.latch {
                        e.0 = last_latch;
                        exits.push(b);
                    }
                }
            }
            crate::ir::map_operands(kind, |v| last.get(&v).copied().unwrap_or(v));
        }
    }
    exits.push(n.header);
    exits.extend(new_blocks);
    f.sort_phi_operands(&exits);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    /// `main`: for j in 0..J { s = j; for k in 0..4 { s = (s·3 + a[4k + j]·(k + 1)) % 11 }
    /// c[j] = s; ck = ck·31 + s } returns ck & 255, with `a[i] = i·7 mod 13`.
    /// `store` is written into the outer body before the inner loop
    /// (pre instructions) and `extra` into the inner body.
    fn program(trips: i64, pre_store: &str, body_extra: &str) -> String {
        let a: Vec<u8> = (0..64u32)
            .flat_map(|i| ((i * 7) % 13).to_le_bytes())
            .collect();
        let hex: String = a.iter().map(|b| format!("{b:02x}")).collect();
        format!(
            "global @a size 256 align 4 init {hex}
global @c size 256 align 4
func @main() -> i32 {{
b0:
  %z = iconst.i32 0
  %jn = iconst.i32 {trips}
  %pa = global_addr @a
  %pc = global_addr @c
  jump b1
b1:
  %j = phi.i32 [b0: %z], [b4: %j2]
  %ck = phi.i32 [b0: %z], [b4: %ck2]
  %four = iconst.i32 4
  %jo = mul.i32 %j, %four
  %ca = add.i32 %pc, %jo
  {pre_store}
  jump b3
b3:
  %k = phi.i32 [b1: %z], [b3: %k2]
  %s = phi.i32 [b1: %j], [b3: %s2]
  %one = iconst.i32 1
  %three = iconst.i32 3
  %eleven = iconst.i32 11
  %sixteen = iconst.i32 16
  %k4 = mul.i32 %k, %sixteen
  %off = add.i32 %k4, %jo
  %ad = add.i32 %pa, %off
  %x = load.i32 %ad
  %k1 = add.i32 %k, %one
  %p = mul.i32 %x, %k1
  %s3 = mul.i32 %s, %three
  %s4 = add.i32 %s3, %p
  %s2 = srem.i32 %s4, %eleven
  {body_extra}
  %k2 = add.i32 %k, %one
  %kn = iconst.i32 4
  %kc = icmp.slt.i32 %k2, %kn
  br %kc, b3, b4
b4:
  store.i32 %ca, %s2
  %n31 = iconst.i32 31
  %ckm = mul.i32 %ck, %n31
  %ck2 = add.i32 %ckm, %s2
  %one2 = iconst.i32 1
  %j2 = add.i32 %j, %one2
  %jc = icmp.slt.i32 %j2, %jn
  br %jc, b1, b5
b5:
  %m = iconst.i32 255
  %c1 = load.i32 %pc
  %r0 = add.i32 %ck2, %c1
  %r = and.i32 %r0, %m
  ret %r
}}
"
        )
    }

    /// The same nest run in Rust.
    fn expected(trips: i64) -> i32 {
        let a: Vec<i32> = (0..64).map(|i| (i * 7) % 13).collect();
        let mut c = [0i32; 64];
        let mut ck = 0i32;
        for j in 0..trips as usize {
            let mut s = j as i32;
            for k in 0..4usize {
                s = (s * 3 + a[4 * k + j] * (k as i32 + 1)) % 11;
            }
            c[j] = s;
            ck = ck.wrapping_mul(31).wrapping_add(s);
        }
        ck.wrapping_add(c[0]) & 255
    }

    /// Nests of 8, 6 and 2 outer trips are jammed (by 4, 2, 2) and give
    /// the status a Rust run of the same nest gives (and the interpreter
    /// gave before the pass); the jammed inner block holds `u` copies of
    /// the recurrence's `srem`.
    #[test]
    fn jammed_nests_compute_what_the_nest_computed() {
        for (trips, u) in [(8, 4), (6, 2), (2, 2), (12, 4)] {
            let mut m = module(&program(trips, "", ""));
            let want = expected(trips);
            assert_eq!(exit_code(&m), want, "interpreter before the pass");
            let st = run_on_all(&mut m, run);
            assert_eq!(st.get("loops unrolled and jammed"), 1, "{trips} trips");
            assert_eq!(exit_code(&m), want, "{trips} trips");
            let f = &m.functions[0];
            let srems = f
                .layout
                .iter()
                .filter(|&&b| f.successors(b).contains(&b))
                .flat_map(|&b| f.blocks[b.index()].insts.iter())
                .filter(|&&i| {
                    matches!(
                        f.insts[i.index()].kind,
                        InstKind::Binary {
                            op: BinaryOp::SRem,
                            ..
                        }
                    )
                })
                .count();
            assert_eq!(srems, u, "{trips} trips");
        }
    }

    /// Left alone: an odd trip count; a store in the inner body; a store
    /// before the inner loop to the array the inner loop reads (`a`); an
    /// outer φ whose next value is another outer φ.
    #[test]
    fn nests_with_a_dependence_or_an_odd_trip_count_are_left_alone() {
        // an outer φ carrying another (`prev = ck` of the trip before)
        let carried = program(8, "", "")
            .replace(
                "  %ck = phi.i32 [b0: %z], [b4: %ck2]\n",
                "  %ck = phi.i32 [b0: %z], [b4: %ck2]\n  %prev = phi.i32 [b0: %z], [b4: %ck]\n",
            )
            .replace(
                "  %ck2 = add.i32 %ckm, %s2\n",
                "  %ck1 = add.i32 %ckm, %s2\n  %ck2 = add.i32 %ck1, %prev\n",
            );
        assert!(carried.contains("%prev = phi") && carried.contains("%ck1"));
        let cases = [
            program(7, "", ""),
            program(8, "", "store.i32 %ca, %s2"),
            program(8, "%pa0 = global_addr @a\n  store.i32 %pa0, %j", ""),
            carried,
        ];
        for text in cases {
            let mut m = module(&text);
            let want = exit_code(&m);
            assert_eq!(run_on_all(&mut m, run).get("loops unrolled and jammed"), 0);
            assert_eq!(exit_code(&m), want);
        }
    }
}
