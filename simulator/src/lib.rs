//! `stsim`, the cycle-accurate ST200 simulator (ST231 first; ST220 and
//! ST240 as variants), as a library. See docs/src/design/architecture.md §5 and
//! ISA-ST200 §4 (semantics) and §5 (timing).
//!
//! - [`compat`]: whether a program built for one machine may run on another;
//! - [`loader`]: ELF32 executables (`e_machine` 100) into memory, entry state;
//! - [`memory`]: sparse paged 32-bit memory;
//! - [`decode`]: bundles decoded once and cached by address;
//! - [`machine`]: the core — semantics, scoreboard, caches, semihosting;
//! - [`cache`]: set-associative LRU caches;
//! - [`symbols`]: functions and `file:line` for messages and profiles;
//! - [`report`]: `--stats`, `--stats-json`, `--profile` (callgrind format)
//!   and trap messages;
//! - [`trap`]: why a run stops, and the exit statuses.
//!
//! Typical use:
//!
//! ```no_run
//! use simulator::{Machine, Options, Program};
//! let bytes = std::fs::read("a.out").unwrap();
//! let program = Program::parse(&bytes).unwrap();
//! let model = isa::model::ProcessorModel::st231();
//! let mut m = Machine::new(model, Options::default()).unwrap();
//! program.load(&mut m, &["a.out".to_string()]).unwrap();
//! let stop = m.run();
//! std::process::exit(stop.exit_code());
//! ```

#![warn(missing_docs)]

pub mod cache;
pub mod cli;
pub mod compat;
pub mod decode;
pub mod hostfs;
pub mod loader;
pub mod machine;
pub mod memory;
pub mod report;
pub mod symbols;
pub mod trap;

pub use loader::{LoadError, Program};
pub use machine::{BundleCosts, CallArc, Engine, EngineStats, Io, Machine, Options, Roi, Stats};
pub use trap::{Stop, Trap, TrapKind};
