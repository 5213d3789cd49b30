//! Variable-length arrays and `alloca` (`ExprKind::StackAlloc`).
//!
//! Design: the back end never moves `$r12` at run time (frames are fixed,
//! every frame object is addressed from `$r12`), so dynamic storage comes
//! from a second stack in the runtime (`runtime/lib/vla.c`):
//! `__lcc_vla_alloc(bytes)`, `__lcc_vla_free(p)` (frees the block at `p`
//! and everything allocated after it), `__lcc_vla_save()` (the top) and
//! `__lcc_vla_restore(mark)` (frees down to `mark`, never grows). The
//! lowering brackets their users:
//!
//! - a function that declares a VLA or calls `alloca` saves the top at
//!   entry and restores it before every `return` (alloca's lifetime);
//! - every jump out of the scope of VLA objects frees the first of them
//!   it leaves (and so the later ones): the end of their block, a
//!   `break` or `continue`, a `goto` to a label outside their scope (the
//!   parser counts the VLAs in scope at each label,
//!   `FunctionDef::label_vla_depth`; jumps into a VLA's scope are
//!   rejected there). A VLA in a loop body is therefore freed every
//!   iteration, as gcc's stack save/restore does.
//!
//! A VLA type's size in bytes lives in a hidden local set when its
//! declarator is evaluated (`TypeKind::Vla`); pointer arithmetic on a
//! pointer to a VLA scales by it ([`Lowerer::runtime_size`]).

use super::{Fx, Lowerer};
use crate::frontend::ast::LocalId;
use crate::frontend::lex::Sym;
use crate::frontend::sema::types::{TypeId, TypeKind};
use crate::ir::{BinaryOp, CallAbi, Callee, InstKind, Type, Value};

