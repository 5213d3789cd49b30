//! Source files, spans and the diagnostics sink of the front end.
//!
//! Every file the preprocessor reads is stored once in a [`SourceMap`];
//! a [`Span`] is a byte range in one of them. Diagnostics are collected in
//! a [`Diagnostics`] sink (with `-Werror` and the error limit) and printed
//! by the shared renderer of the `diagnostics` crate, like gcc by default:
//! `file:line:col: error: message` (file and line as `#line` presents
//! them), the source line, and a caret line.

use diagnostics::codespan_reporting::files::{Error as FilesError, Files};
use diagnostics::Format;
use std::cmp::Ordering;
use std::ops::Range;

/// Index of a file in the [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FileId(pub u32);

/// A byte range `[lo, hi)` in one source file (offsets in bytes into the
/// file's text after line splicing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// File the range belongs to.
    pub file: FileId,
    /// First byte (inclusive).
    pub lo: u32,
    /// Last byte (exclusive).
    pub hi: u32,
}

impl Span {
    /// A span covering `self` and `other` (same file assumed; otherwise `self`).
    pub fn to(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        Span {
            file: self.file,
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }
}

/// A `#line` directive: from byte `offset` on, the physical line
/// `phys_line` is presented as `line` of file `name`.
#[derive(Clone, Debug)]
struct LineOverride {
    offset: u32,
    phys_line: u32,
    line: u32,
    name: Option<String>,
}

/// One source file: its name as given to the user, its text with
/// backslash-newline splices removed and `\r\n` normalised, and the byte
/// offset at which each physical line starts.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Name used in diagnostics and `__FILE__`.
    pub name: String,
    /// Text after splicing (bytes; need not be UTF-8).
    pub text: Vec<u8>,
    /// Byte offset of the start of each physical line (line 1 at index 0).
    line_starts: Vec<u32>,
    overrides: Vec<LineOverride>,
}

impl SourceFile {
    /// Builds a file from raw bytes, removing line splices.
    pub fn new(name: &str, raw: &[u8]) -> SourceFile {
        let mut text = Vec::with_capacity(raw.len() + 1);
        let mut line_starts = vec![0u32];
        let mut i = 0;
        while i < raw.len() {
            let c = raw[i];
            if c == b'\\' {
                // backslash, optional spaces? gcc accepts only backslash-newline
                // (with a warning for trailing spaces); we accept exact splices.
                if i + 1 < raw.len() && raw[i + 1] == b'\n' {
                    i += 2;
                    line_starts.push(text.len() as u32);
                    continue;
                }
                if i + 2 < raw.len() && raw[i + 1] == b'\r' && raw[i + 2] == b'\n' {
                    i += 3;
                    line_starts.push(text.len() as u32);
                    continue;
                }
            }
            if c == b'\r' {
                if i + 1 < raw.len() && raw[i + 1] == b'\n' {
                    i += 1;
                    continue;
                }
                text.push(b'\n');
                line_starts.push(text.len() as u32);
                i += 1;
                continue;
            }
            text.push(c);
            if c == b'\n' {
                line_starts.push(text.len() as u32);
            }
            i += 1;
        }
        if text.last().is_some_and(|&c| c != b'\n') {
            text.push(b'\n');
        }
        SourceFile {
            name: name.to_string(),
            text,
            line_starts,
            overrides: Vec::new(),
        }
    }

    /// Physical (1-based) line and column of byte `offset`.
    pub fn phys_line_col(&self, offset: u32) -> (u32, u32) {
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (line as u32 + 1, offset - self.line_starts[line] + 1)
    }

    /// Presumed file name and (1-based) line of byte `offset`, honouring
    /// `#line` directives.
    pub fn presumed(&self, offset: u32) -> (&str, u32) {
        let (pl, _) = self.phys_line_col(offset);
        let mut name = self.name.as_str();
        let mut line = pl;
        for o in &self.overrides {
            if o.offset > offset {
                break;
            }
            if let Some(n) = &o.name {
                name = n;
            }
            line = o.line + (pl - o.phys_line);
        }
        (name, line)
    }

    /// Records a `#line` directive that takes effect at the start of the
    /// physical line following byte `offset`.
    pub fn add_line_override(&mut self, offset: u32, line: u32, name: Option<String>) {
        let (pl, _) = self.phys_line_col(offset);
        let next = self
            .line_starts
            .get(pl as usize)
            .copied()
            .unwrap_or(self.text.len() as u32);
        self.overrides.push(LineOverride {
            offset: next,
            phys_line: pl + 1,
            line,
            name,
        });
    }
}

/// All files read during one compilation.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    /// Files by [`FileId`].
    pub files: Vec<SourceFile>,
}

