//! The gcc/binutils form: `file:line:col: severity: message`, the source
//! line behind a gutter with its line number, and a caret line under the
//! primary label (see the crate documentation for the column, tab and
//! character policy).
//!
//! How the parts of a [`Diagnostic`] are printed:
//!
//! - the primary label (the first label of style primary, else the first
//!   label) gives the location, the source line and the caret; its message,
//!   if any, follows the caret run after a space;
//! - every other label is printed after it as a `note` at its own location
//!   with its own source line, its message as the note's text;
//! - each note is a line `file:line:col: note: text` at the primary
//!   location, as gcc prints notes that have no location of their own;
//! - the code, if any, follows the message in brackets, as gcc prints the
//!   option that controls a warning (`[-Wunused-variable]`);
//! - without a label, or when the label's file cannot be read, everything
//!   is printed as `TOOL: severity: message` (notes as `TOOL: note: text`).
//!
//! Severities are named as gcc names them: `error`, `warning`, `note`,
//! `internal compiler error` for a bug; a help is printed as a `note`
//! (gcc has no help, and editors know the three usual words).

use codespan_reporting::diagnostic::{Diagnostic, Label, LabelStyle, Severity};
use codespan_reporting::files::Files;
use std::fmt::Write as _;
use std::ops::Range;
use unicode_width::UnicodeWidthChar;

/// Tab stops of the printed source line: every 8 columns, as gcc's
/// default `-ftabstop=8`.
pub const TAB_STOP: usize = 8;

/// gcc's word for a severity.
fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Bug => "internal compiler error",
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note | Severity::Help => "note",
    }
}

/// Renders `diagnostics` in the gcc/binutils form, one after the other.
/// `tool` (`lcc`, `las`) prefixes the diagnostics that have no location.
pub fn render_gcc<'a, F>(files: &'a F, diagnostics: &[Diagnostic<F::FileId>], tool: &str) -> String
where
    F: Files<'a> + ?Sized,
{
    let mut out = String::new();
    for d in diagnostics {
        render_one(&mut out, files, d, tool);
    }
    out
}

fn render_one<'a, F>(out: &mut String, files: &'a F, d: &Diagnostic<F::FileId>, tool: &str)
where
    F: Files<'a> + ?Sized,
{
    let severity = severity_name(d.severity);
    let mut message = d.message.clone();
    if let Some(code) = d.code.as_deref().filter(|c| !c.is_empty()) {
        let _ = write!(message, " [{code}]");
    }
    let primary = d
        .labels
        .iter()
        .position(|l| l.style == LabelStyle::Primary)
        .or((!d.labels.is_empty()).then_some(0));
    let main = primary.and_then(|i| Some((i, located(files, &d.labels[i])?)));
    let Some((index, at)) = main else {
        let _ = writeln!(out, "{tool}: {severity}: {message}");
        for note in &d.notes {
            let _ = writeln!(out, "{tool}: note: {note}");
        }
        return;
    };
    at.write(out, severity, &message, &d.labels[index].message);
    for (i, label) in d.labels.iter().enumerate() {
        if i == index {
            continue;
        }
        match located(files, label) {
            Some(other) => other.write(out, "note", &label.message, ""),
            None => {
                let _ = writeln!(out, "{tool}: note: {}", label.message);
            }
        }
    }
    for note in &d.notes {
        let _ = writeln!(out, "{}:{}:{}: note: {note}", at.name, at.line, at.column);
    }
}

/// A label resolved against the files: where it is and what to print.
struct Located {
    name: String,
    line: usize,
    column: usize,
    /// The source line as printed (tabs expanded, controls replaced).
    text: String,
    /// Display column of the label's start, and the number of cells it
    /// underlines (at least 1).
    caret: usize,
    width: usize,
}

impl Located {
    fn write(&self, out: &mut String, severity: &str, message: &str, label: &str) {
        let _ = writeln!(
            out,
            "{}:{}:{}: {severity}: {message}",
            self.name, self.line, self.column
        );
        let gutter = format!("{:>5}", self.line);
        let _ = writeln!(out, "{gutter} | {}", self.text);
        // padding by repetition, not by a format width: widths above
        // u16::MAX panic in `std::fmt`, and a line can be that long
        let _ = write!(
            out,
            "{} | {}^{}",
            " ".repeat(gutter.len()),
            " ".repeat(self.caret),
            "~".repeat(self.width.saturating_sub(1)),
        );
        if !label.is_empty() {
            let _ = write!(out, " {label}");
        }
        out.push('\n');
    }
}

