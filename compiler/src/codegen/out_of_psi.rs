//! Translation out of psi-SSA (seed-digest P15; Stoutchinin and
//! de Ferrière, MICRO 2001; Bruel, "psi-SSA improvements", 2006; SSA book
//! chapter 14.4).
//!
//! Every psi the back end creates has arguments computed unconditionally
//! ([`super::if_convert`] speculates; the ST231 has no predicated
//! operation but `slct`), so a psi is its chain of selects (seed-digest
//! T48, SSA book Fig. 14.10): `x = psi(a1, p2?a2, …, pn?an)` becomes
//! `t2 = slct p2, a2, a1; …; x = slct pn, an, t(n-1)` in place, which
//! keeps machine SSA; the out-of-SSA translation then coalesces the
//! chain's values like any others. A constant argument (defined by `mov
//! r = imm`) goes into the immediate of `slct`/`slctf`; then the
//! operations without effect whose results nothing reads are deleted (the
//! constants' `mov`s, values speculated for nothing). The psi-normalize / psi-congruence
//! phases of the papers are needed once arguments carry guarded
//! definitions; they are not built yet.

use super::if_convert::select_chain;
use super::mir::*;
use std::collections::{HashMap, HashSet};

/// Counters of the translation (`lcc --stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Psi operations removed.
    pub psis: usize,
    /// `slct`/`slctf` operations created.
    pub selects: usize,
    /// Constants taken as a select's immediate.
    pub immediates: usize,
    /// Operations deleted because nothing read their results.
    pub dead_removed: usize,
    /// Selects between a compare's two operands turned into
    /// `max`/`min`/`maxu`/`minu`.
    pub min_max: usize,
}

/// Replaces every psi of `mf` by its select chain (module documentation).
pub fn lower(mf: &mut MFunc) -> Stats {
    let mut st = Stats::default();
    // SSA: each register has one definition; those by `mov r = imm`
    let mut constants: HashMap<Reg, i64> = HashMap::new();
    for b in &mf.blocks {
        for i in &b.insts {
            if let (true, [Opnd::R(d @ Reg::V(_)), Opnd::Imm(c)]) = (i.is(opc::MOV_I), &i.ops[..]) {
                constants.insert(*d, *c);
            }
        }
    }
    let constant = |x: Reg| constants.get(&x).copied();
    for b in mf.block_ids() {
        if !mf.block(b).insts.iter().any(|i| i.op == MOp::Psi) {
            continue;
        }
        let insts = std::mem::take(&mut mf.block_mut(b).insts);
        let mut out = Vec::with_capacity(insts.len());
        for i in insts {
            let Some(args) = i.psi_args().filter(|a| !a.is_empty()) else {
                out.push(i);
                continue;
            };
            st.psis += 1;
            let chain = select_chain(mf, i.ops[0].clone(), &args, &constant);
            for x in chain.iter().filter(|x| x.op != MOp::Isa(opc::MOV_R)) {
                st.selects += 1;
                if matches!(x.ops.last(), Some(Opnd::Imm(_))) {
                    st.immediates += 1;
                }
            }
            out.extend(chain.into_iter().map(|x| MInst { loc: i.loc, ..x }));
        }
        mf.block_mut(b).insts = out;
    }
    if st.psis > 0 {
        st.min_max = min_max(mf);
        st.dead_removed = delete_dead(mf);
    }
    st
}

