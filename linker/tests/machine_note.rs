//! The machine note (`.note.st200.machine`, isa::note) through `las` and
//! `lld-st`: objects record their machine, the linker refuses inputs built
//! for different machines, accepts identical ones and objects without a
//! note, and the executable records the machine. The notes are read back
//! with binutils' `readelf`, an independent ELF reader.

use isa::model::ProcessorModel;
use linker::{link, InputArg, LinkOptions};
use std::process::Command;

/// The 8-issue machine of the task, written by hand.
const WIDE8: &str = "base = \"st231\"\nname = \"wide8\"\nissue_width = 8\n[resources]\nissue = 8\nmem = 2\nodd = 4\neven = 4\n";
/// The same machine with the values it inherits from the ST231 spelled
/// out (an ALU per issue slot, 8, and 1 control unit, 64 general and 8 branch registers,
/// ISA-ST200 §1.2, §2.2): a different text, the same machine.
const WIDE8_SPELLED: &str = "base = \"st231\"\nname = \"wide8\"\nissue_width = 8\n[resources]\nissue = 8\nalu = 8\nmem = 2\nctl = 1\nodd = 4\neven = 4\n[registers]\ngeneral = 64\nbranch = 8\n";

const START: &str =
    "\t.text\n\t.global _start\n_start:\n\tcall $r63 = main\n\t;;\n\tsyscall 1\n\t;;\n";
const MAIN: &str = "\t.text\n\t.global main\nmain:\n\tmov $r16 = 0\n\t;;\n\treturn $r63\n\t;;\n";

fn asm_for(model: &ProcessorModel, src: &str) -> Vec<u8> {
    let o = assembler::Options {
        model: model.clone(),
        ..Default::default()
    };
    assembler::assemble("x.s", src, &o).unwrap_or_else(|d| panic!("{}", d.render()))
}

