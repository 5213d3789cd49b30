//! `lld-st`: link ST200 ELF objects and archives into an executable
//! (GNU ld conventions).

use linker::cli::{self, Input};
use linker::{link, InputArg};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("lld-st: error: {msg}");
            ExitCode::from(1)
        }
    }
}

fn run() -> Result<ExitCode, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cl = cli::parse(&args)?;
    if cl.help {
        print!("{}", linker::cli::HELP);
        return Ok(ExitCode::SUCCESS);
    }
    if cl.version {
        println!(
            "lld-st {}\nThe linker of the ST200 toolchain.",
            buildinfo::VERSION
        );
        return Ok(ExitCode::SUCCESS);
    }
    let mut opts = cl.options;
    let output = cl.output.unwrap_or_else(|| PathBuf::from("a.out"));
    let (lib_dirs, map, print_gc) = (cl.lib_dirs, cl.map, cl.print_gc);
    let mut errors = Vec::new();
    for p in cl.inputs {
        match p {
            Input::File(f) => match std::fs::read(&f) {
                Ok(data) => opts.inputs.push(InputArg::File { name: f, data }),
                Err(e) => errors.push(format!("cannot open {f}: {e}")),
            },
            Input::Lib(l) => {
                let found = lib_dirs
                    .iter()
                    .map(|d| d.join(format!("lib{l}.a")))
                    .find(|p| Path::new(p).exists());
                match found {
                    Some(p) => match std::fs::read(&p) {
                        Ok(data) => opts.inputs.push(InputArg::File {
                            name: p.to_string_lossy().into_owned(),
                            data,
                        }),
                        Err(e) => errors.push(format!("cannot open {}: {e}", p.display())),
                    },
                    None => errors.push(format!("unable to find library -l{l}")),
                }
            }
            Input::GroupStart => opts.inputs.push(InputArg::GroupStart),
            Input::GroupEnd => opts.inputs.push(InputArg::GroupEnd),
        }
    }
    if opts
        .inputs
        .iter()
        .all(|i| !matches!(i, InputArg::File { .. }))
        && errors.is_empty()
    {
        errors.push("no input files".into());
    }
    let _ = std::fs::remove_file(&output);
    if !errors.is_empty() {
        for e in &errors {
            eprintln!("lld-st: error: {e}");
        }
        return Ok(ExitCode::from(1));
    }
    match link(&opts) {
        Ok(out) => {
            for w in &out.warnings {
                eprintln!("lld-st: warning: {w}");
            }
            if print_gc {
                for g in &out.gc_removed {
                    eprintln!("lld-st: {g}");
                }
            }
            std::fs::write(&output, &out.elf)
                .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(&output, std::fs::Permissions::from_mode(0o755));
            }
            if let (Some(path), Some(text)) = (map, out.map) {
                std::fs::write(&path, text)
                    .map_err(|e| format!("cannot write map file {}: {e}", path.display()))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            for m in &e.messages {
                eprintln!("lld-st: error: {m}");
            }
            Ok(ExitCode::from(1))
        }
    }
}
