//! The `lcc` driver as a library: C source to IR ([`compile()`]), and C
//! source to assembly, objects and executables through `las` and `lld-st`
//! with the runtime built on first use ([`toolchain`], [`runtime()`]).

pub mod compile;
pub mod error;
pub mod help;
pub mod toolchain;

pub use compile::*;
pub use error::Error;
pub use toolchain::*;
