//! The benchmark testsuite: builds each kernel with `lcc` (as a library),
//! runs it in `stsim` (as a library), checks its output and exit status
//! against the expectation, and reports cycles, bundles, operations, IPC,
//! stalls by cause, code size and compile time per benchmark and
//! configuration (README: "The testsuite").

#![warn(missing_docs)]

pub mod bisect;
pub mod chart;
pub mod cli;
pub mod config;
pub mod coremark;
pub mod generated;
pub mod loops;
pub mod man;
pub mod manifest;
pub mod progress;
pub mod report;
pub mod run;
pub mod shard;
pub mod svg;
pub mod sweep;
pub mod torture;

pub use config::BuildConfig;
pub use manifest::Benchmark;
pub use run::{run_one, Measurement, Outcome};
