//! End-to-end tests of `las`: source text in, ELF object out. Expected
//! words come from ISA-ST200 (Appendix B, §2, §3, §4) and are derived by
//! hand in each test; never from the assembler's own output.

use assembler::{assemble, assemble_object, Options};
use goblin::elf::Elf;
use std::process::Command;

const STOP: u32 = 0x8000_0000;

fn obj(src: &str) -> Vec<u8> {
    match assemble("t.s", src, &Options::default()) {
        Ok(b) => b,
        Err(d) => panic!("assembly failed:\n{}", d.render()),
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

fn text(src: &str) -> Vec<u32> {
    section_words(&obj(src), ".text")
}

/// The rendered diagnostics of a source that must fail.
fn errors(src: &str) -> String {
    errors_with(src, &Options::default())
}

fn errors_with(src: &str, opts: &Options) -> String {
    match assemble("t.s", src, opts) {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(d) => d.render(),
    }
}

#[test]
fn appendix_b_words_from_source() {
    // ISA-ST200 Appendix B (LAO listings and hand-assembled examples).
    assert_eq!(text("stw 36[$r12] = $r17 ;;"), vec![0x2502_444C | STOP]);
    assert_eq!(text("ldw $r9 = 24[$r12] ;;"), vec![0x2001_824C | STOP]);
    assert_eq!(text("cmpgeu $b1 = $r9, 114 ;;"), vec![0x8E67_2049]);
    assert_eq!(text("return $r63 ;;"), vec![0xB180_0000]);
    assert_eq!(text("sub $r1 = $r2, $r3 ;;"), vec![0x0020_1083 | STOP]);
    assert_eq!(text("cmplt $b2 = $r4, $r5 ;;"), vec![0x0708_0144 | STOP]);
    assert_eq!(
        text("slct $r1 = $b3, $r2, $r4 ;;"),
        vec![0x1060_1102 | STOP]
    );
    assert_eq!(text("ldw $r63 = 16[$r12] ;;"), vec![0x2001_0FCC | STOP]);
    assert_eq!(text("add $r12 = $r12, -32 ;;"), vec![0x081E_030C | STOP]);
    assert_eq!(text("add $r12 = $r12, 32 ;;"), vec![0x8802_030C]);
    assert_eq!(text("mfb $r5 = $b2 ;;"), vec![0x1940_1140 | STOP]);
    assert_eq!(text("mtb $b2 = $r5 ;;"), vec![0x0788_0005 | STOP]);
    // `call $r63 = .+256` alone: btarg 64 words.
    assert_eq!(text("call $r63 = .+256 ;;"), vec![0xB000_0040]);
    // `br $b1, .+104`: 26 words.
    assert_eq!(text("br $b1, .+104 ;;"), vec![0xB880_001A]);
    // Bundle at word 0 (even): the long immediate's owner goes to the odd
    // word 1 with `immr` before it: 1589_1A2B, 0807_80C3 (Appendix B).
    assert_eq!(
        text("add $r3 = $r3, 0x12345678 ;;"),
        vec![0x1589_1A2B, 0x0807_80C3 | STOP]
    );
    // After a one-syllable bundle the next one starts at an odd word: owner first, then `imml`.
    assert_eq!(
        text("nop ;;\n add $r3 = $r3, 0x12345678 ;;"),
        vec![STOP, 0x0807_80C3, 0x1509_1A2B | STOP]
    );
    // mov $r9 = 139596936 → 08088240 + extension 0x4290A (Appendix B).
    assert_eq!(
        text("nop ;;\n mov $r9 = 139596936 ;;"),
        vec![STOP, 0x0808_8240, 0x1504_290A | STOP]
    );
    // mul32 $r27 = $r11, 4 (0DC046CB) must sit at an odd word: after a nop bundle.
    assert_eq!(
        text("nop ;;\n mul32 $r27 = $r11, 4 ;;"),
        vec![STOP, 0x0DC0_46CB | STOP]
    );
    // mul32 $r7 = $r8, $r9 (05C07248) at an even start: a nop is inserted before it.
    assert_eq!(text("mul32 $r7 = $r8, $r9 ;;"), vec![0, 0x05C0_7248 | STOP]);
}

#[test]
fn register_spellings() {
    // `$r0.N` / `$b0.N` are the cluster-0 spellings of §1.2/§1.3.
    assert_eq!(
        text("add $r0.1 = $r0.2, $r0.3 ;;"),
        text("add $r1 = $r2, $r3 ;;")
    );
    assert_eq!(text("cmplt $b0.2 = $r4, $r5 ;;"), vec![0x0708_0144 | STOP]);
}

#[test]
fn short_and_long_immediates() {
    // §2.4: 9 signed bits fit alone (−256…255); anything else takes an extension.
    let len = |v: &str| text(&format!("add $r1 = $r2, {v} ;;")).len();
    assert_eq!(len("255"), 1);
    assert_eq!(len("-256"), 1);
    assert_eq!(len("256"), 2);
    assert_eq!(len("-257"), 2);
    assert_eq!(len("0x7fffffff"), 2);
    assert_eq!(len("0xffffffff"), 2);
    // A constant defined later with .set is still known: short form.
    assert_eq!(
        text("add $r1 = $r2, K ;;\n .set K, 3"),
        vec![0x0800_3042 | STOP]
    );
    // @long() forces the extension even for a small value (used by st-objdump).
    assert_eq!(
        text("add $r1 = $r2, @long(3) ;;"),
        vec![0x1580_0000, 0x0800_3042 | STOP]
    );
    // A symbol always takes the long form with HI23 on the extension and LO9 on the owner.
    let o = obj("mov $r5 = buffer ;;\n .data\nbuffer: .word 0");
    let elf = Elf::parse(&o).unwrap();
    let rels: Vec<(u64, u32)> = elf
        .shdr_relocs
        .iter()
        .flat_map(|(_, r)| r.iter().map(|r| (r.r_offset, r.r_type)).collect::<Vec<_>>())
        .collect();
    // Bundle at word 0: immr at 0 (HI23 = 5), owner at 4 (LO9 = 6).
    assert!(rels.contains(&(0, 5)) && rels.contains(&(4, 6)), "{rels:?}");
    assert_eq!(
        section_words(&o, ".text"),
        vec![0x1580_0000, 0x0800_0140 | STOP]
    );
}

#[test]
fn lane_placement_reorders() {
    // add; goto → the goto moves to syllable 0 (§2.3 rule 2). goto .+0 = 31000000.
    assert_eq!(
        text("add $r1 = $r2, $r3\n goto . ;;"),
        vec![0x3100_0000, 0x0000_10C2 | STOP]
    );
    // Written order is kept when legal.
    assert_eq!(
        text("add $r1 = $r2, $r3\n mul32 $r4 = $r5, $r6 ;;"),
        vec![0x0000_10C2, 0x05C0_4185 | STOP]
    );
    // mul first at an even address: reordered behind the add.
    assert_eq!(
        text("mul32 $r4 = $r5, $r6\n add $r1 = $r2, $r3 ;;"),
        vec![0x0000_10C2, 0x05C0_4185 | STOP]
    );
}

#[test]
fn rule_1_too_many_syllables_and_empty_bundles() {
    let e = errors("add $r1 = $r1, 1\nadd $r2 = $r2, 1\nadd $r3 = $r3, 1\nadd $r4 = $r4, 1\nadd $r5 = $r5, 1 ;;");
    assert!(
        e.contains("bundle needs 5 syllables but at most 4 issue per cycle"),
        "{e}"
    );
    let e = errors("add $r1 = $r1, 100000\nadd $r2 = $r2, 100000\nadd $r3 = $r3, 1 ;;");
    assert!(e.contains("bundle needs 5 syllables"), "{e}");
    let e = errors("nop ;;\n;;");
    assert!(e.contains("t.s:2:1: error: empty bundle"), "{e}");
}

#[test]
fn rule_2_one_control_op() {
    let e = errors("goto 1f\n br $b0, 1f ;;\n1: nop ;;");
    assert!(
        e.contains("bundle has 2 control operations; at most one is allowed"),
        "{e}"
    );
}

#[test]
fn rule_3_one_memory_op() {
    let e = errors("ldw $r1 = 0[$r2]\n stw 4[$r2] = $r3 ;;");
    assert!(
        e.contains("bundle has 2 memory-unit operations; at most one is allowed"),
        "{e}"
    );
    // pswset uses the memory unit too (§2.2).
    let e = errors("pswset $r1\n ldw $r1 = 0[$r2] ;;");
    assert!(e.contains("memory-unit operations"), "{e}");
}

#[test]
fn rule_4_multiplies() {
    let e = errors("mul32 $r1 = $r2, $r3\n mull $r4 = $r5, $r6\n mulhs $r7 = $r8, $r9 ;;");
    assert!(
        e.contains("bundle has 3 multiplies; at most 2 are allowed"),
        "{e}"
    );
    // From an odd start with a control op first only one odd lane is left.
    let e = errors("nop ;;\n goto 1f\n mul32 $r1 = $r2, $r3\n mul32 $r4 = $r5, $r6\n add $r7 = $r7, 1 ;;\n1: nop ;;");
    assert!(e.contains("cannot place the syllables on lanes"), "{e}");
}

#[test]
fn rule_5_extensions() {
    // Two multiplies and a long immediate need three odd lanes (§2.2).
    let e = errors("add $r1 = $r1, 100000\n mul32 $r2 = $r3, $r4\n mul32 $r5 = $r6, $r7 ;;");
    assert!(
        e.contains("cannot place the syllables on lanes")
            && e.contains("3 syllables that need an odd lane"),
        "{e}"
    );
}

#[test]
fn rule_6_alone() {
    let e = errors("syscall 1\n add $r1 = $r1, 1 ;;");
    assert!(e.contains("`syscall` must be alone in its bundle"), "{e}");
    let e = errors("prgins\n nop ;;");
    assert!(e.contains("`prgins` must be alone"), "{e}");
    assert_eq!(text("syscall 2 ;;"), vec![0x1FC0_0002 | STOP]);
}

#[test]
fn rule_7_one_write_per_register() {
    let e = errors("add $r1 = $r2, 1\n add $r1 = $r3, 1 ;;");
    assert!(e.contains("two operations of the bundle write $r1"), "{e}");
    let e = errors("cmplt $b1 = $r2, 1\n cmpgt $b1 = $r3, 1 ;;");
    assert!(e.contains("write $b1"), "{e}");
    // $r0 writes are discarded: two nops are fine.
    assert_eq!(text("nop\n nop ;;"), vec![0, STOP]);
}

#[test]
fn rule_8_nolink() {
    let e = errors("nop ;;\n mul32 $r63 = $r1, $r2 ;;");
    assert!(e.contains("`mul32` cannot write $r63"), "{e}");
    let e = errors("ldbu $r63 = 0[$r1] ;;");
    assert!(e.contains("`ldbu` cannot write $r63"), "{e}");
    // ldw may reload the link register (§1.2).
    assert_eq!(text("ldw $r63 = 16[$r12] ;;"), vec![0x2001_0FCC | STOP]);
}

#[test]
fn core_subsets() {
    let st220 = Options {
        model: isa::model::ProcessorModel::st220(),
        ..Options::default()
    };
    let e = errors_with("nop ;;\n mul32 $r1 = $r2, $r3 ;;", &st220);
    assert!(
        e.contains("`mul32` is not an operation of the st220"),
        "{e}"
    );
    let st240 = Options {
        model: isa::model::ProcessorModel::st240(),
        ..Options::default()
    };
    let e = errors_with("divs $r1, $b1 = $r2, $r3, $b0 ;;", &st240);
    assert!(e.contains("not an operation of the st240"), "{e}");
    // e_flags name the core (§6.1: core in bits 15:8, ST220 = 1).
    let o = assemble("t.s", "nop ;;", &st220).unwrap();
    assert_eq!(Elf::parse(&o).unwrap().header.e_flags, 0x0102);
}

#[test]
fn every_error_of_a_file_is_reported() {
    let e = errors(
        "foo $r1 = $r2\nadd $r1 = $r2\nadd $r1 = $r2, 1 ;;\n.bogus 1\nldw $r1 = 0[$r64] ;;\n",
    );
    assert!(e.contains("t.s:1:1: error: unknown operation `foo`"), "{e}");
    assert!(
        e.contains("t.s:2:5: error: invalid operands for `add`"),
        "{e}"
    );
    assert!(
        e.contains("t.s:4:1: error: unknown directive `.bogus`"),
        "{e}"
    );
    assert!(e.contains("register $r64 does not exist"), "{e}");
    // Source line and caret.
    assert!(e.contains("    1 | foo $r1 = $r2\n      | ^~~\n"), "{e}");
}

#[test]
fn local_labels_and_branches() {
    // 1b/1f, .L labels and `.`: offsets in words from the bundle (§2.5).
    let w = text("1: nop ;;\n goto 1b ;;\n goto 1f ;;\n nop ;;\n1: goto .L9 ;;\n.L9: nop ;;");
    assert_eq!(
        w,
        vec![
            STOP,
            0xB100_0000 | 0x7F_FFFF,
            0xB100_0002,
            STOP,
            0xB100_0001,
            STOP
        ]
    );
    let e = errors("goto 2b ;;");
    assert!(e.contains("`2b` refers to no earlier label `2:`"), "{e}");
    let e = errors("goto 3f ;;");
    assert!(e.contains("local label `3f` is never defined"), "{e}");
    let e = errors("goto .Lnowhere ;;");
    assert!(
        e.contains("local symbol `.Lnowhere` is used but never defined"),
        "{e}"
    );
}

#[test]
fn data_directives() {
    let o = obj(".data\n.word 1, -1\n.hword 0x1234\n.byte 7, 'a'\n.ascii \"ab\"\n.asciz \"c\"\n.align 4\n.skip 3, 9\n.p2align 2\n.balign 8\n.zero 2\n");
    let elf = Elf::parse(&o).unwrap();
    let sh = elf
        .section_headers
        .iter()
        .find(|s| elf.shdr_strtab.get_at(s.sh_name) == Some(".data"))
        .unwrap();
    let d = &o[sh.sh_offset as usize..(sh.sh_offset + sh.sh_size) as usize];
    let expect: Vec<u8> = [
        &[1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff][..],
        &[0x34, 0x12],
        &[7, b'a'],
        b"ab",
        b"c\0",
        &[9, 9, 9],    // .align 4 at 16: nothing; .skip 3, 9
        &[0],          // .p2align 2: 19 → 20
        &[0, 0, 0, 0], // .balign 8: 20 → 24
        &[0, 0],       // .zero 2
    ]
    .concat();
    assert_eq!(d, &expect[..]);
    let e = errors(".data\n.byte 256\n");
    assert!(e.contains("value 256 does not fit in 1 byte(s)"), "{e}");
}

#[test]
fn symbols_and_sections() {
    let o = obj(concat!(
        ".text\n.global f\n.type f, @function\nf: nop ;;\n.size f, .-f\n",
        ".weak w\nw: nop ;;\n",
        ".comm c, 16, 8\n.lcomm l, 4\n",
        ".set K, 42\n",
        ".section .rodata\nr: .word f\n",
        ".section .mine,\"aw\",@progbits\n.word 0\n",
        ".previous\n.word 1\n",
    ));
    let elf = Elf::parse(&o).unwrap();
    let sym = |n: &str| {
        elf.syms
            .iter()
            .find(|s| elf.strtab.get_at(s.st_name) == Some(n))
            .unwrap_or_else(|| panic!("{n}"))
    };
    let f = sym("f");
    assert_eq!((f.st_bind(), f.st_type(), f.st_size), (1, 2, 4)); // GLOBAL FUNC, 4 bytes
    assert_eq!(sym("w").st_bind(), 2); // WEAK
    let c = sym("c");
    assert_eq!((c.st_shndx, c.st_value, c.st_size), (0xfff2, 8, 16)); // SHN_COMMON, align, size
    assert_eq!(sym("K").st_value, 42);
    assert_eq!(sym("K").st_shndx, 0xfff1); // SHN_ABS
    assert_eq!(sym("l").st_bind(), 0);
    let name =
        |s: &goblin::elf::SectionHeader| elf.shdr_strtab.get_at(s.sh_name).unwrap().to_string();
    let mine = elf
        .section_headers
        .iter()
        .find(|s| name(s) == ".mine")
        .unwrap();
    assert_eq!(mine.sh_flags, 3); // WA
    let rodata = elf
        .section_headers
        .iter()
        .find(|s| name(s) == ".rodata")
        .unwrap();
    assert_eq!(rodata.sh_size, 8, ".previous returned to .rodata");
    let text = elf
        .section_headers
        .iter()
        .find(|s| name(s) == ".text")
        .unwrap();
    assert_eq!((text.sh_flags, text.sh_addralign), (6, 8)); // AX, code aligned to 8 (§2.1)
}

#[test]
fn relocation_operators() {
    let o = obj("nop ;;\n ldw $r4 = @gprel(counter)[$r14] ;;\n add $r14 = $r63, @neggprel(1f) ;;\n1: call $r63 = ext ;;\n .data\n .word ext + 8, @segrel(ext), ext - .\n .hword ext\n");
    let elf = Elf::parse(&o).unwrap();
    let mut types: Vec<u32> = elf
        .shdr_relocs
        .iter()
        .flat_map(|(_, r)| r.iter().map(|r| r.r_type).collect::<Vec<_>>())
        .collect();
    types.sort();
    // GPREL 7/8, NEGGPREL 22/23, 23_PCREL 4, 32 (2), SEGREL32 15, 32_PCREL 3, 16 (1).
    assert_eq!(types, vec![1, 2, 3, 4, 7, 8, 15, 22, 23]);
    let e = errors(".data\n.byte ext\n");
    assert!(e.contains("no relocation exists"), "{e}");
}

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("las-test-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

const LOC_SOURCE: &str = r#"
        .file 1 "kernel.c"
        .text
        .global main
        .proc
main:
        .loc 1 3 5
        add $r12 = $r12, -32
        ;;
        .loc 1 4 2
        mov $r16 = 42
        ;;
        .loc 1 7 1
        return $r63
        ;;
        .endp
        .size main, .-main
"#;

#[test]
fn readelf_reads_objects_without_warnings() {
    let dir = temp_dir("readelf");
    let path = dir.join("k.o");
    std::fs::write(&path, obj(LOC_SOURCE)).unwrap();
    let out = Command::new("readelf")
        .arg("-a")
        .arg(&path)
        .output()
        .expect("readelf (binutils) installed");
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{all}");
    assert!(all.contains("STMicroelectronics ST200"), "{all}");
    assert!(!all.contains("Warning") && !all.contains("Error"), "{all}");
}

#[test]
fn dwarf_line_table_verifies() {
    let dir = temp_dir("dwarf");
    let path = dir.join("k.o");
    std::fs::write(&path, obj(LOC_SOURCE)).unwrap();
    let verify = Command::new("llvm-dwarfdump")
        .arg("--verify")
        .arg(&path)
        .output()
        .expect("llvm-dwarfdump (Debian package llvm) installed");
    let v = format!(
        "{}{}",
        String::from_utf8_lossy(&verify.stdout),
        String::from_utf8_lossy(&verify.stderr)
    );
    assert!(verify.status.success() && v.contains("No errors."), "{v}");
    let lines = Command::new("llvm-dwarfdump")
        .arg("--debug-line")
        .arg(&path)
        .output()
        .unwrap();
    let l = String::from_utf8_lossy(&lines.stdout);
    // Rows: 0x0 line 3, 0x4 line 4, 0x8 line 7 (one-syllable bundles).
    let rows: Vec<(u64, u64)> = l
        .lines()
        .filter(|s| s.starts_with("0x"))
        .map(|s| {
            let f: Vec<&str> = s.split_whitespace().collect();
            (
                u64::from_str_radix(f[0].trim_start_matches("0x"), 16).unwrap(),
                f[1].parse().unwrap(),
            )
        })
        .collect();
    assert!(rows.starts_with(&[(0, 3), (4, 4), (8, 7)]), "{l}");
    assert!(l.contains("kernel.c"), "{l}");
}

#[test]
fn dash_g_gives_lines_of_the_assembly_source() {
    let src = "f: nop ;;\n\n add $r1 = $r1, 1 ;;\n";
    let (o, _) = assemble_object(
        "a.s",
        src,
        &Options {
            debug: true,
            ..Options::default()
        },
    );
    let d = o.unwrap().debug.expect("line info with -g");
    assert_eq!(d.files[1], "a.s");
    let rows: Vec<(u64, u32)> = d.rows.iter().map(|r| (r.offset, r.line)).collect();
    assert_eq!(rows, vec![(0, 1), (4, 3)]);
}

#[test]
fn cli_exit_status_and_no_output_on_error() {
    let dir = temp_dir("cli");
    let good = dir.join("good.s");
    let bad = dir.join("bad.s");
    std::fs::write(&good, "nop ;;\n").unwrap();
    std::fs::write(&bad, "nop ;;\nfoo ;;\nbar ;;\n").unwrap();
    let out = dir.join("x.o");
    let las = env!("CARGO_BIN_EXE_las");
    let ok = Command::new(las)
        .arg(&good)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert!(ok.success() && out.exists());
    let r = Command::new(las)
        .arg(&bad)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(1));
    assert!(!out.exists(), "no output file is left behind on error");
    let e = String::from_utf8_lossy(&r.stderr);
    assert!(
        e.contains("bad.s:2:1: error: unknown operation `foo`")
            && e.contains("bad.s:3:1: error: unknown operation `bar`"),
        "{e}"
    );
    let st220 = Command::new(las)
        .arg("-mcpu=st220")
        .arg(&good)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert!(st220.success());
}

#[test]
fn diagnostics_tabs_and_rich_format() {
    // A tab counts one column in the location and is printed as spaces up
    // to the next multiple of 8 (the shared renderer's policy).
    let e = errors("\tfoo\t$r1 = $r2 ;;\n");
    assert!(
        e.starts_with(
            "t.s:1:2: error: unknown operation `foo`\n    \
             1 |         foo     $r1 = $r2 ;;\n      \
             |         ^~~\n"
        ),
        "{e}"
    );
    let Err(d) = assemble("t.s", "nop ;;\n\tfoo ;;\n", &Options::default()) else {
        panic!("expected an error");
    };
    let rich = d.render_as(diagnostics::Format::Rich);
    assert!(
        rich.starts_with("error: unknown operation `foo`\n  ┌─ t.s:2:2\n"),
        "{rich}"
    );
}

/// A jump table as `lcc` emits it (ISA-ST200 §4.7 `igoto`, §6.2): `.word`
/// entries in `.rodata` holding the addresses of `.L` labels of `.text`.
/// Each entry is an `R_ST200_32` relocation (type 2) whose symbol value
/// plus addend is the label's offset in `.text`: `.L1` after one 4-byte
/// bundle (offset 4), `.L2` after two (offset 8); the table's data stays
/// zero until the link.
#[test]
fn jump_table_words_hold_code_labels() {
    let o = obj(concat!(
        ".text\nf: nop ;;\n.L1: nop ;;\n.L2: goto $r63 ;;\n",
        ".section .rodata\n.align 4\n.Ltab: .word .L2, .L1, .L2\n",
        ".text\n ldw $r63 = .Ltab[$r16] ;;\n",
    ));
    let elf = Elf::parse(&o).unwrap();
    let name = |i: usize| elf.shdr_strtab.get_at(elf.section_headers[i].sh_name);
    let text = (0..elf.section_headers.len())
        .find(|&i| name(i) == Some(".text"))
        .unwrap();
    let rodata = (0..elf.section_headers.len())
        .find(|&i| name(i) == Some(".rodata"))
        .unwrap();
    assert_eq!(section_words(&o, ".rodata"), vec![0, 0, 0]);
    let (_, relocs) = elf
        .shdr_relocs
        .iter()
        .find(|(i, _)| elf.section_headers[*i].sh_info as usize == rodata)
        .expect("relocations of .rodata");
    let mut got: Vec<(u64, u32, i64)> = relocs
        .iter()
        .map(|r| {
            let s = elf.syms.get(r.r_sym).unwrap();
            assert_eq!(
                s.st_shndx, text,
                "entry at {} points into .text",
                r.r_offset
            );
            (
                r.r_offset,
                r.r_type,
                s.st_value as i64 + r.r_addend.unwrap_or(0),
            )
        })
        .collect();
    got.sort();
    assert_eq!(got, vec![(0, 2, 8), (4, 2, 4), (8, 2, 8)]);
}
