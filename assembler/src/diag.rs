//! The assembler's diagnostics: collected during assembly with the files
//! they point into, and printed by the shared renderer of the
//! `diagnostics` crate (gcc/binutils form `file:line:col: error: message`
//! with the source line and a caret, or codespan's rich form).

use diagnostics::codespan_reporting::files::{Error as FilesError, Files};
use diagnostics::{Format, Label};
use std::ops::Range;

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

impl Diagnostic {
    /// This diagnostic in the shared model: the span becomes the primary
    /// label (none for a diagnostic without a location).
    fn to_shared(&self) -> diagnostics::Diagnostic<usize> {
        let d = match self.severity {
            Severity::Error => diagnostics::Diagnostic::error(),
            Severity::Warning => diagnostics::Diagnostic::warning(),
            Severity::Note => diagnostics::Diagnostic::note(),
        };
        let d = d.with_message(&self.message);
        match self.span {
            Some(s) => d.with_label(Label::primary(s.file, s.start..s.end)),
            None => d,
        }
    }
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
    /// Renders every diagnostic as gcc does (the shared renderer of the
    /// `diagnostics` crate):
    ///
    /// ```text
    /// t.s:3:9: error: unknown operation `ad`
    ///     3 |         ad $r1 = $r2, $r3
    ///       |         ^~
    /// ```
    pub fn render(&self) -> String {
        self.render_as(Format::Gcc)
    }
    /// Renders every diagnostic in `format` (`las --diagnostics-format`).
    pub fn render_as(&self, format: Format) -> String {
        let list: Vec<_> = self.list.iter().map(Diagnostic::to_shared).collect();
        diagnostics::render(format, self, &list, "las")
    }
}

/// The files as the shared renderer reads them: names as given, lines
/// split at `\n`, columns counted in characters.
impl<'a> Files<'a> for Diagnostics {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<&'a str, FilesError> {
        Ok(&self.file(id)?.name)
    }
    fn source(&'a self, id: usize) -> Result<&'a str, FilesError> {
        Ok(&self.file(id)?.text)
    }
    fn line_index(&'a self, id: usize, byte_index: usize) -> Result<usize, FilesError> {
        let starts = &self.file(id)?.line_starts;
        Ok(starts.partition_point(|&s| s <= byte_index) - 1)
    }
    fn line_range(&'a self, id: usize, line_index: usize) -> Result<Range<usize>, FilesError> {
        let f = self.file(id)?;
        let start = |i: usize| match i.cmp(&f.line_starts.len()) {
            std::cmp::Ordering::Less => Ok(f.line_starts[i]),
            std::cmp::Ordering::Equal => Ok(f.text.len()),
            std::cmp::Ordering::Greater => Err(FilesError::LineTooLarge {
                given: i,
                max: f.line_starts.len() - 1,
            }),
        };
        Ok(start(line_index)?..start(line_index + 1)?)
    }
}

impl Diagnostics {
    fn file(&self, id: usize) -> Result<&SourceFile, FilesError> {
        self.files.get(id).ok_or(FilesError::FileMissing)
    }
}
