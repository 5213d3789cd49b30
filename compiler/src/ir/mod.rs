//! The IR shared by the front end, the optimiser and the back end
//! (docs/src/design/architecture.md §4): a control-flow graph of basic blocks holding typed
//! three-address instructions, stored in dense arenas and named by typed
//! indices ([`Block`], [`Value`], [`Inst`], [`StackSlot`]).
//!
//! - Integer types are 8, 16, 32 and 64 bits ([`Type`]); pointers are `i32`
//!   (ILP32, ISA-ST200 §1.1). Signedness lives in the operations.
//! - Floating-point types are `f32` and `f64` (IEEE 754 binary32 and
//!   binary64; C `float`, and `double` = `long double`). A float constant
//!   is an `iconst` of type `f32`/`f64` holding the bit pattern; loads,
//!   stores, phis, calls and returns move float values as bits; the float
//!   operations are their own instructions ([`InstKind::Fbinary`],
//!   [`InstKind::Fneg`], [`InstKind::Fcmp`], [`InstKind::Fconvert`]), so
//!   that no integer folding or simplification can apply to them. Before
//!   instruction selection [`crate::opt::softfloat`] rewrites them into
//!   calls of the runtime's soft-float helpers and every `f32`/`f64` into
//!   `i32`/`i64`: the back end sees integers only.
//! - Each instruction defines at most one [`Value`]; function parameters are
//!   values too.
//! - A block is a list of instructions ending in exactly one terminator
//!   (`jump`, `br`, `jumptable`, `ret`, `unreachable`). Phis come first in
//!   their block.
//! - `phi` is an instruction with one `(predecessor block, value)` operand
//!   per predecessor, in predecessor order ([`Function::predecessors`]).
//! - At this stage C locals live in stack slots; `&&`, `||` and `?:` merge
//!   values with phis.
//!
//! Calling convention at the IR level: scalars are passed as values;
//! a struct argument is passed as the address of a caller-owned copy
//! (`byval`); a struct result is written through a hidden first parameter
//! (`sret`). The back end maps these to ISA-ST200 §7.2.
//!
//! [`Module::print`] writes the textual form and [`parse_module`] reads it
//! back; [`verify_function`] checks structure and SSA properties.

mod cfg;
pub mod eval;
mod function;
pub mod link;
mod parse;
mod print;
mod verify;

pub use parse::parse_module;
pub use verify::{verify_function, verify_module};

use crate::hash::HashMap;
use smallvec::{smallvec, SmallVec};

/// A short list of blocks, inline up to two (the successors of a
/// terminator: [`InstKind::successors`]).
pub type Blocks = SmallVec<[Block; 2]>;

/// A short list of values, inline up to four (the operands of an
/// instruction: [`InstKind::operands`]).
pub type Values = SmallVec<[Value; 4]>;

macro_rules! entity {
    ($name:ident, $prefix:expr) => {
        #[doc = concat!("Typed index of a ", stringify!($name), " in its function's arena.")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            /// The index as usize.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
    };
}
entity!(Block, "block");
entity!(Value, "%");
entity!(Inst, "inst");
entity!(StackSlot, "slot");

/// Type of a value: an integer of 8 to 64 bits, or an IEEE 754 float.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// 8-bit.
    I8,
    /// 16-bit.
    I16,
    /// 32-bit (also pointers).
    I32,
    /// 64-bit.
    I64,
    /// IEEE 754 binary32 (C `float`), held as its 32 bits.
    F32,
    /// IEEE 754 binary64 (C `double`, `long double`), held as its 64 bits.
    F64,
}

impl Type {
    /// Size in bytes.
    pub fn bytes(self) -> u32 {
        match self {
            Type::I8 => 1,
            Type::I16 => 2,
            Type::I32 | Type::F32 => 4,
            Type::I64 | Type::F64 => 8,
        }
    }
    /// Whether this is `f32` or `f64`.
    pub fn is_float(self) -> bool {
        matches!(self, Type::F32 | Type::F64)
    }
    /// The integer type of the same width (`f32` → `i32`, `f64` → `i64`;
    /// integers unchanged): how [`crate::opt::softfloat`] carries floats.
    pub fn as_int(self) -> Type {
        match self {
            Type::F32 => Type::I32,
            Type::F64 => Type::I64,
            t => t,
        }
    }
    /// Size in bits.
    pub fn bits(self) -> u32 {
        self.bytes() * 8
    }
    /// Textual name (`i8` … `i64`).
    pub fn name(self) -> &'static str {
        match self {
            Type::I8 => "i8",
            Type::I16 => "i16",
            Type::I32 => "i32",
            Type::I64 => "i64",
            Type::F32 => "f32",
            Type::F64 => "f64",
        }
    }
    fn parse(s: &str) -> Option<Type> {
        Some(match s {
            "i8" => Type::I8,
            "i16" => Type::I16,
            "i32" => Type::I32,
            "i64" => Type::I64,
            "f32" => Type::F32,
            "f64" => Type::F64,
            _ => return None,
        })
    }
}

