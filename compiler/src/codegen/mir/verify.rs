//! Machine-IR verifier (docs/src/design/architecture.md §4; SSA book §17.1.5, §3.2 and §17.1).
//!
//! [`check_operands`], at every stage of the back end: each ST200 operation
//! is the `isa` table entry of its operands' kinds (ISA-ST200 §3.3).
//!
//! [`verify()`] checks, on the output of [`crate::codegen::isel::select_with`] in SSA mode and of
//! any pass that keeps machine SSA:
//! - the pin table: only virtual registers are pinned, each to a physical
//!   register of its own class (Rastello, de Ferrière and Guillon 2005
//!   §2.1: a pin is a resource attached to a variable);
//! - single definition: every virtual register that appears is defined by
//!   exactly one operation (explicit or implicit definition);
//! - no operand defines a physical register (only calls do, implicitly:
//!   their clobbers); physical registers read are `$r0`, `$r12` (the stack
//!   pointer stays out of SSA, S2 17.1.3), or the source of a `pcopy` whose
//!   destination is pinned to that same register (the "input" definition
//!   of an incoming register at entry);
//! - `phi`s come first in their block, have the shape
//!   `[R(dst), Label(p0), R(s0), …]` with virtual registers of one class,
//!   and exactly one operand per machine predecessor (SSA book §17.1.5);
//! - `pcopy` shape: `[R(d0..dn-1), R(s0..sn-1)]`, n ≥ 1, destinations
//!   distinct virtual registers, each source of its destination's class;
//! - dominance: every use is dominated by its definition (same block:
//!   strictly earlier; a `phi` operand is used at the end of its
//!   predecessor). Uses in blocks unreachable from the entry, and `phi`
//!   operands coming from them, are not checked.

use super::*;
use crate::analysis::DomTree;

/// Class of a register operand (`None` for an out-of-range vreg).
fn class_of(mf: &MFunc, x: Reg) -> Option<Class> {
    mf.class(x)
}

