//! Sparse conditional constant propagation on machine SSA, psi-SSA
//! included (M. N. Wegman and F. K. Zadeck, "Constant propagation with
//! conditional branches", TOPLAS 1991; SSA book §7.2, Alg. 7.1/7.2;
//! SSA book ch. 7 and T42), and the dead-code elimination that follows it
//! (SSA book §3.3; Cytron et al. 1991).
//!
//! Standard SSA passes see through psi (de Ferrière 2007 §2, example T42; SSA book §14.2;
//! Bruel, "psi-SSA improvements", 2006, §2): a psi is one more operation
//! with a transfer function. The lattice of a virtual register is ⊤ (no
//! information yet), a 32-bit constant, or ⊥ (varying). Two worklists
//! drive the propagation: CFG edges, marked executable when their branch
//! may take them (a `br`/`brf` on a known BR takes one edge), and SSA
//! edges, from a definition to the operations that read it, re-evaluated
//! when its value goes down the lattice. A block's operations are
//! evaluated when it first becomes executable; a phi meets only the
//! operands arriving on executable edges.
//!
//! The psi rule is the refined one of SSA book ch. 7 (the seeds only say
//! "the same rules as phi"; the refinement follows from the psi's value,
//! its rightmost argument whose guard holds): scanning the arguments from
//! right to left, a guard known true ends the scan with that argument's
//! value (met with the arguments already met), a guard known false skips
//! its argument, and an argument whose guard is not known is met and the
//! scan goes on. An argument's guard is a BR register, whose value comes
//! from the compare that defines it ([`crate::codegen::mir::eval`] computes the
//! integer operations and compares, with the IR's arithmetic).
//!
//! Rewrite ([`run`]): an operation without effect besides its GR result
//! ([`MInst::is_pure`]), a psi or a phi whose value is a constant becomes
//! `mov d = imm` (any 32-bit constant fits, with a long immediate,
//! ISA-ST200 §2.4); a psi whose guards are partly known loses the
//! arguments that cannot be its value (a guard known false; everything
//! left of a guard known true), becoming a copy when one argument whose
//! guard holds is left. Branches stay (the CFG is not changed). Then
//! [`delete_dead`] deletes the operations without effect, psis and phis
//! whose results nothing needed reads.
//!
//! In the back end the pass runs right after if-conversion with
//! `-fmir-sccp` ([`crate::codegen::Options::mir_sccp`]); it is off by default
//! because, after the IR's own SCCP ([`crate::opt`]), it finds nothing to
//! fold on the testsuite's benchmarks (the assembly is the same with it).

use crate::codegen::mir::eval;
use crate::codegen::mir::*;
use crate::hash::HashSet;

/// Lattice value of a register (SSA book §7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lattice {
    /// ⊤: not known yet (the optimistic start).
    Top,
    /// A constant: the 32-bit value, sign-extended.
    Const(i64),
    /// ⊥: varying.
    Bottom,
}

impl Lattice {
    /// The meet: ⊤ is its identity, ⊥ absorbs, two different constants
    /// give ⊥.
    pub fn meet(self, o: Lattice) -> Lattice {
        match (self, o) {
            (Lattice::Top, x) | (x, Lattice::Top) => x,
            (Lattice::Const(a), Lattice::Const(b)) if a == b => self,
            _ => Lattice::Bottom,
        }
    }
}

/// What the propagation found.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Lattice value per virtual register.
    values: Vec<Lattice>,
    /// Executable flag per block.
    executable: Vec<bool>,
}

impl Solution {
    /// The lattice value of register `r`: its entry for a virtual
    /// register, 0 for `$r0`, ⊥ for any other physical register.
    pub fn value(&self, r: Reg) -> Lattice {
        match r {
            Reg::V(v) => self
                .values
                .get(v.index())
                .copied()
                .unwrap_or(Lattice::Bottom),
            Reg::ZERO => Lattice::Const(0),
            _ => Lattice::Bottom,
        }
    }
    /// Whether block `b` may execute.
    pub fn executable(&self, b: MBlockId) -> bool {
        self.executable[b.index()]
    }
    /// Whether `g` is known to hold (`Some(true)`), known not to hold
    /// (`Some(false)`), or not known.
    pub fn guard(&self, g: Guard) -> Option<bool> {
        let (b, on) = match g {
            Guard::True => return Some(true),
            Guard::If(b) => (b, true),
            Guard::IfNot(b) => (b, false),
        };
        match self.value(b) {
            Lattice::Const(v) => Some((v != 0) == on),
            _ => None,
        }
    }
    /// The value of an operand.
    fn operand(&self, o: &Opnd) -> Lattice {
        match o {
            Opnd::R(r) => self.value(*r),
            Opnd::Imm(c) => Lattice::Const(eval::word(*c)),
            _ => Lattice::Bottom,
        }
    }
    /// The value of `psi(args)` by the refined rule (module documentation).
    fn psi(&self, args: &[PsiArg]) -> Lattice {
        let mut acc = Lattice::Top;
        for a in args.iter().rev() {
            let v = self.value(a.value);
            match a.guard {
                Guard::True => return acc.meet(v),
                Guard::If(b) | Guard::IfNot(b) => match self.value(b) {
                    // a guard not known yet: the psi waits (⊤), which
                    // keeps the rule monotone as the guard goes down
                    Lattice::Top => return Lattice::Top,
                    Lattice::Const(_) if self.guard(a.guard) == Some(true) => return acc.meet(v),
                    Lattice::Const(_) => {}
                    Lattice::Bottom => acc = acc.meet(v),
                },
            }
        }
        acc
    }
}

