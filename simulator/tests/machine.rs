//! `stsim` and the machine recorded in an executable (`.note.st200.machine`,
//! isa::note): by default the program runs on the machine it was built
//! for; `--machine`/`--mcpu` run it elsewhere only when its code is legal
//! and timing-safe there (simulator::compat), else stsim stops before the
//! first cycle (exit 125) naming the rule and the first bundle that breaks
//! it. Programs are assembled with `las` and linked with `lld-st` (as
//! libraries); the default layout puts `_start` at 0x1000.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use isa::model::ProcessorModel;

/// The 8-issue machine of the task.
const WIDE8: &str = "base = \"st231\"\nname = \"wide8\"\nissue_width = 8\n[resources]\nissue = 8\nmem = 2\nodd = 4\neven = 4\n";
/// The 2-issue machine of the task.
const TWO: &str = "base = \"st231\"\nname = \"two\"\nissue_width = 2\n[resources]\nissue = 2\nalu = 2\nmem = 1\nctl = 1\nodd = 1\neven = 1\n";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stsim-machine-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Assembles `source` for `model`, links it and writes `dir/name`.
fn build(dir: &Path, name: &str, source: &str, model: &ProcessorModel) -> PathBuf {
    let options = assembler::Options {
        model: model.clone(),
        ..Default::default()
    };
    let obj = assembler::assemble(&format!("{name}.s"), source, &options)
        .unwrap_or_else(|d| panic!("las: {}", d.render()));
    let exe = linker::link_objects(&[(format!("{name}.o"), obj)])
        .unwrap_or_else(|e| panic!("lld-st: {e}"));
    let path = dir.join(name);
    std::fs::write(&path, exe).unwrap();
    path
}

fn stsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stsim"))
        .args(args)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `exe` with `flags` and `--stats-json`; returns the exit status,
/// stdout, stderr and the JSON (None when stsim wrote none).
fn run(
    dir: &Path,
    exe: &Path,
    flags: &[&str],
) -> (Option<i32>, String, String, Option<serde_json::Value>) {
    let json = dir.join("stats.json");
    let _ = std::fs::remove_file(&json);
    let mut args: Vec<&str> = flags.to_vec();
    let j = json.to_str().unwrap().to_string();
    let e = exe.to_str().unwrap().to_string();
    args.extend(["--stats-json", &j, &e]);
    let o = stsim(&args);
    let v = std::fs::read_to_string(&json)
        .ok()
        .map(|t| serde_json::from_str(&t).unwrap());
    (o.status.code(), text(&o.stdout), text(&o.stderr), v)
}

fn write_file(dir: &Path, name: &str, contents: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, contents).unwrap();
    p.to_str().unwrap().to_string()
}

/// Writes "hi\n" (syscall 2 = write, §7.3 semihosting of stsim), then
/// exits with $r1 + $r4 as computed by the bundle `bundle`.
fn program(bundle: &str) -> String {
    format!(
        "\t.text\n\t.global _start\n_start:\n{bundle}\
\tadd $r12 = $r12, -16\n\tmov $r5 = 0x0a6968\n\t;;\n\
\tstw 0[$r12] = $r5\n\tmov $r16 = 1\n\tmov $r18 = 3\n\t;;\n\
\tmov $r17 = $r12\n\t;;\n\
\tsyscall 2\n\t;;\n\
\tadd $r16 = $r1, $r4\n\t;;\n\
\tsyscall 1\n\t;;\n"
    )
}

/// A 4-syllable bundle, legal on the ST231: $r1 = 1 … $r4 = 4.
const FOUR: &str =
    "\tadd $r1 = $r0, 1\n\tadd $r2 = $r0, 2\n\tadd $r3 = $r0, 3\n\tadd $r4 = $r0, 4\n\t;;\n";

