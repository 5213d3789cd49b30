//! The SSA optimiser (docs/src/design/architecture.md §4; SSA book ch. 3–10): analyses
//! on the IR, SSA construction, scalar optimisations on SSA, and the pass
//! manager behind `-O1`/`-O2`/`-O3`, `-fno-<pass>`, `-fdump-<pass>`,
//! `-fverify` and `--stats`.
//!
//! A pass is a function `fn(&mut ir::Function) -> Stats`. Analyses
//! ([`crate::analysis`]) are computed by the pass that needs them, at its entry,
//! from the current function, and dropped at its exit: they can never be
//! stale. (docs/src/design/architecture.md sketches `fn(&mut Function, &Analyses)`; a
//! shared cache would need explicit invalidation for every pass that edits
//! the CFG, and dominators plus liveness cost far less than the back end.)

pub mod alias;
pub mod dce;
pub mod dfa_jump_thread;
pub mod gvn;
pub mod inline;
pub mod iv_address;
pub mod jump_thread;
pub mod licm;
pub mod loop_rotate;
pub mod loop_unroll;
pub mod loop_unroll_full;
pub mod loop_version;
pub mod planted_bug;
pub mod predict;
pub mod promote;
pub mod sccp;
pub mod simplify_cfg;
pub mod softfloat;
pub mod sra;
pub mod ssa;
pub mod strength_reduce;
pub mod unroll_jam;
pub mod vrp;

use crate::bisect::OptBisect;
use crate::ir::{self, Function, Module};

/// Counters reported by one run of a pass (`lcc --stats`): name and count,
/// in first-reported order. Names are the field's terms ("constants
/// folded", "instructions removed", "phis inserted", …).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// `(counter, count)` pairs.
    pub counters: Vec<(&'static str, u64)>,
}

impl Stats {
    /// Adds `n` to counter `name` (creating it at 0).
    pub fn add(&mut self, name: &'static str, n: u64) {
        match self.counters.iter_mut().find(|c| c.0 == name) {
            Some(c) => c.1 += n,
            None => self.counters.push((name, n)),
        }
    }
    /// Value of counter `name` (0 when never reported).
    pub fn get(&self, name: &str) -> u64 {
        self.counters
            .iter()
            .find(|c| c.0 == name)
            .map_or(0, |c| c.1)
    }
    /// Adds every counter of `other`.
    pub fn merge(&mut self, other: &Stats) {
        for &(n, v) in &other.counters {
            self.add(n, v);
        }
    }
}

/// A pass over one function.
pub type PassFn = fn(&mut Function) -> Stats;

/// A pass of the pipeline: its `-f` name, the lowest `-O` level that runs
/// it, and its entry point.
#[derive(Clone, Copy, Debug)]
pub struct Pass {
    /// Name used by `-fno-<name>`, `-fdump-<name>` and `--stats`.
    pub name: &'static str,
    /// What it does (for `lcc --help=passes` and the README).
    pub summary: &'static str,
    /// Lowest optimisation level that runs it.
    pub min_level: u8,
    /// Entry point.
    pub run: PassFn,
}

