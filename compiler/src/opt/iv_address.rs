//! Strength reduction of addresses with a loop-invariant stride
//! (`iv-address`, on at `-O2`): in an innermost loop with a basic
//! induction variable `k` (`k = φ(P: k0, L: k + c)`, `c` a constant), the
//! address of a load or store that is an affine function of `k`,
//! `a·k + b` with `a` and `b` loop-invariant and `a` not a constant (a
//! matrix column walked with a run-time row length: `B[k*N + j]`),
//! becomes a pointer induction variable `p = φ(P: a·k0 + b, L: p + a·c)`:
//! one `add` per iteration instead of a multiply and the additions of the
//! index (F. E. Allen, J. Cocke and K. Kennedy, "Reduction of operator
//! strength", 1981; K. D. Cooper, L. T. Simpson and C. A. Vick, "Operator
//! strength reduction", TOPLAS 2001, whose affine-form view this follows).
//!
//! Affine forms are sums of terms `m·v` (`m` a constant, `v` a
//! loop-invariant value or 1) for the coefficient `a` and for `b`, found
//! through `add`, `sub`, `shl` by a constant, `mul` by a constant, and
//! `mul` by an invariant of a form whose terms are all constants; all
//! arithmetic is `i32` and wraps, so the forms are exact. Constant strides
//! are left alone: the back end's modulo scheduler folds them into the
//! memory operations' offsets. The old address computation is left to
//! dead-code elimination.
//!
//! Counter: "addresses reduced".

use super::licm::ensure_preheader;
use super::loop_unroll_full::innermost_loops;
use super::simplify_cfg::const_of;
use super::Stats;
use crate::ir::{BinaryOp, Block, Function, InstKind, Type, Value, ValueDef};

/// Most addresses reduced per loop (each adds a register live through
/// the loop).
pub const MAX_PER_LOOP: usize = 4;

/// `Σ m·v` (`None`: the constant 1) of an affine form.
type Terms = Vec<(i64, Option<Value>)>;

/// `coef·k + base`.
#[derive(Clone, Debug, Default)]
struct Affine {
    coef: Terms,
    base: Terms,
}

fn scale(t: &Terms, m: i64) -> Terms {
    t.iter().map(|&(c, v)| (c.wrapping_mul(m), v)).collect()
}

/// Reduces every qualifying address. Counter: "addresses reduced".
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    stats.add("addresses reduced", 0);
    if f.layout.is_empty() {
        return stats;
    }
    for (h, body) in innermost_loops(f) {
        if f.layout.first() == Some(&h) {
            continue;
        }
        let n = reduce_loop(f, h, &body);
        stats.add("addresses reduced", n as u64);
    }
    stats
}

/// The block of the instruction defining `v` (`None` for a parameter).
fn def_block(f: &Function, v: Value) -> Option<Block> {
    match f.values[v.index()].def {
        ValueDef::Inst(i) => Some(f.insts[i.index()].block),
        ValueDef::Param(_) => None,
    }
}

