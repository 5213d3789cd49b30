//! Complete unrolling (`loop-unroll-full`, on at `-O2`): an innermost
//! bottom-tested loop (the shape `loop-rotate` makes) whose trip count is a
//! small constant becomes that many copies of its body, one after the
//! other, without the compare and branch. The body may hold several blocks
//! (the `if`s of a clipping function inlined into it), unlike the
//! one-block loops of `loop-unroll` and of the back end's complete
//! unrolling: the copies' branches are if-converted later.
//!
//! What it buys: indices become constants, so a small local array indexed
//! by the induction variable (`e[k]`, `o[k]` of a butterfly) has constant
//! offsets only and scalar replacement ([`super::sra`], run again with
//! SSA construction, after constant propagation, by this pass on the
//! functions where it unrolled a loop) turns it into registers; the
//! scheduler then sees one long block instead of a short loop.
//!
//! Recognised loops (`H` the header, `L` the only latch, `P` the only
//! predecessor of `H` outside the loop, `X` the only exit):
//!
//! ```text
//! P → H;  H: i = φ(P: c0, L: i')  …  L: i' = add i, s;  t = icmp cond, a, n;  br t, H, X (or br t, X, H)
//! ```
//!
//! with `c0`, `s`, `n` integer constants, `a` either `i` or `i'`, every
//! other block of the loop branching only inside it, no call in the loop,
//! no nested loop. A narrow `i` (an `i8` or `i16` φ: C's `unsigned char
//! i`) is stepped as `i' = trunc (add (ext i), s)` and tested as
//! `icmp cond, ext a, n`; its trips are counted in its own width, so it
//! wraps as the program does. The trip count is found by running the test on the
//! constants (the body runs once before the first test, since `P` enters
//! the loop unconditionally); loops of more than [`MAX_TRIPS`] trips or
//! whose copies would hold more than [`MAX_UNROLLED_INSTS`] instructions
//! are left alone.
//!
//! Copy `c` of each block reads, for a header φ, the value copy `c − 1`
//! gives it on the back edge (the entry value for copy 0); the latch of
//! copy `c` jumps to the header of copy `c + 1`, the last one to `X`.
//! A value of the loop used outside it is the last copy's: such a use is
//! reached only through the exit edge, so its definition dominates the
//! latch (else a path through the loop would avoid it) and the last copy's
//! definition dominates the last latch. No SSA repair is needed.
//!
//! Counter: "loops unrolled completely".

use super::loop_unroll::def_kind;
use super::simplify_cfg::const_of;
use super::Stats;
use crate::hash::HashMap;
use crate::ir::eval::{binary, icmp, mask, sext};
use crate::ir::{BinaryOp, Block, ConvOp, Function, InstKind, Type, Value, ValueDef};

/// Most trips unrolled completely.
pub const MAX_TRIPS: u64 = 8;

/// Largest unrolled code: trips × instructions of the body (φs,
/// constants and branches excluded): 240, so that an 8-trip bitwise CRC
/// step of about 28 instructions (CoreMark's `crcu8`, whose `i`, `data`
/// and `crc` are `unsigned char`/`short`: a third of the instructions
/// are extensions and truncations that cost no operation) is unrolled.
pub const MAX_UNROLLED_INSTS: usize = 240;

/// The innermost loops of `f` with one header: `(header, body)`, the
/// body sorted.
pub(super) fn innermost_loops(f: &Function) -> Vec<(Block, Vec<Block>)> {
    f.loop_forest()
        .loops
        .iter()
        .filter(|l| l.children.is_empty() && l.headers.len() == 1)
        .map(|l| (l.header, l.body.clone()))
        .collect()
}

