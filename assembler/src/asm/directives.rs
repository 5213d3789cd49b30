//! Directives (ISA-ST200 §7.5, with GNU as spellings): sections and
//! their flags, alignment, symbol binding, type and size, `.proc`/`.endp`,
//! data, strings and space, commons, equates, `.file`/`.loc` line
//! information, `.ident`, and `.include`.

use super::emit::data_bytes;
use super::{
    Assembler, Def, Item, Pos, ProcRange, Value, MAX_INCLUDE_DEPTH, SHF_ALLOC, SHF_EXECINSTR,
    SHF_WRITE, SHT_NOBITS, SHT_PROGBITS,
};
use crate::diag::Span;
use crate::expr::Expr;
use crate::parse::{ident_len, parse_string, split_top};
use crate::relocatable::{Binding, SymbolKind};
use std::path::{Path, PathBuf};

/// One directive statement, as the per-directive methods see it.
#[derive(Debug, Clone)]
struct Directive<'t> {
    /// The directive, e.g. `.word`.
    name: &'t str,
    /// The text after the name.
    text: &'t str,
    /// File index in the diagnostics.
    file: usize,
    /// Absolute offset of `text` in the file.
    off: usize,
    /// The whole statement.
    span: Span,
    /// `text` split at top-level commas, each trimmed, with its offset.
    args: Vec<(&'t str, usize)>,
}

impl<'o> Assembler<'o> {
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

    /// Assembles the directive `name` with argument text `text` (at byte
    /// `off` of file `file`).
    pub(super) fn directive(
        &mut self,
        name: &str,
        text: &str,
        file: usize,
        off: usize,
        span: Span,
    ) {
        let args = self.args(text, off);
        let d = Directive {
            name,
            text,
            file,
            off,
            span,
            args,
        };
        match name {
            ".text" | ".data" | ".bss" | ".rodata" | ".sdata" | ".sbss" => {
                self.dir_named_section(&d)
            }
            ".section" => self.dir_section(&d),
            ".previous" => self.dir_previous(&d),
            ".align" | ".balign" | ".p2align" => self.dir_align(&d),
            ".global" | ".globl" | ".weak" | ".local" => self.dir_binding(&d),
            ".type" => self.dir_type(&d),
            ".size" => self.dir_size(&d),
            ".proc" => self.dir_proc(&d),
            ".endp" => self.dir_endp(&d),
            ".word" | ".long" | ".int" | ".hword" | ".half" | ".short" | ".byte" | ".2byte"
            | ".4byte" => self.dir_data(&d),
            ".ascii" | ".asciz" | ".string" => self.dir_string(&d),
            ".skip" | ".space" | ".zero" => self.dir_space(&d),
            ".comm" | ".lcomm" => self.dir_common(&d),
            ".set" | ".equ" => self.dir_set(&d),
            ".file" => self.dir_file(&d),
            ".loc" => self.dir_loc(&d),
            ".ident" => self.dir_ident(&d),
            ".include" => self.dir_include(&d),
            _ => self.diags.error(
                Span::new(file, span.start, span.start + name.len()),
                format!("unknown directive `{name}`"),
            ),
        }
    }

    /// Whether the directive has from `lo` to `hi` arguments; an error if not.
    fn want(&mut self, d: &Directive, lo: usize, hi: usize) -> bool {
        let (name, span) = (d.name, d.span);
        let nargs = d.args.len();
        if nargs < lo || nargs > hi {
            let what = if lo == hi {
                format!("{lo}")
            } else {
                format!("{lo} to {hi}")
            };
            self.diags.error(
                span,
                format!("`{name}` takes {what} argument(s), got {nargs}"),
            );
            false
        } else {
            true
        }
    }

    /// `.text`, `.data`, `.bss`, `.rodata`, `.sdata`, `.sbss`: switch to that section.
    fn dir_named_section(&mut self, d: &Directive) {
        let (name, span) = (d.name, d.span);
        if self.want(d, 0, 0) {
            let s = self.section(name, None, None);
            self.switch_section(s, span, name);
        }
    }

