//! Linker scripts: a documented subset of GNU ld's language, parsed with
//! `nom` primitives into a small AST.
//!
//! Supported: `ENTRY(sym)`; `MEMORY { name (attrs) : ORIGIN = e, LENGTH = e }`;
//! `SECTIONS { … }` holding symbol assignments (`sym = e;`, `. = e;`,
//! `+=`, `-=`), `PROVIDE(sym = e);`, and output sections
//! `name [addr] [(NOLOAD)] : [AT(lma)] { commands } [> region]`, whose
//! commands are assignments and input section descriptions
//! `filepattern(secpattern …)`, optionally inside `KEEP(…)`; `COMMON`
//! names the common symbols. Expressions: numbers (with `K`/`M` suffixes),
//! symbols, `.`, C operators, `ALIGN(a)`, `ALIGN(e, a)`, `ADDR(sec)`,
//! `SIZEOF(sec)`, `ORIGIN(mem)`, `LENGTH(mem)`, `DEFINED(sym)`, `MAX`,
//! `MIN`, `ABSOLUTE(e)`. Comments are `/* … */`.

use nom::bytes::complete::{tag_no_case, take_while, take_while1};
use nom::character::complete::{digit1, hex_digit1};
use nom::combinator::{map_res, opt, recognize};
use nom::sequence::{pair, preceded};
use nom::{IResult, Parser};

/// An expression of a linker script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A constant.
    Num(u64),
    /// A symbol.
    Sym(String),
    /// `.`, the location counter.
    Dot,
    /// Unary `-`, `~` or `!`.
    Unary(char, Box<Expr>),
    /// Binary operator (`+ - * / % & | ^ << >> == != < > <= >= && ||`).
    Bin(&'static str, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A built-in function: `ALIGN`, `ADDR`, `SIZEOF`, `ORIGIN`, `LENGTH`,
    /// `DEFINED`, `MAX`, `MIN`, `ABSOLUTE`.
    Call(String, Vec<Expr>),
}

/// `sym = e`, `. = e`, `sym += e`, `PROVIDE(sym = e)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assign {
    /// Symbol name, or `.` for the location counter.
    pub target: String,
    /// `=`, `+=` or `-=`.
    pub op: &'static str,
    /// Value.
    pub expr: Expr,
    /// Inside `PROVIDE(…)`: defined only if referenced and not otherwise defined.
    pub provide: bool,
    /// Line of the assignment in the script (1-based).
    pub line: usize,
}

/// `filepattern(secpattern …)`, possibly inside `KEEP(…)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputSpec {
    /// Kept by `--gc-sections`.
    pub keep: bool,
    /// Glob on the input file name (`*` matches every file).
    pub file: String,
    /// Globs on input section names; `COMMON` names common symbols.
    pub sections: Vec<String>,
}

/// A command inside an output section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutputCommand {
    /// A symbol assignment (`.` is relative to nothing: it is an address).
    Assign(Assign),
    /// Input sections to place here.
    Input(InputSpec),
}

/// An output section description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputSection {
    /// Output section name.
    pub name: String,
    /// Start address, if given.
    pub addr: Option<Expr>,
    /// `(NOLOAD)`: occupies memory but no file space (like `.bss`).
    pub noload: bool,
    /// `AT(lma)`: load address (accepted; the output is not relocated by it).
    pub lma: Option<Expr>,
    /// `> region`.
    pub region: Option<String>,
    /// Commands.
    pub commands: Vec<OutputCommand>,
    /// Line in the script.
    pub line: usize,
}

/// A command of `SECTIONS` (or a top-level assignment).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SectionsCommand {
    /// Symbol or location-counter assignment.
    Assign(Assign),
    /// An output section.
    Output(OutputSection),
}

/// `name (attrs) : ORIGIN = …, LENGTH = …`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryRegion {
    /// Region name.
    pub name: String,
    /// Attributes as written (`rx`, `rw`, …).
    pub attrs: String,
    /// First address.
    pub origin: Expr,
    /// Size in bytes.
    pub length: Expr,
}

