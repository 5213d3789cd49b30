//! `__attribute__((scalar_storage_order("big-endian")))` on a structure
//! (a GNU extension): its scalar members are stored with their bytes in
//! the reverse of the ST200's little-endian order (ISA-ST200 §1.1).
//!
//! lcc lays such a structure out as any other and honours the order where
//! it cannot change a value: members of one byte (a `char`, an array of
//! them), nested structures (which have their own order), copies of the
//! whole structure, and initialisers that store zero. A read, a write or
//! the address of a wider scalar member (or of a bit-field, whose bits a
//! big-endian layout numbers from the other end), and an initialiser
//! storing a value other than zero in one, are errors naming the member:
//! their bytes would be in the wrong order.

use super::{PResult, Parser};
use crate::frontend::ast::{ExprKind, Init};
use crate::frontend::sema::consteval::{self, CVal};
use crate::frontend::sema::types::{TypeId, TypeKind};
use crate::frontend::source::Span;

impl Parser<'_> {
    /// True if the member of type `ty` (bit-field if `bitfield`) of a
    /// reverse-order structure has bytes whose order matters: a scalar (or
    /// an array of them) wider than one byte, or a bit-field.
    fn order_sensitive(&self, ty: TypeId, bitfield: bool) -> bool {
        if bitfield {
            return true;
        }
        let mut t = self.types.unqualified(ty);
        while let TypeKind::Array(e, _) = self.types.kind(t) {
            t = self.types.unqualified(*e);
        }
        !self.types.is_record(t) && self.types.size(t).is_some_and(|n| n > 1)
    }

    /// Checks an access to member `name` (type `fty`, bit-field if
    /// `bitfield`) of an object of type `base`: an error at `at` if
    /// `base` has the reverse scalar storage order and the member's bytes
    /// would be read or written in the wrong order.
    pub(crate) fn check_reverse_order_member(
        &mut self,
        base: TypeId,
        fty: TypeId,
        bitfield: bool,
        name: &str,
        at: Span,
    ) -> PResult<()> {
        if self.reverse_order.is_empty()
            || !self.reverse_order.contains(&self.types.unqualified(base))
            || !self.order_sensitive(fty, bitfield)
        {
            return Ok(());
        }
        self.diags.error(
            at,
            format!("access to member '{name}' of a structure with reverse scalar storage order is not supported (only members of one byte and nested structures)"),
        );
        Err(())
    }

    /// The byte ranges `[start, end)` of the order-sensitive members of
    /// reverse-order structures within an object of type `ty` at `off`.
    fn reverse_ranges(&self, ty: TypeId, off: u64, out: &mut Vec<(u64, u64)>) {
        let t = self.types.unqualified(ty);
        match self.types.kind(t) {
            TypeKind::Array(e, Some(n)) => {
                let e = *e;
                let n = *n;
                let Some(es) = self.types.size(e) else { return };
                let mut inner = Vec::new();
                self.reverse_ranges(e, 0, &mut inner);
                if inner.is_empty() {
                    return;
                }
                for k in 0..n {
                    out.extend(
                        inner
                            .iter()
                            .map(|&(a, b)| (off + k * es + a, off + k * es + b)),
                    );
                }
            }
            _ => {
                let Some(r) = self.types.record(t) else {
                    return;
                };
                let reverse = self.reverse_order.contains(&t);
                for f in &r.fields {
                    if reverse && self.order_sensitive(f.ty, f.bits.is_some()) {
                        let size = self.types.size(f.ty).unwrap_or(0);
                        out.push((off + f.offset, off + f.offset + size));
                    } else {
                        self.reverse_ranges(f.ty, off + f.offset, out);
                    }
                }
            }
        }
    }

    /// Checks the initialiser of an object of type `ty`: storing a value
    /// other than zero in an order-sensitive member of a reverse-order
    /// structure is an error at that value.
    pub(crate) fn check_reverse_order_init(&mut self, ty: TypeId, init: &Init) {
        if self.reverse_order.is_empty() {
            return;
        }
        let mut ranges = Vec::new();
        self.reverse_ranges(ty, 0, &mut ranges);
        if ranges.is_empty() {
            return;
        }
        for it in &init.items {
            // a whole structure copied keeps its bytes
            if self.types.is_record(it.ty) && it.bits.is_none() {
                if matches!(it.expr.kind, ExprKind::CompoundLit(..)) {
                    continue;
                }
                if self.types.unqualified(it.expr.ty) == self.types.unqualified(it.ty) {
                    continue;
                }
            }
            let size = self.types.size(it.ty).unwrap_or(1).max(1);
            let inside = ranges
                .iter()
                .any(|&(a, b)| it.offset < b && it.offset + size > a);
            if !inside {
                continue;
            }
            let zero = match consteval::eval(&self.types, &it.expr) {
                Some(CVal::Int(0)) => true,
                _ => consteval::eval_float(&self.types, &it.expr)
                    .is_some_and(|v| v == 0.0 && v.is_sign_positive()),
            };
            if !zero {
                self.diags.error(
                    it.expr.span,
                    "initializing a member of a structure with reverse scalar storage order is not supported (only members of one byte, nested structures, and zero)",
                );
            }
        }
    }
}
