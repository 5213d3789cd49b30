//! The ST200 machine description shared by every tool of the toolchain:
//! operations and their encodings, bundle rules, processor models, ELF
//! constants and relocations, ABI register roles.
//!
//! Every fact here comes from the ST200 instruction-set reference of the
//! manual, `docs/src/reference/isa-st200.md`, cited as "ISA-ST200 §N";
//! each item cites its section.

#![warn(missing_docs)]

pub mod abi;
pub mod bundle;
pub mod custom;
pub mod elf;
pub mod encoding;
pub mod model;
pub mod note;
pub mod ops;
pub mod reloc;

pub use ops::{Core, Cores, OpClass, OpInfo, Opcode, OperandKind, OperandSpec, Role, Unit};
