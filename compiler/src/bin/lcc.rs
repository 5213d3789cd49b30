//! `lcc`: the C compiler driver, gcc-compatible. It preprocesses (`-E`),
//! compiles to assembly (`-S`), assembles (`-c`, calling `las` as a
//! library) and links (calling `lld-st` as a library, with the runtime's
//! `crt0.o` and `libc.a` built on first use); `--run-ir` runs a program in
//! the IR interpreter instead.

use compiler::driver::{self, Config, Options};

/// mimalloc as the global allocator: the compiler allocates many small
/// vectors (about a fifth of its instructions went to glibc's malloc and
/// free), and mimalloc serves them faster.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use compiler::interp::RunOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `--print-machine NAME`: the commented description of a built-in
/// machine or of a machine file, on stdout.
fn print_machine(name: &str) -> Result<(), String> {
    let model = isa::model::ProcessorModel::by_name_or_file(name).map_err(|e| e.to_string())?;
    print!("{}", model.to_commented_toml());
    Ok(())
}

#[derive(Default)]
struct Args {
    mode: Mode,
    no_line_markers: bool,
    /// `-dM` (with `-E`): print the macros defined instead of the text.
    dump_macros: bool,
    output: Option<PathBuf>,
    front: Options,
    /// Code-generation flags (`-O…`, `-mcpu=`, `-mno-bundle`,
    /// `--machine=`, `-f…`), interpreted by `driver::Config::from_flags`.
    codegen: Vec<String>,
    lib_dirs: Vec<PathBuf>,
    libs: Vec<String>,
    nostdlib: bool,
    nostartfiles: bool,
    verbose: bool,
    stats: bool,
    /// `--time-passes` (also gcc's `-ftime-report`).
    time_passes: bool,
    no_warnings: bool,
    max_steps: Option<u64>,
    files: Vec<PathBuf>,
    /// Per file of `files`: given after `-x c` (compiled as C whatever its
    /// extension).
    c_forced: Vec<bool>,
    deps: Deps,
    /// `-Wl,…` and `-Xlinker` arguments, in order, for `lld-st`.
    linker_args: Vec<String>,
    run_args: Vec<String>,
}

/// Dependency output (`-M`, `-MM`, `-MD`, `-MMD`, `-MF`, `-MT`, `-MQ`,
/// `-MP`), as gcc writes it for make.
#[derive(Default)]
struct Deps {
    /// `-M`/`-MM`: print the rules instead of compiling.
    only: bool,
    /// `-MD`/`-MMD`: compile and write `X.d` next to the object.
    file: bool,
    /// `-MM`/`-MMD`: leave out the system headers (the runtime's own).
    no_system: bool,
    /// `-MF FILE`.
    out: Option<PathBuf>,
    /// `-MT`/`-MQ` targets (already quoted for `-MQ`), replacing the
    /// object's name.
    targets: Vec<String>,
    /// `-MP`: a phony target per header.
    phony: bool,
}

#[derive(Default, PartialEq, Eq, Clone, Copy)]
enum Mode {
    Preprocess,
    Assembly,
    Object,
    #[default]
    Link,
    RunIr,
    EmitIr,
}

