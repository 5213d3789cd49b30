//! `las`, the ST200 assembler, and `st-objdump`, its disassembler, as a
//! library.
//!
//! - [`assemble`] turns assembly text (syntax of ISA-ST200 §7.5) into an
//!   ELF32 relocatable object (§6);
//! - [`relocatable`] is the in-memory relocatable object, [`elf`] writes
//!   it, [`dwarf`] builds its line table and compile unit;
//! - [`diag`] collects diagnostics and prints them through the shared
//!   renderer of the `diagnostics` crate (`file:line:col: error: …` with a
//!   caret, or the rich form).

#![warn(missing_docs)]

mod asm;
pub mod cli;
pub mod diag;
pub mod dwarf;
pub mod elf;
pub mod expr;
pub mod linetable;
pub mod objdump;
pub mod parse;
pub mod relocatable;

pub use diag::Diagnostics;

use std::path::PathBuf;

/// Options of one assembly (the `las` command line).
#[derive(Debug, Clone)]
pub struct Options {
    /// Target machine (`-mcpu=` or `--machine`): its core's operations
    /// (the others are errors), bundle rules, lanes and register files.
    pub model: isa::model::ProcessorModel,
    /// `-g`: without `.loc` directives, emit line information for the
    /// assembly source itself.
    pub debug: bool,
    /// `-I` folders searched by `.include` after the including file's folder.
    pub include_dirs: Vec<PathBuf>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            model: isa::model::ProcessorModel::st231(),
            debug: false,
            include_dirs: Vec::new(),
        }
    }
}

/// Assembles `source` (named `file_name` in diagnostics) into an in-memory
/// object. Returns the object (or `None` when there are errors) and every
/// diagnostic, warnings included.
pub fn assemble_object(
    file_name: &str,
    source: &str,
    options: &Options,
) -> (Option<relocatable::ObjectFile>, Diagnostics) {
    let mut a = asm::Assembler::new(options);
    a.source(file_name, source);
    a.finish(file_name)
}

/// Assembles `source` into the bytes of an ELF32 relocatable object
/// (ISA-ST200 §6.1), or returns the diagnostics when there is an error.
pub fn assemble(file_name: &str, source: &str, options: &Options) -> Result<Vec<u8>, Diagnostics> {
    let (obj, mut diags) = assemble_object(file_name, source, options);
    let Some(obj) = obj else { return Err(diags) };
    match elf::write_elf(&obj) {
        Ok(bytes) => Ok(bytes),
        Err(e) => {
            diags.error_global(format!("cannot write the object: {e}"));
            Err(diags)
        }
    }
}
