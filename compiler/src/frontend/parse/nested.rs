//! GNU C nested functions, local labels (`__label__`) and non-local
//! `goto`, done in the front end as a rewrite into plain C.
//!
//! **Static chain.** A nested function becomes a file-scope function
//! with internal linkage, named `PARENT.NAME.N`, whose first parameter
//! is hidden: the *static chain*, a `void **` pointing at the *frame
//! block* of the enclosing function. The frame block is a hidden
//! `void *[n]` local of the enclosing function holding the addresses of
//! the objects its nested functions use: its captured locals and
//! parameters, and, for deeper nesting, the frame blocks of the
//! functions around it. The enclosing function fills it on entry (every
//! local has its stack slot for the whole call, so its address is known
//! there), which also makes each captured variable live in memory: a
//! write in the nested function is seen by its parent after the call. A
//! direct call `f(a, b)` passes the chain as the first argument.
//!
//! **Trampolines.** A nested function whose address escapes (passed to
//! `qsort`, stored in a pointer) needs a code address that carries the
//! chain. lcc does not write code at run time (the stack is not
//! executable in `stsim` and its translating engine caches decoded
//! code): each such function gets a pool of [`POOL`] small static
//! *thunks*, `PARENT.NAME.N.tramp.K`, each calling the nested function
//! with the chain kept in slot K of a static array. Taking the address
//! asks the runtime (`__lcc_nested_slot`, `runtime/lib/nested.c`) for
//! the slot of the current frame block: the slot already holding it, or
//! one whose frame is dead (below the stack pointer: the stack grows
//! down). More live activations than the pool holds stop the program
//! with a message, never a wrong call.
//!
//! **Non-local goto.** A label declared with `__label__` and jumped to
//! from a nested function gets a number; the enclosing function calls
//! `setjmp` on entry into a hidden `jmp_buf`, and when it returns
//! non-zero jumps to the label whose number a hidden local holds. The
//! `goto` in the nested function stores the number through the chain and
//! calls `longjmp`, which restores the enclosing function's stack
//! pointer and callee-saved registers. Every local of such a function is
//! put in the frame block, hence in memory, so the values seen after the
//! jump are the current ones, not those of the `setjmp`.

use super::decl::{Attrs, DeclSpec, Declarator};
use super::expr::bx;
use super::{FuncState, Ordinary, PResult, Parser, SwitchCtx};
use crate::frontend::ast::*;
use crate::frontend::lex::Sym;
use crate::frontend::sema::types::{TypeId, TypeKind, Types};
use crate::frontend::source::Span;
use crate::hash::HashSet;

/// Thunks per nested function whose address escapes: the number of
/// activations of its parent that may hold its address at once.
pub(crate) const POOL: usize = 8;

/// An object a nested function reaches through its static chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    /// Local (or parameter) `LocalId` of the function at nesting level
    /// `usize`.
    Local(usize, LocalId),
    /// The frame block of the function at that level.
    Frame(usize),
}

/// The non-local `goto` state of a function whose labels are jumped to
/// from nested functions.
pub(crate) struct NonLocal {
    /// Hidden `int[12]` local: the `jmp_buf` (runtime/include/setjmp.h).
    pub buf: LocalId,
    /// Hidden `int` local: the number of the label to go to.
    pub target: LocalId,
    /// The labels, numbered from 1.
    pub labels: Vec<Sym>,
}

/// One function being parsed, outermost first ([`Parser::nest`]).
#[derive(Default)]
pub(crate) struct Level {
    /// Its state while a function nested in it is parsed.
    pub saved: Option<FuncState>,
    /// Index in [`Parser::scopes`] of its parameter scope.
    pub scope_base: usize,
    /// The hidden static chain parameter (nested functions only).
    pub chain: Option<LocalId>,
    /// The frame block, once something captures from it.
    pub frame: Option<LocalId>,
    /// Frame block slots: what each holds and the expression (in this
    /// function) of its address.
    pub entries: Vec<(Key, Expr)>,
    /// Non-local `goto` targets.
    pub nonlocal: Option<NonLocal>,
    /// Every local must live in memory (non-local goto or
    /// `__builtin_setjmp` received here).
    pub memory_locals: bool,
    /// Hidden `void *` local set on entry to the return address
    /// (`__builtin_return_address(0)`).
    pub return_address: Option<LocalId>,
    /// Reads its stack pointer (`__builtin_frame_address(0)`).
    pub reads_sp: bool,
}

