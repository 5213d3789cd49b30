//! The target pipeline behind the `lcc` driver: C to assembly (front end
//! and back end), assembly to objects (`las` as a library), objects to an
//! executable (`lld-st` as a library) with the runtime — `crt0.o` and
//! `libc.a`, built from the sources embedded at build time on first use and
//! cached by a hash of those sources and of the tools (docs/src/design/architecture.md
//! section 3, as Zig does).

use crate::driver::{self, Error};
use isa::model::ProcessorModel;
use isa::Core;
use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/runtime_files.rs"));

/// How to build for the target.
#[derive(Clone, Debug)]
pub struct Config {
    /// Front-end options (`-I`, `-D`, `-U`, `-Wall`, `-Werror`, `-mcpu=`).
    pub front: driver::Options,
    /// Processor model (`-mcpu=` or `--machine FILE.toml`).
    pub model: ProcessorModel,
    /// Pack operations into bundles (`-mno-bundle` clears it).
    pub bundle: bool,
    /// `-v`: print each step on stderr.
    pub verbose: bool,
    /// Print the front end's warnings on stderr (`-w` clears it).
    pub warnings: bool,
    /// Optimisation level 0–3 (`-O`): 0 keeps locals in stack slots and runs
    /// no pass; 1 runs SSA construction, SCCP and DCE; 2 and 3 run every
    /// pass of [`crate::opt::PIPELINE`].
    pub opt_level: u8,
    /// `-f…` flags as given (`-fno-<pass>`, `-fdump-<pass>`, `-fverify`,
    /// `-fout-of-ssa=…`), read by [`Config::opt_options`].
    pub pass_flags: Vec<String>,
    /// Back end in machine-SSA mode (`backend::Options::ssa`): on at `-O1`
    /// and above.
    pub machine_ssa: bool,
    /// Out-of-SSA method in machine-SSA mode (`-fout-of-ssa=`).
    pub out_of_ssa: crate::codegen::OutOfSsa,
    /// If-conversion into psi-SSA in machine-SSA mode: on at `-O2` and
    /// above; `-fif-convert` / `-fno-if-convert` (the last one given wins).
    pub if_convert: bool,
    /// `-fprofile-use=FILE`: branch counts from `stsim --profile-edges`
    /// for the if-conversion cost model.
    pub branch_profile: Option<std::sync::Arc<crate::codegen::psi::profile::BranchProfile>>,
    /// `-fout-of-psi=webs`: de Ferrière's (2007) psi-normalize and psi-congruence
    /// (`select`, the default: the select chain alone).
    pub psi_webs: bool,
    /// `-fpsi-promote` / `-fno-psi-promote` (default on).
    pub psi_promote: bool,
    /// Peephole clean-up after register allocation: on at `-O1` and
    /// above; `-fpeephole` / `-fno-peephole`.
    pub peephole: bool,
    /// `-fcopy-fold` / `-fno-copy-fold` (default off).
    pub copy_fold: bool,
    /// Modulo scheduling of one-block loops: on at `-O2` and above;
    /// `-fmodulo-sched` / `-fno-modulo-sched`.
    pub modulo_sched: bool,
    /// Scheduling before register allocation: on at `-O2` and above;
    /// `-fschedule-insns` / `-fno-schedule-insns` (gcc's names).
    pub schedule_insns: bool,
    /// Block layout by static branch prediction: on at `-O2` and above;
    /// `-freorder-blocks` / `-fno-reorder-blocks` (gcc's names).
    pub reorder_blocks: bool,
    /// Constant propagation on machine psi-SSA after if-conversion:
    /// `-fmir-sccp` / `-fno-mir-sccp` (default off).
    pub mir_sccp: bool,
    /// Machine-SSA clean-up after if-conversion: on at `-O2` and above;
    /// `-fmir-simplify` / `-fno-mir-simplify`.
    pub mir_simplify: bool,
    /// Float comparisons as integer sequences on the operands' bits
    /// instead of soft-float helper calls
    /// ([`crate::opt::softfloat::Options::inline_compare`]):
    /// `-finline-float` / `-fno-inline-float` (default off: measured on the
    /// testsuite's float benchmarks, the code it adds moves loops onto the
    /// I-cache lines of the helpers they call).
    pub inline_float: bool,
    /// `-fopt-bisect-limit=N`: run only the first `N` transformation steps
    /// ([`crate::bisect`]); `Some(-1)` runs all and lists them.
    pub opt_bisect_limit: Option<i64>,
    /// Keep the code before and after this step (`testsuite --bisect`).
    pub bisect_capture: Option<u64>,
}

