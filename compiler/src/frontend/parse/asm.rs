//! GNU C inline assembly: basic `asm("text")` and extended
//! `asm [volatile] (template : outputs : inputs : clobbers)`, checked here
//! (constraints, operand references, registers, and the text itself with
//! the assembler's parser) so that every error points at the C source.

use super::Parser;
use crate::frontend::ast::*;
use crate::frontend::lex::{TokKind, Token, P};
use crate::frontend::source::Span;
use crate::ir::AsmClass;

use super::Kw;
use super::PResult;
use crate::frontend::sema::types::Types;

/// The numeric local labels (ISA-ST200 §7.5 assembler syntax, `N:` and
/// `Nf`) of an `asm goto` statement's stubs: the end of the statement,
/// and the stub of its first label (the next ones follow). Numeric labels
/// stay correct when the statement is copied (inlining, unrolling).
const GOTO_END: u32 = 90000;
const GOTO_FIRST: u32 = 90001;

/// An operand's constraint, decoded.
struct Constraint {
    kind: ConstraintKind,
    inout: bool,
    early: bool,
    output: bool,
}

enum ConstraintKind {
    Reg(AsmClass),
    Mem,
    Imm,
    Tied(usize),
}

/// Decodes constraint `c` of an output (`output`) or input. Letters
/// (GCC's names): `r` general register, `g` any general operand (taken as
/// a register), `b` branch register, `m` memory, `i`/`n` integer constant,
/// a digit the register of that output; modifiers `=`, `+`, `&`, and `%`
/// (commutative, no meaning here). `Err` names the first letter that is
/// not supported.
fn decode(c: &str, output: bool) -> Result<Constraint, String> {
    let mut inout = false;
    let mut early = false;
    let mut out_mark = false;
    let (mut reg, mut br, mut mem, mut imm) = (false, false, false, false);
    let mut tied = None;
    let mut chars = c.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '=' => out_mark = true,
            '+' => {
                out_mark = true;
                inout = true
            }
            '&' => early = true,
            '%' => {}
            'r' | 'g' => reg = true,
            'b' => br = true,
            'm' => mem = true,
            'i' | 'n' => imm = true,
            '0'..='9' => {
                let mut n = ch.to_digit(10).unwrap_or(0) as usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d as usize;
                    chars.next();
                }
                tied = Some(n);
            }
            ' ' | '\t' => {}
            other => return Err(format!("unsupported asm constraint '{other}' in \"{c}\"")),
        }
    }
    if output && !out_mark {
        return Err(format!(
            "asm output constraint \"{c}\" must start with '=' or '+'"
        ));
    }
    if !output && out_mark {
        return Err(format!(
            "asm input constraint \"{c}\" cannot contain '=' or '+'"
        ));
    }
    let kind = if let Some(n) = tied {
        if output {
            return Err(format!(
                "asm output constraint \"{c}\" cannot name another operand"
            ));
        }
        ConstraintKind::Tied(n)
    } else if reg {
        ConstraintKind::Reg(AsmClass::Gr)
    } else if br {
        ConstraintKind::Reg(AsmClass::Br)
    } else if mem {
        ConstraintKind::Mem
    } else if imm {
        if output {
            return Err(format!(
                "asm output constraint \"{c}\" cannot be an immediate"
            ));
        }
        ConstraintKind::Imm
    } else {
        return Err(format!("asm constraint \"{c}\" names no operand kind"));
    };
    Ok(Constraint {
        kind,
        inout,
        early,
        output,
    })
}

/// The register a clobber names (`$r5`, `r5`, `$b2`, `b2`):
/// `(true, n)` for a branch register.
fn clobber_reg(s: &str) -> Option<(bool, u8)> {
    let t = s.strip_prefix('$').unwrap_or(s);
    let (br, num) = match t.as_bytes().first()? {
        b'r' => (false, &t[1..]),
        b'b' => (true, &t[1..]),
        _ => return None,
    };
    if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) || num.len() > 2 {
        return None;
    }
    let n: u32 = num.parse().ok()?;
    let limit = if br {
        isa::abi::BR_COUNT
    } else {
        isa::abi::GR_COUNT
    };
    (n < limit).then_some((br, n as u8))
}

