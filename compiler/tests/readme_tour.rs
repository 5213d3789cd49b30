//! The README's five-minute tour runs as written: its shell blocks are
//! executed with `lcc` and `stsim` on the PATH (the `cargo run` lines,
//! which run the whole testsuite, are left to the testsuite's own tests).

use std::path::{Path, PathBuf};
use std::process::Command;

const LCC: &str = env!("CARGO_BIN_EXE_lcc");

/// The directory holding `lcc`, with `stsim` built beside it if a
/// `cargo test -p compiler` run did not build it.
fn bin_dir() -> PathBuf {
    let dir = Path::new(LCC).parent().expect("bin dir").to_path_buf();
    if !dir.join("stsim").exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let profile_release = dir.ends_with("release");
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "-q", "-p", "simulator", "--bin", "stsim"]);
        if profile_release {
            cmd.arg("--release");
        }
        let st = cmd.status().expect("cargo build stsim");
        assert!(st.success(), "could not build stsim");
    }
    dir
}

/// The ```sh blocks of the README section `## A five-minute tour`.
fn tour_blocks() -> Vec<String> {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .expect("README.md");
    let start = readme.find("## A five-minute tour").expect("tour section");
    let section = &readme[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |e| e + 3);
    let section = &section[..end];
    let mut blocks = Vec::new();
    let mut rest = section;
    while let Some(i) = rest.find("```sh\n") {
        let body = &rest[i + 6..];
        let j = body.find("\n```").expect("closed block");
        blocks.push(body[..j].to_string());
        rest = &body[j + 4..];
    }
    blocks
}

#[test]
fn readme_tour_runs() {
    let blocks = tour_blocks();
    assert!(
        blocks.len() >= 3,
        "the tour has {} shell blocks",
        blocks.len()
    );
    let dir = std::env::temp_dir().join(format!("lcc-readme-tour-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = format!(
        "{}:{}",
        bin_dir().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut script = String::from("set -e\n");
    let mut lines = 0;
    for b in &blocks {
        for line in b.lines() {
            if line.trim_start().starts_with("cargo ") {
                continue;
            }
            // `callgrind_annotate` comes with valgrind, which CI installs;
            // elsewhere the profile is still written and read back below.
            if line.starts_with("callgrind_annotate") && !has("callgrind_annotate") {
                continue;
            }
            script.push_str(line);
            script.push('\n');
            lines += 1;
        }
    }
    assert!(lines >= 10, "only {lines} tour lines");
    let out = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(&dir)
        .env("PATH", path)
        .output()
        .expect("bash");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the tour failed:\n{script}\nstdout:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // sum of i * (1000 - i) for i = 0..999 = 1000 * 499 500 - 332 833 500
    // (the sum of squares n(n+1)(2n+1)/6 with n = 999) = 166 666 500.
    assert!(stdout.contains("166666500"), "stdout:\n{stdout}");
    assert!(dir.join("dot.s").exists(), "lcc -S wrote no dot.s");
    let prof = std::fs::read_to_string(dir.join("dot.prof")).expect("dot.prof");
    assert!(
        prof.contains("fn=") && prof.contains("dot"),
        "not a profile of dot"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn has(tool: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {tool}"))
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn tools_print_their_version_with_the_commit() {
    // `NAME VERSION (COMMIT)`, the commit being `development build` in
    // debug builds (buildinfo's build script).
    // (stsim's own test is in simulator/tests/version.rs.)
    let out = Command::new(LCC)
        .arg("--version")
        .output()
        .expect("run --version");
    let first = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    let want = format!("lcc {} (", env!("CARGO_PKG_VERSION"));
    assert!(
        out.status.success() && first.starts_with(&want) && first.ends_with(')'),
        "lcc: {first}"
    );
}
