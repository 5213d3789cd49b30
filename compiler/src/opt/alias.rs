//! Alias analysis for the loop passes: may two memory accesses touch the
//! same byte?
//!
//! An address is decomposed into a *base* and a constant byte offset by
//! following `add`/`sub` of constants ([`decompose`]). Two accesses are
//! independent when
//!
//! - their bases are distinct objects: two different globals, two
//!   different stack slots, or a global and a stack slot (C objects do not
//!   overlap, C99 §6.2.4; the IR's `slot_addr`/`global_addr` name them);
//! - or they have the same base and their byte ranges
//!   `[offset, offset + size)` do not overlap.
//!
//! - or, where type-based rules hold ([`Function::strict_aliasing`]: at
//!   `-O2`, without `-fno-strict-aliasing`, in a function that reads no
//!   union member nor bit-field), they load or store different IR types,
//!   neither of them `i8` (C99 §6.5p7: an object is accessed through its
//!   own type or a character type; gcc's `-fstrict-aliasing`). The rule is
//!   not applied to two accesses of one named object at unknown offsets (a
//!   `char` array used as a memory pool).
//!
//! - or one is derived from a `restrict` pointer parameter
//!   ([`crate::ir::Function::restrict`]) and the other is not derived from
//!   it (C99 §6.7.3.1p4: an object modified through an lvalue based on a
//!   restrict pointer `P` is accessed only through lvalues based on `P`,
//!   so an access not based on `P` touches other bytes, or none modified:
//!   then neither order matters). "Derived" is what [`object_of`] follows
//!   (`add`, `sub` of an integer, φs); a pointer loaded from memory may
//!   hold a copy of `P` and is not separated from it;
//! - or they are derived from two different pointers of one loop version
//!   ([`crate::ir::Function::noalias_roots`], [`super::loop_version`]),
//!   whose ranges a run-time test found apart.
//!
//! Anything else (two pointers of unknown origin) may alias.

use super::simplify_cfg::{const_of, def_inst};
use crate::ir::{BinaryOp, Function, InstKind, StackSlot, Type, Value};

/// What an address is relative to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Base {
    /// A global variable or function, by symbol name.
    Global(String),
    /// A stack slot of the function.
    Slot(StackSlot),
    /// Any other value (a pointer parameter, a loaded pointer, a φ…).
    Value(Value),
    /// What the `restrict` pointer parameter `v` reaches ([`object_of`]
    /// only).
    Restrict(Value),
    /// What the loop-version pointer `v` reaches
    /// ([`crate::ir::Function::noalias_roots`]; [`object_of`] only).
    Version(Value),
}

impl Base {
    /// Whether the base names one whole C object (a global or a slot).
    pub fn is_object(&self) -> bool {
        matches!(self, Base::Global(_) | Base::Slot(_))
    }
}

/// Whether accesses into `a` and into `b` ([`object_of`]) never touch a
/// common byte: two distinct named objects (C99 §6.2.4), a `restrict`
/// pointer's reach and anything not derived from that pointer (C99
/// §6.7.3.1p4), two different pointers of one loop version.
pub fn objects_disjoint(a: &Base, b: &Base) -> bool {
    use Base::*;
    match (a, b) {
        (Global(x), Global(y)) => x != y,
        (Slot(x), Slot(y)) => x != y,
        (Global(_), Slot(_)) | (Slot(_), Global(_)) => true,
        (Restrict(x), Restrict(y)) => x != y,
        (Restrict(_), _) | (_, Restrict(_)) => true,
        (Version(x), Version(y)) => x != y,
        _ => false,
    }
}

