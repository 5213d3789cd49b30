//! `#if` and `#elif` expressions (C11 6.10.1): `defined X` and
//! `defined(X)`, `__has_include`, macro replacement of the rest, then
//! evaluation as an integer constant expression in the widest types
//! (`intmax_t`/`uintmax_t`, 64-bit here) with the usual arithmetic
//! conversions between signed and unsigned; identifiers left after
//! replacement are 0. Operator precedence is the parser's table
//! ([`P::binary_precedence`]).

use super::literals::{char_value, parse_int_literal};
use super::Preprocessor;
use crate::frontend::lex::{TokKind, Token, P};

#[derive(Clone, Copy)]
struct PVal {
    v: i64,
    u: bool,
}

impl<'a> Preprocessor<'a> {
    pub(super) fn eval_if(&mut self, dir: &Token, toks: &[Token]) -> bool {
        // replace defined X / defined(X)
        let mut v: Vec<Token> = Vec::new();
        let mut i = 0;
        let one = self.interner.intern("1");
        let zero = self.interner.intern("0");
        while i < toks.len() {
            let t = &toks[i];
            let is_inc = self.is_has_include(t);
            if t.kind == TokKind::Ident && (t.sym == self.s_defined || is_inc) {
                let paren = toks.get(i + 1).is_some_and(|t| t.is(P::LParen));
                let j = if paren { i + 2 } else { i + 1 };
                if is_inc {
                    // __has_include("x") / (<x>): the search of #include
                    // (#include_next searches the same directories)
                    let mut k = j;
                    while k < toks.len() && !toks[k].is(P::RParen) {
                        k += 1;
                    }
                    if !paren || k >= toks.len() || k == j {
                        let n = self.interner.get(t.sym).to_string();
                        self.diags.error(
                            t.span,
                            format!("missing '(' \"header-name\" ')' after \"{n}\""),
                        );
                        return false;
                    }
                    let Some(found) = self.has_include(&toks[j..k]) else {
                        self.diags.error(
                            toks[j].span,
                            "operator \"__has_include\" requires a header-name",
                        );
                        return false;
                    };
                    v.push(Token {
                        kind: TokKind::Number,
                        sym: if found { one } else { zero },
                        ..t.clone()
                    });
                    i = k + 1;
                    continue;
                }
                match toks.get(j) {
                    Some(n) if n.kind == TokKind::Ident => {
                        let d = self.macros.contains_key(&n.sym) || self.is_has_include(n);
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
            // only the arm chosen is evaluated
            let skip_a = (c.v == 0) as u32;
            self.unevaluated += skip_a;
            let a = self.pexpr(e, pos, depth + 1);
            self.unevaluated -= skip_a;
            let a = a?;
            if !e.get(*pos).is_some_and(|t| t.is(P::Colon)) {
                self.diags.error(q, "'?' without following ':'");
                return None;
            }
            *pos += 1;
            let skip_b = (c.v != 0) as u32;
            self.unevaluated += skip_b;
            let b = self.pexpr(e, pos, depth + 1);
            self.unevaluated -= skip_b;
            let b = b?;
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
            // the right operand of a decided `&&` or `||` is not evaluated
            let skip = match p {
                P::AndAnd => l.v == 0,
                P::OrOr => l.v != 0,
                _ => false,
            };
            self.unevaluated += skip as u32;
            let r = self.pbin(e, pos, prec + 1, depth + 1);
            self.unevaluated -= skip as u32;
            let r = r?;
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
                    if b == 0 && self.unevaluated > 0 {
                        0
                    } else if b == 0 {
                        self.diags.error(sp, "division by zero in #if");
                        return None;
                    } else {
                        match (p, u) {
                            (P::Slash, true) => ((a as u64) / (b as u64)) as i64,
                            (P::Slash, false) => a.wrapping_div(b),
                            (_, true) => ((a as u64) % (b as u64)) as i64,
                            _ => a.wrapping_rem(b),
                        }
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
