//! Hand-written recursive-descent parser for C99 plus the GNU
//! extensions embedded code uses, with semantic analysis done while
//! parsing (C's grammar needs the symbol table to tell typedef names from
//! identifiers). Produces a typed [`TranslationUnit`].
//!
//! This file holds the [`Parser`] state, the keyword table, token helpers,
//! scopes and symbol lookup, error recovery and the translation-unit loop
//! (C11 6.9 external definitions). The grammar is spread over one file per
//! job, each adding methods to [`Parser`]: declarations in `decl.rs`,
//! statements in `stmt.rs`, initialisers in `init.rs`, expressions in
//! `expr.rs`. Struct layout and composite types, which are not parsing,
//! are in [`crate::frontend::sema`].

mod alias;
mod asm;
mod complex;
mod decl;
mod expr;
mod gnu_builtins;
mod init;
mod nested;
mod reverse_order;
mod stmt;
mod union_cast;
mod vector;
mod vm_record;
mod warn;
mod wide;
mod wide_bitfield;

use self::decl::{Attrs, DeclSpec, Storage};
use crate::frontend::ast::*;
use crate::frontend::lex::{Interner, Sym, TokKind, Token, P};
use crate::frontend::sema::types::{TypeId, Types};
use crate::frontend::source::{Diagnostics, Span};
use crate::hash::{HashMap, HashSet};

/// Parse result; `Err(())` means a diagnostic was already reported.
pub type PResult<T> = Result<T, ()>;

/// Keywords.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Kw {
    Auto,
    Break,
    Case,
    Char,
    Const,
    Continue,
    Default,
    Do,
    Double,
    Else,
    Enum,
    Extern,
    Float,
    For,
    Goto,
    If,
    Inline,
    Int,
    Long,
    Register,
    Restrict,
    Return,
    Short,
    Signed,
    Sizeof,
    Static,
    Struct,
    Switch,
    Typedef,
    Union,
    Unsigned,
    Void,
    Volatile,
    While,
    Bool,
    Complex,
    /// GNU `__real__`: the real part of a complex value.
    Real,
    /// GNU `__imag__`: the imaginary part of a complex value.
    Imag,
    Noreturn,
    Alignof,
    Attribute,
    Typeof,
    Extension,
    Asm,
    VaList,
    BuiltinVaArg,
    BuiltinOffsetof,
    Alignas,
    StaticAssert,
    ThreadLocal,
}

const KEYWORDS: &[(&str, Kw)] = &[
    ("auto", Kw::Auto),
    ("break", Kw::Break),
    ("case", Kw::Case),
    ("char", Kw::Char),
    ("const", Kw::Const),
    ("__const", Kw::Const),
    ("__const__", Kw::Const),
    ("continue", Kw::Continue),
    ("default", Kw::Default),
    ("do", Kw::Do),
    ("double", Kw::Double),
    ("else", Kw::Else),
    ("enum", Kw::Enum),
    ("extern", Kw::Extern),
    ("float", Kw::Float),
    ("for", Kw::For),
    ("goto", Kw::Goto),
    ("if", Kw::If),
    ("inline", Kw::Inline),
    ("__inline", Kw::Inline),
    ("__inline__", Kw::Inline),
    ("int", Kw::Int),
    ("long", Kw::Long),
    ("register", Kw::Register),
    ("restrict", Kw::Restrict),
    ("__restrict", Kw::Restrict),
    ("__restrict__", Kw::Restrict),
    ("return", Kw::Return),
    ("short", Kw::Short),
    ("signed", Kw::Signed),
    ("__signed", Kw::Signed),
    ("__signed__", Kw::Signed),
    ("sizeof", Kw::Sizeof),
    ("static", Kw::Static),
    ("struct", Kw::Struct),
    ("switch", Kw::Switch),
    ("typedef", Kw::Typedef),
    ("union", Kw::Union),
    ("unsigned", Kw::Unsigned),
    ("void", Kw::Void),
    ("volatile", Kw::Volatile),
    ("__volatile", Kw::Volatile),
    ("__volatile__", Kw::Volatile),
    ("while", Kw::While),
    ("_Bool", Kw::Bool),
    ("_Complex", Kw::Complex),
    ("__complex__", Kw::Complex),
    ("__complex", Kw::Complex),
    ("__real__", Kw::Real),
    ("__real", Kw::Real),
    ("__imag__", Kw::Imag),
    ("__imag", Kw::Imag),
    ("_Noreturn", Kw::Noreturn),
    ("_Alignof", Kw::Alignof),
    ("__alignof__", Kw::Alignof),
    ("__alignof", Kw::Alignof),
    ("__attribute__", Kw::Attribute),
    ("__attribute", Kw::Attribute),
    ("typeof", Kw::Typeof),
    ("__typeof__", Kw::Typeof),
    ("__typeof", Kw::Typeof),
    ("__extension__", Kw::Extension),
    ("asm", Kw::Asm),
    ("__asm__", Kw::Asm),
    ("__asm", Kw::Asm),
    ("__builtin_va_list", Kw::VaList),
    ("__builtin_va_arg", Kw::BuiltinVaArg),
    ("__builtin_offsetof", Kw::BuiltinOffsetof),
    ("_Alignas", Kw::Alignas),
    ("_Static_assert", Kw::StaticAssert),
    ("_Thread_local", Kw::ThreadLocal),
    ("__thread", Kw::ThreadLocal),
];

