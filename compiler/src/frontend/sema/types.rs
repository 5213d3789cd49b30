//! C types with the ST200 ABI (ISA-ST200 §1.1, §7): ILP32, `char` signed,
//! `long long` 64-bit, natural alignments up to 8 bytes.
//!
//! Types are interned in a [`Types`] table and named by [`TypeId`]; two
//! types are identical exactly when their ids are equal. `const` is not
//! part of a type (it is tracked on declarations where it matters);
//! `volatile` is: a volatile-qualified type ([`Types::volatile`]) has an id
//! of its own and the shape of its unqualified type, so that every
//! question about the shape (size, kind, members) has the same answer.

use crate::frontend::lex::Sym;
use crate::hash::HashMap;

/// Index of an interned type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

/// Index of a struct or union definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RecordId(pub u32);

/// The shape of a type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum TypeKind {
    Void,
    Bool,
    /// Plain `char` (signed on ST200).
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LLong,
    ULLong,
    Float,
    Double,
    LDouble,
    /// Pointer to the type.
    Ptr(TypeId),
    /// Array of element type with a length in elements (None: incomplete).
    Array(TypeId, Option<u64>),
    /// Variable-length array of the element type (C99 §6.7.5.2p4): its
    /// size in bytes is computed when the declarator is evaluated and
    /// kept in the hidden `unsigned` function local with this index
    /// (`LocalId`); None for `[*]` and for the VLAs of a prototype that
    /// is not a definition, whose size is never needed.
    Vla(TypeId, Option<u32>),
    /// Function: return type, parameter types, variadic, has a prototype.
    Func {
        ret: TypeId,
        params: Vec<TypeId>,
        variadic: bool,
        proto: bool,
    },
    /// Struct or union.
    Record(RecordId),
    /// Enumeration (compatible with `int` here; all constants fit in int).
    Enum(u32),
}

/// One member of a struct or union.
#[derive(Clone, Debug)]
pub struct Field {
    /// Member name (None for anonymous struct/union members and unnamed bit-fields).
    pub name: Option<Sym>,
    /// Declared type.
    pub ty: TypeId,
    /// Byte offset of the member (for bit-fields, of its storage unit).
    pub offset: u64,
    /// For bit-fields: where the bits are in the storage unit.
    pub bits: Option<BitField>,
}

/// Where a bit-field's bits are, relative to the byte offset of its member
/// (C11 6.7.2.1p11: the layout of bit-fields is implementation-defined;
/// lcc follows gcc, `frontend::sema::layout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitField {
    /// Position of the field's least significant bit in its storage unit,
    /// counted from the unit's least significant bit (little-endian:
    /// bit `k` of the unit is bit `k % 8` of byte `k / 8`).
    pub shift: u32,
    /// Width in bits (at least 1).
    pub width: u32,
    /// Size of the storage unit in bytes. The size of the declared type
    /// for a field in a unit of that type (every field of a record that is
    /// not packed); otherwise, for a field that packing lets straddle the
    /// units of its type, the bytes it spans (1 to 9), read and written
    /// one byte at a time.
    pub unit: u32,
}

/// A struct or union definition and its layout.
#[derive(Clone, Debug)]
pub struct Record {
    /// Tag name, if any.
    pub tag: Option<Sym>,
    /// `union` rather than `struct`.
    pub is_union: bool,
    /// Members in declaration order (empty until complete).
    pub fields: Vec<Field>,
    /// Size in bytes (valid when complete).
    pub size: u64,
    /// Alignment in bytes (valid when complete).
    pub align: u64,
    /// Definition seen.
    pub complete: bool,
    /// Ends with a flexible array member.
    pub flexible: bool,
    /// For a complex type (C99 §6.2.5p11), its real type: the record
    /// holds the real part at offset 0 and the imaginary part after it
    /// (two unnamed members), and is created by [`Types::complex`].
    pub complex: Option<TypeId>,
}

