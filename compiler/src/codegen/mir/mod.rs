//! Machine IR: ST200 operations (ISA-ST200 §4) on virtual and physical
//! registers, grouped in machine basic blocks. Produced by instruction
//! selection ([`super::isel`]), rewritten by register allocation
//! ([`crate::codegen::regalloc::linear_scan`]), bundled by the list scheduler ([`crate::codegen::sched::list`]).
//!
//! Every real operation carries its exact entry of the `isa` operation
//! table ([`MOp::Isa`]), chosen once from its mnemonic and the kinds of its
//! operands ([`MFunc::inst`], [`isa::Opcode::select`]); its timing class,
//! issue unit, destinations and assembly syntax all come from that entry.
//! Later passes rewrite operands without changing their kinds (virtual to
//! physical registers of the same file, frame addresses to constants), so
//! the entry stays right; [`verify::check_operands`] checks it.

pub mod eval;
pub mod interp;
pub mod parse;
pub mod print;
pub mod sccp;
pub mod simplify;
pub mod verify;

use isa::abi::{self, AbiKind};
use isa::encoding::imm_fits_short;
use isa::ops::{OpClass, OpInfo, Opcode, OperandKind, Role, Unit};
use smallvec::SmallVec;

/// A short list of registers (the reads or writes of one operation), kept
/// inline up to four: [`MInst::uses`], [`MInst::defs`].
pub type Regs = SmallVec<[Reg; 4]>;

/// Register class of a virtual register: general (GR, 32 bits) or branch
/// (BR, 1 bit) register file (ISA-ST200 §1.2, §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// General register `$rN`.
    Gr,
    /// Branch register `$bN`.
    Br,
}

/// Typed index of a virtual register: its entry in [`MFunc::vclass`] (and
/// [`MFunc::pin`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VReg(pub u32);

impl VReg {
    /// The virtual register of index `i`.
    pub fn new(i: usize) -> VReg {
        VReg(u32::try_from(i).expect("virtual register index fits 32 bits"))
    }
    /// The index as usize.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for VReg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "%v{}", self.0)
    }
}

/// Typed index of a machine block in [`MFunc::blocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MBlockId(pub u32);

impl MBlockId {
    /// The block of index `i`.
    pub fn new(i: usize) -> MBlockId {
        MBlockId(u32::try_from(i).expect("block index fits 32 bits"))
    }
    /// The index as usize.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A machine block is a node of the analyses of [`crate::analysis`] (run
/// on the edge lists of [`Cfg`]): its index in [`MFunc::blocks`].
impl crate::analysis::Node for MBlockId {
    fn index(self) -> usize {
        MBlockId::index(self)
    }
    fn from_index(i: usize) -> MBlockId {
        MBlockId::new(i)
    }
}

impl std::fmt::Display for MBlockId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "B{}", self.0)
    }
}

/// A register operand: a virtual register (class in [`MFunc::vclass`]) or a
/// physical GR/BR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reg {
    /// Virtual register.
    V(VReg),
    /// Physical general register `$rN` (0..=63).
    G(u8),
    /// Physical branch register `$bN` (0..=7).
    B(u8),
}

/// The ABI variant the back end follows: the embedded one (ISA-ST200
/// §7.1, §7.4; the global pointer is never used).
pub const ABI: AbiKind = AbiKind::Embedded;

impl Reg {
    /// `$r0`, always zero (ISA-ST200 §1.2).
    pub const ZERO: Reg = Reg::G(abi::ZERO as u8);
    /// The stack pointer `$r12` (§7.1).
    pub const SP: Reg = Reg::G(abi::SP as u8);
    /// The link register `$r63` (§1.2, §7.1).
    pub const LINK: Reg = Reg::G(abi::LINK as u8);
    /// `$r15`, the address of a large struct result (§7.2).
    pub const STRUCT_RETURN: Reg = Reg::G(abi::STRUCT_RETURN as u8);
    /// The general register `$rN` of an `isa::abi` register number.
    pub const fn gr(n: u32) -> Reg {
        Reg::G(n as u8)
    }
    /// The branch register `$bN` of an `isa::abi` register number.
    pub const fn br(n: u32) -> Reg {
        Reg::B(n as u8)
    }
    /// The register of argument word `word` (§7.2); panics for a word
    /// passed on the stack.
    pub fn arg(word: u32) -> Reg {
        Reg::gr(abi::arg_reg(word).expect("argument word passed in a register"))
    }
    /// The register of result word `word` (§7.2); panics past the words
    /// returned in registers.
    pub fn ret(word: u32) -> Reg {
        Reg::gr(abi::ret_reg(word).expect("result word returned in a register"))
    }
    /// Every register a call may change (§7.1): the caller-saved GRs and
    /// every BR, in register order.
    pub fn call_clobbers() -> Vec<Reg> {
        let mut v: Vec<Reg> = (0..abi::GR_COUNT)
            .filter(|&n| abi::is_caller_saved(n, ABI))
            .map(Reg::gr)
            .collect();
        v.extend(
            (0..abi::BR_COUNT)
                .filter(|&n| !abi::is_br_callee_saved(n))
                .map(Reg::br),
        );
        v
    }
    /// The registers a call to a runtime support routine may change
    /// ([`abi::SUPPORT_GENERAL`]): [`Reg::call_clobbers`] without
    /// `$r48`…`$r62`, in register order.
    pub fn support_call_clobbers() -> Vec<Reg> {
        Reg::call_clobbers()
            .into_iter()
            .filter(|r| match *r {
                Reg::G(n) => abi::is_support_clobbered(n as u32, ABI),
                _ => true,
            })
            .collect()
    }
    /// [`Reg::support_call_clobbers`] for a direct call of a runtime
    /// support routine `callee` ([`crate::codegen::is_support_routine`]),
    /// else [`Reg::call_clobbers`].
    pub fn clobbers_of_call(callee: &str) -> Vec<Reg> {
        if crate::codegen::is_support_routine(callee) {
            Reg::support_call_clobbers()
        } else {
            Reg::call_clobbers()
        }
    }
}

