//! Sparse conditional constant propagation with copy propagation
//! (Wegman–Zadeck; SSA book ch. 7, S2 7.2–7.3, Alg. 7.1/7.2).
//!
//! Two worklists: CFG edges and SSA edges (def → use). An edge is marked
//! executable when its branch may take it; a block's non-phi instructions
//! are evaluated once, when it first becomes executable, and again only
//! when an operand's lattice value changes; a phi meets only the operands
//! arriving on executable edges.
//!
//! The lattice of a value is ⊤ (no information yet), a constant, a copy of
//! another value (the copy-of lattice of S2 7.3: a phi whose executable
//! operands are all copies of one value, or `x + 0`, `x * 1`, … ), or ⊥.
//! ⊥ of `v` means "copy of itself"; a copy always names a ⊥ value, so
//! copy chains have length one. Constants are stored as the interpreter
//! stores values: zero-extended from the value's type ([`eval::binary`]
//! folds with exactly [`crate::interp`]'s semantics).
//!
//! Rewrite: values known constant get their instruction replaced by an
//! `iconst`; copies are replaced by their source; branches with a known
//! condition become jumps; blocks never found executable are deleted.

use super::simplify_cfg::sync_phis;
use super::Stats;
use crate::hash::HashSet;
use crate::ir::eval::{self, mask, sext};
use crate::ir::map_operands;
use crate::ir::{BinaryOp, Block, Function, Inst, InstKind, Value, ValueDef};

/// Lattice value of an SSA value (S2 7.2–7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lattice {
    /// ⊤: not known yet (optimistic start).
    Top,
    /// A constant, zero-extended from the value's type.
    Const(u64),
    /// Equal to this other value (which is itself ⊥).
    Copy(Value),
    /// ⊥: varying; the value is its own copy-of representative.
    Bottom,
}

/// What the propagation found (exposed for tests and dumps).
pub struct Solution {
    /// Lattice value per SSA value.
    pub lattice: Vec<Lattice>,
    /// Executable flag per block.
    pub block_exec: Vec<bool>,
    /// Executable CFG edges `(from, to)`.
    pub edge_exec: HashSet<(Block, Block)>,
}

struct Engine<'a> {
    f: &'a Function,
    lat: Vec<Lattice>,
    block_exec: Vec<bool>,
    edge_exec: HashSet<(Block, Block)>,
    /// The users of value `v`, in layout order, are
    /// `uses[use_start[v]..use_start[v + 1]]`.
    use_start: Vec<usize>,
    uses: Vec<Inst>,
    cfg_work: Vec<(Block, Block)>,
    ssa_work: Vec<Inst>,
}

impl<'a> Engine<'a> {
    /// The lattice of operand `x` as seen by its users: ⊥ becomes
    /// "copy of x".
    fn eff(&self, x: Value) -> Lattice {
        match self.lat[x.index()] {
            Lattice::Bottom => Lattice::Copy(x),
            l => l,
        }
    }

    fn set(&mut self, v: Value, new: Lattice) {
        let old = self.lat[v.index()];
        // force monotonicity: new ⊓ old
        let new = match (old, new) {
            (_, Lattice::Top) => old,
            (Lattice::Top, n) => n,
            (o, n) if o == n => o,
            _ => Lattice::Bottom,
        };
        // a copy of itself is ⊥
        let new = if new == Lattice::Copy(v) {
            Lattice::Bottom
        } else {
            new
        };
        if new != old {
            self.lat[v.index()] = new;
            let users = &self.uses[self.use_start[v.index()]..self.use_start[v.index() + 1]];
            self.ssa_work.extend_from_slice(users);
        }
    }

    fn add_edge(&mut self, from: Block, to: Block) {
        if !self.edge_exec.contains(&(from, to)) {
            self.cfg_work.push((from, to));
        }
    }

