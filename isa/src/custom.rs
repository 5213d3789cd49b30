//! The meaning of a custom operation (ISA-ST200 §4.10): a C expression
//! over `int a, b`, parsed once and evaluated with C's 32-bit semantics.
//!
//! The compiler's IR interpreter and constant folding and the simulator
//! all evaluate a custom operation through [`Expr::eval`], so the three
//! agree by construction; the host C compiler computing the same
//! expression is the independent check.
//!
//! Grammar (C99 6.5, the subset a machine file may use):
//!
//! ```text
//! expr    = cond
//! cond    = binary [ "?" expr ":" cond ]
//! binary  = unary { op unary }      (C's precedence and left associativity:
//!                                    * / %, + -, << >>, < <= > >=, == !=,
//!                                    &, ^, |, &&, ||)
//! unary   = ("-" | "+" | "~" | "!") unary
//!         | "(" ("int" | "unsigned" ["int"]) ")" unary
//!         | primary
//! primary = "a" | "b" | integer constant (decimal, 0x hex, 0 octal; u/U suffix)
//!         | "(" expr ")"
//! ```
//!
//! Values are 32-bit `int` or `unsigned int`; the usual arithmetic
//! conversions make an operation unsigned when either operand is. Signed
//! arithmetic wraps (the machine's behaviour, where C leaves overflow
//! undefined). Where C is undefined the result is fixed as the RISC-V
//! specification fixes its division: `x / 0` is −1 (all ones), `x % 0` is
//! `x`, `INT_MIN / -1` is `INT_MIN` and `INT_MIN % -1` is 0; a shift count
//! is taken modulo 32.

/// An error in a custom operation's expression.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ExprError {
    /// 1-based column in the expression text.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A binary operator.
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
    /// `>>`
    Shr,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `&`
    And,
    /// `^`
    Xor,
    /// `|`
    Or,
    /// `&&`
    LogAnd,
    /// `||`
    LogOr,
}

/// A unary operator or cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// `-`
    Neg,
    /// `+`
    Plus,
    /// `~`
    Not,
    /// `!`
    LogNot,
    /// `(int)`
    ToInt,
    /// `(unsigned)`
    ToUnsigned,
}

/// A parsed expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// The first operand `a` (an `int`).
    A,
    /// The second operand `b` (an `int`).
    B,
    /// A constant: its bits and whether its type is `unsigned int`.
    Const(u32, bool),
    /// A unary operation.
    Unary(UnOp, Box<Expr>),
    /// A binary operation.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `c ? t : f`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// A value: 32 bits and whether its type is `unsigned int`.
#[derive(Debug, Clone, Copy)]
struct Value(u32, bool);

impl Expr {
    /// Parses `text`, an expression over `a` (and `b` when `operands` is
    /// 2). Errors give the column and what was expected.
    pub fn parse(text: &str, operands: u32) -> Result<Expr, ExprError> {
        let mut p = Parser {
            text: text.as_bytes(),
            pos: 0,
            operands,
            depth: 0,
        };
        let e = p.expr()?;
        p.skip_space();
        if p.pos < p.text.len() {
            return Err(p.error(format!("unexpected `{}`", p.rest_token())));
        }
        Ok(e)
    }

    /// The value of the expression for `a` and `b`, as the 32 bits of its
    /// result (an `int` or `unsigned int`).
    pub fn eval(&self, a: i32, b: i32) -> i32 {
        self.value(a, b).0 as i32
    }

