//! `st-man --out DIR`: writes the man pages (`DIR/NAME.1`) and shell
//! completions (`DIR/completions/`) of every tool (`testsuite::man`).
//! Install them with, for example,
//! `cargo run --release -p testsuite --bin st-man -- --out ~/.local/share/man/man1`.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;

/// Write the man pages and shell completions of the ST200 toolchain.
#[derive(Parser, Debug)]
#[command(name = "st-man", version = buildinfo::VERSION)]
struct Args {
    /// Folder for NAME.1 (and completions/ for bash, zsh and fish).
    #[arg(long, value_name = "DIR", default_value = "target/man")]
    out: PathBuf,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match testsuite::man::write_all(&args.out) {
        Ok(files) => {
            for f in files {
                println!("{f}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("st-man: error: {e}");
            ExitCode::from(1)
        }
    }
}
