//! The C preprocessor (C11 6.10): `#include`, macros with `#`, `##` and
//! `__VA_ARGS__` (Prosser's hide-set expansion algorithm), conditionals
//! with full `#if` constant expressions, `#line`, `#error`/`#warning`,
//! `#pragma` and `_Pragma`, and the predefined macros of the ST200 target.
//!
//! [`Preprocessor::run`] produces the token stream the parser reads;
//! [`print_tokens`] renders it as `lcc -E` text.
//!
//! This file holds the preprocessor state, the token loop over the stack of
//! open files, and macro replacement (C11 6.10.3: argument collection,
//! substitution, `#` and `##`, rescanning with hide sets). The other jobs
//! are in their own files, each adding methods to [`Preprocessor`]:
//! directives (`directives.rs`), `#if` expressions (`expr.rs`), the
//! predefined macros (`predefined.rs`), integer and character constants
//! (`literals.rs`), the embedded runtime headers (`headers.rs`) and the
//! `-E` printer (`print.rs`).

mod directives;
mod expr;
mod headers;
mod literals;
mod predefined;
mod print;

pub use headers::BUILTIN_HEADERS;
pub use literals::{char_value, parse_int_literal};
pub use print::print_tokens;

use crate::frontend::lex::{
    hs_add, hs_contains, hs_intersect, hs_union, Interner, Lexer, Sym, TokKind, Token, P,
};
use crate::frontend::source::{Diagnostics, FileId, SourceMap, Span};
use crate::hash::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

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
    /// `-std=` (`c99`, `gnu11`…): the `__STDC_VERSION__` it defines
    /// (none for C90); C99's when not given.
    pub std: Option<String>,
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
    /// `#pragma push_macro("NAME")`: the saved definitions of each name
    /// (None: it was not defined), for `pop_macro`.
    pushed_macros: HashMap<Sym, Vec<Option<Macro>>>,
    /// Nesting depth of `#if` operands that are not evaluated (the right
    /// of a decided `&&` or `||`, the arm of `?:` not taken), where
    /// division by zero is no error (C11 6.6p3, 6.10.1p4).
    unevaluated: u32,
    /// Every file `#include` opened (or skipped by `#pragma once`), in the
    /// order first included, each once: for `-M`/`-MD` dependency output.
    pub included: Vec<Included>,
}

/// A header the preprocessor included ([`Preprocessor::included`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Included {
    /// The path it was found at (`-I` directory or the including file's
    /// directory joined with the name); for the runtime's headers embedded
    /// in `lcc`, `<lcc>/NAME`.
    pub path: PathBuf,
    /// One of the runtime's own headers ([`BUILTIN_HEADERS`]): a system
    /// header, left out by `-MM`/`-MMD`.
    pub system: bool,
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
            macros: HashMap::default(),
            frames: Vec::new(),
            pending: Vec::new(),
            once: HashSet::default(),
            counter: 0,
            expanded: 0,
            depth: 0,
            s_defined,
            s_va_args,
            s_pragma_op,
            s_has_include,
            pragma_out: Vec::new(),
            pushed_macros: HashMap::default(),
            unevaluated: 0,
            included: Vec::new(),
        };
        pp.predefine();
        pp
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

    /// The macros defined at this point, as `#define` lines sorted by
    /// name (`-dM -E`), without those computed at each use (`__FILE__`,
    /// `__LINE__`, `__COUNTER__`).
    pub fn macro_definitions(&self) -> String {
        let mut lines: Vec<String> = Vec::new();
        for (name, m) in &self.macros {
            if m.builtin.is_some() {
                continue;
            }
            let mut l = format!("#define {}", self.interner.get(*name));
            if let Some(ps) = &m.params {
                let mut names: Vec<String> = ps
                    .iter()
                    .map(|p| self.interner.get(*p).to_string())
                    .collect();
                if m.variadic {
                    match names.last_mut() {
                        Some(last) if last == "__VA_ARGS__" => *last = "...".into(),
                        Some(last) => last.push_str("..."),
                        None => names.push("...".into()),
                    }
                }
                l.push_str(&format!("({})", names.join(",")));
            }
            l.push(' ');
            for (i, t) in m.body.iter().enumerate() {
                if i > 0 && t.space {
                    l.push(' ');
                }
                l.push_str(self.interner.get(t.sym));
            }
            lines.push(l);
        }
        lines.sort();
        let mut out = lines.join("\n");
        out.push('\n');
        out
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
        let mut expanded_cache: HashMap<usize, Vec<Token>> = HashMap::default();
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
}
