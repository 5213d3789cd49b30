//! Psi insertion during renaming (SSA book §14.1, Fig. 14.3; example
//! T36): the construction of psi-SSA for the straight-line predicated code
//! of one block.
//!
//! The input block is not in SSA: a register may be defined more than
//! once, and a definition may be *guarded* — written only when its guard
//! holds. A guarded definition is a one-argument psi `psi x = p?y`, i.e.
//! `p? x = y` (the only guarded definitions of this back end: the ST231
//! predicates no other operation, so `p? x = op` is `t = op` speculated,
//! then `p? x = t`). The reading is sequential: each operation reads the
//! value its registers hold at that point, and a guarded definition whose
//! guard does not hold leaves its register unchanged.
//!
//! [`rename_block`] gives every definition a new version and every use the
//! current version of its register, like the renaming of SSA construction
//! (SSA book §3.1). A guarded definition does not kill the previous
//! version: after `p2? x = op` when x's current version x1 was defined
//! under p1, the psi `x3 = psi(p1?x1, p2?x2)` is inserted just after it
//! and x3 becomes the current version (T36: "ψ inserted", "op renamed",
//! "ψ renamed"), so later uses read x3. The guard of the previous version
//! is that of its definition: `true` for an unguarded one. When the
//! previous version is itself such a psi, its arguments are listed in its
//! place (psi-inlining, SSA book Fig. 14.4, SSA book Fig. 14.4, example T37): each of them
//! carries the guard of its own definition, so guards stay literals and a
//! chain of guarded definitions gives one psi of all of them in order, the
//! form of de Ferrière 2007 Fig. 2, example T34 (`x2 = psi(p?a1, !p?a2, q?a3)`).
//!
//! The version a register has at the start of the block (version 0) is
//! the register itself, when it is defined outside the block or read in
//! the block before its first definition there; a register has no version
//! before its first definition otherwise, and a first guarded definition
//! then starts with no psi. A definition keeps its register's name when
//! the register has no version yet (no other version can carry it); every
//! other definition gets a new virtual register of the same class and pin.

use crate::codegen::mir::*;
use crate::hash::{HashMap, HashSet};

/// The result of [`rename_block`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Renamed {
    /// Definitions given a new register.
    pub renamed: usize,
    /// Psis inserted after guarded definitions.
    pub psis: usize,
    /// The current version of every register defined in the block, at its
    /// end (for the uses after it, which the caller renames).
    pub live_out: HashMap<Reg, Reg>,
}

/// The guard of definition `i`: its guard if it is a guarded definition
/// (a one-argument psi), else `true`.
fn def_guard(i: &MInst) -> Guard {
    match i.psi_args().as_deref() {
        Some([a]) => a.guard,
        _ => Guard::True,
    }
}