/// Checks that every ST200 operation of `mf` is still the right table
/// entry for its operands (ISA-ST200 §3.3), at any stage of the back end:
/// as many operands as the entry's explicit operands, each of the slot's
/// kind ([`MFunc::kind`]: a register of the slot's file, an immediate, a
/// branch target), no `$r63` in a "nolink" destination (§1.2), branch
/// targets that are blocks of `mf`. Register allocation and frame layout
/// rewrite operands (virtual to physical registers of the same class,
/// frame addresses to constants) without changing their kind; this check
/// confirms it.
pub fn check_operands(mf: &MFunc) -> Result<(), String> {
    for (b, block) in mf.blocks.iter().enumerate() {
        for i in &block.insts {
            let Some(info) = i.info() else { continue };
            let err = |m: String| {
                Err(format!(
                    "{}: block {b}: `{}` {:?} ({}): {m}",
                    mf.name, i.op, i.ops, info.name
                ))
            };
            if i.is(opc::IGOTO) && !i.ops.is_empty() {
                // a jump table: `[Table(n), Label(t0), …]` (MInst::igoto)
                match i.jump_table() {
                    Some((_, t)) if !t.is_empty() => {
                        if let Some(l) = t.iter().find(|l| l.index() >= mf.blocks.len()) {
                            return err(format!("jump table to unknown block {}", l.index()));
                        }
                    }
                    _ => return err("a jump table is `[Table(n), Label…]`".into()),
                }
                continue;
            }
            let n = info.explicit_operands().count();
            if i.ops.len() != n {
                return err(format!("{} operands, the entry has {n}", i.ops.len()));
            }
            for (k, (spec, o)) in info.explicit_operands().zip(&i.ops).enumerate() {
                let kind = mf.kind(o);
                let fits = match spec.kind {
                    OperandKind::GrNoLink => {
                        kind == Some(OperandKind::Gr) && *o != Opnd::R(Reg::LINK)
                    }
                    sk => kind == Some(sk),
                };
                if !fits {
                    return err(format!(
                        "operand {k} is {o:?} of kind {kind:?}, the entry wants {:?}",
                        spec.kind
                    ));
                }
                if let Opnd::Label(l) = o {
                    if l.index() >= mf.blocks.len() {
                        return err(format!("branch to unknown block {}", l.index()));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Checks the machine-SSA properties listed in the module documentation,
/// and the operands of every operation ([`check_operands`]).
/// Returns the first violation found, naming the block and register.
pub fn verify(mf: &MFunc) -> Result<(), String> {
    check_operands(mf)?;
    let nv = mf.vclass.len();
    let err = |m: String| Err(format!("{}: machine SSA: {m}", mf.name));
    // pins
    if mf.pin.len() > nv {
        return err(format!(
            "pin table has {} entries for {nv} vregs",
            mf.pin.len()
        ));
    }
    for (v, p) in mf.pin.iter().enumerate() {
        match p {
            None => {}
            Some(Reg::V(_)) => return err(format!("%v{v} is pinned to a virtual register")),
            Some(p) if class_of(mf, *p) != Some(mf.vclass[v]) => {
                return err(format!("%v{v} is pinned to {p:?} of another class"))
            }
            Some(_) => {}
        }
    }
    // definitions: (block, index) of each vreg's definition
    let mut def: Vec<Option<(MBlockId, usize)>> = vec![None; nv];
    let mut mentioned = vec![false; nv];
    let cfg = Cfg::new(mf);
    for &bid in &mf.order {
        let b = bid.index();
        let mut phis_done = false;
        for (k, i) in mf.blocks[b].insts.iter().enumerate() {
            for o in &i.ops {
                if let Opnd::R(Reg::V(v)) = o {
                    if v.index() >= nv {
                        return err(format!("block {b}: unknown register {v}"));
                    }
                }
            }
            for x in i.imp_uses.iter().chain(&i.imp_defs) {
                if let Reg::V(v) = x {
                    if v.index() >= nv {
                        return err(format!("block {b}: unknown register {v}"));
                    }
                }
            }
            // definitions
            let implicit = i.imp_defs.len();
            let defs = i.defs();
            let nexplicit = defs.len() - implicit;
            for (j, d) in defs.iter().enumerate() {
                match *d {
                    Reg::V(v) => {
                        let v = v.index();
                        mentioned[v] = true;
                        if def[v].is_some() {
                            return err(format!("%v{v} is defined twice (again in block {b})"));
                        }
                        def[v] = Some((bid, k));
                    }
                    p if j < nexplicit => {
                        return err(format!(
                            "block {b}: `{}` defines physical register {p:?}",
                            i.op
                        ))
                    }
                    p if !i.is_call() && !i.is_asm() => {
                        return err(format!(
                            "block {b}: `{}` implicitly defines physical register {p:?}",
                            i.op
                        ))
                    }
                    _ => {}
                }
            }
            for u in i.uses() {
                if let Reg::V(v) = u {
                    mentioned[v.index()] = true;
                }
            }
            // shapes
            match i.op {
                MOp::Phi => {
                    if phis_done {
                        return err(format!("block {b}: phi after a non-phi operation"));
                    }
                    check_phi(mf, i, cfg.preds(bid)).or_else(|m| err(format!("block {b}: {m}")))?;
                }
                MOp::PCopy => {
                    phis_done = true;
                    check_pcopy(mf, i).or_else(|m| err(format!("block {b}: {m}")))?;
                }
                MOp::Psi => {
                    phis_done = true;
                    check_psi(mf, i).or_else(|m| err(format!("block {b}: {m}")))?;
                }
                MOp::Asm { .. } => phis_done = true,
                MOp::Isa(_) => {
                    phis_done = true;
                    for u in i.uses() {
                        if !matches!(u, Reg::V(_)) && u != Reg::ZERO && u != Reg::SP {
                            return err(format!(
                                "block {b}: `{}` reads physical register {u:?}",
                                i.op
                            ));
                        }
                    }
                }
            }
        }
    }
    for v in 0..nv {
        if mentioned[v] && def[v].is_none() {
            return err(format!("%v{v} is used but never defined"));
        }
    }
    // psi: an argument's guard is contained in its definition's guard
    // (SSA book §14.1); the only guarded definitions are guarded copies
    for b in mf.order.iter().map(|b| b.index()) {
        for i in &mf.blocks[b].insts {
            let Some(args) = i.psi_args() else { continue };
            for a in args {
                let Reg::V(x) = a.value else { continue };
                let Some((db, di)) = def[x.index()] else {
                    continue;
                };
                let Some(def_args) = mf.block(db).insts[di].psi_args() else {
                    continue;
                };
                let [d] = def_args[..] else { continue };
                let mut o = crate::codegen::psi::predicate::Oracle::new();
                if let (Some(p), Some(q)) = (o.guard(a.guard), o.guard(d.guard)) {
                    if !p.implies(q) {
                        return err(format!(
                            "block {b}: psi argument {x} is guarded by {:?} but defined under {:?}, which does not contain it",
                            a.guard, d.guard
                        ));
                    }
                }
            }
        }
    }
    // dominance (Cooper, Harvey and Kennedy's dominator tree of the
    // machine CFG from `mf.order[0]`)
    let dt = DomTree::new(mf.order.first().copied(), cfg.succ_lists());
    for &bid in &mf.order {
        if !dt.is_reachable(bid) {
            continue;
        }
        let b = bid.index();
        for (k, i) in mf.blocks[b].insts.iter().enumerate() {
            // (register, block of the use, position; usize::MAX = block end)
            let uses: Vec<(Reg, MBlockId, usize)> = if i.op == MOp::Phi {
                i.ops[1..]
                    .chunks(2)
                    .filter_map(|c| match c {
                        [Opnd::Label(p), Opnd::R(x)] => Some((*x, *p, usize::MAX)),
                        _ => None,
                    })
                    .collect()
            } else {
                i.uses().into_iter().map(|x| (x, bid, k)).collect()
            };
            for (x, ub, ui) in uses {
                let Reg::V(v) = x else { continue };
                if !dt.is_reachable(ub) {
                    continue;
                }
                let Some((db, di)) = def[v.index()] else {
                    continue;
                };
                let ok = if db == ub {
                    di < ui
                } else {
                    dt.dominates(db, ub)
                };
                if !ok {
                    return err(format!(
                        "the definition of {v} (block {}) does not dominate its use in block {b}{}",
                        db.index(),
                        if ui == usize::MAX {
                            format!(" (phi operand from block {})", ub.index())
                        } else {
                            String::new()
                        }
                    ));
                }
            }
        }
    }
    Ok(())
}

/// `phi` shape and arity against the block's machine predecessors.
fn check_phi(mf: &MFunc, i: &MInst, preds: &[MBlockId]) -> Result<(), String> {
    let Some(Opnd::R(Reg::V(d))) = i.ops.first() else {
        return Err("phi destination is not a virtual register".into());
    };
    let dc = mf.vclass[d.index()];
    if i.ops.len().is_multiple_of(2) {
        return Err(format!("phi {d}: odd operand list"));
    }
    let mut labels = vec![];
    for c in i.ops[1..].chunks(2) {
        match c {
            [Opnd::Label(p), Opnd::R(Reg::V(s))] => {
                if mf.vclass[s.index()] != dc {
                    return Err(format!("phi {d}: operand {s} of another class"));
                }
                if labels.contains(p) {
                    return Err(format!("phi {d}: predecessor {} listed twice", p.0));
                }
                labels.push(*p);
            }
            _ => return Err(format!("phi {d}: operands are not (label, vreg) pairs")),
        }
    }
    let mut a = labels.clone();
    a.sort_unstable();
    let mut p = preds.to_vec();
    p.sort_unstable();
    if a != p {
        return Err(format!(
            "phi {d} has operands for blocks {labels:?}, machine predecessors are {preds:?}"
        ));
    }
    Ok(())
}

/// `psi` shape ([`MOp::Psi`]): a GR virtual destination, at least one
/// argument, each a GR virtual value guarded by `true` or by a BR virtual
/// register. The rule "an argument's guard is contained in the guard of
/// its definition" (SSA book 14.1) is checked in [`verify`] against the
/// guarded copies (one-argument psis), the only guarded definitions of
/// this back end; dominance of the arguments and guards is checked with
/// every other use.
fn check_psi(mf: &MFunc, i: &MInst) -> Result<(), String> {
    let Some(Opnd::R(Reg::V(d))) = i.ops.first() else {
        return Err("psi destination is not a virtual register".into());
    };
    if mf.vclass[d.index()] != Class::Gr {
        return Err(format!("psi {d}: destination is not a general register"));
    }
    let args = i
        .psi_args()
        .filter(|a| !a.is_empty())
        .ok_or_else(|| format!("psi {d}: operands are not (guard, polarity, value) triples"))?;
    for a in args {
        match a.value {
            Reg::V(v) if mf.vclass[v.index()] == Class::Gr => {}
            x => {
                return Err(format!(
                    "psi {d}: argument {x:?} is not a GR virtual register"
                ))
            }
        }
        match a.guard.reg() {
            None => {}
            Some(Reg::V(g)) if mf.vclass[g.index()] == Class::Br => {}
            Some(x) => return Err(format!("psi {d}: guard {x:?} is not a BR virtual register")),
        }
    }
    Ok(())
}

/// `pcopy` shape: n destinations (distinct vregs) then n sources.
fn check_pcopy(mf: &MFunc, i: &MInst) -> Result<(), String> {
    let n = i.ops.len() / 2;
    if n == 0 || !i.ops.len().is_multiple_of(2) {
        return Err("pcopy needs n destinations and n sources, n >= 1".into());
    }
    let mut seen = vec![];
    for k in 0..n {
        let (Opnd::R(d), Opnd::R(s)) = (&i.ops[k], &i.ops[n + k]) else {
            return Err("pcopy operand is not a register".into());
        };
        let Reg::V(dv) = *d else {
            return Err(format!("pcopy destination {d:?} is not a virtual register"));
        };
        if seen.contains(&dv) {
            return Err(format!("pcopy writes {dv} twice"));
        }
        seen.push(dv);
        if class_of(mf, *s) != Some(mf.vclass[dv.index()]) {
            return Err(format!("pcopy {dv} = {s:?}: classes differ"));
        }
        match *s {
            Reg::V(_) | Reg::ZERO => {}
            p if mf.pinned(dv) == Some(p) => {}
            p => {
                return Err(format!(
                    "pcopy {dv} = {p:?}: a physical source must be $r0 or the register the destination is pinned to"
                ))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A function with virtual registers `0..nv` (GRs, but those in `brs`)
    /// and the blocks `build` makes with it.
    fn func(nv: usize, brs: &[u32], build: impl FnOnce(&MFunc) -> Vec<Vec<MInst>>) -> MFunc {
        let mut f = MFunc {
            asm: vec![],
            align: 0,
            name: "t".into(),
            global: true,
            order: vec![],
            blocks: vec![],
            vclass: (0..nv as u32)
                .map(|v| {
                    if brs.contains(&v) {
                        Class::Br
                    } else {
                        Class::Gr
                    }
                })
                .collect(),
            objs: vec![],
            out_args: 0,
            has_calls: false,
            variadic: false,
            pin: vec![],
            loc: None,
        };
        let blocks = build(&f);
        f.order = (0..blocks.len()).map(MBlockId::new).collect();
        f.blocks = blocks
            .into_iter()
            .map(|insts| MBlock {
                insts,
                cycles: None,
            })
            .collect();
        f
    }
    fn v(n: u32) -> Opnd {
        r(Reg::V(VReg(n)))
    }
    fn ret() -> MInst {
        MInst::new(opc::RETURN, vec![])
    }

    /// The psi rule of SSA book §14.1: a guarded copy `a' = psi(p?a)` may be
    /// a psi argument under `p` (or a smaller guard), not under an
    /// independent `q`, nor under `true`.
    #[test]
    fn psi_argument_guard_within_its_definition() {
        let text = |guard: &str| {
            format!(
                "function @f global\nvregs 8 br %v2 %v3\norder B0\nB0:\n  add %v0 = $r0, 1\n  add %v1 = $r0, 2\n  cmplt %v2 = %v0, %v1\n  cmplt %v3 = %v1, %v0\n  psi %v4 = %v2?%v1\n  psi %v5 = %v0, {guard}%v4\n  return $r63 uses(%v5)\n"
            )
        };
        let check = |g: &str| verify(&parse::function(&text(g)).unwrap());
        assert_eq!(check("%v2?"), Ok(()));
        for bad in ["%v3?", "!%v2?", ""] {
            let e = check(bad).unwrap_err();
            assert!(e.contains("does not contain it"), "{bad}: {e}");
        }
    }

    /// Hand-made loop in machine SSA (the T57 shape, SSA book 19.1–19.2, Fig. 19.5, example T57):
    /// B0: x1 = 1; B1: x2 = phi(B0: x1, B1: x3); x3 = x2 + 1; br c, B1;
    /// B2: return. It verifies.
    fn loop_ok() -> MFunc {
        func(4, &[3], |f| {
            vec![
                vec![f.inst("mov", vec![v(0), Opnd::Imm(1)])],
                vec![
                    MInst::phi(vec![
                        v(1),
                        Opnd::Label(MBlockId(0)),
                        v(0),
                        Opnd::Label(MBlockId(1)),
                        v(2),
                    ]),
                    f.inst("add", vec![v(2), v(1), Opnd::Imm(1)]),
                    f.inst("cmplt", vec![v(3), v(2), Opnd::Imm(10)]),
                    f.inst("br", vec![v(3), Opnd::Label(MBlockId(1))]),
                ],
                vec![ret()],
            ]
        })
    }

    #[test]
    fn accepts_a_loop_with_a_phi() {
        let f = loop_ok();
        assert_eq!(f.blocks[1].insts[2].info().unwrap().name, "cmplt_b_i");
        verify(&f).unwrap();
    }

    /// SSA book 19.1, Fig. 19.2/19.3, example T62, duplicated edge: `B0: br c, B1` falling into B1
    /// too, with `a3 = phi(B0: a1, B0: b)`, a1 ≠ b. Copies at the end of
    /// B0 cannot give a3 two values, so the form is rejected; the machine
    /// CFG lists each successor once, so a phi has one operand per
    /// predecessor block.
    #[test]
    fn t62_duplicated_edge_is_rejected() {
        let f = func(4, &[3], |f| {
            vec![
                vec![
                    f.inst("mov", vec![v(0), Opnd::Imm(1)]),
                    f.inst("mov", vec![v(1), Opnd::Imm(2)]),
                    f.inst("cmplt", vec![v(3), v(0), v(1)]),
                    f.inst("br", vec![v(3), Opnd::Label(MBlockId(1))]),
                ],
                vec![
                    MInst::phi(vec![
                        v(2),
                        Opnd::Label(MBlockId(0)),
                        v(0),
                        Opnd::Label(MBlockId(0)),
                        v(1),
                    ]),
                    ret(),
                ],
            ]
        });
        assert_eq!(Cfg::new(&f).succs(MBlockId(0)), [MBlockId(1)]);
        let e = verify(&f).unwrap_err();
        assert!(e.contains("predecessor 0 listed twice"), "{e}");
    }

    #[test]
    fn rejects_a_double_definition() {
        let mut f = loop_ok();
        // x3 defined a second time in B1
        let again = f.inst("add", vec![v(2), v(2), Opnd::Imm(1)]);
        f.blocks[1].insts.insert(2, again);
        let e = verify(&f).unwrap_err();
        assert!(e.contains("defined twice"), "{e}");
    }

    #[test]
    fn rejects_a_use_not_dominated_by_its_definition() {
        // B0: br c, B2; B1: y = 1; B2: return y   (B1 does not dominate B2)
        let f = func(2, &[0], |f| {
            vec![
                vec![
                    f.inst("cmplt", vec![v(0), r(Reg::G(0)), Opnd::Imm(1)]),
                    f.inst("br", vec![v(0), Opnd::Label(MBlockId(2))]),
                ],
                vec![f.inst("mov", vec![v(1), Opnd::Imm(1)])],
                vec![
                    f.inst("stw", vec![Opnd::Imm(0), r(Reg::G(12)), v(1)]),
                    ret(),
                ],
            ]
        });
        let e = verify(&f).unwrap_err();
        assert!(e.contains("does not dominate"), "{e}");
        // a use before its definition in the same block is rejected too
        let mut g = loop_ok();
        g.blocks[1].insts.swap(1, 2);
        let e = verify(&g).unwrap_err();
        assert!(e.contains("does not dominate"), "{e}");
    }

    #[test]
    fn rejects_a_phi_operand_not_available_at_the_end_of_its_predecessor() {
        // phi(B0: x3, …) where x3 is defined in B1: B1 does not dominate B0
        let mut f = loop_ok();
        f.blocks[1].insts[0].ops[2] = v(2);
        let e = verify(&f).unwrap_err();
        assert!(e.contains("phi operand from block 0"), "{e}");
    }

    #[test]
    fn rejects_bad_phi_arity_and_placement() {
        let mut f = loop_ok();
        f.blocks[1].insts[0].ops.truncate(3);
        let e = verify(&f).unwrap_err();
        assert!(e.contains("machine predecessors"), "{e}");
        let mut g = loop_ok();
        g.blocks[1].insts.swap(0, 1);
        let e = verify(&g).unwrap_err();
        assert!(e.contains("phi after"), "{e}");
    }

    #[test]
    fn pcopy_shape_and_pins() {
        // input copy of $r16 into a vreg pinned to $r16, then to an ordinary vreg
        let mk = |src: Reg| {
            let mut f = func(2, &[], |f| {
                vec![vec![
                    MInst::pcopy(vec![v(0), r(src)]),
                    MInst::pcopy(vec![v(1), v(0)]),
                    f.inst("stw", vec![Opnd::Imm(0), r(Reg::G(12)), v(1)]),
                    ret(),
                ]]
            });
            f.pin = vec![Some(Reg::G(16))];
            f
        };
        verify(&mk(Reg::G(16))).unwrap();
        let e = verify(&mk(Reg::G(17))).unwrap_err();
        assert!(e.contains("physical source"), "{e}");
        // two writes of one destination
        let mut f = mk(Reg::G(16));
        f.blocks[0].insts[1].ops = vec![v(1), v(1), v(0), v(0)];
        assert!(verify(&f).unwrap_err().contains("twice"));
        // a pin to a register of the other class
        let mut f = mk(Reg::G(16));
        f.pin = vec![Some(Reg::B(0))];
        assert!(verify(&f).unwrap_err().contains("another class"));
        // an ordinary operation may not write a physical register
        let mut f = mk(Reg::G(16));
        let mov = f.inst("mov", vec![r(Reg::G(16)), Opnd::Imm(3)]);
        f.blocks[0].insts.insert(0, mov);
        assert!(verify(&f).unwrap_err().contains("defines physical"));
    }

    #[test]
    fn operands_must_fit_the_chosen_entry() {
        let mut f = loop_ok();
        check_operands(&f).unwrap();
        // x3 becomes a GR: `cmplt_b_i` no longer fits its destination
        f.vclass[3] = Class::Gr;
        let e = check_operands(&f).unwrap_err();
        assert!(e.contains("cmplt_b_i") && e.contains("operand 0"), "{e}");
        // a register where the entry has an immediate
        let mut f = loop_ok();
        f.blocks[1].insts[1].ops[2] = v(1);
        let e = check_operands(&f).unwrap_err();
        assert!(e.contains("add_i") && e.contains("operand 2"), "{e}");
        // a missing operand
        let mut f = loop_ok();
        f.blocks[1].insts[1].ops.pop();
        assert!(check_operands(&f).unwrap_err().contains("2 operands"));
        // `$r63` as the destination of a multiply (§1.2)
        let f = func(1, &[], |f| {
            vec![vec![
                f.inst("mul32", vec![r(Reg::G(63)), v(0), Opnd::Imm(3)]),
                ret(),
            ]]
        });
        assert!(check_operands(&f).unwrap_err().contains("mul32_i"));
        // a branch to a block that does not exist
        let mut f = loop_ok();
        f.blocks[1].insts[3].ops[1] = Opnd::Label(MBlockId(7));
        assert!(check_operands(&f).unwrap_err().contains("unknown block 7"));
    }

    #[test]
    #[should_panic(expected = "no ST200 operation `mov`")]
    fn selection_fails_loudly() {
        // there is no BR-to-BR move (ISA-ST200 §4.9)
        func(2, &[0, 1], |f| vec![vec![f.inst("mov", vec![v(0), v(1)])]]);
    }
}