/// A nested function, by its lifted name.
#[derive(Clone, Debug)]
pub(crate) struct NestedFn {
    /// Nesting level of its parent.
    pub parent: usize,
    /// Its type as the program sees it.
    pub ty: TypeId,
    /// Its type with the chain parameter first.
    pub lifted_ty: TypeId,
    /// The chain array and thunk table, once its address escaped.
    pub pool: Option<(Sym, Sym)>,
    /// Defined with an empty parameter list (`void f() { … }`).
    pub no_params: bool,
}

/// What `function_def` needs to define a nested function.
pub(crate) struct Pending {
    /// Its type with the chain parameter first.
    pub lifted_ty: TypeId,
}

impl<'a> Parser<'a> {
    /// Nesting level of the function being parsed (0: a file-scope one).
    pub(crate) fn level(&self) -> usize {
        self.nest.len().saturating_sub(1)
    }

    /// Nesting level of the function owning scope `i`, None for file
    /// scope.
    fn level_of_scope(&self, i: usize) -> Option<usize> {
        self.nest.iter().rposition(|l| l.scope_base <= i)
    }

    /// The state of the function at level `l`.
    fn state(&mut self, l: usize) -> &mut FuncState {
        if l + 1 == self.nest.len() {
            self.func.as_mut().expect("function")
        } else {
            self.nest[l].saved.as_mut().expect("enclosing function")
        }
    }

    /// Level of the function whose scope binds `s` (None: file scope or
    /// unbound).
    pub(crate) fn binding_level(&self, s: Sym) -> Option<usize> {
        let i = self
            .scopes
            .iter()
            .rposition(|sc| sc.ords.contains_key(&s))?;
        self.level_of_scope(i)
    }

    fn new_local_at(&mut self, l: usize, ty: TypeId, align: u64, span: Span) -> LocalId {
        let f = self.state(l);
        f.locals.push(LocalVar {
            name: None,
            ty,
            align,
            span,
            used: true,
            restrict: false,
        });
        LocalId(f.locals.len() as u32 - 1)
    }

    fn void_pp(&mut self) -> TypeId {
        let vp = self.types.ptr(Types::VOID);
        self.types.ptr(vp)
    }

    fn frame_of(&mut self, l: usize, span: Span) -> LocalId {
        if let Some(f) = self.nest[l].frame {
            return f;
        }
        // the type is set when the function ends ([`Parser::finish_level`])
        let vp = self.types.ptr(Types::VOID);
        let f = self.new_local_at(l, vp, 4, span);
        self.nest[l].frame = Some(f);
        f
    }

    /// The slot of frame block `l` holding the address of `key`.
    fn slot_in(&mut self, l: usize, key: Key, span: Span) -> usize {
        self.frame_of(l, span);
        if let Some(i) = self.nest[l].entries.iter().position(|e| e.0 == key) {
            return i;
        }
        let addr = self.addr_in(l, key, span);
        self.nest[l].entries.push((key, addr));
        self.nest[l].entries.len() - 1
    }

    /// The address of `key` as a pointer value in the function at level
    /// `m`.
    fn addr_in(&mut self, m: usize, key: Key, span: Span) -> Expr {
        let vpp = self.void_pp();
        let target_ptr = match key {
            Key::Local(l, id) => {
                let ty = self.state(l).locals[id.0 as usize].ty;
                if l == m {
                    let pty = self.types.ptr(ty);
                    let e = self.mk(ExprKind::Local(id), ty, span);
                    return self.mk(ExprKind::AddrOf(bx(e)), pty, span);
                }
                self.types.ptr(ty)
            }
            Key::Frame(l) if l == m => {
                let f = self.frame_of(l, span);
                let vp = self.types.ptr(Types::VOID);
                let e = self.mk(ExprKind::Local(f), vp, span);
                return self.mk(ExprKind::AddrOf(bx(e)), vpp, span);
            }
            Key::Frame(l) if l + 1 == m => {
                let c = self.nest[m].chain.expect("chain");
                return self.mk(ExprKind::Local(c), vpp, span);
            }
            Key::Frame(_) => vpp,
        };
        let idx = self.slot_in(m - 1, key, span);
        let c = self.nest[m].chain.expect("chain");
        let chain = self.mk(ExprKind::Local(c), vpp, span);
        let vp = self.types.ptr(Types::VOID);
        let i = self.mk(ExprKind::Int(idx as i64), Types::INT, span);
        let p = self.mk(ExprKind::Binary(BinOp::PtrAdd, bx(chain), bx(i)), vpp, span);
        let v = self.mk(ExprKind::Deref(bx(p)), vp, span);
        self.mk(ExprKind::Cast(bx(v)), target_ptr, span)
    }