/// A parsed linker script.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Script {
    /// `ENTRY(sym)`.
    pub entry: Option<String>,
    /// `MEMORY` regions.
    pub memory: Vec<MemoryRegion>,
    /// Top-level assignments and `SECTIONS` commands, in order.
    pub commands: Vec<SectionsCommand>,
}

/// A syntax error: 1-based line and column, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct ParseError {
    /// Line.
    pub line: usize,
    /// Column.
    pub col: usize,
    /// What was wrong.
    pub message: String,
}

/// Bytes of the heap in [`DEFAULT_SCRIPT`] (`__heap_size`, changed with
/// `--defsym __heap_size=N`): 16 MiB.
pub const DEFAULT_HEAP_SIZE: u32 = 0x100_0000;

/// The default layout used when no `-T` script is given (documented in the
/// README): code at 0x1000, read-only data after it, writable data on the
/// next 4 KiB page with the small-data sections and `_gp` (ISA-ST200 §6.3,
/// §7.1), then `.bss`, a heap of `__heap_size` bytes and a stack of
/// `__stack_size` bytes whose top is `__stack_top` (8-byte aligned, §7.3):
/// 8 MiB, the default stack of a Linux process (`ulimit -s`), which
/// programs written for gcc assume; `stsim` traps a store below it.
pub const DEFAULT_SCRIPT: &str = r#"
ENTRY(_start)
SECTIONS
{
  . = 0x1000;
  .text : { *(.text .text.* .init .fini) }
  .rodata : { *(.rodata .rodata.* .srdata .srdata.*) }
  . = ALIGN(0x1000);
  .data : { *(.data .data.*) }
  .sdata : { _gp = . + 0x100; *(.sdata .sdata.*) }
  __bss_start = .;
  .sbss (NOLOAD) : { *(.sbss .sbss.*) }
  .bss (NOLOAD) : { *(.bss .bss.* COMMON) }
  . = ALIGN(8);
  _end = .;
  __bss_end = .;
  PROVIDE(__heap_size = 0x1000000);
  PROVIDE(__stack_size = 0x800000);
  .heap (NOLOAD) : { __heap_start = .; . = . + __heap_size; __heap_end = .; }
  .stack (NOLOAD) : { . = ALIGN(8); __stack_limit = .; . = . + __stack_size; . = ALIGN(8); __stack_top = .; }
}
"#;

struct P<'a> {
    src: &'a str,
    pos: usize,
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, '_' | '.' | '$')
}
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$')
}
fn is_pattern_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            '_' | '.' | '$' | '*' | '?' | '-' | '/' | '[' | ']' | '+' | '~' | '^'
        )
}

fn name(i: &str) -> IResult<&str, &str> {
    recognize(pair(take_while1(is_name_start), take_while(is_name_char))).parse(i)
}

fn number(i: &str) -> IResult<&str, u64> {
    let hex = map_res(preceded(tag_no_case("0x"), hex_digit1), |s: &str| {
        u64::from_str_radix(s, 16)
    });
    let dec = map_res(digit1, |s: &str| s.parse::<u64>());
    let (rest, v) = nom::branch::alt((hex, dec)).parse(i)?;
    let (rest, suffix) = opt(nom::character::complete::one_of("KkMm")).parse(rest)?;
    let v = match suffix {
        Some('K' | 'k') => v.saturating_mul(1024),
        Some('M' | 'm') => v.saturating_mul(1024 * 1024),
        _ => v,
    };
    Ok((rest, v))
}