impl Lowerer<'_> {
    /// Copies a structure of run-time size (a GNU extension,
    /// `frontend::parse::vm_record`) from `src` to `dst` with `memcpy`.
    pub(super) fn copy_runtime_size(&mut self, fx: &mut Fx, ty: TypeId, dst: Value, src: Value) {
        let n = self.runtime_size(fx, ty);
        self.runtime_call(fx, "memcpy", vec![dst, src, n], Some(Type::I32));
    }

    /// Calls the runtime function `name`.
    fn runtime_call(
        &mut self,
        fx: &mut Fx,
        name: &str,
        args: Vec<Value>,
        ret: Option<Type>,
    ) -> Option<Value> {
        fx.f.push(
            fx.cur,
            InstKind::Call {
                callee: Callee::Direct(name.to_string()),
                args,
                ret,
                abi: CallAbi::default(),
            },
        )
    }

    /// `bytes` (an `i32`) of the VLA stack; its address.
    pub(super) fn stack_alloc(&mut self, fx: &mut Fx, bytes: Value) -> Value {
        self.runtime_call(fx, "__lcc_vla_alloc", vec![bytes], Some(Type::I32))
            .expect("call with a result")
    }

    /// Saves the VLA stack top in a new stack slot; the slot's address.
    pub(super) fn save_stack_mark(&mut self, fx: &mut Fx) -> Value {
        let slot = fx.f.add_slot(4, 4);
        let addr = self.push_v(fx, InstKind::SlotAddr { slot });
        let top = self
            .runtime_call(fx, "__lcc_vla_save", vec![], Some(Type::I32))
            .expect("call with a result");
        fx.f.push(
            fx.cur,
            InstKind::Store {
                ty: Type::I32,
                addr,
                value: top,
            },
        );
        addr
    }

    /// Frees the VLA stack down to the mark saved at `mark`.
    pub(super) fn restore_stack_mark(&mut self, fx: &mut Fx, mark: Value) {
        let top = self.push_v(
            fx,
            InstKind::Load {
                ty: Type::I32,
                addr: mark,
            },
        );
        self.runtime_call(fx, "__lcc_vla_restore", vec![top], None);
    }

    /// Before a `return`: the function's entry mark, if it has one.
    pub(super) fn restore_before_return(&mut self, fx: &mut Fx) {
        if let Some(m) = fx.stack_mark {
            self.restore_stack_mark(fx, m);
        }
        self.profile_hook(fx, "__cyg_profile_func_exit");
    }

    /// `hook(this_fn, 0)` when the function is instrumented
    /// (`-finstrument-functions`, [`super::Options::instrument_functions`]).
    pub(super) fn profile_hook(&mut self, fx: &mut Fx, hook: &str) {
        if !fx.instrumented {
            return;
        }
        let this_fn = self.push_v(
            fx,
            InstKind::GlobalAddr {
                name: fx.f.name.clone(),
            },
        );
        let call_site = self.push_v(
            fx,
            InstKind::Iconst {
                ty: Type::I32,
                imm: 0,
            },
        );
        self.runtime_call(fx, hook, vec![this_fn, call_site], None);
    }

    /// Frees the VLA objects in scope after the first `depth` of them
    /// (`Fx::vla_active`): `__lcc_vla_free` of the first one's storage.
    fn free_vlas_from(&mut self, fx: &mut Fx, depth: usize) {
        let Some(&id) = fx.vla_active.get(depth) else {
            return;
        };
        let p = self.push_v(
            fx,
            InstKind::Load {
                ty: Type::I32,
                addr: fx.locals[id.0 as usize],
            },
        );
        self.runtime_call(fx, "__lcc_vla_free", vec![p], None);
    }

    /// The end of a scope that began with `depth` VLA objects in scope:
    /// frees the ones it declared (when its end is reached) and forgets
    /// them.
    pub(super) fn end_vla_scope(&mut self, fx: &mut Fx, depth: usize) {
        if fx.vla_active.len() > depth {
            if !self.terminated(fx) {
                self.free_vlas_from(fx, depth);
            }
            fx.vla_active.truncate(depth);
        }
    }

    /// After the `Decl` of local `id`: a VLA object enters its scope.
    pub(super) fn declared(&mut self, fx: &mut Fx, id: LocalId) {
        if fx.vla_locals.contains(&id.0) {
            fx.vla_active.push(id);
        }
    }

    /// Before a `break`/`continue` to `target`: frees the VLAs of the
    /// scopes it leaves.
    pub(super) fn restore_before_jump(&mut self, fx: &mut Fx, target: crate::ir::Block) {
        if let Some(&depth) = fx.mark_depth.get(&target) {
            self.free_vlas_from(fx, depth);
        }
    }

    /// Before a `goto label`: frees the VLAs in scope here but not there.
    pub(super) fn restore_before_goto(&mut self, fx: &mut Fx, label: Sym) {
        if let Some(&depth) = fx.label_vla_depth.get(&label) {
            self.free_vlas_from(fx, depth);
        }
    }

    /// The size in bytes of `ty` as an `i32` value: a constant, or for a
    /// VLA type (or a structure with variably modified members) the
    /// product of its size local (set by its declaration) and the
    /// constant lengths around it.
    pub(super) fn runtime_size(&mut self, fx: &mut Fx, ty: TypeId) -> Value {
        let types = self.types();
        match types.kind(ty).clone() {
            TypeKind::Vla(_, Some(l)) => self.push_v(
                fx,
                InstKind::Load {
                    ty: Type::I32,
                    addr: fx.locals[l as usize],
                },
            ),
            TypeKind::Record(_) if types.is_vla(ty) => {
                let l = types.vm_layout(ty).expect("variable-size record").size;
                self.push_v(
                    fx,
                    InstKind::Load {
                        ty: Type::I32,
                        addr: fx.locals[l as usize],
                    },
                )
            }
            TypeKind::Array(e, Some(n)) if types.is_vla(e) => {
                let x = self.runtime_size(fx, e);
                let k = self.iconst(fx, Type::I32, n as i64);
                self.push_v(
                    fx,
                    InstKind::Binary {
                        op: BinaryOp::Mul,
                        ty: Type::I32,
                        args: [x, k],
                    },
                )
            }
            _ => {
                let n = types.size(ty).unwrap_or(1);
                self.iconst(fx, Type::I32, n as i64)
            }
        }
    }
}