    /// The lvalue of local `id` (type `ty`) of the enclosing function at
    /// level `l`, seen from the function being parsed.
    pub(crate) fn outer_local(&mut self, l: usize, id: LocalId, ty: TypeId, span: Span) -> Expr {
        if self.types.is_variably_modified(ty) {
            // its sizes are hidden locals of the enclosing function
            self.diags.error(
                span,
                "a variable-length array of the enclosing function used in a nested function is not supported",
            );
        }
        let m = self.level();
        let p = self.addr_in(m, Key::Local(l, id), span);
        self.mk(ExprKind::Deref(bx(p)), ty, span)
    }

    /// The VLA object `*local` (VLA type `ty`) of the enclosing function
    /// at level `l`, seen from the function being parsed: an array of
    /// unknown size (`sizeof` of it is then an error, as its size is a
    /// hidden local of the enclosing function). None if its elements are
    /// themselves variably modified.
    pub(crate) fn outer_vla(
        &mut self,
        l: usize,
        id: LocalId,
        ty: TypeId,
        span: Span,
    ) -> Option<Expr> {
        let TypeKind::Vla(el, _) = *self.types.kind(ty) else {
            return None;
        };
        if self.types.is_variably_modified(el) {
            return None;
        }
        let at = self.types.array(el, None);
        let pat = self.types.ptr(at);
        let ppat = self.types.ptr(pat);
        let m = self.level();
        let addr = self.addr_in(m, Key::Local(l, id), span);
        let addr = self.mk(ExprKind::Cast(bx(addr)), ppat, span);
        let p = self.mk(ExprKind::Deref(bx(addr)), pat, span);
        Some(self.mk(ExprKind::Deref(bx(p)), at, span))
    }

    /// Parses the body of the nested function `name` (declarator `d`,
    /// at the `{`) and binds its name in the current scope.
    pub(crate) fn nested_function_def(
        &mut self,
        spec: &DeclSpec,
        name: Sym,
        span: Span,
        d: Declarator,
        attrs: Attrs,
    ) -> PResult<()> {
        let TypeKind::Func {
            ret,
            params,
            variadic,
            ..
        } = self.types.kind(d.ty).clone()
        else {
            unreachable!("function type")
        };
        let vpp = self.void_pp();
        let lifted_ty = self.types.intern(TypeKind::Func {
            ret,
            params: std::iter::once(vpp).chain(params).collect(),
            variadic,
            proto: true,
        });
        self.static_count += 1;
        let parent = self.func.as_ref().map(|f| f.name).expect("function");
        let lifted = self.interner.intern(&format!(
            "{}.{}.{}",
            self.name(parent),
            self.name(name),
            self.static_count
        ));
        let parent_level = self.level();
        self.nested_fns.insert(
            lifted,
            NestedFn {
                parent: parent_level,
                ty: d.ty,
                lifted_ty,
                pool: None,
                no_params: d.params.as_ref().is_none_or(|p| p.is_empty()),
            },
        );
        self.scopes
            .last_mut()
            .expect("scope")
            .ords
            .insert(name, Ordinary::Global(lifted, d.ty, false));
        // the nested function's own state; the parent's is kept aside
        self.nest[parent_level].saved = self.func.take();
        let loops = std::mem::take(&mut self.loops);
        let breakables = std::mem::take(&mut self.breakables);
        let switches: Vec<SwitchCtx> = std::mem::take(&mut self.switches);
        self.pending_nested = Some(Pending { lifted_ty });
        let r = self.function_def(spec, lifted, span, d, attrs);
        self.pending_nested = None;
        self.loops = loops;
        self.breakables = breakables;
        self.switches = switches;
        self.func = self.nest[parent_level].saved.take();
        r
    }

    /// Starts the nesting level of a function definition whose parameter
    /// scope is the next one pushed; for a nested function, declares its
    /// chain parameter and returns it.
    pub(crate) fn begin_level(&mut self, nested: bool, span: Span) -> Option<LocalId> {
        self.nest.push(Level {
            scope_base: self.scopes.len(),
            ..Level::default()
        });
        if !nested {
            return None;
        }
        let vpp = self.void_pp();
        let c = self.new_local(None, vpp, span, None);
        self.func.as_mut().expect("function").locals[c.0 as usize].used = true;
        self.nest.last_mut().expect("level").chain = Some(c);
        Some(c)
    }

