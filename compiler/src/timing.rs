//! `lcc --time-passes`: wall time per compiler phase and per IR pass, and
//! the IR instructions each pass leaves, printed on stderr in the layout of
//! gcc's `-ftime-report` (a `Time variable` table with percentages of the
//! total and a `TOTAL` line).
//!
//! Recording is per thread (the testsuite compiles on many threads at
//! once) and off unless [`enable`] was called, so the passes pay one
//! thread-local read when it is off.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// One line of the report: a phase or pass, summed over its runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The phase (`preprocessing`, `parsing`, `lowering`, `back end`) or
    /// the pass name of `-fno-NAME`.
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

thread_local! {
    static ENTRIES: RefCell<Option<Vec<Entry>>> = const { RefCell::new(None) };
}

/// Starts recording on this thread (clearing what was recorded).
pub fn enable() {
    ENTRIES.with(|e| *e.borrow_mut() = Some(Vec::new()));
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
        assert!(take().is_none());
    }
}