/// Resolves `label` against `files`; `None` if its file cannot be read.
fn located<'a, F>(files: &'a F, label: &Label<F::FileId>) -> Option<Located>
where
    F: Files<'a> + ?Sized,
{
    let id = label.file_id;
    let source = files.source(id).ok()?;
    let source = source.as_ref();
    let start = floor_boundary(source, label.range.start);
    let name = files.name(id).ok()?.to_string();
    let location = files.location(id, start).ok()?;
    let line_index = files.line_index(id, start).ok()?;
    let line = line_text(source, files.line_range(id, line_index).ok()?);
    // Offsets of the label inside the line, clamped to it.
    let line_start = line.start;
    let text = &source[line];
    let lo = floor_boundary(text, start.saturating_sub(line_start).min(text.len()));
    let hi = floor_boundary(
        text,
        label
            .range
            .end
            .saturating_sub(line_start)
            .clamp(lo, text.len()),
    );
    let (shown, caret, end) = display(text, lo, hi);
    Some(Located {
        name,
        line: location.line_number,
        column: location.column_number,
        text: shown,
        caret,
        width: (end - caret).max(1),
    })
}

/// The byte range of a line's text: `range` (as [`Files::line_range`]
/// gives it) made valid in `source`, without its `\n` or `\r\n`.
fn line_text(source: &str, range: Range<usize>) -> Range<usize> {
    let start = floor_boundary(source, range.start.min(source.len()));
    let end = floor_boundary(source, range.end.clamp(start, source.len()));
    let text = source[start..end]
        .strip_suffix('\n')
        .unwrap_or(&source[start..end]);
    let text = text.strip_suffix('\r').unwrap_or(text);
    start..start + text.len()
}

/// The largest char boundary of `s` at or before `i`.
fn floor_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Cells taken by `c` printed at display column `column`.
fn cells(c: char, column: usize) -> usize {
    match c {
        '\t' => TAB_STOP - column % TAB_STOP,
        c if c.is_control() => 1,
        c => c.width().unwrap_or(1),
    }
}

/// `text` as printed, with the display columns of byte offsets `lo` and
/// `hi` (char boundaries of `text`).
fn display(text: &str, lo: usize, hi: usize) -> (String, usize, usize) {
    let mut shown = String::with_capacity(text.len());
    let (mut at_lo, mut at_hi) = (None, None);
    let mut column = 0;
    for (i, c) in text.char_indices() {
        if i == lo {
            at_lo = Some(column);
        }
        if i == hi {
            at_hi = Some(column);
        }
        let n = cells(c, column);
        match c {
            '\t' => shown.extend(std::iter::repeat_n(' ', n)),
            c if c.is_control() => shown.push('\u{FFFD}'),
            c => shown.push(c),
        }
        column += n;
    }
    (shown, at_lo.unwrap_or(column), at_hi.unwrap_or(column))
}

#[cfg(test)]
mod tests {
    //! Expected outputs are written by hand from the policy in the crate
    //! documentation.

    use super::*;
    use codespan_reporting::files::SimpleFiles;