    /// Ends the current nesting level: sets the frame block's size and
    /// returns the statements that start the function (filling the frame
    /// block, receiving non-local gotos), and whether the function must
    /// not be inlined (it reads its own return address or stack pointer).
    pub(crate) fn finish_level(&mut self, span: Span) -> (Vec<Stmt>, bool) {
        let l = self.level();
        let mut out = Vec::new();
        if self.nest[l].memory_locals || self.nest[l].nonlocal.is_some() {
            let n = self.state(l).locals.len();
            for i in 0..n {
                let id = LocalId(i as u32);
                if Some(id) == self.nest[l].frame {
                    continue;
                }
                let ty = self.state(l).locals[i].ty;
                if self.types.size(ty).is_none() || self.types.is_variably_modified(ty) {
                    continue;
                }
                self.slot_in(l, Key::Local(l, id), span);
            }
        }
        let level = self.nest.pop().expect("level");
        let no_inline = level.return_address.is_some() || level.reads_sp;
        if let Some(ra) = level.return_address {
            // `$r63` holds the return address on entry (ISA-ST200 §7.1),
            // before the body makes any call
            let vp = self.types.ptr(Types::VOID);
            let e = self.mk(ExprKind::Local(ra), vp, span);
            out.push(Stmt::Asm(Box::new(read_register(e, "$r63", span))));
        }
        if let Some(frame) = level.frame {
            let vp = self.types.ptr(Types::VOID);
            let vpp = self.types.ptr(vp);
            let n = level.entries.len().max(1) as u64;
            let ty = self.types.array(vp, Some(n));
            let f = self.func.as_mut().expect("function");
            f.locals[frame.0 as usize].ty = ty;
            for (i, (_, addr)) in level.entries.into_iter().enumerate() {
                let base = self.mk(ExprKind::Local(frame), vp, span);
                let base = self.mk(ExprKind::AddrOf(bx(base)), vpp, span);
                let idx = self.mk(ExprKind::Int(i as i64), Types::INT, span);
                let p = self.mk(
                    ExprKind::Binary(BinOp::PtrAdd, bx(base), bx(idx)),
                    vpp,
                    span,
                );
                let slot = self.mk(ExprKind::Deref(bx(p)), vp, span);
                let v = self.mk(ExprKind::Cast(bx(addr)), vp, span);
                out.push(Stmt::Expr(self.mk(
                    ExprKind::Assign(bx(slot), bx(v)),
                    vp,
                    span,
                )));
            }
            if level.memory_locals || level.nonlocal.is_some() {
                // the frame block's address escapes (an opaque use), so
                // the locals whose addresses it holds stay in memory
                // across the `setjmp` call
                let base = self.mk(ExprKind::Local(frame), ty, span);
                let base = self.mk(ExprKind::Decay(bx(base)), vpp, span);
                out.push(Stmt::Asm(Box::new(AsmStmt {
                    volatile: true,
                    template: Vec::new(),
                    outputs: Vec::new(),
                    inputs: vec![AsmOperand {
                        kind: AsmOperandKind::Reg(crate::ir::AsmClass::Gr),
                        inout: false,
                        early: false,
                        expr: base,
                    }],
                    clobbers: Vec::new(),
                    memory: true,
                    span,
                })));
            }
        }
        if let Some(nl) = level.nonlocal {
            // if (setjmp(buf)) { if (target == 1) goto L1; … }
            let ip = self.types.ptr(Types::INT);
            let buf_ty = self.types.array(Types::INT, Some(12));
            let buf = self.mk(ExprKind::Local(nl.buf), buf_ty, span);
            let buf = self.mk(ExprKind::Decay(bx(buf)), ip, span);
            let call = self.runtime_call("setjmp", Types::INT, vec![buf], span);
            let cond = self.scalar_cond(call);
            let mut dispatch = Vec::new();
            for (k, lab) in nl.labels.iter().enumerate() {
                let t = self.mk(ExprKind::Local(nl.target), Types::INT, span);
                let kk = self.mk(ExprKind::Int(k as i64 + 1), Types::INT, span);
                let c = self.mk(ExprKind::Binary(BinOp::Eq, bx(t), bx(kk)), Types::INT, span);
                let c = self.scalar_cond(c);
                dispatch.push(Stmt::If(c, Box::new(Stmt::Goto(*lab, span)), None));
            }
            out.push(Stmt::If(cond, Box::new(Stmt::Block(dispatch)), None));
        }
        (out, no_inline)
    }

