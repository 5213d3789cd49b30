//! The public API of the shared renderer: format names, the choice of
//! format, and codespan's rich form (which names `file:line:col` too).
//! Expected outputs are written by hand.

use diagnostics::{render, render_rich, Diagnostic, Format, Label, SimpleFiles};

fn one_file(text: &str) -> SimpleFiles<&'static str, String> {
    let mut files = SimpleFiles::new();
    files.add("t.s", text.to_string());
    files
}

#[test]
fn format_names() {
    assert_eq!("rich".parse(), Ok(Format::Rich));
    assert_eq!("text".parse(), Ok(Format::Gcc));
    assert_eq!("gcc".parse(), Ok(Format::Gcc));
    assert!("json".parse::<Format>().is_err());
    assert_eq!(Format::default(), Format::Gcc);
    assert_eq!(Format::Rich.to_string(), "rich");
}

#[test]
fn rich_form_names_file_line_and_column() {
    let files = one_file("nop ;;\n        ad $r1 = $r2, $r3\n");
    let d = Diagnostic::error()
        .with_message("unknown operation `ad`")
        .with_label(Label::primary(0, 15..17));
    let out = render_rich(&files, &[d]);
    assert_eq!(
        out,
        "error: unknown operation `ad`\n  \
         ┌─ t.s:2:9\n  \
         │\n\
         2 │         ad $r1 = $r2, $r3\n  \
         │         ^^\n\n"
    );
}

#[test]
fn rich_form_survives_a_missing_file() {
    let files = one_file("x\n");
    let d = Diagnostic::warning()
        .with_message("odd")
        .with_label(Label::primary(7, 0..1));
    assert_eq!(render_rich(&files, &[d]), "warning: odd\n\n");
}

#[test]
fn render_dispatches_on_the_format() {
    let files = one_file("x\n");
    let d = [Diagnostic::error().with_message("no input files")];
    assert_eq!(
        render(Format::Gcc, &files, &d, "las"),
        "las: error: no input files\n"
    );
    assert_eq!(
        render(Format::Rich, &files, &d, "las"),
        "error: no input files\n\n"
    );
}

#[test]
fn rich_form_expands_tabs_to_eight_and_prints_notes() {
    // Column 2 (the tab counts one), printed at cell 8 as in the gcc form.
    let files = one_file("\tad $r1\n");
    let d = Diagnostic::error()
        .with_message("unknown operation `ad`")
        .with_label(Label::primary(0, 1..3))
        .with_note("did you mean `add`?");
    assert_eq!(
        render_rich(&files, &[d]),
        "error: unknown operation `ad`\n  \
         ┌─ t.s:1:2\n  \
         │\n\
         1 │         ad $r1\n  \
         │         ^^\n  \
         │\n  \
         = did you mean `add`?\n\n"
    );
}