/// The run-time layout of a structure with variably modified members (a
/// GNU extension: `struct { char a[n]; int b; }` declared in a function):
/// the hidden `unsigned` function locals, set when the structure's
/// declaration is evaluated, that hold its size in bytes and the offsets
/// of the members that follow its first variably modified member.
#[derive(Clone, Debug)]
pub struct VmLayout {
    /// The local (`LocalId`) holding the size in bytes.
    pub size: u32,
    /// For each member of [`Record::fields`], the local holding its byte
    /// offset (of its bytes, for a bit-field) and the alignment that
    /// offset is known to have, or None when the member's offset is the
    /// constant [`Field::offset`].
    pub offsets: Vec<Option<(u32, u64)>>,
}

/// A member found by [`Types::find_field`]: absolute byte offset (of the
/// storage unit for a bit-field), declared type, bit-field position.
pub type FieldRef = (u64, TypeId, Option<BitField>);

/// The type table of one translation unit.
#[derive(Clone, Debug)]
pub struct Types {
    kinds: Vec<TypeKind>,
    map: HashMap<TypeKind, TypeId>,
    /// Struct and union definitions by [`RecordId`].
    pub records: Vec<Record>,
    /// Enum tags by index (name for messages).
    pub enums: Vec<Option<Sym>>,
    /// The enumerations (by index) with a negative constant; a bit-field
    /// of any other enumeration reads back zero-extended, as gcc's
    /// (whose enumeration without negative values is `unsigned int`).
    pub negative_enums: crate::hash::HashSet<u32>,
    /// Alignment overrides for typedef'd/attributed types: type -> align.
    pub align_override: HashMap<TypeId, u64>,
    /// Volatile-qualified type -> its unqualified type.
    unqualified: HashMap<TypeId, TypeId>,
    /// Real type -> its complex type ([`Types::complex`]).
    complex_of: HashMap<TypeId, TypeId>,
    /// Unqualified type -> its volatile-qualified type.
    volatile_of: HashMap<TypeId, TypeId>,
    /// GNU vector types (`vector_size`), records of their elements:
    /// record -> (element type, number of elements); see
    /// [`Types::vector`].
    pub(crate) vectors: HashMap<RecordId, (TypeId, u64)>,
    /// The structures with variably modified members and their run-time
    /// layouts ([`VmLayout`]).
    pub vm_records: HashMap<RecordId, VmLayout>,
}

macro_rules! prim {
    ($($name:ident = $idx:expr => $kind:ident),* $(,)?) => {
        impl Types {
            $(
                #[doc = concat!("The type `", stringify!($kind), "`.")]
                pub const $name: TypeId = TypeId($idx);
            )*
            fn prims() -> Vec<TypeKind> { vec![$(TypeKind::$kind),*] }
        }
    };
}

prim! {
    VOID = 0 => Void, BOOL = 1 => Bool, CHAR = 2 => Char, SCHAR = 3 => SChar,
    UCHAR = 4 => UChar, SHORT = 5 => Short, USHORT = 6 => UShort, INT = 7 => Int,
    UINT = 8 => UInt, LONG = 9 => Long, ULONG = 10 => ULong, LLONG = 11 => LLong,
    ULLONG = 12 => ULLong, FLOAT = 13 => Float, DOUBLE = 14 => Double, LDOUBLE = 15 => LDouble,
}

impl Default for Types {
    fn default() -> Self {
        Self::new()
    }
}

impl Types {
    /// A table holding the basic types at their fixed ids.
    pub fn new() -> Types {
        let mut t = Types {
            kinds: Vec::new(),
            map: HashMap::default(),
            records: Vec::new(),
            enums: Vec::new(),
            negative_enums: Default::default(),
            align_override: HashMap::default(),
            unqualified: HashMap::default(),
            volatile_of: HashMap::default(),
            complex_of: HashMap::default(),
            vectors: HashMap::default(),
            vm_records: HashMap::default(),
        };
        for k in Self::prims() {
            t.intern(k);
        }
        t
    }

    /// Interns a type shape.
    pub fn intern(&mut self, k: TypeKind) -> TypeId {
        if let Some(&id) = self.map.get(&k) {
            return id;
        }
        let id = TypeId(self.kinds.len() as u32);
        self.kinds.push(k.clone());
        self.map.insert(k, id);
        id
    }

    /// Shape of `t`.
    pub fn kind(&self, t: TypeId) -> &TypeKind {
        &self.kinds[t.0 as usize]
    }

