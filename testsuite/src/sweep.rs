//! Sweeps over machines (`testsuite --machines A,B,… --sweep KEY=V1,V2,…`,
//! README, "Sweeps"): the benchmarks of every configuration run on every
//! machine, and the report gives per benchmark and machine the cycles,
//! IPC, stalls by cause, code size, pass/fail and the speed-up over the
//! first machine, with the geometric means of cycles and of speed-ups per
//! machine, as a table, JSON, CSV, Markdown and an SVG chart.
//!
//! Machines are built-in names (`st220`, `st231`, `st240`) or machine
//! files (`isa::model`, e.g. `machines/wide8.toml`). A sweep axis
//! `KEY=V1,V2,…` derives one machine per value from the base machine
//! with [`ProcessorModel::with_settings`]; several axes give their cross
//! product, and `K1+K2=V1,V2,…` sets several keys to the same value
//! (`issue_width+resources.issue=2,4`).

use crate::config::BuildConfig;
use crate::manifest::Benchmark;
use crate::report::geomean;
use crate::run::{Measurement, Outcome};
use crate::svg::Svg;
use isa::model::ProcessorModel;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::Path;

/// One `--sweep` axis: the keys it sets (one, or several joined by `+`)
/// and the values it takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Axis {
    /// Dotted keys of the machine description (`resources.mem`).
    pub keys: Vec<String>,
    /// TOML values, in the order given.
    pub values: Vec<String>,
}

/// Splits `list` at the commas that are outside brackets, braces and
/// quotes, so that array values (`lanes.mul=[1,3],[1]`) stay whole.
fn split_values(list: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut quote = None;
    let mut cur = String::new();
    for c in list.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(std::mem::take(&mut cur).trim().to_string());
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur.trim().to_string());
    out
}

/// Parses one `--sweep KEY=V1,V2,…` (or `K1+K2=V1,V2,…`).
pub fn parse_axis(spec: &str) -> Result<Axis, String> {
    let (keys, values) = spec.split_once('=').ok_or_else(|| {
        format!("--sweep {spec}: expected KEY=VALUE1,VALUE2,… (e.g. issue_width=2,4,8)")
    })?;
    let keys: Vec<String> = keys.split('+').map(|k| k.trim().to_string()).collect();
    for k in &keys {
        let ok = !k.is_empty()
            && k.split('.')
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
        if !ok {
            return Err(format!(
                "--sweep {spec}: `{k}` is not a dotted key of the machine description (e.g. resources.mem)"
            ));
        }
    }
    let values = split_values(values);
    if let Some(i) = values.iter().position(String::is_empty) {
        return Err(format!(
            "--sweep {spec}: value {} of key `{}` is empty",
            i + 1,
            keys.join("+")
        ));
    }
    Ok(Axis { keys, values })
}

/// The machines of the cross product of `axes` over `base`, the first
/// axis varying slowest: for axes `a=1,2` and `b=x,y`, the machines
/// `a=1 b=x`, `a=1 b=y`, `a=2 b=x`, `a=2 b=y`, each named
/// `BASE-a=1-b=x` and validated as a whole. An invalid combination is an
/// error naming its settings and the model's reason (which names the
/// field).
pub fn derive(base: &ProcessorModel, axes: &[Axis]) -> Result<Vec<ProcessorModel>, String> {
    let mut combos: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for axis in axes {
        let mut next = Vec::with_capacity(combos.len() * axis.values.len());
        for c in &combos {
            for v in &axis.values {
                let mut c = c.clone();
                c.extend(axis.keys.iter().map(|k| (k.clone(), v.clone())));
                next.push(c);
            }
        }
        combos = next;
    }
    if axes.is_empty() {
        return Ok(Vec::new());
    }
    combos
        .iter()
        .map(|settings| {
            let pairs: Vec<(&str, &str)> = settings
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            base.with_settings(&pairs).map_err(|e| {
                let what: Vec<String> = settings.iter().map(|(k, v)| format!("{k}={v}")).collect();
                // A swept value that contradicts another field: say how
                // to change both.
                let hint = match &e {
                    isa::model::ModelError::Invalid { field, .. }
                        if !settings.iter().any(|(k, _)| k == field) =>
                    {
                        match &settings[..] {
                            [(k, _)] => format!(
                                " (to change `{field}` with it, sweep both: --sweep {k}+{field}=…)"
                            ),
                            _ => format!(
                                " (keys that must change together go in one --sweep, joined by `+`: KEY+{field}=…)"
                            ),
                        }
                    }
                    _ => String::new(),
                };
                format!(
                    "--sweep {} (from machine {}): {e}{hint}",
                    what.join(" "),
                    base.name
                )
            })
        })
        .collect()
}

/// A machine named on the command line: a built-in name (`st231`) or a
/// machine file.
pub fn load_machine(spec: &str) -> Result<ProcessorModel, String> {
    if let Ok(m) = ProcessorModel::by_name(spec) {
        return Ok(m);
    }
    let path = Path::new(spec);
    if path.exists() || spec.ends_with(".toml") {
        return ProcessorModel::from_toml_file(path).map_err(|e| format!("machine {spec}: {e}"));
    }
    Err(format!(
        "machine `{spec}` is neither a built-in machine (st220, st231, st240) nor a file"
    ))
}

/// The machines of a run: those of `--machine` or `--machines` (in that
/// order), then those the `--sweep` axes derive from the first of them
/// (the ST231 when none is named; it then leads the list as the
/// reference). Empty when no machine option is given. Two machines with
/// the same name are an error (results are keyed by name).
pub fn machines(
    machine: Option<&str>,
    list: Option<&str>,
    sweeps: &[String],
) -> Result<Vec<ProcessorModel>, String> {
    let mut named = Vec::new();
    if let Some(m) = machine {
        named.push(load_machine(m.trim())?);
    }
    if let Some(l) = list {
        for m in l.split(',').map(str::trim) {
            if m.is_empty() {
                return Err(format!("--machines {l}: empty machine name"));
            }
            named.push(load_machine(m)?);
        }
        if named.is_empty() {
            return Err("--machines: no machine".into());
        }
    }
    if !sweeps.is_empty() {
        let axes: Vec<Axis> = sweeps
            .iter()
            .map(|s| parse_axis(s))
            .collect::<Result<_, _>>()?;
        if named.is_empty() {
            named.push(ProcessorModel::st231());
        }
        let derived = derive(&named[0], &axes)?;
        named.extend(derived);
    }
    for (i, m) in named.iter().enumerate() {
        if named[..i].iter().any(|o| o.name == m.name) {
            return Err(format!(
                "two machines are named `{}`: give each machine file a `name` of its own",
                m.name
            ));
        }
    }
    Ok(named)
}