fn parse_args(argv: &[String]) -> Result<Option<Args>, String> {
    let mut a = Args {
        ..Default::default()
    };
    let mut i = 0;
    let next = |i: &mut usize, flag: &str| -> Result<String, String> {
        *i += 1;
        argv.get(*i)
            .cloned()
            .ok_or_else(|| format!("missing argument to '{flag}'"))
    };
    // `-x c` given: the following files are C whatever their extension.
    let mut lang_c = false;
    while i < argv.len() {
        let s = argv[i].as_str();
        match s {
            "--help" | "-help" => {
                print!("{}", compiler::driver::help::HELP);
                return Ok(None);
            }
            "--version" => {
                println!(
                    "lcc {}\nThe C compiler of the ST200 toolchain.",
                    buildinfo::VERSION
                );
                return Ok(None);
            }
            "--print-machine" => {
                let name = next(&mut i, "--print-machine")?;
                print_machine(&name)?;
                return Ok(None);
            }
            _ if s.starts_with("--print-machine=") => {
                print_machine(&s["--print-machine=".len()..])?;
                return Ok(None);
            }
            "-E" => a.mode = Mode::Preprocess,
            "-dM" => a.dump_macros = true,
            "-P" => a.no_line_markers = true,
            "-S" => a.mode = Mode::Assembly,
            "-c" => a.mode = Mode::Object,
            "--run-ir" => a.mode = Mode::RunIr,
            "--emit-ir" => a.mode = Mode::EmitIr,
            "-o" => a.output = Some(PathBuf::from(next(&mut i, "-o")?)),
            "-g" | "-g0" | "-g1" | "-g2" | "-g3" => {}
            // gcc flags with nothing to do here: -std= already picks the
            // dialect (lcc accepts C99 with its extensions whatever the
            // flags); executables are always static; no temporary files.
            "-pedantic" | "-pedantic-errors" | "-ansi" | "-static" | "-pipe" => {}
            "-M" | "-MM" => {
                a.deps.only = true;
                a.deps.no_system |= s == "-MM";
            }
            "-MD" | "-MMD" => {
                a.deps.file = true;
                a.deps.no_system |= s == "-MMD";
            }
            "-MP" => a.deps.phony = true,
            "-MF" => a.deps.out = Some(PathBuf::from(next(&mut i, "-MF")?)),
            "-MT" => a.deps.targets.push(next(&mut i, "-MT")?),
            "-MQ" => a.deps.targets.push(make_quote(&next(&mut i, "-MQ")?)),
            "-Xlinker" => a.linker_args.push(next(&mut i, "-Xlinker")?),
            "-x" => lang_c = language(&next(&mut i, "-x")?)?,
            "-w" => a.no_warnings = true,
            "-v" => a.verbose = true,
            "--stats" => a.stats = true,
            "--time-passes" | "-ftime-report" => a.time_passes = true,
            "-nostdlib" | "--nostdlib" => a.nostdlib = true,
            "-nostartfiles" | "--nostartfiles" => a.nostartfiles = true,
            "--machine" => a
                .codegen
                .push(format!("--machine={}", next(&mut i, "--machine")?)),
            "--max-steps" => {
                let v = next(&mut i, "--max-steps")?;
                a.max_steps = Some(
                    v.parse()
                        .map_err(|_| format!("--max-steps {v}: not a number"))?,
                );
            }
            "-I" => a
                .front
                .include_dirs
                .push(PathBuf::from(next(&mut i, "-I")?)),
            "-D" => a.front.defines.push(next(&mut i, "-D")?),
            "-U" => a.front.undefs.push(next(&mut i, "-U")?),
            "-L" => a.lib_dirs.push(PathBuf::from(next(&mut i, "-L")?)),
            "-l" => a.libs.push(next(&mut i, "-l")?),
            "--" => {
                a.run_args = argv[i + 1..].to_vec();
                break;
            }
            _ => {
                if let Some(v) = s.strip_prefix("-MF").filter(|v| !v.is_empty()) {
                    a.deps.out = Some(PathBuf::from(v));
                } else if let Some(v) = s.strip_prefix("-MT").filter(|v| !v.is_empty()) {
                    a.deps.targets.push(v.to_string());
                } else if let Some(v) = s.strip_prefix("-MQ").filter(|v| !v.is_empty()) {
                    a.deps.targets.push(make_quote(v));
                } else if let Some(v) = s.strip_prefix("-Wl,") {
                    a.linker_args
                        .extend(v.split(',').filter(|x| !x.is_empty()).map(String::from));
                } else if s.starts_with("-Wa,") || s.starts_with("-Wp,") {
                    return Err(format!(
                        "'{s}': options for the assembler or preprocessor through -Wa,/-Wp, are not supported (give them to lcc directly)"
                    ));
                } else if let Some(v) = s.strip_prefix("-x").filter(|v| !v.is_empty()) {
                    lang_c = language(v)?;
                } else if let Some(v) = s.strip_prefix("--machine=") {
                    a.codegen.push(format!("--machine={v}"));
                } else if let Some(v) = s.strip_prefix("-o").filter(|v| !v.is_empty()) {
                    a.output = Some(PathBuf::from(v));
                } else if let Some(v) = s.strip_prefix("-I").filter(|v| !v.is_empty()) {
                    a.front.include_dirs.push(PathBuf::from(v));
                } else if let Some(v) = s.strip_prefix("-D").filter(|v| !v.is_empty()) {
                    a.front.defines.push(v.to_string());
                } else if let Some(v) = s.strip_prefix("-U").filter(|v| !v.is_empty()) {
                    a.front.undefs.push(v.to_string());
                } else if let Some(v) = s.strip_prefix("-L").filter(|v| !v.is_empty()) {
                    a.lib_dirs.push(PathBuf::from(v));
                } else if let Some(v) = s.strip_prefix("-l").filter(|v| !v.is_empty()) {
                    a.libs.push(v.to_string());
                } else if let Some(v) = s.strip_prefix("-fdiagnostics-format=") {
                    a.front.diagnostics_format = v.parse()?;
                } else if s.starts_with("-O") || (s.starts_with("-f") && s.len() > 2) {
                    a.front.apply_f_flag(s);
                    a.codegen.push(s.to_string());
                } else if let Some(v) = s.strip_prefix("-W") {
                    // Every other -W form (-Wextra, -Wno-…, -Werror=…, -W…)
                    // is accepted: lcc's warnings are those of -Wall.
                    match v {
                        "all" => a.front.wall = true,
                        "error" => a.front.werror = true,
                        "no-error" => a.front.werror = false,
                        _ => {
                            let (name, on) = match v.strip_prefix("no-") {
                                Some(n) => (n, false),
                                None => (v, true),
                            };
                            // -Wformat=1 and -Wformat=2 turn -Wformat on,
                            // -Wformat=0 off
                            let (name, on) = match name.split_once('=') {
                                Some((n, level)) => (n, on && level != "0"),
                                None => (name, on),
                            };
                            if matches!(name, "format" | "parentheses") {
                                a.front.warning_groups.push((name.to_string(), on));
                            }
                        }
                    }
                } else if s.starts_with("-mcpu=") || s == "-mno-bundle" {
                    a.codegen.push(s.to_string());
                } else if let Some(v) = s.strip_prefix("-std=") {
                    if !matches!(
                        v,
                        "c99"
                            | "gnu99"
                            | "c89"
                            | "c90"
                            | "gnu89"
                            | "gnu90"
                            | "iso9899:1990"
                            | "iso9899:1999"
                            | "c11"
                            | "gnu11"
                            | "c17"
                            | "gnu17"
                            | "c18"
                            | "gnu18"
                    ) {
                        return Err(format!("unsupported standard '-std={v}'"));
                    }
                    a.front.std = Some(v.to_string());
                } else if s.starts_with('-') && s.len() > 1 {
                    return Err(format!("unrecognized command-line option '{s}'"));
                } else {
                    a.files.push(PathBuf::from(s));
                    a.c_forced.push(lang_c);
                }
            }
        }
        i += 1;
    }
    Ok(Some(a))
}