const BIN_LEVELS: &[&[&str]] = &[
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<=", ">=", "<", ">"],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl<'a> P<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        let before = &self.src[..self.pos];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Err(ParseError {
            line,
            col,
            message: message.into(),
        })
    }

    fn line(&self) -> usize {
        self.src[..self.pos].matches('\n').count() + 1
    }

    fn ws(&mut self) -> Result<(), ParseError> {
        loop {
            let r = self.rest();
            let t = r.trim_start();
            self.pos += r.len() - t.len();
            if let Some(body) = t.strip_prefix("/*") {
                match body.find("*/") {
                    Some(e) => self.pos += e + 4,
                    None => return self.err("unterminated comment"),
                }
            } else {
                return Ok(());
            }
        }
    }

    fn peek(&mut self, s: &str) -> Result<bool, ParseError> {
        self.ws()?;
        Ok(self.rest().starts_with(s))
    }

    fn eat(&mut self, s: &str) -> Result<bool, ParseError> {
        if self.peek(s)? {
            self.pos += s.len();
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn expect(&mut self, s: &str) -> Result<(), ParseError> {
        if self.eat(s)? {
            Ok(())
        } else {
            self.err(format!("expected `{s}`"))
        }
    }

    fn name(&mut self) -> Result<Option<&'a str>, ParseError> {
        self.ws()?;
        match name(self.rest()) {
            Ok((rest, n)) => {
                self.pos = self.src.len() - rest.len();
                Ok(Some(n))
            }
            Err(_) => Ok(None),
        }
    }

    fn keyword(&mut self, k: &str) -> Result<bool, ParseError> {
        self.ws()?;
        let save = self.pos;
        if let Some(n) = self.name()? {
            if n == k {
                return Ok(true);
            }
        }
        self.pos = save;
        Ok(false)
    }

    fn pattern(&mut self) -> Result<Option<&'a str>, ParseError> {
        self.ws()?;
        let r = self.rest();
        let n = r.find(|c: char| !is_pattern_char(c)).unwrap_or(r.len());
        if n == 0 {
            return Ok(None);
        }
        self.pos += n;
        Ok(Some(&r[..n]))
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        let c = self.binary(0)?;
        if self.eat("?")? {
            let a = self.expr()?;
            self.expect(":")?;
            let b = self.expr()?;
            return Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }

    fn binary(&mut self, level: usize) -> Result<Expr, ParseError> {
        if level == BIN_LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        loop {
            self.ws()?;
            let r = self.rest();
            // The operator here is the longest one that matches (`<<` not `<`,
            // `+=` ends the expression); it binds at this level or not at all.
            const ALL_OPS: [&str; 20] = [
                "||", "&&", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=", "|", "&", "^", "<",
                ">", "+", "-", "*", "/", "%",
            ];
            let Some(&op) = ALL_OPS.iter().find(|op| r.starts_with(**op)) else {
                return Ok(lhs);
            };
            let Some(&op) = BIN_LEVELS[level].iter().find(|x| **x == op) else {
                return Ok(lhs);
            };
            self.pos += op.len();
            let rhs = self.binary(level + 1)?;
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        self.ws()?;
        for c in ['-', '~', '!'] {
            if self.rest().starts_with(c) && !self.rest().starts_with("!=") {
                self.pos += 1;
                return Ok(Expr::Unary(c, Box::new(self.unary()?)));
            }
        }
        if self.eat("(")? {
            let e = self.expr()?;
            self.expect(")")?;
            return Ok(e);
        }
        if let Ok((rest, v)) = number(self.rest()) {
            self.pos = self.src.len() - rest.len();
            return Ok(Expr::Num(v));
        }
        let Some(n) = self.name()? else {
            return self.err("expected an expression");
        };
        if n == "." {
            return Ok(Expr::Dot);
        }
        const FUNCS: &[&str] = &[
            "ALIGN", "ADDR", "SIZEOF", "ORIGIN", "LENGTH", "DEFINED", "MAX", "MIN", "ABSOLUTE",
            "LOADADDR",
        ];
        if FUNCS.contains(&n) && self.eat("(")? {
            let mut args = Vec::new();
            if matches!(
                n,
                "ADDR" | "SIZEOF" | "ORIGIN" | "LENGTH" | "DEFINED" | "LOADADDR"
            ) {
                let Some(a) = self.name()? else {
                    return self.err(format!("`{n}` takes a name"));
                };
                args.push(Expr::Sym(a.to_string()));
            } else {
                args.push(self.expr()?);
                while self.eat(",")? {
                    args.push(self.expr()?);
                }
            }
            self.expect(")")?;
            return Ok(Expr::Call(n.to_string(), args));
        }
        Ok(Expr::Sym(n.to_string()))
    }

    /// `target op expr ;` after the target name was read.
    fn assignment(&mut self, target: &str, provide: bool) -> Result<Assign, ParseError> {
        let line = self.line();
        let op = if self.eat("+=")? {
            "+="
        } else if self.eat("-=")? {
            "-="
        } else if self.eat("=")? {
            "="
        } else {
            return self.err("expected `=`, `+=` or `-=`");
        };
        let expr = self.expr()?;
        Ok(Assign {
            target: target.to_string(),
            op,
            expr,
            provide,
            line,
        })
    }

    fn end_statement(&mut self) -> Result<(), ParseError> {
        if self.eat(";")? || self.peek("}")? {
            Ok(())
        } else {
            self.err("expected `;`")
        }
    }

    fn provide(&mut self) -> Result<Assign, ParseError> {
        self.expect("(")?;
        let Some(t) = self.name()? else {
            return self.err("expected a symbol name");
        };
        let a = self.assignment(t, true)?;
        self.expect(")")?;
        self.end_statement()?;
        Ok(a)
    }

    fn input_spec(&mut self, keep: bool) -> Result<InputSpec, ParseError> {
        let Some(file) = self.pattern()? else {
            return self.err("expected an input section description");
        };
        let file = file.to_string();
        if file == "COMMON" && !self.peek("(")? {
            return Ok(InputSpec {
                keep,
                file: "*".into(),
                sections: vec!["COMMON".into()],
            });
        }
        self.expect("(")?;
        let mut sections = Vec::new();
        while !self.eat(")")? {
            match self.pattern()? {
                Some(p) => sections.push(p.to_string()),
                None => return self.err("expected a section name pattern or `)`"),
            }
            self.eat(",")?;
        }
        Ok(InputSpec {
            keep,
            file,
            sections,
        })
    }

    fn output_section(&mut self, name: &str) -> Result<OutputSection, ParseError> {
        let line = self.line();
        let mut addr = None;
        let mut noload = false;
        if self.eat("(")? {
            if self.keyword("NOLOAD")? {
                noload = true;
            } else {
                return self.err("expected `NOLOAD`");
            }
            self.expect(")")?;
        } else if !self.peek(":")? {
            addr = Some(self.expr()?);
            if self.eat("(")? {
                if !self.keyword("NOLOAD")? {
                    return self.err("expected `NOLOAD`");
                }
                noload = true;
                self.expect(")")?;
            }
        }
        self.expect(":")?;
        let mut lma = None;
        if self.keyword("AT")? {
            self.expect("(")?;
            lma = Some(self.expr()?);
            self.expect(")")?;
        }
        self.expect("{")?;
        let mut commands = Vec::new();
        while !self.eat("}")? {
            if self.rest().is_empty() {
                return self.err("unterminated output section: expected `}`");
            }
            let save = self.pos;
            if self.keyword("KEEP")? {
                self.expect("(")?;
                let spec = self.input_spec(true)?;
                self.expect(")")?;
                commands.push(OutputCommand::Input(spec));
                continue;
            }
            if self.keyword("PROVIDE")? || self.keyword("PROVIDE_HIDDEN")? {
                commands.push(OutputCommand::Assign(self.provide()?));
                continue;
            }
            // An assignment starts with a name followed by `=`/`+=`/`-=`.
            if let Some(n) = self.name()? {
                if self.peek("=")? || self.peek("+=")? || self.peek("-=")? {
                    let a = self.assignment(n, false)?;
                    self.end_statement()?;
                    commands.push(OutputCommand::Assign(a));
                    continue;
                }
            }
            self.pos = save;
            commands.push(OutputCommand::Input(self.input_spec(false)?));
        }
        let mut region = None;
        if self.eat(">")? {
            match self.name()? {
                Some(r) => region = Some(r.to_string()),
                None => return self.err("expected a memory region name after `>`"),
            }
        }
        if self.keyword("AT")? {
            self.expect(">")?;
            if self.name()?.is_none() {
                return self.err("expected a memory region name after `AT>`");
            }
        }
        self.eat(",")?;
        Ok(OutputSection {
            name: name.to_string(),
            addr,
            noload,
            lma,
            region,
            commands,
            line,
        })
    }

    fn memory(&mut self, script: &mut Script) -> Result<(), ParseError> {
        self.expect("{")?;
        while !self.eat("}")? {
            let Some(n) = self.name()? else {
                return self.err("expected a memory region name");
            };
            let mut attrs = String::new();
            if self.eat("(")? {
                let r = self.rest();
                let e = r.find(')').unwrap_or(r.len());
                attrs = r[..e].trim().to_string();
                self.pos += e;
                self.expect(")")?;
            }
            self.expect(":")?;
            let mut origin = None;
            let mut length = None;
            for _ in 0..2 {
                let Some(k) = self.name()? else {
                    return self.err("expected ORIGIN or LENGTH");
                };
                self.expect("=")?;
                let e = self.expr()?;
                match k {
                    "ORIGIN" | "org" | "o" => origin = Some(e),
                    "LENGTH" | "len" | "l" => length = Some(e),
                    _ => return self.err("expected ORIGIN or LENGTH"),
                }
                self.eat(",")?;
            }
            let (Some(origin), Some(length)) = (origin, length) else {
                return self.err("a memory region needs ORIGIN and LENGTH");
            };
            script.memory.push(MemoryRegion {
                name: n.to_string(),
                attrs,
                origin,
                length,
            });
        }
        Ok(())
    }

    fn script(&mut self) -> Result<Script, ParseError> {
        let mut s = Script::default();
        loop {
            self.ws()?;
            if self.rest().is_empty() {
                return Ok(s);
            }
            let Some(n) = self.name()? else {
                return self.err("expected a command (ENTRY, MEMORY, SECTIONS or an assignment)");
            };
            match n {
                "ENTRY" => {
                    self.expect("(")?;
                    let Some(e) = self.name()? else {
                        return self.err("expected a symbol name");
                    };
                    s.entry = Some(e.to_string());
                    self.expect(")")?;
                    self.eat(";")?;
                }
                "MEMORY" => self.memory(&mut s)?,
                "PROVIDE" | "PROVIDE_HIDDEN" => {
                    let a = self.provide()?;
                    s.commands.push(SectionsCommand::Assign(a));
                }
                "OUTPUT_FORMAT" | "OUTPUT_ARCH" | "SEARCH_DIR" | "TARGET" => {
                    // Accepted and ignored, as their values are fixed for the ST200.
                    self.expect("(")?;
                    let r = self.rest();
                    self.pos += r.find(')').unwrap_or(r.len());
                    self.expect(")")?;
                }
                "SECTIONS" => {
                    self.expect("{")?;
                    while !self.eat("}")? {
                        if self.rest().is_empty() {
                            return self.err("unterminated SECTIONS: expected `}`");
                        }
                        let Some(n) = self.name()? else {
                            return self.err("expected an output section or an assignment");
                        };
                        if n == "PROVIDE" || n == "PROVIDE_HIDDEN" {
                            let a = self.provide()?;
                            s.commands.push(SectionsCommand::Assign(a));
                        } else if self.peek("=")? || self.peek("+=")? || self.peek("-=")? {
                            let a = self.assignment(n, false)?;
                            self.end_statement()?;
                            s.commands.push(SectionsCommand::Assign(a));
                        } else {
                            let o = self.output_section(n)?;
                            s.commands.push(SectionsCommand::Output(o));
                        }
                    }
                }
                _ => {
                    let a = self.assignment(n, false)?;
                    self.end_statement()?;
                    s.commands.push(SectionsCommand::Assign(a));
                }
            }
        }
    }
}

/// Parses a linker script.
pub fn parse(src: &str) -> Result<Script, ParseError> {
    // Bound recursion: deeply nested parentheses are a syntax error, not a crash.
    let mut depth = 0usize;
    for (i, c) in src.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > 64 {
            let p = P { src, pos: i };
            return p.err("parentheses nested too deeply");
        }
    }
    P { src, pos: 0 }.script()
}

