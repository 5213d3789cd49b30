//! Instruction selection: IR ([`crate::ir`]) to machine IR ([`super::mir`])
//! on virtual registers, with the calling convention of ISA-ST200 §7.1–7.3
//! made explicit as moves to and from pinned argument registers.
//!
//! Two modes ([`select_with`]):
//! - non-SSA (`-O0`): IR phis become copies on the incoming edges
//!   (critical edges split) and the calling convention uses the physical
//!   registers `$r15`–`$r23`, `$r63` directly;
//! - machine SSA (SSA book §17.1, §19.1; Rastello et al. 2005 §2.1; S2 17.1.3, Fig. 19.4; seed
//!   `out-of-ssa-renaming-constraints.txt` §2.1): every virtual register has
//!   exactly one definition, IR phis become machine `phi`s at the top of the
//!   machine block that starts the IR block (one operand per machine
//!   predecessor), and every register constraint of the calling convention
//!   is a `pcopy` between ordinary virtual registers and fresh virtual
//!   registers pinned ([`MFunc::pinned_vreg`]) to the physical register,
//!   placed immediately before the `call`/`return` (arguments, results) or
//!   immediately after the `call`/function entry (results, parameters). The
//!   incoming registers themselves are defined at entry by an "input"
//!   `pcopy %p = $rN` whose destination is pinned to its own source. The
//!   stack pointer `$r12` and `$r0` stay physical (S2 17.1.3: keep SP out of
//!   SSA); call clobbers stay physical implicit definitions. Checked by
//!   [`super::mir::verify`], removed by [`super::out_of_ssa`].
//!
//! Values of 8 and 16 bits live in a GR whose upper bits are unspecified;
//! operations whose result depends on them (compares, right shifts,
//! division, widening) extend first, unless the `ext` module knows the
//! register is extended already (sub-word loads extend, §4.6). 64-bit
//! values are pairs of GRs (low word first); `add` uses `addcg` carry
//! chains (§4.4); shifts by a constant are 32-bit shifts (§4.1); multiply
//! is inline on cores with `mul32` and `mul64hu` (§4.5); divide, the
//! ST220's multiply and variable shifts call the libgcc-style helpers
//! named in [`HELPERS`].

use super::mir::*;
use crate::hash::HashMap;
use crate::ir::{
    BinaryOp, Block, CallAbi, Callee, Cond, ConvOp, Function, Inst, InstKind, Module, Type,
    UnaryOp, Value, ValueDef,
};
use isa::abi;
use isa::ops::Core;

/// The error of a float operation or type reaching instruction selection
/// (a compiler bug: [`crate::opt::softfloat`] runs first).
const FLOAT_IN_ISEL: &str =
    "internal error: a float operation reached instruction selection without soft-float legalisation";

mod ext;

/// Runtime helper routines the back end calls (libgcc names and semantics;
/// 32-bit arguments in `$r16`, `$r17`; 64-bit ones in `$r16:$r17`,
/// `$r18:$r19` low word first; results in `$r16` or `$r16:$r17`).
pub const HELPERS: [&str; 12] = [
    "__divsi3",
    "__udivsi3",
    "__modsi3",
    "__umodsi3",
    "__divdi3",
    "__udivdi3",
    "__moddi3",
    "__umoddi3",
    "__muldi3",
    "__ashldi3",
    "__ashrdi3",
    "__lshrdi3",
];

/// The registers a call of `callee` may change: fewer for a runtime
/// support routine ([`Reg::clobbers_of_call`]).
fn callee_clobbers(callee: &Callee) -> Vec<Reg> {
    match callee {
        Callee::Direct(n) => Reg::clobbers_of_call(n),
        _ => Reg::call_clobbers(),
    }
}

/// Size in bytes of the struct a `sret` function returns, found from the
/// `memcpy` into its hidden first parameter (the only way the front end
/// writes the result); None if unknown. Caller and callee both use this,
/// so they agree on register versus `$r15` return (§7.2).
pub fn sret_size(f: &Function) -> Option<u32> {
    if !f.sret {
        return None;
    }
    let p = *f.params.first()?;
    f.insts.iter().find_map(|d| match d.kind {
        InstKind::MemCopy { dst, size, .. } if dst == p => Some(size),
        _ => None,
    })
}

/// How a function's arguments occupy the word sequence of §7.2.
#[derive(Clone, Debug)]
enum ArgLoc {
    /// One word at this index.
    Word(u32),
    /// Two words (64-bit), even index.
    Pair(u32),
    /// A struct by value: `n` words from this index.
    Block(u32, u32),
    /// The hidden result address passed in `$r15` (large struct result).
    R15,
    /// The hidden result address of a small struct result: not passed;
    /// the result comes back in `$r16`….
    SmallRet(u32),
}

/// Word layout of `tys` (with byval info and sret size) per §7.2; returns
/// the locations and the total number of words.
fn layout_args(
    tys: &[Type],
    byval: &[Option<(u32, u32)>],
    sret: Option<Option<u32>>,
) -> (Vec<ArgLoc>, u32) {
    let mut w = 0u32;
    let mut out = Vec::new();
    for (i, t) in tys.iter().enumerate() {
        if i == 0 {
            if let Some(s) = sret {
                out.push(match s {
                    Some(n) if n <= abi::MAX_STRUCT_RET_BYTES => ArgLoc::SmallRet(n),
                    _ => ArgLoc::R15,
                });
                continue;
            }
        }
        if let Some(Some((size, align))) = byval.get(i) {
            if *align >= 8 {
                w = (w + 1) & !1;
            }
            let n = size.div_ceil(4);
            out.push(ArgLoc::Block(w, n));
            w += n;
        } else if *t == Type::I64 {
            w = (w + 1) & !1;
            out.push(ArgLoc::Pair(w));
            w += 2;
        } else {
            out.push(ArgLoc::Word(w));
            w += 1;
        }
    }
    (out, w)
}

struct Sel<'a> {
    m: &'a Module,
    f: &'a Function,
    core: Core,
    /// Machine-SSA mode.
    ssa: bool,
    /// SSA mode: per IR block, the incoming phi operands recorded at each
    /// predecessor's terminator: (machine predecessor block, one register
    /// per machine word of each phi of the block, in phi order).
    phi_in: Vec<Vec<(MBlockId, Vec<Reg>)>>,
    mf: MFunc,
    cur: MBlockId,
    vmap: Vec<Vec<Reg>>,
    consts: Vec<Option<i64>>,
    defs: Vec<Option<Inst>>,
    slot_obj: Vec<u32>,
    block_first: Vec<MBlockId>,
    block_last: Vec<MBlockId>,
    split: Vec<MBlockId>,
    loc: Option<(u32, u32)>,
    /// The object the IR load or store being selected touches (put on the
    /// loads and stores emitted for it).
    mem: Option<MemObject>,
    /// The type of the IR load or store being selected, in a function
    /// where type-based alias rules hold (put on its loads and stores).
    access_type: Option<crate::ir::Type>,
    /// Whether the IR instruction being selected is a volatile access
    /// (put on its loads and stores).
    volatile: bool,
    sret_small: Option<(Reg, u32)>,
    nfixed_words: u32,
    /// Per value, the extension facts ([`ext`]) of its register.
    ext_facts: Vec<u8>,
    /// Per value: a sub-word load selected as `ldbu`/`ldhu` (all its uses
    /// zero-extend it or store it).
    unsigned_load: Vec<bool>,
    /// Jump tables selected so far ([`Opnd::Table`] numbers).
    tables: u32,
    /// Per value used as a variable shift count, and the width of the
    /// shift: the register holding the count masked to the width (`and t
    /// = y, bits − 1`, the IR's shift semantics), set once where the value
    /// is defined so that every shift by it (the eight `>> shift` of a
    /// butterfly) shares one mask, outside the loop when the count is
    /// invariant.
    shift_counts: HashMap<(Value, i64), Reg>,
}

fn cc_name(c: Cond) -> &'static str {
    match c {
        Cond::Eq => "cmpeq",
        Cond::Ne => "cmpne",
        Cond::Slt => "cmplt",
        Cond::Sle => "cmple",
        Cond::Sgt => "cmpgt",
        Cond::Sge => "cmpge",
        Cond::Ult => "cmpltu",
        Cond::Ule => "cmpleu",
        Cond::Ugt => "cmpgtu",
        Cond::Uge => "cmpgeu",
    }
}

fn signed_cond(c: Cond) -> bool {
    matches!(c, Cond::Slt | Cond::Sle | Cond::Sgt | Cond::Sge)
}

fn off_add(o: &Opnd, d: i64) -> Opnd {
    match o {
        Opnd::Imm(v) => Opnd::Imm(v + d),
        Opnd::Sym(s, a) => Opnd::Sym(s.clone(), a + d),
        Opnd::Frame(FrameRef::Obj(n, e)) => Opnd::Frame(FrameRef::Obj(*n, e + d as i32)),
        Opnd::Frame(FrameRef::Incoming(e)) => Opnd::Frame(FrameRef::Incoming(e + d as i32)),
        o => o.clone(),
    }
}

const SP: Reg = Reg::SP;
/// Most accesses a block copy or zeroing is unrolled into; a longer one
/// becomes a loop (a code-size choice, not an ISA fact).
const MAX_UNROLLED_COPY: u32 = 16;
const ZERO: Reg = Reg::ZERO;

/// Of a struct argument of `n` words from argument word `w` (§7.2): how
/// many words go in registers, and whether the rest, on the stack, is
/// long enough to be copied with a loop rather than word by word.
fn block_split(w: u32, n: u32) -> (u32, bool) {
    let in_regs = abi::ARG_REG_COUNT.saturating_sub(w).min(n);
    (in_regs, n - in_regs > MAX_UNROLLED_COPY)
}

impl Sel<'_> {
    /// True if the selected core has an operation written `mnemonic`
    /// (ISA-ST200 §4.11–§4.12: e.g. the ST240 has no `sh4add`).
    fn has(&self, mnemonic: &str) -> bool {
        isa::Opcode::by_mnemonic(mnemonic)
            .iter()
            .any(|o| o.info().cores.contains(self.core))
    }
}

/// Selects machine operations for `f` in non-SSA mode (see
/// [`select_with`]). Errors name the unsupported construct.
pub fn select(m: &Module, f: &Function, core: Core) -> Result<MFunc, String> {
    select_with(m, f, core, false)
}

/// Selects machine operations for `f`; `ssa` selects machine SSA (module
/// documentation), else non-SSA code with phis already replaced by copies.
/// Errors name the unsupported construct.
pub fn select_with(m: &Module, f: &Function, core: Core, ssa: bool) -> Result<MFunc, String> {
    let nv = f.values.len();
    let mut s = Sel {
        m,
        f,
        core,
        ssa,
        phi_in: vec![vec![]; f.blocks.len()],
        mf: MFunc {
            asm: vec![],
            align: f.align,
            name: f.name.clone(),
            global: f.linkage == crate::ir::Linkage::External,
            blocks: vec![],
            order: vec![],
            vclass: vec![],
            objs: vec![],
            out_args: 0,
            has_calls: false,
            variadic: f.variadic,
            pin: vec![],
            loc: f.loc,
        },
        cur: MBlockId(0),
        vmap: vec![vec![]; nv],
        consts: vec![None; nv],
        defs: vec![None; nv],
        slot_obj: vec![],
        block_first: vec![MBlockId(u32::MAX); f.blocks.len()],
        block_last: vec![MBlockId(u32::MAX); f.blocks.len()],
        split: vec![],
        loc: None,
        mem: None,
        access_type: None,
        volatile: false,
        sret_small: None,
        nfixed_words: 0,
        ext_facts: vec![0; nv],
        unsigned_load: vec![false; nv],
        tables: 0,
        shift_counts: HashMap::default(),
    };
    s.run()?;
    Ok(s.mf)
}

