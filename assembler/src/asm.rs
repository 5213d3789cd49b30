//! The assembler proper: statements to sections of bundles and data, layout
//! with long-immediate relaxation and lane placement, encoding, relocations,
//! symbols and line information (ISA-ST200.md §2, §3, §6, §7.5).

use crate::diag::{Diagnostics, SourceFile, Span};
use crate::expr::{fold, parse_expr, BinOp, Expr};
use crate::object::{
    Binding, DebugInfo, Function, LineRow, ObjectFile, Reloc, RelocTarget, Section, SectionId,
    Symbol, SymbolId, SymbolKind, SymbolPlace,
};
use crate::parse::{ident_len, parse_string, split_top, strip_comments, tokenize_operands, Tok};
use crate::Options;
use isa::bundle::{self, BundleLimits, Slot, SlotNeeds};
use isa::elf::{r_type, reloc_operator, RelocOperator};
use isa::encoding::{self, Extension, Operation, MAX_OPERANDS, STOP_BIT};
use isa::{OpInfo, Opcode, OperandKind};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

const SHT_PROGBITS: u32 = 1;
const SHT_NOBITS: u32 = 8;
const SHF_WRITE: u64 = 1;
const SHF_ALLOC: u64 = 2;
const SHF_EXECINSTR: u64 = 4;
/// Code sections are aligned to at least 8 bytes so that lane parity is
/// known at assembly time (ISA-ST200.md §2.1).
const CODE_ALIGN: u64 = 8;
/// A one-syllable `nop` bundle: fill for alignment inside code (§4.8, §2.1).
const NOP_BUNDLE: u32 = STOP_BIT;
const MAX_LAYOUT_PASSES: usize = 64;
/// Largest section with contents `las` builds (256 MiB).
const MAX_SECTION_BYTES: u64 = 1 << 28;
const MAX_INCLUDE_DEPTH: usize = 32;

type SymId = usize;

/// A place in the program: item `item` of section `section` (the location
/// before that item; `items.len()` = end of section).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pos {
    section: usize,
    item: usize,
}

/// An operand of a parsed operation.
#[derive(Debug, Clone)]
enum Operand {
    /// Register number, or 63 for the link operand.
    Reg(i64),
    /// Expression; `base` is the absolute byte offset of its text.
    Expr {
        expr: Expr,
        span: Span,
        force_long: bool,
    },
}

#[derive(Debug, Clone)]
struct AsmOp {
    opcode: Opcode,
    operands: Vec<Operand>,
    /// Long immediate chosen so far (sticky: only grows during layout).
    long: bool,
    span: Span,
    loc: Option<(u32, u32, u32)>,
}

#[derive(Debug, Clone)]
struct BundleItem {
    ops: Vec<AsmOp>,
    span: Span,
    /// Syllables of the last placement (sticky minimum, for convergence).
    min_syllables: usize,
}

#[derive(Debug, Clone)]
enum Item {
    Bundle(BundleItem),
    Bytes(Vec<u8>),
    Data {
        size: u8,
        expr: Expr,
        span: Span,
    },
    Align {
        align: u64,
        fill: Option<u8>,
        max: Option<u64>,
    },
    Space {
        size: Expr,
        fill: u8,
        span: Span,
    },
}

#[derive(Debug, Clone)]
struct Sec {
    name: String,
    sh_type: u32,
    flags: u64,
    align: u64,
    items: Vec<Item>,
    /// Start offset of each item, plus the section size at the end.
    offsets: Vec<u64>,
}

#[derive(Debug, Clone)]
enum Def {
    Undefined,
    Label(Pos),
    Equ(Expr, Pos),
    Common { size: u64, align: u64 },
}

#[derive(Debug, Clone)]
struct Sym {
    name: String,
    def: Def,
    binding: Option<Binding>,
    kind: SymbolKind,
    size: Option<u64>,
    def_span: Option<Span>,
    /// Temporary: `.L*` and numeric local labels, not written to the symbol table.
    temporary: bool,
    used: bool,
    /// Where the symbol is first referenced.
    first_use: Option<Span>,
}

/// A value after evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    Abs(i64),
    /// base + addend; with `minus_here`, minus the start of the current section
    /// (a PC-relative value whose place offset is added at emission).
    Rel {
        base: Base,
        addend: i64,
        minus_here: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Base {
    Symbol(SymId),
    Section(usize),
}

struct EvalError {
    span: Span,
    message: String,
}

struct ProcRange {
    start: Pos,
    end: Option<Pos>,
    span: Span,
}

/// What a `.loc`/`-g` line row points at.
type Loc = (u32, u32, u32);

pub(crate) struct Assembler<'o> {
    opts: &'o Options,
    pub(crate) diags: Diagnostics,
    sections: Vec<Sec>,
    section_map: HashMap<String, usize>,
    cur: usize,
    prev: usize,
    symbols: Vec<Sym>,
    sym_map: HashMap<String, SymId>,
    local_counts: HashMap<u64, u32>,
    open: Option<(BundleItem, usize)>,
    pending_loc: Option<Loc>,
    any_loc: bool,
    debug_files: Vec<String>,
    file_symbol: Option<String>,
    sizes: Vec<(SymId, Expr, Pos, Span)>,
    procs: Vec<ProcRange>,
    include_depth: usize,
    limits: BundleLimits,
    eval_depth: usize,
}

fn default_section_attrs(name: &str) -> (u32, u64) {
    let starts = |p: &str| name == p || name.starts_with(&format!("{p}."));
    if starts(".text") || starts(".init") || starts(".fini") {
        (SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR)
    } else if starts(".bss") || starts(".sbss") || starts(".tbss") {
        (SHT_NOBITS, SHF_ALLOC | SHF_WRITE)
    } else if starts(".data") || starts(".sdata") || starts(".tdata") || starts(".got") {
        (SHT_PROGBITS, SHF_ALLOC | SHF_WRITE)
    } else if starts(".rodata") || starts(".srdata") {
        (SHT_PROGBITS, SHF_ALLOC)
    } else {
        (SHT_PROGBITS, 0)
    }
}

fn is_temporary(name: &str) -> bool {
    name.starts_with(".L") || name.contains('\u{2}')
}

