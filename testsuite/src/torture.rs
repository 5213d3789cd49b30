//! The GCC C torture "execute" suite as a conformance run (`testsuite
//! --torture DIR`, README: "The torture suite"). The suite is not part of
//! this repository; the runner takes the path of its `execute` folder.
//!
//! **Tests.** Every `DIR/*.c`, `DIR/ieee/*.c` and `DIR/builtins/*.c` (not
//! `*-lib.c`) is one test, named by its path below `DIR` without `.c`
//! (`20000112-1`, `ieee/fp-cmp-1`, `builtins/abs-1`). A `builtins/X` test
//! is linked from `X.c`, `X-lib.c` (when present) and every
//! `builtins/lib/*.c`, as the suite's harness links it. A test passes
//! when it exits with status 0; `abort()` (status 134 in this runtime)
//! fails it.
//!
//! **Flags.** The harness's flags apply to the host build only:
//! `additional_flags` set or appended at the top level of the test's `.x`
//! file (an `.x` file that returns 1 at its top level skips the test), the
//! `dg-options` / `dg-additional-options` of the source without a target
//! selector, and for `builtins/` the harness's own flags
//! ([`BUILTINS_HOST_FLAGS`]). `lcc` receives only their `-D` and `-U`
//! options, `-fno-builtin…` (lcc expands `abs`, `labs` and `llabs`
//! inline otherwise) and those of [`LCC_HARNESS_FLAGS`]; it wraps signed
//! overflow (`-fwrapv`) at every level.
//!
//! **Reference.** Each test is first built with the host `gcc -m32` at the
//! configuration's optimisation level ([`HOST_FLAGS`]) and run; a test
//! the host cannot build, or whose host build does not exit 0 within 10 s,
//! is `host-skip` in that configuration. The host's stdout is the
//! expected stdout of the `lcc` build, except for hexadecimal numbers
//! written `0x…`: a few tests print addresses (`return-addr`), which
//! differ between two machines by nature.
//!
//! **Classes** ([`Class`]): `pass`; `compile-error` (the front end or the
//! back end refused the program); `link-error` (`lld-st` or the IR linker
//! failed: an undefined or duplicate symbol); `wrong` (non-zero exit,
//! `abort`, a trap, or stdout different from the host's); `ice` (a compiler
//! panic, or the IR verifier rejecting a pass's output); `timeout` (the
//! cycle limit, or a build taking longer than [`BUILD_TIMEOUT`]).

use crate::config::BuildConfig;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use simulator::{Io, Machine, Options, Program, Stop};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Default cycle limit of one run: most of the suite's tests run in well
/// under 10⁷ cycles, but a few allocate a variable-length array a million
/// times (`pr43220`, `vla-dealloc-1`), which takes about 3·10⁸ cycles at
/// `-O0`; only a runaway program reaches 10⁹.
pub const DEFAULT_MAX_CYCLES: u64 = 1_000_000_000;

/// Longest build (`lcc` compile, assemble, link) before the test is a
/// `timeout`.
pub const BUILD_TIMEOUT: Duration = Duration::from_secs(120);

/// Flags of every host build, before the level and the test's own: the
/// ST200 ABI's 8-byte `double` alignment, IEEE-754 arithmetic rounded once
/// per operation (SSE2, no fused multiply-add) as the target's soft-float
/// helpers compute, no warnings (the harness's `-w`).
pub const HOST_FLAGS: &[&str] = &[
    "-m32",
    "-w",
    "-malign-double",
    "-msse2",
    "-mfpmath=sse",
    "-ffp-contract=off",
];

/// The flags the suite's `builtins.exp` gives every `builtins/` test.
pub const BUILTINS_HOST_FLAGS: &[&str] = &[
    "-fno-tree-dse",
    "-fno-tree-loop-distribute-patterns",
    "-fno-tracer",
    "-fno-ipa-ra",
];

