//! `st-man`: a man page per tool showing every option its `--help` shows,
//! and completions for bash, zsh and fish.

use clap::CommandFactory;
use std::process::Command;

/// The options a help text lists: each word starting with `-` at the start
/// of an indented line, and the further `-X` alternatives on that line
/// before the description (e.g. `-O0 -O1 -O2 -O3`, `-fif-convert, -fno-if-convert`).
fn options_of_help(help: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in help.lines() {
        let t = line.trim_start();
        if !line.starts_with(' ') || !t.starts_with('-') {
            continue;
        }
        for word in t.split_whitespace() {
            let w = word.trim_end_matches(',');
            if !w.starts_with('-') {
                break;
            }
            let name = w.split(['=', '[']).next().unwrap_or(w);
            if name.len() > 1 {
                out.push(name.to_string());
            }
        }
    }
    out
}

/// A roff page with its escapes for `-` removed.
fn page(dir: &std::path::Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(format!("{name}.1")))
        .unwrap_or_else(|e| panic!("{name}.1: {e}"))
        .replace("\\-", "-")
}

#[test]
fn man_pages_show_every_option_of_the_help() {
    let dir = std::env::temp_dir().join(format!("st-man-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_st-man"))
        .arg("--out")
        .arg(&dir)
        .output()
        .expect("run st-man");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // lcc and lld-st: the options of the text `lcc --help` and `lld-st
    // --help` print (the same constant).
    for (name, help) in [
        ("lcc", compiler::driver::help::HELP),
        ("lld-st", linker::cli::HELP),
    ] {
        let opts = options_of_help(help);
        assert!(
            opts.len() > 20,
            "{name}: only {} options found in --help",
            opts.len()
        );
        let text = page(&dir, name);
        for o in &opts {
            assert!(text.contains(o.as_str()), "{name}.1 lacks {o}");
        }
    }
    // ... in an OPTIONS section of tagged paragraphs, one per entry of the
    // help (the options in bold, the description below), under the help's
    // groups
    let raw = |name: &str| std::fs::read_to_string(dir.join(format!("{name}.1"))).unwrap();
    let lcc = raw("lcc");
    for want in [
        ".SH OPTIONS\n.SS Modes\n.TP\n\\fB\\-E\\fR\npreprocess only (\\-P: no line markers)\n",
        ".SS Options\n.TP\n\\fB\\-o FILE\\fR\noutput file\n",
        ".TP\n\\fB\\-fprofile\\-use=FILE\\fR\nbranch probabilities for if\\-conversion from",
        ".TP\n\\fB\\-\\-max\\-steps N\\fR\nwith \\-\\-run\\-ir: stop after N IR instructions\n",
    ] {
        assert!(lcc.contains(want), "lcc.1 lacks {want:?}:\n{lcc}");
    }
    assert!(!lcc.contains("Usage:"), "the help text is not pasted whole");
    assert!(
        lcc.contains(".SH SYNOPSIS\n\\fBlcc\\fR [options] file...\n"),
        "{lcc}"
    );
    let lld = raw("lld-st");
    assert!(
        lld.contains(".TP\n\\fB\\-\\-gc\\-sections\\fR\nremove sections not reachable from the entry, KEEP and \\-\\-defsym symbols\n"),
        "{lld}"
    );
    assert!(
        lld.contains(".TP\n\\fB\\-mcpu=CPU, \\-\\-machine FILE\\fR\nthe machine (built\\-in st220, st231, st240, or a TOML description) every input must record; the executable records it\n"),
        "{lld}"
    );
    // The clap tools: every long and short flag of their definitions.
    for (name, cmd) in [
        ("las", assembler::cli::Args::command()),
        ("st-objdump", assembler::cli::Cli::command()),
        ("stsim", simulator::cli::Cli::command()),
        ("testsuite", testsuite::cli::Args::command()),
    ] {
        let text = page(&dir, name);
        let mut n = 0;
        for a in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
            if let Some(l) = a.get_long() {
                assert!(text.contains(&format!("--{l}")), "{name}.1 lacks --{l}");
                n += 1;
            }
            if let Some(s) = a.get_short() {
                assert!(text.contains(&format!("-{s}")), "{name}.1 lacks -{s}");
            }
        }
        assert!(n >= 3, "{name}: {n} long options");
    }
    for shell in ["lcc.bash", "_stsim", "testsuite.fish"] {
        assert!(
            dir.join("completions").join(shell).exists(),
            "{shell} missing"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_options_are_found_by_hand() {
    // The parser of help texts on a hand-written sample.
    let help = "Usage: x\n\nOptions:\n  -o FILE   output\n  -O0 -O1   levels\n  -fa, -fno-a  toggles\n  --max-steps N  limit\nnot -an option\n";
    assert_eq!(
        options_of_help(help),
        ["-o", "-O0", "-O1", "-fa", "-fno-a", "--max-steps"]
    );
}
