//! Lowering of the typed AST to IR (docs/src/design/architecture.md §4, "IR lowering"):
//! every C local lives in a stack slot, `&&`/`||`/`?:` merge with phis,
//! struct values are addresses.
//!
//! `switch` (on a 32-bit promoted type) becomes, as gcc and LLVM lower it:
//! - a **jump table** when the case labels are dense ([`JUMP_TABLE_MIN_CASES`],
//!   [`JUMP_TABLE_MAX_RATIO`]): a bounds check (`sub` of the lowest case
//!   value, one unsigned compare, a branch to the default) then a
//!   `jumptable` terminator ([`InstKind::JumpTable`]; ISA-ST200 §4.7
//!   `igoto` in the back end), holes going to the default;
//! - else, with more than [`MAX_CASE_CHAIN`] labels, a **binary search
//!   tree** of compares on the sorted case values whose leaves are jump
//!   tables (dense clusters) or short chains of compares;
//! - else a chain of compares in source order.
//!
//! [`Options::jump_tables`] (`-fno-jump-tables` clears it) keeps the tree
//! and the chains but never builds a table. A `switch` on a 64-bit type is
//! always a chain.

use crate::frontend::ast::{
    self, BinOp, Expr, ExprKind, Init, LocalId, Stmt, TranslationUnit, UnOp,
};
use crate::frontend::lex::{Interner, Sym};
use crate::frontend::sema::consteval::{self, CVal};
use crate::frontend::sema::types::{BitField, TypeId, TypeKind, Types};
use crate::frontend::source::{Diagnostics, SourceMap};
use crate::hash::{HashMap, HashSet};
use crate::ir::{
    self, AsmClass, AsmPiece, BinaryOp, Block, CallAbi, Callee, Cond, ConvOp, FBinaryOp, FCond,
    FConvOp, Function, Global, InlineAsm, InstKind, Module, Prob, Type, UnaryOp, Value,
};

mod builtins;
mod packed;
mod va_arg;
mod vla;

/// The bytes an initializer writes from the start of its object: the end
/// of its last store or string.
fn init_extent(types: &Types, init: &Init) -> u64 {
    let items = init
        .items
        .iter()
        .map(|it| it.offset + types.size(it.ty).unwrap_or(0));
    let strings = init.strings.iter().map(|(o, b)| o + b.len() as u64);
    items.chain(strings).max().unwrap_or(0)
}

/// IR type of a scalar C type (pointers, enums and `long` are `i32`).
pub fn ir_type(types: &Types, t: TypeId) -> Type {
    match types.kind(t) {
        TypeKind::Float => return Type::F32,
        TypeKind::Double | TypeKind::LDouble => return Type::F64,
        _ => {}
    }
    match types.size(t) {
        Some(1) => Type::I8,
        Some(2) => Type::I16,
        Some(8) => Type::I64,
        _ => Type::I32,
    }
}

/// A jump table needs at least this many case labels (gcc's
/// `case_values_threshold` on targets with an indirect jump).
pub const JUMP_TABLE_MIN_CASES: usize = 4;

/// A jump table may have at most this many entries per case label
/// (entries = highest case value − lowest + 1; a GNU case range
/// `lo ... hi` is one label): the density rule, gcc's "table size ≤ ratio
/// × case count" with a ratio chosen for code size.
pub const JUMP_TABLE_MAX_RATIO: u64 = 3;

/// Case labels that stay a linear chain of compares; a sparse `switch`
/// with more labels is split into a binary search tree.
pub const MAX_CASE_CHAIN: usize = 4;

/// Lowering options.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Build jump tables for dense `switch`es (on by default;
    /// `-fno-jump-tables` clears it).
    pub jump_tables: bool,
    /// gcc's `-finstrument-functions`: each function defined without
    /// `__attribute__((no_instrument_function))` calls
    /// `__cyg_profile_func_enter(this_fn, call_site)` after its entry and
    /// `__cyg_profile_func_exit(this_fn, call_site)` before each return
    /// (functions inlined later keep the calls, as in gcc). `call_site`
    /// is passed as a null pointer.
    pub instrument_functions: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            jump_tables: true,
            instrument_functions: false,
        }
    }
}

/// A case label of a `switch` being lowered: values `lo..=hi` (in the
/// numeric domain of the promoted type: signed or unsigned) go to `target`.
#[derive(Clone, Copy, Debug)]
struct CaseRange {
    lo: i64,
    hi: i64,
    target: Block,
}

/// Whether sorted, disjoint `cases` make a jump table under the density
/// rule; returns the number of table entries.
fn jump_table_size(cases: &[CaseRange]) -> Option<u64> {
    let (first, last) = (cases.first()?, cases.last()?);
    let entries = u64::try_from(last.hi - first.lo).ok()? + 1;
    (cases.len() >= JUMP_TABLE_MIN_CASES && entries <= JUMP_TABLE_MAX_RATIO * cases.len() as u64)
        .then_some(entries)
}

struct Lowerer<'a> {
    sm: Option<&'a SourceMap>,
    opts: Options,
    tu: &'a TranslationUnit,
    interner: &'a Interner,
    module: Module,
    strings: HashMap<Vec<u8>, String>,
}

struct Fx {
    f: Function,
    cur: Block,
    locals: Vec<Value>,
    breaks: Vec<Block>,
    continues: Vec<Block>,
    cases: HashMap<u32, Block>,
    labels: HashMap<Sym, Block>,
    /// Labels whose address is taken, `&&label` = index + 1
    /// (`FunctionDef::label_addrs`).
    label_addrs: Vec<Sym>,
    /// Locals (indices) that are VLAs (`FunctionDef::vlas`).
    vla_locals: Vec<u32>,
    /// Slot holding the VLA stack top at entry (`FunctionDef::dynamic_stack`).
    stack_mark: Option<Value>,
    /// The VLA objects in scope, in declaration order (storage locals).
    vla_active: Vec<LocalId>,
    /// `vla_active.len()` at each `break`/`continue` target.
    mark_depth: HashMap<Block, usize>,
    /// `vla_active.len()` at each label (`FunctionDef::label_vla_depth`).
    label_vla_depth: HashMap<Sym, usize>,
    /// The bit-field being accessed may sit in a misaligned storage unit
    /// (packed records): `load_bits`/`store_bits` go byte by byte.
    bytewise_units: bool,
    sret: Option<Value>,
    entry: Block,
    local_tys: Vec<TypeId>,
    /// `(first instruction index, location)`: from that instruction on,
    /// instructions belong to the statement at that source position.
    loc_events: Vec<(usize, Option<(u32, u32)>)>,
    cur_loc: Option<(u32, u32)>,
    /// `-finstrument-functions` applies to this function.
    instrumented: bool,
}

/// Lowers a translation unit; unreferenced `static` functions are not
/// lowered. Every error is found by semantic analysis before: `diags`
/// receives nothing from lowering itself.
pub fn lower(tu: &TranslationUnit, interner: &Interner, diags: &mut Diagnostics) -> Module {
    lower_with_source(tu, interner, diags, None)
}

/// [`lower`], also recording in every instruction the (presumed) line and
/// column of the statement it comes from ([`ir::InstData::loc`]), for
/// `.loc` line information, when the source map is given.
pub fn lower_with_source(
    tu: &TranslationUnit,
    interner: &Interner,
    diags: &mut Diagnostics,
    sm: Option<&SourceMap>,
) -> Module {
    lower_with_options(tu, interner, diags, sm, Options::default())
}

/// [`lower_with_source`] with lowering options (jump tables or not).
pub fn lower_with_options(
    tu: &TranslationUnit,
    interner: &Interner,
    diags: &mut Diagnostics,
    sm: Option<&SourceMap>,
    opts: Options,
) -> Module {
    let _ = diags;
    let mut l = Lowerer {
        opts,
        tu,
        interner,
        module: Module::default(),
        strings: HashMap::default(),
        sm,
    };
    // which static functions are used
    let by_name: HashMap<Sym, usize> = tu
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name, i))
        .collect();
    // a use of an alias is a use of the function it names
    let alias_targets: HashMap<Sym, Sym> = tu
        .aliases
        .iter()
        .filter_map(|(k, t)| {
            tu.functions
                .iter()
                .find(|f| interner.get(f.name) == t.as_str())
                .map(|f| (*k, f.name))
        })
        .collect();
    let mut live: HashSet<Sym> = HashSet::default();
    let mut work: Vec<Sym> = Vec::new();
    for f in &tu.functions {
        if f.linkage == ast::Linkage::External {
            work.push(f.name);
        }
    }
    for g in &tu.globals {
        work.extend(g.refs.iter().copied());
    }
    while let Some(s) = work.pop() {
        if !live.insert(s) {
            continue;
        }
        if let Some(&i) = by_name.get(&s) {
            work.extend(tu.functions[i].refs.iter().copied());
        }
        if let Some(&t) = alias_targets.get(&s) {
            work.push(t);
        }
    }
    for g in &tu.globals {
        l.global(g);
    }
    l.module.asm = tu.asm.clone();
    for f in &tu.functions {
        if live.contains(&f.name) {
            l.function(f);
        }
    }
    l.module
}

/// The alignment of a variable of type `ty` whose declared alignment is
/// `align`: an array object of 4 bytes or more is aligned to at least 4
/// bytes, of 8 bytes or more to 8, so that a program carving
/// words out of a `char` array does not trap on a misaligned access. The
/// type's alignment (`_Alignof`, `sizeof`, struct layout) is unchanged.
fn object_align(types: &Types, ty: TypeId, align: u64) -> u32 {
    let mut a = align;
    if types.is_array(ty) {
        match types.size(ty) {
            Some(n) if n >= 8 => a = a.max(8),
            Some(n) if n >= 4 => a = a.max(4),
            _ => {}
        }
    }
    a as u32
}

fn linkage(k: ast::Linkage) -> ir::Linkage {
    match k {
        ast::Linkage::External => ir::Linkage::External,
        ast::Linkage::Internal => ir::Linkage::Internal,
    }
}