    fn visit(&mut self, i: Inst) {
        let f = self.f;
        let d = &f.insts[i.index()];
        let b = d.block;
        match &d.kind {
            InstKind::Jump { dest } => self.add_edge(b, *dest),
            InstKind::Branch {
                cond, then, else_, ..
            } => match self.eff(*cond) {
                Lattice::Top => {}
                Lattice::Const(c) => {
                    let t = if c != 0 { *then } else { *else_ };
                    self.add_edge(b, t)
                }
                _ => {
                    self.add_edge(b, *then);
                    self.add_edge(b, *else_);
                }
            },
            InstKind::JumpTable { index, targets } => match self.eff(*index) {
                Lattice::Top => {}
                Lattice::Const(c) if usize::try_from(c).is_ok_and(|k| k < targets.len()) => {
                    self.add_edge(b, targets[c as usize])
                }
                _ => {
                    for &t in targets {
                        self.add_edge(b, t);
                    }
                }
            },
            k => {
                let Some(r) = d.result else {
                    return;
                };
                let l = if let InstKind::Phi { incoming, .. } = k {
                    if Some(&b) == f.layout.first() {
                        Lattice::Bottom
                    } else {
                        let mut acc = Lattice::Top;
                        for &(p, x) in incoming {
                            if !self.edge_exec.contains(&(p, b)) {
                                continue;
                            }
                            let e = if x == r {
                                self.lat[r.index()]
                            } else {
                                self.eff(x)
                            };
                            acc = meet(acc, e);
                        }
                        acc
                    }
                } else {
                    self.eval(k)
                };
                self.set(r, l);
            }
        }
    }

    /// Transfer function of a non-phi instruction.
    fn eval(&self, k: &InstKind) -> Lattice {
        use Lattice::*;
        match k {
            InstKind::Iconst { ty, imm } => Const(mask(*imm as u64, *ty)),
            InstKind::Binary { op, ty, args } => {
                let (a, b) = (self.eff(args[0]), self.eff(args[1]));
                if a == Top || b == Top {
                    return Top;
                }
                if let (Const(x), Const(y)) = (a, b) {
                    return eval::binary(*op, *ty, x, y).map_or(Bottom, Const);
                }
                let ones = mask(u64::MAX, *ty);
                let bits = ty.bits() as u64;
                match (op, a, b) {
                    // copies: x + 0, x - 0, x | 0, x ^ 0, x * 1, x & ~0, shifts by 0
                    (BinaryOp::Add | BinaryOp::Sub | BinaryOp::Or | BinaryOp::Xor, x, Const(0)) => {
                        x
                    }
                    (BinaryOp::Add | BinaryOp::Or | BinaryOp::Xor, Const(0), y) => y,
                    (BinaryOp::Mul, x, Const(1)) | (BinaryOp::Mul, Const(1), x) => x,
                    (BinaryOp::And, x, Const(c)) | (BinaryOp::And, Const(c), x) if c == ones => x,
                    (BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr, x, Const(c))
                        if c % bits == 0 =>
                    {
                        x
                    }
                    // absorbing constants
                    (BinaryOp::Mul | BinaryOp::And, _, Const(0))
                    | (BinaryOp::Mul | BinaryOp::And, Const(0), _) => Const(0),
                    (BinaryOp::Or, _, Const(c)) | (BinaryOp::Or, Const(c), _) if c == ones => {
                        Const(ones)
                    }
                    // x - x, x ^ x; x & x, x | x
                    (BinaryOp::Sub | BinaryOp::Xor, Copy(x), Copy(y)) if x == y => Const(0),
                    (BinaryOp::And | BinaryOp::Or, Copy(x), Copy(y)) if x == y => Copy(x),
                    _ => Bottom,
                }
            }
            InstKind::Unary { op, ty, arg } => match self.eff(*arg) {
                Top => Top,
                Const(x) => Const(eval::unary(*op, *ty, x)),
                _ => Bottom,
            },
            // a custom operation of constants is the constant its
            // expression gives (isa::custom, the simulator's meaning)
            InstKind::Custom { op, args } => {
                let mut vals = Vec::with_capacity(args.len());
                let mut top = false;
                for &a in args {
                    match self.eff(a) {
                        Top => top = true,
                        Const(x) => vals.push(x as i32),
                        _ => return Bottom,
                    }
                }
                if top {
                    Top
                } else {
                    Const(eval::custom(op, &vals))
                }
            }
            InstKind::Icmp { cond, ty, args } => match (self.eff(args[0]), self.eff(args[1])) {
                (Top, _) | (_, Top) => Top,
                (Const(x), Const(y)) => Const(eval::icmp(*cond, *ty, x, y)),
                // SSA book 7.3, Fig. 7.4, example T14: equal copy-of values compare equal
                (Copy(x), Copy(y)) if x == y => Const(eval::icmp_self(*cond)),
                _ => Bottom,
            },
            InstKind::Convert { op, from, to, arg } => match self.eff(*arg) {
                Top => Top,
                Const(x) => Const(eval::convert(*op, *from, *to, x)),
                _ => Bottom,
            },
            // floats: constants only, computed bit-exactly by the host's
            // IEEE 754 arithmetic; no algebraic identity (x + 0 is not x
            // for x = -0, x == x is not true for a NaN)
            InstKind::Fbinary { op, ty, args } => match (self.eff(args[0]), self.eff(args[1])) {
                (Top, _) | (_, Top) => Top,
                (Const(x), Const(y)) => Const(eval::fbinary(*op, *ty, x, y)),
                _ => Bottom,
            },
            InstKind::Fneg { ty, arg } => match self.eff(*arg) {
                Top => Top,
                Const(x) => Const(eval::fneg(*ty, x)),
                _ => Bottom,
            },
            InstKind::Fcmp { cond, ty, args } => match (self.eff(args[0]), self.eff(args[1])) {
                (Top, _) | (_, Top) => Top,
                (Const(x), Const(y)) => Const(eval::fcmp(*cond, *ty, x, y)),
                _ => Bottom,
            },
            // an out-of-range float-to-integer conversion is undefined:
            // left to run time
            InstKind::Fconvert { op, from, to, arg } => match self.eff(*arg) {
                Top => Top,
                Const(x) => eval::fconvert(*op, *from, *to, x).map_or(Bottom, Const),
                _ => Bottom,
            },
            _ => Bottom,
        }
    }

