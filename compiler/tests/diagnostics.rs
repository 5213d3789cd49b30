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

/// gcc's `-Wdiscarded-qualifiers` for `volatile`: the four implicit
/// conversions of a pointer to volatile to a pointer to non-volatile. The
/// expected lines (position and text) are those of `gcc -c` 12.2 on the
/// same source, with ASCII quotes; nothing is reported when the target
/// keeps the qualifier or for an explicit cast.
#[test]
fn discarded_volatile_qualifier_warnings() {
    let src = br#"volatile int vi;
void f(int *p);
void fv(volatile int *p);
int *r(void) { return &vi; }
void g(void) {
    int *p = &vi;
    p = &vi;
    f(&vi);
    fv(&vi);
    volatile int *vp = &vi;
    p = (int *)vp;
    vp = p;
}
"#;
    let out = compile("q.c", src, &Options::default());
    let lines: Vec<&str> = out
        .diagnostics
        .lines()
        .filter(|l| l.starts_with("q.c:"))
        .collect();
    assert_eq!(
        lines,
        [
            "q.c:4:23: warning: return discards 'volatile' qualifier from pointer target type [-Wdiscarded-qualifiers]",
            "q.c:6:14: warning: initialization discards 'volatile' qualifier from pointer target type [-Wdiscarded-qualifiers]",
            "q.c:7:7: warning: assignment discards 'volatile' qualifier from pointer target type [-Wdiscarded-qualifiers]",
            "q.c:8:7: warning: passing argument 1 of 'f' discards 'volatile' qualifier from pointer target type [-Wdiscarded-qualifiers]",
        ],
        "{}",
        out.diagnostics
    );
    assert!(out.result.is_some(), "warnings only");
    // the caret line under the initialiser
    assert!(
        out.diagnostics
            .contains("    6 |     int *p = &vi;\n      |              ^~~\n"),
        "{}",
        out.diagnostics
    );
}