impl Config {
    /// The default configuration for `core`.
    pub fn for_core(core: Core) -> Config {
        Config {
            front: driver::Options {
                core: Some(core.name().to_string()),
                ..Default::default()
            },
            model: ProcessorModel::builtin(core),
            bundle: true,
            verbose: false,
            warnings: true,
            opt_level: 0,
            pass_flags: Vec::new(),
            machine_ssa: false,
            out_of_ssa: crate::codegen::OutOfSsa::default(),
            if_convert: false,
            branch_profile: None,
            psi_webs: false,
            psi_promote: true,
            copy_fold: false,
            peephole: false,
            modulo_sched: false,
            schedule_insns: false,
            reorder_blocks: false,
            mir_sccp: false,
            mir_simplify: false,
            inline_float: false,
            opt_bisect_limit: None,
            bisect_capture: None,
        }
    }

    /// A configuration from `lcc` code-generation flags: `-O0`…`-O3`/`-Os`,
    /// `-mcpu=`, `-mno-bundle`, `--machine=FILE`, `-f…`, `-D…`, `-I…`.
    pub fn from_flags(flags: &[String]) -> Result<Config, String> {
        let mut core = None;
        let mut machine = None;
        let mut cfg = Config::for_core(Core::St231);
        for f in flags {
            if let Some(l) = f.strip_prefix("-O") {
                cfg.opt_level = match l {
                    // -Og (optimise for debugging): -O1
                    "" | "1" | "g" => 1,
                    "0" => 0,
                    "2" | "s" => 2,
                    "3" => 3,
                    _ => return Err(format!("unknown optimisation level `{f}`")),
                };
            } else if let Some(c) = f.strip_prefix("-mcpu=") {
                core = Some(Core::from_name(c).ok_or_else(|| {
                    format!("unknown core `{c}` (expected st220, st231 or st240)")
                })?);
            } else if f == "-mno-bundle" {
                cfg.bundle = false;
            } else if let Some(m) = f.strip_prefix("--machine=") {
                machine = Some(
                    ProcessorModel::from_toml_file(m).map_err(|e| format!("--machine {m}: {e}"))?,
                );
            } else if let Some(n) = f.strip_prefix("-fopt-bisect-limit=") {
                let n: i64 = n
                    .parse()
                    .ok()
                    .filter(|&n| n >= -1)
                    .ok_or_else(|| format!("{f}: expected a step count or -1"))?;
                cfg.opt_bisect_limit = Some(n);
            } else if let Some(m) = f.strip_prefix("-fout-of-psi=") {
                cfg.psi_webs = match m {
                    "select" => false,
                    "webs" => true,
                    _ => {
                        return Err(format!(
                        "{f}: unknown translation out of psi-SSA `{m}` (expected select or webs)"
                    ))
                    }
                };
            } else if let Some(path) = f.strip_prefix("-fprofile-use=") {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("{f}: cannot read `{path}`: {e}"))?;
                let p = crate::codegen::psi::profile::BranchProfile::parse(&text)
                    .map_err(|e| format!("{path}: {e}"))?;
                cfg.branch_profile = Some(std::sync::Arc::new(p));
            } else if let Some(m) = f.strip_prefix("-fout-of-ssa=") {
                cfg.out_of_ssa = m.parse().map_err(|e| format!("{f}: {e}"))?;
            } else if f.starts_with("-f") {
                cfg.pass_flags.push(f.clone());
            } else if let Some(d) = f.strip_prefix("-D") {
                cfg.front.defines.push(d.to_string());
            } else if let Some(d) = f.strip_prefix("-I") {
                cfg.front.include_dirs.push(PathBuf::from(d));
            } else {
                return Err(format!("unsupported flag `{f}`"));
            }
        }
        cfg.model = match (machine, core) {
            (Some(m), Some(c)) if m.core != c => {
                return Err(format!(
                    "-mcpu={c} contradicts the core {} of --machine",
                    m.core
                ))
            }
            (Some(m), _) => m,
            (None, Some(c)) => ProcessorModel::builtin(c),
            (None, None) => ProcessorModel::st231(),
        };
        cfg.front.core = Some(cfg.model.core.name().to_string());
        cfg.front.machine = Some(cfg.model.name.clone());
        cfg.front.custom_ops = crate::ir::CustomOp::all_of(&cfg.model);
        cfg.machine_ssa = cfg.opt_level >= 1;
        cfg.if_convert = cfg.opt_level >= 2;
        cfg.peephole = cfg.opt_level >= 1;
        cfg.modulo_sched = cfg.opt_level >= 2;
        cfg.schedule_insns = cfg.opt_level >= 2;
        cfg.reorder_blocks = cfg.opt_level >= 2;
        cfg.mir_simplify = cfg.opt_level >= 2;
        for f in &cfg.pass_flags {
            let (name, on) = flag_name(f);
            match name {
                "if-convert" => cfg.if_convert = on,
                "psi-promote" => cfg.psi_promote = on,
                "copy-fold" => cfg.copy_fold = on,
                "peephole" => cfg.peephole = on,
                "modulo-sched" => cfg.modulo_sched = on,
                "schedule-insns" => cfg.schedule_insns = on,
                "reorder-blocks" => cfg.reorder_blocks = on,
                "mir-sccp" => cfg.mir_sccp = on,
                "mir-simplify" => cfg.mir_simplify = on,
                "inline-float" => cfg.inline_float = on,
                _ if cfg.front.apply_f_flag(f) => {}
                _ => check_f_flag(f)?,
            }
        }
        cfg.if_convert &= cfg.machine_ssa;
        cfg.modulo_sched &= cfg.machine_ssa;
        Ok(cfg)
    }

    /// Pass-manager options from `opt_level` and the `-f` flags:
    /// `-fno-<pass>` disables a pass, `-fdump-<pass>` dumps the IR after it,
    /// `-fverify` runs the IR verifier after every pass. `-fno-`/`-f` flags
    /// that name no pass are gcc flags without meaning here and are ignored;
    /// `-fdump-` of an unknown pass is an error listing the passes.
    pub fn opt_options(&self) -> Result<crate::opt::Options, String> {
        let mut o = crate::opt::Options {
            level: self.opt_level,
            ..Default::default()
        };
        let names = || {
            crate::opt::PASSES
                .iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(", ")
        };
        for f in &self.pass_flags {
            if f == "-fverify" {
                o.verify = true;
            } else if let Some(name) = f.strip_prefix("-fplant-bug=") {
                o.plant_bug = Some(name.to_string());
            } else if let Some(p) = f.strip_prefix("-fdump-") {
                if crate::opt::pass(p).is_none() {
                    return Err(format!("unknown pass `{p}` in `{f}` (passes: {})", names()));
                }
                o.dump.push(p.to_string());
            } else if f == "-fstrict-aliasing" {
                o.strict_aliasing = Some(true);
            } else if f == "-fno-strict-aliasing" {
                o.strict_aliasing = Some(false);
            } else if f == "-funroll-loops" {
                o.forced.push("loop-unroll".to_string());
            } else if f == "-fno-unroll-loops" {
                o.disabled.push("loop-unroll".to_string());
            } else if let Some(p) = f.strip_prefix("-fno-") {
                if crate::opt::pass(p).is_some() {
                    o.disabled.push(p.to_string());
                }
            } else if let Some(p) = f.strip_prefix("-f") {
                if crate::opt::pass(p).is_some() {
                    o.forced.push(p.to_string());
                }
            }
        }
        // The modulo scheduler unrolls the loops the IR unroller would
        // (one-block counted loops) as part of its kernel, and cannot
        // pipeline the IR unroller's output (its exit test is two
        // compares): at -O3 unrolling is left to it unless -funroll-loops
        // asks for the IR pass.
        let asked = self
            .pass_flags
            .iter()
            .any(|f| f == "-funroll-loops" || f == "-floop-unroll");
        if self.modulo_sched && !asked {
            o.disabled.push("loop-unroll".to_string());
        }
        Ok(o)
    }

    fn core(&self) -> Core {
        self.model.core
    }

    fn step(&self, what: impl FnOnce() -> String) {
        if self.verbose {
            eprintln!("lcc: {}", what());
        }
    }
}