/// One test of the suite.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TortureTest {
    /// Path below the suite folder without `.c` (`ieee/fp-cmp-1`).
    pub name: String,
    /// The C files to link, the test's own first.
    pub sources: Vec<PathBuf>,
    /// Extra flags of the host build (module documentation, "Flags").
    pub host_flags: Vec<String>,
    /// Extra flags of the `lcc` build (the `-D`/`-U` of `host_flags`).
    pub lcc_flags: Vec<String>,
    /// Why the harness skips the test (its `.x` file returns 1).
    pub harness_skip: Option<String>,
}

/// What happened to one test in one configuration.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// Exit status 0 and the host's stdout.
    Pass,
    /// The host build failed, or did not exit 0: no reference.
    HostSkip,
    /// The front end or the back end refused the program.
    CompileError,
    /// The linker failed (undefined or duplicate symbol).
    LinkError,
    /// Non-zero exit, abort, trap, or wrong stdout.
    Wrong,
    /// Internal compiler error: a panic or a verifier failure.
    Ice,
    /// The cycle limit or the build time limit.
    Timeout,
}

impl Class {
    /// Every class, in report order.
    pub const ALL: [Class; 7] = [
        Class::Pass,
        Class::HostSkip,
        Class::CompileError,
        Class::LinkError,
        Class::Wrong,
        Class::Ice,
        Class::Timeout,
    ];

    /// The report's name (`compile-error`).
    pub fn name(self) -> &'static str {
        match self {
            Class::Pass => "pass",
            Class::HostSkip => "host-skip",
            Class::CompileError => "compile-error",
            Class::LinkError => "link-error",
            Class::Wrong => "wrong",
            Class::Ice => "ice",
            Class::Timeout => "timeout",
        }
    }
}

/// One test in one configuration.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TortureResult {
    /// Test name.
    pub test: String,
    /// Configuration name.
    pub config: String,
    /// The verdict.
    pub class: Class,
    /// The first line of the compiler's error, the trap, the exit status
    /// or the first differing output line (None for `pass`).
    pub detail: Option<String>,
    /// Cycles of the run (when the program ran to its exit).
    pub cycles: Option<u64>,
}

/// Counts of one configuration.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ConfigSummary {
    /// Configuration name.
    pub config: String,
    /// Tests per class name.
    pub counts: BTreeMap<String, usize>,
    /// Tests the host passes (every class but `host-skip`).
    pub host_passing: usize,
    /// `pass` in percent of `host_passing`.
    pub pass_percent: f64,
}

/// A `--torture` run.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TortureReport {
    /// The suite folder.
    pub dir: PathBuf,
    /// Configurations, in the order given.
    pub configs: Vec<String>,
    /// Cycle limit of each run.
    pub max_cycles: u64,
    /// Per configuration.
    pub summary: Vec<ConfigSummary>,
    /// Test-major, then configuration, tests sorted by name.
    pub results: Vec<TortureResult>,
}

/// Flags set or appended to `additional_flags` at the top level of a
/// harness `.x` file, and whether the file returns 1 at its top level.
fn parse_x(text: &str) -> (Vec<String>, bool) {
    let mut flags = Vec::new();
    let mut depth = 0i32;
    let mut skip = false;
    for line in text.lines() {
        let t = line.trim();
        if depth == 0 && !t.starts_with('#') {
            let words: Vec<&str> = t.split_whitespace().collect();
            match words.as_slice() {
                ["set" | "lappend", "additional_flags", rest @ ..] => {
                    for w in rest {
                        let w = w.trim_matches(|c| c == '"' || c == '{' || c == '}');
                        if !w.is_empty() {
                            flags.push(w.to_string());
                        }
                    }
                }
                ["return", "1"] => skip = true,
                _ => {}
            }
        }
        for c in t.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
        }
    }
    (flags, skip)
}

