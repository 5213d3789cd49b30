//! Reports: the `--stats` text, the `--stats-json` document, the
//! `--profile` file in callgrind format, and trap messages.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use isa::model::{StageTable, ALL_CLASSES};

use crate::machine::{BundleCosts, Machine, Stats};
use crate::symbols::Symbols;
use crate::trap::Stop;

/// The message `stsim` prints on stderr when a run does not end with
/// `exit`: what happened, the PC, the bundle's disassembly, the function
/// and `file:line`.
pub fn stop_message(stop: &Stop, machine: &Machine, symbols: &Symbols) -> Option<String> {
    match stop {
        Stop::Exit(_) => None,
        Stop::Trap(t) => Some(format!(
            "stsim: trap: {}\n  at pc 0x{:08x}: {}\n  {}\n  after {} cycles",
            t.kind,
            t.pc,
            machine.disassemble(t.pc),
            symbols.describe(t.pc),
            t.cycle
        )),
        Stop::MaxCycles { limit, pc } => Some(format!(
            "stsim: stopped: the cycle limit of {limit} cycles (--max-cycles) was reached\n  next bundle at pc 0x{pc:08x}: {}\n  {}",
            machine.disassemble(*pc),
            symbols.describe(*pc)
        )),
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// Stall causes as `(name, cycles)`, in report order: `interlock_<class>`
/// for every timing class, then `syscall`, `taken_branch`, `icache_miss`,
/// `dcache_miss`.
pub fn stall_causes(stats: &Stats) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = ALL_CLASSES
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            (
                format!("interlock_{}", StageTable::field_name(c)),
                stats.stalls.interlock[i],
            )
        })
        .collect();
    v.push(("syscall".into(), stats.stalls.syscall));
    v.push(("taken_branch".into(), stats.stalls.taken_branch));
    v.push(("icache_miss".into(), stats.stalls.icache_miss));
    v.push(("dcache_miss".into(), stats.stalls.dcache_miss));
    v
}

/// The `--stats` text (for stderr).
pub fn stats_text(stats: &Stats, model_name: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "stsim statistics ({model_name})");
    let _ = writeln!(s, "  cycles        {:>14}", stats.cycles);
    let _ = writeln!(s, "  bundles       {:>14}", stats.bundles);
    let _ = writeln!(s, "  operations    {:>14}", stats.operations);
    let _ = writeln!(
        s,
        "  IPC           {:>14.3}  (operations per cycle)",
        ratio(stats.operations, stats.cycles)
    );
    let _ = writeln!(
        s,
        "  stall cycles  {:>14}  ({:.1}% of cycles)",
        stats.stalls.total(),
        100.0 * ratio(stats.stalls.total(), stats.cycles)
    );
    for (name, n) in stall_causes(stats) {
        if n > 0 {
            let _ = writeln!(s, "    {name:<26}{n:>14}");
        }
    }
    let _ = writeln!(s, "  taken branches{:>14}", stats.taken_branches);
    for (name, c) in [("I-cache", stats.icache), ("D-cache", stats.dcache)] {
        let _ = writeln!(
            s,
            "  {name}  {:>12} hits {:>10} misses  hit rate {:.2}%",
            c.hits,
            c.misses,
            100.0 * c.hit_rate()
        );
    }
    if stats.dcache.prefetches > 0 {
        let _ = writeln!(
            s,
            "  prefetches {:>14} started {:>10} misses served by them",
            stats.dcache.prefetches, stats.dcache.prefetch_hits
        );
    }
    s
}

/// The translating engine's counters for `--stats` (an `engine` section:
/// blocks translated and run, bundles left to the interpreter, flushes,
/// whole runs handed to the interpreter).
pub fn engine_text(e: &crate::machine::EngineStats) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "  engine");
    for (name, n) in [
        ("blocks translated", e.blocks_translated),
        ("bundles translated", e.bundles_translated),
        ("block runs", e.block_runs),
        ("bundles run in blocks", e.bundles_in_blocks),
        ("bundles interpreted", e.interpreted_bundles),
        ("translation flushes", e.flushes),
        ("interpreter fallbacks", e.fallback_runs),
    ] {
        let _ = writeln!(s, "    {name:<26}{n:>14}");
    }
    s
}

