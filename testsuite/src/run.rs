//! Building one benchmark in one configuration, running it in the
//! simulator, and validating stdout and the exit status.

use crate::config::BuildConfig;
use crate::manifest::Benchmark;
use compiler::driver;
use serde::{Deserialize, Serialize};
use simulator::{Io, Machine, Options, Program, Stop};
use std::time::Instant;

/// Cycle limit of one run: far above the 10⁷-cycle budget of a kernel, so
/// only a runaway program reaches it.
pub const MAX_CYCLES: u64 = 2_000_000_000;

/// What one run measured (units: cycles, bundles, operations, bytes, ms).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Measurement {
    /// Cycles.
    pub cycles: u64,
    /// Bundles issued.
    pub bundles: u64,
    /// Operations executed (`nop`s excluded).
    pub operations: u64,
    /// Operations per cycle.
    pub ipc: f64,
    /// Stall cycles by cause (`interlock_load`, `taken_branch`, `icache_miss`, …).
    pub stalls: Vec<(String, u64)>,
    /// I-cache and D-cache hit rates (0–1).
    pub icache_hit_rate: f64,
    /// See `icache_hit_rate`.
    pub dcache_hit_rate: f64,
    /// Bytes of `.text` in the executable.
    pub code_size: u64,
    /// Wall-clock milliseconds to compile, assemble and link.
    pub compile_ms: f64,
    /// Register-to-register copies left in the code (after out-of-SSA and
    /// register allocation; static count over the benchmark's own code).
    #[serde(default)]
    pub copies: u64,
    /// Copies left by the out-of-SSA translation, before register
    /// allocation (static count; 0 at -O0).
    #[serde(default)]
    pub ssa_copies: u64,
    /// Virtual registers spilled (static count).
    #[serde(default)]
    pub spills: u64,
    /// If-conversion: regions converted (static count; 0 without it).
    #[serde(default)]
    pub if_regions: u64,
    /// If-conversion: operations speculated above a branch (static).
    #[serde(default)]
    pub if_speculated: u64,
    /// If-conversion: psi operations created (static).
    #[serde(default)]
    pub psis: u64,
    /// Guarded copies inserted by psi-normalize (`-fout-of-psi=webs`).
    #[serde(default)]
    pub psi_normalize: u64,
    /// Guarded copies inserted by psi-congruence (`-fout-of-psi=webs`).
    #[serde(default)]
    pub psi_congruence: u64,
    /// The loops the modulo scheduler pipelined (`-fmodulo-sched`).
    #[serde(default)]
    pub pipelined_loops: Vec<PipelinedLoop>,
}

/// One modulo-scheduled loop: where, and its initiation interval against
/// the lower bounds (units: cycles per kernel pass of `unroll`
/// iterations).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct PipelinedLoop {
    /// Function.
    pub function: String,
    /// Source line of the loop's branch (0: unknown).
    pub line: u32,
    /// Iterations per kernel pass.
    pub unroll: u32,
    /// Initiation interval.
    pub ii: u32,
    /// Resource-constrained minimum.
    pub res_mii: u32,
    /// Recurrence-constrained minimum (register anti dependences included).
    pub rec_mii: u32,
    /// `max(ResMII, RecMII, 4)`, the least II the scheduler can reach.
    pub mii: u32,
    /// Stage count.
    pub stages: u32,
}

/// The result of one benchmark in one configuration.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Outcome {
    /// Benchmark name.
    pub benchmark: String,
    /// Configuration name.
    pub config: String,
    /// Passed validation.
    pub pass: bool,
    /// Why it failed (build error, trap, first differing output line, status).
    pub failure: Option<String>,
    /// Measurements (present when the program ran).
    pub measurement: Option<Measurement>,
}

/// Size of `.text` of an ELF executable, in bytes (0 if unreadable).
fn text_size(exe: &[u8]) -> u64 {
    let Ok(elf) = goblin::elf::Elf::parse(exe) else {
        return 0;
    };
    elf.section_headers
        .iter()
        .filter(|s| elf.shdr_strtab.get_at(s.sh_name) == Some(".text"))
        .map(|s| s.sh_size)
        .sum()
}

