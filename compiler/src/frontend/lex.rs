//! Preprocessing tokens (C99 §6.4) and the lexer that produces them from
//! a [`SourceFile`](crate::frontend::source::SourceFile)'s spliced text.

use crate::frontend::source::{FileId, Span};
use crate::hash::HashMap;
use std::rc::Rc;

/// An interned string (identifier or token spelling).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(pub u32);

/// String interner: one [`Sym`] per distinct spelling.
#[derive(Debug, Default, Clone)]
pub struct Interner {
    map: HashMap<Rc<str>, Sym>,
    strs: Vec<Rc<str>>,
    /// The symbol of each punctuator's spelling once interned (by `P as
    /// usize`), and of `"\n"`: the lexer's most frequent spellings, found
    /// without hashing them.
    punct: Vec<Option<Sym>>,
    newline: Option<Sym>,
}

impl Interner {
    /// [`Interner::intern`] of the spelling of `p`.
    pub fn intern_punct(&mut self, p: P) -> Sym {
        let k = p as usize;
        if let Some(&Some(s)) = self.punct.get(k) {
            return s;
        }
        let s = self.intern(p.spelling());
        if self.punct.len() <= k {
            self.punct.resize(k + 1, None);
        }
        self.punct[k] = Some(s);
        s
    }
    /// [`Interner::intern`] of `"\n"`.
    pub fn intern_newline(&mut self) -> Sym {
        match self.newline {
            Some(s) => s,
            None => {
                let s = self.intern("\n");
                self.newline = Some(s);
                s
            }
        }
    }
    /// Returns the symbol of `s`, adding it if new.
    pub fn intern(&mut self, s: &str) -> Sym {
        if let Some(&sym) = self.map.get(s) {
            return sym;
        }
        let rc: Rc<str> = Rc::from(s);
        let sym = Sym(self.strs.len() as u32);
        self.strs.push(rc.clone());
        self.map.insert(rc, sym);
        sym
    }
    /// The spelling of `sym`.
    pub fn get(&self, sym: Sym) -> &str {
        &self.strs[sym.0 as usize]
    }
}

/// Punctuators (C99 §6.4.6), digraphs mapped to their usual forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum P {
    LBracket,
    RBracket,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Dot,
    Arrow,
    Inc,
    Dec,
    Amp,
    Star,
    Plus,
    Minus,
    Tilde,
    Bang,
    Slash,
    Percent,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    EqEq,
    Ne,
    Caret,
    Pipe,
    AndAnd,
    OrOr,
    Question,
    Colon,
    Semi,
    Ellipsis,
    Assign,
    MulAssign,
    DivAssign,
    ModAssign,
    AddAssign,
    SubAssign,
    ShlAssign,
    ShrAssign,
    AndAssign,
    XorAssign,
    OrAssign,
    Comma,
    Hash,
    HashHash,
}

impl P {
    /// Precedence of a binary operator, from 1 (`||`) to 10 (`*`, `/`,
    /// `%`), as the C grammar orders them (C11 6.5.5–6.5.14); `None` for a
    /// punctuator that is not a binary operator. The parser and the
    /// preprocessor's `#if` evaluator both climb this one table.
    pub fn binary_precedence(self) -> Option<u8> {
        Some(match self {
            P::OrOr => 1,
            P::AndAnd => 2,
            P::Pipe => 3,
            P::Caret => 4,
            P::Amp => 5,
            P::EqEq | P::Ne => 6,
            P::Lt | P::Gt | P::Le | P::Ge => 7,
            P::Shl | P::Shr => 8,
            P::Plus | P::Minus => 9,
            P::Star | P::Slash | P::Percent => 10,
            _ => return None,
        })
    }