/// Every IR pass, by name (a pass may run several times in [`PIPELINE`]).
pub const PASSES: &[Pass] = &[
    Pass {
        name: "ssa",
        summary: "promote address-never-taken locals, small structs by field, to SSA values (pruned phi placement, renaming)",
        min_level: 1,
        run: ssa::construct,
    },
    Pass {
        name: "simplify-cfg",
        summary: "remove unreachable and empty blocks, merge blocks, fold constant branches",
        min_level: 2,
        run: simplify_cfg::simplify,
    },
    Pass {
        name: "sccp",
        summary: "sparse conditional constant propagation with copy propagation",
        min_level: 1,
        run: sccp::run,
    },
    Pass {
        name: "dce",
        summary: "aggressive dead-code elimination with control dependence",
        min_level: 1,
        run: dce::run,
    },
    Pass {
        name: "gvn",
        summary: "global value numbering with redundancy elimination",
        min_level: 2,
        run: gvn::run,
    },
    Pass {
        name: "licm",
        summary: "hoist loop-invariant instructions (loads no store of the loop may alias) to preheaders",
        min_level: 2,
        run: licm::run,
    },
    Pass {
        name: "iv-address",
        summary: "strength reduction of addresses with a loop-invariant stride (B[k*N + j]) into pointer induction variables",
        min_level: 2,
        run: iv_address::run,
    },
    Pass {
        name: "promote",
        summary: "register promotion: a location of a call-free loop that nothing else in the loop may touch lives in a phi (load in the preheader, stores on exit)",
        min_level: 2,
        run: promote::run,
    },
    Pass {
        name: "inline",
        summary: "inline small functions and static functions called once (a module pass)",
        min_level: 2,
        run: no_function_pass,
    },
    Pass {
        name: "dfa-jump-thread",
        summary: "jump threading of state-machine loops: each path setting the state to a constant jumps through a copy of the header straight to the case it selects",
        min_level: 2,
        run: dfa_jump_thread::run,
    },
    Pass {
        name: "jump-thread",
        summary: "jump threading of two-way branches on phis: an edge whose phi operands decide the branch goes to a copy of the block that jumps straight to the successor selected",
        min_level: 2,
        run: jump_thread::run,
    },
    Pass {
        name: "loop-rotate",
        summary: "turn top-tested loops into guarded bottom-tested loops (one branch per iteration)",
        min_level: 2,
        run: loop_rotate::run,
    },
    Pass {
        name: "loop-unroll-full",
        summary: "unroll innermost loops of at most 8 constant trips completely (bodies of several blocks too)",
        min_level: 2,
        run: loop_unroll_full::run,
    },
    Pass {
        name: "unroll-and-jam",
        summary: "unroll the outer loop of a two-deep nest by 4 or 2 and fuse the inner loops' copies (constant outer trip count, no dependence broken)",
        min_level: 2,
        run: unroll_jam::run,
    },
    Pass {
        name: "loop-unroll",
        summary: "unroll one-block counted loops by 4 (or 2) with a remainder loop (-funroll-loops)",
        min_level: 3,
        run: loop_unroll::run,
    },
    Pass {
        name: "vrp",
        summary: "value range propagation: unsigned intervals through phis, masks and remainders; folds the compares they decide (the bounds check of a switch on a state variable)",
        min_level: 2,
        run: vrp::run,
    },
    Pass {
        name: "predict",
        summary: "static branch prediction: a branch one of whose sides always ends in __builtin_unreachable or calls a cold function gets the hint that this side is very unlikely (kept for __builtin_expect's hints)",
        min_level: 2,
        run: predict::run,
    },
    Pass {
        name: "loop-version",
        summary: "loop versioning: a one-block counted loop whose pointers may alias runs a copy where they do not when a run-time test before it finds their ranges apart",
        min_level: 2,
        run: loop_version::run,
    },
    Pass {
        name: "strength-reduce",
        summary: "algebraic simplification and strength reduction of multiplies and divisions by constants",
        min_level: 2,
        run: strength_reduce::run,
    },
];

/// The entry of a module pass in [`PASSES`] (never called:
/// [`optimize_module_bisect`] runs the module pass itself).
fn no_function_pass(_: &mut Function) -> Stats {
    Stats::default()
}

/// The order passes run in (names from [`PASSES`]).
pub const PIPELINE: &[&str] = &[
    "ssa",
    "simplify-cfg",
    "sccp",
    "dce",
    "inline",
    "simplify-cfg",
    "sccp",
    "dce",
    "dfa-jump-thread",
    "loop-rotate",
    "sccp",
    "simplify-cfg",
    "loop-unroll-full",
    "unroll-and-jam",
    "loop-unroll",
    "jump-thread",
    "strength-reduce",
    "gvn",
    "licm",
    "promote",
    "iv-address",
    "vrp",
    "sccp",
    "dce",
    "simplify-cfg",
    "predict",
    "loop-version",
];