/// Two-operand integer operations (wrapping; shifts use the amount modulo
/// the width; division by zero is undefined).
///
/// `MulHs`/`MulHu` exist for `i32` only (the verifier checks it): bits
/// 63:32 of the signed/unsigned 64-bit product of two `i32`, as the ST231
/// `mul64h`/`mul64hu` compute them (ISA-ST200 §4.5). Strength reduction
/// of divisions by constants uses them (`opt::simplify`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    MulHs,
    MulHu,
    SDiv,
    UDiv,
    SRem,
    URem,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
}

/// One-operand integer operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum UnaryOp {
    Neg,
    Not,
    /// Number of leading zero bits (the type's width for 0: defined, unlike
    /// C's `__builtin_clz(0)`); ST200 `clz` for `i32`.
    Clz,
    /// The bytes in reverse order; ST200 `bswap` for `i32`.
    Bswap,
}

impl UnaryOp {
    /// The operation's name in the IR text.
    pub fn name(self) -> &'static str {
        match self {
            UnaryOp::Neg => "neg",
            UnaryOp::Not => "not",
            UnaryOp::Clz => "clz",
            UnaryOp::Bswap => "bswap",
        }
    }
}

/// Integer comparison conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Cond {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl Cond {
    /// The condition that gives the same result with the operands
    /// swapped (`a < b` ⇔ `b > a`).
    pub fn swapped(self) -> Cond {
        match self {
            Cond::Slt => Cond::Sgt,
            Cond::Sle => Cond::Sge,
            Cond::Sgt => Cond::Slt,
            Cond::Sge => Cond::Sle,
            Cond::Ult => Cond::Ugt,
            Cond::Ule => Cond::Uge,
            Cond::Ugt => Cond::Ult,
            Cond::Uge => Cond::Ule,
            c => c,
        }
    }
}

/// Width conversions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum ConvOp {
    Sext,
    Zext,
    Trunc,
}

/// Two-operand float operations (IEEE 754 §5.4.1, rounded to nearest,
/// ties to even).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum FBinaryOp {
    Add,
    Sub,
    Mul,
    Div,
}

/// Float comparison conditions (IEEE 754 §5.11). `O…`: ordered, false
/// when either operand is a NaN (C's `==`, `<`, `<=`, `>`, `>=`); `Une`:
/// unordered or not equal (C's `!=`); `Uno`: either is a NaN; `Ord`:
/// neither is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum FCond {
    Oeq,
    Une,
    Olt,
    Ole,
    Ogt,
    Oge,
    Uno,
    Ord,
}

/// Conversions between floats and integers (`i32`/`i64` on the integer
/// side) and between float widths. Float to integer rounds toward zero
/// (C99 §6.3.1.4); a value out of the integer's range is undefined
/// behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum FConvOp {
    /// Signed integer to float.
    SiToFp,
    /// Unsigned integer to float.
    UiToFp,
    /// Float to signed integer.
    FpToSi,
    /// Float to unsigned integer.
    FpToUi,
    /// `f32` to `f64` (exact).
    FpExt,
    /// `f64` to `f32` (rounded).
    FpTrunc,
}

/// Target of a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Callee {
    /// A function (IR-defined or library) by symbol name.
    Direct(String),
    /// A function address computed at run time.
    Indirect(Value),
    /// An inline assembly statement (GNU C `asm`): not a call of a
    /// function but an opaque operation that passes treat as a call of an
    /// unknown function (it may read and write any memory whose address
    /// escapes, has side effects, is never deleted or merged). Its
    /// arguments are the register and memory operands, its result the
    /// register output, if any.
    Asm(std::sync::Arc<InlineAsm>),
}

/// The register file an inline assembly register operand lives in
/// (constraint `r` or `b`, ISA-ST200 §1.2, §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsmClass {
    /// General register `$rN` (constraints `r`, `g`).
    Gr,
    /// Branch register `$bN` (constraint `b`): the operand's value is
    /// non-zero or zero.
    Br,
}

/// A piece of an inline assembly template, operands resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AsmPiece {
    /// Text copied as written (`%%` already made `%`).
    Text(String),
    /// The register of the result (the register output; its low word
    /// for a 64-bit result).
    Result,
    /// The second register of a 64-bit result (its high word, ISA-ST200
    /// §7.2 pairs), which holds the second output of a statement with
    /// two 32-bit register outputs.
    ResultHigh,
    /// The register of argument `n` (its low word for a 64-bit one).
    Arg(usize),
    /// The second register of 64-bit argument `n` (its high word).
    ArgHigh(usize),
    /// The memory operand whose address is argument `n`: `0[$rN]`
    /// (ISA-ST200 §7.5 addressing syntax).
    Mem(usize),
}