impl<'a> Sel<'a> {
    fn new_block(&mut self) -> MBlockId {
        self.mf.new_block()
    }
    fn emit(&mut self, mut i: MInst) {
        i.loc = self.loc;
        if (self.mem.is_some() || self.access_type.is_some() || self.volatile)
            && crate::codegen::sched::list::is_mem(i.class_unit().0)
        {
            i.mem = self.mem.clone();
            i.access_type = self.access_type;
            i.volatile = self.volatile;
        }
        let cur = self.cur;
        self.mf.block_mut(cur).insts.push(i);
    }
    /// The object an IR address points into ([`crate::opt::alias::object_of`]).
    fn object(&self, addr: Value) -> Option<MemObject> {
        use crate::opt::alias::{object_of, Base};
        match object_of(self.f, addr)? {
            Base::Global(name) => Some(MemObject::Sym(name)),
            Base::Slot(s) => self.slot_obj.get(s.index()).map(|&o| MemObject::Frame(o)),
            Base::Restrict(v) => Some(MemObject::Restrict(v.0)),
            Base::Version(v) => Some(MemObject::Version(v.0)),
            Base::Value(_) => None,
        }
    }
    /// Emits the operation written `op` on `ops` ([`MFunc::inst`]).
    fn e(&mut self, op: &str, ops: Vec<Opnd>) {
        let i = self.mf.inst(op, ops);
        self.emit(i);
    }
    fn gv(&mut self) -> Reg {
        self.mf.vreg(Class::Gr)
    }
    fn bv(&mut self) -> Reg {
        self.mf.vreg(Class::Br)
    }
    fn mov(&mut self, d: Reg, s: Opnd) {
        self.e("mov", vec![r(d), s]);
    }
    fn op3(&mut self, op: &'static str, d: Reg, a: Reg, b: Opnd) {
        self.e(op, vec![r(d), r(a), b]);
    }

    fn run(&mut self) -> Result<(), String> {
        let f = self.f;
        // which values are compare results used only by branches: BR class
        let mut only_branch = vec![true; f.values.len()];
        let mut used = vec![false; f.values.len()];
        for &b in &f.layout {
            for &i in &f.blocks[b.index()].insts {
                let k = &f.insts[i.index()].kind;
                for v in k.operands() {
                    used[v.index()] = true;
                    let is_cond = matches!(k, InstKind::Branch { cond, .. } if *cond == v);
                    if !is_cond {
                        only_branch[v.index()] = false;
                    }
                }
            }
        }
        for (vi, vd) in f.values.iter().enumerate() {
            let br = match vd.def {
                ValueDef::Inst(i) => {
                    self.defs[vi] = Some(i);
                    match &f.insts[i.index()].kind {
                        InstKind::Iconst { imm, .. } => {
                            self.consts[vi] = Some(*imm);
                            false
                        }
                        InstKind::Icmp { .. } => used[vi] && only_branch[vi],
                        _ => false,
                    }
                }
                ValueDef::Param(_) => false,
            };
            self.vmap[vi] = if br {
                vec![self.bv()]
            } else if vd.ty == Type::I64 {
                vec![self.gv(), self.gv()]
            } else {
                vec![self.gv()]
            };
        }
        for &b in &f.layout {
            for &i in &f.blocks[b.index()].insts {
                if let InstKind::Binary {
                    op: BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr,
                    ty,
                    args: [_, y],
                } = f.insts[i.index()].kind
                {
                    if ty != Type::I64 && self.consts[y.index()].is_none() {
                        let t = self.gv();
                        self.shift_counts.entry((y, ty.bits() as i64)).or_insert(t);
                    }
                }
            }
        }
        for sd in &f.slots {
            let o = self.mf.obj(
                sd.size.max(1).div_ceil(4) * 4,
                sd.align.clamp(abi::WORD_BYTES, abi::MAX_ALIGN),
            );
            self.slot_obj.push(o);
        }
        self.analyse_extensions();
        // entry block: parameters
        let entry = self.new_block();
        self.mf.order.push(entry);
        for &b in &f.layout {
            let nb = self.new_block();
            self.block_first[b.index()] = nb;
            self.block_last[b.index()] = nb;
        }
        self.cur = entry;
        self.params();
        for &b in &f.layout.clone() {
            let nb = self.block_first[b.index()];
            self.cur = nb;
            self.mf.order.push(nb);
            if Some(&b) == f.layout.first() {
                // (in the first block, not the parameter block, so that
                // the masks share its bundles)
                for &p in &f.params {
                    self.mask_shift_counts(p);
                }
            }
            for &i in &f.blocks[b.index()].insts {
                let d = &f.insts[i.index()];
                self.loc = d.loc;
                // a volatile access is selected as the ordinary access,
                // its machine operations marked volatile
                let plain;
                let kind = match d.kind {
                    InstKind::VolatileLoad { ty, addr } => {
                        plain = InstKind::Load { ty, addr };
                        &plain
                    }
                    InstKind::VolatileStore { ty, addr, value } => {
                        plain = InstKind::Store { ty, addr, value };
                        &plain
                    }
                    ref k => k,
                };
                self.volatile = kind != &d.kind;
                self.mem = match kind {
                    InstKind::Load { addr, .. } | InstKind::Store { addr, .. } => {
                        self.object(*addr)
                    }
                    _ => None,
                };
                self.access_type = match *kind {
                    InstKind::Load { ty, .. } | InstKind::Store { ty, .. } if f.strict_aliasing => {
                        Some(ty)
                    }
                    _ => None,
                };
                self.inst(b, kind, d.result)?;
                if let Some(v) = d.result {
                    self.mask_shift_counts(v);
                }
            }
            self.loc = None;
            self.mem = None;
            self.access_type = None;
            self.volatile = false;
        }
        let split = std::mem::take(&mut self.split);
        self.mf.order.extend(split);
        if self.ssa {
            self.build_phis();
        }
        self.cleanup();
        Ok(())
    }

    /// SSA mode: the machine `phi`s of every IR block with phis, at the top
    /// of the machine block that starts it, from the operands recorded at
    /// the predecessors' terminators. A machine predecessor that is not the
    /// end of an IR predecessor (the parameter block falling into an entry
    /// block that is also a loop header; a block ending in `unreachable`
    /// falling through) gets a fresh register set to `$r0` (the value is
    /// undefined on that edge).
    fn build_phis(&mut self) {
        let f = self.f;
        for &b in &f.layout {
            let mut dsts = vec![];
            for &i in &f.blocks[b.index()].insts {
                let d = &f.insts[i.index()];
                if !matches!(d.kind, InstKind::Phi { .. }) {
                    break;
                }
                if let Some(res) = d.result {
                    dsts.extend(self.vmap[res.index()].iter().copied());
                }
            }
            if dsts.is_empty() {
                continue;
            }
            let incoming = std::mem::take(&mut self.phi_in[b.index()]);
            let phis: Vec<MInst> = dsts
                .iter()
                .enumerate()
                .map(|(j, &dst)| {
                    let mut ops = vec![r(dst)];
                    for (pred, regs) in &incoming {
                        ops.push(Opnd::Label(*pred));
                        ops.push(r(regs[j]));
                    }
                    MInst::phi(ops)
                })
                .collect();
            let nb = self.block_first[b.index()];
            self.mf.block_mut(nb).insts.splice(0..0, phis);
        }
        // machine predecessors without an operand
        let cfg = Cfg::new(&self.mf);
        for b in self.mf.block_ids() {
            for &p in cfg.preds(b) {
                let nphi = self
                    .mf
                    .block(b)
                    .insts
                    .iter()
                    .take_while(|i| i.op == MOp::Phi)
                    .count();
                for k in 0..nphi {
                    let has = self.mf.block(b).insts[k].ops.contains(&Opnd::Label(p));
                    if has {
                        continue;
                    }
                    let t = self.gv();
                    let insts = &mut self.mf.block_mut(p).insts;
                    let at =
                        insts.len() - insts.iter().rev().take_while(|i| i.is_terminator()).count();
                    insts.insert(at, MInst::new(opc::MOV_R, vec![r(t), r(ZERO)]));
                    let phi = &mut self.mf.block_mut(b).insts[k];
                    phi.ops.push(Opnd::Label(p));
                    phi.ops.push(r(t));
                }
            }
        }
    }

    /// Removes `goto` to the next block, turns `br b, next; goto x` into
    /// `brf b, x`, and deletes pure operations whose results are unused.
    fn cleanup(&mut self) {
        let order = self.mf.order.clone();
        for (k, &b) in order.iter().enumerate() {
            let next = order.get(k + 1).copied();
            let insts = &mut self.mf.block_mut(b).insts;
            let n = insts.len();
            let cond = |i: &MInst| i.is(opc::BR) || i.is(opc::BRF);
            if n >= 2 && insts[n - 1].is(opc::GOTO) && cond(&insts[n - 2]) {
                if let (Opnd::Label(t), Some(nx)) = (&insts[n - 2].ops[1], next) {
                    if *t == nx {
                        let g = insts.pop().expect("goto");
                        let br = insts.last_mut().expect("br");
                        let flipped = if br.is(opc::BR) { opc::BRF } else { opc::BR };
                        br.op = MOp::Isa(flipped);
                        br.ops[1] = g.ops[0].clone();
                        br.prob = br.prob.map(crate::ir::Prob::complement);
                    }
                }
            }
            if let Some(last) = insts.last() {
                if last.is(opc::GOTO)
                    && last.ops[0] == Opnd::Label(next.unwrap_or(MBlockId(u32::MAX)))
                {
                    insts.pop();
                }
            }
        }
        self.delete_dead();
    }

    /// Deletes pure operations whose results (all virtual registers) are
    /// read nowhere, then those that only they read, and so on (a
    /// worklist over the use counts: the operations a repeated scan would
    /// delete, found in one).
    fn delete_dead(&mut self) {
        let nv = self.mf.vclass.len();
        let mut uses = vec![0u32; nv];
        for b in &self.mf.blocks {
            for i in &b.insts {
                i.for_each_use(|u| {
                    if let Reg::V(v) = u {
                        uses[v.index()] += 1;
                    }
                });
            }
        }
        // the candidates: pure operations defining virtual registers only,
        // by flat index (blocks in arena order); for each register the
        // candidates defining it, as a linked list
        let mut start = Vec::with_capacity(self.mf.blocks.len() + 1);
        let mut n = 0usize;
        for b in &self.mf.blocks {
            start.push(n);
            n += b.insts.len();
        }
        start.push(n);
        const NIL: u32 = u32::MAX;
        let mut first_def = vec![NIL; nv];
        let mut sites: Vec<(u32, u32)> = Vec::new(); // (flat index, next site)
        let mut candidate = vec![false; n];
        for (b, block) in self.mf.blocks.iter().enumerate() {
            for (k, i) in block.insts.iter().enumerate() {
                let mut all_virtual = true;
                i.for_each_def(|d| all_virtual &= matches!(d, Reg::V(_)));
                if !all_virtual || !i.is_pure() {
                    continue;
                }
                let x = start[b] + k;
                candidate[x] = true;
                i.for_each_def(|d| {
                    if let Reg::V(v) = d {
                        sites.push((x as u32, first_def[v.index()]));
                        first_def[v.index()] = sites.len() as u32 - 1;
                    }
                });
            }
        }
        // (block, index) of flat index `x` (the last block starting at or
        // before it: empty blocks share their start with the next one)
        let inst_at = |x: usize| -> (usize, usize) {
            let b = start.partition_point(|&s| s <= x) - 1;
            (b, x - start[b])
        };
        let is_dead = |i: &MInst, uses: &[u32]| {
            let mut dead = true;
            i.for_each_def(|d| {
                if let Reg::V(v) = d {
                    dead &= uses[v.index()] == 0;
                }
            });
            dead
        };
        let mut dead = vec![false; n];
        let mut work: Vec<usize> = Vec::new();
        for (b, block) in self.mf.blocks.iter().enumerate() {
            for (k, i) in block.insts.iter().enumerate() {
                let x = start[b] + k;
                if candidate[x] && is_dead(i, &uses) {
                    dead[x] = true;
                    work.push(x);
                }
            }
        }
        while let Some(x) = work.pop() {
            let (b, k) = inst_at(x);
            let blocks = &self.mf.blocks;
            blocks[b].insts[k].for_each_use(|u| {
                let Reg::V(v) = u else { return };
                uses[v.index()] -= 1;
                if uses[v.index()] != 0 {
                    return;
                }
                let mut s = first_def[v.index()];
                while s != NIL {
                    let (y, next) = sites[s as usize];
                    let y = y as usize;
                    let (yb, yk) = inst_at(y);
                    if !dead[y] && is_dead(&blocks[yb].insts[yk], &uses) {
                        dead[y] = true;
                        work.push(y);
                    }
                    s = next;
                }
            });
        }
        if !dead.contains(&true) {
            return;
        }
        for (b, block) in self.mf.blocks.iter_mut().enumerate() {
            let mut k = start[b];
            block.insts.retain(|_| {
                k += 1;
                !dead[k - 1]
            });
        }
    }