/// `-x LANG`: true for `c`, false for `none` (by extension again); any
/// other language is an error naming it.
fn language(l: &str) -> Result<bool, String> {
    match l {
        "c" => Ok(true),
        "none" => Ok(false),
        _ => Err(format!(
            "language {l} not recognized (lcc compiles -x c; -x none goes back to the file extensions)"
        )),
    }
}

/// A make target or prerequisite quoted as gcc's `-MQ` does: `$` doubled,
/// blanks and `#` escaped with a backslash.
fn make_quote(s: &str) -> String {
    let mut o = String::new();
    for c in s.chars() {
        match c {
            '$' => o.push_str("$$"),
            ' ' | '\t' | '#' => {
                o.push('\\');
                o.push(c);
            }
            _ => o.push(c),
        }
    }
    o
}

/// Replaces each `@FILE` argument by the arguments FILE holds, as gcc
/// does: separated by white space, with `'…'` and `"…"` quoting and `\`
/// escaping the next character anywhere (libiberty's `buildargv`); the
/// files may hold `@FILE` too. An unreadable FILE leaves `@FILE` as it is.
fn expand_response_files(argv: Vec<String>, depth: usize) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for a in argv {
        let Some(path) = a.strip_prefix('@').filter(|p| !p.is_empty()) else {
            out.push(a);
            continue;
        };
        let Ok(text) = std::fs::read_to_string(path) else {
            out.push(a);
            continue;
        };
        if depth >= 64 {
            return Err(format!("'@{path}': response files nested too deeply"));
        }
        out.extend(expand_response_files(split_response(&text), depth + 1)?);
    }
    Ok(out)
}

/// The arguments of a response file's text (see [`expand_response_files`]).
fn split_response(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            return args;
        }
        let (mut arg, mut squote, mut dquote) = (String::new(), false, false);
        while let Some(c) = chars.next() {
            if c == '\\' {
                if let Some(n) = chars.next() {
                    arg.push(n);
                }
            } else if squote {
                if c == '\'' {
                    squote = false;
                } else {
                    arg.push(c);
                }
            } else if dquote {
                if c == '"' {
                    dquote = false;
                } else {
                    arg.push(c);
                }
            } else if c.is_whitespace() {
                break;
            } else if c == '\'' {
                squote = true;
            } else if c == '"' {
                dquote = true;
            } else {
                arg.push(c);
            }
        }
        args.push(arg);
    }
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let argv = match expand_response_files(argv, 0) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("lcc: error: {e}");
            return ExitCode::from(1);
        }
    };
    let args = match parse_args(&argv) {
        Ok(Some(a)) => a,
        Ok(None) => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lcc: error: {e}");
            return ExitCode::from(1);
        }
    };
    let time_passes = args.time_passes;
    if time_passes {
        compiler::timing::enable();
    }
    let result = run(args);
    if let Some(entries) = compiler::timing::take().filter(|_| time_passes) {
        eprint!("{}", compiler::timing::report(&entries));
    }
    match result {
        Ok(code) => code,
        Err(e) => {
            eprint!("{e}");
            if !e.ends_with('\n') {
                eprintln!();
            }
            ExitCode::from(1)
        }
    }
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("lcc: error: {}: {e}\n", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if path == Path::new("-") {
        return std::io::stdout()
            .write_all(bytes)
            .map_err(|e| format!("lcc: error: cannot write to stdout: {e}\n"));
    }
    std::fs::write(path, bytes)
        .map_err(|e| format!("lcc: error: cannot write {}: {e}\n", path.display()))
}

