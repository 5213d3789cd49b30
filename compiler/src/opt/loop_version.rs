//! Loop versioning with a run-time overlap check: a one-block counted
//! loop whose loads and stores go through pointers that may alias (two
//! pointer parameters, say) gets a copy in which those pointers are known
//! not to overlap, chosen by one test before the loop.
//!
//! The technique is the run-time alias check of GCC's loop vectorizer and
//! LLVM's loop versioning (compute the byte range each pointer reaches over
//! the whole loop, test the ranges for disjointness before the loop, run an
//! unconstrained copy when they are disjoint and the original loop when
//! not). Here the unconstrained copy is for the schedulers: the modulo
//! scheduler orders a store before the next iteration's loads through
//! another pointer unless the accesses are known apart, which in a loop
//! like `y[i] += a * x[i]` over two `int *` parameters doubles the
//! initiation interval.
//!
//! Recognised loops: the shape `loop-unroll` recognises (a one-block
//! bottom-tested loop, exit test `i' cond n` on a basic induction variable
//! `i` with a constant step `s > 0`, `cond` one of `slt`, `ult`, or `ne`
//! with `s = 1`; no call, no volatile access), whose step is a power of
//! two and whose every load and store has an address `P + k + d·j` at
//! iteration `j`: `P` a value defined before the loop, `k` and `d` constants,
//! `0 ≤ d ≤` [`MAX_STRIDE`] (found through `add`, `sub`, `shl` and `mul` by
//! constants of the induction φs). The accesses are grouped by `P`; no
//! group may store at one address every iteration (`d = 0`: an
//! accumulator in memory, whose recurrence the copy would keep, so the
//! test would only cost); the loop is versioned when some two groups, at
//! least one of which stores,
//! may alias by [`super::alias`] (at most [`MAX_PAIRS`] such pairs, at most
//! [`MAX_GROUPS`] groups). The result:
//!
//! ```text
//! CHK: T−1 = ((n − i0 − 1) >>u log2 s)
//!      lo_g = P_g + min k,  hi_g = P_g + max (k + size) + max d · (T−1)
//!      P'_g = P_g + 0                            (one per group)
//!      br cond(i0, n) ∧ T−1 ≤u LIMIT ∧ (hi_g ≤u lo_h ∨ hi_h ≤u lo_g)…, V, B
//! V:   B's body with P'_g for P_g; br …, V, X
//! B:   the original loop, entered from CHK or itself
//! ```
//!
//! `cond(i0, n)` makes `n − i0 − 1` the distance the count needs (when it
//! fails the loop runs once, and runs in its original), the limit
//! ([`MAX_TRIPS`]) keeps `d · (T − 1)` from wrapping, and for `slt`/`ult`
//! `n ≤ MAX − s` (signed or unsigned) keeps `i'` from wrapping past the
//! bound (which would run more iterations than `T`). The values `P'_g`
//! are the function's [`crate::ir::Function::noalias_roots`]: an access
//! whose address derives from a root touches memory no access derived from
//! another root touches ([`super::alias::object_of`] gives
//! [`super::alias::Base::Version`]), which instruction selection hands to
//! the schedulers as [`crate::codegen::mir::MemObject::Version`]. That
//! holds because V runs only when the test passed, and no access outside V
//! derives from a root (a value of V used after the loop reaches its uses
//! through a φ merging it with B's).
//!
//! Requires SSA and the shape `loop-rotate` leaves; runs last among the IR
//! passes, so that no later IR pass folds the `P + 0` copies away or moves
//! an access derived from a root out of V. Keeps SSA (values of the loop
//! used after it are merged by SSA repair, as in `loop-rotate`). Code
//! growth: one copy of a body of at most 32 instructions
//! ([`super::loop_unroll::MAX_UNROLLED_INSTS`] / 2) and a test of a few
//! instructions per pair.

use super::alias::{self, Access};
use super::loop_unroll::{self, defined_in, emit, Shape};
use super::simplify_cfg::const_of;
use super::Stats;
use crate::hash::HashMap;
use crate::ir::{BinaryOp, Block, Cond, Function, Inst, InstKind, Type, Value};

/// Most pointer groups (distinct bases `P`) of a versioned loop.
pub const MAX_GROUPS: usize = 4;