/// What the code generator needs of an inline assembly statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineAsm {
    /// The template, operand references resolved. Empty for `asm("")`.
    pub pieces: Vec<AsmPiece>,
    /// Register file of each argument (memory operands pass their address
    /// in a general register).
    pub args: Vec<AsmClass>,
    /// Register file of the result, if the statement has a register output.
    pub result: Option<AsmClass>,
    /// The argument that must be in the result's register (`+r`, or an
    /// input constrained `"0"`).
    pub tied: Option<usize>,
    /// The result is written before the inputs are all read (`=&r`): it
    /// gets a register of its own.
    pub early_clobber: bool,
    /// Registers the text changes besides the result: `(true, n)` for
    /// `$bN`, `(false, n)` for `$rN`.
    pub clobbers: Vec<(bool, u8)>,
    /// Source line and column of the statement.
    pub loc: (u32, u32),
}

/// True when inline assembly `text` leaves a bundle open: its last
/// non-blank line is an operation not followed by `;;` (ISA-ST200 §7.5).
/// The compiler then ends the bundle, so that the statement's operations
/// never share a bundle with the code around it.
pub fn asm_needs_stop(text: &str) -> bool {
    match text.lines().map(str::trim).rfind(|l| !l.is_empty()) {
        None => false,
        Some(l) => {
            !(l.ends_with(";;") || l.starts_with('.') || l.ends_with(':') || l.starts_with('#'))
        }
    }
}

impl InlineAsm {
    /// True when the template is empty: the statement emits no operation
    /// (it is still a barrier for the optimiser and the scheduler).
    pub fn is_empty(&self) -> bool {
        self.pieces.iter().all(|p| match p {
            AsmPiece::Text(t) => t.trim().is_empty(),
            _ => false,
        })
    }
}

