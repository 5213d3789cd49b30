//! Whole-compilation entry points used by the `lcc` binary, the tests and
//! the benchmarks: preprocess, compile a file to IR, link IR modules, and
//! run a program in the IR interpreter.
//!
//! Every entry point runs the front end on a thread with a large stack
//! ([`with_big_stack`]) so that deeply nested (but bounded) input cannot
//! overflow the host stack.

use crate::frontend::lex::Interner;
use crate::frontend::parse::Parser;
use crate::frontend::pp::{print_tokens, Included, PpOptions, Preprocessor};
use crate::frontend::source::{Diagnostics, SourceMap};
use crate::interp::{self, RunOptions, RunResult, Trap};
use crate::ir::{self, Module};
use std::path::PathBuf;

/// Compiler options shared by `-E`, `--run-ir` and the library API.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-I` directories.
    pub include_dirs: Vec<PathBuf>,
    /// `-D name[=value]`.
    pub defines: Vec<String>,
    /// `-U name`.
    pub undefs: Vec<String>,
    /// `-Wall`.
    pub wall: bool,
    /// `-WNAME` / `-Wno-NAME` for the warning groups lcc knows
    /// (`format`, `parentheses`), in command-line order.
    pub warning_groups: Vec<(String, bool)>,
    /// `-Werror`.
    pub werror: bool,
    /// `-mcpu=` core name (st220, st231, st240).
    pub core: Option<String>,
    /// `-fdiagnostics-format=`: gcc style (the default) or rich.
    pub diagnostics_format: diagnostics::Format,
    /// `-fno-jump-tables`: lower every `switch` to compares, never to a
    /// jump table ([`crate::lower`]).
    pub no_jump_tables: bool,
    /// `-finstrument-functions`: every function calls
    /// `__cyg_profile_func_enter`/`_exit` at entry and return
    /// ([`crate::lower::Options::instrument_functions`]).
    pub instrument_functions: bool,
    /// `-fno-builtin` (an empty name; also `-ffreestanding`) and
    /// `-fno-builtin-NAME`: library functions lcc would otherwise expand
    /// inline (`abs`, `labs`, `llabs`) stay calls.
    pub no_builtin: Vec<String>,
    /// The target machine's custom operations (`__builtin_st200_NAME`,
    /// ISA-ST200 §4.10), from `--machine FILE`: none on the built-in cores.
    pub custom_ops: Vec<std::sync::Arc<crate::ir::CustomOp>>,
    /// The target machine's name (for diagnostics); the core's name when
    /// not given.
    pub machine: Option<String>,
    /// `-std=`: the C dialect, which sets `__STDC_VERSION__`.
    pub std: Option<String>,
}

impl Options {
    /// Applies the `-f` flag `f` if it is one of the front end's and
    /// lowering's (`-f[no-]jump-tables`, `-f[no-]instrument-functions`,
    /// `-fno-builtin[-NAME]`, `-ffreestanding`); false for any other.
    pub fn apply_f_flag(&mut self, f: &str) -> bool {
        match f {
            "-fjump-tables" => self.no_jump_tables = false,
            "-fno-jump-tables" => self.no_jump_tables = true,
            "-finstrument-functions" => self.instrument_functions = true,
            "-fno-instrument-functions" => self.instrument_functions = false,
            "-fno-builtin" | "-ffreestanding" => self.no_builtin.push(String::new()),
            _ => match f.strip_prefix("-fno-builtin-") {
                Some(name) => self.no_builtin.push(name.to_string()),
                None => return false,
            },
        }
        true
    }
}

/// Result of a front-end step: the product (None on error) and the
/// rendered diagnostics (gcc style unless `-fdiagnostics-format=rich`).
#[derive(Clone, Debug)]
pub struct Output<T> {
    /// Product, if there were no errors.
    pub result: Option<T>,
    /// Diagnostics text (`file:line:col: error: …`, source line, caret; or
    /// the rich form).
    pub diagnostics: String,
    /// Number of errors.
    pub errors: usize,
}

/// Stack size of the front-end thread, in bytes.
pub const FRONT_END_STACK: usize = 256 << 20;

/// Runs `f` on a thread with a [`FRONT_END_STACK`]-byte stack.
pub fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(FRONT_END_STACK)
        .spawn(f)
        .expect("spawn front-end thread")
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e))
}

fn pp_opts(o: &Options) -> PpOptions {
    PpOptions {
        include_dirs: o.include_dirs.clone(),
        defines: o.defines.clone(),
        undefs: o.undefs.clone(),
        core: o.core.clone(),
        std: o.std.clone(),
    }
}

fn new_diags(o: &Options) -> Diagnostics {
    Diagnostics {
        wall: o.wall,
        groups: o.warning_groups.clone(),
        werror: o.werror,
        format: o.diagnostics_format,
        ..Default::default()
    }
}

