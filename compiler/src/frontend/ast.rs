//! The typed abstract syntax tree produced by the parser and semantic
//! analysis ([`crate::frontend::parse`]). Every expression carries its C type and
//! source span; implicit conversions are explicit [`ExprKind::Cast`] nodes.

use crate::frontend::lex::Sym;
use crate::frontend::sema::types::{BitField, TypeId};
use crate::frontend::source::Span;
use crate::hash::{HashMap, HashSet};

/// Index of a local variable in [`FunctionDef::locals`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LocalId(pub u32);

/// Binary operators after semantic analysis (operands already converted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Or,
    Xor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// pointer + integer (integer in elements, already `int`/`long long`)
    PtrAdd,
    /// pointer - integer
    PtrSub,
    /// pointer - pointer, result in elements (`int`)
    PtrDiff,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum UnOp {
    Neg,
    BitNot,
    LogNot,
}

/// A typed expression.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What it computes.
    pub kind: ExprKind,
    /// Its C type (for lvalues, the object's type).
    pub ty: TypeId,
    /// Source range.
    pub span: Span,
}

/// Expression forms.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// Integer constant of type `ty`, value wrapped to that type.
    Int(i64),
    /// Floating constant (type-checked, never lowered).
    Float(f64),
    /// String literal object (an array lvalue); bytes include the final NUL.
    Str(Vec<u8>),
    /// Local variable (lvalue).
    Local(LocalId),
    /// Global variable or function designator, by symbol name.
    Global(Sym),
    /// Array-to-pointer decay of an array lvalue.
    Decay(Box<Expr>),
    /// `&e`.
    AddrOf(Box<Expr>),
    /// `*e` (lvalue).
    Deref(Box<Expr>),
    /// Member of a struct/union object: byte offset and bit-field
    /// position within the storage unit at that offset.
    Member {
        /// The struct/union object (lvalue or rvalue).
        base: Box<Expr>,
        /// Byte offset from the base object.
        offset: u64,
        /// Bit-field position and width.
        bits: Option<BitField>,
    },
    /// Conversion of the operand to `ty` (scalar to scalar, or to void).
    Cast(Box<Expr>),
    /// Unary arithmetic.
    Unary(UnOp, Box<Expr>),
    /// Binary arithmetic or comparison; see [`BinOp`].
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `&&`.
    LogAnd(Box<Expr>, Box<Expr>),
    /// `||`.
    LogOr(Box<Expr>, Box<Expr>),
    /// `lhs = rhs`, rhs already converted to the lhs type.
    Assign(Box<Expr>, Box<Expr>),
    /// `lhs op= rhs`: computes `(op_ty)lhs op rhs` then converts back.
    CompoundAssign {
        /// Operator.
        op: BinOp,
        /// Target lvalue.
        lhs: Box<Expr>,
        /// Right operand, converted to `op_ty` (or an integer for pointer ops).
        rhs: Box<Expr>,
        /// Type the operation is done in.
        op_ty: TypeId,
    },
    /// `++`/`--`, prefix or postfix.
    IncDec {
        /// Prefix form.
        pre: bool,
        /// Increment (else decrement).
        inc: bool,
        /// Target lvalue.
        e: Box<Expr>,
    },
    /// `c ? a : b` (a and b converted to the result type).
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a, b`.
    Comma(Box<Expr>, Box<Expr>),
    /// Function call through a pointer-to-function expression; arguments
    /// converted (prototype) or promoted (variadic/unprototyped).
    Call(Box<Expr>, Vec<Expr>),
    /// A bit-counting, byte-order or `abs` builtin (`__builtin_clz` …) on
    /// its operand, already converted to the builtin's parameter type;
    /// the result has the expression's type.
    Builtin(BuiltinOp, Box<Expr>),
    /// A custom operation of the machine (`__builtin_st200_NAME(a, b)`,
    /// ISA-ST200 §4.10) on its operands, already converted to `int`; the
    /// result is an `int`.
    Custom(std::sync::Arc<crate::ir::CustomOp>, Vec<Expr>),
    /// GNU statement expression `({ … })`: the block's statements, then
    /// its last expression statement, whose value is the result (None:
    /// `void`).
    StmtExpr(Vec<Stmt>, Option<Box<Expr>>),
    /// `size` bytes (an `unsigned` operand) of the runtime's VLA stack
    /// (`__lcc_vla_alloc`): a VLA's storage or `alloca`.
    StackAlloc(Box<Expr>),
    /// Compound literal object (lvalue) stored in a local (or global).
    CompoundLit(Box<Expr>, Box<Init>),
    /// `va_start(ap, …)`: `ap` lvalue.
    VaStart(Box<Expr>),
    /// `va_arg(ap, ty)`.
    VaArg(Box<Expr>),
    /// `va_copy(dst, src)`.
    VaCopy(Box<Expr>, Box<Expr>),
    /// `__builtin_unreachable()`.
    Unreachable,
    /// `__builtin_expect(e, c)` and `__builtin_expect_with_probability(e,
    /// c, p)`: the value of `e` (already converted to `long`), with the
    /// probability that it is non-zero (`c`'s truth with probability `p`,
    /// 0.9 for `__builtin_expect`). A branch on it carries the
    /// probability ([`crate::ir::InstKind::Branch`]'s `prob`).
    Expect(Box<Expr>, crate::ir::Prob),
}