/// `-fNAME` → `(NAME, true)`, `-fno-NAME` → `(NAME, false)`.
fn flag_name(f: &str) -> (&str, bool) {
    let name = f.strip_prefix("-f").unwrap_or(f);
    match name.strip_prefix("no-") {
        Some(n) => (n, false),
        None => (name, true),
    }
}

/// gcc `-f` options that change nothing in what lcc produces, so that
/// Makefiles written for gcc build unchanged: `(name, which forms are
/// accepted)`. A name ending in `=` takes any value. Options that would
/// change the meaning of a program in a way lcc does not implement
/// (`-fwrapv`, `-fshort-enums`, `-funsigned-char`, …) are not here and
/// stay errors.
const NEUTRAL_GCC_F_FLAGS: &[(&str, Forms)] = &[
    // Section placement and symbol layout: lcc gives every function its
    // own section (`.text.NAME`) and data one section per kind.
    ("function-sections", Forms::Both),
    ("data-sections", Forms::Both),
    ("common", Forms::Both),
    ("ident", Forms::Both),
    ("merge-constants", Forms::Both),
    ("visibility=", Forms::On),
    // Code shape without effect on results here.
    ("omit-frame-pointer", Forms::Both),
    ("optimize-sibling-calls", Forms::Both),
    ("inline-functions", Forms::Both),
    ("inline-small-functions", Forms::Both),
    ("inline-functions-called-once", Forms::Both),
    ("keep-inline-functions", Forms::Both),
    ("gnu89-inline", Forms::Both),
    ("tree-vectorize", Forms::Both),
    ("unroll-all-loops", Forms::Both),
    ("builtin", Forms::Both),
    ("freestanding", Forms::On),
    ("hosted", Forms::On),
    // Permissions lcc never uses, or guarantees lcc gives anyway (it does
    // not unwind, protect the stack, or change floating-point results).
    ("strict-overflow", Forms::Both),
    ("delete-null-pointer-checks", Forms::Both),
    ("exceptions", Forms::Off),
    ("asynchronous-unwind-tables", Forms::Both),
    ("unwind-tables", Forms::Both),
    ("stack-protector", Forms::Both),
    ("stack-protector-strong", Forms::Both),
    ("stack-protector-all", Forms::Both),
    ("stack-clash-protection", Forms::Both),
    ("math-errno", Forms::Both),
    ("trapping-math", Forms::Both),
    ("signed-zeros", Forms::On),
    // lcc never contracts `a * b + c` into one fused operation (whatever
    // the value: off, on, fast), so results are those of `off`
    ("fp-contract=", Forms::On),
    ("fast-math", Forms::Both),
    ("finite-math-only", Forms::Both),
    // lld-st links static executables only, which need no
    // position-independent code; lcc's code is not PIC (ISA-ST200 §7.4
    // describes the Linux port's), and the flag is accepted as gcc does
    // on targets without shared libraries.
    ("pic", Forms::Both),
    ("PIC", Forms::Both),
    ("pie", Forms::Both),
    ("PIE", Forms::Both),
    // plain `char` is signed on the ST200 (ISA-ST200 §1.1)
    ("signed-char", Forms::On),
    ("unsigned-char", Forms::Off),
    // Diagnostics layout.
    ("diagnostics-color", Forms::Both),
    ("diagnostics-color=", Forms::On),
    ("diagnostics-show-option", Forms::Both),
    ("diagnostics-show-caret", Forms::Both),
    ("show-column", Forms::Both),
    ("message-length=", Forms::On),
    ("max-errors=", Forms::On),
];