/// Preprocesses `src` (named `path`) like `gcc -E` (`line_markers` false:
/// like `gcc -E -P`).
pub fn preprocess(path: &str, src: &[u8], opts: &Options, line_markers: bool) -> Output<String> {
    let (path, src, opts) = (path.to_string(), src.to_vec(), opts.clone());
    with_big_stack(move || {
        let mut sm = SourceMap::default();
        let mut diags = new_diags(&opts);
        let mut interner = Interner::default();
        let toks = {
            let mut pp = Preprocessor::new(&mut sm, &mut diags, &mut interner, pp_opts(&opts));
            pp.run(&path, &src)
        };
        let text = print_tokens(&toks, &sm, &interner, line_markers);
        let errors = diags.errors;
        Output {
            result: (errors == 0).then_some(text),
            diagnostics: diags.render(&sm),
            errors,
        }
    })
}

/// The macros defined at the end of preprocessing `src` (named `path`),
/// as `#define` lines sorted by name (`-dM -E`): the predefined ones and
/// those of the file and its headers.
pub fn macro_definitions(path: &str, src: &[u8], opts: &Options) -> Output<String> {
    let (path, src, opts) = (path.to_string(), src.to_vec(), opts.clone());
    with_big_stack(move || {
        let mut sm = SourceMap::default();
        let mut diags = new_diags(&opts);
        let mut interner = Interner::default();
        let text = {
            let mut pp = Preprocessor::new(&mut sm, &mut diags, &mut interner, pp_opts(&opts));
            pp.run(&path, &src);
            pp.macro_definitions()
        };
        let errors = diags.errors;
        Output {
            result: (errors == 0).then_some(text),
            diagnostics: diags.render(&sm),
            errors,
        }
    })
}

/// The headers `src` (named `path`) includes, in the order first
/// included, each once (`system`: one of the runtime's headers embedded in
/// `lcc`), for `-M`/`-MD`: preprocesses it as [`preprocess`] does.
pub fn dependencies(path: &str, src: &[u8], opts: &Options) -> Output<Vec<Included>> {
    let (path, src, opts) = (path.to_string(), src.to_vec(), opts.clone());
    with_big_stack(move || {
        let mut sm = SourceMap::default();
        let mut diags = new_diags(&opts);
        let mut interner = Interner::default();
        let included = {
            let mut pp = Preprocessor::new(&mut sm, &mut diags, &mut interner, pp_opts(&opts));
            pp.run(&path, &src);
            std::mem::take(&mut pp.included)
        };
        let errors = diags.errors;
        Output {
            result: (errors == 0).then_some(included),
            diagnostics: diags.render(&sm),
            errors,
        }
    })
}

/// Compiles one C file to IR: preprocess, parse and check, lower, verify.
pub fn compile(path: &str, src: &[u8], opts: &Options) -> Output<Module> {
    let (path, src, opts) = (path.to_string(), src.to_vec(), opts.clone());
    // `--time-passes` records per thread: carry it to the compiling thread
    // and its entries back.
    let timing = crate::timing::enabled();
    let (out, entries) = with_big_stack(move || {
        if timing {
            crate::timing::enable();
        }
        let out = compile_here(&path, &src, &opts);
        (out, crate::timing::take())
    });
    for e in entries.into_iter().flatten() {
        crate::timing::record(e.name, e.wall, e.insts);
    }
    out
}

/// [`compile`] on the current thread (the caller provides the stack).
pub fn compile_here(path: &str, src: &[u8], opts: &Options) -> Output<Module> {
    let mut sm = SourceMap::default();
    let mut diags = new_diags(opts);
    let mut interner = Interner::default();
    let toks = crate::timing::time("preprocessing", || {
        let mut pp = Preprocessor::new(&mut sm, &mut diags, &mut interner, pp_opts(opts));
        pp.run(path, src)
    });
    let tu = crate::timing::time("parsing and semantic analysis", || {
        let mut p = Parser::new(toks, &mut interner, &mut diags);
        p.custom_ops = opts.custom_ops.clone();
        p.no_builtin = opts.no_builtin.clone();
        p.machine_name = opts
            .machine
            .clone()
            .or_else(|| opts.core.clone())
            .unwrap_or_else(|| "st231".to_string());
        p.translation_unit()
    });
    let mut module = None;
    if !diags.has_errors() {
        let lower_opts = crate::lower::Options {
            jump_tables: !opts.no_jump_tables,
            instrument_functions: opts.instrument_functions,
        };
        let m = crate::timing::time("lowering to IR", || {
            crate::lower::lower_with_options(&tu, &interner, &mut diags, Some(&sm), lower_opts)
        });
        if !diags.has_errors() {
            if let Err(e) = ir::verify_module(&m) {
                diags.list.push(crate::frontend::source::Diagnostic {
                    level: crate::frontend::source::Level::Error,
                    span: None,
                    message: format!("internal compiler error: IR verifier: {e}"),
                });
                diags.errors += 1;
            } else {
                module = Some(m);
            }
        }
    }
    let errors = diags.errors;
    Output {
        result: module,
        diagnostics: diags.render(&sm),
        errors,
    }
}

