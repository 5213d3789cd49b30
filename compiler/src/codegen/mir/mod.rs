//! Machine IR: ST200 operations (ISA-ST200 §4) on virtual and physical
//! registers, grouped in machine basic blocks. Produced by instruction
//! selection ([`super::isel`]), rewritten by register allocation
//! ([`super::regalloc`]), bundled by the list scheduler ([`super::sched`]).

pub mod verify;

use isa::ops::{OpClass, Opcode, Unit};

/// Register class of a virtual register: general (GR, 32 bits) or branch
/// (BR, 1 bit) register file (ISA-ST200 §1.2, §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// General register `$rN`.
    Gr,
    /// Branch register `$bN`.
    Br,
}

/// A register operand: a virtual register (class in [`MFunc::vclass`]) or a
/// physical GR/BR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reg {
    /// Virtual register number.
    V(u32),
    /// Physical general register `$rN` (0..=63).
    G(u8),
    /// Physical branch register `$bN` (0..=7).
    B(u8),
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
    /// Symbol address plus addend.
    Sym(String, i64),
    /// Machine block (branch target).
    Label(usize),
    /// Frame address, an immediate once the frame is laid out.
    Frame(FrameRef),
}

/// Syntax shape of an operation (ISA-ST200 §7.5), which also says which
/// register operands are definitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `op d = a, b`.
    Rrr,
    /// `op d = a` (`mov`, `mtb`, `mfb`, `sxtb`, …).
    Rr,
    /// `op d = bk, a, b` (`slct`).
    Slct,
    /// `op d, bo = a, b, bi` (`addcg`).
    Addcg,
    /// `op d = off[base]`.
    Load,
    /// `op off[base] = s`.
    Store,
    /// `br`/`brf bk, label`.
    Br,
    /// `goto label`.
    Goto,
    /// `call $r63 = sym`.
    Call,
    /// `call $r63 = $r63` (icall).
    ICall,
    /// Function return: a pseudo until the epilogue is inserted, then
    /// `return $r63`.
    Ret,
    /// `nop`.
    Nop,
    /// Machine-SSA pseudo-operation `phi` (ARCHITECTURE.md §4): operands
    /// `[R(dst), Label(pred0), R(src0), Label(pred1), R(src1), …]`, one
    /// pair per machine predecessor block. Phis come first in their block
    /// and are removed by out-of-SSA translation.
    Phi,
    /// Machine-SSA pseudo-operation `pcopy` (parallel copy, seed-digest
    /// P16–P17): operands `[R(d0), …, R(dn-1), R(s0), …, R(sn-1)]`; all
    /// sources are read before any destination is written. Removed by
    /// out-of-SSA translation (sequentialisation).
    PCopy,
}

/// One machine operation.
#[derive(Clone, Debug)]
pub struct MInst {
    /// Mnemonic (`add`, `ldw`, `cmplt`, `mov`, …).
    pub op: &'static str,
    /// Shape.
    pub form: Form,
    /// Operands in assembly order.
    pub ops: Vec<Opnd>,
    /// Registers read besides the operands (argument registers of a call).
    pub imp_uses: Vec<Reg>,
    /// Registers written besides the operands (call clobbers).
    pub imp_defs: Vec<Reg>,
    /// Source line and column.
    pub loc: Option<(u32, u32)>,
}