    /// The volatile-qualified version of `t` (C99 §6.7.3): a type of its
    /// own with the shape of `t`. An array's elements are qualified (C99
    /// §6.7.3p8); `void` and function types stay as they are; a type
    /// already volatile is returned unchanged.
    pub fn volatile(&mut self, t: TypeId) -> TypeId {
        if t == Types::VOID || self.is_volatile(t) || self.is_func(t) {
            return t;
        }
        if let TypeKind::Array(e, n) = *self.kind(t) {
            let e = self.volatile(e);
            return self.array(e, n);
        }
        if let TypeKind::Vla(e, n) = *self.kind(t) {
            let e = self.volatile(e);
            return self.intern(TypeKind::Vla(e, n));
        }
        if let Some(&v) = self.volatile_of.get(&t) {
            return v;
        }
        let v = TypeId(self.kinds.len() as u32);
        self.kinds.push(self.kinds[t.0 as usize].clone());
        if let Some(&a) = self.align_override.get(&t) {
            self.align_override.insert(v, a);
        }
        self.unqualified.insert(v, t);
        self.volatile_of.insert(t, v);
        v
    }

    /// Whether `t` is volatile-qualified.
    pub fn is_volatile(&self, t: TypeId) -> bool {
        self.unqualified.contains_key(&t)
    }

    /// `t` without its `volatile` qualifier.
    pub fn unqualified(&self, t: TypeId) -> TypeId {
        self.unqualified.get(&t).copied().unwrap_or(t)
    }

    /// Pointer to `t`.
    pub fn ptr(&mut self, t: TypeId) -> TypeId {
        self.intern(TypeKind::Ptr(t))
    }
    /// Array of `n` elements of `t`.
    pub fn array(&mut self, t: TypeId, n: Option<u64>) -> TypeId {
        self.intern(TypeKind::Array(t, n))
    }

    /// A new, incomplete struct or union.
    pub fn new_record(&mut self, tag: Option<Sym>, is_union: bool) -> TypeId {
        self.records.push(Record {
            tag,
            is_union,
            fields: vec![],
            size: 0,
            align: 1,
            complete: false,
            flexible: false,
            complex: None,
        });
        self.intern(TypeKind::Record(RecordId(self.records.len() as u32 - 1)))
    }

    /// The complex type whose real type is `elem` (an arithmetic type,
    /// unqualified): laid out as `struct { elem re, im; }`, as gcc -m32
    /// lays out `_Complex` (size twice the real type's, alignment the
    /// real type's).
    pub fn complex(&mut self, elem: TypeId) -> TypeId {
        let elem = self.unqualified(elem);
        if let Some(&t) = self.complex_of.get(&elem) {
            return t;
        }
        let size = self.size(elem).unwrap_or(4);
        let align = self.align(elem);
        let t = self.new_record(None, false);
        let TypeKind::Record(r) = *self.kind(t) else {
            unreachable!("new_record makes a record")
        };
        let part = |offset| Field {
            name: None,
            ty: elem,
            offset,
            bits: None,
        };
        let r = &mut self.records[r.0 as usize];
        r.fields = vec![part(0), part(size)];
        r.size = 2 * size;
        r.align = align;
        r.complete = true;
        r.complex = Some(elem);
        self.complex_of.insert(elem, t);
        t
    }

    /// The real type of a complex type (None for any other type).
    pub fn complex_elem(&self, t: TypeId) -> Option<TypeId> {
        self.record(t).and_then(|r| r.complex)
    }

    /// A complex type ([`Types::complex`]).
    pub fn is_complex(&self, t: TypeId) -> bool {
        self.complex_elem(t).is_some()
    }

    /// The record of a struct/union type.
    pub fn record(&self, t: TypeId) -> Option<&Record> {
        match self.kind(t) {
            TypeKind::Record(r) => Some(&self.records[r.0 as usize]),
            _ => None,
        }
    }

