//! Struct and union layout (C11 6.7.2.1) for the ST200 ABI: members at
//! increasing offsets in declaration order, each at its natural alignment
//! (ISA-ST200 §1.1: ILP32, `long long` and `double` 8-byte aligned; §7
//! passes structures by value in the words of this memory layout), a union
//! as large as its largest member, the size rounded up to the alignment,
//! and a flexible array member last. Bit-fields follow the System V rules:
//! a field takes the next bits of a storage unit of its declared type and
//! moves to the next unit rather than straddle one, a zero-width field
//! closes the unit, and unnamed fields do not align the record. GNU
//! `packed` gives alignment 1 and lets bit-fields straddle units;
//! `aligned(N)` raises an alignment.

use crate::frontend::lex::{Interner, Sym};
use crate::frontend::sema::types::{Field, TypeId, TypeKind, Types};
use crate::frontend::source::{Diagnostics, Span};
use crate::hash::HashSet;

/// A member as declared in a struct or union body.
pub(crate) struct Member {
    /// None for an anonymous struct or union member, or an unnamed
    /// bit-field.
    pub name: Option<Sym>,
    /// The declared type.
    pub ty: TypeId,
    /// The width of a bit-field.
    pub width: Option<u32>,
    /// `__attribute__((packed))` on the member.
    pub packed: bool,
    /// `__attribute__((aligned(N)))` on the member.
    pub aligned: Option<u64>,
    /// Where the member is declared, for diagnostics.
    pub span: Span,
}

/// Lays out a struct or union (System V rules for bit-fields, ISA-ST200
/// §1.1 alignments; `packed` gives alignment 1) and completes the record
/// `ty`. `record_packed` and `record_aligned` are the attributes of the
/// struct or union itself; `pack` is the `#pragma pack(N)` in force
/// (member alignments capped at N; `pack(1)` is `packed`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn layout_record(
    types: &mut Types,
    diags: &mut Diagnostics,
    interner: &Interner,
    ty: TypeId,
    members: Vec<Member>,
    record_packed: bool,
    record_aligned: Option<u64>,
    pack: Option<u64>,
) {
    let record_packed = record_packed || pack == Some(1);
    let cap = pack.unwrap_or(u64::MAX);
    let is_union = types.record(ty).is_some_and(|r| r.is_union);
    let mut fields = Vec::new();
    let mut bit: u64 = 0; // current position in bits (struct)
    let mut size: u64 = 0; // union size
    let mut align: u64 = 1;
    let mut flexible = false;
    let n = members.len();
    let mut seen = HashSet::default();
    for (i, m) in members.into_iter().enumerate() {
        let Member {
            name,
            ty: mty,
            width,
            packed: member_packed,
            aligned: member_aligned,
            span,
        } = m;
        if let Some(nm) = name {
            if !seen.insert(nm) {
                diags.error(span, format!("duplicate member '{}'", interner.get(nm)));
            }
        }
        let packed = record_packed || member_packed;
        let msize = match types.size(mty) {
            Some(s) if !types.is_func(mty) => s,
            _ => {
                if i == n - 1 && matches!(types.kind(mty), TypeKind::Array(_, None)) && !is_union {
                    flexible = true;
                    0
                } else {
                    let nm = name.map(|n| interner.get(n)).unwrap_or_default();
                    diags.error(span, format!("field '{nm}' has incomplete type"));
                    continue;
                }
            }
        };
        let mut malign = if packed { 1 } else { types.align(mty).min(cap) };
        if let Some(al) = member_aligned {
            malign = malign.max(al);
        }
        if let Some(w) = width {
            let unit = types.size(mty).unwrap_or(4);
            let ualign = if packed { 1 } else { types.align(mty).min(cap) };
            if is_union {
                fields.push(Field {
                    name,
                    ty: mty,
                    offset: 0,
                    bits: Some((0, w)),
                });
                size = size.max(w.div_ceil(8) as u64);
                if name.is_some() {
                    align = align.max(ualign);
                }
                continue;
            }
            if w == 0 {
                bit = bit.div_ceil(unit * 8) * unit * 8;
                continue;
            }
            let w = w as u64;
            if !packed && (bit / (unit * 8)) != ((bit + w - 1) / (unit * 8)) {
                bit = bit.div_ceil(unit * 8) * unit * 8;
            }
            // storage unit: an aligned unit of the declared type containing the field
            let (off, boff) = if packed {
                let off = bit / 8;
                (off, (bit - off * 8) as u32)
            } else {
                let off = (bit / (unit * 8)) * unit;
                (off, (bit - off * 8) as u32)
            };
            if name.is_none() {
                bit += w;
                continue;
            }
            // packed fields may span more bytes than the type: use a wider unit
            let fty = if packed && boff as u64 + w > unit * 8 {
                Types::ULLONG
            } else {
                mty
            };
            fields.push(Field {
                name,
                ty: fty,
                offset: off,
                bits: Some((boff, w as u32)),
            });
            bit += w;
            align = align.max(ualign);
            continue;
        }
        align = align.max(malign);
        if is_union {
            fields.push(Field {
                name,
                ty: mty,
                offset: 0,
                bits: None,
            });
            size = size.max(msize);
        } else {
            bit = bit.div_ceil(malign * 8) * malign * 8;
            fields.push(Field {
                name,
                ty: mty,
                offset: bit / 8,
                bits: None,
            });
            bit += msize * 8;
        }
    }
    if let Some(al) = record_aligned {
        align = align.max(al);
    }
    let raw = if is_union { size } else { bit.div_ceil(8) };
    let total = raw.div_ceil(align) * align;
    if let TypeKind::Record(r) = types.kind(ty).clone() {
        let rec = &mut types.records[r.0 as usize];
        rec.fields = fields;
        rec.size = total;
        rec.align = align;
        rec.complete = true;
        rec.flexible = flexible;
    }
}
