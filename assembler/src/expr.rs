//! Expressions of the assembler (ISA-ST200 §7.5): constants, symbols,
//! `.`, numeric local label references (`1b`, `1f`), C operators and the
//! relocation operators `@gprel(x)` etc. Parsed with `nom`.

use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_while, take_while1};
use nom::character::complete::{char, digit1, hex_digit1, multispace0, none_of, one_of};
use nom::combinator::{map, map_res, opt, recognize};
use nom::sequence::{delimited, pair, preceded};
use nom::{IResult, Parser};

/// A binary operator, by C precedence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `<<`
    Shl,
    /// `>>` (arithmetic)
    Shr,
    /// `&`
    And,
    /// `^`
    Xor,
    /// `|`
    Or,
}

/// An expression tree. Positions (`at`) are byte offsets in the parsed text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A constant.
    Num(i64),
    /// A symbol reference.
    Sym {
        /// Name.
        name: String,
        /// Offset of the name in the text.
        at: usize,
    },
    /// `.`: the current location (the bundle's address inside an operation).
    Dot,
    /// `Nb` / `Nf`: the nearest numeric label `N:` backward or forward.
    LocalRef {
        /// Label number.
        label: u64,
        /// `f` rather than `b`.
        forward: bool,
        /// Offset in the text.
        at: usize,
    },
    /// Unary minus.
    Neg(Box<Expr>),
    /// Bitwise not `~`.
    Not(Box<Expr>),
    /// Binary operation.
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// A relocation operator such as `@gprel(x)`, or `@long(x)`.
    Op {
        /// Operator name without `@`.
        name: String,
        /// Operand.
        arg: Box<Expr>,
        /// Offset of the `@`.
        at: usize,
    },
}

/// Characters that may start a symbol name.
pub fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '.'
}

/// Characters that may continue a symbol name.
pub fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'
}

struct P<'a> {
    total: usize,
    _s: std::marker::PhantomData<&'a str>,
}

impl<'a> P<'a> {
    fn at(&self, rest: &str) -> usize {
        self.total - rest.len()
    }
}

fn ident(i: &str) -> IResult<&str, &str> {
    recognize(pair(take_while1(is_ident_start), take_while(is_ident_char))).parse(i)
}

fn not_ident_next(i: &str) -> bool {
    !i.chars().next().is_some_and(is_ident_char)
}

fn number(i: &str) -> IResult<&str, i64> {
    let hex = map_res(preceded(tag_no_case("0x"), hex_digit1), |s: &str| {
        u64::from_str_radix(s, 16)
    });
    let bin = map_res(
        preceded(tag_no_case("0b"), take_while1(|c| c == '0' || c == '1')),
        |s: &str| u64::from_str_radix(s, 2),
    );
    let dec = map_res(digit1, |s: &str| {
        if s.len() > 1 && s.starts_with('0') {
            u64::from_str_radix(&s[1..], 8)
        } else {
            s.parse::<u64>()
        }
    });
    let (rest, v) = alt((hex, bin, dec)).parse(i)?;
    if !not_ident_next(rest) {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Digit,
        )));
    }
    Ok((rest, v as i64))
}

fn char_literal(i: &str) -> IResult<&str, i64> {
    let escaped = preceded(
        char('\\'),
        alt((
            map(one_of("nrt0\\'\"ab"), |c| match c {
                'n' => 10,
                'r' => 13,
                't' => 9,
                '0' => 0,
                'a' => 7,
                'b' => 8,
                c => c as i64,
            }),
            map_res(preceded(char('x'), hex_digit1), |s: &str| {
                i64::from_str_radix(s, 16)
            }),
        )),
    );
    delimited(
        char('\''),
        alt((escaped, map(none_of("\\'"), |c| c as i64))),
        char('\''),
    )
    .parse(i)
}

fn local_ref(i: &str) -> IResult<&str, (u64, bool)> {
    let (rest, (digits, dir)) = pair(digit1, one_of("bf")).parse(i)?;
    if !not_ident_next(rest) {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Char,
        )));
    }
    let n = digits
        .parse::<u64>()
        .map_err(|_| nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Digit)))?;
    Ok((rest, (n, dir == 'f')))
}