/// The integer builtins lowered inline ([`ExprKind::Builtin`]); the
/// operand width (32 or 64 bits, 16 for `bswap16`) comes from its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinOp {
    /// `__builtin_clz`: leading zero bits (undefined for 0 in C).
    Clz,
    /// `__builtin_ctz`: trailing zero bits (undefined for 0 in C).
    Ctz,
    /// `__builtin_popcount`: bits set.
    Popcount,
    /// `__builtin_parity`: bits set, modulo 2.
    Parity,
    /// `__builtin_ffs`: one plus the index of the least significant set
    /// bit, 0 for 0.
    Ffs,
    /// `__builtin_bswap16/32/64`: the bytes in reverse order.
    Bswap,
    /// `__builtin_abs`, `labs`, `llabs`: absolute value (wrapping).
    Abs,
    /// The operand reduced to its low `bits` bits, then zero- or
    /// sign-extended back: the arithmetic of a `long long` bit-field wider
    /// than `int`, which gcc computes in the field's own width (`unsigned
    /// long long:40` wraps modulo 2^40). Not a C builtin: the front end
    /// inserts it around bit-field arithmetic.
    Wrap {
        /// Width kept, 33 to 63.
        bits: u8,
        /// Sign-extend from bit `bits − 1` (else zero-extend).
        signed: bool,
    },
}

impl BuiltinOp {
    /// The value for a constant operand `v` of `bits` bits (zero-extended
    /// to 64 bits), or None where C leaves it undefined (`clz(0)`,
    /// `ctz(0)`: left to run time, which does not trap).
    pub fn fold(self, v: u64, bits: u32) -> Option<i64> {
        let m = if bits == 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        let v = v & m;
        Some(match self {
            BuiltinOp::Clz if v == 0 => return None,
            BuiltinOp::Ctz if v == 0 => return None,
            BuiltinOp::Clz => i64::from(v.leading_zeros() - (64 - bits)),
            BuiltinOp::Ctz => i64::from(v.trailing_zeros()),
            BuiltinOp::Popcount => i64::from(v.count_ones()),
            BuiltinOp::Parity => i64::from(v.count_ones() & 1),
            BuiltinOp::Ffs if v == 0 => 0,
            BuiltinOp::Ffs => i64::from(v.trailing_zeros() + 1),
            BuiltinOp::Bswap => (v.swap_bytes() >> (64 - bits)) as i64,
            BuiltinOp::Abs => {
                let s = ((v << (64 - bits)) as i64) >> (64 - bits);
                (s.wrapping_abs() as u64 & m) as i64
            }
            BuiltinOp::Wrap { bits: w, signed } => {
                let sh = 64 - u32::from(w);
                let kept = v << sh;
                let r = if signed {
                    ((kept as i64) >> sh) as u64
                } else {
                    kept >> sh
                };
                (r & m) as i64
            }
        })
    }
}

/// One scalar store of an initializer: at byte `offset` of the object,
/// a value of type `ty` (or a bit-field inside the unit at `offset`).
#[derive(Clone, Debug)]
pub struct InitItem {
    /// Byte offset in the object.
    pub offset: u64,
    /// Type stored.
    pub ty: TypeId,
    /// Bit-field position and width.
    pub bits: Option<BitField>,
    /// Value, converted to `ty`; or a struct-typed expression copied whole.
    pub expr: Expr,
}

