//! Operation statements: the mnemonic and its operands are matched against
//! the syntax templates of the ISA tables (ISA-ST200 §4, written as in
//! §7.5), checked against the target core (§4.11, §4.12), and collected into
//! the open bundle, which `;;` closes (§2.1, §2.3).

use super::{AsmOp, Assembler, BundleItem, Item, Operand, SHT_NOBITS};
use crate::diag::Span;
use crate::expr::Expr;
use crate::parse::{tokenize_operands, Tok};
use isa::{OpInfo, Opcode, OperandKind};

impl<'o> Assembler<'o> {
    pub(super) fn operation(
        &mut self,
        mnemonic: &str,
        args: &str,
        file: usize,
        off: usize,
        span: Span,
        line: u32,
    ) {
        let mnemonic_span = Span::new(file, span.start, span.start + mnemonic.len());
        let mut candidates = Opcode::by_mnemonic(mnemonic);
        // a custom operation the machine declares is its `asm_N` (§4.10)
        if candidates.is_empty() {
            if let Some(c) = self.opts.model.custom_op(mnemonic) {
                candidates = Opcode::by_mnemonic(&format!("asm_{}", c.slot));
            }
        }
        if candidates.is_empty() {
            self.diags
                .error(mnemonic_span, format!("unknown operation `{mnemonic}`"));
            return;
        }
        let toks = match tokenize_operands(args) {
            Ok(t) => t,
            Err(at) => {
                self.diags.error(
                    Span::new(file, off + at, off + at + 2),
                    "unknown register (expected $r0..$r63 or $b0..$b7)",
                );
                return;
            }
        };
        // Registers the machine lacks (§1.2, §1.3: `registers` of the
        // machine description).
        for t in &toks {
            let Tok::Reg { br, n } = t.tok else { continue };
            let Ok(n) = u32::try_from(n) else { continue };
            if let Some(message) = self.opts.model.missing_register(br, n) {
                self.diags
                    .error(Span::new(file, off + t.start, off + t.end), message);
                return;
            }
        }
        let Some(&opcode) = candidates.iter().find(|o| matches_syntax(o.info(), &toks)) else {
            let forms: Vec<String> = candidates
                .iter()
                .map(|o| {
                    // a custom operation is described by the name written
                    let d = describe(o.info());
                    match d.strip_prefix(o.info().mnemonic) {
                        Some(rest) if o.info().mnemonic != mnemonic => {
                            format!("`{mnemonic}{rest}`")
                        }
                        _ => format!("`{d}`"),
                    }
                })
                .collect();
            let lead = args.len() - args.trim_start().len();
            self.diags.error(
                Span::new(file, off + lead, off + args.trim_end().len()).max_or(mnemonic_span),
                format!(
                    "invalid operands for `{mnemonic}`; expected {}",
                    forms.join(" or ")
                ),
            );
            return;
        };
        let info = opcode.info();
        if !info.cores.contains(self.opts.model.core) {
            self.diags.error(
                mnemonic_span,
                format!(
                    "`{mnemonic}` is not an operation of the {} (ISA-ST200 §4.11, §4.12)",
                    self.opts.model.core
                ),
            );
            return;
        }
        let mut operands = Vec::with_capacity(info.syntax.operands.len());
        let mut spec_i = 0;
        for t in &toks {
            match t.tok {
                Tok::Punct(_) => continue,
                Tok::Reg { n, .. } => operands.push(Operand::Reg(n)),
                Tok::Expr(s, e) => {
                    let ospan = Span::new(file, off + s, off + e);
                    let Some(mut expr) = self.expr(&args[s..e], file, off + s) else {
                        return;
                    };
                    let mut force_long = false;
                    if let Expr::Op { name, arg, .. } = &expr {
                        if name == "long" {
                            force_long = true;
                            expr = (**arg).clone();
                        }
                    }
                    operands.push(Operand::Expr {
                        expr,
                        span: ospan,
                        force_long,
                    });
                }
            }
            spec_i += 1;
        }
        debug_assert_eq!(spec_i, info.syntax.operands.len());
        let loc = self.pending_loc.take().or_else(|| {
            (self.opts.debug && !self.any_loc).then(|| {
                let (_, col) = self.diags.files[file].line_col(span.start);
                (1, line, col as u32)
            })
        });
        let force = operands.iter().any(|o| {
            matches!(
                o,
                Operand::Expr {
                    force_long: true,
                    ..
                }
            )
        });
        let op = AsmOp {
            opcode,
            operands,
            long: force,
            span,
            loc,
        };
        match &mut self.open {
            Some((b, _)) => {
                b.ops.push(op);
                b.span.end = span.end.max(b.span.end);
            }
            None => {
                if self.sections[self.cur].sh_type == SHT_NOBITS {
                    let name = self.sections[self.cur].name.clone();
                    self.diags.error(
                        span,
                        format!("operation in section `{name}`, which has no contents (nobits)"),
                    );
                    return;
                }
                let cur = self.cur;
                self.open = Some((
                    BundleItem {
                        ops: vec![op],
                        span,
                        min_syllables: 0,
                    },
                    cur,
                ));
            }
        }
    }

