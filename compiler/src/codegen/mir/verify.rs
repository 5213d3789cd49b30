//! Machine-SSA verifier (ARCHITECTURE.md §4; seed-digest P0 and P12).
//!
//! Checks, on the output of [`crate::codegen::isel::select_with`] in SSA mode and of
//! any pass that keeps machine SSA:
//! - the pin table: only virtual registers are pinned, each to a physical
//!   register of its own class (seed `out-of-ssa-renaming-constraints.txt`
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
//!   and exactly one operand per machine predecessor (S2 17.1.5, P0);
//! - `pcopy` shape: `[R(d0..dn-1), R(s0..sn-1)]`, n ≥ 1, destinations
//!   distinct virtual registers, each source of its destination's class;
//! - dominance: every use is dominated by its definition (same block:
//!   strictly earlier; a `phi` operand is used at the end of its
//!   predecessor). Uses in blocks unreachable from the entry, and `phi`
//!   operands coming from them, are not checked.

use super::*;

/// Class of a register operand (`None` for an out-of-range vreg).
fn class_of(mf: &MFunc, x: Reg) -> Option<Class> {
    match x {
        Reg::V(v) => mf.vclass.get(v as usize).copied(),
        Reg::G(_) => Some(Class::Gr),
        Reg::B(_) => Some(Class::Br),
    }
}

/// Machine predecessors of every block (over the blocks of `mf.order`),
/// each listed once.
pub fn predecessors(mf: &MFunc) -> Vec<Vec<usize>> {
    let mut preds = vec![vec![]; mf.blocks.len()];
    for &b in &mf.order {
        for s in mf.successors(b) {
            if s < preds.len() && !preds[s].contains(&b) {
                preds[s].push(b);
            }
        }
    }
    preds
}

/// Immediate dominators of the machine CFG (Cooper, Harvey and Kennedy's
/// iterative algorithm over a reverse postorder from `mf.order[0]`):
/// `idom[entry] == Some(entry)`, `None` for unreachable blocks.
pub fn dominators(mf: &MFunc) -> Vec<Option<usize>> {
    let nb = mf.blocks.len();
    let Some(&entry) = mf.order.first() else {
        return vec![None; nb];
    };
    let succs: Vec<Vec<usize>> = (0..nb)
        .map(|b| mf.successors(b).into_iter().filter(|&s| s < nb).collect())
        .collect();
    let dt = crate::analysis::DomTree::new(entry, &succs);
    (0..nb)
        .map(|b| if b == entry { Some(entry) } else { dt.idom(b) })
        .collect()
}