    /// True for integer types (including `_Bool`, `char`, enums).
    pub fn is_integer(&self, t: TypeId) -> bool {
        matches!(
            self.kind(t),
            TypeKind::Bool
                | TypeKind::Char
                | TypeKind::SChar
                | TypeKind::UChar
                | TypeKind::Short
                | TypeKind::UShort
                | TypeKind::Int
                | TypeKind::UInt
                | TypeKind::Long
                | TypeKind::ULong
                | TypeKind::LLong
                | TypeKind::ULLong
                | TypeKind::Enum(_)
        )
    }
    /// True for `float`, `double`, `long double`.
    pub fn is_float(&self, t: TypeId) -> bool {
        matches!(
            self.kind(t),
            TypeKind::Float | TypeKind::Double | TypeKind::LDouble
        )
    }
    /// Integer or floating.
    pub fn is_arith(&self, t: TypeId) -> bool {
        self.is_integer(t) || self.is_float(t)
    }
    /// Pointer type.
    pub fn is_ptr(&self, t: TypeId) -> bool {
        matches!(self.kind(t), TypeKind::Ptr(_))
    }
    /// Arithmetic or pointer.
    pub fn is_scalar(&self, t: TypeId) -> bool {
        self.is_arith(t) || self.is_ptr(t)
    }
    /// Struct or union.
    pub fn is_record(&self, t: TypeId) -> bool {
        matches!(self.kind(t), TypeKind::Record(_))
    }
    /// Array type (fixed or variable length).
    pub fn is_array(&self, t: TypeId) -> bool {
        matches!(self.kind(t), TypeKind::Array(..) | TypeKind::Vla(..))
    }
    /// Variable-length array type (C99 §6.7.5.2p4): a [`TypeKind::Vla`],
    /// or an array of constant length whose elements are VLAs
    /// (`int a[3][n]`); also a structure with variably modified members
    /// ([`VmLayout`]) and an array of them. Its size is only known at run
    /// time.
    pub fn is_vla(&self, t: TypeId) -> bool {
        match self.kind(t) {
            TypeKind::Vla(..) => true,
            TypeKind::Array(e, _) => self.is_vla(*e),
            TypeKind::Record(r) => self.vm_records.contains_key(r),
            _ => false,
        }
    }

    /// The local holding the run-time offset of member `name` of `t`, and
    /// the alignment known for it, when `t` is a structure with variably
    /// modified members ([`VmLayout`]) and that member's offset is not a
    /// constant.
    pub fn vm_field_offset(&self, t: TypeId, name: Sym) -> Option<(u32, u64)> {
        let vm = self.vm_layout(t)?;
        let r = self.record(t)?;
        let i = r.fields.iter().position(|f| f.name == Some(name))?;
        vm.offsets.get(i).copied().flatten()
    }

    /// The run-time layout of a structure with variably modified members.
    pub fn vm_layout(&self, t: TypeId) -> Option<&VmLayout> {
        match self.kind(t) {
            TypeKind::Record(r) => self.vm_records.get(r),
            _ => None,
        }
    }
    /// Variably modified type (C99 §6.7.5p3): a VLA, or a pointer to or
    /// array of one (`int (*)[n]`), looking through pointers but not into
    /// function parameter lists.
    pub fn is_variably_modified(&self, t: TypeId) -> bool {
        match self.kind(t) {
            TypeKind::Vla(..) => true,
            TypeKind::Array(e, _) | TypeKind::Ptr(e) => self.is_variably_modified(*e),
            TypeKind::Func { ret, .. } => self.is_variably_modified(*ret),
            TypeKind::Record(r) => self.vm_records.contains_key(r),
            _ => false,
        }
    }
    /// Function type.
    pub fn is_func(&self, t: TypeId) -> bool {
        matches!(self.kind(t), TypeKind::Func { .. })
    }
    /// `void`.
    pub fn is_void(&self, t: TypeId) -> bool {
        t == Types::VOID
    }
    /// Pointed-to type of a pointer, element type of an array.
    pub fn pointee(&self, t: TypeId) -> Option<TypeId> {
        match self.kind(t) {
            TypeKind::Ptr(p) => Some(*p),
            TypeKind::Array(e, _) | TypeKind::Vla(e, _) => Some(*e),
            _ => None,
        }
    }
    /// Whether a bit-field of declared type `t` reads back zero-extended:
    /// an unsigned type, or an enumeration without negative constants.
    pub fn bitfield_unsigned(&self, t: TypeId) -> bool {
        match self.kind(t) {
            TypeKind::Enum(e) => !self.negative_enums.contains(e),
            _ => self.is_unsigned(t),
        }
    }

