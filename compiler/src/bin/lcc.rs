//! `lcc`: the C compiler driver. This stage supports `-E` (preprocess),
//! `--run-ir` (compile, link and run in the IR interpreter) and
//! `--emit-ir` (print the IR).

use clap::Parser;
use compiler::driver::{self, Options};
use compiler::interp::RunOptions;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "lcc",
    about = "C compiler for the ST200 family (front end and IR interpreter)"
)]
struct Cli {
    /// Preprocess only; write the result to stdout (or -o).
    #[arg(short = 'E')]
    preprocess: bool,
    /// With -E: no line markers.
    #[arg(short = 'P')]
    no_line_markers: bool,
    /// Compile and link the files to IR and run `main` in the IR interpreter.
    #[arg(long = "run-ir")]
    run_ir: bool,
    /// Print the IR of each file (after checking it).
    #[arg(long = "emit-ir")]
    emit_ir: bool,
    /// Stop the interpreter after this many IR instructions.
    #[arg(long = "max-steps")]
    max_steps: Option<u64>,
    /// Add a directory to the include search path.
    #[arg(short = 'I', value_name = "dir")]
    include: Vec<PathBuf>,
    /// Define a macro (`name` or `name=value`).
    #[arg(short = 'D', value_name = "name")]
    define: Vec<String>,
    /// Undefine a macro.
    #[arg(short = 'U', value_name = "name")]
    undef: Vec<String>,
    /// Warnings: `-Wall`, `-Werror` (others accepted and ignored).
    #[arg(short = 'W', value_name = "warning")]
    warnings: Vec<String>,
    /// Machine options: `-mcpu=st220|st231|st240`.
    #[arg(short = 'm', value_name = "option")]
    machine: Vec<String>,
    /// Optimisation level (accepted; the IR stage does not optimise yet).
    #[arg(short = 'O', value_name = "level")]
    opt: Option<String>,
    /// Language standard (accepted: c99, gnu99).
    #[arg(long = "std", value_name = "std")]
    std: Option<String>,
    /// Output file for -E / --emit-ir.
    #[arg(short = 'o', value_name = "file")]
    output: Option<PathBuf>,
    /// Input files (C sources; `.ir` files hold textual IR).
    files: Vec<PathBuf>,
    /// Arguments passed to the program's main after `--`.
    #[arg(last = true)]
    args: Vec<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut opts = Options {
        include_dirs: cli.include.clone(),
        defines: cli.define.clone(),
        undefs: cli.undef.clone(),
        ..Default::default()
    };
    for w in &cli.warnings {
        match w.as_str() {
            "all" => opts.wall = true,
            "error" => opts.werror = true,
            _ => {}
        }
    }
    for m in &cli.machine {
        if let Some(c) = m.strip_prefix("cpu=") {
            if !matches!(c, "st220" | "st231" | "st240") {
                eprintln!("lcc: error: unknown core '{c}' (expected st220, st231 or st240)");
                return ExitCode::from(1);
            }
            opts.core = Some(c.to_string());
        }
    }
    if cli.files.is_empty() {
        eprintln!("lcc: fatal error: no input files");
        return ExitCode::from(1);
    }
    let mut sources = Vec::new();
    for f in &cli.files {
        match std::fs::read(f) {
            Ok(b) => sources.push((f.to_string_lossy().to_string(), b)),
            Err(e) => {
                eprintln!("lcc: error: {}: {e}", f.display());
                return ExitCode::from(1);
            }
        }
    }
    let write_out = |text: &str| -> bool {
        match &cli.output {
            Some(p) => std::fs::write(p, text).is_ok(),
            None => std::io::stdout().write_all(text.as_bytes()).is_ok(),
        }
    };
    if cli.preprocess {
        let mut failed = false;
        let mut all = String::new();
        for (p, s) in &sources {
            let o = driver::preprocess(p, s, &opts, !cli.no_line_markers);
            eprint!("{}", o.diagnostics);
            match o.result {
                Some(t) => all.push_str(&t),
                None => failed = true,
            }
        }
        if !write_out(&all) || failed {
            return ExitCode::from(1);
        }
        return ExitCode::SUCCESS;
    }
    if cli.run_ir {
        let run = RunOptions {
            max_steps: cli.max_steps,
            args: cli.args.clone(),
        };
        let (diag, res) = driver::compile_and_run(&sources, &opts, &run);
        eprint!("{diag}");
        return match res {
            None => ExitCode::from(1),
            Some(Ok(r)) => {
                let _ = std::io::stdout().write_all(&r.stdout);
                let _ = std::io::stdout().flush();
                let _ = std::io::stderr().write_all(&r.stderr);
                ExitCode::from(r.exit_code as u8)
            }
            Some(Err(t)) => {
                eprintln!("lcc: error: the program trapped: {t}");
                ExitCode::from(1)
            }
        };
    }
    // default / --emit-ir: check and print IR
    let mut failed = false;
    let mut text = String::new();
    for (p, s) in &sources {
        let o = driver::compile(p, s, &opts);
        eprint!("{}", o.diagnostics);
        match o.result {
            Some(m) => text.push_str(&m.print()),
            None => failed = true,
        }
    }
    if failed {
        return ExitCode::from(1);
    }
    if cli.emit_ir && !write_out(&text) {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