/// Checks the machine-SSA properties listed in the module documentation.
/// Returns the first violation found, naming the block and register.
pub fn verify(mf: &MFunc) -> Result<(), String> {
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
    let mut def: Vec<Option<(usize, usize)>> = vec![None; nv];
    let mut mentioned = vec![false; nv];
    let preds = predecessors(mf);
    for &b in &mf.order {
        let mut phis_done = false;
        for (k, i) in mf.blocks[b].insts.iter().enumerate() {
            for o in &i.ops {
                if let Opnd::R(Reg::V(v)) = o {
                    if *v as usize >= nv {
                        return err(format!("block {b}: unknown register %v{v}"));
                    }
                }
            }
            for x in i.imp_uses.iter().chain(&i.imp_defs) {
                if let Reg::V(v) = x {
                    if *v as usize >= nv {
                        return err(format!("block {b}: unknown register %v{v}"));
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
                        let v = v as usize;
                        mentioned[v] = true;
                        if def[v].is_some() {
                            return err(format!("%v{v} is defined twice (again in block {b})"));
                        }
                        def[v] = Some((b, k));
                    }
                    p if j < nexplicit => {
                        return err(format!(
                            "block {b}: `{}` defines physical register {p:?}",
                            i.op
                        ))
                    }
                    p if !matches!(i.form, Form::Call | Form::ICall) => {
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
                    mentioned[v as usize] = true;
                }
            }
            // shapes
            match i.form {
                Form::Phi => {
                    if phis_done {
                        return err(format!("block {b}: phi after a non-phi operation"));
                    }
                    check_phi(mf, i, &preds[b]).or_else(|m| err(format!("block {b}: {m}")))?;
                }
                Form::PCopy => {
                    phis_done = true;
                    check_pcopy(mf, i).or_else(|m| err(format!("block {b}: {m}")))?;
                }
                _ => {
                    phis_done = true;
                    for u in i.uses() {
                        if !matches!(u, Reg::V(_) | Reg::G(0) | Reg::G(12)) {
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
    // dominance
    let idom = dominators(mf);
    let dominates = |a: usize, mut b: usize| -> bool {
        loop {
            if a == b {
                return true;
            }
            match idom[b] {
                Some(p) if p != b => b = p,
                _ => return false,
            }
        }
    };
    for &b in &mf.order {
        if idom[b].is_none() {
            continue;
        }
        for (k, i) in mf.blocks[b].insts.iter().enumerate() {
            // (register, block of the use, position; usize::MAX = block end)
            let uses: Vec<(Reg, usize, usize)> = if i.form == Form::Phi {
                i.ops[1..]
                    .chunks(2)
                    .filter_map(|c| match c {
                        [Opnd::Label(p), Opnd::R(x)] => Some((*x, *p, usize::MAX)),
                        _ => None,
                    })
                    .collect()
            } else {
                i.uses().into_iter().map(|x| (x, b, k)).collect()
            };
            for (x, ub, ui) in uses {
                let Reg::V(v) = x else { continue };
                if ub >= idom.len() || idom[ub].is_none() {
                    continue;
                }
                let Some((db, di)) = def[v as usize] else {
                    continue;
                };
                let ok = if db == ub { di < ui } else { dominates(db, ub) };
                if !ok {
                    return err(format!(
                        "the definition of %v{v} (block {db}) does not dominate its use in block {b}{}",
                        if ui == usize::MAX {
                            format!(" (phi operand from block {ub})")
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
fn check_phi(mf: &MFunc, i: &MInst, preds: &[usize]) -> Result<(), String> {
    let Some(Opnd::R(Reg::V(d))) = i.ops.first() else {
        return Err("phi destination is not a virtual register".into());
    };
    let dc = mf.vclass[*d as usize];
    if i.ops.len().is_multiple_of(2) {
        return Err(format!("phi %v{d}: odd operand list"));
    }
    let mut labels = vec![];
    for c in i.ops[1..].chunks(2) {
        match c {
            [Opnd::Label(p), Opnd::R(Reg::V(s))] => {
                if mf.vclass[*s as usize] != dc {
                    return Err(format!("phi %v{d}: operand %v{s} of another class"));
                }
                if labels.contains(p) {
                    return Err(format!("phi %v{d}: predecessor {p} listed twice"));
                }
                labels.push(*p);
            }
            _ => return Err(format!("phi %v{d}: operands are not (label, vreg) pairs")),
        }
    }
    let mut a = labels.clone();
    a.sort_unstable();
    let mut p = preds.to_vec();
    p.sort_unstable();
    if a != p {
        return Err(format!(
            "phi %v{d} has operands for blocks {labels:?}, machine predecessors are {preds:?}"
        ));
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
            return Err(format!("pcopy writes %v{dv} twice"));
        }
        seen.push(dv);
        if class_of(mf, *s) != Some(mf.vclass[dv as usize]) {
            return Err(format!("pcopy %v{dv} = {s:?}: classes differ"));
        }
        match *s {
            Reg::V(_) | Reg::G(0) => {}
            p if mf.pinned(dv) == Some(p) => {}
            p => {
                return Err(format!(
                    "pcopy %v{dv} = {p:?}: a physical source must be $r0 or the register the destination is pinned to"
                ))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn func(blocks: Vec<Vec<MInst>>, nv: usize) -> MFunc {
        MFunc {
            name: "t".into(),
            global: true,
            order: (0..blocks.len()).collect(),
            blocks: blocks.into_iter().map(|insts| MBlock { insts }).collect(),
            vclass: vec![Class::Gr; nv],
            objs: vec![],
            out_args: 0,
            has_calls: false,
            variadic: false,
            pin: vec![],
        }
    }
    fn v(n: u32) -> Opnd {
        r(Reg::V(n))
    }
    fn ret() -> MInst {
        mi("return", Form::Ret, vec![])
    }

    /// Hand-made loop in machine SSA (the T57 shape, seed-digest T57):
    /// B0: x1 = 1; B1: x2 = phi(B0: x1, B1: x3); x3 = x2 + 1; br c, B1;
    /// B2: return. It verifies.
    fn loop_ok() -> MFunc {
        func(
            vec![
                vec![mi("mov", Form::Rr, vec![v(0), Opnd::Imm(1)])],
                vec![
                    mi(
                        "phi",
                        Form::Phi,
                        vec![v(1), Opnd::Label(0), v(0), Opnd::Label(1), v(2)],
                    ),
                    mi("add", Form::Rrr, vec![v(2), v(1), Opnd::Imm(1)]),
                    mi("cmplt", Form::Rrr, vec![v(3), v(2), Opnd::Imm(10)]),
                    mi("br", Form::Br, vec![v(3), Opnd::Label(1)]),
                ],
                vec![ret()],
            ],
            4,
        )
    }

    #[test]
    fn accepts_a_loop_with_a_phi() {
        let mut f = loop_ok();
        f.vclass[3] = Class::Br;
        verify(&f).unwrap();
    }

    /// seed-digest T62, duplicated edge: `B0: br c, B1` falling into B1
    /// too, with `a3 = phi(B0: a1, B0: b)`, a1 ≠ b. Copies at the end of
    /// B0 cannot give a3 two values, so the form is rejected; the machine
    /// CFG lists each successor once, so a phi has one operand per
    /// predecessor block.
    #[test]
    fn t62_duplicated_edge_is_rejected() {
        let mut f = func(
            vec![
                vec![
                    mi("mov", Form::Rr, vec![v(0), Opnd::Imm(1)]),
                    mi("mov", Form::Rr, vec![v(1), Opnd::Imm(2)]),
                    mi("cmplt", Form::Rrr, vec![v(3), v(0), v(1)]),
                    mi("br", Form::Br, vec![v(3), Opnd::Label(1)]),
                ],
                vec![
                    mi(
                        "phi",
                        Form::Phi,
                        vec![v(2), Opnd::Label(0), v(0), Opnd::Label(0), v(1)],
                    ),
                    ret(),
                ],
            ],
            4,
        );
        f.vclass[3] = Class::Br;
        assert_eq!(f.successors(0), vec![1]);
        let e = verify(&f).unwrap_err();
        assert!(e.contains("predecessor 0 listed twice"), "{e}");
    }

    #[test]
    fn rejects_a_double_definition() {
        let mut f = loop_ok();
        f.vclass[3] = Class::Br;
        // x3 defined a second time in B1
        f.blocks[1]
            .insts
            .insert(2, mi("add", Form::Rrr, vec![v(2), v(2), Opnd::Imm(1)]));
        let e = verify(&f).unwrap_err();
        assert!(e.contains("defined twice"), "{e}");
    }

    #[test]
    fn rejects_a_use_not_dominated_by_its_definition() {
        // B0: br c, B2; B1: y = 1; B2: return y   (B1 does not dominate B2)
        let mut f = func(
            vec![
                vec![
                    mi("cmplt", Form::Rrr, vec![v(0), r(Reg::G(0)), Opnd::Imm(1)]),
                    mi("br", Form::Br, vec![v(0), Opnd::Label(2)]),
                ],
                vec![mi("mov", Form::Rr, vec![v(1), Opnd::Imm(1)])],
                vec![
                    mi("stw", Form::Store, vec![Opnd::Imm(0), r(Reg::G(12)), v(1)]),
                    ret(),
                ],
            ],
            2,
        );
        f.vclass[0] = Class::Br;
        let e = verify(&f).unwrap_err();
        assert!(e.contains("does not dominate"), "{e}");
        // a use before its definition in the same block is rejected too
        let mut g = loop_ok();
        g.vclass[3] = Class::Br;
        g.blocks[1].insts.swap(1, 2);
        let e = verify(&g).unwrap_err();
        assert!(e.contains("does not dominate"), "{e}");
    }

    #[test]
    fn rejects_a_phi_operand_not_available_at_the_end_of_its_predecessor() {
        // phi(B0: x3, …) where x3 is defined in B1: B1 does not dominate B0
        let mut f = loop_ok();
        f.vclass[3] = Class::Br;
        f.blocks[1].insts[0].ops[2] = v(2);
        let e = verify(&f).unwrap_err();
        assert!(e.contains("phi operand from block 0"), "{e}");
    }

    #[test]
    fn rejects_bad_phi_arity_and_placement() {
        let mut f = loop_ok();
        f.vclass[3] = Class::Br;
        f.blocks[1].insts[0].ops.truncate(3);
        let e = verify(&f).unwrap_err();
        assert!(e.contains("machine predecessors"), "{e}");
        let mut g = loop_ok();
        g.vclass[3] = Class::Br;
        g.blocks[1].insts.swap(0, 1);
        let e = verify(&g).unwrap_err();
        assert!(e.contains("phi after"), "{e}");
    }

    #[test]
    fn pcopy_shape_and_pins() {
        // input copy of $r16 into a vreg pinned to $r16, then to an ordinary vreg
        let mk = |src: Reg| {
            let mut f = func(
                vec![vec![
                    mi("pcopy", Form::PCopy, vec![v(0), r(src)]),
                    mi("pcopy", Form::PCopy, vec![v(1), v(0)]),
                    mi("stw", Form::Store, vec![Opnd::Imm(0), r(Reg::G(12)), v(1)]),
                    ret(),
                ]],
                2,
            );
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
        f.blocks[0]
            .insts
            .insert(0, mi("mov", Form::Rr, vec![r(Reg::G(16)), Opnd::Imm(3)]));
        assert!(verify(&f).unwrap_err().contains("defines physical"));
    }
}
