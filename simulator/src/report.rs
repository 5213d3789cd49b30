//! Reports: the `--stats` text, the `--stats-json` document, the
//! `--profile` file in callgrind format, and trap messages.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use isa::model::{StageTable, ALL_CLASSES};

use crate::machine::{BundleCosts, CallArc, Machine, Roi, Stats};
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
    counters_text(&mut s, stats);
    s
}

/// The `--stats` section of the region of interest (`<stsim.h>`): the
/// same counters as [`stats_text`], over the regions only.
pub fn roi_text(roi: &Roi) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "region of interest ({} region{}, stsim_roi_begin to stsim_roi_end)",
        roi.regions,
        if roi.regions == 1 { "" } else { "s" }
    );
    counters_text(&mut s, &roi.stats);
    s
}

fn counters_text(s: &mut String, stats: &Stats) {
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
/// status; with a region of interest (`<stsim.h>`), a `roi` object with
/// the same counters over the regions and their number, `regions`.
pub fn stats_json(
    stats: &Stats,
    roi: Option<&Roi>,
    model_name: &str,
    exit: i32,
) -> serde_json::Value {
    let mut v = counters_json(stats);
    v["model"] = model_name.into();
    v["exit"] = exit.into();
    if let Some(r) = roi {
        let mut o = counters_json(&r.stats);
        o["regions"] = r.regions.into();
        v["roi"] = o;
    }
    v
}

fn counters_json(stats: &Stats) -> serde_json::Value {
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
        "cycles": stats.cycles,
        "bundles": stats.bundles,
        "operations": stats.operations,
        "ipc": ratio(stats.operations, stats.cycles),
        "stall_cycles": stats.stalls.total(),
        "stalls": stalls,
        "taken_branches": stats.taken_branches,
        "icache": cache(stats.icache),
        "dcache": cache(stats.dcache),
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

/// A profile in callgrind format (valgrind's "Callgrind Format
/// Specification"; read by `callgrind_annotate` and KCachegrind): events
/// `Cycles Bundles Operations Stalls I1miss D1miss`, `positions: instr
/// line` (each bundle's address and source line, so that KCachegrind shows
/// costs on the disassembly as well as on the source), costs per function
/// and bundle, and the call graph: for each call site and callee, a
/// `cfl=`/`cfn=`/`calls=COUNT ENTRY LINE` group then the site's position and
/// the calls' inclusive costs. Code with no line information is charged to
/// line 0 of file `???`, code outside any symbol to a function named after
/// its address.
pub fn callgrind(
    costs: &[(u32, BundleCosts)],
    calls: &[CallArc],
    symbols: &Symbols,
    command: &str,
) -> String {
    let func_of = |pc: u32| match symbols.function(pc) {
        Some((f, _)) => f.name.clone(),
        None => format!("0x{pc:08x}"),
    };
    let vec_of = |c: &BundleCosts| {
        [
            c.cycles,
            c.bundles,
            c.operations,
            c.stalls,
            c.icache_misses,
            c.dcache_misses,
        ]
    };
    let join = |v: &[u64; 6]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Each function's file: that of its first bundle with line
    // information ("???" if none has any); its bundles without line
    // information are charged to line 0 of that file, those from other
    // files (inlined code) follow an `fi=` line.
    let mut home: BTreeMap<String, String> = BTreeMap::new();
    for (pc, _) in costs {
        if let Some((file, _)) = symbols.line(*pc) {
            home.entry(func_of(*pc)).or_insert_with(|| file.to_string());
        }
    }
    let home_of = |func: &str| home.get(func).cloned().unwrap_or_else(|| "???".into());
    let position = |pc: u32, func: &str| {
        symbols
            .line(pc)
            .map(|(f, l)| (f.to_string(), l))
            .unwrap_or_else(|| (home_of(func), 0))
    };
    // function → its bundles (address, file, line, costs) and the calls
    // made from them (site, file, line, callee, count, inclusive costs).
    type Bundles = Vec<(u32, String, u32, [u64; 6])>;
    type Calls = Vec<(u32, String, u32, u32, u64, [u64; 6])>;
    let mut table: BTreeMap<String, (Bundles, Calls)> = BTreeMap::new();
    let mut totals = [0u64; 6];
    for (pc, c) in costs {
        let func = func_of(*pc);
        let (file, line) = position(*pc, &func);
        let v = vec_of(c);
        table.entry(func).or_default().0.push((*pc, file, line, v));
        for i in 0..6 {
            totals[i] += v[i];
        }
    }
    for a in calls {
        let func = func_of(a.site);
        let (file, line) = position(a.site, &func);
        table.entry(func).or_default().1.push((
            a.site,
            file,
            line,
            a.callee,
            a.count,
            vec_of(&a.inclusive),
        ));
    }
    let mut out = String::new();
    out.push_str("# callgrind format\nversion: 1\ncreator: stsim\n");
    let _ = writeln!(out, "cmd: {command}");
    out.push_str("positions: instr line\n");
    out.push_str("events: Cycles Bundles Operations Stalls I1miss D1miss\n");
    let _ = writeln!(out, "summary: {}", join(&totals));
    // Name compression (one table for fl/fi/cfl, one for fn/cfn): `(id)
    // name` the first time, `(id)` after.
    fn name(ids: &mut BTreeMap<String, usize>, n: &str) -> String {
        match ids.get(n) {
            Some(id) => format!("({id})"),
            None => {
                let id = ids.len() + 1;
                ids.insert(n.to_string(), id);
                format!("({id}) {n}")
            }
        }
    }
    let mut file_ids: BTreeMap<String, usize> = BTreeMap::new();
    let mut fn_ids: BTreeMap<String, usize> = BTreeMap::new();
    for (func, (bundles, arcs)) in &table {
        let fl = home_of(func);
        let _ = writeln!(out, "\nfl={}", name(&mut file_ids, &fl));
        let _ = writeln!(out, "fn={}", name(&mut fn_ids, func));
        let mut current = fl.clone();
        let switch_to = |out: &mut String,
                         ids: &mut BTreeMap<String, usize>,
                         current: &mut String,
                         file: &String| {
            if file != current {
                let _ = writeln!(out, "fi={}", name(ids, file));
                *current = file.clone();
            }
        };
        for (pc, file, line, v) in bundles {
            switch_to(&mut out, &mut file_ids, &mut current, file);
            let _ = writeln!(out, "0x{pc:x} {line} {}", join(v));
        }
        for (site, file, line, callee, count, v) in arcs {
            switch_to(&mut out, &mut file_ids, &mut current, file);
            let cfunc = func_of(*callee);
            let cfile = home_of(&cfunc);
            // The callee's file is the current one unless named.
            if cfile != fl {
                let _ = writeln!(out, "cfl={}", name(&mut file_ids, &cfile));
            }
            let _ = writeln!(out, "cfn={}", name(&mut fn_ids, &cfunc));
            let (_, cline) = position(*callee, &cfunc);
            let _ = writeln!(out, "calls={count} 0x{callee:x} {cline}");
            let _ = writeln!(out, "0x{site:x} {line} {}", join(v));
        }
    }
    let _ = writeln!(out, "\ntotals: {}", join(&totals));
    out
}