impl<'a> Lowerer<'a> {
    fn types(&self) -> &'a Types {
        &self.tu.types
    }
    fn name(&self, s: Sym) -> String {
        match self.tu.aliases.get(&s) {
            Some(target) => target.clone(),
            None => self.interner.get(s).to_string(),
        }
    }

    fn string_global(&mut self, bytes: &[u8]) -> String {
        if let Some(n) = self.strings.get(bytes) {
            return n.clone();
        }
        let name = format!(".str.{}", self.strings.len());
        self.module.globals.push(Global {
            name: name.clone(),
            size: bytes.len() as u32,
            // wide literals: their 2- or 4-byte code units
            align: if self.tu.wide_strings.contains(bytes) {
                4
            } else {
                1
            },
            init: Some(bytes.to_vec()),
            relocs: vec![],
            linkage: ir::Linkage::Internal,
            common: false,
            readonly: true,
            section: None,
        });
        self.strings.insert(bytes.to_vec(), name.clone());
        name
    }

    fn global(&mut self, g: &ast::GlobalVar) {
        if !g.defined || self.tu.aliases.contains_key(&g.name) {
            return;
        }
        let types = self.types();
        // data for a flexible array member (gcc) extends the object
        let flexible = types.record(g.ty).is_some_and(|r| r.flexible || r.is_union);
        let size = g
            .init
            .as_ref()
            .filter(|_| flexible)
            .map_or(0, |i| init_extent(types, i))
            .max(types.size(g.ty).unwrap_or(0)) as u32;
        let mut bytes = vec![0u8; size as usize];
        let mut relocs = Vec::new();
        let has_init = g.init.is_some();
        if let Some(init) = &g.init {
            self.static_init(init, 0, &mut bytes, &mut relocs);
        }
        let zero = !has_init || (bytes.iter().all(|&b| b == 0) && relocs.is_empty());
        self.module.globals.push(Global {
            name: self.name(g.name),
            size,
            align: object_align(types, g.ty, g.align),
            init: if zero { None } else { Some(bytes) },
            relocs,
            linkage: linkage(g.linkage),
            common: g.tentative && !has_init,
            readonly: false,
            section: g.section.clone(),
        });
    }

    fn static_init(
        &mut self,
        init: &Init,
        base: u64,
        bytes: &mut [u8],
        relocs: &mut Vec<(u32, String, i64)>,
    ) {
        let types = self.types();
        for (off, s) in &init.strings {
            let o = (base + off) as usize;
            for (i, b) in s.iter().enumerate() {
                if o + i < bytes.len() {
                    bytes[o + i] = *b;
                }
            }
        }
        for it in &init.items {
            let off = base + it.offset;
            if types.is_record(it.ty) && it.bits.is_none() {
                if let ExprKind::CompoundLit(_, sub) = &it.expr.kind {
                    self.static_init(sub, off, bytes, relocs);
                }
                continue;
            }
            let size = types.size(it.ty).unwrap_or(4) as usize;
            if types.is_float(it.ty) {
                // bit-exact, as the target computes it (sema checked it is constant)
                let v = consteval::eval_float(types, &it.expr).unwrap_or(0.0);
                let bits = if size == 4 {
                    (v as f32).to_bits() as u64
                } else {
                    v.to_bits()
                };
                let o = off as usize;
                relocs.retain(|r| r.0 as usize + 4 <= o || r.0 as usize >= o + size);
                for i in 0..size {
                    if o + i < bytes.len() {
                        bytes[o + i] = (bits >> (8 * i)) as u8;
                    }
                }
                continue;
            }
            match consteval::eval(types, &it.expr) {
                Some(CVal::Int(v)) => {
                    let o = off as usize;
                    relocs.retain(|r| r.0 as usize + 4 <= o || r.0 as usize >= o + size);
                    if let Some(bf) = it.bits {
                        // bit k of the field is bit shift + k of the unit
                        for k in 0..bf.width {
                            let at = u64::from(bf.shift + k);
                            let byte = o + (at / 8) as usize;
                            let m = 1u8 << (at % 8);
                            if byte < bytes.len() {
                                if (v >> k) & 1 != 0 {
                                    bytes[byte] |= m;
                                } else {
                                    bytes[byte] &= !m;
                                }
                            }
                        }
                    } else {
                        for i in 0..size {
                            if o + i < bytes.len() {
                                bytes[o + i] = ((v as u64) >> (8 * i)) as u8;
                            }
                        }
                    }
                }
                Some(CVal::Addr(s, a)) => {
                    let o = off as u32;
                    relocs.retain(|r| r.0 != o);
                    for i in 0..4 {
                        if (o as usize) + i < bytes.len() {
                            bytes[o as usize + i] = 0;
                        }
                    }
                    relocs.push((o, self.name(s), a));
                }
                Some(CVal::StrAddr(b, a)) => {
                    let n = self.string_global(&b);
                    let o = off as u32;
                    relocs.retain(|r| r.0 != o);
                    relocs.push((o, n, a));
                }
                None => {
                    // non-constant: already diagnosed by sema
                }
            }
        }
    }

    /// A stack slot of `size` bytes aligned to `align` (more than the
    /// stack's STACK_ALIGN): room for the object at any alignment, the
    /// address rounded up (computed in block `entry`).
    fn over_aligned_slot(&mut self, fx: &mut Fx, entry: Block, size: u32, align: u64) -> Value {
        let align = align as u32;
        let extra = align - isa::abi::STACK_ALIGN;
        let s = fx.f.add_slot(size + extra, isa::abi::STACK_ALIGN);

        let a =
            fx.f.push(entry, InstKind::SlotAddr { slot: s })
                .expect("addr");
        let add =
            fx.f.push(
                entry,
                InstKind::Iconst {
                    ty: Type::I32,
                    imm: align as i64 - 1,
                },
            )
            .expect("v");
        let mask =
            fx.f.push(
                entry,
                InstKind::Iconst {
                    ty: Type::I32,
                    imm: -(align as i64),
                },
            )
            .expect("v");
        let up =
            fx.f.push(
                entry,
                InstKind::Binary {
                    op: BinaryOp::Add,
                    ty: Type::I32,
                    args: [a, add],
                },
            )
            .expect("v");
        fx.f.push(
            entry,
            InstKind::Binary {
                op: BinaryOp::And,
                ty: Type::I32,
                args: [up, mask],
            },
        )
        .expect("v")
    }

    fn function(&mut self, fd: &ast::FunctionDef) {
        let types = self.types();
        let TypeKind::Func { ret, variadic, .. } = types.kind(fd.ty).clone() else {
            return;
        };
        let sret = types.is_record(ret);
        let mut ptys = Vec::new();
        let mut byval = Vec::new();
        if sret {
            ptys.push(Type::I32);
            byval.push(None);
        }
        for &p in &fd.params {
            let t = fd.locals[p.0 as usize].ty;
            if types.is_record(t) {
                ptys.push(Type::I32);
                byval.push(Some((
                    types.size(t).unwrap_or(0) as u32,
                    types.align(t) as u32,
                )));
            } else {
                ptys.push(ir_type(types, t));
                byval.push(None);
            }
        }
        let rty = if sret || ret == Types::VOID {
            None
        } else {
            Some(ir_type(types, ret))
        };
        let mut f = Function::new(&self.name(fd.name), &ptys, rty);
        f.loc = self.sm.map(|sm| {
            let (_, line, col) = sm.location(fd.span);
            (line, col)
        });
        f.type_punning = self.tu.may_alias;
        f.variadic = variadic;
        f.sret = sret;
        f.byval = byval;
        f.linkage = linkage(fd.linkage);
        f.inline = fd.inline;
        f.align = self.tu.function_align.get(&fd.name).copied().unwrap_or(0);
        let entry = f.add_block();
        let floc = f.loc;
        let mut fx = Fx {
            f,
            cur: entry,
            locals: Vec::new(),
            breaks: vec![],
            continues: vec![],
            cases: HashMap::default(),
            labels: HashMap::default(),
            label_addrs: fd.label_addrs.clone(),
            vla_locals: fd.vlas.iter().map(|v| v.0).collect(),
            stack_mark: None,
            vla_active: Vec::new(),
            mark_depth: HashMap::default(),
            label_vla_depth: fd.label_vla_depth.clone(),
            bytewise_units: false,
            sret: None,
            entry,
            local_tys: fd.locals.iter().map(|l| l.ty).collect(),
            // the entry's own instructions (parameters to their slots)
            // belong to the function's line, up to the first statement
            loc_events: vec![(0, floc)],
            cur_loc: None,
            instrumented: self.opts.instrument_functions
                && !self.tu.no_instrument_functions.contains(&fd.name),
        };
        if sret {
            fx.sret = Some(fx.f.params[0]);
        }
        let param_base = if sret { 1 } else { 0 };
        // slots for locals
        for (i, l) in fd.locals.iter().enumerate() {
            let pidx = fd.params.iter().position(|p| p.0 as usize == i);
            if let Some(pi) = pidx {
                let pv = fx.f.params[param_base + pi];
                fx.f.restrict[param_base + pi] = l.restrict && types.is_ptr(l.ty);
                if types.is_record(l.ty) {
                    let align = types.align(l.ty).max(l.align);
                    if align > u64::from(isa::abi::STACK_ALIGN) {
                        // the incoming copy is only STACK_ALIGN-aligned:
                        // the parameter is a copy at its own alignment
                        let size = types.size(l.ty).unwrap_or(0) as u32;
                        let a = self.over_aligned_slot(&mut fx, entry, size, align);
                        fx.f.push(
                            entry,
                            InstKind::MemCopy {
                                dst: a,
                                src: pv,
                                size,
                            },
                        );
                        fx.locals.push(a);
                        continue;
                    }
                    fx.locals.push(pv);
                    continue;
                }
                let s =
                    fx.f.add_slot(types.size(l.ty).unwrap_or(4) as u32, l.align as u32);
                let a =
                    fx.f.push(entry, InstKind::SlotAddr { slot: s })
                        .expect("addr");
                let t = ir_type(types, l.ty);
                fx.f.push(
                    entry,
                    InstKind::Store {
                        ty: t,
                        addr: a,
                        value: pv,
                    },
                );
                fx.locals.push(a);
            } else {
                let size = types.size(l.ty).unwrap_or(0).max(1) as u32;
                let align = object_align(types, l.ty, l.align);
                if align > isa::abi::STACK_ALIGN {
                    let aligned = self.over_aligned_slot(&mut fx, entry, size, u64::from(align));
                    fx.locals.push(aligned);
                    continue;
                }
                let s = fx.f.add_slot(size, align.min(isa::abi::STACK_ALIGN));
                let a =
                    fx.f.push(entry, InstKind::SlotAddr { slot: s })
                        .expect("addr");
                fx.locals.push(a);
            }
        }
        if fd.dynamic_stack {
            fx.stack_mark = Some(self.save_stack_mark(&mut fx));
        }
        self.profile_hook(&mut fx, "__cyg_profile_func_enter");
        self.stmt(&mut fx, &fd.body);
        // fall off the end
        if !self.terminated(&fx) {
            self.restore_before_return(&mut fx);
            match fx.f.ret {
                Some(t) => {
                    let z =
                        fx.f.push(fx.cur, InstKind::Iconst { ty: t, imm: 0 })
                            .expect("v");
                    fx.f.push(fx.cur, InstKind::Ret { value: Some(z) });
                }
                None => {
                    fx.f.push(fx.cur, InstKind::Ret { value: None });
                }
            }
        }
        let mut f = fx.f;
        let mut events = fx.loc_events.into_iter().peekable();
        let mut loc = None;
        for (i, d) in f.insts.iter_mut().enumerate() {
            while let Some(&(at, l)) = events.peek() {
                if at > i {
                    break;
                }
                loc = l;
                events.next();
            }
            d.loc = loc;
        }
        cleanup(&mut f);
        f.canonicalize();
        debug_assert!(
            ir::verify_function(&f).is_ok(),
            "{:?}\n{}",
            ir::verify_function(&f),
            {
                let mut s = String::new();
                f.print(&mut s);
                s
            }
        );
        self.module.functions.push(f);
    }

    /// Ends the current block with a compare chain: one test per case
    /// label in order (`x == lo`, or `x - lo <=u hi - lo` for a range),
    /// then a jump to `dflt`.
    fn case_chain(&self, fx: &mut Fx, v: Value, ty: Type, cases: &[CaseRange], dflt: Block) {
        for c in cases {
            let next = fx.f.add_block();
            let cmp = if c.lo == c.hi {
                let k = self.iconst(fx, ty, c.lo);
                self.push_v(
                    fx,
                    InstKind::Icmp {
                        cond: Cond::Eq,
                        ty,
                        args: [v, k],
                    },
                )
            } else {
                let k = self.iconst(fx, ty, c.lo);
                let d = self.push_v(
                    fx,
                    InstKind::Binary {
                        op: BinaryOp::Sub,
                        ty,
                        args: [v, k],
                    },
                );
                let r = self.iconst(fx, ty, c.hi.wrapping_sub(c.lo));
                self.push_v(
                    fx,
                    InstKind::Icmp {
                        cond: Cond::Ule,
                        ty,
                        args: [d, r],
                    },
                )
            };
            fx.f.push(
                fx.cur,
                InstKind::Branch {
                    cond: cmp,
                    then: c.target,
                    else_: next,
                    prob: None,
                },
            );
            fx.cur = next;
        }
        fx.f.push(fx.cur, InstKind::Jump { dest: dflt });
    }

    /// Ends the current block with the dispatch of an `i32` `switch` on
    /// `v` over `cases` (sorted by value, disjoint; `signed`: the
    /// promoted type is signed): a jump table if they are dense, a chain
    /// if there are at most [`MAX_CASE_CHAIN`], else a compare with the
    /// median case value and the same for each half.
    fn switch_tree(&self, fx: &mut Fx, v: Value, signed: bool, cases: &[CaseRange], dflt: Block) {
        let ty = Type::I32;
        if let Some(n) = jump_table_size(cases).filter(|_| self.opts.jump_tables) {
            // bounds check: index = v - lo, unsigned, go to the default
            // when index > entries - 1
            let lo = cases[0].lo;
            let index = if lo == 0 {
                v
            } else {
                let k = self.iconst(fx, ty, lo as i32 as i64);
                self.push_v(
                    fx,
                    InstKind::Binary {
                        op: BinaryOp::Sub,
                        ty,
                        args: [v, k],
                    },
                )
            };
            let last = self.iconst(fx, ty, (n - 1) as i32 as i64);
            let out = self.push_v(
                fx,
                InstKind::Icmp {
                    cond: Cond::Ugt,
                    ty,
                    args: [index, last],
                },
            );
            let table = self.block_after_current(fx);
            fx.f.push(
                fx.cur,
                InstKind::Branch {
                    cond: out,
                    then: dflt,
                    else_: table,
                    prob: None,
                },
            );
            let mut targets = vec![dflt; n as usize];
            for c in cases {
                for x in c.lo..=c.hi {
                    targets[(x - lo) as usize] = c.target;
                }
            }
            fx.cur = table;
            fx.f.push(fx.cur, InstKind::JumpTable { index, targets });
            return;
        }
        if cases.len() <= MAX_CASE_CHAIN {
            self.case_chain(fx, v, ty, cases, dflt);
            return;
        }
        let mid = cases.len() / 2;
        let pivot = self.iconst(fx, ty, cases[mid].lo as i32 as i64);
        let cond = if signed { Cond::Slt } else { Cond::Ult };
        let below = self.push_v(
            fx,
            InstKind::Icmp {
                cond,
                ty,
                args: [v, pivot],
            },
        );
        let right = self.block_after_current(fx);
        let left = self.block_after_current(fx);
        fx.f.push(
            fx.cur,
            InstKind::Branch {
                cond: below,
                then: left,
                else_: right,
                prob: None,
            },
        );
        fx.cur = left;
        self.switch_tree(fx, v, signed, &cases[..mid], dflt);
        fx.cur = right;
        self.switch_tree(fx, v, signed, &cases[mid..], dflt);
    }

    /// A new block placed right after the current one in the layout (the
    /// fall-through of its branch).
    fn block_after_current(&self, fx: &mut Fx) -> Block {
        let b = fx.f.add_block();
        fx.f.layout.pop();
        let at =
            fx.f.layout
                .iter()
                .position(|&x| x == fx.cur)
                .map_or(fx.f.layout.len(), |k| k + 1);
        fx.f.layout.insert(at, b);
        b
    }

    /// Appends `k` (an instruction with a result) to the current block.
    fn push_v(&self, fx: &mut Fx, k: InstKind) -> Value {
        fx.f.push(fx.cur, k).expect("instruction with a result")
    }

    fn terminated(&self, fx: &Fx) -> bool {
        fx.f.terminator(fx.cur).is_some()
    }

    /// Ends the current block with `k` and continues in a fresh block.
    fn terminate(&self, fx: &mut Fx, k: InstKind) {
        if !self.terminated(fx) {
            fx.f.push(fx.cur, k);
        }
        fx.cur = fx.f.add_block();
    }

    fn jump_to(&self, fx: &mut Fx, b: Block) {
        if !self.terminated(fx) {
            fx.f.push(fx.cur, InstKind::Jump { dest: b });
        }
        fx.cur = b;
    }

    fn iconst(&self, fx: &mut Fx, ty: Type, v: i64) -> Value {
        fx.f.push(fx.cur, InstKind::Iconst { ty, imm: v })
            .expect("v")
    }

    // ---- statements ----

    /// Lowers a statement, recording its source position for the
    /// instructions it creates (nested statements record their own).
    fn stmt(&mut self, fx: &mut Fx, s: &Stmt) {
        let span = match s {
            Stmt::Expr(e)
            | Stmt::If(e, ..)
            | Stmt::While(e, _)
            | Stmt::DoWhile(_, e)
            | Stmt::For(_, Some(e), ..)
            | Stmt::Switch { cond: e, .. }
            | Stmt::GotoIndirect(e) => Some(e.span),
            Stmt::Break(sp) | Stmt::Continue(sp) | Stmt::Return(_, sp) | Stmt::Goto(_, sp) => {
                Some(*sp)
            }
            Stmt::Decl(_, Some(init)) => init.items.first().map(|i| i.expr.span),
            Stmt::Asm(a) => Some(a.span),
            _ => None,
        };
        let (Some(sm), Some(span)) = (self.sm, span) else {
            return self.stmt_inner(fx, s);
        };
        let (_, line, col) = sm.location(span);
        let prev = fx.cur_loc;
        fx.cur_loc = Some((line, col));
        fx.loc_events.push((fx.f.insts.len(), fx.cur_loc));
        self.stmt_inner(fx, s);
        fx.cur_loc = prev;
        fx.loc_events.push((fx.f.insts.len(), prev));
    }

    /// An `asm` statement: one [`Callee::Asm`] call whose arguments are
    /// the register inputs (and the addresses of memory operands), whose
    /// result is the register output, stored to its lvalue after it.
    fn asm_stmt(&mut self, fx: &mut Fx, a: &ast::AsmStmt) {
        use crate::frontend::ast::{AsmOperandKind as K, AsmTemplatePiece as T};
        let mut args = vec![];
        let mut classes = vec![];
        let mut piece_of = vec![];
        let mut result = None;
        let mut tied = None;
        let mut early = false;
        // two register outputs (32-bit integers, the parser checked) are
        // the low and high words of one 64-bit result; the values read
        // into them (`+r`, matching inputs) form one tied 64-bit argument
        let reg_outs: Vec<usize> = (0..a.outputs.len())
            .filter(|&i| matches!(a.outputs[i].kind, K::Reg(_)))
            .collect();
        let pair = reg_outs.len() == 2;
        let mut pair_results = vec![];
        let mut pair_inits: [Option<(Value, Type)>; 2] = [None, None];
        for (oi, o) in a.outputs.iter().enumerate() {
            let addr = self.lvalue(fx, &o.expr);
            match o.kind {
                K::Reg(c) => {
                    let word = usize::from(pair && oi == reg_outs[1]);
                    if o.inout {
                        let v = self.load(fx, addr, o.expr.ty);
                        if pair {
                            pair_inits[word] = Some((v, ir_type(self.types(), o.expr.ty)));
                        } else {
                            tied = Some(args.len());
                            args.push(v);
                            classes.push(c);
                        }
                    }
                    early |= o.early;
                    result = Some((c, addr, o.expr.ty));
                    pair_results.push((addr, o.expr.ty));
                    piece_of.push(if word == 1 {
                        AsmPiece::ResultHigh
                    } else {
                        AsmPiece::Result
                    });
                }
                _ => {
                    piece_of.push(AsmPiece::Mem(args.len()));
                    args.push(addr);
                    classes.push(AsmClass::Gr);
                }
            }
        }
        for i in &a.inputs {
            match i.kind {
                K::Reg(c) => {
                    let Some(v) = self.expr(fx, &i.expr) else {
                        return;
                    };
                    piece_of.push(AsmPiece::Arg(args.len()));
                    args.push(v);
                    classes.push(c);
                }
                K::Tied(n) if pair => {
                    let Some(v) = self.expr(fx, &i.expr) else {
                        return;
                    };
                    let word = usize::from(n == reg_outs[1]);
                    pair_inits[word] = Some((v, ir_type(self.types(), i.expr.ty)));
                    piece_of.push(if word == 1 {
                        AsmPiece::ResultHigh
                    } else {
                        AsmPiece::Result
                    });
                }
                K::Tied(n) => {
                    let Some(v) = self.expr(fx, &i.expr) else {
                        return;
                    };
                    let c = match a.outputs[n].kind {
                        K::Reg(c) => c,
                        _ => AsmClass::Gr,
                    };
                    tied = Some(args.len());
                    piece_of.push(AsmPiece::Result);
                    args.push(v);
                    classes.push(c);
                }
                K::Mem => {
                    let addr = self.lvalue(fx, &i.expr);
                    piece_of.push(AsmPiece::Mem(args.len()));
                    args.push(addr);
                    classes.push(AsmClass::Gr);
                }
                K::Imm(v) => piece_of.push(AsmPiece::Text(v.to_string())),
            }
        }
        if pair && pair_inits.iter().any(Option::is_some) {
            let mut words = [None, None];
            for (k, init) in pair_inits.iter().enumerate() {
                let w = match *init {
                    Some((v, Type::I64)) => v,
                    Some((v, t)) => self.push_v(
                        fx,
                        InstKind::Convert {
                            op: ConvOp::Zext,
                            from: t,
                            to: Type::I64,
                            arg: v,
                        },
                    ),
                    None => self.iconst(fx, Type::I64, 0),
                };
                words[k] = Some(w);
            }
            let [Some(lo), Some(hi)] = words else {
                unreachable!("both words set")
            };
            let k32 = self.iconst(fx, Type::I64, 32);
            let hi = self.push_v(
                fx,
                InstKind::Binary {
                    op: BinaryOp::Shl,
                    ty: Type::I64,
                    args: [hi, k32],
                },
            );
            let v = self.push_v(
                fx,
                InstKind::Binary {
                    op: BinaryOp::Or,
                    ty: Type::I64,
                    args: [lo, hi],
                },
            );
            tied = Some(args.len());
            args.push(v);
            classes.push(AsmClass::Gr);
        }
        let pieces = a
            .template
            .iter()
            .map(|p| match p {
                T::Text(t) => AsmPiece::Text(t.clone()),
                T::Operand(n) => piece_of[*n].clone(),
                T::OperandHigh(n) => match piece_of[*n] {
                    AsmPiece::Result => AsmPiece::ResultHigh,
                    AsmPiece::Arg(k) => AsmPiece::ArgHigh(k),
                    ref other => other.clone(),
                },
            })
            .collect();
        let info = InlineAsm {
            pieces,
            args: classes,
            result: result.map(|r| r.0),
            tied,
            early_clobber: early,
            clobbers: a.clobbers.clone(),
            loc: fx.cur_loc.unwrap_or((0, 0)),
        };
        let ret = if pair {
            Some(Type::I64)
        } else {
            result.map(|r| ir_type(self.types(), r.2))
        };
        let v = fx.f.push(
            fx.cur,
            InstKind::Call {
                callee: Callee::Asm(std::sync::Arc::new(info)),
                args,
                ret,
                abi: CallAbi::default(),
            },
        );
        if let (true, Some(v)) = (pair, v) {
            for (k, &(addr, ty)) in pair_results.iter().enumerate() {
                let w = if k == 0 {
                    v
                } else {
                    let k32 = self.iconst(fx, Type::I64, 32);
                    self.push_v(
                        fx,
                        InstKind::Binary {
                            op: BinaryOp::LShr,
                            ty: Type::I64,
                            args: [v, k32],
                        },
                    )
                };
                let t = ir_type(self.types(), ty);
                let w = self.push_v(
                    fx,
                    InstKind::Convert {
                        op: ConvOp::Trunc,
                        from: Type::I64,
                        to: t,
                        arg: w,
                    },
                );
                let st = self.store_inst(ty, addr, w);
                fx.f.push(fx.cur, st);
            }
        } else if let (Some((_, addr, ty)), Some(v)) = (result, v) {
            let k = self.store_inst(ty, addr, v);
            fx.f.push(fx.cur, k);
        }
    }

    fn stmt_inner(&mut self, fx: &mut Fx, s: &Stmt) {
        match s {
            Stmt::Asm(a) => self.asm_stmt(fx, a),
            Stmt::Expr(e) => {
                self.expr(fx, e);
            }
            Stmt::Decl(id, init) => {
                if let Some(init) = init {
                    let addr = fx.locals[id.0 as usize];
                    let ty = self.tu_local_ty(fx, *id);
                    self.init_object(fx, addr, ty, init);
                }
                self.declared(fx, *id);
            }
            Stmt::Block(v) => {
                let depth = fx.vla_active.len();
                for s in v {
                    self.stmt(fx, s);
                }
                self.end_vla_scope(fx, depth);
            }
            Stmt::If(c, a, b) => {
                let tb = fx.f.add_block();
                let eb = fx.f.add_block();
                let end = if b.is_some() { fx.f.add_block() } else { eb };
                self.cond_branch(fx, c, tb, eb);
                fx.cur = tb;
                self.stmt(fx, a);
                self.jump_to(fx, end);
                if let Some(b) = b {
                    fx.cur = eb;
                    self.stmt(fx, b);
                    self.jump_to(fx, end);
                }
                fx.cur = end;
            }
            Stmt::While(c, body) => {
                let head = fx.f.add_block();
                let bb = fx.f.add_block();
                let end = fx.f.add_block();
                self.jump_to(fx, head);
                self.cond_branch(fx, c, bb, end);
                fx.cur = bb;
                fx.breaks.push(end);
                fx.mark_depth.insert(end, fx.vla_active.len());
                fx.continues.push(head);
                fx.mark_depth.insert(head, fx.vla_active.len());
                self.stmt(fx, body);
                fx.breaks.pop();
                fx.continues.pop();
                self.jump_to(fx, head);
                fx.cur = end;
            }
            Stmt::DoWhile(body, c) => {
                let bb = fx.f.add_block();
                let cb = fx.f.add_block();
                let end = fx.f.add_block();
                self.jump_to(fx, bb);
                fx.breaks.push(end);
                fx.mark_depth.insert(end, fx.vla_active.len());
                fx.continues.push(cb);
                fx.mark_depth.insert(cb, fx.vla_active.len());
                self.stmt(fx, body);
                fx.breaks.pop();
                fx.continues.pop();
                self.jump_to(fx, cb);
                self.cond_branch(fx, c, bb, end);
                fx.cur = end;
            }
            Stmt::For(init, c, step, body) => {
                // the declarations of the first clause stay in scope
                // until the loop ends
                let depth = fx.vla_active.len();
                match init.as_deref() {
                    Some(Stmt::Block(v)) => {
                        for s in v {
                            self.stmt(fx, s);
                        }
                    }
                    Some(i) => self.stmt(fx, i),
                    None => {}
                }
                let head = fx.f.add_block();
                let bb = fx.f.add_block();
                let sb = fx.f.add_block();
                let end = fx.f.add_block();
                self.jump_to(fx, head);
                match c {
                    Some(c) => self.cond_branch(fx, c, bb, end),
                    None => {
                        fx.f.push(fx.cur, InstKind::Jump { dest: bb });
                    }
                }
                fx.cur = bb;
                fx.breaks.push(end);
                fx.mark_depth.insert(end, depth);
                fx.continues.push(sb);
                fx.mark_depth.insert(sb, fx.vla_active.len());
                self.stmt(fx, body);
                fx.breaks.pop();
                fx.continues.pop();
                self.jump_to(fx, sb);
                if let Some(st) = step {
                    self.expr(fx, st);
                }
                self.jump_to(fx, head);
                fx.cur = end;
                self.end_vla_scope(fx, depth);
            }
            Stmt::Switch {
                cond,
                body,
                cases,
                default,
            } => {
                let v = self.expr(fx, cond).expect("switch value");
                let ty = ir_type(self.types(), cond.ty);
                let end = fx.f.add_block();
                for &(_, _, id) in cases {
                    let b = fx.f.add_block();
                    fx.cases.insert(id, b);
                }
                if let Some(d) = default {
                    let b = fx.f.add_block();
                    fx.cases.insert(*d, b);
                }
                let dflt = default.map(|d| fx.cases[&d]).unwrap_or(end);
                let ranges: Vec<CaseRange> = cases
                    .iter()
                    .map(|&(lo, hi, id)| CaseRange {
                        lo,
                        hi,
                        target: fx.cases[&id],
                    })
                    .collect();
                let mut sorted = ranges.clone();
                sorted.sort_by_key(|c| c.lo);
                let table = self.opts.jump_tables && jump_table_size(&sorted).is_some();
                if ty == Type::I32 && (table || ranges.len() > MAX_CASE_CHAIN) {
                    let signed = !self.types().is_unsigned(cond.ty);
                    self.switch_tree(fx, v, signed, &sorted, dflt);
                } else {
                    self.case_chain(fx, v, ty, &ranges, dflt);
                }
                fx.cur = fx.f.add_block();
                fx.breaks.push(end);
                fx.mark_depth.insert(end, fx.vla_active.len());
                self.stmt(fx, body);
                fx.breaks.pop();
                self.jump_to(fx, end);
            }
            Stmt::Case(id, s) => {
                if let Some(&b) = fx.cases.get(id) {
                    self.jump_to(fx, b);
                }
                self.stmt(fx, s);
            }
            Stmt::Break(_) => {
                if let Some(&b) = fx.breaks.last() {
                    self.restore_before_jump(fx, b);
                    self.terminate(fx, InstKind::Jump { dest: b });
                }
            }
            Stmt::Continue(_) => {
                if let Some(&b) = fx.continues.last() {
                    self.restore_before_jump(fx, b);
                    self.terminate(fx, InstKind::Jump { dest: b });
                }
            }
            Stmt::Return(e, _) => {
                let v = e.as_ref().and_then(|e| self.expr(fx, e));
                if let (Some(sr), Some(e)) = (fx.sret, e) {
                    if let Some(v) = v {
                        let size = self.types().size(e.ty).unwrap_or(0) as u32;
                        fx.f.push(
                            fx.cur,
                            InstKind::MemCopy {
                                dst: sr,
                                src: v,
                                size,
                            },
                        );
                    }
                    self.restore_before_return(fx);
                    self.terminate(fx, InstKind::Ret { value: None });
                    return;
                }
                self.restore_before_return(fx);
                let k = match (fx.f.ret, v) {
                    (Some(_), Some(v)) => InstKind::Ret { value: Some(v) },
                    (Some(t), None) => {
                        let z = self.iconst(fx, t, 0);
                        InstKind::Ret { value: Some(z) }
                    }
                    (None, _) => InstKind::Ret { value: None },
                };
                self.terminate(fx, k);
            }
            Stmt::Goto(l, _) => {
                self.restore_before_goto(fx, *l);
                let b = self.label_block(fx, *l);
                self.terminate(fx, InstKind::Jump { dest: b });
            }
            Stmt::Label(l, s) => {
                let b = self.label_block(fx, *l);
                self.jump_to(fx, b);
                self.stmt(fx, s);
            }
            Stmt::GotoIndirect(e) => {
                // `&&label` is label_addrs index + 1: a jump table on p - 1
                let Some(p) = self.expr(fx, e) else { return };
                let labels = fx.label_addrs.clone();
                if labels.is_empty() {
                    self.terminate(fx, InstKind::Unreachable);
                    return;
                }
                let targets: Vec<Block> = labels.iter().map(|&l| self.label_block(fx, l)).collect();
                let one = self.iconst(fx, Type::I32, 1);
                let index = self.push_v(
                    fx,
                    InstKind::Binary {
                        op: BinaryOp::Sub,
                        ty: Type::I32,
                        args: [p, one],
                    },
                );
                self.terminate(fx, InstKind::JumpTable { index, targets });
            }
            Stmt::Empty => {}
        }
    }

    fn tu_local_ty(&self, fx: &Fx, id: LocalId) -> TypeId {
        fx.local_tys[id.0 as usize]
    }

    fn label_block(&self, fx: &mut Fx, l: Sym) -> Block {
        if let Some(&b) = fx.labels.get(&l) {
            return b;
        }
        let b = fx.f.add_block();
        fx.labels.insert(l, b);
        b
    }

    fn init_object(&mut self, fx: &mut Fx, addr: Value, ty: TypeId, init: &Init) {
        let types = self.types();
        if init.zero {
            let size = types.size(ty).unwrap_or(0) as u32;
            fx.f.push(fx.cur, InstKind::MemZero { dst: addr, size });
        }
        for (off, bytes) in &init.strings {
            let g = self.string_global(bytes);
            let src =
                fx.f.push(fx.cur, InstKind::GlobalAddr { name: g })
                    .expect("v");
            let dst = self.offset(fx, addr, *off as i64);
            fx.f.push(
                fx.cur,
                InstKind::MemCopy {
                    dst,
                    src,
                    size: bytes.len() as u32,
                },
            );
        }
        for it in &init.items {
            let Some(v) = self.expr(fx, &it.expr) else {
                continue;
            };
            let dst = self.offset(fx, addr, it.offset as i64);
            if types.is_record(it.ty) {
                let size = types.size(it.ty).unwrap_or(0) as u32;
                fx.f.push(fx.cur, InstKind::MemCopy { dst, src: v, size });
            } else if let Some(bits) = it.bits {
                self.store_bits(fx, dst, it.ty, bits, v);
            } else {
                let k = self.store_inst(it.ty, dst, v);
                fx.f.push(fx.cur, k);
            }
        }
    }

    fn offset(&self, fx: &mut Fx, addr: Value, off: i64) -> Value {
        if off == 0 {
            return addr;
        }
        let k = self.iconst(fx, Type::I32, off);
        fx.f.push(
            fx.cur,
            InstKind::Binary {
                op: BinaryOp::Add,
                ty: Type::I32,
                args: [addr, k],
            },
        )
        .expect("v")
    }

    /// Branches to `t` if `e` is non-zero, else to `f`; short-circuits.
    fn cond_branch(&mut self, fx: &mut Fx, e: &Expr, t: Block, f: Block) {
        self.cond_branch_prob(fx, e, t, f, None);
    }

    /// [`Self::cond_branch`] where `p` is the probability that `e` is
    /// non-zero, when the program said it (`__builtin_expect`): the
    /// branches get it. Through `&&` it passes to both operands when `e`
    /// is likely true (both must be), through `||` when it is likely false
    /// (both must be); otherwise the operands get none.
    fn cond_branch_prob(&mut self, fx: &mut Fx, e: &Expr, t: Block, f: Block, p: Option<Prob>) {
        let half = Prob(Prob::ONE / 2);
        match &e.kind {
            ExprKind::LogAnd(a, b) => {
                let p = p.filter(|p| *p > half);
                let mid = fx.f.add_block();
                self.cond_branch_prob(fx, a, mid, f, p);
                fx.cur = mid;
                self.cond_branch_prob(fx, b, t, f, p);
            }
            ExprKind::LogOr(a, b) => {
                let p = p.filter(|p| *p < half);
                let mid = fx.f.add_block();
                self.cond_branch_prob(fx, a, t, mid, p);
                fx.cur = mid;
                self.cond_branch_prob(fx, b, t, f, p);
            }
            ExprKind::Unary(UnOp::LogNot, a) => {
                self.cond_branch_prob(fx, a, f, t, p.map(Prob::complement))
            }
            ExprKind::Expect(x, q) => {
                // `x` is the operand converted to `long`: branch on the
                // operand itself when the conversion keeps its truth (an
                // integer or pointer of at most 32 bits)
                let x = match &x.kind {
                    ExprKind::Cast(y)
                        if (self.tu.types.is_integer(y.ty) || self.tu.types.is_ptr(y.ty))
                            && self.tu.types.size(y.ty).is_some_and(|s| s <= 4) =>
                    {
                        y
                    }
                    _ => x,
                };
                self.cond_branch_prob(fx, x, t, f, Some(*q));
            }
            // a constant condition jumps (as gcc, at every level): the
            // other arm is reached only through its labels, if any, and
            // otherwise dropped with the unreachable blocks
            ExprKind::Int(k) => {
                let dest = if *k != 0 { t } else { f };
                self.terminate(fx, InstKind::Jump { dest });
            }
            ExprKind::Comma(a, b) if matches!(b.kind, ExprKind::Int(_)) => {
                self.expr(fx, a);
                self.cond_branch_prob(fx, b, t, f, p);
            }
            _ => {
                let v = self.truth(fx, e);
                fx.f.push(
                    fx.cur,
                    InstKind::Branch {
                        cond: v,
                        then: t,
                        else_: f,
                        prob: p,
                    },
                );
                fx.cur = fx.f.add_block();
            }
        }
    }

    /// `e != 0` as an `i32` 0/1 (comparisons are used directly).
    fn truth(&mut self, fx: &mut Fx, e: &Expr) -> Value {
        let v = self
            .expr(fx, e)
            .unwrap_or_else(|| self.iconst(fx, Type::I32, 0));
        if let ExprKind::Binary(op, ..) = e.kind {
            if matches!(
                op,
                BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
            ) {
                return v;
            }
        }
        self.nonzero(fx, v)
    }

    /// `v != 0` as an `i32` 0/1; for a float, unordered or not equal to
    /// zero (a NaN is true, C99 §6.8.4.1 and §6.5.3.3).
    fn nonzero(&mut self, fx: &mut Fx, v: Value) -> Value {
        let t = fx.f.value_type(v);
        if t.is_float() {
            let z = self.fconst(fx, t, 0.0);
            return self.fcmp(fx, FCond::Une, v, z);
        }
        let z = self.iconst(fx, t, 0);
        fx.f.push(
            fx.cur,
            InstKind::Icmp {
                cond: Cond::Ne,
                ty: t,
                args: [v, z],
            },
        )
        .expect("v")
    }

    /// Float constant `v` of type `t` (`f32`: `v` must be a binary32 value,
    /// which its `f64` holds exactly).
    fn fconst(&self, fx: &mut Fx, t: Type, v: f64) -> Value {
        let bits = if t == Type::F32 {
            (v as f32).to_bits() as i32 as i64
        } else {
            v.to_bits() as i64
        };
        self.iconst(fx, t, bits)
    }

    fn fcmp(&self, fx: &mut Fx, cond: FCond, a: Value, b: Value) -> Value {
        let ty = fx.f.value_type(a);
        fx.f.push(
            fx.cur,
            InstKind::Fcmp {
                cond,
                ty,
                args: [a, b],
            },
        )
        .expect("v")
    }

    fn fconv(&self, fx: &mut Fx, op: FConvOp, v: Value, to: Type) -> Value {
        let from = fx.f.value_type(v);
        fx.f.push(
            fx.cur,
            InstKind::Fconvert {
                op,
                from,
                to,
                arg: v,
            },
        )
        .expect("v")
    }

    /// Conversions with a float on either side (C99 §6.3.1.4–6.3.1.5).
    fn convert_float(&mut self, fx: &mut Fx, v: Value, from: TypeId, to: TypeId) -> Value {
        let types = self.types();
        let ft = fx.f.value_type(v);
        let tt = ir_type(types, to);
        if ft == tt {
            return v;
        }
        if ft.is_float() && tt.is_float() {
            let op = if tt == Type::F64 {
                FConvOp::FpExt
            } else {
                FConvOp::FpTrunc
            };
            return self.fconv(fx, op, v, tt);
        }
        let uns = types.is_unsigned(from) || types.is_ptr(from);
        if tt.is_float() {
            // integer to float: narrow integers widen to i32 first
            let v = if ft.bits() < 32 {
                let op = if uns { ConvOp::Zext } else { ConvOp::Sext };
                fx.f.push(
                    fx.cur,
                    InstKind::Convert {
                        op,
                        from: ft,
                        to: Type::I32,
                        arg: v,
                    },
                )
                .expect("v")
            } else {
                v
            };
            let op = if uns && ft.bits() >= 32 {
                FConvOp::UiToFp
            } else {
                FConvOp::SiToFp
            };
            return self.fconv(fx, op, v, tt);
        }
        // float to integer, truncating toward zero; to a narrow type
        // through int (values out of its range are undefined anyway)
        let utt = types.is_unsigned(to);
        if tt.bits() < 32 {
            let w = self.fconv(fx, FConvOp::FpToSi, v, Type::I32);
            return fx
                .f
                .push(
                    fx.cur,
                    InstKind::Convert {
                        op: ConvOp::Trunc,
                        from: Type::I32,
                        to: tt,
                        arg: w,
                    },
                )
                .expect("v");
        }
        let op = if utt {
            FConvOp::FpToUi
        } else {
            FConvOp::FpToSi
        };
        self.fconv(fx, op, v, tt)
    }

    fn convert(&mut self, fx: &mut Fx, v: Value, from: TypeId, to: TypeId) -> Value {
        let types = self.types();
        let (from, to) = (types.unqualified(from), types.unqualified(to));
        if to == Types::BOOL && from != Types::BOOL {
            let c = self.nonzero(fx, v);
            return fx
                .f
                .push(
                    fx.cur,
                    InstKind::Convert {
                        op: ConvOp::Trunc,
                        from: Type::I32,
                        to: Type::I8,
                        arg: c,
                    },
                )
                .expect("v");
        }
        let ft = fx.f.value_type(v);
        let tt = ir_type(types, to);
        if ft.is_float() || tt.is_float() {
            return self.convert_float(fx, v, from, to);
        }
        if ft == tt {
            return v;
        }
        let op = if tt.bits() < ft.bits() {
            ConvOp::Trunc
        } else if types.is_unsigned(from) || types.is_func(from) || types.is_ptr(from) {
            ConvOp::Zext
        } else {
            ConvOp::Sext
        };
        fx.f.push(
            fx.cur,
            InstKind::Convert {
                op,
                from: ft,
                to: tt,
                arg: v,
            },
        )
        .expect("v")
    }

    /// The load of an object of C type `ty` at `addr`: a volatile load
    /// when `ty` is volatile-qualified.
    fn load_inst(&self, ty: TypeId, addr: Value) -> InstKind {
        let t = ir_type(self.types(), ty);
        if self.types().is_volatile(ty) {
            InstKind::VolatileLoad { ty: t, addr }
        } else {
            InstKind::Load { ty: t, addr }
        }
    }

    /// The store of `value` to an object of C type `ty` at `addr`: a
    /// volatile store when `ty` is volatile-qualified.
    fn store_inst(&self, ty: TypeId, addr: Value, value: Value) -> InstKind {
        let t = ir_type(self.types(), ty);
        if self.types().is_volatile(ty) {
            InstKind::VolatileStore { ty: t, addr, value }
        } else {
            InstKind::Store { ty: t, addr, value }
        }
    }

    fn load(&mut self, fx: &mut Fx, addr: Value, ty: TypeId) -> Value {
        let k = self.load_inst(ty, addr);
        fx.f.push(fx.cur, k).expect("v")
    }

    /// Reads the bit-field `bf` of C type `ty` whose storage unit is at
    /// `addr`: the unit loaded (byte by byte when `fx.bytewise_units` is
    /// set or the field straddles units of its type), shifted left then
    /// right to sign- or zero-extend the field.
    fn load_bits(&mut self, fx: &mut Fx, addr: Value, ty: TypeId, bf: BitField) -> Value {
        let t = ir_type(self.types(), ty);
        if bf.unit != t.bytes() {
            return self.load_span(fx, addr, ty, bf);
        }
        let (boff, w) = (bf.shift, bf.width);
        let unit = if fx.bytewise_units {
            let volatile = self.types().is_volatile(ty);
            self.unit_load(fx, addr, t, volatile)
        } else {
            self.load(fx, addr, ty)
        };
        let bits = t.bits();
        let l = self.iconst(fx, t, (bits - boff - w) as i64);
        let sh =
            fx.f.push(
                fx.cur,
                InstKind::Binary {
                    op: BinaryOp::Shl,
                    ty: t,
                    args: [unit, l],
                },
            )
            .expect("v");
        let r = self.iconst(fx, t, (bits - w) as i64);
        let op = if self.types().bitfield_unsigned(ty) {
            BinaryOp::LShr
        } else {
            BinaryOp::AShr
        };
        fx.f.push(
            fx.cur,
            InstKind::Binary {
                op,
                ty: t,
                args: [sh, r],
            },
        )
        .expect("v")
    }

    /// Stores `v` to the lvalue at `addr` of C type `ty` (a bit-field
    /// `(offset, width)` when `bits` is set); returns the value the
    /// assignment expression has (the stored bits, converted back).
    fn store_lvalue(
        &mut self,
        fx: &mut Fx,
        addr: Value,
        ty: TypeId,
        bits: Option<BitField>,
        v: Value,
    ) -> Value {
        match bits {
            Some(b) => {
                self.store_bits(fx, addr, ty, b, v);
                self.bits_value(fx, ty, b, v)
            }
            None => {
                let k = self.store_inst(ty, addr, v);
                fx.f.push(fx.cur, k);
                v
            }
        }
    }

    /// Writes `v` to the bit-field `bf` of C type `ty` whose storage unit
    /// is at `addr` (read, merge, write; see [`Lowerer::load_bits`]).
    fn store_bits(&mut self, fx: &mut Fx, addr: Value, ty: TypeId, bf: BitField, v: Value) {
        if bf.unit != ir_type(self.types(), ty).bytes() {
            self.store_span(fx, addr, ty, bf, v);
            return;
        }
        let (boff, w) = (bf.shift, bf.width);
        let volatile = self.types().is_volatile(ty);
        let t = ir_type(self.types(), ty);
        let unit = if fx.bytewise_units {
            self.unit_load(fx, addr, t, volatile)
        } else {
            self.load(fx, addr, ty)
        };
        let mask: u64 = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
        let m = self.iconst(fx, t, (mask << boff) as i64);
        let nm =
            fx.f.push(
                fx.cur,
                InstKind::Unary {
                    op: UnaryOp::Not,
                    ty: t,
                    arg: m,
                },
            )
            .expect("v");
        let kept =
            fx.f.push(
                fx.cur,
                InstKind::Binary {
                    op: BinaryOp::And,
                    ty: t,
                    args: [unit, nm],
                },
            )
            .expect("v");
        let mk = self.iconst(fx, t, mask as i64);
        let vm =
            fx.f.push(
                fx.cur,
                InstKind::Binary {
                    op: BinaryOp::And,
                    ty: t,
                    args: [v, mk],
                },
            )
            .expect("v");
        let s = self.iconst(fx, t, boff as i64);
        let vs =
            fx.f.push(
                fx.cur,
                InstKind::Binary {
                    op: BinaryOp::Shl,
                    ty: t,
                    args: [vm, s],
                },
            )
            .expect("v");
        let nu =
            fx.f.push(
                fx.cur,
                InstKind::Binary {
                    op: BinaryOp::Or,
                    ty: t,
                    args: [kept, vs],
                },
            )
            .expect("v");
        if fx.bytewise_units {
            self.unit_store(fx, addr, t, nu, volatile);
        } else {
            let k = self.store_inst(ty, addr, nu);
            fx.f.push(fx.cur, k);
        }
    }

    /// The value a bit-field assignment yields: `v` truncated to the field.
    fn bits_value(&mut self, fx: &mut Fx, ty: TypeId, bf: BitField, v: Value) -> Value {
        let w = bf.width;
        let t = fx.f.value_type(v);
        let bits = t.bits();
        if w >= bits {
            return v;
        }
        let l = self.iconst(fx, t, (bits - w) as i64);
        let sh =
            fx.f.push(
                fx.cur,
                InstKind::Binary {
                    op: BinaryOp::Shl,
                    ty: t,
                    args: [v, l],
                },
            )
            .expect("v");
        let op = if self.types().bitfield_unsigned(ty) {
            BinaryOp::LShr
        } else {
            BinaryOp::AShr
        };
        fx.f.push(
            fx.cur,
            InstKind::Binary {
                op,
                ty: t,
                args: [sh, l],
            },
        )
        .expect("v")
    }

    /// Address of an lvalue (or of a struct rvalue).
    fn lvalue(&mut self, fx: &mut Fx, e: &Expr) -> Value {
        match &e.kind {
            ExprKind::Local(id) => fx.locals[id.0 as usize],
            ExprKind::Global(s) => {
                let n = self.name(*s);
                fx.f.push(fx.cur, InstKind::GlobalAddr { name: n })
                    .expect("v")
            }
            ExprKind::Str(b) => {
                let n = self.string_global(b);
                fx.f.push(fx.cur, InstKind::GlobalAddr { name: n })
                    .expect("v")
            }
            ExprKind::Deref(p) => self
                .expr(fx, p)
                .unwrap_or_else(|| self.iconst(fx, Type::I32, 0)),
            ExprKind::Member { base, offset, bits } => {
                if bits.is_some() || self.types().record(base.ty).is_some_and(|r| r.is_union) {
                    fx.f.type_punning = true;
                }
                let b = self.lvalue(fx, base);
                self.offset(fx, b, *offset as i64)
            }
            ExprKind::CompoundLit(obj, init) => {
                let a = self.lvalue(fx, obj);
                self.init_object(fx, a, obj.ty, init);
                a
            }
            _ => {
                // struct-valued rvalues (calls, assignments, ?:) evaluate to addresses
                self.expr(fx, e)
                    .unwrap_or_else(|| self.iconst(fx, Type::I32, 0))
            }
        }
    }

    /// Evaluates an expression; None for `void`.
    fn expr(&mut self, fx: &mut Fx, e: &Expr) -> Option<Value> {
        let types = self.types();
        Some(match &e.kind {
            ExprKind::Int(v) => {
                if types.is_void(e.ty) {
                    return None;
                }
                let t = ir_type(types, e.ty);
                self.iconst(fx, t, *v)
            }
            ExprKind::Float(v) => {
                let t = ir_type(types, e.ty);
                self.fconst(fx, t, *v)
            }
            ExprKind::Local(_)
            | ExprKind::Global(_)
            | ExprKind::Deref(_)
            | ExprKind::Str(_)
            | ExprKind::CompoundLit(..) => {
                let a = self.lvalue(fx, e);
                if types.is_record(e.ty) || types.is_array(e.ty) || types.is_func(e.ty) {
                    a
                } else if types.is_void(e.ty) {
                    return None;
                } else if self.under_aligned(e) {
                    self.load_bytewise(fx, a, e.ty)
                } else {
                    self.load(fx, a, e.ty)
                }
            }
            ExprKind::Member { bits, .. } => {
                let a = self.lvalue(fx, e);
                if types.is_record(e.ty) || types.is_array(e.ty) {
                    a
                } else if let Some(b) = bits {
                    fx.bytewise_units = self.unit_under_aligned(e);
                    let v = self.load_bits(fx, a, e.ty, *b);
                    fx.bytewise_units = false;
                    v
                } else if self.under_aligned(e) {
                    self.load_bytewise(fx, a, e.ty)
                } else {
                    self.load(fx, a, e.ty)
                }
            }
            ExprKind::Decay(x) | ExprKind::AddrOf(x) => self.lvalue(fx, x),
            ExprKind::Expect(x, _) => return self.expr(fx, x),
            ExprKind::Cast(x) => {
                let v = self.expr(fx, x);
                if types.is_void(e.ty) {
                    return None;
                }
                let v = v?;
                self.convert(fx, v, x.ty, e.ty)
            }
            ExprKind::Unary(op, x) => {
                let v = self.expr(fx, x)?;
                let t = fx.f.value_type(v);
                if t.is_float() {
                    // negation flips the sign bit (-0.0 from 0.0)
                    return Some(match op {
                        UnOp::LogNot => {
                            let z = self.fconst(fx, t, 0.0);
                            self.fcmp(fx, FCond::Oeq, v, z)
                        }
                        _ => {
                            fx.f.push(fx.cur, InstKind::Fneg { ty: t, arg: v })
                                .expect("v")
                        }
                    });
                }
                match op {
                    UnOp::Neg => {
                        fx.f.push(
                            fx.cur,
                            InstKind::Unary {
                                op: UnaryOp::Neg,
                                ty: t,
                                arg: v,
                            },
                        )
                        .expect("v")
                    }
                    UnOp::BitNot => {
                        fx.f.push(
                            fx.cur,
                            InstKind::Unary {
                                op: UnaryOp::Not,
                                ty: t,
                                arg: v,
                            },
                        )
                        .expect("v")
                    }
                    UnOp::LogNot => {
                        let z = self.iconst(fx, t, 0);
                        fx.f.push(
                            fx.cur,
                            InstKind::Icmp {
                                cond: Cond::Eq,
                                ty: t,
                                args: [v, z],
                            },
                        )
                        .expect("v")
                    }
                }
            }
            ExprKind::Binary(op, a, b) => {
                let x = self.expr(fx, a)?;
                let y = self.expr(fx, b)?;
                self.binary(fx, *op, a.ty, x, y)
            }
            ExprKind::LogAnd(..) | ExprKind::LogOr(..) => {
                let tb = fx.f.add_block();
                let fb = fx.f.add_block();
                let end = fx.f.add_block();
                self.cond_branch(fx, e, tb, fb);
                fx.cur = tb;
                let one = self.iconst(fx, Type::I32, 1);
                fx.f.push(tb, InstKind::Jump { dest: end });
                fx.cur = fb;
                let zero = self.iconst(fx, Type::I32, 0);
                fx.f.push(fb, InstKind::Jump { dest: end });
                fx.cur = end;
                fx.f.push(
                    end,
                    InstKind::Phi {
                        ty: Type::I32,
                        incoming: vec![(tb, one), (fb, zero)],
                    },
                )
                .expect("v")
            }
            ExprKind::Assign(l, r) => {
                if types.is_record(l.ty) {
                    let src = self.expr(fx, r)?;
                    let dst = self.lvalue(fx, l);
                    if types.is_vla(l.ty) {
                        self.copy_runtime_size(fx, l.ty, dst, src);
                        return Some(dst);
                    }
                    let size = types.size(l.ty).unwrap_or(0) as u32;
                    fx.f.push(fx.cur, InstKind::MemCopy { dst, src, size });
                    return Some(dst);
                }
                let v = self.expr(fx, r)?;
                let a = self.lvalue(fx, l);
                if let ExprKind::Member { bits: Some(b), .. } = l.kind {
                    fx.bytewise_units = self.unit_under_aligned(l);
                    self.store_bits(fx, a, l.ty, b, v);
                    fx.bytewise_units = false;
                    return Some(self.bits_value(fx, l.ty, b, v));
                }
                if self.under_aligned(l) {
                    self.store_bytewise(fx, a, l.ty, v);
                    return Some(v);
                }
                let k = self.store_inst(l.ty, a, v);
                fx.f.push(fx.cur, k);
                v
            }
            ExprKind::CompoundAssign {
                op,
                lhs,
                rhs,
                op_ty,
            } => {
                let a = self.lvalue(fx, lhs);
                let bits = if let ExprKind::Member { bits: Some(b), .. } = lhs.kind {
                    Some(b)
                } else {
                    None
                };
                let bytewise = self.under_aligned(lhs);
                let units = self.unit_under_aligned(lhs);
                fx.bytewise_units = units;
                let old = match bits {
                    Some(b) => self.load_bits(fx, a, lhs.ty, b),
                    None if bytewise => self.load_bytewise(fx, a, lhs.ty),
                    None => self.load(fx, a, lhs.ty),
                };
                fx.bytewise_units = false;
                let r = self.expr(fx, rhs)?;
                let new = if matches!(op, BinOp::PtrAdd | BinOp::PtrSub) {
                    self.binary(fx, *op, lhs.ty, old, r)
                } else {
                    let o = self.convert(fx, old, lhs.ty, *op_ty);
                    let n = self.binary(fx, *op, *op_ty, o, r);
                    self.convert(fx, n, *op_ty, lhs.ty)
                };
                if bytewise {
                    self.store_bytewise(fx, a, lhs.ty, new);
                    return Some(new);
                }
                fx.bytewise_units = units;
                let stored = self.store_lvalue(fx, a, lhs.ty, bits, new);
                fx.bytewise_units = false;
                stored
            }
            ExprKind::IncDec { pre, inc, e: x } => {
                let a = self.lvalue(fx, x);
                let bits = if let ExprKind::Member { bits: Some(b), .. } = x.kind {
                    Some(b)
                } else {
                    None
                };
                let bytewise = self.under_aligned(x);
                let units = self.unit_under_aligned(x);
                fx.bytewise_units = units;
                let old = match bits {
                    Some(b) => self.load_bits(fx, a, x.ty, b),
                    None if bytewise => self.load_bytewise(fx, a, x.ty),
                    None => self.load(fx, a, x.ty),
                };
                fx.bytewise_units = false;
                let new = if types.is_ptr(x.ty) {
                    let one = self.iconst(fx, Type::I32, 1);
                    self.binary(
                        fx,
                        if *inc { BinOp::PtrAdd } else { BinOp::PtrSub },
                        x.ty,
                        old,
                        one,
                    )
                } else if types.is_float(x.ty) {
                    let t = fx.f.value_type(old);
                    let one = self.fconst(fx, t, 1.0);
                    let op = if *inc { FBinaryOp::Add } else { FBinaryOp::Sub };
                    fx.f.push(
                        fx.cur,
                        InstKind::Fbinary {
                            op,
                            ty: t,
                            args: [old, one],
                        },
                    )
                    .expect("v")
                } else {
                    let pt = types.promote(x.ty);
                    let o = self.convert(fx, old, x.ty, pt);
                    let t = fx.f.value_type(o);
                    let one = self.iconst(fx, t, 1);
                    let op = if *inc { BinaryOp::Add } else { BinaryOp::Sub };
                    let n =
                        fx.f.push(
                            fx.cur,
                            InstKind::Binary {
                                op,
                                ty: t,
                                args: [o, one],
                            },
                        )
                        .expect("v");
                    self.convert(fx, n, pt, x.ty)
                };
                let stored = if bytewise {
                    self.store_bytewise(fx, a, x.ty, new);
                    new
                } else {
                    fx.bytewise_units = units;
                    let s = self.store_lvalue(fx, a, x.ty, bits, new);
                    fx.bytewise_units = false;
                    s
                };
                if *pre {
                    stored
                } else {
                    old
                }
            }
            ExprKind::Cond(c, a, b) => {
                let tb = fx.f.add_block();
                let fb = fx.f.add_block();
                let end = fx.f.add_block();
                self.cond_branch(fx, c, tb, fb);
                fx.cur = tb;
                let va = self.expr(fx, a);
                let ta = fx.cur;
                self.jump_to(fx, end);
                fx.cur = fb;
                let vb = self.expr(fx, b);
                let tb2 = fx.cur;
                self.jump_to(fx, end);
                match (va, vb) {
                    (Some(x), Some(y))
                        if !types.is_void(e.ty) && fx.f.value_type(x) == fx.f.value_type(y) =>
                    {
                        let t = fx.f.value_type(x);
                        let preds = fx.f.predecessors();
                        let ps = &preds[end.index()];
                        if ps.len() == 2 && ps.contains(&ta) && ps.contains(&tb2) {
                            let inc: Vec<(Block, Value)> = ps
                                .iter()
                                .map(|&p| (p, if p == ta { x } else { y }))
                                .collect();
                            fx.f.push(
                                end,
                                InstKind::Phi {
                                    ty: t,
                                    incoming: inc,
                                },
                            )
                            .expect("v")
                        } else {
                            // one arm does not reach the end (e.g. noreturn call)
                            if ps.contains(&ta) {
                                x
                            } else {
                                y
                            }
                        }
                    }
                    _ => return None,
                }
            }
            ExprKind::Comma(a, b) => {
                self.expr(fx, a);
                return self.expr(fx, b);
            }
            ExprKind::Call(f, args) => return self.call(fx, e, f, args),
            ExprKind::VaStart(ap) => {
                let a = self.lvalue(fx, ap);
                let v = fx.f.push(fx.cur, InstKind::VaStart).expect("v");
                fx.f.push(
                    fx.cur,
                    InstKind::Store {
                        ty: Type::I32,
                        addr: a,
                        value: v,
                    },
                );
                return None;
            }
            ExprKind::VaArg(ap) => self.va_arg(fx, ap, e.ty),
            ExprKind::VaCopy(d, s) => {
                let sa = self.lvalue(fx, s);
                let v =
                    fx.f.push(
                        fx.cur,
                        InstKind::Load {
                            ty: Type::I32,
                            addr: sa,
                        },
                    )
                    .expect("v");
                let da = self.lvalue(fx, d);
                fx.f.push(
                    fx.cur,
                    InstKind::Store {
                        ty: Type::I32,
                        addr: da,
                        value: v,
                    },
                );
                return None;
            }
            ExprKind::Unreachable => {
                self.terminate(fx, InstKind::Unreachable);
                return None;
            }
            ExprKind::Builtin(op, x) => return self.int_builtin(fx, *op, x, e.ty),
            ExprKind::Custom(op, xs) => {
                // the operands in order, then the operation (both `int`)
                let mut args = Vec::with_capacity(xs.len());
                for x in xs {
                    args.push(self.expr(fx, x)?);
                }
                return Some(self.push_v(
                    fx,
                    InstKind::Custom {
                        op: op.clone(),
                        args,
                    },
                ));
            }
            ExprKind::StackAlloc(bytes) => {
                let n = self.expr(fx, bytes)?;
                return Some(self.stack_alloc(fx, n));
            }
            ExprKind::StmtExpr(stmts, value) => {
                let depth = fx.vla_active.len();
                for s in stmts {
                    self.stmt(fx, s);
                }
                let v = match value {
                    Some(v) => self.expr(fx, v),
                    None => None,
                };
                self.end_vla_scope(fx, depth);
                return v;
            }
        })
    }

    fn call(&mut self, fx: &mut Fx, e: &Expr, f: &Expr, args: &[Expr]) -> Option<Value> {
        let types = self.types();
        let callee = match &f.kind {
            ExprKind::AddrOf(x) => match &x.kind {
                ExprKind::Global(s) if types.is_func(x.ty) => Callee::Direct(self.name(*s)),
                _ => Callee::Indirect(self.expr(fx, f)?),
            },
            _ => Callee::Indirect(self.expr(fx, f)?),
        };
        let mut vals = Vec::new();
        let mut sret = None;
        let mut abi = CallAbi {
            cold: matches!(&f.kind, ExprKind::AddrOf(x)
                if matches!(&x.kind, ExprKind::Global(s) if self.tu.cold_functions.contains(s))),
            ..CallAbi::default()
        };
        if types.is_record(e.ty) {
            abi.sret = Some(types.size(e.ty).unwrap_or(0) as u32);
            abi.byval.push(None);
            let s = fx.f.add_slot(
                types.size(e.ty).unwrap_or(0).max(1) as u32,
                types.align(e.ty) as u32,
            );
            let a =
                fx.f.push(fx.entry, InstKind::SlotAddr { slot: s })
                    .expect("v");
            // keep the slot address at the top of the entry block (before its terminator)
            fix_entry_order(&mut fx.f, fx.entry);
            vals.push(a);
            sret = Some(a);
        }
        for a in args {
            let v = self.expr(fx, a)?;
            abi.byval.push(types.is_record(a.ty).then(|| {
                (
                    types.size(a.ty).unwrap_or(0) as u32,
                    types.align(a.ty) as u32,
                )
            }));
            if types.is_record(a.ty) {
                let size = types.size(a.ty).unwrap_or(0) as u32;
                let s = fx.f.add_slot(size.max(1), types.align(a.ty) as u32);
                let t =
                    fx.f.push(fx.entry, InstKind::SlotAddr { slot: s })
                        .expect("v");
                fix_entry_order(&mut fx.f, fx.entry);
                fx.f.push(
                    fx.cur,
                    InstKind::MemCopy {
                        dst: t,
                        src: v,
                        size,
                    },
                );
                vals.push(t);
            } else {
                vals.push(v);
            }
        }
        let ret = if types.is_void(e.ty) || types.is_record(e.ty) {
            None
        } else {
            Some(ir_type(types, e.ty))
        };
        let r = fx.f.push(
            fx.cur,
            InstKind::Call {
                callee,
                args: vals,
                ret,
                abi,
            },
        );
        if let Some(s) = sret {
            return Some(s);
        }
        r
    }

    fn binary(&mut self, fx: &mut Fx, op: BinOp, opnd: TypeId, x: Value, y: Value) -> Value {
        let types = self.types();
        let t = fx.f.value_type(x);
        if t.is_float() {
            // each operation rounds to its type (FLT_EVAL_METHOD 0)
            let fop = match op {
                BinOp::Add => FBinaryOp::Add,
                BinOp::Sub => FBinaryOp::Sub,
                BinOp::Mul => FBinaryOp::Mul,
                BinOp::Div => FBinaryOp::Div,
                _ => {
                    let c = match op {
                        BinOp::Eq => FCond::Oeq,
                        BinOp::Ne => FCond::Une,
                        BinOp::Lt => FCond::Olt,
                        BinOp::Le => FCond::Ole,
                        BinOp::Gt => FCond::Ogt,
                        // sema allows no other operator on floats
                        _ => FCond::Oge,
                    };
                    return self.fcmp(fx, c, x, y);
                }
            };
            return fx
                .f
                .push(
                    fx.cur,
                    InstKind::Fbinary {
                        op: fop,
                        ty: t,
                        args: [x, y],
                    },
                )
                .expect("v");
        }
        let uns = types.is_unsigned(opnd);
        let bop = |o: BinaryOp, fx: &mut Fx, a: Value, b: Value| -> Value {
            let ty = fx.f.value_type(a);
            fx.f.push(
                fx.cur,
                InstKind::Binary {
                    op: o,
                    ty,
                    args: [a, b],
                },
            )
            .expect("v")
        };
        match op {
            BinOp::Add => bop(BinaryOp::Add, fx, x, y),
            BinOp::Sub => bop(BinaryOp::Sub, fx, x, y),
            BinOp::Mul => bop(BinaryOp::Mul, fx, x, y),
            BinOp::Div => bop(if uns { BinaryOp::UDiv } else { BinaryOp::SDiv }, fx, x, y),
            BinOp::Rem => bop(if uns { BinaryOp::URem } else { BinaryOp::SRem }, fx, x, y),
            BinOp::And => bop(BinaryOp::And, fx, x, y),
            BinOp::Or => bop(BinaryOp::Or, fx, x, y),
            BinOp::Xor => bop(BinaryOp::Xor, fx, x, y),
            BinOp::Shl | BinOp::Shr => {
                // shift amount converted to the left operand's width
                let yt = fx.f.value_type(y);
                let y = if yt == t {
                    y
                } else if yt.bits() > t.bits() {
                    fx.f.push(
                        fx.cur,
                        InstKind::Convert {
                            op: ConvOp::Trunc,
                            from: yt,
                            to: t,
                            arg: y,
                        },
                    )
                    .expect("v")
                } else {
                    fx.f.push(
                        fx.cur,
                        InstKind::Convert {
                            op: ConvOp::Zext,
                            from: yt,
                            to: t,
                            arg: y,
                        },
                    )
                    .expect("v")
                };
                let o = if op == BinOp::Shl {
                    BinaryOp::Shl
                } else if uns {
                    BinaryOp::LShr
                } else {
                    BinaryOp::AShr
                };
                bop(o, fx, x, y)
            }
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                let c = match (op, uns) {
                    (BinOp::Eq, _) => Cond::Eq,
                    (BinOp::Ne, _) => Cond::Ne,
                    (BinOp::Lt, false) => Cond::Slt,
                    (BinOp::Le, false) => Cond::Sle,
                    (BinOp::Gt, false) => Cond::Sgt,
                    (BinOp::Ge, false) => Cond::Sge,
                    (BinOp::Lt, true) => Cond::Ult,
                    (BinOp::Le, true) => Cond::Ule,
                    (BinOp::Gt, true) => Cond::Ugt,
                    _ => Cond::Uge,
                };
                fx.f.push(
                    fx.cur,
                    InstKind::Icmp {
                        cond: c,
                        ty: t,
                        args: [x, y],
                    },
                )
                .expect("v")
            }
            BinOp::PtrAdd | BinOp::PtrSub => {
                let el = types.pointee(opnd).unwrap_or(Types::CHAR);
                let size = types.size(el).unwrap_or(1) as i64;
                let vla = types.is_vla(el);
                let yt = fx.f.value_type(y);
                let y = if yt == Type::I64 {
                    fx.f.push(
                        fx.cur,
                        InstKind::Convert {
                            op: ConvOp::Trunc,
                            from: Type::I64,
                            to: Type::I32,
                            arg: y,
                        },
                    )
                    .expect("v")
                } else {
                    y
                };
                let scaled = if vla {
                    let k = self.runtime_size(fx, el);
                    bop(BinaryOp::Mul, fx, y, k)
                } else if size == 1 {
                    y
                } else {
                    let k = self.iconst(fx, Type::I32, size);
                    bop(BinaryOp::Mul, fx, y, k)
                };
                bop(
                    if op == BinOp::PtrAdd {
                        BinaryOp::Add
                    } else {
                        BinaryOp::Sub
                    },
                    fx,
                    x,
                    scaled,
                )
            }
            BinOp::PtrDiff => {
                let el = types.pointee(opnd).unwrap_or(Types::CHAR);
                let size = types.size(el).unwrap_or(1).max(1) as i64;
                let d = bop(BinaryOp::Sub, fx, x, y);
                if types.is_vla(el) {
                    let k = self.runtime_size(fx, el);
                    bop(BinaryOp::SDiv, fx, d, k)
                } else if size == 1 {
                    d
                } else {
                    let k = self.iconst(fx, Type::I32, size);
                    bop(BinaryOp::SDiv, fx, d, k)
                }
            }
        }
    }
}