/// Stack-pointer-relative address resolved after frame layout
/// (ISA-ST200 §7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameRef {
    /// Frame object `n` plus a byte offset.
    Obj(u32, i32),
    /// Byte offset from the caller's `$r12` (the incoming-argument side:
    /// `16` is the first stack argument word, `-16` the variadic dump of
    /// `$r16`).
    Incoming(i32),
}

/// An operand in assembly order.
#[derive(Clone, Debug, PartialEq)]
pub enum Opnd {
    /// Register.
    R(Reg),
    /// Integer constant (any 32-bit value; `las` adds the long immediate).
    Imm(i64),
    /// Symbol address plus addend, as an immediate.
    Sym(String, i64),
    /// Machine block (branch target).
    Label(MBlockId),
    /// Function symbol as a call target (`call`'s `btarg`, ISA-ST200 §4.7).
    Func(String),
    /// Frame address, an immediate once the frame is laid out.
    Frame(FrameRef),
    /// Address of the function's jump table `n`, as an immediate (`las`
    /// adds the long immediate, ISA-ST200 §2.4). The table's entries are
    /// the block labels of the `igoto` that names it ([`MInst::igoto`]);
    /// the emitter writes them as `.word` code addresses in `.rodata`.
    Table(u32),
}

/// `isa` table entries the back end names directly (ISA-ST200 §4, §4.9).
/// Everything else is chosen by mnemonic and operand kinds
/// ([`MFunc::inst`]).
pub mod opc {
    use isa::Opcode;
    /// `mov $rd = $rs` (alias of `add`).
    pub const MOV_R: Opcode = Opcode::named("mov_r");
    /// `mov $rd = imm` (alias of `add`).
    pub const MOV_I: Opcode = Opcode::named("mov_i");
    /// `slct $rd = $bK, $rs, $rt` (ISA-ST200 §4.3: `bK ? rs : rt`).
    pub const SLCT_R: Opcode = Opcode::named("slct_r");
    /// `slct $rd = $bK, $rs, imm`.
    pub const SLCT_I: Opcode = Opcode::named("slct_i");
    /// `slctf $rd = $bK, $rs, $rt` (`bK ? rt : rs`).
    pub const SLCTF_R: Opcode = Opcode::named("slctf_r");
    /// `slctf $rd = $bK, $rs, imm` (`bK ? imm : rs`).
    pub const SLCTF_I: Opcode = Opcode::named("slctf_i");
    /// `mtb $bd = $rs` (alias of `orl`).
    pub const MTB: Opcode = Opcode::named("mtb");
    /// `mfb $rd = $bs` (alias of `slctf`).
    pub const MFB: Opcode = Opcode::named("mfb");
    /// `add $rd = $rs, imm`.
    pub const ADD_I: Opcode = Opcode::named("add_i");
    /// `ldw $rd = imm[$rs]`.
    pub const LDW: Opcode = Opcode::named("ldw");
    /// `stw imm[$rs] = $rt`.
    pub const STW: Opcode = Opcode::named("stw");
    /// `br $b, target`.
    pub const BR: Opcode = Opcode::named("br");
    /// `brf $b, target`.
    pub const BRF: Opcode = Opcode::named("brf");
    /// `goto target`.
    pub const GOTO: Opcode = Opcode::named("goto");
    /// `call $r63 = target`.
    pub const CALL: Opcode = Opcode::named("call");
    /// `call $r63 = $r63`.
    pub const ICALL: Opcode = Opcode::named("icall");
    /// `goto $r63` (`igoto`, ISA-ST200 §4.7): the indirect jump of a jump
    /// table ([`super::MInst::igoto`]).
    pub const IGOTO: Opcode = Opcode::named("igoto");
    /// `return $r63`: a pseudo-operation until the epilogue is inserted
    /// before it ([`crate::codegen::regalloc::frame`]), then the real one.
    pub const RETURN: Opcode = Opcode::named("return");
}

/// What a machine operation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MOp {
    /// An ST200 operation: its exact entry of the `isa` operation table
    /// (ISA-ST200 §4), whose explicit operands
    /// ([`isa::OpInfo::explicit_operands`]) are the [`MInst::ops`] in
    /// order, of the same kinds. Its destinations are the operands of role
    /// [`Role::Dest`].
    Isa(Opcode),
    /// Machine-SSA pseudo-operation `phi` (docs/src/design/architecture.md §4): operands
    /// `[R(dst), Label(pred0), R(src0), Label(pred1), R(src1), …]`, one
    /// pair per machine predecessor block. Phis come first in their block
    /// and are removed by out-of-SSA translation.
    Phi,
    /// Machine-SSA pseudo-operation `pcopy` (parallel copy, SSA book
    /// §3.2, §19.3): operands `[R(d0), …, R(dn-1), R(s0), …, R(sn-1)]`; all
    /// sources are read before any destination is written. Removed by
    /// out-of-SSA translation (sequentialisation).
    PCopy,
    /// Machine-SSA pseudo-operation `psi` (psi-SSA: Stoutchinin and
    /// de Ferrière, "Efficient static single assignment form for
    /// predication", MICRO 2001; SSA book chapter 14):
    /// `x = psi(g1?a1, …, gn?an)` is the value of the rightmost argument
    /// whose guard holds. Operands `[R(dst)]` then three per argument:
    /// the guard (`R(b)` of a BR virtual register, or `Imm(1)` for the
    /// guard `true`), its polarity (`Imm(1)`: the guard holds when `b` is
    /// 1, `Imm(0)`: when `b` is 0; `Imm(1)` for `true`) and `R(value)`.
    /// [`MInst::psi_args`] gives the typed view. Created by if-conversion
    /// ([`crate::codegen::psi::if_convert`]), removed by the translation out of
    /// psi-SSA ([`crate::codegen::psi::out_of_psi`]).
    Psi,
    /// An inline assembly statement ([`crate::ir::Callee::Asm`]): entry
    /// `index` of [`MFunc::asm`]. Operands: the `defs` destinations (the
    /// register output; two words for a 64-bit one), then the registers
    /// read. Its clobbers are [`MInst::imp_defs`]. Every pass keeps it in
    /// place and in order: it is a barrier for scheduling (its text forms
    /// bundles of its own) and for memory operations, like a call.
    Asm {
        /// Entry of [`MFunc::asm`].
        index: u32,
        /// Number of destination operands (first in [`MInst::ops`]).
        defs: u8,
    },
}

