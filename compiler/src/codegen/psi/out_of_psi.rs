//! Translation out of psi-SSA (de Ferrière 2007 §4; SSA book §14.4; Stoutchinin and
//! de Ferrière, MICRO 2001; Bruel, "psi-SSA improvements", 2006; SSA book
//! chapter 14.4).
//!
//! Every psi the back end creates has arguments computed unconditionally
//! ([`crate::codegen::psi::if_convert`] speculates; the ST231 has no predicated
//! operation but `slct`), so a psi is its chain of selects (de Ferrière
//! 2007, Fig. 7, example T48; SSA book Fig. 14.10): `x = psi(a1, p2?a2, …, pn?an)` becomes
//! `t2 = slct p2, a2, a1; …; x = slct pn, an, t(n-1)` in place, which
//! keeps machine SSA; the out-of-SSA translation then coalesces the
//! chain's values like any others. A constant argument (defined by `mov
//! r = imm`) goes into the immediate of `slct`/`slctf`; then the
//! operations without effect whose results nothing reads are deleted (the
//! constants' `mov`s, values speculated for nothing). Before its chain is
//! built, each psi goes through psi-inlining and psi-reduction
//! (`simplify`). The papers' psi-normalize and psi-congruence phases
//! (`-fout-of-psi=webs`) are in [`crate::codegen::psi::webs`], which runs before
//! this lowering when asked for.

use crate::codegen::mir::*;
use crate::codegen::psi::if_convert::select_chain;
use crate::codegen::psi::predicate::{Definitions, Oracle};
use crate::codegen::psi::transform;
use crate::hash::{HashMap, HashSet};
use std::rc::Rc;

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
    /// Psi arguments replaced by the arguments of the psi defining them
    /// (psi-inlining, SSA book Fig. 14.4).
    pub inlined: usize,
    /// Psi arguments dropped because the guards to their right cover
    /// theirs (psi-reduction, SSA book Fig. 14.5).
    pub reduced: usize,
}

