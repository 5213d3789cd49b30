//! `st-objdump`: display information from ST200 ELF files (GNU objdump
//! conventions). See [`assembler::objdump`] for the output formats.

use assembler::objdump::{dump, Options};
use clap::error::ErrorKind;
use clap::Parser;
use isa::Core;
use std::io::Write as _;
use std::process::ExitCode;

use assembler::cli::Cli;

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