    fn value(&self, a: i32, b: i32) -> Value {
        match self {
            Expr::A => Value(a as u32, false),
            Expr::B => Value(b as u32, false),
            Expr::Const(v, u) => Value(*v, *u),
            Expr::Unary(op, x) => {
                let Value(v, u) = x.value(a, b);
                match op {
                    UnOp::Neg => Value(v.wrapping_neg(), u),
                    UnOp::Plus => Value(v, u),
                    UnOp::Not => Value(!v, u),
                    UnOp::LogNot => Value((v == 0) as u32, false),
                    UnOp::ToInt => Value(v, false),
                    UnOp::ToUnsigned => Value(v, true),
                }
            }
            Expr::Cond(c, t, f) => {
                let tv = t.value(a, b);
                let fv = f.value(a, b);
                // C99 6.5.15p5: the result has the converted common type.
                let u = tv.1 || fv.1;
                if c.value(a, b).0 != 0 {
                    Value(tv.0, u)
                } else {
                    Value(fv.0, u)
                }
            }
            Expr::Binary(op, x, y) => {
                if matches!(op, BinOp::LogAnd | BinOp::LogOr) {
                    let l = x.value(a, b).0 != 0;
                    let r = match op {
                        BinOp::LogAnd => l && y.value(a, b).0 != 0,
                        _ => l || y.value(a, b).0 != 0,
                    };
                    return Value(r as u32, false);
                }
                let Value(l, lu) = x.value(a, b);
                let Value(r, ru) = y.value(a, b);
                // Shifts take the type of the left operand (C99 6.5.7p3).
                let u = lu || ru;
                let (ls, rs) = (l as i32, r as i32);
                let cmp = |c: bool| Value(c as u32, false);
                match op {
                    BinOp::Add => Value(l.wrapping_add(r), u),
                    BinOp::Sub => Value(l.wrapping_sub(r), u),
                    BinOp::Mul => Value(l.wrapping_mul(r), u),
                    BinOp::Div => Value(
                        match (r, u) {
                            (0, _) => u32::MAX,
                            (_, true) => l / r,
                            (_, false) => ls.wrapping_div(rs) as u32,
                        },
                        u,
                    ),
                    BinOp::Rem => Value(
                        match (r, u) {
                            (0, _) => l,
                            (_, true) => l % r,
                            (_, false) => ls.wrapping_rem(rs) as u32,
                        },
                        u,
                    ),
                    BinOp::Shl => Value(l.wrapping_shl(r & 31), lu),
                    BinOp::Shr => Value(
                        if lu {
                            l.wrapping_shr(r & 31)
                        } else {
                            ls.wrapping_shr(r & 31) as u32
                        },
                        lu,
                    ),
                    BinOp::Lt => cmp(if u { l < r } else { ls < rs }),
                    BinOp::Le => cmp(if u { l <= r } else { ls <= rs }),
                    BinOp::Gt => cmp(if u { l > r } else { ls > rs }),
                    BinOp::Ge => cmp(if u { l >= r } else { ls >= rs }),
                    BinOp::Eq => cmp(l == r),
                    BinOp::Ne => cmp(l != r),
                    BinOp::And => Value(l & r, u),
                    BinOp::Xor => Value(l ^ r, u),
                    BinOp::Or => Value(l | r, u),
                    BinOp::LogAnd | BinOp::LogOr => unreachable!("handled above"),
                }
            }
        }
    }
}

/// Binary operators by precedence level, lowest first (C99 6.5.5–6.5.14).
const LEVELS: &[&[(&str, BinOp)]] = &[
    &[("||", BinOp::LogOr)],
    &[("&&", BinOp::LogAnd)],
    &[("|", BinOp::Or)],
    &[("^", BinOp::Xor)],
    &[("&", BinOp::And)],
    &[("==", BinOp::Eq), ("!=", BinOp::Ne)],
    &[
        ("<=", BinOp::Le),
        (">=", BinOp::Ge),
        ("<", BinOp::Lt),
        (">", BinOp::Gt),
    ],
    &[("<<", BinOp::Shl), (">>", BinOp::Shr)],
    &[("+", BinOp::Add), ("-", BinOp::Sub)],
    &[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Rem)],
];

