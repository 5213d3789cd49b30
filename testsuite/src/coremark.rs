//! CoreMark (`testsuite --coremark DIR`): builds EEMBC CoreMark from the
//! folder `DIR` of its unmodified sources with this project's port
//! (`testsuite/coremark-port/`) in each configuration, runs it in the
//! simulator, validates what it prints, and reports cycles, iterations
//! and CoreMark/MHz (README: "CoreMark").
//!
//! Validation. CoreMark checks its own CRCs against the values it knows
//! for the standard seeds and prints an `ERROR!` line for each mismatch,
//! `ERROR:` lines for wrong type sizes, and `Correct operation
//! validated.` when all is well. It also counts a run shorter than 10 s as
//! an error (`ERROR! Must execute for at least 10 secs …`, then `Errors
//! detected` instead of the validation line): our runs are a few tens of
//! millions of cycles, so that one message is expected, and accepted only
//! when CoreMark's own `Total time (secs)` is below 10. Every other error
//! line fails the run, as does a missing run-type line (seeds CoreMark
//! does not know, so it checked nothing). The runner also compares the
//! printed CRCs with the known ones itself, and `crcfinal` across
//! configurations (same iterations, so it must be the same).
//!
//! CoreMark/MHz = iterations / (timed cycles / 10⁶), the timed cycles
//! being CoreMark's `Total ticks` (the port's ticks are core cycles read
//! from `PM_PCLK`), so it does not depend on a clock frequency.

use crate::config::BuildConfig;
use crate::manifest::Benchmark;
use crate::run::{run_checked, Measurement, Outcome};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// CoreMark's source files (besides the port's `core_portme.c`).
pub const CORE_FILES: [&str; 5] = [
    "core_list_join.c",
    "core_main.c",
    "core_matrix.c",
    "core_state.c",
    "core_util.c",
];

/// Default iteration count: about 27 million cycles at -O2 on the ST231.
pub const DEFAULT_ITERATIONS: u32 = 30;

/// CoreMark's message for a run shorter than 10 s.
const SHORT_RUN: &str = "ERROR! Must execute for at least 10 secs for a valid result!";

/// CRCs CoreMark knows (list, matrix, state), by the run-type line it
/// prints for the seeds (values of CoreMark's `core_main.c`).
const KNOWN: [(&str, [u16; 3]); 5] = [
    ("6k performance run", [0xd4b0, 0xbe52, 0x5e47]),
    ("6k validation run", [0x3340, 0x1199, 0x39bf]),
    ("Profile generation run", [0x6a79, 0x5608, 0xe5a4]),
    ("2K performance run", [0xe714, 0x1fd7, 0x8e3a]),
    ("2K validation run", [0xe3c1, 0x0747, 0x8d84]),
];

/// The port folder of this project.
pub fn port_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("coremark-port")
}

/// CoreMark from `dir` with the port in `port`, as a benchmark (its
/// output is checked by [`check_output`], not against a file).
pub fn benchmark(dir: &Path, port: &Path) -> Result<Benchmark, String> {
    if !dir.is_dir() {
        return Err(format!(
            "--coremark {}: no such folder (give the folder of the CoreMark sources)",
            dir.display()
        ));
    }
    let mut sources = Vec::new();
    for f in CORE_FILES.iter().chain(["coremark.h"].iter()) {
        let p = dir.join(f);
        if !p.is_file() {
            return Err(format!(
                "--coremark {}: not a CoreMark source folder ({f} is missing)",
                dir.display()
            ));
        }
        if f.ends_with(".c") {
            sources.push(p);
        }
    }
    for f in ["core_portme.h", "core_portme.c"] {
        if !port.join(f).is_file() {
            return Err(format!("CoreMark port {}: {f} is missing", port.display()));
        }
    }
    sources.push(port.join("core_portme.c"));
    Ok(Benchmark {
        name: "coremark".into(),
        dir: dir.to_path_buf(),
        sources,
        args: Vec::new(),
        stdin: Vec::new(),
        exit_code: 0,
        expected: None,
        description: "EEMBC CoreMark".into(),
    })
}