    /// Unsigned integer type (pointers count as unsigned for comparisons).
    pub fn is_unsigned(&self, t: TypeId) -> bool {
        matches!(
            self.kind(t),
            TypeKind::Bool
                | TypeKind::UChar
                | TypeKind::UShort
                | TypeKind::UInt
                | TypeKind::ULong
                | TypeKind::ULLong
                | TypeKind::Ptr(_)
        )
    }

    /// Size in bytes (None for incomplete types and functions; `void` is 1
    /// as in GNU C pointer arithmetic).
    pub fn size(&self, t: TypeId) -> Option<u64> {
        Some(match self.kind(t) {
            TypeKind::Void => 1,
            TypeKind::Bool | TypeKind::Char | TypeKind::SChar | TypeKind::UChar => 1,
            TypeKind::Short | TypeKind::UShort => 2,
            TypeKind::Int
            | TypeKind::UInt
            | TypeKind::Long
            | TypeKind::ULong
            | TypeKind::Enum(_)
            | TypeKind::Ptr(_)
            | TypeKind::Float => 4,
            TypeKind::LLong | TypeKind::ULLong | TypeKind::Double | TypeKind::LDouble => 8,
            TypeKind::Array(e, n) => self.size(*e)?.checked_mul((*n)?)?,
            TypeKind::Func { .. } | TypeKind::Vla(..) => return None,
            TypeKind::Record(rid) => {
                let r = &self.records[rid.0 as usize];
                if !r.complete || self.vm_records.contains_key(rid) {
                    return None;
                }
                r.size
            }
        })
    }

    /// Alignment in bytes (ISA-ST200 §1.1: natural, at most 8).
    pub fn align(&self, t: TypeId) -> u64 {
        if let Some(&a) = self.align_override.get(&t) {
            return a;
        }
        match self.kind(t) {
            TypeKind::Array(e, _) | TypeKind::Vla(e, _) => self.align(*e),
            TypeKind::Record(r) => self.records[r.0 as usize].align,
            TypeKind::Func { .. } | TypeKind::Void => 1,
            _ => self.size(t).unwrap_or(1),
        }
    }

    /// Integer rank for the usual arithmetic conversions.
    pub fn rank(&self, t: TypeId) -> u32 {
        match self.kind(t) {
            TypeKind::Bool => 0,
            TypeKind::Char | TypeKind::SChar | TypeKind::UChar => 1,
            TypeKind::Short | TypeKind::UShort => 2,
            TypeKind::Int | TypeKind::UInt | TypeKind::Enum(_) => 3,
            TypeKind::Long | TypeKind::ULong => 4,
            TypeKind::LLong | TypeKind::ULLong => 5,
            _ => 6,
        }
    }

    /// Integer promotion (C99 §6.3.1.1).
    pub fn promote(&self, t: TypeId) -> TypeId {
        let t = self.unqualified(t);
        if (self.is_integer(t) && self.rank(t) < 3) || matches!(self.kind(t), TypeKind::Enum(_)) {
            Types::INT
        } else {
            t
        }
    }

    /// Usual arithmetic conversions (C99 §6.3.1.8) for integer types; floats
    /// win by rank.
    pub fn common(&self, a: TypeId, b: TypeId) -> TypeId {
        let (a, b) = (self.unqualified(a), self.unqualified(b));
        if self.is_float(a) || self.is_float(b) {
            let fa = if self.is_float(a) { a.0 } else { 0 };
            let fb = if self.is_float(b) { b.0 } else { 0 };
            return TypeId(fa.max(fb));
        }
        let a = self.promote(a);
        let b = self.promote(b);
        if a == b {
            return a;
        }
        let (ua, ub) = (self.is_unsigned(a), self.is_unsigned(b));
        let (ra, rb) = (self.rank(a), self.rank(b));
        if ua == ub {
            return if ra >= rb { a } else { b };
        }
        let (u, s) = if ua { (a, b) } else { (b, a) };
        if self.rank(u) >= self.rank(s) {
            return u;
        }
        if self.size(s) > self.size(u) {
            return s;
        }
        self.to_unsigned(s)
    }