/// Unrolls every loop that qualifies. Counter: "loops unrolled completely".
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    stats.add("loops unrolled completely", 0);
    let loops = innermost_loops(f);
    let mut unrolled = false;
    for (h, body) in loops {
        if let Some(shape) = recognise(f, h, &body) {
            unroll(f, &body, &shape);
            stats.add("loops unrolled completely", 1);
            unrolled = true;
        }
    }
    // the copies' induction values are constants now: fold them, then
    // split and promote the arrays they index (only in the functions
    // that changed, so the others do not pay for the three passes)
    if unrolled {
        super::sccp::run(f);
        super::ssa::construct(f);
        super::simplify_cfg::simplify(f);
    }
    stats
}

/// What [`recognise`] finds.
struct Shape {
    header: Block,
    pre: Block,
    latch: Block,
    exit: Block,
    trips: u64,
}

/// The only predecessor outside the loop and the only latch of the loop
/// headed by `h` with the blocks `body` (sorted), when it has one of each
/// and `h` is not the function's entry.
pub(super) fn entry_and_latch(f: &Function, h: Block, body: &[Block]) -> Option<(Block, Block)> {
    if f.layout.first() == Some(&h) {
        return None;
    }
    let preds = f.predecessors_of(h);
    let (ins, outs): (Vec<Block>, Vec<Block>) =
        preds.iter().partition(|&&p| body.binary_search(&p).is_ok());
    match (ins.as_slice(), outs.as_slice()) {
        ([latch], [pre]) => Some((*pre, *latch)),
        _ => None,
    }
}

fn recognise(f: &Function, h: Block, body: &[Block]) -> Option<Shape> {
    let inside = |b: Block| body.binary_search(&b).is_ok();
    let (pre, latch) = entry_and_latch(f, h, body)?;
    let (pre, latch) = (&pre, &latch);
    // only the latch leaves the loop; no calls; size
    let mut size = 0usize;
    for &b in body {
        for &i in &f.blocks[b.index()].insts {
            match &f.insts[i.index()].kind {
                // volatile loops keep the shape the program gives them
                InstKind::Call { .. }
                | InstKind::VaStart
                | InstKind::VolatileLoad { .. }
                | InstKind::VolatileStore { .. } => return None,
                InstKind::Phi { .. } | InstKind::Iconst { .. } => {}
                k if k.is_terminator() => {}
                _ => size += 1,
            }
        }
        if b != *latch && f.successors(b).iter().any(|&s| !inside(s)) {
            return None;
        }
    }
    let (trips, exit) = counted_trips(f, h, *pre, *latch, &inside, MAX_TRIPS)?;
    if trips as usize * size > MAX_UNROLLED_INSTS {
        return None;
    }
    Some(Shape {
        header: h,
        pre: *pre,
        latch: *latch,
        exit,
        trips,
    })
}