fn reduce_loop(f: &mut Function, h: Block, body: &[Block]) -> usize {
    let inside = |b: Block| body.binary_search(&b).is_ok();
    let preds = f.predecessors_of(h);
    let latches: Vec<Block> = preds.iter().copied().filter(|&p| inside(p)).collect();
    let [latch] = latches[..] else { return 0 };
    // basic induction variables of the header: (φ, entry value from the
    // outside predecessor, step)
    let outside: Vec<Block> = preds.iter().copied().filter(|&p| !inside(p)).collect();
    let [entry] = outside[..] else { return 0 };
    let mut ivs: Vec<(Value, Value, i64)> = vec![];
    for &i in &f.blocks[h.index()].insts {
        let InstKind::Phi {
            ty: Type::I32,
            incoming,
        } = &f.insts[i.index()].kind
        else {
            continue;
        };
        let Some(phi) = f.insts[i.index()].result else {
            continue;
        };
        let from = |b: Block| incoming.iter().find(|e| e.0 == b).map(|e| e.1);
        let (Some(k0), Some(next)) = (from(entry), from(latch)) else {
            continue;
        };
        if let Some(ValueDef::Inst(ni)) = Some(f.values[next.index()].def) {
            if let InstKind::Binary {
                op: BinaryOp::Add,
                ty: Type::I32,
                args: [a, b],
            } = f.insts[ni.index()].kind
            {
                let step = match (a == phi, b == phi) {
                    (true, false) => const_of(f, b),
                    (false, true) => const_of(f, a),
                    _ => None,
                };
                if let Some(s) = step {
                    ivs.push((phi, k0, s));
                }
            }
        }
    }
    if ivs.is_empty() {
        return 0;
    }
    let invariant = |f: &Function, v: Value| def_block(f, v).is_none_or(|b| !inside(b));
    // affine form of `v` in the induction variable `k`
    fn affine(
        f: &Function,
        v: Value,
        k: Value,
        invariant: &dyn Fn(&Function, Value) -> bool,
        depth: u32,
    ) -> Option<Affine> {
        if v == k {
            return Some(Affine {
                coef: vec![(1, None)],
                base: vec![],
            });
        }
        if let Some(c) = const_of(f, v) {
            return Some(Affine {
                coef: vec![],
                base: vec![(c, None)],
            });
        }
        if invariant(f, v) {
            return (f.value_type(v) == Type::I32).then(|| Affine {
                coef: vec![],
                base: vec![(1, Some(v))],
            });
        }
        if depth == 0 {
            return None;
        }
        let ValueDef::Inst(i) = f.values[v.index()].def else {
            return None;
        };
        let InstKind::Binary {
            op,
            ty: Type::I32,
            args: [x, y],
        } = f.insts[i.index()].kind
        else {
            return None;
        };
        let sub = |w: Value| affine(f, w, k, invariant, depth - 1);
        match op {
            BinaryOp::Add | BinaryOp::Sub => {
                let (a, b) = (sub(x)?, sub(y)?);
                let m = if op == BinaryOp::Add { 1 } else { -1 };
                Some(Affine {
                    coef: [a.coef, scale(&b.coef, m)].concat(),
                    base: [a.base, scale(&b.base, m)].concat(),
                })
            }
            BinaryOp::Shl => {
                let s = const_of(f, y).filter(|s| (0..31).contains(s))?;
                let a = sub(x)?;
                Some(Affine {
                    coef: scale(&a.coef, 1 << s),
                    base: scale(&a.base, 1 << s),
                })
            }
            BinaryOp::Mul => {
                let (a, b) = (sub(x)?, sub(y)?);
                // one side a constant: scale the other
                let konst = |t: &Affine| -> Option<i64> {
                    if !t.coef.is_empty() {
                        return None;
                    }
                    t.base
                        .iter()
                        .try_fold(0i64, |s, &(m, v)| v.is_none().then(|| s.wrapping_add(m)))
                };
                if let Some(c) = konst(&b) {
                    return Some(Affine {
                        coef: scale(&a.coef, c),
                        base: scale(&a.base, c),
                    });
                }
                if let Some(c) = konst(&a) {
                    return Some(Affine {
                        coef: scale(&b.coef, c),
                        base: scale(&b.base, c),
                    });
                }
                // an invariant value times a form of constant terms
                let all_const = |t: &Affine| t.coef.iter().chain(&t.base).all(|x| x.1.is_none());
                let single = |t: &Affine| match (&t.coef[..], &t.base[..]) {
                    ([], [(1, Some(v))]) => Some(*v),
                    _ => None,
                };
                let (n, t) = match (single(&a), single(&b)) {
                    (Some(n), _) if all_const(&b) => (n, b),
                    (_, Some(n)) if all_const(&a) => (n, a),
                    _ => return None,
                };
                let times = |ts: &Terms| ts.iter().map(|&(m, _)| (m, Some(n))).collect();
                Some(Affine {
                    coef: times(&t.coef),
                    base: times(&t.base),
                })
            }
            _ => None,
        }
    }
    let (pre, _) = ensure_preheader(f, h, body);
    // the memory operations of the loop and their addresses
    let mut sites: Vec<(crate::ir::Inst, Value)> = vec![];
    for &b in body {
        for &i in &f.blocks[b.index()].insts {
            match f.insts[i.index()].kind {
                InstKind::Load { addr, .. } | InstKind::Store { addr, .. } => sites.push((i, addr)),
                _ => {}
            }
        }
    }
    let mut done = 0;
    // one pointer per distinct address value
    let mut made: Vec<(Value, Value)> = vec![];
    for (i, addr) in sites {
        if done == MAX_PER_LOOP {
            break;
        }
        if let Some(&(_, p)) = made.iter().find(|m| m.0 == addr) {
            set_addr(f, i, p);
            continue;
        }
        let found = ivs.iter().find_map(|&(k, k0, s)| {
            let a = affine(f, addr, k, &invariant, 12)?;
            a.coef.iter().any(|t| t.1.is_some()).then_some((a, k0, s))
        });
        let Some((a, k0, s)) = found else { continue };
        // preheader: init = coef·k0 + base, step = coef·s
        let at = f.blocks[pre.index()].insts.len() - 1;
        let mut emitted = vec![];
        let mut emit = |f: &mut Function, kind: InstKind| -> Value {
            let (inst, v) = f.new_inst(pre, kind);
            emitted.push(inst);
            v.expect("a value")
        };
        let materialise = |f: &mut Function,
                           emit: &mut dyn FnMut(&mut Function, InstKind) -> Value,
                           ts: &Terms|
         -> Value {
            let mut acc: Option<Value> = None;
            for &(m, v) in ts {
                let term = match v {
                    None => emit(
                        f,
                        InstKind::Iconst {
                            ty: Type::I32,
                            imm: m as i32 as i64,
                        },
                    ),
                    Some(v) if m == 1 => v,
                    Some(v) => {
                        let c = emit(
                            f,
                            InstKind::Iconst {
                                ty: Type::I32,
                                imm: m as i32 as i64,
                            },
                        );
                        emit(
                            f,
                            InstKind::Binary {
                                op: BinaryOp::Mul,
                                ty: Type::I32,
                                args: [v, c],
                            },
                        )
                    }
                };
                acc = Some(match acc {
                    None => term,
                    Some(x) => emit(
                        f,
                        InstKind::Binary {
                            op: BinaryOp::Add,
                            ty: Type::I32,
                            args: [x, term],
                        },
                    ),
                });
            }
            acc.unwrap_or_else(|| {
                emit(
                    f,
                    InstKind::Iconst {
                        ty: Type::I32,
                        imm: 0,
                    },
                )
            })
        };
        let coef = materialise(f, &mut emit, &a.coef);
        let base = materialise(f, &mut emit, &a.base);
        let start = emit(
            f,
            InstKind::Binary {
                op: BinaryOp::Mul,
                ty: Type::I32,
                args: [coef, k0],
            },
        );
        let init = emit(
            f,
            InstKind::Binary {
                op: BinaryOp::Add,
                ty: Type::I32,
                args: [start, base],
            },
        );
        let sc = emit(
            f,
            InstKind::Iconst {
                ty: Type::I32,
                imm: s as i32 as i64,
            },
        );
        let step = emit(
            f,
            InstKind::Binary {
                op: BinaryOp::Mul,
                ty: Type::I32,
                args: [coef, sc],
            },
        );
        let insts = &mut f.blocks[pre.index()].insts;
        for (n, inst) in emitted.into_iter().enumerate() {
            insts.insert(at + n, inst);
        }
        // header φ and latch increment
        let (phi_inst, p) = f.new_inst(
            h,
            InstKind::Phi {
                ty: Type::I32,
                incoming: vec![],
            },
        );
        let p = p.expect("a φ value");
        let (add_inst, next) = f.new_inst(
            latch,
            InstKind::Binary {
                op: BinaryOp::Add,
                ty: Type::I32,
                args: [p, step],
            },
        );
        let next = next.expect("a value");
        let lt = f.blocks[latch.index()].insts.len() - 1;
        f.blocks[latch.index()].insts.insert(lt, add_inst);
        f.insts[phi_inst.index()].kind = InstKind::Phi {
            ty: Type::I32,
            incoming: vec![(pre, init), (latch, next)],
        };
        f.blocks[h.index()].insts.insert(0, phi_inst);
        f.sort_phi_operands(&[h]);
        set_addr(f, i, p);
        made.push((addr, p));
        done += 1;
    }
    done
}