/// An instruction. Operand fields: `ty` the operation's type (the result
/// type unless said otherwise), `args`/`arg` the operands in order.
#[derive(Clone, Debug, PartialEq)]
pub enum InstKind {
    /// Integer constant (stored sign-extended to 64 bits).
    Iconst {
        /// Type of the constant.
        ty: Type,
        /// Value, sign-extended to 64 bits.
        imm: i64,
    },
    /// `op ty a, b`.
    Binary {
        /// Operation.
        op: BinaryOp,
        /// Operand and result type.
        ty: Type,
        /// `[a, b]`.
        args: [Value; 2],
    },
    /// `op ty a`.
    Unary {
        /// Operation.
        op: UnaryOp,
        /// Operand and result type.
        ty: Type,
        /// Operand.
        arg: Value,
    },
    /// Compare two `ty` values; result `i32` 0 or 1.
    Icmp {
        /// Condition.
        cond: Cond,
        /// Operand type.
        ty: Type,
        /// `[a, b]`.
        args: [Value; 2],
    },
    /// Width conversion from `from` to `to`.
    Convert {
        /// Sign-extend, zero-extend or truncate.
        op: ConvOp,
        /// Operand type.
        from: Type,
        /// Result type.
        to: Type,
        /// Operand.
        arg: Value,
    },
    /// `op ty a, b` on floats (`ty` `f32` or `f64`).
    Fbinary {
        /// Operation.
        op: FBinaryOp,
        /// Operand and result type.
        ty: Type,
        /// `[a, b]`.
        args: [Value; 2],
    },
    /// `-a` on a float: flips the sign bit (`-0.0` from `0.0`; not `0 - a`).
    Fneg {
        /// Operand and result type.
        ty: Type,
        /// Operand.
        arg: Value,
    },
    /// Compare two floats; result `i32` 0 or 1.
    Fcmp {
        /// Condition.
        cond: FCond,
        /// Operand type.
        ty: Type,
        /// `[a, b]`.
        args: [Value; 2],
    },
    /// Conversion between float and integer or between float widths.
    Fconvert {
        /// Which conversion.
        op: FConvOp,
        /// Operand type.
        from: Type,
        /// Result type.
        to: Type,
        /// Operand.
        arg: Value,
    },
    /// Load `ty` from address `addr` (`i32`).
    Load {
        /// Loaded type.
        ty: Type,
        /// Address (`i32`).
        addr: Value,
    },
    /// Store `value` (of type `ty`) to `addr`. No result.
    Store {
        /// Stored type.
        ty: Type,
        /// Address (`i32`).
        addr: Value,
        /// Value stored.
        value: Value,
    },
    /// Volatile load (C `volatile`): like [`InstKind::Load`], but an
    /// access that every pass keeps exactly as the program says it: never
    /// deleted, merged, duplicated, hoisted, speculated or reordered with
    /// another volatile access or a call. Passes treat it as an opaque
    /// operation with side effects that reads and writes memory; its
    /// address counts as used by an unknown operation (the object is never
    /// promoted to a register).
    VolatileLoad {
        /// Loaded type.
        ty: Type,
        /// Address (`i32`).
        addr: Value,
    },
    /// Volatile store (C `volatile`): like [`InstKind::Store`], with the
    /// guarantees of [`InstKind::VolatileLoad`]. No result.
    VolatileStore {
        /// Stored type.
        ty: Type,
        /// Address (`i32`).
        addr: Value,
        /// Value stored.
        value: Value,
    },
    /// Address of a stack slot (`i32`).
    SlotAddr {
        /// The slot.
        slot: StackSlot,
    },
    /// Address of a global variable or function (`i32`).
    GlobalAddr {
        /// Symbol name.
        name: String,
    },
    /// Call; result of type `ret` if any.
    Call {
        /// Function called.
        callee: Callee,
        /// Arguments in order.
        args: Vec<Value>,
        /// Result type (`None`: no result).
        ret: Option<Type>,
        /// What the call site knows of the callee's signature (for the
        /// §7.2 argument layout when the callee is defined elsewhere).
        abi: CallAbi,
    },
    /// SSA merge: one incoming value per predecessor, in predecessor order.
    Phi {
        /// Type of the merged values.
        ty: Type,
        /// `(predecessor, value)` pairs.
        incoming: Vec<(Block, Value)>,
    },
    /// Copy `size` bytes from `src` to `dst` (no overlap). No result.
    MemCopy {
        /// Destination address.
        dst: Value,
        /// Source address.
        src: Value,
        /// Bytes.
        size: u32,
    },
    /// Zero `size` bytes at `dst`. No result.
    MemZero {
        /// Destination address.
        dst: Value,
        /// Bytes.
        size: u32,
    },
    /// Address (`i32`) of the first variadic argument word of the current
    /// (variadic) function: 4-byte words, 64-bit values 8-byte aligned
    /// (ISA-ST200 §7.2–7.3).
    VaStart,
    /// A custom operation of the machine (ISA-ST200 §4.10,
    /// `__builtin_st200_NAME`): an `i32` result of one or two `i32`
    /// operands, computed by the operation's C expression. Pure: it reads
    /// and writes no memory and has no side effect, so passes treat it
    /// like [`InstKind::Binary`].
    Custom {
        /// The operation (name, `asm_N` slot and meaning).
        op: std::sync::Arc<CustomOp>,
        /// Operands (`i32`), as many as the operation takes.
        args: Vec<Value>,
    },
    /// Terminator: go to `dest`.
    Jump {
        /// Successor.
        dest: Block,
    },
    /// Terminator: to `then` if `cond` (`i32`) is non-zero, else `else_`.
    Branch {
        /// Condition (`i32`).
        cond: Value,
        /// Successor when `cond` is non-zero.
        then: Block,
        /// Successor when `cond` is zero.
        else_: Block,
        /// The expected probability of going to `then`, when the program
        /// says it (`__builtin_expect`) or [`crate::opt::predict`] infers
        /// it; `None`: no expectation (the code generator's static
        /// heuristics decide). A hint only: it never changes what the
        /// branch does. A pass that swaps `then` and `else_` must swap
        /// the probability ([`Prob::complement`]); one that changes the
        /// condition into another drops it.
        prob: Option<Prob>,
    },
    /// Terminator: jump table (a dense C `switch`, ISA-ST200 §4.7 `igoto`):
    /// go to `targets[index]`. `index` is an `i32` that must lie in
    /// `0..targets.len()`: the code before the jump table checks the
    /// bounds (the lowering of `switch` branches to the default case
    /// first); an index out of range is undefined behaviour (the IR
    /// interpreter traps). A block may appear several times in `targets`
    /// (case values sharing a body, holes going to the default); it is
    /// still one edge, one phi operand.
    JumpTable {
        /// Table index (`i32`, unsigned, `< targets.len()`).
        index: Value,
        /// Successor per index, at least one.
        targets: Vec<Block>,
    },
    /// Terminator: return.
    Ret {
        /// Returned value, if the function has a result.
        value: Option<Value>,
    },
    /// Terminator: control never gets here.
    Unreachable,
}

