//! Scheduling: the order of blocks and the placement of operations in
//! bundles and cycles for the selected processor model (ISA-ST200 §2, §5).
//!
//! - [`layout`]: block layout by static or measured branch probabilities;
//! - [`modulo`]: modulo scheduling (software pipelining) of one-block loops;
//! - [`prepass`]: list scheduling on virtual registers, before allocation;
//! - [`list`]: list scheduling and bundling per block after allocation.

pub mod layout;
pub mod list;
pub mod modulo;
pub mod prepass;