/// How a name in the ordinary namespace is bound.
#[derive(Clone, Debug)]
pub(crate) enum Ordinary {
    /// A local variable.
    Local(LocalId, TypeId, bool),
    /// A global variable or function (by symbol).
    Global(Sym, TypeId, bool),
    /// A typedef name.
    Typedef(TypeId),
    /// An enumeration constant.
    EnumConst(i64),
    /// A variable-length array object: the local holding the address of
    /// its storage (a pointer to the VLA type), and the VLA type. The
    /// name designates `*local`.
    VlaObject(LocalId, TypeId),
    /// A parameter of a prototype that is not being defined, seen by the
    /// size expressions of the later parameters (`int n, int a[n]`):
    /// those are never evaluated, so it stands for an unknown value.
    ProtoParam(TypeId),
}

#[derive(Default)]
pub(crate) struct Scope {
    pub ords: HashMap<Sym, Ordinary>,
    pub tags: HashMap<Sym, TypeId>,
    /// Identifiers of variably modified type declared in this scope, in
    /// order. A jump may leave their scope but not
    /// enter it (C99 §6.8.6.1p1, §6.8.4.2p2).
    pub vm: Vec<VmId>,
    /// Local labels declared here with `__label__`: name and the unique
    /// name the function's labels use.
    pub labels: HashMap<Sym, Sym>,
}

/// An identifier of variably modified type in scope: its number in the
/// function ([`FuncState::vm_count`]) and whether it is a VLA object
/// with storage (rather than a typedef or a pointer to a VLA).
pub(crate) type VmId = (u32, bool);

/// How an array declarator whose size is not an integer constant
/// expression is treated where it is being parsed (C99 §6.7.5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VlaMode {
    /// Not allowed here (file scope, static storage, members): the error.
    Off(&'static str),
    /// A block-scope declarator, type name or defined parameter: the
    /// size is evaluated (into a hidden local) when the declaration is.
    Eval,
    /// A prototype's parameter: the size is never needed (`[*]`).
    Proto,
}

pub(crate) struct GSym {
    pub ty: TypeId,
    pub linkage: Linkage,
    pub is_func: bool,
    pub defined: bool,
    pub global: Option<usize>,
    pub span: Span,
}

pub(crate) struct FuncState {
    pub name: Sym,
    pub ret: TypeId,
    pub locals: Vec<LocalVar>,
    pub labels: HashMap<Sym, (bool, Span)>,
    /// Labels whose address is taken (`&&label`), in order of first use.
    pub label_addrs: Vec<Sym>,
    /// VLA objects: the locals holding their storage's address.
    pub vlas: Vec<LocalId>,
    /// Identifiers of variably modified type declared so far (numbers
    /// the entries of [`Scope::vm`]).
    pub vm_count: u32,
    /// Each defined label's variably modified identifiers in scope.
    pub label_vm: HashMap<Sym, Vec<VmId>>,
    /// Each `goto`: label, position, variably modified identifiers in
    /// scope (checked against the label's at the end of the function).
    pub gotos: Vec<(Sym, Span, Vec<VmId>)>,
    /// Uses `alloca` or declares a VLA.
    pub dynamic_stack: bool,
    pub refs: HashSet<Sym>,
    pub variadic: bool,
}

