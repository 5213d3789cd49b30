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
//! | `if-convert [-mcpu=…] [-fno-psi-promote]` | each function after if-conversion into psi-SSA, behind a `#` line of its counters (the machine-SSA verifier runs after) |
//! | `out-of-psi` | each function with its psis replaced by `slct` chains (verified) |
//! | `psi-webs` | each function after psi-normalize and psi-congruence (`-fout-of-psi=webs`), behind a `#` line of the copies each inserted |
//! | `sched [-mcpu=…] [-mno-bundle]` | each block's bundles from the list scheduler, `;;` after each bundle |
//! | `peephole` | each function after the post-allocation peephole, behind a `#` line of its counters |
//!
//! The `if-convert`, `out-of-psi` and `psi-webs` tests are also checked by
//! execution ([`execution_check`]): each input function, its output and
//! the expected output run in the machine-IR interpreter
//! (`compiler::codegen::mir::interp`) on inputs that cover every outcome
//! of every compare, and must return the same value and store the same
//! words.
//!
//! `UPDATE=1 cargo test -p compiler --test filetests` rewrites every
//! expectation that differs with the output found (review the diff: the
//! `source:` line must still be true).

use compiler::codegen::{self, mir, out_of_ssa, regalloc::linear_scan, sched::list, OutOfSsa};
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
        } else if f == "-fno-psi-promote" {
            o.psi_promote = false;
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

/// Machine-IR tests whose output must compute what the input computes,
/// checked by [`execution_check`].
const EXECUTED: [&str; 3] = ["if-convert", "out-of-psi", "psi-webs"];

/// Most runs of one function by [`execution_check`].
const MAX_RUNS: usize = 4096;

/// The parameters of `f`: the physical registers its entry `pcopy` reads
/// (the incoming argument registers; `$r0` excluded).
fn parameters(f: &mir::MFunc) -> Vec<mir::Reg> {
    let mut ps = vec![];
    let Some(entry) = f.order.first() else {
        return ps;
    };
    if let Some(pc) = f
        .block(*entry)
        .insts
        .iter()
        .find(|i| i.op == mir::MOp::PCopy)
    {
        for o in &pc.ops[pc.ops.len() / 2..] {
            if let mir::Opnd::R(x @ (mir::Reg::G(_) | mir::Reg::B(_))) = o {
                if *x != mir::Reg::ZERO && !ps.contains(x) {
                    ps.push(*x);
                }
            }
        }
    }
    ps
}

/// BR virtual registers `f` reads but never defines (live-in atoms).
fn live_in_brs(f: &mir::MFunc) -> Vec<mir::Reg> {
    let mut defined = std::collections::HashSet::new();
    let mut read = vec![];
    for &b in &f.order {
        for i in &f.block(b).insts {
            defined.extend(i.defs());
            for u in i.uses() {
                if matches!(u, mir::Reg::V(_))
                    && f.class(u) == Some(mir::Class::Br)
                    && !read.contains(&u)
                {
                    read.push(u);
                }
            }
        }
    }
    read.retain(|u| !defined.contains(u));
    read
}

/// Candidate values of a parameter: 0, 1, −1 and c−1, c, c+1 for every
/// immediate c of the functions (so each compare against a constant and
/// between parameters meets each of its outcomes), as 32-bit values.
fn candidates(fs: &[&mir::MFunc]) -> Vec<i64> {
    let mut v: Vec<i64> = vec![0, 1, -1];
    for f in fs {
        for b in &f.blocks {
            for i in b.insts.iter().filter(|i| i.opcode().is_some()) {
                for o in &i.ops {
                    if let mir::Opnd::Imm(c) = o {
                        v.extend([c - 1, *c, c + 1]);
                    }
                }
            }
        }
    }
    let mut v: Vec<i64> = v.into_iter().map(|x| x as i32 as i64).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The input vectors of [`execution_check`]: the cartesian product of
/// `values[k]` over the registers `regs[k]`; past [`MAX_RUNS`], every
/// value of every register once (the others cycling through theirs) and
/// then pseudo-random vectors up to [`MAX_RUNS`].
fn input_vectors(regs: &[mir::Reg], values: &[Vec<i64>]) -> Vec<Vec<(mir::Reg, i64)>> {
    let total = values
        .iter()
        .try_fold(1usize, |n, v| n.checked_mul(v.len()))
        .unwrap_or(usize::MAX);
    let pick = |idx: &[usize]| -> Vec<(mir::Reg, i64)> {
        regs.iter()
            .zip(values)
            .zip(idx)
            .map(|((r, v), &k)| (*r, v[k % v.len()]))
            .collect()
    };
    let mut out = vec![];
    if total <= MAX_RUNS {
        for mut n in 0..total {
            let mut idx = vec![];
            for v in values {
                idx.push(n % v.len());
                n /= v.len();
            }
            out.push(pick(&idx));
        }
        return out;
    }
    for (j, v) in values.iter().enumerate() {
        for k in 0..v.len() {
            let idx: Vec<usize> = (0..values.len())
                .map(|i| if i == j { k } else { k + i })
                .collect();
            out.push(pick(&idx));
        }
    }
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    while out.len() < MAX_RUNS {
        let idx: Vec<usize> = values
            .iter()
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) as usize
            })
            .collect();
        out.push(pick(&idx));
    }
    out
}