    fn run(&mut self) {
        let f = self.f;
        let Some(&entry) = f.layout.first() else {
            return;
        };
        self.mark_block(entry);
        loop {
            while !self.cfg_work.is_empty() || !self.ssa_work.is_empty() {
                if let Some((p, b)) = self.cfg_work.pop() {
                    if !self.edge_exec.insert((p, b)) {
                        continue;
                    }
                    if self.block_exec[b.index()] {
                        // only the phis see the new edge
                        for &i in &f.blocks[b.index()].insts {
                            if !matches!(f.insts[i.index()].kind, InstKind::Phi { .. }) {
                                break;
                            }
                            self.visit(i);
                        }
                    } else {
                        self.mark_block(b);
                    }
                } else if let Some(i) = self.ssa_work.pop() {
                    if self.block_exec[f.insts[i.index()].block.index()] {
                        self.visit(i);
                    }
                }
            }
            // safety net: a branch in an executable block whose condition
            // stayed ⊤ (impossible in strict SSA) is treated as ⊥
            let mut again = false;
            for &b in &f.layout {
                if !self.block_exec[b.index()] {
                    continue;
                }
                let (cond, targets) = match f.terminator(b) {
                    Some(InstKind::Branch {
                        cond, then, else_, ..
                    }) => (*cond, vec![*then, *else_]),
                    Some(InstKind::JumpTable { index, targets }) => (*index, targets.clone()),
                    _ => continue,
                };
                if self.eff(cond) == Lattice::Top {
                    self.lat[cond.index()] = Lattice::Bottom;
                    for t in targets {
                        self.add_edge(b, t);
                    }
                    let c = cond.index();
                    let users = &self.uses[self.use_start[c]..self.use_start[c + 1]];
                    self.ssa_work.extend_from_slice(users);
                    again = true;
                }
            }
            if !again {
                break;
            }
        }
    }

    fn mark_block(&mut self, b: Block) {
        self.block_exec[b.index()] = true;
        for &i in &self.f.blocks[b.index()].insts {
            self.visit(i);
        }
    }
}

fn meet(a: Lattice, b: Lattice) -> Lattice {
    match (a, b) {
        (Lattice::Top, x) | (x, Lattice::Top) => x,
        (x, y) if x == y => x,
        _ => Lattice::Bottom,
    }
}