/// The guard of a psi argument: a branch-register value or `true`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Guard {
    /// Always holds.
    True,
    /// Holds when the BR register is 1.
    If(Reg),
    /// Holds when the BR register is 0.
    IfNot(Reg),
}

impl Guard {
    /// The guard that holds exactly when this one does not (`None` for
    /// `true`, whose negation `false` is not a guard).
    pub fn negate(self) -> Option<Guard> {
        match self {
            Guard::True => None,
            Guard::If(b) => Some(Guard::IfNot(b)),
            Guard::IfNot(b) => Some(Guard::If(b)),
        }
    }
    /// The branch register read, if any.
    pub fn reg(self) -> Option<Reg> {
        match self {
            Guard::True => None,
            Guard::If(b) | Guard::IfNot(b) => Some(b),
        }
    }
}

/// One argument of a `psi`: its guard and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PsiArg {
    /// When the argument is selected (if no argument to its right is).
    pub guard: Guard,
    /// The value (a GR virtual register).
    pub value: Reg,
}

impl MOp {
    /// The mnemonic: the table's (`add`, `ldw`, …), `phi`, `pcopy` or
    /// `psi`.
    pub fn mnemonic(self) -> &'static str {
        match self {
            MOp::Isa(o) => o.info().mnemonic,
            MOp::Phi => "phi",
            MOp::PCopy => "pcopy",
            MOp::Psi => "psi",
            MOp::Asm { .. } => "asm",
        }
    }
}

impl std::fmt::Display for MOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.mnemonic())
    }
}

/// The C object a load or store touches (and no other), when the IR's
/// alias analysis knows it ([`crate::opt::alias::object_of`]): accesses
/// to two different objects never overlap, whatever their addresses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MemObject {
    /// A global variable, by symbol.
    Sym(String),
    /// Frame object `n` (a stack slot of the IR, §7.3 of ISA-ST200).
    Frame(u32),
    /// Whatever is reached through the `restrict` pointer parameter of IR
    /// value `n` ([`crate::opt::alias::Base::Restrict`]).
    Restrict(u32),
    /// Whatever is reached through the loop-version pointer of IR value
    /// `n` ([`crate::opt::alias::Base::Version`]).
    Version(u32),
}

impl MemObject {
    /// Whether accesses to `self` and `o` never overlap, by the rules of
    /// [`crate::opt::alias::objects_disjoint`].
    pub fn disjoint(&self, o: &MemObject) -> bool {
        use MemObject::*;
        match (self, o) {
            (Sym(a), Sym(b)) => a != b,
            (Frame(a), Frame(b)) => a != b,
            (Sym(_), Frame(_)) | (Frame(_), Sym(_)) => true,
            (Restrict(a), Restrict(b)) => a != b,
            (Restrict(_), _) | (_, Restrict(_)) => true,
            (Version(a), Version(b)) => a != b,
            _ => false,
        }
    }

    /// Whether the object is one named C object (a global or a frame
    /// object), not what a pointer reaches.
    pub fn is_named(&self) -> bool {
        matches!(self, MemObject::Sym(_) | MemObject::Frame(_))
    }
}

/// One machine operation.
#[derive(Clone, Debug)]
pub struct MInst {
    /// The operation.
    pub op: MOp,
    /// Operands in assembly order (for an ST200 operation, its explicit
    /// operands: the fixed `$r63` of `call`/`return` is not listed).
    pub ops: Vec<Opnd>,
    /// Registers read besides the operands (argument registers of a call).
    pub imp_uses: Vec<Reg>,
    /// Registers written besides the operands (call clobbers).
    pub imp_defs: Vec<Reg>,
    /// Source line and column.
    pub loc: Option<(u32, u32)>,
    /// For a load or store: the object it touches, when known (set by
    /// instruction selection; copies of the operation keep it).
    pub mem: Option<MemObject>,
    /// For a load or store of a function where type-based alias rules
    /// hold ([`crate::ir::Function::strict_aliasing`]): the IR type the
    /// program loads or stores (both words of an `i64` carry `I64`).
    pub access_type: Option<crate::ir::Type>,
    /// For a load or store: a volatile access (C `volatile`, the IR's
    /// [`crate::ir::InstKind::VolatileLoad`] and
    /// [`crate::ir::InstKind::VolatileStore`]). It is never deleted,
    /// merged, duplicated, made dismissible or speculative, and stays in
    /// program order with every other memory operation and call (set by
    /// instruction selection; copies of the operation keep it).
    pub volatile: bool,
    /// For a conditional branch (`br`, `brf`): the expected probability
    /// that it is taken (goes to its label), from the IR branch's hint
    /// ([`crate::ir::InstKind::Branch`]'s `prob`: `__builtin_expect`, or
    /// a path to `__builtin_unreachable` or a `cold` function); `None`:
    /// no expectation. Block layout and if-conversion read it before
    /// their static heuristics; a pass that inverts the branch (`br` ↔
    /// `brf` with the other label) takes 1 − p.
    pub prob: Option<crate::ir::Prob>,
}

