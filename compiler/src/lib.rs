//! `lcc`, the SSA optimizing C compiler for the ST200 and its gcc-style
//! driver (docs/src/design/architecture.md §4).
//!
//! The folders follow the pipeline; to follow one C function from `lcc` to
//! assembly, open them in this order:
//!
//! | stage | folder | input → output |
//! |---|---|---|
//! | driver | [`driver`] | command line → calls below; runtime cache |
//! | front end | [`frontend`] | C bytes → tokens ([`frontend::pp`]) → typed AST ([`frontend::parse`], [`frontend::sema`]) |
//! | lowering | [`lower`] | AST → IR with locals in stack slots |
//! | IR | [`ir`] | CFG of typed three-address code, phis; verifier, printer, parser |
//! | interpreter | [`interp`] | runs IR: the oracle for every pass |
//! | analyses | [`analysis`] | dominators, frontiers, loop forest, liveness |
//! | optimiser | [`opt`] | IR → IR: SSA construction, SCCP, DCE, GVN, strength reduction, CFG simplification |
//! | code generation | [`codegen`] | IR → machine SSA ([`codegen::isel`]) → if-conversion into psi-SSA ([`codegen::psi::if_convert`], `-O2`) → out of psi-SSA ([`codegen::psi::out_of_psi`]) → out of SSA → registers ([`codegen::regalloc::linear_scan`]) → frame → bundles ([`codegen::sched::list`]) → `.s` text ([`codegen::emit`]) |
//!
//! Imports point from a stage to earlier stages or to the shared layers
//! (`ir`, `analysis`, the `isa` crate), never to a later stage.

#![warn(missing_docs)]

pub mod analysis;
pub mod bisect;
pub mod codegen;
pub mod driver;
pub mod frontend;
pub mod hash;
pub mod interp;
pub mod ir;
pub mod lower;
pub mod opt;
pub mod timing;
