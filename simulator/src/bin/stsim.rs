//! `stsim`: runs an ST200 ELF executable, cycle-accurately.
//!
//! `stsim [--mcpu=st220|st231|st240] [--machine FILE.toml] [--max-cycles N]
//! [--perfect-caches] [--stats] [--stats-json FILE] [--trace FILE
//! [--trace-from N|SYM] [--trace-to N|SYM]] [--profile FILE]
//! [--fs-root DIR] program [args...]`
//!
//! The program runs on the machine recorded in its `.note.st200.machine`
//! (else the built-in model of the core in `e_flags`). `--machine` or
//! `--mcpu` run it on another machine only when its code is legal and
//! timing-safe there (`simulator::compat`); otherwise stsim stops before
//! the first cycle, naming the rule and the first bundle that breaks it
//! (exit status 125).
//!
//! Only the program's output goes to stdout; reports go to stderr or to
//! files, whatever the exit status. The exit status is the program's
//! (`exit` syscall), or one of the codes of `simulator::trap`.

use std::process::ExitCode;

use clap::Parser;
use isa::model::ProcessorModel;
use isa::Core;
use simulator::machine::{TraceBound, TraceWindow};
use simulator::report;
use simulator::trap::EXIT_LOAD_ERROR;
use simulator::{Engine, Machine, Options, Program};

use simulator::cli::Cli;

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("stsim: error: {msg}");
    ExitCode::from(EXIT_LOAD_ERROR as u8)
}

/// A `--trace-from`/`--trace-to` value: a cycle number (decimal or
/// `0x` hexadecimal), else the address of a symbol.
fn trace_bound(v: &str, symbols: &simulator::symbols::Symbols) -> Option<TraceBound> {
    let n = match v.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => v.parse::<u64>().ok(),
    };
    match n {
        Some(c) => Some(TraceBound::Cycle(c)),
        None => symbols.lookup_name(v).map(TraceBound::Pc),
    }
}

