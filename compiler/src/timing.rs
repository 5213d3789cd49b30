//! `lcc --time-passes`: wall time per compiler phase, per IR pass and per
//! back-end stage, and the IR instructions each pass leaves, printed on
//! stderr in the layout of gcc's `-ftime-report` (a `Time variable` table
//! with percentages of the total and a `TOTAL` line).
//!
//! Recording is per thread (the testsuite compiles on many threads at
//! once) and off unless [`enable`] was called, so the passes pay one
//! thread-local read when it is off.
//!
//! The back end is timed by laps: [`mark`] starts the clock before the
//! first function, and [`lap`] after each stage charges the time since the
//! previous lap to that stage, so the stages of every function add up to
//! the back end's whole time with one call between stages. The stages, in
//! pipeline order, are [`BACK_END_STAGES`].

use std::cell::{Cell, RefCell};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// One line of the report: a phase or pass, summed over its runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The phase (`preprocessing`, `parsing and semantic analysis`,
    /// `lowering to IR`), the pass name of `-fno-NAME`, or the back-end
    /// stage ([`BACK_END_STAGES`]).
    pub name: &'static str,
    /// Wall time over all its runs.
    pub wall: Duration,
    /// How many times it ran (a pass may appear several times in the
    /// pipeline).
    pub runs: u32,
    /// IR instructions in the module after its last run (0 for phases
    /// outside the IR).
    pub insts: u64,
}

/// The back end's stages as `lcc --time-passes` names them, in pipeline
/// order (a stage that does not run at the level or on the machine is
/// absent from the report): the code generator's stages, then the
/// assembler and the linker.
pub const BACK_END_STAGES: &[&str] = &[
    "instruction selection",
    "if-conversion and psi",
    "out-of-SSA",
    "modulo scheduling",
    "prepass scheduling",
    "register allocation",
    "block layout",
    "peephole",
    "frame layout",
    "list scheduling",
    "emission",
    "assembly",
    "linking",
];

thread_local! {
    static ENTRIES: RefCell<Option<Vec<Entry>>> = const { RefCell::new(None) };
    /// The end of the last lap, while recording.
    static LAP: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Starts recording on this thread (clearing what was recorded).
pub fn enable() {
    ENTRIES.with(|e| *e.borrow_mut() = Some(Vec::new()));
    LAP.with(|l| l.set(None));
}

/// Starts the lap clock of the back end's stages, when recording.
pub fn mark() {
    if enabled() {
        LAP.with(|l| l.set(Some(Instant::now())));
    }
}

/// Charges the time since the last [`mark`] or [`lap`] to the stage
/// `name` and starts the next lap; nothing (one thread-local read) when
/// not recording or no clock was started.
pub fn lap(name: &'static str) {
    if let Some(start) = LAP.with(Cell::get) {
        let now = Instant::now();
        record(name, now - start, 0);
        LAP.with(|l| l.set(Some(now)));
    }
}

/// Whether this thread records.
pub fn enabled() -> bool {
    ENTRIES.with(|e| e.borrow().is_some())
}

/// Adds `wall` (and the instruction count after it) to `name`'s entry.
pub fn record(name: &'static str, wall: Duration, insts: u64) {
    ENTRIES.with(|e| {
        if let Some(list) = e.borrow_mut().as_mut() {
            match list.iter_mut().find(|x| x.name == name) {
                Some(x) => {
                    x.wall += wall;
                    x.runs += 1;
                    x.insts = insts;
                }
                None => list.push(Entry {
                    name,
                    wall,
                    runs: 1,
                    insts,
                }),
            }
        }
    });
}

/// Runs `f`, recording its wall time under `name` when recording is on.
pub fn time<R>(name: &'static str, f: impl FnOnce() -> R) -> R {
    if !enabled() {
        return f();
    }
    let start = Instant::now();
    let r = f();
    record(name, start.elapsed(), 0);
    r
}

/// Stops recording and returns what was recorded, in first-run order.
pub fn take() -> Option<Vec<Entry>> {
    LAP.with(|l| l.set(None));
    ENTRIES.with(|e| e.borrow_mut().take())
}

/// The report in gcc's `-ftime-report` layout: one line per entry with its
/// wall seconds, its share of the total and the IR instructions it left.
pub fn report(entries: &[Entry]) -> String {
    let total: Duration = entries.iter().map(|e| e.wall).sum();
    let pct = |d: Duration| {
        if total.is_zero() {
            0.0
        } else {
            100.0 * d.as_secs_f64() / total.as_secs_f64()
        }
    };
    let mut out = String::from(
        "\nTime variable                                   wall           IR instructions\n",
    );
    for e in entries {
        let _ = write!(
            out,
            " {:<35}: {:>6.2} ({:>3.0}%)",
            e.name,
            e.wall.as_secs_f64(),
            pct(e.wall)
        );
        if e.insts > 0 {
            let _ = write!(out, " {:>12}", e.insts);
        }
        out.push('\n');
    }
    let _ = writeln!(out, " {:<35}: {:>6.2}", "TOTAL", total.as_secs_f64());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_sum_runs_and_report_shares() {
        enable();
        record("gvn", Duration::from_millis(30), 100);
        record("sccp", Duration::from_millis(10), 120);
        record("gvn", Duration::from_millis(10), 90);
        let e = take().expect("recorded");
        assert!(!enabled());
        assert_eq!(e.len(), 2);
        assert_eq!((e[0].name, e[0].runs, e[0].insts), ("gvn", 2, 90));
        let text = report(&e);
        // gvn: 40 of 50 ms = 80 %; sccp 20 %; total 0.05 s.
        assert!(
            text.contains(" gvn                                :   0.04 ( 80%)           90"),
            "{text}"
        );
        assert!(
            text.contains(" sccp                               :   0.01 ( 20%)          120"),
            "{text}"
        );
        assert!(
            text.contains(" TOTAL                              :   0.05"),
            "{text}"
        );
    }

    #[test]
    fn nothing_is_recorded_unless_enabled() {
        let _ = take();
        record("gvn", Duration::from_millis(1), 1);
        assert_eq!(time("x", || 7), 7);
        mark();
        lap("emission");
        assert!(take().is_none());
    }

    /// Laps split the time from the mark to the last lap among the
    /// stages: each stage gets at least its own sleep, and together no
    /// more than the time measured around them.
    #[test]
    fn laps_charge_each_stage_its_own_time() {
        enable();
        // a lap before the mark is not charged
        lap("peephole");
        let outside = Instant::now();
        mark();
        std::thread::sleep(Duration::from_millis(20));
        lap("instruction selection");
        std::thread::sleep(Duration::from_millis(30));
        lap("register allocation");
        std::thread::sleep(Duration::from_millis(10));
        lap("instruction selection");
        let whole = outside.elapsed();
        let e = take().expect("recorded");
        let names: Vec<&str> = e.iter().map(|x| x.name).collect();
        assert_eq!(names, ["instruction selection", "register allocation"]);
        assert_eq!(e[0].runs, 2);
        assert!(e[0].wall >= Duration::from_millis(30), "{e:?}");
        assert!(e[1].wall >= Duration::from_millis(30), "{e:?}");
        assert!(e[0].wall + e[1].wall <= whole, "{e:?} {whole:?}");
        // after take, laps record nothing until the next enable and mark
        lap("emission");
        assert!(take().is_none());
    }

    #[test]
    fn stage_names_are_distinct() {
        for (i, a) in BACK_END_STAGES.iter().enumerate() {
            assert!(!BACK_END_STAGES[i + 1..].contains(a), "{a}");
        }
    }
}
