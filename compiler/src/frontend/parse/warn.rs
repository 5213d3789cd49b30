//! Two of gcc's `-Wall` warning groups, with gcc's wording and tags:
//!
//! - `-Wparentheses`: an assignment used as the condition of `if`,
//!   `while`, `do` or `for` without its own parentheses; `&&` inside
//!   `||`; `+`/`-` inside a shift; arithmetic or a comparison as an
//!   operand of `&`, `|`, `^`; a comparison as an operand of `==`/`!=`;
//!   `a < b < c` (a relational comparison inside another).
//! - `-Wformat`: the arguments of `printf`, `fprintf`, `sprintf`,
//!   `snprintf`, `dprintf`, `scanf`, `fscanf`, `sscanf` against the
//!   conversions of a literal format (C99 §7.19.6.1, §7.19.6.2): the type
//!   each conversion expects after the default argument promotions
//!   (signedness aside, as gcc without `-Wformat-signedness`), missing
//!   and extra arguments, unknown conversions.
//!
//! Both are on with `-Wall` or `-Wformat` / `-Wparentheses`, off with
//! `-Wno-format` / `-Wno-parentheses` ([`Diagnostics::enabled`]).
//!
//! [`Diagnostics::enabled`]: crate::frontend::source::Diagnostics::enabled

use super::Parser;
use crate::frontend::ast::*;
use crate::frontend::lex::P;
use crate::frontend::sema::types::{TypeId, TypeKind};
use crate::frontend::source::Span;

/// The `-Wparentheses` warning for `inner` as an unparenthesised operand
/// of `outer`, if any.
fn parentheses_message(outer: P, inner: P) -> Option<String> {
    let comparison = |p: P| matches!(p, P::Lt | P::Gt | P::Le | P::Ge | P::EqEq | P::Ne);
    let relational = |p: P| matches!(p, P::Lt | P::Gt | P::Le | P::Ge);
    let (o, i) = (outer.spelling(), inner.spelling());
    Some(match outer {
        P::OrOr if inner == P::AndAnd => "suggest parentheses around '&&' within '||'".into(),
        P::Shl | P::Shr if matches!(inner, P::Plus | P::Minus) => {
            format!("suggest parentheses around '{i}' inside '{o}'")
        }
        P::Amp if matches!(inner, P::Plus | P::Minus) => {
            format!("suggest parentheses around '{i}' in operand of '&'")
        }
        P::Pipe if matches!(inner, P::Amp | P::Caret | P::Plus | P::Minus) => {
            "suggest parentheses around arithmetic in operand of '|'".into()
        }
        P::Caret if matches!(inner, P::Amp | P::Plus | P::Minus) => {
            "suggest parentheses around arithmetic in operand of '^'".into()
        }
        P::Amp | P::Pipe | P::Caret | P::EqEq | P::Ne if comparison(inner) => {
            format!("suggest parentheses around comparison in operand of '{o}'")
        }
        _ if relational(outer) && relational(inner) => {
            "comparisons like 'X<=Y<=Z' do not have their mathematical meaning".into()
        }
        _ => return None,
    })
}

/// Printf or scanf.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Printf,
    Scanf,
}

/// The format-checked functions: name, family, index of the format
/// argument, index of the first data argument (0-based).
const FORMAT_FUNCTIONS: &[(&str, Family, usize, usize)] = &[
    ("printf", Family::Printf, 0, 1),
    ("fprintf", Family::Printf, 1, 2),
    ("dprintf", Family::Printf, 1, 2),
    ("sprintf", Family::Printf, 1, 2),
    ("snprintf", Family::Printf, 2, 3),
    ("scanf", Family::Scanf, 0, 1),
    ("fscanf", Family::Scanf, 1, 2),
    ("sscanf", Family::Scanf, 1, 2),
];

/// Integer classes that a conversion tells apart (signedness aside).
#[derive(Clone, Copy, PartialEq, Eq)]
enum IntClass {
    Char,
    Short,
    Int,
    Long,
    LLong,
}