impl SourceMap {
    /// Adds a file and returns its id.
    pub fn add(&mut self, name: &str, raw: &[u8]) -> FileId {
        self.files.push(SourceFile::new(name, raw));
        FileId(self.files.len() as u32 - 1)
    }

    /// The file with id `id`.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// Presumed `file:line:col` location of a span's start.
    pub fn location(&self, span: Span) -> (String, u32, u32) {
        let f = self.file(span.file);
        let (_, col) = f.phys_line_col(span.lo);
        let (name, line) = f.presumed(span.lo);
        (name.to_string(), line, col)
    }
}

/// Severity of a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Compilation fails.
    Error,
    /// Reported; fails only with `-Werror`.
    Warning,
    /// Attached explanation.
    Note,
}

/// One diagnostic message at a span.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Severity.
    pub level: Level,
    /// Where (None for whole-compilation messages).
    pub span: Option<Span>,
    /// Message text, gcc-style (lower case, no final period).
    pub message: String,
}

/// Maximum errors reported before compilation stops.
pub const MAX_ERRORS: usize = 100;

/// Collects diagnostics of one compilation.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics {
    /// Everything reported so far, in order.
    pub list: Vec<Diagnostic>,
    /// Number of errors (warnings promoted by `-Werror` included).
    pub errors: usize,
    /// Treat warnings as errors.
    pub werror: bool,
    /// Report `-Wall` warnings (unused variables, implicit declarations…).
    pub wall: bool,
    /// `-WNAME` (true) and `-Wno-NAME` (false), in command-line order: a
    /// warning group named here follows its last mention, else `-Wall`
    /// ([`Diagnostics::enabled`]).
    pub groups: Vec<(String, bool)>,
    /// How [`Diagnostics::render`] prints (`-fdiagnostics-format=`).
    pub format: Format,
}

impl Diagnostics {
    /// Whether the warnings of group `name` (`format`, `parentheses`: the
    /// `-Wall` groups of gcc) are on: the last `-Wname`/`-Wno-name`, else
    /// `-Wall`.
    pub fn enabled(&self, name: &str) -> bool {
        self.groups
            .iter()
            .rev()
            .find(|g| g.0 == name)
            .map_or(self.wall, |g| g.1)
    }
    /// Reports an error.
    pub fn error(&mut self, span: Span, msg: impl Into<String>) {
        self.errors += 1;
        if self.errors <= MAX_ERRORS {
            self.list.push(Diagnostic {
                level: Level::Error,
                span: Some(span),
                message: msg.into(),
            });
        }
    }
    /// Reports a warning (an error under `-Werror`).
    pub fn warning(&mut self, span: Span, msg: impl Into<String>) {
        if self.werror {
            self.errors += 1;
        }
        self.list.push(Diagnostic {
            level: Level::Warning,
            span: Some(span),
            message: msg.into(),
        });
    }
    /// Reports a note attached to the previous diagnostic.
    pub fn note(&mut self, span: Span, msg: impl Into<String>) {
        self.list.push(Diagnostic {
            level: Level::Note,
            span: Some(span),
            message: msg.into(),
        });
    }
    /// True once too many errors have been reported to continue usefully.
    pub fn too_many(&self) -> bool {
        self.errors >= MAX_ERRORS
    }
    /// True if any error was reported.
    pub fn has_errors(&self) -> bool {
        self.errors > 0
    }

    /// Renders all diagnostics in [`Diagnostics::format`] (gcc style by
    /// default) with the shared renderer of the `diagnostics` crate:
    /// `file:line:col: level: msg` with the `#line`-presumed file and line,
    /// the source line with a gutter and a caret line. Warnings are printed
    /// as errors under `-Werror`.
    pub fn render(&self, sm: &SourceMap) -> String {
        let files = RenderFiles::new(sm);
        let list: Vec<_> = self
            .list
            .iter()
            .map(|d| files.convert(d, self.werror))
            .collect();
        let mut out = diagnostics::render(self.format, &files, &list, "lcc");
        if self.errors > MAX_ERRORS {
            out.push_str("lcc: fatal error: too many errors\n");
        }
        out
    }
}

/// A file as diagnostics name it: a [`SourceMap`] file and how many of its
/// `#line` directives are in force (which gives the presumed name and the
/// presumed line numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PresumedFile {
    file: FileId,
    overrides: usize,
}

/// The files of a [`SourceMap`] as the shared renderer reads them: text
/// that is not UTF-8 decoded as `String::from_utf8_lossy` does (one U+FFFD
/// per invalid sequence), physical lines, presumed names and lines.
struct RenderFiles<'a> {
    sm: &'a SourceMap,
    texts: Vec<Decoded<'a>>,
}

