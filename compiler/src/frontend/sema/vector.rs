//! GNU C generic vector types (`__attribute__((vector_size(N)))` on an
//! integer or floating type, as gcc accepts them).
//!
//! A vector of `n` elements of type `E` is represented as a struct whose
//! `n` unnamed members of type `E` lie one after the other, so that it is
//! copied, assigned, passed and returned as a struct of the same size
//! (lcc's own ABI: both sides of a call are compiled by lcc). The parser
//! (`frontend::parse::vector`) rewrites every operation on vectors into
//! operations on the elements.
//!
//! Layout: `sizeof` and `__alignof__` are both `N`, as `gcc -m32` gives
//! them.

use crate::frontend::sema::types::{Field, Record, RecordId, TypeId, TypeKind, Types};

impl Types {
    /// The vector type of `n` elements of `elem` (an unqualified
    /// arithmetic type, `n` a power of two), interned: the same element
    /// type and count give the same type.
    pub fn vector(&mut self, elem: TypeId, n: u64) -> TypeId {
        if let Some((&rid, _)) = self.vectors.iter().find(|(_, &v)| v == (elem, n)) {
            return self.intern(TypeKind::Record(rid));
        }
        let esize = self.size(elem).unwrap_or(1);
        let fields = (0..n)
            .map(|i| Field {
                name: None,
                ty: elem,
                offset: i * esize,
                bits: None,
            })
            .collect();
        let size = esize * n;
        self.records.push(Record {
            tag: None,
            is_union: false,
            fields,
            size,
            align: size.max(1),
            complete: true,
            flexible: false,
            complex: None,
        });
        let rid = RecordId(self.records.len() as u32 - 1);
        self.vectors.insert(rid, (elem, n));
        self.intern(TypeKind::Record(rid))
    }

    /// For a vector type (or a volatile one): its element type and
    /// number of elements.
    pub fn vector_of(&self, t: TypeId) -> Option<(TypeId, u64)> {
        match self.kind(self.unqualified(t)) {
            TypeKind::Record(r) => self.vectors.get(r).copied(),
            _ => None,
        }
    }

    /// A union of `a` and `b` (types of the same size), through which the
    /// bytes of one are read as the other.
    pub fn pun_union(&mut self, a: TypeId, b: TypeId) -> TypeId {
        let u = self.new_record(None, true);
        let size = self.size(a).unwrap_or(0).max(self.size(b).unwrap_or(0));
        let align = self.align(a).max(self.align(b));
        let TypeKind::Record(r) = *self.kind(u) else {
            unreachable!("new_record gives a record")
        };
        let rec = &mut self.records[r.0 as usize];
        rec.fields = [a, b]
            .into_iter()
            .map(|ty| Field {
                name: None,
                ty,
                offset: 0,
                bits: None,
            })
            .collect();
        rec.size = size;
        rec.align = align;
        rec.complete = true;
        u
    }

    /// Whether `t` is a vector type.
    pub fn is_vector(&self, t: TypeId) -> bool {
        self.vector_of(t).is_some()
    }

    /// The signed integer type of `size` bytes (1, 2, 4 or 8): the element
    /// type of a vector comparison's result.
    pub fn signed_of_size(size: u64) -> TypeId {
        match size {
            1 => Types::SCHAR,
            2 => Types::SHORT,
            4 => Types::INT,
            _ => Types::LLONG,
        }
    }

    /// How gcc spells a vector type in messages:
    /// `__attribute__((vector_size(16))) int`.
    pub(crate) fn vector_name(
        &self,
        r: RecordId,
        interner: &crate::frontend::lex::Interner,
    ) -> String {
        let (elem, _) = self.vectors[&r];
        let size = self.records[r.0 as usize].size;
        format!(
            "__attribute__((vector_size({size}))) {}",
            self.name(elem, interner)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_layout_follows_gcc() {
        let mut t = Types::new();
        // sizes: element size times count; alignments from gcc -m32:
        // __alignof__ of int vector_size(16) is 16, char vector_size(64)
        // is 64, short vector_size(4) is 4
        let v4si = t.vector(Types::INT, 4);
        assert_eq!((t.size(v4si), t.align(v4si)), (Some(16), 16));
        let v64 = t.vector(Types::CHAR, 64);
        assert_eq!((t.size(v64), t.align(v64)), (Some(64), 64));
        let v2hi = t.vector(Types::SHORT, 2);
        assert_eq!((t.size(v2hi), t.align(v2hi)), (Some(4), 4));
        assert_eq!(t.vector(Types::INT, 4), v4si);
        assert_ne!(t.vector(Types::UINT, 4), v4si);
        assert_eq!(t.vector_of(v4si), Some((Types::INT, 4)));
        assert_eq!(t.vector_of(Types::INT), None);
        let vv = t.volatile(v4si);
        assert_eq!(t.vector_of(vv), Some((Types::INT, 4)));
    }
}