/// Deepest nesting accepted, so that no input overflows the stack.
const MAX_DEPTH: usize = 200;

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
    operands: u32,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, message: impl Into<String>) -> ExprError {
        ExprError {
            column: self.pos + 1,
            message: message.into(),
        }
    }

    fn rest_token(&self) -> String {
        let rest = &self.text[self.pos..];
        let n = rest
            .iter()
            .position(|c| c.is_ascii_whitespace())
            .unwrap_or(rest.len())
            .min(12);
        String::from_utf8_lossy(&rest[..n]).into_owned()
    }

    fn skip_space(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// Consumes `s` if the text continues with it (and, for `&`, `|`,
    /// `<`, `>`, not with a longer operator that starts the same way).
    fn eat(&mut self, s: &str) -> bool {
        self.skip_space();
        let rest = &self.text[self.pos..];
        if !rest.starts_with(s.as_bytes()) {
            return false;
        }
        let next = rest.get(s.len()).copied();
        let longer = match s {
            "&" => next == Some(b'&'),
            "|" => next == Some(b'|'),
            "<" => matches!(next, Some(b'<' | b'=')),
            ">" => matches!(next, Some(b'>' | b'=')),
            "!" | "=" => next == Some(b'='),
            _ => false,
        };
        if longer {
            return false;
        }
        self.pos += s.len();
        true
    }

    fn word(&mut self) -> Option<String> {
        self.skip_space();
        let start = self.pos;
        let mut end = start;
        while end < self.text.len()
            && (self.text[end].is_ascii_alphanumeric() || self.text[end] == b'_')
        {
            end += 1;
        }
        self.pos = end;
        (end > start).then(|| String::from_utf8_lossy(&self.text[start..end]).into_owned())
    }

    fn expr(&mut self) -> Result<Expr, ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("expression nested too deeply"));
        }
        let c = self.binary(0)?;
        let e = if self.eat("?") {
            let t = self.expr()?;
            if !self.eat(":") {
                return Err(self.error("expected `:` of a conditional expression"));
            }
            let f = self.expr()?;
            Expr::Cond(Box::new(c), Box::new(t), Box::new(f))
        } else {
            c
        };
        self.depth -= 1;
        Ok(e)
    }

    fn binary(&mut self, level: usize) -> Result<Expr, ExprError> {
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut left = self.binary(level + 1)?;
        'outer: loop {
            for &(tok, op) in LEVELS[level] {
                if self.eat(tok) {
                    let right = self.binary(level + 1)?;
                    left = Expr::Binary(op, Box::new(left), Box::new(right));
                    continue 'outer;
                }
            }
            return Ok(left);
        }
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("expression nested too deeply"));
        }
        let ops = [
            ("-", UnOp::Neg),
            ("+", UnOp::Plus),
            ("~", UnOp::Not),
            ("!", UnOp::LogNot),
        ];
        for (tok, op) in ops {
            if self.eat(tok) {
                let x = self.unary()?;
                self.depth -= 1;
                return Ok(Expr::Unary(op, Box::new(x)));
            }
        }
        let e = self.primary()?;
        self.depth -= 1;
        Ok(e)
    }

    fn primary(&mut self) -> Result<Expr, ExprError> {
        if self.eat("(") {
            let save = self.pos;
            match self.word().as_deref() {
                Some("int") => {
                    if self.eat(")") {
                        return Ok(Expr::Unary(UnOp::ToInt, Box::new(self.unary()?)));
                    }
                    return Err(self.error("expected `)` after `(int`"));
                }
                Some("unsigned") => {
                    let after = self.pos;
                    if self.word().as_deref() != Some("int") {
                        self.pos = after;
                    }
                    if self.eat(")") {
                        return Ok(Expr::Unary(UnOp::ToUnsigned, Box::new(self.unary()?)));
                    }
                    return Err(self.error("expected `)` after `(unsigned`"));
                }
                _ => self.pos = save,
            }
            let e = self.expr()?;
            if !self.eat(")") {
                return Err(self.error("expected `)`"));
            }
            return Ok(e);
        }
        self.skip_space();
        let start = self.pos;
        let Some(w) = self.word() else {
            return Err(if self.pos >= self.text.len() {
                self.error("expected an operand, found the end of the expression")
            } else {
                self.error(format!(
                    "expected an operand, found `{}`",
                    self.rest_token()
                ))
            });
        };
        match w.as_str() {
            "a" => Ok(Expr::A),
            "b" if self.operands >= 2 => Ok(Expr::B),
            "b" => {
                self.pos = start;
                Err(self.error("`b` is not an operand of a one-operand operation"))
            }
            _ if w.as_bytes()[0].is_ascii_digit() => {
                self.pos = start;
                self.constant(&w)
            }
            _ => {
                self.pos = start;
                Err(self.error(format!(
                    "unknown name `{w}`: the operands are `a` and `b`, and only the casts `(int)` and `(unsigned)` are allowed"
                )))
            }
        }
    }

    fn constant(&mut self, w: &str) -> Result<Expr, ExprError> {
        let lower = w.to_ascii_lowercase();
        let (digits, unsigned) = match lower.strip_suffix('u') {
            Some(d) => (d, true),
            None => (lower.as_str(), false),
        };
        let (radix, body) = if let Some(h) = digits.strip_prefix("0x") {
            (16, h)
        } else if digits.len() > 1 && digits.starts_with('0') {
            (8, &digits[1..])
        } else {
            (10, digits)
        };
        let value = match u64::from_str_radix(body, radix) {
            Ok(v) if v <= u32::MAX as u64 => v as u32,
            Ok(_) => return Err(self.error(format!("constant `{w}` does not fit in 32 bits"))),
            Err(_) => return Err(self.error(format!("`{w}` is not an integer constant"))),
        };
        self.pos += w.len();
        // C99 6.4.4.1p5 on a 32-bit int: a constant above INT_MAX is unsigned.
        Ok(Expr::Const(value, unsigned || value > i32::MAX as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(text: &str, a: i32, b: i32) -> i32 {
        Expr::parse(text, 2).unwrap().eval(a, b)
    }

    #[test]
    fn precedence_and_associativity_follow_c() {
        // Hand-derived with C99 6.5's precedence.
        assert_eq!(ev("a + b * 2", 1, 3), 7);
        assert_eq!(ev("a - b - 1", 10, 3), 6);
        assert_eq!(ev("a << 2 + 1", 1, 0), 8);
        assert_eq!(ev("a & b == b", 6, 2), 0); // a & (b == b) = 6 & 1
        assert_eq!(ev("a || b && 0", 1, 1), 1);
        assert_eq!(ev("a ? b : 3 ? 4 : 5", 0, 9), 4);
        assert_eq!(ev("-a * -b", 3, 4), 12);
        assert_eq!(ev("!a + ~b", 0, 0), 0);
    }

    #[test]
    fn saturating_add_of_the_issue_example() {
        let e = "a + b > 32767 ? 32767 : a + b < -32768 ? -32768 : a + b";
        assert_eq!(ev(e, 30000, 30000), 32767);
        assert_eq!(ev(e, -30000, -30000), -32768);
        assert_eq!(ev(e, 100, -7), 93);
    }

    #[test]
    fn unsigned_conversions() {
        // -1 < 1 as int, but (unsigned)-1 = 4294967295 > 1.
        assert_eq!(ev("a < b", -1, 1), 1);
        assert_eq!(ev("(unsigned)a < b", -1, 1), 0);
        assert_eq!(ev("(unsigned) a >> 28", -1, 0), 15);
        assert_eq!(ev("a >> 28", -1, 0), -1);
        assert_eq!(ev("(unsigned int)a / 2", -2, 0), 0x7FFF_FFFF);
        assert_eq!(ev("a / 2u", -2, 0), 0x7FFF_FFFF);
        assert_eq!(ev("a / 2", -3, 0), -1); // C99 truncates toward zero
        assert_eq!(ev("a % 2", -3, 0), -1);
        assert_eq!(ev("0xFFFFFFFF > a", 5, 0), 1); // unsigned constant
        assert_eq!(ev("(int)0xFFFFFFFF < a", 5, 0), 1);
    }

    #[test]
    fn wrapping_and_fixed_undefined_cases() {
        assert_eq!(ev("a + 1", i32::MAX, 0), i32::MIN);
        assert_eq!(ev("a * b", 65536, 65536), 0);
        assert_eq!(ev("a / b", 7, 0), -1);
        assert_eq!(ev("a % b", 7, 0), 7);
        assert_eq!(ev("a / b", i32::MIN, -1), i32::MIN);
        assert_eq!(ev("a % b", i32::MIN, -1), 0);
        assert_eq!(ev("a << b", 1, 33), 2);
    }

    #[test]
    fn constants() {
        assert_eq!(ev("0x10 + 010 + 10", 0, 0), 16 + 8 + 10);
        assert_eq!(ev("a & 0xFF", 0x1234, 0), 0x34);
    }

    #[test]
    fn errors_name_the_column() {
        let e = Expr::parse("a + ", 2).unwrap_err();
        assert_eq!(e.column, 5);
        assert!(e.message.contains("end of the expression"), "{e}");
        let e = Expr::parse("a + c", 2).unwrap_err();
        assert_eq!(e.column, 5);
        assert!(e.message.contains("unknown name `c`"), "{e}");
        let e = Expr::parse("a + b", 1).unwrap_err();
        assert!(e.message.contains("one-operand"), "{e}");
        assert!(Expr::parse("(a", 2).is_err());
        assert!(Expr::parse("a b", 2).is_err());
        assert!(Expr::parse("a ? b", 2).is_err());
        assert!(Expr::parse("99999999999", 2).is_err());
        assert!(Expr::parse("(long)a", 2).is_err());
        assert!(Expr::parse("", 2).is_err());
        // Deep nesting is an error, not a stack overflow.
        let deep = "(".repeat(10_000) + "a" + &")".repeat(10_000);
        assert!(Expr::parse(&deep, 2).is_err());
        let deep = "-".repeat(10_000) + "a";
        assert!(Expr::parse(&deep, 2).is_err());
    }
}