    /// A use of nested function `s` (its lifted name) as an expression:
    /// a function designator. Followed by `(`, the call adds the chain
    /// ([`Parser::nested_call`]); otherwise its address escapes and the
    /// designator goes through a thunk.
    pub(crate) fn nested_fn_ref(&mut self, s: Sym, span: Span) -> PResult<Expr> {
        let info = self.nested_fns[&s].clone();
        self.note_ref(s);
        if self.is_p(crate::frontend::lex::P::LParen) {
            return Ok(self.mk(ExprKind::Global(s), info.ty, span));
        }
        let TypeKind::Func {
            ret,
            params,
            variadic,
            proto,
        } = self.types.kind(info.ty).clone()
        else {
            unreachable!("function type")
        };
        if variadic || (!proto && !info.no_params) {
            self.diags.error(
                span,
                format!(
                    "taking the address of nested function '{}' is not supported: it is {}",
                    self.name(s).split('.').nth(1).unwrap_or(""),
                    if variadic { "variadic" } else { "unprototyped" }
                ),
            );
            return Err(());
        }
        let (chains, table) = match info.pool {
            Some(p) => p,
            None => {
                let p = self.make_pool(s, &info, ret, &params, span);
                if let Some(n) = self.nested_fns.get_mut(&s) {
                    n.pool = Some(p);
                }
                p
            }
        };
        let m = self.level();
        let vp = self.types.ptr(Types::VOID);
        let vpp = self.types.ptr(vp);
        let chain = self.addr_in(m, Key::Frame(info.parent), span);
        let chain = self.mk(ExprKind::Cast(bx(chain)), vp, span);
        let arr = self.types.array(vp, Some(POOL as u64));
        self.note_ref(chains);
        let g = self.mk(ExprKind::Global(chains), arr, span);
        let g = self.mk(ExprKind::Decay(bx(g)), vpp, span);
        let n = self.mk(ExprKind::Int(POOL as i64), Types::INT, span);
        let slot = self.runtime_call("__lcc_nested_slot", Types::INT, vec![g, n, chain], span);
        let fp = self.types.ptr(info.ty);
        let fpp = self.types.ptr(fp);
        let tarr = self.types.array(fp, Some(POOL as u64));
        self.note_ref(table);
        let t = self.mk(ExprKind::Global(table), tarr, span);
        let t = self.mk(ExprKind::Decay(bx(t)), fpp, span);
        let p = self.mk(ExprKind::Binary(BinOp::PtrAdd, bx(t), bx(slot)), fpp, span);
        let f = self.mk(ExprKind::Deref(bx(p)), fp, span);
        Ok(self.mk(ExprKind::Deref(bx(f)), info.ty, span))
    }