    /// Source spelling.
    pub fn spelling(self) -> &'static str {
        use P::*;
        match self {
            LBracket => "[",
            RBracket => "]",
            LParen => "(",
            RParen => ")",
            LBrace => "{",
            RBrace => "}",
            Dot => ".",
            Arrow => "->",
            Inc => "++",
            Dec => "--",
            Amp => "&",
            Star => "*",
            Plus => "+",
            Minus => "-",
            Tilde => "~",
            Bang => "!",
            Slash => "/",
            Percent => "%",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            EqEq => "==",
            Ne => "!=",
            Caret => "^",
            Pipe => "|",
            AndAnd => "&&",
            OrOr => "||",
            Question => "?",
            Colon => ":",
            Semi => ";",
            Ellipsis => "...",
            Assign => "=",
            MulAssign => "*=",
            DivAssign => "/=",
            ModAssign => "%=",
            AddAssign => "+=",
            SubAssign => "-=",
            ShlAssign => "<<=",
            ShrAssign => ">>=",
            AndAssign => "&=",
            XorAssign => "^=",
            OrAssign => "|=",
            Comma => ",",
            Hash => "#",
            HashHash => "##",
        }
    }
}

/// Kind of a preprocessing token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokKind {
    /// Identifier or keyword; spelling in `Token::sym`.
    Ident,
    /// Preprocessing number (`12`, `0x1fUL`, `1.5e3`).
    Number,
    /// Character constant, with prefix and quotes.
    Char,
    /// String literal, with prefix and quotes.
    Str,
    /// Punctuator.
    Punct(P),
    /// Any other single character (stray `@`, `\`, `$`…).
    Other,
    /// End of a logical line (only inside the lexer/directive handling).
    Newline,
    /// Marker for an empty macro argument next to `##` (never output).
    Placemarker,
    /// A `#pragma` or `_Pragma` to be echoed by `-E`; `sym` holds its text.
    Pragma,
    /// End of input.
    Eof,
}

/// Set of macro names a token must not be expanded by (Prosser's hide set),
/// kept sorted.
pub type HideSet = Option<Rc<Vec<Sym>>>;

/// One preprocessing token.
#[derive(Clone, Debug)]
pub struct Token {
    /// Kind.
    pub kind: TokKind,
    /// Spelling (for punctuators the punctuator's spelling).
    pub sym: Sym,
    /// Where it came from (for macro expansions, the invocation).
    pub span: Span,
    /// Preceded by white space (matters for `-E` and stringizing).
    pub space: bool,
    /// First token on its line.
    pub bol: bool,
    /// Macros this token may not re-expand.
    pub hide: HideSet,
}

impl Token {
    /// True if this token is punctuator `p`.
    pub fn is(&self, p: P) -> bool {
        self.kind == TokKind::Punct(p)
    }
}

/// Adds `m` to a hide set.
pub fn hs_add(h: &HideSet, m: Sym) -> HideSet {
    let mut v: Vec<Sym> = h.as_ref().map(|r| (**r).clone()).unwrap_or_default();
    if let Err(i) = v.binary_search(&m) {
        v.insert(i, m);
    }
    Some(Rc::new(v))
}

/// True if `m` is in the hide set.
pub fn hs_contains(h: &HideSet, m: Sym) -> bool {
    h.as_ref().is_some_and(|v| v.binary_search(&m).is_ok())
}

/// Union of two hide sets.
pub fn hs_union(a: &HideSet, b: &HideSet) -> HideSet {
    match (a, b) {
        (None, x) | (x, None) => x.clone(),
        (Some(x), Some(y)) => {
            let mut v: Vec<Sym> = (**x).clone();
            for s in y.iter() {
                if let Err(i) = v.binary_search(s) {
                    v.insert(i, *s);
                }
            }
            Some(Rc::new(v))
        }
    }
}

/// Intersection of two hide sets.
pub fn hs_intersect(a: &HideSet, b: &HideSet) -> HideSet {
    match (a, b) {
        (Some(x), Some(y)) => {
            let v: Vec<Sym> = x
                .iter()
                .filter(|s| y.binary_search(s).is_ok())
                .copied()
                .collect();
            if v.is_empty() {
                None
            } else {
                Some(Rc::new(v))
            }
        }
        _ => None,
    }
}