/// Most pairs of groups the run-time test compares.
pub const MAX_PAIRS: usize = 3;

/// Largest address change per iteration (bytes) of an access.
pub const MAX_STRIDE: i64 = 64;

/// Largest `T − 1` (trip count less one) for which the versioned loop
/// runs: with strides of at most [`MAX_STRIDE`] bytes, `d · (T − 1)` stays
/// below 2³⁰.
pub const MAX_TRIPS: i64 = (1 << 24) - 1;

/// Versions every loop that qualifies. Counter: "loops versioned".
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    let forest = f.loop_forest();
    let candidates: Vec<Block> = forest
        .loops
        .iter()
        .filter(|l| l.body.len() == 1 && l.children.is_empty())
        .map(|l| l.header)
        .collect();
    for b in candidates {
        let Some(shape) = loop_unroll::recognise(f, b) else {
            continue;
        };
        if let Some(plan) = plan(f, b, &shape) {
            version(f, b, &shape, &plan);
            stats.add("loops versioned", 1);
        }
    }
    stats
}

/// An address (or integer) in the loop as `base + konst + stride · j` at
/// iteration `j`, `base` a value defined before the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Form {
    base: Option<Value>,
    konst: i64,
    stride: i64,
}

impl Form {
    fn add(self, o: Form) -> Option<Form> {
        let base = match (self.base, o.base) {
            (Some(_), Some(_)) => return None,
            (a, b) => a.or(b),
        };
        Some(Form {
            base,
            konst: self.konst.checked_add(o.konst)?,
            stride: self.stride.checked_add(o.stride)?,
        })
    }
    fn scale(self, c: i64) -> Option<Form> {
        if self.base.is_some() {
            return None;
        }
        Some(Form {
            base: None,
            konst: self.konst.checked_mul(c)?,
            stride: self.stride.checked_mul(c)?,
        })
    }
}

/// One load or store of the loop: its address form, size, whether it
/// writes, and the access for [`alias::may_alias`].
struct Mem {
    form: Form,
    size: i64,
    write: bool,
    access: Access,
}

/// The accesses of one base `P`.
struct Group {
    base: Value,
    /// Smallest `k`.
    lo: i64,
    /// Largest `k + size`.
    hi: i64,
    /// Largest stride.
    stride: i64,
    /// Whether one of the accesses stores.
    write: bool,
}

/// What [`version`] builds: the groups and the pairs (indices into
/// `groups`) the test compares.
struct Plan {
    groups: Vec<Group>,
    pairs: Vec<(usize, usize)>,
    /// log2 of the induction step.
    shift: u32,
}