    /// The chain array, thunks and thunk table of nested function `s`.
    fn make_pool(
        &mut self,
        s: Sym,
        info: &NestedFn,
        ret: TypeId,
        params: &[TypeId],
        span: Span,
    ) -> (Sym, Sym) {
        let base = self.name(s);
        let vp = self.types.ptr(Types::VOID);
        let vpp = self.types.ptr(vp);
        let chains = self.interner.intern(&format!("{base}.chains"));
        let table = self.interner.intern(&format!("{base}.tramps"));
        let carr = self.types.array(vp, Some(POOL as u64));
        self.globals.push(GlobalVar {
            name: chains,
            ty: carr,
            align: 4,
            linkage: Linkage::Internal,
            init: None,
            defined: true,
            tentative: false,
            span,
            section: None,
            weak: false,
            refs: HashSet::default(),
        });
        let fp = self.types.ptr(info.ty);
        let lifted_fp = self.types.ptr(info.lifted_ty);
        let mut items = Vec::new();
        let mut table_refs = HashSet::default();
        for k in 0..POOL {
            let name = self.interner.intern(&format!("{base}.tramp.{k}"));
            let mut locals = Vec::new();
            let mut args = Vec::new();
            // chains[k]
            let g = self.mk(ExprKind::Global(chains), carr, span);
            let g = self.mk(ExprKind::Decay(bx(g)), vpp, span);
            let kk = self.mk(ExprKind::Int(k as i64), Types::INT, span);
            let p = self.mk(ExprKind::Binary(BinOp::PtrAdd, bx(g), bx(kk)), vpp, span);
            let c = self.mk(ExprKind::Deref(bx(p)), vp, span);
            args.push(self.mk(ExprKind::Cast(bx(c)), vpp, span));
            for (i, &pt) in params.iter().enumerate() {
                locals.push(LocalVar {
                    name: None,
                    ty: pt,
                    align: self.types.align(pt),
                    span,
                    used: true,
                    restrict: false,
                });
                args.push(self.mk(ExprKind::Local(LocalId(i as u32)), pt, span));
            }
            let callee = self.mk(ExprKind::Global(s), info.lifted_ty, span);
            let callee = self.mk(ExprKind::AddrOf(bx(callee)), lifted_fp, span);
            let call = self.mk(ExprKind::Call(bx(callee), args), ret, span);
            let body = if ret == Types::VOID {
                vec![Stmt::Expr(call), Stmt::Return(None, span)]
            } else {
                vec![Stmt::Return(Some(call), span)]
            };
            let mut refs = HashSet::default();
            refs.insert(s);
            refs.insert(chains);
            self.functions.push(FunctionDef {
                name,
                ty: info.ty,
                params: (0..params.len()).map(|i| LocalId(i as u32)).collect(),
                locals,
                body: Stmt::Block(body),
                linkage: Linkage::Internal,
                span,
                refs,
                weak: false,
                inline: crate::ir::InlineHint::Never,
                label_addrs: Vec::new(),
                vlas: Vec::new(),
                label_vla_depth: Default::default(),
                dynamic_stack: false,
            });
            let f = self.mk(ExprKind::Global(name), info.ty, span);
            items.push(InitItem {
                offset: 4 * k as u64,
                ty: fp,
                bits: None,
                expr: self.mk(ExprKind::AddrOf(bx(f)), fp, span),
            });
            table_refs.insert(name);
        }
        let tarr = self.types.array(fp, Some(POOL as u64));
        self.globals.push(GlobalVar {
            name: table,
            ty: tarr,
            align: 4,
            linkage: Linkage::Internal,
            init: Some(Init {
                items,
                strings: Vec::new(),
                zero: true,
            }),
            defined: true,
            tentative: false,
            span,
            section: None,
            weak: false,
            refs: table_refs,
        });
        (chains, table)
    }

    /// `call` (just built) of nested function `s` directly: passes the
    /// static chain first.
    pub(crate) fn nested_call(&mut self, mut call: Expr) -> Expr {
        let ExprKind::Call(f, args) = &mut call.kind else {
            return call;
        };
        let ExprKind::AddrOf(g) = &f.kind else {
            return call;
        };
        let ExprKind::Global(s) = g.kind else {
            return call;
        };
        let Some(info) = self.nested_fns.get(&s).cloned() else {
            return call;
        };
        let span = f.span;
        let m = self.level();
        let chain = self.addr_in(m, Key::Frame(info.parent), span);
        args.insert(0, chain);
        let lp = self.types.ptr(info.lifted_ty);
        let g = self.mk(ExprKind::Global(s), info.lifted_ty, span);
        **f = self.mk(ExprKind::AddrOf(bx(g)), lp, span);
        call
    }

    /// Parses `__label__ a, b;` (after the keyword): local labels of the
    /// current block.
    pub(crate) fn local_labels(&mut self) -> PResult<()> {
        use crate::frontend::lex::{TokKind, P};
        loop {
            let t = self.bump();
            if t.kind != TokKind::Ident {
                let d = self.tok_desc(&t);
                self.diags
                    .error(t.span, format!("expected identifier before {d}"));
                return Err(());
            }
            self.static_count += 1;
            let unique =
                self.interner
                    .intern(&format!("{}.{}", self.name(t.sym), self.static_count));
            self.scopes
                .last_mut()
                .expect("scope")
                .labels
                .insert(t.sym, unique);
            if !self.eat_p(P::Comma) {
                break;
            }
        }
        self.expect_p(P::Semi)?;
        Ok(())
    }

    /// The label `s` names here: its unique name if declared with
    /// `__label__`, and the level of the function declaring it (None: an
    /// ordinary label of the current function).
    pub(crate) fn resolve_label(&self, s: Sym) -> (Sym, Option<usize>) {
        for (i, sc) in self.scopes.iter().enumerate().rev() {
            if let Some(u) = sc.labels.get(&s) {
                return (*u, self.level_of_scope(i));
            }
        }
        (s, None)
    }