fn show_inputs(inputs: &[(mir::Reg, i64)]) -> String {
    inputs
        .iter()
        .map(|(r, v)| format!("{}={v}", mir::print::reg(*r)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Runs `input` and `output` (the transformed function, `what` says which
/// text it is) in the machine-IR interpreter on every vector of
/// [`input_vectors`] over the parameters ([`parameters`], values from
/// [`candidates`]) and the live-in BRs ([`live_in_brs`], 0 and 1), and
/// requires the same returned value and the same words stored (but in the
/// frame objects the output adds: the scratch word of a store whose
/// address is selected, SSA book Fig. 18.2, 18.3, example T54(c)). A vector on which the input
/// fails (it reads a psi result none of whose guards holds) constrains
/// nothing; at least one must run.
fn execution_check(
    path: &Path,
    input: &mir::MFunc,
    output: &mir::MFunc,
    what: &str,
) -> Result<(), String> {
    use compiler::codegen::mir::interp;
    let mut regs = parameters(input);
    let cands = candidates(&[input, output]);
    let mut values: Vec<Vec<i64>> = regs.iter().map(|_| cands.clone()).collect();
    for b in live_in_brs(input) {
        regs.push(b);
        values.push(vec![0, 1]);
    }
    let added = |addr: i64| {
        (input.objs.len()..output.objs.len()).any(|n| {
            let a = interp::STACK_POINTER + interp::frame_address(n as u32);
            (a..a + 64).contains(&addr)
        })
    };
    let mut ran = 0;
    for inputs in input_vectors(&regs, &values) {
        let Ok(want) = interp::run_with_memory(input, &inputs) else {
            continue;
        };
        ran += 1;
        let got = interp::run_with_memory(output, &inputs)
            .map(|(r, m)| (r, m.into_iter().filter(|(a, _)| !added(*a)).collect()));
        if got.as_ref() != Ok(&want) {
            return Err(format!(
                "{}: @{}: {what} computes otherwise than the input on {}:\n  input returns {} and stores {:?}\n  {what} {}",
                path.display(),
                input.name,
                show_inputs(&inputs),
                want.0,
                want.1,
                match got {
                    Ok((r, m)) => format!("returns {r} and stores {m:?}"),
                    Err(e) => format!("fails: {e}"),
                }
            ));
        }
    }
    if ran == 0 {
        return Err(format!(
            "{}: @{}: the input runs on none of the inputs",
            path.display(),
            input.name
        ));
    }
    Ok(())
}

/// The output of a `.mir` file's test, and for the tests of [`EXECUTED`]
/// each input function with its output.
fn mir_output(t: &FileTest) -> Result<(String, Vec<(mir::MFunc, mir::MFunc)>), String> {
    let (what, args) = t.test.split_first().ok_or("empty `test:`")?;
    let mut fs = parse_mir(&t.input)?;
    let inputs = fs.clone();
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
                linear_scan::allocate(f);
            }
            "if-convert" => {
                let o = backend_options(args)?;
                let st = codegen::psi::if_convert::if_convert_with(
                    f,
                    &o.model,
                    &|_| None,
                    o.psi_promote,
                );
                mir::verify::verify(f)?;
                out.push_str(&format!(
                    "# regions {}, speculated {}, dismissible {}, psis {}, unprofitable {}\n",
                    st.regions, st.speculated, st.dismissible, st.psis, st.unprofitable
                ));
            }
            "psi-webs" => {
                let st = codegen::psi::webs::translate(f);
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
                codegen::psi::out_of_psi::lower(f);
                mir::verify::verify(f)?;
            }
            "sched" => {
                let o = backend_options(args)?;
                for &b in &f.order.clone() {
                    let insts = std::mem::take(&mut f.blocks[b.index()].insts);
                    out.push_str(&format!("{b}:\n"));
                    for bundle in list::schedule_block(&o.model, insts, o.bundle) {
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
    let pairs = if EXECUTED.contains(&what.as_str()) {
        inputs.into_iter().zip(fs).collect()
    } else {
        vec![]
    };
    Ok((out, pairs))
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
            mir_output(&t).map(|(out, pairs)| {
                // the output and the expected output compute what the
                // input computes
                let expected = mir::parse::functions(&t.expected).unwrap_or_default();
                for (k, (input, output)) in pairs.iter().enumerate() {
                    if let Err(e) = execution_check(path, input, output, "the output") {
                        failures.push(e);
                    }
                    match expected.get(k) {
                        Some(e) if mir::print::function(e) != mir::print::function(output) => {
                            if let Err(e) = execution_check(path, input, e, "the expected output") {
                                failures.push(e);
                            }
                        }
                        _ => {}
                    }
                }
                out
            })
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
