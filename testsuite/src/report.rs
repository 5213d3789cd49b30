//! Reports: the terminal table, `report.json`, `report.csv`, `report.md`,
//! and the comparison against a baseline report (`--baseline`).

use crate::run::Outcome;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A whole run: configurations in order and every outcome.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Report {
    /// Configuration names, in the order given.
    pub configs: Vec<String>,
    /// Benchmark names, sorted.
    pub benchmarks: Vec<String>,
    /// One outcome per (benchmark, configuration).
    pub results: Vec<Outcome>,
    /// The commit, options and shard of the run (absent in reports of
    /// older runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<crate::shard::Provenance>,
}

/// `csmith.json`: the outcome of each csmith program of a `--csmith` run.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CsmithReport {
    /// The commit, options and shard of the run.
    pub provenance: Option<crate::shard::Provenance>,
    /// One entry per seed, in seed order.
    pub programs: Vec<CsmithProgram>,
}

/// One csmith program of a [`CsmithReport`].
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CsmithProgram {
    /// csmith's `--seed`.
    pub seed: u64,
    /// `ok`, `skipped…`, `timeout…`, or the mismatch or crash found.
    pub result: String,
    /// Whether the program declares a `float` or `double`.
    pub uses_float: bool,
}

impl Report {
    /// Combines the reports of the shards of one run (already checked by
    /// [`crate::shard::check_compatible`]) into the report an unsharded run
    /// gives: every outcome, in benchmark order then configuration order.
    pub fn merge(parts: Vec<Report>) -> Result<Report, String> {
        let mut it = parts.into_iter();
        let mut all = it.next().ok_or("merge: no report")?;
        for p in it {
            if p.configs != all.configs || p.benchmarks != all.benchmarks {
                return Err("merge: the shards ran different benchmarks or configurations".into());
            }
            all.results.extend(p.results);
        }
        let pos = |list: &[String], x: &str| list.iter().position(|y| y == x).unwrap_or(usize::MAX);
        all.results.sort_by_key(|o| {
            (
                pos(&all.benchmarks, &o.benchmark),
                pos(&all.configs, &o.config),
            )
        });
        let before = all.results.len();
        all.results
            .dedup_by(|a, b| a.benchmark == b.benchmark && a.config == b.config);
        if all.results.len() != before {
            return Err("merge: an outcome appears in two shards".into());
        }
        if let Some(p) = &mut all.provenance {
            p.shard = None;
        }
        Ok(all)
    }
}

impl Report {
    /// The outcome of `bench` in `config`.
    pub fn get(&self, bench: &str, config: &str) -> Option<&Outcome> {
        self.results
            .iter()
            .find(|o| o.benchmark == bench && o.config == config)
    }

    /// Number of failed outcomes.
    pub fn failures(&self) -> usize {
        self.results.iter().filter(|o| !o.pass).count()
    }

    /// Geometric mean of cycles of the passing benchmarks in `config`.
    pub fn geomean_cycles(&self, config: &str) -> Option<f64> {
        let v: Vec<f64> = self
            .results
            .iter()
            .filter(|o| o.config == config && o.pass)
            .filter_map(|o| o.measurement.as_ref().map(|m| m.cycles as f64))
            .filter(|&c| c > 0.0)
            .collect();
        geomean(&v)
    }

    /// Geometric-mean speed-up of `config` over the first configuration
    /// (its geometric mean of cycles divided by `config`'s).
    pub fn speedup(&self, config: &str) -> Option<f64> {
        let base = self.geomean_cycles(self.configs.first()?)?;
        Some(base / self.geomean_cycles(config)?)
    }

    /// The "speed-up over the first configuration" row, cells formatted by
    /// `cell(config, text)`; None with fewer than two configurations.
    fn speedup_line(&self, cell: impl Fn(&str, String) -> String) -> Option<String> {
        let first = self.configs.first()?;
        if self.configs.len() < 2 {
            return None;
        }
        let mut out = format!("{:<22}", format!("speed-up over {first}"));
        for c in &self.configs {
            let text = self
                .speedup(c)
                .map_or("-".to_string(), |x| format!("{x:.3}x"));
            out.push_str(&cell(c, text));
        }
        out.push('\n');
        Some(out)
    }