/// What a conversion expects of its argument.
#[derive(Clone, Copy)]
enum Want {
    /// An integer of that class (after promotion: `Int` at least).
    Int(IntClass, &'static str),
    /// `double` (`false`) or `long double` (`true`).
    Float(bool, &'static str),
    /// A pointer to an integer of that class.
    IntPtr(IntClass, &'static str),
    /// A pointer to `float` (0), `double` (1), `long double` (2).
    FloatPtr(u8, &'static str),
    /// A pointer to a character type.
    CharPtr(&'static str),
    /// Any pointer (`%p`, `%ls`).
    AnyPtr(&'static str),
    /// A pointer to a pointer (scanf `%p`).
    PtrPtr(&'static str),
}

impl Want {
    fn name(self) -> &'static str {
        match self {
            Want::Int(_, n)
            | Want::Float(_, n)
            | Want::IntPtr(_, n)
            | Want::FloatPtr(_, n)
            | Want::CharPtr(n)
            | Want::AnyPtr(n)
            | Want::PtrPtr(n) => n,
        }
    }
}

/// The argument a printf conversion `conv` with length modifier `len`
/// expects (C99 §7.19.6.1p7-8); `None`: unknown conversion.
fn printf_want(len: &str, conv: u8) -> Option<Want> {
    use IntClass::*;
    Some(match conv {
        b'd' | b'i' => match len {
            "l" => Want::Int(Long, "long int"),
            "ll" | "q" => Want::Int(LLong, "long long int"),
            "j" => Want::Int(LLong, "intmax_t"),
            "z" => Want::Int(Int, "signed size_t"),
            "t" => Want::Int(Int, "ptrdiff_t"),
            _ => Want::Int(Int, "int"),
        },
        b'o' | b'u' | b'x' | b'X' => match len {
            "l" => Want::Int(Long, "long unsigned int"),
            "ll" | "q" => Want::Int(LLong, "long long unsigned int"),
            "j" => Want::Int(LLong, "uintmax_t"),
            "z" => Want::Int(Int, "size_t"),
            "t" => Want::Int(Int, "ptrdiff_t"),
            _ => Want::Int(Int, "unsigned int"),
        },
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => match len {
            "L" => Want::Float(true, "long double"),
            _ => Want::Float(false, "double"),
        },
        b'c' => match len {
            "l" => Want::Int(Int, "wint_t"),
            _ => Want::Int(Int, "int"),
        },
        b's' => match len {
            "l" => Want::AnyPtr("wchar_t *"),
            _ => Want::CharPtr("char *"),
        },
        b'p' => Want::AnyPtr("void *"),
        b'n' => n_want(len),
        _ => return None,
    })
}

/// `%n`: a pointer to the integer its length modifier names.
fn n_want(len: &str) -> Want {
    use IntClass::*;
    match len {
        "hh" => Want::IntPtr(Char, "signed char *"),
        "h" => Want::IntPtr(Short, "short int *"),
        "l" => Want::IntPtr(Long, "long int *"),
        "ll" | "q" => Want::IntPtr(LLong, "long long int *"),
        _ => Want::IntPtr(Int, "int *"),
    }
}

/// The argument a scanf conversion expects (C99 §7.19.6.2p10-12).
fn scanf_want(len: &str, conv: u8) -> Option<Want> {
    use IntClass::*;
    Some(match conv {
        b'd' | b'i' => match len {
            "hh" => Want::IntPtr(Char, "signed char *"),
            "h" => Want::IntPtr(Short, "short int *"),
            "l" => Want::IntPtr(Long, "long int *"),
            "ll" | "q" | "j" => Want::IntPtr(LLong, "long long int *"),
            _ => Want::IntPtr(Int, "int *"),
        },
        b'o' | b'u' | b'x' | b'X' => match len {
            "hh" => Want::IntPtr(Char, "unsigned char *"),
            "h" => Want::IntPtr(Short, "short unsigned int *"),
            "l" => Want::IntPtr(Long, "long unsigned int *"),
            "ll" | "q" | "j" => Want::IntPtr(LLong, "long long unsigned int *"),
            _ => Want::IntPtr(Int, "unsigned int *"),
        },
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => match len {
            "l" => Want::FloatPtr(1, "double *"),
            "L" => Want::FloatPtr(2, "long double *"),
            _ => Want::FloatPtr(0, "float *"),
        },
        b's' | b'c' | b'[' => match len {
            "l" => Want::AnyPtr("wchar_t *"),
            _ => Want::CharPtr("char *"),
        },
        b'p' => Want::PtrPtr("void **"),
        b'n' => n_want(len),
        _ => return None,
    })
}

/// A character as gcc quotes it in a message (`'y'`, `'\x0a'`).
fn quoted_char(c: u8) -> String {
    if c.is_ascii_graphic() || c == b' ' {
        format!("'{}'", c as char)
    } else {
        format!("'\\x{c:02x}'")
    }
}

impl Parser<'_> {
    /// `-Wparentheses` for `l p r` given the operators `l` and `r` apply
    /// last (`None`: a primary or parenthesised operand); the position
    /// is the inner operator's, left operand first.
    pub(crate) fn warn_parentheses(&mut self, p: P, l: Option<(P, Span)>, r: Option<(P, Span)>) {
        if !self.diags.enabled("parentheses") {
            return;
        }
        for (inner, at) in [l, r].into_iter().flatten() {
            if let Some(msg) = parentheses_message(p, inner) {
                self.diags.warning(at, format!("{msg} [-Wparentheses]"));
                return;
            }
        }
    }

    /// `-Wparentheses` for the condition `e` of `if`, `while`, `do`, `for`.
    pub(crate) fn warn_assignment_as_condition(&mut self, e: &Expr) {
        if matches!(e.kind, ExprKind::Assign(..))
            && !self.paren_assigns.contains(&e.span.lo)
            && self.diags.enabled("parentheses")
        {
            self.diags.warning(
                e.span,
                "suggest parentheses around assignment used as truth value [-Wparentheses]",
            );
        }
    }

    /// Whether argument type `t` is what `want` asks for.
    fn format_arg_fits(&self, want: Want, t: TypeId) -> bool {
        let int_class = |t: TypeId| -> Option<IntClass> {
            Some(match self.types.kind(t) {
                TypeKind::Bool | TypeKind::Char | TypeKind::SChar | TypeKind::UChar => {
                    IntClass::Char
                }
                TypeKind::Short | TypeKind::UShort => IntClass::Short,
                TypeKind::Int | TypeKind::UInt | TypeKind::Enum(_) => IntClass::Int,
                TypeKind::Long | TypeKind::ULong => IntClass::Long,
                TypeKind::LLong | TypeKind::ULLong => IntClass::LLong,
                _ => return None,
            })
        };
        let pointee = |t: TypeId| match self.types.kind(t) {
            TypeKind::Ptr(p) => Some(self.types.unqualified(*p)),
            _ => None,
        };
        match want {
            // promoted: a char or short argument arrives as an int
            Want::Int(c, _) => {
                int_class(t).map(|k| {
                    if matches!(k, IntClass::Char | IntClass::Short) {
                        IntClass::Int
                    } else {
                        k
                    }
                }) == Some(c)
            }
            Want::Float(long, _) => matches!(
                (self.types.kind(t), long),
                (TypeKind::Double | TypeKind::Float, false) | (TypeKind::LDouble, true)
            ),
            Want::IntPtr(c, _) => pointee(t).and_then(int_class) == Some(c),
            Want::FloatPtr(k, _) => pointee(t).is_some_and(|p| {
                matches!(
                    (self.types.kind(p), k),
                    (TypeKind::Float, 0) | (TypeKind::Double, 1) | (TypeKind::LDouble, 2)
                )
            }),
            Want::CharPtr(_) => pointee(t).and_then(int_class) == Some(IntClass::Char),
            Want::AnyPtr(_) => pointee(t).is_some(),
            Want::PtrPtr(_) => pointee(t).is_some_and(|p| pointee(p).is_some()),
        }
    }

    /// A `*` width or precision of a printf conversion: argument `next`
    /// must be an `int`.
    fn format_star(
        &self,
        spec: &str,
        args: &[Expr],
        next: &mut usize,
        at: Span,
        warnings: &mut Vec<(Span, String)>,
    ) {
        match args.get(*next) {
            None => warnings.push((
                at,
                format!("{spec} expects a matching 'int' argument [-Wformat=]"),
            )),
            Some(a) if !self.format_arg_fits(Want::Int(IntClass::Int, "int"), a.ty) => warnings
                .push((
                    at,
                    format!(
                        "{spec} expects argument of type 'int', but argument {} has type '{}' [-Wformat=]",
                        *next + 1,
                        self.ty_name(a.ty)
                    ),
                )),
            Some(_) => {}
        }
        *next += 1;
    }

    /// `-Wformat` for a call of `fname` with arguments `args` (converted).
    pub(crate) fn check_format(&mut self, fname: &str, args: &[Expr]) {
        let Some(&(_, family, fmt_at, first)) = FORMAT_FUNCTIONS.iter().find(|f| f.0 == fname)
        else {
            return;
        };
        if !self.diags.enabled("format") {
            return;
        }
        let Some(fmt) = args.get(fmt_at) else {
            return;
        };
        let mut f = fmt;
        while let ExprKind::Cast(x) | ExprKind::Decay(x) = &f.kind {
            f = x;
        }
        let ExprKind::Str(bytes) = &f.kind else {
            return; // not a literal: nothing to check (as -Wall in gcc)
        };
        let lit_span = f.span;
        let sites = self.format_sites.get(&lit_span.lo).cloned();
        let at = |i: usize| -> Span {
            sites
                .as_ref()
                .and_then(|s| s.get(i).copied())
                .unwrap_or(lit_span)
        };
        let s = &bytes[..bytes.len().saturating_sub(1)]; // without the NUL
                                                         // C99 positional arguments (`%1$d`) are a POSIX extension: not checked
        if s.windows(2).any(|w| w[1] == b'$' && w[0].is_ascii_digit()) {
            return;
        }
        let mut warnings: Vec<(Span, String)> = Vec::new();
        let mut next = first;
        let mut i = 0;
        while i < s.len() {
            if s[i] != b'%' {
                i += 1;
                continue;
            }
            let pct = i;
            i += 1;
            if i >= s.len() {
                warnings.push((
                    at(pct),
                    "spurious trailing '%' in format [-Wformat=]".into(),
                ));
                break;
            }
            if s[i] == b'%' {
                i += 1;
                continue;
            }
            let mut suppress = false;
            if family == Family::Scanf {
                if s[i] == b'*' {
                    suppress = true;
                    i += 1;
                }
                while i < s.len() && s[i].is_ascii_digit() {
                    i += 1;
                }
            } else {
                while i < s.len() && b"-+ #0'".contains(&s[i]) {
                    i += 1;
                }
                // width, then precision: `*` takes an int argument
                if i < s.len() && s[i] == b'*' {
                    self.format_star(
                        "field width specifier '*'",
                        args,
                        &mut next,
                        at(i),
                        &mut warnings,
                    );
                    i += 1;
                }
                while i < s.len() && s[i].is_ascii_digit() {
                    i += 1;
                }
                if i < s.len() && s[i] == b'.' {
                    i += 1;
                    if i < s.len() && s[i] == b'*' {
                        self.format_star(
                            "field precision specifier '.*'",
                            args,
                            &mut next,
                            at(i),
                            &mut warnings,
                        );
                        i += 1;
                    }
                    while i < s.len() && s[i].is_ascii_digit() {
                        i += 1;
                    }
                }
            }
            let len_start = i;
            for m in ["hh", "ll", "h", "l", "L", "j", "z", "t", "q"] {
                if s[i..].starts_with(m.as_bytes()) {
                    i += m.len();
                    break;
                }
            }
            let len = std::str::from_utf8(&s[len_start..i]).unwrap_or("");
            if i >= s.len() {
                warnings.push((
                    at(i.saturating_sub(1)),
                    "conversion lacks type at end of format [-Wformat=]".into(),
                ));
                break;
            }
            let conv = s[i];
            let want = match family {
                Family::Printf => printf_want(len, conv),
                Family::Scanf => scanf_want(len, conv),
            };
            let Some(want) = want else {
                warnings.push((
                    at(i),
                    format!(
                        "unknown conversion type character {} in format [-Wformat=]",
                        quoted_char(conv)
                    ),
                ));
                i += 1;
                continue;
            };
            let conv_at = i;
            if conv == b'[' {
                // the scan set: `]` right after `[` or `[^` belongs to it
                i += 1;
                if i < s.len() && s[i] == b'^' {
                    i += 1;
                }
                if i < s.len() && s[i] == b']' {
                    i += 1;
                }
                while i < s.len() && s[i] != b']' {
                    i += 1;
                }
            }
            i += 1;
            if suppress {
                continue;
            }
            let directive = format!("%{len}{}", conv as char);
            match args.get(next) {
                None => warnings.push((
                    at(conv_at),
                    format!(
                        "format '{directive}' expects a matching '{}' argument [-Wformat=]",
                        want.name()
                    ),
                )),
                Some(a) if !self.format_arg_fits(want, a.ty) => warnings.push((
                    at(conv_at),
                    format!(
                        "format '{directive}' expects argument of type '{}', but argument {} has type '{}' [-Wformat=]",
                        want.name(),
                        next + 1,
                        self.ty_name(a.ty)
                    ),
                )),
                Some(_) => {}
            }
            next += 1;
        }
        if next < args.len() && warnings.iter().all(|w| !w.1.contains("lacks type")) {
            warnings.push((
                Span {
                    hi: lit_span.lo + 1,
                    ..lit_span
                },
                "too many arguments for format [-Wformat-extra-args]".into(),
            ));
        }
        for (sp, msg) in warnings {
            self.diags.warning(sp, msg);
        }
    }
}
