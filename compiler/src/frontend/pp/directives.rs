//! Preprocessing directives (C11 6.10): the dispatch on the directive
//! name, conditional inclusion and the skipping of groups not taken
//! (6.10.1), `#include` and `#include_next` with `#pragma once` (6.10.2),
//! `#define` and `#undef` with the redefinition check (6.10.3, 6.10.3.5),
//! `#line` (6.10.4), `#error` and `#warning` (6.10.5), `#pragma` (6.10.6)
//! and the `_Pragma` operator (6.10.9).

use super::headers::BUILTIN_HEADERS;
use super::{Cond, Macro, Preprocessor, MAX_INCLUDE_DEPTH};
use crate::frontend::lex::{Lexer, TokKind, Token, P};
use std::path::{Path, PathBuf};

impl<'a> Preprocessor<'a> {
    /// Handles `_Pragma ( "string" )`; returns the pragma token to echo.
    pub(super) fn pragma_operator(
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

    pub(super) fn directive(&mut self, hash: Token) {
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
                            let d = self.macros.contains_key(&t.sym) || self.is_has_include(t);
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
                    self.diags
                        .warning(name.span, format!("#warning {msg} [-Wcpp]"));
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
                if let Some((push, name)) = macro_stack_pragma(&text) {
                    let sym = self.interner.intern(name);
                    if push {
                        let m = self.macros.get(&sym).cloned();
                        self.pushed_macros.entry(sym).or_default().push(m);
                    } else if let Some(m) = self.pushed_macros.get_mut(&sym).and_then(|v| v.pop()) {
                        match m {
                            Some(m) => {
                                self.macros.insert(sym, m);
                            }
                            None => {
                                self.macros.remove(&sym);
                            }
                        }
                    }
                    return;
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
        let Some((name, angled)) = self.header_name(&toks) else {
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
        for c in self.include_candidates(&name, angled) {
            if c.is_file() {
                self.note_included(&c, false);
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
            self.note_included(&p, true);
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

    /// `__has_include` or `__has_include_next`: defined as far as
    /// `defined` and `#ifdef` are concerned.
    pub(super) fn is_has_include(&self, t: &Token) -> bool {
        t.kind == TokKind::Ident
            && (t.sym == self.s_has_include || self.interner.get(t.sym) == "__has_include_next")
    }

    /// The files `#include` tries for `name`, in order (the including
    /// file's directory first for `"name"`, then the `-I` directories);
    /// the built-in headers come after them.
    fn include_candidates(&self, name: &str, angled: bool) -> Vec<PathBuf> {
        let mut cands: Vec<PathBuf> = Vec::new();
        if !angled {
            if let Some(f) = self.frames.last() {
                cands.push(f.dir.join(name));
            }
        }
        for d in &self.opts.include_dirs {
            cands.push(d.join(name));
        }
        cands
    }

    /// The header name `toks` spell (after macro expansion) and whether it
    /// is `<…>` (searched in the `-I` directories only) rather than `"…"`;
    /// None when they spell none.
    fn header_name(&self, toks: &[Token]) -> Option<(String, bool)> {
        let first = toks.first()?;
        let spelling = self.interner.get(first.sym);
        if first.kind == TokKind::Str && spelling.starts_with('<') {
            Some((spelling[1..spelling.len() - 1].to_string(), true))
        } else if first.kind == TokKind::Str && spelling.starts_with('"') && spelling.len() >= 2 {
            Some((spelling[1..spelling.len() - 1].to_string(), false))
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
            Some((s, true))
        } else {
            None
        }
    }

    /// `__has_include(…)` on the tokens between the parentheses (a string
    /// literal or `<…>`): whether `#include` would find the header; None
    /// when they are not a header name.
    pub(super) fn has_include(&mut self, toks: &[Token]) -> Option<bool> {
        let mut toks = toks.to_vec();
        if toks
            .first()
            .is_some_and(|t| t.kind != TokKind::Str && !t.is(P::Lt))
        {
            toks = self.expand_list(&toks);
        }
        let (name, angled) = self.header_name(&toks)?;
        Some(
            self.include_candidates(&name, angled)
                .iter()
                .any(|c| c.is_file())
                || BUILTIN_HEADERS.iter().any(|(n, _)| *n == name),
        )
    }

    fn note_included(&mut self, path: &Path, system: bool) {
        if !self.included.iter().any(|i| i.path == path) {
            self.included.push(super::Included {
                path: path.to_path_buf(),
                system,
            });
        }
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

/// `push_macro("NAME")` or `pop_macro("NAME")` (gcc's pragmas, spelled as
/// the pragma's tokens joined): (whether it pushes, NAME).
fn macro_stack_pragma(text: &str) -> Option<(bool, &str)> {
    let (push, rest) = if let Some(r) = text.strip_prefix("push_macro") {
        (true, r)
    } else {
        (false, text.strip_prefix("pop_macro")?)
    };
    let inner = rest.trim().strip_prefix('(')?.strip_suffix(')')?.trim();
    let name = inner.strip_prefix('"')?.strip_suffix('"')?;
    Some((push, name))
}