/// `addr` as base + offset (bytes), following at most 16 `add` and `sub`
/// instructions with a constant operand; the offset is `None` when an
/// `add` of a variable index into a named object was crossed.
pub fn decompose(f: &Function, addr: Value) -> (Base, Option<i64>) {
    let mut v = addr;
    let mut off = 0i64;
    for _ in 0..16 {
        let Some(i) = def_inst(f, v) else { break };
        match &f.insts[i.index()].kind {
            InstKind::Binary {
                op: BinaryOp::Add,
                ty: Type::I32,
                args: [a, b],
            } => {
                if let Some(c) = const_of(f, *b) {
                    off = off.wrapping_add(c);
                    v = *a;
                } else if let Some(c) = const_of(f, *a) {
                    off = off.wrapping_add(c);
                    v = *b;
                } else {
                    // a variable index: the object is still the one the
                    // pointer operand points into (C99 §6.5.6p8), at an
                    // unknown offset
                    for x in [*a, *b] {
                        let (base, _) = decompose(f, x);
                        if base.is_object() {
                            return (base, None);
                        }
                    }
                    break;
                }
            }
            InstKind::Binary {
                op: BinaryOp::Sub,
                ty: Type::I32,
                args: [a, b],
            } => match const_of(f, *b) {
                Some(c) => {
                    off = off.wrapping_sub(c);
                    v = *a;
                }
                None => break,
            },
            InstKind::GlobalAddr { name } => return (Base::Global(name.clone()), Some(off)),
            InstKind::SlotAddr { slot } => return (Base::Slot(*slot), Some(off)),
            _ => break,
        }
    }
    (Base::Value(v), Some(off))
}

/// The object `addr` points into, whatever the offset: a global or a
/// stack slot, found through `add`/`sub` (an index added to a pointer
/// stays in the pointer's object, C99 §6.5.6p8) and through φs whose
/// operands all point into one object (a pointer induction variable);
/// `None` when unknown (a parameter, a loaded pointer, a φ of two
/// objects). Follows at most 64 instructions.
pub fn object_of(f: &Function, addr: Value) -> Option<Base> {
    let mut budget = 64;
    match object_walk(f, addr, &mut Vec::new(), &mut budget) {
        Walk::Known(b) => Some(b),
        Walk::Cycle | Walk::Unknown => None,
    }
}

/// What [`object_walk`] finds for a value.
enum Walk {
    /// It points into this object.
    Known(Base),
    /// It is derived from a φ being walked (no information of its own).
    Cycle,
    /// Anything else.
    Unknown,
}

/// [`object_of`]: `visiting` holds the φs on the current path.
fn object_walk(f: &Function, v: Value, visiting: &mut Vec<Value>, budget: &mut u32) -> Walk {
    if visiting.contains(&v) {
        return Walk::Cycle;
    }
    if *budget == 0 {
        return Walk::Unknown;
    }
    *budget -= 1;
    if f.noalias_roots.contains(&v) {
        return Walk::Known(Base::Version(v));
    }
    if let crate::ir::ValueDef::Param(p) = f.values[v.index()].def {
        if f.restrict.get(p as usize) == Some(&true) {
            return Walk::Known(Base::Restrict(v));
        }
    }
    let Some(i) = def_inst(f, v) else {
        return Walk::Unknown;
    };
    match &f.insts[i.index()].kind {
        InstKind::GlobalAddr { name } => Walk::Known(Base::Global(name.clone())),
        InstKind::SlotAddr { slot } => Walk::Known(Base::Slot(*slot)),
        InstKind::Binary {
            op: BinaryOp::Add,
            ty: Type::I32,
            args: [a, b],
        } => {
            // the pointer operand is the one with an object (two pointers
            // are never added in C); one derived from the φ being walked
            // and one with an object is ambiguous
            let (a, b) = (*a, *b);
            match (
                object_walk(f, a, visiting, budget),
                object_walk(f, b, visiting, budget),
            ) {
                (Walk::Known(x), Walk::Unknown) | (Walk::Unknown, Walk::Known(x)) => Walk::Known(x),
                (Walk::Cycle, Walk::Unknown) | (Walk::Unknown, Walk::Cycle) => Walk::Cycle,
                _ => Walk::Unknown,
            }
        }
        InstKind::Binary {
            op: BinaryOp::Sub,
            ty: Type::I32,
            args: [a, b],
        } => {
            // pointer − integer; pointer − pointer is an integer
            let (a, b) = (*a, *b);
            match object_walk(f, b, visiting, budget) {
                Walk::Unknown => object_walk(f, a, visiting, budget),
                _ => Walk::Unknown,
            }
        }
        InstKind::Phi { incoming, .. } => {
            visiting.push(v);
            let mut found: Option<Base> = None;
            let mut unknown = false;
            for &(_, x) in incoming.iter() {
                match object_walk(f, x, visiting, budget) {
                    Walk::Known(o) if found.as_ref().is_none_or(|g| *g == o) => found = Some(o),
                    Walk::Cycle => {}
                    _ => {
                        unknown = true;
                        break;
                    }
                }
            }
            visiting.pop();
            match found {
                _ if unknown => Walk::Unknown,
                Some(o) => Walk::Known(o),
                None => Walk::Cycle,
            }
        }
        _ => Walk::Unknown,
    }
}

