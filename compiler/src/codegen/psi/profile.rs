//! Branch profiles from the simulator (`stsim --profile-edges FILE`),
//! read back by `lcc -fprofile-use=FILE` for the if-conversion cost model
//! ([`crate::codegen::psi::if_convert`]) in place of the static probability 1/2.
//!
//! The file has one line per conditional branch that executed,
//! `ADDRESS TAKEN NOT-TAKEN FILE:LINE:COLUMN FUNCTION`, and `#` comment
//! lines. A branch is matched to the compiler's by the base name of its
//! source file and its line and column (the `.loc` of the branch), so the
//! profile must come from the same source compiled with the same front
//! end and optimiser; collect it with `-fno-if-convert`, since a branch
//! if-converted away has no count. Branches sharing a position add up.

use crate::hash::HashMap;

/// Taken / not-taken counts by source position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BranchProfile {
    counts: HashMap<(String, u32, u32), (u64, u64)>,
}

/// The base name of a path (`/tmp/a/clip.c` → `clip.c`).
fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

impl BranchProfile {
    /// Reads the text of a `--profile-edges` file. Errors name the line
    /// (1-based) and what is wrong with it.
    pub fn parse(text: &str) -> Result<BranchProfile, String> {
        let mut p = BranchProfile::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |what: &str| format!("line {}: {what}: `{line}`", n + 1);
            let f: Vec<&str> = line.split_whitespace().collect();
            let [addr, taken, not_taken, pos, ..] = f[..] else {
                return Err(bad(
                    "expected `ADDRESS TAKEN NOT-TAKEN FILE:LINE:COLUMN FUNCTION`",
                ));
            };
            if !addr.starts_with("0x") {
                return Err(bad("the address is not hexadecimal (0x…)"));
            }
            let count = |s: &str| s.parse::<u64>().map_err(|_| bad("a count is not a number"));
            let (t, nt) = (count(taken)?, count(not_taken)?);
            let mut it = pos.rsplitn(3, ':');
            let (Some(col), Some(ln), Some(file)) = (it.next(), it.next(), it.next()) else {
                return Err(bad("the position is not FILE:LINE:COLUMN"));
            };
            let num = |s: &str| s.parse::<u32>().map_err(|_| bad("bad line or column"));
            let key = (base_name(file).to_string(), num(ln)?, num(col)?);
            let e = p.counts.entry(key).or_default();
            e.0 += t;
            e.1 += nt;
        }
        Ok(p)
    }

    /// The probability that the branch at `line:column` of source `file`
    /// is taken, if the profile saw it execute.
    pub fn taken_probability(&self, file: &str, line: u32, column: u32) -> Option<f64> {
        let &(t, nt) = self
            .counts
            .get(&(base_name(file).to_string(), line, column))?;
        (t + nt > 0).then(|| t as f64 / (t + nt) as f64)
    }

    /// Number of source positions with counts.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// True if the profile has no branch.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_counts_by_position_and_adds_up_shared_positions() {
        let text = "# stsim branch profile\n\
                    0x000010b8 30 70 /tmp/ic/clip.c:5:9 clip\n\
                    0x000010cc 30 40 /tmp/ic/clip.c:6:14 clip\n\
                    0x000010d0 10 0 /tmp/ic/clip.c:6:14 clip\n\
                    0x00001038 0 1 ??:0:0 _start\n";
        let p = BranchProfile::parse(text).unwrap();
        assert_eq!(p.taken_probability("clip.c", 5, 9), Some(0.3));
        // 40 taken of 80
        assert_eq!(p.taken_probability("src/clip.c", 6, 14), Some(0.5));
        assert_eq!(p.taken_probability("clip.c", 7, 1), None);
        assert_eq!(p.len(), 3);
    }

    #[test]
    fn errors_name_the_line() {
        let e = BranchProfile::parse("# ok\n0x10 1 x a.c:1:1 f\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        let e = BranchProfile::parse("0x10 1 2 a.c-1 f\n").unwrap_err();
        assert!(e.contains("FILE:LINE:COLUMN"), "{e}");
        let e = BranchProfile::parse("10 1 2 a.c:1:1 f\n").unwrap_err();
        assert!(e.contains("hexadecimal"), "{e}");
    }
}