pub(crate) struct SwitchCtx {
    pub cases: Vec<(i64, i64, u32)>,
    pub default: Option<u32>,
    pub ty: TypeId,
    /// The variably modified identifiers in scope at the `switch`.
    pub vm: Vec<VmId>,
}

/// The `#pragma pack` stack (gcc's forms: `pack(N)`, `pack()`,
/// `pack(push)`, `pack(push, N)`, `pack(push, id, N)`, `pack(pop)`,
/// `pack(pop, id)`; N a power of two up to 16).
#[derive(Default)]
struct PackState {
    current: Option<u64>,
    stack: Vec<Option<u64>>,
}

impl PackState {
    /// Applies the pragma `text`: None if it is not `pack`, else the new
    /// state or a warning for a malformed one (then ignored, as gcc does).
    fn apply(&mut self, text: &str) -> Option<Result<Option<u64>, String>> {
        let s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let rest = s.strip_prefix("pack")?;
        if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
            return None; // another pragma (`packed…`)
        }
        let bad = || Err("ignoring malformed '#pragma pack'".to_string());
        let Some(inner) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) else {
            return Some(bad());
        };
        let parts: Vec<&str> = if inner.is_empty() {
            vec![]
        } else {
            inner.split(',').collect()
        };
        let num = |p: &str| -> Option<u64> {
            let n: u64 = p.parse().ok()?;
            (n.is_power_of_two() && n <= 16).then_some(n)
        };
        match parts.as_slice() {
            [] => self.current = None,
            ["push", more @ ..] => {
                let n = match more {
                    [] => None,
                    [n] | [_, n] if num(n).is_some() => num(n),
                    [_id] => None,
                    _ => return Some(bad()),
                };
                self.stack.push(self.current);
                if n.is_some() {
                    self.current = n;
                }
            }
            ["pop"] | ["pop", _] => {
                self.current = self.stack.pop().unwrap_or(None);
            }
            ["show"] => return None,
            [n] => match num(n) {
                Some(v) => self.current = Some(v),
                None => {
                    return Some(Err("alignment must be a small power of two, not '"
                        .to_string()
                        + n
                        + "', in '#pragma pack'"))
                }
            },
            _ => return Some(bad()),
        }
        Some(Ok(self.current))
    }
}

/// The error for a variable-length array outside a function body.
pub(crate) const FILE_SCOPE_VLA: &str =
    "variable length array at file scope or with static storage duration (C99 §6.7.5.2p2)";

/// Maximum nesting of the parser's recursive rules (expressions,
/// parentheses, braces, declarators and statements). One level of
/// parentheses costs about three (assignment, binary operand, cast or
/// unary), so 1 024 admits some 340 nested parentheses, beyond what
/// generated programs use (csmith nests about 90); the front end runs on a
/// 256 MiB stack (`driver::with_big_stack`), far more than this depth needs.
pub const MAX_DEPTH: u32 = 1024;

