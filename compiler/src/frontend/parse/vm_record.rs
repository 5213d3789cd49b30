//! Structures and unions with variably modified members (a GNU extension:
//! `struct { char a[n]; int b; }` declared in a function).
//!
//! The members before the first one of variable size are laid out as in
//! any record ([`layout_record`]). From that member on, each offset is
//! computed at run time when the declaration is evaluated, by the same
//! rules: the member's offset is the end of the previous one rounded up
//! to the member's alignment (1 in a packed record), and the size is the
//! end of the last member rounded up to the record's alignment, which is
//! known at compile time. A run of bit-fields after a member of variable
//! size starts at a storage unit of its declared type (a byte in a packed
//! record) and is read and written byte by byte. A union's members are
//! all at offset 0 and its size is the largest member's, rounded up.
//!
//! The offsets and the size live in hidden `unsigned` locals
//! ([`VmLayout`]) assigned by statements that run where the declaration
//! is (the same place as the VLA sizes of its member declarators). An
//! object of such a type is allocated like a VLA; a member at a run-time
//! offset is `*(T *)((char *)&s + offset)`, or a member of a byte at that
//! address when its alignment is not known (packed records, bit-fields),
//! so that it is accessed byte by byte.

use super::expr::bx;
use super::Parser;
use crate::frontend::ast::*;
use crate::frontend::lex::Sym;
use crate::frontend::sema::layout::{layout_record, Member};
use crate::frontend::sema::types::{BitField, Field, TypeId, TypeKind, Types, VmLayout};
use crate::frontend::source::Span;

/// Where the layout has got to: a constant bit position, or a byte
/// position held in a local plus a constant number of bits after it.
#[derive(Clone, Copy)]
enum Pos {
    Const(u64),
    Dyn(LocalId, u64),
}