/// `config` with CoreMark's include folders and defines: the port and the
/// sources on the include path, `ITERATIONS`, and `FLAGS_STR` (the flags
/// CoreMark prints).
pub fn coremark_config(
    config: &BuildConfig,
    dir: &Path,
    port: &Path,
    iterations: u32,
) -> BuildConfig {
    let mut c = config.clone();
    let front = &mut c.config.front;
    front.include_dirs.push(port.to_path_buf());
    front.include_dirs.push(dir.to_path_buf());
    front.defines.push(format!("ITERATIONS={iterations}"));
    let flags = config.flags.join(" ").replace(['"', '\\'], "");
    front.defines.push(format!("FLAGS_STR=\"{flags}\""));
    c
}

/// What CoreMark printed, once validated.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Printed {
    /// The run-type line (e.g. `2K performance run parameters for coremark.`).
    pub run_type: String,
    /// `Total ticks`: cycles of the timed part.
    pub ticks: u64,
    /// `Total time (secs)` at the port's nominal clock: whole seconds, or
    /// a fraction in a `HAS_FLOAT` build.
    pub secs: f64,
    /// `Iterations`.
    pub iterations: u64,
    /// `seedcrc`.
    pub seedcrc: u16,
    /// `[0]crclist`.
    pub crclist: u16,
    /// `[0]crcmatrix`.
    pub crcmatrix: u16,
    /// `[0]crcstate`.
    pub crcstate: u16,
    /// `[0]crcfinal` (depends on the iteration count).
    pub crcfinal: u16,
    /// CoreMark printed `Correct operation validated.` (only for runs of
    /// 10 s or more).
    pub validated: bool,
}

/// The value of the line `key : value` of `text`.
fn field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        (k.trim() == key).then(|| v.trim())
    })
}

fn number(text: &str, key: &str) -> Result<u64, String> {
    let v = field(text, key).ok_or_else(|| format!("CoreMark printed no `{key}` line"))?;
    v.parse()
        .map_err(|_| format!("CoreMark's `{key}` is not a number: {v:?}"))
}

fn real(text: &str, key: &str) -> Result<f64, String> {
    let v = field(text, key).ok_or_else(|| format!("CoreMark printed no `{key}` line"))?;
    v.parse()
        .map_err(|_| format!("CoreMark's `{key}` is not a number: {v:?}"))
}

fn crc(text: &str, key: &str) -> Result<u16, String> {
    let v = field(text, key).ok_or_else(|| format!("CoreMark printed no `{key}` line"))?;
    v.strip_prefix("0x")
        .and_then(|h| u16::from_str_radix(h, 16).ok())
        .ok_or_else(|| format!("CoreMark's `{key}` is not a 16-bit hex number: {v:?}"))
}

/// Validates CoreMark's output (module documentation) and returns what
/// it printed, or the first reason it is wrong.
pub fn check_output(text: &str) -> Result<Printed, String> {
    let run_type = text
        .lines()
        .find(|l| l.ends_with("run parameters for coremark."))
        .ok_or(
            "CoreMark printed no run-type line: it does not know these seeds and checked no CRC",
        )?
        .trim()
        .to_string();
    let secs = real(text, "Total time (secs)")?;
    let mut short_run = false;
    for l in text.lines().filter(|l| l.contains("ERROR")) {
        if l.trim() == SHORT_RUN && secs < 10.0 {
            short_run = true;
        } else {
            return Err(format!("CoreMark reports: {}", l.trim()));
        }
    }
    if let Some(l) = text.lines().find(|l| l.contains("Cannot validate")) {
        return Err(format!("CoreMark reports: {}", l.trim()));
    }
    let validated = text
        .lines()
        .any(|l| l.starts_with("Correct operation validated."));
    let detected = text.lines().any(|l| l.trim() == "Errors detected");
    if short_run {
        // the 10-second rule is CoreMark's only complaint
        if validated || !detected {
            return Err(
                "CoreMark's output is inconsistent: a short run without `Errors detected`".into(),
            );
        }
    } else if detected || !validated {
        return Err(if detected {
            "CoreMark reports: Errors detected".into()
        } else {
            "CoreMark did not print `Correct operation validated.`".into()
        });
    }
    let p = Printed {
        ticks: number(text, "Total ticks")?,
        secs,
        iterations: number(text, "Iterations")?,
        seedcrc: crc(text, "seedcrc")?,
        crclist: crc(text, "[0]crclist")?,
        crcmatrix: crc(text, "[0]crcmatrix")?,
        crcstate: crc(text, "[0]crcstate")?,
        crcfinal: crc(text, "[0]crcfinal")?,
        validated,
        run_type,
    };
    if let Some((name, want)) = KNOWN.iter().find(|(n, _)| p.run_type.starts_with(n)) {
        let got = [p.crclist, p.crcmatrix, p.crcstate];
        for (i, part) in ["list", "matrix", "state"].iter().enumerate() {
            if got[i] != want[i] {
                return Err(format!(
                    "{part} CRC 0x{:04x}, the {name} gives 0x{:04x}",
                    got[i], want[i]
                ));
            }
        }
    }
    // A HAS_FLOAT build prints fractions: iterations / secs must be what it
    // prints as Iterations/Sec. Both are rounded to 6 decimals by printf,
    // so the printed secs is off by up to 5e-7 s, the rate computed from it
    // by up to rate · 5e-7 / secs.
    if p.secs > 0.0 && p.secs.fract() != 0.0 {
        let rate = real(text, "Iterations/Sec")?;
        let want = p.iterations as f64 / p.secs;
        if (rate - want).abs() > want * 5.1e-7 / p.secs + 1e-6 {
            return Err(format!(
                "CoreMark printed {rate} iterations/s, but {} iterations in {} s are {want}",
                p.iterations, p.secs
            ));
        }
    }
    if p.ticks == 0 || p.iterations == 0 {
        return Err(format!(
            "CoreMark measured {} ticks for {} iterations",
            p.ticks, p.iterations
        ));
    }
    Ok(p)
}