/// The options of the source's `{ dg-options "…" }` and `{
/// dg-additional-options "…" }` directives that carry no target selector.
fn parse_dg_options(text: &str) -> Vec<String> {
    let mut flags = Vec::new();
    for line in text.lines() {
        for key in ["dg-options", "dg-additional-options"] {
            let Some(at) = line.find(&format!("{{ {key} ")) else {
                continue;
            };
            let rest = &line[at + key.len() + 3..];
            let Some(close) = rest.rfind('}') else {
                continue;
            };
            let body = rest[..close].trim();
            if body.contains("target") {
                continue;
            }
            let body = body.trim_matches(|c| c == '{' || c == '}' || c == ' ');
            for w in body.split_whitespace() {
                let w = w.trim_matches(|c| c == '"' || c == '{' || c == '}');
                if !w.is_empty() {
                    flags.push(w.to_string());
                }
            }
        }
    }
    flags
}

fn c_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c") && p.is_file())
        .collect();
    v.sort();
    Ok(v)
}

/// The tests of the suite folder `dir` (module documentation), sorted by
/// name.
pub fn discover(dir: &Path) -> Result<Vec<TortureTest>, String> {
    if !dir.is_dir() {
        return Err(format!("--torture {}: not a folder", dir.display()));
    }
    let mut tests = Vec::new();
    for (sub, builtins) in [("", false), ("ieee", false), ("builtins", true)] {
        let folder = if sub.is_empty() {
            dir.to_path_buf()
        } else {
            dir.join(sub)
        };
        if !folder.is_dir() {
            continue;
        }
        let lib: Vec<PathBuf> = if builtins && folder.join("lib").is_dir() {
            c_files(&folder.join("lib"))?
        } else {
            Vec::new()
        };
        for src in c_files(&folder)? {
            let stem = src
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            if builtins && stem.ends_with("-lib") {
                continue;
            }
            let text = std::fs::read(&src).map_err(|e| format!("{}: {e}", src.display()))?;
            let mut host_flags: Vec<String> = Vec::new();
            if builtins {
                host_flags.extend(BUILTINS_HOST_FLAGS.iter().map(|s| s.to_string()));
            }
            let mut harness_skip = None;
            let x = src.with_extension("x");
            if let Ok(t) = std::fs::read_to_string(&x) {
                let (f, skip) = parse_x(&t);
                host_flags.extend(f);
                if skip {
                    harness_skip = Some(format!("{} returns 1", x.display()));
                }
            }
            host_flags.extend(parse_dg_options(&String::from_utf8_lossy(&text)));
            let lcc_flags = host_flags
                .iter()
                .filter(|f| {
                    f.starts_with("-D")
                        || f.starts_with("-U")
                        || f.starts_with("-fno-builtin")
                        || LCC_HARNESS_FLAGS.contains(&f.as_str())
                })
                .cloned()
                .collect();
            let mut sources = vec![src.clone()];
            if builtins {
                let l = folder.join(format!("{stem}-lib.c"));
                if l.exists() {
                    sources.push(l);
                }
                sources.extend(lib.iter().cloned());
            }
            let name = if sub.is_empty() {
                stem
            } else {
                format!("{sub}/{stem}")
            };
            tests.push(TortureTest {
                name,
                sources,
                host_flags,
                lcc_flags,
                harness_skip,
            });
        }
    }
    if tests.is_empty() {
        return Err(format!("--torture {}: no .c file", dir.display()));
    }
    tests.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(tests)
}

/// The host optimisation flag for a configuration's level (`-O2`).
fn host_level(config: &BuildConfig) -> String {
    config
        .flags
        .first()
        .filter(|f| f.starts_with("-O"))
        .cloned()
        .unwrap_or_else(|| "-O0".into())
}

/// Builds `test` with the host `gcc -m32` at `level` and runs it: its
/// stdout when it exits 0, else why not.
pub fn host_run(test: &TortureTest, level: &str, work: &Path) -> Result<Vec<u8>, String> {
    let exe = work.join(format!(
        "torture-host-{}-{}{level}",
        std::process::id(),
        test.name.replace('/', "_")
    ));
    let out = Command::new("gcc")
        .args(HOST_FLAGS)
        .arg(level)
        .args(&test.host_flags)
        .args(&test.sources)
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if !out.status.success() {
        let _ = std::fs::remove_file(&exe);
        let err = String::from_utf8_lossy(&out.stderr);
        let line = err
            .lines()
            .find(|l| l.contains("error"))
            .or_else(|| err.lines().next())
            .unwrap_or("");
        return Err(format!("host build failed: {}", line.trim()));
    }
    let r = Command::new("timeout")
        .arg("10")
        .arg(&exe)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| e.to_string());
    let _ = std::fs::remove_file(&exe);
    let r = r?;
    if !r.status.success() {
        return Err(format!("host run: {}", r.status));
    }
    Ok(r.stdout)
}