/// The propagation state.
struct Engine<'a> {
    mf: &'a MFunc,
    cfg: Cfg,
    sol: Solution,
    /// Executable edges (from, to).
    edges: HashSet<(MBlockId, MBlockId)>,
    /// Operations reading each virtual register: (block, index).
    users: Vec<Vec<(MBlockId, usize)>>,
    cfg_work: Vec<(MBlockId, MBlockId)>,
    ssa_work: Vec<(MBlockId, usize)>,
}

impl Engine<'_> {
    /// Lowers the value of `d` to its meet with `v` (so values only go
    /// down the lattice); its readers are re-evaluated when it changes.
    fn set(&mut self, d: Reg, v: Lattice) {
        let Reg::V(x) = d else { return };
        let Some(old) = self.sol.values.get(x.index()).copied() else {
            return;
        };
        let new = old.meet(v);
        if new != old {
            self.sol.values[x.index()] = new;
            self.ssa_work.extend(self.users[x.index()].iter().copied());
        }
    }

    /// The value operation `i` gives its only explicit definition.
    fn transfer(&self, b: MBlockId, i: &MInst) -> Lattice {
        match i.op {
            MOp::Phi => i.ops[1..]
                .chunks(2)
                .filter_map(|c| match c {
                    [Opnd::Label(p), Opnd::R(s)] if self.edges.contains(&(*p, b)) => {
                        Some(self.sol.value(*s))
                    }
                    _ => None,
                })
                .fold(Lattice::Top, Lattice::meet),
            MOp::Psi => match i.psi_args() {
                Some(args) => self.sol.psi(&args),
                None => Lattice::Bottom,
            },
            MOp::PCopy | MOp::Asm { .. } => Lattice::Bottom,
            MOp::Isa(op) => {
                let m = op.info().mnemonic;
                let srcs: Vec<Lattice> = (0..i.ops.len())
                    .filter(|&k| !i.is_def(k))
                    .map(|k| self.sol.operand(&i.ops[k]))
                    .collect();
                if let (true, [c, x, y]) = (m.starts_with("slct"), &srcs[..]) {
                    // slct d = c, x, y is c ? x : y; slctf is c ? y : x
                    let (t, f) = if m == "slct" { (*x, *y) } else { (*y, *x) };
                    return match c {
                        Lattice::Top => Lattice::Top,
                        Lattice::Const(v) if *v != 0 => t,
                        Lattice::Const(_) => f,
                        Lattice::Bottom => t.meet(f),
                    };
                }
                if !i.is_pure() || op.info().class == isa::ops::OpClass::Load {
                    return Lattice::Bottom;
                }
                if srcs.contains(&Lattice::Bottom) {
                    return Lattice::Bottom;
                }
                if srcs.contains(&Lattice::Top) {
                    return Lattice::Top;
                }
                let c: Vec<i64> = srcs
                    .iter()
                    .map(|s| match s {
                        Lattice::Const(c) => *c,
                        _ => unreachable!("constants only"),
                    })
                    .collect();
                let v = match c[..] {
                    [a] => eval::unary(m, a),
                    [a, b] => eval::binary(m, a, b),
                    _ => None,
                };
                v.map_or(Lattice::Bottom, Lattice::Const)
            }
        }
    }

    /// Evaluates operation `k` of block `b` (its definitions, or the
    /// edges its branch may take).
    fn visit(&mut self, b: MBlockId, k: usize) {
        let mf = self.mf;
        let i = &mf.block(b).insts[k];
        if i.is_terminator() {
            self.branch(b);
            return;
        }
        if i.op == MOp::PCopy {
            // a copy: each destination takes its source's value
            let n = i.ops.len() / 2;
            for j in 0..n {
                if let (Opnd::R(d), s) = (&i.ops[j], &i.ops[n + j]) {
                    let v = self.sol.operand(s);
                    self.set(*d, v);
                }
            }
            return;
        }
        let defs = i.defs();
        match (&i.explicit_defs()[..], i.imp_defs.is_empty()) {
            ([d], true) => {
                let v = self.transfer(b, i);
                self.set(*d, v);
            }
            _ => {
                for d in defs {
                    self.set(d, Lattice::Bottom);
                }
            }
        }
    }

    /// Marks executable the edges from `b` its terminators may take: for
    /// a `br`/`brf` on a BR of known value (first terminator, maybe then
    /// a `goto`), the one it takes (none while the BR is ⊤); every
    /// successor otherwise (also when `b` has no terminator and falls
    /// through).
    fn branch(&mut self, b: MBlockId) {
        let insts = &self.mf.block(b).insts;
        let succs = self.cfg.succs(b).to_vec();
        let first = insts.iter().find(|i| i.is_terminator());
        let cond = match first.map(|i| (i.opcode(), &i.ops[..])) {
            Some((Some(o), [Opnd::R(p), Opnd::Label(l)])) if o == opc::BR || o == opc::BRF => {
                Some((o == opc::BR, *p, *l))
            }
            _ => None,
        };
        let reach: Vec<MBlockId> = match cond {
            Some((on, p, target)) => match self.sol.value(p) {
                Lattice::Top => vec![],
                Lattice::Const(v) if (v != 0) == on => vec![target],
                Lattice::Const(_) => {
                    let rest: Vec<MBlockId> =
                        succs.iter().copied().filter(|&s| s != target).collect();
                    if rest.is_empty() {
                        vec![target]
                    } else {
                        rest
                    }
                }
                Lattice::Bottom => succs,
            },
            None => succs,
        };
        for s in reach {
            if !self.edges.contains(&(b, s)) {
                self.cfg_work.push((b, s));
            }
        }
    }

    /// Marks edge `from → to` executable: the phis of `to` meet the new
    /// operand; on its first executable edge, `to`'s operations are
    /// evaluated.
    fn edge(&mut self, from: Option<MBlockId>, to: MBlockId) {
        if let Some(f) = from {
            if !self.edges.insert((f, to)) {
                return;
            }
        }
        let insts = &self.mf.block(to).insts;
        let first = !self.sol.executable[to.index()];
        self.sol.executable[to.index()] = true;
        for (k, i) in insts.iter().enumerate() {
            if i.op == MOp::Phi || first && !i.is_terminator() {
                self.visit(to, k);
            }
        }
        if first {
            self.branch(to);
        }
    }
}

