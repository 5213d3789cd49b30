//! Loop kernels (`testsuite --loops [DIR]`, README: "Loop kernels"):
//! small self-checking C programs (`testsuite/loops/NAME.c`), each timing
//! one call of its kernel with the cycle counter and reporting the cycles
//! per iteration beside the kernel's hand-derived resource bound.
//!
//! A kernel file holds a comment line `// ops: mem=M alu=A mul=X ctl=C
//! per=N` (the operations of N iterations of its own work, by unit
//! class, counted in the file's header comment), from which the runner
//! computes the kernel's resource bound on each machine
//! ([`OpCounts::bound`]), and/or a line `// bound: X` (cycles per
//! iteration that the ST231's resources allow at best, derived by hand
//! in the header comment; with both lines, the two must agree on the
//! ST231, and without an `ops` line the stated bound serves every
//! machine). It prints its checksum on stdout and, on stderr only, one
//! line `loop-cycles CYCLES ITERATIONS`: the cycles of the timed call
//! read from `PM_PCLK` (0 on the host) and the iteration count.
//!
//! For each kernel, configuration and machine (`--machines`, `--sweep`;
//! by default the configuration's own) the runner builds with `lcc`, runs in
//! `stsim`, and checks: exit status 0; stdout equal to the host build's
//! (`gcc -m32 -O2`, skipped with a message when the host cannot build
//! 32-bit programs); the iteration count equal to the host's; timed cycles
//! above 0 and below the program's; and cycles per iteration not below
//! the bound (a ratio under 1 means a wrong bound or a wrong timer).

use crate::config::BuildConfig;
use crate::manifest::Benchmark;
use crate::run::{first_difference, run_captured, Measurement};
use isa::model::ProcessorModel;
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
    /// Resource bound on the ST231, cycles per iteration (`// bound: X`,
    /// or computed from `// ops:`).
    pub bound: f64,
    /// Operations per iteration by unit class (`// ops:`), if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ops: Option<OpCounts>,
}

impl Kernel {
    /// The resource bound on `machine`: from the operation counts when
    /// the kernel gives them, else the stated (ST231) bound.
    pub fn bound_on(&self, machine: &ProcessorModel) -> f64 {
        self.ops.map_or(self.bound, |o| o.bound(machine))
    }
}

/// The operations of `per` iterations of a kernel's own work, by the unit
/// class that executes them (`// ops: mem=65 alu=33 mul=32 per=32`).
/// Every operation takes one issue slot.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct OpCounts {
    /// ALU operations (arithmetic, compares, selects, moves).
    pub alu: u32,
    /// Memory operations (loads, stores).
    pub mem: u32,
    /// Multiplies.
    pub mul: u32,
    /// Control operations (branches).
    pub ctl: u32,
    /// Iterations these operations make (at least 1).
    pub per: u32,
}

impl OpCounts {
    /// Cycles per iteration that `machine`'s units allow at best: the
    /// largest of (operations / issue slots), (ALU operations / ALUs),
    /// (memory operations / memory units), (multiplies / multipliers),
    /// (control operations / control units), divided by `per`.
    pub fn bound(&self, machine: &ProcessorModel) -> f64 {
        let r = &machine.resources;
        let total = self.alu + self.mem + self.mul + self.ctl;
        let ratio = |n: u32, units: u32| f64::from(n) / f64::from(units.max(1));
        let worst = [
            ratio(total, r.issue),
            ratio(self.alu, r.alu_units()),
            ratio(self.mem, r.mem),
            ratio(self.mul, r.odd),
            ratio(self.ctl, r.ctl),
        ]
        .into_iter()
        .fold(0.0, f64::max);
        worst / f64::from(self.per.max(1))
    }
}

