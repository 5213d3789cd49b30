//! Golden-file tests, in the style of Cranelift's filetests and QBE's
//! `test/*.ssa`: every file under `tests/filetests/` holds a small program,
//! the passes to run on it and the expected output, and this one driver
//! checks them all.
//!
//! A file reads:
//!
//! ```text
//! ; test: sccp dce
//! ; source: where the expectation comes from (a hand derivation, a seed
//! ;         example, the ISA reference, …)
//! func @main() -> i32 {
//!   …
//! }
//! ; expect:
//! ; func @main() -> i32 {
//! ; …
//! ```
//!
//! Header comments come first: `test:` names what to run, `source:` (which
//! may continue on `;` lines indented past the colon) says where the
//! expected output comes from and is required. The input runs up to the
//! line `; expect:`; the expected output is the rest, each line behind
//! `; ` (a lone `;` is an empty line).
//!
//! What `test:` can say, for `.ir` files (the IR's textual form):
//!
//! | test | output |
//! |---|---|
//! | `PASS…` (names of `compiler::opt::PASSES`) | the module after those passes, in order, on every function (the verifier runs after each) |
//! | `O1`, `O2` | the module after the optimisation pipeline at that level |
//! | `verify` | `ok`, or the verifier's message |
//! | `run` | `exit N` and the program's output, from the IR interpreter |
//! | `asm [FLAGS…]` | the assembly of the back end (`-O0` selection unless `ssa`; `bundle` off with `-mno-bundle`; `-mcpu=`; `-fout-of-ssa=`) |
//! | `isel [FLAGS…]` | the machine IR of each function after instruction selection (machine SSA with `ssa`; `-mcpu=`) |
//!
//! and for `.mir` files (the machine IR's textual form,
//! `compiler::codegen::mir::print`), whose `;` header lines the machine-IR
//! parser does not see:
//!
//! | test | output |
//! |---|---|
//! | `print` | the functions printed back (the parser and printer round trip) |
//! | `out-of-ssa METHOD` | each function after out-of-SSA translation by METHOD (`naive`, `sreedhar`, `sreedhar3`, `boissinot`) |
//! | `regalloc` | each function after register allocation |
//! | `if-convert [-mcpu=…]` | each function after if-conversion into psi-SSA, behind a `#` line of its counters (the machine-SSA verifier runs after) |
//! | `out-of-psi` | each function with its psis replaced by `slct` chains (verified) |
//! | `psi-webs` | each function after psi-normalize and psi-congruence (`-fout-of-psi=webs`), behind a `#` line of the copies each inserted |
//! | `sched [-mcpu=…] [-mno-bundle]` | each block's bundles from the list scheduler, `;;` after each bundle |
//! | `peephole` | each function after the post-allocation peephole, behind a `#` line of its counters |
//!
//! `UPDATE=1 cargo test -p compiler --test filetests` rewrites every
//! expectation that differs with the output found (review the diff: the
//! `source:` line must still be true).

use compiler::codegen::{self, mir, out_of_ssa, regalloc, sched, OutOfSsa};
use compiler::interp::RunOptions;
use compiler::ir::{self, Module};
use compiler::opt;
use std::path::{Path, PathBuf};

const EXPECT: &str = "; expect:";

/// One golden file, split.
struct FileTest {
    test: Vec<String>,
    input: String,
    expected: String,
    /// Text up to and including the `; expect:` line (kept by UPDATE).
    head: String,
}

fn split(path: &Path, text: &str) -> Result<FileTest, String> {
    let mut test = None;
    let mut source = false;
    for line in text.lines() {
        let Some(c) = line.strip_prefix(';') else {
            break;
        };
        let c = c.trim();
        if let Some(t) = c.strip_prefix("test:") {
            test = Some(t.split_whitespace().map(str::to_string).collect::<Vec<_>>());
        } else if let Some(s) = c.strip_prefix("source:") {
            source = !s.trim().is_empty();
        }
    }
    let test = test.ok_or_else(|| format!("{}: no `; test:` header", path.display()))?;
    if !source {
        return Err(format!(
            "{}: no `; source:` header saying where the expectation comes from",
            path.display()
        ));
    }
    let at = text
        .find(&format!("\n{EXPECT}\n"))
        .ok_or_else(|| format!("{}: no `{EXPECT}` line", path.display()))?;
    let head = text[..at + EXPECT.len() + 2].to_string();
    let input = text[..at + 1].to_string();
    let mut expected = String::new();
    for line in text[at + EXPECT.len() + 2..].lines() {
        let l = line
            .strip_prefix("; ")
            .or_else(|| (line == ";").then_some(""))
            .ok_or_else(|| {
                format!(
                    "{}: expectation line not behind `; `: {line:?}",
                    path.display()
                )
            })?;
        expected.push_str(l);
        expected.push('\n');
    }
    Ok(FileTest {
        test,
        input,
        expected,
        head,
    })
}

