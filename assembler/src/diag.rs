//! Diagnostics in the gcc/binutils form `file:line:col: error: message`,
//! followed by the source line and a caret under the offending text.

use std::fmt::Write as _;

/// Severity of a diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Stops the output file from being written.
    Error,
    /// Reported, output still written.
    Warning,
    /// Extra information attached to the previous diagnostic.
    Note,
}

/// A source file known to the diagnostics: its name and text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Name as given on the command line or in `.include`.
    pub name: String,
    /// Full text.
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// Indexes `text` by line.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }
    /// 1-based line and column (in characters) of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let col = self
            .text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count());
        (line + 1, col + 1)
    }
    /// Text of 1-based `line`, without its newline.
    pub fn line_text(&self, line: usize) -> &str {
        let start = self
            .line_starts
            .get(line - 1)
            .copied()
            .unwrap_or(self.text.len());
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |e| e - 1);
        self.text
            .get(start..end.max(start))
            .unwrap_or("")
            .trim_end_matches('\r')
    }
}

/// A byte range in one source file (index into the file list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// Index of the file in the assembler's file list.
    pub file: usize,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span of `file` from `start` to `end` (bytes).
    pub fn new(file: usize, start: usize, end: usize) -> Span {
        Span {
            file,
            start,
            end: end.max(start),
        }
    }
}

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where; `None` for problems with no location (e.g. the command line).
    pub span: Option<Span>,
    /// The message: what rule was broken.
    pub message: String,
}

/// All diagnostics of one run, with the files they point into.
#[derive(Debug, Clone, Default)]
pub struct Diagnostics {
    /// Files, indexed by [`Span::file`].
    pub files: Vec<SourceFile>,
    /// Diagnostics in the order found.
    pub list: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Records an error at `span`.
    pub fn error(&mut self, span: Span, message: impl Into<String>) {
        self.list.push(Diagnostic {
            severity: Severity::Error,
            span: Some(span),
            message: message.into(),
        });
    }
    /// Records a warning at `span`.
    pub fn warning(&mut self, span: Span, message: impl Into<String>) {
        self.list.push(Diagnostic {
            severity: Severity::Warning,
            span: Some(span),
            message: message.into(),
        });
    }
    /// Records a note at `span`, attached to the previous diagnostic.
    pub fn note(&mut self, span: Span, message: impl Into<String>) {
        self.list.push(Diagnostic {
            severity: Severity::Note,
            span: Some(span),
            message: message.into(),
        });
    }
    /// Records an error with no source location.
    pub fn error_global(&mut self, message: impl Into<String>) {
        self.list.push(Diagnostic {
            severity: Severity::Error,
            span: None,
            message: message.into(),
        });
    }
    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.list
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }
    /// Whether any error was recorded.
    pub fn has_errors(&self) -> bool {
        self.error_count() > 0
    }
    /// Renders every diagnostic as gcc does:
    ///
    /// ```text
    /// t.s:3:9: error: unknown operation `ad`
    ///     3 |         ad $r1 = $r2, $r3
    ///       |         ^~
    /// ```
    pub fn render(&self) -> String {
        let mut out = String::new();
        for d in &self.list {
            let kind = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            };
            let Some(span) = d.span else {
                let _ = writeln!(out, "las: {kind}: {}", d.message);
                continue;
            };
            let Some(file) = self.files.get(span.file) else {
                let _ = writeln!(out, "las: {kind}: {}", d.message);
                continue;
            };
            let (line, col) = file.line_col(span.start);
            let _ = writeln!(out, "{}:{line}:{col}: {kind}: {}", file.name, d.message);
            let text = file.line_text(line);
            let _ = writeln!(out, "{line:5} | {text}");
            let (end_line, end_col) = file.line_col(span.end);
            let width = if end_line == line && end_col > col {
                end_col - col
            } else {
                1
            };
            let pad: String = text
                .chars()
                .take(col - 1)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let _ = writeln!(out, "      | {pad}^{}", "~".repeat(width.saturating_sub(1)));
        }
        out
    }
}
