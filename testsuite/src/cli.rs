//! The command lines of `testsuite` and `testsuite merge` as `clap` definitions, shared by the binary and the man page (`st-man`).
//!
//! The doc comments of the fields are `--help` texts (clap prints them),
//! written for a terminal, not for rustdoc's link syntax.

#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]

use clap::Parser;
use std::path::PathBuf;

/// Build, run and validate the ST200 benchmark kernels; report cycles.
#[derive(Parser, Debug)]
#[command(
    name = "testsuite",
    version = buildinfo::VERSION,
    about,
    after_help = "Examples:\n  testsuite                                   every kernel at O0, O1, O2\n  testsuite --configs O2,O2:-mcpu=st220       chosen configurations\n  testsuite --coremark ../shared/bench/coremark   CoreMark at O0 and O2, with and without floating point: cycles, CoreMark/MHz\n  testsuite --loops                           loop kernels at O2 and O3: cycles per iteration vs bound\n  testsuite --torture ../shared/conformance/gcc-torture/execute   the GCC torture suite at O0 and O2: pass, compile-error, wrong, ice … per test\n  testsuite --configs O2 --machines st231,machines/issue2.toml   every kernel on two machines: speed-ups\n  testsuite --configs O2 --sweep dcache.miss_penalty=30,60,240  the ST231 and three derived machines\n  testsuite --loops --machines st231,machines/wide8.toml        loop kernels against each machine's bound\n\nExit status: 0 all passed, 1 a validation failed, 2 bad usage or setup."
)]
pub struct Args {
    /// Configurations, comma-separated: LEVEL[:FLAG]… (e.g. O0,O2,O2:-mcpu=st220,O2:--machine=wide.toml).
    /// Default: O0,O1,O2; with --coremark, O0,O2 (CoreMark's default build,
    /// with floating point) and O0,O2 with -DHAS_FLOAT=0; with --loops, O2,O3.
    #[arg(long)]
    pub configs: Option<String>,
    /// Suite folder: sub-folders with bench.toml, or single-file self-checking C programs.
    #[arg(long)]
    pub suite: Option<PathBuf>,
    /// Only benchmarks whose name contains this text (or one of these
    /// comma-separated texts).
    #[arg(long)]
    pub filter: Option<String>,
    /// Parallel jobs, in every mode (default: the number of cores). The
    /// reports are the same, in the same order, whatever the number.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// No progress bar (it is drawn on stderr only when stderr is a
    /// terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// Print the report as JSON on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// A previous report.json: print each benchmark's cycle ratio and the geometric mean.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Rebuild each benchmark with the host `gcc -m32` and check its expected.out.
    #[arg(long)]
    pub reference: bool,
    /// Differential testing with N csmith programs (N or N:SEED).
    #[arg(long, value_name = "N[:SEED]")]
    pub csmith: Option<String>,
    /// With --csmith: let csmith generate `float` and `double` (its
    /// `--float`; without this option the programs are integer-only, as
    /// in every earlier campaign, so a seed names the same program).
    #[arg(long)]
    pub csmith_float: bool,
    /// Find the first compiler step after which benchmark NAME fails in
    /// CONFIG (default O2), by binary search on -fopt-bisect-limit
    /// (`--bisect coremark:O2 --coremark DIR` for CoreMark).
    #[arg(long, value_name = "NAME[:CONFIG]")]
    pub bisect: Option<String>,
    /// Folder for the reports (default: target/testsuite in the workspace).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Build EEMBC CoreMark from the folder DIR of its sources with the
    /// port in testsuite/coremark-port (in each configuration), run it,
    /// check its CRC validation, report cycles, iterations and
    /// CoreMark/MHz (table, or JSON with --json; coremark.json in --out).
    #[arg(long, value_name = "DIR")]
    pub coremark: Option<PathBuf>,
    /// With --coremark: CoreMark's ITERATIONS (about 0.9 million cycles each at -O2 on the ST231).
    #[arg(long, value_name = "N", default_value_t = crate::coremark::DEFAULT_ITERATIONS)]
    pub coremark_iterations: u32,
    /// With --coremark: another port folder (core_portme.h, core_portme.c).
    #[arg(long, value_name = "DIR")]
    pub coremark_port: Option<PathBuf>,
    /// Loop kernels (default folder testsuite/loops): build and run each
    /// in each configuration, check stdout against the host gcc -m32 -O2,
    /// report cycles per iteration beside each kernel's resource bound and
    /// the geometric mean of the ratios (table, or JSON with --json;
    /// loops.json in --out).
    #[arg(long, value_name = "DIR", num_args = 0..=1)]
    pub loops: Option<Option<PathBuf>>,
    /// Run every configuration on this machine: a built-in name (st220,
    /// st231, st240) or a machine file (machines/wide8.toml). With
    /// --sweep, the base of the derived machines.
    #[arg(long, value_name = "MACHINE", conflicts_with = "machines")]
    pub machine: Option<String>,
    /// Sweep: run the benchmarks (or --loops) in every configuration on
    /// every machine, comma-separated built-in names or files, and report
    /// each machine's speed-up over the first (README, "Sweeps").
    #[arg(long, value_name = "M1,M2,…")]
    pub machines: Option<String>,
    /// Sweep: add the machines derived from the base (--machine, the first
    /// of --machines, or st231) by setting a key of the machine description
    /// to each value (issue_width+resources.issue=2,4 sets two keys).
    /// Repeated: the cross product.
    #[arg(long, value_name = "KEY=V1,V2,…")]
    pub sweep: Vec<String>,
    /// Sweep: also write the JSON report to FILE (sweep.json in --out is always written).
    #[arg(long, value_name = "FILE")]
    pub sweep_json: Option<PathBuf>,
    /// Sweep: also write the CSV report to FILE (sweep.csv in --out).
    #[arg(long, value_name = "FILE")]
    pub sweep_csv: Option<PathBuf>,
    /// Sweep: also write the Markdown report to FILE (sweep.md in --out).
    #[arg(long, value_name = "FILE")]
    pub sweep_md: Option<PathBuf>,
    /// Sweep: also write the SVG chart of speed-ups to FILE (sweep.svg in --out).
    #[arg(long, value_name = "FILE")]
    pub sweep_svg: Option<PathBuf>,
    /// Also write the results as a Markdown page to FILE, headed by the
    /// command, the commit, the date and the machines: the benchmark table
    /// and compile times, or with --coremark / --loops their table (the
    /// manual includes docs/src/results/*.md, made this way).
    #[arg(long, value_name = "FILE")]
    pub report_md: Option<PathBuf>,
    /// Run only the Kth of N shards of the work (benchmarks ×
    /// configurations, csmith seeds, or with --machines / --sweep
    /// benchmarks × configurations × machines), deterministically; combine
    /// the shards' report.json (csmith.json, sweep.json) with `testsuite
    /// merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// The GCC C torture suite's `execute` folder DIR: build each test with
    /// the host `gcc -m32` (the reference) and with `lcc` in each
    /// configuration (default O0,O2), run it in `stsim`, classify it (pass,
    /// host-skip, compile-error, link-error, wrong, ice, timeout); the
    /// summary table, the failures and the most frequent compile errors
    /// on stdout, torture.json in --out (the manual, "The GCC torture suite").
    #[arg(long, value_name = "DIR")]
    pub torture: Option<PathBuf>,
    /// With --torture: only the tests named in FILE, one a line (`#`
    /// starts a comment), e.g. testsuite/torture-ci.txt.
    #[arg(long, value_name = "FILE")]
    pub torture_list: Option<PathBuf>,
    /// With --torture: cycle limit of each run.
    #[arg(long, value_name = "N", default_value_t = crate::torture::DEFAULT_MAX_CYCLES)]
    pub max_cycles: u64,
}

/// `testsuite merge`: combine the reports of the shards of one run.
#[derive(Parser, Debug)]
#[command(name = "testsuite merge", version = buildinfo::VERSION)]
pub struct MergeArgs {
    /// The shards' report.json (benchmarks), csmith.json (csmith) or
    /// sweep.json (--machines, --sweep) files.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// The merged report; its CSV, Markdown and SVG forms are written
    /// beside it (same name, other extensions).
    #[arg(short = 'o', value_name = "FILE")]
    pub output: PathBuf,
}
