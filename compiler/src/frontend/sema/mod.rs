//! Semantic analysis shared by the parser and the lowering: the C type
//! table with struct layout ([`types`]) and integer constant expressions
//! ([`consteval`]).

pub mod consteval;
pub mod libc;
pub mod types;
