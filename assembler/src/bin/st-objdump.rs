//! `st-objdump`: display information from ST200 ELF files (GNU objdump
//! conventions). See [`assembler::objdump`] for the output formats.

use assembler::objdump::{dump, Options};
use clap::error::ErrorKind;
use clap::{ArgAction, Parser};
use isa::Core;
use std::io::Write as _;
use std::process::ExitCode;

/// Display information from ST200 ELF32 object files and executables.
#[derive(Parser, Debug)]
#[command(name = "st-objdump", version = buildinfo::VERSION, disable_help_flag = true)]
struct Cli {
    /// Display the contents of the executable sections, as assembly that `las` re-assembles; with =SYM, only the code of symbol SYM
    #[arg(short = 'd', long = "disassemble", value_name = "SYM", num_args = 0..=1, require_equals = true)]
    disassemble: Option<Option<String>>,
    /// With a disassembly, a `# FILE:LINE` comment where each source line starts (from the DWARF line table)
    #[arg(short = 'l', long = "line-numbers")]
    line_numbers: bool,
    /// Disassemble with the source lines mixed in, as comments (implies -d)
    #[arg(short = 'S', long = "source")]
    source: bool,
    /// Display the contents of every allocated section (data as .word/.byte)
    #[arg(short = 'D', long = "disassemble-all")]
    disassemble_all: bool,
    /// Display the contents of the overall file header
    #[arg(short = 'f', long = "file-headers")]
    file_headers: bool,
    /// Display the contents of the section headers
    #[arg(short = 'h', long = "section-headers", visible_alias = "headers")]
    section_headers: bool,
    /// Display the machine the file is built for, with its description
    #[arg(short = 'p', long = "private-headers")]
    private_headers: bool,
    /// Display the contents of the symbol table(s)
    #[arg(short = 't', long = "syms")]
    syms: bool,
    /// Display the relocation entries in the file (inline with -d)
    #[arg(short = 'r', long = "reloc")]
    reloc: bool,
    /// Display the full contents of all sections
    #[arg(short = 's', long = "full-contents")]
    full_contents: bool,
    /// Display all available header information (-f -h -p -t -r)
    #[arg(short = 'x', long = "all-headers")]
    all_headers: bool,
    /// Core to decode for (default: from the ELF e_flags, else st231); `-mcpu=CPU` works too
    #[arg(long = "mcpu", value_name = "CPU", value_parser = ["st220", "st231", "st240"])]
    mcpu: Option<String>,
    /// Machine description (TOML) whose core decodes and whose bundle rules and lanes check bundles
    #[arg(long = "machine", value_name = "FILE.toml")]
    machine: Option<std::path::PathBuf>,
    /// Print help
    #[arg(long = "help", action = ArgAction::Help)]
    help: Option<bool>,
    /// Object files or executables (default: a.out)
    #[arg(value_name = "FILE")]
    files: Vec<String>,
}

fn main() -> ExitCode {
    // gcc-style `-mcpu=st220`: clap takes `--mcpu=`; accept the single-dash form too.
    let argv = std::env::args().map(|a| {
        if a.starts_with("-mcpu") {
            format!("-{a}")
        } else {
            a
        }
    });
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) => {
            // objdump's status for a bad command line is 1.
            let _ = e.print();
            return ExitCode::FAILURE;
        }
    };
    let opts = Options {
        file_header: cli.file_headers || cli.all_headers,
        section_headers: cli.section_headers || cli.all_headers,
        private_headers: cli.private_headers || cli.all_headers,
        syms: cli.syms || cli.all_headers,
        relocs: cli.reloc || cli.all_headers,
        full_contents: cli.full_contents,
        disassemble: cli.disassemble.is_some(),
        disassemble_all: cli.disassemble_all,
        core: cli.mcpu.as_deref().and_then(Core::from_name),
        model: None,
        line_numbers: cli.line_numbers,
        source: cli.source,
        disassemble_symbol: cli.disassemble.clone().flatten(),
    };
    let mut opts = opts;
    if let Some(path) = &cli.machine {
        match isa::model::ProcessorModel::from_toml_file(path) {
            Ok(m) => opts.model = Some(m),
            Err(e) => {
                match e {
                    // The I/O error names the file already.
                    isa::model::ModelError::Io { .. } => eprintln!("st-objdump: error: {e}"),
                    _ => eprintln!("st-objdump: error: {}: {e}", path.display()),
                }
                return ExitCode::FAILURE;
            }
        }
    }
    if !opts.any() {
        eprintln!(
            "st-objdump: at least one of -d, -D, -S, -f, -h, -p, -r, -s, -t or -x must be given"
        );
        eprintln!("Try 'st-objdump --help' for more information.");
        return ExitCode::FAILURE;
    }
    let files = if cli.files.is_empty() {
        vec!["a.out".to_string()]
    } else {
        cli.files
    };
    let mut status = ExitCode::SUCCESS;
    let stdout = std::io::stdout();
    for file in &files {
        let bytes = match std::fs::read(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("st-objdump: {file}: {e}");
                status = ExitCode::FAILURE;
                continue;
            }
        };
        match dump(file, &bytes, &opts) {
            Ok(text) => {
                let mut out = stdout.lock();
                if out
                    .write_all(text.as_bytes())
                    .and_then(|()| out.flush())
                    .is_err()
                {
                    // Closed pipe (e.g. `| head`): stop quietly.
                    return status;
                }
            }
            Err(e) => {
                eprintln!("st-objdump: {file}: {e}");
                status = ExitCode::FAILURE;
            }
        }
    }
    status
}
