//! Loop kernels (`testsuite --loops [DIR]`, README: "Loop kernels"):
//! small self-checking C programs (`testsuite/loops/NAME.c`), each timing
//! one call of its kernel with the cycle counter and reporting the cycles
//! per iteration beside the kernel's hand-derived resource bound.
//!
//! A kernel file holds a comment line `// bound: X` (cycles per iteration
//! that the ST231's resources allow at best, derived in the file's header
//! comment), prints its checksum on stdout and, on stderr only, one line
//! `loop-cycles CYCLES ITERATIONS`: the cycles of the timed call read
//! from `PM_PCLK` (0 on the host) and the iteration count.
//!
//! For each kernel and configuration the runner builds with `lcc`, runs in
//! `stsim`, and checks: exit status 0; stdout equal to the host build's
//! (`gcc -m32 -O2`, skipped with a message when the host cannot build
//! 32-bit programs); the iteration count equal to the host's; timed cycles
//! above 0 and below the program's; and cycles per iteration not below
//! the bound (a ratio under 1 means a wrong bound or a wrong timer).

use crate::config::BuildConfig;
use crate::manifest::Benchmark;
use crate::run::{first_difference, run_captured, Measurement};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The folder of this project's loop kernels.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("loops")
}

/// One kernel file.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Kernel {
    /// File stem (`fir`).
    pub name: String,
    /// The C file.
    pub path: PathBuf,
    /// Resource bound, cycles per iteration (`// bound: X`).
    pub bound: f64,
}

/// The value of the first `// bound: X` line of `text`.
pub fn parse_bound(text: &str) -> Result<f64, String> {
    let v = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("// bound:"))
        .ok_or("no `// bound: X` line")?
        .trim();
    match v.parse::<f64>() {
        Ok(b) if b.is_finite() && b > 0.0 => Ok(b),
        _ => Err(format!("`// bound: {v}` is not a positive number")),
    }
}

/// (cycles, iterations) from the program's stderr line `loop-cycles C I`.
pub fn parse_count(stderr: &str) -> Result<(u64, u64), String> {
    let mut found = stderr
        .lines()
        .filter_map(|l| l.trim().strip_prefix("loop-cycles "));
    let line = found
        .next()
        .ok_or("no `loop-cycles CYCLES ITERATIONS` line on stderr")?;
    if found.next().is_some() {
        return Err("more than one `loop-cycles` line on stderr".into());
    }
    let nums: Vec<u64> = line
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| format!("bad `loop-cycles {line}` line"))?;
    match nums[..] {
        [c, i] if i > 0 => Ok((c, i)),
        _ => Err(format!(
            "bad `loop-cycles {line}` line (want two numbers, iterations > 0)"
        )),
    }
}

/// The kernels of `dir`: every `*.c`, by name.
pub fn load(dir: &Path) -> Result<Vec<Kernel>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("--loops {}: {e}", dir.display()))?;
    let mut kernels = Vec::new();
    for e in entries {
        let path = e.map_err(|e| e.to_string())?.path();
        if path.extension().is_none_or(|x| x != "c") {
            continue;
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let bound = parse_bound(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        kernels.push(Kernel { name, path, bound });
    }
    if kernels.is_empty() {
        return Err(format!("--loops {}: no .c file", dir.display()));
    }
    kernels.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(kernels)
}

/// What the host build of a kernel printed.
#[derive(Debug, Clone, PartialEq)]
pub struct HostRun {
    /// Its stdout (the reference).
    pub stdout: Vec<u8>,
    /// Its iteration count (`loop-cycles 0 I`).
    pub iterations: u64,
}

/// Whether `gcc -m32` builds and runs a program here (else the reason).
pub fn host_available(work: &Path) -> Result<(), String> {
    let src = work.join(format!("loops-probe-{}.c", std::process::id()));
    let exe = work.join(format!("loops-probe-{}", std::process::id()));
    std::fs::write(&src, "int main(void) { return 0; }\n").map_err(|e| e.to_string())?;
    let out = Command::new("gcc")
        .args(["-m32", "-O2"])
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output();
    let _ = std::fs::remove_file(&src);
    let ok = match out {
        Err(e) => Err(format!("cannot run gcc: {e}")),
        Ok(o) if !o.status.success() => Err(format!(
            "gcc -m32 cannot build (gcc-multilib missing?): {}",
            String::from_utf8_lossy(&o.stderr)
                .lines()
                .next()
                .unwrap_or("")
        )),
        Ok(_) => match Command::new(&exe).status() {
            Ok(s) if s.success() => Ok(()),
            _ => Err("a gcc -m32 program does not run here".into()),
        },
    };
    let _ = std::fs::remove_file(&exe);
    ok
}

/// Builds `kernel` with `gcc -m32 -O2` and runs it.
pub fn host_run(kernel: &Kernel, work: &Path) -> Result<HostRun, String> {
    let exe = work.join(format!("loops-host-{}-{}", std::process::id(), kernel.name));
    let out = Command::new("gcc")
        .args(["-m32", "-O2", "-std=gnu99", "-w"])
        .arg(&kernel.path)
        .arg("-o")
        .arg(&exe)
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "host gcc -m32 failed: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .next()
                .unwrap_or("")
        ));
    }
    let r = Command::new("timeout")
        .arg("20")
        .arg(&exe)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| e.to_string());
    let _ = std::fs::remove_file(&exe);
    let r = r?;
    if !r.status.success() {
        return Err(format!("host build exited with {}", r.status));
    }
    let (_, iterations) =
        parse_count(&String::from_utf8_lossy(&r.stderr)).map_err(|e| format!("host build: {e}"))?;
    Ok(HostRun {
        stdout: r.stdout,
        iterations,
    })
}

