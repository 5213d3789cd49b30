//! The progress bar of a run: an `indicatif` bar on stderr while the jobs
//! run, drawn only when stderr is a terminal and `--no-progress` is not
//! given, so that logs, pipes and tests see no bar at all. Reports (stdout,
//! JSON) never depend on it.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// Whether a run draws its progress bar: stderr is a terminal and
/// `--no-progress` was not given.
pub fn wanted(no_progress: bool) -> bool {
    !no_progress && std::io::stderr().is_terminal()
}

/// A bar of `len` jobs (`{bar} done/len last-job`) on stderr when `show`,
/// else a hidden bar that counts without drawing.
pub fn bar(len: usize, show: bool) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(
        Some(len as u64),
        if show {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed} {wide_msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Marks one job of `bar` done, named `job` (the bar shows the last one).
pub fn done(bar: &ProgressBar, job: impl Into<String>) {
    if !bar.is_hidden() {
        bar.set_message(job.into());
    }
    bar.inc(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_bar_counts_without_drawing() {
        let b = bar(3, false);
        assert!(b.is_hidden());
        done(&b, "x");
        done(&b, "y");
        assert_eq!(b.position(), 2);
        assert_eq!(b.length(), Some(3));
        // --no-progress wins over a terminal
        assert!(!wanted(true));
    }
}