/// How an `lcc` build ended.
enum Built {
    Exe(Vec<u8>),
    Failed(Class, String),
}

fn first_line(s: &str) -> String {
    s.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
        .to_string()
}

/// Builds `test` with `lcc` in `config` on a thread of its own (a big
/// stack; a panic is an `ice`, a build longer than [`BUILD_TIMEOUT`] a
/// `timeout` and its thread is left to finish alone).
fn lcc_build(test: &TortureTest, config: &BuildConfig) -> Built {
    let mut sources = Vec::new();
    for s in &test.sources {
        match std::fs::read(s) {
            Ok(t) => sources.push((s.to_string_lossy().into_owned(), t)),
            Err(e) => return Built::Failed(Class::CompileError, format!("{}: {e}", s.display())),
        }
    }
    let mut cfg = config.config.clone();
    for f in &test.lcc_flags {
        if let Some(d) = f.strip_prefix("-D") {
            cfg.front.defines.push(d.to_string());
        } else if let Some(u) = f.strip_prefix("-U") {
            cfg.front.undefs.push(u.to_string());
        } else {
            cfg.front.apply_f_flag(f);
        }
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let r = std::panic::catch_unwind(|| {
                compiler::driver::build_executable_with_stats(&sources, &cfg)
            });
            let _ = tx.send(r);
        });
    if let Err(e) = spawned {
        return Built::Failed(Class::Ice, format!("cannot start the build: {e}"));
    }
    use compiler::driver::Error;
    match rx.recv_timeout(BUILD_TIMEOUT) {
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Built::Failed(
            Class::Timeout,
            format!("build longer than {} s", BUILD_TIMEOUT.as_secs()),
        ),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            Built::Failed(Class::Ice, "the build thread died".into())
        }
        Ok(Err(payload)) => {
            let msg = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panic".into());
            Built::Failed(Class::Ice, format!("panic: {}", first_line(&msg)))
        }
        Ok(Ok(Ok((exe, _)))) => Built::Exe(exe),
        Ok(Ok(Err(e))) => {
            let class = match &e {
                Error::Link(_) | Error::IrLink(_) => Class::LinkError,
                Error::Pass(_) => Class::Ice,
                _ if e.to_string().contains("internal error")
                    || e.to_string().contains("internal compiler error") =>
                {
                    Class::Ice
                }
                _ => Class::CompileError,
            };
            let text = e.render();
            let line = text
                .lines()
                .find(|l| l.contains("error"))
                .map(str::to_string)
                .unwrap_or_else(|| first_line(&text));
            Built::Failed(class, line.trim().to_string())
        }
    }
}

