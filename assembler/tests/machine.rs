//! `las` and `st-objdump` on machines other than the ST231: bundle rules,
//! lanes and register files come from the machine description
//! (`isa::model`), and the bundle forms `stsim --trace` prints assemble.
//! Expected words are derived by hand from ISA-ST200: Appendix B
//! (`ldw $r9 = 24[$r12]` = 2001824C, `stw 36[$r12] = $r17` = 2502444C,
//! `mul32 $r7 = $r8, $r9` = 05C07248, `mov $r9 = 139596936` = 08088240
//! with `imml` 1504290A or `immr` 1584290A), §3.2 (RR: dest in 17:12,
//! src2 in 11:6, src1 in 5:0, opcode of `add` 0; RI: bit 27 set, isrc2 in
//! 20:12, idest in 11:6), §4.8 (`nop` = 00000000) and §2.1 (stop bit 31).

use assembler::objdump::{dump, Options as DumpOptions};
use assembler::{assemble, Options};
use goblin::elf::Elf;
use isa::model::ProcessorModel;
use std::process::Command;

const STOP: u32 = 0x8000_0000;

/// The 8-issue machine of the `isa::model` tests (ISA-ST200 §2.2 scaled:
/// 8 lanes, 2 memory units, 4 multipliers on the odd lanes).
const WIDE: &str = r#"
name = "wide8"
core = "st231"
interlocked = true
issue_width = 8
taken_branch_penalty = 2

[resources]
issue = 8
mem = 2
ctl = 1
odd = 4
even = 4

[stages]
alu = { read = 2, result = 3 }
mul = { read = 2, result = 4 }
load = { read = 2, result = 6 }
store = { read = 2 }
store_cond = { read = 2, result = 6 }
mem_control = { read = 2 }
branch = { read = 0 }
jump = { read = 2, result = 3 }
indirect_jump = { read = 1, result = 3 }
system = { read = 2 }
trap = { read = 2 }
custom = { read = 2, result = 4 }

[icache]
size_bytes = 65536
ways = 2
line_bytes = 64
miss_penalty = 80

[dcache]
size_bytes = 65536
ways = 8
line_bytes = 64
miss_penalty = 100
write_back = false
"#;

const TWO: &str = "base = \"st231\"\nname = \"two\"\nissue_width = 2\n[resources]\nissue = 2\nalu = 2\nmem = 1\nctl = 1\nodd = 1\neven = 1\n";
const ONE: &str = "base = \"st231\"\nname = \"one\"\nissue_width = 1\n[resources]\nissue = 1\nalu = 1\nmem = 1\nctl = 1\nodd = 1\neven = 1\n";
const REGS32: &str = "base = \"st231\"\nname = \"regs32\"\n[registers]\ngeneral = 32\nbranch = 4\n";