/// The versioning plan of loop `b` ([`Shape`] `s`), if it qualifies (see
/// the module documentation).
fn plan(f: &Function, b: Block, s: &Shape) -> Option<Plan> {
    if s.step.count_ones() != 1 {
        return None;
    }
    let insts = f.blocks[b.index()].insts.clone();
    let mut forms: HashMap<Value, Form> = HashMap::default();
    let form_of = |forms: &HashMap<Value, Form>, v: Value| -> Option<Form> {
        if defined_in(f, v, b) {
            if let Some(c) = const_of(f, v) {
                return Some(Form {
                    base: None,
                    konst: c,
                    stride: 0,
                });
            }
            return forms.get(&v).copied();
        }
        Some(match const_of(f, v) {
            Some(c) => Form {
                base: None,
                konst: c,
                stride: 0,
            },
            None => Form {
                base: Some(v),
                konst: 0,
                stride: 0,
            },
        })
    };
    // the induction φs: entry value plus a constant step per iteration
    for &i in &insts {
        let d = &f.insts[i.index()];
        let InstKind::Phi { incoming, .. } = &d.kind else {
            continue;
        };
        let (Some(r), [(p0, v0), (p1, v1)]) = (d.result, incoming.as_slice()) else {
            continue;
        };
        let (entry, back) = if *p0 == s.pre && *p1 == b {
            (*v0, *v1)
        } else if *p1 == s.pre && *p0 == b {
            (*v1, *v0)
        } else {
            continue;
        };
        let step = match loop_unroll::def_kind(f, back) {
            Some(&InstKind::Binary {
                op: BinaryOp::Add,
                ty: Type::I32,
                args: [x, y],
            }) if defined_in(f, back, b) => {
                if x == r {
                    const_of(f, y)
                } else if y == r {
                    const_of(f, x)
                } else {
                    None
                }
            }
            _ => None,
        };
        if let (Some(step), Some(e)) = (step, form_of(&forms, entry)) {
            forms.insert(r, Form { stride: step, ..e });
        }
    }
    // the other values, in order
    let mut mems: Vec<Mem> = vec![];
    for &i in &insts {
        let d = &f.insts[i.index()];
        match &d.kind {
            InstKind::Phi { .. } => continue,
            InstKind::Load { .. } | InstKind::Store { .. } => {
                for (access, write) in alias::accesses(&d.kind) {
                    let form = form_of(&forms, access.addr)?;
                    if form.base.is_none() || !(0..=MAX_STRIDE).contains(&form.stride) {
                        return None;
                    }
                    mems.push(Mem {
                        form,
                        size: access.size? as i64,
                        write,
                        access,
                    });
                }
            }
            // block copies, calls and volatile accesses: left alone
            k if alias::writes(k).is_some() || !alias::accesses(k).is_empty() => return None,
            _ => {}
        }
        let (
            Some(r),
            InstKind::Binary {
                op,
                ty: Type::I32,
                args: [x, y],
            },
        ) = (d.result, &d.kind)
        else {
            continue;
        };
        let (fx, fy) = (form_of(&forms, *x), form_of(&forms, *y));
        let cy = const_of(f, *y);
        let cx = const_of(f, *x);
        let form = match op {
            BinaryOp::Add => fx.zip(fy).and_then(|(a, c)| a.add(c)),
            BinaryOp::Sub => fx
                .zip(fy.and_then(|c| c.scale(-1)))
                .and_then(|(a, c)| a.add(c)),
            BinaryOp::Mul => match (cx, cy) {
                (_, Some(c)) => fx.and_then(|a| a.scale(c)),
                (Some(c), _) => fy.and_then(|a| a.scale(c)),
                _ => None,
            },
            BinaryOp::Shl => match cy {
                Some(c) if (0..31).contains(&c) => fx.and_then(|a| a.scale(1 << c)),
                _ => None,
            },
            _ => None,
        };
        if let Some(form) = form {
            forms.insert(r, form);
        }
    }
    // groups by base
    let mut groups: Vec<Group> = vec![];
    let mut member: Vec<usize> = vec![];
    for m in &mems {
        let base = m.form.base?;
        let g = match groups.iter().position(|g| g.base == base) {
            Some(g) => g,
            None => {
                groups.push(Group {
                    base,
                    lo: i64::MAX,
                    hi: i64::MIN,
                    stride: 0,
                    write: false,
                });
                groups.len() - 1
            }
        };
        let gr = &mut groups[g];
        gr.lo = gr.lo.min(m.form.konst);
        gr.hi = gr.hi.max(m.form.konst + m.size);
        gr.stride = gr.stride.max(m.form.stride);
        gr.write |= m.write;
        member.push(g);
    }
    // a location stored at every iteration (a global accumulator) keeps
    // its recurrence through memory in the copy: nothing to gain
    if groups.iter().any(|g| g.write && g.stride == 0) {
        return None;
    }
    if groups.len() > MAX_GROUPS
        || groups
            .iter()
            .any(|g| g.lo.abs() > 1 << 16 || g.hi.abs() > 1 << 16)
    {
        return None;
    }
    // the pairs of groups that may alias where one of them stores
    let mut pairs = vec![];
    for (x, mx) in mems.iter().enumerate() {
        for (y, my) in mems.iter().enumerate().skip(x + 1) {
            let (g, h) = (member[x].min(member[y]), member[x].max(member[y]));
            if g == h || !(mx.write || my.write) || pairs.contains(&(g, h)) {
                continue;
            }
            if alias::may_alias(f, mx.access, my.access) {
                pairs.push((g, h));
            }
        }
    }
    if pairs.is_empty() || pairs.len() > MAX_PAIRS {
        return None;
    }
    Some(Plan {
        groups,
        pairs,
        shift: s.step.trailing_zeros(),
    })
}