/// Runs `exe` in the simulator on `config`'s machine; (class, detail,
/// cycles).
fn simulate(
    exe: &[u8],
    name: &str,
    want: &[u8],
    max_cycles: u64,
) -> (Class, Option<String>, Option<u64>) {
    let program = match Program::parse(exe) {
        Ok(p) => p,
        Err(e) => return (Class::LinkError, Some(format!("cannot load: {e}")), None),
    };
    let model = match simulator::compat::select_machine(&program, None, None) {
        Ok(m) => m,
        Err(e) => return (Class::Wrong, Some(format!("cannot run: {e}")), None),
    };
    let options = Options {
        perfect_caches: false,
        max_cycles: Some(max_cycles),
        ..Options::default()
    };
    let mut m = match Machine::new(model, options) {
        Ok(m) => m,
        Err(e) => return (Class::Wrong, Some(format!("cannot run: {e}")), None),
    };
    if let Err(e) = program.load(&mut m, &[name.to_string()]) {
        return (Class::Wrong, Some(format!("cannot load: {e}")), None);
    }
    m.set_io(Io::captured(b""));
    // A fresh, empty directory for the test's files (`fopen`, `tmpnam`,
    // `remove`: fprintf-2, printf-2, user-printf), removed afterwards.
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let fs_root = std::env::temp_dir().join(format!(
        "lcc-torture-fs-{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let fs = std::fs::create_dir_all(&fs_root)
        .and_then(|_| simulator::hostfs::HostFs::with_root(&fs_root));
    if let Ok(fs) = fs {
        m.set_fs(fs);
    }
    let stop = m.run();
    let _ = std::fs::remove_dir_all(&fs_root);
    let cycles = m.stats().cycles;
    let stdout = match m.io() {
        Io::Captured { stdout, .. } => stdout.clone(),
        Io::Host => Vec::new(),
    };
    match stop {
        Stop::Exit(0) if same_output(&stdout, want) => (Class::Pass, None, Some(cycles)),
        Stop::Exit(0) => (
            Class::Wrong,
            Some(format!(
                "wrong output: {}",
                crate::run::first_difference(&stdout, want)
            )),
            Some(cycles),
        ),
        Stop::Exit(134) => (Class::Wrong, Some("abort".into()), Some(cycles)),
        Stop::Exit(c) => (Class::Wrong, Some(format!("exit status {c}")), Some(cycles)),
        Stop::MaxCycles { limit, pc } => (
            Class::Timeout,
            Some(format!("cycle limit {limit} reached at pc 0x{pc:08x}")),
            None,
        ),
        other @ Stop::Trap(_) => {
            let msg = simulator::report::stop_message(&other, &m, &program.symbols)
                .unwrap_or_else(|| format!("{other:?}"));
            (Class::Wrong, Some(first_line(&msg)), None)
        }
    }
}

/// `got` and `want` equal once every `0x` followed by hexadecimal digits
/// is replaced by `0x?` in both (printed addresses differ by nature).
fn same_output(got: &[u8], want: &[u8]) -> bool {
    fn masked(b: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(b.len());
        let mut i = 0;
        while i < b.len() {
            if b[i..].starts_with(b"0x") && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit) {
                out.extend_from_slice(b"0x?");
                i += 2;
                while b.get(i).is_some_and(u8::is_ascii_hexdigit) {
                    i += 1;
                }
            } else {
                out.push(b[i]);
                i += 1;
            }
        }
        out
    }
    got == want || masked(got) == masked(want)
}

/// The harness flags besides `-D`/`-U` that change what a test computes
/// and that `lcc` implements, so its build receives them too.
pub const LCC_HARNESS_FLAGS: &[&str] = &["-finstrument-functions"];

/// Runs every test in every configuration (in parallel; the results in
/// test order, then configuration order; `progress` is called with
/// `TEST [CONFIG]` after each run) and summarises.
pub fn run(
    dir: &Path,
    tests: &[TortureTest],
    configs: &[BuildConfig],
    max_cycles: u64,
    work: &Path,
    progress: impl Fn(&str) + Sync,
) -> TortureReport {
    let levels: Vec<String> = configs.iter().map(host_level).collect();
    // The tests run on a pool of their own: each waits for its build
    // thread, whose linker works on the global pool, which must stay free.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(rayon::current_num_threads())
        .build();
    let each = || -> Vec<Vec<TortureResult>> {
        tests
            .par_iter()
            .map(|t| {
                let mut host: BTreeMap<&str, Result<Vec<u8>, String>> = BTreeMap::new();
                let out = configs
                    .iter()
                    .zip(&levels)
                    .map(|(c, level)| {
                        let r = run_test(t, c, level, &mut host, max_cycles, work);
                        progress(&format!("{} [{}]", t.name, c.name));
                        r
                    })
                    .collect();
                out
            })
            .collect()
    };
    let results = match pool {
        Ok(p) => p.install(each),
        Err(_) => each(),
    };
    let results: Vec<TortureResult> = results.into_iter().flatten().collect();
    let summary = configs
        .iter()
        .map(|c| summarise(&c.name, &results))
        .collect();
    TortureReport {
        dir: dir.to_path_buf(),
        configs: configs.iter().map(|c| c.name.clone()).collect(),
        max_cycles,
        summary,
        results,
    }
}

fn run_test<'a>(
    t: &TortureTest,
    c: &BuildConfig,
    level: &'a str,
    host: &mut BTreeMap<&'a str, Result<Vec<u8>, String>>,
    max_cycles: u64,
    work: &Path,
) -> TortureResult {
    let result = |class, detail, cycles| TortureResult {
        test: t.name.clone(),
        config: c.name.clone(),
        class,
        detail,
        cycles,
    };
    if let Some(why) = &t.harness_skip {
        return result(Class::HostSkip, Some(why.clone()), None);
    }
    let want = host
        .entry(level)
        .or_insert_with(|| host_run(t, level, work));
    let want = match want {
        Ok(w) => w.clone(),
        Err(e) => return result(Class::HostSkip, Some(e.clone()), None),
    };
    match lcc_build(t, c) {
        Built::Failed(class, why) => result(class, Some(why), None),
        Built::Exe(exe) => {
            let (class, detail, cycles) = simulate(&exe, &t.name, &want, max_cycles);
            result(class, detail, cycles)
        }
    }
}

