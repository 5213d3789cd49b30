//! Semantic analysis shared by the parser and the lowering: the C type
//! table with the usual arithmetic conversions ([`types`]), struct and
//! union layout ([`layout`]), compatible and composite types ([`compat`]),
//! integer constant expressions ([`consteval`]) and the C library the
//! compiler knows ([`libc`]).

pub mod compat;
pub mod consteval;
pub mod layout;
pub mod libc;
pub mod types;