impl MInst {
    fn with(op: MOp, ops: Vec<Opnd>) -> MInst {
        MInst {
            op,
            ops,
            imp_uses: vec![],
            imp_defs: vec![],
            loc: None,
            mem: None,
            access_type: None,
            volatile: false,
            prob: None,
        }
    }
    /// The ST200 operation `op` on `ops` (its explicit operands in written
    /// order). Panics if the number of operands is not the entry's.
    pub fn new(op: Opcode, ops: Vec<Opnd>) -> MInst {
        let n = op.info().explicit_operands().count();
        assert_eq!(
            ops.len(),
            n,
            "`{}` ({}) takes {n} operands: {ops:?}",
            op.info().mnemonic,
            op.info().name
        );
        MInst::with(MOp::Isa(op), ops)
    }
    /// The indirect jump of jump table `table` (ISA-ST200 §4.7: `goto
    /// $r63`, which jumps to the address in `$r63`): operands
    /// `[Table(table), Label(t0), …, Label(tn-1)]`, entry `k` of the table
    /// being `tk`. The `igoto` has no explicit operand in the `isa` table;
    /// these extra operands name its successors, so that every pass that
    /// retargets branch labels also retargets the table entries. The
    /// caller adds `$r63` (or the register pinned to it) to
    /// [`MInst::imp_uses`].
    pub fn igoto(table: u32, targets: &[MBlockId]) -> MInst {
        let mut ops = vec![Opnd::Table(table)];
        ops.extend(targets.iter().map(|&t| Opnd::Label(t)));
        MInst::with(MOp::Isa(opc::IGOTO), ops)
    }
    /// For the `igoto` of a jump table: the table number and its entries
    /// in order (see [`MInst::igoto`]); `None` for any other operation.
    pub fn jump_table(&self) -> Option<(u32, Vec<MBlockId>)> {
        if !self.is(opc::IGOTO) {
            return None;
        }
        let (Opnd::Table(n), rest) = self.ops.split_first()? else {
            return None;
        };
        let targets = rest
            .iter()
            .map(|o| match o {
                Opnd::Label(l) => Some(*l),
                _ => None,
            })
            .collect::<Option<Vec<MBlockId>>>()?;
        Some((*n, targets))
    }
    /// An inline assembly statement (operands as in [`MOp::Asm`]).
    pub fn asm(index: u32, defs: u8, ops: Vec<Opnd>) -> MInst {
        MInst::with(MOp::Asm { index, defs }, ops)
    }
    /// A `phi` (operands as in [`MOp::Phi`]).
    pub fn phi(ops: Vec<Opnd>) -> MInst {
        MInst::with(MOp::Phi, ops)
    }
    /// A `pcopy` (operands as in [`MOp::PCopy`]).
    pub fn pcopy(ops: Vec<Opnd>) -> MInst {
        MInst::with(MOp::PCopy, ops)
    }
    /// A `psi` defining `dst` from `args` in order (operands as in
    /// [`MOp::Psi`]).
    pub fn psi(dst: Reg, args: &[PsiArg]) -> MInst {
        let mut ops = vec![Opnd::R(dst)];
        for a in args {
            let (g, pol) = match a.guard {
                Guard::True => (Opnd::Imm(1), 1),
                Guard::If(b) => (Opnd::R(b), 1),
                Guard::IfNot(b) => (Opnd::R(b), 0),
            };
            ops.extend([g, Opnd::Imm(pol), Opnd::R(a.value)]);
        }
        MInst::with(MOp::Psi, ops)
    }
    /// The arguments of a `psi` in order; `None` if the operation is not a
    /// well-formed `psi` (see [`MOp::Psi`]).
    pub fn psi_args(&self) -> Option<Vec<PsiArg>> {
        if self.op != MOp::Psi || self.ops.len() % 3 != 1 {
            return None;
        }
        self.ops[1..]
            .chunks(3)
            .map(|c| {
                let guard = match c {
                    [Opnd::Imm(1), Opnd::Imm(1), _] => Guard::True,
                    [Opnd::R(b), Opnd::Imm(1), _] => Guard::If(*b),
                    [Opnd::R(b), Opnd::Imm(0), _] => Guard::IfNot(*b),
                    _ => return None,
                };
                match c[2] {
                    Opnd::R(value) => Some(PsiArg { guard, value }),
                    _ => None,
                }
            })
            .collect()
    }
    /// The table entry of an ST200 operation (`None` for a pseudo-operation).
    pub fn opcode(&self) -> Option<Opcode> {
        match self.op {
            MOp::Isa(o) => Some(o),
            MOp::Phi | MOp::PCopy | MOp::Psi | MOp::Asm { .. } => None,
        }
    }
    /// Everything the `isa` table knows of the operation (`None` for a
    /// pseudo-operation).
    pub fn info(&self) -> Option<&'static OpInfo> {
        self.opcode().map(|o| o.info())
    }
    /// True for an inline assembly statement ([`MOp::Asm`]).
    pub fn is_asm(&self) -> bool {
        matches!(self.op, MOp::Asm { .. })
    }
    /// True if the operation is the table entry `o`.
    pub fn is(&self, o: Opcode) -> bool {
        self.op == MOp::Isa(o)
    }
    /// True if operand `k` is written (a destination).
    pub fn is_def(&self, k: usize) -> bool {
        match self.op {
            MOp::Isa(o) => k < 64 && dest_mask(o) >> k & 1 != 0,
            MOp::Phi | MOp::Psi => k == 0,
            MOp::PCopy => k < self.ops.len() / 2,
            MOp::Asm { defs, .. } => k < defs as usize,
        }
    }
    /// Calls `f(k, d)` for every operand index `k` with `d` true when
    /// operand `k` is written (the flags of [`MInst::is_def`], in one pass
    /// over the operation's table entry instead of one search per operand).
    fn for_each_def_flag(&self, mut f: impl FnMut(usize, bool)) {
        match self.op {
            MOp::Isa(o) => {
                let mask = dest_mask(o);
                for k in 0..self.ops.len() {
                    f(k, k < 64 && mask >> k & 1 != 0);
                }
            }
            MOp::Phi | MOp::Psi => (0..self.ops.len()).for_each(|k| f(k, k == 0)),
            MOp::PCopy => {
                let half = self.ops.len() / 2;
                (0..self.ops.len()).for_each(|k| f(k, k < half));
            }
            MOp::Asm { defs, .. } => (0..self.ops.len()).for_each(|k| f(k, k < defs as usize)),
        }
    }
    /// Calls `f(r, d)` for every register operand `r` in operand order,
    /// `d` true for a destination (implicit operands excluded).
    pub fn for_each_reg(&self, mut f: impl FnMut(Reg, bool)) {
        self.for_each_def_flag(|k, d| {
            if let Opnd::R(r) = self.ops[k] {
                f(r, d)
            }
        })
    }
    /// Calls `f` on every register read, in the order of [`MInst::uses`],
    /// without collecting them.
    pub fn for_each_use(&self, mut f: impl FnMut(Reg)) {
        // the operands that [`MInst::for_each_reg`] flags as read, walked
        // directly
        let reads = match self.op {
            MOp::Isa(o) => {
                let mask = dest_mask(o);
                for (k, o) in self.ops.iter().enumerate() {
                    if let Opnd::R(r) = o {
                        if k >= 64 || mask >> k & 1 == 0 {
                            f(*r)
                        }
                    }
                }
                &[][..]
            }
            MOp::Phi | MOp::Psi => self.ops.get(1..).unwrap_or(&[]),
            MOp::PCopy => &self.ops[self.ops.len() / 2..],
            MOp::Asm { defs, .. } => &self.ops[(defs as usize).min(self.ops.len())..],
        };
        for o in reads {
            if let Opnd::R(r) = o {
                f(*r)
            }
        }
        self.imp_uses.iter().for_each(|&r| f(r));
    }
    /// Calls `f` on every register written, in the order of
    /// [`MInst::defs`], without collecting them.
    pub fn for_each_def(&self, mut f: impl FnMut(Reg)) {
        // the operands that [`MInst::for_each_reg`] flags as written,
        // found from the destination mask rather than by testing each
        let writes = match self.op {
            MOp::Isa(o) => {
                let mut mask = dest_mask(o);
                while mask != 0 {
                    let k = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    match self.ops.get(k) {
                        Some(Opnd::R(r)) => f(*r),
                        Some(_) => {}
                        None => break,
                    }
                }
                &[][..]
            }
            MOp::Phi | MOp::Psi => &self.ops[..self.ops.len().min(1)],
            MOp::PCopy => &self.ops[..self.ops.len() / 2],
            MOp::Asm { defs, .. } => &self.ops[..(defs as usize).min(self.ops.len())],
        };
        for o in writes {
            if let Opnd::R(r) = o {
                f(*r)
            }
        }
        self.imp_defs.iter().for_each(|&r| f(r));
    }
    /// True if the operation reads `x` (one of [`MInst::uses`]).
    pub fn reads(&self, x: Reg) -> bool {
        let mut r = false;
        self.for_each_use(|u| r |= u == x);
        r
    }
    /// True if the operation writes `x` (one of [`MInst::defs`]).
    pub fn writes(&self, x: Reg) -> bool {
        let mut w = false;
        self.for_each_def(|d| w |= d == x);
        w
    }
    /// Registers written by the operands (implicit definitions excluded),
    /// in operand order.
    pub fn explicit_defs(&self) -> Regs {
        let mut v = Regs::new();
        self.for_each_reg(|r, d| {
            if d {
                v.push(r)
            }
        });
        v
    }
    /// Registers written: the explicit ones in operand order, then
    /// [`MInst::imp_defs`].
    pub fn defs(&self) -> Regs {
        let mut v = Regs::new();
        self.for_each_def(|r| v.push(r));
        v
    }
    /// Registers read (for a `phi`, every incoming register): the operands
    /// in order, then [`MInst::imp_uses`].
    pub fn uses(&self) -> Regs {
        let mut v = Regs::new();
        self.for_each_use(|r| v.push(r));
        v
    }
    /// Mutable references to every register operand with a flag "is a
    /// definition" (implicit operands excluded), in operand order.
    pub fn regs_mut(&mut self) -> SmallVec<[(&mut Reg, bool); 4]> {
        // the flags of [`MInst::for_each_def_flag`], computed in place
        let (op, n) = (self.op, self.ops.len());
        let mask = match op {
            MOp::Isa(o) => dest_mask(o),
            _ => 0,
        };
        let is_def = |k: usize| match op {
            MOp::Isa(_) => k < 64 && mask >> k & 1 != 0,
            MOp::Phi | MOp::Psi => k == 0,
            MOp::PCopy => k < n / 2,
            MOp::Asm { defs, .. } => k < defs as usize,
        };
        let mut out = SmallVec::new();
        for (k, o) in self.ops.iter_mut().enumerate() {
            if let Opnd::R(r) = o {
                out.push((r, is_def(k)));
            }
        }
        out
    }
    /// True for control operations (ISA-ST200 §4.7): they end a
    /// scheduling region.
    pub fn is_control(&self) -> bool {
        self.info()
            .is_some_and(|i| matches!(i.unit, Unit::Ctl | Unit::CtlMem))
    }
    /// True for a direct or indirect call.
    pub fn is_call(&self) -> bool {
        self.is(opc::CALL) || self.is(opc::ICALL)
    }
    /// True for `return`.
    pub fn is_return(&self) -> bool {
        self.is(opc::RETURN)
    }
    /// True for `goto`, `igoto` and `return`: the next operation in layout
    /// order is never reached from here.
    pub fn is_unconditional(&self) -> bool {
        self.is(opc::GOTO) || self.is(opc::IGOTO) || self.is_return()
    }
    /// True for an operation that ends a block's straight-line code: a
    /// branch, `goto` or `return` (a control operation that is not a call).
    pub fn is_terminator(&self) -> bool {
        self.is_control() && !self.is_call()
    }
    /// True if the operation has no effect besides its register results
    /// (so it can be deleted when they are dead): ALU operations,
    /// multiplies, custom operations (§4.10: the ones a machine declares
    /// are pure functions of their operands) and loads (ISA-ST200
    /// §4.1–§4.6) without implicit
    /// definitions; a volatile load is not.
    pub fn is_pure(&self) -> bool {
        !self.volatile
            && self.info().is_some_and(|i| {
                matches!(
                    i.class,
                    OpClass::Alu | OpClass::Mul | OpClass::Load | OpClass::Custom
                ) && i.explicit_operands().any(|s| s.role == Role::Dest)
            })
            && self.imp_defs.is_empty()
    }
    /// Timing class and issue unit from the `isa` operation table. Panics
    /// on a pseudo-operation (out-of-SSA translation removes them).
    pub fn class_unit(&self) -> (OpClass, Unit) {
        let i = self
            .info()
            .unwrap_or_else(|| panic!("`{}` is a pseudo-operation: no timing", self.op));
        (i.class, i.unit)
    }
    /// True if the operation needs an extension syllable (ISA-ST200 §2.4):
    /// its immediate operand is a symbol, a frame address, or a constant
    /// outside the 9-bit range (§3.3).
    pub fn long_imm(&self) -> bool {
        let Some(info) = self.info() else {
            return false;
        };
        info.explicit_operands()
            .zip(&self.ops)
            .any(|(s, o)| match o {
                _ if s.kind != OperandKind::Imm => false,
                Opnd::Imm(v) => !imm_fits_short(*v),
                Opnd::Sym(..) | Opnd::Frame(_) | Opnd::Table(_) => true,
                _ => false,
            })
    }
}