fn parse_ir(input: &str) -> Result<Module, String> {
    let m = ir::parse_module(input).map_err(|e| format!("input does not parse: {e}"))?;
    ir::verify_module(&m).map_err(|e| format!("input does not verify: {e}"))?;
    Ok(m)
}

fn run_passes(m: &mut Module, names: &[String]) -> Result<(), String> {
    for n in names {
        let p = opt::pass(n).ok_or_else(|| format!("unknown pass `{n}`"))?;
        for f in &mut m.functions {
            (p.run)(f);
            ir::verify_function(f).map_err(|e| format!("verifier after {n}: {e}"))?;
        }
    }
    Ok(())
}

fn backend_options(flags: &[String]) -> Result<codegen::Options, String> {
    let mut o = codegen::Options::default();
    for f in flags {
        if f == "ssa" {
            o.ssa = true;
        } else if f == "-mno-bundle" {
            o.bundle = false;
        } else if let Some(c) = f.strip_prefix("-mcpu=") {
            let core = isa::Core::from_name(c).ok_or_else(|| format!("unknown core `{c}`"))?;
            o.model = isa::model::ProcessorModel::builtin(core);
        } else if let Some(m) = f.strip_prefix("-fout-of-ssa=") {
            o.out_of_ssa = m.parse::<OutOfSsa>().map_err(|e| e.to_string())?;
        } else {
            return Err(format!("unknown back-end flag `{f}`"));
        }
    }
    Ok(o)
}

