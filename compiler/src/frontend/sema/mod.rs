//! Semantic analysis shared by the parser and the lowering: the C type
//! table with the usual arithmetic conversions ([`types`]), struct and
//! union layout ([`layout`]), compatible and composite types ([`compat`]),
//! integer constant expressions ([`consteval`]) and the C library the
//! compiler knows ([`libc`]), GNU vector types ([`vector`]).

pub mod compat;
pub mod consteval;
pub mod layout;
pub mod libc;
pub mod types;
pub mod vector;