/// Bit `k` set when explicit operand `k` of table entry `o` is a
/// destination ([`Role::Dest`]); computed once for the whole table.
fn dest_mask(o: Opcode) -> u64 {
    static MASKS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    MASKS.get_or_init(|| {
        isa::ops::OPS
            .iter()
            .map(|info| {
                info.explicit_operands()
                    .enumerate()
                    .filter(|(k, s)| *k < 64 && s.role == Role::Dest)
                    .fold(0, |m, (k, _)| m | 1 << k)
            })
            .collect()
    })[o.0 as usize]
}

/// How many operations read each register ([`MFunc::use_counts`]),
/// counted in arrays indexed by register number rather than hashed.
#[derive(Clone, Debug)]
pub struct UseCounts {
    /// By virtual register index (grown when a register is beyond
    /// [`MFunc::vclass`]).
    virt: Vec<u32>,
    /// `$rN` at `N`, `$bN` at `256 + N`.
    phys: Vec<u32>,
}

impl UseCounts {
    fn slot(&mut self, r: Reg) -> &mut u32 {
        match r {
            Reg::V(v) => {
                if v.index() >= self.virt.len() {
                    self.virt.resize(v.index() + 1, 0);
                }
                &mut self.virt[v.index()]
            }
            Reg::G(n) => &mut self.phys[n as usize],
            Reg::B(n) => &mut self.phys[256 + n as usize],
        }
    }
    fn add(&mut self, r: Reg) {
        *self.slot(r) += 1;
    }
    /// The number of reads of `r` (0 if none).
    pub fn get(&self, r: Reg) -> usize {
        let n = match r {
            Reg::V(v) => self.virt.get(v.index()).copied().unwrap_or(0),
            Reg::G(n) => self.phys[n as usize],
            Reg::B(n) => self.phys[256 + n as usize],
        };
        n as usize
    }
}