impl Parser<'_> {
    /// Lays out the struct or union `ty` whose `members` include one of
    /// variable size (see the module documentation) and completes it.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn layout_vm_record(
        &mut self,
        ty: TypeId,
        members: Vec<Member>,
        record_packed: bool,
        record_aligned: Option<u64>,
        pack: Option<u64>,
        span: Span,
    ) {
        let is_union = self.types.record(ty).is_some_and(|r| r.is_union);
        let first = members
            .iter()
            .position(|m| self.types.is_vla(m.ty))
            .unwrap_or(0);
        for m in &members {
            if m.name.is_none() && m.width.is_none() && self.types.is_vla(m.ty) {
                self.diags.error(
                    m.span,
                    "an anonymous member of variable size is not supported",
                );
            }
        }
        let mut prefix = members;
        let suffix = prefix.split_off(if is_union { 0 } else { first });
        // the members of constant offset
        layout_record(
            &mut self.types,
            self.diags,
            self.interner,
            ty,
            prefix,
            record_packed,
            record_aligned,
            pack,
        );
        let TypeKind::Record(rid) = *self.types.kind(ty) else {
            return;
        };
        let rec = &self.types.records[rid.0 as usize];
        let mut fields = rec.fields.clone();
        let mut align = rec.align;
        let mut offsets: Vec<Option<(u32, u64)>> = vec![None; fields.len()];
        let mut end = 0u64;
        for f in &fields {
            let e = match f.bits {
                Some(b) => f.offset * 8 + u64::from(b.shift + b.width),
                None => (f.offset + self.types.size(f.ty).unwrap_or(0)) * 8,
            };
            end = end.max(e);
        }
        let mut seen: crate::hash::HashSet<Sym> = fields.iter().filter_map(|f| f.name).collect();
        let cap = |a: u64| pack.map_or(a, |n| a.min(n));
        let mut pos = Pos::Const(end);
        let mut prev_bits = false;
        let size_local = self.vm_local(span);
        if is_union {
            self.vm_set(size_local, self.vm_int(0, span));
        }
        for m in suffix {
            if let Some(nm) = m.name {
                if !seen.insert(nm) {
                    let n = self.name(nm);
                    self.diags.error(m.span, format!("duplicate member '{n}'"));
                }
            }
            let packed = record_packed || m.packed;
            let talign = self.types.align(m.ty);
            let sp = m.span;
            // the size: constant, or a local's value
            let msize = if self.types.is_vla(m.ty) {
                None
            } else {
                match self.types.size(m.ty) {
                    Some(s) => Some(s),
                    None if matches!(self.types.kind(m.ty), TypeKind::Array(_, None))
                        && !is_union =>
                    {
                        Some(0)
                    }
                    None => {
                        let n = m.name.map(|n| self.name(n)).unwrap_or_default();
                        self.diags
                            .error(sp, format!("field '{n}' has incomplete type"));
                        continue;
                    }
                }
            };
            let size_expr = |p: &mut Self| match msize {
                Some(s) => p.vm_int(s, sp),
                None => p.vla_size_expr(m.ty, sp),
            };
            if let Some(w) = m.width {
                let w = u64::from(w);
                if is_union {
                    if m.name.is_some() {
                        align = align.max(if packed { 1 } else { cap(talign) });
                        fields.push(Field {
                            name: m.name,
                            ty: m.ty,
                            offset: 0,
                            bits: Some(BitField {
                                shift: 0,
                                width: w as u32,
                                unit: w.div_ceil(8) as u32,
                            }),
                        });
                        offsets.push(None);
                    }
                    let s = self.vm_int(w.div_ceil(8), sp);
                    self.vm_max(size_local, s, sp);
                    continue;
                }
                let unit_align = if packed || pack.is_some() {
                    m.aligned.map_or(1, cap)
                } else {
                    m.aligned.map_or(talign, |a| a.max(talign))
                };
                if m.name.is_some() {
                    align = align.max(m.aligned.map_or(1, cap)).max(if pack.is_some() {
                        cap(talign)
                    } else if packed {
                        1
                    } else {
                        talign
                    });
                }
                if w == 0 || !prev_bits {
                    // a new storage unit at a run-time byte offset
                    let a = if w == 0 { talign } else { unit_align };
                    let base = self.vm_round(pos, a, sp);
                    pos = Pos::Dyn(base, 0);
                }
                if w == 0 {
                    prev_bits = false;
                    continue;
                }
                let Pos::Dyn(base, mut k) = pos else {
                    unreachable!("a dynamic position after vm_round")
                };
                if !packed && pack.is_none() {
                    let ua = talign * 8;
                    if (k % ua + w).div_ceil(ua) > self.types.size(m.ty).unwrap_or(4) * 8 / ua {
                        k = k.div_ceil(ua) * ua;
                    }
                }
                if m.name.is_some() {
                    let off = if k / 8 == 0 {
                        base
                    } else {
                        let l = self.vm_local(sp);
                        let b = self.mk(ExprKind::Local(base), Types::UINT, sp);
                        let sum = self.vm_add(b, k / 8, sp);
                        self.vm_set(l, sum);
                        l
                    };
                    fields.push(Field {
                        name: m.name,
                        ty: m.ty,
                        offset: 0,
                        bits: Some(BitField {
                            shift: (k % 8) as u32,
                            width: w as u32,
                            unit: (k % 8 + w).div_ceil(8) as u32,
                        }),
                    });
                    offsets.push(Some((off.0, 1)));
                }
                pos = Pos::Dyn(base, k + w);
                prev_bits = true;
                continue;
            }
            prev_bits = false;
            let malign = cap(match m.aligned {
                Some(a) if packed => a,
                Some(a) => a.max(talign),
                None if packed => 1,
                None => talign,
            });
            align = align.max(malign);
            fields.push(Field {
                name: m.name,
                ty: m.ty,
                offset: 0,
                bits: None,
            });
            if is_union {
                offsets.push(None);
                let s = size_expr(self);
                self.vm_max(size_local, s, sp);
                continue;
            }
            match pos {
                Pos::Const(bit) => {
                    // the first member of variable size
                    let off = bit.div_ceil(malign * 8) * malign;
                    fields.last_mut().expect("pushed").offset = off;
                    offsets.push(None);
                    let l = self.vm_local(sp);
                    let s = size_expr(self);
                    let e = self.vm_add(s, off, sp);
                    self.vm_set(l, e);
                    pos = Pos::Dyn(l, 0);
                }
                Pos::Dyn(..) => {
                    let off = self.vm_round(pos, malign, sp);
                    offsets.push(Some((off.0, malign)));
                    pos = match msize {
                        Some(s) => Pos::Dyn(off, s * 8),
                        None => {
                            let l = self.vm_local(sp);
                            let o = self.mk(ExprKind::Local(off), Types::UINT, sp);
                            let s = size_expr(self);
                            let e = self.mk(
                                ExprKind::Binary(BinOp::Add, bx(o), bx(s)),
                                Types::UINT,
                                sp,
                            );
                            self.vm_set(l, e);
                            Pos::Dyn(l, 0)
                        }
                    };
                }
            }
        }
        // the size, rounded up to the alignment
        let raw = if is_union {
            self.mk(ExprKind::Local(size_local), Types::UINT, span)
        } else {
            match pos {
                Pos::Const(bit) => self.vm_int(bit.div_ceil(8), span),
                Pos::Dyn(l, k) => {
                    let b = self.mk(ExprKind::Local(l), Types::UINT, span);
                    self.vm_add(b, k.div_ceil(8), span)
                }
            }
        };
        let rounded = self.vm_align_expr(raw, align, span);
        self.vm_set(size_local, rounded);
        let rec = &mut self.types.records[rid.0 as usize];
        rec.fields = fields;
        rec.align = align;
        rec.size = 0;
        rec.complete = true;
        rec.flexible = false;
        self.types.vm_records.insert(
            rid,
            VmLayout {
                size: size_local.0,
                offsets,
            },
        );
    }

    /// A new hidden `unsigned` local of the layout.
    fn vm_local(&mut self, sp: Span) -> LocalId {
        let l = self.new_local(None, Types::UINT, sp, None);
        if let Some(f) = &mut self.func {
            f.locals[l.0 as usize].used = true;
        }
        l
    }

    fn vm_int(&self, v: u64, sp: Span) -> Expr {
        self.mk(ExprKind::Int(v as i64), Types::UINT, sp)
    }

    /// `e + k` (`e` itself for 0).
    fn vm_add(&self, e: Expr, k: u64, sp: Span) -> Expr {
        if k == 0 {
            return e;
        }
        let c = self.vm_int(k, sp);
        self.mk(ExprKind::Binary(BinOp::Add, bx(e), bx(c)), Types::UINT, sp)
    }

    /// `e` rounded up to a multiple of `a` (a power of two).
    fn vm_align_expr(&self, e: Expr, a: u64, sp: Span) -> Expr {
        if a <= 1 {
            return e;
        }
        let up = self.vm_add(e, a - 1, sp);
        let mask = self.mk(ExprKind::Int(-(a as i64)), Types::UINT, sp);
        self.mk(
            ExprKind::Binary(BinOp::And, bx(up), bx(mask)),
            Types::UINT,
            sp,
        )
    }

    /// Queues `local = e` with the declaration's other evaluations.
    fn vm_set(&mut self, local: LocalId, e: Expr) {
        let sp = e.span;
        let dst = self.mk(ExprKind::Local(local), Types::UINT, sp);
        let set = self.mk(ExprKind::Assign(bx(dst), bx(e)), Types::UINT, sp);
        self.vla_evals.push(set);
    }

    /// Queues `local = local > e ? local : e`.
    fn vm_max(&mut self, local: LocalId, e: Expr, sp: Span) {
        let l = || self.mk(ExprKind::Local(local), Types::UINT, sp);
        let gt = self.mk(
            ExprKind::Binary(BinOp::Gt, bx(l()), bx(e.clone())),
            Types::INT,
            sp,
        );
        let m = self.mk(ExprKind::Cond(bx(gt), bx(l()), bx(e)), Types::UINT, sp);
        self.vm_set(local, m);
    }

    /// A new local holding the byte position `pos` (bits rounded up to
    /// whole bytes) rounded up to a multiple of `a`.
    fn vm_round(&mut self, pos: Pos, a: u64, sp: Span) -> LocalId {
        let e = match pos {
            Pos::Const(bit) => self.vm_int(bit.div_ceil(8), sp),
            Pos::Dyn(l, k) => {
                let b = self.mk(ExprKind::Local(l), Types::UINT, sp);
                self.vm_add(b, k.div_ceil(8), sp)
            }
        };
        let e = self.vm_align_expr(e, a, sp);
        let l = self.vm_local(sp);
        self.vm_set(l, e);
        l
    }

    /// Member `name` of `base` (a structure with variably modified
    /// members) when its offset is computed at run time: the lvalue at
    /// that offset, of type `fty`, with bit-field position `bits`. None
    /// when the member's offset is a constant.
    pub(crate) fn vm_member(
        &mut self,
        base: &Expr,
        name: Sym,
        fty: TypeId,
        bits: Option<BitField>,
        sp: Span,
    ) -> Option<Expr> {
        let (off, known) = self.types.vm_field_offset(base.ty, name)?;
        let pbase = self.types.ptr(base.ty);
        let addr = self.mk(ExprKind::AddrOf(bx(base.clone())), pbase, sp);
        let pchar = self.types.ptr(Types::CHAR);
        let addr = self.mk(ExprKind::Cast(bx(addr)), pchar, sp);
        let o = self.mk(ExprKind::Local(LocalId(off)), Types::UINT, sp);
        let o = self.mk(ExprKind::Cast(bx(o)), Types::INT, sp);
        let p = self.mk(ExprKind::Binary(BinOp::PtrAdd, bx(addr), bx(o)), pchar, sp);
        if bits.is_none() && known >= self.types.align(fty) {
            let pt = self.types.ptr(fty);
            let p = self.mk(ExprKind::Cast(bx(p)), pt, sp);
            return Some(self.mk(ExprKind::Deref(bx(p)), fty, sp));
        }
        // a member of an object of the alignment known for the offset, so
        // that its accesses are byte by byte where they need to be
        let holder = match known {
            1 => Types::UCHAR,
            2 => Types::USHORT,
            4 => Types::UINT,
            _ => Types::ULLONG,
        };
        let ph = self.types.ptr(holder);
        let p = self.mk(ExprKind::Cast(bx(p)), ph, sp);
        let b = self.mk(ExprKind::Deref(bx(p)), holder, sp);
        Some(self.mk(
            ExprKind::Member {
                base: bx(b),
                offset: 0,
                bits,
            },
            fty,
            sp,
        ))
    }
}
