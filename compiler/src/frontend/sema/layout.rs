//! Struct and union layout (C11 6.7.2.1) for the ST200 ABI: members at
//! increasing offsets in declaration order, each at its natural alignment
//! (ISA-ST200 §1.1: ILP32, `long long` and `double` 8-byte aligned; §7
//! passes structures by value in the words of this memory layout), a union
//! as large as its largest member, the size rounded up to the alignment,
//! and a flexible array member last.
//!
//! Bit-fields and packing follow gcc (its `stor-layout.c` rules for a
//! target where bit-field types matter, as on i386 with `-malign-double`,
//! which `tests/struct_layout.rs` compares with):
//! - a field takes the next bits; without packing it moves to the next
//!   aligned unit of its declared type rather than straddle one (System V);
//! - `__attribute__((packed))` (on the record or the member) gives a member
//!   alignment 1 unless the member has its own `aligned(N)`, and lets a
//!   bit-field straddle units;
//! - under `#pragma pack(N)` every member's alignment, `aligned(N)` ones
//!   included, is capped at N, and bit-fields straddle units freely (gcc
//!   applies the System V rule only when no pragma is in force); a named
//!   bit-field still gives the record its type's alignment capped at N;
//! - a zero-width bit-field aligns the next field to its type whatever the
//!   packing, and neither it nor any unnamed bit-field aligns the record;
//! - `aligned(N)` on the record raises its alignment (not capped by the
//!   pragma).

use crate::frontend::lex::{Interner, Sym};
use crate::frontend::sema::types::{BitField, Field, TypeId, TypeKind, Types};
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

/// Lays out a struct or union (gcc's rules, see the module documentation)
/// and completes the record `ty`. `record_packed` and `record_aligned` are
/// the attributes of the struct or union itself; `pack` is the
/// `#pragma pack(N)` in force (bytes).
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
    let cap = |a: u64| pack.map_or(a, |n| a.min(n));
    let is_union = types.record(ty).is_some_and(|r| r.is_union);
    // (field, bit position in the record) of each member, units chosen
    // once the record's size is known
    let mut placed: Vec<(Field, u64)> = Vec::new();
    let mut bit: u64 = 0; // current position in bits (struct)
    let mut size: u64 = 0; // union size in bytes
    let mut align: u64 = record_aligned.unwrap_or(1);
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
        let talign = types.align(mty);
        if let Some(w) = width {
            let w = u64::from(w);
            if w == 0 {
                // not influenced by packing; unnamed, so the record's
                // alignment does not change
                if !is_union {
                    bit = bit.div_ceil(talign * 8) * talign * 8;
                }
                continue;
            }
            // the field's own alignment (bytes): only an explicit aligned(N);
            // without one a bit-field may start at any bit
            let desired = member_aligned.map(cap);
            if name.is_some() {
                let tal = if pack.is_some() {
                    cap(talign)
                } else if packed {
                    1
                } else {
                    talign
                };
                align = align.max(desired.unwrap_or(1)).max(tal);
            }
            if is_union {
                size = size.max(w.div_ceil(8));
            } else {
                if let Some(d) = desired {
                    bit = bit.div_ceil(d * 8) * d * 8;
                }
                if !packed && pack.is_none() {
                    // may not span more aligned units of its type than
                    // the type has
                    let ua = talign * 8;
                    if (bit % ua + w).div_ceil(ua) > msize * 8 / ua {
                        bit = bit.div_ceil(ua) * ua;
                    }
                }
            }
            if name.is_some() {
                let f = Field {
                    name,
                    ty: mty,
                    offset: 0,
                    bits: Some(BitField {
                        shift: 0,
                        width: w as u32,
                        unit: 0,
                    }),
                };
                placed.push((f, if is_union { 0 } else { bit }));
            }
            if !is_union {
                bit += w;
            }
            continue;
        }
        let malign = cap(match member_aligned {
            Some(a) if packed => a,
            Some(a) => a.max(talign),
            None if packed => 1,
            None => talign,
        });
        align = align.max(malign);
        let f = Field {
            name,
            ty: mty,
            offset: 0,
            bits: None,
        };
        if is_union {
            placed.push((f, 0));
            size = size.max(msize);
        } else {
            bit = bit.div_ceil(malign * 8) * malign * 8;
            placed.push((f, bit));
            bit += msize * 8;
        }
    }
    let raw = if is_union { size } else { bit.div_ceil(8) };
    let total = raw.div_ceil(align) * align;
    let fields = placed
        .into_iter()
        .map(|(mut f, pos)| {
            match &mut f.bits {
                None => f.offset = pos / 8,
                Some(bf) => {
                    let tsize = types.size(f.ty).unwrap_or(4);
                    let w = u64::from(bf.width);
                    let natural = pos / (tsize * 8) * tsize;
                    if pos + w <= (natural + tsize) * 8 && natural + tsize <= total {
                        // a unit of the declared type, aligned to its size
                        f.offset = natural;
                        bf.unit = tsize as u32;
                    } else {
                        // the bytes the field spans
                        f.offset = pos / 8;
                        bf.unit = ((pos % 8 + w).div_ceil(8)) as u32;
                    }
                    bf.shift = (pos - f.offset * 8) as u32;
                }
            }
            f
        })
        .collect();
    if let TypeKind::Record(r) = types.kind(ty).clone() {
        let rec = &mut types.records[r.0 as usize];
        rec.fields = fields;
        rec.size = total;
        rec.align = align;
        rec.complete = true;
        rec.flexible = flexible;
    }
}