/// A machine basic block.
#[derive(Clone, Debug, Default)]
pub struct MBlock {
    /// Operations in program order.
    pub insts: Vec<MInst>,
    /// A fixed issue cycle per operation (non-decreasing; a modulo-
    /// scheduled loop kernel, [`crate::codegen::sched::modulo`]), kept by the bundler when
    /// the block still matches it ([`crate::codegen::sched::modulo::fixed_bundles`]);
    /// `None`: the block is list-scheduled.
    pub cycles: Option<Vec<u32>>,
}

/// A function in machine IR.
#[derive(Clone, Debug)]
pub struct MFunc {
    /// Symbol name.
    pub name: String,
    /// Global symbol.
    pub global: bool,
    /// Block arena.
    pub blocks: Vec<MBlock>,
    /// Block order in the output (fall-through follows it); entry first.
    pub order: Vec<MBlockId>,
    /// Class of each virtual register.
    pub vclass: Vec<Class>,
    /// Frame objects: (size, alignment) in bytes.
    pub objs: Vec<(u32, u32)>,
    /// Bytes of outgoing stack arguments (above the 16-byte scratch area).
    pub out_args: u32,
    /// The function makes calls (saves `$r63`, reserves the scratch area).
    pub has_calls: bool,
    /// The function is variadic (dumps `$r16`–`$r23`, ISA-ST200 §7.3).
    pub variadic: bool,
    /// Machine SSA: per virtual register, the physical register it is
    /// pinned to by a calling-convention or ISA constraint (seed
    /// `out-of-ssa-renaming-constraints.txt`, SSA book §17.1, §19.1; Rastello et al. 2005 §2.1/P16), if any.
    /// Shorter than `vclass` means "not pinned" for the missing entries.
    pub pin: Vec<Option<Reg>>,
    /// The inline assembly statements of the function ([`MOp::Asm`]).
    pub asm: Vec<AsmLayout>,
    /// Line and column of the function's definition: the location of its
    /// prologue (so that its first address maps to its own line).
    pub loc: Option<(u32, u32)>,
    /// Least alignment of the function's first bundle in bytes
    /// ([`crate::ir::Function::align`]); 0: the ABI's own.
    pub align: u64,
}