impl MInst {
    /// Number of leading operands that are definitions.
    fn ndefs(&self) -> usize {
        match self.form {
            Form::Rrr | Form::Rr | Form::Slct | Form::Load => 1,
            Form::Addcg => 2,
            Form::Phi => 1,
            Form::PCopy => self.ops.len() / 2,
            _ => 0,
        }
    }
    /// Registers written.
    pub fn defs(&self) -> Vec<Reg> {
        let mut v: Vec<Reg> = self.ops[..self.ndefs().min(self.ops.len())]
            .iter()
            .filter_map(|o| match o {
                Opnd::R(r) => Some(*r),
                _ => None,
            })
            .collect();
        v.extend(self.imp_defs.iter().copied());
        v
    }
    /// Registers read (for a `phi`, every incoming register).
    pub fn uses(&self) -> Vec<Reg> {
        let mut v: Vec<Reg> = self.ops[self.ndefs().min(self.ops.len())..]
            .iter()
            .filter_map(|o| match o {
                Opnd::R(r) => Some(*r),
                _ => None,
            })
            .collect();
        v.extend(self.imp_uses.iter().copied());
        v
    }
    /// Mutable references to every register operand with a flag "is a
    /// definition" (implicit operands excluded).
    pub fn regs_mut(&mut self) -> Vec<(&mut Reg, bool)> {
        let nd = self.ndefs();
        self.ops
            .iter_mut()
            .enumerate()
            .filter_map(|(i, o)| match o {
                Opnd::R(r) => Some((r, i < nd)),
                _ => None,
            })
            .collect()
    }
    /// True for control operations (ISA-ST200 §4.7): they end a
    /// scheduling region.
    pub fn is_control(&self) -> bool {
        matches!(
            self.form,
            Form::Br | Form::Goto | Form::Call | Form::ICall | Form::Ret
        )
    }
    /// True if the operation has no effect besides its register results
    /// (so it can be deleted when they are dead).
    pub fn is_pure(&self) -> bool {
        matches!(
            self.form,
            Form::Rrr | Form::Rr | Form::Slct | Form::Addcg | Form::Load
        ) && self.imp_defs.is_empty()
    }
    /// Timing class and issue unit from the `isa` operation table.
    pub fn class_unit(&self) -> (OpClass, Unit) {
        match self.form {
            Form::ICall | Form::Ret => (OpClass::IndirectJump, Unit::Ctl),
            Form::Nop => (OpClass::Alu, Unit::Alu),
            _ => match Opcode::by_mnemonic(self.op).first() {
                Some(o) => (o.info().class, o.info().unit),
                None => (OpClass::Alu, Unit::Alu),
            },
        }
    }
    /// True if the operation needs an extension syllable (ISA-ST200 §2.4):
    /// an immediate outside −256..255 or a symbol.
    pub fn long_imm(&self) -> bool {
        !self.is_control()
            && self.ops.iter().any(|o| match o {
                Opnd::Imm(v) => !(-256..=255).contains(v),
                Opnd::Sym(..) => true,
                Opnd::Frame(_) => true,
                _ => false,
            })
    }
}

/// A machine basic block.
#[derive(Clone, Debug, Default)]
pub struct MBlock {
    /// Operations in program order.
    pub insts: Vec<MInst>,
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
    pub order: Vec<usize>,
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
    /// `out-of-ssa-renaming-constraints.txt`, seed-digest P12/P16), if any.
    /// Shorter than `vclass` means "not pinned" for the missing entries.
    pub pin: Vec<Option<Reg>>,
}

impl MFunc {
    /// A new virtual register of class `c`.
    pub fn vreg(&mut self, c: Class) -> Reg {
        self.vclass.push(c);
        Reg::V(self.vclass.len() as u32 - 1)
    }
    /// The physical register virtual register `v` is pinned to, if any.
    pub fn pinned(&self, v: u32) -> Option<Reg> {
        self.pin.get(v as usize).copied().flatten()
    }
    /// A new virtual register of class `c` pinned to physical register `p`.
    pub fn pinned_vreg(&mut self, c: Class, p: Reg) -> Reg {
        let r = self.vreg(c);
        if let Reg::V(v) = r {
            self.pin.resize(v as usize + 1, None);
            self.pin[v as usize] = Some(p);
        }
        r
    }
    /// A new frame object of `size` bytes aligned to `align`.
    pub fn obj(&mut self, size: u32, align: u32) -> u32 {
        self.objs.push((size, align));
        self.objs.len() as u32 - 1
    }
    /// Successors of block `b` (by index), given the output order.
    pub fn successors(&self, b: usize) -> Vec<usize> {
        let mut s = Vec::new();
        let insts = &self.blocks[b].insts;
        for i in insts {
            for o in &i.ops {
                if let (Opnd::Label(l), Form::Br | Form::Goto) = (o, i.form) {
                    if !s.contains(l) {
                        s.push(*l);
                    }
                }
            }
        }
        let ends = insts
            .last()
            .is_some_and(|i| matches!(i.form, Form::Goto | Form::Ret));
        if !ends {
            if let Some(p) = self.order.iter().position(|&x| x == b) {
                if let Some(&n) = self.order.get(p + 1) {
                    if !s.contains(&n) {
                        s.push(n);
                    }
                }
            }
        }
        s
    }
}

/// Builds an operation.
pub fn mi(op: &'static str, form: Form, ops: Vec<Opnd>) -> MInst {
    MInst {
        op,
        form,
        ops,
        imp_uses: vec![],
        imp_defs: vec![],
        loc: None,
    }
}

/// Register operand.
pub fn r(x: Reg) -> Opnd {
    Opnd::R(x)
}