/// Selects between the two operands of the compare that guards them are
/// `max`/`min` (`maxu`/`minu` for unsigned compares, ISA-ST200 §4.1): one
/// operation instead of a compare-to-select chain, and the compare dies
/// when nothing else reads it. With `p = u < w`: `p ? w : u` is `max(u,
/// w)` and `p ? u : w` is `min(u, w)`; `>` swaps them; `<=`/`>=` agree
/// with `<`/`>` except when `u = w`, where both operands are equal; and
/// `x < 0 ? 0 − x : x` is `max(x, 0 − x)`. The
/// machine IR is in SSA here (each register has one definition). Returns
/// how many selects were rewritten.
fn min_max(mf: &mut MFunc) -> usize {
    // compares into BRs: p → (signed?, less-than?, u, w)
    let mut cmps: HashMap<Reg, (bool, bool, Opnd, Opnd)> = HashMap::new();
    for b in &mf.blocks {
        for i in &b.insts {
            let Some(info) = i.info() else { continue };
            let (less, signed) = match info.mnemonic {
                "cmplt" | "cmple" => (true, true),
                "cmpltu" | "cmpleu" => (true, false),
                "cmpgt" | "cmpge" => (false, true),
                "cmpgtu" | "cmpgeu" => (false, false),
                _ => continue,
            };
            if let [Opnd::R(d @ Reg::V(_)), u @ Opnd::R(_), w] = &i.ops[..] {
                cmps.insert(*d, (signed, less, u.clone(), w.clone()));
            }
        }
    }
    // negations: r = 0 − x
    let mut negs: HashMap<Reg, Opnd> = HashMap::new();
    for b in &mf.blocks {
        for i in &b.insts {
            if i.info().is_some_and(|o| o.mnemonic == "sub") {
                if let [Opnd::R(d @ Reg::V(_)), Opnd::R(Reg::ZERO), x @ Opnd::R(_)] = &i.ops[..] {
                    negs.insert(*d, x.clone());
                }
            }
        }
    }
    let mut n = 0;
    for b in mf.block_ids() {
        for k in 0..mf.block(b).insts.len() {
            let i = &mf.block(b).insts[k];
            let Some(info) = i.info() else { continue };
            let on_false_first = match info.mnemonic {
                "slct" => false,
                "slctf" => true,
                _ => continue,
            };
            let [d, Opnd::R(p), x, y] = &i.ops[..] else {
                continue;
            };
            let Some((signed, less, u, w)) = cmps.get(p).cloned() else {
                continue;
            };
            // slct d = p, x, y: p ? x : y; slctf: p ? y : x
            let (on_true, on_false) = if on_false_first {
                (y.clone(), x.clone())
            } else {
                (x.clone(), y.clone())
            };
            // |x|: p = x < 0 (or 0 > x... as x < 0), p ? 0 − x : x is
            // max(x, 0 − x) (also for the most negative x, whose negation
            // is itself)
            let neg_of = |o: &Opnd| match o {
                Opnd::R(r) => negs.get(r).cloned(),
                _ => None,
            };
            if signed
                && less
                && (w == Opnd::Imm(0) || w == Opnd::R(Reg::ZERO))
                && neg_of(&on_true) == Some(u.clone())
                && on_false == u
            {
                let loc = i.loc;
                let new = mf.inst("max", vec![d.clone(), u, on_true]);
                mf.block_mut(b).insts[k] = MInst { loc, ..new };
                n += 1;
                continue;
            }
            // p ? w : u with p = u < w is max
            let picks_larger = if on_true == w && on_false == u {
                less
            } else if on_true == u && on_false == w {
                !less
            } else {
                continue;
            };
            let op = match (picks_larger, signed) {
                (true, true) => "max",
                (true, false) => "maxu",
                (false, true) => "min",
                (false, false) => "minu",
            };
            let loc = i.loc;
            let new = mf.inst(op, vec![d.clone(), u, w]);
            mf.block_mut(b).insts[k] = MInst { loc, ..new };
            n += 1;
        }
    }
    n
}