/// Which of `-fNAME` and `-fno-NAME` a [`NEUTRAL_GCC_F_FLAGS`] entry accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Forms {
    On,
    Off,
    Both,
}

/// Checks an `-f` flag that is not a code-generation switch of
/// [`Config::from_flags`]: lcc's own (`-fverify`, `-fdump-PASS`,
/// `-fplant-bug=`, `-f[no-]PASS` for a pass of [`crate::opt::PASSES`],
/// `-f[no-]strict-aliasing`, `-f[no-]unroll-loops`) or a
/// neutral gcc one ([`NEUTRAL_GCC_F_FLAGS`]). Anything else is an error
/// naming it, as gcc gives.
fn check_f_flag(f: &str) -> Result<(), String> {
    let (name, on) = flag_name(f);
    let own = f == "-fverify"
        || f.starts_with("-fplant-bug=")
        || f.starts_with("-fdump-")
        || matches!(name, "strict-aliasing" | "unroll-loops")
        || crate::opt::pass(name).is_some();
    let entry = NEUTRAL_GCC_F_FLAGS
        .iter()
        .find(|&&(n, _)| match n.strip_suffix('=') {
            Some(stem) => name.strip_prefix(stem).is_some_and(|v| v.starts_with('=')),
            None => name == n,
        });
    match entry {
        _ if own => Ok(()),
        Some((_, Forms::Both)) => Ok(()),
        Some((_, Forms::On)) if on => Ok(()),
        Some((_, Forms::Off)) if !on => Ok(()),
        Some((n, _)) => Err(format!(
            "'{f}' is not supported (lcc accepts only '-f{}{n}')",
            if on { "no-" } else { "" }
        )),
        None => Err(format!("unrecognized command-line option '{f}'")),
    }
}

/// Compiles C source to ST200 assembly text. Errors are rendered
/// diagnostics (gcc format).
pub fn compile_to_asm(path: &str, src: &[u8], cfg: &Config) -> Result<String, Error> {
    compile_many_to_asm(&[(path.to_string(), src.to_vec())], cfg)
}

/// Compiles several C files into one assembly text: their IR is linked
/// first (`driver::link`), so calls between them — struct arguments and
/// results included — see their callees' definitions. Line information is
/// emitted for a single file only (`.file 1` names one file).
pub fn compile_many_to_asm(sources: &[(String, Vec<u8>)], cfg: &Config) -> Result<String, Error> {
    compile_many(sources, cfg).map(|c| c.asm)
}

/// The result of compiling C to assembly, with what `lcc --stats` and the
/// testsuite report.
#[derive(Clone, Debug, Default)]
pub struct Compiled {
    /// Assembly text for `las`.
    pub asm: String,
    /// Per IR pass: summed counters, and the `-fdump-<pass>` texts.
    pub passes: crate::opt::Report,
    /// Per function: back-end counters (spills, bundles, operations, …).
    pub functions: Vec<crate::codegen::FunctionStats>,
    /// The transformation steps counted for `-fopt-bisect-limit`, and the
    /// code around [`Config::bisect_capture`].
    pub bisect: crate::bisect::OptBisect,
    /// `-fopt-bisect-limit` was given (also as `-1`): list the steps.
    pub bisect_listed: bool,
}