/// Glob matching with `*`, `?` and `[…]` classes, as ld's wildcards.
pub fn glob(pattern: &str, text: &str) -> bool {
    fn rec(p: &[u8], t: &[u8]) -> bool {
        match p.first() {
            None => t.is_empty(),
            Some(b'*') => (0..=t.len()).any(|k| rec(&p[1..], &t[k..])),
            Some(b'?') => !t.is_empty() && rec(&p[1..], &t[1..]),
            Some(b'[') => {
                let Some(end) = p.iter().position(|&c| c == b']') else {
                    return p.first() == t.first() && rec(&p[1..], &t[1..]);
                };
                let Some(&c) = t.first() else { return false };
                let class = &p[1..end];
                let mut hit = false;
                let mut i = 0;
                while i < class.len() {
                    if i + 2 < class.len() && class[i + 1] == b'-' {
                        hit |= (class[i]..=class[i + 2]).contains(&c);
                        i += 3;
                    } else {
                        hit |= class[i] == c;
                        i += 1;
                    }
                }
                hit && rec(&p[end + 1..], &t[1..])
            }
            Some(&c) => t.first() == Some(&c) && rec(&p[1..], &t[1..]),
        }
    }
    if !pattern.contains(['*', '?', '[']) {
        return pattern == text;
    }
    rec(pattern.as_bytes(), text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_heap_size_is_the_scripts() {
        let line = format!("PROVIDE(__heap_size = {:#x});", DEFAULT_HEAP_SIZE);
        assert!(DEFAULT_SCRIPT.contains(&line), "{line}");
    }

    #[test]
    fn default_script_parses() {
        let s = parse(DEFAULT_SCRIPT).unwrap();
        assert_eq!(s.entry.as_deref(), Some("_start"));
        let outputs: Vec<&str> = s
            .commands
            .iter()
            .filter_map(|c| match c {
                SectionsCommand::Output(o) => Some(o.name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(
            outputs,
            [".text", ".rodata", ".data", ".sdata", ".sbss", ".bss", ".heap", ".stack"]
        );
    }

    #[test]
    fn memory_regions_and_keep() {
        let s = parse(
            "MEMORY { ROM (rx) : ORIGIN = 0x1000, LENGTH = 64K\n RAM (rwx) : org = 0x80000, l = 1M }\n\
             SECTIONS { .text : { KEEP(*(.vectors)) *(.text*) } > ROM\n .data : { *(.data) } > RAM }",
        )
        .unwrap();
        assert_eq!(s.memory.len(), 2);
        assert_eq!(s.memory[0].length, Expr::Num(64 * 1024));
        let SectionsCommand::Output(o) = &s.commands[0] else {
            panic!()
        };
        assert_eq!(o.region.as_deref(), Some("ROM"));
        assert_eq!(
            o.commands[0],
            OutputCommand::Input(InputSpec {
                keep: true,
                file: "*".into(),
                sections: vec![".vectors".into()]
            })
        );
    }

    #[test]
    fn expressions() {
        let s = parse("SECTIONS { . = ALIGN(8) + 4 * 2; x = (1 << 4) | 3; }").unwrap();
        let SectionsCommand::Assign(a) = &s.commands[1] else {
            panic!()
        };
        assert_eq!(a.target, "x");
        assert!(matches!(a.expr, Expr::Bin("|", _, _)));
    }

    #[test]
    fn errors_have_positions() {
        let e = parse("SECTIONS {\n  .text : { *(.text) \n").unwrap_err();
        assert!(e.message.contains("unterminated"), "{e}");
        let e = parse("SECTIONS { x = ; }").unwrap_err();
        assert_eq!((e.line, e.col), (1, 16));
    }

    #[test]
    fn globs() {
        assert!(glob(".text.*", ".text.main"));
        assert!(!glob(".text.*", ".text"));
        assert!(glob("*", "a.o"));
        assert!(glob("lib?.a", "libc.a"));
        assert!(glob(".data[0-9]", ".data7"));
    }
}