fn ext(p: &Path) -> &str {
    p.extension().and_then(|e| e.to_str()).unwrap_or("")
}

fn run(mut args: Args) -> Result<ExitCode, String> {
    if args.files.is_empty() {
        return Err("lcc: fatal error: no input files\ncompilation terminated.\n".into());
    }
    // -O, -mcpu=, -mno-bundle, --machine=, -f…: one interpretation, the
    // toolchain's (the testsuite's configurations use it too).
    let mut cfg = Config::from_flags(&args.codegen).map_err(|e| format!("lcc: error: {e}\n"))?;
    let core = cfg.front.core.take();
    let machine = cfg.front.machine.take();
    let custom_ops = std::mem::take(&mut cfg.front.custom_ops);
    cfg.front = args.front.clone();
    cfg.front.core = core;
    cfg.front.machine = machine;
    cfg.front.custom_ops = custom_ops;
    args.front.core = cfg.front.core.clone();
    args.front.machine = cfg.front.machine.clone();
    args.front.custom_ops = cfg.front.custom_ops.clone();
    cfg.verbose = args.verbose;
    cfg.warnings = !args.no_warnings;

    if args.deps.only {
        return dependencies_only(&args);
    }
    match args.mode {
        Mode::Preprocess => return preprocess(&args),
        Mode::RunIr | Mode::EmitIr => return run_ir(&args, &cfg),
        _ => {}
    }
    let many = args.files.len() > 1;
    if many && args.output.is_some() && matches!(args.mode, Mode::Assembly | Mode::Object) {
        return Err(
            "lcc: fatal error: cannot specify '-o' with '-c' or '-S' with multiple files\n".into(),
        );
    }
    let mut objects: driver::Inputs = Vec::new();
    let mut errors = String::new();
    // When linking, the C files are compiled together (their IR is linked
    // before code generation, so struct arguments across files follow §7.2).
    let mut c_files: Vec<(String, Vec<u8>)> = Vec::new();
    // -MD/-MMD: (dependency file, rule), written once everything compiled.
    let mut dep_rules: Vec<(PathBuf, String)> = Vec::new();
    for (k, f) in args.files.iter().enumerate() {
        let name = f.to_string_lossy().into_owned();
        let out_named = |e: &str| -> PathBuf {
            args.output.clone().unwrap_or_else(|| {
                PathBuf::from(f.file_name().unwrap_or_default()).with_extension(e)
            })
        };
        let kind = if args.c_forced[k] { "c" } else { ext(f) };
        if args.deps.file && matches!(kind, "c" | "i") {
            // gcc: the object's name with .d (`-c -o obj/x.o`: obj/x.d), in
            // the current directory when linking (x.c: x.d, target x.o).
            let object = match args.mode {
                Mode::Object => out_named("o"),
                _ => PathBuf::from(f.file_name().unwrap_or_default()).with_extension("o"),
            };
            let dfile = args
                .deps
                .out
                .clone()
                .unwrap_or_else(|| object.with_extension("d"));
            match dependency_rule(&args, f, &object) {
                Ok(rule) => dep_rules.push((dfile, rule)),
                Err(e) => {
                    errors.push_str(&e);
                    continue;
                }
            }
        }
        match kind {
            "c" | "i" if args.mode == Mode::Link => c_files.push((name, read(f)?)),
            "c" | "i" => {
                let src = read(f)?;
                let asm = match driver::compile_many(&[(name.clone(), src)], &cfg) {
                    Ok(c) => {
                        report(&name, &c, args.stats)?;
                        c.asm
                    }
                    Err(e) => {
                        errors.push_str(&e.render());
                        continue;
                    }
                };
                if args.mode == Mode::Assembly {
                    write(&out_named("s"), asm.as_bytes())?;
                    continue;
                }
                match driver::assemble(&format!("{name}.s"), &asm, &cfg) {
                    Ok(o) if args.mode == Mode::Object => write(&out_named("o"), &o)?,
                    Ok(o) => objects.push((format!("{name}.o"), o)),
                    Err(e) => errors.push_str(&e.render()),
                }
            }
            "s" | "S" => {
                if args.mode == Mode::Assembly {
                    continue; // gcc: nothing to do for assembly with -S
                }
                let text = String::from_utf8_lossy(&read(f)?).into_owned();
                match driver::assemble(&name, &text, &cfg) {
                    Ok(o) if args.mode == Mode::Object => write(&out_named("o"), &o)?,
                    Ok(o) => objects.push((name.replace(".s", ".o"), o)),
                    Err(e) => errors.push_str(&e.render()),
                }
            }
            "o" | "a" => {
                if args.mode == Mode::Link {
                    objects.push((name, read(f)?));
                }
            }
            _ => errors.push_str(&format!(
                "lcc: error: {name}: file format not recognized (expected .c, .s, .o or .a)\n"
            )),
        }
    }
    if !c_files.is_empty() {
        match driver::compile_many(&c_files, &cfg) {
            Ok(c) => {
                report(&c_files[0].0, &c, args.stats)?;
                match driver::assemble(&format!("{}.s", c_files[0].0), &c.asm, &cfg) {
                    Ok(o) => objects.insert(0, (format!("{}.o", c_files[0].0), o)),
                    Err(e) => errors.push_str(&e.render()),
                }
            }
            Err(e) => errors.push_str(&e.render()),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    write_rules(&dep_rules)?;
    if args.mode != Mode::Link {
        return Ok(ExitCode::SUCCESS);
    }
    let mut libs = args.libs.clone();
    let mut lib_dirs = args.lib_dirs.clone();
    let (link_opts, map, print_gc) = linker_options(&args.linker_args, &mut lib_dirs, &mut libs)?;
    for l in &libs {
        let found = lib_dirs
            .iter()
            .map(|d| d.join(format!("lib{l}.a")))
            .find(|p| p.exists());
        match found {
            Some(p) => objects.push((p.to_string_lossy().into_owned(), read(&p)?)),
            // The runtime's libc.a is the whole runtime (no separate libm
            // or libgcc): -lc, -lm and -lgcc name no other archive unless
            // one is found in the -L directories (-lm: as gcc with an
            // empty libm.a).
            None if matches!(l.as_str(), "c" | "m" | "gcc") => {}
            None => return Err(format!("lld-st: error: unable to find library -l{l}\n")),
        }
    }
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("a.out"));
    let _ = std::fs::remove_file(&out);
    let linked = driver::link_with(objects, &cfg, args.nostartfiles, args.nostdlib, link_opts)
        .map_err(|e| e.render())?;
    for w in &linked.warnings {
        eprintln!("lld-st: warning: {w}");
    }
    if print_gc {
        for g in &linked.gc_removed {
            eprintln!("lld-st: {g}");
        }
    }
    write(&out, &linked.elf)?;
    if let (Some(path), Some(text)) = (map, &linked.map) {
        write(&path, text.as_bytes())?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o755));
    }
    Ok(ExitCode::SUCCESS)
}