/// [`compile_many_to_asm`] that also returns the optimiser's and the back
/// end's statistics.
pub fn compile_many(sources: &[(String, Vec<u8>)], cfg: &Config) -> Result<Compiled, Error> {
    let optim = cfg.opt_options().map_err(Error::Options)?;
    let mut modules = Vec::new();
    let mut errors = String::new();
    for (path, src) in sources {
        cfg.step(|| format!("compile {path}"));
        let out = driver::compile(path, src, &cfg.front);
        match out.result {
            Some(m) => {
                if cfg.warnings && !out.diagnostics.is_empty() {
                    eprint!("{}", out.diagnostics);
                }
                modules.push(m);
            }
            None => errors.push_str(&out.diagnostics),
        }
    }
    if !errors.is_empty() {
        return Err(Error::Diagnostics(errors));
    }
    let mut module = if modules.len() == 1 {
        modules.pop().expect("one module")
    } else {
        crate::ir::link::link(modules)?
    };
    cfg.step(|| format!("optimise at -O{}", cfg.opt_level));
    let mut bisect =
        crate::bisect::OptBisect::new(cfg.opt_bisect_limit.and_then(|n| u64::try_from(n).ok()));
    bisect.capture_step = cfg.bisect_capture;
    let mut passes = crate::opt::optimize_module_bisect(&mut module, &optim, &mut bisect)?;
    // soft-float legalisation here rather than inside the back end, so that
    // `--stats` reports it (the back end then finds no float left)
    if module
        .functions
        .iter()
        .any(crate::opt::softfloat::has_floats)
    {
        let s = crate::timing::time("softfloat", || {
            crate::opt::softfloat::legalize_module_with(
                &mut module,
                &crate::opt::softfloat::Options {
                    inline_compare: cfg.inline_float,
                },
            )
        });
        passes.stats.push(("softfloat", s));
    }
    let file_name = (sources.len() == 1).then(|| sources[0].0.clone());
    let opts = crate::codegen::Options {
        model: cfg.model.clone(),
        bundle: cfg.bundle,
        file_name,
        ssa: cfg.machine_ssa,
        out_of_ssa: cfg.out_of_ssa,
        if_convert: cfg.if_convert,
        branch_profile: cfg.branch_profile.clone(),
        psi_webs: cfg.psi_webs,
        psi_promote: cfg.psi_promote,
        copy_fold: cfg.copy_fold,
        peephole: cfg.peephole,
        modulo_sched: cfg.modulo_sched,
        schedule_insns: cfg.schedule_insns,
        reorder_blocks: cfg.reorder_blocks,
        mir_sccp: cfg.mir_sccp,
        mir_simplify: cfg.mir_simplify,
    };
    let name = sources.first().map_or("<input>", |s| s.0.as_str());
    // the back end's stages time themselves (crate::timing::lap); the
    // module's data and the last function's text are emission
    crate::timing::mark();
    let back = crate::codegen::compile_module_bisect(&module, &opts, &mut bisect);
    crate::timing::lap("emission");
    let (asm, functions) = back.map_err(|messages| Error::Backend {
        file: name.to_string(),
        messages,
    })?;
    Ok(Compiled {
        asm,
        passes,
        functions,
        bisect,
        bisect_listed: cfg.opt_bisect_limit.is_some(),
    })
}

/// Assembles `text` (named `name` in diagnostics) into an ELF object.
pub fn assemble(name: &str, text: &str, cfg: &Config) -> Result<Vec<u8>, Error> {
    cfg.step(|| format!("assemble {name}"));
    // The target machine: its bundle rules, lanes and registers (las
    // checks the bundles the scheduler formed for it).
    let opts = assembler::Options {
        // The whole machine, so that the object records it (isa::note).
        model: cfg.model.clone(),
        debug: false,
        include_dirs: Vec::new(),
    };
    crate::timing::time("assembly", || assembler::assemble(name, text, &opts))
        .map_err(|d| Error::Diagnostics(d.render_as(cfg.front.diagnostics_format)))
}

