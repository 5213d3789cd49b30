//! Malformed inputs never make `lld-st` panic: truncated and corrupted
//! objects and archives (mutations of valid ones) each give an error or a
//! link, within a bounded number of cases.

use linker::{link, InputArg, LinkOptions};
use proptest::prelude::*;

fn asm(src: &str) -> Vec<u8> {
    assembler::assemble("t.s", src, &assembler::Options::default()).unwrap()
}

fn valid() -> Vec<(String, Vec<u8>)> {
    static VALID: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    VALID.get_or_init(build_valid).clone()
}

fn build_valid() -> Vec<(String, Vec<u8>)> {
    let a = asm(".file 1 \"a.c\"\n.text\n.global _start\n_start:\n.loc 1 2 1\ncall $r63 = f\n mov $r2 = d\n;;\n.data\nd: .word f, d\n.comm c, 8, 4\n");
    let b = asm(".text\n.global f\n.type f, @function\nf: ldw $r3 = @gprel(c)[$r14]\n;;\nreturn $r63\n;;\n.size f, .-f\n");
    let dir = std::env::temp_dir().join(format!("lld-st-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("b.o"), &b).unwrap();
    let lib = dir.join("libb.a");
    let _ = std::fs::remove_file(&lib);
    let ok = std::process::Command::new("ar")
        .arg("rcs")
        .arg(&lib)
        .arg(dir.join("b.o"))
        .status()
        .expect("ar (binutils) installed");
    assert!(ok.success());
    vec![
        ("a.o".into(), a),
        ("libb.a".into(), std::fs::read(&lib).unwrap()),
    ]
}

fn run(files: &[(String, Vec<u8>)]) {
    let opts = LinkOptions {
        inputs: files
            .iter()
            .map(|(n, d)| InputArg::File {
                name: n.clone(),
                data: d.clone(),
            })
            .collect(),
        ..LinkOptions::default()
    };
    if let Err(e) = link(&opts) {
        assert!(!e.messages.is_empty() && e.messages.iter().all(|m| !m.is_empty()));
    }
}

#[test]
fn valid_inputs_link() {
    let v = valid();
    let opts = LinkOptions {
        inputs: v
            .iter()
            .map(|(n, d)| InputArg::File {
                name: n.clone(),
                data: d.clone(),
            })
            .collect(),
        ..LinkOptions::default()
    };
    link(&opts).unwrap();
}

#[test]
fn every_truncation_is_an_error_naming_the_file() {
    for (k, (name, data)) in valid().iter().enumerate() {
        for len in (0..data.len()).step_by(7) {
            let mut files = valid();
            files[k].1 = data[..len].to_vec();
            let opts = LinkOptions {
                inputs: files
                    .iter()
                    .map(|(n, d)| InputArg::File {
                        name: n.clone(),
                        data: d.clone(),
                    })
                    .collect(),
                ..LinkOptions::default()
            };
            match link(&opts) {
                Ok(_) => {}
                Err(e) => assert!(
                    e.messages
                        .iter()
                        .any(|m| m.contains(name.as_str()) || m.contains("undefined reference")),
                    "{name} cut at {len}: {e}"
                ),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("LLD_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(300), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn corrupted_bytes_never_panic(which in 0usize..2, flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..12)) {
        let mut files = valid();
        let data = &mut files[which].1;
        for (i, b) in flips {
            let at = i.index(data.len());
            data[at] = b;
        }
        run(&files);
    }
}
