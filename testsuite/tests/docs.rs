//! The repository's documentation reads on its own: a short README, a
//! manual whose chapters exist, and citations of the ISA reference that
//! resolve inside the repository.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

/// The text of `path` (bytes that are not UTF-8, such as a test's raw
/// 0xFF in a string literal, read as U+FFFD).
fn read(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Every file under `dir` whose name ends with one of `exts`, skipping
/// build output and the manual's rendered HTML.
fn files(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().to_string();
        if p.is_dir() {
            if !matches!(name.as_str(), "target" | "book" | ".git" | "node_modules") {
                files(&p, exts, out);
            }
        } else if exts.iter().any(|x| name.ends_with(x)) {
            out.push(p);
        }
    }
}

#[test]
fn readme_is_short() {
    // Issue of the documentation: a newcomer reads it in five minutes.
    let lines = read(&root().join("README.md")).lines().count();
    assert!(
        lines < 250,
        "README.md has {lines} lines; the manual in docs/ holds the rest"
    );
}

#[test]
fn every_chapter_of_the_summary_exists() {
    let src = root().join("docs/src");
    let summary = read(&src.join("SUMMARY.md"));
    let mut n = 0;
    for part in summary.split("](").skip(1) {
        let target = part.split(')').next().unwrap_or_default();
        assert!(
            src.join(target).is_file(),
            "SUMMARY.md names {target}, which does not exist"
        );
        n += 1;
    }
    assert!(n >= 20, "SUMMARY.md lists {n} chapters");
}

/// The headings of the ISA reference, as section numbers: `## 2. Bundles`
/// gives "2", `### 2.3 Legal-bundle checklist` gives "2.3".
fn isa_sections() -> Vec<String> {
    read(&root().join("docs/src/reference/isa-st200.md"))
        .lines()
        .filter(|l| l.starts_with("## ") || l.starts_with("### "))
        .filter_map(|l| {
            let number = l.trim_start_matches('#').trim().split(' ').next()?;
            let number = number.trim_end_matches('.');
            number
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.')
                .then(|| number.to_string())
        })
        .collect()
}

#[test]
fn isa_citations_resolve_in_the_repository() {
    let sections = isa_sections();
    // Hand-checked anchors: the bundle rules and the relocations.
    assert!(sections.iter().any(|s| s == "2.3"));
    assert!(sections.iter().any(|s| s == "6.2"));
    let mut sources = Vec::new();
    for dir in [
        "isa",
        "assembler",
        "linker",
        "simulator",
        "compiler",
        "testsuite",
        "runtime",
        "docs/src",
    ] {
        files(
            &root().join(dir),
            &[".rs", ".c", ".s", ".h", ".md"],
            &mut sources,
        );
    }
    let mut cited = 0;
    let mut missing = Vec::new();
    for path in &sources {
        let text = read(path);
        for (i, _) in text.match_indices("ISA-ST200") {
            let rest = &text[i + "ISA-ST200".len()..];
            let rest = rest.strip_prefix(".md").unwrap_or(rest);
            let Some(rest) = rest.strip_prefix(" §") else {
                continue;
            };
            let number: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let number = number.trim_end_matches('.');
            if number.is_empty() {
                continue;
            }
            cited += 1;
            if !sections.iter().any(|s| s == number) {
                missing.push(format!("{}: ISA-ST200 §{number}", path.display()));
            }
        }
    }
    assert!(cited > 100, "only {cited} citations found");
    assert!(
        missing.is_empty(),
        "citations with no such section:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_repository_speaks_of_the_product() {
    // History belongs to `git log` and CHANGELOG.md, not to the README,
    // the manual or the code. The word is assembled from its letters so
    // that this file does not match its own check.
    let word: String = ['s', 'e', 's', 's', 'i', 'o', 'n'].iter().collect();
    let mut files_read = vec![root().join("README.md")];
    for dir in [
        "docs/src",
        "isa",
        "diagnostics",
        "assembler",
        "linker",
        "simulator",
        "compiler",
        "testsuite",
        "runtime",
        "scripts",
        "machines",
        "buildinfo",
    ] {
        files(
            &root().join(dir),
            &[
                ".md", ".rs", ".c", ".s", ".h", ".toml", ".mir", ".ir", ".txt",
            ],
            &mut files_read,
        );
    }
    assert!(files_read.len() > 100, "only {} files", files_read.len());
    for p in files_read {
        let text = read(&p).to_lowercase();
        assert!(
            !text.contains(&word),
            "{} speaks of its history (`{word}`)",
            p.display()
        );
    }
}

#[test]
fn no_comment_cites_a_file_outside_the_repository() {
    // The design and the ISA reference are chapters of docs/; the papers
    // are cited by author, title and year (docs/src/design/references.md).
    let mut sources = Vec::new();
    for dir in [
        "isa",
        "diagnostics",
        "assembler",
        "linker",
        "simulator",
        "compiler",
        "testsuite",
        "runtime",
    ] {
        files(
            &root().join(dir),
            &[".rs", ".c", ".s", ".h", ".mir", ".ir", ".md"],
            &mut sources,
        );
    }
    let outside = [
        "ARCHITECTURE.md",
        "ISA-ST200.md",
        "seed-digest",
        "../shared/seeds",
    ];
    let mut found = Vec::new();
    for p in &sources {
        if p.ends_with("tests/docs.rs") {
            continue;
        }
        let text = read(p);
        for (n, line) in text.lines().enumerate() {
            if let Some(w) = outside.iter().find(|w| line.contains(*w)) {
                found.push(format!("{}:{}: {w}", p.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "citations of files outside the repository:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_main_job_names_one_binary() {
    // `cargo run --release -p testsuite` must know which of the package's
    // binaries to run (the runner, not st-man) without `--bin`.
    let manifest = read(&root().join("testsuite/Cargo.toml"));
    let package: toml::Table = toml::from_str(&manifest).expect("Cargo.toml");
    let default = package["package"]
        .get("default-run")
        .and_then(|v| v.as_str());
    assert_eq!(
        default,
        Some("testsuite"),
        "testsuite/Cargo.toml needs default-run"
    );
}