/// An initializer flattened to scalar stores.
#[derive(Clone, Debug, Default)]
pub struct Init {
    /// Stores in source order (later ones win).
    pub items: Vec<InitItem>,
    /// Byte ranges of string literals copied into char arrays:
    /// (offset, bytes); already truncated to the array.
    pub strings: Vec<(u64, Vec<u8>)>,
    /// Zero the whole object first (aggregates).
    pub zero: bool,
}

/// Statements.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub enum Stmt {
    Expr(Expr),
    /// Local declaration with optional initializer.
    Decl(LocalId, Option<Init>),
    Block(Vec<Stmt>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    DoWhile(Box<Stmt>, Expr),
    For(Option<Box<Stmt>>, Option<Expr>, Option<Expr>, Box<Stmt>),
    /// Controlling expression (promoted), body, case ranges
    /// `(lo, hi, label id)`, default label id.
    Switch {
        cond: Expr,
        body: Box<Stmt>,
        cases: Vec<(i64, i64, u32)>,
        default: Option<u32>,
    },
    /// A `case`/`default` label (id from the enclosing switch).
    Case(u32, Box<Stmt>),
    Break(Span),
    Continue(Span),
    Return(Option<Expr>, Span),
    Goto(Sym, Span),
    /// GNU computed goto `goto *e;` (`e` a `void *` made by `&&label`).
    GotoIndirect(Expr),
    Label(Sym, Box<Stmt>),
    /// GNU C `asm` statement (basic or extended), checked by the parser.
    Asm(Box<AsmStmt>),
    Empty,
}

/// How an inline assembly operand is passed (its constraint, checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsmOperandKind {
    /// In a register of the file (`r`, `g`, `rm`, `b`).
    Reg(crate::ir::AsmClass),
    /// In memory (`m`): the text names it as `OFFSET[$rB]`.
    Mem,
    /// An integer constant (`i`, `n`), written as the number.
    Imm(i64),
    /// An input in the register of output `n` (`"0"`).
    Tied(usize),
}

/// One operand of an extended `asm`.
#[derive(Clone, Debug)]
pub struct AsmOperand {
    /// How it is passed.
    pub kind: AsmOperandKind,
    /// For an output: `+` (also read).
    pub inout: bool,
    /// For an output: `&` (early clobber).
    pub early: bool,
    /// The C expression (an lvalue for outputs and memory operands).
    pub expr: Expr,
}

/// A piece of an `asm` template as the parser resolves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AsmTemplatePiece {
    /// Text as written (`%%` made `%`).
    Text(String),
    /// Operand `n` (outputs first, then inputs); `%Ln` too.
    Operand(usize),
    /// The high word of 64-bit register operand `n` (`%Hn`): the second
    /// register of its pair.
    OperandHigh(usize),
}

/// A GNU C `asm` statement, operands checked.
#[derive(Clone, Debug)]
pub struct AsmStmt {
    /// `volatile`, or no outputs (never deleted either way).
    pub volatile: bool,
    /// The template.
    pub template: Vec<AsmTemplatePiece>,
    /// Outputs in order.
    pub outputs: Vec<AsmOperand>,
    /// Inputs in order.
    pub inputs: Vec<AsmOperand>,
    /// Clobbered registers: `(true, n)` for `$bN`, `(false, n)` for `$rN`.
    pub clobbers: Vec<(bool, u8)>,
    /// `"memory"` is clobbered.
    pub memory: bool,
    /// The `asm` keyword's span.
    pub span: Span,
}

/// A local variable or parameter.
#[derive(Clone, Debug)]
pub struct LocalVar {
    /// Name (None for temporaries such as compound literals).
    pub name: Option<Sym>,
    /// Type.
    pub ty: TypeId,
    /// Alignment in bytes.
    pub align: u64,
    /// Declaration site.
    pub span: Span,
    /// Referenced somewhere.
    pub used: bool,
    /// A parameter declared as a `restrict`-qualified pointer (C99
    /// §6.7.3.1).
    pub restrict: bool,
}

