//! `lcc -E -P` must give the same token sequence as `gcc -E -P` (the
//! reference, run at test time) on the preprocessor tests in `tests/pp/`.
//! White space is ignored; tokens are compared by spelling.

use compiler::driver::{preprocess, Options};
use std::path::Path;
use std::process::Command;

/// Splits preprocessed text into token spellings (maximal munch over C
/// punctuators; identifiers, numbers, strings and characters whole).
fn tokens(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut v = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
        } else if c.is_ascii_alphanumeric()
            || c == b'_'
            || c == b'.' && b.get(i + 1).is_some_and(|d| d.is_ascii_digit())
        {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
        } else {
            let three = ["...", "<<=", ">>="];
            let two = [
                "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=", "%=",
                "+=", "-=", "&=", "^=", "|=", "##",
            ];
            let rest = &text[i..];
            i += if three.iter().any(|p| rest.starts_with(p)) {
                3
            } else if two.iter().any(|p| rest.starts_with(p)) {
                2
            } else {
                1
            };
        }
        v.push(text[start..i.min(b.len())].to_string());
    }
    v
}

#[test]
fn lcc_e_matches_gcc_e() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pp");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "c") {
            continue;
        }
        n += 1;
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let gcc = Command::new("gcc")
            .args(["-E", "-P", "-std=gnu99"])
            .arg(&name)
            .current_dir(&dir)
            .output()
            .expect("host gcc is required");
        assert!(gcc.status.success(), "gcc -E failed on {name}");
        let src = std::fs::read(&p).unwrap();
        // run lcc from the same directory so relative includes and __FILE__ agree
        let path = dir.join(&name).to_string_lossy().to_string();
        let out = preprocess(&path, &src, &Options::default(), false);
        assert!(
            out.errors == 0,
            "{name}: lcc -E failed:\n{}",
            out.diagnostics
        );
        let want = tokens(&String::from_utf8_lossy(&gcc.stdout));
        let got = tokens(&out.result.unwrap());
        assert_eq!(got, want, "{name}: token sequences differ");
    }
    assert!(n >= 5);
}
