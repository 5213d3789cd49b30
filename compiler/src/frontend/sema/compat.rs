//! Compatible and composite types (C11 6.2.7): two declarations of one
//! function or object must have compatible types, and the later
//! declaration sees their composite (an array's known length, a function's
//! prototype, recursively through pointers, arrays and function types).
//! Used for redeclarations, pointer assignment checks and
//! `__builtin_types_compatible_p`. An enumeration here is compatible with
//! `int`, the type this compiler gives enumerations.

use crate::frontend::sema::types::{TypeId, TypeKind, Types};

/// Composite of two compatible types (C99 §6.2.7), or None if incompatible.
pub(crate) fn composite(types: &mut Types, a: TypeId, b: TypeId) -> Option<TypeId> {
    if a == b {
        return Some(a);
    }
    match (types.kind(a).clone(), types.kind(b).clone()) {
        (TypeKind::Array(ea, na), TypeKind::Array(eb, nb)) => {
            let e = composite(types, ea, eb)?;
            let n = match (na, nb) {
                (Some(x), Some(y)) if x != y => return None,
                (x, y) => x.or(y),
            };
            Some(types.array(e, n))
        }
        // a VLA is compatible with any array of a compatible element type
        // (C99 §6.7.5.2p6); the composite is the constant-length one if
        // there is one, else a VLA (C99 §6.2.7p3)
        (TypeKind::Vla(ea, ca), TypeKind::Vla(eb, cb)) => {
            let e = composite(types, ea, eb)?;
            Some(types.intern(TypeKind::Vla(e, ca.or(cb))))
        }
        (TypeKind::Vla(ea, ca), TypeKind::Array(eb, n))
        | (TypeKind::Array(eb, n), TypeKind::Vla(ea, ca)) => {
            let e = composite(types, ea, eb)?;
            Some(match n {
                Some(_) => types.array(e, n),
                None => types.intern(TypeKind::Vla(e, ca)),
            })
        }
        (TypeKind::Ptr(pa), TypeKind::Ptr(pb)) => {
            let p = composite(types, pa, pb)?;
            Some(types.ptr(p))
        }
        (
            TypeKind::Func {
                ret: ra,
                params: pa,
                variadic: va,
                proto: qa,
            },
            TypeKind::Func {
                ret: rb,
                params: pb,
                variadic: vb,
                proto: qb,
            },
        ) => {
            let ret = composite(types, ra, rb)?;
            if !qa {
                return Some(types.intern(TypeKind::Func {
                    ret,
                    params: pb,
                    variadic: vb,
                    proto: qb,
                }));
            }
            if !qb {
                return Some(types.intern(TypeKind::Func {
                    ret,
                    params: pa,
                    variadic: va,
                    proto: qa,
                }));
            }
            if pa.len() != pb.len() || va != vb {
                return None;
            }
            let mut ps = Vec::new();
            for (x, y) in pa.iter().zip(&pb) {
                ps.push(composite(types, *x, *y)?);
            }
            Some(types.intern(TypeKind::Func {
                ret,
                params: ps,
                variadic: va,
                proto: true,
            }))
        }
        (TypeKind::Enum(_), TypeKind::UInt) | (TypeKind::UInt, TypeKind::Enum(_)) => None,
        (TypeKind::Enum(_), TypeKind::Int) => Some(b),
        (TypeKind::Int, TypeKind::Enum(_)) => Some(a),
        _ => None,
    }
}