/// Runs the propagation on machine-SSA function `mf` (module
/// documentation).
pub fn analyze(mf: &MFunc) -> Solution {
    let nv = mf.vclass.len();
    let mut users = vec![vec![]; nv];
    for b in mf.block_ids() {
        for (k, i) in mf.block(b).insts.iter().enumerate() {
            for u in i.uses() {
                if let Reg::V(v) = u {
                    if v.index() < nv && users[v.index()].last() != Some(&(b, k)) {
                        users[v.index()].push((b, k));
                    }
                }
            }
        }
    }
    let mut e = Engine {
        mf,
        cfg: Cfg::new(mf),
        sol: Solution {
            values: vec![Lattice::Top; nv],
            executable: vec![false; mf.blocks.len()],
        },
        edges: HashSet::default(),
        users,
        cfg_work: vec![],
        ssa_work: vec![],
    };
    // a register read but defined nowhere (an incoming value) varies
    let mut defined = vec![false; nv];
    for i in mf.blocks.iter().flat_map(|b| &b.insts) {
        for d in i.defs() {
            if let Reg::V(v) = d {
                defined[v.index()] = true;
            }
        }
    }
    for (v, d) in defined.iter().enumerate() {
        if !d {
            e.sol.values[v] = Lattice::Bottom;
        }
    }
    if let Some(&entry) = mf.order.first() {
        e.edge(None, entry);
    }
    loop {
        if let Some((f, t)) = e.cfg_work.pop() {
            e.edge(Some(f), t);
        } else if let Some((b, k)) = e.ssa_work.pop() {
            if e.sol.executable[b.index()] {
                e.visit(b, k);
            }
        } else {
            break;
        }
    }
    e.sol
}

/// Counters of [`run`] (`lcc --stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Operations (psis and phis included) replaced by `mov d = imm`.
    pub constants: usize,
    /// Psis of known value replaced by a constant or a copy.
    pub psis_folded: usize,
    /// Psi arguments dropped because they cannot be the psi's value.
    pub psi_args_dropped: usize,
    /// Operations deleted by [`delete_dead`].
    pub dead_removed: usize,
}

/// `mov d = c` (ISA-ST200 §4.9; `c` a 32-bit constant, which any
/// immediate operand holds with an extension syllable, §2.4).
fn mov_imm(d: Reg, c: i64, loc: Option<(u32, u32)>) -> MInst {
    assert_eq!(eval::word(c), c, "a 32-bit constant");
    MInst {
        loc,
        ..MInst::new(opc::MOV_I, vec![Opnd::R(d), Opnd::Imm(c)])
    }
}

