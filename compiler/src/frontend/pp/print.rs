//! `lcc -E` output: the preprocessed token stream as text. Tokens stay on
//! the line they came from: a forward jump of up to 8 lines is printed as
//! newlines, a longer one, a backward one or a change of file as a
//! gcc-style `# LINE "FILE"` marker (with `-P`, one newline instead). The
//! first token of a line keeps its indentation (up to 40 columns), later
//! ones one space where the source had white space; pragmas are printed
//! back as `#pragma` lines.

use crate::frontend::lex::{Interner, TokKind, Token};
use crate::frontend::source::SourceMap;

/// Renders a token stream as `lcc -E` text. With `line_markers`, emits
/// gcc-style `# line "file"` markers; otherwise (`-P`) only newlines.
pub fn print_tokens(
    toks: &[Token],
    sm: &SourceMap,
    interner: &Interner,
    line_markers: bool,
) -> String {
    let mut out = String::new();
    let mut cur_file: Option<String> = None;
    let mut cur_line = 0u32;
    let mut at_bol = true;
    for t in toks {
        if t.kind == TokKind::Eof {
            break;
        }
        if t.kind == TokKind::Pragma {
            if !at_bol {
                out.push('\n');
            }
            out.push_str("#pragma ");
            out.push_str(interner.get(t.sym));
            out.push('\n');
            at_bol = true;
            continue;
        }
        let f = sm.file(t.span.file);
        let (name, line) = f.presumed(t.span.lo);
        if t.bol || at_bol {
            let same = cur_file.as_deref() == Some(name);
            if !same || line < cur_line || line > cur_line + 8 {
                if !at_bol {
                    out.push('\n');
                }
                if line_markers {
                    out.push_str(&format!("# {line} \"{name}\"\n"));
                } else if !same || line > cur_line + 8 {
                    out.push('\n');
                }
                cur_file = Some(name.to_string());
                cur_line = line;
                at_bol = true;
            } else if line > cur_line {
                for _ in cur_line..line {
                    out.push('\n');
                }
                cur_line = line;
                at_bol = true;
            }
        }
        if at_bol {
            let (_, col) = f.phys_line_col(t.span.lo);
            if t.bol && col > 1 {
                out.push_str(&" ".repeat(((col - 1) as usize).min(40)));
            }
        } else if t.space {
            out.push(' ');
        }
        out.push_str(interner.get(t.sym));
        at_bol = false;
    }
    if !at_bol {
        out.push('\n');
    }
    out
}