/// The runtime for `cfg`'s machine: `(crt0.o, libc.a)`, from the cache or
/// built now. The cache is keyed by the tools' build stamp, a digest of the
/// machine's resolved description (`isa::note::machine_digest`: two
/// descriptions of one machine share a runtime, a described machine gets
/// its own, and its objects record it) and bundling.
pub fn runtime(cfg: &Config) -> Result<(Vec<u8>, Vec<u8>), Error> {
    let digest = isa::note::machine_digest(&cfg.model)
        .map_err(|e| Error::Options(format!("cannot describe the machine: {e}")))?;
    let key = format!(
        "{:016x}-{}-{digest:016x}-{}-O2",
        BUILD_STAMP,
        cfg.core().name(),
        if cfg.bundle { "b" } else { "nb" }
    );
    let dir = cache_dir().join(&key);
    let (crt0_path, libc_path) = (dir.join("crt0.o"), dir.join("libc.a"));
    if let (Ok(c), Ok(l)) = (std::fs::read(&crt0_path), std::fs::read(&libc_path)) {
        cfg.step(|| format!("runtime from cache {}", dir.display()));
        return Ok((c, l));
    }
    cfg.step(|| format!("build the runtime into {}", dir.display()));
    // The runtime is always built at -O2 with the default out-of-SSA
    // method (as a system libc is prebuilt optimised), whatever the
    // program's level: only the core and bundling select a cached copy.
    let rcfg = Config {
        opt_level: 2,
        machine_ssa: true,
        if_convert: true,
        branch_profile: None,
        psi_webs: false,
        psi_promote: true,
        copy_fold: false,
        peephole: true,
        modulo_sched: true,
        schedule_insns: true,
        reorder_blocks: true,
        mir_sccp: false,
        mir_simplify: true,
        inline_float: false,
        out_of_ssa: crate::codegen::OutOfSsa::default(),
        // the C library copies words through `char` buffers' addresses
        // (memcpy, memmove): built without type-based alias rules, as C
        // libraries usually are
        pass_flags: vec!["-fno-strict-aliasing".to_string()],
        opt_bisect_limit: None,
        bisect_capture: None,
        // the library is not instrumented (-finstrument-functions), as a
        // system libc is not
        front: crate::driver::compile::Options {
            instrument_functions: false,
            ..cfg.front.clone()
        },
        ..cfg.clone()
    };
    let (crt0, libc) = build_runtime(&rcfg)?;
    // Best effort: a read-only cache only costs a rebuild next time.
    if std::fs::create_dir_all(&dir).is_ok() {
        let _ = write_atomic(&crt0_path, &crt0);
        let _ = write_atomic(&libc_path, &libc);
    }
    Ok((crt0, libc))
}

fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

/// `$LCC_CACHE_DIR`, else `$XDG_CACHE_HOME/lcc`, else `~/.cache/lcc`, else
/// a folder in the temporary directory.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("LCC_CACHE_DIR") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        return PathBuf::from(d).join("lcc");
    }
    if let Some(h) = std::env::var_os("HOME") {
        return PathBuf::from(h).join(".cache").join("lcc");
    }
    std::env::temp_dir().join("lcc-cache")
}

/// The runtime files built for `core`: a file `lib/CORE/NAME` (CORE one
/// of `st220`, `st231`, `st240`) replaces `lib/NAME` on that core and is
/// left out on the others, in `lib/NAME`'s place in the archive.
pub(crate) fn runtime_files(core: Core) -> Vec<(&'static str, &'static str)> {
    runtime_files_for(&ProcessorModel::builtin(core))
}

/// The runtime files built for the machine `model`: those of
/// `runtime_files` for its core, except that a hand-written assembly
/// file the machine cannot run ([`assembly_fits`]) is replaced by its
/// portable version `lib/portable/NAME.c` or `lib/portable/NAME.s`
/// (`runtime/crt0.s` by `lib/portable/crt0.s`, which adds
/// `lib/portable/start.c`). The `lib/portable/` files are left out
/// otherwise, so the built-in machines build exactly what they did.
pub fn runtime_files_for(model: &ProcessorModel) -> Vec<(&'static str, &'static str)> {
    let core = model.core;
    let override_of = |path: &str| {
        let rest = path.strip_prefix("lib/")?;
        let (dir, name) = rest.split_once('/')?;
        Some((Core::from_name(dir)?, name.to_string()))
    };
    let portable = |name: &str| {
        RUNTIME_FILES
            .iter()
            .find(|(p, _)| p.strip_prefix("lib/portable/") == Some(name))
            .copied()
    };
    let mut files = Vec::new();
    for &(path, text) in RUNTIME_FILES {
        if override_of(path).is_some() || path.starts_with("lib/portable/") {
            continue;
        }
        let own = format!("lib/{}/{}", core.name(), path.trim_start_matches("lib/"));
        let replaced = RUNTIME_FILES.iter().find(|(p, _)| *p == own);
        let (path, text) = replaced.copied().unwrap_or((path, text));
        if path.ends_with(".s") && !assembly_fits(model, text) {
            let base = path.rsplit('/').next().unwrap_or(path);
            let stem = base.trim_end_matches(".s");
            if let Some(f) = portable(base).or_else(|| portable(&format!("{stem}.c"))) {
                files.push(f);
                if path == "crt0.s" {
                    files.extend(portable("start.c"));
                }
                continue;
            }
        }
        files.push((path, text));
    }
    files
}