/// One kernel in one configuration.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct LoopResult {
    /// Kernel name.
    pub kernel: String,
    /// Configuration name.
    pub config: String,
    /// All checks passed.
    pub pass: bool,
    /// Why not.
    pub failure: Option<String>,
    /// stdout was compared with the host build's.
    pub host_checked: bool,
    /// Cycles of the timed call.
    pub cycles: u64,
    /// Iterations of the timed call.
    pub iterations: u64,
    /// cycles / iterations.
    pub cycles_per_iteration: f64,
    /// The resource bound, cycles per iteration.
    pub bound: f64,
    /// cycles_per_iteration / bound (at least 1 when the bound is right).
    pub ratio: f64,
    /// The simulator's and compiler's measurements of the whole program.
    pub measurement: Option<Measurement>,
}

/// Geometric mean of the ratios of one configuration.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct GeoMean {
    /// Configuration name.
    pub config: String,
    /// Geometric mean of the ratios to the bound (of the kernels that ran).
    pub ratio: f64,
}

/// A `--loops` run.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct LoopsReport {
    /// The kernel folder.
    pub dir: PathBuf,
    /// Configurations, in the order given.
    pub configs: Vec<String>,
    /// The kernels and their bounds.
    pub kernels: Vec<Kernel>,
    /// Why the host check was skipped (None: outputs were compared).
    pub host_skipped: Option<String>,
    /// Kernel-major, then configuration.
    pub results: Vec<LoopResult>,
    /// Per configuration.
    pub geomean: Vec<GeoMean>,
}

impl LoopsReport {
    /// Number of failed runs.
    pub fn failures(&self) -> usize {
        self.results.iter().filter(|r| !r.pass).count()
    }

    /// The terminal table: per kernel the bound, then per configuration
    /// cycles per iteration and the ratio to the bound.
    pub fn table(&self) -> String {
        let mut out = format!("loop kernels of {}\n", self.dir.display());
        if let Some(why) = &self.host_skipped {
            let _ = writeln!(out, "outputs NOT checked against the host: {why}");
        }
        let _ = write!(out, "{:<12} {:>8}", "kernel", "bound");
        for c in &self.configs {
            let _ = write!(out, " {:>10} {:>6}", format!("{c} c/it"), "ratio");
        }
        out.push('\n');
        for k in &self.kernels {
            let _ = write!(out, "{:<12} {:>8.3}", k.name, k.bound);
            for c in &self.configs {
                match self
                    .results
                    .iter()
                    .find(|r| r.kernel == k.name && &r.config == c)
                {
                    Some(r) if r.iterations > 0 => {
                        let flag = if r.pass { "" } else { "!" };
                        let _ = write!(
                            out,
                            " {:>10.3} {:>6}",
                            r.cycles_per_iteration,
                            format!("{:.2}{flag}", r.ratio)
                        );
                    }
                    _ => {
                        let _ = write!(out, " {:>10} {:>6}", "FAIL", "");
                    }
                }
            }
            out.push('\n');
        }
        let _ = write!(out, "{:<12} {:>8}", "geomean", "");
        for g in &self.geomean {
            let _ = write!(out, " {:>10} {:>6.2}", "", g.ratio);
        }
        out.push('\n');
        let _ = writeln!(
            out,
            "{} passed, {} failed",
            self.results.len() - self.failures(),
            self.failures()
        );
        for r in self.results.iter().filter(|r| !r.pass) {
            let _ = writeln!(
                out,
                "FAIL {} [{}]: {}",
                r.kernel,
                r.config,
                r.failure.as_deref().unwrap_or("")
            );
        }
        out
    }
}