/// Replaces every psi of `mf` by its select chain (module documentation).
pub fn lower(mf: &mut MFunc) -> Stats {
    let mut st = Stats::default();
    // SSA: each register has one definition; those by `mov r = imm`
    let mut constants: HashMap<Reg, i64> = HashMap::default();
    for b in &mf.blocks {
        for i in &b.insts {
            if let (true, [Opnd::R(d @ Reg::V(_)), Opnd::Imm(c)]) = (i.is(opc::MOV_I), &i.ops[..]) {
                constants.insert(*d, *c);
            }
        }
    }
    let constant = |x: Reg| constants.get(&x).copied();
    let uses = mf.use_counts();
    for b in mf.block_ids() {
        if !mf.block(b).insts.iter().any(|i| i.op == MOp::Psi) {
            continue;
        }
        let defs = Rc::new(Definitions::learn(&mf.block(b).insts));
        let insts = std::mem::take(&mut mf.block_mut(b).insts);
        let mut out = Vec::with_capacity(insts.len());
        // the (simplified) arguments of this block's psis so far
        let mut psis: HashMap<Reg, Vec<PsiArg>> = HashMap::default();
        for i in insts {
            let Some(args) = i.psi_args().filter(|a| !a.is_empty()) else {
                out.push(i);
                continue;
            };
            let args = simplify(&defs, &psis, &uses, args, &mut st);
            if let Opnd::R(d) = i.ops[0] {
                psis.insert(d, args.clone());
            }
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

/// The psi transformations before the select chain (SSA book §14.3;
/// SSA book §14.3; de Ferrière 2007 §2–3): an argument defined by an earlier psi of the block
/// that nothing else reads is replaced by that psi's arguments when the
/// combined guards are literals (psi-inlining, [`transform::inline`]); then the
/// arguments whose guard the guards to their right cover are dropped
/// (psi-reduction, [`transform::reduce`]). Guards are compared by the predicate
/// oracle over the block's compares ([`Definitions`]), so `if (v < 0) x =
/// b; if (v >= 0) x = c;` selects once: `psi(a, p?b, !p?c)` needs no `a`.
fn simplify(
    defs: &Rc<Definitions>,
    psis: &HashMap<Reg, Vec<PsiArg>>,
    uses: &UseCounts,
    mut args: Vec<PsiArg>,
    st: &mut Stats,
) -> Vec<PsiArg> {
    let mut o = Oracle::with(defs.clone());
    let mut k = 0;
    while k < args.len() {
        let a = args[k];
        let inner = psis.get(&a.value).filter(|_| uses.get(a.value) == 1);
        match inner.and_then(|inner| transform::inline(&mut o, &args, k, inner)) {
            Some(v) => {
                st.inlined += 1;
                args = v;
            }
            None => k += 1,
        }
    }
    if let Some(v) = transform::reduce(&mut o, &args).filter(|v| !v.is_empty()) {
        st.reduced += args.len() - v.len();
        args = v;
    }
    args
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
    let mut cmps: HashMap<Reg, (bool, bool, Opnd, Opnd)> = HashMap::default();
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
    let mut negs: HashMap<Reg, Opnd> = HashMap::default();
    for b in &mf.blocks {
        for i in &b.insts {
            if i.info().is_some_and(|o| o.mnemonic == "sub") {
                if let [Opnd::R(d @ Reg::V(_)), Opnd::R(Reg::ZERO), x @ Opnd::R(_)] = &i.ops[..] {
                    negs.insert(*d, x.clone());
                }
            }
        }
    }
    // registers set to a constant (`mov r = imm`, `mov r = $r0`)
    let mut consts: HashMap<Reg, i64> = HashMap::default();
    for b in &mf.blocks {
        for i in &b.insts {
            if i.info().is_some_and(|o| o.mnemonic == "mov") {
                match &i.ops[..] {
                    [Opnd::R(d @ Reg::V(_)), Opnd::Imm(c)] => consts.insert(*d, *c),
                    [Opnd::R(d @ Reg::V(_)), Opnd::R(Reg::ZERO)] => consts.insert(*d, 0),
                    _ => None,
                };
            }
        }
    }
    let constant = |o: &Opnd| match o {
        Opnd::Imm(c) => Some(*c),
        Opnd::R(Reg::ZERO) => Some(0),
        Opnd::R(r) => consts.get(r).copied(),
        _ => None,
    };
    // min/max with a constant: r → (mnemonic, the other operand, constant)
    let mut bounded: HashMap<Reg, (&'static str, Opnd, i64)> = HashMap::default();
    let bound_of = |i: &MInst| -> Option<(Reg, (&'static str, Opnd, i64))> {
        let m = i.info()?.mnemonic;
        let m = ["max", "maxu", "min", "minu"]
            .into_iter()
            .find(|&x| x == m)?;
        match &i.ops[..] {
            [Opnd::R(d @ Reg::V(_)), x @ Opnd::R(_), c] => Some((*d, (m, x.clone(), constant(c)?))),
            _ => None,
        }
    };
    for b in &mf.blocks {
        for i in &b.insts {
            if let Some((d, v)) = bound_of(i) {
                bounded.insert(d, v);
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
            // clipping: p = u < lo, p ? lo : min(u, hi) with lo <= hi is
            // max(min(u, hi), lo) (u < lo gives min(u, hi) = u < lo; else
            // both u and hi are at least lo); p = u > hi, p ? hi : max(u,
            // lo) with lo <= hi is min(max(u, lo), hi); likewise unsigned
            let clip = match (&on_false, constant(&w), constant(&on_true)) {
                (Opnd::R(m), Some(c), Some(t)) if c == t => {
                    bounded.get(m).and_then(|(op, x, k)| {
                        let fits = |lo: i64, hi: i64| {
                            if signed {
                                lo as i32 <= hi as i32
                            } else {
                                lo as u32 <= hi as u32
                            }
                        };
                        let want = match (less, signed) {
                            (true, true) => ("min", "max"),
                            (true, false) => ("minu", "maxu"),
                            (false, true) => ("max", "min"),
                            (false, false) => ("maxu", "minu"),
                        };
                        let ok = *op == want.0
                            && *x == u
                            && if less { fits(c, *k) } else { fits(*k, c) };
                        ok.then_some(want.1)
                    })
                }
                _ => None,
            };
            if let Some(op) = clip {
                let loc = i.loc;
                let new = mf.inst(op, vec![d.clone(), on_false, w]);
                if let Some((r, v)) = bound_of(&new) {
                    bounded.insert(r, v);
                }
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
            if let Some((r, v)) = bound_of(&new) {
                bounded.insert(r, v);
            }
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
        let mut used: HashSet<Reg> = HashSet::default();
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
    use crate::codegen::mir::interp::run;
    use crate::codegen::mir::{parse, print, verify};
    use crate::codegen::psi::if_convert::if_convert_with;
    use isa::model::ProcessorModel;
    /// `x = a; if (v < 5) x = b; if (v >= 5) x = c;` if-converted: `x1 =
    /// psi(a, p?b); x2 = psi(x1, q?c)` with p = `cmplt v, 5` and q =
    /// `cmpge v, 5` in another BR. Psi-inlining gives `psi(a, p?b, q?c)`;
    /// the oracle knows q = !p, so p ∪ q covers `a`'s guard and
    /// psi-reduction drops it: one select (`v < 5 ? b : c`) instead of
    /// two. By execution for v = 4, 5, 6 against that formula.
    #[test]
    fn inlining_and_reduction_before_the_select_chain() {
        let text = "function @f global\nvregs 20 br %v4 %v5\npins %v1=$r16 %v2=$r17 %v3=$r18 %v9=$r16\norder B0\nB0:\n  pcopy %v1, %v2, %v3 = $r16, $r17, $r18\n  cmplt %v4 = %v1, 5\n  cmpge %v5 = %v1, 5\n  add %v6 = %v2, 1\n  add %v7 = %v3, 2\n  psi %v8 = %v2, %v4?%v6\n  psi %v10 = %v8, %v5?%v7\n  pcopy %v9 = %v10\n  return $r63 uses(%v9)\n";
        let before = parse::function(text).unwrap();
        let mut f = before.clone();
        let st = lower(&mut f);
        assert_eq!((st.inlined, st.reduced, st.selects), (1, 1, 2));
        let live_selects = f
            .block(f.order[0])
            .insts
            .iter()
            .filter(|i| matches!(i.op, MOp::Isa(o) if o.info().mnemonic.starts_with("slct")));
        assert_eq!(
            live_selects.count(),
            1,
            "the inner psi's select is dead and deleted"
        );
        for v in [4, 5, 6] {
            let (b, c) = (10, 20);
            let expect = if v < 5 { b + 1 } else { c + 2 };
            let inputs = [(Reg::G(16), v), (Reg::G(17), b), (Reg::G(18), c)];
            assert_eq!(run(&before, &inputs), Ok(expect));
            assert_eq!(run(&f, &inputs), Ok(expect));
        }
    }

    /// Clipping `v < lo ? lo : min(v, hi)` (a `min` with a constant, then a
    /// select on `v < lo`): with lo = 0 <= hi = 255 it is max(min(v, 255),
    /// 0), one operation and no branch register; with lo = 300 > hi = 255
    /// it is not (v = 280 gives 300 by the select, 255 by max/min), and the
    /// select stays. By execution against the C expression for v below,
    /// inside and above the range.
    #[test]
    fn clipping_with_constants_becomes_max_of_min() {
        let text = |lo: i64| {
            format!(
                "function @f global\nvregs 20 br %v4 %v5\npins %v1=$r16 %v9=$r16\norder B0\nB0:\n  pcopy %v1 = $r16\n  mov %v2 = {lo}\n  mov %v3 = 255\n  cmpgt %v5 = %v1, 255\n  cmplt %v4 = %v1, %v2\n  psi %v6 = %v1, %v5?%v3\n  psi %v10 = %v6, %v4?%v2\n  pcopy %v9 = %v10\n  return $r63 uses(%v9)\n"
            )
        };
        for lo in [0i64, 300] {
            let before = parse::function(&text(lo)).unwrap();
            let mut f = before.clone();
            lower(&mut f);
            let ops = mnemonics(&f);
            let selects = ops.iter().any(|m| m.starts_with("slct"));
            assert!(ops.contains(&"min"), "{}", print::function(&f));
            assert_eq!(ops.contains(&"max"), lo == 0, "{}", print::function(&f));
            assert_eq!(selects, lo != 0, "{}", print::function(&f));
            for v in [-70000i64, -1, 0, 7, 255, 256, 280, 301, 70000] {
                let expect = if v < lo {
                    lo
                } else if v > 255 {
                    255
                } else {
                    v
                };
                let inputs = [(Reg::G(16), v)];
                assert_eq!(run(&before, &inputs), Ok(expect), "lo {lo} v {v}");
                assert_eq!(run(&f, &inputs), Ok(expect), "lo {lo} v {v}");
            }
        }
    }

    /// The operations of `f` other than pseudo-operations, by mnemonic.
    fn mnemonics(f: &MFunc) -> Vec<&'static str> {
        f.blocks
            .iter()
            .flat_map(|b| &b.insts)
            .map(|i| i.op.mnemonic())
            .collect()
    }

    /// Example T35 (S0 Fig. 3; Bruel, psi-SSA improvements, 2006): the
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
    /// by hand, `p ? i + 1 : i + 2`. Lowered, (c) is one select, and so is
    /// (b): psi-inlining folds its guarded copies into x's psi.
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
        // psi-inlining folds (b)'s guarded copies into x's psi: (c) again
        assert_eq!(selects(&lb), 1);
        assert_eq!(mnemonics(&lb).iter().filter(|m| **m == "mov").count(), 0);
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

    /// The two functions of SSA book 17.2.2, end, example T55 (SSA book §17.2.2, end): the
    /// predicated `p? x2 = add a, b` with previous version x1 = a − b, as
    /// `t = add a, b; x2 = psi(x1, p?t)`, p = (c != 0) with a, b, c the
    /// parameters `$r16`–`$r18`. In `@dies` x1 is last read by the psi; in
    /// `@live` it is read again after it (`y = x2 + x1`). As in
    /// `tests/filetests/psi-webs/t55_tied_previous_version.mir`.
    fn t55(live: bool) -> MFunc {
        let (name, tail) = if live {
            ("live", "  add %v8 = %v7, %v5\n  pcopy %v9 = %v8\n")
        } else {
            ("dies", "  pcopy %v9 = %v7\n")
        };
        let t = format!(
            "function @{name} global\nvregs 10 br %v4\npins %v1=$r16 %v2=$r17 %v3=$r18 %v9=$r16\norder B0\nB0:\n\
  pcopy %v1, %v2, %v3 = $r16, $r17, $r18\n  cmpne %v4 = %v3, 0\n  sub %v5 = %v1, %v2\n  add %v6 = %v1, %v2\n\
  psi %v7 = %v5, %v4?%v6\n{tail}  return $r63 uses(%v9)\n"
        );
        let f = parse::function(&t).unwrap_or_else(|e| panic!("{e}\n{t}"));
        verify::verify(&f).unwrap();
        f
    }

    /// The inputs of the T55 tests: a few a, b and both values of p.
    fn t55_inputs() -> Vec<(i64, i64, i64)> {
        let mut v = vec![];
        for a in [-7i64, 0, 5, i32::MAX as i64] {
            for b in [-1i64, 3] {
                for c in [0i64, 1] {
                    v.push((a, b, c));
                }
            }
        }
        v
    }

    fn t55_run(f: &MFunc, (a, b, c): (i64, i64, i64)) -> i64 {
        run(f, &[(Reg::G(16), a), (Reg::G(17), b), (Reg::G(18), c)])
            .unwrap_or_else(|e| panic!("@{}: {e}", f.name))
    }

    /// Example T55 (SSA book 17.2.2, end): `x2 = psi(x1, p?t)` lowers to the one select
    /// `slct x2 = p, t, x1`, and both forms compute the predicated
    /// semantics derived by hand: x2 = a + b when p holds, else x1 = a − b
    /// (and `@live` returns x2 + x1), for p = 0 and p = 1.
    #[test]
    fn t55_predicated_add_is_one_select() {
        for live in [false, true] {
            let f = t55(live);
            let mut g = f.clone();
            let st = lower(&mut g);
            verify::verify(&g).unwrap();
            assert_eq!((st.psis, st.selects), (1, 1));
            let slct: Vec<String> = g.blocks[0]
                .insts
                .iter()
                .filter(|i| i.op.mnemonic().starts_with("slct"))
                .map(print::inst)
                .collect();
            assert_eq!(slct, ["slct %v7 = %v4, %v6, %v5"]);
            for (a, b, c) in t55_inputs() {
                let (a32, b32) = (a as i32, b as i32);
                let x1 = a32.wrapping_sub(b32);
                let x2 = if c != 0 { a32.wrapping_add(b32) } else { x1 };
                let want = i64::from(if live { x2.wrapping_add(x1) } else { x2 });
                for h in [&f, &g] {
                    assert_eq!(t55_run(h, (a, b, c)), want, "@{} a={a} b={b} c={c}", h.name);
                }
            }
        }
    }

    /// Each psi-web of `f` (a psi's result with its arguments, after
    /// [`crate::codegen::psi::webs::translate`]; `merge` adds pairs to put
    /// in one web) renamed to one register, the webs' psis deleted and each
    /// guarded copy `p? x = y` made the ST231's `x = slct p, y, x` (de
    /// Ferrière 2007 §4, final step): the non-SSA code in which the web is one
    /// resource, x1 and x2 of T55 included.
    fn rename_webs(f: &MFunc, merge: &[(Reg, Reg)]) -> MFunc {
        let mut rep: HashMap<Reg, Reg> = HashMap::default();
        fn find(rep: &HashMap<Reg, Reg>, x: Reg) -> Reg {
            match rep.get(&x) {
                Some(&p) if p != x => find(rep, p),
                _ => x,
            }
        }
        fn union(rep: &mut HashMap<Reg, Reg>, a: Reg, b: Reg) {
            let (ra, rb) = (find(rep, a), find(rep, b));
            if ra != rb {
                rep.insert(ra.max(rb), ra.min(rb));
            }
        }
        for i in f.blocks.iter().flat_map(|b| &b.insts) {
            if let (Some(args), Some(Opnd::R(d))) = (i.psi_args(), i.ops.first()) {
                if args.len() >= 2 {
                    for a in args {
                        union(&mut rep, *d, a.value);
                    }
                }
            }
        }
        for &(a, b) in merge {
            union(&mut rep, a, b);
        }
        let mut g = f.clone();
        for b in g.blocks.iter_mut() {
            let mut out = vec![];
            for mut i in std::mem::take(&mut b.insts) {
                for (r, _) in i.regs_mut() {
                    *r = find(&rep, *r);
                }
                for r in i.imp_uses.iter_mut() {
                    *r = find(&rep, *r);
                }
                match i.psi_args().as_deref() {
                    Some([a]) => {
                        let Opnd::R(d) = i.ops[0] else { unreachable!() };
                        out.push(crate::codegen::psi::if_convert::select(
                            Opnd::R(d),
                            a.guard,
                            a.value,
                            d,
                            &|_| None,
                        ));
                    }
                    Some(args) => {
                        // the web's psi: every register is the web's
                        assert!(args.iter().all(|a| Opnd::R(a.value) == i.ops[0]));
                    }
                    None => out.push(i),
                }
            }
            b.insts = out;
        }
        g
    }

    /// Example T55 (SSA book 17.2.2, end), the same-resource constraint: x2 and x1 share one
    /// resource. After psi-normalize and psi-congruence (hand-derived in
    /// `tests/filetests/psi-webs/t55_tied_previous_version.mir`: one
    /// normalize copy `p? t' = t` each; congruence copies 0 in `@dies`, 1
    /// in `@live`), renaming each web to one register and the guarded
    /// copy to `X = slct p, t, X` computes what the psi form computes for
    /// p = 0 and 1: x1 and x2 coalesced into X without a copy when x1 dies
    /// at the psi, through the copy x1' = x1 when it stays live. Without
    /// that copy (x1 forced into the web), `@live` reads x2 where it
    /// wants x1 when p holds: the copy is needed.
    #[test]
    fn t55_psi_web_ties_x1_to_x2() {
        for live in [false, true] {
            let f = t55(live);
            let mut w = f.clone();
            let st = crate::codegen::psi::webs::translate(&mut w);
            verify::verify(&w).unwrap();
            assert_eq!(
                (st.normalize_copies, st.congruence_copies),
                (1, usize::from(live))
            );
            let x1 = Reg::V(VReg(5));
            let x2 = Reg::V(VReg(7));
            let r = rename_webs(&w, &[]);
            // the registers x1's definition (the `sub`) and x2's (the
            // select of the guarded copy) write: one when x1 is in the web
            let def_of = |m: &str| {
                r.blocks[0]
                    .insts
                    .iter()
                    .find(|i| i.op.mnemonic() == m)
                    .map(|i| i.ops[0].clone())
            };
            assert_eq!(
                def_of("sub") == def_of("slct"),
                !live,
                "{}",
                print::function(&r)
            );
            for inp in t55_inputs() {
                assert_eq!(t55_run(&r, inp), t55_run(&f, inp), "@{} {inp:?}", f.name);
            }
            if live {
                let forced = rename_webs(&w, &[(x1, x2)]);
                let differs = t55_inputs()
                    .into_iter()
                    .any(|inp| t55_run(&forced, inp) != t55_run(&f, inp));
                assert!(differs, "{}", print::function(&forced));
            }
        }
    }

    /// Example T55 (SSA book 17.2.2, end) on the ST231: `slct x2 = p, t, x1` reads x1 and
    /// writes x2 as distinct operands (ISA-ST200 §4.3), so the ST231 has no
    /// same-resource constraint to meet. Out of SSA (Boissinot et al.,
    /// value-based interference) after psi-webs and lowering, every copy
    /// goes in both functions, by hand: the guarded copy t' = t (lowered to
    /// a `mov`) because t dies there; in `@live`, x1' = x1 because it
    /// copies x1's value; the entry and exit pcopies because each pinned
    /// register's previous value is dead when it is written. No copy is
    /// left: 0, where a predicated target would keep `@live`'s one.
    #[test]
    fn t55_no_copy_left_out_of_ssa_on_the_st231() {
        for live in [false, true] {
            let mut f = t55(live);
            crate::codegen::psi::webs::translate(&mut f);
            lower(&mut f);
            verify::verify(&f).unwrap();
            let st = crate::codegen::out_of_ssa::translate(
                &mut f,
                crate::codegen::out_of_ssa::OutOfSsa::Boissinot,
            );
            assert_eq!(st.copies_left, 0, "{}", print::function(&f));
        }
    }
}