impl<'o> Assembler<'o> {
    pub(crate) fn new(opts: &'o Options) -> Assembler<'o> {
        let mut a = Assembler {
            opts,
            diags: Diagnostics::default(),
            sections: Vec::new(),
            section_map: HashMap::new(),
            cur: 0,
            prev: 0,
            symbols: Vec::new(),
            sym_map: HashMap::new(),
            local_counts: HashMap::new(),
            open: None,
            pending_loc: None,
            any_loc: false,
            debug_files: vec![String::new()],
            file_symbol: None,
            sizes: Vec::new(),
            procs: Vec::new(),
            include_depth: 0,
            limits: BundleLimits::ST200,
            eval_depth: 0,
        };
        a.cur = a.section(".text", None, None);
        a.prev = a.cur;
        a
    }

    fn section(&mut self, name: &str, flags: Option<u64>, sh_type: Option<u32>) -> usize {
        if let Some(&i) = self.section_map.get(name) {
            return i;
        }
        let (t, f) = default_section_attrs(name);
        let flags = flags.unwrap_or(f);
        let align = if flags & SHF_EXECINSTR != 0 {
            CODE_ALIGN
        } else {
            1
        };
        self.sections.push(Sec {
            name: name.to_string(),
            sh_type: sh_type.unwrap_or(t),
            flags,
            align,
            items: Vec::new(),
            offsets: Vec::new(),
        });
        self.section_map
            .insert(name.to_string(), self.sections.len() - 1);
        self.sections.len() - 1
    }

    fn here(&self) -> Pos {
        Pos {
            section: self.cur,
            item: self.sections[self.cur].items.len(),
        }
    }

    fn symbol(&mut self, name: &str) -> SymId {
        if let Some(&i) = self.sym_map.get(name) {
            return i;
        }
        self.symbols.push(Sym {
            name: name.to_string(),
            def: Def::Undefined,
            binding: None,
            kind: SymbolKind::NoType,
            size: None,
            def_span: None,
            temporary: is_temporary(name),
            used: false,
            first_use: None,
        });
        self.sym_map
            .insert(name.to_string(), self.symbols.len() - 1);
        self.symbols.len() - 1
    }

    fn define(&mut self, name: &str, def: Def, span: Span) {
        let id = self.symbol(name);
        if !matches!(self.symbols[id].def, Def::Undefined) {
            let shown = name.split('\u{2}').next().unwrap_or(name);
            self.diags
                .error(span, format!("symbol `{shown}` is already defined"));
            if let Some(prev) = self.symbols[id].def_span {
                self.diags.note(prev, "previous definition is here");
            }
            return;
        }
        self.symbols[id].def = def;
        self.symbols[id].def_span = Some(span);
    }

    // ------------------------------------------------------------------
    // Parsing.

    /// Assembles the text of one file (the top-level file or an include).
    pub(crate) fn source(&mut self, name: &str, text: &str) {
        let file = self.diags.files.len();
        self.diags.files.push(SourceFile::new(name, text));
        let clean = strip_comments(text);
        let mut line_start = 0;
        for (line_no, line) in clean.split('\n').enumerate() {
            let parts = split_top(line, ";;");
            for (k, &(s, e)) in parts.iter().enumerate() {
                self.statement(file, line_start + s, &line[s..e], line_no as u32 + 1);
                if k + 1 < parts.len() {
                    let at = line_start + e;
                    self.end_bundle(Span::new(file, at, at + 2));
                }
            }
            line_start += line.len() + 1;
        }
        if self.include_depth == 0 {
            if let Some((b, _)) = self.open.take() {
                self.diags.error(
                    b.span,
                    "bundle not terminated: missing `;;` after its last operation",
                );
            }
            self.check_local_refs();
            if let Some(p) = self.procs.last() {
                if p.end.is_none() {
                    self.diags
                        .error(p.span, "`.proc` without a matching `.endp`");
                }
            }
        }
    }

    fn check_local_refs(&mut self) {
        for s in &self.symbols {
            if s.name.contains('\u{2}') && matches!(s.def, Def::Undefined) {
                if let Some(span) = s.def_span {
                    let n = s.name.split('\u{2}').next().unwrap_or("");
                    self.diags.error(
                        span,
                        format!("local label `{n}f` is never defined after this reference"),
                    );
                }
            }
        }
    }

    fn statement(&mut self, file: usize, base: usize, text: &str, line: u32) {
        let mut rest = text;
        let mut off = base;
        // Labels: `name:` or `N:` (numeric local label).
        loop {
            let t = rest.trim_start();
            off += rest.len() - t.len();
            rest = t;
            let n = if rest.starts_with(|c: char| c.is_ascii_digit()) {
                rest.bytes().take_while(|c| c.is_ascii_digit()).count()
            } else {
                ident_len(rest)
            };
            if n == 0 || !rest[n..].starts_with(':') {
                break;
            }
            let span = Span::new(file, off, off + n);
            self.label(&rest[..n], span);
            rest = &rest[n + 1..];
            off += n + 1;
        }
        let t = rest.trim_start();
        off += rest.len() - t.len();
        let rest = t.trim_end();
        if rest.is_empty() {
            return;
        }
        let n = ident_len(rest);
        if n == 0 {
            self.diags.error(
                Span::new(file, off, off + 1),
                "expected a label, an operation or a directive",
            );
            return;
        }
        let word = &rest[..n];
        let args = &rest[n..];
        let args_off = off + n;
        // `sym = expr`
        let after = args.trim_start();
        if after.starts_with('=') && !after.starts_with("==") {
            let eq_off = args_off + (args.len() - after.len()) + 1;
            self.equate(
                word,
                Span::new(file, off, off + n),
                &after[1..],
                file,
                eq_off,
            );
            return;
        }
        let span = Span::new(file, off, off + rest.len());
        if word.starts_with('.') {
            self.directive(word, args, file, args_off, span, line);
        } else {
            self.operation(word, args, file, args_off, span, line);
        }
    }

    fn label(&mut self, name: &str, span: Span) {
        if self.open.is_some() {
            self.diags.error(span, "label inside a bundle: labels must start a bundle (end the bundle with `;;` first)");
            return;
        }
        let pos = self.here();
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            let Ok(n) = name.parse::<u64>() else {
                self.diags.error(span, "numeric local label is too large");
                return;
            };
            let count = self.local_counts.entry(n).or_insert(0);
            *count += 1;
            let inst = format!("{n}\u{2}{count}");
            self.define(&inst, Def::Label(pos), span);
            return;
        }
        self.define(name, Def::Label(pos), span);
    }

    fn equate(&mut self, name: &str, name_span: Span, text: &str, file: usize, off: usize) {
        if let Some(expr) = self.expr(text, file, off) {
            let pos = self.here();
            self.define(name, Def::Equ(expr, pos), name_span);
        }
    }

    /// Parses an expression and resolves numeric local label references.
    fn expr(&mut self, text: &str, file: usize, off: usize) -> Option<Expr> {
        let lead = text.len() - text.trim_start().len();
        let t = text.trim();
        if t.is_empty() {
            self.diags.error(
                Span::new(file, off, off + text.len().max(1)),
                "expected an expression",
            );
            return None;
        }
        match parse_expr(t) {
            Ok(mut e) => {
                self.resolve_locals(&mut e, file, off + lead);
                Some(e)
            }
            Err(at) => {
                let s = off + lead + at;
                self.diags
                    .error(Span::new(file, s, s + 1), "malformed expression");
                None
            }
        }
    }

    fn resolve_locals(&mut self, e: &mut Expr, file: usize, off: usize) {
        match e {
            Expr::LocalRef { label, forward, at } => {
                let count = self.local_counts.get(label).copied().unwrap_or(0);
                let span = Span::new(file, off + *at, off + *at + 2);
                let inst = if *forward { count + 1 } else { count };
                if inst == 0 {
                    self.diags.error(
                        span,
                        format!("`{label}b` refers to no earlier label `{label}:`"),
                    );
                }
                let name = format!("{label}\u{2}{inst}");
                let id = self.symbol(&name);
                if *forward && self.symbols[id].def_span.is_none() {
                    self.symbols[id].def_span = Some(span);
                }
                *e = Expr::Sym { name, at: *at };
            }
            Expr::Neg(a) | Expr::Not(a) => self.resolve_locals(a, file, off),
            Expr::Op { arg, .. } => self.resolve_locals(arg, file, off),
            Expr::Bin(_, a, b) => {
                self.resolve_locals(a, file, off);
                self.resolve_locals(b, file, off);
            }
            Expr::Sym { name, at } => {
                let id = self.symbol(name);
                self.symbols[id].used = true;
                let span = Span::new(file, off + *at, off + *at + name.len());
                self.symbols[id].first_use.get_or_insert(span);
            }
            Expr::Num(_) | Expr::Dot => {}
        }
    }