/// Sparse conditional constant propagation on `mf`, then the rewrite of
/// the module documentation and [`delete_dead`]. Keeps machine SSA.
pub fn run(mf: &mut MFunc) -> Stats {
    let sol = analyze(mf);
    let mut st = Stats::default();
    let constant = |mf: &MFunc, d: Reg| match (d, sol.value(d)) {
        (Reg::V(v), Lattice::Const(c)) => {
            (mf.class(d) == Some(Class::Gr) && mf.pinned(v).is_none()).then_some(c)
        }
        _ => None,
    };
    for b in mf.block_ids() {
        if !sol.executable(b) {
            continue;
        }
        let insts = std::mem::take(&mut mf.block_mut(b).insts);
        let mut phis = vec![];
        let mut movs = vec![];
        let mut rest = vec![];
        for i in insts {
            let d = match &i.explicit_defs()[..] {
                [d] if i.imp_defs.is_empty() => Some(*d),
                _ => None,
            };
            let c = d.and_then(|d| constant(mf, d));
            match (i.op, d, c) {
                (MOp::Phi, Some(d), Some(c)) => {
                    st.constants += 1;
                    movs.push(mov_imm(d, c, i.loc));
                }
                (MOp::Phi, ..) => phis.push(i),
                (MOp::Psi, Some(d), Some(c)) => {
                    st.constants += 1;
                    st.psis_folded += 1;
                    rest.push(mov_imm(d, c, i.loc));
                }
                (MOp::Psi, Some(d), None) => rest.push(prune(mf, &sol, d, i, &mut st)),
                (MOp::Isa(o), Some(d), Some(c))
                    if i.is_pure()
                        && o != opc::MOV_I
                        && i.uses().iter().any(|u| matches!(u, Reg::V(_))) =>
                {
                    st.constants += 1;
                    rest.push(mov_imm(d, c, i.loc));
                }
                _ => rest.push(i),
            }
        }
        phis.extend(movs);
        phis.extend(rest);
        mf.block_mut(b).insts = phis;
    }
    st.dead_removed = delete_dead(mf);
    st
}

/// Psi `i` (defining `d`) without the arguments that cannot be its value
/// under `sol`: those whose guard is known false, and those left of the
/// rightmost argument whose guard is known to hold. When one argument is
/// left and its guard holds, a copy `mov d = a`. When one argument is
/// left whose guard is not known, `i` unchanged: a one-argument psi is a
/// guarded definition, whose guard the psi-SSA rules would then ask of
/// every psi reading `d` (SSA book §14.1).
fn prune(mf: &MFunc, sol: &Solution, d: Reg, i: MInst, st: &mut Stats) -> MInst {
    let Some(args) = i.psi_args() else { return i };
    let mut kept: Vec<PsiArg> = vec![];
    for a in args.iter().rev() {
        match sol.guard(a.guard) {
            Some(false) => {}
            Some(true) => {
                kept.push(*a);
                break;
            }
            None => kept.push(*a),
        }
    }
    kept.reverse();
    if kept.len() == args.len() || kept.is_empty() {
        return i;
    }
    match kept[..] {
        [a] if sol.guard(a.guard) == Some(true) => {
            st.psis_folded += 1;
            st.psi_args_dropped += args.len() - 1;
            MInst {
                loc: i.loc,
                ..mf.inst("mov", vec![Opnd::R(d), Opnd::R(a.value)])
            }
        }
        [_] => i,
        _ => {
            st.psi_args_dropped += args.len() - kept.len();
            MInst {
                loc: i.loc,
                ..MInst::psi(d, &kept)
            }
        }
    }
}

