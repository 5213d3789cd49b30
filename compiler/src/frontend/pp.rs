//! The C preprocessor (C99 §6.10): `#include`, macros with `#`, `##` and
//! `__VA_ARGS__` (Prosser's hide-set expansion algorithm), conditionals
//! with full `#if` constant expressions, `#line`, `#error`/`#warning`,
//! `#pragma` and `_Pragma`, and the predefined macros of the ST200 target.
//!
//! [`Preprocessor::run`] produces the token stream the parser reads;
//! [`print_tokens`] renders it as `lcc -E` text.

use crate::frontend::lex::{
    decode_escapes, hs_add, hs_contains, hs_intersect, hs_union, Interner, Lexer, Sym, TokKind,
    Token, P,
};
use crate::frontend::source::{Diagnostics, FileId, SourceMap, Span};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Headers embedded in `lcc` (the runtime's header directory,
/// `runtime/include/`), found after every `-I` directory. Name and contents.
pub const BUILTIN_HEADERS: &[(&str, &str)] = &[
    ("stdio.h", include_str!("../../../runtime/include/stdio.h")),
    (
        "stdlib.h",
        include_str!("../../../runtime/include/stdlib.h"),
    ),
    (
        "string.h",
        include_str!("../../../runtime/include/string.h"),
    ),
    (
        "stdarg.h",
        include_str!("../../../runtime/include/stdarg.h"),
    ),
    (
        "stddef.h",
        include_str!("../../../runtime/include/stddef.h"),
    ),
    (
        "stdint.h",
        include_str!("../../../runtime/include/stdint.h"),
    ),
    (
        "stdbool.h",
        include_str!("../../../runtime/include/stdbool.h"),
    ),
    (
        "limits.h",
        include_str!("../../../runtime/include/limits.h"),
    ),
    ("ctype.h", include_str!("../../../runtime/include/ctype.h")),
    (
        "assert.h",
        include_str!("../../../runtime/include/assert.h"),
    ),
    (
        "inttypes.h",
        include_str!("../../../runtime/include/inttypes.h"),
    ),
    (
        "setjmp.h",
        include_str!("../../../runtime/include/setjmp.h"),
    ),
    ("float.h", include_str!("../../../runtime/include/float.h")),
    ("math.h", include_str!("../../../runtime/include/math.h")),
    ("errno.h", include_str!("../../../runtime/include/errno.h")),
];

/// Options of one preprocessing run.
#[derive(Clone, Debug, Default)]
pub struct PpOptions {
    /// `-I` directories, searched in order.
    pub include_dirs: Vec<PathBuf>,
    /// `-D name` or `-D name=value`, applied in order after the predefined macros.
    pub defines: Vec<String>,
    /// `-U name`, applied after the defines.
    pub undefs: Vec<String>,
    /// Core name for the `__ST231__`-style macro (`st220`, `st231`, `st240`);
    /// default `st231`.
    pub core: Option<String>,
}

#[derive(Clone, Debug)]
struct Macro {
    /// Parameter names for function-like macros.
    params: Option<Vec<Sym>>,
    variadic: bool,
    body: Vec<Token>,
    builtin: Option<Builtin>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Builtin {
    File,
    Line,
    Counter,
}

#[derive(Clone, Debug)]
struct Cond {
    /// Some group of this conditional was taken already.
    taken: bool,
    /// `#else` seen.
    seen_else: bool,
    span: Span,
}

struct Frame {
    file: FileId,
    text: Rc<[u8]>,
    pos: usize,
    conds: Vec<Cond>,
    dir: PathBuf,
}

/// Maximum `#include` nesting.
const MAX_INCLUDE_DEPTH: usize = 200;
/// Maximum nesting of macro arguments being expanded.
const MAX_EXPANSION_DEPTH: usize = 200;
/// Maximum number of tokens produced by macro expansion in one run.
const MAX_EXPANDED_TOKENS: u64 = 50_000_000;

/// The preprocessor state for one translation unit.
pub struct Preprocessor<'a> {
    /// Source files (the main file and everything included).
    pub sm: &'a mut SourceMap,
    /// Diagnostics sink.
    pub diags: &'a mut Diagnostics,
    /// Interned spellings.
    pub interner: &'a mut Interner,
    opts: PpOptions,
    macros: HashMap<Sym, Macro>,
    frames: Vec<Frame>,
    pending: Vec<Token>,
    once: HashSet<PathBuf>,
    counter: u64,
    expanded: u64,
    depth: usize,
    s_defined: Sym,
    s_va_args: Sym,
    s_pragma_op: Sym,
    s_has_include: Sym,
    pragma_out: Vec<Token>,
}

/// Parses a C integer constant spelling (decimal, octal, hex, binary) with
/// optional `u`/`l`/`ll` suffixes. Returns (value, unsigned suffix, number
/// of `l`s, is decimal) or an error message. Values that overflow 64 bits
/// are an error.
pub fn parse_int_literal(s: &str) -> Result<(u64, bool, u8, bool), String> {
    let b = s.as_bytes();
    let (radix, mut i) = if b.len() > 1 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        (16, 2)
    } else if b.len() > 1 && b[0] == b'0' && (b[1] == b'b' || b[1] == b'B') {
        (2, 2)
    } else if b[0] == b'0' {
        (8, 0)
    } else {
        (10, 0)
    };
    let start = i;
    let mut v: u64 = 0;
    let mut overflow = false;
    while i < b.len() {
        let Some(d) = (b[i] as char).to_digit(16) else {
            break;
        };
        if radix != 16 && !(b[i] as char).is_ascii_digit() {
            break;
        }
        if d >= radix {
            return Err(format!(
                "invalid digit \"{}\" in {} constant",
                b[i] as char,
                match radix {
                    8 => "octal",
                    2 => "binary",
                    _ => "decimal",
                }
            ));
        }
        match v
            .checked_mul(radix as u64)
            .and_then(|x| x.checked_add(d as u64))
        {
            Some(x) => v = x,
            None => overflow = true,
        }
        i += 1;
    }
    if i == start && radix != 8 {
        return Err(format!(
            "invalid suffix \"{}\" on integer constant",
            &s[start.min(s.len())..]
        ));
    }
    let suffix = &s[i..];
    let lower = suffix.to_ascii_lowercase();
    let (u, l) = match lower.as_str() {
        "" => (false, 0),
        "u" => (true, 0),
        "l" => (false, 1),
        "ul" | "lu" => (true, 1),
        "ll" => (false, 2),
        "ull" | "llu" => (true, 2),
        _ => return Err(format!("invalid suffix \"{suffix}\" on integer constant")),
    };
    if (l == 2) && !(suffix.contains("ll") || suffix.contains("LL")) {
        return Err(format!("invalid suffix \"{suffix}\" on integer constant"));
    }
    if overflow {
        return Err("integer constant is too large for its type".into());
    }
    Ok((v, u, l, radix == 10))
}