/// Linkage of a global symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Linkage {
    /// Visible to other translation units.
    External,
    /// `static`.
    Internal,
}

/// A function definition.
#[derive(Clone, Debug)]
pub struct FunctionDef {
    /// Name.
    pub name: Sym,
    /// Function type.
    pub ty: TypeId,
    /// Parameters, in order (indices into `locals`).
    pub params: Vec<LocalId>,
    /// Every local, the parameters among them (`params` says which).
    pub locals: Vec<LocalVar>,
    /// Body.
    pub body: Stmt,
    /// Linkage.
    pub linkage: Linkage,
    /// Where it is defined.
    pub span: Span,
    /// Global symbols it references (for dropping unused static functions).
    pub refs: HashSet<Sym>,
    /// `__attribute__((weak))`.
    pub weak: bool,
    /// `__attribute__((noinline))` / `((always_inline))`.
    pub inline: crate::ir::InlineHint,
    /// Labels whose address is taken (`&&label`), in order: `&&label` is
    /// the integer `i + 1` for the label at index `i`, as a `void *`, and
    /// `goto *p` jumps through a table of these labels (see `lower`).
    pub label_addrs: Vec<Sym>,
    /// Variable-length array objects: the locals holding their storage's
    /// address (a pointer to the VLA type), each set by its `Decl`.
    pub vlas: Vec<LocalId>,
    /// For each label, the number of VLA objects in scope there (a
    /// `goto` to it frees those declared after them).
    pub label_vla_depth: HashMap<Sym, usize>,
    /// Declares a VLA or calls `alloca`: the lowering saves the runtime's
    /// VLA stack top at entry and restores it before every return.
    pub dynamic_stack: bool,
}

/// A global variable (definition or declaration).
#[derive(Clone, Debug)]
pub struct GlobalVar {
    /// Name (static locals and literals get unique generated names).
    pub name: Sym,
    /// Type.
    pub ty: TypeId,
    /// Alignment in bytes.
    pub align: u64,
    /// Linkage.
    pub linkage: Linkage,
    /// Initializer (None: zero, for tentative definitions; see `defined`).
    pub init: Option<Init>,
    /// Definition (false: `extern` declaration only).
    pub defined: bool,
    /// Tentative definition without initializer (may merge across files).
    pub tentative: bool,
    /// Declaration site.
    pub span: Span,
    /// `__attribute__((section("…")))`.
    pub section: Option<String>,
    /// `__attribute__((weak))`.
    pub weak: bool,
    /// Global symbols its initializer references.
    pub refs: HashSet<Sym>,
}

/// Result of parsing one translation unit.
#[derive(Clone, Debug)]
pub struct TranslationUnit {
    /// Types.
    pub types: crate::frontend::sema::types::Types,
    /// Global variables in definition order.
    pub globals: Vec<GlobalVar>,
    /// Function definitions in order.
    pub functions: Vec<FunctionDef>,
    /// Declared (not necessarily defined) functions: name, type, linkage.
    pub func_decls: Vec<(Sym, TypeId, Linkage)>,
    /// Functions declared or defined with `__attribute__((cold))`: a call
    /// to one marks its path unlikely ([`crate::ir::CallAbi::cold`]).
    pub cold_functions: HashSet<Sym>,
    /// Functions declared or defined with
    /// `__attribute__((no_instrument_function))`: `-finstrument-functions`
    /// leaves them alone.
    pub no_instrument_functions: HashSet<Sym>,
    /// Functions declared or defined with `__attribute__((aligned(N)))`:
    /// N in bytes, the least alignment of the function's first
    /// instruction and what `__alignof__` of the function gives (as gcc).
    pub function_align: HashMap<Sym, u64>,
    /// The unit uses `__attribute__((may_alias))`: its functions are
    /// compiled without the type-based aliasing rule.
    pub may_alias: bool,
    /// The bytes of the wide and UTF-16/32 string literals: their data is
    /// aligned to 4 bytes (narrow strings to 1).
    pub wide_strings: HashSet<Vec<u8>>,
    /// Names declared with `__attribute__((alias("target")))`: each use
    /// of one is a use of its target (the final one of a chain).
    pub aliases: HashMap<Sym, String>,
    /// File-scope basic `asm("text")` in source order.
    pub asm: Vec<String>,
}