fn model(text: &str) -> ProcessorModel {
    ProcessorModel::from_toml_str(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn opts(text: &str) -> Options {
    Options {
        model: model(text),
        ..Options::default()
    }
}

fn section_words(bytes: &[u8], name: &str) -> Vec<u32> {
    let elf = Elf::parse(bytes).expect("valid ELF");
    let sh = elf
        .section_headers
        .iter()
        .find(|s| elf.shdr_strtab.get_at(s.sh_name) == Some(name))
        .unwrap_or_else(|| panic!("no section {name}"));
    let data = &bytes[sh.sh_offset as usize..(sh.sh_offset + sh.sh_size) as usize];
    data.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn text_on(src: &str, o: &Options) -> Vec<u32> {
    match assemble("t.s", src, o) {
        Ok(b) => section_words(&b, ".text"),
        Err(d) => panic!("assembly failed:\n{}\n{src}", d.render()),
    }
}

fn errors_on(src: &str, o: &Options) -> String {
    match assemble("t.s", src, o) {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(d) => d.render(),
    }
}

/// `add $rD = $r2, $r3` (§3.2 RR, opcode 0).
fn add_r2_r3(d: u32) -> u32 {
    (d << 12) | (3 << 6) | 2
}

/// `n` operations `add $rK = $r2, $r3`, K = 1..=n, in one bundle.
fn adds(n: u32) -> String {
    let ops: Vec<String> = (1..=n).map(|k| format!("add $r{k} = $r2, $r3")).collect();
    format!("{} ;;\n", ops.join("\n"))
}

#[test]
fn eight_issue_machine_takes_eight_syllables_and_not_nine() {
    let wide = opts(WIDE);
    let mut want: Vec<u32> = (1..=8).map(add_r2_r3).collect();
    want[7] |= STOP;
    assert_eq!(text_on(&adds(8), &wide), want);
    let e = errors_on(&adds(9), &wide);
    assert!(
        e.contains("t.s:1:1: error: bundle needs 9 syllables")
            && e.contains("machine wide8 issues at most 8 per cycle")
            && e.contains("ISA-ST200 §2.3 rule 1"),
        "{e}"
    );
    // The ST231 issues four.
    let e = errors_on(&adds(5), &Options::default());
    assert!(
        e.contains("bundle needs 5 syllables") && e.contains("machine st231 issues at most 4"),
        "{e}"
    );
}

#[test]
fn two_memory_operations_pass_on_wide8_and_fail_on_the_st231() {
    let src = "ldw $r9 = 24[$r12]\n stw 36[$r12] = $r17 ;;\n";
    assert_eq!(
        text_on(src, &opts(WIDE)),
        vec![0x2001_824C, 0x2502_444C | STOP]
    );
    let e = errors_on(src, &Options::default());
    assert!(
        e.contains("bundle has 2 memory-unit operations; at most one is allowed on machine st231")
            && e.contains("§2.3 rule 3"),
        "{e}"
    );
    // Three memory operations are one too many on wide8 (resources.mem = 2).
    let e = errors_on(
        "ldw $r9 = 24[$r12]\n stw 36[$r12] = $r17\n ldw $r1 = 24[$r12] ;;\n",
        &opts(WIDE),
    );
    assert!(
        e.contains("bundle has 3 memory-unit operations; at most 2 are allowed on machine wide8 (resources.mem = 2)"),
        "{e}"
    );
}

#[test]
fn two_issue_machine_rejects_three_operations_and_places_by_its_lanes() {
    let two = opts(TWO);
    let e = errors_on(&adds(3), &two);
    assert!(
        e.contains("bundle needs 3 syllables") && e.contains("machine two issues at most 2"),
        "{e}"
    );
    // Two lanes: lane = word address mod 2, multiplies and long-immediate
    // owners on lane 1. Word 0: a nop, then the multiply on word 1. Word
    // 2 (lane 0): `immr`, owner on word 3. Word 4: a nop bundle. Word 5
    // (lane 1): owner, then `imml` on word 6.
    let src = "mul32 $r7 = $r8, $r9 ;;\nmov $r9 = 139596936 ;;\nnop ;;\nmov $r9 = 139596936 ;;\n";
    assert_eq!(
        text_on(src, &two),
        vec![
            0x0000_0000,
            0x05C0_7248 | STOP,
            0x1584_290A,
            0x0808_8240 | STOP,
            STOP,
            0x0808_8240,
            0x1504_290A | STOP
        ]
    );
    // A multiply and a long immediate need three syllables.
    let e = errors_on("mul32 $r7 = $r8, $r9\n mov $r9 = 139596936 ;;\n", &two);
    assert!(e.contains("bundle needs 3 syllables"), "{e}");
}

#[test]
fn one_issue_machine_assembles_a_long_immediate_as_two_syllables() {
    let one = opts(ONE);
    // One lane: owner and extension both on lane 0; the extension takes
    // no issue slot, and the owner-first form (`imml`) is chosen.
    assert_eq!(
        text_on("mov $r9 = 139596936 ;;\n", &one),
        vec![0x0808_8240, 0x1504_290A | STOP]
    );
    assert_eq!(
        text_on("nop ;;\nmov $r9 = 139596936 ;;\n", &one),
        vec![STOP, 0x0808_8240, 0x1504_290A | STOP]
    );
    let e = errors_on(&adds(2), &one);
    assert!(
        e.contains("bundle needs 2 syllables") && e.contains("machine one issues at most 1"),
        "{e}"
    );
}

#[test]
fn registers_beyond_the_machine_are_errors() {
    let r = opts(REGS32);
    let e = errors_on("add $r40 = $r1, $r2 ;;\n", &r);
    assert!(
        e.contains("t.s:1:5: error: `$r40` does not exist on machine regs32: it has $r0-$r31 and $r63 (registers.general = 32)"),
        "{e}"
    );
    let e = errors_on("nop ;;\n ldw $r1 = 0[$r32] ;;\n", &r);
    assert!(e.contains("t.s:2:14: error: `$r32` does not exist"), "{e}");
    let e = errors_on("cmplt $b5 = $r4, $r5 ;;\n", &r);
    assert!(
        e.contains("t.s:1:7: error: `$b5` does not exist on machine regs32: it has $b0-$b3 (registers.branch = 4)"),
        "{e}"
    );
    // $r31, $r63 and $b3 exist: ldw $r63 = 16[$r12] = 20010FCC (Appendix B).
    assert_eq!(
        text_on("ldw $r63 = 16[$r12] ;;\n", &r),
        vec![0x2001_0FCC | STOP]
    );
    assert_eq!(
        text_on("add $r31 = $r2, $r3 ;;\n", &r),
        vec![add_r2_r3(31) | STOP]
    );
    // The ST231 has all 64.
    assert_eq!(
        text_on("add $r40 = $r2, $r3 ;;\n", &Options::default()),
        vec![add_r2_r3(40) | STOP]
    );
}

#[test]
fn trace_form_with_single_semicolons_assembles() {
    // What `stsim --trace` prints for a bundle: operations separated by
    // ` ; `, ended by ` ;;`. mov $rD = imm = 08000000 | imm << 12 | D << 6.
    assert_eq!(
        text_on("mov $r16 = 0 ; mov $r17 = 1 ;;\n", &Options::default()),
        vec![0x0800_0400, 0x0800_1440 | STOP]
    );
    // A `;` in a character constant is no separator: mov $r1 = 59.
    assert_eq!(
        text_on("mov $r1 = ';' ;;\n", &Options::default()),
        vec![0x0803_B040 | STOP]
    );
    // Several bundles on one line, a long immediate and a `;` in a string.
    assert_eq!(
        text_on(
            "mov $r9 = 139596936 ; add $r1 = $r2, $r3 ;; nop ;;\n.data\n.ascii \";\"\n",
            &Options::default()
        ),
        vec![0x1584_290A, 0x0808_8240, add_r2_r3(1) | STOP, STOP]
    );
}

#[test]
fn objdump_listing_of_a_wide_machine_reassembles_on_it() {
    let wide = opts(WIDE);
    let src = format!(
        "{}ldw $r9 = 24[$r12]\n stw 36[$r12] = $r17\n mul32 $r7 = $r8, $r9\n mov $r10 = 139596936 ;;\n",
        adds(8)
    );
    let first = assemble("a.s", &src, &wide).unwrap_or_else(|d| panic!("{}", d.render()));
    let on = |m: Option<ProcessorModel>| {
        dump(
            "a.o",
            &first,
            &DumpOptions {
                disassemble: true,
                model: m,
                ..DumpOptions::default()
            },
        )
        .unwrap()
    };
    let listing = on(Some(wide.model.clone()));
    assert!(!listing.contains("illegal"), "{listing}");
    let second =
        assemble("b.s", &listing, &wide).unwrap_or_else(|d| panic!("{}\n{listing}", d.render()));
    assert_eq!(
        section_words(&first, ".text"),
        section_words(&second, ".text")
    );
    // Without --machine, the machine the object records checks them.
    assert_eq!(on(None), on(Some(wide.model.clone())));
    // Checked by the ST231's rules, the wide bundles are illegal words.
    let listing = on(Some(isa::model::ProcessorModel::st231()));
    assert!(
        listing.contains("illegal: bundle breaks a rule"),
        "{listing}"
    );
}

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("las-machine-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn command_line_machine_files() {
    let dir = temp_dir("cli");
    let wide = dir.join("wide8.toml");
    std::fs::write(&wide, WIDE).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, WIDE.replace("issue_width = 8", "issue_width = 0")).unwrap();
    let s8 = dir.join("eight.s");
    std::fs::write(&s8, adds(8)).unwrap();
    let s9 = dir.join("nine.s");
    std::fs::write(&s9, adds(9)).unwrap();
    let o = dir.join("eight.o");
    let las = env!("CARGO_BIN_EXE_las");
    let run = |args: &[&std::ffi::OsStr]| Command::new(las).args(args).output().unwrap();
    let out = run(&[
        "--machine".as_ref(),
        wide.as_os_str(),
        s8.as_os_str(),
        "-o".as_ref(),
        o.as_os_str(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The ST231 (default, or -mcpu=st231) rejects the same file.
    let out = run(&[s8.as_os_str(), "-o".as_ref(), o.as_os_str()]);
    assert!(!out.status.success());
    let out = run(&[
        "--machine".as_ref(),
        wide.as_os_str(),
        s9.as_os_str(),
        "-o".as_ref(),
        o.as_os_str(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("nine.s:1:1: error: bundle needs 9 syllables"),
        "{err}"
    );
    let out = run(&["--machine".as_ref(), bad.as_os_str(), s8.as_os_str()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("las: error:") && err.contains("issue_width"),
        "{err}"
    );
    let missing = dir.join("missing.toml");
    let out = run(&["--machine".as_ref(), missing.as_os_str(), s8.as_os_str()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("missing.toml"), "{err}");

    // st-objdump: --machine decodes the wide bundle; the ST231 rules reject it.
    let out = run(&[
        "--machine".as_ref(),
        wide.as_os_str(),
        s8.as_os_str(),
        "-o".as_ref(),
        o.as_os_str(),
    ]);
    assert!(out.status.success());
    let objdump = env!("CARGO_BIN_EXE_st-objdump");
    let d = Command::new(objdump)
        .args([
            "-d".as_ref(),
            "--machine".as_ref(),
            wide.as_os_str(),
            o.as_os_str(),
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&d.stdout);
    assert!(
        d.status.success() && text.contains("add $r8 = $r2, $r3") && !text.contains("illegal"),
        "{text}"
    );
    let d = Command::new(objdump)
        .args(["-d".as_ref(), "-mcpu=st231".as_ref(), o.as_os_str()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&d.stdout);
    assert!(d.status.success() && text.contains("illegal"), "{text}");
    let d = Command::new(objdump)
        .args([
            "-d".as_ref(),
            "--machine".as_ref(),
            bad.as_os_str(),
            o.as_os_str(),
        ])
        .output()
        .unwrap();
    assert!(!d.status.success());
    assert!(String::from_utf8_lossy(&d.stderr).contains("issue_width"));
    let _ = std::fs::remove_dir_all(&dir);
}