impl InstKind {
    /// True for terminators.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Jump { .. }
                | InstKind::Branch { .. }
                | InstKind::JumpTable { .. }
                | InstKind::Ret { .. }
                | InstKind::Unreachable
        )
    }
    /// Successor blocks of a terminator, in order.
    pub fn successors(&self) -> Blocks {
        match self {
            InstKind::Jump { dest } => smallvec![*dest],
            InstKind::Branch { then, else_, .. } => {
                if then == else_ {
                    smallvec![*then]
                } else {
                    smallvec![*then, *else_]
                }
            }
            InstKind::JumpTable { targets, .. } => {
                let mut v = Blocks::with_capacity(targets.len());
                for t in targets {
                    if !v.contains(t) {
                        v.push(*t);
                    }
                }
                v
            }
            _ => Blocks::new(),
        }
    }
    /// Calls `visit` on every successor field of a terminator, duplicates
    /// included (both arms of a branch, each jump-table entry), without
    /// building a list: for visits that ignore repeats; nothing for other
    /// instructions.
    pub fn for_each_target(&self, mut visit: impl FnMut(Block)) {
        match self {
            InstKind::Jump { dest } => visit(*dest),
            InstKind::Branch { then, else_, .. } => {
                visit(*then);
                visit(*else_);
            }
            InstKind::JumpTable { targets, .. } => targets.iter().for_each(|&t| visit(t)),
            _ => {}
        }
    }
    /// Every successor field of a terminator, duplicates included (both
    /// arms of a branch, each jump-table entry), for passes that rename
    /// blocks or retarget edges; empty for other instructions.
    pub fn targets_mut(&mut self) -> Vec<&mut Block> {
        match self {
            InstKind::Jump { dest } => vec![dest],
            InstKind::Branch { then, else_, .. } => vec![then, else_],
            InstKind::JumpTable { targets, .. } => targets.iter_mut().collect(),
            _ => vec![],
        }
    }
    /// Values read by the instruction.
    pub fn operands(&self) -> Values {
        match self {
            InstKind::Binary { args, .. }
            | InstKind::Icmp { args, .. }
            | InstKind::Fbinary { args, .. }
            | InstKind::Fcmp { args, .. } => {
                smallvec![args[0], args[1]]
            }
            InstKind::Unary { arg, .. }
            | InstKind::Convert { arg, .. }
            | InstKind::Fneg { arg, .. }
            | InstKind::Fconvert { arg, .. } => smallvec![*arg],
            InstKind::Load { addr, .. } | InstKind::VolatileLoad { addr, .. } => smallvec![*addr],
            InstKind::Store { addr, value, .. } | InstKind::VolatileStore { addr, value, .. } => {
                smallvec![*addr, *value]
            }
            InstKind::Call { callee, args, .. } => {
                let mut v = Values::new();
                if let Callee::Indirect(c) = callee {
                    v.push(*c);
                }
                v.extend(args.iter().copied());
                v
            }
            InstKind::Phi { incoming, .. } => incoming.iter().map(|x| x.1).collect(),
            InstKind::Custom { args, .. } => args.iter().copied().collect(),
            InstKind::MemCopy { dst, src, .. } => smallvec![*dst, *src],
            InstKind::MemZero { dst, .. } => smallvec![*dst],
            InstKind::Branch { cond, .. } => smallvec![*cond],
            InstKind::JumpTable { index, .. } => smallvec![*index],
            InstKind::Ret { value: Some(v) } => smallvec![*v],
            _ => Values::new(),
        }
    }
    /// Type of the result, if the instruction defines a value.
    pub fn result_type(&self) -> Option<Type> {
        match self {
            InstKind::Iconst { ty, .. }
            | InstKind::Binary { ty, .. }
            | InstKind::Unary { ty, .. }
            | InstKind::Load { ty, .. }
            | InstKind::VolatileLoad { ty, .. }
            | InstKind::Fbinary { ty, .. }
            | InstKind::Fneg { ty, .. }
            | InstKind::Phi { ty, .. } => Some(*ty),
            InstKind::Icmp { .. }
            | InstKind::Fcmp { .. }
            | InstKind::SlotAddr { .. }
            | InstKind::GlobalAddr { .. }
            | InstKind::Custom { .. }
            | InstKind::VaStart => Some(Type::I32),
            InstKind::Convert { to, .. } | InstKind::Fconvert { to, .. } => Some(*to),
            InstKind::Call { ret, .. } => *ret,
            _ => None,
        }
    }
}

/// Calls `m` on every value operand of `k` and replaces it by the result.
pub fn map_operands(k: &mut InstKind, mut m: impl FnMut(Value) -> Value) {
    let mut mv = |v: &mut Value| *v = m(*v);
    match k {
        InstKind::Binary { args, .. }
        | InstKind::Icmp { args, .. }
        | InstKind::Fbinary { args, .. }
        | InstKind::Fcmp { args, .. } => args.iter_mut().for_each(&mut mv),
        InstKind::Unary { arg, .. }
        | InstKind::Convert { arg, .. }
        | InstKind::Fneg { arg, .. }
        | InstKind::Fconvert { arg, .. } => mv(arg),
        InstKind::Load { addr, .. } | InstKind::VolatileLoad { addr, .. } => mv(addr),
        InstKind::Store { addr, value, .. } | InstKind::VolatileStore { addr, value, .. } => {
            mv(addr);
            mv(value);
        }
        InstKind::Call { callee, args, .. } => {
            if let Callee::Indirect(c) = callee {
                mv(c);
            }
            args.iter_mut().for_each(&mut mv);
        }
        InstKind::Phi { incoming, .. } => incoming.iter_mut().for_each(|(_, v)| mv(v)),
        InstKind::Custom { args, .. } => args.iter_mut().for_each(&mut mv),
        InstKind::MemCopy { dst, src, .. } => {
            mv(dst);
            mv(src);
        }
        InstKind::MemZero { dst, .. } => mv(dst),
        InstKind::Branch { cond, .. } => mv(cond),
        InstKind::JumpTable { index, .. } => mv(index),
        InstKind::Ret { value: Some(v) } => mv(v),
        InstKind::Iconst { .. }
        | InstKind::SlotAddr { .. }
        | InstKind::GlobalAddr { .. }
        | InstKind::VaStart
        | InstKind::Jump { .. }
        | InstKind::Ret { value: None }
        | InstKind::Unreachable => {}
    }
}

