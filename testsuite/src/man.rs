//! Man pages and shell completions of the toolchain's tools, generated from
//! their `clap` definitions (`clap_mangen`, `clap_complete`): `st-man
//! --out DIR` writes `DIR/NAME.1` for `lcc`, `las`, `lld-st`, `stsim`,
//! `st-objdump` and `testsuite`, and `DIR/completions/` for bash, zsh and
//! fish.
//!
//! `lcc` and `lld-st` parse their command lines by hand (gcc's and GNU
//! ld's single-dash long options, such as `-fno-gvn` or `-Ttext=`, have no
//! `clap` form): their `--help` text (one constant each) is parsed into
//! its groups and entries ([`help_entries`]), and their pages have an
//! OPTIONS section with one tagged paragraph per entry, so the page lists
//! every option `--help` lists, from the same text.

use clap::{Command, CommandFactory};
use std::path::Path;

/// A `clap` command naming a hand-parsed tool (for its page's title and
/// NAME, and its completions); the OPTIONS come from [`help_entries`].
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
        .disable_help_flag(true)
        .disable_version_flag(true)
}

/// One option of a help text: the option column (`-o FILE`, `-O0 -O1 -O2
/// -O3`, `-fif-convert, -fno-if-convert`) and its description (the
/// description column of its lines, joined).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpEntry {
    /// The options and their arguments, as the help writes them.
    pub options: String,
    /// What they do.
    pub description: String,
}

/// A help text parsed: the paragraphs before the first group (after the
/// usage line), then the groups (`Modes:`, `Options:`) of entries.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ParsedHelp {
    /// Paragraphs of the description.
    pub description: Vec<String>,
    /// Each group's heading (without its colon) and entries.
    pub groups: Vec<(String, Vec<HelpEntry>)>,
}

/// Parses a help text laid out as `lcc --help` and `lld-st --help` are: a
/// `Usage:` line, paragraphs, then groups headed by an unindented line
/// ending with `:`, whose entries start with a line indented by two
/// spaces (the options, then after two spaces or at the description
/// column the start of the description) and continue with lines indented
/// to the description column. An entry whose options end with `,` and
/// have no description continues on the next entry line.
pub fn help_entries(help: &str) -> ParsedHelp {
    let mut out = ParsedHelp::default();
    // the description column: the indentation of continuation lines
    let column = help
        .lines()
        .filter(|l| l.starts_with("   "))
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(usize::MAX);
    let mut paragraph = String::new();
    for line in help.lines().skip_while(|l| l.starts_with("Usage:")) {
        let text = line.trim();
        let indent = line.len() - line.trim_start().len();
        if text.is_empty() {
            if !paragraph.is_empty() {
                out.description.push(std::mem::take(&mut paragraph));
            }
        } else if indent == 0 && text.ends_with(':') {
            out.groups
                .push((text.trim_end_matches(':').to_string(), Vec::new()));
        } else if indent == 0 || out.groups.is_empty() {
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            paragraph.push_str(text);
        } else if let Some((_, entries)) = out.groups.last_mut() {
            let join = |to: &mut String, more: &str| {
                if !to.is_empty() && !more.is_empty() {
                    to.push(' ');
                }
                to.push_str(more);
            };
            if indent == 2 {
                let (options, description) = match text.split_once("  ") {
                    Some((o, d)) => (o.trim(), d.trim()),
                    None if line.len() > column
                        && line.is_char_boundary(column)
                        && line[..column].ends_with(' ') =>
                    {
                        (line[..column].trim(), line[column..].trim())
                    }
                    None => (text, ""),
                };
                match entries.last_mut() {
                    Some(e) if e.description.is_empty() && e.options.ends_with(',') => {
                        join(&mut e.options, options);
                        e.description = description.to_string();
                    }
                    _ => entries.push(HelpEntry {
                        options: options.to_string(),
                        description: description.to_string(),
                    }),
                }
            } else if let Some(e) = entries.last_mut() {
                join(&mut e.description, text);
            }
        }
    }
    if !paragraph.is_empty() {
        out.description.push(paragraph);
    }
    out
}