fn opts(files: &[(&str, &[u8])]) -> LinkOptions {
    LinkOptions {
        inputs: files
            .iter()
            .map(|(n, d)| InputArg::File {
                name: n.to_string(),
                data: d.to_vec(),
            })
            .collect(),
        ..LinkOptions::default()
    }
}

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("lld-note-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn readelf(args: &[&str], bytes: &[u8], dir: &std::path::Path, file: &str) -> String {
    let p = dir.join(file);
    std::fs::write(&p, bytes).unwrap();
    let out = Command::new("readelf")
        .args(args)
        .arg(&p)
        .output()
        .expect("readelf installed");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn wide8() -> ProcessorModel {
    ProcessorModel::from_toml_str(WIDE8).unwrap()
}

#[test]
fn objects_carry_a_note_readelf_reads() {
    let dir = tmp("obj");
    let obj = asm_for(&wide8(), START);
    // readelf -n: one note, owner ST200, of our type (gABI note layout).
    let n = readelf(&["-n"], &obj, &dir, "a.o");
    assert!(n.contains(".note.st200.machine"), "{n}");
    assert!(n.contains("ST200"), "{n}");
    assert!(n.contains("Unknown note type: (0x00000003)"), "{n}");
    // readelf -p: the NUL-terminated strings of the section are the owner,
    // the machine's name and its description, which starts with the name.
    let p = readelf(&["-p", ".note.st200.machine"], &obj, &dir, "a.o");
    let strings: Vec<&str> = p
        .lines()
        .filter_map(|l| l.split_once(']').map(|(_, s)| s.trim()))
        .collect();
    let owner = strings.iter().position(|s| *s == "ST200");
    assert!(owner.is_some(), "{p}");
    assert_eq!(strings.get(owner.unwrap() + 1), Some(&"wide8"), "{p}");
    assert!(p.contains("name = \"wide8\""), "{p}");
    assert!(p.contains("issue_width = 8"), "{p}");
    // A built-in machine is recorded as well.
    let st = asm_for(&ProcessorModel::st231(), START);
    let p = readelf(&["-p", ".note.st200.machine"], &st, &dir, "b.o");
    assert!(p.contains("st231"), "{p}");
    // SHT_NOTE, not allocated (readelf -S shows type NOTE, no A flag).
    let s = readelf(&["-S", "-W"], &obj, &dir, "a.o");
    let line = s
        .lines()
        .find(|l| l.contains(".note.st200.machine"))
        .expect("a note section");
    assert!(line.contains(" NOTE "), "{line}");
    assert!(!line.contains(" A "), "{line}");
}

#[test]
fn different_machines_are_refused_with_both_files_and_names() {
    let a = asm_for(&wide8(), START);
    let b = asm_for(&ProcessorModel::st231(), MAIN);
    let e = link(&opts(&[("start.o", &a), ("main.o", &b)]))
        .expect_err("wide8 and st231 objects must not link")
        .to_string();
    assert!(e.contains("start.o"), "{e}");
    assert!(e.contains("main.o"), "{e}");
    assert!(e.contains("`wide8`"), "{e}");
    assert!(e.contains("`st231`"), "{e}");
    assert!(e.contains("different machines"), "{e}");
    // Two different machines under one name: said so.
    let other = ProcessorModel::from_toml_str(&WIDE8.replace("mem = 2", "mem = 1")).unwrap();
    let c = asm_for(&other, MAIN);
    let e = link(&opts(&[("start.o", &a), ("other.o", &c)]))
        .expect_err("two machines named wide8 must not link")
        .to_string();
    assert!(e.contains("start.o") && e.contains("other.o"), "{e}");
    assert!(
        e.contains("two different descriptions with the same name"),
        "{e}"
    );
    // --allow-mixed-cores lets them link; the first object's machine is kept.
    let mut o = opts(&[("start.o", &a), ("main.o", &b)]);
    o.allow_mixed_cores = true;
    let exe = link(&o).unwrap_or_else(|e| panic!("{e}")).elf;
    let note = isa::note::MachineNote::from_elf(&exe).unwrap().unwrap();
    assert_eq!(note.name, "wide8");
}

#[test]
fn identical_machines_link_and_the_executable_records_it() {
    let dir = tmp("same");
    let a = asm_for(&wide8(), START);
    let b = asm_for(&ProcessorModel::from_toml_str(WIDE8_SPELLED).unwrap(), MAIN);
    let exe = link(&opts(&[("start.o", &a), ("main.o", &b)]))
        .unwrap_or_else(|e| panic!("{e}"))
        .elf;
    let n = readelf(&["-n"], &exe, &dir, "a.out");
    // Exactly one machine note, not the two inputs' notes end to end.
    assert_eq!(n.matches("(0x00000003)").count(), 1, "{n}");
    let p = readelf(&["-p", ".note.st200.machine"], &exe, &dir, "a.out");
    assert!(p.contains("wide8"), "{p}");
    // The note is not loaded: the program headers cover .text only
    // (one R+X segment, no PT_NOTE).
    let l = readelf(&["-l", "-W"], &exe, &dir, "a.out");
    assert!(!l.contains("NOTE"), "{l}");
}

#[test]
fn an_object_without_a_note_takes_the_others_machine() {
    let dir = tmp("none");
    let a = asm_for(&wide8(), START);
    // The same object without its note: assembled in memory, the note
    // section removed, written.
    let (obj, d) = assembler::assemble_object("m.s", MAIN, &Default::default());
    let mut obj = obj.unwrap_or_else(|| panic!("{}", d.render()));
    obj.sections
        .retain(|s| s.name != isa::elf::MACHINE_NOTE_SECTION);
    let bare = assembler::elf::write_elf(&obj).unwrap();
    let s = readelf(&["-S", "-W"], &bare, &dir, "bare.o");
    assert!(!s.contains(".note"), "{s}");
    let exe = link(&opts(&[("start.o", &a), ("bare.o", &bare)]))
        .unwrap_or_else(|e| panic!("{e}"))
        .elf;
    let p = readelf(&["-p", ".note.st200.machine"], &exe, &dir, "a.out");
    assert!(p.contains("wide8"), "{p}");
    // Only objects without a note: the executable records none.
    let (obj, _) = assembler::assemble_object("s.s", START, &Default::default());
    let mut obj = obj.unwrap();
    obj.sections
        .retain(|s| s.name != isa::elf::MACHINE_NOTE_SECTION);
    let bare_start = assembler::elf::write_elf(&obj).unwrap();
    let exe = link(&opts(&[("start.o", &bare_start), ("bare.o", &bare)]))
        .unwrap_or_else(|e| panic!("{e}"))
        .elf;
    let s = readelf(&["-S", "-W"], &exe, &dir, "b.out");
    assert!(!s.contains(".note"), "{s}");
}

/// `-mcpu=` / `--machine`: every input must record the named machine, and
/// the executable records it (also when no input records one).
#[test]
fn the_command_line_names_the_machine_every_input_must_record() {
    let a = asm_for(&wide8(), START);
    let b = asm_for(&wide8(), MAIN);
    let mut o = opts(&[("start.o", &a), ("main.o", &b)]);
    o.machine = Some(ProcessorModel::st231());
    let e = link(&o)
        .expect_err("wide8 objects must not link for the st231")
        .to_string();
    assert!(e.contains("start.o") && e.contains("`wide8`"), "{e}");
    assert!(e.contains("the link is for machine `st231`"), "{e}");
    o.machine = Some(wide8());
    let exe = link(&o).unwrap_or_else(|e| panic!("{e}")).elf;
    let note = isa::note::MachineNote::from_elf(&exe).unwrap().unwrap();
    assert_eq!(note.name, "wide8");
    // The command-line parser: -mcpu= and --machine FILE.
    let dir = tmp("cli");
    let file = dir.join("wide8.toml");
    std::fs::write(&file, WIDE8).unwrap();
    let args: Vec<String> = vec!["-mcpu=st220".into(), "x.o".into()];
    let c = linker::cli::parse(&args).unwrap();
    assert_eq!(c.options.machine, Some(ProcessorModel::st220()));
    let args: Vec<String> = vec!["--machine".into(), file.display().to_string(), "x.o".into()];
    let c = linker::cli::parse(&args).unwrap();
    assert_eq!(c.options.machine.map(|m| m.name), Some("wide8".to_string()));
    let args: Vec<String> = vec!["-mcpu=st999".into()];
    assert!(linker::cli::parse(&args).unwrap_err().contains("st999"));
    let args: Vec<String> = vec!["--machine=/nonexistent/m.toml".into()];
    assert!(linker::cli::parse(&args).unwrap_err().contains("m.toml"));
}