impl<'a> P<'a> {
    fn primary(&self, i: &'a str) -> IResult<&'a str, Expr> {
        let (i, _) = multispace0(i)?;
        if let Ok((rest, (label, forward))) = local_ref(i) {
            return Ok((
                rest,
                Expr::LocalRef {
                    label,
                    forward,
                    at: self.at(i),
                },
            ));
        }
        if let Ok((rest, v)) = number(i) {
            return Ok((rest, Expr::Num(v)));
        }
        if let Ok((rest, v)) = char_literal(i) {
            return Ok((rest, Expr::Num(v)));
        }
        if let Some(r) = i.strip_prefix('(') {
            let (r, e) = self.expr(r)?;
            let (r, _) = preceded(multispace0, char(')')).parse(r)?;
            return Ok((r, e));
        }
        if let Some(r) = i.strip_prefix('@') {
            let (r, name) = ident(r)?;
            let (r, _) = preceded(multispace0, char('(')).parse(r)?;
            let (r, arg) = self.expr(r)?;
            let (r, _) = preceded(multispace0, char(')')).parse(r)?;
            return Ok((
                r,
                Expr::Op {
                    name: name.to_string(),
                    arg: Box::new(arg),
                    at: self.at(i),
                },
            ));
        }
        if let Some(r) = i.strip_prefix('.') {
            if not_ident_next(r) {
                return Ok((r, Expr::Dot));
            }
        }
        let (rest, name) = ident(i)?;
        Ok((
            rest,
            Expr::Sym {
                name: name.to_string(),
                at: self.at(i),
            },
        ))
    }

    fn unary(&self, i: &'a str) -> IResult<&'a str, Expr> {
        let (i, _) = multispace0(i)?;
        let (r, op) = opt(one_of("-~+")).parse(i)?;
        match op {
            Some('-') => map(|x| self.unary(x), |e| Expr::Neg(Box::new(e))).parse(r),
            Some('~') => map(|x| self.unary(x), |e| Expr::Not(Box::new(e))).parse(r),
            Some(_) => self.unary(r),
            None => self.primary(i),
        }
    }

    fn level(&self, i: &'a str, level: usize) -> IResult<&'a str, Expr> {
        // Lowest to highest precedence.
        const LEVELS: [&[(&str, BinOp)]; 6] = [
            &[("|", BinOp::Or)],
            &[("^", BinOp::Xor)],
            &[("&", BinOp::And)],
            &[("<<", BinOp::Shl), (">>", BinOp::Shr)],
            &[("+", BinOp::Add), ("-", BinOp::Sub)],
            &[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Rem)],
        ];
        let next = |x| {
            if level + 1 < LEVELS.len() {
                self.level(x, level + 1)
            } else {
                self.unary(x)
            }
        };
        let (mut i, mut lhs) = next(i)?;
        loop {
            let (j, _) = multispace0(i)?;
            let found = LEVELS[level].iter().find(|(t, _)| {
                j.starts_with(t)
                    && !(*t == "|" && j.starts_with("||"))
                    && !(*t == "&" && j.starts_with("&&"))
            });
            let Some(&(t, op)) = found else {
                return Ok((i, lhs));
            };
            let (j, rhs) = next(&j[t.len()..])?;
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
            i = j;
        }
    }

    fn expr(&self, i: &'a str) -> IResult<&'a str, Expr> {
        self.level(i, 0)
    }
}

/// Longest expression accepted, in bytes.
pub const MAX_EXPR_BYTES: usize = 4096;
/// Deepest nesting of parentheses or unary operators accepted.
pub const MAX_NESTING: usize = 64;

/// Parses all of `text` as one expression. On failure returns the byte
/// offset where parsing stopped.
pub fn parse_expr(text: &str) -> Result<Expr, usize> {
    // Bound the recursion of the parser and of every later walk of the tree.
    if text.len() > MAX_EXPR_BYTES {
        return Err(MAX_EXPR_BYTES);
    }
    let (mut depth, mut unary_run) = (0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        unary_run = if matches!(c, '-' | '~' | '+') {
            unary_run + 1
        } else if c.is_whitespace() {
            unary_run
        } else {
            0
        };
        if depth > MAX_NESTING || unary_run > MAX_NESTING {
            return Err(i);
        }
    }
    let p = P {
        total: text.len(),
        _s: std::marker::PhantomData,
    };
    match p.expr(text) {
        Ok((rest, e)) => {
            let (rest, _) =
                multispace0::<&str, nom::error::Error<&str>>(rest).unwrap_or((rest, ""));
            if rest.is_empty() {
                Ok(e)
            } else {
                Err(text.len() - rest.len())
            }
        }
        Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => Err(text.len() - e.input.len()),
        Err(nom::Err::Incomplete(_)) => Err(text.len()),
    }
}

/// Applies a binary operator to constants with 64-bit wrapping arithmetic;
/// `None` for division or remainder by zero.
pub fn fold(op: BinOp, a: i64, b: i64) -> Option<i64> {
    Some(match op {
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div => a.checked_div(b)?,
        BinOp::Rem => a.checked_rem(b)?,
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Shl => a.wrapping_shl(b as u32),
        BinOp::Shr => a.wrapping_shr(b as u32),
        BinOp::And => a & b,
        BinOp::Xor => a ^ b,
        BinOp::Or => a | b,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(text: &str) -> i64 {
        fn ev(e: &Expr) -> i64 {
            match e {
                Expr::Num(v) => *v,
                Expr::Neg(a) => -ev(a),
                Expr::Not(a) => !ev(a),
                Expr::Bin(op, a, b) => fold(*op, ev(a), ev(b)).unwrap(),
                other => panic!("not constant: {other:?}"),
            }
        }
        ev(&parse_expr(text).unwrap())
    }

    #[test]
    fn constants_and_precedence() {
        assert_eq!(num("1 + 2 * 3"), 7);
        assert_eq!(num("(1 + 2) * 3"), 9);
        assert_eq!(num("0x10 | 1 << 2"), 0x14);
        assert_eq!(num("-256"), -256);
        assert_eq!(num("~0 & 0xff"), 255);
        assert_eq!(num("0b101"), 5);
        assert_eq!(num("017"), 15);
        assert_eq!(num("'a'"), 97);
        assert_eq!(num("'\\n'"), 10);
        assert_eq!(num("7 % 4 - 10 / 3"), 0);
    }

    #[test]
    fn symbols_dot_locals_and_operators() {
        assert_eq!(parse_expr(".").unwrap(), Expr::Dot);
        assert_eq!(
            parse_expr("1b").unwrap(),
            Expr::LocalRef {
                label: 1,
                forward: false,
                at: 0
            }
        );
        assert!(
            matches!(parse_expr("@gprel(x + 4)").unwrap(), Expr::Op { ref name, .. } if name == "gprel")
        );
        assert!(matches!(
            parse_expr(".L5 - .").unwrap(),
            Expr::Bin(BinOp::Sub, _, _)
        ));
        assert_eq!(parse_expr("foo +"), Err(5));
        assert_eq!(parse_expr("1 2"), Err(2));
    }
}