/// `text` for a roff line: backslashes and minus signs escaped, and a
/// leading `.` or `'` kept from being read as a request.
fn roff(text: &str) -> String {
    let t = text.replace('\\', "\\e").replace('-', "\\-");
    if t.starts_with(['.', '\'']) {
        format!("\\&{t}")
    } else {
        t
    }
}

/// The man page of a hand-parsed tool: `clap_mangen`'s title and NAME of
/// `cmd`, the help's usage line as SYNOPSIS, a DESCRIPTION of the help's paragraphs, an OPTIONS
/// section with a sub-section per group and a tagged paragraph per
/// entry, and VERSION.
fn hand_parsed_page(cmd: &Command, help: &str) -> Result<Vec<u8>, std::io::Error> {
    use std::io::Write as _;
    let parsed = help_entries(help);
    let man = clap_mangen::Man::new(cmd.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    // the usage line of the help: `lcc [options] file...`
    let usage = help.lines().next().unwrap_or_default();
    let usage = usage.trim_start_matches("Usage:").trim();
    let (tool, rest) = usage.split_once(' ').unwrap_or((usage, ""));
    writeln!(page, ".SH SYNOPSIS\n\\fB{}\\fR {}", roff(tool), roff(rest))?;
    writeln!(page, ".SH DESCRIPTION")?;
    for p in &parsed.description {
        writeln!(page, ".PP\n{}", roff(p))?;
    }
    writeln!(page, ".SH OPTIONS")?;
    for (group, entries) in &parsed.groups {
        writeln!(page, ".SS {}", roff(group))?;
        for e in entries {
            writeln!(page, ".TP\n\\fB{}\\fR", roff(&e.options))?;
            if !e.description.is_empty() {
                writeln!(page, "{}", roff(&e.description))?;
            }
        }
    }
    man.render_version_section(&mut page)?;
    Ok(page)
}

/// The help text of each hand-parsed tool, by binary name.
const HAND_PARSED: &[(&str, &str)] = &[
    ("lcc", compiler::driver::help::HELP),
    ("lld-st", linker::cli::HELP),
];

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
        match HAND_PARSED.iter().find(|(n, _)| *n == name) {
            Some((_, help)) => page = hand_parsed_page(&cmd, help).map_err(|e| io(&path, e))?,
            None => clap_mangen::Man::new(cmd.clone())
                .render(&mut page)
                .map_err(|e| io(&path, e))?,
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_texts_parse_into_groups_and_entries() {
        let help = "Usage: t [options] file\n\nDo things.\nMore words.\n\nModes:\n  -c        compile\n\nOptions:\n  -o FILE   output file\n  -fa, -fno-a  a flag that\n            wraps\n  -Ta=X, -Tb=X,\n  -Tc=X     three addresses\n  -fx=FILES one space\n  --long-option-without-room\n            its text\n";
        let p = help_entries(help);
        assert_eq!(p.description, ["Do things. More words."]);
        let names: Vec<&str> = p.groups.iter().map(|g| g.0.as_str()).collect();
        assert_eq!(names, ["Modes", "Options"]);
        let e = |o: &str, d: &str| HelpEntry {
            options: o.into(),
            description: d.into(),
        };
        assert_eq!(p.groups[0].1, [e("-c", "compile")]);
        assert_eq!(
            p.groups[1].1,
            [
                e("-o FILE", "output file"),
                e("-fa, -fno-a", "a flag that wraps"),
                e("-Ta=X, -Tb=X, -Tc=X", "three addresses"),
                e("-fx=FILES", "one space"),
                e("--long-option-without-room", "its text"),
            ]
        );
    }

    #[test]
    fn roff_escapes() {
        assert_eq!(roff("-O2 a\\b"), "\\-O2 a\\eb");
        assert_eq!(roff(".x"), "\\&.x");
    }
}