/// An inline assembly statement as the machine IR carries it: the
/// statement and where its arguments are among the operation's operands.
#[derive(Clone, Debug)]
pub struct AsmLayout {
    /// The statement.
    pub info: std::sync::Arc<crate::ir::InlineAsm>,
    /// Operand index of each argument's register (the low word of a
    /// 64-bit one); the result, if any, is operand 0.
    pub arg_op: Vec<usize>,
}

impl MFunc {
    /// An empty function named `name` (`global`: an exported symbol): no
    /// blocks, registers or frame objects.
    pub fn new(name: &str, global: bool) -> MFunc {
        MFunc {
            name: name.to_string(),
            global,
            blocks: vec![],
            order: vec![],
            vclass: vec![],
            objs: vec![],
            out_args: 0,
            has_calls: false,
            variadic: false,
            pin: vec![],
            asm: vec![],
            loc: None,
            align: 0,
        }
    }

    /// A new virtual register of class `c`.
    pub fn vreg(&mut self, c: Class) -> Reg {
        self.vclass.push(c);
        Reg::V(VReg::new(self.vclass.len() - 1))
    }
    /// The physical register virtual register `v` is pinned to, if any.
    pub fn pinned(&self, v: VReg) -> Option<Reg> {
        self.pin.get(v.index()).copied().flatten()
    }
    /// A new virtual register of class `c` pinned to physical register `p`.
    pub fn pinned_vreg(&mut self, c: Class, p: Reg) -> Reg {
        let r = self.vreg(c);
        if let Reg::V(v) = r {
            self.pin.resize(v.index() + 1, None);
            self.pin[v.index()] = Some(p);
        }
        r
    }
    /// A new empty block (not yet in [`MFunc::order`]).
    pub fn new_block(&mut self) -> MBlockId {
        self.blocks.push(MBlock::default());
        MBlockId::new(self.blocks.len() - 1)
    }
    /// How many operations read each register, over every block (a phi
    /// once per operand naming it, implicit operands included).
    pub fn use_counts(&self) -> UseCounts {
        let mut n = UseCounts {
            virt: vec![0; self.vclass.len()],
            phys: vec![0; 512],
        };
        for b in &self.blocks {
            for i in &b.insts {
                i.for_each_use(|u| n.add(u));
            }
        }
        n
    }
    /// Every block, in arena order.
    pub fn block_ids(&self) -> impl DoubleEndedIterator<Item = MBlockId> + ExactSizeIterator {
        (0..self.blocks.len()).map(MBlockId::new)
    }
    /// Block `b`.
    pub fn block(&self, b: MBlockId) -> &MBlock {
        &self.blocks[b.index()]
    }
    /// Block `b`, mutable.
    pub fn block_mut(&mut self, b: MBlockId) -> &mut MBlock {
        &mut self.blocks[b.index()]
    }
    /// A new frame object of `size` bytes aligned to `align`.
    pub fn obj(&mut self, size: u32, align: u32) -> u32 {
        self.objs.push((size, align));
        self.objs.len() as u32 - 1
    }
    /// Register class of a register operand; `None` for a virtual register
    /// without an entry in [`MFunc::vclass`].
    pub fn class(&self, x: Reg) -> Option<Class> {
        match x {
            Reg::V(v) => self.vclass.get(v.index()).copied(),
            Reg::G(_) => Some(Class::Gr),
            Reg::B(_) => Some(Class::Br),
        }
    }
    /// The operand kind `o` is (ISA-ST200 §3.3): `Gr` or `Br` for a register
    /// (by its class), `Imm` for a constant, symbol or frame address,
    /// `BTarg` for a block or function; `None` for an unknown virtual
    /// register.
    pub fn kind(&self, o: &Opnd) -> Option<OperandKind> {
        Some(match o {
            Opnd::R(x) => match self.class(*x)? {
                Class::Gr => OperandKind::Gr,
                Class::Br => OperandKind::Br,
            },
            Opnd::Imm(_) | Opnd::Sym(..) | Opnd::Frame(_) | Opnd::Table(_) => OperandKind::Imm,
            Opnd::Label(_) | Opnd::Func(_) => OperandKind::BTarg,
        })
    }
    /// The ST200 operation written `mnemonic` on `ops`: the table entry
    /// whose explicit operand kinds are those of `ops`
    /// ([`isa::Opcode::select`]; e.g. `cmplt` with a BR destination and an
    /// immediate is `cmplt_b_i`). Panics if there is none: instruction
    /// selection asked for an operation the ST200 does not have.
    pub fn inst(&self, mnemonic: &str, ops: Vec<Opnd>) -> MInst {
        let kinds: Option<Vec<OperandKind>> = ops.iter().map(|o| self.kind(o)).collect();
        let op = kinds
            .as_deref()
            .and_then(|k| Opcode::select(mnemonic, k))
            .unwrap_or_else(|| {
                panic!("no ST200 operation `{mnemonic}` with operands {ops:?} (kinds {kinds:?})")
            });
        MInst::new(op, ops)
    }
}