/// CoreMark in one configuration.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CoremarkResult {
    /// Configuration name (`O2`, `O2:-mcpu=st220`).
    pub config: String,
    /// Passed validation.
    pub pass: bool,
    /// Why it failed.
    pub failure: Option<String>,
    /// What CoreMark printed (present when its output was valid).
    pub printed: Option<Printed>,
    /// Iterations run.
    pub iterations: u64,
    /// Cycles of the timed part (CoreMark's `Total ticks`).
    pub timed_cycles: u64,
    /// Cycles of the whole program (start-up, initialisation, report).
    pub cycles: u64,
    /// iterations / (timed_cycles / 10⁶).
    pub coremark_per_mhz: f64,
    /// The simulator's and compiler's measurements of the whole program.
    pub measurement: Option<Measurement>,
}

/// A `--coremark` run: every configuration.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CoremarkReport {
    /// The CoreMark source folder.
    pub coremark_dir: PathBuf,
    /// The port folder.
    pub port_dir: PathBuf,
    /// `ITERATIONS` the build used.
    pub iterations: u32,
    /// One result per configuration, in the order given.
    pub results: Vec<CoremarkResult>,
}

impl CoremarkReport {
    /// Number of failed configurations.
    pub fn failures(&self) -> usize {
        self.results.iter().filter(|r| !r.pass).count()
    }

    /// The terminal table.
    pub fn table(&self) -> String {
        let mut out = format!(
            "CoreMark from {} with the port {}, ITERATIONS={}\n",
            self.coremark_dir.display(),
            self.port_dir.display(),
            self.iterations
        );
        let _ = writeln!(
            out,
            "{:<22} {:>14} {:>14} {:>10} {:>13} {:>5}  crcfinal",
            "config", "timed cycles", "total cycles", "iterations", "CoreMark/MHz", "IPC"
        );
        for r in &self.results {
            match (&r.printed, r.pass) {
                (Some(p), true) => {
                    let ipc = r.measurement.as_ref().map_or(0.0, |m| m.ipc);
                    let _ = writeln!(
                        out,
                        "{:<22} {:>14} {:>14} {:>10} {:>13.3} {:>5.2}  0x{:04x}",
                        r.config,
                        r.timed_cycles,
                        r.cycles,
                        r.iterations,
                        r.coremark_per_mhz,
                        ipc,
                        p.crcfinal
                    );
                }
                _ => {
                    let _ = writeln!(out, "{:<22} {:>14}", r.config, "FAIL");
                }
            }
        }
        if self
            .results
            .iter()
            .any(|r| r.printed.as_ref().is_some_and(|p| !p.validated))
        {
            out.push_str(
                "runs under 10 s: CoreMark reports them as not valid for publication (accepted); its CRC checks passed\n",
            );
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
                "FAIL coremark [{}]: {}",
                r.config,
                r.failure.as_deref().unwrap_or("")
            );
        }
        out
    }
}