/// `config` running on `machine`: the compiler schedules for it and the
/// simulator simulates it. A configuration that chooses its own machine
/// (`--machine=`, `-mcpu=`) cannot be combined with machine options.
pub fn on_machine(config: &BuildConfig, machine: &ProcessorModel) -> Result<BuildConfig, String> {
    if let Some(f) = config
        .flags
        .iter()
        .find(|f| f.starts_with("--machine=") || f.starts_with("-mcpu="))
    {
        return Err(format!(
            "configuration `{}` chooses its own machine ({f}): with --machine, --machines or --sweep, leave the machine out of --configs",
            config.name
        ));
    }
    let mut c = config.clone();
    c.config.model = machine.clone();
    c.config.front.core = Some(machine.core.name().to_string());
    Ok(c)
}

/// A machine of the sweep: its name and its whole description (so that
/// a report says exactly what was measured).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SweepMachine {
    /// The machine's name.
    pub name: String,
    /// Its description.
    pub model: ProcessorModel,
}

/// One benchmark in one configuration on one machine.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SweepRun {
    /// Benchmark name.
    pub benchmark: String,
    /// Configuration name.
    pub config: String,
    /// Machine name.
    pub machine: String,
    /// Passed validation.
    pub pass: bool,
    /// Why it failed.
    pub failure: Option<String>,
    /// Cycles, IPC, stalls by cause, code size, … (when it ran).
    pub measurement: Option<Measurement>,
    /// Cycles on the first machine / cycles on this one (same benchmark
    /// and configuration; both runs must pass).
    pub speedup: Option<f64>,
}

/// Per configuration and machine: the geometric means.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SweepSummary {
    /// Configuration name.
    pub config: String,
    /// Machine name.
    pub machine: String,
    /// Benchmarks that passed.
    pub passed: usize,
    /// Benchmarks that failed.
    pub failed: usize,
    /// Geometric mean of the cycles of the passing benchmarks.
    pub geomean_cycles: Option<f64>,
    /// Geometric mean of the speed-ups over the first machine (of the
    /// benchmarks that passed on both).
    pub geomean_speedup: Option<f64>,
}

/// A whole sweep.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SweepReport {
    /// The machines, the reference (first) machine first.
    pub machines: Vec<SweepMachine>,
    /// Configuration names, in the order given.
    pub configs: Vec<String>,
    /// Benchmark names.
    pub benchmarks: Vec<String>,
    /// Configuration-major, then benchmark, then machine.
    pub results: Vec<SweepRun>,
    /// Configuration-major, then machine.
    pub summary: Vec<SweepSummary>,
    /// Commit, deciding options and shard of the run (what `testsuite
    /// merge` checks); absent in reports written before shards of sweeps.
    #[serde(default)]
    pub provenance: Option<crate::shard::Provenance>,
}

impl SweepReport {
    /// The report of `outcomes` (each tagged with its machine's name):
    /// computes the speed-ups over the first machine and the geometric
    /// means.
    pub fn new(
        machines: &[ProcessorModel],
        configs: &[String],
        benchmarks: &[String],
        outcomes: Vec<(String, Outcome)>,
    ) -> SweepReport {
        let cycles = |o: &Outcome| {
            o.measurement
                .as_ref()
                .filter(|_| o.pass)
                .map(|m| m.cycles)
                .filter(|&c| c > 0)
        };
        let first = machines.first().map(|m| m.name.clone()).unwrap_or_default();
        let find = |b: &str, c: &str, m: &str| {
            outcomes
                .iter()
                .find(|(mm, o)| mm == m && o.benchmark == b && o.config == c)
                .map(|(_, o)| o)
        };
        let mut results = Vec::new();
        for c in configs {
            for b in benchmarks {
                let base = find(b, c, &first).and_then(cycles);
                for m in machines {
                    let Some(o) = find(b, c, &m.name) else {
                        continue;
                    };
                    let speedup = match (base, cycles(o)) {
                        (Some(f), Some(x)) => Some(f as f64 / x as f64),
                        _ => None,
                    };
                    results.push(SweepRun {
                        benchmark: b.clone(),
                        config: c.clone(),
                        machine: m.name.clone(),
                        pass: o.pass,
                        failure: o.failure.clone(),
                        measurement: o.measurement.clone(),
                        speedup,
                    });
                }
            }
        }
        let mut summary = Vec::new();
        for c in configs {
            for m in machines {
                let runs: Vec<&SweepRun> = results
                    .iter()
                    .filter(|r| &r.config == c && r.machine == m.name)
                    .collect();
                let cyc: Vec<f64> = runs
                    .iter()
                    .filter(|r| r.pass)
                    .filter_map(|r| r.measurement.as_ref())
                    .map(|m| m.cycles as f64)
                    .filter(|&x| x > 0.0)
                    .collect();
                let sp: Vec<f64> = runs.iter().filter_map(|r| r.speedup).collect();
                summary.push(SweepSummary {
                    config: c.clone(),
                    machine: m.name.clone(),
                    passed: runs.iter().filter(|r| r.pass).count(),
                    failed: runs.iter().filter(|r| !r.pass).count(),
                    geomean_cycles: geomean(&cyc),
                    geomean_speedup: geomean(&sp),
                });
            }
        }
        SweepReport {
            machines: machines
                .iter()
                .map(|m| SweepMachine {
                    name: m.name.clone(),
                    model: m.clone(),
                })
                .collect(),
            configs: configs.to_vec(),
            benchmarks: benchmarks.to_vec(),
            results,
            summary,
            provenance: None,
        }
    }

