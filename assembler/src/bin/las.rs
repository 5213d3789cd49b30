//! `las`: the ST200 assembler (ISA-ST200 §7.5 syntax to ELF32 objects).

use clap::Parser;

use isa::Core;
use std::path::PathBuf;
use std::process::ExitCode;

use assembler::cli::Args;

fn main() -> ExitCode {
    // gcc-style `-mcpu=st220`: clap takes `--mcpu=`; accept the single-dash form too.
    let argv: Vec<String> = std::env::args()
        .map(|a| {
            if a.starts_with("-mcpu") {
                format!("-{a}")
            } else {
                a
            }
        })
        .collect();
    let args = Args::parse_from(argv);
    let model = match &args.machine {
        Some(path) => match isa::model::ProcessorModel::from_toml_file(path) {
            Ok(mut m) => {
                if let Some(c) = args.mcpu {
                    m.core = c;
                }
                m
            }
            Err(e) => {
                match e {
                    // The I/O error names the file already.
                    isa::model::ModelError::Io { .. } => eprintln!("las: error: {e}"),
                    _ => eprintln!("las: error: {}: {e}", path.display()),
                }
                return ExitCode::from(1);
            }
        },
        None => isa::model::ProcessorModel::builtin(args.mcpu.unwrap_or(Core::St231)),
    };
    let name = args.input.to_string_lossy().into_owned();
    let text = if name == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut s) {
            eprintln!("las: error: cannot read standard input: {e}");
            return ExitCode::from(1);
        }
        s
    } else {
        match std::fs::read(&args.input) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                eprintln!("las: error: cannot read {name}: {e}");
                return ExitCode::from(1);
            }
        }
    };
    let output = args.output.clone().unwrap_or_else(|| {
        if name == "-" {
            PathBuf::from("a.out")
        } else {
            args.input.with_extension("o")
        }
    });
    let opts = assembler::Options {
        model,
        debug: args.debug,
        include_dirs: args.include,
    };
    let (obj, diags) = assembler::assemble_object(&name, &text, &opts);
    eprint!("{}", diags.render_as(args.diagnostics_format));
    let Some(obj) = obj else {
        let _ = std::fs::remove_file(&output);
        return ExitCode::from(1);
    };
    let bytes = match assembler::elf::write_elf(&obj) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("las: error: cannot write {}: {e}", output.display());
            let _ = std::fs::remove_file(&output);
            return ExitCode::from(1);
        }
    };
    if let Err(e) = std::fs::write(&output, bytes) {
        eprintln!("las: error: cannot write {}: {e}", output.display());
        let _ = std::fs::remove_file(&output);
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
