//! Miscompile bisection (`testsuite --bisect NAME[:CONFIG]`): finds the
//! first transformation step ([`compiler::bisect`]) after which a
//! benchmark's output or exit status is wrong, by binary search on
//! `-fopt-bisect-limit`, and returns that step with the code of its
//! function before and after it.

use crate::config::BuildConfig;
use crate::manifest::Benchmark;
use crate::run::{build_with_stats, run_one, Outcome};
use compiler::bisect::{Capture, Step};

/// What the bisection found.
#[derive(Debug, Clone)]
pub struct Found {
    /// The first step after which the benchmark fails.
    pub step: Step,
    /// Number of steps of the whole compilation.
    pub total_steps: u64,
    /// How the benchmark fails with that step (and not without it).
    pub failure: String,
    /// The step's function before and after it.
    pub capture: Capture,
    /// Builds and runs made by the search.
    pub probes: u32,
}

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "first failing step: ({}) {} on function ({}) of {} steps ({} builds)",
            self.step.number, self.step.pass, self.step.function, self.total_steps, self.probes
        )?;
        writeln!(f, "failure: {}", self.failure)?;
        writeln!(f, "--- {} before {}:", self.step.function, self.step.pass)?;
        f.write_str(&self.capture.before)?;
        writeln!(f, "--- {} after {}:", self.step.function, self.step.pass)?;
        f.write_str(&self.capture.after)
    }
}

fn with_limit(config: &BuildConfig, limit: Option<u64>, capture: Option<u64>) -> BuildConfig {
    let mut c = config.clone();
    c.config.opt_bisect_limit = limit.map(|l| l as i64);
    c.config.bisect_capture = capture;
    c
}

/// Bisects `bench` built with `config`. Errors: the benchmark passes with
/// every step (nothing to find), or fails even with none (the bug is in
/// the front end or in a step that always runs), or does not build.
pub fn bisect(bench: &Benchmark, config: &BuildConfig) -> Result<Found, String> {
    bisect_checked(bench, config, &|b, c| run_one(b, c))
}

/// [`bisect`] with another way to build, run and validate (`run`), e.g.
/// CoreMark's output check ([`crate::coremark`]).
pub fn bisect_checked(
    bench: &Benchmark,
    config: &BuildConfig,
    run: &dyn Fn(&Benchmark, &BuildConfig) -> Outcome,
) -> Result<Found, String> {
    let mut probes = 0;
    let mut fails = |limit: Option<u64>| {
        probes += 1;
        let o = run(bench, &with_limit(config, limit, None));
        (!o.pass).then(|| o.failure.unwrap_or_default())
    };
    let Some(_) = fails(None) else {
        return Err(format!(
            "{} passes in {}: nothing to bisect",
            bench.name, config.name
        ));
    };
    if let Some(why) = fails(Some(0)) {
        return Err(format!(
            "{} fails in {} even with no optimisation step ({why}): the bug is in the front end or in a step that always runs (instruction selection, out-of-SSA translation, register allocation, frame layout, emission)",
            bench.name, config.name
        ));
    }
    let (_, compiled) = build_with_stats(bench, config)?;
    let total = compiled.bisect.steps.len() as u64;
    // invariant: limit `good` passes, limit `bad` fails
    let (mut good, mut bad) = (0, total);
    let mut failure = String::new();
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        match fails(Some(mid)) {
            Some(why) => {
                bad = mid;
                failure = why;
            }
            None => good = mid,
        }
    }
    if failure.is_empty() {
        failure = fails(Some(bad)).unwrap_or_default();
    }
    let (_, compiled) = build_with_stats(bench, &with_limit(config, Some(bad), Some(bad)))?;
    let step = compiled
        .bisect
        .steps
        .get(bad as usize - 1)
        .cloned()
        .ok_or("the step count changed between builds")?;
    Ok(Found {
        step,
        total_steps: total,
        failure,
        capture: compiled.bisect.capture.unwrap_or_default(),
        probes: probes + 2,
    })
}