/// Makes `p` the address of load or store `i`.
fn set_addr(f: &mut Function, i: crate::ir::Inst, p: Value) {
    match &mut f.insts[i.index()].kind {
        InstKind::Load { addr, .. } | InstKind::Store { addr, .. } => *addr = p,
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module, run_on_all};

    /// A 4×4 matrix of `i32` holding `m[r][c] = 4r + c`; `col(n, j, k0,
    /// s)` sums `m[k][j]` for `k = k0, k0 + s, … < n`, its address
    /// `@m + (k·n + j)·4`: coefficient `4n`, not a constant. By hand, column
    /// 2 from row 0 step 1: 2 + 6 + 10 + 14 = 32; column 1 from row 1 step
    /// 2: 5 + 13 = 18. The loop's multiply by `n` is gone after the pass.
    /// A row walk (`m[j][k]`, stride 4, a constant) is left alone.
    #[test]
    fn column_walks_become_pointer_increments() {
        let words: String = (0..16).map(|v| format!("{v:02x}000000")).collect();
        let text = |idx: &str, k0: i32, s: i32, j: i32| {
            format!(
                "global @m size 64 align 4 init {words}
func @col(i32 %n, i32 %j, i32 %k0, i32 %st) -> i32 {{
b0:
  %base = global_addr @m
  %zero = iconst.i32 0
  %four = iconst.i32 4
  jump b1
b1:
  %k = phi.i32 [b0: %k0], [b1: %k2]
  %s = phi.i32 [b0: %zero], [b1: %s2]
{idx}
  %off = mul.i32 %idx, %four
  %a = add.i32 %base, %off
  %v = load.i32 %a
  %s2 = add.i32 %s, %v
  %two = iconst.i32 {s}
  %k2 = add.i32 %k, %two
  %c = icmp.slt.i32 %k2, %n
  br %c, b1, b2
b2:
  ret %s2
}}
func @main() -> i32 {{
b0:
  %n = iconst.i32 4
  %j = iconst.i32 {j}
  %k0 = iconst.i32 {k0}
  %st = iconst.i32 {s}
  %r = call.i32 @col(%n, %j, %k0, %st)
  ret %r
}}
"
            )
        };
        let column = "  %kn = mul.i32 %k, %n\n  %idx = add.i32 %kn, %j";
        let row = "  %jn = mul.i32 %j, %n\n  %idx = add.i32 %jn, %k";
        for (idx, k0, s, j, want, reduced) in [
            (column, 0, 1, 2, 32, 1),
            (column, 1, 2, 1, 18, 1),
            // row 2: 8 + 9 + 10 + 11
            (row, 0, 1, 2, 38, 0),
        ] {
            let mut m = module(&text(idx, k0, s, j));
            assert_eq!(exit_code(&m), want, "before");
            let st = run_on_all(&mut m, run);
            assert_eq!(st.get("addresses reduced"), reduced);
            assert_eq!(exit_code(&m), want, "after");
            if reduced == 1 {
                // the load reads the new φ
                let f = &m.functions[0];
                let load_addr = f.blocks[1]
                    .insts
                    .iter()
                    .find_map(|&i| match f.insts[i.index()].kind {
                        InstKind::Load { addr, .. } => Some(addr),
                        _ => None,
                    })
                    .unwrap();
                let ValueDef::Inst(d) = f.values[load_addr.index()].def else {
                    panic!("a parameter")
                };
                assert!(matches!(f.insts[d.index()].kind, InstKind::Phi { .. }));
            }
        }
    }
}
