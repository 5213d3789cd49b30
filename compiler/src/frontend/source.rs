//! Source files, spans and gcc-style diagnostics.
//!
//! Every file the preprocessor reads is stored once in a [`SourceMap`];
//! a [`Span`] is a byte range in one of them. Diagnostics are collected in
//! a [`Diagnostics`] sink and rendered like gcc:
//! `file:line:col: error: message`, the source line, and a caret line.

use std::fmt::Write as _;

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

    /// Text of physical line `line` (1-based), without its newline.
    pub fn line_text(&self, line: u32) -> &[u8] {
        let i = (line - 1) as usize;
        let start = self.line_starts.get(i).copied().unwrap_or(0) as usize;
        let mut end = self
            .line_starts
            .get(i + 1)
            .map(|&e| e as usize)
            .unwrap_or(self.text.len());
        if end > start && self.text.get(end - 1) == Some(&b'\n') {
            end -= 1;
        }
        &self.text[start.min(end)..end]
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
}

impl Diagnostics {
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

    /// Renders all diagnostics gcc-style: `file:line:col: level: msg`,
    /// then the source line with a gutter and a caret line.
    pub fn render(&self, sm: &SourceMap) -> String {
        let mut out = String::new();
        for d in &self.list {
            render_one(&mut out, sm, d, self.werror);
        }
        if self.errors > MAX_ERRORS {
            out.push_str("lcc: fatal error: too many errors\n");
        }
        out
    }
}

fn render_one(out: &mut String, sm: &SourceMap, d: &Diagnostic, werror: bool) {
    let level = match d.level {
        Level::Error => "error",
        Level::Warning if werror => "error",
        Level::Warning => "warning",
        Level::Note => "note",
    };
    let Some(span) = d.span else {
        let _ = writeln!(out, "lcc: {level}: {}", d.message);
        return;
    };
    if span.file.0 as usize >= sm.files.len() {
        let _ = writeln!(out, "lcc: {level}: {}", d.message);
        return;
    }
    let f = sm.file(span.file);
    let (pline, col) = f.phys_line_col(span.lo);
    let (name, line) = f.presumed(span.lo);
    let _ = writeln!(out, "{name}:{line}:{col}: {level}: {}", d.message);
    let text = f.line_text(pline);
    let text: String = text
        .iter()
        .map(|&b| {
            if b == b'\t' {
                ' '
            } else if (0x20..0x7f).contains(&b) {
                b as char
            } else {
                '?'
            }
        })
        .collect();
    let gutter = format!("{line:>5}");
    let _ = writeln!(out, "{gutter} | {text}");
    let c0 = (col - 1) as usize;
    let width = ((span.hi.saturating_sub(span.lo)) as usize)
        .max(1)
        .min(text.len().saturating_sub(c0).max(1));
    let _ = writeln!(
        out,
        "{} | {}^{}",
        " ".repeat(gutter.len()),
        " ".repeat(c0),
        "~".repeat(width - 1)
    );
}