    /// `&&s`: the label's number in the function declaring it (1, 2, …;
    /// see [`FunctionDef::label_addrs`]); a local label of an enclosing
    /// function is numbered in that function, for its `goto *`; a label
    /// of a nested function in the nested function's own table, for its
    /// own `goto *` (a jump to a label of another function through
    /// `goto *` is undefined in GNU C, as in gcc).
    pub(crate) fn label_number(&mut self, s: Sym, span: Span) -> PResult<usize> {
        let (u, l) = self.resolve_label(s);
        let here = self.level();
        let f = match l {
            Some(l) if l < here => self.state(l),
            _ => self.func.as_mut().expect("function"),
        };
        f.labels.entry(u).or_insert((false, span));
        Ok(match f.label_addrs.iter().position(|&x| x == u) {
            Some(i) => i + 1,
            None => {
                f.label_addrs.push(u);
                f.label_addrs.len()
            }
        })
    }

    /// The level of the enclosing function whose local `s` names, when
    /// it is not the function being parsed.
    pub(crate) fn outer_level_of(&self, s: Sym) -> Option<usize> {
        if self.nest.len() < 2 {
            return None;
        }
        self.binding_level(s).filter(|&l| l < self.level())
    }

    /// `goto s` where `s` is a local label of the enclosing function at
    /// level `l`: store its number and `longjmp` to that function.
    pub(crate) fn nonlocal_goto(&mut self, l: usize, s: Sym, span: Span) -> Stmt {
        if self.nest[l].nonlocal.is_none() {
            let buf_ty = self.types.array(Types::INT, Some(12));
            let buf = self.new_local_at(l, buf_ty, 8, span);
            let target = self.new_local_at(l, Types::INT, 4, span);
            self.nest[l].nonlocal = Some(NonLocal {
                buf,
                target,
                labels: Vec::new(),
            });
        }
        self.state(l).labels.entry(s).or_insert((false, span));
        let nl = self.nest[l].nonlocal.as_mut().expect("nonlocal");
        let k = match nl.labels.iter().position(|&x| x == s) {
            Some(i) => i + 1,
            None => {
                nl.labels.push(s);
                nl.labels.len()
            }
        };
        let (buf, target) = (nl.buf, nl.target);
        let t = self.outer_local(l, target, Types::INT, span);
        let kk = self.mk(ExprKind::Int(k as i64), Types::INT, span);
        let set = self.mk(ExprKind::Assign(bx(t), bx(kk)), Types::INT, span);
        let buf_ty = self.types.array(Types::INT, Some(12));
        let b = self.outer_local(l, buf, buf_ty, span);
        let ip = self.types.ptr(Types::INT);
        let b = self.mk(ExprKind::Decay(bx(b)), ip, span);
        let one = self.mk(ExprKind::Int(1), Types::INT, span);
        let jump = self.runtime_call("longjmp", Types::VOID, vec![b, one], span);
        Stmt::Block(vec![Stmt::Expr(set), Stmt::Expr(jump)])
    }
}

/// `asm volatile("mov %0 = REG" : "=r"(dst))`.
fn read_register(dst: Expr, reg: &str, span: Span) -> AsmStmt {
    AsmStmt {
        volatile: true,
        template: vec![
            AsmTemplatePiece::Text("mov ".to_string()),
            AsmTemplatePiece::Operand(0),
            AsmTemplatePiece::Text(format!(" = {reg}")),
        ],
        outputs: vec![AsmOperand {
            kind: AsmOperandKind::Reg(crate::ir::AsmClass::Gr),
            inout: false,
            early: false,
            expr: dst,
        }],
        inputs: Vec::new(),
        clobbers: Vec::new(),
        memory: false,
        span,
    }
}

