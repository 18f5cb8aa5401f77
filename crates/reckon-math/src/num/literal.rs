//! The text of number literals as JavaScript and math.js read it: `Number(string)` for the forms
//! math.js accepts, math.js's `number(string)` with its binary, octal and hexadecimal forms
//! (fractions and word-size suffixes), and the plain decimal literals every numeric type reads
//! as written.

use crate::error::FnError;

/// The first `0b`/`0o`/`0x` in `text` followed by hexadecimal digits and then `stop`: the
/// prefix's position, the radix, and the digits (math.js's unanchored regular expressions
/// `/(0[box])([0-9a-fA-F]*)\./` and `/(0[box][0-9a-fA-F]*)i/`).
pub(crate) fn find_prefixed(text: &str, stop: u8) -> Option<(usize, u32, &str, usize)> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(1)).find_map(|p| {
        let radix = match (bytes[p], bytes[p + 1]) {
            (b'0', b'b') => 2,
            (b'0', b'o') => 8,
            (b'0', b'x') => 16,
            _ => return None,
        };
        let start = p + 2;
        let end = start
            + bytes[start..]
                .iter()
                .take_while(|b| b.is_ascii_hexdigit())
                .count();
        (bytes.get(end) == Some(&stop)).then(|| (p, radix, &text[start..end], end + 1))
    })
}

/// JavaScript's `parseInt(digits, radix)`: the leading valid digits, NaN when there are none.
fn parse_int(digits: &str, radix: u32) -> f64 {
    let valid: String = digits.chars().take_while(|c| c.is_digit(radix)).collect();
    if valid.is_empty() {
        return f64::NAN;
    }
    dashu_int::UBig::from_str_radix(&valid, radix).map_or(f64::NAN, |n| n.to_f64().value())
}

/// math.js's `number(string)`: `"NaN"`; a non-decimal literal with a fraction (`0x2.e5`, read
/// digit by digit); a `bin`/`oct`/`hex` result with a word size (`0o240i8` = −96, two's
/// complement); else JavaScript's `Number`. Like math.js, the patterns are found anywhere in
/// the string (so a sign before them is ignored).
pub(crate) fn number_from_string(text: &str) -> Result<f64, FnError> {
    let invalid = |x: &str| FnError::Domain(format!("String \"{x}\" is not a valid number"));
    if text == "NaN" {
        return Ok(f64::NAN);
    }
    if let Some((_, radix, integer, after)) = find_prefixed(text, b'.') {
        let fraction: &str = {
            let rest = &text[after..];
            let len = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
            &rest[..len]
        };
        let n = parse_int(integer, radix);
        let mut f = 0.0;
        for (i, c) in fraction.chars().enumerate() {
            let digit = c.to_digit(radix).map_or(f64::NAN, f64::from);
            f += digit / crate::num::jsmath::pow(f64::from(radix), i as f64 + 1.0);
        }
        let result = n + f;
        return if result.is_nan() {
            Err(invalid(text))
        } else {
            Ok(result)
        };
    }
    let suffix = find_prefixed(text, b'i').map(|(start, _, digits, after)| {
        let size_digits: String = text[after..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let size = crate::num::literal::parse_js_number(&size_digits).unwrap_or(f64::NAN);
        (&text[start..start + 2 + digits.len()], size)
    });
    let literal = suffix.map_or(text, |(literal, _)| literal);
    let num = crate::num::literal::parse_js_number(literal).unwrap_or(f64::NAN);
    if num.is_nan() {
        return Err(invalid(literal));
    }
    let Some((_, size)) = suffix else {
        return Ok(num);
    };
    let pow2 = |e: f64| crate::num::jsmath::pow(2.0, e);
    if num > pow2(size) - 1.0 {
        return Err(FnError::Domain(format!(
            "String \"{literal}\" is out of range"
        )));
    }
    Ok(if num >= pow2(size - 1.0) {
        num - pow2(size)
    } else {
        num
    })
}

/// JavaScript's `Number(string)` for the forms math.js accepts.
pub(crate) fn parse_js_number(text: &str) -> Option<f64> {
    let t = text.trim();
    if t.is_empty() {
        return Some(0.0);
    }
    match t {
        "Infinity" | "+Infinity" => return Some(f64::INFINITY),
        "-Infinity" => return Some(f64::NEG_INFINITY),
        _ => {}
    }
    for (prefix, radix) in [
        ("0x", 16),
        ("0X", 16),
        ("0b", 2),
        ("0B", 2),
        ("0o", 8),
        ("0O", 8),
    ] {
        if let Some(digits) = t.strip_prefix(prefix) {
            // Any number of digits, rounded to nearest as JavaScript does (`0x` and 20 `F`s is
            // 1.2089258196146292e+24); no sign or separator after the prefix.
            if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
                return None;
            }
            return dashu_int::UBig::from_str_radix(digits, radix)
                .ok()
                .map(|v| v.to_f64().value());
        }
    }
    if t.chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
    {
        t.parse().ok()
    } else {
        None
    }
}

/// Digits with at most one point: a literal every numeric type reads as written.
pub(crate) fn is_plain_decimal(raw: &str) -> bool {
    let mut points = 0;
    raw.bytes().all(|b| {
        points += usize::from(b == b'.');
        b.is_ascii_digit() || (b == b'.' && points == 1)
    })
}