fn main() -> ExitCode {
    // Accept gcc-style `-mcpu=X` as well as `--mcpu=X` among stsim's own
    // options (those before the program name).
    const TAKES_VALUE: [&str; 12] = [
        "--trace-from",
        "--trace-to",
        "--fs-root",
        "--engine",
        "--print-machine",
        "--machine",
        "--max-cycles",
        "--stats-json",
        "--trace",
        "--profile",
        "--profile-edges",
        "--mcpu",
    ];
    let mut raw: Vec<String> = Vec::new();
    let (mut in_options, mut expecting_value) = (true, false);
    for (i, a) in std::env::args().enumerate() {
        if i > 0 && in_options {
            if expecting_value {
                expecting_value = false;
            } else if let Some(v) = a.strip_prefix("-mcpu=") {
                raw.push(format!("--mcpu={v}"));
                continue;
            } else if a == "--" || !a.starts_with('-') {
                in_options = false;
            } else {
                expecting_value = TAKES_VALUE.contains(&a.as_str());
            }
        }
        raw.push(a);
    }
    let cli = Cli::parse_from(raw);
    if let Some(name) = &cli.print_machine {
        return match ProcessorModel::by_name_or_file(name) {
            Ok(m) => {
                print!("{}", m.to_commented_toml());
                ExitCode::SUCCESS
            }
            Err(e) => fail(e),
        };
    }
    let Some(program_path) = cli.program.clone() else {
        return fail("no program given");
    };

    let bytes = match std::fs::read(&program_path) {
        Ok(b) => b,
        Err(e) => return fail(format!("cannot read `{}`: {e}", program_path.display())),
    };
    let program = match Program::parse(&bytes) {
        Ok(p) => p,
        Err(e) => return fail(format!("cannot load `{}`: {e}", program_path.display())),
    };
    let mcpu = match &cli.mcpu {
        Some(name) => match Core::from_name(name) {
            Some(c) => Some(c),
            None => {
                return fail(format!(
                    "unknown --mcpu `{name}` (expected st220, st231 or st240)"
                ))
            }
        },
        None => None,
    };
    // The machine recorded in the program, unless --machine or --mcpu
    // name another that it can run on (simulator::compat).
    let file_model = match &cli.machine {
        Some(path) => match ProcessorModel::from_toml_file(path) {
            Ok(m) => Some(m),
            Err(e) => return fail(e),
        },
        None => None,
    };
    let model = match simulator::compat::select_machine(&program, file_model, mcpu) {
        Ok(m) => m,
        Err(refusal) => return fail(format!("`{}`: {refusal}", program_path.display())),
    };
    let engine = match &cli.engine {
        Some(name) => match Engine::from_name(name) {
            Some(e) => e,
            None => {
                return fail(format!(
                    "unknown --engine `{name}` (expected translate or interp)"
                ))
            }
        },
        None => match Engine::from_env() {
            Ok(e) => e,
            Err(e) => return fail(e),
        },
    };
    let options = Options {
        perfect_caches: cli.perfect_caches,
        max_cycles: cli.max_cycles,
        engine,
    };
    let mut machine = match Machine::new(model, options) {
        Ok(m) => m,
        Err(e) => return fail(e),
    };
    let mut argv = vec![program_path.display().to_string()];
    argv.extend(cli.args.iter().cloned());
    if let Err(e) = program.load(&mut machine, &argv) {
        return fail(format!("cannot load `{}`: {e}", program_path.display()));
    }
    if let Some(dir) = &cli.fs_root {
        match simulator::hostfs::HostFs::with_root(dir) {
            Ok(fs) => machine.set_fs(fs),
            Err(e) => return fail(format!("--fs-root `{}`: {e}", dir.display())),
        }
    }
    if let Some(path) = &cli.trace {
        match std::fs::File::create(path) {
            Ok(f) => machine.set_trace(Box::new(std::io::BufWriter::new(f))),
            Err(e) => return fail(format!("cannot create `{}`: {e}", path.display())),
        }
        let mut bounds = [None, None];
        for (slot, (option, value)) in bounds.iter_mut().zip([
            ("--trace-from", &cli.trace_from),
            ("--trace-to", &cli.trace_to),
        ]) {
            if let Some(v) = value {
                match trace_bound(v, &program.symbols) {
                    Some(b) => *slot = Some(b),
                    None => {
                        eprintln!(
                            "stsim: error: {option} `{v}`: neither a cycle number nor a symbol of `{}`",
                            program_path.display()
                        );
                        return ExitCode::from(2);
                    }
                }
            }
        }
        machine.set_trace_window(TraceWindow::new(bounds[0], bounds[1]));
        machine.set_trace_symbols(program.symbols.clone());
    }
    if cli.profile.is_some() {
        machine.enable_profile();
    }
    if cli.profile_edges.is_some() {
        machine.enable_branch_profile();
    }

    let stop = machine.run();
    let code = stop.exit_code();
    let mut report_failed = false;
    if let Err(e) = machine.flush_trace() {
        eprintln!("stsim: error: cannot write the trace: {e}");
        report_failed = true;
    }
    if let Some(msg) = report::stop_message(&stop, &machine, &program.symbols) {
        eprintln!("{msg}");
    }
    let stats = machine.stats();
    let roi = machine.roi();
    let name = machine.model().name.clone();
    if cli.stats {
        eprint!("{}", report::stats_text(&stats, &name));
        eprint!("{}", report::engine_text(&machine.engine_stats()));
        if let Some(roi) = &roi {
            eprint!("{}", report::roi_text(roi));
        }
    }
    if let Some(path) = &cli.stats_json {
        let text = report::stats_json(&stats, roi.as_ref(), &name, code).to_string();
        if let Err(e) = std::fs::write(path, text + "\n") {
            eprintln!("stsim: error: cannot write `{}`: {e}", path.display());
            report_failed = true;
        }
    }
    if let Some(path) = &cli.profile {
        let costs = machine.profile().unwrap_or_default();
        let calls = machine.call_graph().unwrap_or_default();
        let text = report::callgrind(&costs, &calls, &program.symbols, &argv.join(" "));
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("stsim: error: cannot write `{}`: {e}", path.display());
            report_failed = true;
        }
    }
    if let Some(path) = &cli.profile_edges {
        let counts = machine.branch_profile().unwrap_or_default();
        let text = report::branch_profile(&counts, &program.symbols);
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("stsim: error: cannot write `{}`: {e}", path.display());
            report_failed = true;
        }
    }
    if report_failed && code == 0 {
        return ExitCode::from(EXIT_LOAD_ERROR as u8);
    }
    ExitCode::from(code as u8)
}
