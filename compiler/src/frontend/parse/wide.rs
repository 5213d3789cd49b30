//! String literals and character constants with an encoding prefix (C11
//! 6.4.5, 6.4.4.4): `L"…"` (`wchar_t`, `int` of 4 bytes as in gcc -m32),
//! `u"…"` (`char16_t`, UTF-16), `U"…"` (`char32_t`, UTF-32), `u8"…"`
//! (UTF-8, `char`), and `L'x'`, `u'x'`, `U'x'`. Source characters outside
//! ASCII are read as UTF-8 (a byte that is not valid UTF-8 is that byte's
//! value). The data of a wide literal is stored little-endian, one code
//! unit per element, and aligned to 4 bytes ([`TranslationUnit::wide_strings`]).
//! Adjacent literals concatenate; a narrow piece takes the prefix of a
//! wide one (6.4.5p5), two different wide prefixes are an error.

use super::{PResult, Parser};
use crate::frontend::ast::*;
use crate::frontend::lex::{decode_escapes, TokKind, Token};
use crate::frontend::sema::types::{TypeId, TypeKind, Types};
use crate::frontend::source::Span;

/// The encoding prefix of a literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prefix {
    /// No prefix, or `u8`: bytes.
    Narrow,
    /// `L`: `wchar_t` (`int`), 4 bytes.
    Wide,
    /// `u`: `char16_t` (`unsigned short`), UTF-16.
    Utf16,
    /// `U`: `char32_t` (`unsigned int`), UTF-32.
    Utf32,
}

impl Prefix {
    /// The prefix of a literal's spelling (the text before its quote).
    fn of(spelling: &str) -> Prefix {
        match spelling.split(['"', '\'']).next().unwrap_or("") {
            "L" => Prefix::Wide,
            "u" => Prefix::Utf16,
            "U" => Prefix::Utf32,
            _ => Prefix::Narrow,
        }
    }

    /// Element type of the literal's array (or type of the constant).
    fn elem(self) -> TypeId {
        match self {
            Prefix::Narrow => Types::CHAR,
            Prefix::Wide => Types::INT,
            Prefix::Utf16 => Types::USHORT,
            Prefix::Utf32 => Types::UINT,
        }
    }

    /// The code units of `cps` in this encoding, little-endian.
    fn encode(self, cps: &[u32]) -> Vec<u8> {
        let mut out = Vec::new();
        for &c in cps {
            match self {
                Prefix::Narrow => out.push(c as u8),
                Prefix::Wide | Prefix::Utf32 => out.extend(c.to_le_bytes()),
                Prefix::Utf16 => {
                    if (0x10000..=0x10FFFF).contains(&c) {
                        let v = c - 0x10000;
                        out.extend((0xD800 + (v >> 10) as u16).to_le_bytes());
                        out.extend((0xDC00 + (v & 0x3FF) as u16).to_le_bytes());
                    } else {
                        out.extend((c as u16).to_le_bytes());
                    }
                }
            }
        }
        out
    }
}

/// Length in bytes of the escape sequence starting at `b[i]` (a `\`).
fn escape_len(b: &[u8], i: usize) -> usize {
    let digits = |from: usize, max: usize, ok: fn(&u8) -> bool| -> usize {
        b[from.min(b.len())..]
            .iter()
            .take(max)
            .take_while(|c| ok(c))
            .count()
    };
    match b.get(i + 1) {
        None => 1,
        Some(b'0'..=b'7') => 1 + digits(i + 1, 3, |c| (b'0'..=b'7').contains(c)),
        Some(b'x') => 2 + digits(i + 2, usize::MAX, u8::is_ascii_hexdigit),
        Some(b'u') => 2 + digits(i + 2, 4, u8::is_ascii_hexdigit),
        Some(b'U') => 2 + digits(i + 2, 8, u8::is_ascii_hexdigit),
        Some(_) => 2,
    }
}

/// The code points of a literal's body (between the quotes): escapes
/// decoded, other characters read as UTF-8.
fn code_points(body: &[u8], errors: &mut Vec<String>) -> Vec<u32> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < body.len() {
        if body[i] == b'\\' {
            let n = escape_len(body, i);
            out.extend(decode_escapes(&body[i..i + n], errors));
            i += n;
            continue;
        }
        let j = body[i..]
            .iter()
            .position(|&c| c == b'\\')
            .map_or(body.len(), |k| i + k);
        for chunk in body[i..j].utf8_chunks() {
            out.extend(chunk.valid().chars().map(|c| c as u32));
            out.extend(chunk.invalid().iter().map(|&c| c as u32));
        }
        i = j;
    }
    out
}

/// The bytes of a narrow (or `u8`) literal's body: escapes decoded, a
/// universal character name (`\u`, `\U`) as its UTF-8 encoding (C11
/// 6.4.5p6, as gcc), other characters as their source bytes.
fn narrow_bytes(body: &[u8], errors: &mut Vec<String>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < body.len() {
        if body[i] != b'\\' {
            out.push(body[i]);
            i += 1;
            continue;
        }
        let n = escape_len(body, i);
        let ucn = matches!(body.get(i + 1), Some(b'u' | b'U'));
        for v in decode_escapes(&body[i..i + n], errors) {
            match char::from_u32(v).filter(|_| ucn) {
                Some(c) => out.extend(c.encode_utf8(&mut [0; 4]).as_bytes()),
                None => out.push(v as u8),
            }
        }
        i += n;
    }
    out
}