/// A custom operation of the machine (ISA-ST200 §4.10) as the IR carries
/// it: copied from the machine description ([`isa::model::CustomOp`]) by
/// the front end, with its expression parsed once, so that the IR
/// interpreter, constant folding and instruction selection need nothing
/// but the instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomOp {
    /// Mnemonic (`__builtin_st200_NAME`, assembly `NAME`).
    pub name: String,
    /// The `asm_N` encoding (0–30).
    pub slot: u32,
    /// Number of operands (1 or 2).
    pub operands: u32,
    /// The expression text, as the machine file gives it.
    pub text: String,
    /// The parsed expression.
    pub expr: isa::custom::Expr,
}

impl CustomOp {
    /// The operation as the machine `model` declares it; `None` for an
    /// expression that does not parse (a validated model has none).
    pub fn from_model(op: &isa::model::CustomOp) -> Option<CustomOp> {
        Self::new(&op.name, op.slot, op.operands, &op.expr).ok()
    }

    /// An operation from its parts; the error says what is wrong with the
    /// expression.
    pub fn new(
        name: &str,
        slot: u32,
        operands: u32,
        text: &str,
    ) -> Result<CustomOp, isa::custom::ExprError> {
        Ok(CustomOp {
            name: name.to_string(),
            slot,
            operands,
            text: text.to_string(),
            expr: isa::custom::Expr::parse(text, operands)?,
        })
    }

    /// Every custom operation `model` declares.
    pub fn all_of(model: &isa::model::ProcessorModel) -> Vec<std::sync::Arc<CustomOp>> {
        model
            .custom
            .iter()
            .filter_map(CustomOp::from_model)
            .map(std::sync::Arc::new)
            .collect()
    }

    /// The result for operands `args` (the second is 0 when the operation
    /// takes one).
    pub fn eval(&self, args: &[i32]) -> i32 {
        let a = args.first().copied().unwrap_or(0);
        let b = args.get(1).copied().unwrap_or(0);
        self.expr.eval(a, b)
    }
}

/// The call-site view of a callee's signature, as C types give it:
/// which arguments are the addresses of struct copies passed by value
/// (`(size, align)` in bytes, ISA-ST200 §7.2) and, when the first argument
/// is the hidden address of a struct result, that struct's size in bytes.
/// Empty when unknown (hand-written IR): code generators then look at the
/// callee's definition.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallAbi {
    /// Per argument: `Some((size, align))` for a struct passed by value.
    pub byval: Vec<Option<(u32, u32)>>,
    /// Size of the struct result returned through the first argument.
    pub sret: Option<u32>,
    /// The callee is declared `__attribute__((cold))`: the paths to the
    /// call are unlikely ([`crate::opt::predict`]). Not part of the
    /// textual IR.
    pub cold: bool,
}

impl CallAbi {
    /// Whether the call site recorded anything.
    pub fn is_known(&self) -> bool {
        self.sret.is_some() || self.byval.iter().any(Option::is_some)
    }
}

/// A branch probability in parts per million ([`Prob::ONE`]), for the
/// static branch prediction hints of [`InstKind::Branch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Prob(pub u32);

impl Prob {
    /// Certainty, 1 000 000 parts per million.
    pub const ONE: u32 = 1_000_000;
    /// gcc's probability of the expected outcome of `__builtin_expect`
    /// (its `builtin-expect-probability` parameter, 90 %).
    pub const EXPECT: Prob = Prob(900_000);
    /// The probability of a path that ends in `__builtin_unreachable()` or
    /// calls a `cold` function: 1 in 10 000 (gcc's "very unlikely").
    pub const VERY_UNLIKELY: Prob = Prob(100);
    /// The probability `p` (0 ≤ p ≤ 1), rounded to the nearest part per
    /// million; `None` outside [0, 1] or NaN.
    pub fn from_f64(p: f64) -> Option<Prob> {
        (0.0..=1.0)
            .contains(&p)
            .then(|| Prob((p * f64::from(Prob::ONE)).round() as u32))
    }
    /// The probability as a fraction of 1.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / f64::from(Prob::ONE)
    }
    /// The probability of the other outcome, 1 − p.
    pub fn complement(self) -> Prob {
        Prob(Prob::ONE - self.0.min(Prob::ONE))
    }
}

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result of an instruction.
    Inst(Inst),
    /// The n-th function parameter.
    Param(u32),
}