/// The counts of configuration `config` in `results`.
pub fn summarise(config: &str, results: &[TortureResult]) -> ConfigSummary {
    let mut counts: BTreeMap<String, usize> = Class::ALL
        .iter()
        .map(|c| (c.name().to_string(), 0))
        .collect();
    for r in results.iter().filter(|r| r.config == config) {
        *counts.entry(r.class.name().to_string()).or_default() += 1;
    }
    let total: usize = counts.values().sum();
    let host_passing = total - counts["host-skip"];
    let pass = counts["pass"];
    ConfigSummary {
        config: config.to_string(),
        counts,
        host_passing,
        pass_percent: if host_passing == 0 {
            0.0
        } else {
            100.0 * pass as f64 / host_passing as f64
        },
    }
}

/// The cause of a compile error for grouping: the message with its
/// `file:line:col:` prefix, quoted names and numbers taken out.
pub fn cause(detail: &str) -> String {
    let msg = match detail.find("error: ") {
        Some(at) => &detail[at + 7..],
        None => detail,
    };
    let mut out = String::new();
    let mut quoted = None;
    for ch in msg.chars() {
        match (quoted, ch) {
            (None, '`' | '\'' | '"' | '‘') => {
                quoted = Some(if ch == '‘' { '’' } else { ch });
                out.push('…');
            }
            (Some(q), c) if c == q => quoted = None,
            (Some(_), _) => {}
            (None, c) if c.is_ascii_digit() => {
                if !out.ends_with('N') {
                    out.push('N');
                }
            }
            (None, c) => out.push(c),
        }
    }
    out.trim().to_string()
}

impl TortureReport {
    /// The result of `test` in `config`.
    pub fn get(&self, test: &str, config: &str) -> Option<&TortureResult> {
        self.results
            .iter()
            .find(|r| r.test == test && r.config == config)
    }

    /// Results neither `pass` nor `host-skip`.
    pub fn failures(&self) -> usize {
        self.results
            .iter()
            .filter(|r| !matches!(r.class, Class::Pass | Class::HostSkip))
            .count()
    }

    /// The summary table: one row per configuration, a column per class,
    /// and the pass rate of the host-passing tests.
    pub fn table(&self) -> String {
        let mut out = format!("torture suite {}\n", self.dir.display());
        let _ = write!(out, "{:<16}", "config");
        for c in Class::ALL {
            let _ = write!(out, " {:>13}", c.name());
        }
        let _ = writeln!(out, " {:>12} {:>7}", "host-passing", "pass %");
        for s in &self.summary {
            let _ = write!(out, "{:<16}", s.config);
            for c in Class::ALL {
                let _ = write!(out, " {:>13}", s.counts.get(c.name()).copied().unwrap_or(0));
            }
            let _ = writeln!(out, " {:>12} {:>6.1}%", s.host_passing, s.pass_percent);
        }
        out
    }

