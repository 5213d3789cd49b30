//! Register allocation and the stack frame.
//!
//! - [`liveness`]: live-in and live-out sets of registers on the machine
//!   CFG;
//! - [`linear_scan`]: global allocation by linear scan with spilling;
//! - [`frame`]: frame layout, prologue and epilogue.

pub mod frame;
pub mod linear_scan;
pub mod liveness;