/// The deliberately wrong pass of `-fplant-bug=NAME` (testing of
/// miscompile bisection only), which runs after the first
/// [`PLANTED_BUG_AFTER`] of the pipeline; not in [`PASSES`].
pub const PLANTED_BUG: Pass = Pass {
    name: "planted-bug",
    summary: "breaks the returns of the function named by -fplant-bug=NAME",
    min_level: 1,
    run: planted_bug::run,
};

/// The pipeline pass after whose first run [`PLANTED_BUG`] runs (before
/// inlining, so the broken function also breaks the callers it is
/// inlined into).
pub const PLANTED_BUG_AFTER: &str = "dce";

/// The pass named `name`.
pub fn pass(name: &str) -> Option<&'static Pass> {
    PASSES.iter().find(|p| p.name == name)
}

/// Pass-manager settings.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-O` level (0 runs nothing).
    pub level: u8,
    /// Passes turned off with `-fno-<pass>`.
    pub disabled: Vec<String>,
    /// Passes turned on with `-f<pass>` below their level (at `-O1` and
    /// above: the passes work on SSA).
    pub forced: Vec<String>,
    /// Passes after which the IR is printed (`-fdump-<pass>`).
    pub dump: Vec<String>,
    /// Run the IR verifier after each pass (`-fverify`; always on in debug
    /// builds).
    pub verify: bool,
    /// `-fplant-bug=NAME`: run the `planted-bug` pass on function `NAME`
    /// (only for testing miscompile bisection).
    pub plant_bug: Option<String>,
    /// `-fstrict-aliasing` / `-fno-strict-aliasing`; `None`: on at `-O2`
    /// and above, as gcc ([`Function::strict_aliasing`]).
    pub strict_aliasing: Option<bool>,
}

impl Options {
    /// Whether pass `name` runs under these options.
    pub fn enabled(&self, p: &Pass) -> bool {
        let forced = self.level >= 1 && self.forced.iter().any(|d| d == p.name);
        (self.level >= p.min_level || forced) && !self.disabled.iter().any(|d| d == p.name)
    }

    /// Whether pass `p` runs on function `f` (`planted-bug` only on the
    /// function `-fplant-bug=` names).
    fn runs_on(&self, p: &Pass, f: &Function) -> bool {
        p.name != PLANTED_BUG.name || self.plant_bug.as_deref() == Some(f.name.as_str())
    }
}

