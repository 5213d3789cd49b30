//! The values of integer constants (C11 6.4.4.1: decimal, octal,
//! hexadecimal, and GNU binary, with `u`, `l` and `ll` suffixes) and
//! character constants (6.4.4.4: escapes, wide `L'x'`, gcc's value for
//! multi-character constants), shared by `#if` evaluation and the parser.

use crate::frontend::lex::decode_escapes;

/// Parses a C integer constant spelling (decimal, octal, hex, binary) with
/// optional `u`/`l`/`ll` suffixes. Returns (value, unsigned suffix, number
/// of `l`s, is decimal) or an error message. Values that overflow 64 bits
/// are an error.
pub fn parse_int_literal(s: &str) -> Result<(u64, bool, u8, bool), String> {
    let b = s.as_bytes();
    let (radix, mut i) = if b.len() > 1 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        (16, 2)
    } else if b.len() > 1 && b[0] == b'0' && (b[1] == b'b' || b[1] == b'B') {
        (2, 2)
    } else if b[0] == b'0' {
        (8, 0)
    } else {
        (10, 0)
    };
    let start = i;
    let mut v: u64 = 0;
    let mut overflow = false;
    while i < b.len() {
        let Some(d) = (b[i] as char).to_digit(16) else {
            break;
        };
        if radix != 16 && !(b[i] as char).is_ascii_digit() {
            break;
        }
        if d >= radix {
            return Err(format!(
                "invalid digit \"{}\" in {} constant",
                b[i] as char,
                match radix {
                    8 => "octal",
                    2 => "binary",
                    _ => "decimal",
                }
            ));
        }
        match v
            .checked_mul(radix as u64)
            .and_then(|x| x.checked_add(d as u64))
        {
            Some(x) => v = x,
            None => overflow = true,
        }
        i += 1;
    }
    if i == start && radix != 8 {
        return Err(format!(
            "invalid suffix \"{}\" on integer constant",
            &s[start.min(s.len())..]
        ));
    }
    let suffix = &s[i..];
    let lower = suffix.to_ascii_lowercase();
    let (u, l) = match lower.as_str() {
        "" => (false, 0),
        "u" => (true, 0),
        "l" => (false, 1),
        "ul" | "lu" => (true, 1),
        "ll" => (false, 2),
        "ull" | "llu" => (true, 2),
        _ => return Err(format!("invalid suffix \"{suffix}\" on integer constant")),
    };
    if (l == 2) && !(suffix.contains("ll") || suffix.contains("LL")) {
        return Err(format!("invalid suffix \"{suffix}\" on integer constant"));
    }
    if overflow {
        return Err("integer constant is too large for its type".into());
    }
    Ok((v, u, l, radix == 10))
}

/// Value of a character constant spelling like `'a'`, `'\n'` or `L'x'`
/// (type `int`, `char` signed: `'\xff'` is -1).
pub fn char_value(spelling: &str) -> Result<i64, String> {
    let b = spelling.as_bytes();
    let wide = b[0] != b'\'';
    let start = b.iter().position(|&c| c == b'\'').unwrap_or(0) + 1;
    let end = if b.len() > start && b[b.len() - 1] == b'\'' {
        b.len() - 1
    } else {
        b.len()
    };
    let mut errs = Vec::new();
    let v = decode_escapes(&b[start.min(end)..end], &mut errs);
    if let Some(e) = errs.into_iter().next() {
        return Err(e);
    }
    if v.is_empty() {
        return Err("empty character constant".into());
    }
    if wide {
        return Ok(*v.last().unwrap_or(&0) as i64);
    }
    if v.len() == 1 {
        Ok(v[0] as u8 as i8 as i64)
    } else {
        // multi-character constant, gcc's value
        let mut r: i64 = 0;
        for c in &v {
            r = (r << 8) | (*c as u8 as i64);
        }
        Ok(r as i32 as i64)
    }
}
