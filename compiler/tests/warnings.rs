//! gcc's `-Wformat` and `-Wparentheses` (on with `-Wall`): the warnings
//! lcc gives for `tests/warnings/*.c` are exactly those of gcc, line,
//! column, wording and tag. The expected lines, `tests/warnings/*.gcc12.txt`,
//! are gcc 12.2's: `LC_ALL=C gcc -m32 -Wall -fsyntax-only NAME.c 2>&1 |
//! grep warning: | grep -v Wunused` (the unused-parameter noise left out).

use compiler::driver::{compile, Options};

fn warnings(name: &str, opts: &Options) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/warnings");
    let src = std::fs::read(dir.join(format!("{name}.c"))).unwrap();
    let out = compile(&format!("{name}.c"), &src, opts);
    assert!(out.result.is_some(), "warnings only:\n{}", out.diagnostics);
    out.diagnostics
        .lines()
        .filter(|l| l.contains(": warning: ") && !l.contains("[-Wunused"))
        .map(str::to_string)
        .collect()
}

fn gcc_lines(name: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/warnings");
    std::fs::read_to_string(dir.join(format!("{name}.gcc12.txt")))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn wall() -> Options {
    Options {
        wall: true,
        ..Default::default()
    }
}

#[test]
fn printf_and_scanf_formats_warn_as_gcc() {
    assert_eq!(warnings("format", &wall()), gcc_lines("format"));
}

#[test]
fn missing_parentheses_warn_as_gcc() {
    assert_eq!(warnings("parentheses", &wall()), gcc_lines("parentheses"));
}

/// Without `-Wall` neither group speaks; `-Wformat` / `-Wparentheses`
/// turn one on alone, `-Wno-…` turns it off under `-Wall` (gcc's rules).
#[test]
fn the_groups_follow_wall_and_their_own_flags() {
    assert!(warnings("format", &Options::default()).is_empty());
    assert!(warnings("parentheses", &Options::default()).is_empty());
    let only = |group: &str, on: bool, wall: bool| Options {
        wall,
        warning_groups: vec![(group.to_string(), on)],
        ..Default::default()
    };
    assert_eq!(
        warnings("format", &only("format", true, false)),
        gcc_lines("format")
    );
    assert!(warnings("format", &only("parentheses", true, false)).is_empty());
    assert!(warnings("format", &only("format", false, true)).is_empty());
    assert_eq!(
        warnings("parentheses", &only("format", false, true)),
        gcc_lines("parentheses")
    );
    assert!(warnings("parentheses", &only("parentheses", false, true)).is_empty());
}
