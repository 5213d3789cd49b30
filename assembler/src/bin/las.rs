//! `las`: the ST200 assembler (ISA-ST200 §7.5 syntax to ELF32 objects).

use clap::Parser;
use diagnostics::Format;
use isa::Core;
use std::path::PathBuf;
use std::process::ExitCode;

/// Assemble ST200 (ST220/ST231/ST240) assembly into an ELF relocatable object.
#[derive(Parser, Debug)]
#[command(name = "las", version = buildinfo::VERSION, about, long_about = None)]
struct Args {
    /// Output object file (default: the input's name with `.o`).
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Emit line information for the assembly source when it has no `.loc`.
    #[arg(short = 'g')]
    debug: bool,
    /// Target core: st220, st231 or st240 (its built-in machine; with
    /// `--machine`, replaces the machine's core).
    #[arg(long = "mcpu", value_name = "CPU", value_parser = parse_core)]
    mcpu: Option<Core>,
    /// Target machine description (TOML, see `lcc --print-machine st231`):
    /// its bundle rules, lanes, register files and custom operations.
    #[arg(long = "machine", value_name = "FILE.toml")]
    machine: Option<PathBuf>,
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