/// Compiles every source (name, bytes), links, and runs `main` in the IR
/// interpreter. Returns the diagnostics text and, if compilation succeeded,
/// the run result.
pub fn compile_and_run(
    sources: &[(String, Vec<u8>)],
    opts: &Options,
    run: &RunOptions,
) -> (String, Option<Result<RunResult, Trap>>) {
    compile_and_run_optimized(sources, opts, &crate::opt::Options::default(), run)
}

/// [`compile_and_run`] with the IR optimised by the pass manager first
/// (`lcc --run-ir -O2`). A verifier failure after a pass is reported in the
/// diagnostics and nothing runs.
pub fn compile_and_run_optimized(
    sources: &[(String, Vec<u8>)],
    opts: &Options,
    optim: &crate::opt::Options,
    run: &RunOptions,
) -> (String, Option<Result<RunResult, Trap>>) {
    let sources = sources.to_vec();
    let opts = opts.clone();
    let optim = optim.clone();
    let run = run.clone();
    with_big_stack(move || {
        let mut diag = String::new();
        let mut mods = Vec::new();
        let mut ok = true;
        for (p, s) in &sources {
            let o = if p.ends_with(".ir") {
                match ir::parse_module(&String::from_utf8_lossy(s))
                    .and_then(|m| ir::verify_module(&m).map(|_| m))
                {
                    Ok(m) => Output {
                        result: Some(m),
                        diagnostics: String::new(),
                        errors: 0,
                    },
                    Err(e) => Output {
                        result: None,
                        diagnostics: format!("{p}: error: {e}\n"),
                        errors: 1,
                    },
                }
            } else {
                compile_here(p, s, &opts)
            };
            diag.push_str(&o.diagnostics);
            match o.result {
                Some(m) if o.errors == 0 => mods.push(m),
                _ => ok = false,
            }
        }
        if !ok {
            return (diag, None);
        }
        let mut m = match ir::link::link(mods) {
            Ok(m) => m,
            Err(e) => {
                diag.push_str(&format!("lcc: error: {e}\n"));
                return (diag, None);
            }
        };
        if let Err(e) = crate::opt::optimize_module(&mut m, &optim) {
            diag.push_str(&format!("lcc: internal error: {e}\n"));
            return (diag, None);
        }
        let m = match link_runtime(m) {
            Ok(m) => m,
            Err(e) => {
                diag.push_str(&e.render());
                return (diag, None);
            }
        };
        (diag, Some(interp::run(&m, &run)))
    })
}

/// The runtime's C library (`runtime/lib/*.c`, the ST231's files) as one
/// IR module, compiled once per process: what the IR interpreter runs for
/// the library calls of a program ([`link_runtime`]).
pub fn runtime_ir() -> Result<&'static Module, super::Error> {
    static RUNTIME: std::sync::OnceLock<Result<Module, super::Error>> = std::sync::OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            let mut mods = Vec::new();
            let mut errors = String::new();
            // A file's `/* strong: NAME */` definitions replace the other
            // files' (weak, in the archive) ones, as the linker does.
            let mut strong: Vec<(usize, Vec<String>)> = Vec::new();
            for (path, text) in super::toolchain::runtime_files(isa::Core::St231) {
                if !(path.starts_with("lib/") && path.ends_with(".c")) {
                    continue;
                }
                let out = compile(
                    &format!("runtime/{path}"),
                    text.as_bytes(),
                    &Options::default(),
                );
                match out.result {
                    Some(m) if out.errors == 0 => {
                        let names = super::toolchain::strong_names(text);
                        if !names.is_empty() {
                            strong.push((mods.len(), names));
                        }
                        mods.push(m);
                    }
                    _ => errors.push_str(&out.diagnostics),
                }
            }
            if !errors.is_empty() {
                return Err(super::Error::Diagnostics(errors));
            }
            for (owner, names) in &strong {
                for (i, m) in mods.iter_mut().enumerate() {
                    if i != *owner {
                        m.functions.retain(|f| !names.contains(&f.name));
                    }
                }
            }
            Ok(ir::link::link(mods)?)
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// `program` linked with the runtime's C library ([`runtime_ir`]) as an
/// archive is: a library function or variable comes in unless the program
/// defines the name itself.
pub fn link_runtime(program: Module) -> Result<Module, super::Error> {
    let mut lib = runtime_ir()?.clone();
    let defined: crate::hash::HashSet<&str> = program
        .functions
        .iter()
        .map(|f| f.name.as_str())
        .chain(program.globals.iter().map(|g| g.name.as_str()))
        .collect();
    lib.functions.retain(|f| !defined.contains(f.name.as_str()));
    lib.globals.retain(|g| !defined.contains(g.name.as_str()));
    Ok(ir::link::link(vec![program, lib])?)
}

/// Runs `main` of `m` in the IR interpreter with the runtime's C library
/// linked in ([`link_runtime`]): what `lcc --run-ir` does after compiling.
/// A runtime that does not compile is reported as [`Trap::Library`].
pub fn run(m: &Module, opts: &RunOptions) -> Result<RunResult, Trap> {
    let linked = link_runtime(m.clone()).map_err(|e| Trap::Library(e.to_string()))?;
    interp::run(&linked, opts)
}
