//! `las`: the ST200 assembler (ISA-ST200.md §7.5 syntax to ELF32 objects).

use clap::Parser;
use diagnostics::Format;
use isa::Core;
use std::path::PathBuf;
use std::process::ExitCode;

/// Assemble ST200 (ST220/ST231/ST240) assembly into an ELF relocatable object.
#[derive(Parser, Debug)]
#[command(name = "las", version, about, long_about = None)]
struct Args {
    /// Output object file (default: the input's name with `.o`).
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Emit line information for the assembly source when it has no `.loc`.
    #[arg(short = 'g')]
    debug: bool,
    /// Target core: st220, st231 or st240.
    #[arg(long = "mcpu", value_name = "CPU", default_value = "st231", value_parser = parse_core)]
    mcpu: Core,
    /// Folder searched by `.include`.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// How to print diagnostics: text (gcc/binutils style) or rich.
    #[arg(long = "diagnostics-format", value_name = "FORMAT", default_value = "text", value_parser = parse_format)]
    diagnostics_format: Format,
    /// Input assembly file (`-` for standard input).
    input: PathBuf,
}

fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
}

fn parse_core(s: &str) -> Result<Core, String> {
    Core::from_name(s).ok_or_else(|| format!("unknown core `{s}` (expected st220, st231 or st240)"))
}

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
        model: isa::model::ProcessorModel::builtin(args.mcpu),
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