    /// One line per failing result: `CLASS NAME [CONFIG]: detail`.
    pub fn failure_lines(&self) -> String {
        let mut out = String::new();
        for r in &self.results {
            if matches!(r.class, Class::Pass | Class::HostSkip) {
                continue;
            }
            let _ = writeln!(
                out,
                "{:<13} {} [{}]: {}",
                r.class.name(),
                r.test,
                r.config,
                r.detail.as_deref().unwrap_or("")
            );
        }
        out
    }

    /// Compile errors grouped by [`cause`], the most frequent first (ties
    /// by text), at most `top` of them, counting each (test,
    /// configuration).
    pub fn compile_error_causes(&self, top: usize) -> Vec<(String, usize)> {
        let mut by: BTreeMap<String, usize> = BTreeMap::new();
        for r in self
            .results
            .iter()
            .filter(|r| r.class == Class::CompileError)
        {
            *by.entry(cause(r.detail.as_deref().unwrap_or("")))
                .or_default() += 1;
        }
        let mut v: Vec<(String, usize)> = by.into_iter().collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v.truncate(top);
        v
    }
}

/// The test names of a list file: one a line, `#` starts a comment.
pub fn read_list(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_addresses_may_differ_but_nothing_else() {
        assert!(same_output(b"p 0x110a8b3 0x1\n", b"p 0xfffeede5 0x2\n"));
        assert!(!same_output(b"p 0x1 1\n", b"p 0x1 2\n"));
        assert!(!same_output(b"0x\n", b"0y\n"));
        assert!(!same_output(b"12\n", b"13\n"));
    }

    #[test]
    fn x_files_give_top_level_flags_and_skips() {
        let x = "set additional_flags \"-fno-builtin-abs\"\nreturn 0\n";
        assert_eq!(parse_x(x), (vec!["-fno-builtin-abs".to_string()], false));
        let x = "if [istarget \"spu-*-*\"] {\n    return 1\n}\nlappend additional_flags \"-fno-trapping-math\"\nreturn 0\n";
        assert_eq!(parse_x(x), (vec!["-fno-trapping-math".to_string()], false));
        let x = "# comment\nreturn 1\n";
        assert_eq!(parse_x(x), (Vec::new(), true));
    }

    #[test]
    fn dg_options_without_a_target_selector() {
        let src = "/* { dg-options \"-fwrapv\" } */\n/* { dg-additional-options \"-fpic\" { target fpic } } */\n/* { dg-additional-options \"-DX=1 -fno-inline\" } */\n";
        assert_eq!(parse_dg_options(src), ["-fwrapv", "-DX=1", "-fno-inline"]);
    }

    #[test]
    fn causes_drop_positions_names_and_numbers() {
        assert_eq!(
            cause("a.c:12:3: error: unknown type name `foo`"),
            cause("b.c:1:9: error: unknown type name `bar`")
        );
        assert_eq!(
            cause("a.c:12:3: error: array of 12 bytes"),
            "array of N bytes"
        );
    }

    #[test]
    fn summary_counts_pass_rate_of_host_passing_tests() {
        let r = |test: &str, class| TortureResult {
            test: test.into(),
            config: "O0".into(),
            class,
            detail: None,
            cycles: None,
        };
        let results = [
            r("a", Class::Pass),
            r("b", Class::Pass),
            r("c", Class::Wrong),
            r("d", Class::HostSkip),
            r("e", Class::Ice),
        ];
        let s = summarise("O0", &results);
        assert_eq!(s.host_passing, 4);
        assert_eq!(s.counts["pass"], 2);
        assert_eq!(s.counts["ice"], 1);
        assert!((s.pass_percent - 50.0).abs() < 1e-9);
    }
}