/// A value: its type and definition.
#[derive(Clone, Debug)]
pub struct ValueData {
    /// Type.
    pub ty: Type,
    /// Definition.
    pub def: ValueDef,
}

/// An instruction in the arena.
#[derive(Clone, Debug)]
pub struct InstData {
    /// Operation and operands.
    pub kind: InstKind,
    /// Defined value, if any.
    pub result: Option<Value>,
    /// Containing block.
    pub block: Block,
    /// Source position (line, column), 1-based, when known; used for
    /// `.loc` line information. Not part of the textual form.
    pub loc: Option<(u32, u32)>,
}

/// A basic block: instruction order.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    /// Instructions in order; the last is the terminator.
    pub insts: Vec<Inst>,
}

/// A stack slot: `size` bytes aligned to `align` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotData {
    /// Size in bytes.
    pub size: u32,
    /// Alignment in bytes (power of two, ≤ 8).
    pub align: u32,
}

/// Symbol visibility.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Linkage {
    /// Global symbol.
    External,
    /// File-local (`static`).
    Internal,
}

/// A function.
#[derive(Clone, Debug)]
pub struct Function {
    /// Symbol name.
    pub name: String,
    /// Parameter values, in order.
    pub params: Vec<Value>,
    /// Result type (None: void or struct via `sret`).
    pub ret: Option<Type>,
    /// Accepts variadic arguments after `params`.
    pub variadic: bool,
    /// The first parameter is the address of the caller's result buffer.
    pub sret: bool,
    /// Per parameter: `Some((size, align))` in bytes if it is the address of a
    /// struct passed by value.
    pub byval: Vec<Option<(u32, u32)>>,
    /// Visibility.
    pub linkage: Linkage,
    /// What `__attribute__((noinline))` / `((always_inline))` asked of the
    /// inliner.
    pub inline: InlineHint,
    /// Block arena.
    pub blocks: Vec<BlockData>,
    /// Block order; the first is the entry.
    pub layout: Vec<Block>,
    /// Instruction arena.
    pub insts: Vec<InstData>,
    /// Value arena.
    pub values: Vec<ValueData>,
    /// Stack slots.
    pub slots: Vec<SlotData>,
    /// The function reads or writes a union member or a bit-field (set by
    /// the front end; inlining passes it on to the caller). Such an access
    /// uses an IR type other than the one the object was written with (a
    /// bit-field's whole storage unit, another member of the union), which
    /// C allows, so the IR types of its loads and stores say nothing about
    /// aliasing.
    pub type_punning: bool,
    /// Type-based alias rules hold for the loads and stores of the
    /// function (C99 §6.5p7, gcc's `-fstrict-aliasing`): set by the pass
    /// manager at `-O2` and above unless `-fno-strict-aliasing` is given or
    /// [`Function::type_punning`] is set; read by [`crate::opt::alias`].
    pub strict_aliasing: bool,
    /// Per parameter: a `restrict`-qualified pointer (C99 §6.7.3.1, set
    /// by the front end): an object modified through an address derived
    /// from it is touched by no access not derived from it, so
    /// [`crate::opt::alias`] separates the two. Inlining does not carry
    /// it to the caller.
    pub restrict: Vec<bool>,
    /// Pointers of loop versions ([`crate::opt::loop_version`]): an access
    /// whose address derives from one of them touches no byte an access
    /// derived from another touches (a run-time test proved their ranges
    /// apart before the loop that uses them).
    pub noalias_roots: Vec<Value>,
    /// Line and column where the function is defined (its name), for the
    /// line information of its prologue; `None` without a source map.
    pub loc: Option<(u32, u32)>,
    /// Least alignment of the function's first instruction in bytes
    /// (`__attribute__((aligned(N)))`); 0: the ABI's own.
    pub align: u64,
}

/// The inlining request of a function's attributes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InlineHint {
    /// No attribute: the inliner's size rules decide.
    #[default]
    Default,
    /// `__attribute__((noinline))`: never inlined.
    Never,
    /// `__attribute__((always_inline))`: inlined wherever possible,
    /// whatever its size.
    Always,
}

/// A global variable: `size` bytes, initial bytes plus relocations
/// (addresses of symbols stored as 32-bit little-endian words).
#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    /// Symbol name.
    pub name: String,
    /// Size in bytes.
    pub size: u32,
    /// Alignment in bytes.
    pub align: u32,
    /// Initial contents (`size` bytes) or None for zero (bss).
    pub init: Option<Vec<u8>>,
    /// `(offset, symbol, addend)`: store the symbol's address + addend as a
    /// 32-bit word at offset.
    pub relocs: Vec<(u32, String, i64)>,
    /// Visibility.
    pub linkage: Linkage,
    /// Zero-initialised tentative definition (may be merged with another).
    pub common: bool,
    /// Read-only (string literals).
    pub readonly: bool,
    /// Output section requested with `__attribute__((section))`.
    pub section: Option<String>,
}