/// Checks one run's stdout and stderr against the host run; returns
/// (cycles, iterations).
fn check(
    stdout: &[u8],
    stderr: &[u8],
    host: Option<&HostRun>,
    total_cycles: u64,
    bound: f64,
) -> Result<(u64, u64), String> {
    if let Some(h) = host {
        if stdout != h.stdout.as_slice() {
            return Err(format!(
                "wrong output: {}",
                first_difference(stdout, &h.stdout)
            ));
        }
    }
    let (cycles, iterations) = parse_count(&String::from_utf8_lossy(stderr))?;
    if let Some(h) = host {
        if iterations != h.iterations {
            return Err(format!(
                "{iterations} iterations, the host build reports {}",
                h.iterations
            ));
        }
    }
    if cycles == 0 || cycles >= total_cycles {
        return Err(format!(
            "timed cycles {cycles} not within 1..{total_cycles} (the program's cycles): the cycle counter is not read right"
        ));
    }
    let per = cycles as f64 / iterations as f64;
    if per < bound {
        return Err(format!(
            "{per:.3} cycles per iteration, below the resource bound {bound}: the bound or the timing is wrong"
        ));
    }
    Ok((cycles, iterations))
}

/// Builds, runs and checks one kernel in one configuration.
pub fn run_one(kernel: &Kernel, config: &BuildConfig, host: Option<&HostRun>) -> LoopResult {
    let bench = Benchmark {
        name: kernel.name.clone(),
        dir: kernel
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default(),
        sources: vec![kernel.path.clone()],
        args: Vec::new(),
        stdin: Vec::new(),
        exit_code: 0,
        expected: None,
        description: String::new(),
    };
    let (outcome, stdout, stderr) = run_captured(&bench, config, |_, _| Ok(()));
    let mut r = LoopResult {
        kernel: kernel.name.clone(),
        config: config.name.clone(),
        pass: outcome.pass,
        failure: outcome.failure,
        host_checked: host.is_some(),
        cycles: 0,
        iterations: 0,
        cycles_per_iteration: 0.0,
        bound: kernel.bound,
        ratio: 0.0,
        measurement: outcome.measurement,
    };
    if !r.pass {
        return r;
    }
    let total = r.measurement.as_ref().map_or(0, |m| m.cycles);
    // the counts, even when a check fails (shown in the table)
    if let Ok((c, i)) = parse_count(&String::from_utf8_lossy(&stderr)) {
        r.cycles = c;
        r.iterations = i;
        r.cycles_per_iteration = c as f64 / i as f64;
        r.ratio = r.cycles_per_iteration / kernel.bound;
    }
    if let Err(why) = check(&stdout, &stderr, host, total, kernel.bound) {
        r.pass = false;
        r.failure = Some(why);
    }
    r
}

/// Geometric mean of positive values (0 when there are none).
pub fn geomean(values: impl IntoIterator<Item = f64>) -> f64 {
    let (sum, n) = values
        .into_iter()
        .filter(|v| *v > 0.0)
        .fold((0.0, 0u32), |(s, n), v| (s + v.ln(), n + 1));
    if n == 0 {
        0.0
    } else {
        (sum / f64::from(n)).exp()
    }
}