/// Builds the test block and the versioned copy of loop `b` (the module
/// documentation).
fn version(f: &mut Function, b: Block, s: &Shape, plan: &Plan) {
    let insts = f.blocks[b.index()].insts.clone();
    let phis: Vec<Inst> = insts
        .iter()
        .copied()
        .filter(|&i| matches!(f.insts[i.index()].kind, InstKind::Phi { .. }))
        .collect();
    let body: Vec<Inst> = insts
        .iter()
        .copied()
        .filter(|&i| {
            let k = &f.insts[i.index()].kind;
            !matches!(k, InstKind::Phi { .. }) && !k.is_terminator()
        })
        .collect();
    // new blocks, laid out before B: CHK, V
    let chk = f.add_block();
    let v = f.add_block();
    f.layout.truncate(f.layout.len() - 2);
    let pos = f
        .layout
        .iter()
        .position(|&x| x == b)
        .expect("loop in layout");
    f.layout.splice(pos..pos, [chk, v]);
    f.redirect(s.pre, b, chk);
    // CHK: T − 1, the ranges, the roots, the test
    let c = |f: &mut Function, imm: i64| emit(f, chk, InstKind::Iconst { ty: Type::I32, imm });
    let bin = |f: &mut Function, op: BinaryOp, a: Value, b2: Value| {
        emit(
            f,
            chk,
            InstKind::Binary {
                op,
                ty: Type::I32,
                args: [a, b2],
            },
        )
    };
    let cmp = |f: &mut Function, cond: Cond, a: Value, b2: Value| {
        emit(
            f,
            chk,
            InstKind::Icmp {
                cond,
                ty: Type::I32,
                args: [a, b2],
            },
        )
    };
    // a constant bound gets its own copy (it may be defined in the loop)
    let n = match const_of(f, s.n) {
        Some(k) => c(f, k),
        None => s.n,
    };
    let runs = cmp(f, s.cond, s.i0, n);
    let one = c(f, 1);
    let dist = bin(f, BinaryOp::Sub, n, s.i0);
    let m = bin(f, BinaryOp::Sub, dist, one);
    let shift = c(f, plan.shift as i64);
    let tm1 = bin(f, BinaryOp::LShr, m, shift);
    let limit = c(f, MAX_TRIPS);
    let small = cmp(f, Cond::Ule, tm1, limit);
    let mut ok = bin(f, BinaryOp::And, runs, small);
    // `i' = i + s` never wraps past the bound: n ≤ MAX − s (signed or
    // unsigned as the compare; `ne` with step 1 stops at n exactly)
    let room = match s.cond {
        Cond::Slt => Some((Cond::Sle, i32::MAX as i64 - s.step)),
        Cond::Ult => Some((Cond::Ule, -1 - s.step)),
        _ => None,
    };
    if let Some((le, max)) = room {
        let max = c(f, max);
        let fits = cmp(f, le, n, max);
        ok = bin(f, BinaryOp::And, ok, fits);
    }
    let mut ranges = vec![];
    for g in &plan.groups {
        let lo_k = c(f, g.lo);
        let lo = bin(f, BinaryOp::Add, g.base, lo_k);
        let hi_k = c(f, g.hi);
        let hi0 = bin(f, BinaryOp::Add, g.base, hi_k);
        let d = c(f, g.stride);
        let span = bin(f, BinaryOp::Mul, tm1, d);
        let hi = bin(f, BinaryOp::Add, hi0, span);
        ranges.push((lo, hi));
    }
    for &(g, h) in &plan.pairs {
        let before = cmp(f, Cond::Ule, ranges[g].1, ranges[h].0);
        let after = cmp(f, Cond::Ule, ranges[h].1, ranges[g].0);
        let apart = bin(f, BinaryOp::Or, before, after);
        ok = bin(f, BinaryOp::And, ok, apart);
    }
    let mut map: HashMap<Value, Value> = HashMap::default();
    for g in &plan.groups {
        let zero = c(f, 0);
        let root = bin(f, BinaryOp::Add, g.base, zero);
        f.noalias_roots.push(root);
        map.insert(g.base, root);
    }
    f.push(
        chk,
        InstKind::Branch {
            cond: ok,
            then: v,
            else_: b,
            prob: None,
        },
    );
    // V: φs, the body, the branch
    let phi_vals: Vec<(Value, Value, Value)> = phis
        .iter()
        .map(|&i| {
            let d = &f.insts[i.index()];
            let InstKind::Phi { incoming, .. } = &d.kind else {
                unreachable!()
            };
            let from = |p: Block| incoming.iter().find(|x| x.0 == p).expect("phi arity").1;
            (d.result.expect("phi result"), from(s.pre), from(b))
        })
        .collect();
    let mut v_phis = vec![];
    for &(r, _, _) in &phi_vals {
        let ty = f.value_type(r);
        let (pi, pv) = f.new_inst(
            v,
            InstKind::Phi {
                ty,
                incoming: vec![],
            },
        );
        f.blocks[v.index()].insts.push(pi);
        map.insert(r, pv.expect("phi result"));
        v_phis.push(pi);
    }
    for &i in &body {
        let mut kind = f.insts[i.index()].kind.clone();
        crate::ir::map_operands(&mut kind, |x| map.get(&x).copied().unwrap_or(x));
        let loc = f.insts[i.index()].loc;
        let (ni, nv) = f.new_inst(v, kind);
        f.insts[ni.index()].loc = loc;
        f.blocks[v.index()].insts.push(ni);
        if let (Some(r), Some(nv)) = (f.insts[i.index()].result, nv) {
            map.insert(r, nv);
        }
    }
    let get = |map: &HashMap<Value, Value>, x: Value| map.get(&x).copied().unwrap_or(x);
    for (k, &pi) in v_phis.iter().enumerate() {
        let (_, entry, back) = phi_vals[k];
        let (entry, back) = (get(&map, entry), get(&map, back));
        if let InstKind::Phi { incoming, .. } = &mut f.insts[pi.index()].kind {
            *incoming = vec![(chk, entry), (v, back)];
        }
    }
    let test = get(&map, s.test);
    let (then, else_) = if s.continue_on_true {
        (v, s.exit)
    } else {
        (s.exit, v)
    };
    let prob = match f.terminator(b) {
        Some(&InstKind::Branch { prob, .. }) => prob,
        _ => None,
    };
    f.push(
        v,
        InstKind::Branch {
            cond: test,
            then,
            else_,
            prob,
        },
    );
    // B's φs: entered from CHK (was the preheader)
    for &i in &phis {
        if let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind {
            for x in incoming.iter_mut() {
                if x.0 == s.pre {
                    x.0 = chk;
                }
            }
        }
    }
    // X's φs: from V, the V version of what B gives
    let exit_insts: Vec<Inst> = f.blocks[s.exit.index()].insts.clone();
    for i in exit_insts {
        let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind else {
            break;
        };
        if let Some(&(_, w)) = incoming.iter().find(|x| x.0 == b) {
            let wv = map.get(&w).copied().unwrap_or(w);
            incoming.push((v, wv));
        }
    }
    loop_unroll::repair_uses_outside(f, &phis, &body, &map, b, v, v);
    f.sort_phi_operands(&[b, s.exit, v]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    /// `f(y, x, n)`: `y[i] += 3·x[i]` for `i` in `0..n` (a bottom-tested
    /// loop, at least one iteration) through two pointer parameters;
    /// `main` fills `@a` with `i·7 + 1`, calls `f` on `@a + 64 + shift`,
    /// `@a + 64` for each (shift, n) of `calls` and folds the array into
    /// its exit status.
    fn program(calls: &[(i64, i64)]) -> String {
        let mut main = String::from(
            "func @main() -> i32 {
b0:
  %base = global_addr @a
  %z = iconst.i32 0
  %one = iconst.i32 1
  %four = iconst.i32 4
  %seven = iconst.i32 7
  %lim = iconst.i32 64
  %mid = iconst.i32 128
  %x = add.i32 %base, %mid
",
        );
        for (k, (shift, n)) in calls.iter().enumerate() {
            main += &format!(
                "  jump f{k}
f{k}:
  %fi{k} = phi.i32 [{prev}: %z], [f{k}: %fi{k}n]
  %fo{k} = mul.i32 %fi{k}, %four
  %fa{k} = add.i32 %base, %fo{k}
  %fv0{k} = mul.i32 %fi{k}, %seven
  %fv{k} = add.i32 %fv0{k}, %one
  store.i32 %fa{k}, %fv{k}
  %fi{k}n = add.i32 %fi{k}, %one
  %fc{k} = icmp.slt.i32 %fi{k}n, %lim
  br %fc{k}, f{k}, c{k}
c{k}:
  %sh{k} = iconst.i32 {bytes}
  %y{k} = add.i32 %x, %sh{k}
  %n{k} = iconst.i32 {n}
  call @f(%y{k}, %x, %n{k})
",
                prev = if k == 0 {
                    "b0".to_string()
                } else {
                    format!("d{}", k - 1)
                },
                bytes = shift * 4,
            );
            main += &format!(
                "  jump s{k}
s{k}:
  %si{k} = phi.i32 [c{k}: %z], [s{k}: %si{k}n]
  %ss{k} = phi.i32 [c{k}: %acc{k}], [s{k}: %ss{k}n]
  %so{k} = mul.i32 %si{k}, %four
  %sa{k} = add.i32 %base, %so{k}
  %sv{k} = load.i32 %sa{k}
  %sm{k} = mul.i32 %ss{k}, %seven
  %ss{k}n = add.i32 %sm{k}, %sv{k}
  %si{k}n = add.i32 %si{k}, %one
  %sc{k} = icmp.slt.i32 %si{k}n, %lim
  br %sc{k}, s{k}, d{k}
d{k}:
  %acc{} = add.i32 %ss{k}n, %z
",
                k + 1
            );
        }
        main = main.replace("%acc0", "%z");
        main += &format!("  ret %acc{}\n}}\n", calls.len());
        format!(
            "global @a size 256 align 4
func @f(i32 %y, i32 %x, i32 %n) {{
b0:
  %z = iconst.i32 0
  %one = iconst.i32 1
  %two = iconst.i32 2
  %three = iconst.i32 3
  jump b1
b1:
  %i = phi.i32 [b0: %z], [b1: %i2]
  %o = shl.i32 %i, %two
  %ya = add.i32 %y, %o
  %xa = add.i32 %x, %o
  %yv = load.i32 %ya
  %xv = load.i32 %xa
  %m = mul.i32 %xv, %three
  %s = add.i32 %yv, %m
  store.i32 %ya, %s
  %i2 = add.i32 %i, %one
  %c = icmp.slt.i32 %i2, %n
  br %c, b1, b2
b2:
  ret
}}
{main}"
        )
    }

    /// The loop is versioned (one test block, one copy), and the
    /// interpreter's exit status is the same before and after for arrays
    /// apart (shift ±20 words, n up to 16) and overlapping by every shift
    /// from −3 to 3 words, n from 1 to 9, and an entry past the bound.
    #[test]
    fn versioned_loops_compute_the_same() {
        let mut calls = vec![(20, 16), (-20, 16), (20, 0)];
        for shift in -3..=3 {
            for n in [1, 2, 3, 5, 9] {
                calls.push((shift, n));
            }
        }
        let text = program(&calls);
        let before = module(&text);
        let want = exit_code(&before);
        let mut m = module(&text);
        let st = run_on_all(&mut m, run);
        assert_eq!(st.get("loops versioned"), 1, "{text}");
        let f = m.functions.iter().find(|f| f.name == "f").unwrap();
        assert_eq!(f.noalias_roots.len(), 2);
        assert_eq!(exit_code(&m), want);
    }

    /// Two pointers the alias rules already separate (two `restrict`
    /// parameters, C99 §6.7.3.1) need no test: the loop is left alone;
    /// with one of them `restrict` only, the other may still point into
    /// its object's reach by these rules, and the loop is versioned.
    #[test]
    fn loops_known_apart_are_left_alone() {
        for (flags, want) in [([true, true], 0), ([true, false], 1)] {
            let text = program(&[(20, 4)]);
            let mut m = module(&text);
            for f in &mut m.functions {
                if f.name == "f" {
                    f.restrict[0] = flags[0];
                    f.restrict[1] = flags[1];
                }
            }
            let st = run_on_all(&mut m, run);
            assert_eq!(st.get("loops versioned"), want, "{flags:?}");
        }
    }
}