/// Builds, runs and validates CoreMark (`bench` from [`benchmark`]) in
/// `config` (from [`coremark_config`]); returns the outcome and what
/// CoreMark printed when it is valid.
pub fn run_one(bench: &Benchmark, config: &BuildConfig) -> (Outcome, Option<Printed>) {
    let (outcome, stdout) = run_checked(bench, config, |out| {
        check_output(&String::from_utf8_lossy(out)).map(|_| ())
    });
    let printed = outcome
        .pass
        .then(|| check_output(&String::from_utf8_lossy(&stdout)).ok())
        .flatten();
    (outcome, printed)
}

/// `--bisect coremark[:CONFIG] --coremark DIR`: the first compiler step
/// after which CoreMark fails its validation.
pub fn bisect(
    dir: &Path,
    port: &Path,
    config: &BuildConfig,
    iterations: u32,
) -> Result<crate::bisect::Found, String> {
    let bench = benchmark(dir, port)?;
    let cfg = coremark_config(config, dir, port, iterations);
    crate::bisect::bisect_checked(&bench, &cfg, &|b, c| run_one(b, c).0)
}

/// Builds and runs CoreMark from `dir` with `port` in every configuration
/// (in parallel; `progress` is called with each configuration's name when
/// its run is done), validates each run, and checks that `crcfinal` is the
/// same in all of them.
pub fn run(
    dir: &Path,
    port: &Path,
    configs: &[BuildConfig],
    iterations: u32,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<CoremarkReport, String> {
    if iterations == 0 {
        return Err("--coremark-iterations must be at least 1 (0 would make CoreMark calibrate itself to 10 s of run time)".into());
    }
    let bench = benchmark(dir, port)?;
    let mut results: Vec<CoremarkResult> = configs
        .par_iter()
        .map(|c| {
            let cfg = coremark_config(c, dir, port, iterations);
            let (outcome, printed) = run_one(&bench, &cfg);
            progress(&c.name);
            let (it, ticks) = printed.as_ref().map_or((0, 0), |p| (p.iterations, p.ticks));
            CoremarkResult {
                config: c.name.clone(),
                pass: outcome.pass,
                failure: outcome.failure,
                iterations: it,
                timed_cycles: ticks,
                cycles: outcome.measurement.as_ref().map_or(0, |m| m.cycles),
                coremark_per_mhz: if ticks == 0 {
                    0.0
                } else {
                    it as f64 / (ticks as f64 / 1e6)
                },
                printed,
                measurement: outcome.measurement,
            }
        })
        .collect();
    for r in results.iter_mut().filter(|r| r.pass) {
        if r.iterations != u64::from(iterations) {
            r.pass = false;
            r.failure = Some(format!(
                "CoreMark ran {} iterations, the build asked for {iterations}",
                r.iterations
            ));
        } else if r.timed_cycles > r.cycles {
            r.pass = false;
            r.failure = Some(format!(
                "timed cycles {} exceed the program's {} cycles: the timer is wrong",
                r.timed_cycles, r.cycles
            ));
        }
    }
    // runs of the same seeds (run type) must end with the same crcfinal
    let finals: Vec<(String, String, u16)> = results
        .iter()
        .filter_map(|r| {
            let p = r.printed.as_ref()?;
            Some((p.run_type.clone(), r.config.clone(), p.crcfinal))
        })
        .collect();
    for (run_type, _, first) in &finals {
        let same: Vec<&(String, String, u16)> =
            finals.iter().filter(|f| &f.0 == run_type).collect();
        if same.iter().all(|f| f.2 == *first) {
            continue;
        }
        let all = same
            .iter()
            .map(|(_, c, f)| format!("{c} 0x{f:04x}"))
            .collect::<Vec<_>>()
            .join(", ");
        for r in results
            .iter_mut()
            .filter(|r| r.pass && r.printed.as_ref().is_some_and(|p| &p.run_type == run_type))
        {
            r.pass = false;
            r.failure = Some(format!(
                "crcfinal differs between configurations ({all}): at least one of them computes wrongly"
            ));
        }
    }
    Ok(CoremarkReport {
        coremark_dir: dir.to_path_buf(),
        port_dir: port.to_path_buf(),
        iterations,
        results,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CoreMark's output for a short 2K performance run (the figures of
    /// an -O2 build, 10 iterations).
    fn short_run() -> String {
        "2K performance run parameters for coremark.\n\
         CoreMark Size    : 666\n\
         Total ticks      : 9073482\n\
         Total time (secs): 0\n\
         ERROR! Must execute for at least 10 secs for a valid result!\n\
         Iterations       : 10\n\
         Compiler version : lcc (ST200 toolchain)\n\
         Compiler flags   : -O2\n\
         Memory location  : STACK\n\
         seedcrc          : 0xe9f5\n\
         [0]crclist       : 0xe714\n\
         [0]crcmatrix     : 0x1fd7\n\
         [0]crcstate      : 0x8e3a\n\
         [0]crcfinal      : 0xfcaf\n\
         Errors detected\n"
            .to_string()
    }

    #[test]
    fn a_short_run_with_good_crcs_passes() {
        let p = check_output(&short_run()).unwrap();
        assert_eq!(p.ticks, 9073482);
        assert_eq!(p.iterations, 10);
        assert_eq!(p.crcfinal, 0xfcaf);
        assert!(!p.validated);
    }

    #[test]
    fn a_float_build_prints_a_consistent_rate() {
        // 9 073 482 cycles at the port's 400 MHz: 0.022683705 s, printed
        // with %f as 0.022684; 10 / 0.022683705 = 440.84 iterations/s.
        let float = short_run().replace(
            "Total time (secs): 0\n",
            "Total time (secs): 0.022684\nIterations/Sec   : 440.839727\n",
        );
        let p = check_output(&float).unwrap();
        assert_eq!(p.secs, 0.022684);
        let wrong = float.replace("440.839727", "44.083972");
        assert!(check_output(&wrong).unwrap_err().contains("iterations/s"));
    }

    #[test]
    fn a_long_run_must_print_the_validation_line() {
        let long = short_run()
            .replace("Total time (secs): 0", "Total time (secs): 11")
            .replace(&format!("{SHORT_RUN}\n"), "")
            .replace(
                "Errors detected",
                "Correct operation validated. See README.md for run and reporting rules.",
            );
        assert!(check_output(&long).unwrap().validated);
        let missing = long.replace("Correct operation validated.", "Something else.");
        assert!(check_output(&missing)
            .unwrap_err()
            .contains("did not print `Correct operation validated.`"));
        // the 10-second message is only accepted when the run is short
        let lying = short_run().replace("Total time (secs): 0", "Total time (secs): 12");
        assert!(check_output(&lying)
            .unwrap_err()
            .contains("Must execute for at least 10 secs"));
    }

    #[test]
    fn crc_errors_and_unknown_seeds_fail() {
        let bad = short_run().replace(
            "Total time (secs): 0\n",
            "Total time (secs): 0\n[0]ERROR! list crc 0x1234 - should be 0xe714\n",
        );
        assert_eq!(
            check_output(&bad).unwrap_err(),
            "CoreMark reports: [0]ERROR! list crc 0x1234 - should be 0xe714"
        );
        let types = short_run().replace(
            "Iterations ",
            "ERROR: ee_u16 is not a 16b datatype!\nIterations ",
        );
        assert!(check_output(&types).unwrap_err().contains("ee_u16"));
        // a wrong CRC that CoreMark itself failed to notice
        let silent = short_run().replace("0x1fd7", "0x1fd8");
        assert_eq!(
            check_output(&silent).unwrap_err(),
            "matrix CRC 0x1fd8, the 2K performance run gives 0x1fd7"
        );
        let unknown = short_run().replace("2K performance run parameters for coremark.\n", "");
        assert!(check_output(&unknown)
            .unwrap_err()
            .contains("no run-type line"));
        let no_final = short_run().replace("[0]crcfinal      : 0xfcaf\n", "");
        assert_eq!(
            check_output(&no_final).unwrap_err(),
            "CoreMark printed no `[0]crcfinal` line"
        );
    }
}