/// Moves a just-appended instruction of the entry block before the entry
/// block's terminator, if it has one.
fn fix_entry_order(f: &mut Function, entry: Block) {
    let insts = &mut f.blocks[entry.index()].insts;
    let n = insts.len();
    if n >= 2 {
        let term = insts[n - 2];
        if f.insts[term.index()].kind.is_terminator() {
            insts.swap(n - 2, n - 1);
        }
    }
}

/// Removes blocks unreachable from the entry, terminates empty blocks and
/// drops phi operands from removed blocks.
fn cleanup(f: &mut Function) {
    // terminate any block left open
    for b in f.layout.clone() {
        if f.terminator(b).is_none() {
            f.push(b, InstKind::Unreachable);
        }
    }
    let n = f.blocks.len();
    let mut seen = vec![false; n];
    let entry = f.layout[0];
    let mut stack = vec![entry];
    seen[entry.index()] = true;
    while let Some(b) = stack.pop() {
        for s in f.successors(b) {
            if !seen[s.index()] {
                seen[s.index()] = true;
                stack.push(s);
            }
        }
    }
    f.layout.retain(|b| seen[b.index()]);
    for (b, live) in seen.iter().enumerate() {
        if !live {
            f.blocks[b].insts.clear();
        }
    }
    let preds = f.predecessors();
    for &b in &f.layout.clone() {
        for &i in &f.blocks[b.index()].insts.clone() {
            if let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind {
                incoming.retain(|(p, _)| seen[p.index()]);
                let order = &preds[b.index()];
                incoming
                    .sort_by_key(|(p, _)| order.iter().position(|q| q == p).unwrap_or(usize::MAX));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{compile, compile_and_run, Options as DriverOptions};
    use crate::interp::RunOptions;

    /// Six case labels from −2 to 4 (7 values ≤ 3 × 6: a jump table),
    /// the default in the middle, 2 a hole.
    const DENSE: &str = r#"#include <stdio.h>
int f(int x) {
    switch (x) {
    case -2: return 10;
    case -1: return 11;
    case 0: case 1: return 12;
    default: return 99;
    case 3: return 13;
    case 4: return 14;
    }
}
int main(void) {
    for (int x = -4; x <= 6; x++) printf("%d ", f(x));
    return 0;
}
"#;
    /// What `DENSE` prints, by hand from the C semantics: −4, −3 → 99;
    /// −2 → 10; −1 → 11; 0, 1 → 12; 2 (hole) → 99; 3 → 13; 4 → 14;
    /// 5, 6 → 99.
    const DENSE_OUT: &str = "99 99 10 11 12 12 99 13 14 99 99 ";

    fn lowered(src: &str, jump_tables: bool) -> Module {
        let opts = DriverOptions {
            no_jump_tables: !jump_tables,
            ..Default::default()
        };
        let out = compile("t.c", src.as_bytes(), &opts);
        out.result
            .unwrap_or_else(|| panic!("does not compile:\n{}", out.diagnostics))
    }

    fn output(src: &str, jump_tables: bool) -> String {
        let opts = DriverOptions {
            no_jump_tables: !jump_tables,
            ..Default::default()
        };
        let (diag, res) = compile_and_run(
            &[("t.c".to_string(), src.as_bytes().to_vec())],
            &opts,
            &RunOptions {
                max_steps: Some(10_000_000),
                args: vec![],
            },
        );
        let r = res
            .unwrap_or_else(|| panic!("does not compile:\n{diag}"))
            .unwrap_or_else(|t| panic!("trap: {t}"));
        String::from_utf8(r.stdout).unwrap()
    }

    fn func<'m>(m: &'m Module, name: &str) -> &'m Function {
        m.functions.iter().find(|f| f.name == name).unwrap()
    }

    /// Instructions of `f` in layout order.
    fn insts(f: &Function) -> Vec<&InstKind> {
        f.layout
            .iter()
            .flat_map(|b| &f.blocks[b.index()].insts)
            .map(|i| &f.insts[i.index()].kind)
            .collect()
    }

    fn konst(f: &Function, v: Value) -> Option<i64> {
        match f.values[v.index()].def {
            ir::ValueDef::Inst(i) => match f.insts[i.index()].kind {
                InstKind::Iconst { imm, .. } => Some(imm),
                _ => None,
            },
            ir::ValueDef::Param(_) => None,
        }
    }

    #[test]
    fn dense_switch_is_a_bounds_check_and_a_jump_table() {
        let m = lowered(DENSE, true);
        let f = func(&m, "f");
        let ks = insts(f);
        let tables: Vec<(&Value, &Vec<Block>)> = ks
            .iter()
            .filter_map(|k| match k {
                InstKind::JumpTable { index, targets } => Some((index, targets)),
                _ => None,
            })
            .collect();
        assert_eq!(tables.len(), 1, "one jump table");
        let (index, targets) = tables[0];
        // index = x - (-2): a `sub` of the lowest case value
        let ir::ValueDef::Inst(sub) = f.values[index.index()].def else {
            panic!("index is computed")
        };
        let InstKind::Binary {
            op: BinaryOp::Sub,
            args: [x, lo],
            ..
        } = f.insts[sub.index()].kind
        else {
            panic!("index is a sub")
        };
        assert_eq!(konst(f, x), None);
        assert_eq!(konst(f, lo), Some(-2));
        // bounds check: index >u 6 goes to the default
        let check = ks
            .iter()
            .find_map(|k| match k {
                InstKind::Icmp {
                    cond: Cond::Ugt,
                    args: [i, n],
                    ..
                } if i == index => Some(konst(f, *n)),
                _ => None,
            })
            .expect("bounds check");
        assert_eq!(check, Some(6));
        let dflt = ks
            .iter()
            .find_map(|k| match k {
                InstKind::Branch { then, else_, .. }
                    if f.terminator(*else_)
                        .is_some_and(|t| matches!(t, InstKind::JumpTable { .. })) =>
                {
                    Some(*then)
                }
                _ => None,
            })
            .expect("branch to the default or the table");
        // 7 entries for −2..=4; value 2 (entry 4) is a hole: the default
        assert_eq!(targets.len(), 7);
        assert_eq!(targets[4], dflt);
        for (k, t) in targets.iter().enumerate() {
            if k != 4 {
                assert_ne!(*t, dflt, "entry {k}");
            }
        }
        let distinct: HashSet<Block> = targets.iter().copied().collect();
        assert_eq!(distinct.len(), 7, "every case label has its block");
    }

    /// The IR interpreter runs the jump table: a wrong entry, a wrong
    /// bias or a wrong bounds check changes the output.
    #[test]
    fn jump_table_runs_like_the_switch() {
        assert_eq!(output(DENSE, true), DENSE_OUT);
        assert_eq!(output(DENSE, false), DENSE_OUT);
        let m = lowered(DENSE, false);
        assert!(!insts(func(&m, "f"))
            .iter()
            .any(|k| matches!(k, InstKind::JumpTable { .. })));
    }

    /// Nine sparse labels: no table, a binary search tree (signed `<`
    /// compares with case values) over chains.
    #[test]
    fn sparse_switch_is_a_binary_search_tree() {
        let src = r#"#include <stdio.h>
int g(int x) {
    switch (x) {
    case -1000: return 1; case -7: return 2; case 3: return 3;
    case 40: return 4; case 500: return 5; case 6000: return 6;
    case 70000: return 7; case 800000: return 8; case 9000000: return 9;
    default: return 0;
    }
}
int main(void) {
    int v[] = {-1001, -1000, -7, 0, 3, 40, 41, 500, 6000, 70000, 800000, 9000000, 9000001};
    for (int i = 0; i < 13; i++) printf("%d", g(v[i]));
    return 0;
}
"#;
        let m = lowered(src, true);
        let ks = insts(func(&m, "g"));
        assert!(!ks.iter().any(|k| matches!(k, InstKind::JumpTable { .. })));
        let lt = ks
            .iter()
            .filter(|k| {
                matches!(
                    k,
                    InstKind::Icmp {
                        cond: Cond::Slt,
                        ..
                    }
                )
            })
            .count();
        // 9 labels: split at the median (4 | 5), the 5 split again (2 | 3)
        assert_eq!(lt, 2);
        // by hand: each listed value maps to its case, others to 0
        assert_eq!(output(src, true), "0120340567890");
    }

    /// A switch on `unsigned` splits with unsigned compares, and values
    /// above 2^31 are ordered as unsigned.
    #[test]
    fn unsigned_tree_and_table_near_two_to_the_31() {
        let src = r#"#include <stdio.h>
unsigned h(unsigned x) {
    switch (x) {
    case 0x80000000u: return 1; case 0x80000001u: return 2;
    case 0x80000002u: return 3; case 0x80000003u: return 4;
    case 5u: return 5; case 0xffffffffu: return 6;
    default: return 0;
    }
}
int main(void) {
    unsigned v[] = {0, 5, 0x7fffffffu, 0x80000000u, 0x80000001u, 0x80000002u, 0x80000003u,
                    0x80000004u, 0xfffffffeu, 0xffffffffu};
    for (int i = 0; i < 10; i++) printf("%u", h(v[i]));
    return 0;
}
"#;
        let m = lowered(src, true);
        let ks = insts(func(&m, "h"));
        assert!(ks.iter().any(|k| matches!(
            k,
            InstKind::Icmp {
                cond: Cond::Ult,
                ..
            }
        )));
        assert!(!ks.iter().any(|k| matches!(
            k,
            InstKind::Icmp {
                cond: Cond::Slt,
                ..
            }
        )));
        assert_eq!(output(src, true), "0501234006");
        assert_eq!(output(src, false), "0501234006");
    }

    /// Three labels, or four spread over more than 12 values: the compare
    /// chain in source order, as before jump tables.
    #[test]
    fn few_or_spread_cases_keep_the_chain() {
        for cases in [
            "case 1: return 1; case 2: return 2; case 3: return 3;",
            "case 0: return 1; case 4: return 2; case 8: return 3; case 13: return 4;",
        ] {
            let src = format!("int k(int x) {{ switch (x) {{ {cases} }} return 0; }}\n");
            let m = lowered(&src, true);
            let ks = insts(func(&m, "k"));
            assert!(!ks.iter().any(|k| matches!(k, InstKind::JumpTable { .. })));
            assert!(!ks.iter().any(|k| matches!(
                k,
                InstKind::Icmp {
                    cond: Cond::Slt,
                    ..
                }
            )));
        }
        // 0, 4, 8, 11: 12 entries ≤ 3 × 4, a table
        let src = "int k(int x) { switch (x) { case 0: return 1; case 4: return 2; case 8: return 3; case 11: return 4; } return 0; }\n";
        let m = lowered(src, true);
        assert!(insts(func(&m, "k"))
            .iter()
            .any(|k| matches!(k, InstKind::JumpTable { targets, .. } if targets.len() == 12)));
    }
}