/// The linker options of `-Wl,…`/`-Xlinker`: `lld-st`'s own
/// (`linker::cli`, see `lld-st --help`), with `-L`/`-l` added to lcc's
/// and the options that name the output or inputs (`-o`, files, groups)
/// refused: those are given to lcc. Any other is the linker's error
/// naming it. Returns the options, the map file and whether to list
/// removed sections.
fn linker_options(
    args: &[String],
    lib_dirs: &mut Vec<PathBuf>,
    libs: &mut Vec<String>,
) -> Result<(linker::LinkOptions, Option<PathBuf>, bool), String> {
    let err = |m: String| format!("lld-st: error: {m}\n");
    let cl = linker::cli::parse(args).map_err(err)?;
    if cl.help || cl.version || cl.output.is_some() {
        return Err(err(
            "-Wl,: --help, --version and -o are not link options here (give -o to lcc)".into(),
        ));
    }
    lib_dirs.extend(cl.lib_dirs);
    for input in cl.inputs {
        match input {
            linker::cli::Input::Lib(l) => libs.push(l),
            linker::cli::Input::File(f) => {
                return Err(err(format!(
                    "{f}: input files through -Wl, are not supported (give them to lcc)"
                )))
            }
            linker::cli::Input::GroupStart | linker::cli::Input::GroupEnd => {
                return Err(err(
                    "--start-group/--end-group through -Wl, are not supported".into(),
                ))
            }
        }
    }
    Ok((cl.options, cl.map, cl.print_gc))
}

