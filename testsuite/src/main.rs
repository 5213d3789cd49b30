//! `testsuite`: build every benchmark with `lcc` in each configuration,
//! run it in `stsim`, validate it, and report cycles (README: "The
//! testsuite"). Exit status 1 when any validation fails.

use clap::Parser;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use testsuite::config::BuildConfig;
use testsuite::manifest::{self, Benchmark};
use testsuite::report::Report;
use testsuite::run::{self, first_difference, Outcome};

use testsuite::cli::Args;
use testsuite::progress;

use testsuite::cli::MergeArgs;

/// The provenance of this run: commit, deciding options, shard.
fn provenance(shard: Option<testsuite::shard::Shard>) -> testsuite::shard::Provenance {
    let args: Vec<String> = std::env::args().skip(1).collect();
    testsuite::shard::Provenance {
        commit: testsuite::generated::commit(&workspace()),
        options: testsuite::shard::deciding_options(&args),
        shard,
    }
}

/// `testsuite merge A.json B.json … -o ALL.json`.
fn merge(args: MergeArgs) -> Result<ExitCode, String> {
    let mut texts = Vec::new();
    for p in &args.inputs {
        let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", p.display()))?;
        texts.push((p.display().to_string(), value));
    }
    let write = |path: &Path, text: &str| {
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    let sweeps = texts
        .iter()
        .filter(|(_, v)| v.get("machines").is_some())
        .count();
    if sweeps == texts.len() {
        return merge_sweep(texts, &args.output);
    }
    if sweeps > 0 {
        return Err(
            "merge: some inputs are sweep reports (sweep.json) and some are not: merge the shards of one run"
                .into(),
        );
    }
    if texts.iter().all(|(_, v)| v.get("programs").is_some()) {
        let parts: Vec<(String, testsuite::report::CsmithReport)> = read_shards(
            texts,
            "a csmith report",
            |r: &testsuite::report::CsmithReport| r.provenance.clone(),
        )?;
        let mut programs: Vec<_> = parts.iter().flat_map(|(_, r)| r.programs.clone()).collect();
        programs.sort_by_key(|p| p.seed);
        let n = programs.len();
        programs.dedup_by_key(|p| p.seed);
        if programs.len() != n {
            return Err("merge: a seed appears in two shards".into());
        }
        let mut provenance = parts[0].1.provenance.clone();
        if let Some(p) = &mut provenance {
            p.shard = None;
        }
        let merged = testsuite::report::CsmithReport {
            provenance,
            programs,
        };
        let json = serde_json::to_string_pretty(&merged).map_err(|e| e.to_string())?;
        write(&args.output, &json)?;
        let bad = print_csmith_summary(&merged, false);
        println!("merged report written to {}", args.output.display());
        return Ok(if bad == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let parts: Vec<(String, Report)> = read_shards(
        texts,
        "a testsuite report.json or csmith.json",
        |r: &Report| r.provenance.clone(),
    )?;
    let report = Report::merge(parts.into_iter().map(|(_, r)| r).collect())?;
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    write(&args.output, &json)?;
    write(&args.output.with_extension("csv"), &report.csv())?;
    write(&args.output.with_extension("md"), &report.markdown())?;
    if let Err(e) = testsuite::chart::write_svg(&report, &args.output.with_extension("svg")) {
        eprintln!("testsuite: warning: chart not written: {e}");
    }
    print!("{}", report.table());
    println!("merged report written to {}", args.output.display());
    Ok(if report.failures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `testsuite merge` of the sweep.json of the shards of a sweep: the
/// merged sweep.json at `output` and its CSV, Markdown and SVG forms
/// beside it, the table on stdout.
/// Reads each shard's JSON as a `T` (an error names the file and says it
/// is not `what`) and checks that the shards come from one run
/// (`shard::check_compatible`: same commit and options, no shard twice).
fn read_shards<T: serde::de::DeserializeOwned>(
    texts: Vec<(String, serde_json::Value)>,
    what: &str,
    provenance: impl Fn(&T) -> Option<testsuite::shard::Provenance>,
) -> Result<Vec<(String, T)>, String> {
    let mut parts = Vec::new();
    for (file, v) in texts {
        let r: T = serde_json::from_value(v).map_err(|e| format!("{file}: not {what}: {e}"))?;
        parts.push((file, r));
    }
    let prov: Vec<_> = parts
        .iter()
        .map(|(f, r)| (f.clone(), provenance(r)))
        .collect();
    testsuite::shard::check_compatible(&prov)?;
    Ok(parts)
}

fn merge_sweep(texts: Vec<(String, serde_json::Value)>, output: &Path) -> Result<ExitCode, String> {
    let parts: Vec<(String, testsuite::sweep::SweepReport)> = read_shards(
        texts,
        "a sweep report",
        |r: &testsuite::sweep::SweepReport| r.provenance.clone(),
    )?;
    let report = testsuite::sweep::SweepReport::merge(parts.into_iter().map(|(_, r)| r).collect())?;
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    for (ext, text) in [
        ("json", json),
        ("csv", report.csv()),
        ("md", report.markdown()),
        ("svg", report.svg()),
    ] {
        let path = output.with_extension(ext);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    print!("{}", report.table());
    println!("merged report written to {}", output.display());
    Ok(if report.failures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The machines of `configs`, by name, comma-separated and deduplicated.
fn machine_names(configs: &[BuildConfig]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for c in configs {
        let n = c.config.model.name.as_str();
        if !names.contains(&n) {
            names.push(n);
        }
    }
    names.join(", ")
}

/// Writes `--report-md`'s page, if asked for.
fn write_report_md(
    file: Option<&PathBuf>,
    page: impl FnOnce(&str, &str) -> String,
) -> Result<(), String> {
    if let Some(path) = file {
        let text = page(
            &testsuite::generated::command_line(),
            &testsuite::generated::commit(&workspace()),
        );
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("merge") {
        let args = MergeArgs::parse_from(std::env::args().skip(1));
        return match merge(args) {
            Ok(code) => code,
            Err(e) => {
                eprintln!("testsuite: error: {e}");
                ExitCode::from(2)
            }
        };
    }
    let args = Args::parse();
    match real_main(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("testsuite: error: {e}");
            ExitCode::from(2)
        }
    }
}

fn real_main(args: Args) -> Result<ExitCode, String> {
    if let Some(j) = args.jobs {
        rayon::ThreadPoolBuilder::new()
            .num_threads(j.max(1))
            .build_global()
            .map_err(|e| e.to_string())?;
    }
    let shard = args
        .shard
        .as_deref()
        .map(testsuite::shard::Shard::parse)
        .transpose()?;
    let out_dir = args
        .out
        .clone()
        .unwrap_or_else(|| workspace().join("target").join("testsuite"));
    std::fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let default_configs = if args.torture.is_some() {
        "O0,O2"
    } else if args.coremark.is_some() {
        "O0,O2,O0:-DHAS_FLOAT=0,O2:-DHAS_FLOAT=0"
    } else if args.loops.is_some() {
        "O2,O3"
    } else {
        "O0,O1,O2"
    };
    let mut configs = BuildConfig::parse_list(args.configs.as_deref().unwrap_or(default_configs))?;
    if configs.is_empty() {
        return Err("--configs: no configuration".into());
    }
    let machines = testsuite::sweep::machines(
        args.machine.as_deref(),
        args.machines.as_deref(),
        &args.sweep,
    )?;
    let sweeping = args.machines.is_some() || !args.sweep.is_empty();
    let sweep_files = [
        ("--sweep-json", &args.sweep_json),
        ("--sweep-csv", &args.sweep_csv),
        ("--sweep-md", &args.sweep_md),
        ("--sweep-svg", &args.sweep_svg),
    ];
    if let Some((flag, _)) = sweep_files.iter().find(|(_, f)| f.is_some()) {
        if !sweeping || args.loops.is_some() {
            return Err(format!(
                "{flag} writes the report of a benchmark sweep: give --machines or --sweep (without --loops)"
            ));
        }
    }
    if !sweeping {
        // --machine alone: every configuration runs on it
        if let Some(m) = machines.first() {
            configs = configs
                .iter()
                .map(|c| testsuite::sweep::on_machine(c, m))
                .collect::<Result<_, _>>()?;
        }
    } else {
        let other = [
            ("--coremark", args.coremark.is_some()),
            ("--csmith", args.csmith.is_some()),
            ("--bisect", args.bisect.is_some()),
            ("--reference", args.reference),
            ("--baseline", args.baseline.is_some()),
            ("--report-md (use --sweep-md)", args.report_md.is_some()),
        ];
        if let Some((flag, _)) = other.iter().find(|(_, on)| *on) {
            return Err(format!(
                "--machines and --sweep run the benchmarks or --loops, not {flag} (use --machine for one machine)"
            ));
        }
    }
    if shard.is_some() {
        let other = [
            ("--loops", args.loops.is_some()),
            ("--torture", args.torture.is_some()),
            ("--coremark", args.coremark.is_some()),
            ("--bisect", args.bisect.is_some()),
            ("--reference", args.reference),
        ];
        if let Some((flag, _)) = other.iter().find(|(_, on)| *on) {
            return Err(format!(
                "--shard splits the benchmarks, --csmith or a sweep, not {flag}"
            ));
        }
    }
    // --machine alone also applies to the configuration of --bisect
    let one_machine = |c: BuildConfig| match (&args.machine, machines.first()) {
        (Some(_), Some(m)) if !sweeping => testsuite::sweep::on_machine(&c, m),
        _ => Ok(c),
    };
    let machines = if sweeping {
        machines.clone()
    } else {
        Vec::new()
    };
    if let Some(dir) = &args.torture {
        if sweeping {
            return Err("--torture runs on one machine: use --machine".into());
        }
        return torture(dir, &configs, &args, &out_dir);
    }
    if let Some(dir) = &args.loops {
        let dir = dir.clone().unwrap_or_else(testsuite::loops::default_dir);
        return loops(&dir, &configs, &machines, &args, &out_dir);
    }
    if let Some(dir) = &args.coremark {
        let port = args
            .coremark_port
            .clone()
            .unwrap_or_else(testsuite::coremark::port_dir);
        if let Some(spec) = &args.bisect {
            let (name, config) = spec.split_once(':').unwrap_or((spec.as_str(), "O2"));
            if name != "coremark" {
                return Err(format!(
                    "--bisect {spec} with --coremark: the benchmark is `coremark`"
                ));
            }
            let config = one_machine(BuildConfig::parse(config)?)?;
            let found = testsuite::coremark::bisect(dir, &port, &config, args.coremark_iterations)?;
            print!("{found}");
            return Ok(ExitCode::SUCCESS);
        }
        return coremark(dir, &port, &configs, &args, &out_dir);
    }
    if let Some(spec) = &args.csmith {
        return testsuite_csmith(spec, &args, &configs, &out_dir, shard);
    }
    let suite = args
        .suite
        .clone()
        .unwrap_or_else(|| workspace().join("testsuite").join("benchmarks"));
    let mut benches = manifest::load_suite(&suite)?;
    if let Some(f) = &args.filter {
        let texts: Vec<&str> = f.split(',').filter(|t| !t.is_empty()).collect();
        benches.retain(|b| texts.iter().any(|t| b.name.contains(t)));
    }
    if benches.is_empty() {
        return Err("no benchmark matches".into());
    }
    if args.reference {
        return reference(&benches, &args);
    }
    if sweeping {
        return sweep(&benches, &configs, &machines, &args, &out_dir, shard);
    }
    if let Some(spec) = &args.bisect {
        let (name, config) = spec.split_once(':').unwrap_or((spec.as_str(), "O2"));
        let bench = benches
            .iter()
            .find(|b| b.name == name)
            .ok_or_else(|| format!("--bisect: no benchmark named `{name}`"))?;
        let config = one_machine(BuildConfig::parse(config)?)?;
        let found = testsuite::bisect::bisect(bench, &config)?;
        print!("{found}");
        return Ok(ExitCode::SUCCESS);
    }
    let jobs: Vec<(&Benchmark, &BuildConfig)> = benches
        .iter()
        .flat_map(|b| configs.iter().map(move |c| (b, c)))
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.keeps(*i)))
        .map(|(_, job)| job)
        .collect();
    let bar = progress::bar(jobs.len(), progress::wanted(args.no_progress));
    let results: Vec<Outcome> = jobs
        .par_iter()
        .map(|(b, c)| {
            let o = run::run_one(b, c);
            progress::done(&bar, format!("{} [{}]", b.name, c.name));
            o
        })
        .collect();
    bar.finish_and_clear();
    let report = Report {
        configs: configs.iter().map(|c| c.name.clone()).collect(),
        benchmarks: benches.iter().map(|b| b.name.clone()).collect(),
        results,
        provenance: Some(provenance(shard)),
    };
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    let write = |name: &str, text: &str| {
        std::fs::write(out_dir.join(name), text)
            .map_err(|e| format!("{}: {e}", out_dir.join(name).display()))
    };
    write("report.json", &json)?;
    write("report.csv", &report.csv())?;
    write("report.md", &report.markdown())?;
    write_report_md(args.report_md.as_ref(), |cmd, commit| {
        testsuite::generated::benchmarks_page(&report, cmd, commit, &machine_names(&configs))
    })?;
    if let Err(e) = testsuite::chart::write_svg(&report, &out_dir.join("cycles.svg")) {
        eprintln!("testsuite: warning: chart not written: {e}");
    }
    if args.json {
        println!("{json}");
    } else {
        print!("{}", report.table());
        for o in report.results.iter().filter(|o| !o.pass) {
            println!(
                "FAIL {} [{}]: {}",
                o.benchmark,
                o.config,
                o.failure.as_deref().unwrap_or("")
            );
        }
        println!("reports written to {}", out_dir.display());
    }
    if let Some(b) = &args.baseline {
        let text = std::fs::read_to_string(b).map_err(|e| format!("{}: {e}", b.display()))?;
        let old: Report = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not a testsuite report: {e}", b.display()))?;
        print!("{}", report.compare(&old));
    }
    Ok(if report.failures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `--coremark DIR`: CoreMark in every configuration; the table (or the
/// JSON) on stdout, `coremark.json` in `out_dir`.
fn coremark(
    dir: &Path,
    port: &Path,
    configs: &[BuildConfig],
    args: &Args,
    out_dir: &Path,
) -> Result<ExitCode, String> {
    let (json, report_md) = (args.json, args.report_md.as_ref());
    let bar = progress::bar(configs.len(), progress::wanted(args.no_progress));
    let report = testsuite::coremark::run(dir, port, configs, args.coremark_iterations, &|job| {
        progress::done(&bar, job)
    });
    bar.finish_and_clear();
    let report = report?;
    let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    let path = out_dir.join("coremark.json");
    std::fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    write_report_md(report_md, |cmd, commit| {
        testsuite::generated::text_page(
            "CoreMark",
            &report.table(),
            cmd,
            commit,
            &machine_names(configs),
        )
    })?;
    if json {
        println!("{text}");
    } else {
        print!("{}", report.table());
        println!("report written to {}", path.display());
    }
    Ok(if report.failures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `--machines`, `--sweep`: every benchmark in every configuration on
/// every machine; the table (or the JSON) on stdout, `sweep.json`,
/// `sweep.csv`, `sweep.md` and `sweep.svg` in `out_dir`, and the files
/// of `--sweep-json`, `--sweep-csv`, `--sweep-md`, `--sweep-svg`.
fn sweep(
    benches: &[Benchmark],
    configs: &[BuildConfig],
    machines: &[isa::model::ProcessorModel],
    args: &Args,
    out_dir: &Path,
    shard: Option<testsuite::shard::Shard>,
) -> Result<ExitCode, String> {
    let total = benches.len() * configs.len() * machines.len();
    let kept = (0..total)
        .filter(|i| shard.is_none_or(|s| s.keeps(*i)))
        .count();
    let bar = progress::bar(kept, progress::wanted(args.no_progress));
    let report = testsuite::sweep::run(benches, configs, machines, shard, &|job| {
        progress::done(&bar, job)
    });
    bar.finish_and_clear();
    let mut report = report?;
    report.provenance = Some(provenance(shard));
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    let outputs = [
        ("sweep.json", &args.sweep_json, json.clone()),
        ("sweep.csv", &args.sweep_csv, report.csv()),
        ("sweep.md", &args.sweep_md, report.markdown()),
        ("sweep.svg", &args.sweep_svg, report.svg()),
    ];
    for (name, extra, text) in &outputs {
        let mut paths = vec![out_dir.join(name)];
        paths.extend(extra.iter().cloned());
        for p in paths {
            std::fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))?;
        }
    }
    if args.json {
        println!("{json}");
    } else {
        print!("{}", report.table());
        println!("reports written to {}", out_dir.display());
    }
    Ok(if report.failures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `--torture DIR`: the torture suite's tests (all, `--filter`ed, or those
/// of `--torture-list`) in every configuration; the table, the failures
/// and the top compile-error causes (or the JSON) on stdout, `torture.json`
/// in `out_dir`. Exit status 1 when a host-passing test fails.
fn torture(
    dir: &Path,
    configs: &[BuildConfig],
    args: &Args,
    out_dir: &Path,
) -> Result<ExitCode, String> {
    let mut tests = testsuite::torture::discover(dir)?;
    if let Some(list) = &args.torture_list {
        let text = std::fs::read_to_string(list).map_err(|e| format!("{}: {e}", list.display()))?;
        let names = testsuite::torture::read_list(&text);
        if let Some(missing) = names.iter().find(|n| !tests.iter().any(|t| &t.name == *n)) {
            return Err(format!(
                "{}: no test `{missing}` in {}",
                list.display(),
                dir.display()
            ));
        }
        tests.retain(|t| names.contains(&t.name));
    }
    if let Some(f) = &args.filter {
        let texts: Vec<&str> = f.split(',').filter(|t| !t.is_empty()).collect();
        tests.retain(|t| texts.iter().any(|x| t.name.contains(x)));
    }
    if tests.is_empty() {
        return Err("--torture: no test matches".into());
    }
    let work = out_dir.join("torture-work");
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let bar = progress::bar(
        tests.len() * configs.len(),
        progress::wanted(args.no_progress),
    );
    // A compiler panic is a result (`ice`), reported with its message:
    // the default hook's report on stderr would only repeat it.
    std::panic::set_hook(Box::new(|_| {}));
    let report = testsuite::torture::run(dir, &tests, configs, args.max_cycles, &work, |job| {
        progress::done(&bar, job)
    });
    let _ = std::panic::take_hook();
    bar.finish_and_clear();
    let _ = std::fs::remove_dir_all(&work);
    let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    let path = out_dir.join("torture.json");
    std::fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    if args.json {
        println!("{text}");
    } else {
        print!("{}", report.failure_lines());
        let causes = report.compile_error_causes(20);
        if !causes.is_empty() {
            println!("compile errors by cause (test × configuration):");
            for (c, n) in causes {
                println!("{n:>6}  {c}");
            }
        }
        print!("{}", report.table());
        println!("report written to {}", path.display());
    }
    Ok(if report.failures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `--loops DIR`: the loop kernels in every configuration (on every
/// machine of `machines`, or each configuration's own); the table (or
/// the JSON) on stdout, `loops.json` in `out_dir`.
fn loops(
    dir: &Path,
    configs: &[BuildConfig],
    machines: &[isa::model::ProcessorModel],
    args: &Args,
    out_dir: &Path,
) -> Result<ExitCode, String> {
    let (json, report_md) = (args.json, args.report_md.as_ref());
    let bar = progress::bar(0, progress::wanted(args.no_progress));
    let report = testsuite::loops::run(dir, configs, machines, out_dir, &bar);
    bar.finish_and_clear();
    let report = report?;
    let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    let path = out_dir.join("loops.json");
    std::fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    let names = if machines.is_empty() {
        machine_names(configs)
    } else {
        machines
            .iter()
            .map(|m| m.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    write_report_md(report_md, |cmd, commit| {
        testsuite::generated::text_page("Loop kernels", &report.table(), cmd, commit, &names)
    })?;
    if json {
        println!("{text}");
    } else {
        print!("{}", report.table());
        println!("report written to {}", path.display());
    }
    Ok(if report.failures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Prints each csmith program that is not `ok`, the counts per outcome,
/// and (with `float`) how many programs use floating point; returns the
/// number of problems (outcomes neither `ok` nor skipped).
fn print_csmith_summary(report: &testsuite::report::CsmithReport, float: bool) -> usize {
    let mut counts = std::collections::BTreeMap::new();
    for p in &report.programs {
        *counts
            .entry(p.result.split(':').next().unwrap_or("").to_string())
            .or_insert(0u64) += 1;
        if p.result != "ok" {
            println!("seed {}: {}", p.seed, p.result);
        }
    }
    for (k, v) in &counts {
        println!("{k}: {v}");
    }
    if float {
        let with_float = report.programs.iter().filter(|p| p.uses_float).count();
        let equal = report
            .programs
            .iter()
            .filter(|p| p.uses_float && p.result == "ok")
            .count();
        println!("{with_float} programs use float or double ({equal} of them equal to the host)");
    }
    let bad = report
        .programs
        .iter()
        .filter(|p| p.result != "ok" && !p.result.starts_with("skipped"))
        .count();
    println!("{} programs, {bad} problems", report.programs.len());
    bad
}

/// Flags of every host reference build: the ST200 ABI's 8-byte `double`
/// alignment (`-malign-double`), and IEEE-754 arithmetic with each
/// operation rounded once in its own type as the target's soft-float
/// helpers do: SSE2 instead of the x87's extended precision
/// (`-msse2 -mfpmath=sse`) and no fused multiply-add (`-ffp-contract=off`).
/// The float benchmarks' `expected.out` and the compiler's float tests use
/// the same flags.
const HOST_FLAGS: &[&str] = &[
    "-m32",
    "-O1",
    "-std=gnu99",
    "-malign-double",
    "-msse2",
    "-mfpmath=sse",
    "-ffp-contract=off",
    "-w",
];

/// gcc's check of float-to-integer conversions whose value does not fit
/// the integer type (undefined behaviour, C99 6.3.1.4): the run stops at
/// the first with `runtime error: … is outside the range of representable
/// values` on stderr. csmith's `--float` programs contain some (it guards
/// its arithmetic, not every implicit conversion), and gcc's and lcc's
/// results for them differ: gcc folds a constant one to the saturated
/// value, the x86's `cvttss2si` gives 0x80000000, the ST200 helpers
/// follow libgcc's soft-float.
const FLOAT_CAST_CHECK: &[&str] = &[
    "-fsanitize=float-cast-overflow",
    "-fno-sanitize-recover=float-cast-overflow",
];

/// What a host run gave.
struct HostRun {
    stdout: Vec<u8>,
    /// Exit status; −1 when killed by a signal (or by the 20 s `timeout`: 124).
    code: i32,
    stderr: Vec<u8>,
}

/// Builds `sources` with the host `gcc -m32` ([`HOST_FLAGS`], then
/// `extra_flags`, `-lm`) and runs the program.
#[allow(clippy::too_many_arguments)]
fn host_run(
    sources: &[PathBuf],
    includes: &[PathBuf],
    extra_flags: &[&str],
    args: &[String],
    stdin: &[u8],
    dir: &Path,
    tag: &str,
) -> Result<HostRun, String> {
    // One executable per task: runs happen in parallel.
    let exe = dir.join(format!("host-{}-{tag}", std::process::id()));
    let mut cmd = Command::new("gcc");
    cmd.args(HOST_FLAGS)
        .args(extra_flags)
        .args(sources)
        .arg("-o")
        .arg(&exe);
    for i in includes {
        cmd.arg("-I").arg(i);
    }
    cmd.arg("-lm");
    let out = cmd.output().map_err(|e| format!("cannot run gcc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "gcc -m32 failed: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .next()
                .unwrap_or("")
        ));
    }
    let mut child = Command::new("timeout")
        .arg("20")
        .arg(&exe)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(mut i) = child.stdin.take() {
        let _ = std::io::Write::write_all(&mut i, stdin);
    }
    let r = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&exe);
    Ok(HostRun {
        stdout: r.stdout,
        code: r.status.code().unwrap_or(-1),
        stderr: r.stderr,
    })
}

/// `--reference`: each benchmark built with the host `gcc -m32` (in
/// parallel) against its expected output and exit status; one line per
/// benchmark, in suite order.
fn reference(benches: &[Benchmark], args: &Args) -> Result<ExitCode, String> {
    let dir = std::env::temp_dir();
    let bar = progress::bar(benches.len(), progress::wanted(args.no_progress));
    let lines: Vec<(bool, String)> = benches
        .par_iter()
        .map(|b| {
            let line = match host_run(&b.sources, &[], &[], &b.args, &b.stdin, &dir, &b.name) {
                Ok(HostRun {
                    stdout: out, code, ..
                }) => {
                    let ok_out = b.expected.as_ref().is_none_or(|e| *e == out);
                    if ok_out && code == b.exit_code {
                        (true, format!("ok   {}", b.name))
                    } else {
                        let why = if code != b.exit_code {
                            format!("exit status {code}, expected {}", b.exit_code)
                        } else {
                            first_difference(&out, b.expected.as_deref().unwrap_or_default())
                        };
                        (
                            false,
                            format!(
                                "FAIL {}: host build disagrees with expected.out: {why}",
                                b.name
                            ),
                        )
                    }
                }
                Err(e) => (false, format!("FAIL {}: {e}", b.name)),
            };
            progress::done(&bar, b.name.as_str());
            line
        })
        .collect();
    bar.finish_and_clear();
    let mut failed = 0;
    for (ok, line) in &lines {
        failed += usize::from(!ok);
        println!("{line}");
    }
    println!("{} passed, {failed} failed", benches.len() - failed);
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `--csmith N[:SEED]`: generates programs with csmith (with `float` and
/// `double` when `float` is set), builds each with the host `gcc -m32` and
/// with `lcc` in every configuration, compares the checksums, keeps
/// mismatching or crashing cases.
fn testsuite_csmith(
    spec: &str,
    args: &Args,
    configs: &[BuildConfig],
    out_dir: &Path,
    shard: Option<testsuite::shard::Shard>,
) -> Result<ExitCode, String> {
    let (n, seed) = match spec.split_once(':') {
        Some((n, s)) => (
            n.parse::<u64>()
                .map_err(|_| format!("--csmith {spec}: bad count"))?,
            s.parse::<u64>()
                .map_err(|_| format!("--csmith {spec}: bad seed"))?,
        ),
        None => (
            spec.parse::<u64>()
                .map_err(|_| format!("--csmith {spec}: bad count"))?,
            1,
        ),
    };
    let float = args.csmith_float;
    let include = csmith_include().ok_or(
        "csmith is not installed (Debian package `csmith`), or its headers were not found",
    )?;
    let work = out_dir.join("csmith-work");
    let failures = out_dir.join("csmith-failures");
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&failures).map_err(|e| e.to_string())?;
    if float {
        // Without the sanitizer's 32-bit library every host build would
        // fail and every program be skipped: say so once instead.
        let probe = work.join("float-cast-probe.c");
        std::fs::write(&probe, "int main(void) { return 0; }\n").map_err(|e| e.to_string())?;
        let r = host_run(&[probe], &[], FLOAT_CAST_CHECK, &[], b"", &work, "probe")?;
        if r.code != 0 {
            return Err(
                "the host gcc -m32 -fsanitize=float-cast-overflow program does not run".into(),
            );
        }
    }
    let indices: Vec<u64> = (0..n)
        .filter(|i| shard.is_none_or(|s| s.keeps(*i as usize)))
        .collect();
    let bar = progress::bar(indices.len(), progress::wanted(args.no_progress));
    let results: Vec<(u64, String, bool)> = indices
        .into_par_iter()
        .map(|i| {
            let s = seed + i;
            let (r, uses_float) = csmith_one(s, float, configs, &include, &work, &failures);
            progress::done(&bar, format!("seed {s}"));
            (s, r, uses_float)
        })
        .collect();
    bar.finish_and_clear();
    let report = testsuite::report::CsmithReport {
        provenance: Some(provenance(shard)),
        programs: results
            .iter()
            .map(|(s, r, f)| testsuite::report::CsmithProgram {
                seed: *s,
                result: r.clone(),
                uses_float: *f,
            })
            .collect(),
    };
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    let path = out_dir.join("csmith.json");
    std::fs::write(&path, json).map_err(|e| format!("{}: {e}", path.display()))?;
    let bad = print_csmith_summary(&report, float);
    println!(
        "details in {}, report in {}",
        failures.display(),
        path.display()
    );
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn csmith_include() -> Option<PathBuf> {
    Command::new("csmith").arg("--version").output().ok()?;
    let dirs = std::fs::read_dir("/usr/include").ok()?;
    dirs.filter_map(|e| e.ok().map(|e| e.path())).find(|p| {
        p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("csmith"))
            && p.join("csmith.h").exists()
    })
}

/// One csmith program: generates it, runs the host build and every
/// configuration. Returns the verdict (`ok`, `skipped: …`, `crash: …`,
/// `timeout: …`, `mismatch: …`) and whether the program declares a
/// `float` or `double` (the word appears in the generated source only
/// then: csmith's own names are `g_N`, `l_N`, `p_N`, `func_N`, and its
/// float helpers `safe_add_func_float_f_f` etc. are named in it only
/// where it uses them).
fn csmith_one(
    seed: u64,
    float: bool,
    configs: &[BuildConfig],
    include: &Path,
    work: &Path,
    failures: &Path,
) -> (String, bool) {
    let src = work.join(format!("s{seed}.c"));
    let gen = Command::new("csmith")
        .args([
            "--seed",
            &seed.to_string(),
            if float { "--float" } else { "--no-float" },
            "--no-bitfields",
            "--no-packed-struct",
            "--max-funcs",
            "4",
            "--max-expr-complexity",
            "6",
            "-o",
        ])
        .arg(&src)
        .output();
    if !gen.is_ok_and(|o| o.status.success()) {
        return ("skipped: csmith failed".into(), false);
    }
    let uses_float =
        std::fs::read_to_string(&src).is_ok_and(|t| t.contains("float") || t.contains("double"));
    (
        csmith_check(seed, &src, float, configs, include, work, failures),
        uses_float,
    )
}

/// Builds the csmith program `src` with the host and checks every
/// configuration against its output (see [`csmith_one`]).
/// `float`: the host build checks float-to-integer conversions
/// ([`FLOAT_CAST_CHECK`]); a program that makes an out-of-range one is
/// skipped.
fn csmith_check(
    seed: u64,
    src: &Path,
    float: bool,
    configs: &[BuildConfig],
    include: &Path,
    work: &Path,
    failures: &Path,
) -> String {
    let check: &[&str] = if float { FLOAT_CAST_CHECK } else { &[] };
    let host = match host_run(
        &[src.to_path_buf()],
        &[include.to_path_buf()],
        check,
        &[],
        b"",
        work,
        &format!("s{seed}"),
    ) {
        Ok(r) => r,
        Err(e) => return format!("skipped: host {e}"),
    };
    let stderr = String::from_utf8_lossy(&host.stderr);
    if let Some(line) = stderr.lines().find(|l| l.contains("runtime error:")) {
        // No expected output: the program's behaviour is undefined.
        let at = line.rsplit('/').next().unwrap_or(line);
        return format!("skipped (float-cast-overflow): {at}");
    }
    let want = host.stdout;
    if host.code != 0 {
        return "skipped: host run did not exit 0 (timeout or crash)".into();
    }
    let bench = Benchmark {
        name: format!("csmith-{seed}"),
        dir: work.to_path_buf(),
        sources: vec![src.to_path_buf()],
        args: Vec::new(),
        stdin: Vec::new(),
        exit_code: 0,
        expected: Some(want.clone()),
        description: String::new(),
    };
    for c in configs {
        let mut c = c.clone();
        c.config.front.include_dirs.push(include.to_path_buf());
        let o = run::run_one(&bench, &c);
        if !o.pass {
            let kind = match &o.failure {
                Some(f) if f.starts_with("build failed") => "crash",
                Some(f) if f.contains("max") || f.contains("cycle limit") => "timeout",
                _ => "mismatch",
            };
            let case = failures.join(format!(
                "seed{seed}-{}",
                c.name.replace([':', '/', '='], "_")
            ));
            let _ = std::fs::create_dir_all(&case);
            let _ = std::fs::copy(src, case.join("program.c"));
            let _ = std::fs::write(case.join("expected.out"), &want);
            let _ = std::fs::write(
                case.join("failure.txt"),
                format!(
                    "configuration: {}\n{}\n",
                    c.name,
                    o.failure.unwrap_or_default()
                ),
            );
            return format!("{kind}: [{}]", c.name);
        }
    }
    let _ = std::fs::remove_file(src);
    "ok".into()
}