    pub(super) fn end_bundle(&mut self, span: Span) {
        match self.open.take() {
            Some((b, section)) => self.sections[section].items.push(Item::Bundle(b)),
            None => self.diags.error(
                span,
                "empty bundle: `;;` with no operation before it (ISA-ST200 §2.3 rule 1)",
            ),
        }
    }
}

trait SpanExt {
    fn max_or(self, other: Span) -> Span;
}

impl SpanExt for Span {
    /// This span if it covers some text, else `other`.
    fn max_or(self, other: Span) -> Span {
        if self.end > self.start {
            self
        } else {
            other
        }
    }
}

fn kind_matches(kind: OperandKind, tok: &Tok) -> bool {
    matches!(
        (kind, tok),
        (
            OperandKind::Gr | OperandKind::GrNoLink | OperandKind::Link,
            Tok::Reg { br: false, .. }
        ) | (OperandKind::Br, Tok::Reg { br: true, .. })
            | (
                OperandKind::Imm | OperandKind::Num21 | OperandKind::BTarg,
                Tok::Expr(..)
            )
    )
}

/// Whether operand tokens fit the syntax template of `info`.
fn matches_syntax(info: &OpInfo, toks: &[crate::parse::Spanned]) -> bool {
    let mut t = toks.iter();
    let mut chars = info.syntax.template.bytes().peekable();
    while let Some(c) = chars.next() {
        match c {
            b' ' => continue,
            b'%' => {
                let Some(d) = chars.next() else { return false };
                let spec = info.syntax.operands[(d - b'0') as usize];
                match t.next() {
                    Some(tok) if kind_matches(spec.kind, &tok.tok) => {}
                    _ => return false,
                }
            }
            p => match t.next() {
                Some(tok) if tok.tok == Tok::Punct(p) => {}
                _ => return false,
            },
        }
    }
    t.next().is_none()
}

/// The syntax of an entry for messages, e.g. `add $rD = $rA, imm`.
fn describe(info: &OpInfo) -> String {
    let mut out = String::from(info.mnemonic);
    if !info.syntax.template.is_empty() {
        out.push(' ');
    }
    let mut chars = info.syntax.template.chars();
    while let Some(c) = chars.next() {
        if c == '%' {
            if let Some(d) = chars.next().and_then(|d| d.to_digit(10)) {
                let spec = info.syntax.operands[d as usize];
                out.push_str(match spec.kind {
                    OperandKind::Gr | OperandKind::GrNoLink => "$r",
                    OperandKind::Br => "$b",
                    OperandKind::Imm => "imm",
                    OperandKind::Num21 => "n",
                    OperandKind::BTarg => "target",
                    OperandKind::Link => "$r63",
                });
            }
        } else {
            out.push(c);
        }
    }
    out
}
