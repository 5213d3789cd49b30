//! The one diagnostic renderer of the toolchain, used by `lcc` and `las`.
//!
//! Both tools collect their diagnostics in their own sinks (they know about
//! `-Werror`, error limits, `#line`, `.include`…) and, to print them,
//! convert them to the data model of `codespan-reporting`: a
//! [`Diagnostic`] whose primary [`Label`] is the range the caret points at
//! and whose notes are extra lines, over a file database implementing
//! [`Files`]. This crate then prints them in one of two [`Format`]s:
//!
//! - [`render_gcc`], the default: the form of gcc and binutils, which users
//!   expect and editors parse:
//!
//!   ```text
//!   t.s:3:9: error: unknown operation `ad`
//!       3 |         ad $r1 = $r2, $r3
//!         |         ^~
//!   ```
//!
//!   and `TOOL: error: message` for a diagnostic without a location;
//! - [`render_rich`], codespan's own rich form (`-fdiagnostics-format=rich`
//!   for `lcc`, `--diagnostics-format=rich` for `las`).
//!
//! # Columns, tabs and characters that are not ASCII
//!
//! One policy for both tools, in both formats:
//!
//! - **Column numbers** (`file:line:COL`) count characters (Unicode scalar
//!   values) from the start of the line, from 1; a tab counts as one. This
//!   is [`Files::column_number`]'s default, so gcc-style and rich output give
//!   the same location. gcc itself now counts *display* columns by default
//!   (a tab advances to the next multiple of 8, a wide character counts 2;
//!   `-fdiagnostics-column-unit=byte` gives bytes instead). We do not follow
//!   it here: both of the renderers this crate replaces counted a tab as one
//!   column, so every location they printed for ASCII text stays the same,
//!   and a count of characters is what most editors jump to. A multi-byte
//!   character counts once (`lcc` used to count its bytes).
//! - **The source line** is printed as gcc prints it: each tab is expanded
//!   to spaces up to the next multiple of 8 columns (gcc's default
//!   `-ftabstop=8`; the gutter `    3 | ` is 8 columns wide, so the line
//!   looks as it does in the file), and characters that are not ASCII are
//!   printed as they are (UTF-8). Control characters other than the tab
//!   are printed as U+FFFD `�`, so that a stray escape byte in a source
//!   cannot reach the terminal. Text that is not valid UTF-8 is decoded by
//!   the tools before it gets here, each invalid sequence becoming one
//!   U+FFFD (`String::from_utf8_lossy`'s rule). Why expand tabs rather than
//!   keep them (as `las` did): the output then contains no control
//!   characters and looks the same in a terminal, an editor, a log viewer or
//!   a test expectation whatever its tab width; and it is gcc's behaviour.
//! - **The caret line** is made of spaces up to the display column of the
//!   label's start, then `^` and as many `~` as needed to underline the
//!   label's display width (a wide character takes two cells; a tab inside
//!   the range its expanded width). An empty label, or one that starts at
//!   the end of the line, gets a single `^`; a label that goes on past the
//!   end of its first line is underlined up to that end.
//!
//! Codespan's rich form is configured with the same tab stop of 8.

#![warn(missing_docs)]

mod gcc;

pub use codespan_reporting;
pub use codespan_reporting::diagnostic::{Diagnostic, Label, LabelStyle, Severity};
pub use codespan_reporting::files::{Files, SimpleFile, SimpleFiles};
pub use gcc::{render_gcc, TAB_STOP};

use codespan_reporting::term::{self, Config, DisplayStyle};
use std::fmt;
use std::str::FromStr;

/// How diagnostics are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// gcc/binutils style ([`render_gcc`]); the default.
    #[default]
    Gcc,
    /// codespan-reporting's rich style ([`render_rich`]).
    Rich,
}

impl FromStr for Format {
    type Err = String;

    /// `text` (gcc's name for its default format) or `gcc`, and `rich`.
    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "text" | "gcc" => Ok(Format::Gcc),
            "rich" => Ok(Format::Rich),
            _ => Err(format!(
                "unknown diagnostics format `{s}` (expected text or rich)"
            )),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Gcc => "text",
            Format::Rich => "rich",
        })
    }
}

/// Renders `diagnostics` in `format`. `tool` (`lcc`, `las`) prefixes the
/// gcc-style messages that have no location; the rich form does not use it.
pub fn render<'a, F>(
    format: Format,
    files: &'a F,
    diagnostics: &[Diagnostic<F::FileId>],
    tool: &str,
) -> String
where
    F: Files<'a> + ?Sized,
{
    match format {
        Format::Gcc => render_gcc(files, diagnostics, tool),
        Format::Rich => render_rich(files, diagnostics),
    }
}

/// Renders `diagnostics` with codespan-reporting's rich style, without
/// colours, tabs expanded to [`TAB_STOP`]. A diagnostic whose labels point
/// outside `files` is printed without its labels rather than lost.
pub fn render_rich<'a, F>(files: &'a F, diagnostics: &[Diagnostic<F::FileId>]) -> String
where
    F: Files<'a> + ?Sized,
{
    let config = Config {
        display_style: DisplayStyle::Rich,
        tab_width: TAB_STOP,
        ..Config::default()
    };
    let mut out = String::new();
    for d in diagnostics {
        let mut one = String::new();
        if term::emit_to_string(&mut one, &config, files, d).is_err() {
            one.clear();
            let bare = Diagnostic {
                labels: Vec::new(),
                ..d.clone()
            };
            // Without labels, emitting reads no file and cannot fail.
            let _ = term::emit_to_string(&mut one, &config, files, &bare);
        }
        out.push_str(&one);
    }
    out
}