/// One memory access: its address, size in bytes (`None`: unknown
/// extent, e.g. a call's effects) and the IR type of a load or store.
#[derive(Clone, Copy, Debug)]
pub struct Access {
    /// Address operand.
    pub addr: Value,
    /// Bytes accessed from `addr`.
    pub size: Option<u32>,
    /// The type loaded or stored (`None` for a block copy or zeroing).
    pub ty: Option<Type>,
}

/// The bytes an access may touch, as [`decompose`] sees its address:
/// base, constant offset (`None`: unknown) and size (`None`: unknown).
/// Passes that compare one address with many decompose it once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// What the address is relative to.
    pub base: Base,
    /// Constant byte offset from the base, when known.
    pub offset: Option<i64>,
    /// Bytes accessed, when known.
    pub size: Option<u32>,
    /// The type loaded or stored, when the access is a typed load or
    /// store of a function where type-based rules hold
    /// ([`crate::ir::Function::strict_aliasing`]).
    pub ty: Option<Type>,
    /// What a `restrict` pointer parameter or a loop-version pointer the
    /// address derives from reaches ([`object_of`]; `None` otherwise).
    pub reach: Option<Base>,
}

impl Location {
    /// The location of access `a`.
    pub fn of(f: &Function, a: Access) -> Location {
        let (base, offset) = decompose(f, a.addr);
        let reach = if f.restrict.contains(&true) || !f.noalias_roots.is_empty() {
            object_of(f, a.addr).filter(|b| matches!(b, Base::Restrict(_) | Base::Version(_)))
        } else {
            None
        };
        Location {
            base,
            offset,
            size: a.size,
            ty: a.ty.filter(|_| f.strict_aliasing),
            reach,
        }
    }

    /// Whether the two locations may share a byte (the rules of the
    /// module documentation).
    pub fn may_overlap(&self, o: &Location) -> bool {
        if let (Some(x), Some(y)) = (&self.reach, &o.reach) {
            if objects_disjoint(x, y) {
                return false;
            }
        }
        // a `restrict` pointer's reach and a named object (C99 §6.7.3.1p4)
        for (r, other) in [(&self.reach, o), (&o.reach, self)] {
            if matches!(r, Some(Base::Restrict(_))) && other.base.is_object() {
                return false;
            }
        }
        if self.base.is_object() && o.base.is_object() && self.base != o.base {
            return false;
        }
        if self.base == o.base {
            if let (Some(sa), Some(sb), Some(oa), Some(ob)) =
                (self.size, o.size, self.offset, o.offset)
            {
                let (ea, eb) = (oa + sa as i64, ob + sb as i64);
                return oa < eb && ob < ea;
            }
            if self.base.is_object() {
                // one named object at unknown offsets: a `char` buffer
                // carved into typed pieces (a memory pool) is left to
                // may-alias, whatever the access types
                return true;
            }
        }
        // type-based rule (C99 §6.5p7): an object is read and written
        // through its own type or a character type; two accesses of
        // different non-character IR types touch different objects
        match (self.ty, o.ty) {
            (Some(a), Some(b)) => a == b || a == Type::I8 || b == Type::I8,
            _ => true,
        }
    }

    /// Whether the two locations are the same bytes for certain: one base,
    /// one known offset, one known size.
    pub fn must_equal(&self, o: &Location) -> bool {
        self.offset.is_some() && self.size.is_some() && self == o
    }
}

/// Whether accesses `a` and `b` may touch a common byte.
pub fn may_alias(f: &Function, a: Access, b: Access) -> bool {
    Location::of(f, a).may_overlap(&Location::of(f, b))
}