/// The first line where `got` and `want` differ, for messages.
pub fn first_difference(got: &[u8], want: &[u8]) -> String {
    let g: Vec<&[u8]> = got.split(|&c| c == b'\n').collect();
    let w: Vec<&[u8]> = want.split(|&c| c == b'\n').collect();
    for i in 0..g.len().max(w.len()) {
        let (a, b) = (g.get(i), w.get(i));
        if a != b {
            let show = |x: Option<&&[u8]>| {
                x.map_or("<end of output>".to_string(), |l| {
                    format!("{:?}", String::from_utf8_lossy(l))
                })
            };
            return format!("line {}: got {}, expected {}", i + 1, show(a), show(b));
        }
    }
    "outputs differ".into()
}

/// Builds `bench` with `config` and returns the executable, or the
/// compiler's messages.
pub fn build(bench: &Benchmark, config: &BuildConfig) -> Result<Vec<u8>, String> {
    build_with_stats(bench, config).map(|x| x.0)
}

/// [`build`] that also returns the compiler's statistics.
pub fn build_with_stats(
    bench: &Benchmark,
    config: &BuildConfig,
) -> Result<(Vec<u8>, driver::Compiled), String> {
    let mut sources = Vec::new();
    for s in &bench.sources {
        let text = std::fs::read(s).map_err(|e| format!("{}: {e}", s.display()))?;
        sources.push((s.to_string_lossy().into_owned(), text));
    }
    let mut cfg = config.config.clone();
    if config.train_profile {
        // training run: the same flags without if-conversion, every
        // branch counted
        let mut train = config.clone();
        train.train_profile = false;
        train.config.if_convert = false;
        let (exe, _) =
            driver::build_executable_with_stats(&sources, &train.config).map_err(|e| e.render())?;
        let trained = simulate_profiled(&exe, bench, &train, true)?;
        cfg.branch_profile = Some(std::sync::Arc::new(
            compiler::codegen::psi::profile::BranchProfile::parse(&trained.counts)?,
        ));
    }
    driver::build_executable_with_stats(&sources, &cfg).map_err(|e| e.render())
}

/// Runs an executable in the simulator with `config`'s processor model.
/// Returns (stdout, exit status or stop message, stats).
pub fn simulate(
    exe: &[u8],
    bench: &Benchmark,
    config: &BuildConfig,
) -> Result<(Vec<u8>, i32, simulator::Stats), String> {
    simulate_profiled(exe, bench, config, false).map(|r| (r.stdout, r.code, r.stats))
}

/// What [`simulate_profiled`] returns.
struct Simulated {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    code: i32,
    stats: simulator::Stats,
    /// The branch profile (empty unless asked for).
    counts: String,
}

/// [`simulate`] that also returns the program's stderr and, when
/// `branch_profile` is set, the branch profile in the text of `stsim
/// --profile-edges`.
fn simulate_profiled(
    exe: &[u8],
    bench: &Benchmark,
    config: &BuildConfig,
    branch_profile: bool,
) -> Result<Simulated, String> {
    let program = Program::parse(exe).map_err(|e| format!("cannot load: {e}"))?;
    let options = Options {
        perfect_caches: false,
        max_cycles: Some(MAX_CYCLES),
        engine: simulator::Engine::from_env()?,
    };
    // The machine recorded in the executable, as `stsim prog` runs it: it
    // must be the configuration's machine.
    let model = simulator::compat::select_machine(&program, None, None)
        .map_err(|e| format!("cannot run: {e}"))?;
    if !isa::note::same_machine(&model, &config.config.model) {
        return Err(format!(
            "the executable records machine `{}`, not the configuration's `{}`",
            model.name, config.config.model.name
        ));
    }
    let mut m = Machine::new(model, options).map_err(|e| e.to_string())?;
    let mut argv = vec![bench.name.clone()];
    argv.extend(bench.args.iter().cloned());
    program
        .load(&mut m, &argv)
        .map_err(|e| format!("cannot load: {e}"))?;
    m.set_io(Io::captured(&bench.stdin));
    if branch_profile {
        m.enable_branch_profile();
    }
    let stop = m.run();
    let (stdout, stderr) = match m.io() {
        Io::Captured { stdout, stderr, .. } => (stdout.clone(), stderr.clone()),
        Io::Host => (Vec::new(), Vec::new()),
    };
    match stop {
        Stop::Exit(code) => {
            let counts = m.branch_profile().map_or(String::new(), |c| {
                simulator::report::branch_profile(&c, &program.symbols)
            });
            Ok(Simulated {
                stdout,
                stderr,
                code,
                stats: m.stats(),
                counts,
            })
        }
        other => {
            let msg = simulator::report::stop_message(&other, &m, &program.symbols)
                .unwrap_or_else(|| format!("{other:?}"));
            Err(msg.trim_end().to_string())
        }
    }
}