/// For each byte [`narrow_bytes`] makes of a literal's `spelling`, the
/// offset in the spelling of the source character or escape it comes from.
fn narrow_byte_offsets(spelling: &str) -> Vec<u32> {
    let whole = spelling.as_bytes();
    let b = body(spelling);
    let start = (b.as_ptr() as usize - whole.as_ptr() as usize) as u32;
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(start + i as u32);
            i += 1;
            continue;
        }
        let n = escape_len(b, i);
        let produced = narrow_bytes(&b[i..i + n], &mut Vec::new()).len();
        out.extend(std::iter::repeat_n(start + i as u32, produced));
        i += n;
    }
    out
}

/// The body of a literal's spelling: the text between its quotes.
fn body(spelling: &str) -> &[u8] {
    let b = spelling.as_bytes();
    let start = b
        .iter()
        .position(|&c| c == b'"' || c == b'\'')
        .map_or(0, |p| p + 1);
    let end = if b.len() > start && matches!(b[b.len() - 1], b'"' | b'\'') {
        b.len() - 1
    } else {
        b.len()
    };
    &b[start.min(end)..end]
}

impl<'a> Parser<'a> {
    /// A string literal and the literals adjacent to it, from its first
    /// token `t`.
    pub(crate) fn string_literal(&mut self, t: Token) -> PResult<Expr> {
        let mut toks = vec![t];
        while self.peek().kind == TokKind::Str {
            toks.push(self.bump());
        }
        let span = toks[0].span.to(toks[toks.len() - 1].span);
        let mut prefix = Prefix::Narrow;
        for tok in &toks {
            let p = Prefix::of(&self.name(tok.sym));
            if p != Prefix::Narrow && prefix != Prefix::Narrow && p != prefix {
                self.diags.error(
                    tok.span,
                    "concatenation of string literals with different encoding prefixes",
                );
                return Err(());
            }
            if p != Prefix::Narrow {
                prefix = p;
            }
        }
        let mut bytes = Vec::new();
        let mut cps = Vec::new();
        for tok in &toks {
            let s = self.name(tok.sym);
            let mut errs = Vec::new();
            if prefix == Prefix::Narrow {
                bytes.extend(narrow_bytes(body(&s), &mut errs));
            } else {
                cps.extend(code_points(body(&s), &mut errs));
            }
            for e in errs {
                self.diags.warning(tok.span, e);
            }
        }
        let elem = prefix.elem();
        if prefix == Prefix::Narrow && toks.len() == 1 && bytes.contains(&b'%') {
            // where each byte is in the source, for -Wformat (as gcc, the
            // start of the literal when it is a concatenation)
            let mut sites = Vec::with_capacity(bytes.len());
            for tok in &toks {
                let s = self.name(tok.sym);
                for off in narrow_byte_offsets(&s) {
                    sites.push(Span {
                        lo: tok.span.lo + off,
                        hi: tok.span.lo + off + 1,
                        ..tok.span
                    });
                }
            }
            if sites.len() == bytes.len() {
                self.format_sites.insert(span.lo, sites);
            }
        }
        if prefix == Prefix::Narrow {
            bytes.push(0);
        } else {
            cps.push(0);
            bytes = prefix.encode(&cps);
            self.wide_strings.insert(bytes.clone());
        }
        let esize = self.types.size(elem).unwrap_or(1);
        let ty = self.types.array(elem, Some(bytes.len() as u64 / esize));
        Ok(self.mk(ExprKind::Str(bytes), ty, span))
    }

    /// A character constant with an encoding prefix (`L'x'`, `u'x'`,
    /// `U'x'`): the value of its last character, of type `wchar_t`
    /// (`int`), `char16_t` or `char32_t`.
    pub(crate) fn wide_char_constant(&mut self, t: &Token) -> Option<Expr> {
        let s = self.name(t.sym);
        let prefix = Prefix::of(&s);
        if prefix == Prefix::Narrow {
            return None;
        }
        let mut errs = Vec::new();
        let cps = code_points(body(&s), &mut errs);
        if let Some(e) = errs.into_iter().next() {
            self.diags.error(t.span, e);
        }
        let Some(&last) = cps.last() else {
            self.diags.error(t.span, "empty character constant");
            return Some(self.mk(ExprKind::Int(0), Types::INT, t.span));
        };
        let v = match prefix {
            Prefix::Wide => last as i32 as i64,
            Prefix::Utf16 => {
                if last > 0xFFFF {
                    self.diags.error(
                        t.span,
                        "character not encodable in a single code unit of 'char16_t'",
                    );
                }
                (last & 0xFFFF) as i64
            }
            _ => last as i64,
        };
        Some(self.mk(ExprKind::Int(v), prefix.elem(), t.span))
    }

    /// Whether the expression `e` is a string literal that initialises an
    /// array of type `ty` (6.7.9p14-15): a narrow literal a character
    /// array, a wide or UTF literal an array of an integer type of its
    /// code unit's size.
    pub(crate) fn is_string_init(&self, ty: TypeId, e: &Expr) -> bool {
        if !matches!(e.kind, ExprKind::Str(_)) {
            return false;
        }
        let (TypeKind::Array(dst, _), Some(src)) = (self.types.kind(ty), self.types.pointee(e.ty))
        else {
            return false;
        };
        let char_kind = |t: TypeId| {
            matches!(
                self.types.kind(t),
                TypeKind::Char | TypeKind::SChar | TypeKind::UChar
            )
        };
        if char_kind(src) {
            return char_kind(*dst);
        }
        self.types.is_integer(*dst)
            && !char_kind(*dst)
            && self.types.size(*dst) == self.types.size(src)
    }
}