/// The make rule for `file`'s object `object` (`-MT`/`-MQ` targets
/// instead when given): the source, then every header it includes, the
/// runtime's own headers left out with `-MM`/`-MMD`, and with `-MP` a
/// phony target per header. The runtime's headers are embedded in lcc;
/// they are named by their place in the source tree lcc was built from
/// (`runtime/include/`), and left out when that is gone.
fn dependency_rule(args: &Args, file: &Path, object: &Path) -> Result<String, String> {
    let src = read(file)?;
    let o = driver::dependencies(&file.to_string_lossy(), &src, &args.front);
    if o.result.is_none() {
        return Err(o.diagnostics);
    }
    let runtime_include = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../runtime/include"))
        .canonicalize()
        .ok();
    let mut deps = vec![make_quote(&file.to_string_lossy())];
    for inc in o.result.unwrap_or_default() {
        if inc.system {
            if args.deps.no_system {
                continue;
            }
            let Some(dir) = &runtime_include else {
                continue;
            };
            let name = inc.path.file_name().unwrap_or_default();
            let p = dir.join(name);
            if p.is_file() {
                deps.push(make_quote(&p.to_string_lossy()));
            }
        } else {
            deps.push(make_quote(&inc.path.to_string_lossy()));
        }
    }
    let targets = if args.deps.targets.is_empty() {
        make_quote(&object.to_string_lossy())
    } else {
        args.deps.targets.join(" ")
    };
    // As gcc writes it: lines of at most about 76 columns, continued with
    // ` \`.
    let mut rule = format!("{targets}:");
    let mut col = rule.len();
    for d in &deps {
        if col + 1 + d.len() > 76 && col > targets.len() + 1 {
            rule.push_str(" \\\n");
            col = 0;
        }
        rule.push(' ');
        rule.push_str(d);
        col += 1 + d.len();
    }
    rule.push('\n');
    if args.deps.phony {
        for d in &deps[1..] {
            rule.push_str(&format!("\n{d}:\n"));
        }
    }
    Ok(rule)
}

/// Writes the `-MD`/`-MMD` rules, those for one file together.
fn write_rules(rules: &[(PathBuf, String)]) -> Result<(), String> {
    let mut files: Vec<(&PathBuf, String)> = Vec::new();
    for (f, r) in rules {
        match files.iter_mut().find(|(g, _)| *g == f) {
            Some((_, text)) => text.push_str(r),
            None => files.push((f, r.clone())),
        }
    }
    for (f, text) in files {
        write(f, text.as_bytes())?;
    }
    Ok(())
}