/// Builds, runs and validates one benchmark in one configuration.
pub fn run_one(bench: &Benchmark, config: &BuildConfig) -> Outcome {
    run_checked(bench, config, |stdout| match &bench.expected {
        Some(want) if stdout != want.as_slice() => {
            Err(format!("wrong output: {}", first_difference(stdout, want)))
        }
        _ => Ok(()),
    })
    .0
}

/// Builds and runs one benchmark in one configuration, checks its exit
/// status, then its stdout with `check` (instead of `bench.expected`).
/// Returns the outcome and the program's stdout (empty when it did not
/// run to its exit).
pub fn run_checked(
    bench: &Benchmark,
    config: &BuildConfig,
    check: impl Fn(&[u8]) -> Result<(), String>,
) -> (Outcome, Vec<u8>) {
    let (outcome, stdout, _) = run_captured(bench, config, |out, _| check(out));
    (outcome, stdout)
}

/// [`run_checked`] that also gives the program's stderr to `check`
/// (`check(stdout, stderr)`) and returns it: (outcome, stdout, stderr),
/// both empty when the program did not run to its exit.
pub fn run_captured(
    bench: &Benchmark,
    config: &BuildConfig,
    check: impl Fn(&[u8], &[u8]) -> Result<(), String>,
) -> (Outcome, Vec<u8>, Vec<u8>) {
    let fail = |why: String, m: Option<Measurement>| Outcome {
        benchmark: bench.name.clone(),
        config: config.name.clone(),
        pass: false,
        failure: Some(why),
        measurement: m,
    };
    let t0 = Instant::now();
    let (exe, compiled) = match build_with_stats(bench, config) {
        Ok(e) => e,
        Err(e) => {
            return (
                fail(
                    format!("build failed: {}", e.lines().next().unwrap_or("").trim()),
                    None,
                ),
                Vec::new(),
                Vec::new(),
            )
        }
    };
    let compile_ms = t0.elapsed().as_secs_f64() * 1e3;
    let Simulated {
        stdout,
        stderr,
        code,
        stats,
        ..
    } = match simulate_profiled(&exe, bench, config, false) {
        Ok(r) => r,
        Err(e) => {
            return (
                fail(
                    format!("simulation stopped: {}", e.replace('\n', " | ")),
                    None,
                ),
                Vec::new(),
                Vec::new(),
            )
        }
    };
    let measurement = Measurement {
        cycles: stats.cycles,
        bundles: stats.bundles,
        operations: stats.operations,
        ipc: if stats.cycles == 0 {
            0.0
        } else {
            stats.operations as f64 / stats.cycles as f64
        },
        stalls: simulator::report::stall_causes(&stats),
        icache_hit_rate: stats.icache.hit_rate(),
        dcache_hit_rate: stats.dcache.hit_rate(),
        code_size: text_size(&exe),
        compile_ms,
        copies: compiled.copies_left() as u64,
        ssa_copies: compiled.out_of_ssa_copies() as u64,
        spills: compiled.spills() as u64,
        if_regions: compiled.if_conversion(|s| s.regions) as u64,
        if_speculated: compiled.if_conversion(|s| s.speculated) as u64,
        psis: compiled.if_conversion(|s| s.psis) as u64,
        psi_normalize: compiled.psi_webs(|s| s.normalize_copies) as u64,
        psi_congruence: compiled.psi_webs(|s| s.congruence_copies) as u64,
        pipelined_loops: compiled
            .functions
            .iter()
            .flat_map(|f| {
                f.modulo.iter().flat_map(|m| {
                    m.loops.iter().map(|r| PipelinedLoop {
                        function: f.name.clone(),
                        line: r.line.unwrap_or(0),
                        unroll: r.unroll,
                        ii: r.ii,
                        res_mii: r.res_mii,
                        rec_mii: r.rec_mii,
                        mii: r.mii(),
                        stages: r.stages,
                    })
                })
            })
            .collect(),
    };
    if code != bench.exit_code {
        return (
            fail(
                format!("exit status {code}, expected {}", bench.exit_code),
                Some(measurement),
            ),
            stdout,
            stderr,
        );
    }
    if let Err(why) = check(&stdout, &stderr) {
        return (fail(why, Some(measurement)), stdout, stderr);
    }
    (
        Outcome {
            benchmark: bench.name.clone(),
            config: config.name.clone(),
            pass: true,
            failure: None,
            measurement: Some(measurement),
        },
        stdout,
        stderr,
    )
}