/// Renames block `b` of `mf` into psi-SSA (module documentation). The
/// block is straight-line code (its terminators at the end read the
/// final versions); only virtual registers are renamed.
pub fn rename_block(mf: &mut MFunc, b: MBlockId) -> Renamed {
    let mut out = Renamed::default();
    // definitions outside the block, with their guards
    let mut outside: HashMap<Reg, Guard> = HashMap::default();
    for c in mf.block_ids().filter(|&c| c != b) {
        for i in &mf.block(c).insts {
            for d in i.defs() {
                outside.insert(d, def_guard(i));
            }
        }
    }
    // registers read in the block before their first definition there
    let mut defined: HashSet<Reg> = HashSet::default();
    let mut exposed: HashSet<Reg> = HashSet::default();
    for i in &mf.block(b).insts {
        for u in i.uses() {
            if !defined.contains(&u) {
                exposed.insert(u);
            }
        }
        defined.extend(i.defs());
    }
    // the current version of each register: its name, and the psi
    // arguments that make its value (each guarded by its definition's
    // guard)
    let mut cur: HashMap<Reg, (Reg, Vec<PsiArg>)> = HashMap::default();
    let version0 = |x: Reg| -> Option<(Reg, Vec<PsiArg>)> {
        let guard = match outside.get(&x) {
            Some(g) => *g,
            None if exposed.contains(&x) => Guard::True,
            None => return None,
        };
        Some((x, vec![PsiArg { guard, value: x }]))
    };
    let insts = std::mem::take(&mut mf.block_mut(b).insts);
    let mut new = Vec::with_capacity(insts.len());
    for mut i in insts {
        // uses read the current versions
        let current =
            |cur: &HashMap<Reg, (Reg, Vec<PsiArg>)>, x: Reg| cur.get(&x).map_or(x, |c| c.0);
        for (r, is_def) in i.regs_mut() {
            if !is_def {
                *r = current(&cur, *r);
            }
        }
        for r in i.imp_uses.iter_mut() {
            *r = current(&cur, *r);
        }
        // definitions get new versions
        let guard = def_guard(&i);
        let loc = i.loc;
        let mut psis = vec![];
        for (r, is_def) in i.regs_mut() {
            let x = *r;
            let Reg::V(v) = x else { continue };
            if !is_def {
                continue;
            }
            let prev = cur.get(&x).cloned().or_else(|| version0(x));
            let name = if prev.is_none() {
                x
            } else {
                out.renamed += 1;
                let class = mf.vclass[v.index()];
                match mf.pinned(v) {
                    Some(p) => mf.pinned_vreg(class, p),
                    None => mf.vreg(class),
                }
            };
            *r = name;
            let this = PsiArg { guard, value: name };
            match (guard, prev) {
                (Guard::If(_) | Guard::IfNot(_), Some((_, mut args))) => {
                    // a guarded definition does not kill the previous
                    // version: x_new = psi(previous arguments, g?x_def)
                    args.push(this);
                    let class = mf.vclass[v.index()];
                    let merged = mf.vreg(class);
                    psis.push(MInst {
                        loc,
                        ..MInst::psi(merged, &args)
                    });
                    out.psis += 1;
                    cur.insert(x, (merged, args));
                }
                _ => {
                    cur.insert(x, (name, vec![this]));
                }
            }
        }
        new.push(i);
        new.extend(psis);
    }
    mf.block_mut(b).insts = new;
    out.live_out = cur.into_iter().map(|(x, (v, _))| (x, v)).collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::interp::run_with_memory;
    use crate::codegen::mir::{parse, print, verify};
    use crate::codegen::Lcg;

    fn block_text(f: &MFunc) -> Vec<String> {
        f.blocks[0].insts.iter().map(print::inst).collect()
    }

    /// Example T36 (SSA book §14.1, Fig. 14.3): `p1? x = op1` then
    /// `p2? x = op`, where op1 = a + 1 and op = a + 2 are speculated into
    /// t1, t2 (%v6, %v8) and each guarded definition is a guarded copy
    /// (`psi %v7 = %v2?%v6` is `p1? x = t1`). The renaming gives, by hand:
    /// x1 keeps the name %v7 (x has no version before it); `p2? x2 = op`
    /// is renamed to the new %v10; the psi `x3 = psi(p1?x1, p2?x2)` is
    /// inserted just after it as %v11 and becomes the current version: the
    /// later use `y = x + 10` reads %v11. The result is machine SSA, and
    /// by execution for the four (p1, p2): y = a + 12 when p2, a + 11 when
    /// p1 only, and x undefined (the run fails reading it) when neither.
    #[test]
    fn t36_psi_inserted_during_renaming() {
        let text = "function @t36 global\nvregs 10 br %v2 %v3\npins %v1=$r16 %v4=$r17 %v5=$r18 %v9=$r16\norder B0\nB0:\n\
  pcopy %v1, %v4, %v5 = $r16, $r17, $r18\n  cmpne %v2 = %v4, 0\n  cmpne %v3 = %v5, 0\n  add %v6 = %v1, 1\n  psi %v7 = %v2?%v6\n\
  add %v8 = %v1, 2\n  psi %v7 = %v3?%v8\n  add %v0 = %v7, 10\n  pcopy %v9 = %v0\n  return $r63 uses(%v9)\n";
        let mut f = parse::function(text).unwrap();
        assert!(verify::verify(&f).is_err(), "the input is not in SSA");
        let r = rename_block(&mut f, MBlockId(0));
        verify::verify(&f).unwrap_or_else(|e| panic!("{e}\n{}", print::function(&f)));
        assert_eq!(
            block_text(&f),
            [
                "pcopy %v1, %v4, %v5 = $r16, $r17, $r18",
                "cmpne %v2 = %v4, 0",
                "cmpne %v3 = %v5, 0",
                "add %v6 = %v1, 1",
                "psi %v7 = %v2?%v6",
                "add %v8 = %v1, 2",
                "psi %v10 = %v3?%v8",
                "psi %v11 = %v2?%v7, %v3?%v10",
                "add %v0 = %v11, 10",
                "pcopy %v9 = %v0",
                "return $r63 uses(%v9)"
            ]
        );
        assert_eq!((r.renamed, r.psis), (1, 1));
        assert_eq!(r.live_out[&Reg::V(VReg(7))], Reg::V(VReg(11)));
        for a in [-4i64, 0, 9] {
            for (p1, p2) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let inputs = [(Reg::G(16), a), (Reg::G(17), p1), (Reg::G(18), p2)];
                let got = run_with_memory(&f, &inputs).map(|x| x.0);
                let want = match (p1, p2) {
                    (_, 1) => Some(a + 12),
                    (1, _) => Some(a + 11),
                    _ => None,
                };
                match want {
                    Some(w) => assert_eq!(got, Ok(w), "a={a} p1={p1} p2={p2}"),
                    None => assert!(got.is_err(), "a={a}: x has no value"),
                }
            }
        }
    }

    /// Example T34 (S0 Fig. 2) built by renaming: `p? x = 1; !p? x =
    /// −1; q? x = 0` gives, by hand, x1 = psi(p?a1, !p?a2) after the
    /// second definition and x2 = psi(p?a1, !p?a2, q?a3) after the third
    /// (the previous psi's arguments inlined, each with its definition's
    /// guard), where a1 keeps the name %v7 and a2, a3 are new.
    #[test]
    fn t34_chain_of_guarded_definitions() {
        let text = "function @t34 global\nvregs 10 br %v2 %v3\npins %v4=$r17 %v5=$r18 %v9=$r16\norder B0\nB0:\n\
  pcopy %v4, %v5 = $r17, $r18\n  cmpne %v2 = %v4, 0\n  cmpne %v3 = %v5, 0\n  mov %v1 = 1\n  psi %v7 = %v2?%v1\n\
  mov %v6 = -1\n  psi %v7 = !%v2?%v6\n  mov %v8 = 0\n  psi %v7 = %v3?%v8\n  pcopy %v9 = %v7\n  return $r63 uses(%v9)\n";
        let mut f = parse::function(text).unwrap();
        let r = rename_block(&mut f, MBlockId(0));
        verify::verify(&f).unwrap_or_else(|e| panic!("{e}\n{}", print::function(&f)));
        let t = block_text(&f);
        assert_eq!(
            t[4..11],
            [
                "psi %v7 = %v2?%v1",
                "mov %v6 = -1",
                "psi %v10 = !%v2?%v6",
                "psi %v11 = %v2?%v7, !%v2?%v10",
                "mov %v8 = 0",
                "psi %v12 = %v3?%v8",
                "psi %v13 = %v2?%v7, !%v2?%v10, %v3?%v12",
            ]
        );
        assert_eq!(t[11], "pcopy %v9 = %v13");
        assert_eq!((r.renamed, r.psis), (2, 2));
        // the rightmost argument whose guard holds: q=1 gives 0; p=1,q=0
        // gives 1; p=0,q=0 gives -1
        for (p, q, want) in [(1, 1, 0), (0, 1, 0), (1, 0, 1), (0, 0, -1)] {
            let inputs = [(Reg::G(17), p), (Reg::G(18), q)];
            assert_eq!(run_with_memory(&f, &inputs).unwrap().0, want, "p={p} q={q}");
        }
    }

    /// One statement of a random predicated program over the names x0–x3
    /// (`%v10`–`%v13`) and the guards p0–p2 (`%v6`–`%v8`).
    #[derive(Clone, Debug)]
    enum Stmt {
        /// `x[d] = op(x[s], c)`, unguarded.
        Op(usize, &'static str, usize, i32),
        /// `g? x[d] = op(x[s], c)`: the operation speculated into a
        /// temporary (so it reads x[s] whatever the guard), then a guarded
        /// copy (guard k, polarity).
        Guarded(usize, &'static str, usize, i32, usize, bool),
        /// `p[k] = cmplt x[s], c` (a guard redefined).
        Guard(usize, usize, i32),
        /// `stw addr[$r0] = x[s]`.
        Store(i32, usize),
    }

    fn apply(op: &str, a: i32, c: i32) -> i32 {
        match op {
            "add" => a.wrapping_add(c),
            "xor" => a ^ c,
            "sh1add" => (a << 1).wrapping_add(c),
            _ => unreachable!(),
        }
    }

    /// The program executed directly, sequentially: a guarded definition
    /// writes only when its guard holds. `x` starts with the initial
    /// values (`None`: never written), `p` with the guard inputs. The
    /// words stored by address, or `None` if a statement read a name
    /// never written.
    fn direct(prog: &[Stmt], mut x: [Option<i32>; 4], mut p: [bool; 3]) -> Option<Vec<(i64, i64)>> {
        let mut mem = std::collections::BTreeMap::new();
        for s in prog {
            match *s {
                Stmt::Op(d, op, src, c) => x[d] = Some(apply(op, x[src]?, c)),
                Stmt::Guarded(d, op, src, c, k, pol) => {
                    // the operation is speculated: it reads x[src] always
                    let v = apply(op, x[src]?, c);
                    if p[k] == pol {
                        x[d] = Some(v);
                    }
                }
                Stmt::Guard(k, src, c) => p[k] = x[src]? < c,
                Stmt::Store(addr, src) => {
                    mem.insert(i64::from(addr), i64::from(x[src]?));
                }
            }
        }
        Some(mem.into_iter().collect())
    }

    /// The program as non-SSA machine IR: parameters a, b in `$r16`,
    /// `$r17` and the guard inputs in `$r18`–`$r20` (p_k = input ≠ 0);
    /// `init[d]` says whether x_d starts as a + d·b (else it is never
    /// written before the program's own definitions).
    fn to_mir(prog: &[Stmt], init: [bool; 4]) -> String {
        let mut t = String::from(
            "function @r global\nvregs 100 br %v6 %v7 %v8\npins %v1=$r16 %v2=$r17 %v3=$r18 %v4=$r19 %v5=$r20\norder B0\nB0:\n\
  pcopy %v1, %v2, %v3, %v4, %v5 = $r16, $r17, $r18, $r19, $r20\n  cmpne %v6 = %v3, 0\n  cmpne %v7 = %v4, 0\n  cmpne %v8 = %v5, 0\n",
        );
        for (d, on) in init.iter().enumerate() {
            if *on {
                t.push_str(&format!(
                    "  mul32 %v{} = %v2, {d}\n  add %v1{d} = %v1, %v{}\n",
                    20 + d,
                    20 + d
                ));
            }
        }
        let mut temp = 30;
        for s in prog {
            match *s {
                Stmt::Op(d, op, src, c) => t.push_str(&format!("  {op} %v1{d} = %v1{src}, {c}\n")),
                Stmt::Guarded(d, op, src, c, k, pol) => {
                    let not = if pol { "" } else { "!" };
                    t.push_str(&format!(
                        "  {op} %v{temp} = %v1{src}, {c}\n  psi %v1{d} = {not}%v{}?%v{temp}\n",
                        6 + k
                    ));
                    temp += 1;
                }
                Stmt::Guard(k, src, c) => {
                    t.push_str(&format!("  cmplt %v{} = %v1{src}, {c}\n", 6 + k))
                }
                Stmt::Store(addr, src) => t.push_str(&format!("  stw {addr}[$r0] = %v1{src}\n")),
            }
        }
        t.push_str("  return $r63\n");
        t
    }

    /// Random non-SSA predicated programs (guarded and unguarded
    /// definitions of four names, guards redefined, stores of the current
    /// values, some names never initialised) executed directly with
    /// sequential semantics equal, for all eight combinations of the
    /// three guard inputs and a few parameters, the renamed psi-SSA form
    /// run in the interpreter (same words stored; a run in which the
    /// direct execution reads a name never written is not compared). The
    /// renamed form is machine SSA.
    #[test]
    fn random_predicated_programs_rename_to_equivalent_psi_ssa() {
        let mut g = Lcg(36);
        let mut compared = 0;
        let mut psis = 0;
        for case in 0..300 {
            let ops = ["add", "xor", "sh1add"];
            let init = [g.below(5) > 0, g.below(5) > 0, true, g.below(5) > 0];
            // names read only once some definition of them comes first in
            // the text (else the SSA form would read a register that
            // nothing defines); a name defined only under a guard is read
            let mut written = init;
            let mut prog = vec![];
            for _ in 0..2 + g.below(12) {
                let (d, c) = (g.below(4), g.below(9) as i32 - 4);
                let src = loop {
                    let s = g.below(4);
                    if written[s] {
                        break s;
                    }
                };
                let op = ops[g.below(3)];
                prog.push(match g.below(8) {
                    0 | 1 => Stmt::Op(d, op, src, c),
                    2 => Stmt::Guard(g.below(3), src, c),
                    3 => Stmt::Store(4 * g.below(8) as i32, src),
                    _ => Stmt::Guarded(d, op, src, c, g.below(3), g.below(2) == 0),
                });
                if let Stmt::Op(d, ..) | Stmt::Guarded(d, ..) = prog[prog.len() - 1] {
                    written[d] = true;
                }
            }
            for (s, w) in written.iter().enumerate() {
                if *w {
                    prog.push(Stmt::Store(100 + 4 * s as i32, s));
                }
            }
            let text = to_mir(&prog, init);
            let mut f = parse::function(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            let r = rename_block(&mut f, MBlockId(0));
            psis += r.psis;
            verify::verify(&f)
                .unwrap_or_else(|e| panic!("case {case}: {e}\n{text}\n{}", print::function(&f)));
            for (a, b) in [(0i32, 1i32), (7, -3), (-100, 2)] {
                for bits in 0..8 {
                    let x0 = [0, 1, 2, 3]
                        .map(|d| init[d].then(|| a.wrapping_add(b.wrapping_mul(d as i32))));
                    let p = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0];
                    let want = direct(&prog, x0, p);
                    let inputs = [
                        (Reg::G(16), i64::from(a)),
                        (Reg::G(17), i64::from(b)),
                        (Reg::G(18), i64::from(p[0])),
                        (Reg::G(19), i64::from(p[1])),
                        (Reg::G(20), i64::from(p[2])),
                    ];
                    let got = run_with_memory(&f, &inputs).map(|x| x.1);
                    if let Some(w) = want {
                        compared += 1;
                        assert_eq!(
                            got,
                            Ok(w),
                            "case {case}, a={a} b={b} guards {bits:03b}:\n{prog:?}\n{text}\n{}",
                            print::function(&f)
                        );
                    }
                }
            }
        }
        assert!(compared > 300 * 12, "only {compared} runs compared");
        assert!(psis > 300, "only {psis} psis inserted");
    }
}