    fn files(text: &str) -> SimpleFiles<&'static str, String> {
        let mut f = SimpleFiles::new();
        f.add("t.s", text.to_string());
        f
    }

    fn error_at(range: Range<usize>, msg: &str) -> Diagnostic<usize> {
        Diagnostic::error()
            .with_message(msg)
            .with_label(Label::primary(0, range))
    }

    #[test]
    fn caret_past_column_65535() {
        // 70 000 spaces then `x`: column 70 001; the caret line is the
        // gutter, 70 000 spaces and `^` (a format width that large panics)
        let line = format!("{}x\n", " ".repeat(70_000));
        let f = files(&line);
        let out = render_gcc(&f, &[error_at(70_000..70_001, "deep")], "lcc");
        let caret = out.lines().nth(2).unwrap();
        assert_eq!(caret, format!("      | {}^", " ".repeat(70_000)));
        assert!(out.starts_with("t.s:1:70001: error: deep\n"));
    }

    #[test]
    fn plain_line() {
        let f = files("nop ;;\n        ad $r1 = $r2, $r3\n");
        let out = render_gcc(&f, &[error_at(15..17, "unknown operation `ad`")], "las");
        assert_eq!(
            out,
            "t.s:2:9: error: unknown operation `ad`\n    \
             2 |         ad $r1 = $r2, $r3\n      \
             |         ^~\n"
        );
    }

    #[test]
    fn tab_counts_one_column_and_prints_to_the_next_stop() {
        // `\tad\t$r1`: `ad` at column 2, printed at cell 8; the range
        // `ad\t$r1` covers 2 + 6 (tab from cell 10 to 16) + 3 cells.
        let f = files("\tad\t$r1 = $r2\n");
        let out = render_gcc(&f, &[error_at(1..7, "bad")], "las");
        assert_eq!(
            out,
            "t.s:1:2: error: bad\n    \
             1 |         ad      $r1 = $r2\n      \
             |         ^~~~~~~~~~~\n"
        );
        // An error on the operand after the tab: column 5 (characters).
        let out = render_gcc(&f, &[error_at(4..7, "bad register")], "las");
        assert_eq!(
            out,
            "t.s:1:5: error: bad register\n    \
             1 |         ad      $r1 = $r2\n      \
             |                 ^~~\n"
        );
    }

    #[test]
    fn multi_byte_characters() {
        // `é` is two bytes but one column; `中` is three bytes, one
        // column in the location, two cells on screen.
        let text = "x = \"é中\" + y;\n";
        let y = text.find('y').unwrap();
        let f = files(text);
        let out = render_gcc(&f, &[error_at(y..y + 1, "'y' undeclared")], "lcc");
        assert_eq!(
            out,
            "t.s:1:12: error: 'y' undeclared\n    \
             1 | x = \"é中\" + y;\n      \
             |             ^\n"
        );
        // A label covering the wide character underlines both cells.
        let zh = text.find('中').unwrap();
        let out = render_gcc(&f, &[error_at(zh..zh + 3, "wide")], "lcc");
        assert_eq!(
            out,
            "t.s:1:7: error: wide\n    \
             1 | x = \"é中\" + y;\n      \
             |       ^~\n"
        );
    }

    #[test]
    fn span_at_end_of_line_and_beyond_it() {
        let f = files("int x = 1\nint y;\n");
        // At the newline: caret just after the text.
        let out = render_gcc(&f, &[error_at(9..9, "expected ';'")], "lcc");
        assert_eq!(
            out,
            "t.s:1:10: error: expected ';'\n    \
             1 | int x = 1\n      \
             |          ^\n"
        );
        // A range running onto the next line is underlined to the end of
        // its first line.
        let out = render_gcc(&f, &[error_at(6..14, "two lines")], "lcc");
        assert_eq!(
            out,
            "t.s:1:7: error: two lines\n    \
             1 | int x = 1\n      \
             |       ^~~\n"
        );
    }

    #[test]
    fn empty_span_gets_one_caret() {
        let f = files("a b\n");
        let out = render_gcc(&f, &[error_at(2..2, "here")], "las");
        assert_eq!(out, "t.s:1:3: error: here\n    1 | a b\n      |   ^\n");
    }

    #[test]
    fn crlf_line_and_last_line_without_newline() {
        let f = files("one\r\ntwo");
        let out = render_gcc(&f, &[error_at(0..3, "a")], "las");
        assert_eq!(out, "t.s:1:1: error: a\n    1 | one\n      | ^~~\n");
        let out = render_gcc(&f, &[error_at(5..8, "b")], "las");
        assert_eq!(out, "t.s:2:1: error: b\n    2 | two\n      | ^~~\n");
    }

    #[test]
    fn control_characters_are_replaced() {
        let f = files("a\u{1b}[31m b\n");
        let out = render_gcc(&f, &[error_at(7..8, "b")], "las");
        assert_eq!(
            out,
            "t.s:1:8: error: b\n    1 | a\u{FFFD}[31m b\n      |        ^\n"
        );
    }

    #[test]
    fn offsets_inside_a_character_do_not_panic() {
        let f = files("é\n");
        let out = render_gcc(&f, &[error_at(1..2, "mid")], "las");
        assert_eq!(out, "t.s:1:1: error: mid\n    1 | é\n      | ^\n");
        let out = render_gcc(&f, &[error_at(40..50, "past the end")], "las");
        assert_eq!(out, "t.s:2:1: error: past the end\n    2 | \n      | ^\n");
    }

    #[test]
    fn location_less_and_missing_file() {
        let f = files("x\n");
        let d = [
            Diagnostic::error()
                .with_message("no input files")
                .with_note("try --help"),
            Diagnostic::warning()
                .with_message("lost")
                .with_label(Label::primary(3, 0..1)),
        ];
        assert_eq!(
            render_gcc(&f, &d, "las"),
            "las: error: no input files\nlas: note: try --help\nlas: warning: lost\n"
        );
    }

    #[test]
    fn notes_secondary_labels_codes_and_severities() {
        let f = files("int a;\nint a;\n");
        let d = Diagnostic::error()
            .with_message("redefinition of 'a'")
            .with_code("-Wshadow")
            .with_labels(vec![
                Label::secondary(0, 4..5).with_message("previous definition of 'a' was here"),
                Label::primary(0, 11..12),
            ])
            .with_note("each identifier is defined once");
        let out = render_gcc(&f, &[d], "lcc");
        assert_eq!(
            out,
            "t.s:2:5: error: redefinition of 'a' [-Wshadow]\n    \
             2 | int a;\n      \
             |     ^\n\
             t.s:1:5: note: previous definition of 'a' was here\n    \
             1 | int a;\n      \
             |     ^\n\
             t.s:2:5: note: each identifier is defined once\n"
        );
        let d = [
            Diagnostic::note()
                .with_message("declared here")
                .with_label(Label::primary(0, 4..5).with_message("this one")),
            Diagnostic::bug().with_message("IR verifier"),
            Diagnostic::help().with_message("use -O0"),
        ];
        assert_eq!(
            render_gcc(&f, &d, "lcc"),
            "t.s:1:5: note: declared here\n    \
             1 | int a;\n      \
             |     ^ this one\n\
             lcc: internal compiler error: IR verifier\n\
             lcc: note: use -O0\n"
        );
    }

    #[test]
    fn wide_gutter_stays_aligned() {
        let text = "\n".repeat(123_456) + "bad\n";
        let f = files(&text);
        let out = render_gcc(&f, &[error_at(123_456..123_459, "x")], "las");
        assert_eq!(out, "t.s:123457:1: error: x\n123457 | bad\n       | ^~~\n");
    }
}