/// The counts of the first `// ops: …` line of `text`, if there is one.
pub fn parse_ops(text: &str) -> Result<Option<OpCounts>, String> {
    let Some(line) = text.lines().find_map(|l| l.trim().strip_prefix("// ops:")) else {
        return Ok(None);
    };
    let mut ops = OpCounts {
        per: 1,
        ..OpCounts::default()
    };
    for item in line.split_whitespace() {
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| format!("`// ops:{line}`: `{item}` is not CLASS=COUNT"))?;
        let n: u32 = v
            .parse()
            .map_err(|_| format!("`// ops:{line}`: `{v}` is not a count"))?;
        match k {
            "alu" => ops.alu = n,
            "mem" => ops.mem = n,
            "mul" => ops.mul = n,
            "ctl" => ops.ctl = n,
            "per" if n > 0 => ops.per = n,
            "per" => return Err(format!("`// ops:{line}`: per must be at least 1")),
            _ => {
                return Err(format!(
                    "`// ops:{line}`: unknown class `{k}` (alu, mem, mul, ctl, per)"
                ))
            }
        }
    }
    if ops.alu + ops.mem + ops.mul + ops.ctl == 0 {
        return Err(format!("`// ops:{line}`: no operation"));
    }
    Ok(Some(ops))
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
        let ops = parse_ops(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let st231 = ProcessorModel::st231();
        let bound = match (parse_bound(&text), ops) {
            (Ok(b), Some(o)) if (o.bound(&st231) - b).abs() > 1e-9 => {
                return Err(format!(
                    "{}: `// bound: {b}` disagrees with the bound {} that its `// ops:` line gives on the st231",
                    path.display(),
                    o.bound(&st231)
                ))
            }
            (Ok(b), _) => b,
            (Err(_), Some(o)) => o.bound(&st231),
            (Err(e), None) => {
                return Err(format!(
                    "{}: {e} (and no `// ops:` line)",
                    path.display()
                ))
            }
        };
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        kernels.push(Kernel {
            name,
            path,
            bound,
            ops,
        });
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
    /// Machine name.
    #[serde(default)]
    pub machine: String,
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
    /// The resource bound on this machine, cycles per iteration.
    pub bound: f64,
    /// cycles_per_iteration / bound (at least 1 when the bound is right).
    pub ratio: f64,
    /// The simulator's and compiler's measurements of the whole program.
    pub measurement: Option<Measurement>,
}

/// Geometric mean of the ratios of one configuration on one machine.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct GeoMean {
    /// Configuration name.
    pub config: String,
    /// Machine name.
    #[serde(default)]
    pub machine: String,
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
    /// Machines, in the order given.
    #[serde(default)]
    pub machines: Vec<String>,
    /// The kernels and their bounds.
    pub kernels: Vec<Kernel>,
    /// Why the host check was skipped (None: outputs were compared).
    pub host_skipped: Option<String>,
    /// Kernel-major, then configuration, then machine.
    pub results: Vec<LoopResult>,
    /// Per configuration and machine.
    pub geomean: Vec<GeoMean>,
}

impl LoopsReport {
    /// Number of failed runs.
    pub fn failures(&self) -> usize {
        self.results.iter().filter(|r| !r.pass).count()
    }

