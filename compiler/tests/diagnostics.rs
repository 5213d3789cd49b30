//! Invalid programs (`tests/invalid/*.c`) must be rejected with gcc-style
//! diagnostics. Each file's first line states, by hand, one diagnostic it
//! must produce (`// expect: line:col: error: message`, following gcc's
//! wording); the full rendered output is also kept as an `insta` snapshot.
//! Files named `werror_*` are compiled with `-Werror`, `wall_*` with
//! `-Wall` (these may succeed: only the warning is required).
//! One more test checks `-fdiagnostics-format=rich` (codespan's form).

use compiler::driver::{compile, Options};

#[test]
fn invalid_programs_give_expected_diagnostics() {
    let mut count = 0;
    insta::glob!("invalid/*.c", |path| {
        count += 1;
        let src = std::fs::read(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let first = String::from_utf8_lossy(&src)
            .lines()
            .next()
            .unwrap_or("")
            .to_string();
        let expect = first
            .strip_prefix("// expect: ")
            .unwrap_or_else(|| panic!("{name}: first line must be '// expect: …'"));
        let opts = Options {
            werror: name.starts_with("werror_"),
            wall: name.starts_with("wall_"),
            ..Default::default()
        };
        let out = compile(&name, &src, &opts);
        let wanted = format!("{name}:{expect}");
        assert!(
            out.diagnostics.contains(&wanted),
            "{name}: expected diagnostic\n  {wanted}\ngot:\n{}",
            out.diagnostics
        );
        if !name.starts_with("wall_") && !expect.contains("warning:") {
            assert!(
                out.errors > 0 && out.result.is_none(),
                "{name}: must fail to compile"
            );
        }
        // every diagnostic has a source line and a caret line
        for l in out.diagnostics.lines().filter(|l| l.starts_with(&name)) {
            assert!(
                l.contains(": error: ") || l.contains(": warning: ") || l.contains(": note: "),
                "{name}: bad line {l}"
            );
        }
        insta::assert_snapshot!(out.diagnostics);
    });
    assert!(count >= 40, "only {count} invalid programs");
}

/// `-fdiagnostics-format=rich`: the same diagnostic in codespan's form.
#[test]
fn rich_format_names_the_location() {
    let opts = Options {
        diagnostics_format: diagnostics::Format::Rich,
        ..Default::default()
    };
    let out = compile("r.c", b"int main(void) { return y; }\n", &opts);
    assert_eq!(
        out.diagnostics,
        "error: 'y' undeclared (first use in this function)\n  \
         ┌─ r.c:1:25\n  \
         │\n\
         1 │ int main(void) { return y; }\n  \
         │                         ^\n\n"
    );
}
