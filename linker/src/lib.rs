//! `lld-st`, the ST200 linker, as a library: ELF32 relocatable objects and
//! `ar` archives in, a static ELF32 executable out (ISA-ST200 §6),
//! following GNU ld's conventions (symbol resolution, archive member
//! extraction, linker scripts, `--gc-sections`, `-Map`).
//!
//! - [`input`] reads objects and archives;
//! - [`script`] parses linker scripts, and holds the default layout;
//! - `link` resolves symbols, collects garbage, lays out, relocates and
//!   makes the symbol table and the map (one file per job under `link/`);
//! - [`output`] writes the executable.

#![warn(missing_docs)]

pub mod cli;
mod dwarf;
pub mod input;
mod link;
pub mod output;
pub mod profile;
pub mod script;

/// One input of the command line, in order.
#[derive(Debug, Clone)]
pub enum InputArg {
    /// An object or an archive: its name (for messages) and contents.
    File {
        /// Name as given (`a.o`, `libc.a`).
        name: String,
        /// Contents.
        data: Vec<u8>,
    },
    /// `--start-group`.
    GroupStart,
    /// `--end-group`.
    GroupEnd,
}

/// What to link and how (GNU ld options).
#[derive(Debug, Clone, Default)]
pub struct LinkOptions {
    /// Inputs in command-line order.
    pub inputs: Vec<InputArg>,
    /// `-e`: entry symbol (default: the script's `ENTRY`, else `_start`).
    pub entry: Option<String>,
    /// `-T`: script name and text (default: [`script::DEFAULT_SCRIPT`]).
    pub script: Option<(String, String)>,
    /// `-Ttext=`, `-Tdata=`, `--section-start=`: output section addresses.
    pub section_starts: Vec<(String, u64)>,
    /// `--defsym name=expr`.
    pub defsyms: Vec<(String, String)>,
    /// `--gc-sections`.
    pub gc_sections: bool,
    /// `-Map`: build the map text.
    pub map: bool,
    /// `-s`: no symbol table.
    pub strip_all: bool,
    /// `-S`: no debug sections.
    pub strip_debug: bool,
    /// Link objects built for different cores or machines (the output
    /// records the first machine).
    pub allow_mixed_cores: bool,
    /// `-mcpu=NAME` / `--machine FILE`: the machine the executable is for.
    /// Every input that records a machine must record this one, and the
    /// executable records it even when no input does.
    pub machine: Option<isa::model::ProcessorModel>,
    /// `--no-sort-sections`: keep code sections in input order instead of
    /// placing them for the I-cache (see the lld-st chapter of the manual).
    pub no_sort_sections: bool,
    /// `--call-graph-profile FILE`: measured call counts ([`profile`]) that
    /// code placement uses instead of its static estimate.
    pub call_graph_profile: Option<Vec<profile::ProfileEdge>>,
}

/// The result of a successful link.
#[derive(Debug, Clone)]
pub struct LinkOutput {
    /// The executable.
    pub elf: Vec<u8>,
    /// The `-Map` text, when asked for.
    pub map: Option<String>,
    /// Warnings (e.g. a missing entry symbol).
    pub warnings: Vec<String>,
    /// `--print-gc-sections` lines.
    pub gc_removed: Vec<String>,
}

/// Every error of a failed link, each a complete message.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{}", messages.join("\n"))]
pub struct LinkError {
    /// Messages, in the order found.
    pub messages: Vec<String>,
}

/// Links according to `opts`.
pub fn link(opts: &LinkOptions) -> Result<LinkOutput, LinkError> {
    link::Linker::new(opts).run()
}

/// Links objects (and archives) with the default layout and no options:
/// the simple entry point for tests and for the compiler driver.
pub fn link_objects(inputs: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let opts = LinkOptions {
        inputs: inputs
            .iter()
            .map(|(n, d)| InputArg::File {
                name: n.clone(),
                data: d.clone(),
            })
            .collect(),
        ..LinkOptions::default()
    };
    link(&opts).map(|o| o.elf).map_err(|e| e.to_string())
}