    /// The terminal table: one row per kernel and machine with the
    /// kernel's bound on that machine, then per configuration cycles per
    /// iteration and the ratio to the bound.
    pub fn table(&self) -> String {
        let mut out = format!("loop kernels of {}\n", self.dir.display());
        if let Some(why) = &self.host_skipped {
            let _ = writeln!(out, "outputs NOT checked against the host: {why}");
        }
        let mw = self
            .machines
            .iter()
            .map(|m| m.chars().count())
            .chain([7])
            .max()
            .unwrap_or(7);
        let _ = write!(out, "{:<12} {:<mw$} {:>8}", "kernel", "machine", "bound");
        for c in &self.configs {
            let _ = write!(out, " {:>10} {:>6}", format!("{c} c/it"), "ratio");
        }
        out.push('\n');
        for k in &self.kernels {
            for (i, m) in self.machines.iter().enumerate() {
                let name = if i == 0 { k.name.as_str() } else { "" };
                let bound = self
                    .results
                    .iter()
                    .find(|r| r.kernel == k.name && &r.machine == m)
                    .map_or(k.bound, |r| r.bound);
                let _ = write!(out, "{name:<12} {m:<mw$} {bound:>8.3}");
                for c in &self.configs {
                    match self
                        .results
                        .iter()
                        .find(|r| r.kernel == k.name && &r.config == c && &r.machine == m)
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
                        Some(_) => {
                            let _ = write!(out, " {:>10} {:>6}", "FAIL", "");
                        }
                        // this configuration does not run on this machine
                        None => {
                            let _ = write!(out, " {:>10} {:>6}", "-", "");
                        }
                    }
                }
                out.push('\n');
            }
        }
        for (i, m) in self.machines.iter().enumerate() {
            let name = if i == 0 { "geomean" } else { "" };
            let _ = write!(out, "{name:<12} {m:<mw$} {:>8}", "");
            for c in &self.configs {
                match self
                    .geomean
                    .iter()
                    .find(|g| &g.config == c && &g.machine == m)
                {
                    Some(g) => {
                        let _ = write!(out, " {:>10} {:>6.2}", "", g.ratio);
                    }
                    None => {
                        let _ = write!(out, " {:>10} {:>6}", "", "-");
                    }
                }
            }
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "{} passed, {} failed",
            self.results.len() - self.failures(),
            self.failures()
        );
        for r in self.results.iter().filter(|r| !r.pass) {
            let _ = writeln!(
                out,
                "FAIL {} [{}] on {}: {}",
                r.kernel,
                r.config,
                r.machine,
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

/// Builds, runs and checks one kernel in one configuration, on the
/// configuration's machine (its bound is the kernel's bound there).
pub fn run_one(kernel: &Kernel, config: &BuildConfig, host: Option<&HostRun>) -> LoopResult {
    let bound = kernel.bound_on(&config.config.model);
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
        machine: config.config.model.name.clone(),
        pass: outcome.pass,
        failure: outcome.failure,
        host_checked: host.is_some(),
        cycles: 0,
        iterations: 0,
        cycles_per_iteration: 0.0,
        bound,
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
        r.ratio = r.cycles_per_iteration / bound;
    }
    if let Err(why) = check(&stdout, &stderr, host, total, bound) {
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

/// Every kernel of `dir` in every configuration on every machine of
/// `machines` (each configuration's own machine when it is empty), in
/// parallel, checked against the host build made in `work`; `bar` counts
/// the runs done (its length is set to their number).
pub fn run(
    dir: &Path,
    configs: &[BuildConfig],
    machines: &[ProcessorModel],
    work: &Path,
    bar: &indicatif::ProgressBar,
) -> Result<LoopsReport, String> {
    let kernels = load(dir)?;
    // (configuration, machine) pairs, configuration-major
    let mut runs: Vec<BuildConfig> = Vec::new();
    for c in configs {
        if machines.is_empty() {
            runs.push(c.clone());
        }
        for m in machines {
            runs.push(crate::sweep::on_machine(c, m)?);
        }
    }
    let mut machine_names: Vec<String> = Vec::new();
    for r in &runs {
        if !machine_names.contains(&r.config.model.name) {
            machine_names.push(r.config.model.name.clone());
        }
    }
    let host_skipped = host_available(work).err();
    let hosts: Vec<Option<Result<HostRun, String>>> = kernels
        .par_iter()
        .map(|k| host_skipped.is_none().then(|| host_run(k, work)))
        .collect();
    let run_job = |k: usize, c: &BuildConfig| match &hosts[k] {
        Some(Err(e)) => LoopResult {
            kernel: kernels[k].name.clone(),
            config: c.name.clone(),
            machine: c.config.model.name.clone(),
            pass: false,
            failure: Some(e.clone()),
            host_checked: false,
            cycles: 0,
            iterations: 0,
            cycles_per_iteration: 0.0,
            bound: kernels[k].bound_on(&c.config.model),
            ratio: 0.0,
            measurement: None,
        },
        Some(Ok(h)) => run_one(&kernels[k], c, Some(h)),
        None => run_one(&kernels[k], c, None),
    };
    let jobs: Vec<(usize, &BuildConfig)> = (0..kernels.len())
        .flat_map(|k| runs.iter().map(move |c| (k, c)))
        .collect();
    bar.set_length(jobs.len() as u64);
    let results: Vec<LoopResult> = jobs
        .par_iter()
        .map(|&(k, c)| {
            let r = run_job(k, c);
            crate::progress::done(bar, format!("{} [{}]", kernels[k].name, c.name));
            r
        })
        .collect();
    let geomean = runs
        .iter()
        .map(|c| GeoMean {
            config: c.name.clone(),
            machine: c.config.model.name.clone(),
            ratio: geomean(
                results
                    .iter()
                    .filter(|r| {
                        r.config == c.name && r.machine == c.config.model.name && r.iterations > 0
                    })
                    .map(|r| r.ratio),
            ),
        })
        .collect();
    Ok(LoopsReport {
        dir: dir.to_path_buf(),
        configs: configs.iter().map(|c| c.name.clone()).collect(),
        machines: machine_names,
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
    fn ops_lines() {
        assert_eq!(parse_ops("int x;"), Ok(None));
        assert_eq!(
            parse_ops("/* */\n// ops: mem=65 mul=32 alu=33 per=32\n"),
            Ok(Some(OpCounts {
                alu: 33,
                mem: 65,
                mul: 32,
                ctl: 0,
                per: 32
            }))
        );
        // per defaults to 1
        assert_eq!(parse_ops("// ops: ctl=1").unwrap().unwrap().per, 1);
        for (bad, says) in [
            ("// ops: mem", "is not CLASS=COUNT"),
            ("// ops: mem=x", "is not a count"),
            ("// ops: mem=-1", "is not a count"),
            ("// ops: fpu=1", "unknown class `fpu`"),
            ("// ops: mem=1 per=0", "per must be at least 1"),
            ("// ops: per=4", "no operation"),
        ] {
            let e = parse_ops(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    fn example_machine(name: &str) -> ProcessorModel {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../machines")
            .join(format!("{name}.toml"));
        ProcessorModel::from_toml_file(&path).unwrap()
    }

    #[test]
    fn bounds_from_the_machines_units() {
        let st231 = ProcessorModel::st231();
        let wide8 = example_machine("wide8");
        let issue1 = example_machine("issue1");
        // fir, per output of 32 taps: 32 x (ldh x, ldh h, mul, add) then
        // a shift and a sth: 65 memory operations, 32 multiplies, 33 ALU
        // operations, 130 syllables.
        let fir = OpCounts {
            alu: 33,
            mem: 65,
            mul: 32,
            ctl: 0,
            per: 32,
        };
        // st231 (issue 4, alu 4, mem 1, mul 2): issue 130/4 = 32.5, alu
        // 33/4 = 8.25, mem 65/1 = 65, mul 32/2 = 16: the memory unit
        // binds, 65 cycles per 32 taps = 2.03125.
        assert_eq!(fir.bound(&st231), 2.03125);
        // wide8 (issue 8, alu 8, mem 2, mul 4): issue 130/8 = 16.25, alu
        // 33/8 = 4.125, mem 65/2 = 32.5, mul 32/4 = 8: the two memory
        // units bind, 32.5 / 32 = 1.015625.
        assert_eq!(fir.bound(&wide8), 1.015625);
        // issue1 (everything 1): the single issue slot binds, 130 / 32 =
        // 4.0625.
        assert_eq!(fir.bound(&issue1), 4.0625);
        // A multiply-heavy iteration: 3 mul + 1 add. st231: issue 4/4 =
        // 1, mul 3/2 = 1.5 -> 1.5. wide8: issue 4/8 = 0.5, mul 3/4 = 0.75
        // -> 0.75.
        let mac = OpCounts {
            alu: 1,
            mul: 3,
            per: 1,
            ..OpCounts::default()
        };
        assert_eq!(mac.bound(&st231), 1.5);
        assert_eq!(mac.bound(&wide8), 0.75);
        // An ALU-heavy one: 10 ALU ops and 2 branches per 2 iterations.
        // st231: issue 12/4 = 3, alu 10/4 = 2.5, ctl 2/1 = 2 -> 3 / 2 =
        // 1.5. wide8: issue 12/8 = 1.5, alu 10/8 = 1.25, ctl 2/1 = 2 -> 2
        // / 2 = 1 (the one control unit binds).
        let alu = OpCounts {
            alu: 10,
            ctl: 2,
            per: 2,
            ..OpCounts::default()
        };
        assert_eq!(alu.bound(&st231), 1.5);
        assert_eq!(alu.bound(&wide8), 1.0);
        // A kernel without counts keeps its stated bound everywhere.
        let k = Kernel {
            name: "k".into(),
            path: PathBuf::new(),
            bound: 2.5,
            ops: None,
        };
        assert_eq!(k.bound_on(&wide8), 2.5);
        let k = Kernel {
            ops: Some(fir),
            ..k
        };
        assert_eq!(k.bound_on(&wide8), 1.015625);
    }

    #[test]
    fn a_stated_bound_must_agree_with_the_counts() {
        let dir = std::env::temp_dir().join(format!("loops-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // ldw + stw on the st231: 2 cycles, not 3
        std::fs::write(dir.join("k.c"), "// ops: mem=2\n// bound: 3\n").unwrap();
        let e = load(&dir).unwrap_err();
        assert!(e.contains("disagrees with the bound 2"), "{e}");
        // counts alone: the bound on the st231 is computed
        std::fs::write(dir.join("k.c"), "// ops: mem=3 alu=6 per=2\n").unwrap();
        let k = load(&dir).unwrap();
        // issue 9/4 = 2.25, alu 6/4 = 1.5, mem 3 -> 3 / 2 = 1.5
        assert_eq!(k[0].bound, 1.5);
        std::fs::write(dir.join("k.c"), "int x;\n").unwrap();
        assert!(load(&dir).unwrap_err().contains("no `// ops:` line"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_project_kernels_have_bounds() {
        let k = load(&default_dir()).unwrap();
        // every one counts its operations (and load() checked that they
        // give its hand-derived ST231 bound)
        assert!(k.iter().all(|k| k.ops.is_some()));
        let names: Vec<&str> = k.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "axpy_ptr",
                "axpy_restrict",
                "bytecopy",
                "clip",
                "condswap",
                "copy",
                "countdown",
                "dotprod",
                "fir",
                "histogram",
                "maxsearch",
                "rangecount",
                "sad",
                "saxpy"
            ]
        );
        assert!(k.iter().all(|k| k.bound >= 1.0));
    }
}