    /// The report of a whole sweep from the reports of its shards (each
    /// with a part of the runs): the shards must have swept the same
    /// machines, configurations and benchmarks, and each run must come
    /// from one shard; the speed-ups and geometric means are computed
    /// again over all runs, as one unsharded run computes them.
    pub fn merge(parts: Vec<SweepReport>) -> Result<SweepReport, String> {
        let first = parts.first().ok_or("merge: no report")?;
        if parts.iter().any(|p| {
            p.machines != first.machines
                || p.configs != first.configs
                || p.benchmarks != first.benchmarks
        }) {
            return Err(
                "merge: the shards swept different machines, configurations or benchmarks".into(),
            );
        }
        let mut outcomes: Vec<(String, Outcome)> = Vec::new();
        for r in parts.iter().flat_map(|p| &p.results) {
            if outcomes
                .iter()
                .any(|(m, o)| *m == r.machine && o.benchmark == r.benchmark && o.config == r.config)
            {
                return Err(format!(
                    "merge: the run of {} [{}] on {} appears in two shards",
                    r.benchmark, r.config, r.machine
                ));
            }
            outcomes.push((
                r.machine.clone(),
                Outcome {
                    benchmark: r.benchmark.clone(),
                    config: r.config.clone(),
                    pass: r.pass,
                    failure: r.failure.clone(),
                    measurement: r.measurement.clone(),
                },
            ));
        }
        let models: Vec<ProcessorModel> = first.machines.iter().map(|m| m.model.clone()).collect();
        let mut merged = SweepReport::new(&models, &first.configs, &first.benchmarks, outcomes);
        merged.provenance = first.provenance.clone().map(|mut p| {
            p.shard = None;
            p
        });
        Ok(merged)
    }

    /// Number of failed runs.
    pub fn failures(&self) -> usize {
        self.results.iter().filter(|r| !r.pass).count()
    }

    /// The first (reference) machine's name.
    pub fn first(&self) -> &str {
        self.machines.first().map_or("", |m| m.name.as_str())
    }

    /// The run of `bench` in `config` on `machine`.
    pub fn get(&self, bench: &str, config: &str, machine: &str) -> Option<&SweepRun> {
        self.results
            .iter()
            .find(|r| r.benchmark == bench && r.config == config && r.machine == machine)
    }

    /// The summary of `machine` in `config`.
    pub fn summary_of(&self, config: &str, machine: &str) -> Option<&SweepSummary> {
        self.summary
            .iter()
            .find(|s| s.config == config && s.machine == machine)
    }

    /// Every stall cause that appears in a measurement, in first-seen order.
    pub fn stall_causes(&self) -> Vec<String> {
        let mut causes: Vec<String> = Vec::new();
        for m in self.results.iter().filter_map(|r| r.measurement.as_ref()) {
            for (k, _) in &m.stalls {
                if !causes.contains(k) {
                    causes.push(k.clone());
                }
            }
        }
        causes
    }