/// The trip count of the bottom-tested loop headed by `h` (entered from
/// `pre` only, `latch` its only back edge and only exit, `inside` its
/// blocks): `latch` ends in `br (icmp cond, a, n)` with `a` the header's
/// induction φ `i = φ(pre: c0, latch: i')` or `i' = add i, s`, and `c0`,
/// `s`, `n` integer constants. The test is run on the constants, at most
/// `max` times (the body runs once before the first test). Returns the
/// trips and the exit block, or `None` for any other shape or more than
/// `max` trips.
pub(super) fn counted_trips(
    f: &Function,
    h: Block,
    pre: Block,
    latch: Block,
    inside: &dyn Fn(Block) -> bool,
    max: u64,
) -> Option<(u64, Block)> {
    let (pre, latch) = (&pre, &latch);
    let &InstKind::Branch {
        cond: test,
        then,
        else_,
        ..
    } = f.terminator(*latch)?
    else {
        return None;
    };
    let (continue_on_true, exit) = match (then == h, else_ == h) {
        (true, false) if !inside(else_) => (true, else_),
        (false, true) if !inside(then) => (false, then),
        _ => return None,
    };
    let InstKind::Icmp {
        cond,
        ty: Type::I32,
        args: [x, y],
    } = *def_kind(f, test)?
    else {
        return None;
    };
    // `v = ext.iN.i32 w` (a narrow induction variable read at 32 bits):
    // `(w, Some(ext))`; any other value: `(v, None)`
    let widened = |v: Value| -> (Value, Option<(ConvOp, Type)>) {
        match def_kind(f, v) {
            Some(&InstKind::Convert {
                op: op @ (ConvOp::Zext | ConvOp::Sext),
                from,
                to: Type::I32,
                arg,
            }) => (arg, Some((op, from))),
            _ => (v, None),
        }
    };
    // the induction φ of H, its step and its type: `v = add.i32 φ, s`, or
    // for a narrow φ of type iN (C's `unsigned char i`),
    // `v = trunc.i32.iN (add.i32 (ext.iN.i32 φ), s)`
    let step_of = |v: Value| -> Option<(Value, i64, Type)> {
        let (sum, ty) = match *def_kind(f, v)? {
            InstKind::Convert {
                op: ConvOp::Trunc,
                from: Type::I32,
                to,
                arg,
            } => (arg, to),
            _ => (v, Type::I32),
        };
        let &InstKind::Binary {
            op: BinaryOp::Add,
            ty: Type::I32,
            args: [p, q],
        } = def_kind(f, sum)?
        else {
            return None;
        };
        let narrow = |p: Value| match widened(p) {
            (w, Some((_, from))) if from == ty && ty != Type::I32 => Some(w),
            (w, None) if ty == Type::I32 => Some(w),
            _ => None,
        };
        match (const_of(f, p), const_of(f, q)) {
            (None, Some(s)) => Some((narrow(p)?, s, ty)),
            (Some(s), None) => Some((narrow(q)?, s, ty)),
            _ => None,
        }
    };
    let entry_of_phi = |phi: Value, next: Value| -> Option<i64> {
        let ValueDef::Inst(pi) = f.values[phi.index()].def else {
            return None;
        };
        if f.insts[pi.index()].block != h {
            return None;
        }
        let InstKind::Phi { incoming, .. } = &f.insts[pi.index()].kind else {
            return None;
        };
        if incoming.iter().find(|e| e.0 == *latch)?.1 != next {
            return None;
        }
        const_of(f, incoming.iter().find(|e| e.0 == *pre)?.1)
    };
    // `a` is i' (add of the φ) or the φ itself (read by an add giving i'),
    // either read at 32 bits or through an extension of a narrow φ
    let induction = |a: Value| -> Option<(i64, i64, bool, Type, Option<ConvOp>)> {
        let (a, ext) = widened(a);
        let fits = |ty: Type| match ext {
            None => ty == Type::I32,
            Some((_, from)) => from == ty,
        };
        let op = ext.map(|e| e.0);
        if let Some((phi, s, ty)) = step_of(a) {
            if let Some(c0) = entry_of_phi(phi, a) {
                return fits(ty).then_some((c0, s, true, ty, op));
            }
        }
        let ValueDef::Inst(pi) = f.values[a.index()].def else {
            return None;
        };
        let InstKind::Phi { incoming, .. } = &f.insts[pi.index()].kind else {
            return None;
        };
        let next = incoming.iter().find(|e| e.0 == *latch)?.1;
        let (phi, s, ty) = step_of(next)?;
        if phi != a || !fits(ty) {
            return None;
        }
        Some((entry_of_phi(a, next)?, s, false, ty, op))
    };
    let (c0, s, tests_next, iv_ty, ext, n, iv_left) =
        if let (Some((c0, s, t, ty, e)), Some(n)) = (induction(x), const_of(f, y)) {
            (c0, s, t, ty, e, n, true)
        } else if let (Some((c0, s, t, ty, e)), Some(n)) = (induction(y), const_of(f, x)) {
            (c0, s, t, ty, e, n, false)
        } else {
            return None;
        };
    // run the test on the constants: trip m tests i_m (the φ's value in
    // trip m, counted from 1) or i_m + s, computed in the φ's width and
    // extended as the test reads it
    let ty = Type::I32;
    let step = mask(s as u64, iv_ty);
    let mut i = mask(c0 as u64, iv_ty);
    let n = mask(n as u64, ty);
    let mut trips = 0u64;
    loop {
        trips += 1;
        if trips > max {
            return None;
        }
        let next = binary(BinaryOp::Add, iv_ty, i, step).ok()?;
        let a = if tests_next { next } else { i };
        let a = match ext {
            Some(ConvOp::Sext) => mask(sext(a, iv_ty) as u64, ty),
            _ => a,
        };
        let (l, r) = if iv_left { (a, n) } else { (n, a) };
        let t = icmp(cond, ty, l, r) != 0;
        if t != continue_on_true {
            break;
        }
        i = next;
    }
    Some((trips, exit))
}