/// A file's text as a `str`, with, when it was not UTF-8, the map from
/// byte offsets in the file to offsets in the decoded text.
struct Decoded<'a> {
    text: std::borrow::Cow<'a, str>,
    /// `(offset in the file, offset in the text, starts an invalid
    /// sequence)` at each change between valid and invalid bytes; empty
    /// when the file is UTF-8.
    anchors: Vec<(usize, usize, bool)>,
}

impl<'a> Decoded<'a> {
    fn new(bytes: &'a [u8]) -> Decoded<'a> {
        if let Ok(text) = std::str::from_utf8(bytes) {
            return Decoded {
                text: text.into(),
                anchors: Vec::new(),
            };
        }
        let mut text = String::with_capacity(bytes.len() + 16);
        let mut anchors = Vec::new();
        let mut at = 0;
        for chunk in bytes.utf8_chunks() {
            anchors.push((at, text.len(), false));
            text.push_str(chunk.valid());
            at += chunk.valid().len();
            if !chunk.invalid().is_empty() {
                anchors.push((at, text.len(), true));
                text.push(char::REPLACEMENT_CHARACTER);
                at += chunk.invalid().len();
            }
        }
        Decoded {
            text: text.into(),
            anchors,
        }
    }

    /// The offset in the decoded text of byte `offset` of the file (the
    /// start of the replacement character for a byte of an invalid
    /// sequence).
    fn offset(&self, offset: u32) -> usize {
        let offset = offset as usize;
        let i = self.anchors.partition_point(|a| a.0 <= offset);
        match i.checked_sub(1).map(|i| self.anchors[i]) {
            None => offset,
            Some((_, to, true)) => to,
            Some((from, to, false)) => to + (offset - from),
        }
        .min(self.text.len())
    }
}

impl<'a> RenderFiles<'a> {
    fn new(sm: &'a SourceMap) -> RenderFiles<'a> {
        RenderFiles {
            sm,
            texts: sm.files.iter().map(|f| Decoded::new(&f.text)).collect(),
        }
    }

    /// `d` in the shared model; its span becomes the primary label.
    fn convert(&self, d: &Diagnostic, werror: bool) -> diagnostics::Diagnostic<PresumedFile> {
        let out = match d.level {
            Level::Error => diagnostics::Diagnostic::error(),
            Level::Warning if werror => diagnostics::Diagnostic::error(),
            Level::Warning => diagnostics::Diagnostic::warning(),
            Level::Note => diagnostics::Diagnostic::note(),
        }
        .with_message(&d.message);
        let Some(span) = d.span.filter(|s| (s.file.0 as usize) < self.sm.files.len()) else {
            return out;
        };
        let f = self.sm.file(span.file);
        // As in `SourceFile::presumed`: the directives up to the span.
        let overrides = f
            .overrides
            .iter()
            .take_while(|o| o.offset <= span.lo)
            .count();
        let text = &self.texts[span.file.0 as usize];
        let id = PresumedFile {
            file: span.file,
            overrides,
        };
        out.with_label(diagnostics::Label::primary(
            id,
            text.offset(span.lo)..text.offset(span.hi.max(span.lo)),
        ))
    }

    fn get(&self, id: PresumedFile) -> Result<(&'a SourceFile, &Decoded<'a>), FilesError> {
        let i = id.file.0 as usize;
        match (self.sm.files.get(i), self.texts.get(i)) {
            (Some(f), Some(t)) => Ok((f, t)),
            _ => Err(FilesError::FileMissing),
        }
    }
}

impl<'a> Files<'a> for RenderFiles<'_> {
    type FileId = PresumedFile;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: PresumedFile) -> Result<&'a str, FilesError> {
        let (f, _) = self.get(id)?;
        let named = f.overrides[..id.overrides.min(f.overrides.len())]
            .iter()
            .rev()
            .find_map(|o| o.name.as_deref());
        Ok(named.unwrap_or(&f.name))
    }

    fn source(&'a self, id: PresumedFile) -> Result<&'a str, FilesError> {
        Ok(&self.get(id)?.1.text)
    }

    fn line_index(&'a self, id: PresumedFile, byte_index: usize) -> Result<usize, FilesError> {
        let (f, t) = self.get(id)?;
        Ok(f.line_starts
            .partition_point(|&s| t.offset(s) <= byte_index)
            .saturating_sub(1))
    }

    fn line_number(&'a self, id: PresumedFile, line_index: usize) -> Result<usize, FilesError> {
        let (f, _) = self.get(id)?;
        let physical = line_index as i64 + 1;
        Ok(
            match id.overrides.checked_sub(1).and_then(|i| f.overrides.get(i)) {
                None => physical as usize,
                Some(o) => (o.line as i64 + physical - o.phys_line as i64).max(0) as usize,
            },
        )
    }

    fn line_range(
        &'a self,
        id: PresumedFile,
        line_index: usize,
    ) -> Result<Range<usize>, FilesError> {
        let (f, t) = self.get(id)?;
        let start = |i: usize| match i.cmp(&f.line_starts.len()) {
            Ordering::Less => Ok(floor_boundary(&t.text, t.offset(f.line_starts[i]))),
            Ordering::Equal => Ok(t.text.len()),
            Ordering::Greater => Err(FilesError::LineTooLarge {
                given: i,
                max: f.line_starts.len() - 1,
            }),
        };
        Ok(start(line_index)?..start(line_index + 1)?)
    }
}