/// Every kernel of `dir` in every configuration (in parallel), checked
/// against the host build made in `work`.
pub fn run(dir: &Path, configs: &[BuildConfig], work: &Path) -> Result<LoopsReport, String> {
    let kernels = load(dir)?;
    let host_skipped = host_available(work).err();
    let hosts: Vec<Option<Result<HostRun, String>>> = kernels
        .par_iter()
        .map(|k| host_skipped.is_none().then(|| host_run(k, work)))
        .collect();
    let jobs: Vec<(usize, &BuildConfig)> = (0..kernels.len())
        .flat_map(|k| configs.iter().map(move |c| (k, c)))
        .collect();
    let results: Vec<LoopResult> = jobs
        .par_iter()
        .map(|&(k, c)| match &hosts[k] {
            Some(Err(e)) => LoopResult {
                kernel: kernels[k].name.clone(),
                config: c.name.clone(),
                pass: false,
                failure: Some(e.clone()),
                host_checked: false,
                cycles: 0,
                iterations: 0,
                cycles_per_iteration: 0.0,
                bound: kernels[k].bound,
                ratio: 0.0,
                measurement: None,
            },
            Some(Ok(h)) => run_one(&kernels[k], c, Some(h)),
            None => run_one(&kernels[k], c, None),
        })
        .collect();
    let geomean = configs
        .iter()
        .map(|c| GeoMean {
            config: c.name.clone(),
            ratio: geomean(
                results
                    .iter()
                    .filter(|r| r.config == c.name && r.iterations > 0)
                    .map(|r| r.ratio),
            ),
        })
        .collect();
    Ok(LoopsReport {
        dir: dir.to_path_buf(),
        configs: configs.iter().map(|c| c.name.clone()).collect(),
        kernels,
        host_skipped,
        results,
        geomean,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bound_lines() {
        assert_eq!(
            parse_bound("/* x */\n// bound: 2.03125\nint x;"),
            Ok(2.03125)
        );
        assert_eq!(parse_bound("  // bound: 3\n// bound: 4\n"), Ok(3.0));
        assert!(parse_bound("int x;").unwrap_err().contains("no `// bound"));
        assert!(parse_bound("// bound: two\n").is_err());
        assert!(parse_bound("// bound: 0\n").is_err());
        assert!(parse_bound("// bound: -1\n").is_err());
    }

    #[test]
    fn count_lines() {
        assert_eq!(parse_count("loop-cycles 4100 1024\n"), Ok((4100, 1024)));
        assert_eq!(parse_count("noise\nloop-cycles 0 7\n"), Ok((0, 7)));
        assert!(parse_count("").is_err());
        assert!(parse_count("loop-cycles 12\n").is_err());
        assert!(parse_count("loop-cycles 12 0\n").is_err());
        assert!(parse_count("loop-cycles 12 x\n").is_err());
        assert!(parse_count("loop-cycles 1 2\nloop-cycles 3 4\n")
            .unwrap_err()
            .contains("more than one"));
    }

    #[test]
    fn checks_against_the_host() {
        let host = HostRun {
            stdout: b"sum 42\n".to_vec(),
            iterations: 100,
        };
        let ok = check(
            b"sum 42\n",
            b"loop-cycles 250 100\n",
            Some(&host),
            9000,
            2.0,
        );
        assert_eq!(ok, Ok((250, 100)));
        // no host: only the counts are checked
        assert_eq!(
            check(b"sum 41\n", b"loop-cycles 250 100\n", None, 9000, 2.0),
            Ok((250, 100))
        );
        let wrong = check(
            b"sum 41\n",
            b"loop-cycles 250 100\n",
            Some(&host),
            9000,
            2.0,
        );
        assert!(wrong.unwrap_err().starts_with("wrong output: line 1"));
        let its = check(b"sum 42\n", b"loop-cycles 250 99\n", Some(&host), 9000, 2.0);
        assert!(its.unwrap_err().contains("the host build reports 100"));
        let below = check(
            b"sum 42\n",
            b"loop-cycles 150 100\n",
            Some(&host),
            9000,
            2.0,
        );
        assert!(below.unwrap_err().contains("below the resource bound"));
        let zero = check(b"sum 42\n", b"loop-cycles 0 100\n", Some(&host), 9000, 2.0);
        assert!(zero.unwrap_err().contains("cycle counter"));
        let over = check(
            b"sum 42\n",
            b"loop-cycles 9500 100\n",
            Some(&host),
            9000,
            2.0,
        );
        assert!(over.unwrap_err().contains("cycle counter"));
    }

    #[test]
    fn geometric_mean() {
        assert!((geomean([2.0, 8.0]) - 4.0).abs() < 1e-12);
        assert!((geomean([1.5]) - 1.5).abs() < 1e-12);
        assert_eq!(geomean([]), 0.0);
    }

    #[test]
    fn the_project_kernels_have_bounds() {
        let k = load(&default_dir()).unwrap();
        let names: Vec<&str> = k.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "clip",
                "copy",
                "dotprod",
                "fir",
                "histogram",
                "maxsearch",
                "sad",
                "saxpy"
            ]
        );
        assert!(k.iter().all(|k| k.bound >= 1.0));
    }
}
