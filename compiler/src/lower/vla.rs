//! Variable-length arrays and `alloca` (`ExprKind::StackAlloc`).
//!
//! Design: the back end never moves `$r12` at run time (frames are fixed,
//! every frame object is addressed from `$r12`), so dynamic storage comes
//! from a second stack in the runtime (`runtime/lib/vla.c`):
//! `__lcc_vla_alloc(bytes)`, `__lcc_vla_save()` (the top) and
//! `__lcc_vla_restore(mark)` (frees down to `mark`, never grows). The
//! lowering brackets its users:
//!
//! - a function that declares a VLA or calls `alloca` saves the top at
//!   entry and restores it before every `return` (alloca's lifetime);
//! - a block that declares VLAs saves the top when it starts and restores
//!   it when it ends, and a `break` or `continue` leaving such blocks
//!   restores the mark of the outermost one it leaves, so a VLA in a loop
//!   body is freed every iteration. (A `goto` out of the block frees it at
//!   the function's return.)

use super::{Fx, Lowerer};
use crate::frontend::ast::Stmt;
use crate::ir::{CallAbi, Callee, InstKind, Type, Value};

impl Lowerer<'_> {
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
    }

    /// Before a `break`/`continue` to `target`: frees the VLAs of the
    /// blocks it leaves.
    pub(super) fn restore_before_jump(&mut self, fx: &mut Fx, target: crate::ir::Block) {
        if let Some(&depth) = fx.mark_depth.get(&target) {
            if let Some(&m) = fx.vla_marks.get(depth) {
                self.restore_stack_mark(fx, m);
            }
        }
    }

    /// Whether the block's own statements declare a VLA.
    pub(super) fn declares_vla(&self, fx: &Fx, stmts: &[Stmt]) -> bool {
        stmts
            .iter()
            .any(|s| matches!(s, Stmt::Decl(id, _) if fx.vla_locals.contains(&id.0)))
    }
}