/// The `--stats-json` document: top-level integer keys `cycles`,
/// `bundles`, `operations`, an `ipc` number, a `stalls` object by cause
/// (see [`stall_causes`]), `taken_branches`, `icache`/`dcache` objects
/// (`hits`, `misses`, `writebacks`, `prefetches`, `prefetch_hits`,
/// `hit_rate`), `model`, and the `exit`
/// status.
pub fn stats_json(stats: &Stats, model_name: &str, exit: i32) -> serde_json::Value {
    let stalls: serde_json::Map<String, serde_json::Value> = stall_causes(stats)
        .into_iter()
        .map(|(k, v)| (k, v.into()))
        .collect();
    let cache = |c: crate::cache::CacheStats| {
        serde_json::json!({
            "hits": c.hits,
            "misses": c.misses,
            "writebacks": c.writebacks,
            "prefetches": c.prefetches,
            "prefetch_hits": c.prefetch_hits,
            "hit_rate": c.hit_rate(),
        })
    };
    serde_json::json!({
        "model": model_name,
        "cycles": stats.cycles,
        "bundles": stats.bundles,
        "operations": stats.operations,
        "ipc": ratio(stats.operations, stats.cycles),
        "stall_cycles": stats.stalls.total(),
        "stalls": stalls,
        "taken_branches": stats.taken_branches,
        "icache": cache(stats.icache),
        "dcache": cache(stats.dcache),
        "exit": exit,
    })
}

/// The branch profile of `--profile-edges`: a comment header, then one
/// line per conditional branch that executed, by address:
///
/// ```text
/// # stsim branch profile: address taken not-taken file:line:column function
/// 0x00001040 1200 34 clip.c:5:9 clip
/// ```
///
/// `taken` and `not-taken` count executions of the `br`/`brf` in the bundle
/// at `address`; the source position comes from the line table (`??:0:0`
/// without one), the function from the symbol table (`??`). `lcc
/// -fprofile-use` reads it back.
pub fn branch_profile(counts: &[(u32, u64, u64)], symbols: &Symbols) -> String {
    let mut out =
        String::from("# stsim branch profile: address taken not-taken file:line:column function\n");
    for &(addr, taken, not_taken) in counts {
        let (file, line, column) = symbols.line_column(addr).unwrap_or(("??", 0, 0));
        let func = symbols
            .function(addr)
            .map_or("??", |(f, _)| f.name.as_str());
        let _ = writeln!(
            out,
            "0x{addr:08x} {taken} {not_taken} {file}:{line}:{column} {func}"
        );
    }
    out
}

/// A profile in callgrind format (readable by `callgrind_annotate` and
/// KCachegrind): events `Cycles Bundles Operations Stalls I1miss D1miss`,
/// costs per function and source line (`positions: line`); code with no
/// line information is charged to line 0 of file `???`, code outside any
/// symbol to a function named after its address.
pub fn callgrind(costs: &[(u32, BundleCosts)], symbols: &Symbols, command: &str) -> String {
    // (file, function) → line → costs.
    let mut table: BTreeMap<(String, String), BTreeMap<u32, [u64; 6]>> = BTreeMap::new();
    let mut totals = [0u64; 6];
    for (pc, c) in costs {
        let func = match symbols.function(*pc) {
            Some((f, _)) => f.name.clone(),
            None => format!("0x{pc:08x}"),
        };
        let (file, line) = symbols
            .line(*pc)
            .map(|(f, l)| (f.to_string(), l))
            .unwrap_or_else(|| ("???".to_string(), 0));
        let v = [
            c.cycles,
            c.bundles,
            c.operations,
            c.stalls,
            c.icache_misses,
            c.dcache_misses,
        ];
        let slot = table
            .entry((file, func))
            .or_default()
            .entry(line)
            .or_default();
        for i in 0..6 {
            slot[i] += v[i];
            totals[i] += v[i];
        }
    }
    let mut out = String::new();
    out.push_str("# callgrind format\nversion: 1\ncreator: stsim\n");
    let _ = writeln!(out, "cmd: {command}");
    out.push_str("positions: line\n");
    out.push_str("events: Cycles Bundles Operations Stalls I1miss D1miss\n");
    let join = |v: &[u64; 6]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(out, "summary: {}", join(&totals));
    let mut file_ids: BTreeMap<String, usize> = BTreeMap::new();
    let mut fn_ids: BTreeMap<String, usize> = BTreeMap::new();
    for ((file, func), lines) in &table {
        let n = file_ids.len() + 1;
        match file_ids.get(file) {
            Some(id) => {
                let _ = writeln!(out, "\nfl=({id})");
            }
            None => {
                file_ids.insert(file.clone(), n);
                let _ = writeln!(out, "\nfl=({n}) {file}");
            }
        }
        let n = fn_ids.len() + 1;
        match fn_ids.get(func) {
            Some(id) => {
                let _ = writeln!(out, "fn=({id})");
            }
            None => {
                fn_ids.insert(func.clone(), n);
                let _ = writeln!(out, "fn=({n}) {func}");
            }
        }
        for (line, v) in lines {
            let _ = writeln!(out, "{line} {}", join(v));
        }
    }
    let _ = writeln!(out, "\ntotals: {}", join(&totals));
    out
}