fn unroll(f: &mut Function, body: &[Block], s: &Shape) {
    // body blocks in layout order; the copies replace them there
    let order: Vec<Block> = f
        .layout
        .iter()
        .copied()
        .filter(|b| body.binary_search(b).is_ok())
        .collect();
    let header_phis: Vec<(Value, Value, Value)> = f.blocks[s.header.index()]
        .insts
        .iter()
        .map_while(|&i| match &f.insts[i.index()].kind {
            InstKind::Phi { incoming, .. } => {
                let from = |p: Block| incoming.iter().find(|e| e.0 == p).expect("phi arity").1;
                Some((
                    f.insts[i.index()].result.expect("phi result"),
                    from(s.pre),
                    from(s.latch),
                ))
            }
            _ => None,
        })
        .collect();
    let trips = s.trips as usize;
    let mut copies: Vec<HashMap<Block, Block>> = Vec::with_capacity(trips);
    for _ in 0..trips {
        let m: HashMap<Block, Block> = order
            .iter()
            .map(|&b| {
                let nb = f.add_block();
                f.layout.pop();
                (b, nb)
            })
            .collect();
        copies.push(m);
    }
    let mut vmap: HashMap<Value, Value> = HashMap::default();
    for c in 0..trips {
        // header φs: the entry value, or the previous copy's back value.
        // The φs are a parallel copy: a back value may be another header
        // φ (`t0 = t1; t1 = t2;` gives t0's back value t1), whose value
        // must be read from the previous copy before any φ is updated.
        let values: Vec<Value> = header_phis
            .iter()
            .map(|&(_, entry, back)| {
                if c == 0 {
                    entry
                } else {
                    vmap.get(&back).copied().unwrap_or(back)
                }
            })
            .collect();
        for (&(r, _, _), v) in header_phis.iter().zip(values) {
            vmap.insert(r, v);
        }
        let bmap = &copies[c];
        let mut made = Vec::new();
        for &b in &order {
            let nb = bmap[&b];
            for k in 0..f.blocks[b.index()].insts.len() {
                let i = f.blocks[b.index()].insts[k];
                let d = &f.insts[i.index()];
                if b == s.header && matches!(d.kind, InstKind::Phi { .. }) {
                    continue;
                }
                let (kind, loc, result) = (d.kind.clone(), d.loc, d.result);
                let kind = if b == s.latch && kind.is_terminator() {
                    let dest = match copies.get(c + 1) {
                        Some(next) => next[&s.header],
                        None => s.exit,
                    };
                    InstKind::Jump { dest }
                } else {
                    kind
                };
                let (ni, nv) = f.new_inst(nb, kind);
                f.insts[ni.index()].loc = loc;
                f.blocks[nb.index()].insts.push(ni);
                if let (Some(r), Some(nv)) = (result, nv) {
                    vmap.insert(r, nv);
                }
                made.push(ni);
            }
        }
        // operands (a φ of a later block may read a later value) and
        // targets inside the loop
        for ni in made {
            let kind = &mut f.insts[ni.index()].kind;
            crate::ir::map_operands(kind, |v| vmap.get(&v).copied().unwrap_or(v));
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
    // the layout: the copies where the loop was
    let first = f
        .layout
        .iter()
        .position(|b| body.binary_search(b).is_ok())
        .expect("loop in layout");
    f.layout.retain(|b| body.binary_search(b).is_err());
    let new_blocks: Vec<Block> = copies
        .iter()
        .flat_map(|m| order.iter().map(move |b| m[b]))
        .collect();
    f.layout.splice(first..first, new_blocks.iter().copied());
    f.redirect(s.pre, s.header, copies[0][&s.header]);
    // uses outside the loop read the last copy
    let last_latch = copies[trips - 1][&s.latch];
    let copy_blocks: crate::hash::HashSet<Block> = new_blocks.iter().copied().collect();
    let outside: Vec<Block> = f
        .layout
        .iter()
        .copied()
        .filter(|b| !copy_blocks.contains(b))
        .collect();
    for b in outside {
        for k in 0..f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[k];
            let kind = &mut f.insts[i.index()].kind;
            if let InstKind::Phi { incoming, .. } = kind {
                for e in incoming.iter_mut() {
                    if e.0 == s.latch {
                        e.0 = last_latch;
                    }
                }
            }
            crate::ir::map_operands(kind, |v| vmap.get(&v).copied().unwrap_or(v));
        }
    }
    f.sort_phi_operands(&[s.exit]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    /// One loop case: entry value, step, bound, condition, whether the
    /// test reads `i'` (else the φ `i`), and whether the loop continues
    /// when the test is true.
    #[derive(Clone, Copy)]
    struct Case {
        c0: i32,
        step: i32,
        n: i32,
        cond: &'static str,
        tests_next: bool,
        sense: bool,
    }

    /// `f(x)`: `s = x; i = c0; do { if (i & 1) s += 3*i; else s -= i; i' = i + step; } while (cond(a, n));`
    /// returns `(s·7 + i) & 255`, reading after the loop the body's `s`
    /// (a φ of the join block) and the header's φ `i`.
    fn program(c: Case) -> String {
        let a = if c.tests_next { "%i2" } else { "%i" };
        let br = if c.sense {
            "br %c, b1, b5"
        } else {
            "br %c, b5, b1"
        };
        format!(
            "func @f(i32 %x) -> i32 {{
b0:
  %z = iconst.i32 0
  %one = iconst.i32 1
  %c0 = iconst.i32 {c0}
  %st = iconst.i32 {step}
  %n = iconst.i32 {n}
  jump b1
b1:
  %i = phi.i32 [b0: %c0], [b4: %i2]
  %s = phi.i32 [b0: %x], [b4: %s3]
  %ob = and.i32 %i, %one
  %odd = icmp.ne.i32 %ob, %z
  br %odd, b2, b3
b2:
  %three = iconst.i32 3
  %m = mul.i32 %i, %three
  %s1 = add.i32 %s, %m
  jump b4
b3:
  %s2 = sub.i32 %s, %i
  jump b4
b4:
  %s3 = phi.i32 [b2: %s1], [b3: %s2]
  %i2 = add.i32 %i, %st
  %c = icmp.{cond}.i32 {a}, %n
  {br}
b5:
  %seven = iconst.i32 7
  %r0 = mul.i32 %s3, %seven
  %r1 = add.i32 %r0, %i
  %mask = iconst.i32 255
  %r = and.i32 %r1, %mask
  ret %r
}}
func @main() -> i32 {{
b0:
  %a = iconst.i32 5
  %r = call.i32 @f(%a)
  ret %r
}}
",
            c0 = c.c0,
            step = c.step,
            n = c.n,
            cond = c.cond,
        )
    }

    /// The same loop run in Rust: (trips, exit status of `main`).
    fn expected(c: Case) -> (u64, i32) {
        let holds = |a: i32| match c.cond {
            "slt" => a < c.n,
            "sgt" => a > c.n,
            "sge" => a >= c.n,
            "ne" => a != c.n,
            "ult" => (a as u32) < (c.n as u32),
            _ => unreachable!(),
        };
        let (mut i, mut s, mut trips) = (c.c0, 5i32, 0u64);
        loop {
            trips += 1;
            let s3 = if i & 1 != 0 {
                s.wrapping_add(i.wrapping_mul(3))
            } else {
                s.wrapping_sub(i)
            };
            let i2 = i.wrapping_add(c.step);
            if holds(if c.tests_next { i2 } else { i }) != c.sense {
                return (trips, s3.wrapping_mul(7).wrapping_add(i) & 255);
            }
            s = s3;
            i = i2;
        }
    }

    const fn case(
        c0: i32,
        step: i32,
        n: i32,
        cond: &'static str,
        tests_next: bool,
        sense: bool,
    ) -> Case {
        Case {
            c0,
            step,
            n,
            cond,
            tests_next,
            sense,
        }
    }

    /// Loops of 1 to 8 trips with a two-way branch in the body are
    /// unrolled and `main`'s exit status is the one a Rust run of the same
    /// loop gives (and the interpreter gave before the pass).
    #[test]
    fn unrolled_loops_compute_what_the_loop_computed() {
        for c in [
            case(0, 1, 4, "slt", true, true),   // 4 trips
            case(0, 1, 4, "slt", false, true),  // tests i: 5 trips
            case(10, -2, 3, "sgt", true, true), // 8, 6, 4, 2: 4 trips
            case(0, 1, 8, "ne", true, true),    // 8 trips
            case(0, 1, 1, "slt", true, true),   // the body once
            case(7, 5, 3, "slt", true, true),   // entered past the bound: once
            case(0, 1, 4, "sge", true, false),  // negated branch: 4 trips
            case(1, 3, 20, "ult", true, true),  // 1, 4, …, 19: 7 trips
        ] {
            let (trips, want) = expected(c);
            let mut m = module(&program(c));
            assert_eq!(exit_code(&m), want, "interpreter before the pass");
            let st = run_on_all(&mut m, run);
            assert_eq!(st.get("loops unrolled completely"), 1, "{trips} trips");
            assert_eq!(
                exit_code(&m),
                want,
                "{} {} {} {}",
                c.c0,
                c.step,
                c.n,
                c.cond
            );
            // straight-line code now: no block branches back
            let f = &m.functions[0];
            let pos = |b: Block| f.layout.iter().position(|&x| x == b).unwrap();
            for &b in &f.layout {
                for s in f.successors(b) {
                    assert!(pos(s) > pos(b), "a back edge is left");
                }
            }
        }
    }

    /// A narrow induction variable (C's `unsigned char i` / `signed char
    /// i`: an `i8` φ stepped through `trunc (add (ext i), 1)` and tested
    /// through an extension) wraps at 8 bits. `s = 1; do { s = s·3 +
    /// ext(i); i' = i + 1; } while (test(ext(i')));` with
    /// * `i` from 250, `zext(i') != 2`: i' = 251 … 255, 0, 1, 2, 8 trips;
    /// * `i` from 124, `sext(i') > 0`: i' = 125, 126, 127, −128, 4 trips.
    ///
    /// Counted at 32 bits, neither loop would end within 8 trips. The
    /// expected `s` is computed here in Rust with the same wrapping.
    #[test]
    fn narrow_induction_variables_wrap_at_their_width() {
        for (c0, ext, cond, n, trips) in [
            (250i64, "zext", "ne", 2i32, 8u32),
            (124, "sext", "sgt", 0, 4),
        ] {
            let mut s = 1i32;
            let mut i = c0 as u8;
            for _ in 0..trips {
                let wide = if ext == "zext" {
                    i as i32
                } else {
                    i as i8 as i32
                };
                s = s.wrapping_mul(3).wrapping_add(wide);
                i = i.wrapping_add(1);
            }
            let want = s & 255;
            let text = format!(
                "func @f() -> i32 {{
b0:
  %one = iconst.i32 1
  %three = iconst.i32 3
  %c0 = iconst.i8 {c0}
  %n = iconst.i32 {n}
  jump b1
b1:
  %i = phi.i8 [b0: %c0], [b1: %i2]
  %s = phi.i32 [b0: %one], [b1: %s2]
  %w = {ext}.i8.i32 %i
  %s1 = mul.i32 %s, %three
  %s2 = add.i32 %s1, %w
  %wi = zext.i8.i32 %i
  %sum = add.i32 %wi, %one
  %i2 = trunc.i32.i8 %sum
  %t = {ext}.i8.i32 %i2
  %c = icmp.{cond}.i32 %t, %n
  br %c, b1, b2
b2:
  %m = iconst.i32 255
  %r = and.i32 %s2, %m
  ret %r
}}
func @main() -> i32 {{
b0:
  %r = call.i32 @f()
  ret %r
}}
"
            );
            let mut m = module(&text);
            assert_eq!(exit_code(&m), want, "interpreter before the pass");
            let st = run_on_all(&mut m, run);
            assert_eq!(st.get("loops unrolled completely"), 1, "{ext} from {c0}");
            assert_eq!(exit_code(&m), want, "{ext} from {c0}");
        }
    }

    /// Header φs are a parallel copy: `t0 = t1; t1 = t2;` makes t0's back
    /// value the φ t1 (written before t0's φ here, as the front end
    /// does), which each copy must read before updating t1. A sequential
    /// update gave the second copy t0 = t2 (found by a
    /// Chebyshev-series test program). By hand, with `x = 3`, `t0 = 1`,
    /// `t1 = 3`: trip 1 `t2 = 2·3·3 − 1 = 17`, trip 2 `t2 = 2·3·17 − 3 = 99`,
    /// trip 3 `t2 = 2·3·99 − 17 = 577`: the loop returns 577.
    #[test]
    fn header_phis_read_each_other_in_parallel() {
        let text = "func @f() -> i32 {
b0:
  %x = iconst.i32 3
  %one = iconst.i32 1
  %two = iconst.i32 2
  %n = iconst.i32 3
  %k0 = iconst.i32 0
  jump b1
b1:
  %k = phi.i32 [b0: %k0], [b1: %k2]
  %t1 = phi.i32 [b0: %x], [b1: %t2]
  %t0 = phi.i32 [b0: %one], [b1: %t1]
  %a = mul.i32 %two, %x
  %b = mul.i32 %a, %t1
  %t2 = sub.i32 %b, %t0
  %k2 = add.i32 %k, %one
  %c = icmp.slt.i32 %k2, %n
  br %c, b1, b2
b2:
  %m = iconst.i32 255
  %r = and.i32 %t2, %m
  ret %r
}
func @main() -> i32 {
b0:
  %r = call.i32 @f()
  ret %r
}
";
        let mut m = module(text);
        assert_eq!(exit_code(&m), 577 & 255, "interpreter before the pass");
        let st = run_on_all(&mut m, run);
        assert_eq!(st.get("loops unrolled completely"), 1);
        assert_eq!(exit_code(&m), 577 & 255);
    }

    /// Nine trips, or a bound that is not a constant, are left alone.
    #[test]
    fn long_or_unknown_trip_counts_are_left_alone() {
        let mut m = module(&program(case(0, 1, 9, "slt", true, true)));
        assert_eq!(run_on_all(&mut m, run).get("loops unrolled completely"), 0);
        let text = program(case(0, 1, 4, "slt", true, true))
            .replace("icmp.slt.i32 %i2, %n", "icmp.slt.i32 %i2, %x");
        let mut m = module(&text);
        assert_eq!(run_on_all(&mut m, run).get("loops unrolled completely"), 0);
    }
}