/// Runs the propagation on `f` without changing it.
pub fn analyze(f: &Function) -> Solution {
    let nv = f.values.len();
    let mut lat = vec![Lattice::Top; nv];
    for (i, v) in f.values.iter().enumerate() {
        if matches!(v.def, ValueDef::Param(_)) {
            lat[i] = Lattice::Bottom;
        }
    }
    // the users of each value in one array: (value, user) pairs in layout
    // order, counted by value, then placed
    let mut pairs: Vec<(Value, Inst)> = Vec::new();
    let mut use_start = vec![0usize; nv + 1];
    for &b in &f.layout {
        for &i in &f.blocks[b.index()].insts {
            for v in f.insts[i.index()].kind.operands() {
                if v.index() < nv {
                    pairs.push((v, i));
                    use_start[v.index() + 1] += 1;
                }
            }
        }
    }
    for k in 0..nv {
        use_start[k + 1] += use_start[k];
    }
    let mut uses = vec![Inst(0); pairs.len()];
    let mut next = use_start.clone();
    for (v, i) in pairs {
        uses[next[v.index()]] = i;
        next[v.index()] += 1;
    }
    let mut e = Engine {
        f,
        lat,
        block_exec: vec![false; f.blocks.len()],
        edge_exec: HashSet::default(),
        use_start,
        uses,
        cfg_work: Vec::new(),
        ssa_work: Vec::new(),
    };
    e.run();
    Solution {
        lattice: e.lat,
        block_exec: e.block_exec,
        edge_exec: e.edge_exec,
    }
}

/// Runs the pass on `f`. Counters: "constants folded", "copies
/// propagated", "branches folded", "blocks removed".
pub fn run(f: &mut Function) -> Stats {
    let mut st = Stats::default();
    if f.layout.is_empty() {
        return st;
    }
    let sol = analyze(f);
    let mut repl: Vec<Option<Value>> = vec![None; f.values.len()];
    let mut folded = 0;
    let mut copies = 0;
    let mut branches = 0;
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        if !sol.block_exec[b.index()] {
            continue;
        }
        let insts = std::mem::take(&mut f.blocks[b.index()].insts);
        let mut keep = Vec::with_capacity(insts.len());
        let mut new_consts = Vec::new();
        for &i in &insts {
            let d = &f.insts[i.index()];
            let is_phi = matches!(d.kind, InstKind::Phi { .. });
            if let Some(r) = d.result {
                let pure = is_pure(&d.kind);
                match sol.lattice[r.index()] {
                    Lattice::Const(c) if pure => {
                        let ty = f.values[r.index()].ty;
                        if !matches!(d.kind, InstKind::Iconst { .. }) {
                            f.insts[i.index()].kind = InstKind::Iconst {
                                ty,
                                imm: sext(c, ty),
                            };
                            folded += 1;
                        }
                        if is_phi {
                            // an iconst may not stay among the phis
                            new_consts.push(i);
                            continue;
                        }
                    }
                    Lattice::Copy(w) if pure && w != r => {
                        repl[r.index()] = Some(w);
                        copies += 1;
                        continue;
                    }
                    _ => {}
                }
            }
            if let InstKind::Branch {
                cond, then, else_, ..
            } = f.insts[i.index()].kind
            {
                if let Lattice::Const(c) = sol.lattice[cond.index()] {
                    let dest = if c != 0 { then } else { else_ };
                    f.insts[i.index()].kind = InstKind::Jump { dest };
                    branches += 1;
                }
            }
            if let InstKind::JumpTable { index, targets } = &f.insts[i.index()].kind {
                if let Lattice::Const(c) = sol.lattice[index.index()] {
                    if let Some(&dest) = usize::try_from(c).ok().and_then(|k| targets.get(k)) {
                        f.insts[i.index()].kind = InstKind::Jump { dest };
                        branches += 1;
                    }
                }
            }
            keep.push(i);
        }
        if !new_consts.is_empty() {
            let at = keep
                .iter()
                .position(|&i| !matches!(f.insts[i.index()].kind, InstKind::Phi { .. }))
                .unwrap_or(keep.len());
            keep.splice(at..at, new_consts);
        }
        f.blocks[b.index()].insts = keep;
    }
    let before = f.layout.len();
    f.layout.retain(|b| sol.block_exec[b.index()]);
    let removed = before - f.layout.len();
    // replace copies by their source (a copy always names a ⊥ value)
    if copies > 0 {
        for bi in 0..f.layout.len() {
            let b = f.layout[bi];
            for k in 0..f.blocks[b.index()].insts.len() {
                let i = f.blocks[b.index()].insts[k];
                map_operands(&mut f.insts[i.index()].kind, |v| {
                    repl[v.index()].unwrap_or(v)
                });
            }
        }
    }
    // the edges changed only if a branch was folded or a block removed
    if branches > 0 || removed > 0 {
        sync_phis(f);
    }
    st.add("constants folded", folded);
    st.add("copies propagated", copies);
    st.add("branches folded", branches);
    st.add("blocks removed", removed as u64);
    st
}