/// Lexer over one file's text. Produces [`Token`]s including
/// [`TokKind::Newline`]; comments become white space.
pub struct Lexer<'a> {
    text: &'a [u8],
    /// Current byte offset.
    pub pos: usize,
    file: FileId,
    bol: bool,
    /// Errors found (offset, message); reported by the caller unless the
    /// text was in a skipped conditional group.
    pub errors: Vec<(Span, String)>,
    /// Lex `<...>` as one header-name string (set after `#include`).
    pub header_name: bool,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c >= 0x80
}
fn is_ident_cont(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80
}

impl<'a> Lexer<'a> {
    /// A lexer at offset `pos` of `text` (the text of file `file`).
    pub fn new(text: &'a [u8], file: FileId, pos: usize) -> Lexer<'a> {
        Lexer {
            text,
            pos,
            file,
            bol: true,
            errors: Vec::new(),
            header_name: false,
        }
    }

    fn peek(&self, k: usize) -> u8 {
        self.text.get(self.pos + k).copied().unwrap_or(0)
    }

    /// Skips white space and comments; returns whether any was skipped.
    fn skip_space(&mut self) -> bool {
        let start = self.pos;
        loop {
            let c = self.peek(0);
            if c == b' ' || c == b'\t' || c == 0x0c || c == 0x0b {
                self.pos += 1;
            } else if c == b'/' && self.peek(1) == b'*' {
                let s = self.pos;
                self.pos += 2;
                loop {
                    if self.pos >= self.text.len() {
                        self.errors.push((
                            Span {
                                file: self.file,
                                lo: s as u32,
                                hi: s as u32 + 2,
                            },
                            "unterminated comment".into(),
                        ));
                        break;
                    }
                    if self.peek(0) == b'*' && self.peek(1) == b'/' {
                        self.pos += 2;
                        break;
                    }
                    self.pos += 1;
                }
            } else if c == b'/' && self.peek(1) == b'/' {
                while self.pos < self.text.len() && self.peek(0) != b'\n' {
                    self.pos += 1;
                }
            } else {
                break;
            }
        }
        self.pos != start
    }

    /// Skips the rest of the current line (used in skipped groups); stops
    /// before the newline.
    pub fn skip_line(&mut self) {
        loop {
            self.skip_space();
            let c = self.peek(0);
            if c == b'\n' || self.pos >= self.text.len() {
                return;
            }
            if c == b'"' || c == b'\'' {
                // do not let a quote in a skipped line swallow other lines
                self.pos += 1;
                while self.pos < self.text.len() && self.peek(0) != c && self.peek(0) != b'\n' {
                    if self.peek(0) == b'\\' && self.peek(1) != b'\n' {
                        self.pos += 1;
                    }
                    self.pos += 1;
                }
                if self.peek(0) == c {
                    self.pos += 1;
                }
            } else {
                self.pos += 1;
            }
        }
    }

    /// Next token; `intern` interns spellings.
    pub fn next(&mut self, interner: &mut Interner) -> Token {
        let space = self.skip_space();
        let start = self.pos;
        let bol = self.bol;
        self.bol = false;
        let mk = |kind, sym, end: usize, file| Token {
            kind,
            sym,
            span: Span {
                file,
                lo: start as u32,
                hi: end as u32,
            },
            space,
            bol,
            hide: None,
        };
        if self.pos >= self.text.len() {
            let s = interner.intern("");
            return mk(TokKind::Eof, s, self.pos, self.file);
        }
        let c = self.peek(0);
        if c == b'\n' {
            self.pos += 1;
            self.bol = true;
            let s = interner.intern_newline();
            return mk(TokKind::Newline, s, self.pos, self.file);
        }
        // header name
        if self.header_name && c == b'<' {
            let mut p = self.pos + 1;
            while p < self.text.len() && self.text[p] != b'>' && self.text[p] != b'\n' {
                p += 1;
            }
            if p < self.text.len() && self.text[p] == b'>' {
                self.pos = p + 1;
                let s = interner.intern(&String::from_utf8_lossy(&self.text[start..self.pos]));
                return mk(TokKind::Str, s, self.pos, self.file);
            }
        }
        // prefixed literals
        let (is_prefix, plen) = match (c, self.peek(1), self.peek(2)) {
            (b'L' | b'U' | b'u', b'\'' | b'"', _) => (true, 1),
            (b'u', b'8', b'"') => (true, 2),
            _ => (false, 0),
        };
        if is_prefix || c == b'"' || c == b'\'' {
            let q = self.peek(plen);
            self.pos += plen + 1;
            let mut ok = false;
            while self.pos < self.text.len() {
                let d = self.peek(0);
                if d == b'\n' {
                    break;
                }
                self.pos += 1;
                if d == b'\\' && self.pos < self.text.len() && self.peek(0) != b'\n' {
                    self.pos += 1;
                    continue;
                }
                if d == q {
                    ok = true;
                    break;
                }
            }
            let kind = if q == b'"' {
                TokKind::Str
            } else {
                TokKind::Char
            };
            if !ok {
                let what = if q == b'"' {
                    "missing terminating \" character"
                } else {
                    "missing terminating ' character"
                };
                self.errors.push((
                    Span {
                        file: self.file,
                        lo: start as u32,
                        hi: self.pos as u32,
                    },
                    what.into(),
                ));
            }
            let s = interner.intern(&literal_spelling(&self.text[start..self.pos]));
            return mk(kind, s, self.pos, self.file);
        }
        if is_ident_start(c) {
            while is_ident_cont(self.peek(0)) {
                self.pos += 1;
            }
            let s = interner.intern(&String::from_utf8_lossy(&self.text[start..self.pos]));
            return mk(TokKind::Ident, s, self.pos, self.file);
        }
        if c.is_ascii_digit() || (c == b'.' && self.peek(1).is_ascii_digit()) {
            self.pos += 1;
            loop {
                let d = self.peek(0);
                if ((d == b'+' || d == b'-')
                    && matches!(self.text[self.pos - 1], b'e' | b'E' | b'p' | b'P'))
                    || is_ident_cont(d)
                    || d == b'.'
                {
                    self.pos += 1;
                } else {
                    break;
                }
            }
            let s = interner.intern(&String::from_utf8_lossy(&self.text[start..self.pos]));
            return mk(TokKind::Number, s, self.pos, self.file);
        }
        let (p, n) = punct(&self.text[self.pos..]);
        if let Some(p) = p {
            self.pos += n;
            let s = interner.intern_punct(p);
            return mk(TokKind::Punct(p), s, self.pos, self.file);
        }
        // other: one (possibly multi-byte UTF-8) character
        self.pos += 1;
        while self.pos < self.text.len() && (self.text[self.pos] & 0xc0) == 0x80 {
            self.pos += 1;
        }
        let s = interner.intern(&String::from_utf8_lossy(&self.text[start..self.pos]));
        mk(TokKind::Other, s, self.pos, self.file)
    }
}

/// Longest punctuator at the start of `s`, with its length in bytes.
pub fn punct(s: &[u8]) -> (Option<P>, usize) {
    use P::*;
    let g = |i: usize| s.get(i).copied().unwrap_or(0);
    let (a, b, c, d) = (g(0), g(1), g(2), g(3));
    let three = match (a, b, c) {
        (b'.', b'.', b'.') => Some(Ellipsis),
        (b'<', b'<', b'=') => Some(ShlAssign),
        (b'>', b'>', b'=') => Some(ShrAssign),
        _ => None,
    };
    if let Some(p) = three {
        return (Some(p), 3);
    }
    if (a, b, c, d) == (b'%', b':', b'%', b':') {
        return (Some(HashHash), 4);
    }
    let two = match (a, b) {
        (b'-', b'>') => Some(Arrow),
        (b'+', b'+') => Some(Inc),
        (b'-', b'-') => Some(Dec),
        (b'<', b'<') => Some(Shl),
        (b'>', b'>') => Some(Shr),
        (b'<', b'=') => Some(Le),
        (b'>', b'=') => Some(Ge),
        (b'=', b'=') => Some(EqEq),
        (b'!', b'=') => Some(Ne),
        (b'&', b'&') => Some(AndAnd),
        (b'|', b'|') => Some(OrOr),
        (b'*', b'=') => Some(MulAssign),
        (b'/', b'=') => Some(DivAssign),
        (b'%', b'=') => Some(ModAssign),
        (b'+', b'=') => Some(AddAssign),
        (b'-', b'=') => Some(SubAssign),
        (b'&', b'=') => Some(AndAssign),
        (b'^', b'=') => Some(XorAssign),
        (b'|', b'=') => Some(OrAssign),
        (b'#', b'#') => Some(HashHash),
        (b'<', b':') => Some(LBracket),
        (b':', b'>') => Some(RBracket),
        (b'<', b'%') => Some(LBrace),
        (b'%', b'>') => Some(RBrace),
        (b'%', b':') => Some(Hash),
        _ => None,
    };
    if let Some(p) = two {
        return (Some(p), 2);
    }
    let one = match a {
        b'[' => LBracket,
        b']' => RBracket,
        b'(' => LParen,
        b')' => RParen,
        b'{' => LBrace,
        b'}' => RBrace,
        b'.' => Dot,
        b'&' => Amp,
        b'*' => Star,
        b'+' => Plus,
        b'-' => Minus,
        b'~' => Tilde,
        b'!' => Bang,
        b'/' => Slash,
        b'%' => Percent,
        b'<' => Lt,
        b'>' => Gt,
        b'^' => Caret,
        b'|' => Pipe,
        b'?' => Question,
        b':' => Colon,
        b';' => Semi,
        b'=' => Assign,
        b',' => Comma,
        b'#' => Hash,
        _ => return (None, 0),
    };
    (Some(one), 1)
}

/// Decodes the body of a character or string literal (between the quotes)
/// into bytes, handling escapes (C99 §6.4.4.4). Wide/UTF prefixes produce
/// code units of `unit` bytes each (values returned one per element).
/// Errors are returned as messages.
pub fn decode_escapes(body: &[u8], errors: &mut Vec<String>) -> Vec<u32> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        if c != b'\\' {
            // decode UTF-8 sequence into bytes as-is
            out.push(c as u32);
            i += 1;
            continue;
        }
        i += 1;
        let Some(&e) = body.get(i) else {
            errors.push("stray '\\' at end of literal".into());
            break;
        };
        i += 1;
        let v = match e {
            b'n' => 10,
            b't' => 9,
            b'r' => 13,
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'e' | b'E' => 27,
            b'\\' => 92,
            b'\'' => 39,
            b'"' => 34,
            b'?' => 63,
            b'0'..=b'7' => {
                let mut v = (e - b'0') as u32;
                let mut n = 1;
                while n < 3 && i < body.len() && (b'0'..=b'7').contains(&body[i]) {
                    v = v * 8 + (body[i] - b'0') as u32;
                    i += 1;
                    n += 1;
                }
                v
            }
            b'x' => {
                let mut v: u32 = 0;
                let mut n = 0;
                while i < body.len() && body[i].is_ascii_hexdigit() {
                    v = v.wrapping_mul(16) + (body[i] as char).to_digit(16).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                if n == 0 {
                    errors.push("\\x used with no following hex digits".into());
                }
                v
            }
            b'u' | b'U' => {
                let n = if e == b'u' { 4 } else { 8 };
                let mut v: u32 = 0;
                for _ in 0..n {
                    if i < body.len() && body[i].is_ascii_hexdigit() {
                        v = v.wrapping_mul(16) + (body[i] as char).to_digit(16).unwrap_or(0);
                        i += 1;
                    }
                }
                v
            }
            other => {
                errors.push(format!("unknown escape sequence: '\\{}'", other as char));
                other as u32
            }
        };
        out.push(v);
    }
    out
}

/// The spelling of a string or character literal: its bytes, each byte
/// of an invalid UTF-8 sequence as an octal escape (`\377`), so that a
/// raw byte of a file that is not UTF-8 stays that one byte in the
/// literal (as in gcc) rather than becoming U+FFFD. An octal escape has at
/// most three digits, so a digit after it is not taken into it.
fn literal_spelling(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.into();
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\{b:03o}"));
        }
    }
    out.into()
}