/// The parser and semantic analyser for one translation unit.
pub struct Parser<'a> {
    pub(crate) toks: Vec<Token>,
    pub(crate) pos: usize,
    pub(crate) interner: &'a mut Interner,
    pub(crate) diags: &'a mut Diagnostics,
    /// The type table.
    pub types: Types,
    pub(crate) scopes: Vec<Scope>,
    kw: HashMap<Sym, Kw>,
    pub(crate) gsyms: HashMap<Sym, GSym>,
    /// Functions declared or defined with `__attribute__((cold))`.
    pub(crate) cold_functions: HashSet<Sym>,
    /// Functions with `__attribute__((no_instrument_function))`.
    pub(crate) no_instrument_functions: HashSet<Sym>,
    /// Functions with `__attribute__((aligned(N)))`: N in bytes.
    pub(crate) function_align: HashMap<Sym, u64>,
    /// Structures with `__attribute__((scalar_storage_order("big-endian")))`
    /// (`reverse_order.rs`).
    pub(crate) reverse_order: HashSet<TypeId>,
    /// `-fno-builtin` (an empty name) and `-fno-builtin-NAME`: library
    /// functions whose calls stay calls.
    pub no_builtin: Vec<String>,
    /// Functions declared with `__attribute__((noinline))` (a definition
    /// without the attribute keeps it).
    pub(crate) noinline_functions: HashSet<Sym>,
    /// An `__attribute__((may_alias))` was seen.
    pub(crate) may_alias: bool,
    /// The bytes of the wide and UTF-16/32 string literals (stored with
    /// the alignment of their code units).
    pub(crate) wide_strings: HashSet<Vec<u8>>,
    /// The type of the object of static storage whose initializer is being
    /// read: its flexible array member may take data.
    pub(crate) flex_init_top: Option<crate::frontend::sema::types::TypeId>,
    /// File-scope names declared with `alias("target")`: target, and where
    /// the attribute was written.
    pub(crate) aliases: HashMap<Sym, (String, Span)>,
    /// File-scope basic `asm("text")` in source order.
    pub(crate) file_asm: Vec<String>,
    pub(crate) globals: Vec<GlobalVar>,
    pub(crate) functions: Vec<FunctionDef>,
    pub(crate) func: Option<FuncState>,
    pub(crate) loops: u32,
    pub(crate) breakables: u32,
    pub(crate) switches: Vec<SwitchCtx>,
    pub(crate) case_count: u32,
    pub(crate) static_count: u32,
    pub(crate) depth: u32,
    /// Structs and unions whose member list is being parsed, innermost
    /// last: a tag defined again inside its own body is a new type, so a
    /// record never contains itself.
    records_being_defined: Vec<TypeId>,
    pub(crate) va_list_ty: TypeId,
    pub(crate) global_refs: HashSet<Sym>,
    /// `#pragma pack` state changes: (index of the first token they apply
    /// to, maximum member alignment or None for the default), in order.
    pub(crate) pack_changes: Vec<(usize, Option<u64>)>,
    /// What a non-constant array size means in the declarator being
    /// parsed.
    pub(crate) vla_mode: VlaMode,
    /// Assignments of the hidden size locals of the VLA types parsed in
    /// [`VlaMode::Eval`] and not yet placed: the declaration, type name
    /// or parameter list that owns them evaluates them first.
    pub(crate) vla_evals: Vec<Expr>,
    /// Token index just after the `(` of the last function declarator
    /// parsed (a definition's parameters are parsed again from there
    /// when their types are variably modified).
    pub(crate) last_params_pos: usize,
    /// The name spans of the parameters declared as `restrict` pointers
    /// (C99 §6.7.3.1), for the definition's locals.
    pub(crate) restrict_params: HashSet<Span>,
    /// The custom operations of the target machine
    /// (`__builtin_st200_NAME`, ISA-ST200 §4.10).
    pub custom_ops: Vec<std::sync::Arc<crate::ir::CustomOp>>,
    /// The target machine's name, for the error on an undeclared custom
    /// operation.
    pub machine_name: String,
    /// The function definitions being parsed, outermost first (more than
    /// one inside a nested function).
    pub(crate) nest: Vec<nested::Level>,
    /// Nested functions by their lifted names.
    pub(crate) nested_fns: HashMap<Sym, nested::NestedFn>,
    /// Set while `function_def` parses a nested function.
    pub(crate) pending_nested: Option<nested::Pending>,
    /// Start of each parenthesised assignment (`if ((a = b))`), which
    /// `-Wparentheses` leaves alone.
    pub(crate) paren_assigns: HashSet<u32>,
    /// Narrow string literals holding a `%`, by their start: the source
    /// position of each byte (`-Wformat` points at a conversion).
    pub(crate) format_sites: HashMap<u32, Vec<Span>>,
}