/// Value of a character constant spelling like `'a'`, `'\n'` or `L'x'`
/// (type `int`, `char` signed: `'\xff'` is -1).
pub fn char_value(spelling: &str) -> Result<i64, String> {
    let b = spelling.as_bytes();
    let wide = b[0] != b'\'';
    let start = b.iter().position(|&c| c == b'\'').unwrap_or(0) + 1;
    let end = if b.len() > start && b[b.len() - 1] == b'\'' {
        b.len() - 1
    } else {
        b.len()
    };
    let mut errs = Vec::new();
    let v = decode_escapes(&b[start.min(end)..end], &mut errs);
    if let Some(e) = errs.into_iter().next() {
        return Err(e);
    }
    if v.is_empty() {
        return Err("empty character constant".into());
    }
    if wide {
        return Ok(*v.last().unwrap_or(&0) as i64);
    }
    if v.len() == 1 {
        Ok(v[0] as u8 as i8 as i64)
    } else {
        // multi-character constant, gcc's value
        let mut r: i64 = 0;
        for c in &v {
            r = (r << 8) | (*c as u8 as i64);
        }
        Ok(r as i32 as i64)
    }
}

#[derive(Clone, Copy)]
struct PVal {
    v: i64,
    u: bool,
}

impl<'a> Preprocessor<'a> {
    /// A preprocessor with the predefined macros and the `-D`/`-U` options.
    pub fn new(
        sm: &'a mut SourceMap,
        diags: &'a mut Diagnostics,
        interner: &'a mut Interner,
        opts: PpOptions,
    ) -> Preprocessor<'a> {
        let s_defined = interner.intern("defined");
        let s_va_args = interner.intern("__VA_ARGS__");
        let s_pragma_op = interner.intern("_Pragma");
        let s_has_include = interner.intern("__has_include");
        let mut pp = Preprocessor {
            sm,
            diags,
            interner,
            opts,
            macros: HashMap::new(),
            frames: Vec::new(),
            pending: Vec::new(),
            once: HashSet::new(),
            counter: 0,
            expanded: 0,
            depth: 0,
            s_defined,
            s_va_args,
            s_pragma_op,
            s_has_include,
            pragma_out: Vec::new(),
        };
        pp.predefine();
        pp
    }

    fn predefine(&mut self) {
        let core = self.opts.core.clone().unwrap_or_else(|| "st231".into());
        let (date, time) = date_time();
        let mut text = String::new();
        let mut def = |n: &str, v: &str| {
            text.push_str(&format!("#define {n} {v}\n"));
        };
        def("__STDC__", "1");
        def("__STDC_VERSION__", "199901L");
        def("__STDC_HOSTED__", "1");
        def("__st200__", "1");
        def("__ST200__", "1");
        def(&format!("__{}__", core.to_ascii_uppercase()), "1");
        def(&format!("__{}__", core.to_ascii_lowercase()), "1");
        def("__lcc__", "1");
        def("__GNUC__", "4");
        def("__GNUC_MINOR__", "2");
        def("__ILP32__", "1");
        def("__CHAR_BIT__", "8");
        def("__SCHAR_MAX__", "127");
        def("__SHRT_MAX__", "32767");
        def("__INT_MAX__", "2147483647");
        def("__LONG_MAX__", "2147483647L");
        def("__LONG_LONG_MAX__", "9223372036854775807LL");
        def("__SIZEOF_SHORT__", "2");
        def("__SIZEOF_INT__", "4");
        def("__SIZEOF_LONG__", "4");
        def("__SIZEOF_LONG_LONG__", "8");
        def("__SIZEOF_POINTER__", "4");
        def("__SIZE_TYPE__", "unsigned int");
        def("__PTRDIFF_TYPE__", "int");
        def("__WCHAR_TYPE__", "int");
        def("__INTPTR_TYPE__", "int");
        def("__UINTPTR_TYPE__", "unsigned int");
        def("__ORDER_LITTLE_ENDIAN__", "1234");
        def("__ORDER_BIG_ENDIAN__", "4321");
        def("__BYTE_ORDER__", "__ORDER_LITTLE_ENDIAN__");
        def("__DATE__", &format!("\"{date}\""));
        def("__TIME__", &format!("\"{time}\""));
        for d in self.opts.defines.clone() {
            match d.split_once('=') {
                Some((n, v)) => text.push_str(&format!("#define {n} {v}\n")),
                None => text.push_str(&format!("#define {d} 1\n")),
            }
        }
        for u in self.opts.undefs.clone() {
            text.push_str(&format!("#undef {u}\n"));
        }
        let id = self.sm.add("<command-line>", text.as_bytes());
        self.push_frame(id, PathBuf::from("."));
        loop {
            let t = self.next_file_token();
            if t.kind == TokKind::Eof {
                break;
            }
        }
        for (n, b) in [
            ("__FILE__", Builtin::File),
            ("__LINE__", Builtin::Line),
            ("__COUNTER__", Builtin::Counter),
        ] {
            let s = self.interner.intern(n);
            self.macros.insert(
                s,
                Macro {
                    params: None,
                    variadic: false,
                    body: vec![],
                    builtin: Some(b),
                },
            );
        }
    }

    fn push_frame(&mut self, file: FileId, dir: PathBuf) {
        let text: Rc<[u8]> = Rc::from(self.sm.file(file).text.as_slice());
        self.frames.push(Frame {
            file,
            text,
            pos: 0,
            conds: Vec::new(),
            dir,
        });
    }

    /// Preprocesses the file `path` whose contents are `raw`, returning the
    /// token stream (ending with an `Eof` token). Errors go to the diagnostics.
    pub fn run(&mut self, path: &str, raw: &[u8]) -> Vec<Token> {
        let id = self.sm.add(path, raw);
        let dir = Path::new(path)
            .parent()
            .map(|p| p.to_path_buf())
            .unwrap_or_default();
        self.push_frame(id, dir);
        let mut out = Vec::new();
        loop {
            let t = self.next_token();
            let eof = t.kind == TokKind::Eof;
            out.push(t);
            if eof || self.diags.too_many() {
                if !eof {
                    let s = self.interner.intern("");
                    out.push(Token {
                        kind: TokKind::Eof,
                        sym: s,
                        span: Span::default(),
                        space: false,
                        bol: true,
                        hide: None,
                    });
                }
                break;
            }
        }
        out
    }

    fn lex_raw(&mut self) -> Token {
        let Some(f) = self.frames.last_mut() else {
            let s = self.interner.intern("");
            return Token {
                kind: TokKind::Eof,
                sym: s,
                span: Span::default(),
                space: false,
                bol: true,
                hide: None,
            };
        };
        let text = f.text.clone();
        let mut lx = Lexer::new(&text, f.file, f.pos);
        let t = lx.next(self.interner);
        f.pos = lx.pos;
        let errs = std::mem::take(&mut lx.errors);
        for (sp, m) in errs {
            if m.contains("terminating") {
                self.diags.warning(sp, m);
            } else {
                self.diags.error(sp, m);
            }
        }
        t
    }

    fn lex_header_name(&mut self) -> Token {
        let f = self.frames.last_mut().expect("frame");
        let text = f.text.clone();
        let mut lx = Lexer::new(&text, f.file, f.pos);
        lx.header_name = true;
        let t = lx.next(self.interner);
        f.pos = lx.pos;
        t
    }

    /// Rest of the directive line as tokens (the newline consumed).
    fn line_tokens(&mut self) -> Vec<Token> {
        let mut v = Vec::new();
        loop {
            let t = self.lex_raw();
            match t.kind {
                TokKind::Newline | TokKind::Eof => {
                    if t.kind == TokKind::Eof {
                        // let the frame see EOF again
                        if let Some(f) = self.frames.last_mut() {
                            f.pos = t.span.lo as usize;
                        }
                    }
                    return v;
                }
                _ => v.push(t),
            }
        }
    }

    fn eof_token(&mut self) -> Token {
        let s = self.interner.intern("");
        Token {
            kind: TokKind::Eof,
            sym: s,
            span: Span::default(),
            space: false,
            bol: true,
            hide: None,
        }
    }

    /// Next token from the files, after directives; never `Newline`.
    fn next_file_token(&mut self) -> Token {
        loop {
            if self.frames.is_empty() || self.diags.too_many() {
                return self.eof_token();
            }
            let t = self.lex_raw();
            match t.kind {
                TokKind::Newline => continue,
                TokKind::Eof => {
                    let f = self.frames.pop().expect("frame");
                    for c in f.conds {
                        self.diags
                            .error(c.span, "unterminated conditional directive");
                    }
                    if self.frames.is_empty() {
                        return t;
                    }
                    continue;
                }
                TokKind::Punct(P::Hash) if t.bol => {
                    self.directive(t);
                    if let Some(p) = self.pragma_out.pop() {
                        return p;
                    }
                    continue;
                }
                _ => return t,
            }
        }
    }

    /// Next fully macro-expanded token of the translation unit.
    fn next_token(&mut self) -> Token {
        let mut pend = std::mem::take(&mut self.pending);
        let t = self.expand_next(&mut pend, true);
        self.pending = pend;
        t.unwrap_or_else(|| self.eof_token())
    }

    fn next_input(&mut self, input: &mut Vec<Token>, allow_file: bool) -> Option<Token> {
        if let Some(t) = input.pop() {
            return Some(t);
        }
        if allow_file {
            let t = self.next_file_token();
            if t.kind == TokKind::Eof {
                input.push(t);
                return None;
            }
            return Some(t);
        }
        None
    }

    /// Returns the next expanded token from `input` (a stack: last element
    /// first), falling back to the files when `allow_file`.
    fn expand_next(&mut self, input: &mut Vec<Token>, allow_file: bool) -> Option<Token> {
        loop {
            let t = match input.pop() {
                Some(t) => t,
                None => {
                    if allow_file {
                        self.next_file_token()
                    } else {
                        return None;
                    }
                }
            };
            if t.kind != TokKind::Ident {
                return Some(t);
            }
            if t.sym == self.s_pragma_op && !hs_contains(&t.hide, t.sym) {
                if let Some(p) = self.pragma_operator(&t, input, allow_file) {
                    return Some(p);
                }
                continue;
            }
            let Some(m) = self.macros.get(&t.sym) else {
                return Some(t);
            };
            if hs_contains(&t.hide, t.sym) {
                return Some(t);
            }
            let m = m.clone();
            if let Some(b) = m.builtin {
                let (kind, text) = match b {
                    Builtin::File => {
                        let name = self.sm.file(t.span.file).presumed(t.span.lo).0.to_string();
                        (
                            TokKind::Str,
                            format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\"")),
                        )
                    }
                    Builtin::Line => (
                        TokKind::Number,
                        self.sm.file(t.span.file).presumed(t.span.lo).1.to_string(),
                    ),
                    Builtin::Counter => {
                        self.counter += 1;
                        (TokKind::Number, (self.counter - 1).to_string())
                    }
                };
                let sym = self.interner.intern(&text);
                return Some(Token { kind, sym, ..t });
            }
            self.expanded += m.body.len() as u64;
            if self.expanded > MAX_EXPANDED_TOKENS {
                self.diags.error(t.span, "macro expansion too large");
                input.clear();
                self.frames.clear();
                return None;
            }
            match &m.params {
                None => {
                    let hs = hs_add(&t.hide, t.sym);
                    let out = self.subst(&m, &t, &[], &hs);
                    input.extend(out.into_iter().rev());
                }
                Some(params) => {
                    // look for '('
                    let Some(nt) = self.next_input(input, allow_file) else {
                        return Some(t);
                    };
                    if !nt.is(P::LParen) {
                        input.push(nt);
                        return Some(t);
                    }
                    let Some((args, rparen)) = self.collect_args(&t, input, allow_file) else {
                        return Some(t);
                    };
                    let nparams = params.len();
                    let mut args = args;
                    if args.len() == 1 && args[0].is_empty() && nparams == 0 {
                        args.clear();
                    }
                    let ok = if m.variadic {
                        if args.len() + 1 == nparams {
                            args.push(vec![]);
                            true
                        } else {
                            args.len() >= nparams
                        }
                    } else {
                        args.len() == nparams
                    };
                    if !ok {
                        let name = self.interner.get(t.sym).to_string();
                        if args.len() < nparams {
                            self.diags.error(rparen.span, format!("macro \"{name}\" requires {nparams} arguments, but only {} given", args.len()));
                        } else {
                            self.diags.error(rparen.span, format!("macro \"{name}\" passed {} arguments, but takes just {nparams}", args.len()));
                        }
                        continue;
                    }
                    if m.variadic && args.len() > nparams {
                        // join the extra arguments into __VA_ARGS__
                        let comma = self.interner.intern(",");
                        let mut extra: Vec<Token> = Vec::new();
                        for (i, a) in args.drain(nparams - 1..).enumerate() {
                            if i > 0 {
                                extra.push(Token {
                                    kind: TokKind::Punct(P::Comma),
                                    sym: comma,
                                    span: t.span,
                                    space: false,
                                    bol: false,
                                    hide: None,
                                });
                            }
                            extra.extend(a);
                        }
                        args.push(extra);
                    }
                    let hs = hs_add(&hs_intersect(&t.hide, &rparen.hide), t.sym);
                    let out = self.subst(&m, &t, &args, &hs);
                    input.extend(out.into_iter().rev());
                }
            }
        }
    }

    fn collect_args(
        &mut self,
        name: &Token,
        input: &mut Vec<Token>,
        allow_file: bool,
    ) -> Option<(Vec<Vec<Token>>, Token)> {
        let mut args: Vec<Vec<Token>> = vec![vec![]];
        let mut depth = 0;
        loop {
            let Some(t) = self.next_input(input, allow_file) else {
                let n = self.interner.get(name.sym).to_string();
                self.diags.error(
                    name.span,
                    format!("unterminated argument list invoking macro \"{n}\""),
                );
                return None;
            };
            match t.kind {
                TokKind::Punct(P::LParen) => depth += 1,
                TokKind::Punct(P::RParen) => {
                    if depth == 0 {
                        return Some((args, t));
                    }
                    depth -= 1;
                }
                TokKind::Punct(P::Comma) if depth == 0 => {
                    args.push(vec![]);
                    continue;
                }
                _ => {}
            }
            args.last_mut().expect("arg").push(t);
        }
    }

    fn expand_list(&mut self, toks: &[Token]) -> Vec<Token> {
        if self.depth > MAX_EXPANSION_DEPTH {
            if let Some(t) = toks.first() {
                self.diags
                    .error(t.span, "macro arguments nested too deeply");
            }
            return vec![];
        }
        self.depth += 1;
        let mut input: Vec<Token> = toks.iter().rev().cloned().collect();
        let mut out = Vec::new();
        while let Some(t) = self.expand_next(&mut input, false) {
            out.push(t);
        }
        self.depth -= 1;
        out
    }

    fn subst(
        &mut self,
        m: &Macro,
        inv: &Token,
        args: &[Vec<Token>],
        hs: &crate::frontend::lex::HideSet,
    ) -> Vec<Token> {
        let params: &[Sym] = m.params.as_deref().unwrap_or(&[]);
        let pidx = |s: Sym, kind: TokKind| -> Option<usize> {
            if kind != TokKind::Ident {
                return None;
            }
            params.iter().position(|&p| p == s)
        };
        let body = &m.body;
        let mut out: Vec<Token> = Vec::new();
        let mut expanded_cache: HashMap<usize, Vec<Token>> = HashMap::new();
        let mut i = 0;
        while i < body.len() {
            let t = &body[i];
            // # param
            if m.params.is_some() && t.is(P::Hash) && i + 1 < body.len() {
                if let Some(p) = pidx(body[i + 1].sym, body[i + 1].kind) {
                    let s = self.stringize(&args[p], inv.span);
                    let mut s = s;
                    s.space = t.space;
                    out.push(s);
                    i += 2;
                    continue;
                }
            }
            if t.is(P::HashHash) && i + 1 < body.len() && !out.is_empty() {
                let rhs = &body[i + 1];
                let rtoks: Vec<Token> = match pidx(rhs.sym, rhs.kind) {
                    Some(p) => {
                        let gnu_comma = rhs.sym == self.s_va_args_name(m)
                            && out.last().is_some_and(|l| l.is(P::Comma));
                        if gnu_comma {
                            // GNU `, ## __VA_ARGS__`: drop the comma if empty, else no paste
                            if args[p].is_empty() {
                                out.pop();
                            } else {
                                out.extend(args[p].iter().map(|a| Token {
                                    span: if a.span.file == inv.span.file {
                                        a.span
                                    } else {
                                        inv.span
                                    },
                                    ..a.clone()
                                }));
                            }
                            i += 2;
                            continue;
                        }
                        if args[p].is_empty() {
                            vec![]
                        } else {
                            args[p]
                                .iter()
                                .map(|a| Token {
                                    span: if a.span.file == inv.span.file {
                                        a.span
                                    } else {
                                        inv.span
                                    },
                                    ..a.clone()
                                })
                                .collect()
                        }
                    }
                    None => vec![Token {
                        span: inv.span,
                        ..rhs.clone()
                    }],
                };
                if let Some(first) = rtoks.first() {
                    let lhs = out.pop().expect("lhs");
                    let pasted = self.paste(&lhs, first);
                    out.push(pasted);
                    out.extend(rtoks[1..].iter().cloned());
                }
                i += 2;
                continue;
            }
            if let Some(p) = pidx(t.sym, t.kind) {
                let next_is_paste = body.get(i + 1).is_some_and(|n| n.is(P::HashHash));
                let mut toks: Vec<Token> = if next_is_paste {
                    if args[p].is_empty() {
                        let s = self.interner.intern("");
                        vec![Token {
                            kind: TokKind::Placemarker,
                            sym: s,
                            span: inv.span,
                            space: false,
                            bol: false,
                            hide: None,
                        }]
                    } else {
                        args[p].clone()
                    }
                } else {
                    if let Some(e) = expanded_cache.get(&p) {
                        e.clone()
                    } else {
                        let e = self.expand_list(&args[p]);
                        expanded_cache.insert(p, e.clone());
                        e
                    }
                };
                if let Some(f) = toks.first_mut() {
                    f.space = t.space;
                }
                out.extend(toks);
                i += 1;
                continue;
            }
            out.push(Token {
                span: inv.span,
                ..t.clone()
            });
            i += 1;
        }
        let mut res = Vec::with_capacity(out.len());
        for (k, mut t) in out.into_iter().enumerate() {
            if t.kind == TokKind::Placemarker {
                continue;
            }
            t.hide = hs_union(&t.hide, hs);
            if k == 0 {
                t.space = inv.space;
            }
            t.bol = false;
            res.push(t);
        }
        if let Some(f) = res.first_mut() {
            f.space = inv.space;
            f.bol = inv.bol;
        }
        res
    }

    fn s_va_args_name(&self, m: &Macro) -> Sym {
        if m.variadic {
            *m.params
                .as_ref()
                .and_then(|p| p.last())
                .unwrap_or(&self.s_va_args)
        } else {
            Sym(u32::MAX)
        }
    }

    fn stringize(&mut self, toks: &[Token], span: Span) -> Token {
        let mut s = String::from("\"");
        for (i, t) in toks.iter().enumerate() {
            if i > 0 && t.space {
                s.push(' ');
            }
            let sp = self.interner.get(t.sym);
            if matches!(t.kind, TokKind::Str | TokKind::Char) {
                for c in sp.chars() {
                    if c == '"' || c == '\\' {
                        s.push('\\');
                    }
                    s.push(c);
                }
            } else {
                s.push_str(sp);
            }
        }
        s.push('"');
        let sym = self.interner.intern(&s);
        Token {
            kind: TokKind::Str,
            sym,
            span,
            space: false,
            bol: false,
            hide: None,
        }
    }

    fn paste(&mut self, a: &Token, b: &Token) -> Token {
        if a.kind == TokKind::Placemarker {
            return b.clone();
        }
        if b.kind == TokKind::Placemarker {
            return a.clone();
        }
        let text = format!("{}{}", self.interner.get(a.sym), self.interner.get(b.sym));
        let mut bytes = text.clone().into_bytes();
        bytes.push(b'\n');
        let mut lx = Lexer::new(&bytes, a.span.file, 0);
        let t = lx.next(self.interner);
        let rest = lx.next(self.interner);
        if rest.kind != TokKind::Newline || t.kind == TokKind::Newline || !lx.errors.is_empty() {
            let sa = self.interner.get(a.sym).to_string();
            let sb = self.interner.get(b.sym).to_string();
            self.diags.error(
                a.span,
                format!("pasting \"{sa}\" and \"{sb}\" does not give a valid preprocessing token"),
            );
            return a.clone();
        }
        Token {
            kind: t.kind,
            sym: t.sym,
            span: a.span,
            space: a.space,
            bol: a.bol,
            hide: a.hide.clone(),
        }
    }

    /// Handles `_Pragma ( "string" )`; returns the pragma token to echo.
    fn pragma_operator(
        &mut self,
        t: &Token,
        input: &mut Vec<Token>,
        allow_file: bool,
    ) -> Option<Token> {
        let lp = self.next_input(input, allow_file);
        let s = self.next_input(input, allow_file);
        let rp = self.next_input(input, allow_file);
        match (lp, s, rp) {
            (Some(lp), Some(s), Some(rp))
                if lp.is(P::LParen) && s.kind == TokKind::Str && rp.is(P::RParen) =>
            {
                let sp = self.interner.get(s.sym).to_string();
                let start = sp.find('"').unwrap_or(0) + 1;
                let body = &sp[start..sp.len().saturating_sub(1).max(start)];
                let text = body.replace("\\\"", "\"").replace("\\\\", "\\");
                let sym = self.interner.intern(&text);
                Some(Token {
                    kind: TokKind::Pragma,
                    sym,
                    span: t.span,
                    space: true,
                    bol: true,
                    hide: None,
                })
            }
            _ => {
                self.diags
                    .error(t.span, "_Pragma takes a parenthesized string literal");
                None
            }
        }
    }

    fn directive(&mut self, hash: Token) {
        let name = self.lex_raw();
        if name.kind == TokKind::Newline || name.kind == TokKind::Eof {
            return; // null directive
        }
        let dname = self.interner.get(name.sym).to_string();
        if name.kind == TokKind::Number {
            // GNU line marker: # 33 "file"
            let mut rest = vec![name];
            rest.extend(self.line_tokens());
            self.line_directive(&hash, rest);
            return;
        }
        match dname.as_str() {
            "define" => {
                let toks = self.line_tokens();
                self.define(&name, toks);
            }
            "undef" => {
                let toks = self.line_tokens();
                match toks.first() {
                    Some(t) if t.kind == TokKind::Ident => {
                        self.macros.remove(&t.sym);
                    }
                    _ => self
                        .diags
                        .error(name.span, "no macro name given in #undef directive"),
                }
            }
            "include" | "include_next" => {
                let t = self.lex_header_name();
                let mut toks = vec![t];
                if toks[0].kind != TokKind::Newline {
                    toks.extend(self.line_tokens());
                } else {
                    toks.clear();
                }
                self.include(&name, toks);
            }
            "if" | "ifdef" | "ifndef" => {
                let toks = self.line_tokens();
                let v = match dname.as_str() {
                    "if" => self.eval_if(&name, &toks),
                    _ => match toks.first() {
                        Some(t) if t.kind == TokKind::Ident => {
                            let d = self.macros.contains_key(&t.sym);
                            if dname == "ifdef" {
                                d
                            } else {
                                !d
                            }
                        }
                        _ => {
                            self.diags.error(
                                name.span,
                                format!("no macro name given in #{dname} directive"),
                            );
                            false
                        }
                    },
                };
                let f = self.frames.last_mut().expect("frame");
                f.conds.push(Cond {
                    taken: v,
                    seen_else: false,
                    span: hash.span,
                });
                if !v {
                    self.skip_group();
                }
            }
            "elif" | "else" => {
                let toks = self.line_tokens();
                let _ = toks;
                let f = self.frames.last_mut().expect("frame");
                match f.conds.last_mut() {
                    None => self.diags.error(name.span, format!("#{dname} without #if")),
                    Some(c) => {
                        if c.seen_else {
                            self.diags.error(name.span, format!("#{dname} after #else"));
                        }
                        if dname == "else" {
                            c.seen_else = true;
                        }
                        // we were in a taken group: skip the rest
                        c.taken = true;
                        self.skip_group();
                    }
                }
            }
            "endif" => {
                let _ = self.line_tokens();
                let f = self.frames.last_mut().expect("frame");
                if f.conds.pop().is_none() {
                    self.diags.error(name.span, "#endif without #if");
                }
            }
            "line" => {
                let toks = self.line_tokens();
                let toks = self.expand_list(&toks);
                self.line_directive(&hash, toks);
            }
            "error" | "warning" => {
                let f = self.frames.last().expect("frame");
                let start = name.span.hi as usize;
                let text = f.text.clone();
                let _ = self.line_tokens();
                let end = self.frames.last().map(|f| f.pos).unwrap_or(start);
                let msg = String::from_utf8_lossy(&text[start.min(end)..end])
                    .trim()
                    .to_string();
                if dname == "error" {
                    self.diags.error(name.span, format!("#error {msg}"));
                } else {
                    self.diags.warning(name.span, format!("#warning {msg}"));
                }
            }
            "pragma" => {
                let toks = self.line_tokens();
                let mut text = String::new();
                for (i, t) in toks.iter().enumerate() {
                    if i > 0 && t.space {
                        text.push(' ');
                    }
                    text.push_str(self.interner.get(t.sym));
                }
                if text == "once" {
                    let f = self.frames.last().expect("frame");
                    let n = self.sm.file(f.file).name.clone();
                    self.once.insert(PathBuf::from(n));
                    return;
                }
                let sym = self.interner.intern(&text);
                self.pragma_out.push(Token {
                    kind: TokKind::Pragma,
                    sym,
                    span: name.span,
                    space: true,
                    bol: true,
                    hide: None,
                });
            }
            "ident" | "sccs" | "assert" | "unassert" => {
                let _ = self.line_tokens();
            }
            _ => {
                self.diags.error(
                    name.span,
                    format!("invalid preprocessing directive #{dname}"),
                );
                let _ = self.line_tokens();
            }
        }
    }

    fn line_directive(&mut self, hash: &Token, toks: Vec<Token>) {
        let n = toks
            .first()
            .filter(|t| t.kind == TokKind::Number)
            .and_then(|t| self.interner.get(t.sym).parse::<u32>().ok());
        let Some(n) = n else {
            self.diags.error(
                hash.span,
                "#line directive requires a simple digit sequence",
            );
            return;
        };
        let name = toks.get(1).filter(|t| t.kind == TokKind::Str).map(|t| {
            let s = self.interner.get(t.sym);
            s[1..s.len().saturating_sub(1).max(1)].to_string()
        });
        let f = self.frames.last().expect("frame");
        let (file, pos) = (f.file, f.pos);
        self.sm.files[file.0 as usize].add_line_override(pos.saturating_sub(1) as u32, n, name);
    }

    fn define(&mut self, dir: &Token, toks: Vec<Token>) {
        let Some(name) = toks.first() else {
            self.diags
                .error(dir.span, "no macro name given in #define directive");
            return;
        };
        if name.kind != TokKind::Ident {
            self.diags
                .error(name.span, "macro names must be identifiers");
            return;
        }
        if name.sym == self.s_defined {
            self.diags
                .error(name.span, "\"defined\" cannot be used as a macro name");
            return;
        }
        let mut i = 1;
        let mut params = None;
        let mut variadic = false;
        if toks.get(1).is_some_and(|t| t.is(P::LParen) && !t.space) {
            let mut ps = Vec::new();
            i = 2;
            loop {
                let Some(t) = toks.get(i) else {
                    self.diags
                        .error(name.span, "missing ')' in macro parameter list");
                    return;
                };
                i += 1;
                if t.is(P::RParen) && ps.is_empty() && !variadic {
                    break;
                }
                if t.is(P::Ellipsis) {
                    variadic = true;
                    ps.push(self.s_va_args);
                    if !toks.get(i).is_some_and(|t| t.is(P::RParen)) {
                        self.diags
                            .error(t.span, "missing ')' in macro parameter list");
                        return;
                    }
                    i += 1;
                    break;
                }
                if t.kind != TokKind::Ident {
                    self.diags.error(
                        t.span,
                        "expected parameter name, found \"".to_string()
                            + self.interner.get(t.sym)
                            + "\"",
                    );
                    return;
                }
                if ps.contains(&t.sym) {
                    let n = self.interner.get(t.sym).to_string();
                    self.diags
                        .error(t.span, format!("duplicate macro parameter \"{n}\""));
                    return;
                }
                ps.push(t.sym);
                match toks.get(i) {
                    Some(n) if n.is(P::Comma) => i += 1,
                    Some(n) if n.is(P::RParen) => {
                        i += 1;
                        break;
                    }
                    Some(n) if n.is(P::Ellipsis) => {
                        variadic = true;
                        if !toks.get(i + 1).is_some_and(|t| t.is(P::RParen)) {
                            self.diags
                                .error(n.span, "missing ')' in macro parameter list");
                            return;
                        }
                        i += 2;
                        break;
                    }
                    _ => {
                        self.diags
                            .error(t.span, "expected ',' or ')' in macro parameter list");
                        return;
                    }
                }
            }
            params = Some(ps);
        }
        let mut body: Vec<Token> = toks[i..].to_vec();
        if let Some(f) = body.first_mut() {
            f.space = false;
        }
        if body.first().is_some_and(|t| t.is(P::HashHash))
            || (body.len() > 1 && body.last().is_some_and(|t| t.is(P::HashHash)))
            || (body.len() == 1 && body[0].is(P::HashHash))
        {
            let t = if body[0].is(P::HashHash) {
                &body[0]
            } else {
                body.last().expect("last")
            };
            self.diags.error(
                t.span,
                "'##' cannot appear at either end of a macro expansion",
            );
            return;
        }
        if let Some(ps) = &params {
            for k in 0..body.len() {
                if body[k].is(P::Hash) {
                    let ok = body
                        .get(k + 1)
                        .is_some_and(|n| n.kind == TokKind::Ident && ps.contains(&n.sym));
                    if !ok {
                        self.diags
                            .error(body[k].span, "'#' is not followed by a macro parameter");
                        return;
                    }
                }
            }
        }
        let m = Macro {
            params,
            variadic,
            body,
            builtin: None,
        };
        if let Some(old) = self.macros.get(&name.sym) {
            if !same_macro(old, &m) {
                let n = self.interner.get(name.sym).to_string();
                self.diags.warning(name.span, format!("\"{n}\" redefined"));
            }
        }
        self.macros.insert(name.sym, m);
    }

    fn include(&mut self, dir: &Token, toks: Vec<Token>) {
        let mut toks = toks;
        if toks.first().is_some_and(|t| t.kind != TokKind::Str) {
            toks = self.expand_list(&toks);
        }
        let Some(first) = toks.first() else {
            self.diags
                .error(dir.span, "#include expects \"FILENAME\" or <FILENAME>");
            return;
        };
        let spelling = self.interner.get(first.sym).to_string();
        let (name, angled) = if first.kind == TokKind::Str && spelling.starts_with('<') {
            (spelling[1..spelling.len() - 1].to_string(), true)
        } else if first.kind == TokKind::Str && spelling.starts_with('"') && spelling.len() >= 2 {
            (spelling[1..spelling.len() - 1].to_string(), false)
        } else if first.is(P::Lt) {
            let mut s = String::new();
            for t in &toks[1..] {
                if t.is(P::Gt) {
                    break;
                }
                if t.space && !s.is_empty() {
                    s.push(' ');
                }
                s.push_str(self.interner.get(t.sym));
            }
            (s, true)
        } else {
            self.diags
                .error(first.span, "#include expects \"FILENAME\" or <FILENAME>");
            return;
        };
        if self.frames.len() >= MAX_INCLUDE_DEPTH {
            self.diags.error(
                first.span,
                "#include nested depth 200 exceeds maximum of 200",
            );
            return;
        }
        let mut cands: Vec<PathBuf> = Vec::new();
        if !angled {
            if let Some(f) = self.frames.last() {
                cands.push(f.dir.join(&name));
            }
        }
        for d in &self.opts.include_dirs {
            cands.push(d.join(&name));
        }
        for c in cands {
            if c.is_file() {
                if self.once.contains(&c) {
                    return;
                }
                match std::fs::read(&c) {
                    Ok(raw) => {
                        let id = self.sm.add(&c.to_string_lossy(), &raw);
                        let dir = c.parent().map(|p| p.to_path_buf()).unwrap_or_default();
                        self.push_frame(id, dir);
                        return;
                    }
                    Err(e) => {
                        self.diags.error(first.span, format!("{name}: {e}"));
                        return;
                    }
                }
            }
        }
        if let Some((_, text)) = BUILTIN_HEADERS.iter().find(|(n, _)| *n == name) {
            let p = PathBuf::from(format!("<lcc>/{name}"));
            if self.once.contains(&p) {
                return;
            }
            let id = self.sm.add(&p.to_string_lossy(), text.as_bytes());
            self.push_frame(id, PathBuf::from("<lcc>"));
            return;
        }
        self.diags
            .error(first.span, format!("{name}: No such file or directory"));
    }

    /// Skips lines until the matching `#elif` (true), `#else` or `#endif`
    /// of the innermost conditional.
    fn skip_group(&mut self) {
        let mut depth = 0;
        loop {
            let Some(f) = self.frames.last_mut() else {
                return;
            };
            let text = f.text.clone();
            let file = f.file;
            let mut lx = Lexer::new(&text, file, f.pos);
            // at the start of a line
            let t = lx.next(self.interner);
            f.pos = lx.pos;
            match t.kind {
                TokKind::Eof => {
                    f.pos = t.span.lo as usize;
                    return;
                }
                TokKind::Newline => continue,
                TokKind::Punct(P::Hash) => {
                    let n = lx.next(self.interner);
                    f.pos = lx.pos;
                    if n.kind == TokKind::Newline {
                        continue;
                    }
                    let nm = self.interner.get(n.sym).to_string();
                    match nm.as_str() {
                        "if" | "ifdef" | "ifndef" => depth += 1,
                        "endif" => {
                            if depth == 0 {
                                let _ = self.line_tokens();
                                let f = self.frames.last_mut().expect("frame");
                                f.conds.pop();
                                return;
                            }
                            depth -= 1;
                        }
                        "else" if depth == 0 => {
                            let _ = self.line_tokens();
                            let f = self.frames.last_mut().expect("frame");
                            let c = f.conds.last_mut().expect("cond");
                            if c.seen_else {
                                self.diags.error(n.span, "#else after #else");
                            }
                            c.seen_else = true;
                            if !c.taken {
                                c.taken = true;
                                return;
                            }
                            continue;
                        }
                        "elif" if depth == 0 => {
                            let toks = self.line_tokens();
                            let f = self.frames.last_mut().expect("frame");
                            let c = f.conds.last().expect("cond").clone();
                            if c.seen_else {
                                self.diags.error(n.span, "#elif after #else");
                            }
                            if !c.taken {
                                let v = self.eval_if(&n, &toks);
                                if v {
                                    let f = self.frames.last_mut().expect("frame");
                                    f.conds.last_mut().expect("cond").taken = true;
                                    return;
                                }
                            }
                            continue;
                        }
                        _ => {}
                    }
                    let f = self.frames.last_mut().expect("frame");
                    let mut lx = Lexer::new(&text, file, f.pos);
                    lx.skip_line();
                    f.pos = lx.pos;
                }
                _ => {
                    let f = self.frames.last_mut().expect("frame");
                    let mut lx = Lexer::new(&text, file, f.pos);
                    lx.skip_line();
                    f.pos = lx.pos;
                }
            }
        }
    }

    fn eval_if(&mut self, dir: &Token, toks: &[Token]) -> bool {
        // replace defined X / defined(X)
        let mut v: Vec<Token> = Vec::new();
        let mut i = 0;
        let one = self.interner.intern("1");
        let zero = self.interner.intern("0");
        while i < toks.len() {
            let t = &toks[i];
            if t.kind == TokKind::Ident && (t.sym == self.s_defined || t.sym == self.s_has_include)
            {
                let is_inc = t.sym == self.s_has_include;
                let paren = toks.get(i + 1).is_some_and(|t| t.is(P::LParen));
                let j = if paren { i + 2 } else { i + 1 };
                if is_inc {
                    // __has_include("x") / (<x>): only builtin headers and -I
                    let mut k = j;
                    while k < toks.len() && !toks[k].is(P::RParen) {
                        k += 1;
                    }
                    v.push(Token {
                        kind: TokKind::Number,
                        sym: zero,
                        ..t.clone()
                    });
                    i = k + 1;
                    continue;
                }
                match toks.get(j) {
                    Some(n) if n.kind == TokKind::Ident => {
                        let d = self.macros.contains_key(&n.sym);
                        if paren && !toks.get(j + 1).is_some_and(|t| t.is(P::RParen)) {
                            self.diags.error(n.span, "missing ')' after \"defined\"");
                            return false;
                        }
                        v.push(Token {
                            kind: TokKind::Number,
                            sym: if d { one } else { zero },
                            ..t.clone()
                        });
                        i = j + if paren { 2 } else { 1 };
                    }
                    _ => {
                        self.diags
                            .error(t.span, "operator \"defined\" requires an identifier");
                        return false;
                    }
                }
                continue;
            }
            v.push(t.clone());
            i += 1;
        }
        let e = self.expand_list(&v);
        let e: Vec<Token> = e
            .into_iter()
            .filter(|t| t.kind != TokKind::Pragma)
            .collect();
        if e.is_empty() {
            self.diags.error(dir.span, "#if with no expression");
            return false;
        }
        let mut pos = 0;
        match self.pexpr(&e, &mut pos, 0) {
            Some(r) => {
                if pos < e.len() {
                    let s = self.interner.get(e[pos].sym).to_string();
                    self.diags.error(
                        e[pos].span,
                        format!("missing binary operator before token \"{s}\""),
                    );
                    return false;
                }
                r.v != 0
            }
            None => false,
        }
    }

    fn pprimary(&mut self, e: &[Token], pos: &mut usize, depth: u32) -> Option<PVal> {
        let Some(t) = e.get(*pos) else {
            let sp = e.last().map(|t| t.span).unwrap_or_default();
            self.diags.error(sp, "#if with no expression");
            return None;
        };
        if depth > 200 {
            self.diags.error(t.span, "#if expression nested too deeply");
            return None;
        }
        *pos += 1;
        match t.kind {
            TokKind::Number => {
                let s = self.interner.get(t.sym).to_string();
                match parse_int_literal(&s) {
                    Ok((v, u, _, _)) => Some(PVal {
                        v: v as i64,
                        u: u || v > i64::MAX as u64,
                    }),
                    Err(m) => {
                        let m = if s.contains('.') {
                            "floating constant in preprocessor expression".to_string()
                        } else {
                            m
                        };
                        self.diags.error(t.span, m);
                        None
                    }
                }
            }
            TokKind::Char => {
                let s = self.interner.get(t.sym).to_string();
                match char_value(&s) {
                    Ok(v) => Some(PVal { v, u: false }),
                    Err(m) => {
                        self.diags.error(t.span, m);
                        None
                    }
                }
            }
            TokKind::Ident => Some(PVal { v: 0, u: false }),
            TokKind::Punct(P::LParen) => {
                let v = self.pexpr(e, pos, depth + 1)?;
                if !e.get(*pos).is_some_and(|t| t.is(P::RParen)) {
                    self.diags.error(t.span, "missing ')' in expression");
                    return None;
                }
                *pos += 1;
                Some(v)
            }
            TokKind::Punct(p @ (P::Minus | P::Plus | P::Tilde | P::Bang)) => {
                let v = self.pprimary(e, pos, depth + 1)?;
                Some(match p {
                    P::Minus => PVal {
                        v: v.v.wrapping_neg(),
                        u: v.u,
                    },
                    P::Plus => v,
                    P::Tilde => PVal { v: !v.v, u: v.u },
                    _ => PVal {
                        v: (v.v == 0) as i64,
                        u: false,
                    },
                })
            }
            _ => {
                let s = self.interner.get(t.sym).to_string();
                self.diags.error(
                    t.span,
                    format!("token \"{s}\" is not valid in preprocessor expressions"),
                );
                None
            }
        }
    }

    /// Precedence climbing; `min` is the minimum binary precedence.
    fn pexpr(&mut self, e: &[Token], pos: &mut usize, depth: u32) -> Option<PVal> {
        let c = self.pbin(e, pos, 1, depth)?;
        if e.get(*pos).is_some_and(|t| t.is(P::Question)) {
            let q = e[*pos].span;
            *pos += 1;
            let a = self.pexpr(e, pos, depth + 1)?;
            if !e.get(*pos).is_some_and(|t| t.is(P::Colon)) {
                self.diags.error(q, "'?' without following ':'");
                return None;
            }
            *pos += 1;
            let b = self.pexpr(e, pos, depth + 1)?;
            let u = a.u || b.u;
            return Some(if c.v != 0 {
                PVal { v: a.v, u }
            } else {
                PVal { v: b.v, u }
            });
        }
        Some(c)
    }

    fn pbin(&mut self, e: &[Token], pos: &mut usize, min: u8, depth: u32) -> Option<PVal> {
        let mut l = self.pprimary(e, pos, depth)?;
        loop {
            let Some(t) = e.get(*pos) else { return Some(l) };
            let TokKind::Punct(p) = t.kind else {
                return Some(l);
            };
            let Some(prec) = p.binary_precedence() else {
                return Some(l);
            };
            if prec < min {
                return Some(l);
            }
            let sp = t.span;
            *pos += 1;
            let r = self.pbin(e, pos, prec + 1, depth + 1)?;
            let u = l.u || r.u;
            let (a, b) = (l.v, r.v);
            let v = match p {
                P::OrOr => ((a != 0) || (b != 0)) as i64,
                P::AndAnd => ((a != 0) && (b != 0)) as i64,
                P::Pipe => a | b,
                P::Caret => a ^ b,
                P::Amp => a & b,
                P::EqEq => (a == b) as i64,
                P::Ne => (a != b) as i64,
                P::Lt => {
                    if u {
                        ((a as u64) < (b as u64)) as i64
                    } else {
                        (a < b) as i64
                    }
                }
                P::Gt => {
                    if u {
                        ((a as u64) > (b as u64)) as i64
                    } else {
                        (a > b) as i64
                    }
                }
                P::Le => {
                    if u {
                        ((a as u64) <= (b as u64)) as i64
                    } else {
                        (a <= b) as i64
                    }
                }
                P::Ge => {
                    if u {
                        ((a as u64) >= (b as u64)) as i64
                    } else {
                        (a >= b) as i64
                    }
                }
                P::Shl => a.wrapping_shl((b & 63) as u32),
                P::Shr => {
                    if u {
                        ((a as u64) >> (b & 63)) as i64
                    } else {
                        a >> (b & 63)
                    }
                }
                P::Plus => a.wrapping_add(b),
                P::Minus => a.wrapping_sub(b),
                P::Star => a.wrapping_mul(b),
                P::Slash | P::Percent => {
                    if b == 0 {
                        self.diags.error(sp, "division by zero in #if");
                        return None;
                    }
                    match (p, u) {
                        (P::Slash, true) => ((a as u64) / (b as u64)) as i64,
                        (P::Slash, false) => a.wrapping_div(b),
                        (_, true) => ((a as u64) % (b as u64)) as i64,
                        _ => a.wrapping_rem(b),
                    }
                }
                _ => unreachable!("binary operator"),
            };
            let u = match p {
                P::OrOr | P::AndAnd | P::EqEq | P::Ne | P::Lt | P::Gt | P::Le | P::Ge => false,
                P::Shl | P::Shr => l.u,
                _ => u,
            };
            l = PVal { v, u };
        }
    }
}

fn same_macro(a: &Macro, b: &Macro) -> bool {
    a.params == b.params
        && a.variadic == b.variadic
        && a.body.len() == b.body.len()
        && a.body
            .iter()
            .zip(&b.body)
            .all(|(x, y)| x.kind == y.kind && x.sym == y.sym && (x.space == y.space))
}

/// Current date and time as `__DATE__` ("Mmm dd yyyy") and `__TIME__`
/// ("hh:mm:ss") strings, UTC.
fn date_time() -> (String, String) {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0) as i64;
    let days = secs.div_euclid(86400);
    let rem = secs.rem_euclid(86400);
    // civil from days (Howard Hinnant's algorithm, public domain description)
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    const MON: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    (
        format!("{} {:>2} {}", MON[(m - 1) as usize], d, y),
        format!("{:02}:{:02}:{:02}", rem / 3600, (rem / 60) % 60, rem % 60),
    )
}

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
