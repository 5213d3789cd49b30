//! The command line of `stsim` as a `clap` definition, shared by the binary and the man page (`st-man`).
//!
//! The doc comments of the fields are `--help` texts (clap prints them),
//! written for a terminal, not for rustdoc's link syntax.

#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]

use clap::Parser;
use std::path::PathBuf;

/// `stsim`'s command line.
#[derive(Parser, Debug)]
#[command(
    name = "stsim",
    version = buildinfo::VERSION,
    about = "Cycle-accurate simulator for ST200 (ST231) ELF executables",
    after_help = "Exit status: the program's exit status; 124 cycle limit reached; 125 cannot load; \
132 illegal instruction; 133 breakpoint; 134 idle; 135 misaligned access; 138 stack overflow \
(a store below the stack limit __stack_limit with $r12 below it); 139 memory fault. \
125 also when the program cannot run on the machine chosen with --machine or --mcpu. \
Everything after the program's name is the program's: `stsim prog -x` passes -x to prog."
)]
pub struct Cli {
    /// Run on this built-in machine (st220, st231 or st240) instead of the
    /// one recorded in the executable; refused unless the code is legal
    /// and timing-safe there.
    #[arg(long, value_name = "CPU")]
    pub mcpu: Option<String>,
    /// Run on the machine described by this TOML file (see isa::model)
    /// instead of the one recorded in the executable; refused unless the
    /// code is legal and timing-safe there.
    #[arg(long, value_name = "FILE.toml")]
    pub machine: Option<PathBuf>,
    /// Stop the run after N cycles (exit status 124).
    #[arg(long, value_name = "N")]
    pub max_cycles: Option<u64>,
    /// Every cache access hits.
    #[arg(long)]
    pub perfect_caches: bool,
    /// Execution engine: `translate` (default; or the `STSIM_ENGINE`
    /// environment variable) or `interp` (the reference interpreter). Both
    /// give the same results.
    #[arg(long, value_name = "ENGINE")]
    pub engine: Option<String>,
    /// Print cycle, bundle, operation, stall and cache statistics to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Write the statistics as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,
    /// Write one line per bundle (cycle, PC, disassembly, writes, then
    /// `# function file:line` and the stall cycles charged to the bundle
    /// by cause) to FILE.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Start the trace at cycle N (the first bundle issued at or after
    /// it), or at the first bundle at SYMBOL (a function's name).
    #[arg(long, value_name = "N|SYMBOL", requires = "trace")]
    pub trace_from: Option<String>,
    /// End the trace at cycle N (the last bundle issued at or before it),
    /// or with the first bundle at SYMBOL after the start.
    #[arg(long, value_name = "N|SYMBOL", requires = "trace")]
    pub trace_to: Option<String>,
    /// Write a callgrind-format profile (per function and line) to FILE.
    #[arg(long, value_name = "FILE")]
    pub profile: Option<PathBuf>,
    /// Write the taken / not-taken counts of every conditional branch
    /// (address, source line and column, function) to FILE, for
    /// `lcc -fprofile-use=FILE`.
    #[arg(long, value_name = "FILE")]
    pub profile_edges: Option<PathBuf>,
    /// Let the program open, create and remove files inside DIR (and only
    /// there: paths that leave it through `..`, absolute paths outside it
    /// and symbolic links are refused). Without it every file call fails
    /// with EACCES.
    #[arg(long, value_name = "DIR")]
    pub fs_root: Option<PathBuf>,
    /// Print the complete, commented description of a built-in machine
    /// (st220, st231, st240) or of a machine file, and exit.
    #[arg(long, value_name = "NAME", exclusive = true)]
    pub print_machine: Option<String>,
    /// The ELF executable.
    #[arg(required_unless_present = "print_machine")]
    pub program: Option<PathBuf>,
    /// Arguments passed to the program (argv[1..]).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}
