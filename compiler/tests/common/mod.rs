//! Shared by the corpus tests: the host `gcc -m32 -malign-double` build
//! (the independent expectation), the list of corpus programs, and a run
//! of an lcc-built executable in the simulator.
#![allow(dead_code)]

pub mod irgen;

use isa::Core;
use simulator::{Io, Machine, Options, Program, Stop};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds `files` with the host `gcc -m32 -malign-double` (ILP32 with
/// 8-byte `long long` and `double` alignment, like the ST200) and runs the
/// program: (stdout, exit status). Floats are computed in SSE registers
/// (`-msse2 -mfpmath=sse`) without contraction (`-ffp-contract=off`): each
/// operation rounded once in its own type, as lcc's soft-float helpers do
/// (FLT_EVAL_METHOD 0); i386's default x87 arithmetic would keep excess
/// precision and differ.
pub fn gcc_run(files: &[PathBuf], tag: &str) -> (Vec<u8>, i32) {
    let dir = std::env::temp_dir().join(format!("lcc-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(tag);
    let out = Command::new("gcc")
        .args([
            "-m32",
            "-malign-double",
            "-msse2",
            "-mfpmath=sse",
            "-ffp-contract=off",
            "-std=gnu99",
            "-w",
            "-O0",
            "-o",
        ])
        .arg(&exe)
        .args(files)
        .output()
        .expect("host gcc is required for the corpus tests (apt-get install gcc-multilib)");
    assert!(
        out.status.success(),
        "gcc -m32 failed on {tag} (is gcc-multilib installed?):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().expect("run gcc-built program");
    let _ = std::fs::remove_file(&exe);
    (
        run.stdout,
        run.status
            .code()
            .expect("gcc-built program killed by a signal"),
    )
}

/// The corpus: `tests/corpus/*.c` and the multi-file programs in
/// `tests/corpus/*/`, as (name, files), sorted.
pub fn programs() -> Vec<(String, Vec<PathBuf>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut v = Vec::new();
    for e in std::fs::read_dir(&root).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(&p)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|f| f.extension().is_some_and(|x| x == "c"))
                .collect();
            files.sort();
            v.push((name, files));
        } else if name.ends_with(".c") {
            v.push((name.trim_end_matches(".c").to_string(), vec![p]));
        }
    }
    v.sort();
    v
}

/// Runs an executable in the simulator on the built-in machine of
/// `core`: (stdout, exit status) or the stop message.
pub fn simulate(exe: &[u8], core: Core) -> Result<(Vec<u8>, i32), String> {
    simulate_on(exe, &isa::model::ProcessorModel::builtin(core)).map(|(out, c, _)| (out, c))
}

/// Runs an executable in the simulator on `model`: (stdout, exit status,
/// cycles) or the stop message.
pub fn simulate_on(
    exe: &[u8],
    model: &isa::model::ProcessorModel,
) -> Result<(Vec<u8>, i32, u64), String> {
    let program = Program::parse(exe).map_err(|e| e.to_string())?;
    let mut m = Machine::new(
        model.clone(),
        Options {
            perfect_caches: false,
            max_cycles: Some(500_000_000),
            ..Default::default()
        },
    )
    .map_err(|e| e.to_string())?;
    program
        .load(&mut m, &["prog".to_string()])
        .map_err(|e| e.to_string())?;
    m.set_io(Io::captured(b""));
    let stop = m.run();
    let out = match m.io() {
        Io::Captured { stdout, .. } => stdout.clone(),
        Io::Host => Vec::new(),
    };
    match stop {
        Stop::Exit(c) => Ok((out, c & 0xff, m.stats().cycles)),
        other => Err(
            simulator::report::stop_message(&other, &m, &program.symbols)
                .unwrap_or_else(|| format!("{other:?}")),
        ),
    }
}

/// A self-checking program run by several tests: its name, its source file
/// and the expected (stdout, exit status), from the host build.
pub type CheckedProgram = (String, PathBuf, (Vec<u8>, i32));

/// The programs `tests/FOLDER/*.c`, sorted by name, each with the host's
/// (stdout, exit status) from [`gcc_run`]; at least `min` of them.
pub fn checked_programs(folder: &str, min: usize) -> Vec<CheckedProgram> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(folder);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    v.sort();
    assert!(
        v.len() >= min,
        "only {} programs in tests/{folder}",
        v.len()
    );
    v.into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let want = gcc_run(std::slice::from_ref(&p), &format!("{folder}-{name}"));
            (name, p, want)
        })
        .collect()
}

/// The single source file `p` as `compile_many` and `build_executable`
/// take it: (path, bytes).
pub fn single_source(p: &Path) -> Vec<(String, Vec<u8>)> {
    vec![(p.to_string_lossy().into_owned(), std::fs::read(p).unwrap())]
}

/// Runs every program in lcc's IR interpreter at `-O0` and `-O2` (at most
/// 5·10⁸ steps each) and panics, listing them, if any stdout or exit
/// status differs from the expected one.
pub fn check_programs_in_the_interpreter(programs: &[CheckedProgram]) {
    use compiler::driver::{compile_and_run_optimized, Options};
    use compiler::interp::RunOptions;
    let mut failures = Vec::new();
    for level in [0, 2] {
        let optim = compiler::opt::Options {
            level,
            ..Default::default()
        };
        for (name, path, (want, code)) in programs {
            let (diag, res) = compile_and_run_optimized(
                &single_source(path),
                &Options::default(),
                &optim,
                &RunOptions {
                    max_steps: Some(500_000_000),
                    args: vec![],
                },
            );
            match res {
                Some(Ok(r)) if r.stdout == *want && r.exit_code == *code => {}
                Some(Ok(r)) => failures.push(format!(
                    "-O{level} {name}: exit {} (want {code}), stdout\n{}\nwant\n{}",
                    r.exit_code,
                    String::from_utf8_lossy(&r.stdout),
                    String::from_utf8_lossy(want)
                )),
                Some(Err(t)) => failures.push(format!("-O{level} {name}: trap {t}")),
                None => failures.push(format!("-O{level} {name}: {diag}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Builds every program with lcc's `flags` (`-O2`, `-mcpu=st220`, …),
/// runs it in `stsim` and panics, listing them, if any stdout or exit
/// status differs from the expected one.
pub fn check_programs_in_stsim(programs: &[CheckedProgram], flags: &[&str]) {
    use compiler::driver::{build_executable, Config};
    let flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    let cfg = Config::from_flags(&flags).unwrap();
    let mut failures = Vec::new();
    for (name, path, (want, code)) in programs {
        let exe = match build_executable(&single_source(path), &cfg) {
            Ok(e) => e,
            Err(e) => {
                failures.push(format!("{name}: build failed: {e}"));
                continue;
            }
        };
        match simulate(&exe, cfg.model.core) {
            Ok((out, c)) if out == *want && c == *code => {}
            Ok((out, c)) => failures.push(format!(
                "{name}: exit {c} (want {code}), stdout\n{}\nexpected\n{}",
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(want)
            )),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{flags:?}: {} programs differ:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