/// Whether an instruction can be deleted or replaced when its result is
/// known (no side effect, cannot trap in a way C defines).
pub(crate) fn is_pure(k: &InstKind) -> bool {
    matches!(
        k,
        InstKind::Iconst { .. }
            | InstKind::Binary { .. }
            | InstKind::Unary { .. }
            | InstKind::Custom { .. }
            | InstKind::Icmp { .. }
            | InstKind::Convert { .. }
            | InstKind::Fbinary { .. }
            | InstKind::Fneg { .. }
            | InstKind::Fcmp { .. }
            | InstKind::Fconvert { .. }
            | InstKind::Load { .. }
            | InstKind::SlotAddr { .. }
            | InstKind::GlobalAddr { .. }
            | InstKind::Phi { .. }
            | InstKind::VaStart
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ir::verify_function;

    use crate::opt::testutil::module;

    use crate::opt::testutil::exit_code;

    /// Value named `%name` in the parsed text: parse_module numbers values
    /// in definition order, so look it up through the printed form.
    fn val(f: &Function, text: &str, name: &str) -> Value {
        // values are numbered params first, then in order of definition
        let mut n = f.params.len() as u32;
        for line in text.lines() {
            let l = line.trim();
            if let Some((lhs, _)) = l.split_once(" = ") {
                if lhs == name {
                    return Value(n);
                }
                n += 1;
            } else if l.starts_with("call") {
                // calls without a result still get none
            }
        }
        panic!("no {name}");
    }

    const T12: &str = "
func @t12(i32 %c) -> i32 {
b0:
  %y1 = iconst.i32 6
  br %c, b1, b2
b1:
  %x1 = iconst.i32 4
  jump b3
b2:
  %x2 = iconst.i32 5
  jump b3
b3:
  %x3 = phi.i32 [b1: %x1], [b2: %x2]
  %z1 = add.i32 %x3, %y1
  ret %z1
}
";

    #[test]
    fn t12a_unknown_condition() {
        // SSA book 7.2, Fig. 7.1/7.2, example T12 (a): x1=4, x2=5, y1=6, x3=⊥, z1=⊥
        let m = module(T12);
        let f = &m.functions[0];
        let s = analyze(f);
        let l = |n| s.lattice[val(f, T12, n).index()];
        assert_eq!(l("%x1"), Lattice::Const(4));
        assert_eq!(l("%x2"), Lattice::Const(5));
        assert_eq!(l("%y1"), Lattice::Const(6));
        assert_eq!(l("%x3"), Lattice::Bottom);
        assert_eq!(l("%z1"), Lattice::Bottom);
    }

    #[test]
    fn t12b_false_condition() {
        // SSA book 7.2, Fig. 7.1/7.2, example T12 (b): c = cmpeq 0, 1: B0→B1 never executable,
        // x3 = 5, z1 = 11
        let text = T12
            .replace("func @t12(i32 %c)", "func @main()")
            .replace(
                "  %y1 = iconst.i32 6\n",
                "  %y1 = iconst.i32 6\n  %k0 = iconst.i32 0\n  %k1 = iconst.i32 1\n  %c = icmp.eq.i32 %k0, %k1\n",
            );
        let mut m = module(&text);
        let f = &m.functions[0];
        let s = analyze(f);
        assert!(!s.block_exec[1], "B1 never visited");
        assert!(!s.edge_exec.contains(&(Block(0), Block(1))));
        assert_eq!(s.lattice[val(f, &text, "%x3").index()], Lattice::Const(5));
        assert_eq!(s.lattice[val(f, &text, "%z1").index()], Lattice::Const(11));
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("branches folded"), 1);
        assert_eq!(st.get("blocks removed"), 1);
        assert_eq!(exit_code(&m), 11);
        // the return reads a constant
        let f = &m.functions[0];
        let Some(InstKind::Ret { value: Some(r) }) = f.terminator(*f.layout.last().unwrap()) else {
            panic!()
        };
        assert_eq!(super::super::simplify_cfg::const_of(f, *r), Some(11));
    }

    /// A jump table whose index is the constant 2 on every executable
    /// path (a phi of 2 and 2): only entry 2 (`b4`) is executable, the
    /// table becomes `jump b4`, `b3` and `b5` are removed; main returns
    /// 40 (by hand).
    #[test]
    fn jump_table_with_a_constant_index_is_folded() {
        let text = "
func @main() -> i32 {
b0:
  %c = call.i32 @in()
  %two = iconst.i32 2
  br %c, b1, b2
b1:
  jump b2
b2:
  %i = phi.i32 [b0: %two], [b1: %two]
  jumptable %i, [b3, b5, b4, b3]
b3:
  %x = iconst.i32 30
  ret %x
b4:
  %y = iconst.i32 40
  ret %y
b5:
  %z = iconst.i32 50
  ret %z
}
func @in() -> i32 {
b0:
  %k = iconst.i32 1
  ret %k
}
";
        let mut m = module(text);
        let s = analyze(&m.functions[0]);
        assert_eq!(s.block_exec[..], [true, true, true, false, true, false]);
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("branches folded"), 1);
        assert_eq!(st.get("blocks removed"), 2);
        let f = &m.functions[0];
        assert!(!f
            .insts
            .iter()
            .any(|d| matches!(d.kind, InstKind::JumpTable { .. }) && f.layout.contains(&d.block)));
        assert_eq!(exit_code(&m), 40);
    }

    #[test]
    fn t13_copy_of_at_a_join() {
        // SSA book 7.3, Fig. 7.3, example T13 (b): copyof(x3) = y1 (x1 = y1 and x2 = y1 written
        // as `add y1, 0`, our IR's copies); (a) y1 = x1; z1 = y1 gives
        // copyof(z1) = x1.
        let text = "
func @t13(i32 %c, i32 %x0) -> i32 {
b0:
  %zero = iconst.i32 0
  %y1 = call.i32 @in()
  %ya = add.i32 %x0, %zero
  %za = or.i32 %ya, %zero
  br %c, b1, b2
b1:
  %x1 = add.i32 %y1, %zero
  jump b3
b2:
  %x2 = add.i32 %y1, %zero
  jump b3
b3:
  %x3 = phi.i32 [b1: %x1], [b2: %x2]
  %r = add.i32 %x3, %za
  ret %r
}
";
        let mut m = module(text);
        let f = &m.functions[0];
        let s = analyze(f);
        let l = |n| s.lattice[val(f, text, n).index()];
        let y1 = val(f, text, "%y1");
        assert_eq!(l("%x1"), Lattice::Copy(y1));
        assert_eq!(l("%x3"), Lattice::Copy(y1));
        assert_eq!(l("%za"), Lattice::Copy(f.params[1]));
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("copies propagated"), 5);
        // the add now reads y1 and the parameter directly
        let f = &m.functions[0];
        let last = *f.layout.last().unwrap();
        let insts = &f.blocks[last.index()].insts;
        assert_eq!(insts.len(), 2, "phi gone:\n{}", m.print());
        assert_eq!(
            f.insts[insts[0].index()].kind.operands()[..],
            [y1, f.params[1]]
        );
    }

    const T14: &str = "