    /// The terminal table: per configuration, one row per benchmark and
    /// machine (cycles, IPC, speed-up, .text bytes, the non-zero stalls),
    /// then the geometric means per machine, then the failures.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let bw = self
            .benchmarks
            .iter()
            .map(|b| b.chars().count())
            .chain([14])
            .max()
            .unwrap_or(14);
        let mw = self
            .machines
            .iter()
            .map(|m| m.name.chars().count())
            .chain([7])
            .max()
            .unwrap_or(7);
        for c in &self.configs {
            let _ = writeln!(
                out,
                "configuration {c}: speed-up over machine {}",
                self.first()
            );
            let _ = writeln!(
                out,
                "{:<bw$} {:<mw$} {:>12} {:>5} {:>9} {:>7}  stall cycles by cause",
                "benchmark", "machine", "cycles", "IPC", "speed-up", ".text"
            );
            for b in &self.benchmarks {
                for (i, m) in self.machines.iter().enumerate() {
                    let name = if i == 0 { b.as_str() } else { "" };
                    let _ = write!(out, "{name:<bw$} {:<mw$}", m.name);
                    match self.get(b, c, &m.name) {
                        Some(r) if r.pass => {
                            let me = r.measurement.as_ref().expect("a passing run is measured");
                            let sp = r.speedup.map_or("-".into(), |s| format!("{s:.3}x"));
                            let stalls: Vec<String> = me
                                .stalls
                                .iter()
                                .filter(|(_, v)| *v > 0)
                                .map(|(k, v)| format!("{k}={v}"))
                                .collect();
                            let _ = writeln!(
                                out,
                                " {:>12} {:>5.2} {:>9} {:>7}  {}",
                                me.cycles,
                                me.ipc,
                                sp,
                                me.code_size,
                                stalls.join(" ")
                            );
                        }
                        Some(_) => {
                            let _ = writeln!(out, " {:>12}", "FAIL");
                        }
                        None => {
                            let _ = writeln!(out, " {:>12}", "-");
                        }
                    }
                }
            }
            for (i, m) in self.machines.iter().enumerate() {
                let name = if i == 0 { "geometric mean" } else { "" };
                let s = self.summary_of(c, &m.name);
                let g = s
                    .and_then(|s| s.geomean_cycles)
                    .map_or("-".into(), |g| format!("{g:.0}"));
                let sp = s
                    .and_then(|s| s.geomean_speedup)
                    .map_or("-".into(), |x| format!("{x:.3}x"));
                let _ = writeln!(out, "{name:<bw$} {:<mw$} {g:>12} {:>5} {sp:>9}", m.name, "");
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
                r.benchmark,
                r.config,
                r.machine,
                r.failure.as_deref().unwrap_or("")
            );
        }
        out
    }

    /// The CSV: a header, one line per run, then one `geometric mean`
    /// line per configuration and machine (cycles and speed-up only).
    pub fn csv(&self) -> String {
        let causes = self.stall_causes();
        let mut out =
            String::from("config,benchmark,machine,pass,cycles,operations,ipc,speedup,code_size");
        for c in &causes {
            let _ = write!(out, ",stall_{c}");
        }
        out.push_str(",failure\n");
        let blanks = ",".repeat(causes.len());
        for r in &self.results {
            let _ = write!(
                out,
                "{},{},{},{}",
                csv_field(&r.config),
                csv_field(&r.benchmark),
                csv_field(&r.machine),
                r.pass
            );
            match &r.measurement {
                Some(m) => {
                    let sp = r.speedup.map_or(String::new(), |s| format!("{s:.6}"));
                    let _ = write!(
                        out,
                        ",{},{},{:.4},{sp},{}",
                        m.cycles, m.operations, m.ipc, m.code_size
                    );
                    for c in &causes {
                        let v = m.stalls.iter().find(|(k, _)| k == c).map_or(0, |x| x.1);
                        let _ = write!(out, ",{v}");
                    }
                }
                None => {
                    let _ = write!(out, ",,,,,{blanks}");
                }
            }
            let _ = writeln!(out, ",{}", csv_field(r.failure.as_deref().unwrap_or("")));
        }
        for s in &self.summary {
            let g = s
                .geomean_cycles
                .map_or(String::new(), |g| format!("{g:.1}"));
            let sp = s
                .geomean_speedup
                .map_or(String::new(), |x| format!("{x:.6}"));
            let _ = writeln!(
                out,
                "{},geometric mean,{},,{g},,,{sp},{blanks},",
                csv_field(&s.config),
                csv_field(&s.machine)
            );
        }
        out
    }

    /// The Markdown report: per configuration a table of every run (with
    /// the stall causes that are non-zero somewhere as columns) and the
    /// geometric means per machine.
    pub fn markdown(&self) -> String {
        let causes: Vec<String> = self
            .stall_causes()
            .into_iter()
            .filter(|c| {
                self.results
                    .iter()
                    .filter_map(|r| r.measurement.as_ref())
                    .any(|m| m.stalls.iter().any(|(k, v)| k == c && *v > 0))
            })
            .collect();
        let mut out = String::from("# Machine sweep\n\n");
        let _ = writeln!(
            out,
            "Speed-up = cycles on `{}` / cycles on the machine.\n",
            md(self.first())
        );
        for c in &self.configs {
            let _ = writeln!(out, "## Configuration {}\n", md(c));
            out.push_str("| benchmark | machine | pass | cycles | IPC | speed-up | .text bytes |");
            for k in &causes {
                let _ = write!(out, " {} |", md(k));
            }
            out.push_str("\n|---|---|---|---:|---:|---:|---:|");
            for _ in &causes {
                out.push_str("---:|");
            }
            out.push('\n');
            for b in &self.benchmarks {
                for m in &self.machines {
                    let Some(r) = self.get(b, c, &m.name) else {
                        continue;
                    };
                    let _ = write!(
                        out,
                        "| {} | {} | {} |",
                        md(b),
                        md(&m.name),
                        if r.pass { "pass" } else { "FAIL" }
                    );
                    match &r.measurement {
                        Some(me) if r.pass => {
                            let sp = r.speedup.map_or("-".into(), |s| format!("{s:.3}x"));
                            let _ = write!(
                                out,
                                " {} | {:.2} | {sp} | {} |",
                                me.cycles, me.ipc, me.code_size
                            );
                            for k in &causes {
                                let v = me.stalls.iter().find(|(x, _)| x == k).map_or(0, |x| x.1);
                                let _ = write!(out, " {v} |");
                            }
                        }
                        _ => {
                            out.push_str(" | | | |");
                            for _ in &causes {
                                out.push_str(" |");
                            }
                        }
                    }
                    out.push('\n');
                }
            }
            out.push('\n');
            out.push_str("| machine | passed | failed | geometric mean of cycles | geometric mean of speed-ups |\n|---|---:|---:|---:|---:|\n");
            for m in &self.machines {
                if let Some(s) = self.summary_of(c, &m.name) {
                    let g = s.geomean_cycles.map_or("-".into(), |g| format!("{g:.0}"));
                    let sp = s.geomean_speedup.map_or("-".into(), |x| format!("{x:.3}x"));
                    let _ = writeln!(
                        out,
                        "| {} | {} | {} | {g} | {sp} |",
                        md(&m.name),
                        s.passed,
                        s.failed
                    );
                }
            }
            out.push('\n');
        }
        out
    }

    /// The SVG chart: per configuration, grouped bars (one group per
    /// benchmark, one bar of class `bar` per machine, one colour per
    /// machine) of the speed-up over the first machine, then a group of
    /// the geometric means (class `geomean`); a dashed line at 1, axis
    /// labels and a legend. A run without a speed-up (failed) has no bar.
    pub fn svg(&self) -> String {
        const PLOT_H: f64 = 260.0;
        const TOP: f64 = 50.0;
        const BELOW: f64 = 130.0;
        const LEFT: f64 = 70.0;
        const BAR: f64 = 12.0;
        const GAP: f64 = 14.0;
        let k = self.machines.len().max(1) as f64;
        let groups = self.benchmarks.len() as f64 + 1.0;
        let plot_w = (groups * (k * BAR + GAP)).max(200.0);
        let legend_w = 40.0
            + 7.0
                * self
                    .machines
                    .iter()
                    .map(|m| m.name.chars().count())
                    .max()
                    .unwrap_or(4) as f64;
        let width = LEFT + plot_w + 30.0 + legend_w;
        let panel = TOP + PLOT_H + BELOW;
        let height = panel * self.configs.len().max(1) as f64;
        let mut s = Svg::new(width, height);
        s.rect(0.0, 0.0, width, height, "white", "background", "");
        let top = self
            .results
            .iter()
            .filter_map(|r| r.speedup)
            .chain(self.summary.iter().filter_map(|s| s.geomean_speedup))
            .fold(1.0f64, f64::max);
        let (ymax, step) = nice_axis(top * 1.1);
        for (p, c) in self.configs.iter().enumerate() {
            let y0 = p as f64 * panel + TOP;
            let base_y = y0 + PLOT_H;
            let y_of = |v: f64| base_y - (v / ymax) * PLOT_H;
            s.text(
                LEFT + plot_w / 2.0,
                y0 - 22.0,
                &format!("Speed-up over {} (configuration {c})", self.first()),
                "middle",
                15.0,
                0.0,
            );
            // y axis: ticks, grid and label
            let mut t = 0.0;
            while t <= ymax + 1e-9 {
                let y = y_of(t);
                s.line((LEFT, y), (LEFT + plot_w, y), "#dddddd", "");
                s.text(LEFT - 6.0, y + 4.0, &format!("{t:.2}"), "end", 11.0, 0.0);
                t += step;
            }
            s.line((LEFT, y0), (LEFT, base_y), "black", "");
            s.line((LEFT, base_y), (LEFT + plot_w, base_y), "black", "");
            s.text(
                18.0,
                y0 + PLOT_H / 2.0,
                &format!("speed-up over {} (x)", self.first()),
                "middle",
                12.0,
                -90.0,
            );
            s.text(
                LEFT + plot_w / 2.0,
                base_y + BELOW - 12.0,
                "benchmark",
                "middle",
                12.0,
                0.0,
            );
            let group_x = |g: usize| LEFT + GAP / 2.0 + g as f64 * (k * BAR + GAP);
            for (g, b) in self.benchmarks.iter().enumerate() {
                for (j, m) in self.machines.iter().enumerate() {
                    if let Some(sp) = self.get(b, c, &m.name).and_then(|r| r.speedup) {
                        let x = group_x(g) + j as f64 * BAR;
                        s.rect(
                            x,
                            y_of(sp),
                            BAR - 1.0,
                            base_y - y_of(sp),
                            color(j),
                            "bar",
                            &format!("{b} on {}: {sp:.3}x", m.name),
                        );
                    }
                }
                let cx = group_x(g) + k * BAR / 2.0;
                s.text(cx, base_y + 10.0, b, "end", 11.0, -60.0);
            }
            let g = self.benchmarks.len();
            for (j, m) in self.machines.iter().enumerate() {
                if let Some(sp) = self.summary_of(c, &m.name).and_then(|x| x.geomean_speedup) {
                    let x = group_x(g) + j as f64 * BAR;
                    s.rect(
                        x,
                        y_of(sp),
                        BAR - 1.0,
                        base_y - y_of(sp),
                        color(j),
                        "geomean",
                        &format!("geometric mean on {}: {sp:.3}x", m.name),
                    );
                    s.text(
                        x + BAR / 2.0,
                        y_of(sp) - 4.0,
                        &format!("{sp:.2}"),
                        "start",
                        9.0,
                        -90.0,
                    );
                }
            }
            s.text(
                group_x(g) + k * BAR / 2.0,
                base_y + 10.0,
                "geometric mean",
                "end",
                11.0,
                -60.0,
            );
            s.line(
                (LEFT, y_of(1.0)),
                (LEFT + plot_w, y_of(1.0)),
                "black",
                "5 3",
            );
            // legend
            let lx = LEFT + plot_w + 20.0;
            for (j, m) in self.machines.iter().enumerate() {
                let ly = y0 + j as f64 * 18.0;
                s.rect(lx, ly, 12.0, 12.0, color(j), "legend", "");
                s.text(lx + 18.0, ly + 10.5, &m.name, "start", 11.0, 0.0);
            }
        }
        s.finish()
    }
}