/// A translation unit or a linked program.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// Global variables.
    pub globals: Vec<Global>,
    /// Function definitions.
    pub functions: Vec<Function>,
    /// File-scope basic `asm("text")` statements, in source order: copied
    /// to the assembly output before the functions.
    pub asm: Vec<String>,
}

/// An error found by the verifier or the IR parser.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IrError {
    /// A verifier rule is broken in a function.
    #[error("function @{func}: {msg}")]
    Verify {
        /// Function name.
        func: String,
        /// What rule is broken.
        msg: String,
    },
    /// The textual IR does not parse.
    #[error("line {line}: {msg}")]
    Parse {
        /// 1-based line.
        line: usize,
        /// Problem.
        msg: String,
    },
}

// Operation names of the textual form, shared by the printer and the parser.

fn binop_name(op: BinaryOp) -> &'static str {
    use BinaryOp::*;
    match op {
        Add => "add",
        Sub => "sub",
        Mul => "mul",
        MulHs => "mulhs",
        MulHu => "mulhu",
        SDiv => "sdiv",
        UDiv => "udiv",
        SRem => "srem",
        URem => "urem",
        And => "and",
        Or => "or",
        Xor => "xor",
        Shl => "shl",
        LShr => "lshr",
        AShr => "ashr",
    }
}
/// Every binary operation, in the order of [`BinaryOp`].
pub const BINOPS: [BinaryOp; 15] = [
    BinaryOp::Add,
    BinaryOp::Sub,
    BinaryOp::Mul,
    BinaryOp::MulHs,
    BinaryOp::MulHu,
    BinaryOp::SDiv,
    BinaryOp::UDiv,
    BinaryOp::SRem,
    BinaryOp::URem,
    BinaryOp::And,
    BinaryOp::Or,
    BinaryOp::Xor,
    BinaryOp::Shl,
    BinaryOp::LShr,
    BinaryOp::AShr,
];
fn cond_name(c: Cond) -> &'static str {
    use Cond::*;
    match c {
        Eq => "eq",
        Ne => "ne",
        Slt => "slt",
        Sle => "sle",
        Sgt => "sgt",
        Sge => "sge",
        Ult => "ult",
        Ule => "ule",
        Ugt => "ugt",
        Uge => "uge",
    }
}
/// Every comparison condition, in the order of [`Cond`].
pub const CONDS: [Cond; 10] = [
    Cond::Eq,
    Cond::Ne,
    Cond::Slt,
    Cond::Sle,
    Cond::Sgt,
    Cond::Sge,
    Cond::Ult,
    Cond::Ule,
    Cond::Ugt,
    Cond::Uge,
];

fn fbinop_name(op: FBinaryOp) -> &'static str {
    match op {
        FBinaryOp::Add => "fadd",
        FBinaryOp::Sub => "fsub",
        FBinaryOp::Mul => "fmul",
        FBinaryOp::Div => "fdiv",
    }
}
/// Every float binary operation, in the order of [`FBinaryOp`].
pub const FBINOPS: [FBinaryOp; 4] = [
    FBinaryOp::Add,
    FBinaryOp::Sub,
    FBinaryOp::Mul,
    FBinaryOp::Div,
];
fn fcond_name(c: FCond) -> &'static str {
    match c {
        FCond::Oeq => "oeq",
        FCond::Une => "une",
        FCond::Olt => "olt",
        FCond::Ole => "ole",
        FCond::Ogt => "ogt",
        FCond::Oge => "oge",
        FCond::Uno => "uno",
        FCond::Ord => "ord",
    }
}
/// Every float comparison condition, in the order of [`FCond`].
pub const FCONDS: [FCond; 8] = [
    FCond::Oeq,
    FCond::Une,
    FCond::Olt,
    FCond::Ole,
    FCond::Ogt,
    FCond::Oge,
    FCond::Uno,
    FCond::Ord,
];
fn fconv_name(op: FConvOp) -> &'static str {
    match op {
        FConvOp::SiToFp => "sitofp",
        FConvOp::UiToFp => "uitofp",
        FConvOp::FpToSi => "fptosi",
        FConvOp::FpToUi => "fptoui",
        FConvOp::FpExt => "fpext",
        FConvOp::FpTrunc => "fptrunc",
    }
}
/// Every float conversion, in the order of [`FConvOp`].
pub const FCONVS: [FConvOp; 6] = [
    FConvOp::SiToFp,
    FConvOp::UiToFp,
    FConvOp::FpToSi,
    FConvOp::FpToUi,
    FConvOp::FpExt,
    FConvOp::FpTrunc,
];