    /// The terminal table: one row per benchmark, cycles and IPC per configuration.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = write!(out, "{:<22}", "benchmark");
        for c in &self.configs {
            let _ = write!(out, " {:>14} {:>5}", format!("{c} cycles"), "IPC");
        }
        out.push('\n');
        for b in &self.benchmarks {
            let _ = write!(out, "{b:<22}");
            for c in &self.configs {
                match self.get(b, c) {
                    Some(o) if o.pass => {
                        let m = o
                            .measurement
                            .as_ref()
                            .expect("a passing run has measurements");
                        let _ = write!(out, " {:>14} {:>5.2}", m.cycles, m.ipc);
                    }
                    Some(_) => {
                        let _ = write!(out, " {:>14} {:>5}", "FAIL", "");
                    }
                    None => {
                        let _ = write!(out, " {:>14} {:>5}", "-", "");
                    }
                }
            }
            out.push('\n');
        }
        let _ = write!(out, "{:<22}", "geometric mean");
        for c in &self.configs {
            match self.geomean_cycles(c) {
                Some(g) => {
                    let _ = write!(out, " {:>14.0} {:>5}", g, "");
                }
                None => {
                    let _ = write!(out, " {:>14} {:>5}", "-", "");
                }
            }
        }
        out.push('\n');
        if let Some(line) = self.speedup_line(|_, s| format!(" {s:>14} {:>5}", "")) {
            out.push_str(&line);
        }
        if self.configs.iter().any(|c| self.pipelined(c).0 > 0) {
            let _ = write!(out, "{:<22}", "II = MII (loops)");
            for c in &self.configs {
                let (n, at_mii) = self.pipelined(c);
                let _ = write!(out, " {:>14} {:>5}", format!("{at_mii}/{n}"), "");
            }
            out.push('\n');
        }
        let passed = self.results.len() - self.failures();
        let _ = writeln!(out, "{passed} passed, {} failed", self.failures());
        out
    }

    /// Modulo-scheduled loops of the passing benchmarks in `config`, and
    /// how many of them reached II = MII.
    pub fn pipelined(&self, config: &str) -> (usize, usize) {
        let loops: Vec<_> = self
            .results
            .iter()
            .filter(|o| o.config == config && o.pass)
            .filter_map(|o| o.measurement.as_ref())
            .flat_map(|m| &m.pipelined_loops)
            .collect();
        let at_mii = loops.iter().filter(|l| l.ii == l.mii).count();
        (loops.len(), at_mii)
    }

    /// `report.md`: cycles, IPC and code size per benchmark and configuration.
    pub fn markdown(&self) -> String {
        let mut out = String::from("| benchmark |");
        for c in &self.configs {
            let _ = write!(
                out,
                " {c} cycles | {c} IPC | {c} .text bytes | {c} copies |"
            );
        }
        out.push_str("\n|---|");
        for _ in &self.configs {
            out.push_str("---:|---:|---:|---:|");
        }
        out.push('\n');
        for b in &self.benchmarks {
            let _ = write!(out, "| {b} |");
            for c in &self.configs {
                match self.get(b, c) {
                    Some(o) if o.pass => {
                        let m = o.measurement.as_ref().expect("measured");
                        let _ = write!(
                            out,
                            " {} | {:.2} | {} | {} |",
                            m.cycles, m.ipc, m.code_size, m.copies
                        );
                    }
                    Some(_) => out.push_str(" FAIL | | | |"),
                    None => out.push_str(" - | | | |"),
                }
            }
            out.push('\n');
        }
        out.push_str("| geometric mean |");
        for c in &self.configs {
            match self.geomean_cycles(c) {
                Some(g) => {
                    let copies: u64 = self
                        .results
                        .iter()
                        .filter(|o| &o.config == c && o.pass)
                        .filter_map(|o| o.measurement.as_ref().map(|m| m.copies))
                        .sum();
                    let _ = write!(out, " {g:.0} | | | {copies} (total) |");
                }
                None => out.push_str(" - | | | |"),
            }
        }
        out.push('\n');
        if let (Some(first), true) = (self.configs.first(), self.configs.len() > 1) {
            let _ = write!(out, "| speed-up over {first} |");
            for c in &self.configs {
                let text = self
                    .speedup(c)
                    .map_or("-".to_string(), |x| format!("{x:.3}x"));
                let _ = write!(out, " {text} | | | |");
            }
            out.push('\n');
        }
        out
    }

    /// `report.csv`: one line per outcome, stall causes as columns.
    pub fn csv(&self) -> String {
        let causes: Vec<String> = self
            .results
            .iter()
            .find_map(|o| {
                o.measurement
                    .as_ref()
                    .map(|m| m.stalls.iter().map(|(k, _)| k.clone()).collect())
            })
            .unwrap_or_default();
        let mut out = String::from("benchmark,config,pass,cycles,bundles,operations,ipc,code_size,compile_ms,copies,ssa_copies,spills,if_regions,if_speculated,psis,icache_hit_rate,dcache_hit_rate");
        for c in &causes {
            let _ = write!(out, ",stall_{c}");
        }
        out.push_str(",failure\n");
        for o in &self.results {
            let _ = write!(out, "{},{},{}", o.benchmark, o.config, o.pass);
            match &o.measurement {
                Some(m) => {
                    let _ = write!(
                        out,
                        ",{},{},{},{:.4},{},{:.1},{},{},{},{},{},{},{:.4},{:.4}",
                        m.cycles,
                        m.bundles,
                        m.operations,
                        m.ipc,
                        m.code_size,
                        m.compile_ms,
                        m.copies,
                        m.ssa_copies,
                        m.spills,
                        m.if_regions,
                        m.if_speculated,
                        m.psis,
                        m.icache_hit_rate,
                        m.dcache_hit_rate
                    );
                    let by: BTreeMap<&str, u64> =
                        m.stalls.iter().map(|(k, v)| (k.as_str(), *v)).collect();
                    for c in &causes {
                        let _ = write!(out, ",{}", by.get(c.as_str()).copied().unwrap_or(0));
                    }
                }
                None => {
                    out.push_str(",,,,,,,,,,,,,,");
                    for _ in &causes {
                        out.push(',');
                    }
                }
            }
            let f = o.failure.as_deref().unwrap_or("").replace('"', "'");
            let _ = writeln!(out, ",\"{f}\"");
        }
        out
    }

    /// Per benchmark and configuration present in both: new cycles / old
    /// cycles; and per configuration the geometric mean of those ratios.
    pub fn compare(&self, old: &Report) -> String {
        let mut out = String::new();
        let _ = write!(out, "{:<22}", "benchmark");
        for c in &self.configs {
            let _ = write!(out, " {:>16}", format!("{c} new/old"));
        }
        out.push('\n');
        let mut ratios: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
        for b in &self.benchmarks {
            let _ = write!(out, "{b:<22}");
            for c in &self.configs {
                let cyc = |r: &Report| {
                    r.get(b, c)
                        .filter(|o| o.pass)
                        .and_then(|o| o.measurement.as_ref())
                        .map(|m| m.cycles)
                };
                match (cyc(self), cyc(old)) {
                    (Some(n), Some(o)) if o > 0 => {
                        let r = n as f64 / o as f64;
                        ratios.entry(c.as_str()).or_default().push(r);
                        let _ = write!(out, " {r:>16.3}");
                    }
                    _ => {
                        let _ = write!(out, " {:>16}", "-");
                    }
                }
            }
            out.push('\n');
        }
        let _ = write!(out, "{:<22}", "geometric mean");
        for c in &self.configs {
            match ratios.get(c.as_str()).and_then(|v| geomean(v)) {
                Some(g) => {
                    let _ = write!(out, " {g:>16.3}");
                }
                None => {
                    let _ = write!(out, " {:>16}", "-");
                }
            }
        }
        out.push('\n');
        out
    }
}

