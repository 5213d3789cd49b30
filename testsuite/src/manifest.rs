//! Benchmark manifests: `testsuite/benchmarks/<name>/bench.toml` with the
//! sources, arguments, standard input and expected exit code, beside
//! `expected.out` (the stdout of the host `gcc -m32` build). A suite can
//! also be a folder of single-file self-checking C programs whose exit
//! status 0 means success.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The fields of `bench.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    sources: Vec<String>,
    #[serde(default)]
    args: Vec<String>,
    /// Standard input: a file name in the benchmark folder, or "" for none.
    #[serde(default)]
    stdin: String,
    #[serde(default)]
    exit_code: i32,
    #[serde(default)]
    description: String,
}

/// One benchmark, ready to build and run.
#[derive(Debug, Clone)]
pub struct Benchmark {
    /// Name (the folder name, or the file stem of a single-file program).
    pub name: String,
    /// Its folder.
    pub dir: PathBuf,
    /// C source files.
    pub sources: Vec<PathBuf>,
    /// Program arguments (after the program name).
    pub args: Vec<String>,
    /// Bytes given on standard input.
    pub stdin: Vec<u8>,
    /// Expected exit status.
    pub exit_code: i32,
    /// Expected standard output; `None` when only the exit status counts.
    pub expected: Option<Vec<u8>>,
    /// One-line description.
    pub description: String,
}

/// Loads every benchmark of `root`: each sub-folder with a `bench.toml`;
/// or, if there is none, each `*.c` file as a self-checking program (exit
/// status 0 is success). Sorted by name.
pub fn load_suite(root: &Path) -> Result<Vec<Benchmark>, String> {
    let entries = std::fs::read_dir(root)
        .map_err(|e| format!("cannot read suite {}: {e}", root.display()))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    let mut out = Vec::new();
    for p in &paths {
        if p.join("bench.toml").exists() {
            out.push(load_benchmark(p)?);
        }
    }
    if out.is_empty() {
        for p in &paths {
            if p.extension().is_some_and(|e| e == "c") {
                let name = p
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                out.push(Benchmark {
                    name,
                    dir: root.to_path_buf(),
                    sources: vec![p.clone()],
                    args: Vec::new(),
                    stdin: Vec::new(),
                    exit_code: 0,
                    expected: None,
                    description: String::from("self-checking program"),
                });
            }
        }
    }
    if out.is_empty() {
        return Err(format!(
            "{}: no benchmark (no */bench.toml and no *.c)",
            root.display()
        ));
    }
    Ok(out)
}

/// Loads the benchmark in folder `dir`.
pub fn load_benchmark(dir: &Path) -> Result<Benchmark, String> {
    let path = dir.join("bench.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let m: Manifest = toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = dir
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    if m.sources.is_empty() {
        return Err(format!("{}: `sources` is empty", path.display()));
    }
    let stdin = if m.stdin.is_empty() {
        Vec::new()
    } else {
        std::fs::read(dir.join(&m.stdin))
            .map_err(|e| format!("{}: stdin file {}: {e}", path.display(), m.stdin))?
    };
    let expected_path = dir.join("expected.out");
    let expected = match std::fs::read(&expected_path) {
        Ok(b) => Some(b),
        Err(e) => return Err(format!("{}: {e}", expected_path.display())),
    };
    Ok(Benchmark {
        name,
        dir: dir.to_path_buf(),
        sources: m.sources.iter().map(|s| dir.join(s)).collect(),
        args: m.args,
        stdin,
        exit_code: m.exit_code,
        expected,
        description: m.description,
    })
}