    /// `.section name[, "flags"[, @type]]`: switch to a section, made with
    /// these attributes (default: from its name) if new.
    fn dir_section(&mut self, d: &Directive) {
        let (name, file, span) = (d.name, d.file, d.span);
        let args = &d.args;
        let nargs = args.len();
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

    /// `.previous`: back to the section before the last switch.
    fn dir_previous(&mut self, d: &Directive) {
        let (name, span) = (d.name, d.span);
        if self.want(d, 0, 0) {
            let p = self.prev;
            self.switch_section(p, span, name);
        }
    }

    /// `.align`/`.balign` (bytes) and `.p2align` (power): alignment, with an
    /// optional fill byte and maximum padding.
    fn dir_align(&mut self, d: &Directive) {
        let (name, file, span) = (d.name, d.file, d.span);
        let args = &d.args;
        if !self.want(d, 1, 3) {
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
                    format!("`{name}` needs a power of two in bytes (ISA-ST200 §7.5), got {n}"),
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

    /// `.global`/`.globl`, `.weak`, `.local`: symbol binding.
    fn dir_binding(&mut self, d: &Directive) {
        let (name, file, span) = (d.name, d.file, d.span);
        let args = &d.args;
        let nargs = args.len();
        let binding = match name {
            ".weak" => Binding::Weak,
            ".local" => Binding::Local,
            _ => Binding::Global,
        };
        if nargs == 0 {
            self.diags
                .error(span, format!("`{name}` needs at least one symbol name"));
        }
        for &(a, o) in args {
            if let Some(s) = self.symbol_name_arg(a, file, o) {
                let id = self.symbol(&s);
                self.symbols[id].binding = Some(binding);
                self.symbols[id].temporary = false;
            }
        }
    }

    /// `.type sym, @kind`: symbol type.
    fn dir_type(&mut self, d: &Directive) {
        let file = d.file;
        let args = &d.args;
        if !self.want(d, 2, 2) {
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

    /// `.size sym, expr`: symbol size, evaluated after layout.
    fn dir_size(&mut self, d: &Directive) {
        let file = d.file;
        let args = &d.args;
        if !self.want(d, 2, 2) {
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

    /// `.proc`: start of a function (named by its first label).
    fn dir_proc(&mut self, d: &Directive) {
        let span = d.span;
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

    /// `.endp`: end of the function `.proc` started.
    fn dir_endp(&mut self, d: &Directive) {
        let span = d.span;
        let end = self.open_pos();
        match self.procs.last_mut() {
            Some(p) if p.end.is_none() => p.end = Some(end),
            _ => self.diags.error(span, "`.endp` without `.proc`"),
        }
    }

    /// `.word`/`.long`/`.int`/`.4byte`, `.hword`/`.half`/`.short`/`.2byte`,
    /// `.byte`: data values, constant or relocated.
    fn dir_data(&mut self, d: &Directive) {
        let (name, file, span) = (d.name, d.file, d.span);
        let args = &d.args;
        let nargs = args.len();
        let size = match name {
            ".word" | ".long" | ".int" | ".4byte" => 4,
            ".byte" => 1,
            _ => 2,
        };
        if nargs == 0 {
            self.diags
                .error(span, format!("`{name}` needs at least one value"));
        }
        for &(a, o) in args {
            let Some(expr) = self.expr(a, file, o) else {
                continue;
            };
            let aspan = Span::new(file, o, o + a.len());
            let item = match expr {
                Expr::Num(v) => match data_bytes(v, size) {
                    Some(b) => Item::Bytes(b),
                    None => {
                        self.diags
                            .error(aspan, format!("value {v} does not fit in {size} byte(s)"));
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

    /// `.ascii` (no terminator), `.asciz`/`.string` (NUL-terminated).
    fn dir_string(&mut self, d: &Directive) {
        let (name, file, span) = (d.name, d.file, d.span);
        let args = &d.args;
        let nargs = args.len();
        if nargs == 0 {
            self.diags.error(span, format!("`{name}` needs a string"));
        }
        for &(a, o) in args {
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

    /// `.skip`/`.space size[, fill]`, `.zero size`.
    fn dir_space(&mut self, d: &Directive) {
        let (name, file, span) = (d.name, d.file, d.span);
        let args = &d.args;
        if !self.want(d, 1, if name == ".zero" { 1 } else { 2 }) {
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

    /// `.comm sym, size[, align]` (a common symbol) and `.lcomm` (a local
    /// symbol in `.bss`).
    fn dir_common(&mut self, d: &Directive) {
        let (name, file, span) = (d.name, d.file, d.span);
        let args = &d.args;
        if !self.want(d, 2, 3) {
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

    /// `.set`/`.equ sym, expr`: an equate.
    fn dir_set(&mut self, d: &Directive) {
        let Directive {
            name,
            text,
            file,
            off,
            span,
            ..
        } = *d;
        let args = &d.args;
        let nargs = args.len();
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

    /// `.file "name"` (the `STT_FILE` symbol) and `.file N "name"` (a line
    /// table file).
    fn dir_file(&mut self, d: &Directive) {
        let span = d.span;
        let args = &d.args;
        let nargs = args.len();
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

    /// `.loc file line [column]`: line information for the next operation.
    fn dir_loc(&mut self, d: &Directive) {
        let (text, span) = (d.text, d.span);
        let words: Vec<&str> = text.split_whitespace().collect();
        let nums: Vec<Option<u32>> = words
            .iter()
            .take(3)
            .map(|w| w.parse::<u32>().ok())
            .collect();
        match nums.as_slice() {
            [Some(f), Some(l), rest @ ..] => {
                if *f as usize >= self.debug_files.len() || self.debug_files[*f as usize].is_empty()
                {
                    self.diags.error(
                        span,
                        format!("`.loc` names file {f}, which no `.file {f} \"…\"` declared"),
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

    /// `.ident "text"`: a string in `.comment`.
    fn dir_ident(&mut self, d: &Directive) {
        let span = d.span;
        let args = &d.args;
        if !self.want(d, 1, 1) {
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

    /// `.include "file"`.
    fn dir_include(&mut self, d: &Directive) {
        let (file, span) = (d.file, d.span);
        let args = &d.args;
        if !self.want(d, 1, 1) {
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
}
