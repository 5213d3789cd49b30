//! Man pages and shell completions of the toolchain's tools, generated from
//! their `clap` definitions (`clap_mangen`, `clap_complete`): `st-man
//! --out DIR` writes `DIR/NAME.1` for `lcc`, `las`, `lld-st`, `stsim`,
//! `st-objdump` and `testsuite`, and `DIR/completions/` for bash, zsh and
//! fish.
//!
//! `lcc` and `lld-st` parse their command lines by hand (gcc's and GNU
//! ld's single-dash long options, such as `-fno-gvn` or `-Ttext=`, have no
//! `clap` form): their pages carry their `--help` text as the OPTIONS
//! section of a `clap` command that names them, so the page lists every
//! option `--help` lists.

use clap::{Command, CommandFactory};
use std::path::Path;

/// The text of a tool's help between its usage line and the end, for the
/// hand-parsed tools.
fn hand_parsed(name: &'static str, about: &'static str, help: &'static str) -> Command {
    Command::new(name)
        .version(buildinfo::VERSION)
        .about(about)
        .override_usage(
            help.lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("Usage: "),
        )
        .after_long_help(help)
        .disable_help_flag(true)
        .disable_version_flag(true)
}

/// The `clap` command of every tool, by binary name.
pub fn commands() -> Vec<Command> {
    vec![
        hand_parsed(
            "lcc",
            "C compiler of the ST200 toolchain",
            compiler::driver::help::HELP,
        ),
        assembler::cli::Args::command().name("las"),
        hand_parsed("lld-st", "Linker of the ST200 toolchain", linker::cli::HELP),
        simulator::cli::Cli::command().name("stsim"),
        assembler::cli::Cli::command().name("st-objdump"),
        crate::cli::Args::command().name("testsuite"),
    ]
}

/// Writes `NAME.1` for every tool into `dir`, and the completions into
/// `dir/completions`. Errors name the file.
pub fn write_all(dir: &Path) -> Result<Vec<String>, String> {
    let io = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    std::fs::create_dir_all(dir.join("completions")).map_err(|e| io(dir, e))?;
    let mut written = Vec::new();
    for mut cmd in commands() {
        let name = cmd.get_name().to_string();
        let path = dir.join(format!("{name}.1"));
        let mut page = Vec::new();
        clap_mangen::Man::new(cmd.clone())
            .render(&mut page)
            .map_err(|e| io(&path, e))?;
        std::fs::write(&path, page).map_err(|e| io(&path, e))?;
        written.push(path.display().to_string());
        for shell in [
            clap_complete::Shell::Bash,
            clap_complete::Shell::Zsh,
            clap_complete::Shell::Fish,
        ] {
            let out = clap_complete::generate_to(shell, &mut cmd, &name, dir.join("completions"))
                .map_err(|e| io(&dir.join("completions"), e))?;
            written.push(out.display().to_string());
        }
    }
    Ok(written)
}
