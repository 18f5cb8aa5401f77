//! Reading and converting BigNumbers: decimal literals and text, prefixed literals (binary,
//! octal and hexadecimal, with word sizes), and conversions from and to binary64, integers and
//! Fractions.

use super::*;

/// decimal.js's reading of a string (`new Decimal(text)`), which math.js's `bignumber(text)`
/// and its conversion of a string to a BigNumber operand use: one optional sign, then
/// `Infinity`, `NaN` or a decimal literal (digits with an optional point and an optional
/// exponent, any size: `"1e500"` is 1e+500), with nothing around it (no spaces). `None` for
/// any other text; prefixed literals (`"0x1F"`) are [`parse_prefixed`]'s.
pub fn parse_decimal_text(text: &str) -> Option<Big> {
    let text = without_digit_separators(text);
    let text = text.as_ref();
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let magnitude = match unsigned {
        "Infinity" => Big::infinity(false),
        "NaN" => return Some(Big::NaN),
        _ if is_decimal_literal(unsigned) => parse_literal(unsigned),
        _ => return None,
    };
    Some(if negative { neg(&magnitude) } else { magnitude })
}

/// The text without the underscores that stand between two decimal digits (`"1_000"` is
/// `"1000"`), which decimal.js drops before it reads a string (its numeric separators); any
/// other underscore stays, and the text is then no number (`"1__000"`, `"_1"`).
pub fn without_digit_separators(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('_') {
        return std::borrow::Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let separator = |at: usize| {
        bytes[at] == b'_'
            && at > 0
            && bytes[at - 1].is_ascii_digit()
            && bytes.get(at + 1).is_some_and(u8::is_ascii_digit)
    };
    // Underscores are ASCII, so cutting at them keeps every other character whole.
    let kept: String = text
        .char_indices()
        .filter(|&(at, _)| !separator(at))
        .map(|(_, c)| c)
        .collect();
    std::borrow::Cow::Owned(kept)
}

/// decimal.js's `isDecimal`, `^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$` without regard to case.
pub(super) fn is_decimal_literal(text: &str) -> bool {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let (int, frac) = match mantissa.split_once('.') {
        Some((int, frac)) => (int, frac),
        None => (mantissa, ""),
    };
    let mantissa_ok = digits(int) && digits(frac) && !(int.is_empty() && frac.is_empty());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    mantissa_ok && exponent_ok
}

/// Reads a decimal literal exactly (`0.1`, `1e400`, `123.456e-7`, `.5`), as decimal.js does:
/// all digits are kept; a scientific exponent beyond ±9·10^15 gives Infinity or 0. Text that is
/// not a decimal literal gives NaN (the lexer has already checked it; prefixed literals are
/// converted elsewhere).
pub fn parse_literal(text: &str) -> Big {
    let (mantissa, exp_text) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let exp: i128 = match exp_text {
        None => 0,
        Some(t) => match parse_exponent(t) {
            Some(e) => e,
            None => return Big::NaN,
        },
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if (int.is_empty() && frac.is_empty())
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
    {
        return Big::NaN;
    }
    let all = format!("{int}{frac}");
    let digits = all.trim_start_matches('0');
    let trimmed = digits.trim_end_matches('0');
    if trimmed.is_empty() {
        return Big::ZERO;
    }
    let exp10 = exp - frac.len() as i128 + (digits.len() - trimmed.len()) as i128;
    let sci = exp10 + trimmed.len() as i128 - 1;
    if sci > MAX_E as i128 {
        return Big::infinity(false);
    }
    if sci < MIN_E as i128 {
        return Big::ZERO;
    }
    match trimmed.parse::<IBig>() {
        Ok(sig) => from_parts(sig, exp10 as isize),
        Err(_) => Big::NaN,
    }
}

/// Binary exponents (`p…`) of a prefixed literal up to this size are applied exactly; beyond,
/// the power of two is a rounded 64-digit value (decimal.js applies them through a binary64
/// `Math.pow` there, whose digits no exact reading reproduces: a documented difference).
pub(super) const EXACT_BINARY_EXPONENT: i64 = 4_096;

/// math.js's `bignumber(string)` for a non-decimal text (spec section 4.1: `0x1.8` = 1.5,
/// `0xFFi8` = −1): first its word-size pattern, found anywhere in the text as math.js's
/// unanchored `/(0[box][0-9a-fA-F]*)i([0-9]*)/` finds it (two's complement, `String "…" is out
/// of range` past the size); else decimal.js's reading of `[±]0b/0o/0x` digits with an optional
/// radix point and binary exponent (`0x1.8p1` = 3), exactly, as decimal.js keeps every digit of
/// a literal. The error is the message math.js gives.
pub fn parse_prefixed(text: &str) -> Result<Big, String> {
    let invalid = |x: &str| format!("[DecimalError] Invalid argument: {x}");
    if let Some((start, radix, digits, after)) = crate::num::literal::find_prefixed(text, b'i') {
        let literal = &text[start..start + 2 + digits.len()];
        let size_digits = &text[after..];
        let size_digits =
            &size_digits[..size_digits.bytes().take_while(u8::is_ascii_digit).count()];
        // decimal.js reads the prefix and digits; hexadecimal digits in a binary literal fail.
        let n = match IBig::from_str_radix(digits, radix) {
            Ok(n) if !digits.is_empty() => n,
            _ => return Err(invalid(literal)),
        };
        return word_size(n, size_digits)
            .ok_or_else(|| format!("String \"{text}\" is out of range"));
    }
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let value = prefixed_value(unsigned).ok_or_else(|| invalid(unsigned))?;
    Ok(if negative { neg(&value) } else { value })
}

/// Two's complement of `n` in `size_digits` bits (an empty size is 0 bits): `None` when `n`
/// does not fit. A size beyond `n`'s bits leaves it as it is.
pub(super) fn word_size(n: IBig, size_digits: &str) -> Option<Big> {
    let size = size_digits.trim_start_matches('0');
    let bits = (&n).unsigned_abs().bit_len();
    if size.len() > 6 || size.parse::<usize>().unwrap_or(0) > bits {
        return Some(Big::from_ibig(n));
    }
    let size = size.parse::<usize>().unwrap_or(0);
    let whole = IBig::ONE << size;
    if n > &whole - IBig::ONE {
        return None;
    }
    if size > 0 && n >= IBig::ONE << (size - 1) {
        return Some(Big::from_ibig(n - whole));
    }
    Some(Big::from_ibig(n))
}

/// decimal.js's non-decimal literal without a sign: `0b`, `0o` or `0x` (either case), digits
/// with an optional radix point (`1.8`, `1.`, `.8`) and an optional binary exponent `p[±]N`.
pub(super) fn prefixed_value(text: &str) -> Option<Big> {
    let (radix, bits_per_digit) = match text.get(..2)?.to_ascii_lowercase().as_str() {
        "0b" => (2, 1),
        "0o" => (8, 3),
        "0x" => (16, 4),
        _ => return None,
    };
    let body = &text[2..];
    let (mantissa, exponent) = match body.find(['p', 'P']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let is_digits = |s: &str| s.chars().all(|c| c.is_digit(radix));
    if (integer.is_empty() && fraction.is_empty()) || !is_digits(integer) || !is_digits(fraction) {
        return None;
    }
    let binary_exponent: i64 = match exponent {
        None => 0,
        Some(e) => {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let magnitude = digits
                .trim_start_matches('0')
                .parse::<i64>()
                .unwrap_or(i64::MAX / 2)
                .min(i64::MAX / 2);
            if e.starts_with('-') {
                -magnitude
            } else {
                magnitude
            }
        }
    };
    let all = format!("{integer}{fraction}");
    let n = IBig::from_str_radix(&all, radix).ok()?;
    let shift = binary_exponent
        .saturating_sub(bits_per_digit * fraction.len() as i64)
        .clamp(-EXACT_BINARY_EXPONENT - 1, EXACT_BINARY_EXPONENT + 1);
    let exact_shift = shift.clamp(-EXACT_BINARY_EXPONENT, EXACT_BINARY_EXPONENT);
    // n × 2^e exactly: a left shift, or n·5^−e × 10^e.
    let exact = if exact_shift >= 0 {
        Big::from_ibig(n << exact_shift as usize)
    } else {
        let k = exact_shift.unsigned_abs() as usize;
        from_parts(n * IBig::from(5u8).pow(k), -(k as isize))
    };
    if shift == exact_shift {
        return Some(exact);
    }
    // Far exponents: the rest of the power of two, rounded, then the product, rounded.
    let rest = binary_exponent.saturating_sub(bits_per_digit * fraction.len() as i64) - exact_shift;
    let power = pow(&Big::from_i64(2), &Big::from_i64(rest)).ok()?;
    Some(mul(&exact, &power))
}

/// An exponent's digits with an optional sign, saturating far beyond the exponent range.
pub(super) fn parse_exponent(text: &str) -> Option<i128> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = digits.trim_start_matches('0');
    let value: i128 = if digits.len() > 30 {
        i128::MAX / 2
    } else {
        digits.parse().unwrap_or(0)
    };
    Some(if negative { -value } else { value })
}

/// A binary64 number as a BigNumber, through its shortest JavaScript string (`new
/// Decimal(0.1)` is exactly 0.1); `-0` stays `-0`, non-finite values map to their kind.
pub fn from_f64(value: f64) -> Big {
    if value.is_nan() {
        return Big::NaN;
    }
    if value.is_infinite() {
        return Big::infinity(value < 0.0);
    }
    if value == 0.0 {
        return Big::Zero {
            negative: value.is_sign_negative(),
        };
    }
    if let Some(n) = small_integer(value) {
        return Big::from_i64(n);
    }
    let text = ryu_js::Buffer::new().format(value.abs()).to_owned();
    let big = parse_literal(&text);
    if value < 0.0 { neg(&big) } else { big }
}

/// A nonzero whole number of magnitude at most 2^53 as that integer. Every integer up to 2^53 is
/// a binary64 number, so its shortest JavaScript string is all its digits: such a number is
/// converted without making that string (the elements of a range, counters, indices).
pub(super) fn small_integer(value: f64) -> Option<i64> {
    (value != 0.0 && value.fract() == 0.0 && value.abs() <= MAX_SAFE_INTEGER + 1.0)
        .then_some(value as i64)
}

/// The implicit conversion math.js applies when a number meets a BigNumber (spec 5.4): refused
/// when the shortest representation has more than 15 significant digits (for a negative
/// number, more than 14: math.js counts its minus sign).
///
/// # Errors
/// [`BigError::TooManyDigits`].
pub fn from_f64_checked(value: f64) -> BigResult {
    if let Some(n) = small_integer(value) {
        // Its significant digits: the integer's, trailing zeros dropped.
        let mut magnitude = n.unsigned_abs();
        while magnitude.is_multiple_of(10) {
            magnitude /= 10;
        }
        let digits = magnitude.ilog10() as usize + 1;
        if digits + usize::from(value < 0.0) > 15 {
            return Err(BigError::TooManyDigits(value));
        }
        return Ok(Big::from_i64(n));
    }
    if value.is_finite() && value != 0.0 {
        let text = ryu_js::Buffer::new().format(value.abs()).to_owned();
        let mantissa = text.split(['e', 'E']).next().unwrap_or("");
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        let significant = digits.trim_start_matches('0').trim_end_matches('0');
        // math.js counts the characters of `toExponential()`'s mantissa without its point, so
        // a minus sign counts as a digit: -123456789012345 (15 digits) is refused too.
        if significant.len() + usize::from(value < 0.0) > 15 {
            return Err(BigError::TooManyDigits(value));
        }
    }
    Ok(from_f64(value))
}

/// The exact integer a whole BigNumber stands for, when it has at most `max_digits` digits
/// (`None` for fractions, non-finite values and longer integers).
pub fn to_ibig(x: &Big, max_digits: usize) -> Option<IBig> {
    match x {
        Big::Zero { .. } => Some(IBig::ZERO),
        Big::Finite(r) if r.exponent() >= 0 => {
            let zeros = usize::try_from(r.exponent()).ok()?;
            let digits = r.significand().clone().unsigned_abs().to_string().len();
            if digits.saturating_add(zeros) > max_digits {
                return None;
            }
            Some(r.significand() * IBig::from(10u8).pow(zeros))
        }
        _ => None,
    }
}

/// A finite value's decimal digits: its sign, its significant digits (no leading or trailing
/// zeros; `"0"` for zero) and the decimal exponent of the first one (`0.0123` is `("123", -2)`).
/// `None` for ±Infinity and NaN.
pub fn decimal_digits(x: &Big) -> Option<(bool, String, i64)> {
    match x {
        Big::Zero { .. } => Some((false, "0".to_owned(), 0)),
        Big::Finite(r) => {
            let significand = r.significand();
            let negative = significand.signum() < IBig::ZERO;
            let text = significand.unsigned_abs().to_string();
            let digits = text.trim_end_matches('0');
            let digits = if digits.is_empty() { "0" } else { digits };
            let exponent = r.exponent() as i64 + text.len() as i64 - 1;
            Some((negative, digits.to_owned(), exponent))
        }
        _ => None,
    }
}

/// decimal.js `toNumber`: the nearest binary64 value (correctly rounded from all digits).
pub fn to_f64(x: &Big) -> f64 {
    match x {
        Big::Zero { negative } => {
            if *negative {
                -0.0
            } else {
                0.0
            }
        }
        Big::Infinite { negative } => {
            if *negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        Big::NaN => f64::NAN,
        Big::Finite(r) => format!("{}e{}", r.significand(), r.exponent())
            .parse()
            .unwrap_or(f64::NAN),
    }
}
