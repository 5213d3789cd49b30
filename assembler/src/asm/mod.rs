//! The assembler proper: assembly text (ISA-ST200 §7.5) in, an in-memory
//! relocatable object ([`crate::relocatable::ObjectFile`], §6) out.
//!
//! This file holds the [`Assembler`] state (sections of items, the symbol
//! table, the open bundle, pending line information), the types the other
//! files share, and the statement loop: each line is split at `;;` (the end
//! of a bundle, §2.1), labels are taken off its front, and the rest is an
//! equate, a directive or an operation. The jobs live in:
//!
//! - `operation`: operations and bundles (mnemonics, operand syntax, §4, §7.5);
//! - `directives`: directives and `.include` (§7.5);
//! - `symbols`: the symbol table, labels, local labels, equates;
//! - `eval`: expressions, relocatable values and relocation targets (§6.2);
//! - `layout`: item sizes, long-immediate relaxation and lane placement
//!   (§2.2–§2.4), section layout;
//! - `emit`: encoding of bundles and data, relocations, and the object with
//!   its debug information.

mod directives;
mod emit;
mod eval;
mod layout;
mod operation;
mod symbols;

use crate::diag::{Diagnostics, SourceFile, Span};
use crate::expr::Expr;
use crate::parse::{ident_len, split_top, strip_comments};
use crate::relocatable::{Binding, SymbolKind};
use crate::Options;
use isa::bundle::BundleRules;
use isa::encoding::STOP_BIT;
use isa::Opcode;
use std::collections::HashMap;

const SHT_PROGBITS: u32 = 1;
const SHT_NOBITS: u32 = 8;
const SHF_WRITE: u64 = 1;
const SHF_ALLOC: u64 = 2;
const SHF_EXECINSTR: u64 = 4;
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
    /// Bundle rules of the target machine (§2.2, §2.3).
    rules: BundleRules,
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
            rules: BundleRules::new(&opts.model),
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
        // Code sections are aligned so that the lane of every syllable is
        // known at assembly time: 8 bytes on the ST231, where only the
        // parity of the word address matters (ISA-ST200 §2.1, §2.2).
        let align = if flags & SHF_EXECINSTR != 0 {
            self.rules.code_align()
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

    /// Assembles the text of one file (the top-level file or an include).
    pub(crate) fn source(&mut self, name: &str, text: &str) {
        let file = self.diags.files.len();
        self.diags.files.push(SourceFile::new(name, text));
        let clean = strip_comments(text);
        let mut line_start = 0;
        for (line_no, line) in clean.split('\n').enumerate() {
            let parts = split_top(line, ";;");
            for (k, &(s, e)) in parts.iter().enumerate() {
                // `op ; op` (one `;`) separates operations of one bundle,
                // as `stsim --trace` prints them (§2.1).
                for (a, b) in split_top(&line[s..e], ";") {
                    self.statement(
                        file,
                        line_start + s + a,
                        &line[s + a..s + b],
                        line_no as u32 + 1,
                    );
                }
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
            self.directive(word, args, file, args_off, span);
        } else {
            self.operation(word, args, file, args_off, span, line);
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
}