impl Parser<'_> {
    /// One string literal (concatenated), its text without the final NUL.
    fn asm_string(&mut self, what: &str) -> PResult<(String, Span)> {
        if self.peek().kind != TokKind::Str {
            let t = self.peek().clone();
            let d = self.tok_desc(&t);
            self.diags.error(
                t.span,
                format!("expected a string literal ({what}) before {d}"),
            );
            return Err(());
        }
        let e = self.primary()?;
        if self.types.pointee(e.ty).and_then(|t| self.types.size(t)) != Some(1) {
            self.diags
                .error(e.span, "a wide string is invalid in this context");
            return Err(());
        }
        let ExprKind::Str(mut b) = e.kind else {
            return Err(());
        };
        b.pop();
        Ok((String::from_utf8_lossy(&b).into_owned(), e.span))
    }

    /// File-scope `asm("text");` (the keyword already read).
    pub(crate) fn file_asm(&mut self, kw: Token) -> PResult<()> {
        self.expect_p(P::LParen)?;
        let (text, span) = self.asm_string("the assembly text")?;
        self.expect_p(P::RParen)?;
        self.expect_p(P::Semi)?;
        self.check_asm_text(&text, span);
        let _ = kw;
        self.file_asm.push(text);
        Ok(())
    }

    /// An `asm` statement (the keyword `kw` already read).
    pub(crate) fn asm_stmt(&mut self, kw: Token) -> PResult<Stmt> {
        let mut volatile = false;
        let mut is_goto = false;
        loop {
            match self.peek_kw() {
                Some(Kw::Volatile) | Some(Kw::Inline) => {
                    volatile |= self.peek_kw() == Some(Kw::Volatile);
                    self.bump();
                }
                Some(Kw::Goto) => {
                    self.bump();
                    is_goto = true;
                }
                _ => break,
            }
        }
        self.expect_p(P::LParen)?;
        let errors_before = self.diags.errors;
        let (text, tspan) = self.asm_string("the assembly template")?;
        let mut outputs: Vec<(Option<String>, Constraint, Expr, Span)> = vec![];
        let mut inputs: Vec<(Option<String>, Constraint, Expr, Span)> = vec![];
        let mut clobbers = vec![];
        let mut memory = false;
        let extended = self.is_p(P::Colon);
        let mut section = 0;
        while section < 3 && self.eat_p(P::Colon) {
            section += 1;
            if section == 3 {
                while self.peek().kind == TokKind::Str {
                    let (c, sp) = self.asm_string("a clobber")?;
                    match c.as_str() {
                        "memory" => memory = true,
                        "cc" => {}
                        _ => match clobber_reg(&c) {
                            Some((false, 0)) | Some((false, 12)) => self.diags.error(
                                sp,
                                format!("asm cannot clobber '{c}' ($r0 is zero, $r12 the stack pointer, ISA-ST200 §1.2, §7.1)"),
                            ),
                            Some(r) => clobbers.push(r),
                            None => self
                                .diags
                                .error(sp, format!("unknown register name '{c}' in asm clobbers")),
                        },
                    }
                    if !self.eat_p(P::Comma) {
                        break;
                    }
                }
                continue;
            }
            if !(self.is_p(P::LBracket) || self.peek().kind == TokKind::Str) {
                continue;
            }
            loop {
                let mut name = None;
                if self.eat_p(P::LBracket) {
                    let t = self.bump();
                    if t.kind != TokKind::Ident {
                        self.diags.error(t.span, "expected an operand name");
                        return Err(());
                    }
                    name = Some(self.name(t.sym));
                    self.expect_p(P::RBracket)?;
                }
                let (c, csp) = self.asm_string("a constraint")?;
                self.expect_p(P::LParen)?;
                let e = self.expr()?;
                self.expect_p(P::RParen)?;
                match decode(&c, section == 1) {
                    Ok(k) => {
                        let list = if section == 1 {
                            &mut outputs
                        } else {
                            &mut inputs
                        };
                        list.push((name, k, e, csp));
                    }
                    Err(m) => self.diags.error(csp, m),
                }
                if !self.eat_p(P::Comma) {
                    break;
                }
            }
        }
        // `asm goto` labels: (label as the function names it, span, name
        // as written)
        let mut labels: Vec<(crate::frontend::lex::Sym, Span, String)> = vec![];
        if self.is_p(P::Colon) {
            let t = self.bump();
            if !is_goto {
                self.diags
                    .error(t.span, "only 'asm goto' has a list of labels");
                return Err(());
            }
            loop {
                let l = self.bump();
                if l.kind != TokKind::Ident {
                    self.diags.error(l.span, "expected a label name");
                    return Err(());
                }
                let (sym, level) = self.resolve_label(l.sym);
                if level.is_some_and(|lv| lv < self.level()) {
                    self.diags.error(
                        l.span,
                        "'asm goto' to a label of an enclosing function is not supported",
                    );
                    return Err(());
                }
                let vm = self.vm_in_scope();
                if let Some(f) = &mut self.func {
                    f.labels.entry(sym).or_insert((false, l.span));
                    f.gotos.push((sym, kw.span, vm));
                }
                labels.push((sym, l.span, self.name(l.sym)));
                if !self.eat_p(P::Comma) {
                    break;
                }
            }
        } else if is_goto {
            let t = self.peek().clone();
            self.diags
                .error(t.span, "'asm goto' needs its labels after a fourth ':'");
            return Err(());
        }
        self.expect_p(P::RParen)?;
        self.expect_p(P::Semi)?;
        let _ = extended;

        // operands
        let mut names: Vec<Option<String>> = vec![];
        let mut outs = vec![];
        let mut ins = vec![];
        let mut reg_outputs = 0;
        let mut reg_out_types = vec![];
        for (name, c, e, sp) in outputs {
            names.push(name);
            if !self.is_lvalue(&e) {
                self.diags
                    .error(e.span, "asm output operand is not an lvalue");
                continue;
            }
            if let ExprKind::Member { bits: Some(_), .. } = e.kind {
                self.diags
                    .error(e.span, "asm output operand cannot be a bit-field");
                continue;
            }
            let kind = match c.kind {
                ConstraintKind::Reg(cl) => {
                    reg_outputs += 1;
                    if !self.asm_reg_type(&e) {
                        continue;
                    }
                    reg_out_types.push((cl, e.ty, sp));
                    AsmOperandKind::Reg(cl)
                }
                ConstraintKind::Mem => AsmOperandKind::Mem,
                _ => continue,
            };
            outs.push(AsmOperand {
                kind,
                inout: c.inout,
                early: c.early,
                expr: e,
            });
        }
        if reg_outputs > 1 {
            // two outputs share the register pair of one 64-bit result
            let word = |p: &Self, &(cl, ty, _): &(AsmClass, crate::frontend::sema::types::TypeId, Span)| {
                cl == AsmClass::Gr
                    && (p.types.is_integer(ty) || p.types.is_ptr(ty))
                    && p.types.size(ty).is_some_and(|n| n <= 4)
            };
            if reg_outputs > 2 || !reg_out_types.iter().all(|t| word(self, t)) {
                let sp = reg_out_types.last().map_or(kw.span, |t| t.2);
                self.diags.error(
                    sp,
                    "asm with more than one register output is supported for two outputs, each an integer or pointer of at most 32 bits in a general register ('r')",
                );
            }
        }
        for (name, c, e, sp) in inputs {
            names.push(name);
            let kind = match c.kind {
                ConstraintKind::Reg(cl) => {
                    if !self.asm_reg_type(&e) {
                        continue;
                    }
                    AsmOperandKind::Reg(cl)
                }
                ConstraintKind::Mem => {
                    if !self.is_lvalue(&e) {
                        self.diags
                            .error(e.span, "asm memory input ('m') is not an lvalue");
                        continue;
                    }
                    AsmOperandKind::Mem
                }
                ConstraintKind::Imm => {
                    let Some(v) =
                        self.const_of(&e, "asm input constraint 'i' needs an integer constant")
                    else {
                        continue;
                    };
                    AsmOperandKind::Imm(v)
                }
                ConstraintKind::Tied(n) => {
                    match outs.get(n).map(|o| o.kind) {
                        Some(AsmOperandKind::Reg(_)) => {}
                        _ => {
                            self.diags.error(
                                sp,
                                format!(
                                    "asm input constraint \"{n}\" does not name a register output"
                                ),
                            );
                            continue;
                        }
                    }
                    if outs[n].inout
                        || ins
                            .iter()
                            .any(|i: &AsmOperand| matches!(i.kind, AsmOperandKind::Tied(_)))
                    {
                        self.diags.error(
                            sp,
                            format!(
                                "asm output {n} is already read ('+' or another matching input)"
                            ),
                        );
                        continue;
                    }
                    if !self.asm_reg_type(&e) {
                        continue;
                    }
                    AsmOperandKind::Tied(n)
                }
            };
            let e = if matches!(kind, AsmOperandKind::Mem) {
                e
            } else {
                let e = self.rvalue(e);
                if let AsmOperandKind::Tied(n) = kind {
                    let to = self.types.unqualified(outs[n].expr.ty);
                    if self.types.is_scalar(e.ty) && self.types.is_scalar(to) {
                        self.cast(e, to)
                    } else {
                        e
                    }
                } else {
                    e
                }
            };
            ins.push(AsmOperand {
                kind,
                inout: false,
                early: false,
                expr: e,
            });
            let _ = c.output;
        }
        if self.diags.errors > errors_before {
            // operands already refused: no follow-on errors
            return Ok(Stmt::Empty);
        }
        let nops = names.len();
        let template = if extended {
            self.asm_template(&text, tspan, &names, &labels)
        } else {
            // basic asm: `%` is not special
            Some(vec![AsmTemplatePiece::Text(text.clone())])
        };
        let (Some(mut template), true) = (template, nops == outs.len() + ins.len()) else {
            return Ok(Stmt::Empty);
        };
        // %H needs the second register of a 64-bit register operand
        for p in &template {
            if let AsmTemplatePiece::OperandHigh(n) = *p {
                let (k, e) = if n < outs.len() {
                    (outs[n].kind, &outs[n].expr)
                } else {
                    (ins[n - outs.len()].kind, &ins[n - outs.len()].expr)
                };
                let pair = matches!(
                    k,
                    AsmOperandKind::Reg(AsmClass::Gr) | AsmOperandKind::Tied(_)
                ) && self.types.size(e.ty) == Some(8);
                if !pair {
                    self.diags.error(
                        tspan,
                        format!(
                            "'%H{n}' needs a 64-bit operand in general registers (a register pair)"
                        ),
                    );
                    return Ok(Stmt::Empty);
                }
            }
        }
        // asm goto: each label's branch goes to a stub that clears a byte
        // of its own (a hidden memory operand set to 1 before), then the
        // statement ends; the C code after it tests the bytes in order
        let mut selectors = vec![];
        if !labels.is_empty() {
            let stop = if crate::ir::asm_needs_stop(&text) {
                ";;\n"
            } else {
                ""
            };
            template.push(AsmTemplatePiece::Text(format!(
                "\n{stop}\tgoto {GOTO_END}f\n;;\n"
            )));
            for i in 0..labels.len() {
                let id = self.new_local(None, Types::UCHAR, kw.span, None);
                if let Some(f) = &mut self.func {
                    f.locals[id.0 as usize].used = true;
                }
                let e = self.mk(ExprKind::Local(id), Types::UCHAR, kw.span);
                selectors.push(id);
                template.push(AsmTemplatePiece::Text(format!(
                    "{}:\n\tstb ",
                    GOTO_FIRST + i as u32
                )));
                template.push(AsmTemplatePiece::Operand(nops + i));
                let tail = if i + 1 < labels.len() {
                    format!(" = $r0\n;;\n\tgoto {GOTO_END}f\n;;\n")
                } else {
                    " = $r0\n;;\n".to_string()
                };
                template.push(AsmTemplatePiece::Text(tail));
                ins.push(AsmOperand {
                    kind: AsmOperandKind::Mem,
                    inout: false,
                    early: false,
                    expr: e,
                });
            }
            template.push(AsmTemplatePiece::Text(format!("{GOTO_END}:\n")));
        }
        // check the text with the assembler's parser: placeholder
        // registers, distinct for distinct operands (a matching input
        // shares its output's)
        let mut probe = String::new();
        for p in &template {
            match p {
                AsmTemplatePiece::Text(t) => probe.push_str(t),
                AsmTemplatePiece::Operand(n) | AsmTemplatePiece::OperandHigh(n) => {
                    let high = usize::from(matches!(p, AsmTemplatePiece::OperandHigh(_)));
                    let k = if *n < outs.len() {
                        outs[*n].kind
                    } else {
                        ins[*n - outs.len()].kind
                    };
                    let gr = |m: usize| format!("$r{}", 16 + (2 * m + high) % 46);
                    let s = match k {
                        AsmOperandKind::Reg(AsmClass::Gr) => gr(*n),
                        AsmOperandKind::Tied(t) => gr(t),
                        AsmOperandKind::Reg(AsmClass::Br) => format!("$b{}", 1 + n % 7),
                        AsmOperandKind::Mem => format!("0[{}]", gr(*n)),
                        AsmOperandKind::Imm(v) => v.to_string(),
                    };
                    probe.push_str(&s);
                }
            }
        }
        self.check_asm_text(&probe, tspan);
        let asm = Stmt::Asm(Box::new(AsmStmt {
            volatile: volatile || outs.is_empty() || is_goto,
            template,
            outputs: outs,
            inputs: ins,
            clobbers,
            memory,
            span: kw.span,
        }));
        if labels.is_empty() {
            return Ok(asm);
        }
        // `sel = 1` for each label, the statement, then
        // `if (sel == 0) goto label` for each label in order
        let sp = kw.span;
        let mut block = vec![];
        for &id in &selectors {
            let l = self.mk(ExprKind::Local(id), Types::UCHAR, sp);
            let one = self.mk(ExprKind::Int(1), Types::UCHAR, sp);
            block.push(Stmt::Expr(self.mk(
                ExprKind::Assign(Box::new(l), Box::new(one)),
                Types::UCHAR,
                sp,
            )));
        }
        block.push(asm);
        for (&id, &(label, lsp, _)) in selectors.iter().zip(&labels) {
            let l = self.mk(ExprKind::Local(id), Types::UCHAR, sp);
            let l = self.cast(l, Types::INT);
            let zero = self.mk(ExprKind::Int(0), Types::INT, sp);
            let c = self.mk(
                ExprKind::Binary(BinOp::Eq, Box::new(l), Box::new(zero)),
                Types::INT,
                sp,
            );
            block.push(Stmt::If(c, Box::new(Stmt::Goto(label, lsp)), None));
        }
        Ok(Stmt::Block(block))
    }

    /// True if `e` can live in registers (a scalar of at most 8 bytes);
    /// otherwise reports the error.
    fn asm_reg_type(&mut self, e: &Expr) -> bool {
        let ok = (self.types.is_scalar(e.ty) || self.types.is_array(e.ty))
            && self.types.size(e.ty).is_some_and(|s| s <= 8);
        let ok = ok || self.types.is_array(e.ty);
        if !ok {
            let ty = self.types.name(e.ty, self.interner);
            self.diags.error(
                e.span,
                format!("asm register operand of type '{ty}' (needs a scalar of at most 8 bytes)"),
            );
        }
        ok
    }

    /// Resolves the operand references of an extended template (`%N`,
    /// `%[name]`, `%%`); `None` after an error.
    fn asm_template(
        &mut self,
        text: &str,
        span: Span,
        names: &[Option<String>],
        labels: &[(crate::frontend::lex::Sym, Span, String)],
    ) -> Option<Vec<AsmTemplatePiece>> {
        let mut out = vec![];
        let mut cur = String::new();
        let b = text.as_bytes();
        let mut i = 0;
        let mut ok = true;
        while i < b.len() {
            if b[i] != b'%' {
                let ch = text[i..].chars().next().unwrap_or(' ');
                cur.push(ch);
                i += ch.len_utf8();
                continue;
            }
            i += 1;
            // an operand modifier (`%H0`, `%L0`, `%l1`)
            let modifier = match (b.get(i), b.get(i + 1)) {
                (Some(&m), Some(c))
                    if m.is_ascii_alphabetic() && (c.is_ascii_digit() || *c == b'[') =>
                {
                    if !matches!(m, b'H' | b'L' | b'l') {
                        self.diags.error(
                            span,
                            format!("unsupported operand modifier '%{}' in asm template (lcc knows '%H' and '%L', the high and low word of a 64-bit register operand, and '%l', a label of 'asm goto')", m as char),
                        );
                        return None;
                    }
                    i += 1;
                    Some(m)
                }
                _ => None,
            };
            if modifier == Some(b'l') {
                // a label: numbered after the operands, or by name
                let k = if b[i] == b'[' {
                    let s = i + 1;
                    let Some(e) = text[s..].find(']') else {
                        self.diags.error(span, "unterminated '%l[' in asm template");
                        return None;
                    };
                    let name = &text[s..s + e];
                    i = s + e + 1;
                    labels.iter().position(|l| l.2 == name)
                } else {
                    let s = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    text[s..i]
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(names.len()))
                        .filter(|&k| k < labels.len())
                };
                let Some(k) = k else {
                    self.diags.error(
                        span,
                        "'%l' names no label of this 'asm goto' (labels are numbered after the operands)",
                    );
                    ok = false;
                    continue;
                };
                cur.push_str(&format!("{}f", GOTO_FIRST + k as u32));
                continue;
            }
            let n = match b.get(i) {
                Some(b'%') if modifier.is_none() => {
                    cur.push('%');
                    i += 1;
                    continue;
                }
                Some(c) if c.is_ascii_digit() => {
                    let s = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    text[s..i].parse::<usize>().unwrap_or(usize::MAX)
                }
                Some(b'[') => {
                    let s = i + 1;
                    let Some(e) = text[s..].find(']') else {
                        self.diags.error(span, "unterminated '%[' in asm template");
                        return None;
                    };
                    let name = &text[s..s + e];
                    i = s + e + 1;
                    match names.iter().position(|n| n.as_deref() == Some(name)) {
                        Some(k) => k,
                        None => {
                            self.diags
                                .error(span, format!("asm template names no operand '{name}'"));
                            ok = false;
                            continue;
                        }
                    }
                }
                Some(&c) => {
                    let c = c as char;
                    self.diags.error(
                        span,
                        format!("unsupported operand modifier '%{c}' in asm template"),
                    );
                    return None;
                }
                None => {
                    self.diags.error(span, "asm template ends with '%'");
                    return None;
                }
            };
            if n >= names.len() {
                self.diags.error(
                    span,
                    format!(
                        "asm operand number {n} out of range (the statement has {} operands)",
                        names.len()
                    ),
                );
                ok = false;
                continue;
            }
            if !cur.is_empty() {
                out.push(AsmTemplatePiece::Text(std::mem::take(&mut cur)));
            }
            out.push(if modifier == Some(b'H') {
                AsmTemplatePiece::OperandHigh(n)
            } else {
                AsmTemplatePiece::Operand(n)
            });
        }
        if !cur.is_empty() {
            out.push(AsmTemplatePiece::Text(cur));
        }
        ok.then_some(out)
    }

    /// Checks assembly `text` with the assembler's parser; its errors are
    /// reported at `span` (the template).
    fn check_asm_text(&mut self, text: &str, span: Span) {
        if text.trim().is_empty() {
            return;
        }
        let stop = if crate::ir::asm_needs_stop(text) {
            ";;"
        } else {
            ""
        };
        let source = format!("\t.text\n{text}\n{stop}\n");
        let (_, d) = assembler::assemble_object("asm", &source, &assembler::Options::default());
        for e in d
            .list
            .iter()
            .filter(|e| e.severity == assembler::diag::Severity::Error)
        {
            self.diags
                .error(span, format!("in asm text: {}", e.message));
        }
    }
}
