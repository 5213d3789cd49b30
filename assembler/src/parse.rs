//! Lexical layer of `las`: comment removal, statement splitting, operand
//! tokens, string literals (ISA-ST200 §7.5).

use crate::expr::{is_ident_char, is_ident_start};

/// Replaces `#` comments (to end of line) and `/* … */` comments by spaces,
/// keeping newlines and byte offsets, and leaving string and character
/// literals alone.
pub fn strip_comments(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'\'' => {
                // 'c' or '\c' character constants.
                if i + 2 < bytes.len() && bytes[i + 1] != b'\\' && bytes[i + 2] == b'\'' {
                    i += 3;
                } else if i + 3 < bytes.len() && bytes[i + 1] == b'\\' && bytes[i + 3] == b'\'' {
                    i += 4;
                } else {
                    i += 1;
                }
            }
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    out[i] = b' ';
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    if bytes[i] != b'\n' {
                        out[i] = b' ';
                    }
                    i += 1;
                }
                if i < bytes.len() {
                    out[i] = b' ';
                    out[i + 1] = b' ';
                    i += 2;
                }
            }
            _ => i += 1,
        }
    }
    // Only ASCII bytes were replaced by ASCII spaces, and only whole
    // characters inside comments, so the result is valid UTF-8 unless a
    // multi-byte character was cut: replace lossily in that case.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Splits `text` at top-level occurrences of `sep` (outside strings,
/// character constants, parentheses and brackets); returns byte ranges.
pub fn split_top(text: &str, sep: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            // 'c' or '\c' character constants.
            b'\'' if bytes.get(i + 2) == Some(&b'\'') && bytes[i + 1] != b'\\' => i += 2,
            b'\'' if bytes.get(i + 1) == Some(&b'\\') && bytes.get(i + 3) == Some(&b'\'') => i += 3,
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            _ if depth <= 0 && bytes[i..].starts_with(sep.as_bytes()) => {
                parts.push((start, i));
                i += sep.len();
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push((start, bytes.len().max(start)));
    parts
}

/// One token of an operation's operand text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tok {
    /// A register: branch register or not, number; `start..end` in the text.
    Reg {
        /// `$bN` rather than `$rN`.
        br: bool,
        /// Register number (may be out of range: checked by the encoder).
        n: i64,
    },
    /// `=`, `,`, `[` or `]`.
    Punct(u8),
    /// An expression: its byte range (trimmed) in the operand text.
    Expr(usize, usize),
}

/// A token with its byte range in the operand text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spanned {
    /// The token.
    pub tok: Tok,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// Parses a register name at the start of `s` (`$r12`, `$b3`, `$r0.12`,
/// `$b0.3`, ISA-ST200 §1.2, §1.3); returns (is_branch, number, length).
pub fn parse_register(s: &str) -> Option<(bool, i64, usize)> {
    let b = s.as_bytes();
    if b.first() != Some(&b'$') {
        return None;
    }
    let br = match b.get(1) {
        Some(b'r') => false,
        Some(b'b') => true,
        _ => return None,
    };
    let digits = |from: usize| b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let n1 = digits(2);
    if n1 == 0 || n1 > 6 {
        return None;
    }
    let first: i64 = s[2..2 + n1].parse().ok()?;
    let mut len = 2 + n1;
    let mut n = first;
    // Cluster-qualified spelling: `$r0.N` (single cluster 0).
    if b.get(len) == Some(&b'.') && first == 0 {
        let n2 = digits(len + 1);
        if n2 > 0 && n2 <= 6 {
            n = s[len + 1..len + 1 + n2].parse().ok()?;
            len += 1 + n2;
        }
    }
    if b.get(len).is_some_and(|&c| is_ident_char(c as char)) {
        return None;
    }
    Some((br, n, len))
}

/// Splits operand text into registers, punctuation and expressions.
/// Returns the byte offset of a malformed register on error.
pub fn tokenize_operands(text: &str) -> Result<Vec<Spanned>, usize> {
    let b = text.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'$' {
            let (br, n, len) = parse_register(&text[i..]).ok_or(i)?;
            toks.push(Spanned {
                tok: Tok::Reg { br, n },
                start: i,
                end: i + len,
            });
            i += len;
            continue;
        }
        if matches!(c, b'=' | b',' | b'[' | b']') {
            toks.push(Spanned {
                tok: Tok::Punct(c),
                start: i,
                end: i + 1,
            });
            i += 1;
            continue;
        }
        // An expression runs to the next top-level `=`, `,`, `[`, `]`.
        let start = i;
        let mut depth = 0;
        while i < b.len() {
            match b[i] {
                b'(' => depth += 1,
                b')' => depth -= 1,
                b'\'' if i + 2 < b.len() && b[i + 2] == b'\'' => i += 2,
                b'=' | b',' | b'[' | b']' if depth <= 0 => break,
                _ => {}
            }
            i += 1;
        }
        let mut end = i;
        while end > start && b[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        toks.push(Spanned {
            tok: Tok::Expr(start, end),
            start,
            end,
        });
    }
    Ok(toks)
}