/// Whether the hand-written assembly `text` (written for the ST200 cores,
/// ISA-ST200 §2, §5) runs on the machine `model`: every register it names
/// exists (`[registers]`, §1.2, §1.3); the machine takes the bundles of
/// its core (issue width, resources and lanes at least those of the
/// built-in model, lanes by the default rules); and, without interlocks,
/// its stages are those of its core, whose latencies the assembly's
/// schedules respect (§5.1, §5.3). True on every built-in machine.
pub fn assembly_fits(model: &ProcessorModel, text: &str) -> bool {
    let b = ProcessorModel::builtin(model.core);
    let named = |prefix: char| {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        for (k, _) in text.match_indices('$') {
            if bytes.get(k + 1) == Some(&(prefix as u8)) {
                let digits: String = text[k + 2..]
                    .chars()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                if let Ok(n) = digits.parse::<u32>() {
                    out.push(n);
                }
            }
        }
        out
    };
    let registers = named('r')
        .into_iter()
        .all(|n| model.registers.has_general(n))
        && named('b')
            .into_iter()
            .all(|n| model.registers.has_branch(n));
    let (r, br) = (&model.resources, &b.resources);
    let bundles = model.issue_width >= b.issue_width
        && r.issue >= br.issue
        && r.alu_units() >= br.alu_units()
        && r.mem >= br.mem
        && r.ctl >= br.ctl
        && r.odd >= br.odd
        && r.even >= br.even
        && model.lanes == isa::model::LaneRules::default();
    let timing = model.interlocked || model.stages == b.stages;
    registers && bundles && timing
}

