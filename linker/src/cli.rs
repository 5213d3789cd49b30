//! The command line of `lld-st` (GNU ld conventions), parsed in one place
//! for the `lld-st` program and for the options `lcc` passes on from
//! `-Wl,…` and `-Xlinker`.

use crate::LinkOptions;
use std::path::PathBuf;

/// An input named on the command line, in order: resolved by the caller
/// once every `-L` is known, as GNU ld does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// An object or archive file.
    File(String),
    /// `-l NAME`: `libNAME.a` from the search path.
    Lib(String),
    /// `--start-group` / `-(`.
    GroupStart,
    /// `--end-group` / `-)`.
    GroupEnd,
}

/// What a command line asks for.
#[derive(Debug, Clone, Default)]
pub struct CommandLine {
    /// The link options; `inputs` is left empty (see [`CommandLine::inputs`])
    /// and `map` is set when a map file is asked for.
    pub options: LinkOptions,
    /// `-o FILE`.
    pub output: Option<PathBuf>,
    /// `-L DIR`, in order.
    pub lib_dirs: Vec<PathBuf>,
    /// Files, libraries and group marks, in order.
    pub inputs: Vec<Input>,
    /// `-Map FILE`: where to write the link map.
    pub map: Option<PathBuf>,
    /// `--print-gc-sections`.
    pub print_gc: bool,
    /// `--help`/`-h` came first among the options (the rest is not parsed).
    pub help: bool,
    /// `--version`/`-v`/`-V` came first likewise.
    pub version: bool,
}

fn parse_num(s: &str) -> Option<u64> {
    let s = s.trim();
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

fn script(f: &str) -> Result<(String, String), String> {
    std::fs::read_to_string(f)
        .map(|t| (f.to_string(), t))
        .map_err(|e| format!("cannot read linker script {f}: {e}"))
}

fn defsym(d: &str) -> Result<(String, String), String> {
    let (n, e) = d
        .split_once('=')
        .ok_or_else(|| format!("--defsym {d}: expected SYMBOL=EXPRESSION"))?;
    Ok((n.trim().to_string(), e.trim().to_string()))
}

/// Parses `args` (the arguments after the program name). Errors: an
/// unknown option, a missing or malformed value, an unreadable linker
/// script (the message, without the `lld-st: error:` prefix).
pub fn parse(args: &[String]) -> Result<CommandLine, String> {
    let mut c = CommandLine::default();
    let o = &mut c.options;
    let mut i = 0;
    let value = |i: &mut usize, flag: &str| -> Result<String, String> {
        *i += 1;
        args.get(*i)
            .cloned()
            .ok_or_else(|| format!("option {flag} needs a value"))
    };
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "--help" | "-h" => {
                c.help = true;
                return Ok(c);
            }
            "--version" | "-v" | "-V" => {
                c.version = true;
                return Ok(c);
            }
            "-o" => c.output = Some(PathBuf::from(value(&mut i, "-o")?)),
            "-e" | "--entry" => o.entry = Some(value(&mut i, "-e")?),
            "-L" => c.lib_dirs.push(PathBuf::from(value(&mut i, "-L")?)),
            "-l" => c.inputs.push(Input::Lib(value(&mut i, "-l")?)),
            "-T" | "--script" => o.script = Some(script(&value(&mut i, a)?)?),
            "--start-group" | "-(" => c.inputs.push(Input::GroupStart),
            "--end-group" | "-)" => c.inputs.push(Input::GroupEnd),
            "--defsym" => o.defsyms.push(defsym(&value(&mut i, "--defsym")?)?),
            "--gc-sections" => o.gc_sections = true,
            "--no-gc-sections" => o.gc_sections = false,
            "--print-gc-sections" => c.print_gc = true,
            "-Map" | "--Map" => c.map = Some(PathBuf::from(value(&mut i, "-Map")?)),
            "-s" | "--strip-all" => o.strip_all = true,
            "-S" | "--strip-debug" => o.strip_debug = true,
            "--allow-mixed-cores" => o.allow_mixed_cores = true,
            "--no-sort-sections" => o.no_sort_sections = true,
            "--sort-sections" => o.no_sort_sections = false,
            "--machine" => o.machine = Some(machine(&value(&mut i, "--machine")?)?),
            "--call-graph-profile" => {
                o.call_graph_profile = Some(call_graph_profile(&value(&mut i, a)?)?)
            }
            _ => {
                if let Some(v) = a.strip_prefix("-o").filter(|v| !v.is_empty()) {
                    c.output = Some(PathBuf::from(v));
                } else if let Some(v) = a.strip_prefix("--entry=") {
                    o.entry = Some(v.to_string());
                } else if let Some(v) = a.strip_prefix("-L").filter(|v| !v.is_empty()) {
                    c.lib_dirs.push(PathBuf::from(v));
                } else if let Some(v) = a.strip_prefix("-l").filter(|v| !v.is_empty()) {
                    c.inputs.push(Input::Lib(v.to_string()));
                } else if let Some(v) = a.strip_prefix("--defsym=") {
                    o.defsyms.push(defsym(v)?);
                } else if let Some(v) = a.strip_prefix("-Map=").or_else(|| a.strip_prefix("--Map="))
                {
                    c.map = Some(PathBuf::from(v));
                } else if let Some(v) = a.strip_prefix("--call-graph-profile=") {
                    o.call_graph_profile = Some(call_graph_profile(v)?);
                } else if let Some(v) = a.strip_prefix("--machine=") {
                    o.machine = Some(machine(v)?);
                } else if let Some(v) = a
                    .strip_prefix("-mcpu=")
                    .or_else(|| a.strip_prefix("--mcpu="))
                {
                    o.machine = Some(isa::model::ProcessorModel::by_name(v).map_err(|_| {
                        format!("-mcpu={v}: unknown core (expected st220, st231 or st240)")
                    })?);
                } else if let Some(v) = a.strip_prefix("--section-start=") {
                    let (n, addr) = v
                        .split_once('=')
                        .ok_or_else(|| format!("{a}: expected SECTION=ADDRESS"))?;
                    let addr = parse_num(addr).ok_or_else(|| format!("{a}: bad address"))?;
                    o.section_starts.push((n.to_string(), addr));
                } else if let Some((sec, v)) = ["text", "data", "bss"]
                    .iter()
                    .find_map(|s| a.strip_prefix(&format!("-T{s}=")).map(|v| (s, v)))
                {
                    let addr = parse_num(v).ok_or_else(|| format!("{a}: bad address"))?;
                    o.section_starts.push((format!(".{sec}"), addr));
                } else if let Some(v) = a
                    .strip_prefix("--script=")
                    .or_else(|| a.strip_prefix("-T").filter(|v| !v.is_empty()))
                {
                    o.script = Some(script(v)?);
                } else if a.starts_with('-') && a.len() > 1 {
                    return Err(format!("unknown option {a} (see lld-st --help)"));
                } else {
                    c.inputs.push(Input::File(a.to_string()));
                }
            }
        }
        i += 1;
    }
    c.options.map = c.map.is_some();
    Ok(c)
}