#[test]
fn a_4_op_bundle_is_refused_on_a_2_issue_machine() {
    let dir = scratch("two");
    let exe = build(&dir, "four", &program(FOUR), &ProcessorModel::st231());
    // On the machine it records (the ST231): "hi\n", exit 1 + 4.
    let (code, out, err, json) = run(&dir, &exe, &[]);
    assert_eq!(code, Some(5), "{err}");
    assert_eq!(out, "hi\n");
    assert_eq!(json.unwrap()["model"], "st231");
    // On `two`: refused before the first cycle, naming the rule and the
    // bundle at _start = 0x1000; nothing ran (no output, no statistics).
    let two = write_file(&dir, "two.toml", TWO);
    let (code, out, err, json) = run(&dir, &exe, &["--machine", &two]);
    assert_eq!(code, Some(125), "{err}");
    assert_eq!(out, "");
    assert!(json.is_none(), "{err}");
    assert!(err.contains("built for machine `st231`"), "{err}");
    assert!(err.contains("cannot run on `two`"), "{err}");
    assert!(err.contains("bundle rule"), "{err}");
    assert!(err.contains("4 syllables"), "{err}");
    assert!(err.contains("at most 2"), "{err}");
    let line = err
        .lines()
        .find(|l| l.contains("first bundle that breaks it"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(line.contains("0x00001000"), "{line}");
    assert_eq!(line.matches(" ; ").count(), 3, "four operations: {line}");
}

#[test]
fn an_st231_program_is_refused_on_the_st220_by_the_interlock_rule() {
    let dir = scratch("st220");
    let exe = build(&dir, "p", &program(FOUR), &ProcessorModel::st231());
    for flag in ["--mcpu=st220", "-mcpu=st220"] {
        let (code, out, err, json) = run(&dir, &exe, &[flag]);
        assert_eq!(code, Some(125), "{err}");
        assert_eq!(out, "", "nothing runs");
        assert!(json.is_none());
        assert!(err.contains("interlock rule"), "{err}");
        assert!(err.contains("`st220` does not"), "{err}");
    }
    // The same machine given another way (a file) is no change: it runs.
    let same = write_file(
        &dir,
        "st231.toml",
        &ProcessorModel::st231().to_toml_string().unwrap(),
    );
    let (code, out, err, _) = run(&dir, &exe, &["--machine", &same]);
    assert_eq!((code, out.as_str()), (Some(5), "hi\n"), "{err}");
    let (code, _, err, _) = run(&dir, &exe, &["--mcpu=st231"]);
    assert_eq!(code, Some(5), "{err}");
}

/// The 6-syllable bundle `add $r1 = 1 | mull $r7 | add $r2 = 2 | mull $r8
/// | add $r3 = 3 | add $r4 = 4`, as `.word`s: the syllables of two ST231
/// bundles that `las` assembles, with the first bundle's stop bit cleared
/// (ISA-ST200 §2.1: bit 31 ends a bundle). Four ALU operations and two
/// multiplies on the odd lanes 1 and 3 when it starts on lane 0.
fn wide_bundle() -> String {
    let src = "\t.text\n\tadd $r1 = $r0, 1\n\tmull $r7 = $r0, $r0\n\tadd $r2 = $r0, 2\n\tmull $r8 = $r0, $r0\n\t;;\n\tadd $r3 = $r0, 3\n\tadd $r4 = $r0, 4\n\t;;\n";
    let (obj, d) = assembler::assemble_object("w.s", src, &Default::default());
    let obj = obj.unwrap_or_else(|| panic!("{}", d.render()));
    let t = &obj
        .sections
        .iter()
        .find(|s| s.name == ".text")
        .unwrap()
        .data;
    let mut words: Vec<u32> = t
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(words.len(), 6);
    // The written order was kept: ALU, MUL, ALU, MUL | ALU, ALU.
    let names: Vec<&str> = words
        .iter()
        .map(|&w| {
            isa::encoding::decode_unaliased(w, isa::Core::St231)
                .unwrap()
                .info()
                .mnemonic
        })
        .collect();
    assert_eq!(names, ["add", "mull", "add", "mull", "add", "add"]);
    assert_eq!(words[3] >> 31, 1, "first bundle ends at word 3");
    words[3] &= !(1 << 31);
    let list: Vec<String> = words.iter().map(|w| format!("0x{w:08x}")).collect();
    format!("\t.word {}\n", list.join(", "))
}

#[test]
fn an_8_issue_program_runs_on_its_machine_and_is_refused_on_the_st231() {
    let dir = scratch("wide8");
    let wide8 = ProcessorModel::from_toml_str(WIDE8).unwrap();
    let exe = build(&dir, "wide", &program(&wide_bundle()), &wide8);
    // No flag: it runs on wide8, the machine it records.
    let (code, out, err, json) = run(&dir, &exe, &[]);
    assert_eq!(code, Some(5), "{err}");
    assert_eq!(out, "hi\n");
    assert_eq!(json.unwrap()["model"], "wide8");
    // --mcpu=st231: the 6-syllable bundle at _start = 0x1000 is too wide.
    let (code, out, err, json) = run(&dir, &exe, &["--mcpu=st231"]);
    assert_eq!(code, Some(125), "{err}");
    assert_eq!(out, "", "nothing runs");
    assert!(json.is_none());
    assert!(err.contains("built for machine `wide8`"), "{err}");
    assert!(err.contains("cannot run on `st231`"), "{err}");
    assert!(err.contains("bundle rule: 6 syllables"), "{err}");
    assert!(err.contains("at most 4"), "{err}");
    let line = err
        .lines()
        .find(|l| l.contains("first bundle that breaks it"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(
        line.contains("0x00001000") && line.contains("mull"),
        "{line}"
    );
}

#[test]
fn registers_must_exist_on_the_target() {
    let dir = scratch("regs");
    let src = "\t.text\n\t.global _start\n_start:\n\tadd $r40 = $r0, 2\n\t;;\n\tmov $r16 = $r40\n\t;;\n\tsyscall 1\n\t;;\n";
    let exe = build(&dir, "r40", src, &ProcessorModel::st231());
    let (code, _, err, _) = run(&dir, &exe, &[]);
    assert_eq!(code, Some(2), "{err}");
    let small = write_file(
        &dir,
        "small.toml",
        "base = \"st231\"\nname = \"small\"\n[registers]\ngeneral = 32\n",
    );
    let (code, _, err, _) = run(&dir, &exe, &["--machine", &small]);
    assert_eq!(code, Some(125), "{err}");
    assert!(
        err.contains("`$r40` does not exist on machine small"),
        "{err}"
    );
    assert!(err.contains("0x00001000"), "{err}");
}

#[test]
fn code_for_a_machine_without_interlocks_needs_the_same_latencies() {
    let dir = scratch("latency");
    let src = "\t.text\n\t.global _start\n_start:\n\tmov $r16 = 4\n\t;;\n\tsyscall 1\n\t;;\n";
    let exe = build(&dir, "p220", src, &ProcessorModel::st220());
    // No flag: the ST220 it records.
    let (code, _, err, json) = run(&dir, &exe, &[]);
    assert_eq!(code, Some(4), "{err}");
    assert_eq!(json.unwrap()["model"], "st220");
    // Another non-interlocked machine whose loads take one cycle more.
    let slow = write_file(
        &dir,
        "slow.toml",
        "base = \"st220\"\nname = \"slow220\"\n[stages.load]\nread = 2\nresult = 6\n",
    );
    let (code, _, err, _) = run(&dir, &exe, &["--machine", &slow]);
    assert_eq!(code, Some(125), "{err}");
    assert!(err.contains("latency rule"), "{err}");
    assert!(err.contains("`load`"), "{err}");
    // An interlocked machine runs it: the scoreboard covers any latency.
    let (code, _, err, _) = run(&dir, &exe, &["--mcpu=st231"]);
    assert_eq!(code, Some(4), "{err}");
}

#[test]
fn a_damaged_note_is_a_load_error_not_a_panic() {
    let dir = scratch("damaged");
    let exe = build(&dir, "p", &program(FOUR), &ProcessorModel::st231());
    let mut bytes = std::fs::read(&exe).unwrap();
    // The description's first field, `name = "st231"`, becomes `name = 1`
    // padded with spaces: the note no longer describes a machine.
    let at = bytes
        .windows(14)
        .position(|w| w == b"name = \"st231\"")
        .unwrap();
    bytes[at..at + 14].copy_from_slice(b"name = 1      ");
    std::fs::write(&exe, &bytes).unwrap();
    let (code, out, err, _) = run(&dir, &exe, &[]);
    assert_eq!(code, Some(125), "{err}");
    assert_eq!(out, "");
    assert!(err.contains("machine note"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// `stsim --print-machine NAME` prints a complete, commented description
/// that loads back unchanged (as `lcc --print-machine` does).
#[test]
fn print_machine_loads_back_unchanged() {
    for (name, model) in [
        ("st220", isa::model::ProcessorModel::st220()),
        ("st231", isa::model::ProcessorModel::st231()),
    ] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_stsim"))
            .args(["--print-machine", name])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(text.contains("# Units per bundle"), "{text}");
        let back = isa::model::ProcessorModel::from_toml_str(&text).unwrap();
        assert_eq!(back, model.resolved());
    }
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_stsim"))
        .args(["--print-machine", "st999"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(125));
    assert!(String::from_utf8_lossy(&o.stderr).contains("st999"));
}