/// The functions of a `.mir` input (its `;` lines blanked out, so the
/// parser's line numbers are the file's).
fn parse_mir(input: &str) -> Result<Vec<mir::MFunc>, String> {
    let text: String = input
        .lines()
        .map(|l| if l.starts_with(';') { "" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    mir::parse::functions(&text).map_err(|e| format!("input does not parse: {e}"))
}

/// The output of a `.mir` file's test.
fn mir_output(t: &FileTest) -> Result<String, String> {
    let (what, args) = t.test.split_first().ok_or("empty `test:`")?;
    let mut fs = parse_mir(&t.input)?;
    let mut out = String::new();
    for f in &mut fs {
        match what.as_str() {
            "print" => {}
            "out-of-ssa" => {
                let method = args.first().ok_or("out-of-ssa needs a method")?;
                let method = method.parse::<OutOfSsa>().map_err(|e| e.to_string())?;
                out_of_ssa::translate(f, method);
            }
            "regalloc" => {
                regalloc::allocate(f);
            }
            "if-convert" => {
                let o = backend_options(args)?;
                let st = codegen::if_convert::if_convert(f, &o.model);
                mir::verify::verify(f)?;
                out.push_str(&format!(
                    "# regions {}, speculated {}, dismissible {}, psis {}, unprofitable {}\n",
                    st.regions, st.speculated, st.dismissible, st.psis, st.unprofitable
                ));
            }
            "psi-webs" => {
                let st = codegen::psi_webs::translate(f);
                mir::verify::verify(f)?;
                out.push_str(&format!(
                    "# psi-normalize copies {}, permutations {}, psi-congruence copies {}\n",
                    st.normalize_copies, st.permutations, st.congruence_copies
                ));
            }
            "peephole" => {
                let st = codegen::peephole::run(f);
                out.push_str(&format!(
                    "# identity {}, dead {}, folded {}, threaded {}, blocks removed {}, inverted {}, jumps removed {}\n",
                    st.identity_copies,
                    st.dead_copies,
                    st.copies_folded,
                    st.branches_threaded,
                    st.blocks_removed,
                    st.branches_inverted,
                    st.jumps_removed
                ));
            }
            "out-of-psi" => {
                codegen::out_of_psi::lower(f);
                mir::verify::verify(f)?;
            }
            "sched" => {
                let o = backend_options(args)?;
                for &b in &f.order.clone() {
                    let insts = std::mem::take(&mut f.blocks[b.index()].insts);
                    out.push_str(&format!("{b}:\n"));
                    for bundle in sched::schedule_block(&o.model, insts, o.bundle) {
                        for i in &bundle {
                            out.push_str(&format!("  {}\n", mir::print::inst(i)));
                        }
                        out.push_str("  ;;\n");
                    }
                }
                continue;
            }
            _ => return Err(format!("unknown machine-IR test `{what}`")),
        }
        out.push_str(&mir::print::function(f));
    }
    Ok(out)
}

/// The output of a file's test.
fn output(t: &FileTest) -> Result<String, String> {
    let (what, args) = t.test.split_first().ok_or("empty `test:`")?;
    match what.as_str() {
        "isel" => {
            let m = parse_ir(&t.input)?;
            let o = backend_options(args)?;
            let mut out = String::new();
            for f in &m.functions {
                let mf = codegen::isel::select_with(&m, f, o.model.core, o.ssa)?;
                out.push_str(&mir::print::function(&mf));
            }
            Ok(out)
        }
        "verify" => {
            let m = ir::parse_module(&t.input).map_err(|e| format!("input does not parse: {e}"))?;
            Ok(match ir::verify_module(&m) {
                Ok(()) => "ok\n".to_string(),
                Err(e) => format!("{e}\n"),
            })
        }
        "run" => {
            let m = parse_ir(&t.input)?;
            let r = compiler::driver::run(&m, &RunOptions::default())
                .map_err(|e| format!("trap: {e}"))?;
            Ok(format!(
                "exit {}\n{}",
                r.exit_code,
                String::from_utf8_lossy(&r.stdout)
            ))
        }
        "O1" | "O2" => {
            let mut m = parse_ir(&t.input)?;
            let o = opt::Options {
                level: what[1..].parse().expect("digit"),
                verify: true,
                ..Default::default()
            };
            opt::optimize_module(&mut m, &o).map_err(|e| e.to_string())?;
            Ok(m.print())
        }
        "asm" => {
            let m = parse_ir(&t.input)?;
            let o = backend_options(args)?;
            codegen::compile_module(&m, &o).map_err(|e| {
                e.iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        }
        _ => {
            let mut m = parse_ir(&t.input)?;
            run_passes(&mut m, &t.test)?;
            Ok(m.print())
        }
    }
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "ir" || e == "mir") {
            out.push(p);
        }
    }
}

fn diff(want: &str, got: &str) -> String {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let mut out = String::new();
    for i in 0..w.len().max(g.len()) {
        match (w.get(i), g.get(i)) {
            (Some(a), Some(b)) if a == b => {}
            (a, b) => {
                out.push_str(&format!(
                    "  line {}: expected {:?}, got {:?}\n",
                    i + 1,
                    a.unwrap_or(&"<end>"),
                    b.unwrap_or(&"<end>")
                ));
                break;
            }
        }
    }
    out
}

#[test]
fn golden_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests");
    let mut list = Vec::new();
    files(&root, &mut list);
    assert!(list.len() >= 30, "only {} golden files", list.len());
    let update = std::env::var_os("UPDATE").is_some_and(|v| v != "0");
    let mut failures = Vec::new();
    for path in &list {
        let text = std::fs::read_to_string(path).expect("read golden file");
        let t = match split(path, &text) {
            Ok(t) => t,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let got = if path.extension().is_some_and(|e| e == "mir") {
            mir_output(&t)
        } else {
            output(&t)
        }
        .unwrap_or_else(|e| format!("error: {e}\n"));
        if got == t.expected {
            continue;
        }
        if update {
            let mut new = t.head.clone();
            for l in got.lines() {
                new.push_str(if l.is_empty() { ";" } else { "; " });
                new.push_str(l);
                new.push('\n');
            }
            std::fs::write(path, new).expect("rewrite golden file");
            eprintln!("updated {}", path.display());
        } else {
            failures.push(format!(
                "{}: output differs\n{}",
                path.display(),
                diff(&t.expected, &got)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} golden files fail (UPDATE=1 rewrites expectations):\n{}",
        failures.len(),
        list.len(),
        failures.join("\n")
    );
}