/// `--call-graph-profile FILE`: the call-graph edges in FILE (either
/// format of [`crate::profile`]).
fn call_graph_profile(path: &str) -> Result<Vec<crate::profile::ProfileEdge>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--call-graph-profile {path}: cannot read: {e}"))?;
    crate::profile::parse(path, &text).map_err(|e| format!("--call-graph-profile {e}"))
}

/// `--machine FILE`: the machine description in FILE.
fn machine(path: &str) -> Result<isa::model::ProcessorModel, String> {
    isa::model::ProcessorModel::from_toml_file(path).map_err(|e| format!("--machine {path}: {e}"))
}

/// `lld-st --help`, also the options section of its man page (`st-man`).
pub const HELP: &str = "\
Usage: lld-st [options] inputs... -o out

Link ST200 (ST220/ST231/ST240) ELF32 relocatable objects and ar archives
into a static executable.

Options:
  -o FILE                 output file (default a.out)
  -e SYM, --entry=SYM     entry symbol (default: script ENTRY, else _start)
  -L DIR                  add DIR to the library search path
  -l NAME                 link libNAME.a from the search path
  --start-group, -(       start a group of archives searched repeatedly
  --end-group, -)         end the group
  -T FILE                 use a linker script (documented subset) instead of the default layout
  -Ttext=ADDR, -Tdata=ADDR, -Tbss=ADDR
  --section-start=SECTION=ADDR
                          place an output section at ADDR
  --defsym SYM=EXPR       define a symbol (e.g. --defsym __stack_size=0x8000)
  --gc-sections           remove sections not reachable from the entry, KEEP and --defsym symbols
  --print-gc-sections     list the removed sections on stderr
  -Map FILE, -Map=FILE    write a link map
  -s, --strip-all         omit the symbol table
  -S, --strip-debug       omit debug sections
  --allow-mixed-cores     link objects built for different cores or machines
  --no-sort-sections      keep code sections in input order (default: when the
                          code is larger than the I-cache, place callers next
                          to their callees so that they do not evict each other)
  --sort-sections         place code sections for the I-cache (the default)
  --call-graph-profile FILE, --call-graph-profile=FILE
                          place code from the call counts in FILE (stsim
                          --profile output, or CALLER CALLEE COUNT lines)
                          instead of the static estimate
  -mcpu=CPU, --machine FILE
                          the machine (built-in st220, st231, st240, or a TOML
                          description) every input must record; the executable
                          records it
  --version               print the version
  --help                  print this help
";