/// The memory an instruction writes: `Some(None)` for "anything" (a call
/// or a volatile access),
/// `Some(Some(access))` for a store or block operation, `None` when it
/// writes no memory.
pub fn writes(k: &InstKind) -> Option<Option<Access>> {
    match k {
        InstKind::Store { ty, addr, .. } => Some(Some(Access {
            addr: *addr,
            size: Some(ty.bytes()),
            ty: Some(*ty),
        })),
        InstKind::MemCopy { dst, size, .. } | InstKind::MemZero { dst, size } => {
            Some(Some(Access {
                addr: *dst,
                size: Some(*size),
                ty: None,
            }))
        }
        // A volatile access is opaque: treated as writing anything, so no
        // other memory operation is moved or forwarded across it.
        InstKind::Call { .. } | InstKind::VolatileLoad { .. } | InstKind::VolatileStore { .. } => {
            Some(None)
        }
        _ => None,
    }
}

/// The memory an instruction reads and writes: `(access, is_write)` per
/// access (a load reads, a store, block copy or zeroing writes, a block
/// copy also reads); empty for anything else, calls and volatile accesses
/// included (see [`writes`]).
pub fn accesses(k: &InstKind) -> Vec<(Access, bool)> {
    let acc = |addr: Value, size: u32| Access {
        addr,
        size: Some(size),
        ty: None,
    };
    let typed = |addr: Value, ty: Type| Access {
        addr,
        size: Some(ty.bytes()),
        ty: Some(ty),
    };
    match *k {
        InstKind::Load { ty, addr } => vec![(typed(addr, ty), false)],
        InstKind::Store { ty, addr, .. } => vec![(typed(addr, ty), true)],
        InstKind::MemCopy { dst, src, size } => {
            vec![(acc(src, size), false), (acc(dst, size), true)]
        }
        InstKind::MemZero { dst, size } => vec![(acc(dst, size), true)],
        _ => vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::module;

    /// Hand-derived: `@a+0..4` and `@a+4..8` are disjoint, `@a` and `@b`
    /// are distinct objects, `@a+2..6` overlaps `@a+4..8`, a parameter may
    /// point anywhere.
    #[test]
    fn bases_and_offsets() {
        let m = module(
            "func @f(i32 %0) -> i32 {
block0:
  %1 = global_addr @a
  %2 = iconst.i32 4
  %3 = add.i32 %1, %2
  %4 = global_addr @b
  %5 = iconst.i32 2
  %6 = add.i32 %1, %5
  %7 = add.i32 %1, %0
  ret %2
}",
        );
        let f = &m.functions[0];
        let acc = |v: u32, s: u32| Access {
            addr: Value(v),
            size: Some(s),
            ty: None,
        };
        assert_eq!(decompose(f, Value(3)), (Base::Global("a".into()), Some(4)));
        assert!(!may_alias(f, acc(1, 4), acc(3, 4)));
        assert!(!may_alias(f, acc(1, 4), acc(4, 4)));
        assert!(may_alias(f, acc(6, 4), acc(3, 4)));
        assert!(!may_alias(f, acc(6, 2), acc(3, 4)));
        assert!(may_alias(f, acc(0, 4), acc(1, 4)));
        assert!(may_alias(f, acc(0, 1), acc(0, 1)));
        // @a + a variable index: somewhere in @a, so not in @b
        assert_eq!(decompose(f, Value(7)), (Base::Global("a".into()), None));
        assert!(!may_alias(f, acc(7, 4), acc(4, 4)));
        assert!(may_alias(f, acc(7, 4), acc(1, 4)));
    }

    /// The type-based rule (C99 §6.5p7), by hand: with strict aliasing an
    /// `i16` and an `i32` access through two parameters are independent;
    /// `i8` (a character type) may alias either; the same type may alias;
    /// without strict aliasing everything through parameters may alias;
    /// two accesses of `@a` at variable offsets stay may-alias whatever
    /// their types (a `char` pool), and one parameter with known offsets
    /// keeps the offset rule (a union read through a pointer).
    #[test]
    fn type_based_rule() {
        let mut m = module(
            "func @f(i32 %0, i32 %1, i32 %2) -> i32 {
block0:
  %3 = global_addr @a
  %4 = add.i32 %3, %2
  %5 = add.i32 %3, %1
  ret %2
}",
        );
        let typed = |v: u32, ty: Type| Access {
            addr: Value(v),
            size: Some(ty.bytes()),
            ty: Some(ty),
        };
        let f = &mut m.functions[0];
        f.strict_aliasing = true;
        let f = &*f;
        assert!(!may_alias(f, typed(0, Type::I16), typed(1, Type::I32)));
        assert!(!may_alias(f, typed(0, Type::I64), typed(1, Type::I32)));
        assert!(may_alias(f, typed(0, Type::I8), typed(1, Type::I32)));
        assert!(may_alias(f, typed(0, Type::I16), typed(1, Type::I8)));
        assert!(may_alias(f, typed(0, Type::I32), typed(1, Type::I32)));
        assert!(may_alias(f, typed(4, Type::I16), typed(5, Type::I32)));
        assert!(!may_alias(f, typed(4, Type::I16), typed(1, Type::I32)));
        // same base, known offsets: bytes 0..4 and 2..4 overlap
        assert!(may_alias(f, typed(0, Type::I32), typed(0, Type::I16)));
        let mut g = f.clone();
        g.strict_aliasing = false;
        assert!(may_alias(&g, typed(0, Type::I16), typed(1, Type::I32)));
    }

    /// `restrict` (C99 §6.7.3.1p4) and loop-version pointers, by hand:
    /// with parameter 0 restrict, `p0 + 4` is apart from `@a` and from a
    /// second restrict parameter's reach, not from a pointer loaded from
    /// memory (it may hold a copy of `p0`) nor from a plain parameter;
    /// without the flag it may alias `@a`; two loop-version pointers are
    /// apart, one of them and `@a` are not.
    #[test]
    fn restrict_and_version_pointers() {
        let mut m = module(
            "func @f(i32 %0, i32 %1, i32 %2) -> i32 {
block0:
  %3 = iconst.i32 4
  %4 = add.i32 %0, %3
  %5 = add.i32 %1, %2
  %6 = global_addr @a
  %7 = load.i32 %6
  ret %3
}",
        );
        let acc = |v: u32| Access {
            addr: Value(v),
            size: Some(4),
            ty: None,
        };
        let plain = m.functions[0].clone();
        assert!(may_alias(&plain, acc(4), acc(6)));
        let f = &mut m.functions[0];
        f.restrict[0] = true;
        assert!(!may_alias(f, acc(4), acc(6)));
        assert!(may_alias(f, acc(4), acc(5)));
        assert!(may_alias(f, acc(4), acc(7)));
        assert!(may_alias(f, acc(0), acc(0)));
        assert!(!may_alias(f, acc(0), acc(4)));
        assert_eq!(object_of(f, Value(4)), Some(Base::Restrict(Value(0))));
        f.restrict[1] = true;
        assert!(!may_alias(f, acc(4), acc(5)));
        let mut g = plain;
        g.noalias_roots = vec![Value(4), Value(5)];
        assert!(!may_alias(&g, acc(4), acc(5)));
        assert!(may_alias(&g, acc(4), acc(6)));
        assert!(may_alias(&g, acc(0), acc(5)));
    }

    /// A pointer induction variable over `@a` (`%6 = φ(@a + 8, %6 + 4)`)
    /// points into `@a`; a φ of `@a` and `@b`, a parameter, and the
    /// difference of two pointers added to a parameter do not name one
    /// object.
    #[test]
    fn objects_through_phis() {
        let m = module(
            "func @f(i32 %0) -> i32 {
block0:
  %1 = global_addr @a
  %2 = iconst.i32 8
  %3 = add.i32 %1, %2
  %4 = global_addr @b
  %5 = iconst.i32 4
  jump block1
block1:
  %6 = phi.i32 [block0: %3], [block1: %8]
  %7 = phi.i32 [block0: %1], [block1: %4]
  %8 = add.i32 %6, %5
  %9 = sub.i32 %8, %1
  %10 = add.i32 %0, %9
  %11 = sub.i32 %6, %5
  %12 = icmp.slt.i32 %8, %0
  br %12, block1, block2
block2:
  ret %5
}",
        );
        let f = &m.functions[0];
        let a = Some(Base::Global("a".into()));
        assert_eq!(object_of(f, Value(6)), a);
        assert_eq!(object_of(f, Value(8)), a);
        assert_eq!(object_of(f, Value(11)), a);
        assert_eq!(object_of(f, Value(7)), None);
        assert_eq!(object_of(f, Value(0)), None);
        assert_eq!(object_of(f, Value(9)), None);
        assert_eq!(object_of(f, Value(10)), None);
    }
}
