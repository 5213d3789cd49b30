//! Splitting a run over many machines and merging the pieces:
//! `--shard K/N` runs a deterministic Kth of the work, and `testsuite
//! merge A.json B.json … -o ALL.json` combines the reports of the shards
//! into the report one unsharded run gives. The runner only splits and
//! merges; a scheduler (a CI matrix, a Slurm job array) distributes.

use serde::{Deserialize, Serialize};

/// The Kth of N shards (1 ≤ K ≤ N): work item `i` (in the run's
/// deterministic order) belongs to it when `i mod N = K − 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, from 1.
    pub k: u32,
    /// How many shards.
    pub n: u32,
}

impl Shard {
    /// Parses `K/N`; errors name the rule broken.
    pub fn parse(spec: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {spec}: expected K/N with 1 <= K <= N (e.g. 2/4)");
        let (k, n) = spec.split_once('/').ok_or_else(bad)?;
        let k: u32 = k.trim().parse().map_err(|_| bad())?;
        let n: u32 = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }

    /// Whether work item `index` belongs to this shard.
    pub fn keeps(&self, index: usize) -> bool {
        index % self.n as usize == (self.k - 1) as usize
    }
}

/// Where a report came from: what `merge` checks before combining shards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// The commit of the tree that ran (`git describe --always --dirty`).
    pub commit: String,
    /// The options of the run that decide its results (the command line
    /// without the options of [`NEUTRAL`], which do not).
    pub options: Vec<String>,
    /// The shard, if the run was one.
    pub shard: Option<Shard>,
}

/// Options that do not change a run's results (where and how it runs,
/// where its reports go), with whether they take a value.
pub const NEUTRAL: &[(&str, bool)] = &[
    ("--shard", true),
    ("--out", true),
    ("--jobs", true),
    ("--no-progress", false),
    ("--json", false),
    ("--report-md", true),
    ("--baseline", true),
    ("--sweep-json", true),
    ("--sweep-csv", true),
    ("--sweep-md", true),
    ("--sweep-svg", true),
];

/// The options of a command line (`args` without the program name) that
/// decide its results: every argument but those of [`NEUTRAL`]
/// (`--opt VALUE` and `--opt=VALUE` forms).
pub fn deciding_options(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let neutral = NEUTRAL
            .iter()
            .find(|(name, _)| a == name || a.starts_with(&format!("{name}=")));
        match neutral {
            Some((name, takes)) => {
                i += if *takes && a == name { 2 } else { 1 };
            }
            None => {
                out.push(a.clone());
                i += 1;
            }
        }
    }
    out
}

/// Checks that `shards` (the provenance of each input of a merge, with its
/// file name) may be combined: one commit, the same options, shards of the
/// same N with no shard twice. Returns the error naming the first
/// mismatch.
pub fn check_compatible(shards: &[(String, Option<Provenance>)]) -> Result<(), String> {
    let mut first: Option<(&str, &Provenance)> = None;
    let mut seen = Vec::new();
    for (file, p) in shards {
        let p = p.as_ref().ok_or_else(|| {
            format!("{file}: the report records no provenance (not written by `--shard`)")
        })?;
        if let Some((f0, p0)) = first {
            if p.commit != p0.commit {
                return Err(format!(
                    "{file} comes from commit {}, {f0} from commit {}: shards must come from one commit",
                    p.commit, p0.commit
                ));
            }
            if p.options != p0.options {
                return Err(format!(
                    "{file} ran with options `{}`, {f0} with `{}`: shards must run with the same options",
                    p.options.join(" "),
                    p0.options.join(" ")
                ));
            }
            if p.shard.map(|s| s.n) != p0.shard.map(|s| s.n) {
                return Err(format!(
                    "{file} and {f0} split the work in different numbers of shards"
                ));
            }
        } else {
            first = Some((file, p));
        }
        if let Some(s) = p.shard {
            if seen.contains(&s.k) {
                return Err(format!("{file}: shard {}/{} is given twice", s.k, s.n));
            }
            seen.push(s.k);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_work() {
        // 10 items over 3 shards: {0,3,6,9}, {1,4,7}, {2,5,8}.
        let shards: Vec<Shard> = (1..=3).map(|k| Shard { k, n: 3 }).collect();
        for i in 0..10 {
            let owners = shards.iter().filter(|s| s.keeps(i)).count();
            assert_eq!(owners, 1, "item {i}");
        }
        assert!(shards[0].keeps(9) && shards[1].keeps(7) && shards[2].keeps(8));
    }

    #[test]
    fn shard_specs() {
        assert_eq!(Shard::parse("2/4"), Ok(Shard { k: 2, n: 4 }));
        for bad in ["0/4", "5/4", "1/0", "x/2", "3", "1/2/3"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn neutral_options_are_dropped() {
        let args: Vec<String> = [
            "--configs",
            "O2",
            "--shard",
            "1/4",
            "--out=x",
            "--jobs",
            "2",
            "--no-progress",
            "--sweep-csv",
            "a.csv",
            "--filter",
            "fir",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            deciding_options(&args),
            ["--configs", "O2", "--filter", "fir"]
        );
    }

    #[test]
    fn merge_refuses_other_commits_options_and_twice_the_same_shard() {
        let p = |commit: &str, opt: &str, k| {
            Some(Provenance {
                commit: commit.into(),
                options: vec![opt.into()],
                shard: Some(Shard { k, n: 2 }),
            })
        };
        let ok = [
            ("a".to_string(), p("c1", "O2", 1)),
            ("b".to_string(), p("c1", "O2", 2)),
        ];
        assert!(check_compatible(&ok).is_ok());
        let commit = [
            ("a".to_string(), p("c1", "O2", 1)),
            ("b".to_string(), p("c2", "O2", 2)),
        ];
        assert!(check_compatible(&commit).unwrap_err().contains("commit"));
        let opts = [
            ("a".to_string(), p("c1", "O2", 1)),
            ("b".to_string(), p("c1", "O0", 2)),
        ];
        assert!(check_compatible(&opts).unwrap_err().contains("options"));
        let twice = [
            ("a".to_string(), p("c1", "O2", 1)),
            ("b".to_string(), p("c1", "O2", 1)),
        ];
        assert!(check_compatible(&twice).unwrap_err().contains("twice"));
    }
}