func @main() -> i32 {
b0:
  %x1 = call.i32 @rand()
  jump b1
b1:
  %x2 = phi.i32 [b0: %x1], [b4: %x4]
  %p = icmp.eq.i32 %x2, %x1
  br %p, b4, b3
b3:
  %x3 = call.i32 @rand()
  jump b4
b4:
  %x4 = phi.i32 [b1: %x2], [b3: %x3]
  %q = call.i32 @rand()
  %k = iconst.i32 3
  %qq = and.i32 %q, %k
  br %qq, b1, b5
b5:
  %m = iconst.i32 255
  %r = and.i32 %x4, %m
  ret %r
}
";

    #[test]
    fn t14_copy_propagation_through_a_loop() {
        // SSA book 7.3, Fig. 7.4, example T14: copyof(x2) = copyof(x4) = x1; e2 (b1→b3) and e4
        // (b3→b4) never executable, op4 never visited; `cmpeq x2, x1`
        // folds to true.
        let mut m = module(T14);
        let want = exit_code(&m);
        let f = &m.functions[0];
        let s = analyze(f);
        let x1 = val(f, T14, "%x1");
        let l = |n| s.lattice[val(f, T14, n).index()];
        assert_eq!(l("%x2"), Lattice::Copy(x1));
        assert_eq!(l("%x4"), Lattice::Copy(x1));
        assert_eq!(l("%p"), Lattice::Const(1));
        assert!(!s.block_exec[2]);
        assert!(!s.edge_exec.contains(&(Block(1), Block(2))));
        assert!(!s.edge_exec.contains(&(Block(2), Block(3))));
        assert_eq!(l("%x3"), Lattice::Top, "op4 never visited");
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("copies propagated"), 2);
        assert_eq!(st.get("branches folded"), 1);
        assert_eq!(st.get("blocks removed"), 1);
        let f = &m.functions[0];
        // the return path reads x1 directly, no phi is left
        assert!(f.layout.iter().all(|b| f.blocks[b.index()]
            .insts
            .iter()
            .all(|i| !matches!(f.insts[i.index()].kind, InstKind::Phi { .. }))));
        assert_eq!(exit_code(&m), want);
    }

    #[test]
    fn folds_every_constant_of_a_loop_program() {
        // sum of 0..10 with constant bounds: the loop stays (its phis are
        // ⊥), the interpreter result does not change; the constant test
        // of the exit block folds.
        let text = "
func @main() -> i32 {
b0:
  %z = iconst.i32 0
  %n = iconst.i32 10
  %one = iconst.i32 1
  %two = iconst.i32 2
  %t = icmp.slt.i32 %one, %two
  jump h
h:
  %i = phi.i32 [b0: %z], [body: %i2]
  %s = phi.i32 [b0: %z], [body: %s2]
  %k = phi.i32 [b0: %one], [body: %k]
  %c = icmp.slt.i32 %i, %n
  br %c, body, x
body:
  %s2 = add.i32 %s, %i
  %i2 = add.i32 %i, %k
  jump h
x:
  br %t, y, w
w:
  %bad = iconst.i32 99
  ret %bad
y:
  ret %s
}
";
        let mut m = module(text);
        let want = exit_code(&m);
        assert_eq!(want, 45);
        let f = &m.functions[0];
        let s = analyze(f);
        assert_eq!(s.lattice[val(f, text, "%k").index()], Lattice::Const(1));
        assert_eq!(s.lattice[val(f, text, "%i").index()], Lattice::Bottom);
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("constants folded"), 2); // %t and %k
        assert_eq!(st.get("branches folded"), 1);
        assert_eq!(st.get("blocks removed"), 1);
        assert_eq!(exit_code(&m), want);
    }

    /// Float constants fold bit-exactly (0.1 + 0.2 = 0x3FD3333333333334,
    /// IEEE 754 binary64 by hand: 0.30000000000000004); an out-of-range
    /// conversion (3e9 to i32, undefined) and `x == x` (false for a NaN)
    /// stay for run time.
    #[test]
    fn floats_fold_bit_exactly_and_only_when_defined() {
        let text = "
func @main(f64 %x) -> i64 {
b0:
  %a = iconst.f64 4591870180066957722
  %b = iconst.f64 4596373779694328218
  %s = fadd.f64 %a, %b
  %big = iconst.f64 4748581863621132288
  %i = fptosi.f64.i32 %big
  %e = fcmp.oeq.f64 %x, %x
  %n = fneg.f64 %s
  %t = fcmp.olt.f64 %n, %a
  %bits = call.i64 @keep(%s, %i, %e, %t)
  ret %bits
}
";
        let mut m = module(text);
        let f = &mut m.functions[0];
        run(f);
        verify_function(f).unwrap();
        let mut out = String::new();
        f.print(&mut out);
        assert!(out.contains("iconst.f64 4599075939470750516"), "{out}");
        assert!(out.contains("fptosi.f64.i32"), "{out}");
        assert!(out.contains("fcmp.oeq.f64"), "{out}");
        assert!(!out.contains("fcmp.olt"), "{out}");
        assert!(!out.contains("fadd"), "{out}");
    }
}