/// The control-flow graph of an [`MFunc`]: the successors and predecessors
/// of every block, computed once by [`Cfg::new`] from the branch targets of
/// the terminators and the fall-through of the layout ([`MFunc::order`]).
/// It is a snapshot: a pass that changes the CFG (adds a block, retargets a
/// branch, reorders the layout) computes a new one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cfg {
    succs: Vec<Vec<MBlockId>>,
    preds: Vec<Vec<MBlockId>>,
}

impl Cfg {
    /// The CFG of `f`. Successors of a block: the targets of its branches,
    /// `goto` and jump-table `igoto` in operand order, then the next block of the layout if
    /// the block does not end in `goto` or `return`; each listed once (so
    /// the CFG has no duplicated edges). Predecessors: the blocks of the
    /// layout that have the block as a successor, in layout order.
    pub fn new(f: &MFunc) -> Cfg {
        let nb = f.blocks.len();
        let mut next: Vec<Option<MBlockId>> = vec![None; nb];
        for w in f.order.windows(2) {
            if w[0].index() < nb {
                next[w[0].index()] = Some(w[1]);
            }
        }
        let succs: Vec<Vec<MBlockId>> = f
            .blocks
            .iter()
            .zip(&next)
            .map(|(block, next)| {
                let mut s = Vec::new();
                for i in block.insts.iter().filter(|i| i.is_terminator()) {
                    for o in &i.ops {
                        if let Opnd::Label(l) = o {
                            if !s.contains(l) {
                                s.push(*l);
                            }
                        }
                    }
                }
                let ends = block.insts.last().is_some_and(|i| i.is_unconditional());
                if let (false, Some(n)) = (ends, *next) {
                    if !s.contains(&n) {
                        s.push(n);
                    }
                }
                s
            })
            .collect();
        let mut preds = vec![vec![]; nb];
        for &b in &f.order {
            for &s in succs.get(b.index()).into_iter().flatten() {
                if s.index() < nb && !preds[s.index()].contains(&b) {
                    preds[s.index()].push(b);
                }
            }
        }
        Cfg { succs, preds }
    }
    /// Successors of block `b`.
    pub fn succs(&self, b: MBlockId) -> &[MBlockId] {
        &self.succs[b.index()]
    }
    /// Predecessors of block `b` (only blocks of the layout).
    pub fn preds(&self, b: MBlockId) -> &[MBlockId] {
        &self.preds[b.index()]
    }
    /// The successors of every block (`[b.index()]`), the graph the
    /// analyses of [`crate::analysis`] run on (dominators, loops,
    /// liveness). Branch targets that are not blocks of the function are
    /// listed too; the analyses ignore them.
    pub fn succ_lists(&self) -> &[Vec<MBlockId>] {
        &self.succs
    }
}

/// Register operand.
pub fn r(x: Reg) -> Opnd {
    Opnd::R(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Layout B0 B2 B1 B3: B0 `br B1` then falls into B2 (listed once even
    /// though it is also a target); B2 `goto B3`; B1 falls into B3; B3
    /// returns.
    #[test]
    fn cfg_from_branches_and_layout() {
        let b = |n: u32| Opnd::Label(MBlockId(n));
        let mut f = MFunc::new("t", true);
        let c = f.vreg(Class::Br);
        let ids: Vec<MBlockId> = (0..4).map(|_| f.new_block()).collect();
        f.order = vec![ids[0], ids[2], ids[1], ids[3]];
        let br = |l| MInst::new(opc::BR, vec![r(c), l]);
        f.block_mut(ids[0]).insts = vec![br(b(1)), br(b(2))];
        f.block_mut(ids[2]).insts = vec![MInst::new(opc::GOTO, vec![b(3)])];
        f.block_mut(ids[3]).insts = vec![MInst::new(opc::RETURN, vec![])];
        let cfg = Cfg::new(&f);
        let s = |n: u32| cfg.succs(MBlockId(n)).to_vec();
        let p = |n: u32| cfg.preds(MBlockId(n)).to_vec();
        assert_eq!(s(0), [MBlockId(1), MBlockId(2)]);
        assert_eq!(s(2), [MBlockId(3)]);
        assert_eq!(s(1), [MBlockId(3)]);
        assert!(s(3).is_empty());
        // predecessors in layout order
        assert_eq!(p(3), [MBlockId(2), MBlockId(1)]);
        assert_eq!(p(1), [MBlockId(0)]);
        let ids = |v: &[u32]| v.iter().map(|&n| MBlockId(n)).collect::<Vec<_>>();
        assert_eq!(
            cfg.succ_lists(),
            [ids(&[1, 2]), ids(&[3]), ids(&[3]), ids(&[])]
        );
    }
}