/// `-M`/`-MM`: the rules of every C file, to `-MF`, `-o` or stdout;
/// nothing compiled.
fn dependencies_only(args: &Args) -> Result<ExitCode, String> {
    let mut all = String::new();
    for (k, f) in args.files.iter().enumerate() {
        if !args.c_forced[k] && !matches!(ext(f), "c" | "i") {
            continue;
        }
        let object = PathBuf::from(f.file_name().unwrap_or_default()).with_extension("o");
        all.push_str(&dependency_rule(args, f, &object)?);
    }
    match args.deps.out.as_ref().or(args.output.as_ref()) {
        Some(p) => write(p, all.as_bytes())?,
        None => {
            let _ = std::io::stdout().write_all(all.as_bytes());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the `-fdump-<pass>` files (`NAME.PASS.ir` in the current
/// directory, as gcc writes its dump files) and, with `--stats`, prints the
/// counters of every pass and of the back end on stderr.
fn report(name: &str, c: &driver::Compiled, stats: bool) -> Result<(), String> {
    if c.bisect.limit.is_some() || c.bisect_listed {
        for step in &c.bisect.steps {
            eprintln!("{step}");
        }
    }
    let base = Path::new(name)
        .file_name()
        .map_or(name.to_string(), |b| b.to_string_lossy().into_owned());
    for (pass, text) in &c.passes.dumps {
        write(Path::new(&format!("{base}.{pass}.ir")), text.as_bytes())?;
    }
    if !stats {
        return Ok(());
    }
    for (pass, s) in &c.passes.stats {
        let list: Vec<String> = s.counters.iter().map(|(k, v)| format!("{k} {v}")).collect();
        eprintln!("lcc: {name}: {pass}: {}", list.join(", "));
    }
    let sum = |f: &dyn Fn(&compiler::codegen::FunctionStats) -> usize| -> usize {
        c.functions.iter().map(f).sum()
    };
    let bundles = sum(&|f| f.bundles);
    let ops = sum(&|f| f.ops);
    let per = if bundles == 0 {
        0.0
    } else {
        ops as f64 / bundles as f64
    };
    let ics: Vec<_> = c
        .functions
        .iter()
        .filter_map(|f| f.if_convert.as_ref())
        .collect();
    if !ics.is_empty() {
        let i = |f: &dyn Fn(&compiler::codegen::psi::if_convert::Stats) -> usize| -> usize {
            ics.iter().map(|s| f(s)).sum()
        };
        let p = |f: &dyn Fn(&compiler::codegen::psi::out_of_psi::Stats) -> usize| -> usize {
            c.functions
                .iter()
                .filter_map(|x| x.out_of_psi.as_ref())
                .map(f)
                .sum()
        };
        eprintln!(
            "lcc: {name}: if-conversion: regions converted {}, operations speculated {}, dismissible loads {}, psis created {}, regions left as unprofitable {}, regions weighed with profile counts {}, regions weighed with the program's hints {}, stores kept under their branch's condition {}, regions with a call or undismissible load {}, side blocks tail-duplicated {}; out of psi-SSA: psis removed {}, psi arguments inlined {}, psi arguments reduced {}, selects {}, selects turned into max/min {}",
            i(&|s| s.regions),
            i(&|s| s.speculated),
            i(&|s| s.dismissible),
            i(&|s| s.psis),
            i(&|s| s.unprofitable),
            i(&|s| s.profiled),
            i(&|s| s.hinted),
            i(&|s| s.stores),
            i(&|s| s.side_effects),
            i(&|s| s.tail_duplicated),
            p(&|s| s.psis),
            p(&|s| s.inlined),
            p(&|s| s.reduced),
            p(&|s| s.selects),
            p(&|s| s.min_max),
        );
    }
    let sccps: Vec<_> = c
        .functions
        .iter()
        .filter_map(|f| f.mir_sccp.as_ref())
        .collect();
    if !sccps.is_empty() {
        let m = |f: &dyn Fn(&compiler::codegen::mir::sccp::Stats) -> usize| -> usize {
            sccps.iter().map(|s| f(s)).sum()
        };
        eprintln!(
            "lcc: {name}: machine-SSA constant propagation: constants {}, psis folded {}, psi arguments dropped {}, dead operations deleted {}",
            m(&|s| s.constants),
            m(&|s| s.psis_folded),
            m(&|s| s.psi_args_dropped),
            m(&|s| s.dead_removed),
        );
    }
    let simplified: Vec<_> = c
        .functions
        .iter()
        .filter_map(|f| f.mir_simplify.as_ref())
        .collect();
    if !simplified.is_empty() {
        let m = |f: &dyn Fn(&compiler::codegen::mir::simplify::Stats) -> usize| -> usize {
            simplified.iter().map(|s| f(s)).sum()
        };
        eprintln!(
            "lcc: {name}: machine-SSA clean-up: operations numbered {}, extensions removed {}, booleans {}, copies {}, dead operations deleted {}",
            m(&|s| s.numbered),
            m(&|s| s.extensions),
            m(&|s| s.booleans),
            m(&|s| s.copies),
            m(&|s| s.deleted),
        );
    }
    let webs: Vec<_> = c
        .functions
        .iter()
        .filter_map(|f| f.psi_webs.as_ref())
        .collect();
    if !webs.is_empty() {
        let w = |f: &dyn Fn(&compiler::codegen::psi::webs::Stats) -> usize| -> usize {
            webs.iter().map(|s| f(s)).sum()
        };
        eprintln!(
            "lcc: {name}: psi-webs: copies folded {}, psi-normalize copies {}, permutations {}, psi-congruence copies {}",
            w(&|s| s.folded),
            w(&|s| s.normalize_copies),
            w(&|s| s.permutations),
            w(&|s| s.congruence_copies),
        );
    }
    let oos: Vec<_> = c
        .functions
        .iter()
        .filter_map(|f| f.out_of_ssa.as_ref())
        .collect();
    if !oos.is_empty() {
        let o = |f: &dyn Fn(&compiler::codegen::out_of_ssa::Stats) -> usize| -> usize {
            oos.iter().map(|s| f(s)).sum()
        };
        eprintln!(
            "lcc: {name}: out-of-SSA: copies before coalescing {}, copies after coalescing {}, copies left {}, affinity edges pruned {}, pinning repairs {}, edges split {}, cycle temporaries {}",
            o(&|s| s.copies_before_coalescing),
            o(&|s| s.copies_after_coalescing),
            o(&|s| s.copies_left),
            o(&|s| s.affinities_pruned),
            o(&|s| s.pinning_repairs),
            o(&|s| s.edges_split),
            o(&|s| s.cycle_temporaries),
        );
    }
    let peeps: Vec<_> = c
        .functions
        .iter()
        .filter_map(|f| f.peephole.as_ref())
        .collect();
    if !peeps.is_empty() {
        let p = |f: &dyn Fn(&compiler::codegen::peephole::Stats) -> usize| -> usize {
            peeps.iter().map(|s| f(s)).sum()
        };
        eprintln!(
            "lcc: {name}: peephole: identity copies removed {}, dead copies removed {}, copies folded into their use {}, branches threaded {}, unreachable blocks removed {}, branches inverted over a goto {}, jumps to the next block removed {}",
            p(&|s| s.identity_copies),
            p(&|s| s.dead_copies),
            p(&|s| s.copies_folded),
            p(&|s| s.branches_threaded),
            p(&|s| s.blocks_removed),
            p(&|s| s.branches_inverted),
            p(&|s| s.jumps_removed),
        );
    }
    let pre: Vec<_> = c.functions.iter().filter_map(|f| f.prepass).collect();
    if !pre.is_empty() {
        eprintln!(
            "lcc: {name}: schedule-insns: loads issued an iteration ahead {}, operands read through copies {}, operations moved above a branch {}, blocks reordered {}, blocks kept for register pressure {}",
            pre.iter().map(|s| s.preloaded).sum::<usize>(),
            pre.iter().map(|s| s.forwarded).sum::<usize>(),
            pre.iter().map(|s| s.speculated).sum::<usize>(),
            pre.iter().map(|s| s.reordered).sum::<usize>(),
            pre.iter().map(|s| s.kept_for_pressure).sum::<usize>(),
        );
    }
    let lay: Vec<_> = c.functions.iter().filter_map(|f| f.layout).collect();
    if !lay.is_empty() {
        eprintln!(
            "lcc: {name}: reorder-blocks: blocks moved {}",
            lay.iter().map(|s| s.moved).sum::<usize>()
        );
    }
    for f in &c.functions {
        let Some(m) = &f.modulo else { continue };
        let line = |l: Option<u32>| l.map_or("?".to_string(), |l| l.to_string());
        for r in &m.loops {
            eprintln!(
                "lcc: {name}:{}: modulo-sched: {} loop: unrolled {}x, II {} (ResMII {}, RecMII {}, MII {}), stages {}, operations {}, list-scheduled body {} cycles",
                line(r.line),
                f.name,
                r.unroll,
                r.ii,
                r.res_mii,
                r.rec_mii,
                r.mii(),
                r.stages,
                r.ops,
                r.list_length
            );
        }
        for (l, why) in &m.rejected {
            eprintln!(
                "lcc: {name}:{}: modulo-sched: {} loop not pipelined: {why}",
                line(*l),
                f.name
            );
        }
        for (l, n) in &m.unrolled {
            eprintln!(
                "lcc: {name}:{}: modulo-sched: {} loop unrolled completely ({n} iterations)",
                line(*l),
                f.name
            );
        }
        if m.cond_counts > 0 {
            eprintln!(
                "lcc: {name}: modulo-sched: {}: conditional counts made additions of their conditions {}",
                f.name, m.cond_counts
            );
        }
    }
    eprintln!(
        "lcc: {name}: back end: copies coalesced by register allocation {}, copies in the output {}, spilled {}, spill operations {}, bundles {bundles}, operations {ops}, {per:.2} operations per bundle",
        sum(&|f| f.regalloc.copies_removed),
        c.copies_left(),
        sum(&|f| f.regalloc.spilled),
        sum(&|f| f.regalloc.spill_ops),
    );
    Ok(())
}

fn preprocess(args: &Args) -> Result<ExitCode, String> {
    let mut failed = false;
    let mut all = String::new();
    for f in &args.files {
        let src = read(f)?;
        let o = if args.dump_macros {
            driver::macro_definitions(&f.to_string_lossy(), &src, &args.front)
        } else {
            driver::preprocess(
                &f.to_string_lossy(),
                &src,
                &args.front,
                !args.no_line_markers,
            )
        };
        eprint!("{}", o.diagnostics);
        match o.result {
            Some(t) => all.push_str(&t),
            None => failed = true,
        }
    }
    match &args.output {
        Some(p) => write(p, all.as_bytes())?,
        None => {
            let _ = std::io::stdout().write_all(all.as_bytes());
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn run_ir(args: &Args, cfg: &Config) -> Result<ExitCode, String> {
    let optim = cfg
        .opt_options()
        .map_err(|e| format!("lcc: error: {e}\n"))?;
    let mut sources = Vec::new();
    for f in &args.files {
        sources.push((f.to_string_lossy().to_string(), read(f)?));
    }
    if args.mode == Mode::RunIr {
        let run = RunOptions {
            max_steps: args.max_steps,
            args: args.run_args.clone(),
        };
        let (diag, res) = driver::compile_and_run_optimized(&sources, &args.front, &optim, &run);
        eprint!("{diag}");
        return Ok(match res {
            None => ExitCode::from(1),
            Some(Ok(r)) => {
                let _ = std::io::stdout().write_all(&r.stdout);
                let _ = std::io::stdout().flush();
                let _ = std::io::stderr().write_all(&r.stderr);
                ExitCode::from(r.exit_code as u8)
            }
            Some(Err(t)) => {
                eprintln!("lcc: error: the program trapped: {t}");
                ExitCode::from(1)
            }
        });
    }
    let mut failed = false;
    let mut text = String::new();
    for (p, s) in &sources {
        let o = driver::compile(p, s, &args.front);
        eprint!("{}", o.diagnostics);
        match o.result {
            Some(mut m) => {
                compiler::opt::optimize_module(&mut m, &optim)
                    .map_err(|e| format!("lcc: internal error: {e}\n"))?;
                text.push_str(&m.print());
            }
            None => failed = true,
        }
    }
    if failed {
        return Ok(ExitCode::from(1));
    }
    match &args.output {
        Some(p) => write(p, text.as_bytes())?,
        None => {
            let _ = std::io::stdout().write_all(text.as_bytes());
        }
    }
    Ok(ExitCode::SUCCESS)
}