/// A top value and tick step for an axis from 0 to at least `top`:
/// step 0.1, 0.2, 0.25, 0.5 or 1 × a power of ten, giving 4 to 10 ticks.
pub fn nice_axis(top: f64) -> (f64, f64) {
    let top = if top.is_finite() && top > 0.0 {
        top
    } else {
        1.0
    };
    let raw = top / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag);
    ((top / step).ceil() * step, step)
}

/// The colour of the `j`-th machine (a palette readable by most
/// colour-blind readers, repeated after 8).
fn color(j: usize) -> &'static str {
    const P: [&str; 8] = [
        "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#000000",
    ];
    P[j % P.len()]
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Text for a Markdown table cell (`|` escaped, line breaks removed).
fn md(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// Runs every benchmark in every configuration on every machine (in
/// parallel; `progress` is called after each run) and builds the report.
/// With a `shard`, only its part of the runs (the work items in the order
/// configuration, machine, benchmark): the report then holds those runs
/// only, its speed-ups where both runs are in it.
pub fn run(
    benches: &[Benchmark],
    configs: &[BuildConfig],
    machines: &[ProcessorModel],
    shard: Option<crate::shard::Shard>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<SweepReport, String> {
    use rayon::prelude::*;
    let mut jobs = Vec::new();
    for c in configs {
        for m in machines {
            let on = on_machine(c, m)?;
            for b in benches {
                jobs.push((b, on.clone(), m.name.clone()));
            }
        }
    }
    let jobs: Vec<_> = jobs
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.keeps(*i)))
        .map(|(_, job)| job)
        .collect();
    let outcomes: Vec<(String, Outcome)> = jobs
        .par_iter()
        .map(|(b, c, m)| {
            let o = crate::run::run_one(b, c);
            progress(&format!("{} {} {m}", b.name, c.name));
            (m.clone(), o)
        })
        .collect();
    let names: Vec<String> = configs.iter().map(|c| c.name.clone()).collect();
    let benchmarks: Vec<String> = benches.iter().map(|b| b.name.clone()).collect();
    Ok(SweepReport::new(machines, &names, &benchmarks, outcomes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis(spec: &str) -> Axis {
        parse_axis(spec).unwrap()
    }

    #[test]
    fn axes_parse_keys_and_values() {
        assert_eq!(
            axis("issue_width=2,4,8"),
            Axis {
                keys: vec!["issue_width".into()],
                values: vec!["2".into(), "4".into(), "8".into()]
            }
        );
        let a = axis("issue_width+resources.issue = 2, 4");
        assert_eq!(a.keys, ["issue_width", "resources.issue"]);
        assert_eq!(a.values, ["2", "4"]);
        // commas inside an array or a string do not split values
        assert_eq!(axis("lanes.mul=[1,3],[1]").values, ["[1,3]", "[1]"]);
        assert_eq!(axis("name=\"a,b\",c").values, ["\"a,b\"", "c"]);
        for (bad, says) in [
            ("issue_width", "expected KEY=VALUE"),
            ("=2", "is not a dotted key"),
            ("resources..mem=1", "is not a dotted key"),
            ("issue width=1", "is not a dotted key"),
            (
                "resources.mem=1,,2",
                "value 2 of key `resources.mem` is empty",
            ),
            ("resources.mem=", "value 1 of key `resources.mem` is empty"),
        ] {
            let e = parse_axis(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn the_cross_product_of_two_axes() {
        let st231 = ProcessorModel::st231();
        let ms = derive(
            &st231,
            &[
                axis("dcache.miss_penalty=60,240"),
                axis("taken_branch_penalty=0,2"),
            ],
        )
        .unwrap();
        // 2 x 2 machines, the first axis varying slowest.
        let got: Vec<(&str, u32, u32)> = ms
            .iter()
            .map(|m| {
                (
                    m.name.as_str(),
                    m.dcache.miss_penalty,
                    m.taken_branch_penalty,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("st231-dcache.miss_penalty=60-taken_branch_penalty=0", 60, 0),
                ("st231-dcache.miss_penalty=60-taken_branch_penalty=2", 60, 2),
                (
                    "st231-dcache.miss_penalty=240-taken_branch_penalty=0",
                    240,
                    0
                ),
                (
                    "st231-dcache.miss_penalty=240-taken_branch_penalty=2",
                    240,
                    2
                ),
            ]
        );
        // Everything else is the ST231's.
        let mut want = st231.clone();
        want.name = ms[3].name.clone();
        want.dcache.miss_penalty = 240;
        want.taken_branch_penalty = 2;
        assert_eq!(ms[3], want);
        // Linked keys change together: a 2-wide machine.
        let two = derive(
            &st231,
            &[axis("issue_width+resources.issue+resources.alu=2")],
        )
        .unwrap();
        assert_eq!(two[0].issue_width, 2);
        assert_eq!(two[0].resources.issue, 2);
        assert_eq!(two[0].resources.alu_units(), 2);
        assert!(derive(&st231, &[]).unwrap().is_empty());
    }

    #[test]
    fn bad_keys_and_values_name_the_key() {
        let st231 = ProcessorModel::st231();
        for (spec, names) in [
            ("resources.bogus=1", "bogus"),
            ("dcache.miss_penalty=fast", "miss_penalty"),
            ("resources.mem=0", "resources.mem"),
            ("issue_width=17", "issue_width"),
            ("issue_width.x=2", "issue_width"),
        ] {
            let e = derive(&st231, &[axis(spec)]).unwrap_err();
            let prefix = format!("--sweep {spec} (from machine st231): ");
            assert!(e.starts_with(&prefix), "{e}");
            // the model's own message names the field too
            assert!(e[prefix.len()..].contains(names), "{spec}: {e}");
        }
        // 3 ways of 64-byte lines do not divide 32 KiB: the size must
        // change with the ways.
        let e = derive(&st231, &[axis("icache.ways=3")]).unwrap_err();
        assert!(
            e.ends_with("(to change `icache.size_bytes` with it, sweep both: --sweep icache.ways+icache.size_bytes=…)"),
            "{e}"
        );
        // A width alone brings its issue slots and ALUs.
        let two = derive(&st231, &[axis("issue_width=2")]).unwrap();
        assert_eq!(
            (two[0].resources.issue, two[0].resources.alu_units()),
            (2, 2)
        );
    }

    #[test]
    fn machines_from_the_command_line() {
        assert!(machines(None, None, &[]).unwrap().is_empty());
        let ms = machines(None, Some("st231, st220"), &[]).unwrap();
        assert_eq!(ms.len(), 2);
        assert_eq!(ms[1], ProcessorModel::st220());
        // A sweep without a named machine starts from the ST231, which
        // leads as the reference.
        let ms = machines(None, None, &["dcache.miss_penalty=60".into()]).unwrap();
        let names: Vec<&str> = ms.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["st231", "st231-dcache.miss_penalty=60"]);
        // ... or from --machine.
        let ms = machines(Some("st220"), None, &["taken_branch_penalty=3".into()]).unwrap();
        assert_eq!(ms[1].name, "st220-taken_branch_penalty=3");
        assert_eq!(ms[1].core, isa::Core::St220);
        let e = machines(None, Some("st231,st231"), &[]).unwrap_err();
        assert!(e.contains("two machines are named `st231`"), "{e}");
        let e = machines(None, Some("st231,nosuch"), &[]).unwrap_err();
        assert!(e.contains("`nosuch` is neither"), "{e}");
        let e = machines(None, Some("/nonexistent/m.toml"), &[]).unwrap_err();
        assert!(e.contains("/nonexistent/m.toml"), "{e}");
        let e = machines(None, Some("st231,"), &[]).unwrap_err();
        assert!(e.contains("empty machine name"), "{e}");
        let e = machines(None, None, &["nokey".into()]).unwrap_err();
        assert!(e.contains("expected KEY=VALUE"), "{e}");
    }

    #[test]
    fn a_configuration_with_its_own_machine_cannot_be_swept() {
        let c = BuildConfig::parse("O2:-mcpu=st220").unwrap();
        let e = on_machine(&c, &ProcessorModel::st231()).unwrap_err();
        assert!(e.contains("-mcpu=st220"), "{e}");
        let c = BuildConfig::parse("O1").unwrap();
        let m = ProcessorModel::st231()
            .with_setting("dcache.miss_penalty", "7")
            .unwrap();
        let on = on_machine(&c, &m).unwrap();
        assert_eq!(on.config.model.dcache.miss_penalty, 7);
        assert_eq!(on.name, "O1");
    }

    fn run(b: &str, c: &str, m: &str, cycles: Option<u64>) -> (String, Outcome) {
        (
            m.to_string(),
            Outcome {
                benchmark: b.into(),
                config: c.into(),
                pass: cycles.is_some(),
                failure: cycles.is_none().then(|| "wrong output: line 1".to_string()),
                measurement: cycles.map(|cycles| Measurement {
                    cycles,
                    operations: 2 * cycles,
                    ipc: 2.0,
                    code_size: 1024,
                    stalls: vec![
                        ("interlock_load".into(), cycles / 10),
                        ("dcache_miss".into(), 0),
                    ],
                    ..Default::default()
                }),
            },
        )
    }

    fn machine(name: &str) -> ProcessorModel {
        let mut m = ProcessorModel::st231();
        m.name = name.into();
        m
    }

    /// Machines A (reference) and B, benchmarks x, y, z, configuration O2.
    /// A: x 100, y 400, z 1000 cycles. B: x 50, y 100, z fails.
    fn sample(a: &str, b: &str) -> SweepReport {
        SweepReport::new(
            &[machine(a), machine(b)],
            &["O2".into()],
            &["x".into(), "y".into(), "z".into()],
            vec![
                run("x", "O2", a, Some(100)),
                run("y", "O2", a, Some(400)),
                run("z", "O2", a, Some(1000)),
                run("x", "O2", b, Some(50)),
                run("y", "O2", b, Some(100)),
                run("z", "O2", b, None),
            ],
        )
    }

    #[test]
    fn speed_ups_and_geometric_means() {
        let r = sample("A", "B");
        let sp = |b: &str, m: &str| r.get(b, "O2", m).unwrap().speedup;
        // x: 100 / 50 = 2; y: 400 / 100 = 4; z failed on B: none.
        assert_eq!(sp("x", "B"), Some(2.0));
        assert_eq!(sp("y", "B"), Some(4.0));
        assert_eq!(sp("z", "B"), None);
        assert_eq!(sp("x", "A"), Some(1.0));
        assert_eq!(sp("z", "A"), Some(1.0));
        let a = r.summary_of("O2", "A").unwrap();
        let b = r.summary_of("O2", "B").unwrap();
        // A: cube root of 100 * 400 * 1000 = 4e7; 342^3 = 40 001 688, so
        // the root is 342 - 1688 / (3 * 342^2) = 342 - 0.00481 = 341.99519.
        assert!(
            (a.geomean_cycles.unwrap() - 341.99519).abs() < 1e-4,
            "{a:?}"
        );
        assert!((a.geomean_speedup.unwrap() - 1.0).abs() < 1e-12);
        // B: sqrt(50 * 100) = sqrt(5000) = 70.7107; speed-ups sqrt(2 * 4)
        // = sqrt(8) = 2.8284.
        assert!((b.geomean_cycles.unwrap() - 70.7107).abs() < 1e-4, "{b:?}");
        assert!((b.geomean_speedup.unwrap() - 2.8284).abs() < 1e-4, "{b:?}");
        assert_eq!((a.passed, a.failed, b.passed, b.failed), (3, 0, 2, 1));
        assert_eq!(r.failures(), 1);
        let t = r.table();
        assert!(t.contains("5 passed, 1 failed"), "{t}");
        assert!(t.contains("FAIL z [O2] on B: wrong output"), "{t}");
        assert!(t.contains("2.828x"), "{t}");
        assert!(t.contains("interlock_load=40"), "{t}");
    }

    /// Splits one CSV line into fields (quotes honoured).
    fn csv_fields(line: &str) -> Vec<String> {
        let mut out = vec![String::new()];
        let mut quoted = false;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '"' if quoted && chars.peek() == Some(&'"') => {
                    chars.next();
                    out.last_mut().unwrap().push('"');
                }
                '"' => quoted = !quoted,
                ',' if !quoted => out.push(String::new()),
                c => out.last_mut().unwrap().push(c),
            }
        }
        out
    }

    #[test]
    fn csv_shape() {
        // A machine name with a comma and a quote must stay one field.
        let r = sample("A", "B,\"2\"");
        let csv = r.csv();
        let lines: Vec<&str> = csv.lines().collect();
        // header + 6 runs + 2 geometric-mean lines
        assert_eq!(lines.len(), 9, "{csv}");
        let header = csv_fields(lines[0]);
        assert_eq!(
            header,
            [
                "config",
                "benchmark",
                "machine",
                "pass",
                "cycles",
                "operations",
                "ipc",
                "speedup",
                "code_size",
                "stall_interlock_load",
                "stall_dcache_miss",
                "failure"
            ]
        );
        for l in &lines {
            assert_eq!(csv_fields(l).len(), header.len(), "{l}");
        }
        let y_b = csv_fields(lines[4]);
        assert_eq!(
            y_b[..10],
            ["O2", "y", "B,\"2\"", "true", "100", "200", "2.0000", "4.000000", "1024", "10"]
        );
        let z_b = csv_fields(lines[6]);
        assert_eq!(z_b[3], "false");
        assert_eq!(z_b[11], "wrong output: line 1");
        let g_b = csv_fields(lines[8]);
        assert_eq!(g_b[1], "geometric mean");
        assert_eq!(g_b[2], "B,\"2\"");
        assert_eq!(g_b[7], "2.828427");
    }

    #[test]
    fn markdown_shape() {
        let r = sample("A", "B|x");
        let md = r.markdown();
        assert!(md.contains("## Configuration O2"), "{md}");
        // Cells: split on unescaped bars.
        let cells = |l: &str| l.replace("\\|", "").matches('|').count();
        let tables: Vec<Vec<&str>> = md
            .split("\n\n")
            .map(|t| t.lines().filter(|l| l.starts_with('|')).collect::<Vec<_>>())
            .filter(|t| !t.is_empty())
            .collect();
        assert_eq!(tables.len(), 2, "{md}");
        // runs: header, rule, 6 rows; 7 columns + 1 stall cause that is
        // non-zero (interlock_load; dcache_miss is 0 everywhere).
        assert_eq!(tables[0].len(), 8, "{md}");
        assert!(tables[0].iter().all(|l| cells(l) == 9), "{md}");
        assert!(tables[0][0].contains("interlock_load") && !tables[0][0].contains("dcache_miss"));
        assert!(
            tables[0].contains(&"| y | B\\|x | pass | 100 | 2.00 | 4.000x | 1024 | 10 |"),
            "{md}"
        );
        assert!(
            tables[0].contains(&"| z | B\\|x | FAIL | | | | | |"),
            "{md}"
        );
        // geometric means: header, rule, 2 machines; 5 columns
        assert_eq!(tables[1].len(), 4, "{md}");
        assert!(tables[1].iter().all(|l| cells(l) == 6), "{md}");
        assert!(
            tables[1].contains(&"| B\\|x | 2 | 1 | 71 | 2.828x |"),
            "{md}"
        );
    }

    #[test]
    fn json_shape() {
        let r = sample("A", "B");
        let text = serde_json::to_string(&r).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["machines"].as_array().unwrap().len(), 2);
        assert_eq!(v["machines"][1]["name"], "B");
        assert_eq!(v["machines"][1]["model"]["issue_width"], 4);
        let res = v["results"].as_array().unwrap();
        assert_eq!(res.len(), 6);
        assert_eq!(res[1]["benchmark"], "x");
        assert_eq!(res[1]["machine"], "B");
        assert_eq!(res[1]["speedup"], 2.0);
        assert_eq!(res[1]["measurement"]["cycles"], 50);
        assert_eq!(res[5]["pass"], false);
        assert!(res[5]["speedup"].is_null());
        assert_eq!(v["summary"][1]["machine"], "B");
        assert_eq!(v["summary"][1]["failed"], 1);
        assert_eq!(serde_json::from_str::<SweepReport>(&text).unwrap(), r);
    }

    /// Checks that `xml` is well-formed enough for any XML parser: one
    /// root, every tag closed in order, quoted attributes, known entities,
    /// no `<` or `&` loose in text. Returns the start tags' names.
    fn well_formed(xml: &str) -> Result<Vec<String>, String> {
        let mut stack: Vec<String> = Vec::new();
        let mut names = Vec::new();
        let mut roots = 0;
        let mut rest = xml;
        let check_text = |t: &str| -> Result<(), String> {
            let mut s = t;
            while let Some(i) = s.find('&') {
                s = &s[i + 1..];
                let end = s.find(';').ok_or("& without ;")?;
                let ent = &s[..end];
                let ok = matches!(ent, "amp" | "lt" | "gt" | "quot" | "apos")
                    || (ent.starts_with('#') && ent[1..].chars().all(|c| c.is_ascii_digit()));
                if !ok {
                    return Err(format!("unknown entity &{ent};"));
                }
            }
            Ok(())
        };
        if let Some(r) = rest.strip_prefix("<?xml") {
            rest = &r[r.find("?>").ok_or("unclosed declaration")? + 2..];
        }
        while let Some(i) = rest.find('<') {
            let text = &rest[..i];
            if stack.is_empty() && !text.trim().is_empty() {
                return Err(format!("text outside the root: {text}"));
            }
            check_text(text)?;
            rest = &rest[i + 1..];
            let end = rest.find('>').ok_or("unclosed tag")?;
            let tag = &rest[..end];
            rest = &rest[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                match stack.pop() {
                    Some(open) if open == name.trim() => {}
                    other => return Err(format!("</{name}> closes {other:?}")),
                }
                continue;
            }
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let name: String = tag.chars().take_while(|c| !c.is_whitespace()).collect();
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                return Err(format!("bad tag name in <{tag}>"));
            }
            // attributes: name="value" pairs, values without < or "
            let mut attrs = tag[name.len()..].trim();
            while !attrs.is_empty() {
                let eq = attrs
                    .find("=\"")
                    .ok_or(format!("bad attribute in <{tag}>"))?;
                let aname = attrs[..eq].trim();
                if aname.is_empty() || aname.contains(char::is_whitespace) {
                    return Err(format!("bad attribute name in <{tag}>"));
                }
                let v = &attrs[eq + 2..];
                let close = v.find('"').ok_or(format!("unclosed value in <{tag}>"))?;
                if v[..close].contains('<') {
                    return Err(format!("< in an attribute of <{tag}>"));
                }
                check_text(&v[..close])?;
                attrs = v[close + 1..].trim_start();
            }
            if stack.is_empty() {
                roots += 1;
            }
            names.push(name.clone());
            if !self_closing {
                stack.push(name);
            }
        }
        if !stack.is_empty() || roots != 1 || !rest.trim().is_empty() {
            return Err(format!("unclosed {stack:?}, {roots} roots"));
        }
        Ok(names)
    }

    #[test]
    fn the_checker_rejects_malformed_xml() {
        assert!(well_formed("<svg><rect/></svg>").is_ok());
        for bad in [
            "<svg><rect></svg>",
            "<svg>a & b</svg>",
            "<svg><text x=\"1>a</text></svg>",
            "<svg></svg><svg></svg>",
            "<svg><g></svg></g>",
        ] {
            assert!(well_formed(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_chart_has_one_bar_per_benchmark_and_machine() {
        // 2 benchmarks x 3 machines, every run passing; names that need
        // escaping.
        let ms = [machine("A&B"), machine("<wide>"), machine("\"q\"")];
        let mut runs = Vec::new();
        for (b, base) in [("fir & co", 1200), ("x<y", 3000)] {
            for (j, m) in ms.iter().enumerate() {
                runs.push(run(b, "O2", &m.name, Some(base / (j as u64 + 1))));
            }
        }
        let r = SweepReport::new(
            &ms,
            &["O2".into()],
            &["fir & co".into(), "x<y".into()],
            runs,
        );
        let svg = r.svg();
        let names = well_formed(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
        assert_eq!(names[0], "svg");
        // 6 bars, 3 geometric-mean bars, 3 legend swatches, 1 background
        assert_eq!(svg.matches("class=\"bar\"").count(), 6, "{svg}");
        assert_eq!(svg.matches("class=\"geomean\"").count(), 3, "{svg}");
        assert_eq!(names.iter().filter(|n| *n == "rect").count(), 13, "{svg}");
        assert!(
            svg.contains("fir &amp; co on &lt;wide&gt;: 2.000x"),
            "{svg}"
        );
        assert!(svg.contains(">speed-up over A&amp;B (x)</text>"), "{svg}");
        assert!(svg.contains(">benchmark</text>"), "{svg}");
        assert!(svg.contains(">geometric mean</text>"), "{svg}");
        // the third machine is 3 times faster on both: its geometric mean bar
        assert!(
            svg.contains("geometric mean on &quot;q&quot;: 3.000x"),
            "{svg}"
        );
        // a failed run has no bar
        let svg = sample("A", "B").svg();
        assert_eq!(svg.matches("class=\"bar\"").count(), 5, "{svg}");
        // two configurations: one panel each, 2 x (2 benchmarks x 2
        // machines) bars, a title per panel
        let mut runs = Vec::new();
        for c in ["O1", "O2"] {
            for b in ["p", "q"] {
                runs.push(run(b, c, "A", Some(100)));
                runs.push(run(b, c, "B", Some(80)));
            }
        }
        let r = SweepReport::new(
            &[machine("A"), machine("B")],
            &["O1".into(), "O2".into()],
            &["p".into(), "q".into()],
            runs,
        );
        let svg = r.svg();
        well_formed(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
        assert_eq!(svg.matches("class=\"bar\"").count(), 8, "{svg}");
        assert_eq!(svg.matches("class=\"geomean\"").count(), 4, "{svg}");
        assert!(svg.contains("(configuration O1)") && svg.contains("(configuration O2)"));
        // 100 / 80 = 1.25 everywhere
        assert_eq!(svg.matches(": 1.250x</title>").count(), 6, "{svg}");
    }

    /// Each example machine of `machines/` loads, and is the ST231 with
    /// exactly the fields its comment promises changed.
    #[test]
    fn the_example_machines_load() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../machines");
        let load = |n: &str| load_machine(dir.join(format!("{n}.toml")).to_str().unwrap()).unwrap();
        let st231 = |name: &str| ProcessorModel {
            name: name.into(),
            ..ProcessorModel::st231()
        };
        let units = |m: &mut ProcessorModel, w, [issue, alu, mem, ctl, odd, even]: [u32; 6]| {
            m.issue_width = w;
            m.resources = isa::model::Resources {
                issue,
                alu: Some(alu),
                mem,
                ctl,
                odd,
                even,
            };
        };
        let mut want = st231("issue1");
        units(&mut want, 1, [1, 1, 1, 1, 1, 1]);
        assert_eq!(load("issue1"), want);
        let mut want = st231("issue2");
        units(&mut want, 2, [2, 2, 1, 1, 1, 1]);
        assert_eq!(load("issue2"), want);
        let mut want = st231("wide8");
        units(&mut want, 8, [8, 8, 2, 1, 4, 4]);
        assert_eq!(load("wide8"), want);
        let mut want = st231("regs32");
        want.registers.general = 32;
        assert_eq!(load("regs32"), want);
        let mut want = st231("regs24");
        want.registers.general = 24;
        assert_eq!(load("regs24"), want);
    }

    #[test]
    fn axis_steps() {
        let near = |(a, b): (f64, f64), (c, d): (f64, f64)| {
            assert!((a - c).abs() < 1e-9 && (b - d).abs() < 1e-9, "{a} {b}")
        };
        // 1.1 / 5 = 0.22: step 0.25, 5 steps reach 1.25
        near(nice_axis(1.1), (1.25, 0.25));
        // 3.3 / 5 = 0.66: step 1, 4 steps reach 4
        near(nice_axis(3.3), (4.0, 1.0));
        near(nice_axis(0.0), (1.0, 0.2));
    }
}