    fn operation(
        &mut self,
        mnemonic: &str,
        args: &str,
        file: usize,
        off: usize,
        span: Span,
        line: u32,
    ) {
        let mnemonic_span = Span::new(file, span.start, span.start + mnemonic.len());
        let candidates = Opcode::by_mnemonic(mnemonic);
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
        let Some(&opcode) = candidates.iter().find(|o| matches_syntax(o.info(), &toks)) else {
            let forms: Vec<String> = candidates
                .iter()
                .map(|o| format!("`{}`", describe(o.info())))
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
        if !info.cores.contains(self.opts.core) {
            self.diags.error(
                mnemonic_span,
                format!(
                    "`{mnemonic}` is not an operation of the {} (ISA-ST200 §4.11, §4.12)",
                    self.opts.core
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

    fn end_bundle(&mut self, span: Span) {
        match self.open.take() {
            Some((b, section)) => self.sections[section].items.push(Item::Bundle(b)),
            None => self.diags.error(
                span,
                "empty bundle: `;;` with no operation before it (ISA-ST200 §2.3 rule 1)",
            ),
        }
    }

    fn push_item(&mut self, item: Item, span: Span, what: &str) {
        if self.open.is_some() {
            self.diags.error(
                span,
                format!("`{what}` inside a bundle: end the bundle with `;;` first"),
            );
            return;
        }
        let sec = &self.sections[self.cur];
        if sec.sh_type == SHT_NOBITS {
            let nonzero = match &item {
                Item::Bytes(b) => b.iter().any(|&x| x != 0),
                Item::Data { .. } => true,
                Item::Space { fill, .. } => *fill != 0,
                _ => false,
            };
            if nonzero {
                let name = sec.name.clone();
                self.diags.error(
                    span,
                    format!(
                        "`{what}` puts data in section `{name}`, which has no contents (nobits)"
                    ),
                );
                return;
            }
        }
        self.sections[self.cur].items.push(item);
    }

    fn switch_section(&mut self, target: usize, span: Span, what: &str) {
        if self.open.is_some() {
            self.diags.error(
                span,
                format!("`{what}` inside a bundle: end the bundle with `;;` first"),
            );
            return;
        }
        if target != self.cur {
            self.prev = self.cur;
            self.cur = target;
        }
    }

    fn args<'a>(&mut self, text: &'a str, off: usize) -> Vec<(&'a str, usize)> {
        let t = text.trim();
        if t.is_empty() {
            return Vec::new();
        }
        let lead = text.len() - text.trim_start().len();
        split_top(t, ",")
            .into_iter()
            .map(|(s, e)| {
                let a = &t[s..e];
                let l = a.len() - a.trim_start().len();
                (a.trim(), off + lead + s + l)
            })
            .collect()
    }

    fn const_arg(&mut self, text: &str, file: usize, off: usize) -> Option<i64> {
        let e = self.expr(text, file, off)?;
        let span = Span::new(file, off, off + text.len());
        match self.eval(&e, self.here(), span) {
            Ok(Value::Abs(v)) => Some(v),
            Ok(_) => {
                self.diags
                    .error(span, "expected a constant, not an address");
                None
            }
            Err(err) => {
                self.diags.error(err.span, err.message);
                None
            }
        }
    }

    fn symbol_name_arg(&mut self, text: &str, file: usize, off: usize) -> Option<String> {
        let n = ident_len(text);
        if n == 0 || n != text.len() {
            self.diags.error(
                Span::new(file, off, off + text.len().max(1)),
                "expected a symbol name",
            );
            return None;
        }
        Some(text.to_string())
    }

    fn directive(
        &mut self,
        name: &str,
        text: &str,
        file: usize,
        off: usize,
        span: Span,
        line: u32,
    ) {
        let _ = line;
        let args = self.args(text, off);
        let nargs = args.len();
        let want = |a: &mut Self, lo: usize, hi: usize| -> bool {
            if nargs < lo || nargs > hi {
                let what = if lo == hi {
                    format!("{lo}")
                } else {
                    format!("{lo} to {hi}")
                };
                a.diags.error(
                    span,
                    format!("`{name}` takes {what} argument(s), got {nargs}"),
                );
                false
            } else {
                true
            }
        };
        match name {
            ".text" | ".data" | ".bss" | ".rodata" | ".sdata" | ".sbss" => {
                if want(self, 0, 0) {
                    let s = self.section(name, None, None);
                    self.switch_section(s, span, name);
                }
            }
            ".section" => {
                if nargs == 0 {
                    self.diags.error(span, "`.section` needs a section name");
                    return;
                }
                let sname = args[0].0.trim_matches('"').to_string();
                let mut flags = None;
                let mut sh_type = None;
                if let Some(&(f, foff)) = args.get(1) {
                    match parse_string(f) {
                        Ok(bytes) => {
                            let mut v = 0u64;
                            for c in bytes {
                                match c {
                                    b'a' => v |= SHF_ALLOC,
                                    b'w' => v |= SHF_WRITE,
                                    b'x' => v |= SHF_EXECINSTR,
                                    b'M' | b'S' | b'G' | b'T' | b'o' | b'R' => {}
                                    _ => self.diags.error(
                                        Span::new(file, foff, foff + f.len()),
                                        format!("unknown section flag `{}`", c as char),
                                    ),
                                }
                            }
                            flags = Some(v);
                        }
                        Err(_) => self.diags.error(
                            Span::new(file, foff, foff + f.len()),
                            "section flags must be a string such as \"ax\"",
                        ),
                    }
                }
                if let Some(&(t, toff)) = args.get(2) {
                    match t.trim_start_matches(['@', '%']) {
                        "progbits" => sh_type = Some(SHT_PROGBITS),
                        "nobits" => sh_type = Some(SHT_NOBITS),
                        _ => self.diags.error(
                            Span::new(file, toff, toff + t.len()),
                            "section type must be @progbits or @nobits",
                        ),
                    }
                }
                let s = self.section(&sname, flags, sh_type);
                self.switch_section(s, span, name);
            }
            ".previous" => {
                if want(self, 0, 0) {
                    let p = self.prev;
                    self.switch_section(p, span, name);
                }
            }
            ".align" | ".balign" | ".p2align" => {
                if !want(self, 1, 3) {
                    return;
                }
                let Some(n) = self.const_arg(args[0].0, file, args[0].1) else {
                    return;
                };
                let align = if name == ".p2align" {
                    if !(0..=31).contains(&n) {
                        self.diags
                            .error(span, "`.p2align` power must be between 0 and 31");
                        return;
                    }
                    1u64 << n
                } else {
                    if n <= 0 || (n as u64).count_ones() != 1 || n > 1 << 31 {
                        self.diags.error(
                            span,
                            format!(
                                "`{name}` needs a power of two in bytes (ISA-ST200 §7.5), got {n}"
                            ),
                        );
                        return;
                    }
                    n as u64
                };
                let fill = match args.get(1) {
                    Some(&(t, o)) if !t.is_empty() => self.const_arg(t, file, o).map(|v| v as u8),
                    _ => None,
                };
                let max = match args.get(2) {
                    Some(&(t, o)) => self.const_arg(t, file, o).map(|v| v.max(0) as u64),
                    None => None,
                };
                let s = self.cur;
                self.sections[s].align = self.sections[s].align.max(align);
                self.push_item(Item::Align { align, fill, max }, span, name);
            }
            ".global" | ".globl" | ".weak" | ".local" => {
                let binding = match name {
                    ".weak" => Binding::Weak,
                    ".local" => Binding::Local,
                    _ => Binding::Global,
                };
                if nargs == 0 {
                    self.diags
                        .error(span, format!("`{name}` needs at least one symbol name"));
                }
                for (a, o) in args {
                    if let Some(s) = self.symbol_name_arg(a, file, o) {
                        let id = self.symbol(&s);
                        self.symbols[id].binding = Some(binding);
                        self.symbols[id].temporary = false;
                    }
                }
            }
            ".type" => {
                if !want(self, 2, 2) {
                    return;
                }
                let Some(s) = self.symbol_name_arg(args[0].0, file, args[0].1) else {
                    return;
                };
                let kind = match args[1].0.trim_start_matches(['@', '%', '#']) {
                    "function" | "STT_FUNC" => SymbolKind::Function,
                    "object" | "STT_OBJECT" => SymbolKind::Object,
                    "tls_object" | "STT_TLS" => SymbolKind::Tls,
                    "notype" | "STT_NOTYPE" => SymbolKind::NoType,
                    _ => {
                        self.diags.error(
                            Span::new(file, args[1].1, args[1].1 + args[1].0.len()),
                            "symbol type must be @function, @object, @tls_object or @notype",
                        );
                        return;
                    }
                };
                let id = self.symbol(&s);
                self.symbols[id].kind = kind;
            }
            ".size" => {
                if !want(self, 2, 2) {
                    return;
                }
                let Some(s) = self.symbol_name_arg(args[0].0, file, args[0].1) else {
                    return;
                };
                let Some(e) = self.expr(args[1].0, file, args[1].1) else {
                    return;
                };
                let id = self.symbol(&s);
                let pos = self.open_pos();
                self.sizes.push((
                    id,
                    e,
                    pos,
                    Span::new(file, args[1].1, args[1].1 + args[1].0.len()),
                ));
            }
            ".proc" => {
                if self.procs.last().is_some_and(|p| p.end.is_none()) {
                    self.diags
                        .error(span, "`.proc` inside another `.proc` (missing `.endp`)");
                    return;
                }
                let start = self.open_pos();
                self.procs.push(ProcRange {
                    start,
                    end: None,
                    span,
                });
            }
            ".endp" => {
                let end = self.open_pos();
                match self.procs.last_mut() {
                    Some(p) if p.end.is_none() => p.end = Some(end),
                    _ => self.diags.error(span, "`.endp` without `.proc`"),
                }
            }
            ".word" | ".long" | ".int" | ".hword" | ".half" | ".short" | ".byte" | ".2byte"
            | ".4byte" => {
                let size = match name {
                    ".word" | ".long" | ".int" | ".4byte" => 4,
                    ".byte" => 1,
                    _ => 2,
                };
                if nargs == 0 {
                    self.diags
                        .error(span, format!("`{name}` needs at least one value"));
                }
                for (a, o) in args {
                    let Some(expr) = self.expr(a, file, o) else {
                        continue;
                    };
                    let aspan = Span::new(file, o, o + a.len());
                    let item = match expr {
                        Expr::Num(v) => match data_bytes(v, size) {
                            Some(b) => Item::Bytes(b),
                            None => {
                                self.diags.error(
                                    aspan,
                                    format!("value {v} does not fit in {size} byte(s)"),
                                );
                                continue;
                            }
                        },
                        expr => Item::Data {
                            size,
                            expr,
                            span: aspan,
                        },
                    };
                    self.push_item(item, span, name);
                }
            }
            ".ascii" | ".asciz" | ".string" => {
                if nargs == 0 {
                    self.diags.error(span, format!("`{name}` needs a string"));
                }
                for (a, o) in args {
                    match parse_string(a) {
                        Ok(mut b) => {
                            if name != ".ascii" {
                                b.push(0);
                            }
                            self.push_item(Item::Bytes(b), span, name);
                        }
                        Err(at) => self.diags.error(
                            Span::new(file, o + at, o + at + 1),
                            "malformed string literal",
                        ),
                    }
                }
            }
            ".skip" | ".space" | ".zero" => {
                if !want(self, 1, if name == ".zero" { 1 } else { 2 }) {
                    return;
                }
                let Some(size) = self.expr(args[0].0, file, args[0].1) else {
                    return;
                };
                let fill = match args.get(1) {
                    Some(&(t, o)) => self.const_arg(t, file, o).unwrap_or(0) as u8,
                    None => 0,
                };
                let sspan = Span::new(file, args[0].1, args[0].1 + args[0].0.len());
                self.push_item(
                    Item::Space {
                        size,
                        fill,
                        span: sspan,
                    },
                    span,
                    name,
                );
            }
            ".comm" | ".lcomm" => {
                if !want(self, 2, 3) {
                    return;
                }
                let Some(s) = self.symbol_name_arg(args[0].0, file, args[0].1) else {
                    return;
                };
                let Some(size) = self.const_arg(args[1].0, file, args[1].1) else {
                    return;
                };
                let align = match args.get(2) {
                    Some(&(t, o)) => self.const_arg(t, file, o).unwrap_or(1),
                    None => {
                        if size >= 8 {
                            8
                        } else {
                            (size.max(1) as u64).next_power_of_two() as i64
                        }
                    }
                };
                if size < 0 || align <= 0 || (align as u64).count_ones() != 1 {
                    self.diags.error(
                        span,
                        "common size must be non-negative and alignment a power of two",
                    );
                    return;
                }
                let sym_span = Span::new(file, args[0].1, args[0].1 + args[0].0.len());
                if name == ".comm" {
                    self.define(
                        &s,
                        Def::Common {
                            size: size as u64,
                            align: align as u64,
                        },
                        sym_span,
                    );
                    let id = self.symbol(&s);
                    if self.symbols[id].binding.is_none() {
                        self.symbols[id].binding = Some(Binding::Global);
                    }
                    self.symbols[id].kind = SymbolKind::Object;
                } else {
                    // `.lcomm`: a local symbol in .bss.
                    if self.open.is_some() {
                        self.diags.error(
                            span,
                            "`.lcomm` inside a bundle: end the bundle with `;;` first",
                        );
                        return;
                    }
                    let bss = self.section(".bss", None, None);
                    self.sections[bss].align = self.sections[bss].align.max(align as u64);
                    self.sections[bss].items.push(Item::Align {
                        align: align as u64,
                        fill: None,
                        max: None,
                    });
                    let pos = Pos {
                        section: bss,
                        item: self.sections[bss].items.len(),
                    };
                    self.define(&s, Def::Label(pos), sym_span);
                    let id = self.symbol(&s);
                    self.symbols[id].kind = SymbolKind::Object;
                    self.symbols[id].size = Some(size as u64);
                    self.sections[bss].items.push(Item::Space {
                        size: Expr::Num(size),
                        fill: 0,
                        span,
                    });
                }
            }
            ".set" | ".equ" => {
                if nargs < 2 {
                    self.diags
                        .error(span, format!("`{name}` takes a symbol and an expression"));
                    return;
                }
                let Some(s) = self.symbol_name_arg(args[0].0, file, args[0].1) else {
                    return;
                };
                // The expression is everything after the first comma.
                let comma = text.find(',').map_or(text.len(), |c| c + 1);
                self.equate(
                    &s,
                    Span::new(file, args[0].1, args[0].1 + s.len()),
                    &text[comma..],
                    file,
                    off + comma,
                );
            }
            ".file" => {
                if nargs == 1 && args[0].0.starts_with('"') {
                    match parse_string(args[0].0) {
                        Ok(b) => self.file_symbol = Some(String::from_utf8_lossy(&b).into_owned()),
                        Err(_) => self.diags.error(span, "`.file` takes a quoted file name"),
                    }
                    return;
                }
                let Some(&(first, _)) = args.first() else {
                    self.diags.error(
                        span,
                        "`.file` takes a file name, or a number and a file name",
                    );
                    return;
                };
                // `.file N "name"`: the number and the name are separated by spaces.
                let (num, rest) = first.split_once(char::is_whitespace).unwrap_or((first, ""));
                let (num, rest) = if nargs == 1 || !rest.is_empty() {
                    (num, rest.trim())
                } else {
                    (num, args[1].0)
                };
                let Ok(n) = num.parse::<usize>() else {
                    self.diags
                        .error(span, "`.file` number must be a positive integer");
                    return;
                };
                match parse_string(rest) {
                    Ok(b) if n > 0 && n < 65536 => {
                        if self.debug_files.len() <= n {
                            self.debug_files.resize(n + 1, String::new());
                        }
                        self.debug_files[n] = String::from_utf8_lossy(&b).into_owned();
                    }
                    _ => self.diags.error(
                        span,
                        "`.file N \"name\"` needs a number from 1 and a quoted name",
                    ),
                }
            }
            ".loc" => {
                let words: Vec<&str> = text.split_whitespace().collect();
                let nums: Vec<Option<u32>> = words
                    .iter()
                    .take(3)
                    .map(|w| w.parse::<u32>().ok())
                    .collect();
                match nums.as_slice() {
                    [Some(f), Some(l), rest @ ..] => {
                        if *f as usize >= self.debug_files.len()
                            || self.debug_files[*f as usize].is_empty()
                        {
                            self.diags.error(
                                span,
                                format!(
                                    "`.loc` names file {f}, which no `.file {f} \"…\"` declared"
                                ),
                            );
                            return;
                        }
                        let col = rest.first().copied().flatten().unwrap_or(0);
                        self.pending_loc = Some((*f, *l, col));
                        self.any_loc = true;
                    }
                    _ => self.diags.error(
                        span,
                        "`.loc` takes a file number, a line and an optional column",
                    ),
                }
            }
            ".ident" => {
                if !want(self, 1, 1) {
                    return;
                }
                match parse_string(args[0].0) {
                    Ok(mut b) => {
                        let c = self.section(".comment", Some(0), Some(SHT_PROGBITS));
                        if self.sections[c].items.is_empty() {
                            self.sections[c].items.push(Item::Bytes(vec![0]));
                        }
                        b.push(0);
                        self.sections[c].items.push(Item::Bytes(b));
                    }
                    Err(_) => self.diags.error(span, "`.ident` takes a quoted string"),
                }
            }
            ".include" => {
                if !want(self, 1, 1) {
                    return;
                }
                let Ok(b) = parse_string(args[0].0) else {
                    self.diags
                        .error(span, "`.include` takes a quoted file name");
                    return;
                };
                let rel = String::from_utf8_lossy(&b).into_owned();
                self.include(&rel, file, span);
            }
            _ => self.diags.error(
                Span::new(file, span.start, span.start + name.len()),
                format!("unknown directive `{name}`"),
            ),
        }
    }

    /// The position of the next item, or of the open bundle.
    fn open_pos(&self) -> Pos {
        match &self.open {
            Some((_, s)) => Pos {
                section: *s,
                item: self.sections[*s].items.len(),
            },
            None => self.here(),
        }
    }

    fn include(&mut self, rel: &str, from: usize, span: Span) {
        if self.include_depth >= MAX_INCLUDE_DEPTH {
            self.diags
                .error(span, "`.include` nested too deeply (recursive include?)");
            return;
        }
        let from_dir = Path::new(&self.diags.files[from].name)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let mut candidates: Vec<PathBuf> = vec![from_dir.join(rel)];
        candidates.extend(self.opts.include_dirs.iter().map(|d| d.join(rel)));
        for path in candidates {
            if let Ok(text) = std::fs::read(&path) {
                let text = String::from_utf8_lossy(&text).into_owned();
                self.include_depth += 1;
                self.source(&path.to_string_lossy(), &text);
                self.include_depth -= 1;
                return;
            }
        }
        self.diags.error(span, format!("cannot find include file `{rel}` (searched the including file's folder and -I folders)"));
    }

    // ------------------------------------------------------------------
    // Evaluation.

    fn pos_offset(&self, pos: Pos) -> u64 {
        self.sections[pos.section]
            .offsets
            .get(pos.item)
            .copied()
            .unwrap_or(0)
    }

    /// (section, offset) of a relocatable value, when its base is defined here.
    fn resolve(&self, base: Base, addend: i64) -> Option<(usize, i64)> {
        match base {
            Base::Section(s) => Some((s, addend)),
            Base::Symbol(id) => match self.symbols[id].def {
                Def::Label(pos) => Some((pos.section, self.pos_offset(pos) as i64 + addend)),
                _ => None,
            },
        }
    }

    fn eval(&mut self, e: &Expr, pos: Pos, span: Span) -> Result<Value, EvalError> {
        let err = |message: String| EvalError { span, message };
        Ok(match e {
            Expr::Num(v) => Value::Abs(*v),
            Expr::Dot => Value::Rel {
                base: Base::Section(pos.section),
                addend: self.pos_offset(pos) as i64,
                minus_here: false,
            },
            Expr::Sym { name, at } => {
                let id = self.symbol(name);
                let sspan = Span::new(span.file, span.start + at, span.start + at + name.len());
                match self.symbols[id].def.clone() {
                    Def::Equ(expr, epos) => {
                        if self.eval_depth > 64 {
                            return Err(EvalError {
                                span: sspan,
                                message: format!("symbol `{name}` is defined in terms of itself"),
                            });
                        }
                        self.eval_depth += 1;
                        let espan = self.symbols[id].def_span.unwrap_or(sspan);
                        let v = self.eval(&expr, epos, espan);
                        self.eval_depth -= 1;
                        v?
                    }
                    _ => Value::Rel {
                        base: Base::Symbol(id),
                        addend: 0,
                        minus_here: false,
                    },
                }
            }
            Expr::LocalRef { .. } => return Err(err("unresolved local label".into())),
            Expr::Neg(a) => match self.eval(a, pos, span)? {
                Value::Abs(v) => Value::Abs(v.wrapping_neg()),
                _ => return Err(err("cannot negate an address".into())),
            },
            Expr::Not(a) => match self.eval(a, pos, span)? {
                Value::Abs(v) => Value::Abs(!v),
                _ => return Err(err("cannot complement an address".into())),
            },
            Expr::Op { name, .. } => {
                return Err(err(format!(
                    "relocation operator `@{name}` must apply to the whole operand"
                )));
            }
            Expr::Bin(op, a, b) => {
                let x = self.eval(a, pos, span)?;
                let y = self.eval(b, pos, span)?;
                match (op, x, y) {
                    (_, Value::Abs(x), Value::Abs(y)) => {
                        Value::Abs(fold(*op, x, y).ok_or_else(|| err("division by zero".into()))?)
                    }
                    (
                        BinOp::Add,
                        Value::Rel {
                            base,
                            addend,
                            minus_here,
                        },
                        Value::Abs(y),
                    )
                    | (
                        BinOp::Add,
                        Value::Abs(y),
                        Value::Rel {
                            base,
                            addend,
                            minus_here,
                        },
                    ) => Value::Rel {
                        base,
                        addend: addend.wrapping_add(y),
                        minus_here,
                    },
                    (
                        BinOp::Sub,
                        Value::Rel {
                            base,
                            addend,
                            minus_here,
                        },
                        Value::Abs(y),
                    ) => Value::Rel {
                        base,
                        addend: addend.wrapping_sub(y),
                        minus_here,
                    },
                    (
                        BinOp::Sub,
                        Value::Rel {
                            base: b1,
                            addend: a1,
                            minus_here: false,
                        },
                        Value::Rel {
                            base: b2,
                            addend: a2,
                            minus_here: false,
                        },
                    ) => {
                        match (self.resolve(b1, a1), self.resolve(b2, a2)) {
                            (Some((s1, o1)), Some((s2, o2))) if s1 == s2 => Value::Abs(o1 - o2),
                            (_, Some((s2, o2))) if s2 == pos.section => Value::Rel {
                                base: b1,
                                addend: a1 - o2,
                                minus_here: true,
                            },
                            _ => return Err(err(
                                "difference of symbols in different sections cannot be computed"
                                    .into(),
                            )),
                        }
                    }
                    _ => return Err(err("this operation needs constants, not addresses".into())),
                }
            }
        })
    }

    /// Evaluates an operand expression with its optional top-level relocation operator.
    fn eval_operand(
        &mut self,
        e: &Expr,
        pos: Pos,
        span: Span,
    ) -> Result<(Value, Option<&'static RelocOperator>), EvalError> {
        if let Expr::Op { name, arg, .. } = e {
            let Some(op) = reloc_operator(name) else {
                return Err(EvalError {
                    span,
                    message: format!("unknown relocation operator `@{name}` (ISA-ST200 §6.2)"),
                });
            };
            let v = self.eval(arg, pos, span)?;
            if matches!(v, Value::Abs(_))
                || matches!(
                    v,
                    Value::Rel {
                        minus_here: true,
                        ..
                    }
                )
            {
                return Err(EvalError {
                    span,
                    message: format!("`@{name}` needs a symbol"),
                });
            }
            return Ok((v, Some(op)));
        }
        Ok((self.eval(e, pos, span)?, None))
    }

    // ------------------------------------------------------------------
    // Layout.

    fn slot_needs(b: &BundleItem) -> Vec<SlotNeeds> {
        b.ops
            .iter()
            .map(|o| SlotNeeds {
                unit: o.opcode.info().unit,
                long_imm: o.long,
                last: o.opcode.info().fixed_stop_bit(),
            })
            .collect()
    }

    /// Decides long immediates (sticky) and places the bundle at `offset`.
    fn layout_bundle(
        &mut self,
        s: usize,
        i: usize,
        offset: u64,
    ) -> Result<Vec<Slot>, bundle::BundleError> {
        let pos = Pos {
            section: s,
            item: i,
        };
        let Item::Bundle(mut b) =
            std::mem::replace(&mut self.sections[s].items[i], Item::Bytes(Vec::new()))
        else {
            unreachable!("layout_bundle on a non-bundle item")
        };
        for op in &mut b.ops {
            if op.long {
                continue;
            }
            let Some(k) = op.opcode.info().imm_operand() else {
                continue;
            };
            if let Operand::Expr { expr, span, .. } = &op.operands[k] {
                let long = match self.eval_operand(expr, pos, *span) {
                    Ok((Value::Abs(v), None)) => !encoding::imm_fits_short(v),
                    Ok(_) => true,
                    Err(_) => false,
                };
                op.long = long;
            }
        }
        let needs = Self::slot_needs(&b);
        let names: Vec<&'static str> = b.ops.iter().map(|o| o.opcode.info().mnemonic).collect();
        let placed = bundle::place(&needs, (offset >> 2) & 1 == 1, &self.limits, true, |k| {
            names[k]
        });
        let placed = placed.map(|mut slots| {
            // Keep the size reached by earlier passes (nops at the end, before an `sbrk`).
            while slots.len() < b.min_syllables {
                let at = if matches!(slots.last(), Some(Slot::Op(k)) if needs[*k].last) {
                    slots.len() - 1
                } else {
                    slots.len()
                };
                slots.insert(at, Slot::Nop);
            }
            b.min_syllables = slots.len();
            slots
        });
        self.sections[s].items[i] = Item::Bundle(b);
        placed
    }

    fn item_size(&mut self, s: usize, i: usize, offset: u64) -> u64 {
        let pos = Pos {
            section: s,
            item: i,
        };
        match &self.sections[s].items[i] {
            Item::Bundle(_) => match self.layout_bundle(s, i, offset) {
                Ok(slots) => 4 * slots.len() as u64,
                Err(_) => {
                    let Item::Bundle(b) = &self.sections[s].items[i] else {
                        return 0;
                    };
                    4 * b.ops.iter().map(|o| 1 + o.long as u64).sum::<u64>()
                }
            },
            Item::Bytes(b) => b.len() as u64,
            Item::Data { size, .. } => *size as u64,
            Item::Align { align, max, .. } => {
                let pad = offset.next_multiple_of(*align) - offset;
                if max.is_some_and(|m| pad > m) {
                    0
                } else {
                    pad
                }
            }
            Item::Space { size, span, .. } => {
                let (size, span) = (size.clone(), *span);
                match self.eval(&size, pos, span) {
                    Ok(Value::Abs(v)) if (0..1 << 32).contains(&v) => v as u64,
                    _ => 0,
                }
            }
        }
    }

    fn layout(&mut self) {
        for pass in 0..MAX_LAYOUT_PASSES {
            let mut changed = false;
            for s in 0..self.sections.len() {
                let n = self.sections[s].items.len();
                if self.sections[s].offsets.len() != n + 1 {
                    self.sections[s].offsets = vec![0; n + 1];
                    changed = true;
                }
                let mut offset = 0u64;
                for i in 0..n {
                    if self.sections[s].offsets[i] != offset {
                        self.sections[s].offsets[i] = offset;
                        changed = true;
                    }
                    offset += self.item_size(s, i, offset);
                }
                if self.sections[s].offsets[n] != offset {
                    self.sections[s].offsets[n] = offset;
                    changed = true;
                }
            }
            if !changed {
                return;
            }
            if pass + 1 == MAX_LAYOUT_PASSES {
                self.diags.error_global("layout did not converge (alignment and long immediates keep changing each other)");
            }
        }
    }

    // ------------------------------------------------------------------
    // Emission.

    fn reloc_target(&self, base: Base, addend: i64) -> (RelocTarget, i64) {
        match base {
            Base::Section(s) => (RelocTarget::Section(SectionId(s)), addend),
            Base::Symbol(id) => {
                let sym = &self.symbols[id];
                if let Def::Label(pos) = sym.def {
                    if !matches!(sym.binding, Some(Binding::Global | Binding::Weak)) {
                        return (
                            RelocTarget::Section(SectionId(pos.section)),
                            self.pos_offset(pos) as i64 + addend,
                        );
                    }
                }
                (RelocTarget::Symbol(SymbolId(id)), addend)
            }
        }
    }

    fn emit_bundle(
        &mut self,
        s: usize,
        i: usize,
        out: &mut Vec<u8>,
        relocs: &mut Vec<Reloc>,
        rows: &mut Vec<LineRow>,
    ) {
        let offset = self.sections[s].offsets[i];
        let pos = Pos {
            section: s,
            item: i,
        };
        let slots = match self.layout_bundle(s, i, offset) {
            Ok(slots) => slots,
            Err(e) => {
                let Item::Bundle(b) = &self.sections[s].items[i] else {
                    return;
                };
                self.diags.error(b.span, e.to_string());
                return;
            }
        };
        let Item::Bundle(b) = self.sections[s].items[i].clone() else {
            return;
        };
        // Rule 7 and per-operation encoding.
        let mut ops: Vec<Operation> = Vec::with_capacity(b.ops.len());
        let mut words: Vec<Option<(u32, Option<u32>)>> = Vec::with_capacity(b.ops.len());
        let mut pending: Vec<(usize, Reloc, bool)> = Vec::new(); // (op index, reloc, on extension)
        for (k, op) in b.ops.iter().enumerate() {
            let info = op.opcode.info();
            let mut values = [0i64; MAX_OPERANDS];
            let mut ok = true;
            for (j, (spec, operand)) in info.syntax.operands.iter().zip(&op.operands).enumerate() {
                match operand {
                    Operand::Reg(n) => values[j] = *n,
                    Operand::Expr { expr, span, .. } => {
                        match self.operand_value(spec.kind, expr, *span, pos, offset, op.long) {
                            Ok((v, rel)) => {
                                values[j] = v;
                                for (r, on_ext) in rel {
                                    pending.push((k, r, on_ext));
                                }
                            }
                            Err(e) => {
                                self.diags.error(e.span, e.message);
                                ok = false;
                            }
                        }
                    }
                }
            }
            let operation = Operation {
                opcode: op.opcode,
                operands: values,
                long_imm: op.long,
            };
            ops.push(operation);
            if !ok {
                words.push(None);
                continue;
            }
            match encoding::encode(&operation) {
                Ok(e) => words.push(Some((e.word, e.ext.or(op.long.then_some(0))))),
                Err(e) => {
                    self.diags.error(op.span, e.to_string());
                    words.push(None);
                }
            }
        }
        if let Err(e) = bundle::check_writes(&ops) {
            self.diags.error(b.span, e.to_string());
        }
        let start = out.len();
        let mut owner_offset = vec![0u64; b.ops.len()];
        let mut ext_offset = vec![0u64; b.ops.len()];
        for (n, slot) in slots.iter().enumerate() {
            let at = offset + 4 * n as u64;
            let w = match *slot {
                Slot::Op(k) => {
                    owner_offset[k] = at;
                    words[k].map_or(0, |w| w.0)
                }
                Slot::Imml(k) => {
                    ext_offset[k] = at;
                    Extension::Imml.encode(words[k].and_then(|w| w.1).unwrap_or(0))
                }
                Slot::Immr(k) => {
                    ext_offset[k] = at;
                    Extension::Immr.encode(words[k].and_then(|w| w.1).unwrap_or(0))
                }
                Slot::Nop => 0,
            };
            let w = if n + 1 == slots.len() {
                w | STOP_BIT
            } else {
                w
            };
            out.extend_from_slice(&w.to_le_bytes());
        }
        debug_assert_eq!(out.len() - start, 4 * slots.len());
        for (k, mut r, on_ext) in pending {
            r.offset = if on_ext {
                ext_offset[k]
            } else {
                owner_offset[k]
            };
            relocs.push(r);
        }
        for (k, op) in b.ops.iter().enumerate() {
            if let Some((file, line, column)) = op.loc {
                rows.push(LineRow {
                    section: SectionId(s),
                    offset: owner_offset[k],
                    file,
                    line,
                    column,
                });
            }
        }
    }

    /// The encoded value of an expression operand and the relocations it
    /// needs (flag: placed on the extension syllable).
    fn operand_value(
        &mut self,
        kind: OperandKind,
        expr: &Expr,
        span: Span,
        pos: Pos,
        bundle_offset: u64,
        long: bool,
    ) -> Result<(i64, Vec<(Reloc, bool)>), EvalError> {
        let (value, op) = self.eval_operand(expr, pos, span)?;
        let err = |m: String| EvalError { span, message: m };
        match kind {
            OperandKind::Imm => {
                match (value, op) {
                    (Value::Abs(v), None) => Ok((v, Vec::new())),
                    (
                        Value::Rel {
                            minus_here: true, ..
                        },
                        _,
                    ) => Err(err(
                        "a PC-relative value cannot be an immediate operand".into()
                    )),
                    (Value::Rel { base, addend, .. }, op) => {
                        let (hi, lo) = match op {
                        None => (r_type::R_ST200_HI23, r_type::R_ST200_LO9),
                        Some(o) => o.imm_pair.ok_or_else(|| err(format!("`@{}` cannot be used in an operation's immediate (ISA-ST200 §6.2)", o.name)))?,
                    };
                        debug_assert!(long);
                        let (target, addend) = self.reloc_target(base, addend);
                        let r = |r_type| Reloc {
                            offset: 0,
                            r_type,
                            target,
                            addend,
                        };
                        Ok((0, vec![(r(hi), true), (r(lo), false)]))
                    }
                    (Value::Abs(_), Some(_)) => {
                        Err(err("relocation operator needs a symbol".into()))
                    }
                }
            }
            OperandKind::Num21 => match (value, op) {
                (Value::Abs(v), None) => Ok((v, Vec::new())),
                _ => Err(err("expected a constant".into())),
            },
            OperandKind::BTarg => {
                let (
                    Value::Rel {
                        base,
                        addend,
                        minus_here: false,
                    },
                    None,
                ) = (value, op)
                else {
                    return Err(err(
                        "branch target must be a label, a symbol or a `.`-relative address".into(),
                    ));
                };
                let weak = matches!(base, Base::Symbol(id) if matches!(self.symbols[id].binding, Some(Binding::Weak)));
                if let (Some((s, o)), false) = (self.resolve(base, addend), weak) {
                    if s == pos.section {
                        let delta = o - bundle_offset as i64;
                        if delta % 4 != 0 {
                            return Err(err(format!("branch target is {delta} bytes away: not a multiple of 4 (ISA-ST200 §2.5)")));
                        }
                        return Ok((delta / 4, Vec::new()));
                    }
                }
                let (target, addend) = self.reloc_target(base, addend);
                Ok((
                    0,
                    vec![(
                        Reloc {
                            offset: 0,
                            r_type: r_type::R_ST200_23_PCREL,
                            target,
                            addend,
                        },
                        false,
                    )],
                ))
            }
            _ => Err(err("unexpected expression".into())),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn emit_data(
        &mut self,
        size: u8,
        expr: &Expr,
        span: Span,
        pos: Pos,
        at: u64,
        out: &mut Vec<u8>,
        relocs: &mut Vec<Reloc>,
    ) {
        let result = self.eval_operand(expr, pos, span);
        let (value, op) = match result {
            Ok(v) => v,
            Err(e) => {
                self.diags.error(e.span, e.message);
                out.extend(std::iter::repeat_n(0, size as usize));
                return;
            }
        };
        let bytes = match (value, op) {
            (Value::Abs(v), None) => match data_bytes(v, size) {
                Some(b) => b,
                None => {
                    self.diags
                        .error(span, format!("value {v} does not fit in {size} byte(s)"));
                    vec![0; size as usize]
                }
            },
            (
                Value::Rel {
                    base,
                    addend,
                    minus_here,
                },
                op,
            ) => {
                let r_type = match (size, op, minus_here) {
                    (4, None, false) => Some(r_type::R_ST200_32),
                    (4, None, true) => Some(r_type::R_ST200_32_PCREL),
                    (2, None, false) => Some(r_type::R_ST200_16),
                    (4, Some(o), false) => o.data32,
                    _ => None,
                };
                match r_type {
                    Some(t) => {
                        let addend = if minus_here { addend + at as i64 } else { addend };
                        let (target, addend) = self.reloc_target(base, addend);
                        relocs.push(Reloc { offset: at, r_type: t, target, addend });
                    }
                    None => self.diags.error(span, format!("no relocation exists for this address in {size} byte(s) of data (ISA-ST200 §6.2)")),
                }
                vec![0; size as usize]
            }
            (Value::Abs(_), Some(_)) => {
                self.diags.error(span, "relocation operator needs a symbol");
                vec![0; size as usize]
            }
        };
        out.extend_from_slice(&bytes);
    }

    /// Lays out, encodes and builds the object. Errors are in `self.diags`.
    pub(crate) fn finish(mut self, file_name: &str) -> (Option<ObjectFile>, Diagnostics) {
        self.layout();
        let mut too_large = false;
        for s in 0..self.sections.len() {
            let sec = &self.sections[s];
            let size = sec.offsets.last().copied().unwrap_or(0);
            let limit = if sec.sh_type == SHT_NOBITS {
                u32::MAX as u64
            } else {
                MAX_SECTION_BYTES
            };
            if size > limit {
                let msg = format!("section `{}` would be {size} bytes: larger than the {limit} bytes las supports", sec.name);
                self.diags.error_global(msg);
                too_large = true;
            }
        }
        if too_large {
            return (None, self.diags);
        }
        let code_flag = |s: &Sec| s.flags & SHF_EXECINSTR != 0;
        let mut sections = Vec::with_capacity(self.sections.len());
        let mut rows = Vec::new();
        for s in 0..self.sections.len() {
            let mut out = Vec::new();
            let mut relocs = Vec::new();
            let n = self.sections[s].items.len();
            let nobits = self.sections[s].sh_type == SHT_NOBITS;
            let is_code = code_flag(&self.sections[s]);
            for i in 0..n {
                let at = self.sections[s].offsets[i];
                let next = self.sections[s].offsets[i + 1];
                let pos = Pos {
                    section: s,
                    item: i,
                };
                match self.sections[s].items[i].clone() {
                    Item::Bundle(_) => self.emit_bundle(s, i, &mut out, &mut relocs, &mut rows),
                    Item::Bytes(b) => out.extend_from_slice(&b),
                    Item::Data { size, expr, span } => {
                        self.emit_data(size, &expr, span, pos, at, &mut out, &mut relocs)
                    }
                    Item::Align { .. } if nobits => {}
                    Item::Align { fill, .. } => {
                        let pad = (next - at) as usize;
                        if is_code
                            && fill.is_none()
                            && pad.is_multiple_of(4)
                            && at.is_multiple_of(4)
                        {
                            for _ in 0..pad / 4 {
                                out.extend_from_slice(&NOP_BUNDLE.to_le_bytes());
                            }
                        } else {
                            out.extend(std::iter::repeat_n(fill.unwrap_or(0), pad));
                        }
                    }
                    Item::Space { size, fill, span } => {
                        match self.eval(&size, pos, span) {
                            Ok(Value::Abs(v)) if (0..1 << 32).contains(&v) => {}
                            Ok(Value::Abs(v)) => self
                                .diags
                                .error(span, format!("size {v} is negative or too large")),
                            Ok(_) => self.diags.error(span, "size must be a constant"),
                            Err(e) => self.diags.error(e.span, e.message),
                        }
                        if !nobits {
                            out.extend(std::iter::repeat_n(fill, (next - at) as usize));
                        }
                    }
                }
                // Keep offsets consistent even after an error in an item.
                if nobits {
                    out.clear();
                } else {
                    out.resize(next as usize, 0);
                }
            }
            let sec = &self.sections[s];
            let size = sec.offsets.last().copied().unwrap_or(0);
            let data = if sec.sh_type == SHT_NOBITS {
                Vec::new()
            } else {
                out
            };
            relocs.sort_by_key(|r: &Reloc| r.offset);
            sections.push(Section {
                name: sec.name.clone(),
                sh_type: sec.sh_type,
                flags: sec.flags,
                align: sec.align,
                data,
                size,
                relocs,
            });
        }
        // Symbol sizes.
        for (id, e, pos, span) in std::mem::take(&mut self.sizes) {
            match self.eval(&e, pos, span) {
                Ok(Value::Abs(v)) if v >= 0 => self.symbols[id].size = Some(v as u64),
                Ok(_) => self.diags.error(
                    span,
                    "`.size` must be a non-negative constant (e.g. `.-name`)",
                ),
                Err(e) => self.diags.error(e.span, e.message),
            }
        }
        let functions = self.functions();
        let all_symbols = self.object_symbols();
        // Drop temporary symbols (`.L*`, numeric local labels) as GNU as does;
        // relocations against them already point at their section.
        let mut new_index = vec![usize::MAX; all_symbols.len()];
        let mut symbols = Vec::with_capacity(all_symbols.len());
        for (id, sym) in all_symbols.into_iter().enumerate() {
            if !self.symbols[id].temporary {
                new_index[id] = symbols.len();
                symbols.push(sym);
            }
        }
        for sec in &mut sections {
            for r in &mut sec.relocs {
                if let RelocTarget::Symbol(SymbolId(id)) = r.target {
                    r.target = RelocTarget::Symbol(SymbolId(new_index[id]));
                }
            }
        }
        if self.diags.has_errors() {
            return (None, self.diags);
        }
        let debug = (self.any_loc || self.opts.debug).then(|| {
            let mut files = self.debug_files.clone();
            if !self.any_loc {
                files = vec![String::new(), file_name.to_string()];
            }
            let name = files
                .get(1)
                .cloned()
                .unwrap_or_else(|| file_name.to_string());
            DebugInfo {
                comp_dir: std::env::current_dir()
                    .map(|p| p.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                name,
                producer: format!("las {}", env!("CARGO_PKG_VERSION")),
                files,
                rows,
                functions,
            }
        });
        let obj = ObjectFile {
            core: self.opts.core,
            sections,
            symbols,
            file_name: self
                .file_symbol
                .clone()
                .or_else(|| Some(file_name.to_string())),
            debug,
        };
        (Some(obj), self.diags)
    }

    fn functions(&mut self) -> Vec<Function> {
        let mut out: Vec<Function> = Vec::new();
        // `.proc` … `.endp`: the first label defined at or after `.proc` names the function.
        for p in std::mem::take(&mut self.procs) {
            let Some(end) = p.end else { continue };
            let start = self.pos_offset(p.start);
            let stop = self.pos_offset(end);
            let named = self.symbols.iter().enumerate().find(|(_, s)| {
                !s.temporary && matches!(s.def, Def::Label(q) if q.section == p.start.section && self.pos_offset(q) == start)
            });
            if let Some((id, _)) = named {
                let sym = &mut self.symbols[id];
                sym.kind = SymbolKind::Function;
                if sym.size.is_none() {
                    sym.size = Some(stop.saturating_sub(start));
                }
            }
        }
        for s in &self.symbols {
            if s.kind != SymbolKind::Function || s.temporary {
                continue;
            }
            let Def::Label(pos) = s.def else { continue };
            let low = self.pos_offset(pos);
            let high = low + s.size.unwrap_or(0);
            if high > low {
                out.push(Function {
                    name: s.name.clone(),
                    section: SectionId(pos.section),
                    low,
                    high,
                    external: matches!(s.binding, Some(Binding::Global | Binding::Weak)),
                });
            }
        }
        out
    }

    fn object_symbols(&mut self) -> Vec<Symbol> {
        let mut out = Vec::with_capacity(self.symbols.len());
        for id in 0..self.symbols.len() {
            let s = &self.symbols[id];
            let (place, value, size) = match &s.def {
                Def::Undefined => {
                    if s.temporary && s.used {
                        if let Some(span) = s.def_span.or(None) {
                            let _ = span;
                        }
                    }
                    (SymbolPlace::Undefined, 0, 0)
                }
                Def::Label(pos) => (
                    SymbolPlace::Section(SectionId(pos.section)),
                    self.pos_offset(*pos),
                    s.size.unwrap_or(0),
                ),
                Def::Common { size, align } => (SymbolPlace::Common { align: *align }, 0, *size),
                Def::Equ(e, pos) => {
                    let (e, pos) = (e.clone(), *pos);
                    let span = s.def_span.unwrap_or_default();
                    match self.eval(&e, pos, span) {
                        Ok(Value::Abs(v)) => (SymbolPlace::Absolute, v as u64, 0),
                        Ok(Value::Rel {
                            base,
                            addend,
                            minus_here: false,
                        }) => match self.resolve(base, addend) {
                            Some((sec, off)) => {
                                (SymbolPlace::Section(SectionId(sec)), off as u64, 0)
                            }
                            None => (SymbolPlace::Undefined, 0, 0),
                        },
                        Ok(_) => {
                            self.diags
                                .error(span, "symbol value must be a constant or an address");
                            (SymbolPlace::Absolute, 0, 0)
                        }
                        Err(e) => {
                            self.diags.error(e.span, e.message);
                            (SymbolPlace::Absolute, 0, 0)
                        }
                    }
                }
            };
            let s = &self.symbols[id];
            if s.temporary && matches!(place, SymbolPlace::Undefined) && !s.name.contains('\u{2}') {
                // A `.L` label that is used but never defined.
                let message = format!("local symbol `{}` is used but never defined", s.name);
                match s.first_use {
                    Some(sp) => self.diags.error(sp, message),
                    None => self.diags.error_global(message),
                }
            }
            let binding = match (s.binding, place) {
                (Some(b), _) => b,
                (None, SymbolPlace::Undefined) => Binding::Global,
                (None, SymbolPlace::Common { .. }) => Binding::Global,
                (None, _) => Binding::Local,
            };
            out.push(Symbol {
                name: s.name.replace('\u{2}', "$"),
                place,
                value,
                size,
                binding,
                kind: s.kind,
            });
        }
        out
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

/// Little-endian bytes of `v` in `size` bytes, if it fits as a signed or
/// unsigned value.
fn data_bytes(v: i64, size: u8) -> Option<Vec<u8>> {
    let bits = 8 * size as u32;
    let fits = v >= -(1i64 << (bits - 1)) && v < (1i64 << bits);
    fits.then(|| v.to_le_bytes()[..size as usize].to_vec())
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
