//! `lcc`, the SSA optimizing C compiler and gcc-style driver (see
//! ARCHITECTURE.md section 4). This crate currently holds the front end:
//!
//! - [`pp`]: the C preprocessor (`lcc -E`);
//! - [`lex`]: preprocessing tokens;
//! - [`parse`] and [`expr`]: recursive-descent parser with semantic analysis,
//!   producing the typed [`ast`];
//! - [`ir`]: the CFG-based IR (arenas, typed indices, phi instructions), its
//!   textual form, parser and verifier;
//! - [`lower`]: AST to IR;
//! - [`interp`]: the IR interpreter with the C library subset;
//! - [`driver`]: whole-program entry points used by the `lcc` binary and tests.

pub mod ast;
pub mod backend;
pub mod consteval;
pub mod driver;
pub mod expr;
pub mod interp;
pub mod ir;
pub mod lex;
pub mod lower;
pub mod opt;
pub mod parse;
pub mod pp;
pub mod source;
pub mod toolchain;
pub mod types;
