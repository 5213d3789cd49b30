//! GNU cast to a union type: `(union u)x`, where the type of `x` is the
//! type of a member of `union u`, is the union whose member holds `x`
//! (gcc's "Cast to a Union Type" extension). It is read as the compound
//! literal `(union u){ .member = x }`.

use super::expr::bx;
use super::{PResult, Parser};
use crate::frontend::ast::*;
use crate::frontend::sema::types::TypeId;
use crate::frontend::source::Span;

impl<'a> Parser<'a> {
    /// The cast of the rvalue `e` to the union type `ty` written at `sp`.
    pub(crate) fn union_cast(&mut self, sp: Span, ty: TypeId, e: Expr) -> PResult<Expr> {
        let want = self.types.unqualified(e.ty);
        if self.types.unqualified(ty) == want {
            return Ok(e);
        }
        let member = self.types.record(ty).and_then(|r| {
            r.fields
                .iter()
                .find(|f| f.bits.is_none() && self.types.unqualified(f.ty) == want)
                .map(|f| f.ty)
        });
        let Some(mty) = member else {
            self.diags
                .error(sp, "cast to union type from type not present in union");
            return Err(());
        };
        if self.func.is_none() {
            self.diags.error(
                sp,
                "a cast to a union type outside a function is not supported",
            );
            return Err(());
        }
        let expr = self.assign_convert(mty, e, "initialization");
        let init = Init {
            items: vec![InitItem {
                offset: 0,
                ty: mty,
                bits: None,
                expr,
            }],
            strings: vec![],
            zero: true,
        };
        let id = self.new_local(None, ty, sp, None);
        if let Some(f) = &mut self.func {
            f.locals[id.0 as usize].used = true;
        }
        let obj = self.mk(ExprKind::Local(id), ty, sp);
        Ok(self.mk(ExprKind::CompoundLit(bx(obj), Box::new(init)), ty, sp))
    }
}
