//! GNU C inline assembly end to end.
//!
//! - `tests/asm/run/*.c`: programs whose statements hold real ST200
//!   operations (the host cannot run them); each derives its expected
//!   results by hand in its comments and exits 0 when they hold, with a
//!   distinct non-zero status per failed check. Built with `lcc` at `-O0`,
//!   `-O1` and `-O2`, run in `stsim`.
//! - `tests/asm/barrier/*.c`: programs using only empty templates
//!   (compiler barriers); their output and exit status must be the host's
//!   (`gcc -m32`), at `-O0` and `-O2`, on the ST231 and the ST220.
//! - `tests/asm/errors/*.c`: each first line states, by hand, the
//!   diagnostic (`// expect: line:col: error: message`) the file must get.
//! - The emitted text: a statement's operations form bundles of their own.

use compiler::driver::{build_executable, compile, compile_to_asm, Config, Options};
use std::path::PathBuf;
mod common;
use common::{gcc_run, simulate, single_source};

fn files(dir: &str) -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/asm")
        .join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    v.sort();
    v
}

/// Builds `p` with `flags` and runs it: (stdout, exit status).
fn run(p: &std::path::Path, flags: &[&str]) -> Result<(Vec<u8>, i32), String> {
    let flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    let cfg = Config::from_flags(&flags).unwrap();
    let exe = build_executable(&single_source(p), &cfg).map_err(|e| format!("{e:?}"))?;
    simulate(&exe, cfg.model.core)
}

#[test]
fn programs_with_assembly_text_compute_their_hand_derived_results() {
    let progs = files("run");
    assert!(progs.len() >= 30, "only {} programs", progs.len());
    let mut failures = vec![];
    for p in &progs {
        for flags in [&["-O0"][..], &["-O1"], &["-O2"]] {
            match run(p, flags) {
                Ok((_, 0)) => {}
                Ok((_, c)) => failures.push(format!("{} {flags:?}: exit {c}", p.display())),
                Err(e) => failures.push(format!("{} {flags:?}: {e}", p.display())),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn barrier_programs_agree_with_the_host_compiler() {
    let progs = files("barrier");
    assert!(progs.len() >= 8);
    let mut failures = vec![];
    for p in &progs {
        let tag = p.file_stem().unwrap().to_string_lossy().to_string();
        let want = gcc_run(std::slice::from_ref(p), &tag);
        for flags in [&["-O0"][..], &["-O2"], &["-O2", "-mcpu=st220"]] {
            match run(p, flags) {
                Ok(got) if got == want => {}
                Ok((out, c)) => failures.push(format!(
                    "{tag} {flags:?}: exit {c}, stdout {:?}; host exit {}, stdout {:?}",
                    String::from_utf8_lossy(&out),
                    want.1,
                    String::from_utf8_lossy(&want.0)
                )),
                Err(e) => failures.push(format!("{tag} {flags:?}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn invalid_statements_get_their_diagnostics() {
    let progs = files("errors");
    assert!(progs.len() >= 12);
    for p in &progs {
        let src = std::fs::read(p).unwrap();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let text = String::from_utf8_lossy(&src).to_string();
        let expect = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect: "))
            .unwrap_or_else(|| panic!("{name}: first line must be '// expect: …'"));
        let out = compile(&name, &src, &Options::default());
        let wanted = format!("{name}:{expect}");
        assert!(
            out.diagnostics.contains(&wanted),
            "{name}: expected diagnostic\n  {wanted}\ngot:\n{}",
            out.diagnostics
        );
        assert!(out.errors > 0 && out.result.is_none(), "{name}: must fail");
    }
}

/// The operations of function `name` in `asm`, one per line, trimmed.
fn function<'a>(asm: &'a str, name: &str) -> Vec<&'a str> {
    let start = asm.find(&format!("\n{name}:\n")).unwrap();
    asm[start..]
        .lines()
        .skip(2)
        .take_while(|l| !l.contains(".endp"))
        .map(str::trim)
        .filter(|l| !l.starts_with(".loc"))
        .collect()
}

/// The statement's operation is alone in its bundle: `;;` right before
/// it (or the block's label) and right after it, though the additions
/// around it are independent and would otherwise share its bundle.
#[test]
fn a_statement_forms_bundles_of_its_own() {
    let src = "int f(int a, int b, int c, int d) {\n\
               int x = a + 1, y = b + 2, r;\n\
               asm(\"sub %0 = %1, %2\" : \"=r\"(r) : \"r\"(c), \"r\"(d));\n\
               return x + y + r;\n}\n";
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    let asm = compile_to_asm("t.c", src.as_bytes(), &cfg).unwrap();
    let f = function(&asm, "f");
    let k = f
        .iter()
        .position(|l| l.starts_with("sub "))
        .unwrap_or_else(|| panic!("{}", f.join("\n")));
    assert!(
        f[k - 1] == ";;" || f[k - 1].ends_with(':'),
        "{}",
        f.join("\n")
    );
    assert_eq!(f[k + 1], ";;", "{}", f.join("\n"));
}

/// An empty template emits nothing, and `asm("" : "+r"(x))` hides x's
/// value: `x * 8` is computed at run time (a shift), not folded to 40.
#[test]
fn an_empty_template_hides_the_value() {
    let src = "int f(void) { int x = 5; asm(\"\" : \"+r\"(x)); return x * 8; }\n";
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    let asm = compile_to_asm("t.c", src.as_bytes(), &cfg).unwrap();
    let f = function(&asm, "f");
    assert!(f.iter().any(|l| l.starts_with("shl ")), "{}", f.join("\n"));
    assert!(!f.iter().any(|l| l.contains("= 40")), "{}", f.join("\n"));
}
