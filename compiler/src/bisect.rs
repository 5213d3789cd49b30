//! Miscompile bisection, as LLVM's `-opt-bisect-limit`: every
//! transformation step that may change code — one run of one IR pass on
//! one function, and the optional back-end steps (coalescing in the
//! out-of-SSA translation, bundling) on one function — gets a number,
//! counted from 1 in the order the compiler runs them. With a limit `N`,
//! steps after the `N`-th are skipped (the code stays correct: skipping a
//! step only loses an optimisation). `lcc -fopt-bisect-limit=N` sets the
//! limit; `-1` runs everything and lists each step; `testsuite --bisect`
//! searches the first step after which a benchmark's output is wrong.
//!
//! Steps a correct compilation cannot do without (instruction selection,
//! the out-of-SSA translation itself, register allocation, frame layout,
//! emission) are not counted and always run.

/// One counted step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Step number, from 1.
    pub number: u64,
    /// Pass name (`sccp`, `gvn`, …, `out-of-ssa-coalescing`, `bundle`).
    pub pass: String,
    /// Function the step works on.
    pub function: String,
    /// Whether it ran (number ≤ limit).
    pub ran: bool,
}

impl std::fmt::Display for Step {
    /// LLVM's wording: `BISECT: running pass (3) sccp on function (main)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "BISECT: {} pass ({}) {} on function ({})",
            if self.ran { "running" } else { "NOT running" },
            self.number,
            self.pass,
            self.function
        )
    }
}

/// The code of one function before and after one step, for the report of
/// `testsuite --bisect` (IR text for IR passes, machine IR or assembly for
/// back-end steps).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Capture {
    /// Before the step.
    pub before: String,
    /// After the step.
    pub after: String,
}

/// The step counter of one compilation.
#[derive(Clone, Debug, Default)]
pub struct OptBisect {
    /// Run only steps `1..=limit` (`None`: all).
    pub limit: Option<u64>,
    /// Keep the code before and after this step.
    pub capture_step: Option<u64>,
    /// Every step so far, in order.
    pub steps: Vec<Step>,
    /// The captured code, once the step numbered `capture_step` has run.
    pub capture: Option<Capture>,
}

impl OptBisect {
    /// A counter that runs steps `1..=limit` (`None`: all).
    pub fn new(limit: Option<u64>) -> OptBisect {
        OptBisect {
            limit,
            ..OptBisect::default()
        }
    }

    /// Counts the next step (`pass` on `function`) and says whether it may
    /// run.
    pub fn should_run(&mut self, pass: &str, function: &str) -> bool {
        let number = self.steps.len() as u64 + 1;
        let ran = self.limit.is_none_or(|l| number <= l);
        self.steps.push(Step {
            number,
            pass: pass.to_string(),
            function: function.to_string(),
            ran,
        });
        ran
    }

    /// Whether the step just counted is the one to capture.
    pub fn capturing(&self) -> bool {
        self.capture_step.is_some() && self.capture_step == Some(self.steps.len() as u64)
    }

    /// Runs `step` on `x` as the next counted step (`pass` on `function`)
    /// if the limit allows; `print` renders `x` when the step is captured.
    /// Returns `step`'s result, or `None` when the step was skipped.
    pub fn run<X, R>(
        &mut self,
        pass: &str,
        function: &str,
        x: &mut X,
        print: impl Fn(&X) -> String,
        step: impl FnOnce(&mut X) -> R,
    ) -> Option<R> {
        if !self.should_run(pass, function) {
            return None;
        }
        if self.capturing() {
            let before = print(x);
            let r = step(x);
            self.capture = Some(Capture {
                before,
                after: print(x),
            });
            Some(r)
        } else {
            Some(step(x))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_after_the_limit_are_skipped_and_numbered_from_one() {
        let mut b = OptBisect::new(Some(2));
        assert!(b.should_run("sccp", "f"));
        assert!(b.should_run("sccp", "g"));
        assert!(!b.should_run("dce", "f"));
        assert_eq!(
            b.steps[2].to_string(),
            "BISECT: NOT running pass (3) dce on function (f)"
        );
        assert_eq!(
            b.steps[0].to_string(),
            "BISECT: running pass (1) sccp on function (f)"
        );
    }

    #[test]
    fn the_captured_step_keeps_before_and_after() {
        let mut b = OptBisect::new(None);
        b.capture_step = Some(2);
        let mut x = 1;
        b.run("a", "f", &mut x, |v| v.to_string(), |v| *v += 1);
        assert!(b.capture.is_none());
        b.run("b", "f", &mut x, |v| v.to_string(), |v| *v *= 10);
        assert_eq!(
            b.capture,
            Some(Capture {
                before: "2".into(),
                after: "20".into()
            })
        );
    }
}