/// Dead-code elimination (SSA book §3.3; Cytron et al. 1991, SSA book §3.3 Alg. 3.7 without
/// control dependence: branches stay): every operation is needed but
/// those without effect besides their virtual-register results — the
/// ALU, multiply and load operations of [`MInst::is_pure`], psis and
/// phis — which are needed when an operation that is needed reads one of
/// their results. Deletes the others (a dead cycle of phis included);
/// returns how many.
pub fn delete_dead(mf: &mut MFunc) -> usize {
    let removable = |i: &MInst| {
        (i.is_pure() || matches!(i.op, MOp::Psi | MOp::Phi))
            && i.defs().iter().all(|d| matches!(d, Reg::V(_)))
    };
    // the operation defining each virtual register
    let nv = mf.vclass.len();
    let mut def: Vec<Option<(usize, usize)>> = vec![None; nv];
    let mut needed: Vec<Vec<bool>> = mf
        .blocks
        .iter()
        .map(|b| vec![false; b.insts.len()])
        .collect();
    let mut work: Vec<Reg> = vec![];
    for (b, block) in mf.blocks.iter().enumerate() {
        for (k, i) in block.insts.iter().enumerate() {
            for d in i.defs() {
                if let Reg::V(v) = d {
                    if v.index() < nv {
                        def[v.index()] = Some((b, k));
                    }
                }
            }
            if !removable(i) {
                needed[b][k] = true;
                work.extend(i.uses());
            }
        }
    }
    while let Some(r) = work.pop() {
        let Reg::V(v) = r else { continue };
        let Some((b, k)) = def.get(v.index()).copied().flatten() else {
            continue;
        };
        if !needed[b][k] {
            needed[b][k] = true;
            work.extend(mf.blocks[b].insts[k].uses());
        }
    }
    let mut removed = 0;
    for (block, keep) in mf.blocks.iter_mut().zip(needed) {
        let n = block.insts.len();
        let mut it = keep.into_iter();
        block.insts.retain(|_| it.next().unwrap_or(true));
        removed += n - block.insts.len();
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::interp::run_with_memory;
    use crate::codegen::mir::{parse, print, verify};
    use crate::codegen::Lcg;

    fn func(body: &str) -> MFunc {
        let t = format!(
            "function @f global\nvregs 20 br %v2 %v12 %v13\npins %v1=$r16 %v19=$r16\n{body}"
        );
        let f = parse::function(&t).unwrap_or_else(|e| panic!("{e}\n{t}"));
        verify::verify(&f).unwrap_or_else(|e| panic!("{e}\n{t}"));
        f
    }

    fn v(n: u32) -> Reg {
        Reg::V(VReg(n))
    }

    /// The body of block B0 after [`run`], one operation a line.
    fn after_run(f: &MFunc) -> (MFunc, Stats, Vec<String>) {
        let mut g = f.clone();
        let st = run(&mut g);
        verify::verify(&g).unwrap_or_else(|e| panic!("{e}\n{}", print::function(&g)));
        let text = g.blocks[0].insts.iter().map(print::inst).collect();
        (g, st, text)
    }

    /// Example T42 (Bruel, psi-SSA improvements, 2006, §2; SSA book
    /// §14.2, derived): `p = cmplt i, 10; a = 1; b = B; x = psi(p?a,
    /// !p?b); y = add x, 1; ret y`, with the compare `p` given.
    fn t42(p: &str, b: i64) -> MFunc {
        func(&format!(
            "order B0\nB0:\n  pcopy %v1 = $r16\n  {p}\n  mov %v3 = 1\n  mov %v4 = {b}\n\
  psi %v5 = %v2?%v3, !%v2?%v4\n  add %v6 = %v5, 1\n  pcopy %v19 = %v6\n  return $r63 uses(%v19)\n"
        ))
    }

    /// Example T42 (de Ferrière 2007 §2): with a = b = 1, SCCP gives x = 1 and y = 2 whatever
    /// p; the rewrite makes y the constant 2 and x, a, b and p dead.
    #[test]
    fn t42_psi_of_equal_constants() {
        let f = t42("cmplt %v2 = %v1, 10", 1);
        let s = analyze(&f);
        assert_eq!(s.value(v(2)), Lattice::Bottom);
        assert_eq!(s.value(v(5)), Lattice::Const(1));
        assert_eq!(s.value(v(6)), Lattice::Const(2));
        let (g, st, text) = after_run(&f);
        assert_eq!(
            text,
            [
                "pcopy %v1 = $r16",
                "mov %v6 = 2",
                "pcopy %v19 = %v6",
                "return $r63 uses(%v19)"
            ]
        );
        // x and y made constants; x, a, b, p deleted
        assert_eq!((st.constants, st.psis_folded, st.dead_removed), (2, 1, 4));
        for i in [0, 9, 10, 11, -1] {
            assert_eq!(run_with_memory(&g, &[(Reg::G(16), i)]).unwrap().0, 2);
        }
    }

    /// Example T42 (de Ferrière 2007 §2): with b = 2 and p unknown, x = ⊥ (and so is y):
    /// nothing changes.
    #[test]
    fn t42_psi_of_different_constants_is_bottom() {
        let f = t42("cmplt %v2 = %v1, 10", 2);
        let s = analyze(&f);
        assert_eq!(s.value(v(5)), Lattice::Bottom);
        assert_eq!(s.value(v(6)), Lattice::Bottom);
        let (g, st, _) = after_run(&f);
        assert_eq!(st, Stats::default());
        assert_eq!(print::function(&g), print::function(&f));
    }

    /// Example T42 (de Ferrière 2007 §2): with p = cmpeq 0, 0 (known true) the refined rule
    /// gives x = a = 1 even when b = 2, where meeting every argument would
    /// give ⊥; y = 2. With p known false (cmpne 0, 0), x = b = 2, y = 3.
    #[test]
    fn t42_refined_rule_with_known_guards() {
        for b in [1, 2] {
            let f = t42("cmpeq %v2 = $r0, 0", b);
            let s = analyze(&f);
            assert_eq!(s.value(v(2)), Lattice::Const(1));
            assert_eq!(s.value(v(5)), Lattice::Const(1), "b = {b}");
            assert_eq!(s.value(v(6)), Lattice::Const(2));
            let (_, _, text) = after_run(&f);
            assert_eq!(text[1], "mov %v6 = 2");
            assert_eq!(text.len(), 4, "{text:?}");
        }
        let f = t42("cmpne %v2 = $r0, 0", 2);
        let s = analyze(&f);
        assert_eq!(s.value(v(2)), Lattice::Const(0));
        assert_eq!(s.value(v(5)), Lattice::Const(2));
        assert_eq!(s.value(v(6)), Lattice::Const(3));
    }

    /// Example T42 (de Ferrière 2007 §2): if y is unused, DCE removes x, a and b, and p too
    /// when nothing else reads it (here b = 2, so nothing is constant:
    /// the deletion is DCE's alone). When p is read by an `mfb` that is
    /// returned, p stays.
    #[test]
    fn t42_dce_removes_the_unused_psi_and_its_operands() {
        let body = |ret: &str| {
            format!(
                "order B0\nB0:\n  pcopy %v1 = $r16\n  cmplt %v2 = %v1, 10\n  mov %v3 = 1\n  mov %v4 = 2\n\
  psi %v5 = %v2?%v3, !%v2?%v4\n  add %v6 = %v5, 1\n{ret}  return $r63 uses(%v19)\n"
            )
        };
        let f = func(&body("  pcopy %v19 = %v1\n"));
        let (_, st, text) = after_run(&f);
        assert_eq!(
            text,
            [
                "pcopy %v1 = $r16",
                "pcopy %v19 = %v1",
                "return $r63 uses(%v19)"
            ]
        );
        assert_eq!((st.constants, st.dead_removed), (0, 5));
        let f = func(&body("  mfb %v7 = %v2\n  pcopy %v19 = %v7\n"));
        let (_, st, text) = after_run(&f);
        assert_eq!(
            text,
            [
                "pcopy %v1 = $r16",
                "cmplt %v2 = %v1, 10",
                "mfb %v7 = %v2",
                "pcopy %v19 = %v7",
                "return $r63 uses(%v19)"
            ]
        );
        assert_eq!(st.dead_removed, 4);
    }

    /// The psi rule scans right to left: in `psi(a, q?b, p?c)` with p
    /// known false and q unknown, c is skipped and a, b are met: 4 when a
    /// = b = 4. With q known true instead, b is the value and a is not
    /// met. In `psi(a, p?b, q?c)` with p known true and q unknown, a is
    /// not met but c is: 4 when b = c = 4, ⊥ when c = 5. A psi whose
    /// guards are partly known loses the arguments that cannot be its
    /// value, or becomes a copy.
    #[test]
    fn psi_rule_scans_right_to_left() {
        let h = |c: i64| {
            func(&format!(
                "order B0\nB0:\n  pcopy %v1 = $r16\n  cmpeq %v2 = $r0, 0\n  cmplt %v12 = %v1, 0\n  mov %v3 = 9\n\
  mov %v4 = 4\n  mov %v5 = {c}\n  psi %v6 = %v3, %v2?%v4, %v12?%v5\n  pcopy %v19 = %v6\n  return $r63 uses(%v19)\n"
            ))
        };
        assert_eq!(analyze(&h(4)).value(v(6)), Lattice::Const(4));
        assert_eq!(analyze(&h(5)).value(v(6)), Lattice::Bottom);
        let (_, st, text) = after_run(&h(5));
        assert!(
            text.contains(&"psi %v6 = %v2?%v4, %v12?%v5".to_string()),
            "{text:?}"
        );
        assert_eq!(st.psi_args_dropped, 1);
        let f = |q: &str, a: i64| {
            func(&format!(
                "order B0\nB0:\n  pcopy %v1 = $r16\n  cmpne %v2 = $r0, 0\n  {q}\n  mov %v3 = {a}\n  mov %v4 = 4\n\
  add %v5 = %v1, 3\n  psi %v6 = %v3, %v12?%v4, %v2?%v5\n  pcopy %v19 = %v6\n  return $r63 uses(%v19)\n"
            ))
        };
        let s = analyze(&f("cmplt %v12 = %v1, 0", 4));
        assert_eq!(s.value(v(6)), Lattice::Const(4));
        let s = analyze(&f("cmplt %v12 = %v1, 0", 5));
        assert_eq!(s.value(v(6)), Lattice::Bottom);
        let s = analyze(&f("cmpeq %v12 = $r0, 0", 5));
        assert_eq!(s.value(v(6)), Lattice::Const(4));
        // the argument under p (known false) goes
        let (_, st, text) = after_run(&f("cmplt %v12 = %v1, 0", 5));
        assert!(
            text.contains(&"psi %v6 = %v3, %v12?%v4".to_string()),
            "{text:?}"
        );
        assert_eq!(st.psi_args_dropped, 1);
        // with a ⊥ value under a guard known true: a copy
        let g = func(
            "order B0\nB0:\n  pcopy %v1 = $r16\n  cmpeq %v2 = $r0, 0\n  mov %v3 = 1\n\
  psi %v6 = %v3, %v2?%v1\n  pcopy %v19 = %v6\n  return $r63 uses(%v19)\n",
        );
        let (h, st, text) = after_run(&g);
        assert_eq!(text[1], "mov %v6 = %v1");
        assert_eq!((st.psis_folded, st.psi_args_dropped), (1, 1));
        assert_eq!(run_with_memory(&h, &[(Reg::G(16), 77)]).unwrap().0, 77);
    }

    /// Wegman–Zadeck's conditional part: a branch on a BR known true never
    /// takes its other edge, so the phi at the join meets only the
    /// executable operand (5, not 7) and becomes `mov %v5 = 5`; the block
    /// not executed keeps its code. In the loop, j = phi(1, j') with j' =
    /// j stays the constant 1 (the optimistic start), while i = phi(0, i
    /// + 1) varies.
    #[test]
    fn branches_and_loops() {
        let f = func(
            "order B0 B1 B2 B3\nB0:\n  pcopy %v1 = $r16\n  cmpeq %v2 = $r0, 0\n  mov %v3 = 5\n  br %v2, B2\n\
B1:\n  mov %v4 = 7\n  goto B3\nB2:\nB3:\n  phi %v5 = [B1, %v4], [B2, %v3]\n  add %v6 = %v5, %v1\n\
  pcopy %v19 = %v6\n  return $r63 uses(%v19)\n",
        );
        let s = analyze(&f);
        assert!(!s.executable(MBlockId(1)) && s.executable(MBlockId(3)));
        assert_eq!(s.value(v(5)), Lattice::Const(5));
        assert_eq!(s.value(v(4)), Lattice::Top);
        let (g, st, _) = after_run(&f);
        assert_eq!(print::inst(&g.blocks[3].insts[0]), "mov %v5 = 5");
        assert_eq!(st.constants, 1);
        assert_eq!(run_with_memory(&g, &[(Reg::G(16), 10)]).unwrap().0, 15);
        let f = func(
            "order B0 B1 B2\nB0:\n  pcopy %v1 = $r16\n  mov %v3 = 0\n  mov %v4 = 1\n\
B1:\n  phi %v5 = [B0, %v3], [B1, %v7]\n  phi %v6 = [B0, %v4], [B1, %v8]\n  add %v7 = %v5, 1\n  mov %v8 = %v6\n\
  cmplt %v12 = %v7, %v1\n  br %v12, B1\nB2:\n  add %v9 = %v7, %v6\n  pcopy %v19 = %v9\n  return $r63 uses(%v19)\n",
        );
        let s = analyze(&f);
        assert_eq!(s.value(v(6)), Lattice::Const(1));
        assert_eq!(s.value(v(8)), Lattice::Const(1));
        assert_eq!(s.value(v(5)), Lattice::Bottom);
        let (g, _, _) = after_run(&f);
        for n in [0, 1, 5] {
            let inp = [(Reg::G(16), n)];
            assert_eq!(
                run_with_memory(&g, &inp).unwrap(),
                run_with_memory(&f, &inp).unwrap()
            );
        }
    }

    /// Builds the random functions of [`random_function`].
    struct Gen {
        g: Lcg,
        text: String,
        next: u32,
        /// Every BR defined (for the `vregs` line).
        all_brs: Vec<u32>,
    }

    impl Gen {
        fn fresh(&mut self) -> u32 {
            self.next += 1;
            self.next - 1
        }
        fn pick(&mut self, v: &[String]) -> String {
            v[self.g.below(v.len())].clone()
        }
        /// `n` random operations over the GR values `vals` and the BRs
        /// `brs` (both extended with what they define).
        fn ops(&mut self, vals: &mut Vec<String>, brs: &mut Vec<u32>, n: usize) {
            for _ in 0..n {
                let (x, y) = (self.pick(vals), self.pick(vals));
                let imm = [0i64, 1, -1, 3, 31, 32, 100][self.g.below(7)];
                let d = self.fresh();
                let line = match self.g.below(10) {
                    0 => format!("mov %v{d} = {imm}"),
                    1 | 2 => {
                        let op = ["add", "sub", "and", "or", "xor", "shl", "shr", "max"]
                            [self.g.below(8)];
                        format!("{op} %v{d} = {x}, {y}")
                    }
                    3 => {
                        let op = ["add", "sh2add", "shru", "min", "cmplt"][self.g.below(5)];
                        format!("{op} %v{d} = {x}, {imm}")
                    }
                    4 | 5 => {
                        let op = ["cmplt", "cmpeq", "cmpne", "cmpgeu"][self.g.below(4)];
                        // some compares of constants only
                        let x = if self.g.below(3) == 0 {
                            "$r0".to_string()
                        } else {
                            x
                        };
                        self.text.push_str(&format!("  {op} %v{d} = {x}, {imm}\n"));
                        brs.push(d);
                        self.all_brs.push(d);
                        continue;
                    }
                    6 if !brs.is_empty() => {
                        let p = brs[self.g.below(brs.len())];
                        format!("slct %v{d} = %v{p}, {x}, {y}")
                    }
                    _ if !brs.is_empty() => {
                        let mut args = vec![];
                        for k in 0..2 + self.g.below(2) {
                            let a = self.pick(vals);
                            if k == 0 && self.g.below(2) == 0 {
                                args.push(a);
                            } else {
                                let p = brs[self.g.below(brs.len())];
                                let not = if self.g.below(2) == 0 { "!" } else { "" };
                                args.push(format!("{not}%v{p}?{a}"));
                            }
                        }
                        format!("psi %v{d} = {}", args.join(", "))
                    }
                    _ => format!("add %v{d} = {x}, {imm}"),
                };
                self.text.push_str(&format!("  {line}\n"));
                vals.push(format!("%v{d}"));
            }
        }
    }

    /// A random machine-SSA function of parameters `$r16`, `$r17`: a
    /// block of constants, ALU operations, compares into BRs (some of
    /// constants only, against `$r0`), selects and psis, then a diamond
    /// on a compare whose join has a phi, more operations, three stores
    /// and a return.
    fn random_function(seed: u64) -> String {
        let mut g = Gen {
            g: Lcg(seed),
            text: String::new(),
            next: 3,
            all_brs: vec![],
        };
        let mut vals: Vec<String> = vec!["%v1".into(), "%v2".into()];
        let mut brs = vec![];
        let n = 4 + g.g.below(8);
        g.ops(&mut vals, &mut brs, n);
        let c = g.fresh();
        let x = if g.g.below(2) == 0 {
            "$r0".to_string()
        } else {
            g.pick(&vals)
        };
        g.text
            .push_str(&format!("  cmplt %v{c} = {x}, 1\n  br %v{c}, B2\nB1:\n"));
        g.all_brs.push(c);
        let (mut v1, mut v2) = (vals.clone(), vals.clone());
        let n = 1 + g.g.below(3);
        g.ops(&mut v1, &mut brs.clone(), n);
        g.text.push_str("  goto B3\nB2:\n");
        let n = 1 + g.g.below(3);
        g.ops(&mut v2, &mut brs.clone(), n);
        let (a, b) = (g.pick(&v1), g.pick(&v2));
        let phi = g.fresh();
        g.text
            .push_str(&format!("B3:\n  phi %v{phi} = [B1, {a}], [B2, {b}]\n"));
        vals.push(format!("%v{phi}"));
        let n = 2 + g.g.below(5);
        g.ops(&mut vals, &mut brs, n);
        for k in 0..3 {
            let x = g.pick(&vals);
            g.text.push_str(&format!("  stw {}[$r0] = {x}\n", 4 * k));
        }
        let r = g.pick(&vals);
        let brs: Vec<String> = g.all_brs.iter().map(|b| format!("%v{b}")).collect();
        format!(
            "function @r global\nvregs {} br {}\npins %v1=$r16 %v2=$r17\norder B0 B1 B2 B3\nB0:\n  pcopy %v1, %v2 = $r16, $r17\n{}  return $r63 uses({r})\n",
            g.next,
            brs.join(" "),
            g.text
        )
    }

    /// On 500 random functions, SCCP and DCE keep machine SSA and compute
    /// what the input computes — the returned value and the words stored
    /// — on every pair of parameters from a set around the constants the
    /// functions use (inputs on which the input reads a psi none of whose
    /// guards holds are skipped); and they do fold and delete.
    #[test]
    fn random_functions_compute_the_same_by_execution() {
        let values = [
            -1i64,
            0,
            1,
            2,
            3,
            4,
            31,
            32,
            33,
            99,
            100,
            101,
            i64::from(i32::MIN),
        ];
        let (mut compared, mut folded, mut deleted) = (0, 0, 0);
        for case in 0..500u64 {
            let text = random_function(case * 7919 + 1);
            let f = parse::function(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            verify::verify(&f).unwrap_or_else(|e| panic!("{e}\n{text}"));
            let mut g = f.clone();
            let st = run(&mut g);
            folded += st.constants + st.psis_folded + st.psi_args_dropped;
            deleted += st.dead_removed;
            verify::verify(&g).unwrap_or_else(|e| panic!("case {case}: {e}\n{text}"));
            for a in values {
                for b in values {
                    let inp = [(Reg::G(16), a), (Reg::G(17), b)];
                    let Ok(want) = run_with_memory(&f, &inp) else {
                        continue;
                    };
                    compared += 1;
                    let got = run_with_memory(&g, &inp);
                    assert_eq!(
                        got.as_ref(),
                        Ok(&want),
                        "case {case}, a = {a}, b = {b}:\n{text}\n{}",
                        print::function(&g)
                    );
                }
            }
        }
        assert!(compared > 500 * 50, "only {compared} runs compared");
        assert!(
            folded > 500 && deleted > 500,
            "folded {folded}, deleted {deleted}"
        );
    }
}