/// Deletes, until none is left, the operations without effect besides
/// their results ([`MInst::is_pure`]) whose results are virtual registers
/// no operation reads: the constants taken as immediates, and what
/// if-conversion speculated for nothing (an address both sides of a
/// diamond computed, of which one is kept). Returns how many.
fn delete_dead(mf: &mut MFunc) -> usize {
    let mut removed = 0;
    loop {
        let mut used: HashSet<Reg> = HashSet::new();
        for b in &mf.blocks {
            for i in &b.insts {
                used.extend(i.uses());
            }
        }
        let dead = |i: &MInst| {
            i.is_pure()
                && i.defs()
                    .iter()
                    .all(|d| matches!(d, Reg::V(_)) && !used.contains(d))
        };
        let before = removed;
        for b in mf.blocks.iter_mut() {
            let n = b.insts.len();
            b.insts.retain(|i| !dead(i));
            removed += n - b.insts.len();
        }
        if removed == before {
            return removed;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::if_convert::if_convert_with;
    use crate::codegen::mir::interp::run;
    use crate::codegen::mir::{parse, verify};
    use isa::model::ProcessorModel;

    /// The operations of `f` other than pseudo-operations, by mnemonic.
    fn mnemonics(f: &MFunc) -> Vec<&'static str> {
        f.blocks
            .iter()
            .flat_map(|b| &b.insts)
            .map(|i| i.op.mnemonic())
            .collect()
    }

    /// Seed-digest T35 (S0 Fig. 3; Bruel, psi-SSA improvements, 2006): the
    /// three encodings of `if (p) x = i + 1; else x = i + 2;` for an add
    /// the ST231 cannot predicate, with p = (c != 0) and i, c the
    /// parameters `$r16`, `$r17`:
    /// (a) the branchy diamond with a phi;
    /// (b) both adds speculated, then guarded copies `p? c = mov a; !p? d =
    ///     mov b` (one-argument psis) and `x = psi(p?c, !p?d)`;
    /// (c) both adds speculated and `x = psi(p?a, !p?b)`.
    /// By execution, for both values of p and several i (wrapping at the
    /// top of the 32-bit range), all three, (a) if-converted with and
    /// without promotion, and (b) and (c) lowered, give the value derived
    /// by hand, `p ? i + 1 : i + 2`. Lowered, (c) is one select and (b)
    /// two copies and a select.
    #[test]
    fn t35_three_encodings_compute_the_same() {
        let head = "vregs 10 br %v3\npins %v1=$r16 %v2=$r17 %v9=$r16\n";
        let a = format!(
            "function @a global\n{head}order B0 B1 B2 B3\nB0:\n  pcopy %v1, %v2 = $r16, $r17\n  cmpne %v3 = %v2, 0\n  brf %v3, B2\n\
B1:\n  add %v4 = %v1, 1\n  goto B3\nB2:\n  add %v5 = %v1, 2\nB3:\n  phi %v8 = [B1, %v4], [B2, %v5]\n  pcopy %v9 = %v8\n  return $r63 uses(%v9)\n"
        );
        let b = format!(
            "function @b global\n{head}order B0\nB0:\n  pcopy %v1, %v2 = $r16, $r17\n  cmpne %v3 = %v2, 0\n  add %v4 = %v1, 1\n  psi %v5 = %v3?%v4\n\
  add %v6 = %v1, 2\n  psi %v7 = !%v3?%v6\n  psi %v8 = %v3?%v5, !%v3?%v7\n  pcopy %v9 = %v8\n  return $r63 uses(%v9)\n"
        );
        let c = format!(
            "function @c global\n{head}order B0\nB0:\n  pcopy %v1, %v2 = $r16, $r17\n  cmpne %v3 = %v2, 0\n  add %v4 = %v1, 1\n  add %v5 = %v1, 2\n\
  psi %v8 = %v3?%v4, !%v3?%v5\n  pcopy %v9 = %v8\n  return $r63 uses(%v9)\n"
        );
        let parse = |t: &str| {
            let f = parse::function(t).unwrap_or_else(|e| panic!("{e}\n{t}"));
            verify::verify(&f).unwrap_or_else(|e| panic!("{e}\n{t}"));
            f
        };
        let (fa, fb, fc) = (parse(&a), parse(&b), parse(&c));
        let model = ProcessorModel::st231();
        let mut forms = vec![
            ("(a)", fa.clone()),
            ("(b)", fb.clone()),
            ("(c)", fc.clone()),
        ];
        for promote in [true, false] {
            let mut g = fa.clone();
            assert_eq!(if_convert_with(&mut g, &model, &|_| None, promote).psis, 1);
            verify::verify(&g).unwrap();
            forms.push(("(a) if-converted", g));
        }
        let (mut lb, mut lc) = (fb, fc);
        lower(&mut lb);
        lower(&mut lc);
        verify::verify(&lb).unwrap();
        verify::verify(&lc).unwrap();
        let selects = |f: &MFunc| {
            mnemonics(f)
                .into_iter()
                .filter(|m| m.starts_with("slct"))
                .count()
        };
        assert_eq!(selects(&lc), 1);
        assert!(!mnemonics(&lc).contains(&"psi"));
        assert_eq!(selects(&lb), 1);
        assert_eq!(mnemonics(&lb).iter().filter(|m| **m == "mov").count(), 2);
        forms.push(("(b) lowered", lb));
        forms.push(("(c) lowered", lc));
        for i in [-3i64, -1, 0, 1, 7, i32::MAX as i64] {
            for cond in [0i64, 1, -5] {
                // p ? i + 1 : i + 2, in 32 bits
                let want = i64::from((i as i32).wrapping_add(if cond != 0 { 1 } else { 2 }));
                for (name, f) in &forms {
                    let got = run(f, &[(Reg::G(16), i), (Reg::G(17), cond)])
                        .unwrap_or_else(|e| panic!("{name}: {e}"));
                    assert_eq!(got, want, "{name}: i = {i}, c = {cond}");
                }
            }
        }
    }
}