impl<'a> Parser<'a> {
    /// A parser over preprocessed tokens (ending in `Eof`).
    pub fn new(
        toks: Vec<Token>,
        interner: &'a mut Interner,
        diags: &'a mut Diagnostics,
    ) -> Parser<'a> {
        let mut kw = HashMap::default();
        for (s, k) in KEYWORDS {
            kw.insert(interner.intern(s), *k);
        }
        let mut pack_changes = Vec::new();
        let mut pack_state = PackState::default();
        let mut kept = Vec::with_capacity(toks.len());
        for t in toks {
            if t.kind == TokKind::Pragma {
                let text = interner.get(t.sym).to_string();
                match pack_state.apply(&text) {
                    Some(Ok(v)) => pack_changes.push((kept.len(), v)),
                    Some(Err(msg)) => diags.warning(t.span, msg),
                    None => {}
                }
                continue;
            }
            kept.push(t);
        }
        let toks = kept;
        let mut types = Types::new();
        let va_list_ty = types.ptr(Types::CHAR);
        Parser {
            toks,
            pos: 0,
            interner,
            diags,
            types,
            scopes: vec![Scope::default()],
            kw,
            gsyms: HashMap::default(),
            cold_functions: HashSet::default(),
            no_instrument_functions: HashSet::default(),
            function_align: HashMap::default(),
            reverse_order: HashSet::default(),
            no_builtin: Vec::new(),
            noinline_functions: HashSet::default(),
            may_alias: false,
            wide_strings: HashSet::default(),
            flex_init_top: None,
            aliases: HashMap::default(),
            file_asm: Vec::new(),
            globals: Vec::new(),
            functions: Vec::new(),
            func: None,
            loops: 0,
            breakables: 0,
            switches: Vec::new(),
            case_count: 0,
            static_count: 0,
            depth: 0,
            records_being_defined: Vec::new(),
            va_list_ty,
            global_refs: HashSet::default(),
            pack_changes,
            vla_mode: VlaMode::Off(FILE_SCOPE_VLA),
            vla_evals: Vec::new(),
            last_params_pos: 0,
            restrict_params: HashSet::default(),
            custom_ops: Vec::new(),
            machine_name: "st231".to_string(),
            nest: Vec::new(),
            nested_fns: HashMap::default(),
            pending_nested: None,
            paren_assigns: HashSet::default(),
            format_sites: HashMap::default(),
        }
    }

    // ---- token helpers ----

    pub(crate) fn peek(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }
    pub(crate) fn peek_at(&self, k: usize) -> &Token {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)]
    }
    pub(crate) fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }
    pub(crate) fn is_p(&self, p: P) -> bool {
        self.peek().is(p)
    }
    pub(crate) fn eat_p(&mut self, p: P) -> bool {
        if self.is_p(p) {
            self.bump();
            true
        } else {
            false
        }
    }
    pub(crate) fn at_eof(&self) -> bool {
        self.peek().kind == TokKind::Eof
    }
    pub(crate) fn kw_of(&self, t: &Token) -> Option<Kw> {
        if t.kind == TokKind::Ident {
            self.kw.get(&t.sym).copied()
        } else {
            None
        }
    }
    pub(crate) fn peek_kw(&self) -> Option<Kw> {
        self.kw_of(self.peek())
    }
    pub(crate) fn eat_kw(&mut self, k: Kw) -> bool {
        if self.peek_kw() == Some(k) {
            self.bump();
            true
        } else {
            false
        }
    }
    pub(crate) fn tok_desc(&self, t: &Token) -> String {
        if t.kind == TokKind::Eof {
            "end of input".into()
        } else {
            format!("'{}' token", self.interner.get(t.sym))
        }
    }
    pub(crate) fn expect_p(&mut self, p: P) -> PResult<Span> {
        if self.is_p(p) {
            return Ok(self.bump().span);
        }
        let t = self.peek().clone();
        let d = self.tok_desc(&t);
        // gcc reports a missing ';' at the end of the previous token
        let span = if p == P::Semi && self.pos > 0 {
            let prev = &self.toks[self.pos - 1];
            Span {
                file: prev.span.file,
                lo: prev.span.hi,
                hi: prev.span.hi + 1,
            }
        } else {
            t.span
        };
        let span = if p == P::Semi && span.file != t.span.file {
            t.span
        } else {
            span
        };
        self.diags
            .error(span, format!("expected '{}' before {d}", p.spelling()));
        Err(())
    }
    pub(crate) fn name(&self, s: Sym) -> String {
        self.interner.get(s).to_string()
    }
    pub(crate) fn ty_name(&self, t: TypeId) -> String {
        self.types.name(t, self.interner)
    }
    pub(crate) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let sp = self.peek().span;
            self.diags.error(sp, "nesting too deep");
            // skip everything: we cannot recover sensibly
            self.pos = self.toks.len() - 1;
            return Err(());
        }
        Ok(())
    }
    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- scopes ----

    /// The identifiers of variably modified type in scope, outermost
    /// first ([`Scope::vm`]).
    pub(crate) fn vm_in_scope(&self) -> Vec<VmId> {
        self.scopes
            .iter()
            .flat_map(|s| s.vm.iter().copied())
            .collect()
    }

    pub(crate) fn lookup(&self, s: Sym) -> Option<&Ordinary> {
        self.scopes.iter().rev().find_map(|sc| sc.ords.get(&s))
    }
    pub(crate) fn lookup_tag(&self, s: Sym) -> Option<TypeId> {
        self.scopes
            .iter()
            .rev()
            .find_map(|sc| sc.tags.get(&s).copied())
    }
    /// Pops the innermost scope; with `-Wall`, warns about its unused
    /// locals.
    pub(crate) fn pop_scope_warn(&mut self) {
        let sc = self.scopes.pop().expect("scope");
        if !self.diags.wall {
            return;
        }
        let mut unused: Vec<(Span, String)> = Vec::new();
        if let Some(f) = &self.func {
            for o in sc.ords.values() {
                if let Ordinary::Local(id, _, _) = o {
                    let l = &f.locals[id.0 as usize];
                    if !l.used {
                        if let Some(n) = l.name {
                            unused.push((
                                l.span,
                                format!(
                                    "unused variable '{}' [-Wunused-variable]",
                                    self.interner.get(n)
                                ),
                            ));
                        }
                    }
                }
            }
        }
        unused.sort_by_key(|u| u.0.lo);
        for (sp, m) in unused {
            self.diags.warning(sp, m);
        }
    }

    pub(crate) fn is_typedef_name(&self, t: &Token) -> bool {
        t.kind == TokKind::Ident
            && self.kw_of(t).is_none()
            && matches!(self.lookup(t.sym), Some(Ordinary::Typedef(_)))
    }

    /// True if the token can start a declaration (specifier, qualifier,
    /// storage class or typedef name).
    pub(crate) fn is_decl_start(&self, t: &Token) -> bool {
        match self.kw_of(t) {
            Some(k) => {
                matches!(
                    k,
                    Kw::Auto
                        | Kw::Char
                        | Kw::Const
                        | Kw::Double
                        | Kw::Enum
                        | Kw::Extern
                        | Kw::Float
                        | Kw::Inline
                        | Kw::Int
                        | Kw::Long
                        | Kw::Register
                        | Kw::Restrict
                        | Kw::Short
                        | Kw::Signed
                        | Kw::Static
                        | Kw::Struct
                        | Kw::Typedef
                        | Kw::Union
                        | Kw::Unsigned
                        | Kw::Void
                        | Kw::Volatile
                        | Kw::Bool
                        | Kw::Complex
                        | Kw::Noreturn
                        | Kw::Attribute
                        | Kw::Typeof
                        | Kw::VaList
                        | Kw::Alignas
                        | Kw::StaticAssert
                        | Kw::ThreadLocal
                ) || (k == Kw::Extension && self.is_decl_start(self.peek_at_after(t)))
            }
            None => self.is_typedef_name(t),
        }
    }
    fn peek_at_after(&self, t: &Token) -> &Token {
        // token after `t` if `t` is the current token
        if std::ptr::eq(t, self.peek()) {
            self.peek_at(1)
        } else {
            self.peek()
        }
    }
    pub(crate) fn is_type_name_start(&self, t: &Token) -> bool {
        match self.kw_of(t) {
            Some(k) => matches!(
                k,
                Kw::Char
                    | Kw::Const
                    | Kw::Double
                    | Kw::Enum
                    | Kw::Float
                    | Kw::Int
                    | Kw::Long
                    | Kw::Restrict
                    | Kw::Short
                    | Kw::Signed
                    | Kw::Struct
                    | Kw::Union
                    | Kw::Unsigned
                    | Kw::Void
                    | Kw::Volatile
                    | Kw::Bool
                    | Kw::Complex
                    | Kw::Attribute
                    | Kw::Typeof
                    | Kw::VaList
            ),
            None => self.is_typedef_name(t),
        }
    }

    // ---- skipping / recovery ----

    /// Skips to just after the next `;` at brace depth 0, or to (not past)
    /// an unmatched `}`.
    pub(crate) fn skip_to_semi(&mut self) {
        let mut depth = 0i32;
        let start = self.pos;
        loop {
            let t = self.peek();
            match t.kind {
                TokKind::Eof => return,
                TokKind::Punct(P::LBrace)
                | TokKind::Punct(P::LParen)
                | TokKind::Punct(P::LBracket) => depth += 1,
                TokKind::Punct(P::RBrace)
                | TokKind::Punct(P::RParen)
                | TokKind::Punct(P::RBracket) => {
                    if depth == 0 {
                        if self.pos == start && !t.is(P::RBrace) {
                            self.bump();
                        }
                        return;
                    }
                    depth -= 1;
                    if depth == 0 && t.is(P::RBrace) {
                        self.bump();
                        if self.is_p(P::Semi) {
                            self.bump();
                        }
                        return;
                    }
                }
                TokKind::Punct(P::Semi) if depth == 0 => {
                    self.bump();
                    return;
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Skips a balanced `( … )` group starting at the current `(`.
    pub(crate) fn skip_balanced(&mut self) -> PResult<()> {
        let open = self.expect_p(P::LParen)?;
        let mut depth = 1;
        loop {
            let t = self.bump();
            match t.kind {
                TokKind::Eof => {
                    self.diags.error(open, "expected ')' before end of input");
                    return Err(());
                }
                TokKind::Punct(P::LParen) => depth += 1,
                TokKind::Punct(P::RParen) => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
    }

    /// The `#pragma pack` value in force at token `pos`.
    pub(crate) fn pack_at(&self, pos: usize) -> Option<u64> {
        self.pack_changes
            .iter()
            .take_while(|(at, _)| *at <= pos)
            .last()
            .and_then(|(_, v)| *v)
    }

    // ---- translation unit ----

    /// Parses the whole translation unit.
    pub fn translation_unit(mut self) -> TranslationUnit {
        while !self.at_eof() && !self.diags.too_many() {
            let before = self.pos;
            if self.external_decl().is_err() {
                self.skip_to_semi();
            }
            if self.pos == before {
                self.bump();
            }
        }
        // tentative definitions become definitions
        for g in &mut self.globals {
            if g.tentative && !g.defined {
                g.defined = true;
            }
        }
        self.check_aliases();
        let mut func_decls = Vec::new();
        for (s, g) in &self.gsyms {
            if g.is_func {
                func_decls.push((*s, g.ty, g.linkage));
            }
        }
        func_decls.sort_by_key(|d| d.0);
        TranslationUnit {
            types: self.types,
            globals: self.globals,
            functions: self.functions,
            func_decls,
            cold_functions: self.cold_functions,
            no_instrument_functions: self.no_instrument_functions,
            function_align: self.function_align,
            may_alias: self.may_alias,
            wide_strings: self.wide_strings,
            aliases: self.aliases.into_iter().map(|(k, v)| (k, v.0)).collect(),
            asm: self.file_asm,
        }
    }

    fn external_decl(&mut self) -> PResult<()> {
        if self.eat_p(P::Semi) {
            return Ok(());
        }
        match self.peek_kw() {
            Some(Kw::StaticAssert) => {
                self.bump();
                return self.static_assert();
            }
            Some(Kw::Asm) => {
                let kw = self.bump();
                return self.file_asm(kw);
            }
            _ => {}
        }
        let start = self.peek().clone();
        let spec = match self.decl_specs()? {
            Some(s) => s,
            None => {
                // implicit int (K&R style) function definition or garbage
                if start.kind == TokKind::Ident && self.peek_at(1).is(P::LParen) {
                    self.diags
                        .warning(start.span, "return type defaults to 'int' [-Wimplicit-int]");
                    DeclSpec {
                        storage: Storage::None,
                        ty: Types::INT,
                        is_const: false,
                        attrs: Attrs::default(),
                        span: start.span,
                    }
                } else {
                    let d = self.tok_desc(&start);
                    self.diags
                        .error(start.span, format!("expected identifier or '(' before {d}"));
                    return Err(());
                }
            }
        };
        self.declaration_rest(spec, true)
    }
}