/// What [`optimize_module`] reports: per pass name, the summed counters,
/// and the IR dumps requested with `-fdump-<pass>`.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// `(pass, counters)` in first-run order.
    pub stats: Vec<(&'static str, Stats)>,
    /// Requested dumps: per pass name, the IR after each of its runs
    /// (`;; IR after <pass> (pipeline step k)` headers).
    pub dumps: Vec<(&'static str, String)>,
}

impl Report {
    fn add(&mut self, name: &'static str, s: &Stats) {
        match self.stats.iter_mut().find(|x| x.0 == name) {
            Some(x) => x.1.merge(s),
            None => self.stats.push((name, s.clone())),
        }
    }
}

/// The IR verifier rejected the output of a pass (a compiler bug).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("IR verifier failed after pass `{pass}`: {error}")]
pub struct PassError {
    /// The pass that ran last.
    pub pass: &'static str,
    /// What the verifier found.
    pub error: ir::IrError,
}

/// Runs the pipeline on every function of `m`. Errors name the pass after
/// which the verifier failed.
pub fn optimize_module(m: &mut Module, opts: &Options) -> Result<Report, PassError> {
    optimize_module_bisect(m, opts, &mut OptBisect::default())
}

/// [`optimize_module`] where each run of a pass on a function is one step
/// of `bisect` ([`crate::bisect`]): steps past its limit are skipped.
pub fn optimize_module_bisect(
    m: &mut Module,
    opts: &Options,
    bisect: &mut OptBisect,
) -> Result<Report, PassError> {
    let mut report = Report::default();
    let verify = opts.verify || cfg!(debug_assertions);
    let strict = opts.level >= 1 && opts.strict_aliasing.unwrap_or(opts.level >= 2);
    for f in &mut m.functions {
        f.strict_aliasing = strict && !f.type_punning;
    }
    let mut planted = opts.plant_bug.is_none();
    let mut steps: Vec<(usize, &Pass)> = Vec::new();
    for (k, name) in PIPELINE.iter().enumerate() {
        steps.push((k, pass(name).expect("pipeline names a pass")));
        if !planted && *name == PLANTED_BUG_AFTER {
            steps.push((k, &PLANTED_BUG));
            planted = true;
        }
    }
    for (k, p) in steps {
        if !opts.enabled(p) {
            continue;
        }
        let mut total = Stats::default();
        let started = crate::timing::enabled().then(std::time::Instant::now);
        let record = |m: &Module| {
            if let Some(t) = started {
                let insts = m
                    .functions
                    .iter()
                    .flat_map(|f| {
                        f.layout
                            .iter()
                            .map(|b| f.blocks[b.index()].insts.len() as u64)
                    })
                    .sum();
                crate::timing::record(p.name, t.elapsed(), insts);
            }
        };
        if p.name == "inline" {
            let s = inline::run(m, &mut |name| bisect.should_run(p.name, name));
            total.merge(&s);
            if verify {
                for f in &m.functions {
                    ir::verify_function(f).map_err(|error| PassError {
                        pass: p.name,
                        error,
                    })?;
                }
            }
            report.add(p.name, &total);
            record(m);
            continue;
        }
        for f in &mut m.functions {
            if !opts.runs_on(p, f) {
                continue;
            }
            let name = f.name.clone();
            let print = |f: &Function| {
                let mut s = String::new();
                f.print(&mut s);
                s
            };
            let Some(s) = bisect.run(p.name, &name, f, print, p.run) else {
                continue;
            };
            total.merge(&s);
            if verify {
                ir::verify_function(f).map_err(|error| PassError {
                    pass: p.name,
                    error,
                })?;
            }
        }
        report.add(p.name, &total);
        record(m);
        if opts.dump.iter().any(|d| d == p.name) {
            let text = format!(
                ";; IR after {} (pipeline step {})\n{}",
                p.name,
                k + 1,
                m.print()
            );
            match report.dumps.iter_mut().find(|d| d.0 == p.name) {
                Some(d) => d.1.push_str(&text),
                None => report.dumps.push((p.name, text)),
            }
        }
    }
    Ok(report)
}

/// Helpers shared by the passes' unit tests.
#[cfg(test)]
pub(crate) mod testutil {
    use crate::interp::RunOptions;
    use crate::ir::{parse_module, verify_function, verify_module, Function, Module};

    /// Runs `pass` on every function of `m`, verifying each afterwards,
    /// and returns the summed counters.
    pub fn run_on_all(m: &mut Module, pass: fn(&mut Function) -> super::Stats) -> super::Stats {
        let mut s = super::Stats::default();
        for f in &mut m.functions {
            s.merge(&pass(f));
            verify_function(f).unwrap_or_else(|e| panic!("does not verify after the pass: {e:?}"));
        }
        s
    }

    /// The function called `name`.
    pub fn func<'a>(m: &'a Module, name: &str) -> &'a Function {
        m.functions
            .iter()
            .find(|f| f.name == name)
            .expect("function")
    }

    /// Parses and verifies an IR module written in a test.
    pub fn module(text: &str) -> Module {
        let m = parse_module(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        verify_module(&m).unwrap();
        m
    }

    /// Standard output of `main` run by the interpreter (at most 10⁷
    /// steps).
    pub fn stdout(m: &Module) -> String {
        let r = crate::driver::run(
            m,
            &RunOptions {
                max_steps: Some(10_000_000),
                args: vec![],
            },
        )
        .expect("runs");
        String::from_utf8(r.stdout).expect("text")
    }

    /// Exit status of `main` run by the interpreter (at most 5·10⁷ steps).
    pub fn exit_code(m: &Module) -> i32 {
        crate::driver::run(
            m,
            &RunOptions {
                max_steps: Some(50_000_000),
                args: vec![],
            },
        )
        .unwrap()
        .exit_code
    }
}
