//! The command lines of `las` and `st-objdump` as `clap` definitions, shared by the binaries and the man pages (`st-man`).
//!
//! The doc comments of the fields are `--help` texts (clap prints them),
//! written for a terminal, not for rustdoc's link syntax.

#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]

use clap::{ArgAction, Parser};
use diagnostics::Format;
use isa::Core;
use std::path::PathBuf;

/// `--diagnostics-format`: `text` or `rich`.
pub fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
}

/// `-mcpu=`: a built-in core by name.
pub fn parse_core(s: &str) -> Result<Core, String> {
    Core::from_name(s).ok_or_else(|| format!("unknown core `{s}` (expected st220, st231 or st240)"))
}

/// Assemble ST200 (ST220/ST231/ST240) assembly into an ELF relocatable object.
#[derive(Parser, Debug)]
#[command(name = "las", version = buildinfo::VERSION, about, long_about = None)]
pub struct Args {
    /// Output object file (default: the input's name with `.o`).
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Emit line information for the assembly source when it has no `.loc`.
    #[arg(short = 'g')]
    pub debug: bool,
    /// Target core: st220, st231 or st240 (its built-in machine; with
    /// `--machine`, replaces the machine's core).
    #[arg(long = "mcpu", value_name = "CPU", value_parser = parse_core)]
    pub mcpu: Option<Core>,
    /// Target machine description (TOML, see `lcc --print-machine st231`):
    /// its bundle rules, lanes, register files and custom operations.
    #[arg(long = "machine", value_name = "FILE.toml")]
    pub machine: Option<PathBuf>,
    /// Folder searched by `.include`.
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// How to print diagnostics: text (gcc/binutils style) or rich.
    #[arg(long = "diagnostics-format", value_name = "FORMAT", default_value = "text", value_parser = parse_format)]
    pub diagnostics_format: Format,
    /// Input assembly file (`-` for standard input).
    pub input: PathBuf,
}

/// Display information from ST200 ELF32 object files and executables.
#[derive(Parser, Debug)]
#[command(name = "st-objdump", version = buildinfo::VERSION, disable_help_flag = true)]
pub struct Cli {
    /// Display the contents of the executable sections, as assembly that `las` re-assembles; with =SYM, only the code of symbol SYM
    #[arg(short = 'd', long = "disassemble", value_name = "SYM", num_args = 0..=1, require_equals = true)]
    pub disassemble: Option<Option<String>>,
    /// With a disassembly, a `# FILE:LINE` comment where each source line starts (from the DWARF line table)
    #[arg(short = 'l', long = "line-numbers")]
    pub line_numbers: bool,
    /// Disassemble with the source lines mixed in, as comments (implies -d)
    #[arg(short = 'S', long = "source")]
    pub source: bool,
    /// Display the contents of every allocated section (data as .word/.byte)
    #[arg(short = 'D', long = "disassemble-all")]
    pub disassemble_all: bool,
    /// Display the contents of the overall file header
    #[arg(short = 'f', long = "file-headers")]
    pub file_headers: bool,
    /// Display the contents of the section headers
    #[arg(short = 'h', long = "section-headers", visible_alias = "headers")]
    pub section_headers: bool,
    /// Display the machine the file is built for, with its description
    #[arg(short = 'p', long = "private-headers")]
    pub private_headers: bool,
    /// Display the contents of the symbol table(s)
    #[arg(short = 't', long = "syms")]
    pub syms: bool,
    /// Display the relocation entries in the file (inline with -d)
    #[arg(short = 'r', long = "reloc")]
    pub reloc: bool,
    /// Display the full contents of all sections
    #[arg(short = 's', long = "full-contents")]
    pub full_contents: bool,
    /// Display all available header information (-f -h -p -t -r)
    #[arg(short = 'x', long = "all-headers")]
    pub all_headers: bool,
    /// Core to decode for (default: from the ELF e_flags, else st231); `-mcpu=CPU` works too
    #[arg(long = "mcpu", value_name = "CPU", value_parser = ["st220", "st231", "st240"])]
    pub mcpu: Option<String>,
    /// Machine description (TOML) whose core decodes and whose bundle rules and lanes check bundles
    #[arg(long = "machine", value_name = "FILE.toml")]
    pub machine: Option<std::path::PathBuf>,
    /// Print help
    #[arg(long = "help", action = ArgAction::Help)]
    pub help: Option<bool>,
    /// Object files or executables (default: a.out)
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
}