/// The largest char boundary of `s` at or before `i` (a line start after a
/// splice may fall inside a character).
fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    //! The front end's side of rendering: presumed names and lines, splices,
    //! text that is not UTF-8, `-Werror`, the error limit and the format.
    //! Expected outputs are written by hand.

    use super::*;

    fn span(file: FileId, lo: u32, hi: u32) -> Span {
        Span { file, lo, hi }
    }

    #[test]
    fn line_directives_give_the_presumed_name_and_line() {
        let mut sm = SourceMap::default();
        let f = sm.add("t.c", b"a;\nb;\nc;\n");
        // `#line 10 "x.c"` on line 1: line 2 is x.c:10.
        sm.files[0].add_line_override(1, 10, Some("x.c".into()));
        let mut d = Diagnostics::default();
        d.error(span(f, 0, 1), "first");
        d.error(span(f, 6, 7), "third");
        assert_eq!(
            d.render(&sm),
            "t.c:1:1: error: first\n    1 | a;\n      | ^\n\
             x.c:11:1: error: third\n   11 | c;\n      | ^\n"
        );
    }

    #[test]
    fn spliced_lines_are_physical_lines() {
        let mut sm = SourceMap::default();
        let f = sm.add("t.c", b"ab\\\ncd;\n");
        let mut d = Diagnostics::default();
        d.warning(span(f, 2, 4), "here");
        assert_eq!(
            d.render(&sm),
            "t.c:2:1: warning: here\n    2 | cd;\n      | ^~\n"
        );
        // A splice inside a character: the physical line 2 starts in the
        // middle of `é`; it is shown from the character's start.
        let f = sm.add("u.c", b"\xc3\\\n\xa9x;\n");
        let mut d = Diagnostics::default();
        d.error(span(f, 2, 3), "x");
        assert_eq!(
            d.render(&sm),
            "u.c:2:2: error: x\n    2 | éx;\n      |  ^\n"
        );
        d.format = Format::Rich;
        assert!(d.render(&sm).contains("u.c:2:2"));
    }

    #[test]
    fn bytes_that_are_not_utf8_show_as_replacement_characters() {
        let mut sm = SourceMap::default();
        let f = sm.add("t.c", b"int a = \x80\x81 b;\n");
        let mut d = Diagnostics::default();
        d.error(span(f, 11, 12), "'b' undeclared");
        assert_eq!(
            d.render(&sm),
            "t.c:1:12: error: 'b' undeclared\n    \
             1 | int a = \u{FFFD}\u{FFFD} b;\n      \
             |            ^\n"
        );
    }

    #[test]
    fn werror_error_limit_and_location_less() {
        let mut sm = SourceMap::default();
        let f = sm.add("t.c", b"x\n");
        let mut d = Diagnostics {
            werror: true,
            ..Default::default()
        };
        d.warning(span(f, 0, 1), "unused");
        d.list.push(Diagnostic {
            level: Level::Error,
            span: None,
            message: "internal compiler error: IR verifier".into(),
        });
        d.errors = MAX_ERRORS + 1;
        assert_eq!(
            d.render(&sm),
            "t.c:1:1: error: unused\n    1 | x\n      | ^\n\
             lcc: error: internal compiler error: IR verifier\n\
             lcc: fatal error: too many errors\n"
        );
    }

    #[test]
    fn rich_format() {
        let mut sm = SourceMap::default();
        let f = sm.add("t.c", b"int x = y;\n");
        let mut d = Diagnostics {
            format: Format::Rich,
            ..Default::default()
        };
        d.error(span(f, 8, 9), "'y' undeclared");
        assert_eq!(
            d.render(&sm),
            "error: 'y' undeclared\n  \
             ┌─ t.c:1:9\n  \
             │\n\
             1 │ int x = y;\n  \
             │         ^\n\n"
        );
    }
}