impl<'a> Parser<'a> {
    /// gcc's control builtins: `__builtin_setjmp`, `__builtin_longjmp`,
    /// `__builtin_return_address`, `__builtin_frame_address`,
    /// `__builtin_extract_return_addr`, `__builtin_frob_return_addr`
    /// (`plain` without the prefix; at the name token `t`).
    pub(crate) fn control_builtin(
        &mut self,
        plain: &str,
        t: &crate::frontend::lex::Token,
    ) -> PResult<Option<Expr>> {
        use crate::frontend::lex::P;
        if !matches!(
            plain,
            "setjmp"
                | "longjmp"
                | "return_address"
                | "frame_address"
                | "extract_return_addr"
                | "frob_return_addr"
        ) {
            return Ok(None);
        }
        self.expect_p(P::LParen)?;
        let mut args = Vec::new();
        if !self.is_p(P::RParen) {
            loop {
                let a = self.assign_expr()?;
                args.push(self.rvalue(a));
                if !self.eat_p(P::Comma) {
                    break;
                }
            }
        }
        let close = self.expect_p(P::RParen)?;
        let span = t.span.to(close);
        let want = match plain {
            "longjmp" => 2,
            _ => 1,
        };
        if args.len() != want {
            self.diags.error(
                span,
                format!(
                    "'__builtin_{plain}' takes {want} argument{}, not {}",
                    if want == 1 { "" } else { "s" },
                    args.len()
                ),
            );
            return Err(());
        }
        if self.func.is_none() {
            self.diags
                .error(span, format!("'__builtin_{plain}' outside a function"));
            return Err(());
        }
        let vp = self.types.ptr(Types::VOID);
        let vpp = self.types.ptr(vp);
        let ip = self.types.ptr(Types::INT);
        let a0 = args.remove(0);
        let level = self.level();
        match plain {
            "extract_return_addr" | "frob_return_addr" => Ok(Some(self.cast(a0, vp))),
            "return_address" | "frame_address" => {
                let n = crate::frontend::sema::consteval::eval_int(&self.types, &a0);
                if n.is_none_or(|n| n < 0) {
                    self.diags.error(
                        a0.span,
                        format!(
                            "invalid argument to '__builtin_{plain}': a nonnegative integer constant is needed"
                        ),
                    );
                    return Err(());
                }
                if plain == "return_address" && n != Some(0) {
                    // ST200 frames keep no chain to an outer frame's saved
                    // `$r63`: a null pointer, as gcc gives on targets
                    // without one (its documentation allows 0 or an
                    // unspecified value; MIPS answers 0)
                    let z = self.mk(ExprKind::Int(0), Types::INT, span);
                    return Ok(Some(self.cast(z, vp)));
                }
                if n != Some(0) {
                    self.diags.error(
                        a0.span,
                        "'__builtin_frame_address' of a level other than 0 is not supported on the ST200 (frames do not keep a chain)",
                    );
                    return Err(());
                }
                if plain == "return_address" {
                    let ra = match self.nest[level].return_address {
                        Some(r) => r,
                        None => {
                            let r = self.new_local_at(level, vp, 4, span);
                            self.nest[level].return_address = Some(r);
                            r
                        }
                    };
                    return Ok(Some(self.mk(ExprKind::Local(ra), vp, span)));
                }
                // the stack pointer: the lowest address of this frame,
                // above the frames of the functions it calls
                self.nest[level].reads_sp = true;
                let tmp = self.new_local_at(level, vp, 4, span);
                let dst = self.mk(ExprKind::Local(tmp), vp, span);
                let read = read_register(dst, "$r12", span);
                let value = self.mk(ExprKind::Local(tmp), vp, span);
                Ok(Some(self.mk(
                    ExprKind::StmtExpr(vec![Stmt::Asm(Box::new(read))], Some(bx(value))),
                    vp,
                    span,
                )))
            }
            "setjmp" => {
                // buf[0] = the address of a full jmp_buf in this frame
                // (gcc's buffer has 5 words, the runtime's 12)
                let buf_ty = self.types.array(Types::INT, Some(12));
                let j = self.new_local_at(level, buf_ty, 8, span);
                self.nest[level].memory_locals = true;
                let b = self.cast(a0, vpp);
                let slot = self.mk(ExprKind::Deref(bx(b)), vp, span);
                let jl = self.mk(ExprKind::Local(j), buf_ty, span);
                let jd = self.mk(ExprKind::Decay(bx(jl)), ip, span);
                let jv = self.mk(ExprKind::Cast(bx(jd.clone())), vp, span);
                let set = self.mk(ExprKind::Assign(bx(slot), bx(jv)), vp, span);
                let call = self.runtime_call("setjmp", Types::INT, vec![jd], span);
                Ok(Some(self.mk(
                    ExprKind::Comma(bx(set), bx(call)),
                    Types::INT,
                    span,
                )))
            }
            _ => {
                // longjmp(buf[0], 1)
                let b = self.cast(a0, vpp);
                let slot = self.mk(ExprKind::Deref(bx(b)), vp, span);
                let j = self.mk(ExprKind::Cast(bx(slot)), ip, span);
                let v = args.remove(0);
                let v = self.cast(v, Types::INT);
                Ok(Some(self.runtime_call(
                    "longjmp",
                    Types::VOID,
                    vec![j, v],
                    span,
                )))
            }
        }
    }
}