/// Builds `crt0.o` from `runtime/crt0.s` and `libc.a` from every other
/// `.c` and `.s` file of the runtime ([`runtime_files`]), with this
/// compiler.
fn build_runtime(cfg: &Config) -> Result<(Vec<u8>, Vec<u8>), Error> {
    let mut crt0 = None;
    let mut members: Vec<(String, Vec<u8>)> = Vec::new();
    let mut errors = Vec::new();
    for (path, text) in runtime_files_for(&cfg.model) {
        let base = path.rsplit('/').next().unwrap_or(path);
        let stem = base.rsplit_once('.').map_or(base, |(s, _)| s);
        let object = if path.ends_with(".c") {
            compile_to_asm(&format!("runtime/{path}"), text.as_bytes(), cfg)
                .map(|asm| weaken(&asm, &strong_names(text)))
                .and_then(|asm| assemble(&format!("runtime/{path}.s"), &asm, cfg))
        } else if path.ends_with(".s") {
            assemble(&format!("runtime/{path}"), text, cfg)
        } else {
            continue;
        };
        match object {
            Ok(o) if path == "crt0.s" || path == "lib/portable/crt0.s" => crt0 = Some(o),
            Ok(o) => members.push((format!("{stem}.o"), o)),
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(Error::Runtime(errors));
    }
    let crt0 = crt0.ok_or(Error::NoCrt0)?;
    Ok((crt0, archive(&members)?))
}

/// The assembly of a C library file with its global definitions made weak
/// (`.global NAME` becomes `.weak NAME`) except those of `strong`, so that
/// a program may define a library name itself (`div`, `abs`, `memcpy`…)
/// and its definition wins over the library's, even when the archive
/// member holding the library's is linked for another of its functions
/// (`runtime/README.md`, "Weak definitions"). The code is unchanged: only
/// the symbols' binding.
pub fn weaken(asm: &str, strong: &[String]) -> String {
    let mut out = String::with_capacity(asm.len());
    for line in asm.split_inclusive('\n') {
        match line.strip_prefix("\t.global ") {
            Some(rest) if !strong.iter().any(|s| s == rest.trim_end()) => {
                out.push_str("\t.weak ");
                out.push_str(rest);
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// The names of a C library file's `/* strong: NAME… */` lines: definitions
/// that stay strong, to replace another file's weak one when the file is
/// linked (`lib/signal.c`'s `abort`, which raises `SIGABRT`, over
/// `lib/exit.c`'s).
pub fn strong_names(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| l.trim().strip_prefix("/* strong:"))
        .flat_map(|rest| rest.trim_end_matches("*/").split_whitespace())
        .map(str::to_string)
        .collect()
}

/// An `ar` archive of `members` (no symbol index: `lld-st` reads each
/// member's symbol table).
pub fn archive(members: &[(String, Vec<u8>)]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    {
        let mut b = ar::Builder::new(&mut out);
        for (name, data) in members {
            let header = ar::Header::new(name.as_bytes().to_vec(), data.len() as u64);
            b.append(&header, data.as_slice())
                .map_err(|e| Error::Archive(e.to_string()))?;
        }
    }
    Ok(out)
}

/// Link inputs: objects/archives with names, in order.
pub type Inputs = Vec<(String, Vec<u8>)>;

/// Links `inputs` (user objects and archives) into an executable, with
/// `crt0.o` first and `libc.a` last unless `nostartfiles`/`nostdlib`.
pub fn link(
    inputs: Inputs,
    cfg: &Config,
    nostartfiles: bool,
    nostdlib: bool,
) -> Result<Vec<u8>, Error> {
    let out = link_with(
        inputs,
        cfg,
        nostartfiles,
        nostdlib,
        linker::LinkOptions::default(),
    )?;
    for w in out.warnings {
        eprintln!("lld-st: warning: {w}");
    }
    Ok(out.elf)
}

/// [`link`] with `lld-st` options (`lcc -Wl,…`/`-Xlinker`: entry, script,
/// section addresses, `--defsym`, `--gc-sections`, `-Map`, stripping) in
/// `opts`, whose inputs come after `inputs`' (normally none). Returns the
/// whole [`linker::LinkOutput`] (map text, warnings, removed sections).
pub fn link_with(
    inputs: Inputs,
    cfg: &Config,
    nostartfiles: bool,
    nostdlib: bool,
    opts: linker::LinkOptions,
) -> Result<linker::LinkOutput, Error> {
    let mut all = Vec::new();
    let mut libc = None;
    if !nostdlib {
        let (c, l) = runtime(cfg)?;
        if !nostartfiles {
            all.push(("crt0.o".to_string(), c));
        }
        libc = Some(l);
    }
    all.extend(inputs);
    if let Some(l) = libc {
        all.push(("libc.a".to_string(), l));
    }
    cfg.step(|| {
        format!(
            "link {}",
            all.iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        )
    });
    let mut opts = opts;
    let extra = std::mem::take(&mut opts.inputs);
    opts.inputs = all
        .into_iter()
        .map(|(name, data)| linker::InputArg::File { name, data })
        .chain(extra)
        .collect();
    crate::timing::time("linking", || linker::link(&opts)).map_err(Error::Link)
}

/// Compiles and links C sources into an executable with the runtime: the
/// one-call path used by tests and the testsuite.
pub fn build_executable(sources: &[(String, Vec<u8>)], cfg: &Config) -> Result<Vec<u8>, Error> {
    build_executable_with_stats(sources, cfg).map(|x| x.0)
}

/// [`build_executable`] that also returns the compiler's statistics
/// ([`Compiled`], assembly text included).
pub fn build_executable_with_stats(
    sources: &[(String, Vec<u8>)],
    cfg: &Config,
) -> Result<(Vec<u8>, Compiled), Error> {
    let compiled = compile_many(sources, cfg)?;
    let name = sources.first().map_or("program", |s| s.0.as_str());
    let object = assemble(&format!("{name}.s"), &compiled.asm, cfg)?;
    let exe = link(vec![(format!("{name}.o"), object)], cfg, false, false)?;
    Ok((exe, compiled))
}

impl Compiled {
    /// Copies left by the out-of-SSA translation (before register
    /// allocation; seed S4's "moves" count), summed over functions; 0 at
    /// `-O0`, where there is no machine SSA.
    pub fn out_of_ssa_copies(&self) -> usize {
        self.functions
            .iter()
            .filter_map(|f| f.out_of_ssa.as_ref())
            .map(|s| s.copies_left)
            .sum()
    }
    /// An if-conversion counter summed over the functions where it ran
    /// (0 when it did not).
    pub fn if_conversion(
        &self,
        f: impl Fn(&crate::codegen::psi::if_convert::Stats) -> usize,
    ) -> usize {
        self.functions
            .iter()
            .filter_map(|x| x.if_convert.as_ref())
            .map(f)
            .sum()
    }
    /// A psi-webs counter (`-fout-of-psi=webs`) summed over the functions
    /// where it ran (0 when it did not).
    pub fn psi_webs(&self, f: impl Fn(&crate::codegen::psi::webs::Stats) -> usize) -> usize {
        self.functions
            .iter()
            .filter_map(|x| x.psi_webs.as_ref())
            .map(f)
            .sum()
    }
    /// Spilled virtual registers, summed over functions.
    pub fn spills(&self) -> usize {
        self.functions.iter().map(|f| f.regalloc.spilled).sum()
    }
    /// Register-to-register copies (`mov` between registers) left in the
    /// emitted code, counted on the assembly text after register
    /// allocation (a copy whose source and destination got the same
    /// register is gone by then).
    pub fn copies_left(&self) -> usize {
        self.asm
            .lines()
            .flat_map(|l| l.split(";;"))
            .map(str::trim)
            .filter(|op| {
                op.strip_prefix("mov ").is_some_and(|rest| {
                    rest.split_once('=').is_some_and(|(d, s)| {
                        let (d, s) = (d.trim(), s.trim());
                        d.starts_with('$') && s.starts_with('$') && !s.contains('[')
                    })
                })
            })
            .count()
    }
}
