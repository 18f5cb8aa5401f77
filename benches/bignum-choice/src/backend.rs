//! The one trait every crate is put behind, and the code shared by all of them (splitting a literal,
//! placing the decimal point), so that only the big-number work differs between backends.

use std::cmp::Ordering;

/// Exact rationals in lowest terms, as the decimal tool uses them. Every operation returns a
/// reduced value (gcd reduction after each operation).
pub trait Backend: 'static {
    /// A rational number in lowest terms.
    type Q: Clone;

    /// `(-1)^negative * digits / 10^fraction_digits`, reduced; `digits` is ASCII digits only.
    fn from_decimal(negative: bool, digits: &str, fraction_digits: u32) -> Self::Q;
    /// `a + b`.
    fn add(a: &Self::Q, b: &Self::Q) -> Self::Q;
    /// `a - b`.
    fn sub(a: &Self::Q, b: &Self::Q) -> Self::Q;
    /// `a * b`.
    fn mul(a: &Self::Q, b: &Self::Q) -> Self::Q;
    /// `a / b` (`b` is never zero here).
    fn div(a: &Self::Q, b: &Self::Q) -> Self::Q;
    /// `a ^ exponent`.
    fn pow(a: &Self::Q, exponent: u32) -> Self::Q;
    /// Numeric comparison.
    fn cmp(a: &Self::Q, b: &Self::Q) -> Ordering;
    /// `|a| * 10^scale` rounded to an integer, ties to even, in decimal; with the sign of `a`.
    /// `scale` is at most 19, so `10^scale` fits a `u64`.
    fn round_half_even_digits(a: &Self::Q, scale: u32) -> (bool, String);
    /// The signed numerator in decimal (`-25` for -25/2).
    fn numerator_string(a: &Self::Q) -> String;
    /// The denominator in decimal.
    fn denominator_string(a: &Self::Q) -> String;
}

/// Parses a decimal literal `-?[0-9]+(\.[0-9]+)?` (at most 64 digits) into a reduced rational:
/// all its digits read as one integer over `10^fraction_digits`.
pub fn parse<B: Backend>(literal: &str) -> B::Q {
    let (negative, unsigned) = match literal.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, literal),
    };
    let (integer, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let mut buffer = [0u8; 64];
    let length = integer.len() + fraction.len();
    assert!(length <= buffer.len(), "literal too long: {literal}");
    buffer[..integer.len()].copy_from_slice(integer.as_bytes());
    buffer[integer.len()..length].copy_from_slice(fraction.as_bytes());
    let digits = std::str::from_utf8(&buffer[..length]).expect("ASCII digits");
    B::from_decimal(negative, digits, fraction.len() as u32)
}

/// `a` rounded half-even to `scale` fraction digits, written with exactly `scale` fraction digits
/// (`-0.00` is written `0.00`).
pub fn round_text<B: Backend>(a: &B::Q, scale: u32) -> String {
    let (negative, digits) = B::round_half_even_digits(a, scale);
    place_point(negative, &digits, scale as usize)
}

/// `n / 10^scale` in decimal, from the digits of `n`.
pub fn place_point(negative: bool, digits: &str, scale: usize) -> String {
    let mut out = String::with_capacity(digits.len() + scale + 3);
    if negative && digits.bytes().any(|b| b != b'0') {
        out.push('-');
    }
    if digits.len() <= scale {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', scale - digits.len()));
        out.push_str(digits);
    } else {
        let (integer, fraction) = digits.split_at(digits.len() - scale);
        out.push_str(integer);
        if scale > 0 {
            out.push('.');
            out.push_str(fraction);
        }
    }
    out
}

/// `numerator/denominator`.
pub fn fraction_text<B: Backend>(a: &B::Q) -> String {
    format!("{}/{}", B::numerator_string(a), B::denominator_string(a))
}

#[cfg(test)]
mod tests {
    use super::place_point;

    #[test]
    fn places_the_point() {
        assert_eq!(place_point(false, "12345", 2), "123.45");
        assert_eq!(place_point(true, "5", 3), "-0.005");
        assert_eq!(place_point(true, "0", 2), "0.00");
        assert_eq!(place_point(false, "7", 0), "7");
        assert_eq!(place_point(false, "123", 3), "0.123");
    }
}
