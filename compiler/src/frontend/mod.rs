//! The C front end: source files and diagnostics ([`source`]), the
//! preprocessor ([`pp`]) over preprocessing tokens ([`lex`]), and the
//! recursive-descent parser with semantic analysis ([`parse`], [`sema`])
//! producing the typed [`ast`].

pub mod ast;
pub mod lex;
pub mod parse;
pub mod pp;
pub mod sema;
pub mod source;
