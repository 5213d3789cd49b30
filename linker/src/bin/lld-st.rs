//! `lld-st`: link ST200 ELF objects and archives into an executable
//! (GNU ld conventions).

use linker::{link, InputArg, LinkOptions};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const HELP: &str = "\
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
  --allow-mixed-cores     link objects built for different cores
  --version               print the version
  --help                  print this help
";

fn parse_num(s: &str) -> Option<u64> {
    let s = s.trim();
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else {
        s.parse().ok()
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("lld-st: error: {msg}");
            ExitCode::from(1)
        }
    }
}

fn run() -> Result<ExitCode, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut opts = LinkOptions::default();
    let mut output = PathBuf::from("a.out");
    let mut lib_dirs: Vec<PathBuf> = Vec::new();
    // Inputs are resolved after all -L options are known, as GNU ld does.
    enum Pending {
        File(String),
        Lib(String),
        GroupStart,
        GroupEnd,
    }
    let mut pending = Vec::new();
    let mut map: Option<PathBuf> = None;
    let mut print_gc = false;
    let mut i = 0;
    let value = |i: &mut usize, flag: &str| -> Result<String, String> {
        *i += 1;
        args.get(*i)
            .cloned()
            .ok_or_else(|| format!("option {flag} needs a value"))
    };
    while i < args.len() {
        let a = args[i].clone();
        match a.as_str() {
            "--help" | "-h" => {
                print!("{HELP}");
                return Ok(ExitCode::SUCCESS);
            }
            "--version" | "-v" | "-V" => {
                println!("lld-st {} (ST200 linker)", env!("CARGO_PKG_VERSION"));
                return Ok(ExitCode::SUCCESS);
            }
            "-o" => output = PathBuf::from(value(&mut i, "-o")?),
            "-e" | "--entry" => opts.entry = Some(value(&mut i, "-e")?),
            "-L" => lib_dirs.push(PathBuf::from(value(&mut i, "-L")?)),
            "-l" => pending.push(Pending::Lib(value(&mut i, "-l")?)),
            "-T" => {
                let f = value(&mut i, "-T")?;
                let text = std::fs::read_to_string(&f)
                    .map_err(|e| format!("cannot read linker script {f}: {e}"))?;
                opts.script = Some((f, text));
            }
            "--start-group" | "-(" => pending.push(Pending::GroupStart),
            "--end-group" | "-)" => pending.push(Pending::GroupEnd),
            "--defsym" => {
                let d = value(&mut i, "--defsym")?;
                let (n, e) = d
                    .split_once('=')
                    .ok_or_else(|| format!("--defsym {d}: expected SYMBOL=EXPRESSION"))?;
                opts.defsyms
                    .push((n.trim().to_string(), e.trim().to_string()));
            }
            "--gc-sections" => opts.gc_sections = true,
            "--no-gc-sections" => opts.gc_sections = false,
            "--print-gc-sections" => print_gc = true,
            "-Map" | "--Map" => map = Some(PathBuf::from(value(&mut i, "-Map")?)),
            "-s" | "--strip-all" => opts.strip_all = true,
            "-S" | "--strip-debug" => opts.strip_debug = true,
            "--allow-mixed-cores" => opts.allow_mixed_cores = true,
            _ => {
                if let Some(v) = a.strip_prefix("-o").filter(|v| !v.is_empty()) {
                    output = PathBuf::from(v);
                } else if let Some(v) = a.strip_prefix("--entry=") {
                    opts.entry = Some(v.to_string());
                } else if let Some(v) = a.strip_prefix("-L").filter(|v| !v.is_empty()) {
                    lib_dirs.push(PathBuf::from(v));
                } else if let Some(v) = a.strip_prefix("-l").filter(|v| !v.is_empty()) {
                    pending.push(Pending::Lib(v.to_string()));
                } else if let Some(v) = a.strip_prefix("--defsym=") {
                    let (n, e) = v
                        .split_once('=')
                        .ok_or_else(|| format!("--defsym {v}: expected SYMBOL=EXPRESSION"))?;
                    opts.defsyms
                        .push((n.trim().to_string(), e.trim().to_string()));
                } else if let Some(v) = a.strip_prefix("-Map=").or_else(|| a.strip_prefix("--Map="))
                {
                    map = Some(PathBuf::from(v));
                } else if let Some(v) = a.strip_prefix("--section-start=") {
                    let (n, addr) = v
                        .split_once('=')
                        .ok_or_else(|| format!("{a}: expected SECTION=ADDRESS"))?;
                    let addr = parse_num(addr).ok_or_else(|| format!("{a}: bad address"))?;
                    opts.section_starts.push((n.to_string(), addr));
                } else if let Some((sec, v)) = ["text", "data", "bss"]
                    .iter()
                    .find_map(|s| a.strip_prefix(&format!("-T{s}=")).map(|v| (s, v)))
                {
                    let addr = parse_num(v).ok_or_else(|| format!("{a}: bad address"))?;
                    opts.section_starts.push((format!(".{sec}"), addr));
                } else if let Some(v) = a.strip_prefix("-T").filter(|v| !v.is_empty()) {
                    let text = std::fs::read_to_string(v)
                        .map_err(|e| format!("cannot read linker script {v}: {e}"))?;
                    opts.script = Some((v.to_string(), text));
                } else if let Some(v) = a.strip_prefix("--script=") {
                    let text = std::fs::read_to_string(v)
                        .map_err(|e| format!("cannot read linker script {v}: {e}"))?;
                    opts.script = Some((v.to_string(), text));
                } else if a.starts_with('-') && a.len() > 1 {
                    return Err(format!("unknown option {a} (see --help)"));
                } else {
                    pending.push(Pending::File(a));
                }
            }
        }
        i += 1;
    }
    let mut errors = Vec::new();
    for p in pending {
        match p {
            Pending::File(f) => match std::fs::read(&f) {
                Ok(data) => opts.inputs.push(InputArg::File { name: f, data }),
                Err(e) => errors.push(format!("cannot open {f}: {e}")),
            },
            Pending::Lib(l) => {
                let found = lib_dirs
                    .iter()
                    .map(|d| d.join(format!("lib{l}.a")))
                    .find(|p| Path::new(p).exists());
                match found {
                    Some(p) => match std::fs::read(&p) {
                        Ok(data) => opts.inputs.push(InputArg::File {
                            name: p.to_string_lossy().into_owned(),
                            data,
                        }),
                        Err(e) => errors.push(format!("cannot open {}: {e}", p.display())),
                    },
                    None => errors.push(format!("unable to find library -l{l}")),
                }
            }
            Pending::GroupStart => opts.inputs.push(InputArg::GroupStart),
            Pending::GroupEnd => opts.inputs.push(InputArg::GroupEnd),
        }
    }
    if opts
        .inputs
        .iter()
        .all(|i| !matches!(i, InputArg::File { .. }))
        && errors.is_empty()
    {
        errors.push("no input files".into());
    }
    opts.map = map.is_some();
    let _ = std::fs::remove_file(&output);
    if !errors.is_empty() {
        for e in &errors {
            eprintln!("lld-st: error: {e}");
        }
        return Ok(ExitCode::from(1));
    }
    match link(&opts) {
        Ok(out) => {
            for w in &out.warnings {
                eprintln!("lld-st: warning: {w}");
            }
            if print_gc {
                for g in &out.gc_removed {
                    eprintln!("lld-st: {g}");
                }
            }
            std::fs::write(&output, &out.elf)
                .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(&output, std::fs::Permissions::from_mode(0o755));
            }
            if let (Some(path), Some(text)) = (map, out.map) {
                std::fs::write(&path, text)
                    .map_err(|e| format!("cannot write map file {}: {e}", path.display()))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            for m in &e.messages {
                eprintln!("lld-st: error: {m}");
            }
            Ok(ExitCode::from(1))
        }
    }
}