    fn params(&mut self) {
        let f = self.f;
        let tys: Vec<Type> = f.params.iter().map(|p| f.value_type(*p)).collect();
        let sret = f.sret.then(|| sret_size(f));
        let (locs, nw) = layout_args(&tys, &f.byval, sret);
        self.nfixed_words = nw;
        if self.ssa {
            self.params_ssa(&locs);
            return;
        }
        if f.variadic {
            for w in 0..abi::ARG_REG_COUNT {
                self.e(
                    "stw",
                    vec![
                        Opnd::Frame(FrameRef::Incoming(abi::arg_word_offset(w))),
                        r(SP),
                        r(Reg::arg(w)),
                    ],
                );
            }
        }
        let word = |s: &mut Self, w: u32| -> Reg {
            let v = s.gv();
            if w < abi::ARG_REG_COUNT {
                s.mov(v, r(Reg::arg(w)));
            } else {
                s.e(
                    "ldw",
                    vec![
                        r(v),
                        Opnd::Frame(FrameRef::Incoming(abi::arg_word_offset(w))),
                        r(SP),
                    ],
                );
            }
            v
        };
        for (i, loc) in locs.iter().enumerate() {
            let pv = self.vmap[f.params[i].index()].clone();
            match *loc {
                ArgLoc::Word(w) => {
                    let v = word(self, w);
                    self.mov(pv[0], r(v));
                }
                ArgLoc::Pair(w) => {
                    let lo = word(self, w);
                    let hi = word(self, w + 1);
                    self.mov(pv[0], r(lo));
                    self.mov(pv[1], r(hi));
                }
                ArgLoc::Block(w, n) => {
                    let align = f.byval[i]
                        .map_or(4, |x| x.1)
                        .clamp(abi::WORD_BYTES, abi::MAX_ALIGN);
                    let o = self.mf.obj(n * 4, align);
                    let (in_regs, bulk) = block_split(w, n);
                    for k in 0..if bulk { in_regs } else { n } {
                        let v = word(self, w + k);
                        self.e(
                            "stw",
                            vec![Opnd::Frame(FrameRef::Obj(o, 4 * k as i32)), r(SP), r(v)],
                        );
                    }
                    if bulk {
                        self.copy_stack_words(o, in_regs, w + in_regs, n - in_regs);
                    }
                    self.op3("add", pv[0], SP, Opnd::Frame(FrameRef::Obj(o, 0)));
                }
                ArgLoc::R15 => self.mov(pv[0], r(Reg::STRUCT_RETURN)),
                ArgLoc::SmallRet(n) => {
                    let o = self.mf.obj(n.div_ceil(4) * 4, abi::MAX_ALIGN);
                    self.op3("add", pv[0], SP, Opnd::Frame(FrameRef::Obj(o, 0)));
                    self.sret_small = Some((pv[0], n));
                }
            }
        }
    }

    /// SSA mode: the incoming parameters (ISA-ST200 §7.2, §7.3). An input
    /// `pcopy` defines one vreg pinned to each incoming register that is
    /// read (all of `$r16`–`$r23` for a variadic function, whose dump
    /// stores read them), then one `pcopy` moves the register words into
    /// ordinary vregs; stack words are loaded, struct words stored.
    fn params_ssa(&mut self, locs: &[ArgLoc]) {
        let f = self.f;
        // (destination, word index or None for $r15)
        let mut items: Vec<(Reg, Option<u32>)> = vec![];
        let mut tail: Vec<MInst> = vec![];
        // struct words copied with a loop: (object, first word, argument word, count)
        let mut bulk_copies: Vec<(u32, u32, u32, u32)> = vec![];
        for (i, loc) in locs.iter().enumerate() {
            let pv = self.vmap[f.params[i].index()].clone();
            match *loc {
                ArgLoc::Word(w) => items.push((pv[0], Some(w))),
                ArgLoc::Pair(w) => {
                    items.push((pv[0], Some(w)));
                    items.push((pv[1], Some(w + 1)));
                }
                ArgLoc::Block(w, n) => {
                    let align = f.byval[i]
                        .map_or(4, |x| x.1)
                        .clamp(abi::WORD_BYTES, abi::MAX_ALIGN);
                    let o = self.mf.obj(n * 4, align);
                    let (in_regs, bulk) = block_split(w, n);
                    if bulk {
                        bulk_copies.push((o, in_regs, w + in_regs, n - in_regs));
                    }
                    for k in 0..if bulk { in_regs } else { n } {
                        let t = self.gv();
                        items.push((t, Some(w + k)));
                        tail.push(self.mf.inst(
                            "stw",
                            vec![Opnd::Frame(FrameRef::Obj(o, 4 * k as i32)), r(SP), r(t)],
                        ));
                    }
                    tail.push(self.mf.inst(
                        "add",
                        vec![r(pv[0]), r(SP), Opnd::Frame(FrameRef::Obj(o, 0))],
                    ));
                }
                ArgLoc::R15 => items.push((pv[0], None)),
                ArgLoc::SmallRet(n) => {
                    let o = self.mf.obj(n.div_ceil(4) * 4, abi::MAX_ALIGN);
                    tail.push(self.mf.inst(
                        "add",
                        vec![r(pv[0]), r(SP), Opnd::Frame(FrameRef::Obj(o, 0))],
                    ));
                    self.sret_small = Some((pv[0], n));
                }
            }
        }
        let phys = |w: Option<u32>| -> Option<Reg> {
            match w {
                None => Some(Reg::STRUCT_RETURN),
                Some(w) => abi::arg_reg(w).map(Reg::gr),
            }
        };
        let mut regs: Vec<Reg> = items.iter().filter_map(|x| phys(x.1)).collect();
        if f.variadic {
            regs.extend(abi::ARG_REGS.map(Reg::gr));
        }
        regs.sort_unstable();
        regs.dedup();
        let pins: Vec<Reg> = regs.iter().map(|&n| self.pin_g(n)).collect();
        let pin_of = |n: Reg| pins[regs.iter().position(|&x| x == n).expect("pinned")];
        self.pcopy(pins.clone(), regs.clone());
        if f.variadic {
            for w in 0..abi::ARG_REG_COUNT {
                self.e(
                    "stw",
                    vec![
                        Opnd::Frame(FrameRef::Incoming(abi::arg_word_offset(w))),
                        r(SP),
                        r(pin_of(Reg::arg(w))),
                    ],
                );
            }
        }
        let (mut d, mut s) = (vec![], vec![]);
        for &(dst, w) in &items {
            if let Some(n) = phys(w) {
                d.push(dst);
                s.push(pin_of(n));
            }
        }
        self.pcopy(d, s);
        for &(dst, w) in &items {
            if let Some(w) = w.filter(|&w| abi::arg_reg(w).is_none()) {
                self.e(
                    "ldw",
                    vec![
                        r(dst),
                        Opnd::Frame(FrameRef::Incoming(abi::arg_word_offset(w))),
                        r(SP),
                    ],
                );
            }
        }
        for i in tail {
            self.emit(i);
        }
        for (o, first, w, count) in bulk_copies {
            self.copy_stack_words(o, first, w, count);
        }
    }

    /// Copies `count` incoming stack argument words from argument word `w`
    /// on into frame object `o` from its word `first`, with a loop.
    fn copy_stack_words(&mut self, o: u32, first: u32, w: u32, count: u32) {
        let (src, dst) = (self.gv(), self.gv());
        self.op3(
            "add",
            src,
            SP,
            Opnd::Frame(FrameRef::Incoming(abi::arg_word_offset(w))),
        );
        self.op3(
            "add",
            dst,
            SP,
            Opnd::Frame(FrameRef::Obj(o, 4 * first as i32)),
        );
        self.memcopy(dst, Some(src), 4 * count, 4);
    }

    /// A fresh GR vreg pinned to the general register `p`.
    fn pin_g(&mut self, p: Reg) -> Reg {
        self.mf.pinned_vreg(Class::Gr, p)
    }

    /// Emits `pcopy dsts = srcs` (nothing when empty).
    fn pcopy(&mut self, dsts: Vec<Reg>, srcs: Vec<Reg>) {
        if dsts.is_empty() {
            return;
        }
        let ops = dsts.into_iter().chain(srcs).map(r).collect();
        self.emit(MInst::pcopy(ops));
    }

    /// A register for a new definition of the value held in `t` (a chain
    /// like `t = or t, x`): a fresh vreg in SSA mode, `t` itself otherwise.
    fn redef(&mut self, t: Reg) -> Reg {
        if self.ssa {
            self.gv()
        } else {
            t
        }
    }

    // ---- operand helpers ----