/// Geometric mean of positive values (`None` for none).
pub fn geomean(v: &[f64]) -> Option<f64> {
    if v.is_empty() || v.iter().any(|&x| x <= 0.0) {
        return None;
    }
    Some((v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Measurement;

    fn outcome(b: &str, c: &str, cycles: u64) -> Outcome {
        Outcome {
            benchmark: b.into(),
            config: c.into(),
            pass: true,
            failure: None,
            measurement: Some(Measurement {
                cycles,
                operations: cycles,
                ipc: 1.0,
                ..Default::default()
            }),
        }
    }

    #[test]
    fn geometric_mean_and_baseline_ratios() {
        // geomean(2, 8) = 4.
        assert!((geomean(&[2.0, 8.0]).unwrap() - 4.0).abs() < 1e-12);
        let old = Report {
            configs: vec!["O0".into()],
            benchmarks: vec!["a".into(), "b".into()],
            results: vec![outcome("a", "O0", 100), outcome("b", "O0", 100)],
            provenance: None,
        };
        let new = Report {
            configs: vec!["O0".into()],
            benchmarks: vec!["a".into(), "b".into()],
            results: vec![outcome("a", "O0", 50), outcome("b", "O0", 200)],
            provenance: None,
        };
        let t = new.compare(&old);
        // Ratios 0.5 and 2.0: geometric mean 1.0.
        assert!(t.contains("0.500") && t.contains("2.000"), "{t}");
        assert!(t.lines().last().unwrap().contains("1.000"), "{t}");
    }

    #[test]
    fn json_round_trip_and_csv_header() {
        let r = Report {
            configs: vec!["O2".into()],
            benchmarks: vec!["x".into()],
            results: vec![outcome("x", "O2", 10)],
            provenance: None,
        };
        let j = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Report>(&j).unwrap(), r);
        assert!(r.csv().starts_with("benchmark,config,pass,cycles,"));
        assert!(r.table().contains("1 passed, 0 failed"));
    }
}