/// Length of an identifier (symbol, mnemonic or directive name) at the
/// start of `s`, 0 if none.
pub fn ident_len(s: &str) -> usize {
    let mut chars = s.char_indices();
    match chars.next() {
        Some((_, c)) if is_ident_start(c) => {}
        _ => return 0,
    }
    chars
        .find(|&(_, c)| !is_ident_char(c))
        .map_or(s.len(), |(i, _)| i)
}

/// Decodes a string literal `"…"` with C escapes (`\n \t \r \0 \\ \" \xHH
/// \ooo`); returns the bytes, or the offset of the problem.
pub fn parse_string(s: &str) -> Result<Vec<u8>, usize> {
    let b = s.as_bytes();
    if b.first() != Some(&b'"') {
        return Err(0);
    }
    let mut out = Vec::new();
    let mut i = 1;
    while i < b.len() {
        match b[i] {
            b'"' => {
                return if s[i + 1..].trim().is_empty() {
                    Ok(out)
                } else {
                    Err(i + 1)
                };
            }
            b'\\' => {
                i += 1;
                let c = *b.get(i).ok_or(i)?;
                match c {
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'r' => out.push(b'\r'),
                    b'a' => out.push(7),
                    b'b' => out.push(8),
                    b'f' => out.push(12),
                    b'v' => out.push(11),
                    b'\\' | b'"' | b'\'' => out.push(c),
                    b'x' => {
                        let n = b[i + 1..]
                            .iter()
                            .take_while(|c| c.is_ascii_hexdigit())
                            .count();
                        if n == 0 {
                            return Err(i);
                        }
                        let v = u32::from_str_radix(&s[i + 1..i + 1 + n], 16).map_err(|_| i)?;
                        out.push(v as u8);
                        i += n;
                    }
                    b'0'..=b'7' => {
                        let n = b[i..]
                            .iter()
                            .take(3)
                            .take_while(|c| (b'0'..=b'7').contains(c))
                            .count();
                        let v = u32::from_str_radix(&s[i..i + n], 8).map_err(|_| i)?;
                        out.push(v as u8);
                        i += n - 1;
                    }
                    _ => return Err(i),
                }
                i += 1;
            }
            _ => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    Err(b.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_blanked_but_strings_kept() {
        let s = strip_comments("add $r1 = $r2, 3 # c\n.ascii \"#x\" /* a\nb */ ;;");
        assert_eq!(s, "add $r1 = $r2, 3    \n.ascii \"#x\"     \n     ;;");
    }

    #[test]
    fn registers() {
        assert_eq!(parse_register("$r12"), Some((false, 12, 4)));
        assert_eq!(parse_register("$r0.12,"), Some((false, 12, 6)));
        assert_eq!(parse_register("$b0.3"), Some((true, 3, 5)));
        assert_eq!(parse_register("$b7"), Some((true, 7, 3)));
        assert_eq!(parse_register("$x1"), None);
        assert_eq!(parse_register("$r1x"), None);
    }

    #[test]
    fn operand_tokens() {
        let t = tokenize_operands("$r1 = @gprel(x)[$r14]").unwrap();
        let kinds: Vec<_> = t.iter().map(|s| s.tok).collect();
        assert_eq!(
            kinds,
            vec![
                Tok::Reg { br: false, n: 1 },
                Tok::Punct(b'='),
                Tok::Expr(6, 15),
                Tok::Punct(b'['),
                Tok::Reg { br: false, n: 14 },
                Tok::Punct(b']')
            ]
        );
    }

    #[test]
    fn strings() {
        assert_eq!(parse_string(r#""a\n\x41\101\"""#).unwrap(), b"a\nAA\"");
        assert!(parse_string("\"abc").is_err());
    }

    #[test]
    fn split_respects_strings() {
        assert_eq!(
            split_top("a, \"b,c\", (d,e)", ","),
            vec![(0, 1), (2, 8), (9, 15)]
        );
    }
}