    /// The unsigned type of the same rank.
    pub fn to_unsigned(&self, t: TypeId) -> TypeId {
        match self.kind(t) {
            TypeKind::Char | TypeKind::SChar => Types::UCHAR,
            TypeKind::Short => Types::USHORT,
            TypeKind::Int | TypeKind::Enum(_) => Types::UINT,
            TypeKind::Long => Types::ULONG,
            TypeKind::LLong => Types::ULLONG,
            _ => t,
        }
    }

    /// Looks up member `name` in record type `t`, searching anonymous
    /// members; returns the member's absolute offset, type and bit-field info.
    pub fn find_field(&self, t: TypeId, name: Sym) -> Option<FieldRef> {
        let r = self.record(t)?;
        for f in &r.fields {
            if f.name == Some(name) {
                return Some((f.offset, f.ty, f.bits));
            }
            if f.name.is_none() && f.bits.is_none() && self.is_record(f.ty) {
                if let Some((o, ty, b)) = self.find_field(f.ty, name) {
                    return Some((f.offset + o, ty, b));
                }
            }
        }
        None
    }

    /// C spelling of a type for diagnostics (`int *`, `struct s`, `char[4]`).
    pub fn name(&self, t: TypeId, interner: &crate::frontend::lex::Interner) -> String {
        if let Some(&u) = self.unqualified.get(&t) {
            return format!("volatile {}", self.name(u, interner));
        }
        match self.kind(t) {
            TypeKind::Void => "void".into(),
            TypeKind::Bool => "_Bool".into(),
            TypeKind::Char => "char".into(),
            TypeKind::SChar => "signed char".into(),
            TypeKind::UChar => "unsigned char".into(),
            TypeKind::Short => "short int".into(),
            TypeKind::UShort => "short unsigned int".into(),
            TypeKind::Int => "int".into(),
            TypeKind::UInt => "unsigned int".into(),
            TypeKind::Long => "long int".into(),
            TypeKind::ULong => "long unsigned int".into(),
            TypeKind::LLong => "long long int".into(),
            TypeKind::ULLong => "long long unsigned int".into(),
            TypeKind::Float => "float".into(),
            TypeKind::Double => "double".into(),
            TypeKind::LDouble => "long double".into(),
            TypeKind::Ptr(p) => {
                if let TypeKind::Func {
                    ret,
                    params,
                    variadic,
                    ..
                } = self.kind(*p)
                {
                    let mut s = format!("{} (*)(", self.name(*ret, interner));
                    for (i, q) in params.iter().enumerate() {
                        if i > 0 {
                            s.push_str(", ");
                        }
                        s.push_str(&self.name(*q, interner));
                    }
                    if *variadic {
                        s.push_str(", ...");
                    }
                    if params.is_empty() && !*variadic {
                        s.push_str("void");
                    }
                    s.push(')');
                    return s;
                }
                let inner = self.name(*p, interner);
                if inner.ends_with('*') {
                    format!("{inner}*")
                } else {
                    format!("{inner} *")
                }
            }
            TypeKind::Array(e, n) => match n {
                Some(n) => format!("{}[{n}]", self.name(*e, interner)),
                None => format!("{}[]", self.name(*e, interner)),
            },
            TypeKind::Vla(e, _) => format!("{}[*]", self.name(*e, interner)),
            TypeKind::Func {
                ret,
                params,
                variadic,
                ..
            } => {
                let mut s = format!("{} (", self.name(*ret, interner));
                for (i, q) in params.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    s.push_str(&self.name(*q, interner));
                }
                if *variadic {
                    s.push_str(", ...");
                }
                s.push(')');
                s
            }
            TypeKind::Record(rid) => {
                let r = &self.records[rid.0 as usize];
                if let Some(e) = r.complex {
                    return format!("complex {}", self.name(e, interner));
                }
                let kw = if r.is_union { "union" } else { "struct" };
                match r.tag {
                    Some(t) => format!("{kw} {}", interner.get(t)),
                    None if self.vectors.contains_key(rid) => self.vector_name(*rid, interner),
                    None => format!("{kw} <anonymous>"),
                }
            }
            TypeKind::Enum(e) => match self.enums[*e as usize] {
                Some(t) => format!("enum {}", interner.get(t)),
                None => "enum <anonymous>".into(),
            },
        }
    }
}