    fn cval(&self, v: Value) -> Option<i64> {
        self.consts[v.index()]
    }
    /// A GR holding the (low word of the) value.
    fn g(&mut self, v: Value) -> Reg {
        if let Some(c) = self.cval(v) {
            if c == 0 {
                return ZERO;
            }
        }
        let x = self.vmap[v.index()][0];
        if let Reg::V(n) = x {
            if self.mf.vclass[n.index()] == Class::Br {
                let t = self.gv();
                self.e("mfb", vec![r(t), r(x)]);
                return t;
            }
        }
        x
    }
    fn hi(&mut self, v: Value) -> Reg {
        if let Some(c) = self.cval(v) {
            if (c >> 32) == 0 {
                return ZERO;
            }
        }
        self.vmap[v.index()][1]
    }
    /// Register or immediate (32-bit constants).
    fn o(&mut self, v: Value) -> Opnd {
        match self.cval(v) {
            Some(c) if c != 0 && self.f.value_type(v) != Type::I64 => Opnd::Imm(c as i32 as i64),
            _ => r(self.g(v)),
        }
    }
    /// A constant shift count: a constant, or a width conversion of one
    /// (as `-O0` IR writes `x << 5` on a 64-bit `x`); every conversion
    /// keeps the low 6 bits, the only ones a 64-bit shift reads.
    fn shift_count(&self, v: Value) -> Option<i64> {
        match self.kind(v) {
            Some(InstKind::Convert { arg, .. }) => self.cval(*arg),
            _ => self.cval(v),
        }
    }
    fn kind(&self, v: Value) -> Option<&'a InstKind> {
        self.defs[v.index()].map(|i| &self.f.insts[i.index()].kind)
    }
    /// Extends a sub-word value to 32 bits, unless its register is known
    /// to be extended that way already ([`ext`]).
    fn ext(&mut self, v: Value, ty: Type, signed: bool) -> Reg {
        let x = self.g(v);
        if self.extended(v, ty, signed) {
            return x;
        }
        let op = match (ty, signed) {
            (Type::I8, true) => "sxtb",
            (Type::I8, false) => "zxtb",
            (Type::I16, true) => "sxth",
            (Type::I16, false) => "zxth",
            _ => return x,
        };
        if x == ZERO {
            return x;
        }
        let d = self.gv();
        self.e(op, vec![r(d), r(x)]);
        d
    }
    /// Known alignment of an address value (bytes).
    fn align_of(&self, v: Value) -> u32 {
        match self.kind(v) {
            Some(InstKind::SlotAddr { slot }) => {
                self.mf.objs[self.slot_obj[slot.index()] as usize].1
            }
            Some(InstKind::GlobalAddr { name }) => {
                if let Some(g) = self.m.globals.iter().find(|g| g.name == *name) {
                    g.align.clamp(1, abi::MAX_ALIGN)
                } else if self.m.functions.iter().any(|f| f.name == *name) {
                    4
                } else {
                    1
                }
            }
            Some(InstKind::Binary {
                op: BinaryOp::Add,
                ty: Type::I32,
                args,
            }) => {
                let (x, c) = match (self.cval(args[0]), self.cval(args[1])) {
                    (_, Some(c)) => (args[0], c),
                    (Some(c), _) => (args[1], c),
                    _ => return 1,
                };
                let a = self.align_of(x);
                let low = if c == 0 {
                    8
                } else {
                    1u32 << (c.trailing_zeros().min(3))
                };
                a.min(low)
            }
            _ => 1,
        }
    }
    /// `global + index` (neither a constant): the symbol as the offset and
    /// the index as the base register.
    fn sym_index(&mut self, args: [Value; 2]) -> Option<(Opnd, Reg)> {
        for (a, b) in [(args[0], args[1]), (args[1], args[0])] {
            if let Some(InstKind::GlobalAddr { name }) = self.kind(a) {
                if self.cval(b).is_none() {
                    let name = name.clone();
                    return Some((Opnd::Sym(name, 0), self.g(b)));
                }
            }
        }
        None
    }
    /// Addressing mode for an address value: (offset, base).
    fn amode(&mut self, v: Value) -> (Opnd, Reg) {
        match self.kind(v) {
            Some(InstKind::SlotAddr { slot }) => (
                Opnd::Frame(FrameRef::Obj(self.slot_obj[slot.index()], 0)),
                SP,
            ),
            Some(InstKind::GlobalAddr { name }) => (Opnd::Sym(name.clone(), 0), ZERO),
            Some(InstKind::Binary {
                op: BinaryOp::Add,
                ty: Type::I32,
                args,
            }) => {
                let args = *args;
                let (x, c) = match (self.cval(args[0]), self.cval(args[1])) {
                    (_, Some(c)) => (args[0], c),
                    (Some(c), _) => (args[1], c),
                    // symbol + register: `ld d = sym[reg]`, the symbol in
                    // the operation's (long) immediate (ISA-ST200 §4.6)
                    _ => return self.sym_index(args).unwrap_or((Opnd::Imm(0), self.g(v))),
                };
                let c = c as i32 as i64;
                match self.kind(x) {
                    Some(InstKind::SlotAddr { .. }) | Some(InstKind::GlobalAddr { .. }) => {
                        let (o, b) = self.amode(x);
                        (off_add(&o, c), b)
                    }
                    Some(InstKind::Binary {
                        op: BinaryOp::Add,
                        ty: Type::I32,
                        args: inner,
                    }) => {
                        let inner = *inner;
                        match self.sym_index(inner) {
                            Some((o, b)) => (off_add(&o, c), b),
                            None => (Opnd::Imm(c), self.g(x)),
                        }
                    }
                    _ => (Opnd::Imm(c), self.g(x)),
                }
            }
            _ => (Opnd::Imm(0), self.g(v)),
        }
    }

    // ---- instructions ----

    fn inst(&mut self, b: Block, k: &InstKind, res: Option<Value>) -> Result<(), String> {
        let dst =
            |s: &Self| -> Vec<Reg> { res.map(|v| s.vmap[v.index()].clone()).unwrap_or_default() };
        match k {
            InstKind::Fbinary { .. }
            | InstKind::Fneg { .. }
            | InstKind::Fcmp { .. }
            | InstKind::Fconvert { .. } => return Err(FLOAT_IN_ISEL.into()),
            InstKind::Iconst { ty, imm } => {
                let d = dst(self);
                if *ty == Type::I64 {
                    self.mov(d[0], Opnd::Imm(*imm as u32 as i32 as i64));
                    self.mov(d[1], Opnd::Imm((*imm >> 32) as i32 as i64));
                } else {
                    self.mov(d[0], Opnd::Imm(*imm as i32 as i64));
                }
            }
            InstKind::Binary { op, ty, args } => {
                let d = dst(self);
                if *ty == Type::I64 {
                    self.binary64(*op, *args, &d);
                } else {
                    self.binary(*op, *ty, *args, d[0]);
                }
            }
            InstKind::Unary { op, ty, arg } => {
                let d = dst(self);
                if *ty == Type::I64 {
                    let (lo, hi) = (self.g(*arg), self.hi(*arg));
                    match op {
                        UnaryOp::Not => {
                            self.op3("xor", d[0], lo, Opnd::Imm(-1));
                            self.op3("xor", d[1], hi, Opnd::Imm(-1));
                        }
                        UnaryOp::Neg => self.sub64(ZERO, ZERO, lo, hi, &d),
                        // i32 only (ir::verify)
                        UnaryOp::Clz | UnaryOp::Bswap => unreachable!("64-bit {}", op.name()),
                    }
                } else {
                    let a = self.g(*arg);
                    match op {
                        UnaryOp::Not => self.op3("xor", d[0], a, Opnd::Imm(-1)),
                        UnaryOp::Neg => self.op3("sub", d[0], ZERO, r(a)),
                        UnaryOp::Clz => self.e("clz", vec![r(d[0]), r(a)]),
                        UnaryOp::Bswap => self.e("bswap", vec![r(d[0]), r(a)]),
                    }
                }
            }
            InstKind::Icmp { cond, ty, args } => {
                let d = dst(self)[0];
                self.icmp(*cond, *ty, *args, d);
            }
            // a custom operation (ISA-ST200 §4.10): `asm_N $rD = $rA, $rB`
            // for slots 0–15 (RR layout; `$r0` for a missing second
            // operand), `asm_N $rD = $rA, imm` for 16–30 (RI layout: the
            // second operand must be a constant)
            InstKind::Custom { op, args } => {
                let d = dst(self)[0];
                let a = self.g(args[0]);
                let m = format!("asm_{}", op.slot);
                let b = if op.slot < 16 {
                    match args.get(1) {
                        Some(&v) => r(self.g(v)),
                        None => r(ZERO),
                    }
                } else {
                    match args.get(1).map(|&v| self.cval(v)) {
                        None => Opnd::Imm(0),
                        Some(Some(c)) => Opnd::Imm(c as i32 as i64),
                        Some(None) => {
                            return Err(format!(
                                "custom operation `{}` (asm_{}, register-immediate layout, ISA-ST200 §4.10) needs a constant second operand",
                                op.name, op.slot
                            ))
                        }
                    }
                };
                self.e(&m, vec![r(d), r(a), b]);
            }
            InstKind::Convert { op, from, to, arg } => {
                let d = dst(self);
                match op {
                    ConvOp::Trunc => {
                        let a = self.g(*arg);
                        self.mov(d[0], r(a));
                    }
                    ConvOp::Sext | ConvOp::Zext => {
                        let signed = *op == ConvOp::Sext;
                        let a = self.ext(*arg, *from, signed);
                        self.mov(d[0], r(a));
                        if *to == Type::I64 {
                            if signed {
                                self.op3("shr", d[1], a, Opnd::Imm(31));
                            } else {
                                self.mov(d[1], r(ZERO));
                            }
                        }
                    }
                }
            }
            InstKind::Load { ty, addr } if self.misaligned(*addr, *ty) => {
                let d = dst(self);
                let (o, base) = self.amode(*addr);
                let n = ty.bytes().min(4);
                let lo = self.load_bytes(&o, base, n);
                self.mov(d[0], r(lo));
                if *ty == Type::I64 {
                    let hi = self.load_bytes(&off_add(&o, 4), base, 4);
                    self.mov(d[1], r(hi));
                }
            }
            InstKind::Store { ty, addr, value } if self.misaligned(*addr, *ty) => {
                let (o, base) = self.amode(*addr);
                let lo = self.g(*value);
                self.store_bytes(&o, base, lo, ty.bytes().min(4));
                if *ty == Type::I64 {
                    let hi = self.hi(*value);
                    self.store_bytes(&off_add(&o, 4), base, hi, 4);
                }
            }
            InstKind::Load { ty, addr } => {
                let d = dst(self);
                let (o, base) = self.amode(*addr);
                let unsigned = res.is_some_and(|v| self.unsigned_load[v.index()]);
                match ty {
                    Type::I8 if unsigned => self.e("ldbu", vec![r(d[0]), o, r(base)]),
                    Type::I16 if unsigned => self.e("ldhu", vec![r(d[0]), o, r(base)]),
                    Type::I8 => self.e("ldb", vec![r(d[0]), o, r(base)]),
                    Type::I16 => self.e("ldh", vec![r(d[0]), o, r(base)]),
                    Type::I32 => self.e("ldw", vec![r(d[0]), o, r(base)]),
                    Type::I64 => {
                        let o4 = off_add(&o, 4);
                        self.e("ldw", vec![r(d[0]), o, r(base)]);
                        self.e("ldw", vec![r(d[1]), o4, r(base)]);
                    }
                    Type::F32 | Type::F64 => return Err(FLOAT_IN_ISEL.into()),
                }
            }
            InstKind::Store { ty, addr, value } => {
                let (o, base) = self.amode(*addr);
                let lo = self.g(*value);
                match ty {
                    Type::I8 => self.e("stb", vec![o, r(base), r(lo)]),
                    Type::I16 => self.e("sth", vec![o, r(base), r(lo)]),
                    Type::I32 => self.e("stw", vec![o, r(base), r(lo)]),
                    Type::I64 => {
                        let hi = self.hi(*value);
                        let o4 = off_add(&o, 4);
                        self.e("stw", vec![o, r(base), r(lo)]);
                        self.e("stw", vec![o4, r(base), r(hi)]);
                    }
                    Type::F32 | Type::F64 => return Err(FLOAT_IN_ISEL.into()),
                }
            }
            InstKind::SlotAddr { slot } => {
                let d = dst(self)[0];
                let o = self.slot_obj[slot.index()];
                self.op3("add", d, SP, Opnd::Frame(FrameRef::Obj(o, 0)));
            }
            InstKind::GlobalAddr { name } => {
                let d = dst(self)[0];
                self.mov(d, Opnd::Sym(name.clone(), 0));
            }
            InstKind::VaStart => {
                let d = dst(self)[0];
                let off = abi::arg_word_offset(self.nfixed_words);
                self.op3("add", d, SP, Opnd::Frame(FrameRef::Incoming(off)));
            }
            InstKind::Call {
                callee,
                args,
                ret,
                abi,
            } => {
                let d = dst(self);
                if let Callee::Asm(a) = callee {
                    self.inline_asm(a, args, &d);
                } else {
                    self.call(callee, args, *ret, abi, &d);
                }
            }
            InstKind::Phi { .. } => {}
            InstKind::MemCopy { dst: dv, src, size } => {
                let a = self.align_of(*dv).min(self.align_of(*src)).min(4);
                let (dst_r, src_r) = (self.g(*dv), self.g(*src));
                self.memcopy(dst_r, Some(src_r), *size, a);
            }
            InstKind::MemZero { dst: dv, size } => {
                let a = self.align_of(*dv).min(4);
                let dst_r = self.g(*dv);
                self.memcopy(dst_r, None, *size, a);
            }
            InstKind::JumpTable { index, targets } => self.jump_table(b, *index, targets),
            InstKind::Jump { dest } if self.ssa => {
                self.phi_operands(b, *dest);
                self.e("goto", vec![Opnd::Label(self.block_first[dest.index()])]);
            }
            InstKind::Branch {
                cond,
                then,
                else_,
                prob,
            } if self.ssa => {
                let c = self.vmap[cond.index()][0];
                let is_br = matches!(c, Reg::V(n) if self.mf.vclass[n.index()] == Class::Br);
                if then == else_ {
                    self.phi_operands(b, *then);
                    self.e("goto", vec![Opnd::Label(self.block_first[then.index()])]);
                    return Ok(());
                }
                let breg = if is_br {
                    c
                } else {
                    let g = self.g(*cond);
                    let t = self.bv();
                    self.op3("cmpne", t, g, Opnd::Imm(0));
                    t
                };
                self.phi_operands(b, *then);
                self.phi_operands(b, *else_);
                let (tl, el) = (
                    self.block_first[then.index()],
                    self.block_first[else_.index()],
                );
                let mut br = self.mf.inst("br", vec![r(breg), Opnd::Label(tl)]);
                br.prob = *prob;
                self.emit(br);
                self.e("goto", vec![Opnd::Label(el)]);
            }
            InstKind::Ret { value } if self.ssa => {
                // (physical register, value): a later entry for the same
                // register replaces an earlier one, as the moves of the
                // non-SSA mode do
                let mut outs: Vec<(Reg, Reg)> = vec![];
                if let Some((addr, n)) = self.sret_small {
                    for k in 0..n.div_ceil(4) {
                        let t = self.gv();
                        self.e("ldw", vec![r(t), Opnd::Imm(4 * k as i64), r(addr)]);
                        outs.push((Reg::ret(k), t));
                    }
                }
                if let Some(v) = value {
                    let lo = self.g(*v);
                    outs.retain(|x| x.0 != Reg::ret(0));
                    outs.push((Reg::ret(0), lo));
                    if self.f.value_type(*v) == Type::I64 {
                        let hi = self.hi(*v);
                        outs.retain(|x| x.0 != Reg::ret(1));
                        outs.push((Reg::ret(1), hi));
                    }
                }
                let pins: Vec<Reg> = outs.iter().map(|x| self.pin_g(x.0)).collect();
                self.pcopy(pins.clone(), outs.iter().map(|x| x.1).collect());
                let mut i = MInst::new(opc::RETURN, vec![]);
                i.imp_uses = pins;
                self.emit(i);
            }
            InstKind::Jump { dest } => {
                self.phi_copies(b, *dest);
                self.e("goto", vec![Opnd::Label(self.block_first[dest.index()])]);
            }
            InstKind::Branch {
                cond,
                then,
                else_,
                prob,
            } => {
                if then == else_ {
                    self.phi_copies(b, *then);
                    self.e("goto", vec![Opnd::Label(self.block_first[then.index()])]);
                    return Ok(());
                }
                let c = self.vmap[cond.index()][0];
                let is_br = matches!(c, Reg::V(n) if self.mf.vclass[n.index()] == Class::Br);
                let breg = if is_br {
                    c
                } else {
                    let g = self.g(*cond);
                    let t = self.bv();
                    self.op3("cmpne", t, g, Opnd::Imm(0));
                    t
                };
                let tl = self.edge(b, *then);
                let el = self.edge(b, *else_);
                let mut br = self.mf.inst("br", vec![r(breg), Opnd::Label(tl)]);
                br.prob = *prob;
                self.emit(br);
                self.e("goto", vec![Opnd::Label(el)]);
            }
            InstKind::Ret { value } => {
                let mut uses = vec![];
                if let Some((addr, n)) = self.sret_small {
                    for k in 0..n.div_ceil(4) {
                        let rr = Reg::ret(k);
                        self.e("ldw", vec![r(rr), Opnd::Imm(4 * k as i64), r(addr)]);
                        uses.push(rr);
                    }
                }
                if let Some(v) = value {
                    let lo = self.g(*v);
                    self.mov(Reg::ret(0), r(lo));
                    uses.push(Reg::ret(0));
                    if self.f.value_type(*v) == Type::I64 {
                        let hi = self.hi(*v);
                        self.mov(Reg::ret(1), r(hi));
                        uses.push(Reg::ret(1));
                    }
                }
                let mut i = MInst::new(opc::RETURN, vec![]);
                i.imp_uses = uses;
                self.emit(i);
            }
            InstKind::Unreachable => {}
            InstKind::VolatileLoad { .. } | InstKind::VolatileStore { .. } => {
                unreachable!("`run` selects a volatile access as the plain one")
            }
        }
        Ok(())
    }

    /// A jump table (ISA-ST200 §4.7): `shl t = index, 2`, `ldw $r63 =
    /// table[t]` (the code address of entry `index`; in SSA mode into a
    /// vreg pinned to `$r63`), `goto $r63`. The table is the `igoto`'s
    /// labels ([`MInst::igoto`]), one per entry; each distinct IR target
    /// is one CFG edge (its phi operands recorded once, or in non-SSA mode
    /// its phi copies on a split edge). The IR checked the bounds before.
    fn jump_table(&mut self, from: Block, index: Value, targets: &[Block]) {
        let mut labels: Vec<(Block, MBlockId)> = vec![];
        for &t in targets {
            if labels.iter().any(|x| x.0 == t) {
                continue;
            }
            let l = if self.ssa {
                self.phi_operands(from, t);
                self.block_first[t.index()]
            } else {
                self.edge(from, t)
            };
            labels.push((t, l));
        }
        let entries: Vec<MBlockId> = targets
            .iter()
            .map(|t| {
                labels
                    .iter()
                    .find(|x| x.0 == *t)
                    .expect("target labelled")
                    .1
            })
            .collect();
        let n = self.tables;
        self.tables += 1;
        let i = self.g(index);
        let off = self.gv();
        self.op3("shl", off, i, Opnd::Imm(2));
        let link = if self.ssa {
            self.pin_g(Reg::LINK)
        } else {
            Reg::LINK
        };
        self.e("ldw", vec![r(link), Opnd::Table(n), r(off)]);
        let mut j = MInst::igoto(n, &entries);
        j.imp_uses = vec![link];
        self.emit(j);
    }

    /// Label for the edge `from → to`: `to` itself, or a new block holding
    /// the phi copies (critical edge split).
    fn edge(&mut self, from: Block, to: Block) -> MBlockId {
        let has_phi = self.f.blocks[to.index()]
            .insts
            .first()
            .is_some_and(|i| matches!(self.f.insts[i.index()].kind, InstKind::Phi { .. }));
        if !has_phi {
            return self.block_first[to.index()];
        }
        let save = self.cur;
        let nb = self.new_block();
        self.split.push(nb);
        self.cur = nb;
        self.phi_copies(from, to);
        self.e("goto", vec![Opnd::Label(self.block_first[to.index()])]);
        self.cur = save;
        nb
    }

    /// SSA mode: records the operands of the phis of `to` for the edge from
    /// IR block `from`, whose lowering ends in the current machine block.
    /// Constants are materialised here (a phi operand is a register).
    fn phi_operands(&mut self, from: Block, to: Block) {
        let mut regs = vec![];
        for &i in &self.f.blocks[to.index()].insts {
            let d = &self.f.insts[i.index()];
            let InstKind::Phi { incoming, ty } = &d.kind else {
                break;
            };
            if d.result.is_none() {
                continue;
            }
            let src = incoming.iter().find(|x| x.0 == from).map(|x| x.1);
            let nw = if *ty == Type::I64 { 2 } else { 1 };
            for k in 0..nw {
                // a missing operand (invalid IR) reads as 0
                let c = src.map_or(Some(0), |v| self.cval(v));
                let x = match (src, c) {
                    (Some(v), None) => {
                        let x = if k == 0 { self.g(v) } else { self.hi(v) };
                        if x == ZERO {
                            let t = self.gv();
                            self.mov(t, r(ZERO));
                            t
                        } else {
                            x
                        }
                    }
                    (_, c) => {
                        let c = c.unwrap_or(0);
                        let w = if k == 0 { c as i32 } else { (c >> 32) as i32 };
                        let t = self.gv();
                        let o = if w == 0 { r(ZERO) } else { Opnd::Imm(w as i64) };
                        self.mov(t, o);
                        t
                    }
                };
                regs.push(x);
            }
        }
        if !regs.is_empty() {
            self.phi_in[to.index()].push((self.cur, regs));
        }
    }

    /// Parallel copy of the phis of `to` for the edge from `from`.
    fn phi_copies(&mut self, from: Block, to: Block) {
        let mut moves: Vec<(Reg, Opnd)> = vec![];
        let mut phi_vals = vec![];
        for &i in &self.f.blocks[to.index()].insts {
            let d = &self.f.insts[i.index()];
            let InstKind::Phi { incoming, ty } = &d.kind else {
                break;
            };
            let Some(res) = d.result else { continue };
            phi_vals.push(res);
            let Some(&(_, src)) = incoming.iter().find(|x| x.0 == from) else {
                continue;
            };
            let dr = self.vmap[res.index()].clone();
            if *ty == Type::I64 {
                let (lo, hi) = (self.g(src), self.hi(src));
                moves.push((dr[0], r(lo)));
                moves.push((dr[1], r(hi)));
            } else {
                let o = self.o(src);
                moves.push((dr[0], o));
            }
        }
        let srcs_clobbered = moves.iter().any(|(_, s)| match s {
            Opnd::R(x) => moves.iter().any(|(d, _)| d == x),
            _ => false,
        });
        if srcs_clobbered {
            let tmps: Vec<Reg> = moves.iter().map(|_| self.gv()).collect();
            for (t, (_, s)) in tmps.iter().zip(&moves) {
                self.mov(*t, s.clone());
            }
            for (t, (d, _)) in tmps.iter().zip(&moves) {
                self.mov(*d, r(*t));
            }
        } else {
            for (d, s) in moves {
                self.mov(d, s);
            }
        }
    }

    fn icmp(&mut self, cond: Cond, ty: Type, args: [Value; 2], d: Reg) {
        if ty == Type::I64 {
            let (al, ah, bl, bh) = (
                self.g(args[0]),
                self.hi(args[0]),
                self.g(args[1]),
                self.hi(args[1]),
            );
            let t = self.gv();
            match cond {
                Cond::Eq | Cond::Ne => {
                    let (x, y) = (self.gv(), self.gv());
                    self.op3("xor", x, al, r(bl));
                    self.op3("xor", y, ah, r(bh));
                    self.op3("or", t, x, r(y));
                    self.op3(cc_name(cond), d, t, Opnd::Imm(0));
                    return;
                }
                _ => {
                    let strict = match cond {
                        Cond::Slt | Cond::Sle => "cmplt",
                        Cond::Sgt | Cond::Sge => "cmpgt",
                        Cond::Ult | Cond::Ule => "cmpltu",
                        _ => "cmpgtu",
                    };
                    let low = match cond {
                        Cond::Slt | Cond::Ult => "cmpltu",
                        Cond::Sle | Cond::Ule => "cmpleu",
                        Cond::Sgt | Cond::Ugt => "cmpgtu",
                        _ => "cmpgeu",
                    };
                    let (hs, he, l, a) = (self.gv(), self.gv(), self.gv(), self.gv());
                    self.op3(strict, hs, ah, r(bh));
                    self.op3("cmpeq", he, ah, r(bh));
                    self.op3(low, l, al, r(bl));
                    self.op3("and", a, he, r(l));
                    self.op3("or", t, hs, r(a));
                    self.op3("cmpne", d, t, Opnd::Imm(0));
                    return;
                }
            }
        }
        let (mut c, mut x, mut y) = (cond, args[0], args[1]);
        if self.cval(x).is_some() && self.cval(y).is_none() {
            std::mem::swap(&mut x, &mut y);
            c = c.swapped();
        }
        // equality and unsigned order are the same on both operands
        // sign-extended as on both zero-extended (sign extension maps
        // 0…2^(n−1)−1 and 2^(n−1)…2^n−1 to increasing 32-bit unsigned
        // ranges): use whichever extension the registers already have
        let signed = signed_cond(c) || {
            // extensions each choice needs (a constant is normalised freely)
            let need = |s: &Self, sg: bool| {
                [x, y]
                    .iter()
                    .filter(|&&v| s.cval(v).is_none() && !s.extended(v, ty, sg))
                    .count()
            };
            need(self, true) < need(self, false)
        };
        let a = self.ext(x, ty, signed);
        let b = match (ty, self.cval(y)) {
            (Type::I32, Some(_)) => self.o(y),
            (_, Some(k)) => {
                let bits = ty.bits();
                let k = if signed {
                    (k << (64 - bits)) >> (64 - bits)
                } else {
                    k & ((1i64 << bits) - 1)
                };
                if k == 0 {
                    r(ZERO)
                } else {
                    Opnd::Imm(k)
                }
            }
            _ => r(self.ext(y, ty, signed)),
        };
        self.e(cc_name(c), vec![r(d), r(a), b]);
    }

    /// Emits the masks of `v` used as a shift count ([`Sel::shift_counts`]).
    fn mask_shift_counts(&mut self, v: Value) {
        for bits in [8i64, 16, 32] {
            if let Some(&t) = self.shift_counts.get(&(v, bits)) {
                let s = self.g(v);
                self.op3("and", t, s, Opnd::Imm(bits - 1));
            }
        }
    }

    fn binary(&mut self, op: BinaryOp, ty: Type, args: [Value; 2], d: Reg) {
        let bits = ty.bits() as i64;
        let (x, y) = (args[0], args[1]);
        let commutative = matches!(
            op,
            BinaryOp::Add | BinaryOp::Mul | BinaryOp::And | BinaryOp::Or | BinaryOp::Xor
        );
        let (x, y) = if commutative && self.cval(x).is_some() && self.cval(y).is_none() {
            (y, x)
        } else {
            (x, y)
        };
        let cy = self.cval(y);
        match op {
            BinaryOp::Add => {
                // shNadd: (a << n) + b, n in 1..=4 (§4.1)
                for (p, q) in [(x, y), (y, x)] {
                    if let Some(InstKind::Binary {
                        op: BinaryOp::Shl,
                        ty: Type::I32,
                        args: sa,
                    }) = self.kind(p)
                    {
                        if let Some(n @ 1..=4) =
                            self.cval(sa[1]).filter(|&n| n < 4 || self.has("sh4add"))
                        {
                            let name = ["sh1add", "sh2add", "sh3add", "sh4add"][n as usize - 1];
                            let a = self.g(sa[0]);
                            let b = self.o(q);
                            self.op3(name, d, a, b);
                            return;
                        }
                    }
                }
                let a = self.g(x);
                let b = self.o(y);
                self.op3("add", d, a, b);
            }
            BinaryOp::Sub => {
                if let Some(c) = cy {
                    let a = self.g(x);
                    self.op3("add", d, a, Opnd::Imm((c as i32).wrapping_neg() as i64));
                } else if let Some(c) = self.cval(x).filter(|&c| c != 0) {
                    let b = self.g(y);
                    self.e("sub", vec![r(d), Opnd::Imm(c as i32 as i64), r(b)]);
                } else {
                    let (a, b) = (self.g(x), self.g(y));
                    self.op3("sub", d, a, r(b));
                }
            }
            BinaryOp::Mul => {
                let a = self.g(x);
                if let Some(c) = cy {
                    let c = c as i32;
                    if c > 0 && (c as u32).is_power_of_two() {
                        self.op3("shl", d, a, Opnd::Imm(c.trailing_zeros() as i64));
                        return;
                    }
                    let sh = match c {
                        3 => Some("sh1add"),
                        5 => Some("sh2add"),
                        9 => Some("sh3add"),
                        17 if self.has("sh4add") => Some("sh4add"),
                        _ => None,
                    };
                    if let Some(n) = sh {
                        self.op3(n, d, a, r(a));
                        return;
                    }
                }
                if self.core == Core::St220 {
                    // §4.5 classic idiom: mullu + mulhs
                    let b = self.g(y);
                    let (t1, t2) = (self.gv(), self.gv());
                    self.op3("mullu", t1, a, r(b));
                    self.op3("mulhs", t2, a, r(b));
                    self.op3("add", d, t1, r(t2));
                } else {
                    let b = self.o(y);
                    self.op3("mul32", d, a, b);
                }
            }
            BinaryOp::MulHs | BinaryOp::MulHu => {
                // i32 only: bits 63:32 of the 64-bit product (ISA-ST200 §4.5)
                let signed = op == BinaryOp::MulHs;
                let a = self.g(x);
                if self.core == Core::St220 {
                    // no mul64h on the ST220 (§4.11): extend both operands
                    // to 64 bits and take the high word of __muldi3
                    let b = self.g(y);
                    let (ah, bh) = if signed {
                        let (ah, bh) = (self.gv(), self.gv());
                        self.op3("shr", ah, a, Opnd::Imm(31));
                        self.op3("shr", bh, b, Opnd::Imm(31));
                        (ah, bh)
                    } else {
                        (ZERO, ZERO)
                    };
                    let res = self.helper("__muldi3", &[a, ah, b, bh], 2);
                    self.mov(d, r(res[1]));
                } else {
                    let b = self.o(y);
                    self.op3(if signed { "mul64h" } else { "mul64hu" }, d, a, b);
                }
            }
            BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => {
                let a = self.g(x);
                let b = self.o(y);
                let n = match op {
                    BinaryOp::And => "and",
                    BinaryOp::Or => "or",
                    _ => "xor",
                };
                self.op3(n, d, a, b);
            }
            BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr => {
                let (n, a) = match op {
                    BinaryOp::Shl => ("shl", self.g(x)),
                    BinaryOp::LShr => ("shru", self.ext(x, ty, false)),
                    _ => ("shr", self.ext(x, ty, true)),
                };
                let amt = match cy {
                    Some(c) => Opnd::Imm(c & (bits - 1)),
                    None => r(self.shift_counts[&(y, bits)]),
                };
                self.op3(n, d, a, amt);
            }
            BinaryOp::SDiv | BinaryOp::UDiv | BinaryOp::SRem | BinaryOp::URem => {
                let signed = matches!(op, BinaryOp::SDiv | BinaryOp::SRem);
                if !signed {
                    if let Some(c) = cy {
                        let mask = if bits == 32 {
                            0xffff_ffff
                        } else {
                            (1i64 << bits) - 1
                        };
                        let c = c & mask;
                        if c > 0 && (c as u64).is_power_of_two() {
                            let a = self.ext(x, ty, false);
                            if op == BinaryOp::UDiv {
                                self.op3("shru", d, a, Opnd::Imm(c.trailing_zeros() as i64));
                            } else {
                                self.op3("and", d, a, Opnd::Imm((c - 1) as i32 as i64));
                            }
                            return;
                        }
                    }
                }
                let a = self.ext(x, ty, signed);
                let b = self.ext(y, ty, signed);
                let name = match op {
                    BinaryOp::SDiv => "__divsi3",
                    BinaryOp::UDiv => "__udivsi3",
                    BinaryOp::SRem => "__modsi3",
                    _ => "__umodsi3",
                };
                let res = self.helper(name, &[a, b], 1);
                self.mov(d, r(res[0]));
            }
        }
    }

    fn sub64(&mut self, al: Reg, ah: Reg, bl: Reg, bh: Reg, d: &[Reg]) {
        let (lo, borrow, t) = (self.gv(), self.gv(), self.gv());
        self.op3("sub", lo, al, r(bl));
        self.op3("cmpltu", borrow, al, r(bl));
        self.op3("sub", t, ah, r(bh));
        self.op3("sub", d[1], t, r(borrow));
        self.mov(d[0], r(lo));
    }

    fn binary64(&mut self, op: BinaryOp, args: [Value; 2], d: &[Reg]) {
        let (al, ah, bl, bh) = (
            self.g(args[0]),
            self.hi(args[0]),
            self.g(args[1]),
            self.hi(args[1]),
        );
        match op {
            BinaryOp::Add => {
                // §4.4: mtb $b = $r0, then addcg chain
                let (c0, c1, c2) = (self.bv(), self.bv(), self.bv());
                let lo = self.gv();
                self.e("mtb", vec![r(c0), r(ZERO)]);
                self.e("addcg", vec![r(lo), r(c1), r(al), r(bl), r(c0)]);
                self.e("addcg", vec![r(d[1]), r(c2), r(ah), r(bh), r(c1)]);
                self.mov(d[0], r(lo));
            }
            BinaryOp::Sub => self.sub64(al, ah, bl, bh, d),
            BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => {
                let n = match op {
                    BinaryOp::And => "and",
                    BinaryOp::Or => "or",
                    _ => "xor",
                };
                self.op3(n, d[0], al, r(bl));
                self.op3(n, d[1], ah, r(bh));
            }
            BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr
                if self.shift_count(args[1]).is_some() =>
            {
                let n = self.shift_count(args[1]).unwrap_or(0) & (Type::I64.bits() as i64 - 1);
                self.shift64_const(op, al, ah, n, d);
            }
            BinaryOp::Mul if self.has("mul64hu") && self.has("mul32") => {
                self.mul64(args, al, ah, bl, bh, d);
            }
            BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr => {
                let t = self.gv();
                // the shift count modulo 64
                self.op3("and", t, bl, Opnd::Imm(Type::I64.bits() as i64 - 1));
                let name = match op {
                    BinaryOp::Shl => "__ashldi3",
                    BinaryOp::LShr => "__lshrdi3",
                    _ => "__ashrdi3",
                };
                let res = self.helper(name, &[al, ah, t], 2);
                self.mov(d[0], r(res[0]));
                self.mov(d[1], r(res[1]));
            }
            _ => {
                let name = match op {
                    BinaryOp::Mul => "__muldi3",
                    BinaryOp::SDiv => "__divdi3",
                    BinaryOp::UDiv => "__udivdi3",
                    BinaryOp::SRem => "__moddi3",
                    _ => "__umoddi3",
                };
                let res = self.helper(name, &[al, ah, bl, bh], 2);
                self.mov(d[0], r(res[0]));
                self.mov(d[1], r(res[1]));
            }
        }
    }

    /// A 64-bit shift of the pair `al:ah` by the constant `n` (0…63) as
    /// 32-bit shifts (ISA-ST200 §4.1): for n < 32 the word shifted towards
    /// the other gives up its `n` outgoing bits, `or`ed into it; for
    /// n ≥ 32 one word moves across, shifted by n − 32, and the other
    /// becomes 0 (or the sign, `shr` by 31, for `ashr`).
    fn shift64_const(&mut self, op: BinaryOp, al: Reg, ah: Reg, n: i64, d: &[Reg]) {
        let (lo, hi) = (self.gv(), self.gv());
        if n == 0 {
            self.mov(lo, r(al));
            self.mov(hi, r(ah));
        } else if n < 32 {
            // the word that receives bits, and the one that gives them
            let (to, from, into_hi) = match op {
                BinaryOp::Shl => (ah, al, true),
                _ => (al, ah, false),
            };
            let (a, b) = (self.gv(), self.gv());
            let (main_op, cross_op) = if into_hi {
                ("shl", "shru")
            } else {
                ("shru", "shl")
            };
            self.op3(main_op, a, to, Opnd::Imm(n));
            self.op3(cross_op, b, from, Opnd::Imm(32 - n));
            let (joined, other) = if into_hi { (hi, lo) } else { (lo, hi) };
            self.op3("or", joined, a, r(b));
            let other_op = match op {
                BinaryOp::Shl => "shl",
                BinaryOp::LShr => "shru",
                _ => "shr",
            };
            self.op3(other_op, other, from, Opnd::Imm(n));
        } else {
            let m = n - 32;
            let shifted = |s: &mut Self, name: &'static str, d: Reg, x: Reg| {
                if m == 0 {
                    s.mov(d, r(x));
                } else {
                    s.op3(name, d, x, Opnd::Imm(m));
                }
            };
            match op {
                BinaryOp::Shl => {
                    shifted(self, "shl", hi, al);
                    self.mov(lo, r(ZERO));
                }
                BinaryOp::LShr => {
                    shifted(self, "shru", lo, ah);
                    self.mov(hi, r(ZERO));
                }
                _ => {
                    shifted(self, "shr", lo, ah);
                    self.op3("shr", hi, ah, Opnd::Imm(31));
                }
            }
        }
        self.mov(d[0], r(lo));
        self.mov(d[1], r(hi));
    }

    /// The low 64 bits of the product of two pairs (cores with `mul32`
    /// and `mul64hu`, ISA-ST200 §4.5): low word `a.lo × b.lo`, high word
    /// `hi(a.lo × b.lo unsigned) + a.lo × b.hi + a.hi × b.lo` (the other
    /// partial product lies above bit 63). When both operands are
    /// extensions of 32-bit values of the same signedness, the high word is
    /// just `mul64h`/`mul64hu` of the low words.
    fn mul64(&mut self, args: [Value; 2], al: Reg, ah: Reg, bl: Reg, bh: Reg, d: &[Reg]) {
        let widened = |s: &Self, v: Value| -> Option<ConvOp> {
            if let Some(c) = s.cval(v) {
                return if c == c as i32 as i64 && c >= 0 {
                    // fits both ways: pick to match the other operand
                    None
                } else if c == c as i32 as i64 {
                    Some(ConvOp::Sext)
                } else if c == c as u32 as i64 {
                    Some(ConvOp::Zext)
                } else {
                    Some(ConvOp::Trunc)
                };
            }
            match s.kind(v) {
                Some(InstKind::Convert {
                    op: op @ (ConvOp::Sext | ConvOp::Zext),
                    to: Type::I64,
                    ..
                }) => Some(*op),
                _ => Some(ConvOp::Trunc),
            }
        };
        let lo = self.gv();
        self.op3("mul32", lo, al, r(bl));
        let (wa, wb) = (widened(self, args[0]), widened(self, args[1]));
        let both = match (wa, wb) {
            (None, None) | (None, Some(ConvOp::Zext)) | (Some(ConvOp::Zext), None) => {
                Some(ConvOp::Zext)
            }
            (None, Some(ConvOp::Sext)) | (Some(ConvOp::Sext), None) => Some(ConvOp::Sext),
            (Some(x), Some(y)) if x == y && x != ConvOp::Trunc => Some(x),
            _ => None,
        };
        let hi = self.gv();
        match both {
            Some(ConvOp::Sext) => self.op3("mul64h", hi, al, r(bl)),
            Some(_) => self.op3("mul64hu", hi, al, r(bl)),
            None => {
                let h = self.gv();
                self.op3("mul64hu", h, al, r(bl));
                let mut acc = h;
                for (x, y) in [(al, bh), (ah, bl)] {
                    if x == ZERO || y == ZERO {
                        continue;
                    }
                    let (p, s) = (self.gv(), self.gv());
                    self.op3("mul32", p, x, r(y));
                    self.op3("add", s, acc, r(p));
                    acc = s;
                }
                self.mov(hi, r(acc));
            }
        }
        self.mov(d[0], r(lo));
        self.mov(d[1], r(hi));
    }

    /// Calls a helper with `words` in `$r16`…; returns `nret` result vregs.
    fn helper(&mut self, name: &str, words: &[Reg], nret: usize) -> Vec<Reg> {
        self.mf.has_calls = true;
        if self.ssa {
            let args: Vec<Reg> = (0..words.len() as u32)
                .map(|i| self.pin_g(Reg::arg(i)))
                .collect();
            self.pcopy(args.clone(), words.to_vec());
            let rets: Vec<Reg> = (0..nret as u32).map(|i| self.pin_g(Reg::ret(i))).collect();
            let mut c = MInst::new(opc::CALL, vec![Opnd::Func(name.to_string())]);
            c.imp_uses = args;
            c.imp_defs = rets.clone();
            c.imp_defs.extend(Reg::clobbers_of_call(name));
            self.emit(c);
            let res: Vec<Reg> = (0..nret).map(|_| self.gv()).collect();
            self.pcopy(res.clone(), rets);
            return res;
        }
        let mut uses = vec![];
        for (i, w) in words.iter().enumerate() {
            let a = Reg::arg(i as u32);
            self.mov(a, r(*w));
            uses.push(a);
        }
        let mut c = MInst::new(opc::CALL, vec![Opnd::Func(name.to_string())]);
        c.imp_uses = uses;
        c.imp_defs = Reg::clobbers_of_call(name);
        self.emit(c);
        (0..nret)
            .map(|i| {
                let v = self.gv();
                self.mov(v, r(Reg::ret(i as u32)));
                v
            })
            .collect()
    }

    /// Copies (or zeroes, `src` None) `size` bytes with accesses of
    /// `align` bytes; a loop for long copies.
    fn memcopy(&mut self, dst: Reg, src: Option<Reg>, size: u32, align: u32) {
        let unit = if align >= 4 {
            4
        } else if align >= 2 {
            2
        } else {
            1
        };
        let (ld, st) = match unit {
            4 => ("ldw", "stw"),
            2 => ("ldhu", "sth"),
            _ => ("ldbu", "stb"),
        };
        let n = size / unit;
        let mut done = 0u32;
        if n > MAX_UNROLLED_COPY {
            // loop: p, q walk, end = dst + n*unit
            let (q, end) = (self.gv(), self.gv());
            let p = src.map(|_| self.gv());
            self.mov(q, r(dst));
            if let (Some(p), Some(s)) = (p, src) {
                self.mov(p, r(s));
            }
            self.op3("add", end, dst, Opnd::Imm((n * unit) as i64));
            let body = self.new_block();
            // the loop body block follows the current block
            let after = self.new_block();
            self.cur_insert_after(body, after);
            let pre = self.cur;
            self.cur = body;
            if self.ssa {
                // q1 = phi(q, q2), p1 = phi(p, p2): the walking pointers
                let phi = |d: Reg, a: Reg, b: Reg| {
                    MInst::phi(vec![r(d), Opnd::Label(pre), r(a), Opnd::Label(body), r(b)])
                };
                let (q1, q2) = (self.gv(), self.gv());
                self.emit(phi(q1, q, q2));
                let v = match p {
                    Some(p) => {
                        let (p1, p2, t) = (self.gv(), self.gv(), self.gv());
                        self.emit(phi(p1, p, p2));
                        self.e(ld, vec![r(t), Opnd::Imm(0), r(p1)]);
                        self.op3("add", p2, p1, Opnd::Imm(unit as i64));
                        t
                    }
                    None => ZERO,
                };
                self.e(st, vec![Opnd::Imm(0), r(q1), r(v)]);
                self.op3("add", q2, q1, Opnd::Imm(unit as i64));
                let b = self.bv();
                self.op3("cmpltu", b, q2, r(end));
                self.e("br", vec![r(b), Opnd::Label(body)]);
            } else {
                let v = match p {
                    Some(p) => {
                        let t = self.gv();
                        self.e(ld, vec![r(t), Opnd::Imm(0), r(p)]);
                        self.op3("add", p, p, Opnd::Imm(unit as i64));
                        t
                    }
                    None => ZERO,
                };
                self.e(st, vec![Opnd::Imm(0), r(q), r(v)]);
                self.op3("add", q, q, Opnd::Imm(unit as i64));
                let b = self.bv();
                self.op3("cmpltu", b, q, r(end));
                self.e("br", vec![r(b), Opnd::Label(body)]);
            }
            self.cur = after;
            done = n * unit;
        }
        while done < size {
            let u = if size - done >= unit {
                unit
            } else if size - done >= 2 && unit >= 2 {
                2
            } else {
                1
            };
            let (ld, st) = match u {
                4 => ("ldw", "stw"),
                2 => ("ldhu", "sth"),
                _ => ("ldbu", "stb"),
            };
            let v = match src {
                Some(s) => {
                    let t = self.gv();
                    self.e(ld, vec![r(t), Opnd::Imm(done as i64), r(s)]);
                    t
                }
                None => ZERO,
            };
            self.e(st, vec![Opnd::Imm(done as i64), r(dst), r(v)]);
            done += u;
        }
    }

    /// Makes `body` then `after` follow the current block in the output
    /// order; `after` replaces the current block as the end of its IR block.
    fn cur_insert_after(&mut self, body: MBlockId, after: MBlockId) {
        let pos = self
            .mf
            .order
            .iter()
            .position(|&x| x == self.cur)
            .expect("current block in order");
        self.mf.order.insert(pos + 1, body);
        self.mf.order.insert(pos + 2, after);
        // the IR block now ends in `after`; the main loop pushes blocks in
        // order, so remember to not push `after` again: it is already there
        for l in self.block_last.iter_mut() {
            if *l == self.cur {
                *l = after;
            }
        }
    }

    /// An inline assembly statement: one [`MOp::Asm`] reading a virtual
    /// register per argument word (`mtb` into a BR for a `b` operand) and
    /// defining the result's (`mfb` out of a BR), clobbering the
    /// registers the statement names.
    fn inline_asm(&mut self, a: &std::sync::Arc<crate::ir::InlineAsm>, args: &[Value], d: &[Reg]) {
        use crate::ir::AsmClass;
        let mut uses = vec![];
        let mut arg_op = vec![];
        let mut after = vec![];
        let defs: Vec<Reg> = match a.result {
            Some(AsmClass::Br) => {
                let b = self.bv();
                if let Some(&g) = d.first() {
                    after.push((g, b));
                }
                vec![b]
            }
            _ => d.to_vec(),
        };
        for (k, &v) in args.iter().enumerate() {
            arg_op.push(defs.len() + uses.len());
            let words = if self.f.value_type(v).bytes() == 8 {
                2
            } else {
                1
            };
            let mut regs = vec![self.g(v)];
            if words == 2 {
                let h = self.hi(v);
                regs.push(h);
            }
            for x in regs {
                // a register of its own (never `$r0`, never shared with
                // another operand's value by a constant)
                let t = self.gv();
                self.mov(t, r(x));
                if a.args.get(k) == Some(&AsmClass::Br) {
                    let b = self.bv();
                    self.e("mtb", vec![r(b), r(t)]);
                    uses.push(b);
                } else {
                    uses.push(t);
                }
            }
        }
        let index = self.mf.asm.len() as u32;
        self.mf.asm.push(AsmLayout {
            info: a.clone(),
            arg_op,
        });
        let mut ops: Vec<Opnd> = defs.iter().map(|&x| r(x)).collect();
        ops.extend(uses.iter().map(|&x| r(x)));
        let mut i = MInst::asm(index, defs.len() as u8, ops);
        i.imp_defs = a
            .clobbers
            .iter()
            .map(|&(br, n)| if br { Reg::B(n) } else { Reg::G(n) })
            .collect();
        self.emit(i);
        for (g, b) in after {
            self.e("mfb", vec![r(g), r(b)]);
        }
    }

    fn call(
        &mut self,
        callee: &Callee,
        args: &[Value],
        ret: Option<Type>,
        abi: &CallAbi,
        d: &[Reg],
    ) {
        self.mf.has_calls = true;
        let info = match callee {
            Callee::Direct(n) => self.m.functions.iter().find(|f| f.name == *n),
            Callee::Indirect(_) | Callee::Asm(_) => None,
        };
        let tys: Vec<Type> = args.iter().map(|a| self.f.value_type(*a)).collect();
        // The call site's C types decide the §7.2 layout; hand-written IR
        // without them falls back on the callee's definition, if in this module.
        let (byval, sret) = match info {
            _ if abi.is_known() => (abi.byval.clone(), abi.sret.map(Some)),
            Some(f) => (f.byval.clone(), f.sret.then(|| sret_size(f))),
            None => (vec![], None),
        };
        let (locs, nw) = layout_args(&tys, &byval, sret);
        let mut words: Vec<Reg> = vec![ZERO; nw as usize];
        // argument words stored by a copy loop, not one by one
        let mut copied = vec![false; nw as usize];
        let mut small_ret = None;
        let mut r15 = None;
        let mut uses = vec![];
        for (i, loc) in locs.iter().enumerate() {
            let a = args[i];
            match *loc {
                ArgLoc::Word(w) => words[w as usize] = self.g(a),
                ArgLoc::Pair(w) => {
                    words[w as usize] = self.g(a);
                    words[w as usize + 1] = self.hi(a);
                }
                ArgLoc::Block(w, n) => {
                    let al = self.align_of(a);
                    let base = self.g(a);
                    let (in_regs, bulk) = block_split(w, n);
                    for k in 0..if bulk { in_regs } else { n } {
                        let t = self.load_word(base, 4 * k as i64, al);
                        words[(w + k) as usize] = t;
                    }
                    if bulk {
                        // the stack part straight into the outgoing area
                        let size = byval.get(i).copied().flatten().map_or(4 * n, |x| x.0);
                        let (src, dst) = (self.gv(), self.gv());
                        self.op3("add", src, base, Opnd::Imm(4 * in_regs as i64));
                        let off = abi::arg_word_offset(w + in_regs) as i64;
                        self.op3("add", dst, SP, Opnd::Imm(off));
                        self.memcopy(dst, Some(src), size - 4 * in_regs, al.min(4));
                        for c in &mut copied[(w + in_regs) as usize..(w + n) as usize] {
                            *c = true;
                        }
                    }
                }
                ArgLoc::R15 if self.ssa => r15 = Some(self.g(a)),
                ArgLoc::R15 => {
                    let x = self.g(a);
                    self.mov(Reg::STRUCT_RETURN, r(x));
                    uses.push(Reg::STRUCT_RETURN);
                }
                ArgLoc::SmallRet(n) => small_ret = Some((a, n)),
            }
        }
        let nreg = abi::ARG_REG_COUNT as usize;
        if nw > abi::ARG_REG_COUNT {
            self.mf.out_args = self
                .mf
                .out_args
                .max(abi::WORD_BYTES * (nw - abi::ARG_REG_COUNT));
        }
        for (k, w) in words.iter().enumerate().skip(nreg) {
            if copied[k] {
                continue;
            }
            // the callee's incoming stack argument is at our $r12 + offset
            let off = abi::arg_word_offset(k as u32) as i64;
            self.e("stw", vec![Opnd::Imm(off), r(SP), r(*w)]);
        }
        if self.ssa {
            self.call_ssa(callee, &words, r15, small_ret, ret, d);
            return;
        }
        for (k, w) in words.iter().enumerate().take(nreg) {
            let a = Reg::arg(k as u32);
            self.mov(a, r(*w));
            uses.push(a);
        }
        let mut c = match callee {
            Callee::Direct(n) => MInst::new(opc::CALL, vec![Opnd::Func(n.clone())]),
            Callee::Asm(_) => unreachable!("inline assembly is not a call"),
            Callee::Indirect(v) => {
                let t = self.g(*v);
                self.mov(Reg::LINK, r(t));
                uses.push(Reg::LINK);
                MInst::new(opc::ICALL, vec![])
            }
        };
        c.imp_uses = uses;
        c.imp_defs = callee_clobbers(callee);
        self.emit(c);
        if let Some((a, n)) = small_ret {
            let al = self.align_of(a);
            let base = self.g(a);
            let mut regs = vec![];
            for k in 0..n.div_ceil(4) {
                let t = self.gv();
                self.mov(t, r(Reg::ret(k)));
                regs.push(t);
            }
            for (k, t) in regs.into_iter().enumerate() {
                let bytes = (n - 4 * k as u32).min(4);
                self.store_word(base, 4 * k as i64, t, al, bytes);
            }
        }
        if let Some(t) = ret {
            self.mov(d[0], r(Reg::ret(0)));
            if t == Type::I64 {
                self.mov(d[1], r(Reg::ret(1)));
            }
        }
    }

    /// SSA mode: the register part of a call (ISA-ST200 §7.2): one `pcopy`
    /// of the register words (and `$r15`, and the callee address into
    /// `$r63` for an indirect call) into pinned vregs immediately before
    /// the call, which reads them; the call defines pinned result vregs
    /// (plus the physical clobbers), copied out by one `pcopy` immediately
    /// after it.
    fn call_ssa(
        &mut self,
        callee: &Callee,
        words: &[Reg],
        r15: Option<Reg>,
        small_ret: Option<(Value, u32)>,
        ret: Option<Type>,
        d: &[Reg],
    ) {
        let mut srcs: Vec<(Reg, Reg)> = words
            .iter()
            .take(abi::ARG_REG_COUNT as usize)
            .enumerate()
            .map(|(k, &w)| (Reg::arg(k as u32), w))
            .collect();
        if let Some(x) = r15 {
            srcs.push((Reg::STRUCT_RETURN, x));
        }
        let mut c = match callee {
            Callee::Direct(n) => MInst::new(opc::CALL, vec![Opnd::Func(n.clone())]),
            Callee::Asm(_) => unreachable!("inline assembly is not a call"),
            Callee::Indirect(v) => {
                let t = self.g(*v);
                srcs.push((Reg::LINK, t));
                MInst::new(opc::ICALL, vec![])
            }
        };
        // the small struct result is stored through its address after the call
        let small = small_ret.map(|(a, n)| {
            let al = self.align_of(a);
            (self.g(a), al, n)
        });
        let args: Vec<Reg> = srcs.iter().map(|x| self.pin_g(x.0)).collect();
        self.pcopy(args.clone(), srcs.iter().map(|x| x.1).collect());
        let mut nres = match ret {
            Some(Type::I64) => 2,
            Some(_) => 1,
            None => 0,
        };
        if let Some((_, _, n)) = small {
            nres = nres.max(n.div_ceil(4) as usize);
        }
        let rets: Vec<Reg> = (0..nres as u32).map(|k| self.pin_g(Reg::ret(k))).collect();
        c.imp_uses = args;
        c.imp_defs = rets.clone();
        c.imp_defs.extend(callee_clobbers(callee));
        self.emit(c);
        let (mut dsts, mut outs) = (vec![], vec![]);
        if ret.is_some() {
            dsts.push(d[0]);
            outs.push(rets[0]);
            if ret == Some(Type::I64) {
                dsts.push(d[1]);
                outs.push(rets[1]);
            }
        }
        let mut small_regs = vec![];
        if let Some((_, _, n)) = small {
            for &p in rets.iter().take(n.div_ceil(4) as usize) {
                let t = self.gv();
                dsts.push(t);
                outs.push(p);
                small_regs.push(t);
            }
        }
        self.pcopy(dsts, outs);
        if let Some((base, al, n)) = small {
            for (k, t) in small_regs.into_iter().enumerate() {
                let bytes = (n - 4 * k as u32).min(4);
                self.store_word(base, 4 * k as i64, t, al, bytes);
            }
        }
    }

    /// True if `addr` is a stack slot or global (plus constants) whose
    /// known alignment is below the access size (packed structures): such
    /// accesses are done byte by byte (§4.6: misaligned accesses trap).
    fn misaligned(&self, addr: Value, ty: Type) -> bool {
        fn rooted(s: &Sel, v: Value) -> bool {
            match s.kind(v) {
                Some(InstKind::SlotAddr { .. }) | Some(InstKind::GlobalAddr { .. }) => true,
                Some(InstKind::Binary {
                    op: BinaryOp::Add,
                    ty: Type::I32,
                    args,
                }) => match (s.cval(args[0]), s.cval(args[1])) {
                    (_, Some(_)) => rooted(s, args[0]),
                    (Some(_), _) => rooted(s, args[1]),
                    _ => false,
                },
                _ => false,
            }
        }
        ty != Type::I8 && rooted(self, addr) && self.align_of(addr) < ty.bytes().min(4)
    }

    /// Loads `n` bytes little-endian at `off[base]` byte by byte.
    fn load_bytes(&mut self, off: &Opnd, base: Reg, n: u32) -> Reg {
        let mut t = self.gv();
        self.mov(t, r(ZERO));
        for k in 0..n as i64 {
            let (b, s2) = (self.gv(), self.gv());
            self.e("ldbu", vec![r(b), off_add(off, k), r(base)]);
            self.op3("shl", s2, b, Opnd::Imm(8 * k));
            let n = self.redef(t);
            self.op3("or", n, t, r(s2));
            t = n;
        }
        t
    }

    /// Stores the low `n` bytes of `v` little-endian at `off[base]`.
    fn store_bytes(&mut self, off: &Opnd, base: Reg, v: Reg, n: u32) {
        for k in 0..n as i64 {
            let s2 = self.gv();
            self.op3("shru", s2, v, Opnd::Imm(8 * k));
            self.e("stb", vec![off_add(off, k), r(base), r(s2)]);
        }
    }

    /// Loads a 32-bit little-endian word at `off[base]` with accesses of the
    /// known alignment.
    fn load_word(&mut self, base: Reg, off: i64, align: u32) -> Reg {
        let mut t = self.gv();
        if align >= 4 {
            self.e("ldw", vec![r(t), Opnd::Imm(off), r(base)]);
            return t;
        }
        self.mov(t, r(ZERO));
        for k in 0..4 {
            let (b, s) = (self.gv(), self.gv());
            self.e("ldbu", vec![r(b), Opnd::Imm(off + k), r(base)]);
            self.op3("shl", s, b, Opnd::Imm(8 * k));
            let n = self.redef(t);
            self.op3("or", n, t, r(s));
            t = n;
        }
        t
    }

    /// Stores the low `bytes` bytes of `v` at `off[base]`.
    fn store_word(&mut self, base: Reg, off: i64, v: Reg, align: u32, bytes: u32) {
        if align >= 4 && bytes == 4 {
            self.e("stw", vec![Opnd::Imm(off), r(base), r(v)]);
            return;
        }
        for k in 0..bytes as i64 {
            let s = self.gv();
            self.op3("shru", s, v, Opnd::Imm(8 * k));
            self.e("stb", vec![Opnd::Imm(off + k), r(base), r(s)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_layout_follows_isa_7_2() {
        // (int, long long, struct{12 bytes, align 4}, int): words 0, 2-3, 4-6, 7
        let (l, n) = layout_args(
            &[Type::I32, Type::I64, Type::I32, Type::I32],
            &[None, None, Some((12, 4)), None],
            None,
        );
        assert_eq!(n, 8);
        assert!(matches!(l[1], ArgLoc::Pair(2)));
        assert!(matches!(l[2], ArgLoc::Block(4, 3)));
        assert!(matches!(l[3], ArgLoc::Word(7)));
        // a struct with 8-byte alignment starts on an even word
        let (l, _) = layout_args(&[Type::I32, Type::I32], &[None, Some((16, 8))], None);
        assert!(matches!(l[1], ArgLoc::Block(2, 4)));
        // large struct result: address in $r15, small: in registers
        let (l, n) = layout_args(&[Type::I32, Type::I32], &[None, None], Some(Some(40)));
        assert!(matches!(l[0], ArgLoc::R15));
        assert_eq!(n, 1);
        let (l, _) = layout_args(&[Type::I32], &[None], Some(Some(8)));
        assert!(matches!(l[0], ArgLoc::SmallRet(8)));
    }
}
